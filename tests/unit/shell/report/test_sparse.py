"""Thin and missing traffic in the report's plots: a bucket under MIN_DEN calls is a gap with its count shown, a
run of empty buckets is shaded "no traffic", and a plot with nothing to draw says why (sparse.py, render.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from processor.shell.replay.openmetrics import DANGLING, TOOL_CALLS, TURNS, OpenMetricsWriter, StepSampler, precreated
from processor.shell.report import render as report
from processor.shell.report.data import load
from processor.shell.report.sparse import MIN_DEN, NO_DATA, empty_spans, rate_note


def test_runs_of_empty_buckets_are_spans_and_an_all_empty_range_has_none() -> None:
    assert empty_spans([3, 0, 0, 2, 0]) == [(1, 3), (4, 5)]
    assert empty_spans([0, 1]) == [(0, 1)]
    assert empty_spans([1, 2]) == []
    assert empty_spans([0, 0, 0]) == []  # nothing at all: the plot's note says so


def test_a_rate_without_a_full_bucket_says_how_many_calls_it_had() -> None:
    assert MIN_DEN == 5
    assert rate_note([0, 0], drawn=False) == NO_DATA
    note = rate_note([1, 3, 0], drawn=False)
    assert note == "too few calls: 4 in all, at most 3 per bucket\n(a rate needs 5 in a bucket)"
    assert rate_note([1, 3], drawn=True) == ""
    assert rate_note([10, 30], drawn=False, what="turns", lines=False) == "none in this run (40 turns)"


def test_a_bucket_under_the_threshold_is_a_gap_and_one_at_it_is_a_point() -> None:
    assert report.ratio([1, 2, 1], [4, 5, 0], report.MIN_DEN)[1:] == [0.4, pytest.approx(float("nan"), nan_ok=True)]
    assert str(report.ratio([1], [4], report.MIN_DEN)[0]) == "nan"


def sparse_file(path: Path) -> None:
    """12 hours: a busy model, a rare tool (one call every 3 hours: 3 calls), and no traffic at all in hours 4 to
    7."""
    w = OpenMetricsWriter(path, {"job": "toolmend", "instance": "replay:t", "mode": "replay", "run": "t"})
    s = StepSampler(60_000, w.samples, w.info, precreated())
    t0 = 29_000_000
    for k in range(12 * 60):
        if 4 * 60 <= k < 7 * 60:
            continue
        inc = {(TOOL_CALLS, ("openai_chat", "m", "search")): 10,
               (DANGLING, ("user_interrupt", "openai_chat", "m", "search")): 1 if k % 3 else 0,
               (TURNS, ("tool", "m", "1.0")): 5}
        if k % 180 == 0:
            inc[(TOOL_CALLS, ("openai_chat", "m", "rare_tool"))] = 1
            inc[(DANGLING, ("timeout", "openai_chat", "m", "rare_tool"))] = 1
        s.add(t0 + k, inc)
    s.close()
    w.close(True)


def figures(page: str) -> dict[str, str]:
    return dict(re.findall(r"<figure><h3>([^<]+)</h3><p>[^<]*</p>(<svg.*?</svg>)\s*</figure>", page, re.S))


def test_the_page_shows_gaps_counts_and_notes_and_no_plot_is_blank(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "sparse.om"
    sparse_file(path)
    figs = figures(report.page(load(path)))
    assert len(figs) == 10
    by_tool = figs["Dangling rate by tool"]
    assert "no traffic" in by_tool  # the three empty hours, shaded and named in the legend
    assert "calls per bucket" in by_tool  # the counts under the rates
    assert "rare_tool (too few: 3 calls)" in by_tool  # in the legend, though it never reaches MIN_DEN
    # plots whose family never occurs in the file say so instead of staying blank
    # turns but no regression: the overall rate is drawn (0 %), a split with nothing to divide says so
    assert "none in this run (2,700 turns)" in figs["Text-only-regression rate by model"]
    assert "none in this run" not in figs["Text-only-regression rate by app version"]
    for title in ("Text-only regressions by tool", "Tool history erasures by app version", "Dead letters by kind"):
        assert "none in this run" in figs[title], title
    for title in ("Dangling rate by reason", "Dangling rate by model", "Traffic by model"):
        assert "no traffic" in figs[title], title


def test_a_split_that_never_reaches_the_threshold_says_too_few_calls(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "thin.om"
    w = OpenMetricsWriter(path, {"job": "toolmend", "instance": "replay:t", "mode": "replay", "run": "t"})
    s = StepSampler(60_000, w.samples, w.info, precreated())
    for k in range(0, 12 * 60, 90):
        s.add(29_000_000 + k, {(TOOL_CALLS, ("openai_chat", "m", "search")): 1,
                                (DANGLING, ("timeout", "openai_chat", "m", "search")): 1})
    s.close()
    w.close(True)
    figs = figures(report.page(load(path)))
    by_tool = figs["Dangling rate by tool"]
    assert "too few calls: 8 in all, at most 1 per bucket" in by_tool and "a rate needs 5 in a bucket" in by_tool
