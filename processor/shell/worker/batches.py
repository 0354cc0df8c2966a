"""Record batches the Kafka client cannot decode, named: the partition, the batch's offset and its codec in one
line (:class:`Undecodable`, exit code 2), never a traceback from inside the client.

Owns one wrapper around aiokafka's per-partition record iterator (pinned aiokafka: `fetcher.PartitionRecords`
reads batches with `records.has_next()` / `records.next_batch()` and decompresses each while iterating it); knows
nothing of what the records mean. Every codec aiokafka knows (gzip, snappy, lz4, zstd) is decoded: gzip by the
standard library, the others by cramjam, a dependency. What is left is a batch that is corrupt or compressed
with a codec no client knows: its records can be neither processed nor dead-lettered, and skipping them would be
a silent loss, so the worker stops and says where.
"""

from __future__ import annotations

from typing import Any

from aiokafka.consumer import fetcher

from ..config import ConfigError

CODECS = {0: "uncompressed", 1: "gzip", 2: "snappy", 3: "lz4", 4: "zstd"}


class Undecodable(ConfigError):
    def __init__(self, tp: Any, offset: int, codec: str, cause: BaseException) -> None:
        self.partition = tp.partition
        self.offset = offset
        self.codec = codec
        why = str(cause).strip().splitlines()[0][:200] if str(cause).strip() else type(cause).__name__
        super().__init__(f"cannot decode the record batch of {tp.topic} partition {tp.partition} at offset {offset} "
                         f"({codec}): {why}. Its records are neither processed nor skipped; a producer wrote "
                         f"what this client cannot read (move the group past it only knowingly: "
                         f"kafka-consumer-groups --reset-offsets)")


class _Batches:
    """The records of one fetch, remembering the batch being read."""

    def __init__(self, records: Any) -> None:
        self.records = records
        self.batch: Any = None

    def has_next(self) -> bool:
        return bool(self.records.has_next())

    def next_batch(self) -> Any:
        self.batch = self.records.next_batch()
        return self.batch


class _NamedRecords(fetcher.PartitionRecords):  # type: ignore[misc]
    def __init__(self, tp: Any, records: Any, *args: Any, **kwargs: Any) -> None:
        self._batches = _Batches(records)
        super().__init__(tp, self._batches, *args, **kwargs)
        self._records_iterator = self._named(self._records_iterator)  # type: ignore[has-type]

    def __iter__(self) -> Any:
        # the fetcher's `getall` iterates this object: its records come straight from the generator, not through
        # a Python `__next__` per record
        records = self._records_iterator
        return records if records is not None else iter(())

    def _named(self, records: Any) -> Any:
        try:
            yield from records
        except Exception as e:
            batch = self._batches.batch
            offset = getattr(batch, "base_offset", self.next_fetch_offset)
            attributes = getattr(batch, "attributes", None)
            codec = CODECS.get(attributes & 0x07, "unknown codec") if isinstance(attributes, int) else "unknown"
            raise Undecodable(self._tp, int(offset or 0), codec, e) from None


def name_undecodable_batches() -> None:
    """Make every consumer of this process name an undecodable batch (idempotent)."""
    fetcher.PartitionRecords = _NamedRecords


__all__ = ["Undecodable", "name_undecodable_batches"]
