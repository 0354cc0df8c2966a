"""`toolmend replay` speed and memory, next to what it must match (figures in bench/README.md, "Replay").

    python bench/bench_replay.py file   [--events 100000] [--rounds 5]   # file -> file vs the engine alone
    python bench/bench_replay.py topic  [--events 100000] [--rounds 3] [--broker tansu|kafka]
                                                                          # topic -> topic vs the live worker
    python bench/bench_replay.py memory [--events 1000000]               # peak RSS of a 1M-event file backfill

file: the same events (bench_worker.events_for, 4 partitions by key) through the engine alone (PartitionProcessor
per partition, counts into the metrics every batch, as the replay does) and through `replay()` from a JSONL file
to a JSONL file, in alternating rounds; median and spread of the ratio. topic: the same input topic read by the
live worker (bench_worker.worker_pass: a consumer group, state changelog, commits) and by a replay into topics
of its own, alternating. memory: a fresh interpreter each, the peak RSS of the replay of a 1M-event file next
to the engine alone over the same events (the live worker's state for the same conversations, without Kafka's
buffers). Nothing asserts a target: the script reports figures. The machine may be shared: say so with them.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import itertools
import json
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
for p in (BENCH.parent, BENCH):
    if str(p) not in sys.path:
        sys.path.append(str(p))  # last: the installed package (maybe a compiled wheel) wins over the checkout

from bench_worker import (  # noqa: E402
    PARTITIONS,
    events_for,
    produce_all,
    settings,
    worker_pass,
    worker_topics,
)
from benchenv import code_state, machine  # noqa: E402

from processor.shell.replay.select import conversation_of  # noqa: E402

RESULTS = BENCH / "results"


def write_file(items: list[tuple[bytes | None, bytes]], path: Path) -> None:
    with open(path, "wb") as f:
        for _, v in items:
            f.write(v.replace(b"\n", b" ") + b"\n")


def engine_alone(lines: list[bytes]) -> tuple[float, float]:
    """Seconds (wall, CPU of this process) for the engine alone over the file's records, split as the file
    replay splits them."""
    from prometheus_client import CollectorRegistry

    from processor.core.partition import PartitionProcessor
    from processor.core.tally import Tally
    from processor.shell.config import Settings
    from processor.shell.metrics import Metrics
    from processor.synth.generate import kafka_partition

    engine = Settings().engine_config()
    recs = []
    offsets = [0] * PARTITIONS
    for v in lines:
        cid = conversation_of(v)
        key = None if cid is None else cid.encode()
        part = 0 if key is None else kafka_partition(key, PARTITIONS)
        recs.append((part, offsets[part], key, v))
        offsets[part] += 1
    tally = Tally()
    m = Metrics(CollectorRegistry())
    procs = [PartitionProcessor("bench", p, engine, tally) for p in range(PARTITIONS)]
    for proc in procs:
        proc.hot_limit = max(64, Settings().hot_conversations // PARTITIONS)
    gc.collect()
    t, c = time.perf_counter(), time.process_time()
    for n, (part, off, key, value) in enumerate(recs):
        procs[part].process(off, key, value)
        if n % 2000 == 1999:
            m.flush(tally.take())
    m.flush(tally.take())
    return time.perf_counter() - t, time.process_time() - c


def replay_file(src: Path, out: Path) -> tuple[float, float]:
    from processor.shell.config import Settings
    from processor.shell.replay import Plan, replay

    gc.collect()
    t, c = time.perf_counter(), time.process_time()
    asyncio.run(replay(Plan(Settings(metrics_port=0), from_file=src, file_topic="bench", file_partitions=PARTITIONS,
                            to_file=out)))
    return time.perf_counter() - t, time.process_time() - c


def spread(vs: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(vs), 3), "min": round(min(vs), 3), "max": round(max(vs), 3)}


def bench_file(n: int, rounds: int, seed: int) -> dict[str, Any]:
    gc.set_threshold(50_000, 20, 20)  # for both, as the worker and the replay run (replay() sets it too)
    items = events_for(n, seed)
    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "events.jsonl"
        write_file(items, src)
        lines = src.read_bytes().splitlines()
        del items
        engine: list[float] = []
        rep: list[float] = []
        ratios: list[float] = []
        wall: list[float] = []
        for i in range(rounds):  # alternating, so drifts of the machine's speed hit both alike
            ew, ec = engine_alone(lines)
            rw, rc = replay_file(src, Path(d) / "out.jsonl")
            engine.append(n / ec)
            rep.append(n / rc)
            ratios.append(ec / rc)
            wall.append(ew / rw)
            print(f"  round {i + 1}: engine alone {n / ec:,.0f} events/CPU-s, replay file->file {n / rc:,.0f} "
                  f"events/CPU-s, ratio {ec / rc:.3f} (wall clock: {n / ew:,.0f} and {n / rw:,.0f}/s, "
                  f"ratio {ew / rw:.3f})")
        out_mb = (Path(d) / "out.jsonl").stat().st_size / 2**20
    doc = {"events": n, "partitions": PARTITIONS, "rounds": rounds, "measure": "CPU time of the process "
           "(process_time): the machine is shared, wall-clock rates swing with other tenants",
           "engine_events_per_cpu_s": spread(engine), "replay_events_per_cpu_s": spread(rep), "ratio": spread(ratios),
           "ratio_wall_clock": spread(wall), "target_ratio": 0.9, "output_mib": round(out_mb, 1)}
    print(f"file -> file / engine alone: median {doc['ratio']['median']} (min {doc['ratio']['min']}, "
          f"max {doc['ratio']['max']}); target >= 0.9")
    return doc


async def bench_topic(n: int, rounds: int, seed: int, bootstrap: str) -> dict[str, Any]:
    from processor.shell.kafka import ensure_topics
    from processor.shell.replay import Plan, replay

    run = uuid.uuid4().hex[:6]
    in_topic = f"rb{run}.in"
    base = settings(bootstrap, f"rb{run}", in_topic)
    await ensure_topics(base, [(in_topic, PARTITIONS, {"max.message.bytes": str(4 << 20)})])
    items = events_for(n, seed)
    n, _ = await produce_all(bootstrap, in_topic, items)
    del items
    work: list[float] = []
    rep: list[float] = []
    for i in range(rounds):
        sw = settings(bootstrap, f"rb{run}w{i}", in_topic)
        await worker_topics(sw)
        w = await worker_pass(sw, n, 600)
        work.append(w["events_per_s"])
        t = time.perf_counter()
        summary = await replay(Plan(settings(bootstrap, f"rb{run}r{i}", in_topic), name=f"r{i}"))
        r = summary["totals"]["events"] / (time.perf_counter() - t)
        rep.append(r)
        print(f"  round {i + 1}: live worker {w['events_per_s']:,} events/s, replay topic->topic {r:,.0f} events/s "
              f"({summary['records_out']:,} records out)")
    ratios = [r / w for r, w in zip(rep, work, strict=True)]
    doc = {"events": n, "partitions": PARTITIONS, "rounds": rounds, "worker_events_per_s": spread(work),
           "replay_events_per_s": spread(rep), "ratio": spread(ratios), "target_ratio": 1.0}
    print(f"topic -> topic / live worker: median {doc['ratio']['median']} (min {doc['ratio']['min']}, "
          f"max {doc['ratio']['max']}); target >= 1")
    return doc


_CHILD = r"""
import asyncio, json, resource, sys, time
from pathlib import Path
mode, src, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
def rss_mib():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
t = time.perf_counter()
if mode == "replay":
    from processor.shell.config import Settings
    from processor.shell.replay import Plan, replay
    base = rss_mib()
    asyncio.run(replay(Plan(Settings(metrics_port=0), from_file=src, file_topic="bench", file_partitions=4,
                            to_file=out)))
else:  # the engine alone, streaming the file, as the live worker's state grows for the same conversations
    import gc
    gc.set_threshold(50_000, 20, 20)  # as the worker runs
    from processor.core.partition import PartitionProcessor
    from processor.shell.config import Settings
    from processor.shell.replay.files import FileSource
    base = rss_mib()
    engine = Settings().engine_config()
    procs = [PartitionProcessor("bench", p, engine) for p in range(4)]
    for proc in procs:
        proc.hot_limit = max(64, Settings().hot_conversations // 4)
    fs = FileSource(src, 4)
    for batch in fs.batches():
        for p, off, key, value, _headers, _stamp in batch:
            procs[p].process(off, key, value)
    print(json.dumps({"conversations": sum(p.conversations for p in procs)}), file=sys.stderr)
peak = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
print(json.dumps({"mode": mode, "seconds": round(time.perf_counter() - t, 1), "rss_after_imports_mib": base,
                  "peak_rss_mib": peak, "peak_minus_imports_mib": round(peak - base, 1)}))
"""


def bench_memory(n: int, seed: int) -> dict[str, Any]:
    from processor.synth.generate import iter_generate

    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "events.jsonl"
        t = time.perf_counter()
        with open(src, "wb") as f:
            for ev in itertools.islice(iter_generate(None, seed=seed, partitions=PARTITIONS), n):
                f.write(ev.value.replace(b"\n", b" ") + b"\n")
        print(f"  {n:,} events written in {time.perf_counter() - t:.0f}s ({src.stat().st_size / 2**20:,.0f} MiB)")
        res = {}
        for mode in ("engine", "replay"):
            p = subprocess.run([sys.executable, "-c", _CHILD, mode, str(src), str(Path(d) / "out.jsonl")],
                               capture_output=True, text=True, check=True)
            res[mode] = json.loads(p.stdout.strip().splitlines()[-1])
            if p.stderr.strip():
                res[mode].update(json.loads(p.stderr.strip().splitlines()[-1]))
            print(f"  {mode}: {res[mode]}")
    return {"events": n, **res, "ratio_rss": round(res["replay"]["peak_rss_mib"] / res["engine"]["peak_rss_mib"], 3),
            "ratio_rss_after_imports": round(res["replay"]["peak_minus_imports_mib"]
                                             / res["engine"]["peak_minus_imports_mib"], 3)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("file", "topic", "memory"))
    ap.add_argument("--events", type=int, default=None)
    ap.add_argument("--rounds", type=int, default=None)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--broker", choices=("tansu", "kafka"), default="tansu")
    a = ap.parse_args()
    started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    if a.what == "file":
        doc = bench_file(a.events or 100_000, a.rounds or 5, a.seed)
    elif a.what == "memory":
        doc = bench_memory(a.events or 1_000_000, a.seed)
    else:
        from tests.support.brokers import start_broker

        with start_broker(a.broker) as b:
            doc = asyncio.run(bench_topic(a.events or 100_000, a.rounds or 3, a.seed, b.bootstrap))
        doc["broker"] = a.broker
    doc.update({"command": " ".join(sys.argv), "date": started, "machine": machine(), "code": code_state()})
    RESULTS.mkdir(parents=True, exist_ok=True)
    name = f"replay_{a.what}{'_kafka' if a.what == 'topic' and a.broker == 'kafka' else ''}.json"
    (RESULTS / name).write_text(json.dumps(doc, indent=2) + "\n")
    print(f"-> bench/results/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
