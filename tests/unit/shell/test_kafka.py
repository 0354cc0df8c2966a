"""shell/kafka.py's produce batching: every batch handed to aiokafka is complete and closed, so it is sent without
waiting `linger_ms` (pinned aiokafka: an open batch lingers, and the partition's later batches wait behind it)."""

from __future__ import annotations

from typing import Any

import pytest
from aiokafka import AIOKafkaProducer, TopicPartition
from aiokafka.errors import KafkaError
from aiokafka.producer.message_accumulator import MessageBatch

from processor.core.partition import OutRecord
from processor.shell import kafka
from processor.shell.kafka import enqueue


class Recorder:
    """A producer whose real aiokafka batches are kept, not sent."""

    def __init__(self, max_batch_size: int = 16384) -> None:
        self.real = AIOKafkaProducer(max_batch_size=max_batch_size, linger_ms=60_000)  # never started
        self.sent: list[tuple[str, int | None, Any]] = []

    def create_batch(self) -> Any:
        return self.real.create_batch()

    async def send_batch(self, batch: Any, topic: str, partition: int) -> Any:
        self.sent.append((topic, partition, batch))
        return None

    async def send(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("no record here is larger than a batch")


def records(n: int, size: int) -> list[OutRecord]:
    return [OutRecord("repaired", b"c%d" % (i % 3), b"x" * size, [("toolmend-id", b"%d" % i)]) for i in range(n)]


@pytest.mark.asyncio
async def test_every_batch_is_closed_and_sent_without_linger() -> None:
    p = Recorder()
    plan = [("out", i % 2, r) for i, r in enumerate(records(400, 200))]  # ~80 KB: several batches per partition
    pending = await enqueue(p, plan)  # type: ignore[arg-type]
    assert len(pending) == len(p.sent) > 2
    for topic, part, batch in p.sent:
        assert batch.closed()
        # what aiokafka's accumulator asks before draining a partition's first batch: no linger left
        assert MessageBatch(TopicPartition(topic, part), batch, 30.0, 60.0).remaining_linger() is None
    # order and membership unchanged: each partition's records in plan order, each in exactly one batch
    for part in (0, 1):
        sent = [r for (_, pp, _), (_, members) in zip(p.sent, pending, strict=True) if pp == part
                for _, _, r in members]
        assert sent == [r for _, q, r in plan if q == part]


@pytest.mark.asyncio
async def test_an_open_batch_lingers() -> None:
    """The behaviour the close avoids, on the pinned aiokafka (if this fails, linger no longer applies to a batch
    handed over open, and the close is merely harmless)."""
    batch = AIOKafkaProducer(linger_ms=60_000).create_batch()
    assert batch.append(key=b"k", value=b"v", timestamp=None, headers=[]) is not None
    assert MessageBatch(TopicPartition("t", 0), batch, 30.0, 60.0).remaining_linger() is not None


class _Metadata:
    """A consumer whose metadata reads fail `fails` times, as aiokafka's does when no broker answered in time."""

    def __init__(self, fails: int) -> None:
        self.fails = fails
        self.asked = 0
        self._client = self

    async def fetch_all_metadata(self) -> Any:
        self.asked += 1
        if self.asked <= self.fails:
            raise KafkaError("Unable to get cluster metadata over all known brokers")
        return self

    def partitions_for_topic(self, topic: str) -> set[int]:
        return {0, 1, 2} if topic == "t" else set()


@pytest.mark.parametrize("fails", [0, 1, 2])
async def test_partitions_of_asks_the_metadata_again(fails: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kafka, "METADATA_TRIES", (0.0, 0.0))
    c = _Metadata(fails)
    assert await kafka.partitions_of(c, "t") == {0, 1, 2}  # type: ignore[arg-type]
    assert c.asked == fails + 1


async def test_partitions_of_raises_after_its_tries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kafka, "METADATA_TRIES", (0.0, 0.0))
    c = _Metadata(3)
    with pytest.raises(KafkaError, match="cluster metadata"):
        await kafka.partitions_of(c, "t")  # type: ignore[arg-type]
    assert c.asked == 3
