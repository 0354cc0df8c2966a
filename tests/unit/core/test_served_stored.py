"""A served request's stored form is made once and reused while nothing changes (a conversation written at every
batch re-encodes only what changed), and every change is written: the reused form always equals a fresh one."""

from __future__ import annotations

import orjson

from processor.core.regression import RegressionDetector
from processor.core.regression.analysis import analyze_request
from processor.core.regression.served import Served


def _fresh(s: Served) -> bytes:
    """What a restored copy writes: made from nothing kept."""
    return orjson.dumps(Served.from_state(orjson.loads(orjson.dumps(s.to_state()))).ready().to_state())


def test_an_unchanged_served_request_writes_the_same_object_and_a_change_writes_anew() -> None:
    d = RegressionDetector()
    d.on_user(0, "What's the weather in Oslo?")
    d.on_assistant(1, "", ["get_weather"], ['{"city": "Oslo"}'])
    first = d.to_state()["served"][0]
    assert d.to_state()["served"][0] is first  # nothing changed: not made again
    s = d.served[0]
    steps = [
        lambda: d.on_tool_result(2, None, "Oslo: 3 C, light rain"),  # a result: its tokens and budget
        lambda: d.on_assistant(3, "It is 3 C and raining in Oslo.", []),  # the answer after it
        lambda: d.on_user(4, "And tomorrow?"),
        lambda: d.on_assistant(5, "", ["get_weather"], ['{"city": "Oslo", "day": 1}']),  # a new served request
        lambda: s.add_tools(["get_forecast"], ['{"days": 3}'], {}),
        lambda: s.defer("r", "Sunny"),
        lambda: s.settle(),
        lambda: s.drop_snippet(),
    ]
    for step in steps:
        step()
        after = d.to_state()["served"][0]
        assert orjson.dumps(after) == _fresh(s)  # what is reused is what would be made
        assert d.to_state()["served"][0] is after


def test_a_request_makes_its_stored_form_once() -> None:
    r = analyze_request("Book a table for 4 at Chez Lise tonight")
    st = r.to_state()
    assert r.to_state() is st and st == type(r).from_state(orjson.loads(orjson.dumps(st))).to_state()
