"""An output larger than its topic takes (max.message.bytes): the whole input event goes to the dead-letter topic
(`output_too_large`, decided before anything is written), every other output as one offline pass writes it."""

from __future__ import annotations

import orjson
import pytest

from processor.shell.kafka import ensure_topics
from tests.integration.harness import (
    by_id,
    caught_up,
    event,
    expected,
    produce,
    read_all,
    settings_for,
    traffic,
    wait_until,
    worker,
)

pytestmark = [pytest.mark.kafka, pytest.mark.needs_kafka]  # Tansu reports no topic configs


async def test_an_output_over_the_topic_limit_dead_letters_its_input_whole(broker) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, create_topics=False)
    big = {"max.message.bytes": str(8 << 20)}
    await ensure_topics(s, [(s.input_topic, 4, big), (s.output_topic, 4, {"max.message.bytes": "65536"}),
                            (s.dlq_topic, 4, big), (s.findings_topic or "", 4, {}),
                            (s.changelog_topic, 4, {"cleanup.policy": "compact"})])
    items = traffic(40, seed=51)
    huge = event("huge", 1_767_225_600_500, {"role": "user", "content": "x" * 200_000})
    items.insert(len(items) // 2, huge)
    items.append(event("huge", 1_767_225_600_900, {"role": "assistant", "content": "short"}))
    n = await produce(broker.bootstrap, s.input_topic, items)
    async with worker(s) as w:
        await wait_until(lambda: caught_up(s, n), 90)
        assert w.engine.max_output_bytes is not None and w.engine.max_output_bytes < 65536
        engine = w.engine
    dlq = await read_all(broker.bootstrap, s.dlq_topic)
    assert [(r.key, r.value, r.header("toolmend-error-kind")) for r in dlq] == [(huge[0], huge[1],
                                                                                   b"output_too_large")]
    want = expected(await read_all(broker.bootstrap, s.input_topic), s, engine)
    assert by_id(await read_all(broker.bootstrap, s.output_topic)) == {r["id"]: r["value"] for r in want["repaired"]}
    assert any(orjson.loads(r["value"])["conversation_id"] == "huge" for r in want["repaired"])  # its later event
