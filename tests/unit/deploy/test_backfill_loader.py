"""deploy/prometheus/backfill.py: it computes every shipped recording rule, each after the rules it reads."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from tests.unit.deploy.test_dashboards import recorded_names

ROOT = Path(__file__).resolve().parents[3]
spec = importlib.util.spec_from_file_location("backfill", ROOT / "deploy/prometheus/backfill.py")
assert spec is not None and spec.loader is not None
backfill = importlib.util.module_from_spec(spec)
spec.loader.exec_module(backfill)


def test_every_recording_rule_is_read_with_its_whole_expression() -> None:
    rules = backfill.recording_rules(backfill.RULES)
    assert {r for r, _ in rules} == recorded_names()
    for record, expr in rules:
        assert expr.count("(") == expr.count(")"), record
        assert "record:" not in expr and "\n" not in expr, record


def test_a_rule_comes_after_the_rules_it_reads() -> None:
    levels = backfill.levels(backfill.recording_rules(backfill.RULES))
    assert len(levels) >= 3  # raw rates, ratios of them, the baseline multiple of ratios
    seen: set[str] = set()
    for level in levels:
        for record, expr in level:
            reads = {d for d in re.findall(r"toolmend:[a-z0-9_:]+", expr) if d != record}
            assert reads <= seen, (record, reads - seen)
        seen |= {r for r, _ in level}
