"""bench/eval_unbacked.py grades `tool_history_erased` beside the other two findings: a label naming an erased call
(`call_id`, `tool`, as the first set writes it) or a reply whose own calls the history lost (`index`,
`erased_calls`, as real9 writes ERNIE's memory), against the findings of the history replayed after its earlier
snapshots."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

_BENCH = Path(__file__).resolve().parents[3] / "bench"
sys.path.insert(0, str(_BENCH))
_spec = importlib.util.spec_from_file_location("eval_unbacked", _BENCH / "eval_unbacked.py")
assert _spec is not None and _spec.loader is not None
eu = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(eu)

CITY = {"type": "object", "properties": {"city": {"type": "string"}}}
TOOLS = [{"type": "function", "function": {"name": "get_weather", "description": "Weather", "parameters": CITY}}]
ASK = {"role": "user", "content": "What's the weather in Oslo?"}
STREAM = [ASK,
          {"role": "assistant", "content": None, "tool_calls": [
              {"id": "c1", "type": "function", "function": {"name": "get_weather", "arguments": '{"city": "Oslo"}'}}]},
          {"role": "tool", "tool_call_id": "c1", "content": '{"temp": -3}'},
          {"role": "assistant", "content": "It is -3°C in Oslo."}]
# the app's next request: the call and its result gone, the question and the answer kept
REWRITTEN = [ASK, {"role": "assistant", "content": "It is -3°C in Oslo."}, {"role": "user", "content": "Thanks!"}]


def record(labels: list[dict[str, Any]], snapshots: bool = True) -> dict[str, Any]:
    rec: dict[str, Any] = {"id": "t", "dialect": "openai_chat", "tools": TOOLS, "messages": STREAM,
                           "labels": {"unbacked_claim": [], "text_only_regression": [], "tool_history_erased": labels}}
    if snapshots:
        rec["snapshots"] = [REWRITTEN]
        rec["snapshot_at"] = [len(STREAM) - 1]
    return rec


def test_both_label_forms_are_matched_by_an_erasure_found() -> None:
    for label in ({"call_id": "c1", "tool": "get_weather"},
                  {"snapshot": None, "index": 3, "expected_tool": "get_weather", "erased_calls": ["get_weather"]}):
        out = eu.grade([record([label])])
        assert out["tool_history_erased"] == {"tp": 1, "fp": 0, "fn": 0, "precision": 1.0, "recall": 1.0}, label
        assert out["false_alarms"] == 0  # (not counted among the other kinds' false alarms)


def test_a_label_without_an_erasure_found_is_missed_and_a_finding_without_a_label_is_false() -> None:
    label = {"snapshot": None, "index": 3, "expected_tool": "get_weather", "erased_calls": ["get_weather"]}
    missed = eu.grade([record([label], snapshots=False)], show=True)  # one request: nothing to compare with
    assert missed["tool_history_erased"]["fn"] == 1 and missed["tool_history_erased"]["tp"] == 0
    assert any(e["kind"] == "tool_history_erased" and e["error"] == "fn" for e in missed["errors"])
    other = eu.grade([record([{"call_id": "c9", "tool": "get_weather"}])])
    assert (other["tool_history_erased"]["tp"], other["tool_history_erased"]["fp"],
            other["tool_history_erased"]["fn"]) == (0, 1, 1)
