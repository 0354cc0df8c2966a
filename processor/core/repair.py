"""Batch repair: the incremental tracker run over a whole history (so batch and stream agree by construction)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from . import dialects
from .findings import Action, DanglingReason, Finding, FindingKind, RepairAction
from .model import JSON, InputError, Role
from .templates import Template, Templates
from .thinking import ModelPatterns, ThinkingPolicy
from .toolspans import ToolRun, ToolRuns
from .tracker import DEFAULT_CONFIG, RepairConfig, Strategy, Tracker


@dataclass
class RepairResult:
    dialect: str
    messages: list[JSON]
    findings: list[Finding]
    actions: list[Action] = field(default_factory=list)
    changed: bool = False
    # thinking bound to its prefix: where the output first differs from the input and what became of the thinking
    # after it (`thinking_summary`); None when no thinking block was invalidated
    thinking: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        out = {
            "dialect": self.dialect,
            "messages": self.messages,
            "findings": [f.to_dict() for f in self.findings],
            "actions": [a.to_dict() for a in self.actions],
            "changed": self.changed,
        }
        if self.thinking is not None:
            out["thinking"] = self.thinking
        return out


def thinking_summary(changed_at: int | None, findings: Sequence[Finding], actions: Sequence[Action],
                     ) -> dict[str, Any] | None:
    """What a repair did to thinking bound to its prefix: `prefix_changed_at` (input index of the first change),
    `invalid` (thinking blocks after it), `stripped` (of those, removed), `first_invalid` ([message index, block
    position]). None when no thinking block was invalidated."""
    invalid = 0
    first: list[int] | None = None
    for f in findings:
        if f.kind is FindingKind.THINKING_PREFIX_CHANGED and f.count:
            invalid += f.count
            if first is None and f.index is not None:
                first = [f.index, f.block if f.block is not None else 0]
    if not invalid:
        return None
    stripped = sum(int(a.extra.get("count", 0)) for a in actions if a.action is RepairAction.STRIP_THINKING)
    return {"prefix_changed_at": changed_at, "invalid": invalid, "stripped": stripped, "first_invalid": first}


def thinking_header(summary: dict[str, Any]) -> bytes:
    """The `toolmend-thinking` header of a record whose repair invalidated thinking."""
    return (f"prefix_changed_at={summary['prefix_changed_at']};invalid={summary['invalid']};"
            f"stripped={summary['stripped']}").encode()


HISTORY_KEYS = ("messages", "contents", "input")


def extract_history(doc: JSON) -> tuple[list[JSON], str | None]:
    """A JSON array of messages, or an object holding `messages`, `contents` or `input` (see HISTORY_KEYS).

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


def make_config(strategy: Strategy = "fill", config: RepairConfig | None = None,
                templates: Mapping[str, Mapping[str, Template]] | None = None,
                non_idempotent_tools: Sequence[str] = (), thinking: ThinkingPolicy | None = None,
                thinking_models: Sequence[str] | None = None) -> RepairConfig:
    if config is not None:
        cfg = config
    elif strategy == "fill" and templates is None and not non_idempotent_tools:
        cfg = DEFAULT_CONFIG
    else:
        cfg = RepairConfig(strategy=strategy,
                           templates=Templates(templates or {}, frozenset(non_idempotent_tools)))
    if thinking is not None and thinking != cfg.thinking:
        cfg = replace(cfg, thinking=thinking)
    if thinking_models is not None:
        cfg = replace(cfg, thinking_models=ModelPatterns(thinking_models))
    return cfg


def _may_claim(steps: Sequence[Any], n: int, defined: bool) -> bool:
    """Whether a history could hold an unbacked claim: an assistant text without a call, where a tool is offered
    (definitions, or a call earlier in the history)."""
    offered = defined
    for i in range(min(n, len(steps))):
        v = steps[i].view
        if v is None or v.role is not Role.ASSISTANT:
            continue
        if v.calls:
            offered = True
        elif offered and v.has_text:
            return True
    return False


def _may_regress(steps: Sequence[Any], n: int) -> bool:
    """Whether a history could hold a text-only regression: an assistant message without a named, well-formed call
    that is the first one after a user request, once a tool was used (a call or a result). The detector judges
    only such turns (a later message of a turn, the answer after a result, is not), so a history without one gives
    no finding. A superset: a turn spanning several items is judged whole, here by its first item."""
    used = False
    asked = False  # a user request since the last assistant message
    for i in range(min(n, len(steps))):
        v = steps[i].view
        if v is None:
            continue
        role = v.role
        if role is Role.ASSISTANT:
            called = False
            for c in v.calls:
                if not c.malformed and c.name:
                    called = True
                    break
            if called:
                used = True
            elif used and asked:
                return True
            asked = False
        elif role is Role.TOOL or (role is Role.USER and v.results):
            used = True
        elif role is Role.USER and v.has_text:
            asked = True
    return False


def _behaviour(msgs: Sequence[JSON], steps: Sequence[Any], adapter: dialects.Dialect,
               previous: Sequence[Sequence[JSON]], system: Any = None, tools: Any = None) -> list[Finding]:
    if not previous and not _may_regress(steps, len(msgs)) and not _may_claim(steps, len(msgs), tools is not None):
        return []  # one history, no earlier snapshot (no erasure to find), no turn a detector would judge
    from .behaviour import Behaviour  # the detectors load on first use

    b = Behaviour(keys=bool(previous))  # no earlier snapshot: no erasure to find, no user text to fingerprint
    b.on_context(system, tools)
    out: list[Finding] = []
    for k, snap in enumerate(previous):
        out.extend(b.on_snapshot(snap, adapter, k))
        b.feed_snapshot(snap, adapter, None, None, None, None)  # turns judged then: reported by those calls
    if previous:  # an erasure needs an earlier snapshot to have held the call
        out.extend(b.on_snapshot(msgs, adapter, len(previous), [s.view for s in steps[: len(msgs)]]))
    out.extend(b.feed_snapshot(msgs, adapter, None, None, None, None, steps))
    out.extend(b.flush(None, None, None))
    return out


def repair(
    messages: Sequence[JSON] | Mapping[str, Any],
    dialect: str = "auto",
    strategy: Strategy = "fill",
    *,
    templates: Mapping[str, Mapping[str, Template]] | None = None,
    non_idempotent_tools: Sequence[str] = (),
    config: RepairConfig | None = None,
    reason: DanglingReason = DanglingReason.UNANSWERED_AT_REQUEST,
    late_results: Literal["drop", "move"] = "move",
    behaviour: bool = True,
    previous: Sequence[Sequence[JSON]] = (),
    timestamps: Sequence[int | None] | None = None,
    system: Any = None,
    tools: Any = None,
    thinking: ThinkingPolicy | None = None,
    model: str | None = None,
    thinking_models: Sequence[str] | None = None,
    tool_runs: Sequence[ToolRun] = (),
) -> RepairResult:
    """Validate and repair one history about to be sent to a model.

    `messages` is the list of native messages (or an object holding `messages`/`contents`/`input`). Nothing in
    the input is mutated; a history that needs no repair comes back as the same message objects.

    A result that arrived after its block closed (a user message came, or the model moved on) is moved back
    into its block (`late_tool_result` is still reported); `late_results="drop"` drops it instead. The stream
    does the same within `late_result_grace_ms` of event time: give `timestamps` (event time of each message,
    ms) to make the same decisions here; without them every later result counts as inside the grace.

    `behaviour` adds the warnings `text_only_regression` (over this history) and `tool_history_erased`: tool
    calls of `previous` snapshots of the same conversation (oldest first) that vanished from a later one while
    the user message that led to them is still there.

    `system` (a string, a list of text blocks or an object with `parts`) and `tools` (the request's tool
    definitions, any dialect's shape) inform the text-only detector; the object form passes its own `system` /
    `systemInstruction` / `instructions` and `tools` unless these are given.

    Thinking bound to its prefix (dialects that bind it): a thinking block after the first position
    the repair changes is invalid for the models that bind thinking; each message holding such blocks gets a
    `thinking_prefix_changed` finding, and `result.thinking` says where the prefix changed and what was removed.
    `thinking="keep"` keeps them, `"strip_changed"` removes exactly them (a turn left empty goes too), `"auto"`
    (the default, or the config's) removes them when `model` (the object form's own `model` unless given) matches
    `thinking_models` (glob patterns; default: the shipped list of the models that bind thinking).

    `tool_runs` are what the tools really did (`ToolRun`s, as execute_tool spans report them): a dangling call
    whose run is known gets a placeholder that says what the run did (completed at T, or its error class), and a
    run that ended without error adds `tool_result_lost` (docs/semantics.md, "Tool runs").
    """
    runs: ToolRuns | None = None
    if tool_runs:
        runs = ToolRuns()
        for r in tool_runs:
            runs.add(r)
    return repair_with_steps(messages, dialect, strategy, templates=templates,
                             non_idempotent_tools=non_idempotent_tools, config=config, reason=reason,
                             late_results=late_results, behaviour=behaviour, previous=previous, timestamps=timestamps,
                             system=system, tools=tools, thinking=thinking, model=model,
                             thinking_models=thinking_models, runs=runs)[0]


def repair_with_steps(
    messages: Sequence[JSON] | Mapping[str, Any],
    dialect: str = "auto",
    strategy: Strategy = "fill",
    *,
    templates: Mapping[str, Mapping[str, Template]] | None = None,
    non_idempotent_tools: Sequence[str] = (),
    config: RepairConfig | None = None,
    reason: DanglingReason = DanglingReason.UNANSWERED_AT_REQUEST,
    late_results: Literal["drop", "move"] = "move",
    behaviour: bool = True,
    previous: Sequence[Sequence[JSON]] = (),
    timestamps: Sequence[int | None] | None = None,
    system: Any = None,
    tools: Any = None,
    thinking: ThinkingPolicy | None = None,
    model: str | None = None,
    thinking_models: Sequence[str] | None = None,
    runs: ToolRuns | None = None,
    checked: bool = False,
) -> tuple[RepairResult, list[Any]]:
    """`repair`, and the tracker's steps (one per message of the history as fed, then the finish): their views
    are those of `dialects.get(result.dialect)` (the stream's snapshot detectors read them instead of viewing
    every message again). `checked`: the caller already ran `dialects.check` on these messages with this
    `dialect` (the stream does, before a request event touches any state): it is not run twice."""
    top: tuple[str, ...] = ()
    # a list (what the stream passes) first: an ABC's isinstance check runs in Python, a type check does not
    if type(messages) is not list and isinstance(messages, Mapping):
        msgs, key = extract_history(dict(messages))
        if dialect == "auto" and key is not None:
            dialect = dialects.BY_HISTORY_KEY.get(key, dialect)
        top = tuple(k for k in messages if isinstance(k, str))
        if system is None:
            system = next((messages[k] for k in dialects.SYSTEM_KEYS if messages.get(k) is not None), None)
        if tools is None:
            tools = messages.get("tools")
        if model is None and isinstance(messages.get("model"), str):
            model = messages["model"]
    else:
        msgs = list(messages)
    cfg = make_config(strategy, config, templates, non_idempotent_tools, thinking, thinking_models)
    if dialect == "auto":
        dialect = dialects.detect(msgs, also=previous, keys=top)
    elif not checked:
        dialects.check(msgs, dialects.get(dialect).name)
    if late_results not in ("drop", "move"):
        raise ValueError("late_results must be drop or move")
    if late_results == "drop" and cfg.late_result_grace_ms:
        cfg = replace(cfg, late_result_grace_ms=0)
    if timestamps is not None and len(timestamps) != len(msgs):
        raise ValueError("timestamps must give one event time per message")
    findings: list[Finding] = []
    actions: list[Action] = []
    adapter = dialects.get(dialect)
    tracker = Tracker(dialect, cfg)
    tracker.model = model
    if tools:
        tracker.declare_tools(tools)
    if runs is not None:
        tracker.runs = runs
    out: list[JSON] = []
    steps = []
    for i, m in enumerate(msgs):
        try:
            steps.append(tracker.feed(m, None, timestamps[i] if timestamps is not None else None))
        except InputError as e:
            raise InputError(e.kind, f"message {i}: {e.detail}") from None
    steps.append(tracker.finish(reason))
    if behaviour:
        findings.extend(_behaviour(msgs, steps, adapter, previous, system, tools))
    for step in steps:
        out.extend(e.message for e in step.messages)
        findings.extend(step.findings)
        actions.extend(step.actions)
    return RepairResult(dialect, out, findings, actions, changed=bool(actions),
                        thinking=thinking_summary(tracker.prefix_changed_at, findings, actions)
                        if tracker.prefix_changed_at is not None else None), steps
