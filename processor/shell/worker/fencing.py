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

from aiokafka import TopicPartition

from ..transport import client_for_default
from ..transport.aiokafka import AiokafkaMembership
from ..transport.base import Client, Membership

LEASE = 0.8  # of the session timeout: the broker counts from when it received the heartbeat, before we see the answer


class Fenced(Exception):
    """This member no longer owns these partitions (or cannot prove it): their shipment must not go out."""

    def __init__(self, partitions: Iterable[TopicPartition], why: str) -> None:
        self.partitions = frozenset(partitions)
        self.why = why
        super().__init__(f"fenced ({why}): partitions {sorted(tp.partition for tp in self.partitions)}")


class Ownership:
    """What the group coordinator says about this member, read before each shipment step."""

    def __init__(self, consumer: Any, session_timeout_s: float, *,
                 clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 client: Client | None = None) -> None:
        self.consumer = consumer
        self._client = client
        self._membership: Membership | None = client.membership(consumer) if client is not None else None
        self._attached = False
        self.clock = clock  # monotonic seconds
        self.sleep = sleep
        self.session_s = session_timeout_s
        # a lapsed lease not renewed for another session timeout: the coordinator has expired us if it can see
        # us, and if it cannot, nothing we produce would be acknowledged anyway
        self.max_wait_s = max(self.session_s, 2.0)
        self.lease_from = clock()  # send time of the last heartbeat the coordinator accepted
        self.contact_at = clock()  # last answer from the broker (readiness on outage)

    def attach(self) -> None:
        """Watch the group (after `consumer.start()`): the transport's view of it (`transport/base.Membership`)
        renews the lease on each heartbeat the coordinator accepted (aiokafka) or fetch on time (librdkafka), and
        marks every answer from the broker."""
        if self._membership is None:
            self._membership = AiokafkaMembership(self.consumer)
        self._membership.watch(self.clock, self._beat, self.contact)
        self._attached = True

    def _beat(self, sent: float) -> None:
        self.lease_from = sent  # broker contact is said apart (`on_contact`): a transport may renew without it

    def lapsed(self) -> bool:
        return self.clock() - self.lease_from >= self.session_s * LEASE

    def guard(self, producer: Any) -> None:
        """Check the lease before every produce request the producer writes, where the transport can (see the
        module docstring): lapsed, wait for the group's verdict, and fail the request if the session is gone."""
        client = self._client or client_for_default()
        client.guard(producer, self.lapsed, lambda: self._confirm(set(), self.generation))

    @property
    def generation(self) -> int:
        return self._membership.generation() if self._membership is not None and self._attached else -1

    def renew(self) -> None:
        """A join just completed (partitions assigned): the session is as fresh as it gets."""
        self.lease_from = self.contact_at = self.clock()

    def request_rejoin(self) -> None:
        if self._membership is not None and self._attached:
            self._membership.request_rejoin()

    def contact(self) -> None:
        """The broker answered (a produce acknowledged, a commit accepted)."""
        self.contact_at = self.clock()

    def _lost(self, tps: Iterable[TopicPartition], generation: int) -> tuple[set[TopicPartition], str]:
        tps = set(tps)
        if generation < 0 or not self._attached:
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
