"""Fencing: a member that lost its partitions writes nothing more for them.

Why identical ids always mean identical bytes. Every output id is derived from the input position that
produced it (`topic:partition:offset[:k]`), and the core is deterministic: the same input records applied to
the same state give the same records, byte for byte. Delivery is at-least-once, so an id can be written more
than once, and each write is identical as long as every writer of a partition processes it from the same
state. That holds along one owner's life (it restores the state the committed offset belongs to, see
`recovery.py`) and across owners (the next owner restores what the previous one acknowledged). It breaks when
two members process the same partition at once from different states: a member paused past its session
timeout (GC pause, SIGSTOP, a frozen VM) wakes up with the state of its last batch while the new owner
restored an earlier one, moves timers differently, writes changelog records over the new owner's, and the
two write different values under one id, or different ids for one decision.

So before each step of a commit (`checkpoint.py`), :meth:`Ownership.check` demands that

* the group generation is still the one the batch was fetched under (a rebalance, a heartbeat answered
  "unknown member" or "illegal generation", or a commit refused for the same reasons, resets or bumps it),
* the partition is still in the consumer's assignment, and
* the session lease is live: a heartbeat sent less than 80% of the session timeout ago was accepted. After a
  pause the lease has lapsed whatever the member believes; the check then waits (at most one more session
  timeout) for the next heartbeat to say whether the session survived (same generation: go on) or not.

A fenced shipment is dropped with the partition's state in memory; the member rejoins the group, and the
partition's next owner (maybe this member) restores from the changelog and the committed offset. A broker
outage fences the same way a shipment step that has not started yet (its partitions come back restored when
the group forms again); a produce already waiting on the broker that fails is sent again while the lease
holds, and fenced the same way once it lapses (`checkpoint.Committer.deliver`).

The same lease guards the producer itself: a pause can fall between a check and the moment the producer's
sender writes the request (its linger, its queue), and on waking the sender would write at once, long before
a heartbeat tells the member it was expired. So every produce request first checks the lease (synchronously,
right before the request is built and written): lapsed, it waits for the heartbeat's verdict and fails the
request's batches with :class:`Fenced` if the session is gone.

The remaining window: a pause after that check and before the request reaches the socket (no await in
between but the connection lookup), or a request already written whose append the broker delays past the new
owner's start. Such records belong to one shipment step of one batch, computed from state this member built
from acknowledged state, so they are the records the new owner computes again from the same state: same ids,
same bytes (at-least-once duplicates). Changelog records of that step can still land after the new owner's
later records for the same conversations (rolling their stored state back until they are written again); the
exactly-once mode closes the window completely (the broker fences a zombie's transaction).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition

LEASE = 0.8  # of the session timeout: the broker counts from when it received the heartbeat, before we see the answer


class Fenced(Exception):
    """This member no longer owns these partitions (or cannot prove it): their shipment must not go out."""

    def __init__(self, partitions: Iterable[TopicPartition], why: str) -> None:
        self.partitions = frozenset(partitions)
        self.why = why
        super().__init__(f"fenced ({why}): partitions {sorted(tp.partition for tp in self.partitions)}")


class Ownership:
    """What the group coordinator says about this member, read before each shipment step."""

    def __init__(self, consumer: AIOKafkaConsumer, session_timeout_s: float, *,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.consumer = consumer
        self.clock = clock  # monotonic seconds
        self.sleep = sleep
        self.session_s = session_timeout_s
        # a lapsed lease not renewed for another session timeout: the coordinator has expired us if it can see
        # us, and if it cannot, nothing we produce would be acknowledged anyway
        self.max_wait_s = max(self.session_s, 2.0)
        self.lease_from = clock()  # send time of the last heartbeat the coordinator accepted
        self.contact_at = clock()  # last answer from the broker (readiness on outage)
        self._coord: Any = None

    def attach(self) -> None:
        """Watch the heartbeats (after `consumer.start()`, which creates the coordinator). aiokafka keeps the
        time of its last good heartbeat in a local variable, so its heartbeat call is wrapped (aiokafka is pinned:
        `GroupCoordinator._do_heartbeat` returns whether the session is alive)."""
        coord = self.consumer._coordinator
        self._coord = coord
        inner: Callable[[], Awaitable[bool]] = coord._do_heartbeat

        async def heartbeat() -> bool:
            sent = self.clock()
            ok = await inner()
            if ok:
                self.lease_from = sent
                self.contact_at = self.clock()
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
            self.contact_at = self.clock()
            return resp

        client.send = answered

    def lapsed(self) -> bool:
        return self.clock() - self.lease_from >= self.session_s * LEASE

    def guard(self, producer: AIOKafkaProducer) -> None:
        """Check the lease before every produce request the producer's sender writes (see the module docstring;
        aiokafka is pinned: `Sender._send_produce_req(node_id, batches)` sends one request and releases the node)."""
        sender = producer._sender
        inner: Callable[[int, dict[Any, Any]], Awaitable[None]] = sender._send_produce_req

        async def send(node_id: int, batches: dict[Any, Any]) -> None:
            if self.lapsed():
                generation = self.generation
                try:
                    await self._confirm(set(), generation)
                except Fenced as f:
                    for batch in batches.values():
                        batch.failure(f)
                    sender._in_flight.discard(node_id)
                    for tp in batches:
                        sender._muted_partitions.discard(tp)
                    return
            await inner(node_id, batches)

        sender._send_produce_req = send

    @property
    def generation(self) -> int:
        return int(self._coord.generation) if self._coord is not None else -1

    def renew(self) -> None:
        """A join just completed (partitions assigned): the session is as fresh as it gets."""
        self.lease_from = self.contact_at = self.clock()

    def request_rejoin(self) -> None:
        if self._coord is not None:
            self._coord.request_rejoin()

    def contact(self) -> None:
        """The broker answered (a produce acknowledged, a commit accepted)."""
        self.contact_at = self.clock()

    def _lost(self, tps: Iterable[TopicPartition], generation: int) -> tuple[set[TopicPartition], str]:
        tps = set(tps)
        if generation < 0 or self._coord is None:
            return tps, "not a member of the group"  # aiokafka's generation after "unknown member": -1
        if self.generation != generation:
            return tps, f"generation {generation} is over"
        gone = tps - self.consumer.assignment()
        return gone, "not assigned"

    async def check(self, tps: Iterable[TopicPartition], generation: int) -> None:
        """Return if this member still owns `tps` under `generation`; raise :class:`Fenced` if it does not."""
        tps = set(tps)
        lost, why = self._lost(tps, generation)
        if lost:
            raise Fenced(lost, why)
        if self.lapsed():
            await self._confirm(tps, generation)

    async def _confirm(self, tps: set[TopicPartition], generation: int) -> None:
        """The lease lapsed (a pause, or the coordinator is unreachable): the next heartbeat decides."""
        t0 = self.clock()
        while self.lapsed():
            await self.sleep(0.02)
            lost, why = self._lost(tps, generation)
            if lost or (not tps and (generation < 0 or self.generation != generation)):
                raise Fenced(lost, why)
            if self.clock() - t0 > self.max_wait_s:
                raise Fenced(tps, f"session not confirmed for {self.max_wait_s:.0f}s")
