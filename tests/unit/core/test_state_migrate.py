"""migrate() against records of older layouts written by earlier releases (tests/data/state/README.md)."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from processor.core.partition import EngineConfig, PartitionProcessor
from processor.core.state import LAYOUT_VERSION, UnreadableState, codec, migrate
from processor.core.store import QUARANTINE_MARK

DATA = Path(__file__).resolve().parents[2] / "data" / "state"
EXPECTED = orjson.loads((DATA / "expected.json").read_bytes())
TIMEOUT = EngineConfig().repair.tool_result_timeout_ms


@pytest.mark.parametrize("name", sorted(EXPECTED))
@pytest.mark.parametrize("layout", [1, 2])
def test_a_stored_record_of_layout_1_or_2_reads_as_the_same_state_and_header(layout: int, name: str) -> None:
    value = (DATA / f"format{layout}-{name}.bin").read_bytes()
    assert value[0] == layout
    now = migrate(value, TIMEOUT)
    assert now[0] == LAYOUT_VERSION
    assert codec.decode(now) == EXPECTED[name]["state"]
    assert list(codec.header(now)) == EXPECTED[name]["header"]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_current_record_comes_back_as_it_is(name: str) -> None:
    value = (DATA / f"format2-{name}.bin").read_bytes()
    assert migrate(value, TIMEOUT) is value


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_first_release_json_record_gets_the_header_its_open_block_implies(name: str) -> None:
    now = migrate((DATA / f"format0-{name}.json").read_bytes(), TIMEOUT)
    deadline, last_ts, _, n_open = EXPECTED[name]["legacy_header"]
    h = codec.header(now)
    assert codec.decode(now) == EXPECTED[name]["state"]
    assert (h.next_deadline, h.last_event_time, h.evict_at, h.open_calls) == (
        None if deadline is None else deadline + TIMEOUT, last_ts, None, n_open)


def test_a_detector_state_of_the_lexicon_analysis_restarts_and_the_tracker_is_kept() -> None:
    st = EXPECTED["served"]["state"]
    old = dict(st, b=dict(st["b"], r={"v": 2, "served": [{"i": 1}]}))
    now = codec.decode(migrate(orjson.dumps(old), TIMEOUT))
    assert now["b"]["r"] == {"v": 3} and now["t"] == st["t"]


@pytest.mark.parametrize("value", [
    b"\x07" + bytes(28) + b"junk",  # a layout this release does not know
    b"\x01" + bytes(28) + b"not zstd",  # layout 1 with a broken body
    b'{"t": {}}',  # bare JSON without what a state has
])
def test_a_record_that_cannot_be_read_raises_unreadable_state(value: bytes) -> None:
    with pytest.raises(UnreadableState):
        migrate(value, TIMEOUT)


def test_an_unreadable_record_quarantines_its_conversation_on_restore() -> None:
    p = PartitionProcessor("in", 0, EngineConfig())
    p.restore(b"c", b"\x07" + bytes(28) + b"junk")
    p.restore(b"d", (DATA / "format1-open.bin").read_bytes())
    p.finish_restore()
    assert p.quarantined == {"c"} and set(p.cold) == {"d"}
    assert (b"c", QUARANTINE_MARK) in p.take_changelog()
    out = p.process(0, b"c", orjson.dumps({"conversation_id": "c", "ts": 1, "message": {"role": "user",
                                                                                      "content": "hi"}}))
    assert [r.kind for r in out] == ["dead_letter"]
