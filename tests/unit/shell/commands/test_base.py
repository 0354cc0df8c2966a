"""The one exit-code policy every command ends through: a bad setting or input is one line and exit 2, an
unreachable broker one line naming it and exit 1, an interrupted command 130 when it says what it kept; anything
else keeps its traceback; `toolmend patch` loads no Kafka client to apply it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from aiokafka.errors import KafkaConnectionError, UnknownTopicOrPartitionError

from processor.shell.commands.base import UsageError, exiting
from processor.shell.config import ConfigError


class Refused(Exception):
    pass


def _run(exc: BaseException, **options: object) -> int:
    with exiting("toolmend x", **options) as ex:  # type: ignore[arg-type]
        ex.brokers = "127.0.0.1:9"
        raise exc
    return ex.code


@pytest.mark.parametrize(("exc", "code", "line"), [
    (ConfigError("bad setting"), 2, "toolmend x: bad setting\n"),
    (UsageError("--shard 5/4: no"), 2, "toolmend x: --shard 5/4: no\n"),
    (KafkaConnectionError("no route"), 1, "toolmend x: cannot reach the Kafka brokers at 127.0.0.1:9: "),
    (UnknownTopicOrPartitionError("gone"), 1, "toolmend x: Kafka error: UnknownTopicOrPartitionError: "),
])
def test_each_kind_of_failure_is_one_line_and_its_exit_code(exc: BaseException, code: int, line: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(exc) == code
    err = capsys.readouterr().err
    assert err.startswith(line) and err.count("\n") == 1, err


def test_a_command_s_own_usage_errors_and_what_it_reaches_are_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(Refused("input file x does not exist"), usage=(Refused,)) == 2
    assert capsys.readouterr().err == "toolmend x: input file x does not exist\n"
    assert _run(KafkaConnectionError("down"), reach="the embedded broker") == 1
    assert capsys.readouterr().err.startswith("toolmend x: cannot reach the embedded broker: ")


def test_interrupted_is_130_only_for_a_command_that_says_what_it_kept(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(KeyboardInterrupt(), interrupted="no output file kept") == 130
    assert capsys.readouterr().err == "toolmend x: interrupted (no output file kept)\n"
    with pytest.raises(KeyboardInterrupt):
        _run(KeyboardInterrupt())


def test_a_bug_keeps_its_traceback_and_success_keeps_its_code() -> None:
    with pytest.raises(ZeroDivisionError):
        _run(ZeroDivisionError("bug"))
    with exiting("toolmend x") as ex:
        code = 0
    assert ex.code == code == 0


def test_patch_loads_no_kafka_client_and_no_event_loop(tmp_path: object) -> None:
    script = ("import io, sys\n"
              "from processor.shell.cli import main\n"
              "sys.stdin = io.TextIOWrapper(io.BytesIO(b'[{\"role\": \"user\", \"content\": \"hi\"}]'))\n"
              "sys.stdout = io.TextIOWrapper(io.BytesIO())\n"
              "code = main(['patch'])\n"
              "sys.stderr.write(repr((code, 'aiokafka' in sys.modules, 'asyncio' in sys.modules)))\n")
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert r.stderr.strip().endswith("(0, False, False)"), r.stderr
