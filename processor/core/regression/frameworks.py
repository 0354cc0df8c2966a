"""What agent frameworks put into a conversation that is neither a person's request nor a text answer.

* **Code execution output sent as a user message.** AutoGen's (and AG2's) user proxy runs the code blocks of the
  assistant's reply and sends their output back as the next *user* message, ``exitcode: 0 (execution succeeded)``
  then ``Code output: …``. It is the result of an act (the code the reply carried), not a new request: the turn goes
  on, as after a tool result.
* **A reply that carries code.** A fenced code block is an act where the framework executes it (the code is the
  call) and the artefact asked for where it does not ("write a script…"): either way it is no text answer given in
  place of a tool call.

* **A prompt to go on.** A framework's own user message after a reply, which asks for no new act or value but for the
  turn to go on or close: AutoGen's (AG2's) user proxy's `default_auto_reply` ("Reply `TERMINATE` if the task is
  done.", "Reply `TERMINATE` if the task has been solved at full satisfaction. Otherwise, reply CONTINUE…",
  "Continue", "..."), pydantic-ai's retry prompts sent as user text ("Validation feedback: … Fix the errors and try
  again.", "Please include your response in a tool call"). The turn goes on: the reply that follows is judged with
  the turn's calls, as a later reply of the turn.
* **A file a tool returned, sent as a user message.** pydantic-ai sends the files (images, documents, audio) a tool
  returned as the next user message, "This is file 5b7e22:" then the file, the result itself saying "See file
  5b7e22.": the result of the turn's call, not a new request.
* **A call's result sent back as user text.** A client that answers a call with the next *user* message holding
  the tool's return value (`{"success":true}`, `true`, a JSON object, a number; llm.rb's and llm-gemini's Gemini
  tests) continues the turn:
  read as that call's result where a call of the turn still waits for one.

* **A call written as text.** A model told to write its calls in a text format (`<tool_call>{…}</tool_call>`,
  ReAct's "Action: cast_float" / "Action Input: …") leaves the call to the framework's parser: the reply is a
  call, not a claim that the act is done.

Each is read only where a detector needs them (a user text, a text-only reply judged): one anchored match each.
"""

from __future__ import annotations

import json
import re

# the first line of a code executor's reply (AutoGen/AG2 `ConversableAgent.execute_code_blocks`)
_EXEC_RE = re.compile(r"\s*exitcode:\s*-?\d+\s*\(execution (?:succeeded|failed)\)", re.IGNORECASE)
# a call written as text: a tag the framework's parser reads, ReAct's action lines, a bare JSON call
_TEXT_CALL_RE = re.compile(r"<\|?(?:tool_call|function_call|tool_use|function)[|>=]"
                           r"|^\s*action:\s*[\w.-]+\s*\n\s*action input:"
                           r"|^\s*\{\s*\"(?:name|tool|function)\"\s*:\s*\"[^\"]+\"\s*,\s*\"(?:arguments|parameters|args|input)\"\s*:",
                           re.IGNORECASE | re.MULTILINE)
# a framework's prompt to go on or to close (AutoGen/AG2 `default_auto_reply`, pydantic-ai's retry prompts), the
# whole user message: an instruction to reply TERMINATE, a bare "continue" / "go on" / "...", a validation retry
_GO_ON_RE = re.compile(
    r"(?:please\s+)?(?:(?:reply|return|respond|say|answer)(?: with)?\s*[`'\"]?terminate\b"
    r"|continue\b[^\n]{0,80}\bterminate\b)"
    r"[^\n]{0,300}(?:\n[^\n]{0,300}){0,2}"
    r"|(?:please\s+)?(?:continue|go on|proceed|keep going|carry on)(?:\s+please)?[.!]*"
    r"|\.{3}|…"
    r"|(?:plain text responses are not permitted, )?please include your response in a tool call\b[^\n]{0,200}",
    re.IGNORECASE)
# ... and the end of pydantic-ai's retry prompts (after a validation error or a `ModelRetry`'s message)
_RETRY_END = "fix the errors and try again"
_GO_ON_FIRST = frozenset("rRpPcCgGkKaAsS.…")
# pydantic-ai's user message with a file a tool returned ("This is file 5b7e22:")
_TOOL_FILE_RE = re.compile(r"\s*this is file [\w.-]{1,64}:", re.IGNORECASE)
# a fenced code block: a fence, then at least one line of content and a closing fence
_FENCE_RE = re.compile(r"(?m)^\s*```[\w+.-]*[ \t]*\n(?:.*\n)+?\s*```")


def text_call(text: str) -> bool:
    """A reply that writes a call as text for the framework to parse (a `<tool_call>` block, ReAct's "Action: x" and
    "Action Input: …", a JSON object of a name and its arguments): a call, not a claim."""
    return _TEXT_CALL_RE.search(text[:2000]) is not None


def execution_output(text: str) -> bool:
    """A user message that is a code executor's output (`exitcode: N (execution …)`), not a request."""
    return _EXEC_RE.match(text) is not None


def go_on(text: str) -> bool:
    """A user message that is a framework's prompt to go on or to close the turn (AutoGen's default auto-reply,
    pydantic-ai's retry prompt), not a request."""
    n = len(text)
    if n > 2400:
        return False
    if text[-48:].rstrip().casefold().rstrip(".! ").endswith(_RETRY_END):
        return True
    if n > 600:
        return False
    t = text.strip()
    # (each form opens with one of these: most requests are refused by their first character)
    return t[:1] in _GO_ON_FIRST and _GO_ON_RE.fullmatch(t) is not None


def tool_file(text: str) -> bool:
    """A user message that carries a file a tool returned (pydantic-ai's "This is file 5b7e22:"), not a request."""
    return _TOOL_FILE_RE.match(text) is not None


# a number and nothing else ("5", "-3.25", "1e3"): a tool's return value where a call waits for one
_NUMBER_RE = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def returned_value(text: str) -> bool:
    """A user text that is a JSON object or array as a whole, or a number and nothing else (a tool's return value,
    not a person's words: `add` answered "5" by llm-gemini's tests)."""
    s = text.strip()
    if s[:1].isdigit() or s[:1] == "-":
        return len(s) <= 32 and _NUMBER_RE.fullmatch(s) is not None
    if not (s[:1] == "{" and s[-1:] == "}") and not (s[:1] == "[" and s[-1:] == "]"):
        return False
    try:
        json.loads(s)
    except ValueError:
        return False
    return True


def carries_code(text: str) -> bool:
    """A reply with a fenced code block (code the framework runs, or the code asked for)."""
    return "```" in text and _FENCE_RE.search(text) is not None


__all__ = ["carries_code", "execution_output", "go_on", "returned_value", "text_call", "tool_file"]
