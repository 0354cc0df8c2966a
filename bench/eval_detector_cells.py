"""Figures of `text_only_regression` per cell (streams / snapshots x language x with / without tool definitions) on
the splits of `bench/eval/train/splits.json`, and cross-validated over its training files.

    python bench/eval_detector_cells.py [--cv] [--json OUT]

* `validation` and `test`: through `processor.repair()` as users call it (`bench/eval_regression.py`, with the
  record's `tools=` or none), the shipped model at its own threshold.
* `untrained language`: the Spanish slice `bench/eval/blind6/slice_es.jsonl`, which no split lists.
* `--cv` (needs the `train` extra): the training files in 4 folds (file i goes to fold i mod 4); for each fold a
  model is trained on the other three with the manifest's settings, its threshold chosen on the validation split,
  and the fold's judged turns scored with it. The folds hold whole files, so a conversation and its copies in the
  other dialect or input never sit on both sides.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import eval_regression as ev  # this folder: run by path

from processor.core.regression import scorer
from processor.train import fitting, labelled

ROOT = Path(__file__).resolve().parents[1]
SPLITS = ROOT / "bench" / "eval" / "train" / "splits.json"
UNTRAINED = "bench/eval/blind6/slice_es.jsonl"
CELLS = ("stream/en", "stream/zh", "snapshots/en", "snapshots/zh")


def _cells(res: dict[str, Any], langs: tuple[str, ...]) -> dict[str, Any]:
    keep = ("all", "stream", "snapshots", *(f"{k}/{lang}" for k in ("stream", "snapshots") for lang in langs))
    return {g: {k: res[g][k] for k in ("conversations", "tp", "fp", "fn", "precision", "recall", "erased_tp",
                                       "erased_fp", "erased_fn")} for g in keep if g in res}


def through_repair(paths: list[str], langs: tuple[str, ...]) -> dict[str, Any]:
    records = ev.load([ROOT / p for p in paths])
    out: dict[str, Any] = {}
    for mode, name in (("kwarg", "with_definitions"), ("none", "without_definitions")):
        ev.MODE = mode
        out[name] = _cells(ev.evaluate(records), langs)
    ev.MODE = "object"
    return out


def _records(paths: list[str]) -> list[tuple[str, dict[str, Any]]]:
    return [(p, r) for p in paths for r in labelled.load_records([ROOT / p])]


def _examples(recs: list[tuple[str, dict[str, Any]]]) -> list[tuple[str, str, list[float], int]]:
    """(file, cell, features, label) of every judged turn, with and without definitions."""
    out: list[tuple[str, str, list[float], int]] = []
    previous = scorer.swap(scorer.neutral())
    try:
        for path, rec in recs:
            kind = "snapshots" if labelled.is_snapshots(rec) else "stream"
            for defs in (True, False):
                if defs or rec.get("tools"):
                    cell = f"{kind}/{rec.get('lang', '?')}/{'with' if defs else 'without'}_definitions"
                    out.extend((path, cell, x, y) for _, _, x, y in labelled.examples(rec, defs))
    finally:
        scorer.swap(previous)
    return out


def cross_validation(man: dict[str, Any]) -> dict[str, Any]:
    train = _examples(_records(man["train"]))
    val = _examples(_records(man["validation"]))
    files = list(dict.fromkeys(man["train"]))
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for k in range(4):
        fold = {f for i, f in enumerate(files) if i % 4 == k}
        rest = [e for e in train if e[0] not in fold]
        trees, bias = fitting.fit_trees([e[2] for e in rest], [e[3] for e in rest], int(man.get("rounds", 300)),
                                   rate=float(man.get("rate", 0.05)), subsample=float(man.get("subsample", 1.0)),
                                   min_leaf=int(man.get("min_leaf", 1)))
        model = scorer.Model([], bias, 0.5, "cv", "", None, trees)
        t = fitting.choose_threshold([model.score(e[2]) for e in val], [e[3] for e in val],
                                float(man.get("target_precision", 0.9)))
        for _, cell, x, y in (e for e in train if e[0] in fold):
            hit = model.score(x) >= t
            for g in (cell, "all"):
                c = counts[g]
                if hit and y:
                    c[0] += 1
                elif hit:
                    c[1] += 1
                elif y:
                    c[2] += 1
    out: dict[str, Any] = {}
    for g, (tp, fp, fn) in sorted(counts.items()):
        p, r = ev.prf(tp, fp, fn)
        out[g] = {"tp": tp, "fp": fp, "fn": fn, "precision": round(p, 3), "recall": round(r, 3)}
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cv", action="store_true", help="also cross-validate over the training files")
    ap.add_argument("--json", type=Path, help="write the figures to this JSON file")
    a = ap.parse_args()
    man = json.loads(SPLITS.read_text(encoding="utf-8"))
    model = scorer.active()
    out: dict[str, Any] = {
        "date": time.strftime("%Y-%m-%dT%H:%MZ", time.gmtime()),
        "commit": os.popen("git rev-parse --short HEAD 2>/dev/null").read().strip(),
        "model": {"version": model.version, "sha256": model.digest, "threshold": model.threshold},
        "how": "python bench/eval_detector_cells.py --cv: validation/test/untrained language through "
               "processor.repair() (tools= from the record, or none); cv: 4 folds over the training files",
        "validation": {"sets": man["validation"], **through_repair(man["validation"], ("en", "zh"))},
        "test": {"sets": man["test"], **through_repair(man["test"], ("en", "zh"))},
        "untrained_language": {"sets": [UNTRAINED], **through_repair([UNTRAINED], ("es",))},
    }
    if a.cv:
        out["cross_validation"] = {"sets": man["train"], "cells": cross_validation(man)}
    text = json.dumps(out, indent=2, ensure_ascii=False) + "\n"
    if a.json:
        a.json.write_text(text, encoding="utf-8")
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
