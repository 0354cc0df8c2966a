"""What joining tool runs costs the engine: generated traffic with tool runs (the demo's rates: a run that completed
for a call whose result was lost, a run that failed, a span past the grace), processed by one partition with
`tool_spans` on and off, in alternating rounds (on, off, on, off, ...: a shared machine's drift hits both alike),
CPU time, medians. With it off the `tool_run` events are still parsed and counted, so the difference is the join
itself (store, look-up, placeholder, findings). A second workload without tool runs shows what the feature costs
traffic that has none.

    python bench/bench_toolspans.py [--rounds 5] [--conversations 1500] [--json bench/results/toolspans_cost.json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from dataclasses import replace
from typing import Any

from benchenv import code_state, cpu_probe, machine  # this folder: run by path

from processor.core.config import EngineConfig
from processor.core.partition import PartitionProcessor
from processor.synth.generate import FaultRates, generate

TOOL_RATES = replace(FaultRates(), tool_ran=0.03, tool_failed=0.02, tool_run_late=0.01)  # as the demo


def run(events: list[Any], on: bool) -> float:
    p = PartitionProcessor("in", 0, EngineConfig(tool_spans=on))
    t = time.process_time()
    for i, e in enumerate(events):
        p.process(i, e.key, e.value)
    return time.process_time() - t


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--conversations", type=int, default=1500)
    ap.add_argument("--json")
    args = ap.parse_args()
    out: dict[str, Any] = {"what": __doc__.split("\n\n")[0], "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                           "code": code_state(), "machine": machine(load_before=os.getloadavg()), "workloads": {}}
    for name, rates in (("with_tool_runs", TOOL_RATES), ("without_tool_runs", FaultRates())):
        events, truth = generate(args.conversations, seed=7, rates=rates)
        n_runs = truth.events["tool_run"]
        times: dict[str, list[float]] = {"on": [], "off": []}
        probes = []
        for _ in range(args.rounds):
            probes.append(cpu_probe())
            for mode in ("on", "off"):
                times[mode].append(run(events, mode == "on"))
        on, off = statistics.median(times["on"]), statistics.median(times["off"])
        w: dict[str, Any] = {"events": len(events), "tool_run_events": n_runs,
                             "tool_result_lost_expected": truth.findings["tool_result_lost"],
                             "cpu_s_on": times["on"], "cpu_s_off": times["off"],
                             "us_per_event_on": round(on / len(events) * 1e6, 2),
                             "us_per_event_off": round(off / len(events) * 1e6, 2),
                             "on_over_off": round(on / off, 4), "cpu_probe_ms": probes}
        if n_runs:
            w["us_per_tool_run_joined"] = round((on - off) / n_runs * 1e6, 1)
        out["workloads"][name] = w
        print(name, json.dumps({k: v for k, v in w.items() if not k.startswith("cpu_s")}), flush=True)
    out["machine"]["load_after"] = os.getloadavg()
    if args.json:
        with open(args.json, "w") as f:
            f.write(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
