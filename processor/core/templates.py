"""What a synthesized tool result says, by reason, overridable per tool.

The text is read by the model on its next turn, so it states what is known and, for writes that timed out,
what is not: a timeout is no proof that nothing ran, so a non-idempotent tool must be checked, not retried.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

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
}

NON_IDEMPOTENT_TIMEOUT = (
    "Tool call {call_id} ({tool}) timed out and its outcome is UNKNOWN: the action may already have taken "
    "effect. Check its current state before any retry; do not repeat it blindly."
)


@dataclass(frozen=True)
class Templates:
    """`overrides[tool][reason]`; `tool` may be "*" and `reason` may be "*" as wildcards."""

    overrides: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    non_idempotent_tools: frozenset[str] = frozenset()

    def render(self, tool: str, call_id: str | None, reason: DanglingReason) -> str:
        unsafe = reason is DanglingReason.TIMEOUT and tool in self.non_idempotent_tools
        # the "outcome unknown" warning of a non-idempotent timeout yields to a template for that tool only,
        # never to a "*" catch-all written with other tools in mind
        template = self._lookup(tool, reason, (tool,) if unsafe else (tool, "*"))
        if template is None:
            template = NON_IDEMPOTENT_TIMEOUT if unsafe else DEFAULT_TEMPLATES[reason]
        if not call_id:  # Gemini calls may have no id: name the tool only
            template = template.replace("Tool call {call_id} ({tool})", "The {tool} tool call")
        # plain substitution, not str.format: a template holding JSON braces must not crash the worker
        return (
            template.replace("{tool}", tool)
            .replace("{call_id}", call_id or "")
            .replace("{reason}", reason.value)
        )

    def _lookup(self, tool: str, reason: DanglingReason, tools: tuple[str, ...]) -> str | None:
        for t in tools:
            per_tool = self.overrides.get(t)
            if per_tool:
                for r in (reason.value, "*"):
                    if r in per_tool:
                        return per_tool[r]
        return None
