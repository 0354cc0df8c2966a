"""What each behavioural detector costs per event, in one process, alternating configurations round by round.

    python bench/bench_detector_parts.py [--events 30000] [--seed 5] [--rounds 7] [--changelog] [--json FILE]

Over `events_for(events, seed)` (4 partitions by key, no Kafka, the garbage collector's thresholds as the worker
sets them), each round runs three engines in turn, timed with the process's CPU time: detectors off, detectors on
with the unbacked-claim tracker stubbed out (its methods return at once), and detectors on. The differences of
the per-round medians are the tracker's cost (on − stubbed) and the other detectors' (stubbed − off), per event.
Alternating in one process cancels most of the drift a shared machine adds between two runs; what is left shows as
the spread between rounds (reported). `--changelog` also takes the state records every 2000 records as the worker
does (the detectors' state written). The A/B against another version is `bench/bench_engine.py --ab`.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import random
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

from bench_worker import PARTITIONS, events_for  # this folder: run as `python bench/...`

from processor.core.partition import GC_THRESHOLDS, EngineConfig, PartitionProcessor
from processor.core.regression import claims
from processor.synth.generate import kafka_partition


def _records(n: int, seed: int) -> list[tuple[int, int, bytes | None, bytes]]:
    recs = []
    offsets = [0] * PARTITIONS
    rng = random.Random(1)
    for key, value in events_for(n, seed):
        part = kafka_partition(key, PARTITIONS) if key is not None else rng.randrange(PARTITIONS)
        recs.append((part, offsets[part], key, value))
        offsets[part] += 1
    return recs


def _pass(recs: list[tuple[int, int, bytes | None, bytes]], behaviour: bool, changelog: bool) -> float:
    procs = [PartitionProcessor("bench.in", p, EngineConfig(behaviour=behaviour), None) for p in range(PARTITIONS)]
    gc.collect()
    t = time.process_time()
    for n, (part, off, key, value) in enumerate(recs):
        procs[part].process(off, key, value)
        if changelog and n % 2000 == 1999:
            for proc in procs:
                proc.take_changelog()
    if changelog:
        for proc in procs:
            proc.take_changelog()
    return (time.process_time() - t) * 1e6 / len(recs)


class _Stubbed:
    """The claim tracker's methods replaced by ones that return at once (restored on exit)."""

    NAMES = ("on_user", "on_calls", "on_result", "on_reply", "to_state")

    def __enter__(self) -> None:
        self.saved = {n: getattr(claims.ClaimTracker, n) for n in self.NAMES}
        for n in self.NAMES:
            setattr(claims.ClaimTracker, n, _STUBS[n])

    def __exit__(self, *exc: object) -> None:
        for n, f in self.saved.items():
            setattr(claims.ClaimTracker, n, f)


_STUBS: dict[str, Any] = {"on_user": lambda self, text: None, "on_calls": lambda self, tools, ids: None,
                          "on_result": lambda self, text, results: None,
                          "on_reply": lambda self, index, text, ev: None, "to_state": lambda self: {}}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--events", type=int, default=30_000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--changelog", action="store_true")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args()
    gc.set_threshold(*GC_THRESHOLDS)
    recs = _records(a.events, a.seed)
    rows = []
    for i in range(a.rounds):
        load = os.getloadavg()
        off = _pass(recs, False, a.changelog)
        with _Stubbed():
            stub = _pass(recs, True, a.changelog)
        on = _pass(recs, True, a.changelog)
        row = {"round": i + 1, "load_average_1m": round(load[0], 2), "us_per_event": {
            "detectors_off": round(off, 2), "claims_stubbed": round(stub, 2), "detectors_on": round(on, 2)},
            "claims_us": round(on - stub, 2), "other_detectors_us": round(stub - off, 2)}
        print(json.dumps(row), flush=True)
        rows.append(row)
    med = {k: statistics.median(r[k] for r in rows) for k in ("claims_us", "other_detectors_us")}
    spread = {k: [min(r[k] for r in rows), max(r[k] for r in rows)] for k in ("claims_us", "other_detectors_us")}
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parent).stdout.strip()
    out = {"what": f"bench/bench_detector_parts.py: {a.rounds} alternating rounds in one process, {a.events} events "
                   f"(seed {a.seed}), process CPU time, worker GC thresholds, changelog "
                   f"{'taken every 2000 records' if a.changelog else 'not taken'}; interpreted core",
           "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"), "commit": commit,
           "machine": "shared 2-vCPU machine (other helpers' jobs running: see the load averages)",
           "rounds": rows, "median_us_per_event": med, "min_max_us_per_event": spread}
    print(json.dumps({"median_us_per_event": med, "min_max": spread}))
    if a.json:
        a.json.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
