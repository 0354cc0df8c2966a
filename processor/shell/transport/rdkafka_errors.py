"""librdkafka's errors in the vocabulary of the worker: the aiokafka error class of each code, so that the commit
order, the retries, readiness and the exit codes (`shell/worker/checkpoint.py`, `fencing.py`, `logs.py`) decide
the same way on either transport (`checkpoint.retriable` reads the class).

Three kinds matter to the worker, and every code lands in one of them:

* **retriable delivery** (the broker cannot take the records yet: a leader moving, a topic deleted, an outage, a
  full queue, a request or a record timed out): a class whose `retriable` is true or `KafkaTimeoutError`; at
  least once the step is sent again while the partitions are ours, `/readyz` says what waits;
* **fenced** (another member or producer owns the work now): `ProducerFenced` for a transactional id taken over
  or an epoch bumped by the broker, `CommitFailedError` for a group that moved past this member;
* **fatal** (anything else: refused for good, bad configuration, authorization): raised, the worker stops.

Broker codes (positive) take aiokafka's class of the same code; librdkafka's own codes (negative) are mapped by
the table below; a local code not in it keeps librdkafka's own retriable flag.
"""

from __future__ import annotations

from aiokafka import errors as ak
from confluent_kafka import KafkaError as RdError
from confluent_kafka import KafkaException

# broker codes whose meaning for the worker is not the class aiokafka gives them
BROKER: dict[int, type[ak.KafkaError]] = {
    RdError.PRODUCER_FENCED: ak.ProducerFenced,
    RdError.INVALID_PRODUCER_EPOCH: ak.ProducerFenced,  # the broker aborted the transaction and bumped the epoch
    RdError.ILLEGAL_GENERATION: ak.CommitFailedError,
    RdError.UNKNOWN_MEMBER_ID: ak.CommitFailedError,
    RdError.REBALANCE_IN_PROGRESS: ak.CommitFailedError,
    RdError.FENCED_INSTANCE_ID: ak.CommitFailedError,
    RdError.REQUEST_TIMED_OUT: ak.KafkaTimeoutError,
    RdError.MSG_SIZE_TOO_LARGE: ak.MessageSizeTooLargeError,
}
# librdkafka's own codes
LOCAL: dict[int, type[ak.KafkaError]] = {
    RdError._FENCED: ak.ProducerFenced,  # a newer instance of the transactional id (fatal to this producer)
    RdError._ASSIGNMENT_LOST: ak.CommitFailedError,
    RdError._MSG_TIMED_OUT: ak.KafkaTimeoutError,  # a record not acknowledged within delivery.timeout.ms
    RdError._TIMED_OUT: ak.KafkaTimeoutError,
    RdError._TIMED_OUT_QUEUE: ak.KafkaTimeoutError,
    RdError._QUEUE_FULL: ak.KafkaTimeoutError,  # aiokafka's full buffer
    RdError._TRANSPORT: ak.KafkaConnectionError,
    RdError._ALL_BROKERS_DOWN: ak.KafkaConnectionError,
    RdError._RESOLVE: ak.KafkaConnectionError,
    RdError._UNKNOWN_TOPIC: ak.UnknownTopicOrPartitionError,  # a topic deleted (or not created yet)
    RdError._UNKNOWN_PARTITION: ak.UnknownTopicOrPartitionError,
}


# a delivery report's codes for records librdkafka dropped without sending them while it runs on: a partition
# object destroyed (its topic deleted, or recreated under a new id) or a queue purged. Not written: retriable.
DROPPED = {RdError._DESTROY, RdError._PURGE_QUEUE, RdError._PURGE_INFLIGHT}


def delivery_error(err: RdError) -> BaseException:
    """The error of a record's delivery report, as the worker decides by: records dropped unsent are a retriable
    delivery failure (the step is sent again while the partitions are ours); the rest as `to_aiokafka`."""
    if err.code() in DROPPED:
        dropped: BaseException = ak.KafkaTimeoutError(f"{err.str()} (records dropped by the client before delivery)")
        return dropped
    return to_aiokafka(KafkaException(err))


def to_aiokafka(e: BaseException) -> BaseException:
    """A librdkafka error as the aiokafka error class of its code; anything else unchanged."""
    err = e.args[0] if isinstance(e, KafkaException) and e.args and isinstance(e.args[0], RdError) else e
    if not isinstance(err, RdError):
        return e
    code, text = err.code(), err.str()
    cls = BROKER.get(code) or LOCAL.get(code)
    if cls is None and code < 0 and "too large" in text.lower():
        cls = ak.MessageSizeTooLargeError
    if cls is None and code > 0:
        cls = ak.for_code(code)
    out: BaseException = cls(text) if cls is not None else ak.KafkaError(text)
    if cls is None:
        out.retriable = bool(err.retriable())  # type: ignore[attr-defined]
    return out


__all__ = ["BROKER", "DROPPED", "LOCAL", "delivery_error", "to_aiokafka"]
