"""What OTLP input costs beside toolmend's JSON events, per event, over the same conversations.

    python bench/bench_otlp.py [--copies 300] [--per-record 50] [--repeat 5] [--write]

The conversations are the real spans of opentelemetry-instrumentation-genai-openai 1.3b0 (tests/support/otel_spans.py:
the openai client against a loopback stub, three conversations, 7 chat spans and one agent span), copied
`--copies` times with fresh trace, span and conversation ids. Three ways in, each timed to the engine's outputs:

* `json_events`: each chat span as today's JSON `request` event (the very value the re-keying writes), through
  `PartitionProcessor.process`;
* `otlp_proto` / `otlp_json`: the spans as the Collector's Kafka exporter batches them (`--per-record` spans a
  record, conversations mixed), re-keyed (`rekey` of `shell/otlp/rekey.py`: decode, map, one event per span) and
  each event then through the same engine, as the worker consumes it from the repartition topic.

Times are CPU time of this process (`time.process_time`: on a shared machine, wall time mostly measures the
neighbours), the best of `--repeat` alternating rounds. The overhead is (otlp - json) / json per event. The
repartition topic's extra produce and fetch are broker round trips that batches amortize; they are not in this
figure (bench_worker.py measures the worker's Kafka path).
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
from typing import Any

from benchenv import ROOT, code_state, cpu_probe, machine  # this folder: run as `python bench/bench_otlp.py`

sys.path.insert(0, str(ROOT))

from processor.core.otlp_join import InferenceJoin
from processor.core.partition import GC_THRESHOLDS, EngineConfig, PartitionProcessor
from processor.shell.otlp.rekey import rekey
from tests.support import otel_spans as rec
from tests.support.otel_spans import copies


def run_events(events: list[tuple[bytes, bytes]]) -> float:
    proc = PartitionProcessor("bench.in", 0, EngineConfig())
    gc.collect()
    t = time.process_time()
    for off, (k, v) in enumerate(events):
        proc.process(off, k, v)
    return time.process_time() - t


def run_otlp(records: list[bytes]) -> tuple[float, int]:
    proc = PartitionProcessor("bench.rp", 0, EngineConfig())
    gc.collect()
    n = 0
    join = InferenceJoin()  # as the stage runs: log records and Responses chains joined (none in these spans)
    t = time.process_time()
    for i, value in enumerate(records):
        for k, v, hs in rekey(value, "bench.otlp", 0, i, join=join).events:
            proc.process(n, k, v, hs)
            n += 1
    return time.process_time() - t, n


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--copies", type=int, default=300)
    ap.add_argument("--per-record", type=int, default=50)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--write", action="store_true", help="write bench/results/otlp.json")
    a = ap.parse_args()
    gc.set_threshold(*GC_THRESHOLDS)  # as the worker runs
    spans = copies(rec.record_official(), a.copies)
    records = {enc: [(rec.encode_proto if enc == "otlp_proto" else rec.encode_json)(spans[i:i + a.per_record])
                     for i in range(0, len(spans), a.per_record)] for enc in ("otlp_proto", "otlp_json")}
    # today's events: exactly what the re-keying writes for each chat span, keyed by conversation
    events = [(k, v) for i, r in enumerate(records["otlp_proto"]) for k, v, _ in rekey(r, "x", 0, i).events]
    n_events = len(events)
    runs: dict[str, list[float]] = {"json_events": [], "otlp_proto": [], "otlp_json": []}
    probes = []
    for _ in range(a.repeat):  # alternating, so that the machine's drift touches every path alike
        probes.append(cpu_probe())
        runs["json_events"].append(run_events(events) / n_events * 1e6)
        for enc in ("otlp_proto", "otlp_json"):
            dt, n = run_otlp(records[enc])
            assert n == n_events
            runs[enc].append(dt / n * 1e6)
    base = min(runs["json_events"])
    result: dict[str, Any] = {
        "bench": "otlp", "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "command": "python bench/bench_otlp.py " + " ".join(sys.argv[1:]), "machine": machine(),
        "code": code_state(), "cpu_probe_ms": probes, "events": n_events, "spans": len(spans),
        "spans_per_record": a.per_record,
        "record_bytes": {enc: round(statistics.mean(len(r) for r in rs)) for enc, rs in records.items()},
        "json_event_bytes": round(statistics.mean(len(v) for _, v in events)),
        "cpu_us_per_event": {k: {"best": round(min(v), 2), "median": round(statistics.median(v), 2),
                                 "max": round(max(v), 2)} for k, v in runs.items()},
        "overhead_pct": {enc: round((min(runs[enc]) - base) / base * 100, 1) for enc in ("otlp_proto", "otlp_json")},
        "target_pct": 25,
        "gc_threshold": list(gc.get_threshold()),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "not_measured": "the repartition topic's broker round trip (produce + fetch, amortized over batches)",
    }
    print(json.dumps({k: result[k] for k in ("events", "cpu_us_per_event", "overhead_pct", "code")}, indent=1))
    if a.write:
        out = ROOT / "bench" / "results" / "otlp.json"
        Path(out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        print(f"written {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
