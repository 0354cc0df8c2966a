"""What the OTLP stage's merge by event time (core/otlp_order.py) costs per event, beside the re-keying itself.

    python bench/bench_otlp_order.py [--copies 300] [--per-record 50] [--partitions 4] [--repeat 7] [--write]

The spans are those of bench_otlp.py (the official openai instrumentation's, copied `--copies` times with fresh
ids), batched `--per-record` to a record and spread round robin over `--partitions` source partitions. Two ways,
in alternating rounds: `rekey` (each record re-keyed, its events taken in arrival order, as the stage did before
the merge) and `rekey_merge` (the same, each record's events held by a `Reorder` and released after each record,
flushed at the end, as the stage and the offline pass do now). CPU time of this process (`time.process_time`),
per event; the figure is the median of the rounds, the difference the merge's cost.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from benchenv import ROOT, code_state, machine  # this folder: run as `python bench/bench_otlp_order.py`

sys.path.insert(0, str(ROOT))

from processor.core.otlp_join import InferenceJoin
from processor.core.otlp_order import Reorder
from processor.shell.otlp.rekey import hold, rekey
from tests.support import otel_spans as rec
from tests.support.otel_spans import copies


def run(records: list[bytes], partitions: int, merge: bool) -> tuple[float, int, int]:
    gc.collect()
    join = InferenceJoin()
    order = Reorder()
    order.assign([("otlp", p) for p in range(partitions)])
    n = late = 0
    t = time.process_time()
    for i, value in enumerate(records):
        p = i % partitions
        rk = rekey(value, "otlp", p, i // partitions, join=join)
        if merge:
            n += len(hold(order, rk, ("otlp", p), i // partitions)) + len(order.release())
        else:
            n += len(rk.events)
    if merge:
        n += len(order.flush())
        late = order.late
    return time.process_time() - t, n, late


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--copies", type=int, default=300)
    ap.add_argument("--per-record", type=int, default=50)
    ap.add_argument("--partitions", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--write", action="store_true", help="write bench/results/otlp_order.json")
    a = ap.parse_args()
    spans = copies(rec.record_official(), a.copies)
    records = [rec.encode_proto(spans[i:i + a.per_record]) for i in range(0, len(spans), a.per_record)]
    times: dict[str, list[float]] = {"rekey": [], "rekey_merge": []}
    events = late = 0
    for _ in range(a.repeat):
        for name in times:  # alternating rounds
            s, n, lt = run(records, a.partitions, name == "rekey_merge")
            times[name].append(s * 1e6 / n)
            events, late = n, max(late, lt)
    med = {k: round(statistics.median(v), 2) for k, v in times.items()}
    out = {"bench": "otlp_order", "date": datetime.now(UTC).isoformat(timespec="seconds"),
           "command": "python bench/bench_otlp_order.py " + " ".join(sys.argv[1:]), "machine": machine(),
           "code": code_state(), "load_average": [round(x, 2) for x in os.getloadavg()],
           "events": events, "records": len(records), "partitions": a.partitions, "late_events": late,
           "cpu_us_per_event_median": med,
           "cpu_us_per_event_rounds": {k: [round(x, 2) for x in v] for k, v in times.items()},
           "merge_cost_us_per_event": round(med["rekey_merge"] - med["rekey"], 2)}
    print(json.dumps(out, indent=2))
    if a.write:
        Path(ROOT / "bench" / "results" / "otlp_order.json").write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
