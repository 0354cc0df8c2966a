"""What the repartition rebuild costs, offline (no broker): the engine's work per input record for
`toolmend recover --repartition` per partition against `--by-conversation`.

    python bench/bench_rehome.py [--conversations 3000] [--old 4] [--new 8] [--rounds 5]

Generated traffic (`processor.synth`) stored over `--old` partitions by Kafka's partitioner. Each round times,
alternating which goes first:

* `per_partition`: one `PartitionProcessor` over each partition's records (what `--repartition` runs per
  partition),
* `by_conversation`: the partitions merged by event time with a heap of heads (as `shell/worker/repartition.py`
  merges its readers) into `core.rehome.Rehome` for `--new` partitions, then every new partition's state records.

Records/s (medians over the rounds), the peak RSS of the process, the 1-minute load average at each round (the
machine is shared). Writes bench/results/rehome_<date>.json.
"""

from __future__ import annotations

import argparse
import heapq
import json
import os
import time
from datetime import UTC, datetime
from pathlib import Path
from statistics import median
from typing import Any

from benchenv import code_state, machine, status_kib

from processor.core.config import DEFAULT_ENGINE
from processor.core.partition import PartitionProcessor
from processor.core.rehome import Rehome, merge_key
from processor.synth.generate import generate
from processor.synth.merge import kafka_partition

RESULTS = Path(__file__).resolve().parent / "results"


def stored(n: int, old: int) -> dict[int, list[tuple[int, bytes | None, bytes]]]:
    events, _ = generate(n, seed=7, partitions=old)
    parts: dict[int, list[tuple[int, bytes | None, bytes]]] = {p: [] for p in range(old)}
    for e in events:
        p = kafka_partition(e.key, old) if e.key is not None else 0
        parts[p].append((len(parts[p]), e.key, e.value))
    return parts


def per_partition(parts: dict[int, list[tuple[int, bytes | None, bytes]]]) -> int:
    n = 0
    for p, recs in parts.items():
        proc = PartitionProcessor("in", p, DEFAULT_ENGINE)
        for off, key, value in recs:
            proc.process(off, key, value)
            n += 1
        proc.take_changelog()
    return n


def by_conversation(parts: dict[int, list[tuple[int, bytes | None, bytes]]], old: int, new: int) -> int:
    positions = {p: len(recs) for p, recs in parts.items()}
    rehome = Rehome("in", new, old, positions, lambda key: kafka_partition(key, new), DEFAULT_ENGINE)
    at = dict.fromkeys(parts, 0)
    heads = [(merge_key(p, 0, recs[0][2]), p) for p, recs in parts.items() if recs]
    heapq.heapify(heads)
    while heads:
        _, p = heads[0]
        _, key, value = parts[p][at[p]]
        rehome.add(p, key, value)
        at[p] += 1
        if at[p] < len(parts[p]):
            heapq.heapreplace(heads, (merge_key(p, at[p], parts[p][at[p]][2]), p))
        else:
            heapq.heappop(heads)
    for q in range(new):
        rehome.state(q, positions.get(q, 0))
    return rehome.records


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--conversations", type=int, default=3000)
    ap.add_argument("--old", type=int, default=4)
    ap.add_argument("--new", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    parts = stored(args.conversations, args.old)
    total = sum(len(r) for r in parts.values())
    rates: dict[str, list[float]] = {"per_partition": [], "by_conversation": []}
    loads: list[float] = []
    for i in range(args.rounds):
        order = ["per_partition", "by_conversation"] if i % 2 == 0 else ["by_conversation", "per_partition"]
        for name in order:
            t = time.perf_counter()
            n = per_partition(parts) if name == "per_partition" else by_conversation(parts, args.old, args.new)
            rates[name].append(round(n / (time.perf_counter() - t)))
        loads.append(os.getloadavg()[0])
    out: dict[str, Any] = {
        "bench": "rehome", "date": datetime.now(UTC).strftime("%Y-%m-%d"), **code_state(),
        "machine": machine(load_avg_1m=loads), "records": total, "conversations": args.conversations,
        "partitions": f"{args.old} -> {args.new}", "rounds": args.rounds,
        "records_per_s": {k: {"median": median(v), "all": v} for k, v in rates.items()},
        "by_conversation_over_per_partition": round(median(rates["by_conversation"]) / median(rates["per_partition"]),
                                                    2),
        "peak_rss_mib": round(status_kib("VmHWM") / 1024, 1),
        "note": "offline, the engine's work only (no broker reads or writes); the machine was shared with other "
                "helpers' work (load_avg_1m)",
    }
    path = RESULTS / f"rehome_{out['date']}.json"
    path.write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out["records_per_s"]), out["by_conversation_over_per_partition"], path.name)


if __name__ == "__main__":
    main()
