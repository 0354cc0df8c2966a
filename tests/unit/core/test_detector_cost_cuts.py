"""The detectors' cost cuts change no decision: the search for a turn's missing acts depends on the tools as sets,
and only the latest served requests keep their results."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from processor.core.regression import MAX_SNIPPETS, RegressionDetector
from processor.core.regression.claims import ClaimTracker, _uncovered_acts

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
