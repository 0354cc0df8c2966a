"""The detectors on the generator's unbacked claims (`toolmend generate`, synth/claims.py): a figure, not a target.

The generated claims are written from the generator's own tasks and templates, not from real model output, so
this says how the shipped detectors read the synthetic traffic the demo and the backfill show (whether the
dashboards' unbacked-claims panels have something to draw, and what the text-only-regression panels count that
the truth does not), never how they do on real traffic (bench/eval_unbacked.py). The traffic goes through the
worker's engine (`PartitionProcessor`, one partition); conversations the stream leaves open are ended after it,
so that every reply is judged. A finding is matched to the truth by (conversation, message index); `tool_right`
counts the matched ones that also name the claimed tool.

    python bench/eval_synth_claims.py --out bench/results/eval_synth_claims.json
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from processor.core.events import parse_ts
from processor.core.partition import PartitionProcessor
from processor.synth.generate import FaultRates, GeneratedEvent, generate

KINDS = ("unbacked_claim", "text_only_regression")


def findings(events: list[GeneratedEvent]) -> list[dict[str, Any]]:
    """Every behavioural finding of the engine on `events` (one partition), open conversations ended after."""
    proc = PartitionProcessor("in", 0)
    out: list[dict[str, Any]] = []

    def take(offset: int, key: bytes | None, value: bytes) -> None:
        for r in proc.process(offset, key, value):
            if r.kind == "findings":
                d = orjson.loads(r.value)
                if d["kind"] in KINDS:
                    out.append(d)

    for offset, e in enumerate(events):
        take(offset, e.key, e.value)
    last = max(parse_ts(orjson.loads(e.value)["ts"]) for e in events if e.dead_letter is None)
    offset = len(events)
    for cid in list(proc.convs) + list(proc.cold):
        take(offset, cid.encode(), orjson.dumps({"conversation_id": cid, "ts": last, "type": "end"}))
        offset += 1
    return out


def _pr(tp: int, fp: int, fn: int) -> dict[str, Any]:
    return {"tp": tp, "fp": fp, "fn": fn, "precision": round(tp / (tp + fp), 3) if tp + fp else None,
            "recall": round(tp / (tp + fn), 3) if tp + fn else None}


def grade(n: int, seed: int, rate: float) -> dict[str, Any]:
    events, truth = generate(n, seed=seed, rates=replace(FaultRates(), unbacked_claim=rate))
    found = findings(events)
    claims: dict[tuple[str, int], tuple[str, str, str]] = {}  # (conversation, index) -> (shape, language, tool)
    regressions: set[tuple[str, int]] = set()
    for c in truth.conversations:
        for x in c.faults:
            if x["fault"] == "unbacked_claim":
                claims[(c.conversation_id, x["index"])] = (x["claim"], c.language, x["tools"][0])
        regressions |= {(c.conversation_id, f.index) for f in c.findings
                        if f.kind.value == "text_only_regression" and f.index is not None}
    got = {(d["conversation_id"], d["index"]): d for d in found if d["kind"] == "unbacked_claim"}
    tp = set(got) & set(claims)
    cells: dict[str, Any] = {}
    for shape in sorted({v[0] for v in claims.values()}):
        for lang in ("en", "zh"):
            keys = [k for k, v in claims.items() if v[:2] == (shape, lang)]
            hit = [k for k in keys if k in got]
            cells[f"{shape}/{lang}"] = {"claims": len(keys), "found": len(hit),
                                        "recall": round(len(hit) / len(keys), 3) if keys else None}
    by_tool: Counter[str] = Counter(v[2] for v in claims.values())
    found_by_tool: Counter[str] = Counter(claims[k][2] for k in tp)
    reg = {(d["conversation_id"], d["index"]) for d in found if d["kind"] == "text_only_regression"}
    return {
        "conversations": n, "seed": seed, "unbacked_claim_rate": rate, "claims": len(claims),
        "unbacked_claim": {**_pr(len(tp), len(set(got) - set(claims)), len(set(claims) - set(got))),
                           "tool_right": sum(1 for k in tp if got[k].get("tool") == claims[k][2])},
        "by_shape_and_language": cells,
        "recall_by_tool": {t: f"{found_by_tool[t]}/{by_tool[t]}" for t in sorted(by_tool)},
        "text_only_regression": {**_pr(len(reg & regressions), len(reg - regressions), len(regressions - reg)),
                                 "false_on_claim_replies": len(reg & set(claims))},
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--conversations", type=int, default=2000)
    p.add_argument("--seeds", default="1,2")
    p.add_argument("--rates", default="0.02,0.1", help="unbacked_claim rates (the default and a denser one)")
    p.add_argument("--out", type=Path)
    a = p.parse_args(argv)
    runs = [grade(a.conversations, int(s), float(r)) for r in a.rates.split(",") for s in a.seeds.split(",")]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).parent).stdout.strip()
    result = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "commit": commit,
              "load_average": os.getloadavg(), "runs": runs}
    text = json.dumps(result, indent=1, ensure_ascii=False)
    if a.out:
        a.out.write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
