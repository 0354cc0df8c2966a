"""`/metrics`, `/healthz`, `/readyz` on the worker's event loop (one port, no thread, no framework).

On the worker's loop on purpose: a loop that stalls stops answering, which is what liveness probes and `up` are
for. A framework would bring keep-alive, routing and a thread pool that this needs none of; what it needs from
one is bounded resources, so every limit is here and tested (tests/unit/shell/test_http.py):

- request line at most `MAX_LINE` bytes (else 414), request head at most `MAX_HEAD` bytes and `MAX_HEADERS`
  lines (else 431), GET and HEAD only (else 405), no request body;
- the request head within `HEAD_DEADLINE_S` of accept (a slow or silent client holds a slot that long at most),
  and the whole connection within `DEADLINE_S`, however the client drips;
- at most `MAX_PER_CLIENT` connections open at once from one address, and `MAX_CONNECTIONS` in all; a connection
  past those goes to the probes' reserve: `PROBE_RESERVE` more connections that serve `/healthz` and `/readyz`
  only (503 for anything else) and must send their request head within `PROBE_HEAD_DEADLINE_S`; when the reserve
  is full, its oldest connection still waiting for its head is closed to make room. A probe sends its head at
  once and is answered at once; clients that hold connections open without a request (slow, silent, thousands,
  or from the probes' own address) each hold a reserved one for a fraction of a second and only until newer
  ones come: they can keep neither the ordinary slots nor the reserve from the probes;
- `/metrics` is rendered at most once per `METRICS_CACHE_S` per format (the bytes are kept, gzipped or not):
  however many scrape it, scraping costs the loop one render per interval and the writes;
- any other input (garbage, bad UTF-8, early close) ends the connection quietly: no exception leaves a handler.

The bind address is `metrics_host` (deploy/k8s/networkpolicy.yaml lets only Prometheus reach the port; the
kubelet's probes come from the node).

`/metrics` uses prometheus_client's own content negotiation: OpenMetrics when `Accept` asks for it (as Prometheus
does), gzip when `Accept-Encoding` allows it.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import logging
import socket
import time
from collections.abc import Callable

from prometheus_client import CollectorRegistry
from prometheus_client.exposition import choose_encoder, gzip_accepted

Check = Callable[[], tuple[bool, str]]
Deadline = Callable[[float], contextlib.AbstractAsyncContextManager[object]]  # seconds -> a scope cancelled then
log = logging.getLogger("toolmend.http")

MAX_LINE = 8 * 1024  # request line
MAX_HEAD = 32 * 1024  # request line and headers together
MAX_HEADERS = 100
DEADLINE_S = 10.0  # per connection, from accept to the response written
HEAD_DEADLINE_S = 2.0  # from accept to the end of the request head
MAX_CONNECTIONS = 32
MAX_PER_CLIENT = 8  # open at once from one address
PROBE_RESERVE = 64  # connections past those limits, for /healthz and /readyz only; the oldest waiting make room
PROBE_HEAD_DEADLINE_S = 0.5  # a reserved connection's request head within this of accept
BACKLOG = 1024  # the kernel's queue of connections not yet accepted (capped by net.core.somaxconn)
ACCEPT_BATCH = 16  # connections accepted per turn of the loop: a probe's head is read before many newer come
METRICS_CACHE_S = 5.0  # /metrics rendered at most once per this, per format
PROBES = ("/healthz", "/readyz")
REASONS = {200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 414: "URI Too Long",
           431: "Request Header Fields Too Large", 503: "Service Unavailable"}
TEXT = "text/plain; charset=utf-8"


class _Refused(Exception):
    """A request the server answers with an error status, then closes."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class HealthServer:
    def __init__(self, registry: CollectorRegistry, healthy: Check, ready: Check, host: str = "0.0.0.0",
                 port: int = 9108, *, deadline_s: float = DEADLINE_S, max_connections: int = MAX_CONNECTIONS,
                 deadline: Deadline = asyncio.timeout, head_deadline_s: float = HEAD_DEADLINE_S,
                 max_per_client: int = MAX_PER_CLIENT, probe_reserve: int = PROBE_RESERVE,
                 probe_head_deadline_s: float = PROBE_HEAD_DEADLINE_S, metrics_cache_s: float = METRICS_CACHE_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.registry = registry
        self.healthy = healthy
        self.ready = ready
        self.host = host
        self.port = port
        self.deadline_s = deadline_s
        self.head_deadline_s = min(head_deadline_s, deadline_s)
        self.max_connections = max_connections
        self.max_per_client = max_per_client
        self.probe_reserve = probe_reserve
        self.probe_head_deadline_s = min(probe_head_deadline_s, self.head_deadline_s)
        self.metrics_cache_s = metrics_cache_s
        self.deadline = deadline  # the clock of the connection deadlines (the event loop's; a test's own)
        self.clock = clock  # the clock of the /metrics cache
        self.open = 0  # connections being served in the ordinary slots
        self.reserved = 0  # connections being served in the probes' reserve
        self.refused = 0  # connections closed at once (the reserve full of connections still being let go)
        self.evicted = 0  # reserved connections closed before their head came, to make room for newer ones
        self.renders = 0  # /metrics renders (the rest came from the cache)
        self._clients: dict[str, int] = {}  # open connections per address (only addresses with one open)
        self._waiting: dict[int, asyncio.StreamWriter] = {}  # reserved connections waiting for their head, oldest first
        self._next = 0
        self._cache: dict[tuple[str, bool], tuple[float, bytes]] = {}  # (content type, gzip) -> (rendered at, body)
        self._server: asyncio.base_events.Server | None = None

    async def start(self) -> None:
        # the reader's buffer limit bounds what one readuntil() can hold: a line longer than it is refused
        # asyncio accepts as many per turn as the backlog it listens with: a small one, then the kernel's queue
        # made long on the same socket (a burst of connections waits there instead of having SYNs dropped)
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self.port))
        self._server = await asyncio.start_server(self._handle, sock=sock, limit=MAX_HEAD + 1024,
                                                  backlog=ACCEPT_BATCH)
        sock.listen(BACKLOG)
        self.port = sock.getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        client = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        held = self._clients.get(client, 0)
        if held < self.max_per_client and self.open < self.max_connections:
            self.open += 1
            self._clients[client] = held + 1
            try:
                await self._serve(reader, writer, self.head_deadline_s, False)
            finally:
                self.open -= 1
                left = self._clients.pop(client, 1) - 1
                if left:
                    self._clients[client] = left
            return
        if self.reserved >= 2 * self.probe_reserve:  # the reserve and as many closed but not yet let go
            self.refused += 1
            writer.transport.abort()
            return
        if len(self._waiting) >= self.probe_reserve:  # make room: the oldest waiting has had the longest chance
            self._waiting.pop(next(iter(self._waiting))).transport.abort()
            self.evicted += 1
        self.reserved += 1
        key = self._next
        self._next += 1
        self._waiting[key] = writer
        try:
            await self._serve(reader, writer, self.probe_head_deadline_s, True, lambda: self._waiting.pop(key, None))
        finally:
            self.reserved -= 1
            self._waiting.pop(key, None)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, head_deadline_s: float,
                     probes_only: bool, headed: Callable[[], object] = lambda: None) -> None:
        """Read one request (its head within `head_deadline_s`, then `headed()`), answer it, close."""
        clean = False
        try:
            async with self.deadline(self.deadline_s):
                head_only = False
                try:
                    async with self.deadline(head_deadline_s):
                        method, target, headers = await self._read_head(reader)
                    headed()
                    head_only = method == "HEAD"
                    if probes_only and target.split("?", 1)[0] not in PROBES:
                        raise _Refused(503)
                    status, out, body = self._respond(target, headers)
                except _Refused as r:
                    status, out, body = r.status, [("Content-Type", TEXT)], f"{REASONS[r.status]}\n".encode()
                lines = [f"HTTP/1.1 {status} {REASONS[status]}", *(f"{k}: {v}" for k, v in out),
                         f"Content-Length: {len(body)}", "Connection: close", "", ""]
                writer.write("\r\n".join(lines).encode("latin-1") + (b"" if head_only else body))
                await writer.drain()
                clean = True
        except Exception as e:  # timeouts, resets, anything a client can provoke: close, never crash the loop
            log.debug("http connection ended: %s", type(e).__name__)
        finally:
            if clean:
                writer.close()
            else:  # nothing more for this client: drop what it did not read instead of waiting for it to
                writer.transport.abort()

    async def _read_head(self, reader: asyncio.StreamReader) -> tuple[str, str, dict[str, str]]:
        """Method, request target and headers (lower-case names); _Refused for what breaks a limit."""
        try:
            line = await reader.readuntil(b"\n")
        except asyncio.LimitOverrunError:
            raise _Refused(414) from None
        if len(line) > MAX_LINE:
            raise _Refused(414)
        total = len(line)
        parts = line.decode("latin-1").split()
        if len(parts) != 3 or not parts[2].startswith("HTTP/"):
            raise _Refused(400)
        method, target = parts[0], parts[1]
        headers: dict[str, str] = {}
        for _ in range(MAX_HEADERS + 1):
            try:
                h = await reader.readuntil(b"\n")
            except asyncio.LimitOverrunError:
                raise _Refused(431) from None
            total += len(h)
            if total > MAX_HEAD:
                raise _Refused(431)
            if h in (b"\r\n", b"\n"):
                break
            name, sep, value = h.decode("latin-1").partition(":")
            if not sep:
                raise _Refused(400)
            headers[name.strip().lower()] = value.strip()
        else:
            raise _Refused(431)  # more than MAX_HEADERS lines
        if method not in ("GET", "HEAD"):
            raise _Refused(405)
        return method, target, headers

    def _respond(self, target: str, headers: dict[str, str]) -> tuple[int, list[tuple[str, str]], bytes]:
        path = target.split("?", 1)[0]
        if path == "/metrics":
            encoder, ctype = choose_encoder(headers.get("accept", ""))
            gz = gzip_accepted(headers.get("accept-encoding", ""))
            out = [("Content-Type", ctype)] + ([("Content-Encoding", "gzip")] if gz else [])
            return 200, out, self._metrics(encoder, ctype, gz)
        if path in PROBES:
            ok, why = (self.healthy if path == "/healthz" else self.ready)()
            return (200 if ok else 503), [("Content-Type", TEXT)], (why + "\n").encode()
        return 404, [("Content-Type", TEXT)], b"not found\n"

    def _metrics(self, encoder: Callable[[CollectorRegistry], bytes], ctype: str, gz: bool) -> bytes:
        """The registry rendered in this format, at most once per `metrics_cache_s` (the formats are a handful:
        the content types prometheus_client negotiates, each gzipped or not)."""
        now = self.clock()
        key = (ctype, gz)
        hit = self._cache.get(key)
        if hit is not None and now - hit[0] < self.metrics_cache_s:
            return hit[1]
        body = encoder(self.registry)
        if gz:
            body = gzip.compress(body, compresslevel=6)
        if len(self._cache) >= 16:  # content types carry parameters: bounded whatever clients ask
            self._cache.clear()
        self._cache[key] = (now, body)
        self.renders += 1
        return body
