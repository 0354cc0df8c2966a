"""Soak: the worker at a steady rate for a long time; RSS, lag and p99 latency over time.

    python bench/bench_soak.py [--duration 1800] [--rate 100] [--every 30] [--broker tansu|kafka]
                               [--conversation-ttl SECONDS] [--hot-conversations N]

The worker runs as a separate process (`python -m processor.shell.cli run`, default settings but those given),
as in production, on its own embedded Tansu broker (or Apache Kafka 4.x). This process produces generated events
(processor.synth: the realistic mix of dialects, faults and conversation lengths; new conversations keep
starting, so the number of conversations ever seen grows without end) paced at `--rate` events/s for
`--duration` seconds, and consumes the repaired topic.

Event time is the generator's: a conversation starts every 6 s of event time on average, ~13 events each, so at
100 events/s event time runs ~45 times faster than the wall clock (a 30-minute run covers ~22 h of event
time). Conversations that end with an `end` event leave at once; the others (~30 % of them) stay until the
worker's `conversation_ttl` (event time) evicts them. With the default TTL (24 h) no conversation is evicted in a
30-minute run and the live ones grow all run long; `--conversation-ttl 14400` (4 h, ~5 min of wall time here)
lets them plateau within the warm-up, so the run shows the steady state. Every `--every` seconds it samples:

* the worker's RSS (VmRSS of /proc/<pid>/status),
* the group's lag (records produced minus records committed),
* p50/p99 of the latency of the window's outputs (receive time - send time of the input record its
  `toolmend-source` header names),
* the worker's own gauges: conversations in memory (`toolmend_open_conversations`), serialized state size,
* the event time reached (hours since the first event), the machine's load average (the machine may be shared),
* the memory bound of docs/performance.md ("Memory") at that many live conversations: the idle worker's RSS
  (measured before any traffic) + the engine's caches once full + hot x H + cold x C (`BOUND_TERMS`, for the
  core that runs), hot being the live conversations up to the hot budget (`hot_conversations`), cold the rest.

The result (bench/results/soak.json, with date and commit) holds the samples and a verdict on memory: the slope
of RSS over the samples after the warm-up (the first `--warmup` share of the run), in MiB per minute, "flat" when
under `FLAT_MIB_PER_MIN`, the largest RSS seen, and the last RSS against the bound. No assertion: the figures are
reported.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.request
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiokafka
import orjson
from aiokafka import AIOKafkaProducer
from bench_worker import (
    PARTITIONS,
    Broker,
    committed_total,
    cpu_seconds,
    env_for,
    output_reader,
    settings,
    stop_process,
    wait_ready,
    worker_topics,
)
from benchenv import code_state, core_kind, machine

from processor.shell.config import Settings
from processor.shell.embedded_broker import free_port
from processor.synth.generate import generate

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).resolve().parent / "results"
FLAT_MIB_PER_MIN = 0.2  # an RSS slope under this after the warm-up counts as flat
MiB = 1 << 20
# the memory bound's terms (docs/performance.md, "Memory"), measured on this workload (processor.synth
# conversations, detectors on): bytes per hot conversation (a live object) and per cold one (its stored form and
# the entry naming it), each with its timer queue entries, by engine runs (the larger of tracemalloc's and RSS's
# figure); what the engine's bounded caches hold once full (tracemalloc, at their entry counts); the traffic's
# working memory at this rate (the batch in flight, client buffers, allocator slack: what the 30-minute soak's RSS
# held beyond the other terms at the end of its warm-up)
BOUND_TERMS = {"compiled": {"hot_bytes": 15_200, "cold_bytes": 1_500, "caches_mib": 16.0, "traffic_mib": 7.0},
               "python": {"hot_bytes": 15_200, "cold_bytes": 2_300, "caches_mib": 16.0, "traffic_mib": 7.0}}


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    return float("nan")


def gauges(port: int, names: tuple[str, ...]) -> dict[str, float]:
    out: dict[str, float] = {}
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as r:
            for line in r.read().decode().splitlines():
                name, _, value = line.partition(" ")
                if name in names:
                    out[name] = float(value)
    except OSError:
        pass
    return out


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))] * 1000, 1)


def slope_per_min(ts: list[float], ys: list[float]) -> float:
    """Least-squares slope of ys over ts (seconds), per minute."""
    if len(ts) < 2:
        return float("nan")
    mt, my = statistics.fmean(ts), statistics.fmean(ys)
    den = sum((t - mt) ** 2 for t in ts)
    return round(sum((t - mt) * (y - my) for t, y in zip(ts, ys, strict=True)) / den * 60, 3) if den else 0.0


def bound_mib(idle_mib: float, live: float, hot_budget: int, terms: dict[str, float]) -> float:
    """The stated bound at `live` conversations: hot ones up to the budget (split among the partitions: at most
    `hot_limit` each), the others cold."""
    hot = min(live, PARTITIONS * max(64, hot_budget // PARTITIONS))
    live_bytes = hot * terms["hot_bytes"] + (live - hot) * terms["cold_bytes"]
    return round(idle_mib + terms["caches_mib"] + terms["traffic_mib"] + live_bytes / MiB, 1)


def event_ms(value: bytes, default: int) -> int:
    """An event's `ts` in ms (a number, or an ISO 8601 string); `default` for a malformed one."""
    try:
        ts = orjson.loads(value).get("ts")
        if isinstance(ts, str):
            return int(datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp() * 1000)
        return int(ts)
    except (ValueError, TypeError, AttributeError):
        return default


def events(n: int, seed: int) -> list[tuple[bytes | None, bytes]]:
    evs, _ = generate(max(1, n // 13), seed=seed, partitions=PARTITIONS)
    while len(evs) < n:
        more, _ = generate(max(1, (n - len(evs)) // 10), seed=seed + len(evs), partitions=PARTITIONS)
        evs.extend(more)
    return [(e.key, e.value) for e in evs[:n]]


async def soak(bootstrap: str, duration: float, rate: int, every: float, seed: int, log: Path,
               worker: dict[str, Any]) -> dict[str, Any]:
    prefix = f"soak{uuid.uuid4().hex[:6]}"
    port = free_port()
    s = settings(bootstrap, prefix, f"{prefix}.in", metrics_port=port, metrics_host="127.0.0.1", **worker)
    n_events = int(rate * duration)
    items = events(n_events, seed)
    await worker_topics(s)
    with open(log, "ab") as f:
        proc = subprocess.Popen([sys.executable, "-P", "-m", "processor.shell.cli", "run", "--log-level",
                                 "WARNING"], env=env_for(s), stdout=f, stderr=subprocess.STDOUT, cwd=ROOT)
    sent: dict[tuple[int, int], float] = {}
    window: list[float] = []  # latencies of the outputs received since the last sample
    pending: list[tuple[str, float]] = []  # outputs whose input's send time is not known yet
    samples: list[dict[str, Any]] = []
    terms = BOUND_TERMS[core_kind()]
    first_ts = event_ms(items[0][1], 0) if items else 0
    last_ts = first_ts
    try:
        wait_ready(port, 60)
        time.sleep(2)
        idle = rss_mib(proc.pid)  # the worker before any traffic: the bound's base
        c = await output_reader(bootstrap, s.output_topic, 50)
        done = asyncio.Event()

        def match(src: str, t_recv: float) -> bool:
            _topic, part, off = src.rsplit(":", 2)
            at = sent.get((int(part), int(off)))
            if at is None:
                return False
            window.append(t_recv - at)
            return True

        async def consume() -> None:
            while not done.is_set():
                got = await c.getmany(timeout_ms=100)
                now = time.time()
                for recs in got.values():
                    for r in recs:
                        src = dict(r.headers or ()).get("toolmend-source")
                        if src is not None and not match(src.decode(), now):
                            pending.append((src.decode(), now))

        ctask = asyncio.create_task(consume())
        p = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=2, max_request_size=4 << 20, acks="all")
        await p.start()
        acks: list[tuple[float, asyncio.Future[Any]]] = []
        t0 = time.perf_counter()
        next_sample = every
        i = 0
        cpu0 = cpu_seconds(proc.pid)
        while i < n_events:
            elapsed = time.perf_counter() - t0
            due = min(n_events, int(elapsed * rate) + 1)
            while i < due:
                key, value = items[i]
                now = time.time()
                acks.append((now, await p.send(s.input_topic, value, key=key, timestamp_ms=int(now * 1000))))
                i += 1
            done_acks = [(t, f) for t, f in acks if f.done()]
            acks = [(t, f) for t, f in acks if not f.done()]
            for t, f in done_acks:
                md = f.result()
                sent[(md.partition, md.offset)] = t
            if pending:
                still = [(src, t) for src, t in pending if not match(src, t)]
                pending[:] = still
            if elapsed >= next_sample:
                lag = i - await committed_total(s)
                g = gauges(port, ("toolmend_open_conversations", "toolmend_state_bytes"))
                cpu1 = cpu_seconds(proc.pid)
                live = g.get("toolmend_open_conversations")
                last_ts = max(last_ts, event_ms(items[i - 1][1], last_ts))
                samples.append({"t_s": round(elapsed), "rss_mib": rss_mib(proc.pid), "lag_records": lag,
                                "p50_ms": pct(window, 0.5), "p99_ms": pct(window, 0.99), "outputs": len(window),
                                "open_conversations": live,
                                "state_bytes": g.get("toolmend_state_bytes"),
                                "conversations_started": len({k for k, _ in items[:i]}),
                                "event_time_h": round((last_ts - first_ts) / 3.6e6, 2),
                                "rss_bound_mib": bound_mib(idle, live or 0.0, s.hot_conversations, terms),
                                "worker_cpu_cores": round((cpu1 - cpu0) / every, 2),
                                "load_avg_1m": round(os.getloadavg()[0], 2)})
                cpu0 = cpu1
                print(json.dumps(samples[-1]), flush=True)
                window.clear()
                next_sample += every
            await asyncio.sleep(0.005)
        for t, f in acks:
            md = await f
            sent[(md.partition, md.offset)] = t
        await p.stop()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and await committed_total(s) < n_events:
            await asyncio.sleep(0.5)
        committed = await committed_total(s)
        done.set()
        await ctask
        await c.stop()
    finally:
        stop_process(proc)
    return {"events": n_events, "committed": committed, "rss_idle_mib": idle, "bound_terms": terms,
            "samples": samples}


def verdict(samples: list[dict[str, Any]], warmup: float) -> dict[str, Any]:
    if not samples:
        return {}
    end = samples[-1]["t_s"]
    after = [x for x in samples if x["t_s"] >= end * warmup]
    ts = [float(x["t_s"]) for x in after]
    rss = [float(x["rss_mib"]) for x in after]
    slope = slope_per_min(ts, rss)
    half = [float(x["rss_mib"]) for x in after[len(after) // 2:]]
    live = [float(x["open_conversations"] or 0) for x in after]
    load = [float(x["load_avg_1m"]) for x in samples]
    return {"warmup_s": round(end * warmup), "rss_mib_after_warmup": {"first": rss[0], "last": rss[-1],
                                                                      "max": max(rss), "min": min(rss)},
            "rss_slope_mib_per_min_after_warmup": slope,
            "rss_slope_mib_per_min_second_half": slope_per_min(ts[len(ts) // 2:], half),
            "flat": abs(slope) < FLAT_MIB_PER_MIN, "flat_threshold_mib_per_min": FLAT_MIB_PER_MIN,
            "rss_max_mib": max(float(x["rss_mib"]) for x in samples),
            "open_conversations_after_warmup": {"first": live[0], "last": live[-1], "max": max(live)},
            "open_conversations_slope_per_min_after_warmup": slope_per_min(ts, live),
            "rss_end_mib": samples[-1]["rss_mib"], "rss_bound_end_mib": samples[-1]["rss_bound_mib"],
            "within_bound": all(float(x["rss_mib"]) <= float(x["rss_bound_mib"]) for x in after),
            "load_avg_1m": {"mean": round(statistics.fmean(load), 2), "max": max(load)},
            "lag_max_records": max(int(x["lag_records"]) for x in samples),
            "p99_ms_max": max((float(x["p99_ms"]) for x in samples if x["outputs"]), default=float("nan"))}


def rejudge(path: Path, warmup: float) -> int:
    doc = json.loads(path.read_text())
    terms = BOUND_TERMS[doc["code"]["core"]]
    budget = int(doc["worker_settings_effective"]["hot_conversations"])
    for x in doc["samples"]:
        x["rss_bound_mib"] = bound_mib(doc["rss_idle_mib"], x["open_conversations"] or 0.0, budget, terms)
    doc["bound_terms"] = terms
    doc["verdict"] = verdict(doc["samples"], warmup)
    path.write_text(json.dumps(doc, indent=2) + "\n")
    print(json.dumps(doc["verdict"], indent=2))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--duration", type=float, default=1800.0, help="seconds of paced input (30 min by default)")
    ap.add_argument("--rate", type=int, default=100, help="events per second")
    ap.add_argument("--every", type=float, default=30.0, help="seconds between two samples")
    ap.add_argument("--warmup", type=float, default=0.25, help="share of the run left out of the RSS slope")
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--broker", choices=("tansu", "kafka"), default="tansu")
    ap.add_argument("--bootstrap", default=None, help="a running broker instead of a fresh one")
    ap.add_argument("--hot-conversations", type=int, default=None,
                    help="the worker's live-conversation budget (its default otherwise): a small one reaches the "
                    "steady state, where memory stops growing, within a short run")
    ap.add_argument("--conversation-ttl", type=float, default=None,
                    help="the worker's conversation_ttl in event-time seconds (its default, 24 h, otherwise): "
                    "a shorter one lets the live conversations plateau within the run (event time runs ~45x the "
                    "wall clock here)")
    ap.add_argument("--note", default=None, help="a sentence kept in the result (what the run shows or replaces)")
    ap.add_argument("--out", default=str(RESULTS / "soak.json"))
    ap.add_argument("--rejudge", default=None, metavar="RESULT",
                    help="no run: the bound and verdict of a result file again, with today's BOUND_TERMS")
    args = ap.parse_args()
    if args.rejudge:
        return rejudge(Path(args.rejudge), args.warmup)
    log = Path(__file__).resolve().parent / "out" / "soak_worker.log"
    log.parent.mkdir(exist_ok=True)
    with Broker(args.bootstrap, args.broker) as b:
        worker: dict[str, Any] = {}
        if args.hot_conversations is not None:
            worker["hot_conversations"] = args.hot_conversations
        if args.conversation_ttl is not None:
            worker["conversation_ttl_s"] = args.conversation_ttl
        result = asyncio.run(soak(b.bootstrap, args.duration, args.rate, args.every, args.seed, log, worker))
    doc = {"bench": "soak", "date": datetime.now(UTC).isoformat(timespec="seconds"),
           "command": "python bench/bench_soak.py " + " ".join(sys.argv[1:]),
           "machine": machine(aiokafka=aiokafka.__version__), "code": code_state(),
           "broker": args.broker if not args.bootstrap else "given", "duration_s": args.duration,
           "rate": args.rate, "worker_settings": worker or "defaults",
           "worker_settings_effective": {k: getattr(Settings(bootstrap_servers="127.0.0.1:9092", **worker), k)
                                         for k in ("hot_conversations", "conversation_ttl_s", "tool_result_timeout_s",
                                                   "max_batch")},
           **({"note": args.note} if args.note else {}),
           "verdict": verdict(result["samples"], args.warmup), **result}
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=2) + "\n")
    print(json.dumps(doc["verdict"], indent=2))
    print(f"wrote {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
