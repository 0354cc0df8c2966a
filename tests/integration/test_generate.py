"""`toolmend generate` to a topic, as the README's first-day line runs it: as fast as the broker takes the
records, dated so that none runs ahead of its record timestamp, a summary of what was sent; `--rate` paces it; a
record the broker (or the client) refuses is counted as refused with its reason, never as sent, and no delivery
error goes unread ("Future exception was never retrieved")."""

from __future__ import annotations

import asyncio
import logging
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest

from processor.shell.config import Settings
from processor.shell.kafka import ensure_topics
from processor.synth.generate import GeneratedEvent
from processor.synth.produce import produce
from tests.integration.harness import read_all

pytestmark = pytest.mark.kafka
REPO = Path(__file__).resolve().parents[2]


def _generate(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "processor.shell.cli", "generate", *argv], capture_output=True,
                          text=True, timeout=300, cwd=REPO)


async def _topic(bootstrap: str, name: str, partitions: int = 3, **config: str) -> None:
    await ensure_topics(Settings(bootstrap_servers=bootstrap), [(name, partitions, dict(config))])


async def test_the_readme_line_sends_everything_at_once_dated_up_to_now(broker) -> None:  # type: ignore[no-untyped-def]
    topic = f"gen{time.time_ns() % 10**9}"
    await _topic(broker.bootstrap, topic)
    before = int(time.time() * 1000)
    r = await asyncio.to_thread(_generate, "--bootstrap-servers", broker.bootstrap, "--topic", topic,
                                "--conversations", "60", "--seed", "3")
    after = int(time.time() * 1000)
    assert r.returncode == 0, r.stderr
    [summary] = [ln for ln in r.stderr.splitlines() if " records sent to " in ln]
    sent = int(summary.split()[2].replace(",", ""))
    assert summary.startswith(f"toolmend generate: {sent:,} records sent to {topic} in ") and "records/s)" in summary
    assert "Traceback" not in r.stderr and "never retrieved" not in r.stderr
    recs = await read_all(broker.bootstrap, topic)
    assert len(recs) == sent > 500
    stamps = [orjson.loads(rec.value).get("ts") for rec in recs if rec.value and rec.value.startswith(b"{")]
    times = [ts for ts in stamps if isinstance(ts, int)]
    assert max(times) <= after and max(times) >= before - 60_000  # the last event is now: none ahead of the clock
    assert min(times) < before - 10 * 60_000  # 60 conversations span more than ten minutes of event time
    for rec in recs:  # never ahead of its record timestamp (the worker's event-time guard)
        ts = orjson.loads(rec.value).get("ts") if rec.value and rec.value.startswith(b"{") else None
        if isinstance(ts, int):
            assert ts <= rec.timestamp + 1000


async def test_rate_paces_the_records(broker) -> None:  # type: ignore[no-untyped-def]
    topic = f"genrate{time.time_ns() % 10**9}"
    await _topic(broker.bootstrap, topic)
    t0 = time.monotonic()
    r = await asyncio.to_thread(_generate, "--bootstrap-servers", broker.bootstrap, "--topic", topic,
                                "--conversations", "5", "--max-events", "30", "--rate", "20")
    assert r.returncode == 0, r.stderr
    assert time.monotonic() - t0 >= 29 / 20  # the 30th record waits for its slot
    assert "30 records sent to" in r.stderr
    assert len(await read_all(broker.bootstrap, topic)) == 30


async def test_a_refused_record_is_counted_as_refused_never_as_sent(broker, caplog: pytest.LogCaptureFixture) -> None:  # type: ignore[no-untyped-def]
    topic = f"genbig{time.time_ns() % 10**9}"
    limit = 64 * 1024
    kafka: dict[str, object] = {"bootstrap_servers": broker.bootstrap}
    if broker.kind == "kafka":  # the broker refuses: its topic limit, the record acknowledged with an error
        await _topic(broker.bootstrap, topic, 1, **{"max.message.bytes": str(limit)})
    else:  # Tansu enforces no size limit: the client refuses, before sending
        await _topic(broker.bootstrap, topic, 1)
        kafka["max_request_size"] = limit
    events = [GeneratedEvent(f"c{i}".encode(), orjson.dumps({"n": i, "pad": "x" * (200_000 if i == 5 else 10)}),
                             f"c{i}", None) for i in range(12)]
    caplog.set_level(logging.ERROR, logger="asyncio")
    d = await produce(events, topic, kafka)
    await asyncio.sleep(0.1)
    import gc

    gc.collect()  # an unread future's error would be logged when it is collected
    assert d.sent == 11 and dict(d.refused) == {"MessageSizeTooLargeError": 1} and d.handed == 12
    assert "never retrieved" not in caplog.text
    got = await read_all(broker.bootstrap, topic)
    assert sorted(orjson.loads(r.value)["n"] for r in got) == [i for i in range(12) if i != 5]
