"""`toolmend redrive`: dead letters of chosen kinds re-injected from the dead-letter topic into the input topic,
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
mean beyond their `toolmend-error-kind` header.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import orjson
from aiokafka import TopicPartition

from ..core.events import DeadLetterKind
from .config import ConfigError, Settings, load
from .logs import FORMATS, setup_logging

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


def main(argv: Sequence[str]) -> int:
    p = argparse.ArgumentParser(
        prog="toolmend redrive", usage="%(prog)s --kind KIND [--kind KIND ...] [options]",
        description="Re-inject dead letters of the chosen kinds from the dead-letter topic into the input topic "
        "(key, value and the producer's headers; toolmend-* headers removed), once their cause is fixed. Bounded "
        "(the end of the dead-letter topic at start, --max-records) and resumable: the position is committed for "
        "--group, so a second run redrives nothing again.")
    p.add_argument("--kind", action="append", required=True, choices=KINDS, dest="kinds",
                   help="a dead-letter kind to redrive (repeatable)")
    p.add_argument("--group", default=None, help="consumer group keeping the redrive's position in the "
                   "dead-letter topic (default: <group_id>-redrive)")
    p.add_argument("--max-records", type=int, default=DEFAULT_MAX, help="at most this many dead letters per run "
                   f"(default {DEFAULT_MAX})")
    p.add_argument("--dry-run", action="store_true", help="count what would be redriven; write and commit nothing")
    p.add_argument("--log-level", default="WARNING")
    p.add_argument("--log-format", choices=FORMATS, default=None,
                   help="text (default) or json: one object per line (TOOLMEND_LOG_FORMAT)")
    try:
        settings, ns = load(argv, prog="toolmend redrive", extra=p)
        setup_logging(ns.log_level, ns.log_format)
        if ns.max_records < 1:
            raise ConfigError("--max-records must be at least 1")
    except (ConfigError, ValueError) as e:
        sys.stderr.write(f"toolmend redrive: {e}\n")
        return 2
    from aiokafka.errors import KafkaConnectionError, KafkaError

    group = ns.group or f"{settings.group_id}-redrive"
    try:
        summary = asyncio.run(redrive(settings, frozenset(ns.kinds), group, ns.max_records, ns.dry_run))
    except ConfigError as e:
        sys.stderr.write(f"toolmend redrive: {e}\n")
        return 2
    except KafkaConnectionError as e:
        sys.stderr.write(f"toolmend redrive: cannot reach the Kafka brokers at {settings.bootstrap_servers}: {e}\n")
        return 1
    except KafkaError as e:
        sys.stderr.write(f"toolmend redrive: Kafka error: {type(e).__name__}: {e}\n")
        return 1
    sys.stdout.write(orjson.dumps({**summary.as_dict(), "from": settings.dlq_topic, "to": settings.input_topic,
                                   "group": group, "dry_run": ns.dry_run}).decode() + "\n")
    return 0


__all__ = ["Summary", "main", "producer_headers", "redrive"]
