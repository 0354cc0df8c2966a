"""Health endpoints through a broker outage, on Apache Kafka stopped and started again on the same ports and data.

/readyz fails once the broker has been silent for `broker_unreachable_s` (the orchestrator stops routing to the
pod and a rollout waits) and recovers when the broker is back; /healthz stays OK meanwhile: the loop turns, and
restarting the worker would not bring the broker back.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.integration.harness import caught_up, create, event, produce, settings_for, wait_until, worker
from tests.support.brokers import KAFKA_LOCAL, free_ports

pytestmark = [pytest.mark.kafka, pytest.mark.needs_kafka, pytest.mark.timeout(300)]


class RestartableKafka:
    """A Kafka of this test's own (the session's broker is shared): stop() and start() keep ports and data."""

    def __init__(self, workdir: Path) -> None:
        self.dir = workdir
        self.port, self.controller_port = free_ports(2)
        self.bootstrap = f"127.0.0.1:{self.port}"

    def _run(self, *args: str) -> None:
        proc = subprocess.run(["bash", str(KAFKA_LOCAL), *args, "--dir", str(self.dir)], capture_output=True,
                              text=True, timeout=300, stdin=subprocess.DEVNULL, check=False)
        assert proc.returncode == 0, proc.stderr + proc.stdout

    def start(self) -> None:
        self._run("start", "--port", str(self.port), "--controller-port", str(self.controller_port))

    def stop(self) -> None:
        self._run("stop")


@contextlib.contextmanager
def restartable_kafka() -> Iterator[RestartableKafka]:
    wd = Path(tempfile.mkdtemp(prefix="toolmend-kafka-outage-"))
    k = RestartableKafka(wd)
    k.start()
    try:
        yield k
    finally:
        k.stop()
        shutil.rmtree(wd, ignore_errors=True)


async def status(port: int, path: str) -> tuple[int, str]:
    def get() -> tuple[int, str]:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    return await asyncio.to_thread(get)


async def test_readiness_fails_while_the_broker_is_unreachable_and_recovers() -> None:
    with restartable_kafka() as kafka:
        s = settings_for(kafka.bootstrap, partitions=2, broker_unreachable_s=3.0)
        await create(s)
        first = [event(f"c{i}", 1_700_000_000_000 + i, {"role": "user", "content": "hi"}) for i in range(20)]
        await produce(kafka.bootstrap, s.input_topic, first)
        async with worker(s) as w:
            await wait_until(lambda: hasattr(w, "http_port"), 10)
            port = w.http_port  # type: ignore[attr-defined]
            await wait_until(lambda: caught_up(s, len(first)), 90)
            assert await status(port, "/readyz") == (200, "ready: 2 partition(s)\n")

            t_stop = time.monotonic()  # the broker goes silent at some point of its controlled shutdown, not before
            await asyncio.to_thread(kafka.stop)

            async def unready() -> bool:
                code, body = await status(port, "/readyz")
                return code == 503 and body.startswith("broker unreachable for")

            await wait_until(unready, 60)
            # the threshold counts from the last answer the broker gave, which may come up to one heartbeat before
            # the stop began (an idle worker hears from it once a heartbeat): never earlier than that
            assert time.monotonic() - t_stop >= s.broker_unreachable_s - s.heartbeat_interval_ms / 1000
            assert (await status(port, "/healthz"))[0] == 200  # the loop turns: no restart for a broker outage
            await asyncio.sleep(4)
            assert await unready()  # stays unready while the broker is away
            assert (await status(port, "/healthz"))[0] == 200

            await asyncio.to_thread(kafka.start)

            seen: list[tuple[int, str]] = []

            async def ready() -> bool:
                seen.append(await status(port, "/readyz"))
                return seen[-1][0] == 200

            await wait_until(ready, 120, why=lambda: f"/readyz still answers {seen[-1:]}")
            second = [event(f"d{i}", 1_700_000_100_000 + i, {"role": "user", "content": "hi"}) for i in range(20)]
            await produce(kafka.bootstrap, s.input_topic, second)
            await wait_until(lambda: caught_up(s, len(first) + len(second)), 90)
            assert (await status(port, "/healthz"))[0] == 200
