"""The aiokafka transport, the default: the clients and helpers of `shell/kafka.py` as they have always been,
and what needs aiokafka's internals (pinned aiokafka): the heartbeat lease and broker contact read from the group
coordinator, the produce-request guard, the position aiokafka resolved on its own.

Committed offsets are read stable by the worker's own OffsetFetch v7 (`shell/worker/stable_offsets.py`):
aiokafka speaks OffsetFetch up to v3 only (`native_stable_offsets = False`).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Awaitable, Callable, Iterable
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer
from aiokafka.structs import OffsetAndMetadata, TopicPartition

from ...core.config import EngineConfig
from .. import kafka
from ..config import Settings
from .base import Batch, Offsets, Outgoing, Pending, Rebalance


class AiokafkaMembership:
    """The group coordinator's view (pinned aiokafka: `GroupCoordinator.generation`, `_do_heartbeat` returning
    whether the session is alive, `request_rejoin`). aiokafka keeps the time of its last good heartbeat in a
    local variable, so its heartbeat call is wrapped."""

    def __init__(self, consumer: Any) -> None:
        self.consumer = consumer
        self._coord: Any = None

    def generation(self) -> int:
        return int(self._coord.generation) if self._coord is not None else -1

    def watch(self, clock: Callable[[], float], on_beat: Callable[[float], None],
              on_contact: Callable[[], None]) -> None:
        coord = self.consumer._coordinator
        self._coord = coord
        inner: Callable[[], Awaitable[bool]] = coord._do_heartbeat

        async def heartbeat() -> bool:
            sent = clock()
            ok = await inner()
            if ok:
                on_beat(sent)
                on_contact()
            return ok

        coord._do_heartbeat = heartbeat
        # broker contact is an answer from the broker (a fetch response, even empty; metadata; a heartbeat; a
        # commit), never records already buffered: during an outage nothing here is called back
        client = getattr(self.consumer, "_client", None)
        if client is None:  # a stand-in consumer (tests): no requests to watch
            return
        send: Callable[..., Awaitable[Any]] = client.send

        async def answered(*args: Any, **kwargs: Any) -> Any:
            resp = await send(*args, **kwargs)
            on_contact()
            return resp

        client.send = answered

    def request_rejoin(self) -> None:
        if self._coord is not None:
            self._coord.request_rejoin()


class AiokafkaClient:
    name = "aiokafka"
    native_stable_offsets = False

    def new_producer(self, s: Settings, transactional_id: str | None = None) -> AIOKafkaProducer:
        return kafka.new_producer(s, transactional_id)

    def new_input_consumer(self, s: Settings, events_per_record: int = 1, **group: Any) -> AIOKafkaConsumer:
        return kafka.new_input_consumer(s, events_per_record, **group)

    def new_state_reader(self, s: Settings) -> AIOKafkaConsumer:
        return kafka.new_state_reader(s)

    def new_metadata_client(self, s: Settings, **options: Any) -> AIOKafkaConsumer:
        return kafka.new_metadata_client(s, **options)

    def fetches(self, c: Any, stop: asyncio.Event, max_records: int) -> AsyncGenerator[Batch, None]:
        return kafka.fetches(c, stop, max_records)

    def subscribe(self, c: Any, topics: list[str], assigned: Rebalance, revoked: Rebalance) -> None:
        c.subscribe(topics, listener=kafka.Rebalanced(assigned, revoked))

    async def init_transactions(self, p: Any, what: str) -> None:
        await kafka.init_transactions(p, what)

    def transaction_failed_fatally(self, p: Any) -> bool:
        return bool(p._txn_manager.is_fatal_error())

    async def send_offsets(self, p: Any, offsets: Offsets, group: Any, group_id: str) -> None:
        """aiokafka has no KIP-447: the offsets carry the group id only (zombies are fenced by the transactional
        id per input partition, `shell/worker/checkpoint.py`)."""
        await p.send_offsets_to_transaction(dict(offsets), group_id)

    async def enqueue(self, p: Any, plan: Outgoing, too_large: Any = None) -> Pending:
        return await kafka.enqueue(p, plan, too_large)

    async def partitions_of(self, c: Any, topic: str) -> set[int]:
        return await kafka.partitions_of(c, topic)

    async def drain(self, c: Any, tps: list[TopicPartition], end: dict[TopicPartition, int],
                    apply: Callable[[TopicPartition, list[Any]], None], idle_ms: int = 300) -> int:
        return await kafka.drain(c, tps, end, apply, idle_ms)

    async def committed(self, group: Any, tps: list[TopicPartition], wait_s: float
                        ) -> dict[TopicPartition, OffsetAndMetadata]:
        """Last completed commits (OffsetFetch v3: not stable; the worker reads them stable itself)."""
        return dict(await group._coordinator.fetch_committed_offsets(tps))

    def membership(self, c: Any) -> AiokafkaMembership:
        return AiokafkaMembership(c)

    def guard(self, producer: Any, lapsed: Callable[[], bool], confirm: Callable[[], Awaitable[None]]) -> None:
        """Check the lease before every produce request the producer's sender writes (`fencing.py`; pinned
        aiokafka: `Sender._send_produce_req(node_id, batches)` sends one request and releases the node)."""
        sender = producer._sender
        inner: Callable[[int, dict[Any, Any]], Awaitable[None]] = sender._send_produce_req

        async def send(node_id: int, batches: dict[Any, Any]) -> None:
            if lapsed():
                try:
                    await confirm()
                except Exception as f:  # fenced: the request's batches fail, nothing is written
                    for batch in batches.values():
                        batch.failure(f)
                    sender._in_flight.discard(node_id)
                    for tp in batches:
                        sender._muted_partitions.discard(tp)
                    return
            await inner(node_id, batches)

        sender._send_produce_req = send

    def resolved_position(self, c: Any, tp: TopicPartition) -> int | None:
        """The position aiokafka resolved on its own for an assigned partition, if it has one yet (pinned
        aiokafka: the subscription's assignment state)."""
        try:
            state = c._subscription.subscription.assignment.state_value(tp)
        except AttributeError:
            return None
        return int(state.position) if state is not None and state.has_valid_position else None

    async def ensure_topics(self, s: Settings, names: Iterable[tuple[str, int, dict[str, str]]]) -> None:
        await kafka.ensure_topics(s, names)

    async def topic_sizes(self, s: Settings) -> dict[str, int]:
        return await kafka.topic_sizes(s)

    async def topic_limits(self, s: Settings, topics: Iterable[str]) -> dict[str, int]:
        return await kafka.topic_limits(s, topics)

    async def output_limits(self, s: Settings, engine: EngineConfig, repaired: Iterable[str] = (),
                            findings: Iterable[str] = ()) -> EngineConfig:
        return await kafka.output_limits(s, engine, repaired, findings)

    async def max_state_bytes(self, s: Settings, configured: int | None) -> int | None:
        return await kafka.max_state_bytes(s, configured)


__all__ = ["AiokafkaClient", "AiokafkaMembership"]
