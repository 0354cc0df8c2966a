"""What holding blocks for late results costs (allowed lateness, issue 12).

    python bench/bench_lateness.py [--events 40000] [--rounds 3]

Generated traffic (processor.synth, default fault rates: interrupts, late results, partial results ...) runs
through PartitionProcessor (no Kafka) with `late_result_grace_ms` 30 000 (the default) and 0 (decide at once,
the old behaviour), in alternating rounds. It reports:

* processing time per event (µs, wall clock) of conversations that hold no block at that moment, p50 and p99,
  per configuration: holding must not slow them down;
* the same for events of conversations that hold a block (reported apart);
* the event-time delay a held block adds to its conversation's output (output record ts minus the ts of the
  input event that carried the message): share of messages delayed, p50, p99 and max;
* late results kept (moved into place) and placeholders written.

The machine may be shared: medians of the rounds, with their spread.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import orjson

_HERE = Path(__file__).resolve().parent
for p in (_HERE, _HERE.parent):
    if str(p) not in sys.path:
        sys.path.append(str(p))  # last: the installed package (maybe a compiled wheel) wins over the checkout

from bench_worker import events_for  # noqa: E402

from processor.core.events import parse_ts  # noqa: E402
from processor.core.partition import EngineConfig, PartitionProcessor  # noqa: E402
from processor.core.tracker import RepairConfig  # noqa: E402


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def run(items: list[tuple[bytes | None, bytes]], grace: int) -> dict[str, Any]:
    p = PartitionProcessor("in", 0, EngineConfig(repair=RepairConfig(late_result_grace_ms=grace)))
    free: list[float] = []
    held: list[float] = []
    delays: list[int] = []
    in_ts: list[int] = []
    moved = synthesized = messages = 0
    for off, (key, value) in enumerate(items):
        try:
            in_ts.append(parse_ts(orjson.loads(value)["ts"]))
        except Exception:  # a dead letter of the generated traffic
            in_ts.append(-1)
        cid = key.decode() if key is not None else ""
        conv = p.convs.get(cid)
        was = conv is not None and conv.tracker.held_blocks > 0
        t0 = time.perf_counter()
        out = p.process(off, key, value)
        dt = (time.perf_counter() - t0) * 1e6
        conv = p.convs.get(cid)
        (held if was or (conv is not None and conv.tracker.held_blocks > 0) else free).append(dt)
        for r in out:
            if r.kind == "findings":
                f = orjson.loads(r.value or b"")
                if f["kind"] == "late_tool_result" and f.get("detail") == "moved into place":
                    moved += 1
            if r.kind != "repaired":
                continue
            v = orjson.loads(r.value or b"")
            if v.get("type") != "message":
                continue
            messages += 1
            if v["synthesized"]:
                synthesized += 1
                continue
            src = int(v["id"].split(":")[2])
            delays.append(int(v["ts"]) - in_ts[src])
    return {"free": free, "held": held, "delays": delays, "moved": moved, "synthesized": synthesized,
            "messages": messages}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--events", type=int, default=40_000)
    ap.add_argument("--rounds", type=int, default=3)
    ns = ap.parse_args()
    gc.set_threshold(50_000)  # as the worker does: young objects die young, collections are rare
    items = events_for(ns.events, 7)
    res: dict[int, list[dict[str, Any]]] = {30_000: [], 0: []}
    for _ in range(ns.rounds):
        for grace in (30_000, 0):  # alternating
            res[grace].append(run(items, grace))
    print(f"{ns.events} events, {ns.rounds} alternating rounds (shared machine: medians, [min-max])\n")
    print("| grace | events, no held block | p50 µs | p90 µs | p99 µs | events, held block | p50 µs | p90 µs |"
          " p99 µs |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for grace, rounds in res.items():
        def span(key: str, q: float, rs: list[dict[str, Any]] = rounds) -> str:
            xs = [pct(r[key], q) for r in rs]
            return f"{statistics.median(xs):.1f} [{min(xs):.1f}-{max(xs):.1f}]"
        r0 = rounds[0]
        print(f"| {grace} ms | {len(r0['free'])} | {span('free', 0.5)} | {span('free', 0.9)} | {span('free', 0.99)} | "
              f"{len(r0['held'])} | {span('held', 0.5)} | {span('held', 0.9)} | {span('held', 0.99)} |")
    print()
    for grace, rounds in res.items():
        r = rounds[0]
        d = r["delays"]
        late = [x for x in d if x > 0]
        print(f"grace {grace} ms: {r['messages']} messages out, {len(late)} delayed in event time "
              f"({len(late) / max(1, len(d)):.2%}); delay p50 {pct(late, 0.5) / 1000:.1f} s, p99 "
              f"{pct(late, 0.99) / 1000:.1f} s, max {max(late, default=0) / 1000:.1f} s; late results moved into "
              f"place {r['moved']}, placeholders {r['synthesized']}")


if __name__ == "__main__":
    main()
