"""Everything one input partition needs, without I/O: records in, output records and state changes out.

The Kafka loop feeds records in offset order and ships what comes back; replays and tests drive the same class,
so live and replayed output are identical. Time is event time only: the partition watermark is the largest
`ts` seen on the partition, it never moves on its own (an idle partition decides nothing until its next event:
the price of replays that reproduce live output exactly), and it is persisted with the state.

Rules that keep one record from harming the others (docs/semantics.md, "Faults"):
* The event-time guard: a `ts` that would move the watermark more than `max_event_time_skew_ms` past the
  record's own Kafka timestamp (or, for input without one, more than `max_watermark_step_ms` past the
  watermark) is dead-lettered (`event_time`) before it touches any state. Both references are part of the input,
  so a replay decides the same.
* Whatever fails while one record is applied is confined to that record (dead-lettered) and, if the failure may
  have left its conversation's state half-changed, to that conversation: it is quarantined (counted, its state
  dropped, a marker in the changelog) and its later events are dead-lettered (`quarantined`), never lost.
* Outputs that would not fit the output topic (`max_output_bytes`) are never written in part: the event's
  changes are undone and the whole input event is dead-lettered (`output_too_large`), so it can be replayed.
"""

from __future__ import annotations

import contextlib
import heapq
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

import orjson

from . import dialects, state_codec
from .behaviour import Behaviour
from .events import DeadLetter, DeadLetterKind, Event, parse_event
from .findings import Action, DanglingReason, Finding, FindingKind
from .model import InputError
from .repair import _repair
from .tracker import DEFAULT_CONFIG, Emitted, RepairConfig, Step, Tracker

META_KEY = b"\x00toolmend-partition-meta"
CHECKPOINTS = 64  # batch ends whose watermark the meta record keeps (a restore resumes at one of them)
DEDUP_WINDOW = 32
_intern = sys.intern
QUARANTINE_MARK = b'{"q":1}'
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


class Observer(Protocol):
    """Where the shell counts things (metrics). The core only calls it."""

    def event(self, type: str, outcome: str) -> None: ...
    def messages_seen(self, dialect: str, n: int) -> None: ...
    def tool_call(self, dialect: str, model: str | None, tool: str) -> None: ...
    def finding(self, f: Finding, dialect: str, model: str | None, app_version: str | None) -> None: ...
    def action(self, a: Action) -> None: ...
    def dead_letter(self, kind: str) -> None: ...
    def assistant_turn(self, outcome: str, model: str | None, app_version: str | None) -> None: ...
    def state_woken(self) -> None: ...
    def conversation_quarantined(self) -> None: ...


class NullObserver:
    def event(self, type: str, outcome: str) -> None: pass
    def messages_seen(self, dialect: str, n: int) -> None: pass
    def tool_call(self, dialect: str, model: str | None, tool: str) -> None: pass
    def finding(self, f: Finding, dialect: str, model: str | None, app_version: str | None) -> None: pass
    def action(self, a: Action) -> None: pass
    def dead_letter(self, kind: str) -> None: pass
    def assistant_turn(self, outcome: str, model: str | None, app_version: str | None) -> None: pass
    def state_woken(self) -> None: pass
    def conversation_quarantined(self) -> None: pass


class _Recorder:
    """Keeps an event's observer calls aside until its outputs are known to fit (then replayed, else dropped)."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def event(self, type: str, outcome: str) -> None: self.calls.append(("event", (type, outcome)))
    def messages_seen(self, dialect: str, n: int) -> None: self.calls.append(("messages_seen", (dialect, n)))
    def tool_call(self, dialect: str, model: str | None, tool: str) -> None:
        self.calls.append(("tool_call", (dialect, model, tool)))
    def finding(self, f: Finding, dialect: str, model: str | None, app_version: str | None) -> None:
        self.calls.append(("finding", (f, dialect, model, app_version)))
    def action(self, a: Action) -> None: self.calls.append(("action", (a,)))
    def dead_letter(self, kind: str) -> None: self.calls.append(("dead_letter", (kind,)))
    def assistant_turn(self, outcome: str, model: str | None, app_version: str | None) -> None:
        self.calls.append(("assistant_turn", (outcome, model, app_version)))
    def state_woken(self) -> None: self.calls.append(("state_woken", ()))
    def conversation_quarantined(self) -> None: self.calls.append(("conversation_quarantined", ()))

    def replay(self, obs: Observer) -> None:
        for name, args in self.calls:
            getattr(obs, name)(*args)


class OutRecord:
    """A record for one of the output topics: `repaired`, `findings` or `dead_letter`."""

    __slots__ = ("headers", "key", "kind", "value")

    def __init__(self, kind: str, key: bytes | None, value: bytes | None, headers: list[tuple[str, bytes]]) -> None:
        self.kind = kind
        self.key = key
        self.value = value
        self.headers = headers


class Conversation:
    __slots__ = ("app_version", "behaviour", "deadline", "evict_at", "last_ts", "model", "offset", "recent",
                 "size", "tracker")

    def __init__(self, tracker: Tracker, behaviour: Behaviour | None) -> None:
        self.tracker = tracker
        self.behaviour = behaviour
        self.last_ts = 0
        self.offset = -1  # last input offset applied to this state
        self.recent: list[str | int] | None = None  # event ids and seqs seen lately (at most DEDUP_WINDOW)
        self.model: str | None = None
        self.app_version: str | None = None
        self.deadline: int | None = None  # pending timeout entry in the heap
        self.evict_at: int | None = None  # pending eviction entry in the heap
        self.size = 0  # bytes of its stored state (changelog or cold), as last written

    def to_state(self) -> dict[str, Any]:
        st: dict[str, Any] = {"t": self.tracker.to_state(), "ts": self.last_ts, "o": self.offset,
                              "r": self.recent or []}
        if self.model is not None:
            st["m"] = self.model
        if self.app_version is not None:
            st["v"] = self.app_version
        if self.behaviour is not None:
            st["b"] = self.behaviour.to_state()
        return st

    @classmethod
    def from_state(cls, st: dict[str, Any], cfg: EngineConfig) -> Conversation:
        b = Behaviour.from_state(st["b"]) if "b" in st else (Behaviour() if cfg.behaviour else None)
        c = cls(Tracker.from_state(st["t"], cfg.repair), b)
        c.last_ts = st["ts"]
        c.offset = st["o"]
        c.recent = list(st.get("r", ())) or None
        c.model = st.get("m")
        c.app_version = st.get("v")
        return c


def _ensure_readable(messages: Iterable[Any]) -> None:
    """With the dialect known, only a message no dialect can read at all is refused (cheaper than sniffing)."""
    for m in messages:
        if "role" not in m and "type" not in m and "parts" not in m:
            raise InputError("unknown_dialect", "message matches no known dialect (no role, type or parts)")


class PartitionProcessor:
    def __init__(self, topic: str, partition: int, config: EngineConfig = EngineConfig(),
                 observer: Observer | None = None) -> None:
        self.topic = topic
        self.partition = partition
        self.cfg = config
        self.obs: Observer = observer or NullObserver()
        self.convs: dict[str, Conversation] = {}  # hot: live objects, oldest first
        self.hot_limit = config.hot_conversations
        # cold: the stored state (state_codec: a timer header and the compressed JSON), the same bytes as the
        # changelog record. Memory then follows the compressed state, not Python object overhead (about 5 KB per
        # live conversation with the detectors)
        self.cold: dict[str, bytes] = {}
        self.cold_open_calls = 0
        self.watermark = 0
        self.offset = -1  # last offset processed
        self._timeouts: list[tuple[int, str]] = []
        self._evictions: list[tuple[int, str]] = []
        self._dirty: set[str] = set()
        self._gone: set[str] = set()
        # conversations that ended (or were evicted) at an offset not yet known to be committed: their changelog
        # record is a marker {"x": offset}, not a tombstone, so that a new owner resuming before that offset
        # still knows the conversation's records up to it were processed (and skips them) instead of starting it
        # afresh. Tombstoned once the commit passes the offset.
        self._ended: dict[str, int] = {}
        self._marked: set[str] = set()
        self._k = 0  # ids of synthesized messages and findings derived from the current record
        self._checkpoints: list[tuple[int, int]] = []  # (batch end offset, watermark there), the last few
        self._meta_offset = -1
        self.state_bytes = 0
        # conversations whose state broke (module docstring): never processed again, their events dead-lettered
        self.quarantined: set[str] = set()
        self._quarantine_new: set[str] = set()  # not yet marked in the changelog

    # -- state ------------------------------------------------------------------------------------------------
    @property
    def open_calls(self) -> int:
        return sum(c.tracker.open_calls for c in self.convs.values()) + self.cold_open_calls

    @property
    def conversations(self) -> int:
        return len(self.convs) + len(self.cold)

    def get(self, cid: str) -> Conversation | None:
        """A conversation as a live object (woken from its serialized form if it was cold)."""
        conv = self.convs.get(cid)
        if conv is not None:
            return conv
        cold = self.cold.pop(cid, None)
        if cold is None:
            return None
        self.obs.state_woken()  # many of these per event: the hot set is smaller than the working set
        h = state_codec.header(cold)
        self.cold_open_calls -= h.n_open
        conv = Conversation.from_state(state_codec.decode(cold), self.cfg)
        conv.deadline = self._deadline(h.open_since)
        conv.evict_at = h.evict_at
        conv.size = len(cold)
        self.convs[cid] = conv
        return conv

    def _deadline(self, open_since: int | None) -> int | None:
        return None if open_since is None else open_since + self.cfg.repair.tool_result_timeout_ms

    def _encode(self, conv: Conversation) -> bytes:
        t = conv.tracker
        return state_codec.encode(conv.to_state(), t.open_since, conv.last_ts, conv.evict_at, t.open_calls)

    def _cool(self) -> None:
        """Serialize the oldest live conversations beyond the hot capacity."""
        convs = self.convs
        excess = len(convs) - self.hot_limit
        while excess > 0:
            cid = next(iter(convs))
            conv = convs[cid]
            excess -= 1
            try:
                value = self._encode(conv)
            except Exception:
                self._quarantine(cid)
                continue
            del convs[cid]
            self.cold[cid] = value
            self.state_bytes += len(value) - conv.size
            self.cold_open_calls += conv.tracker.open_calls

    def restore(self, key: bytes, value: bytes | None) -> None:
        """Apply one changelog record (restore on assignment). Later records win, tombstones delete.

        Restored conversations stay cold until their next event: the record is kept as it came (its header holds
        what the timers need), so a restore parses no state and builds no objects.
        """
        if key == META_KEY:
            if value is not None:
                meta = orjson.loads(value)
                self.watermark = meta["wm"]
                self.offset = meta["o"]
                self._checkpoints = [(int(o), int(wm)) for o, wm in meta.get("cp", ())]
            return
        cid = key.decode(errors="replace")
        self._drop(cid)
        self._ended.pop(cid, None)
        self.quarantined.discard(cid)
        if value is None:
            return
        ttl = self.cfg.conversation_ttl_ms
        try:
            if state_codec.is_json(value):
                st = orjson.loads(value)
                if "x" in st:  # ended at that offset; tombstoned once the commit passes it (finish_restore)
                    self._ended[cid] = int(st["x"])
                    return
                if "q" in st:
                    self.quarantined.add(cid)
                    return
                h = state_codec.legacy_header(st)  # a first-release record: stored in today's form
                value = state_codec.encode(st, h.open_since, h.last_ts, h.last_ts + ttl, h.n_open)
            else:
                h = state_codec.header(value)
                if h.evict_at != h.last_ts + ttl:  # armed by the writer (maybe with another TTL): due from now on
                    value = state_codec.encode_header(value, h.open_since, h.last_ts, h.last_ts + ttl, h.n_open)
        except Exception:  # unreadable: this conversation's state is lost, and that is never silent
            self._quarantine(cid)
            return
        self.cold[cid] = value
        self.cold_open_calls += h.n_open
        self.state_bytes += len(value)

    def _drop(self, cid: str) -> None:
        """Forget a conversation's live or stored form (its timer entries go stale)."""
        conv = self.convs.pop(cid, None)
        if conv is not None:
            self.state_bytes -= conv.size
        old = self.cold.pop(cid, None)
        if old is not None:
            self.cold_open_calls -= state_codec.header(old).n_open
            self.state_bytes -= len(old)

    def _quarantine(self, cid: str) -> None:
        """A conversation whose state may be broken: dropped, counted and marked in the changelog; its later
        events are dead-lettered (`quarantined`), so nothing is decided from a state we cannot trust."""
        with contextlib.suppress(Exception):  # even a state we cannot read can be forgotten
            self._drop(cid)
        self.convs.pop(cid, None)
        self.cold.pop(cid, None)
        self._dirty.discard(cid)
        self._ended.pop(cid, None)
        self._marked.discard(cid)
        self.quarantined.add(cid)
        self._quarantine_new.add(cid)
        self.obs.conversation_quarantined()

    def finish_restore(self, position: int | None = None) -> None:
        """Rebuild the timer heaps from the restored conversations.

        `position` is where processing resumes (the committed offset). The state may hold batches written after
        it (outputs and state acknowledged, commit lost): their conversations skip those records by offset, but
        the partition watermark must be the one at `position`, or a replay of those records would fire timers
        earlier than the first pass did. Offsets are committed at batch ends, and the meta record keeps the
        watermark at each of the last batch ends.
        """
        if position is not None and position - 1 != self.offset:
            earlier = [wm for o, wm in self._checkpoints if o <= position - 1]
            if earlier:
                self.watermark = max(earlier)
            elif position <= 0:
                self.watermark = 0
            elif self._checkpoints:  # further back than the checkpoints reach: the closest we know
                self.watermark = min(wm for _, wm in self._checkpoints)
        if position is not None:
            self.committed(position)
        self._timeouts = []
        self._evictions = []
        for cid, c in self.convs.items():
            self._arm(cid, c)
        for cid, value in self.cold.items():
            h = state_codec.header(value)
            deadline = self._deadline(h.open_since)
            if deadline is not None:
                self._timeouts.append((deadline, cid))
            if h.evict_at is not None:
                self._evictions.append((h.evict_at, cid))
        heapq.heapify(self._timeouts)
        heapq.heapify(self._evictions)

    def take_changelog(self) -> list[tuple[bytes, bytes | None]]:
        """State records for what changed since the last call: conversations, tombstones, then the meta record."""
        out: list[tuple[bytes, bytes | None]] = []
        dirty, self._dirty = self._dirty, set()
        for cid in dirty:
            c = self.convs.get(cid)
            if c is not None:
                try:
                    value = self._encode(c)
                except Exception:  # confined to this conversation (marked below), never the partition
                    self._quarantine(cid)
                    continue
                self.state_bytes += len(value) - c.size
                c.size = len(value)
            else:
                cold = self.cold.get(cid)
                if cold is None:
                    continue
                value = cold  # cooled since it changed: its stored form is current
            out.append((cid.encode(), value))
        for cid in self._marked:
            if cid not in self.convs and cid not in self.cold:
                out.append((cid.encode(), orjson.dumps({"x": self._ended[cid]})))
        for cid in self._gone:
            if cid not in self.convs and cid not in self.cold:
                out.append((cid.encode(), None))
        for cid in self._quarantine_new:
            out.append((cid.encode(), QUARANTINE_MARK))
        self._quarantine_new = set()
        if out or self.offset != self._meta_offset:  # a batch end: remember its watermark
            cps = self._checkpoints
            if not cps or cps[-1][0] != self.offset:
                cps.append((self.offset, self.watermark))
                if len(cps) > CHECKPOINTS:
                    del cps[0]
            self._meta_offset = self.offset
            out.append((META_KEY, orjson.dumps({"wm": self.watermark, "o": self.offset, "cp": cps})))
        self._gone = set()
        self._marked = set()
        return out

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
        saved = self._save(cid) if limit is not None and self._may_not_fit(ev, value, limit) else None
        real_obs = self.obs
        if saved is not None:
            self.obs = _Recorder()
        try:
            self._apply(ev, offset, src, out)
        except (InputError, DeadLetter) as bad:
            kind = bad.kind if isinstance(bad, DeadLetter) else DeadLetterKind.SCHEMA
            self._dead_letter(out, DeadLetterKind(kind), bad.detail, src, key, value, headers)
        except Exception as exc:  # a bug of ours must not stop the partition, nor lose the event
            self._dead_letter(out, DeadLetterKind.INTERNAL, f"{type(exc).__name__}: {exc}"[:200], src, key, value,
                              headers)
            self._quarantine(cid)  # its state may be half-changed
        finally:
            recorder, self.obs = self.obs, real_obs
        if limit is not None and any(len(r.value or b"") + len(r.key or b"") > limit for r in out):
            del out[:]
            if saved is not None:
                self._restore_saved(cid, saved)
            else:  # grew far beyond its input (cannot be undone): nothing is decided from it any more
                self._quarantine(cid)
            self._dead_letter(out, DeadLetterKind.OUTPUT_TOO_LARGE,
                              f"its outputs would exceed the output topic's limit of {limit} bytes", src, key, value,
                              headers)
            self.offset = offset
            return out
        if isinstance(recorder, _Recorder):
            recorder.replay(real_obs)
        self.offset = offset
        if ev.ts > self.watermark:
            self.watermark = ev.ts
        self._fire_timers(offset, src, out)
        if len(self.convs) > self.hot_limit:
            self._cool()
        return out

    def _check_event_time(self, ts: int, timestamp: int | None) -> None:
        """The event-time guard (module docstring), for a `ts` that would move the watermark."""
        cfg = self.cfg
        if timestamp is not None and timestamp >= 0:
            if ts > timestamp + cfg.max_event_time_skew_ms:
                raise DeadLetter(DeadLetterKind.EVENT_TIME,
                                 f"`ts` is {ts - timestamp} ms ahead of the record's timestamp (at most "
                                 f"{cfg.max_event_time_skew_ms})")
        elif self.watermark and ts > self.watermark + cfg.max_watermark_step_ms:
            raise DeadLetter(DeadLetterKind.EVENT_TIME,
                             f"`ts` is {ts - self.watermark} ms ahead of the partition's event time (at most "
                             f"{cfg.max_watermark_step_ms})")

    @staticmethod
    def _may_not_fit(ev: Event, value: bytes | None, limit: int) -> bool:
        """Whether an event's outputs could exceed `limit`: a message's record carries it once; a snapshot's record
        carries every message, the placeholders it adds and its findings, bounded by four times its size."""
        size = len(value or b"") * (4 if ev.type == "request" else 1) + OUTPUT_MARGIN + 2 * len(ev.conversation_id)
        return size > limit

    def _save(self, cid: str) -> tuple[bytes | None, bool, int | None, bool, bool]:
        """A conversation's stored form and bookkeeping, to undo one event."""
        conv = self.convs.get(cid)
        stored = self._encode(conv) if conv is not None else self.cold.get(cid)
        return stored, cid in self._dirty, self._ended.get(cid), cid in self._marked, cid in self.quarantined

    def _restore_saved(self, cid: str, saved: tuple[bytes | None, bool, int | None, bool, bool]) -> None:
        stored, dirty, ended, marked, quarantined = saved
        self._drop(cid)
        if stored is not None:
            h = state_codec.header(stored)
            self.cold[cid] = stored
            self.cold_open_calls += h.n_open
            self.state_bytes += len(stored)
        (self._dirty.add if dirty else self._dirty.discard)(cid)
        if ended is not None:
            self._ended[cid] = ended
        (self._marked.add if marked else self._marked.discard)(cid)
        if quarantined:
            self.quarantined.add(cid)

    def _unknown_dialect(self, cid: str) -> bool:
        """Whether messages of this conversation must be sniffed (no dialect known for it yet)."""
        conv = self.convs.get(cid)
        if conv is not None:
            return conv.tracker.dialect is None
        return True  # new, or cold (not worth waking here: sniffing a few messages is cheaper)

    def _apply(self, ev: Event, offset: int, src: str, out: list[OutRecord]) -> None:
        cid = ev.conversation_id
        conv = self.convs.get(cid)
        if conv is None:
            conv = self.get(cid)  # cold: woken from its serialized form
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
        elif cid in self.quarantined:
            raise DeadLetter(DeadLetterKind.QUARANTINED, "its conversation is quarantined (its state broke)")
        elif cid in self._ended and offset <= self._ended[cid]:
            self.obs.event(ev.type, "duplicate")  # processed before the conversation ended (a replay after a crash)
            return
        elif ev.type == "end":
            self.obs.event(ev.type, "processed")  # nothing open: nothing to decide
            return
        else:
            if self._ended.pop(cid, None) is not None:  # the id is used again, after its end: a new conversation
                self._marked.discard(cid)
            conv = Conversation(Tracker(ev.dialect or "auto", self.cfg.repair),
                                Behaviour() if self.cfg.behaviour else None)
            self.convs[cid] = conv
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
        if typ == "request":
            self._request(ev, conv, emit)
        elif typ == "end":
            emit.step(conv.tracker.finish(DanglingReason.CONVERSATION_END))
            emit.behaviour_end()
            self.convs.pop(cid)
            self._end(cid, conv, offset)
            return
        else:
            feed = conv.tracker.feed
            step = emit.step
            for i, m in enumerate(ev.messages):
                step(feed(m, (offset, i), ts), m)
        self._dirty.add(cid)
        self._arm(cid, conv)

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
            findings.extend(conv.behaviour.on_snapshot(ev.messages, adapter, emit.snapshot_no(), views))
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
        deadline = self._deadline(conv.tracker.open_since)
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
                self._quarantine(cid)
        heap = self._evictions
        while heap and heap[0][0] <= wm:
            when, cid = heapq.heappop(heap)
            try:
                self._evict(cid, when, wm, offset, src, out)
            except Exception:
                self._quarantine(cid)

    def _timeout(self, cid: str, deadline: int, wm: int, src: str, out: list[OutRecord]) -> None:
        cold = self.cold.get(cid)
        if cold is not None and self._deadline(state_codec.header(cold).open_since) != deadline:
            return  # stale, and no need to wake it to know
        conv = self.get(cid)
        if conv is None or conv.deadline != deadline:
            return  # stale entry: the block closed or moved
        conv.deadline = None
        emit = _Emitter(self, conv, cid, wm, src, out)
        emit.step(conv.tracker.advance(wm))
        self._dirty.add(cid)
        self._arm(cid, conv)

    def _evict(self, cid: str, when: int, wm: int, offset: int, src: str, out: list[OutRecord]) -> None:
        cold = self.cold.get(cid)
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
        del self.convs[cid]
        self._dirty.discard(cid)
        self._end(cid, conv, offset)

    def _end(self, cid: str, conv: Conversation, offset: int) -> None:
        self.state_bytes -= conv.size
        self._ended[cid] = offset
        self._marked.add(cid)

    def committed(self, position: int) -> None:
        """Offsets below `position` are committed: markers of conversations that ended there become tombstones
        (written by the next take_changelog)."""
        done = [cid for cid, off in self._ended.items() if off < position]
        for cid in done:
            del self._ended[cid]
            self._marked.discard(cid)
            if cid not in self.convs and cid not in self.cold:
                self._gone.add(cid)

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
_OPENAI_CHAT = dialects.ADAPTERS["openai_chat"]  # how a conversation whose dialect is not known yet is read
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
            findings = findings + behaviour.observe(view, calls, fed, tracker.messages_seen - 1, adapter, obs,
                                                    conv.model, conv.app_version)
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
        dialect = conv.tracker.dialect or "openai_chat"
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


__all__ = ["META_KEY", "Conversation", "EngineConfig", "NullObserver", "Observer", "OutRecord",
           "PartitionProcessor", "replay_records"]
