"""The engine alone (PartitionProcessor.process, no Kafka) over the worker benchmark's events.

    python bench/bench_engine.py [--events 100000] [--repeat 3] [--profile [N]] [--only on|metrics|off]

The same measurement as `engine_only` in bench_worker.py (events from `events_for(100_000, 5)`, 4 partitions by
key, fresh processors per pass), best of `--repeat` passes per configuration: detectors on, on with the
Prometheus observer, off. `--profile` adds one cProfile pass (detectors on, with the observer) and prints the top
N functions by own time and by cumulative time. Prints events/s and µs/event; asserts nothing.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

from check_outputs import events_for, records  # noqa: E402  (same events and partitioning as bench_worker)
from prometheus_client import CollectorRegistry  # noqa: E402

from processor.core.partition import EngineConfig, PartitionProcessor  # noqa: E402
from processor.shell.metrics import Metrics  # noqa: E402

PARTITIONS = 4


def one_pass(recs: list[tuple[int, int, bytes | None, bytes]], name: str) -> float:
    cfg = EngineConfig(behaviour=name != "off")
    obs = Metrics(CollectorRegistry()) if name == "metrics" else None
    procs = [PartitionProcessor("bench.in", p, cfg, obs) for p in range(PARTITIONS)]
    gc.collect()
    t = time.perf_counter()
    for part, off, key, value in recs:
        procs[part].process(off, key, value)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", choices=("on", "metrics", "off"), action="append")
    ap.add_argument("--profile", type=int, nargs="?", const=30, default=0)
    args = ap.parse_args()
    recs = records(events_for(args.events, args.seed))
    n = len(recs)
    names = args.only or ["on", "metrics", "off"]
    best: dict[str, float] = {}
    for _ in range(args.repeat):  # interleaved, so a slow spell of the machine hits every configuration alike
        for name in names:
            s = one_pass(recs, name)
            best[name] = min(best.get(name, s), s)
    labels = {"on": "detectors on", "metrics": "detectors on + Metrics observer", "off": "detectors off"}
    for name in names:
        s = best[name]
        print(f"{labels[name]:34s} {n / s:9,.0f} events/s  {s / n * 1e6:6.1f} µs/event  (best of {args.repeat})")
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        one_pass(recs, "metrics")
        prof.disable()
        for key in ("tottime", "cumulative"):
            buf = io.StringIO()
            pstats.Stats(prof, stream=buf).sort_stats(key).print_stats(args.profile)
            print(buf.getvalue())


if __name__ == "__main__":
    main()
