"""What bench/eval/real7/ states beyond the checks of every blind real set (test_eval_real_sets.py), the totals and
cut records it shares with real5 and real6 (test_eval_real5_real6.py) and its split seed (test_eval_split_seeds.py):
a req_llm round trip names the recorded first request its tool definitions come from. No engine is run here."""

from __future__ import annotations

from tests.evaldata import EVAL, eval_data

REAL7 = EVAL / "real7"


def test_a_round_trip_takes_its_tools_from_the_first_request_of_the_same_recorded_test() -> None:
    """req_llm sends the second request of its tool round trip without tools; such a record carries the tools of the
    recorded first request (`source_ref.tools_from`), which sits next to it and asked for the call its history holds."""
    merged = [r for r in eval_data.records([REAL7]) if "tools_from" in r["source_ref"]]
    assert merged
    for r in merged:
        path, commit = r["source_ref"]["tools_from"].rsplit("@", 1)
        assert len(commit) == 40, r["id"]
        assert path.rsplit("/", 1) == [r["source_ref"]["path"].rsplit("/", 1)[0], "tool_round_trip_1.json"], r["id"]
        assert r["source_ref"]["path"].endswith("/tool_round_trip_2.json") and r["tools"], r["id"]
        assert r["group"].endswith("/tool_round_trip"), r["id"]
