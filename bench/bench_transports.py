"""The stream peers and both Kafka clients side by side, in ONE run, on the same events and the same broker.

    python bench/bench_transports.py [--events 100000] [--rounds 3] [--passes NAME,...] [--broker tansu|kafka]
                                     [--bootstrap HOST:PORT] [--quix-python PATH] [--out FILE]

The same N generated events (processor.synth, as bench_worker.py) are produced once into an input topic of 4
partitions; then `--rounds` rounds run every pass once, each in a process of its own on fresh output topics and a
fresh consumer group, the order reversed every other round, a fixed CPU probe and the machine's load average
before each pass. Passes (`--passes` picks some):

* `bare_aiokafka`: bench_worker.py's bare loop: a group member with the worker's consumer and producer settings;
  per fetched batch one output record per input (same key and value), every acknowledgement awaited, then the
  commit.
* `bare_aiokafka_part`: the same, each output written to its input's partition number, as the worker writes
  output topics partitioned like the input (no partitioner: aiokafka's default one hashes each key with a
  pure-Python murmur2, a few µs per record that the worker never spends).
* `bare_librdkafka`: the same loop with confluent-kafka (librdkafka): `consume(2000)`, `produce` each (a delivery
  callback counting errors), `flush`, a synchronous commit; the same fetch and produce settings.
* `quix`: Quix Streams 3.28 pass-through (orjson in and out, at least once) in its own virtual environment
  (`--quix-python`, default `$TOOLMEND_CACHE/quix-venv` or /tmp/toolmend-quix-venv, created on first use; never a
  toolmend dependency): bench/quix_pass.py. Timed by its own clock (its 5 s commits leave too few points).
* `toolmend_aiokafka`, `toolmend_aiokafka_off`: the toolmend Worker (bench_worker.py's timed subclass), detectors
  on and off (`TOOLMEND_BEHAVIOUR=false`), at least once.
* `toolmend_librdkafka`, `toolmend_librdkafka_off`: the same with `TOOLMEND_KAFKA_CLIENT=librdkafka` (only once the
  librdkafka transport is in the tree: otherwise the pass is reported as missing, not run).
* `*_eos` (any toolmend pass with `_eos` appended): exactly once (`TOOLMEND_DELIVERY=exactly_once`; needs
  `--broker kafka`: Tansu has no transactions).
* `*@ref` (any pass with `@ref` appended): the same pass run by `--ref-python`, the interpreter of another
  installation (a reference version of the package), in the same rounds: an A/B of two versions on one broker.

Time: from the first non-empty fetch to the commit covering the last record (Quix: first record processed to the
end of its run, whose final checkpoint commits). Reported per pass: events/s (median, range), CPU seconds of the
pass's process, its peak RSS, and per round the ratios the targets are set on (toolmend / bare loop of the same
client; toolmend with librdkafka / Quix). Writes transports.json (Kafka: transports_kafka.json) under bench/results/.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import subprocess
import sys
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiokafka
import bench_worker as bw  # this folder: bench scripts run by path
from benchenv import code_state, cpu_probe, machine, stats, status_kib

from processor.shell.kafka import ensure_topics

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
QUIX_PIN = ["quixstreams==3.28.*", "orjson"]
DEFAULT_PASSES = ("bare_aiokafka", "bare_librdkafka", "quix", "toolmend_aiokafka", "toolmend_aiokafka_off",
                  "toolmend_librdkafka", "toolmend_librdkafka_off")
PASS_TIMEOUT_S = 400


# -- the librdkafka bare loop ------------------------------------------------------------------------------------
def rdk_consumer_config(s: Any) -> dict[str, Any]:
    """The worker's consumer settings, in librdkafka's names."""
    return {"bootstrap.servers": s.bootstrap_servers, "group.id": s.group_id, "enable.auto.commit": False,
            "auto.offset.reset": "earliest", "session.timeout.ms": s.session_timeout_ms,
            "heartbeat.interval.ms": s.heartbeat_interval_ms, "fetch.wait.max.ms": s.fetch_max_wait_ms,
            "max.partition.fetch.bytes": max(1 << 20, s.max_event_bytes + 65536),
            "fetch.max.bytes": max(50 << 20, s.max_event_bytes * 4), "client.id": s.client_id}


def rdk_producer_config(s: Any) -> dict[str, Any]:
    """The worker's producer settings, in librdkafka's names."""
    return {"bootstrap.servers": s.bootstrap_servers, "acks": "all", "linger.ms": s.linger_ms,
            "batch.size": 256 * 1024, "message.max.bytes": max(8 << 20, s.max_event_bytes * 4),
            "client.id": s.client_id}


def bare_librdkafka(s: Any, total: int, timeout_s: float) -> dict[str, Any]:
    from confluent_kafka import Consumer, Producer

    c = Consumer(rdk_consumer_config(s))
    p = Producer(rdk_producer_config(s))
    errors: list[Any] = []

    def delivered(err: Any, _msg: Any) -> None:
        if err is not None:
            errors.append(err)

    c.subscribe([s.input_topic])
    n = batches = 0
    t0: float | None = None
    deadline = time.monotonic() + timeout_s
    out = s.output_topic
    produce = p.produce
    try:
        while n < total and time.monotonic() < deadline:
            msgs = c.consume(num_messages=s.max_batch, timeout=0.5)
            if not msgs:
                continue
            if t0 is None:
                t0 = time.perf_counter()
            for m in msgs:
                if m.error() is not None:
                    continue
                while True:
                    try:
                        produce(out, m.value(), m.key(), on_delivery=delivered)
                        break
                    except BufferError:  # the local queue is full: serve delivery reports, then again
                        p.poll(0.05)
                n += 1
            if p.flush(30) != 0 or errors:
                raise RuntimeError(f"produce failed: {errors[:3]}")
            c.commit(asynchronous=False)
            batches += 1
        t1 = time.perf_counter()
    finally:
        c.close()
    if n < total or t0 is None:
        raise RuntimeError(f"bare librdkafka loop read {n} of {total} records in {timeout_s}s")
    dt = t1 - t0
    return {"events": n, "seconds": round(dt, 3), "events_per_s": round(n / dt), "batches": batches}


def rdk_serve(s: Any, ready_file: Path, stopped: Any) -> None:
    """The librdkafka bare loop as a standing service, for bench_worker.py's latency section
    (`TOOLMEND_KAFKA_CLIENT=librdkafka`): per `consume` batch one output per input with its `toolmend-source`
    header, `flush`, a synchronous commit; ready once partitions are assigned; until `stopped()`."""
    from confluent_kafka import Consumer, Producer

    c = Consumer(rdk_consumer_config(s))
    p = Producer(rdk_producer_config(s))
    c.subscribe([s.input_topic])
    try:
        while not stopped():
            msgs = c.consume(num_messages=s.max_batch, timeout=0.1)
            if c.assignment() and not ready_file.exists():
                ready_file.write_text("ready\n")
            if not msgs:
                continue
            for m in msgs:
                if m.error() is not None:
                    continue
                src = f"{m.topic()}:{m.partition()}:{m.offset()}".encode()
                while True:
                    try:
                        p.produce(s.output_topic, m.value(), m.key(), headers=[("toolmend-source", src)])
                        break
                    except BufferError:
                        p.poll(0.05)
            p.flush(30)
            c.commit(asynchronous=False)
    finally:
        c.close()


def rdk_pass_main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="bench_transports.py _rdk")
    ap.add_argument("--bootstrap", required=True)
    ap.add_argument("--input-topic", required=True)
    ap.add_argument("--prefix", required=True)
    ap.add_argument("--events", type=int, required=True)
    a = ap.parse_args(argv)
    s = bw.settings(a.bootstrap, a.prefix, a.input_topic)
    asyncio.run(ensure_topics(s, [(s.output_topic, bw.PARTITIONS, bw.BIG)]))
    cpu0 = time.process_time()
    r = bare_librdkafka(s, a.events, 240)
    r["cpu_in_process_s"] = round(time.process_time() - cpu0, 3)
    r["peak_rss_mib"] = round(peak_rss_mib(), 1)
    print(json.dumps(r))
    return 0


def peak_rss_mib() -> float:
    """This process's own peak RSS (VmHWM; ru_maxrss keeps the parent's high-water mark across fork and exec)."""
    return status_kib("VmHWM") / 1024


# -- Quix in its own venv ----------------------------------------------------------------------------------------
def quix_python(given: str | None) -> Path:
    """The interpreter of Quix's own virtual environment, created (pinned) on first use."""
    if given:
        return Path(given)
    base = Path(os.environ.get("TOOLMEND_CACHE") or "/tmp")
    venv = base / ("quix-venv" if os.environ.get("TOOLMEND_CACHE") else "toolmend-quix-venv")
    py = venv / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    probe = subprocess.run([str(py), "-c", "import quixstreams, orjson"], capture_output=True, check=False)
    if probe.returncode != 0:
        subprocess.run([str(py), "-m", "pip", "install", "-q", *QUIX_PIN], check=True)
    return py


# -- one pass ------------------------------------------------------------------------------------------------------
def transport_available() -> bool:
    """Whether this tree's worker has the librdkafka transport (TOOLMEND_KAFKA_CLIENT=librdkafka)."""
    return (ROOT / "processor" / "shell" / "transport").is_dir()


def run_pass(name: str, bootstrap: str, in_topic: str, prefix: str, n: int, quix_py: Path | None,
             ref_py: str | None = None) -> dict[str, Any]:
    env = dict(os.environ)
    py = sys.executable
    if name.endswith("@ref"):
        if not ref_py:
            raise RuntimeError(f"{name}: no --ref-python given")
        py, name = ref_py, name[: -len("@ref")]
    if name == "bare_aiokafka":
        cmd = [py, str(HERE / "bench_worker.py"), "_pass", "bare"]
    elif name == "bare_aiokafka_part":
        cmd = [py, str(HERE / "bench_worker.py"), "_pass", "bare", "--same-partition"]
    elif name == "bare_librdkafka":
        cmd = [py, __file__, "_rdk"]
    elif name.startswith("quix"):
        assert quix_py is not None
        cmd = [str(quix_py), str(HERE / "quix_pass.py"), "--bootstrap", bootstrap, "--input", in_topic, "--output",
               f"{prefix}.out", "--group", f"{prefix}-g", "--events", str(n)]
    else:
        cmd = [py, str(HERE / "bench_worker.py"), "_pass", "worker"]
        if "_off" in name:
            cmd.append("--detectors-off")
        if name.endswith("_eos"):
            cmd += ["--delivery", "exactly_once"]
        env["TOOLMEND_KAFKA_CLIENT"] = "librdkafka" if "librdkafka" in name else "aiokafka"
    if not name.startswith("quix"):
        cmd += ["--bootstrap", bootstrap, "--input-topic", in_topic, "--prefix", prefix, "--events", str(n)]
    ru0 = os.times()
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=PASS_TIMEOUT_S, check=False, env=env)
    ru1 = os.times()
    if proc.returncode != 0:
        raise RuntimeError(f"{name} pass failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    r = dict(json.loads(proc.stdout.strip().splitlines()[-1]))
    r["process_cpu_s"] = round(ru1.children_user + ru1.children_system - ru0.children_user - ru0.children_system, 2)
    return r


async def produce_input(bootstrap: str, n: int, seed: int) -> tuple[str, dict[str, Any]]:
    run = uuid.uuid4().hex[:6]
    in_topic = f"tr{run}.in"
    base = bw.settings(bootstrap, f"tr{run}", in_topic)
    await ensure_topics(base, [(in_topic, bw.PARTITIONS, bw.BIG)])
    items = bw.events_for(n, seed)
    sizes = sorted(len(v) for _, v in items)
    got, prod_s = await bw.produce_all(bootstrap, in_topic, items)
    return in_topic, {"events": got, "produce_s": round(prod_s, 1), "value_bytes_median": sizes[len(sizes) // 2],
                      "value_bytes_mean": round(sum(sizes) / len(sizes))}


def ratios(rnd: dict[str, Any]) -> dict[str, float]:
    """The per-round ratios the targets are set on."""
    eps = {k: v["events_per_s"] for k, v in rnd["passes"].items() if "events_per_s" in v}
    out = {}
    for num, den in (("toolmend_aiokafka", "bare_aiokafka"), ("toolmend_aiokafka_off", "bare_aiokafka"),
                     ("toolmend_aiokafka", "bare_aiokafka_part"), ("toolmend_aiokafka_off", "bare_aiokafka_part"),
                     ("bare_aiokafka_part", "bare_aiokafka"),
                     ("toolmend_librdkafka", "bare_librdkafka"), ("toolmend_librdkafka_off", "bare_librdkafka"),
                     ("toolmend_librdkafka", "quix"), ("toolmend_librdkafka_off", "quix"),
                     ("toolmend_aiokafka", "quix"), ("bare_librdkafka", "bare_aiokafka"), ("quix", "bare_aiokafka"),
                     ("toolmend_aiokafka_eos", "toolmend_aiokafka"),
                     ("toolmend_librdkafka_eos", "toolmend_librdkafka")):
        if num in eps and den in eps:
            out[f"{num}/{den}"] = round(eps[num] / eps[den], 3)
    for name in eps:  # this tree against the reference version, pass by pass
        if name.endswith("@ref") and name[: -len("@ref")] in eps:
            out[f"{name[: -len('@ref')]}/{name}"] = round(eps[name[: -len("@ref")]] / eps[name], 3)
    return out


def main() -> int:
    if sys.argv[1:2] == ["_rdk"]:
        return rdk_pass_main(sys.argv[2:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--passes", default=",".join(DEFAULT_PASSES))
    ap.add_argument("--broker", choices=("tansu", "kafka"), default="tansu")
    ap.add_argument("--bootstrap", help="use this running broker instead of starting one")
    ap.add_argument("--quix-python", help="the interpreter of a virtual environment holding quixstreams 3.28")
    ap.add_argument("--ref-python", help="passes named NAME@ref run with this interpreter (another installation)")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--out", help="result file (default bench/results/transports[_kafka].json)")
    a = ap.parse_args()
    logging.getLogger("toolmend").addHandler(logging.NullHandler())
    logging.getLogger("toolmend").propagate = False
    wanted = [p for p in a.passes.split(",") if p]
    missing = {p: "the librdkafka transport is not in this tree" for p in wanted
               if p.startswith("toolmend_librdkafka") and not transport_available()}
    passes = [p for p in wanted if p not in missing]
    quix_py = quix_python(a.quix_python) if any(p.startswith("quix") for p in passes) else None
    rounds: list[dict[str, Any]] = []
    t_start = time.perf_counter()
    with bw.Broker(a.bootstrap, a.broker) as broker:
        in_topic, data = asyncio.run(produce_input(broker.bootstrap, a.events, a.seed))
        print(f"{data['events']} events in {in_topic} ({data}); passes {passes}; not run: {missing or 'none'}",
              flush=True)
        for i in range(a.rounds):
            order = passes if i % 2 == 0 else passes[::-1]
            rnd: dict[str, Any] = {"round": i + 1, "order": order, "passes": {}}
            for name in order:
                probe = cpu_probe()
                load = [round(x, 2) for x in os.getloadavg()]
                prefix = f"tr{uuid.uuid4().hex[:6]}{name.replace('_', '').replace('@', '')[:10]}"
                with bw.Contention(broker.pid) as cont:
                    try:
                        r = run_pass(name, broker.bootstrap, in_topic, prefix, a.events, quix_py, a.ref_python)
                    except (RuntimeError, subprocess.TimeoutExpired) as e:
                        r = {"error": str(e)[-1500:]}
                r.update(cpu_probe_ms=probe, load_average_1m_5m_15m=load)
                r["cpu"] = cont.result
                rnd["passes"][name] = r
                print(f"  round {i + 1} {name:<26} " + (f"{r['events_per_s']:>7}/s" if "events_per_s" in r else
                                                         f"FAILED {r['error'][-300:]}")
                      + f"  (load {load[0]}, probe {probe} ms, others {cont.result['cores_used_others']} cores)",
                      flush=True)
            rnd["ratios"] = ratios(rnd)
            print(f"  round {i + 1} ratios: {rnd['ratios']}", flush=True)
            rounds.append(rnd)
        broker_kind = broker.kind
    summary: dict[str, Any] = {}
    for name in passes:
        rs = [r["passes"][name] for r in rounds if "events_per_s" in r["passes"].get(name, {})]
        if rs:
            summary[name] = {"events_per_s": stats([r["events_per_s"] for r in rs]),
                             "cpu_us_per_event": stats([r["process_cpu_s"] / a.events * 1e6 for r in rs],
                                                       higher_is_better=False)}
            timed = [r for r in rs if r.get("cpu_in_process_s") is not None and r.get("seconds")]
            if timed:  # the timed window alone: CPU per event and the share of it the process waited
                summary[name]["cpu_us_per_event_timed"] = stats(
                    [r["cpu_in_process_s"] / r["events"] * 1e6 for r in timed], higher_is_better=False)
                if all("waiting_share" in r for r in timed):
                    summary[name]["waiting_share"] = stats([r["waiting_share"] for r in timed],
                                                           higher_is_better=False)
    ratio_summary = {k: stats([r["ratios"][k] for r in rounds if k in r["ratios"]])
                     for k in sorted({k for r in rounds for k in r["ratios"]})}
    print(json.dumps({"events_per_s_median": {k: v["events_per_s"]["median"] for k, v in summary.items()},
                      "ratios_median": {k: v["median"] for k, v in ratio_summary.items()}}, indent=1))
    try:
        import confluent_kafka

        v = confluent_kafka.version()  # a str (its stubs say a tuple, as libversion's)
        rdk = {"confluent_kafka": v if isinstance(v, str) else v[0], "librdkafka": confluent_kafka.libversion()[0]}
    except ImportError:
        rdk = {}
    doc = {"bench": "transports", "date": datetime.now(UTC).isoformat(timespec="seconds"),
           "command": "python bench/bench_transports.py " + " ".join(sys.argv[1:]),
           "machine": machine(aiokafka=aiokafka.__version__, **rdk), "code": code_state(), "broker": broker_kind,
           "input": data, "partitions": bw.PARTITIONS, "seed": a.seed, "not_run": missing,
           "method": "each pass in a process of its own on fresh output topics and group; rounds alternate the "
                     "order; time from the first non-empty fetch to the commit covering the last record (Quix: its "
                     "own clock, first record to the end of its run); a fixed CPU probe and the load average before "
                     "each pass; the machine is shared with other sessions' work (see load and cores_used_others)",
           "rounds": rounds, "summary": summary, "ratios_per_round": ratio_summary,
           "targets": {"toolmend_librdkafka/quix": 1.5, "toolmend_aiokafka/bare_aiokafka": 0.75},
           "wall_s": round(time.perf_counter() - t_start, 1)}
    suffix = "" if broker_kind == "tansu" else "_" + broker_kind
    out = Path(a.out) if a.out else HERE / "results" / f"transports{suffix}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
