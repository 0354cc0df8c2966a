"""The worker without a broker: pipelined commits when one fails during a rebalance; health and readiness on an
injected clock."""

from __future__ import annotations

import asyncio

import pytest
from aiokafka import TopicPartition
from aiokafka.errors import KafkaTimeoutError
from prometheus_client import CollectorRegistry

from processor.core.partition import PartitionProcessor
from processor.shell.config import Settings
from processor.shell.metrics import Metrics
from processor.shell.worker import loop as worker_module
from processor.shell.worker.fencing import Ownership
from processor.shell.worker.loop import Worker
from processor.shell.worker.stable_offsets import Unstable


async def test_a_failed_shipment_still_lets_revoked_partitions_go_and_fails_health() -> None:
    s = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0)
    w = Worker(s, Metrics(CollectorRegistry()))
    for p in (0, 1):
        w.procs[p] = PartitionProcessor(s.input_topic, p)
        w.assigned.add(p)
    failed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    failed.set_exception(KafkaTimeoutError())
    w._shipping = failed  # the batch in flight could not be acknowledged
    await w.revoked_partitions({TopicPartition(s.input_topic, 0)})
    # the revoked partition is dropped (a later assignment restores it from the changelog, never reuses it)
    assert set(w.procs) == {1} and w.assigned == {1}
    assert isinstance(w._ship_error, KafkaTimeoutError)  # the loop raises it at its next turn
    ok, why = w.healthy()
    assert not ok and "shipping failed" in why


class Clock:
    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


def test_a_stalled_consumer_loop_fails_health_after_three_session_timeouts() -> None:
    s = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0, session_timeout_ms=20_000)
    clock = Clock()
    w = Worker(s, Metrics(CollectorRegistry()), clock=clock)
    w.started = True
    w.last_loop = clock.now
    clock.now += 59.0
    assert w.healthy() == (True, "ok")
    clock.now += 2.0  # 61 s without a turn of the loop: past 3 x 20 s
    ok, why = w.healthy()
    assert not ok and why == "consumer loop stalled for 61s"


def test_readiness_fails_once_the_broker_has_not_answered_for_its_limit() -> None:
    s = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0, broker_unreachable_s=15)
    clock = Clock()
    w = Worker(s, Metrics(CollectorRegistry()), clock=clock)
    w.started = True
    w.assigned = {0}
    w._ownership = Ownership(None, s.session_timeout_s, clock=clock)  # type: ignore[arg-type]
    assert w.ready() == (True, "ready: 1 partition(s)")
    clock.now += 16
    assert w.ready() == (False, "broker unreachable for 16s")
    w._ownership.contact()
    assert w.ready()[0]


def test_readiness_fails_while_outputs_wait_for_the_broker_past_its_limit() -> None:
    """A deleted output topic: the shipment is retried, the loop turns, /readyz says what waits."""
    s = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0, broker_unreachable_s=15)
    clock = Clock()
    w = Worker(s, Metrics(CollectorRegistry()), clock=clock)
    w.started = True
    w.assigned = {0}
    w._ownership = Ownership(None, s.session_timeout_s, clock=clock)  # type: ignore[arg-type]

    class Stalled:
        waited = 0.0

        def stalled(self) -> tuple[float, str]:
            return self.waited, "outputs to conversations.repaired: UnknownTopicOrPartitionError"

    stalled = Stalled()
    w._committer = stalled  # type: ignore[assignment]
    stalled.waited = 14.0
    assert w.ready()[0]
    stalled.waited = 16.0
    assert w.ready() == (False, "outputs not delivered for 16s (outputs to conversations.repaired: "
                                "UnknownTopicOrPartitionError)")
    assert w.metrics.registry.get_sample_value("toolmend_delivery_stalled_seconds") == 16.0
    assert w.healthy() == (True, "ok")  # waiting on the broker is no reason to restart the worker


async def test_a_failed_restore_is_tried_again_and_its_failure_cleared_once_it_succeeds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #35 row 11: a restore error fails /healthz; a later restore that succeeds makes it healthy again."""
    monkeypatch.setattr(worker_module, "RESTORE_RETRY_S", 0.01)
    s = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0)
    w = Worker(s, Metrics(CollectorRegistry()))
    w.started = True
    attempts: list[list[int]] = []

    async def restore(parts: list[int]) -> int:
        attempts.append(parts)
        if len(attempts) <= 2:
            raise Unstable([TopicPartition(s.input_topic, p) for p in parts], 60.0)
        w.procs.update({p: PartitionProcessor(s.input_topic, p) for p in parts})
        return 0

    w._restore = restore  # type: ignore[method-assign]
    await w.assigned_partitions({TopicPartition(s.input_topic, 0), TopicPartition(s.input_topic, 1)})
    ok, why = w.healthy()
    assert not ok and why.startswith("failed: state restore failed: Unstable") and "after 60s" in why
    assert w.ready() == (False, "state of partition(s) [0, 1] not restored (tried again)")
    for _ in range(200):
        if w.procs:
            break
        await asyncio.sleep(0.01)
    assert attempts == [[0, 1], [0, 1], [0, 1]]
    assert w.healthy() == (True, "ok") and w.ready() == (True, "ready: 2 partition(s)")
    assert w._retry is not None
    await asyncio.wait_for(w._retry, 1)


class Rec:
    def __init__(self, offset: int, cid: str) -> None:
        self.offset, self.key, self.headers, self.timestamp = offset, cid.encode(), [], 1_767_225_600_000 + offset
        self.value = (b'{"conversation_id":"%s","ts":%d,"message":{"role":"user","content":"hi"}}'
                      % (cid.encode(), self.timestamp))


class Group:
    def __init__(self, tps: set[TopicPartition]) -> None:
        self.tps = tps
        self.sought: list[tuple[TopicPartition, int]] = []

    def assignment(self) -> set[TopicPartition]:
        return set(self.tps)

    def seek(self, tp: TopicPartition, offset: int) -> None:
        self.sought.append((tp, offset))


async def test_a_batch_computed_while_the_previous_checkpoint_was_fenced_drops_that_partitions_share() -> None:
    """Batch N+1 is computed from the state batch N left while N ships; N is then fenced for partition 0 (its
    state dropped). N+1's share of partition 0 builds on what N never wrote: none of it ships (outputs, state,
    offset); partition 1's share does."""
    s = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0)
    w = Worker(s, Metrics(CollectorRegistry()))
    tp0, tp1 = TopicPartition(s.input_topic, 0), TopicPartition(s.input_topic, 1)
    w._consumer = Group({tp0, tp1})
    w._ownership = Ownership(w._consumer, 10.0)
    for p in (0, 1):
        w.procs[p] = PartitionProcessor(s.input_topic, p)
        w.assigned.add(p)
    release = asyncio.Event()

    async def previous() -> None:  # batch N in flight: fenced for partition 0 once the loop waits for it
        await release.wait()
        w.procs.pop(0)

    w._shipping = asyncio.ensure_future(previous())
    shipped: list[object] = []

    async def ship(cp: object) -> None:
        shipped.append(cp)

    w._ship = ship  # type: ignore[method-assign]
    batch = {tp0: [Rec(5, "a"), Rec(6, "a")], tp1: [Rec(9, "b")]}
    processing = asyncio.ensure_future(w._process(batch))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)
    release.set()
    await processing
    await asyncio.sleep(0)
    (cp,) = shipped
    assert cp.positions == {tp1: 10}  # type: ignore[attr-defined]
    assert set(cp.origins) == {1}  # type: ignore[attr-defined]
    assert {part for _, part, _ in cp.state} == {1}  # type: ignore[attr-defined]
    assert cp.outputs and all(r.key == b"b" for _, _, r in cp.outputs)  # type: ignore[attr-defined]


async def test_an_offset_reset_found_again_by_a_repeated_restore_is_counted_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #35 row 3: a rebalance before a reset partition's heal has finished restores it again and finds the
    same reset (the state still ends past the commit); the records read again are counted once, a new reset again."""
    from processor.shell.worker.recovery import Restored

    s = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0)
    w = Worker(s, Metrics(CollectorRegistry()))
    found = {"position": 1000, "replayed": 500}

    async def restore(*_: object) -> Restored:
        return Restored({0: PartitionProcessor(s.input_topic, 0)}, {}, {0: -1}, {0: found["position"]}, {},
                        {0: found["replayed"]})

    class Consumer:
        def assignment(self) -> set[TopicPartition]:
            return set()

    monkeypatch.setattr(worker_module, "restore", restore)
    w._consumer = Consumer()  # type: ignore[assignment]
    counted = lambda: w.metrics.registry.get_sample_value("toolmend_input_replayed_records_total")  # noqa: E731
    await w._restore([0])
    await w._restore([0])  # the same reset, its heal not finished yet
    assert counted() == 500
    found.update(position=400, replayed=1100)  # moved back again by the operator
    await w._restore([0])
    assert counted() == 1600


async def test_a_batch_is_cut_into_checkpoints_of_bounded_processing_time_and_the_rest_follows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A fetched batch whose processing outlasts CHECKPOINT_EVERY_S (here: every record does) ships what was
    processed so far as one checkpoint; the rest, partition by partition in fetch order, follows in the next ones,
    under the generation the batch was fetched under, every record once and in order."""
    monkeypatch.setattr(worker_module, "CHECKPOINT_EVERY_S", 0.0)
    s = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0)
    w = Worker(s, Metrics(CollectorRegistry()))
    tp0, tp1 = TopicPartition(s.input_topic, 0), TopicPartition(s.input_topic, 1)
    w._consumer = Group({tp0, tp1})
    w._ownership = Ownership(w._consumer, 10.0)
    for p in (0, 1):
        w.procs[p] = PartitionProcessor(s.input_topic, p)
        w.assigned.add(p)
    shipped: list[object] = []

    async def ship(cp: object) -> None:
        shipped.append(cp)

    w._ship = ship  # type: ignore[method-assign]
    batch: dict[TopicPartition, list[Rec]] | None = {tp0: [Rec(5, "a"), Rec(6, "a")], tp1: [Rec(9, "b")]}
    generation: int | None = 7  # fetched under it
    while batch is not None:
        await w._process(batch, generation)  # type: ignore[arg-type]
        await asyncio.sleep(0)
        batch, generation = w._rest()  # type: ignore[assignment]
        assert generation in (7, None)
    assert [cp.positions for cp in shipped] == [{tp0: 6}, {tp0: 7}, {tp1: 10}]  # type: ignore[attr-defined]
    assert [cp.records for cp in shipped] == [1, 1, 1]  # type: ignore[attr-defined]
    assert {cp.generation for cp in shipped} == {7}  # type: ignore[attr-defined]
    assert w._consumer.sought == []


async def test_what_a_cut_batch_left_of_a_partition_let_go_or_restored_meanwhile_is_not_processed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Between two checkpoints of one batch a rebalance may take a partition away, or fence and restore it: the
    records left of it continue state this member no longer holds, so they are not processed (its next owner, or
    its restore, reads them again from what was committed); a partition without state yet is rewound as in any
    batch."""
    monkeypatch.setattr(worker_module, "CHECKPOINT_EVERY_S", 0.0)
    s = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0)
    w = Worker(s, Metrics(CollectorRegistry()))
    tps = [TopicPartition(s.input_topic, p) for p in range(4)]
    w._consumer = Group(set(tps))
    w._ownership = Ownership(w._consumer, 10.0)
    for p in (0, 1, 2):
        w.procs[p] = PartitionProcessor(s.input_topic, p)
        w.assigned.add(p)
    shipped: list[object] = []

    async def ship(cp: object) -> None:
        shipped.append(cp)

    w._ship = ship  # type: ignore[method-assign]
    batch = {tps[0]: [Rec(5, "a")], tps[1]: [Rec(9, "b")], tps[2]: [Rec(3, "c")], tps[3]: [Rec(4, "d")]}
    await w._process(batch)  # type: ignore[arg-type]
    await asyncio.sleep(0)
    w.procs.pop(1)  # let go
    w.procs[2] = PartitionProcessor(s.input_topic, 2)  # fenced and restored
    rest, _ = w._rest()
    assert rest is not None and set(rest) == {tps[3]}  # partition 3 had no state when cut: it is rewound next
    await w._process(rest)
    assert w._consumer.sought == [(tps[3], 4)]
    assert w._rest() == (None, None)
    assert [cp.positions for cp in shipped] == [{tps[0]: 6}]  # type: ignore[attr-defined]
