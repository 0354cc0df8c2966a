"""The worker's pipelined shipping when a shipment fails during a rebalance (no broker needed for this path)."""

from __future__ import annotations

import asyncio

from aiokafka import TopicPartition
from aiokafka.errors import KafkaTimeoutError
from prometheus_client import CollectorRegistry

from processor.core.partition import PartitionProcessor
from processor.shell.config import Settings
from processor.shell.metrics import Metrics
from processor.shell.worker import Worker


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
