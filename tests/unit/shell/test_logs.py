"""Logs: JSON lines on request, dead-letter warnings rate-limited with counts, error messages that cannot leak
record data."""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys

import orjson
import pytest
from aiokafka.errors import KafkaConnectionError

from processor.shell.config import ConfigError
from processor.shell.logs import (
    ClientRepeats,
    DeadLetterLog,
    JsonFormatter,
    SafeTextFormatter,
    describe_error,
    log_format,
)

SECRET = "conv-7f3a-secret-content"


def test_describe_error_keeps_safe_messages_only() -> None:
    assert describe_error(KafkaConnectionError("Unable to bootstrap from [('127.0.0.1', 1)]")) == (
        "KafkaConnectionError: KafkaConnectionError: Unable to bootstrap from [('127.0.0.1', 1)]")
    assert describe_error(ConnectionRefusedError(111, "Connection refused")) == (
        "ConnectionRefusedError: [Errno 111] Connection refused")
    assert describe_error(ConfigError("state topic x has 1 partitions")).endswith("has 1 partitions")
    for e in (KeyError(SECRET), ValueError(f"bad field {SECRET!r}"), RuntimeError(SECRET)):
        text = describe_error(e)
        assert SECRET not in text and text.startswith(type(e).__name__)


def _formatted(formatter: logging.Formatter, emit: str) -> str:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter)
    log = logging.getLogger(f"toolmend.test.{emit}")
    log.propagate = False
    log.addHandler(handler)
    try:
        if emit == "warning":
            log.warning("dead letter %s from %s:%s:%s", "schema", "in", "3", "17",
                        extra={"kind": "schema", "partition": "3"})
        else:
            try:
                {}[SECRET]
            except KeyError:
                log.exception("processing failed")
    finally:
        log.removeHandler(handler)
    return stream.getvalue()


def test_json_lines() -> None:
    line = _formatted(JsonFormatter(), "warning")
    doc = orjson.loads(line)
    assert doc["level"] == "WARNING" and doc["msg"] == "dead letter schema from in:3:17"
    assert (doc["kind"], doc["partition"]) == ("schema", "3")
    assert doc["ts"].endswith("Z") and doc["logger"] == "toolmend.test.warning"
    assert line.count("\n") == 1


@pytest.mark.parametrize("formatter", [JsonFormatter(), SafeTextFormatter("%(levelname)s %(message)s")])
def test_logged_exceptions_never_carry_their_message_of_record_data(formatter: logging.Formatter) -> None:
    out = _formatted(formatter, "exception")
    assert "KeyError" in out and "processing failed" in out
    assert SECRET not in out
    assert "test_logs.py" in out  # the stack is kept


def test_log_format_from_flag_or_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOOLMEND_LOG_FORMAT", raising=False)
    assert log_format(None) == "text"
    monkeypatch.setenv("TOOLMEND_LOG_FORMAT", "JSON")
    assert log_format(None) == "json"
    assert log_format("text") == "text"  # the flag wins
    with pytest.raises(ValueError, match="expected one of text, json"):
        log_format("xml")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_dead_letter_warnings_are_rate_limited_with_counts(caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    dl = DeadLetterLog(logging.getLogger("toolmend.test.dl"), every_s=10.0, clock=clock)
    with caplog.at_level(logging.WARNING, logger="toolmend.test.dl"):
        for i in range(1000):
            dl.record("schema", "in", "0", str(i))
            clock.now += 0.001
        dl.record("invalid_json", "in", "1", "5")  # another kind: its own window
        dl.flush()  # windows still open: nothing yet
        assert [r.getMessage() for r in caplog.records] == ["dead letter schema from in:0:0",
                                                             "dead letter invalid_json from in:1:5"]
        clock.now += 10
        dl.flush()
        summary = "999 more dead letters schema in 10s (last from in:0:999)"
        assert [r.getMessage() for r in caplog.records[2:]] == [summary]
        assert caplog.records[2].suppressed == 999  # type: ignore[attr-defined]
        dl.flush()
        dl.record("schema", "in", "0", "2000")  # a new window opens with a line of its own
        assert caplog.records[-1].getMessage() == "dead letter schema from in:0:2000"
        assert len(caplog.records) == 4


def test_run_with_json_logs_writes_json_lines(tmp_path: object) -> None:
    """`toolmend run --log-format json` (and TOOLMEND_LOG_FORMAT=json): its first line is JSON. The broker is
    unreachable here; only the logging is under test, so the process is stopped after its first line."""
    env = {**os.environ, "TOOLMEND_BOOTSTRAP_SERVERS": "127.0.0.1:9", "TOOLMEND_METRICS_PORT": "0",
           "TOOLMEND_METRICS_HOST": "127.0.0.1"}
    for args, extra in ((["--log-format", "json"], {}), ([], {"TOOLMEND_LOG_FORMAT": "json"})):
        proc = subprocess.Popen([sys.executable, "-m", "processor.shell.cli", "run", *args], env={**env, **extra},
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            assert proc.stderr is not None
            first = proc.stderr.readline()
        finally:
            proc.kill()
            proc.wait(10)
        doc = orjson.loads(first)
        assert doc["level"] == "INFO" and doc["msg"].startswith("metrics on http://127.0.0.1:")
    bad = subprocess.run([sys.executable, "-m", "processor.shell.cli", "run"], capture_output=True, text=True,
                         env={**env, "TOOLMEND_LOG_FORMAT": "xml"}, timeout=60)
    assert bad.returncode == 2 and "log format 'xml'" in bad.stderr


def test_the_clients_repeated_lines_are_one_per_interval_with_the_count() -> None:
    """aiokafka retrying every 100 ms while a topic is deleted: one line per message per 10 s, the next one
    saying how many were left out; other messages and the worker's own lines pass."""
    now = [0.0]
    f = ClientRepeats(every_s=10.0, clock=lambda: now[0])

    def rec(name: str, msg: str, *args: object, level: int = logging.ERROR) -> logging.LogRecord:
        return logging.LogRecord(name, level, __file__, 1, msg, args, None)

    passed = []
    for i in range(500):  # 50 s at one line per 100 ms
        now[0] = i * 0.1
        r = rec("aiokafka.cluster", "Topic %s not found in cluster metadata", "out")
        if f.filter(r):
            passed.append((now[0], r.getMessage()))
    assert [round(t) for t, _ in passed] == [0, 10, 20, 30, 40]
    assert passed[0][1] == "Topic out not found in cluster metadata"
    assert passed[1][1] == "Topic out not found in cluster metadata (99 more like it in the last 10s)"
    assert f.filter(rec("aiokafka.producer.sender", "Got error produce response: %s", "x", level=logging.WARNING))
    assert all(f.filter(rec("toolmend.worker", "mine")) for _ in range(3))
    assert all(f.filter(rec("aiokafka.cluster", "debugging", level=logging.INFO)) for _ in range(3))
