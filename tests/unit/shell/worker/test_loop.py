"""The worker without a broker: pipelined commits when one fails during a rebalance; health and readiness on an
injected clock."""

from __future__ import annotations

import asyncio

from aiokafka import TopicPartition
from aiokafka.errors import KafkaTimeoutError
from prometheus_client import CollectorRegistry

from processor.core.partition import PartitionProcessor
from processor.shell.config import Settings
from processor.shell.metrics import Metrics
from processor.shell.worker.fencing import Ownership
from processor.shell.worker.loop import Worker


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
