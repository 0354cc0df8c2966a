"""Render hand-written conversation specs into the blind eval records (OpenAI chat / Anthropic, stream / snapshots).

The specs hold the content; this module only does the mechanical part: message shapes per dialect, call ids,
the successive request snapshots an app would send, the app's history rewrites, and the label indices.
"""

from __future__ import annotations

import copy
import hashlib
import itertools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# ---------------------------------------------------------------- spec steps


@dataclass
class U:
    """A user text message."""

    text: str


@dataclass
class A:
    """An assistant text-only message (not a regression)."""

    text: str


@dataclass
class R:
    """An assistant text-only message that IS a text-only regression; `tool` should have been called."""

    text: str
    tool: str


@dataclass
class Call:
    """One assistant message with one or more tool calls, followed by their results.

    calls: list of (tool name, arguments, result); result is a dict/list (sent as JSON) or a string.
    erase: in snapshots sent after the next user message, the app replaces this call, its results and the
    assistant summary right after them by one plain assistant text (erase=str) — the seed-003 rewrite.
    """

    calls: list[tuple[str, dict[str, Any], Any]]
    pre: str | None = None
    erase: str | None = None
    error: bool = False


@dataclass
class Spec:
    id: str
    lang: str
    dialect: str  # "openai_chat" | "anthropic"
    input: str  # "stream" | "snapshots"
    tools: list[str]
    steps: list[Any]
    scenario: str
    notes: str
    system: str | None = None
    developer: bool = False  # OpenAI: send the system prompt as a developer message
    trim: tuple[int, int] | None = None  # (from user turn n (0-based), drop first k turns) in later snapshots
    summarize: tuple[int, int, str] | None = None  # (from user turn n, replace first k turns, summary text)
    regen_from: int | None = None  # call ids regenerated in snapshots sent from user turn n on
    block_text: bool = False  # Anthropic: text as content blocks instead of plain strings
    extra: dict[str, Any] = field(default_factory=dict)


# ---------------------------------------------------------------- specs as data (one JSON object per line)

_OPTIONAL = {"system": None, "developer": False, "trim": None, "summarize": None, "regen_from": None,
             "block_text": False}


def spec_to_json(spec: Spec) -> dict[str, Any]:
    """A spec as one JSON object: steps tagged `user` / `assistant` / `regression` (+ `tool`) / `calls`, optional
    fields only when set."""
    steps: list[dict[str, Any]] = []
    for step in spec.steps:
        if isinstance(step, U):
            steps.append({"user": step.text})
        elif isinstance(step, R):
            steps.append({"regression": step.text, "tool": step.tool})
        elif isinstance(step, A):
            steps.append({"assistant": step.text})
        elif isinstance(step, Call):
            c: dict[str, Any] = {"calls": [{"tool": t, "arguments": a, "result": r} for t, a, r in step.calls]}
            for k, default in (("pre", None), ("erase", None), ("error", False)):
                if getattr(step, k) != default:
                    c[k] = getattr(step, k)
            steps.append(c)
        else:
            raise TypeError(f"{spec.id}: unknown step {step!r}")
    out: dict[str, Any] = {"id": spec.id, "lang": spec.lang, "dialect": spec.dialect, "input": spec.input,
                           "tools": spec.tools}
    for k, default in _OPTIONAL.items():
        if getattr(spec, k) != default:
            out[k] = getattr(spec, k)
    out.update(steps=steps, scenario=spec.scenario, notes=spec.notes)
    assert not spec.extra, spec.id
    return out


def spec_from_json(d: dict[str, Any]) -> Spec:
    steps: list[Any] = []
    for step in d["steps"]:
        if "user" in step:
            steps.append(U(step["user"]))
        elif "regression" in step:
            steps.append(R(step["regression"], step["tool"]))
        elif "assistant" in step:
            steps.append(A(step["assistant"]))
        else:
            steps.append(Call([(c["tool"], c["arguments"], c["result"]) for c in step["calls"]], pre=step.get("pre"),
                              erase=step.get("erase"), error=step.get("error", False)))
    opt = {k: d.get(k, default) for k, default in _OPTIONAL.items()}
    for k in ("trim", "summarize"):
        if opt[k] is not None:
            opt[k] = tuple(opt[k])
    return Spec(id=d["id"], lang=d["lang"], dialect=d["dialect"], input=d["input"], tools=d["tools"], steps=steps,
                scenario=d["scenario"], notes=d["notes"], **opt)


# ---------------------------------------------------------------- tool registries


def _prop(spec: Any) -> tuple[dict[str, Any], bool]:
    desc = None
    if isinstance(spec, tuple):
        spec, desc = spec
    optional = False
    if isinstance(spec, list):
        prop: dict[str, Any] = {"type": "string", "enum": spec}
    else:
        if spec.endswith("?"):
            optional, spec = True, spec[:-1]
        prop = {"type": "array", "items": {"type": spec[6:]}} if spec.startswith("array:") else {"type": spec}
    if desc:
        prop["description"] = desc
    return prop, optional


def tool_registry() -> tuple[dict[str, dict[str, Any]], Callable[..., None]]:
    """A registry and its `T(name, description, /, **properties)`.

    Property shorthand: "string" / "integer" / "number" / "boolean" / "array:string" / "object"; a trailing "?"
    marks an optional property; a list is a string enum; a tuple (type, description) adds a description.
    """
    registry: dict[str, dict[str, Any]] = {}

    def T(name: str, desc: str, /, **props: Any) -> None:
        properties: dict[str, Any] = {}
        required: list[str] = []
        for key, spec in props.items():
            prop, optional = _prop(spec)
            properties[key] = prop
            if not optional:
                required.append(key)
        schema: dict[str, Any] = {"type": "object", "properties": properties}
        if required:
            schema["required"] = required
        assert name not in registry, f"tool {name} defined twice"
        registry[name] = {"description": desc, "schema": schema}

    return registry, T


# ---------------------------------------------------------------- helpers


def _h(*parts: str) -> str:
    return hashlib.sha256("|".join(parts).encode()).hexdigest()


_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _token(seed: str, n: int) -> str:
    digest = hashlib.sha256(seed.encode()).digest() * 2
    return "".join(_ALNUM[b % len(_ALNUM)] for b in digest[:n])


def call_id(dialect: str, conv: str, n: int, epoch: int = 0) -> str:
    seed = f"{conv}:{n}:{epoch}"
    if dialect == "anthropic":
        return "toolu_01" + _token(seed, 22)
    return "call_" + _token(seed, 24)


def _result_text(result: Any) -> str:
    if isinstance(result, str):
        return result
    return json.dumps(result, ensure_ascii=False)


# ---------------------------------------------------------------- canonical rendering


@dataclass
class Msg:
    key: int
    body: dict[str, Any]
    kind: str  # user | asst_text | asst_call | result | system
    group: int | None = None  # index of the Call step this belongs to (call, results)
    label_tool: str | None = None


def render_canonical(spec: Spec, registry: dict[str, dict[str, Any]]) -> tuple[list[Msg], list[dict[str, Any]]]:
    """Return the true full conversation (before any app rewrite) and the erase groups."""
    msgs: list[Msg] = []
    key = 0
    ncall = 0
    anth = spec.dialect == "anthropic"

    def add(body: dict[str, Any], kind: str, group: int | None = None, label: str | None = None) -> None:
        nonlocal key
        msgs.append(Msg(key, body, kind, group, label))
        key += 1

    def text_content(text: str) -> Any:
        if anth and spec.block_text:
            return [{"type": "text", "text": text}]
        return text

    if not anth and spec.system:
        add({"role": "developer" if spec.developer else "system", "content": spec.system}, "system")
    groups: list[dict[str, Any]] = []
    for si, step in enumerate(spec.steps):
        if isinstance(step, U):
            add({"role": "user", "content": text_content(step.text)}, "user")
        elif isinstance(step, (A, R)):
            label = step.tool if isinstance(step, R) else None
            add({"role": "assistant", "content": text_content(step.text)}, "asst_text", label=label)
        elif isinstance(step, Call):
            ids = []
            for name, _args, _res in step.calls:
                if name not in registry:
                    raise KeyError(f"{spec.id}: unknown tool {name}")
                ids.append(call_id(spec.dialect, spec.id, ncall))
                ncall += 1
            g = {"step": si, "ids": ids, "names": [c[0] for c in step.calls], "erase": step.erase}
            groups.append(g)
            gi = len(groups) - 1
            if anth:
                blocks: list[dict[str, Any]] = []
                if step.pre:
                    blocks.append({"type": "text", "text": step.pre})
                for cid, (name, args, _res) in zip(ids, step.calls, strict=True):
                    blocks.append({"type": "tool_use", "id": cid, "name": name, "input": args})
                add({"role": "assistant", "content": blocks}, "asst_call", gi)
                results = []
                for cid, (_n, _a, res) in zip(ids, step.calls, strict=True):
                    block: dict[str, Any] = {"type": "tool_result", "tool_use_id": cid, "content": _result_text(res)}
                    if step.error:
                        block["is_error"] = True
                    results.append(block)
                add({"role": "user", "content": results}, "result", gi)
            else:
                tcs = [
                    {
                        "id": cid,
                        "type": "function",
                        "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)},
                    }
                    for cid, (name, args, _res) in zip(ids, step.calls, strict=True)
                ]
                add({"role": "assistant", "content": step.pre, "tool_calls": tcs}, "asst_call", gi)
                for cid, (_n, _a, res) in zip(ids, step.calls, strict=True):
                    add({"role": "tool", "tool_call_id": cid, "content": _result_text(res)}, "result", gi)
        else:
            raise TypeError(step)
    for a, b in itertools.pairwise(msgs):
        if a.kind == "result" and b.kind == "user":
            raise ValueError(f"{spec.id}: the model must answer a tool result before the next user message")
    return msgs, groups


# ---------------------------------------------------------------- snapshots


def _turns(msgs: list[Msg]) -> list[list[int]]:
    """Positions of each user turn: a user text message and everything up to the next user text message."""
    turns: list[list[int]] = []
    for pos, m in enumerate(msgs):
        if m.kind == "user":
            turns.append([pos])
        elif m.kind != "system" and turns:
            turns[-1].append(pos)
    return turns


def build_snapshots(spec: Spec, msgs: list[Msg], groups: list[dict[str, Any]]) -> list[list[Msg]]:
    user_pos = [p for p, m in enumerate(msgs) if m.kind == "user"]
    turns = _turns(msgs)
    # request points: the app sends the history whenever the model must answer next
    points = [p + 1 for p, m in enumerate(msgs) if m.kind in ("user", "result") and p + 1 <= len(msgs)]
    points = [p for p in points if p == len(msgs) or msgs[p].kind not in ("user", "result")]
    # erase groups take effect from the next user message after the group
    erase_from: dict[int, int] = {}
    for gi, g in enumerate(groups):
        if g["erase"] is None:
            continue
        last = max(p for p, m in enumerate(msgs) if m.group == gi)
        nxt = [p for p in user_pos if p > last]
        if not nxt:
            raise ValueError(f"{spec.id}: erase group without a later user message")
        erase_from[gi] = nxt[0]
    snaps: list[list[Msg]] = []
    for p in points:
        cur = list(msgs[:p])
        # app rewrite: replace call + results + following assistant summary by plain text
        for gi, start in erase_from.items():
            if p <= start:
                continue
            out: list[Msg] = []
            i = 0
            while i < len(cur):
                m = cur[i]
                if m.group == gi and m.kind == "asst_call":
                    j = i + 1
                    while j < len(cur) and cur[j].group == gi:
                        j += 1
                    if j < len(cur) and cur[j].kind == "asst_text":
                        j += 1
                    text = groups[gi]["erase"]
                    content: Any = text
                    if spec.dialect == "anthropic" and spec.block_text:
                        content = [{"type": "text", "text": text}]
                    out.append(Msg(10_000 + gi, {"role": "assistant", "content": content}, "asst_text"))
                    i = j
                    continue
                out.append(m)
                i += 1
            cur = out
        # front trim / summary of whole turns
        for cfg, mode in ((spec.trim, "trim"), (spec.summarize, "sum")):
            if cfg is None:
                continue
            n_from, k = cfg[0], cfg[1]
            if p <= user_pos[n_from]:
                continue
            drop = {msgs[q].key for t in turns[:k] for q in t}
            kept = [m for m in cur if m.key not in drop]
            if mode == "sum":
                summary = cfg[2]  # type: ignore[misc]
                if spec.dialect == "anthropic":
                    first = next(i for i, m in enumerate(kept) if m.kind == "user")
                    m = kept[first]
                    orig = m.body["content"]
                    blocks = orig if isinstance(orig, list) else [{"type": "text", "text": orig}]
                    body = {"role": "user", "content": [{"type": "text", "text": summary}, *blocks]}
                    kept[first] = Msg(m.key, body, m.kind, m.group, m.label_tool)
                else:
                    at = 1 if kept and kept[0].kind == "system" else 0
                    kept.insert(at, Msg(20_000, {"role": "system", "content": summary}, "system"))
            cur = kept
        # regenerated call ids
        if spec.regen_from is not None and p > user_pos[spec.regen_from]:
            all_ids = [cid for g in groups for cid in g["ids"]]
            mapping = {cid: call_id(spec.dialect, spec.id, n, epoch=1) for n, cid in enumerate(all_ids)}
            cur = [_remap(m, mapping) for m in cur]
        snaps.append(cur)
    return snaps


def _remap(m: Msg, mapping: dict[str, str]) -> Msg:
    body = copy.deepcopy(m.body)
    if "tool_calls" in body:
        for tc in body["tool_calls"]:
            tc["id"] = mapping.get(tc["id"], tc["id"])
    if "tool_call_id" in body:
        body["tool_call_id"] = mapping.get(body["tool_call_id"], body["tool_call_id"])
    if isinstance(body.get("content"), list):
        for b in body["content"]:
            if b.get("type") == "tool_use":
                b["id"] = mapping.get(b["id"], b["id"])
            if b.get("type") == "tool_result":
                b["tool_use_id"] = mapping.get(b["tool_use_id"], b["tool_use_id"])
    return Msg(m.key, body, m.kind, m.group, m.label_tool)


# ---------------------------------------------------------------- records


def tool_defs(spec: Spec, registry: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for name in spec.tools:
        t = registry[name]
        if spec.dialect == "anthropic":
            out.append({"name": name, "description": t["description"], "input_schema": t["schema"]})
        else:
            out.append(
                {
                    "type": "function",
                    "function": {"name": name, "description": t["description"], "parameters": t["schema"]},
                }
            )
    return out


def build_record(spec: Spec, registry: dict[str, dict[str, Any]]) -> dict[str, Any]:
    msgs, groups = render_canonical(spec, registry)
    used = {n for g in groups for n in g["names"]}
    missing = used - set(spec.tools)
    if missing:
        raise ValueError(f"{spec.id}: tools used but not defined: {missing}")
    rec: dict[str, Any] = {"id": spec.id, "lang": spec.lang, "dialect": spec.dialect, "input": spec.input}
    if spec.dialect == "anthropic" and spec.system:
        rec["system"] = spec.system
    rec["tools"] = tool_defs(spec, registry)
    regress: list[dict[str, Any]] = []
    erased: list[dict[str, Any]] = []
    if spec.input == "stream":
        if any(g["erase"] for g in groups) or spec.trim or spec.summarize or spec.regen_from is not None:
            raise ValueError(f"{spec.id}: history rewrites only apply to snapshots")
        rec["messages"] = [m.body for m in msgs]
        for i, m in enumerate(msgs):
            if m.label_tool:
                regress.append({"snapshot": None, "index": i, "expected_tool": m.label_tool})
    else:
        snaps = build_snapshots(spec, msgs, groups)
        rec["snapshots"] = [[m.body for m in s] for s in snaps]
        last = snaps[-1]
        tail_from = max(i for i, m in enumerate(msgs) if m.key == last[-1].key) + 1
        rec["messages"] = [m.body for m in last] + [m.body for m in msgs[tail_from:]]
        for m in msgs:
            if not m.label_tool:
                continue
            found = [(k, i) for k, s in enumerate(snaps) for i, x in enumerate(s) if x.key == m.key]
            if not found:
                raise ValueError(f"{spec.id}: regressed reply never sent back in a snapshot")
            k, i = found[0]
            regress.append({"snapshot": k, "index": i, "expected_tool": m.label_tool})
        for g in groups:
            if g["erase"] is not None:
                for cid, name in zip(g["ids"], g["names"], strict=True):
                    erased.append({"call_id": cid, "tool": name})
    rec["labels"] = {"text_only_regression": regress, "tool_history_erased": erased}
    rec["scenario"] = spec.scenario
    rec["hard_negative"] = not regress
    rec["notes"] = spec.notes
    return rec
