"""delivery=exactly_once: outputs, state and offsets in one transaction per input partition and batch. Across
SIGKILLs and a zombie member, a read_committed consumer sees every output id exactly once, with the values of
one offline pass. A broker without transactions is refused at start."""

from __future__ import annotations

import asyncio
import signal
import time
from collections import Counter
from pathlib import Path

import pytest
from aiokafka import AIOKafkaConsumer, TopicPartition

from processor.shell.config import Settings
from processor.shell.kafka import partitions_of
from tests.integration.harness import (
    Progress,
    Rec,
    caught_up,
    create,
    expected,
    produce,
    read_all,
    settings_for,
    traffic,
    wait_until,
    worker,
    worker_process,
)

pytestmark = pytest.mark.kafka


async def read_committed(s: Settings, topic: str, idle_s: float = 1.5, timeout_s: float = 30.0) -> list[Rec]:
    """Every committed record of `topic`, as a downstream read_committed consumer sees it."""
    c = AIOKafkaConsumer(bootstrap_servers=s.bootstrap_servers, enable_auto_commit=False,
                         auto_offset_reset="earliest", isolation_level="read_committed",
                         max_partition_fetch_bytes=4 << 20)
    await c.start()
    out: list[Rec] = []
    try:
        tps = [TopicPartition(topic, p) for p in sorted(await partitions_of(c, topic))]
        c.assign(tps)
        await c.seek_to_beginning(*tps)
        end = await c.end_offsets(tps)  # the last stable offset under read_committed
        deadline = time.monotonic() + timeout_s
        quiet = time.monotonic()
        while time.monotonic() < deadline:
            got = await c.getmany(timeout_ms=200)
            for tp, recs in got.items():
                out.extend(Rec(topic, tp.partition, r.offset, r.key, r.value, list(r.headers or ())) for r in recs)
            if got:
                quiet = time.monotonic()
            elif all([(await c.position(tp)) >= end[tp] for tp in tps]) and time.monotonic() - quiet > idle_s:
                return out
        raise AssertionError(f"could not read {topic} to its end")
    finally:
        await c.stop()


async def assert_exactly_once_and_equal_to_an_offline_pass(s: Settings) -> dict[str, int]:
    want = expected(await read_all(s.bootstrap_servers, s.input_topic), s)
    seen: dict[str, int] = {}
    for kind, topic in (("repaired", s.output_topic), ("findings", s.findings_topic or "")):
        recs = await read_committed(s, topic)
        ids = Counter((r.header("toolmend-id") or b"").decode() for r in recs)
        dup = {i: n for i, n in ids.items() if n > 1}
        assert not dup, f"{len(dup)} ids of {topic} read more than once (e.g. {next(iter(dup.items()))})"
        got = {(r.header("toolmend-id") or b"").decode(): r.value for r in recs}
        assert got == {r["id"]: r["value"] for r in want[kind]}, topic
        seen[kind] = len(recs)
    return seen


async def test_exactly_once_is_refused_without_transactions(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, delivery="exactly_once")
    await create(s)
    n = await produce(broker.bootstrap, s.input_topic, traffic(10, seed=41))
    log = tmp_path / "w.log"
    with worker_process(s, log) as p:
        if broker.supports_transactions:  # Apache Kafka: it runs, exactly once
            await wait_until(lambda: caught_up(s, n), 90)
            p.send_signal(signal.SIGTERM)
            assert await asyncio.to_thread(p.wait, 30) == 0
        else:  # Tansu: a clear refusal at start, no hang, no half-started worker
            rc = await asyncio.to_thread(p.wait, 60)
            assert rc == 2, log.read_text()[-2000:]
            assert "needs a broker with transactions" in log.read_text()
    if broker.supports_transactions:
        await assert_exactly_once_and_equal_to_an_offline_pass(s)


@pytest.mark.needs_kafka
async def test_exactly_once_across_sigkills_and_a_zombie(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, max_batch=40, delivery="exactly_once")
    await create(s)
    items = traffic(240, seed=42)
    first = len(items) * 3 // 4
    await produce(broker.bootstrap, s.input_topic, items[:first])
    log = tmp_path / "w.log"

    async def until_committed(at_least: int) -> int:
        async with Progress(s) as progress:
            deadline = time.monotonic() + 90
            while (done := await progress.committed()) < at_least and time.monotonic() < deadline:
                await asyncio.sleep(0.005)
            return done

    # two SIGKILLs mid-stream: whatever was in an open transaction is aborted, never read
    for share in (6, 3):
        with worker_process(s, log) as p:
            done = await until_committed(first // share)
            p.send_signal(signal.SIGKILL)
            p.wait(10)
        assert done < first, "killed too late to test anything"
    # a zombie: paused past its session timeout while another member takes its partitions, then woken
    with worker_process(s, log) as zombie:
        await until_committed(first // 3 + 40)
        zombie.send_signal(signal.SIGSTOP)
        try:
            async with worker(s) as b:
                await wait_until(lambda: len(b.assigned) == s.partitions and not b.restoring, 60)
                zombie.send_signal(signal.SIGCONT)
                await produce(broker.bootstrap, s.input_topic, items[first:])
                await wait_until(lambda: caught_up(s, len(items)), 120)
                await asyncio.sleep(3)  # whatever the woken member still tries is fenced by the broker
        finally:
            if zombie.poll() is None:
                zombie.send_signal(signal.SIGCONT)
                zombie.send_signal(signal.SIGTERM)
                zombie.wait(30)
    assert not await caught_up(s, len(items) + 1)
    counts = await assert_exactly_once_and_equal_to_an_offline_pass(s)
    assert counts["repaired"] > len(items) // 2


@pytest.mark.needs_kafka
async def test_a_transaction_timeout_above_the_brokers_maximum_is_one_clear_line(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, delivery="exactly_once", transaction_timeout_ms=3_600_000)  # max: 15 min
    await create(s)
    log = tmp_path / "w.log"
    with worker_process(s, log) as p:
        rc = await asyncio.to_thread(p.wait, 60)
    out = log.read_text()
    assert rc == 2, out[-2000:]
    assert "transaction_timeout_ms=3600000 is above the broker's transaction.max.timeout.ms" in out, out[-2000:]
    assert "Traceback" not in out, out[-2000:]
