"""Core engine benchmark: parse + track + findings, per-message cost vs history length, vs re-scanning.

    python bench/bench_core.py [--events 300000] [--rounds 5] [--json out.json]
    python bench/bench_core.py --ab REF [--rounds 6] [--json out.json]   # this tree against git REF
    TOOLMEND_BENCH_DIALECT=anthropic python bench/bench_core.py ...         # the same turns as Anthropic messages

`--ab REF` measures a change: the source of `processor/` at REF (git archive, under bench/out/) and this tree's
run in alternating subprocesses (REF, this, REF, this, ...: drift of a shared machine hits both alike), each
one round of throughput and per-message cost by history length; it prints the median ratio of each figure.

Prints (and optionally writes) the figures the README quotes: `--rounds` rounds of the three measurements (each
best of a few repetitions inside), a fixed CPU probe before each round, and per figure the best, median and
spread over the rounds (the median is the figure; a target is met only when it meets it). Single process, single
core. No assertion: targets are compared and reported, never enforced in tests.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import time
from collections.abc import Callable
from typing import Any

import orjson
from benchenv import code_state, cpu_probe, stats  # this folder: run by path

from processor import Tracker, repair

#: the dialect of the traffic (the turns below, converted): openai_chat (default) or anthropic
DIALECT = os.environ.get("TOOLMEND_BENCH_DIALECT", "openai_chat")


def turn(rng: random.Random, k: int, faults: bool) -> list[dict[str, Any]]:
    """One realistic OpenAI-chat turn: user, assistant with 1-3 calls, results, final answer."""
    n = rng.choice((1, 1, 1, 2, 3))
    calls = [{"id": f"call_{k}_{j}_{rng.randrange(1 << 30):x}", "type": "function",
              "function": {"name": rng.choice(("get_weather", "search_web", "set_volume", "read_file")),
                           "arguments": orjson.dumps({"city": "Paris", "q": "x" * rng.randrange(5, 60)}).decode()}}
             for j in range(n)]
    out: list[dict[str, Any]] = [
        {"role": "user", "content": "Please check the weather and search the web for concert tickets " * 2},
        {"role": "assistant", "content": None, "tool_calls": calls},
    ]
    answered = calls if not faults or rng.random() > 0.1 else calls[:-1]
    for c in answered:
        out.append({"role": "tool", "tool_call_id": c["id"], "content": "{\"temp_c\": 18, \"sky\": \"clear\"}" * 3})
    out.append({"role": "assistant", "content": "It is 18°C and clear in Paris. I found three concerts for you."})
    return out


def conversation(rng: random.Random, n_messages: int, faults: bool = True) -> list[dict[str, Any]]:
    msgs: list[dict[str, Any]] = [{"role": "system", "content": "You are a helpful assistant with tools."}]
    k = 0
    while len(msgs) < n_messages:
        msgs.extend(turn(rng, k, faults))
        k += 1
    return to_anthropic(msgs[:n_messages]) if DIALECT == "anthropic" else msgs[:n_messages]


def to_anthropic(msgs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The same turns as Anthropic messages: calls as tool_use blocks, results as tool_result blocks of one user
    turn, the system prompt left out (a top-level field there). No thinking."""
    out: list[dict[str, Any]] = []
    for m in msgs:
        role = m["role"]
        if role == "system":
            continue
        if role == "tool":
            block = {"type": "tool_result", "tool_use_id": m["tool_call_id"], "content": m["content"]}
            last = out[-1] if out else None
            if last is not None and last["role"] == "user" and isinstance(last["content"], list):
                last["content"].append(block)
            else:
                out.append({"role": "user", "content": [block]})
        elif role == "assistant" and m.get("tool_calls"):
            out.append({"role": "assistant", "content": [
                {"type": "tool_use", "id": c["id"], "name": c["function"]["name"],
                 "input": orjson.loads(c["function"]["arguments"])} for c in m["tool_calls"]]})
        else:
            out.append({"role": role, "content": m["content"]})
    return out


def events(n: int, seed: int = 1) -> list[bytes]:
    """Kafka-like event values of interleaved conversations (~40 messages each)."""
    rng = random.Random(seed)
    out: list[bytes] = []
    c = 0
    while len(out) < n:
        cid = f"conv-{c}"
        for i, m in enumerate(conversation(rng, 40)):
            out.append(orjson.dumps({"conversation_id": cid, "ts": 1_767_225_600_000 + i * 1000, "seq": i,
                                     "type": "message", "model": "gpt-4.1", "message": m}))
        c += 1
    return out[:n]


def best_of(fn: Callable[[], float], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        best = min(best, fn())
    return best


def bench_throughput(values: list[bytes]) -> dict[str, float]:
    def bare() -> float:
        loads = orjson.loads
        t = time.perf_counter()
        for v in values:
            loads(v)
        return time.perf_counter() - t

    def tracked() -> float:
        loads = orjson.loads
        trackers: dict[str, Tracker] = {}
        findings = 0
        t = time.perf_counter()
        for v in values:
            ev = loads(v)
            cid = ev["conversation_id"]
            tr = trackers.get(cid)
            if tr is None:
                tr = trackers[cid] = Tracker(DIALECT)
            step = tr.feed(ev["message"], None, ev["ts"])
            findings += len(step.findings)
        for tr in trackers.values():
            findings += len(tr.finish().findings)
        return time.perf_counter() - t

    tb = best_of(bare)
    tt = best_of(tracked)
    n = len(values)
    return {"events": n, "bare_orjson_events_per_s": n / tb, "tracker_events_per_s": n / tt,
            "ratio_to_bare_orjson": tb / tt, "avg_event_bytes": sum(map(len, values)) / n}


def bench_lengths(lengths: tuple[int, ...] = (10, 1000, 10000), total: int = 200_000) -> dict[str, float]:
    """Per-message cost when the history is already `length` long: feed `total` messages in histories of that
    length (so each measurement covers the same number of messages)."""
    rng = random.Random(7)
    res: dict[str, float] = {}
    for n in lengths:
        convs = [conversation(rng, n) for _ in range(max(1, total // n))]

        def run(convs: list[list[dict[str, Any]]] = convs) -> float:
            t = time.perf_counter()
            for msgs in convs:
                tr = Tracker(DIALECT)
                feed = tr.feed
                for m in msgs:
                    feed(m)
            return time.perf_counter() - t

        dt = best_of(run)
        res[f"ns_per_message_at_{n}"] = dt / sum(map(len, convs)) * 1e9
    base = res[f"ns_per_message_at_{lengths[0]}"]
    res["max_ratio_between_lengths"] = max(res.values()) / min(v for k, v in res.items() if k.startswith("ns_"))
    res["ratio_10k_to_10"] = res[f"ns_per_message_at_{lengths[-1]}"] / base
    return res


def bench_rescan(length: int = 1000) -> dict[str, float]:
    """What middleware repairers do: repair the whole history before each model call (per message here)."""
    rng = random.Random(11)
    msgs = conversation(rng, length)

    def incremental() -> float:
        t = time.perf_counter()
        tr = Tracker(DIALECT)
        for m in msgs:
            tr.feed(m)
        return time.perf_counter() - t

    def rescan() -> float:
        t = time.perf_counter()
        for i in range(1, len(msgs) + 1):
            repair(msgs[:i], DIALECT, behaviour=False)  # what middleware repairers do: no detectors
        return time.perf_counter() - t

    ti = best_of(incremental, 5)
    tr = best_of(rescan, 1)
    return {"length": length, "incremental_us_per_message": ti / length * 1e6,
            "rescan_us_per_message": tr / length * 1e6, "speedup": tr / ti}


def _one_round(n_events: int) -> dict[str, Any]:
    """One round of the figures an A/B compares (run in a subprocess per side)."""
    t = bench_throughput(events(n_events))
    ln = bench_lengths(total=60_000)
    return {"tracker_events_per_s": t["tracker_events_per_s"],
            **{k: v for k, v in ln.items() if k.startswith("ns_")}}


def ab(ref: str, rounds: int, n_events: int, out: str | None) -> int:
    import statistics
    import subprocess
    import sys
    from pathlib import Path

    here = Path(__file__).resolve().parent
    root = here.parent
    tree = here / "out" / f"ab_{ref.replace('/', '_')}"
    if not (tree / "processor").exists():
        tree.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(root), "archive", ref, "processor"], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    sides = {"ref": str(tree), "this": str(root)}
    got: dict[str, list[dict[str, Any]]] = {"ref": [], "this": []}
    for i in range(rounds):
        for side in ("ref", "this") if i % 2 == 0 else ("this", "ref"):
            # (an editable install's finder would import this tree's package whatever the path says: removed)
            code = (f"import sys, json; sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in "
                    f"repr(f).lower()]; sys.path.insert(0, {sides[side]!r}); sys.path.insert(1, {str(here)!r}); "
                    f"import processor; assert processor.__file__.startswith({sides[side]!r}), processor.__file__; "
                    f"import bench_core; print(json.dumps(bench_core._one_round({n_events})))")
            r = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True,
                               env={**os.environ, "PYTHONPATH": ""}, cwd=str(here))
            got[side].append(json.loads(r.stdout.strip().splitlines()[-1]))
            print(f"round {i + 1} {side}: " + ", ".join(f"{k} {v:,.0f}" for k, v in got[side][-1].items()),
                  flush=True)
    result: dict[str, Any] = {"ref": ref, "code": code_state(), "rounds": got, "ratio_this_to_ref": {}}
    result["best_ratio_this_to_ref"] = {}
    for k in got["ref"][0]:
        ratio = statistics.median(b[k] / a[k] for a, b in zip(got["ref"], got["this"], strict=True))
        pick = max if k.endswith("_per_s") else min  # each side's best round: the least disturbed one
        best = pick(b[k] for b in got["this"]) / pick(a[k] for a in got["ref"])
        result["ratio_this_to_ref"][k] = ratio
        result["best_ratio_this_to_ref"][k] = best
        better = "higher is better" if k.endswith("_per_s") else "lower is better"
        print(f"{k}: this / {ref} = {ratio:.3f} (median of paired rounds), {best:.3f} (best round of each); "
              f"{better}")
    if out:
        with open(out, "w") as f:
            json.dump(result, f, indent=2)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=300_000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--json", help="write the figures here")
    ap.add_argument("--ab", metavar="REF", help="compare this tree with git REF, alternating subprocesses")
    a = ap.parse_args()
    if a.ab:
        return ab(a.ab, a.rounds, a.events, a.json)
    values = events(a.events)
    rounds = []
    for i in range(a.rounds):
        probe = cpu_probe()
        rnd = {"round": i + 1, "cpu_probe_ms": probe, "throughput": bench_throughput(values),
               "lengths": bench_lengths(), "rescan": bench_rescan()}
        rounds.append(rnd)
        t, ln, r = rnd["throughput"], rnd["lengths"], rnd["rescan"]
        print(f"round {i + 1}: probe {probe} ms; {t['tracker_events_per_s']:,.0f} events/s; per message "
              + " / ".join(f"{v:.0f}" for k, v in ln.items() if k.startswith("ns_"))
              + f" ns (max ratio {ln['max_ratio_between_lengths']:.2f}); re-scan {r['speedup']:,.0f}x", flush=True)

    def over_rounds(section: str, key: str) -> dict[str, float]:
        return stats([rnd[section][key] for rnd in rounds], higher_is_better=section != "lengths")

    summary = {
        "tracker_events_per_s": over_rounds("throughput", "tracker_events_per_s"),
        "bare_orjson_events_per_s": over_rounds("throughput", "bare_orjson_events_per_s"),
        **{k: over_rounds("lengths", k) for k in rounds[0]["lengths"]},
        "rescan_speedup": over_rounds("rescan", "speedup"),
        "cpu_probe_ms": stats([rnd["cpu_probe_ms"] for rnd in rounds]),
    }
    result = {"python": platform.python_version(), "machine": platform.machine(), "code": code_state(),
              "rounds": rounds, "summary": summary}

    def line(name: str, s: dict[str, float], unit: str = "", fmt: str = ",.0f") -> str:
        return (f"{name}: median {s['median']:{fmt}}{unit} (min {s['min']:{fmt}}, max {s['max']:{fmt}}, "
                f"spread {s['spread_pct']} %)")

    print(line("parse+track+findings events/s", summary["tracker_events_per_s"]) + "; target >= 250,000 "
          + ("met" if summary["tracker_events_per_s"]["median"] >= 250_000 else "NOT met") + " (the median decides)")
    print(line("bare orjson.loads events/s", summary["bare_orjson_events_per_s"]))
    for k in rounds[0]["lengths"]:
        print(line(k, summary[k], fmt=",.2f" if "ratio" in k else ",.0f"))
    print(line("vs full re-scan, times faster", summary["rescan_speedup"]) + "; target >= 100")
    print(line("CPU probe ms", summary["cpu_probe_ms"], fmt=".1f") + " (the machine's drift)")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(result, f, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
