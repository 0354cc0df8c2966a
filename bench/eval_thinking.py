"""Thinking bound to its prefix: repaired Anthropic histories judged by the classic rules and by the prefix rule.

    python bench/eval_thinking.py [--out bench/results/thinking_prefix.json]

Reads bench/eval/thinking/histories.jsonl (Anthropic histories with signed thinking: interrupted calls, missing
parallel results, orphans, late results, reused ids, server tool blocks, clean controls; written by
tools/make_thinking_eval.py) and repairs each history with toolmend (fill / drop x thinking keep / strip_changed /
auto with the history's model) and with the peers that take Anthropic histories: turnsafe 0.1.0 (`repair`, thinking
keep and strip_after_change, on_missing placeholder and strip) and tessera-transcript 0.1.0 (`repair`). The peers
run in a throwaway virtual environment under bench/out/thinking-peers (pinned, never a project dependency).

Every output is judged by two validators that share no code with the package: tests/support/oracle.py (the classic
rules) and tests/support/prefix_oracle.py (the prefix rule). Per repairer: classic-valid %, prefix-valid %, both %,
thinking blocks kept (valid / invalid), idempotent % (repairing the output again changes nothing), crashes; and
per category for each toolmend configuration.
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = HERE / "eval" / "thinking" / "histories.jsonl"
VENV = HERE / "out" / "thinking-peers"
PINS = ["turnsafe==0.1.0", "tessera-transcript==0.1.0"]
PEERS = {  # name -> (package, options)
    "turnsafe placeholder keep": ("turnsafe", {"on_missing": "placeholder", "thinking": "keep"}),
    "turnsafe placeholder strip_after_change": ("turnsafe", {"on_missing": "placeholder",
                                                             "thinking": "strip_after_change"}),
    "turnsafe strip strip_after_change": ("turnsafe", {"on_missing": "strip", "thinking": "strip_after_change"}),
    "tessera": ("tessera", {}),
}


# ----------------------------------------------------------------------------------------------------
# peer side: runs in the peers' environment, imports only the peer and the standard library


def peer_side(data: Path, out: Path) -> None:
    histories = [json.loads(line) for line in data.read_text().splitlines() if line.strip()]
    results: dict[str, list[Any]] = {}
    for name, (pkg, opts) in PEERS.items():
        rows: list[Any] = []
        for h in histories:
            msgs = json.loads(json.dumps(h["messages"]))
            try:
                if pkg == "turnsafe":
                    import turnsafe

                    once = turnsafe.repair(msgs, "anthropic", **opts)
                    twice = turnsafe.repair(json.loads(json.dumps(once)), "anthropic", **opts)
                else:
                    import tessera

                    once = list(tessera.repair(msgs, adapter="anthropic").transcript)
                    twice = list(tessera.repair(json.loads(json.dumps(once)), adapter="anthropic").transcript)
                rows.append({"once": json.loads(json.dumps(once)), "twice": json.loads(json.dumps(twice))})
            except Exception as e:  # a crash is a result too
                rows.append({"error": f"{type(e).__name__}: {str(e)[:160]}"})
        results[name] = rows
    out.write_text(json.dumps(results))


def ensure_venv() -> Path:
    py = VENV / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", *PINS], check=True)
    return py


# ----------------------------------------------------------------------------------------------------
# project side


def toolmend_rows(histories: list[dict[str, Any]], strategy: str, thinking: str) -> list[Any]:
    import processor

    rows: list[Any] = []
    for h in histories:
        try:
            r = processor.repair(h["messages"], "anthropic", strategy,  # type: ignore[arg-type]
                                 thinking=thinking, model=h["model"], behaviour=False)  # type: ignore[arg-type]
            again = processor.repair(r.messages, "anthropic", strategy,  # type: ignore[arg-type]
                                     thinking=thinking, model=h["model"], behaviour=False)  # type: ignore[arg-type]
            rows.append({"once": r.messages, "twice": again.messages,
                         "reported": sum(f.count or 0 for f in r.findings
                                         if f.kind.value == "thinking_prefix_changed")})
        except Exception as e:
            rows.append({"error": f"{type(e).__name__}: {str(e)[:160]}"})
    return rows


def strip_invalid(original: list[Any], output: list[Any]) -> list[Any]:
    """The output with every block the prefix validator refuses removed (a turn left empty goes too): the best a
    repairer that keeps its own output could send."""
    from tests.support.prefix_oracle import violations

    out = json.loads(json.dumps(output))
    while True:
        bad = violations(original, out)
        if not bad:
            return out
        v = bad[0]
        content = out[v.message]["content"]
        del content[v.block]
        if not content:
            del out[v.message]


def score(histories: list[dict[str, Any]], rows: list[Any]) -> dict[str, Any]:
    from tests.support.oracle import validate
    from tests.support.prefix_oracle import thinking_blocks, violations

    c: Counter[str] = Counter()
    for h, row in zip(histories, rows, strict=True):
        c["histories"] += 1
        c["thinking_in"] += thinking_blocks(h["messages"])
        if "error" in row:
            c["crashes"] += 1
            continue
        out = row["once"]
        classic = not [v for v in validate(out, "anthropic") if v.rule != "invalid_role"]
        bad = violations(h["messages"], out)
        c["classic_valid"] += classic
        c["prefix_valid"] += not bad
        c["both_valid"] += classic and not bad
        c["thinking_kept"] += thinking_blocks(out)
        c["thinking_kept_invalid"] += len(bad)
        c["idempotent"] += row["twice"] == out
        if "reported" in row:
            c["reported_invalid"] += row["reported"]
    n = c["histories"]
    pct = {k: round(100 * c[k] / n, 1) for k in ("classic_valid", "prefix_valid", "both_valid", "idempotent")}
    return {**dict(c), **{f"{k}_pct": v for k, v in pct.items()},
            "thinking_kept_valid": c["thinking_kept"] - c["thinking_kept_invalid"]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--peer-side", nargs=2, metavar=("DATA", "OUT"), help=argparse.SUPPRESS)
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--no-peers", action="store_true")
    args = ap.parse_args()
    if args.peer_side:
        peer_side(Path(args.peer_side[0]), Path(args.peer_side[1]))
        return
    if str(ROOT) not in sys.path:
        sys.path.append(str(ROOT))
    histories = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
    results: dict[str, Any] = {}
    by_category: dict[str, dict[str, Any]] = {}
    for strategy in ("fill", "drop"):
        for thinking in ("keep", "strip_changed", "auto"):
            name = f"toolmend {strategy} thinking={thinking}"
            rows = toolmend_rows(histories, strategy, thinking)
            results[name] = score(histories, rows)
            cats: dict[str, Any] = {}
            for cat in sorted({h["category"] for h in histories}):
                idx = [i for i, h in enumerate(histories) if h["category"] == cat]
                cats[cat] = score([histories[i] for i in idx], [rows[i] for i in idx])
            by_category[name] = cats
            if thinking == "keep":
                best = [{"once": strip_invalid(h["messages"], r["once"]), "twice": None} if "once" in r else r
                        for h, r in zip(histories, rows, strict=True)]
                for b in best:
                    if "once" in b:
                        b["twice"] = b["once"]
                results[f"toolmend {strategy} keep, then every invalid block removed (bound)"] = \
                    score(histories, best)
    if not args.no_peers:
        py = ensure_venv()
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "peers.json"
            subprocess.run([str(py), str(Path(__file__).resolve()), "--peer-side", str(DATA), str(out)], check=True)
            peers = json.loads(out.read_text())
        for name, rows in peers.items():
            results[f"{name} (0.1.0)"] = score(histories, rows)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    doc = {"date": datetime.date.today().isoformat(), "commit": commit,
           "data": "bench/eval/thinking/histories.jsonl", "histories": len(histories),
           "thinking_blocks": results[next(iter(results))]["thinking_in"],
           "validators": ["tests/support/oracle.py (classic rules)", "tests/support/prefix_oracle.py (prefix rule)"],
           "results": results, "toolmend_by_category": by_category}
    w = max(len(k) for k in results)
    print(f"{'repairer':<{w}}  classic  prefix  both  kept(valid/invalid)  idempotent  crashes")
    for k, r in results.items():
        kept = f"{r['thinking_kept_valid']:5d}/{r.get('thinking_kept_invalid', 0):<5d}"
        print(f"{k:<{w}}  {r.get('classic_valid_pct', 0):6.1f}  {r.get('prefix_valid_pct', 0):6.1f}  "
              f"{r.get('both_valid_pct', 0):5.1f}  {kept}  {r.get('idempotent_pct', 0):6.1f}  {r.get('crashes', 0)}")
    if args.out is not None:
        args.out.write_text(json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    main()
