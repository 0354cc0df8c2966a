"""The librdkafka transport's hot path against stand-ins of confluent-kafka's client: a fetch returns what the
client holds (or the first records to arrive and what came with them), never waits for a full batch; each
partition's records are taken, skipped or read again as before (assigned, sought, paused, end of partition);
a produce step's records go to the client's queue in their partitions' order, acknowledged per partition, an
oversized one replaced by its dead letter."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from aiokafka import errors as ak
from aiokafka.structs import TopicPartition
from confluent_kafka import KafkaError as RdError
from confluent_kafka import KafkaException

from processor.core.partition import OutRecord
from processor.shell.transport.librdkafka import LibrdkafkaClient, RdConsumer, RdProducer, take

T = "in"


class Msg:
    def __init__(self, partition: int, offset: int, error: RdError | None = None, topic: str = T) -> None:
        self._p, self._o, self._e, self._t = partition, offset, error, topic

    def error(self) -> RdError | None:
        return self._e

    def topic(self) -> str:
        return self._t

    def partition(self) -> int:
        return self._p

    def offset(self) -> int:
        return self._o

    def key(self) -> bytes:
        return b"k%d" % self._o

    def value(self) -> bytes:
        return b"v%d" % self._o

    def headers(self) -> None:
        return None

    def timestamp(self) -> tuple[int, int]:
        return (1, 1000 + self._o)


def eof(partition: int) -> Msg:
    return Msg(partition, -1, RdError(RdError._PARTITION_EOF))


class Native:
    """confluent_kafka.Consumer.consume: what is queued now, and what arrives while a call waits."""

    def __init__(self, queued: list[Msg], arriving: list[Msg] | None = None) -> None:
        self.queued = list(queued)
        self.arriving = list(arriving or [])
        self.calls: list[tuple[int, float]] = []

    def consume(self, n: int, timeout: float) -> list[Msg]:
        self.calls.append((n, timeout))
        if not self.queued and timeout > 0:
            self.queued, self.arriving = self.arriving, []
        got, self.queued = self.queued[:n], self.queued[n:]
        return got


class Aio:
    def __init__(self, native: Native) -> None:
        self._consumer = native

    async def _call(self, fn: Any, *args: Any) -> Any:
        return fn(*args)


def consumer(native: Native, assigned: range = range(4)) -> RdConsumer:
    c = RdConsumer({})
    c.aio = Aio(native)  # type: ignore[assignment]
    c._assigned = {TopicPartition(T, p) for p in assigned}
    return c


def test_a_fetch_takes_a_full_batch_of_what_is_queued_without_waiting() -> None:
    native = Native([Msg(0, i) for i in range(5)], arriving=[Msg(0, 99)])
    assert [m.offset() for m in take(native, 3, 0.5)] == [0, 1, 2]
    assert native.calls == [(3, 0)]


def test_a_short_batch_lingers_for_the_rest_of_what_is_arriving_only() -> None:
    native = Native([Msg(0, 1)], arriving=[Msg(1, 1), Msg(2, 1)])
    assert [m.offset() for m in take(native, 2000, 0.5, linger_s=0.02)] == [1, 1, 1]
    assert native.calls == [(2000, 0), (1999, 0.02)]


def test_an_empty_fetch_waits_for_the_first_record_then_takes_what_came_with_it() -> None:
    native = Native([], arriving=[Msg(1, i) for i in range(4)])
    assert [m.offset() for m in take(native, 2000, 0.5, linger_s=0.02)] == [0, 1, 2, 3]
    assert native.calls == [(2000, 0), (1, 0.5), (1999, 0.02)]
    empty = Native([])
    assert take(empty, 2000, 0.5) == []  # nothing within the wait: no linger
    assert empty.calls == [(2000, 0), (1, 0.5)]


class GatedAio:
    """AIOConsumer over a real thread: one call at a time on the consumer (librdkafka's gate), each call's
    start and end recorded; `consume` sleeps its timeout when nothing is queued."""

    def __init__(self) -> None:
        import threading

        self.gate = threading.Lock()
        self.log: list[tuple[str, float]] = []
        self._consumer = self

    def consume(self, n: int, timeout: float) -> list[Msg]:
        import time

        time.sleep(timeout)
        return []

    async def _call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        def gated() -> Any:
            with self.gate:
                return fn(*args, **kwargs)

        return await asyncio.to_thread(gated)

    async def commit(self, **_: Any) -> None:
        import time

        await self._call(lambda: self.log.append(("commit", time.monotonic())))


async def test_a_fetch_waits_in_slices_so_a_commit_never_waits_for_the_whole_fetch_wait() -> None:
    import time

    from processor.shell.transport.librdkafka import FETCH_SLICE_S

    c = RdConsumer({})
    aio = GatedAio()
    c.aio = aio  # type: ignore[assignment]
    c._assigned = {TopicPartition(T, 0)}
    t0 = time.monotonic()
    fetch = asyncio.ensure_future(c.getmany(timeout_ms=1000, max_records=10))
    await asyncio.sleep(0.02)  # the fetch is waiting for a first record
    await c.commit({TopicPartition(T, 0): (5, "m")})
    committed_after = time.monotonic() - t0
    assert await fetch == {}
    fetched_after = time.monotonic() - t0
    assert committed_after < 0.5 and FETCH_SLICE_S < 0.2  # a slice or so, not the fetch's whole second
    assert fetched_after >= 1.0  # the fetch still waited its whole time for a record


async def test_a_call_waiting_for_the_consumer_goes_before_the_fetchs_next_slice(monkeypatch: pytest.MonkeyPatch
                                                                                  ) -> None:
    """librdkafka's own consumer (no broker: every slice waits its whole time) and its real gate, which lets its
    callers in in no order: a call waiting for it used to lose to the slice the fetch began the moment its last
    one ended (up to 7 slices in a row measured, seconds under load). Now at most the slice that was already on
    its way begins before it, whatever the machine's load: counted, not timed."""
    import time

    import processor.shell.transport.librdkafka as rdk

    began: list[float] = []

    def counted(*args: Any, **kwargs: Any) -> list[Any]:
        began.append(time.monotonic())
        return take(*args, **kwargs)

    monkeypatch.setattr(rdk, "take", counted)
    c = RdConsumer({"bootstrap.servers": "127.0.0.1:9", "group.id": "g", "log_level": 0})
    await c.start()
    try:
        c.cgm, c._assigned = object(), {TopicPartition(T, 0)}  # a member: `member()` reads the group metadata
        fetch = asyncio.ensure_future(c.getmany(timeout_ms=60_000, max_records=10))
        while len(began) < 2:  # the fetch is slicing its wait
            await asyncio.sleep(0.01)
        overtaken = []
        for _ in range(8):
            before = len(began)
            await c.member()  # through the gate, as the lease's reads and the checkpoint's commit go
            overtaken.append(len(began) - before)
            await asyncio.sleep(0.03)
        assert max(overtaken) <= 1, overtaken
        assert not fetch.done()  # the fetch goes on between the calls (nothing arrives: it waits its whole time)
        sliced = len(began)
        await asyncio.sleep(0.3)
        assert len(began) > sliced
        fetch.cancel()
        with pytest.raises(asyncio.CancelledError):
            await fetch
    finally:
        await c.stop()


async def test_records_are_grouped_by_partition_in_order_with_their_fields() -> None:
    native = Native([Msg(0, 5), Msg(1, 7), Msg(0, 6), Msg(1, 8)])
    c = consumer(native)
    got = await c.getmany(timeout_ms=500, max_records=10)
    assert {tp.partition: [r.offset for r in recs] for tp, recs in got.items()} == {0: [5, 6], 1: [7, 8]}
    r = got[TopicPartition(T, 0)][0]
    assert (r.key, r.value, r.headers, r.timestamp) == (b"k5", b"v5", None, 1005)
    assert await c.position(TopicPartition(T, 0)) == 7
    assert await c.position(TopicPartition(T, 1)) == 9


async def test_the_end_of_a_partition_holds_until_a_record_comes_after_it() -> None:
    c = consumer(Native([Msg(0, 1), eof(0), Msg(1, 1), eof(1), Msg(1, 2), eof(2)]))
    await c.getmany(timeout_ms=500, max_records=10)
    assert c.at_end(TopicPartition(T, 0))  # its end came after its records
    assert not c.at_end(TopicPartition(T, 1))  # a record came after its end
    assert c.at_end(TopicPartition(T, 2))
    c.aio = Aio(Native([Msg(2, 1)]))  # type: ignore[assignment]
    await c.getmany(timeout_ms=500, max_records=10)
    assert not c.at_end(TopicPartition(T, 2))


async def test_records_of_partitions_not_ours_sought_or_paused_are_not_returned() -> None:
    native = Native([Msg(0, 1), Msg(1, 3), Msg(2, 4), Msg(3, 9), Msg(1, 4), Msg(0, 2), Msg(3, 10)])
    c = consumer(native, assigned=range(3))
    paused = TopicPartition(T, 1)
    c._paused = c._rd_paused = {paused}
    got = await c.getmany(TopicPartition(T, 0), TopicPartition(T, 1), timeout_ms=500, max_records=10)
    assert {tp.partition: [r.offset for r in recs] for tp, recs in got.items()} == {0: [1, 2]}
    assert c._seeks == {paused: 3}  # fetched after its pause: read again from its first record once resumed


async def test_a_fetch_error_is_raised_as_the_aiokafka_class_of_its_code() -> None:
    c = consumer(Native([Msg(0, 1), Msg(0, -1, RdError(RdError.TOPIC_AUTHORIZATION_FAILED))]))
    with pytest.raises(ak.TopicAuthorizationFailedError):
        await c.getmany(timeout_ms=500, max_records=10)


class NativeProducer:
    """confluent_kafka.Producer: records into a queue; flush delivers them in order, offsets per partition."""

    def __init__(self, too_large: set[bytes], failing: dict[bytes, RdError] | None = None,
                 per_flush: int | None = None) -> None:
        self.too_large = too_large
        self.failing = failing or {}  # values whose delivery fails, with the error reported
        self.per_flush = per_flush  # records a flush delivers (None: all)
        self.queue: list[tuple[str, int, bytes | None, Any]] = []
        self.headers: list[Any] = []  # each record's, as produced
        self.offsets: dict[tuple[str, int], int] = {}

    def produce(self, topic: str, value: bytes | None = None, key: bytes | None = None, partition: int = -1,
                on_delivery: Any = None, callback: Any = None, timestamp: int = 0, headers: Any = None) -> None:
        """confluent-kafka's signature, positions included."""
        if value in self.too_large:
            raise KafkaException(RdError(RdError.MSG_SIZE_TOO_LARGE))
        assert isinstance(timestamp, int) and callback is None
        self.headers.append(headers)
        self.queue.append((topic, partition if partition >= 0 else 9, value, on_delivery))

    def __len__(self) -> int:  # records held: queued, or delivered but not reported yet
        return len(self.queue)

    def deliver(self) -> None:
        n = len(self.queue) if self.per_flush is None else self.per_flush
        queue, self.queue = self.queue[:n], self.queue[n:]
        for topic, part, value, report in queue:
            if value in self.failing:
                report(self.failing[value], Msg(part, -1, topic=topic))
                continue
            offset = self.offsets[(topic, part)] = self.offsets.get((topic, part), -1) + 1
            report(None, Msg(part, offset, topic=topic))


class AioProducer:
    def __init__(self, native: NativeProducer) -> None:
        self._producer = native

    async def flush(self, _timeout: float) -> int:
        self._producer.deliver()
        await asyncio.sleep(0)
        return 0


def record(value: bytes) -> OutRecord:
    return OutRecord("repaired", b"k", value, [("toolmend-id", value)])


async def test_a_step_is_acknowledged_per_partition_and_an_oversized_record_becomes_its_dead_letter() -> None:
    native = NativeProducer(too_large={b"big"})
    p = RdProducer({})
    p.aio = AioProducer(native)  # type: ignore[assignment]
    dead: list[OutRecord] = []

    async def too_large(r: OutRecord, prod: Any) -> asyncio.Future[Any]:
        dead.append(r)
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        done.set_result(None)
        return done

    plan = [("out", 0, record(b"a")), ("out", 1, record(b"b")), ("out", 0, record(b"big")), ("out", 0, record(b"c")),
            ("dlq", None, record(b"d"))]
    pending = await LibrdkafkaClient().enqueue(p, plan, too_large)
    results = await asyncio.gather(*(f for f, _ in pending))
    assert [v for _, _, v, _ in native.queue] == []  # every record was delivered
    by_members = {tuple(r.value for _, _, r in members): res
                  for (_, members), res in zip(pending, results, strict=True)}
    assert by_members[(b"a", b"c")].offset == 0  # partition 0: its two records at offsets 0 and 1
    assert by_members[(b"b",)].offset == 0
    assert by_members[(b"d",)].offset == 0
    assert () in by_members  # the dead letter's acknowledgement, with no records of the plan
    assert [r.value for r in dead] == [b"big"]
    assert p._outstanding == 0
    assert native.headers == [[("toolmend-id", v)] for v in (b"a", b"b", b"c", b"d")]  # each record's own


async def test_a_step_is_acknowledged_once_the_client_holds_none_of_its_records() -> None:
    """The reports are kept by the client's call of a dict (no Python call per record): a partition's records are
    acknowledged, with where the last landed, only once the client holds none of the step's records."""
    native = NativeProducer(too_large=set(), per_flush=1)
    p = RdProducer({})
    p.aio = AioProducer(native)  # type: ignore[assignment]
    plan = [("out", 0, record(b"a")), ("out", 0, record(b"b")), ("out", 1, record(b"c"))]
    pending = await LibrdkafkaClient().enqueue(p, plan)
    futures = [f for f, _ in pending]
    await p.aio.flush(0)
    p._reported(native)
    assert len(native) > 0 and not any(f.done() for f in futures)  # records still held: none acknowledged
    results = await asyncio.gather(*futures)
    assert len(native) == 0
    assert [(res.offset, len(members)) for (_, members), res in zip(pending, results, strict=True)] == [(0, 2), (0, 1)]
    assert p._outstanding == 0


async def test_a_record_whose_delivery_failed_fails_its_partitions_acknowledgement_with_its_error() -> None:
    native = NativeProducer(too_large=set(), failing={b"b": RdError(RdError.NOT_LEADER_FOR_PARTITION)})
    p = RdProducer({})
    p.aio = AioProducer(native)  # type: ignore[assignment]
    plan = [("out", 0, record(b"a")), ("out", 0, record(b"b")), ("out", 1, record(b"c"))]
    pending = await LibrdkafkaClient().enqueue(p, plan)
    results = await asyncio.gather(*(f for f, _ in pending), return_exceptions=True)
    assert isinstance(results[0], ak.NotLeaderForPartitionError)  # partition 0: one of its records failed
    assert results[1].offset == 0  # partition 1 delivered
