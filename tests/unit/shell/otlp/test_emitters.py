"""Every emitter as it exports today: the recorded spans (and log records) of the real instrumentations
(tests/data/otel/*.json, made by tools/otel_fixtures/record.py against loopback stubs of the Chat Completions,
Responses and Messages APIs), read in each encoding the Collector's Kafka exporter writes and as Redpanda
Connect writes them (one span per message), must give the findings the application's real request bodies call
for. The truth is twofold: what each conversation was scripted to do (below), and the independent oracle
(tests/support/oracle.py) run on the request bodies the stub received."""

from __future__ import annotations

import base64
import json
from functools import cache
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from processor.core.partition import OutRecord
from processor.shell.otlp.decode import decode
from processor.shell.otlp.rekey import findings_by_conversation, offline
from tests.support import oracle

DATA = Path(__file__).resolve().parents[3] / "data" / "otel"
FIXTURES = sorted(p.stem for p in DATA.glob("*.json"))
#: the structural findings each conversation calls for (the behavioural signals are judged by their own sets)
EXPECTED = {
    "conv-parallel": set(),  # two calls answered (on Anthropic in one user message, then text); thinking kept
    "conv-partial": {"dangling_tool_call", "partial_parallel_results"},  # one of two results missing
    "conv-interrupted": {"dangling_tool_call"},  # the user's text instead of the result
    # Responses: the result sent alone after `previous_response_id` (genai-openai 1.3b0 records neither the previous
    # response id nor the earlier items): joined to the request before it, not an orphan
    "conv-chained": set(),
}
#: pydantic-ai closes a call left without its result itself before it sends the history ("The tool call was
#: interrupted before a result was produced."), so its requests are healthy: the truth (its request bodies) says so
SELF_REPAIRING = {"pydantic-ai-openai", "pydantic-ai-anthropic"}
BEHAVIOURAL = {"tool_history_erased", "text_only_regression"}
#: fixtures whose content is on the spans (an `event_only` one has it in its log records)
SPAN_FIXTURES = [f for f in FIXTURES if "event-only" not in f]
ENCODINGS = ("otlp_proto", "otlp_json", "redpanda_proto", "redpanda_json")
ORACLE_DIALECT = {"chat": "openai_chat", "messages": "anthropic", "responses": "openai_responses"}


@cache
def fixture(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text())
    return doc


def records(doc: dict[str, Any], encoding: str, signal: str = "traces") -> list[bytes]:
    got = doc[signal][encoding]
    return [r.encode() if encoding.endswith("json") else base64.b64decode(r) for r in got]


def structural(outs: list[OutRecord]) -> dict[str, set[str]]:
    return {k: v - BEHAVIOURAL for k, v in findings_by_conversation(outs).items()}


def test_every_emitter_of_the_issue_has_a_fixture() -> None:
    assert {"genai-openai-chat", "genai-openai-responses", "genai-anthropic", "genai-langchain", "anthropic-sdk",
            "openllmetry-openai", "openllmetry-anthropic", "logfire-openai", "logfire-anthropic",
            "pydantic-ai-openai", "pydantic-ai-anthropic", "openai-v2-chat"} <= set(FIXTURES)


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("name", SPAN_FIXTURES)
def test_the_emitters_spans_give_the_findings_of_its_conversations(name: str, encoding: str) -> None:
    doc = fixture(name)
    recs = records(doc, encoding)
    outs = offline(recs)
    assert [r for r in outs if r.kind == "dead_letter"] == []
    got = structural(outs)
    want = {c: set() if name in SELF_REPAIRING else EXPECTED[c] for c in got}
    assert got == want
    assert set(got) >= {"conv-parallel", "conv-partial", "conv-interrupted"}
    # every model call span was read: one repaired snapshot each
    spans = [s for r in recs for s in decode(r)]
    calls = [s for s in spans if s["attributes"].get("gen_ai.operation.name") in (None, "chat")
             and (s["attributes"].get("gen_ai.input.messages") is not None or s["events"])]
    assert len([r for r in outs if r.kind == "repaired"]) >= len(calls)


@pytest.mark.parametrize("name", SPAN_FIXTURES)
def test_the_oracle_on_the_real_request_bodies_agrees(name: str) -> None:
    """The last request of each conversation, judged by the oracle on the bodies the application sent, is
    rejected exactly when toolmend reports a structural finding for that conversation."""
    doc = fixture(name)
    dialect = ORACLE_DIALECT[doc["api"]]
    outs = offline(records(doc, "otlp_proto"))
    got = structural(outs)
    bodies = [r["body"] for r in doc["requests"]]
    # the conversations' requests in order: each opens with its first user text
    for cid, first in (("conv-parallel", "Paris and in Rome"), ("conv-partial", "Lisbon and to Porto"),
                       ("conv-interrupted", "table for two")):
        mine = [b for b in bodies if first in json.dumps(b.get("messages") or b.get("input") or [],
                                                           ensure_ascii=False)]
        assert mine, cid
        history = mine[-1].get("messages") or mine[-1].get("input")
        rejected = bool(oracle.validate(history, dialect))  # type: ignore[arg-type]
        assert rejected == bool(got.get(cid)), (cid, oracle.validate(history, dialect))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", [f for f in FIXTURES if fixture(f)["api"] == "messages" and fixture(f)["spans"]])
def test_the_thinking_block_of_anthropic_emitters_stays_in_the_history(name: str) -> None:
    outs = offline(records(fixture(name), "otlp_json"))
    snaps = [orjson.loads(r.value or b"") for r in outs if r.kind == "repaired"]
    parallel = [s for s in snaps if s["conversation_id"] == "conv-parallel"]
    text = json.dumps(parallel[-1]["messages"], ensure_ascii=False)
    assert "look both up at once" in text
    # the results that came in one user message are tool messages of their own, before the user's text
    roles = [m["role"] for m in parallel[-1]["messages"]]
    k = roles.index("tool")
    assert roles[k:k + 3] == ["tool", "tool", "user"]


# -- log records: the `event_only` capture mode ---------------------------------------------------------------
EVENT_ONLY = "genai-openai-chat-event-only"


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("order", ["logs_first", "spans_first", "interleaved"])
def test_log_records_are_the_content_of_the_inference_they_belong_to(encoding: str, order: str) -> None:
    doc = fixture(EVENT_ONLY)
    spans, logs = records(doc, encoding), records(doc, encoding, "logs")
    assert doc["log_records"] == doc["spans"] == 6 and len(logs) == (6 if encoding.startswith("redpanda") else 2)
    if order == "logs_first":
        recs = logs + spans
    elif order == "spans_first":
        recs = spans + logs
    else:
        recs = [r for pair in zip(logs, spans, strict=False) for r in pair] + logs[len(spans):] + spans[len(logs):]
    outs = offline(recs)
    assert [r for r in outs if r.kind == "dead_letter"] == []
    # keyed by the span's conversation id (the log records carry none), one snapshot per inference
    assert structural(outs) == {c: EXPECTED[c] for c in ("conv-parallel", "conv-partial", "conv-interrupted")}
    assert len([r for r in outs if r.kind == "repaired"]) == 6


def test_log_and_trace_exports_are_told_apart_by_their_structure() -> None:
    doc = fixture(EVENT_ONLY)
    for enc in ENCODINGS:
        assert all(s.get("log") is True for r in records(doc, enc, "logs") for s in decode(r))
        assert all("log" not in s for r in records(doc, enc) for s in decode(r))


def test_a_log_record_whose_span_never_comes_is_an_event_alone() -> None:
    doc = fixture(EVENT_ONLY)
    outs = offline(records(doc, "otlp_proto", "logs"))
    snaps = [r for r in outs if r.kind == "repaired"]
    assert len(snaps) == 6  # keyed by their trace ids: nothing is lost


_ids = st.tuples(st.binary(min_size=16, max_size=16), st.binary(min_size=8, max_size=8))
_text = st.text(max_size=40)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2**64 - 1), st.integers(0, 24), _text, _text, _ids,
                          st.dictionaries(_text, _text, max_size=3), st.booleans()), min_size=1, max_size=4))
def test_no_log_export_reads_as_a_trace_export(recs: list[Any]) -> None:
    """Each log export (whatever its times, bodies and attributes) decodes as log records: never as spans, which a
    parse of its bytes as a trace export often gives."""
    from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue
    from opentelemetry.proto.logs.v1.logs_pb2 import LogsData

    msg = LogsData()
    sl = msg.resource_logs.add().scope_logs.add()
    for t, sev, body, name, (tid, sid), attrs, with_ids in recs:
        r = sl.log_records.add(time_unix_nano=t, severity_number=sev, event_name=name,  # type: ignore[arg-type]
                               body=AnyValue(string_value=body))
        if with_ids:
            r.trace_id, r.span_id = tid, sid
        r.attributes.extend(KeyValue(key=k, value=AnyValue(string_value=v)) for k, v in attrs.items())
    got = decode(msg.SerializeToString())
    assert len(got) == len(recs) and all(s.get("log") is True for s in got)


def test_a_span_marked_compacted_gives_a_compacted_request() -> None:
    from processor.core.otlp import map_span

    msgs = '[{"role": "user", "parts": [{"type": "text", "content": "and Rome?"}]}]'
    span = {"trace_id": "1" * 32, "span_id": "2" * 16, "end_ns": 10**18,
            "attributes": {"gen_ai.operation.name": "chat", "gen_ai.conversation.id": "c",
                           "gen_ai.input.messages": msgs, "gen_ai.conversation.compacted": True}}
    o = map_span(span)
    assert o.value is not None and o.value["compacted"] is True
    span["attributes"].pop("gen_ai.conversation.compacted")  # type: ignore[attr-defined]
    o = map_span(span)
    assert o.value is not None and "compacted" not in o.value
