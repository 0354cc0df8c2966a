"""Worker benchmarks against a real broker: throughput vs a bare consume-produce loop, latency, state restore.

    python bench/bench_worker.py throughput [--events 100000] [--repeat 5] [--profile] [--delivery both]
    python bench/bench_worker.py latency    [--rates 5000] [--duration 30]
    python bench/bench_worker.py restore    [--restore-sizes 200000,500000,1000000]
    python bench/bench_worker.py all        (the three, one broker each)

Each section starts its own embedded Tansu broker (memory storage) unless `--bootstrap` names a running one,
prints a short summary and writes bench/results/worker_<section>.json. No assertion: targets are reported.

* throughput: N generated events (processor.synth, realistic mix of dialects and faults) are produced once into
  an input topic (4 partitions). Then `--repeat` rounds (default 5), each of (a) a bare aiokafka loop (consumer
  group member with the worker's consumer and producer settings; per batch: one output record per input record,
  same key and value, await the acks, commit) and (b) the toolmend Worker (fresh group and output topics, same
  input topic, default settings) reading the whole topic; every pass runs in a process of its own (default
  interpreter settings: Worker.run raises the gc thresholds of its process), the order alternates from round to
  round, and a fixed CPU probe runs before each pass so the machine's drift shows. Time: from the first
  non-empty fetch to the commit that covers the last record (the Worker is timed by a subclass wrapping
  `_process`; `processed` counts records whose outputs, state and offsets are all done). Reported: best, median
  and spread of each side, the per-round ratio worker / bare (its median decides whether the target is met).
* latency: the worker runs as a separate process (`python -m processor.shell.cli run`), as in production. This
  process produces generated events paced at `rate` events/s for `duration` s, and consumes the repaired
  topic; for each output record, latency = receive time - send time of the input record named by its
  `toolmend-source` header (topic:partition:offset, mapped to the send time through the produce acks).
* restore: changelog records (key = conversation id, value = the stored state (`state.codec`) of conversations with an
  open tool call, engine defaults: behaviour detectors on) are produced into a compacted topic with 4
  partitions, growing to each of `--restore-sizes`; after each size an in-process Worker's
  `_restore([0, 1, 2, 3])` is timed (the path a worker takes when partitions are assigned).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import functools
import gc
import io
import json
import logging
import os
import pstats
import random
import signal
import site
import subprocess
import sys
import sysconfig
import time
import urllib.request
import uuid
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiokafka
import orjson
from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from benchenv import (  # this folder: bench scripts run by path
    code_state,
    cpu_probe,
    machine,
    rss_mib,
    stats,
    status_kib,
)
from prometheus_client import CollectorRegistry

from processor.core.partition import META_KEY
from processor.shell.config import Settings
from processor.shell.embedded_broker import EmbeddedBroker, free_port
from processor.shell.kafka import ensure_topics
from processor.shell.metrics import Metrics
from processor.shell.worker.checkpoint import Checkpoint
from processor.shell.worker.loop import Worker
from processor.synth.generate import DEFAULT_START_MS, generate, kafka_partition

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent

RESULTS = BENCH / "results"
PARTITIONS = 4
SESSION = {"session_timeout_ms": 6000, "heartbeat_interval_ms": 1000}  # joins on Tansu take ~session/2
THROUGHPUT_TARGET = 0.75
DEFAULT_DELIVERY = "at_least_once"
# the generated input holds a few 1.2 MB events (too_large dead letters): Apache Kafka needs the topic limit raised
BIG = {"max.message.bytes": str(4 << 20)}
LATENCY_RATE = 5000


# -- helpers --------------------------------------------------------------------------------------------------
def write(name: str, doc: dict[str, Any]) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    suffix = "" if doc.get("broker") in ("tansu", None) else "_" + doc["broker"]
    if doc.get("worker_settings", {}).get("behaviour") is False:
        suffix += "_detectors_off"
    if doc.get("deliveries", [DEFAULT_DELIVERY]) != [DEFAULT_DELIVERY]:
        suffix += "_" + "_vs_".join(doc["deliveries"])
    if os.environ.get("TOOLMEND_KAFKA_CLIENT") == "librdkafka":  # the worker's transport, and the bare loop's client
        suffix += "_librdkafka"
    path = RESULTS / f"worker_{name}{suffix}.json"
    doc = {"bench": f"worker_{name}", "date": datetime.now(UTC).isoformat(timespec="seconds"),
           "command": "python bench/bench_worker.py " + " ".join(sys.argv[1:]),
           "machine": machine(aiokafka=aiokafka.__version__),
           "code": code_state(), **doc}
    path.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {path.relative_to(ROOT)}")
    return path


def events_for(n_events: int, seed: int) -> list[tuple[bytes | None, bytes]]:
    """At least `n_events` generated events (about 14 per conversation), cut to exactly `n_events`."""
    evs, _ = generate(max(1, n_events // 13), seed=seed, partitions=PARTITIONS)
    while len(evs) < n_events:  # rarely: a short draw
        more, _ = generate(max(1, (n_events - len(evs)) // 10), seed=seed + len(evs), partitions=PARTITIONS)
        evs.extend(more)
    return [(e.key, e.value) for e in evs[:n_events]]


def settings(bootstrap: str, prefix: str, input_topic: str, **kw: Any) -> Settings:
    base: dict[str, Any] = dict(bootstrap_servers=bootstrap, input_topic=input_topic, output_topic=f"{prefix}.out",
                                dlq_topic=f"{prefix}.dlq", findings_topic=f"{prefix}.findings",
                                group_id=f"{prefix}-g", client_id=prefix, metrics_port=0, **SESSION)
    base.update(kw)
    return Settings(**base)


def consumer_kwargs(s: Settings) -> dict[str, Any]:
    """The worker's consumer settings (processor/shell/worker/loop.py Worker.run), for the bare loop."""
    return dict(group_id=s.group_id, enable_auto_commit=False, auto_offset_reset="earliest",
                session_timeout_ms=s.session_timeout_ms, heartbeat_interval_ms=s.heartbeat_interval_ms,
                max_poll_records=s.max_batch, fetch_max_wait_ms=s.fetch_max_wait_ms,
                max_partition_fetch_bytes=max(1 << 20, s.max_event_bytes + 65536),
                fetch_max_bytes=max(50 << 20, s.max_event_bytes * 4), **s.kafka_common())


def producer_kwargs(s: Settings) -> dict[str, Any]:
    """The worker's producer settings."""
    return dict(acks="all", linger_ms=s.linger_ms, max_batch_size=256 * 1024,
                max_request_size=max(2 << 20, s.max_event_bytes * 2), **s.kafka_common())


async def produce_all(bootstrap: str, topic: str, items: Iterable[tuple[bytes | None, bytes | None]],
                      partition_of: Any = None, linger_ms: int = 20) -> tuple[int, float]:
    p = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=linger_ms, max_batch_size=1 << 20,
                         max_request_size=4 << 20, acks="all")
    await p.start()
    n = 0
    t = time.perf_counter()
    try:
        futs = []
        for key, value in items:
            part = partition_of(key) if partition_of is not None else None
            futs.append(await p.send(topic, value, key=key, partition=part))
            n += 1
            if len(futs) >= 20000:
                await asyncio.gather(*futs)
                futs = []
        await asyncio.gather(*futs)
    finally:
        await p.stop()
    return n, time.perf_counter() - t


async def committed_total(s: Settings) -> int:
    """Sum of the group's committed offsets on the input topic (= records done: offsets are dense from 0)."""
    c = AIOKafkaConsumer(bootstrap_servers=s.bootstrap_servers, group_id=s.group_id, enable_auto_commit=False)
    await c.start()
    try:
        done = 0
        for p in range(PARTITIONS):
            done += (await c.committed(TopicPartition(s.input_topic, p))) or 0
        return done
    finally:
        await c.stop()


class Broker:
    """The embedded Tansu broker (default), Apache Kafka 4.x (tests/support/brokers.py), or a running broker."""

    def __init__(self, bootstrap: str | None, kind: str = "tansu") -> None:
        self.given = bootstrap
        self.kind = "given" if bootstrap else kind
        self.b: EmbeddedBroker | None = None
        self._kafka: Any = None
        self.pid: int | None = None
        self.log_path: Path | None = None

    def __enter__(self) -> Broker:
        if self.given:
            self.bootstrap = self.given
        elif self.kind == "kafka":
            # the tests' launcher of deploy/kafka/kafka-local.sh; the checkout goes LAST on sys.path, so the package
            # imported is still the installed one (a compiled wheel, say), never the checkout's sources
            if str(ROOT) not in sys.path:
                sys.path.append(str(ROOT))
            from tests.support.brokers import start_kafka

            # a throughput bench: the broker with C2, as its figures were recorded (kafka-local.sh's default is C1
            # only, for the tests' short-lived brokers)
            os.environ.setdefault("KAFKA_JVM_OPTS", "-XX:+UseSerialGC -Djava.awt.headless=true")
            self._kafka = start_kafka()
            running = self._kafka.__enter__()
            self.bootstrap = running.bootstrap
            self.log_path = running.log_path
            pidfile = running.log_path.parent / "kafka.pid" if running.log_path else None
            if pidfile is not None and pidfile.exists():
                self.pid = int(pidfile.read_text().split()[0])
        else:
            self.b = EmbeddedBroker().start()
            self.bootstrap = self.b.bootstrap
            self.pid = self.b.pid
        return self

    def __exit__(self, *exc: object) -> None:
        if self.b is not None:
            self.b.stop()
        if self._kafka is not None:
            self._kafka.__exit__(None, None, None)


# -- 1. throughput ------------------------------------------------------------------------------------------
async def bare_loop(s: Settings, total: int, timeout_s: float, same_partition: bool = False) -> dict[str, Any]:
    """`same_partition`: each output to its input's partition number, as the worker writes output topics partitioned
    like the input; without it the producer's default partitioner picks it (aiokafka's murmur2 is pure Python)."""
    c = AIOKafkaConsumer(s.input_topic, **consumer_kwargs(s))
    p = AIOKafkaProducer(**producer_kwargs(s))
    await p.start()
    await c.start()
    n = 0
    batches = 0
    t0: float | None = None
    t1 = 0.0
    deadline = time.monotonic() + timeout_s
    try:
        while n < total and time.monotonic() < deadline:
            batch = await c.getmany(timeout_ms=500, max_records=s.max_batch)
            if not batch:
                continue
            if t0 is None:
                t0 = time.perf_counter()
            futs = []
            commit = {}
            for tp, recs in batch.items():
                part = tp.partition if same_partition else None
                for r in recs:
                    futs.append(await p.send(s.output_topic, r.value, key=r.key, partition=part))
                commit[tp] = recs[-1].offset + 1
                n += len(recs)
            await asyncio.gather(*futs)
            await c.commit(commit)
            batches += 1
        t1 = time.perf_counter()
    finally:
        await c.stop()
        await p.stop()
    if n < total or t0 is None:
        raise RuntimeError(f"bare loop read {n} of {total} records in {timeout_s}s")
    dt = t1 - t0
    return {"events": n, "seconds": round(dt, 3), "events_per_s": round(n / dt), "batches": batches}


class TimedWorker(Worker):
    """The Worker, timed from its first non-empty batch to the batch that completes `target` records."""

    def __init__(self, s: Settings, target: int) -> None:
        super().__init__(s, Metrics(CollectorRegistry(), s.label_cap))
        self.target = target
        self.t0: float | None = None
        self.t1: float | None = None
        self.done = asyncio.Event()
        self.batches = 0
        self.busy = 0.0  # wall time inside _process (the engine; shipping overlaps the next batch)
        self.cpu0 = 0.0
        self.cpu = 0.0  # CPU time of this process from the first batch to the last commit (the rest: waiting)

    async def _process(self, batch: dict[TopicPartition, list[Any]], generation: int | None = None) -> None:
        t = time.perf_counter()
        if self.t0 is None:
            self.t0 = t
            self.cpu0 = time.process_time()
        await super()._process(batch, generation)
        self.busy += time.perf_counter() - t
        self.batches += 1

    async def _ship(self, cp: Checkpoint) -> None:  # the last step of a batch: its checkpoint committed
        await super()._ship(cp)
        if self.processed >= self.target and self.t1 is None:
            self.t1 = time.perf_counter()
            self.cpu = time.process_time() - self.cpu0
            self.done.set()


async def worker_topics(s: Settings) -> None:
    """The topics the worker would create, created first with the raised message size limit."""
    await ensure_topics(s, [(s.input_topic, PARTITIONS, BIG), (s.output_topic, PARTITIONS, BIG),
                            (s.dlq_topic, PARTITIONS, BIG), (s.findings_topic or "unused", PARTITIONS, BIG),
                            (s.changelog_topic, PARTITIONS, {"cleanup.policy": "compact", **BIG})])


async def worker_pass(s: Settings, total: int, timeout_s: float, profile: cProfile.Profile | None = None
                      ) -> dict[str, Any]:
    w = TimedWorker(s, total)
    stop = asyncio.Event()
    if profile is not None:
        profile.enable()
    task = asyncio.create_task(w.run(stop))
    try:
        await asyncio.wait_for(w.done.wait(), timeout_s)
    except TimeoutError:
        raise RuntimeError(f"worker processed {w.processed} of {total} records in {timeout_s}s") from None
    finally:
        if profile is not None:
            profile.disable()
        stop.set()
        stop_s = time.perf_counter()
        try:
            await asyncio.wait_for(task, 60)
            stopped: float | None = round(time.perf_counter() - stop_s, 1)
        except TimeoutError:  # the pass is timed already (its last commit): a stop that hangs is reported, not fatal
            stopped = None
    assert w.t0 is not None and w.t1 is not None
    dt = w.t1 - w.t0
    outs = {k: int(w.metrics.output_records.labels(k)._value.get())
            for k in ("repaired", "findings", "dead_letter", "changelog")}
    return {"events": w.processed, "seconds": round(dt, 3), "events_per_s": round(w.processed / dt),
            "batches": w.batches, "busy_s": round(w.busy, 3), "cpu_in_process_s": round(w.cpu, 3),
            "waiting_share": round(1 - w.cpu / dt, 3), "outputs": outs,
            "stop_s": stopped}  # None: the worker had not stopped 60 s after it was told to


def profile_summary(prof: cProfile.Profile, top: int = 30) -> tuple[str, dict[str, float]]:
    out = io.StringIO()
    st = pstats.Stats(prof, stream=out)
    st.sort_stats("tottime").print_stats(top)
    st.sort_stats("cumulative").print_stats(top)
    groups: dict[str, float] = {}
    total = 0.0
    for (file, _line, func), (_cc, _nc, tt, _ct, _callers) in st.stats.items():  # type: ignore[attr-defined]
        total += tt
        if "/processor/core/" in file:
            g = "processor.core (engine)"
        elif "/processor/shell/" in file:
            g = "processor.shell (worker, metrics)"
        elif "/prometheus_client/" in file:
            g = "prometheus_client"
        elif "/aiokafka/" in file or "kafka" in file:
            g = "aiokafka (client, protocol, codecs)"
        elif "/asyncio/" in file or "selector" in file or "socket" in func:
            g = "asyncio / sockets"
        elif "orjson" in func:
            g = "orjson"
        elif file == "~":
            g = "builtins (C functions)"
        else:
            g = "other"
        groups[g] = groups.get(g, 0.0) + tt
    shares = {k: round(v / total, 3) for k, v in sorted(groups.items(), key=lambda kv: -kv[1])}
    return strip_paths(out.getvalue()), shares


def strip_paths(text: str) -> str:
    """A profile names files by where they are installed: keep the part inside the repository or package only."""
    places = sorted({str(ROOT), *site.getsitepackages(), sysconfig.get_paths()["stdlib"]}, key=len, reverse=True)
    for place in places:
        text = text.replace(place + "/", "")
    return text


def engine_only(items: list[tuple[bytes | None, bytes]], only: str | None = None,
                changelog_every: int = 2000) -> dict[str, int]:
    """Events/s of PartitionProcessor alone over the same events (4 partitions by key, no Kafka): the ceiling.
    `changelog_every`: records between two changelog takes (`_with_changelog`; the worker takes it per batch)."""
    from processor.core.partition import EngineConfig, PartitionProcessor
    from processor.core.tally import Tally

    recs = []
    offsets = [0] * PARTITIONS
    rng = random.Random(1)
    for key, value in items:
        part = kafka_partition(key, PARTITIONS) if key is not None else rng.randrange(PARTITIONS)
        recs.append((part, offsets[part], key, value))
        offsets[part] += 1
    out = {}
    # `_with_changelog`: also the state records the worker takes after each batch (every 2000 records by default), the
    # stored form of every conversation the batch changed: the detectors' state is hashed and packed then
    for name, cfg, metrics, changelog in (
            ("detectors_on", EngineConfig(), None, False),
            ("detectors_on_with_metrics", EngineConfig(), Metrics(CollectorRegistry()), False),
            ("detectors_off", EngineConfig(behaviour=False), None, False),
            ("detectors_on_with_changelog", EngineConfig(), None, True),
            ("detectors_off_with_changelog", EngineConfig(behaviour=False), None, True)):
        if only is not None and name != only:
            continue
        tally = Tally()  # as in the worker: the core counts, the metrics take the counts every 2000 records
        procs = [PartitionProcessor("bench.in", p, cfg, tally if metrics else None) for p in range(PARTITIONS)]
        gc.collect()
        t = time.perf_counter()
        for n, (part, off, key, value) in enumerate(recs):
            procs[part].process(off, key, value)
            if n % changelog_every == changelog_every - 1:
                if metrics is not None:
                    metrics.flush(tally.take())
                if changelog:
                    for proc in procs:
                        proc.take_changelog()
        if metrics is not None:
            metrics.flush(tally.take())
        if changelog:
            for proc in procs:
                proc.take_changelog()
        out[name] = round(len(recs) / (time.perf_counter() - t))
    return out


def run_pass(side: str, bootstrap: str, in_topic: str, prefix: str, n: int, extra: dict[str, Any],
             profile_out: Path | None = None, delivery: str = DEFAULT_DELIVERY) -> dict[str, Any]:
    """One pass (`bare` or `worker`) in a process of its own: default interpreter settings (Worker.run raises the
    garbage collector's thresholds process-wide), nothing left over from the other side's pass."""
    cmd = [sys.executable, __file__, "_pass", side, "--bootstrap", bootstrap, "--input-topic", in_topic,
           "--prefix", prefix, "--events", str(n), "--delivery", delivery]
    if extra.get("behaviour") is False:
        cmd.append("--detectors-off")
    if profile_out is not None:
        cmd += ["--profile-out", str(profile_out)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=400, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"{side} pass failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


async def one_pass(side: str, bootstrap: str, in_topic: str, prefix: str, n: int, detectors_off: bool,
                   profile_out: str | None, delivery: str = DEFAULT_DELIVERY, same_partition: bool = False
                   ) -> dict[str, Any]:
    threshold = gc.get_threshold()
    extra: dict[str, Any] = {"behaviour": False} if detectors_off else {}
    if delivery != DEFAULT_DELIVERY:
        extra["delivery"] = delivery
    s = settings(bootstrap, prefix, in_topic, **({} if side == "bare" else extra))
    if side == "bare":
        await ensure_topics(s, [(s.output_topic, PARTITIONS, BIG)])
        r = await bare_loop(s, n, 240, same_partition)
    else:
        await worker_topics(s)
        prof = cProfile.Profile() if profile_out else None
        r = await worker_pass(s, n, 280 if prof else 240, prof)
        if prof is not None and profile_out:
            text, shares = profile_summary(prof)
            Path(profile_out).write_text(
                f"cProfile of one worker pass over {n} events (Worker in a process of its own; timings inflated by "
                f"the profiler: {r['events_per_s']} events/s under profile)\n\nown time by area: "
                f"{json.dumps(shares)}\n\n{text}")
            r["own_time_share"] = shares
    r["gc_threshold_at_start"] = list(threshold)
    r["delivery"] = delivery if side == "worker" else None
    # VmHWM: this process's own peak (ru_maxrss keeps the parent's high-water mark across fork and exec)
    r["peak_rss_mib"] = round(status_kib("VmHWM") / 1024, 1)
    return r


async def bench_throughput(bootstrap: str, n_events: int, repeat: int, seed: int, profile: bool,
                           extra: dict[str, Any], broker_pid: int | None,
                           deliveries: tuple[str, ...] = (DEFAULT_DELIVERY,)) -> dict[str, Any]:
    run = uuid.uuid4().hex[:6]
    in_topic = f"bench{run}.in"
    base = settings(bootstrap, f"bench{run}", in_topic)
    await ensure_topics(base, [(in_topic, PARTITIONS, BIG)])
    t = time.perf_counter()
    items = events_for(n_events, seed)
    gen_s = time.perf_counter() - t
    sizes = sorted(len(v) for _, v in items)
    n, prod_s = await produce_all(bootstrap, in_topic, items)
    print(f"throughput: {n} events in {in_topic} (generated in {gen_s:.1f}s, produced in {prod_s:.1f}s, "
          f"value bytes median {sizes[len(sizes) // 2]}, mean {sum(sizes) / len(sizes):.0f}, max {sizes[-1]})")
    engine = engine_only(items)
    print(f"  engine alone (no Kafka, same events): {engine}")
    del items
    rounds: list[dict[str, Any]] = []
    passes = [("bare", DEFAULT_DELIVERY), *(("worker", d) for d in deliveries)]
    for i in range(repeat):
        # alternating rounds, and within them alternating order (bare first, then the worker(s) first): a drift of
        # the machine's speed over the run falls on every side alike. `worker` is the first delivery mode's pass;
        # with several modes, `by_delivery` holds each mode's
        order = passes if i % 2 == 0 else passes[::-1]
        names = [side if side == "bare" or len(deliveries) == 1 else f"worker {d}" for side, d in order]
        rnd: dict[str, Any] = {"round": i + 1, "order": names,
                               "by_delivery": {}}
        for side, d in order:
            probe = cpu_probe()
            with Contention(broker_pid) as cont:
                r = await asyncio.to_thread(run_pass, side, bootstrap, in_topic, f"bench{run}{side}{i}{d[:3]}", n,
                                            extra, None, d)
            r["cpu_probe_ms"] = probe
            r["cpu"] = cont.result
            if side == "bare":
                rnd["bare"] = r
            else:
                rnd["by_delivery"][d] = r
        rnd["worker"] = rnd["by_delivery"][deliveries[0]]
        rnd["ratio"] = round(rnd["worker"]["events_per_s"] / rnd["bare"]["events_per_s"], 3)
        rounds.append(rnd)
        b = rnd["bare"]
        print(f"  round {i + 1} ({rnd['order'][0]} first): bare {b['events_per_s']:>6d}/s (probe "
              f"{b['cpu_probe_ms']} ms, others {b['cpu']['cores_used_others']} cores)" + "".join(
                  f"  worker{'' if len(deliveries) == 1 else ' ' + d} {w['events_per_s']:>6d}/s (probe "
                  f"{w['cpu_probe_ms']} ms, others {w['cpu']['cores_used_others']} cores)"
                  for d, w in rnd["by_delivery"].items()) + f"  ratio {rnd['ratio']:.3f}")
    bare = stats([r["bare"]["events_per_s"] for r in rounds])
    work = stats([r["worker"]["events_per_s"] for r in rounds])
    ratio = stats([r["ratio"] for r in rounds])
    meets = ratio["median"] >= THROUGHPUT_TARGET
    print(f"  bare   events/s: best {bare['best']:.0f}, median {bare['median']:.0f}, spread {bare['spread_pct']}%")
    print(f"  worker events/s: best {work['best']:.0f}, median {work['median']:.0f}, spread {work['spread_pct']}%")
    print(f"  ratio worker/bare per round: median {ratio['median']:.3f} (min {ratio['min']:.3f}, max "
          f"{ratio['max']:.3f}); best/best {work['best'] / bare['best']:.3f}; target >= {THROUGHPUT_TARGET}: "
          f"{'met' if meets else 'NOT met'} (the median decides)")
    probes = stats([r[side]["cpu_probe_ms"] for r in rounds for side in ("bare", "worker")], higher_is_better=False)
    print(f"  CPU probe: median {probes['median']} ms, min {probes['min']}, max {probes['max']} "
          f"(spread {probes['spread_pct']}%: the machine's drift during the run)")
    doc: dict[str, Any] = {
        "events": n, "partitions": PARTITIONS, "seed": seed, "generate_s": round(gen_s, 2),
        "produce_s": round(prod_s, 2), "value_bytes": {"median": sizes[len(sizes) // 2],
                                                       "mean": round(sum(sizes) / len(sizes)), "max": sizes[-1]},
        "settings": {k: getattr(base, k) for k in ("max_batch", "fetch_max_wait_ms", "linger_ms", "behaviour",
                                                   "session_timeout_ms")},
        "engine_only_events_per_s": engine, "worker_settings": {"behaviour": base.behaviour, **extra},
        "method": "each pass in a process of its own (default interpreter settings); rounds alternate, and so does "
                  "the order within a round; a fixed CPU probe (ms) before each pass",
        "rounds": rounds,
        "bare_events_per_s": bare, "worker_events_per_s": work, "ratio_per_round": ratio,
        "ratio_best_over_best": round(work["best"] / bare["best"], 3),
        "ratio_median_over_median": round(work["median"] / bare["median"], 3),
        "cpu_probe_ms": probes, "target_ratio": THROUGHPUT_TARGET,
        "meets_target": meets, "meets_target_rule": "the median of the per-round ratios meets the target",
        "deliveries": list(deliveries),
    }
    if len(deliveries) > 1:
        by = {d: stats([r["by_delivery"][d]["events_per_s"] for r in rounds]) for d in deliveries}
        per_round = stats([r["by_delivery"][deliveries[1]]["events_per_s"] / r["by_delivery"][deliveries[0]]
                           ["events_per_s"] for r in rounds])
        doc["by_delivery"] = by
        doc[f"{deliveries[1]}_over_{deliveries[0]}_per_round"] = per_round
        for d in deliveries:
            print(f"  worker {d}: median {by[d]['median']:.0f} events/s (min {by[d]['min']}, max {by[d]['max']})")
        print(f"  {deliveries[1]} / {deliveries[0]} per round: median {per_round['median']:.3f} "
              f"(min {per_round['min']:.3f}, max {per_round['max']:.3f})")
    if profile:
        out = RESULTS / "worker_profile.txt"
        out.parent.mkdir(parents=True, exist_ok=True)
        r = await asyncio.to_thread(run_pass, "worker", bootstrap, in_topic, f"bench{run}prof", n, extra, out,
                                    deliveries[0])
        doc["profile"] = {"events_per_s_under_profile": r["events_per_s"], "own_time_share": r["own_time_share"],
                          "file": "bench/results/worker_profile.txt"}
        print(f"  profile (own time share): {r['own_time_share']}")
    return doc


# -- 2. latency ------------------------------------------------------------------------------------------------
def env_for(s: Settings) -> dict[str, str]:
    env = dict(os.environ)
    for name, value in s.model_dump().items():
        if value is not None:
            env[f"TOOLMEND_{name.upper()}"] = str(value).lower() if isinstance(value, bool) else str(value)
    return env


def wait_ready(port: int, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError("worker not ready in time")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (from /proc/<pid>/stat)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return float("nan")


def machine_busy_s() -> float:
    """CPU seconds all processes of the machine spent busy so far (/proc/stat, all cores)."""
    with open("/proc/stat") as f:
        v = [int(x) for x in f.readline().split()[1:9]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = v
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


class Contention:
    """CPU used during a section: by this bench (with its reaped children), by the broker, and by everything else
    on the machine (other people's tests, for instance): the benches share 2 cores with all of it."""

    def __init__(self, broker_pid: int | None) -> None:
        self.broker_pid = broker_pid

    def _sample(self) -> tuple[float, float, float, float]:
        t = os.times()
        broker = cpu_seconds(self.broker_pid) if self.broker_pid else 0.0
        return time.perf_counter(), machine_busy_s(), t.user + t.system + t.children_user + t.children_system, broker

    def __enter__(self) -> Contention:
        self.t0 = self._sample()
        with open("/proc/loadavg") as f:
            self.load0 = f.read().split()[0]
        return self

    def __exit__(self, *exc: object) -> None:
        t1 = self._sample()
        wall = t1[0] - self.t0[0]
        machine_, bench, broker = (t1[i] - self.t0[i] for i in (1, 2, 3))
        self.result = {"wall_s": round(wall, 1), "cores_available": os.cpu_count(),
                       "cores_used_total": round(machine_ / wall, 2), "cores_used_bench": round(bench / wall, 2),
                       "cores_used_broker": round(broker / wall, 2),
                       "cores_used_others": round(max(0.0, machine_ - bench - broker) / wall, 2),
                       "loadavg_1m_at_start": float(self.load0)}


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    return xs[min(len(xs) - 1, max(0, round(q / 100 * len(xs) + 0.5) - 1))]


def summary_ms(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    return {"n": len(xs), "p50_ms": round(pct(xs, 50) * 1000, 1), "p95_ms": round(pct(xs, 95) * 1000, 1),
            "p99_ms": round(pct(xs, 99) * 1000, 1), "max_ms": round(xs[-1] * 1000, 1) if xs else float("nan"),
            "mean_ms": round(sum(xs) / len(xs) * 1000, 1) if xs else float("nan")}


async def bare_serve(s: Settings, ready_file: Path, stop: asyncio.Event) -> None:
    """The throughput section's bare loop as a standing service, for the latency section: the worker's consumer
    and producer settings, per `getmany` batch one output per input (same key and value), all acks awaited, then
    the commit. Each output carries the `toolmend-source` header (topic:partition:offset) the latency consumer
    matches, as the worker's outputs do. Ready (the file is written) once the group has assigned partitions."""
    c = AIOKafkaConsumer(s.input_topic, **consumer_kwargs(s))
    p = AIOKafkaProducer(**producer_kwargs(s))
    await p.start()
    await c.start()
    try:
        while not stop.is_set():
            batch = await c.getmany(timeout_ms=100, max_records=s.max_batch)
            if c.assignment() and not ready_file.exists():
                ready_file.write_text("ready\n")
            if not batch:
                continue
            futs = []
            commit = {}
            for tp, recs in batch.items():
                src = f"{tp.topic}:{tp.partition}:"
                for r in recs:
                    futs.append(await p.send(s.output_topic, r.value, key=r.key,
                                             headers=[("toolmend-source", f"{src}{r.offset}".encode())]))
                commit[tp] = recs[-1].offset + 1
            await asyncio.gather(*futs)
            await c.commit(commit)
    finally:
        await c.stop()
        await p.stop()


def bare_serve_main(argv: list[str]) -> int:
    """`_bare_serve --bootstrap .. --input-topic .. --prefix .. --ready-file ..`: the bare loop until SIGTERM."""
    ap = argparse.ArgumentParser(prog="bench_worker.py _bare_serve")
    ap.add_argument("--bootstrap", required=True)
    ap.add_argument("--input-topic", required=True)
    ap.add_argument("--prefix", required=True)
    ap.add_argument("--ready-file", required=True)
    a = ap.parse_args(argv)

    s = settings(a.bootstrap, a.prefix, a.input_topic)
    if os.environ.get("TOOLMEND_KAFKA_CLIENT") == "librdkafka":  # the bare loop of the worker's client
        from bench_transports import rdk_serve

        flag: list[int] = []
        signal.signal(signal.SIGTERM, lambda *_: flag.append(1))
        rdk_serve(s, Path(a.ready_file), lambda: bool(flag))
        return 0

    async def serve() -> None:
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        await bare_serve(s, Path(a.ready_file), stop)

    asyncio.run(serve())
    return 0


def wait_file(path: Path, proc: subprocess.Popen[bytes], timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if path.exists():
            return
        if proc.poll() is not None:
            raise RuntimeError(f"bare loop exited early ({proc.returncode}); see its log")
        time.sleep(0.2)
    raise RuntimeError("bare loop not ready in time")


def stop_process(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then SIGKILL if it has not exited after 30 s."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


async def output_reader(bootstrap: str, topic: str, fetch_max_wait_ms: int) -> AIOKafkaConsumer:
    """A started consumer of every partition of `topic` from its beginning (no group)."""
    c = AIOKafkaConsumer(bootstrap_servers=bootstrap, enable_auto_commit=False, auto_offset_reset="earliest",
                         max_partition_fetch_bytes=4 << 20, fetch_max_wait_ms=fetch_max_wait_ms)
    await c.start()
    tps = [TopicPartition(topic, p) for p in range(PARTITIONS)]
    c.assign(tps)
    await c.seek_to_beginning(*tps)
    return c


async def latency_at(bootstrap: str, rate: int, duration: float, seed: int, log: Path,
                     broker_pid: int | None, side: str = "worker") -> dict[str, Any]:
    """One latency pass of `side`: the worker (`python -m processor.shell.cli run`) or the bare loop
    (`bare_serve`), each a process of its own, fed by the same paced producer on a fresh topic set."""
    run = uuid.uuid4().hex[:6]
    prefix = f"lat{run}{side[0]}"
    port = free_port()
    s = settings(bootstrap, prefix, f"{prefix}.in", metrics_port=port, metrics_host="127.0.0.1")
    n_events = int(rate * duration)
    items = events_for(n_events, seed)
    await worker_topics(s)  # the same topics and settings for both sides
    ready_file = BENCH / "out" / f"{prefix}.ready"
    with open(log, "ab") as f:
        if side == "worker":
            # -P: the checkout (cwd) stays off sys.path, so the worker runs the installed package (a compiled wheel)
            proc = subprocess.Popen([sys.executable, "-P", "-m", "processor.shell.cli", "run", "--log-level",
                                     "WARNING"], env=env_for(s), stdout=f, stderr=subprocess.STDOUT, cwd=ROOT)
        else:
            proc = subprocess.Popen([sys.executable, __file__, "_bare_serve", "--bootstrap", bootstrap,
                                     "--input-topic", s.input_topic, "--prefix", prefix, "--ready-file",
                                     str(ready_file)], stdout=f, stderr=subprocess.STDOUT, cwd=ROOT)
    sent: dict[tuple[int, int], float] = {}  # (partition, offset) -> send time
    recv: list[tuple[str, float]] = []  # (toolmend-source, receive time)
    try:
        if side == "worker":
            wait_ready(port, 60)
        else:
            wait_file(ready_file, proc, 60)
        c = await output_reader(bootstrap, s.output_topic, 20)
        stop_consuming = asyncio.Event()

        async def consume() -> None:
            while not stop_consuming.is_set():
                got = await c.getmany(timeout_ms=100)
                now = time.time()
                for recs in got.values():
                    for r in recs:
                        for k, v in r.headers or ():
                            if k == "toolmend-source":
                                recv.append((v.decode(), now))
                                break

        ctask = asyncio.create_task(consume())
        p = AIOKafkaProducer(bootstrap_servers=bootstrap, linger_ms=2, max_request_size=4 << 20, acks="all")
        await p.start()
        futs: list[tuple[float, asyncio.Future[Any]]] = []
        cpu0 = {"worker": cpu_seconds(proc.pid), "bench": cpu_seconds(os.getpid())}
        if broker_pid:
            cpu0["broker"] = cpu_seconds(broker_pid)
        t_start = time.perf_counter()
        wall_start = time.time()
        i = 0
        tick = 0.005
        while i < n_events:
            due = min(n_events, int((time.perf_counter() - t_start) * rate) + 1)
            while i < due:
                key, value = items[i]
                now = time.time()
                futs.append((now, await p.send(s.input_topic, value, key=key, timestamp_ms=int(now * 1000))))
                i += 1
            await asyncio.sleep(tick)
        send_s = time.perf_counter() - t_start
        for t_sent, fut in futs:
            md = await fut
            sent[(md.partition, md.offset)] = t_sent
        await p.stop()
        # drain: until the worker has committed every input record and the output topic has been quiet a while
        deadline = time.monotonic() + max(60.0, duration * 2)
        while time.monotonic() < deadline:
            if await committed_total(s) >= n_events:
                break
            await asyncio.sleep(0.5)
        drained_s = time.perf_counter() - t_start
        pids = {"worker": proc.pid, "bench": os.getpid(), "broker": broker_pid or 0}
        cpu = {k: round((cpu_seconds(pids[k]) - v) / drained_s, 2) for k, v in cpu0.items()}
        last = len(recv)
        while True:
            await asyncio.sleep(1.0)
            if len(recv) == last:
                break
            last = len(recv)
        stop_consuming.set()
        await ctask
        await c.stop()
        committed = await committed_total(s)
    finally:
        stop_process(proc)
        ready_file.unlink(missing_ok=True)
    lat: list[float] = []
    lat_steady: list[float] = []
    unmatched = 0
    seen_src: set[str] = set()
    first: list[float] = []
    windows: dict[int, list[float]] = {}
    for src, t_recv in recv:
        _topic, part, off = src.rsplit(":", 2)
        sent_at = sent.get((int(part), int(off)))
        if sent_at is None:
            unmatched += 1
            continue
        d = t_recv - sent_at
        lat.append(d)
        windows.setdefault(int((sent_at - wall_start) // 5), []).append(d)
        if sent_at - wall_start >= 5.0:
            lat_steady.append(d)
        if src not in seen_src:
            seen_src.add(src)
            first.append(d)
    achieved = n_events / send_s
    return {"side": side, "target_rate": rate, "duration_s": duration, "events": n_events,
            "achieved_rate": round(achieved),
            "send_s": round(send_s, 2), "drained_after_s": round(drained_s, 2), "committed": committed,
            "cpu_cores_used": cpu,
            "outputs_received": len(recv), "unmatched_outputs": unmatched,
            "latency_all_outputs": summary_ms(lat), "latency_after_5s_warmup": summary_ms(lat_steady),
            "latency_first_output_per_input": summary_ms(first),
            "p99_ms_per_5s_window": [summary_ms(windows[k])["p99_ms"] for k in sorted(windows)]}


async def bench_latency(bootstrap: str, rates: list[int], duration: float, seed: int,
                        broker_pid: int | None, rounds: int = 2, bare: bool = True) -> dict[str, Any]:
    """Per rate, `rounds` rounds of a worker pass and (unless `bare` is off) a bare-loop pass, alternating: the
    worker first in odd rounds, the bare loop first in even ones. Every pass: the same generated events, the same
    paced producer, fresh topics created alike."""
    log = BENCH / "out" / "worker_latency.log"  # the passes' own logs (bench/out/ is not versioned)
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_bytes(b"")
    out = []
    summary: dict[str, Any] = {}
    sides = ("worker", "bare") if bare else ("worker",)
    for rate in rates:
        by_side: dict[str, list[dict[str, Any]]] = {side: [] for side in sides}
        for i in range(rounds):
            for side in (sides if i % 2 == 0 else sides[::-1]):
                probe = cpu_probe()
                with Contention(broker_pid) as cont:
                    r = await latency_at(bootstrap, rate, duration, seed, log, broker_pid, side)
                r["round"] = i + 1
                r["cpu_probe_ms"] = probe
                r["cpu"] = cont.result
                out.append(r)
                by_side[side].append(r)
                la = r["latency_all_outputs"]
                print(f"latency {side:>6} round {i + 1} @ {rate}/s for {duration:.0f}s: achieved "
                      f"{r['achieved_rate']}/s, {r['outputs_received']} outputs; p50 {la['p50_ms']} ms  p95 "
                      f"{la['p95_ms']} ms  p99 {la['p99_ms']} ms  max {la['max_ms']} ms  (all inputs committed "
                      f"{r['drained_after_s']:.1f}s after the first send; CPU cores used {r['cpu_cores_used']}; "
                      f"others {cont.result['cores_used_others']}; probe {probe} ms)")
        per_rate: dict[str, Any] = {}
        for side, rs in by_side.items():
            per_rate[side] = {q: stats([r["latency_all_outputs"][q] for r in rs], higher_is_better=False)
                              for q in ("p50_ms", "p95_ms", "p99_ms", "max_ms")}
            per_rate[side]["first_output_per_input"] = {
                q: stats([r["latency_first_output_per_input"][q] for r in rs], higher_is_better=False)
                for q in ("p50_ms", "p95_ms", "p99_ms", "max_ms")}
        summary[str(rate)] = per_rate
        for side in sides:
            m = per_rate[side]
            print(f"  {side:>6} @ {rate}/s, median of {rounds} round(s): " + "  ".join(
                f"{q[:-3]} {m[q]['median']} ms ({m[q]['min']}-{m[q]['max']})"
                for q in ("p50_ms", "p95_ms", "p99_ms", "max_ms")))
    return {"runs": out, "rounds": rounds, "summary_by_rate": summary,
            "worker": "separate process: python -m processor.shell.cli run (defaults)",
            "bare": "separate process: bench_worker.py _bare_serve (the throughput section's bare loop with the "
                    "worker's consumer and producer settings, plus a toolmend-source header per output; with "
                    "TOOLMEND_KAFKA_CLIENT=librdkafka the same loop in confluent-kafka: bench_transports.rdk_serve)"
            if bare else None, "kafka_client": os.environ.get("TOOLMEND_KAFKA_CLIENT", "aiokafka"),
            "method": "rounds alternate worker/bare order; each pass: fresh topics (same settings), the same events "
                      "paced by the same producer; latency = receive time of an output - send time of its input",
            "log": "bench/out/worker_latency.log"}


# -- 4. restore -----------------------------------------------------------------------------------------------
def state_values(n_distinct: int, seed: int) -> list[bytes]:
    """Changelog values of conversations left with an open tool call (engine defaults: behaviour on)."""
    from bench_memory import build_live, states

    procs, _ = build_live(n_distinct, True, seed)
    return [value for p in procs for _, value in states(p)]


async def loop_lag_monitor(state: dict[str, float], every: float = 0.05) -> None:
    """Records the longest stretch during which the event loop did not run (a synchronous section)."""
    last = time.perf_counter()
    while True:
        await asyncio.sleep(every)
        now = time.perf_counter()
        state["max_block_s"] = max(state.get("max_block_s", 0.0), now - last - every)
        last = now


async def timed_restore(bootstrap: str, topic: str, workaround: bool) -> dict[str, Any]:
    import processor.shell.worker.loop as worker_mod

    s = Settings(bootstrap_servers=bootstrap, input_topic="restore.in", output_topic="restore.out",
                 dlq_topic="restore.dlq", findings_topic=None, state_topic=topic, group_id="restore-g",
                 metrics_port=0)
    gc.collect()
    before = rss_mib()
    with open("/proc/self/clear_refs", "w") as f:  # reset VmHWM (peak RSS) of this process
        f.write("5")
    w = Worker(s, Metrics(CollectorRegistry(), s.label_cap))
    lag: dict[str, float] = {}
    mon = asyncio.create_task(loop_lag_monitor(lag))
    await asyncio.sleep(0.1)
    original = getattr(worker_mod, "AIOKafkaConsumer")  # noqa: B009 - not re-exported: patched for the bench only
    if workaround:
        # Worker._restore applies every record in one synchronous stretch while its consumer's fetcher still has
        # a fetch in flight: past request_timeout_ms (40 s) that fetch times out and rc.stop() raises
        # CancelledError out of _restore. A longer request timeout lets the measurement finish.
        setattr(worker_mod, "AIOKafkaConsumer", functools.partial(original, request_timeout_ms=900_000))  # noqa: B010
    t = time.perf_counter()
    error = None
    n = 0
    try:
        n = await w._restore(list(range(PARTITIONS)))
    except BaseException as e:  # CancelledError included: that is the failure reported
        error = f"{type(e).__name__}: {e}"[:200]
    finally:
        setattr(worker_mod, "AIOKafkaConsumer", original)  # noqa: B010
    dt = time.perf_counter() - t
    await asyncio.sleep(0.1)
    mon.cancel()
    gc.collect()
    after = rss_mib()
    with open("/proc/self/status") as f:
        hwm = next(int(line.split()[1]) / 1024 for line in f if line.startswith("VmHWM:"))
    del w
    gc.collect()
    return {"conversations": n, "seconds": round(dt, 2), "conversations_per_s": round(n / dt) if n else 0,
            "error": error, "timeout_workaround": workaround, "longest_event_loop_block_s": round(
                lag.get("max_block_s", 0.0), 1), "rss_delta_mib": round(after - before), "peak_rss_mib": round(hwm)}


async def bench_restore(bootstrap: str, sizes: list[int], seed: int, workaround: bool) -> dict[str, Any]:
    topic = f"restore{uuid.uuid4().hex[:6]}-state"
    s = Settings(bootstrap_servers=bootstrap, metrics_port=0)
    await ensure_topics(s, [(topic, PARTITIONS, {"cleanup.policy": "compact"})])
    t = time.perf_counter()
    values = state_values(20000, seed)
    mean = sum(map(len, values)) / len(values)
    print(f"restore: {len(values)} distinct state values (mean {mean:.0f} bytes) built in "
          f"{time.perf_counter() - t:.1f}s")
    rng = random.Random(seed)
    produced = 0
    out = []
    for size in sorted(sizes):
        def items(k: int, start: int) -> Iterable[tuple[bytes, bytes]]:
            for i in range(k):
                yield f"{rng.getrandbits(128):032x}".encode(), values[(start + i) % len(values)]

        n, prod_s = await produce_all(bootstrap, topic, items(size - produced, produced),
                                      partition_of=lambda key: kafka_partition(key, PARTITIONS))
        # the meta record the worker writes after every batch (watermark, last offset), once per partition
        metas = iter(range(PARTITIONS))
        await produce_all(bootstrap, topic, [(META_KEY, orjson.dumps({"wm": DEFAULT_START_MS, "o": size}))]
                          * PARTITIONS, partition_of=lambda key, metas=metas: next(metas))
        produced += n
        r = await timed_restore(bootstrap, topic, workaround)
        r["produce_s"] = round(prod_s, 1)
        r["records_in_topic"] = produced
        out.append(r)
        if r["error"]:
            print(f"  {produced:>8d} records: restore FAILED after {r['seconds']:.1f}s: {r['error']}")
            break
        print(f"  {r['conversations']:>8d} conversations restored in {r['seconds']:.1f}s = "
              f"{r['conversations_per_s']} conv/s (event loop blocked up to {r['longest_event_loop_block_s']}s; "
              f"RSS +{r['rss_delta_mib']} MiB, peak {r['peak_rss_mib']} MiB; {n} records produced in {prod_s:.1f}s)")
    ok = [r for r in out if not r["error"]]
    largest = ok[-1] if ok else out[-1]
    per_s = largest["conversations_per_s"]
    doc: dict[str, Any] = {"topic_partitions": PARTITIONS, "mean_value_bytes": round(mean), "runs": out,
                           "engine": "defaults (behaviour detectors on)"}
    if largest["conversations"] and largest["conversations"] < 1_000_000:
        doc["extrapolated_1m_seconds"] = round(1_000_000 / per_s, 1)
        doc["extrapolation"] = "linear from the largest run"
    return doc


# -- main ---------------------------------------------------------------------------------------------------------
def pass_main(argv: list[str]) -> int:
    """`_pass bare|worker ...`: one throughput pass, run by `run_pass` in a process of its own; prints its JSON."""
    ap = argparse.ArgumentParser(prog="bench_worker.py _pass")
    ap.add_argument("side", choices=("bare", "worker"))
    ap.add_argument("--bootstrap", required=True)
    ap.add_argument("--input-topic", required=True)
    ap.add_argument("--prefix", required=True)
    ap.add_argument("--events", type=int, required=True)
    ap.add_argument("--detectors-off", action="store_true")
    ap.add_argument("--profile-out")
    ap.add_argument("--delivery", default=DEFAULT_DELIVERY)
    ap.add_argument("--same-partition", action="store_true",
                    help="bare: each output to its input's partition number (no partitioner), as the worker writes")
    a = ap.parse_args(argv)
    logging.getLogger("toolmend").addHandler(logging.NullHandler())
    logging.getLogger("toolmend").propagate = False
    r = asyncio.run(one_pass(a.side, a.bootstrap, a.input_topic, a.prefix, a.events, a.detectors_off,
                             a.profile_out, a.delivery, a.same_partition))
    print(json.dumps(r))
    return 0


def main() -> int:
    if sys.argv[1:2] == ["_pass"]:
        return pass_main(sys.argv[2:])
    if sys.argv[1:2] == ["_bare_serve"]:
        return bare_serve_main(sys.argv[2:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("section", choices=("throughput", "latency", "restore", "all"))
    ap.add_argument("--bootstrap", help="use this running broker instead of starting one")
    ap.add_argument("--broker", choices=("tansu", "kafka"), default="tansu",
                    help="broker to start: embedded Tansu (memory) or Apache Kafka 4.x via deploy/kafka")
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=5, help="throughput: rounds (a bare and a worker pass each)")
    ap.add_argument("--profile", action="store_true", help="throughput: one more worker pass under cProfile")
    ap.add_argument("--detectors-off", action="store_true",
                    help="throughput: run the worker with TOOLMEND_BEHAVIOUR=false (the bare loop is unchanged)")
    ap.add_argument("--rates", default=str(LATENCY_RATE), help="latency: comma-separated events/s")
    ap.add_argument("--duration", type=float, default=30.0)
    ap.add_argument("--latency-rounds", type=int, default=2,
                    help="latency: rounds of a worker pass and a bare-loop pass each, alternating")
    ap.add_argument("--no-bare", action="store_true", help="latency: the worker's passes only")
    ap.add_argument("--restore-sizes", default="200000,500000,1000000")
    ap.add_argument("--timeout-workaround", action="store_true",
                    help="restore: give the restore consumer a 900 s request timeout, so a restore whose synchronous "
                         "part exceeds 40 s can be timed (Worker._restore fails then, see README)")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--delivery", choices=("at_least_once", "exactly_once", "both"), default=DEFAULT_DELIVERY,
                    help="throughput: the worker's delivery mode; both: a pass of each in every round "
                         "(exactly_once needs --broker kafka and a worker with the delivery setting)")
    a = ap.parse_args()
    logging.getLogger("toolmend").addHandler(logging.NullHandler())  # the worker's dead-letter warnings
    logging.getLogger("toolmend").propagate = False
    sections = ("throughput", "latency", "restore") if a.section == "all" else (a.section,)
    for sec in sections:
        t = time.perf_counter()
        with Broker(a.bootstrap, a.broker) as broker, Contention(broker.pid) as cont:
            bootstrap = broker.bootstrap
            if sec == "throughput":
                deliveries = ("at_least_once", "exactly_once") if a.delivery == "both" else (a.delivery,)
                doc = asyncio.run(bench_throughput(bootstrap, a.events, a.repeat, a.seed, a.profile,
                                                   {"behaviour": False} if a.detectors_off else {}, broker.pid,
                                                   deliveries))
            elif sec == "latency":
                doc = asyncio.run(bench_latency(bootstrap, [int(x) for x in a.rates.split(",")], a.duration,
                                                a.seed, broker.pid, a.latency_rounds, not a.no_bare))
            else:
                doc = asyncio.run(bench_restore(bootstrap, [int(x) for x in a.restore_sizes.split(",")], a.seed,
                                                a.timeout_workaround))
        doc["wall_s"] = round(time.perf_counter() - t, 1)
        doc["cpu"] = cont.result
        doc["broker"] = broker.kind
        print(f"  CPU during {sec}: {cont.result}")
        write(sec, doc)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
