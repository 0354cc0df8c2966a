"""Logging of the worker: plain text for people, JSON lines for log pipelines (`--log-format json`,
`TOOLMEND_LOG_FORMAT=json`), one dead-letter warning per kind and window, errors with a message that is safe to log.

Nothing logged carries message content or conversation ids. The worker's own lines name topics, partitions,
offsets, kinds and counts only. Exception messages are the risk: a `KeyError` or `ValueError` raised while
handling a record can quote part of it (a conversation id, a field value), and dead-letter details of kind
`internal` are such messages. So `describe_error` keeps the message only of exceptions whose text comes from the
Kafka client, the operating system or the worker's configuration, and the dead-letter log never includes the
detail (it is in the dead-letter record's `toolmend-error-detail` header, next to the record it describes).
"""

from __future__ import annotations

import logging
import os
import ssl
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

import orjson

LogFormat = Literal["text", "json"]
FORMATS: tuple[LogFormat, ...] = ("text", "json")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s %(message)s"
_RECORD_FIELDS = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message", "asctime"}


def _safe_types() -> tuple[type[BaseException], ...]:
    from aiokafka.errors import KafkaError

    from .config import ConfigError

    return (KafkaError, OSError, TimeoutError, ssl.SSLError, ConfigError)


def describe_error(e: BaseException) -> str:
    """`Type: message` when the message cannot quote record data (Kafka client, OS, configuration errors);
    `Type` alone otherwise."""
    name = type(e).__name__
    if not isinstance(e, _safe_types()):
        return f"{name} (message withheld: it may quote record data)"
    text = " ".join(str(e).split())[:300]
    return f"{name}: {text}" if text else name


class JsonFormatter(logging.Formatter):
    """One JSON object per line: ts (UTC, ms), level, logger, msg, the record's `extra` fields, and for an
    exception its type, safe description and stack (frames only: the last line, the message, is what may leak)."""

    def format(self, record: logging.LogRecord) -> str:
        doc: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds").replace(
                "+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        for k, v in record.__dict__.items():
            if k not in _RECORD_FIELDS and not k.startswith("_"):
                doc[k] = v
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            doc["error"] = describe_error(exc)
            doc["stack"] = "".join(traceback.format_tb(exc.__traceback__))
        return orjson.dumps(doc, default=str).decode()


class SafeTextFormatter(logging.Formatter):
    """The text format, with exception messages going through `describe_error` as in JSON."""

    def format(self, record: logging.LogRecord) -> str:
        record.exc_text = None  # never the text another handler's formatter cached (with the raw message)
        return super().format(record)

    def formatException(self, ei: Any) -> str:
        exc = ei[1]
        if exc is None:
            return super().formatException(ei)
        return "Traceback (most recent call last):\n" + "".join(traceback.format_tb(exc.__traceback__)) + \
            describe_error(exc)


def log_format(value: str | None = None) -> LogFormat:
    """The format asked for by flag, else TOOLMEND_LOG_FORMAT, else text; ValueError for anything else."""
    chosen = (value or os.environ.get("TOOLMEND_LOG_FORMAT") or "text").strip().lower()
    if chosen not in FORMATS:
        raise ValueError(f"log format {chosen!r}: expected one of {', '.join(FORMATS)}")
    return chosen


# aiokafka's words for the states of a cluster that is starting or moving leaders: a fresh cluster has no group
# coordinator for a few seconds, a new topic's partitions no leader yet. aiokafka logs them at ERROR and retries.
TRANSIENT = ("CoordinatorNotAvailable", "NotCoordinator", "CoordinatorLoadInProgress", "NotLeaderForPartition",
             "NotLeaderOrFollower", "LeaderNotAvailable", "NotEnoughReplicas")


class StartupStates(logging.Filter):
    """aiokafka's ERROR and WARNING lines about known transient cluster states, demoted to INFO: a team that
    alerts on ERROR is not paged by every first deploy. (A state that lasts shows as a worker NotReady.)"""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.INFO and record.name.startswith("aiokafka"):
            text = record.getMessage()
            if any(t in text for t in TRANSIENT):
                record.levelno, record.levelname = logging.INFO, "INFO"
        return True


class ClientRepeats(logging.Filter):
    """aiokafka's WARNING and ERROR lines, each of its messages at most once per `every_s` seconds: a client
    that retries every 100 ms while a topic is gone or a leader moves (`Topic ... not found in cluster
    metadata`, `Got error produce response ..., retrying`) would otherwise write thousands of lines a minute.
    The first line of a message is written; the repeats within the window are counted and said in the next line
    of that message that is written (`(N more like it in the last 10s)`). The worker's own state (readiness,
    metrics) says what lasts."""

    def __init__(self, every_s: float = 10.0, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every_s = every_s
        self.clock = clock
        self._seen: dict[tuple[str, str], list[float]] = {}  # (logger, message template) -> [window start, repeats]

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING or not record.name.startswith("aiokafka"):
            return True
        key = (record.name, str(record.msg))
        now = self.clock()
        w = self._seen.get(key)
        if w is not None and now - w[0] < self.every_s:
            w[1] += 1
            return False
        if w is not None and w[1]:
            record.msg = f"{record.msg} ({int(w[1])} more like it in the last {now - w[0]:.0f}s)"
            record.suppressed = int(w[1])
        if len(self._seen) > 1000:  # bounded: aiokafka's templates are few, but never grow without end
            self._seen.clear()
        self._seen[key] = [now, 0]
        return True


def connection_failure(err: BaseException | str, protocol: str = "PLAINTEXT", mechanism: str | None = None) -> \
        str | None:
    """What a failed connection to a broker means, in one phrase, from the error aiokafka logged for it; None
    when it says nothing more than "unreachable". Pure (tests give it the errors aiokafka raises)."""
    text = err if isinstance(err, str) else f"{type(err).__name__}: {err}"
    low = text.lower()
    if isinstance(err, ConnectionResetError) and not str(err) and protocol in ("SSL", "SASL_SSL"):
        # asyncio's TLS handshake cut short by the peer: a listener that reads the ClientHello as a Kafka request
        return (f"protocol mismatch: the broker closed the connection during the TLS handshake (security_protocol "
                f"{protocol} speaks TLS; is the listener PLAINTEXT or SASL_PLAINTEXT?)")
    if "ssl handshake failed" in low and ("closed by peer" in low or "plaintext broker listener" in low):
        # librdkafka's words for the same: a TLS handshake the listener cut short
        return (f"protocol mismatch: the broker closed the connection during the TLS handshake (security_protocol "
                f"{protocol} speaks TLS; is the listener PLAINTEXT or SASL_PLAINTEXT?)")
    if "saslauthenticationfailed" in low or "authentication failed" in low or "invalid_token" in low:
        return (f"authentication failed: the brokers refused the {mechanism or 'SASL'} credentials (wrong user, "
                "password or token, or no credentials of that mechanism on the broker)")
    if "unsupportedsaslmechanism" in low:
        return f"the brokers do not enable sasl_mechanism {mechanism}"
    if "illegalsaslstate" in low or ("sasl" in low and "handshake" in low and "unexpected" in low) \
            or "not valid in current sasl state" in low:  # librdkafka's words
        return (f"protocol mismatch: security_protocol {protocol} against a listener without SASL (a PLAINTEXT "
                "or SSL listener?)")
    if "mismatch" in low and ("certificate" in low or "hostname" in low or "ip address" in low):
        return ("TLS: the broker's certificate does not name the address connected to (hostname mismatch): use "
                "a bootstrap address the certificate holds")
    if "broker certificate could not be verified" in low or "ssl routines::certificate verify failed" in low:
        # librdkafka's words (OpenSSL's error, without Python's detail): which check failed goes unsaid
        return ("TLS: the broker's certificate could not be verified (not signed by a CA of ssl_cafile or the "
                "system's, or not naming the address connected to)")
    if "certificate_verify_failed" in low or "certificate verify failed" in low:
        return "TLS: the broker's certificate is not signed by a CA of ssl_cafile (or the system's, without one)"
    if "wrong_version_number" in low or "record layer failure" in low or "packet length too long" in low:
        return (f"protocol mismatch: security_protocol {protocol} speaks TLS to a listener that does not (a "
                "PLAINTEXT or SASL_PLAINTEXT listener?)")
    return None


CLIENT_LOGGERS = ("aiokafka", "toolmend.librdkafka")  # the loggers of the two Kafka clients (transport/)


class ConnectionDiagnosis(logging.Handler):
    """Keeps the last connection failure a Kafka client logs (aiokafka: 'Unable connect to "host:port": <error>';
    librdkafka: its error report, `transport/librdkafka.py`), so that the worker's one-line "cannot reach the
    brokers" can say why (authentication, TLS, protocol). Attach it to each of `CLIENT_LOGGERS`."""

    def __init__(self, protocol: str = "PLAINTEXT", mechanism: str | None = None) -> None:
        super().__init__(logging.DEBUG)
        self.protocol = protocol
        self.mechanism = mechanism
        self.reason: str | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if not record.name.startswith(CLIENT_LOGGERS):
            return
        args = record.args if isinstance(record.args, tuple) else ()
        for a in args:
            if isinstance(a, BaseException):
                why = connection_failure(a, self.protocol, self.mechanism)
                if why is not None:
                    self.reason = why
                    return
        why = connection_failure(record.getMessage(), self.protocol, self.mechanism)
        if why is not None:
            self.reason = why


def setup_logging(level: str = "INFO", fmt: str | None = None) -> None:
    """Root handler on stderr in the chosen format (replacing any earlier one); aiokafka at WARNING, each of its
    messages at most once per 10 s (ClientRepeats), its transient start-up states at INFO (StartupStates). A level
    or format it does not know is a `ConfigError`."""
    from .config import ConfigError

    if not isinstance(logging.getLevelName(level.upper()), int):
        raise ConfigError(f"Unknown level: {level.upper()!r}")
    try:
        chosen = log_format(fmt)
    except ValueError as e:
        raise ConfigError(str(e)) from None
    handler = logging.StreamHandler(sys.stderr)
    handler.addFilter(ClientRepeats())
    handler.addFilter(StartupStates())
    handler.setFormatter(JsonFormatter() if chosen == "json" else SafeTextFormatter(TEXT_FORMAT))
    root = logging.getLogger()
    for h in list(root.handlers):
        root.removeHandler(h)
    root.addHandler(handler)
    root.setLevel(level.upper())
    logging.getLogger("aiokafka").setLevel(logging.WARNING)


@dataclass
class _Window:
    opened: float
    suppressed: int = 0
    last: str = ""  # coordinates of the last suppressed one


class DeadLetterLog:
    """At most one warning per dead-letter kind every `every_s` seconds: the first of a window is logged with
    its coordinates, the others are counted and reported in one line when the window closes (by the next one of
    that kind, or by `flush()`, which the worker calls once a second). The metric counts every one."""

    def __init__(self, logger: logging.Logger, every_s: float = 10.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.log = logger
        self.every_s = every_s
        self.clock = clock
        self._windows: dict[str, _Window] = {}

    def record(self, kind: str, topic: str, partition: str, offset: str) -> None:
        now = self.clock()
        w = self._windows.get(kind)
        if w is not None and now - w.opened < self.every_s:
            w.suppressed += 1
            w.last = f"{topic}:{partition}:{offset}"
            return
        if w is not None:
            self._report(kind, w)
        self._windows[kind] = _Window(now)
        self.log.warning("dead letter %s from %s:%s:%s", kind, topic, partition, offset,
                         extra={"kind": kind, "topic": topic, "partition": partition, "offset": offset})

    def flush(self) -> None:
        """Report the windows that have closed with suppressed warnings."""
        now = self.clock()
        for kind, w in list(self._windows.items()):
            if now - w.opened >= self.every_s:
                self._report(kind, w)
                del self._windows[kind]

    def _report(self, kind: str, w: _Window) -> None:
        if w.suppressed:
            self.log.warning("%d more dead letters %s in %.0fs (last from %s)", w.suppressed, kind, self.every_s,
                             w.last, extra={"kind": kind, "suppressed": w.suppressed, "last": w.last})
