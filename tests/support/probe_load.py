"""Load on the worker's HTTP port as the kubelet, Prometheus and an attacker make it (issue #19, item 5).

Used by tests/integration/test_probes_under_load.py and bench/bench_probes.py. Owns the attacks and the prober;
knows nothing of the worker but its address and port.

Addresses on loopback stand for the hosts of a cluster (Linux routes all of 127/8 to the loopback interface, so
a client can connect from 127.0.0.2 to a server on 127.0.0.1): the kubelet probes from the node's address, which
is not an attacker's (a pod's); `Attack.sources` says whose addresses the attack uses.

- `Prober`: what the kubelet does, in a thread of its own (so that the attacks' work in this process does not
  delay it): every `period_s` a new connection, `GET /healthz` or `GET /readyz` in turn, success = status 200
  read within `timeout_s` of the connect (the kubelet's `timeoutSeconds`).
- `slow_clients`: connections that trickle a request head one byte at a time and never finish it; each opens
  again as soon as its connection is closed (refused or cut at the head deadline).
- `scrapers`: back-to-back `GET /metrics` (as Prometheus asks: OpenMetrics, gzip), a new connection each.
- `flood`: many connections opened and held silent, opened again as soon as closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import socket
import statistics
import sys
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field

NODE = "127.0.0.1"  # the kubelet's address (the node); the worker listens on it too
PROMETHEUS = ("127.0.0.3", "127.0.0.4", "127.0.0.5", "127.0.0.6")  # a fleet of scrapers


def attacker(i: int) -> str:
    """The i-th attacking address (pods: 127.0.1.x), none of them the node's or Prometheus'."""
    return f"127.0.1.{1 + i % 250}"


@dataclass
class Probe:
    at: float  # seconds since the prober started
    path: str
    ok: bool
    latency_s: float
    why: str


@dataclass
class Prober:
    """The kubelet's HTTP probes against host:port, in a thread (start(), stop() -> the probes sent)."""

    port: int
    host: str = NODE
    source: str = NODE
    period_s: float = 0.5
    timeout_s: float = 1.0
    paths: Sequence[str] = ("/healthz", "/readyz")
    probes: list[Probe] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def once(self, path: str) -> tuple[bool, float, str]:
        t0 = time.monotonic()
        try:
            with socket.create_connection((self.host, self.port), timeout=self.timeout_s,
                                          source_address=(self.source, 0)) as s:
                s.sendall(f"GET {path} HTTP/1.1\r\nHost: {self.host}\r\nUser-Agent: kube-probe/1.31\r\n"
                          f"Accept: */*\r\nConnection: close\r\n\r\n".encode())
                data = b""
                while True:
                    left = self.timeout_s - (time.monotonic() - t0)
                    if left <= 0:
                        raise TimeoutError
                    s.settimeout(left)
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    data += chunk
        except OSError as e:  # refused, reset, timed out
            return False, time.monotonic() - t0, type(e).__name__
        took = time.monotonic() - t0
        status = data.split(b" ", 2)[1] if data.count(b" ") >= 2 else b"none"
        return status == b"200", took, f"status {status.decode(errors='replace')}"

    def _run(self) -> None:
        t0 = time.monotonic()
        i = 0
        while not self._stop.is_set():
            path = self.paths[i % len(self.paths)]
            ok, took, why = self.once(path)
            self.probes.append(Probe(time.monotonic() - t0, path, ok, took, why))
            i += 1
            self._stop.wait(max(0.0, t0 + i * self.period_s - time.monotonic()))

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="prober", daemon=True)
        self._thread.start()

    def stop(self) -> list[Probe]:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        return self.probes


def longest_failure_run(probes: Sequence[Probe]) -> int:
    """The most probes of one path that failed in a row (the kubelet counts failures per probe)."""
    worst = 0
    for path in {p.path for p in probes}:
        run = 0
        for p in probes:
            if p.path == path:
                run = 0 if p.ok else run + 1
                worst = max(worst, run)
    return worst


def summary(probes: Sequence[Probe]) -> dict[str, float | int]:
    """Probes sent, answered 200 in time, the longest failure run, latency p50/p99 (ms) of all."""
    lat = sorted(p.latency_s * 1000 for p in probes)
    q = statistics.quantiles(lat, n=100, method="inclusive") if len(lat) >= 2 else lat * 99
    return {"sent": len(probes), "ok": sum(p.ok for p in probes), "failed_in_a_row": longest_failure_run(probes),
            "p50_ms": round(statistics.median(lat), 1) if lat else 0.0, "p99_ms": round(q[98], 1) if lat else 0.0}


# -- attacks ---------------------------------------------------------------------------------------------------

@dataclass
class Pressure:
    """What an attack did: connections opened, open at most at once, answers read in full."""

    opened: int = 0
    open: int = 0
    peak: int = 0
    answered: int = 0


@contextlib.asynccontextmanager
async def _connect(host: str, port: int, source: str,
                   seen: Pressure) -> AsyncIterator[tuple[asyncio.StreamReader, asyncio.StreamWriter]]:
    r, w = await asyncio.open_connection(host, port, local_addr=(source, 0))
    seen.opened += 1
    seen.open += 1
    seen.peak = max(seen.peak, seen.open)
    try:
        yield r, w
    finally:
        seen.open -= 1
        w.transport.abort()


async def _forever(one: Callable[[], Awaitable[None]], stop: asyncio.Event) -> None:
    """`one()` again and again until stop; what a closed or refused connection raises starts the next one."""
    while not stop.is_set():
        try:
            await one()
        except (OSError, asyncio.IncompleteReadError):
            await asyncio.sleep(0.001)  # refused at once: open again (a spin, less a busy wait in this process)


async def _slow_one(host: str, port: int, source: str, stop: asyncio.Event, drip_s: float, seen: Pressure) -> None:
    async with _connect(host, port, source, seen) as (r, w):
        head = b"GET /metrics HTTP/1.1\r\nHost: x\r\n" + b"X-Slow: " + b"a" * 4096
        for b in head:
            if stop.is_set():
                return
            w.write(bytes([b]))
            await w.drain()
            with contextlib.suppress(TimeoutError):
                if await asyncio.wait_for(r.read(1), drip_s) == b"":  # closed by the server
                    return


async def _scrape_one(host: str, port: int, source: str, seen: Pressure) -> None:
    async with _connect(host, port, source, seen) as (r, w):
        w.write(b"GET /metrics HTTP/1.1\r\nHost: x\r\nAccept: application/openmetrics-text;version=1.0.0,"
                b"text/plain;version=0.0.4;q=0.5\r\nAccept-Encoding: gzip\r\n\r\n")
        await w.drain()
        if (await r.read()).startswith(b"HTTP/1.1 200 "):
            seen.answered += 1


async def _hold_one(host: str, port: int, source: str, stop: asyncio.Event, seen: Pressure) -> None:
    async with _connect(host, port, source, seen) as (r, _):
        read = asyncio.ensure_future(r.read())
        halt = asyncio.ensure_future(stop.wait())
        await asyncio.wait([read, halt], return_when=asyncio.FIRST_COMPLETED)
        for t in (read, halt):
            t.cancel()


@dataclass
class Attack:
    """One attack: `clients` connections of one `kind` ("slow", "scrape", "flood") from `sources` (in turn)."""

    name: str
    kind: str
    clients: int
    sources: Sequence[str]
    drip_s: float = 0.2  # slow clients: one byte per this
    seen: Pressure = field(default_factory=Pressure)

    async def run(self, host: str, port: int, stop: asyncio.Event) -> None:
        def one(i: int) -> Callable[[], Awaitable[None]]:
            src = self.sources[i % len(self.sources)]
            if self.kind == "slow":
                return lambda: _slow_one(host, port, src, stop, self.drip_s, self.seen)
            if self.kind == "scrape":
                return lambda: _scrape_one(host, port, src, self.seen)
            return lambda: _hold_one(host, port, src, stop, self.seen)

        await asyncio.gather(*(_forever(one(i), stop) for i in range(self.clients)))


def attacks() -> dict[str, Attack]:
    """The attacks of issue #19: from attackers' addresses, and the slow clients once from the node's own."""
    return {
        "slow_clients": Attack("slow_clients", "slow", 64, [attacker(0)]),
        "scrapers": Attack("scrapers", "scrape", 16, PROMETHEUS),
        "flood": Attack("flood", "flood", 1000, [attacker(i) for i in range(8)]),
        "slow_clients_from_the_node": Attack("slow_clients_from_the_node", "slow", 64, [NODE]),
    }


class AttackProcess:
    """An attack run by a process of its own (`python -m tests.support.probe_load NAME HOST PORT`), as from
    another host: its work does not compete with the prober's thread for this process' interpreter. `stop()`
    ends it and returns what it did (its `Pressure`)."""

    def __init__(self, name: str, host: str, port: int) -> None:
        import subprocess
        import sys
        from pathlib import Path

        self.attack = attacks()[name]
        root = Path(__file__).resolve().parents[2]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
        self.p = subprocess.Popen([sys.executable, "-m", "tests.support.probe_load", name, host, str(port)],
                                  stdout=subprocess.PIPE, stdin=subprocess.PIPE, env=env)

    def wait_on(self, timeout_s: float) -> bool:
        """Block until the attack process says its attack is at strength (`on`); False if it did not within
        `timeout_s` or ended first."""
        import selectors

        assert self.p.stdout is not None
        with selectors.DefaultSelector() as sel:
            sel.register(self.p.stdout, selectors.EVENT_READ)
            if not sel.select(timeout_s):
                return False
        return self.p.stdout.readline().strip() == b"on"

    def stop(self) -> Pressure:
        import json

        out, _ = self.p.communicate(b"stop\n", timeout=30)
        self.attack.seen = Pressure(**json.loads(out.decode().strip().splitlines()[-1]))
        return self.attack.seen


def raise_fd_limit(need: int) -> int:
    """Raise this process's soft limit of open files to `need` (up to the hard limit); the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = need if hard == resource.RLIM_INFINITY else min(need, hard)
    if soft != resource.RLIM_INFINITY and soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
        soft = want
    return int(soft)


def attack_is_on(attack: Attack) -> bool:
    """The attack has reached its strength: nine in ten of its connections open at once, or a scrape answered."""
    seen = attack.seen
    return seen.answered > 0 if attack.kind == "scrape" else seen.peak >= attack.clients * 0.9


async def _announce_when_on(attack: Attack) -> None:
    """Print `on` once the attack is at strength, so that the caller's window measures the attack, not this
    process's start-up and the opening of its connections (seconds on a loaded machine)."""
    while not attack_is_on(attack):
        await asyncio.sleep(0.01)
    print("on", flush=True)


async def _attack_until_stdin_closes(name: str, host: str, port: int) -> Pressure:
    attack = attacks()[name]
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    running = asyncio.ensure_future(attack.run(host, port, stop))
    on = asyncio.ensure_future(_announce_when_on(attack))
    await loop.run_in_executor(None, sys.stdin.readline)
    on.cancel()
    stop.set()
    await asyncio.wait_for(running, 15)
    return attack.seen


if __name__ == "__main__":
    import dataclasses
    import json

    raise_fd_limit(attacks()[sys.argv[1]].clients + 256)
    seen = asyncio.run(_attack_until_stdin_closes(sys.argv[1], sys.argv[2], int(sys.argv[3])))
    print(json.dumps(dataclasses.asdict(seen)), flush=True)
