#!/usr/bin/env python3
"""What a backfill you can see costs (docs/backfill.md): `toolmend replay --metrics-file` and `toolmend report`.

1. overhead: a file replay with and without `--metrics-file` (the same file, alternating rounds), CPU time of
   the process (the machine is shared: wall-clock rates swing with other tenants); target: at most +10 %;
2. a 30-day replay at a 1-minute step (generated traffic, `--days`, one conversation every `--arrival-ms`):
   peak RSS of the replay with and without the metrics file, each in a fresh process, and the sampler's state
   (series, steps held open at most); the stated bound is in the results;
3. `toolmend report` on that 30-day file, as a user runs it (a fresh process: imports, matplotlib, the page);
   target: under 10 s.

    python bench/bench_backfill.py                  # all three -> bench/results/backfill.json
    python bench/bench_backfill.py --events 20000 --rounds 3 --days 7   # quicker
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchenv import ROOT, code_state, cpu_probe, machine

RESULTS = ROOT / "bench" / "results"
PARTITIONS = 4
DAY_MS = 86_400_000
START_MS = 1_793_491_200_000  # 2026-11-01T00:00:00Z


def write_events(path: Path, events: int | None, seed: int, arrival_ms: int = 6000, days: int | None = None) -> int:
    """`events` events of generated traffic, or `days` of it at one conversation every `arrival_ms`."""
    import itertools

    from processor.synth.generate import iter_generate
    from processor.synth.jsonl import encode_line

    conversations = None if days is None else days * DAY_MS // arrival_ms
    stream = iter_generate(conversations, seed=seed, partitions=PARTITIONS, start_ms=START_MS,
                           mean_arrival_ms=arrival_ms)
    count = 0
    with path.open("wb") as f:
        for ev in stream if events is None else itertools.islice(stream, events):
            f.write(encode_line(ev))
            count += 1
    return count


def replay_once(src: Path, out: Path, metrics: Path | None) -> tuple[float, float, dict[str, Any]]:
    from processor.shell.config import Settings
    from processor.shell.replay import Plan, replay

    gc.collect()
    t, c = time.perf_counter(), time.process_time()
    summary = asyncio.run(replay(Plan(Settings(metrics_port=0), from_file=src, file_topic="bench",
                                      file_partitions=PARTITIONS, to_file=out, metrics_file=metrics)))
    return time.perf_counter() - t, time.process_time() - c, summary


def spread(vs: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(vs), 4), "min": round(min(vs), 4), "max": round(max(vs), 4)}


def bench_overhead(n: int, rounds: int, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "events.jsonl"
        events = write_events(src, n, seed)
        plain: list[float] = []
        with_file: list[float] = []
        ratios: list[float] = []
        probes = [cpu_probe()]
        info: dict[str, Any] = {}
        for i in range(rounds):  # alternating, so drifts of the machine's speed hit both alike
            _, c0, _ = replay_once(src, Path(d) / "out.jsonl", None)
            _, c1, s = replay_once(src, Path(d) / "out.jsonl", Path(d) / "m.om")
            info = s["metrics_file"]
            plain.append(events / c0)
            with_file.append(events / c1)
            ratios.append(c1 / c0)
            probes.append(cpu_probe())
            print(f"  round {i + 1}: replay {events / c0:,.0f} events/CPU-s, with --metrics-file {events / c1:,.0f}: "
                  f"x{c1 / c0:.3f}")
        size = (Path(d) / "m.om").stat().st_size
    return {"events": events, "partitions": PARTITIONS, "rounds": rounds,
            "measure": "CPU time of the process (process_time), file -> file replay",
            "replay_events_per_cpu_s": spread(plain), "with_metrics_file_events_per_cpu_s": spread(with_file),
            "time_ratio": spread(ratios), "target_ratio_at_most": 1.10, "cpu_probe_ms": spread(probes),
            "metrics_file": {**info, "mib": round(size / 2**20, 2)}}


_CHILD = r"""
import asyncio, json, resource, sys
from pathlib import Path
sys.path.insert(0, sys.argv[4])
src, out, metrics = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
from processor.shell.config import Settings
from processor.shell.replay import Plan, replay
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
base = rss()
s = asyncio.run(replay(Plan(Settings(metrics_port=0), from_file=src, file_topic="bench", file_partitions=4,
                            to_file=out, metrics_file=Path(metrics) if metrics != "-" else None)))
peak = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
print(json.dumps({"peak_rss_mib": peak, "rss_after_imports_mib": base, "events": s["totals"]["events"],
                  "seconds": s["seconds"], "metrics_file": s.get("metrics_file")}))
"""


def bench_month(days: int, arrival_ms: int, seed: int, keep: Path) -> dict[str, Any]:
    src = keep / "month.jsonl"
    t = time.perf_counter()
    events = write_events(src, None, seed, arrival_ms, days)
    print(f"  {days} days: {events:,} events written in {time.perf_counter() - t:.0f}s "
          f"({src.stat().st_size / 2**20:,.0f} MiB)")
    res: dict[str, Any] = {}
    for mode in ("plain", "metrics_file"):
        metrics = str(keep / "month.om") if mode == "metrics_file" else "-"
        p = subprocess.run([sys.executable, "-c", _CHILD, str(src), str(keep / "out.jsonl"), metrics, str(ROOT)],
                           capture_output=True, text=True, check=True)
        res[mode] = json.loads(p.stdout.strip().splitlines()[-1])
        print(f"  replay {mode}: {res[mode]}")
    (keep / "out.jsonl").unlink(missing_ok=True)
    extra = round(res["metrics_file"]["peak_rss_mib"] - res["plain"]["peak_rss_mib"], 1)
    mf = res["metrics_file"]["metrics_file"]
    return {"days": days, "step": "1m", "mean_arrival_ms": arrival_ms, "events": events,
            "replay": res["plain"], "replay_with_metrics_file": res["metrics_file"],
            "metrics_file_extra_peak_rss_mib": extra,
            "metrics_file_mib": round((keep / "month.om").stat().st_size / 2**20, 1),
            "bound": "memory of --metrics-file: per series ~200 bytes + the counts of at most 1,440 open steps of "
                     "the series that changed in them; independent of the range. Stated bound: at most 64 MiB "
                     f"over the replay for up to 5,000 series (this run: {mf['series']} series, {extra} MiB)",
            "within_bound": extra <= 64}


def bench_report(path: Path, rounds: int) -> dict[str, Any]:
    import resource

    times: list[float] = []
    cpu: list[float] = []
    for _ in range(rounds):
        out = path.with_name("report.html")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "processor.shell.cli", "report", "--metrics-file", str(path), "--out",
                        str(out)], check=True, capture_output=True, cwd=ROOT)
        times.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        print(f"  report: {times[-1]:.2f}s wall, {cpu[-1]:.2f}s CPU")
    lines = sum(1 for _ in path.open(encoding="utf-8"))
    return {"file_mib": round(path.stat().st_size / 2**20, 1), "file_lines": lines, "wall_s": spread(times),
            "cpu_s": spread(cpu), "target_s_under": 10,
            "html_kib": round(path.with_name("report.html").stat().st_size / 1024, 1),
            "measure": "`toolmend report` in a fresh process (imports and matplotlib included): wall clock, and the "
                       "CPU time of that process (the machine is shared: the wall clock grows with other tenants)"}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=50_000, help="events of the overhead replay (default 50,000)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--arrival-ms", type=int, default=120_000,
                    help="mean gap between conversations of the month (default 120,000: ~7 events a minute)")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--only", choices=("overhead", "month"), default=None,
                    help="measure one part again, keeping the other parts of bench/results/backfill.json")
    a = ap.parse_args()
    started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    path = RESULTS / "backfill.json"
    doc: dict[str, Any] = json.loads(path.read_text()) if a.only and path.exists() else {}
    run = {"command": " ".join(sys.argv), "date": started}
    if a.only in (None, "overhead"):
        print("overhead of --metrics-file on a file replay")
        doc["overhead"] = {**bench_overhead(a.events, a.rounds, a.seed), **run, "code": code_state()}
    if a.only in (None, "month"):
        with tempfile.TemporaryDirectory() as d:
            print(f"a {a.days}-day replay at a 1-minute step")
            doc["month"] = {**bench_month(a.days, a.arrival_ms, a.seed, Path(d)), **run, "code": code_state()}
            print("toolmend report on its file")
            doc["report"] = {**bench_report(Path(d) / "month.om", 3), **run, "code": code_state()}
    load = os.getloadavg()
    doc.update({"command": " ".join(sys.argv), "date": started, "machine": machine(load_average_at_end=load),
                "code": code_state()})
    RESULTS.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"overhead x{doc['overhead']['time_ratio']['median']} (target <= 1.10); month: +"
          f"{doc['month']['metrics_file_extra_peak_rss_mib']} MiB; report {doc['report']['wall_s']['median']} s wall, "
          f"{doc['report']['cpu_s']['median']} s CPU (target < 10)\n-> bench/results/backfill.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
