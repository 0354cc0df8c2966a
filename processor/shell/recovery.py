"""Restoring a partition's state on assignment: its changelog read to the end, resumed at the committed offset."""

from __future__ import annotations

from typing import Any

from aiokafka import AIOKafkaConsumer, TopicPartition

from ..core.partition import EngineConfig, Observer, PartitionProcessor
from .config import Settings
from .kafka import drain, partitions_of


async def restore(s: Settings, engine: EngineConfig, observer: Observer, group: AIOKafkaConsumer | None,
                  partitions: list[int]) -> dict[int, PartitionProcessor]:
    """Processors for `partitions`, each holding its changelog's state as of the group's committed offset.

    The changelog partition p holds input partition p's state. It is read from its beginning with a consumer of
    its own (no group), later records winning; the committed offset tells each processor where processing
    resumes (state written past it, outputs acknowledged but commit lost, is recognized and skipped by offset).
    """
    procs = {p: PartitionProcessor(s.input_topic, p, engine, observer) for p in partitions}
    rc = AIOKafkaConsumer(enable_auto_commit=False, auto_offset_reset="earliest",
                          max_partition_fetch_bytes=max(1 << 20, s.max_event_bytes * 2), **s.kafka_common())
    await rc.start()
    try:
        known = await partitions_of(rc, s.changelog_topic)
        tps = [TopicPartition(s.changelog_topic, p) for p in partitions if p in known]
        if tps:
            rc.assign(tps)
            await rc.seek_to_beginning(*tps)
            end = await rc.end_offsets(tps)

            def apply(tp: TopicPartition, recs: list[Any]) -> None:
                proc = procs[tp.partition]
                for r in recs:
                    if r.key is not None:
                        proc.restore(r.key, r.value)

            await drain(rc, tps, end, apply)
    finally:
        await rc.stop()
    for p, proc in procs.items():
        committed = await group.committed(TopicPartition(s.input_topic, p)) if group is not None else None
        proc.finish_restore(committed or 0)
    return procs
