"""`shell/worker/repartition.py` without a broker: the readers' records merged as the offline pass merges them
(`tests/support/rehome_oracle.py`), and the old partition count read from what the state recorded."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator
from typing import Any

import orjson
import pytest

from processor.core.config import DEFAULT_ENGINE
from processor.core.rehome import Rehome
from processor.shell.worker import repartition
from processor.synth.generate import generate
from processor.synth.merge import kafka_partition
from tests.support.rehome_oracle import Rec, merged


class Recording:
    """A Rehome that notes the order records reach it (a wrapper: a compiled core's classes take no subclass)."""

    def __init__(self) -> None:
        self.rehome = Rehome("in", 8, 4, {}, lambda key: kafka_partition(key, 8), DEFAULT_ENGINE)
        self.procs = self.rehome.procs
        self.seen: list[tuple[int, bytes | None]] = []

    @property
    def records(self) -> int:
        return self.rehome.records

    def add(self, partition: int, key: bytes | None, value: bytes | None,
            headers: Any = (), timestamp: int | None = None) -> None:
        self.seen.append((partition, value))
        self.rehome.add(partition, key, value, headers, timestamp)


def test_the_readers_are_merged_as_the_offline_pass_merges(monkeypatch: pytest.MonkeyPatch) -> None:
    events, _ = generate(80, seed=4, partitions=4)
    recs: list[Rec] = []
    offsets: dict[int, int] = {}
    for e in events:
        p = kafka_partition(e.key, 4) if e.key is not None else 0
        recs.append(Rec(p, offsets.get(p, 0), e.key, e.value))
        offsets[p] = offsets.get(p, 0) + 1
    recs.append(Rec(1, offsets[1], b"late", orjson.dumps({"conversation_id": "late", "ts": 1})))  # out of ts order
    offsets[1] += 1
    positions = {p: n - 3 for p, n in offsets.items()}

    async def records(s: Any, p: int, position: int) -> AsyncGenerator[Any, None]:
        for r in recs:
            if r.partition == p and r.offset < position:
                await asyncio.sleep(0)
                yield r

    monkeypatch.setattr(repartition, "_records", records)
    rehome = Recording()
    asyncio.run(repartition.merge(None, positions, rehome))  # type: ignore[arg-type]  # duck-typed
    assert rehome.seen == [(r.partition, r.value) for r in merged(recs, positions)]
    assert rehome.records == sum(positions.values())


def test_kafka_partition_is_the_java_clients() -> None:
    """Kafka's own UtilsTest values of murmur2 (signed), as partitions: toPositive(h) % n."""
    java = {b"21": -973932308, b"foobar": -790332482, b"a-little-bit-long-string": -985981536,
            b"a-little-bit-longer-string": -1486304829, b"abc": 479470107}
    for key, h in java.items():
        for n in (4, 8, 6, 1000):
            assert repartition.kafka_partition(key, n) == (h & 0x7FFFFFFF) % n
