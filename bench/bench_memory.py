"""Memory per tracked conversation: RSS of 100k open conversations in the sans-I/O engine (no broker).

    python bench/bench_memory.py [--rounds 5] [--scenarios a,b] [--conversations 100000] [--json PATH]

Each scenario runs in a fresh interpreter (a child of this script), so RSS baselines do not leak between them:

* `live_behaviour_on`  : the default engine (`EngineConfig()`), conversations built by processing events;
* `live_behaviour_off` : `EngineConfig(behaviour=False)`, same events;
* `restored_behaviour_on`: the states of `live_behaviour_on` (written to a temporary file, streamed back),
  applied through `PartitionProcessor.restore` (the changelog path a worker takes on assignment), then
  `finish_restore()` (timer heaps);
* `live_behaviour_on_all_hot`: as `live_behaviour_on` with `hot_conversations` unbounded: every conversation a
  live object (what a conversation costs as Python objects). The engine keeps `hot_conversations` per partition
  live (a worker splits its budget, `TOOLMEND_HOT_CONVERSATIONS`, 4096 by default, among its partitions: 1024
  each here, as for a worker with these 4 partitions) and the others in their stored form (`processor.core.state.codec`:
  timer header + deflated JSON).

A conversation is two `message` events in the OpenAI-chat dialect, like a live chat stops while a tool runs:
a user request (~120-200 chars), then an assistant turn with 1 or 2 tool calls (70% / 30%) and no result. So
every conversation holds an open tool block, a pending timeout and an eviction entry. Conversations are spread
over 4 partitions (4 processors) by the Kafka partitioner, and `take_changelog()` is called every 2000 events as
the worker does per batch. RSS is VmRSS from /proc/self/status after `gc.collect()`; the baseline is taken after
the imports and a warm-up of 500 conversations on a throwaway processor (so code objects, interned strings and
allocator arenas of the engine are already there). Event values are built one at a time and not kept.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson
from benchenv import code_state, core_kind, machine  # this folder: run as `python bench/bench_memory.py`

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent

MiB = 1 << 20
TARGET_MIB_PER_100K = 100.0
PARTITIONS = 4
BATCH = 2000
TOOLS = ("get_weather", "search_web", "book_flight", "read_file", "lookup_order", "convert_currency")
ASKS = ("Can you check the weather in {c} for this weekend and tell me whether I need an umbrella?",
        "Please look up my order {n} and tell me when it ships; I also need the invoice as a PDF.",
        "Find me a flight from {c} to Lisbon next Friday morning, economy, one adult, no more than one stop.",
        "Convert 1,250 EUR to USD at today's rate and summarize the fees my card would charge abroad.")
CITIES = ("Paris", "Berlin", "Madrid", "Osaka", "Toronto", "Nairobi", "Santiago")


def status_kib(field: str) -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise KeyError(field)


def rss_mib() -> float:
    gc.collect()
    return status_kib("VmRSS") / 1024


def conversation_events(rng: random.Random, k: int, t0: int) -> tuple[bytes, list[bytes]]:
    """The key and the two event values of conversation `k`: a user request, an assistant turn with open calls."""
    cid = f"{rng.getrandbits(128):032x}"
    ts = t0 + k  # all within ~100 s: no timeout (600 s) and no eviction (24 h) fires during the run
    ask = rng.choice(ASKS).format(c=rng.choice(CITIES), n=rng.randrange(10**7, 10**8))
    n_calls = 1 if rng.random() < 0.7 else 2
    calls = [{"id": f"call_{rng.getrandbits(96):024x}", "type": "function",
              "function": {"name": rng.choice(TOOLS),
                           "arguments": orjson.dumps({"query": ask[:rng.randrange(20, 60)],
                                                      "limit": rng.randrange(1, 10)}).decode()}}
             for _ in range(n_calls)]
    common = {"conversation_id": cid, "dialect": "openai_chat", "model": "gpt-4.1", "app": "support-bot",
              "app_version": "2.3.1"}
    user = {**common, "ts": ts, "seq": 0, "event_id": f"evt_{cid[:16]}_0",
            "message": {"role": "user", "content": ask}}
    asst = {**common, "ts": ts + 900, "seq": 1, "event_id": f"evt_{cid[:16]}_1",
            "message": {"role": "assistant", "content": None, "tool_calls": calls}}
    return cid.encode(), [orjson.dumps(user), orjson.dumps(asst)]


def build_live(n: int, behaviour: bool, seed: int, hot: int | None = None) -> tuple[list[Any], dict[str, Any]]:
    from processor.core.partition import EngineConfig, PartitionProcessor
    from processor.synth.generate import kafka_partition

    cfg = EngineConfig(behaviour=behaviour) if hot is None else EngineConfig(behaviour=behaviour,
                                                                             hot_conversations=hot)
    procs = [PartitionProcessor("bench.in", p, cfg) for p in range(PARTITIONS)]
    offsets = [0] * PARTITIONS
    rng = random.Random(seed)
    t0 = 1_767_225_600_000
    n_events = 0
    n_outputs = 0
    t = time.perf_counter()
    for k in range(n):
        key, values = conversation_events(rng, k, t0)
        p = kafka_partition(key, PARTITIONS)
        proc = procs[p]
        for v in values:
            n_outputs += len(proc.process(offsets[p], key, v))
            offsets[p] += 1
            n_events += 1
            if n_events % BATCH == 0:
                for q in procs:
                    q.take_changelog()
    for q in procs:
        q.take_changelog()
    dt = time.perf_counter() - t
    return procs, {"events": n_events, "outputs": n_outputs, "build_s": round(dt, 2),
                   "events_per_s": round(n_events / dt)}


def states(proc: Any) -> Iterator[tuple[str, bytes]]:
    """(conversation id, stored state = its changelog record) of every conversation of a processor, hot or cold."""
    from processor.core import store

    for cid, c in proc.convs.items():
        yield cid, store.encode(c)
    yield from proc.cold.items()


def deep_size(seen: set[int], *objs: Any) -> int:
    """Bytes of `objs` and everything they reference that `seen` does not hold yet (shared objects count once)."""
    size = 0
    stack = list(objs)
    while stack:
        x = stack.pop()
        if id(x) in seen or isinstance(x, type) or x is None or x is True or x is False:
            continue
        seen.add(id(x))
        size += sys.getsizeof(x)
        if isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list | tuple | set | frozenset) or type(x).__name__ == "deque":
            stack.extend(x)
        else:
            d = getattr(x, "__dict__", None)
            if d is not None:
                stack.append(d)
            for cls in type(x).__mro__:
                for slot in getattr(cls, "__slots__", ()):
                    v = getattr(x, slot, None)
                    if v is not None:
                        stack.append(v)
    return size


def breakdown(procs: list[Any], sample: int = 2000) -> dict[str, Any]:
    """Where the bytes go: mean deep size per hot (live) conversation by part, per cold (serialized) conversation,
    and the per-partition containers (dict slots, timer heaps) divided by all conversations.

    Objects shared between conversations (configs, dialect adapters, constant or interned strings, small ints) are
    counted once over the whole sample (one `seen` set), so each figure is the sample's footprint over its size.
    """
    shared: set[int] = set()
    p0 = procs[0]
    for x in (p0.cfg, p0.cfg.repair, *(c.tracker.adapter for c in list(p0.convs.values())[:50]), *range(-5, 257)):
        shared.add(id(x))
        for y in getattr(x, "__dict__", {}).values():
            shared.add(id(y))
    seen = set(shared)
    hot: dict[str, float] = {}
    n_hot = 0
    for proc in procs:
        for cid, c in proc.convs.items():
            if n_hot >= sample:
                break
            t = c.tracker
            acc = {
                "conversation_id": deep_size(seen, cid),
                "Conversation object + ints": sys.getsizeof(c)
                + deep_size(seen, c.last_ts, c.offset, c.deadline, c.evict_at),
                "recent (dedup ids)": deep_size(seen, c.recent),
                "model/app_version strings": deep_size(seen, c.model, c.app_version),
                "tracker (all)": deep_size(seen, t),
            }
            b = c.behaviour
            if b is not None:
                acc["behaviour: regression detector"] = deep_size(seen, b.regression)
                acc["behaviour: erasure tracker"] = deep_size(seen, b.erasure)
                acc["behaviour: rest"] = deep_size(seen, b)
            for k, v in acc.items():
                hot[k] = hot.get(k, 0) + v
            n_hot += 1
    cold: dict[str, float] = {}
    n_cold = 0
    for proc in procs:
        for cid, entry in proc.cold.items():
            if n_cold >= sample:
                break
            acc = {"conversation_id": deep_size(seen, cid), "stored state (bytes object)": deep_size(seen, entry)}
            for k, v in acc.items():
                cold[k] = cold.get(k, 0) + v
            n_cold += 1
    total = sum(p.conversations for p in procs)
    containers = {
        "convs + cold dict tables": sum(sys.getsizeof(p.convs) + sys.getsizeof(p.cold)
                                        for p in procs),
        "timer heaps (lists + tuples)": sum(sum(sys.getsizeof(q) + sum(sys.getsizeof(e) for e in q)
                                                for q in p.timers.queues()) for p in procs),
    }
    hot_mean = {k: round(v / max(1, n_hot)) for k, v in hot.items()}
    cold_mean = {k: round(v / max(1, n_cold)) for k, v in cold.items()}
    cont = {k: round(v / max(1, total)) for k, v in containers.items()}
    n_hot_all = sum(len(p.convs) for p in procs)
    n_cold_all = total - n_hot_all
    est = (sum(hot_mean.values()) * n_hot_all + sum(cold_mean.values()) * n_cold_all) / max(1, total)
    return {"hot_conversations": n_hot_all, "cold_conversations": n_cold_all,
            "hot_bytes_each": hot_mean, "hot_total_each": sum(hot_mean.values()),
            "cold_bytes_each": cold_mean, "cold_total_each": sum(cold_mean.values()),
            "containers_per_conversation": cont,
            "estimated_bytes_per_conversation": round(est + sum(cont.values()))}


def scenario(name: str, n: int, seed: int, states_file: str | None = None) -> dict[str, Any]:
    from processor.core.partition import EngineConfig, PartitionProcessor

    behaviour = name != "live_behaviour_off"
    hot = 10**9 if name == "live_behaviour_on_all_hot" else None
    build_live(500, behaviour, seed + 1, hot)  # warm-up, thrown away
    before = rss_mib()
    extra: dict[str, Any] = {}
    if name == "restored_behaviour_on":
        # the states written by the live_behaviour_on scenario ("partition<TAB>key<TAB>size" lines, each followed
        # by the stored state's bytes),
        # streamed from the file so that only the restored processors are in memory when RSS is read
        assert states_file is not None
        t = time.perf_counter()
        procs = [PartitionProcessor("bench.in", p, EngineConfig()) for p in range(PARTITIONS)]
        with open(states_file, "rb") as f:
            while line := f.readline():
                part, key, size = line.rstrip(b"\n").split(b"\t")
                procs[int(part)].restore(key, f.read(int(size)))
        for proc in procs:
            proc.finish_restore()
        extra = {"restore_s": round(time.perf_counter() - t, 2)}
        after = rss_mib()
    else:
        procs, extra = build_live(n, behaviour, seed, hot)
        after = rss_mib()
        if states_file is not None:
            with open(states_file, "wb") as f:
                for proc in procs:
                    for cid, value in states(proc):
                        f.write(b"%d\t%s\t%d\n" % (proc.partition, cid.encode(), len(value)) + value)
    convs = sum(p.conversations for p in procs)
    open_calls = sum(p.open_calls for p in procs)
    from processor.core.state import codec

    state_bytes = 0
    json_bytes = 0
    for p in procs:
        for _, v in states(p):
            state_bytes += len(v)
            json_bytes += len(orjson.dumps(codec.decode(v)))
    sample = codec.decode(next(states(procs[0]))[1])
    delta = after - before
    parts = breakdown(procs)
    return {
        "scenario": name, "core": core_kind(), "behaviour": behaviour,
        "hot_conversations_setting": hot or EngineConfig().hot_conversations,
        "conversations": convs, "open_calls": open_calls,
        "rss_before_mib": round(before, 1), "rss_after_mib": round(after, 1), "rss_delta_mib": round(delta, 1),
        "mib_per_100k": round(delta * 100_000 / max(1, convs), 1),
        "bytes_per_conversation": round(delta * MiB / max(1, convs)),
        "peak_rss_mib": round(status_kib("VmHWM") / 1024, 1),
        "state_bytes_total": state_bytes, "state_mib_total": round(state_bytes / MiB, 1),
        "state_bytes_per_conversation": round(state_bytes / max(1, convs)),
        "state_json_bytes_per_conversation": round(json_bytes / max(1, convs)),
        "sample_state": sample,
        "breakdown": parts,
        "target_mib_per_100k": TARGET_MIB_PER_100K,
        "meets_target": delta * 100_000 / max(1, convs) <= TARGET_MIB_PER_100K,
        **extra,
    }


SCENARIOS = ("live_behaviour_on", "live_behaviour_off", "restored_behaviour_on", "live_behaviour_on_all_hot")


def loadavg() -> list[float]:
    """The 1, 5 and 15 minute load averages: the machine is shared, this says how busy it was."""
    with open("/proc/loadavg") as f:
        return [float(x) for x in f.read().split()[:3]]


def run_scenario(name: str, a: argparse.Namespace, states: str) -> dict[str, Any]:
    t = time.perf_counter()
    cmd = [sys.executable, __file__, "--scenario", name, "--conversations", str(a.conversations),
           "--seed", str(a.seed)]
    if name in ("live_behaviour_on", "restored_behaviour_on"):
        cmd += ["--states-file", states]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=a.timeout, check=True)
    r: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    r["wall_s"] = round(time.perf_counter() - t, 1)
    return r


def summarize(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One scenario over its rounds: the run nearest the median, with every round's figure, median and spread."""
    figs = [r["mib_per_100k"] for r in runs]
    med = statistics.median(figs)
    rep = min(runs, key=lambda r: abs(r["mib_per_100k"] - med))
    return {**rep, "rounds": len(runs), "mib_per_100k_rounds": figs, "mib_per_100k_median": round(med, 1),
            "mib_per_100k_min": min(figs), "mib_per_100k_max": max(figs),
            "bytes_per_conversation_median": round(statistics.median(r["bytes_per_conversation"] for r in runs)),
            "meets_target": med <= TARGET_MIB_PER_100K}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--conversations", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--rounds", type=int, default=1,
                    help="run the scenarios this many times, alternating; report the median and the spread")
    ap.add_argument("--scenarios", default=",".join(SCENARIOS),
                    help="comma-separated subset (restored_behaviour_on needs live_behaviour_on before it)")
    ap.add_argument("--json", default=str(ROOT / "bench" / "results" / "memory.json"))
    ap.add_argument("--timeout", type=float, default=280.0,
                    help="seconds a scenario's process may take (raise it on a loaded machine)")
    ap.add_argument("--scenario", choices=SCENARIOS, help="run one scenario in this process (used internally)")
    ap.add_argument("--states-file", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.scenario:
        print(json.dumps(scenario(a.scenario, a.conversations, a.seed, a.states_file)))
        return 0
    names = [n for n in SCENARIOS if n in a.scenarios.split(",")]
    if "restored_behaviour_on" in names and "live_behaviour_on" not in names:
        ap.error("restored_behaviour_on restores the states live_behaviour_on writes: select both")
    runs: dict[str, list[dict[str, Any]]] = {n: [] for n in names}
    load = [loadavg()]
    tmp = tempfile.TemporaryDirectory(prefix="toolmend-bench-mem-")
    states_path = str(Path(tmp.name) / "states.tsv")
    for i in range(a.rounds):
        for name in names:
            r = run_scenario(name, a, states_path)
            runs[name].append(r)
            print(f"[{i + 1}/{a.rounds}] {name:26s} {r['core']:8s} {r['conversations']:>7d} convs "
                  f"{r['open_calls']:>7d} open calls  RSS {r['rss_before_mib']:.0f} -> {r['rss_after_mib']:.0f} MiB"
                  f"  = {r['mib_per_100k']:.1f} MiB/100k ({r['bytes_per_conversation']} B/conv)  state "
                  f"{r['state_mib_total']:.1f} MiB ({r['state_bytes_per_conversation']} B/conv stored, "
                  f"{r['state_json_bytes_per_conversation']} B/conv as JSON)", flush=True)
        load.append(loadavg())
    tmp.cleanup()
    results = [summarize(runs[n]) for n in names]
    print(f"\nmedian of {a.rounds} round(s) [min - max], target <= {TARGET_MIB_PER_100K:.0f} MiB/100k; "
          f"load average (1 min) during the run: {min(x[0] for x in load):.1f} - {max(x[0] for x in load):.1f}")
    for r in results:
        print(f"  {r['scenario']:26s} {r['mib_per_100k_median']:6.1f} MiB/100k "
              f"[{r['mib_per_100k_min']:.1f} - {r['mib_per_100k_max']:.1f}]")
    print("\nwhere the bytes go (deep sizes, mean per conversation; hot = live objects, cold = serialized):")
    for r in results:
        bd = r["breakdown"]
        print(f"  {r['scenario']}: {bd['hot_conversations']} hot x {bd['hot_total_each']} B + "
              f"{bd['cold_conversations']} cold x {bd['cold_total_each']} B + containers "
              f"{sum(bd['containers_per_conversation'].values())} B/conv = ~{bd['estimated_bytes_per_conversation']} "
              f"B/conv (RSS says {r['bytes_per_conversation']})")
        print(f"      hot:  {bd['hot_bytes_each']}")
        if bd["cold_conversations"]:
            print(f"      cold: {bd['cold_bytes_each']}  containers: {bd['containers_per_conversation']}")
    doc = {"bench": "memory", "date": datetime.now(UTC).isoformat(timespec="seconds"),
           "command": "python bench/bench_memory.py " + " ".join(sys.argv[1:]),
           "machine": machine(loadavg_1_5_15_per_round=load), "code": code_state(),
           "conversations": a.conversations, "rounds": a.rounds, "results": results}
    Path(a.json).parent.mkdir(parents=True, exist_ok=True)
    Path(a.json).write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {a.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
