"""No event takes unbounded work: timers that fall due in bulk fire in slices with the same outputs, and a
conversation holding more open calls than `max_open_calls` is dead-lettered and confined (partition.py)."""

from __future__ import annotations

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from processor.core.partition import EngineConfig, OutRecord, PartitionProcessor

NOW = 1_767_225_600_000


def calls(cid: str, ts: int, n: int, prefix: str = "c") -> bytes:
    msg = {"role": "assistant", "content": None,
           "tool_calls": [{"id": f"{prefix}{i}", "type": "function", "function": {"name": "lookup", "arguments": "{}"}}
                          for i in range(n)]}
    return orjson.dumps({"conversation_id": cid, "ts": ts, "message": msg})


def user(cid: str, ts: int) -> bytes:
    return orjson.dumps({"conversation_id": cid, "ts": ts, "message": {"role": "user", "content": "go"}})


def stream(conversations: int, per: int, later_ms: int) -> list[tuple[bytes, bytes]]:
    """`conversations` conversations each opening `per` parallel calls, then one small event `later_ms` later."""
    items = []
    for c in range(conversations):
        items.append((f"k{c}".encode(), user(f"k{c}", NOW + c)))
        items.append((f"k{c}".encode(), calls(f"k{c}", NOW + c + 1, per)))
    items.append((b"late", user("late", NOW + later_ms)))
    return items


def run(items: list[tuple[bytes, bytes]], budget: int | None, cfg: EngineConfig) -> tuple[list[OutRecord], int]:
    """Every output, and the largest number of outputs any one call into the partition returned."""
    p = PartitionProcessor("in", 0, cfg)
    out: list[OutRecord] = []
    biggest = 0
    for offset, (key, value) in enumerate(items):
        got = p.process(offset, key, value, timestamp=NOW + 10 ** 9, timer_budget=budget)
        biggest = max(biggest, len(got))
        out += got
        while p.timers_due:
            got = p.fire_due(budget)
            biggest = max(biggest, len(got))
            out += got
    assert not p.timers_due
    return out, biggest


def records(out: list[OutRecord]) -> list[tuple[str, bytes | None, bytes | None, list[tuple[str, bytes]]]]:
    return [(r.kind, r.key, r.value, list(r.headers)) for r in out]


def test_timeouts_due_in_bulk_fire_in_slices_with_the_same_outputs() -> None:
    cfg = EngineConfig()
    items = stream(24, 40, 11 * 60_000)  # one small event times out 960 calls
    whole, biggest_whole = run(items, None, cfg)
    sliced, biggest_sliced = run(items, 50, cfg)
    assert records(sliced) == records(whole)
    assert biggest_whole > 200  # without a budget one event returns them all at once
    assert biggest_sliced <= 50 + 40 + 5  # a slice: the budget and at most one timer's outputs past it


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 8), st.integers(1, 12), st.integers(1, 30), st.sampled_from([60_000, 11 * 60_000, 10 ** 8]))
def test_any_budget_gives_the_outputs_of_no_budget(conversations: int, per: int, budget: int, later: int) -> None:
    cfg = EngineConfig()
    items = stream(conversations, per, later)
    assert records(run(items, budget, cfg)[0]) == records(run(items, None, cfg)[0])


def test_a_record_that_leaves_timers_due_fires_them_before_the_next_record_even_undrained() -> None:
    cfg = EngineConfig()
    items = [*stream(6, 5, 11 * 60_000), (b"after", user("after", NOW + 11 * 60_000 + 1))]
    p = PartitionProcessor("in", 0, cfg)
    out: list[OutRecord] = []
    for offset, (key, value) in enumerate(items):
        out += p.process(offset, key, value, timestamp=NOW + 10 ** 9, timer_budget=3)  # never drained
    out += p.fire_due(None)
    assert records(out) == records(run(items, None, cfg)[0])


def test_more_open_calls_than_the_cap_dead_letters_the_event_and_confines_its_conversation() -> None:
    cfg = EngineConfig(max_open_calls=100)
    p = PartitionProcessor("in", 0, cfg)
    p.process(0, b"a", user("a", NOW), timestamp=NOW)
    out = p.process(1, b"a", calls("a", NOW + 1, 10_000), timestamp=NOW)  # 10,000 parallel calls in one message
    assert [r.kind for r in out] == ["dead_letter"]
    assert dict(out[0].headers)["toolmend-error-kind"] == b"too_many_calls"
    assert p.open_calls == 0 or "a" in p.quarantined
    later = p.process(2, b"a", user("a", NOW + 2), timestamp=NOW)
    assert dict(later[0].headers)["toolmend-error-kind"] == b"quarantined"
    # calls opened one message at a time count too; other conversations are untouched
    p.process(3, b"b", user("b", NOW + 3), timestamp=NOW)
    for i in range(2):
        assert [r.kind for r in p.process(4 + i, b"b", calls("b", NOW + 4 + i, 50, prefix=f"m{i}-"),
                                           timestamp=NOW)] != ["dead_letter"]
    out = p.process(6, b"b", calls("b", NOW + 6, 1, prefix="x"), timestamp=NOW)
    assert dict(out[-1].headers)["toolmend-error-kind"] == b"too_many_calls"
    ok = p.process(7, b"c", calls("c", NOW + 7, 100), timestamp=NOW)
    assert "dead_letter" not in [r.kind for r in ok]
