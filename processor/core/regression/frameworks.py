"""What agent frameworks put into a conversation that is neither a person's request nor a text answer.

* **Code execution output sent as a user message.** AutoGen's (and AG2's) user proxy runs the code blocks of the
  assistant's reply and sends their output back as the next *user* message, ``exitcode: 0 (execution succeeded)``
  then ``Code output: …``. It is the result of an act (the code the reply carried), not a new request: the turn goes
  on, as after a tool result.
* **A reply that carries code.** A fenced code block is an act where the framework executes it (the code is the
  call) and the artefact asked for where it does not ("write a script…"): either way it is no text answer given in
  place of a tool call.

* **A call's result sent back as user text.** A client that answers a call with the next *user* message holding
  the tool's return value (`{"success":true}`, `true`, a JSON object; llm.rb's Gemini tests) continues the turn:
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
# a fenced code block: a fence, then at least one line of content and a closing fence
_FENCE_RE = re.compile(r"(?m)^\s*```[\w+.-]*[ \t]*\n(?:.*\n)+?\s*```")


def text_call(text: str) -> bool:
    """A reply that writes a call as text for the framework to parse (a `<tool_call>` block, ReAct's "Action: x" and
    "Action Input: …", a JSON object of a name and its arguments): a call, not a claim."""
    return _TEXT_CALL_RE.search(text[:2000]) is not None


def execution_output(text: str) -> bool:
    """A user message that is a code executor's output (`exitcode: N (execution …)`), not a request."""
    return _EXEC_RE.match(text) is not None


def returned_value(text: str) -> bool:
    """A user text that is a JSON object or array as a whole (a tool's return value, not a person's words)."""
    s = text.strip()
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


__all__ = ["carries_code", "execution_output", "returned_value", "text_call"]
