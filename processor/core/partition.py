"""One input partition without I/O, with one job: apply one record (parse it, guard it, apply it to its
conversation, fire the timers it makes due) and return its output records.

The Kafka loop feeds records in offset order and ships what comes back; replays and tests drive the same class,
so live and replayed output are identical. Its parts: the conversations and their changelog (store.py), event
time and the timer queues (timers.py), the output records and their ids (records.py), the settings (config.py).
It reads no clock: time is the events' own (timers.py).

Rules that keep one record from harming the others (docs/semantics.md, "Faults"):
* The event-time guard (timers.py): a `ts` too far ahead of the record's timestamp or of the watermark is
  dead-lettered (`event_time`) before it touches any state.
* Whatever fails while one record is applied is confined to that record (dead-lettered) and, if the failure may
  have left its conversation's state half-changed, to that conversation: it is quarantined (counted, its state
  dropped, a marker in the changelog) and its later events are dead-lettered (`quarantined`), never lost.
* Outputs that would not fit their topic (`max_output_bytes` for repaired records, `max_findings_bytes` for
  findings, each its own topic's limit) are never written in part: the event's changes are undone and the whole
  input event is dead-lettered (`output_too_large`), so it can be replayed.
* A conversation's state stays within `max_state_bytes` (its JSON), so that its changelog record fits the state
  topic and its memory is bounded: before an event that could push it over, output held for late results is
  released as if the grace had run out; a state still over the limit after the event (an open turn alone that
  large) quarantines the conversation and dead-letters the event (`state_too_large`). Both are decided on the
  exact size, so live runs and replays agree; the size is measured only when an upper bound (`Conversation.bound`,
  raised by twice each event's size) passes the limit.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import Final

from . import dialects
from .behaviour import Behaviour
from .config import DEFAULT_ENGINE, EngineConfig
from .events import DeadLetter, DeadLetterKind, Event, parse_event
from .findings import DanglingReason, Finding, FindingKind
from .model import InputError
from .records import Emitter, OutRecord, RecordIds, carry_trace_context, dead_letter
from .snapshots import SnapshotCache
from .state import codec
from .store import META_KEY, QUARANTINE_MARK, Conversation, ConversationStore, state_json_size
from .tally import Tally
from .timers import Timers
from .toolspans import lost_detail
from .tracker import Tracker

DEDUP_WINDOW: Final = 32
STATE_SLACK: Final = 8192  # what one event may add to its conversation's state beyond twice its own size (placeholders)
_intern: Final = sys.intern
# bytes an output record adds around the input it carries (envelope fields, ids, headers), beyond its key twice
OUTPUT_MARGIN = 4096


_INPUT_KINDS = {"unknown_dialect": DeadLetterKind.UNKNOWN_DIALECT, "dialect_mismatch": DeadLetterKind.DIALECT_MISMATCH}


def _seen(recent: list[str | int], eid: str | None, seq: int | None) -> bool:
    """Whether the window of recent event ids and seqs holds this event's id or seq: one pass, each entry
    compared with its own kind only (a list's `in` compares every entry through the generic comparison, an id
    with every seq too)."""
    for x in recent:
        if isinstance(x, str):
            if eid is not None and x == eid:
                return True
        elif seq is not None and isinstance(x, int) and x == seq:
            return True
    return False


class _Confined(Exception):
    """The event must not stand (its conversation's state would grow over a limit): the `keep` outputs before it
    stay, the event is dead-lettered whole (`kind`, `detail`) and its conversation confined."""

    def __init__(self, kind: DeadLetterKind, detail: str, keep: int) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail
        self.keep = keep


class PartitionProcessor:
    """The per-event logic of one input partition: parse, guard, apply to the conversation, fire event-time
    timers, emit records. Its conversations and their changelog are in `store` (store.py)."""

    def __init__(self, topic: str, partition: int, config: EngineConfig = DEFAULT_ENGINE,
                 observer: Tally | None = None) -> None:
        self.topic = topic
        self.partition = partition
        self.cfg = config
        self.obs = observer if observer is not None else Tally()  # counted for nobody unless given
        self.store = ConversationStore(config, self.obs)
        self.timers = Timers(config)
        self.offset = -1  # last offset processed
        self.ids = RecordIds(topic, partition)  # of the records derived from the current record
        self.snapshots = SnapshotCache(config.repair)  # request snapshots repaired incrementally (no state)
        self._src = f"{topic}:{partition}:"  # a record's source coordinates: this and its offset
        # the record whose due timers are not all fired yet (process(timer_budget=...)): (offset, source)
        self._due: tuple[int, str] | None = None

    @property
    def watermark(self) -> int:
        """The partition's event time (timers.py), in ms."""
        return self.timers.watermark

    @watermark.setter
    def watermark(self, wm: int) -> None:
        self.timers.watermark = wm

    # -- state (store.py) -------------------------------------------------------------------------------------
    @property
    def open_calls(self) -> int:
        return self.store.open_calls

    @property
    def conversations(self) -> int:
        return self.store.conversations

    @property
    def state_bytes(self) -> int:
        return self.store.state_bytes

    @property
    def quarantined(self) -> set[str]:
        return self.store.quarantined

    @property
    def hot_limit(self) -> int:
        return self.store.hot_limit

    @hot_limit.setter
    def hot_limit(self, n: int) -> None:
        self.store.hot_limit = n

    @property
    def convs(self) -> dict[str, Conversation]:
        return self.store.convs

    @property
    def cold(self) -> dict[str, bytes]:
        return self.store.cold

    def get(self, cid: str) -> Conversation | None:
        """A conversation as a live object (woken from its stored form if it was cold)."""
        conv = self.store.convs.get(cid)
        if conv is not None:
            return conv
        woken = self.store.wake(cid)
        if woken is None:
            return None
        conv, h = woken
        conv.deadline = h.next_deadline
        return conv

    def restore(self, key: bytes, value: bytes | None) -> None:
        """Apply one changelog record (restore on assignment). Later records win, tombstones delete."""
        if key == META_KEY:
            if value is not None:
                self.watermark, self.offset = self.store.restore_meta(value)
            return
        self.store.restore(key, value)

    def finish_restore(self, position: int | None = None) -> None:
        """Resume at `position` (the committed offset): the watermark there, and timers rebuilt from the
        restored conversations."""
        if position is not None:
            self.watermark = self.store.watermark_at(position, self.offset, self.watermark)
            self.committed(position)
        self.timers.rebuild((), ())
        for cid, c in self.store.convs.items():
            self._arm(cid, c)
        timeouts, evictions = self.timers.queues()
        for cid, deadline, evict_at in self.store.timer_entries():
            if deadline is not None:
                timeouts.append((deadline, cid))
            if evict_at is not None:
                evictions.append((evict_at, cid))
        self.timers.rebuild(timeouts, evictions)

    def take_changelog(self) -> list[tuple[bytes, bytes | None]]:
        """State records for what changed since the last call: conversations, markers, then the meta record."""
        return self.store.take_changelog(self.offset, self.watermark)

    def committed(self, position: int) -> None:
        """Offsets below `position` are committed (ended conversations' markers can become tombstones)."""
        self.store.committed(position)

    # -- processing ---------------------------------------------------------------------------------------------
    def process(self, offset: int, key: bytes | None, value: bytes | None,
                headers: Iterable[tuple[str, bytes]] = (), timestamp: int | None = None,
                timer_budget: int | None = None) -> list[OutRecord]:
        """One input record: its outputs (repaired, findings, dead letters), in order.

        `timestamp` is the record's Kafka timestamp (ms), the reference of the event-time guard; None where the
        input has none (files, library replays). With `timer_budget`, the timers the record makes due stop
        firing once about that many outputs are out (`timers_due` then says so): the caller takes the rest in
        slices with :meth:`fire_due` before the next record, and the outputs are the same records in the same
        order as without a budget (the worker yields to its event loop between slices)."""
        # the previous record's timers first, whatever the caller did
        out_due = self.fire_due(None) if self._due is not None else []
        src = self._src + str(offset)
        out: list[OutRecord] = out_due
        self.ids.k = 0  # its derived records count from 0
        try:
            ev = parse_event(key, value, self.cfg.max_event_bytes)
            self.timers.check(ev.ts, timestamp)
            if ev.type != "end" and ev.type != "tool_run":
                if ev.dialect is not None:  # a mislabelled message would be read as empty: refused, kept whole
                    dialects.check(ev.messages, dialects.get(ev.dialect).name)
                elif self._unknown_dialect(ev.conversation_id):
                    dialects.detect(ev.messages)  # raises (naming the message) if no dialect can read one
                else:
                    dialects.ensure_readable(ev.messages)
        # one name per except clause: mypyc gives a name a single type per function (the first clause's)
        except DeadLetter as dl:
            self._dead_letter(out, dl.kind, dl.detail, src, key, value, headers)
            self.offset = offset
            return out
        except InputError as ie:
            kind = _INPUT_KINDS.get(ie.kind, DeadLetterKind.SCHEMA)
            self._dead_letter(out, kind, ie.detail, src, key, value, headers)
            self.offset = offset
            return out
        except Exception as err:  # a bug of ours while reading: no state was touched yet, and the event is kept
            self._dead_letter(out, DeadLetterKind.INTERNAL, f"{type(err).__name__}: {err}"[:200], src, key, value,
                              headers)
            self.offset = offset
            return out
        cid = ev.conversation_id
        limit = self.cfg.max_output_bytes  # the smallest limit of an output topic decides whether to save a copy
        flimit = self.cfg.max_findings_bytes
        if flimit is not None and (limit is None or flimit < limit):
            limit = flimit
        # an event whose outputs may not fit the output topic is applied on a saved copy of its conversation
        # (rare: large events only), so that its changes can be undone
        store = self.store
        saved = store.save(cid) if limit is not None and self._may_not_fit(ev, value, limit) else None
        real_obs = self.obs
        recorder = Tally() if saved is not None else None  # its counts wait until its outputs are known to fit
        if recorder is not None:
            self.obs = store.obs = recorder
        first = len(out)  # outputs before it are the previous record's timers'
        try:
            self._apply(ev, offset, src, out, len(value or b""))
            if headers:  # its outputs link to the trace of their input (not the timers it makes fire below)
                carry_trace_context(out[first:], headers)
        except _Confined as big:  # its outputs are dropped, the event kept whole, the conversation confined
            del out[big.keep:]
            store.quarantine(cid)
            self._dead_letter(out, big.kind, big.detail, src, key, value, headers)
        except (InputError, DeadLetter) as bad:
            kind = bad.kind if isinstance(bad, DeadLetter) else DeadLetterKind.SCHEMA
            self._dead_letter(out, DeadLetterKind(kind), bad.detail, src, key, value, headers)
        except Exception as exc:  # a bug of ours must not stop the partition, nor lose the event
            self._dead_letter(out, DeadLetterKind.INTERNAL, f"{type(exc).__name__}: {exc}"[:200], src, key, value,
                              headers)
            store.quarantine(cid)  # its state may be half-changed
        finally:
            if recorder is not None:
                self.obs = store.obs = real_obs
        over = self._over_limit(out) if limit is not None else None
        if over is not None:
            del out[:]
            if saved is not None:
                store.restore_saved(cid, saved)
            else:  # grew far beyond its input (cannot be undone): nothing is decided from it any more
                store.quarantine(cid)
            self._dead_letter(out, DeadLetterKind.OUTPUT_TOO_LARGE,
                              f"its outputs would exceed the {over[0]} topic's limit of {over[1]} bytes", src, key,
                              value, headers)
            self.offset = offset
            return out
        if recorder is not None:
            real_obs.merge(recorder)
        self.offset = offset
        self.timers.advance(ev.ts)
        if self._fire_timers(offset, src, out, timer_budget):
            self._due = (offset, src)
        else:
            self._tidy()
        return out

    def _tidy(self) -> None:
        """After a record and all its timers: the oldest live conversations beyond the hot capacity serialized, and
        the timer queues rebuilt once they are mostly stale entries (timers.py)."""
        store = self.store
        if len(store.convs) > store.hot_limit:
            store.cool()
        if self.timers.crowded(store.conversations):
            self.timers.rebuild(*store.pending_timers())

    def _over_limit(self, out: list[OutRecord]) -> tuple[str, int] | None:
        """(topic kind, its limit) of the first output larger than its own topic takes, or None: each output is
        capped by its topic's limit (repaired and findings apart; a dead letter is the input as it came)."""
        rlimit = self.cfg.max_output_bytes
        flimit = self.cfg.max_findings_bytes
        if flimit is None:
            flimit = rlimit
        for r in out:
            lim = flimit if r.kind == "findings" else rlimit if r.kind == "repaired" else None
            if lim is not None and len(r.value or b"") + len(r.key or b"") > lim:
                return r.kind, lim
        return None

    @property
    def timers_due(self) -> bool:
        """Timers made due by the last record are not all fired yet (see :meth:`process`)."""
        return self._due is not None

    def fire_due(self, budget: int | None) -> list[OutRecord]:
        """The next slice of the timers the last record made due (all of them without a budget), as that record's
        outputs."""
        out: list[OutRecord] = []
        due = self._due
        if due is None:
            return out
        if not self._fire_timers(due[0], due[1], out, budget):
            self._due = None
            self._tidy()
        return out

    def pass_time(self, offset: int, ts: int, timestamp: int | None = None) -> None:
        """A record of a conversation kept elsewhere moved this partition's event time (a repartition rebuild,
        `rehome.py`): the event-time guard, the watermark, then every timer it makes due, as :meth:`process` does
        after a record; their outputs are dropped (they were written when the record was first processed)."""
        if self._due is not None:
            self.fire_due(None)
        self.ids.k = 0
        self.offset = offset
        try:
            self.timers.check(ts, timestamp)
        except DeadLetter:
            return
        self.timers.advance(ts)
        self._fire_timers(offset, self._src + str(offset), [], None)
        self._tidy()

    @staticmethod
    def _may_not_fit(ev: Event, value: bytes | None, limit: int) -> bool:
        """Whether an event's outputs could exceed `limit`: a message's record carries it once; a snapshot's record
        carries every message, the placeholders it adds and its findings, bounded by four times its size."""
        size = len(value or b"") * (4 if ev.type == "request" else 1) + OUTPUT_MARGIN + 2 * len(ev.conversation_id)
        return size > limit

    def _unknown_dialect(self, cid: str) -> bool:
        """Whether messages of this conversation must be sniffed (no dialect known for it yet)."""
        conv = self.store.convs.get(cid)
        if conv is not None:
            return conv.tracker.dialect is None
        return True  # new, or cold (not worth waking here: sniffing a few messages is cheaper)

    def _apply(self, ev: Event, offset: int, src: str, out: list[OutRecord], size: int) -> None:
        cid = ev.conversation_id
        store = self.store
        if ev.type == "tool_run" and not self.cfg.tool_spans:  # joining tool runs is off: counted, nothing else
            self.obs.event(ev.type, "processed")
            self.obs.tool_span("ignored")
            return
        conv = store.convs.get(cid)
        if conv is None:
            conv = self.get(cid)  # cold: woken from its stored form
        eid = ev.event_id
        seq = ev.seq
        if conv is not None:
            if offset <= conv.offset:  # already in the restored state: its outputs were acknowledged
                self.obs.event(ev.type, "duplicate")
                return
            recent = conv.recent
            if recent is not None and (eid is not None or seq is not None) and _seen(recent, eid, seq):
                self.obs.event(ev.type, "duplicate")
                return
            if ev.dialect is not None and conv.tracker.dialect not in (None, ev.dialect):
                raise DeadLetter(DeadLetterKind.DIALECT_MISMATCH,
                                 f"`dialect` is {ev.dialect} but the conversation's is {conv.tracker.dialect}")
        elif cid in store.quarantined:
            raise DeadLetter(DeadLetterKind.QUARANTINED, "its conversation is quarantined (its state broke)")
        elif (ended := store.ended_at(cid)) is not None and offset <= ended:
            self.obs.event(ev.type, "duplicate")  # processed before the conversation ended (a replay after a crash)
            return
        elif ev.type == "end":
            self.obs.event(ev.type, "processed")  # nothing open: nothing to decide
            return
        else:  # new (or its id used again after its end: a new conversation)
            conv = Conversation(Tracker(ev.dialect or "auto", self.cfg.repair),
                                Behaviour() if self.cfg.behaviour else None)
            store.add(cid, conv)
        if eid is not None or seq is not None:
            recent = conv.recent
            if recent is None:
                recent = conv.recent = []
            if eid is not None:
                recent.append(eid)
            if seq is not None:
                recent.append(seq)
            if len(recent) > DEDUP_WINDOW:
                del recent[: len(recent) - DEDUP_WINDOW]
        conv.offset = offset
        ts = ev.ts
        if ts > conv.last_ts:
            conv.last_ts = ts
        model = ev.model  # interned once per change, not per event (most events repeat their conversation's)
        if model is not None and model != conv.model:
            conv.model = conv.tracker.model = _intern(model)
        version = ev.app_version
        if version is not None and version != conv.app_version:
            conv.app_version = _intern(version)
        typ = ev.type
        self.obs.event(typ, "processed")
        emit = Emitter(self.ids, self.obs, conv, cid, ts, src, out)
        limit = self.cfg.max_state_bytes
        grow = 2 * size + STATE_SLACK
        if limit is not None and conv.bound + grow > limit and conv.tracker.held_blocks:
            self._bound_state(conv, grow, limit, emit)
        keep = len(out)
        if typ == "request":
            self._request(ev, conv, emit, size)
        elif typ == "tool_run":
            self._tool_run(ev, conv, emit)
        elif typ == "end":
            emit.step(conv.tracker.finish(DanglingReason.CONVERSATION_END))
            emit.behaviour_end()
            self._runs_end(conv)
            store.end(cid, conv, offset)
            return
        else:
            tracker = conv.tracker
            cap = self.cfg.max_open_calls
            # methods called on their objects, not bound to locals first: compiled, that is a native call, where a
            # bound method is called through its Python wrapper (arguments parsed and boxed per message)
            for i, m in enumerate(ev.messages):
                emit.step(tracker.feed(m, (offset, i), ts), m)
                if cap is not None and tracker.open_calls > cap:  # bounds what its timeouts cost later
                    raise _Confined(DeadLetterKind.TOO_MANY_CALLS, f"its conversation would hold "
                                    f"{tracker.open_calls} open tool calls, over the limit of {cap}", keep)
        if limit is not None:
            conv.bound += grow
            if conv.bound > limit:
                n = conv.bound = state_json_size(conv)
                if n > limit:
                    raise _Confined(DeadLetterKind.STATE_TOO_LARGE, f"its conversation's state would be {n} "
                                    f"bytes, over the limit of {limit}", keep)
        store.changed(cid)
        self._arm(cid, conv)

    def _bound_state(self, conv: Conversation, grow: int, limit: int, emit: Emitter) -> None:
        """Before an event that could push the state over `limit`: if its exact size says it could, the output
        held for late results is released now (as if their grace had run out), in order before the event's."""
        n = conv.bound = state_json_size(conv)
        if n + grow > limit:
            emit.step(conv.tracker.release_held())
            conv.bound = state_json_size(conv)

    def _request(self, ev: Event, conv: Conversation, emit: Emitter, size: int) -> None:
        dialect = conv.tracker.dialect or ev.dialect or "auto"
        # behavioural signals of a snapshot come from the conversation's own detectors (erasures below; text-only
        # turns from the stream), not from a fresh pass that would report them again
        # the snapshot's dangling calls are remembered (bounded) so that a run arriving later yields its finding
        runs = conv.take_runs() if self.cfg.tool_spans else None
        # continued from the conversation's last snapshot where it repeats it (snapshots.py); an event naming its
        # dialect was checked against it in `process` (the conversation's is the same)
        named = ev.dialect is not None and ev.dialect == dialect
        res, steps, messages_json = self.snapshots.repair(ev.conversation_id, ev.messages, dialect, conv.model,
                                                          ev.tools, runs, named, size)
        if runs is not None and runs.runs:  # a run whose call the snapshot holds joined it (kept: a later snapshot
            for st in steps:               # may lose the call's result)
                for call_id, _ in st.calls:
                    if call_id is not None:
                        runs.mark(call_id)
        if conv.runs is not None:
            self._runs_counted(conv)
        findings = list(res.findings)
        if conv.behaviour is not None:
            adapter = dialects.get(res.dialect)
            # the repair's tracker viewed each message with this adapter already (its steps, in input order)
            views = [s.view for s in steps[: len(ev.messages)]]
            b = conv.behaviour
            b.on_context(ev.system, ev.tools)
            findings.extend(b.on_snapshot(ev.messages, adapter, emit.snapshot_no(), views, ev.compacted))
            if not b.streamed:  # a conversation known from its snapshots only: judge the turns this one adds
                findings.extend(b.feed_snapshot(ev.messages, adapter, views, emit.obs, conv.model, conv.app_version))
        for f in findings:
            emit.finding(f)
        for a in res.actions:
            self.obs.action(a)
        emit.snapshot(ev.ts, res.dialect, res.messages, findings, res.changed, res.thinking, messages_json)

    def _tool_run(self, ev: Event, conv: Conversation, emit: Emitter) -> None:
        """A tool run (an execute_tool span): counted at its event time, then joined to its call. A run whose call
        was already decided dangling yields its finding on its own (`tool_result_lost` when it ended without
        error); one whose call waits (or has not come yet) is kept until the call is decided (toolspans.py)."""
        run = ev.run
        assert run is not None
        obs = self.obs
        obs.tool_run(run.tool, run.outcome, run.duration_ms, run.input_tokens, run.output_tokens)
        if conv.tracker.held_blocks:  # graces that ran out by its time end first, as for a late result
            emit.step(conv.tracker.advance(ev.ts))
        runs = conv.take_runs()
        cid = run.call_id
        status = conv.tracker.call_status(cid) if cid is not None else 0
        decided = runs.take_decided(cid) if cid is not None else None
        if status == 3 or decided is not None:  # its placeholder is out: its finding on its own
            run.joined = True
            obs.tool_span("late")
            if run.ok:
                emit.finding(Finding(FindingKind.TOOL_RESULT_LOST, None, cid, decided or run.tool,
                                     detail=lost_detail(run) + "; after its placeholder was written"))
            if status != 3:  # a snapshot conversation: its later snapshots still hold the call
                runs.add(run)
        elif status == 2:  # answered: nothing to join it to but the count
            obs.tool_span("joined")
        else:
            run.joined = status == 1
            obs.tool_span("joined" if status == 1 else "waiting")
            runs.add(run)
        self._runs_counted(conv)

    def _runs_counted(self, conv: Conversation) -> None:
        runs = conv.runs
        if runs is not None and runs.dropped:
            self.obs.tool_span("dropped", runs.dropped)
            runs.dropped = 0

    def _runs_end(self, conv: Conversation) -> None:
        """A conversation ends: its runs that never joined a call are counted."""
        runs = conv.runs
        if runs is not None:
            self._runs_counted(conv)
            n = runs.unjoined()
            if n:
                self.obs.tool_span("unjoined", n)

    def _arm(self, cid: str, conv: Conversation) -> None:
        deadline = conv.tracker.next_deadline
        if deadline is not None and conv.deadline != deadline:
            conv.deadline = deadline
            self.timers.schedule_timeout(deadline, cid)
        if conv.evict_at is None:
            conv.evict_at = conv.last_ts + self.cfg.conversation_ttl_ms
            self.timers.schedule_eviction(conv.evict_at, cid)

    def _fire_timers(self, offset: int, src: str, out: list[OutRecord], budget: int | None = None) -> bool:
        """Every timer due by the watermark (timers.py), each confined to its conversation; with a budget, until
        `out` has grown by that many records (each timer is bounded: `max_open_calls`). True if some are left."""
        wm = self.watermark
        timers = self.timers
        stop = len(out) + budget if budget is not None else -1
        while (entry := timers.due_timeout(wm)) is not None:
            try:
                self._timeout(entry[1], entry[0], wm, src, out)
            except Exception:  # confined to that conversation
                self.store.quarantine(entry[1])
            if 0 <= stop <= len(out):
                return timers.any_due(wm)
        while (entry := timers.due_eviction(wm)) is not None:
            try:
                self._evict(entry[1], entry[0], wm, offset, src, out)
            except Exception:
                self.store.quarantine(entry[1])
            if 0 <= stop <= len(out):
                return timers.any_due(wm)
        return False

    def _timeout(self, cid: str, deadline: int, wm: int, src: str, out: list[OutRecord]) -> None:
        cold = self.store.cold.get(cid)
        if cold is not None and codec.header(cold).next_deadline != deadline:
            return  # stale, and no need to wake it to know
        conv = self.get(cid)
        if conv is None or conv.deadline != deadline:
            return  # stale entry: the block closed or moved
        conv.deadline = None
        emit = Emitter(self.ids, self.obs, conv, cid, wm, src, out)
        emit.step(conv.tracker.advance(wm))
        self.store.changed(cid)
        self._arm(cid, conv)

    def _evict(self, cid: str, when: int, wm: int, offset: int, src: str, out: list[OutRecord]) -> None:
        cold = self.store.cold.get(cid)
        if cold is not None and codec.header(cold).evict_at != when:
            return
        conv = self.get(cid)
        if conv is None or conv.evict_at != when:
            return
        due = conv.last_ts + self.cfg.conversation_ttl_ms
        if due > wm:  # active since: re-arm at its real deadline
            conv.evict_at = due
            self.timers.schedule_eviction(due, cid)
            return
        emit = Emitter(self.ids, self.obs, conv, cid, wm, src, out)
        emit.step(conv.tracker.finish(DanglingReason.EVICTED))
        emit.behaviour_end()
        self._runs_end(conv)
        self.store.end(cid, conv, offset)

    def _dead_letter(self, out: list[OutRecord], kind: DeadLetterKind, detail: str, src: str, key: bytes | None,
                     value: bytes | None, headers: Iterable[tuple[str, bytes]]) -> None:
        self.obs.dead_letter(kind.value)
        self.obs.event("unknown", "dead_letter")
        out.append(dead_letter(self.topic, self.partition, kind, detail, src, key, value, headers))


def replay_records(records: Iterable[tuple[int, bytes | None, bytes | None]], topic: str = "in", partition: int = 0,
                   config: EngineConfig = DEFAULT_ENGINE,
                   on_out: Callable[[OutRecord], None] | None = None) -> PartitionProcessor:
    """Drive a processor over (offset, key, value) records: the offline form of the worker (tests, bench)."""
    p = PartitionProcessor(topic, partition, config)
    for off, k, v in records:
        for r in p.process(off, k, v):
            if on_out is not None:
                on_out(r)
    return p


#: live conversations per partition at the least, however small the process's budget
MIN_HOT = 64
#: the garbage collector's thresholds while partitions are processed (`gc.set_threshold(*GC_THRESHOLDS)`, by the
#: worker and by a replay): every event allocates hundreds of container objects (parsed JSON, views, outputs) that
#: die young; Python's default (700, 10, 10) runs a collection every few events and, through the generation
#: counts, collects the long-lived state's generations far too often. Cycles are rare here.
GC_THRESHOLDS = (50_000, 20, 20)


def share_hot(budget: int, procs: Iterable[PartitionProcessor]) -> None:
    """A process's budget of live conversations, split evenly among its partitions (memory per process stays
    bounded however many partitions it owns)."""
    every = list(procs)
    limit = max(MIN_HOT, budget // max(1, len(every)))
    for proc in every:
        proc.hot_limit = limit


__all__ = ["GC_THRESHOLDS", "META_KEY", "MIN_HOT", "QUARANTINE_MARK", "Conversation", "EngineConfig", "OutRecord",
           "PartitionProcessor", "replay_records", "share_hot"]
