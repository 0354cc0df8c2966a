"""The recorded split seed of bench/eval/real6/, real7/ and real8/ stratifies each set's dev/blind split by source: the
salt's number is the first from 0 that puts 25-35 % of each source's whole conversations in `dev` (sources with at least
5 groups); no earlier number does. No engine is run here."""

from __future__ import annotations

import hashlib
import json
from collections import Counter

import pytest

from tests.evaldata import EVAL, eval_data


@pytest.mark.parametrize("eval_set", ["real6", "real7", "real8"])
def test_the_seed_stratifies_the_split_by_source(eval_set: str) -> None:
    folder = EVAL / eval_set
    rule = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["split_rule"]
    salt = rule.split("sha256('")[1].split("'")[0]
    by_source: dict[str, Counter[str]] = {}
    for r in eval_data.records([folder]):
        if r["derived"] is None:
            by_source.setdefault(r["source"], Counter())[r["group"]] += 1
    assert sum(len(groups) >= 5 for groups in by_source.values()) >= 2

    def stratified(s: str) -> bool:
        for groups in by_source.values():
            if len(groups) < 5:
                continue
            dev = sum(n for g, n in groups.items() if int(hashlib.sha256((s + g).encode()).hexdigest(), 16) % 10 < 3)
            if not 0.25 <= dev / sum(groups.values()) <= 0.35:
                return False
        return True

    prefix, number = salt.rstrip(":").rsplit("-", 1)
    assert stratified(salt)
    assert not any(stratified(f"{prefix}-{i}:") for i in range(int(number)))
