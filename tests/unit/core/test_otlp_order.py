"""The merge of source partitions by event time (core/otlp_order.py): released in key order whatever the
interleaving, under the watermark and window; idle partitions, late events, duplicates, bounds and the offsets
still held."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from processor.core.otlp_order import Reorder

_PARTS = st.lists(st.lists(st.integers(0, 40), max_size=12).map(sorted), min_size=1, max_size=4)


@settings(max_examples=200, deadline=None)
@given(parts=_PARTS, window=st.sampled_from([0, 1, 5, 100]), data=st.data())
def test_any_interleaving_of_time_ordered_partitions_releases_one_order(parts: list[list[int]], window: int,
                                                                       data: st.DataObject) -> None:
    """Each partition's events in time order (ties included), read in any interleaving with releases anywhere:
    nothing is late and everything leaves in key order, the same for every interleaving."""
    order = Reorder(window_ms=window)
    order.assign([("t", p) for p in range(len(parts))])
    queues = [[(ts, b"%d-%d" % (p, i)) for i, ts in enumerate(q)] for p, q in enumerate(parts)]
    out: list[tuple[int, bytes]] = []
    offsets = [0] * len(parts)
    while any(queues):
        p = data.draw(st.sampled_from([i for i, q in enumerate(queues) if q]))
        ts, v = queues[p].pop(0)
        out.extend(order.add(("t", p), offsets[p], ts, b"", v, (ts, v)))
        offsets[p] += 1
        if data.draw(st.booleans()):
            got = order.release()
            out.extend(got)
            held = order.low_offsets()
            assert all(o < offsets[src[1]] for src, o in held.items())
    for p in range(len(parts)):
        order.idle(("t", p))
    out.extend(order.release())
    assert len(order) == 0 and order.late == 0 and order.forced == 0
    assert out == sorted((ts, b"%d-%d" % (p, i)) for p, q in enumerate(parts) for i, ts in enumerate(q))


def test_nothing_leaves_while_an_assigned_partition_is_unread_and_the_window_holds_back() -> None:
    order = Reorder(window_ms=10)
    order.assign([("t", 0), ("t", 1)])
    order.add(("t", 0), 0, 100, b"a", b"x", "a100")
    assert order.watermark() is None and order.release() == []
    order.progress(("t", 1), 105)
    assert order.watermark() == 100 and order.release() == []  # 100 is not below 100 - 10
    order.progress(("t", 0), 111)
    order.progress(("t", 1), 111)
    assert order.release() == ["a100"]
    assert order.frontier == (100, b"a", b"x")


def test_idle_partitions_stop_holding_the_watermark_until_they_bring_something() -> None:
    order = Reorder(window_ms=0)
    order.assign([("t", 0), ("t", 1)])
    order.add(("t", 0), 0, 50, b"", b"x", 50)
    order.idle(("t", 1))  # never read: at its end
    assert order.release() == []  # partition 0 itself has not passed 50
    order.add(("t", 0), 1, 60, b"", b"y", 60)
    assert order.release() == [50]
    assert order.add(("t", 1), 0, 45, b"", b"z", 45) == [45]  # woke up behind what left: late, at once
    assert order.late == 1 and len(order) == 1
    assert order.add(("t", 1), 1, 55, b"", b"w", 55) == []  # not behind: held, and partition 1 holds again
    assert order.release() == []  # partition 1 has not passed 55 yet
    order.progress(("t", 1), 61)
    assert order.release() == [55]  # both partitions past 55
    order.idle(("t", 0))
    order.idle(("t", 1))
    assert order.release() == [60]  # every partition idle: everything leaves


def test_the_same_event_held_twice_is_kept_once_and_untimed_events_leave_at_once() -> None:
    order = Reorder()
    order.assign([("t", 0)])
    assert order.add(("t", 0), 0, 10, b"tp", b"v", "first") == []
    assert order.add(("t", 0), 3, 10, b"tp", b"v", "again") == []
    assert order.duplicates == 1 and len(order) == 1
    assert order.add(("t", 0), 4, -1, b"tp2", b"w", "untimed") == ["untimed"]
    assert order.flush() == ["first"]


def test_the_held_events_are_bounded_and_the_earliest_leave_first() -> None:
    order = Reorder(window_ms=0, max_events=3, max_bytes=1 << 30)
    order.assign([("t", 0), ("t", 1)])  # partition 1 never seen: nothing may leave by the watermark
    for i, ts in enumerate([50, 10, 40, 30, 20]):
        assert order.add(("t", 0), i, ts, b"", b"v%d" % ts, ts) == []
    assert order.release() == [10, 20]  # the two earliest, over the bound
    assert order.forced == 2 and len(order) == 3
    assert order.low_offsets() == {("t", 0): 0}
    assert order.add(("t", 0), 9, 15, b"", b"x", 15) == [15]  # behind what left: late, at once
    assert order.late == 1
    small = Reorder(window_ms=0, max_events=100, max_bytes=200)
    small.assign([("t", 0), ("t", 1)])
    for ts in (3, 1, 2):
        small.add(("t", 0), ts, ts, b"", b"x" * 60, ts)
    assert small.release() == [1, 2] and small.bytes <= 200  # by bytes too (124 bytes each)


def test_a_revoked_partitions_held_events_are_dropped_and_no_longer_hold_the_watermark() -> None:
    order = Reorder(window_ms=0)
    order.assign([("t", 0), ("t", 1)])
    order.add(("t", 0), 7, 10, b"", b"a", "a")
    order.add(("t", 1), 3, 20, b"", b"b", "b")
    assert order.low_offsets() == {("t", 0): 7, ("t", 1): 3}
    order.revoke([("t", 1)])
    assert len(order) == 1 and order.low_offsets() == {("t", 0): 7} and order.bytes == 1 + 64
    order.progress(("t", 0), 30)
    assert order.release() == ["a"]
