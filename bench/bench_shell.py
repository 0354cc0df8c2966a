"""The worker's shell, split: where a worker pass's CPU goes per event, and what the engine costs inside it.

    python bench/bench_shell.py [--events 50000] [--rounds 2] [--passes aiokafka,librdkafka,...] [--out FILE]

One Tansu broker, the same N generated events (bench_worker.py's) produced once into an input topic of 4
partitions; then `--rounds` rounds of passes, each a process of its own on fresh output topics and group:

* `aiokafka`, `librdkafka` (`_off`: detectors off): bench_worker.py's timed worker pass, instrumented. Each
  partition's processor is wrapped (`Meter`) so that the main thread's CPU time (`time.thread_time`) of the
  engine's calls (`process`, `fire_due`), of `take_changelog`, of `plan` and of the metrics' per-batch calls is
  summed; the collector's time and collections per generation come from `gc.callbacks`. What is left of the main
  thread's CPU in the timed window is the client and the shell's own Python (fetch, produce, acknowledgements,
  the commit's steps, asyncio); the other threads' CPU (librdkafka's, the executor's) is read from
  /proc/self/task. The wrapper's own cost (two clock reads per event, measured in the pass) is reported beside.
* `engine` (`_off`): bench_worker.engine_only's loop over the same events with the worker's collector
  thresholds and the changelog taken every `--changelog-every` records, timed the same way; with `heap` appended
  the process first imports the worker and both clients and builds a Worker (not started), so the collector walks
  the heap a worker holds.

Reported per pass: µs per event of each part (CPU, main thread, medians with their range over the rounds),
written as JSON to `--out` (by default `shell_split_<date>.json` in the results folder).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import bench_worker as bw  # this folder: bench scripts run by path
from benchenv import code_state, cpu_probe, machine

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
PASS_TIMEOUT_S = 600
clock = time.thread_time


class GcClock:
    """The collector's main-thread CPU time and collections per generation (gc.callbacks)."""

    def __init__(self) -> None:
        self.seconds = [0.0, 0.0, 0.0]
        self.count = [0, 0, 0]
        self.collected = 0
        self._t = 0.0
        self.on = False

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if not self.on:
            return
        if phase == "start":
            self._t = clock()
        else:
            g = info["generation"]
            self.seconds[g] += clock() - self._t
            self.count[g] += 1
            self.collected += info.get("collected", 0)

    def report(self, n: int) -> dict[str, Any]:
        return {"gc_us_per_event": round(sum(self.seconds) / n * 1e6, 2),
                "gc_us_per_event_by_generation": [round(s / n * 1e6, 2) for s in self.seconds],
                "collections_by_generation": self.count}


class Parts:
    """Main-thread CPU seconds per part."""

    def __init__(self) -> None:
        self.s: dict[str, float] = {}
        self.calls: dict[str, int] = {}

    def add(self, name: str, dt: float) -> None:
        self.s[name] = self.s.get(name, 0.0) + dt
        self.calls[name] = self.calls.get(name, 0) + 1


PARTS = Parts()


class Meter:
    """A partition's processor, its calls timed (the worker holds these in place of the processors)."""

    def __init__(self, proc: Any) -> None:
        self.__dict__["_p"] = proc

    def process(self, *args: Any) -> Any:
        t = clock()
        r = self._p.process(*args)
        PARTS.add("engine", clock() - t)
        return r

    def fire_due(self, *args: Any) -> Any:
        t = clock()
        r = self._p.fire_due(*args)
        PARTS.add("engine", clock() - t)
        return r

    def take_changelog(self) -> Any:
        t = clock()
        r = self._p.take_changelog()
        PARTS.add("changelog", clock() - t)
        return r

    def __getattr__(self, name: str) -> Any:
        return getattr(self._p, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._p, name, value)


def timed(name: str, f: Any) -> Any:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t = clock()
        try:
            return f(*args, **kwargs)
        finally:
            PARTS.add(name, clock() - t)
    return wrapper


def tasks_cpu() -> dict[str, float]:
    """CPU seconds of each thread of this process (/proc/self/task), by thread name."""
    out: dict[str, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for tid in os.listdir("/proc/self/task"):
        try:
            stat = Path(f"/proc/self/task/{tid}/stat").read_text()
            name = Path(f"/proc/self/task/{tid}/comm").read_text().strip()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / tick
        key = f"{name}:{tid}" if tid == str(os.getpid()) else name
        out[key] = out.get(key, 0.0) + cpu
    return out


def clock_cost() -> float:
    """Seconds of two clock reads and a PARTS.add: the wrapper's own cost per call."""
    p = Parts()
    n = 20000
    t = clock()
    for _ in range(n):
        u = clock()
        p.add("x", clock() - u)
    return (clock() - t) / n


def worker_pass(a: argparse.Namespace) -> dict[str, Any]:
    import processor.shell.worker.loop as loop_mod
    from processor.shell.worker.loop import Worker

    g = GcClock()
    gc.callbacks.append(g)

    class Metered(bw.TimedWorker):
        async def _restore(self, partitions: list[int]) -> int:
            n = await super()._restore(partitions)
            for p in partitions:
                proc = self.procs.get(p)
                if proc is not None and not isinstance(proc, Meter):
                    self.procs[p] = Meter(proc)
            return n

        def _share_hot(self) -> None:
            from processor.core.partition import share_hot

            share_hot(self.settings.hot_conversations,
                      [p._p if isinstance(p, Meter) else p for p in self.procs.values()])

        async def _process(self, batch: Any, generation: int | None = None) -> None:
            if self.t0 is None:
                g.on = True
                self.main0 = clock()
                self.tasks0 = tasks_cpu()
                PARTS.s.clear()
                PARTS.calls.clear()
            await super()._process(batch, generation)

        async def _ship(self, cp: Any) -> None:
            await Worker._ship(self, cp)
            if self.processed >= self.target and self.t1 is None:
                self.t1 = time.perf_counter()
                self.cpu = time.process_time() - self.cpu0
                self.main = clock() - self.main0
                self.tasks1 = tasks_cpu()
                g.on = False
                self.done.set()

    loop_mod.plan = timed("plan", loop_mod.plan)  # type: ignore[attr-defined]
    bw.TimedWorker = Metered  # type: ignore[misc]
    extra: dict[str, Any] = {"behaviour": False} if a.detectors_off else {}
    s = bw.settings(a.bootstrap, a.prefix, a.input_topic, **extra)

    async def run() -> dict[str, Any]:
        await bw.worker_topics(s)
        w = Metered(s, a.events)
        w.metrics.flush = timed("metrics", w.metrics.flush)  # type: ignore[method-assign]
        w.metrics.observe_finished = timed("metrics", w.metrics.observe_finished)  # type: ignore[method-assign]
        stop = asyncio.Event()
        prof = cProfile.Profile() if a.profile_out else None
        if prof is not None:
            prof.enable()
        task = asyncio.create_task(w.run(stop))
        await asyncio.wait_for(w.done.wait(), PASS_TIMEOUT_S - 60)
        if prof is not None:
            prof.disable()
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(45)
            Path(a.profile_out).write_text(out.getvalue())
        stop.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(task, 60)
        n = w.processed
        per = {k: round(v / n * 1e6, 2) for k, v in PARTS.s.items()}
        calls = dict(PARTS.calls)
        overhead = clock_cost() * (calls.get("engine", 0) + calls.get("changelog", 0))
        main_us = w.main / n * 1e6
        parts_us = sum(PARTS.s.values()) / n * 1e6
        gcr = g.report(n)
        others = {k: round((v - w.tasks0.get(k, 0.0)) / n * 1e6, 2) for k, v in w.tasks1.items()
                  if not k.endswith(f":{os.getpid()}") and v - w.tasks0.get(k, 0.0) > 0}
        return {"events": n, "seconds": round(w.t1 - w.t0, 3), "process_cpu_us_per_event": round(w.cpu / n * 1e6, 2),
                "main_thread_us_per_event": round(main_us, 2), "parts_us_per_event": per,
                "rest_of_main_thread_us_per_event": round(main_us - parts_us, 2),
                "wrapper_cost_us_per_event": round(overhead / n * 1e6, 2), **gcr,
                "other_threads_us_per_event": others, "calls": calls, "batches": w.batches,
                "outputs": {k: int(w.metrics.output_records.labels(k)._value.get())
                            for k in ("repaired", "findings", "dead_letter", "changelog")}}

    return asyncio.run(run())


def engine_pass(a: argparse.Namespace) -> dict[str, Any]:
    from processor.core.partition import GC_THRESHOLDS, EngineConfig, PartitionProcessor
    from processor.core.tally import Tally
    from processor.shell.metrics import Metrics

    keep: list[Any] = []
    if a.heap:  # what a worker process holds besides its partitions: the shell, both clients, a Worker
        from prometheus_client import CollectorRegistry

        import processor.shell.transport.aiokafka
        import processor.shell.transport.librdkafka  # noqa: F401
        from processor.shell.worker.loop import Worker

        s = bw.settings("127.0.0.1:9", "heap", "heap.in")
        keep.append(Worker(s, Metrics(CollectorRegistry(), s.label_cap)))
    items = bw.events_for(a.events, a.seed)
    recs = []
    offsets = [0] * bw.PARTITIONS
    for key, value in items:
        part = bw.kafka_partition(key, bw.PARTITIONS) if key is not None else 0
        recs.append((part, offsets[part], key, value))
        offsets[part] += 1
    gc.set_threshold(*GC_THRESHOLDS)
    g = GcClock()
    gc.callbacks.append(g)
    from prometheus_client import CollectorRegistry

    metrics = Metrics(CollectorRegistry())
    tally = Tally()
    cfg = EngineConfig(behaviour=not a.detectors_off)
    procs = [PartitionProcessor("bench.in", p, cfg, tally) for p in range(bw.PARTITIONS)]
    every = a.changelog_every
    gc.collect()
    g.on = True
    t = clock()
    for n, (part, off, key, value) in enumerate(recs):
        procs[part].process(off, key, value)
        if n % every == every - 1:
            metrics.flush(tally.take())
            for proc in procs:
                proc.take_changelog()
    metrics.flush(tally.take())
    for proc in procs:
        proc.take_changelog()
    dt = clock() - t
    g.on = False
    n = len(recs)
    return {"events": n, "main_thread_us_per_event": round(dt / n * 1e6, 2), **g.report(n),
            "objects_tracked_at_end": len(gc.get_objects())}


def run_pass(name: str, bootstrap: str, in_topic: str, prefix: str, n: int, a: argparse.Namespace,
             profile_out: Path | None = None) -> dict[str, Any]:
    env = dict(os.environ)
    name, _, tag = name.partition("@")
    if tag:  # another version of the package: its tree first on the path (the compiled core the same)
        env["PYTHONPATH"] = dict(t.split("=", 1) for t in a.tree)[tag]
    off = name.endswith("_off")
    base = name.removesuffix("_off")
    if base.startswith("engine"):
        cmd = [sys.executable, __file__, "_engine", "--events", str(n), "--seed", str(a.seed),
               "--changelog-every", str(a.changelog_every)]
        if base == "engine_heap":
            cmd.append("--heap")
    else:
        cmd = [sys.executable, __file__, "_pass", "--bootstrap", bootstrap, "--input-topic", in_topic,
               "--prefix", prefix, "--events", str(n)]
        env["TOOLMEND_KAFKA_CLIENT"] = base
        if profile_out is not None:
            cmd += ["--profile-out", str(profile_out)]
    if off:
        cmd.append("--detectors-off")
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=PASS_TIMEOUT_S, check=False, env=env)
    if proc.returncode != 0:
        raise RuntimeError(f"{name} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def median_range(xs: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(xs), 2), "min": round(min(xs), 2), "max": round(max(xs), 2)}


def summarize(runs: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ("process_cpu_us_per_event", "main_thread_us_per_event", "rest_of_main_thread_us_per_event",
                "gc_us_per_event", "wrapper_cost_us_per_event"):
        xs = [r[key] for r in runs if key in r]
        if xs:
            out[key] = median_range(xs)
    parts = sorted({k for r in runs for k in r.get("parts_us_per_event", {})})
    if parts:
        out["parts_us_per_event"] = {k: median_range([r["parts_us_per_event"].get(k, 0.0) for r in runs])
                                     for k in parts}
    threads = sorted({k for r in runs for k in r.get("other_threads_us_per_event", {})})
    if threads:
        out["other_threads_us_per_event"] = {k: median_range([r["other_threads_us_per_event"].get(k, 0.0)
                                                              for r in runs]) for k in threads}
    return out


def main() -> int:
    if sys.argv[1:2] in (["_pass"], ["_engine"]):
        mode = sys.argv[1]
        ap = argparse.ArgumentParser()
        ap.add_argument("--bootstrap")
        ap.add_argument("--input-topic")
        ap.add_argument("--prefix")
        ap.add_argument("--events", type=int, required=True)
        ap.add_argument("--seed", type=int, default=5)
        ap.add_argument("--changelog-every", type=int, default=2000)
        ap.add_argument("--detectors-off", action="store_true")
        ap.add_argument("--heap", action="store_true")
        ap.add_argument("--profile-out")
        a = ap.parse_args(sys.argv[2:])
        import logging

        logging.getLogger("toolmend").addHandler(logging.NullHandler())
        logging.getLogger("toolmend").propagate = False
        print(json.dumps(worker_pass(a) if mode == "_pass" else engine_pass(a)))
        return 0
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=50_000)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--changelog-every", type=int, default=2000)
    ap.add_argument("--passes", default="librdkafka,librdkafka_off,aiokafka,aiokafka_off,engine,engine_off,"
                                        "engine_heap,engine_heap_off")
    ap.add_argument("--bootstrap")
    ap.add_argument("--out", default=str(RESULTS / f"shell_split_{datetime.now(UTC):%Y-%m-%d}.json"))
    ap.add_argument("--tree", action="append", default=[], metavar="TAG=PATH",
                    help="a pass named NAME@TAG runs with PATH first on PYTHONPATH (a copy of the installed "
                         "package with another version's processor/shell): alternating A/B rounds of two shells")
    ap.add_argument("--profile-dir", help="after the rounds, one more pass of each worker pass under cProfile: "
                                          "its functions by own time written here (not timed)")
    a = ap.parse_args()
    names = a.passes.split(",")
    results: dict[str, list[dict[str, Any]]] = {n: [] for n in names}
    loads = []
    with bw.Broker(a.bootstrap, "tansu") as broker:
        run = uuid.uuid4().hex[:6]
        in_topic = f"sh{run}.in"
        asyncio.run(bw.ensure_topics(bw.settings(broker.bootstrap, f"sh{run}", in_topic),
                                     [(in_topic, bw.PARTITIONS, bw.BIG)]))
        got, _ = asyncio.run(bw.produce_all(broker.bootstrap, in_topic, bw.events_for(a.events, a.seed)))
        for rnd in range(a.rounds):
            order = names if rnd % 2 == 0 else names[::-1]
            for name in order:
                load = os.getloadavg()[0]
                loads.append(load)
                r = run_pass(name, broker.bootstrap, in_topic, f"sh{uuid.uuid4().hex[:6]}", got, a)
                r["load_1m"] = round(load, 1)
                r["probe_ms"] = cpu_probe()
                results[name].append(r)
                print(f"round {rnd + 1} {name}: {json.dumps(r)}", flush=True)
        if a.profile_dir:
            for name in names:
                if not name.startswith("engine"):
                    run_pass(name, broker.bootstrap, in_topic, f"sh{uuid.uuid4().hex[:6]}", got, a,
                             Path(a.profile_dir) / f"{name}.txt")
    doc = {"bench": "the worker's shell, split (bench_shell.py)",
           "date": datetime.now(UTC).isoformat(timespec="seconds"),
           "command": "python bench/bench_shell.py " + " ".join(sys.argv[1:]), "machine": machine(),
           "code": code_state(), "events": got, "load_1m": median_range(loads) if loads else None,
           "summary": {n: summarize(rs) for n, rs in results.items()}, "runs": results}
    Path(a.out).write_text(json.dumps(doc, indent=1) + "\n")
    print(json.dumps(doc["summary"], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
