"""Engine alone (no Kafka): events/s of `bench_worker.engine_only`, compiled or interpreted core.

    python bench/bench_engine.py [--events 100000] [--seed 5] [--repeat 3] [--cpu] [--gc worker] [--configs A,B]
                                 [--json FILE] [--profile [N]]
    python bench/bench_engine.py --ab BASE_PYTHON NEW_PYTHON [--rounds 3] [--out FILE] [--events N] [--repeat N]
                                 [--cpu] [--gc worker] [--configs A,B]

Runs `engine_only` (4 partitions, detectors on, on + metrics as the worker counts them, off, on and off with the
changelog taken as the worker takes it) `--repeat` times over `events_for(events, seed)` and prints the best and
median events/s per configuration, and whether the installed processor.core is compiled (a wheel built with
TOOLMEND_COMPILE=1) or interpreted. `--cpu` times with the process's CPU time instead of the wall clock (on a
shared machine, time spent waiting for a core is not counted; the cost is still the machine's of the moment).
`--gc worker` runs the engine with the garbage collector's thresholds the worker sets (`Worker.run`:
`gc.set_threshold(*GC_THRESHOLDS)`); by default Python's (700, 10, 10). `--configs` runs only those
configurations (the names printed).

`--ab` compares two installs (two interpreters, each with its own wheel) in alternating rounds and writes, per
round, the load average, events/s per configuration and the µs per event the detectors add (on − off, with and
without the changelog), and the medians. The machine's speed drifts by several per cent over minutes: compare two
versions in alternating runs, not against an old figure. Output identity between versions and builds:
`bench/check_outputs.py`.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import gc
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import bench_worker
from bench_worker import engine_only, events_for  # this folder: run as `python bench/bench_engine.py`

import processor.core

PAIRS = (("detectors_on", "detectors_off"), ("detectors_on_with_changelog", "detectors_off_with_changelog"))


def build() -> str:
    """Which core runs: the installed package's (a wheel built with TOOLMEND_COMPILE=1 is compiled)."""
    return "compiled" if processor.core.compiled() else "interpreted"


def added_us(r: dict[str, float]) -> dict[str, float]:
    """µs per event the detectors add: on − off, without and with the changelog."""
    out = {}
    for on, off in PAIRS:
        if on in r and off in r:
            out[on.replace("detectors_on", "added_us")] = round(1e6 / r[on] - 1e6 / r[off], 2)
    return out


def ab(a: argparse.Namespace) -> int:
    """Alternating rounds of two installs (`--ab BASE NEW`), each round one pass of every configuration."""
    rounds: list[dict[str, Any]] = []
    for i in range(a.rounds):
        for side, py in (("base", a.ab[0]), ("new", a.ab[1])):
            load = os.getloadavg()
            cmd = [py, os.path.abspath(__file__), "--events", str(a.events), "--seed", str(a.seed), "--repeat", "1",
                   "--json", "-"]
            if a.cpu:
                cmd.append("--cpu")
            if a.gc != "default":
                cmd += ["--gc", a.gc]
            if a.configs:
                cmd += ["--configs", a.configs]
            if a.changelog_every != 2000:
                cmd += ["--changelog-every", str(a.changelog_every)]
            cmd[cmd.index("--repeat") + 1] = str(a.repeat)
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800, check=True, cwd="/")
            r = json.loads(proc.stdout.strip().splitlines()[-1])
            row = {"round": i + 1, "side": side, "load_average_1m_5m_15m": [round(x, 2) for x in load],
                   "build": r["build"], "events_per_s": r["median"],
                   "detectors_add_us_per_event": added_us(r["median"])}
            print(json.dumps(row), flush=True)
            rounds.append(row)
    summary: dict[str, Any] = {}
    for side in ("base", "new"):
        rows = [r for r in rounds if r["side"] == side]
        summary[side] = {k: statistics.median(r["detectors_add_us_per_event"][k] for r in rows)
                         for k in rows[0]["detectors_add_us_per_event"]}
        summary[side]["events_per_s"] = {k: statistics.median(r["events_per_s"][k] for r in rows)
                                         for k in rows[0]["events_per_s"]}
    out = {"what": f"bench/bench_engine.py --ab: {a.rounds} alternating rounds of {a.repeat} passes (their median), "
                   f"{a.events} events, the changelog every {a.changelog_every} records, "
                   f"{'process CPU time' if a.cpu else 'wall clock'}, garbage collector thresholds: {a.gc}",
           "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"), "rounds": rounds,
           "median": summary}
    text = json.dumps(out, indent=1)
    if a.out:
        Path(a.out).write_text(text + "\n")
    print(json.dumps(summary, indent=1))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--cpu", action="store_true", help="time with the process's CPU time, not the wall clock")
    ap.add_argument("--gc", choices=("default", "worker"), default="default",
                    help="garbage collector thresholds: Python's default or the worker's")
    ap.add_argument("--json", help="write the medians as one JSON line to this file (- for stdout)")
    ap.add_argument("--ab", nargs=2, metavar=("BASE_PYTHON", "NEW_PYTHON"),
                    help="alternating rounds of two installs (each interpreter runs this script)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--configs", help="comma-separated configurations to run (default: all)")
    ap.add_argument("--changelog-every", type=int, default=2000,
                    help="records between two changelog takes in the `_with_changelog` configurations (the worker "
                         "takes it per batch: fewer records per batch at a low rate)")
    ap.add_argument("--out", help="--ab: write the rounds and medians here (JSON)")
    ap.add_argument("--profile", type=int, nargs="?", const=30, default=0,
                    help="one more pass (detectors on, with metrics) under cProfile: top N by own and cumulative time")
    a = ap.parse_args()
    if a.ab:
        return ab(a)
    if a.cpu:
        bench_worker.time.perf_counter = time.process_time  # type: ignore[assignment]
    if a.gc == "worker":
        from processor.core.partition import GC_THRESHOLDS

        gc.set_threshold(*GC_THRESHOLDS)
    t = time.perf_counter()
    items = events_for(a.events, a.seed)
    print(f"{len(items)} events generated in {time.perf_counter() - t:.1f}s; processor.core {build()}")
    runs: dict[str, list[int]] = {}
    configs = a.configs.split(",") if a.configs else [None]
    for i in range(a.repeat):
        r = {}
        for only in configs:
            r.update(engine_only(items, only=only, changelog_every=a.changelog_every))
        print(f"  run {i + 1}: {r}")
        for k, v in r.items():
            runs.setdefault(k, []).append(v)
    for k, vs in runs.items():
        print(f"{k:<28} best {max(vs):>7} events/s  median {statistics.median(vs):>9.0f}")
    med = {k: round(statistics.median(vs)) for k, vs in runs.items()}
    print("detectors add (µs/event):", added_us(med))
    if a.json:
        line = json.dumps({"build": build(), "median": med})
        if a.json == "-":
            print(line)
        else:
            Path(a.json).write_text(line + "\n")
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
