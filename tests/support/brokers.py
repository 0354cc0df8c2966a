"""Real Kafka-protocol brokers for tests: the embedded Tansu broker, or Apache Kafka 4.x via Maven jars.

Both context managers yield a :class:`RunningBroker`. Import as ``from tests.support.brokers import ...``
(``tests/`` is a package).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from processor.shell.embedded_broker import EmbeddedBroker

__all__ = [
    "KAFKA_LOCAL",
    "BrokerKind",
    "RunningBroker",
    "free_port",
    "free_ports",
    "start_broker",
    "start_kafka",
    "start_tansu",
]

REPO = Path(__file__).resolve().parents[2]
KAFKA_LOCAL = REPO / "deploy" / "kafka" / "kafka-local.sh"

BrokerKind = Literal["tansu", "kafka"]


@dataclass(frozen=True)
class RunningBroker:
    kind: BrokerKind
    bootstrap: str
    supports_transactions: bool
    supports_idempotence: bool
    log_path: Path | None
    startup_seconds: float

    def __str__(self) -> str:
        return f"{self.kind}@{self.bootstrap}"


def free_ports(n: int, host: str = "127.0.0.1") -> list[int]:
    """*n* distinct TCP ports that were free on *host* a moment ago (held together while chosen)."""
    with contextlib.ExitStack() as stack:
        socks = [stack.enter_context(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) for _ in range(n)]
        for s in socks:
            s.bind((host, 0))
        return [int(s.getsockname()[1]) for s in socks]


def free_port(host: str = "127.0.0.1") -> int:
    return free_ports(1, host)[0]


@contextlib.contextmanager
def start_tansu() -> Iterator[RunningBroker]:
    """The embedded Tansu broker (memory only): no idempotent producer, no transactions."""
    with EmbeddedBroker() as broker:
        yield RunningBroker(
            kind="tansu",
            bootstrap=broker.bootstrap,
            supports_transactions=False,
            supports_idempotence=False,
            log_path=broker.log_path,
            startup_seconds=broker.startup_seconds or 0.0,
        )


def _kafka_stop(workdir: Path) -> None:
    subprocess.run(
        ["bash", str(KAFKA_LOCAL), "stop", "--dir", str(workdir)],
        check=False,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )


def _spawn_watchdog(workdir: Path) -> subprocess.Popen[bytes]:
    """Stops the broker if this interpreter dies without running its cleanup (e.g. SIGKILL)."""
    script = 'while kill -0 "$1" 2>/dev/null && [ -f "$2/kafka.pid" ]; do sleep 1; done; exec bash "$3" stop --dir "$2"'
    return subprocess.Popen(
        ["bash", "-c", script, "kafka-watchdog", str(os.getpid()), str(workdir), str(KAFKA_LOCAL)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


@contextlib.contextmanager
def start_kafka(*, workdir: Path | None = None, keep_dir: bool = False) -> Iterator[RunningBroker]:
    """Apache Kafka 4.x (single KRaft node) via ``deploy/kafka/kafka-local.sh`` on free loopback ports.

    The jars are fetched into the cache on first use (Maven). The data folder is a temporary one unless
    *workdir* is given; it is removed at exit unless *keep_dir* or the start failed.
    """
    owned = workdir is None
    wd = Path(tempfile.mkdtemp(prefix="toolmend-kafka-")) if workdir is None else workdir
    port, controller_port = free_ports(2)
    started = time.monotonic()
    proc = subprocess.run(
        [
            "bash",
            str(KAFKA_LOCAL),
            "start",
            "--port",
            str(port),
            "--controller-port",
            str(controller_port),
            "--dir",
            str(wd),
        ],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,  # a cold fetch downloads ~45 MB of jars
        check=False,
    )
    if proc.returncode != 0:
        _kafka_stop(wd)
        raise RuntimeError(
            f"kafka-local.sh start failed ({proc.returncode}); dir kept at {wd}\n{proc.stderr}{proc.stdout}"
        )
    startup = time.monotonic() - started
    watchdog = _spawn_watchdog(wd)
    try:
        yield RunningBroker(
            kind="kafka",
            bootstrap=proc.stdout.strip().splitlines()[-1],
            supports_transactions=True,
            supports_idempotence=True,
            log_path=wd / "server.log",
            startup_seconds=startup,
        )
    finally:
        _kafka_stop(wd)
        watchdog.kill()
        watchdog.wait()
        if owned and not keep_dir:
            shutil.rmtree(wd, ignore_errors=True)


@contextlib.contextmanager
def start_broker(kind: BrokerKind) -> Iterator[RunningBroker]:
    if kind == "tansu":
        with start_tansu() as b:
            yield b
    elif kind == "kafka":
        with start_kafka() as b:
            yield b
    else:  # pragma: no cover
        raise ValueError(f"unknown broker kind {kind!r}")
