"""Batch repair: the incremental tracker run over a whole history (so batch and stream agree by construction)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from . import dialects
from .findings import Action, DanglingReason, Finding, FindingKind, RepairAction
from .model import JSON, InputError, Role
from .templates import Templates
from .tracker import DEFAULT_CONFIG, RepairConfig, Strategy, Tracker


@dataclass
class RepairResult:
    dialect: str
    messages: list[JSON]
    findings: list[Finding]
    actions: list[Action] = field(default_factory=list)
    changed: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "dialect": self.dialect,
            "messages": self.messages,
            "findings": [f.to_dict() for f in self.findings],
            "actions": [a.to_dict() for a in self.actions],
            "changed": self.changed,
        }


HISTORY_KEYS = ("messages", "contents", "input")


def extract_history(doc: JSON) -> tuple[list[JSON], str | None]:
    """A JSON array of messages, or an object holding `messages`, `contents` (Gemini) or `input` (Responses).

    Returns the messages and the key they came from (None for a bare array).
    """
    if isinstance(doc, list):
        return doc, None
    if isinstance(doc, dict):
        for key in HISTORY_KEYS:
            v = doc.get(key)
            if isinstance(v, list):
                return v, key
            if v is not None:
                raise InputError("schema", f"`{key}` must be an array of messages")
        raise InputError("schema", "expected an array of messages or an object with messages, contents or input")
    raise InputError("schema", f"expected a JSON array or object, got {type(doc).__name__}")


_KEY_DIALECT = {"contents": "gemini", "input": "openai_responses"}


def make_config(strategy: Strategy = "fill", config: RepairConfig | None = None,
                templates: Mapping[str, Mapping[str, str]] | None = None,
                non_idempotent_tools: Sequence[str] = ()) -> RepairConfig:
    if config is not None:
        return config
    if strategy == "fill" and templates is None and not non_idempotent_tools:
        return DEFAULT_CONFIG
    return RepairConfig(strategy=strategy,
                        templates=Templates(templates or {}, frozenset(non_idempotent_tools)))


def _move_late_results(msgs: list[JSON], adapter: dialects.Dialect) -> tuple[list[JSON], list[int], list[Finding],
                                                                             list[Action]]:
    """Batch only, flat dialects: put each late result back at the end of its block.

    Returns the reordered history, the input index of each of its messages, and the findings and actions of the
    moves (the tracker then sees those results in place and reports nothing about them).
    """
    views = [adapter.view(m) for m in msgs]
    block_of: dict[str, int] = {}  # call id -> index of the last message of its block
    answered: set[str] = set()
    closed_by: dict[int, int] = {}  # block end -> first user message after it
    moves: dict[int, list[int]] = {}
    moved: set[int] = set()
    findings: list[Finding] = []
    actions: list[Action] = []
    end = -1
    calls: list[str] = []
    for i, v in enumerate(views):
        if v.role is Role.ASSISTANT and v.calls:
            same_turn = adapter.name == "openai_responses" and end == i - 1 and views[i - 1].role is Role.ASSISTANT
            if not same_turn:  # a new block (Responses: consecutive call items are one turn)
                calls = []
            calls += [c.id for c in v.calls if c.id]
            end = i
            for cid in calls:
                block_of[cid] = end
        elif v.role is Role.TOOL and end == i - 1 and v.results[0].call_id in calls:
            end = i
            answered.add(v.results[0].call_id or "")
            for cid in calls:
                block_of[cid] = end
        elif v.role is Role.TOOL and v.results[0].call_id in block_of and v.results[0].call_id not in answered:
            cid = v.results[0].call_id or ""
            b_end = block_of[cid]
            moves.setdefault(b_end, []).append(i)
            moved.add(i)
            answered.add(cid)
            findings.append(Finding(FindingKind.LATE_TOOL_RESULT, i, cid, None, None, "moved into place"))
            actions.append(Action(RepairAction.MOVE_RESULT, i, cid))
            u = closed_by.get(b_end)
            if u is not None:
                findings.append(Finding(FindingKind.INTERLEAVED_USER_MESSAGE, u, cid))
        else:
            if v.role is Role.USER:
                for cid in calls:
                    closed_by.setdefault(block_of[cid], i)
            if v.role is not Role.REASONING:
                calls = []
    order: list[int] = []
    for i in range(len(msgs)):
        if i not in moved:
            order.append(i)
        order.extend(moves.get(i, ()))
    return [msgs[i] for i in order], order, findings, actions


#: keys of a request object beside its messages: the system prompt of each dialect, and the tool definitions
SYSTEM_KEYS = ("system", "systemInstruction", "system_instruction", "instructions")


def _behaviour(msgs: Sequence[JSON], steps: Sequence[Any], adapter: dialects.Dialect,
               previous: Sequence[Sequence[JSON]], origin: list[int] | None, system: Any = None,
               tools: Any = None) -> list[Finding]:
    from .behaviour import Behaviour  # the detectors load on first use

    b = Behaviour()
    b.on_context(system, tools)
    out: list[Finding] = []
    for k, snap in enumerate(previous):
        out.extend(b.on_snapshot(snap, adapter, k))
        b.feed_snapshot(snap, adapter, None, None, None, None)  # turns judged then: reported by those calls
    if previous:  # an erasure needs an earlier snapshot to have held the call
        out.extend(b.on_snapshot(msgs, adapter, len(previous), [s.view for s in steps[: len(msgs)]]))
    out.extend(b.feed_snapshot(msgs, adapter, None, None, None, None, steps, origin))
    out.extend(b.flush(None, None, None))
    return out


def repair(
    messages: Sequence[JSON] | Mapping[str, Any],
    dialect: str = "auto",
    strategy: Strategy = "fill",
    *,
    templates: Mapping[str, Mapping[str, str]] | None = None,
    non_idempotent_tools: Sequence[str] = (),
    config: RepairConfig | None = None,
    reason: DanglingReason = DanglingReason.UNANSWERED_AT_REQUEST,
    late_results: Literal["drop", "move"] = "drop",
    behaviour: bool = True,
    previous: Sequence[Sequence[JSON]] = (),
    system: Any = None,
    tools: Any = None,
) -> RepairResult:
    """Validate and repair one history about to be sent to a model.

    `messages` is the list of native messages (or an object holding `messages`/`contents`/`input`). Nothing in
    the input is mutated; a history that needs no repair comes back as the same message objects.

    `late_results="move"` (batch only, OpenAI chat and Responses) puts a result that arrived after its block
    closed back into the block instead of dropping it; the stream cannot, since it emitted the block already.

    `behaviour` adds the warnings `text_only_regression` (over this history) and `tool_history_erased`: tool
    calls of `previous` snapshots of the same conversation (oldest first) that vanished from a later one while
    the user message that led to them is still there.

    `system` (a string, Anthropic text blocks or a Gemini `systemInstruction`) and `tools` (the request's tool
    definitions, any dialect's shape) inform the text-only detector; the object form passes its own `system` /
    `systemInstruction` / `instructions` and `tools` unless these are given.
    """
    return _repair(messages, dialect, strategy, templates=templates, non_idempotent_tools=non_idempotent_tools,
                   config=config, reason=reason, late_results=late_results, behaviour=behaviour,
                   previous=previous, system=system, tools=tools)[0]


def _repair(
    messages: Sequence[JSON] | Mapping[str, Any],
    dialect: str = "auto",
    strategy: Strategy = "fill",
    *,
    templates: Mapping[str, Mapping[str, str]] | None = None,
    non_idempotent_tools: Sequence[str] = (),
    config: RepairConfig | None = None,
    reason: DanglingReason = DanglingReason.UNANSWERED_AT_REQUEST,
    late_results: Literal["drop", "move"] = "drop",
    behaviour: bool = True,
    previous: Sequence[Sequence[JSON]] = (),
    system: Any = None,
    tools: Any = None,
) -> tuple[RepairResult, list[Any]]:
    """`repair`, and the tracker's steps (one per message of the history as fed, then the finish): their views
    are those of `dialects.get(result.dialect)` (the stream's snapshot detectors read them instead of viewing
    every message again)."""
    top: tuple[str, ...] = ()
    if isinstance(messages, Mapping):
        msgs, key = extract_history(dict(messages))
        if dialect == "auto" and key in _KEY_DIALECT:
            dialect = _KEY_DIALECT[key]
        top = tuple(k for k in messages if isinstance(k, str))
        if system is None:
            system = next((messages[k] for k in SYSTEM_KEYS if messages.get(k) is not None), None)
        if tools is None:
            tools = messages.get("tools")
    else:
        msgs = list(messages)
    cfg = make_config(strategy, config, templates, non_idempotent_tools)
    if dialect == "auto":
        dialect = dialects.detect(msgs, also=previous, keys=top)
    else:
        dialects.check(msgs, dialects.get(dialect).name)
    if late_results not in ("drop", "move"):
        raise ValueError("late_results must be drop or move")
    findings: list[Finding] = []
    actions: list[Action] = []
    origin: list[int] | None = None
    adapter = dialects.get(dialect)
    if late_results == "move" and not adapter.block_style:
        for i, m in enumerate(msgs):
            if not isinstance(m, dict):
                raise InputError("schema", f"message {i}: a message must be a JSON object")
        msgs, origin, findings, actions = _move_late_results(msgs, adapter)
    tracker = Tracker(dialect, cfg)
    out: list[JSON] = []
    steps = []
    for i, m in enumerate(msgs):
        try:
            steps.append(tracker.feed(m))
        except InputError as e:
            raise InputError(e.kind, f"message {origin[i] if origin else i}: {e.detail}") from None
    steps.append(tracker.finish(reason))
    if behaviour:
        findings.extend(_behaviour(msgs, steps, adapter, previous, origin, system, tools))

    def remap(x: int | None) -> int | None:
        return origin[x] if origin is not None and x is not None and x >= 0 else x

    for step in steps:
        out.extend(e.message for e in step.messages)
        if origin is None:
            findings.extend(step.findings)
            actions.extend(step.actions)
        else:
            findings.extend(replace(f, index=remap(f.index)) for f in step.findings)
            actions.extend(replace(a, index=remap(a.index)) for a in step.actions)
    return RepairResult(dialect, out, findings, actions, changed=bool(actions)), steps
