"""What the stream worker relies on, checked on the real broker chosen by ``--broker`` (tansu | kafka).

The ``*_quirk`` tests pin where Tansu differs from Apache Kafka, so a Tansu upgrade that changes the
behaviour is noticed (see the module docstring of ``processor.shell.embedded_broker``).
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import defaultdict
from collections.abc import Iterable

import pytest
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from aiokafka.admin import AIOKafkaAdminClient
from aiokafka.admin.config_resource import ConfigResource, ConfigResourceType
from aiokafka.errors import KafkaError, UnknownTopicOrPartitionError
from aiokafka.structs import ConsumerRecord, OffsetAndTimestamp

from processor.shell.embedded_broker import TopicSpec, create_topics
from tests.integration.harness import read_all
from tests.support.brokers import RunningBroker, end_offsets_exact

pytestmark = pytest.mark.kafka

GROUP_TIMEOUTS = {"session_timeout_ms": 2000, "heartbeat_interval_ms": 300}


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


def producer(broker: RunningBroker, **kw: object) -> AIOKafkaProducer:
    kw.setdefault("enable_idempotence", False)  # Tansu has no InitProducerId
    kw.setdefault("acks", "all")
    return AIOKafkaProducer(bootstrap_servers=broker.bootstrap, **kw)


def consumer(broker: RunningBroker, *topics: str, **kw: object) -> AIOKafkaConsumer:
    kw.setdefault("auto_offset_reset", "earliest")
    kw.setdefault("enable_auto_commit", False)
    if "group_id" in kw:
        for k, v in GROUP_TIMEOUTS.items():
            kw.setdefault(k, v)
    return AIOKafkaConsumer(*topics, bootstrap_servers=broker.bootstrap, **kw)


async def consume(c: AIOKafkaConsumer, n: int, *, timeout: float = 30.0, settle: float = 0.0) -> list[ConsumerRecord]:
    """Fetch until *n* records arrived (then keep fetching *settle* seconds to catch extras)."""
    out: list[ConsumerRecord] = []
    deadline = time.monotonic() + timeout
    while len(out) < n and time.monotonic() < deadline:
        for records in (await c.getmany(timeout_ms=200)).values():
            out.extend(records)
    settle_until = time.monotonic() + settle
    while time.monotonic() < settle_until:
        for records in (await c.getmany(timeout_ms=100)).values():
            out.extend(records)
    return out


def partitions(topic: str, n: int = 4) -> list[TopicPartition]:
    return [TopicPartition(topic, p) for p in range(n)]


def by_partition(records: Iterable[ConsumerRecord]) -> dict[int, list[ConsumerRecord]]:
    out: dict[int, list[ConsumerRecord]] = defaultdict(list)
    for r in records:
        out[r.partition].append(r)
    return out


# ------------------------------------------------------------------------------------------------------------


async def test_create_topic_with_four_partitions(broker: RunningBroker) -> None:
    topic = unique("created")
    assert await create_topics(broker.bootstrap, [TopicSpec(topic, 4)]) == [topic]
    assert await create_topics(broker.bootstrap, [TopicSpec(topic, 4)]) == []  # already there: fine

    admin = AIOKafkaAdminClient(bootstrap_servers=broker.bootstrap)
    await admin.start()
    try:
        (described,) = await admin.describe_topics([topic])
    finally:
        await admin.close()
    assert described["error_code"] == 0
    assert sorted(p["partition"] for p in described["partitions"]) == [0, 1, 2, 3]
    assert all(p["leader"] >= 0 for p in described["partitions"])


async def test_an_unknown_topic_is_auto_created_on_tansu_and_refused_by_the_kafka_test_broker(
        broker: RunningBroker) -> None:
    """Tansu creates a topic on first use with four partitions; deploy/kafka/kafka-local.sh turns auto-creation
    off (as production clusters do), so a mistyped topic there is an error, never a new topic."""
    topic = unique("auto")
    if broker.kind == "kafka":
        p = producer(broker, request_timeout_ms=3000)
        await p.start()
        try:
            with pytest.raises(UnknownTopicOrPartitionError):
                await p.send_and_wait(topic, b"x", key=b"k")
        finally:
            await p.stop()
        return
    p = producer(broker)
    await p.start()
    try:
        await p.send_and_wait(topic, b"x", key=b"k")
        assert p.client.cluster.partitions_for_topic(topic) == {0, 1, 2, 3}
    finally:
        await p.stop()


async def test_keyed_records_round_trip_in_a_consumer_group(broker: RunningBroker) -> None:
    topic = unique("keyed")
    await create_topics(broker.bootstrap, [TopicSpec(topic, 4)])
    keys = [f"k{i:02d}" for i in range(20)]
    p = producer(broker, linger_ms=5)
    await p.start()
    try:
        sent = [await p.send(topic, f"{i}".encode(), key=keys[i % 20].encode()) for i in range(200)]
        await p.flush()
        metadata = [await f for f in sent]
    finally:
        await p.stop()
    assert len({m.partition for m in metadata}) > 1  # the keys spread over partitions

    c = consumer(broker, topic, group_id=unique("g-keyed"))
    await c.start()
    try:
        got = await consume(c, 200, settle=0.5)
        assert {tp.partition for tp in c.assignment()} == {0, 1, 2, 3}
    finally:
        await c.stop()

    assert len(got) == 200
    assert sorted(int(r.value) for r in got) == list(range(200))
    seq_by_key: dict[bytes, list[int]] = defaultdict(list)
    partition_by_key: dict[bytes, set[int]] = defaultdict(set)
    for r in got:
        seq_by_key[r.key].append(int(r.value))
        partition_by_key[r.key].add(r.partition)
    for key, seqs in seq_by_key.items():
        assert seqs == sorted(seqs), f"key {key!r} out of order: {seqs}"
        assert len(seqs) == 10
        assert len(partition_by_key[key]) == 1
    for records in by_partition(got).values():
        offsets = [r.offset for r in records]
        assert offsets == list(range(offsets[0], offsets[0] + len(offsets)))


async def test_consumer_resumes_at_the_committed_offset(broker: RunningBroker) -> None:
    topic = unique("resume")
    group = unique("g-resume")
    await create_topics(broker.bootstrap, [TopicSpec(topic, 4)])
    p = producer(broker)
    await p.start()
    try:
        for i in range(120):
            await p.send(topic, f"a{i}".encode(), key=f"k{i % 12}".encode())
        await p.flush()

        first = consumer(broker, topic, group_id=group)
        await first.start()
        try:
            got = await consume(first, 120)
            assert len(got) == 120
            # Commit halfway through each partition: the rest must be delivered again.
            committed = {
                TopicPartition(topic, part): records[len(records) // 2].offset
                for part, records in by_partition(got).items()
            }
            await first.commit(committed)
        finally:
            await first.stop()

        for i in range(40):
            await p.send(topic, f"b{i}".encode(), key=f"k{i % 12}".encode())
        await p.flush()
    finally:
        await p.stop()

    per_partition = by_partition(got)
    expected_again = {
        r.value
        for part, records in per_partition.items()
        for r in records
        if r.offset >= committed[TopicPartition(topic, part)]
    }
    expected = expected_again | {f"b{i}".encode() for i in range(40)}

    second = consumer(broker, topic, group_id=group)
    await second.start()
    try:
        for tp, offset in committed.items():
            assert await second.committed(tp) == offset
        resumed = await consume(second, len(expected), settle=1.0)
    finally:
        await second.stop()

    assert sorted(r.value for r in resumed) == sorted(expected)  # no gaps, no extra redelivery
    for part, records in by_partition(resumed).items():
        assert records[0].offset == committed[TopicPartition(topic, part)]


async def test_compacted_topic_config_is_accepted(broker: RunningBroker) -> None:
    topic = unique("compact")
    config = {"cleanup.policy": "compact", "min.cleanable.dirty.ratio": "0.01"}
    assert await create_topics(broker.bootstrap, [TopicSpec(topic, 2, config)]) == [topic]
    admin = AIOKafkaAdminClient(bootstrap_servers=broker.bootstrap)
    await admin.start()
    try:
        (response,) = await admin.describe_configs([ConfigResource(ConfigResourceType.TOPIC, topic)])
    finally:
        await admin.close()
    (resource,) = response.resources
    error_code, _message, _type, name, entries = resource
    assert (error_code, name) == (0, topic)
    values = {entry[0]: entry[1] for entry in entries}
    assert values["cleanup.policy"] == "compact"
    assert values["min.cleanable.dirty.ratio"] == "0.01"

    # Keyed writes and reads work on it (whether the broker ever compacts is not relied on).
    p = producer(broker)
    await p.start()
    try:
        for i in range(5):
            await p.send_and_wait(topic, f"v{i}".encode(), key=b"same", partition=0)
    finally:
        await p.stop()
    c = consumer(broker)
    await c.start()
    try:
        c.assign([TopicPartition(topic, 0)])
        got = await consume(c, 5)
    finally:
        await c.stop()
    assert got[-1].value == b"v4"


async def test_fetch_highwater_counts_every_record(broker: RunningBroker) -> None:
    topic = unique("hw")
    await create_topics(broker.bootstrap, [TopicSpec(topic, 1)])
    p = producer(broker, linger_ms=20)
    await p.start()
    try:
        futures = [await p.send(topic, b"x", partition=0) for _ in range(10)]  # one batch
        await p.flush()
        assert [(await f).offset for f in futures] == list(range(10))
    finally:
        await p.stop()
    tp = TopicPartition(topic, 0)
    c = consumer(broker)
    await c.start()
    try:
        c.assign([tp])
        got = await consume(c, 10)
        assert len(got) == 10
        assert c.highwater(tp) == 10
        assert await c.position(tp) == 10
    finally:
        await c.stop()


async def test_end_offsets_after_a_multi_record_batch_quirk(broker: RunningBroker) -> None:
    """Kafka: the log end offset. Tansu: the last batch's base offset + 1 (too small)."""
    topic = unique("end")
    await create_topics(broker.bootstrap, [TopicSpec(topic, 1)])
    tp = TopicPartition(topic, 0)
    p = producer(broker, linger_ms=20)
    await p.start()
    try:
        for _ in range(3):  # three single-record batches: offsets 0, 1, 2
            await p.send_and_wait(topic, b"single", partition=0)
        futures = [await p.send(topic, b"batched", partition=0) for _ in range(7)]  # offsets 3..9
        await p.flush()
        assert [(await f).offset for f in futures] == list(range(3, 10))
    finally:
        await p.stop()
    c = consumer(broker)
    await c.start()
    try:
        end = (await c.end_offsets([tp]))[tp]
        c.assign([tp])
        await c.seek_to_end(tp)  # and so auto_offset_reset="latest": the same ListOffsets answer
        position = await c.position(tp)
    finally:
        await c.stop()
    if broker.kind == "kafka":
        assert (end, position) == (10, 10)
    else:
        assert (end, position) == (4, 4)  # would re-deliver offsets 4..9
    assert end_offsets_exact(broker.bootstrap) == (end == 10)
    # harness.read_all stops once its position reaches the reported end, without waiting for quiet: on Tansu the
    # position passes the under-reported end only with the whole last batch read (offsets 3..9 at once)
    got = await read_all(broker.bootstrap, topic, idle_s=0.0)
    assert [r.offset for r in got] == list(range(10))


async def test_offsets_for_times_quirk(broker: RunningBroker) -> None:
    """Both look up the append time. Past the last record: Kafka None, Tansu (offset 0, timestamp -1)."""
    topic = unique("times")
    await create_topics(broker.bootstrap, [TopicSpec(topic, 1)])
    tp = TopicPartition(topic, 0)
    p = producer(broker)
    await p.start()
    try:
        for _ in range(3):
            await p.send_and_wait(topic, b"early", partition=0)
        await asyncio.sleep(0.05)
        middle = int(time.time() * 1000)
        await asyncio.sleep(0.05)
        for _ in range(2):
            await p.send_and_wait(topic, b"late", partition=0)
    finally:
        await p.stop()
    c = consumer(broker)
    await c.start()
    try:
        found = (await c.offsets_for_times({tp: middle}))[tp]
        beyond = (await c.offsets_for_times({tp: middle + 3_600_000}))[tp]
    finally:
        await c.stop()
    assert found is not None
    assert found.offset == 3
    assert found.timestamp >= middle
    if broker.kind == "kafka":
        assert beyond is None
    else:
        assert beyond == OffsetAndTimestamp(offset=0, timestamp=-1)


async def test_idempotent_producer_quirk(broker: RunningBroker) -> None:
    """Kafka: works. Tansu: InitProducerId fails, so start() raises."""
    topic = unique("idem")
    await create_topics(broker.bootstrap, [TopicSpec(topic, 1)])
    p = AIOKafkaProducer(bootstrap_servers=broker.bootstrap, enable_idempotence=True)
    try:
        if broker.supports_idempotence:
            await p.start()
            metadata = await p.send_and_wait(topic, b"once", partition=0)
            assert metadata.offset == 0
        else:
            with pytest.raises(KafkaError):
                await asyncio.wait_for(p.start(), 10)
    finally:
        await p.stop()


@pytest.mark.needs_kafka
async def test_transactions_commit_abort_and_read_committed(broker: RunningBroker) -> None:
    assert broker.supports_transactions
    source, sink = unique("tx-in"), unique("tx-out")
    group = unique("g-tx")
    await create_topics(broker.bootstrap, [TopicSpec(source, 1), TopicSpec(sink, 1)])
    src_tp, sink_tp = TopicPartition(source, 0), TopicPartition(sink, 0)

    tx = AIOKafkaProducer(bootstrap_servers=broker.bootstrap, transactional_id=unique("tx"))
    await tx.start()
    try:
        async with tx.transaction():
            for i in range(5):
                await tx.send(sink, f"committed-{i}".encode(), partition=0)
            # Consume-transform-produce: the input offset commits with the output, atomically.
            await tx.send_offsets_to_transaction({src_tp: 42}, group)

        await tx.begin_transaction()
        for i in range(5):
            await tx.send(sink, f"aborted-{i}".encode(), partition=0)
        await tx.send_offsets_to_transaction({src_tp: 99}, group)
        await tx.abort_transaction()

        async with tx.transaction():
            await tx.send(sink, b"after-abort", partition=0)
    finally:
        await tx.stop()

    committed_values = [f"committed-{i}".encode() for i in range(5)] + [b"after-abort"]

    rc = consumer(broker, isolation_level="read_committed")
    await rc.start()
    try:
        rc.assign([sink_tp])
        got = await consume(rc, len(committed_values), settle=1.0)
        assert rc.last_stable_offset(sink_tp) == rc.highwater(sink_tp)
    finally:
        await rc.stop()
    assert [r.value for r in got] == committed_values

    ru = consumer(broker, isolation_level="read_uncommitted")
    await ru.start()
    try:
        ru.assign([sink_tp])
        everything = await consume(ru, 11, settle=1.0)
    finally:
        await ru.stop()
    assert sorted(r.value for r in everything) == sorted(committed_values + [f"aborted-{i}".encode() for i in range(5)])

    offsets = consumer(broker, group_id=group)
    await offsets.start()
    try:
        assert await offsets.committed(src_tp) == 42  # the aborted 99 never landed
    finally:
        await offsets.stop()
