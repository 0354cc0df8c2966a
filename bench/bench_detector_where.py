"""Where the behavioural detectors' microseconds go, per event, in one process.

    python bench/bench_detector_where.py [--events 30000] [--seed 5] [--rounds 3] [--json FILE]

Over `events_for(events, seed)` (4 partitions by key, no Kafka, the worker's garbage collector thresholds, process
CPU time), each round runs the engine detectors off and on, without and with the changelog taken every 2000
records as the worker does; the differences are what the detectors add per event. Then one more pass with the
changelog, with the detectors' entry points wrapped by a timer, gives each part's share: what a stream of events
asks of each, with call counts (nested parts are included in their callers). The timer is the wall clock
(`perf_counter`, about 0.2 µs a call here): the process's CPU clock costs 4-9 µs a call on this machine's VM, far
more than most parts. Each part's wall time is scaled by the pass's CPU time over its wall time, so time spent
waiting for a core on a shared machine is not counted (a share, not a measurement of the part alone). The counts
do not depend on the machine; the timings do (the load average is recorded).
"""

from __future__ import annotations

import argparse
import collections
import datetime
import gc
import json
import os
import statistics
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench_worker import engine_only, events_for  # this folder: run as `python bench/...`
from benchenv import core_kind

import processor.core.behaviour as behaviour
import processor.core.erasure as erasure
import processor.core.regression.claims as claims
import processor.core.regression.detector as detector
import processor.core.regression.facts as facts
import processor.core.regression.served as served
from processor.core.partition import GC_THRESHOLDS

# (module, class, method, what it is): the parts timed, callers before the parts they call
PARTS = (
    (behaviour, "Behaviour", "observe", "every message of a stream (all of the detectors' per-event work)"),
    (behaviour, "Behaviour", "on_snapshot", "a request snapshot (erasures: its user texts fingerprinted)"),
    (behaviour, "Behaviour", "to_state", "a state write (all detectors' state)"),
    (claims, "ClaimTracker", "on_reply", "unbacked_claim: an assistant text reply judged"),
    (claims, "ClaimTracker", "to_state", "unbacked_claim: its state"),
    (detector, "RegressionDetector", "on_assistant", "regression: an assistant message (a call is remembered)"),
    (detector, "RegressionDetector", "_judge", "regression: a judged text-only turn (features and the model)"),
    (detector, "RegressionDetector", "on_user", "regression: a user text"),
    (detector, "RegressionDetector", "on_tool_result", "regression: a result"),
    (served, "Served", "ready", "regression: a served request's kept texts hashed (at a state write)"),
    (served, "Served", "to_state", "regression: a served request's stored form"),
    (facts, "Facts", "read", "the figures of the texts noted since the last read (a state write, a judged reply)"),
    (facts, "Facts", "note", "a text kept for its figures (every text, result and argument)"),
    (behaviour, "Behaviour", "on_context", "a request's system prompt and tool definitions"),
    (erasure, "ErasureTracker", "on_call", "erasure: a call remembered with its user text's fingerprint"),
)


def _timed(f: Callable[..., Any], label: str, acc: dict[str, float], cnt: collections.Counter[str]) -> Any:
    pt = time.perf_counter  # (not process_time: see the module's docstring)

    def wrapper(*a: Any, **k: Any) -> Any:
        t = pt()
        try:
            return f(*a, **k)
        finally:
            acc[label] += pt() - t
            cnt[label] += 1

    return wrapper


def _cpu(items: list[tuple[bytes | None, bytes]], only: str) -> float:
    t = time.process_time()
    engine_only(items, only=only)
    return (time.process_time() - t) * 1e6 / len(items)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--events", type=int, default=30_000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", type=Path)
    a = ap.parse_args()
    gc.set_threshold(*GC_THRESHOLDS)
    items = events_for(a.events, a.seed)
    rows = []
    for i in range(a.rounds):
        load = os.getloadavg()[0]
        us = {c: round(_cpu(items, c), 2) for c in ("detectors_off", "detectors_on", "detectors_off_with_changelog",
                                                      "detectors_on_with_changelog")}
        row = {"round": i + 1, "load_average_1m": round(load, 2), "us_per_event": us,
               "added_us": round(us["detectors_on"] - us["detectors_off"], 2),
               "added_us_with_changelog": round(us["detectors_on_with_changelog"] - us["detectors_off_with_changelog"],
                                                2)}
        print(json.dumps(row), flush=True)
        rows.append(row)
    acc: dict[str, float] = collections.defaultdict(float)
    cnt: collections.Counter[str] = collections.Counter()
    saved = []
    for mod, cls, name, _what in PARTS:
        owner = getattr(mod, cls)
        saved.append((owner, name, getattr(owner, name)))
        setattr(owner, name, _timed(getattr(owner, name), f"{cls}.{name}", acc, cnt))
    load = os.getloadavg()[0]
    cpu, wall = time.process_time(), time.perf_counter()
    engine_only(items, only="detectors_on_with_changelog")
    scale = (time.process_time() - cpu) / (time.perf_counter() - wall)  # CPU over wall time of the pass
    for owner, name, f in saved:
        setattr(owner, name, f)
    parts = {f"{cls}.{name}": {"what": what, "calls": cnt[f"{cls}.{name}"],
                                "us_per_event": round(acc[f"{cls}.{name}"] * scale * 1e6 / len(items), 2),
                                "us_per_call": round(acc[f"{cls}.{name}"] * scale * 1e6
                                                     / max(1, cnt[f"{cls}.{name}"]), 1)}
             for _, cls, name, what in PARTS}
    for k, v in parts.items():
        print(f"{k:36} {v['calls']:7} calls {v['us_per_event']:7.2f} µs/event {v['us_per_call']:8.1f} µs/call")
    med = {k: statistics.median(r[k] for r in rows) for k in ("added_us", "added_us_with_changelog")}
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parent).stdout.strip()
    out = {"what": f"bench/bench_detector_where.py: {a.rounds} rounds in one process, {a.events} events (seed "
                   f"{a.seed}), process CPU time, worker GC thresholds; then one pass with the changelog and the "
                   "detectors' entry points timed (nested parts are included in their callers; each timed call adds "
                   "the timer's own cost)",
           "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"), "commit": commit,
           "core": core_kind(), "machine": "shared 2-vCPU machine (other helpers' jobs: see the load averages)",
           "rounds": rows, "median_added_us_per_event": med,
           "parts": {"load_average_1m": round(load, 2), "events": len(items), "cpu_over_wall": round(scale, 3),
                     "by_part": parts}}
    print(json.dumps({"median_added_us_per_event": med}))
    if a.json:
        a.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
