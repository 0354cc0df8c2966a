"""shell/kafka.py's produce batching: every batch handed to aiokafka is complete and closed, so it is sent without
waiting `linger_ms` (pinned aiokafka: an open batch lingers, and the partition's later batches wait behind it)."""

from __future__ import annotations

from typing import Any

import pytest
from aiokafka import AIOKafkaProducer, TopicPartition
from aiokafka.producer.message_accumulator import MessageBatch

from processor.core.partition import OutRecord
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
