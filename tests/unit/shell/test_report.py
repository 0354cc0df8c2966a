"""`toolmend report`: change points (a pure rule), the metrics file read into buckets, the page self-contained,
bad input one line and exit 2. The page in a real browser: tests/integration/test_backfill.py."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from processor.shell import report
from processor.shell.replay.openmetrics import DANGLING, TOOL_CALLS, TURNS, OpenMetricsWriter, StepSampler, precreated
from processor.shell.report_changes import change_points, what_changed
from processor.shell.report_data import NotToolmend, bucket_for, load

H = 3_600_000


def test_a_clear_rise_is_found_at_its_first_bucket_with_its_size() -> None:
    den = [200.0] * 48
    num = [10.0] * 30 + [60.0] * 18  # 5% then 30% from bucket 30 on
    [cp] = change_points(num, den)
    assert cp.index == 30
    assert cp.baseline == pytest.approx(0.05) and cp.rate == pytest.approx(0.30)
    assert cp.rise == pytest.approx(6.0)


def test_noise_and_thin_buckets_are_not_change_points() -> None:
    den = [200.0] * 40
    num = [10.0, 14.0, 7.0, 12.0, 9.0, 13.0, 8.0, 11.0] * 5  # 3.5%-7% around 5%
    assert change_points(num, den) == []
    thin = [10.0] * 20 + [5.0]
    assert change_points([0.5] * 20 + [5.0], thin) == []  # a rate of 100% on 5 calls says nothing


def test_a_long_rise_is_one_change_and_a_second_rise_after_recovery_is_another() -> None:
    den = [200.0] * 80
    num = [10.0] * 20 + [60.0] * 20 + [10.0] * 20 + [60.0] * 20
    assert [cp.index for cp in change_points(num, den)] == [20, 60]


@given(st.lists(st.floats(min_value=0, max_value=1000), min_size=1, max_size=60))
def test_a_rate_that_never_rises_has_no_change_point(dens: list[float]) -> None:
    assert change_points([d * 0.05 for d in dens], dens) == []


def test_what_changed_names_the_value_whose_share_rose() -> None:
    by = {"1.0": [100.0] * 10 + [20.0], "2.0": [0.0] * 10 + [80.0]}
    assert what_changed(10, by) == ("2.0", 0.0, 0.8)
    assert what_changed(3, {"a": [0.0] * 5}) == ("", 0.0, 0.0)


def test_buckets_are_round_and_at_most_150() -> None:
    assert bucket_for(2 * 24 * H) == 1800_000
    assert bucket_for(30 * 24 * H) == 21600_000
    assert bucket_for(10 * 60_000) == 60_000
    for r in (1, 59_000, H, 7 * 24 * H, 400 * 24 * H):
        assert r / bucket_for(r) <= 150


def _metrics_file(path: Path, hours: int = 12, incident_at: int = 8) -> None:
    w = OpenMetricsWriter(path, {"job": "toolmend", "instance": "replay:t", "mode": "replay", "run": "t"})
    s = StepSampler(60_000, w.samples, w.info, precreated())
    t0 = 29_000_000  # steps (minutes) since the epoch: 2025-02-19 21:20 UTC
    for k in range(hours * 60):
        hot = k >= incident_at * 60
        app = "2.0" if hot else "1.0"
        s.add(t0 + k, {(TOOL_CALLS, ("openai_chat", "m", "search")): 10,
                       (DANGLING, ("user_interrupt", "openai_chat", "m", "search")): 4 if hot else (1 if k % 2 else 0),
                       (TURNS, ("tool", "m", app)): 5})
    s.close()
    w.close(True)


def test_the_file_is_read_into_bucketed_increases(tmp_path: Path) -> None:
    path = tmp_path / "m.om"
    _metrics_file(path)
    data = load(path)
    assert data.run == "t" and data.job == "toolmend" and data.instances == {"replay:t"}
    assert data.totals["toolmend_tool_calls_total"] == 12 * 60 * 10
    calls = data.total("toolmend_tool_calls_total")
    assert sum(calls) == 7200 and data.bucket_ms == 300_000
    assert data.series("toolmend_assistant_turns_after_tool_total", "app_version").keys() == {"1.0", "2.0", "unknown"}


def test_the_page_is_self_contained_and_names_the_incident_hour(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "m.om"
    _metrics_file(path)
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
    assert report.main(["--metrics-file", str(path), "--out", str(tmp_path / "r.html")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("toolmend report: ")
    assert not (tmp_path / "r.html").exists()


def test_a_truncated_file_is_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.om"
    _metrics_file(path, hours=2)
    path.write_text(path.read_text().removesuffix("# EOF\n"))
    assert report.main(["--metrics-file", str(path), "--out", str(tmp_path / "r.html")]) == 2
    assert "EOF" in capsys.readouterr().err
    with pytest.raises(NotToolmend):
        load(tmp_path / "missing.om")


def test_without_matplotlib_the_command_says_how_to_install_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.om"
    _metrics_file(path, hours=1)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert report.main(["--metrics-file", str(path), "--out", str(tmp_path / "r.html")]) == 2
    assert "pip install 'toolmend[report]'" in capsys.readouterr().err
