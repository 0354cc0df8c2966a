"""The behavioural detectors' per-message path alone: every `Behaviour` call of an engine pass, replayed on fresh
objects, so its cost can be counted in instructions (load-independent) and its output compared between versions.

    python bench/bench_detector_replay.py --events 20000 [--seed 5] [--no-state] --dump FILE
    python bench/bench_detector_replay.py --load FILE [--runs 1] [--check]

The first form runs `engine_only(events_for(events, seed))` (detectors on, the changelog every 2000 records) once
with `Behaviour`'s entry points wrapped, and pickles every call in order (`__init__`, `observe`, `on_context`,
`on_snapshot`, `feed_snapshot` and, unless `--no-state`, `to_state`), the engine's turn observer replaced by one that
counts nothing. The second loads them and replays them on fresh objects: once to warm the caches (the cue lists,
the model, the fingerprints met), then `--runs` times, printing each run's process CPU time per event; `--check`
prints a digest of every finding and stored state of the warm replay (two versions that write the same digest from
the same calls decided and stored the same). The garbage collector has the worker's thresholds.

Instructions per event, the difference of two runs of the same calls under callgrind:

    valgrind --tool=callgrind python bench/bench_detector_replay.py --load FILE --runs 1
    valgrind --tool=callgrind python bench/bench_detector_replay.py --load FILE --runs 2

(the second total minus the first, over the events captured). The calls are captured once, with any version: the
views and messages the engine hands the detectors do not depend on the detectors.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import pickle
import sys
import time
from pathlib import Path
from typing import Any

import processor.core.behaviour as behaviour
from processor.core.partition import GC_THRESHOLDS

ENTRIES = ("__init__", "observe", "on_context", "on_snapshot", "feed_snapshot", "to_state")
Call = tuple[int, str, tuple[Any, ...], dict[str, Any]]


class Quiet:
    """The turn observer the replay hands the detectors (the engine's counts them; the replay does not)."""

    def assistant_turn(self, outcome: str, model: str | None, app_version: str | None) -> None:
        return None


def capture(events: int, seed: int, state: bool) -> list[Call]:
    from bench_worker import engine_only, events_for  # this folder: run as `python bench/...`

    B = behaviour.Behaviour
    saved = {n: getattr(B, n) for n in ENTRIES}
    log: list[Call] = []
    ids: dict[int, int] = {}
    keep: list[Any] = []  # every Behaviour made stays alive, so no id is reused
    quiet = Quiet()

    def wrap(name: str) -> Any:
        f = saved[name]

        def w(self: Any, *a: Any, **k: Any) -> Any:
            if name == "__init__":
                keep.append(self)
                ids[id(self)] = len(keep) - 1
            r = f(self, *a, **k)
            if name == "observe" and a[5] is not None:
                a = (*a[:5], quiet, *a[6:])
            elif name == "feed_snapshot" and a[3] is not None:
                a = (*a[:3], quiet, *a[4:])
            if state or name != "to_state":
                log.append((ids[id(self)], name, a, k))
            return r
        return w

    for n in ENTRIES:
        setattr(B, n, wrap(n))
    try:
        engine_only(events_for(events, seed), only="detectors_on_with_changelog")
    finally:
        for n, f in saved.items():
            setattr(B, n, f)
    return log


def replay(log: list[Call], check: bool = False) -> str:
    B = behaviour.Behaviour
    objs: dict[int, Any] = {}
    digest = hashlib.sha256()
    for i, name, a, k in log:
        if name == "__init__":
            objs[i] = B(*a, **k)
            continue
        r = getattr(objs[i], name)(*a, **k)
        if check and r is not None:
            digest.update(json.dumps(r, sort_keys=True, default=repr).encode() if name == "to_state"
                          else repr(list(r)).encode())
    return digest.hexdigest()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--events", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--no-state", action="store_true", help="capture no state write (the per-message path only)")
    ap.add_argument("--dump", type=Path, help="capture and write the calls here")
    ap.add_argument("--load", type=Path, help="replay the calls written here")
    ap.add_argument("--runs", type=int, default=1)
    ap.add_argument("--check", action="store_true", help="print the digest of the findings and stored states")
    a = ap.parse_args()
    if a.dump:
        log = capture(a.events, a.seed, not a.no_state)
        a.dump.write_bytes(pickle.dumps({"events": a.events, "seed": a.seed, "calls": log}, protocol=5))
        print(f"{len(log)} calls of {a.events} events written")
        return 0
    if not a.load:
        ap.error("--dump or --load")
    doc = pickle.loads(a.load.read_bytes())
    log, events = doc["calls"], doc["events"]
    gc.set_threshold(*GC_THRESHOLDS)
    digest = replay(log, a.check)  # warm
    if a.check:
        print("digest", digest)
    for _ in range(a.runs):
        gc.collect()
        t = time.process_time()
        replay(log)
        print(f"{(time.process_time() - t) * 1e6 / events:.2f} µs per event (process CPU)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
