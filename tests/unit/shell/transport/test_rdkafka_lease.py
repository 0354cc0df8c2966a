"""The librdkafka transport's session lease: a freeze of the whole process is told from a busy event loop."""

from __future__ import annotations

import time

import pytest

from processor.shell.transport.rdkafka_lease import TICK_S, FreezeWatch, freeze_limit, verdict_window


def test_the_freeze_limit_keeps_a_heartbeat_interval_and_its_answer_inside_the_session() -> None:
    assert freeze_limit(45.0, 3.0) == 22.5  # half the session
    assert freeze_limit(2.0, 0.3) == 1.0
    assert freeze_limit(2.0, 0.8) == pytest.approx(0.4)  # two heartbeat intervals left of the session
    assert freeze_limit(0.1, 0.1) == TICK_S * 4  # never below what the watch can measure


def test_after_a_long_stop_librdkafka_gets_three_heartbeats_to_hear_the_coordinator_within_half_the_session() -> None:
    assert verdict_window(45.0, 3.0) == 9.0
    assert verdict_window(2.0, 0.3) == 1.0  # at least a second
    assert verdict_window(1.0, 0.3) == 0.5  # a step waiting for the lease gives up after a session


def test_a_stopped_process_is_unknown_until_the_watch_has_run_then_its_gap_is_reported_once() -> None:
    watch = FreezeWatch()
    try:
        time.sleep(TICK_S * 3)
        gap = watch.take()
        assert gap is not None and gap < 1.0  # ticking
        with watch._lock:  # as after SIGCONT: the thread's last tick is 5 s old, it has not run since
            watch.last -= 5.0
        assert watch.take() is None  # nothing known: the lease is not renewed
        deadline = time.monotonic() + 5
        while (gap := watch.take(keep=True)) is None and time.monotonic() < deadline:
            time.sleep(TICK_S / 5)
        assert gap is not None and gap >= 5.0
        assert watch.take() == gap  # kept for the next reader, then reset
        time.sleep(TICK_S * 2)
        again = watch.take()
        assert again is not None and again < 5.0
    finally:
        watch.stop()


def test_a_busy_event_loop_is_no_freeze() -> None:
    """The watch is a thread of its own: pure-Python work on the caller's thread (timers in bulk) leaves it
    ticking, as librdkafka's heartbeat thread goes on meanwhile."""
    watch = FreezeWatch()
    try:
        watch.take()
        t0 = time.monotonic()
        while time.monotonic() - t0 < 1.0:
            sum(range(1000))
        gap = watch.take()
        assert gap is not None and gap < 0.5
    finally:
        watch.stop()
