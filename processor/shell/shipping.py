"""Shipping a processed batch: the commit order that makes the worker at-least-once with no loss.

Everything a batch derives from its input goes out in one order, each step acknowledged before the next
(see :meth:`Shipper.ship`). A crash between any two steps leaves either uncommitted input (reprocessed: its
outputs carry the same deterministic ids) or state that already holds the input (its records are recognized by
offset and skipped), never committed input whose outputs or state are missing.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.errors import CommitFailedError, KafkaError, MessageSizeTooLargeError

from ..core.partition import OutRecord
from .fencing import Fenced, Ownership
from .metrics import Metrics

log = logging.getLogger("toolmend.worker")

Plan = list[tuple[str, int | None, OutRecord]]  # (topic, partition or None for the partitioner, record)


class Shipment(NamedTuple):
    """What a processed batch leaves to ship, in this order: outputs, then state, then the commit."""

    outputs: Plan
    counts: dict[str, int]  # outputs by kind (metrics once acknowledged)
    state: Plan  # changelog records as of the batch's end
    commit: dict[TopicPartition, int]
    records: int  # input records it covers
    generation: int  # the group generation the batch was fetched under (fencing)


class Shipper:
    """Ships batches through one producer and commits through the group's consumer."""

    def __init__(self, producer: AIOKafkaProducer, consumer: AIOKafkaConsumer, ownership: Ownership,
                 metrics: Metrics, dlq_topic: str, committed: Callable[[TopicPartition, int], None]) -> None:
        self.producer = producer
        self.consumer = consumer
        self.own = ownership
        self.m = metrics
        self.dlq_topic = dlq_topic
        self.committed = committed  # told each committed position (ended conversations' markers → tombstones)

    async def ship(self, sh: Shipment) -> None:
        """Ship one batch, each step acknowledged before the next:

        1. outputs (repaired records, findings, dead letters), acknowledged by every replica (`acks=all`);
        2. state: the changelog records of the conversations the batch changed, then each partition's meta
           record (watermark and checkpoints), acknowledged;
        3. offsets: the commit of the batch's end positions.

        Before each step the member proves it still owns the batch's partitions (`fencing.py`); if it does not,
        :class:`Fenced` is raised and nothing more of the batch goes out. A commit refused because the group
        moved on (CommitFailedError: unknown member, illegal generation, rebalance in progress) is fencing too.
        Any other failed commit is not an error: outputs and state are acknowledged, so whoever reprocesses these
        records (us or the partition's next owner) restores state that already holds them and skips them by
        offset.
        """
        try:
            await self._ship(sh)
        except Fenced as f:  # whatever step found out: nothing more of this batch goes out, for any partition
            raise Fenced(sh.commit, f.why) from f

    async def _ship(self, sh: Shipment) -> None:
        tps = sh.commit.keys()
        # 1. outputs
        await self.own.check(tps, sh.generation)
        await self.produce(sh.outputs)
        for kind, k in sh.counts.items():
            self.m.output_records.labels(kind).inc(k)
        # 2. state
        await self.own.check(tps, sh.generation)
        await self.produce(sh.state)
        if sh.state:
            self.m.output_records.labels("changelog").inc(len(sh.state))
        # 3. offsets
        await self.own.check(tps, sh.generation)
        try:
            await asyncio.wait_for(self.consumer.commit(sh.commit), 15)
            self.own.contact()
            self.m.commits.labels("ok").inc()
            for tp, position in sh.commit.items():
                self.committed(tp, position)
        except CommitFailedError as e:
            self.m.commits.labels("fenced").inc()
            raise Fenced(tps, "commit refused: the group rebalanced") from e
        except (KafkaError, TimeoutError) as e:
            self.m.commits.labels("failed").inc()
            log.warning("offset commit failed (%s); records will be reprocessed idempotently", type(e).__name__)

    async def produce(self, plan: Plan) -> None:
        """Produce and await acknowledgement of every record. Records with a known partition go in batches
        (a quarter of the per-record cost of `send()`); any batch that fails is retried record by record, where
        an oversized record becomes a dead letter instead of a crash loop."""
        p = self.producer
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
        if pending:
            self.own.contact()
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
        size = len(r.value or b"")
        log.error("output record of %d bytes (%s) refused as too large; dead-lettered without its value", size,
                  r.kind)
        self.m.dead_letters.labels("too_large").inc()
        headers = [h for h in r.headers if h[0] in ("toolmend-id", "toolmend-source", "toolmend-source-topic",
                                                    "toolmend-source-partition", "toolmend-source-offset")]
        headers += [("toolmend-error-kind", b"too_large"),
                    ("toolmend-error-detail", f"{r.kind} record of {size} bytes exceeds the broker's limit".encode())]
        fut: Awaitable[Any] = await self.producer.send(self.dlq_topic, None, key=r.key, headers=headers)
        return fut
