"""The Kafka clients of the worker, its recovery, the OTLP stage and `toolmend replay`: one factory per kind of
client (its options, fetch sizes and authentication from the settings), the fetch loop they share, transactional
producers started, the produce batching, and the topic and metadata helpers. It knows nothing of the commit order
(`shell/worker/checkpoint.py`) or of what the records mean.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import AsyncGenerator, Awaitable, Callable, Iterable
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, ConsumerRebalanceListener, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient, NewTopic
from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType
from aiokafka.errors import InvalidTransactionTimeout, KafkaError, MessageSizeTooLargeError, TopicAlreadyExistsError

from ..core.config import EngineConfig
from ..core.partition import OutRecord
from .config import ConfigError, Settings

Outgoing = list[tuple[str, int | None, OutRecord]]  # (topic, partition or None for the partitioner, record)
Pending = list[tuple[Awaitable[Any], Outgoing]]  # each send's acknowledgement, with the records it carries
TooLarge = Callable[[OutRecord, AIOKafkaProducer], Awaitable[Awaitable[Any]]]  # sends what replaces a refused record
Batch = dict[TopicPartition, list[Any]]  # a fetch: each partition's records in offset order
TXN_INIT_S = 20.0  # to get a transactional producer id (and fence the previous owner's): longer means no support
FETCH_WAIT_MS = 500  # a fetch returns after this at the latest, records or not


# -- client factories ----------------------------------------------------------------------------------------------
def big_topic(s: Settings) -> dict[str, str]:
    """Topic config of the topics an event or an output of `max_event_bytes` must fit (input, outputs, dead letters)."""
    return {"max.message.bytes": str(max(8 << 20, s.max_event_bytes * 4))}


# The state topic's compaction, set where the worker (or a rebuild) creates it: Kafka never compacts a
# partition's active segment, so with the broker's defaults (a segment rolls at 1 GiB or 7 days) a changelog keeps
# every conversation it ever held, and its tombstone, until then, and a restore reads them all. Segments that roll
# every 10 minutes or 64 MiB, cleaned once a tenth of the log is dirty, keep it near the live conversations;
# tombstones stay an hour after cleaning (a restore reads for seconds).
# the state topic near its live set: a segment rolls (and can be cleaned) after 5 min, cleaned once 10 % of it is
# superseded, a tombstone kept 10 min after cleaning (a restore reading past the value it deletes takes seconds)
STATE_TOPIC_CONFIG = {"cleanup.policy": "compact", "min.cleanable.dirty.ratio": "0.1",
                      "segment.ms": str(5 * 60 * 1000), "segment.bytes": str(64 << 20),
                      "delete.retention.ms": str(10 * 60 * 1000), "min.compaction.lag.ms": "0"}


def new_producer(s: Settings, transactional_id: str | None = None) -> AIOKafkaProducer:
    """A producer of outputs and state: every replica acknowledges (`acks=all`), batches of 256 KiB after
    `linger_ms`, requests large enough for four events of `max_event_bytes`."""
    return AIOKafkaProducer(acks="all", linger_ms=s.linger_ms, max_batch_size=256 * 1024,
                            max_request_size=max(8 << 20, s.max_event_bytes * 4), transactional_id=transactional_id,
                            transaction_timeout_ms=s.transaction_timeout_ms, **s.kafka_common())


def new_input_consumer(s: Settings, events_per_record: int = 1, **group: Any) -> AIOKafkaConsumer:
    """A consumer of the input topic, fetching `max_batch` records at most and any record up to `events_per_record`
    events of `max_event_bytes` (an OTLP trace export holds many spans: `RECORD_FACTOR`). `group`: the group
    membership and isolation of the worker or the OTLP stage; replay reads without a group."""
    return AIOKafkaConsumer(enable_auto_commit=False, auto_offset_reset="earliest", max_poll_records=s.max_batch,
                            fetch_max_wait_ms=s.fetch_max_wait_ms,
                            max_partition_fetch_bytes=max(1 << 20, s.max_event_bytes * events_per_record + 65536),
                            fetch_max_bytes=max(50 << 20, s.max_event_bytes * max(4, 2 * events_per_record)),
                            **group, **s.kafka_common())


async def fetches(c: AIOKafkaConsumer, stop: asyncio.Event, max_records: int) -> AsyncGenerator[Batch, None]:
    """The fetched batches of a group member until `stop` is set (an empty one at least every FETCH_WAIT_MS); a stop
    ends the fetch in flight at once. Iterate it under `contextlib.aclosing`."""
    stop_wait = asyncio.ensure_future(stop.wait())
    try:
        while not stop.is_set():
            fetch = asyncio.ensure_future(c.getmany(timeout_ms=FETCH_WAIT_MS, max_records=max_records))
            done, _ = await asyncio.wait({fetch, stop_wait}, return_when=asyncio.FIRST_COMPLETED)
            if fetch not in done:
                fetch.cancel()
                return
            yield fetch.result()
    finally:
        stop_wait.cancel()


async def init_transactions(p: AIOKafkaProducer, what: str) -> None:
    """Start a transactional producer and wait for its producer id (InitProducerId: this fences the id's previous
    holder). A broker without transactions never answers or refuses: a clear error, not a hang."""
    try:  # aiokafka's start() asks for the producer id (InitProducerId) and waits for it
        await asyncio.wait_for(p.start(), TXN_INIT_S)
        await asyncio.wait_for(asyncio.shield(p._txn_manager.wait_for_pid()), TXN_INIT_S)
    except (TimeoutError, KafkaError) as e:
        with contextlib.suppress(Exception):  # its sender task died of the same error
            await asyncio.wait_for(p.stop(), 5)
        if isinstance(e, InvalidTransactionTimeout):
            raise ConfigError(f"transaction_timeout_ms={p._txn_manager.transaction_timeout_ms} is above the "
                              f"broker's transaction.max.timeout.ms; lower it, or raise the broker's") from None
        why = "no answer" if isinstance(e, TimeoutError) else type(e).__name__
        raise ConfigError(f"delivery=exactly_once needs a broker with transactions (Apache Kafka 2.5+); {what}: "
                          f"the broker gave no transactional producer id ({why}). Use delivery=at_least_once "
                          f"(the default) with this broker") from None


def new_state_reader(s: Settings) -> AIOKafkaConsumer:
    """A consumer of the state topic without a group (restore reads it from its beginning); exactly once, what an
    aborted transaction wrote is not state."""
    return AIOKafkaConsumer(enable_auto_commit=False, auto_offset_reset="earliest", isolation_level=isolation(s),
                            max_partition_fetch_bytes=max(1 << 20, s.max_event_bytes * 2), **s.kafka_common())


def new_metadata_client(s: Settings, **options: Any) -> AIOKafkaConsumer:
    """A consumer that only asks for metadata and committed offsets (`options`: its group, if any)."""
    return AIOKafkaConsumer(**options, **s.kafka_common())


def new_admin(s: Settings) -> AIOKafkaAdminClient:
    return AIOKafkaAdminClient(**s.kafka_common())


def isolation(s: Settings) -> str:
    """Exactly once: what an aborted transaction wrote is neither state nor input."""
    return "read_committed" if s.delivery == "exactly_once" else "read_uncommitted"


# -- produce batching ----------------------------------------------------------------------------------------------
async def enqueue(p: AIOKafkaProducer, plan: Outgoing, too_large: TooLarge | None = None) -> Pending:
    """Hand every record of `plan` to the producer, without waiting for acknowledgements. Records with a known
    partition go in batches (a quarter of the per-record cost of `send()`); a record larger than a whole batch
    goes on its own, in its place. Per partition, records are enqueued in their order (batches and single sends
    share the partition's FIFO queue in the accumulator), so a conversation's records stay in order. A batch is
    closed before it is handed over: it is complete, and aiokafka sends a closed batch without waiting `linger_ms`
    (an open one waits, and so does every later batch of its partition in the same step). A record
    the producer refuses as too large is replaced by what `too_large` sends (without it: raised)."""
    groups: dict[tuple[str, int], list[OutRecord]] = {}
    singles: Outgoing = []
    for t, part, r in plan:
        if part is None:
            singles.append((t, part, r))
        else:
            groups.setdefault((t, part), []).append(r)
    pending: Pending = []

    async def single(t: str, part: int | None, r: OutRecord) -> None:
        try:
            pending.append((await p.send(t, r.value, key=r.key, headers=r.headers, partition=part), [(t, part, r)]))
        except MessageSizeTooLargeError:
            if too_large is None:
                raise
            pending.append((await too_large(r, p), []))

    for (t, part), recs in groups.items():
        batch = p.create_batch()
        members: Outgoing = []
        for r in recs:
            if batch.append(key=r.key, value=r.value, timestamp=None, headers=r.headers) is not None:
                members.append((t, part, r))
                continue
            if members:  # full: ship it, start the next
                batch.close()
                pending.append((await p.send_batch(batch, t, partition=part), members))
                batch, members = p.create_batch(), []
            if batch.append(key=r.key, value=r.value, timestamp=None, headers=r.headers) is not None:
                members.append((t, part, r))
            else:  # larger than a whole batch: on its own, in its place
                batch = p.create_batch()
                await single(t, part, r)
        if members:
            batch.close()  # complete: sent at once, not after linger_ms (aiokafka lingers on an open batch)
            pending.append((await p.send_batch(batch, t, partition=part), members))
    for t, part, r in singles:
        await single(t, part, r)
    return pending



async def ensure_topics(settings: Settings, names: Iterable[tuple[str, int, dict[str, str]]]) -> None:
    """Create the topics that do not exist yet (name, partitions, configs) and wait until metadata shows them."""
    client = new_admin(settings)
    await client.start()
    try:
        existing = set(await client.list_topics())
        new = [NewTopic(n, p, settings.replication_factor, topic_configs=cfg) for n, p, cfg in names
               if n not in existing]
        if new:
            with contextlib.suppress(TopicAlreadyExistsError):
                await client.create_topics(new)
            for t in new:
                for _ in range(50):  # wait for the metadata to show the new topic
                    if t.name in set(await client.list_topics()):
                        break
                    await asyncio.sleep(0.1)
    finally:
        await client.close()


async def topic_sizes(settings: Settings) -> dict[str, int]:
    """Partitions of every existing topic (a metadata request for all topics: naming one could auto-create it)."""
    client = new_admin(settings)
    await client.start()
    try:
        return {t["topic"]: len(t["partitions"]) for t in await client.describe_topics() if t["error_code"] == 0}
    finally:
        await client.close()


async def topic_limits(settings: Settings, topics: Iterable[str]) -> dict[str, int]:
    """`max.message.bytes` of each topic that reports it (a broker without DescribeConfigs reports none)."""
    names = [t for t in topics if t]
    if not names:
        return {}
    client = new_admin(settings)
    await client.start()
    out: dict[str, int] = {}
    try:
        responses = await client.describe_configs(
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
        await client.close()
    return out


OUTPUT_OVERHEAD = 1024  # a record's headers and batch framing, on top of key and value (what the core measures)


LimitsOf = Callable[[Settings, Iterable[str]], Awaitable[dict[str, int]]]


async def output_limits(settings: Settings, engine: EngineConfig, repaired: Iterable[str] = (),
                        findings: Iterable[str] = (), limits_of: LimitsOf | None = None) -> EngineConfig:
    """`engine` with its output limits read from the topics: each output kind capped by its own topics'
    `max.message.bytes` (the live repaired topic and `repaired`, the live findings topic and `findings`): an event
    whose outputs would not fit is dead-lettered whole, decided in the core (the worker and replay alike). A
    topic that reports no limit caps nothing (the broker's refusal is the fallback)."""
    rep = [settings.output_topic, *repaired]
    fnd = [t for t in (settings.findings_topic, *findings) if t]
    limits = await (limits_of or topic_limits)(settings, rep + fnd)

    def cap(topics: list[str]) -> int | None:
        known = [limits[t] for t in topics if t in limits]
        return max(1024, min(known) - OUTPUT_OVERHEAD) if known else None

    return dataclasses.replace(engine, max_output_bytes=cap(rep), max_findings_bytes=cap(fnd))


STATE_OVERHEAD = 4096  # a state record's header, key, compression frame and batch framing, beyond its JSON


async def max_state_bytes(settings: Settings, configured: int | None, limits_of: LimitsOf | None = None
                          ) -> int | None:
    """The engine's `max_state_bytes`: the configured one, lowered so that a state record fits the state topic."""
    limits = await (limits_of or topic_limits)(settings, [settings.changelog_topic])
    if not limits or configured is None:
        return configured
    return max(1024, min(configured, min(limits.values()) - STATE_OVERHEAD))


METADATA_TRIES = (0.5, 1.0)  # a failed metadata read is asked again after these pauses (s), then raised


async def partitions_of(consumer: AIOKafkaConsumer, topic: str) -> set[int]:
    """The partitions of a topic this consumer is not subscribed to. (`consumer.topics()` fetches metadata but
    does not update the cache `partitions_for_topic` reads, so on Apache Kafka that answers None.)

    aiokafka asks each known broker once and raises "Unable to get cluster metadata over all known brokers" when
    none answered in time (one slow answer on a loaded node, a connection being reset): asked again twice, as its
    own metadata refresh would, before the error goes to the caller."""
    pauses = list(METADATA_TRIES)
    while True:
        try:
            cluster = await consumer._client.fetch_all_metadata()
        except KafkaError:
            if not pauses:
                raise
            await asyncio.sleep(pauses.pop(0))
        else:
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


Rebalance = Callable[[set[TopicPartition]], Awaitable[None]]


class Rebalanced(ConsumerRebalanceListener):  # type: ignore[misc]
    """The group's rebalance callbacks, as two coroutines of the stage that owns the consumer."""

    def __init__(self, assigned: Rebalance, revoked: Rebalance) -> None:
        self._assigned = assigned
        self._revoked = revoked

    async def on_partitions_revoked(self, revoked: set[TopicPartition]) -> None:
        await self._revoked(set(revoked))

    async def on_partitions_assigned(self, assigned: set[TopicPartition]) -> None:
        await self._assigned(set(assigned))
