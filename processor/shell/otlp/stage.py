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
from typing import Any

from aiokafka import TopicPartition
from aiokafka.errors import MessageSizeTooLargeError
from prometheus_client import Counter, Gauge

from ...core.otlp_join import InferenceJoin
from ...core.otlp_order import Reorder
from ...core.partition import OutRecord
from ..config import Settings
from ..kafka import big_topic, isolation
from ..metrics import Metrics
from ..transport import client_for
from .rekey import RECORD_FACTOR, hold, rekey

log = logging.getLogger("toolmend.otlp")

#: what the stage counts (closed label values only)
#: empty fetches in a row (FETCH_WAIT_MS each) a partition whose high watermark is ahead of what was read still
#: holds the event-time merge back (`Rekeyer._at_end`)
IDLE_VETOES = 4
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
        self.held = Gauge("toolmend_otlp_reorder_held", "events held by the merge of the source partitions by "
                          "event time, until the watermark passes them (bounded)", registry=r)
        self.late = Counter("toolmend_otlp_late_events", "events that came later than the reorder window (behind "
                            "what had been released): released at once, in arrival order", registry=r)
        self.duplicates = Counter("toolmend_otlp_reorder_duplicates", "events dropped by the event-time merge: the "
                                  "same span was held already (a source record read twice)", registry=r)
        self.forced = Counter("toolmend_otlp_reorder_forced", "events released before the watermark passed them: "
                              "the held events reached their bound", registry=r)
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
        self.rekeyed = 0  # source records re-keyed and shipped (their events shipped or held)
        # the source partitions merged by event time (core/otlp_order.py): what the records give waits there
        self.order = Reorder(s.otlp_reorder_ms, s.otlp_reorder_max_events, s.otlp_reorder_max_bytes)
        self._late = self._forced = self._duplicates = 0
        self.assignment: set[TopicPartition] = set()
        self.next: dict[TopicPartition, int] = {}  # source partition -> after its last record re-keyed
        self.done: dict[TopicPartition, int] = {}  # source partition -> the offset last committed (or read from)
        self._vetoes: dict[TopicPartition, int] = {}  # empty fetches in a row a partition was kept from idling
        self.origin: dict[int, TopicPartition] = {}  # id of a planned event -> its source partition (one ship)

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
                if batch or len(self.order):  # an empty fetch lets what is held go (every partition at its end)
                    async with self._lock:
                        await self.ship(batch)

    def plan(self, records: list[Any], partition: int,
             topic: str | None = None) -> tuple[list[tuple[str, OutRecord]], int]:
        """Re-key one source partition's fetched records, in offset order: their dead letters (topic, record) are
        returned with the events that must leave at once (late or untimed); every other event waits in the merge
        by event time (`self.order`) until the watermark lets it go (checked after each record, `released()`).
        Also the records' count."""
        s = self.s
        tp = TopicPartition(topic or self.source, partition)
        plan: list[tuple[str, OutRecord]] = []
        sm = self.sm
        if records:  # where this partition's reading starts is committed already (or is its reset position)
            self.done.setdefault(tp, records[0].offset)
        for rec in records:
            rk = rekey(rec.value, tp.topic, partition, rec.offset, rec.key, rec.headers or (), self.keys,
                       s.max_event_bytes, self.join, s.tool_spans)
            sm.records.inc()
            for dl in rk.dead_letters:
                plan.append((s.dlq_topic, dl))
            plan.extend(self._events(hold(self.order, rk, (tp.topic, partition), rec.offset, tp)))
            # after each record, as the offline pass does: what is late never depends on where a fetch ended
            plan.extend(self.released())
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
            self.next[tp] = rec.offset + 1
        self._vetoes.pop(tp, None)
        sm.waiting.set(len(self.join))
        return plan, len(records)

    def released(self, flush: bool = False) -> list[tuple[str, OutRecord]]:
        """The events the merge lets go now (all of them with `flush`), in event-time order."""
        out = self._events(self.order.flush() if flush else self.order.release())
        sm = self.sm
        sm.held.set(len(self.order))
        sm.late.inc(self.order.late - self._late)
        sm.forced.inc(self.order.forced - self._forced)
        sm.duplicates.inc(self.order.duplicates - self._duplicates)
        self._late, self._forced, self._duplicates = self.order.late, self.order.forced, self.order.duplicates
        return out

    def _events(self, items: list[Any]) -> list[tuple[str, OutRecord]]:
        out = []
        for tp, (k, v, hs) in items:
            r = OutRecord("event", k, v, hs)
            self.origin[id(r)] = tp
            out.append((self.target, r))
        return out

    def _committable(self, tp: TopicPartition, after: int, held: dict[tuple[str, int], int] | None = None) -> int:
        """The offset to commit for `tp`: after its last record, but never past a record with an event still held
        by the merge, nor one whose half of an inference still waits in the join (a crash re-reads it; its events
        come again with the same ids)."""
        low = self.join.pending_sources().get((tp.topic, tp.partition))
        if low is not None:
            after = min(after, low)
        got = (held if held is not None else self.order.low_offsets()).get((tp.topic, tp.partition))
        return after if got is None else min(after, got)

    def _at_end(self, batch: dict[TopicPartition, list[Any]]) -> None:
        """An empty fetch (nothing came within its wait, on any partition: the consumer is at the end of each)
        lets the assigned partitions stop holding the merge's watermark back, until their next record; except one
        whose high watermark, as the client last heard it, is still ahead of what was read (a fetch slower than
        the wait, under load: its records are on their way). Only the empty fetch marks a partition idle: a high
        watermark can be stale (librdkafka's comes with its statistics) and would mark it too early. The veto
        holds for IDLE_VETOES empty fetches in a row at most: a transaction's marker after a partition's last
        record is an offset no record is read from."""
        if batch:
            return
        c = self._consumer
        for tp in self.assignment or self.next:
            try:
                high = c.highwater(tp)
            except Exception:  # a client (or a stand-in) that does not report it
                high = None
            read = self.next.get(tp)
            if high is not None and read is not None and read < high and self._vetoes.get(tp, 0) < IDLE_VETOES:
                self._vetoes[tp] = self._vetoes.get(tp, 0) + 1
                continue
            self.order.idle((tp.topic, tp.partition))

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
        """Re-key a fetched batch (empty: nothing came within the fetch's wait) and ship what the merge by event
        time lets go, in its order; then commit each source partition up to its first record with an event still
        held."""
        c = self._consumer
        assert c is not None and self._producer is not None
        if self.exactly_once:
            await self._ship_exactly_once(batch)
            return
        plans: list[tuple[str, OutRecord]] = []
        for tp, records in batch.items():
            plan, _ = self.plan(records, tp.partition, tp.topic)
            plans.extend(plan)
        self._at_end(batch)
        plans.extend(self.released())
        self.origin.clear()
        held = self.order.low_offsets()
        offsets: dict[TopicPartition, tuple[int, str]] = {}
        for tp, after in self.next.items():
            at = self._committable(tp, after, held)
            if at > self.done.get(tp, -1):
                offsets[tp] = (at, "")
        if not plans and not offsets:
            return
        await self._send(self._producer, plans)  # acknowledged ...
        if offsets:
            await self.commit(offsets)  # ... before the source offsets are committed
            self.done.update({tp: at for tp, (at, _) in offsets.items()})
        self.rekeyed += sum(len(r) for r in batch.values())

    async def _ship_exactly_once(self, batch: dict[TopicPartition, list[Any]]) -> None:
        """Exactly once: what a source partition's records give is written in that partition's transactions, with
        its offsets. The events the merge lets go are written in their order, one transaction per run of events
        of the same source partition (transactions one after another: the repartition topic holds them in that
        order); each partition's dead letters and offsets join its last transaction of the batch."""
        c = self._consumer
        dead: dict[TopicPartition, list[tuple[str, OutRecord]]] = {}
        runs: list[tuple[TopicPartition, list[tuple[str, OutRecord]]]] = []
        for tp, records in batch.items():
            if self.txn.get(tp.partition) is None:  # its producer is not open (yet): fetched again later
                if tp in c.assignment():
                    c.seek(tp, records[0].offset)
                continue
            plan, _ = self.plan(records, tp.partition, tp.topic)
            for t, r in plan:
                if t == self.target:  # late or untimed: leaves at once, in its own partition's transaction
                    self._run(runs, self.origin.get(id(r), tp), (t, r))
                else:
                    dead.setdefault(tp, []).append((t, r))
            self.rekeyed += len(records)
        self._at_end(batch)
        for t, r in self.released():
            self._run(runs, self.origin[id(r)], (t, r))
        self.origin.clear()
        held = self.order.low_offsets()
        last = {tp: i for i, (tp, _) in enumerate(runs)}
        offsets = {tp: at for tp, after in self.next.items()
                   if (at := self._committable(tp, after, held)) > self.done.get(tp, -1) or tp in dead}
        for tp in [*offsets, *dead]:
            if tp not in last:
                last[tp] = len(runs)
                runs.append((tp, []))
        for i, (tp, plan) in enumerate(runs):
            prod = self.txn.get(tp.partition)
            if prod is None:  # revoked meanwhile: its records are read again by the next owner
                continue
            async with prod.transaction():
                if last[tp] == i:
                    plan = [*plan, *dead.get(tp, [])]
                await self._send(prod, plan)
                if last[tp] == i and tp in offsets:
                    await self.kafka.send_offsets(prod, {tp: (offsets[tp], "")}, c, self.group)
            if last[tp] == i and tp in offsets:
                self.done[tp] = offsets[tp]

    @staticmethod
    def _run(runs: list[tuple[TopicPartition, list[tuple[str, OutRecord]]]], tp: TopicPartition,
             entry: tuple[str, OutRecord]) -> None:
        if runs and runs[-1][0] == tp:
            runs[-1][1].append(entry)
        else:
            runs.append((tp, [entry]))

    async def commit(self, offsets: dict[TopicPartition, tuple[int, str]]) -> None:
        assert self._consumer is not None
        await self._consumer.commit(offsets)

    async def assigned(self, parts: set[TopicPartition]) -> None:
        self.assignment |= parts
        self.order.assign([(tp.topic, tp.partition) for tp in sorted(parts)])
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
            # held events are dropped: their offsets were never committed, the next owner reads them again
            self.order.revoke([(tp.topic, tp.partition) for tp in parts])
            self.assignment -= parts
            for tp in parts:
                self.next.pop(tp, None)
                self.done.pop(tp, None)
                self._vetoes.pop(tp, None)
            self.sm.held.set(len(self.order))
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
