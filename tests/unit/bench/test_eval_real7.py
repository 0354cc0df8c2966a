"""What bench/eval/real7/ states beyond the checks of every blind real set (test_eval_real_sets.py) and the totals and
cut records it shares with real5 and real6 (test_eval_real5_real6.py): the recorded seed stratifies the split by
source, and a req_llm round trip names the recorded first request its tool definitions come from. No engine is run
here."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from collections import Counter
from pathlib import Path

EVAL = Path(__file__).resolve().parents[3] / "bench" / "eval"
REAL7 = EVAL / "real7"

_spec = importlib.util.spec_from_file_location("eval_data", EVAL / "load.py")
assert _spec is not None and _spec.loader is not None
eval_data = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(eval_data)


def test_the_seed_stratifies_the_split_by_source() -> None:
    """The salt's number is the first from 0 that puts 25-35 % of each source's whole conversations in `dev` (sources
    with at least 5 groups); no earlier number does."""
    rule = json.loads((REAL7 / "manifest.json").read_text(encoding="utf-8"))["split_rule"]
    salt = rule.split("sha256('")[1].split("'")[0]
    by_source: dict[str, Counter[str]] = {}
    for r in eval_data.records([REAL7]):
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


def test_a_round_trip_takes_its_tools_from_the_first_request_of_the_same_recorded_test() -> None:
    """req_llm sends the second request of its tool round trip without tools; such a record carries the tools of the
    recorded first request (`source_ref.tools_from`), which sits next to it and asked for the call its history holds."""
    merged = [r for r in eval_data.records([REAL7]) if "tools_from" in r["source_ref"]]
    assert merged
    for r in merged:
        path, commit = r["source_ref"]["tools_from"].rsplit("@", 1)
        assert len(commit) == 40, r["id"]
        assert path.rsplit("/", 1) == [r["source_ref"]["path"].rsplit("/", 1)[0], "tool_round_trip_1.json"], r["id"]
        assert r["source_ref"]["path"].endswith("/tool_round_trip_2.json") and r["tools"], r["id"]
        assert r["group"].endswith("/tool_round_trip"), r["id"]
