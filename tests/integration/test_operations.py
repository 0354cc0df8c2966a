"""An operator's first day on Apache Kafka 4.4 with Kafka's own tools: topics made with kafka-topics (the broker
creates none on first use), test traffic through kafka-console-producer or straight from `toolmend generate`,
a worker that names a missing topic instead of waiting for it."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest

from tests.integration.harness import REPO, env_for, read_all, settings_for
from tests.support.brokers import KAFKA_LOCAL

pytestmark = [pytest.mark.kafka, pytest.mark.needs_kafka, pytest.mark.timeout(300)]


def tool(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["bash", str(KAFKA_LOCAL), "tool", *args], input=stdin, capture_output=True, timeout=180,
                          check=False, env={**os.environ})


def toolmend(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "processor.shell.cli", *args], capture_output=True, text=True,
                          cwd=REPO, timeout=180, check=False, env=env or {"PATH": os.environ["PATH"]})


async def test_kafkas_own_tools_feed_the_worker_its_test_traffic(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    b = broker.bootstrap
    made = await asyncio.to_thread(tool, "kafka-topics", "--bootstrap-server", b, "--create", "--topic", "ops.in",
                                   "--partitions", "2")
    assert made.returncode == 0, made.stderr.decode()[-2000:]
    listed = await asyncio.to_thread(tool, "kafka-topics", "--bootstrap-server", b, "--list")
    assert "ops.in" in listed.stdout.decode().split()

    lines = toolmend("generate", "--conversations", "3", "--format", "kafka-console", "--partitions", "2")
    assert lines.returncode == 0, lines.stderr
    sent = await asyncio.to_thread(tool, "kafka-console-producer", "--bootstrap-server", b, "--topic", "ops.in",
                                   "--property", "parse.key=true", stdin=lines.stdout.encode())
    assert sent.returncode == 0, sent.stderr.decode()[-2000:]
    got = await read_all(b, "ops.in")
    want = [ln.split("\t", 1) for ln in lines.stdout.splitlines()]
    assert sorted((r.key or b"", r.value) for r in got) == sorted((k.encode(), v.encode()) for k, v in want)

    # the broker does not create a mistyped topic on first use: generate says so, in one line
    missing = toolmend("generate", "--bootstrap-servers", b, "--topic", "ops.no-such", "--conversations", "1")
    assert missing.returncode == 2 and missing.stderr.strip() == \
        f"toolmend generate: topic ops.no-such not found on {b} (create it first)"
    assert "ops.no-such" not in (await asyncio.to_thread(tool, "kafka-topics", "--bootstrap-server", b,
                                                         "--list")).stdout.decode().split()


async def test_generate_produces_to_a_cluster_dated_now(broker) -> None:  # type: ignore[no-untyped-def]
    b = broker.bootstrap
    assert (await asyncio.to_thread(tool, "kafka-topics", "--bootstrap-server", b, "--create", "--topic",
                                    "ops.live", "--partitions", "3")).returncode == 0
    before = int(time.time() * 1000)
    r = await asyncio.to_thread(toolmend, "generate", "--bootstrap-servers", b, "--topic", "ops.live",
                                "--conversations", "2", "--max-events", "12", "--speed", "20")
    assert r.returncode == 0, r.stderr
    # (a run past 5 s prints progress lines first: the summary is the last line)
    assert r.stderr.strip().splitlines()[-1].startswith("toolmend generate: 12 records sent to ops.live in ")
    recs = await read_all(b, "ops.live")
    assert len(recs) == 12
    for rec in recs:  # dated now, within the worker's allowed skew of its record timestamp
        ts = orjson.loads(rec.value or b"{}").get("ts")
        if isinstance(ts, int):
            assert before - 1000 <= ts and abs(ts - rec.timestamp) < 300_000


async def test_a_missing_input_topic_with_creation_off_stops_the_worker_naming_it(broker) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, create_topics=False, input_topic="ops.typo")
    r = await asyncio.to_thread(toolmend, "run", env={**env_for(s), "PATH": os.environ["PATH"]})
    assert r.returncode == 2, r.stderr[-2000:]
    line = [ln for ln in r.stderr.splitlines() if ln.startswith("toolmend run:")]
    assert len(line) == 1 and "ops.typo" in line[0] and "create_topics is off" in line[0]
    assert "Traceback" not in r.stderr


def test_a_first_deploy_on_a_fresh_cluster_logs_no_error(tmp_path: Path) -> None:
    """A Kafka started a moment ago has no group coordinator yet and the worker's new topics no leaders: aiokafka
    reports both at ERROR and retries. The worker logs them at INFO: a first deploy pages nobody."""
    import shutil
    import signal
    import tempfile
    import urllib.request

    from tests.integration.harness import event
    from tests.support.brokers import free_ports

    d = Path(tempfile.mkdtemp(prefix="toolmend-kafka-fresh-"))
    port, controller, metrics = free_ports(3)
    base = ["bash", str(KAFKA_LOCAL)]
    start = subprocess.run([*base, "start", "--port", str(port), "--controller-port", str(controller), "--dir",
                            str(d / "kafka")], capture_output=True, text=True, timeout=300, check=False)
    log = tmp_path / "worker.log"
    try:
        assert start.returncode == 0, start.stderr[-2000:]
        s = settings_for(f"127.0.0.1:{port}", metrics_port=metrics, partitions=2)
        with open(log, "wb") as out:
            proc = subprocess.Popen([sys.executable, "-m", "processor.shell.cli", "run", "--log-format", "json"],
                                    env={**env_for(s), "PATH": os.environ["PATH"]}, stdout=out,
                                    stderr=subprocess.STDOUT, cwd=REPO)
        try:
            deadline = time.monotonic() + 120
            ready = False
            while time.monotonic() < deadline and not ready and proc.poll() is None:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{metrics}/readyz", timeout=2) as r:
                        ready = r.status == 200
                except OSError:
                    time.sleep(0.5)
            assert ready, log.read_text()[-3000:]
            asyncio.run(_produce_one(s.bootstrap_servers, s.input_topic, event("c", 1_767_225_600_000)))
            time.sleep(2)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(60)
        lines = [orjson.loads(ln) for ln in log.read_bytes().splitlines() if ln.startswith(b"{")]
        assert lines, log.read_text()[-3000:]
        transient = [ln for ln in lines if "CoordinatorNotAvailable" in ln["msg"] or "NotLeader" in ln["msg"]]
        assert all(ln["level"] == "INFO" for ln in transient), transient
        assert [ln for ln in lines if ln["level"] in ("ERROR", "CRITICAL")] == []
    finally:
        subprocess.run([*base, "stop", "--dir", str(d / "kafka")], capture_output=True, timeout=120, check=False)
        shutil.rmtree(d, ignore_errors=True)


async def _produce_one(bootstrap: str, topic: str, item: tuple[bytes, bytes]) -> None:
    from tests.integration.harness import produce

    await produce(bootstrap, topic, [item])
