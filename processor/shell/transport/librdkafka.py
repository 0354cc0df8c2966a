"""The librdkafka transport (`kafka_client=librdkafka`, the `librdkafka` extra): confluent-kafka's asyncio
classes (`confluent_kafka.aio.AIOConsumer`, `AIOProducer`) behind the surface of `base.py`.

How it differs from aiokafka underneath, and what keeps the promises the same:

* **Fetching.** One `consume()` of up to `max_batch` records per fetch, run in the client's thread. librdkafka
  serialises every call on a consumer, so a pause, a resume, a seek or an assignment the worker asks for while a
  fetch is in flight is recorded and applied before the next fetch, and records the fetch in flight returned for
  a partition paused, sought or let go meanwhile are dropped (a paused partition is sought back to the first of
  them): what aiokafka does at once, in the same order. A fetch waits for its first record in slices, and a call
  from elsewhere (the checkpoint's commit, the lease's group-metadata read) goes before its next slice.
* **Producing.** Records go to librdkafka's queue without waiting (`produce()`, its delivery report counted per
  partition), and one flush per produce step sends what lingers: a step is acknowledged when every report came.
  Keyed records with no partition go through `murmur2_random`, the Java client's (and aiokafka's) partitioner,
  so a conversation lands in the same partition with either client.
* **Rebalances.** librdkafka calls back from inside a fetch; the callbacks run on the event loop while the fetch
  waits (the worker settles its checkpoint in flight, commits, restores state), and the assignment is made with
  the positions the worker's restore sought (never one the client resolved on its own).
* **The group's view** (`fencing.py`): the generation is a count of this member's rebalance events (assigned,
  revoked, lost), ended at once when librdkafka's group metadata changes (a heartbeat refused) or the process
  was frozen long enough to lose its session (`rdkafka_lease.py`: librdkafka heartbeats unseen, from its own
  thread); broker contact is a response counted in librdkafka's statistics, the group coordinator's included
  (`rdkafka_contact.py`). There is no produce-request guard
  (librdkafka writes from its own threads); exactly once closes that window: the transaction's offsets carry
  the consumer's group metadata (KIP-447), so the coordinator refuses a zombie's commit by its generation.
* **Committed offsets** are read stable by librdkafka itself (OffsetFetch `require_stable` with
  `isolation.level=read_committed`), metadata (the state marker) included.
* **Errors** are mapped onto aiokafka's classes by their Kafka error code (`to_aiokafka`), so the commit order,
  retries and fencing decide the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import re
import signal
import threading
import time
import weakref
from collections.abc import AsyncGenerator, Awaitable, Callable, Iterable
from typing import Any, NamedTuple

import orjson
from aiokafka import errors as ak
from aiokafka.structs import OffsetAndMetadata, OffsetAndTimestamp, TopicPartition
from confluent_kafka import OFFSET_BEGINNING, OFFSET_INVALID, KafkaException
from confluent_kafka import KafkaError as RdError
from confluent_kafka import TopicPartition as RdTP
from confluent_kafka.admin import AdminClient
from confluent_kafka.admin._config import ConfigResource
from confluent_kafka.admin._resource import ResourceType
from confluent_kafka.aio import AIOConsumer, AIOProducer
from confluent_kafka.cimpl import NewTopic

from ...core.config import EngineConfig
from ...core.partition import OutRecord
from .. import kafka
from ..config import ConfigError, Settings
from ..logs import connection_failure
from .base import TXN_INIT_S, Batch, Offsets, Outgoing, Pending, Rebalance
from .rdkafka_contact import Responses
from .rdkafka_errors import delivery_error, to_aiokafka
from .rdkafka_lease import FreezeWatch, freeze_limit, verdict_window

log = logging.getLogger("toolmend.librdkafka")
STATS_MS = 1000  # librdkafka statistics (broker responses, high watermarks) this often
DELIVERY_TIMEOUT_MS = 40000  # a record not acknowledged by then fails (aiokafka's request timeout)
ADMIN_TIMEOUT_S = 15.0
PENDING_PROBE_S = 2.0  # a partition's committed offset not read stable within this is held by a transaction
LEASE_TICK_S = 0.1
FETCH_LINGER_S = 0.02  # a fetch short of its batch waits this much more for the rest of what is arriving
# a fetch waits for its first record in calls of at most this long: librdkafka's consumer takes one call at a time,
# so a commit, a group-metadata read or a seek waits behind a fetch's wait for at most one slice, not the whole wait
FETCH_SLICE_S = 0.05
CONSUMER_THREADS = 16  # started as needed: a fetch, its callback's calls, calls waiting for the fetch
UNDECODABLE = {RdError._BAD_MSG, RdError._BAD_COMPRESSION}
OAUTH_RETRY_S = 30.0  # the shortest token lifetime librdkafka is told: an expired token is asked for again this soon


class ClientLog:
    """librdkafka's own log lines and error reports: connection attempts and retries at debug (what fails reaches
    the worker as an error of the call, said once, as with aiokafka); fatal ones (syslog level 2 and below) as
    they are. A connection refused for a setting (authentication, TLS, protocol: `logs.connection_failure`) is
    said once at WARNING, as aiokafka logs it, so that `logs.ConnectionDiagnosis` names the cause in the worker's
    one line."""

    def __init__(self) -> None:
        self._said: dict[str, float] = {}  # each report's words (times and counts left out) -> when last said

    def log(self, level: int, msg: str, *args: Any) -> None:
        if level >= logging.CRITICAL:
            log.log(level, msg, *args)
            return
        self.notice(msg % args if args else msg, level)

    def error(self, err: RdError) -> None:
        """An `error_cb` report."""
        self.notice(err.str())

    def notice(self, text: str, level: int = logging.DEBUG) -> None:
        key = _DIGITS.sub("#", text)
        now = time.monotonic()
        if connection_failure(text) is None or now - self._said.get(key, -REPEAT_S) < REPEAT_S:
            log.log(logging.DEBUG, "%s", text)
            return
        if len(self._said) > 100:  # bounded
            self._said.clear()
        self._said[key] = now
        log.warning("librdkafka: %s", text)


REPEAT_S = 60.0  # a connection refusal librdkafka reports at every reconnection is said once a minute
_DIGITS = re.compile(r"\d+")
CLIENT_LOG = ClientLog()


# -- settings ------------------------------------------------------------------------------------------------------
def rd_common(s: Settings) -> dict[str, Any]:
    """The connection settings of every librdkafka client, one to one with `Settings.kafka_common()` (aiokafka's):
    servers, client id, security protocol, SASL PLAIN/SCRAM credentials, OAUTHBEARER tokens from the same
    provider, TLS files (none: the system's CA store, hostnames verified, as aiokafka's default context)."""
    conf: dict[str, Any] = {"bootstrap.servers": s.bootstrap_servers, "client.id": s.client_id,
                            "security.protocol": s.security_protocol.lower()}
    if s.sasl_mechanism == "OAUTHBEARER":
        provider = s.token_provider()
        conf["sasl.mechanism"] = "OAUTHBEARER"

        def oauth(_config: str) -> tuple[str, float]:
            # an expired token is sent as it is, and the broker judges it (as aiokafka does); librdkafka would
            # refuse it itself, wordlessly, and ask again when the lifetime given here is near its end
            token = provider.token_now()
            return token, max(provider.expires_at(token), time.time() + OAUTH_RETRY_S)

        conf["oauth_cb"] = oauth
    elif s.sasl_mechanism:
        conf["sasl.mechanism"] = s.sasl_mechanism
        conf["sasl.username"] = s.sasl_username
        conf["sasl.password"] = s.password()
    if s.security_protocol in ("SSL", "SASL_SSL"):
        conf["ssl.ca.location"] = str(s.ssl_cafile) if s.ssl_cafile else "probe"
        conf["ssl.endpoint.identification.algorithm"] = "https"
        if s.ssl_certfile:
            conf["ssl.certificate.location"] = str(s.ssl_certfile)
        if s.ssl_keyfile:
            conf["ssl.key.location"] = str(s.ssl_keyfile)
    return conf


def producer_conf(s: Settings, transactional_id: str | None = None) -> dict[str, Any]:
    """As `kafka.new_producer`: every replica acknowledges, batches of 256 KiB after `linger_ms`, records up to
    four events of `max_event_bytes`; one request in flight per broker (aiokafka's order guarantee) unless
    transactional (idempotent: ordered with five)."""
    conf = {**rd_common(s), "acks": "all", "linger.ms": s.linger_ms, "batch.size": 256 * 1024,
            "message.max.bytes": max(8 << 20, s.max_event_bytes * 4), "partitioner": "murmur2_random",
            "delivery.timeout.ms": DELIVERY_TIMEOUT_MS, "statistics.interval.ms": 0}
    if transactional_id is not None:
        conf["transactional.id"] = transactional_id
        conf["transaction.timeout.ms"] = s.transaction_timeout_ms
        # librdkafka refuses a record timeout past the transaction's (the broker would abort it first)
        conf["delivery.timeout.ms"] = min(DELIVERY_TIMEOUT_MS, s.transaction_timeout_ms)
    else:
        conf["max.in.flight.requests.per.connection"] = 1
        # a record still queued when the member's lease would have lapsed is dropped (_MSG_TIMED_OUT, a retriable
        # step), never sent: a process stopped with records queued (SIGSTOP) does not write them on waking, as
        # librdkafka times queued records out before it sends any
        conf["delivery.timeout.ms"] = min(DELIVERY_TIMEOUT_MS, max(1000, int(s.session_timeout_ms * 0.8)))
    return conf


def consumer_conf(s: Settings, events_per_record: int = 1, **group: Any) -> dict[str, Any]:
    """As `kafka.new_input_consumer`; `group`: aiokafka's names (group_id, group_instance_id, isolation_level,
    session_timeout_ms, heartbeat_interval_ms), mapped."""
    conf = {**rd_common(s), "enable.auto.commit": False, "auto.offset.reset": "earliest",
            "enable.auto.offset.store": False, "fetch.wait.max.ms": s.fetch_max_wait_ms,
            "max.partition.fetch.bytes": max(1 << 20, s.max_event_bytes * events_per_record + 65536),
            "fetch.max.bytes": max(50 << 20, s.max_event_bytes * max(4, 2 * events_per_record)),
            "receive.message.max.bytes": max(50 << 20, s.max_event_bytes * max(4, 2 * events_per_record)) + 65536,
            "partition.assignment.strategy": "roundrobin", "statistics.interval.ms": STATS_MS,
            "enable.partition.eof": True}
    names = {"group_id": "group.id", "group_instance_id": "group.instance.id", "isolation_level": "isolation.level",
             "session_timeout_ms": "session.timeout.ms", "heartbeat_interval_ms": "heartbeat.interval.ms"}
    for k, v in group.items():
        if k == "enable_auto_commit":
            continue
        if k not in names:
            raise ConfigError(f"kafka_client=librdkafka: consumer option {k} has no librdkafka counterpart")
        if v is not None:
            conf[names[k]] = v
    conf.setdefault("isolation.level", "read_uncommitted")  # aiokafka's default (librdkafka's: read_committed)
    if "group.id" not in conf:
        conf["group.id"] = f"{s.group_id}.toolmend-reader"  # librdkafka wants one; never joined (assign only)
    return conf


# -- errors --------------------------------------------------------------------------------------------------------
class PendingOffsets(ak.KafkaTimeoutError):  # type: ignore[misc]
    """Committed offsets not read stable in time, and which partitions hold them back."""

    def __init__(self, partitions: list[TopicPartition]) -> None:
        self.partitions = partitions
        super().__init__(f"committed offsets of partitions {sorted(tp.partition for tp in partitions)} held back")


class UndecodableRecord(ConfigError):
    """A record batch librdkafka cannot decode: named in one line (exit code 2), as `worker/batches.py` does."""

    def __init__(self, topic: str, partition: int, offset: int, why: str) -> None:
        super().__init__(f"cannot decode the record batch of {topic} partition {partition} at offset {offset}: "
                         f"{why}. Its records are neither processed nor skipped; a producer wrote what this client "
                         f"cannot read (move the group past it only knowingly: kafka-consumer-groups --reset-offsets)")


class Rec(NamedTuple):
    """A fetched record, as the worker reads one."""

    topic: str
    partition: int
    offset: int
    key: bytes | None
    value: bytes | None
    headers: list[tuple[str, bytes]] | None
    timestamp: int


def take(consumer: Any, n: int, wait_s: float, linger_s: float = FETCH_LINGER_S) -> list[Any]:
    """In the consumer's thread: the messages librdkafka holds now, up to `n`, or, if none, the first to arrive
    within `wait_s`; a batch short of `n` then takes what arrives within `linger_s` more (librdkafka queues a
    fetch response partition by partition: the rest of it, not only its first partition). Never a wait for a
    full batch. A rebalance callback librdkafka runs meanwhile runs within this one call."""
    msgs: list[Any] = consumer.consume(n, 0)
    if not msgs:
        if wait_s <= 0:
            return msgs
        msgs = consumer.consume(1, wait_s)
        if not msgs:
            return msgs
    if len(msgs) < n and linger_s > 0:
        msgs += consumer.consume(n - len(msgs), linger_s)
    return msgs


# -- the consumer --------------------------------------------------------------------------------------------------
class RdMembership:
    """The group's view for `fencing.Ownership` (see the module docstring)."""

    def __init__(self, consumer: RdConsumer) -> None:
        self.consumer = consumer

    def generation(self) -> int:
        return self.consumer.epoch if self.consumer.epoch > 0 else -1

    def watch(self, clock: Callable[[], float], on_beat: Callable[[float], None],
              on_contact: Callable[[], None]) -> None:
        self.consumer.watch(clock, on_beat, on_contact)

    def request_rejoin(self) -> None:
        self.consumer.request_rejoin()


class RdConsumer:
    """An `AIOConsumer` with aiokafka's consumer surface (`base.Consumer`)."""

    def __init__(self, conf: dict[str, Any]) -> None:
        self.conf = conf
        self.aio: AIOConsumer | None = None
        self.epoch = 0  # rebalance events seen (the generation fencing compares)
        self.cgm: Any = None  # the group metadata for transactions (KIP-447), refreshed on every assignment
        self._cgm_gone: Any = None  # metadata librdkafka moved to since (the generation ended once for it)
        self.freeze_watch: FreezeWatch | None = None
        self.continued = False  # SIGCONT came (the process had been stopped)
        self.watchers: tuple[Callable[[], float], Callable[[float], None], Callable[[], None]] | None = None
        self._assigned: set[TopicPartition] = set()
        self._manual: list[TopicPartition] | None = None  # an assignment by hand, not applied yet
        self._paused: set[TopicPartition] = set()  # wanted
        self._rd_paused: set[TopicPartition] = set()  # applied
        self._seeks: dict[TopicPartition, int] = {}  # not applied yet
        self._pos: dict[TopicPartition, int] = {}
        self._high: dict[TopicPartition, int] = {}
        self._eof: set[TopicPartition] = set()
        self._subscription: tuple[list[str], Rebalance, Rebalance] | None = None
        self._subscribed = False
        self._cb_id = 0  # the identity of the fetch whose rebalance callback is running (its calls are admitted)
        self._responses = Responses()  # broker contact, from librdkafka's statistics (`rdkafka_contact.py`)
        self.lease: asyncio.Future[None] | None = None
        self._rejoin_wanted = False
        self.session_s = float(conf.get("session.timeout.ms", 45000)) / 1000
        self.heartbeat_s = float(conf.get("heartbeat.interval.ms", 3000)) / 1000
        # calls on the consumer other than the fetch's own, waiting for its gate or running (their tickets): the
        # fetch begins no new slice before those that came first are done (the gate is no queue: a waiter loses to
        # the fetch's next slice, under load for as long as fetches return nothing)
        self._tickets = 0
        self._callers: set[int] = set()
        self._caller_left = asyncio.Event()

    async def start(self) -> None:
        conf = dict(self.conf)
        conf["stats_cb"] = self._stats
        conf["error_cb"] = self._error
        conf["logger"] = CLIENT_LOG
        # a call made outside a rebalance callback holds a thread while it waits for the fetch in flight, and the
        # callback's own calls need threads too: enough that they never wait for each other
        self.aio = AIOConsumer(conf, max_workers=CONSUMER_THREADS)

    async def stop(self) -> None:
        if self.lease is not None:
            self.lease.cancel()
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                asyncio.get_running_loop().remove_signal_handler(signal.SIGCONT)
        if self.aio is not None:
            try:
                await self.aio.close()  # leaves the group: the revocation is called back first
            except KafkaException as e:
                raise to_aiokafka(e) from None
            finally:
                self.aio = None

    def _client(self) -> AIOConsumer:
        if self.aio is None:
            raise ak.KafkaError("consumer not started")
        return self.aio

    @contextlib.contextmanager
    def _admitted(self) -> Any:
        """A call on the consumer from outside the fetch (a commit, a committed-offsets or group-metadata read, a
        watermark or metadata request). Made while a rebalance callback runs (by any task: the checkpoint in
        flight commits then), it is part of the fetch that called back: admitted by librdkafka's re-entry gate,
        not queued behind it. Otherwise it goes before the fetch's next slice (`getmany`): counted from before it
        reaches the gate until it returns."""
        from confluent_kafka.aio._common import ReentryContext

        self._tickets += 1
        ticket = self._tickets
        self._callers.add(ticket)
        try:
            if self._cb_id and not ReentryContext.current_id():
                with ReentryContext.active(self._cb_id):
                    yield
            else:
                yield
        finally:
            self._callers.discard(ticket)
            self._caller_left.set()

    async def _slice(self, aio: AIOConsumer, n: int, wait_s: float) -> list[Any]:
        """One call of `take`, once the calls already waiting for the consumer's gate are done (not those that
        come meanwhile: a fetch is never starved either). librdkafka's gate lets callers in in no order, and a
        call waiting for it (the checkpoint's commit) would otherwise lose to the slice the fetch begins the
        moment its last one ended, slice after slice: on a loaded machine, for seconds."""
        first = self._tickets
        while self._callers and min(self._callers) <= first:
            self._caller_left.clear()
            await self._caller_left.wait()
        msgs: list[Any] = await aio._call(take, aio._consumer, n, wait_s)
        return msgs

    def watch(self, clock: Callable[[], float], on_beat: Callable[[float], None],
              on_contact: Callable[[], None]) -> None:
        self.watchers = (clock, on_beat, on_contact)
        if self.lease is None:
            self.lease = asyncio.ensure_future(self._lease())
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not the main thread's loop
                asyncio.get_running_loop().add_signal_handler(signal.SIGCONT, self._continued)

    # -- callbacks (on the event loop; librdkafka waits for them) --
    async def _stats(self, raw: str) -> None:
        stats = orjson.loads(raw)
        if self._responses.answered(stats) and self.watchers is not None:  # the coordinator's answers count too
            self.watchers[2]()
        for topic, t in stats.get("topics", {}).items():
            for part, p in t.get("partitions", {}).items():
                hi = p.get("hi_offset", -1)
                if part.isdigit() and isinstance(hi, int) and hi >= 0:
                    self._high[TopicPartition(topic, int(part))] = hi

    async def _error(self, err: RdError) -> None:
        CLIENT_LOG.error(err)

    async def _on_assign(self, _c: Any, parts: list[RdTP]) -> None:
        from confluent_kafka.aio._common import ReentryContext

        aio = self._client()
        tps = {TopicPartition(p.topic, p.partition) for p in parts}
        log.debug("assigned %s", sorted(tp.partition for tp in tps))
        self.epoch += 1
        self._assigned = set(tps)
        self._paused &= tps
        self._rd_paused = set()
        self._cb_id = ReentryContext.current_id()
        try:
            # the generation of this assignment (KIP-447 transactions; the lease compares it with librdkafka's)
            self.cgm, self._cgm_gone = await aio.consumer_group_metadata(), None
            if self._subscription is not None:
                await self._subscription[1](set(tps))
            log.debug("assigning %s", self._seeks)
            await aio.assign([RdTP(tp.topic, tp.partition, self._seeks.pop(tp, OFFSET_INVALID)) for tp in tps])
            for tp in tps:
                self._pos.pop(tp, None)
            # librdkafka keeps a partition's pause across unassign and assign: resumed unless wanted paused
            paused = [tp for tp in tps if tp in self._paused]
            running = [RdTP(tp.topic, tp.partition) for tp in tps if tp not in self._paused]
            if running:
                await aio.resume(running)
            if paused:
                await aio.pause([RdTP(tp.topic, tp.partition) for tp in paused])
                self._rd_paused = set(paused)
        finally:
            self._cb_id = 0

    async def _on_revoke(self, _c: Any, parts: list[RdTP], lost: bool = False) -> None:
        from confluent_kafka.aio._common import ReentryContext

        tps = {TopicPartition(p.topic, p.partition) for p in parts}
        log.debug("%s %s", "lost" if lost else "revoked", sorted(tp.partition for tp in tps))
        if lost:  # no longer ours: nothing may be committed for them
            self.epoch += 1
            self._assigned -= tps
        self._cb_id = ReentryContext.current_id()
        try:
            if self._subscription is not None:
                await self._subscription[2](set(tps))
        finally:  # revoked: the checkpoint in flight committed under the generation it was fetched in, as aiokafka's
            self._cb_id = 0
            if not lost:
                self.epoch += 1
            self._assigned -= tps
            self._paused -= tps
            self._rd_paused -= tps
            for tp in tps:
                self._seeks.pop(tp, None)
                self._pos.pop(tp, None)
                self._high.pop(tp, None)
            await self._client().unassign()

    async def _on_lost(self, c: Any, parts: list[RdTP]) -> None:
        await self._on_revoke(c, parts, lost=True)

    def request_rejoin(self) -> None:
        """Leave and join the group again before the next fetch (as aiokafka's rejoin): every partition is revoked
        (the checkpoint in flight settles) and assigned again by the coordinator, restored."""
        self._rejoin_wanted = True

    # -- aiokafka's surface --
    def subscribe(self, topics: list[str], assigned: Rebalance, revoked: Rebalance) -> None:
        self._subscription = (topics, assigned, revoked)

    def assignment(self) -> set[TopicPartition]:
        return set(self._assigned)

    def assign(self, partitions: list[TopicPartition]) -> None:
        self._manual = list(partitions)
        self._assigned = set(partitions)

    def pause(self, *partitions: TopicPartition) -> None:
        self._paused.update(partitions)

    def resume(self, *partitions: TopicPartition) -> None:
        self._paused.difference_update(partitions)

    def seek(self, partition: TopicPartition, offset: int) -> None:
        self._seeks[partition] = offset
        self._eof.discard(partition)

    async def seek_to_beginning(self, *partitions: TopicPartition) -> None:
        for tp in partitions:
            self.seek(tp, OFFSET_BEGINNING)

    def highwater(self, partition: TopicPartition) -> int | None:
        return self._high.get(partition)

    async def _watermarks(self, tp: TopicPartition) -> tuple[int, int]:
        try:
            with self._admitted():
                low, high = await self._client().get_watermark_offsets(RdTP(tp.topic, tp.partition),
                                                                      timeout=ADMIN_TIMEOUT_S, cached=False)
        except KafkaException as e:
            raise to_aiokafka(e) from None
        return int(low), int(high)

    async def beginning_offsets(self, partitions: list[TopicPartition]) -> dict[TopicPartition, int]:
        return {tp: (await self._watermarks(tp))[0] for tp in partitions}

    async def end_offsets(self, partitions: list[TopicPartition]) -> dict[TopicPartition, int]:
        return {tp: (await self._watermarks(tp))[1] for tp in partitions}

    async def position(self, partition: TopicPartition) -> int:
        seek = self._seeks.get(partition)
        if seek is not None and seek >= 0:
            return seek
        if seek is None and partition in self._pos:
            return self._pos[partition]
        return (await self._watermarks(partition))[0]

    async def offsets_for_times(self, times: dict[TopicPartition, int]) -> dict[TopicPartition, Any]:
        """The first offset at or after each time (None: none), as aiokafka answers."""
        try:
            with self._admitted():
                got = await self._client().offsets_for_times(
                    [RdTP(tp.topic, tp.partition, ts) for tp, ts in times.items()], timeout=ADMIN_TIMEOUT_S)
        except KafkaException as e:
            raise to_aiokafka(e) from None
        return {TopicPartition(p.topic, p.partition): OffsetAndTimestamp(p.offset, times[TopicPartition(
            p.topic, p.partition)]) if p.offset >= 0 else None for p in got}

    async def commit(self, offsets: Offsets) -> None:
        aio = self._client()
        tps = [RdTP(tp.topic, tp.partition, off, metadata=meta) for tp, (off, meta) in offsets.items()]
        try:
            with self._admitted():
                await aio.commit(offsets=tps, asynchronous=False)
        except KafkaException as e:
            raise to_aiokafka(e) from None

    async def committed(self, tps: list[TopicPartition], timeout_s: float) -> dict[TopicPartition, OffsetAndMetadata]:
        log.debug("committed? %s", tps)
        try:
            with self._admitted():
                got = await self._client().committed([RdTP(tp.topic, tp.partition) for tp in tps], timeout=timeout_s)
        except KafkaException as e:
            raise to_aiokafka(e) from None
        return {TopicPartition(p.topic, p.partition): OffsetAndMetadata(p.offset, p.metadata or "")
                for p in got if p.offset >= 0}

    async def topic_partitions(self, topic: str) -> set[int]:
        try:
            with self._admitted():
                md = await self._client().list_topics(topic, timeout=ADMIN_TIMEOUT_S)
        except KafkaException as e:
            raise to_aiokafka(e) from None
        t = md.topics.get(topic)
        return set(t.partitions) if t is not None and t.error is None else set()

    async def _sync(self) -> None:
        """Apply what was asked while a fetch was in flight: subscription, assignment, pauses, seeks."""
        aio = self._client()
        if self._rejoin_wanted and self._subscribed:
            self._rejoin_wanted = False
            self._subscribed = False
            await aio.unsubscribe()
        if self._subscription is not None and not self._subscribed:
            self._subscribed = True
            await aio.subscribe(self._subscription[0], on_assign=self._on_assign, on_revoke=self._on_revoke,
                                on_lost=self._on_lost)
        if self._manual is not None:
            manual, self._manual = self._manual, None
            await aio.assign([RdTP(tp.topic, tp.partition, self._seeks.pop(tp, OFFSET_INVALID)) for tp in manual])
        assigned = self._assigned
        pause = (self._paused & assigned) - self._rd_paused
        resume = self._rd_paused - self._paused
        if pause:
            await aio.pause([RdTP(tp.topic, tp.partition) for tp in pause])
            self._rd_paused |= pause
        if resume:
            await aio.resume([RdTP(tp.topic, tp.partition) for tp in resume])
            self._rd_paused -= resume
        for tp, offset in list(self._seeks.items()):
            if tp not in assigned:
                del self._seeks[tp]
                continue
            try:
                await aio.seek(RdTP(tp.topic, tp.partition, offset))
            except KafkaException as e:  # not fetched yet: tried again before the next fetch
                log.debug("seek of %s-%d to %d deferred: %s", tp.topic, tp.partition, offset, e)
                continue
            del self._seeks[tp]
            if offset >= 0:
                self._pos[tp] = offset
            else:
                self._pos.pop(tp, None)

    async def getmany(self, *partitions: TopicPartition, timeout_ms: int = 0,
                      max_records: int | None = None) -> Batch:
        """What librdkafka holds now (up to `max_records`), or, if nothing, the first records to arrive within
        `timeout_ms` with whatever came with them (`take`, in the client's thread, in calls of at most
        FETCH_SLICE_S: a commit never waits behind a whole fetch wait), as aiokafka's `getmany` returns; never a
        wait for a full batch. Each partition's decision (assigned, sought, paused) is made once per fetch, not
        per record."""
        await self._sync()
        aio = self._client()
        n = max_records or 500
        wait_s = timeout_ms / 1000
        loop = asyncio.get_running_loop()
        deadline = loop.time() + wait_s
        try:
            # the wait for a first record in slices (FETCH_SLICE_S): between two, the calls queued behind the
            # consumer's one-call-at-a-time gate (the checkpoint in flight commits its offsets) go first
            msgs = await self._slice(aio, n, min(wait_s, FETCH_SLICE_S))
            while not msgs and (left := deadline - loop.time()) > 0:
                await self._sync()
                msgs = await self._slice(aio, n, min(left, FETCH_SLICE_S))
        except KafkaException as e:
            raise to_aiokafka(e) from None
        out: Batch = {}
        dropped: dict[TopicPartition, int] = {}
        eof_at: dict[TopicPartition, int] = {}  # records taken for the partition when its end was reported
        taken: dict[tuple[str, int], list[Any] | None] = {}  # None: not taken (not ours, sought, paused)
        # librdkafka hands a partition's records over in runs: its list is looked up when the partition changes,
        # not per record; each record is built as the tuple it is (no NamedTuple constructor call per record)
        run_topic: str | None = None
        run_part = -1
        recs: list[Any] | None = None
        new = tuple.__new__
        for m in msgs:
            err = m.error()
            if err is not None:
                tp = TopicPartition(m.topic(), m.partition())
                code = err.code()
                if code == RdError._PARTITION_EOF:  # in order: records after it take it back
                    self._eof.add(tp)
                    eof_at[tp] = len(out.get(tp, ()))
                    continue
                if code in UNDECODABLE:
                    raise UndecodableRecord(tp.topic, tp.partition, m.offset() or 0, err.str())
                if err.retriable() or code < 0:
                    log.debug("fetch of %s-%d: %s", tp.topic, tp.partition, err.str())
                    continue
                raise to_aiokafka(KafkaException(err))
            part = m.partition()
            if part != run_part or m.topic() != run_topic:
                run_topic, run_part = m.topic(), part
                k = (run_topic, part)
                try:
                    recs = taken[k]
                except KeyError:
                    recs = taken[k] = self._taking(TopicPartition(*k), partitions, out, dropped, m.offset())
            if recs is None:
                continue
            ts = m.timestamp()
            recs.append(new(Rec, (run_topic, part, m.offset(), m.key(), m.value(), m.headers(),
                                  ts[1] if ts[0] else -1)))
        for tp, recs in out.items():
            self._pos[tp] = recs[-1].offset + 1
            if eof_at.get(tp) != len(recs):  # a record came after the partition's end was reported
                self._eof.discard(tp)
        for tp, first in dropped.items():  # fetched after it was paused: read again once resumed
            self._seeks.setdefault(tp, first)
        return out

    def _taking(self, tp: TopicPartition, partitions: tuple[TopicPartition, ...], out: Batch,
                dropped: dict[TopicPartition, int], offset: int) -> list[Any] | None:
        """Where a fetch's records of `tp` go: its list in `out`, or None (not assigned, a seek pending, not
        asked for, or paused: the first such offset is read again once resumed)."""
        if tp not in self._assigned or tp in self._seeks or (partitions and tp not in partitions):
            return None
        if tp in self._paused:
            dropped.setdefault(tp, offset)
            return None
        recs: list[Any] = []
        out[tp] = recs
        return recs

    def at_end(self, tp: TopicPartition) -> bool:
        return tp in self._eof

    async def _lease(self) -> None:
        """The session lease (`rdkafka_lease.py`), renewed every LEASE_TICK_S while the process runs and
        librdkafka's group metadata is still the assignment's (read in the background: a changed one ends the
        generation). A tick late past `freeze_limit` asks the freeze watch whether the whole process stopped
        (its thread did not tick either): then the lease is renewed only once librdkafka had `verdict_s` to hear
        the coordinator; a stop ended by SIGCONT ends the generation outright. Broker contact is not a renewal:
        it comes from librdkafka's statistics (`_stats`) and the acknowledgements, so /readyz sees an outage."""
        assert self.watchers is not None
        clock, on_beat, _ = self.watchers
        limit = freeze_limit(self.session_s, self.heartbeat_s)
        watch = self.freeze_watch = FreezeWatch(stale_s=limit / 2)  # a stop that matters is seen as one
        verdict_s = verdict_window(self.session_s, self.heartbeat_s)
        held_until: float | None = None
        reading: asyncio.Future[bool] | None = None
        last = clock()
        try:
            while True:
                await asyncio.sleep(LEASE_TICK_S)
                now = clock()
                late, last = now - last, now
                if reading is None or reading.done():  # at most one read in flight; its verdict acts by itself
                    reading = asyncio.ensure_future(self.member())
                continued, self.continued = self.continued, False
                gap = watch.take()  # the watch's longest gap since the last tick
                # a late tick, and the watch's thread stopped too (or has not run yet): the whole process stopped
                if late >= limit and self._assigned and (gap is None or gap >= limit):
                    if continued:  # stopped (SIGSTOP) and continued: the group may well have expired us
                        self.epoch += 1
                        log.warning("the process was stopped for %.1fs (SIGSTOP): the group may have expired "
                                    "this member; what it was about to ship is fenced", late)
                        continue
                    held_until = now + verdict_s
                    log.warning("the process did not run for %.1fs: ownership unproved until librdkafka has "
                                "heard the group coordinator (%.1fs)", late, verdict_s)
                if held_until is not None:
                    if now < held_until:
                        continue
                    held_until = None
                if self._cgm_gone is None:
                    on_beat(now)
        finally:
            if reading is not None:
                reading.cancel()
            watch.stop()

    def _continued(self) -> None:
        self.continued = True

    async def member(self) -> bool:
        """False once librdkafka's group metadata is not the assignment's any more: a heartbeat or a commit was
        refused (unknown member, illegal generation), or librdkafka gave the session up itself (no heartbeat
        accepted for a session timeout); the generation ends then, once per change."""
        if self.cgm is None or self.aio is None or not self._assigned:
            return True
        try:
            with self._admitted():  # waits for a fetch in flight at most (a read of librdkafka's group state)
                now = await self.aio.consumer_group_metadata()
        except (KafkaException, RuntimeError) as e:  # closing
            log.debug("group metadata not read: %s", e)
            return False
        if now == self.cgm:
            return True
        if now != self._cgm_gone and self._assigned:
            self._cgm_gone = now
            self.epoch += 1
            log.warning("the group moved past this member (librdkafka's member id or generation changed): its "
                        "generation is over")
        return False


# -- the producer --------------------------------------------------------------------------------------------------
class Delivered(NamedTuple):
    """What a produce step's group of records reports: `offset + n - 1` is where its last record landed."""

    offset: int
    log_start_offset: int


class _Group:
    """The delivery reports of one partition's records in a step (called back from librdkafka's thread)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, n: int) -> None:
        self.loop = loop
        self.n = n
        self.left = n
        self.last = -1
        self.error: Any = None
        self.future: asyncio.Future[Delivered] = loop.create_future()

    def report(self, err: Any, msg: Any) -> None:
        if err is None:
            offset = msg.offset()
            if offset > self.last:
                self.last = offset
        elif self.error is None:
            self.error = err
        self.left -= 1
        if self.left == 0:
            self.loop.call_soon_threadsafe(self._done)

    def fail(self, e: BaseException) -> None:
        if not self.future.done():
            self.future.set_exception(to_aiokafka(e))

    def _done(self) -> None:
        if self.future.done():
            return
        if self.error is not None:
            self.future.set_exception(delivery_error(self.error))
        else:
            self.future.set_result(Delivered(self.last - self.n + 1, -1))


class _Sink:
    """The delivery reports of one partition's records in a produce step, kept without a Python call per record:
    librdkafka calls `reports.__setitem__` (C) with each report, so `reports[None]` is the last record acknowledged
    (librdkafka reports a partition's records in the order they were produced) and any other key is a failure.
    Nothing counts the reports: the producer completes its sinks once it holds no record any more (every report
    has been served then: `RdProducer._reported`)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, n: int) -> None:
        self.n = n
        self.reports: dict[Any, Any] = {}
        self.future: asyncio.Future[Delivered] = loop.create_future()

    def fail(self, e: BaseException) -> None:
        if not self.future.done():
            self.future.set_exception(to_aiokafka(e))

    def finish(self) -> None:
        if self.future.done():
            return
        reports = self.reports
        for err in reports:
            if err is not None:
                self.future.set_exception(delivery_error(err))
                return
        last = reports.get(None)
        if last is None:  # never: every record produced is reported (delivered, failed, timed out or purged)
            self.future.set_exception(ak.KafkaError(f"{self.n} records not reported by the client"))
            return
        self.future.set_result(Delivered(last.offset() - self.n + 1, -1))


class RdProducer:
    """An `AIOProducer` with aiokafka's producer surface; records are produced with their headers straight into
    librdkafka's queue and acknowledged by delivery reports that one flush per step serves."""

    def __init__(self, conf: dict[str, Any]) -> None:
        self.conf = conf
        self.aio: AIOProducer | None = None
        self.fatal = False
        self._outstanding = 0
        self._driver: asyncio.Future[None] | None = None
        self._groups: set[_Group | _Sink] = set()  # steps waiting for their delivery reports
        self._sinks: list[_Sink] = []  # steps whose reports are kept by the client, completed by `_reported`

    async def start(self) -> None:
        try:
            self.aio = AIOProducer({**self.conf, "logger": CLIENT_LOG, "error_cb": self._error}, max_workers=2,
                                   buffer_timeout=0)
        except KafkaException as e:  # settings librdkafka refuses: one line, exit 2
            raise ConfigError(f"kafka_client=librdkafka refused the producer's settings: {e.args[0].str()}") from None

    async def _error(self, err: RdError) -> None:
        """A fatal error (fenced by a newer instance of the transactional id): librdkafka reports nothing more for
        the records it holds, so every step waiting on them fails now, as aiokafka's do."""
        if not err.fatal():
            CLIENT_LOG.error(err)
            return
        self.fatal = True
        failure = KafkaException(err)
        for group in list(self._groups):
            group.fail(failure)

    def track(self, group: _Group | _Sink) -> None:
        if self.fatal:
            group.fail(KafkaException(RdError(RdError._FENCED, "the producer was fenced", fatal=True)))
            return
        self._groups.add(group)
        group.future.add_done_callback(lambda _f: self._groups.discard(group))
        if isinstance(group, _Sink):
            self._sinks.append(group)

    def _reported(self, native: Any) -> None:
        """Complete the sinks once librdkafka holds no record: every report has been served (its count covers a
        record until its report has run), so each sink's reports are all in."""
        if self._sinks and len(native) == 0:
            sinks, self._sinks = self._sinks, []
            for sink in sinks:
                sink.finish()

    async def _flush(self, timeout_s: float) -> None:
        assert self.aio is not None
        await self.aio.flush(timeout_s)
        if self.aio is not None:  # not stopped meanwhile
            self._reported(self.aio._producer)

    async def stop(self) -> None:
        if self.aio is None:
            return
        aio, self.aio = self.aio, None
        if not self.fatal:
            try:
                await asyncio.wait_for(aio.flush(10), 15)
                self._reported(aio._producer)
            except Exception as e:  # the broker is gone: nothing of ours is pending
                log.debug("producer flush at stop: %s", type(e).__name__)
        for sink in self._sinks:  # reports that will never be served: the step failed
            sink.fail(ak.KafkaError("producer stopped before its records were reported"))
        self._sinks = []
        # closed in a thread of its own, bounded (AIOProducer.close() flushes without a limit and leaves the
        # client to the garbage collector, which would destroy it on the event loop's thread)
        await close_in_background(aio._producer.close, 10)
        aio.executor.shutdown(wait=False)

    def _native(self) -> Any:
        if self.aio is None:
            raise ak.KafkaError("producer not started")
        return self.aio._producer

    def produce(self, topic: str, value: bytes | None, key: bytes | None, partition: int | None, headers: Any,
                report: Callable[[Any, Any], None]) -> None:
        """Into librdkafka's queue (no wait); a refusal raises at once (too large: MessageSizeTooLargeError)."""
        p = self._native()
        try:
            p.produce(topic, value, key, partition if partition is not None else -1, on_delivery=report,
                      headers=headers or None)
        except BufferError:  # the queue is full: let it drain, then again
            p.poll(0.1)
            p.produce(topic, value, key, partition if partition is not None else -1, on_delivery=report,
                      headers=headers or None)
        except KafkaException as e:
            raise to_aiokafka(e) from None
        self._outstanding += 1

    def native_produce(self) -> Callable[..., None]:
        """The client's own `produce` (records straight into librdkafka's queue), for a step's many records."""
        produce: Callable[..., None] = self._native().produce
        return produce

    def counted(self, n: int) -> None:
        """`n` records produced with `native_produce`, waiting for their delivery reports."""
        self._outstanding += n

    def settled(self, n: int = 1) -> None:
        self._outstanding -= n

    @property
    def transactional(self) -> bool:
        return "transactional.id" in self.conf

    async def settle(self) -> None:
        """Wait until every record produced so far is acknowledged or failed (its delivery timeout at most): none
        of them can land later."""
        deadline = time.monotonic() + float(self.conf.get("delivery.timeout.ms", DELIVERY_TIMEOUT_MS)) / 1000 + 5
        while self._outstanding > 0 and self.aio is not None and not self.fatal and time.monotonic() < deadline:
            await self._flush(0.5)
            await asyncio.sleep(0)

    def drive(self) -> None:
        """Serve delivery reports until every record produced is reported: flushes (what lingers goes now)."""
        if self._driver is None or self._driver.done():
            self._driver = asyncio.ensure_future(self._drive())

    async def _drive(self) -> None:
        while self._outstanding > 0 and self.aio is not None and not self.fatal:
            await self._flush(1.0)
            await asyncio.sleep(0)

    async def send(self, topic: str, value: bytes | None = None, key: bytes | None = None,
                   partition: int | None = None, headers: Any = None) -> Awaitable[Any]:
        group = _Group(asyncio.get_running_loop(), 1)
        self.produce(topic, value, key, partition, headers, group.report)
        group.future.add_done_callback(lambda _: self.settled())
        self.track(group)
        self.drive()
        return group.future

    async def send_and_wait(self, topic: str, value: bytes | None = None, key: bytes | None = None,
                            partition: int | None = None, headers: Any = None) -> Any:
        return await (await self.send(topic, value, key, partition, headers))

    async def _txn(self, call: Callable[..., Awaitable[Any]], *args: Any) -> Any:
        try:
            return await call(*args)
        except KafkaException as e:
            err = e.args[0] if e.args and isinstance(e.args[0], RdError) else None
            if err is not None and err.fatal():
                self.fatal = True
            raise to_aiokafka(e) from None

    async def init_transactions(self, timeout_s: float) -> None:
        assert self.aio is not None
        await self._txn(self.aio.init_transactions, timeout_s)

    async def begin_transaction(self) -> None:
        assert self.aio is not None
        await self._txn(self.aio.begin_transaction)

    async def commit_transaction(self) -> None:
        assert self.aio is not None
        await self._txn(self.aio.commit_transaction)

    async def abort_transaction(self) -> None:
        assert self.aio is not None
        await self._txn(self.aio.abort_transaction)

    async def send_offsets_to_transaction(self, offsets: Offsets, group_metadata: Any) -> None:
        assert self.aio is not None
        tps = [RdTP(tp.topic, tp.partition, off, metadata=meta) for tp, (off, meta) in offsets.items()]
        await self._txn(self.aio.send_offsets_to_transaction, tps, group_metadata)

    @contextlib.asynccontextmanager
    async def transaction(self) -> Any:
        await self.begin_transaction()
        try:
            yield self
        except BaseException:
            if not self.fatal:
                with contextlib.suppress(Exception):
                    await self.abort_transaction()
            raise
        await self.commit_transaction()


async def close_in_background(close: Callable[[], Any], wait_s: float) -> None:
    """Run a client's close in a daemon thread and wait for it at most `wait_s`: a close librdkafka drags out (a
    coordinator that never answered) never holds the event loop, nor the process's exit."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()

    def run() -> None:
        try:
            close()
        except Exception as e:  # closing is best effort: what it failed at is logged, never raised
            log.debug("closing a client: %s", type(e).__name__)
        finally:
            loop.call_soon_threadsafe(_finish, done)

    threading.Thread(target=run, name="toolmend-rdkafka-close", daemon=True).start()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(done, wait_s)


def _finish(done: asyncio.Future[None]) -> None:
    if not done.done():
        done.set_result(None)


def _settle(p: RdProducer, n: int, _f: object) -> None:
    p.settled(n)


# -- the client ----------------------------------------------------------------------------------------------------
class LibrdkafkaClient:
    name = "librdkafka"
    native_stable_offsets = True

    def __init__(self) -> None:
        self._producers: weakref.WeakSet[RdProducer] = weakref.WeakSet()  # this process's producers

    def new_producer(self, s: Settings, transactional_id: str | None = None) -> RdProducer:
        p = RdProducer(producer_conf(s, transactional_id))
        self._producers.add(p)
        return p

    def new_input_consumer(self, s: Settings, events_per_record: int = 1, **group: Any) -> RdConsumer:
        return RdConsumer(consumer_conf(s, events_per_record, **group))

    def new_state_reader(self, s: Settings) -> RdConsumer:
        conf = consumer_conf(s, 2, isolation_level=kafka.isolation(s))
        return RdConsumer(conf)

    def new_metadata_client(self, s: Settings, **options: Any) -> RdConsumer:
        """Committed offsets read through it are read stable (read_committed: OffsetFetch `require_stable`)."""
        return RdConsumer(consumer_conf(s, **{"isolation_level": "read_committed", **options}))

    def fetches(self, c: Any, stop: asyncio.Event, max_records: int) -> AsyncGenerator[Batch, None]:
        return kafka.fetches(c, stop, max_records)

    def subscribe(self, c: Any, topics: list[str], assigned: Rebalance, revoked: Rebalance) -> None:
        c.subscribe(topics, assigned, revoked)

    async def init_transactions(self, p: Any, what: str) -> None:
        """Start a transactional producer and wait for its producer id (this fences the id's previous holder);
        a broker without transactions: a clear error, not a hang."""
        try:
            await p.start()
            await asyncio.wait_for(p.init_transactions(TXN_INIT_S), TXN_INIT_S + 5)
        except (TimeoutError, ak.KafkaError) as e:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(p.stop(), 5)
            if "transaction.timeout.ms" in str(e) or isinstance(e, ak.InvalidTransactionTimeout):
                raise ConfigError(f"transaction_timeout_ms={p.conf.get('transaction.timeout.ms')} is above the "
                                  f"broker's transaction.max.timeout.ms; lower it, or raise the broker's") from None
            why = "no answer" if isinstance(e, TimeoutError) else type(e).__name__
            raise ConfigError(f"delivery=exactly_once needs a broker with transactions (Apache Kafka 2.5+); {what}: "
                              f"the broker gave no transactional producer id ({why}). Use delivery=at_least_once "
                              f"(the default) with this broker") from None

    def transaction_failed_fatally(self, p: Any) -> bool:
        return bool(getattr(p, "fatal", False))

    async def send_offsets(self, p: Any, offsets: Offsets, group: Any, group_id: str) -> None:
        """KIP-447: the offsets carry the consumer's group metadata (generation, member id), so the coordinator
        refuses them from a member the group has moved past."""
        metadata = getattr(group, "cgm", None)
        if metadata is None:
            raise ak.CommitFailedError("no group metadata yet: not a member of the group")
        await p.send_offsets_to_transaction(offsets, metadata)

    async def enqueue(self, p: Any, plan: Outgoing,
                      too_large: Callable[[OutRecord, Any], Awaitable[Awaitable[Any]]] | None = None) -> Pending:
        """Every record of `plan` into librdkafka's queue, without waiting: one acknowledgement per partition's
        records (in their order: one request in flight per broker), one flush for the whole step. The records go
        straight to the client's `produce`, their delivery reports kept by the client (`_Sink`); a refused one (the
        queue full, too large) takes `RdProducer.produce`'s way, and an oversized record's dead letter goes out
        once every group is in the queue."""
        loop = asyncio.get_running_loop()
        native = p.native_produce()
        groups: list[tuple[_Sink, Outgoing]] = []  # in the order of their first record
        by_partition: dict[tuple[str, int], tuple[_Sink, Outgoing]] = {}
        refused: list[OutRecord] = []
        # a plan comes in runs of one topic and partition: its group is looked up when that changes, and each record
        # goes to the client as it comes (a partition's records stay in their order)
        run_topic: str | None = None
        run_part: int | None = None
        sink: _Sink | None = None
        members: Outgoing = []
        report: Callable[[Any, Any], None] | None = None
        for entry in plan:
            t, part, r = entry
            if part is None:  # the partitioner's: each on its own
                single = _Sink(loop, 1)
                groups.append((single, [entry]))
                run_topic = run_part = None
                sink, members, report = single, groups[-1][1], single.reports.__setitem__
                number = -1
            elif part != run_part or t != run_topic:
                run_topic, run_part = t, part
                group = by_partition.get((t, part))
                if group is None:
                    group = by_partition[(t, part)] = (_Sink(loop, 0), [])
                    groups.append(group)
                sink, members = group
                report = sink.reports.__setitem__  # librdkafka's report of each record, kept in C (no Python frame)
                number = part
            try:
                # positional (topic, value, key, partition, on_delivery, callback, timestamp, headers): no dict
                # of keywords built per record
                native(t, r.value, r.key, number, report, None, 0, r.headers or None)
            except (BufferError, KafkaException):
                try:  # the queue full (waits for room) or a refusal, mapped (too large)
                    p.produce(t, r.value, r.key, part, r.headers, report)
                except ak.MessageSizeTooLargeError:
                    if too_large is None:
                        raise
                    refused.append(r)
                    if part is None:
                        members.clear()
                    continue
                p.settled()  # counted with its group below
            if part is not None:
                members.append(entry)
        pending: Pending = []
        for sink, members in groups:  # every group counted and tracked before the first wait below
            if not members:
                continue
            sink.n = len(members)
            p.counted(sink.n)
            sink.future.add_done_callback(functools.partial(_settle, p, sink.n))
            p.track(sink)
            pending.append((sink.future, members))
        for r in refused:  # their dead letters, once every group is in the queue
            assert too_large is not None
            pending.append((await too_large(r, p), []))
        p.drive()
        return pending

    async def partitions_of(self, c: Any, topic: str) -> set[int]:
        return set(await c.topic_partitions(topic))

    async def drain(self, c: Any, tps: list[TopicPartition], end: dict[TopicPartition, int],
                    apply: Callable[[TopicPartition, list[Any]], None], idle_ms: int = 300) -> int:
        """Read assigned partitions to their end (librdkafka's end-of-partition event: the high watermark, or the
        last stable offset read committed), applying each batch at once.

        First, every record this process's producers still hold (not transactional: a transaction's records are
        read committed or never) is acknowledged or failed: librdkafka writes from its own threads, unguarded, so a
        state step queued before this member was fenced would otherwise land after the read, as state the restore
        never saw (aiokafka's produce requests check the lease instead and never send it)."""
        await asyncio.gather(*(p.settle() for p in list(self._producers) if not p.transactional))
        remaining = set(tps)
        n = 0
        while remaining:
            got = await c.getmany(*remaining, timeout_ms=idle_ms, max_records=5000)
            for tp, recs in got.items():
                if recs and tp in remaining:
                    apply(tp, recs)
                    n += len(recs)
            await asyncio.sleep(0)
            for tp in list(remaining):
                if not got.get(tp) and (c.at_end(tp) or (await c.position(tp) >= end[tp] and end[tp] == 0)):
                    remaining.discard(tp)
                    c.pause(tp)
        return n

    async def committed(self, group: Any, tps: list[TopicPartition], wait_s: float
                        ) -> dict[TopicPartition, OffsetAndMetadata]:
        """Read stable: librdkafka retries the whole request while any partition's offset is held by a pending
        transaction, so a timeout is followed by one short read per partition to name the held ones
        (`PendingOffsets`), as the aiokafka path names them."""
        try:
            return dict(await group.committed(tps, wait_s))
        except ak.KafkaTimeoutError:
            if len(tps) < 2:
                raise
        pending = []
        for tp in tps:
            try:
                await group.committed([tp], PENDING_PROBE_S)
            except ak.KafkaTimeoutError:
                pending.append(tp)
        if not pending or len(pending) == len(tps):
            raise ak.KafkaTimeoutError(f"committed offsets not read in {wait_s:.0f}s")
        raise PendingOffsets(pending)

    def membership(self, c: Any) -> RdMembership:
        return RdMembership(c)

    def guard(self, producer: Any, lapsed: Callable[[], bool], confirm: Callable[[], Awaitable[None]]) -> None:
        """No produce-request guard: librdkafka writes from its own threads (see the module docstring)."""

    def resolved_position(self, c: Any, tp: TopicPartition) -> int | None:
        return None  # the assignment is made with the restored positions: nothing resolved on its own

    # -- admin reads --
    def _admin(self, s: Settings) -> AdminClient:
        conf: dict[str, Any] = {**rd_common(s), "logger": CLIENT_LOG, "error_cb": CLIENT_LOG.error}
        try:
            return AdminClient(conf)
        except KafkaException as e:  # (OAUTHBEARER: no token within librdkafka's wait)
            raise to_aiokafka(e) from None

    async def ensure_topics(self, s: Settings, names: Iterable[tuple[str, int, dict[str, str]]]) -> None:
        wanted = list(names)

        def create() -> None:
            admin = self._admin(s)
            try:
                existing = set(admin.list_topics(timeout=ADMIN_TIMEOUT_S).topics)
            except KafkaException as e:
                admin.poll(0)  # its error reports and log lines (why the brokers refused us), to `CLIENT_LOG`
                raise to_aiokafka(e) from None
            new = [NewTopic(n, p, s.replication_factor, config=cfg) for n, p, cfg in wanted if n not in existing]
            if not new:
                return
            for f in admin.create_topics(new, operation_timeout=ADMIN_TIMEOUT_S).values():
                try:
                    f.result()
                except KafkaException as e:
                    if e.args[0].code() != RdError.TOPIC_ALREADY_EXISTS:
                        raise to_aiokafka(e) from None
            for t in new:
                for _ in range(50):
                    md = admin.list_topics(timeout=ADMIN_TIMEOUT_S).topics.get(t.topic)
                    if md is not None and md.error is None and md.partitions:
                        break
                    time.sleep(0.1)

        await asyncio.to_thread(create)

    async def topic_sizes(self, s: Settings) -> dict[str, int]:
        def sizes() -> dict[str, int]:
            admin = self._admin(s)
            try:
                md = admin.list_topics(timeout=ADMIN_TIMEOUT_S)
            except KafkaException as e:
                admin.poll(0)  # its error reports and log lines (why the brokers refused us), to `CLIENT_LOG`
                raise to_aiokafka(e) from None
            return {n: len(t.partitions) for n, t in md.topics.items() if t.error is None}

        return await asyncio.to_thread(sizes)

    async def topic_limits(self, s: Settings, topics: Iterable[str]) -> dict[str, int]:
        names = [t for t in topics if t]
        if not names:
            return {}

        def limits() -> dict[str, int]:
            out: dict[str, int] = {}
            try:
                # the client held until every answer came: a client collected meanwhile fails its futures
                admin = self._admin(s)
                fs = admin.describe_configs([ConfigResource(ResourceType.TOPIC, t) for t in names])
                for res, f in fs.items():
                    try:
                        entry = f.result(timeout=ADMIN_TIMEOUT_S).get("max.message.bytes")
                    except KafkaException:
                        continue
                    if entry is not None and str(entry.value).isdigit():
                        out[res.name] = int(entry.value)
            except Exception as e:  # not supported (or not allowed): no limit known; the broker's refusal is the rest
                log.debug("topic limits not read: %s", e)
                return {}
            return out

        return await asyncio.to_thread(limits)

    async def output_limits(self, s: Settings, engine: EngineConfig, repaired: Iterable[str] = (),
                            findings: Iterable[str] = ()) -> EngineConfig:
        return await kafka.output_limits(s, engine, repaired, findings, limits_of=self.topic_limits)

    async def max_state_bytes(self, s: Settings, configured: int | None) -> int | None:
        return await kafka.max_state_bytes(s, configured, limits_of=self.topic_limits)


__all__ = ["LibrdkafkaClient", "RdConsumer", "RdMembership", "RdProducer", "UndecodableRecord", "consumer_conf",
           "producer_conf", "rd_common", "to_aiokafka"]
