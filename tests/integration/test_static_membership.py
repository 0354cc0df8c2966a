"""Static group membership (TOOLMEND_GROUP_INSTANCE_ID, one per pod in deploy/k8s): a worker that restarts
within the session timeout gets its own partitions back and the other workers are not rebalanced (they keep
their partitions and their loaded state). Without it, the same restart revokes the others' partitions: the
control case, which shows the test sees rebalances when they happen.

Apache Kafka only: Tansu accepts group_instance_id but rebalances anyway (processor/shell/embedded_broker.py)."""

from __future__ import annotations

import asyncio

import pytest

from processor.shell.worker.loop import Worker
from tests.integration.harness import create, settings_for, wait_until, worker

pytestmark = pytest.mark.needs_kafka

SESSION = {"session_timeout_ms": 15000, "heartbeat_interval_ms": 1000}


def revoked(w: Worker) -> float:
    return w.metrics.registry.get_sample_value("toolmend_rebalances_total", {"kind": "revoked"}) or 0.0


@pytest.mark.parametrize("static", [True, False], ids=["static", "dynamic"])
async def test_restart_keeps_the_other_workers_partitions(broker, static: bool) -> None:  # type: ignore[no-untyped-def]
    base = settings_for(broker.bootstrap, **SESSION)
    await create(base)

    def member(name: str) -> dict[str, object]:
        return {**base.model_dump(), "group_instance_id": f"{base.group_id}-{name}" if static else None}

    s_b = type(base)(**member("b"))
    s_a = type(base)(**member("a"))
    async with worker(s_b) as b:  # b joins first: the group's leader, which stays up
        await wait_until(lambda: len(b.assigned) == base.partitions, 90)
        async with worker(s_a) as a:
            await wait_until(lambda: a.assigned and b.assigned and len(a.assigned | b.assigned) == base.partitions
                             and not a.assigned & b.assigned, 90)
            mine = set(a.assigned)  # read while a runs: librdkafka revokes them locally as it closes (aiokafka not)
        theirs, before = set(b.assigned), revoked(b)
        async with worker(s_a) as a2:  # the same member restarts (graceful stop, then a new process's start)
            if static:
                await wait_until(lambda: a2.assigned == mine and a2.ready()[0], 60)
                await asyncio.sleep(5)  # several of b's heartbeats: a rebalance would have reached it by now
                assert revoked(b) == before, "b was rebalanced although a restarted as the same static member"
                assert b.assigned == theirs
            else:
                await wait_until(lambda: revoked(b) > before, 60)
