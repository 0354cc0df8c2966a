"""`toolmend run --input-format otlp` on a real broker with today's emitters' output: the `event_only` capture mode
of genai-openai 1.3b0 (spans without content on the traces topic, their log records with the content on a logs
topic, the log records first), and spans of the Anthropic SDK's own tracing one per record as Redpanda Connect
writes them. The spans and log records are the real ones recorded in tests/data/otel (the live run of an
instrumentation against a loopback stub is test_otlp_worker.py's, with genai-openai 1.3b0)."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import orjson
import pytest
from aiokafka import AIOKafkaProducer

from processor.shell.kafka import ensure_topics
from tests.integration.harness import read_all, settings_for, wait_until
from tests.integration.test_otlp_worker import otlp_run

pytestmark = pytest.mark.kafka
DATA = Path(__file__).resolve().parents[1] / "data" / "otel"
STRUCTURAL = {"conv-parallel": set(), "conv-partial": {"dangling_tool_call", "partial_parallel_results"},
              "conv-interrupted": {"dangling_tool_call"}}


def _records(name: str, signal: str, encoding: str) -> list[bytes]:
    doc: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text())
    return [r.encode() if encoding.endswith("json") else base64.b64decode(r) for r in doc[signal][encoding]]


async def _produce(bootstrap: str, topic: str, values: list[bytes]) -> None:
    p = AIOKafkaProducer(bootstrap_servers=bootstrap, max_request_size=8 << 20)
    await p.start()
    try:
        for v in values:
            await (await p.send(topic, v))
    finally:
        await p.stop()


async def _run_and_read(broker: Any, s: Any, n: int) -> dict[str, set[str]]:
    async with otlp_run(s):
        async def done() -> bool:
            return len(await read_all(broker.bootstrap, s.output_topic, timeout_s=10, idle_s=0.3)) >= n
        await wait_until(done, 90, every=1.0)
    out = await read_all(broker.bootstrap, s.output_topic)
    findings = await read_all(broker.bootstrap, s.findings_topic or "")
    assert await read_all(broker.bootstrap, s.dlq_topic) == []
    assert len(out) == n
    kinds: dict[str, set[str]] = {r.key.decode(): set() for r in out if r.key is not None}
    for r in findings:
        assert r.key is not None
        k = orjson.loads(r.value or b"")["kind"]
        if k not in ("text_only_regression", "tool_history_erased"):
            kinds[r.key.decode()].add(k)
    return kinds


@pytest.mark.parametrize("encoding", ["otlp_proto", "otlp_json"])
async def test_event_only_log_records_on_their_topic_are_joined_to_their_spans(broker, encoding) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, input_format="otlp", partitions=1)
    s = s.model_copy(update={"otlp_logs_topic": s.input_topic + ".logs"})
    big = {"max.message.bytes": str(8 << 20)}
    await ensure_topics(s, [(s.input_topic, 1, big), (s.otlp_logs_topic or "", 1, big)])
    name = "genai-openai-chat-event-only"
    await _produce(broker.bootstrap, s.otlp_logs_topic or "", _records(name, "logs", encoding))  # content first
    await _produce(broker.bootstrap, s.input_topic, _records(name, "traces", encoding))
    assert await _run_and_read(broker, s, 6) == STRUCTURAL  # by the spans' conversation ids


@pytest.mark.parametrize("encoding", ["redpanda_proto", "redpanda_json"])
async def test_one_span_per_record_as_redpanda_connect_writes_them(broker, encoding) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, input_format="otlp", partitions=1)
    await ensure_topics(s, [(s.input_topic, 1, {"max.message.bytes": str(8 << 20)})])
    await _produce(broker.bootstrap, s.input_topic, _records("anthropic-sdk", "traces", encoding))
    assert await _run_and_read(broker, s, 6) == STRUCTURAL


def test_the_demo_on_otlp_input_finds_what_the_offline_pass_finds() -> None:
    """`toolmend demo --input-format otlp`: every emitter's spans and log records through its embedded Tansu, the
    stage and the worker; each row of its summary equals the offline pass's."""
    import os
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-c", "import sys; from processor.shell.cli import main; "
                        "sys.exit(main(['demo', '--input-format', 'otlp', '--conversations', '80', '--report', '', "
                        "'--metrics-port', '0']))"], capture_output=True, text=True, timeout=240,
                       env={k: v for k, v in os.environ.items() if not k.startswith("TOOLMEND_")})
    assert r.returncode == 0, r.stderr[-2000:]
    out = r.stdout
    assert "<- differs" not in out, out
    assert "finding dangling_tool_call" in out and "events judged" in out


TOOLS = Path(__file__).resolve().parents[1] / "data" / "otel_tools" / "pydantic-ai-tools-openai.json"


@pytest.mark.parametrize("encoding", ["otlp_proto", "redpanda_json"])
async def test_tool_spans_of_a_real_emitter_decide_the_placeholders(broker, encoding) -> None:  # type: ignore[no-untyped-def]
    """pydantic-ai 2.78 running its own tools: its execute_tool spans reach the worker through the re-keying stage
    as tool_run events; the run that completed gives `tool_result_lost` and a placeholder saying so, the one that
    failed names its error class, the call that never ran keeps the plain placeholder; the series count them."""
    s = settings_for(broker.bootstrap, input_format="otlp", partitions=1)
    await ensure_topics(s, [(s.input_topic, 1, {"max.message.bytes": str(8 << 20)})])
    doc: dict[str, Any] = json.loads(TOOLS.read_text())
    values = [r.encode() if encoding.endswith("json") else base64.b64decode(r) for r in doc["traces"][encoding]]
    await _produce(broker.bootstrap, s.input_topic, values)
    kinds = await _run_and_read(broker, s, 6)
    assert kinds == {"conv-tool-ok": {"dangling_tool_call", "tool_result_lost"},
                     "conv-tool-error": {"dangling_tool_call"}, "conv-tool-none": {"dangling_tool_call"}}
    texts: dict[str, str] = {}
    for r in await read_all(broker.bootstrap, s.output_topic):
        v = orjson.loads(r.value or b"")
        for m in v["messages"]:
            for p in m.get("parts", ()):
                if p.get("type") == "tool_call_response":
                    texts[v["conversation_id"]] = str(p.get("response"))
    assert "ran and completed at" in texts["conv-tool-ok"]
    assert "deterministic error at" in texts["conv-tool-error"] and "(ValueError;" in texts["conv-tool-error"]
    assert "ran and" not in texts["conv-tool-none"]
