"""`toolmend replay`: run a topic (or a time range of it) through the engine into other topics, then exit.

No consumer group and no changelog: a replay starts from empty state at the first selected record, so for the
same input it writes exactly what the live worker wrote (same ids, same order per conversation).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

from ..core.events import DeadLetter, parse_ts
from ..core.partition import PartitionProcessor
from ..core.tally import Tally
from .config import Settings
from .kafka import ensure_topics, partitions_of
from .metrics import Metrics
from .worker import share_hot

log = logging.getLogger("toolmend.replay")


def _time_ms(v: str | None) -> int | None:
    if v is None:
        return None
    try:
        return parse_ts(int(v) if v.isdigit() else v)
    except DeadLetter as e:
        raise SystemExit(f"toolmend replay: bad time {v!r}: {e.detail}") from None


async def replay(settings: Settings, from_ms: int | None = None, to_ms: int | None = None,
                 metrics: Metrics | None = None) -> dict[str, Any]:
    s = settings
    m = metrics or Metrics(label_cap=s.label_cap)
    engine = s.engine_config()
    if s.create_topics:
        topics: list[tuple[str, int, dict[str, str]]] = [(s.output_topic, s.partitions, {}),
                                                         (s.dlq_topic, s.partitions, {})]
        if s.findings_topic:
            topics.append((s.findings_topic, s.partitions, {}))
        await ensure_topics(s, topics)
    consumer = AIOKafkaConsumer(enable_auto_commit=False, auto_offset_reset="earliest", max_poll_records=s.max_batch,
                                max_partition_fetch_bytes=max(1 << 20, s.max_event_bytes + 65536),
                                **s.kafka_common())
    producer = AIOKafkaProducer(acks="all", linger_ms=s.linger_ms, max_request_size=max(2 << 20, s.max_event_bytes * 2),
                                **s.kafka_common())
    await consumer.start()
    await producer.start()
    t0 = time.perf_counter()
    n = 0
    produced = 0
    try:
        parts = sorted(await partitions_of(consumer, s.input_topic))
        tps = [TopicPartition(s.input_topic, p) for p in parts]
        consumer.assign(tps)
        end = await consumer.end_offsets(tps)
        start: dict[TopicPartition, int] = dict.fromkeys(tps, 0)
        if from_ms is not None:
            found = await consumer.offsets_for_times(dict.fromkeys(tps, from_ms))
            for tp, ot in found.items():
                # none at or after the time: Kafka answers None, Tansu offset 0 with timestamp -1
                start[tp] = ot.offset if ot is not None and ot.timestamp >= 0 else end[tp]
        for tp in tps:
            consumer.seek(tp, start[tp])
        tally = Tally()  # counted by the core, into the metrics once per batch (as the worker does)
        procs = {tp.partition: PartitionProcessor(s.input_topic, tp.partition, engine, tally) for tp in tps}
        share_hot(s.hot_conversations, list(procs.values()))
        remaining = set(tps)
        topic = {"repaired": s.output_topic, "findings": s.findings_topic, "dead_letter": s.dlq_topic}
        # to the end as it is when the replay gets there (the reported end offset is only a lower bound on
        # some brokers, see worker.drain); bound a live topic with --to-time
        while remaining:
            batch = await consumer.getmany(*remaining, timeout_ms=500, max_records=s.max_batch)
            futs = []
            for tp, recs in batch.items():
                proc = procs[tp.partition]
                for r in recs:
                    if to_ms is not None and r.timestamp > to_ms:
                        remaining.discard(tp)
                        break
                    for o in proc.process(r.offset, r.key, r.value, r.headers or (), r.timestamp):
                        t = topic[o.kind]
                        if t is not None:
                            futs.append(await producer.send(t, o.value, key=o.key, headers=o.headers))
                    n += 1
            m.flush(tally.take())
            await asyncio.gather(*futs)
            produced += len(futs)
            for tp, recs in batch.items():  # no crash to resume from: ended conversations need no marker
                if recs:
                    procs[tp.partition].committed(recs[-1].offset + 1)
            for tp in list(remaining):
                if not batch.get(tp) and await consumer.position(tp) >= end[tp]:
                    remaining.discard(tp)
    finally:
        await producer.stop()
        await consumer.stop()
    secs = time.perf_counter() - t0
    summary = {"events": n, "records_out": produced, "seconds": round(secs, 3),
               "events_per_s": round(n / secs, 1) if secs else 0.0}
    log.info("replay done: %s", summary)
    return summary


async def replay_main(settings: Settings, from_time: str | None, to_time: str | None) -> int:
    """Serves /metrics (mode=replay is the scrape target's label) while it runs, then prints a summary."""
    import orjson

    from .http import HealthServer

    m = Metrics(label_cap=settings.label_cap)
    state = {"done": False}
    http = HealthServer(m.registry, lambda: (True, "ok"), lambda: (not state["done"], "replaying"),
                        settings.metrics_host, settings.metrics_port)
    await http.start()
    try:
        summary = await replay(settings, _time_ms(from_time), _time_ms(to_time), m)
    finally:
        state["done"] = True
        await http.stop()
    print(orjson.dumps(summary).decode())
    return 0
