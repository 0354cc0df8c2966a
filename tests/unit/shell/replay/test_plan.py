"""A replay's plan: the live worker's topics refused unless allowed, and names that isolate runs by range."""

from __future__ import annotations

from pathlib import Path

import pytest

from processor.shell.config import Settings
from processor.shell.replay import Plan, ReplayError
from processor.shell.replay.select import Window
from tests.unit.shell.replay.replay_files import cli, events, write_values


def test_refuses_live_topics_unless_allowed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from processor.shell.replay import check_plan

    src = write_values(tmp_path / "in.jsonl", events(5))
    monkeypatch.setenv("TOOLMEND_OUTPUT_TOPIC", "prod.repaired")
    rc, _, err = cli(["--from-file", str(src), "--to-topics", "prod"], capsys)
    assert rc == 2 and "prod.repaired, a live worker's topic (TOOLMEND_OUTPUT_TOPIC)" in err
    s = Settings()
    with pytest.raises(ReplayError, match="live worker's topic"):
        check_plan(Plan(s, to_topics="conversations"))  # the defaults are live topics too
    check_plan(Plan(s, to_topics="conversations", allow_live_topics=True))
    check_plan(Plan(s))  # conversations.replay.full.*: its own
    with pytest.raises(ReplayError, match="own input topic"):
        check_plan(Plan(Settings(input_topic="x.repaired"), to_topics="x", allow_live_topics=True))


def test_default_names_isolate_runs_by_range() -> None:
    s = Settings()
    assert Plan(s).output_topics()["repaired"] == "conversations.replay.full.repaired"
    w = Window(1_798_761_600_000, 1_798_848_000_000)
    assert Plan(s, window=w).output_topics() == {
        "repaired": "conversations.replay.from20270101T000000Z-to20270102T000000Z.repaired",
        "findings": "conversations.replay.from20270101T000000Z-to20270102T000000Z.findings",
        "dead_letter": "conversations.replay.from20270101T000000Z-to20270102T000000Z.dlq"}
    assert Plan(s, name="fix-1234").output_topics()["dead_letter"] == "conversations.replay.fix-1234.dlq"
