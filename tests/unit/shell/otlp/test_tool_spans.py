"""Tool spans of real emitters joined to the calls of their conversations: util-genai 1.3b0's execute_tool spans
(recorded live, the conversation named on the model calls only: joined through their trace) and pydantic-ai
2.78's (recorded fixture, tests/data/otel_tools/), in every encoding the Collector and Redpanda Connect write."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import orjson
import pytest

from processor.core.config import EngineConfig
from processor.core.partition import OutRecord, PartitionProcessor
from processor.core.tally import Count
from processor.shell.otlp.rekey import findings_by_conversation, offline
from tests.support.otel_spans import EXPECTED_TOOL_FINDINGS, collector_records, record_official_tools

DATA = Path(__file__).resolve().parents[3] / "data" / "otel_tools"
ENCODINGS = ("otlp_proto", "otlp_json", "redpanda_proto", "redpanda_json")
BEHAVIOURAL = {"tool_history_erased", "text_only_regression"}
PYDANTIC = {"conv-tool-ok": {"dangling_tool_call", "tool_result_lost"}, "conv-tool-error": {"dangling_tool_call"},
            "conv-tool-none": {"dangling_tool_call"}}


def structural(outs: list[OutRecord]) -> dict[str, set[str]]:
    return {k: v - BEHAVIOURAL for k, v in findings_by_conversation(outs).items()}


def placeholders(outs: list[OutRecord]) -> dict[str, list[str]]:
    """The synthesized results of each conversation's last snapshot."""
    got: dict[str, list[str]] = {}
    for r in outs:
        if r.kind == "repaired":
            v = orjson.loads(r.value or b"")
            got[v["conversation_id"]] = [str(p.get("response")) for m in v["messages"] for p in m.get("parts", ())
                                         if p.get("type") == "tool_call_response"]
    return got


def fixture_records(encoding: str) -> list[bytes]:
    doc: dict[str, Any] = json.loads((DATA / "pydantic-ai-tools-openai.json").read_text())
    return [r.encode() if encoding.endswith("json") else base64.b64decode(r) for r in doc["traces"][encoding]]


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_pydantic_ai_tool_spans_decide_the_placeholders(encoding: str) -> None:
    proc = PartitionProcessor("otlp-repartition", 0, EngineConfig())
    outs = offline(fixture_records(encoding), proc=proc)
    assert [r for r in outs if r.kind == "dead_letter"] == []
    assert structural(outs) == PYDANTIC
    got = placeholders(outs)
    assert "ran and completed at" in got["conv-tool-ok"][0] and "book_table" in got["conv-tool-ok"][0]
    error = got["conv-tool-error"][0]
    assert "ended in a deterministic error at" in error and "(ValueError;" in error
    assert "ran and" not in got["conv-tool-none"][0]
    # every run joined its call: none is left unjoined once the conversations end
    assert proc.obs.of(Count.TOOL_SPANS).get(("dropped",)) is None
    assert all(c.runs is None or c.runs.unjoined() == 0 for c in proc.convs.values())
    runs = {k[:2] for k in proc.obs.of(Count.TOOL_RUNS)}
    assert runs == {("book_table", "ok"), ("get_weather", "error_deterministic")}


def test_pydantic_ai_tool_spans_off_change_nothing() -> None:
    outs = offline(fixture_records("otlp_proto"), EngineConfig(tool_spans=False))
    assert structural(outs) == {c: {"dangling_tool_call"} for c in PYDANTIC}


@pytest.fixture(scope="module")
def official_spans() -> Any:
    return record_official_tools()


@pytest.mark.parametrize("encoding", ("otlp_proto", "otlp_json"))
def test_util_genai_tool_spans_join_through_their_trace(official_spans: Any, encoding: str) -> None:
    spans = official_spans
    assert sum(1 for s in spans if s.name.startswith("execute_tool")) == 3
    assert not any("gen_ai.conversation.id" in (s.attributes or {}) for s in spans
                   if s.name.startswith("execute_tool"))
    outs = offline(collector_records(spans, encoding))
    assert [r for r in outs if r.kind == "dead_letter"] == []
    assert structural(outs) == EXPECTED_TOOL_FINDINGS
    got = placeholders(outs)
    lost = next(s for s in spans if s.name == "execute_tool set_volume" and s.attributes.get(
        "gen_ai.tool.call.id") == "call_l1")
    assert f"span {lost.context.span_id:016x}" in got["conv-lost"][0]
    assert "ended in a timeout at" in got["conv-tool-timeout"][0] and "(TimeoutError;" in got["conv-tool-timeout"][0]
