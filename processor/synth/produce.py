"""Generated events to a real cluster, or to a file Kafka's own console producer reads.

`produce` hands events to the producer as fast as it takes them (the client batches them; acknowledgements are
counted as they come, never awaited one by one), or at `rate` events per second, or paced to event time (`speed`:
an event is sent when as much wall time has passed since the first as event time has, divided by `speed`; what an
endless stream dated from now needs, so that its events never run ahead of their record timestamps). Every record
ends counted once: acknowledged (sent), or refused with the error the client or the broker gave (a record over
the topic's `max.message.bytes`: MessageSizeTooLargeError), never both, and no delivery error is left unread.
Batches are kept under the topic's `max.message.bytes`, so a record the broker refuses is refused alone.

`console_line` is the form of `kafka-console-producer --property parse.key=true` (key, a tab, the value): a null
key is written empty, and a value that holds a tab or a newline (none of the generated ones do) cannot be written
in it at all.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import orjson

from processor.synth.generate import GeneratedEvent

MAX_IN_FLIGHT = 50_000  # records handed to the producer and not yet acknowledged, at most
WHY = {"MessageSizeTooLargeError": "over the topic's max.message.bytes (or the producer's 8 MiB max.request.size)",
       "KafkaTimeoutError": "not acknowledged in time (a partition without a leader?)",
       "UnknownTopicOrPartitionError": "the topic or partition does not exist (deleted meanwhile?)",
       "TopicAuthorizationFailedError": "the broker refused writes to the topic (ACLs)"}


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


@dataclass
class Delivery:
    """What became of the records handed to the producer."""

    started: float
    sent: int = 0  # acknowledged by the broker
    refused: Counter[str] = field(default_factory=Counter)  # error name -> records
    handed: int = 0  # given to the producer (sent + refused + in flight)
    ended: float | None = None

    def refuse(self, e: BaseException) -> None:
        self.refused[type(e).__name__] += 1

    def elapsed(self, now: float) -> float:
        return max(1e-9, (self.ended if self.ended is not None else now) - self.started)

    def summary(self, topic: str, now: float) -> str:
        s = self.elapsed(now)
        line = f"{self.sent:,} records sent to {topic} in {s:.1f} s ({self.sent / s:,.0f} records/s)"
        if self.refused:
            reasons = "; ".join(f"{n:,} {name}" + (f": {WHY[name]}" if name in WHY else "")
                                for name, n in self.refused.most_common())
            line += f"; {sum(self.refused.values()):,} refused ({reasons})"
        return line


Tick = Callable[[Delivery], None]
BATCH_BYTES = 512 * 1024
BATCH_OVERHEAD = 512  # a record batch's header and a record's framing


async def topic_limit(bootstrap: str, topic: str) -> int | None:
    """The topic's `max.message.bytes` (a whole record batch must fit it: the broker refuses a batch over it, and
    with it every record the batch holds), or None where the broker does not say."""
    from aiokafka.admin import AIOKafkaAdminClient
    from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType

    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    try:
        await admin.start()
        for resp in await admin.describe_configs(
                [ConfigResource(ConfigResourceType.TOPIC, topic, {"max.message.bytes": None})]):
            for res in getattr(resp, "resources", ()):
                for entry in res[4] if res[0] == 0 else ():
                    if entry[0] == "max.message.bytes" and str(entry[1]).isdigit():
                        return int(entry[1])
    except Exception:  # not supported or not allowed: the broker's own refusal stays the fallback
        return None
    finally:
        await admin.close()
    return None


async def produce(events: Iterable[GeneratedEvent], topic: str, kafka: dict[str, Any], *, rate: float | None = None,
                  speed: float | None = None, tick: Tick | None = None, clock: Callable[[], float] = time.monotonic,
                  sleep: Callable[[float], Any] = asyncio.sleep) -> Delivery:
    """Send `events` to `topic` (client options `kafka`, over the defaults): as fast as the producer takes them,
    or at most `rate` events per second, or paced to event time times `speed` (both: the slower). `tick` is
    called after each record handed over (progress)."""
    from aiokafka import AIOKafkaProducer
    from aiokafka.errors import KafkaError

    batch = BATCH_BYTES
    limit = await topic_limit(kafka["bootstrap_servers"], topic)
    if limit is not None:  # batches the topic takes: a record over the limit goes alone, refused alone
        batch = max(1024, min(batch, limit - BATCH_OVERHEAD))
    producer = AIOKafkaProducer(**{"linger_ms": 20, "max_batch_size": batch, "max_request_size": 8 << 20, **kafka})
    await producer.start()
    d = Delivery(started=clock())
    flying: set[asyncio.Future[Any]] = set()

    def acknowledged(fut: asyncio.Future[Any]) -> None:
        flying.discard(fut)
        if fut.cancelled():
            d.refused["cancelled"] += 1
        elif (e := fut.exception()) is not None:  # read here: never "Future exception was never retrieved"
            d.refuse(e)
        else:
            d.sent += 1

    first_ts: int | None = None
    try:
        for i, ev in enumerate(events):
            wait = 0.0
            if rate:
                wait = d.started + i / rate - clock()
            if speed is not None and (ts := event_ts(ev.value)) is not None:
                first_ts = ts if first_ts is None else first_ts
                wait = max(wait, wait_s(ts, first_ts, d.started, clock(), speed))
            if wait > 0:
                await sleep(wait)
            d.handed += 1
            try:
                fut = await producer.send(topic, ev.value, key=ev.key)
            except KafkaError as e:  # refused by the client before it left (a record over max.request.size)
                d.refuse(e)
            else:
                flying.add(fut)
                fut.add_done_callback(acknowledged)
                if len(flying) >= MAX_IN_FLIGHT:
                    await asyncio.wait(set(flying), return_when=asyncio.FIRST_COMPLETED)
            if tick is not None:
                tick(d)
        await producer.flush()
        if flying:
            await asyncio.wait(set(flying))
    finally:
        await producer.stop()
        await asyncio.sleep(0)  # let the last callbacks count
        d.ended = clock()
    return d


__all__ = ["Delivery", "console_line", "event_ts", "produce", "wait_s"]
