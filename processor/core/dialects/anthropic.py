"""Anthropic Messages: `tool_use` blocks answered by `tool_result` blocks at the start of the next user turn."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Final

import orjson

from ..model import JSON, SERVER_CALL, Call, DialectName, Result, Role, View
from ..outcomes import Signal, payload_signal
from .base import Dialect, object_arguments, require_object, text_from_parts, text_of_value

_ROLES: Final = {"user": Role.USER, "assistant": Role.ASSISTANT, "system": Role.SYSTEM}
_THINKING: Final = frozenset({"thinking", "redacted_thinking"})
#: server-side tool calls, answered in the same assistant turn by a `*_tool_result` block with their id
_SERVER_USES: Final = frozenset({"server_tool_use", "mcp_tool_use"})


def _is_server_result(t: object) -> bool:
    return isinstance(t, str) and t != "tool_result" and t.endswith("_tool_result")
_ID = re.compile(r"[a-zA-Z0-9_-]+")
_NOT_ID = re.compile(r"[^a-zA-Z0-9_-]")
INVALID_JSON = "INVALID_JSON"  # the key under which a tool_use input that is not JSON is kept
# views of messages without tool parts, shared (views are immutable): with content, and empty
TEXT_VIEWS: Final = {r: View(r, has_text=True) for r in Role}
EMPTY_VIEWS: Final = {r: View(r, empty=True) for r in Role}


class BlockDialect(Dialect):
    """Shared rewrites of dialects whose tool parts live in a list (`content` blocks, `parts`)."""

    block_style = True
    container = "content"

    def _parts(self, msg: JSON) -> list[JSON]:
        parts = msg.get(self.container)
        return parts if isinstance(parts, list) else []

    def _is_result(self, part: JSON) -> bool:
        raise NotImplementedError

    def _with_parts(self, msg: JSON, parts: list[JSON]) -> JSON:
        out = dict(msg)
        out[self.container] = parts
        return out

    def _is_thinking(self, part: JSON) -> bool:
        return False

    def _is_blank(self, part: JSON) -> bool:
        return False

    def remove_calls(self, msg: JSON, positions: Collection[int]) -> JSON | None:
        # a turn left with thinking only is removed whole: its thinking belonged to the calls that went
        parts = [p for i, p in enumerate(self._parts(msg)) if i not in positions]
        if all(self._is_thinking(p) for p in parts):
            return None
        return self._with_parts(msg, parts)

    def remove_calls_keeping_thinking(self, msg: JSON, positions: Collection[int]) -> JSON | None:
        parts = [p for i, p in enumerate(self._parts(msg)) if i not in positions]
        return self._with_parts(msg, parts) if parts else None

    def remove_parts(self, msg: JSON, positions: Collection[int]) -> JSON | None:
        parts = [p for i, p in enumerate(self._parts(msg)) if i not in positions]
        return self._with_parts(msg, parts) if parts else None

    def remove_results(self, msg: JSON, positions: Collection[int]) -> JSON | None:
        parts = [p for i, p in enumerate(self._parts(msg)) if i not in positions]
        return self._with_parts(msg, parts) if parts else None

    def remove_blank(self, msg: JSON) -> JSON:
        return self._with_parts(msg, [p for p in self._parts(msg) if not self._is_blank(p)])

    def _rename(self, msg: JSON, renames: Sequence[tuple[int, str]], body: str | None, key: str) -> JSON:
        parts = list(self._parts(msg))
        for pos, new in renames:
            part = dict(parts[pos])
            if body is None:
                part[key] = new
            else:
                part[body] = {**part[body], key: new}
            parts[pos] = part
        return self._with_parts(msg, parts)

    def results_first(self, msg: JSON) -> JSON:
        parts = self._parts(msg)
        results = [p for p in parts if self._is_result(p)]
        rest = [p for p in parts if not self._is_result(p)]
        return self._with_parts(msg, results + rest)

    def result_parts(self, msg: JSON, positions: Sequence[int]) -> list[JSON]:
        parts = self._parts(msg)
        return [parts[i] for i in positions]

    def add_results(self, msg: JSON, parts: Sequence[JSON]) -> JSON:
        current = msg.get(self.container)
        if isinstance(current, str):  # Anthropic string content: becomes a text block after the results
            return self._with_parts(msg, [*parts, {"type": "text", "text": current}])
        existing = self._parts(msg)
        k = 0
        while k < len(existing) and self._is_result(existing[k]):
            k += 1
        return self._with_parts(msg, [*existing[:k], *parts, *existing[k:]])


class Anthropic(BlockDialect):
    name: DialectName = "anthropic"
    container = "content"
    system_keys: tuple[str, ...] = ("system",)
    id_pattern: re.Pattern[str] | None = _ID
    fills_every_kind = False
    binds_thinking = True

    def thinking_positions(self, msg: JSON) -> list[int]:
        if not isinstance(msg, dict) or msg.get("role") != "assistant":
            return []
        content = msg.get("content")
        if not isinstance(content, list):
            return []
        return [i for i, b in enumerate(content) if isinstance(b, dict) and b.get("type") in _THINKING]

    def dropped_thinking(self, msg: JSON) -> int:
        # a response logged whole: `input_transformations` lists what the API changed in the request, with
        # `prefix_mismatch_behavior: "drop_block"` the thinking blocks it dropped
        items = msg.get("input_transformations") if isinstance(msg, dict) else None
        if not isinstance(items, list):
            return 0
        n = 0
        for x in items:
            if isinstance(x, dict) and any("thinking" in str(x.get(k, "")) or "prefix" in str(x.get(k, ""))
                                           for k in ("type", "block_type", "reason")):
                n += 1
        return n

    def first_changed_part(self, before: JSON, after: JSON) -> int:
        a = before.get("content") if isinstance(before, dict) else None
        b = after.get("content") if isinstance(after, dict) else None
        if not isinstance(a, list) or not isinstance(b, list):
            return 0
        n = min(len(a), len(b))
        k = 0
        while k < n and (a[k] is b[k] or a[k] == b[k]):
            k += 1
        return k

    def _is_thinking(self, part: JSON) -> bool:
        return isinstance(part, dict) and part.get("type") in _THINKING

    def _is_blank(self, part: JSON) -> bool:
        # "text content blocks must contain non-whitespace text"
        if not isinstance(part, dict) or part.get("type") != "text":
            return False
        t = part.get("text")
        return isinstance(t, str) and (not t or t.isspace())

    def safe_id(self, cid: str) -> str:
        return _NOT_ID.sub("_", cid)

    def system_message(self, msg: JSON) -> JSON | None:
        # system is a top-level field: an entry in the messages is kept in place as a user turn with its content
        return {**msg, "role": "user"}

    def _is_result(self, part: JSON) -> bool:
        return isinstance(part, dict) and part.get("type") == "tool_result"

    def view(self, msg: JSON) -> View:
        m = require_object(msg)
        role = m.get("role")
        r = _ROLES.get(role) if isinstance(role, str) else None
        if r is None:
            return View(Role.INVALID, raw_role=str(role))
        content = m.get("content")
        if isinstance(content, str):
            return TEXT_VIEWS[r] if content and not content.isspace() else EMPTY_VIEWS[r]
        if not isinstance(content, list) or not content:
            return EMPTY_VIEWS[r]
        calls: list[Call] = []
        results: list[Result] = []
        has_text = False
        after_text = False
        blank = False
        thinking = False
        server: dict[str, int] | None = None  # assistant: server calls without their result in this turn
        for i, b in enumerate(content):
            t = b.get("type") if isinstance(b, dict) else None
            if r is Role.ASSISTANT and (t in _SERVER_USES or _is_server_result(t)):
                has_text = True  # a server call and its result: content of the turn
                if server is None:
                    server = {}
                if t in _SERVER_USES:
                    server[str(b.get("id"))] = i
                else:
                    tid = b.get("tool_use_id")
                    if server.pop(str(tid), -1) < 0:  # no call before it here: the end of a paused turn's?
                        results.append(Result(tid if isinstance(tid, str) else "", None, i))
                continue
            if t == "tool_use" and r is Role.ASSISTANT:
                cid, name, inp = b.get("id"), b.get("name"), b.get("input")
                bad = ""
                if not isinstance(cid, str) or not cid:
                    bad = "tool_use without id"
                elif not isinstance(name, str) or not name:
                    bad = "tool_use without name"
                elif isinstance(inp, str):  # a JSON text (a streamed input never parsed): rewritten
                    calls.append(Call(cid, name, i, "", True))
                    continue
                elif not isinstance(inp, dict):
                    bad = "tool_use input is not an object"
                calls.append(Call(cid if isinstance(cid, str) else None, name if isinstance(name, str) else "", i, bad))
            elif t == "tool_result" and r is Role.USER:
                tid = b.get("tool_use_id")
                results.append(Result(tid if isinstance(tid, str) else "", None, i))
                if has_text:
                    after_text = True
            elif t == "text":
                text = b.get("text")
                if not isinstance(text, str) or (text and not text.isspace()):
                    has_text = True
                else:
                    blank = True
            else:
                has_text = True  # images, documents, thinking, server tool blocks: content of their own
                if t in _THINKING:
                    thinking = True
        if server:
            for sid, i in server.items():  # unanswered here: a call of the turn (its result may follow a pause)
                b = content[i]
                name = b.get("name")
                calls.append(Call(sid if isinstance(b.get("id"), str) and sid else None,
                                  name if isinstance(name, str) and name else str(b.get("type")), i,
                                  "" if isinstance(b.get("id"), str) and sid else "server tool call without id"))
        if not calls and not results:
            if not has_text:
                return EMPTY_VIEWS[r]
            return View(r, has_text=True, blank=blank, thinking=thinking) if blank or thinking else TEXT_VIEWS[r]
        return View(r, has_text=has_text, calls=calls, results=results, results_after_text=after_text,
                    empty=not (has_text or calls or results), blank=blank, thinking=thinking)

    def call_kind(self, msg: JSON, pos: int) -> str:
        return SERVER_CALL if msg["content"][pos].get("type") in _SERVER_USES else ""

    def can_fill(self, kind: str) -> bool:
        return kind != SERVER_CALL

    def is_last_part(self, msg: JSON, pos: int) -> bool:
        return pos == len(self._parts(msg)) - 1

    def rename_calls(self, msg: JSON, renames: Sequence[tuple[int, str]]) -> JSON:
        return self._rename(msg, renames, None, "id")

    def rename_results(self, msg: JSON, renames: Sequence[tuple[int, str]]) -> JSON:
        return self._rename(msg, renames, None, "tool_use_id")

    def synthesize(self, call_id: str | None, name: str, kind: str, content: str, error: bool = True) -> JSON:
        return {"type": "tool_result", "tool_use_id": call_id, "content": content, "is_error": error}

    def new_results_message(self, parts: Sequence[JSON]) -> JSON:
        return {"role": "user", "content": list(parts)}

    def call_arguments(self, msg: JSON, pos: int) -> JSON:
        return msg["content"][pos].get("input")

    def rewrite_calls(self, msg: JSON, positions: Sequence[int]) -> JSON:
        # `input` must be an object: a JSON text that parses to one becomes it; any other text is kept under
        # INVALID_JSON (as pydantic-ai does), and the call counts as one whose arguments do not parse
        parts = list(self._parts(msg))
        for pos in positions:
            raw = parts[pos].get("input")
            try:
                v = orjson.loads(raw) if isinstance(raw, str) else None
            except orjson.JSONDecodeError:
                v = None
            parts[pos] = {**parts[pos], "input": v if isinstance(v, dict) else {INVALID_JSON: raw}}
        return self._with_parts(msg, parts)

    def arguments_error(self, msg: JSON, pos: int) -> str:
        inp = msg["content"][pos].get("input")
        if isinstance(inp, dict) and len(inp) == 1 and INVALID_JSON in inp:
            return "input is not valid JSON (truncated?)"
        return ""

    def arguments(self, msg: JSON, pos: int, limit: int) -> JSON:
        return object_arguments(self.call_arguments(msg, pos), limit)

    def system_text(self, value: JSON) -> str | None:
        # a string or a list of text blocks (one block alone is read too)
        if isinstance(value, list):
            return text_from_parts(value)
        if isinstance(value, dict) and "text" in value:
            return text_of_value(value["text"])
        return super().system_text(value)

    def tool_declarations(self, tool: Mapping[str, JSON]) -> Sequence[Mapping[str, JSON]] | None:
        return (tool,)  # {name, description, input_schema}

    def text_of(self, msg: JSON) -> str:
        if not isinstance(msg, dict):
            return ""
        return text_from_parts(msg.get("content"))

    def result_text(self, msg: JSON) -> str:
        if not isinstance(msg, dict) or not isinstance(msg.get("content"), list):
            return ""
        return "\n".join(text_from_parts(p.get("content")) for p in msg["content"]
                         if isinstance(p, dict) and p.get("type") == "tool_result")

    def result_signal(self, msg: JSON, pos: int) -> Signal:
        # `is_error` on the tool_result block; its content a string or text blocks
        content = msg.get("content") if isinstance(msg, dict) else None
        b = content[pos] if isinstance(content, list) and 0 <= pos < len(content) else None
        if not isinstance(b, dict):
            return payload_signal(None)
        flag = b.get("is_error")
        c = b.get("content")
        return payload_signal(c if isinstance(c, str) else text_from_parts(c),
                              flag if isinstance(flag, bool) else None)
