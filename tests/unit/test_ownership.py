"""Ownership checks before each shipment step (no broker: a stand-in for aiokafka's group coordinator)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from aiokafka import TopicPartition

from processor.shell.fencing import Fenced, Ownership

TP0, TP1 = TopicPartition("in", 0), TopicPartition("in", 1)


class Coordinator:
    def __init__(self) -> None:
        self.generation = 5
        self.alive = True
        self.rejoin = False

    async def _do_heartbeat(self) -> bool:
        if not self.alive:
            self.generation = -1  # what aiokafka does on "unknown member"
        return self.alive

    def request_rejoin(self) -> None:
        self.rejoin = True


class Consumer:
    def __init__(self) -> None:
        self._coordinator = Coordinator()
        self.assigned = {TP0, TP1}

    def assignment(self) -> set[TopicPartition]:
        return self.assigned


def owner() -> tuple[Ownership, Any]:
    c = Consumer()
    own = Ownership(c, session_timeout_ms=1000)  # type: ignore[arg-type]
    own.attach()
    return own, c


async def test_owned_partitions_ship() -> None:
    own, _ = owner()
    await own.check({TP0, TP1}, 5)


async def test_a_new_generation_or_a_lost_partition_fences() -> None:
    own, c = owner()
    c._coordinator.generation = 6
    with pytest.raises(Fenced, match="generation 5 is over"):
        await own.check({TP0}, 5)
    c.assigned = {TP1}
    with pytest.raises(Fenced) as e:
        await own.check({TP0, TP1}, 6)
    assert e.value.partitions == {TP0}
    with pytest.raises(Fenced, match="not a member"):
        await own.check({TP1}, -1)


async def test_a_lapsed_lease_waits_for_the_next_heartbeat() -> None:
    own, c = owner()
    own.lease_from = time.monotonic() - 10  # paused: the last accepted heartbeat is long gone
    assert own.lapsed()

    async def beat(alive: bool) -> None:
        await asyncio.sleep(0.1)
        c._coordinator.alive = alive
        await c._coordinator._do_heartbeat()

    t = asyncio.create_task(beat(True))  # the session survived: shipping goes on
    await own.check({TP0}, 5)
    await t
    assert not own.lapsed()
    own.lease_from = time.monotonic() - 10
    t = asyncio.create_task(beat(False))  # expired while paused: fenced as soon as the heartbeat says so
    t0 = time.monotonic()
    with pytest.raises(Fenced):
        await own.check({TP0}, 5)
    assert time.monotonic() - t0 < own.max_wait_s
    await t


async def test_a_lease_never_confirmed_fences_after_one_more_session() -> None:
    own, _ = owner()
    own.lease_from = time.monotonic() - 10  # and no heartbeat comes back (the coordinator is unreachable)
    with pytest.raises(Fenced, match="session not confirmed"):
        await own.check({TP0}, 5)
