"""Allowed lateness in the stream: a block that closes with unanswered calls is held for the grace (event time),
its late result moved into place; after the grace the placeholder stands. Only held conversations wait."""

from __future__ import annotations

from typing import Any

import orjson
import pytest

from processor.core.partition import EngineConfig, OutRecord, PartitionProcessor
from processor.core.state import codec
from processor.core.tracker import RepairConfig

T0 = 1_767_225_600_000
GRACE = 30_000


def ev(cid: str, ts: int, msg: dict[str, Any]) -> bytes:
    return orjson.dumps({"conversation_id": cid, "ts": ts, "message": msg})


CALL = {"role": "assistant", "content": None,
        "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]}
USER = {"role": "user", "content": "Also, what time is it?"}
RESULT = {"role": "tool", "tool_call_id": "c1", "content": "18C, sunny"}


def messages(out: list[OutRecord], cid: str | None = None) -> list[Any]:
    vals = [orjson.loads(r.value or b"") for r in out if r.kind == "repaired"]
    return [v["message"] for v in vals if cid is None or v["conversation_id"] == cid]


def kinds(out: list[OutRecord]) -> list[str]:
    return [orjson.loads(r.value or b"")["kind"] for r in out if r.kind == "findings"]


class Feed:
    def __init__(self, hot: int = 1024) -> None:
        self.p = PartitionProcessor("in", 0, EngineConfig(hot_conversations=hot,
                                                          repair=RepairConfig(late_result_grace_ms=GRACE)))
        self.off = 0

    def __call__(self, cid: str, ts: int, msg: dict[str, Any]) -> list[OutRecord]:
        out = self.p.process(self.off, cid.encode(), ev(cid, ts, msg))
        self.off += 1
        return out


@pytest.mark.parametrize("hot", [1024, 1])  # live, and cold between events (timers from the stored header)
def test_a_result_inside_the_grace_is_moved_into_place(hot: int) -> None:
    f = Feed(hot)
    assert messages(f("a", T0, CALL)) == [CALL]
    out = f("a", T0 + 1_000, USER)
    assert messages(out) == [] and kinds(out) == []  # held: the call may still be answered
    assert f.p.open_calls == 1
    # another conversation flows at once while "a" waits
    assert messages(f("b", T0 + 2_000, {"role": "user", "content": "hi"})) == [{"role": "user", "content": "hi"}]
    out = f("a", T0 + 1_000 + GRACE - 1, RESULT)
    assert messages(out) == [RESULT, USER]
    assert kinds(out) == ["late_tool_result", "interleaved_user_message"]
    assert f.p.open_calls == 0


@pytest.mark.parametrize("hot", [1024, 1])
def test_after_the_grace_the_placeholder_stands_and_the_result_is_dropped(hot: int) -> None:
    f = Feed(hot)
    f("a", T0, CALL)
    f("a", T0 + 1_000, USER)
    assert messages(f("b", T0 + 1_000 + GRACE - 1, {"role": "user", "content": "x"})) == [
        {"role": "user", "content": "x"}]
    # other traffic moves the partition's watermark to the end of a's grace: a's block is decided
    out = f("b", T0 + 1_000 + GRACE, {"role": "user", "content": "y"})
    assert messages(out, "b") == [{"role": "user", "content": "y"}]
    got = messages(out, "a")
    assert got[0]["role"] == "tool" and "cancelled" in got[0]["content"] and got[1] == USER
    assert kinds(out) == ["dangling_tool_call"]
    out = f("a", T0 + 1_000 + GRACE + 5, RESULT)
    assert messages(out) == [] and kinds(out) == ["late_tool_result", "interleaved_user_message"]


def test_the_stored_header_carries_the_end_of_the_grace() -> None:
    f = Feed()
    f("a", T0, CALL)
    f("a", T0 + 1_000, USER)
    log = dict(f.p.take_changelog())
    h = codec.header(log[b"a"] or b"")
    assert h.next_deadline == T0 + 1_000 + GRACE and h.open_calls == 1
    # a new owner restores it and decides it at the same event time
    p = PartitionProcessor("in", 0, EngineConfig(repair=RepairConfig(late_result_grace_ms=GRACE)))
    for k, v in log.items():
        p.restore(k, v)
    p.finish_restore()
    out = p.process(f.off, b"b", ev("b", T0 + 1_000 + GRACE, {"role": "user", "content": "z"}))
    assert "dangling_tool_call" in kinds(out)
