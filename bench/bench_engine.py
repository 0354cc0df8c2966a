"""Engine alone (no Kafka): events/s of `bench_worker.engine_only`, compiled or interpreted core.

    python bench/bench_engine.py [--events 100000] [--seed 5] [--repeat 3] [--profile [N]]

Runs `engine_only` (4 partitions, detectors on, on + metrics as the worker counts them, off) `--repeat` times
over `events_for(events, seed)` and prints the best and median events/s per configuration, and whether the
installed processor.core is compiled (a wheel built with TOOLMEND_COMPILE=1) or interpreted. The machine's speed
drifts by several per cent over minutes: compare two versions in alternating runs, not against an old figure.
Output identity between versions and builds: `bench/check_outputs.py`.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import statistics
import sys
import time

from bench_worker import engine_only, events_for  # this folder: run as `python bench/bench_engine.py`

import processor.core


def build() -> str:
    """Which core runs: the installed package's (a wheel built with TOOLMEND_COMPILE=1 is compiled)."""
    return "compiled" if processor.core.compiled() else "interpreted"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", type=int, nargs="?", const=30, default=0,
                    help="one more pass (detectors on, with metrics) under cProfile: top N by own and cumulative time")
    a = ap.parse_args()
    t = time.perf_counter()
    items = events_for(a.events, a.seed)
    print(f"{len(items)} events generated in {time.perf_counter() - t:.1f}s; processor.core {build()}")
    runs: dict[str, list[int]] = {}
    for i in range(a.repeat):
        r = engine_only(items)
        print(f"  run {i + 1}: {r}")
        for k, v in r.items():
            runs.setdefault(k, []).append(v)
    for k, vs in runs.items():
        print(f"{k:<28} best {max(vs):>7} events/s  median {statistics.median(vs):>9.0f}")
    if a.profile:
        prof = cProfile.Profile()
        prof.enable()
        engine_only(items, only="detectors_on_with_metrics")
        prof.disable()
        for key in ("tottime", "cumulative"):
            buf = io.StringIO()
            pstats.Stats(prof, stream=buf).sort_stats(key).print_stats(a.profile)
            print(buf.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
