"""The neutral model every dialect maps to: just enough of a message for the tracker to decide.

A neutral message never copies content; it records positions (into `tool_calls`, content blocks or parts) so
the dialect can rewrite the native message later without the tracker knowing its shape.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Final, Literal

DialectName = Literal["openai_chat", "anthropic", "openai_responses", "gemini", "otel_genai"]
DIALECTS: Final[tuple[DialectName, ...]] = ("openai_chat", "anthropic", "openai_responses", "gemini", "otel_genai")

JSON = Any  # a native message: whatever orjson produced


class Role(IntEnum):
    SYSTEM = 0  # system or developer
    USER = 1
    ASSISTANT = 2  # model output: text and/or tool calls (Responses: message, function_call)
    TOOL = 3  # flat dialects: a message that is one tool result
    REASONING = 4  # Responses reasoning item: belongs to the model item after it
    OTHER = 5  # valid but irrelevant to tool pairing (e.g. Responses web_search_call): passes through
    INVALID = 6  # a role the dialect does not know


class Call:
    """A tool call inside a native message. `pos` indexes the native container (-1: the message is the call).

    `rewrite`: the call must be rewritten to be accepted (its arguments given in a form the API refuses, such as
    Anthropic's `input` as a JSON string); the dialect's `rewrite_call` does it."""

    __slots__ = ("id", "malformed", "name", "pos", "rewrite")

    def __init__(self, id: str | None, name: str, pos: int, malformed: str = "", rewrite: bool = False) -> None:
        self.id = id
        self.name = name
        self.pos = pos
        self.malformed = malformed
        self.rewrite = rewrite


class Result:
    """A tool result inside a native message; `call_id` is None where the dialect pairs by name (Gemini)."""

    __slots__ = ("call_id", "name", "pos")

    def __init__(self, call_id: str | None, name: str | None, pos: int) -> None:
        self.call_id = call_id
        self.name = name
        self.pos = pos


#: the kind of a call the provider runs itself (a server tool): its result comes in the model's own turn, never
#: later from the application, and none can be made up for it
SERVER_CALL: Final = "server"

NO_CALLS: Final[tuple[Call, ...]] = ()
NO_RESULTS: Final[tuple[Result, ...]] = ()


class View:
    """The neutral view of one native message. Treated as immutable: dialects share views of plain messages."""

    __slots__ = (
        "blank",
        "calls",
        "empty",
        "empty_tool_calls",
        "has_text",
        "raw_role",
        "results",
        "results_after_text",
        "role",
        "simple",
        "thinking",
    )

    def __init__(
        self,
        role: Role,
        has_text: bool = False,
        calls: tuple[Call, ...] | list[Call] = NO_CALLS,
        results: tuple[Result, ...] | list[Result] = NO_RESULTS,
        *,
        results_after_text: bool = False,
        empty_tool_calls: bool = False,
        empty: bool = False,
        raw_role: str = "",
        blank: bool = False,
        thinking: bool = False,
    ) -> None:
        self.role = role
        self.has_text = has_text  # any content that is not a tool part (text, image, thinking ...)
        self.calls = calls
        self.results = results
        self.results_after_text = results_after_text
        self.empty_tool_calls = empty_tool_calls
        self.empty = empty  # content the provider rejects as empty
        self.raw_role = raw_role
        self.blank = blank  # text parts the API rejects as empty, beside other content: removed
        self.thinking = thinking  # signed thinking parts bound to their prefix (dialects that bind thinking)
        # a user or assistant message with content and no tool parts: the tracker's fast path
        self.simple = (role is Role.USER or role is Role.ASSISTANT) and not calls and not results \
            and not empty and not empty_tool_calls


class InputError(ValueError):
    """A history or message the engine cannot read at all (not an object, no recognisable dialect)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind  # "schema" | "unknown_dialect" | "dialect_mismatch"
        self.detail = detail
