"""The checkpoint of a processed batch: what it leaves to write (its plan) and the one ordered commit of it.

This module owns the commit order; every other module points here. It knows nothing of how records are
processed (the core), how a partition's state is restored (`recovery.py`, which reads the markers written
here) or how ownership is proved (`fencing.py`, asked before each step).

At least once (the default), each step is acknowledged before the next. A crash between any two steps leaves
either uncommitted input (reprocessed: its outputs carry the same deterministic ids) or state that already holds
the input (its records are recognized by offset and skipped), never committed input whose outputs or state are
missing.

Exactly once (`delivery=exactly_once`, a broker with transactions): the same steps in one transaction per input
partition and batch, committed together or not at all; consumers reading `read_committed` see each output once.
aiokafka has no KIP-447 (a transaction's offsets cannot carry the consumer group's generation), so zombies are
fenced the older way (Kafka Streams before 2.6, Faust): one transactional producer per input partition, its id
derived from group, topic and partition. Whoever owns the partition next starts a producer with the same id
before restoring its state; the broker then aborts the previous owner's open transaction and bumps the id's
epoch, so anything the previous owner still tries is refused (ProducerFenced), and the state it restores
(read_committed) is exactly the state the committed offsets belong with.

Both modes count the same way: a step's records are counted (`toolmend_output_records_total`) once consumers
can see them (acknowledged; exactly once: the transaction committed), and each unit of commit ends in one of
`toolmend_commits_total{outcome=ok|fenced|failed}`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from operator import attrgetter, itemgetter
from typing import Any, NamedTuple, Protocol

from aiokafka import TopicPartition
from aiokafka.errors import (
    CommitFailedError,
    IllegalOperation,
    InvalidProducerEpoch,
    KafkaError,
    KafkaTimeoutError,
    MessageSizeTooLargeError,
    ProducerFenced,
)

from ...core.partition import META_KEY, OutRecord
from ..config import Settings
from ..logs import describe_error
from ..metrics import Metrics
from ..transport import client_for, client_for_default
from ..transport.base import Outgoing
from .fencing import Fenced, Ownership
from .recovery import LAYOUT, PREV_META, marker, reset_record

log = logging.getLogger("toolmend.checkpoint")

Landed = dict[tuple[str, int], tuple[int, int]]  # (topic, partition) -> (offset of its last record, log start)
Positions = dict[TopicPartition, int]  # input partition -> the position committed (offset of the next record)
TXN_MARGIN = 0.9  # of transaction_timeout_ms: a transaction still open past it is given up (the broker aborts it)
MAX_TXN_FAILURES = 5  # transactions of one partition failing in a row (not fenced) before the worker stops
COMMIT_TIMEOUT_S = 15.0  # an offset commit (at least once) not answered by then has failed (harmlessly)
RETRY_BACKOFF_S = (0.5, 1.0, 2.0, 5.0)  # between two attempts of a step the broker could not take (then 5 s each)
RETRY_LOG_S = 10.0  # one warning per this many seconds while a step is retried
# an oversized record's dead letter keeps only these headers: coordinates, never content
_RECORD = itemgetter(2)  # an Outgoing entry's record
_DESTINATION = itemgetter(0, 1)  # its topic and partition
_KIND = attrgetter("kind")
DEAD_LETTER_HEADERS = ("toolmend-id", "toolmend-source", "toolmend-source-topic", "toolmend-source-partition",
                       "toolmend-source-offset")


class Checkpoint(NamedTuple):
    """What a processed batch leaves to write, in this order: outputs, then state, then the positions."""

    outputs: Outgoing  # repaired records, findings, dead letters
    state: Outgoing  # changelog records as of the batch's end, each partition's meta record last
    positions: Positions
    records: int  # input records it covers
    generation: int  # the group generation the batch was fetched under (fencing)
    origins: list[int]  # input partition of each output (exactly once: each goes in its partition's transaction)


# -- the plan ----------------------------------------------------------------------------------------------------
def plan(s: Settings, runs: list[tuple[int, list[OutRecord]]], positions: Positions,
         state: Mapping[int, Iterable[tuple[bytes, bytes | None]]], resets: dict[int, int], same_partitions: set[str],
         generation: int, records: int, dead_letter: Callable[[OutRecord], None] | None = None) -> Checkpoint:
    """The checkpoint of a batch: `runs` are each input partition's outputs in order, `state` its changelog
    records as of the batch's end, `resets` the partitions started empty (state lost) and where.

    Each kind goes to its topic (none configured: dropped), in its input partition number when the topic has as
    many partitions as the input (the partition the default partitioner would pick for a conversation's key
    then, without a pure-Python murmur2 per record), else to the partitioner. A reset partition's mark goes
    first: what follows it was decided without the lost state."""
    dest = {kind: (t, t is not None and t in same_partitions)
            for kind, t in (("repaired", s.output_topic), ("findings", s.findings_topic), ("dead_letter", s.dlq_topic))}
    outputs: Outgoing = []
    origins: list[int] = []
    for tp in positions:
        position = resets.get(tp.partition)
        if position is not None and s.findings_topic:
            outputs.append((s.findings_topic, tp.partition if s.findings_topic in same_partitions else None,
                            reset_record(s, tp.partition, position)))
            origins.append(tp.partition)
    step = outputs.append
    for part, outs in runs:
        planned = len(outputs)
        for r in outs:
            t, keep = dest[r.kind]
            if t is None:
                continue
            if dead_letter is not None and r.kind == "dead_letter":
                dead_letter(r)
            step((t, part if keep else None, r))
        origins.extend([part] * (len(outputs) - planned))
    cl = s.changelog_topic  # a property: read once, not per record
    changelog: Outgoing = [(cl, tp.partition, OutRecord("changelog", key, value, []))
                           for tp in positions for key, value in state.get(tp.partition, ())]
    return Checkpoint(outputs, changelog, positions, records, generation, origins)


def without(cp: Checkpoint, partitions: set[int]) -> Checkpoint | None:
    """The checkpoint less what it holds for these input partitions (outputs, state, positions), None if nothing
    is left: a batch computed while the checkpoint before it was in flight builds on that one's state, so when
    that one was fenced for a partition, this one's share of it must not go out either (its changelog would
    miss what the fenced one held, its offsets would pass outputs never written)."""
    kept = [(entry, origin) for entry, origin in zip(cp.outputs, cp.origins, strict=True) if origin not in partitions]
    positions = {tp: position for tp, position in cp.positions.items() if tp.partition not in partitions}
    if not positions:
        return None
    state = [entry for entry in cp.state if (entry[1] or 0) not in partitions]
    return cp._replace(outputs=[e for e, _ in kept], state=state, positions=positions, origins=[o for _, o in kept])


# -- the transports ------------------------------------------------------------------------------------------------
class Unit(NamedTuple):
    """What commits together: the whole batch (at least once) or one input partition's share (exactly once)."""

    partitions: frozenset[TopicPartition]
    outputs: Outgoing
    state: Outgoing
    positions: Positions


class OffsetsNotCommitted(Exception):
    """At least once: the offset commit failed, outputs and state acknowledged (harmless: see `Committer`)."""


class Transport(Protocol):
    """How the steps of a unit reach the broker."""

    visible_on_ack: bool  # a step's records are visible once acknowledged (else: once the unit is committed)

    async def open(self, partition: int) -> None: ...

    async def close(self, partition: int) -> None: ...

    async def close_all(self) -> None: ...

    def units(self, cp: Checkpoint) -> list[Unit]: ...

    def session(self, unit: Unit) -> contextlib.AbstractAsyncContextManager[Any]: ...

    async def commit_offsets(self, p: Any, offsets: dict[TopicPartition, tuple[int, str]]) -> None: ...


class AtLeastOnce:
    """One producer for every batch; offsets committed through the group's consumer."""

    visible_on_ack = True

    def __init__(self, p: Any, consumer: Any) -> None:
        self.producer = p
        self.consumer = consumer

    async def open(self, partition: int) -> None:
        """Nothing to start per partition."""

    async def close(self, partition: int) -> None:
        """Nothing to stop per partition."""

    async def close_all(self) -> None:
        """The producer is the worker's."""

    def units(self, cp: Checkpoint) -> list[Unit]:
        return [Unit(frozenset(cp.positions), cp.outputs, cp.state, cp.positions)]

    @contextlib.asynccontextmanager
    async def session(self, unit: Unit) -> AsyncIterator[Any]:
        yield self.producer

    async def commit_offsets(self, p: Any, offsets: dict[TopicPartition, tuple[int, str]]) -> None:
        try:
            await asyncio.wait_for(self.consumer.commit(offsets), COMMIT_TIMEOUT_S)
        except CommitFailedError as e:  # unknown member, illegal generation, rebalance in progress
            raise Fenced(offsets, "commit refused: the group rebalanced") from e
        except (KafkaError, TimeoutError) as e:
            raise OffsetsNotCommitted(describe_error(e)) from e


class ExactlyOnce:
    """One transactional producer per input partition, started (fencing the previous owner's) before the
    partition's state is restored; a unit is one transaction holding the three steps."""

    visible_on_ack = False

    def __init__(self, s: Settings, consumer: Any = None) -> None:
        self.settings = s
        self.client = client_for(s)
        self.consumer = consumer  # the group member whose metadata the offsets carry (KIP-447, librdkafka)
        self.producers: dict[int, Any] = {}  # input partition -> its transactional producer
        self.failures: dict[int, int] = {}  # transactions failed in a row (not fenced), per input partition

    async def open(self, partition: int) -> None:
        """The partition's transactional producer, started before its state is restored: starting it fences the
        previous owner (same transactional id), whose open transaction the broker aborts."""
        if partition in self.producers:
            return
        s = self.settings
        p = self.client.new_producer(s, transactional_id=f"{s.group_id}-{s.input_topic}-{partition}")
        await self.client.init_transactions(p, f"partition {partition}")
        self.producers[partition] = p

    async def close(self, partition: int) -> None:
        p = self.producers.pop(partition, None)
        if p is not None:
            try:
                await asyncio.wait_for(p.stop(), 10)
            except (TimeoutError, KafkaError) as e:  # fenced or the broker is gone: nothing of ours is pending
                log.warning("closing the transactional producer of partition %d: %s", partition, type(e).__name__)

    async def close_all(self) -> None:
        for partition in list(self.producers):
            await self.close(partition)

    def units(self, cp: Checkpoint) -> list[Unit]:
        outputs: dict[int, Outgoing] = {}
        for entry, origin in zip(cp.outputs, cp.origins, strict=True):
            outputs.setdefault(origin, []).append(entry)
        state: dict[int, Outgoing] = {}
        for entry in cp.state:
            state.setdefault(entry[1] or 0, []).append(entry)
        return [Unit(frozenset([tp]), outputs.get(tp.partition, []), state.get(tp.partition, []), {tp: position})
                for tp, position in cp.positions.items()]

    @contextlib.asynccontextmanager
    async def session(self, unit: Unit) -> AsyncIterator[Any]:
        (tp,) = unit.partitions
        p = self.producers.get(tp.partition)
        if p is None:
            raise Fenced([tp], "no transactional producer (the partition was let go)")
        # the broker aborts a transaction open longer than transaction_timeout_ms (a member paused inside it):
        # past that, what it answers is an error of any kind, so give up first, as fenced
        limit_s = self.settings.transaction_timeout_ms / 1000 * TXN_MARGIN
        try:
            async with asyncio.timeout(limit_s):
                await p.begin_transaction()
                try:
                    yield p
                except BaseException:
                    if not self.client.transaction_failed_fatally(p):
                        aborting = asyncio.ensure_future(p.abort_transaction())
                        aborting.add_done_callback(_abort_ended)  # its end is read also after we stop waiting
                        with contextlib.suppress(Exception):
                            await asyncio.wait_for(asyncio.shield(aborting), 10)
                    raise
                await p.commit_transaction()
        except (ProducerFenced, InvalidProducerEpoch) as e:
            raise Fenced([tp], "its transactional id was taken over by the partition's new owner") from e
        except IllegalOperation as e:
            # aiokafka refuses a send once its producer left the transaction under us: its sender met
            # ProducerFenced (the partition's new owner took the transactional id over) or an abortable error
            # first. The transaction is lost either way, as when fenced; only the second counts as a failure
            if not self.client.transaction_failed_fatally(p):
                failed = self.failures[tp.partition] = self.failures.get(tp.partition, 0) + 1
                if failed > MAX_TXN_FAILURES:
                    raise
            raise Fenced([tp], "its transaction was ended under it (the transactional id taken over by the "
                         "partition's new owner, or aborted)") from e
        except CommitFailedError as e:  # KIP-447: the coordinator refused offsets of a generation it moved past
            raise Fenced([tp], "the group moved past this member's generation (its offsets refused)") from e
        except (TimeoutError, KafkaError) as e:
            # aborted by the broker's transaction timeout, or failed otherwise: a transaction is all or nothing, so
            # the partition's state in memory goes and is restored from what was committed (a rejoin), as fenced;
            # a partition whose transactions keep failing stops the worker (exit 1)
            # a retriable failure (a topic deleted, a leader moving) is an outage and counts for nothing: the
            # partition is restored and processed again until the broker takes it
            again = isinstance(e, KafkaError) and retriable(e)
            failed = self.failures[tp.partition] = self.failures.get(tp.partition, 0) + (0 if again else 1)
            if failed > MAX_TXN_FAILURES:
                raise
            why = (f"its transaction was open longer than {limit_s:.0f}s (transaction_timeout_ms "
                   f"{self.settings.transaction_timeout_ms}): the broker aborts it" if isinstance(e, TimeoutError)
                   else f"its transaction failed ({describe_error(e)})")
            raise Fenced([tp], why) from e
        self.failures.pop(tp.partition, None)

    async def commit_offsets(self, p: Any, offsets: dict[TopicPartition, tuple[int, str]]) -> None:
        await self.client.send_offsets(p, offsets, self.consumer, self.settings.group_id)


def _abort_ended(task: asyncio.Future[Any]) -> None:
    """An abort we stopped waiting for (the broker unreachable for 10 s) may end later, often with ProducerFenced
    (the broker aborted the transaction on its timeout meanwhile): read here, as one debug line, instead of
    asyncio's "Task exception was never retrieved" and a traceback in the log."""
    e = None if task.cancelled() else task.exception()
    if e is not None:
        log.debug("an abandoned transaction abort ended: %s", describe_error(e))


async def require_transactions(s: Settings) -> None:
    """Refuse to start exactly-once on a broker without transactions (Tansu, for one)."""
    # the same probe whichever client runs the worker: aiokafka's start of a transactional producer is the stricter
    # one (librdkafka gets a producer id from Tansu, whose transactions are incomplete)
    client = client_for_default()
    probe = client.new_producer(s, transactional_id=f"{s.group_id}-{s.input_topic}-probe")
    await client.init_transactions(probe, "checking the broker")
    await probe.stop()


def retriable(e: KafkaError) -> bool:
    """A produce failure that says the broker could not take the records yet, not that they are wrong: what the
    client calls retriable (NotLeaderForPartition, UnknownTopicOrPartition, ...) and a batch that expired
    waiting for a leader (KafkaTimeoutError: a deleted topic, an outage)."""
    return isinstance(e, KafkaTimeoutError) or bool(e.retriable)


# -- the commit ----------------------------------------------------------------------------------------------------
class Committer:
    """Commits checkpoints in the one order below, through either transport."""

    def __init__(self, s: Settings, transport: Transport, ownership: Ownership, metrics: Metrics,
                 committed: Callable[[TopicPartition, int], None]) -> None:
        self.settings = s
        self.transport = transport
        self.ownership = ownership
        self.metrics = metrics
        self.committed = committed  # told each committed position (ended conversations' markers → tombstones)
        # changelog offset of each partition's last meta record (restored, then as acknowledged): each meta record
        # names its predecessor's in a header, so a restore can tell a replaced or truncated changelog
        self.meta_at: dict[int, int] = {}
        self.layout: int | None = None  # the input's partition count, recorded on each meta record (recovery.LAYOUT)
        # produce steps waiting for their acknowledgement: since when, what, its records and the last error
        # (readiness, stalled_seconds; the topics are named only when asked, not per step)
        self.waiting: dict[int, tuple[float, str, Outgoing, str]] = {}
        self._step_ids = 0
        self.client = client_for(s)

    def stalled(self) -> tuple[float, str]:
        """How long the oldest produce step has waited for its acknowledgement (0: none waits), and what it
        writes (with the last error when it was retried): `/readyz` fails past `broker_unreachable_s`."""
        if not self.waiting:
            return 0.0, ""
        since, what, plan, why = min(self.waiting.values(), key=lambda w: w[0])
        said = f"{what} to {_topics(plan)}"
        return max(0.0, self.ownership.clock() - since), f"{said}: {why}" if why else said

    async def commit(self, cp: Checkpoint) -> None:
        """Commit one checkpoint. Per unit (at least once: the whole batch; exactly once: each input partition,
        in one transaction, the partitions concurrently):

        1. outputs (repaired records, findings, dead letters), acknowledged by every replica (`acks=all`);
        2. state: the changelog records of the conversations the batch changed, then each partition's meta
           record (watermark and checkpoints; it names where the previous one landed, `recovery.PREV_META`),
           acknowledged;
        3. offsets: the batch's end positions, each with its state marker (`recovery.marker`: the input offset
           the state holds and where its meta record landed); exactly once, in the transaction, which then
           commits.

        Each step is acknowledged before the next starts, and before each step the member proves it still owns
        the unit's partitions (`fencing.Ownership.check`). A unit that is fenced (ownership not proved, the
        commit refused because the group moved on, or the transactional id taken over) writes nothing more; once
        the other units are done, :class:`Fenced` is raised for the fenced partitions. An offset commit that
        fails otherwise (at least once) is not an error: outputs and state are acknowledged, so whoever
        reprocesses these records (us or the partition's next owner) restores state that already holds them and
        skips them by offset. Any other failure (a produce not acknowledged, a transaction that cannot commit)
        is raised: its records are reprocessed after the restart.
        """
        units = self.transport.units(cp)
        results = await asyncio.gather(*(self._commit(u, cp.generation) for u in units), return_exceptions=True)
        fenced: set[TopicPartition] = set()
        why = ""
        failure: BaseException | None = None
        for res in results:
            if isinstance(res, Fenced):
                fenced |= res.partitions
                why = res.why
            elif isinstance(res, BaseException):
                failure = failure or res
        if failure is not None:
            raise failure
        if fenced:
            raise Fenced(fenced, why)

    async def _commit(self, unit: Unit, generation: int) -> None:
        m = self.metrics
        try:
            landed = await self._steps(unit, generation)
        except Fenced as f:  # whatever step found out: nothing more of this unit goes out, for any of its partitions
            m.commits.labels("fenced").inc()
            raise Fenced(unit.partitions, f.why) from f
        except OffsetsNotCommitted as e:
            m.commits.labels("failed").inc()
            log.warning("offset commit failed (%s); records will be reprocessed idempotently", e)
            return
        except BaseException:
            m.commits.labels("failed").inc()
            raise
        if not self.transport.visible_on_ack:
            self._delivered(unit.outputs, unit.state, landed)
        self.ownership.contact()
        m.commits.labels("ok").inc()
        for tp, position in unit.positions.items():
            self.committed(tp, position)

    async def _steps(self, unit: Unit, generation: int) -> Landed:
        """The three steps of one unit (see :meth:`commit`); returns where its state landed."""
        own = self.ownership
        tps = unit.partitions
        on_ack = self.transport.visible_on_ack
        async with self.transport.session(unit) as p:
            # 1. outputs
            await own.check(tps, generation)
            await self.deliver(p, unit.outputs, tps, generation, "outputs")
            if on_ack:
                self._delivered(unit.outputs, [], {})
            # 2. state
            await own.check(tps, generation)
            self.chain(unit.state)
            landed = await self.deliver(p, unit.state, tps, generation, "state")
            if on_ack:
                self._delivered([], unit.state, landed)
            # 3. offsets, each with its marker: the changelog holds state up to it (recovery.py checks at restore)
            await own.check(tps, generation)
            cl = self.settings.changelog_topic
            await self.transport.commit_offsets(p, {tp: (position, marker(position, landed.get((cl, tp.partition))))
                                                    for tp, position in unit.positions.items()})
        return landed

    async def deliver(self, p: Any, plan: Outgoing, tps: frozenset[TopicPartition], generation: int,
                      what: str) -> Landed:
        """One produce step, acknowledged. A failure the client calls retriable (a topic deleted or not yet
        recreated, a leader moving, a request timed out) is an outage, not a crash: at least once, the whole step
        is sent again (its records carry the same ids and bytes: duplicates at most) after a backoff, for as long
        as this member proves it still owns the partitions (a lost lease fences it, as any step). Meanwhile
        `stalled()` says what waits, and `/readyz` fails. Exactly once, a transaction cannot take a step twice:
        the failure aborts it (`ExactlyOnce.session`), handled as fencing (restore, process again)."""
        self._step_ids += 1
        key = self._step_ids
        clock = self.ownership.clock
        since = clock()
        self.waiting[key] = (since, what, plan, "")
        attempt = 0
        logged_at = -RETRY_LOG_S
        try:
            while True:
                try:
                    landed = await self.produce(p, plan)
                    if attempt:
                        log.warning("%s to %s delivered after %d retries (%.0fs)", what, _topics(plan), attempt,
                                    clock() - since)
                    return landed
                except KafkaError as e:
                    if not (retriable(e) and self.transport.visible_on_ack):
                        raise
                    attempt += 1
                    why = describe_error(e)
                    self.waiting[key] = (since, what, plan, why)
                    self.metrics.delivery_retries.inc()
                    if clock() - logged_at >= RETRY_LOG_S:
                        logged_at = clock()
                        log.warning("%s to %s not delivered for %.0fs (%s); retrying while partitions %s are "
                                    "ours (attempt %d)", what, _topics(plan), clock() - since, why,
                                    sorted(tp.partition for tp in tps), attempt)
                    await self.ownership.sleep(RETRY_BACKOFF_S[min(attempt, len(RETRY_BACKOFF_S)) - 1])
                    await self.ownership.check(tps, generation)
        finally:
            del self.waiting[key]

    def chain(self, state: Outgoing) -> None:
        """Each meta record names where its partition's previous meta record landed (`recovery.PREV_META`) and the
        input's partition count the state was built with (`recovery.LAYOUT`)."""
        for _, part, r in state:
            if r.key == META_KEY and part is not None:
                r.headers = [(PREV_META, str(self.meta_at.get(part, -1)).encode())]
                if self.layout:
                    r.headers.append((LAYOUT, str(self.layout).encode()))

    def _delivered(self, outputs: Outgoing, state: Outgoing, landed: Landed) -> None:
        """Records consumers can now see: counted, and where the state landed remembered (the next meta
        record's predecessor)."""
        kinds = Counter(map(_KIND, map(_RECORD, outputs)))  # counted in C, not a Python step per record
        for kind, k in kinds.items():
            self.metrics.output_records.labels(kind).inc(k)
        if state:
            self.metrics.output_records.labels("changelog").inc(len(state))
        cl = self.settings.changelog_topic
        for (topic, part), (offset, _) in landed.items():
            if topic == cl:
                self.meta_at[part] = offset

    async def produce(self, p: Any, plan: Outgoing) -> Landed:
        """Produce and await acknowledgement of every record (`kafka.enqueue` batches them); a batch that fails is
        retried record by record, where an oversized record becomes a dead letter instead of a crash loop.

        Returns, per (topic, partition) of the records with a known partition, the offset of the last one and the
        partition's log start offset as the broker reported it (-1: not reported); the changelog's meta record
        is its partition's last, and the commit marker names where it landed (`recovery.marker`)."""
        pending = await self.client.enqueue(p, plan, self._too_large)
        results = await asyncio.gather(*(f for f, _ in pending), return_exceptions=True)
        if pending:
            self.ownership.contact()
        failed = [res for res in results if isinstance(res, BaseException)]
        if not failed:
            return _landed(plan, pending, results)
        if not all(isinstance(e, MessageSizeTooLargeError) for e in failed):
            raise next(e for e in failed if not isinstance(e, MessageSizeTooLargeError))
        # a batch the broker refused as too large (its message.max.bytes is below our batch size): its records one
        # by one, so that only the oversized ones become dead letters (their order against later batches of the
        # same partition is lost in this rare case)
        for (_, members), res in zip(pending, results, strict=True):
            if isinstance(res, BaseException):
                for t, part, r in members:
                    try:
                        await (await p.send(t, r.value, key=r.key, headers=r.headers, partition=part))
                    except MessageSizeTooLargeError:
                        await (await self._too_large(r, p))
        return {}  # where they landed is not tracked on this rare path: the marker then names the offset only

    async def _too_large(self, r: OutRecord, p: Any) -> Awaitable[Any]:
        """An output the broker will not take (bigger than its message.max.bytes): never a crash loop, never a
        silent loss. A dead letter with the record's id, size and reason goes out instead of it."""
        size = len(r.value or b"")
        log.error("output record of %d bytes (%s) refused as too large; dead-lettered without its value", size,
                  r.kind)
        self.metrics.dead_letters.labels("too_large").inc()
        headers = [h for h in r.headers if h[0] in DEAD_LETTER_HEADERS]
        headers += [("toolmend-error-kind", b"too_large"),
                    ("toolmend-error-detail", f"{r.kind} record of {size} bytes exceeds the broker's limit".encode())]
        fut: Awaitable[Any] = await p.send(self.settings.dlq_topic, None, key=r.key, headers=headers)
        return fut


def _topics(plan: Outgoing) -> str:
    """The topics a produce step writes, named."""
    return ", ".join(sorted({t for t, _, _ in plan}))


def _landed(plan: Outgoing, pending: list[tuple[Awaitable[Any], Outgoing]], results: Iterable[Any]) -> Landed:
    """Where each partition's last record landed (its batch's base offset plus its index in the batch), for the
    partitions whose last record went out itself (not replaced by a dead letter)."""
    # each (topic, partition)'s last record (the dict built in C, not a Python step per record)
    last = dict(zip(map(_DESTINATION, plan), map(_RECORD, plan), strict=True))
    out: Landed = {}
    for (_, members), md in zip(pending, results, strict=True):
        if not members or md is None:
            continue
        t, part, r = members[-1]
        if part is not None and last[(t, part)] is r:
            start = md.log_start_offset
            out[(t, part)] = (md.offset + len(members) - 1, start if isinstance(start, int) else -1)
    return out
