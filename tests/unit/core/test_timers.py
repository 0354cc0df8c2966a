"""core/timers.py: the event-time guard, the watermark and the two timer queues, with stream time injected."""

from __future__ import annotations

import pytest

from processor.core.config import EngineConfig
from processor.core.events import DeadLetter
from processor.core.timers import Timers


def drain(t: Timers, stream_time: int) -> list[tuple[str, int, str]]:
    fired: list[tuple[str, int, str]] = []
    while (e := t.due_timeout(stream_time)) is not None:
        fired.append(("timeout", e[0], e[1]))
    while (e := t.due_eviction(stream_time)) is not None:
        fired.append(("evict", e[0], e[1]))
    return fired


def test_timers_fire_in_deadline_order_once_stream_time_reaches_them() -> None:
    t = Timers(EngineConfig())
    for due, cid in ((300, "c"), (100, "a"), (200, "b"), (400, "d")):
        t.schedule_timeout(due, cid)
    t.schedule_eviction(150, "x")
    assert drain(t, 99) == []
    assert drain(t, 250) == [("timeout", 100, "a"), ("timeout", 200, "b"), ("evict", 150, "x")]
    assert drain(t, 250) == []
    assert drain(t, 10_000) == [("timeout", 300, "c"), ("timeout", 400, "d")]


def test_a_timer_scheduled_while_draining_and_already_due_fires_in_the_same_pass() -> None:
    t = Timers(EngineConfig())
    t.schedule_timeout(10, "a")
    first = t.due_timeout(50)
    assert first == (10, "a")
    t.schedule_timeout(40, "a")
    t.schedule_timeout(60, "b")
    assert t.due_timeout(50) == (40, "a") and t.due_timeout(50) is None


def test_rebuild_replaces_both_queues() -> None:
    t = Timers(EngineConfig())
    t.schedule_timeout(1, "old")
    t.rebuild([(30, "b"), (20, "a")], [(5, "e")])
    assert drain(t, 100) == [("timeout", 20, "a"), ("timeout", 30, "b"), ("evict", 5, "e")]


def test_the_watermark_follows_event_time_and_never_goes_back() -> None:
    t = Timers(EngineConfig())
    t.advance(500)
    t.advance(200)
    assert t.watermark == 500


def test_the_guard_refuses_a_ts_too_far_ahead_of_the_record_timestamp_or_the_watermark() -> None:
    t = Timers(EngineConfig(max_event_time_skew_ms=1_000, max_watermark_step_ms=10_000))
    t.check(5_000, None)  # a first event: no watermark yet, no record timestamp
    t.advance(5_000)
    t.check(4_000, 0)  # behind the watermark: never refused (late events are the tracker's business)
    t.check(5_900, 5_000)
    with pytest.raises(DeadLetter, match="record's timestamp"):
        t.check(6_001, 5_000)
    with pytest.raises(DeadLetter, match="partition's event time"):
        t.check(15_001, None)
    t.check(15_000, None)
