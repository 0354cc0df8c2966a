"""Build and validate a blind text-only-regression slice.

    python3 bench/eval/blind/build.py [--dir DIR] [--check] [--skip-readme] [--write-specs]

Writes slice_en.jsonl and slice_zh.jsonl into the slice's directory (this one by default) and prints the counts
used in its README.md. With --check it rebuilds in memory and fails if the committed JSONL differs.

A slice directory holds its hand-written conversations as `specs_en.jsonl` and `specs_zh.jsonl` (one spec per
line, the form of `engine.spec_to_json`) and its tool definitions as `tools.jsonl` here, `tools_en.jsonl` /
`tools_zh.jsonl` in later slices (one `{"name", "description", "schema"}` per line). A slice still being written
as Python modules (`convs_*.py`, each a `SPECS` list of engine.py steps; `tools*.py`, each a `REGISTRY` from
`engine.tool_registry()`) is read from them, and `--write-specs` turns them into those JSONL files. A later slice
may not call or define any tool that appears in another labelled set under bench/eval/ (this slice is only
checked against the oldest set, which it was written after).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

from engine import Spec, build_record, spec_from_json, spec_to_json

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # bench/eval: the data loader
from load import read_jsonl, record_files  # noqa: E402

OLD_SET = HERE.parent / "regression_eval.jsonl"
TOOL_FILES = ("tools", "tools_en", "tools_zh")


def load_module(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"slice_{path.parent.name}_{path.stem}", path)
    assert spec and spec.loader, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tool_files(slice_dir: Path) -> dict[str, dict[str, dict[str, Any]]]:
    """Each tool-definition file of the slice (stem -> name -> definition), from JSONL or a module being written."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for stem in TOOL_FILES:
        if (slice_dir / f"{stem}.jsonl").exists():
            out[stem] = {t["name"]: {"description": t["description"], "schema": t["schema"]}
                         for t in read_jsonl(slice_dir / f"{stem}.jsonl")}
        elif (slice_dir / f"{stem}.py").exists():
            out[stem] = load_module(slice_dir / f"{stem}.py").REGISTRY
    return out


def registry_of(slice_dir: Path) -> dict[str, dict[str, Any]]:
    merged: dict[str, dict[str, Any]] = {}
    for stem, registry in tool_files(slice_dir).items():
        for tool, definition in registry.items():
            assert merged.get(tool, definition) == definition, f"{tool} defined differently in {stem}"
            merged[tool] = definition
    return merged


def specs_of(slice_dir: Path, lang: str) -> list[Spec] | None:
    """The slice's hand-written conversations in one language, from JSONL or a module being written."""
    if (slice_dir / f"specs_{lang}.jsonl").exists():
        return [spec_from_json(d) for d in read_jsonl(slice_dir / f"specs_{lang}.jsonl")]
    if (slice_dir / f"convs_{lang}.py").exists():
        specs: list[Spec] = load_module(slice_dir / f"convs_{lang}.py").SPECS
        return specs
    return None


def _lines(objs: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(o, ensure_ascii=False) + "\n" for o in objs)


def write_specs(slice_dir: Path) -> None:
    """The slice's specs and tool definitions as JSONL (from the modules it was written in)."""
    for lang in ("en", "zh"):
        specs = specs_of(slice_dir, lang)
        if specs is not None:
            (slice_dir / f"specs_{lang}.jsonl").write_text(_lines([spec_to_json(s) for s in specs]), encoding="utf-8")
    for stem, registry in tool_files(slice_dir).items():
        (slice_dir / f"{stem}.jsonl").write_text(_lines([{"name": k, **v} for k, v in registry.items()]),
                                                 encoding="utf-8")


def tool_names_in(obj: Any, out: set[str]) -> None:
    """Names of called tools only (tool_calls / tool_use / function_call / functionCall): texts are not read."""
    if isinstance(obj, dict):
        if obj.get("type") in ("tool_use", "function_call") and isinstance(obj.get("name"), str):
            out.add(obj["name"])
        for tc in obj.get("tool_calls") or []:
            if isinstance(tc, dict) and isinstance(tc.get("function"), dict):
                out.add(tc["function"].get("name", ""))
        if isinstance(obj.get("functionCall"), dict):
            out.add(obj["functionCall"].get("name", ""))
        for v in obj.values():
            tool_names_in(v, out)
    elif isinstance(obj, list):
        for v in obj:
            tool_names_in(v, out)


def old_set_tools(slice_dir: Path) -> set[str]:
    """Tools called in the other labelled sets: the oldest set for this slice, every other set for a later one."""
    if slice_dir == HERE:
        paths = [OLD_SET] if OLD_SET.exists() else []
    else:
        paths = [p for p in record_files(HERE.parent) if slice_dir not in p.parents]
    names: set[str] = set()
    for path in paths:
        for rec in read_jsonl(path):
            tool_names_in(rec, names)
    return names


def called_tools(rec: dict[str, Any]) -> set[str]:
    names: set[str] = set()
    tool_names_in(rec["messages"], names)
    for snap in rec.get("snapshots", []):
        tool_names_in(snap, names)
    return names


def defined_tools(rec: dict[str, Any]) -> set[str]:
    return {t["function"]["name"] if "function" in t else t["name"] for t in rec["tools"]}


def is_assistant_text_only(msg: dict[str, Any]) -> bool:
    if msg.get("role") != "assistant" or msg.get("tool_calls"):
        return False
    content = msg.get("content")
    if isinstance(content, list):
        return all(b.get("type") == "text" for b in content)
    return isinstance(content, str) and bool(content)


def check_openai(msgs: list[dict[str, Any]], where: str) -> None:
    pending: set[str] = set()
    for i, m in enumerate(msgs):
        role = m["role"]
        assert role in ("system", "developer", "user", "assistant", "tool"), where
        if role == "tool":
            assert m["tool_call_id"] in pending, f"{where}: orphan tool result at {i}"
            pending.discard(m["tool_call_id"])
            continue
        assert not pending, f"{where}: calls without results before {i}"
        if role == "assistant" and m.get("tool_calls"):
            pending = {tc["id"] for tc in m["tool_calls"]}
    assert not pending, f"{where}: trailing calls without results"


def check_anthropic(msgs: list[dict[str, Any]], where: str) -> None:
    prev_role = None
    pending: set[str] = set()
    for i, m in enumerate(msgs):
        role = m["role"]
        assert role in ("user", "assistant"), where
        assert role != prev_role, f"{where}: roles do not alternate at {i}"
        content = m["content"]
        assert content, f"{where}: empty content at {i}"
        blocks = content if isinstance(content, list) else [{"type": "text", "text": content}]
        results = [b["tool_use_id"] for b in blocks if b.get("type") == "tool_result"]
        if pending:
            assert role == "user" and set(results) == pending, f"{where}: results do not match calls at {i}"
            assert all(b.get("type") == "tool_result" for b in blocks[: len(results)]), where
        else:
            assert not results, f"{where}: orphan tool_result at {i}"
        pending = {b["id"] for b in blocks if b.get("type") == "tool_use"} if role == "assistant" else set()
        prev_role = role
    assert not pending, f"{where}: trailing tool_use"


def validate(records: list[dict[str, Any]], old: set[str]) -> None:
    ids = [r["id"] for r in records]
    assert len(ids) == len(set(ids)), "ids not unique"
    for r in records:
        where = r["id"]
        check = check_anthropic if r["dialect"] == "anthropic" else check_openai
        seqs = r.get("snapshots") or [r["messages"]]
        for k, s in enumerate(seqs):
            check(s, f"{where}/snap{k}")
        check(r["messages"], f"{where}/messages")
        if r["dialect"] == "openai_chat":
            assert "system" not in r, where
        called = called_tools(r)
        assert called, f"{where}: no tool call at all"
        assert called <= defined_tools(r), f"{where}: called tool not defined"
        assert not (called & old), f"{where}: reuses a tool of the old set: {called & old}"
        assert not (defined_tools(r) & old), f"{where}: defines a tool of the old set"
        for lab in r["labels"]["text_only_regression"]:
            assert lab["expected_tool"] in defined_tools(r), where
            if r["input"] == "stream":
                assert lab["snapshot"] is None
                msgs = r["messages"]
            else:
                k = lab["snapshot"]
                msgs = r["snapshots"][k]
                # first appearance: absent from every earlier snapshot at that position's content
                assert k > 0 and len(r["snapshots"][k - 1]) <= lab["index"], f"{where}: not first appearance"
            target = msgs[lab["index"]]
            assert is_assistant_text_only(target), f"{where}: label does not point at a text-only assistant message"
            # an earlier tool call exists in the conversation
            assert (
                any(
                    m.get("role") == "assistant"
                    and (
                        m.get("tool_calls")
                        or (
                            isinstance(m.get("content"), list)
                            and any(b.get("type") == "tool_use" for b in m["content"])
                        )
                    )
                    for m in msgs[: lab["index"]]
                )
                or r["input"] == "snapshots"
            ), f"{where}: no earlier call"
        if r["input"] == "snapshots":
            snaps = r["snapshots"]
            for k in range(1, len(snaps)):
                assert len(snaps[k]) > 0 and snaps[k] != snaps[k - 1], f"{where}: snapshot {k} repeats"
            for lab in r["labels"]["tool_history_erased"]:
                seen = [k for k, s in enumerate(snaps) if lab["call_id"] in json.dumps(s)]
                assert seen, f"{where}: erased call never seen"
                later = list(range(seen[-1] + 1, len(snaps)))
                assert later, f"{where}: erased call has no later snapshot"
                # the user message that led to the call is still there after the call vanished
                first = snaps[seen[0]]
                at = next(i for i, m in enumerate(first) if lab["call_id"] in json.dumps(m))
                asker = next(
                    m
                    for m in reversed(first[:at])
                    if m["role"] == "user"
                    and not (
                        isinstance(m["content"], list) and any(b.get("type") == "tool_result" for b in m["content"])
                    )
                )
                assert all(asker in snaps[k] for k in later), f"{where}: asking user message gone"
                assert all(lab["call_id"] not in json.dumps(snaps[k]) for k in later), where
        else:
            assert not r["labels"]["tool_history_erased"], where
        assert r["hard_negative"] == (not r["labels"]["text_only_regression"]), where


def stats(records: list[dict[str, Any]]) -> dict[str, Any]:
    c: dict[str, Any] = {}
    c["conversations"] = len(records)
    for key in ("lang", "dialect", "input"):
        c[key] = dict(Counter(r[key] for r in records))
    c["hard_negative"] = sum(r["hard_negative"] for r in records)
    c["with_regression"] = sum(not r["hard_negative"] for r in records)
    c["regressed_turns"] = sum(len(r["labels"]["text_only_regression"]) for r in records)
    c["regressed_turns_by_input"] = dict(
        Counter(r["input"] for r in records for _ in r["labels"]["text_only_regression"])
    )
    c["regressed_turns_by_lang"] = dict(
        Counter(r["lang"] for r in records for _ in r["labels"]["text_only_regression"])
    )
    c["erased_calls"] = sum(len(r["labels"]["tool_history_erased"]) for r in records)
    c["conversations_with_erasure"] = sum(bool(r["labels"]["tool_history_erased"]) for r in records)
    c["hard_negative_by_lang"] = dict(Counter(r["lang"] for r in records if r["hard_negative"]))
    c["hard_negative_by_input"] = dict(Counter(r["input"] for r in records if r["hard_negative"]))
    c["with_system_prompt"] = sum(
        bool(r.get("system")) or any(m["role"] in ("system", "developer") for m in r["messages"]) for r in records
    )
    c["scenario"] = dict(sorted(Counter(r["scenario"] for r in records).items()))
    tools = sorted(set().union(*(called_tools(r) | defined_tools(r) for r in records)))
    c["distinct_tools_defined"] = len(tools)
    c["distinct_tools_called"] = len(set().union(*(called_tools(r) for r in records)))
    c["tools"] = tools
    return c


def main() -> int:
    slice_dir = HERE
    if "--dir" in sys.argv:
        slice_dir = Path(sys.argv[sys.argv.index("--dir") + 1]).resolve()
    if "--write-specs" in sys.argv:
        write_specs(slice_dir)
    old = old_set_tools(slice_dir)
    registry = registry_of(slice_dir)
    out: dict[str, list[dict[str, Any]]] = {}
    for lang in ("en", "zh"):
        specs = specs_of(slice_dir, lang)
        if specs is not None:
            out[lang] = [build_record(s, registry) for s in specs]
    records = [r for recs in out.values() for r in recs]
    validate(records, old)
    check = "--check" in sys.argv
    for lang, recs in out.items():
        text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs)
        path = slice_dir / f"slice_{lang}.jsonl"
        if check:
            if path.read_text() != text:
                print(f"{path.name} is stale", file=sys.stderr)
                return 1
        else:
            path.write_text(text)
    c = stats(records)
    pos = c["with_regression"]
    row = (
        f"| **all** | | | **{c['conversations']}** | **{pos}** | **{c['hard_negative']}** "
        f"| **{c['regressed_turns']}** | **{c['erased_calls']}** |"
    )
    readme = slice_dir / "README.md"
    if "--skip-readme" not in sys.argv and (not readme.exists() or row not in readme.read_text()):
        print(f"README.md counts are stale; expected the row: {row}", file=sys.stderr)
        return 1
    c["old_set_tools"] = sorted(old)
    c["overlap_with_old_set"] = sorted(set(c["tools"]) & old)
    print(json.dumps(c, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
