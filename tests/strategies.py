"""Builders and hypothesis strategies for native tool-call histories in the four dialects.

Two layers:

* small **builders** (`chat_*`, `ant_*`, `resp_*`, `gem_*`) used by the hand-written unit tests;
* a **generator** of realistic broken histories: an abstract conversation (user / model turns, parallel calls,
  results) is drawn with faults injected where they happen in production (interrupts, partial and late results,
  duplicates, orphans after trimming, empty messages, malformed calls, invalid roles, system messages mid-way,
  Gemini with and without ids, Responses reasoning items), then rendered into one dialect.

Every text of the generated histories is unique ("user 3", "assistant 7"), so a test can check that each of
them survives, in order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

Msg = dict[str, Any]
DIALECT_NAMES = ("openai_chat", "anthropic", "openai_responses", "gemini")

# ----------------------------------------------------------------------------------------------------
# builders: OpenAI Chat Completions


def chat_system(text: str = "You are helpful.") -> Msg:
    return {"role": "system", "content": text}


def chat_user(text: str = "hi") -> Msg:
    return {"role": "user", "content": text}


def chat_asst(text: str | None = "ok") -> Msg:
    return {"role": "assistant", "content": text}


def chat_call(cid: str | None, name: str | None = "get_weather", args: str = "{}") -> Msg:
    c: Msg = {"type": "function", "function": {"arguments": args}}
    if cid is not None:
        c["id"] = cid
    if name is not None:
        c["function"]["name"] = name
    return c


def chat_calls(*calls: str | tuple[str | None, str | None], content: str | None = None) -> Msg:
    """`chat_calls("a", ("b", "search"))`: an assistant message with tool calls (id, or (id, name))."""
    tcs = [chat_call(c) if isinstance(c, str) else chat_call(c[0], c[1]) for c in calls]
    return {"role": "assistant", "content": content, "tool_calls": tcs}


def chat_tool(cid: str, content: str = "12 degrees") -> Msg:
    return {"role": "tool", "tool_call_id": cid, "content": content}


# ----------------------------------------------------------------------------------------------------
# builders: Anthropic Messages


def ant_text(t: str) -> Msg:
    return {"type": "text", "text": t}


def ant_use(cid: str | None, name: str | None = "search", inp: Any = None) -> Msg:
    b: Msg = {"type": "tool_use"}
    if cid is not None:
        b["id"] = cid
    if name is not None:
        b["name"] = name
    b["input"] = {"q": "x"} if inp is None else inp
    return b


def ant_result(cid: str, content: str = "found", **extra: Any) -> Msg:
    return {"type": "tool_result", "tool_use_id": cid, "content": content, **extra}


def ant_user(*content: Any) -> Msg:
    """`ant_user("text")` (string content) or `ant_user(block, block, ...)`."""
    if len(content) == 1 and isinstance(content[0], str):
        return {"role": "user", "content": content[0]}
    return {"role": "user", "content": list(content)}


def ant_asst(*content: Any) -> Msg:
    if len(content) == 1 and isinstance(content[0], str):
        return {"role": "assistant", "content": content[0]}
    return {"role": "assistant", "content": list(content)}


# ----------------------------------------------------------------------------------------------------
# builders: OpenAI Responses


def resp_user(text: str = "hi") -> Msg:
    return {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}


def resp_system(text: str = "Be brief.") -> Msg:
    return {"type": "message", "role": "system", "content": [{"type": "input_text", "text": text}]}


def resp_asst(text: str = "ok") -> Msg:
    return {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": text}]}


def resp_call(cid: str | None, name: str | None = "get_weather", kind: str = "function_call") -> Msg:
    m: Msg = {"type": kind}
    if cid is not None:
        m["call_id"] = cid
    if name is not None:
        m["name"] = name
    if kind == "custom_tool_call":
        m["input"] = "select 1"
    else:
        m["arguments"] = "{}"
    return m


def resp_output(cid: str, output: str = "12 degrees", kind: str = "function_call_output") -> Msg:
    return {"type": kind, "call_id": cid, "output": output}


def resp_reasoning(n: int = 1) -> Msg:
    return {"type": "reasoning", "id": f"rs_{n}", "summary": [], "encrypted_content": "gAAA"}


# ----------------------------------------------------------------------------------------------------
# builders: Google Gemini


def gem_user(text: str = "hi") -> Msg:
    return {"role": "user", "parts": [{"text": text}]}


def gem_model(text: str = "ok") -> Msg:
    return {"role": "model", "parts": [{"text": text}]}


def gem_fc(name: str | None, cid: str | None = None) -> Msg:
    fc: Msg = {"args": {}}
    if name is not None:
        fc["name"] = name
    if cid is not None:
        fc["id"] = cid
    return {"functionCall": fc}


def gem_fr(name: str, cid: str | None = None, response: Any = None) -> Msg:
    fr: Msg = {"name": name, "response": {"ok": True} if response is None else response}
    if cid is not None:
        fr["id"] = cid
    return {"functionResponse": fr}


def gem_calls(*specs: str, text: str | None = None) -> Msg:
    """`gem_calls("search", "search#id1")`: a model turn with calls, `name` or `name#id`."""
    parts: list[Msg] = [{"text": text}] if text else []
    for s in specs:
        name, _, cid = s.partition("#")
        parts.append(gem_fc(name, cid or None))
    return {"role": "model", "parts": parts}


def gem_resps(*specs: str, text: str | None = None) -> Msg:
    parts: list[Msg] = []
    for s in specs:
        name, _, cid = s.partition("#")
        parts.append(gem_fr(name, cid or None))
    if text:
        parts.append({"text": text})
    return {"role": "user", "parts": parts}


# ----------------------------------------------------------------------------------------------------
# text, as the "no text is lost" property reads it


def texts(messages: list[Any], dialect: str) -> list[str]:
    """Every user/assistant text that says something (not empty, not whitespace only: the APIs refuse those),
    in order (tool results excluded)."""
    return [t for t in _texts(messages, dialect) if t.strip()]


def _texts(messages: list[Any], dialect: str) -> list[str]:
    out: list[str] = []
    for m in messages:
        if not isinstance(m, dict):
            continue
        if dialect == "gemini":
            if m.get("role", "user") not in ("user", "model"):
                continue
            for p in m.get("parts") or []:
                if isinstance(p, dict) and isinstance(p.get("text"), str) and p["text"]:
                    out.append(p["text"])
            continue
        if dialect == "openai_responses" and m.get("type", "message") != "message":
            continue
        # (an Anthropic system entry is sent as a user turn: its text is the user's from then on)
        if m.get("role") not in ("user", "assistant") and not (dialect == "anthropic" and m.get("role") == "system"):
            continue
        content = m.get("content")
        if isinstance(content, str):
            if content:
                out.append(content)
        elif isinstance(content, list):
            for b in content:
                if (isinstance(b, dict) and b.get("type") in ("text", "input_text", "output_text")
                        and isinstance(b.get("text"), str) and b["text"]):
                    out.append(b["text"])
    return out


# ----------------------------------------------------------------------------------------------------
# the abstract conversation


@dataclass
class CallSpec:
    id: str | None  # None: malformed (no id) or Gemini without ids
    name: str | None  # None: malformed (no name)
    kind: str = "function"  # Responses: "function" or "custom"
    bad_input: bool = False  # Anthropic: `input` that is not an object
    uid: int = 0  # unique per call: its arguments carry it, and so do its results' texts ("result of NAME #UID")


@dataclass
class Ev:
    """One abstract event; `render` turns it into zero or more native messages."""

    kind: str  # system user asst calls empty_calls results invalid other
    text: str | None = None
    calls: list[CallSpec] = field(default_factory=list)
    # (call id, tool name, kind, uid of the call it answers; 0 for orphans)
    results: list[tuple[str | None, str, str, int]] = field(default_factory=list)
    text_first: bool = False  # block dialects: text before the result parts
    reasoning: bool = False  # Responses: a reasoning item before the call items
    thinking: bool = False  # Anthropic: a thinking block in the model turn
    string_content: bool = False  # Anthropic user/assistant text as a plain string
    role: str = ""  # invalid role
    server: str = ""  # Anthropic call turn: a server tool "paired", "unpaired" (not last) or an "orphan" result
    blank: bool = False  # block dialects: an empty text part beside the text
    unknown: bool = False  # Responses "other": an item type the dialect does not know


TOOLS = ("search", "get_weather", "send_email")


class _Counter:
    def __init__(self) -> None:
        self.n = 0

    def next(self) -> int:
        self.n += 1
        return self.n


@st.composite
def conversations(draw: st.DrawFn, dialect: str, max_episodes: int = 6, reuse: bool = False) -> list[Ev]:
    """An abstract conversation with faults, shaped so that only the faults the engine repairs are present.

    `reuse`: about a third of the calls reuse an earlier call's id (numbering that restarts per response, as
    some endpoints do), so results must be told apart by the most-recent-call rule.

    Input defects the contract does not cover (a Gemini call turn right after a model text turn, a Responses
    reasoning item not followed by its item) are not generated.
    """
    flat = dialect in ("openai_chat", "openai_responses")
    block = not flat
    counter = _Counter()
    evs: list[Ev] = []
    issued: list[CallSpec] = []  # every well-formed call issued so far (for late / duplicate results and ids)
    late: list[tuple[str | None, str, str, int]] = []  # results held back, to arrive after the block closed
    gem_ids = draw(st.sampled_from(["ids", "none", "mixed"])) if dialect == "gemini" else "ids"
    has_system = dialect in ("openai_chat", "openai_responses")

    def text(who: str) -> str:
        return f"{who} {counter.next()}"

    def call_id() -> str:
        if dialect == "anthropic" and draw(st.integers(0, 9)) == 0:
            return f"call.{counter.next()}:x"  # outside Anthropic's id pattern: rewritten on both sides
        return f"call_{counter.next()}"

    if has_system and draw(st.booleans()):
        evs.append(Ev("system", text("system")))
    if draw(st.integers(0, 9)) == 0:  # context trimming cut the call: the history starts with results
        evs.append(Ev("results", results=[(f"trimmed_{counter.next()}", draw(st.sampled_from(TOOLS)), "function", 0)]))
    # what the last event rendered was: "text" (a model text turn), "calls" (a model call turn) or ""; a Gemini
    # call turn must not follow a model text turn (a rule the engine does not repair, so it is not generated)
    last_model = ""
    for _ in range(draw(st.integers(1, max_episodes))):
        # noise between episodes
        noise = draw(st.integers(0, 19))
        if noise == 0:
            evs.append(Ev("invalid", text("invalid"), role=draw(st.sampled_from(["critic", "tool_runner", "bot"]))))
        elif noise == 1 and has_system:
            evs.append(Ev("system", text("system")))
        elif noise == 2:
            evs.append(Ev("user", ""))  # an empty message
        elif noise == 3:
            evs.append(Ev("asst", ""))
            last_model = "text"
        elif noise == 4 and dialect == "openai_responses":
            evs.append(Ev("other", unknown=draw(st.booleans())))
        elif noise == 5 and late:
            # a late result arrives on its own, long after its block closed
            evs.append(Ev("results", results=[late.pop(0)]))
            last_model = ""
        # the user asks (nearly always; for Gemini always after a model turn)
        if (dialect == "gemini" and last_model == "text") or draw(st.integers(0, 5)) > 0:
            evs.append(Ev("user", text("user"), string_content=draw(st.booleans()),
                          blank=block and draw(st.integers(0, 9)) == 0))
            last_model = ""
        if draw(st.integers(0, 4)) == 0:  # a plain answer
            evs.append(Ev("asst", text("assistant"), string_content=draw(st.booleans())))
            last_model = "text"
            continue
        if dialect == "openai_chat" and draw(st.integers(0, 14)) == 0:
            evs.append(Ev("empty_calls", draw(st.sampled_from([None, text("assistant")]))))
            last_model = "text"
            continue
        # the model calls tools (parallel calls are common)
        n = draw(st.integers(1, 3))
        calls: list[CallSpec] = []
        for _k in range(n):
            name = draw(st.sampled_from(TOOLS))
            if dialect == "gemini":
                with_id = gem_ids == "ids" or (gem_ids == "mixed" and draw(st.booleans()))
                cid = call_id() if with_id else None
            else:
                cid = call_id()
            spec = CallSpec(cid, name, uid=counter.next())
            if dialect == "openai_responses" and draw(st.integers(0, 3)) == 0:
                spec.kind = draw(st.sampled_from(["custom", "custom", "local_shell", "apply_patch", "computer"]))
            fault = draw(st.integers(0, 24))
            if fault == 0 and dialect != "gemini":
                spec.id = None  # malformed: no id
            elif fault == 1:
                spec.name = None  # malformed: no name
            elif fault == 2 and dialect == "anthropic":
                spec.bad_input = True
            elif (fault == 3 or (reuse and fault >= 16)) and issued and spec.id is not None:
                spec.id = draw(st.sampled_from([c.id for c in issued if c.id is not None] or [cid]))  # reuse
            calls.append(spec)
        turn_text = text("assistant") if draw(st.integers(0, 2)) == 0 else None
        server = draw(st.sampled_from(["", "", "", "", "paired", "unpaired", "orphan"])) \
            if dialect == "anthropic" else ""
        evs.append(Ev("calls", turn_text, calls=calls, reasoning=draw(st.booleans()),
                      thinking=draw(st.integers(0, 3)) == 0, server=server))
        last_model = "calls"
        answerable = [(c.id, c.name, c.kind, c.uid) for c in calls
                      if c.name is not None and (c.id is not None or dialect == "gemini")]
        issued.extend(c for c in calls if c.name is not None and c.id is not None)
        # which results come back, and how
        outcome = draw(st.sampled_from(["all", "all", "all", "some", "none", "interrupt"]))
        if outcome == "all":
            answered = list(answerable)
        elif outcome == "some":
            answered = [r for r in answerable if draw(st.booleans())]
        else:
            answered = []
        answered = draw(st.permutations(answered)) if answered else []
        if outcome == "interrupt":
            # the person speaks while the calls run; some results may still arrive later
            evs.append(Ev("user", text("user")))
            last_model = ""
            late.extend(r for r in answerable if draw(st.integers(0, 2)) == 0 and r[0] is not None)
            answered = []
        elif outcome in ("some", "none") and draw(st.booleans()):
            late.extend(r for r in answerable if r not in answered and r[0] is not None)
        results = list(answered)
        if results and draw(st.integers(0, 9)) == 0:
            results.append(results[0])  # a retry wrote a second result
        if draw(st.integers(0, 14)) == 0:
            results.append((f"ghost_{counter.next()}", "ghost_tool", "function", 0))  # an orphan
        if results:
            rtext = text("user") if draw(st.integers(0, 4)) == 0 else None
            if block and len(results) > 1 and draw(st.integers(0, 4)) == 0:
                cut = draw(st.integers(1, len(results) - 1))  # results split over two user turns
                evs.append(Ev("results", results=results[:cut]))
                evs.append(Ev("results", results=results[cut:], text=rtext))
            else:
                evs.append(Ev("results", results=results, text=rtext,
                              text_first=rtext is not None and draw(st.integers(0, 2)) == 0))
            last_model = ""
        if late and draw(st.integers(0, 3)) == 0:
            evs.append(Ev("results", results=[late.pop(0)]))
            last_model = ""
        # the model answers from the results (or continues without them)
        if draw(st.integers(0, 4)) < 3:
            if dialect == "openai_responses" and draw(st.integers(0, 3)) == 0:
                evs.append(Ev("asst", text("assistant"), reasoning=True))
            else:
                evs.append(Ev("asst", text("assistant"), string_content=draw(st.booleans())))
            last_model = "text"
    return evs


# ----------------------------------------------------------------------------------------------------
# rendering


def render(evs: list[Ev], dialect: str) -> list[Msg]:
    out: list[Msg] = []
    r = _RENDER[dialect]
    for i, ev in enumerate(evs):
        out.extend(r(ev, i))
    return out


def _chat(ev: Ev, i: int) -> list[Msg]:
    if ev.kind == "system":
        return [chat_system(ev.text or "")]
    if ev.kind == "user":
        return [chat_user(ev.text or "")]
    if ev.kind == "asst":
        return [chat_asst(ev.text if ev.text else None)]
    if ev.kind == "empty_calls":
        return [{"role": "assistant", "content": ev.text, "tool_calls": []}]
    if ev.kind == "calls":
        return [{"role": "assistant", "content": ev.text,
                 "tool_calls": [chat_call(c.id, c.name, args=f'{{"q": {c.uid}}}') for c in ev.calls]}]
    if ev.kind == "results":
        msgs = [chat_tool(cid or "", f"result of {name} #{uid}") for cid, name, _, uid in ev.results]
        if ev.text:
            msgs.append(chat_user(ev.text))
        return msgs
    if ev.kind == "invalid":
        return [{"role": ev.role, "content": ev.text}]
    return []


def _anthropic(ev: Ev, i: int) -> list[Msg]:
    if ev.kind == "user":
        if not ev.text:
            return [{"role": "user", "content": [] if i % 2 else ""}]
        if ev.blank:
            return [ant_user(ant_text(ev.text), ant_text(" " if i % 2 else ""))]
        return [ant_user(ev.text) if ev.string_content else ant_user(ant_text(ev.text))]
    if ev.kind == "asst":
        if not ev.text:
            return [{"role": "assistant", "content": [] if i % 2 else ""}]
        return [ant_asst(ev.text) if ev.string_content else ant_asst(ant_text(ev.text))]
    if ev.kind == "calls":
        blocks: list[Msg] = []
        if ev.thinking:
            blocks.append({"type": "thinking", "thinking": "hmm", "signature": "sig"})
        if ev.text:
            blocks.append(ant_text(ev.text))
        if ev.server in ("paired", "unpaired"):
            blocks.append({"type": "server_tool_use", "id": f"srvtoolu_{i}", "name": "web_search", "input": {}})
        if ev.server in ("paired", "orphan"):
            blocks.append({"type": "web_search_tool_result", "tool_use_id": f"srvtoolu_{i}", "content": []})
        for c in ev.calls:
            blocks.append(ant_use(c.id, c.name, inp="not an object" if c.bad_input else {"q": c.uid}))
        return [ant_asst(*blocks)]
    if ev.kind == "results":
        parts: list[Msg] = [ant_result(cid or "", f"result of {name} #{uid}") for cid, name, _, uid in ev.results]
        if ev.text:
            parts = [ant_text(ev.text), *parts] if ev.text_first else [*parts, ant_text(ev.text)]
        return [ant_user(*parts)]
    if ev.kind == "invalid":
        return [{"role": ev.role, "content": ev.text}]
    return []


def _responses(ev: Ev, i: int) -> list[Msg]:
    if ev.kind == "system":
        return [{"role": "developer", "content": ev.text} if i % 2 else resp_system(ev.text or "")]
    if ev.kind == "user":
        if ev.string_content:
            return [{"role": "user", "content": ev.text}]
        return [resp_user(ev.text or "")]
    if ev.kind == "asst":
        if not ev.text:
            return [{"type": "message", "role": "assistant", "content": []}]
        msgs = [resp_reasoning(i)] if ev.reasoning else []
        return [*msgs, resp_asst(ev.text)]
    if ev.kind == "calls":
        msgs = [resp_asst(ev.text)] if ev.text else []
        for k, c in enumerate(ev.calls):
            if ev.reasoning and k == 0:
                msgs.append(resp_reasoning(i))
            if c.kind in ("local_shell", "apply_patch", "computer"):
                m = {"type": f"{c.kind}_call", "call_id": c.id, "action": {"q": c.uid}}
                if c.id is None:
                    del m["call_id"]
                msgs.append(m)
                continue
            m = resp_call(c.id, c.name, "custom_tool_call" if c.kind == "custom" else "function_call")
            if "input" in m:
                m["input"] = f"select {c.uid}"
            else:
                m["arguments"] = f'{{"q": {c.uid}}}'
            msgs.append(m)
        return msgs
    if ev.kind == "results":
        msgs = []
        for cid, name, kind, uid in ev.results:
            out_kind = "function_call_output" if kind == "function" else f"{kind}_call_output"
            if kind == "custom":
                out_kind = "custom_tool_call_output"
            msgs.append(resp_output(cid or "", f"result of {name} #{uid}", out_kind))
        if ev.text:
            msgs.append(resp_user(ev.text))
        return msgs
    if ev.kind == "invalid":
        return [{"type": "message", "role": ev.role, "content": [{"type": "input_text", "text": ev.text}]}]
    if ev.kind == "other":
        if ev.unknown:
            return [{"type": "future_item", "id": f"fi_{i}"}]
        return [{"type": "web_search_call", "id": f"ws_{i}", "status": "completed"}]
    return []


def _gemini(ev: Ev, i: int) -> list[Msg]:
    if ev.kind == "user":
        if not ev.text:
            return [{"role": "user", "parts": [] if i % 2 else [{"text": ""}]}]
        if ev.blank:
            return [{"role": "user", "parts": [{"text": ev.text}, {"text": ""}]}]
        return [gem_user(ev.text)]
    if ev.kind == "asst":
        if not ev.text:
            return [{"role": "model", "parts": []}]
        return [gem_model(ev.text)]
    if ev.kind == "calls":
        parts: list[Msg] = [{"text": ev.text}] if ev.text else []
        for k, c in enumerate(ev.calls):
            fc = gem_fc(c.name, c.id)
            fc["functionCall"]["args"] = {"q": c.uid}
            if ev.thinking and k == 0:
                fc["thoughtSignature"] = f"sig_{i}"
            parts.append(fc)
        return [{"role": "model", "parts": parts}]
    if ev.kind == "results":
        rparts: list[Msg] = [gem_fr(name, cid, {"output": f"result of {name} #{uid}"})
                             for cid, name, _, uid in ev.results]
        if ev.text:
            rparts = [{"text": ev.text}, *rparts] if ev.text_first else [*rparts, {"text": ev.text}]
        return [{"role": "user", "parts": rparts}]
    if ev.kind == "invalid":
        return [{"role": ev.role, "parts": [{"text": ev.text}]}]
    return []


_RENDER = {"openai_chat": _chat, "anthropic": _anthropic, "openai_responses": _responses, "gemini": _gemini}


@st.composite
def histories(draw: st.DrawFn, dialect: str | None = None, max_episodes: int = 6,
              reuse: bool = False) -> tuple[str, list[Msg]]:
    """(dialect, native messages) of a realistic, usually broken, history (`reuse`: ids reused often)."""
    d = dialect or draw(st.sampled_from(DIALECT_NAMES))
    return d, render(draw(conversations(d, max_episodes, reuse)), d)


def clean_history(dialect: str, episodes: int, start: int = 0) -> list[Msg]:
    """A long, well-formed history: each episode a question, two parallel calls, both results, an answer."""
    out: list[Msg] = []
    for e in range(start, start + episodes):
        a, b = f"call_{e:06d}_a", f"call_{e:06d}_b"  # fixed width: state size does not grow with the ids
        evs = [
            Ev("user", f"user {e}"),
            Ev("calls", None, calls=[CallSpec(a, "search", uid=1), CallSpec(b, "get_weather", uid=2)]),
            Ev("results", results=[(a, "search", "function", 1), (b, "get_weather", "function", 2)]),
            Ev("asst", f"assistant {e}"),
        ]
        out.extend(render(evs, dialect))
    return out


# ----------------------------------------------------------------------------------------------------
# tool calls and real results, as the "real results are kept" property reads them


def calls_in(messages: list[Any], dialect: str) -> list[tuple[str, bool]]:
    """(call id, well formed) of every call with an id, in order."""
    out: list[tuple[str, bool]] = []
    for m in messages:
        if not isinstance(m, dict):
            continue
        if dialect == "openai_chat" and m.get("role") == "assistant":
            tcs = m.get("tool_calls")
            for tc in tcs if isinstance(tcs, list) else []:
                if isinstance(tc, dict) and isinstance(tc.get("id"), str) and tc["id"]:
                    fn = tc.get("function")
                    out.append((tc["id"], isinstance(fn, dict) and bool(fn.get("name"))))
        elif dialect == "openai_responses" and m.get("type") in ("function_call", "custom_tool_call"):
            if isinstance(m.get("call_id"), str) and m["call_id"]:
                out.append((m["call_id"], bool(m.get("name"))))
        elif dialect == "openai_responses" and m.get("type") in ("local_shell_call", "apply_patch_call",
                                                                 "computer_call"):
            if isinstance(m.get("call_id"), str) and m["call_id"]:
                out.append((m["call_id"], True))  # named by their type
        elif dialect == "anthropic" and m.get("role") == "assistant" and isinstance(m.get("content"), list):
            for b in m["content"]:
                if isinstance(b, dict) and b.get("type") == "tool_use" and b.get("id"):
                    out.append((b["id"], bool(b.get("name")) and isinstance(b.get("input"), dict)))
        elif dialect == "gemini" and m.get("role") == "model":
            parts = m.get("parts")
            for p in parts if isinstance(parts, list) else []:
                fc = p.get("functionCall") if isinstance(p, dict) else None
                if isinstance(fc, dict) and fc.get("id"):
                    out.append((fc["id"], bool(fc.get("name"))))
    return out


def real_results(messages: list[Any], dialect: str) -> list[str]:
    """Call ids of the real (not synthesized) results, in order: generated results say "result of ..."."""
    out: list[str] = []
    for m in messages:
        if not isinstance(m, dict):
            continue
        if dialect == "openai_chat" and m.get("role") == "tool":
            if str(m.get("content", "")).startswith("result of"):
                out.append(m.get("tool_call_id", ""))
        elif dialect == "openai_responses" and str(m.get("type", "")).endswith("_output"):
            if str(m.get("output", "")).startswith("result of"):
                out.append(m.get("call_id", ""))
        elif dialect == "anthropic" and isinstance(m.get("content"), list):
            for b in m["content"]:
                if isinstance(b, dict) and b.get("type") == "tool_result" \
                        and str(b.get("content", "")).startswith("result of"):
                    out.append(b.get("tool_use_id", ""))
        elif dialect == "gemini":
            parts = m.get("parts")
            for p in parts if isinstance(parts, list) else []:
                fr = p.get("functionResponse") if isinstance(p, dict) else None
                if isinstance(fr, dict) and isinstance(fr.get("response"), dict) \
                        and str(fr["response"].get("output", "")).startswith("result of"):
                    out.append(fr.get("id") or "")
    return out


def real_result_texts(messages: list[Any], dialect: str) -> list[tuple[str, str]]:
    """(call id, text) of the real results, in order: what a result says survives a rewrite of its id."""
    out: list[tuple[str, str]] = []
    for m in messages:
        if not isinstance(m, dict):
            continue
        parts: list[Any] = [m]
        if dialect in ("anthropic", "gemini"):
            parts = m.get("content" if dialect == "anthropic" else "parts") or []
            parts = parts if isinstance(parts, list) else []
        for p in parts:
            if not isinstance(p, dict):
                continue
            if dialect == "gemini":
                fr = p.get("functionResponse")
                if isinstance(fr, dict) and isinstance(fr.get("response"), dict):
                    out.append((fr.get("id") or "", str(fr["response"].get("output", ""))))
                continue
            if dialect == "anthropic" and p.get("type") != "tool_result":
                continue
            if dialect == "openai_chat" and p.get("role") != "tool":
                continue
            if dialect == "openai_responses" and not str(p.get("type", "")).endswith("_output"):
                continue
            cid = p.get("tool_call_id", p.get("tool_use_id", p.get("call_id", "")))
            out.append((cid or "", str(p.get("content", p.get("output", "")))))
    return [(c, t) for c, t in out if t.startswith("result of")]


def keepable_results(messages: list[Any], dialect: str) -> set[str]:
    """Call ids whose real result has a valid place: a well-formed call with an id used once, answered later."""
    calls = calls_in(messages, dialect)
    seen: dict[str, int] = {}
    for cid, _ in calls:
        seen[cid] = seen.get(cid, 0) + 1
    good = {cid for cid, ok in calls if ok and seen[cid] == 1}
    # a result counts only if it comes after its call: walk the history in order
    out: set[str] = set()
    issued: set[str] = set()
    for m in messages:
        for cid, _ in calls_in([m], dialect):
            issued.add(cid)
        for cid in real_results([m], dialect):
            if cid in good and cid in issued:
                out.add(cid)
    return out


@st.composite
def timestamps(draw: st.DrawFn, n: int, max_gap: int = 8_000) -> list[int]:
    """Non-decreasing event times (ms), one per message."""
    out: list[int] = []
    t = 1_000
    for _ in range(n):
        t += draw(st.integers(0, max_gap))
        out.append(t)
    return out


@st.composite
def thinking_histories(draw: st.DrawFn, reuse: bool = False) -> list[Msg]:
    """Anthropic histories (usually broken) whose model turns begin with signed thinking, as a model with extended
    thinking writes them: one or two `thinking` / `redacted_thinking` blocks, unique signatures; sometimes a
    thinking block between a server call's result and the text after it (interleaved thinking)."""
    _, msgs = draw(histories("anthropic", reuse=reuse))
    out: list[Msg] = []
    n = 0
    for m in msgs:
        content = m.get("content") if isinstance(m, dict) else None
        if not isinstance(m, dict) or m.get("role") != "assistant" or not isinstance(content, list):
            out.append(m)
            continue
        blocks: list[Any] = []
        for _ in range(draw(st.integers(0, 2))):
            n += 1
            blocks.append({"type": "redacted_thinking", "data": f"R{n}"} if draw(st.booleans())
                          else {"type": "thinking", "thinking": f"step {n}", "signature": f"S{n}"})
        rest = list(content)
        if rest and draw(st.booleans()):  # interleaved: thinking after the turn's first block
            n += 1
            rest.insert(1, {"type": "thinking", "thinking": f"then {n}", "signature": f"S{n}"})
        out.append({**m, "content": blocks + rest})
    return out
