"""`toolmend replay`: errors exit 2 with one line, a file-to-file replay serves no metrics unless asked."""

from __future__ import annotations

from pathlib import Path

import pytest

from processor.shell.commands.replay import main as replay_main
from tests.unit.shell.replay.replay_files import cli, events, write_values


def test_errors_exit_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = write_values(tmp_path / "in.jsonl", events(20))
    out = tmp_path / "out.jsonl"
    cases = {
        "does not exist": ["--from-file", str(tmp_path / "missing.jsonl"), "--to-file", str(out)],
        "is after --to": ["--from-file", str(src), "--to-file", str(out), "--from", "2026-02-01T00:00:00Z",
                          "--to", "2026-01-01T00:00:00Z"],
        "empty range": ["--from-file", str(src), "--to-file", str(out), "--from", "2030-01-01T00:00:00Z"],
        "bad time": ["--from-file", str(src), "--to-file", str(out), "--from", "yesterday"],
        "invalid configuration": ["--from-file", str(src), "--to-file", str(out), "--conversation-ttl-s", "-1"],
    }
    for needle, args in cases.items():
        rc, _, err = cli(args, capsys)
        lines = [ln for ln in err.splitlines() if ln.startswith("toolmend replay:")]
        assert rc == 2, (needle, err)
        assert len(lines) == 1 and needle in lines[0], (needle, err)
        assert "Traceback" not in err
        assert not out.exists()  # an empty or failed replay leaves no file


def test_a_file_to_file_replay_serves_no_metrics_unless_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOOLMEND_METRICS_PORT", raising=False)
    src = write_values(tmp_path / "in.jsonl", events(10))
    rc = replay_main(["--quiet", "--from-file", str(src), "--to-file", str(tmp_path / "o.jsonl")])
    assert rc == 0 and "metrics on" not in capsys.readouterr().err
    rc = replay_main(["--quiet", "--metrics-port", "0", "--from-file", str(src), "--to-file",
                      str(tmp_path / "p.jsonl")])
    assert rc == 0 and "metrics on http://" in capsys.readouterr().err
