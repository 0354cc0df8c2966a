"""A served request keeps its result tokens packed (bytes, as the state stores them): the record it writes must be
the one a set would give, and a detector restored from it must write the same bytes again, after every event, on
generated traffic here and on every labelled conversation in test_state_write_points.py (whose pass with state
written after every event does the restores: one pass of the engine over the labelled conversations for both)."""

from __future__ import annotations

import ast
import base64
import random
import struct
from pathlib import Path

import orjson

from processor.core.partition import EngineConfig, PartitionProcessor
from processor.core.regression import RegressionDetector
from processor.core.regression.served import Served
from processor.core.regression.text import pack_hashes
from processor.core.store import Conversation
from processor.synth.generate import generate, kafka_partition


def _check(conv: Conversation) -> None:
    st = conv.to_state()
    kept = orjson.dumps(st)
    again = Conversation.from_state(orjson.loads(kept), EngineConfig())
    assert orjson.dumps(again.to_state()) == kept


def _run(events: list[tuple[bytes | None, bytes]], partitions: int, seed: int) -> int:
    procs = [PartitionProcessor("t", p, EngineConfig()) for p in range(partitions)]
    rng = random.Random(seed)
    offsets = [0] * partitions
    checked = 0
    for key, value in events:
        p = kafka_partition(key, partitions) if key is not None else rng.randrange(partitions)
        procs[p].process(offsets[p], key, value)
        offsets[p] += 1
        conv = procs[p].store.convs.get(key.decode()) if key is not None else None
        if conv is not None and conv.behaviour is not None:
            _check(conv)
            checked += 1
        procs[p].take_changelog()
    return checked


def test_a_restored_detector_writes_the_same_record_on_generated_traffic() -> None:
    for seed in (3, 11):
        evs, _ = generate(300, seed=seed, partitions=2)
        assert _run([(e.key, e.value) for e in evs], 2, seed) > 1000


def test_a_served_record_follows_its_results_and_its_answer() -> None:
    d = RegressionDetector()
    d.on_user(0, "What's the weather in Oslo?")
    d.on_assistant(1, "", ["get_weather"], ['{"city": "Oslo"}'])
    first = orjson.dumps(d.to_state())
    assert orjson.dumps(d.to_state()) == first
    d.on_tool_result(2, None, "Oslo: 3 C, light rain")
    second = orjson.dumps(d.to_state())
    assert second != first  # the result's tokens and budget are written
    d.on_assistant(3, "It is 3 C and raining in Oslo.", [])
    third = orjson.dumps(d.to_state())
    assert third != second  # the answer's tokens
    assert orjson.dumps(RegressionDetector.from_state(orjson.loads(third)).to_state()) == third


def test_a_stored_result_snippet_reads_back_as_written_and_one_out_of_order_is_put_in_order() -> None:
    hashes = frozenset({5, 1, 2**32 - 1, 77})
    s = Served.from_state({"i": 0, "tools": ["t"], "s": pack_hashes(hashes)})
    assert s.snippet_tokens() == hashes and s.has_snippet()
    assert s.ready().to_state()["s"] == pack_hashes(hashes)
    shuffled = base64.b64encode(struct.pack("<4I", 77, 5, 1, 5)).decode()  # out of order, a repeat
    assert Served.from_state({"i": 0, "s": shuffled}).to_state()["s"] == pack_hashes(frozenset({1, 5, 77}))
    assert Served.from_state({"i": 0, "s": [3, 1, 2]}).to_state()["s"] == pack_hashes(frozenset({1, 2, 3}))
    assert "s" not in Served.from_state({"i": 0, "s": ""}).to_state()
    s.drop_snippet()
    assert not s.has_snippet() and s.snippet_tokens() == frozenset()


def _slots_of_served() -> tuple[str, ...]:
    """Served's fields as its source declares them: a class compiled with mypyc has no `__slots__` attribute."""
    source = Path(__file__).resolve().parents[3] / "processor" / "core" / "regression" / "served.py"
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name == "Served":
            for stmt in node.body:
                if isinstance(stmt, ast.Assign) and any(getattr(t, "id", "") == "__slots__" for t in stmt.targets):
                    names: tuple[str, ...] = ast.literal_eval(stmt.value)
                    return names
    raise AssertionError("Served declares no __slots__")


def test_a_served_request_keeps_every_hashed_set_packed_and_reads_them_as_sets() -> None:
    d = RegressionDetector()
    d.on_user(0, "Book a table for 4 at Chez Lise tonight")
    d.on_assistant(1, "", ["book_table"], ['{"restaurant": "Chez Lise", "people": 4}'])
    d.on_tool_result(2, None, "Booked: table 12, 20:00, confirmation LX-4471")
    d.on_assistant(3, "Your table for 4 at Chez Lise is booked for 20:00.", [])
    st = d.to_state()
    s = d.served[0]
    held = [getattr(s, name) for name in _slots_of_served()]
    assert not [x for x in held if isinstance(x, set | frozenset)]  # bytes, a few dozen each, no set kept
    kind, slots, echo = s.kind, s.slots, s.echo
    assert kind and slots and echo and all(isinstance(x, frozenset) for x in (kind, slots, echo))
    assert st["served"][0]["k"] == pack_hashes(kind) and st["served"][0]["v"] == pack_hashes(slots)
    again = RegressionDetector.from_state(orjson.loads(orjson.dumps(st)))
    assert (again.served[0].kind, again.served[0].slots, again.served[0].echo) == (kind, slots, echo)
    for key, value in (("k", [9, 3, 3]), ("v", base64.b64encode(struct.pack("<3I", 8, 2, 8)).decode())):
        assert Served.from_state({"i": 0, key: value}).to_state()[key] == pack_hashes(frozenset(value if isinstance(
            value, list) else (8, 2)))
