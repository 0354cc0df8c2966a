"""A changelog that does not belong with the committed offsets is detected at start; the worker refuses to run
on it, and both ways out work: rebuild the state from the input, or start empty with the reset marked."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from aiokafka.admin import AIOKafkaAdminClient

from processor.shell.config import Settings
from tests.integration.harness import (
    REPO,
    by_id,
    caught_up,
    create,
    env_for,
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


async def lose_the_changelog(s: Settings) -> None:
    """Delete the state topic, as an operator's mistake or a lost volume would."""
    admin = AIOKafkaAdminClient(bootstrap_servers=s.bootstrap_servers)
    await admin.start()
    try:
        await admin.delete_topics([s.changelog_topic])
        for _ in range(100):
            if s.changelog_topic not in set(await admin.list_topics()):
                return
            await asyncio.sleep(0.1)
        raise AssertionError("the state topic was not deleted")
    finally:
        await admin.close()


async def first_pass(s: Settings, items: list[tuple[bytes, bytes]]) -> None:
    await create(s)
    await produce(s.bootstrap_servers, s.input_topic, items)
    async with worker(s):
        await wait_until(lambda: caught_up(s, len(items)), 90)


async def test_a_lost_changelog_is_refused_then_rebuilt_from_the_input(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, max_batch=50)
    items = traffic(120, seed=31)
    half = len(items) // 2
    await first_pass(s, items[:half])
    await lose_the_changelog(s)
    await produce(broker.bootstrap, s.input_topic, items[half:])
    log = tmp_path / "w.log"
    with worker_process(s, log) as p:
        rc = await asyncio.to_thread(p.wait, 90)
    text = log.read_text()
    assert rc == 2, text[-3000:]
    assert "toolmend recover --rebuild" in text and "--start-empty" in text
    assert "is missing from" in text and "partition(s) 0 (committed offset" in text
    outputs_before = len(await read_all(broker.bootstrap, s.output_topic))
    r = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "processor.shell.cli", "recover", "--rebuild"],
                                env=env_for(s), capture_output=True, text=True, timeout=120, cwd=REPO)
    assert r.returncode == 0, r.stderr[-3000:]
    rebuilt = orjson.loads(r.stdout.strip().splitlines()[-1])["rebuilt"]
    assert sorted(x["partition"] for x in rebuilt) == list(range(s.partitions))
    assert sum(x["records"] for x in rebuilt) == half
    assert len(await read_all(broker.bootstrap, s.output_topic)) == outputs_before  # state only, no outputs
    async with worker(s) as w:
        await wait_until(lambda: caught_up(s, len(items)), 90)
        assert w.metrics.registry.get_sample_value("toolmend_state_resets_total") == 0
    # the rebuilt state is the one the first pass had: the whole run is one uninterrupted pass
    want = expected(await read_all(broker.bootstrap, s.input_topic), s)
    assert by_id(await read_all(broker.bootstrap, s.output_topic)) == {r["id"]: r["value"] for r in want["repaired"]}
    assert by_id(await read_all(broker.bootstrap, s.findings_topic or "")) == {
        r["id"]: r["value"] for r in want["findings"]}


async def test_a_changelog_replaced_by_a_copy_of_its_last_records_is_refused(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The state topic recreated with only the last record of each partition, headers and all (its latest meta
    record: the watermark and offset the committed positions expect): the conversations are gone, and the
    markers tell (the commit's, where the broker keeps commit metadata; the meta record's own header, which
    names where the previous one landed, everywhere)."""
    from aiokafka import AIOKafkaProducer

    s = settings_for(broker.bootstrap, max_batch=50)
    items = traffic(60, seed=33)
    await first_pass(s, items)
    kept = {}
    for r in await read_all(broker.bootstrap, s.changelog_topic):
        if r.partition not in kept or r.offset > kept[r.partition].offset:
            kept[r.partition] = r
    await lose_the_changelog(s)
    await create(s)
    p = AIOKafkaProducer(bootstrap_servers=broker.bootstrap)
    await p.start()
    try:
        for r in kept.values():
            await (await p.send(s.changelog_topic, r.value, key=r.key, partition=r.partition, headers=r.headers))
    finally:
        await p.stop()
    assert all(r.key == b"\x00toolmend-partition-meta" for r in kept.values())
    log = tmp_path / "w.log"
    with worker_process(s, log) as w:
        rc = await asyncio.to_thread(w.wait, 90)
    text = log.read_text()
    assert rc == 2, text[-3000:]
    assert "the changelog was replaced" in text and "toolmend recover --rebuild" in text


async def test_an_unreadable_state_record_is_refused_then_rebuilt(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A partition's last meta record cannot be read (written by something else, or damaged): where it resumes and
    with which watermark is unknown. Refused like lost state, naming the partition; the rebuild brings it back."""
    from aiokafka import AIOKafkaProducer

    s = settings_for(broker.bootstrap, max_batch=50)
    items = traffic(80, seed=34)
    half = len(items) // 2
    await first_pass(s, items[:half])
    p = AIOKafkaProducer(bootstrap_servers=broker.bootstrap)
    await p.start()
    try:
        await (await p.send(s.changelog_topic, b'{"wm": "garbage", "o": ', key=b"\x00toolmend-partition-meta",
                            partition=2))
    finally:
        await p.stop()
    await produce(broker.bootstrap, s.input_topic, items[half:])
    log = tmp_path / "w.log"
    with worker_process(s, log) as w:
        rc = await asyncio.to_thread(w.wait, 90)
    text = log.read_text()
    assert rc == 2, text[-3000:]
    assert "partition(s) 2 (" in text and "cannot be read" in text
    r = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "processor.shell.cli", "recover", "--rebuild"],
                                env=env_for(s), capture_output=True, text=True, timeout=120, cwd=REPO)
    assert r.returncode == 0, r.stderr[-3000:]
    assert [x["partition"] for x in orjson.loads(r.stdout.strip().splitlines()[-1])["rebuilt"]] == [2]
    async with worker(s):
        await wait_until(lambda: caught_up(s, len(items)), 90)
    want = expected(await read_all(broker.bootstrap, s.input_topic), s)
    assert by_id(await read_all(broker.bootstrap, s.output_topic)) == {r["id"]: r["value"] for r in want["repaired"]}


async def test_start_empty_goes_on_and_marks_the_reset(broker) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, max_batch=50)
    items = traffic(60, seed=32)
    half = len(items) // 2
    await first_pass(s, items[:half])
    await lose_the_changelog(s)
    await produce(broker.bootstrap, s.input_topic, items[half:])
    empty = s.model_copy(update={"start_empty": True})
    async with worker(empty) as w:
        await wait_until(lambda: caught_up(s, len(items)), 90)
        resets = w.metrics.registry.get_sample_value("toolmend_state_resets_total")
    assert resets == s.partitions
    marks = [orjson.loads(r.value or b"") for r in await read_all(broker.bootstrap, s.findings_topic or "")
             if r.header("toolmend-kind") == b"state_reset"]
    assert sorted(m["partition"] for m in marks) == list(range(s.partitions))
    # written once the state is back: a restart finds it consistent and starts without the flag
    async with worker(s) as again:
        await wait_until(lambda: again.assigned and not again.restoring, 60)
        assert again.failed is None
