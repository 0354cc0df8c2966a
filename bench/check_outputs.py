"""Output identity check for engine optimisations: hash everything the engine emits, compare with a reference.

    python bench/check_outputs.py --record   # write bench/output_hashes.json (before changing anything)
    python bench/check_outputs.py            # recompute and compare (exit 1 on any difference)

Workloads: the worker benchmark's events (`events_for(100_000, 5)`, 4 partitions by key) and
`processor.synth.generate` traffic with a few other seeds. Configurations: detectors on (with and without the
Prometheus observer), detectors off, the `drop` strategy, and a tiny hot set (conversations go cold and are woken
from their serialized state all the time). Per run, one hash over every OutRecord (kind, key, value, headers) in
order, every take_changelog() record (called every 2000 events, as the worker does per batch, followed by
`committed`), and with the observer the final counter values.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from bench_worker import events_for  # the throughput section's events (this folder: run by path)
from benchenv import core_kind
from prometheus_client import CollectorRegistry

from processor.core.config import EngineConfig
from processor.core.partition import PartitionProcessor
from processor.core.tally import Tally
from processor.core.tracker import RepairConfig
from processor.shell.metrics import Metrics
from processor.synth.generate import generate, kafka_partition

REFERENCE = Path(__file__).resolve().parent / "output_hashes.json"
PARTITIONS = 4
BATCH = 2000


def records(items: list[tuple[bytes | None, bytes]]) -> list[tuple[int, int, bytes | None, bytes]]:
    out = []
    offsets = [0] * PARTITIONS
    rng = random.Random(1)
    for key, value in items:
        part = kafka_partition(key, PARTITIONS) if key is not None else rng.randrange(PARTITIONS)
        out.append((part, offsets[part], key, value))
        offsets[part] += 1
    return out


def _feed(hasher: Any, *parts: bytes | str | None) -> None:
    for p in parts:
        if p is None:
            hasher.update(b"\xff\x00")
        else:
            b = p.encode() if isinstance(p, str) else p
            hasher.update(len(b).to_bytes(8, "little"))
            hasher.update(b)


def _changelog(hasher: Any, p: PartitionProcessor) -> None:
    # take_changelog walks sets of conversation ids: its order follows the string hash seed, not the input. Each
    # key occurs at most once per call, so the records are hashed in key order (the meta record is last anyway)
    for k, v in sorted(p.take_changelog(), key=lambda kv: kv[0]):
        _feed(hasher, b"C", k, v)


def run(recs: list[tuple[int, int, bytes | None, bytes]], cfg: EngineConfig, metrics: bool) -> str:
    obs = Metrics(CollectorRegistry()) if metrics else None
    tally = Tally()  # as in the worker: the core counts, the metrics take the counts after each batch
    procs = [PartitionProcessor("bench.in", p, cfg, tally) for p in range(PARTITIONS)]
    hasher = hashlib.sha256()
    for n, (part, off, key, value) in enumerate(recs, 1):
        for r in procs[part].process(off, key, value):
            _feed(hasher, b"O", r.kind, r.key, r.value)
            for hk, hv in r.headers:
                _feed(hasher, hk, hv)
        if n % BATCH == 0:
            if obs is not None:
                obs.flush(tally.take())
            for p in procs:
                _changelog(hasher, p)
                p.committed(p.offset + 1)
    for p in procs:
        _changelog(hasher, p)
        _feed(hasher, b"S", str((p.conversations, p.open_calls, p.watermark, p.offset, p.state_bytes)))
    if obs is not None:
        obs.flush(tally.take())
        for fam in obs.registry.collect():
            for s in fam.samples:
                if s.name.endswith("_created"):
                    continue
                _feed(hasher, b"M", s.name, json.dumps(sorted(s.labels.items())), repr(s.value))
    return hasher.hexdigest()


SYNTH_SEEDS = (1, 2, 3)
WORKLOADS = ("bench_100k_seed5", *(f"synth_1500_seed{seed}" for seed in SYNTH_SEEDS))


@cache
def workload(name: str) -> list[tuple[int, int, bytes | None, bytes]]:
    if name == "bench_100k_seed5":
        return records(events_for(100_000, 5))
    evs, _ = generate(1500, seed=int(name.removeprefix("synth_1500_seed")), partitions=PARTITIONS)
    return records([(e.key, e.value) for e in evs])


CONFIGS: dict[str, tuple[EngineConfig, bool]] = {
    "on": (EngineConfig(), False),
    "on_metrics": (EngineConfig(), True),
    "off": (EngineConfig(behaviour=False), False),
    "drop": (EngineConfig(repair=RepairConfig(strategy="drop")), False),
    "cold": (EngineConfig(hot_conversations=8), True),
}


def _run_one(job: tuple[str, str]) -> tuple[str, str, float]:
    wname, cname = job
    cfg, metrics = CONFIGS[cname]
    recs = workload(wname)
    t = time.perf_counter()
    return f"{wname}/{cname}", run(recs, cfg, metrics), time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--record", action="store_true", help="write the reference instead of checking against it")
    ap.add_argument("--quick", action="store_true", help="only the synth workloads and the bench events detectors on")
    ap.add_argument("--jobs", type=int, default=1, help="runs at once, in as many processes (the hashes do not "
                    "depend on it; tests/run.sh: 2 where nothing else runs)")
    args = ap.parse_args()
    core = core_kind()
    expected = os.environ.get("TOOLMEND_EXPECT_CORE")
    print(f"core: {core}")
    if expected and expected != core:
        print(f"TOOLMEND_EXPECT_CORE={expected} but the core imported is {core}", file=sys.stderr)
        return 2
    runs = [(w, c) for w in WORKLOADS for c in CONFIGS if not (args.quick and w.startswith("bench") and c != "on")]
    got: dict[str, str] = {}
    # --jobs N: N processes take the runs in turn (the longest, the 100k events, first); each builds a workload once
    with contextlib.ExitStack() as stack:
        results: Iterable[tuple[str, str, float]] = map(_run_one, runs)
        if args.jobs > 1:
            pool = stack.enter_context(multiprocessing.get_context("fork").Pool(args.jobs))
            results = pool.imap_unordered(_run_one, runs)
        for name, digest, seconds in results:
            got[name] = digest
            print(f"{name}: {digest[:16]} ({seconds:.1f}s)", flush=True)
    got = {f"{w}/{c}": got[f"{w}/{c}"] for w, c in runs}  # the reference's order, whatever finished first
    if args.record:
        REFERENCE.write_text(json.dumps(got, indent=2) + "\n")
        print(f"recorded {len(got)} hashes in {REFERENCE.name}")
        return 0
    ref = json.loads(REFERENCE.read_text())
    bad = [k for k, v in got.items() if ref.get(k) != v]
    if bad:
        print("DIFFERENT:", ", ".join(bad))
        return 1
    print(f"all {len(got)} hashes identical to the reference")
    return 0


if __name__ == "__main__":
    sys.exit(main())
