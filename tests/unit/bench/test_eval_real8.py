"""What bench/eval/real8/ states beyond the checks of every blind real set (test_eval_real_sets.py), the totals and cut
records it shares with real5 to real7 (test_eval_real5_real6.py) and its split seed (test_eval_split_seeds.py): each
record names its language, the manifest counts the languages, the Chinese records are Chinese, and every call of a
conversation rebuilt from a printed run or a trace has exactly one result. No engine is run here."""

from __future__ import annotations

import re

from tests.evaldata import EVAL, calls_and_results, eval_data, language_counts

REAL8 = EVAL / "real8"
CJK = re.compile(r"[\u4e00-\u9fff]")


def test_the_manifest_counts_the_whole_conversations_of_each_language() -> None:
    got, stated = language_counts(REAL8)
    assert stated == got
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
        made, answered = calls_and_results(r)
        assert set(answered) == set(made) and set(answered.values()) <= {1}, r["id"]
