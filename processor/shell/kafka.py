"""Topic and metadata helpers shared by the worker, its recovery and `toolmend replay`."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterable
from typing import Any

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType
from aiokafka.errors import TopicAlreadyExistsError

from .config import Settings


async def ensure_topics(settings: Settings, names: Iterable[tuple[str, int, dict[str, str]]]) -> None:
    """Create the topics that do not exist yet (name, partitions, configs) and wait until metadata shows them."""
    admin = AIOKafkaAdminClient(**settings.kafka_common())
    await admin.start()
    try:
        existing = set(await admin.list_topics())
        new = [NewTopic(n, p, settings.replication_factor, topic_configs=cfg) for n, p, cfg in names
               if n not in existing]
        if new:
            with contextlib.suppress(TopicAlreadyExistsError):
                await admin.create_topics(new)
            for t in new:
                for _ in range(50):  # wait for the metadata to show the new topic
                    if t.name in set(await admin.list_topics()):
                        break
                    await asyncio.sleep(0.1)
    finally:
        await admin.close()


async def topic_sizes(settings: Settings) -> dict[str, int]:
    """Partitions of every existing topic (a metadata request for all topics: naming one could auto-create it)."""
    admin = AIOKafkaAdminClient(**settings.kafka_common())
    await admin.start()
    try:
        return {t["topic"]: len(t["partitions"]) for t in await admin.describe_topics() if t["error_code"] == 0}
    finally:
        await admin.close()


async def topic_limits(settings: Settings, topics: Iterable[str]) -> dict[str, int]:
    """`max.message.bytes` of each topic that reports it (a broker without DescribeConfigs reports none)."""
    names = [t for t in topics if t]
    if not names:
        return {}
    admin = AIOKafkaAdminClient(**settings.kafka_common())
    await admin.start()
    out: dict[str, int] = {}
    try:
        responses = await admin.describe_configs(
            [ConfigResource(ConfigResourceType.TOPIC, t, {"max.message.bytes": None}) for t in names])
        for resp in responses:
            for res in getattr(resp, "resources", ()):
                error_code, _, _, name, entries = res[:5]
                if error_code != 0:
                    continue
                for entry in entries:
                    if entry[0] == "max.message.bytes" and str(entry[1]).isdigit():
                        out[name] = int(entry[1])
    except Exception:  # not supported (or not allowed): no limit known, the broker's refusal is the fallback
        return {}
    finally:
        await admin.close()
    return out


OUTPUT_OVERHEAD = 1024  # a record's headers and batch framing, on top of key and value (what the core measures)


async def max_output_bytes(settings: Settings) -> int | None:
    """The largest output (key and value) the output topics take, for the engine's `max_output_bytes`: an event
    whose outputs would not fit is dead-lettered whole, decided in the core (the worker and replay alike)."""
    limits = await topic_limits(settings, [settings.output_topic, settings.findings_topic or ""])
    return max(1024, min(limits.values()) - OUTPUT_OVERHEAD) if limits else None


STATE_OVERHEAD = 4096  # a state record's header, key, compression frame and batch framing, beyond its JSON


async def max_state_bytes(settings: Settings, configured: int | None) -> int | None:
    """The engine's `max_state_bytes`: the configured one, lowered so that a state record fits the state topic."""
    limits = await topic_limits(settings, [settings.changelog_topic])
    if not limits or configured is None:
        return configured
    return max(1024, min(configured, min(limits.values()) - STATE_OVERHEAD))


async def partitions_of(consumer: AIOKafkaConsumer, topic: str) -> set[int]:
    """The partitions of a topic this consumer is not subscribed to. (`consumer.topics()` fetches metadata but
    does not update the cache `partitions_for_topic` reads, so on Apache Kafka that answers None.)"""
    cluster = await consumer._client.fetch_all_metadata()
    return set(cluster.partitions_for_topic(topic) or ())


async def drain(consumer: AIOKafkaConsumer, tps: list[TopicPartition], end: dict[TopicPartition, int],
                apply: Callable[[TopicPartition, list[Any]], None], idle_ms: int = 300) -> int:
    """Read assigned partitions to their end, applying each fetched batch at once (nothing accumulates).

    The end is proved by an empty fetch past the reported end offset: that offset is only a lower bound on some
    brokers (Tansu answers the base offset of the last batch plus one); on Kafka it costs one fetch wait. The
    loop yields to the event loop between batches, so heartbeats and /healthz keep going during a long restore.
    """
    remaining = set(tps)
    n = 0
    while remaining:
        got = await consumer.getmany(*remaining, timeout_ms=idle_ms, max_records=5000)
        for tp, recs in got.items():
            if recs:
                apply(tp, recs)
                n += len(recs)
        await asyncio.sleep(0)
        for tp in list(remaining):
            if not got.get(tp) and await consumer.position(tp) >= end[tp]:
                remaining.discard(tp)
    return n
