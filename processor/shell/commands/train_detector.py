"""`toolmend train-detector`: train the `text_only_regression` scorer on labelled conversations (`processor/train/`)
and write the model file; with `--claims`, calibrate `unbacked_claim`'s rule scores and threshold instead.

    toolmend train-detector TRAIN.jsonl ... --validation VAL.jsonl ... --out model.json
        [--fine-tune] [--target-precision 0.9] [--threshold-rule lowest|middle] [--kind trees|logistic]
        [--rounds 300] [--rate 0.05] [--subsample 0.8] [--min-leaf 5] [--l2 1.0] [--no-definitions-copies]

Point `TOOLMEND_DETECTOR_MODEL` (worker, replay) or `processor.use_detector_model(path)` (library) at the file.
This module reads files and prints; the learning is `processor/train/`'s, the features and scores the core's.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import orjson

from ...core.regression import scorer
from ...train.fitting import THRESHOLD_RULES, train
from ...train.labelled import load_records
from .base import UsageError, exiting

PROG = "toolmend train-detector"


def _shown(p: Path) -> str:
    """A data path as recorded in the model file: relative to the working directory when it is below it."""
    try:
        return p.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return p.name


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog=PROG, description="Train the text_only_regression scorer on labelled "
                                 "conversations and write the model file.")
    ap.add_argument("train", nargs="*", type=Path, help="labelled .jsonl files or directories")
    ap.add_argument("--splits", type=Path, help="a JSON manifest: `train` and `validation` paths (relative to "
                    "the directory three levels above it, as for bench/eval/train/splits.json), `kind`, `rounds`, "
                    "`l2`, `target_precision`")
    ap.add_argument("--validation", nargs="*", type=Path, default=[], help="held-out labelled data (threshold)")
    ap.add_argument("--out", type=Path, required=True, help="the model file to write")
    ap.add_argument("--fine-tune", action="store_true", help="start from the shipped model (a prior on the weights)")
    ap.add_argument("--target-precision", type=float, default=0.9,
                    help="the precision the threshold is chosen for on the validation data (default 0.9)")
    ap.add_argument("--threshold-rule", choices=THRESHOLD_RULES, default="lowest",
                    help="lowest: the lowest threshold reaching the target precision on the validation data "
                    "(default); middle: the middle of those from it on that keep the target and its recall (for a "
                    "small validation set that separates cleanly, where the lowest sits on its top negative)")
    ap.add_argument("--kind", choices=("trees", "logistic"), default="trees",
                    help="gradient-boosted trees (needs the `train` extra: scikit-learn) or logistic regression "
                    "(pure Python)")
    ap.add_argument("--rounds", type=int, default=300, help="boosting rounds (trees)")
    ap.add_argument("--rate", type=float, default=0.05, help="learning rate (trees)")
    ap.add_argument("--subsample", type=float, default=0.8, help="share of the turns each tree is fitted on (trees)")
    ap.add_argument("--min-leaf", type=int, default=5, help="fewest turns a leaf may hold (trees)")
    ap.add_argument("--l2", type=float, default=1.0, help="L2 penalty (logistic)")
    ap.add_argument("--claims", action="store_true",
                    help="calibrate unbacked_claim instead: each rule's score and the threshold from the labels "
                    "(`labels.unbacked_claim`) of TRAIN; writes a claims file for TOOLMEND_CLAIMS_MODEL / "
                    "processor.use_claims_model()")
    ap.add_argument("--version", default="custom", help="a name for the model, kept in the file")
    ap.add_argument("--no-definitions-copies", action="store_true",
                    help="train on each record as given only (not also without its tool definitions)")
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    a = parser().parse_args(argv)
    with exiting(PROG) as ex:
        return _train(a)
    return ex.code


def _train(a: argparse.Namespace) -> int:
    if a.splits is not None:
        try:
            man = orjson.loads(a.splits.read_bytes())
        except (OSError, orjson.JSONDecodeError) as e:
            raise UsageError(f"--splits: {type(e).__name__}") from None
        root = a.splits.resolve().parents[3]  # bench/eval/train/splits.json -> the repository
        a.train = [*a.train, *(root / p for p in man.get("train", ()))]
        a.validation = [*a.validation, *(root / p for p in man.get("validation", ()))]
        a.l2 = float(man.get("l2", a.l2))
        a.target_precision = float(man.get("target_precision", a.target_precision))
        a.kind = str(man.get("kind", a.kind))
        a.rounds = int(man.get("rounds", a.rounds))
        a.rate = float(man.get("rate", a.rate))
        a.subsample = float(man.get("subsample", a.subsample))
        a.min_leaf = int(man.get("min_leaf", a.min_leaf))
        a.threshold_rule = str(man.get("threshold_rule", a.threshold_rule))
    if not a.train:
        raise UsageError("no training data (give files or --splits)")
    if a.claims:
        return _claims(a)
    if not 0 < a.target_precision <= 1 or a.l2 <= 0:
        raise UsageError("--target-precision must be in (0, 1] and --l2 > 0")
    if not 0 < a.subsample <= 1 or a.min_leaf < 1:
        raise UsageError("--subsample must be in (0, 1] and --min-leaf >= 1")
    try:
        tr = load_records(a.train)
        va = load_records(a.validation)
        doc = train(tr, va, l2=a.l2, target=a.target_precision, fine_tune=a.fine_tune,
                    both=not a.no_definitions_copies, version=a.version, kind=a.kind, rounds=a.rounds, rate=a.rate,
                    subsample=a.subsample, min_leaf=a.min_leaf, threshold_rule=a.threshold_rule,
                    sources=[_shown(p) for p in [*a.train, *a.validation]])
    except (OSError, ValueError) as e:
        raise UsageError(str(e)) from None
    a.out.write_bytes(scorer.dumps(doc))
    v = doc["trained"]["validation"]
    sys.stdout.write(f"wrote {a.out}: {doc['trained']['train_turns']} training turns; validation threshold "
                     f"{v['threshold']:.2f} precision {v['precision']:.3f} recall {v['recall']:.3f}\n")
    return 0


def _claims(a: argparse.Namespace) -> int:
    from ...train.claims import calibrate

    if not 0 < a.target_precision <= 1:
        raise UsageError("--target-precision must be in (0, 1]")
    try:
        doc = calibrate(load_records(a.train), a.target_precision)
    except (OSError, ValueError, KeyError) as e:
        raise UsageError(f"{type(e).__name__}: {e}") from None
    a.out.write_bytes(orjson.dumps(doc, option=orjson.OPT_INDENT_2))
    t = doc["trained"]
    sys.stdout.write(f"wrote {a.out}: {t['records']} records, {t['labelled_claims']} labelled claims; threshold "
                     f"{doc['threshold']:.2f}\n")
    return 0


__all__ = ["main", "parser"]
