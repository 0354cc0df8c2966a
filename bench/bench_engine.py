"""Engine alone (no Kafka): events/s of `bench_worker.engine_only`, and an output digest to compare builds.

    python bench/bench_engine.py [--events 100000] [--seed 5] [--repeat 3]
    python bench/bench_engine.py --digest [--events 100000] [--seeds 1,2]

The first form runs `engine_only` (4 partitions, detectors on, on + Metrics observer, off) `--repeat` times
over `events_for(events, seed)` and prints the best and median events/s per configuration, and whether
processor.core is compiled (mypyc) or interpreted.

`--digest` prints a SHA-256 of every OutRecord (kind, key, value, headers) and every `take_changelog()` record
(taken every 200 records and at the end, per partition) of the engine over the bench events and over
`processor.synth.generate` traffic (one run per seed), under the detectors-on, detectors-off and
small-hot-set (cooling) configurations. Equal digests between an interpreted and a compiled build mean
byte-identical outputs. The changelog order within one take follows set order, hence string hashing: the
digest re-runs itself under PYTHONHASHSEED=0.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import statistics
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
for p in (BENCH.parent, BENCH):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from bench_worker import PARTITIONS, engine_only, events_for  # noqa: E402

from processor.core.partition import EngineConfig, PartitionProcessor  # noqa: E402
from processor.synth.generate import generate, kafka_partition  # noqa: E402


def build() -> str:
    """Which processor.core modules are native extensions."""
    import importlib

    mods = ["model", "findings", "dialects", "dialects.base", "dialects.openai_chat", "dialects.anthropic",
            "dialects.openai_responses", "dialects.gemini", "tracker", "repair", "validate", "templates", "events",
            "partition", "regression", "erasure", "behaviour"]
    native = [m for m in mods
              if not str(getattr(importlib.import_module(f"processor.core.{m}"), "__file__", "")).endswith(".py")]
    if not native:
        return "interpreted"
    return "compiled: all" if len(native) == len(mods) else f"compiled: {', '.join(native)}"


def digest(items: list[tuple[bytes | None, bytes]], cfg: EngineConfig, h: hashlib._Hash) -> int:
    procs = [PartitionProcessor("bench.in", p, cfg) for p in range(PARTITIONS)]
    offsets = [0] * PARTITIONS
    rng = random.Random(1)
    n = 0

    def put(*parts: bytes | None) -> None:
        for x in parts:
            if x is None:
                h.update(b"\xff")
            else:
                h.update(len(x).to_bytes(4, "big"))
                h.update(x)

    def changelog(p: int) -> None:
        nonlocal n
        for k, v in procs[p].take_changelog():
            put(b"C", str(p).encode(), k, v)
            n += 1

    for key, value in items:
        part = kafka_partition(key, PARTITIONS) if key is not None else rng.randrange(PARTITIONS)
        for r in procs[part].process(offsets[part], key, value):
            put(b"O", str(part).encode(), r.kind.encode(), r.key, r.value)
            for hk, hv in r.headers:
                put(hk.encode(), hv)
            n += 1
        offsets[part] += 1
        if offsets[part] % 200 == 0:
            changelog(part)
            procs[part].committed(offsets[part])
    for p in range(PARTITIONS):
        changelog(p)
    return n


def run_digest(n_events: int, seed: int, seeds: list[int]) -> None:
    sources = [(f"bench events_for({n_events}, {seed})", events_for(n_events, seed))]
    for s in seeds:
        evs, _ = generate(3000, seed=s, partitions=PARTITIONS)
        sources.append((f"synth generate(3000, seed={s})", [(e.key, e.value) for e in evs]))
    configs = [("detectors_on", EngineConfig()), ("detectors_off", EngineConfig(behaviour=False)),
               ("hot_64", EngineConfig(hot_conversations=64))]
    total = hashlib.sha256()
    for sname, items in sources:
        for cname, cfg in configs:
            h = hashlib.sha256()
            n = digest(items, cfg, h)
            total.update(h.digest())
            print(f"  {sname:<32} {cname:<14} {n:>7} records  {h.hexdigest()[:16]}")
    print(f"digest {total.hexdigest()}  ({build()})")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--digest", action="store_true")
    ap.add_argument("--seeds", default="1,2")
    a = ap.parse_args()
    if a.digest:
        if os.environ.get("PYTHONHASHSEED") != "0":
            os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
        run_digest(a.events, a.seed, [int(s) for s in a.seeds.split(",") if s])
        return 0
    t = time.perf_counter()
    items = events_for(a.events, a.seed)
    print(f"{len(items)} events generated in {time.perf_counter() - t:.1f}s; processor.core {build()}")
    runs: dict[str, list[int]] = {}
    for i in range(a.repeat):
        r = engine_only(items)
        print(f"  run {i + 1}: {r}")
        for k, v in r.items():
            runs.setdefault(k, []).append(v)
    for k, vs in runs.items():
        print(f"{k:<28} best {max(vs):>7} events/s  median {statistics.median(vs):>9.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
