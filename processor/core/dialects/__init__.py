"""Dialect adapters and auto-detection.

| module | holds |
|---|---|
| `base.py` | what a dialect adapter must do: read a native message into a view, rewrite it for a repair |
| `openai_chat.py` | OpenAI Chat Completions: `tool_calls` answered by `role: tool` messages |
| `anthropic.py` | Anthropic Messages: `tool_use` blocks answered by `tool_result` blocks |
| `openai_responses.py` | OpenAI Responses input items: `function_call` / `custom_tool_call` and their outputs |
| `gemini.py` | Google Gemini `contents`: `functionCall` parts answered by `functionResponse` parts |
| `otel_genai.py` | OpenTelemetry GenAI messages: role + typed parts (`tool_call`, `tool_call_response`) |

Detection looks for the first message that only one dialect could have written; plain `{role, content}` text
messages are readable by every dialect alike, so a history made only of them is read as OpenAI chat.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Final

from ..model import DIALECTS, JSON, DialectName, InputError
from .anthropic import Anthropic
from .base import Dialect
from .gemini import Gemini
from .openai_chat import OpenAIChat
from .openai_responses import KNOWN_TYPES, OpenAIResponses
from .otel_genai import OtelGenAI

ADAPTERS: Final[dict[DialectName, Dialect]] = {
    "openai_chat": OpenAIChat(),
    "anthropic": Anthropic(),
    "openai_responses": OpenAIResponses(),
    "gemini": Gemini(),
    "otel_genai": OtelGenAI(),
}

#: how a message whose dialect is not known yet is read (plain text: every dialect reads it alike)
PLAIN_TEXT: Final[Dialect] = ADAPTERS["openai_chat"]
#: the key of a request body that names its dialect (`messages` is shared by several)
BY_HISTORY_KEY: dict[str, DialectName] = {"contents": "gemini", "input": "openai_responses"}
_ANTHROPIC_BLOCKS: Final = frozenset({"tool_use", "tool_result", "thinking", "redacted_thinking", "document"})
_RESPONSES_PARTS: Final = frozenset({"input_text", "output_text", "input_image", "input_file", "refusal"})


def get(name: str) -> Dialect:
    try:
        return ADAPTERS[name]  # type: ignore[index]
    except KeyError:
        known = ", ".join(DIALECTS)
        raise InputError("unknown_dialect", f"unknown dialect {name!r} (expected one of {known})") from None


def sniff(msg: JSON) -> DialectName | None:
    """The dialect only this message's shape allows, None if it is plain text any dialect reads.

    Raises InputError when the message fits no dialect at all.
    """
    if not isinstance(msg, dict):
        raise InputError("schema", f"a message must be a JSON object, got {type(msg).__name__}")
    t = msg.get("type")
    if isinstance(t, str) and (t in KNOWN_TYPES or ("role" not in msg and "parts" not in msg)):
        return "openai_responses"  # typed items are the Responses API's alone (a newer item type too)
    if "parts" in msg or msg.get("role") == "model":
        parts = msg.get("parts")  # OpenTelemetry GenAI parts are typed; Gemini's are not
        if type(parts) is list and any(type(p) is dict and "type" in p for p in parts):
            return "otel_genai"
        return "gemini"
    role = msg.get("role")
    if role == "tool" or "tool_calls" in msg or "tool_call_id" in msg:
        return "openai_chat"
    content = msg.get("content")
    if isinstance(content, list):
        for part in content:
            if isinstance(part, dict):
                pt = part.get("type")
                if pt in _ANTHROPIC_BLOCKS or (pt == "image" and "source" in part):
                    return "anthropic"
                if pt in _RESPONSES_PARTS:
                    return "openai_responses"
                if pt == "image_url" or pt == "input_audio":
                    return "openai_chat"
    if isinstance(role, str):
        return None  # plain text, or a role the dialect will report as invalid (never rewritten)
    raise InputError("unknown_dialect", "message matches no known dialect (no role, type or parts)")


#: top-level keys of a request object that name its dialect when every message is plain text
_TOP_KEYS: dict[str, DialectName] = {k: a.name for a in ADAPTERS.values() for k in a.system_keys}
# a request's system prompt and tool definitions may come in any dialect's shape (a stream event's, or the
# library's `system=` / `tools=`): each adapter reads its own, tried in the order their shapes are told apart
_SYSTEM_READERS = (ADAPTERS["gemini"], ADAPTERS["openai_chat"], ADAPTERS["anthropic"])
_TOOL_READERS = (ADAPTERS["openai_chat"], ADAPTERS["gemini"], ADAPTERS["anthropic"])
#: keys of a request object beside its messages that hold its system prompt, in the order they are looked up
SYSTEM_KEYS: tuple[str, ...] = tuple(k for a in (ADAPTERS["anthropic"], ADAPTERS["gemini"],
                                                 ADAPTERS["openai_responses"]) for k in a.system_keys)


#: keys one of which a message of some dialect has (a message with none of them no dialect can read)
_MESSAGE_KEYS: Final[tuple[str, ...]] = tuple(sorted({k for a in ADAPTERS.values() for k in a.message_keys}))


def ensure_readable(messages: Iterable[JSON]) -> None:
    """With the dialect known, refuse only a message no dialect can read at all (cheaper than sniffing)."""
    for m in messages:
        for k in _MESSAGE_KEYS:
            if k in m:
                break
        else:
            raise InputError("unknown_dialect", "message matches no known dialect (no role, type or parts)")


def system_text(value: JSON) -> str:
    """The text of a system prompt in any dialect's shape: a string, a list of text blocks, an object with
    `parts` (or a message object with `content`)."""
    for a in _SYSTEM_READERS:
        text = a.system_text(value)
        if text is not None:
            return text
    return ""


def tool_declarations(tools: JSON) -> Iterator[Mapping[str, JSON]]:
    """The function declarations of a request's tool definitions in any dialect's shape (at most 64 tools)."""
    if isinstance(tools, Mapping):
        tools = [tools]
    if not isinstance(tools, list):
        return
    for t in tools[:64]:
        if not isinstance(t, Mapping):
            continue
        for a in _TOOL_READERS:
            decls = a.tool_declarations(t)
            if decls is not None:
                yield from decls
                break


def detect(messages: Iterable[JSON], also: Iterable[Iterable[JSON]] = (), keys: Iterable[str] = ()) -> DialectName:
    """The dialect of a whole history (openai_chat when every message is plain text).

    When every message is plain text, the other histories of the conversation (`also`: earlier snapshots, whose
    tool parts the app may since have erased) decide, then the request object's top-level `keys` (a top-level
    `system` is Anthropic's)."""
    for i, m in enumerate(messages):
        try:
            d = sniff(m)
        except InputError as e:
            raise InputError(e.kind, f"message {i}: {e.detail}") from None
        if d is not None:
            return d
    for history in also:
        for m in history:
            try:
                d = sniff(m)
            except InputError:
                continue
            if d is not None:
                return d
    for k in keys:
        if k in _TOP_KEYS:
            return _TOP_KEYS[k]
    return "openai_chat"


def check(messages: Iterable[JSON], dialect: DialectName) -> None:
    """Refuse a history that is plainly of another dialect than the one named (reading it as the wrong one
    would drop its messages as empty): InputError `dialect_mismatch`, saying what was found."""
    for i, m in enumerate(messages):
        try:
            d = sniff(m)
        except InputError as e:
            raise InputError(e.kind, f"message {i}: {e.detail}") from None
        # empty parts say nothing of their dialect: Gemini's and OpenTelemetry GenAI's read alike
        if d is not None and d != dialect and not (dialect == "otel_genai" and m.get("parts") == []):
            raise InputError("dialect_mismatch", f"`dialect` is {dialect} but message {i} is shaped as {d}")
        if dialect == "gemini" and isinstance(m, dict) and "parts" not in m and "content" in m:
            raise InputError("dialect_mismatch", f"`dialect` is gemini but message {i} has content, not parts")


__all__ = ["ADAPTERS", "BY_HISTORY_KEY", "PLAIN_TEXT", "SYSTEM_KEYS", "Dialect", "check", "detect",
           "ensure_readable", "get", "sniff", "system_text", "tool_declarations"]
