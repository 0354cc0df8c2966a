"""`input_format=otlp`: the re-keying stage that runs beside the worker in the same `toolmend run`.

It consumes the OTLP topic (group `<group_id>-otlp`), turns each record into one event per model-call span
(`rekey.py`), writes them to the repartition topic keyed by conversation, and dead letters to the dead-letter
topic; the worker consumes the repartition topic as its input (as Kafka Streams' repartition topics and Quix
Streams' `group_by` do). Order: a source partition's records are re-keyed in offset order and each conversation's
events go to one repartition partition, in that order.

Delivery, per source batch:
* at least once: the repartition and dead-letter records are acknowledged, then the source offsets committed. A
  crash in between writes the batch's spans again; their events carry the same `event_id` (trace id + span id),
  which the worker's duplicate detection recognises (within its window of a conversation's last events).
* exactly once: one transaction per source partition and batch holds its records and its offsets
  (`send_offsets_to_transaction`); the worker reads the repartition topic `read_committed`. One transactional
  producer per source partition, its id derived from the group, topic and partition, started when the partition
  is assigned: that fences its previous owner, as the worker's own exactly-once transport does
(`shell/worker/checkpoint.py`).

It owns the stage's consumer group, its producers and its delivery; what a record becomes is `rekey.py`'s, and
it knows nothing of the worker that reads the repartition topic.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from typing import Any

from aiokafka import TopicPartition
from aiokafka.errors import MessageSizeTooLargeError
from prometheus_client import Counter, Gauge

from ...core.otlp_join import InferenceJoin
from ...core.partition import OutRecord
from ..config import Settings
from ..kafka import big_topic, isolation
from ..metrics import Metrics
from ..transport import client_for
from .rekey import RECORD_FACTOR, rekey

log = logging.getLogger("toolmend.otlp")

_TS = re.compile(rb'"ts":(-?\d+)')  # the events are written by orjson from map_span's dict: `ts` is its second key
#: what the stage counts (closed label values only)
SPAN_OUTCOMES = ("event", "skipped_not_model_call", "skipped_no_content", "skipped_content_ref", "skipped_duplicate",
                 "dead_letter")


class StageMetrics:
    def __init__(self, m: Metrics) -> None:
        r = m.registry
        self.records = Counter("toolmend_otlp_records", "OTLP trace export records re-keyed", registry=r)
        self.spans = Counter("toolmend_otlp_spans", "spans of the OTLP input, by what became of them",
                             ["outcome"], registry=r)
        self.by_trace = Counter("toolmend_otlp_conversation_from_trace",
                                "events keyed by their trace id: the span and its resource carry none of the "
                                "conversation keys", registry=r)
        self.invalid = Counter("toolmend_otlp_invalid_records", "OTLP records dead-lettered whole", registry=r)
        self.waiting = Gauge("toolmend_otlp_join_waiting", "spans without content and log records held until their "
                             "other half comes (bounded)", registry=r)
        for o in SPAN_OUTCOMES:
            self.spans.labels(o)
        self.m = m


def repartition_topic(s: Settings) -> str:
    return s.repartition_topic or f"{s.group_id}-otlp-repartition"


def conversation_keys(s: Settings) -> tuple[str, ...]:
    return tuple(k.strip() for k in s.otlp_conversation_keys.split(",") if k.strip())


class Rekeyer:
    def __init__(self, s: Settings, metrics: Metrics) -> None:
        self.s = s
        self.sm = StageMetrics(metrics)
        self.source = s.input_topic
        self.logs = s.otlp_logs_topic or None
        self.join = InferenceJoin()  # an inference's span and log record, whichever comes first waits
        self.target = repartition_topic(s)
        self.keys = conversation_keys(s)
        self.group = f"{s.group_id}-otlp"
        self.exactly_once = s.delivery == "exactly_once"
        self.kafka = client_for(s)  # the transport: aiokafka or librdkafka (kafka_client)
        self.txn: dict[int, Any] = {}
        self._consumer: Any = None
        self._producer: Any = None
        self._lock = asyncio.Lock()  # a batch in flight ships and commits before its partitions are let go
        self.rekeyed = 0  # source records whose outputs were acknowledged and offsets committed

    async def create_topics(self) -> None:
        """The repartition topic, sized like the source (or `partitions`), before the worker sizes its own topics
        from it."""
        s = self.s
        sizes = await self.kafka.topic_sizes(s)
        n = sizes.get(self.source) or s.partitions
        big = big_topic(s)  # RECORD_FACTOR events: a trace export, an event, a dead letter of either
        topics = [(self.source, n, big), (self.target, n, big), (s.dlq_topic, n, big)]
        if self.logs:
            topics.append((self.logs, sizes.get(self.logs) or n, big))
        await self.kafka.ensure_topics(s, topics)

    async def run(self, stop: asyncio.Event) -> None:
        s = self.s
        self._producer = self.kafka.new_producer(s)
        # a trace export holds many spans: fetches take records up to RECORD_FACTOR events
        self._consumer = self.kafka.new_input_consumer(s, RECORD_FACTOR, group_id=self.group,
                                                       isolation_level=isolation(s),
                                                       session_timeout_ms=s.session_timeout_ms,
                                                       heartbeat_interval_ms=s.heartbeat_interval_ms)
        await self._producer.start()
        try:
            await self._consumer.start()
            topics = [self.source, *([self.logs] if self.logs else [])]
            self.kafka.subscribe(self._consumer, topics, self.assigned, self.revoked)
            await self._loop(stop)
        finally:
            await self._shutdown()

    async def _loop(self, stop: asyncio.Event) -> None:
        c = self._consumer
        assert c is not None
        async with contextlib.aclosing(self.kafka.fetches(c, stop, self.s.max_batch)) as batches:
            async for batch in batches:
                if batch:
                    async with self._lock:
                        await self.ship(batch)

    def plan(self, records: list[Any], partition: int,
             topic: str | None = None) -> tuple[list[tuple[str, OutRecord]], int]:
        """The records one source partition's fetched records give, in order: (topic, record); and their count."""
        s = self.s
        plan: list[tuple[str, OutRecord]] = []
        sm = self.sm
        for rec in records:
            rk = rekey(rec.value, topic or self.source, partition, rec.offset, rec.key, rec.headers or (), self.keys,
                       s.max_event_bytes, self.join, s.tool_spans)
            sm.records.inc()
            for key, value, headers in rk.events:
                plan.append((self.target, OutRecord("event", key, value, headers)))
            for dl in rk.dead_letters:
                plan.append((s.dlq_topic, dl))
            if rk.events:
                sm.spans.labels("event").inc(len(rk.events))
            for reason, n in rk.skipped.items():
                sm.spans.labels(f"skipped_{reason}").inc(n)
            if rk.whole:
                sm.invalid.inc()
            elif rk.dead_letters:
                sm.spans.labels("dead_letter").inc(len(rk.dead_letters))
            if rk.dead_letters:
                for dl in rk.dead_letters:
                    sm.m.dead_letters.labels(dict(dl.headers)["toolmend-error-kind"].decode()).inc()
            if rk.by_trace:
                sm.by_trace.inc(rk.by_trace)
        sm.waiting.set(len(self.join))
        return plan, len(records)

    def _committable(self, tp: TopicPartition, after: int) -> int:
        """The offset to commit for `tp`: after its last record, but never past a record whose half of an inference
        still waits in the join (a crash re-reads it; its events come again with the same ids)."""
        low = self.join.pending_sources().get((tp.topic, tp.partition))
        return after if low is None else min(after, low)

    async def _send(self, producer: Any, plan: list[tuple[str, OutRecord]]) -> None:
        futs = []
        for t, r in plan:
            try:
                futs.append(await producer.send(t, r.value, key=r.key, headers=r.headers))
            except MessageSizeTooLargeError:  # over the producer's request size (the re-keying bounds it below)
                futs.append(await producer.send(self.s.dlq_topic, b"", key=r.key, headers=_refused(r)))
        if futs:
            await asyncio.gather(*futs)

    async def ship(self, batch: dict[TopicPartition, list[Any]]) -> None:
        """Re-key a fetched batch and ship it: per source partition, its records then its offset."""
        c = self._consumer
        assert c is not None and self._producer is not None
        if self.exactly_once:
            for tp, records in batch.items():
                prod = self.txn.get(tp.partition)
                if prod is None:  # its producer is not open (yet): fetched again later, never skipped
                    if tp in c.assignment():
                        c.seek(tp, records[0].offset)
                    continue
                plan, n = self.plan(records, tp.partition, tp.topic)
                async with prod.transaction():
                    await self._send(prod, plan)
                    await self.kafka.send_offsets(prod, {tp: (self._committable(tp, records[-1].offset + 1), "")},
                                                  c, self.group)
                self.rekeyed += n
            return
        plans: list[tuple[str, OutRecord]] = []
        offsets: dict[TopicPartition, tuple[int, str]] = {}
        for tp, records in batch.items():
            plan, _ = self.plan(records, tp.partition, tp.topic)
            plans.extend(plan)
            offsets[tp] = (self._committable(tp, records[-1].offset + 1), "")
        if len(batch) > 1:
            # the Collector spreads a conversation's spans over the source partitions: within a fetched batch they
            # go out in event-time order (a stable sort: one partition's order is kept where times tie)
            plans.sort(key=_event_time)
        await self._send(self._producer, plans)  # acknowledged ...
        await self.commit(offsets)  # ... before the source offsets are committed
        self.rekeyed += sum(len(r) for r in batch.values())

    async def commit(self, offsets: dict[TopicPartition, tuple[int, str]]) -> None:
        assert self._consumer is not None
        await self._consumer.commit(offsets)

    async def assigned(self, parts: set[TopicPartition]) -> None:
        if not self.exactly_once:
            return
        s = self.s
        for tp in sorted(parts, key=lambda t: t.partition):
            if tp.partition in self.txn:
                continue
            prod = self.kafka.new_producer(s, transactional_id=f"{self.group}-{self.source}-{tp.partition}")
            await self.kafka.init_transactions(prod, f"otlp partition {tp.partition}")
            self.txn[tp.partition] = prod

    async def revoked(self, parts: set[TopicPartition]) -> None:
        async with self._lock:  # the batch in flight is shipped and committed first
            await self._close(parts)

    async def _close(self, parts: set[TopicPartition]) -> None:
        for tp in parts:
            prod = self.txn.pop(tp.partition, None)
            if prod is not None:
                try:
                    await asyncio.wait_for(prod.stop(), 10)
                except Exception as e:  # fenced or the broker is gone: nothing of ours is pending
                    log.warning("closing the otlp producer of partition %d: %s", tp.partition, type(e).__name__)

    async def _shutdown(self) -> None:
        if self._consumer is not None:
            try:
                await asyncio.wait_for(self._consumer.stop(), self.s.shutdown_budget_s)
            except Exception as e:
                log.warning("otlp consumer stopped uncleanly: %s", type(e).__name__)
        await self._close({TopicPartition(self.source, p) for p in list(self.txn)})
        if self._producer is not None:
            await self._producer.stop()


def _refused(r: OutRecord) -> list[tuple[str, bytes]]:
    """The headers of the dead letter that stands for a record the producer refused as too large."""
    hs = [(k, v) for k, v in r.headers if k in ("traceparent", "toolmend-id", "toolmend-otlp-source")
          or k.startswith("toolmend-source")]
    return [*hs, ("toolmend-error-kind", b"too_large"),
            ("toolmend-error-detail", f"{r.kind} record of {len(r.value or b'')} bytes refused by the producer; "
                                      "dead-lettered without its value".encode())]


def _event_time(entry: tuple[str, OutRecord]) -> int:
    """The `ts` of a planned event (dead letters first: they have none to order by)."""
    ts = _TS.search(entry[1].value or b"") if entry[1].kind == "event" else None
    return int(ts.group(1)) if ts is not None else -1

