"""The state rebuilt for a new partition count of the input, conversation by conversation (`toolmend recover
--repartition --by-conversation`): each conversation's state goes to the partition its key maps to under the new
count, computed from all of its events in every input partition, so a conversation that moved partitions goes on
with its whole history. No I/O: the shell reads the input and writes what :meth:`Rehome.state` returns.

Rules (the offline pass the tests compare with is these rules over the input as stored):

* **Route**: a record goes to the new partition `route(key)` (Kafka's partitioner over the new count; an unkeyed
  record by its event's conversation id). Only that partition applies it.
* **Range**: each input partition from its beginning up to its committed offset (what the engine had processed);
  records at or past it are the worker's.
* **Order**: each partition's records in offset order (the order the engine saw them), the partitions merged by
  event time: of their next records, the one with the smallest (`ts`, partition, offset) goes first (`merge_key`;
  no readable `ts` counts as -1). This is how Kafka Streams picks among a task's partitions; the OTLP stage's
  merge (`otlp_order.py`) also orders by event time, but it may reorder within a partition, which the engine here
  already processed in offset order.
* **Event time**: a new partition's watermark follows every record of the input partitions that can feed it
  (old partition p feeds new partition q when p = q modulo gcd(old count, new count)): its own conversations'
  records are applied, the others only move its event time and fire its timers
  (`PartitionProcessor.pass_time`), when they pass the checks under which the first pass moved it (they parse, their
  messages are readable, their outputs fit). So when the new count is a multiple of the old one (4 to 8), each new
  partition has one source, and a conversation whose records lie in one old partition gets exactly the state that
  partition's pass had: the state its outputs were decided with (a timeout that pass fired is fired, not fired
  again later). Otherwise several partitions' event times merge, and a timer due near the change can fire a
  record earlier or later than it did.
* **Resuming**: a new partition resumes at the event time of its own conversations' records (the largest `ts`
  applied to it), not at that of the records that only moved its time: an old partition's records processed
  after the change (producers already keyed over the new count) can be far ahead of the first records of the new
  partitions, which would otherwise all come late. Timers already fired stay fired.
* **Offsets**: the records of new partition q are applied under offsets of their own, below any real one:
  `base + k` for its k-th record (applied or only moving time), `base = -1 - sum(committed offsets)`. A message
  held back at the change and released later carries such an offset in its id (`<input>:<q>:<offset>:<i>`),
  unique, and never equal to an id of a real record. At the end, q's position is its own committed offset (its
  meta record), and conversations that ended during the rebuild leave nothing.
* **Bounds**: each new partition is a `PartitionProcessor` with the worker's caps (`max_state_bytes`, eviction by
  `conversation_ttl_ms`, the live conversations shared out by `share_hot`); its changelog bookkeeping is drained
  every `DRAIN_EVERY` records, as the worker's batches do. Memory is the rebuilt state, as the worker's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from math import gcd

import orjson

from . import dialects
from .config import DEFAULT_ENGINE, EngineConfig
from .events import Event, parse_event
from .partition import PartitionProcessor, share_hot
from .state.layout import META_CHECKPOINTS, META_KEY, META_OFFSET, META_WATERMARK
from .store import QUARANTINE_MARK, encode

DRAIN_EVERY = 5000  # records per new partition between drains of its changelog bookkeeping
_TOO_LARGE = b"output_too_large"


def merge_key(partition: int, offset: int, value: bytes | None) -> tuple[int, int, int]:
    """The order of the merge: (event `ts`, partition, offset); -1 for a record without a readable `ts`."""
    ts = -1
    if value:
        try:
            doc = orjson.loads(value)
        except orjson.JSONDecodeError:
            doc = None
        if type(doc) is dict:
            t = doc.get("ts")
            if type(t) is int:
                ts = t
    return ts, partition, offset


def sources(old: int, new: int) -> dict[int, list[int]]:
    """{old partition: the new partitions it can feed}: p feeds q when some key maps to p under `old` and to q
    under `new`, that is when p = q modulo gcd(old, new). An unknown old count (0) feeds every new partition."""
    g = gcd(old, new) if old > 0 else 1
    return {p: [q for q in range(new) if q % g == p % g] for p in range(max(old, new))}


class Rehome:
    """The state of every new partition, rebuilt from the merged input (the rules are the module's)."""

    def __init__(self, topic: str, count: int, old_count: int, positions: dict[int, int],
                 route: Callable[[bytes], int], config: EngineConfig = DEFAULT_ENGINE,
                 hot_budget: int | None = None) -> None:
        self.count = count
        self.route = route
        self.cfg = config
        self.procs = {q: PartitionProcessor(topic, q, config) for q in range(count)}
        share_hot(hot_budget if hot_budget is not None else config.hot_conversations, self.procs.values())
        self.base = -1 - sum(max(0, c) for c in positions.values())
        self.next = dict.fromkeys(self.procs, self.base)
        self.feeds = sources(old_count, count)
        self.records = 0  # records merged
        self.applied = 0  # records applied to their conversation's new partition
        self.unrouted = 0  # records with neither a key nor a readable conversation id
        self._since = dict.fromkeys(self.procs, 0)
        self.own_time = dict.fromkeys(self.procs, 0)  # the largest `ts` of a record applied to each new partition

    def add(self, partition: int, key: bytes | None, value: bytes | None,
            headers: Iterable[tuple[str, bytes]] = (), timestamp: int | None = None) -> None:
        """The next record of the merge, from input `partition`."""
        self.records += 1
        ev: Event | None
        try:
            ev = parse_event(key, value, self.cfg.max_event_bytes)
        except Exception:  # dead-lettered when first processed: it moved no time
            ev = None
        home = key if key is not None else (ev.conversation_id.encode() if ev is not None else None)
        owner = self.route(home) if home is not None else -1
        if ev is not None and not self._reads(ev, self.procs.get(owner)):
            ev = None
        if owner in self.procs:
            proc = self.procs[owner]
            out = proc.process(self._offset(owner), key, value, headers, timestamp)
            self.applied += 1
            if ev is not None and any(o.kind == "dead_letter" and _kind(o.headers) == _TOO_LARGE for o in out):
                ev = None  # undone whole: its time did not count
            if ev is not None and ev.ts > self.own_time[owner] and proc.watermark >= ev.ts:
                self.own_time[owner] = ev.ts
        else:
            self.unrouted += 1
        feeds = self.feeds.get(partition)
        for q in feeds if feeds is not None else range(self.count):
            if q != owner:
                off = self._offset(q)
                if ev is not None:
                    self.procs[q].pass_time(off, ev.ts, timestamp)
                else:
                    self.procs[q].offset = off

    def _offset(self, q: int) -> int:
        off = self.next[q]
        self.next[q] = off + 1
        n = self._since[q] = self._since[q] + 1
        if n >= DRAIN_EVERY:  # as a worker's batch end: ended conversations forgotten, bookkeeping drained
            self._since[q] = 0
            proc = self.procs[q]
            proc.committed(proc.offset + 1)
            proc.take_changelog()
        return off

    @staticmethod
    def _reads(ev: Event, owner: PartitionProcessor | None) -> bool:
        """Whether the first pass read the event's messages (`PartitionProcessor.process`'s checks before its
        conversation is touched): a record refused there moved no time."""
        if ev.type == "end" or ev.type == "tool_run":
            return True
        try:
            if ev.dialect is not None:
                dialects.check(ev.messages, dialects.get(ev.dialect).name)
            else:
                conv = owner.convs.get(ev.conversation_id) if owner is not None else None
                if conv is None or conv.tracker.dialect is None:
                    dialects.detect(ev.messages)
                else:
                    dialects.ensure_readable(ev.messages)
        except Exception:
            return False
        return True

    def state(self, q: int, position: int) -> list[tuple[bytes, bytes | None]]:
        """The changelog records of new partition q resuming at its committed `position`: every live
        conversation's stored form, quarantine markers, then the meta record (position - 1, and the event time of
        q's own records: see the module's rules)."""
        proc = self.procs[q]
        proc.committed(proc.offset + 1)  # every end was before the change: nothing to remember of it
        proc.take_changelog()
        wm = self.own_time[q]
        proc.offset = position - 1
        out: list[tuple[bytes, bytes | None]] = []
        for cid, conv in list(proc.convs.items()):
            try:
                out.append((cid.encode(), encode(conv)))
            except Exception:  # as take_changelog: confined to that conversation
                out.append((cid.encode(), QUARANTINE_MARK))
        out += [(cid.encode(), value) for cid, value in proc.cold.items()]
        out += [(cid.encode(), QUARANTINE_MARK) for cid in sorted(proc.quarantined)]
        meta = {META_WATERMARK: wm, META_OFFSET: position - 1, META_CHECKPOINTS: [[position - 1, wm]]}
        out.append((META_KEY, orjson.dumps(meta)))
        return out


def _kind(headers: Iterable[tuple[str, bytes]]) -> bytes:
    for k, v in headers:
        if k == "toolmend-error-kind":
            return v
    return b""


__all__ = ["DRAIN_EVERY", "Rehome", "merge_key", "sources"]
