"""`toolmend report`'s page: self-contained, naming the incident hour; bad input one line and exit 2. The page
in a real browser: tests/integration/test_backfill.py."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from processor.shell.commands import report as report_command
from processor.shell.report import render as report
from processor.shell.report.data import NotToolmend, load
from tests.unit.shell.report.metrics_files import metrics_file

H = 3_600_000


def test_the_page_is_self_contained_and_names_the_incident_hour(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "m.om"
    metrics_file(path)
    out = report.write_report(path, tmp_path / "r.html")
    page = out.read_text()
    assert page.count("<svg") == 10
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|url\((?!#)|@import|<script""", page)
    when = re.findall(r"<tr><td class=when>([^<]+)</td><td>dangling rate</td>", page)
    assert when == ["2025-02-20 05:20 UTC"]  # 8 hours after the first step (2025-02-19 21:20 UTC)
    assert "app version 2.0: 0% → 100% of traffic" in page
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.om", "r.html"]


@pytest.mark.parametrize("content", [
    "",
    "hello\n",
    '{"key": 1}\n',
    "# TYPE node_cpu counter\nnode_cpu_total 1\n# EOF\n",
    "# TYPE toolmend_events counter\ntoolmend_events_total{mode=\"live\"} 1\n# EOF\n",
    "# TYPE toolmend_build_info gauge\ntoolmend_build_info{mode=\"live\"} 1 100\n# EOF\n",
])
def test_a_file_that_is_not_toolmends_is_exit_2_with_one_line(tmp_path: Path, content: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.om"
    path.write_text(content)
    assert report_command.main(["--metrics-file", str(path), "--out", str(tmp_path / "r.html")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("toolmend report: ")
    assert not (tmp_path / "r.html").exists()


def test_a_truncated_file_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.om"
    metrics_file(path, hours=2)
    path.write_text(path.read_text().removesuffix("# EOF\n"))
    assert report_command.main(["--metrics-file", str(path), "--out", str(tmp_path / "r.html")]) == 2
    assert "EOF" in capsys.readouterr().err
    with pytest.raises(NotToolmend):
        load(tmp_path / "missing.om")


def test_without_matplotlib_the_command_says_how_to_install_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.om"
    metrics_file(path, hours=1)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert report_command.main(["--metrics-file", str(path), "--out", str(tmp_path / "r.html")]) == 2
    assert "pip install 'toolmend[report]'" in capsys.readouterr().err
