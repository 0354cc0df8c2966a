"""Thinking bound to its prefix (Anthropic): what a repair invalidates, the policy, the stream, the state.

Every output is judged by tests/support/prefix_oracle.py (the prefix rule, independent of the package) and by
tests/support/oracle.py (the classic rules); the property tests run on generated broken histories whose model
turns carry signed thinking (tests/strategies.py `thinking_histories`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given

import processor
import tests.strategies as S
from processor import RepairConfig, Tracker
from processor.core.thinking import ModelPatterns, default_models, strips
from tests.strategies import ant_asst, ant_result, ant_text, ant_use, ant_user
from tests.support.oracle import validate
from tests.support.prefix_oracle import thinking_blocks, violations
from tests.unit.core.test_properties import PROPS

DATA = Path(__file__).resolve().parents[3] / "bench" / "eval" / "thinking" / "histories.jsonl"


def think(n: int) -> dict[str, Any]:
    return {"type": "thinking", "thinking": f"step {n}", "signature": f"sig{n}"}


def interrupted() -> list[Any]:
    return [ant_user("go"), ant_asst(think(1), ant_use("t1")), ant_user("stop"),
            ant_asst(think(2), ant_text("ok")), ant_user("more"), ant_asst(think(3), ant_text("fine"))]


def classic(msgs: list[Any]) -> list[Any]:
    return [(v.rule, v.index) for v in validate(msgs, "anthropic")]


# ----------------------------------------------------------------------------------------------------
# the policy


@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_keep_reports_every_invalid_block_and_strip_removes_exactly_them(strategy: str) -> None:
    h = interrupted()
    keep = processor.repair(h, "anthropic", strategy, thinking="keep")  # type: ignore[arg-type]
    found = [(f.index, f.block, f.count) for f in keep.findings if f.kind.value == "thinking_prefix_changed"]
    assert found == [(3, 0, 1), (5, 0, 1)]
    assert len(violations(h, keep.messages)) == 2  # kept, as the rule refuses them
    assert keep.thinking is not None and keep.thinking["invalid"] == 2 and keep.thinking["stripped"] == 0
    strip = processor.repair(h, "anthropic", strategy, thinking="strip_changed")  # type: ignore[arg-type]
    assert violations(h, strip.messages) == [] and classic(strip.messages) == []
    assert thinking_blocks(strip.messages) == 1  # the block before the first change stays
    assert strip.thinking == {"prefix_changed_at": 2 if strategy == "fill" else 1, "invalid": 2, "stripped": 2,
                              "first_invalid": [3, 0]}
    assert [(a.action.value, a.index, a.extra) for a in strip.actions if a.action.value == "strip_thinking"] == \
        [("strip_thinking", 3, {"count": 1}), ("strip_thinking", 5, {"count": 1})]


def test_auto_strips_for_the_models_that_bind_thinking_and_keeps_for_the_others() -> None:
    h = interrupted()
    for model in ("claude-opus-5-5-20260801", "claude-fable-5.1", "us.anthropic.claude-sonnet-5-5-v1:0",
                  "claude-mythos-5-2@20260901", "claude-haiku-5-5"):
        r = processor.repair(h, "anthropic", model=model)
        assert violations(h, r.messages) == [], model
    for model in (None, "claude-sonnet-4-5-20250929", "claude-opus-4-1", "gpt-5"):
        r = processor.repair(h, "anthropic", model=model)
        assert len(violations(h, r.messages)) == 2, model  # kept and reported
        assert r.thinking is not None and r.thinking["stripped"] == 0
    # the object form's own model; a list of patterns of one's own
    assert processor.repair({"model": "claude-opus-5-5", "messages": h}).thinking["stripped"] == 2  # type: ignore[index]
    r = processor.repair(h, "anthropic", model="my-proxy-model", thinking_models=["my-proxy-*"])
    assert r.thinking is not None and r.thinking["stripped"] == 2


def test_model_patterns_are_data_and_match_whole_names_case_insensitively() -> None:
    shipped = json.loads((Path(processor.__file__).parent / "core" / "thinking_models.json").read_text())
    assert default_models().patterns == tuple(shipped["patterns"])
    p = ModelPatterns(["claude-opus-5[-.]5*"])
    assert p.match("Claude-Opus-5.5") and not p.match("x-claude-opus-5-5") and not p.match(None)
    assert strips("strip_changed", p, None) and not strips("keep", p, "claude-opus-5-5")
    with pytest.raises(ValueError):
        ModelPatterns([" "])
    with pytest.raises(ValueError):
        RepairConfig(thinking="strip")  # type: ignore[arg-type]


def test_a_clean_history_or_a_change_after_the_last_thinking_reports_nothing() -> None:
    h = [ant_user("go"), ant_asst(think(1), ant_use("t1")), ant_user(ant_result("t1")),
         ant_asst(think(2), ant_text("done"))]
    r = processor.repair(h, "anthropic", thinking="strip_changed")
    assert r.messages == h and not r.changed and r.thinking is None
    # the history ends with the open call: filling it changes nothing before any thinking block
    h = [ant_user("go"), ant_asst(think(1), ant_use("t1"))]
    r = processor.repair(h, "anthropic", thinking="strip_changed")
    assert r.changed and r.thinking is None and thinking_blocks(r.messages) == 1


@pytest.mark.parametrize("restore_each", [False, True])
def test_plain_text_before_the_dialect_is_known_is_no_change(restore_each: bool) -> None:
    # no dialect given: the first messages read as plain text until a model turn names the dialect; they were
    # returned as they came, so the thinking after them stays valid (live or restored after every message)
    h = [ant_user("hello"), ant_user("is it going to rain?"), ant_asst(think(1), ant_use("t1")),
         ant_user(ant_result("t1")), ant_asst(think(2), ant_text("no rain"))]
    cfg = RepairConfig(thinking="strip_changed")
    t = Tracker("auto", cfg)
    out: list[Any] = []
    for m in h:
        s = t.feed(m)
        assert [f.kind.value for f in s.findings] == []
        out += [e.message for e in s.messages]
        if restore_each:
            t = Tracker.from_state(orjson.loads(orjson.dumps(t.to_state())), cfg)
    out += [e.message for e in t.finish().messages]
    assert out == h and violations(h, out) == []


def test_a_change_inside_a_turn_after_its_thinking_leaves_that_thinking_valid() -> None:
    # a reused id renamed on the second turn's tool_use: the change is after that turn's thinking
    h = [ant_user("a"), ant_asst(think(1), ant_use("toolu_0")), ant_user(ant_result("toolu_0")),
         ant_asst(think(2), ant_text("x"), ant_use("toolu_0")), ant_user(ant_result("toolu_0")),
         ant_asst(think(3), ant_text("done"))]
    r = processor.repair(h, "anthropic", thinking="strip_changed")
    assert violations(h, r.messages) == [] and classic(r.messages) == []
    assert thinking_blocks(r.messages) == 2  # think(1), think(2) stay; think(3) comes after the renamed id
    assert r.thinking is not None and r.thinking["prefix_changed_at"] == 3


def test_a_turn_left_with_nothing_goes_and_signed_blocks_are_never_edited() -> None:
    h = [ant_user("go"), ant_asst(think(1), ant_use("t1")), ant_user("stop"), ant_asst(think(2), think(3)),
         ant_user("again"), ant_asst(ant_text("ok"))]
    r = processor.repair(h, "anthropic", thinking="strip_changed")
    assert {"role": "assistant", "content": [think(2), think(3)]} not in r.messages
    assert classic(r.messages) == [] and violations(h, r.messages) == []
    assert ("drop_message", 3) in [(a.action.value, a.index) for a in r.actions]
    kept = [b for m in r.messages if m["role"] == "assistant" for b in m["content"] if b.get("type") == "thinking"]
    assert kept == [think(1)]  # byte for byte


def test_the_eval_set_is_accepted_under_strip_changed_keeping_everything_before_the_first_change() -> None:
    """The issue's measure, as a test: every repaired history passes both validators and no valid block is lost
    (the bound: toolmend's keep output with every refused block removed)."""
    for line in DATA.read_text().splitlines():
        h = json.loads(line)
        for strategy in ("fill", "drop"):
            keep = processor.repair(h["messages"], "anthropic", strategy, thinking="keep", behaviour=False)
            r = processor.repair(h["messages"], "anthropic", strategy, model=h["model"], behaviour=False)
            assert classic(r.messages) == [], h["id"]
            assert violations(h["messages"], r.messages) == [], h["id"]
            bound = thinking_blocks(keep.messages) - len(violations(h["messages"], keep.messages))
            assert thinking_blocks(r.messages) == bound, h["id"]


# ----------------------------------------------------------------------------------------------------
# properties


@pytest.mark.parametrize("strategy", ["fill", "drop"])
def test_under_strip_changed_every_remaining_block_keeps_its_prefix(strategy: str) -> None:
    @PROPS
    @given(S.thinking_histories())
    def prop(h: list[Any]) -> None:
        r = processor.repair(h, "anthropic", strategy, thinking="strip_changed")  # type: ignore[arg-type]
        ctx = f"input: {orjson.dumps(h).decode()}\noutput: {orjson.dumps(r.messages).decode()}"
        assert violations(h, r.messages) == [], ctx
        assert [v for v in classic(r.messages) if v[0] != "invalid_role"] == [], ctx
        again = processor.repair(r.messages, "anthropic", strategy, thinking="strip_changed")  # type: ignore[arg-type]
        assert again.messages == r.messages and not again.changed, ctx
        # never more than the rule requires: what keep kept and the rule accepts is what strip kept
        keep = processor.repair(h, "anthropic", strategy, thinking="keep")  # type: ignore[arg-type]
        assert thinking_blocks(r.messages) == thinking_blocks(keep.messages) - len(violations(h, keep.messages)), ctx

    prop()


@pytest.mark.parametrize("thinking", ["keep", "strip_changed"])
def test_streaming_equals_batch_with_thinking(thinking: str) -> None:
    @PROPS
    @given(S.thinking_histories())
    def prop(h: list[Any]) -> None:
        batch = processor.repair(h, "anthropic", thinking=thinking, behaviour=False)  # type: ignore[arg-type]
        for round_trip in (False, True):
            cfg = RepairConfig(thinking=thinking)  # type: ignore[arg-type]
            t = Tracker("anthropic", cfg)
            out: list[Any] = []
            findings: list[Any] = []
            for i, m in enumerate(h):
                step = t.feed(m, tag=i)
                out.extend(e.message for e in step.messages)
                findings.extend(step.findings)
                if round_trip:
                    t = Tracker.from_state(orjson.loads(orjson.dumps(t.to_state())), cfg)
            step = t.finish()
            out.extend(e.message for e in step.messages)
            findings.extend(step.findings)
            assert out == batch.messages and findings == batch.findings, orjson.dumps(h).decode()

    prop()


def test_two_late_results_of_one_block_in_one_message_are_moved_once() -> None:
    # (found by the eval set: the held block was decided twice)
    h = [ant_user("go"), ant_asst(ant_use("a"), ant_use("b")), ant_user("any news?"),
         ant_user(ant_result("a"), ant_result("b")), ant_asst("done")]
    for strategy in ("fill", "drop"):
        r = processor.repair(h, "anthropic", strategy)  # type: ignore[arg-type]
        assert classic(r.messages) == []
        assert r.messages[2] == ant_user(ant_result("a"), ant_result("b"), ant_text("any news?"))
        assert len(r.messages) == 4


# ----------------------------------------------------------------------------------------------------
# the stream: records, headers, the event's model, the provider's own evidence


def _events(model: str | None) -> list[bytes]:
    msgs = interrupted()
    out = []
    for i, m in enumerate(msgs):
        ev: dict[str, Any] = {"conversation_id": "c1", "ts": 1_000 + i, "message": m, "dialect": "anthropic"}
        if model is not None:
            ev["model"] = model
        out.append(orjson.dumps(ev))
    out.append(orjson.dumps({"conversation_id": "c1", "ts": 2_000, "type": "end"}))  # decides a held block
    return out


def _run(values: list[bytes], cfg: Any, restore_each: bool = False) -> list[Any]:
    from processor.core.partition import PartitionProcessor

    p = PartitionProcessor("in", 0, cfg)
    log: dict[bytes, bytes | None] = {}
    out = []
    for off, v in enumerate(values):
        out.extend(p.process(off, b"c1", v))
        for k, val in p.take_changelog():
            log[k] = val
        if restore_each:  # a new owner after every record: the state carries where the prefix changed
            p = PartitionProcessor("in", 0, cfg)
            for k, val in log.items():
                p.restore(k, val)
            p.finish_restore()
    return out


@pytest.mark.parametrize("grace_ms", [0, 30_000])
@pytest.mark.parametrize("restore_each", [False, True])
def test_the_stream_strips_by_the_events_model_and_says_so_in_a_field_and_a_header(restore_each: bool,
                                                                                    grace_ms: int) -> None:
    from processor.core.config import EngineConfig

    cfg = EngineConfig(repair=RepairConfig(late_result_grace_ms=grace_ms))  # with a grace: held, then decided
    recs = _run(_events("claude-opus-5-5"), cfg, restore_each)
    repaired = [(orjson.loads(r.value), dict(r.headers)) for r in recs if r.kind == "repaired"]
    msgs = [v["message"] for v, _ in repaired]
    assert violations(interrupted(), msgs) == [] and classic(msgs) == []
    marked = [(v["index"], v["thinking"], h["toolmend-thinking"]) for v, h in repaired if "thinking" in v]
    assert marked == [(3, {"prefix_changed_at": 2, "invalid": 1, "stripped": 1},
                       b"prefix_changed_at=2;invalid=1;stripped=1"),
                      (5, {"prefix_changed_at": 2, "invalid": 1, "stripped": 1},
                       b"prefix_changed_at=2;invalid=1;stripped=1")]
    kinds = [orjson.loads(r.value)["kind"] for r in recs if r.kind == "findings"]
    assert kinds.count("thinking_prefix_changed") == 2
    # another model: kept, and reported
    recs = _run(_events("claude-sonnet-4-5"), cfg, restore_each)
    msgs = [orjson.loads(r.value)["message"] for r in recs if r.kind == "repaired"]
    assert len(violations(interrupted(), msgs)) == 2


def test_a_request_snapshot_record_says_where_the_prefix_changed() -> None:
    from processor.core.config import EngineConfig
    from processor.core.partition import PartitionProcessor

    p = PartitionProcessor("in", 0, EngineConfig())
    ev = {"conversation_id": "c1", "ts": 1, "type": "request", "model": "claude-fable-5-2", "dialect": "anthropic",
          "messages": interrupted()}
    recs = p.process(0, b"c1", orjson.dumps(ev))
    snap = next(r for r in recs if r.kind == "repaired")
    v = orjson.loads(snap.value)
    assert v["thinking"] == {"prefix_changed_at": 2, "invalid": 2, "stripped": 2, "first_invalid": [3, 0]}
    assert dict(snap.headers)["toolmend-thinking"] == b"prefix_changed_at=2;invalid=2;stripped=2"
    assert violations(interrupted(), v["messages"]) == []


def test_input_transformations_are_counted_and_mark_the_history_rewritten() -> None:
    from processor.core.config import EngineConfig
    from processor.core.partition import PartitionProcessor
    from processor.core.tally import Count, Tally

    tally = Tally()
    p = PartitionProcessor("in", 0, EngineConfig(), tally)
    response = {"role": "assistant", "content": [ant_text("ok")], "stop_reason": "end_turn",
                "input_transformations": [{"type": "thinking_block_dropped", "reason": "prefix_mismatch",
                                           "message_index": 1, "block_index": 0},
                                          {"type": "thinking_block_dropped", "reason": "prefix_mismatch",
                                           "message_index": 3, "block_index": 0}]}
    p.process(0, b"c1", orjson.dumps({"conversation_id": "c1", "ts": 1, "message": ant_user("hi"),
                                      "dialect": "anthropic", "model": "claude-opus-5-5"}))
    recs = p.process(1, b"c1", orjson.dumps({"conversation_id": "c1", "ts": 2, "message": response}))
    found = [orjson.loads(r.value) for r in recs if r.kind == "findings"]
    assert [(f["kind"], f["count"], f["severity"]) for f in found] == [("thinking_dropped_by_provider", 2, "warning")]
    counted = {k: n for k, n in tally.of(Count.FINDINGS).items() if k[0] == "thinking_dropped_by_provider"}
    assert list(counted.values()) == [1] and next(iter(counted))[5] == "claude-opus-5-5"
    assert p.store.convs["c1"].behaviour.regression.erased  # type: ignore[union-attr]


def test_the_worker_setting() -> None:
    from processor.shell.config import Settings

    cfg = Settings(bootstrap_servers="b:1").engine_config().repair
    assert cfg.thinking == "auto" and cfg.thinking_models is None
    cfg = Settings(bootstrap_servers="b:1", thinking="strip_changed", thinking_models="my-*, other-?").engine_config()
    assert cfg.repair.thinking == "strip_changed"
    assert cfg.repair.thinking_models is not None and cfg.repair.thinking_models.patterns == ("my-*", "other-?")


def test_a_state_written_before_the_thinking_keys_restores_to_the_same_decisions() -> None:
    """Layout-2 states written before `tc` / `tn` existed: the next expected index is the first message held."""
    h = [ant_user("go"), ant_asst(think(1), ant_use("a")), ant_user(ant_result("a")),
         ant_asst(think(2), ant_text("x")), ant_user("stop"), ant_asst(think(3), ant_use("b")), ant_user("again"),
         ant_asst(think(4), ant_text("ok"))]
    cfg = RepairConfig(strategy="drop", thinking="strip_changed")
    whole = processor.repair(h, "anthropic", "drop", thinking="strip_changed", behaviour=False)
    for cut in range(1, len(h)):
        t = Tracker("anthropic", cfg)
        out: list[Any] = []
        for m in h[:cut]:
            out.extend(e.message for e in t.feed(m).messages)
        st = orjson.loads(orjson.dumps(t.to_state()))
        assert "tc" not in st or st["tc"] >= 0
        if "tc" in st:
            continue  # a change already known: an older state could not have said so (docs/state.md)
        st.pop("tn", None)
        t = Tracker.from_state(st, cfg)
        for m in h[cut:]:
            out.extend(e.message for e in t.feed(m).messages)
        out.extend(e.message for e in t.finish().messages)
        assert out == whole.messages, cut
