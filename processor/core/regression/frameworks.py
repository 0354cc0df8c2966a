"""What agent frameworks put into a conversation that is neither a person's request nor a text answer.

* **Code execution output sent as a user message.** AutoGen's (and AG2's) user proxy runs the code blocks of the
  assistant's reply and sends their output back as the next *user* message, ``exitcode: 0 (execution succeeded)``
  then ``Code output: …``. It is the result of an act (the code the reply carried), not a new request: the turn goes
  on, as after a tool result.
* **A reply that carries code.** A fenced code block is an act where the framework executes it (the code is the
  call) and the artefact asked for where it does not ("write a script…"): either way it is no text answer given in
  place of a tool call.

Both are read only where a detector needs them (a user text, a text-only reply judged): one anchored match each.
"""

from __future__ import annotations

import re

# the first line of a code executor's reply (AutoGen/AG2 `ConversableAgent.execute_code_blocks`)
_EXEC_RE = re.compile(r"\s*exitcode:\s*-?\d+\s*\(execution (?:succeeded|failed)\)", re.IGNORECASE)
# a fenced code block: a fence, then at least one line of content and a closing fence
_FENCE_RE = re.compile(r"(?m)^\s*```[\w+.-]*[ \t]*\n(?:.*\n)+?\s*```")


def execution_output(text: str) -> bool:
    """A user message that is a code executor's output (`exitcode: N (execution …)`), not a request."""
    return _EXEC_RE.match(text) is not None


def carries_code(text: str) -> bool:
    """A reply with a fenced code block (code the framework runs, or the code asked for)."""
    return "```" in text and _FENCE_RE.search(text) is not None


__all__ = ["carries_code", "execution_output"]
