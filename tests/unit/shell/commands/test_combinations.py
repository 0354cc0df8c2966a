"""Flags that cannot work together are refused in one line and exit 2, before anything runs (no broker, no file
written): each combination found, one case each."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from processor.shell.cli import COMMANDS

CASES = [
    ("replay", ["--delivery", "exactly_once", "--from-file", "{f}", "--to-file", "{o}"],
     "--delivery is not used by toolmend replay"),
    ("replay", ["--transaction-timeout-ms", "30000", "--from-file", "{f}", "--to-file", "{o}"],
     "--transaction-timeout-ms is not used by toolmend replay"),
    ("replay", ["--from-file", "{f}", "--to-file", "{o}", "--seek-slack", "2h"], "--seek-slack sets where a topic"),
    ("replay", ["--from-file", "{f}", "--to-file", "{o}", "--look-back", "1h"], "--look-back is read before --from"),
    ("replay", ["--from-file", "{f}", "--to-file", "{o}", "--allow-live-topics"], "not with --to-file"),
    ("replay", ["--from-file", "{f}", "--to-file", "{o}", "--metrics-step", "5m"], "not without it"),
    ("replay", ["--dump-input", "{o}", "--from", "2026-01-01T00:00:00Z"], "--dump-input writes the whole input"),
    ("replay", ["--from-file", "{f}", "--to-file", "{o}", "--to-topics", "x"], "exclude each other"),
    ("patch", ["--jsonl", "--pretty", "{f}"], "--pretty indents one result: not with --jsonl"),
    ("patch", ["--thinking", "keep", "--model", "claude-mythos-5-2", "{f}"], "--model decides what thinking=auto"),
    ("generate", ["--rate", "10"], "--rate and --speed pace records sent with --bootstrap-servers"),
    ("generate", ["--bootstrap-servers", "127.0.0.1:9", "--topic", "t", "--out", "{o}"], "--out writes a file"),
    ("generate", ["--bootstrap-servers", "127.0.0.1:9", "--topic", "t", "--format", "kafka-console"],
     "--format shapes a file"),
    ("generate", ["--topic", "t"], "--bootstrap-servers and --topic go together"),
    ("recover", ["--rebuild", "--force"], "--force goes with --partition"),
    ("recover", ["--repartition", "--partition", "1"], "--repartition rebuilds every partition"),
    ("recover", ["--rebuild", "--output-topic", "x"], "--output-topic is not used by toolmend recover"),
    ("redrive", ["--kind", "event_time", "--strategy", "drop"], "--strategy is not used by toolmend redrive"),
    ("validate", ["--timeout", "3"], "--timeout is how long --connect waits"),
]


@pytest.mark.parametrize(("command", "argv", "expected"), CASES,
                         ids=[f"{c}:{'/'.join(a for a in argv if a.startswith('--'))}" for c, argv, _ in CASES])
def test_a_combination_that_cannot_work_is_refused_in_one_line(command: str, argv: list[str], expected: str,
                                                                tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "in.jsonl"
    f.write_text("[]\n")
    out = tmp_path / "out.jsonl"
    args = [a.format(f=f, o=out) for a in argv]
    module = importlib.import_module(f"processor.shell.commands.{COMMANDS[command][0]}")
    try:
        code = module.main(args)
    except SystemExit as e:  # argparse's own exit
        code = int(e.code or 0)
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith(f"toolmend {command}: ") and expected in err, err
    assert not out.exists()
