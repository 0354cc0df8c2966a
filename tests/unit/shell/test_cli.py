"""The command line's help is generated from the settings (description, default, variable), lists no flag a
command does not use, and bad configuration or an unreachable broker ends in one line and a non-zero status."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from processor.shell.cli import main
from processor.shell.commands.replay import NOT_FLAGS
from processor.shell.config import ENV_ONLY, Settings


def help_of(command: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as e:
        main([command, "--help"])
    assert e.value.code == 0
    return capsys.readouterr().out


def flags(text: str) -> set[str]:
    return set(re.findall(r"(?m)^\s+(--[a-z][a-z0-9-]*)", text))


def test_run_help_documents_every_setting_with_its_default_and_variable(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of("run", capsys)
    squashed = " ".join(text.split())
    for name, field in Settings.model_fields.items():
        flag = "--" + name.replace("_", "-")
        if field.json_schema_extra == ENV_ONLY:  # secrets: environment or file, never a flag
            assert flag not in flags(text), flag
            continue
        assert flag in flags(text), flag
        assert field.description, f"setting {name} has no description"
        assert f"env TOOLMEND_{name.upper()})" in squashed, name
    assert "(default: 127.0.0.1:9092; env TOOLMEND_BOOTSTRAP_SERVERS)" in squashed
    assert "--strategy {fill,drop}" in text
    assert "--mode" not in text  # read by nothing: gone


def test_replay_help_lists_only_what_replay_uses(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of("replay", capsys)
    got = flags(text)
    for unused in ("--group-id", "--state-topic", "--mode", "--session-timeout-ms", "--heartbeat-interval-ms",
                   "--output-topic", "--dlq-topic", "--findings-topic", "--shutdown-budget-s"):
        assert unused not in got, unused
    for used in ("--from", "--to", "--from-file", "--to-file", "--to-topics", "--allow-live-topics", "--quiet",
                 "--look-back", "--input-topic", "--bootstrap-servers", "--metrics-port", "--strategy"):
        assert used in got, used
    assert {n for n in NOT_FLAGS} <= set(Settings.model_fields)


def test_schema_help_is_help(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of("schema", capsys)
    assert text.startswith("usage: toolmend schema") and '"$schema"' not in text
    assert main(["schema"]) == 0
    assert '"conversation_id"' in capsys.readouterr().out


def test_bad_configuration_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLMEND_METRICS_PORT", "70000")
    for command in ("run", "replay"):
        assert main([command]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1, err
        assert f"toolmend {command}: invalid configuration: metrics_port (TOOLMEND_METRICS_PORT):" in err


@pytest.mark.parametrize("command", ["run", "replay"])
def test_an_unreachable_broker_is_one_line_and_a_non_zero_exit(command: str) -> None:
    p = subprocess.run([sys.executable, "-m", "processor.shell.cli", command, "--bootstrap-servers", "127.0.0.1:9",
                        "--metrics-port", "0"], capture_output=True, text=True, timeout=120)
    assert p.returncode == 1, p.stderr
    lines = [ln for ln in p.stderr.splitlines() if ln.startswith(f"toolmend {command}:")]
    assert len(lines) == 1 and "cannot reach the Kafka brokers at 127.0.0.1:9" in lines[0], p.stderr
    assert "Traceback" not in p.stderr


def test_the_demo_reads_the_environment_prints_its_port_and_writes_whole_lines(tmp_path: object) -> None:
    import os
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {**os.environ, "TOOLMEND_METRICS_PORT": str(port), "TOOLMEND_METRICS_HOST": "127.0.0.1"}
    p = subprocess.run([sys.executable, "-m", "processor.shell.cli", "demo", "--conversations", "20",
                        "--log-level", "INFO"], capture_output=True, text=True, timeout=240, env=env, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert f"report (event time, plots and change points): {tmp_path}/report.html" in p.stdout  # next to the table
    assert f"worker metrics on http://127.0.0.1:{port}/metrics" in p.stdout
    assert "\r" not in p.stdout
    status = [ln for ln in p.stdout.splitlines() if "produced" in ln]
    assert status and all(re.fullmatch(r"  produced +[\d,]+  processed +[\d,]+  dangling .*", ln) for ln in status)
    assert "INFO" in p.stderr and "INFO" not in p.stdout  # logs on their own lines, on their own stream
    # port 0: a free port, and the demo says which
    env["TOOLMEND_METRICS_PORT"] = "0"
    p = subprocess.run([sys.executable, "-m", "processor.shell.cli", "demo", "--conversations", "5", "--report", ""],
                       capture_output=True, text=True, timeout=240, env=env, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    shown = re.search(r"worker metrics on http://127\.0\.0\.1:(\d+)/metrics", p.stdout)
    assert shown and int(shown.group(1)) > 0
