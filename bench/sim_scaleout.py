"""Scale-out on paper, from measured figures: what a group of N workers over P partitions sustains, what a
rebalance costs, and the sizing table docs/performance.md gives.

    python bench/sim_scaleout.py [--transports bench/results/transports.json] [--rate 50000]
                                 [--conversations 1000000] [--join-s 3] [--json OUT]

Inputs (each read from its result file, or given):
* the events/s one worker sustains on one core, per transport and detectors on/off: the medians of
  bench_transports.py (the broker shared the same 2 cores there, so a worker with a core of its own does more:
  the figures are a floor);
* the restore rate (conversations/s) of bench_worker.py restore (results/worker_restore.json, its largest run);
* the memory per live conversation of bench_memory.py (results/memory.json) and the worker's idle RSS;
* the group's join time (`--join-s`): how long every partition of the group stops while members rejoin.

The model (one core per worker, events spread evenly over partitions, a partition owned by one worker):
* capacity: a worker with k partitions each at r events/s needs k*r <= R (its rate), so the group sustains
  R * P / ceil(P / N): adding workers helps only while it lowers ceil(P / N); beyond N = P, workers are idle;
* a rebalance (aiokafka's eager protocol, and the worker's behaviour on both transports): every member lets all
  its partitions go, rejoins, and restores the state of every partition it is given from the changelog before
  fetching them (the state in memory is dropped on revocation, even for a partition that comes back), so every
  partition stops for join + restore(conversations per worker) and the backlog is caught up at R - load;
* the simulation steps one second at a time through a scale-out from N-1 to N workers at a constant load and
  reports the stop, the largest lag and when the lag is back to zero.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text()) if path.exists() else {}


def rates(transports: dict[str, Any]) -> dict[str, float]:
    """Median events/s per toolmend pass of bench_transports.py (one worker, one process)."""
    return {k: v["events_per_s"]["median"] for k, v in transports.get("summary", {}).items()}


def capacity(per_worker: float, n: int, p: int) -> float:
    """Events/s the group sustains with the load spread evenly over p partitions."""
    return per_worker * p / math.ceil(p / min(n, p))


def rebalance(per_worker: float, n: int, p: int, load_eps: float, conversations: int, restore_cps: float,
              join_s: float) -> dict[str, float]:
    """A scale-out from n-1 to n workers at `load_eps`: the stop, the largest lag, the seconds to catch up."""
    busiest = math.ceil(p / n)  # partitions of the most loaded worker after the rebalance
    restore_s = conversations * busiest / p / restore_cps
    stop = join_s + restore_s
    cap = capacity(per_worker, n, p)
    lag = 0.0
    worst = 0.0
    t = 0.0
    step = 0.1
    while t < 3600:
        served = 0.0 if t < stop else min(cap, lag / step + load_eps)
        lag = max(0.0, lag + (load_eps - served) * step)
        worst = max(worst, lag)
        t += step
        if t >= stop and lag < 1.0:
            break
    return {"stop_s": round(stop, 1), "restore_s": round(restore_s, 1), "max_lag_events": round(worst),
            "back_to_zero_lag_s": round(t, 1) if lag < 1.0 else None}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--transports", default=str(RESULTS / "transports.json"))
    ap.add_argument("--rate", type=float, default=50_000, help="load of the rebalance scenario, events/s")
    ap.add_argument("--conversations", type=int, default=1_000_000, help="live conversations over the group")
    ap.add_argument("--join-s", type=float, default=3.0,
                    help="seconds every partition stops while members rejoin (Tansu ~session/2; Kafka: the "
                         "rebalance timeout of the slowest member)")
    ap.add_argument("--per-worker", action="append", default=[], metavar="NAME=EVENTS_PER_S",
                    help="a worker's rate instead of the transports file's (e.g. a quiet machine's figure)")
    ap.add_argument("--json", help="write the tables here")
    a = ap.parse_args()
    tr = load(Path(a.transports))
    per = {k: v for k, v in rates(tr).items() if k.startswith("toolmend_")}
    for given in a.per_worker:
        name, _, value = given.partition("=")
        per[name] = float(value)
    restore = load(RESULTS / "worker_restore.json")
    runs = [r for r in restore.get("runs", []) if not r.get("error")]
    restore_cps = float(runs[-1]["conversations_per_s"]) if runs else 170_000.0
    mem = {r["scenario"]: r for r in load(RESULTS / "memory.json").get("results", []) if "scenario" in r}
    mib_100k = {"on": mem.get("live_behaviour_on", {}).get("mib_per_100k"),
                "off": mem.get("live_behaviour_off", {}).get("mib_per_100k")}
    out: dict[str, Any] = {"inputs": {"per_worker_events_per_s": per, "restore_conversations_per_s": restore_cps,
                                      "mib_per_100k_live_conversations": mib_100k, "join_s": a.join_s,
                                      "transports_file_date": tr.get("date"), "load_events_per_s": a.rate,
                                      "live_conversations": a.conversations}}
    print(f"per worker (one core, broker on the same 2 cores): {per}; restore {restore_cps:.0f} conversations/s; "
          f"memory per 100k live conversations {mib_100k} MiB")
    cap_rows = []
    for p in (12, 24, 48):
        for n in sorted({1, 2, 3, 4, 6, 8, 12, 16, 24, 48} & set(range(1, p + 1))):
            row: dict[str, Any] = {"partitions": p, "workers": n, "partitions_per_busiest_worker": math.ceil(p / n)}
            for name, r in per.items():
                row[name] = round(capacity(r, n, p))
            cap_rows.append(row)
    out["capacity"] = cap_rows
    print("\ngroup capacity, events/s (load spread evenly):")
    names = list(per)
    print("  P   N  busiest  " + "  ".join(f"{n:>24}" for n in names))
    for row in cap_rows:
        print(f"  {row['partitions']:<3} {row['workers']:<3} {row['partitions_per_busiest_worker']:>6}   "
              + "  ".join(f"{row[n]:>24}" for n in names))
    reb = []
    for name, r in per.items():
        for p, n in ((12, 2), (12, 3), (12, 4), (24, 4), (24, 6), (48, 8), (48, 12)):
            if capacity(r, n, p) <= a.rate:
                continue  # the group after the scale-out cannot carry the load at all
            reb.append({"pass": name, "partitions": p, "workers_after": n,
                        **rebalance(r, n, p, a.rate, a.conversations, restore_cps, a.join_s)})
    out["rebalance"] = reb
    print(f"\nscale-out at {a.rate:.0f} events/s with {a.conversations} live conversations:")
    for row in reb:
        print(f"  {row}")
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=1) + "\n")
        print(f"wrote {a.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
