"""Instructions per event of the engine alone, under valgrind's callgrind: a count the machine's load does not move.

    python bench/bench_engine_instr.py PYTHON [PYTHON ...] [--events 20000] [--seed 5] [--detectors on|off]
                                       [--changelog-every 2000] [--warm 0] [--out FILE] [--keep DIR]

Each interpreter named (one per install: a compiled wheel's venv, the editable install's) runs the engine as the
worker drives it: `bench_worker.events_for(events, seed)` split over 4 partitions by key, one `PartitionProcessor`
each, the worker's garbage collector thresholds (`GC_THRESHOLDS`), the changelog taken every 2,000 records and at
the end (`bench_engine.py`'s `_with_changelog` configurations; `--changelog-every 0`: never, processing only).
`--warm N`: N events of another seed go through processors of their own first, in both runs, so the process's
first-use costs (the cue lists compiled, the model parsed, the caches filled) stay out of the figure. It runs
twice under callgrind, over all the events and over none (imports, setup, the warm-up and the events' loading
alone), with `PYTHONHASHSEED=0`; the difference divided by the events is the figure. Callgrind runs ~50x slower
than the machine: 20,000 events take a minute or two for a compiled core. `--keep DIR` keeps the callgrind files
(`callgrind_annotate --inclusive=yes FILE` names the costs: mypyc's C functions are
`CPyDef_<module>___<Class>___<method>`). Needs valgrind on the PATH.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pickle
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import bench_worker  # this folder: run as `python bench/bench_engine_instr.py`

# what runs under callgrind: the events are read from a file, so generating them is not counted
DRIVER = """
import gc, pickle, sys
import processor.core
from processor.core.partition import GC_THRESHOLDS, EngineConfig, PartitionProcessor
recs, warm = pickle.load(open(sys.argv[1], "rb"))
recs = recs[: int(sys.argv[2])]
every = int(sys.argv[4])
gc.set_threshold(*GC_THRESHOLDS)
cfg = EngineConfig() if sys.argv[3] == "on" else EngineConfig(behaviour=False)
if warm:  # other events first, on processors of their own: the process's first-use costs (cue lists compiled,
    # the model parsed, caches filled) are then outside the difference of the two runs
    wprocs = [PartitionProcessor("bench.warm", p, cfg, None) for p in range(4)]
    for part, off, key, value in warm:
        wprocs[part].process(off, key, value)
    for proc in wprocs:
        proc.take_changelog()
    del wprocs
procs = [PartitionProcessor("bench.in", p, cfg, None) for p in range(4)]
gc.collect()
for k, (part, off, key, value) in enumerate(recs):
    procs[part].process(off, key, value)
    if every and k % every == every - 1:
        for proc in procs:
            proc.take_changelog()
if every:
    for proc in procs:
        proc.take_changelog()
print("compiled" if processor.core.compiled() else "interpreted")
"""


def records(n: int, seed: int) -> list[tuple[int, int, bytes | None, bytes]]:
    """(partition, offset, key, value) as `bench_worker.engine_only` splits the events."""
    out = []
    offsets = [0] * bench_worker.PARTITIONS
    rng = random.Random(1)
    for key, value in bench_worker.events_for(n, seed):
        part = (bench_worker.kafka_partition(key, bench_worker.PARTITIONS) if key is not None
                else rng.randrange(bench_worker.PARTITIONS))
        out.append((part, offsets[part], key, value))
        offsets[part] += 1
    return out


def instructions(python: str, items: Path, n: int, detectors: str, out_file: Path,
                 every: int = 2000) -> tuple[int, str]:
    """Instructions callgrind counted over the whole process, and which core ran."""
    driver = out_file.parent / "driver.py"
    driver.write_text(DRIVER)
    proc = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}", python,
                           str(driver), str(items), str(n), detectors, str(every)], capture_output=True, text=True,
                          check=True, cwd=out_file.parent, env={**os.environ, "PYTHONHASHSEED": "0"})
    m = re.search(r"Collected : (\d+)", proc.stderr)
    if m is None:
        raise RuntimeError(proc.stderr[-2000:])
    return int(m.group(1)), proc.stdout.strip().splitlines()[-1]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("pythons", nargs="+", help="interpreters, each with its own install of toolmend")
    ap.add_argument("--events", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--detectors", choices=("on", "off"), default="off")
    ap.add_argument("--warm", type=int, default=0,
                    help="events of another seed run first in both runs (first-use costs left out of the figure)")
    ap.add_argument("--changelog-every", type=int, default=2000, help="records between changelogs (0: none)")
    ap.add_argument("--out", help="write the figures here (JSON)")
    ap.add_argument("--keep", help="keep the callgrind files in this folder")
    a = ap.parse_args()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(a.keep) if a.keep else Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        items = work / "items.pkl"
        items.write_bytes(pickle.dumps((records(a.events, a.seed),
                                        records(a.warm, a.seed + 1000) if a.warm else [])))
        for i, py in enumerate(a.pythons):
            load = os.getloadavg()
            full, core = instructions(py, items, a.events, a.detectors, work / f"callgrind.{i}.{a.events}.out",
                                      a.changelog_every)
            empty, _ = instructions(py, items, 0, a.detectors, work / f"callgrind.{i}.0.out", a.changelog_every)
            row = {"python": py, "core": core, "instructions_all": full, "instructions_none": empty,
                   "instructions_per_event": round((full - empty) / a.events),
                   "load_average_1m_5m_15m": [round(x, 2) for x in load]}
            print(json.dumps(row), flush=True)
            rows.append(row)
    out = {"what": f"bench/bench_engine_instr.py: callgrind instructions per event, engine alone, detectors "
                   f"{a.detectors}, {a.events} events (seed {a.seed}), worker gc thresholds, changelog every "
                   f"{a.changelog_every or 'never'}, {a.warm} warm-up events (seed {a.seed + 1000}) first in both runs",
           "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"), "runs": rows}
    if a.out:
        Path(a.out).write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
