"""`toolmend recover --repartition --by-conversation`: after partitions were added to the input, each
conversation's state rebuilt in the partition its key now maps to, from all of its events in every input
partition up to the committed offsets (the rules are the core's, `core/rehome.py`).

The input partitions are read at once, each by a reader of its own from its beginning up to its committed offset,
and merged record by record (a heap of one head per partition): memory holds one fetch per partition and the
rebuilt state, never the topic. The state topic is then created again with the input's count and gets each new
partition's state (its meta record naming the count), and the group's offsets are committed again at the same
positions with markers naming that state. Outputs are not written again. Run it with every worker stopped.
"""

from __future__ import annotations

import heapq
import logging
import time
from collections.abc import AsyncGenerator
from typing import Any

from aiokafka import TopicPartition
from aiokafka.partitioner import murmur2

from ...core.partition import PartitionProcessor
from ...core.rehome import Rehome, merge_key
from ..config import ConfigError, Settings
from ..kafka import isolation
from ..transport import client_for
from .recovery import (
    LAYOUT,
    PREV_META,
    committed_offsets,
    marker,
    read_changelog,
    recreate_state_topic,
    topic_partitions,
    write_state,
)

log = logging.getLogger("toolmend.recovery")
PROGRESS_S = 5.0  # seconds between progress lines
FETCH = 500  # records per fetch of one partition's reader


async def by_conversation(s: Settings) -> list[dict[str, Any]]:
    """Rebuild the state for the input's current partition count, conversation by conversation; a summary per
    new partition."""
    count = len(await topic_partitions(s, s.input_topic))
    if not count:
        raise ConfigError(f"input topic {s.input_topic} not found")
    k = client_for(s)
    group = k.new_metadata_client(s, group_id=s.group_id, enable_auto_commit=False)
    producer = k.new_producer(s)
    await group.start()
    await producer.start()
    summary: list[dict[str, Any]] = []
    try:
        tps = [TopicPartition(s.input_topic, p) for p in range(count)]
        committed = await committed_offsets(group, tps, s)
        positions = {p: committed[p][0] for p in committed if committed[p][0] > 0}
        old = await old_count(s, count, positions)
        log.warning("repartition by conversation: %s partitions %d -> %d; reading %d input records up to the "
                    "committed offsets", s.input_topic, old, count, sum(positions.values()))
        engine = s.engine_config()
        rehome = Rehome(s.input_topic, count, old, positions, lambda key: kafka_partition(key, count), engine,
                        s.hot_conversations)
        await merge(s, positions, rehome)
        await recreate_state_topic(s, count)
        markers: dict[TopicPartition, tuple[int, str]] = {}
        for q in range(count):
            position = positions.get(q, 0)
            records = rehome.state(q, position)
            chain = [(PREV_META, b"-1"), (LAYOUT, str(count).encode())]
            landed = await write_state(producer, s.changelog_topic, q, records, chain)
            if position > 0:
                markers[TopicPartition(s.input_topic, q)] = (position, marker(position, landed))
            proc = rehome.procs[q]
            summary.append({"partition": q, "committed": position, "conversations": proc.conversations,
                            "watermark": proc.watermark, "changelog_records": len(records)})
            log.info("partition %d: %d conversations, %d changelog records", q, proc.conversations, len(records))
        if markers:  # the same positions, with markers naming the rebuilt state (refused if a worker is running)
            group.assign(list(markers))
            await group.commit(markers)
        log.warning("repartition by conversation done: %d input records merged, %d applied to their "
                    "conversation's partition, %d without a conversation", rehome.records, rehome.applied,
                    rehome.unrouted)
    finally:
        await producer.stop()
        await group.stop()
    return summary


def kafka_partition(key: bytes, count: int) -> int:
    """The partition Kafka's default partitioner gives a keyed record (murmur2, as the Java client and
    librdkafka's `murmur2_random` compute it)."""
    return (int(murmur2(key)) & 0x7FFFFFFF) % count


async def old_count(s: Settings, count: int, positions: dict[int, int]) -> int:
    """The input's partition count the state was built for: what its meta records say (`toolmend-input-partitions`),
    else one more than the last partition with a committed offset (partitions added later have none): also when
    they name the current count (a run of this command that stopped after writing some of the new state)."""
    probes = {p: PartitionProcessor(s.input_topic, p, s.engine_config()) for p in range(count)}
    seen = await read_changelog(s, probes)
    probes.clear()
    counts = sorted(set((seen.layout or {}).values()))
    if len(counts) == 1 and counts[0] != count:
        return counts[0]
    return max(positions) + 1 if positions else count


async def merge(s: Settings, positions: dict[int, int], rehome: Rehome) -> None:
    """Every input record below its partition's committed offset into `rehome`, merged by event time (each
    partition in offset order; of the partitions' next records the smallest (ts, partition, offset) first), with
    a progress line every few seconds."""
    total = sum(positions.values())
    streams: dict[int, AsyncGenerator[Any, None]] = {p: _records(s, p, end) for p, end in sorted(positions.items())}
    heads: list[tuple[tuple[int, int, int], Any]] = []
    for p, it in streams.items():
        r = await anext(it, None)
        if r is not None:
            heads.append((merge_key(p, r.offset, r.value), r))
    heapq.heapify(heads)
    shown = time.monotonic()
    try:
        await _drain(heads, streams, rehome, total, shown)
    finally:
        for it in streams.values():
            await it.aclose()


async def _drain(heads: list[tuple[tuple[int, int, int], Any]], streams: dict[int, AsyncGenerator[Any, None]],
                 rehome: Rehome, total: int, shown: float) -> None:
    while heads:
        key, r = heads[0]
        p = key[1]
        rehome.add(p, r.key, r.value, r.headers or (), r.timestamp)
        nxt = await anext(streams[p], None)
        if nxt is None:
            heapq.heappop(heads)
        else:
            heapq.heapreplace(heads, (merge_key(p, nxt.offset, nxt.value), nxt))
        if time.monotonic() - shown >= PROGRESS_S:
            shown = time.monotonic()
            log.info("repartition: %d of at most %d input records merged (%.0f%%), %d conversations", rehome.records,
                     total, 100.0 * rehome.records / max(1, total),
                     sum(proc.conversations for proc in rehome.procs.values()))


async def _records(s: Settings, p: int, position: int) -> AsyncGenerator[Any, None]:
    """Partition p's records from its beginning up to `position`, in offset order."""
    tp = TopicPartition(s.input_topic, p)
    reader = client_for(s).new_input_consumer(s, isolation_level=isolation(s))
    await reader.start()
    try:
        reader.assign([tp])
        first = (await reader.beginning_offsets([tp]))[tp]
        end = (await reader.end_offsets([tp]))[tp]
        await reader.seek_to_beginning(tp)
        done = position <= first
        if first > 0:
            log.warning("partition %d: the input starts at offset %d (retention): conversations begun before it "
                        "are rebuilt from their later events only", p, first)
        while not done:
            got = await reader.getmany(tp, timeout_ms=1000, max_records=FETCH)
            for r in got.get(tp, ()):
                if r.offset >= position:
                    done = True
                    break
                yield r
            at = await reader.position(tp)
            # the end offset is a lower bound on some brokers (kafka.drain): an empty fetch past it proves the end
            ended = getattr(reader, "at_end", None)  # librdkafka: its end-of-partition event
            done = done or at >= position or (not got.get(tp) and (at >= end or (ended is not None and ended(tp))))
    finally:
        await reader.stop()


__all__ = ["by_conversation", "kafka_partition", "merge", "old_count"]
