"""Grade `unbacked_claim` and `text_only_regression` on real recorded conversations (bench/eval/real/).

Each record goes through `processor.repair(messages, tools=..., system=...)` as a user calls it; a finding is
matched to a label by its message index. Cells: each file (source, whole or derived). For the whole
conversations it also reports the false alarms (findings on replies labelled `none`) per 1,000 assistant replies.

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


def _prf(tp: int, fp: int, fn: int) -> dict[str, Any]:
    return {"tp": tp, "fp": fp, "fn": fn,
            "precision": round(tp / (tp + fp), 3) if tp + fp else None,
            "recall": round(tp / (tp + fn), 3) if tp + fn else None}


def _assistant_replies(rec: dict[str, Any]) -> int:
    return len(rec.get("replies") or [m for m in rec["messages"] if m.get("role") in ("assistant", "model")])


def grade(records: list[dict[str, Any]], show: bool = False) -> dict[str, Any]:
    counts = {k: [0, 0, 0] for k in KINDS}
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
    out: dict[str, Any] = {k: _prf(*counts[k]) for k in KINDS}
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
        u, t = c["unbacked_claim"], c["text_only_regression"]
        print(f"{name:32} n={c['records']:4} replies={c['assistant_replies']:5} "
              f"unbacked P {u['precision']} R {u['recall']} ({u['tp']}/{u['fp']}/{u['fn']})  "
              f"regression P {t['precision']} R {t['recall']} ({t['tp']}/{t['fp']}/{t['fn']})  "
              f"false alarms {c['false_alarms']} ({c['false_alarms_per_1000_replies']}/1000)")
        if a.errors:
            for e in c.get("errors", []):
                print("   ", json.dumps(e, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
