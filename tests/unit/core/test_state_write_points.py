"""Findings do not depend on where the state is written.

The worker writes each changed conversation's state at the end of every batch (where a batch ends depends on
fetch timing), evicts cold conversations to their stored form and restores them; a replay cuts its batches
elsewhere. So the engine must give the same findings whether it writes state after every event, never, or keeps
only one conversation live. Checked on every labelled conversation of `bench/eval/` (streams of messages and
successive request snapshots, interleaved) and on one made for it. The pass that writes state after every event
also restores each conversation with a behavioural record from its stored form, which must write the same bytes
again (the record a served request keeps packed: test_packed_snippet.py).

The engine's passes over the labelled conversations are the longest unit tests: each is made once, in a
module-scoped fixture, and the tests compare them (the unit stage schedules a module with a module-scoped fixture
as one work unit: tests/support/module_groups.py).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import orjson
import pytest

from processor.core.partition import EngineConfig, PartitionProcessor
from processor.core.store import Conversation
from tests.evaldata import eval_data

T0 = 1_700_000_000_000


_WEST = " the sky stays mostly grey with light winds from the west" * 12
# a request served by three long results: the result budget between two judged answers takes the first two
# ("Oslo" is only in the third); a state write between them must not restart it
LONG_RESULTS = {"dialect": "openai_chat", "messages": [
    {"role": "user", "content": "What's the weather in Keflavik, Akureyri and Reykjavik?"},
    {"role": "assistant", "content": None, "tool_calls": [
        {"id": f"call_{i}", "type": "function", "function": {"name": "get_weather", "arguments": f'{{"city": "{c}"}}'}}
        for i, c in enumerate(("Keflavik", "Akureyri", "Reykjavik"))]},
    {"role": "tool", "tool_call_id": "call_0", "content": "Keflavik: 3 C, humidity 90 percent, nearest station Tromso."
     + _WEST[:580]},
    {"role": "tool", "tool_call_id": "call_1", "content": "Akureyri: 8 C, humidity 87 percent, nearest station "
     "Keflavik." + _WEST[:580]},
    {"role": "tool", "tool_call_id": "call_2", "content": "Reykjavik: 1 C, humidity 85 percent, nearest station Oslo."
     + _WEST[:580]},
    {"role": "assistant", "content": "Here you go."},
    {"role": "user", "content": "And the humidity in Oslo?"},
    {"role": "assistant", "content": "Sunny."}]}


@cache
def _events() -> tuple[tuple[bytes, bytes], ...]:
    """The labelled conversations as one stream of events, made once per process."""
    convs = [LONG_RESULTS, *(r for f in eval_data.all_record_files() for r in eval_data.read_jsonl(f))]
    rows: list[tuple[int, int, bytes, bytes]] = []
    for n, r in enumerate(convs):
        cid = f"c{n}"
        base = {"conversation_id": cid, "dialect": r.get("dialect")}
        if r.get("input") == "snapshots":  # successive request snapshots, each a `request` event
            for i, snap in enumerate(r["snapshots"]):
                ev: dict[str, object] = {**base, "ts": T0 + i * 1000, "type": "request", "messages": snap}
                if r.get("tools"):
                    ev["tools"] = r["tools"]
                rows.append((i, n, cid.encode(), orjson.dumps(ev)))
            continue
        for i, m in enumerate(r["messages"]):
            ev = {**base, "ts": T0 + i * 1000, "type": "message", "message": m}
            if i == 0 and r.get("tools"):
                ev = {**base, "ts": T0, "type": "request", "messages": [m], "tools": r["tools"]}
            rows.append((i, n, cid.encode(), orjson.dumps(ev)))
    rows.sort(key=lambda e: (e[0], e[1]))  # conversations interleaved, message by message
    return tuple((k, v) for _, _, k, v in rows)


Findings = list[tuple[bytes | None, bytes]]
ALL_LIVE = 1 << 20  # a hot set larger than the conversations: none is evicted


def _restores_as_written(conv: Conversation) -> bool:
    """Whether a conversation's stored form, read back, is stored as the same bytes."""
    kept = orjson.dumps(conv.to_state())
    again = Conversation.from_state(orjson.loads(kept), EngineConfig())
    return orjson.dumps(again.to_state()) == kept


class Restores:
    """The conversations restored from their stored form in a pass: how many, and where one came back different."""

    def __init__(self) -> None:
        self.checked = 0
        self.differ: list[tuple[int, bytes]] = []  # (offset, key) of each event after which it did


def _findings(events: tuple[tuple[bytes, bytes], ...], every: int, hot: int | None,
              restores: Restores | None = None) -> Findings:
    """The findings of one pass: state written every `every` events (0: never), at most `hot` conversations live.
    With `restores`, each event's conversation, when it has a behavioural record, is also restored from its stored
    form after the event (`_restores_as_written`), before any state write."""
    p = PartitionProcessor("t", 0, EngineConfig())
    if hot is not None:
        p.hot_limit = hot
    out: Findings = []
    for off, (k, v) in enumerate(events):
        out += [(r.key, r.value or b"") for r in p.process(off, k, v, (), T0 + off) if r.kind == "findings"]
        if restores is not None:
            conv = p.store.convs.get(k.decode())
            if conv is not None and conv.behaviour is not None:
                restores.checked += 1
                if not _restores_as_written(conv):
                    restores.differ.append((off, k))
        if every and off % every == every - 1:
            p.take_changelog()
    return out


class EveryEvent(NamedTuple):
    findings: Findings  # state written after every event
    restores: Restores  # the conversations restored from their stored form in that pass


# Each pass is a module-scoped fixture, made by the first test that needs it, so that no one test makes more than
# one pass and its restores (pytest-timeout's limit covers a test's setup).
@pytest.fixture(scope="module")
def every_event() -> EveryEvent:
    restores = Restores()
    return EveryEvent(_findings(_events(), 1, None, restores), restores)


@pytest.fixture(scope="module")
def straight() -> Findings:
    """Every conversation live, no state written: the reference the other passes are held to."""
    events = _events()
    assert len(events) > 7000
    found = _findings(events, 0, ALL_LIVE)
    assert sum(b"text_only_regression" in v for _, v in found) > 100
    assert sum(b"tool_history_erased" in v for _, v in found) > 20
    assert any(k == b"c0" and b"text_only_regression" in v for k, v in found)  # the made one
    return found


def test_a_restored_detector_writes_the_same_record_on_the_labelled_conversations(every_event: EveryEvent) -> None:
    assert every_event.restores.checked > 1000
    assert every_event.restores.differ == []


def test_findings_do_not_depend_on_state_writes(straight: Findings, every_event: EveryEvent) -> None:
    assert every_event.findings == straight  # state written after every event


def test_findings_do_not_depend_on_evictions(straight: Findings) -> None:
    assert _findings(_events(), 0, 1) == straight  # one conversation live: the others evicted and restored
