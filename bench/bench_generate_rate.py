"""How fast `toolmend generate` makes events offline: an endless stream (`iter_generate(None, ...)`, the ground truth
kept as totals only, as `--forever` does) cut at `--events`, in rounds; CPU and wall seconds, events per second and
the peak resident memory, medians over the rounds. No broker: bench_generate.py times the README's line end to end.

    python bench/bench_generate_rate.py [--events 100000] [--rounds 5] [--seed 99]
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
for p in (ROOT, BENCH):
    if str(p) not in sys.path:
        sys.path.append(str(p))

from benchenv import code_state, cpu_probe, machine, stats, status_kib  # noqa: E402

from processor.synth.generate import iter_generate  # noqa: E402
from processor.synth.truth import GroundTruth  # noqa: E402

RESULT = BENCH / "results" / "generate_rate.json"


def one_round(events: int, seed: int) -> dict[str, float]:
    truth = GroundTruth(keep_conversations=False)
    c0, t0 = time.process_time(), time.perf_counter()
    n = sum(1 for _ in itertools.islice(iter_generate(None, seed=seed, truth=truth), events))
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    assert n == events
    return {"cpu_s": round(cpu, 3), "wall_s": round(wall, 3), "events_per_cpu_s": round(n / cpu),
            "conversations": truth.n_conversations}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=99)
    ap.add_argument("--out", type=Path, default=RESULT)
    a = ap.parse_args()
    with open("/proc/loadavg") as f:
        load0 = " ".join(f.read().split()[:3])
    rounds = []
    for _ in range(a.rounds):
        rounds.append({**one_round(a.events, a.seed), "cpu_probe_ms": cpu_probe()})
        print(rounds[-1], flush=True)
    with open("/proc/loadavg") as f:
        load1 = " ".join(f.read().split()[:3])
    result = {
        "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"), "code": code_state(),
        "machine": machine(load_average_at_start=load0, load_average_at_end=load1),
        "events": a.events, "seed": a.seed, "rounds": rounds,
        "cpu_s": stats([r["cpu_s"] for r in rounds], higher_is_better=False),
        "events_per_cpu_s": stats([r["events_per_cpu_s"] for r in rounds]),
        "peak_rss_mib": round(status_kib("VmHWM") / 1024, 1),
    }
    a.out.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({k: result[k] for k in ("cpu_s", "events_per_cpu_s", "peak_rss_mib")}))


if __name__ == "__main__":
    main()
