"""Broker contact (`toolmend_broker_unreachable_seconds`, /readyz) on a member that fetches nothing.

A member beyond the input's partition count (a standby replica) fetches nothing, yet the group coordinator answers
its heartbeats: the broker is reachable, and /readyz says why the member is not ready ("no partitions assigned"),
never "broker unreachable". The same holds while a member's partitions are all paused (a restore): its client
fetches nothing then either. Both transports: aiokafka counts heartbeat answers as contact; librdkafka's
heartbeats go through a group-coordinator handle of their own (`transport/rdkafka_contact.py`).
"""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.integration.harness import caught_up, create, event, produce, settings_for, wait_until, worker

pytestmark = [pytest.mark.kafka, pytest.mark.timeout(180)]

WATCH_S = 12.0  # longer than the worker's own metadata reads (every 10 s), which are broker answers too


async def test_a_member_without_partitions_hears_the_broker(broker) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, partitions=1, broker_unreachable_s=3.0)
    await create(s)
    first = [event(f"c{i}", 1_700_000_000_000 + i, {"role": "user", "content": "hi"}) for i in range(5)]
    await produce(broker.bootstrap, s.input_topic, first)
    async with worker(s) as owner:
        await wait_until(lambda: caught_up(s, len(first)), 90)
        async with worker(s) as standby:
            # the standby joined: the group gave the one partition to one member and nothing to the other
            await wait_until(lambda: standby.started and len(owner.assigned) + len(standby.assigned) == 1
                             and standby.metrics.rebalances.labels("assigned")._value.get() >= 1, 60)
            idle = standby if not standby.assigned else owner
            seen: list[tuple[float, str]] = []
            end = time.monotonic() + WATCH_S
            while time.monotonic() < end:
                seen.append((idle.broker_unreachable_for(), idle.ready()[1]))
                await asyncio.sleep(0.25)
            worst = max(silent for silent, _ in seen)
            assert worst < s.broker_unreachable_s, f"the broker answered all along, yet silent for {worst:.1f}s"
            assert {why for _, why in seen} == {"no partitions assigned"}, seen
