"""Every judged text-only turn of labelled conversations with its score: what `text_only_regression` decided and why
(the served request it matched, the score, the reply, the request), to find false-alarm mechanisms on dev data and
the turns just below the threshold. Refuses a blind folder.

    python bench/list_regression_turns.py bench/eval/real5/dev [--min-score 0.3]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from eval.load import read_jsonl, record_files

import processor
from processor.core import behaviour


def _request_text(messages: list[dict[str, Any]], index: int) -> str:
    for m in reversed(messages[:index]):
        if m.get("role") == "user":
            return json.dumps(m.get("content") if "content" in m else m.get("parts"), ensure_ascii=False)[:240]
    return ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folders", nargs="+", type=Path)
    ap.add_argument("--min-score", type=float, default=0.3, help="list turns scored from this (and every finding)")
    a = ap.parse_args()
    if any("blind" in part for f in a.folders for part in f.parts):
        print("a blind folder is never listed record by record", file=sys.stderr)
        return 2
    log: list[dict[str, Any]] = []
    decide = behaviour.Behaviour._decide

    def traced(self: behaviour.Behaviour, turn: Any, obs: Any, model: Any, app_version: Any, claim: Any = None,
               reply: str = "") -> Any:
        out = decide(self, turn, obs, model, app_version, claim, reply)
        if turn is not None and turn.outcome == "text_only" and turn.score >= 0:
            log.append({"index": turn.index, "score": round(turn.score, 3), "detail": turn.detail,
                        "found": [f.kind.value for f in out], "claim": None if claim is None else claim.rule,
                        "reply": reply[:240]})
        return out

    behaviour.Behaviour._decide = traced  # type: ignore[method-assign]
    for folder in a.folders:
        for f in record_files(folder):
            for rec in read_jsonl(f):
                log.clear()
                processor.repair({"messages": rec["messages"], "system": rec.get("system"),
                                  "tools": rec.get("tools")}, dialect=rec.get("dialect") or "auto")
                truth = {lab["index"] for lab in (rec.get("labels") or {}).get("text_only_regression") or ()}
                for e in log:
                    if e["score"] >= a.min_score or e["found"]:
                        e["labelled"] = e["index"] in truth
                        e["request"] = _request_text(rec["messages"], e["index"])
                        print(f"{f.parent.parent.name}/{f.name}", rec["id"], json.dumps(e, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
