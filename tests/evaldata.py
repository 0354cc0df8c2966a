"""The evaluation data's one reader, `bench/eval/load.py`, loaded once for the tests that check the sets."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

EVAL = Path(__file__).resolve().parents[1] / "bench" / "eval"

_spec = importlib.util.spec_from_file_location("eval_data", EVAL / "load.py")
assert _spec is not None and _spec.loader is not None
eval_data = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(eval_data)


def language_counts(folder: Path) -> tuple[dict[tuple[str, str], int], dict[tuple[str, str], int]]:
    """The whole conversations of a set counted by language and split, as its records say and as its manifest's
    `languages` table says: ((lang, "dev_conversations"), n), ..."""
    got: dict[tuple[str, str], int] = {}
    for r in eval_data.records([folder]):
        assert r["lang"] in ("en", "zh"), r["id"]
        if r["derived"] is None:
            key = (r["lang"], f"{r['split']}_conversations")
            got[key] = got.get(key, 0) + 1
    langs = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))["languages"]
    return got, {(lang, k): v for lang, counts in langs.items() for k, v in counts.items()}


def calls_and_results(record: dict[str, Any]) -> tuple[dict[str, int], dict[str, int]]:
    """A conversation's call ids with the index of the message that made each (each id made once), and how many
    `tool` messages answer each, every one after its call; the called tools are offered by the record's `tools`."""
    made: dict[str, int] = {}
    answered: dict[str, int] = {}
    for i, m in enumerate(record["messages"]):
        for c in m.get("tool_calls") or []:
            assert c["id"] not in made, record["id"]
            made[c["id"]] = i
            json.loads(c["function"]["arguments"])
        if m["role"] == "tool":
            assert m["tool_call_id"] in made and made[m["tool_call_id"]] < i, record["id"]
            answered[m["tool_call_id"]] = answered.get(m["tool_call_id"], 0) + 1
    offered = {t["function"]["name"] for t in record["tools"]}
    assert {c["function"]["name"] for m in record["messages"] for c in m.get("tool_calls") or []} <= offered, \
        record["id"]
    return made, answered
