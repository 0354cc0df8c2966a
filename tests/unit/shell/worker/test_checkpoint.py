"""The checkpoint's one ordered commit, step by step, with a fake producer and consumer: what is shipped, what
is not, what state the checkpoint is left in when a step fails; and the plan it commits (no broker: the broker
tests in tests/integration prove the wiring)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

import pytest
from aiokafka import TopicPartition
from aiokafka.errors import (
    CommitFailedError,
    KafkaTimeoutError,
    MessageSizeTooLargeError,
    NotLeaderForPartitionError,
    ProducerFenced,
    TopicAuthorizationFailedError,
    UnknownTopicOrPartitionError,
)
from prometheus_client import CollectorRegistry

from processor.core.partition import META_KEY, OutRecord
from processor.shell.config import Settings
from processor.shell.metrics import Metrics
from processor.shell.worker.checkpoint import (
    MAX_TXN_FAILURES,
    AtLeastOnce,
    Checkpoint,
    Committer,
    ExactlyOnce,
    plan,
    without,
)
from processor.shell.worker.fencing import Fenced, Ownership
from processor.shell.worker.recovery import LAYOUT, PREV_META, parse_marker

S = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0, findings_topic="findings")
IN = S.input_topic
CL = S.changelog_topic
TP0, TP1 = TopicPartition(IN, 0), TopicPartition(IN, 1)


# -- fakes -------------------------------------------------------------------------------------------------------
@dataclass
class Meta:
    offset: int
    log_start_offset: int = 0


class Batch:
    def __init__(self, capacity: int) -> None:
        self.records: list[tuple[bytes | None, bytes | None, Any]] = []
        self.capacity = capacity
        self.closed = False

    def close(self) -> None:
        self.closed = True

    def append(self, *, key: bytes | None, value: bytes | None, timestamp: None, headers: Any) -> object | None:
        if self.closed or len(self.records) >= self.capacity or len(value or b"") > 1000:  # closed, full, too large
            return None
        self.records.append((key, value, headers))
        return object()


@dataclass
class Broker:
    """What consumers can read (per topic and partition, in order), and every call in the order it came."""

    log: dict[tuple[str, int | None], list[tuple[bytes | None, bytes | None, Any]]] = field(default_factory=dict)
    calls: list[str] = field(default_factory=list)
    offsets: dict[TopicPartition, tuple[int, str]] = field(default_factory=dict)

    def append(self, topic: str, part: int | None, recs: list[tuple[bytes | None, bytes | None, Any]]) -> int:
        at = self.log.setdefault((topic, part), [])
        base = len(at)
        at.extend(recs)
        return base


class Producer:
    """aiokafka's producer as the committer uses it: batches, single sends, transactions. `fail` maps a topic to
    the error its acknowledgements fail with; `on_ack(topic)` runs as a topic's records are acknowledged."""

    def __init__(self, broker: Broker, capacity: int = 3, max_bytes: int = 10_000) -> None:
        self.broker = broker
        self.capacity = capacity
        self.max_bytes = max_bytes  # the broker's message.max.bytes (a batch over it is refused)
        self.fail: dict[str, Exception] = {}
        self.on_ack: Any = None
        self.txn: list[tuple[str, int | None, list[Any]]] | None = None
        self.fail_commit: Exception | None = None
        self.aborted = 0
        self._txn_manager = self

    def is_fatal_error(self) -> bool:
        return False

    def create_batch(self) -> Batch:
        return Batch(self.capacity)

    def _ack(self, topic: str, part: int | None, recs: list[Any]) -> asyncio.Future[Meta]:
        fut: asyncio.Future[Meta] = asyncio.get_running_loop().create_future()
        size = sum(len(v or b"") for _, v, _ in recs)
        if topic in self.fail:
            fut.set_exception(self.fail[topic])
        elif size > self.max_bytes:
            fut.set_exception(MessageSizeTooLargeError())
        elif self.txn is not None:
            self.txn.append((topic, part, recs))
            fut.set_result(Meta(len(self.broker.log.get((topic, part), [])) + sum(
                len(r) for t, p, r in self.txn[:-1] if (t, p) == (topic, part))))
        else:
            fut.set_result(Meta(self.broker.append(topic, part, recs)))
        self.broker.calls.append(f"produce {topic}")
        if self.on_ack is not None:
            self.on_ack(topic)
        return fut

    async def send_batch(self, batch: Batch, topic: str, *, partition: int) -> asyncio.Future[Meta]:
        return self._ack(topic, partition, batch.records)

    async def send(self, topic: str, value: bytes | None, *, key: bytes | None = None, headers: Any = None,
                   partition: int | None = None) -> asyncio.Future[Meta]:
        if len(value or b"") > self.max_bytes:
            raise MessageSizeTooLargeError()
        return self._ack(topic, partition, [(key, value, headers)])

    async def begin_transaction(self) -> None:
        self.txn = []

    async def send_offsets_to_transaction(self, offsets: dict[TopicPartition, tuple[int, str]], group: str) -> None:
        assert self.txn is not None
        self.broker.calls.append("offsets")
        self.txn.append(("__offsets", None, [offsets]))

    async def commit_transaction(self) -> None:
        assert self.txn is not None
        if self.fail_commit is not None:
            raise self.fail_commit
        for t, p, recs in self.txn:
            if t == "__offsets":
                self.broker.offsets.update(recs[0])
            else:
                self.broker.append(t, p, recs)
        self.txn = None
        self.broker.calls.append("commit transaction")

    async def abort_transaction(self) -> None:
        self.txn = None
        self.aborted += 1


class Coordinator:
    generation = 5

    async def _do_heartbeat(self) -> bool:
        return True

    def request_rejoin(self) -> None:
        pass


class Consumer:
    """The group's consumer: its assignment, its coordinator's generation, its offset commits."""

    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self._coordinator = Coordinator()
        self.assigned = {TP0, TP1}
        self.fail: Exception | None = None

    def assignment(self) -> set[TopicPartition]:
        return self.assigned

    async def commit(self, offsets: dict[TopicPartition, tuple[int, str]]) -> None:
        self.broker.calls.append("offsets")
        if self.fail is not None:
            raise self.fail
        self.broker.offsets.update(offsets)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


@dataclass
class Rig:
    broker: Broker
    producer: Producer
    consumer: Consumer
    committer: Committer
    metrics: Metrics
    committed: list[tuple[TopicPartition, int]]

    def counted(self, kind: str) -> float:
        return self.metrics.registry.get_sample_value("toolmend_output_records_total", {"topic": kind}) or 0.0

    def commits(self, outcome: str) -> float:
        return self.metrics.registry.get_sample_value("toolmend_commits_total", {"outcome": outcome}) or 0.0

    def topic(self, name: str) -> list[Any]:
        return [r for (t, _), recs in self.broker.log.items() if t == name for r in recs]


def rig(exactly_once: bool = False) -> Rig:
    broker = Broker()
    consumer = Consumer(broker)
    clock = Clock()
    own = Ownership(consumer, 10.0, clock=clock, sleep=clock.sleep)
    own.attach()
    metrics = Metrics(CollectorRegistry())
    committed: list[tuple[TopicPartition, int]] = []
    producer = Producer(broker)
    transport: AtLeastOnce | ExactlyOnce
    if exactly_once:
        transport = ExactlyOnce(S)
        # one transactional producer per partition, sharing the broker
        transport.producers = {0: producer, 1: Producer(broker)}
    else:
        transport = AtLeastOnce(producer, consumer)
    c = Committer(S, transport, own, metrics, lambda tp, pos: committed.append((tp, pos)))
    return Rig(broker, producer, consumer, c, metrics, committed)


def out(kind: str, key: bytes, value: bytes = b"v") -> OutRecord:
    return OutRecord(kind, key, value, [("toolmend-id", key)])


def checkpoint(partitions: tuple[int, ...] = (0, 1)) -> Checkpoint:
    """Two outputs and two conversation states per partition, its meta record last."""
    runs = [(p, [out("repaired", b"c%d" % p), out("findings", b"c%d" % p)]) for p in partitions]
    state = {p: [(b"c%d" % p, b"state"), (META_KEY, b"meta")] for p in partitions}
    positions = {TopicPartition(IN, p): 10 * (p + 1) for p in partitions}
    return plan(S, runs, positions, state, {}, {S.output_topic, "findings", CL}, 5, 4 * len(partitions))


# -- at least once -----------------------------------------------------------------------------------------------
async def test_outputs_then_state_then_offsets_each_acknowledged_before_the_next() -> None:
    r = rig()
    await r.committer.commit(checkpoint())
    step = {f"produce {S.output_topic}": "outputs", "produce findings": "outputs", f"produce {CL}": "state",
            "offsets": "offsets"}
    steps = [step[c] for c in r.broker.calls]
    assert steps == ["outputs"] * 4 + ["state"] * 2 + ["offsets"]
    assert {tp: pos for tp, (pos, _) in r.broker.offsets.items()} == {TP0: 10, TP1: 20}
    assert r.committed == [(TP0, 10), (TP1, 20)]
    assert (r.counted("repaired"), r.counted("findings"), r.counted("changelog")) == (2, 2, 4)
    assert r.commits("ok") == 1


async def test_each_offset_carries_the_marker_of_where_its_meta_record_landed() -> None:
    r = rig()
    await r.committer.commit(checkpoint())
    for p, tp in enumerate((TP0, TP1)):
        mark = parse_marker(r.broker.offsets[tp][1])
        assert mark is not None and mark.offset == r.broker.offsets[tp][0] - 1
        assert r.broker.log[(CL, p)][mark.meta_at or 0][0] == META_KEY  # the marker points at the meta record
    assert r.committer.meta_at == {0: 1, 1: 1}


async def test_each_meta_record_names_where_the_previous_one_landed() -> None:
    r = rig()
    r.committer.layout = 4
    await r.committer.commit(checkpoint())
    await r.committer.commit(checkpoint())
    metas = [(k, h) for k, _, h in r.broker.log[(CL, 0)] if k == META_KEY]
    assert [dict(h)[PREV_META] for _, h in metas] == [b"-1", b"1"]
    assert [dict(h)[LAYOUT] for _, h in metas] == [b"4", b"4"]  # the input's partition count it was built with
    assert r.committer.meta_at[0] == 3


async def test_outputs_refused_for_good_ship_nothing_more_and_raise() -> None:
    r = rig()
    r.producer.fail[S.output_topic] = TopicAuthorizationFailedError()  # not retriable: the records are refused
    with pytest.raises(TopicAuthorizationFailedError):
        await r.committer.commit(checkpoint())
    assert not r.topic(CL) and not r.broker.offsets and not r.committed
    assert r.counted("repaired") == 0 and r.counted("changelog") == 0
    assert r.commits("failed") == 1 and r.commits("ok") == 0
    assert r.committer.meta_at == {}  # the next meta record still names the last one acknowledged


async def test_state_not_acknowledged_leaves_the_outputs_shipped_and_the_offsets_uncommitted() -> None:
    r = rig()
    r.producer.fail[CL] = TopicAuthorizationFailedError()
    with pytest.raises(TopicAuthorizationFailedError):
        await r.committer.commit(checkpoint())
    assert len(r.topic(S.output_topic)) == 2 and not r.broker.offsets  # reprocessed: same ids, same bytes
    assert r.counted("repaired") == 2 and r.counted("changelog") == 0  # counted as soon as consumers see them
    assert r.committer.meta_at == {}
    assert r.commits("failed") == 1


async def test_a_failed_offset_commit_is_not_an_error_outputs_and_state_are_acknowledged() -> None:
    r = rig()
    r.consumer.fail = KafkaTimeoutError()
    await r.committer.commit(checkpoint())  # not raised: the records are reprocessed and skipped by offset
    assert len(r.topic(CL)) == 4 and not r.broker.offsets
    assert r.committer.meta_at == {0: 1, 1: 1}  # the state landed: the next meta record names it
    assert not r.committed  # no tombstones for conversations whose end is not committed
    assert r.commits("failed") == 1 and r.commits("ok") == 0


async def test_a_commit_refused_by_the_group_fences_every_partition_of_the_batch() -> None:
    r = rig()
    r.consumer.fail = CommitFailedError("rebalanced")
    with pytest.raises(Fenced) as e:
        await r.committer.commit(checkpoint())
    assert e.value.partitions == {TP0, TP1} and not r.committed
    assert r.commits("fenced") == 1


@pytest.mark.parametrize("lost_after", [S.output_topic, CL], ids=["outputs", "state"])
async def test_ownership_lost_during_a_step_stops_the_next_step(lost_after: str) -> None:
    r = rig()

    def rebalance(topic: str) -> None:
        if topic == lost_after:
            r.consumer._coordinator.generation = 6

    r.producer.on_ack = rebalance
    with pytest.raises(Fenced, match="generation 5 is over") as e:
        await r.committer.commit(checkpoint())
    assert e.value.partitions == {TP0, TP1}  # at least once: the whole batch is one unit
    assert not r.broker.offsets
    assert bool(r.topic(CL)) == (lost_after == CL)  # the step under way completes; the next never starts
    assert r.commits("fenced") == 1


async def test_a_batch_the_broker_refuses_as_too_large_is_retried_record_by_record() -> None:
    r = rig()
    r.producer.max_bytes = 2500  # a batch of three 1 kB outputs is over the broker's limit, each one fits
    small = [out("repaired", b"c%d" % i, b"x" * 900) for i in range(3)]
    runs = [(0, [*small, out("repaired", b"big", b"y" * 3000)])]
    cp = plan(S, runs, {TP0: 4}, {0: [(META_KEY, b"meta")]}, {}, {S.output_topic, CL}, 5, 4)
    await r.committer.commit(cp)
    assert [k for k, _, _ in r.topic(S.output_topic)] == [b"c0", b"c1", b"c2"]
    (dead,) = r.topic(S.dlq_topic)  # the one too large for the broker: a dead letter, never a crash loop
    assert dead[0] == b"big" and dead[1] is None
    assert dict(dead[2])["toolmend-error-kind"] == b"too_large" and dict(dead[2])["toolmend-id"] == b"big"
    assert r.metrics.registry.get_sample_value("toolmend_dead_letters_total", {"kind": "too_large"}) == 1
    assert r.broker.offsets[TP0][0] == 4


# -- exactly once ------------------------------------------------------------------------------------------------
async def test_exactly_once_commits_each_partition_in_its_own_transaction() -> None:
    r = rig(exactly_once=True)
    await r.committer.commit(checkpoint())
    assert {tp: pos for tp, (pos, _) in r.broker.offsets.items()} == {TP0: 10, TP1: 20}
    assert r.broker.calls.count("commit transaction") == 2
    assert sorted(r.committed) == [(TP0, 10), (TP1, 20)]
    mark = parse_marker(r.broker.offsets[TP1][1])
    assert mark is not None and r.broker.log[(CL, 1)][mark.meta_at or 0][0] == META_KEY


async def test_exactly_once_a_fenced_partition_writes_nothing_and_the_other_commits() -> None:
    r = rig(exactly_once=True)
    assert isinstance(r.committer.transport, ExactlyOnce)
    zombie = r.committer.transport.producers[1]
    zombie.fail_commit = ProducerFenced()
    with pytest.raises(Fenced) as e:
        await r.committer.commit(checkpoint())
    assert e.value.partitions == {TP1}
    assert set(r.broker.offsets) == {TP0} and r.committed == [(TP0, 10)]
    assert [k for k, _, _ in r.topic(S.output_topic)] == [b"c0"]  # partition 1's outputs were never visible
    assert r.committer.meta_at == {0: 1}
    assert r.commits("ok") == 1 and r.commits("fenced") == 1


async def test_exactly_once_a_failed_produce_aborts_the_transaction_as_fenced() -> None:
    """A transaction is all or nothing: one that fails (or that the broker aborted, its timeout) drops the
    partition's state like fencing (rejoin, restore), instead of stopping the worker."""
    r = rig(exactly_once=True)
    r.producer.fail[CL] = KafkaTimeoutError()  # partition 0's producer
    with pytest.raises(Fenced, match="its transaction failed") as e:
        await r.committer.commit(checkpoint())
    assert e.value.partitions == {TP0}
    assert r.producer.aborted == 1
    assert set(r.broker.offsets) == {TP1}  # partition 1's transaction is independent
    assert [k for k, _, _ in r.topic(S.output_topic)] == [b"c1"]
    assert r.counted("repaired") == 1 and r.counted("changelog") == 2  # what consumers can see, no more
    assert r.commits("fenced") == 1 and r.commits("ok") == 1


async def test_exactly_once_a_partition_whose_transactions_keep_failing_stops_the_worker() -> None:
    r = rig(exactly_once=True)
    r.producer.fail[CL] = TopicAuthorizationFailedError()
    for _ in range(MAX_TXN_FAILURES):
        with pytest.raises(Fenced):
            await r.committer.commit(checkpoint())
    with pytest.raises(TopicAuthorizationFailedError):
        await r.committer.commit(checkpoint())


async def test_exactly_once_an_outage_never_stops_the_worker() -> None:
    """A deleted topic or a moving leader aborts the transaction (handled as fencing: restore, process again)
    however often: it is an outage, not records the broker refuses."""
    r = rig(exactly_once=True)
    r.producer.fail[S.output_topic] = NotLeaderForPartitionError()
    for _ in range(3 * MAX_TXN_FAILURES):
        with pytest.raises(Fenced, match="its transaction failed"):
            await r.committer.commit(checkpoint())
    del r.producer.fail[S.output_topic]
    await r.committer.commit(checkpoint())
    assert TP0 in r.broker.offsets


# -- a topic the broker cannot take records for (deleted, no leader): retried, never a crash -------------------
@pytest.mark.parametrize("error", [NotLeaderForPartitionError, UnknownTopicOrPartitionError, KafkaTimeoutError])
async def test_at_least_once_a_step_the_broker_cannot_take_is_retried_until_it_can(error: type[Exception]) -> None:
    r = rig()
    r.producer.fail[S.output_topic] = error()
    clock = r.committer.ownership.clock
    assert isinstance(clock, Clock)
    seen: list[tuple[float, str]] = []

    def watch(topic: str) -> None:  # the deleted topic comes back after six attempts (four batches each)
        seen.append(r.committer.stalled())
        r.committer.ownership.lease_from = clock.now  # heartbeats answered: the partitions stay ours
        if len(seen) >= 24:
            r.producer.fail.clear()

    r.producer.on_ack = watch
    await r.committer.commit(checkpoint())
    assert {tp: pos for tp, (pos, _) in r.broker.offsets.items()} == {TP0: 10, TP1: 20}
    assert len(r.topic(S.output_topic)) == 2  # each id once here (the failed attempts wrote nothing)
    waited = [w for w, what in seen if S.output_topic in what]
    assert waited == sorted(waited) and waited[-1] > 5  # the stall grows while retried
    assert any(error.__name__ in what for _, what in seen)  # and says why
    assert r.committer.stalled() == (0.0, "")  # nothing waits once delivered
    assert r.metrics.registry.get_sample_value("toolmend_delivery_retries_total") >= 5
    assert r.commits("ok") == 1 and r.commits("failed") == 0


async def test_at_least_once_a_step_retried_stops_when_the_partitions_are_lost() -> None:
    r = rig()
    r.producer.fail[S.output_topic] = UnknownTopicOrPartitionError()
    with pytest.raises(Fenced, match="session not confirmed"):  # no heartbeat answered: the lease lapses
        await r.committer.commit(checkpoint())
    assert not r.topic(CL) and not r.broker.offsets
    assert r.commits("fenced") == 1
    assert r.committer.stalled() == (0.0, "")


async def test_exactly_once_a_partition_let_go_is_fenced() -> None:
    r = rig(exactly_once=True)
    assert isinstance(r.committer.transport, ExactlyOnce)
    del r.committer.transport.producers[1]
    with pytest.raises(Fenced, match="no transactional producer") as e:
        await r.committer.commit(checkpoint())
    assert e.value.partitions == {TP1}


async def test_both_transports_count_a_commit_the_same_way() -> None:
    counts = []
    for exactly_once in (False, True):
        r = rig(exactly_once)
        await r.committer.commit(checkpoint())
        counts.append([r.counted(k) for k in ("repaired", "findings", "dead_letter", "changelog")]
                      + [r.commits(o) for o in ("ok", "failed", "fenced")])
    alo, eos = counts
    assert alo[:4] == eos[:4] == [2, 2, 0, 4]
    assert alo[4:] == [1, 0, 0] and eos[4:] == [2, 0, 0]  # one unit of commit each: the batch, each partition


# -- the plan ----------------------------------------------------------------------------------------------------
def test_the_plan_sends_each_kind_to_its_topic_in_its_input_partition_when_the_counts_match() -> None:
    runs = [(1, [out("repaired", b"a"), out("findings", b"a"), out("dead_letter", b"d")])]
    seen: list[OutRecord] = []
    cp = plan(S, runs, {TP1: 7}, {1: [(META_KEY, b"m")]}, {}, {S.output_topic}, 3, 1, seen.append)
    assert [(t, p) for t, p, _ in cp.outputs] == [(S.output_topic, 1), ("findings", None), (S.dlq_topic, None)]
    assert cp.origins == [1, 1, 1]
    assert [(t, p, r.kind, r.key, r.value) for t, p, r in cp.state] == [(CL, 1, "changelog", META_KEY, b"m")]
    assert [r.key for r in seen] == [b"d"]  # dead letters are reported (for the log) as they are planned
    assert (cp.positions, cp.generation, cp.records) == ({TP1: 7}, 3, 1)


def test_the_plan_drops_a_kind_without_a_topic_and_marks_a_reset_partition_first() -> None:
    s = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0, findings_topic="findings")
    runs = [(0, [out("repaired", b"a")])]
    cp = plan(s, runs, {TP0: 5}, {}, {0: 3}, set(), 1, 1)
    assert [r.kind for _, _, r in cp.outputs] == ["findings", "repaired"]
    assert b'"state_reset"' in (cp.outputs[0][2].value or b"")
    none = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0, findings_topic=None)  # no findings, no mark
    cp = plan(none, [(0, [out("findings", b"a"), out("repaired", b"a")])], {TP0: 5}, {}, {0: 3}, set(), 1, 1)
    assert [r.kind for _, _, r in cp.outputs] == ["repaired"] and cp.origins == [0]


async def test_exactly_once_a_producer_that_left_its_transaction_under_us_is_fenced_not_a_crash(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #35 (a repeated run of the zombie case): the paused member's sender met ProducerFenced first, so its
    transaction manager left the transaction and aiokafka refused the next send with IllegalOperation (not a
    KafkaError). That is fencing: the partition is dropped and restored, never a traceback exit."""
    from aiokafka.errors import IllegalOperation

    r = rig(exactly_once=True)
    assert isinstance(r.committer.transport, ExactlyOnce)
    zombie = r.committer.transport.producers[1]

    async def refused(*_: Any, **__: Any) -> Any:
        raise IllegalOperation("Can't send messages while not in transaction")

    monkeypatch.setattr(zombie, "send_batch", refused)
    monkeypatch.setattr(zombie, "send", refused)
    monkeypatch.setattr(zombie, "is_fatal_error", lambda: True)
    with pytest.raises(Fenced, match="ended under it") as e:
        await r.committer.commit(checkpoint())
    assert e.value.partitions == {TP1}
    assert set(r.broker.offsets) == {TP0} and r.committed == [(TP0, 10)]
    assert r.commits("ok") == 1 and r.commits("fenced") == 1


def test_a_checkpoint_less_some_partitions_keeps_only_the_others_outputs_state_and_offsets() -> None:
    runs = [(0, [out("repaired", b"a")]), (1, [out("repaired", b"b"), out("findings", b"b")])]
    cp = plan(S, runs, {TP0: 4, TP1: 7}, {0: [(META_KEY, b"m0")], 1: [(b"k", b"v"), (META_KEY, b"m1")]}, {},
              {S.output_topic}, 3, 2)
    left = without(cp, {0})
    assert left is not None
    assert left.positions == {TP1: 7} and left.origins == [1, 1]
    assert [r.key for _, _, r in left.outputs] == [b"b", b"b"]
    assert [(p, r.value) for _, p, r in left.state] == [(1, b"v"), (1, b"m1")]
    assert left.generation == 3
    assert without(cp, {0, 1}) is None


async def test_an_abandoned_abort_that_fails_later_leaves_no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    """The session stops waiting for an abort after 10 s (the broker unreachable); when the abort ends later with
    ProducerFenced (the broker aborted the transaction on its timeout), its exception is read: asyncio does not
    report "Task exception was never retrieved" with a traceback."""
    import gc

    from aiokafka.errors import ProducerFenced

    from processor.shell.worker import checkpoint

    reported: list[dict[str, object]] = []
    asyncio.get_running_loop().set_exception_handler(lambda _loop, ctx: reported.append(ctx))

    async def abort() -> None:
        await asyncio.sleep(0.05)
        raise ProducerFenced()

    task = asyncio.ensure_future(abort())
    task.add_done_callback(checkpoint._abort_ended)
    with caplog.at_level(logging.DEBUG, "toolmend.checkpoint"):
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(task), 0.01)  # stopped waiting
        await asyncio.sleep(0.1)
    del task
    gc.collect()
    await asyncio.sleep(0)
    assert reported == []
    assert "an abandoned transaction abort ended: ProducerFenced" in caplog.text
