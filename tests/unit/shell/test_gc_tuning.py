"""shell/gc_tuning.py and the gc_threshold setting: parsed, refused when bad (one line, exit 2), applied."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from processor.shell import gc_tuning
from processor.shell.commands import run
from processor.shell.config import ConfigError, Settings, settings_from


@pytest.fixture(autouse=True)
def _restore_gc() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.set_threshold(*before)


def test_the_setting_is_parsed_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings().gc_threshold == 50_000
    monkeypatch.setenv("TOOLMEND_GC_THRESHOLD", "100000")
    assert Settings().gc_threshold == 100_000
    monkeypatch.setenv("TOOLMEND_GC_THRESHOLD", "0")
    assert Settings().gc_threshold == 0


@pytest.mark.parametrize("bad", ["-1", "12", "999", "abc", "20000000"])
def test_a_bad_value_is_refused(monkeypatch: pytest.MonkeyPatch, bad: str) -> None:
    monkeypatch.setenv("TOOLMEND_GC_THRESHOLD", bad)
    with pytest.raises(ConfigError, match="gc_threshold"):
        settings_from({})


def test_a_bad_value_stops_the_worker_in_one_line_with_exit_2(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TOOLMEND_GC_THRESHOLD", "12")
    assert run.main([]) == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0 and "TOOLMEND_GC_THRESHOLD" in err and "Traceback" not in err


def test_tune_sets_the_thresholds() -> None:
    gc_tuning.tune(80_000)
    assert gc.get_threshold() == (80_000, *gc_tuning.OLDER)


def test_zero_leaves_the_collector_alone() -> None:
    gc.set_threshold(700, 10, 10)
    gc_tuning.tune(0)
    assert gc.get_threshold() == (700, 10, 10)
