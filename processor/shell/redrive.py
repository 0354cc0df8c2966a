"""Redriving: dead letters of chosen kinds re-injected from the dead-letter topic into the input topic,
once their cause is fixed (a producer's clock, a mislabelled dialect on the worker's side of a release, a limit
raised).

Each chosen dead letter goes back as its producer sent it: its key, its value, its headers without the worker's
`toolmend-*` ones (the partitioner puts it in the partition its key gives, as for its producer); its record
timestamp is the time of the redrive. The run is bounded: it reads each dead-letter partition from the position
its consumer group (`--group`) committed up to the end it found at start, records written after the run started
excluded (so the dead letters a redriven event may cause again are not read in the same run), and at most
`--max-records` of them. It commits its position only
once every record it wrote is acknowledged: a run that ends redrives nothing again (run it twice, the second
writes nothing); a run cut short between the writes and the commit writes them again next time (at least once:
events with an `event_id` or `seq` are dropped as duplicates by the worker). It knows nothing of what the records
mean beyond their `toolmend-error-kind` header, nor of flags and exit codes (`shell/commands/redrive.py`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from aiokafka import TopicPartition

from ..core.events import DeadLetterKind
from .config import ConfigError, Settings

KINDS = tuple(k.value for k in DeadLetterKind)
DEFAULT_MAX = 100_000


@dataclass
class Summary:
    redriven: int = 0
    skipped: dict[str, int] = field(default_factory=dict)  # kind -> dead letters of kinds not chosen
    partitions: int = 0
    complete: bool = True  # every dead letter up to the end found at start was read (not cut by --max-records)

    def as_dict(self) -> dict[str, object]:
        return {"redriven": self.redriven, "skipped": self.skipped, "partitions": self.partitions,
                "complete": self.complete}


def chosen(headers: Sequence[tuple[str, bytes]], kinds: frozenset[str]) -> tuple[str, bool]:
    """(the dead letter's kind, whether it is redriven)."""
    kind = next((v.decode("utf-8", "replace") for k, v in headers if k == "toolmend-error-kind"), "unknown")
    return kind, kind in kinds


def producer_headers(headers: Sequence[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
    """The producer's own headers: the worker's `toolmend-*` ones removed (it writes them again if it must)."""
    return [(k, v) for k, v in headers if not k.lower().startswith("toolmend-")]


async def redrive(s: Settings, kinds: frozenset[str], group: str, max_records: int = DEFAULT_MAX,
                  dry_run: bool = False) -> Summary:
    from .kafka import new_metadata_client, new_producer, partitions_of

    consumer = new_metadata_client(s, group_id=group, enable_auto_commit=False, auto_offset_reset="earliest",
                                   max_partition_fetch_bytes=max(1 << 20, s.max_event_bytes * 2))
    producer = new_producer(s)
    out = Summary()
    await consumer.start()
    try:
        parts = sorted(await partitions_of(consumer, s.dlq_topic))
        if not parts:
            raise ConfigError(f"dead-letter topic {s.dlq_topic} not found on {s.bootstrap_servers}")
        await producer.start()
        tps = [TopicPartition(s.dlq_topic, p) for p in parts]
        consumer.assign(tps)
        end = await consumer.end_offsets(tps)
        started_ms = int(time.time() * 1000)
        out.partitions = len(tps)
        remaining = set(tps)
        commit: dict[TopicPartition, int] = {}
        budget = max_records
        idle = 0
        while remaining and budget > 0 and idle < 3:  # 3 empty fetches: past the end (transaction markers)
            got = await consumer.getmany(*remaining, timeout_ms=1000, max_records=min(budget, 1000))
            idle = 0 if any(got.values()) else idle + 1
            pending = []
            for tp, recs in got.items():
                for r in recs:
                    # past the end found at start, a record written since is not this run's (a redriven event
                    # dead-lettered again); the end is a lower bound on some brokers (Tansu), the time is not
                    if budget <= 0 or (r.offset >= end[tp] and r.timestamp >= started_ms):
                        remaining.discard(tp)
                        break
                    kind, take = chosen(r.headers or (), kinds)
                    if take:
                        budget -= 1
                        out.redriven += 1
                        if not dry_run:
                            pending.append(await producer.send(s.input_topic, r.value, key=r.key,
                                                               headers=producer_headers(r.headers or ())))
                    else:
                        out.skipped[kind] = out.skipped.get(kind, 0) + 1
                    commit[tp] = r.offset + 1
            if pending:
                await asyncio.gather(*pending)  # acknowledged before the position that covers them is committed
        out.complete = budget > 0
        if commit and not dry_run:
            await consumer.commit({tp: o for tp, o in commit.items()})
    finally:
        await producer.stop()
        await consumer.stop()
    return out


__all__ = ["KINDS", "Summary", "producer_headers", "redrive"]
