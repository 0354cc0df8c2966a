"""tools/dashboard_pictures.py's own choices, without Prometheus: which run draws which dashboard, and a range
query's answer as one value per step (a missing step a NaN, drawn as a gap). Its end to end run (about five
minutes: a replay backfilled into Prometheus and a live demo scraped by another) is not part of the suite."""

from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[3]


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dashboard_pictures", ROOT / "tools/dashboard_pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_live_only_dashboards_are_drawn_from_the_live_run_the_others_from_the_replay() -> None:
    tool = script()
    live = {p.stem: tool.is_live(json.loads(p.read_text())) for p in sorted((ROOT / "dashboards").glob("*.json"))}
    assert live == {"conversation-health": False, "stream-health": True}


class FakeProm:
    def __init__(self, answer: dict[str, Any]) -> None:
        self.answer = answer
        self.asked: list[tuple[str, dict[str, str]]] = []

    def api(self, path: str, params: dict[str, str]) -> Any:
        self.asked.append((path, params))
        return self.answer


def test_a_range_answer_is_one_value_per_step_with_gaps_as_nan() -> None:
    tool = script()
    prom = FakeProm({"resultType": "matrix", "result": [
        {"metric": {"model": "m"}, "values": [[1000, "1"], [1010, "2"], [1040, "5"]]}]})
    run = tool.Run(prom, 1000.0, 1045.0, 5.0, "live", "test")
    evaluate, times = tool.evaluator(run, 10.0)
    assert times == [1000.0, 1010.0, 1020.0, 1030.0, 1040.0]
    [series] = evaluate("sum(x)")
    assert series.labels == {"model": "m"}
    assert series.values[:2] == [1.0, 2.0] and math.isnan(series.values[2]) and series.values[4] == 5.0
    assert prom.asked == [("/api/v1/query_range", {"query": "sum(x)", "start": "1000.000", "end": "1040.000",
                                                   "step": "10"})]
