"""Shipping a processed batch: the commit order that makes the worker at-least-once with no loss, or the
transactions that make it exactly-once.

At least once (the default): everything a batch derives from its input goes out in one order, each step
acknowledged before the next (:meth:`Shipper.ship`). A crash between any two steps leaves either uncommitted
input (reprocessed: its outputs carry the same deterministic ids) or state that already holds the input (its
records are recognized by offset and skipped), never committed input whose outputs or state are missing.

Exactly once (`delivery=exactly_once`, a broker with transactions): the same three steps in one transaction per
input partition and batch (:meth:`Shipper.ship_transactions`), committed together or not at all; consumers
reading `read_committed` see each output once. aiokafka has no KIP-447 (a transaction's offsets cannot carry
the consumer group's generation), so zombies are fenced the older way (Kafka Streams before 2.6, Faust): one
transactional producer per input partition, its id derived from group, topic and partition. Whoever owns the
partition next starts a producer with the same id before restoring its state; the broker then aborts the
previous owner's open transaction and bumps the id's epoch, so anything the previous owner still tries is
refused (ProducerFenced), and the state it restores (read_committed) is exactly the state the committed
offsets belong with.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.errors import (
    CommitFailedError,
    InvalidProducerEpoch,
    InvalidTransactionTimeout,
    KafkaError,
    MessageSizeTooLargeError,
    ProducerFenced,
)

from ..core.partition import META_KEY, OutRecord
from .config import ConfigError, Settings
from .fencing import Fenced, Ownership
from .logs import describe_error
from .metrics import Metrics
from .recovery import PREV_META, marker

log = logging.getLogger("toolmend.worker")

Plan = list[tuple[str, int | None, OutRecord]]  # (topic, partition or None for the partitioner, record)
Landed = dict[tuple[str, int], tuple[int, int]]  # (topic, partition) -> (offset of its last record, log start)


class Shipment(NamedTuple):
    """What a processed batch leaves to ship, in this order: outputs, then state, then the commit."""

    outputs: Plan
    counts: dict[str, int]  # outputs by kind (metrics once acknowledged)
    state: Plan  # changelog records as of the batch's end
    commit: dict[TopicPartition, int]
    records: int  # input records it covers
    generation: int  # the group generation the batch was fetched under (fencing)
    origins: list[int]  # input partition of each output (exactly-once: each goes in its partition's transaction)


TXN_MARGIN = 0.9  # of transaction_timeout_ms: a transaction still open past it is given up (the broker aborts it)
MAX_TXN_FAILURES = 5  # transactions of one partition failing in a row (not fenced) before the worker stops
TXN_INIT_S = 20.0  # to get a transactional producer id (and fence the previous owner's): longer means no support


def producer_options(s: Settings) -> dict[str, Any]:
    return dict(acks="all", linger_ms=s.linger_ms, max_batch_size=256 * 1024,
                max_request_size=max(8 << 20, s.max_event_bytes * 4), **s.kafka_common())


async def init_transactions(producer: AIOKafkaProducer, what: str) -> None:
    """Start a transactional producer and wait for its producer id (InitProducerId: this fences the id's previous
    holder). A broker without transactions never answers or refuses: a clear error, not a hang."""
    try:  # aiokafka's start() asks for the producer id (InitProducerId) and waits for it
        await asyncio.wait_for(producer.start(), TXN_INIT_S)
        await asyncio.wait_for(asyncio.shield(producer._txn_manager.wait_for_pid()), TXN_INIT_S)
    except (TimeoutError, KafkaError) as e:
        with contextlib.suppress(Exception):  # its sender task died of the same error
            await asyncio.wait_for(producer.stop(), 5)
        if isinstance(e, InvalidTransactionTimeout):
            raise ConfigError(f"transaction_timeout_ms={producer._txn_manager.transaction_timeout_ms} is above the "
                              f"broker's transaction.max.timeout.ms; lower it, or raise the broker's") from None
        why = "no answer" if isinstance(e, TimeoutError) else type(e).__name__
        raise ConfigError(f"delivery=exactly_once needs a broker with transactions (Apache Kafka 2.5+); {what}: "
                          f"the broker gave no transactional producer id ({why}). Use delivery=at_least_once "
                          f"(the default) with this broker") from None


async def require_transactions(s: Settings) -> None:
    """Refuse to start exactly-once on a broker without transactions (Tansu, for one)."""
    probe = AIOKafkaProducer(transactional_id=f"{s.group_id}-{s.input_topic}-probe",
                             transaction_timeout_ms=s.transaction_timeout_ms, **producer_options(s))
    await init_transactions(probe, "checking the broker")
    await probe.stop()


class Shipper:
    """Ships batches through one producer and commits through the group's consumer (at least once), or through
    one transactional producer per input partition (exactly once)."""

    def __init__(self, s: Settings, producer: AIOKafkaProducer, consumer: AIOKafkaConsumer, ownership: Ownership,
                 metrics: Metrics, committed: Callable[[TopicPartition, int], None]) -> None:
        self.s = s
        self.producer = producer
        self.consumer = consumer
        self.own = ownership
        self.m = metrics
        self.dlq_topic = s.dlq_topic
        self.committed = committed  # told each committed position (ended conversations' markers → tombstones)
        self.exactly_once = s.delivery == "exactly_once"
        self.txn: dict[int, AIOKafkaProducer] = {}  # exactly once: input partition -> its transactional producer
        # changelog offset of each partition's last meta record (restored, then as acknowledged): each meta record
        # names its predecessor's in a header, so a restore can tell a replaced or truncated changelog
        self.meta_at: dict[int, int] = {}
        self.failures: dict[int, int] = {}  # exactly once: transactions failed in a row, per input partition

    def chain(self, state: Plan) -> None:
        """Each meta record names where its partition's previous meta record landed (`recovery.PREV_META`)."""
        for _, part, r in state:
            if r.key == META_KEY and part is not None:
                r.headers = [(PREV_META, str(self.meta_at.get(part, -1)).encode())]

    def landed(self, landed: Landed) -> None:
        cl = self.s.changelog_topic
        for (topic, part), (offset, _) in landed.items():
            if topic == cl:
                self.meta_at[part] = offset

    # -- exactly once: a transactional producer per input partition ---------------------------------------------
    async def open(self, partition: int) -> None:
        """The partition's transactional producer, started before its state is restored: starting it fences the
        previous owner (same transactional id), whose open transaction the broker aborts."""
        if not self.exactly_once or partition in self.txn:
            return
        s = self.s
        prod = AIOKafkaProducer(transactional_id=f"{s.group_id}-{s.input_topic}-{partition}",
                                transaction_timeout_ms=s.transaction_timeout_ms, **producer_options(s))
        await init_transactions(prod, f"partition {partition}")
        self.txn[partition] = prod

    async def close(self, partition: int) -> None:
        prod = self.txn.pop(partition, None)
        if prod is not None:
            try:
                await asyncio.wait_for(prod.stop(), 10)
            except (TimeoutError, KafkaError) as e:  # fenced or the broker is gone: nothing of ours is pending
                log.warning("closing the transactional producer of partition %d: %s", partition, type(e).__name__)

    async def close_all(self) -> None:
        for p in list(self.txn):
            await self.close(p)

    async def ship_transactions(self, sh: Shipment) -> None:
        """Ship one batch exactly once: for each input partition of the batch, one transaction holding

        1. the outputs derived from the partition's records,
        2. the partition's changelog records (then its meta record),
        3. its offset, with the state marker (`send_offsets_to_transaction`),

        committed together or not at all. The partitions' transactions are independent: one that is fenced
        (its producer id taken over by the partition's new owner) raises :class:`Fenced` for that partition
        only, once the others are committed.
        """
        outputs: dict[int, Plan] = {}
        for entry, origin in zip(sh.outputs, sh.origins, strict=True):
            outputs.setdefault(origin, []).append(entry)
        state: dict[int, Plan] = {}
        for entry in sh.state:
            state.setdefault(entry[1] or 0, []).append(entry)
        tps = list(sh.commit)
        results = await asyncio.gather(*(self._transaction(tp, sh.commit[tp], outputs.get(tp.partition, []),
                                                           state.get(tp.partition, []), sh.generation)
                                         for tp in tps), return_exceptions=True)
        fenced: set[TopicPartition] = set()
        why = ""
        failure: BaseException | None = None
        for tp, res in zip(tps, results, strict=True):
            if isinstance(res, Fenced):
                fenced.add(tp)
                why = res.why
            elif isinstance(res, BaseException):
                failure = failure or res
        if failure is not None:
            raise failure
        if fenced:
            raise Fenced(fenced, why)

    async def _transaction(self, tp: TopicPartition, position: int, outputs: Plan, state: Plan,
                           generation: int) -> None:
        prod = self.txn.get(tp.partition)
        if prod is None:
            raise Fenced([tp], "no transactional producer (the partition was let go)")
        await self.own.check([tp], generation)  # not needed for safety (the broker fences); saves a doomed one
        # the broker aborts a transaction open longer than transaction_timeout_ms (a member paused inside it):
        # past that, what it answers is an error of any kind, so give up first, as fenced
        limit_s = self.s.transaction_timeout_ms / 1000 * TXN_MARGIN
        try:
            async with asyncio.timeout(limit_s):
                await prod.begin_transaction()
                try:
                    # 1. outputs
                    await self.produce(outputs, prod)
                    # 2. state
                    self.chain(state)
                    landed = await self.produce(state, prod)
                    # 3. offsets, in the same transaction
                    where = landed.get((self.s.changelog_topic, tp.partition))
                    await prod.send_offsets_to_transaction({tp: (position, marker(position, where))},
                                                           self.s.group_id)
                except BaseException:
                    if not prod._txn_manager.is_fatal_error():
                        with contextlib.suppress(Exception):
                            await asyncio.wait_for(asyncio.shield(prod.abort_transaction()), 10)
                    raise
                await prod.commit_transaction()
            self.landed(landed)
        except (ProducerFenced, InvalidProducerEpoch) as e:
            self.m.commits.labels("fenced").inc()
            raise Fenced([tp], "its transactional id was taken over by the partition's new owner") from e
        except (TimeoutError, KafkaError) as e:
            # aborted by the broker's transaction timeout, or failed otherwise: the transaction is all or nothing,
            # so the partition's state in memory goes and is restored from what was committed (a rejoin), as
            # fenced; a partition whose transactions keep failing stops the worker (exit 1)
            self.m.commits.labels("fenced").inc()
            failed = self.failures[tp.partition] = self.failures.get(tp.partition, 0) + 1
            if failed > MAX_TXN_FAILURES:
                raise
            why = (f"its transaction was open longer than {limit_s:.0f}s (transaction_timeout_ms "
                   f"{self.s.transaction_timeout_ms}): the broker aborts it" if isinstance(e, TimeoutError)
                   else f"its transaction failed ({describe_error(e)})")
            raise Fenced([tp], why) from e
        self.failures.pop(tp.partition, None)
        self.own.contact()
        self.m.commits.labels("ok").inc()
        kinds: dict[str, int] = {}
        for _, _, r in outputs:
            kinds[r.kind] = kinds.get(r.kind, 0) + 1
        for kind, k in kinds.items():
            self.m.output_records.labels(kind).inc(k)
        if state:
            self.m.output_records.labels("changelog").inc(len(state))
        self.committed(tp, position)

    # -- at least once -----------------------------------------------------------------------------------------
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
        if self.exactly_once:
            await self.ship_transactions(sh)
            return
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
        self.chain(sh.state)
        landed = await self.produce(sh.state)
        self.landed(landed)
        if sh.state:
            self.m.output_records.labels("changelog").inc(len(sh.state))
        # 3. offsets
        await self.own.check(tps, sh.generation)
        try:
            # each position with its marker: the changelog holds state up to it (recovery.py checks at restore)
            cl = self.s.changelog_topic
            offsets = {tp: (position, marker(position, landed.get((cl, tp.partition))))
                       for tp, position in sh.commit.items()}
            await asyncio.wait_for(self.consumer.commit(offsets), 15)
            self.own.contact()
            self.m.commits.labels("ok").inc()
            for tp, position in sh.commit.items():
                self.committed(tp, position)
        except CommitFailedError as e:
            self.m.commits.labels("fenced").inc()
            raise Fenced(tps, "commit refused: the group rebalanced") from e
        except (KafkaError, TimeoutError) as e:
            self.m.commits.labels("failed").inc()
            log.warning("offset commit failed (%s); records will be reprocessed idempotently", describe_error(e))

    async def produce(self, plan: Plan, producer: AIOKafkaProducer | None = None) -> Landed:
        """Produce and await acknowledgement of every record. Records with a known partition go in batches
        (a quarter of the per-record cost of `send()`); any batch that fails is retried record by record, where
        an oversized record becomes a dead letter instead of a crash loop.

        Returns, per (topic, partition) of the records with a known partition, the offset of the last one and the
        partition's log start offset as the broker reported it (-1: not reported); the changelog's meta record
        is its partition's last, and the commit marker names where it landed (`recovery.marker`)."""
        p = producer or self.producer
        last: dict[tuple[str, int], tuple[int, int]] = {}  # (topic, partition) -> (pending index, index in it)
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
                pending.append((await self._too_large(r, p), []))

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
            if pending and pending[-1][1] and pending[-1][1][-1][2] is recs[-1]:
                last[(t, part)] = (len(pending) - 1, len(pending[-1][1]) - 1)
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
            landed: Landed = {}
            for key, (i, k) in last.items():
                md = results[i]
                if not isinstance(md, BaseException) and md is not None:
                    start = md.log_start_offset
                    landed[key] = (md.offset + k, start if isinstance(start, int) else -1)
            return landed
        if not all(isinstance(e, MessageSizeTooLargeError) for e in failed):
            raise next(e for e in failed if not isinstance(e, MessageSizeTooLargeError))
        # a batch the broker refused as too large (its message.max.bytes is below our batch size): its records one
        # by one, so that only the oversized ones become dead letters (their order against later batches of the
        # same partition is lost in this rare case)
        for t, part, r in retry:
            try:
                await (await p.send(t, r.value, key=r.key, headers=r.headers, partition=part))
            except MessageSizeTooLargeError:
                await (await self._too_large(r, p))
        return {}  # where they landed is not tracked on this rare path: the marker then names the offset only

    async def _too_large(self, r: OutRecord, producer: AIOKafkaProducer) -> Awaitable[Any]:
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
        fut: Awaitable[Any] = await producer.send(self.dlq_topic, None, key=r.key, headers=headers)
        return fut
