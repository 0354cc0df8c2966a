"""`/metrics`, `/healthz`, `/readyz` on the worker's event loop (one port, no thread, no framework)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

Check = Callable[[], tuple[bool, str]]


class HealthServer:
    def __init__(self, registry: CollectorRegistry, healthy: Check, ready: Check, host: str = "0.0.0.0",
                 port: int = 9108) -> None:
        self.registry = registry
        self.healthy = healthy
        self.ready = ready
        self.host = host
        self.port = port
        self._server: asyncio.base_events.Server | None = None

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._handle, self.host, self.port)
        sock = self._server.sockets[0]
        self.port = sock.getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            line = await asyncio.wait_for(reader.readline(), 5)
            while True:  # drain the request headers
                h = await asyncio.wait_for(reader.readline(), 5)
                if h in (b"\r\n", b"\n", b""):
                    break
            parts = line.decode("latin-1").split()
            path = parts[1].split("?", 1)[0] if len(parts) >= 2 else "/"
            if path == "/metrics":
                status, ctype, body = 200, CONTENT_TYPE_LATEST, generate_latest(self.registry)
            elif path in ("/healthz", "/readyz"):
                ok, why = (self.healthy if path == "/healthz" else self.ready)()
                status, ctype, body = (200 if ok else 503), "text/plain; charset=utf-8", (why + "\n").encode()
            else:
                status, ctype, body = 404, "text/plain; charset=utf-8", b"not found\n"
            reason = {200: "OK", 404: "Not Found", 503: "Service Unavailable"}[status]
            writer.write(f"HTTP/1.1 {status} {reason}\r\nContent-Type: {ctype}\r\nContent-Length: {len(body)}\r\n"
                         f"Connection: close\r\n\r\n".encode() + body)
            await writer.drain()
        except (TimeoutError, ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()
