"""The state store of one input partition: its conversations, live or stored, and the changelog that persists them.

Rules of this file:
* A conversation is either **hot** (a live `Conversation`, at most `hot_limit` of them, oldest first) or **cold**
  (its stored form only: the `state.codec` bytes, which are also its changelog record). Memory then follows the
  compressed state, not Python object overhead (what a live conversation weighs: `bench/results/memory.json`).
* The store knows nothing of events or timers. It keeps what the partition's timers need in each stored form's
  header, and hands that header back when a conversation wakes (`wake`).
* `take_changelog` returns what changed since its last call, as records of the changelog topic: conversation
  states, end markers `{"x": offset}`, quarantine markers `{"q":1}`, tombstones, then the partition's meta record
  (watermark and offset at the batch end). A restore applies those records in order (later ones win).
* An ended conversation leaves a marker, not a tombstone, until the commit passes its end: a new owner resuming
  before that offset must still know that the conversation's records up to it were processed.
* A conversation whose state cannot be trusted (it failed to encode, decode, or apply) is **quarantined**: its
  state is dropped, a marker replaces it in the changelog, and the partition dead-letters its later events.
"""

from __future__ import annotations

import contextlib
from typing import Any

import orjson

from .behaviour import Behaviour
from .config import EngineConfig
from .state import codec
from .state.layout import (
    CONV_APP_VERSION,
    CONV_BEHAVIOUR,
    CONV_LAST_TS,
    CONV_MODEL,
    CONV_OFFSET,
    CONV_RECENT,
    CONV_TOOL_RUNS,
    CONV_TRACKER,
    END_OFFSET,
    META_CHECKPOINTS,
    META_KEY,
    META_OFFSET,
    META_WATERMARK,
    QUARANTINED,
)
from .state.migrate import migrate
from .tally import Tally
from .toolspans import ToolRuns
from .tracker import Tracker

CHECKPOINTS = 64  # batch ends whose watermark the meta record keeps (a restore resumes at one of them)
QUARANTINE_MARK = orjson.dumps({QUARANTINED: 1})


class Conversation:
    __slots__ = ("app_version", "behaviour", "bound", "deadline", "evict_at", "head", "last_ts", "model", "offset",
                 "recent", "runs", "size", "tracker")

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
        # an upper bound on the length of its state's JSON (`state_json_size`), raised by each event's size: the
        # exact size is measured only when the bound passes `max_state_bytes` (partition.py, `_bound_state`)
        self.bound = 0
        self.runs: ToolRuns | None = None  # its tool runs (spans), once one came; shared with its tracker
        # its message records' JSON from after the id to the event time (records.py `Emitter._message`), made once
        self.head = b""

    def take_runs(self) -> ToolRuns:
        """Its tool runs, made when the first comes (the tracker joins them to the calls it decides)."""
        r = self.runs
        if r is None:
            r = self.runs = self.tracker.runs = ToolRuns()
        return r

    def to_state(self) -> dict[str, Any]:
        st: dict[str, Any] = {CONV_TRACKER: self.tracker.to_state(), CONV_LAST_TS: self.last_ts,
                              CONV_OFFSET: self.offset, CONV_RECENT: self.recent or []}
        if self.model is not None:
            st[CONV_MODEL] = self.model
        if self.app_version is not None:
            st[CONV_APP_VERSION] = self.app_version
        if self.behaviour is not None:
            st[CONV_BEHAVIOUR] = self.behaviour.to_state()
        runs = self.runs
        if runs is not None and (runs.runs or runs.decided):
            st[CONV_TOOL_RUNS] = runs.to_state()
        return st

    @classmethod
    def from_state(cls, st: dict[str, Any], cfg: EngineConfig) -> Conversation:
        bs = st.get(CONV_BEHAVIOUR)
        b = Behaviour.from_state(bs) if bs is not None else (Behaviour() if cfg.behaviour else None)
        c = cls(Tracker.from_state(st[CONV_TRACKER], cfg.repair), b)
        c.last_ts = st[CONV_LAST_TS]
        c.offset = st[CONV_OFFSET]
        c.recent = list(st.get(CONV_RECENT, ())) or None
        c.model = c.tracker.model = st.get(CONV_MODEL)
        c.app_version = st.get(CONV_APP_VERSION)
        rs = st.get(CONV_TOOL_RUNS)
        if rs is not None:
            c.runs = c.tracker.runs = ToolRuns.from_state(rs)
        return c


def state_json_size(conv: Conversation) -> int:
    """The length of a conversation's state as JSON, before compression: what `max_state_bytes` bounds."""
    return len(orjson.dumps(conv.to_state()))


def encode(conv: Conversation) -> bytes:
    """A conversation's stored form (its changelog record). Its header holds the tracker's next deadline (an open
    block's timeout or the end of a held block's grace), so timers are armed from headers."""
    t = conv.tracker
    return codec.encode(conv.to_state(), t.next_deadline, conv.last_ts, conv.evict_at, t.open_calls)


Saved = tuple[bytes | None, bool, int | None, bool, bool]  # see ConversationStore.save


class ConversationStore:
    def __init__(self, cfg: EngineConfig, obs: Tally) -> None:
        codec.load()  # zstd (toolmend[worker]): a missing module stops the start, never reads as a bad state
        self.cfg = cfg
        self.obs = obs  # the partition's (it swaps it while an event is applied on a saved copy)
        self.convs: dict[str, Conversation] = {}  # hot: live objects, oldest first
        self.hot_limit = cfg.hot_conversations
        self.cold: dict[str, bytes] = {}  # cold: the stored form
        self.cold_open_calls = 0
        self.state_bytes = 0
        self._dirty: set[str] = set()
        self._gone: set[str] = set()
        self._ended: dict[str, int] = {}  # ended at an offset not yet known to be committed (module docstring)
        self._marked: set[str] = set()  # their markers not yet written
        self.quarantined: set[str] = set()
        self._quarantine_new: set[str] = set()  # their markers not yet written
        self._checkpoints: list[tuple[int, int]] = []  # (batch end offset, watermark there), the last few
        self._meta_offset = -1

    # -- reading ----------------------------------------------------------------------------------------------
    @property
    def open_calls(self) -> int:
        return sum(c.tracker.open_calls for c in self.convs.values()) + self.cold_open_calls

    @property
    def conversations(self) -> int:
        return len(self.convs) + len(self.cold)

    def wake(self, cid: str) -> tuple[Conversation, codec.Header] | None:
        """A cold conversation as a live object, with the header its timers are armed from."""
        cold = self.cold.pop(cid, None)
        if cold is None:
            return None
        self.obs.state_woken()  # many of these per event: the hot set is smaller than the working set
        h = codec.header(cold)
        self.cold_open_calls -= h.open_calls
        st, raw = codec.decode_sized(cold)
        conv = Conversation.from_state(st, self.cfg)
        conv.bound = raw
        conv.evict_at = h.evict_at
        conv.size = len(cold)
        self.convs[cid] = conv
        return conv, h

    def ended_at(self, cid: str) -> int | None:
        return self._ended.get(cid)

    def timer_entries(self) -> list[tuple[str, int | None, int | None]]:
        """(conversation, next deadline, eviction time) of every cold conversation, to rebuild timers."""
        out: list[tuple[str, int | None, int | None]] = []
        for cid, value in self.cold.items():
            h = codec.header(value)
            out.append((cid, h.next_deadline, h.evict_at))
        return out

    def pending_timers(self) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
        """The (due, conversation) timeout and eviction entries that can still fire, of every conversation (live
        ones: the entries they armed; cold ones: their headers): the timer queues without their stale entries."""
        timeouts: list[tuple[int, str]] = []
        evictions: list[tuple[int, str]] = []
        for cid, c in self.convs.items():
            if c.deadline is not None:
                timeouts.append((c.deadline, cid))
            if c.evict_at is not None:
                evictions.append((c.evict_at, cid))
        for cid, deadline, evict_at in self.timer_entries():
            if deadline is not None:
                timeouts.append((deadline, cid))
            if evict_at is not None:
                evictions.append((evict_at, cid))
        return timeouts, evictions

    # -- changing -----------------------------------------------------------------------------------------------
    def add(self, cid: str, conv: Conversation) -> None:
        """A new conversation (an id used again after its end starts afresh)."""
        if self._ended.pop(cid, None) is not None:
            self._marked.discard(cid)
        self.convs[cid] = conv

    def changed(self, cid: str) -> None:
        self._dirty.add(cid)

    def end(self, cid: str, conv: Conversation, offset: int) -> None:
        """The conversation ended (or was evicted) at `offset`: a marker until the commit passes it."""
        self.convs.pop(cid, None)
        self._dirty.discard(cid)
        self.state_bytes -= conv.size
        self._ended[cid] = offset
        self._marked.add(cid)

    def cool(self) -> None:
        """Serialize the oldest live conversations beyond the hot capacity."""
        convs = self.convs
        excess = len(convs) - self.hot_limit
        while excess > 0:
            cid = next(iter(convs))
            conv = convs[cid]
            excess -= 1
            try:
                value = encode(conv)
            except Exception:
                self.quarantine(cid)
                continue
            del convs[cid]
            self.cold[cid] = value
            self.state_bytes += len(value) - conv.size
            self.cold_open_calls += conv.tracker.open_calls

    def drop(self, cid: str) -> None:
        """Forget a conversation's live or stored form (its timer entries go stale)."""
        conv = self.convs.pop(cid, None)
        if conv is not None:
            self.state_bytes -= conv.size
        old = self.cold.pop(cid, None)
        if old is not None:
            self.cold_open_calls -= codec.header(old).open_calls
            self.state_bytes -= len(old)

    def quarantine(self, cid: str) -> None:
        """A conversation whose state may be broken: dropped, counted and marked in the changelog; the partition
        dead-letters its later events (`quarantined`), so nothing is decided from a state we cannot trust."""
        with contextlib.suppress(Exception):  # even a state we cannot read can be forgotten
            self.drop(cid)
        self.convs.pop(cid, None)
        self.cold.pop(cid, None)
        self._dirty.discard(cid)
        self._ended.pop(cid, None)
        self._marked.discard(cid)
        self.quarantined.add(cid)
        self._quarantine_new.add(cid)
        self.obs.conversation_quarantined()

    def save(self, cid: str) -> Saved:
        """A conversation's stored form and bookkeeping, to undo one event (`restore_saved`)."""
        conv = self.convs.get(cid)
        stored = encode(conv) if conv is not None else self.cold.get(cid)
        return stored, cid in self._dirty, self._ended.get(cid), cid in self._marked, cid in self.quarantined

    def restore_saved(self, cid: str, saved: Saved) -> None:
        stored, dirty, ended, marked, quarantined = saved
        self.drop(cid)
        if stored is not None:
            self.cold[cid] = stored
            self.cold_open_calls += codec.header(stored).open_calls
            self.state_bytes += len(stored)
        (self._dirty.add if dirty else self._dirty.discard)(cid)
        if ended is not None:
            self._ended[cid] = ended
        (self._marked.add if marked else self._marked.discard)(cid)
        if quarantined:
            self.quarantined.add(cid)

    # -- the changelog ------------------------------------------------------------------------------------------
    def restore(self, key: bytes, value: bytes | None) -> None:
        """Apply one conversation's changelog record (restore on assignment). Later records win, tombstones
        delete. Restored conversations stay cold until their next event: the record is kept as it came (its
        header holds what the timers need), so a restore parses no state and builds no objects."""
        cid = key.decode(errors="replace")
        self.drop(cid)
        self._ended.pop(cid, None)
        self.quarantined.discard(cid)
        if value is None:
            return
        ttl = self.cfg.conversation_ttl_ms
        try:
            if codec.is_json(value):
                st = orjson.loads(value)
                if END_OFFSET in st:  # ended at that offset; tombstoned once the commit passes it (committed)
                    self._ended[cid] = int(st[END_OFFSET])
                    return
                if QUARANTINED in st:
                    self.quarantined.add(cid)
                    return
            value = migrate(value, self.cfg.repair.tool_result_timeout_ms)  # an older layout: in today's
            h = codec.header(value)
            due = h.last_event_time + ttl
            if h.evict_at != due:  # armed by the writer (maybe with another TTL): due from now on
                value = codec.encode_header(value, h.next_deadline, h.last_event_time, due, h.open_calls)
        except Exception:  # unreadable: this conversation's state is lost, and that is never silent
            self.quarantine(cid)
            return
        self.cold[cid] = value
        self.cold_open_calls += h.open_calls
        self.state_bytes += len(value)

    def restore_meta(self, value: bytes) -> tuple[int, int]:
        """The partition's meta record: (watermark, offset) as of its last batch end."""
        meta = orjson.loads(value)
        self._checkpoints = [(int(o), int(wm)) for o, wm in meta.get(META_CHECKPOINTS, ())]
        return int(meta[META_WATERMARK]), int(meta[META_OFFSET])

    def watermark_at(self, position: int, offset: int, watermark: int) -> int:
        """The watermark to resume with at `position` (the committed offset). The state may hold batches written
        after it (outputs and state acknowledged, commit lost): their conversations skip those records by offset,
        but the partition watermark must be the one at `position`, or a replay of those records would fire timers
        earlier than the first pass did. Offsets are committed at batch ends; the meta record keeps the watermark
        at each of the last batch ends."""
        if position - 1 == offset:
            return watermark
        earlier = [wm for o, wm in self._checkpoints if o <= position - 1]
        if earlier:
            return max(earlier)
        if position <= 0:
            return 0
        if self._checkpoints:  # further back than the checkpoints reach: the closest we know
            return min(wm for _, wm in self._checkpoints)
        return watermark

    def take_changelog(self, offset: int, watermark: int) -> list[tuple[bytes, bytes | None]]:
        """Records for what changed since the last call: conversations, markers, tombstones, then the meta
        record of this batch end (`offset`, `watermark`)."""
        out: list[tuple[bytes, bytes | None]] = []
        dirty, self._dirty = self._dirty, set()
        for cid in dirty:
            c = self.convs.get(cid)
            if c is not None:
                try:
                    value = encode(c)
                except Exception:  # confined to this conversation (marked below), never the partition
                    self.quarantine(cid)
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
                out.append((cid.encode(), orjson.dumps({END_OFFSET: self._ended[cid]})))
        for cid in self._gone:
            if cid not in self.convs and cid not in self.cold:
                out.append((cid.encode(), None))
        for cid in self._quarantine_new:
            out.append((cid.encode(), QUARANTINE_MARK))
        self._gone = set()
        self._marked = set()
        self._quarantine_new = set()
        if out or offset != self._meta_offset:  # a batch end: remember its watermark
            cps = self._checkpoints
            if not cps or cps[-1][0] != offset:
                cps.append((offset, watermark))
                if len(cps) > CHECKPOINTS:
                    del cps[0]
            self._meta_offset = offset
            meta = {META_WATERMARK: watermark, META_OFFSET: offset, META_CHECKPOINTS: cps}
            out.append((META_KEY, orjson.dumps(meta)))
        return out

    def committed(self, position: int) -> None:
        """Offsets below `position` are committed: markers of conversations that ended there become tombstones
        (written by the next take_changelog)."""
        done = [cid for cid, off in self._ended.items() if off < position]
        for cid in done:
            del self._ended[cid]
            self._marked.discard(cid)
            if cid not in self.convs and cid not in self.cold:
                self._gone.add(cid)


__all__ = ["CHECKPOINTS", "META_KEY", "QUARANTINE_MARK", "Conversation", "ConversationStore", "Saved", "encode",
           "state_json_size"]
