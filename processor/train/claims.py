"""Calibrating `unbacked_claim` on a team's labels: each rule's score becomes the precision it had on the labelled
replies (smoothed towards the shipped score), and the threshold the lowest score whose findings reach the target
precision. The cue lists stay as shipped (edit them in the file written, then calibrate again)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import dialects
from ..core.model import Role
from ..core.regression import claims
from ..core.repair import repair

PRIOR = 4.0  # weight, in replies, of the shipped score when a rule fired rarely on the team's data


def _fired(rec: Mapping[str, Any]) -> list[tuple[int, str]]:
    """(index, rule) of every claim the rules make on a record, whatever its score."""
    found: list[tuple[int, str]] = []
    t = claims.ClaimTracker()
    t.on_tools(rec.get("tools"))
    res = repair({"messages": rec["messages"], "system": rec.get("system"), "tools": rec.get("tools")},
                 rec.get("dialect") or "auto", behaviour=False)
    adapter = dialects.get(res.dialect)
    if rec.get("system"):
        t.on_system(str(rec["system"]))
    for i, m in enumerate(rec["messages"]):
        try:
            v = adapter.view(m)
        except ValueError:
            continue
        if v.role is Role.ASSISTANT:
            calls = [c for c in v.calls if not c.malformed]
            text = adapter.text_of(m) if v.has_text else ""
            c = t.on_assistant(i, text, [x.name for x in calls], [adapter.call_arguments(m, x.pos) for x in calls],
                               [x.id for x in calls])
            if c is not None:
                found.append((i, c.rule))
        elif v.role is Role.TOOL or (v.role is Role.USER and v.results):
            t.on_result(adapter.result_text(m)[:2000], [(r.call_id, r.name) for r in v.results])
        elif v.role is Role.USER and v.has_text:
            t.on_user(adapter.text_of(m))
        elif v.role is Role.SYSTEM and v.has_text:
            t.on_system(adapter.text_of(m))
    return found


def calibrate(records: Sequence[Mapping[str, Any]], target: float = 0.9) -> dict[str, Any]:
    """A claims document (the shipped one with new `scores`, `threshold` and a `trained` summary)."""
    doc = claims.shipped()
    prior: dict[str, float] = dict(doc["scores"])
    tp = dict.fromkeys(prior, 0)
    fp = dict.fromkeys(prior, 0)
    labelled = 0
    for rec in records:
        truth = {lab["index"] for lab in (rec.get("labels") or {}).get("unbacked_claim") or ()}
        labelled += len(truth)
        for i, rule in _fired(rec):
            (tp if i in truth else fp)[rule] += 1
    scores = {r: round((tp[r] + PRIOR * prior[r]) / (tp[r] + fp[r] + PRIOR), 3) for r in prior}
    # the threshold: the lowest rule score from which the findings kept reach the target precision
    order = sorted(prior, key=lambda r: -scores[r])
    threshold, kept_tp, kept_fp = 1.0, 0, 0
    for r in order:
        kept_tp += tp[r]
        kept_fp += fp[r]
        if kept_tp + kept_fp and kept_tp / (kept_tp + kept_fp) >= target:
            threshold = scores[r]
    doc["scores"] = scores
    doc["threshold"] = threshold
    doc["trained"] = {"records": len(records), "labelled_claims": labelled, "target_precision": target,
                      "per_rule": {r: {"tp": tp[r], "fp": fp[r]} for r in prior}}
    return doc


__all__ = ["calibrate"]
