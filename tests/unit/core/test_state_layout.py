"""The layout table of core/state/layout.py against the states `to_state` really writes."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import orjson

from processor.core.partition import EngineConfig, PartitionProcessor
from processor.core.state import codec, layout
from processor.core.tracker import RepairConfig
from processor.synth.generate import generate, kafka_partition

DOC = Path(__file__).resolve().parents[3] / "docs" / "state.md"
CHILDREN = {(f.component, f.key): f for f in layout.TABLE if f.child}
POSITIONS = {c: len(layout.keys(c)) for c in ("call", "recent_call", "emitted", "held_block", "retry_call",
                                              "failed_call", "unsafe_call")}


def walk(component: str, value: Any, seen: set[tuple[str, str]], where: str = "") -> None:
    """Fails on a key the table does not document, at any depth."""
    if component in POSITIONS:
        assert isinstance(value, list) and len(value) <= POSITIONS[component], f"{where}: {value!r:.80}"
        for i in range(len(value)):
            seen.add((component, f"[{i}]"))
        return
    if component == "slot":
        if isinstance(value, dict):
            assert set(value) <= layout.keys("slot"), f"{where}: {sorted(value)}"
            seen.update(("slot", k) for k in value)
            for m in value[layout.AN_MESSAGES]:
                walk("emitted", m, seen, where + ".a")
        elif value is not None:
            seen.add(("slot", "message"))
            walk("emitted", value, seen, where)
        return
    assert isinstance(value, dict), f"{where}: {value!r:.80}"
    undocumented = set(value) - layout.keys(component)
    assert not undocumented, f"{where or component}: undocumented keys {sorted(undocumented)}"
    for key, v in value.items():
        seen.add((component, key))
        f = CHILDREN.get((component, key))
        if f is None:
            continue
        for item in (v if f.many else [v]):
            walk(f.child, item, seen, f"{where}.{key}")
    if component == "tracker":
        for h in value.get(layout.TR_HELD_BLOCKS, ()):
            for call, _user_index, _reported in h[0]:
                walk("call", call, seen, f"{where}.hl")


def changelog(seed: int, config: EngineConfig) -> list[tuple[bytes, bytes | None]]:
    events, _ = generate(400, seed=seed, partitions=2)
    procs = [PartitionProcessor("in", p, config) for p in range(2)]
    rng = random.Random(seed)
    offsets = [0, 0]
    out: list[tuple[bytes, bytes | None]] = []
    for e in events:
        p = kafka_partition(e.key, 2) if e.key is not None else rng.randrange(2)
        procs[p].process(offsets[p], e.key, e.value)
        offsets[p] += 1
        if offsets[p] % 37 == 0:
            out += procs[p].take_changelog()
            procs[p].committed(offsets[p] - 20)
    for p in procs:
        out += p.take_changelog()
    return out


def test_every_key_of_states_from_generated_traffic_is_in_the_layout_table() -> None:
    seen: set[tuple[str, str]] = set()
    configs = [EngineConfig(), EngineConfig(repair=RepairConfig(strategy="drop", late_result_grace_ms=60_000))]
    kinds: set[str] = set()
    for seed, config in ((11, configs[0]), (12, configs[1])):
        for key, value in changelog(seed, config):
            if value is None:
                continue
            if key == layout.META_KEY:
                kinds.add("meta")
                walk("partition_meta", orjson.loads(value), seen)
            elif codec.is_json(value):
                marker = orjson.loads(value)
                kind = "end_marker" if layout.END_OFFSET in marker else "quarantine_marker"
                kinds.add(kind)
                walk(kind, marker, seen)
            else:
                kinds.add("state")
                assert value[0] == layout.LAYOUT_VERSION
                walk("conversation", codec.decode(value), seen)
    assert {"meta", "end_marker", "state"} <= kinds
    # the walk reached the deep components too: the test would not pass on states too simple to say anything
    for component in ("block", "call", "behaviour", "detector", "served", "request", "erasure", "recent_call",
                      "emitted", "held_block", "retries", "retry_call"):
        assert any(c == component for c, _ in seen), component


def test_a_key_missing_from_the_table_fails_the_walk() -> None:
    state = {"t": {"n": 1, "zz": 2}, "ts": 0, "o": 0, "r": []}
    try:
        walk("conversation", state, set())
    except AssertionError as err:
        assert "zz" in str(err)
    else:
        raise AssertionError("an undocumented key passed")


def test_each_key_has_one_meaning_per_component() -> None:
    pairs = [(f.component, f.key) for f in layout.TABLE]
    assert len(pairs) == len(set(pairs))
    assert all(f.meaning and f.unit for f in layout.TABLE)
    assert {f.child for f in layout.TABLE if f.child} <= {f.component for f in layout.TABLE}


def test_the_user_documentation_holds_the_table_as_the_module_writes_it() -> None:
    text = DOC.read_text()
    assert layout.markdown() in text
    assert f"LAYOUT_VERSION = {layout.LAYOUT_VERSION}" in text
