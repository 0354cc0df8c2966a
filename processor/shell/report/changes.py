"""Change points of a rate over time buckets, and what changed with them (pure: lists in, records out).

Owns: the rule for "a rate rises clearly above its trailing baseline" and naming the label value (a model, an
app version) whose share of the traffic moved most at that bucket. Must not know: files, plots.

The rule: the baseline of bucket i is the rate over the `window` buckets before it (sum of numerators over
sum of denominators; at least half a window of buckets, with `min_baseline_den` in their denominators); bucket i
is a change point when it has at least `min_den` in its denominator and `min_num` in its numerator, its rate is
at least `factor` times the baseline, and it is above the baseline by more than `sigmas` binomial standard
errors (sqrt(p(1-p)/n) with p the baseline, floored so a zero baseline still needs several events), and the
`persist` - 1 buckets after it are too (against the same baseline: a rise that lasts, not one unlucky bucket;
dangling calls come in blocks, so single buckets scatter more than the binomial says). Only the
first bucket of a rise is reported: its baseline is then held, and the next change point needs the rate to have
gone back under `factor` times it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class ChangePoint:
    index: int  # the bucket
    baseline: float
    rate: float

    @property
    def rise(self) -> float:
        """How many times the baseline (inf from a zero baseline)."""
        return math.inf if self.baseline == 0 else self.rate / self.baseline


def change_points(num: Sequence[float], den: Sequence[float], *, window: int = 12, min_den: float = 20,
                  min_num: float = 10, factor: float = 1.5, sigmas: float = 4.0,
                  min_baseline_den: float = 50, persist: int = 2) -> list[ChangePoint]:
    """The first bucket of each clear rise of num/den above its trailing baseline (see the module docstring)."""
    if len(num) != len(den):
        raise ValueError("num and den must have the same length")
    out: list[ChangePoint] = []
    held: float | None = None  # the baseline of the rise in progress (frozen: a long rise is one change)
    for i in range(len(num)):
        if den[i] < min_den:
            continue
        rate = num[i] / den[i]
        if held is not None:
            if rate < factor * held:
                held = None  # back to normal: the next rise is a new change
            continue
        lo = max(0, i - window)
        bn = sum(num[lo:i])
        bd = sum(den[lo:i])
        if i - lo < (window + 1) // 2 or bd < min_baseline_den or num[i] < min_num:
            continue  # a baseline of half a window at least
        p = bn / bd
        if _above(num[i], den[i], p, bd, factor, sigmas) and all(
                _above(num[j], den[j], p, bd, factor, sigmas) for j in range(i + 1, min(len(num), i + persist))
                if den[j] >= min_den):
            out.append(ChangePoint(i, p, rate))
            held = p
    return out


def _above(num: float, den: float, p: float, bd: float, factor: float, sigmas: float) -> bool:
    """num/den is at least `factor` times p and more than `sigmas` standard errors above it."""
    rate = num / den
    se = math.sqrt(max(p, 1.0 / bd) * (1 - min(p, 0.999)) / den)
    return rate >= factor * p and rate - p > sigmas * se


def what_changed(index: int, by_value: Mapping[str, Sequence[float]], *, window: int = 12) -> tuple[str, float, float]:
    """The label value whose share of the traffic rose most at bucket `index` against the `window` buckets before
    it: (value, share before, share at the bucket); ("", 0, 0) when there is no traffic to compare."""
    lo = max(0, index - window)
    before = {v: sum(xs[lo:index]) for v, xs in by_value.items()}
    now = {v: xs[index] for v, xs in by_value.items()}
    tb, tn = sum(before.values()), sum(now.values())
    if not tn:
        return "", 0.0, 0.0
    best = ("", 0.0, 0.0)
    best_gain = 0.0
    for v in sorted(by_value):
        sb = before[v] / tb if tb else 0.0
        sn = now[v] / tn
        if sn - sb > best_gain:
            best, best_gain = (v, sb, sn), sn - sb
    return best


__all__ = ["ChangePoint", "change_points", "what_changed"]
