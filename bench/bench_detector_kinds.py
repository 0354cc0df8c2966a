"""What the behavioural detectors spend per event kind (user message, assistant text reply, tool call, tool result,
request snapshot) and per state write, in one process, core as Python.

    python bench/bench_detector_kinds.py [--events 20000] [--seed 5] [--rounds 2] [--changelog-every 2000] [--json FILE]

Over `events_for(events, seed)` (the engine alone, 4 partitions, the worker's garbage collector thresholds, the
changelog taken every 2000 records as the worker does), the detectors' entry points are wrapped by a wall-clock
timer (`perf_counter`) that files each call under the kind of the event it serves: a stream message by its view
(`Behaviour.observe`), a request snapshot (`on_context`, `on_snapshot`, `feed_snapshot`), a state write
(`Behaviour.to_state`) and a new conversation's detectors (`Behaviour.__init__`). Each kind's wall time is scaled by
the pass's CPU time over its wall time (time spent waiting for a core on a shared machine is not counted). The
figures per event are over all events of the pass; per call, over that kind's calls. The timer's own cost (about
0.2-0.4 µs a call) is inside each figure. A compiled core's classes cannot be wrapped: for it, only the on-minus-off
difference is measured (`bench_engine.py --ab`).
"""

from __future__ import annotations

import argparse
import collections
import datetime
import gc
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from bench_worker import engine_only, events_for  # this folder: run as `python bench/...`
from benchenv import code_state

import processor.core.behaviour as behaviour
from processor.core.model import Role
from processor.core.partition import GC_THRESHOLDS

KINDS = ("user message", "assistant text reply", "tool call", "tool result", "other message", "request snapshot",
         "state write", "new conversation")


def _kind(view: Any) -> str:
    role = view.role
    if role is Role.ASSISTANT:
        return "tool call" if any(not c.malformed for c in view.calls) else "assistant text reply"
    if role is Role.TOOL or (role is Role.USER and view.results):
        return "tool result"
    if role is Role.USER:
        return "user message"
    return "other message"


def _pass(items: list[tuple[bytes | None, bytes]], every: int) -> dict[str, Any]:
    acc: dict[str, float] = collections.defaultdict(float)
    cnt: collections.Counter[str] = collections.Counter()
    B = behaviour.Behaviour
    saved = {n: getattr(B, n) for n in ("observe", "on_context", "on_snapshot", "feed_snapshot", "to_state",
                                        "__init__")}
    pt = time.perf_counter

    def wrap(name: str, kind: str | None) -> Any:
        f = saved[name]

        def w(self: Any, *a: Any, **k: Any) -> Any:
            label = kind if kind is not None else _kind(a[0])
            t = pt()
            try:
                return f(self, *a, **k)
            finally:
                acc[label] += pt() - t
                if name != "on_snapshot" and name != "feed_snapshot":  # (one snapshot: three calls, counted once)
                    cnt[label] += 1
        return w

    B.observe = wrap("observe", None)  # type: ignore[method-assign]
    for name in ("on_context", "on_snapshot", "feed_snapshot"):
        setattr(B, name, wrap(name, "request snapshot"))
    B.to_state = wrap("to_state", "state write")  # type: ignore[method-assign]
    B.__init__ = wrap("__init__", "new conversation")  # type: ignore[method-assign]
    try:
        cpu, wall = time.process_time(), pt()
        engine_only(items, only="detectors_on_with_changelog", changelog_every=every)
        cpu, wall = time.process_time() - cpu, pt() - wall
    finally:
        for n, f in saved.items():
            setattr(B, n, f)
    scale = cpu / wall
    n = len(items)
    kinds = {k: {"calls": cnt[k], "us_per_event": round(acc[k] * scale * 1e6 / n, 2),
                 "us_per_call": round(acc[k] * scale * 1e6 / max(1, cnt[k]), 2)} for k in KINDS}
    return {"cpu_over_wall": round(scale, 3), "total_us_per_event": round(sum(acc.values()) * scale * 1e6 / n, 2),
            "by_kind": kinds}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--events", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--changelog-every", type=int, default=2000, help="records between two changelog takes")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args()
    gc.set_threshold(*GC_THRESHOLDS)
    items = events_for(a.events, a.seed)
    engine_only(items, only="detectors_on_with_changelog")  # warm: imports, caches of the first pass
    rows = []
    for i in range(a.rounds):
        load = os.getloadavg()[0]
        row = {"round": i + 1, "load_average_1m": round(load, 2), **_pass(items, a.changelog_every)}
        rows.append(row)
        print(json.dumps(row), flush=True)
    med = {k: {"us_per_event": statistics.median(r["by_kind"][k]["us_per_event"] for r in rows),
               "us_per_call": statistics.median(r["by_kind"][k]["us_per_call"] for r in rows),
               "calls": rows[0]["by_kind"][k]["calls"]} for k in KINDS}
    total = statistics.median(r["total_us_per_event"] for r in rows)
    for k, v in med.items():
        print(f"{k:22} {v['calls']:7} calls {v['us_per_event']:7.2f} µs/event {v['us_per_call']:8.2f} µs/call")
    print(f"{'all':22} {total:23.2f} µs/event")
    code = code_state()
    out = {"what": f"bench/bench_detector_kinds.py: {a.rounds} rounds in one process, {a.events} events (seed "
                   f"{a.seed}), the changelog every {a.changelog_every} records, the detectors' entry points timed by "
                   "event kind "
                   "(wall clock scaled by the pass's CPU over wall time; the timer's cost included)",
           "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"), "commit": code["commit"],
           "core": code["core"], "processor_uncommitted_changes": code["processor_uncommitted_changes"],
           "machine": "shared 2-vCPU machine (other helpers' jobs: see the load averages)",
           "rounds": rows, "median": {"total_us_per_event": total, "by_kind": med}}
    if a.json:
        a.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
