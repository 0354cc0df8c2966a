"""Merging the events of many conversations by event time, keeping every timeout decidable: a conversation
that resumes after a timed-out call must not be the one that moves its partition's watermark past the call's
deadline, so a short filler conversation is put on that partition in between when no other traffic did.
"""

from __future__ import annotations

import heapq
import random
import uuid
from collections.abc import Iterator

from aiokafka.partitioner import murmur2

from processor.synth.conversation import Config, Conversation
from processor.synth.events import GeneratedEvent, pack
from processor.synth.truth import GroundTruth


def kafka_partition(key: bytes, partitions: int) -> int:
    """The partition Kafka's default partitioner gives a keyed record (murmur2 as the Java client computes it:
    aiokafka's, the one implementation in the package)."""
    return (int(murmur2(key)) & 0x7FFFFFFF) % partitions


class Merger:
    """Merges the conversations' events in event-time order, and keeps every timeout decidable: before a
    timed-out conversation resumes, the watermark of its partition must have passed the call's deadline."""

    def __init__(self, seed: int, cfg: Config, partitions: int, truth: GroundTruth | None) -> None:
        self.cfg = cfg
        self.partitions = partitions
        self.truth = truth
        self.heap: list[tuple[int, int, int, GeneratedEvent, int, int | None]] = []
        self.order = 0  # tie-break between conversations (fillers: negative, first at equal ts)
        self.fillers = 0
        self.watermarks: dict[int, int] = {}  # partition -> largest ts of a valid event yielded there
        self.last_ts = 0
        self.filler_rng = random.Random(seed ^ 0x6B656570_616C6976)

    def partition(self, key: bytes) -> int:
        return 0 if self.partitions == 1 else kafka_partition(key, self.partitions)

    def add(self, conv: Conversation, events: list[tuple[int, GeneratedEvent, int | None]]) -> None:
        part = self.partition(conv.id.encode())
        if conv.truth.filler:
            self.fillers += 1
            order = -self.fillers
        else:
            order = self.order
            self.order += 1
        for j, (ts, ev, guard) in enumerate(events):
            heapq.heappush(self.heap, (ts, order, j, ev, part, guard))

    def pop_until(self, limit: int | None) -> Iterator[GeneratedEvent]:
        """Yield every event with ts < limit (all of them when limit is None)."""
        heap = self.heap
        while heap and (limit is None or heap[0][0] < limit):
            ts, order, j, ev, part, guard = heapq.heappop(heap)
            if guard is not None and self.watermarks.get(part, -1) < guard:
                # guard < ts, and last_ts <= ts: the filler's first event comes next, then this one
                self._filler(part, max(guard, self.last_ts))
                heapq.heappush(heap, (ts, order, j, ev, part, None))
                continue
            if ev.dead_letter is None and ts > self.watermarks.get(part, -1):
                self.watermarks[part] = ts
            self.last_ts = max(self.last_ts, ts)
            yield ev

    def _filler(self, part: int, ts: int) -> None:
        rng = self.filler_rng
        while True:
            cid = str(uuid.UUID(int=rng.getrandbits(128), version=4))
            if self.partition(cid.encode()) == part:
                break
        conv = Conversation(random.Random(rng.getrandbits(64)), self.cfg, ts - 1, cid)
        conv.build_keepalive()
        events = pack(conv)
        if self.truth is not None:
            self.truth.add_conversation(conv.truth)
        self.add(conv, events)


__all__ = ["Merger", "kafka_partition"]
