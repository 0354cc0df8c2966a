"""`/metrics`, `/healthz`, `/readyz` on the worker's event loop (one port, no thread, no framework).

On the worker's loop on purpose: a loop that stalls stops answering, which is what liveness probes and `up` are
for. A framework would bring keep-alive, routing and a thread pool that this needs none of; what it needs from
one is bounded resources, so every limit is here and tested (tests/unit/shell/test_http.py):

- request line at most `MAX_LINE` bytes (else 414), request head at most `MAX_HEAD` bytes and `MAX_HEADERS`
  lines (else 431), GET and HEAD only (else 405), no request body;
- one deadline per connection, `DEADLINE_S` from accept to the last byte written, however the client drips;
- at most `MAX_CONNECTIONS` open at once: the next ones are closed at once (a scraper retries; a probe fails,
  which is right when something holds every slot);
- any other input (garbage, bad UTF-8, early close) ends the connection quietly: no exception leaves a handler.

`/metrics` uses prometheus_client's own content negotiation: OpenMetrics when `Accept` asks for it (as Prometheus
does), gzip when `Accept-Encoding` allows it.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import logging
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
MAX_CONNECTIONS = 32
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
                 deadline: Deadline = asyncio.timeout) -> None:
        self.registry = registry
        self.healthy = healthy
        self.ready = ready
        self.host = host
        self.port = port
        self.deadline_s = deadline_s
        self.max_connections = max_connections
        self.deadline = deadline  # the clock of the connection deadline (the event loop's; a test's own)
        self.open = 0  # connections being served
        self.refused = 0  # connections closed at once because `max_connections` were open
        self._server: asyncio.base_events.Server | None = None

    async def start(self) -> None:
        # the reader's buffer limit bounds what one readuntil() can hold: a line longer than it is refused
        self._server = await asyncio.start_server(self._handle, self.host, self.port, limit=MAX_HEAD + 1024,
                                                  backlog=self.max_connections)
        sock = self._server.sockets[0]
        self.port = sock.getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.open >= self.max_connections:
            self.refused += 1
            writer.transport.abort()
            return
        self.open += 1
        clean = False
        try:
            async with self.deadline(self.deadline_s):
                head_only = False
                try:
                    method, target, headers = await self._read_head(reader)
                    head_only = method == "HEAD"
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
            self.open -= 1
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
            body = encoder(self.registry)
            out = [("Content-Type", ctype)]
            if gzip_accepted(headers.get("accept-encoding", "")):
                body = gzip.compress(body, compresslevel=6)
                out.append(("Content-Encoding", "gzip"))
            return 200, out, body
        if path in ("/healthz", "/readyz"):
            ok, why = (self.healthy if path == "/healthz" else self.ready)()
            return (200 if ok else 503), [("Content-Type", TEXT)], (why + "\n").encode()
        return 404, [("Content-Type", TEXT)], b"not found\n"
