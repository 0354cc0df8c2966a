"""Native messages of the four dialects, exactly as the provider APIs take them in a request history.

A builder turns neutral pieces (a user text, an assistant text, calls, results) into native JSON objects:

- `openai_chat`: Chat Completions `messages[]` (`tool_calls[].function.arguments` is a JSON string,
  results are `role: tool` messages with `tool_call_id`);
- `anthropic`: Messages API `messages[]` with `text` / `tool_use` / `tool_result` content blocks (the system
  prompt is a top-level request field, never a message);
- `openai_responses`: Responses API `input[]` items (`message`, `reasoning`, `function_call`,
  `function_call_output`; the instructions are a `developer`/`system` message item);
- `gemini`: `contents[]` with `user` / `model` turns and `text` / `functionCall` / `functionResponse` parts
  (`systemInstruction` is top-level, never a content); call ids only when the conversation uses them.
"""

from __future__ import annotations

import random
import string
from dataclasses import dataclass
from typing import Any

import orjson

JSON = dict[str, Any]

_ALNUM = string.ascii_letters + string.digits


def _rand(rng: random.Random, n: int, alphabet: str = _ALNUM) -> str:
    return "".join(rng.choices(alphabet, k=n))


def _json_text(obj: Any) -> str:
    return orjson.dumps(obj).decode()


@dataclass(frozen=True, slots=True)
class Call:
    id: str | None  # None only for Gemini conversations without ids
    name: str
    args: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Result:
    call: Call
    payload: dict[str, Any]
    is_error: bool = False


class Builder:
    """Base class; one instance per conversation (it draws ids from the conversation's generator)."""

    name = ""
    flat = True  # results are messages of their own (else all results of a call turn share one user turn)
    has_ids = True  # calls and results carry ids (Gemini: only in some conversations)

    def __init__(self, rng: random.Random, *, use_ids: bool = True, reasoning: bool = False) -> None:
        self.rng = rng
        self.reasoning = reasoning

    def new_call_id(self) -> str | None:
        return "call_" + _rand(self.rng, 24)

    def system(self, text: str) -> list[JSON]:
        return []

    def user(self, text: str) -> JSON:
        raise NotImplementedError

    def assistant_text(self, text: str) -> JSON:
        raise NotImplementedError

    def assistant_calls(self, preamble: str | None, calls: list[Call]) -> list[tuple[JSON, list[Call]]]:
        """The native message(s) of one model turn making `calls`, each with the calls it holds."""
        raise NotImplementedError

    def results(self, results: list[Result]) -> JSON:
        """Flat dialects: one result (len(results) == 1). Block dialects: one user turn with all of them."""
        raise NotImplementedError


class OpenAIChat(Builder):
    name = "openai_chat"

    def __init__(self, rng: random.Random, *, use_ids: bool = True, reasoning: bool = False) -> None:
        super().__init__(rng, use_ids=use_ids, reasoning=reasoning)
        self.system_role = "developer" if rng.random() < 0.25 else "system"

    def system(self, text: str) -> list[JSON]:
        return [{"role": self.system_role, "content": text}]

    def user(self, text: str) -> JSON:
        if self.rng.random() < 0.15:
            return {"role": "user", "content": [{"type": "text", "text": text}]}
        return {"role": "user", "content": text}

    def assistant_text(self, text: str) -> JSON:
        return {"role": "assistant", "content": text}

    def assistant_calls(self, preamble: str | None, calls: list[Call]) -> list[tuple[JSON, list[Call]]]:
        msg: JSON = {
            "role": "assistant",
            "content": preamble,
            "tool_calls": [
                {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": _json_text(c.args)}}
                for c in calls
            ],
        }
        return [(msg, list(calls))]

    def results(self, results: list[Result]) -> JSON:
        (r,) = results
        return {"role": "tool", "tool_call_id": r.call.id, "content": _json_text(r.payload)}


class Anthropic(Builder):
    name = "anthropic"
    flat = False

    def new_call_id(self) -> str | None:
        return "toolu_01" + _rand(self.rng, 22)

    def user(self, text: str) -> JSON:
        if self.rng.random() < 0.4:
            return {"role": "user", "content": [{"type": "text", "text": text}]}
        return {"role": "user", "content": text}

    def assistant_text(self, text: str) -> JSON:
        return {"role": "assistant", "content": [{"type": "text", "text": text}]}

    def assistant_calls(self, preamble: str | None, calls: list[Call]) -> list[tuple[JSON, list[Call]]]:
        blocks: list[JSON] = [{"type": "text", "text": preamble}] if preamble else []
        blocks += [{"type": "tool_use", "id": c.id, "name": c.name, "input": c.args} for c in calls]
        return [({"role": "assistant", "content": blocks}, list(calls))]

    def results(self, results: list[Result]) -> JSON:
        blocks: list[JSON] = []
        for r in results:
            text = _json_text(r.payload)
            block: JSON = {
                "type": "tool_result",
                "tool_use_id": r.call.id,
                "content": [{"type": "text", "text": text}] if self.rng.random() < 0.3 else text,
            }
            if r.is_error:
                block["is_error"] = True
            blocks.append(block)
        return {"role": "user", "content": blocks}


class OpenAIResponses(Builder):
    name = "openai_responses"

    def __init__(self, rng: random.Random, *, use_ids: bool = True, reasoning: bool = False) -> None:
        super().__init__(rng, use_ids=use_ids, reasoning=reasoning)
        self.system_role = "developer" if rng.random() < 0.5 else "system"

    def system(self, text: str) -> list[JSON]:
        return [{"type": "message", "role": self.system_role, "content": text}]

    def user(self, text: str) -> JSON:
        if self.rng.random() < 0.5:
            return {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}
        return {"type": "message", "role": "user", "content": text}

    def assistant_text(self, text: str) -> JSON:
        return {
            "type": "message",
            "id": "msg_" + _rand(self.rng, 32, "0123456789abcdef"),
            "role": "assistant",
            "status": "completed",
            "content": [{"type": "output_text", "text": text, "annotations": []}],
        }

    def assistant_calls(self, preamble: str | None, calls: list[Call]) -> list[tuple[JSON, list[Call]]]:
        # No preamble message item: an assistant `message` item would be a text answer of its own. Reasoning
        # models put a `reasoning` item (no visible text) right before their calls.
        out: list[tuple[JSON, list[Call]]] = []
        if self.reasoning:
            item: JSON = {
                "type": "reasoning",
                "id": "rs_" + _rand(self.rng, 32, "0123456789abcdef"),
                "summary": [],
                "encrypted_content": "gAAAAB" + _rand(self.rng, 40),
            }
            out.append((item, []))
        for c in calls:
            fc: JSON = {
                "type": "function_call",
                "id": "fc_" + _rand(self.rng, 32, "0123456789abcdef"),
                "call_id": c.id,
                "name": c.name,
                "arguments": _json_text(c.args),
                "status": "completed",
            }
            out.append((fc, [c]))
        return out

    def results(self, results: list[Result]) -> JSON:
        (r,) = results
        return {"type": "function_call_output", "call_id": r.call.id, "output": _json_text(r.payload)}


class Gemini(Builder):
    name = "gemini"
    flat = False

    def __init__(self, rng: random.Random, *, use_ids: bool = True, reasoning: bool = False) -> None:
        super().__init__(rng, use_ids=use_ids, reasoning=reasoning)
        self.has_ids = use_ids

    def new_call_id(self) -> str | None:
        if not self.has_ids:
            return None
        return _rand(self.rng, 12, string.ascii_lowercase + string.digits)

    def user(self, text: str) -> JSON:
        return {"role": "user", "parts": [{"text": text}]}

    def assistant_text(self, text: str) -> JSON:
        return {"role": "model", "parts": [{"text": text}]}

    def assistant_calls(self, preamble: str | None, calls: list[Call]) -> list[tuple[JSON, list[Call]]]:
        parts: list[JSON] = [{"text": preamble}] if preamble else []
        for c in calls:
            fc: JSON = {"name": c.name, "args": c.args}
            if c.id is not None:
                fc["id"] = c.id
            parts.append({"functionCall": fc})
        return [({"role": "model", "parts": parts}, list(calls))]

    def results(self, results: list[Result]) -> JSON:
        parts: list[JSON] = []
        for r in results:
            fr: JSON = {"name": r.call.name, "response": r.payload}
            if r.call.id is not None:
                fr["id"] = r.call.id
            parts.append({"functionResponse": fr})
        return {"role": "user", "parts": parts}


BUILDERS: dict[str, type[Builder]] = {
    "openai_chat": OpenAIChat,
    "anthropic": Anthropic,
    "openai_responses": OpenAIResponses,
    "gemini": Gemini,
}
DIALECTS: tuple[str, ...] = tuple(BUILDERS)
PROVIDERS: dict[str, str] = {
    "openai_chat": "openai",
    "anthropic": "anthropic",
    "openai_responses": "openai",
    "gemini": "google",
}
MODELS: dict[str, tuple[str, ...]] = {
    "openai_chat": ("gpt-4.1", "gpt-4.1-mini", "gpt-4o"),
    "anthropic": ("claude-sonnet-4", "claude-opus-4", "claude-3-5-haiku"),
    "openai_responses": ("gpt-4.1", "o4-mini", "gpt-5"),
    "gemini": ("gemini-2.5-pro", "gemini-2.5-flash"),
}
REASONING_MODELS: frozenset[str] = frozenset({"o4-mini", "gpt-5"})
