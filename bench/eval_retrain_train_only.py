"""Would `text_only_regression`'s model gain from a retrain on the `bench/eval/train` files only? Trains candidates
and grades each one beside the shipped model, through `processor.repair()` as users call it.

    python bench/eval_retrain_train_only.py [--json OUT]        (needs the `train` extra: scikit-learn)

Candidates (every one trained by `processor.train.fitting.train`, the code of `toolmend train-detector`, on the
records of `TRAIN` with and without their tool definitions; none reads a blind directory):

* `scratch`: trained from nothing on `TRAIN` (the manifest's trees: 300 of depth 3, rate 0.05, subsample 0.8, 5 a leaf);
* `scratch+templates`: the same with `bench/eval/regression_eval.jsonl` added;
* `fine-tune N`: the shipped model with N more trees fitted on `TRAIN` (`--fine-tune --rounds N`).

Each is graded at two thresholds chosen on `VALIDATION` for precision 0.92: the trainer's default (the lowest that
reaches it) and `--threshold-rule middle` (the middle of those that keep it and its recall: `VALIDATION` is small
and separates cleanly, so the lowest sits on its highest-scored negative). Grades, per split and tool mode (`tools=`
or none): TP / FP / FN of `text_only_regression` on `VALIDATION`, `TEST` and `bench/eval/dev` (the shipped model was
trained on dev, so its dev figures are in-sample); false alarms on the whole real conversations of
`bench/eval/real*/dev` (findings on replies labelled none) and TP / FP / FN on their derived files; the written
framework probes (`bench/eval/probes/whole_*.jsonl`, as `tests/unit/core/test_regression_frameworks.py` reads
them); and the scores of two seed-style regressions of the unit tests (a new act told done after a lookup; a
weather follow-up answered with a new figure).

Each candidate runs once per threshold with the detector set to it (a finding's score is rounded, so cutting one
run afterwards would misplace a turn scored at the threshold itself). CPU: about 30 s.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import processor
from processor.core.findings import FindingKind
from processor.core.regression import scorer
from processor.train import fitting
from processor.train.labelled import dataset, load_records

ROOT = Path(__file__).resolve().parents[1]
TRAIN = ["bench/eval/train/train_en.jsonl", "bench/eval/train/train_zh.jsonl",
         "bench/eval/train/breadth/slice_en.jsonl", "bench/eval/train/breadth/slice_zh.jsonl"]
TEMPLATES = "bench/eval/regression_eval.jsonl"
VALIDATION = "bench/eval/train/validation.jsonl"
TEST = "bench/eval/train/test.jsonl"
DEV = "bench/eval/dev/dev.jsonl"
REAL = [f"bench/eval/real{n}/dev" for n in ("", "2", "3", "4", "5", "6")]
PROBES = "bench/eval/probes"
TARGET = 0.92

Key = tuple[str, int | None, int]


def _tool(name: str, description: str, **props: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": {k: {"type": v} for k, v in props.items()}}}}


def _bank_story() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """tests/unit/core/test_claims_recall.py: a balance looked up, then "Move 500 to savings" told done in words."""
    tools = [_tool("get_account_balance", "Get the balance of an account", account="string"),
             _tool("transfer_funds", "Transfer money between accounts", amount="number", source="string",
                   target="string")]
    msgs = [{"role": "user", "content": "What's the balance of my checking account?"},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "get_account_balance",
                                                              "arguments": json.dumps({"account": "checking"})}}]},
            {"role": "tool", "tool_call_id": "c1", "content": '{"balance": 2310.40}'},
            {"role": "assistant", "content": "Your checking balance is $2,310.40."},
            {"role": "user", "content": "Move 500 to savings"},
            {"role": "assistant", "content": "Transferred $500 from checking to savings."}]
    return msgs, tools


def _weather_story() -> dict[str, Any]:
    """tests/unit/core/test_regression_followups.py: an ADK weather lookup, then another city answered in words."""
    decl = [{"functionDeclarations": [{"name": "transfer_to_agent", "parameters": {"type": "object"}},
                                      {"name": "get_weather", "parameters": {"type": "object"}}]}]
    relay = "[root_agent] called tool `transfer_to_agent` with parameters: {'agent_name': 'weather'}"
    contents = [
        {"role": "user", "parts": [{"text": "What is the weather in New York?"}]},
        {"role": "user", "parts": [{"text": "For context:"}, {"text": relay}]},
        {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "New York"}}}]},
        {"role": "user", "parts": [{"functionResponse": {"name": "get_weather", "response": {"report": "sunny"}}}]},
        {"role": "model", "parts": [{"text": "It is sunny in New York."}]},
        {"role": "user", "parts": [{"text": "What is the weather in Boston?"}]},
        {"role": "model", "parts": [{"text": "It is rainy in Boston, 12 degrees."}]}]
    return {"contents": contents, "tools": decl}


def _found(res: Any, rid: str, snap: int | None, out: dict[Key, float]) -> None:
    for f in res.findings:
        if f.kind is FindingKind.TEXT_ONLY_REGRESSION and f.index is not None:
            key = (rid, snap, f.index)
            out[key] = max(float(f.score or 0.0), out.get(key, -1.0))


def labelled(path: str, mode: str) -> tuple[dict[Key, float], set[Key]]:
    """Findings (with their scores) and the labelled regressions of a set, as bench/eval_regression.py runs it."""
    found: dict[Key, float] = {}
    gold: set[Key] = set()
    for rec in load_records([ROOT / path]):
        rid = str(rec["id"])
        snaps = rec.get("input") == "snapshots"
        tools = rec.get("tools") if mode == "kwarg" else None
        for lab in rec["labels"].get("text_only_regression", []):
            gold.add((rid, lab.get("snapshot") if snaps else None, int(lab["index"])))
        if snaps:
            for k, snap in enumerate(rec["snapshots"]):
                _found(processor.repair(snap, previous=rec["snapshots"][:k], system=rec.get("system"), tools=tools),
                       rid, k, found)
        else:
            _found(processor.repair(rec["messages"], system=rec.get("system"), tools=tools), rid, None, found)
    return found, gold


def real() -> dict[str, Any]:
    """bench/eval_unbacked.py's reading: whole conversations (false alarms on replies labelled none) and derived."""
    found: dict[Key, float] = {}
    gold: set[Key] = set()
    none_keys: set[Key] = set()
    replies = 0
    for folder in REAL:
        for f in sorted((ROOT / folder).glob("*.jsonl")):
            whole = f.name.startswith("whole")
            for rec in load_records([f]):
                rid = f"{folder}/{f.name}:{rec['id']}"
                res = processor.repair({"messages": rec["messages"], "system": rec.get("system"),
                                        "tools": rec.get("tools")}, dialect=rec.get("dialect") or "auto")
                labels = rec.get("labels") or {}
                labelled_any = {lab["index"] for k in ("unbacked_claim", "text_only_regression")
                                for lab in labels.get(k) or ()}
                if whole:
                    replies += len(rec.get("replies") or [m for m in rec["messages"]
                                                          if m.get("role") in ("assistant", "model")])
                for lab in labels.get("text_only_regression") or ():
                    gold.add((rid, None, int(lab["index"])))
                mine: dict[Key, float] = {}
                _found(res, rid, None, mine)
                found.update(mine)
                if whole:
                    none_keys |= {k for k in mine if k[2] not in labelled_any}
    return {"found": found, "gold": gold, "none": none_keys, "whole_replies": replies}


def probes() -> tuple[dict[Key, float], set[Key]]:
    found: dict[Key, float] = {}
    gold: set[Key] = set()
    for f in sorted((ROOT / PROBES).glob("whole_*.jsonl")):
        for rec in load_records([f]):
            rid = str(rec["id"])
            _found(processor.repair({"messages": rec["messages"], "tools": rec["tools"]}, dialect=rec["dialect"]),
                   rid, None, found)
            gold |= {(rid, None, int(lab["index"])) for lab in rec["labels"]["text_only_regression"]}
    return found, gold


def seed_cases() -> dict[str, float | None]:
    out: dict[str, float | None] = {}
    msgs, tools = _bank_story()
    for name, res in (("new act told done after a lookup", processor.repair(msgs, "openai_chat", tools=tools)),
                      ("weather follow-up with a new figure", processor.repair(_weather_story()))):
        scores = [f.score for f in res.findings if f.kind is FindingKind.TEXT_ONLY_REGRESSION]
        out[name] = round(float(scores[0]), 3) if scores and scores[0] is not None else None
    return out


def collect(model: scorer.Model, threshold: float) -> dict[str, Any]:
    scorer.use(model, threshold)
    try:
        sets = {f"{name}/{mode}": labelled(path, mode) for name, path in
                (("validation", VALIDATION), ("test", TEST), ("dev", DEV)) for mode in ("kwarg", "none")}
        return {"sets": sets, "real": real(), "probes": probes(), "seed_cases": seed_cases()}
    finally:
        scorer.use(None, None)


def _cut(found: dict[Key, float], gold: set[Key], t: float) -> dict[str, int]:
    hit = {k for k, s in found.items() if s >= t}
    return {"tp": len(hit & gold), "fp": len(hit - gold), "fn": len(gold - hit)}


def grade(c: dict[str, Any], t: float) -> dict[str, Any]:
    out: dict[str, Any] = {name: _cut(found, gold, t) for name, (found, gold) in c["sets"].items()}
    r = c["real"]
    out["real_dev_derived"] = _cut(r["found"], r["gold"], t)
    out["real_dev_whole_false_alarms"] = sum(1 for k in r["none"] if r["found"][k] >= t)
    out["real_dev_whole_replies"] = r["whole_replies"]
    out["probes"] = _cut(*c["probes"], t)
    out["seed_cases_found"] = sum(1 for s in c["seed_cases"].values() if s is not None)
    return out


def middle_threshold(model: scorer.Model) -> float:
    """`toolmend train-detector --threshold-rule middle` on VALIDATION."""
    va = dataset(load_records([ROOT / VALIDATION]))
    return fitting.choose_threshold([model.score(e[2]) for e in va], [e[3] for e in va], TARGET, "middle")


def candidates() -> list[tuple[str, scorer.Model]]:
    train = load_records([ROOT / p for p in TRAIN])
    templates = load_records([ROOT / TEMPLATES])
    val = load_records([ROOT / VALIDATION])
    shipped = scorer.shipped()
    out = [("shipped (detector-2)", shipped)]
    specs: list[tuple[str, list[dict[str, Any]], bool, int]] = [
        ("scratch", train, False, 300), ("scratch+templates", train + templates, False, 300),
        ("fine-tune 10", train, True, 10), ("fine-tune 25", train, True, 25), ("fine-tune 50", train, True, 50)]
    for name, recs, fine, rounds in specs:
        doc = fitting.train(recs, val, target=TARGET, fine_tune=fine, rounds=rounds, version=name)
        out.append((name, scorer.parse(scorer.dumps(doc))))
    return out


def _cell(g: dict[str, int]) -> str:
    tp, fp, fn = g["tp"], g["fp"], g["fn"]
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    return f"{p:.3f} / {r:.3f} ({tp}/{fp}/{fn})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", type=Path, help="write the figures here")
    a = ap.parse_args()
    t0 = time.process_time()
    rows: list[dict[str, Any]] = []
    for name, model in candidates():
        shipped = name.startswith("shipped")
        cuts = [("shipped", model.threshold)] if shipped else [("trainer's", model.threshold),
                                                                 ("middle", middle_threshold(model))]
        for how, t in cuts:
            c = collect(model, t)
            scorer.use(model, 0.0)
            scores = seed_cases()  # the seed cases' scores, also when they fall below the cut
            scorer.use(None, None)
            rows.append({"model": name, "threshold_rule": how, "threshold": t, "seed_case_scores": scores,
                         **grade(c, 0.0)})
    print("| model | threshold | validation tools= / none | test tools= / none | dev tools= / none | real dev: "
          "whole false alarms, derived | probes | seed cases (scores) |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        seeds = ", ".join(str(s) for s in r["seed_case_scores"].values())
        print(f"| {r['model']} | {r['threshold']:.2f} ({r['threshold_rule']}) | {_cell(r['validation/kwarg'])}, "
              f"{_cell(r['validation/none'])} | {_cell(r['test/kwarg'])}, {_cell(r['test/none'])} | "
              f"{_cell(r['dev/kwarg'])}, {_cell(r['dev/none'])} | {r['real_dev_whole_false_alarms']} in "
              f"{r['real_dev_whole_replies']}, {_cell(r['real_dev_derived'])} | {_cell(r['probes'])} | "
              f"{r['seed_cases_found']} of 2 ({seeds}) |")
    if a.json:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True).stdout.strip()
        a.json.write_text(json.dumps({
            "date": time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime()), "commit": commit,
            "load_average": os.getloadavg(), "cpu_seconds": round(time.process_time() - t0, 1),
            "how": "python bench/eval_retrain_train_only.py --json OUT (its docstring says what each cell is); "
                   "cells are tp/fp/fn per tool mode", "rows": rows}, indent=1, ensure_ascii=False) + "\n",
                               encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
