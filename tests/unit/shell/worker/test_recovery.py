"""The pure decisions of a restore: the commit marker's form, and whether a partition's changelog holds the
state of its committed position (`lost_state`), as a table of cases (no broker)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from processor.shell.config import Settings
from processor.shell.worker.recovery import (
    Changelog,
    LayoutChanged,
    Marker,
    StateLost,
    layout_mismatch,
    lost_state,
    marker,
    offset_resets,
    parse_marker,
)


def test_a_marker_names_the_input_offset_the_state_holds_and_where_its_meta_record_landed() -> None:
    assert marker(10) == "toolmend-state 9"
    assert marker(10, (42, 3)) == "toolmend-state 9 42 3"
    assert parse_marker(marker(10, (42, 3))) == Marker(9, 42, 3)
    assert parse_marker(marker(10, (42, -1))) == Marker(9, 42, None)  # log start not reported
    assert parse_marker(marker(10)) == Marker(9, None, None)


@pytest.mark.parametrize("metadata", [None, "", "something else 1 2 3", "toolmend-state", "toolmend-state x 1 2"])
def test_metadata_that_is_not_a_marker_leaves_only_the_offset_check(metadata: str | None) -> None:
    assert parse_marker(metadata) is None


@dataclass
class Restored:
    offset: int  # the last input offset the restored state holds (-1: nothing)


M = Marker
CASES = [
    # (case, committed position, its marker, state up to, last meta at, log start, PREV_META, unreadable at, lost?)
    ("nothing committed", None, None, -1, -1, 0, None, None, None),
    ("committed at zero", 0, None, -1, -1, 0, None, None, None),
    ("state holds the committed input", 10, M(9, 5, 0), 9, 5, 0, 2, None, None),
    ("state ahead of the commit (commit lost)", 10, M(9, 5, 0), 14, 8, 0, 5, None, None),
    ("marker of an older release", 10, None, 9, 5, 0, None, None, None),
    ("state deleted", 10, M(9, 5, 0), -1, -1, 0, None, None, "state up to nothing"),
    ("state rolled back", 10, M(9, 5, 0), 6, 3, 0, 1, None, "state up to 6"),
    ("changelog replaced by a copy of its last records", 10, M(9, 5, 0), 9, 1, 0, None, None, "was replaced"),
    ("records deleted from its head", 10, M(9, 5, 0), 9, 5, 4, 2, None, "deleted from it"),
    ("last meta record unreadable", 10, M(9, 5, 0), 9, 5, 0, 2, 7, "cannot be read"),
    ("unreadable record before the last good one", 10, M(9, 5, 0), 9, 5, 0, 2, 3, None),
    # brokers without commit metadata (Tansu): the chain of meta records tells
    ("no marker, copied into a new topic", 10, None, 9, 1, 0, 5, None, "was replaced"),
    ("no marker, head deleted past the previous meta", 10, None, 9, 5, 3, 2, None, "deleted from it"),
    ("no marker, first meta record of the partition", 10, None, 9, 0, 0, -1, None, None),
]


@pytest.mark.parametrize(("committed", "mark", "state_to", "meta_at", "start", "prev", "unreadable", "lost"),
                         [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_lost_state(committed: int | None, mark: Marker | None, state_to: int, meta_at: int, start: int,
                    prev: int | None, unreadable: int | None, lost: str | None) -> None:
    seen = Changelog(meta_at={0: meta_at} if meta_at >= 0 else {}, starts={0: start},
                     prev={0: prev} if prev is not None else {},
                     unreadable={0: unreadable} if unreadable is not None else {})
    commits = {0: (committed, mark)} if committed is not None else {}
    found = lost_state({0: Restored(state_to)}, commits, seen)  # type: ignore[dict-item]
    if lost is None:
        assert found == {}
    else:
        assert list(found) == [0] and lost in found[0]


def test_only_the_partitions_that_lost_their_state_are_named() -> None:
    seen = Changelog({0: 5, 1: 5}, {0: 0, 1: 0}, {}, {})
    found = lost_state({0: Restored(9), 1: Restored(2)}, {0: (10, None), 1: (10, None)}, seen)  # type: ignore[dict-item]
    assert list(found) == [1]


LAYOUTS = [
    # (case, the input's partition count now, what each partition's last meta record says, mismatched?)
    ("as built", 4, {0: 4, 1: 4}, {}),
    ("input grew from 4 to 8", 8, {0: 4, 1: 4}, {0: 4, 1: 4}),
    ("state topic grown by hand, only the old partitions hold state", 8, {0: 4, 3: 4}, {0: 4, 3: 4}),
    ("state of an older release records no count", 8, {}, {}),
    ("count unknown (metadata not read)", 0, {0: 4}, {}),
]


@pytest.mark.parametrize(("now", "built", "moved"), [c[1:] for c in LAYOUTS], ids=[c[0] for c in LAYOUTS])
def test_a_state_built_for_another_partition_count_of_the_input_is_refused(now: int, built: dict[int, int],
                                                                            moved: dict[int, int]) -> None:
    seen = Changelog({p: 5 for p in built}, {}, {}, {}, layout=built)
    assert layout_mismatch(seen, now) == moved


def test_the_refusal_says_what_happened_and_points_at_the_way_out() -> None:
    s = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0)
    text = str(LayoutChanged(s, 8, {0: 4, 1: 4}, "the state of partition(s) [0, 1] says so"))
    assert f"the input topic {s.input_topic} has 8 partitions, not the 4 its state was built for" in text
    assert "runbook, 'The input topic's partition count changed'" in text
    assert "\n" not in text  # one line


RESETS = [
    # (case, committed position, its marker, state up to, does the broker keep commit metadata, verdict)
    ("toolmend's own commit", 10, M(9, 5, 0), 9, True, None),
    ("commit lost, state ahead (its commit had a marker)", 10, M(9, 5, 0), 14, True, None),
    ("no marker, state at the commit (an older release)", 10, None, 9, True, None),
    ("shifted back by 5", 10, None, 14, True, "back"),
    ("reset to the earliest", 0, None, 14, True, "back"),
    ("shifted forward", 20, None, 14, True, "forward"),
    ("reset forward, no state", 20, None, -1, True, "forward"),
    ("nothing committed, nothing stored", 0, None, -1, True, None),
    ("Tansu: no broker keeps the marker", 10, None, 14, False, None),
]


@pytest.mark.parametrize(("committed", "mark", "state_to", "kept", "verdict"), [c[1:] for c in RESETS],
                         ids=[c[0] for c in RESETS])
def test_a_commit_without_the_state_marker_that_does_not_follow_the_state_is_an_offset_reset(
        committed: int, mark: Marker | None, state_to: int, kept: bool, verdict: str | None) -> None:
    found = offset_resets({0: Restored(state_to)}, {0: (committed, mark)}, kept)  # type: ignore[dict-item]
    if verdict is None:
        assert found == {}
        return
    way, why = found[0]
    assert way == verdict and "offsets were reset " + verdict in why and "kafka-consumer-groups" in why
    seen = Changelog({0: 5}, {0: 0}, {}, {})
    lost = lost_state({0: Restored(state_to)}, {0: (committed, mark)}, seen, kept)  # type: ignore[dict-item]
    assert lost == {0: why}  # refused or rebuilt, never processed as it is


def test_a_refusal_for_an_offset_reset_names_the_reset_not_a_lost_changelog() -> None:
    s = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0)
    _, why = offset_resets({0: Restored(14)}, {0: (20, None)}, True)[0]  # type: ignore[dict-item]
    text = str(StateLost(s, {0: why}))
    assert "offsets were reset forward" in text and "undo the reset" in text and "toolmend recover --rebuild" in text
    assert "deleted" not in text and "truncated" not in text
