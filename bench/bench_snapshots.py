"""Request snapshots repaired incrementally (processor/core/snapshots.py) against from scratch, in alternating rounds.

    python bench/bench_snapshots.py [--events 30000] [--rounds 3] [--turns 25,100] [--out FILE]

`bench`: the engine (detectors off, the worker's garbage collector thresholds) over the throughput bench's events;
the thread CPU time of the request events and of all others, per event of the whole stream, with the cache on and
off (off: every snapshot repaired whole, as before). `growing`: one conversation sending its growing history as a
request snapshot each turn (user, call, result, answer per turn): CPU µs per snapshot. Both check that the outputs
are identical.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import orjson
from bench_worker import PARTITIONS, events_for, kafka_partition  # this folder: run as `python bench/...`

import processor.core
import processor.core.snapshots as snapshots
from processor.core.partition import GC_THRESHOLDS, EngineConfig, PartitionProcessor

clock = time.thread_time_ns


def _cache(on: bool) -> None:
    snapshots.MAX_SNAPSHOT_BYTES = (256 << 10) if on else -1


def bench_events(n: int, rounds: int) -> dict[str, Any]:
    recs = []
    offs = [0] * PARTITIONS
    for k, v in events_for(n, 5):
        p = kafka_partition(k, PARTITIONS) if k is not None else 0
        try:
            d = orjson.loads(v)
            req = type(d) is dict and d.get("type") == "request"
        except orjson.JSONDecodeError:
            req = False
        recs.append((p, offs[p], k, v, req))
        offs[p] += 1

    def run(on: bool) -> tuple[float, float, list[Any]]:
        _cache(on)
        procs = [PartitionProcessor("bench.in", p, EngineConfig(behaviour=False)) for p in range(PARTITIONS)]
        req = oth = 0
        outs = []
        for p, o, k, v, r in recs:
            a = clock()
            out = procs[p].process(o, k, v)
            b = clock()
            if r:
                req += b - a
            else:
                oth += b - a
            outs.append([x.value for x in out])
        return req / 1e3 / len(recs), oth / 1e3 / len(recs), outs

    res: dict[bool, list[tuple[float, float]]] = {False: [], True: []}
    ref = None
    for i in range(rounds):
        for on in (False, True) if i % 2 == 0 else (True, False):
            r, o, outs = run(on)
            if ref is None:
                ref = outs
            elif outs != ref:
                raise SystemExit("outputs differ")
            res[on].append((round(r, 2), round(o, 2)))
    return {side: {"request_events_us_per_event": statistics.median(x[0] for x in res[on]),
                   "other_events_us_per_event": statistics.median(x[1] for x in res[on]), "rounds": res[on]}
            for side, on in (("from_scratch", False), ("incremental", True))}


def growing(turns: int, rounds: int) -> dict[str, Any]:
    msgs: list[dict[str, Any]] = []
    vals = []
    for t in range(turns):
        msgs.append({"role": "user", "content": f"question {t} about the weather in city {t}"})
        msgs.append({"role": "assistant", "content": None, "tool_calls": [{"id": f"call_{t}", "type": "function",
                     "function": {"name": "weather", "arguments": orjson.dumps({"city": f"c{t}"}).decode()}}]})
        msgs.append({"role": "tool", "tool_call_id": f"call_{t}", "content": f"sunny, {t} degrees"})
        vals.append(orjson.dumps({"conversation_id": "c1", "ts": 1000 + t, "type": "request",
                                  "dialect": "openai_chat", "messages": msgs}))
        msgs.append({"role": "assistant", "content": f"It is sunny, {t} degrees."})
    res: dict[bool, list[float]] = {False: [], True: []}
    ref = None
    for i in range(rounds):
        for on in (False, True) if i % 2 == 0 else (True, False):
            _cache(on)
            p = PartitionProcessor("in", 0, EngineConfig(behaviour=False))
            outs = []
            t0 = clock()
            for off, v in enumerate(vals):
                outs.append([r.value for r in p.process(off, b"c1", v)])
            res[on].append(round((clock() - t0) / 1e3 / len(vals), 1))
            if ref is None:
                ref = outs
            elif outs != ref:
                raise SystemExit("outputs differ")
    return {"turns": turns, "messages_last": 4 * turns - 1,
            "from_scratch_us_per_snapshot": statistics.median(res[False]),
            "incremental_us_per_snapshot": statistics.median(res[True]), "rounds": {"from_scratch": res[False],
                                                                                   "incremental": res[True]}}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=30_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--turns", default="25,100")
    ap.add_argument("--out")
    a = ap.parse_args()
    gc.set_threshold(*GC_THRESHOLDS)
    load_before = os.getloadavg()
    out: dict[str, Any] = {
        "what": "bench/bench_snapshots.py: request snapshots repaired incrementally against from scratch, "
                f"{a.rounds} alternating rounds, thread CPU time, detectors off",
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                 cwd=Path(__file__).parent).stdout.strip(),
        "core": "compiled" if processor.core.compiled() else "interpreted",
        "bench_events": bench_events(a.events, a.rounds),
        "growing": [growing(int(t), a.rounds) for t in a.turns.split(",")],
    }
    out["load_average_1m_5m_15m"] = {"before": [round(x, 1) for x in load_before],
                                     "after": [round(x, 1) for x in os.getloadavg()]}
    text = json.dumps(out, indent=1)
    print(text)
    if a.out:
        Path(a.out).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
