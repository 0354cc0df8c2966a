"""A zombie's stale changelog write is told apart from a lost changelog (`recovery.stale_writes`), without a
broker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from processor.shell.worker.recovery import Changelog, Marker, lost_state, stale_writes


@dataclass
class Restored:
    offset: int  # the last input offset the restored state holds


def seen(meta_at: int, best: tuple[int, int] | None) -> Changelog:
    return Changelog({0: meta_at}, {0: 0}, {}, {}, {0: best} if best is not None else {})


CASES = [
    # (case, committed position, state the last meta record holds, its changelog offset, the furthest meta, stale?)
    ("a zombie's record after the new owner's", 20, 9, 40, (19, 35), True),
    ("the last record is the furthest", 20, 19, 40, (19, 40), False),
    ("state rolled back, never held the commit", 20, 9, 40, (9, 40), False),
    ("state ahead of the commit", 20, 24, 40, (24, 40), False),
    ("nothing committed", 0, 9, 40, (19, 35), False),
]


@pytest.mark.parametrize(("case", "committed", "offset", "last", "best", "stale"), CASES, ids=[c[0] for c in CASES])
def test_a_stale_write_is_told_apart_from_a_lost_changelog(case: str, committed: int, offset: int, last: int,
                                                           best: tuple[int, int], stale: bool) -> None:
    procs: Any = {0: Restored(offset)}
    commits = {0: (committed, Marker(committed - 1, None, None))} if committed else {}
    found = stale_writes(procs, commits, seen(last, best))
    assert (0 in found) == stale, found
    lost = lost_state(procs, commits, seen(last, best))
    if stale:  # still not a state to resume from, but named for what it is
        assert "zombie" in lost[0] and "not a lost changelog" in lost[0]
    elif 0 in lost:
        assert "zombie" not in lost[0]


def test_a_changelog_read_without_tracking_the_furthest_record_finds_no_stale_write() -> None:
    procs: Any = {0: Restored(9)}
    assert stale_writes(procs, {0: (20, None)}, Changelog({0: 40}, {0: 0}, {}, {})) == {}
