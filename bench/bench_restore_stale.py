"""State restore from a state topic that is NOT near its live set (issue 35, row 9): a realistic topic holds the
live conversations plus every conversation ever seen and its tombstone, not yet compacted.

    python bench/bench_restore_stale.py [--broker tansu|kafka|both] [--live 86000] [--dead 1450000] [--rounds 3]

One topic per broker: `--dead` conversations written (a state value, later its tombstone, interleaved with the
traffic as a worker writes them) and `--live` conversations whose last record is a value, plus a meta record per
partition. Each round times, alternating which goes first, two restores of the same topic with the same reader:

* `eager`: every record decoded into the store as read (the restore before issue 35: what the issue measured),
* `lazy`: `recovery.read_changelog` (raw bytes kept per key, only what is live at the end decoded),

and checks that both leave exactly the same state (every conversation's stored bytes, offset, watermark).
Medians over the rounds; the 1-minute load average at each round is recorded (the machine is shared).
Writes bench/results/restore_stale_kafka.json (Apache Kafka; the name without `_kafka` for Tansu).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import sys
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from statistics import median
from typing import Any

import aiokafka
import orjson
from aiokafka import TopicPartition
from bench_worker import PARTITIONS, RESULTS, ROOT, Broker, produce_all, state_values
from benchenv import code_state, machine

from processor.core.partition import META_KEY, PartitionProcessor
from processor.core.tally import Tally
from processor.shell.config import Settings
from processor.shell.kafka import STATE_TOPIC_CONFIG, drain, ensure_topics, new_state_reader
from processor.shell.worker.recovery import read_changelog
from processor.synth.generate import DEFAULT_START_MS, kafka_partition


def records(live: int, dead: int, values: list[bytes], seed: int) -> Iterator[tuple[bytes, bytes | None]]:
    """A worker's changelog traffic: conversations start, are updated, end (a tombstone some batches later); the
    last `live` of them are still open at the end."""
    rng = random.Random(seed)
    ids = [f"{rng.getrandbits(128):032x}".encode() for _ in range(live + dead)]
    open_: list[bytes] = []
    for n, cid in enumerate(ids):
        yield cid, values[n % len(values)]
        if n < dead:
            open_.append(cid)
        if len(open_) > 2000 or (n >= dead and open_):  # ended conversations: tombstones a little later
            for _ in range(len(open_) // 2 if n < dead else len(open_)):
                yield open_.pop(rng.randrange(len(open_))), None


async def eager(s: Settings, procs: dict[int, PartitionProcessor]) -> None:
    """The restore as it was: each record applied to the store as read."""
    rc = new_state_reader(s)
    await rc.start()
    try:
        tps = [TopicPartition(s.changelog_topic, p) for p in procs]
        rc.assign(tps)
        await rc.seek_to_beginning(*tps)
        end = await rc.end_offsets(tps)

        def apply(tp: TopicPartition, recs: list[Any]) -> None:
            proc = procs[tp.partition]
            for r in recs:
                if r.key is not None:
                    proc.restore(r.key, r.value)

        await drain(rc, tps, end, apply)
    finally:
        await rc.stop()


def snapshot(procs: dict[int, PartitionProcessor]) -> list[Any]:
    return [(p, pr.offset, pr.watermark, sorted(pr.cold.items()), sorted(pr.convs), sorted(pr.quarantined))
            for p, pr in sorted(procs.items())]


async def one(s: Settings, how: str) -> tuple[float, list[Any]]:
    engine = s.engine_config()
    procs = {p: PartitionProcessor(s.input_topic, p, engine, Tally()) for p in range(PARTITIONS)}
    t = time.perf_counter()
    if how == "eager":
        await eager(s, procs)
    else:
        await read_changelog(s, procs)
    return time.perf_counter() - t, snapshot(procs)


async def bench(bootstrap: str, live: int, dead: int, rounds: int, seed: int) -> dict[str, Any]:
    topic = f"stale{uuid.uuid4().hex[:6]}-state"
    s = Settings(bootstrap_servers=bootstrap, input_topic="stale.in", output_topic="stale.out", dlq_topic="stale.dlq",
                 findings_topic=None, state_topic=topic, group_id="stale-g", metrics_port=0)
    # the worker's own settings; nothing here is old enough for the cleaner (segment.ms), as after a burst
    await ensure_topics(s, [(topic, PARTITIONS, dict(STATE_TOPIC_CONFIG))])
    values = state_values(20000, seed)
    n, prod_s = await produce_all(bootstrap, topic, records(live, dead, values, seed),
                                  partition_of=lambda key: kafka_partition(key, PARTITIONS))
    metas = iter(range(PARTITIONS))
    await produce_all(bootstrap, topic, [(META_KEY, orjson.dumps({"wm": DEFAULT_START_MS, "o": n}))] * PARTITIONS,
                      partition_of=lambda key, metas=metas: next(metas))
    print(f"  {n} records produced in {prod_s:.1f}s ({live} live, {dead} dead conversations)", flush=True)
    runs: list[dict[str, Any]] = []
    for r in range(rounds):
        order = ("eager", "lazy") if r % 2 == 0 else ("lazy", "eager")
        got: dict[str, tuple[float, list[Any]]] = {}
        for how in order:
            got[how] = await one(s, how)
        same = got["eager"][1] == got["lazy"][1]
        restored = sum(len(x[3]) for x in got["lazy"][1])
        run = {"round": r, "order": list(order), "eager_s": round(got["eager"][0], 2),
               "lazy_s": round(got["lazy"][0], 2), "conversations": restored, "same_state": same,
               "loadavg_1m": os.getloadavg()[0]}
        runs.append(run)
        print(f"  round {r}: {run}", flush=True)
        del got
    e = median(r["eager_s"] for r in runs)
    z = median(r["lazy_s"] for r in runs)
    conv = runs[0]["conversations"]
    return {"topic_partitions": PARTITIONS, "live_conversations": live, "dead_conversations": dead,
            "records_in_topic": n + PARTITIONS, "mean_value_bytes": round(sum(map(len, values)) / len(values)),
            "produce_s": round(prod_s, 1), "runs": runs,
            "median_eager_s": e, "median_lazy_s": z,
            "eager_conversations_per_s": round(conv / e), "lazy_conversations_per_s": round(conv / z),
            "lazy_records_per_s": round((n + PARTITIONS) / z),
            "all_same_state": all(r["same_state"] for r in runs)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--broker", choices=("tansu", "kafka", "both"), default="tansu")
    ap.add_argument("--live", type=int, default=86_000)
    ap.add_argument("--dead", type=int, default=1_450_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=5)
    a = ap.parse_args()
    logging.getLogger("toolmend").addHandler(logging.NullHandler())
    logging.getLogger("toolmend").propagate = False
    for kind in (("tansu", "kafka") if a.broker == "both" else (a.broker,)):
        t = time.perf_counter()
        load = os.getloadavg()
        with Broker(None, kind) as broker:
            print(f"{kind}: {broker.bootstrap}", flush=True)
            doc = asyncio.run(bench(broker.bootstrap, a.live, a.dead, a.rounds, a.seed))
        doc = {"bench": "restore_stale", "date": datetime.now(UTC).isoformat(timespec="seconds"),
               "command": "python bench/bench_restore_stale.py " + " ".join(sys.argv[1:]), "broker": kind,
               "machine": machine(aiokafka=aiokafka.__version__), "code": code_state(),
               "loadavg_at_start": [round(x, 2) for x in load], "shared_machine": True,
               "state_topic_config": dict(STATE_TOPIC_CONFIG), **doc, "wall_s": round(time.perf_counter() - t, 1)}
        path = RESULTS / f"restore_stale{'' if kind == 'tansu' else '_' + kind}.json"
        path.write_text(json.dumps(doc, indent=2) + "\n")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
