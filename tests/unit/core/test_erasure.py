"""tool_history_erased: the reference tracker on the seed-003 rewrite and on rewrites that are not erasures."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from processor.core.erasure import MAX_CALLS, Erasure, ErasureTracker, user_key

UP = user_key("声音大一点")
DOWN = user_key("声音调小一点")
HELLO = user_key("你好")


def seeded() -> ErasureTracker:
    t = ErasureTracker()
    t.on_call("call_abc123", "set_volume", UP)
    return t


def test_user_key_is_stable_and_normalized() -> None:
    assert user_key("Turn the volume up") == user_key("  turn   THE volume up ")
    assert user_key("ＡＢＣ") == user_key("abc")  # NFKC
    assert user_key("turn it up") != user_key("turn it down")
    assert len(UP) == 16 and int(UP, 16) >= 0


def test_seed_003_rewrite_is_an_erasure_reported_once() -> None:
    t = seeded()
    # [system, user 声音大一点, assistant "好的，已为您调大音量。", user 声音调小一点]: no calls, the user message stays
    found = t.on_snapshot({}, {UP, DOWN}, 0)
    assert found == [Erasure(call_id="call_abc123", tool="set_volume", snapshot_index=0, user_key=UP)]
    assert t.on_snapshot({}, {UP, DOWN}, 1) == []  # still erased in the next request: not reported again


def test_faithful_snapshot_is_not_an_erasure() -> None:
    t = seeded()
    assert t.on_snapshot({"call_abc123": "set_volume"}, {UP, DOWN}, 0) == []


def test_trimming_from_the_front_is_not_an_erasure() -> None:
    t = seeded()
    assert t.on_snapshot({}, {DOWN}, 0) == []  # the user message went with its call


def test_summary_replacing_whole_turns_is_not_an_erasure() -> None:
    t = seeded()
    summary = user_key("<summary>The user asked to turn the volume up; it was done.</summary>\n声音调小一点")
    assert t.on_snapshot({}, {summary}, 0) == []


def test_regenerated_call_ids_are_not_an_erasure() -> None:
    t = seeded()
    t.on_call("call_new999", "set_volume", UP)  # the snapshot's own call, with its user message
    assert t.on_snapshot({"call_new999": "set_volume"}, {UP, DOWN}, 0) == []


def test_a_repeated_request_trimmed_to_its_later_copy_is_not_an_erasure() -> None:
    t = ErasureTracker()
    t.on_call("c1", "track_order", user_key("Track order 91044"))
    t.on_call("c2", "track_order", user_key("Track order 91044"))
    assert t.on_snapshot({"c2": "track_order"}, {user_key("Track order 91044")}, 0) == []


def test_partial_compaction_reports_only_the_vanished_call() -> None:
    t = ErasureTracker()
    t.on_call("c1", "set_timer", user_key("Set a timer for 10 minutes"))
    t.on_call("c2", "get_weather", user_key("Weather in Paris?"))
    t.on_call("c3", "get_weather", user_key("Weather in Paris?"))  # a parallel call of the same turn
    keys = {user_key("Set a timer for 10 minutes"), user_key("Weather in Paris?")}
    found = t.on_snapshot({"c2": "get_weather", "c3": "get_weather"}, keys, 4)
    assert [(e.call_id, e.tool, e.snapshot_index) for e in found] == [("c1", "set_timer", 4)]


def test_parallel_calls_erased_together_are_each_reported() -> None:
    t = ErasureTracker()
    key = user_key("Turn on the kitchen and office lights")
    t.on_call("c1", "control_lights", key)
    t.on_call("c2", "control_lights", key)
    assert [e.call_id for e in t.on_snapshot({}, {key}, 0)] == ["c1", "c2"]


def test_calls_without_a_user_message_are_never_reported() -> None:
    t = ErasureTracker()
    t.on_call("c1", "set_volume", None)
    assert t.on_snapshot({}, {HELLO}, 0) == []


def test_snapshot_calls_are_remembered() -> None:
    t = ErasureTracker()
    t.on_snapshot({"c9": "web_search"}, {HELLO}, 0)
    assert len(t) == 1
    t.on_call("c9", "web_search", HELLO)  # a key learnt later completes the entry
    assert [e.call_id for e in t.on_snapshot({}, {HELLO}, 1)] == ["c9"]


def test_state_round_trip() -> None:
    t = seeded()
    t.on_call("c2", "get_weather", HELLO)
    assert [e.call_id for e in t.on_snapshot({"c2": "get_weather"}, {UP, HELLO}, 0)] == ["call_abc123"]
    restored = ErasureTracker.from_state(json.loads(json.dumps(t.to_state())))
    assert restored.to_state() == t.to_state()
    assert restored.on_snapshot({}, {UP, HELLO}, 1) == t.on_snapshot({}, {UP, HELLO}, 1)


def test_memory_is_bounded() -> None:
    t = ErasureTracker()
    for n in range(10_000):
        t.on_call(f"call_{n}", "tool", user_key(f"request {n}"))
    assert len(t) == MAX_CALLS
    assert len(json.dumps(t.to_state())) < 40_000
    # the oldest were forgotten: only the remembered ones can be reported
    found = t.on_snapshot({}, {user_key("request 0"), user_key("request 9999")}, 0)
    assert [e.call_id for e in found] == ["call_9999"]


def test_a_stored_state_of_an_unknown_erasure_version_is_refused_not_reset() -> None:
    """state/codec.py checks the version; a state it cannot read quarantines its conversation."""
    from processor.core.state.codec import UnreadableState, check

    state = seeded().to_state()
    check({"b": {"r": {"v": 3}, "e": state}})
    state["v"] = 2
    with pytest.raises(UnreadableState):
        check({"b": {"r": {"v": 3}, "e": state}})


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.text(max_size=8), st.text(max_size=8), st.one_of(st.none(), st.text(max_size=4)))),
    st.lists(st.tuples(st.dictionaries(st.text(max_size=8), st.text(max_size=8)), st.sets(st.text(max_size=4)))),
)
def test_never_raises_and_reports_each_call_once(
    calls: list[tuple[str, str, str | None]], snaps: list[tuple[dict[str, str], set[str]]]
) -> None:
    t = ErasureTracker()
    for cid, tool, key in calls:
        t.on_call(cid, tool, key)
    seen: list[str] = []
    for k, (present, keys) in enumerate(snaps):
        for e in t.on_snapshot(present, keys, k):
            assert e.call_id not in present
            assert e.user_key in keys
            seen.append(e.call_id)
        t = ErasureTracker.from_state(json.loads(json.dumps(t.to_state())))
    assert len(seen) == len(set(seen))
