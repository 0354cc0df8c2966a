"""Ownership checks before each commit step (no broker: a stand-in for aiokafka's group coordinator, and a
clock that moves only when the lease's waits sleep)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from aiokafka import TopicPartition

from processor.shell.worker.fencing import Fenced, Ownership

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


class Clock:
    """Monotonic seconds that pass only when someone sleeps (each sleep also lets the other tasks run)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept = 0.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        self.slept += seconds
        await asyncio.sleep(0)


class Consumer:
    def __init__(self) -> None:
        self._coordinator = Coordinator()
        self.assigned = {TP0, TP1}

    def assignment(self) -> set[TopicPartition]:
        return self.assigned


def owner() -> tuple[Ownership, Any, Clock]:
    c = Consumer()
    clock = Clock()
    own = Ownership(c, session_timeout_s=1.0, clock=clock, sleep=clock.sleep)  # type: ignore[arg-type]
    own.attach()
    return own, c, clock


async def test_owned_partitions_ship() -> None:
    own, _, clock = owner()
    await own.check({TP0, TP1}, 5)
    assert clock.slept == 0  # a live lease costs no wait


async def test_the_lease_lapses_at_four_fifths_of_the_session_after_the_last_accepted_heartbeat() -> None:
    own, c, clock = owner()
    clock.now += 0.799
    assert not own.lapsed()
    clock.now += 0.002
    assert own.lapsed()
    await c._coordinator._do_heartbeat()  # accepted: the lease counts from when it was sent
    assert not own.lapsed() and own.contact_at == clock.now


async def test_a_new_generation_or_a_lost_partition_fences() -> None:
    own, c, _ = owner()
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
    own, c, clock = owner()
    clock.now += 10  # paused: the last accepted heartbeat is long gone
    assert own.lapsed()

    async def beat(alive: bool) -> None:
        while clock.slept < 0.1:  # the next heartbeat comes 0.1 s into the wait
            await asyncio.sleep(0)
        c._coordinator.alive = alive
        await c._coordinator._do_heartbeat()

    t = asyncio.create_task(beat(True))  # the session survived: shipping goes on
    await own.check({TP0}, 5)
    await t
    assert not own.lapsed()
    assert 0.1 <= clock.slept < 0.2  # it waited for the heartbeat, not longer
    clock.now += 10
    clock.slept = 0.0
    t = asyncio.create_task(beat(False))  # expired while paused: fenced as soon as the heartbeat says so
    with pytest.raises(Fenced):
        await own.check({TP0}, 5)
    assert clock.slept < 0.2 < own.max_wait_s
    await t


async def test_a_lease_never_confirmed_fences_after_one_more_session() -> None:
    own, _, clock = owner()
    clock.now += 10  # and no heartbeat comes back (the coordinator is unreachable)
    with pytest.raises(Fenced, match="session not confirmed"):
        await own.check({TP0}, 5)
    assert own.max_wait_s <= clock.slept < own.max_wait_s + 0.05
