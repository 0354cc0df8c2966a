"""What bench/eval/real8/ states beyond the checks of every blind real set (test_eval_real_sets.py), the totals and cut
records it shares with real5 to real7 (test_eval_real5_real6.py) and its split seed (test_eval_split_seeds.py): each
record names its language, the manifest counts the languages, the Chinese records are Chinese, and every call of a
conversation rebuilt from a printed run or a trace has exactly one result. No engine is run here."""

from __future__ import annotations

import json
import re
from collections import Counter

from tests.evaldata import EVAL, eval_data

REAL8 = EVAL / "real8"
CJK = re.compile(r"[\u4e00-\u9fff]")


def test_the_manifest_counts_the_whole_conversations_of_each_language() -> None:
    got: Counter[tuple[str, str]] = Counter()
    for r in eval_data.records([REAL8]):
        assert r["lang"] in ("en", "zh"), r["id"]
        if r["derived"] is None:
            got[(r["lang"], f"{r['split']}_conversations")] += 1
    langs = json.loads((REAL8 / "manifest.json").read_text(encoding="utf-8"))["languages"]
    assert {(lang, k): v for lang, counts in langs.items() for k, v in counts.items()} == dict(got)
    assert got[("zh", "dev_conversations")] and got[("zh", "blind_conversations")]


def test_a_chinese_record_has_a_chinese_request_and_chinese_replies() -> None:
    for r in eval_data.records([REAL8]):
        if r["lang"] != "zh":
            continue
        users = [m["content"] for m in r["messages"] if m["role"] == "user"]
        texts = [m["content"] for m in r["messages"] if m["role"] == "assistant" and m.get("content")]
        assert users and all(CJK.search(u) for u in users), r["id"]
        assert all(CJK.search(t) for t in texts), r["id"]


def test_every_call_of_a_rebuilt_conversation_has_one_result_after_it() -> None:
    """The AgentScope runs and the any-agent traces were rebuilt from what was printed or traced: each call id has
    exactly one `tool` message, after the assistant message that made the call, and every result answers a call."""
    rebuilt = [r for r in eval_data.records([REAL8])
               if r["derived"] is None and r["source"] in ("agentscope-tutorial-runs", "any-agent-traces")]
    assert rebuilt
    for r in rebuilt:
        made: dict[str, int] = {}
        answered: Counter[str] = Counter()
        for i, m in enumerate(r["messages"]):
            for c in m.get("tool_calls") or []:
                assert c["id"] not in made, r["id"]
                made[c["id"]] = i
            if m["role"] == "tool":
                assert m["tool_call_id"] in made and made[m["tool_call_id"]] < i, r["id"]
                answered[m["tool_call_id"]] += 1
        assert set(answered) == set(made) and set(answered.values()) <= {1}, r["id"]
        offered = {t["function"]["name"] for t in r["tools"]}
        assert {c["function"]["name"] for m in r["messages"] for c in m.get("tool_calls") or []} <= offered, r["id"]
