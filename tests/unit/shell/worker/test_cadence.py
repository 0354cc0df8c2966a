"""Where a fetched batch is cut into checkpoints (shell/worker/cadence.py), and the worker cutting there."""

from __future__ import annotations

import asyncio
import itertools

import pytest
from aiokafka import TopicPartition
from prometheus_client import CollectorRegistry

from processor.core.partition import PartitionProcessor
from processor.shell.config import Settings
from processor.shell.metrics import Metrics
from processor.shell.worker import loop as worker_module
from processor.shell.worker.cadence import cut_now
from processor.shell.worker.fencing import Ownership
from processor.shell.worker.loop import Worker
from tests.unit.shell.worker.test_loop import Group, Rec


async def test_a_checkpoint_ends_when_its_time_is_up_and_the_one_before_has_landed_or_at_the_hard_limit() -> None:
    loop = asyncio.get_running_loop()
    in_flight: asyncio.Future[None] = loop.create_future()
    landed: asyncio.Future[None] = loop.create_future()
    landed.set_result(None)
    assert not cut_now(0.4, 0.5, 1.0, None)  # its time is not up
    assert not cut_now(0.4, 0.5, 1.0, landed)
    assert cut_now(0.5, 0.5, 1.0, None)  # nothing in flight
    assert cut_now(0.6, 0.5, 1.0, landed)  # the one before landed
    assert not cut_now(0.6, 0.5, 1.0, in_flight)  # it would only wait for that one: processing goes on
    assert cut_now(1.0, 0.5, 1.0, in_flight)  # the hard limit, whatever is in flight
    in_flight.cancel()


@pytest.mark.parametrize(("before", "records"), [("nothing", 3), ("landed", 3), ("in flight", 4)])
async def test_the_worker_processes_on_past_the_cut_while_the_checkpoint_before_is_in_flight(
        monkeypatch: pytest.MonkeyPatch, before: str, records: int) -> None:
    """CHECKPOINT_EVERY_S 1.0 and every reading of the clock 0.3 s later (each record is read once done and once
    after its yield): the third record ends at 1.5 s, past the cut; with the checkpoint before still in flight the
    worker goes on to the fourth (2.1 s, past the hard limit of 2.0), and the rest of the batch is left for the
    next checkpoint either way."""
    monkeypatch.setattr(worker_module, "CHECKPOINT_EVERY_S", 1.0)
    ticks = itertools.count()
    monkeypatch.setattr(worker_module.time, "perf_counter", lambda: next(ticks) * 0.3)
    s = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0)
    w = Worker(s, Metrics(CollectorRegistry()))
    tp = TopicPartition(s.input_topic, 0)
    w._consumer = Group({tp})
    w._ownership = Ownership(w._consumer, 10.0)
    w.procs[0] = PartitionProcessor(s.input_topic, 0)
    w.assigned.add(0)
    shipping: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    if before == "landed":
        shipping.set_result(None)
    w._shipping = None if before == "nothing" else shipping
    computed = await w._compute({tp: [Rec(o, "a") for o in range(6)]})  # type: ignore[list-item]
    assert computed is not None
    cp, _ = computed
    assert cp.records == records and cp.positions == {tp: records}
    left, _ = w._rest()
    assert left is not None and [r.offset for r in left[tp]] == list(range(records, 6))
    shipping.cancel()
