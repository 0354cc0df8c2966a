"""What bench/eval/real9/ states beyond the checks of every blind real set (test_eval_real_sets.py), the totals and cut
records it shares with real5 to real8 (test_eval_real5_real6.py) and its split seed (test_eval_split_seeds.py): each
record names its language, the manifest counts the languages, the Chinese records are Chinese, every call of a
conversation rebuilt from a printed run has exactly one result, no reply is a log line cut short, a later run of an
ERNIE Bot agent sees the earlier runs as its memory keeps them (the user message and the final reply), and the
`tool_history_erased` labels point at those replies. No engine is run here."""

from __future__ import annotations

import itertools
import re
from typing import Any

from tests.evaldata import EVAL, calls_and_results, eval_data, language_counts

REAL9 = EVAL / "real9"
CJK = re.compile(r"[\u4e00-\u9fff]")


def _whole() -> list[dict[str, Any]]:
    return [r for r in eval_data.records([REAL9]) if r["derived"] is None]


def test_the_manifest_counts_the_whole_conversations_of_each_language() -> None:
    got, stated = language_counts(REAL9)
    assert stated == got
    assert got[("zh", "dev_conversations")] and got[("zh", "blind_conversations")]


def test_a_chinese_record_has_a_chinese_request_and_chinese_replies() -> None:
    for r in eval_data.records([REAL9]):
        if r["lang"] != "zh":
            continue
        msgs = r["messages"]
        chinese = [i for i, m in enumerate(msgs) if m["role"] == "user" and CJK.search(m["content"])]
        assert chinese, r["id"]  # not every user message: "11-2=" is one of a Chinese run
        # a run may start in English and go on in Chinese: the replies from the first Chinese request on are Chinese
        texts = [m["content"] for m in msgs[chinese[0]:] if m["role"] == "assistant" and m.get("content")]
        assert all(CJK.search(t) for t in texts), r["id"]


def test_every_call_has_one_result_after_it_and_names_an_offered_tool() -> None:
    """The conversations were rebuilt from printed runs and logs: each call id has exactly one `tool` message, after
    the assistant message that made the call, and every result answers a call."""
    for r in _whole():
        made, answered = calls_and_results(r)
        unanswered = set(made) - set(answered)
        last = len(r["messages"]) - 1
        assert all(made[c] == last for c in unanswered), r["id"]  # only a final request's calls are unanswered
        assert set(answered.values()) <= {1}, r["id"]


def test_no_reply_is_a_log_line_cut_short() -> None:
    """The ERNIE Bot agent's log shortens long texts with '...'; a conversation whose reply was only printed shortened
    is not in the set."""
    for r in eval_data.records([REAL9]):
        for m in r["messages"]:
            if m["role"] == "assistant" and m.get("content"):
                assert not m["content"].endswith("..."), r["id"]


def test_a_later_ernie_run_sees_the_earlier_runs_as_user_message_and_final_reply() -> None:
    runs = 0
    for r in _whole():
        if r["source"] != "ernie-bot-agent-cookbooks":
            continue
        msgs = r["messages"]
        users = [i for i, m in enumerate(msgs) if m["role"] == "user"]
        for start, end in itertools.pairwise(users):
            assert end == start + 2 and msgs[start + 1]["role"] == "assistant", r["id"]
            assert msgs[start + 1].get("content") and not msgs[start + 1].get("tool_calls"), r["id"]
            runs += 1
    assert runs


def test_an_erased_history_label_points_at_an_earlier_final_reply_whose_calls_are_not_sent() -> None:
    """ERNIE Bot Agent's memory keeps an earlier run as its user message and final reply: a `tool_history_erased` label
    names that reply (a text reply with no call in its turn) and the last call its run made, a tool still offered."""
    erased = 0
    for r in eval_data.records([REAL9]):
        msgs = r["messages"]
        offered = {t["function"]["name"] for t in r["tools"]}
        for e in r["labels"]["tool_history_erased"]:
            i = e["index"]
            assert e["snapshot"] is None and e["expected_tool"] == e["erased_calls"][-1] in offered, r["id"]
            assert msgs[i]["role"] == "assistant" and msgs[i].get("content") and not msgs[i].get("tool_calls"), r["id"]
            assert msgs[i - 1]["role"] == "user" and msgs[i + 1]["role"] == "user", r["id"]
            erased += r["derived"] is None
    assert erased
