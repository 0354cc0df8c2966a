"""The librdkafka transport's hot path alone, this tree against a git ref, in alternating rounds on one broker.

    python bench/bench_rdk_path.py --ab REF [--events 100000] [--rounds 3] [--bootstrap HOST:PORT] [--out FILE]

Two passes per side and round, each over the same records, with no engine in between:

* `fetch`: `RdConsumer.getmany(max_records=2000)` over an input topic of `--events` generated events (4 partitions,
  assigned by hand from offset 0) until every record is read;
* `produce`: `LibrdkafkaClient.enqueue` of steps of 2,500 records (700 bytes, two headers, four partitions, as
  the worker's outputs), each step's acknowledgements awaited, over `--events` records.

Reported per pass: CPU µs per record of the whole process (librdkafka's threads included) and wall seconds,
median and range over the rounds, and the ratio this tree / REF per round. REF's transport module is read from
git (`git show REF:processor/shell/transport/librdkafka.py`) and loaded beside this tree's, so both run on the
same interpreter, broker and records; the rest of the package is this tree's. Writes
bench/results/librdkafka_hot_path.json.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

import aiokafka
import bench_transports as bt  # this folder: bench scripts run by path
import bench_worker as bw
from aiokafka.structs import TopicPartition
from benchenv import code_state, cpu_probe, machine, stats

import processor.shell.transport.librdkafka as this_tree
from processor.core.partition import OutRecord
from processor.shell.config import Settings

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MODULE = "processor/shell/transport/librdkafka.py"
STEP = 2500


def load_ref(ref: str) -> ModuleType:
    """REF's transport module, loaded inside the package (its relative imports resolve to this tree's modules)."""
    text = subprocess.run(["git", "show", f"{ref}:{MODULE}"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout
    path = Path(tempfile.mkdtemp()) / "librdkafka_ref.py"
    path.write_text(text)
    name = "processor.shell.transport._librdkafka_ref"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


async def fetch_pass(mod: ModuleType, bootstrap: str, topic: str, total: int) -> dict[str, float]:
    c = mod.RdConsumer(mod.consumer_conf(Settings(bootstrap_servers=bootstrap), 1))
    await c.start()
    try:
        tps = [TopicPartition(topic, p) for p in range(bw.PARTITIONS)]
        c.assign(tps)
        for tp in tps:
            c.seek(tp, 0)
        n = fetches = 0
        cpu0, t0 = time.process_time(), time.perf_counter()
        while n < total:
            got = await c.getmany(timeout_ms=500, max_records=2000)
            n += sum(len(r) for r in got.values())
            fetches += 1
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - t0
    finally:
        await c.stop()
    return {"cpu_us_per_record": round(1e6 * cpu / n, 3), "wall_s": round(wall, 2), "fetches": fetches}


def records(n: int) -> list[tuple[str, int | None, OutRecord]]:
    return [("hotpath.out", i % bw.PARTITIONS, OutRecord("repaired", b"conv-%d" % (i % 3000), b"x" * 700,
             [("toolmend-id", b"%032d" % i), ("toolmend-source", b"hotpath.in:1:%d" % i)])) for i in range(n)]


async def produce_pass(mod: ModuleType, bootstrap: str, total: int) -> dict[str, float]:
    s = Settings(bootstrap_servers=bootstrap)
    p = mod.RdProducer(mod.producer_conf(s))
    await p.start()
    client = mod.LibrdkafkaClient()
    steps = [records(STEP) for _ in range(max(1, total // STEP))]
    try:
        cpu0, t0 = time.process_time(), time.perf_counter()
        for plan in steps:
            pending = await client.enqueue(p, plan)
            for res in await asyncio.gather(*(f for f, _ in pending), return_exceptions=True):
                if isinstance(res, BaseException):
                    raise res
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - t0
    finally:
        await p.stop()
    n = len(steps) * STEP
    return {"cpu_us_per_record": round(1e6 * cpu / n, 3), "wall_s": round(wall, 2)}


async def run(bootstrap: str, ref: str, total: int, rounds: int) -> dict[str, Any]:
    sides = {"this_tree": this_tree, "ref": load_ref(ref)}
    topic, data = await bt.produce_input(bootstrap, total, 5)
    await bw.ensure_topics(bw.settings(bootstrap, "hotpath", topic), [("hotpath.out", bw.PARTITIONS, bw.BIG)])
    out: list[dict[str, Any]] = []
    for i in range(rounds):
        order = list(sides) if i % 2 == 0 else list(sides)[::-1]
        rnd: dict[str, Any] = {"round": i + 1, "order": order}
        for side in order:
            for name in ("fetch", "produce"):
                probe, load = cpu_probe(), [round(x, 2) for x in os.getloadavg()]
                r = await (fetch_pass(sides[side], bootstrap, topic, data["events"]) if name == "fetch"
                           else produce_pass(sides[side], bootstrap, total))
                r.update(cpu_probe_ms=probe, load_average_1m_5m_15m=load)
                rnd[f"{side}_{name}"] = r
                print(f"  round {i + 1} {side:<9} {name:<7} {r['cpu_us_per_record']:>6} us/record  "
                      f"{r['wall_s']:>5} s  (load {load[0]}, probe {probe} ms)", flush=True)
        for name in ("fetch", "produce"):
            rnd[f"{name}_cpu_this_tree/ref"] = round(rnd[f"this_tree_{name}"]["cpu_us_per_record"]
                                                     / rnd[f"ref_{name}"]["cpu_us_per_record"], 3)
        out.append(rnd)
    summary = {f"{side}_{name}_cpu_us_per_record": stats([r[f"{side}_{name}"]["cpu_us_per_record"] for r in out],
                                                         higher_is_better=False)
               for side in sides for name in ("fetch", "produce")}
    summary.update({f"{name}_cpu_this_tree/ref": stats([r[f"{name}_cpu_this_tree/ref"] for r in out],
                                                       higher_is_better=False) for name in ("fetch", "produce")})
    return {"input": data, "rounds": out, "summary": summary}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ab", required=True, metavar="REF", help="the git ref to compare this tree with")
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--bootstrap", help="use this running broker instead of starting one")
    ap.add_argument("--out", help="result file (default bench/results/librdkafka_hot_path.json)")
    a = ap.parse_args()
    with bw.Broker(a.bootstrap, "tansu") as broker:
        doc = asyncio.run(run(broker.bootstrap, a.ab, a.events, a.rounds))
    import confluent_kafka

    ref = subprocess.run(["git", "rev-parse", "--short", a.ab], cwd=ROOT, capture_output=True, text=True,
                         check=False).stdout.strip()
    doc = {"bench": "librdkafka_hot_path", "date": datetime.now(UTC).isoformat(timespec="seconds"),
           "command": "python bench/bench_rdk_path.py " + " ".join(sys.argv[1:]),
           "machine": machine(aiokafka=aiokafka.__version__, confluent_kafka=confluent_kafka.version()[0]),
           "code": code_state(), "ref": ref, **doc}
    print(json.dumps(doc["summary"], indent=1))
    out = Path(a.out) if a.out else HERE / "results" / "librdkafka_hot_path.json"
    out.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
