"""bench/latency_stats.py: the pacing schedule, percentiles, the warm-up cut and the matching of outputs to inputs
that bench/bench_latency.py reports latency with."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

_PATH = Path(__file__).resolve().parents[3] / "bench" / "latency_stats.py"
_spec = importlib.util.spec_from_file_location("latency_stats", _PATH)
assert _spec is not None and _spec.loader is not None
ls = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ls)


def test_pacing_sends_one_at_once_then_rate_per_second_and_never_more_than_the_total() -> None:
    assert ls.due(-0.1, 5000, 100) == 0
    assert ls.due(0.0, 5000, 100) == 1
    assert ls.due(0.0002, 5000, 100) == 2  # the second event is due at 1/5000 s
    assert ls.due(0.00019, 5000, 100) == 1
    assert ls.due(1.0, 1000, 10_000) == 1001
    assert ls.due(60.0, 1000, 10_000) == 10_000


@given(st.floats(0, 100), st.floats(0, 100), st.integers(1, 20_000), st.integers(1, 10**6))
def test_pacing_is_monotonic_and_keeps_the_rate(t1: float, t2: float, rate: int, total: int) -> None:
    a, b = sorted((t1, t2))
    assert ls.due(a, rate, total) <= ls.due(b, rate, total)
    # over any stretch the schedule is within one event of rate x time (until the total is reached)
    if ls.due(b, rate, total) < total:
        assert abs((ls.due(b, rate, total) - ls.due(a, rate, total)) - (b - a) * rate) <= 1 + 1e-6 * rate * b


def test_nearest_rank_percentiles() -> None:
    xs = [float(i) for i in range(1, 101)]  # 1..100
    assert ls.percentile(xs, 50) == 50.0
    assert ls.percentile(xs, 99) == 99.0
    assert ls.percentile(xs, 100) == 100.0
    assert ls.percentile(xs, 0) == 1.0
    assert ls.percentile([7.0], 99) == 7.0
    assert ls.percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.0  # at least half the values at or below it
    assert ls.percentile([1.0, 2.0, 3.0, 4.0], 51) == 3.0
    assert math.isnan(ls.percentile([], 50))
    with pytest.raises(ValueError):
        ls.percentile(xs, 101)


@given(st.lists(st.floats(0, 1e6), min_size=1, max_size=300), st.floats(0, 100))
def test_a_percentile_is_a_sample_with_at_least_q_percent_at_or_below_it(xs: list[float], q: float) -> None:
    s = sorted(xs)
    v = ls.percentile(s, q)
    assert v in s
    assert sum(x <= v for x in s) >= q / 100 * len(s) - 1e-9
    assert sum(x < v for x in s) < max(1.0, q / 100 * len(s))  # and it is the smallest such value


def test_summary_in_milliseconds() -> None:
    s = ls.summary_ms([0.001 * i for i in range(1, 201)])  # 1..200 ms
    assert s["n"] == 200
    assert (s["p50_ms"], s["p95_ms"], s["p99_ms"], s["max_ms"]) == (100.0, 190.0, 198.0, 200.0)
    assert s["mean_ms"] == 100.5
    empty = ls.summary_ms([])
    assert empty["n"] == 0 and math.isnan(empty["p99_ms"])


def test_matching_cuts_the_warmup_and_counts_first_outputs_and_strangers() -> None:
    start = 100.0
    sent = {(0, 0): 100.0, (0, 1): 104.0, (1, 0): 106.0}
    received = [(0, 0, 100.5),  # in the warm-up: counted in all only
                (0, 1, 104.2), (0, 1, 104.3),  # two outputs of one input: both count, the first is its first
                (1, 0, 106.05),
                (3, 9, 107.0)]  # names no input sent: unmatched
    got = ls.match(sent, received, start, warmup_s=5.0)
    assert [round(x, 3) for x in got["all"]] == [0.5, 0.2, 0.3, 0.05]
    assert [round(x, 3) for x in got["steady"]] == [0.05]
    assert len(got["unmatched"]) == 1
    got = ls.match(sent, received, start, warmup_s=4.0)
    assert [round(x, 3) for x in got["steady"]] == [0.2, 0.3, 0.05]
    assert [round(x, 3) for x in got["first"]] == [0.2, 0.05]


def test_source_header_names_partition_and_offset_even_with_colons_in_the_topic() -> None:
    assert ls.parse_source(b"lat.in:3:12345") == (3, 12345)
    assert ls.parse_source(b"ns:odd:topic:0:7") == (0, 7)


def test_median_range_and_per_round_ratios() -> None:
    assert ls.median_range([3.0, 1.0, 2.0]) == {"median": 2.0, "min": 1.0, "max": 3.0, "rounds": 3}
    assert ls.median_range([])["rounds"] == 0
    assert ls.ratios([300.0, 150.0], [200.0, 100.0]) == [1.5, 1.5]
    assert ls.ratios([300.0], [0.0]) == []  # a round without a denominator is left out


def test_p99_per_window_shows_a_latency_that_grows() -> None:
    sent = {(0, i): float(i) for i in range(20)}  # one input a second
    received = [(0, i, i + 0.1 * (i + 1)) for i in range(20)]  # each later than the one before
    assert ls.windows_p99_ms(sent, received, 0.0, width_s=5.0) == [500.0, 1000.0, 1500.0, 2000.0]
