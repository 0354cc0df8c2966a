"""Batch repair: the incremental tracker run over a whole history (so batch and stream agree by construction)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import dialects
from .findings import Action, DanglingReason, Finding
from .model import JSON, InputError
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


def repair(
    messages: Sequence[JSON] | Mapping[str, Any],
    dialect: str = "auto",
    strategy: Strategy = "fill",
    *,
    templates: Mapping[str, Mapping[str, str]] | None = None,
    non_idempotent_tools: Sequence[str] = (),
    config: RepairConfig | None = None,
    reason: DanglingReason = DanglingReason.UNANSWERED_AT_REQUEST,
) -> RepairResult:
    """Validate and repair one history about to be sent to a model.

    `messages` is the list of native messages (or an object holding `messages`/`contents`/`input`). Nothing in
    the input is mutated; a history that needs no repair comes back as the same message objects.
    """
    if isinstance(messages, Mapping):
        msgs, key = extract_history(dict(messages))
        if dialect == "auto" and key in _KEY_DIALECT:
            dialect = _KEY_DIALECT[key]
    else:
        msgs = list(messages)
    cfg = make_config(strategy, config, templates, non_idempotent_tools)
    if dialect == "auto":
        dialect = dialects.detect(msgs)
    tracker = Tracker(dialect, cfg)
    out: list[JSON] = []
    findings: list[Finding] = []
    actions: list[Action] = []
    for i, m in enumerate(msgs):
        try:
            step = tracker.feed(m)
        except InputError as e:
            raise InputError(e.kind, f"message {i}: {e.detail}") from None
        out.extend(e.message for e in step.messages)
        findings.extend(step.findings)
        actions.extend(step.actions)
    step = tracker.finish(reason)
    out.extend(e.message for e in step.messages)
    findings.extend(step.findings)
    actions.extend(step.actions)
    return RepairResult(dialect, out, findings, actions, changed=bool(actions))
