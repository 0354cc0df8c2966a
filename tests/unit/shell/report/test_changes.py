"""Change points of a rate over time buckets (a pure rule), and the label value that changed with them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from processor.shell.report.changes import change_points, what_changed


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
