"""What `toolmend report` reads: a metrics file as increases per round time bucket."""

from __future__ import annotations

from pathlib import Path

from processor.shell.report.data import bucket_for, load
from tests.unit.shell.report.metrics_files import metrics_file

H = 3_600_000


def test_buckets_are_round_and_at_most_150() -> None:
    assert bucket_for(2 * 24 * H) == 1800_000
    assert bucket_for(30 * 24 * H) == 21600_000
    assert bucket_for(10 * 60_000) == 60_000
    for r in (1, 59_000, H, 7 * 24 * H, 400 * 24 * H):
        assert r / bucket_for(r) <= 150


def test_the_file_is_read_into_bucketed_increases(tmp_path: Path) -> None:
    path = tmp_path / "m.om"
    metrics_file(path)
    data = load(path)
    assert data.run == "t" and data.job == "toolmend" and data.instances == {"replay:t"}
    assert data.totals["toolmend_tool_calls_total"] == 12 * 60 * 10
    calls = data.total("toolmend_tool_calls_total")
    assert sum(calls) == 7200 and data.bucket_ms == 300_000
    assert data.series("toolmend_assistant_turns_after_tool_total", "app_version").keys() == {"1.0", "2.0", "unknown"}
