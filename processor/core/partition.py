"""Everything one input partition needs, without I/O: records in, output records and state changes out.

The Kafka loop feeds records in offset order and ships what comes back; replays and tests drive the same class,
so live and replayed output are identical. Time is event time only: the partition watermark is the largest
`ts` seen on the partition, it never moves on its own (an idle partition decides nothing until its next event:
the price of replays that reproduce live output exactly), and it is persisted with the state.

Rules that keep one record from harming the others (docs/semantics.md, "Faults"):
* The event-time guard: a `ts` that would move the watermark more than `max_event_time_skew_ms` past the
  record's own Kafka timestamp, or more than `max_watermark_step_ms` past the watermark (the record timestamp is
  the producer's to set, and may be forged), is dead-lettered (`event_time`) before it touches any state. Both
  references are part of the input, so a replay decides the same.
* Whatever fails while one record is applied is confined to that record (dead-lettered) and, if the failure may
  have left its conversation's state half-changed, to that conversation: it is quarantined (counted, its state
  dropped, a marker in the changelog) and its later events are dead-lettered (`quarantined`), never lost.
* Outputs that would not fit the output topic (`max_output_bytes`) are never written in part: the event's
  changes are undone and the whole input event is dead-lettered (`output_too_large`), so it can be replayed.
* A conversation's state stays within `max_state_bytes` (its JSON), so that its changelog record fits the state
  topic and its memory is bounded: before an event that could push it over, output held for late results is
  released as if the grace had run out; a state still over the limit after the event (an open turn alone that
  large) quarantines the conversation and dead-letters the event (`state_too_large`). Both are decided on the
  exact size, so live runs and replays agree; the size is measured only when an upper bound (`Conversation.bound`,
  raised by twice each event's size) passes the limit.
"""

from __future__ import annotations

import heapq
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import orjson

from . import dialects, state_codec
from .behaviour import Behaviour
from .events import DeadLetter, DeadLetterKind, Event, parse_event
from .findings import DanglingReason, Finding, FindingKind
from .model import InputError
from .repair import _repair
from .store import META_KEY, QUARANTINE_MARK, Conversation, ConversationStore, state_json_size
from .tally import Tally
from .tracker import DEFAULT_CONFIG, Emitted, RepairConfig, Step, Tracker

DEDUP_WINDOW = 32
STATE_SLACK = 8192  # what one event may add to its conversation's state beyond twice its own size (placeholders)
_intern = sys.intern
# bytes an output record adds around the input it carries (envelope fields, ids, headers), beyond its key twice
OUTPUT_MARGIN = 4096


@dataclass(frozen=True)
class EngineConfig:
    repair: RepairConfig = DEFAULT_CONFIG
    conversation_ttl_ms: int = 24 * 3600 * 1000
    max_event_bytes: int = 1 << 20
    behaviour: bool = True  # text-only regression and history-erasure signals
    # conversations kept as live objects per partition (the worker divides its own budget among its partitions);
    # the others wait serialized and compressed (a few hundred bytes each)
    hot_conversations: int = 1024
    # the event-time guard (module docstring): how far `ts` may run ahead of the record's Kafka timestamp, or,
    # without one (files, library replays), ahead of the partition watermark
    max_event_time_skew_ms: int = 5 * 60 * 1000
    max_watermark_step_ms: int = 30 * 24 * 3600 * 1000
    # the largest record an output topic takes (its max.message.bytes, less batch overhead); None: no limit known
    max_output_bytes: int | None = None
    # the largest state of one conversation, as JSON (module docstring); None: unbounded (library use)
    max_state_bytes: int | None = 512 * 1024


class OutRecord:
    """A record for one of the output topics: `repaired`, `findings` or `dead_letter`."""

    __slots__ = ("headers", "key", "kind", "value")

    def __init__(self, kind: str, key: bytes | None, value: bytes | None, headers: list[tuple[str, bytes]]) -> None:
        self.kind = kind
        self.key = key
        self.value = value
        self.headers = headers


def _ensure_readable(messages: Iterable[Any]) -> None:
    """With the dialect known, only a message no dialect can read at all is refused (cheaper than sniffing)."""
    for m in messages:
        if "role" not in m and "type" not in m and "parts" not in m:
            raise InputError("unknown_dialect", "message matches no known dialect (no role, type or parts)")


class _StateTooLarge(Exception):
    """The event left its conversation's state over `max_state_bytes`; `keep` outputs before it stay."""

    def __init__(self, size: int, keep: int) -> None:
        super().__init__(size)
        self.size = size
        self.keep = keep


class PartitionProcessor:
    """The per-event logic of one input partition: parse, guard, apply to the conversation, fire event-time
    timers, emit records. Its conversations and their changelog are in `store` (store.py)."""

    def __init__(self, topic: str, partition: int, config: EngineConfig = EngineConfig(),
                 observer: Tally | None = None) -> None:
        self.topic = topic
        self.partition = partition
        self.cfg = config
        self.obs = observer if observer is not None else Tally()  # counted for nobody unless given
        self.store = ConversationStore(config, self.obs)
        self.watermark = 0
        self.offset = -1  # last offset processed
        self._timeouts: list[tuple[int, str]] = []
        self._evictions: list[tuple[int, str]] = []
        self._k = 0  # ids of synthesized messages and findings derived from the current record

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
        conv.deadline = h.open_since  # the header's first field holds the tracker's next deadline
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
        self._timeouts = []
        self._evictions = []
        for cid, c in self.store.convs.items():
            self._arm(cid, c)
        for cid, deadline, evict_at in self.store.timer_entries():
            if deadline is not None:
                self._timeouts.append((deadline, cid))
            if evict_at is not None:
                self._evictions.append((evict_at, cid))
        heapq.heapify(self._timeouts)
        heapq.heapify(self._evictions)

    def take_changelog(self) -> list[tuple[bytes, bytes | None]]:
        """State records for what changed since the last call: conversations, markers, then the meta record."""
        return self.store.take_changelog(self.offset, self.watermark)

    def committed(self, position: int) -> None:
        """Offsets below `position` are committed (ended conversations' markers can become tombstones)."""
        self.store.committed(position)

    # -- processing ---------------------------------------------------------------------------------------------
    def process(self, offset: int, key: bytes | None, value: bytes | None,
                headers: Iterable[tuple[str, bytes]] = (), timestamp: int | None = None) -> list[OutRecord]:
        """One input record: its outputs (repaired, findings, dead letters), in order.

        `timestamp` is the record's Kafka timestamp (ms), the reference of the event-time guard; None where the
        input has none (files, library replays)."""
        src = f"{self.topic}:{self.partition}:{offset}"
        out: list[OutRecord] = []
        self._k = 0
        try:
            ev = parse_event(key, value, self.cfg.max_event_bytes)
            if ev.ts > self.watermark:
                self._check_event_time(ev.ts, timestamp)
            if ev.type != "end":
                if ev.dialect is None and self._unknown_dialect(ev.conversation_id):
                    dialects.detect(ev.messages)  # raises (naming the message) if no dialect can read one
                else:
                    _ensure_readable(ev.messages)
        # one name per except clause: mypyc gives a name a single type per function (the first clause's)
        except DeadLetter as dl:
            self._dead_letter(out, dl.kind, dl.detail, src, key, value, headers)
            self.offset = offset
            return out
        except InputError as ie:
            kind = DeadLetterKind.UNKNOWN_DIALECT if ie.kind == "unknown_dialect" else DeadLetterKind.SCHEMA
            self._dead_letter(out, kind, ie.detail, src, key, value, headers)
            self.offset = offset
            return out
        except Exception as err:  # a bug of ours while reading: no state was touched yet, and the event is kept
            self._dead_letter(out, DeadLetterKind.INTERNAL, f"{type(err).__name__}: {err}"[:200], src, key, value,
                              headers)
            self.offset = offset
            return out
        cid = ev.conversation_id
        limit = self.cfg.max_output_bytes
        # an event whose outputs may not fit the output topic is applied on a saved copy of its conversation
        # (rare: large events only), so that its changes can be undone
        store = self.store
        saved = store.save(cid) if limit is not None and self._may_not_fit(ev, value, limit) else None
        real_obs = self.obs
        recorder = Tally() if saved is not None else None  # its counts wait until its outputs are known to fit
        if recorder is not None:
            self.obs = store.obs = recorder
        try:
            self._apply(ev, offset, src, out, len(value or b""))
        except _StateTooLarge as big:  # its outputs are dropped, the event kept whole, the conversation confined
            del out[big.keep:]
            store.quarantine(cid)
            self._dead_letter(out, DeadLetterKind.STATE_TOO_LARGE,
                              f"its conversation's state would be {big.size} bytes, over the limit of "
                              f"{self.cfg.max_state_bytes}", src, key, value, headers)
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
        if limit is not None and any(len(r.value or b"") + len(r.key or b"") > limit for r in out):
            del out[:]
            if saved is not None:
                store.restore_saved(cid, saved)
            else:  # grew far beyond its input (cannot be undone): nothing is decided from it any more
                store.quarantine(cid)
            self._dead_letter(out, DeadLetterKind.OUTPUT_TOO_LARGE,
                              f"its outputs would exceed the output topic's limit of {limit} bytes", src, key, value,
                              headers)
            self.offset = offset
            return out
        if recorder is not None:
            real_obs.merge(recorder)
        self.offset = offset
        if ev.ts > self.watermark:
            self.watermark = ev.ts
        self._fire_timers(offset, src, out)
        if len(store.convs) > store.hot_limit:
            store.cool()
        return out

    def _check_event_time(self, ts: int, timestamp: int | None) -> None:
        """The event-time guard (module docstring), for a `ts` that would move the watermark. The record timestamp
        is the producer's to set (CreateTime), so it bounds an honest producer's clock skew; the step over the
        partition's own event time bounds a forged one too."""
        cfg = self.cfg
        if timestamp is not None and timestamp >= 0 and ts > timestamp + cfg.max_event_time_skew_ms:
            raise DeadLetter(DeadLetterKind.EVENT_TIME,
                             f"`ts` is {ts - timestamp} ms ahead of the record's timestamp (at most "
                             f"{cfg.max_event_time_skew_ms})")
        if self.watermark and ts > self.watermark + cfg.max_watermark_step_ms:
            raise DeadLetter(DeadLetterKind.EVENT_TIME,
                             f"`ts` is {ts - self.watermark} ms ahead of the partition's event time (at most "
                             f"{cfg.max_watermark_step_ms})")

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
            if recent is not None and ((eid is not None and eid in recent) or (seq is not None and seq in recent)):
                self.obs.event(ev.type, "duplicate")
                return
            if ev.dialect is not None and conv.tracker.dialect not in (None, ev.dialect):
                raise DeadLetter(DeadLetterKind.UNKNOWN_DIALECT,
                                 f"dialect {ev.dialect} differs from the conversation's {conv.tracker.dialect}")
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
        if ev.model is not None:
            conv.model = _intern(ev.model)
        if ev.app_version is not None:
            conv.app_version = _intern(ev.app_version)
        typ = ev.type
        self.obs.event(typ, "processed")
        emit = _Emitter(self, conv, cid, ts, src, out)
        limit = self.cfg.max_state_bytes
        grow = 2 * size + STATE_SLACK
        if limit is not None and conv.bound + grow > limit and conv.tracker.held_blocks:
            self._bound_state(conv, grow, limit, emit)
        keep = len(out)
        if typ == "request":
            self._request(ev, conv, emit)
        elif typ == "end":
            emit.step(conv.tracker.finish(DanglingReason.CONVERSATION_END))
            emit.behaviour_end()
            store.end(cid, conv, offset)
            return
        else:
            feed = conv.tracker.feed
            step = emit.step
            for i, m in enumerate(ev.messages):
                step(feed(m, (offset, i), ts), m)
        if limit is not None:
            conv.bound += grow
            if conv.bound > limit:
                n = conv.bound = state_json_size(conv)
                if n > limit:
                    raise _StateTooLarge(n, keep)
        store.changed(cid)
        self._arm(cid, conv)

    def _bound_state(self, conv: Conversation, grow: int, limit: int, emit: _Emitter) -> None:
        """Before an event that could push the state over `limit`: if its exact size says it could, the output
        held for late results is released now (as if their grace had run out), in order before the event's."""
        n = conv.bound = state_json_size(conv)
        if n + grow > limit:
            emit.step(conv.tracker.release_held())
            conv.bound = state_json_size(conv)

    def _request(self, ev: Event, conv: Conversation, emit: _Emitter) -> None:
        dialect = conv.tracker.dialect or ev.dialect or "auto"
        # behavioural signals of a snapshot come from the conversation's own detectors (erasures below; text-only
        # turns from the stream), not from a fresh pass that would report them again
        res, steps = _repair(ev.messages, dialect, self.cfg.repair.strategy, config=self.cfg.repair,
                             behaviour=False)
        findings = list(res.findings)
        if conv.behaviour is not None:
            adapter = dialects.get(res.dialect)
            # the repair's tracker viewed each message with this adapter already (its steps, in input order)
            views = [s.view for s in steps[: len(ev.messages)]]
            b = conv.behaviour
            b.on_context(ev.system, ev.tools)
            findings.extend(b.on_snapshot(ev.messages, adapter, emit.snapshot_no(), views))
            if not b.streamed:  # a conversation known from its snapshots only: judge the turns this one adds
                findings.extend(b.feed_snapshot(ev.messages, adapter, views, emit.obs, conv.model, conv.app_version))
        for f in findings:
            emit.finding(f)
        for a in res.actions:
            self.obs.action(a)
        rid = f"{emit.src}:r"
        value = {"id": rid, "conversation_id": emit.cid, "type": "request", "ts": ev.ts, "dialect": res.dialect,
                 "messages": res.messages, "findings": [f.to_dict() for f in findings], "changed": res.changed}
        emit.out.append(OutRecord("repaired", emit.key, orjson.dumps(value),
                                  emit.headers(rid, "repaired" if res.changed else "none", len(findings))))

    def _arm(self, cid: str, conv: Conversation) -> None:
        deadline = conv.tracker.next_deadline
        if deadline is not None and conv.deadline != deadline:
            conv.deadline = deadline
            heapq.heappush(self._timeouts, (deadline, cid))
        if conv.evict_at is None:
            conv.evict_at = conv.last_ts + self.cfg.conversation_ttl_ms
            heapq.heappush(self._evictions, (conv.evict_at, cid))

    def _fire_timers(self, offset: int, src: str, out: list[OutRecord]) -> None:
        wm = self.watermark
        heap = self._timeouts
        while heap and heap[0][0] <= wm:
            deadline, cid = heapq.heappop(heap)
            try:
                self._timeout(cid, deadline, wm, src, out)
            except Exception:  # confined to that conversation
                self.store.quarantine(cid)
        heap = self._evictions
        while heap and heap[0][0] <= wm:
            when, cid = heapq.heappop(heap)
            try:
                self._evict(cid, when, wm, offset, src, out)
            except Exception:
                self.store.quarantine(cid)

    def _timeout(self, cid: str, deadline: int, wm: int, src: str, out: list[OutRecord]) -> None:
        cold = self.store.cold.get(cid)
        if cold is not None and state_codec.header(cold).open_since != deadline:
            return  # stale, and no need to wake it to know
        conv = self.get(cid)
        if conv is None or conv.deadline != deadline:
            return  # stale entry: the block closed or moved
        conv.deadline = None
        emit = _Emitter(self, conv, cid, wm, src, out)
        emit.step(conv.tracker.advance(wm))
        self.store.changed(cid)
        self._arm(cid, conv)

    def _evict(self, cid: str, when: int, wm: int, offset: int, src: str, out: list[OutRecord]) -> None:
        cold = self.store.cold.get(cid)
        if cold is not None and state_codec.header(cold).evict_at != when:
            return
        conv = self.get(cid)
        if conv is None or conv.evict_at != when:
            return
        due = conv.last_ts + self.cfg.conversation_ttl_ms
        if due > wm:  # active since: re-arm at its real deadline
            conv.evict_at = due
            heapq.heappush(self._evictions, (due, cid))
            return
        emit = _Emitter(self, conv, cid, wm, src, out)
        emit.step(conv.tracker.finish(DanglingReason.EVICTED))
        emit.behaviour_end()
        self.store.end(cid, conv, offset)

    def _dead_letter(self, out: list[OutRecord], kind: DeadLetterKind, detail: str, src: str, key: bytes | None,
                     value: bytes | None, headers: Iterable[tuple[str, bytes]]) -> None:
        self.obs.dead_letter(kind.value)
        self.obs.event("unknown", "dead_letter")
        # the producer's headers travel with its event, except ours: only the worker says what `toolmend-*` means
        hs = [h for h in headers if not h[0].lower().startswith("toolmend-")]
        hs += [("toolmend-id", f"{src}:dlq".encode()), ("toolmend-error-kind", kind.value.encode()),
               ("toolmend-error-detail", detail.encode()),
               ("toolmend-source-topic", self.topic.encode()),
               ("toolmend-source-partition", str(self.partition).encode()),
               ("toolmend-source-offset", src.rsplit(":", 1)[1].encode())]
        out.append(OutRecord("dead_letter", key, value, hs))


_COUNTS = tuple(str(n).encode() for n in range(64))  # header values of small counts, prebuilt
_OPENAI_CHAT = dialects.PLAIN_TEXT  # how a conversation whose dialect is not known yet is read
_KIND_BYTES = {k: k.value.encode() for k in FindingKind}


def _count(n: int) -> bytes:
    return _COUNTS[n] if n < 64 else str(n).encode()


class _Emitter:
    """Turns tracker steps of one conversation into output records with deterministic ids."""

    __slots__ = ("cid", "conv", "key", "obs", "out", "proc", "src", "src_b", "ts")

    def __init__(self, proc: PartitionProcessor, conv: Conversation, cid: str, ts: int, src: str,
                 out: list[OutRecord]) -> None:
        self.proc = proc
        self.obs = proc.obs
        self.conv = conv
        self.cid = cid
        self.key = cid.encode()
        self.ts = ts
        self.src = src
        self.src_b = src.encode()
        self.out = out

    def snapshot_no(self) -> int:
        return self.conv.offset

    def headers(self, rid: str, repair: str, n_findings: int) -> list[tuple[str, bytes]]:
        return [("toolmend-id", rid.encode()), ("toolmend-source", self.src_b),
                ("toolmend-repair", repair.encode()), ("toolmend-findings", _count(n_findings))]

    def step(self, step: Step, fed: Any = None) -> None:
        conv = self.conv
        obs = self.obs
        tracker = conv.tracker
        adapter = tracker.adapter
        if adapter is None:
            adapter = _OPENAI_CHAT
        dialect = adapter.name
        if fed is not None:
            obs.messages_seen(dialect, 1)
        calls = step.calls
        if calls:
            model = conv.model
            for _cid, tool in calls:
                obs.tool_call(dialect, model, tool)
        findings = step.findings
        behaviour = conv.behaviour
        view = step.view
        if behaviour is not None and view is not None:
            extra = behaviour.observe(view, calls, fed, tracker.messages_seen - 1, adapter, obs, conv.model,
                                      conv.app_version)
            if extra:
                findings = [*findings, *extra]
        for f in findings:
            self.finding(f)
        for a in step.actions:
            obs.action(a)
        if step.messages:
            n_findings = _count(len(findings))
            for e in step.messages:
                self._message(e, dialect, n_findings)

    def behaviour_end(self) -> None:
        b = self.conv.behaviour
        if b is not None:
            for f in b.flush(self.obs, self.conv.model, self.conv.app_version):
                self.finding(f)

    def message(self, e: Emitted, dialect: str, n_findings: int) -> None:
        self._message(e, dialect, _count(n_findings))

    def _message(self, e: Emitted, dialect: str, n_findings: bytes) -> None:
        proc = self.proc
        if e.synthesized:
            rid = f"{self.src}:s{proc._k}"
            proc._k += 1
            repair_kind = b"synthesized"
        else:
            off, i = e.tag
            rid = f"{proc.topic}:{proc.partition}:{off}:{i}"
            repair_kind = b"modified" if e.modified else b"none"
        value = {"id": rid, "conversation_id": self.cid, "type": "message", "ts": self.ts, "dialect": dialect,
                 "index": e.index if e.index >= 0 else None, "message": e.message, "synthesized": e.synthesized,
                 "modified": e.modified}
        self.out.append(OutRecord("repaired", self.key, orjson.dumps(value),
                                  [("toolmend-id", rid.encode()), ("toolmend-source", self.src_b),
                                   ("toolmend-repair", repair_kind), ("toolmend-findings", n_findings)]))

    def finding(self, f: Finding) -> None:
        conv = self.conv
        dialect = conv.tracker.dialect or _OPENAI_CHAT.name
        self.obs.finding(f, dialect, conv.model, conv.app_version)
        proc = self.proc
        rid = f"{self.src}:f{proc._k}"
        proc._k += 1
        value = f.to_dict()
        value.update({"id": rid, "conversation_id": self.cid, "ts": self.ts, "dialect": dialect,
                      "model": conv.model, "app_version": conv.app_version})
        self.out.append(OutRecord("findings", self.key, orjson.dumps(value),
                                  [("toolmend-id", rid.encode()), ("toolmend-kind", _KIND_BYTES[f.kind])]))


def replay_records(records: Iterable[tuple[int, bytes | None, bytes | None]], topic: str = "in", partition: int = 0,
                   config: EngineConfig = EngineConfig(),
                   on_out: Callable[[OutRecord], None] | None = None) -> PartitionProcessor:
    """Drive a processor over (offset, key, value) records: the offline form of the worker (tests, bench)."""
    p = PartitionProcessor(topic, partition, config)
    for off, k, v in records:
        for r in p.process(off, k, v):
            if on_out is not None:
                on_out(r)
    return p


__all__ = ["META_KEY", "QUARANTINE_MARK", "Conversation", "EngineConfig", "OutRecord", "PartitionProcessor",
           "replay_records"]
