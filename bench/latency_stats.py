"""The arithmetic of bench_latency.py, apart from any broker so that it can be tested: the pacing schedule,
nearest-rank percentiles, the warm-up cut, matching outputs to the send time of their inputs, and the medians
with their range across rounds."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Mapping, Sequence

QUANTILES = (50.0, 95.0, 99.0)


def due(elapsed_s: float, rate: float, total: int) -> int:
    """How many events a producer paced at `rate` events/s must have sent `elapsed_s` after its start: the event
    numbered i (from 0) is due at i / rate, so one is due at once and never more than `total`."""
    if elapsed_s < 0:
        return 0
    return min(total, math.floor(elapsed_s * rate) + 1)


def percentile(sorted_xs: Sequence[float], q: float) -> float:
    """The nearest-rank q-th percentile of an ascending sequence: the smallest value with at least q % of the
    values at or below it (p100 is the largest; NaN for none)."""
    if not sorted_xs:
        return float("nan")
    if not 0 <= q <= 100:
        raise ValueError(f"percentile {q} is outside 0..100")
    rank = max(1, math.ceil(q / 100 * len(sorted_xs)))
    return sorted_xs[rank - 1]


def summary_ms(latencies_s: Iterable[float]) -> dict[str, float]:
    """n, p50, p95, p99, max and mean in milliseconds of latencies given in seconds."""
    xs = sorted(latencies_s)
    out: dict[str, float] = {"n": len(xs)}
    for q in QUANTILES:
        out[f"p{q:g}_ms"] = round(percentile(xs, q) * 1000, 1)
    out["max_ms"] = round(xs[-1] * 1000, 1) if xs else float("nan")
    out["mean_ms"] = round(sum(xs) / len(xs) * 1000, 1) if xs else float("nan")
    return out


def match(sent: Mapping[tuple[int, int], float], received: Iterable[tuple[int, int, float]], start: float,
          warmup_s: float) -> dict[str, list[float]]:
    """Latencies of the outputs `received` ((input partition, input offset, receive time) each) against the send
    time of the input they name (`sent`: (partition, offset) -> send time). Returns every output's latency
    (`all`), those of inputs sent `warmup_s` or more after `start` (`steady`), the first output of each such
    input (`first`), and the outputs naming no input sent (`unmatched`: their count as the list's length)."""
    out: dict[str, list[float]] = {"all": [], "steady": [], "first": [], "unmatched": []}
    seen: set[tuple[int, int]] = set()
    for part, off, t_recv in received:
        t_sent = sent.get((part, off))
        if t_sent is None:
            out["unmatched"].append(t_recv)
            continue
        d = t_recv - t_sent
        out["all"].append(d)
        if t_sent - start >= warmup_s:
            out["steady"].append(d)
            if (part, off) not in seen:
                seen.add((part, off))
                out["first"].append(d)
    return out


def windows_p99_ms(sent: Mapping[tuple[int, int], float], received: Iterable[tuple[int, int, float]], start: float,
                   width_s: float = 5.0) -> list[float]:
    """The p99 latency (ms) of the outputs of the inputs sent in each `width_s` window after `start`: whether the
    latency holds steady over a pass or grows (a worker falling behind its input)."""
    by: dict[int, list[float]] = {}
    for part, off, t_recv in received:
        t_sent = sent.get((part, off))
        if t_sent is not None:
            by.setdefault(int((t_sent - start) // width_s), []).append(t_recv - t_sent)
    return [round(percentile(sorted(by[k]), 99) * 1000, 1) for k in sorted(by)]


def parse_source(header: bytes) -> tuple[int, int]:
    """The input partition and offset named by a `toolmend-source` header (`topic:partition:offset`; a topic
    name may hold colons)."""
    _topic, part, off = header.decode().rsplit(":", 2)
    return int(part), int(off)


def median_range(xs: Sequence[float]) -> dict[str, float]:
    """The median of the rounds and their range (smallest, largest)."""
    if not xs:
        return {"median": float("nan"), "min": float("nan"), "max": float("nan"), "rounds": 0}
    return {"median": round(statistics.median(xs), 3), "min": min(xs), "max": max(xs), "rounds": len(xs)}


def ratios(numerators: Sequence[float], denominators: Sequence[float]) -> list[float]:
    """Per-round ratios of two passes run in the same rounds (round i against round i; rounds missing on either
    side are left out by passing shorter sequences)."""
    return [round(n / d, 3) for n, d in zip(numerators, denominators, strict=False) if d > 0]
