"""The librdkafka transport's mappings: every connection setting to its librdkafka property (or a refusal), the
consumer and producer options as the aiokafka factories set them, and librdkafka's errors onto aiokafka's
classes (what the commit order and the fencing decide by)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from aiokafka import errors as ak
from confluent_kafka import KafkaError as RdError
from confluent_kafka import KafkaException

from processor.shell.config import ConfigError, Settings
from processor.shell.kafka import new_input_consumer
from processor.shell.transport import client_for
from processor.shell.transport.librdkafka import (
    LibrdkafkaClient,
    consumer_conf,
    producer_conf,
    rd_common,
    to_aiokafka,
)

# every connection setting, how aiokafka receives it (Settings.kafka_common) and how librdkafka does (rd_common)
CONNECTION = {
    "bootstrap_servers": ("bootstrap_servers", "bootstrap.servers"),
    "client_id": ("client_id", "client.id"),
    "security_protocol": ("security_protocol", "security.protocol"),
    "sasl_mechanism": ("sasl_mechanism", "sasl.mechanism"),
    "sasl_username": ("sasl_plain_username", "sasl.username"),
    "sasl_password": ("sasl_plain_password", "sasl.password"),
    "sasl_password_file": ("sasl_plain_password", "sasl.password"),
    "sasl_oauth_token_file": ("sasl_oauth_token_provider", "oauth_cb"),
    "sasl_oauth_token_command": ("sasl_oauth_token_provider", "oauth_cb"),
    "sasl_oauth_token_refresh_s": ("sasl_oauth_token_provider", "oauth_cb"),
    "ssl_cafile": ("ssl_context", "ssl.ca.location"),
    "ssl_certfile": ("ssl_context", "ssl.certificate.location"),
    "ssl_keyfile": ("ssl_context", "ssl.key.location"),
}


def connection_fields() -> list[str]:
    return sorted(f for f in Settings.model_fields
                  if f.startswith(("security_", "sasl_", "ssl_")) or f in ("bootstrap_servers", "client_id"))


def test_the_table_names_every_connection_setting() -> None:
    """A new connection setting fails here until it is mapped for librdkafka (or refused)."""
    assert sorted(CONNECTION) == connection_fields()


def settings(**kw: Any) -> Settings:
    return Settings.model_construct(**kw)  # TLS files need not exist: the mapping is what is tested


@pytest.mark.parametrize(("kw", "want"), [
    ({}, {"bootstrap.servers": "127.0.0.1:9092", "client.id": "toolmend", "security.protocol": "plaintext"}),
    ({"bootstrap_servers": "a:1,b:2", "client_id": "w1"},
     {"bootstrap.servers": "a:1,b:2", "client.id": "w1"}),
    ({"security_protocol": "SASL_PLAINTEXT", "sasl_mechanism": "PLAIN", "sasl_username": "u",
      "sasl_password": "p"},
     {"security.protocol": "sasl_plaintext", "sasl.mechanism": "PLAIN", "sasl.username": "u", "sasl.password": "p"}),
    ({"security_protocol": "SASL_SSL", "sasl_mechanism": "SCRAM-SHA-512", "sasl_username": "u",
      "sasl_password": "p", "ssl_cafile": Path("/ca.pem")},
     {"security.protocol": "sasl_ssl", "sasl.mechanism": "SCRAM-SHA-512", "ssl.ca.location": "/ca.pem",
      "ssl.endpoint.identification.algorithm": "https"}),
    ({"security_protocol": "SSL"}, {"ssl.ca.location": "probe", "ssl.endpoint.identification.algorithm": "https"}),
    ({"security_protocol": "SSL", "ssl_cafile": Path("/ca.pem"), "ssl_certfile": Path("/c.pem"),
      "ssl_keyfile": Path("/k.pem")},
     {"ssl.ca.location": "/ca.pem", "ssl.certificate.location": "/c.pem", "ssl.key.location": "/k.pem"}),
])
def test_connection_settings_map_one_to_one(kw: dict[str, Any], want: dict[str, Any]) -> None:
    from pydantic import SecretStr

    if "sasl_password" in kw:
        kw["sasl_password"] = SecretStr(kw["sasl_password"])
    defaults = {name: f.default for name, f in Settings.model_fields.items() if not f.is_required()}
    s = settings(**{**defaults, **kw})
    got = rd_common(s)
    for k, v in want.items():
        assert got[k] == v, k
    if s.security_protocol.endswith("SSL"):
        return  # aiokafka gets one SSL context made from those files (they must exist for it)
    aio = s.kafka_common()
    for field, (aio_key, rd_key) in CONNECTION.items():  # set for one client: set for the other
        if field in kw:
            assert aio_key in aio and rd_key in got, field


def test_oauthbearer_tokens_come_from_the_same_provider(tmp_path: Path) -> None:
    token = tmp_path / "token"
    token.write_text("abc.def.ghi\n")
    defaults = {name: f.default for name, f in Settings.model_fields.items() if not f.is_required()}
    s = Settings(**{**defaults, "security_protocol": "SASL_PLAINTEXT", "sasl_mechanism": "OAUTHBEARER",
                    "sasl_oauth_token_file": token})
    got = rd_common(s)
    value, expires = got["oauth_cb"]("")
    assert value == "abc.def.ghi" and expires > 0
    token.write_text("rotated.x.y\n")
    assert got["oauth_cb"]("")[0] == "rotated.x.y"  # read again when it changes, as aiokafka's provider does


async def test_consumer_and_producer_options_follow_the_aiokafka_factories() -> None:
    s = Settings(max_batch=10, fetch_max_wait_ms=50, linger_ms=7, max_event_bytes=4 << 20)
    c = consumer_conf(s, 1, group_id="g", group_instance_id="i", isolation_level="read_committed",
                      session_timeout_ms=10000, heartbeat_interval_ms=3000)
    a = new_input_consumer(s, 1, group_id="g")
    assert c["max.partition.fetch.bytes"] == a._max_partition_fetch_bytes
    assert c["fetch.max.bytes"] == a._fetch_max_bytes
    await a.stop()
    assert (c["group.id"], c["group.instance.id"], c["isolation.level"]) == ("g", "i", "read_committed")
    assert c["fetch.wait.max.ms"] == 50 and c["enable.auto.commit"] is False
    assert consumer_conf(s, 1, group_id="g")["isolation.level"] == "read_uncommitted"  # aiokafka's default
    p = producer_conf(s)
    assert (p["acks"], p["linger.ms"], p["message.max.bytes"]) == ("all", 7, 16 << 20)
    assert p["partitioner"] == "murmur2_random"  # the Java client's and aiokafka's partition for a key
    t = producer_conf(s, "tid")
    assert t["transactional.id"] == "tid" and t["transaction.timeout.ms"] == s.transaction_timeout_ms


def test_an_option_without_a_librdkafka_counterpart_is_refused_in_one_line() -> None:
    with pytest.raises(ConfigError, match="consumer option max_poll_interval_ms has no librdkafka counterpart"):
        consumer_conf(Settings(), max_poll_interval_ms=1)


@pytest.mark.parametrize(("code", "cls"), [
    (RdError.MSG_SIZE_TOO_LARGE, ak.MessageSizeTooLargeError),
    (RdError._FENCED, ak.ProducerFenced),
    (RdError.PRODUCER_FENCED, ak.ProducerFenced),
    (RdError.INVALID_PRODUCER_EPOCH, ak.ProducerFenced),
    (RdError.ILLEGAL_GENERATION, ak.CommitFailedError),
    (RdError.UNKNOWN_MEMBER_ID, ak.CommitFailedError),
    (RdError.REBALANCE_IN_PROGRESS, ak.CommitFailedError),
    (RdError._MSG_TIMED_OUT, ak.KafkaTimeoutError),
    (RdError.UNKNOWN_TOPIC_OR_PART, ak.UnknownTopicOrPartitionError),
    (RdError.NOT_LEADER_FOR_PARTITION, ak.NotLeaderForPartitionError),
    (RdError._UNKNOWN_TOPIC, ak.UnknownTopicOrPartitionError),
    (RdError._UNKNOWN_PARTITION, ak.UnknownTopicOrPartitionError),
    (RdError._QUEUE_FULL, ak.KafkaTimeoutError),
    (RdError._ALL_BROKERS_DOWN, ak.KafkaConnectionError),
    (RdError._ASSIGNMENT_LOST, ak.CommitFailedError),
    (RdError.TOPIC_AUTHORIZATION_FAILED, ak.TopicAuthorizationFailedError),
])
def test_librdkafka_errors_become_the_aiokafka_class_of_their_code(code: int, cls: type[Exception]) -> None:
    e = to_aiokafka(KafkaException(RdError(code)))
    assert isinstance(e, cls)


@pytest.mark.parametrize(("code", "kind"), [
    # a delivery the broker cannot take yet: the step is sent again while the partitions are ours
    (RdError._MSG_TIMED_OUT, "retriable"), (RdError._UNKNOWN_TOPIC, "retriable"), (RdError._QUEUE_FULL, "retriable"),
    (RdError._TRANSPORT, "retriable"), (RdError.NOT_LEADER_FOR_PARTITION, "retriable"),
    (RdError.NOT_ENOUGH_REPLICAS, "retriable"), (RdError.REQUEST_TIMED_OUT, "retriable"),
    # another owner: fenced, never retried
    (RdError._FENCED, "fenced"), (RdError.PRODUCER_FENCED, "fenced"), (RdError.INVALID_PRODUCER_EPOCH, "fenced"),
    (RdError.UNKNOWN_MEMBER_ID, "fenced"), (RdError.ILLEGAL_GENERATION, "fenced"),
    # refused for good: the worker stops
    (RdError.TOPIC_AUTHORIZATION_FAILED, "fatal"), (RdError.MSG_SIZE_TOO_LARGE, "fatal"),
    (RdError.INVALID_RECORD, "fatal"), (RdError._DESTROY, "fatal"),
])
def test_each_code_lands_in_the_class_the_worker_decides_by(code: int, kind: str) -> None:
    """What the commit order does with a failure (`checkpoint.retriable`, the fencing), decided from the class
    either transport raises."""
    from processor.shell.worker.checkpoint import retriable

    e = to_aiokafka(KafkaException(RdError(code)))
    assert isinstance(e, ak.KafkaError)
    got = ("fenced" if isinstance(e, ak.ProducerFenced | ak.InvalidProducerEpoch | ak.CommitFailedError)
           else "retriable" if retriable(e) else "fatal")
    assert got == kind


def test_a_local_error_keeps_whether_it_is_retriable() -> None:
    e = to_aiokafka(KafkaException(RdError(RdError._TRANSPORT, retriable=True)))
    assert isinstance(e, ak.KafkaError) and e.retriable
    assert to_aiokafka(ValueError("x")).__class__ is ValueError


def test_the_setting_chooses_the_transport(monkeypatch: pytest.MonkeyPatch) -> None:
    assert client_for(Settings()).name == "aiokafka"
    assert isinstance(client_for(Settings(kafka_client="librdkafka")), LibrdkafkaClient)


def test_librdkafka_missing_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata

    from processor.shell.config import settings_from

    def missing(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    with pytest.raises(ConfigError, match=r"needs confluent-kafka: pip install 'toolmend\[librdkafka\]'"):
        settings_from({"kafka_client": "librdkafka"})


class _FetchError:
    """A fetch's error event as librdkafka queues it (a batch it could not decompress)."""

    def __init__(self, code: int) -> None:
        self.err = RdError(code, "Decompression (codec 0x3) of message at 42 of 1210 bytes failed: -1")

    def error(self) -> RdError:
        return self.err

    def topic(self) -> str:
        return "in"

    def partition(self) -> int:
        return 3

    def offset(self) -> int:
        return 42


class _Client:
    def __init__(self, msgs: list[Any]) -> None:
        self._consumer = self
        self.msgs = msgs

    def consume(self, n: int, _wait: float) -> list[Any]:
        out, self.msgs = self.msgs[:n], self.msgs[n:]
        return out

    async def _call(self, fn: Any, *args: Any) -> Any:
        return fn(*args)


@pytest.mark.parametrize("code", [RdError._BAD_COMPRESSION, RdError._BAD_MSG])
async def test_a_batch_librdkafka_cannot_decode_stops_the_worker_in_one_line(code: int) -> None:
    """What aiokafka's `worker/batches.py` names (exit code 2: a ConfigError), librdkafka reports as a fetch
    error: the same one line, partition and offset, nothing skipped."""
    from processor.shell.transport.librdkafka import RdConsumer, UndecodableRecord

    c = RdConsumer({"group.id": "g"})
    c.aio = _Client([_FetchError(code)])  # type: ignore[assignment]
    with pytest.raises(UndecodableRecord) as e:
        await c.getmany(timeout_ms=0, max_records=10)
    assert isinstance(e.value, ConfigError)
    assert str(e.value).startswith("cannot decode the record batch of in partition 3 at offset 42: Decompression")
    assert "\n" not in str(e.value)


async def test_offsets_held_by_a_pending_transaction_are_named_by_partition() -> None:
    """librdkafka retries a stable read of several partitions as a whole while one is held: the timeout is
    followed by a short read of each, so that the worker names the held partition, not all of them."""
    from aiokafka.structs import OffsetAndMetadata, TopicPartition

    from processor.shell.transport.librdkafka import PendingOffsets

    tps = [TopicPartition("in", p) for p in range(4)]

    class Group:
        async def committed(self, asked: list[TopicPartition], _wait: float) -> dict[Any, Any]:
            if tps[0] in asked:
                raise ak.KafkaTimeoutError("held")
            return {tp: OffsetAndMetadata(7, "") for tp in asked}

    with pytest.raises(PendingOffsets) as e:
        await LibrdkafkaClient().committed(Group(), tps, 0.1)
    assert e.value.partitions == [tps[0]] and isinstance(e.value, ak.KafkaTimeoutError)
    assert await LibrdkafkaClient().committed(Group(), tps[1:], 0.1) == {tp: OffsetAndMetadata(7, "") for tp in tps[1:]}
    with pytest.raises(ak.KafkaTimeoutError):  # a single partition: nothing more to learn
        await LibrdkafkaClient().committed(Group(), tps[:1], 0.1)


@pytest.mark.parametrize("txn_ms", [2000, 60000, 900000])
def test_a_transactional_producer_is_built_whatever_the_transaction_timeout(txn_ms: int) -> None:
    """librdkafka refuses a record timeout past the transaction timeout: the record timeout follows it down."""
    from confluent_kafka import Producer

    conf = producer_conf(Settings(transaction_timeout_ms=txn_ms), transactional_id="t")
    assert conf["delivery.timeout.ms"] <= txn_ms
    Producer({**conf, "logger": __import__("logging").getLogger("test")})  # refused settings raise here


async def test_settings_librdkafka_refuses_are_one_line() -> None:
    from processor.shell.transport.librdkafka import RdProducer

    p = RdProducer({"bootstrap.servers": "127.0.0.1:1", "transactional.id": "t", "transaction.timeout.ms": 1000,
                    "delivery.timeout.ms": 40000})
    with pytest.raises(ConfigError, match="refused the producer's settings") as e:
        await p.start()
    assert "\n" not in str(e.value)


def test_a_connection_refused_for_a_setting_reaches_the_diagnosis_once() -> None:
    """librdkafka reports a refused authentication through its error callback, at every reconnection: said once at
    WARNING on the transport's logger, where `toolmend run`'s diagnosis names the cause in its one line."""
    import logging

    from processor.shell.logs import CLIENT_LOGGERS, ConnectionDiagnosis
    from processor.shell.transport.librdkafka import ClientLog

    assert "toolmend.librdkafka" in CLIENT_LOGGERS
    d = ConnectionDiagnosis("SASL_PLAINTEXT", "SCRAM-SHA-512")
    seen: list[logging.LogRecord] = []
    counter = logging.Handler()
    counter.emit = seen.append  # type: ignore[method-assign]
    logger = logging.getLogger("toolmend.librdkafka")
    logger.addHandler(d)
    logger.addHandler(counter)
    try:
        cl = ClientLog()
        text = ("sasl_plaintext://127.0.0.1:9094/bootstrap: SASL authentication error: Authentication failed during "
                "authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512 (after 3ms in state "
                "AUTH_REQ)")
        for ms in (3, 5, 8):  # the same refusal at each reconnection: said once
            cl.error(RdError(RdError._AUTHENTICATION, text.replace("after 3ms", f"after {ms}ms")))
        cl.error(RdError(RdError._TRANSPORT, "127.0.0.1:9094/bootstrap: Connection refused"))
        cl.error(RdError(RdError._AUTHENTICATION, 'SASL authentication error: {"status":"invalid_token"}'))  # another
    finally:
        logger.removeHandler(d)
        logger.removeHandler(counter)
    assert d.reason is not None and d.reason.startswith("authentication failed: the brokers refused the "
                                                        "SCRAM-SHA-512 credentials")
    assert [r.levelno for r in seen if r.levelno >= logging.WARNING] == [logging.WARNING] * 2


async def test_the_restore_read_begins_once_this_process_records_are_settled() -> None:
    """A state step queued in librdkafka before this member was fenced lands before the restore's read or never:
    `drain` waits for every non-transactional producer of the process to settle before its first fetch."""
    from aiokafka.structs import TopicPartition

    order: list[str] = []

    class Producer:
        def __init__(self, name: str, transactional: bool) -> None:
            self.name, self.transactional = name, transactional

        async def settle(self) -> None:
            await asyncio.sleep(0.05)
            order.append(f"settled {self.name}")

    class Reader:
        async def getmany(self, *tps: TopicPartition, timeout_ms: int = 0, max_records: int | None = None) -> Any:
            order.append("fetch")
            return {}

        def at_end(self, tp: TopicPartition) -> bool:
            return True

        def pause(self, *tps: TopicPartition) -> None:
            pass

    k = LibrdkafkaClient()
    kept = [Producer("at least once", False), Producer("transactional", True)]
    for p in kept:
        k._producers.add(p)  # type: ignore[arg-type]
    tp = TopicPartition("state", 0)
    await k.drain(Reader(), [tp], {tp: 10}, lambda _tp, _recs: None)
    assert order == ["settled at least once", "fetch"]


@pytest.mark.parametrize("code", [RdError._DESTROY, RdError._PURGE_QUEUE, RdError._PURGE_INFLIGHT])
def test_records_dropped_unsent_are_a_retriable_delivery_failure(code: int) -> None:
    """librdkafka reports records of a partition object it destroyed (the topic deleted, or recreated under a new
    id) with _DESTROY while it runs on: not written, so the step is sent again, never a stopped worker."""
    from processor.shell.transport.rdkafka_errors import delivery_error
    from processor.shell.worker.checkpoint import retriable

    e = delivery_error(RdError(code, "Local: Broker handle destroyed for termination"))
    assert isinstance(e, ak.KafkaError) and retriable(e)
    assert not retriable(delivery_error(RdError(RdError.TOPIC_AUTHORIZATION_FAILED, "denied")))  # type: ignore[arg-type]
