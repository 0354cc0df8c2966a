"""Retry boundaries live: a JSON-event stream with failed results and retries, through a worker on the broker,
yields its findings on the later calls, and the outcome and retry series reach a real Prometheus."""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import orjson
import pytest

from tests.integration.harness import (
    by_id,
    caught_up,
    create,
    event,
    expected,
    produce,
    read_all,
    settings_for,
    wait_until,
    worker,
)
from tests.support.brokers import free_port
from tests.support.prometheus import binary

pytestmark = [pytest.mark.kafka, pytest.mark.prometheus, pytest.mark.timeout(180)]

T0 = 1_767_000_000_000
MOVE = '{"ticket_id": 42, "status": "in_progress"}'


def call(cid: str, name: str, args: str) -> dict[str, Any]:
    return {"role": "assistant", "content": None,
            "tool_calls": [{"id": cid, "type": "function", "function": {"name": name, "arguments": args}}]}


def result(cid: str, content: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": cid, "content": content}


def conversations() -> list[tuple[bytes, bytes]]:
    user = {"role": "user", "content": "move ticket 42 to in progress"}
    blind = [user, call("a1", "update_ticket", MOVE), result("a1", '{"error": {"code": "DEADLINE_EXCEEDED"}}'),
             call("a2", "update_ticket", MOVE), result("a2", "moved"), {"role": "assistant", "content": "Moved."}]
    futile = [user, call("b1", "get_ticket", '{"ticket_id": 42}'), result("b1", '{"error": "NOT_FOUND"}'),
              call("b2", "get_ticket", '{"ticket_id": 42}'), result("b2", '{"error": "NOT_FOUND"}'),
              {"role": "assistant", "content": "Done! The ticket has been moved."}]
    checked = [user, call("c1", "update_ticket", MOVE), result("c1", "Error: request timed out"),
               call("c2", "get_ticket", '{"ticket_id": 42}'), result("c2", "status: open"),
               call("c3", "update_ticket", MOVE), result("c3", "moved")]
    out = []
    for cid, msgs in (("conv-blind", blind), ("conv-futile", futile), ("conv-checked", checked)):
        out += [event(cid, T0 + 1000 * i, m, type="message") for i, m in enumerate(msgs)]
    return out


def scrape_with_prometheus(tmp: Path, metrics_port: int, queries: list[str]) -> dict[str, float]:
    """Start Debian's prometheus scraping the worker every second; the value of each query once all have data."""
    prometheus = binary("prometheus")
    prom_port = free_port()
    config = {"global": {"scrape_interval": "1s", "scrape_timeout": "1s"},
              "scrape_configs": [{"job_name": "toolmend", "static_configs": [
                  {"targets": [f"127.0.0.1:{metrics_port}"], "labels": {"mode": "live"}}]}]}
    (tmp / "prometheus.yml").write_text(json.dumps(config))
    with (tmp / "prometheus.log").open("wb") as log:
        prom = subprocess.Popen([prometheus, f"--config.file={tmp / 'prometheus.yml'}",
                                 f"--storage.tsdb.path={tmp / 'data'}", f"--web.listen-address=127.0.0.1:{prom_port}",
                                 "--log.level=warn"], cwd=tmp, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        got: dict[str, float] = {}
        while time.monotonic() < deadline and len(got) < len(queries):
            for q in queries:
                url = f"http://127.0.0.1:{prom_port}/api/v1/query?" + urllib.parse.urlencode({"query": q})
                try:
                    with urllib.request.urlopen(url, timeout=2) as r:
                        res = json.load(r)["data"]["result"]
                except OSError:
                    continue
                if res:
                    got[q] = sum(float(x["value"][1]) for x in res)
            time.sleep(0.5)
        return got
    finally:
        prom.terminate()
        prom.wait(10)


async def test_retries_are_found_and_their_series_reach_prometheus(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, partitions=2, non_idempotent_tools="update_ticket")
    await create(s)
    n = await produce(broker.bootstrap, s.input_topic, conversations())
    queries = ['toolmend_tool_retries_total{kind="blind",tool="update_ticket"}',
               'toolmend_tool_retries_total{kind="futile",tool="get_ticket"}',
               'toolmend_tool_results_total{outcome="timeout",tool="update_ticket"}',
               'toolmend_tool_results_total{outcome="error_deterministic",tool="get_ticket"}',
               'toolmend_findings_total{kind="blind_retry"}']
    async with worker(s) as w:
        await wait_until(lambda: caught_up(s, n), 60)
        port = w.http_port  # type: ignore[attr-defined]
        scraped = await asyncio.to_thread(scrape_with_prometheus, tmp_path, port, queries)
    # two timeouts of update_ticket (the blind and the checked retry), two NOT_FOUND of get_ticket
    assert scraped == {queries[0]: 1.0, queries[1]: 1.0, queries[2]: 2.0, queries[3]: 2.0, queries[4]: 1.0}

    findings = [orjson.loads(v) for v in by_id(await read_all(broker.bootstrap, s.findings_topic or "")).values()
                if v is not None]
    retry = sorted((f["conversation_id"], f["kind"], f["index"], f.get("call_id")) for f in findings
                   if f["kind"] in ("futile_retry", "blind_retry", "retry_limit_exceeded",
                                    "failed_retry_success_claim"))
    assert retry == [("conv-blind", "blind_retry", 3, "a2"),
                     ("conv-futile", "failed_retry_success_claim", 5, None),
                     ("conv-futile", "futile_retry", 3, "b2")]
    # the live worker wrote what the offline engine writes over the same input
    inputs = await read_all(broker.bootstrap, s.input_topic)
    want = expected(inputs, s)
    assert {k: v for k, v in by_id(await read_all(broker.bootstrap, s.findings_topic or "")).items()} == \
        {r["id"]: r["value"] for r in want["findings"]}
