"""The stable committed-offset read waits out a pending transactional commit (`stable_offsets`), without a
broker."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from processor.shell.worker.stable_offsets import Unstable, _parse


def response(code: int, top: int = 0) -> Any:
    return SimpleNamespace(error_code=top, topics=[("in", [(0, 20, -1, "toolmend-state 19", code, {}),
                                                          (1, -1, -1, None, 0, {})], {})])


def test_the_stable_read_retries_while_a_transactional_commit_is_pending_and_skips_partitions_without_one() -> None:
    with pytest.raises(Unstable):
        _parse(response(88))
    got = _parse(response(0))
    assert [(tp.partition, om.offset, om.metadata) for tp, om in got.items()] == [(0, 20, "toolmend-state 19")]
