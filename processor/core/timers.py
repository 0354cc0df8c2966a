"""A partition's event time and its timers: the event-time guard, the watermark, and the two timer queues
(result timeouts and evictions), in the way of Kafka Streams' `PunctuationQueue.mayPunctuate(streamTime)`: after
each record the partition takes every entry due by the watermark, earliest first, the timeouts before the
evictions (`due_timeout`, `due_eviction`); an entry scheduled meanwhile and already due is taken in the same pass.
The worker takes a bulk of due entries in slices (`PartitionProcessor.process(timer_budget=...)`, `fire_due`),
always all of them before the next record: the same outputs in the same order.

Time is event time only: the watermark is the largest `ts` applied on the partition; it never moves on its own
(an idle partition decides nothing until its next event: the price of replays that reproduce live output
exactly), and it is persisted with the state.

The event-time guard: a `ts` that would move the watermark more than `max_event_time_skew_ms` past the record's
own Kafka timestamp, or more than `max_watermark_step_ms` past the watermark (the record timestamp is the
producer's to set, and may be forged), is refused (`DeadLetter(event_time)`) before it touches any state. Both
references are part of the input, so a replay decides the same.

Entries are (due, conversation id) and may go stale (the conversation's deadline moved, it was evicted, it ended):
the partition decides; this module knows nothing of conversations, and never reads a clock.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable

from .config import EngineConfig
from .events import DeadLetter, DeadLetterKind


class Timers:
    __slots__ = ("_evictions", "_timeouts", "max_skew_ms", "max_step_ms", "watermark")

    def __init__(self, cfg: EngineConfig) -> None:
        self.max_skew_ms = cfg.max_event_time_skew_ms
        self.max_step_ms = cfg.max_watermark_step_ms
        self.watermark = 0  # ms event time
        self._timeouts: list[tuple[int, str]] = []
        self._evictions: list[tuple[int, str]] = []

    # -- event time -----------------------------------------------------------------------------------------------
    def check(self, ts: int, timestamp: int | None) -> None:
        """The event-time guard (module docstring) for an event at `ts` (ms); `timestamp` is its record's Kafka
        timestamp, None where the input has none. The record timestamp is the producer's to set (CreateTime), so
        it bounds an honest producer's clock skew; the step over the partition's own event time bounds a forged
        one too."""
        if ts <= self.watermark:
            return
        if timestamp is not None and timestamp >= 0 and ts > timestamp + self.max_skew_ms:
            raise DeadLetter(DeadLetterKind.EVENT_TIME,
                             f"`ts` is {ts - timestamp} ms ahead of the record's timestamp (at most "
                             f"{self.max_skew_ms})")
        if self.watermark and ts > self.watermark + self.max_step_ms:
            raise DeadLetter(DeadLetterKind.EVENT_TIME,
                             f"`ts` is {ts - self.watermark} ms ahead of the partition's event time (at most "
                             f"{self.max_step_ms})")

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

    def queues(self) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
        """The timeout and eviction queues as they are (stale entries included), to measure them."""
        return self._timeouts, self._evictions


__all__ = ["Timers"]
