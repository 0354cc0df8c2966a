"""A replay's progress: the summary as a table or JSON, the remaining-records gauge."""

from __future__ import annotations

import asyncio
from pathlib import Path

import orjson
import pytest

from processor.shell.replay import Plan, replay
from tests.unit.shell.replay.replay_files import cli, events, settings, write_values


def test_the_summary_table_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = write_values(tmp_path / "in.jsonl", events(30))
    rc, out, err = cli(["--from-file", str(src), "--to-file", str(tmp_path / "o.jsonl")], capsys)
    assert rc == 0
    assert "in range" in out and "total" in out and "dead letters" in out
    assert "metrics on http://" in err
    rc, out, _ = cli(["--from-file", str(src), "--to-file", str(tmp_path / "o.jsonl"), "--json"], capsys)
    doc = orjson.loads(out)
    assert doc["totals"]["events"] == doc["totals"]["read"] > 30 and doc["records_out"] > 0


def test_the_remaining_records_gauge_is_set_during_the_run_and_zero_at_the_end(tmp_path: Path) -> None:
    from prometheus_client import CollectorRegistry

    from processor.shell.metrics import Metrics
    from processor.shell.replay.progress import ReplayProgress

    src = write_values(tmp_path / "in.jsonl", events(400))  # several 1 MiB reads: the estimate is by bytes read
    m = Metrics(CollectorRegistry())
    seen: list[float] = []
    update = ReplayProgress.update

    def spy(self: ReplayProgress, done: dict[str, int], left: dict[str, int | None], final: bool = False) -> None:
        update(self, done, left, final)
        seen.append(m.registry.get_sample_value("toolmend_replay_remaining_records", {"partition": "file"}) or 0)

    ReplayProgress.update = spy  # type: ignore[method-assign]
    try:
        asyncio.run(replay(Plan(settings(max_batch=500), from_file=src, to_file=tmp_path / "o.jsonl"), m))
    finally:
        ReplayProgress.update = update  # type: ignore[method-assign]
    assert seen[0] > 0 and seen[-1] == 0
    assert m.registry.get_sample_value("toolmend_replay_remaining_records", {"partition": "file"}) == 0
    assert m.registry.get_sample_value("toolmend_events_total", {"type": "message", "outcome": "processed"})
