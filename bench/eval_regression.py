"""Precision, recall and F1 of the behavioural signals on the labelled set bench/eval/regression_eval.jsonl.

    python bench/eval_regression.py [--data PATH] [--json] [--quiet] [--speed]

The figures come from the engine as users run it, the library call `processor.repair(...)`, reading `.findings`:

* `text_only_regression`: `processor.repair(messages, dialect)` over each conversation's stream messages; a
  finding is (conversation, assistant message index), and it is a true positive when the label has the same
  index. The expected tool is reported separately (share of true positives naming it right).
* `tool_history_erased`: `processor.repair(last snapshot, dialect, previous=[...])`, where `previous` replays the
  record's events in the order they happened: for each request snapshot (sorted by its `snapshot_at` anchor,
  the index of the stream message it was sent after), the stream so far (`messages[:anchor + 1]`) and then the
  snapshot. A finding is (conversation, call id).

For the list of misclassified cases, and for the share of text-only turns after the first tool use (which
`repair()` does not report), the same engine pieces are driven once more (`processor.Tracker` steps into
`processor.core.behaviour.Behaviour`, exactly as `repair()` does) with a recorder that keeps every turn's
decision and its reason. That pass is checked to flag exactly what `repair()` flagged.

`--speed` measures what the regression detector costs per message: on the eval set (its calls, recorded once,
replayed on fresh detectors with the text caches emptied, process time, best of 5), and in the stream worker
(`processor.synth.generate.generate(300)` streams, seeds 1-3, through one `PartitionProcessor`: the time spent
inside the detector per stream message, on the stream path and on the request-snapshot path).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
# the diagnostics subclass RegressionDetector, which a mypyc-compiled core forbids: always the Python core here
os.environ["TOOLMEND_NATIVE"] = "0"

import processor  # noqa: E402
from processor.core import dialects  # noqa: E402
from processor.core.behaviour import Behaviour  # noqa: E402
from processor.core.findings import FindingKind  # noqa: E402
from processor.core.regression import AssistantTurn, RegressionDetector  # noqa: E402

DATA = Path(__file__).with_name("eval") / "regression_eval.jsonl"

Messages = list[dict[str, Any]]


def detect_regressions(messages: Messages, dialect: str) -> dict[int, processor.Finding]:
    """index of the assistant message -> its `text_only_regression` finding, from `processor.repair`."""
    res = processor.repair(messages, dialect)
    return {f.index: f for f in res.findings if f.kind is FindingKind.TEXT_ONLY_REGRESSION and f.index is not None}


def erasure_replay(rec: dict[str, Any]) -> tuple[Messages, list[Messages]]:
    """The last snapshot and, oldest first, what the engine saw before it: for each snapshot in the order it was
    sent, the stream up to its anchor, then the snapshot itself."""
    snaps: list[Messages] = rec.get("snapshots") or []
    at: list[int] = rec.get("snapshot_at") or []
    stream: Messages = rec["messages"]
    if len(at) != len(snaps):  # no anchors: each snapshot after the whole stream
        at = [len(stream) - 1] * len(snaps)
    seen: list[Messages] = []
    for k in sorted(range(len(snaps)), key=lambda k: (at[k], k)):
        seen.append(stream[: at[k] + 1])
        seen.append(snaps[k])
    return seen[-1], seen[:-1]


def detect_erasures(rec: dict[str, Any]) -> list[tuple[str, str]]:
    """(call id, tool) of every `tool_history_erased` finding, from `processor.repair(..., previous=...)`."""
    if not rec.get("snapshots"):
        return []
    last, previous = erasure_replay(rec)
    res = processor.repair(last, rec["dialect"], previous=previous)
    return [
        (f.call_id or "", f.tool or "") for f in res.findings if f.kind is FindingKind.TOOL_HISTORY_ERASED
    ]


# -- diagnostics: every turn's decision, by the same engine pieces repair() uses ------------------------------


class _Recorder(RegressionDetector):
    def __init__(self) -> None:
        super().__init__()
        self.turns: list[AssistantTurn] = []

    def on_assistant(self, index: int, text: str, tools: Any) -> AssistantTurn | None:
        turn = super().on_assistant(index, text, tools)
        if turn is not None:
            self.turns.append(turn)
        return turn


class _Outcomes:
    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def assistant_turn(self, outcome: str, model: str | None, app_version: str | None) -> None:
        self.counts[outcome] += 1


def turn_decisions(messages: Messages, dialect: str) -> tuple[list[AssistantTurn], Counter[str]]:
    """Every assistant turn's decision and reason, and the outcomes of turns after the first tool use."""
    adapter = dialects.get(dialect)
    tracker = processor.Tracker(dialect)
    steps = [tracker.feed(m) for m in messages]
    steps.append(tracker.finish())
    b = Behaviour()
    rec = _Recorder()
    b.regression = rec
    obs = _Outcomes()
    for i, (m, step) in enumerate(zip(messages, steps, strict=False)):
        b.on_message(step, m, i, adapter, obs, None, None)
    b.flush(obs, None, None)
    return rec.turns, obs.counts


# -- speed ------------------------------------------------------------------------------------------------------


class _CallLog(RegressionDetector):
    """Records the calls the engine makes, to replay them on their own."""

    def __init__(self) -> None:
        super().__init__()
        self.log: list[tuple[str, tuple[Any, ...]]] = []

    def on_user(self, index: int, text: str) -> None:
        self.log.append(("on_user", (index, text)))
        super().on_user(index, text)

    def on_tool_result(self, index: int, tool: str | None, text: str) -> None:
        self.log.append(("on_tool_result", (index, tool, text)))
        super().on_tool_result(index, tool, text)

    def on_assistant(self, index: int, text: str, tools: Any) -> AssistantTurn | None:
        self.log.append(("on_assistant", (index, text, list(tools))))
        return super().on_assistant(index, text, tools)


def _clear_text_caches() -> None:
    from processor.core import regression

    for f in (regression._analyze_request, regression._request_parts, regression._snippet_tokens,
              regression._reply_veto):
        f.cache_clear()


def speed(records: list[dict[str, Any]]) -> dict[str, float]:
    from processor.core import partition, regression
    from processor.synth.generate import generate

    out: dict[str, float] = {}
    # eval set: the detector alone
    logs: list[list[tuple[str, tuple[Any, ...]]]] = []
    for rec in records:
        adapter = dialects.get(rec["dialect"])
        tracker = processor.Tracker(rec["dialect"])
        steps = [tracker.feed(m) for m in rec["messages"]]
        b = Behaviour()
        log = _CallLog()
        b.regression = log
        for i, (m, step) in enumerate(zip(rec["messages"], steps, strict=False)):
            b.on_message(step, m, i, adapter, None, None, None)
        b.flush(None, None, None)
        logs.append(log.log)
    n = sum(len(r["messages"]) for r in records)
    best = float("inf")
    for _ in range(5):
        _clear_text_caches()
        t = time.process_time()
        for calls in logs:
            d = RegressionDetector()
            for name, args in calls:
                getattr(d, name)(*args)
        best = min(best, time.process_time() - t)
    out["eval_us_per_message"] = best / n * 1e6
    # stream worker: time inside the detector's entry points
    spent = {"stream": 0.0, "snapshot": 0.0}
    depth = [0]
    cls = regression.RegressionDetector
    saved = {name: getattr(cls, name) for name in ("on_user", "on_tool_result", "on_assistant")}
    saved_repair = partition.repair

    def timed(f: Any) -> Any:
        def call(self: Any, *args: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return f(self, *args)
            finally:
                spent["snapshot" if depth[0] else "stream"] += time.perf_counter() - t0
        return call

    def repair_in_snapshot(*args: Any, **kw: Any) -> Any:
        depth[0] += 1
        try:
            return saved_repair(*args, **kw)
        finally:
            depth[0] -= 1

    _clear_text_caches()
    messages = 0
    wall = 0.0
    try:
        for name, f in saved.items():
            setattr(cls, name, timed(f))
        partition.repair = repair_in_snapshot  # type: ignore[assignment]
        for seed in (1, 2, 3):
            events, truth = generate(300, seed=seed)
            messages += sum(c.messages for c in truth.conversations)
            proc = partition.PartitionProcessor("in", 0)
            t0 = time.perf_counter()
            for off, e in enumerate(events):
                proc.process(off, e.key, e.value)
            wall += time.perf_counter() - t0
    finally:
        for name, f in saved.items():
            setattr(cls, name, f)
        partition.repair = saved_repair  # type: ignore[assignment]
    out["worker_stream_us_per_message"] = spent["stream"] / messages * 1e6
    out["worker_snapshot_us_per_message"] = spent["snapshot"] / messages * 1e6
    out["worker_total_us_per_message"] = wall / messages * 1e6
    return out


# -- figures ----------------------------------------------------------------------------------------------------


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
    disagreements: list[str] = []
    for rec in records:
        found = detect_regressions(rec["messages"], rec["dialect"])
        turns, outcomes = turn_decisions(rec["messages"], rec["dialect"])
        rate.update(outcomes)
        if {t.index for t in turns if t.expected_tool is not None} != set(found):
            disagreements.append(rec["id"])
        gold = {lab["index"]: lab["expected_tool"] for lab in rec["labels"]["text_only_regression"]}
        notes = {n["index"]: n["note"] for n in rec.get("turn_notes", [])}
        details = {t.index: t.detail for t in turns}
        for i, f in found.items():
            if i in gold:
                tp += 1
                _count(by, rec, "tp")
                if f.tool == gold[i]:
                    tool_ok += 1
                else:
                    errors.append(f"  TOOL {rec['id']} @{i}: expected {gold[i]}, said {f.tool}")
            else:
                fp += 1
                _count(by, rec, "fp")
                user = _user_before(rec, i)
                errors.append(
                    f"  FP   {rec['id']} @{i} [{notes.get(i, '?')}] {user!r} -> {_msg_text(rec, i)!r} ({f.detail})"
                )
        for i, tool in gold.items():
            if i not in found:
                fn += 1
                _count(by, rec, "fn")
                user = _user_before(rec, i)
                errors.append(
                    f"  FN   {rec['id']} @{i} [{notes.get(i, '?')}] {user!r} -> {_msg_text(rec, i)!r} "
                    f"(expected {tool}; {details.get(i, 'no turn')})"
                )
    p, r, f1 = prf(tp, fp, fn)
    res["text_only_regression"] = {
        "tp": tp,
        "fp": fp,
        "fn": fn,
        "precision": p,
        "recall": r,
        "f1": f1,
        "expected_tool_accuracy": tool_ok / tp if tp else 1.0,
        "errors": errors,
        "by_slice": dict(by),
    }
    res["assistant_turns_after_first_tool_use"] = dict(rate)
    res["diagnostics_disagree_with_repair"] = disagreements
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
    p, r, f1 = prf(tp, fp, fn)
    res["tool_history_erased"] = {"tp": tp, "fp": fp, "fn": fn, "precision": p, "recall": r, "f1": f1,
                                  "errors": errors}
    return res


SLICES = ("templated", "hand", "blind", "added")


def slice_of(rec: dict[str, Any]) -> str:
    """templated (generated from templates), hand (hand-written, used while developing), blind (hand-written
    after development; see docs/regression.md for what was changed after its first run), added (hand-written
    after the generator's report, on status queries and repeated requests for custom tools)."""
    sc = rec.get("scenario", "")
    return sc if sc in SLICES else "templated"


def _count(by: Counter[str], rec: dict[str, Any], what: str) -> None:
    for sl in (slice_of(rec), rec["lang"], rec["dialect"]):
        by[f"{sl}/{what}"] += 1


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") in ("text", "input_text")
        )
    return ""


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
    ap.add_argument("--speed", action="store_true", help="measure the detector's cost per message instead")
    args = ap.parse_args()
    records = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line.strip()]
    if args.speed:
        sp = speed(records)
        print(f"detector on the eval set: {sp['eval_us_per_message']:.1f} µs per message (process time)")
        print(f"stream worker, generate(300) x 3: {sp['worker_stream_us_per_message']:.1f} µs per stream message in "
              f"the detector on the stream path, {sp['worker_snapshot_us_per_message']:.1f} on request snapshots "
              f"(worker in all: {sp['worker_total_us_per_message']:.1f} µs per message)")
        return 0
    res = evaluate(records)
    if res["diagnostics_disagree_with_repair"]:
        print(f"warning: the diagnostics pass disagrees with repair() on {res['diagnostics_disagree_with_repair']}",
              file=sys.stderr)
    if args.json:
        slim = {
            k: {kk: vv for kk, vv in v.items() if kk != "errors"} if isinstance(v, dict) else v for k, v in res.items()
        }
        print(json.dumps(slim, indent=2, ensure_ascii=False))
        return 0
    langs = Counter(r["lang"] for r in records)
    dialect_counts = Counter(r["dialect"] for r in records)
    print(f"{len(records)} conversations ({dict(langs)}; {dict(dialect_counts)})")
    print(f"{'signal':24s} {'TP':>4s} {'FP':>4s} {'FN':>4s} {'precision':>10s} {'recall':>8s} {'F1':>6s}")
    for kind in ("text_only_regression", "tool_history_erased"):
        x = res[kind]
        print(
            f"{kind:24s} {x['tp']:4d} {x['fp']:4d} {x['fn']:4d} "
            f"{x['precision']:10.3f} {x['recall']:8.3f} {x['f1']:6.3f}"
        )
    x = res["text_only_regression"]
    print("text_only_regression by slice:")
    for sl in (*SLICES, "en", "zh", "openai_chat", "anthropic"):
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
