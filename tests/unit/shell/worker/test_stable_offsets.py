"""The stable committed-offset read waits out a pending transactional commit (`stable_offsets`), without a
broker: at most the wait given, then it names every partition held, how long, and (the restore) the way out."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from aiokafka import TopicPartition

from processor.shell.config import Settings
from processor.shell.worker.recovery import UnstableOffsets, committed_offsets, marker
from processor.shell.worker.stable_offsets import UNSTABLE_OFFSET_COMMIT, Unstable, _parse, stable_committed


def response(code: int, top: int = 0) -> Any:
    return SimpleNamespace(error_code=top, topics=[("in", [(0, 20, -1, "toolmend-state 19", code, {}),
                                                          (1, -1, -1, None, 0, {})], {})])


def test_the_stable_read_retries_while_a_transactional_commit_is_pending_and_skips_partitions_without_one() -> None:
    with pytest.raises(Unstable):
        _parse(response(88))
    got = _parse(response(0))
    assert [(tp.partition, om.offset, om.metadata) for tp, om in got.items()] == [(0, 20, "toolmend-state 19")]

S = Settings(bootstrap_servers="127.0.0.1:1", metrics_port=0, stable_offsets_wait_s=0.2, group_id="g")
IN = S.input_topic


class Response:
    def __init__(self, codes: dict[int, int]) -> None:
        self.error_code = 0
        self.topics = [(IN, [(p, 10 * (p + 1), -1, marker(10 * (p + 1)), code, {}) for p, code in codes.items()],
                        {})]


class Coordinator:
    """Answers OffsetFetch with `codes` per partition until `stable_after` requests were made."""

    group_id = "g"

    def __init__(self, codes: dict[int, int], stable_after: int | None = None) -> None:
        self.codes = codes
        self.stable_after = stable_after
        self.requests = 0

    async def ensure_coordinator_known(self) -> None:
        return None

    async def _send_req(self, request: Any) -> Response:
        self.requests += 1
        if self.stable_after is not None and self.requests > self.stable_after:
            return Response(dict.fromkeys(self.codes, 0))
        return Response(self.codes)


class Group:
    def __init__(self, coord: Coordinator) -> None:
        self._coordinator = coord


TPS = [TopicPartition(IN, p) for p in range(3)]


async def test_a_pending_commit_that_completes_is_waited_for() -> None:
    coord = Coordinator({0: 0, 1: UNSTABLE_OFFSET_COMMIT, 2: 0}, stable_after=3)
    got = await stable_committed(Group(coord), TPS, wait_s=5)  # type: ignore[arg-type]
    assert {tp.partition: om.offset for tp, om in got.items()} == {0: 10, 1: 20, 2: 30}
    assert coord.requests == 4


async def test_a_pending_commit_that_lasts_is_named_after_the_wait_every_partition_it_holds() -> None:
    coord = Coordinator({0: UNSTABLE_OFFSET_COMMIT, 1: 0, 2: UNSTABLE_OFFSET_COMMIT})
    with pytest.raises(Unstable) as e:
        await stable_committed(Group(coord), TPS, wait_s=0.2)  # type: ignore[arg-type]
    assert e.value.partitions == [TPS[0], TPS[2]]
    assert e.value.waited_s is not None and 0.2 <= e.value.waited_s < 2
    assert f"a transactional offset commit of {IN}-0, {IN}-2 is pending after" in str(e.value)


async def test_the_restore_names_the_partitions_the_cause_and_the_way_out() -> None:
    coord = Coordinator({0: 0, 1: UNSTABLE_OFFSET_COMMIT, 2: 0})
    with pytest.raises(UnstableOffsets) as e:
        await committed_offsets(Group(coord), TPS, S)  # type: ignore[arg-type]
    text = str(e.value)
    assert f"the committed offsets of {IN} partition(s) [1] (group g)" in text
    assert "neither completed nor aborted" in text  # the cause
    assert f"--transactional-id ID` (this worker's: g-{IN}-1)" in text
    assert "kafka-transactions --bootstrap-server B find-hanging" in text and "abort --topic __consumer_offsets" \
        in text  # the way out
    assert "runbook: Committed offsets stay unstable" in text
    assert e.value.retriable  # the worker tries the restore again
