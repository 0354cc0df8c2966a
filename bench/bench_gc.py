"""The garbage collector's share of the engine's time, per `gc_threshold` setting (shell/gc_tuning.py).

    python bench/bench_gc.py [--events 100000] [--rounds 3] [--out FILE]

Each round runs every configuration once, each in a process of its own, the order reversed every other round:
`python_default` (700, 10, 10), `main_50000` (50,000, 20, 20 without freezing: the worker before gc_tuning),
`tuned_50000` and `tuned_100000` (`gc_tuning.tune(N)`: that threshold; at d7d8a1a, where
bench/results/gc_engine_2026-12-06.json was measured, tune also froze the modules). A pass is the worker's
per-event work without Kafka: bench_worker.py's events through 4 PartitionProcessors, detectors on, the changelog
taken every 2,000 records. Reported per pass: CPU seconds, the collector's seconds (gc.callbacks) and collections
by generation, peak RSS, and the objects a full collection finds unreachable afterwards (cycles the engine left).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from typing import Any

CONFIGS = ("python_default", "main_50000", "tuned_50000", "tuned_100000")


def one(config: str, events: int) -> dict[str, Any]:
    from bench_worker import PARTITIONS, events_for, kafka_partition

    from processor.core.partition import EngineConfig, PartitionProcessor
    from processor.shell import gc_tuning

    items = events_for(events, 5)
    if config == "main_50000":
        gc.set_threshold(50_000, 20, 20)
    elif config.startswith("tuned_"):
        gc_tuning.tune(int(config.split("_")[1]))
    spent = [0.0, 0.0, 0.0]
    count = [0, 0, 0]
    t0 = [0.0]

    def cb(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            t0[0] = time.process_time()
        else:
            spent[info["generation"]] += time.process_time() - t0[0]
            count[info["generation"]] += 1

    procs = [PartitionProcessor("bench.in", p, EngineConfig()) for p in range(PARTITIONS)]
    keys = {k: kafka_partition(k, PARTITIONS) for k, _ in items if k is not None}
    offsets = [0] * PARTITIONS
    gc.callbacks.append(cb)
    c0 = time.process_time()
    for n, (key, value) in enumerate(items):
        part = keys[key] if key is not None else n % PARTITIONS
        procs[part].process(offsets[part], key, value)
        offsets[part] += 1
        if n % 2000 == 1999:
            for proc in procs:
                proc.take_changelog()
    for proc in procs:
        proc.take_changelog()
    cpu = time.process_time() - c0
    gc.callbacks.remove(cb)
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.unfreeze()
    unreachable = gc.collect()
    return {"config": config, "cpu_s": round(cpu, 3), "us_per_event": round(cpu / len(items) * 1e6, 2),
            "gc_s": [round(x, 3) for x in spent], "gc_share_pct": round(100 * sum(spent) / cpu, 1),
            "collections": count, "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            "unreachable_after": unreachable, "conversations": sum(p.conversations for p in procs)
            if isinstance(procs[0].conversations, int) else None}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--out")
    ap.add_argument("--one", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.one:
        print(json.dumps(one(a.one, a.events)))
        return 0
    rows = []
    for i in range(a.rounds):
        for config in (CONFIGS if i % 2 == 0 else tuple(reversed(CONFIGS))):
            load = os.getloadavg()
            out = subprocess.run([sys.executable, os.path.abspath(__file__), "--one", config, "--events",
                                  str(a.events)], capture_output=True, text=True, check=True)
            row = {"round": i + 1, "load_average_1m": round(load[0], 2), **json.loads(out.stdout.splitlines()[-1])}
            print(json.dumps(row), flush=True)
            rows.append(row)
    med = {c: {k: statistics.median(r[k] for r in rows if r["config"] == c)
               for k in ("cpu_s", "us_per_event", "gc_share_pct", "peak_rss_mib")} for c in CONFIGS}
    print(json.dumps(med, indent=1))
    if a.out:
        with open(a.out, "w") as f:
            json.dump({"rounds": rows, "medians": med}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
