"""Calibrating `unbacked_claim` on a team's labels: each rule's score becomes the precision it had on the labelled
replies (smoothed towards the shipped score), and the threshold the lowest score from which the findings kept reach
the target precision. The cue lists stay as shipped (edit them in the file written, then calibrate again)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.findings import FindingKind
from ..core.regression import claims
from ..core.repair import repair

PRIOR = 4.0  # weight, in replies, of the shipped score when a rule fired rarely on the team's data


def fired(rec: Mapping[str, Any]) -> list[tuple[int, str]]:
    """(index, rule) of every claim the rules make on a record, whatever its score (the active file's lists)."""
    res = repair({"messages": rec["messages"], "system": rec.get("system"), "tools": rec.get("tools")},
                 rec.get("dialect") or "auto")
    return [(f.index, f.detail.split(":", 1)[0]) for f in res.findings
            if f.kind is FindingKind.UNBACKED_CLAIM and f.index is not None]


def calibrate(records: Sequence[Mapping[str, Any]], target: float = 0.9,
              base: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A claims document (`base`, else the shipped one, with new `scores`, `threshold` and a `trained` summary)."""
    doc = dict(base) if base is not None else claims.shipped()
    prior: dict[str, float] = {str(k): float(v) for k, v in doc["scores"].items()}
    tp = dict.fromkeys(prior, 0)
    fp = dict.fromkeys(prior, 0)
    labelled = 0
    claims.use({**doc, "threshold": 0.0})  # every rule reports while the labels are read
    try:
        for rec in records:
            truth = {lab["index"] for lab in (rec.get("labels") or {}).get("unbacked_claim") or ()}
            labelled += len(truth)
            for i, rule in fired(rec):
                if rule in tp:
                    (tp if i in truth else fp)[rule] += 1
    finally:
        claims.use(None)
    scores = {r: round((tp[r] + PRIOR * prior[r]) / (tp[r] + fp[r] + PRIOR), 3) for r in prior}
    # the threshold: the lowest rule score from which the findings kept reach the target precision
    threshold, kept_tp, kept_fp = 1.0, 0, 0
    for r in sorted(prior, key=lambda r: -scores[r]):
        kept_tp += tp[r]
        kept_fp += fp[r]
        if kept_tp + kept_fp and kept_tp / (kept_tp + kept_fp) >= target:
            threshold = scores[r]
    doc["scores"] = scores
    doc["threshold"] = threshold
    doc["trained"] = {"records": len(records), "labelled_claims": labelled, "target_precision": target,
                      "per_rule": {r: {"tp": tp[r], "fp": fp[r]} for r in prior}}
    return doc


__all__ = ["calibrate", "fired"]
