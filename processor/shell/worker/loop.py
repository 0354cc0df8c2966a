"""The Kafka loop: fetch a batch, run the core on it, hand its checkpoint to the committer.

The commit order and why it loses nothing live in `checkpoint.py`; restoring a partition's state on assignment
in `recovery.py`; the Kafka clients and topic helpers in `shell/kafka.py`.

Commits are pipelined: while batch N's checkpoint waits on the broker, batch N+1 is processed (the core yields
to the event loop every few hundred records, so N's acknowledgements are read meanwhile). One checkpoint is in
flight at most and they complete in order, so the commit order holds per batch and across batches; a rebalance
or a shutdown waits for the checkpoint in flight before letting partitions go.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import Callable
from typing import Any

from aiokafka import TopicPartition

from ...core.partition import OutRecord, PartitionProcessor, share_hot
from ...core.tally import Tally
from .. import gc_tuning
from ..config import ConfigError, Settings
from ..kafka import STATE_TOPIC_CONFIG, big_topic, isolation
from ..logs import DeadLetterLog, describe_error
from ..metrics import Metrics
from ..transport import client_for
from .batches import name_undecodable_batches
from .checkpoint import (
    AtLeastOnce,
    Checkpoint,
    Committer,
    ExactlyOnce,
    Transport,
    plan,
    require_transactions,
    without,
)
from .fencing import Fenced, Ownership
from .recovery import RESTORE_RETRY_S, LayoutChanged, StateLost, UnstableOffsets, heal, restore
from .topic_rules import missing_topics, state_layout

__all__ = ["Worker"]

log = logging.getLogger("toolmend.worker")
TIMER_SLICE = 2000  # outputs of timers (timeouts, evictions) fired between two yields to the event loop
YIELD_EVERY = 32  # records processed between two yields to the event loop (the shipment in flight progresses)
YIELD_AFTER_S = 0.01  # or this much processing, whichever comes first
# a fetched batch is cut into checkpoints of at most this much processing (then one record more): a backlog
# handed over at once (librdkafka hands over up to max_batch records it holds) on a core the machine starves is
# committed as it goes, not after seconds of processing; on a core of its own a batch takes a fraction of it
CHECKPOINT_EVERY_S = 0.5
LAYOUT_CHECK_S = 10.0  # between two reads of the input's partition count (fresh metadata)
RESTORE_FAILED = "state restore failed"  # the start of /healthz's reason while a restore failure lasts


class Worker:
    def __init__(self, settings: Settings, metrics: Metrics | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.metrics = metrics or Metrics(label_cap=settings.label_cap)
        self.clock = clock  # monotonic seconds: health, readiness, the ownership lease
        self.engine = settings.engine_config()
        self.kafka = client_for(settings)  # the transport: aiokafka or librdkafka (kafka_client)
        self.procs: dict[int, PartitionProcessor] = {}
        self.restoring: set[int] = set()
        self.assigned: set[int] = set()
        self.started = False
        self.last_loop = clock()
        self.failed: str | None = None
        self._lock = asyncio.Lock()
        self._consumer: Any = None
        self._producer: Any = None
        self._transport: Transport | None = None
        self._committer: Committer | None = None
        self._ownership: Ownership | None = None
        self._fatal: Exception | None = None  # found where it cannot stop the loop (a rebalance callback)
        self._resets: dict[int, int] = {}  # partitions started empty (state lost), not marked yet: position
        # offset resets back already counted: (committed position, records read again), so a restore repeated
        # before the partition's heal finished (a rebalance meanwhile) does not count the same records twice
        self._replays: dict[int, tuple[int | None, int]] = {}
        self._last_ts: dict[int, int] = {}  # broker timestamp (ms) of the last processed record, per partition
        self._next: dict[int, int] = {}  # next input offset each partition's state expects (set at restore)
        self._healing: dict[int, asyncio.Future[None]] = {}  # partitions rebuilt from the input (a stale write)
        self._unrestored: set[int] = set()  # assigned partitions whose restore failed (tried again: _retry)
        self._retry: asyncio.Future[None] | None = None
        self.layout: int | None = None  # the input's partition count when the worker started (its state's layout)
        self._layout_at = clock()
        self._watch: asyncio.Future[None] | None = None
        self.processed = 0
        self._gauges_at = 0.0
        self._same_partitions: set[str] = set()
        self._shipping: asyncio.Future[None] | None = None  # the previous batch's checkpoint, while in flight
        # the records of a fetched batch left for its next checkpoint (CHECKPOINT_EVERY_S), each partition's with
        # the state they continue, and the generation the batch was fetched under
        self._left: dict[TopicPartition, tuple[PartitionProcessor | None, list[Any]]] = {}
        self._left_generation = -1
        self._ship_error: Exception | None = None  # a commit that failed where it could not stop the loop
        self.tally = Tally()  # what the core counts during a batch, into the metrics after it
        self._dead_letter_log = DeadLetterLog(log)  # one warning per kind per 10 s, with the count of the others
        self.metrics.broker_unreachable.set_function(self.broker_unreachable_for)
        self.metrics.delivery_stalled.set_function(lambda: self.delivery_stalled()[0])

    # -- health -----------------------------------------------------------------------------------------------
    def healthy(self) -> tuple[bool, str]:
        if self.failed:
            return False, f"failed: {self.failed}"
        stalled = self.clock() - self.last_loop
        if self.started and stalled > max(30.0, self.settings.session_timeout_s * 3):
            return False, f"consumer loop stalled for {stalled:.0f}s"
        return True, "ok"

    def broker_unreachable_for(self) -> float:
        """Seconds since the broker last answered this worker: any response to the group consumer's requests
        (fetch, even empty; metadata; heartbeat; commit) or a produce acknowledged (0 before the worker has
        started). Readiness fails when this grows past its limit (a broker outage); an idle worker still fetches
        and heartbeats. Exported as toolmend_broker_unreachable_seconds."""
        if self._ownership is None or not self.started:
            return 0.0
        return max(0.0, self.clock() - self._ownership.contact_at)

    def delivery_stalled(self) -> tuple[float, str]:
        """Seconds the oldest produce step has waited for its acknowledgement, and what it writes (a deleted
        output topic: retried, never a crash). Exported as toolmend_delivery_stalled_seconds."""
        if self._committer is None or not self.started:
            return 0.0, ""
        return self._committer.stalled()

    def ready(self) -> tuple[bool, str]:
        if not self.started:
            return False, "starting"
        if self.failed == "input partitions changed":
            return False, "the input's partition count changed: stopping"
        silent = self.broker_unreachable_for()
        if silent > self.settings.broker_unreachable_s:
            return False, f"broker unreachable for {silent:.0f}s"
        stalled, what = self.delivery_stalled()
        if stalled > self.settings.broker_unreachable_s:
            return False, f"outputs not delivered for {stalled:.0f}s ({what})"
        if self.restoring:
            return False, f"restoring state of {len(self.restoring)} partition(s)"
        if self._unrestored:
            return False, f"state of partition(s) {sorted(self._unrestored)} not restored (tried again)"
        if not self.assigned:
            return False, "no partitions assigned"
        return True, f"ready: {len(self.assigned)} partition(s)"

    # -- lifecycle --------------------------------------------------------------------------------------------
    async def run(self, stop: asyncio.Event) -> None:
        s = self.settings
        gc_tuning.tune(s.gc_threshold)  # parsed events die young: collect them less often (shell/gc_tuning.py)
        name_undecodable_batches()  # a batch no codec decodes: one line naming partition, offset, codec (exit 2)
        if s.create_topics:
            await self._create_topics()
        exactly_once = s.delivery == "exactly_once"
        if exactly_once:
            await require_transactions(s)  # refuse at start, with a clear message, on a broker without them
        k = self.kafka
        self._producer = k.new_producer(s)
        # exactly once: read only committed input (a producer upstream may be transactional too)
        self._consumer = k.new_input_consumer(s, group_id=s.group_id, group_instance_id=s.group_instance_id,
                                            isolation_level=isolation(s), session_timeout_ms=s.session_timeout_ms,
                                            heartbeat_interval_ms=s.heartbeat_interval_ms)
        await self._producer.start()
        self._ownership = Ownership(self._consumer, s.session_timeout_s, clock=self.clock, client=k)
        self._transport = (ExactlyOnce(s, self._consumer) if exactly_once
                           else AtLeastOnce(self._producer, self._consumer))
        self._committer = Committer(s, self._transport, self._ownership, self.metrics, self._committed)
        try:
            await self._consumer.start()
            self._ownership.attach()
            self._ownership.guard(self._producer)
            await self._require_topics()
            await self._partition_layout()
            await self._output_limit()
            k.subscribe(self._consumer, [s.input_topic], self.assigned_partitions, self.revoked_partitions)
            self.started = True
            await self._loop(stop)
        finally:
            await self._shutdown()

    async def _require_topics(self) -> None:
        """With topic creation off, every topic the worker reads or writes must exist: a missing (mistyped) one
        stops the start with its name (ConfigError, exit 2), not a worker waiting forever, NotReady."""
        s = self.settings
        if s.create_topics:
            return
        problem = missing_topics(s, await self.kafka.topic_sizes(s))
        if problem is not None:
            raise ConfigError(problem)

    async def _partition_layout(self) -> None:
        """Output topics partitioned like the input get each record in its input partition number."""
        c = self._consumer
        assert c is not None
        s = self.settings
        n_in = len(await self.kafka.partitions_of(c, s.input_topic))
        self.layout = n_in or None
        if self._committer is not None:
            self._committer.layout = self.layout
        for t in (s.output_topic, s.findings_topic, s.dlq_topic):
            if t and n_in and len(await self.kafka.partitions_of(c, t)) == n_in:
                self._same_partitions.add(t)
        problem = state_layout(s, n_in, len(await self.kafka.partitions_of(c, s.changelog_topic)))
        if problem is not None:
            raise ConfigError(problem)

    async def _output_limit(self) -> None:
        """The largest output the output topics take: an event whose outputs would not fit goes whole to the
        dead-letter topic (`output_too_large`, decided in the core), instead of a record refused by the broker."""
        self.engine = await self.kafka.output_limits(self.settings, self.engine)
        for kind, limit in (("repaired", self.engine.max_output_bytes), ("findings", self.engine.max_findings_bytes)):
            if limit is not None:
                log.info("%s outputs over %d bytes dead-letter their input event (that topic's max.message.bytes)",
                         kind, limit)
        state_limit = await self.kafka.max_state_bytes(self.settings, self.engine.max_state_bytes)
        if state_limit != self.engine.max_state_bytes:
            self.engine = dataclasses.replace(self.engine, max_state_bytes=state_limit)
            log.info("conversation states are kept under %s bytes (state topic's max.message.bytes)", state_limit)

    async def _create_topics(self) -> None:
        """The topics the worker needs, sized from the input topic as Kafka Streams sizes changelogs from their
        source: an existing input keeps its partitions and every topic created here gets as many (input partition
        p's state lives in changelog partition p, its outputs in output partition p); a new input gets
        `partitions`. Existing topics are left as they are (a smaller changelog is refused by _partition_layout)."""
        s = self.settings
        n = (await self.kafka.topic_sizes(s)).get(s.input_topic) or s.partitions
        # the dead-letter topic takes whatever the input took (an oversized event goes there unchanged)
        big = big_topic(s)
        topics = [(s.input_topic, n, big), (s.output_topic, n, big), (s.dlq_topic, n, big),
                  (s.changelog_topic, n, dict(STATE_TOPIC_CONFIG))]
        if s.findings_topic:  # a finding carries the output it describes: sized like the others
            topics.append((s.findings_topic, n, big))
        await self.kafka.ensure_topics(s, topics)

    async def _shutdown(self) -> None:
        budget = self.settings.shutdown_budget_s
        t0 = self.clock()
        for task in (self._retry, self._watch):
            if task is not None:
                task.cancel()

        async def close() -> None:
            if self._consumer is not None:
                async with self._lock:  # let an in-flight batch finish, flush and commit
                    try:
                        await self._settle()
                    except Exception as e:  # reported where it happened; its records are reprocessed
                        log.error("last shipment failed at shutdown: %s", describe_error(e))
                try:
                    await self._consumer.stop()  # leaves the group
                except asyncio.CancelledError:
                    task = asyncio.current_task()
                    if task is not None and task.cancelling():  # ours (the budget ran out): go on cancelling
                        raise
                    # aiokafka, stopped while the broker is unreachable, re-raises the cancellation of its own
                    # fetch task: the session expires on its own, and the producers must still be stopped
                    log.warning("consumer stopped uncleanly (broker unreachable): the group expires its session")
            if self._transport is not None:
                await self._transport.close_all()
            if self._producer is not None:
                await self._producer.stop()

        try:
            await asyncio.wait_for(close(), budget)
        except TimeoutError:
            log.error("shutdown exceeded its budget of %.1fs; leaving anyway", budget)
        log.info("stopped in %.2fs after %d events", self.clock() - t0, self.processed)

    async def _loop(self, stop: asyncio.Event) -> None:
        c = self._consumer
        assert c is not None
        self.last_loop = self.clock()
        async with contextlib.aclosing(self.kafka.fetches(c, stop, self.settings.max_batch)) as batches:
            async for fetched in batches:  # records already buffered are no sign of the broker (fencing.attach)
                batch: dict[TopicPartition, list[Any]] | None = fetched
                generation: int | None = None  # the ownership's now: the batch was fetched under it
                while batch is not None:  # the fetched batch, then what its checkpoints left (CHECKPOINT_EVERY_S)
                    if self._ship_error is not None:
                        raise self._ship_error
                    if self._fatal is not None:
                        raise self._fatal
                    if (self.clock() - self._layout_at >= LAYOUT_CHECK_S
                            and (self._watch is None or self._watch.done())):
                        self._layout_at = self.clock()
                        self._watch = asyncio.ensure_future(self._watch_layout())
                    if self._shipping is not None and self._shipping.done():
                        await self._settle()  # a failed shipment stops the loop now, not at the next batch
                    log.debug("fetched %s", {tp.partition: len(r) for tp, r in batch.items()})
                    if batch:
                        async with self._lock:
                            await self._process(batch, generation)
                    self._gauges()
                    self.last_loop = self.clock()
                    batch, generation = self._rest()

    def _rest(self) -> tuple[dict[TopicPartition, list[Any]] | None, int | None]:
        """What the last checkpoint left of its fetched batch, and the generation it was fetched under: each
        partition's records if it still holds the state they continue (not let go, fenced or restored since:
        its next owner, or its restore, reads them again from what was committed); None when nothing is left."""
        left, self._left = self._left, {}
        rest = {tp: records for tp, (proc, records) in left.items() if self.procs.get(tp.partition) is proc}
        return (rest, self._left_generation) if rest else (None, None)

    # -- one batch ---------------------------------------------------------------------------------------------
    async def _process(self, batch: dict[TopicPartition, list[Any]], generation: int | None = None) -> None:
        """Run the core over a fetched batch, then hand its checkpoint to a commit task that overlaps the next
        batch's processing. A batch whose processing takes longer than CHECKPOINT_EVERY_S is cut there: its
        checkpoint covers what was processed, and the rest is left for the next (`_rest`)."""
        computed = await self._compute(batch, generation)
        if computed is None:
            return
        cp, procs = computed
        await self._settle()  # one checkpoint in flight at most: the previous batch's commit comes first
        # the previous checkpoint fenced for a partition (its state dropped, maybe restored again since): this
        # batch built on what it held, so its share goes too; the partition is read again from what was committed
        gone = {p for p, proc in procs.items() if self.procs.get(p) is not proc}
        if gone:
            log.warning("partitions %s were fenced while this batch was computed: their share of it is dropped",
                        sorted(gone))
            left = without(cp, gone)
            if left is None:
                return
            cp = left
        self._shipping = asyncio.ensure_future(self._ship(cp))

    async def _settle(self) -> None:
        """Wait for the checkpoint in flight; its failure is raised here (once), stopping the loop."""
        shipping, self._shipping = self._shipping, None
        if shipping is None:
            return
        while not shipping.done():
            # a shipment retried while the broker cannot take it (a deleted output topic) waits here: the loop
            # is not stalled (/healthz), it waits on the broker (/readyz says so)
            await asyncio.wait({shipping}, timeout=1.0)
            self.last_loop = self.clock()
        await shipping

    async def _compute(self, batch: dict[TopicPartition, list[Any]], generation: int | None = None
                       ) -> tuple[Checkpoint, dict[int, PartitionProcessor]] | None:
        perf = time.perf_counter
        t_fetch = perf()
        runs: list[tuple[int, list[OutRecord]]] = []  # per input partition, in fetch order: its outputs in order
        positions: dict[TopicPartition, int] = {}
        finished: list[float] = []  # when each record was done (the histogram takes them less t_fetch, at once)
        took = finished.append
        n = 0
        to_yield = YIELD_EVERY
        yielded_at = t_fetch
        c = self._consumer
        assert c is not None and self._ownership is not None
        if generation is None:  # the batch was fetched under it (aiokafka fetches for the assignment)
            generation = self._ownership.generation
        cut_at = t_fetch + CHECKPOINT_EVERY_S
        cut = False
        for tp, records in batch.items():
            proc = self.procs.get(tp.partition)
            if cut:  # the checkpoint's processing time is up: for the next one (a partition without state too)
                self._left[tp] = (proc, records)
                continue
            if proc is None:
                # fetched before its state was restored (aiokafka fetches while the assignment callback runs), or
                # after it was fenced: rewound, so these records are processed once the partition is ready, never
                # skipped (a restore then seeks the partition to the position its state belongs with)
                if tp in c.assignment():
                    c.seek(tp, records[0].offset)
                continue
            expect = self._next.get(tp.partition, 0)
            if records[0].offset < expect:
                # fetched from a position resolved before the restore (older than the restored state): never
                # processed, read again from the restored position
                c.seek(tp, expect)
                continue
            outs: list[OutRecord] = []  # outputs of a conversation stay in its input partition
            add = outs.extend
            process = proc.process
            done = 0
            for rec in records:
                add(process(rec.offset, rec.key, rec.value, rec.headers or (), rec.timestamp, TIMER_SLICE))
                while proc.timers_due:  # timers due in bulk: in slices, the loop (heartbeats, probes) between
                    await asyncio.sleep(0)
                    add(proc.fire_due(TIMER_SLICE))
                done_at = perf()
                took(done_at)
                to_yield -= 1
                if not to_yield or done_at - yielded_at >= YIELD_AFTER_S:  # heavy events: after each one
                    to_yield = YIELD_EVERY
                    await asyncio.sleep(0)  # the checkpoint in flight reads its acknowledgements, sends the next step
                    yielded_at = perf()
                done += 1
                if done_at >= cut_at:
                    cut = True
                    break
            if self.procs.get(tp.partition) is not proc:
                # fenced while this batch was being processed (the loop ran in between): nothing of it is shipped,
                # the partition's next owner (maybe this member, after the rebalance) restores and reprocesses it
                if tp in c.assignment():
                    c.seek(tp, records[0].offset)
                continue
            if done < len(records):
                self._left[tp] = (proc, records[done:])
            last = records[done - 1]
            n += done
            runs.append((tp.partition, outs))
            positions[tp] = self._next[tp.partition] = last.offset + 1
            self._last_ts[tp.partition] = last.timestamp
        if self._left:
            self._left_generation = generation
        if not positions:
            return None
        self.metrics.observe_finished(t_fetch, finished)
        self.metrics.flush(self.tally.take())
        resets = {tp.partition: r for tp in positions if (r := self._resets.pop(tp.partition, None)) is not None}
        # the state as of this batch's end, taken now: the next batch changes the conversations while this one ships
        state = {tp.partition: proc.take_changelog() for tp in positions
                 if (proc := self.procs.get(tp.partition)) is not None}
        cp = plan(self.settings, runs, positions, state, resets, self._same_partitions, generation, n,
                  self._log_dead_letter)
        return cp, {tp.partition: self.procs[tp.partition] for tp in positions if tp.partition in self.procs}

    def _log_dead_letter(self, r: OutRecord) -> None:
        """Coordinates and kind only: never content, never the conversation id."""
        h = dict(r.headers)
        self._dead_letter_log.record(h.get("toolmend-error-kind", b"").decode(),
                                     h.get("toolmend-source-topic", b"").decode(),
                                     h.get("toolmend-source-partition", b"").decode(),
                                     h.get("toolmend-source-offset", b"").decode())

    async def _ship(self, cp: Checkpoint) -> None:
        assert self._committer is not None
        try:
            await self._committer.commit(cp)
        except Fenced as f:
            await self._fenced(f)
            return
        self.processed += cp.records

    async def _fenced(self, f: Fenced) -> None:
        """This member lost (or cannot prove it holds) these partitions: their state in memory may be ahead of
        what was shipped, so it goes; fetching for them stops; the next owner (maybe us after we rejoin) restores
        them from the changelog and the committed offset."""
        c = self._consumer
        self.metrics.rebalances.labels("fenced").inc()
        log.warning("%s; dropping their state, the next owner restores it", f)
        assigned = c.assignment() if c is not None else set()
        for tp in f.partitions:
            self.procs.pop(tp.partition, None)
            if c is not None and tp in assigned:
                c.pause(tp)
            if self._transport is not None:
                await self._transport.close(tp.partition)
        if self._ownership is not None and self._ownership.generation >= 0 and f.partitions & assigned:
            self._ownership.request_rejoin()  # still ours on paper: a rebalance hands them out again, restored
        self._share_hot()

    def _committed(self, tp: TopicPartition, position: int) -> None:
        proc = self.procs.get(tp.partition)
        if proc is not None:
            proc.committed(position)

    def _gauges(self) -> None:
        """Refresh the gauges, at most once a second (open calls are summed over every conversation)."""
        c = self._consumer
        now = self.clock()
        if c is None or now - self._gauges_at < 1.0:
            return
        self._gauges_at = now
        self._dead_letter_log.flush()
        open_convs = 0
        open_calls = 0
        state_bytes = 0
        now_ms = time.time() * 1000
        for part, proc in self.procs.items():
            open_convs += proc.conversations
            open_calls += proc.open_calls
            state_bytes += proc.state_bytes
            tp = TopicPartition(self.settings.input_topic, part)
            try:
                hw = c.highwater(tp)
            except Exception:  # not assigned any more
                hw = None
            label = str(part)
            if hw is not None:
                lag = max(0, hw - (proc.offset + 1))
                self.metrics.lag_records.labels(label).set(lag)
                last = self._last_ts.get(part)
                self.metrics.lag_seconds.labels(label).set(max(0.0, (now_ms - last) / 1000) if lag and last else 0.0)
            self.metrics.watermark.labels(label).set(proc.watermark / 1000)
        self.metrics.open_conversations.set(open_convs)
        self.metrics.open_tool_calls.set(open_calls)
        self.metrics.state_bytes.set(state_bytes)

    # -- rebalances ---------------------------------------------------------------------------------------------
    async def assigned_partitions(self, parts: set[TopicPartition]) -> None:
        self.metrics.rebalances.labels("assigned").inc()
        if self._ownership is not None:
            self._ownership.renew()
        new = sorted(tp.partition for tp in parts if tp.topic == self.settings.input_topic
                     and tp.partition not in self.procs)
        beyond = [p for p in new if self.layout is not None and p >= self.layout]
        if beyond:  # partitions added to the input while the worker ran: never restored, fetched or produced for
            if self._consumer is not None:
                self._consumer.pause(*[TopicPartition(self.settings.input_topic, p) for p in beyond])
            self._layout_changed(self.layout + len(beyond) if self.layout is not None else len(beyond),
                                 f"partitions {beyond} were assigned")
            new = [p for p in new if p not in beyond]
        self.assigned = {tp.partition for tp in parts if tp.topic == self.settings.input_topic}
        for p in list(self._resets):
            if p not in self.assigned:
                del self._resets[p]  # its next owner finds the state it left (empty, then its own)
        if not new:
            return
        await self._take(new)

    async def _take(self, new: list[int]) -> None:
        """Restore the state of newly assigned partitions, paused meanwhile. A restore that fails (committed
        offsets held by a pending transaction, the broker unreachable) leaves them paused, fails /healthz and
        /readyz, and is tried again after RESTORE_RETRY_S; once every partition is restored, /healthz is healthy
        again."""
        self.restoring.update(new)
        c = self._consumer
        paused = [TopicPartition(self.settings.input_topic, p) for p in new]
        if c is not None:
            c.pause(*paused)  # no fetching for a partition until its state is back
        t0 = time.perf_counter()
        try:
            if self._transport is not None:  # exactly once: fence the previous owner before reading the state
                await asyncio.gather(*(self._transport.open(p) for p in new))
            restored = await self._restore(new)
        except ConfigError as e:  # state lost, no transactions: stays paused; the loop stops (exit code 2)
            self._fatal = e
            self.failed = ("state lost" if isinstance(e, StateLost) else "input partitions changed"
                           if isinstance(e, LayoutChanged) else "cannot start transactions")
            log.error("%s", e)
            self.restoring.difference_update(new)
            return
        except Exception as e:
            # without its state a partition must not be processed: it stays paused, /healthz and /readyz fail
            # (an orchestrator may restart the worker, the group then hands the partition to another member), and
            # the restore is tried again here
            self.failed = f"{RESTORE_FAILED}: {describe_error(e)}"
            self._unrestored.update(new)
            # our own message says which partitions, why and the way out: whole; a client's error: bounded
            why = str(e.args[0]) if isinstance(e, UnstableOffsets) else describe_error(e)
            log.error("state restore of partitions %s failed: %s; trying again in %.0fs", new, why, RESTORE_RETRY_S)
            self.restoring.difference_update(new)
            if self._retry is None or self._retry.done():
                self._retry = asyncio.ensure_future(self._restore_later())
            return
        self._unrestored.difference_update(new)
        self._restored_again()
        self.restoring.difference_update(set(new) - set(self._healing))
        if c is not None:  # a partition being healed stays paused until its state is rebuilt
            c.resume(*[tp for tp in paused if tp in c.assignment() and tp.partition not in self._healing])
        self.metrics.restore_seconds.set(time.perf_counter() - t0)
        self.metrics.restored.inc(restored)
        log.info("restored %d conversations for partitions %s in %.2fs", restored, new, time.perf_counter() - t0)

    def _layout_changed(self, now: int, what: str) -> None:
        """The input's partition count changed while the worker ran: /readyz fails and the loop stops (exit 2)
        with one line saying what happened and what to do; nothing of the new layout is processed."""
        if self._fatal is not None or self.layout is None:
            return
        e = LayoutChanged(self.settings, now, self.layout, what)
        self._fatal = e
        self.failed = "input partitions changed"
        log.error("%s", e)

    async def _watch_layout(self) -> None:
        """The input's partition count, read from fresh metadata every LAYOUT_CHECK_S (the client's own refresh
        comes every 5 minutes, and only a rebalance would show the change)."""
        c = self._consumer
        if c is None or self.layout is None:
            return
        try:
            now = len(await self.kafka.partitions_of(c, self.settings.input_topic))
        except Exception as e:  # the broker unreachable: the next check
            log.debug("partition count of the input not read: %s", describe_error(e))
            return
        if now and now != self.layout:
            self._layout_changed(now, f"it had {self.layout} when this worker started")

    def _restored_again(self) -> None:
        """A restore failure is over once no partition waits for its state: healthy again."""
        if not self._unrestored and self.failed is not None and self.failed.startswith(RESTORE_FAILED):
            log.info("state restored after the failure (%s): healthy again", self.failed)
            self.failed = None

    async def _restore_later(self) -> None:
        """The partitions whose restore failed, restored again (while still assigned and not restored since)."""
        while self._unrestored:
            await asyncio.sleep(RESTORE_RETRY_S)
            async with self._lock:  # no batch, no revocation meanwhile
                self._unrestored &= self.assigned
                again = sorted(p for p in self._unrestored if p not in self.procs)
                self._unrestored.intersection_update(again)
                if again:
                    await self._take(again)
                else:
                    self._restored_again()

    async def revoked_partitions(self, parts: set[TopicPartition]) -> None:
        self.metrics.rebalances.labels("revoked").inc()
        async with self._lock:  # the checkpoint in flight commits (checkpoint.py) before we let go
            try:
                await self._settle()
            except Exception as e:  # the partitions still go (their next owner restores them); the loop stops
                self._ship_error = e
                self.failed = f"shipping failed: {describe_error(e)}"
                log.error("shipping a batch failed during a rebalance: %s", describe_error(e))
            for tp in parts:
                self.procs.pop(tp.partition, None)
                self.assigned.discard(tp.partition)
                self._unrestored.discard(tp.partition)
                healing = self._healing.pop(tp.partition, None)
                if healing is not None:  # its next owner finds the stale write again and heals it
                    healing.cancel()
                    self.restoring.discard(tp.partition)
                if self._transport is not None:
                    await self._transport.close(tp.partition)  # its transactions are all committed
                for g in (self.metrics.lag_records, self.metrics.lag_seconds, self.metrics.watermark):
                    with contextlib.suppress(KeyError):
                        g.remove(str(tp.partition))
            self._share_hot()
            self._restored_again()

    async def _restore(self, partitions: list[int]) -> int:
        assert self._consumer is not None
        c = self._consumer
        got = await restore(self.settings, self.engine, self.tally, c, partitions, self.layout)
        if self._committer is not None:
            self._committer.meta_at.update(got.meta_at)
        self._resets.update(got.resets)
        for p, n in (got.replayed or {}).items():
            if self._replays.get(p) == (got.positions.get(p), n):
                log.info("partition %d: the offset reset back found again (its state is still being rebuilt)", p)
                continue
            self._replays[p] = (got.positions.get(p), n)
            self.metrics.replayed.inc(n)
            log.warning("partition %d: the group's offsets were reset back: %d input records are read again "
                        "(toolmend_input_replayed_records_total), after its state is rebuilt up to the new position: "
                        "what they wrote is written again with the same values", p, n)
        self.metrics.state_resets.inc(len(got.resets))
        # the input is read from the position the restored state belongs with, whatever position the consumer
        # resolved on its own meanwhile (aiokafka reads the committed offset at assignment, before the previous
        # owner is fenced and its last transaction completed): state and position always match
        assigned = c.assignment()
        for p, position in got.positions.items():
            tp = TopicPartition(self.settings.input_topic, p)
            if tp not in assigned:
                continue
            resolved = self.kafka.resolved_position(c, tp)
            if resolved is not None and resolved != (position or 0):
                log.info("partition %d: the consumer had resolved position %d, its restored state belongs with %s: "
                         "read from there", p, resolved, position)
            if position is None:
                await c.seek_to_beginning(tp)
            else:
                c.seek(tp, position)
            self._next[p] = position or 0
        self.procs.update(got.procs)
        self._share_hot()
        for p, (position, why) in got.heal.items():
            self._healing[p] = asyncio.ensure_future(self._heal(p, position, why))
        return sum(proc.conversations for proc in got.procs.values())

    async def _heal(self, p: int, position: int, why: str) -> None:
        """A partition whose state a stale write overwrote: rebuilt from its input (the other partitions go on),
        restored, then read from its committed position; a failure fails /healthz like a failed restore."""
        log.warning("partition %d: %s; rebuilding its state from the input up to offset %d (the other partitions "
                    "go on)", p, why, position)
        t0 = time.perf_counter()
        try:
            done = await heal(self.settings, self.engine, p, position)
            self.metrics.state_healed.inc()
            log.warning("partition %d: state rebuilt from %d input records in %.1fs (toolmend_state_healed_total)",
                        p, done["records"], time.perf_counter() - t0)
            self._healing.pop(p, None)
            await self._restore([p])  # checked again like any restore
        except asyncio.CancelledError:
            raise
        except Exception as e:
            self._healing.pop(p, None)
            self.failed = f"healing the state of partition {p} failed: {describe_error(e)}"
            log.error("%s", self.failed)
            return
        if p in self._healing:  # written over again meanwhile: healed once more
            return
        self.restoring.discard(p)
        c = self._consumer
        tp = TopicPartition(self.settings.input_topic, p)
        if c is not None and tp in c.assignment() and p in self.procs:
            c.resume(tp)

    def _share_hot(self) -> None:
        share_hot(self.settings.hot_conversations, list(self.procs.values()))
