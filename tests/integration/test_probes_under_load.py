"""Probes that answer while the worker's HTTP port is attacked and a steady stream is processed (issue #19, item 5).

`toolmend run` as a process on the session's broker, fed a steady stream of generated events; during each attack
(tests/support/probe_load.py) the kubelet's probes go on as the kubelet sends them: a new connection per probe,
`/healthz` and `/readyz` in turn every 0.5 s (so each path every second), from the node's address, each allowed
`timeoutSeconds` 1. Each case demands:

- every probe answered 200 within its second, but for a budget that a kubelet's `failureThreshold: 3` absorbs
  whatever the order: never two failures of one path in a row (`BUDGET_IN_A_ROW`);
- processing going on meanwhile: the group's committed offsets advance in every `WINDOW_S` of the attack;
- once the stream is over, every output topic equal to an offline pass of the engine over the input topic
  (harness.compare: nothing lost, extra, conflicting, different or out of order).

The attacks: 64 slow clients (a request head trickled a byte at a time, reopened as soon as closed) from an
attacker's address; 16 back-to-back `/metrics` scrapers from four addresses; 1,000 connections held silent from
eight attackers' addresses; and the 64 slow clients again from the node's own address (the kubelet's): what a
limit per address cannot tell apart.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from pathlib import Path
from typing import Any

import pytest
from aiokafka import AIOKafkaProducer

from processor.shell.config import Settings
from processor.synth.generate import generate
from tests.integration.harness import Progress, WorkerProc, compare, create, settings_for, wait_until
from tests.support.probe_load import Attack, AttackProcess, Prober, attacks, raise_fd_limit, summary

pytestmark = [pytest.mark.timeout(180)]

RATE = 400  # events/s of the steady stream: well below what the worker does on a shared 2-core machine
ATTACK_S = 8.0
WINDOW_S = 2.0  # committed offsets must advance in each window this long
BUDGET_IN_A_ROW = 1  # failures of one path in a row allowed (the kubelet restarts or unreadies at 3)
CONNECTIONS = 1000


def stream(n: int, s: Settings) -> list[tuple[bytes | None, bytes]]:
    events, _ = generate(max(20, n // 14), seed=19, partitions=s.partitions)
    return [(e.key, e.value) for e in events][:n]


async def feed(bootstrap: str, topic: str, items: list[tuple[bytes | None, bytes]], rate: float,
               stop: asyncio.Event) -> int:
    """`items` at `rate` events/s until all are sent or `stop`; how many were sent."""
    p = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=5, max_request_size=8 << 20)
    await p.start()
    sent = 0
    try:
        t0 = time.monotonic()
        futs = []
        while sent < len(items) and not stop.is_set():
            due = min(len(items), int((time.monotonic() - t0) * rate) + 1)
            for key, value in items[sent:due]:
                futs.append(await p.send(topic, value, key=key))
            sent = max(sent, due)
            await asyncio.sleep(0.05)
        await asyncio.gather(*futs)
    finally:
        await p.stop()
    return sent


async def under_attack(broker: Any, tmp_path: Path, attack: Attack) -> dict[str, Any]:
    s = settings_for(broker.bootstrap, partitions=4)
    await create(s)
    items = stream(int(RATE * (ATTACK_S + 30)), s)
    stop_feed = asyncio.Event()
    with WorkerProc(s, tmp_path / "worker.log") as w:
        async def ready() -> bool:
            assert w.alive(), w.tail()
            return (await w.http("/readyz"))[0] == 200

        await wait_until(ready, 60, every=0.2)
        feeder = asyncio.create_task(feed(broker.bootstrap, s.input_topic, items, RATE, stop_feed))
        async with Progress(s) as progress:
            await wait_until(lambda: progress.committed(), 30)  # the stream flows before the attack starts
            prober = Prober(w.port)
            prober.start()
            attacking = AttackProcess(attack.name, "127.0.0.1", w.port)
            # the window opens once the attack is at strength, not while its process starts (seconds under load)
            assert await asyncio.to_thread(attacking.wait_on, 60), "the attack never reached its strength"
            marks = [await progress.committed()]
            t_end = time.monotonic() + ATTACK_S
            while time.monotonic() < t_end:
                await asyncio.sleep(WINDOW_S)
                marks.append(await progress.committed())
                assert w.alive(), w.tail()
            seen = await asyncio.to_thread(attacking.stop)
            probes = prober.stop()
        stop_feed.set()
        sent = await feeder
        async with Progress(s) as progress:
            await wait_until(lambda: _committed_all(progress, sent), 60)
        assert await w.stop() == 0, w.tail()
    stats = summary(probes)
    # the attack was on: every connection open at once at some point (the kernel's queue holds what the worker
    # has not accepted), or, for the scrapers, the cached /metrics served many times a second
    if attack.kind == "scrape":
        assert seen.answered >= 10 * ATTACK_S, seen
    else:
        assert seen.peak >= attack.clients * 0.9 and seen.opened > attack.clients, seen
    failed = [f"{p.at:.1f}s {p.path} {p.why} {p.latency_s * 1000:.0f}ms" for p in probes if not p.ok]
    assert stats["failed_in_a_row"] <= BUDGET_IN_A_ROW, (stats, failed)
    grew = [b - a for a, b in itertools.pairwise(marks)]
    assert all(g > 0 for g in grew), f"committed offsets stood still in a window of the attack: {marks}"
    cmp, _ = await compare(broker.bootstrap, s)
    assert cmp.clean(), cmp.details()
    return {**stats, "committed_per_window": grew, "failed": failed, "attack": seen}


async def _committed_all(progress: Progress, n: int) -> bool:
    return await progress.committed() >= n


@pytest.fixture(autouse=True)
def enough_files() -> None:
    # 1,000 attacking connections in the attacker's process (it inherits this limit and raises its own soft limit
    # up to the hard one); the worker holds at most its slots and reserve, well inside a default limit of 1,024
    have = raise_fd_limit(CONNECTIONS + 512)
    assert have >= CONNECTIONS + 256, f"open files limited to {have}: the flood case needs {CONNECTIONS + 256}"


async def test_probes_answer_while_64_slow_clients_hold_connections(broker: Any, tmp_path: Path) -> None:
    await under_attack(broker, tmp_path, attacks()["slow_clients"])


async def test_probes_answer_while_16_scrapers_scrape_back_to_back(broker: Any, tmp_path: Path) -> None:
    await under_attack(broker, tmp_path, attacks()["scrapers"])


async def test_probes_answer_while_1000_connections_are_held(broker: Any, tmp_path: Path) -> None:
    await under_attack(broker, tmp_path, attacks()["flood"])


async def test_probes_answer_while_slow_clients_share_the_probes_address(broker: Any, tmp_path: Path) -> None:
    await under_attack(broker, tmp_path, attacks()["slow_clients_from_the_node"])
