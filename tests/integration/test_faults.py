"""Fault injection against the real worker process (`toolmend run`), issue #9.

Each case drives `toolmend run` on the session's broker, injects one fault (SIGKILLs, SIGSTOP past the session
timeout, a broker outage, a changelog deleted, truncated or holding unreadable records, poison event times,
forged record timestamps, deep nesting, spoofed headers, an output over the topic's limit, exactly-once under
kills and a zombie), and ends by comparing every output topic (repaired, findings, dead letters) with an offline
pass of the same engine over the input topic as the broker stored it (harness.compare): 0 records lost, 0 extra
ids, 0 ids with two different contents, 0 contents that differ from the offline pass, 0 out of the offline
order in their partition (and, exactly-once read committed, 0 duplicates). The run ends with a table of the
cases and their counts (tests/integration/conftest.py).

Seeded (TOOLMEND_FAULTS_SEED) and bounded in time; TOOLMEND_FAULTS_EVENTS sizes the SIGKILL stream (20k).

A case that fails because of a known bug is marked xfail(strict=True, raises=<that failure>) with the owner and
the bug in the reason: any other failure still fails the run, and so does a pass (XPASS), so the mark goes when
the fix lands.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

import orjson
import pytest
from aiokafka import AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, RecordsToDelete
from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType

from processor.core.events import DeadLetterKind
from processor.core.partition import PartitionProcessor
from processor.core.rehome import merge_key
from processor.shell.config import Settings
from processor.shell.embedded_broker import EmbeddedBroker
from processor.shell.kafka import isolation, output_limits
from processor.shell.worker.loop import LAYOUT_CHECK_S
from processor.synth.generate import generate, iter_generate
from processor.synth.merge import kafka_partition
from tests.integration.harness import (
    REPO,
    Comparison,
    Progress,
    WorkerProc,
    caught_up,
    compare,
    create,
    diff,
    env_for,
    offline,
    produce,
    read_all,
    rid_of,
    settings_for,
    topics_of,
    wait_until,
)

pytestmark = [pytest.mark.faults, pytest.mark.timeout(300)]
needs_kafka = pytest.mark.needs_kafka

SEED = int(os.environ.get("TOOLMEND_FAULTS_SEED", "9"))
EVENTS = int(os.environ.get("TOOLMEND_FAULTS_EVENTS", "20000"))
EVENTS_PER_CONVERSATION = 14  # generate()'s average with the default rates
# dead-letter kinds that existed before issue #9: a fault with "its own kind" gets none of these
OLD_KINDS = {"invalid_json", "schema", "unknown_dialect", "key_mismatch", "too_large", "internal"}


class Known(AssertionError):
    """The failure of a known bug; an xfail naming the bug expects exactly this one (`raises=`), so any other
    failure of its case still fails the run."""


class NotDeadLettered(Known):
    pass


def stream(n_events: int, seed: int, s: Settings) -> list[tuple[bytes | None, bytes]]:
    events, _ = generate(max(20, n_events // EVENTS_PER_CONVERSATION), seed=seed, partitions=s.partitions)
    return [(e.key, e.value) for e in events]


async def produce_in_chunks(bootstrap: str, topic: str, items: list[tuple[bytes | None, bytes]], chunks: int,
                            pause_s: float) -> None:
    step = max(1, len(items) // chunks)
    for i in range(0, len(items), step):
        await produce(bootstrap, topic, items[i:i + step])
        await asyncio.sleep(pause_s)


async def produce_with_headers(bootstrap: str, topic: str,
                               items: Iterable[tuple[bytes | None, bytes, list[tuple[str, bytes]]]]) -> int:
    p = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=5, max_request_size=8 << 20)
    await p.start()
    n = 0
    try:
        futs = [await p.send(topic, v, key=k, headers=h) for k, v, h in items]
        n = len(futs)
        await asyncio.gather(*futs)
    finally:
        await p.stop()
    return n


async def produce_stamped(bootstrap: str, topic: str, items: list[tuple[bytes | None, bytes]]) -> int:
    """Each record with its event's time as the record timestamp (a producer that emits as things happen); a
    record of a future event gets the time of the one before it."""
    p = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=5, max_request_size=8 << 20)
    await p.start()
    try:
        futs = []
        now: int | None = None
        for key, value in items:
            try:
                ts = orjson.loads(value).get("ts")
            except (orjson.JSONDecodeError, AttributeError):
                ts = None
            if isinstance(ts, int) and (now is None or ts - now < 3_600_000):
                now = max(now or 0, ts)
            futs.append(await p.send(topic, value, key=key, timestamp_ms=now))
        await asyncio.gather(*futs)
    finally:
        await p.stop()
    return len(items)


async def sizes(bootstrap: str, topics: Iterable[str]) -> dict[str, int]:
    """Records in each topic, read to the end (exact on every broker)."""
    return {t: len(await read_all(bootstrap, t)) for t in topics}


async def until_ready(*workers: WorkerProc, timeout_s: float = 90.0) -> None:
    async def all_ready() -> bool:
        for w in workers:
            assert w.alive(), w.tail()
            if (await w.http("/readyz"))[0] != 200:
                return False
        return True

    await wait_until(all_ready, timeout_s, every=0.3)


async def run_to_end(s: Settings, n: int, log: Path, timeout_s: float = 120.0,
                     env: dict[str, str] | None = None) -> None:
    """A fresh worker until the group has committed all `n` input records, then SIGTERM: exit code 0."""
    with WorkerProc(s, log, env) as w:
        await wait_until(lambda: _progressing(w, s, n), timeout_s)
        rc = await w.stop()
    assert rc == 0, w.tail()


async def _progressing(w: WorkerProc, s: Settings, n: int) -> bool:
    """Whether the group has committed all `n` records; fails at once if the worker exited meanwhile."""
    if not w.alive():
        last = [line for line in w.tail(3000).splitlines() if line.strip()][-1:]
        raise AssertionError(f"the worker exited with {w.p.returncode}: {last}\n{w.tail(3000)}")
    return await caught_up(s, n)


# -- 1. SIGKILL ------------------------------------------------------------------------------------------------------

async def test_sigkill_five_times_at_random_points(broker, tmp_path: Path, fault_row: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    """Five SIGKILLs at seeded points of a generated stream, restarted each time; the second half of the stream
    is produced while the kills happen, all of it but its last twentieth, which is produced after the last kill: a
    fast worker may have caught up with what was produced when it is killed, but no kill comes after the end of the
    stream."""
    rng = random.Random(SEED)
    s = settings_for(broker.bootstrap, max_batch=250)
    await create(s)
    items = stream(EVENTS, SEED, s)
    n = len(items)
    tail = n - n // 20
    await produce(broker.bootstrap, s.input_topic, items[: n // 2])
    feeder = asyncio.create_task(produce_in_chunks(broker.bootstrap, s.input_topic, items[n // 2:tail], 10, 0.5))
    points = sorted(int(rng.uniform(0.05, 0.9) * n) for _ in range(5))
    log = tmp_path / "worker.log"
    killed_at: list[int] = []
    async with Progress(s) as progress:
        for point in points:
            with WorkerProc(s, log) as w:
                deadline = time.monotonic() + 120
                while await progress.committed() < point and time.monotonic() < deadline:
                    assert w.alive(), w.tail()
                    await asyncio.sleep(0.01)
                await asyncio.sleep(rng.uniform(0.0, 0.4))  # anywhere in a batch: processing, shipping, committing
                assert w.alive(), w.tail()
                killed_at.append(await progress.committed())
                w.kill()
        await feeder
    await produce(broker.bootstrap, s.input_topic, items[tail:])
    await run_to_end(s, n, log)
    cmp, _ = await compare(broker.bootstrap, s)
    cmp.row(fault_row)
    fault_row["note"] = f"{n} events; killed with {killed_at} committed"
    assert cmp.clean(), cmp.details()


# -- 2. SIGSTOP past the session timeout: a zombie -------------------------------------------------------------------

async def test_sigstop_past_session_timeout_zombie(broker, tmp_path: Path, fault_row: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    """A pauses mid-stream past its session timeout, B joins, takes its partitions and finishes the backlog; A resumes.
    Everything written after that (no new input arrives meanwhile) comes from A for partitions it no longer owns:
    must be 0 with fencing. The end of the stream then goes to both, which restore what A may have corrupted."""
    rng = random.Random(SEED + 2)
    s = settings_for(broker.bootstrap, max_batch=500)
    await create(s)
    items = stream(8000, SEED + 2, s)
    n = len(items)
    tail = int(n * 0.85)
    await produce(broker.bootstrap, s.input_topic, items[: n // 5])
    watched = [*topics_of(s).values(), s.changelog_topic]
    # A alone owns every partition with a backlog; paused mid-stream, B joins and gets them once A's session
    # expires, so A is always paused past its session timeout holding work
    with WorkerProc(s, tmp_path / "a.log") as a:
        await until_ready(a)
        await produce(broker.bootstrap, s.input_topic, items[n // 5: tail])
        async with Progress(s) as progress:
            point = int(rng.uniform(0.3, 0.5) * tail)
            await wait_until(lambda: _ge(progress, point), 120, every=0.01)
        a.signal(signal.SIGSTOP)
        stopped = time.monotonic()
        with WorkerProc(s, tmp_path / "b.log") as b:
            await wait_until(lambda: _progressing(b, s, tail), 120)
            paused_s = time.monotonic() - stopped
            assert paused_s * 1000 > s.session_timeout_ms, "B finished before A's session expired: no zombie"
            before = await sizes(broker.bootstrap, watched)
            a.signal(signal.SIGCONT)
            await asyncio.sleep(8)  # A ships what it held, notices it lost the group, rejoins
            after = await sizes(broker.bootstrap, watched)
            zombie = {t: after[t] - before[t] for t in watched}
            assert b.alive(), b.tail()
            await produce(broker.bootstrap, s.input_topic, items[tail:])
            await wait_until(lambda: caught_up(s, n), 120)
            rc_a, rc_b = await a.stop(), await b.stop()
    cmp, _ = await compare(broker.bootstrap, s)
    cmp.row(fault_row)
    written = sum(zombie.values())
    fault_row["note"] = (f"{n} events; A paused {paused_s:.1f}s; A wrote {written} records after losing its "
                         f"partitions ({', '.join(f'{t.rsplit(chr(46), 1)[-1]}={k}' for t, k in zombie.items())})")
    assert (rc_a, rc_b) == (0, 0), (a.tail(), b.tail())
    # checked first: without fencing, the zombie's stale state also breaks the comparison below
    assert written == 0, f"the paused member wrote {zombie} after losing its partitions; {cmp.summary()}"
    assert cmp.clean(), cmp.details()


async def _owns_all(w: WorkerProc, partitions: int) -> bool:
    status, body = await w.http("/readyz")
    return status == 200 and f"{partitions} partition" in body


async def _ge(progress: Progress, point: int) -> bool:
    return await progress.committed() >= point


# -- 3. broker outage ------------------------------------------------------------------------------------------------

async def test_broker_outage_mid_stream(broker, tmp_path: Path, fault_row: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    """Apache Kafka is stopped for 20 s mid-stream and started again on the same port and data; Tansu here keeps
    its data in memory only, so it is frozen (SIGSTOP) for 20 s instead: connections hang rather than fail."""
    ctl = broker.control
    assert ctl is not None
    s = settings_for(broker.bootstrap, max_batch=250, broker_unreachable_s=5.0)  # /readyz: 15 s by default
    await create(s)
    items = stream(6000, SEED + 3, s)
    n = len(items)
    await produce(broker.bootstrap, s.input_topic, items[: int(n * 0.7)])
    statuses: list[tuple[float, int, int]] = []  # (seconds into the outage, /readyz, /healthz)
    with WorkerProc(s, tmp_path / "w.log") as w:
        async with Progress(s) as progress:
            await wait_until(lambda: _ge(progress, int(n * 0.2)), 120, every=0.01)
        t0 = time.monotonic()
        how = "stopped" if ctl.restartable else "frozen"
        await asyncio.to_thread(ctl.stop if ctl.restartable else ctl.freeze)
        down = time.monotonic() - t0  # a graceful stop answers for a while: gone from here
        silent = 0.0  # toolmend_broker_unreachable_seconds, the most seen during the outage
        while time.monotonic() - t0 < 20:
            ready, healthy = (await w.http("/readyz"))[0], (await w.http("/healthz"))[0]
            statuses.append((time.monotonic() - t0, ready, healthy))
            silent = max(silent, await w.metric("toolmend_broker_unreachable_seconds"))
            assert w.alive(), w.tail()
            await asyncio.sleep(0.5)
        await asyncio.to_thread(ctl.start if ctl.restartable else ctl.thaw)
        outage_s = time.monotonic() - t0
        await produce(broker.bootstrap, s.input_topic, items[int(n * 0.7):])
        await wait_until(lambda: caught_up(s, n), 180)
        assert w.alive(), w.tail()
        ready_after = (await w.http("/readyz"))[0]
        rc = await w.stop()
    cmp, _ = await compare(broker.bootstrap, s)
    cmp.row(fault_row)
    not_ready = [t for t, r, _ in statuses if r != 200]
    fault_row["note"] = (f"{n} events; broker {how} {outage_s:.0f}s; worker stayed up; /readyz "
                         + (f"failed from +{not_ready[0]:.1f}s" if not_ready else "stayed 200")
                         + f", {ready_after} after; broker_unreachable_seconds up to {silent:.0f}")
    assert cmp.clean(), cmp.details()
    assert rc == 0, w.tail()
    assert ready_after == 200
    assert not_ready, f"/readyz stayed 200 through a {outage_s:.0f}s outage"
    # records already fetched are no answer from the broker: not ready within the limit (and a probe's slack)
    assert not_ready[0] - down <= s.broker_unreachable_s + 2.0, (down, statuses)
    assert silent > s.broker_unreachable_s, silent
    assert all(h == 200 for _, _, h in statuses), f"/healthz failed during the outage: {statuses}"


# -- 4. changelog lost -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("damage", ["deleted", "truncated"])
async def test_changelog_lost_refused_then_recovered(broker, tmp_path: Path, fault_row: dict[str, Any],  # type: ignore[no-untyped-def]
                                                     damage: str) -> None:
    """While the worker is stopped, the changelog topic is deleted, or one partition loses every record but its
    last one (the latest meta record survives: a check that reads only the last marker misses it). Apache Kafka
    truncates with DeleteRecords (allowed once the policy includes delete, restored to compact after); Tansu has
    no DeleteRecords, so the topic is recreated with that record only. The worker must refuse to start (exit 2,
    naming the partition); the recovery command must then bring output equal to the offline pass."""
    rng = random.Random(SEED + 4)
    s = settings_for(broker.bootstrap, max_batch=250)
    await create(s)
    items = stream(3000, SEED + 4, s)
    # a few events dated a day or ten ahead of their record's timestamp, before the loss: the event-time guard
    # dead-letters them, and the rebuilt state must have done the same (records stamped with their event time)
    for ahead in (86_400_000, 10 * 86_400_000, 86_400_000):
        at = rng.randrange(len(items) // 8, len(items) // 3)
        key, value = items[at]
        doc = orjson.loads(value)
        if isinstance(doc, dict) and isinstance(doc.get("ts"), int):
            items.insert(at + 1, (key, orjson.dumps({"conversation_id": doc["conversation_id"],
                                                      "ts": doc["ts"] + ahead, "message": {
                                                          "role": "user", "content": "from the future"}})))
    n = len(items)
    await produce_stamped(broker.bootstrap, s.input_topic, items[: n // 2])
    log = tmp_path / "w.log"
    await run_to_end(s, n // 2, log)
    part = None if damage == "deleted" else await truncate_changelog(broker, s)
    if part is None:
        await delete_topic(broker.bootstrap, s.changelog_topic)
    await produce_stamped(broker.bootstrap, s.input_topic, items[n // 2:])
    with WorkerProc(s, log) as w:
        rc = await w.wait(30)  # a refusal comes once the group assigns the partitions: seconds
        refused = w.tail()
        if rc is None:  # it started: show what a silent loss does to the output
            await wait_until(lambda: _progressing(w, s, n), 90)
            await w.stop()
            cmp, _ = await compare(broker.bootstrap, s)
            cmp.row(fault_row)
            fault_row["note"] = f"changelog {damage} (partition {part}): worker started anyway"
            raise AssertionError(f"the worker started without its state: {cmp.summary()}")
    assert rc == 2, refused
    if part is not None:
        assert re.search(rf"\b{part}\b", refused), refused
    assert "toolmend recover" in refused, "the refusal does not name the recovery command"
    t0 = time.monotonic()
    rec = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "processor.shell.cli", "recover",
                                                   "--rebuild"], env=env_for(s), capture_output=True, text=True,
                                  timeout=120, cwd=REPO)
    assert rec.returncode == 0, rec.stderr[-3000:]
    recovered_s = time.monotonic() - t0
    await run_to_end(s, n, log)
    cmp, _ = await compare(broker.bootstrap, s)
    cmp.row(fault_row)
    fault_row["note"] = (f"changelog {damage}: refused (exit 2, partition {part if part is not None else 'all'}); "
                         f"`toolmend recover --rebuild` took {recovered_s:.0f}s")
    assert cmp.clean(), cmp.details()


async def delete_topic(bootstrap: str, topic: str) -> None:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        await admin.delete_topics([topic])
        await wait_until(lambda: _gone(admin, topic), 30)
    finally:
        await admin.close()


async def truncate_changelog(broker: Any, s: Settings) -> int:
    """Drop all but the last record of the changelog partition that holds the most; its number."""
    topic = s.changelog_topic
    state = await read_all(broker.bootstrap, topic)
    end: dict[int, int] = {}
    for r in state:
        end[r.partition] = max(end.get(r.partition, 0), r.offset + 1)
    part = max(end, key=lambda p: end[p])
    if broker.kind == "kafka":
        admin = AIOKafkaAdminClient(bootstrap_servers=broker.bootstrap)
        await admin.start()
        try:
            def policy(p: str) -> list[ConfigResource]:
                return [ConfigResource(ConfigResourceType.TOPIC, topic, {"cleanup.policy": p})]

            await admin.alter_configs(policy("compact,delete"))  # Kafka refuses DeleteRecords on compact only
            await admin.delete_records({TopicPartition(topic, part): RecordsToDelete(end[part] - 1)})
            await admin.alter_configs(policy("compact"))
        finally:
            await admin.close()
    else:
        keep = [r for r in state if r.partition != part or r.offset == end[part] - 1]
        await delete_topic(broker.bootstrap, topic)
        await create(s)
        p = AIOKafkaProducer(bootstrap_servers=broker.bootstrap)
        await p.start()
        try:
            await asyncio.gather(*[await p.send(topic, r.value, key=r.key, partition=r.partition,
                                                headers=r.headers) for r in sorted(keep, key=lambda r: r.offset)])
        finally:
            await p.stop()
    return part


async def _gone(admin: AIOKafkaAdminClient, topic: str) -> bool:
    return topic not in set(await admin.list_topics())


# -- 4b. changelog records that cannot be read ----------------------------------------------------------------------

@pytest.mark.parametrize("damage", ["conversation", "meta"])
async def test_unreadable_changelog_record(broker, tmp_path: Path, fault_row: dict[str, Any],  # type: ignore[no-untyped-def]
                                           damage: str) -> None:
    """While the worker is stopped, a record that cannot be read is appended to the changelog: a conversation's
    state with a valid header and a garbage body (restored cold, fails when woken), or the partition's meta
    record. No crash and no crash loop: the conversation is quarantined (its later events dead-lettered whole,
    every other conversation as the offline pass), or, for the meta record, the worker refuses to start (exit 2,
    naming the partition) and `toolmend recover --rebuild` brings the offline pass's output."""
    from processor.core.partition import META_KEY
    from processor.core.state.codec import HEAD_SIZE

    rng = random.Random(SEED + 11)
    s = settings_for(broker.bootstrap, max_batch=250)
    await create(s)
    items = stream(3000, SEED + 11, s)
    n = len(items)
    await produce(broker.bootstrap, s.input_topic, items[: n // 2])
    log = tmp_path / "w.log"
    await run_to_end(s, n // 2, log)
    first_end: dict[int, int] = {}  # where the second half starts, per input partition
    for r in await read_all(broker.bootstrap, s.input_topic):
        first_end[r.partition] = max(first_end.get(r.partition, 0), r.offset + 1)
    latest: dict[tuple[int, bytes], bytes | None] = {}
    for r in await read_all(broker.bootstrap, s.changelog_topic):
        if r.key is not None:
            latest[(r.partition, r.key)] = r.value
    later = {k for k, _ in items[n // 2:]}
    if damage == "conversation":
        p, victim = rng.choice(sorted((p, k) for (p, k), v in latest.items()
                                      if k != META_KEY and k in later and v and v[:1] != b"{"))
        value = (latest[(p, victim)] or b"")[:HEAD_SIZE] + bytes(rng.randrange(256) for _ in range(64))
    else:
        p, victim = rng.choice(sorted({(p, k) for (p, k) in latest if k == META_KEY}))
        value = b'{"wm": "garbage", "o": '
    prod = AIOKafkaProducer(bootstrap_servers=broker.bootstrap)
    await prod.start()
    try:
        await (await prod.send(s.changelog_topic, value, key=victim, partition=p))
    finally:
        await prod.stop()
    await produce(broker.bootstrap, s.input_topic, items[n // 2:])
    if damage == "meta":
        with WorkerProc(s, log) as w:
            rc = await w.wait(30)
            refused = w.tail()
            healthz = (await w.http("/healthz"))[0] if rc is None else None
        fault_row["note"] = f"garbage meta record in partition {p}: exit {rc}, /healthz {healthz}"
        assert rc == 2, f"exit {rc}, /healthz {healthz}: {refused[-600:]}"
        assert re.search(rf"\b{p}\b", refused) and "toolmend recover" in refused, refused
        rec = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "processor.shell.cli", "recover",
                                                       "--rebuild"], env=env_for(s), capture_output=True,
                                      text=True, timeout=120, cwd=REPO)
        assert rec.returncode == 0, rec.stderr[-3000:]
        await run_to_end(s, n, log)
        cmp, _ = await compare(broker.bootstrap, s)
        cmp.row(fault_row)
        assert cmp.clean(), cmp.details()
        return
    await run_to_end(s, n, log)
    inputs = await read_all(broker.bootstrap, s.input_topic)
    cmp, _ = await compare(broker.bootstrap, s, inputs=inputs, ignore_keys=frozenset({victim}))
    cmp.row(fault_row)
    dlq = {(int(r.header("toolmend-source-partition") or -1), int(r.header("toolmend-source-offset") or -1)): r
           for r in await read_all(broker.bootstrap, s.dlq_topic) if r.key == victim}
    mine = [r for r in inputs if r.key == victim and r.offset >= first_end.get(r.partition, 0)]
    kinds = sorted({(dlq[(r.partition, r.offset)].header("toolmend-error-kind") or b"").decode()
                    if (r.partition, r.offset) in dlq else "missing" for r in mine})
    shipped = [r for r in await read_all(broker.bootstrap, s.output_topic)
               if r.key == victim and (_src(rid_of(r.headers)) or (0, -1))[1] >= min(x.offset for x in mine)]
    fault_row["note"] = (f"{n} events; garbage state of one conversation ({len(mine)} later events): dead "
                         f"letters {kinds}, {len(shipped)} repaired records after the damage")
    assert cmp.clean(), cmp.details()
    for r in mine:
        got = dlq.get((r.partition, r.offset))
        assert got is not None and got.value == r.value, f"event {r.partition}:{r.offset} of the quarantined " \
                                                        f"conversation is not in the dead-letter topic"
    assert not shipped


# -- 4c. a zombie's changelog write delivered after the new owner's -----------------------------------------------

async def test_stale_changelog_write_is_healed(broker, tmp_path: Path, fault_row: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    """The at-least-once zombie window, made to happen: member A's last state write for a partition (its
    conversation records and meta record, byte for byte) reaches the changelog only after member B, the
    partition's next owner, has processed further and written newer state (a request the broker appended late).
    The next worker must tell it from a lost changelog, rebuild that partition's state from the input without an
    operator (toolmend_state_healed_total), keep the other partitions going, and end equal to the offline pass."""
    from processor.core.partition import META_KEY

    s = settings_for(broker.bootstrap, max_batch=100)
    await create(s)
    items = stream(3000, SEED + 14, s)
    n = len(items)
    log = tmp_path / "w.log"
    await produce(broker.bootstrap, s.input_topic, items[: n // 3])
    await run_to_end(s, n // 3, log)  # A
    state = await read_all(broker.bootstrap, s.changelog_topic)
    metas = {r.partition: r.offset for r in state if r.key == META_KEY}
    part = max(metas, key=lambda p: metas[p])
    before = max((r.offset for r in state if r.partition == part and r.key == META_KEY and r.offset < metas[part]),
                 default=-1)
    late = [r for r in state if r.partition == part and before < r.offset <= metas[part]]  # A's last state write
    await produce(broker.bootstrap, s.input_topic, items[n // 3: 2 * n // 3])
    await run_to_end(s, 2 * n // 3, log)  # B: newer state for the same partition
    prod = AIOKafkaProducer(bootstrap_servers=broker.bootstrap)
    await prod.start()
    try:
        for r in late:  # delivered now, after B's
            await (await prod.send(s.changelog_topic, r.value, key=r.key, partition=part, headers=r.headers))
    finally:
        await prod.stop()
    await produce(broker.bootstrap, s.input_topic, items[2 * n // 3:])
    with WorkerProc(s, log) as w:
        await wait_until(lambda: _progressing(w, s, n), 120)
        healed = await w.metric("toolmend_state_healed_total")
        rc = await w.stop()
    text = log.read_text(errors="replace")
    cmp, _ = await compare(broker.bootstrap, s)
    cmp.row(fault_row)
    fault_row["note"] = (f"{n} events; A's last state write of partition {part} ({len(late)} records) delivered after "
                         f"B's; healed {healed:.0f} partition(s), exit {rc}")
    assert rc == 0, text[-3000:]
    assert "stale write" in text and "zombie" in text, text[-3000:]
    assert healed == 1, text[-3000:]
    assert cmp.clean(), cmp.details()


# -- 4d. compressed input batches -------------------------------------------------------------------------------------

CODECS = ("gzip", "lz4", "zstd", "snappy")


async def produce_compressed(bootstrap: str, topic: str, items: list[tuple[bytes | None, bytes]],
                             codecs: Iterable[str]) -> int:
    """The items in consecutive slices, each slice by a producer compressing its batches with one codec (what
    Java producers often send); the batches are large enough to hold many records each."""
    codecs = list(codecs)
    step = -(-len(items) // len(codecs))
    for i, codec in enumerate(codecs):
        p = AIOKafkaProducer(bootstrap_servers=bootstrap, compression_type=codec, linger_ms=20,
                             max_request_size=8 << 20)
        await p.start()
        try:
            await asyncio.gather(*[await p.send(topic, v, key=k) for k, v in items[i * step:(i + 1) * step]])
        finally:
            await p.stop()
    return len(items)


async def test_compressed_input_batches(broker, tmp_path: Path, fault_row: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    """Input batches compressed with gzip, lz4, zstd and snappy: all consumed, output equal to the offline pass."""
    s = settings_for(broker.bootstrap, max_batch=250)
    await create(s)
    items = stream(2000, SEED + 15, s)
    n = await produce_compressed(broker.bootstrap, s.input_topic, items, CODECS)
    await run_to_end(s, n, tmp_path / "w.log", timeout_s=90)
    cmp, _ = await compare(broker.bootstrap, s)
    cmp.row(fault_row)
    fault_row["note"] = f"{n} events in {', '.join(CODECS)} batches"
    assert cmp.clean(), cmp.details()


async def test_a_batch_the_client_cannot_decode_is_one_line(broker, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                            fault_row: dict[str, Any]) -> None:
    """lz4 batches read by a worker whose lz4 library is missing (cramjam hidden from it): it stops with exit 2
    and one line naming the partition, the offset and the codec, never a traceback, and nothing is skipped.

    librdkafka builds its codecs in: hiding the Python library takes nothing from it, so on that transport the
    same batches are read and processed like any (its own undecodable-batch line is a unit test:
    tests/unit/shell/transport/test_librdkafka.py)."""
    s = settings_for(broker.bootstrap, max_batch=250, partitions=1)
    await create(s)
    items = stream(200, SEED + 16, s)
    n = await produce_compressed(broker.bootstrap, s.input_topic, items, ["lz4"])
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    (hidden / "cramjam.py").write_text('raise ImportError("hidden by the test")\n')
    log = tmp_path / "w.log"
    if os.environ.get("TOOLMEND_KAFKA_CLIENT") == "librdkafka":
        await run_to_end(s, n, log, env={"PYTHONPATH": str(hidden)})
        cmp, _ = await compare(broker.bootstrap, s)
        cmp.row(fault_row)
        fault_row["note"] = f"{n} events in lz4 batches, no Python lz4 library: librdkafka's own codec read them"
        assert cmp.clean(), cmp.details()
        assert "Traceback" not in log.read_text(errors="replace")
        return
    with WorkerProc(s, log, {"PYTHONPATH": str(hidden)}) as w:
        rc = await w.wait(60)
    out = log.read_text(errors="replace")
    fault_row["note"] = f"{n} events in lz4 batches, no lz4 library: exit {rc}"
    assert rc == 2, out[-3000:]
    assert re.search(rf"{re.escape(s.input_topic)} partition 0 at offset 0 \(lz4\)", out), out[-3000:]
    assert "Traceback" not in out, out[-3000:]
    assert not await caught_up(s, 1), "records were skipped"


# -- 4e. work amplification: timers due in bulk ----------------------------------------------------------------------

LIVENESS_PERIOD_S, LIVENESS_FAILURES = 10, 3  # the manifests' liveness probe (deploy/k8s, the Helm chart)

@pytest.mark.parametrize("cap", ["default", "raised"])
async def test_bulk_timeouts_keep_the_worker_alive(broker, tmp_path: Path, fault_row: dict[str, Any],  # type: ignore[no-untyped-def]
                                                   cap: str) -> None:
    """24 conversations of one partition each open 10,000 parallel calls (events under max_event_bytes); one
    small event 11 minutes later (event time) makes every one of them time out. With the default cap on open
    calls (1024) each such message is dead-lettered (too_many_calls) and its conversation confined; with the cap
    raised to 10,000, the 240,000 timeouts fire in slices that yield to the event loop. Either way the case
    finishes, the other partitions' traffic goes on, the liveness probe (5 s timeout, 3 failures 10 s apart)
    never has reason to restart the worker, and nothing is fenced; the output equals the offline pass.

    By design, not by the machine's load: the worker runs with the session timeout and heartbeat a deployment
    has (the defaults, 10 s and 3 s), not the 2 s the other cases use to make rebalances quick. What the design
    bounds is the work between two yields to the event loop, in CPU time: one event (bounded by its size) or one
    slice of TIMER_SLICE timers, at most about 0.25 s of CPU here. A 2 s session expires whenever the worker gets
    less than an eighth of a core for that long, as it does on a machine shared with a dozen busy processes, and
    the fencing then says nothing about the worker; with 10 s (and the probe's 5 s) the margin is 20 to 40 times
    that bound. Likewise the probes are judged as the kubelet judges them (no 20 s without a healthy answer),
    not one by one."""
    from processor.synth.generate import kafka_partition

    extra = {} if cap == "default" else {"max_open_calls": 10_000}
    deployed = Settings.model_fields  # the defaults a deployment runs with
    s = settings_for(broker.bootstrap, max_batch=50, session_timeout_ms=deployed["session_timeout_ms"].default,
                     heartbeat_interval_ms=deployed["heartbeat_interval_ms"].default, **extra)
    await create(s)
    keys: list[bytes] = []
    i = 0
    while len(keys) < 24:
        key = f"amp-{i}".encode()
        if kafka_partition(key, s.partitions) == 0:
            keys.append(key)
        i += 1
    t0 = 1_767_225_600_000
    heavy: list[tuple[bytes | None, bytes]] = []
    for j, key in enumerate(keys):
        heavy.append((key, orjson.dumps({"conversation_id": key.decode(), "ts": t0 + j,
                                         "message": {"role": "user", "content": "fan out"}})))
        heavy.append((key, orjson.dumps({"conversation_id": key.decode(), "ts": t0 + j + 1, "message": {
            "role": "assistant", "content": None,
            "tool_calls": [{"id": f"c{k}", "type": "function", "function": {"name": "f", "arguments": "{}"}}
                           for k in range(10_000)]}})))
    late = (keys[0], orjson.dumps({"conversation_id": "amp-late", "ts": t0 + 11 * 60_000,
                                   "message": {"role": "user", "content": "later"}}))
    others = [(k, v) for k, v in stream(1500, SEED + 17, s) if k is None or kafka_partition(k, s.partitions) != 0]
    await produce(broker.bootstrap, s.input_topic, [*heavy, late])
    n_heavy = len(heavy) + 1
    health: list[tuple[float, int]] = []  # (when, /healthz status)
    log = tmp_path / "w.log"
    with WorkerProc(s, log) as w:
        await until_ready(w)
        feeder = asyncio.create_task(produce_in_chunks(broker.bootstrap, s.input_topic, others, 10, 0.5))
        t_start = time.monotonic()
        while not await caught_up(s, n_heavy + len(others)):
            assert w.alive(), w.tail()
            assert time.monotonic() - t_start < 240, "did not finish"
            health.append((time.monotonic(), (await w.http("/healthz", timeout_s=5.0))[0]))  # the probe's timeout
            await asyncio.sleep(0.5)
        t_end = time.monotonic()
        took = t_end - t_start
        await feeder
        fenced = await w.metric("toolmend_rebalances_total", kind="fenced")
        rc = await w.stop()
    cmp, _ = await compare(broker.bootstrap, s)
    cmp.row(fault_row)
    dlq = await read_all(broker.bootstrap, s.dlq_topic)
    many = sum(1 for r in dlq if r.header("toolmend-error-kind") == b"too_many_calls")
    failed = sum(1 for _, h in health if h != 200)
    answered = [t_start, *(t for t, h in health if h == 200), t_end]
    longest = max(b - a for a, b in itertools.pairwise(answered))  # without a healthy answer
    fault_row["note"] = (f"24 x 10,000 parallel calls + {len(others)} events elsewhere, cap {cap}: finished in "
                         f"{took:.0f}s, /healthz {len(health) - failed}/{len(health)} (longest without a 200: "
                         f"{longest:.1f}s), fenced {fenced:.0f}, "
                         f"too_many_calls dead letters {many}")
    assert cmp.clean(), cmp.details()
    assert rc == 0, w.tail()
    # the kubelet restarts a worker after LIVENESS_FAILURES probes in a row failed, LIVENESS_PERIOD_S apart
    # (deploy/: 3 and 10 s): the worker never goes that long without a healthy answer. (A single probe of 5 s
    # that fails says more about the machine's load than about the worker: the client probing is starved too.)
    assert longest < (LIVENESS_FAILURES - 1) * LIVENESS_PERIOD_S, health
    assert fenced == 0
    assert many == (24 if cap == "default" else 0)


# -- 5. poison event times -------------------------------------------------------------------------------------------

FAR_FUTURE = [b"9223372036854775807", b"253402300799999", b'"9999-12-31T23:59:59Z"', b"1e300",
              b"1180591620717411303424"]
MALFORMED = [b"-1", b'"1900-01-01T00:00:00Z"', b'"' + b"9" * 100_000 + b'"', b'"+10000-01-01T00:00:00Z"']


async def test_poison_event_times(broker, tmp_path: Path, fault_row: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(SEED + 5)
    s = settings_for(broker.bootstrap, max_batch=250)
    await create(s)
    items = stream(3000, SEED + 5, s)
    cids = sorted({k for k, _ in items if k})
    poison: list[tuple[bytes | None, bytes]] = []
    for i, ts in enumerate(FAR_FUTURE + MALFORMED):
        # in a conversation of its own, and in a live one
        for cid in (f"poison-{i}".encode(), rng.choice(cids)):
            poison.append((cid, b'{"conversation_id":"' + cid + b'","ts":' + ts
                           + b',"message":{"role":"user","content":"poison"}}'))
    mixed = list(items)
    for p in poison:
        mixed.insert(rng.randrange(len(mixed) // 10, len(mixed)), p)
    n = await produce(broker.bootstrap, s.input_topic, mixed)
    await run_to_end(s, n, tmp_path / "w.log", timeout_s=90)
    inputs = await read_all(broker.bootstrap, s.input_topic)
    poisoned = {(r.partition, r.offset): r for r in inputs if r.value in {v for _, v in poison}}
    assert len(poisoned) == len(poison)
    cmp, _ = await compare(broker.bootstrap, s, skip=poisoned, inputs=inputs,
                           ignore=lambda rid: _src(rid) in poisoned)
    cmp.row(fault_row)
    dlq = {(int(r.header("toolmend-source-partition") or -1), int(r.header("toolmend-source-offset") or -1)): r
           for r in await read_all(broker.bootstrap, s.dlq_topic)}
    kinds: dict[bytes, str] = {}
    for at, r in poisoned.items():
        got = dlq.get(at)
        ts = orjson.loads(r.value or b"{}").get("ts") if len(r.value or b"") < 1000 else "<huge>"
        kinds[str(ts).encode()[:40]] = (got.header("toolmend-error-kind") or b"?").decode() if got else "MISSING"
    fault_row["note"] = f"{n} events, {len(poison)} poison: kinds {sorted(set(kinds.values()))}"
    assert cmp.clean(), cmp.details()
    for at, r in poisoned.items():
        got = dlq.get(at)
        assert got is not None and got.value == r.value, f"poison record at {at} not dead-lettered whole"
        kind = (got.header("toolmend-error-kind") or b"").decode()
        assert kind != DeadLetterKind.INTERNAL
        if any(r.value and f in r.value for f in FAR_FUTURE):
            assert kind not in OLD_KINDS, f"far-future ts dead-lettered as {kind}, not a kind of its own"


YEAR_9999 = 253_402_300_799_000


async def test_poison_event_time_with_a_forged_record_timestamp(broker, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                fault_row: dict[str, Any]) -> None:
    """A poison `ts` (year 9999) amid live traffic: with an honest record timestamp the worker refuses it
    (`event_time`: it is far ahead of its record's timestamp); with the record timestamp forged to match, it is the
    broker's to refuse (Kafka 4's message.timestamp.after.max.ms, 1 h by default): the worker accepts a step of
    event time its record timestamp corroborates (an idle partition, an old batch), so it is only sent to a broker
    that bounds record timestamps."""
    rng = random.Random(SEED + 10)
    s = settings_for(broker.bootstrap, max_batch=250)
    await create(s)
    items = stream(1500, SEED + 10, s)
    cids = sorted({k for k, _ in items if k})
    mid = len(items) // 3
    await produce(broker.bootstrap, s.input_topic, items[:mid])
    honest = int(time.time() * 1000)  # the record timestamp an honest producer sets
    cases = [(YEAR_9999, honest), (b'"9999-12-31T23:59:59Z"', honest), (YEAR_9999 - 1, honest)]
    if broker.kind == "kafka":
        cases += [(YEAR_9999, YEAR_9999), (YEAR_9999 - 1, YEAR_9999 - 1)]
    poison = []
    for i, (ts, stamp) in enumerate(cases):
        cid = rng.choice(cids) if i % 2 else f"forged-{i}".encode()
        raw = ts if isinstance(ts, bytes) else str(ts).encode()
        poison.append((cid, b'{"conversation_id":"' + cid + b'","ts":' + raw
                       + b',"message":{"role":"user","content":"poison"}}', stamp))
    p = AIOKafkaProducer(bootstrap_servers=broker.bootstrap)
    await p.start()
    refused: list[str] = []
    try:
        for key, value, stamp in poison:
            try:
                await (await p.send(s.input_topic, value, key=key, timestamp_ms=stamp))
            except Exception as e:  # the broker's own bound on record timestamps
                refused.append(type(e).__name__)
    finally:
        await p.stop()
    await produce(broker.bootstrap, s.input_topic, items[mid:])
    n = len(items) + len(poison) - len(refused)
    await run_to_end(s, n, tmp_path / "w.log", timeout_s=90)
    inputs = await read_all(broker.bootstrap, s.input_topic)
    poisoned = {(r.partition, r.offset): r for r in inputs if r.value in {v for _, v, _ in poison}}
    cmp, _ = await compare(broker.bootstrap, s, skip=poisoned, inputs=inputs,
                           ignore=lambda rid: _src(rid) in poisoned)
    cmp.row(fault_row)
    dlq = {(int(r.header("toolmend-source-partition") or -1), int(r.header("toolmend-source-offset") or -1)): r
           for r in await read_all(broker.bootstrap, s.dlq_topic)}
    kinds = [(dlq[at].header("toolmend-error-kind") or b"?").decode() if at in dlq else "not dead-lettered"
             for at in poisoned]
    if broker.kind == "kafka":
        assert len(refused) == 2, refused  # both forged record timestamps, by the broker
    fault_row["note"] = (f"{n} events; {len(poison)} poison (forged ts, some forged record timestamps): broker refused "
                         f"{len(refused)} {refused}; worker: {kinds}")
    if not all(k == DeadLetterKind.EVENT_TIME for k in kinds):  # first: a moved watermark breaks the comparison
        raise NotDeadLettered(f"{kinds}; {cmp.summary()}")
    assert cmp.clean(), cmp.details()


def _src(rid: str) -> tuple[int, int] | None:
    """(partition, offset) of the input record an output id derives from: `<topic>:<p>:<offset>:...`."""
    parts = rid.split(":")
    try:
        return int(parts[-3]), int(parts[-2])
    except (IndexError, ValueError):
        return None


# -- 6. deep nesting -------------------------------------------------------------------------------------------------

# around the parser's MAX_DEPTH (128 levels of the whole event) and orjson's limits (254 to write, 1024 to read)
DEPTHS = [100, 118, 120, 121, 122, 123, 124, 125, 126, 250, 255, 1024, 100_000]


def _deep_conversation(depth: int, ts: int) -> list[tuple[bytes, bytes]]:
    cid = f"deep-{depth}"
    call = f"toolu_deep_{depth}"
    deep = b"[" * depth + b"]" * depth
    head = b'{"conversation_id":"' + cid.encode() + b'","dialect":"anthropic","ts":'
    msgs = [
        b'{"role":"user","content":"go"}',
        b'{"role":"assistant","content":[{"type":"tool_use","id":"' + call.encode()
        + b'","name":"nest","input":{"a":' + deep + b"}}]}",
        b'{"role":"user","content":[{"type":"tool_result","tool_use_id":"' + call.encode()
        + b'","content":"ok"}]}',
        b'{"role":"assistant","content":"done"}',
    ]
    return [(cid.encode(), head + str(ts + i).encode() + b',"message":' + m + b"}") for i, m in enumerate(msgs)]


async def test_deep_nesting(broker, tmp_path: Path, fault_row: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap)
    await create(s)
    items: list[tuple[bytes | None, bytes]] = list(stream(600, SEED + 6, s))
    for d in DEPTHS:
        items += _deep_conversation(d, 1_767_225_600_000 + d)
    n = await produce(broker.bootstrap, s.input_topic, items)
    await run_to_end(s, n, tmp_path / "w.log", timeout_s=90)
    cmp, _ = await compare(broker.bootstrap, s)
    cmp.row(fault_row)
    dlq = await read_all(broker.bootstrap, s.dlq_topic)
    out = await read_all(broker.bootstrap, s.output_topic)
    outcome: dict[int, str] = {}
    internal = [r for r in dlq if r.header("toolmend-error-kind") == b"internal"]
    for d in DEPTHS:
        call = f"toolu_deep_{d}".encode()
        dead = [r for r in dlq if r.key == f"deep-{d}".encode() and r.value and call in r.value[:400]]
        shipped = [orjson.loads(r.value or b"") for r in out if r.key == f"deep-{d}".encode()]
        has_call = any(call in orjson.dumps(m.get("message")) and m["message"]["role"] == "assistant"
                       for m in shipped)
        has_result = any(call in orjson.dumps(m.get("message")) and m["message"]["role"] == "user" for m in shipped)
        kind = (dead[0].header("toolmend-error-kind") or b"").decode() if dead else ""
        outcome[d] = (f"dead:{kind}" if dead else "") + ("+call" if has_call else "") + (
            "+result" if has_result else "")
    fault_row["note"] = f"{n} events; depth " + ", ".join(f"{d}: {o}" for d, o in outcome.items())
    for d, o in outcome.items():
        assert ("+call" in o) == ("+result" in o), f"depth {d}: {o} (a result without its call, or a call without it)"
        assert o, f"depth {d}: the call is neither shipped nor dead-lettered"
    assert not internal, f"{len(internal)} internal dead letters: {outcome}"
    assert cmp.clean(), cmp.details()


# -- 7. spoofed headers ----------------------------------------------------------------------------------------------

SPOOFED = [("toolmend-id", b"spoofed-id"), ("toolmend-error-kind", b"schema"), ("toolmend-source-offset", b"999999"),
           ("traceparent", b"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")]
SPOOFED_INVALID = [("toolmend-id", b"\xff\xfe\x00"), ("toolmend-error-kind", b""), ("toolmend-id", b"second"),
                   ("toolmend-error-detail", b"x" * 10_000), ("toolmend-repair", b"\x00")]


async def test_spoofed_headers(broker, tmp_path: Path, fault_row: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(SEED + 7)
    s = settings_for(broker.bootstrap)
    await create(s)
    items = stream(400, SEED + 7, s)
    bad = [(b"c1", b"{not json"), (b"c2", b'{"conversation_id":"c2","message":{"role":"user","content":"x"}}'),
           (b"other", b'{"conversation_id":"c3","ts":1,"message":{"role":"user","content":"x"}}')]
    with_headers = [(k, v, rng.choice([SPOOFED, SPOOFED_INVALID])) for k, v in items + bad]
    n = await produce_with_headers(broker.bootstrap, s.input_topic, with_headers)
    await run_to_end(s, n, tmp_path / "w.log", timeout_s=90)
    cmp, _ = await compare(broker.bootstrap, s)
    cmp.row(fault_row)
    # what the worker's own headers are: the same engine over the same records without the producer's toolmend-*
    inputs = await read_all(broker.bootstrap, s.input_topic)
    by_src = {(r.partition, r.offset): r for r in inputs}
    clean = [dataclasses.replace(r, headers=[h for h in r.headers if not h[0].startswith("toolmend-")])
             for r in inputs]
    own = offline(clean, s)
    problems: list[str] = []
    dlq_n = 0
    for kind, topic in topics_of(s).items():
        for r in await read_all(broker.bootstrap, topic):
            ours = [h for h in r.headers if h[0].startswith("toolmend-")]
            want = own[kind].get(rid_of(r.headers))
            if want is None or ours != [h for h in want[2] if h[0].startswith("toolmend-")]:
                problems.append(f"{kind} {r.partition}:{r.offset}: toolmend-* headers {ours}"[:300])
            if kind == "dead_letter":
                dlq_n += 1
                src = by_src[(int(r.header("toolmend-source-partition") or -1),
                              int(r.header("toolmend-source-offset") or -1))]
                others = [h for h in src.headers if not h[0].startswith("toolmend-")]
                if [h for h in r.headers if not h[0].startswith("toolmend-")] != others:
                    problems.append(f"dead letter {r.partition}:{r.offset} lost the producer's other headers")
    fault_row["note"] = f"{n} events with spoofed headers; {len(problems)} records carry producer toolmend-* headers"
    assert cmp.clean(), cmp.details()
    assert dlq_n >= len(bad)
    assert not problems, problems[:10]


# -- 8. oversized output ---------------------------------------------------------------------------------------------

@needs_kafka
async def test_output_over_the_topic_limit(broker, tmp_path: Path, fault_row: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    from processor.shell.kafka import ensure_topics

    s = settings_for(broker.bootstrap, create_topics=False)
    big = {"max.message.bytes": str(8 << 20)}
    await ensure_topics(s, [(s.input_topic, 4, big), (s.output_topic, 4, {"max.message.bytes": "65536"}),
                            (s.dlq_topic, 4, big), (s.findings_topic or "", 4, {}),
                            (s.changelog_topic, 4, {"cleanup.policy": "compact"})])
    items: list[tuple[bytes | None, bytes]] = list(stream(800, SEED + 8, s))
    huge = orjson.dumps({"conversation_id": "huge", "ts": 1_767_225_600_500,
                         "message": {"role": "user", "content": "x" * 200_000}})
    items.insert(len(items) // 2, (b"huge", huge))
    items.append((b"huge", orjson.dumps({"conversation_id": "huge", "ts": 1_767_225_600_900,
                                         "message": {"role": "assistant", "content": "short"}})))
    n = await produce(broker.bootstrap, s.input_topic, items)
    await run_to_end(s, n, tmp_path / "w.log", timeout_s=90)
    inputs = await read_all(broker.bootstrap, s.input_topic)
    at = next((r.partition, r.offset) for r in inputs if r.value == huge)
    cmp, _ = await compare(broker.bootstrap, s, inputs=inputs, ignore=lambda rid: _src(rid) == at)
    cmp.row(fault_row)
    dlq = [r for r in await read_all(broker.bootstrap, s.dlq_topic)
           if (r.header("toolmend-source-partition"), r.header("toolmend-source-offset"))
           == (str(at[0]).encode(), str(at[1]).encode()) or _src(rid_of(r.headers)) == at]
    kinds = [(r.header("toolmend-error-kind") or b"").decode() for r in dlq]
    fault_row["note"] = (f"{n} events, one repaired record of ~200 KB over a 64 KB topic: dead letters "
                         f"{kinds}, value {'whole' if any(r.value == huge for r in dlq) else 'absent'}")
    assert cmp.clean(), cmp.details()
    assert len(dlq) == 1 and dlq[0].value == huge, f"the input event exists nowhere: dead letters {kinds}"
    assert kinds[0] not in OLD_KINDS


# -- 9. exactly-once -------------------------------------------------------------------------------------------------

EOS = {"TOOLMEND_DELIVERY": "exactly_once"}
RENEWALS = 12  # new backlogs a pause may produce (pause_inside_transaction)


@needs_kafka
async def test_exactly_once_kills_and_zombie(broker, tmp_path: Path, fault_row: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    """Two kills and a paused member, each while the member is held inside an open transaction (seen open while
    it is stopped, so it cannot commit meanwhile: `pause_inside_transaction`): a read_committed consumer sees each
    id once, equal to the offline pass, and the aborted transactions left records behind (the faults landed
    where they test something)."""
    rng = random.Random(SEED + 9)
    s = settings_for(broker.bootstrap, max_batch=250)
    await create(s)
    planned = 6000
    # one endless stream handed out in order: half the plan up front; before each fault, while the member is
    # stopped, a backlog of three batches (renewed each time a look finds the member has drained it); the rest at
    # the end. `feed.sent` counts every record produced
    step = planned // 8
    la, lb = tmp_path / "a.log", tmp_path / "b.log"
    async with Feed(broker.bootstrap, s, SEED + 9) as feed, Progress(s) as progress, \
            OpenTransactions(broker.bootstrap, s.output_topic) as txns:
        await feed.send(planned // 2)
        inside: list[bool] = []  # each fault: held inside an open transaction that had written records
        for frac in sorted(rng.uniform(0.1, 0.4) for _ in range(2)):  # two kills of a lone worker
            with WorkerProc(s, la, EOS) as a:
                await wait_until(lambda f=frac: _ge(progress, int(f * planned)), 120, every=0.05)  # type: ignore[misc]
                inside.append(await pause_inside_transaction(
                    a, txns, 30, rng, backlog=lambda: feed.backlog(step), drained=lambda: drained(progress)))
                assert a.alive(), a.tail()
                a.kill()  # stopped inside its transaction: the next owner's producer aborts it
        with WorkerProc(s, la, EOS) as a, WorkerProc(s, lb, EOS) as b:  # a zombie
            await until_ready(a, b)
            mine: set[int] = set()  # its partitions, once its gauges name them (refreshed each second)

            async def a_owns() -> bool:
                mine.update(await owned(a))
                return bool(mine)

            await wait_until(a_owns, 30, every=0.3)
            inside.append(await pause_inside_transaction(
                a, txns, 30, rng, backlog=lambda: feed.backlog(step), partitions=mine,
                drained=lambda: drained(progress, mine)))
            a.signal(signal.SIGSTOP)  # stopped (inside a transaction) until b owns every partition (or 30 s)
            paused = time.monotonic()
            await wait_until(lambda: _owns_all(b, s.partitions), 30)
            paused_s = time.monotonic() - paused
            a.signal(signal.SIGCONT)
            await feed.send(max(step, planned - feed.sent))
            n = feed.sent
            await wait_until(lambda: caught_up(s, n), 120)
            rcs = (await a.stop(), await b.stop())
    cmp, _ = await compare(broker.bootstrap, s, isolation_level="read_committed")
    cmp.row(fault_row)
    dirty = await sizes(broker.bootstrap, topics_of(s).values())
    aborted = sum(dirty.values()) - sum(d.records for d in cmp.topics.values())
    fault_row["note"] = (f"{n} events, 2 kills + a member paused {paused_s:.1f}s (partitions {sorted(mine)}), "
                         f"{sum(inside)} of the 3 held inside an open transaction ({feed.backlogs} backlogs of "
                         f"{step} produced while stopped); read_committed; {aborted} records of aborted transactions")
    assert cmp.clean(exactly_once=True), cmp.details()
    assert rcs == (0, 0), (a.tail(), b.tail())
    assert inside == [True, True, True], f"a fault did not land inside a transaction ({inside}): nothing was tested"
    assert aborted, "no records of aborted transactions: nothing was tested"


class Feed:
    """An endless generated stream (`iter_generate`, keyed for the input's partitions) produced in order, a part at
    a time; `sent` counts what was produced, `backlogs` the parts produced as one (`backlog`)."""

    def __init__(self, bootstrap: str, s: Settings, seed: int) -> None:
        self.topic = s.input_topic
        self.events = iter_generate(None, seed=seed, partitions=s.partitions)
        self.p = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=5, max_request_size=8 << 20)  # at once
        self.sent = 0
        self.backlogs = 0

    async def __aenter__(self) -> Feed:
        await self.p.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.p.stop()

    async def send(self, k: int) -> None:
        await asyncio.gather(*[await self.p.send(self.topic, e.value, key=e.key)
                               for e in itertools.islice(self.events, k)])
        self.sent += k

    async def backlog(self, k: int) -> None:
        await self.send(k)
        self.backlogs += 1


async def drained(progress: Progress, partitions: set[int] | None = None) -> bool:
    """Whether the group has committed every input record there is on `partitions` (all when None): asked while
    the member is stopped, nothing is left for it to work on."""
    tps = [tp for tp in progress.tps if partitions is None or tp.partition in partitions]
    ends = await progress.c.end_offsets(tps)
    for tp in tps:
        if ((await progress.c.committed(tp)) or 0) < ends[tp]:
            return False
    return True


async def owned(w: WorkerProc) -> set[int]:
    """The input partitions a member processes now (its per-partition watermark gauge, set for each partition it
    holds state for; the lag gauge waits for a fetch)."""
    _, body = await w.http("/metrics")
    return {int(m) for m in re.findall(r'^toolmend_watermark_seconds\{partition="(\d+)"\}', body, re.M)}


@needs_kafka
async def test_exactly_once_rolling_restarts(broker, tmp_path: Path, fault_row: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    """Three members on twelve partitions, restarted one at a time (a new member up and owning partitions, then
    SIGTERM to the oldest), five times while input arrives: each newly assigned partition must be read from the
    offset the previous owner's last transaction committed, with the state that transaction wrote. Read
    committed, every id once, equal to the offline pass (0 conflicting, 0 extra ids)."""
    s = settings_for(broker.bootstrap, max_batch=100, partitions=12)
    await create(s)
    items = stream(int(os.environ.get("TOOLMEND_FAULTS_ROLLING_EVENTS", "8000")), SEED + 12, s)
    n = len(items)
    restarts = int(os.environ.get("TOOLMEND_FAULTS_ROLLING_RESTARTS", "5"))
    await produce(broker.bootstrap, s.input_topic, items[: n // 4])
    # the rest arrives throughout the restarts, so that every rebalance moves partitions with work in flight
    feeder = asyncio.create_task(produce_in_chunks(broker.bootstrap, s.input_topic, items[n // 4:],
                                                   restarts * 4, 1.0))
    members = [WorkerProc(s, tmp_path / f"m{i}.log", EOS) for i in range(3)]
    stopped: list[int] = []
    try:
        await until_ready(*members)
        for i in range(restarts):
            new = WorkerProc(s, tmp_path / f"m{3 + i}.log", EOS)
            members.append(new)
            await until_ready(new)  # it owns partitions (the group rebalanced with it in)
            old = members.pop(0)
            stopped.append(await old.stop())  # SIGTERM: it leaves, its partitions move
            await until_ready(*members)
        await feeder
        await wait_until(lambda: _progressing(members[0], s, n), 180)
        stopped += [await m.stop() for m in members]
    finally:
        feeder.cancel()
        for m in members:
            m.__exit__()
    cmp, _ = await compare(broker.bootstrap, s, isolation_level="read_committed")
    cmp.row(fault_row)
    # how often the window opened: a partition whose consumer had resolved a position other than the one its
    # restored state belongs with (the committed offset read before the last transaction was complete)
    stale = sum(log.read_text(errors="replace").count("the consumer had resolved position")
                for log in tmp_path.glob("m*.log"))
    fault_row["note"] = (f"{n} events, 3 members, 12 partitions, {restarts} rolling restarts; read_committed; "
                         f"{stale} assignment(s) where the consumer had resolved another position than the state's")
    assert cmp.clean(exactly_once=True), cmp.details()
    assert stopped == [0] * len(stopped), stopped


@needs_kafka
async def test_exactly_once_paused_past_the_transaction_timeout(broker, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                fault_row: dict[str, Any]) -> None:
    """A lone member paused inside a transaction longer than its transaction timeout, but not its session timeout:
    the broker aborts the transaction while the member still owns its partitions. On waking, the member must
    treat it as fencing (drop the partition's state, rejoin, restore, go on), not exit; read committed, every
    id once, equal to the offline pass."""
    s = settings_for(broker.bootstrap, max_batch=250, session_timeout_ms=20000, heartbeat_interval_ms=2000,
                     transaction_timeout_ms=2000)
    await create(s)
    planned = 4000
    step = planned // 4
    log = tmp_path / "w.log"
    async with Feed(broker.bootstrap, s, SEED + 13) as feed, Progress(s) as progress:
        await feed.send(planned // 2)
        with WorkerProc(s, log, EOS) as w:
            await until_ready(w)
            # a backlog produced while it is stopped (renewed while it finds the member drained), so that there are
            # transactions to pause inside; the rest in five parts, while it is held and after
            async with OpenTransactions(broker.bootstrap, s.output_topic) as txns:
                inside = await pause_inside_transaction(w, txns, 30, random.Random(SEED + 13),
                                                        backlog=lambda: feed.backlog(step),
                                                        drained=lambda: drained(progress))

            async def rest() -> None:
                for _ in range(5):
                    await feed.send(step // 5)
                    await asyncio.sleep(0.3)

            feeder = asyncio.create_task(rest())
            await asyncio.sleep(5)  # past the 2 s transaction timeout (the broker looks every second), not the session
            w.signal(signal.SIGCONT)
            await feeder
            n = feed.sent
            await wait_until(lambda: _progressing(w, s, n), 120)
            rc = await w.stop()
    cmp, _ = await compare(broker.bootstrap, s, isolation_level="read_committed")
    cmp.row(fault_row)
    handled = log.read_text(errors="replace").count("open longer than") + \
        log.read_text(errors="replace").count("its transaction failed")
    fault_row["note"] = (f"{n} events; paused 5s inside a transaction ({'seen open' if inside else 'NOT inside'}, "
                         f"{feed.backlogs} backlogs of {step}) with transaction_timeout_ms=2000, session 20s; handled "
                         f"as fencing {handled}x; exit {rc}")
    assert inside, "the pause did not land inside a transaction: nothing was tested"
    assert rc == 0, w.tail()
    assert cmp.clean(exactly_once=True), cmp.details()


async def pause_inside_transaction(proc: WorkerProc, txns: OpenTransactions, timeout_s: float,
                                   rng: random.Random, backlog: Callable[[], Awaitable[Any]] | None = None,
                                   partitions: set[int] | None = None,
                                   drained: Callable[[], Awaitable[bool]] | None = None,
                                   renewals: int = RENEWALS) -> bool:
    """Stop a member (SIGSTOP) while one of its transactions has written records to the watched topic and is not
    committed: True once it is stopped inside one (the caller kills it there, or keeps it stopped); False, and
    running, if that did not happen within `timeout_s`.

    By design, not by timing: the member is stopped first and only then looked at, so what is seen cannot change
    under the look (a transaction the stopped process holds stays open, one it had committed does not); seeing
    an open transaction and then striking would race its commit, which lasts milliseconds. To have transactions
    to be caught in, the member is held stopped while `backlog` (several batches of input) is produced, then
    runs in slices, each followed by a stop, 0.3 s for what it had sent to land, and a look. The slices start
    at 20-40 ms and grow by half each time (a starved process on a loaded machine gets its turn), and the
    member runs at most a third of the time, so its session (2 s) holds. A look that finds no open transaction
    and the member's input `drained` (a slice was long enough for the whole backlog) produces a new backlog
    while the member is still stopped, up to `renewals` times, and shortens the slices again: every look but
    the first of a backlog finds work in flight.
    `partitions`: only a transaction on these output partitions counts (the member's own, beside another)."""
    deadline = time.monotonic() + timeout_s
    proc.signal(signal.SIGSTOP)
    if backlog is not None:
        await backlog()
    first = run_s = rng.uniform(0.02, 0.04)
    while True:
        await asyncio.sleep(0.3)
        if await txns.open(partitions):
            return True
        if time.monotonic() > deadline:
            proc.signal(signal.SIGCONT)
            return False
        if backlog is not None and drained is not None and renewals > 0 and await drained():
            renewals -= 1
            await backlog()
            run_s = max(first, run_s / 3)
        proc.signal(signal.SIGCONT)
        await asyncio.sleep(run_s)
        proc.signal(signal.SIGSTOP)
        run_s = min(0.3, run_s * 1.5)


class OpenTransactions:
    """Whether a transaction has written records to `topic` that are not committed yet (a partition's last
    stable offset below its high watermark), asked of two consumers kept open (one read committed)."""

    def __init__(self, bootstrap: str, topic: str) -> None:
        from aiokafka import AIOKafkaConsumer

        self.topic = topic
        self.rc = AIOKafkaConsumer(bootstrap_servers=bootstrap, isolation_level="read_committed")
        self.ru = AIOKafkaConsumer(bootstrap_servers=bootstrap)
        self.tps: list[TopicPartition] = []

    async def __aenter__(self) -> OpenTransactions:
        from processor.shell.kafka import partitions_of

        await self.rc.start()
        await self.ru.start()
        self.tps = [TopicPartition(self.topic, p) for p in sorted(await partitions_of(self.ru, self.topic))]
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.rc.stop()
        await self.ru.stop()

    async def open(self, partitions: set[int] | None = None) -> bool:
        tps = [tp for tp in self.tps if partitions is None or tp.partition in partitions]
        stable, high = await self.rc.end_offsets(tps), await self.ru.end_offsets(tps)
        return any(stable[tp] < high[tp] for tp in tps)


async def test_exactly_once_refused_without_transactions(tmp_path: Path, fault_row: dict[str, Any]) -> None:
    """Tansu has no transactions: `toolmend run` in exactly-once mode must refuse to start (exit 2) and say why."""
    fault_row["broker"] = "tansu"
    with EmbeddedBroker() as tansu:
        s = settings_for(tansu.bootstrap)
        with WorkerProc(s, tmp_path / "w.log", EOS) as w:
            rc = await w.wait(30)
            out = w.tail()
    fault_row["note"] = f"exit {rc}"
    assert rc == 2, out
    assert re.search(r"exactly.once|transaction", out, re.I), out


# -- 9. what operators do (issue #35): topics deleted, partitions added, offsets reset ------------------------------

def kafka_tool(*args: str) -> subprocess.CompletedProcess[str]:
    """One of Apache Kafka's own command-line tools (deploy/kafka/kafka-local.sh tool ...)."""
    from tests.support.brokers import KAFKA_LOCAL

    return subprocess.run(["bash", str(KAFKA_LOCAL), "tool", *args], capture_output=True, text=True, timeout=180,
                          check=False, env={**os.environ})


async def kafka_tool_ok(*args: str) -> str:
    done = await asyncio.to_thread(kafka_tool, *args)
    assert done.returncode == 0, f"{' '.join(args[:3])}: {done.stderr[-2000:]}"
    return done.stdout


def input_ends(inputs: Iterable[Any]) -> dict[int, int]:
    """The next offset of each input partition, as read."""
    ends: dict[int, int] = {}
    for r in inputs:
        ends[r.partition] = max(ends.get(r.partition, 0), r.offset + 1)
    return ends


def client_lines(log: Path) -> int:
    """Lines aiokafka wrote (its logger names start with `aiokafka`)."""
    return sum(1 for line in log.read_text(errors="replace").splitlines() if " aiokafka" in line)


NOT_READY_S = 6.0  # the deleted topic: how long the worker is watched not ready (probes, healthz, retries)
GONE_MIN_S = 15.0


@needs_kafka
@pytest.mark.parametrize("delivery,deleted", [("at_least_once", "output"), ("exactly_once", "findings")])
async def test_an_output_topic_deleted_and_recreated(broker, tmp_path: Path, fault_row: dict[str, Any],  # type: ignore[no-untyped-def]
                                                     delivery: str, deleted: str) -> None:
    """Issue #35 row 6. The repaired (at least once) or findings (exactly once) topic is deleted with Kafka's
    kafka-topics while the worker runs and recreated once /readyz has failed for 6 s (15 to 30 s later; the
    broker creates no topic on first use). While it is gone: the worker stays up, /readyz fails (outputs not
    delivered), /healthz stays 200, aiokafka's retry lines stay few (under 2 a second). After: every output from
    the deletion on equals the offline pass (what the deleted topic held before is gone with it, by the
    operator's hand), read committed for exactly once."""
    s = settings_for(broker.bootstrap, max_batch=250, broker_unreachable_s=5.0, delivery=delivery)
    await create(s)
    topic = s.output_topic if deleted == "output" else s.findings_topic
    assert topic
    items = stream(4000, SEED + 21, s)
    n = len(items)
    log = tmp_path / "w.log"
    await produce(broker.bootstrap, s.input_topic, items[: n // 2])
    ends = input_ends(await read_all(broker.bootstrap, s.input_topic))
    statuses: list[tuple[float, int, int]] = []
    with WorkerProc(s, log, EOS if delivery == "exactly_once" else None) as w:
        await wait_until(lambda: _progressing(w, s, n // 2), 120)
        lines_before = client_lines(log)
        await kafka_tool_ok("kafka-topics", "--bootstrap-server", broker.bootstrap, "--delete", "--topic", topic)
        t0 = time.monotonic()
        await produce(broker.bootstrap, s.input_topic, items[n // 2:])
        # gone until the worker has been seen not ready for NOT_READY_S (and at least GONE_MIN_S), at most 30 s
        while time.monotonic() - t0 < 30:
            ready, healthy = (await w.http("/readyz")), (await w.http("/healthz"))[0]
            statuses.append((time.monotonic() - t0, ready[0], healthy))
            assert w.alive(), w.tail()
            failing = [at for at, r, _ in statuses if r != 200]
            if failing and statuses[-1][0] - failing[0] >= NOT_READY_S and statuses[-1][0] >= GONE_MIN_S:
                break
            await asyncio.sleep(0.5)
        _, why = await w.http("/readyz")
        stalled = await w.metric("toolmend_delivery_stalled_seconds")
        await kafka_tool_ok("kafka-topics", "--bootstrap-server", broker.bootstrap, "--create", "--topic", topic,
                            "--partitions", str(s.partitions), "--config", f"max.message.bytes={8 << 20}",
                            "--config", "retention.ms=-1")
        gone_s = time.monotonic() - t0
        await wait_until(lambda: _progressing(w, s, n), 180)
        await wait_until(lambda: _ready(w), 60)
        lines = client_lines(log) - lines_before
        rc = await w.stop()
    skip = {(p, o) for p, end in ends.items() for o in range(end)}  # outputs the deleted topic held
    inputs = await read_all(broker.bootstrap, s.input_topic)
    engine = await output_limits(s, s.engine_config())
    want = offline(inputs, s, (), engine)
    iso = isolation(s)
    topics = {}
    for kind, t in topics_of(s).items():
        ignore = (lambda rid: _src(rid) in skip) if t == topic else None
        topics[kind] = diff(kind, want[kind], await read_all(broker.bootstrap, t, isolation_level=iso, timeout_s=60),
                            ignore)
    cmp = Comparison(topics)
    cmp.row(fault_row)
    not_ready = [t for t, r, _ in statuses if r != 200]
    fault_row["note"] = (f"{n} events, {delivery}; {deleted} topic gone {gone_s:.0f}s: /readyz "
                         + (f"failed from +{not_ready[0]:.1f}s" if not_ready else "stayed 200")
                         + f" ({why.strip()[:80]}); {lines} aiokafka lines; exit {rc}")
    assert cmp.clean(exactly_once=delivery == "exactly_once"), cmp.details()
    assert rc == 0, w.tail()
    assert not_ready and not_ready[0] <= s.broker_unreachable_s + 12, statuses
    assert all(h == 200 for _, _, h in statuses), f"/healthz failed while the topic was gone: {statuses}"
    assert stalled > s.broker_unreachable_s or "restoring" in why, (stalled, why)
    assert lines < 2 * gone_s, f"{lines} aiokafka lines in {gone_s:.0f}s"


async def _ready(w: WorkerProc) -> bool:
    return (await w.http("/readyz"))[0] == 200


@needs_kafka
async def test_committed_offsets_held_by_a_pending_transaction(broker, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                               fault_row: dict[str, Any]) -> None:
    """Issue #35 rows 10 and 11. While the worker is stopped, another transactional producer commits offsets for
    the group's partition 0 in a transaction it leaves open (what a broker that restarted mid-commit leaves
    behind): the committed offset answers UNSTABLE_OFFSET_COMMIT until the broker aborts it (its 20 s timeout,
    four times the worker's wait; the test's broker aborts within a second of it).
    The worker (exactly once) waits at most `stable_offsets_wait_s`, then says which partition, why and the way
    out, fails its probes, tries again; once the broker aborted the transaction its restore succeeds, /healthz
    is healthy again, and the outputs equal the offline pass (read committed)."""
    s = settings_for(broker.bootstrap, max_batch=250, stable_offsets_wait_s=5.0, delivery="exactly_once")
    await create(s)
    items = stream(3000, SEED + 22, s)
    n = len(items)
    log = tmp_path / "w.log"
    await produce(broker.bootstrap, s.input_topic, items[: n // 2])
    await run_to_end(s, n // 2, log, env=EOS)
    await produce(broker.bootstrap, s.input_topic, items[n // 2:])
    tp0 = TopicPartition(s.input_topic, 0)
    async with Progress(s) as progress:
        at = await progress.c.committed(tp0)
    blocker = AIOKafkaProducer(bootstrap_servers=broker.bootstrap, transactional_id=f"{s.group_id}-blocker",
                               transaction_timeout_ms=20_000)
    await blocker.start()
    try:
        await blocker.begin_transaction()
        await blocker.send_offsets_to_transaction({tp0: at}, s.group_id)  # the same offset: left open
        t0 = time.monotonic()
        seen: list[tuple[float, int, int]] = []
        with WorkerProc(s, log, EOS) as w:
            while time.monotonic() - t0 < 120:
                assert w.alive(), w.tail()
                ready, healthy = (await w.http("/readyz"))[0], (await w.http("/healthz"))[0]
                seen.append((time.monotonic() - t0, ready, healthy))
                if healthy == 200 and ready == 200 and any(h != 200 for _, _, h in seen):
                    break
                await asyncio.sleep(0.5)
            held_s = time.monotonic() - t0
            await wait_until(lambda: _progressing(w, s, n), 120)
            healthy_after = (await w.http("/healthz"))[0]
            rc = await w.stop()
    finally:
        with contextlib.suppress(Exception):
            await blocker.stop()
    text = log.read_text(errors="replace")
    cmp, _ = await compare(broker.bootstrap, s, isolation_level="read_committed")
    cmp.row(fault_row)
    unhealthy = [t for t, _, h in seen if h != 200]
    fault_row["note"] = (f"{n} events; partition 0's offset held by an open transaction: /healthz failed "
                         f"{len(unhealthy)} of {len(seen)} probes until +{unhealthy[-1] if unhealthy else 0:.0f}s, "
                         f"healthy again at +{held_s:.0f}s; exit {rc}")
    assert cmp.clean(exactly_once=True), cmp.details()
    assert rc == 0, w.tail()
    assert unhealthy, "the pending commit was never noticed"
    assert healthy_after == 200, "a later successful restore did not clear the failure"
    assert re.search(rf"partition\(s\) \[0\] \(group {re.escape(s.group_id)}\)", text), text[-3000:]
    assert "kafka-transactions --bootstrap-server B find-hanging" in text
    assert "Traceback" not in text


async def committed_positions(s: Settings) -> dict[int, int]:
    async with Progress(s) as progress:
        return {tp.partition: (await progress.c.committed(tp)) or 0 for tp in progress.tps}


@needs_kafka
@pytest.mark.on_demand
@pytest.mark.parametrize("delivery", ["at_least_once", "exactly_once"])
async def test_partitions_added_to_the_input_while_the_worker_runs(broker, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                   fault_row: dict[str, Any], delivery: str) -> None:
    """Issue #35 rows 1 and 2. The input grows from 4 to 8 partitions with kafka-topics --alter while the worker
    runs and keyed producers go on: within a check of the partition count the worker stops (exit 2, one line
    saying what happened and where the way out is, no traceback), /readyz fails meanwhile, and nothing is
    produced to output partitions that do not exist; what it wrote equals the offline pass of what it committed.
    Restarted, it refuses (the state topic has 4); with partitions added to the state topic as well (what the old
    message suggested), it refuses again: the state records the count it was built for. The way out the runbook
    gives (output topics grown to 8, `toolmend recover --repartition`) then brings every output topic equal to the
    offline pass of the whole input, each partition as stored. Both delivery modes (exactly once read committed).
    On demand (about 25 s of a worker each), to keep the suite in its 20 minutes: in the suite, the same stop,
    its /readyz and its output check run in test_partitions_added_then_repartitioned_by_conversation, the refusal
    on restart in test_topic_sizing.py, and the per-partition rebuild in test_state_integrity.py."""
    s = settings_for(broker.bootstrap, max_batch=250, delivery=delivery)
    env = EOS if delivery == "exactly_once" else None
    await create(s)
    items = stream(4000, SEED + 23, s)
    n = len(items)
    log = tmp_path / "w.log"
    await produce(broker.bootstrap, s.input_topic, items[: n // 2])
    readiness: list[tuple[float, int]] = []
    with WorkerProc(s, log, env) as w:
        await wait_until(lambda: _progressing(w, s, n // 2), 120)
        await kafka_tool_ok("kafka-topics", "--bootstrap-server", broker.bootstrap, "--alter", "--topic",
                            s.input_topic, "--partitions", "8")
        t0 = time.monotonic()
        await produce(broker.bootstrap, s.input_topic, items[n // 2:])  # a new producer: keyed over 8
        while w.alive() and time.monotonic() - t0 < 60:
            readiness.append((time.monotonic() - t0, (await w.http("/readyz"))[0]))
            await asyncio.sleep(0.3)
        rc = await w.wait(30)
        stopped_s = time.monotonic() - t0
    text = log.read_text(errors="replace")
    positions = await committed_positions(s)
    inputs = await read_all(broker.bootstrap, s.input_topic)
    processed = [r for r in inputs if r.offset < positions.get(r.partition, 0)]
    cmp, _ = await compare(broker.bootstrap, s, inputs=processed, isolation_level=isolation(s))
    cmp.row(fault_row)
    # the operator follows the old advice: partitions added to the state topic too
    with WorkerProc(s, log, env) as again:
        rc_again = await again.wait(60)
    await add_partitions(broker.bootstrap, [s.changelog_topic], 8)
    with WorkerProc(s, log, env) as grown:
        rc_grown = await grown.wait(60)
    after = log.read_text(errors="replace")[len(text):]
    # the way out the runbook gives: outputs grown to the input's count, the state rebuilt for it, then run
    await add_partitions(broker.bootstrap, [s.output_topic, str(s.findings_topic), s.dlq_topic], 8)
    t1 = time.monotonic()
    rec = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "processor.shell.cli", "recover",
                                                   "--repartition"], env=env_for(s), capture_output=True, text=True,
                                  timeout=180, cwd=REPO)
    assert rec.returncode == 0, rec.stderr[-3000:]
    rebuilt_s = time.monotonic() - t1
    await run_to_end(s, n, log, env=env)
    final, _ = await compare(broker.bootstrap, s, isolation_level=isolation(s))
    final.row(fault_row)
    unprocessed = sum(1 for r in inputs if r.partition >= 4)
    fault_row["note"] = (f"{n} events, {delivery}; input 4 -> 8 partitions: stopped {stopped_s:.0f}s later "
                         f"(exit {rc}), "
                         f"{len(processed)} processed, {unprocessed} in the new partitions left for the operator; "
                         f"restart: exit {rc_again}, with the state topic grown too: exit {rc_grown}; "
                         f"`recover --repartition` {rebuilt_s:.0f}s, then equal to the offline pass of all {n}")
    assert cmp.clean(), cmp.details()
    assert final.clean(), final.details()
    assert rc == 2, text[-3000:]
    assert "Traceback" not in text and "Unrecognized partition" not in text, text[-3000:]
    assert f"the input topic {s.input_topic} has 8 partitions, not the 4 its state was built for" in text
    assert all(p < 4 for p in positions if positions[p]), positions  # nothing of the new partitions processed
    # noticed within one read of the partition count (every LAYOUT_CHECK_S), then stopped; from the moment it is
    # noticed /readyz fails until the process is gone, a window a probe every 0.3 s may or may not catch
    assert stopped_s < LAYOUT_CHECK_S + 10, (stopped_s, readiness)
    bad = [i for i, (_, r) in enumerate(readiness) if r != 200]
    assert not bad or all(r != 200 for _, r in readiness[bad[0]:]), readiness
    assert rc_again == 2 and "its state was built for 4" in after and "Traceback" not in after, after[-3000:]
    assert rc_grown == 2 and "not the 4 its state was built for" in after.split("---- start ----")[-1], after[-3000:]


@needs_kafka
@pytest.mark.parametrize("delivery", ["at_least_once", pytest.param("exactly_once", marks=pytest.mark.on_demand)])
async def test_partitions_added_then_repartitioned_by_conversation(broker, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                   fault_row: dict[str, Any], delivery: str) -> None:
    """Issue #35 row 1, the way out that keeps conversations whole. The input grows from 4 to 8 partitions while
    the worker runs and keyed producers go on; the worker stops (exit 2). The output topics are grown to 8 and
    `toolmend recover --repartition --by-conversation` rebuilds each conversation's state in the partition its key
    now maps to, from its events in every partition; a worker then runs to the end, with later traffic keyed over
    8. Every output topic equals the
    offline pass by conversation (tests/support/rehome_oracle.py: the engine over each old partition up to the
    committed offsets, the rebuild over the same records merged by event time, then each new partition from its
    committed offset with the rebuilt state), id by id; and no conversation that moved gets an orphan result that
    the engine over its whole history alone does not give (the per-partition rebuild gives some)."""
    from tests.support.rehome_oracle import offline_by_conversation

    s = settings_for(broker.bootstrap, max_batch=250, delivery=delivery)
    env = EOS if delivery == "exactly_once" else None
    await create(s)
    items = stream(4000, SEED + 26, s)
    n = len(items)
    log = tmp_path / "w.log"
    await produce(broker.bootstrap, s.input_topic, items[: n // 2])
    with WorkerProc(s, log, env) as w:
        await wait_until(lambda: _progressing(w, s, n // 2), 120)
        await add_partitions(broker.bootstrap, [s.input_topic], 8)
        await produce(broker.bootstrap, s.input_topic, items[n // 2:])  # a new producer: keyed over 8
        rc = await w.wait(LAYOUT_CHECK_S + 40)
    assert rc == 2, log.read_text(errors="replace")[-3000:]
    positions = await committed_positions(s)
    assert all(p < 4 for p in positions if positions[p]), positions
    await add_partitions(broker.bootstrap, [s.output_topic, str(s.findings_topic), s.dlq_topic], 8)
    t1 = time.monotonic()
    rec = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "processor.shell.cli", "recover",
                                                   "--repartition", "--by-conversation"], env=env_for(s),
                                  capture_output=True, text=True, timeout=180, cwd=REPO)
    assert rec.returncode == 0, rec.stderr[-3000:]
    rebuilt_s = time.monotonic() - t1
    assert "repartition by conversation done" in rec.stderr, rec.stderr[-3000:]
    # traffic goes on after the change, later in event time: the old partitions' event time passes the deadlines
    # of calls that were open there when their conversations moved
    later, _ = generate(60, seed=SEED + 27, partitions=8, start_ms=_last_ts(items) + 1)
    n3 = await produce(broker.bootstrap, s.input_topic, [(e.key, e.value) for e in later])
    await run_to_end(s, n + n3, log, env=env)
    inputs = await read_all(broker.bootstrap, s.input_topic)
    engine = await output_limits(s, s.engine_config())
    want: dict[str, dict[str, Any]] = {k: {} for k in topics_of(s)}
    moved = {r.key for r in inputs if r.key is not None and kafka_partition(r.key, 4) != kafka_partition(r.key, 8)}
    after_orphans: set[tuple[bytes, str]] = set()

    def keep(part: int, r: Any, o: Any, late: bool) -> None:
        rid = rid_of(o.headers)
        assert rid not in want[o.kind], f"offline pass wrote id {rid} twice"
        want[o.kind][rid] = (o.key, o.value, tuple(o.headers))

    offline_by_conversation(inputs, positions, s.input_topic, 4, 8, lambda k: kafka_partition(k, 8), engine, keep)
    got = {kind: await read_all(broker.bootstrap, t, isolation_level=isolation(s), timeout_s=60)
           for kind, t in topics_of(s).items()}
    cmp = Comparison({kind: diff(kind, want[kind], got[kind]) for kind in topics_of(s)})
    cmp.row(fault_row)
    # orphan results of moved conversations after the change, against the engine over each one's whole history
    for r in got["findings"]:
        part, off = (int(x) for x in rid_of(r.headers).split(":")[1:3])
        f = orjson.loads(r.value or b"{}")
        if r.key in moved and f.get("kind") == "orphan_tool_result" and off >= positions.get(part, 0):
            after_orphans.add((r.key, str(f.get("call_id"))))
    alone = _orphans_alone(inputs, moved, s.input_topic, engine)
    per_partition = _orphans_per_partition(inputs, positions, moved, s.input_topic, engine)
    # a moved conversation has nothing left in its old partition: no output of it there after the change (the
    # per-partition rebuild keeps its stale state there, whose timers make up placeholders for calls answered in
    # the new partition)
    left_behind = [rid_of(r.headers) for recs in got.values() for r in recs if r.key in moved
                   and int(rid_of(r.headers).split(":")[2]) >= positions.get(int(rid_of(r.headers).split(":")[1]), 0)
                   and int(rid_of(r.headers).split(":")[1]) == kafka_partition(r.key, 4)]
    stale = _left_behind_per_partition(inputs, positions, moved, s.input_topic, engine)
    fault_row["note"] = (f"{n} events, {delivery}; input 4 -> 8 partitions, {len(moved)} conversations moved: "
                         f"`recover --repartition --by-conversation` {rebuilt_s:.0f}s, then equal to the offline pass "
                         f"by conversation; orphan results of moved conversations after the change: "
                         f"{len(after_orphans)} ({len(after_orphans - alone)} not in their whole history; the "
                         f"per-partition rebuild: {len(per_partition - alone)}); outputs of moved conversations in "
                         f"their old partition after the change: {len(left_behind)} (the per-partition rebuild: "
                         f"{stale})")
    assert cmp.clean(exactly_once=delivery == "exactly_once"), cmp.details()
    assert not after_orphans - alone, sorted(after_orphans - alone)[:5]
    assert per_partition - alone, "the case never made a moved conversation answer a call across the change"
    assert not left_behind, left_behind[:5]


def _last_ts(items: list[tuple[bytes | None, bytes]]) -> int:
    last = 0
    for _, value in items:
        ts = merge_key(0, 0, value)[0]
        last = max(last, ts)
    return last


def _left_behind_per_partition(inputs: list[Any], positions: dict[int, int], keys: set[bytes], topic: str,
                               engine: Any) -> int:
    """Outputs of moved conversations in their old partition after the change, with the per-partition rebuild."""
    procs: dict[int, PartitionProcessor] = {}
    n = 0
    for r in sorted(inputs, key=lambda r: (r.partition, r.offset)):
        proc = procs.setdefault(r.partition, PartitionProcessor(topic, r.partition, engine))
        for o in proc.process(r.offset, r.key, r.value, r.headers, r.timestamp):
            n += (o.key in keys and r.offset >= positions.get(r.partition, 0) and r.partition < 4
                  and kafka_partition(o.key, 4) == r.partition)
    return n


def _orphans_alone(inputs: list[Any], keys: set[bytes], topic: str, engine: Any) -> set[tuple[bytes, str]]:
    """(conversation, call id) of the orphan results the engine gives over each conversation's records alone."""
    procs: dict[bytes, PartitionProcessor] = {}
    found: set[tuple[bytes, str]] = set()
    for i, r in enumerate(sorted(inputs, key=lambda r: merge_key(r.partition, r.offset, r.value))):
        if r.key in keys:
            proc = procs.setdefault(r.key, PartitionProcessor(topic, 0, engine))
            for o in proc.process(i, r.key, r.value, r.headers, r.timestamp):
                f = orjson.loads(o.value) if o.kind == "findings" else {}
                if f.get("kind") == "orphan_tool_result":
                    found.add((r.key, str(f.get("call_id"))))
    return found


def _orphans_per_partition(inputs: list[Any], positions: dict[int, int], keys: set[bytes], topic: str,
                           engine: Any) -> set[tuple[bytes, str]]:
    """The same after the change with the per-partition rebuild: each partition's own records only."""
    procs: dict[int, PartitionProcessor] = {}
    found: set[tuple[bytes, str]] = set()
    for r in sorted(inputs, key=lambda r: (r.partition, r.offset)):
        proc = procs.setdefault(r.partition, PartitionProcessor(topic, r.partition, engine))
        for o in proc.process(r.offset, r.key, r.value, r.headers, r.timestamp):
            f = orjson.loads(o.value) if o.kind == "findings" else {}
            if (r.key in keys and r.offset >= positions.get(r.partition, 0)
                    and f.get("kind") == "orphan_tool_result"):
                found.add((r.key, str(f.get("call_id"))))
    return found


async def add_partitions(bootstrap: str, topics: list[str], count: int) -> None:
    """Topics grown to `count` partitions in one admin request (what `kafka-topics --alter --partitions` does,
    without starting a JVM for each topic)."""
    from aiokafka.admin import NewPartitions

    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        await admin.create_partitions({t: NewPartitions(total_count=count) for t in topics})
    finally:
        await admin.close()


DISK_MB = 64  # the broker's log directory when it fills (issue #35 row 10)


@needs_kafka
@pytest.mark.on_demand
@pytest.mark.timeout(420)
@pytest.mark.parametrize("delivery", ["at_least_once", "exactly_once"])
async def test_the_broker_disk_fills(tmp_path: Path, fault_row: dict[str, Any], delivery: str) -> None:
    """Issue #35 row 10. A broker of its own whose log directory is a 64 MB tmpfs (root: `mount -t tmpfs`).
    Mid-stream, the directory fills (a file takes all but 512 KB, what a neighbour on the volume would do): the
    broker's next writes fail, its log directory goes offline and, the only one it has (the metadata log is
    there too), the broker stops. The worker stays up, /readyz fails; the volume is grown (the file removed, the
    tmpfs remounted at 256 MB) and the broker started again on the same data: the worker resumes by itself, ends
    with exit 0 and no traceback, and every output topic equals the offline pass (read committed for exactly
    once). A committed offset left pending by a transaction the broker had not finished is waited for at most
    `stable_offsets_wait_s` at a time, named, and retried (rows 10-11)."""
    from tests.support.brokers import start_kafka

    wd = tmp_path / "kafka"
    data = wd / "data"
    data.mkdir(parents=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={DISK_MB}m", "tmpfs", str(data)],
                             capture_output=True, text=True, check=False)
    if mounted.returncode != 0:
        pytest.fail(f"a size-limited log directory needs root (mount -t tmpfs): {mounted.stderr.strip()}")
    filler = data / "neighbour.bin"
    try:
        with start_kafka(workdir=wd) as kafka:
            assert kafka.control is not None
            s = settings_for(kafka.bootstrap, max_batch=250, delivery=delivery, broker_unreachable_s=5.0,
                             stable_offsets_wait_s=5.0)
            await create(s)
            items = stream(6000, SEED + 26, s)
            n = len(items)
            log = tmp_path / "w.log"
            await produce(kafka.bootstrap, s.input_topic, items[: n // 2])
            statuses: list[tuple[float, int]] = []
            with WorkerProc(s, log, EOS if delivery == "exactly_once" else None) as w:
                await wait_until(lambda: _progressing(w, s, n // 4), 120)
                await produce(kafka.bootstrap, s.input_topic, items[n // 2:])  # stored before the disk fills
                st = os.statvfs(data)
                free = st.f_bavail * st.f_frsize
                with open(filler, "wb") as f, contextlib.suppress(OSError):  # all but 512 KB: the next outputs
                    for _ in range((free - (512 << 10)) >> 20):  # do not fit (full already: so be it)
                        f.write(b"\0" * (1 << 20))
                        f.flush()
                t0 = time.monotonic()
                pid = kafka.control.pid()
                down_s = None
                while time.monotonic() - t0 < 90:  # the broker stops; the worker is watched meanwhile
                    assert w.alive(), w.tail()
                    statuses.append((time.monotonic() - t0, (await w.http("/readyz"))[0]))
                    if down_s is None and (pid is None or not _alive(pid)):
                        down_s = time.monotonic() - t0
                    if down_s is not None and time.monotonic() - t0 > down_s + s.broker_unreachable_s + 5:
                        break
                    await asyncio.sleep(0.5)
                # grown: the neighbour's file goes, the volume gets larger; the broker starts again on its data
                filler.unlink()
                subprocess.run(["mount", "-o", "remount,size=256m", str(data)], check=True)
                if down_s is None:
                    kafka.control.stop()
                kafka.control.start()
                await wait_until(lambda: _progressing(w, s, n), 180)
                rc = await w.stop()
            text = log.read_text(errors="replace")
            cmp, _ = await compare(kafka.bootstrap, s, isolation_level=isolation(s))
            server = (wd / "server.log").read_text(errors="replace") if (wd / "server.log").exists() else ""
    finally:
        filler.unlink(missing_ok=True)
        subprocess.run(["umount", "-l", str(data)], check=False)
    cmp.row(fault_row)
    not_ready = [t for t, r in statuses if r != 200]
    pending = text.count("kafka-transactions --bootstrap-server B find-hanging")
    fault_row["note"] = (f"{n} events, {delivery}; {DISK_MB} MB log dir filled: broker "
                         + (f"stopped after {down_s:.0f}s" if down_s is not None else "did NOT stop (restarted)")
                         + (f", /readyz failed from +{not_ready[0]:.0f}s" if not_ready else ", /readyz stayed 200")
                         + f"; {pending} pending-commit waits named; grown to 256 MB, restarted; exit {rc}")
    assert "No space left on device" in server or "KafkaStorageException" in server or down_s is not None, \
        "the disk did not fill: nothing was tested"
    assert cmp.clean(exactly_once=delivery == "exactly_once"), cmp.details()
    assert rc == 0, text[-3000:]
    assert "Traceback" not in text, text[-3000:]
    assert down_s is None or not_ready, statuses


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def reset_offsets(s: Settings, broker: Any, *how: str) -> Any:
    return kafka_tool_ok("kafka-consumer-groups", "--bootstrap-server", broker.bootstrap, "--group", s.group_id,
                         "--reset-offsets", "--topic", s.input_topic, *how, "--execute")


@needs_kafka
@pytest.mark.parametrize("how", [("--shift-by", "-500"), ("--to-earliest",)], ids=["shift-by-500", "to-earliest"])
@pytest.mark.parametrize("delivery", ["at_least_once", "exactly_once"])
async def test_offsets_reset_back_while_the_workers_are_stopped(broker, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                fault_row: dict[str, Any], delivery: str,
                                                                how: tuple[str, ...]) -> None:
    """Issue #35 rows 3 and 4. With the workers stopped, the group's offsets are moved back with
    kafka-consumer-groups --reset-offsets (--shift-by -500 per partition, or --to-earliest: every record again;
    a commit without toolmend's state marker, behind the state). The worker names the reset, rebuilds each
    partition's state up to the new position from the input (to-earliest: empty), counts the records read again,
    and no id is ever written with a second value: every output topic equals the offline pass (duplicates of
    identical records allowed: a reset asks for them, also exactly once)."""
    s = settings_for(broker.bootstrap, max_batch=250, delivery=delivery)
    await create(s)
    items = stream(5000, SEED + 24, s)
    n = len(items)
    log = tmp_path / "w.log"
    env = EOS if delivery == "exactly_once" else None
    await produce(broker.bootstrap, s.input_topic, items[: n // 2])
    await run_to_end(s, n // 2, log, env=env)
    before = await committed_positions(s)
    await reset_offsets(s, broker, *how)
    after = await committed_positions(s)
    await produce(broker.bootstrap, s.input_topic, items[n // 2:])
    with WorkerProc(s, log, env) as w:
        await wait_until(lambda: _progressing(w, s, n), 180)
        replayed = await w.metric("toolmend_input_replayed_records_total")
        rc = await w.stop()
    text = log.read_text(errors="replace")
    cmp, _ = await compare(broker.bootstrap, s, isolation_level=isolation(s))
    cmp.row(fault_row)
    moved = sum(before[p] - after[p] for p in before)
    fault_row["note"] = (f"{n} events, {delivery}, {' '.join(how)}; offsets moved back {moved} in all; "
                         f"{replayed:.0f} counted as "
                         f"read again; exit {rc}")
    assert cmp.clean(), cmp.details()
    assert cmp.total("conflicting") == 0
    assert rc == 0, w.tail()
    assert moved > 0 and replayed == moved, (before, after, replayed)
    assert "offsets were reset back" in text and "rebuilding its state from the input" in text, text[-3000:]


@needs_kafka
async def test_offsets_reset_forward_are_named_as_a_reset(broker, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                          fault_row: dict[str, Any]) -> None:
    """Issue #35 row 5. The group's offsets are moved forward 300 per partition (--shift-by +300) past records
    not processed yet: the worker refuses to start (exit 2) and names the offset reset (not a deleted, truncated
    or replaced changelog) and the ways out; `toolmend recover --rebuild` then takes the new offsets (the skipped
    records count in the state, without outputs) and every other output equals the offline pass."""
    s = settings_for(broker.bootstrap, max_batch=250)
    await create(s)
    items = stream(4000, SEED + 25, s)
    n = len(items)
    log = tmp_path / "w.log"
    await produce(broker.bootstrap, s.input_topic, items[: n // 2])
    await run_to_end(s, n // 2, log)
    before = await committed_positions(s)
    await produce(broker.bootstrap, s.input_topic, items[n // 2:])
    await reset_offsets(s, broker, "--shift-by", "300")
    after = await committed_positions(s)
    with WorkerProc(s, log) as w:
        rc = await w.wait(60)
        refused = w.tail()
    assert rc == 2, refused
    assert "offsets were reset forward" in refused and "undo the reset" in refused, refused
    assert "deleted" not in refused.splitlines()[-1], refused
    rec = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "processor.shell.cli", "recover",
                                                   "--rebuild"], env=env_for(s), capture_output=True, text=True,
                                  timeout=180, cwd=REPO)
    assert rec.returncode == 0, rec.stderr[-3000:]
    skipped = {(p, o) for p in before for o in range(before[p], after[p])}
    with WorkerProc(s, log) as w2:
        total = sum((await read_all_ends(broker.bootstrap, s.input_topic)).values())
        await wait_until(lambda: _progressing(w2, s, total), 180)
        rc2 = await w2.stop()
    # the offline pass, with the outputs made while the skipped records were processed dropped: the rebuild
    # ran them into the state without writing anything (held messages they released included)
    inputs = await read_all(broker.bootstrap, s.input_topic)
    engine = await output_limits(s, s.engine_config())
    want: dict[str, dict[str, Any]] = {k: {} for k in topics_of(s)}
    procs: dict[int, PartitionProcessor] = {}
    for r in sorted(inputs, key=lambda r: (r.partition, r.offset)):
        proc = procs.setdefault(r.partition, PartitionProcessor(s.input_topic, r.partition, engine))
        outs = proc.process(r.offset, r.key, r.value, r.headers, r.timestamp)
        if (r.partition, r.offset) not in skipped:
            for o in outs:
                want[o.kind][rid_of(o.headers)] = (o.key, o.value, tuple(o.headers))
    cmp = Comparison({kind: diff(kind, want[kind], await read_all(broker.bootstrap, t, timeout_s=60))
                      for kind, t in topics_of(s).items()})
    cmp.row(fault_row)
    fault_row["note"] = (f"{n} events; offsets moved forward past {len(skipped)} records: refused (exit 2, named "
                         f"as a reset); recover --rebuild, then equal to the offline pass (skipped records' own "
                         f"outputs left out)")
    assert cmp.clean(), cmp.details()
    assert rc2 == 0


async def read_all_ends(bootstrap: str, topic: str) -> dict[int, int]:
    return input_ends(await read_all(bootstrap, topic))
