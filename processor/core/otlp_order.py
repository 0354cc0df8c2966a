"""The re-keying stage's merge of its source partitions by event time: events held under a low watermark with a
bounded reorder window, released in one order whatever batches the fetches cut the input into.

The Collector spreads one conversation's spans over the source partitions (round robin, or by trace id), and the
broker hands them over in batches of its own choosing. The engine must see a conversation's events in event-time
order, and the repartition offsets its output ids are made of must not depend on those batches. So every event
the re-keying gives waits here until no source partition can still bring an earlier one, and leaves in the order
of its key: (event time, traceparent, value), a total order made of the input alone.

Rules:

* **Watermark**: the minimum, over the assigned source partitions that are not idle, of the latest event time
  seen on each (`progress`: any span of a record counts, not only the ones that became events). A partition
  assigned but not seen yet holds it back (it may still bring anything).
* **Release**: every held event whose time is below the watermark minus the window (`window_ms`) leaves, in key
  order. Strictly below: an event of the watermark's own millisecond may still have a sibling with a smaller key.
* **Idle partitions**: a partition known to be at its end (`idle`: the shell's fetch reached the partition's end)
  does not hold the watermark back until it brings something again. When every assigned partition is idle,
  everything held leaves (`flush`: the end of the input, as the offline pass ends).
* **Late events**: an event whose key is below the last one released (a partition further behind than the window,
  or an idle one that woke up) leaves at once, in arrival order, and is counted (`late`). It is never dropped: the
  engine judges it as it judges any event out of order.
* **Bounds**: at most `max_events` events and `max_bytes` bytes are held; past either, the earliest leave before
  the watermark lets them (counted in `forced`), and whatever then comes below them is late.
* **Offsets**: `low_offsets()` names, per source partition, the lowest offset of a record with an event still
  held: the shell never commits past it, so a crash or a revoke replays it (its events come again with the same
  `event_id`, which the engine recognises). A revoked partition's held events are dropped (`revoke`) for the
  same reason.
* Events without an event time (`ts` < 0) leave at once: there is nothing to order them by.
* An event whose key equals one still held (the same span read twice: a source record redelivered, or the
  Collector's retry) is dropped and counted (`duplicates`); one that comes after its twin left is late, and the
  engine recognises its `event_id`.

What an event is (its value, headers, destination) is the caller's: this module holds opaque items with their
key, source and size, and reads no clock.
"""

from __future__ import annotations

import heapq
from typing import Any

Source = tuple[str, int]  # (topic, partition)
Key = tuple[int, bytes, bytes]  # (event time in ms, traceparent, value)

#: the defaults of the stage's settings (shell/config.py: otlp_reorder_ms, otlp_reorder_max_events/_bytes)
DEFAULT_WINDOW_MS = 5_000
DEFAULT_MAX_EVENTS = 20_000
DEFAULT_MAX_BYTES = 64 << 20


class Held:
    """One event waiting: its key, where it came from, its size and the caller's item."""

    __slots__ = ("item", "key", "offset", "size", "source")

    def __init__(self, key: Key, source: Source, offset: int, size: int, item: Any) -> None:
        self.key = key
        self.source = source
        self.offset = offset
        self.size = size
        self.item = item

    def __lt__(self, other: Held) -> bool:
        return self.key < other.key  # keys held are distinct (duplicates are dropped)


class Reorder:
    """Events of several source partitions merged by event time (the rules are the module's)."""

    def __init__(self, window_ms: int = DEFAULT_WINDOW_MS, max_events: int = DEFAULT_MAX_EVENTS,
                 max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.window_ms = window_ms
        self.max_events = max_events
        self.max_bytes = max_bytes
        self.heap: list[Held] = []
        self.keys: set[Key] = set()  # the keys held
        self.bytes = 0
        self.seen: dict[Source, int] = {}  # assigned partitions -> latest event time seen (-1: none yet)
        self.idle_sources: set[Source] = set()
        self.frontier: Key | None = None  # the largest key released
        self.late = 0  # events released at once, below what had been released
        self.forced = 0  # events released early by the bounds
        self.duplicates = 0  # events dropped: their twin was held

    def __len__(self) -> int:
        return len(self.heap)

    def assign(self, sources: list[Source]) -> None:
        for s in sources:
            self.seen.setdefault(s, -1)

    def revoke(self, sources: list[Source]) -> None:
        """Partitions let go: their held events dropped (their offsets were never committed past them)."""
        gone = set(sources)
        for s in gone:
            self.seen.pop(s, None)
            self.idle_sources.discard(s)
        kept = [h for h in self.heap if h.source not in gone]
        if len(kept) != len(self.heap):
            heapq.heapify(kept)
            self.heap = kept
            self.keys = {h.key for h in kept}
            self.bytes = sum(h.size for h in kept)

    def progress(self, source: Source, ts: int) -> None:
        """A record of `source` was read whose latest span ends at `ts` (ms; -1: none)."""
        self.idle_sources.discard(source)
        if ts > self.seen.get(source, -1):
            self.seen[source] = ts
        else:
            self.seen.setdefault(source, -1)

    def idle(self, source: Source) -> None:
        """`source` is at its end: it no longer holds the watermark back (until its next record)."""
        if source in self.seen:
            self.idle_sources.add(source)

    def add(self, source: Source, offset: int, ts: int, tie: bytes, value: bytes, item: Any) -> list[Any]:
        """Hold one event; what must leave at once (itself, when late or untimed) is returned."""
        self.progress(source, ts)
        key = (ts, tie, value)
        if ts < 0:
            return [item]
        if self.frontier is not None and key < self.frontier:
            self.late += 1
            return [item]
        if key in self.keys:
            self.duplicates += 1
            return []
        self.keys.add(key)
        size = len(tie) + len(value) + 64
        heapq.heappush(self.heap, Held(key, source, offset, size, item))
        self.bytes += size
        return []

    def watermark(self) -> int | None:
        """The low watermark (None: a partition has not been seen yet, or nothing is assigned; every assigned
        partition idle: no bound, everything may leave)."""
        if not self.seen:
            return None
        low: int | None = None
        for s, ts in self.seen.items():
            if s in self.idle_sources:
                continue
            if ts < 0:
                return None
            if low is None or ts < low:
                low = ts
        return (1 << 62) if low is None else low

    def release(self) -> list[Any]:
        """The events the watermark and the bounds let go, in key order."""
        out: list[Any] = []
        w = self.watermark()
        if w is not None:
            cut = w - self.window_ms
            while self.heap and self.heap[0].key[0] < cut:
                out.append(self._pop())
        while self.heap and (len(self.heap) > self.max_events or self.bytes > self.max_bytes):
            self.forced += 1
            out.append(self._pop())
        return out

    def flush(self) -> list[Any]:
        """Everything held, in key order (the end of the input)."""
        out: list[Any] = []
        while self.heap:
            out.append(self._pop())
        return out

    def low_offsets(self) -> dict[Source, int]:
        """Per source partition, the lowest offset of a record with an event still held."""
        low: dict[Source, int] = {}
        for h in self.heap:
            o = low.get(h.source)
            if o is None or h.offset < o:
                low[h.source] = h.offset
        return low

    def _pop(self) -> Any:
        h = heapq.heappop(self.heap)
        self.bytes -= h.size
        self.keys.discard(h.key)
        if self.frontier is None or h.key > self.frontier:
            self.frontier = h.key
        return h.item


__all__ = ["DEFAULT_MAX_BYTES", "DEFAULT_MAX_EVENTS", "DEFAULT_WINDOW_MS", "Reorder"]
