"""Precision and recall of the behavioural signals on labelled conversation sets (data files, JSON lines).

    python bench/eval_regression.py [PATH ...] [--json OUT] [--errors] [--speed]

PATH is a .jsonl file or a directory of them (default: the sets listed in SETS). Figures come from the library
call as users make it, `processor.repair(...)` with `dialect="auto"`, reading `.findings`; a record's `system`
and `tools` are passed through the object form (`{"messages": ..., "system": ..., "tools": ...}`).

Records (both layouts are read):

* `input: "stream"` (or no `input`): `messages` is the history; a `text_only_regression` label is the index of
  the assistant message (`snapshot` absent). Optional `snapshots` (+ `snapshot_at`, the stream index each was
  sent after) are request snapshots replayed in event order for `tool_history_erased`: for each, the stream so
  far then the snapshot, all as `previous` of the last.
* `input: "snapshots"`: `snapshots` is the list of successive request snapshots; each is repaired with the
  earlier ones as `previous` (`repair(snapshot[k], previous=snapshot[:k])`, as an app calls it before each
  request), and a finding is (k, index); a label names its `snapshot` and `index`.

`tool_history_erased` findings are (call id, tool). `--errors` lists every misclassified turn with the
detector's reason, from a second pass through the same engine pieces that is checked to agree with repair().
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import processor
from processor.core import dialects
from processor.core.behaviour import Behaviour
from processor.core.findings import FindingKind

ROOT = Path(__file__).resolve().parents[1]

sys.path.insert(0, str(Path(__file__).with_name("eval")))
from load import DEFAULT_SETS as SETS  # noqa: E402  (bench/eval/load.py: the one reader of the eval data)
from load import records as load  # noqa: E402

Messages = list[dict[str, Any]]


# How the record's context reaches repair(): "object" ({"messages", "system", "tools"}), "kwarg" (the history as a
# list, `system=` and `tools=` as arguments) or "none" (the same without the tool definitions).
MODE = "object"


def _doc(messages: Messages, rec: dict[str, Any]) -> Any:
    if MODE != "object":
        return messages
    extra = {k: rec[k] for k in ("system", "tools") if rec.get(k) is not None}
    return {"messages": messages, **extra} if extra else messages


def _repair(doc: Any, rec: dict[str, Any], previous: list[Messages] | tuple[()] = ()) -> Any:
    if MODE == "object":
        return processor.repair(doc, previous=previous)
    return processor.repair(doc, previous=previous, system=rec.get("system"),
                            tools=rec.get("tools") if MODE == "kwarg" else None)


def _kind(rec: dict[str, Any]) -> str:
    return "snapshots" if rec.get("input") == "snapshots" else "stream"


def run(rec: dict[str, Any]) -> tuple[dict[tuple[int | None, int], str | None], set[tuple[str, str]]]:
    """(snapshot or None, index) -> expected tool of each text_only_regression; erased (call id, tool)."""
    regs: dict[tuple[int | None, int], str | None] = {}
    erased: set[tuple[str, str]] = set()
    if _kind(rec) == "snapshots":
        snaps: list[Messages] = rec["snapshots"]
        for k, snap in enumerate(snaps):
            res = _repair(_doc(snap, rec), rec, snaps[:k])
            for f in res.findings:
                if f.kind is FindingKind.TEXT_ONLY_REGRESSION and f.index is not None:
                    regs[(k, f.index)] = f.tool
                elif f.kind is FindingKind.TOOL_HISTORY_ERASED:
                    erased.add((f.call_id or "", f.tool or ""))
        return regs, erased
    res = _repair(_doc(rec["messages"], rec), rec)
    for f in res.findings:
        if f.kind is FindingKind.TEXT_ONLY_REGRESSION and f.index is not None:
            regs[(None, f.index)] = f.tool
    if rec.get("snapshots"):
        last, previous = _erasure_replay(rec)
        res = _repair(_doc(last, rec), rec, previous)
        erased = {(f.call_id or "", f.tool or "") for f in res.findings if f.kind is FindingKind.TOOL_HISTORY_ERASED}
    return regs, erased


def _erasure_replay(rec: dict[str, Any]) -> tuple[Messages, list[Messages]]:
    snaps: list[Messages] = rec["snapshots"]
    at: list[int] = rec.get("snapshot_at") or []
    stream: Messages = rec["messages"]
    if len(at) != len(snaps):
        at = [len(stream) - 1] * len(snaps)
    seen: list[Messages] = []
    for k in sorted(range(len(snaps)), key=lambda k: (at[k], k)):
        seen.append(stream[: at[k] + 1])
        seen.append(snaps[k])
    return seen[-1], seen[:-1]


def reasons(rec: dict[str, Any]) -> dict[tuple[int | None, int], tuple[str | None, str]]:
    """Every judged turn's decision and reason, by the pieces repair() uses (Tracker steps into Behaviour)."""
    out: dict[tuple[int | None, int], tuple[str | None, str]] = {}
    histories = [(k, s, rec["snapshots"][:k]) for k, s in enumerate(rec["snapshots"])] if _kind(rec) == "snapshots" \
        else [(None, rec["messages"], [])]
    for k, msgs, previous in histories:
        doc = _doc(msgs, rec)
        name = dialects.detect(msgs, also=previous, keys=tuple(doc) if isinstance(doc, dict) else ())
        adapter = dialects.get(name)
        tracker = processor.Tracker(name)
        steps = [tracker.feed(m) for m in msgs]
        b = Behaviour()
        b.on_context(rec.get("system"), rec.get("tools") if MODE != "none" else None)
        for snap in previous:
            b.feed_snapshot(snap, adapter, None, None, None, None)
        trace: list[Any] = []
        b.regression.trace = trace
        b.feed_snapshot(msgs, adapter, None, None, None, None, steps)
        b.flush(None, None, None)
        for t in trace:
            out[(k, t.index)] = (t.expected_tool, t.detail)
    return out


def prf(tp: int, fp: int, fn: int) -> tuple[float, float]:
    return (tp / (tp + fp) if tp + fp else 1.0), (tp / (tp + fn) if tp + fn else 1.0)


def evaluate(records: list[dict[str, Any]], errors: bool = False) -> dict[str, Any]:
    counts: dict[str, Counter[str]] = defaultdict(Counter)  # group -> tp/fp/fn (text-only), etp/efp/efn
    lines: list[str] = []
    for rec in records:
        regs, erased = run(rec)
        gold: dict[tuple[int | None, int], str] = {}
        for lab in rec["labels"].get("text_only_regression", []):
            gold[(lab.get("snapshot") if _kind(rec) == "snapshots" else None, lab["index"])] = lab.get("expected_tool")
        gold_e = {(lab["call_id"], lab["tool"]) for lab in rec["labels"].get("tool_history_erased", [])}
        groups = ["all", _kind(rec), rec.get("lang", "?"), rec.get("dialect", "?"),
                  f"{_kind(rec)}/{rec.get('lang', '?')}"]
        c = Counter(tp=len(set(regs) & set(gold)), fp=len(set(regs) - set(gold)), fn=len(set(gold) - set(regs)),
                    tool_ok=sum(1 for k in set(regs) & set(gold) if regs[k] == gold[k]),
                    etp=len(erased & gold_e), efp=len(erased - gold_e), efn=len(gold_e - erased), conv=1)
        for g in groups:
            counts[g].update(c)
        if errors and (c["fp"] or c["fn"] or c["efp"] or c["efn"]):
            why = reasons(rec)
            for key in sorted(set(regs) ^ set(gold), key=lambda x: (x[0] or 0, x[1])):
                kind = "FP" if key in regs else "FN"
                reason = why.get(key, (None, "no turn"))[1]
                lines.append(f"  {kind} {rec['id']} {key}: {_turn_text(rec, key)} ({reason})")
            for x in erased ^ gold_e:
                lines.append(f"  {'ERASE-FP' if x in erased else 'ERASE-FN'} {rec['id']} {x}")
    res: dict[str, Any] = {}
    for g, c in counts.items():
        p, r = prf(c["tp"], c["fp"], c["fn"])
        ep, er = prf(c["etp"], c["efp"], c["efn"])
        res[g] = {"conversations": c["conv"], "tp": c["tp"], "fp": c["fp"], "fn": c["fn"], "precision": round(p, 3),
                  "recall": round(r, 3), "expected_tool_right": c["tool_ok"], "erased_tp": c["etp"],
                  "erased_fp": c["efp"], "erased_fn": c["efn"], "erased_precision": round(ep, 3),
                  "erased_recall": round(er, 3)}
    if errors:
        res["errors"] = lines
    return res


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(p.get("text", "") for p in content if isinstance(p, dict) and isinstance(p.get("text"), str))
    return ""


def _turn_text(rec: dict[str, Any], key: tuple[int | None, int]) -> str:
    msgs: Messages = rec["snapshots"][key[0]] if key[0] is not None else rec["messages"]
    i = key[1]
    user = ""
    for j in range(min(i, len(msgs)) - 1, -1, -1):
        if msgs[j].get("role") == "user" and _text(msgs[j].get("content")).strip():
            user = _text(msgs[j].get("content"))[:80]
            break
    reply = _text(msgs[i].get("content"))[:80] if i < len(msgs) else ""
    return f"{user!r} -> {reply!r}"


ORDER = ("all", "stream", "snapshots", "en", "zh", "es", "fr", "openai_chat", "anthropic", "stream/en", "stream/zh",
         "stream/es", "stream/fr", "snapshots/en", "snapshots/zh", "snapshots/es", "snapshots/fr")


def table(res: dict[str, Any]) -> str:
    rows = ["| group | conv. | TP | FP | FN | P | R | erased TP/FP/FN | erased P / R |",
            "|---|---|---|---|---|---|---|---|---|"]
    for g in ORDER:
        x = res.get(g)
        if x is None:
            continue
        rows.append(f"| {g} | {x['conversations']} | {x['tp']} | {x['fp']} | {x['fn']} | {x['precision']:.3f} | "
                    f"{x['recall']:.3f} | {x['erased_tp']}/{x['erased_fp']}/{x['erased_fn']} | "
                    f"{x['erased_precision']:.3f} / {x['erased_recall']:.3f} |")
    return "\n".join(rows)


def speed(records: list[dict[str, Any]], rounds: int = 5) -> dict[str, float]:
    """Process time of repair() per message, detectors on and off (median of `rounds` alternating rounds)."""
    on: list[float] = []
    off: list[float] = []
    docs = [(_doc(r["messages"], r)) for r in records if _kind(r) == "stream"]
    n = sum(len(r["messages"]) for r in records if _kind(r) == "stream")
    for _ in range(rounds):
        for behaviour, acc in ((True, on), (False, off)):
            t = time.process_time()
            for d in docs:
                processor.repair(d, behaviour=behaviour)
            acc.append((time.process_time() - t) / n * 1e6)
    on.sort()
    off.sort()
    return {"on_us_per_message": on[len(on) // 2], "off_us_per_message": off[len(off) // 2],
            "ratio": on[len(on) // 2] / off[len(off) // 2], "on_spread": on[-1] - on[0], "off_spread": off[-1] - off[0]}


def synth_speed(seeds: tuple[int, ...] = (1, 2), rounds: int = 5) -> dict[str, float]:
    """The same on generated traffic (`processor.synth.generate(300)`): each conversation's streamed messages as
    one history, repaired whole, detectors on and off (median of `rounds` alternating rounds)."""
    import statistics
    from collections import defaultdict

    import orjson

    from processor.synth.generate import generate

    hist: dict[tuple[int, str], Messages] = defaultdict(list)
    dialect: dict[tuple[int, str], str] = {}
    for seed in seeds:
        events, _ = generate(300, seed=seed)
        for e in events:
            try:
                v = orjson.loads(e.value)
            except orjson.JSONDecodeError:
                continue
            if not isinstance(v, dict) or v.get("type") not in ("message", "messages"):
                continue
            ms = [v["message"]] if v.get("type") == "message" else v.get("messages")
            if isinstance(ms, list):
                key = (seed, str(v.get("conversation_id")))
                hist[key].extend(m for m in ms if isinstance(m, dict))
                dialect[key] = v.get("dialect") or "auto"
    docs: list[tuple[Messages, str]] = []
    for k, ms in hist.items():
        try:
            processor.repair(ms, dialect[k])
        except (processor.InputError, ValueError):
            continue  # the generator's invalid inputs (dead letters in the stream)
        docs.append((ms, dialect[k]))
    n = sum(len(m) for m, _ in docs)
    on: list[float] = []
    off: list[float] = []
    for _ in range(rounds):
        for behaviour, acc in ((True, on), (False, off)):
            t = time.process_time()
            for ms, d in docs:
                processor.repair(ms, d, behaviour=behaviour)
            acc.append((time.process_time() - t) / n * 1e6)
    return {"histories": len(docs), "messages": n, "on_us_per_message": statistics.median(on),
            "off_us_per_message": statistics.median(off), "ratio": statistics.median(on) / statistics.median(off)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    ap.add_argument("--errors", action="store_true", help="list the misclassified turns with their reasons")
    ap.add_argument("--speed", action="store_true", help="cost of default repair() against behaviour=False")
    ap.add_argument("--tools-as", choices=("object", "kwarg", "none"), default="object",
                    help="pass system/tools in the object form (default), as repair(system=, tools=), or no tools")
    a = ap.parse_args()
    global MODE
    MODE = a.tools_as
    paths = a.paths or SETS
    if a.speed:
        print(json.dumps({"eval_sets": speed(load(paths)), "synth": synth_speed()}, indent=2))
        return 0
    out: dict[str, Any] = {"commit": os.popen("git rev-parse --short HEAD 2>/dev/null").read().strip()}
    for path in paths:
        records = load([path])
        res = evaluate(records, a.errors)
        out[str(path.relative_to(ROOT)) if path.is_absolute() and ROOT in path.parents else str(path)] = res
        print(f"\n## {path.name} ({len(records)} conversations)\n")
        print(table(res))
        for line in res.get("errors", []):
            print(line)
    if a.json:
        for v in out.values():
            if isinstance(v, dict):
                v.pop("errors", None)
        a.json.write_text(json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
