"""Precision, recall and F1 of the behavioural signals on the labelled set bench/eval/regression_eval.jsonl.

    python bench/eval_regression.py [--data PATH] [--json] [--quiet]

* `text_only_regression`: the detector (processor.core.regression) is driven over each conversation's
  messages; a finding is (conversation, assistant message index), and it is a true positive when the label
  has the same index. The expected tool is reported separately (share of true positives naming it right).
* `tool_history_erased`: the reference tracker (processor.core.erasure) is fed the stream's calls in order and
  each request snapshot at the point where it was sent (`snapshot_at`: index of its last user message in the
  stream); a finding is (conversation, call id).

The mapping from each dialect's native messages to neutral turns lives here (`neutral_turns`) for now; the
library API `processor.repair(messages, dialect=...)` will replace it (its `.findings` carry the same kinds).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from processor.core.erasure import ErasureTracker, user_key  # noqa: E402
from processor.core.regression import AssistantTurn, RegressionDetector  # noqa: E402

DATA = Path(__file__).with_name("eval") / "regression_eval.jsonl"

# A neutral event: ("user", index, text) | ("result", index, call_id, text) | ("assistant", index, text, calls)
Event = tuple[Any, ...]


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") in ("text", "input_text")
        )
    return ""


def _result_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")
    return ""


def neutral_turns(messages: list[dict[str, Any]], dialect: str) -> Iterator[Event]:
    """User text, assistant text + calls [(id, name)], tool results (call id, text), in message order."""
    for i, m in enumerate(messages):
        role = m.get("role")
        if dialect == "openai_chat":
            if role == "user":
                yield ("user", i, _text(m.get("content")))
            elif role == "assistant":
                calls = [
                    (c.get("id", ""), (c.get("function") or {}).get("name", ""))
                    for c in m.get("tool_calls") or []
                    if isinstance(c, dict)
                ]
                yield ("assistant", i, _text(m.get("content")), calls)
            elif role == "tool":
                yield ("result", i, m.get("tool_call_id", ""), _text(m.get("content")))
        elif dialect == "anthropic":
            content = m.get("content")
            blocks = content if isinstance(content, list) else []
            if role == "user":
                for b in blocks:
                    if isinstance(b, dict) and b.get("type") == "tool_result":
                        yield ("result", i, b.get("tool_use_id", ""), _result_text(b.get("content")))
                text = _text(content)
                if text.strip():
                    yield ("user", i, text)
            elif role == "assistant":
                calls = [
                    (b.get("id", ""), b.get("name", ""))
                    for b in blocks
                    if isinstance(b, dict) and b.get("type") == "tool_use"
                ]
                yield ("assistant", i, _text(content), calls)
        else:
            raise ValueError(f"unsupported dialect {dialect}")


def detect_regressions(messages: list[dict[str, Any]], dialect: str) -> list[AssistantTurn]:
    det = RegressionDetector()
    names: dict[str, str] = {}
    turns: list[AssistantTurn] = []
    for ev in neutral_turns(messages, dialect):
        if ev[0] == "user":
            det.on_user(ev[1], ev[2])
        elif ev[0] == "result":
            det.on_tool_result(ev[1], names.get(ev[2]), ev[3])
        else:
            for cid, name in ev[3]:
                names[cid] = name
            turn = det.on_assistant(ev[1], ev[2], [name for _, name in ev[3]])
            if turn is not None:
                turns.append(turn)
    return turns


def _calls_and_keys(messages: list[dict[str, Any]], dialect: str) -> tuple[list[tuple[str, str, str | None]], set[str]]:
    calls: list[tuple[str, str, str | None]] = []
    keys: set[str] = set()
    last: str | None = None
    for ev in neutral_turns(messages, dialect):
        if ev[0] == "user":
            last = user_key(ev[2])
            keys.add(last)
        elif ev[0] == "assistant":
            for cid, name in ev[3]:
                calls.append((cid, name, last))
    return calls, keys


def detect_erasures(rec: dict[str, Any]) -> list[tuple[str, str]]:
    dialect = rec["dialect"]
    snaps: list[list[dict[str, Any]]] = rec.get("snapshots") or []
    at: list[int] = rec.get("snapshot_at") or []
    if len(at) != len(snaps):  # no anchors: send each snapshot after the whole stream
        at = [len(rec["messages"]) - 1] * len(snaps)
    tracker = ErasureTracker()
    out: list[tuple[str, str]] = []
    stream_calls: list[tuple[int, str, str, str | None]] = []
    last: str | None = None
    for ev in neutral_turns(rec["messages"], dialect):
        if ev[0] == "user":
            last = user_key(ev[2])
        elif ev[0] == "assistant":
            for cid, name in ev[3]:
                stream_calls.append((ev[1], cid, name, last))
    order = sorted(range(len(snaps)), key=lambda k: (at[k], k))
    pos = 0
    for k in order:
        while pos < len(stream_calls) and stream_calls[pos][0] <= at[k]:
            _, cid, name, key = stream_calls[pos]
            tracker.on_call(cid, name, key)
            pos += 1
        calls, keys = _calls_and_keys(snaps[k], dialect)
        for cid, name, key in calls:
            tracker.on_call(cid, name, key)
        for e in tracker.on_snapshot({cid: name for cid, name, _ in calls}, keys, k):
            out.append((e.call_id, e.tool))
    return out


def prf(tp: int, fp: int, fn: int) -> tuple[float, float, float]:
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def evaluate(records: list[dict[str, Any]]) -> dict[str, Any]:
    res: dict[str, Any] = {}
    # text_only_regression
    tp = fp = fn = tool_ok = 0
    errors: list[str] = []
    by: Counter[str] = Counter()  # "<slice>/<tp|fp|fn>"
    rate: Counter[str] = Counter()
    for rec in records:
        turns = detect_regressions(rec["messages"], rec["dialect"])
        for t in turns:
            if t.after_first_tool_use:
                rate[t.outcome] += 1
        found = {t.index: t for t in turns if t.expected_tool is not None}
        gold = {lab["index"]: lab["expected_tool"] for lab in rec["labels"]["text_only_regression"]}
        notes = {n["index"]: n["note"] for n in rec.get("turn_notes", [])}
        texts = {t.index: t.detail for t in turns}
        for i, turn in found.items():
            if i in gold:
                tp += 1
                _count(by, rec, "tp")
                if turn.expected_tool == gold[i]:
                    tool_ok += 1
                else:
                    errors.append(f"  TOOL {rec['id']} @{i}: expected {gold[i]}, said {turn.expected_tool}")
            else:
                fp += 1
                _count(by, rec, "fp")
                user = _user_before(rec, i)
                errors.append(
                    f"  FP   {rec['id']} @{i} [{notes.get(i, '?')}] {user!r} -> {_msg_text(rec, i)!r} ({turn.detail})"
                )
        for i, tool in gold.items():
            if i not in found:
                fn += 1
                _count(by, rec, "fn")
                user = _user_before(rec, i)
                errors.append(
                    f"  FN   {rec['id']} @{i} [{notes.get(i, '?')}] {user!r} -> {_msg_text(rec, i)!r} "
                    f"(expected {tool}; {texts.get(i, 'no turn')})"
                )
    p, r, f = prf(tp, fp, fn)
    res["text_only_regression"] = {
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "precision": p,
        "recall": r,
        "f1": f,
        "expected_tool_accuracy": tool_ok / tp if tp else 1.0,
        "errors": errors,
        "by_slice": dict(by),
    }
    res["assistant_turns_after_first_tool_use"] = dict(rate)
    # tool_history_erased
    tp = fp = fn = 0
    errors = []
    for rec in records:
        found_e = set(detect_erasures(rec))
        gold_e = {(lab["call_id"], lab["tool"]) for lab in rec["labels"]["tool_history_erased"]}
        for x in found_e - gold_e:
            fp += 1
            errors.append(f"  FP   {rec['id']} {x} [{rec.get('scenario', '')}]")
        for x in gold_e - found_e:
            fn += 1
            errors.append(f"  FN   {rec['id']} {x} [{rec.get('scenario', '')}]")
        tp += len(found_e & gold_e)
    p, r, f = prf(tp, fp, fn)
    res["tool_history_erased"] = {"tp": tp, "fp": fp, "fn": fn, "precision": p, "recall": r, "f1": f, "errors": errors}
    return res


def slice_of(rec: dict[str, Any]) -> str:
    """templated (generated from templates), hand (hand-written, used while developing), blind (hand-written
    after development, never used to change the detector)."""
    sc = rec.get("scenario", "")
    return sc if sc in ("hand", "blind") else "templated"


def _count(by: Counter[str], rec: dict[str, Any], what: str) -> None:
    for sl in (slice_of(rec), rec["lang"], rec["dialect"]):
        by[f"{sl}/{what}"] += 1


def _msg_text(rec: dict[str, Any], i: int) -> str:
    return _text(rec["messages"][i].get("content"))[:90]


def _user_before(rec: dict[str, Any], i: int) -> str:
    for j in range(i - 1, -1, -1):
        m = rec["messages"][j]
        if m.get("role") == "user":
            t = _text(m.get("content"))
            if t.strip():
                return t[:80]
    return ""


def main() -> int:
    ap = argparse.ArgumentParser(description="precision/recall/F1 of text_only_regression and tool_history_erased")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--quiet", action="store_true", help="do not list the misclassified cases")
    args = ap.parse_args()
    records = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    res = evaluate(records)
    if args.json:
        slim = {
            k: {kk: vv for kk, vv in v.items() if kk != "errors"} if isinstance(v, dict) else v for k, v in res.items()
        }
        print(json.dumps(slim, indent=2, ensure_ascii=False))
        return 0
    langs = Counter(r["lang"] for r in records)
    dialects = Counter(r["dialect"] for r in records)
    print(f"{len(records)} conversations ({dict(langs)}; {dict(dialects)})")
    print(f"{'signal':24s} {'TP':>4s} {'FP':>4s} {'FN':>4s} {'precision':>10s} {'recall':>8s} {'F1':>6s}")
    for kind in ("text_only_regression", "tool_history_erased"):
        x = res[kind]
        print(
            f"{kind:24s} {x['tp']:4d} {x['fp']:4d} {x['fn']:4d} "
            f"{x['precision']:10.3f} {x['recall']:8.3f} {x['f1']:6.3f}"
        )
    x = res["text_only_regression"]
    print("text_only_regression by slice:")
    for sl in ("templated", "hand", "blind", "en", "zh", "openai_chat", "anthropic"):
        n = sum(1 for r in records if sl in (slice_of(r), r["lang"], r["dialect"]))
        tp_, fp_, fn_ = (x["by_slice"].get(f"{sl}/{w}", 0) for w in ("tp", "fp", "fn"))
        p_, r_, f_ = prf(tp_, fp_, fn_)
        print(f"  {sl:12s} {n:4d} conv  TP {tp_:4d} FP {fp_:3d} FN {fn_:3d}  P {p_:.3f} R {r_:.3f} F1 {f_:.3f}")
    print(f"expected tool right on {x['expected_tool_accuracy']:.3f} of true text_only_regression findings")
    rate = res["assistant_turns_after_first_tool_use"]
    total = sum(rate.values())
    if total:
        print(
            f"assistant turns after first tool use: {total} "
            f"(tool {rate.get('tool', 0)}, text_only {rate.get('text_only', 0)}; "
            f"text-only share {rate.get('text_only', 0) / total:.3f})"
        )
    if not args.quiet:
        for kind in ("text_only_regression", "tool_history_erased"):
            errs = res[kind]["errors"]
            print(f"\n{kind}: {len(errs)} misclassified")
            for e in errs:
                print(e)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
