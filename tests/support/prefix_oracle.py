"""The tests' independent validator of Anthropic's prefix rule for thinking blocks, on native JSON.

It shares no code with the package on purpose: it re-reads the rule from the project's reference notes on
provider rules (outside this repository, last section: "thinking is bound to its prefix") and judges an output
history against the history the model wrote, as the API would on the models that bind thinking:

* a `thinking` / `redacted_thinking` block's signature covers the top-level `system`, the `tools` and every
  message and block before it, as they were when the model wrote it (here: the original history);
* a block is invalid when anything before it differs from that (a result inserted, moved or edited before it, a
  message dropped, text edited), or when a thinking block between others was left out or moved; removing thinking
  from the start of the history is allowed; a change after a block leaves that block valid;
* a signed block must come back byte for byte (an edited block is invalid whatever its place).

`violations(original, output)` lists the invalid blocks; the request would fail with "messages.<i>.content.<k>:
Invalid `signature` in `thinking` block. The block is bound to a different conversation." (accounts created on
or after 2026-08-31). Pure, no I/O, never raises on malformed input.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

THINKING = frozenset({"thinking", "redacted_thinking"})
ERROR = ("messages.{i}.content.{k}: Invalid `signature` in `thinking` block. The block is bound to a different "
         "conversation. Remove the block, or set `thinking.block_binding.prefix_mismatch_behavior` to \"drop_block\"")


@dataclass(frozen=True, slots=True)
class Invalid:
    message: int  # index in the output
    block: int  # position in its message's content
    why: str

    def error(self) -> str:
        return ERROR.format(i=self.message, k=self.block)


def _blocks(msg: Any) -> list[Any]:
    if not isinstance(msg, Mapping):
        return []
    c = msg.get("content")
    if isinstance(c, str):
        return [{"type": "text", "text": c}]
    return list(c) if isinstance(c, list) else []


def _is_thinking(b: Any) -> bool:
    return isinstance(b, Mapping) and b.get("type") in THINKING


def _key(b: Any) -> str:
    return json.dumps(b, sort_keys=True, ensure_ascii=False, default=str)


def _units(history: Sequence[Any], upto_msg: int, upto_block: int) -> tuple[list[str], list[str]]:
    """What lies before block `upto_block` of message `upto_msg`: (the other units in order: each message's role
    then its blocks; the thinking blocks in order)."""
    other: list[str] = []
    thinking: list[str] = []
    for i in range(min(upto_msg + 1, len(history))):
        msg = history[i]
        blocks = _blocks(msg)
        end = upto_block if i == upto_msg else len(blocks)
        role = msg.get("role") if isinstance(msg, Mapping) else None
        other.append(f"role:{role}")
        for b in blocks[:end]:
            (thinking if _is_thinking(b) else other).append(_key(b))
    return other, thinking


def violations(original: Sequence[Any], output: Sequence[Any], *, system_changed: bool = False,
               tools_changed: bool = False) -> list[Invalid]:
    """Every thinking block of `output` the API would refuse, given the history the model wrote (`original`)."""
    where: dict[str, tuple[int, int]] = {}
    for i, msg in enumerate(original):
        for k, b in enumerate(_blocks(msg)):
            if _is_thinking(b):
                where.setdefault(_key(b), (i, k))
    out: list[Invalid] = []
    for i, msg in enumerate(output):
        for k, b in enumerate(_blocks(msg)):
            if not _is_thinking(b):
                continue
            if isinstance(msg, Mapping) and msg.get("role") != "assistant":
                out.append(Invalid(i, k, "thinking outside an assistant turn"))
                continue
            pos = where.get(_key(b))
            if pos is None:
                out.append(Invalid(i, k, "not a block the model wrote (edited or made up)"))
                continue
            if system_changed or tools_changed:
                out.append(Invalid(i, k, "system or tools changed"))
                continue
            o_other, o_thinking = _units(output, i, k)
            p_other, p_thinking = _units(original, *pos)
            if o_other != p_other:
                out.append(Invalid(i, k, "something before it changed"))
            elif o_thinking and o_thinking != p_thinking[len(p_thinking) - len(o_thinking):]:
                # (leading thinking may be removed: what is left must be the run just before it, in order)
                out.append(Invalid(i, k, "a thinking block before it was left out or moved"))
    return out


def thinking_blocks(history: Sequence[Any]) -> int:
    return sum(1 for m in history for b in _blocks(m) if _is_thinking(b)
               and isinstance(m, Mapping) and m.get("role") == "assistant")


def is_valid(original: Sequence[Any], output: Sequence[Any]) -> bool:
    return not violations(original, output)


__all__ = ["ERROR", "THINKING", "Invalid", "is_valid", "thinking_blocks", "violations"]
