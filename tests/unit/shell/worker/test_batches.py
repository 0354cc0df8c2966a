"""aiokafka's records of a fetch, read through `worker/batches.py`: every record in order, and a batch that cannot
be decoded named in one line (partition, offset, codec), whether it fails as it is read or as its records are."""

from __future__ import annotations

from typing import Any

import pytest
from aiokafka.consumer import fetcher
from aiokafka.structs import TopicPartition

from processor.shell.worker.batches import Undecodable, name_undecodable_batches


class Rec:
    def __init__(self, offset: int) -> None:
        self.offset = offset
        self.key = b"k"
        self.value = b"v%d" % offset
        self.timestamp = 1000 + offset
        self.timestamp_type = 0
        self.checksum = None
        self.headers: list[tuple[str, bytes]] = []


class Batch:
    """A record batch: iterating it decodes its records (a codec missing: raised then)."""

    def __init__(self, base_offset: int, n: int, attributes: int = 0, broken: bool = False) -> None:
        self.base_offset = base_offset
        self.next_offset = base_offset + n
        self.attributes = attributes
        self.producer_id = None
        self.is_control_batch = False
        self.is_transactional = False
        self.n = n
        self.broken = broken

    def validate_crc(self) -> bool:
        return True

    def __iter__(self) -> Any:
        if self.broken:
            raise RuntimeError("lz4 library not installed")
        return iter([Rec(self.base_offset + i) for i in range(self.n)])


class Records:
    def __init__(self, batches: list[Batch]) -> None:
        self.batches = list(batches)

    def has_next(self) -> bool:
        return bool(self.batches)

    def next_batch(self) -> Batch:
        return self.batches.pop(0)


def partition_records(batches: list[Batch]) -> Any:
    name_undecodable_batches()
    return fetcher.PartitionRecords(TopicPartition("in", 3), Records(batches), [], 0, None, None, False,
                                    fetcher.READ_UNCOMMITTED)


def test_records_come_in_order_through_iteration_and_next() -> None:
    recs = partition_records([Batch(0, 3), Batch(3, 2)])
    assert next(recs).offset == 0
    assert [r.offset for r in recs] == [1, 2, 3, 4]  # what the fetcher's getall does: iterates the object
    assert recs.next_fetch_offset == 5
    assert list(recs) == []


@pytest.mark.parametrize("read", ["iterated", "next"])
def test_an_undecodable_batch_is_named_with_partition_offset_and_codec(read: str) -> None:
    recs = partition_records([Batch(0, 2), Batch(2, 2, attributes=3, broken=True)])
    with pytest.raises(Undecodable) as e:
        if read == "iterated":
            list(recs)
        else:
            for _ in range(3):
                next(recs)
    assert str(e.value).startswith("cannot decode the record batch of in partition 3 at offset 2 (lz4): lz4 library")
