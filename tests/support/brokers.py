"""Real Kafka-protocol brokers for tests: the embedded Tansu broker, or Apache Kafka 4.x via Maven jars.

Both context managers yield a :class:`RunningBroker`. Import as ``from tests.support.brokers import ...``
(``tests/`` is a package).
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import signal
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
    "BrokerControl",
    "BrokerKind",
    "RunningBroker",
    "end_offsets_exact",
    "free_port",
    "free_ports",
    "start_broker",
    "start_kafka",
    "start_tansu",
]

REPO = Path(__file__).resolve().parents[2]
KAFKA_LOCAL = REPO / "deploy" / "kafka" / "kafka-local.sh"

BrokerKind = Literal["tansu", "kafka"]


class BrokerControl:
    """Fault injection on a running broker (tests/integration/test_faults.py).

    ``freeze``/``thaw`` stop and continue the broker process (SIGSTOP/SIGCONT): connections stay open and go
    silent, any broker. ``stop``/``start`` shut the broker down and start it again on the same ports and data
    folder: only a broker that keeps its data (Apache Kafka; Tansu here is memory-only, ``restartable`` False).
    """

    restartable = False

    def pid(self) -> int | None:
        raise NotImplementedError

    def freeze(self) -> None:
        pid = self.pid()
        assert pid is not None, "broker is not running"
        os.kill(pid, signal.SIGSTOP)

    def thaw(self) -> None:
        pid = self.pid()
        assert pid is not None, "broker is not running"
        os.kill(pid, signal.SIGCONT)

    def stop(self) -> None:
        raise NotImplementedError(f"{type(self).__name__} cannot restart with its data")

    def start(self) -> None:
        raise NotImplementedError(f"{type(self).__name__} cannot restart with its data")


class _TansuControl(BrokerControl):
    def __init__(self, broker: EmbeddedBroker) -> None:
        self._broker = broker

    def pid(self) -> int | None:
        return self._broker.pid


class _KafkaControl(BrokerControl):
    restartable = True

    def __init__(self, workdir: Path, port: int, controller_port: int) -> None:
        self.workdir = workdir
        self.port = port
        self.controller_port = controller_port
        self.watchdog: subprocess.Popen[bytes] | None = None

    def pid(self) -> int | None:
        f = self.workdir / "kafka.pid"
        return int(f.read_text().strip()) if f.exists() else None

    def stop(self) -> None:
        _kafka_stop(self.workdir)

    def start(self) -> None:
        """The same node again: same ports, same data folder (its topics, offsets and groups)."""
        _kafka_start(self.workdir, self.port, self.controller_port)
        if self.watchdog is not None:  # the previous one left when the pid file went away
            self.watchdog.kill()
            self.watchdog.wait()
        self.watchdog = _spawn_watchdog(self.workdir)


@dataclass(frozen=True)
class RunningBroker:
    kind: BrokerKind
    bootstrap: str
    supports_transactions: bool
    supports_idempotence: bool
    log_path: Path | None
    startup_seconds: float
    control: BrokerControl | None = None

    def __str__(self) -> str:
        return f"{self.kind}@{self.bootstrap}"


# Ports for the services a test starts. A port is chosen, released, then bound by the service a moment (a JVM's
# start: seconds) later. Chosen by bind(0) it comes from the OS's ephemeral range, where every other bind(0) and
# every outgoing connection takes its port too: another xdist worker's choice or any client's connection could
# take it in between. So they come from below that range (net.ipv4.ip_local_port_range), from a slice of their
# own per pytest-xdist worker (PYTEST_XDIST_WORKER gw0, gw1, ...; within this run's share of the range when two
# runs go at once: TOOLMEND_TEST_PORTS), handed out in turn from a random start (two
# runs on one machine rarely meet), each checked free by binding it.
_PORTS_LOW = 10000


def _ephemeral_low() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def _run_share(low: int, high: int) -> tuple[int, int]:
    """The part of [low, high) this pytest run may use: all of it, or share i of n (`TOOLMEND_TEST_PORTS=i/n`)
    when tests/run.sh runs two pytest runs at once (their workers are both gw0, gw1, ...)."""
    share = os.environ.get("TOOLMEND_TEST_PORTS", "").strip()
    if not share:
        return low, high
    i, _, n = share.partition("/")
    if not (i.isdigit() and n.isdigit() and 0 <= int(i) < int(n)):
        raise ValueError(f"TOOLMEND_TEST_PORTS={share!r}: expected i/n with 0 <= i < n")
    size = (high - low) // int(n)
    return low + int(i) * size, low + (int(i) + 1) * size


def _worker_slice() -> range:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)
    index = int(worker) if worker.isdigit() else 0
    low, high = _run_share(_PORTS_LOW, _ephemeral_low())
    size = (high - low) // max(count, index + 1)
    start = low + index * size
    return range(start, start + size)


class _PortSource:
    def __init__(self) -> None:
        self.ports = _worker_slice()
        self.next = random.randrange(len(self.ports)) if len(self.ports) > 0 else 0

    def take(self, stack: contextlib.ExitStack, host: str) -> socket.socket:
        """A socket bound to the next free port of this worker's slice (bind(0) if the slice is empty)."""
        for _ in range(max(len(self.ports), 1)):
            sock = stack.enter_context(socket.socket(socket.AF_INET, socket.SOCK_STREAM))
            port = self.ports[self.next % len(self.ports)] if len(self.ports) > 0 else 0
            self.next += 1
            try:
                sock.bind((host, port))
                return sock
            except OSError:
                continue
        raise OSError(f"no free port in {self.ports}")


_SOURCE: _PortSource | None = None


def free_ports(n: int, host: str = "127.0.0.1") -> list[int]:
    """*n* distinct TCP ports that were free on *host* a moment ago (held together while chosen), from below the
    ephemeral range, in this xdist worker's own slice."""
    global _SOURCE
    if _SOURCE is None:
        _SOURCE = _PortSource()
    with contextlib.ExitStack() as stack:
        socks = [_SOURCE.take(stack, host) for _ in range(n)]
        return [int(s.getsockname()[1]) for s in socks]


def free_port(host: str = "127.0.0.1") -> int:
    return free_ports(1, host)[0]


@contextlib.contextmanager
def start_tansu() -> Iterator[RunningBroker]:
    """The embedded Tansu broker (memory only): no idempotent producer, no transactions."""
    with EmbeddedBroker(port=free_port()) as broker:
        yield RunningBroker(
            kind="tansu",
            bootstrap=broker.bootstrap,
            supports_transactions=False,
            supports_idempotence=False,
            log_path=broker.log_path,
            startup_seconds=broker.startup_seconds or 0.0,
            control=_TansuControl(broker),
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


def _kafka_start(wd: Path, port: int, controller_port: int) -> str:
    """Start (or restart: same folder, same data) a node; its bootstrap address."""
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
    return proc.stdout.strip().splitlines()[-1]


# Bootstraps of the Apache Kafka brokers this process started: their end offsets are exact (the high watermark;
# the last stable offset read committed); Tansu's are the base offset of the last batch plus one (a reader whose
# position passed it has read that whole batch, so harness.read_all stops there on either broker).
_EXACT_END_OFFSETS: set[str] = set()


def end_offsets_exact(bootstrap: str) -> bool:
    """Whether the broker at `bootstrap` reports exact end offsets (an Apache Kafka node started here)."""
    return bootstrap in _EXACT_END_OFFSETS


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
    bootstrap = _kafka_start(wd, port, controller_port)
    startup = time.monotonic() - started
    control = _KafkaControl(wd, port, controller_port)
    control.watchdog = _spawn_watchdog(wd)
    _EXACT_END_OFFSETS.add(bootstrap)
    try:
        yield RunningBroker(
            kind="kafka",
            bootstrap=bootstrap,
            supports_transactions=True,
            supports_idempotence=True,
            log_path=wd / "server.log",
            startup_seconds=startup,
            control=control,
        )
    finally:
        _EXACT_END_OFFSETS.discard(bootstrap)
        _kafka_stop(wd)
        if control.watchdog is not None:
            control.watchdog.kill()
            control.watchdog.wait()
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
