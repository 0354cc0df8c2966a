"""A member paused past its session timeout (SIGSTOP) while another takes its partitions writes nothing that
differs from what the new owner writes (at most a copy of one batch's records, the lease's one window), and the run
ends with exactly the output of one offline pass."""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path

import pytest

from tests.integration.harness import (
    Progress,
    by_id,
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


async def test_a_paused_member_is_fenced_when_it_wakes(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, max_batch=20)  # session 2 s, heartbeats every 0.3 s (harness.FAST)
    await create(s)
    items = traffic(300, seed=21)
    first = len(items) * 2 // 3
    await produce(broker.bootstrap, s.input_topic, items[:first])
    log = tmp_path / "zombie.log"
    with worker_process(s, log) as zombie:
        async with Progress(s) as progress:
            # paused mid-stream: part of the input committed, fetched records waiting in its buffers
            deadline = time.monotonic() + 90
            while await progress.committed() < first // 4 and time.monotonic() < deadline:
                await asyncio.sleep(0.005)
            zombie.send_signal(signal.SIGSTOP)
            paused_at = await progress.committed()
        assert paused_at < first, "the member finished before it could be paused"
        try:
            async with worker(s) as b:
                # the group expires the paused member and hands every partition to b, which restores and catches up
                await wait_until(lambda: len(b.assigned) == s.partitions and not b.restoring, 60)
                await wait_until(lambda: caught_up(s, first), 90)
                before = {t: await read_all(broker.bootstrap, t) for t in (s.output_topic, s.findings_topic or "",
                                                                          s.changelog_topic)}
                zombie.send_signal(signal.SIGCONT)
                # the woken member finds its session gone, drops what it held, rejoins; the group rebalances
                await wait_until(lambda: "fenced" in log.read_text(), 30)
                await wait_until(lambda: len(b.assigned) < s.partitions and not b.restoring, 60)
                await asyncio.sleep(2)
                # nothing new was written since: no new input for b, and what the woken member held (a batch in
                # progress, records its producer had not sent yet) was fenced, not shipped. The one window the
                # lease leaves (worker/fencing.py: a pause after a produce request's lease check, before it reaches
                # the socket) lets one shipment step through on waking: copies of records b wrote, same ids and
                # bytes, from at most one batch of input (seen under load: 19 of a 20-record batch)
                for topic, old in before.items():
                    new = await read_all(broker.bootstrap, topic)
                    seen = {(r.partition, r.offset) for r in old}
                    written = [r for r in new if (r.partition, r.offset) not in seen]
                    if topic == s.changelog_topic:
                        pairs = {(r.key, r.value) for r in old}
                        differ = [r for r in written if (r.key, r.value) not in pairs]
                    else:
                        ids = by_id(old)
                        differ = [r for r in written if ids.get((r.header("toolmend-id") or b"").decode()) != r.value]
                        sources = {r.header("toolmend-source") for r in written}
                        assert len(sources) <= s.max_batch, (f"{len(written)} copies in {topic} from {len(sources)} "
                                                             "input records: more than one batch")
                    where = [(r.partition, r.offset, r.headers[:2]) for r in differ[:5]]
                    assert differ == [], (f"{len(differ)} of {len(written)} records of {topic} written after the "
                                          f"wake-up are no copies of earlier ones: {where}")
                # both members share the rest of the stream
                await produce(broker.bootstrap, s.input_topic, items[first:])
                await wait_until(lambda: caught_up(s, len(items)), 90)
        finally:
            if zombie.poll() is None:
                zombie.send_signal(signal.SIGCONT)
                zombie.send_signal(signal.SIGTERM)
                zombie.wait(30)
    text = log.read_text()
    assert "fenced" in text, text[-3000:]
    inputs = await read_all(broker.bootstrap, s.input_topic)
    want = expected(inputs, s)
    assert by_id(await read_all(broker.bootstrap, s.output_topic)) == {r["id"]: r["value"] for r in want["repaired"]}
    assert by_id(await read_all(broker.bootstrap, s.findings_topic or "")) == {
        r["id"]: r["value"] for r in want["findings"]}
