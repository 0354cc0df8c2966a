"""Event-to-output latency of the worker against the bare loop of the same Kafka client, both transports in ONE
run, and the worker's RSS per 100k live conversations (issue 33, item 4).

    python bench/bench_latency.py [--rates 5000,1000,10000] [--duration 25] [--warmup 5] [--rounds 3]
                                  [--clients aiokafka,librdkafka] [--delivery at_least_once|exactly_once|both]
                                  [--sections latency,rss] [--rss-conversations 100000]
                                  [--broker tansu|kafka] [--bootstrap HOST:PORT] [--out FILE]

**Latency.** Per rate, `--rounds` rounds; each round runs every pass once, in the reverse order every other round:
`toolmend_<client>` (the worker, `python -m processor.shell.cli run` with `TOOLMEND_KAFKA_CLIENT=<client>` and
default settings, a process of its own as in production) and `bare_<client>` (this script's `_bare` loop in a
process of its own: the worker's own consumer and producer settings, taken from the transport that builds them,
`kafka.new_input_consumer` / `new_producer` and `librdkafka.consumer_conf` / `producer_conf`, and the worker's
fetch: aiokafka `getmany`, librdkafka the transport's `take`; per fetched batch one output per input, to the input's
partition, every acknowledgement awaited, then the offsets committed), and with `--delivery exactly_once` or `both`
also `toolmend_<client>_eos` (`TOOLMEND_DELIVERY=exactly_once`: needs transactions, so `--broker kafka`). Each pass
gets fresh topics made alike and a fresh group, then 1,000 priming events of another seed, sent at once and
committed before anything is timed (what a process does once, lazy imports and the detectors' first use, is not in
the figures), then the same pre-generated events (processor.synth), sent by a paced producer (confluent-kafka,
linger 1 ms, in a thread of this process: the event numbered i is handed to the client at i / rate s) stamping each
event's send time (perf_counter) and mapping it to the (partition, offset) its acknowledgement gives. A reader
(confluent-kafka, assigned to every partition of the output topic, `read_committed` for the exactly-once passes)
stamps each output's receive time; the output names its input by the `toolmend-source` header the worker writes (the
bare loops write the same header), so nothing the worker computes changes (the priming events' outputs are counted
as unmatched). Latency = receive - send, for every output of an input sent after `--warmup` s (also the first output
of each input); per pass p50/p95/p99/max, per rate the median over the rounds with the range, and per round the
ratio of the worker's p99 to the bare loop's of the same client. With each pass: the achieved rate, the CPU cores
used by the pass's process, the broker and the rest of the machine, the load average before and after, the time the
process's threads ran and waited for a core (schedstat, per wall second: a process short of CPU waits on the run
queue, one waiting on the broker sleeps), and its RSS at the end.

**RSS per 100k live conversations** (`rss`): per client and round, a worker process (default settings) reads
10,000 conversations and then 100,000 more, each a user request and an assistant turn with 1 or 2 tool calls left
open (bench_memory.py's conversations: every one stays live, 1,024 hot per partition, the rest in their stored
form); after each phase is committed, its VmRSS. Per 100k = RSS after the second phase - RSS after the first (the
warm-up, caches and client buffers cancel out); the idle RSS after start is given too.

Writes bench/results/latency_<date>[_kafka].json. The machine is shared: read every figure with its load.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import logging
import os
import random
import signal
import subprocess
import sys
import threading
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiokafka
import bench_worker as bw  # this folder: bench scripts run by path
import latency_stats as ls
from benchenv import code_state, cpu_probe, machine

from processor.shell.config import Settings
from processor.shell.embedded_broker import free_port

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
RSS_WARM_CONVERSATIONS = 10_000
DRAIN_QUIET_S = 1.0
PRIMING_EVENTS = 1000


# -- the bare loops (run as `_bare`) -------------------------------------------------------------------------------
async def bare_aiokafka(s: Settings, ready: Path, stop: asyncio.Event) -> None:
    from aiokafka import AIOKafkaConsumer

    from processor.shell.kafka import new_input_consumer, new_producer
    from processor.shell.transport.base import FETCH_WAIT_MS

    c: AIOKafkaConsumer = new_input_consumer(s, group_id=s.group_id, session_timeout_ms=s.session_timeout_ms,
                                             heartbeat_interval_ms=s.heartbeat_interval_ms)
    c.subscribe([s.input_topic])
    p = new_producer(s)
    await p.start()
    await c.start()
    try:
        while not stop.is_set():
            batch = await c.getmany(timeout_ms=min(FETCH_WAIT_MS, 100), max_records=s.max_batch)
            if c.assignment() and not ready.exists():
                ready.write_text("ready\n")
            if not batch:
                continue
            futs = []
            commit = {}
            for tp, recs in batch.items():
                src = f"{tp.topic}:{tp.partition}:"
                for r in recs:
                    futs.append(await p.send(s.output_topic, r.value, key=r.key, partition=tp.partition,
                                             headers=[("toolmend-source", f"{src}{r.offset}".encode())]))
                commit[tp] = recs[-1].offset + 1
            await asyncio.gather(*futs)
            await c.commit(commit)
    finally:
        await c.stop()
        await p.stop()


def bare_librdkafka(s: Settings, ready: Path, stopped: list[int]) -> None:
    from confluent_kafka import Consumer, Producer
    from confluent_kafka import TopicPartition as RdTP

    from processor.shell.transport.librdkafka import consumer_conf, producer_conf, take

    c = Consumer(consumer_conf(s, group_id=s.group_id, session_timeout_ms=s.session_timeout_ms,
                               heartbeat_interval_ms=s.heartbeat_interval_ms))
    p = Producer(producer_conf(s))
    errors: list[Any] = []

    def delivered(err: Any, _msg: Any) -> None:
        if err is not None:
            errors.append(err)

    c.subscribe([s.input_topic])
    try:
        while not stopped:
            msgs = take(c, s.max_batch, 0.1)
            if c.assignment() and not ready.exists():
                ready.write_text("ready\n")
            last: dict[int, int] = {}
            for m in msgs:
                if m.error() is not None:  # partition EOF (enable.partition.eof, as the worker's)
                    continue
                part, off = m.partition(), m.offset()
                while True:
                    try:
                        p.produce(s.output_topic, m.value(), m.key(), partition=part, on_delivery=delivered,
                                  headers=[("toolmend-source", f"{m.topic()}:{part}:{off}".encode())])
                        break
                    except BufferError:
                        p.poll(0.01)
                last[part] = off
            if not last:
                continue
            if p.flush(30) != 0 or errors:
                raise RuntimeError(f"produce failed: {errors[:3]}")
            c.commit(offsets=[RdTP(s.input_topic, q, o + 1) for q, o in last.items()], asynchronous=False)
    finally:
        c.close()


def bare_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="bench_latency.py _bare")
    ap.add_argument("--client", choices=("aiokafka", "librdkafka"), required=True)
    ap.add_argument("--bootstrap", required=True)
    ap.add_argument("--input-topic", required=True)
    ap.add_argument("--prefix", required=True)
    ap.add_argument("--ready-file", required=True)
    a = ap.parse_args(argv)
    s = bw.settings(a.bootstrap, a.prefix, a.input_topic)
    ready = Path(a.ready_file)
    if a.client == "librdkafka":
        flag: list[int] = []
        signal.signal(signal.SIGTERM, lambda *_: flag.append(1))
        bare_librdkafka(s, ready, flag)
        return 0

    async def serve() -> None:
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        await bare_aiokafka(s, ready, stop)

    asyncio.run(serve())
    return 0


# -- the measuring side: a paced producer and an output reader, each in a thread -----------------------------------
class PacedProducer(threading.Thread):
    """Sends `items` to `topic` at `rate` events/s; `sent` maps (partition, offset) to each event's send time."""

    def __init__(self, bootstrap: str, topic: str, items: list[tuple[bytes | None, bytes]], rate: int) -> None:
        super().__init__(daemon=True)
        from confluent_kafka import Producer

        self.p = Producer({"bootstrap.servers": bootstrap, "linger.ms": 1, "acks": "all",
                           "message.max.bytes": 8 << 20, "partitioner": "murmur2_random",
                           "queue.buffering.max.messages": 1_000_000})
        self.topic, self.items, self.rate = topic, items, rate
        self.sent: dict[tuple[int, int], float] = {}
        self.failed = 0
        self.start_t = 0.0
        self.send_s = 0.0
        self.late_max_s = 0.0  # the longest an event was handed over after its due time

    def _done(self, t: float, err: Any, msg: Any) -> None:
        if err is None:
            self.sent[(msg.partition(), msg.offset())] = t
        else:
            self.failed += 1

    def run(self) -> None:
        n = len(self.items)
        produce, clock = self.p.produce, time.perf_counter
        self.start_t = t0 = clock()
        i = 0
        while i < n:
            now = clock()
            d = ls.due(now - t0, self.rate, n)
            if d - 1 > i:
                self.late_max_s = max(self.late_max_s, now - t0 - i / self.rate)
            while i < d:
                key, value = self.items[i]
                t = clock()
                while True:
                    try:
                        produce(self.topic, value, key, on_delivery=functools.partial(self._done, t))
                        break
                    except BufferError:
                        self.p.poll(0.005)
                i += 1
            self.p.poll(0)
            time.sleep(0.001)
        self.send_s = clock() - t0
        self.p.flush(120)


class OutputReader(threading.Thread):
    """Reads every partition of `topic` from its beginning, stamping each record's receive time."""

    def __init__(self, bootstrap: str, topic: str, partitions: int, read_committed: bool) -> None:
        super().__init__(daemon=True)
        from confluent_kafka import OFFSET_BEGINNING, Consumer, TopicPartition

        self.c = Consumer({"bootstrap.servers": bootstrap, "group.id": f"reader-{uuid.uuid4().hex[:8]}",
                           "enable.auto.commit": False, "fetch.wait.max.ms": 10,
                           "isolation.level": "read_committed" if read_committed else "read_uncommitted"})
        self.c.assign([TopicPartition(topic, p, OFFSET_BEGINNING) for p in range(partitions)])
        self.received: list[tuple[int, int, float]] = []
        self.other = 0  # records without a toolmend-source header
        self.stop = threading.Event()

    def run(self) -> None:
        clock = time.perf_counter
        try:
            while not self.stop.is_set():
                msgs = self.c.consume(5000, 0)
                if not msgs:
                    msgs = self.c.consume(1, 0.05)
                now = clock()
                for m in msgs:
                    if m.error() is not None:
                        continue
                    for k, v in m.headers() or ():
                        if k == "toolmend-source":
                            part, off = ls.parse_source(v)
                            self.received.append((part, off, now))
                            break
                    else:
                        self.other += 1
        finally:
            self.c.close()


def proc_status_mib(pid: int, field: str) -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return float("nan")


def sched_s(pid: int) -> tuple[float, float]:
    """CPU seconds run and seconds spent runnable but waiting for a core, summed over a process's threads
    (/proc/<pid>/task/*/schedstat): a process short of CPU waits on the run queue; one waiting on the broker
    sleeps, which neither counts."""
    run = wait = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return float("nan"), float("nan")
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                r, w = f.read().split()[:2]
        except (OSError, ValueError):
            continue
        run += int(r)
        wait += int(w)
    return run / 1e9, wait / 1e9


def load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def start_side(side: str, client: str, s: Settings, bootstrap: str, log: Path, ready: Path
               ) -> subprocess.Popen[bytes]:
    with open(log, "ab") as f:
        if side == "toolmend":
            # -P: the checkout stays off sys.path, so the worker runs the installed package (a compiled wheel)
            return subprocess.Popen([sys.executable, "-P", "-m", "processor.shell.cli", "run", "--log-level",
                                     "WARNING"], env=bw.env_for(s), stdout=f, stderr=subprocess.STDOUT, cwd=ROOT)
        return subprocess.Popen([sys.executable, __file__, "_bare", "--client", client, "--bootstrap", bootstrap,
                                 "--input-topic", s.input_topic, "--prefix", s.client_id, "--ready-file",
                                 str(ready)], stdout=f, stderr=subprocess.STDOUT, cwd=ROOT)


def wait_started(side: str, s: Settings, proc: subprocess.Popen[bytes], ready: Path) -> None:
    if side == "toolmend":
        bw.wait_ready(s.metrics_port, 90)
    else:
        bw.wait_file(ready, proc, 90)


async def drained(s: Settings, n: int, timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if await bw.committed_total(s) >= n:
            return True
        await asyncio.sleep(0.5)
    return False


def pass_settings(bootstrap: str, name: str, client: str, eos: bool) -> Settings:
    prefix = f"l{uuid.uuid4().hex[:6]}{name.replace('_', '')[:12]}"
    return bw.settings(bootstrap, prefix, f"{prefix}.in", metrics_port=free_port(), metrics_host="127.0.0.1",
                       kafka_client=client, delivery="exactly_once" if eos else "at_least_once")


async def latency_pass(bootstrap: str, name: str, items: list[tuple[bytes | None, bytes]],
                       priming: list[tuple[bytes | None, bytes]], rate: int, warmup_s: float,
                       broker_pid: int | None, log: Path) -> dict[str, Any]:
    side, client = name.split("_")[:2]
    eos = name.endswith("_eos")
    s = pass_settings(bootstrap, name, client, eos)
    await bw.worker_topics(s)  # the same topics and settings for every pass
    ready = HERE / "out" / f"{s.client_id}.ready"
    proc = start_side(side, client, s, bootstrap, log, ready)
    load0 = load()
    try:
        wait_started(side, s, proc, ready)
        # priming: a few events first, all committed before the paced send starts, so that what a process does
        # once (lazy imports, the detectors' first use, the first produce's metadata) is out of the figures
        await bw.produce_all(bootstrap, s.input_topic, priming)
        if not await drained(s, len(priming), 180):
            raise RuntimeError(f"{name}: the priming events were not committed in 180 s")
        committed0 = len(priming)
        reader = OutputReader(bootstrap, s.output_topic, bw.PARTITIONS, read_committed=eos)
        reader.start()
        producer = PacedProducer(bootstrap, s.input_topic, items, rate)
        pids = {"process": proc.pid, "bench": os.getpid(), "broker": broker_pid or 0}
        cpu0 = {k: bw.cpu_seconds(v) for k, v in pids.items() if v}
        busy0 = bw.machine_busy_s()
        sched0 = sched_s(proc.pid)
        producer.start()
        await asyncio.to_thread(producer.join)
        ok = await drained(s, committed0 + len(items), max(60.0, len(items) / rate * 2))
        wall = time.perf_counter() - producer.start_t
        cpu = {k: round((bw.cpu_seconds(pids[k]) - v) / wall, 2) for k, v in cpu0.items()}
        busy = (bw.machine_busy_s() - busy0) / wall
        cpu["others"] = round(max(0.0, busy - sum(cpu.values())), 2)
        sched1 = sched_s(proc.pid)
        sched = {"running": round((sched1[0] - sched0[0]) / wall, 3),
                 "waiting_for_a_core": round((sched1[1] - sched0[1]) / wall, 3)}
        last = -1
        while len(reader.received) != last:
            last = len(reader.received)
            await asyncio.sleep(DRAIN_QUIET_S)
        reader.stop.set()
        await asyncio.to_thread(reader.join)
        rss = proc_status_mib(proc.pid, "VmRSS")
        hwm = proc_status_mib(proc.pid, "VmHWM")
    finally:
        bw.stop_process(proc)
        ready.unlink(missing_ok=True)
    got = ls.match(producer.sent, reader.received, producer.start_t, warmup_s)
    return {"pass": name, "client": client, "side": side, "delivery": s.delivery, "target_rate": rate,
            "events": len(items), "achieved_rate": round(len(items) / producer.send_s),
            "producer_late_max_ms": round(producer.late_max_s * 1000, 1), "send_failed": producer.failed,
            "all_committed": ok, "outputs": len(reader.received), "outputs_unmatched": len(got["unmatched"]),
            "latency_steady": ls.summary_ms(got["steady"]), "latency_first_output_steady": ls.summary_ms(got["first"]),
            "latency_all": ls.summary_ms(got["all"]),
            "p99_ms_per_5s_window": ls.windows_p99_ms(producer.sent, reader.received, producer.start_t),
            "cpu_cores_used": cpu, "process_threads_per_wall_s": sched, "load_before": load0,
            "load_after": load(), "rss_mib_end": rss, "peak_rss_mib": hwm}


# -- RSS per 100k live conversations ------------------------------------------------------------------------------
def open_conversations(n: int, seed: int) -> list[tuple[bytes | None, bytes]]:
    from bench_memory import conversation_events

    rng = random.Random(seed)
    t0 = 1_767_225_600_000
    out: list[tuple[bytes | None, bytes]] = []
    for k in range(n):
        key, values = conversation_events(rng, k, t0)
        out += [(key, v) for v in values]
    return out


async def rss_pass(bootstrap: str, client: str, n: int, seed: int, log: Path) -> dict[str, Any]:
    s = pass_settings(bootstrap, f"rss_{client}", client, False)
    await bw.worker_topics(s)
    warm = open_conversations(RSS_WARM_CONVERSATIONS, seed)
    measured = open_conversations(n, seed + 1)
    proc = start_side("toolmend", client, s, bootstrap, log, HERE / "out" / "unused")
    try:
        bw.wait_ready(s.metrics_port, 90)
        await asyncio.sleep(1.0)
        idle = proc_status_mib(proc.pid, "VmRSS")
        phases = []
        done = 0
        for items in (warm, measured):
            t = time.perf_counter()
            await bw.produce_all(bootstrap, s.input_topic, items)
            done += len(items)
            if not await drained(s, done, 600):
                raise RuntimeError(f"rss pass: the worker did not commit {done} records in time")
            await asyncio.sleep(2.0)
            phases.append({"events": done, "s": round(time.perf_counter() - t, 1),
                           "rss_mib": proc_status_mib(proc.pid, "VmRSS")})
        hwm = proc_status_mib(proc.pid, "VmHWM")
    finally:
        bw.stop_process(proc)
    per = round((phases[1]["rss_mib"] - phases[0]["rss_mib"]) * 100_000 / n, 1)
    return {"client": client, "conversations_warm": RSS_WARM_CONVERSATIONS, "conversations_measured": n,
            "rss_idle_mib": idle, "phases": phases, "peak_rss_mib": hwm, "rss_mib_per_100k_conversations": per,
            "load": load()}


# -- the run ------------------------------------------------------------------------------------------------------
def pass_names(clients: list[str], delivery: str) -> list[str]:
    names = []
    for c in clients:
        if delivery in ("at_least_once", "both"):
            names += [f"toolmend_{c}", f"bare_{c}"]
        if delivery in ("exactly_once", "both"):
            names.append(f"toolmend_{c}_eos")
    return names


def summarize(runs: list[dict[str, Any]], names: list[str], rates: list[int]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for rate in rates:
        per: dict[str, Any] = {}
        for name in names:
            rs = [r for r in runs if r["pass"] == name and r["target_rate"] == rate and "latency_steady" in r]
            if not rs:
                continue
            per[name] = {q: ls.median_range([r["latency_steady"][q] for r in rs])
                         for q in ("p50_ms", "p95_ms", "p99_ms", "max_ms")}
            per[name]["first_output_p99_ms"] = ls.median_range([r["latency_first_output_steady"]["p99_ms"]
                                                                for r in rs])
            per[name]["achieved_rate"] = ls.median_range([r["achieved_rate"] for r in rs])
            per[name]["cores_used_process"] = ls.median_range([r["cpu_cores_used"]["process"] for r in rs])
            per[name]["rss_mib_end"] = ls.median_range([r["rss_mib_end"] for r in rs])
        ratio: dict[str, Any] = {}
        for num, den in [(n, n.replace("toolmend_", "bare_")) for n in names if n.startswith("toolmend_")
                         and not n.endswith("_eos")] + [(n, n[:-4]) for n in names if n.endswith("_eos")]:
            rounds = sorted({r["round"] for r in runs if r["target_rate"] == rate})
            pairs = [(_p99(runs, num, rate, i), _p99(runs, den, rate, i)) for i in rounds]
            pairs = [(a, b) for a, b in pairs if a is not None and b is not None]
            if pairs:
                ratio[f"{num}/{den}"] = ls.median_range(ls.ratios([a for a, _ in pairs], [b for _, b in pairs]))
        per["p99_ratios"] = ratio
        out[str(rate)] = per
    return out


def _p99(runs: list[dict[str, Any]], name: str, rate: int, rnd: int) -> float | None:
    for r in runs:
        if r["pass"] == name and r["target_rate"] == rate and r["round"] == rnd and "latency_steady" in r:
            return float(r["latency_steady"]["p99_ms"])
    return None


def main() -> int:
    if sys.argv[1:2] == ["_bare"]:
        return bare_main(sys.argv[2:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rates", default="5000,1000,10000")
    ap.add_argument("--duration", type=float, default=25.0, help="seconds of paced sending per pass")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds of sending left out of the percentiles")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--clients", default="aiokafka,librdkafka")
    ap.add_argument("--delivery", choices=("at_least_once", "exactly_once", "both"), default="at_least_once")
    ap.add_argument("--sections", default="latency,rss")
    ap.add_argument("--rss-conversations", type=int, default=100_000)
    ap.add_argument("--rss-rounds", type=int, default=2)
    ap.add_argument("--broker", choices=("tansu", "kafka"), default="tansu")
    ap.add_argument("--bootstrap", help="use this running broker instead of starting one")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--out", help="result file (default bench/results/latency_<date>[_kafka].json)")
    a = ap.parse_args()
    logging.getLogger("toolmend").addHandler(logging.NullHandler())
    logging.getLogger("toolmend").propagate = False
    rates = [int(x) for x in a.rates.split(",") if x]
    clients = [c for c in a.clients.split(",") if c]
    sections = [x for x in a.sections.split(",") if x]
    names = pass_names(clients, a.delivery)
    log = HERE / "out" / "latency.log"  # the passes' own logs (bench/out/ is not versioned)
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_bytes(b"")
    runs: list[dict[str, Any]] = []
    rss: list[dict[str, Any]] = []
    def save(final: bool) -> None:
        """The result file, written after every pass (`"complete": false` until the run ends)."""
        summary = summarize(runs, names, rates)
        rss_summary = {c: ls.median_range([r["rss_mib_per_100k_conversations"] for r in rss
                                           if r.get("client") == c and "error" not in r])
                       for c in clients if any(r.get("client") == c and "error" not in r for r in rss)}
        if final:
            print(json.dumps({"p99": {rate: {k: v["p99_ms"]["median"] for k, v in per.items() if k != "p99_ratios"}
                                      for rate, per in summary.items()},
                              "p99_ratios": {rate: {k: v["median"] for k, v in per["p99_ratios"].items()}
                                             for rate, per in summary.items()},
                              "rss_mib_per_100k": {c: v["median"] for c, v in rss_summary.items()}}, indent=1))
        date = datetime.now(UTC)
        doc = {"bench": "latency", "date": date.isoformat(timespec="seconds"), "complete": final,
               "command": "python bench/bench_latency.py " + " ".join(sys.argv[1:]),
               "machine": machine(aiokafka=aiokafka.__version__, confluent_kafka=rdk_version,
                                  librdkafka=confluent_kafka.libversion()[0]),
               "code": code, "broker": broker_kind, "partitions": bw.PARTITIONS, "seed": a.seed,
               "duration_s": a.duration, "warmup_s": a.warmup, "rounds": a.rounds, "rates": rates,
               "worker_settings": {k: v for k, v in bw.settings("127.0.0.1:9092", "x", "x.in").model_dump().items()
                                   if k in ("max_batch", "fetch_max_wait_ms", "linger_ms", "transaction_timeout_ms",
                                            "hot_conversations", "late_result_grace_s")},
               "method": __doc__.split("**Latency.**")[1].split("Writes bench/results")[0].strip(),
               "latency_runs": runs, "latency_summary": summary, "rss_runs": rss, "rss_summary": rss_summary,
               "target": "toolmend p99 at 5k events/s at most 1.5x the bare loop of the same client",
               "wall_s": round(time.perf_counter() - t_start, 1)}
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(doc, indent=1) + "\n")
        if final:
            print(f"wrote {out}")

    import confluent_kafka

    v = confluent_kafka.version()
    rdk_version = v if isinstance(v, str) else v[0]
    code = code_state()
    broker_kind = a.broker if not a.bootstrap else "given"
    suffix = "" if broker_kind in ("tansu", "given") else "_" + broker_kind
    out = Path(a.out) if a.out else HERE / "results" / f"latency_{datetime.now(UTC):%Y-%m-%d}{suffix}.json"
    t_start = time.perf_counter()
    with bw.Broker(a.bootstrap, a.broker) as broker:
        if "latency" in sections:
            for rate in rates:
                items = bw.events_for(int(rate * a.duration), a.seed)
                priming = bw.events_for(PRIMING_EVENTS, a.seed + 1000)
                for i in range(a.rounds):
                    for name in (names if i % 2 == 0 else names[::-1]):
                        probe = cpu_probe()
                        try:
                            r = asyncio.run(latency_pass(broker.bootstrap, name, items, priming, rate, a.warmup,
                                                         broker.pid, log))
                        except (RuntimeError, OSError, subprocess.SubprocessError) as e:
                            r = {"pass": name, "target_rate": rate, "error": str(e)[-800:]}
                        r.update(round=i + 1, cpu_probe_ms=probe)
                        runs.append(r)
                        save(False)
                        if "latency_steady" in r:
                            q = r["latency_steady"]
                            print(f"{rate:>6}/s round {i + 1} {name:<24} achieved {r['achieved_rate']:>6}/s  p50 "
                                  f"{q['p50_ms']:>7} p95 {q['p95_ms']:>7} p99 {q['p99_ms']:>7} max {q['max_ms']:>7} "
                                  f"ms  cores {r['cpu_cores_used']}  sched {r['process_threads_per_wall_s']}  "
                                  f"load {r['load_before'][0]}  rss "
                                  f"{r['rss_mib_end']} MiB", flush=True)
                        else:
                            print(f"{rate:>6}/s round {i + 1} {name:<24} FAILED {r['error'][-300:]}", flush=True)
        if "rss" in sections:
            for i in range(a.rss_rounds):
                for client in (clients if i % 2 == 0 else clients[::-1]):
                    try:
                        r = asyncio.run(rss_pass(broker.bootstrap, client, a.rss_conversations, a.seed, log))
                    except (RuntimeError, OSError, subprocess.SubprocessError) as e:
                        r = {"client": client, "error": str(e)[-800:]}
                    r["round"] = i + 1
                    rss.append(r)
                    save(False)
                    print(f"rss round {i + 1} {client:<10} " + (
                        f"idle {r['rss_idle_mib']} MiB, after {RSS_WARM_CONVERSATIONS} conversations "
                        f"{r['phases'][0]['rss_mib']}, after {a.rss_conversations} more {r['phases'][1]['rss_mib']}: "
                        f"{r['rss_mib_per_100k_conversations']} MiB per 100k (load {r['load'][0]})"
                        if "error" not in r else f"FAILED {r['error'][-300:]}"), flush=True)
    save(True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
