"""Grade `unbacked_claim`, `text_only_regression` and `tool_history_erased` on real recorded conversations
(bench/eval/real/).

Each record goes through `processor.repair(messages, tools=..., system=...)` as a user calls it; a finding is
matched to a label by its message index. Cells: each file (source, whole or derived). For the whole
conversations it also reports the false alarms (findings of the first two kinds on replies labelled `none`) per 1,000
assistant replies. `tool_history_erased` (a reply whose own calls the history sent no longer holds, as a memory that
keeps only questions and answers leaves it) is graded on its own, by the reply's index: its P/R per cell, not counted
among the false alarms.

    python bench/eval_unbacked.py bench/eval/real/dev            # tuning
    python bench/eval_unbacked.py BLIND_FOLDER --out FILE.json     # once, at the end; its figures committed as they are

The blind folder is run once, through this script, and its first-run figures are committed as they are.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from eval.load import read_jsonl, record_files

import processor

KINDS = ("unbacked_claim", "text_only_regression")
ERASED = "tool_history_erased"  # graded beside them: P/R per cell, not among the false alarms


def _prf(tp: int, fp: int, fn: int) -> dict[str, Any]:
    return {"tp": tp, "fp": fp, "fn": fn,
            "precision": round(tp / (tp + fp), 3) if tp + fp else None,
            "recall": round(tp / (tp + fn), 3) if tp + fn else None}


def _assistant_replies(rec: dict[str, Any]) -> int:
    return len(rec.get("replies") or [m for m in rec["messages"] if m.get("role") in ("assistant", "model")])


def _erased_findings(rec: dict[str, Any], res: Any) -> list[tuple[str, str]]:
    """The (call id, tool) of each `tool_history_erased` finding: of the history replayed after its earlier
    snapshots where the record has them (`snapshots`, `snapshot_at`: as an app sends them), else of the one
    history."""
    snaps: list[Any] = rec.get("snapshots") or []
    if snaps and rec.get("input") != "snapshots":
        at: list[int] = rec.get("snapshot_at") or []
        if len(at) != len(snaps):
            at = [len(rec["messages"]) - 1] * len(snaps)
        seen: list[Any] = []
        for k in sorted(range(len(snaps)), key=lambda k: (at[k], k)):
            seen += [rec["messages"][: at[k] + 1], snaps[k]]
        res = processor.repair({"messages": seen[-1], "system": rec.get("system"), "tools": rec.get("tools")},
                               dialect=rec.get("dialect") or "auto", previous=seen[:-1])
    return [(f.call_id or "", f.tool or "") for f in res.findings if f.kind.value == ERASED]


def _grade_erased(rec: dict[str, Any], res: Any, errors: list[dict[str, Any]]) -> tuple[int, int, int]:
    """TP, FP, FN of `tool_history_erased`. A label names an erased call (`call_id`, `tool`), or a reply whose own
    calls the history lost (`index`, `erased_calls`): a finding of one of those tools answers it."""
    found = _erased_findings(rec, res)
    tp = fn = 0
    for lab in (rec.get("labels") or {}).get(ERASED) or ():
        if "call_id" in lab:
            hit = next((f for f in found if f == (lab["call_id"], lab.get("tool") or "")), None)
        else:
            tools = set(lab.get("erased_calls") or ()) or {lab.get("expected_tool")}
            hit = next((f for f in found if f[1] in tools), None)
        if hit is not None:
            found.remove(hit)
            tp += 1
        else:
            fn += 1
            errors.append({"id": rec["id"], "kind": ERASED, "error": "fn", "index": lab.get("index"),
                           "call_id": lab.get("call_id"), "tool": lab.get("tool") or lab.get("expected_tool")})
    for cid, tool in found:
        errors.append({"id": rec["id"], "kind": ERASED, "error": "fp", "call_id": cid, "tool": tool})
    return tp, len(found), fn


def grade(records: list[dict[str, Any]], show: bool = False) -> dict[str, Any]:
    counts = {k: [0, 0, 0] for k in (*KINDS, ERASED)}
    replies = 0
    false_alarms = 0  # findings of either kind on a reply labelled none
    errors: list[dict[str, Any]] = []
    for rec in records:
        res = processor.repair({"messages": rec["messages"], "system": rec.get("system"), "tools": rec.get("tools")},
                               dialect=rec.get("dialect") or "auto")
        replies += _assistant_replies(rec)
        labels = rec.get("labels") or {}
        labelled_any = {lab["index"] for k in KINDS for lab in labels.get(k) or ()}
        flagged_any: set[int] = set()
        for kind in KINDS:
            truth = {lab["index"] for lab in labels.get(kind) or ()}
            found = {f.index: f for f in res.findings if f.kind.value == kind and f.index is not None}
            flagged_any |= set(found)
            c = counts[kind]
            for i, f in found.items():
                if i in truth:
                    c[0] += 1
                else:
                    c[1] += 1
                    errors.append({"id": rec["id"], "kind": kind, "error": "fp", "index": i, "tool": f.tool,
                                   "score": f.score, "detail": f.detail})
            for i in truth - set(found):
                c[2] += 1
                errors.append({"id": rec["id"], "kind": kind, "error": "fn", "index": i})
        false_alarms += len(flagged_any - labelled_any)
        tp, fp, fn = _grade_erased(rec, res, errors)
        counts[ERASED][0] += tp
        counts[ERASED][1] += fp
        counts[ERASED][2] += fn
    out: dict[str, Any] = {k: _prf(*counts[k]) for k in (*KINDS, ERASED)}
    out["records"] = len(records)
    out["assistant_replies"] = replies
    out["false_alarms"] = false_alarms
    out["false_alarms_per_1000_replies"] = round(1000 * false_alarms / replies, 2) if replies else None
    if show:
        out["errors"] = errors
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--out", type=Path, help="write the figures here (JSON)")
    ap.add_argument("--errors", action="store_true", help="list each error (never with the blind folder)")
    a = ap.parse_args()
    if a.errors and "blind" in a.folder.parts:
        print("--errors is refused on a blind folder: its figures are reported, its records are not read",
              file=sys.stderr)
        return 2
    cells: dict[str, Any] = {}
    every: list[dict[str, Any]] = []
    whole: list[dict[str, Any]] = []
    derived: list[dict[str, Any]] = []
    for f in record_files(a.folder):
        recs = read_jsonl(f)
        every += recs
        # an addition's files keep their kind after the prefix: addition1_whole_gemini.jsonl is whole
        (whole if re.sub(r"^addition\d+_", "", f.name).startswith("whole_") else derived).extend(recs)
        cells[f.stem] = grade(recs, show=a.errors)
    cells["all_whole"] = grade(whole)
    cells["all_derived"] = grade(derived)
    cells["all"] = grade(every)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parent).stdout.strip()
    result = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "commit": commit,
              "folder": a.folder.as_posix().split("bench/", 1)[-1], "load_average": os.getloadavg(), "cells": cells}
    text = json.dumps(result, indent=1, ensure_ascii=False)
    if a.out:
        a.out.write_text(text + "\n", encoding="utf-8")
    for name, c in cells.items():
        u, t, e = c["unbacked_claim"], c["text_only_regression"], c[ERASED]
        print(f"{name:32} n={c['records']:4} replies={c['assistant_replies']:5} "
              f"unbacked P {u['precision']} R {u['recall']} ({u['tp']}/{u['fp']}/{u['fn']})  "
              f"regression P {t['precision']} R {t['recall']} ({t['tp']}/{t['fp']}/{t['fn']})  "
              f"false alarms {c['false_alarms']} ({c['false_alarms_per_1000_replies']}/1000)  "
              f"erased P {e['precision']} R {e['recall']} ({e['tp']}/{e['fp']}/{e['fn']})")
        if a.errors:
            for e in c.get("errors", []):
                print("   ", json.dumps(e, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
