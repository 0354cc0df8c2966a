"""`/metrics`, `/healthz`, `/readyz` on the worker's event loop (one port, no thread, no framework).

On the worker's loop on purpose: a loop that stalls stops answering, which is what liveness probes and `up` are
for. A framework would bring keep-alive, routing and a thread pool that this needs none of; what it needs from
one is bounded resources, so every limit is here and tested (tests/unit/shell/test_http.py):

- request line at most `MAX_LINE` bytes (else 414), request head at most `MAX_HEAD` bytes and `MAX_HEADERS`
  lines (else 431), GET and HEAD only (else 405), no request body;
- the request head within `HEAD_DEADLINE_S` of accept (a slow or silent client holds a slot that long at most),
  and the whole connection within `DEADLINE_S`, however the client drips;
- at most `MAX_PER_CLIENT` connections open at once from one address, and `MAX_CONNECTIONS` in all; a connection
  past those goes to the probes' reserve: up to `PROBE_RESERVE` connections (fewer if the limit of open files,
  raised to its hard limit at start, is lower), each kept as a bare socket (no stream, no task) for at most
  `PROBE_HEAD_DEADLINE_S`. A probe whose whole head is there is answered on the spot (`/healthz`, `/readyz`);
  any other request gets its 503 (or 400, 405) at the end of that wait, so that a client asking again as soon as
  answered asks at that pace. A head that comes in pieces is a slow client's (a probe sends its head at once):
  held, unwatched, to the end of the wait, never answered. When the reserve is full, its oldest connection is
  closed to make room. Clients that hold connections open without a request (slow, silent, thousands, from the
  probes' own address too) keep neither the ordinary slots nor the reserve from a probe, and cost the loop
  little each: an accept, a peek and a close;
- at most `ADMIT_RATE` connections a second (in bursts of `MAX_CONNECTIONS`) are admitted to the ordinary slots;
  past that rate too, connections go to the reserve: however fast clients connect or scrape, the full requests
  (`/metrics` among them) cost the loop that many a second, the rest an accept, a peek and a short answer each;
- the accept queue is drained every turn of the loop (up to `ACCEPT_BATCH` connections), so a probe waits behind
  a flood of connections for one turn at most, not in the kernel's queue (`BACKLOG` long);
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
import resource
import socket
import time
from collections.abc import Callable, Coroutine

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
PROBE_RESERVE = 512  # connections past those limits, for /healthz and /readyz only; the oldest waiting make room
PROBE_HEAD_DEADLINE_S = 2.0  # a reserved connection's wait: for its head, or for its refusal
FILES_KEPT = 256  # file descriptors left for the rest of the process when the reserve is sized to the limit
BACKLOG = 1024  # the kernel's queue of connections not yet accepted (capped by net.core.somaxconn)
ACCEPT_BATCH = 1024  # connections accepted per turn of the loop at most
ADMIT_RATE = 20.0  # ordinary connections admitted per second (bursts of MAX_CONNECTIONS); the rest: the reserve
ACCEPT_PAUSE_S = 0.1  # after an accept that failed (out of file descriptors, say): not a busy loop
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


_NOTHING, _PART, _WHOLE, _GONE = range(4)  # what a reserved connection has sent of its head


def _look(conn: socket.socket) -> tuple[int, bytes]:
    """How much of its request head a connection has sent, peeked at (left in the socket), and what."""
    try:
        data = conn.recv(MAX_HEAD + 1, socket.MSG_PEEK)
    except (BlockingIOError, InterruptedError):
        return _NOTHING, b""
    except OSError:
        return _GONE, b""
    if not data:
        return _GONE, b""
    if b"\r\n\r\n" in data or b"\n\n" in data:
        return _WHOLE, data
    return (_GONE if len(data) > MAX_HEAD else _PART), data


def _files_for_reserve(ordinary: int) -> int:
    """How many reserved connections the limit of open files allows, once raised to its hard limit (as far as
    that goes): a reserve the process cannot hold would fail accepts, and the probes with them."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and (hard == resource.RLIM_INFINITY or soft < hard):
        want = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
        if want > soft:
            with contextlib.suppress(ValueError, OSError):
                resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
                soft = want
    if soft == resource.RLIM_INFINITY:
        return PROBE_RESERVE
    return max(8, int(soft) - FILES_KEPT - ordinary)


def _wire(status: int, out: list[tuple[str, str]], body: bytes, head_only: bool) -> bytes:
    lines = [f"HTTP/1.1 {status} {REASONS[status]}", *(f"{k}: {v}" for k, v in out), f"Content-Length: {len(body)}",
             "Connection: close", "", ""]
    return "\r\n".join(lines).encode("latin-1") + (b"" if head_only else body)


class HealthServer:
    def __init__(self, registry: CollectorRegistry, healthy: Check, ready: Check, host: str = "0.0.0.0",
                 port: int = 9108, *, deadline_s: float = DEADLINE_S, max_connections: int = MAX_CONNECTIONS,
                 deadline: Deadline = asyncio.timeout, head_deadline_s: float = HEAD_DEADLINE_S,
                 max_per_client: int = MAX_PER_CLIENT, probe_reserve: int = PROBE_RESERVE,
                 probe_head_deadline_s: float = PROBE_HEAD_DEADLINE_S, metrics_cache_s: float = METRICS_CACHE_S,
                 admit_rate: float = ADMIT_RATE, clock: Callable[[], float] = time.monotonic) -> None:
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
        self.admit_rate = admit_rate
        self._tokens = float(max_connections)  # ordinary admissions left (refilled at admit_rate, on the loop's clock)
        self._tokens_at: float | None = None
        self.deadline = deadline  # the clock of the connection deadlines (the event loop's; a test's own)
        self.clock = clock  # the clock of the /metrics cache
        self.open = 0  # connections being served in the ordinary slots
        self.reserved = 0  # requests answered from the probes' reserve (probes at once, the rest at their wait's end)
        self.evicted = 0  # reserved connections closed before their head came, to make room for newer ones
        self.renders = 0  # /metrics renders (the rest came from the cache)
        self._clients: dict[str, int] = {}  # open connections per address (only addresses with one open)
        # reserved connections waiting, oldest first: the bare socket, its deadline, the refusal it gets then
        self._waiting: dict[int, tuple[socket.socket, asyncio.TimerHandle, bytes | None]] = {}
        self._next = 0
        self._tasks: set[asyncio.Future[None]] = set()
        self._sock: socket.socket | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._cache: dict[tuple[str, bool], tuple[float, bytes]] = {}  # (content type, gzip) -> (rendered at, body)

    @property
    def waiting(self) -> int:
        """Reserved connections waiting for their request head."""
        return len(self._waiting)

    async def start(self) -> None:
        family, kind, proto, _, addr = socket.getaddrinfo(self.host or None, self.port, type=socket.SOCK_STREAM,
                                                          flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind(addr)
            sock.listen(BACKLOG)
            sock.setblocking(False)
        except OSError:
            sock.close()
            raise
        self._sock = sock
        self.port = sock.getsockname()[1]
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(sock.fileno(), self._on_accept)
        self.probe_reserve = min(self.probe_reserve, _files_for_reserve(self.max_connections))

    async def stop(self) -> None:
        if self._sock is not None and self._loop is not None:
            self._loop.remove_reader(self._sock.fileno())
            self._sock.close()
            self._sock = None
        for key in list(self._waiting):
            self._drop(key)
        tasks = list(self._tasks)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # -- accepting: bare sockets until a connection is given a slot ------------------------------------------
    def _on_accept(self) -> None:
        sock, loop = self._sock, self._loop
        if sock is None or loop is None:
            return
        for _ in range(ACCEPT_BATCH):
            try:
                conn, addr = sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as e:  # out of file descriptors, say: the queue stays readable, so wait a moment
                log.warning("http: cannot accept a connection: %s", e)
                loop.remove_reader(sock.fileno())
                loop.call_later(ACCEPT_PAUSE_S, self._resume, sock)
                return
            conn.setblocking(False)
            client = str(addr[0]) if isinstance(addr, tuple) and addr else "?"
            held = self._clients.get(client, 0)
            if held < self.max_per_client and self.open < self.max_connections and self._admit(loop.time()):
                self.open += 1
                self._clients[client] = held + 1
                self._spawn(self._ordinary(conn, client))
            else:
                self._reserve(conn)

    def _admit(self, now: float) -> bool:
        """Whether the ordinary admissions' budget has one left (a token bucket: `admit_rate` per second, up to
        `max_connections` at once): what full requests cost the loop is bounded by it, however many ask."""
        if self._tokens_at is not None:
            self._tokens = min(float(self.max_connections), self._tokens + (now - self._tokens_at) * self.admit_rate)
        self._tokens_at = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True

    def _resume(self, sock: socket.socket) -> None:
        if self._sock is sock and self._loop is not None:
            self._loop.add_reader(sock.fileno(), self._on_accept)

    def _reserve(self, conn: socket.socket) -> None:
        look, data = _look(conn)
        if look in (_WHOLE, _GONE):  # a probe's head is usually there by the time it is accepted
            self._take(conn, look, data)
        else:
            self._wait(conn, look == _NOTHING, None)
        # a head begun but not whole is a slow client's (a probe sends its head at once): it waits, unwatched, for
        # its deadline or for newer connections to need its place; closed at once, it would only come back

    def _wait(self, conn: socket.socket, watch: bool, answer: bytes | None) -> None:
        """Into the reserve, until its deadline or until newer connections need its place; watched for its head
        (`watch`), or holding the `answer` it gets then."""
        loop = self._loop
        assert loop is not None
        if len(self._waiting) >= self.probe_reserve:  # make room: the oldest waiting has had the longest chance
            self._drop(next(iter(self._waiting)))
            self.evicted += 1
        key = self._next
        self._next += 1
        self._waiting[key] = (conn, loop.call_later(self.probe_head_deadline_s, self._drop, key), answer)
        if watch:
            loop.add_reader(conn.fileno(), self._readable, key)

    def _readable(self, key: int) -> None:
        conn = self._waiting[key][0]
        look, data = _look(conn)
        if look == _PART:
            assert self._loop is not None
            self._loop.remove_reader(conn.fileno())
        elif look != _NOTHING:
            self._release(key)
            self._take(conn, look, data)

    def _take(self, conn: socket.socket, look: int, data: bytes) -> None:
        """A reserved connection whose head is all there, or that is gone (closed). A probe is answered on the
        spot (a hundred bytes: one send, no stream, no task); any other request gets its refusal at the end of
        its wait in the reserve: a client asking again as soon as answered asks twice a second, not thousands."""
        if look != _WHOLE:
            conn.close()
            return
        answer, probe = self._probe_only(data)
        try:
            conn.recv(len(data))  # read, so that the close is a FIN, not a reset that loses the answer
        except OSError:
            conn.close()
            return
        if probe:
            self._answer(conn, answer)
        else:
            self._wait(conn, False, answer)

    def _answer(self, conn: socket.socket, answer: bytes) -> None:
        try:
            conn.send(answer)
            self.reserved += 1
        except OSError:
            pass
        conn.close()

    def _probe_only(self, head: bytes) -> tuple[bytes, bool]:
        """The answer to a request head in the reserve, and whether it is a probe's (else 400, 405, 503)."""
        parts = head.split(b"\n", 1)[0].decode("latin-1").split()
        if len(parts) != 3 or not parts[2].startswith("HTTP/"):
            return _wire(400, [("Content-Type", TEXT)], b"Bad Request\n", False), False
        method, target = parts[0], parts[1]
        if method not in ("GET", "HEAD"):
            return _wire(405, [("Content-Type", TEXT)], b"Method Not Allowed\n", False), False
        if target.split("?", 1)[0] not in PROBES:
            return _wire(503, [("Content-Type", TEXT)], b"Service Unavailable\n", method == "HEAD"), False
        return _wire(*self._respond(target, {}), method == "HEAD"), True

    def _release(self, key: int) -> tuple[socket.socket, bytes | None] | None:
        """A waiting connection out of the reserve's bookkeeping (still open) and its answer, if still there."""
        entry = self._waiting.pop(key, None)
        if entry is None:
            return None
        conn, timer, answer = entry
        timer.cancel()
        if self._loop is not None and answer is None:
            self._loop.remove_reader(conn.fileno())
        return conn, answer

    def _drop(self, key: int) -> None:
        """The end of a wait in the reserve: the answer it holds, if any, then closed."""
        entry = self._release(key)
        if entry is None:
            return
        conn, answer = entry
        if answer is None:
            conn.close()
        else:
            self._answer(conn, answer)

    def _spawn(self, coro: Coroutine[object, object, None]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _ordinary(self, conn: socket.socket, client: str) -> None:
        try:
            streams = await self._streams(conn)
            if streams is not None:
                await self._serve(*streams)
        finally:
            self.open -= 1
            left = self._clients.pop(client, 1) - 1
            if left:
                self._clients[client] = left

    async def _streams(self, conn: socket.socket) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
        """Reader and writer over an accepted socket (None, the socket closed, when that fails: a reset)."""
        loop = asyncio.get_running_loop()
        # the reader's buffer limit bounds what one readuntil() can hold: a line longer than it is refused
        reader = asyncio.StreamReader(limit=MAX_HEAD + 1024, loop=loop)
        protocol = asyncio.StreamReaderProtocol(reader, loop=loop)
        try:
            transport, _ = await loop.connect_accepted_socket(lambda: protocol, conn)
        except OSError:
            conn.close()
            return None
        return reader, asyncio.StreamWriter(transport, protocol, reader, loop)

    # -- one request ------------------------------------------------------------------------------------------
    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Read one request (its head within `head_deadline_s`), answer it, close."""
        clean = False
        try:
            async with self.deadline(self.deadline_s):
                head_only = False
                try:
                    async with self.deadline(self.head_deadline_s):
                        method, target, headers = await self._read_head(reader)
                    head_only = method == "HEAD"
                    status, out, body = self._respond(target, headers)
                except _Refused as r:
                    status, out, body = r.status, [("Content-Type", TEXT)], f"{REASONS[r.status]}\n".encode()
                writer.write(_wire(status, out, body, head_only))
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
