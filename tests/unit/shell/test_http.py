"""The HTTP endpoint under attack and under normal scrapes: limits, deadline, connection cap, content negotiation.

Every test runs the real server on a loopback port and talks to it over sockets; an exception that escapes a
handler would reach the event loop's exception handler, which each test records and requires empty. The
connection deadlines expire when a test says so (no test measures time).
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import os
import random
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from prometheus_client import CollectorRegistry

from processor.shell.http import MAX_CONNECTIONS, HealthServer
from processor.shell.metrics import Metrics

State = dict[str, Any]


class Deadlines:
    """The server's connection deadlines, expired by the test (`expire`) instead of by the clock."""

    def __init__(self) -> None:
        self.asked: list[float] = []
        self.scopes: list[asyncio.Timeout] = []

    def __call__(self, seconds: float) -> contextlib.AbstractAsyncContextManager[object]:
        self.asked.append(seconds)
        scope = asyncio.timeout(None)
        self.scopes.append(scope)
        return scope

    def expire(self) -> None:
        now = asyncio.get_running_loop().time()
        for scope in self.scopes:
            with contextlib.suppress(RuntimeError):  # already over
                scope.reschedule(now)


async def until(condition: Callable[[], bool]) -> None:
    for _ in range(500):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("condition never held")


async def closed(r: asyncio.StreamReader) -> bool:
    """The server closed the connection without an answer."""
    try:
        return await asyncio.wait_for(r.read(), 5) == b""
    except ConnectionError:
        return True


@pytest.fixture
async def server() -> AsyncIterator[tuple[HealthServer, list[dict[str, Any]]]]:
    loop = asyncio.get_running_loop()
    errors: list[dict[str, Any]] = []
    loop.set_exception_handler(lambda _loop, ctx: errors.append(ctx))
    m = Metrics(CollectorRegistry())
    m.events.labels("message", "processed").inc(3)
    state: State = {"ready": (False, "starting")}
    now = [1000.0]  # the /metrics cache's clock, moved by the tests
    srv = HealthServer(m.registry, lambda: (True, "ok"), lambda: state["ready"], "127.0.0.1", 0, deadline_s=1.0,
                       head_deadline_s=0.5, max_connections=8, max_per_client=4, probe_reserve=2,
                       deadline=Deadlines(), clock=lambda: now[0], admit_rate=1e9)
    srv.state = state  # type: ignore[attr-defined]
    srv.now = now  # type: ignore[attr-defined]
    srv.metrics = m  # type: ignore[attr-defined]
    await srv.start()
    try:
        yield srv, errors
    finally:
        await srv.stop()
        loop.set_exception_handler(None)


async def request(port: int, raw: bytes, timeout: float = 5.0) -> tuple[int, dict[str, str], bytes]:
    r, w = await asyncio.open_connection("127.0.0.1", port)
    try:
        w.write(raw)
        await w.drain()
        data = await asyncio.wait_for(r.read(), timeout)
    finally:
        w.close()
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:])}
    return int(lines[0].split()[1]), headers, body


def get(path: str, *headers: str) -> bytes:
    return ("\r\n".join([f"GET {path} HTTP/1.1", "Host: x", *headers, "", ""])).encode()


async def test_health_ready_and_not_found(server: tuple[HealthServer, list[Any]]) -> None:
    srv, errors = server
    assert (await request(srv.port, get("/healthz")))[::2] == (200, b"ok\n")
    assert (await request(srv.port, get("/readyz")))[::2] == (503, b"starting\n")
    srv.state["ready"] = (True, "ready: 2 partition(s)")  # type: ignore[attr-defined]
    assert (await request(srv.port, get("/readyz?verbose=1")))[::2] == (200, b"ready: 2 partition(s)\n")
    assert (await request(srv.port, get("/nope")))[0] == 404
    assert (await request(srv.port, b"POST /metrics HTTP/1.1\r\nContent-Length: 0\r\n\r\n"))[0] == 405
    status, headers, body = await request(srv.port, b"HEAD /healthz HTTP/1.1\r\n\r\n")
    assert (status, headers["content-length"], body) == (200, "3", b"")
    assert not errors


async def test_metrics_text_openmetrics_and_gzip(server: tuple[HealthServer, list[Any]]) -> None:
    srv, errors = server
    status, headers, text = await request(srv.port, get("/metrics"))
    assert status == 200 and headers["content-type"].startswith("text/plain; version=0.0.4")
    assert b'toolmend_events_total{outcome="processed",type="message"} 3.0' in text
    assert b"_created" not in text  # the series that doubled the sample count are gone
    assert (b"# HELP toolmend_consumer_lag_seconds 0 when caught up; else now minus the broker timestamp of the last "
            b"processed record") in text

    prom_accept = ("Accept: application/openmetrics-text;version=1.0.0;escaping=allow-utf-8;q=0.6,"
                   "application/openmetrics-text;version=0.0.1;q=0.5,text/plain;version=1.0.0;q=0.4,"
                   "text/plain;version=0.0.4;q=0.3,*/*;q=0.2")  # what Prometheus 3 sends
    status, headers, om = await request(srv.port, get("/metrics", prom_accept, "Accept-Encoding: gzip"))
    assert status == 200
    assert headers["content-type"].startswith("application/openmetrics-text; version=1.0.0")
    assert headers["content-encoding"] == "gzip"
    om = gzip.decompress(om)
    assert om.endswith(b"# EOF\n")
    assert b'toolmend_events_total{outcome="processed",type="message"} 3.0' in om
    assert b"_created" not in om

    status, headers, plain = await request(srv.port, get("/metrics", "Accept-Encoding: br, gzip;q=0.5"))
    assert headers["content-encoding"] == "gzip" and gzip.decompress(plain).startswith(b"# HELP")
    status, headers, plain = await request(srv.port, get("/metrics", "Accept-Encoding: identity"))
    assert "content-encoding" not in headers and plain.startswith(b"# HELP")
    assert not errors


async def test_huge_request_line_and_headers_are_refused(server: tuple[HealthServer, list[Any]]) -> None:
    srv, errors = server
    huge = b"GET /" + b"a" * 100_000 + b" HTTP/1.1\r\n\r\n"
    try:
        status = (await request(srv.port, huge))[0]
    except ConnectionResetError:  # the server may close before the client finished sending: also a refusal
        status = 0
    assert status in (414, 0)
    long_line = b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n\r\n"  # within the read buffer, over the line limit
    assert (await request(srv.port, long_line))[0] == 414
    big_header = get("/metrics", "X-Big: " + "b" * 40_000)
    try:
        status = (await request(srv.port, big_header))[0]
    except ConnectionResetError:
        status = 0
    assert status in (431, 0)
    many = get("/metrics", *(f"X-{i}: y" for i in range(200)))
    assert (await request(srv.port, many))[0] == 431
    assert (await request(srv.port, get("/healthz")))[0] == 200  # still serving
    assert not errors


async def test_garbage_bytes_never_raise(server: tuple[HealthServer, list[Any]]) -> None:
    srv, errors = server
    rng = random.Random(13)
    samples = [os.urandom(n) for n in (1, 7, 100, 4000)]
    samples += [bytes(rng.randrange(256) for _ in range(300)) + b"\r\n\r\n" for _ in range(5)]
    samples += [b"\x00\xff\xfe\r\n\r\n", b"GET\r\n\r\n", b"GET / HTTP/1.1\r\nno colon here\r\n\r\n",
                b"GET / HTTP/1.1\r\n", b"\r\n\r\n", "GET /é HTTP/1.1\r\n\r\n".encode()]
    assert isinstance(srv.deadline, Deadlines)
    for raw in samples:
        task = asyncio.create_task(request(srv.port, raw))
        for _ in range(50):  # an incomplete request waits for more until its deadline
            if task.done():
                break
            await asyncio.sleep(0.01)
        srv.deadline.expire()
        try:
            status = (await task)[0]
        except (ConnectionResetError, ValueError, IndexError):  # closed, or no status line: a refusal
            continue
        assert status in (400, 404, 414, 431), raw
    assert (await request(srv.port, get("/healthz")))[0] == 200
    assert not errors


async def test_slow_header_drip_is_cut_at_the_connection_deadline(server: tuple[HealthServer, list[Any]]) -> None:
    """One header at a time would keep a per-line timeout happy forever; the deadline is per connection."""
    srv, errors = server
    deadlines = srv.deadline
    assert isinstance(deadlines, Deadlines)
    r, w = await asyncio.open_connection("127.0.0.1", srv.port)
    w.write(b"GET /metrics HTTP/1.1\r\n")
    for i in range(20):
        w.write(f"X-Drip-{i}: y\r\n".encode())
        await w.drain()
        await asyncio.sleep(0)
    await until(lambda: srv.open == 1)
    # one deadline for the connection and one for its head, however many lines it sends
    assert deadlines.asked == [1.0, 0.5]
    deadlines.expire()
    assert await closed(r)
    w.close()
    await until(lambda: srv.open == 0)
    assert not errors


async def connect(port: int, source: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection from another loopback address (Linux routes all of 127/8 to the loopback interface)."""
    return await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))


async def request_from(port: int, source: str, raw: bytes) -> int:
    """The status answered, 0 when the connection was closed without an answer."""
    r, w = await connect(port, source)
    try:
        w.write(raw)
        await w.drain()
        data = await asyncio.wait_for(r.read(), 5)
    except ConnectionResetError:
        return 0
    finally:
        w.close()
    return int(data.split(b" ", 2)[1]) if data else 0


async def test_one_client_holds_its_share_of_the_connections_only(server: tuple[HealthServer, list[Any]]) -> None:
    """A client opening connections and sending nothing (64 slow connections, the attack) holds its share of the
    slots and, past it, the probes' reserve only until newer connections come; probes from elsewhere (the kubelet,
    from the node) are answered meanwhile, and so are probes from that client's own address."""
    srv, errors = server
    assert MAX_CONNECTIONS >= 8  # the default leaves room for probes and a scraper
    idle = [await connect(srv.port, "127.0.0.2") for _ in range(4)]
    await until(lambda: srv.open == 4)
    extra = [await connect(srv.port, "127.0.0.2") for _ in range(20)]
    await until(lambda: srv.evicted == 18 and srv.waiting == 2)  # the reserve holds 2: the newest
    for r, _ in extra[:18]:  # closed without an answer as newer ones came
        assert await closed(r)
    for _ in range(10):
        assert await request_from(srv.port, "127.0.0.1", get("/healthz")) == 200
    for _ in range(3):  # from the holder's own address: through the reserve, making room
        assert await request_from(srv.port, "127.0.0.2", get("/healthz")) == 200
    assert srv.open == 4 and srv.reserved == 3
    assert isinstance(srv.deadline, Deadlines)
    srv.deadline.expire()
    for r, _ in idle + extra[18:]:  # the idle ones end at their (head) deadline, the reserved ones at theirs
        assert await closed(r)
    for _, w in idle + extra:
        w.close()
    await until(lambda: srv.open == 0 and srv.waiting == 0)
    assert not errors


async def test_probes_keep_a_reserve_when_every_slot_is_held(server: tuple[HealthServer, list[Any]]) -> None:
    """Many clients holding every ordinary slot: the reserved connections answer /healthz and /readyz, and only
    them; with the reserve full of silent connections too, a probe closes the oldest of them and is answered; all
    is served again once the holders time out."""
    srv, errors = server
    held = [await connect(srv.port, f"127.0.0.{2 + i // 4}") for i in range(8)]  # 2 clients x 4 = every slot
    await until(lambda: srv.open == 8)
    assert await request_from(srv.port, "127.0.0.9", get("/healthz")) == 200
    assert await request_from(srv.port, "127.0.0.9", get("/readyz")) == 503  # answered: not ready (starting)
    assert await request_from(srv.port, "127.0.0.9", get("/metrics")) == 503  # a reserved slot serves probes only
    reserve = [await connect(srv.port, "127.0.0.10") for _ in range(2)]
    await until(lambda: srv.waiting == 2)
    assert await request_from(srv.port, "127.0.0.9", get("/healthz")) == 200
    assert srv.evicted == 1
    assert await closed(reserve[0][0])  # the oldest silent one made room
    assert isinstance(srv.deadline, Deadlines)
    srv.deadline.expire()
    for r, _ in held + reserve:
        assert await closed(r)
    for _, w in held + reserve:
        w.close()
    await until(lambda: srv.open == 0 and srv.waiting == 0)
    assert (await request(srv.port, get("/metrics")))[0] == 200
    assert not errors


async def test_a_reserved_connection_whose_head_comes_in_pieces_is_never_answered(
        server: tuple[HealthServer, list[Any]]) -> None:
    """Past the ordinary slots, a head that comes a piece at a time is a slow client's, not a probe's: held to its
    deadline (closed at once, it would only come back at once) and closed unanswered."""
    srv, errors = server
    held = [await connect(srv.port, f"127.0.0.{2 + i // 4}") for i in range(8)]
    await until(lambda: srv.open == 8)
    r, w = await connect(srv.port, "127.0.0.9")
    await until(lambda: srv.waiting == 1)
    w.write(b"GET /hea")
    await w.drain()
    for _ in range(20):  # turns of the loop (the server's too): it peeks at the first piece
        await asyncio.sleep(0)
    w.write(b"lthz HTTP/1.1\r\n\r\n")  # the rest: too late, no longer watched
    await w.drain()
    assert await closed(r)
    assert srv.waiting == 0
    assert await request_from(srv.port, "127.0.0.9", get("/healthz")) == 200  # in one piece: answered
    assert isinstance(srv.deadline, Deadlines)
    srv.deadline.expire()
    w.close()
    for _, held_w in held:
        held_w.close()
    await until(lambda: srv.open == 0 and srv.waiting == 0)
    assert not errors


async def test_past_the_admission_rate_the_reserve_answers_probes_and_refuses_the_rest(
        server: tuple[HealthServer, list[Any]]) -> None:
    """However fast a client asks, full requests are admitted at `admit_rate` a second (bursts of
    `max_connections`); past it, probes are still answered, anything else gets 503."""
    srv, errors = server
    srv.admit_rate = 1e-6  # no refill within the test: the burst, then the reserve only
    for _ in range(8):  # the burst
        assert (await request(srv.port, get("/metrics")))[0] == 200
    assert srv.reserved == 0
    assert (await request(srv.port, get("/metrics")))[0] == 503
    assert (await request(srv.port, get("/healthz")))[0] == 200
    assert (await request(srv.port, b"HEAD /healthz HTTP/1.1\r\n\r\n"))[0] == 200
    assert (await request(srv.port, b"POST /healthz HTTP/1.1\r\n\r\n"))[0] == 405
    assert (await request(srv.port, b"garbage\r\n\r\n"))[0] == 400
    assert srv.reserved == 5 and srv.open == 0
    assert not errors


async def test_metrics_is_rendered_once_per_interval_however_many_scrape(
        server: tuple[HealthServer, list[Any]]) -> None:
    srv, errors = server
    m: Metrics = srv.metrics  # type: ignore[attr-defined]
    now: list[float] = srv.now  # type: ignore[attr-defined]
    bodies = [(await request(srv.port, get("/metrics")))[2] for _ in range(16)]  # 16 back-to-back scrapers
    assert srv.renders == 1 and len(set(bodies)) == 1
    for _ in range(4):  # gzip is another format, cached compressed
        await request(srv.port, get("/metrics", "Accept-Encoding: gzip"))
    assert srv.renders == 2
    m.events.labels("message", "processed").inc(4)
    now[0] += srv.metrics_cache_s / 2
    assert b'type="message"} 3.0' in (await request(srv.port, get("/metrics")))[2]  # still the cached bytes
    now[0] += srv.metrics_cache_s
    assert b'type="message"} 7.0' in (await request(srv.port, get("/metrics")))[2]  # rendered again
    assert srv.renders == 3
    assert not errors
