"""Issue 31's table, measured: for every emitter recorded in tests/data/otel, in every encoding, how many of its
model-call spans toolmend read, and for how many of its conversations the findings are right.

    python bench/bench_otel_emitters.py [--write]

"Right" is judged against the truth, not against toolmend: the independent oracle (tests/support/oracle.py) run
on the request body the application really sent last in each conversation, which either a provider rejects (a
result missing: the conversation must have a structural finding) or accepts (it must have none). Behavioural
signals (erased history, text-only turns) are judged by their own labelled sets and left out. Spans read: the
request events made, against the model-call spans exported (log records of `event_only` joined to their span).
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchenv import ROOT, code_state, machine  # this folder: run as `python bench/bench_otel_emitters.py`

sys.path.insert(0, str(ROOT))

from processor.shell.otlp.decode import decode
from processor.shell.otlp.rekey import findings_by_conversation, offline
from tests.support import oracle

DATA = ROOT / "tests" / "data" / "otel"
BEHAVIOURAL = {"tool_history_erased", "text_only_regression"}
DIALECT = {"chat": "openai_chat", "messages": "anthropic", "responses": "openai_responses"}
FIRST = {"conv-parallel": "Paris and in Rome", "conv-partial": "Lisbon and to Porto",
         "conv-interrupted": "table for two", "conv-chained": "weather in Lyon"}


def _records(doc: dict[str, Any], signal: str, enc: str) -> list[bytes]:
    part = doc.get(signal) or {}
    return [r.encode() if enc.endswith("json") else base64.b64decode(r) for r in part.get(enc) or []]


def truth(doc: dict[str, Any]) -> dict[str, bool]:
    """Per conversation: whether the last request the application sent is one a provider rejects."""
    bodies = [r["body"] for r in doc["requests"]]
    out: dict[str, bool] = {}
    for cid, first in FIRST.items():
        mine = [b for b in bodies if first in json.dumps(b.get("messages") or b.get("input") or [],
                                                         ensure_ascii=False)]
        if not mine:
            continue
        if cid == "conv-chained":  # the chained request's history is the whole chain: healthy as sent
            out[cid] = False
            continue
        hist = mine[-1].get("messages") or mine[-1].get("input")
        out[cid] = bool(oracle.validate(hist, DIALECT[doc["api"]]))  # type: ignore[arg-type]
    return out


def measure(doc: dict[str, Any], enc: str) -> dict[str, Any]:
    recs = _records(doc, "traces", enc) + _records(doc, "logs", enc)
    spans = [s for r in _records(doc, "traces", enc) for s in decode(r)]
    calls = sum(1 for s in spans if s["attributes"].get("gen_ai.operation.name") in ("chat", None)
                and s["name"] != "agent run" and not s["name"].startswith(("invoke_agent", "agent run", "running")))
    outs = offline(recs)
    read = sum(1 for r in outs if r.kind == "repaired")
    got = {k: v - BEHAVIOURAL for k, v in findings_by_conversation(outs).items()}
    t = truth(doc)
    right = sum(1 for cid, rejected in t.items() if cid in got and bool(got[cid]) == rejected)
    return {"model_call_spans": calls, "events": read, "dead_letters": sum(1 for r in outs if r.kind == "dead_letter"),
            "conversations": len(t), "findings_right": right}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true", help="write bench/results/otel_emitters.json")
    a = ap.parse_args()
    rows: dict[str, Any] = {}
    for f in sorted(DATA.glob("*.json")):
        doc = json.loads(f.read_text())
        rows[f.stem] = {"packages": doc["packages"], "api": doc["api"],
                        **{enc: measure(doc, enc) for enc in ("otlp_proto", "otlp_json", "redpanda_proto",
                                                              "redpanda_json")}}
        r = rows[f.stem]["otlp_proto"]
        print(f"{f.stem:32} events {r['events']:>2} of {r['model_call_spans']:>2} model-call spans; findings right "
              f"{r['findings_right']} of {r['conversations']}; "
              + " ".join(f"{e}={rows[f.stem][e]['findings_right']}/{rows[f.stem][e]['conversations']}"
                         for e in ("otlp_json", "redpanda_proto", "redpanda_json")))
    if a.write:
        result = {"bench": "otel_emitters", "date": datetime.now(UTC).isoformat(timespec="seconds"),
                  "command": "python bench/bench_otel_emitters.py --write", "machine": machine(),
                  "code": code_state(), "emitters": rows}
        out = ROOT / "bench" / "results" / "otel_emitters.json"
        Path(out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        print(f"written {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
