"""The group's committed offsets, read stable: OffsetFetch v7 with `require_stable` (KIP-447).

Owns one request and its retries; knows nothing of state, changelogs or fencing (`recovery.py` decides what the
offsets mean). aiokafka (pinned) speaks OffsetFetch up to v3, which answers the last *completed* commit and
silently ignores a transactional one still pending: a new owner that reads it while the previous owner's last
transaction is being completed resumes at an older offset than the state it restores (read_committed) belongs
to. With `require_stable` the broker answers UNSTABLE_OFFSET_COMMIT until that transaction is completed, and
the read is retried. A broker without OffsetFetch v7 (Tansu, which has no transactions either) gets aiokafka's
plain fetch: nothing can be pending there.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from aiokafka import AIOKafkaConsumer, TopicPartition
from aiokafka.errors import IncompatibleBrokerVersion, KafkaError
from aiokafka.protocol.api import Request, RequestStruct, Response
from aiokafka.protocol.types import Boolean, CompactArray, CompactString, Int16, Int32, Int64, Schema, TaggedFields
from aiokafka.structs import OffsetAndMetadata

UNSTABLE_OFFSET_COMMIT = 88
RETRIABLE = {14, 15, 16}  # coordinator loading, not available, not coordinator
UNKNOWN_TOPIC = 3
STABLE_WAIT_S = 60.0  # a pending transaction is completed or aborted (its timeout) well within this (the default)


class OffsetFetchResponse_v7(Response):  # type: ignore[misc]
    API_KEY = 9
    API_VERSION = 7
    SCHEMA = Schema(
        ("throttle_time_ms", Int32),
        ("topics", CompactArray(
            ("name", CompactString("utf-8")),
            ("partitions", CompactArray(
                ("partition_index", Int32),
                ("committed_offset", Int64),
                ("committed_leader_epoch", Int32),
                ("metadata", CompactString("utf-8")),
                ("error_code", Int16),
                ("tags", TaggedFields))),
            ("tags", TaggedFields))),
        ("error_code", Int16),
        ("tags", TaggedFields),
    )


class OffsetFetchRequest_v7(RequestStruct):  # type: ignore[misc]
    FLEXIBLE_VERSION = True
    API_KEY = 9
    API_VERSION = 7
    RESPONSE_TYPE = OffsetFetchResponse_v7
    SCHEMA = Schema(
        ("group_id", CompactString("utf-8")),
        ("topics", CompactArray(
            ("name", CompactString("utf-8")),
            ("partition_indexes", CompactArray(Int32)),
            ("tags", TaggedFields))),
        ("require_stable", Boolean),
        ("tags", TaggedFields),
    )


class StableOffsetFetch(Request[OffsetFetchRequest_v7]):  # type: ignore[misc]
    API_KEY = 9

    def __init__(self, group_id: str, topics: dict[str, list[int]]) -> None:
        self._group_id = group_id
        self._topics = topics

    def build(self, request_struct_class: type[OffsetFetchRequest_v7]) -> OffsetFetchRequest_v7:
        return request_struct_class(self._group_id, [(t, ps, {}) for t, ps in self._topics.items()], True, {})


class Committed(dict[TopicPartition, OffsetAndMetadata]):
    """Committed offsets and their metadata; `stable`: read with OffsetFetch v7, from a broker that keeps a
    commit's metadata (Apache Kafka; Tansu, read through the fallback, keeps none)."""

    stable = True


class Unstable(KafkaError):  # type: ignore[misc]
    """Committed offsets that a transactional commit still holds (UNSTABLE_OFFSET_COMMIT), past the wait."""

    retriable = True

    def __init__(self, partitions: list[TopicPartition], waited_s: float | None = None) -> None:
        self.partitions = sorted(partitions)
        self.waited_s = waited_s
        names = ", ".join(f"{tp.topic}-{tp.partition}" for tp in self.partitions)
        super().__init__(f"a transactional offset commit of {names} is pending"
                         + ("" if waited_s is None else f" after {waited_s:.0f}s"))


async def stable_committed(group: AIOKafkaConsumer, tps: list[TopicPartition],
                           wait_s: float = STABLE_WAIT_S) -> Committed:
    """Committed offset and metadata of each of `tps` that has one, no transactional commit pending for it.
    Falls back to aiokafka's fetch on a broker that lacks OffsetFetch v7."""
    coord: Any = group._coordinator
    if not tps:
        return Committed()
    topics: dict[str, list[int]] = {}
    for tp in tps:
        topics.setdefault(tp.topic, []).append(tp.partition)
    t0 = time.monotonic()
    deadline = t0 + wait_s
    while True:
        await coord.ensure_coordinator_known()
        try:
            resp = await coord._send_req(StableOffsetFetch(coord.group_id, topics))
        except (IncompatibleBrokerVersion, NotImplementedError):
            found = Committed(await coord.fetch_committed_offsets(tps))
            found.stable = False
            return found
        except KafkaError as e:
            if not e.retriable or time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.1)
            continue
        try:
            return _parse(resp)
        except Unstable as e:
            if time.monotonic() > deadline:
                raise Unstable(e.partitions, time.monotonic() - t0) from None
        except KafkaError as e:
            if not e.retriable or time.monotonic() > deadline:
                raise
            if getattr(e, "coordinator", False):
                coord.coordinator_dead()
        await asyncio.sleep(0.05)


class _Retry(KafkaError):  # type: ignore[misc]
    retriable = True

    def __init__(self, code: int) -> None:
        super().__init__(f"OffsetFetch error {code}")
        self.coordinator = code in (15, 16)


def _parse(resp: Any) -> Committed:
    if resp.error_code in RETRIABLE:
        raise _Retry(resp.error_code)
    if resp.error_code:
        raise KafkaError(f"OffsetFetch failed with error {resp.error_code}")
    out = Committed()
    unstable: list[TopicPartition] = []
    for name, partitions, _ in resp.topics:
        for index, offset, _epoch, metadata, code, _tags in partitions:
            if code == UNSTABLE_OFFSET_COMMIT:
                unstable.append(TopicPartition(name, index))
                continue
            if code in RETRIABLE:
                raise _Retry(code)
            if code == UNKNOWN_TOPIC:
                continue
            if code:
                raise KafkaError(f"OffsetFetch of {name}-{index} failed with error {code}")
            if offset >= 0:
                out[TopicPartition(name, index)] = OffsetAndMetadata(offset, metadata or "")
    if unstable:
        raise Unstable(unstable)
    return out


__all__ = ["STABLE_WAIT_S", "Committed", "Unstable", "stable_committed"]
