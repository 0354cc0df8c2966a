"""OpenTelemetry GenAI messages (`gen_ai.input.messages` / `gen_ai.output.messages`): role + typed parts.

A message is `{"role": "system"|"user"|"assistant"|"tool", "parts": [...]}` with parts `text` {content},
`tool_call` {id, name, arguments}, `tool_call_response` {id, response} and others (reasoning, blob, file, uri,
server tool parts) that count as content. The protocol is flat, as in OpenAI chat: an assistant message's
`tool_call` parts are answered by `tool` messages, one call each (the OTLP reader, `core/otlp.py`, splits a tool message
that answers several into one per response). This module knows the message shape only, nothing of spans.

Emitters differ in where results go: OpenAI's put each in a `tool` message; Anthropic's (genai-anthropic, the
anthropic SDK's own tracing, OpenLLMetry, Logfire) and pydantic-ai put them in a `user` message, several results
and then text in one message, as the Messages API does; pydantic-ai names the response field `result`.
`flatten` brings all of these to the flat form the dialect reads.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

import orjson

from ..model import JSON, NO_CALLS, Call, DialectName, Result, Role, View
from ..outcomes import Signal, payload_signal
from .base import Dialect, json_arguments, json_arguments_error, object_arguments, require_object

CALL = "tool_call"
RESPONSE = "tool_call_response"
_SYSTEM = View(Role.SYSTEM, True)
_SYSTEM_EMPTY = View(Role.SYSTEM, False, empty=True)
_USER = View(Role.USER, True)
_USER_EMPTY = View(Role.USER, False, empty=True)
_ASSISTANT_TEXT: Final = View(Role.ASSISTANT, True)
_ASSISTANT_EMPTY: Final = View(Role.ASSISTANT, False, empty=True)


def _parts(msg: dict[str, JSON]) -> list[JSON]:
    parts = msg.get("parts")
    return parts if type(parts) is list else []


def _has_response(parts: list[JSON]) -> bool:
    return any(type(p) is dict and p.get("type") == RESPONSE for p in parts)


def _response(p: dict[str, JSON]) -> dict[str, JSON]:
    """A response part with its body under `response` (pydantic-ai writes `result`)."""
    if "response" not in p and "result" in p:
        q = dict(p)
        q["response"] = q.pop("result")
        return q
    return p


def flatten(messages: list[dict[str, JSON]]) -> list[dict[str, JSON]]:
    """The messages in the flat form: a `tool` message per response part, wherever the emitter put the
    responses (a `tool` message answering several calls; a `user` message holding results, then text: its
    results first, one `tool` message each, then a `user` message with the rest of its parts, if any). Messages
    with nothing to move are returned as they are (the same objects; the list too when nothing moved)."""
    out: list[dict[str, JSON]] | None = None
    for i, m in enumerate(messages):
        role = m.get("role")
        parts = m.get("parts")
        split: list[dict[str, JSON]] | None = None
        if type(parts) is list and (role == "tool" or role == "user") and _has_response(parts):
            responses = [p for p in parts if type(p) is dict and p.get("type") == RESPONSE]
            rest = [p for p in parts if not (type(p) is dict and p.get("type") == RESPONSE)]
            if role == "tool" and len(responses) == 1 and not rest and "response" in responses[0]:
                split = None  # already flat
            else:
                split = [{**m, "role": "tool", "parts": [_response(p)]} for p in responses]
                if rest and any(_content_part(p) for p in rest):
                    if role == "user":
                        split.append({**m, "parts": rest})
                    else:  # text beside results in a tool message: kept with the last result
                        split[-1] = {**split[-1], "parts": [*split[-1]["parts"], *rest]}
        if split is not None:
            if out is None:
                out = list(messages[:i])
            out.extend(split)
        elif out is not None:
            out.append(m)
    return messages if out is None else out


def _content_part(p: JSON) -> bool:
    """A part that says something (not a tool part, not an empty text)."""
    if type(p) is not dict:
        return False
    t = p.get("type")
    if t in (CALL, RESPONSE):
        return False
    if t == "text":
        c = p.get("content")
        return isinstance(c, str) and c != ""
    return True


def _response_only(parts: list[JSON]) -> bool:
    return bool(parts) and all(type(p) is dict and p.get("type") == RESPONSE for p in parts)


class OtelGenAI(Dialect):
    name: DialectName = "otel_genai"
    block_style = False

    def view(self, msg: JSON) -> View:
        if type(msg) is not dict:
            require_object(msg)
        role = msg.get("role")
        parts = _parts(msg)
        if role == "tool" or (role == "user" and _response_only(parts)):
            first = None
            for p in parts:
                if type(p) is dict and p.get("type") == RESPONSE:
                    first = p
                    break
            rid = first.get("id") if first is not None else None
            return View(Role.TOOL, False, NO_CALLS, (Result(rid if type(rid) is str else "", None, -1),))
        if role == "assistant":
            calls: list[Call] = []
            has_text = False
            for i, p in enumerate(parts):
                if type(p) is dict and p.get("type") == CALL:
                    cid = p.get("id")
                    name = p.get("name")
                    if type(cid) is str and cid and type(name) is str and name:
                        calls.append(Call(cid, name, i))
                    elif not isinstance(cid, str) or not cid:
                        calls.append(Call(None, name if isinstance(name, str) else "", i, "tool call without id"))
                    else:
                        calls.append(Call(cid, "", i, "tool call without name"))
                elif _content_part(p):
                    has_text = True
            if not calls:
                return _ASSISTANT_TEXT if has_text else _ASSISTANT_EMPTY
            return View(Role.ASSISTANT, has_text, calls)
        if role == "system" or role == "developer" or role == "user":
            has = any(_content_part(p) for p in parts)
            if role == "user":
                return _USER if has else _USER_EMPTY
            return _SYSTEM if has else _SYSTEM_EMPTY
        return View(Role.INVALID, raw_role=str(role))

    def remove_calls(self, msg: JSON, positions: Collection[int]) -> JSON | None:
        parts = [p for i, p in enumerate(_parts(msg)) if i not in positions]
        if not any(_content_part(p) or (type(p) is dict and p.get("type") == CALL) for p in parts):
            return None
        out = dict(msg)
        out["parts"] = parts
        return out

    def synthesize(self, call_id: str | None, name: str, kind: str, content: str, error: bool = True) -> JSON:
        return {"role": "tool", "parts": [{"type": RESPONSE, "id": call_id, "response": content}]}

    def rename_calls(self, msg: JSON, renames: Sequence[tuple[int, str]]) -> JSON:
        parts = list(_parts(msg))
        for pos, new in renames:
            parts[pos] = {**parts[pos], "id": new}
        return {**msg, "parts": parts}

    def rename_results(self, msg: JSON, renames: Sequence[tuple[int, str]]) -> JSON:
        # the message is the result: its first tool_call_response part answers the call
        parts = list(_parts(msg))
        for k, p in enumerate(parts):
            if type(p) is dict and p.get("type") == RESPONSE:
                parts[k] = {**p, "id": renames[-1][1]}
                break
        return {**msg, "parts": parts}

    def _raw_arguments(self, msg: JSON, pos: int) -> JSON:
        p = _parts(msg)[pos]
        return p.get("arguments") if type(p) is dict else None

    def call_arguments(self, msg: JSON, pos: int) -> JSON:
        return self._raw_arguments(msg, pos)

    def arguments_error(self, msg: JSON, pos: int) -> str:
        raw = self._raw_arguments(msg, pos)
        if raw is None or type(raw) is dict:
            return ""
        return json_arguments_error(raw)  # a JSON text, as some instrumentations record it

    def arguments(self, msg: JSON, pos: int, limit: int) -> JSON:
        raw = self._raw_arguments(msg, pos)
        if type(raw) is dict:
            return object_arguments(raw, limit)
        return json_arguments(raw, limit)

    def text_of(self, msg: JSON) -> str:
        if not isinstance(msg, dict):
            return ""
        out: list[str] = []
        for p in _parts(msg):
            if type(p) is dict and p.get("type") == "text":
                c = p.get("content")
                if isinstance(c, str):
                    out.append(c)
        return "\n".join(out)

    def result_text(self, msg: JSON) -> str:
        if not isinstance(msg, dict):
            return ""
        out: list[str] = []
        for p in _parts(msg):
            if type(p) is dict and p.get("type") == RESPONSE:
                r = p.get("response", p.get("result"))
                if isinstance(r, str):
                    out.append(r)
                elif r is not None:
                    out.append(orjson.dumps(r).decode())
        return "\n".join(out)

    def result_signal(self, msg: JSON, pos: int) -> Signal:
        # the first tool_call_response part (the one the view reads): its `response`, as the emitter wrote it
        if isinstance(msg, dict):
            for p in _parts(msg):
                if type(p) is dict and p.get("type") == RESPONSE:
                    return payload_signal(p.get("response", p.get("result")))
        return payload_signal(None)


__all__ = ["CALL", "RESPONSE", "OtelGenAI", "flatten"]
