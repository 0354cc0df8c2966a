"""What bench/eval/real5/, real6/, real7/ and real8/ state beyond the checks every blind real set gets
(test_eval_real_sets.py): the manifest's totals per split and kind, and how each `…-removed-N` record was cut from its
conversation (the split seeds: test_eval_split_seeds.py). No engine is run here."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from tests.evaldata import EVAL, eval_data

LABELS = ("unbacked_claim", "text_only_regression", "tool_history_erased")


pytestmark = pytest.mark.parametrize("eval_set", ["real5", "real6", "real7", "real8"])


def _records(eval_set: str) -> list[dict[str, Any]]:
    return eval_data.records([EVAL / eval_set])


def _calls(dialect: str, message: dict[str, Any]) -> list[str]:
    if dialect == "openai_chat":
        return [c["function"]["name"] for c in message.get("tool_calls") or []]
    if dialect == "anthropic":
        content = message.get("content")
        return [b["name"] for b in content if b.get("type") == "tool_use"] if isinstance(content, list) else []
    # Gemini; `function_call` is how simonw/llm-gemini (real7) sends a model's earlier call back
    return [(p.get("functionCall") or p["function_call"])["name"] for p in message.get("parts") or []
            if "functionCall" in p or "function_call" in p]


def test_manifest_totals_match_the_records(eval_set: str) -> None:
    totals = json.loads((EVAL / eval_set / "manifest.json").read_text(encoding="utf-8"))["totals"]
    got: Counter[str] = Counter()
    for r in _records(eval_set):
        key = f"{r['split']}_{'derived' if r['derived'] else 'whole'}"
        got[f"{key}_records"] += 1
        got[f"{key}_assistant_replies"] += len(r["replies"])
        got[f"{key}_positive_records"] += bool(r["labels"]["unbacked_claim"] or r["labels"]["text_only_regression"])
        for label in LABELS:
            got[f"{key}_{label}"] += len(r["labels"][label])
    assert {k: v for k, v in totals.items() if v} == {k: v for k, v in got.items() if v}


def test_a_removed_record_is_its_conversation_without_the_turn_before_the_reply(eval_set: str) -> None:
    recs = _records(eval_set)
    whole = {r["id"]: r for r in recs if r["derived"] is None}
    removed = [r for r in recs if r["derived"] and r["derived"]["kind"] == "calls_removed"]
    assert removed
    for r in removed:
        src = whole[r["derived"]["from"]]
        positions = r["derived"]["removed_positions"]
        reply_index = r["derived"]["reply_index"]
        assert positions == list(range(positions[0], reply_index)), r["id"]
        assert r["messages"] == [*src["messages"][: positions[0]], src["messages"][reply_index]], r["id"]
        calls = [c for p in positions for c in _calls(src["dialect"], src["messages"][p])]
        assert calls and calls == r["derived"]["removed_calls"], r["id"]
        assert r["labels"]["unbacked_claim"][0]["expected_tool"] == calls[-1], r["id"]
