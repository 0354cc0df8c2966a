"""Records larger than their topic takes (max.message.bytes). An output: the whole input event goes to the
dead-letter topic (`output_too_large`, decided before anything is written). A conversation's state: it is kept
under the state topic's limit (held output released early), so the broker never refuses a state record. Every
other output as one offline pass writes it."""

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


async def test_conversation_states_stay_under_the_state_topic_limit(broker) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, create_topics=False)
    big = {"max.message.bytes": str(8 << 20)}
    limit = 65536
    await ensure_topics(s, [(s.input_topic, 4, big), (s.output_topic, 4, big), (s.dlq_topic, 4, big),
                            (s.findings_topic or "", 4, {}),
                            (s.changelog_topic, 4, {"cleanup.policy": "compact", "max.message.bytes": str(limit)})])
    items = traffic(40, seed=52)
    t0 = 1_767_225_600_000
    call = {"role": "assistant", "content": None,
            "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "search", "arguments": "{}"}}]}
    held = [event("held", t0, call), event("held", t0 + 1, {"role": "user", "content": "never mind"})]
    # 30 messages of ~8 KB of incompressible text inside the late-result grace: all of them would wait behind the
    # interrupted call's block, ~240 KB of state, four times what the state topic takes
    for i in range(30):
        text = orjson.dumps([hash((i, k)) for k in range(400)]).decode()
        held.append(event("held", t0 + 2 + i, {"role": "user" if i % 2 else "assistant", "content": text}))
    items[len(items) // 3: len(items) // 3] = held
    n = await produce(broker.bootstrap, s.input_topic, items)
    async with worker(s) as w:
        await wait_until(lambda: caught_up(s, n), 90)
        engine = w.engine
    assert engine.max_state_bytes is not None and engine.max_state_bytes < limit
    assert await read_all(broker.bootstrap, s.dlq_topic) == []  # no state record refused, no event lost
    states = await read_all(broker.bootstrap, s.changelog_topic)
    assert any(r.key == b"held" for r in states) and max(len(r.value or b"") for r in states) < limit
    want = expected(await read_all(broker.bootstrap, s.input_topic), s, engine)
    got = by_id(await read_all(broker.bootstrap, s.output_topic))
    assert got == {r["id"]: r["value"] for r in want["repaired"]}
    held_out = [orjson.loads(r["value"]) for r in want["repaired"]
                if orjson.loads(r["value"])["conversation_id"] == "held"]
    assert len(held_out) == 33 and any(m["synthesized"] for m in held_out)  # all 32 messages and a placeholder


async def test_each_output_is_capped_by_its_own_topic(broker) -> None:  # type: ignore[no-untyped-def]
    """A 2 MiB repaired history goes to a repaired topic that takes 8 MiB, though the findings topic takes only
    the broker's default 1 MiB: each output kind is capped by its own topic, not by the smallest of them."""
    s = settings_for(broker.bootstrap, create_topics=False, max_event_bytes=4 << 20)
    big = {"max.message.bytes": str(8 << 20)}
    await ensure_topics(s, [(s.input_topic, 2, big), (s.output_topic, 2, big), (s.dlq_topic, 2, big),
                            (s.findings_topic or "", 2, {}),  # the broker's default: 1 MiB
                            (s.changelog_topic, 2, {"cleanup.policy": "compact"})])
    two_mib = event("big", 1_767_225_600_000, {"role": "user", "content": "y" * (2 << 20)})
    items = [two_mib, event("big", 1_767_225_600_100, {"role": "assistant", "content": "ok"})]
    n = await produce(broker.bootstrap, s.input_topic, items)
    async with worker(s) as w:
        await wait_until(lambda: caught_up(s, n), 90)
        assert w.engine.max_output_bytes is not None and w.engine.max_output_bytes > 4 << 20
        assert w.engine.max_findings_bytes is not None and w.engine.max_findings_bytes < 1 << 20
    assert await read_all(broker.bootstrap, s.dlq_topic) == []
    repaired = await read_all(broker.bootstrap, s.output_topic)
    assert len(repaired) == 2 and max(len(r.value or b"") for r in repaired) > 2 << 20


async def test_the_worker_creates_the_findings_topic_like_the_others(broker) -> None:  # type: ignore[no-untyped-def]
    from processor.shell.kafka import topic_limits

    s = settings_for(broker.bootstrap, create_topics=True, partitions=1)
    async with worker(s) as w:
        await wait_until(lambda: w.ready()[0], 90)
    limits = await topic_limits(s, [s.output_topic, s.findings_topic or "", s.dlq_topic])
    assert limits[s.findings_topic or ""] == limits[s.output_topic] == limits[s.dlq_topic] >= 8 << 20
