"""The worker's throughput and its probes while its HTTP port is attacked (issue #19, item 5).

    python bench/bench_probes.py [--rounds 3] [--events 120000] [--window 8] [--bootstrap HOST:PORT]

An embedded Tansu broker (memory storage) unless `--bootstrap` names a running one. Generated events
(processor.synth) are produced once into an input topic of 4 partitions. Each pass runs `toolmend run` as a
process (fresh group and output topics, same input, default settings) and, once its first commit shows, runs one
attack of tests/support/probe_load.py against its HTTP port for `--window` seconds while the kubelet's probes go on
(a new connection each, `/healthz` and `/readyz` in turn every 0.5 s, 1 s timeout, from the node's address);
the attack runs in a process of its own (its connections from other loopback addresses), the prober in a
thread of this one.
Measured over the window: events/s (input records committed by the group), the worker's CPU seconds (utime + stime
from /proc) and events per CPU second, and every probe's outcome and latency.

The conditions: no attack; 64 slow clients from an attacker's address; 16 back-to-back `/metrics` scrapers from
four addresses; 1,000 silent connections from eight attackers' addresses; 64 slow clients from the node's own
address. Every round runs each condition once, in an order rotated from round to round; what counts is the ratio
of each attack's events/s to the no-attack pass of the same round (its median over rounds), since the machine
may be shared: the load average before and after and a fixed CPU probe per pass are recorded beside the figures.
Writes bench/results/probes.json. No assertion: the figures are reported.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
for p in (BENCH.parent, BENCH):
    if str(p) not in sys.path:
        sys.path.append(str(p))  # last: the installed package (maybe a compiled wheel) wins over the checkout

from benchenv import code_state, cpu_probe, machine  # noqa: E402

from processor.shell.embedded_broker import EmbeddedBroker  # noqa: E402
from processor.synth.generate import generate  # noqa: E402
from tests.integration.harness import Progress, WorkerProc, create, produce, settings_for, wait_until  # noqa: E402
from tests.support.probe_load import Attack, AttackProcess, Prober, attacks, raise_fd_limit, summary  # noqa: E402

RESULTS = BENCH / "results"
PARTITIONS = 4
NONE = "no_attack"


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def one_pass(bootstrap: str, input_topic: str, total: int, attack: Attack | None, window_s: float,
                   log: Path) -> dict[str, Any]:
    s = settings_for(bootstrap, prefix=f"b{uuid.uuid4().hex[:8]}", partitions=PARTITIONS)
    s = s.model_copy(update={"input_topic": input_topic})
    await create(s)
    probe_ms = cpu_probe()
    with WorkerProc(s, log) as w:
        async with Progress(s) as progress:
            await wait_until(lambda: progress.committed(), 90, every=0.05)
            prober = Prober(w.port)
            attacking = AttackProcess(attack.name, "127.0.0.1", w.port) if attack else None
            c0, t0, cpu0 = await progress.committed(), time.monotonic(), cpu_seconds(w.pid)
            prober.start()
            await asyncio.sleep(window_s)
            c1, t1, cpu1 = await progress.committed(), time.monotonic(), cpu_seconds(w.pid)
            probes = prober.stop()
            seen = await asyncio.to_thread(attacking.stop) if attacking else None
        assert w.alive(), w.tail()
        await w.stop()
    if c1 >= total:
        raise SystemExit(f"the input ran out inside the window ({total} events): raise --events")
    rate = (c1 - c0) / (t1 - t0)
    return {"events_per_s": round(rate, 1), "worker_cpu_s": round(cpu1 - cpu0, 2),
            "events_per_cpu_s": round((c1 - c0) / max(1e-9, cpu1 - cpu0), 1), "cpu_probe_ms": probe_ms,
            "probes": [(round(p.at, 2), p.path, p.ok, round(p.latency_s * 1000, 1)) for p in probes],
            "probe_summary": summary(probes), "attack": dataclasses.asdict(seen) if seen else None}


async def run(args: argparse.Namespace, bootstrap: str) -> dict[str, Any]:
    raise_fd_limit(2048)
    input_topic = f"probes-{uuid.uuid4().hex[:6]}.in"
    s = settings_for(bootstrap, partitions=PARTITIONS).model_copy(update={"input_topic": input_topic})
    await create(s)
    events, _ = generate(max(20, args.events // 14), seed=19, partitions=PARTITIONS)
    total = await produce(bootstrap, input_topic, [(e.key, e.value) for e in events])
    conditions: dict[str, Attack | None] = {NONE: None, **attacks()}
    names = list(conditions)
    rounds: list[dict[str, dict[str, Any]]] = []
    with tempfile.TemporaryDirectory(prefix="bench-probes-") as tmp:
        for r in range(args.rounds):
            order = names[r % len(names):] + names[:r % len(names)]
            got: dict[str, dict[str, Any]] = {}
            for name in order:
                got[name] = await one_pass(bootstrap, input_topic, total, conditions[name], args.window,
                                           Path(tmp) / f"{name}-{r}.log")
                ps = got[name]["probe_summary"]
                print(f"round {r + 1} {name:28} {got[name]['events_per_s']:8.0f} events/s "
                      f"{got[name]['events_per_cpu_s']:8.0f} per CPU s  probes {ps['ok']}/{ps['sent']} "
                      f"p50 {ps['p50_ms']} ms p99 {ps['p99_ms']} ms", flush=True)
            rounds.append(got)
    out: dict[str, Any] = {}
    for name in names:
        rates = [g[name]["events_per_s"] for g in rounds]
        ratios = [g[name]["events_per_s"] / g[NONE]["events_per_s"] for g in rounds]
        cpu_ratios = [g[name]["events_per_cpu_s"] / g[NONE]["events_per_cpu_s"] for g in rounds]
        lat = sorted(x[3] for g in rounds for x in g[name]["probes"])
        q = statistics.quantiles(lat, n=100, method="inclusive")
        out[name] = {"events_per_s": rates, "events_per_s_median": statistics.median(rates),
                     "ratio_to_no_attack": [round(x, 3) for x in ratios],
                     "ratio_to_no_attack_median": round(statistics.median(ratios), 3),
                     "events_per_cpu_s_ratio_median": round(statistics.median(cpu_ratios), 3),
                     "probes_sent": len(lat), "probes_ok": sum(x[2] for g in rounds for x in g[name]["probes"]),
                     "probe_failed_in_a_row_max": max(g[name]["probe_summary"]["failed_in_a_row"] for g in rounds),
                     "probe_latency_p50_ms": round(statistics.median(lat), 1), "probe_latency_p99_ms": round(q[98], 1),
                     "cpu_probe_ms": [g[name]["cpu_probe_ms"] for g in rounds]}
    return {"conditions": out, "events": total, "rounds": [{k: {kk: vv for kk, vv in v.items() if kk != "probes"}
                                                             for k, v in g.items()} for g in rounds]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--events", type=int, default=120000)
    ap.add_argument("--window", type=float, default=8.0, help="seconds of each attack (and of the measure)")
    ap.add_argument("--bootstrap", default=None)
    ap.add_argument("--out", default=str(RESULTS / "probes.json"))
    args = ap.parse_args()
    load_before = os.getloadavg()
    started = datetime.now(UTC).isoformat(timespec="seconds")
    broker = None if args.bootstrap else EmbeddedBroker().start()
    try:
        res = asyncio.run(run(args, args.bootstrap or broker.bootstrap))  # type: ignore[union-attr]
    finally:
        if broker is not None:
            broker.stop()
    doc = {"bench": "probes", "date": started, **code_state(), "broker": "kafka" if args.bootstrap else "tansu",
           "machine": machine(), "load_average_before": [round(x, 2) for x in load_before],
           "load_average_after": [round(x, 2) for x in os.getloadavg()], "window_s": args.window,
           "rounds_run": args.rounds, "probe": {"period_s": 0.5, "timeout_s": 1.0, "paths": ["/healthz", "/readyz"]},
           **res}
    Path(args.out).write_text(json.dumps(doc, indent=2) + "\n")
    for name, c in res["conditions"].items():
        print(f"{name:28} {c['events_per_s_median']:8.0f} events/s  ratio {c['ratio_to_no_attack_median']:.3f} "
              f"(per CPU s {c['events_per_cpu_s_ratio_median']:.3f})  probes {c['probes_ok']}/{c['probes_sent']} "
              f"p50 {c['probe_latency_p50_ms']} ms p99 {c['probe_latency_p99_ms']} ms")
    print(f"wrote {args.out}; load average {doc['load_average_before']} -> {doc['load_average_after']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
