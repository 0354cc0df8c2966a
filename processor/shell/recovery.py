"""Restoring a partition's state on assignment, checking that it belongs with the committed offsets, and
rebuilding it from the input when it does not.

Every commit carries a marker in its metadata (`toolmend-state <offset>`): the commit follows an acknowledged
changelog meta record written for that input offset (`shipping.py`, steps 2 then 3). So at restore, a committed
position P > 0 needs a meta record for offset P - 1 or later. Without one the changelog was deleted, truncated
or replaced: starting anyway would resume at P with empty or older state, and write values that differ from
the first pass under the same ids (and lose the open calls). The worker refuses to start instead
(:class:`StateLost`, exit code 2) and names two ways out: `toolmend recover --rebuild` (the state again,
exactly, from the input), or `toolmend run --start-empty` (accept the loss; marked).
"""

from __future__ import annotations

import logging
from typing import Any

import orjson
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from ..core.partition import META_KEY, EngineConfig, NullObserver, Observer, OutRecord, PartitionProcessor
from .config import ConfigError, Settings
from .kafka import drain, ensure_topics, partitions_of

log = logging.getLogger("toolmend.recovery")
MARKER = "toolmend-state"


def isolation(s: Settings) -> str:
    """Exactly once: what an aborted transaction wrote is not state (nor input)."""
    return "read_committed" if s.delivery == "exactly_once" else "read_uncommitted"


def marker(position: int) -> str:
    """The commit metadata of a position: the changelog holds state up to the offset before it."""
    return f"{MARKER} {position - 1}"


class StateLost(ConfigError):
    """The changelog does not hold the state the committed offsets were committed with."""

    def __init__(self, s: Settings, lost: dict[int, tuple[int, int]]) -> None:
        self.partitions = sorted(lost)
        parts = ", ".join(f"{p} (committed offset {c}, state up to {'nothing' if o < 0 else o})"
                          for p, (c, o) in sorted(lost.items()))
        super().__init__(
            f"the state of {s.input_topic} partition(s) {parts} is missing from {s.changelog_topic} (deleted, "
            f"truncated or replaced). Refusing to start: resuming without it would write different values under "
            f"the same ids. Stop every worker of group {s.group_id}, then either rebuild the state from the input "
            f"(no output is written again): `toolmend recover --rebuild` with the same settings; or accept the "
            f"loss: `toolmend run --start-empty` once (marked on the findings topic, toolmend_state_resets_total)")


async def committed_offsets(group: AIOKafkaConsumer, tps: list[TopicPartition]) -> dict[TopicPartition, int]:
    """The group's committed positions (partitions without one are left out)."""
    out: dict[TopicPartition, int] = {}
    for tp in tps:
        c = await group.committed(tp)
        if c is not None and c >= 0:
            out[tp] = c
    return out


def lost_state(procs: dict[int, PartitionProcessor], committed: dict[int, int]) -> dict[int, tuple[int, int]]:
    """Partitions whose restored state stops before their committed position: {partition: (committed, state)}."""
    return {p: (committed[p], proc.offset) for p, proc in procs.items()
            if committed.get(p, 0) > 0 and proc.offset < committed[p] - 1}


async def read_changelog(s: Settings, procs: dict[int, PartitionProcessor],
                         keys: dict[int, set[bytes]] | None = None) -> None:
    """Apply each changelog partition to its processor, from the beginning (later records win)."""
    rc = AIOKafkaConsumer(enable_auto_commit=False, auto_offset_reset="earliest", isolation_level=isolation(s),
                          max_partition_fetch_bytes=max(1 << 20, s.max_event_bytes * 2), **s.kafka_common())
    await rc.start()
    try:
        known = await partitions_of(rc, s.changelog_topic)
        tps = [TopicPartition(s.changelog_topic, p) for p in procs if p in known]
        if tps:
            rc.assign(tps)
            await rc.seek_to_beginning(*tps)
            end = await rc.end_offsets(tps)

            def apply(tp: TopicPartition, recs: list[Any]) -> None:
                proc = procs[tp.partition]
                seen = keys.setdefault(tp.partition, set()) if keys is not None else None
                for r in recs:
                    if r.key is not None:
                        proc.restore(r.key, r.value)
                        if seen is not None:
                            seen.add(r.key)

            await drain(rc, tps, end, apply)
    finally:
        await rc.stop()


async def restore(s: Settings, engine: EngineConfig, observer: Observer, group: AIOKafkaConsumer,
                  partitions: list[int]) -> tuple[dict[int, PartitionProcessor], dict[int, int]]:
    """Processors for `partitions`, each holding its changelog's state as of the group's committed offset, and
    the partitions started empty (`start_empty`, state lost) with the position they start at.

    The changelog partition p holds input partition p's state. It is read from its beginning with a consumer of
    its own (no group), later records winning; the committed offset tells each processor where processing
    resumes (state written past it, outputs acknowledged but commit lost, is recognized and skipped by offset).
    Raises :class:`StateLost` when a partition's state does not reach its committed offset.
    """
    procs = {p: PartitionProcessor(s.input_topic, p, engine, observer) for p in partitions}
    await read_changelog(s, procs)
    found = await committed_offsets(group, [TopicPartition(s.input_topic, p) for p in partitions])
    committed = {tp.partition: c for tp, c in found.items()}
    lost = lost_state(procs, committed)
    if lost and not s.start_empty:
        raise StateLost(s, lost)
    for p in lost:
        log.error("state of partition %d lost (committed offset %d): starting it empty as asked (--start-empty)",
                  p, committed[p])
        procs[p] = PartitionProcessor(s.input_topic, p, engine, observer)
    for p, proc in procs.items():
        proc.finish_restore(committed.get(p, 0))
    return procs, {p: committed[p] for p in lost}


def reset_record(s: Settings, partition: int, position: int) -> OutRecord:
    """The mark of a partition started empty: what follows it was decided without the earlier state."""
    rid = f"{s.input_topic}:{partition}:{position}:state_reset"
    value = {"id": rid, "kind": "state_reset", "partition": partition, "offset": position,
             "detail": "state lost; processing resumed at this offset with empty state (open calls and "
                       "conversations before it are unknown)"}
    return OutRecord("findings", None, orjson.dumps(value), [("toolmend-id", rid.encode()),
                                                               ("toolmend-kind", b"state_reset")])


async def rebuild(s: Settings, partitions: list[int] | None = None, force: bool = False) -> list[dict[str, Any]]:
    """`toolmend recover --rebuild`: the state of each partition whose state is lost (or of `partitions` with
    `force`), computed again from the input.

    The input is read from the partition's beginning up to the group's committed position and run through the
    engine with its outputs discarded (they were written the first time; a downstream consumer already has them).
    The engine is deterministic, so the state is exactly the one the first pass committed with, as long as the
    input still starts at offset 0 (retention); if it does not, the summary says from where it was rebuilt.
    The changelog partition then gets the rebuilt state, and tombstones for every other key it holds. Run it
    with every worker of the group stopped.
    """
    engine = s.engine_config()
    if s.create_topics:  # deleted: the state goes into a new one, as the worker would create it
        n = len(await _partitions(s, s.input_topic)) or s.partitions
        await ensure_topics(s, [(s.changelog_topic, n, {"cleanup.policy": "compact"})])
    group = AIOKafkaConsumer(group_id=s.group_id, enable_auto_commit=False, **s.kafka_common())
    producer = AIOKafkaProducer(acks="all", max_request_size=max(8 << 20, s.max_event_bytes * 4), **s.kafka_common())
    await group.start()
    await producer.start()
    summary: list[dict[str, Any]] = []
    try:
        parts = sorted(await partitions_of(group, s.input_topic))
        wanted = parts if partitions is None else [p for p in parts if p in partitions]
        found = await committed_offsets(group, [TopicPartition(s.input_topic, p) for p in wanted])
        committed = {tp.partition: c for tp, c in found.items()}
        probes = {p: PartitionProcessor(s.input_topic, p, engine, NullObserver()) for p in wanted}
        keys: dict[int, set[bytes]] = {}
        await read_changelog(s, probes, keys)
        lost = lost_state(probes, committed)
        for p in wanted:
            if p not in lost and not (force and partitions is not None):
                continue
            summary.append(await _rebuild_one(s, engine, producer, p, committed.get(p, 0), keys.get(p, set())))
    finally:
        await producer.stop()
        await group.stop()
    return summary


async def _partitions(s: Settings, topic: str) -> set[int]:
    c = AIOKafkaConsumer(**s.kafka_common())
    await c.start()
    try:
        return await partitions_of(c, topic)
    finally:
        await c.stop()


async def _rebuild_one(s: Settings, engine: EngineConfig, producer: AIOKafkaProducer, p: int, position: int,
                       old_keys: set[bytes]) -> dict[str, Any]:
    proc = PartitionProcessor(s.input_topic, p, engine, NullObserver())
    tp = TopicPartition(s.input_topic, p)
    reader = AIOKafkaConsumer(enable_auto_commit=False, auto_offset_reset="earliest", isolation_level=isolation(s),
                              max_partition_fetch_bytes=max(1 << 20, s.max_event_bytes + 65536), **s.kafka_common())
    await reader.start()
    n = 0
    try:
        reader.assign([tp])
        first = (await reader.beginning_offsets([tp]))[tp]
        end = (await reader.end_offsets([tp]))[tp]
        await reader.seek_to_beginning(tp)
        done = position <= first
        while not done:
            got = await reader.getmany(tp, timeout_ms=1000, max_records=5000)
            for r in got.get(tp, ()):
                if r.offset >= position:
                    done = True
                    break
                proc.process(r.offset, r.key, r.value, r.headers or (), r.timestamp)  # as the worker does
                n += 1
            at = await reader.position(tp)
            # the end offset is a lower bound on some brokers (kafka.drain): an empty fetch past it proves the end
            done = done or at >= position or (not got.get(tp) and at >= end)
    finally:
        await reader.stop()
    proc.committed(position)  # conversations that ended before the position: tombstones
    records = proc.take_changelog()
    written = {k for k, _ in records}
    records += [(k, None) for k in sorted(old_keys - written)]
    futs = [await producer.send(s.changelog_topic, v, key=k, partition=p) for k, v in records]
    for f in futs:
        await f
    if first > 0:
        log.warning("partition %d: the input starts at offset %d (retention): conversations begun before it "
                    "are rebuilt from their later events only", p, first)
    log.info("partition %d: state rebuilt from %d input records (offsets %d..%d), %d changelog records", p, n,
             first, position - 1, len(records))
    return {"partition": p, "committed": position, "input_from": first, "records": n,
            "conversations": proc.conversations, "changelog_records": len(records)}


__all__ = ["MARKER", "META_KEY", "StateLost", "marker", "rebuild", "restore"]
