"""A partition's event time and its timers: the event-time guard, the watermark, and the two timer queues
(result timeouts and evictions), in the way of Kafka Streams' `PunctuationQueue.mayPunctuate(streamTime)`: after
each record the partition takes every entry due by the watermark, earliest first, the timeouts before the
evictions (`due_timeout`, `due_eviction`); an entry scheduled meanwhile and already due is taken in the same pass.
The worker takes a bulk of due entries in slices (`PartitionProcessor.process(timer_budget=...)`, `fire_due`),
always all of them before the next record: the same outputs in the same order.

Time is event time only: the watermark is the largest `ts` applied on the partition; it never moves on its own
(an idle partition decides nothing until its next event: the price of replays that reproduce live output
exactly), and it is persisted with the state.

The event-time guard, decided from the record alone (so a replay decides the same):
* a `ts` more than `max_event_time_skew_ms` ahead of its record's Kafka timestamp is refused
  (`DeadLetter(event_time)`) before it touches any state: a forged or mistyped far-future `ts`;
* a `ts` within the skew of its record timestamp is corroborated by it and accepted however far it moves the
  watermark: a partition idle for weeks, or whose watermark an old batch or a backfill set, takes live traffic at
  once. Forging the record timestamp too is the broker's to refuse (Apache Kafka 4 takes producer timestamps at
  most `message.timestamp.after.max.ms`, 1 h by default, ahead of its clock; a `LogAppendTime` topic takes none);
* input without record timestamps (files without them, library replays) has only its own events to go by: a `ts`
  more than `max_watermark_step_ms` past the watermark is refused.

Entries are (due, conversation id) and may go stale (the conversation's deadline moved, it was evicted, it ended):
the partition decides; this module knows nothing of conversations, and never reads a clock. A stale entry stays
until it comes due (lazy deletion), so an ended conversation's eviction entry would stay for a whole TTL: once the
queues hold far more entries than the live conversations can have valid (`crowded`), the partition rebuilds them
from its conversations. The queues then follow the live conversations, not the conversations seen within a TTL;
dropping stale entries changes nothing that fires, nor its order ((due, conversation) is a total order).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from .config import EngineConfig
from .events import DeadLetter, DeadLetterKind

# entries tolerated beyond three per live conversation (each has at most one timeout and one eviction entry that
# can fire) before the queues are rebuilt
SPARE_ENTRIES = 1024


class Timers:
    __slots__ = ("_evictions", "_timeouts", "max_skew_ms", "max_step_ms", "spare", "watermark")

    def __init__(self, cfg: EngineConfig) -> None:
        self.max_skew_ms = cfg.max_event_time_skew_ms
        self.max_step_ms = cfg.max_watermark_step_ms
        self.watermark = 0  # ms event time
        self._timeouts: list[tuple[int, str]] = []
        self._evictions: list[tuple[int, str]] = []
        self.spare = SPARE_ENTRIES

    # -- event time -----------------------------------------------------------------------------------------------
    def check(self, ts: int, timestamp: int | None) -> None:
        """The event-time guard (module docstring) for an event at `ts` (ms); `timestamp` is its record's Kafka
        timestamp, None (or negative, as Kafka says "none") where the input has none."""
        if ts <= self.watermark:
            return
        if timestamp is not None and timestamp >= 0:
            if ts > timestamp + self.max_skew_ms:
                raise DeadLetter(DeadLetterKind.EVENT_TIME,
                                 f"`ts` is {ts - timestamp} ms ahead of the record's timestamp (at most "
                                 f"{self.max_skew_ms})")
            return  # corroborated by the record timestamp: the step over the watermark is real time passing
        if self.watermark and ts > self.watermark + self.max_step_ms:
            raise DeadLetter(DeadLetterKind.EVENT_TIME,
                             f"`ts` is {ts - self.watermark} ms ahead of the partition's event time (at most "
                             f"{self.max_step_ms}) and the record has no timestamp to corroborate it")

    def advance(self, ts: int) -> None:
        """An event at `ts` was applied: the watermark follows it (never back)."""
        if ts > self.watermark:
            self.watermark = ts

    # -- the queues -------------------------------------------------------------------------------------------------
    def schedule_timeout(self, due: int, cid: str) -> None:
        heapq.heappush(self._timeouts, (due, cid))

    def schedule_eviction(self, due: int, cid: str) -> None:
        heapq.heappush(self._evictions, (due, cid))

    def rebuild(self, timeouts: Iterable[tuple[int, str]], evictions: Iterable[tuple[int, str]]) -> None:
        """Both queues from scratch (a restore), from (due, conversation) entries."""
        self._timeouts = list(timeouts)
        self._evictions = list(evictions)
        heapq.heapify(self._timeouts)
        heapq.heapify(self._evictions)

    def due_timeout(self, stream_time: int) -> tuple[int, str] | None:
        """The earliest result-timeout entry due by `stream_time` (removed), or None."""
        heap = self._timeouts
        if heap and heap[0][0] <= stream_time:
            return heapq.heappop(heap)
        return None

    def due_eviction(self, stream_time: int) -> tuple[int, str] | None:
        """The earliest eviction entry due by `stream_time` (removed), or None."""
        heap = self._evictions
        if heap and heap[0][0] <= stream_time:
            return heapq.heappop(heap)
        return None

    def any_due(self, stream_time: int) -> bool:
        """Some entry (stale or not) is due by `stream_time`."""
        return bool((self._timeouts and self._timeouts[0][0] <= stream_time)
                    or (self._evictions and self._evictions[0][0] <= stream_time))

    def crowded(self, live: int) -> bool:
        """The queues hold more than three entries per live conversation (at most two of them can be valid), and
        `spare` more: the partition should rebuild them. A rebuild leaves at most two per live conversation, and a
        record adds at most a few entries, so the next one is (live + spare) / 3 records away at least: rebuilding
        (O(live)) costs O(1) per record, amortized."""
        return len(self._timeouts) + len(self._evictions) > 3 * live + self.spare

    def queues(self) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
        """The timeout and eviction queues as they are (stale entries included), to measure them."""
        return self._timeouts, self._evictions


__all__ = ["SPARE_ENTRIES", "Timers"]
