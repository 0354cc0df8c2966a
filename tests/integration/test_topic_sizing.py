"""The worker starts on an existing input topic of any partition count: the topics it creates (changelog, outputs)
are sized from the input, as Kafka Streams sizes changelogs from the source; a smaller existing changelog stays a
clear error."""

from __future__ import annotations

import asyncio

import pytest
from aiokafka import AIOKafkaConsumer

from processor.shell.config import ConfigError
from processor.shell.kafka import ensure_topics, partitions_of
from processor.shell.worker.loop import Worker
from tests.integration.harness import caught_up, event, produce, settings_for, wait_until, worker

pytestmark = pytest.mark.kafka


async def sizes(bootstrap: str, topics: list[str]) -> dict[str, int]:
    c = AIOKafkaConsumer(bootstrap_servers=bootstrap)
    await c.start()
    try:
        return {t: len(await partitions_of(c, t)) for t in topics}
    finally:
        await c.stop()


@pytest.mark.parametrize("n", [1, 6, 12])
async def test_topics_created_from_an_existing_input_take_its_partition_count(broker, n: int) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap)
    assert s.partitions == 4 and s.create_topics  # the defaults: neither is what the input has
    await ensure_topics(s, [(s.input_topic, n, {})])
    items = [event(f"c{i}", 1_700_000_000_000 + i, {"role": "user", "content": "hi"}) for i in range(3 * n)]
    await produce(broker.bootstrap, s.input_topic, items)
    async with worker(s) as w:
        await wait_until(lambda: w.ready()[0], 90)
        assert w.ready() == (True, f"ready: {n} partition(s)")
        await wait_until(lambda: caught_up(s, len(items)), 90)
    created = [s.output_topic, s.dlq_topic, s.findings_topic or "", s.changelog_topic]
    assert await sizes(broker.bootstrap, [s.input_topic, *created]) == dict.fromkeys([s.input_topic, *created], n)


async def test_a_new_input_gets_the_partitions_setting(broker) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, partitions=3)
    async with worker(s) as w:
        await wait_until(lambda: w.started, 60)
    topics = [s.input_topic, s.output_topic, s.dlq_topic, s.findings_topic or "", s.changelog_topic]
    assert await sizes(broker.bootstrap, topics) == dict.fromkeys(topics, 3)


async def test_an_existing_smaller_changelog_is_a_clear_error(broker) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap)
    await ensure_topics(s, [(s.input_topic, 6, {}), (s.changelog_topic, 2, {"cleanup.policy": "compact"})])
    with pytest.raises(ConfigError, match=rf"state topic {s.changelog_topic} has 2 partitions, fewer than the 6 "
                       rf"of {s.input_topic}\. If partitions were added to the input, its state was built for 2: do "
                       rf"not add partitions to the state topic .* A new deployment: create the state topic with 6 "
                       rf"partitions"):
        await Worker(s).run(asyncio.Event())
