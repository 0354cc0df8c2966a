"""The Kafka loop: fetch a batch, run the core on it, ship the outputs, then the state, then commit.

At least once, with no loss: offsets are committed only after every record derived from them (outputs first,
then changelog state) is acknowledged. A SIGKILL at any point leaves either uncommitted input (reprocessed,
outputs carry the same ids) or state that already holds the event (recognized by its offset and skipped).

Shipping is pipelined: while batch N's outputs, state and commit wait on the broker, batch N+1 is processed
(the core yields to the event loop every few hundred records, so N's acknowledgements are read meanwhile).
One shipment is in flight at most and they complete in order, so the order above holds per batch and across
batches; a rebalance or a shutdown waits for the shipment in flight before letting partitions go.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, NamedTuple

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, ConsumerRebalanceListener, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import KafkaError, MessageSizeTooLargeError, TopicAlreadyExistsError

from ..core.partition import OutRecord, PartitionProcessor
from ..core.tally import Tally
from .config import ConfigError, Settings
from .metrics import Metrics

log = logging.getLogger("toolmend.worker")
MIN_HOT = 64  # live conversations per partition at the least, however small the budget
GC_THRESHOLD = 50_000  # allocations between two young-generation collections (Python's default: 700)
YIELD_EVERY = 32  # records processed between two yields to the event loop (the shipment in flight progresses)


async def ensure_topics(settings: Settings, names: Iterable[tuple[str, int, dict[str, str]]]) -> None:
    admin = AIOKafkaAdminClient(**settings.kafka_common())
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        new = [NewTopic(n, p, settings.replication_factor, topic_configs=cfg) for n, p, cfg in names
               if n not in existing]
        if new:
            with contextlib.suppress(TopicAlreadyExistsError):
                await admin.create_topics(new)
            for t in new:
                for _ in range(50):  # wait for the metadata to show the new topic
                    if t.name in set(await admin.list_topics()):
                        break
                    await asyncio.sleep(0.1)
    finally:
        await admin.close()


async def partitions_of(consumer: AIOKafkaConsumer, topic: str) -> set[int]:
    """The partitions of a topic this consumer is not subscribed to. (`consumer.topics()` fetches metadata but
    does not update the cache `partitions_for_topic` reads, so on Apache Kafka that answers None.)"""
    cluster = await consumer._client.fetch_all_metadata()
    return set(cluster.partitions_for_topic(topic) or ())


async def drain(consumer: AIOKafkaConsumer, tps: list[TopicPartition], end: dict[TopicPartition, int],
                apply: Callable[[TopicPartition, list[Any]], None], idle_ms: int = 300) -> int:
    """Read assigned partitions to their end, applying each fetched batch at once (nothing accumulates).

    The end is proved by an empty fetch past the reported end offset: that offset is only a lower bound on some
    brokers (Tansu answers the base offset of the last batch plus one); on Kafka it costs one fetch wait. The
    loop yields to the event loop between batches, so heartbeats and /healthz keep going during a long restore.
    """
    remaining = set(tps)
    n = 0
    while remaining:
        got = await consumer.getmany(*remaining, timeout_ms=idle_ms, max_records=5000)
        for tp, recs in got.items():
            if recs:
                apply(tp, recs)
                n += len(recs)
        await asyncio.sleep(0)
        for tp in list(remaining):
            if not got.get(tp) and await consumer.position(tp) >= end[tp]:
                remaining.discard(tp)
    return n


Plan = list[tuple[str, int | None, OutRecord]]  # (topic, partition or None for the partitioner, record)


class Shipment(NamedTuple):
    """What a processed batch leaves to ship, in this order: outputs, then state, then the commit."""

    outputs: Plan
    counts: dict[str, int]  # outputs by kind (metrics once acknowledged)
    state: Plan  # changelog records as of the batch's end
    commit: dict[TopicPartition, int]
    records: int  # input records it covers


def share_hot(budget: int, procs: list[PartitionProcessor]) -> None:
    """A process's budget of live conversations, split evenly among its partitions (memory per worker stays
    bounded however many partitions it owns)."""
    limit = max(MIN_HOT, budget // max(1, len(procs)))
    for proc in procs:
        proc.hot_limit = limit


class Worker:
    def __init__(self, settings: Settings, metrics: Metrics | None = None) -> None:
        self.s = settings
        self.m = metrics or Metrics(label_cap=settings.label_cap)
        self.engine = settings.engine_config()
        self.procs: dict[int, PartitionProcessor] = {}
        self.restoring: set[int] = set()
        self.assigned: set[int] = set()
        self.started = False
        self.last_loop = time.monotonic()
        self.failed: str | None = None
        self._lock = asyncio.Lock()
        self._consumer: AIOKafkaConsumer | None = None
        self._producer: AIOKafkaProducer | None = None
        self._last_ts: dict[int, int] = {}  # broker timestamp (ms) of the last processed record, per partition
        self.processed = 0
        self._gauges_at = 0.0
        self._same_partitions: set[str] = set()
        self._shipping: asyncio.Future[None] | None = None  # the previous batch's shipment, while in flight
        self._ship_error: Exception | None = None  # a shipment that failed where it could not stop the loop
        self.tally = Tally()  # what the core counts during a batch, into the metrics after it

    # -- health -----------------------------------------------------------------------------------------------
    def healthy(self) -> tuple[bool, str]:
        if self.failed:
            return False, f"failed: {self.failed}"
        stalled = time.monotonic() - self.last_loop
        if self.started and stalled > max(30.0, self.s.session_timeout_ms / 1000 * 3):
            return False, f"consumer loop stalled for {stalled:.0f}s"
        return True, "ok"

    def ready(self) -> tuple[bool, str]:
        if not self.started:
            return False, "starting"
        if self.restoring:
            return False, f"restoring state of {len(self.restoring)} partition(s)"
        if not self.assigned:
            return False, "no partitions assigned"
        return True, f"ready: {len(self.assigned)} partition(s)"

    # -- lifecycle --------------------------------------------------------------------------------------------
    async def run(self, stop: asyncio.Event) -> None:
        s = self.s
        # every event allocates hundreds of container objects (parsed JSON, views, outputs) that die young; the
        # default threshold (700) runs a collection every few events and, through the generation counts, the
        # long-lived state's generations far too often. Cycles are rare here: collect young objects less often.
        gc.set_threshold(GC_THRESHOLD, 20, 20)
        if s.create_topics:
            await self._create_topics()
        self._producer = AIOKafkaProducer(acks="all", linger_ms=s.linger_ms, max_batch_size=256 * 1024,
                                          max_request_size=max(8 << 20, s.max_event_bytes * 4),
                                          **s.kafka_common())
        self._consumer = AIOKafkaConsumer(
            group_id=s.group_id, enable_auto_commit=False, auto_offset_reset="earliest",
            session_timeout_ms=s.session_timeout_ms, heartbeat_interval_ms=s.heartbeat_interval_ms,
            max_poll_records=s.max_batch, fetch_max_wait_ms=s.fetch_max_wait_ms,
            max_partition_fetch_bytes=max(1 << 20, s.max_event_bytes + 65536),
            fetch_max_bytes=max(50 << 20, s.max_event_bytes * 4), **s.kafka_common())
        await self._producer.start()
        try:
            await self._consumer.start()
            await self._partition_layout()
            self._consumer.subscribe([s.input_topic], listener=_Listener(self))
            self.started = True
            await self._loop(stop)
        finally:
            await self._shutdown()

    async def _partition_layout(self) -> None:
        """Output topics partitioned like the input get each record in its input partition number."""
        c = self._consumer
        assert c is not None
        s = self.s
        n_in = len(await partitions_of(c, s.input_topic))
        for t in (s.output_topic, s.findings_topic, s.dlq_topic):
            if t and n_in and len(await partitions_of(c, t)) == n_in:
                self._same_partitions.add(t)
        n_state = len(await partitions_of(c, s.changelog_topic))
        if n_in and n_state and n_state < n_in:
            # the state of input partition p lives in changelog partition p: a smaller changelog cannot hold it
            raise ConfigError(f"state topic {s.changelog_topic} has {n_state} partitions, fewer than the "
                              f"{n_in} of {s.input_topic}; recreate it with at least {n_in}")

    async def _create_topics(self) -> None:
        s = self.s
        n = s.partitions
        # the dead-letter topic takes whatever the input took (an oversized event goes there unchanged)
        big = {"max.message.bytes": str(max(8 << 20, s.max_event_bytes * 4))}
        topics = [(s.input_topic, n, big), (s.output_topic, n, big), (s.dlq_topic, n, big),
                  (s.changelog_topic, n, {"cleanup.policy": "compact"})]
        if s.findings_topic:
            topics.append((s.findings_topic, n, {}))
        await ensure_topics(s, topics)

    async def _shutdown(self) -> None:
        budget = self.s.shutdown_budget_s
        t0 = time.monotonic()

        async def close() -> None:
            if self._consumer is not None:
                async with self._lock:  # let an in-flight batch finish, flush and commit
                    try:
                        await self._settle()
                    except Exception as e:  # reported where it happened; its records are reprocessed
                        log.error("last shipment failed at shutdown: %s", type(e).__name__)
                await self._consumer.stop()  # leaves the group
            if self._producer is not None:
                await self._producer.stop()

        try:
            await asyncio.wait_for(close(), budget)
        except TimeoutError:
            log.error("shutdown exceeded its budget of %.1fs; leaving anyway", budget)
        log.info("stopped in %.2fs after %d events", time.monotonic() - t0, self.processed)

    async def _loop(self, stop: asyncio.Event) -> None:
        c = self._consumer
        assert c is not None
        stop_wait = asyncio.ensure_future(stop.wait())
        try:
            while not stop.is_set():
                self.last_loop = time.monotonic()
                fetch = asyncio.ensure_future(c.getmany(timeout_ms=500, max_records=self.s.max_batch))
                done, _ = await asyncio.wait({fetch, stop_wait}, return_when=asyncio.FIRST_COMPLETED)
                if fetch not in done:
                    fetch.cancel()
                    break
                batch = fetch.result()
                if self._ship_error is not None:
                    raise self._ship_error
                if self._shipping is not None and self._shipping.done():
                    await self._settle()  # a failed shipment stops the loop now, not at the next batch
                log.debug("fetched %s", {tp.partition: len(r) for tp, r in batch.items()})
                if batch:
                    async with self._lock:
                        await self._process(batch)
                self._gauges()
        finally:
            stop_wait.cancel()

    # -- one batch ---------------------------------------------------------------------------------------------
    async def _process(self, batch: dict[TopicPartition, list[Any]]) -> None:
        """Run the core over a fetched batch, then hand its outputs, state and offsets to a shipping task that
        overlaps the next batch's processing."""
        shipment = await self._compute(batch)
        if shipment is None:
            return
        await self._settle()  # one shipment in flight at most: the previous batch's commit comes first
        self._shipping = asyncio.ensure_future(self._ship(shipment))

    async def _settle(self) -> None:
        """Wait for the shipment in flight; its failure is raised here (once), stopping the loop."""
        shipping, self._shipping = self._shipping, None
        if shipping is not None:
            await shipping

    async def _compute(self, batch: dict[TopicPartition, list[Any]]) -> Shipment | None:
        s = self.s
        t_fetch = time.perf_counter()
        outs: list[OutRecord] = []
        commit: dict[TopicPartition, int] = {}
        durations: list[float] = []
        n = 0
        origin: list[int] = []  # input partition of each output: outputs of a conversation stay in one partition
        c = self._consumer
        assert c is not None
        for tp, records in batch.items():
            proc = self.procs.get(tp.partition)
            if proc is None:
                # fetched before its state was restored (aiokafka fetches while the assignment callback runs):
                # rewind, so these records are processed once the partition is ready, never skipped
                if tp in c.assignment():
                    c.seek(tp, records[0].offset)
                continue
            for rec in records:
                got = proc.process(rec.offset, rec.key, rec.value, rec.headers or (), rec.timestamp)
                outs.extend(got)
                origin.extend([tp.partition] * len(got))
                durations.append(time.perf_counter() - t_fetch)
                n += 1
                if n % YIELD_EVERY == 0:
                    await asyncio.sleep(0)  # the shipment in flight reads its acknowledgements, sends the next step
            commit[tp] = records[-1].offset + 1
            self._last_ts[tp.partition] = records[-1].timestamp
        if not commit:
            return None
        topic = {"repaired": s.output_topic, "findings": s.findings_topic, "dead_letter": s.dlq_topic}
        self.m.observe_processing(durations)
        self.m.flush(self.tally.take())
        same = self._same_partitions
        # outputs first, acknowledged; then the state; then the commit (see the module docstring)
        plan: Plan = []
        counts: dict[str, int] = {}
        for r, part in zip(outs, origin, strict=True):
            t = topic[r.kind]
            if t is None:
                continue
            if r.kind == "dead_letter":  # coordinates and kind only: never content, never the conversation id
                h = dict(r.headers)
                log.warning("dead letter %s from %s:%s:%s", h.get("toolmend-error-kind", b"").decode(),
                            h.get("toolmend-source-topic", b"").decode(),
                            h.get("toolmend-source-partition", b"").decode(),
                            h.get("toolmend-source-offset", b"").decode())
            # the input partition: the partition the default partitioner would pick for this key when the
            # counts match (checked at start), without paying for a pure-Python murmur2 per record
            plan.append((t, part if t in same else None, r))
            counts[r.kind] = counts.get(r.kind, 0) + 1
        # the state as of this batch's end, taken now: the next batch changes the conversations while this one ships
        state: Plan = []
        for tp in commit:
            proc = self.procs.get(tp.partition)
            if proc is None:
                continue
            for key, value in proc.take_changelog():
                state.append((s.changelog_topic, tp.partition, OutRecord("changelog", key, value, [])))
        return Shipment(plan, counts, state, commit, n)

    async def _ship(self, sh: Shipment) -> None:
        """Outputs, acknowledged; then the state, acknowledged; then the commit (see the module docstring)."""
        c = self._consumer
        assert c is not None
        await self._produce(sh.outputs)
        for kind, k in sh.counts.items():
            self.m.output_records.labels(kind).inc(k)
        state, commit = sh.state, sh.commit
        await self._produce(state)
        if state:
            self.m.output_records.labels("changelog").inc(len(state))
        try:
            await asyncio.wait_for(c.commit(commit), 15)
            self.m.commits.labels("ok").inc()
            for tp, position in commit.items():  # ended conversations' markers can become tombstones
                proc = self.procs.get(tp.partition)
                if proc is not None:
                    proc.committed(position)
        except (KafkaError, TimeoutError) as e:
            # safe to go on: outputs and state are acknowledged, so whoever reprocesses these records (us or the
            # partition's next owner) restores state that already holds them and skips them by offset
            self.m.commits.labels("failed").inc()
            log.warning("offset commit failed (%s); records will be reprocessed idempotently", type(e).__name__)
        self.processed += sh.records

    async def _produce(self, plan: Plan) -> None:
        """Produce and await acknowledgement of every record. Records with a known partition go in batches
        (a quarter of the per-record cost of `send()`); any batch that fails is retried record by record, where
        an oversized record becomes a dead letter instead of a crash loop."""
        p = self._producer
        assert p is not None
        groups: dict[tuple[str, int], list[OutRecord]] = {}
        singles: Plan = []
        for t, part, r in plan:
            if part is None:
                singles.append((t, part, r))
            else:
                groups.setdefault((t, part), []).append(r)
        pending: list[tuple[Awaitable[Any], Plan]] = []

        async def single(t: str, part: int | None, r: OutRecord) -> None:
            try:
                pending.append((await p.send(t, r.value, key=r.key, headers=r.headers, partition=part),
                                [(t, part, r)]))
            except MessageSizeTooLargeError:
                pending.append((await self._too_large(r), []))

        # per partition, records are enqueued in their order (batches and single sends share the partition's
        # FIFO queue in the accumulator), so a conversation's records stay in order
        for (t, part), recs in groups.items():
            batch = p.create_batch()
            members: Plan = []
            for r in recs:
                if batch.append(key=r.key, value=r.value, timestamp=None, headers=r.headers) is not None:
                    members.append((t, part, r))
                    continue
                if members:  # full: ship it, start the next
                    pending.append((await p.send_batch(batch, t, partition=part), members))
                    batch, members = p.create_batch(), []
                if batch.append(key=r.key, value=r.value, timestamp=None, headers=r.headers) is not None:
                    members.append((t, part, r))
                else:  # larger than a whole batch: on its own, in its place
                    batch = p.create_batch()
                    await single(t, part, r)
            if members:
                pending.append((await p.send_batch(batch, t, partition=part), members))
        for t, part, r in singles:
            await single(t, part, r)
        results = await asyncio.gather(*(f for f, _ in pending), return_exceptions=True)
        retry = [m for (_, members), res in zip(pending, results, strict=True)
                 if isinstance(res, BaseException) for m in members]
        failed = [res for res in results if isinstance(res, BaseException)]
        if not retry:
            if failed:
                raise failed[0]
            return
        if not all(isinstance(e, MessageSizeTooLargeError) for e in failed):
            raise next(e for e in failed if not isinstance(e, MessageSizeTooLargeError))
        # a batch the broker refused as too large (its message.max.bytes is below our batch size): its records one
        # by one, so that only the oversized ones become dead letters (their order against later batches of the
        # same partition is lost in this rare case)
        for t, part, r in retry:
            try:
                await (await p.send(t, r.value, key=r.key, headers=r.headers, partition=part))
            except MessageSizeTooLargeError:
                await (await self._too_large(r))

    async def _too_large(self, r: OutRecord) -> Awaitable[Any]:
        """An output the broker will not take (bigger than its message.max.bytes): never a crash loop, never a
        silent loss. A dead letter with the record's id, size and reason goes out instead of it."""
        p = self._producer
        assert p is not None
        size = len(r.value or b"")
        log.error("output record of %d bytes (%s) refused as too large; dead-lettered without its value", size,
                  r.kind)
        self.m.dead_letters.labels("too_large").inc()
        headers = [h for h in r.headers if h[0] in ("toolmend-id", "toolmend-source", "toolmend-source-topic",
                                                    "toolmend-source-partition", "toolmend-source-offset")]
        headers += [("toolmend-error-kind", b"too_large"),
                    ("toolmend-error-detail", f"{r.kind} record of {size} bytes exceeds the broker's limit".encode())]
        fut: Awaitable[Any] = await p.send(self.s.dlq_topic, None, key=r.key, headers=headers)
        return fut

    def _gauges(self) -> None:
        """Refresh the gauges, at most once a second (open calls are summed over every conversation)."""
        c = self._consumer
        now = time.monotonic()
        if c is None or now - self._gauges_at < 1.0:
            return
        self._gauges_at = now
        open_convs = 0
        open_calls = 0
        state_bytes = 0
        now_ms = time.time() * 1000
        for part, proc in self.procs.items():
            open_convs += proc.conversations
            open_calls += proc.open_calls
            state_bytes += proc.state_bytes
            tp = TopicPartition(self.s.input_topic, part)
            try:
                hw = c.highwater(tp)
            except Exception:  # not assigned any more
                hw = None
            label = str(part)
            if hw is not None:
                lag = max(0, hw - (proc.offset + 1))
                self.m.lag_records.labels(label).set(lag)
                last = self._last_ts.get(part)
                self.m.lag_seconds.labels(label).set(max(0.0, (now_ms - last) / 1000) if lag and last else 0.0)
            self.m.watermark.labels(label).set(proc.watermark / 1000)
        self.m.open_conversations.set(open_convs)
        self.m.open_tool_calls.set(open_calls)
        self.m.state_bytes.set(state_bytes)

    # -- rebalances ---------------------------------------------------------------------------------------------
    async def assigned_partitions(self, parts: set[TopicPartition]) -> None:
        self.m.rebalances.labels("assigned").inc()
        new = sorted(tp.partition for tp in parts if tp.topic == self.s.input_topic
                     and tp.partition not in self.procs)
        self.assigned = {tp.partition for tp in parts if tp.topic == self.s.input_topic}
        if not new:
            return
        self.restoring.update(new)
        c = self._consumer
        paused = [TopicPartition(self.s.input_topic, p) for p in new]
        if c is not None:
            c.pause(*paused)  # no fetching for a partition until its state is back
        t0 = time.perf_counter()
        try:
            restored = await self._restore(new)
        except Exception as e:
            # without its state a partition must not be processed: stay paused and fail /healthz, so the
            # orchestrator restarts the worker and the group hands the partition to a healthy member
            self.failed = f"state restore failed: {type(e).__name__}"
            log.error("state restore of partitions %s failed: %s", new, type(e).__name__)
            self.restoring.difference_update(new)
            return
        self.restoring.difference_update(new)
        if c is not None:
            c.resume(*[tp for tp in paused if tp in c.assignment()])
        self.m.restore_seconds.set(time.perf_counter() - t0)
        self.m.restored.inc(restored)
        log.info("restored %d conversations for partitions %s in %.2fs", restored, new, time.perf_counter() - t0)

    async def revoked_partitions(self, parts: set[TopicPartition]) -> None:
        self.m.rebalances.labels("revoked").inc()
        async with self._lock:  # the batch in flight completes (outputs, state, commit) before we let go
            try:
                await self._settle()
            except Exception as e:  # the partitions still go (their next owner restores them); the loop stops
                self._ship_error = e
                self.failed = f"shipping failed: {type(e).__name__}"
                log.error("shipping a batch failed during a rebalance: %s", type(e).__name__)
            for tp in parts:
                self.procs.pop(tp.partition, None)
                self.assigned.discard(tp.partition)
                for g in (self.m.lag_records, self.m.lag_seconds, self.m.watermark):
                    with contextlib.suppress(KeyError):
                        g.remove(str(tp.partition))
            self._share_hot()

    async def _restore(self, partitions: list[int]) -> int:
        s = self.s
        procs = {p: PartitionProcessor(s.input_topic, p, self.engine, self.tally) for p in partitions}
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
        total = 0
        for p, proc in procs.items():
            group = self._consumer
            committed = await group.committed(TopicPartition(s.input_topic, p)) if group is not None else None
            proc.finish_restore(committed or 0)
            total += proc.conversations
            self.procs[p] = proc
        self._share_hot()
        return total

    def _share_hot(self) -> None:
        share_hot(self.s.hot_conversations, list(self.procs.values()))


class _Listener(ConsumerRebalanceListener):  # type: ignore[misc]
    def __init__(self, worker: Worker) -> None:
        self.w = worker

    async def on_partitions_revoked(self, revoked: set[TopicPartition]) -> None:
        await self.w.revoked_partitions(set(revoked))

    async def on_partitions_assigned(self, assigned: set[TopicPartition]) -> None:
        await self.w.assigned_partitions(set(assigned))
