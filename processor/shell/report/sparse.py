"""How the report's plots show thin and missing traffic: a bucket under MIN_DEN calls is a gap in a rate's line
(its count still shown), a run of buckets without any event is a shaded "no traffic" span, and a plot with
nothing to draw says why instead of staying blank.

Owns: the threshold, the spans of empty buckets, and the note a plot carries when it draws nothing. Must not
know: matplotlib, HTML, the metrics file.
"""

from __future__ import annotations

from collections.abc import Sequence

MIN_DEN = 5  # a rate is drawn for buckets with at least this many calls or turns; fewer: a gap, the count shown
NO_DATA = "no data in this run"
NO_TRAFFIC = "no traffic"


def empty_spans(counts: Sequence[float]) -> list[tuple[int, int]]:
    """Runs of buckets without traffic, as (first, last + 1) indexes; none when the whole range is empty (the
    plot's note says that)."""
    if not any(counts):
        return []
    spans = []
    start = None
    for i, c in enumerate(counts):
        if not c and start is None:
            start = i
        elif c and start is not None:
            spans.append((start, i))
            start = None
    if start is not None:
        spans.append((start, len(counts)))
    return spans


def rate_note(den: Sequence[float], drawn: bool, what: str = "calls", lines: bool = True) -> str:
    """What a rate plot says when it draws nothing: "no data in this run" (no calls at all), "none in this run"
    (calls, but no split of the rate's numerator: nothing to divide), or "too few calls" with the total and the
    largest bucket's count (no bucket holds MIN_DEN)."""
    if drawn:
        return ""
    total = sum(den)
    if not total:
        return NO_DATA
    if not lines:
        return f"none in this run ({total:,.0f} {what})"
    return (f"too few {what}: {total:,.0f} in all, at most {max(den):,.0f} per bucket\n"
            f"(a rate needs {MIN_DEN} in a bucket)")


def counts_note(series: Sequence[Sequence[float]]) -> str:
    """What a count plot says when every count is zero."""
    return "" if any(any(xs) for xs in series) else "none in this run"


__all__ = ["MIN_DEN", "NO_DATA", "NO_TRAFFIC", "counts_note", "empty_spans", "rate_note"]
