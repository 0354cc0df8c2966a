"""What the fourth set of real recorded conversations (bench/eval/real4/) states beyond what every blind real set
is checked for (tests/unit/bench/test_eval_real_sets.py): the manifest's totals per split and kind, and each
derived record's removed positions. No engine is run here."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from tests.evaldata import EVAL, eval_data

SET = EVAL / "real4"


def _records() -> dict[str, list[dict[str, Any]]]:
    return {f"{f.parent.name}/{f.name}": eval_data.records([f]) for f in eval_data.record_files(SET)}


def test_manifest_totals_match_the_files() -> None:
    man = json.loads((SET / "manifest.json").read_text(encoding="utf-8"))
    totals: Counter[str] = Counter()
    for name, recs in _records().items():
        split = name.split("/")[0]
        for r in recs:
            kind = "derived" if r["derived"] else "whole"
            totals[f"{split}_{kind}_records"] += 1
            totals[f"{split}_{kind}_assistant_replies"] += len(r["replies"])
    assert totals and all(man["totals"][key] == value for key, value in totals.items()), (man["totals"], totals)


def test_a_derived_record_is_its_pair_without_the_positions_it_names() -> None:
    records = [r for recs in _records().values() for r in recs]
    kept = {r["derived"]["pair"]: r for r in records if r["derived"] and r["derived"]["kind"] == "calls_kept"}
    removed = [r for r in records if r["derived"] and r["derived"]["kind"] == "calls_removed"]
    assert removed
    for r in removed:
        whole = kept[r["id"]]["messages"]
        cut = [m for i, m in enumerate(whole) if i not in r["derived"]["removed_positions"]]
        assert r["messages"] == cut and len(cut) < len(whole), r["id"]
