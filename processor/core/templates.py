"""What a synthesized tool result says, by reason, overridable per tool.

The text is read by the model on its next turn, so it states what is known and, for writes that timed out,
what is not: a timeout is no proof that nothing ran, so a non-idempotent tool must be checked, not retried.

A template sees the call: `{tool}`, `{call_id}`, `{reason}`, `{arguments}` (as the call carried them, JSON) and
`{arg.NAME}` (one top-level argument). In the library a template may also be a callable (per tool or as the
default) that receives the call, the reason and the dialect and returns the text, as Eino's hook does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import orjson

from .findings import DanglingReason

DEFAULT_TEMPLATES: dict[DanglingReason, str] = {
    DanglingReason.USER_INTERRUPT: (
        "Tool call {call_id} ({tool}) was cancelled: the user sent a new message before it finished. "
        "No result is available."
    ),
    DanglingReason.ASSISTANT_CONTINUED: (
        "Tool call {call_id} ({tool}) returned no result: the conversation continued without it."
    ),
    DanglingReason.TIMEOUT: "Tool call {call_id} ({tool}) timed out: no result arrived in time.",
    DanglingReason.CONVERSATION_END: (
        "Tool call {call_id} ({tool}) has no result: the conversation ended before it finished."
    ),
    DanglingReason.EVICTED: "Tool call {call_id} ({tool}) has no recorded result (conversation state expired).",
    DanglingReason.UNANSWERED_AT_REQUEST: "Tool call {call_id} ({tool}) has no result in this history.",
    DanglingReason.INVALID_ARGUMENTS: (
        "Tool call {call_id} ({tool}) did not run: its arguments were malformed or truncated. "
        "Call it again with complete, valid arguments if it is still needed."
    ),
}

NON_IDEMPOTENT_TIMEOUT = (
    "Tool call {call_id} ({tool}) timed out and its outcome is UNKNOWN: the action may already have taken "
    "effect. Check its current state before any retry; do not repeat it blindly."
)


@dataclass(frozen=True, slots=True)
class CallInfo:
    """The call a synthesized result answers, as a template callable sees it."""

    tool: str
    call_id: str | None
    arguments: Any = None  # parsed arguments (an object), the raw text if they do not parse, None if not kept
    arguments_error: str = ""  # why they do not parse ("" when they do)


TemplateFn = Callable[[CallInfo, DanglingReason, str], str]
Template = str | TemplateFn


@dataclass(frozen=True)
class Templates:
    """`overrides[tool][reason]`; `tool` may be "*" and `reason` may be "*" as wildcards. A value is a string
    template or (library only) a callable `(call, reason, dialect) -> str`."""

    overrides: Mapping[str, Mapping[str, Template]] = field(default_factory=dict)
    non_idempotent_tools: frozenset[str] = frozenset()

    @property
    def shows_call(self) -> bool:
        """Whether a template needs the call's arguments (the tracker then keeps them while the call is open)."""
        for per_tool in self.overrides.values():
            for t in per_tool.values():
                if not isinstance(t, str) or "{arguments}" in t or "{arg." in t:
                    return True
        return False

    def render(self, tool: str, call_id: str | None, reason: DanglingReason, call: CallInfo | None = None,
               dialect: str = "") -> str:
        unsafe = reason is DanglingReason.TIMEOUT and tool in self.non_idempotent_tools
        # the "outcome unknown" warning of a non-idempotent timeout yields to a template for that tool only,
        # never to a "*" catch-all written with other tools in mind
        template = self._lookup(tool, reason, (tool,) if unsafe else (tool, "*"))
        if template is None:
            template = NON_IDEMPOTENT_TIMEOUT if unsafe else DEFAULT_TEMPLATES[reason]
        if not isinstance(template, str):
            return str(template(call if call is not None else CallInfo(tool, call_id), reason, dialect))
        if not call_id:  # calls may have no id (Gemini): name the tool only
            template = template.replace("Tool call {call_id} ({tool})", "The {tool} tool call")
        # plain substitution, not str.format: a template holding JSON braces must not crash the worker
        text = (
            template.replace("{tool}", tool)
            .replace("{call_id}", call_id or "")
            .replace("{reason}", reason.value)
        )
        if "{arg" in text:
            args = call.arguments if call is not None else None
            text = _fill_arguments(text, args)
        return text

    def _lookup(self, tool: str, reason: DanglingReason, tools: tuple[str, ...]) -> Template | None:
        for t in tools:
            per_tool = self.overrides.get(t)
            if per_tool:
                for r in (reason.value, "*"):
                    if r in per_tool:
                        return per_tool[r]
        return None


def _show(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, str):
        return v
    return orjson.dumps(v).decode()


def _fill_arguments(text: str, args: Any) -> str:
    text = text.replace("{arguments}", _show(args))
    start = text.find("{arg.")
    while start >= 0:
        end = text.find("}", start)
        if end < 0:
            break
        name = text[start + 5:end]
        value = _show(args.get(name)) if isinstance(args, dict) else ""
        text = text[:start] + value + text[end + 1:]
        start = text.find("{arg.", start + len(value))
    return text


__all__ = ["DEFAULT_TEMPLATES", "NON_IDEMPOTENT_TIMEOUT", "CallInfo", "Template", "TemplateFn", "Templates"]
