"""`toolmend redrive` on a real broker: dead letters of the chosen kinds go back to the input topic as their
producer sent them (key, value, its own headers), the others stay; a second run writes nothing; once the cause
is fixed the worker processes what was redriven."""

from __future__ import annotations

import time

import orjson
from aiokafka import AIOKafkaProducer

from processor.shell.redrive import redrive
from tests.integration.harness import (
    caught_up,
    create,
    read_all,
    settings_for,
    wait_until,
    worker,
)


async def test_redrive_reinjects_the_chosen_kinds_once(broker) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, partitions=2, create_topics=False)
    await create(s)
    now = int(time.time() * 1000)
    ahead = now + 20 * 60_000  # a producer clock 20 minutes fast: over the 5 minute skew
    events = [(f"c{i}".encode(), orjson.dumps({"conversation_id": f"c{i}", "ts": ahead + i,
                                               "message": {"role": "user", "content": f"hello {i}"}}))
              for i in range(6)]
    bad = (b"x", b"{not json")
    p = AIOKafkaProducer(bootstrap_servers=broker.bootstrap)
    await p.start()
    try:
        for k, v in [*events, bad]:
            await (await p.send(s.input_topic, v, key=k, timestamp_ms=now,
                                headers=[("traceparent", b"00-abc-def-01"), ("toolmend-id", b"spoofed")]))
    finally:
        await p.stop()
    async with worker(s):
        await wait_until(lambda: caught_up(s, len(events) + 1), 90)
    dlq = await read_all(broker.bootstrap, s.dlq_topic)
    assert sorted((r.header("toolmend-error-kind") or b"").decode() for r in dlq) == ["event_time"] * 6 + \
        ["invalid_json"]

    dry = await redrive(s, frozenset({"event_time"}), "redrive-g", dry_run=True)
    assert dry.redriven == 6
    assert len(await read_all(broker.bootstrap, s.input_topic)) == 7  # a dry run writes nothing

    first = await redrive(s, frozenset({"event_time"}), "redrive-g")
    assert (first.redriven, first.skipped, first.complete) == (6, {"invalid_json": 1}, True)
    inputs = await read_all(broker.bootstrap, s.input_topic)
    again = [r for r in inputs if r.header("toolmend-id") is None]  # the originals carried one
    assert sorted((r.key, r.value) for r in again) == sorted(events)
    assert all(r.headers == [("traceparent", b"00-abc-def-01")] for r in again)  # the producer's, not ours
    assert (await redrive(s, frozenset({"event_time"}), "redrive-g")).redriven == 0  # idempotent once done

    # the fix: the producer's clock is now believed (a larger skew); the redriven events are processed
    fixed = s.model_copy(update={"max_event_time_skew_s": 3600.0})
    async with worker(fixed):
        await wait_until(lambda: caught_up(fixed, len(inputs)), 90)
    repaired = await read_all(broker.bootstrap, s.output_topic)
    assert {r.key for r in repaired} == {k for k, _ in events}
