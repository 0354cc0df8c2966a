"""Google Gemini `contents`: `functionCall` parts in a model turn, `functionResponse` parts in the next turn.

Calls may carry no id; the tracker then pairs a response with the first open call of the same name. The API reads
its JSON as protobuf does, so each field may also be spelled as in the proto (`function_call`,
`function_response`, `thought_signature`): clients that serialize the proto messages themselves send it so. A part
is read in either spelling and keeps it when rewritten; a response toolmend adds is spelled `functionResponse` (the
API reads both spellings in one request).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Final

import orjson

from ..model import JSON, Call, DialectName, Result, Role, View
from ..outcomes import Signal, payload_signal
from .anthropic import EMPTY_VIEWS, TEXT_VIEWS, BlockDialect
from .base import object_arguments, require_object, text_of_value

_ROLES: Final = {"user": Role.USER, "model": Role.ASSISTANT, "function": Role.USER}


def _spelled(part: JSON, camel: str, snake: str) -> str | None:
    """The key a part holds a field under, in the spelling it came with (JSON's or the proto's), or None."""
    if not isinstance(part, dict):
        return None
    if camel in part:
        return camel
    return snake if snake in part else None


def _call_key(part: JSON) -> str | None:
    return _spelled(part, "functionCall", "function_call")


def _response_key(part: JSON) -> str | None:
    return _spelled(part, "functionResponse", "function_response")


def _signature_key(part: JSON) -> str | None:
    return _spelled(part, "thoughtSignature", "thought_signature")


def _call(part: JSON) -> JSON:
    k = _call_key(part)
    return part[k] if k is not None and isinstance(part, dict) else None


def _response(part: JSON) -> JSON:
    k = _response_key(part)
    return part[k] if k is not None and isinstance(part, dict) else None


class Gemini(BlockDialect):
    name: DialectName = "gemini"
    container = "parts"
    merges_model_turns = True  # "function call turn comes immediately after a user turn or a response turn"
    system_keys: tuple[str, ...] = ("systemInstruction", "system_instruction")
    message_keys: tuple[str, ...] = ("parts", "role")

    def _is_result(self, part: JSON) -> bool:
        return _response_key(part) is not None

    def _is_thinking(self, part: JSON) -> bool:
        return isinstance(part, dict) and part.get("thought") is True

    def _is_blank(self, part: JSON) -> bool:
        return isinstance(part, dict) and part.get("text") == "" and len(part) == 1

    def remove_calls(self, msg: JSON, positions: Collection[int]) -> JSON | None:
        # the first functionCall of a model turn carries the turn's thoughtSignature: when it goes, the call that
        # becomes first carries it on
        out = super().remove_calls(msg, positions)
        if out is None:
            return None
        sig: JSON = None
        sig_key = ""
        for i in sorted(positions):
            p = msg["parts"][i]
            if isinstance(p, dict) and _call_key(p) is not None:
                sk = _signature_key(p)
                if sk is not None:
                    sig, sig_key = p[sk], sk
                    break
        if sig_key:
            parts = out["parts"]
            for k, p in enumerate(parts):
                if isinstance(p, dict) and _call_key(p) is not None:
                    if _signature_key(p) is None:
                        parts[k] = {**p, sig_key: sig}
                    break
        return out

    def view(self, msg: JSON) -> View:
        m = require_object(msg)
        role = m.get("role", "user")
        r = _ROLES.get(role) if isinstance(role, str) else None
        if r is None:
            return View(Role.INVALID, raw_role=str(role))
        parts = m.get("parts")
        if not isinstance(parts, list) or not parts:
            return EMPTY_VIEWS[r]
        calls: list[Call] = []
        results: list[Result] = []
        has_text = False
        after_text = False
        blank = False
        for i, p in enumerate(parts):
            if not isinstance(p, dict):
                has_text = True
                continue
            fc = _call(p)
            if fc is not None and r is Role.ASSISTANT:
                name = fc.get("name") if isinstance(fc, dict) else None
                cid = fc.get("id") if isinstance(fc, dict) else None
                bad = "" if isinstance(name, str) and name else "functionCall without name"
                calls.append(Call(cid if isinstance(cid, str) and cid else None,
                                  name if isinstance(name, str) else "", i, bad))
                continue
            fr = _response(p)
            if fr is not None and r is Role.USER:
                name = fr.get("name") if isinstance(fr, dict) else None
                cid = fr.get("id") if isinstance(fr, dict) else None
                results.append(Result(cid if isinstance(cid, str) and cid else None,
                                      name if isinstance(name, str) else None, i))
                if has_text:
                    after_text = True
                continue
            if p.get("text") == "" and len(p) == 1:  # "Unable to submit request ... empty text parameter"
                blank = True
                continue
            has_text = True
        if not calls and not results:
            if not has_text:
                return EMPTY_VIEWS[r]
            return View(r, has_text=True, blank=True) if blank else TEXT_VIEWS[r]
        return View(r, has_text=has_text, calls=calls, results=results, results_after_text=after_text,
                    empty=not (has_text or calls or results), blank=blank)

    def rename_calls(self, msg: JSON, renames: Sequence[tuple[int, str]]) -> JSON:
        return self._rename_bodies(msg, renames, True)

    def rename_results(self, msg: JSON, renames: Sequence[tuple[int, str]]) -> JSON:
        return self._rename_bodies(msg, renames, False)

    def _rename_bodies(self, msg: JSON, renames: Sequence[tuple[int, str]], calls: bool) -> JSON:
        parts = list(self._parts(msg))
        for pos, new in renames:
            part = dict(parts[pos])
            body = (_call_key(part) if calls else _response_key(part)) or (
                "functionCall" if calls else "functionResponse")
            part[body] = {**part[body], "id": new}
            parts[pos] = part
        return self._with_parts(msg, parts)

    def synthesize(self, call_id: str | None, name: str, kind: str, content: str, error: bool = True) -> JSON:
        fr: dict[str, JSON] = {"name": name, "response": {"error" if error else "output": content}}
        if call_id is not None:
            fr["id"] = call_id
        return {"functionResponse": fr}

    def new_results_message(self, parts: Sequence[JSON]) -> JSON:
        return {"role": "user", "parts": list(parts)}

    def _is_model(self, msg: JSON) -> bool:
        return isinstance(msg, dict) and msg.get("role") == "model" and isinstance(msg.get("parts"), list)

    def is_plain_model_turn(self, msg: JSON) -> bool:
        return self._is_model(msg) and not any(_call_key(p) is not None for p in msg["parts"])

    def is_call_turn(self, msg: JSON) -> bool:
        return self._is_model(msg) and any(_call_key(p) is not None for p in msg["parts"])

    def is_unseen_turn(self, msg: JSON) -> bool:
        # a role Gemini does not know: the tracker passes it through untouched (it neither closes nor answers a
        # block), and it is no user or response turn that a call turn could follow
        if not isinstance(msg, dict):
            return False
        role = msg.get("role", "user")
        return not isinstance(role, str) or role not in _ROLES

    def merge_turns(self, prev: JSON, msg: JSON) -> tuple[JSON, int]:
        before = prev.get("parts") or []
        return {**msg, "parts": [*before, *(msg.get("parts") or [])]}, len(before)

    def _args(self, msg: JSON, pos: int) -> JSON:
        fc = _call(msg["parts"][pos])
        return fc.get("args") if isinstance(fc, dict) else None

    def arguments_error(self, msg: JSON, pos: int) -> str:
        a = self._args(msg, pos)
        return "" if a is None or isinstance(a, dict) else "functionCall args is not an object"

    def arguments(self, msg: JSON, pos: int, limit: int) -> JSON:
        return object_arguments(self._args(msg, pos), limit)

    def call_arguments(self, msg: JSON, pos: int) -> JSON:
        return self._args(msg, pos)

    def system_text(self, value: JSON) -> str | None:
        if isinstance(value, dict) and "parts" in value:  # a Content: {"parts": [{"text": ...}]}
            parts = value["parts"]
            # one Part given as an object, not a list of one (the API accepts it; ellmer sends it so)
            return text_of_value([parts] if isinstance(parts, dict) else parts)
        return super().system_text(value)

    def tool_declarations(self, tool: Mapping[str, JSON]) -> Sequence[Mapping[str, JSON]] | None:
        decls = tool.get("functionDeclarations") or tool.get("function_declarations")
        if not isinstance(decls, list):
            return None
        return [d for d in decls[:64] if isinstance(d, Mapping)]

    def result_text(self, msg: JSON) -> str:
        parts = msg.get("parts") if isinstance(msg, dict) else None
        if not isinstance(parts, list):
            return ""
        out = []
        for p in parts:
            fr = _response(p)
            if isinstance(fr, dict):
                out.append(orjson.dumps(fr.get("response")).decode())
        return "\n".join(out)

    def result_signal(self, msg: JSON, pos: int) -> Signal:
        # `response` is an object: `{"output": ...}` on success, `{"error": ...}` on failure (Google's convention)
        parts = msg.get("parts") if isinstance(msg, dict) else None
        p = parts[pos] if isinstance(parts, list) and 0 <= pos < len(parts) else None
        fr = _response(p)
        return payload_signal(fr.get("response") if isinstance(fr, dict) else None)

    def text_of(self, msg: JSON) -> str:
        if not isinstance(msg, dict):
            return ""
        parts = msg.get("parts")
        if not isinstance(parts, list):
            return ""
        return "\n".join(p["text"] for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str))
