"""The tests' independent oracle of what each model API rejects, run directly on native JSON.

It shares no code with the tracker on purpose: it re-reads the provider rules (the project's reference notes on
provider rules, outside this repository) and checks a whole history at once, so tests can check that what the
repairer emits is accepted by the provider (`is_valid(repair(h).messages, dialect)`). It lives with the tests
because nothing in the package uses it: the package's own rules are the dialects'.

Pure, no I/O, never raises on malformed input: anything that is not the expected shape is reported.

Conventions shared by all dialects:

* `index` is the position in the input list. A missing result is reported at the message/item holding the call
  (one violation per call message in the block dialects and OpenAI chat, listing the ids; one per call item in
  the Responses dialect), an orphan or duplicate result at the message/item holding the result.
* A message with a role the dialect does not know (`invalid_role`) or that is not an object
  (`malformed_message`) is reported and otherwise *transparent*: it neither closes nor answers a tool-call
  block. This mirrors the tracker (an invalid role passes through without touching the block), so
  `is_valid(h, d, ignore=frozenset({"invalid_role"}))` asks "is everything else right?".
* `detail` is one line, modelled on the provider's error text; it may name call ids and tool names, never
  message content.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeGuard, get_args

Dialect = Literal["openai_chat", "anthropic", "openai_responses", "gemini"]
DIALECTS: frozenset[str] = frozenset(get_args(Dialect))

# Rule ids (stable: tests and other modules may compare against them).
MISSING_TOOL_RESULT = "missing_tool_result"
ORPHAN_TOOL_RESULT = "orphan_tool_result"
DUPLICATE_TOOL_RESULT = "duplicate_tool_result"
TOOL_RESULT_NOT_FIRST = "tool_result_not_first"
INTERLEAVED_MESSAGE = "interleaved_message"
EMPTY_TOOL_CALLS = "empty_tool_calls"
EMPTY_CONTENT = "empty_content"
INVALID_ROLE = "invalid_role"
MALFORMED_MESSAGE = "malformed_message"
MALFORMED_TOOL_CALL = "malformed_tool_call"
DUPLICATE_TOOL_CALL_ID = "duplicate_tool_call_id"
REASONING_WITHOUT_ITEM = "reasoning_without_item"
CALL_TURN_POSITION = "call_turn_position"
INVALID_TOOL_CALL_ID = "invalid_tool_call_id"
UNSIGNED_FIRST_CALL = "unsigned_first_call"

RULES: frozenset[str] = frozenset(
    {
        MISSING_TOOL_RESULT,
        ORPHAN_TOOL_RESULT,
        DUPLICATE_TOOL_RESULT,
        TOOL_RESULT_NOT_FIRST,
        INTERLEAVED_MESSAGE,
        EMPTY_TOOL_CALLS,
        EMPTY_CONTENT,
        INVALID_ROLE,
        MALFORMED_MESSAGE,
        MALFORMED_TOOL_CALL,
        DUPLICATE_TOOL_CALL_ID,
        REASONING_WITHOUT_ITEM,
        CALL_TURN_POSITION,
        INVALID_TOOL_CALL_ID,
        UNSIGNED_FIRST_CALL,
    }
)


@dataclass(frozen=True, slots=True)
class Violation:
    """One reason the provider would reject the history."""

    rule: str
    index: int
    detail: str


def validate(messages: Sequence[Any], dialect: Dialect) -> list[Violation]:
    """Every provider-rule violation of `messages` (native JSON of `dialect`), ordered by index."""
    if dialect == "openai_chat":
        found = _validate_openai_chat(messages)
    elif dialect == "openai_responses":
        found = _validate_openai_responses(messages)
    elif dialect == "anthropic":
        found = _validate_anthropic(messages)
    elif dialect == "gemini":
        found = _validate_gemini(messages)
    else:
        raise ValueError(f"unknown dialect {dialect!r}; expected one of {sorted(DIALECTS)}")
    # Stable sort: violations of one message keep the order they were found in.
    return sorted(found, key=lambda v: v.index)


def is_valid(messages: Sequence[Any], dialect: Dialect, *, ignore: frozenset[str] = frozenset()) -> bool:
    """True when no violation except those whose rule is in `ignore` is found."""
    return all(v.rule in ignore for v in validate(messages, dialect))


# ----------------------------------------------------------------------------------------------------
# which call a result answers


def attribute(messages: Sequence[Any], dialect: Dialect) -> list[tuple[Mapping[str, Any], Mapping[str, Any]]]:
    """(call, result) for every result with an id: the call it answers is **the most recent call with its id
    that precedes it** (a well-formed call: an id and a name), whatever lies between them. Results with no such
    call are left out.

    On an input history this is the truth of who answered what, even where ids are reused; on a valid history
    (ids unique, results in their call's block) it is the pairing the provider reads. The parts are the native
    call and result objects (tool call, `tool_use` block, call item, `functionCall` body; and their results).
    """
    latest: dict[str, Mapping[str, Any]] = {}
    out: list[tuple[Mapping[str, Any], Mapping[str, Any]]] = []
    for msg in messages:
        for is_call, cid, part in _tool_parts(msg, dialect):
            if is_call:
                latest[cid] = part
            elif cid in latest:
                out.append((latest[cid], part))
    return out


def _tool_parts(msg: Any, dialect: Dialect) -> list[tuple[bool, str, Mapping[str, Any]]]:
    """(is a call, id, native part) of the well-formed calls and the results with an id of one message."""
    out: list[tuple[bool, str, Mapping[str, Any]]] = []
    if not isinstance(msg, Mapping):
        return out
    if dialect == "openai_chat":
        if msg.get("role") == "tool" and _is_id(msg.get("tool_call_id")):
            out.append((False, msg["tool_call_id"], msg))
        tcs = msg.get("tool_calls") if msg.get("role") == "assistant" else None
        for tc in tcs if isinstance(tcs, list) else []:
            if isinstance(tc, Mapping) and _is_id(tc.get("id")) and _chat_call_name(tc) is not None:
                out.append((True, tc["id"], tc))
    elif dialect == "openai_responses":
        kind = _resp_kind(msg)
        cid = msg.get("call_id")
        if kind in _RESP_CALL_TYPES and _is_id(cid) and (kind not in _RESP_NAMED or _is_name(msg.get("name"))):
            out.append((True, cid, msg))
        elif kind in _RESP_OUTPUT_TYPES and _is_id(cid):
            out.append((False, cid, msg))
    elif dialect == "anthropic":
        content = msg.get("content")
        for b in content if isinstance(content, list) else []:
            t = _block_type(b)
            if t == "tool_use" and msg.get("role") == "assistant" and _is_id(b.get("id")) \
                    and _is_name(b.get("name")) and isinstance(b.get("input"), Mapping | str):
                out.append((True, b["id"], b))
            elif t == "tool_result" and msg.get("role") == "user" and _is_id(b.get("tool_use_id")):
                out.append((False, b["tool_use_id"], b))
    elif dialect == "gemini":
        parts = msg.get("parts")
        for p in parts if isinstance(parts, list) else []:
            fc = _part_body(p, "functionCall", "function_call")
            fr = _part_body(p, "functionResponse", "function_response")
            if isinstance(fc, Mapping) and msg.get("role") == "model" and _is_id(fc.get("id")) \
                    and _is_name(fc.get("name")):
                out.append((True, fc["id"], fc))
            elif isinstance(fr, Mapping) and msg.get("role", "user") != "model" and _is_id(fr.get("id")):
                out.append((False, fr["id"], fr))
    return out


# ----------------------------------------------------------------------------------------------------
# helpers


def _is_id(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and value != ""


def _is_name(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and value != ""


def _ids(ids: Iterable[str]) -> str:
    return ", ".join(ids)


def _role_repr(role: Any) -> str:
    if isinstance(role, str):
        return repr(role[:40])
    return "missing" if role is None else f"of type {type(role).__name__}"


@dataclass
class _Block:
    """The calls of one model turn, waiting for their results."""

    index: int
    expected: dict[str, int] = field(default_factory=dict)  # call id -> index of the message holding it
    answered: set[str] = field(default_factory=set)

    def unanswered(self) -> list[str]:
        return [c for c in self.expected if c not in self.answered]


class _Interleave:
    """Calls left unanswered by a closing message, to point at that message if their result shows up."""

    def __init__(self, out: list[Violation]) -> None:
        self._out = out
        self._closer: dict[str, int] = {}
        self._reported: set[int] = set()

    def closed(self, call_ids: Iterable[str], closer: int | None) -> None:
        if closer is None:
            return
        for cid in call_ids:
            self._closer.setdefault(cid, closer)

    def late(self, call_id: str) -> None:
        closer = self._closer.get(call_id)
        if closer is None or closer in self._reported:
            return
        self._reported.add(closer)
        self._out.append(
            Violation(
                INTERLEAVED_MESSAGE,
                closer,
                f"this message sits between a tool call and its result (call id {call_id})",
            )
        )


# ----------------------------------------------------------------------------------------------------
# OpenAI Chat Completions

_CHAT_ROLES = frozenset({"system", "developer", "user", "assistant", "tool", "function"})


def _chat_call_name(call: Mapping[str, Any]) -> Any:
    # `type: "function"` (default) names the tool in `function.name`; `type: "custom"` in `custom.name`.
    for key in ("function", "custom"):
        body = call.get(key)
        if isinstance(body, Mapping) and _is_name(body.get("name")):
            return body.get("name")
    return None


def _chat_has_content(msg: Mapping[str, Any]) -> bool:
    content = msg.get("content")
    if isinstance(content, str | list) and len(content) > 0:
        return True
    # Other ways an assistant message says something that the API accepts without `content`.
    refusal = msg.get("refusal")
    if isinstance(refusal, str) and refusal:
        return True
    return isinstance(msg.get("function_call"), Mapping) or isinstance(msg.get("audio"), Mapping)


def _validate_openai_chat(messages: Sequence[Any]) -> list[Violation]:
    out: list[Violation] = []
    seen_ids: set[str] = set()
    interleave = _Interleave(out)
    block: _Block | None = None

    def close(closer: int | None) -> None:
        nonlocal block
        if block is not None:
            missing = block.unanswered()
            if missing:
                out.append(
                    Violation(
                        MISSING_TOOL_RESULT,
                        block.index,
                        "An assistant message with 'tool_calls' must be followed by tool messages responding "
                        "to each 'tool_call_id'. The following tool_call_ids did not have response "
                        f"messages: {_ids(missing)}",
                    )
                )
                interleave.closed(missing, closer)
        block = None

    for i, msg in enumerate(messages):
        if not isinstance(msg, Mapping):
            out.append(Violation(MALFORMED_MESSAGE, i, f"message is not an object ({type(msg).__name__})"))
            continue
        role = msg.get("role")
        if not isinstance(role, str) or role not in _CHAT_ROLES:
            out.append(Violation(INVALID_ROLE, i, f"invalid role {_role_repr(role)}"))
            continue

        if role == "tool":
            call_id = msg.get("tool_call_id")
            if not _is_id(call_id):
                out.append(Violation(ORPHAN_TOOL_RESULT, i, "tool message without a 'tool_call_id'"))
            elif block is None or call_id not in block.expected:
                out.append(
                    Violation(
                        ORPHAN_TOOL_RESULT,
                        i,
                        "messages with role 'tool' must be a response to a preceding message with "
                        f"'tool_calls' (tool_call_id {call_id})",
                    )
                )
                interleave.late(call_id)
            elif call_id in block.answered:
                out.append(
                    Violation(DUPLICATE_TOOL_RESULT, i, f"second tool message for tool_call_id {call_id}")
                )
            else:
                block.answered.add(call_id)
            continue

        # Any other message ends the run of tool messages.
        close(i)
        if role != "assistant":
            continue

        has_calls = False
        tool_calls = msg.get("tool_calls")
        if tool_calls is not None:
            if not isinstance(tool_calls, list):
                out.append(Violation(MALFORMED_TOOL_CALL, i, "'tool_calls' is not an array"))
            elif not tool_calls:
                out.append(
                    Violation(
                        EMPTY_TOOL_CALLS,
                        i,
                        f"Invalid 'messages[{i}].tool_calls': empty array. Expected an array with minimum "
                        "length 1, but got an empty array instead.",
                    )
                )
            else:
                has_calls = True
                block = _Block(i)
                for k, call in enumerate(tool_calls):
                    if not isinstance(call, Mapping):
                        out.append(Violation(MALFORMED_TOOL_CALL, i, f"tool_calls[{k}] is not an object"))
                        continue
                    cid = call.get("id")
                    if not _is_id(cid):
                        out.append(Violation(MALFORMED_TOOL_CALL, i, f"tool_calls[{k}] has no 'id'"))
                    if _chat_call_name(call) is None:
                        what = f"tool call {cid}" if _is_id(cid) else f"tool_calls[{k}]"
                        out.append(Violation(MALFORMED_TOOL_CALL, i, f"{what} has no 'function.name'"))
                    if _is_id(cid):
                        if cid in seen_ids:
                            out.append(
                                Violation(DUPLICATE_TOOL_CALL_ID, i, f"tool call id {cid} is used twice")
                            )
                        seen_ids.add(cid)
                        block.expected.setdefault(cid, i)
        if not has_calls and not _chat_has_content(msg):
            out.append(
                Violation(EMPTY_CONTENT, i, "assistant message has neither 'content' nor 'tool_calls'")
            )
    close(None)
    return out


# ----------------------------------------------------------------------------------------------------
# OpenAI Responses

# call item -> the output item that answers it by `call_id` (the Responses API's documented pairs)
_RESP_PAIRS = {
    "function_call": "function_call_output",
    "custom_tool_call": "custom_tool_call_output",
    "computer_call": "computer_call_output",
    "local_shell_call": "local_shell_call_output",
    "shell_call": "shell_call_output",
    "apply_patch_call": "apply_patch_call_output",
    "tool_search_call": "tool_search_output",
    "program": "program_output",
}
_RESP_CALL_TYPES = frozenset(_RESP_PAIRS)
_RESP_OUTPUT_TYPES = frozenset(_RESP_PAIRS.values())
_RESP_NAMED = frozenset({"function_call", "custom_tool_call"})  # the others are named by their type


def _resp_anonymous(item: Mapping[str, Any], kind: str) -> bool:
    """A server-run tool search (no call_id): its output follows it, matched by order, not by id."""
    return kind in ("tool_search_call", "tool_search_output") and item.get("call_id") is None
_RESP_ROLES = frozenset({"user", "assistant", "system", "developer"})
_RESP_NOT_AFTER_REASONING_ROLES = frozenset({"user", "system", "developer"})


def _resp_kind(item: Any) -> str | None:
    """The item's type (`message` for an EasyInputMessage), or None for something that is no item."""
    if not isinstance(item, Mapping):
        return None
    kind = item.get("type")
    if kind is None:
        return "message" if "role" in item else None
    return kind if isinstance(kind, str) and kind else None


def _validate_openai_responses(items: Sequence[Any]) -> list[Violation]:
    out: list[Violation] = []
    seen_ids: set[str] = set()
    interleave = _Interleave(out)
    block = _Block(-1)
    transparent: set[int] = set()
    outputs_seen: set[str] = set()

    def close(closer: int | None) -> None:
        nonlocal block
        missing = block.unanswered()
        for cid in missing:
            out.append(Violation(MISSING_TOOL_RESULT, block.expected[cid], f"No tool output found for {cid}"))
        interleave.closed(missing, closer)
        block = _Block(-1)

    for i, item in enumerate(items):
        kind = _resp_kind(item)
        if kind is None:
            why = (
                "not an object"
                if not isinstance(item, Mapping)
                else "has neither a valid 'type' nor a 'role'"
            )
            out.append(Violation(MALFORMED_MESSAGE, i, f"input item {why}"))
            transparent.add(i)
            continue
        if kind == "message":
            role = item.get("role")
            if not isinstance(role, str) or role not in _RESP_ROLES:
                out.append(Violation(INVALID_ROLE, i, f"invalid role {_role_repr(role)} on message item"))
                transparent.add(i)
                continue
            close(i)
        elif _resp_anonymous(item, kind):
            pass
        elif kind in _RESP_CALL_TYPES:
            cid = item.get("call_id")
            if not _is_id(cid):
                out.append(Violation(MALFORMED_TOOL_CALL, i, f"{kind} item has no 'call_id'"))
            if kind in _RESP_NAMED and not _is_name(item.get("name")):
                out.append(Violation(MALFORMED_TOOL_CALL, i, f"{kind} item has no 'name'"))
            if _is_id(cid):
                if cid in seen_ids:
                    out.append(Violation(DUPLICATE_TOOL_CALL_ID, i, f"call_id {cid} is used twice"))
                seen_ids.add(cid)
                block.expected.setdefault(cid, i)
        elif kind in _RESP_OUTPUT_TYPES:
            cid = item.get("call_id")
            if not _is_id(cid):
                out.append(Violation(ORPHAN_TOOL_RESULT, i, f"{kind} item has no 'call_id'"))
            elif cid in outputs_seen:  # a second output for a call id, wherever it is (named since late 2026)
                out.append(Violation(DUPLICATE_TOOL_RESULT, i, f"Duplicate {kind} for call_id '{cid}'. Each "
                                     f"{kind.removesuffix('_output')} must have exactly one matching {kind}"))
                if cid in block.expected:  # (it is still the output of the reused id's latest call)
                    block.answered.add(cid)
            elif cid not in block.expected:
                out.append(
                    Violation(
                        ORPHAN_TOOL_RESULT,
                        i,
                        f"No tool call found for function call output with call_id {cid}",
                    )
                )
                interleave.late(cid)
            else:
                block.answered.add(cid)
            if _is_id(cid):
                outputs_seen.add(cid)
        # `reasoning` and other item types (built-in tool calls, item references, ...) leave the block open.
    close(None)

    # A reasoning item must be followed by the item it belongs to.
    following = [i for i in range(len(items)) if i not in transparent]
    for pos, i in enumerate(following):
        if _resp_kind(items[i]) != "reasoning":
            continue
        if pos + 1 == len(following):
            bad = "it is the last item"
        else:
            nxt = items[following[pos + 1]]
            nkind = _resp_kind(nxt)
            assert nkind is not None
            if nkind == "message" and nxt.get("role") in _RESP_NOT_AFTER_REASONING_ROLES:
                bad = f"it is followed by a {nxt.get('role')} message"
            elif nkind in _RESP_OUTPUT_TYPES or nkind.endswith("_output"):
                bad = f"it is followed by a {nkind} item"
            else:
                continue
        out.append(
            Violation(
                REASONING_WITHOUT_ITEM,
                i,
                f"Item of type 'reasoning' was provided without its required following item ({bad})",
            )
        )
    return out


# ----------------------------------------------------------------------------------------------------
# Anthropic Messages

_ANTHROPIC_ROLES = frozenset({"user", "assistant"})
_ANTHROPIC_ID = re.compile(r"[a-zA-Z0-9_-]+")
_SERVER_USES = frozenset({"server_tool_use", "mcp_tool_use"})


def _is_server_result(btype: Any) -> bool:
    return isinstance(btype, str) and btype != "tool_result" and btype.endswith("_tool_result")


def _trailing_server_use(blocks: list[Any]) -> set[str]:
    if blocks and _block_type(blocks[-1]) in _SERVER_USES and _is_id(blocks[-1].get("id")):
        return {blocks[-1]["id"]}
    return set()


def _anthropic_server_blocks(i: int, blocks: list[Any], carried: set[str], nxt: Any,
                             final: bool) -> list[Violation]:
    """Server tool calls are answered in the model's own turn: each `server_tool_use` / `mcp_tool_use` by a
    `*_tool_result` with its id in the same message, except a paused turn's last call (`pause_turn`), which is
    the history's last message or is answered at the start of the next assistant message."""
    out: list[Violation] = []
    uses: list[tuple[int, str]] = []
    answered: set[str] = set()
    for k, b in enumerate(blocks):
        t = _block_type(b)
        if t in _SERVER_USES:
            uses.append((k, str(b.get("id"))))
        elif _is_server_result(t):
            tid = str(b.get("tool_use_id"))
            if tid in {u for _, u in uses} or tid in carried:
                answered.add(tid)
            else:
                out.append(Violation(ORPHAN_TOOL_RESULT, i, f"`{t}` block without its server tool call ({tid})"))
    continued: set[str] = set()
    if isinstance(nxt, Mapping) and nxt.get("role") == "assistant" and isinstance(nxt.get("content"), list):
        continued = {str(b.get("tool_use_id")) for b in nxt["content"] if _is_server_result(_block_type(b))}
    for k, uid in uses:
        if uid in answered:
            continue
        paused = k == len(blocks) - 1 and (final or uid in continued)
        if not paused:
            out.append(Violation(MISSING_TOOL_RESULT, i, f"server tool call {uid} without its result"))
    return out


def _block_type(block: Any) -> Any:
    return block.get("type") if isinstance(block, Mapping) else None


def _validate_anthropic(messages: Sequence[Any]) -> list[Violation]:
    out: list[Violation] = []
    seen_ids: set[str] = set()
    interleave = _Interleave(out)
    last = len(messages) - 1
    # The previous (non-transparent) message, when it is an assistant message holding tool_use blocks.
    pending: _Block | None = None
    carried: set[str] = set()  # a paused server call ending the previous assistant message

    def report_missing(closer: int | None) -> None:
        if pending is None:
            return
        missing = pending.unanswered()
        if missing:
            out.append(
                Violation(
                    MISSING_TOOL_RESULT,
                    pending.index,
                    f"messages.{pending.index}: `tool_use` ids were found without `tool_result` blocks "
                    f"immediately after: {_ids(missing)}",
                )
            )
            interleave.closed(missing, closer)

    for i, msg in enumerate(messages):
        if not isinstance(msg, Mapping):
            out.append(Violation(MALFORMED_MESSAGE, i, f"message is not an object ({type(msg).__name__})"))
            continue
        role = msg.get("role")
        if not isinstance(role, str) or role not in _ANTHROPIC_ROLES:
            out.append(Violation(INVALID_ROLE, i, f"invalid role {_role_repr(role)}"))
            continue

        content = msg.get("content")
        if not isinstance(content, str | list):
            out.append(Violation(EMPTY_CONTENT, i, f"messages.{i}: content is missing or not a string/array"))
            blocks: list[Any] = []
        else:
            if not content and not (role == "assistant" and i == last):
                out.append(
                    Violation(
                        EMPTY_CONTENT,
                        i,
                        f"messages.{i}: all messages must have non-empty content except for the optional "
                        "final assistant message",
                    )
                )
            blocks = content if isinstance(content, list) else []
        for k, block in enumerate(blocks):
            if not isinstance(block, Mapping) or not _is_name(block.get("type")):
                out.append(Violation(MALFORMED_MESSAGE, i, f"messages.{i}.content.{k} is not a typed block"))
            elif block.get("type") == "text" and isinstance(block.get("text"), str) and not block["text"].strip():
                out.append(Violation(EMPTY_CONTENT, i, f"messages.{i}.content.{k}: text content blocks must "
                                                       "contain non-whitespace text"))
        if role == "assistant":
            nxt = messages[i + 1] if i + 1 < len(messages) else None
            out.extend(_anthropic_server_blocks(i, blocks, carried, nxt, i == last))
            carried = _trailing_server_use(blocks)
        else:
            carried = set()

        if role == "user":
            expected = pending
            answered_here: set[str] = set()
            orphans: list[str] = []
            seen_other = False
            not_first = 0
            for block in blocks:
                btype = _block_type(block)
                if btype == "tool_use":
                    out.append(Violation(MALFORMED_TOOL_CALL, i, "`tool_use` block in a user message"))
                if btype != "tool_result":
                    seen_other = True
                    continue
                if seen_other:
                    not_first += 1
                cid = block.get("tool_use_id")
                if not _is_id(cid):
                    out.append(Violation(ORPHAN_TOOL_RESULT, i, "`tool_result` block without `tool_use_id`"))
                elif expected is None or cid not in expected.expected:
                    orphans.append(cid)
                    interleave.late(cid)
                elif cid in answered_here:
                    out.append(
                        Violation(
                            DUPLICATE_TOOL_RESULT,
                            i,
                            "each tool_use must have a single result. Found multiple `tool_result` blocks "
                            f"with id: {cid}",
                        )
                    )
                else:
                    answered_here.add(cid)
            if orphans:
                out.append(
                    Violation(
                        ORPHAN_TOOL_RESULT,
                        i,
                        f"unexpected `tool_use_id` found in `tool_result` blocks: {_ids(orphans)}. Each "
                        "`tool_result` block must have a corresponding `tool_use` block in the previous "
                        "message.",
                    )
                )
            if expected is not None:
                expected.answered |= answered_here
                if not_first:
                    out.append(
                        Violation(
                            TOOL_RESULT_NOT_FIRST,
                            i,
                            f"Did not find {not_first} tool_result block(s) at the beginning of this "
                            "message. Messages following tool_use blocks must begin with a matching number "
                            "of tool_result blocks.",
                        )
                    )
            # A results turn that answered some calls is a split, not an interleaved message.
            report_missing(None if answered_here else i)
            pending = None
            continue

        # assistant
        report_missing(i)
        pending = None
        calls = _Block(i)
        has_tool_use = False
        for k, block in enumerate(blocks):
            btype = _block_type(block)
            if btype == "tool_result":
                out.append(Violation(ORPHAN_TOOL_RESULT, i, "`tool_result` block in an assistant message"))
                continue
            if btype != "tool_use":
                continue
            has_tool_use = True
            cid = block.get("id")
            what = f"tool_use {cid}" if _is_id(cid) else f"messages.{i}.content.{k} (tool_use)"
            if _is_id(cid) and not _ANTHROPIC_ID.fullmatch(cid):
                out.append(Violation(INVALID_TOOL_CALL_ID, i, f"{what}: id does not match ^[a-zA-Z0-9_-]+$"))
            if not _is_id(cid):
                out.append(Violation(MALFORMED_TOOL_CALL, i, f"{what} has no `id`"))
            if not _is_name(block.get("name")):
                out.append(Violation(MALFORMED_TOOL_CALL, i, f"{what} has no `name`"))
            if not isinstance(block.get("input"), Mapping):
                out.append(Violation(MALFORMED_TOOL_CALL, i, f"{what}: `input` is not an object"))
            if _is_id(cid):
                if cid in seen_ids:
                    out.append(
                        Violation(
                            DUPLICATE_TOOL_CALL_ID, i, f"`tool_use` ids must be unique: {cid} is repeated"
                        )
                    )
                seen_ids.add(cid)
                calls.expected.setdefault(cid, i)
        if has_tool_use:
            pending = calls
    report_missing(None)
    return out


# ----------------------------------------------------------------------------------------------------
# Google Gemini

_GEMINI_ROLES = frozenset({"user", "model", "function"})


def _part_body(part: Any, camel: str, snake: str) -> Any:
    if not isinstance(part, Mapping):
        return None
    body = part.get(camel)
    return part.get(snake) if body is None else body


@dataclass
class _GeminiTurn:
    index: int
    is_model: bool
    calls: list[tuple[str | None, str | None]]  # (id, name) of each functionCall part
    responses: list[tuple[str | None, str | None]]  # (id, name) of each functionResponse part


def _id_name(body: Any) -> tuple[str | None, str | None]:
    if not isinstance(body, Mapping):
        return None, None
    cid, name = body.get("id"), body.get("name")
    return (cid if _is_id(cid) else None), (name if _is_name(name) else None)


def _match_gemini(
    calls: list[tuple[str | None, str | None]], responses: list[tuple[str | None, str | None]]
) -> tuple[list[int], list[int], list[int]]:
    """Pair responses with calls: by id first, then by name where the ids do not contradict.

    Returns (unmatched call positions, unmatched response positions, responses that repeat a matched call id).
    """
    call_taken = [False] * len(calls)
    resp_taken = [False] * len(responses)
    for r, (rid, _) in enumerate(responses):
        if rid is None:
            continue
        for c, (cid, _) in enumerate(calls):
            if not call_taken[c] and cid == rid:
                call_taken[c] = resp_taken[r] = True
                break
    for r, (rid, rname) in enumerate(responses):
        if resp_taken[r] or rname is None:
            continue
        for c, (cid, cname) in enumerate(calls):
            if not call_taken[c] and cname == rname and (cid is None or rid is None):
                call_taken[c] = resp_taken[r] = True
                break
    matched_ids = {cid for c, (cid, _) in enumerate(calls) if call_taken[c] and cid is not None}
    dup = [r for r, (rid, _) in enumerate(responses) if not resp_taken[r] and rid in matched_ids]
    unmatched_calls = [c for c in range(len(calls)) if not call_taken[c]]
    unmatched_resps = [r for r in range(len(responses)) if not resp_taken[r] and r not in dup]
    return unmatched_calls, unmatched_resps, dup


def _call_label(ref: tuple[str | None, str | None]) -> str:
    cid, name = ref
    if cid is not None:
        return f"{name or '?'} (id {cid})"
    return name or "?"


def _validate_gemini(contents: Sequence[Any]) -> list[Violation]:
    out: list[Violation] = []
    interleave = _Interleave(out)
    prev: _GeminiTurn | None = None

    def unanswered_calls(turn: _GeminiTurn, missing: list[int], closer: int | None) -> None:
        labels = [_call_label(turn.calls[c]) for c in missing]
        out.append(
            Violation(
                MISSING_TOOL_RESULT,
                turn.index,
                "Please ensure that the number of function response parts is equal to the number of function "
                f"call parts of the function call turn (no response for: {_ids(labels)})",
            )
        )
        interleave.closed((cid for cid, _ in (turn.calls[c] for c in missing) if cid is not None), closer)

    for i, turn_json in enumerate(contents):
        if not isinstance(turn_json, Mapping):
            out.append(
                Violation(MALFORMED_MESSAGE, i, f"content is not an object ({type(turn_json).__name__})")
            )
            continue
        role = turn_json.get("role")
        if role is None or role == "":
            role = "user"  # the API accepts an unset role (it is only required for multi-turn clarity)
        if not isinstance(role, str) or role not in _GEMINI_ROLES:
            out.append(Violation(INVALID_ROLE, i, f"invalid role {_role_repr(role)}"))
            continue
        parts = turn_json.get("parts")
        if not isinstance(parts, list) or not parts:
            out.append(Violation(EMPTY_CONTENT, i, f"contents[{i}].parts must not be empty"))
            parts = []
        turn = _GeminiTurn(i, role == "model", [], [])
        signed: list[bool] = []  # thoughtSignature of each functionCall part, in order
        for k, part in enumerate(parts):
            if not isinstance(part, Mapping):
                out.append(Violation(MALFORMED_MESSAGE, i, f"contents[{i}].parts[{k}] is not an object"))
                continue
            if part.get("text") == "" and len(part) == 1:
                out.append(Violation(EMPTY_CONTENT, i, "Unable to submit request because it has an empty text "
                                                       f"parameter (contents[{i}].parts[{k}])"))
            if _part_body(part, "functionCall", "function_call") is not None:
                signed.append("thoughtSignature" in part or "thought_signature" in part)
            call = _part_body(part, "functionCall", "function_call")
            if call is not None:
                ref = _id_name(call)
                if ref[1] is None:
                    out.append(
                        Violation(
                            MALFORMED_TOOL_CALL, i, f"contents[{i}].parts[{k}].functionCall has no name"
                        )
                    )
                if turn.is_model:
                    turn.calls.append(ref)
                else:
                    out.append(Violation(MALFORMED_TOOL_CALL, i, f"functionCall part in a {role} turn"))
            response = _part_body(part, "functionResponse", "function_response")
            if response is not None:
                if turn.is_model:
                    out.append(Violation(ORPHAN_TOOL_RESULT, i, "functionResponse part in a model turn"))
                else:
                    turn.responses.append(_id_name(response))

        if any(signed) and not signed[0]:
            out.append(Violation(UNSIGNED_FIRST_CALL, i, "the first functionCall part of a model turn that "
                                                         "carries thought signatures must carry one"))
        if turn.calls and prev is not None and prev.is_model:
            out.append(
                Violation(
                    CALL_TURN_POSITION,
                    i,
                    "Please ensure that function call turn comes immediately after a user turn or after a "
                    "function response turn.",
                )
            )
        if prev is not None and prev.calls:
            unmatched_calls, unmatched_resps, dups = _match_gemini(prev.calls, turn.responses)
            if unmatched_calls:
                unanswered_calls(prev, unmatched_calls, None if turn.responses else i)
            if unmatched_resps:
                labels = [_call_label(turn.responses[r]) for r in unmatched_resps]
                out.append(
                    Violation(
                        ORPHAN_TOOL_RESULT,
                        i,
                        "function response parts do not match a function call of the previous turn: "
                        f"{_ids(labels)}",
                    )
                )
                for r in unmatched_resps:
                    rid = turn.responses[r][0]
                    if rid is not None:
                        interleave.late(rid)
            for r in dups:
                out.append(
                    Violation(
                        DUPLICATE_TOOL_RESULT, i, f"second function response for id {turn.responses[r][0]}"
                    )
                )
        elif turn.responses:
            out.append(
                Violation(
                    ORPHAN_TOOL_RESULT,
                    i,
                    "Please ensure that function response turn comes immediately after a function call turn.",
                )
            )
            for rid, _ in turn.responses:
                if rid is not None:
                    interleave.late(rid)
        prev = turn
    if prev is not None and prev.calls:
        unanswered_calls(prev, list(range(len(prev.calls))), None)
    return out
