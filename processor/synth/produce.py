"""Generated events to a real cluster, or to a file Kafka's own console producer reads.

`produce` sends events as they come, paced to the wall clock: an event is sent when as much wall time has passed
since the first as event time has (times `speed`), and its record timestamp is the time it is sent. With events
dated from the start of the run (`start_ms` now) their `ts` stays within seconds of their record timestamps, as
live traffic's does, so the worker's event-time guard takes them (a faster stream would run ahead of the wall
clock, and its events would be refused as `event_time` once more than the allowed skew ahead).

`console_line` is the form of `kafka-console-producer --property parse.key=true` (key, a tab, the value): a null
key is written empty, and a value that holds a tab or a newline (none of the generated ones do) cannot be written
in it at all.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable
from typing import Any

import orjson

from processor.synth.generate import GeneratedEvent


def console_line(ev: GeneratedEvent) -> bytes | None:
    """`key<TAB>value\\n`, or None for a value the console producer's line format cannot carry."""
    if b"\t" in ev.value or b"\n" in ev.value or (ev.key is not None and (b"\t" in ev.key or b"\n" in ev.key)):
        return None
    return (ev.key or b"") + b"\t" + ev.value + b"\n"


def event_ts(value: bytes) -> int | None:
    """The event time of a generated value (None for the malformed ones without one)."""
    try:
        doc = orjson.loads(value)
    except orjson.JSONDecodeError:
        return None
    ts = doc.get("ts") if isinstance(doc, dict) else None
    return ts if isinstance(ts, int) and not isinstance(ts, bool) else None


def wait_s(ts: int, first_ts: int, wall0: float, now: float, speed: float = 1.0) -> float:
    """Seconds to wait before sending an event at `ts`: as much wall time since `wall0` as event time since
    `first_ts` (divided by `speed`); 0 when it is due already."""
    return max(0.0, wall0 + (ts - first_ts) / 1000 / speed - now)


async def produce(events: Iterable[GeneratedEvent], topic: str, kafka: dict[str, Any], speed: float = 1.0,
                  clock: Callable[[], float] = time.time, sleep: Callable[[float], Any] = asyncio.sleep) -> int:
    """Send `events` to `topic` (client options `kafka`), paced to the wall clock; the number sent."""
    from aiokafka import AIOKafkaProducer

    producer = AIOKafkaProducer(linger_ms=20, max_request_size=8 << 20, **kafka)
    await producer.start()
    n = 0
    first_ts: int | None = None
    wall0 = clock()
    last = None
    try:
        for ev in events:
            ts = event_ts(ev.value)
            if ts is not None:
                if first_ts is None:
                    first_ts = ts
                wait = wait_s(ts, first_ts, wall0, clock(), speed)
                if wait > 0:
                    await sleep(wait)
            last = await producer.send(topic, ev.value, key=ev.key)
            n += 1
        if last is not None:
            await producer.flush()
    finally:
        await producer.stop()
    return n


__all__ = ["console_line", "event_ts", "produce", "wait_s"]
