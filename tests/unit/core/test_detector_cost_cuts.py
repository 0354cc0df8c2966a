"""The detectors' cost cuts change no decision: the search for a turn's missing acts depends on the tools as sets,
and only the latest served requests keep their results."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from processor.core.regression import MAX_SNIPPETS, RegressionDetector
from processor.core.regression.claims import Acts, ClaimTracker, _act_cue, _uncovered_acts, cues

TOOLS = ["cancel_order", "book_flight", "add_bags", "update_address", "get_weather", "search_web", "send_email",
         "delete_file", "modify_code", "reserve_table", "get_order", "refund_payment"]


def _pattern(offered: list[str], turn: list[str]) -> str | None:
    p = _uncovered_acts.__wrapped__(tuple(offered), tuple(turn))
    return None if p is None else p.pattern


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(TOOLS), min_size=1, max_size=8), st.lists(st.sampled_from(TOOLS), max_size=4),
       st.randoms(use_true_random=False))
def test_the_missing_acts_search_depends_on_the_tools_as_sets(offered: list[str], turn: list[str], rnd) -> None:
    # what the cache key keeps (sorted, each once) gives the search the tools in any order and repeats give
    shuffled_offered = offered + offered[: len(offered) // 2]
    rnd.shuffle(shuffled_offered)
    shuffled_turn = turn + turn
    rnd.shuffle(shuffled_turn)
    assert _pattern(offered, turn) == _pattern(shuffled_offered, shuffled_turn) == _pattern(
        sorted(set(offered)), sorted(set(turn)))


# pieces of replies: the verbs' forms, inside words, after letters, digits, accents and Chinese, the Chinese verbs
_PIECES = ["cancel", "cancelled", "book", "booked", "rebook", "add", "added", "bags", "refund", "refunded", "delet",
           "deleted", "reserv", "modifi", "sent", "send", "update", "x", "é", "3", "_", "-", "'", " ", ". ", "\n",
           "取消", "预订", "删除", "已为您", "好的"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TOOLS), min_size=1, max_size=8), st.lists(st.sampled_from(TOOLS), max_size=4),
       st.lists(st.sampled_from(_PIECES), max_size=14))
def test_the_missing_acts_search_finds_what_its_expression_finds(offered: list[str], turn: list[str],
                                                                  pieces: list[str]) -> None:
    # the verbs are compared with the text's runs of letters, not searched by the expression: the same answer
    acts = _uncovered_acts.__wrapped__(tuple(offered), tuple(turn))
    text = "".join(pieces)
    if acts is not None:
        assert acts.found(text) == (re.search(acts.pattern, text) is not None)
    odd = Acts(frozenset(("v2", "cancel", "book")))  # a root that is not letters a-z only: the expression itself
    assert odd.found(text) == (re.search(odd.pattern, text) is not None)


# pieces of replies for the first test of a reply with no call: each kind of `act_re`'s alternatives, bounded and not
_CUE_PIECES = ["i've", "i have", "has been", "currently", "sunny", "i found", "here is", "here's", "no results",
               "no flights found", "no more available", "took", "taken", "mistook", "booked", "bed", "'", "o'clock",
               "\"", "\u201c", "{", "7", "x", "hello", " ", ",", ".", "?", "\n", "_", "已", "成功", "目前",
               "查到", "好的", "没有找到", "如下", "ed", "reed"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_CUE_PIECES), max_size=10))
def test_the_first_test_of_a_reply_with_no_call_finds_what_its_expression_finds(pieces: list[str]) -> None:
    text = "".join(pieces)
    c = cues()
    assert _act_cue(text, c) == (c.act_re.search(text) is not None)


def test_a_reply_claiming_an_act_the_turn_did_not_do_is_found_whatever_the_order_of_the_tools() -> None:
    found = []
    for tools in (["update_address", "add_bags"], ["add_bags", "update_address"]):
        d = RegressionDetector()
        d.on_tools([{"type": "function", "function": {"name": t, "parameters": {}}} for t in tools])
        c = ClaimTracker()
        c.on_user("Please change my address and add two checked bags.")
        c.on_calls(["update_address"], ["c1"])
        c.on_result('{"status": "ok"}', [("c1", "update_address")])
        claim = c.on_reply(3, "I've updated your address and added 2 checked bags.", d)
        found.append(None if claim is None else (claim.tool, claim.rule))
    assert found[0] == found[1]
    assert found[0] is not None and found[0][0] == "add_bags"


def test_only_the_latest_served_requests_keep_their_results() -> None:
    d = RegressionDetector()
    i = 0
    for n in range(MAX_SNIPPETS + 6):
        d.on_user(i, f"look up order {n}")
        d.on_assistant(i + 1, "", ["get_order"], [f'{{"id": {n}}}'])
        d.on_tool_result(i + 2, "get_order", f'{{"order": {n}, "status": "shipped"}}')
        d.on_tool_result(i + 3, "get_order", "and a second result")
        i += 4
        kept = [s.has_snippet() for s in d.served]
        assert not any(kept[:-MAX_SNIPPETS])
        assert all(kept[-MAX_SNIPPETS:])
