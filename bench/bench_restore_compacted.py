"""State restore from a state topic the log cleaner has actually compacted (issue 35, row 9), on Apache Kafka 4.4.

    python bench/bench_restore_compacted.py [--live 86000] [--dead 1450000] [--rounds 3]

The topic is made with the worker's own settings (`STATE_TOPIC_CONFIG`: segment.ms 5 min, segment.bytes 64 MiB,
min.cleanable.dirty.ratio 0.1, delete.retention.ms 10 min) and filled as bench_restore_stale.py fills it: `--live`
conversations still open plus `--dead` ones that were written and then tombstoned (about 3 M records at the
defaults). Then time passes as it does for a running worker, in three phases, each timed (alternating rounds of
the restore as it was, `eager`, and the worker's `read_changelog`, `lazy`; medians; same state checked):

1. `uncompacted`: right after the burst (only the segments already rolled by size can be cleaned, and the cleaner
   has had no time);
2. `cleaned`: after segment.ms a new record per partition (the worker's meta record) rolls the active segment and
   the cleaner compacts every partition (its passes are read from the broker's log, sizes from kafka-log-dirs);
   a tombstone is kept for delete.retention.ms after the pass that reached it;
3. `after_delete_retention`: after delete.retention.ms, the cleaner's next pass over a partition drops them; a pass
   needs the partition 10% dirty again (new writes, as a running worker makes): the 4 meta records written here
   do not, so on a quiet topic the tombstones stay (measured: no pass within 900 s).

Writes bench/results/restore_compacted_kafka.json (the 1-minute load average of each round: the machine is shared).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import re
import subprocess
import sys
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from statistics import median
from typing import Any

import aiokafka
import orjson
from bench_restore_stale import one, records
from bench_worker import PARTITIONS, RESULTS, ROOT, Broker, produce_all, state_values
from benchenv import code_state, machine

from processor.core.partition import META_KEY
from processor.shell.config import Settings
from processor.shell.kafka import STATE_TOPIC_CONFIG, ensure_topics
from processor.synth.generate import DEFAULT_START_MS, kafka_partition

KAFKA_LOCAL = ROOT / "deploy" / "kafka" / "kafka-local.sh"


def log_dirs(bootstrap: str, topic: str) -> dict[int, int]:
    """Bytes on disk per partition (kafka-log-dirs --describe)."""
    got = subprocess.run(["bash", str(KAFKA_LOCAL), "tool", "kafka-log-dirs", "--bootstrap-server", bootstrap,
                          "--describe", "--topic-list", topic], capture_output=True, text=True, timeout=300,
                         check=False)
    out = got.stdout
    if got.returncode != 0:
        print(f"  kafka-log-dirs failed: {got.stderr[-500:]}", flush=True)
        return {}
    doc = json.loads(next(ln for ln in out.splitlines() if ln.startswith("{")))
    sizes: dict[int, int] = {}
    for broker in doc["brokers"]:
        for d in broker["logDirs"]:
            for p in d["partitions"]:
                sizes[int(p["partition"].rsplit("-", 1)[1])] = int(p["size"])
    return sizes


def cleaner_passes(server_log: Path, topic: str) -> dict[int, int]:
    """Cleaner passes over each partition of `topic` so far, from the broker's log (LogCleaner's INFO lines:
    "Cleaner 0: Beginning cleaning of log <topic>-<p>")."""
    text = server_log.read_text(errors="replace") if server_log.exists() else ""
    passes: dict[int, int] = {}
    for m in re.finditer(rf"Beginning cleaning of log {re.escape(topic)}-(\d+)\b", text):
        passes[int(m.group(1))] = passes.get(int(m.group(1)), 0) + 1
    return passes


async def metas(bootstrap: str, topic: str, n: int) -> None:
    """The worker's meta record on each partition (it writes one with every checkpoint)."""
    parts = iter(range(PARTITIONS))
    await produce_all(bootstrap, topic, [(META_KEY, orjson.dumps({"wm": DEFAULT_START_MS, "o": n}))] * PARTITIONS,
                      partition_of=lambda key: next(parts))


async def wait_for_passes(server_log: Path, topic: str, after: dict[int, int], timeout_s: float) -> float:
    """Until every partition has had a cleaner pass more than `after`, then until sizes stop changing."""
    t = time.monotonic()
    while time.monotonic() - t < timeout_s:
        now = cleaner_passes(server_log, topic)
        if all(now.get(p, 0) > after.get(p, 0) for p in range(PARTITIONS)):
            break
        await asyncio.sleep(5)
    else:  # recorded as such (the phase's cleaner_passes and bytes_on_disk say what happened)
        print(f"  the cleaner did not pass over every partition within {timeout_s:.0f}s: "
              f"{cleaner_passes(server_log, topic)} (before {after})", flush=True)
    return time.monotonic() - t


async def timed(s: Settings, rounds: int, phase: str) -> dict[str, Any]:
    runs: list[dict[str, Any]] = []
    for r in range(rounds):
        order = ("eager", "lazy") if r % 2 == 0 else ("lazy", "eager")
        got = {how: await one(s, how) for how in order}
        run = {"round": r, "order": list(order), "eager_s": round(got["eager"][0], 2),
               "lazy_s": round(got["lazy"][0], 2), "conversations": sum(len(x[3]) for x in got["lazy"][1]),
               "same_state": got["eager"][1] == got["lazy"][1], "loadavg_1m": round(os.getloadavg()[0], 2)}
        runs.append(run)
        print(f"  {phase} round {r}: {run}", flush=True)
        del got
    z = median(r["lazy_s"] for r in runs)
    conv = runs[0]["conversations"]
    return {"runs": runs, "median_eager_s": median(r["eager_s"] for r in runs), "median_lazy_s": z,
            "lazy_conversations_per_s": round(conv / z), "all_same_state": all(r["same_state"] for r in runs)}


async def bench(broker: Broker, live: int, dead: int, rounds: int, seed: int) -> dict[str, Any]:
    bootstrap = broker.bootstrap
    assert broker.log_path is not None
    topic = f"compacted{uuid.uuid4().hex[:6]}-state"
    s = Settings(bootstrap_servers=bootstrap, input_topic="stale.in", output_topic="stale.out", dlq_topic="stale.dlq",
                 findings_topic=None, state_topic=topic, group_id="stale-g", metrics_port=0)
    await ensure_topics(s, [(topic, PARTITIONS, dict(STATE_TOPIC_CONFIG))])
    values = state_values(20000, seed)
    t_first = time.monotonic()
    n, prod_s = await produce_all(bootstrap, topic, records(live, dead, values, seed),
                                  partition_of=lambda key: kafka_partition(key, PARTITIONS))
    await metas(bootstrap, topic, n)
    print(f"  {n} records produced in {prod_s:.1f}s ({live} live, {dead} dead conversations)", flush=True)
    phases: dict[str, Any] = {}
    passes0 = cleaner_passes(broker.log_path, topic)
    phases["uncompacted"] = {"cleaner_passes": passes0, "bytes_on_disk": log_dirs(bootstrap, topic),
                             **await timed(s, rounds, "uncompacted")}
    # segment.ms after the first record: the next append rolls the active segment, the cleaner takes it
    roll_at = t_first + int(STATE_TOPIC_CONFIG["segment.ms"]) / 1000 + 5
    await asyncio.sleep(max(0.0, roll_at - time.monotonic()))
    passes1 = cleaner_passes(broker.log_path, topic)
    await metas(bootstrap, topic, n)
    t_roll = time.monotonic()
    waited = await wait_for_passes(broker.log_path, topic, passes1, 900)
    await asyncio.sleep(10)
    phases["cleaned"] = {"waited_for_cleaner_s": round(waited, 1),
                         "cleaner_passes": cleaner_passes(broker.log_path, topic),
                         "bytes_on_disk": log_dirs(bootstrap, topic), **await timed(s, rounds, "cleaned")}
    # delete.retention.ms after that pass, the next one drops the tombstones (a new record makes the partition's
    # tail dirty again, as the worker's checkpoints do)
    gone_at = t_roll + waited + int(STATE_TOPIC_CONFIG["delete.retention.ms"]) / 1000 + 5
    await asyncio.sleep(max(0.0, gone_at - time.monotonic()))
    passes2 = cleaner_passes(broker.log_path, topic)
    await metas(bootstrap, topic, n)
    waited2 = await wait_for_passes(broker.log_path, topic, passes2, 900)
    await asyncio.sleep(10)
    phases["after_delete_retention"] = {"waited_for_cleaner_s": round(waited2, 1),
                                    "cleaner_passes": cleaner_passes(broker.log_path, topic),
                                    "bytes_on_disk": log_dirs(bootstrap, topic),
                                    **await timed(s, rounds, "after_delete_retention")}
    return {"topic_partitions": PARTITIONS, "live_conversations": live, "dead_conversations": dead,
            "records_produced": n + 3 * PARTITIONS, "mean_value_bytes": round(sum(map(len, values)) / len(values)),
            "produce_s": round(prod_s, 1), "phases": phases}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--live", type=int, default=86_000)
    ap.add_argument("--dead", type=int, default=1_450_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=5)
    a = ap.parse_args()
    logging.getLogger("toolmend").addHandler(logging.NullHandler())
    logging.getLogger("toolmend").propagate = False
    t = time.perf_counter()
    load = os.getloadavg()
    with Broker(None, "kafka") as broker:
        print(f"kafka: {broker.bootstrap}", flush=True)
        doc = asyncio.run(bench(broker, a.live, a.dead, a.rounds, a.seed))
    doc = {"bench": "restore_compacted", "date": datetime.now(UTC).isoformat(timespec="seconds"),
           "command": "python bench/bench_restore_compacted.py " + " ".join(sys.argv[1:]), "broker": "kafka",
           "machine": machine(aiokafka=aiokafka.__version__), "code": code_state(),
           "loadavg_at_start": [round(x, 2) for x in load], "shared_machine": True,
           "broker_settings": {"log.cleaner.backoff.ms": 1000, "note": "kafka-local.sh's test broker (Kafka's "
                               "default is 15000: the cleaner looks less often, not slower)"},
           "state_topic_config": dict(STATE_TOPIC_CONFIG), **doc, "wall_s": round(time.perf_counter() - t, 1)}
    path = RESULTS / "restore_compacted_kafka.json"
    path.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
