"""What reads like a request of a kind a tool served but is not a new request: `text_only_regression`'s evidence.

The seed's regression is a *request* of a kind a tool served earlier, answered in words. Three things in real
multi-agent and customer conversations look like such a request and are not:

* **A question about what was done or said.** "Did the action complete successfully?", "What was the answer to the
  previous question?", "What did I order?": the user asks about the conversation's past, whose answer is in context
  (a result, an earlier reply). It shares the words of the request the tool served, but it asks for no new act and
  no fresh value; a question about the present ("is it still raining now?", "any update yet?") is not one of them.
  Flag `past` of the request (`analysis._flags`).
* **A hand-off relayed as a user message.** Google ADK shows an agent what another agent said or called as user
  text, "For context: [billing] said: …", "[root_agent] called tool `transfer_to_agent` …": another agent's part of
  the turn, not a person's request (`relayed`). The person's request stays the turn's; the calls and results it
  relays (`relayed_calls`), hand-offs aside, are calls of the turn for `unbacked_claim`.
  AutoGen's AgentChat does the same in a group chat with the text of another agent's events,
  "[FunctionCall(id='call_1', arguments='{…}', name='get_weather')]" and "[FunctionExecutionResult(content='…',
  name='get_weather', call_id='call_1', is_error=False)]": their calls and results are the turn's.
* **A request wrapped as a JSON object.** ADK passes a request to an agent used as a tool as `{"request": "…"}`:
  the request is that text (`unwrapped`).
* **A routing tool.** `transfer_to_agent` (ADK), `transfer_to_<agent>` (OpenAI Agents SDK, LangGraph swarms),
  crewAI's "Delegate work to coworker" / "Ask question to coworker" move the conversation to another agent; they do
  nothing the user asked for, so a turn they served teaches no habit of calling them (`routing`).

And one thing reads like a text answer and is not: **a reply that only announces** what the assistant is about to do
("I will make my move now. Let's go with g8h6.", "Let me check the legal moves first.", "I'll transfer you to
the billing agent.", 让我先查一下), beside
acknowledgements and questions: it states no fact and tells nothing done, so it answers nothing in words; where the
call never follows, what it leaves behind is the missing call, not an answer given instead of one (`announces`).

Each is one anchored or bounded regular-expression search, run only at a judged turn or a user text.
"""

from __future__ import annotations

import json
import re

# ADK's relay of another agent's events: "For context:" then "[agent] said: …" / "[agent] called tool `x` …"
# ... and AutoGen AgentChat's, in a group chat: another agent's calls and results as the text of their events,
# "[FunctionCall(id='call_1', arguments='{…}', name='get_weather')]", "[FunctionExecutionResult(content='…', …)]"
_RELAY_RE = re.compile(r"\s*(?:for context:\s*(?:\[[^\]\n]{1,80}\]|$)|\[(?:FunctionCall|FunctionExecutionResult)\()",
                       re.IGNORECASE)
_AG_CALL_RE = re.compile(r"FunctionCall\(id=['\"][^'\"\n]{0,80}['\"], "
                         r"arguments=(?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"), name=['\"]([^'\"\n]{1,80})['\"]\)")
_AG_RESULT_RE = re.compile(r"FunctionExecutionResult\(content=(?:'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"), "
                           r"name=['\"]([^'\"\n]{1,80})['\"]")

# ... and, in it, the calls that agent made and their results: "[agent] called tool `x` with parameters: …",
# "[agent] `x` tool returned result: …"
_RELAY_CALL_RE = re.compile(r"^\[[^\]\n]{1,80}\] called tool `([^`\n]{1,80})`", re.MULTILINE)
_RELAY_RESULT_RE = re.compile(r"^\[[^\]\n]{1,80}\] `([^`\n]{1,80})` tool returned result:", re.MULTILINE)
# a request an agent framework passed as a JSON object of one text field (ADK's agent-as-tool: {"request": "…"})
_WRAPPED_RE = re.compile(r'\s*\{\s*"(?:request|query|question|input|message|prompt|task|text)"\s*:\s*"')

# tools that hand the conversation to another agent (names folded: lower case, spaces and dashes as "_")
_ROUTING_RE = re.compile(
    r"^(?:transfer_to_agent|transfer_to_\w+|transfer_back_to_\w+|handoff(?:_to_\w+)?|hand_off_to_\w+|"
    r"delegate_to_\w+|delegate_work_to_co_?worker|ask_question_to_co_?worker|route_to_\w+)$")

# a question about the conversation's past (English): what was done, said or returned
_PAST_EN_RE = re.compile(
    r"^(?:(?:so|and|ok|okay|great|thanks|thank you|also|just to (?:confirm|check)|wait),?\s+)*"
    r"(?:(?:did|was|were|has|have|had)\s+(?:the|that|this|those|these|it|you|my|i|we|they|everything|all|both)\b"
    r"|what\s+(?:did|have)\s+(?:i|you|we)\b"
    r"|what\s+(?:was|were)\b"
    r"|which\s+\w+(?:\s+\w+)?\s+(?:did|was|were)\b"
    r"|(?:how|what)\s+(?:am|are)\s+(?:i|we)\s+(?:paying|ordering|getting|using)\b"
    r"|how\s+(?:many|much)\b[^?]{0,60}\b(?:were|was|did|had)\b"
    r"|remind me\b)")
_PAST_ANY_EN_RE = re.compile(
    r"\b(?:the (?:previous|earlier|last) (?:question|answer|result|request|step|call|one)|(?:you|we) (?:just )?"
    r"(?:said|mentioned|told me|found|did)|you(?:'ve| have) (?:done|found|said))\b")
# ... and Chinese: 刚才/之前/上次 … 吗/呢/？
_PAST_ZH_RE = re.compile(r"(?:刚才|刚刚|之前|上次|前面)[^。！!]{0,30}(?:吗|呢|？|\?)")
# a question about the present is a fresh look-up, not the past
# ... and one about another time ("what was the weather yesterday?") asks for a value no turn looked up
_FRESH_RE = re.compile(r"\b(?:now|yet|currently|still|latest|today|tonight|tomorrow|anymore|any more|right now|at "
                       r"the moment|these days|yesterday|last (?:week|month|year|night|time i)|ago|this (?:week|month|"
                       r"year)|in (?:19|20)\d\d|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|"
                       r"现在|目前|最新|还在|昨天|去年|上周|上个月")

# a sentence that announces the assistant's next step (after an optional acknowledgement), and the ones beside it
_ANNOUNCE_RE = re.compile(
    r"^(?:(?:ok|okay|alright|all right|sure|great|understood|got it|perfect|certainly|of course|now|next|first|"
    r"then|so)[,!.]?\s+)*(?:(?:let me|let's|let us|i'm about to|i am about to|i need to|proceeding|moving on|"
    r"transferring you|handing (?:you|this|it) (?:off|over))\b"
    r"|(?:i'll|i will|i shall|i'm going to|i am going to)\b(?=.*\b(?:now|first|next|start|begin|proceed|try)\b)"
    r"|(?:i'll|i will|i'm going to|i am going to) (?:transfer (?:you|this|your (?:request|question|case|call))\b|"
    r"hand (?:you|this|it) (?:off|over)|connect you|pass (?:you|this|it) (?:on|over)))|^(?:让我|我先)")
_BESIDE_RE = re.compile(r"^(?:ok|okay|alright|all right|sure|great|understood|got it|perfect|certainly|of course|"
                        r"thanks|thank you|(?:just |please )?(?:a|one) (?:moment|second|sec)(?: please)?|"
                        r"(?:please )?(?:hold on|wait|bear with me)(?: a (?:moment|second))?|"
                        # a compliment on the other side's move ("Good defense!", "Well played!", "Nice move.")
                        r"(?:(?:what|that's|that is)\s+)?(?:an?\s+)?(?:very\s+)?"
                        r"(?:good|great|nice|excellent|interesting|bold|clever|smart|solid|strong|well)\s+(?:move|defen[cs]e|choice|play|played|opening|"
                        r"response|idea|try|question|point)|好的|好|明白|收到|"
                        r"请稍等|稍等(?:一下)?)[!.,。！…]*$")
_SENT_RE = re.compile(r"(?<=[.!?。！？])\s+|\n+|(?<=[。！？])")


def announces(reply: str) -> bool:
    """A reply whose sentences only announce the assistant's next step (at least one), beside acknowledgements and
    questions: no fact stated, nothing told done."""
    found = False
    for sent in _SENT_RE.split(reply.strip().casefold()[:600]):
        sent = sent.strip()
        if not sent:
            continue
        if _ANNOUNCE_RE.match(sent) is not None:
            if re.search(r"\d", sent) is not None and re.search(r"\b(?:is|are|was|were|has|have|had)\b", sent):
                return False  # "I'll note that the total is 42": a fact beside the announcement
            found = True
        elif not (sent.endswith(("?", "？")) or _BESIDE_RE.match(sent) is not None):
            return False
    return found


def relayed(text: str) -> bool:
    """A user message that relays another agent's words or calls (ADK's "For context:", AutoGen's
    "[FunctionCall(…)]" / "[FunctionExecutionResult(…)]"), not a request."""
    return _RELAY_RE.match(text) is not None


def relayed_calls(text: str) -> tuple[list[str], list[str]]:
    """The tools a relay says the other agent called, and those whose results it relays (ADK's "For context:",
    AutoGen's events' text)."""
    head = text[:4000]
    if head.lstrip()[:1] == "[" and "Function" in head[:40]:  # AutoGen's events' text
        return _AG_CALL_RE.findall(head), _AG_RESULT_RE.findall(head)
    return _RELAY_CALL_RE.findall(head), _RELAY_RESULT_RE.findall(head)


def unwrapped(text: str) -> str:
    """A user text that is a JSON object of one text field (ADK passes a request to an agent used as a tool as
    `{"request": "…"}`): that field's text; any other text as it is."""
    if _WRAPPED_RE.match(text) is None:
        return text
    try:
        doc = json.loads(text)
    except ValueError:
        return text
    if isinstance(doc, dict) and len(doc) == 1:
        (value,) = doc.values()
        if isinstance(value, str) and value.strip():
            return value
    return text


def routing(tool: str) -> bool:
    """A tool that only hands the conversation to another agent."""
    return _ROUTING_RE.match(tool.strip().lower().replace(" ", "_").replace("-", "_")) is not None


def about_past(norm: str, question: bool) -> bool:
    """A request (normalised: case-folded) that asks about what was done, said or returned, not for a fresh
    value: the `past` flag."""
    if _FRESH_RE.search(norm) is not None:
        return False
    s = norm.strip()
    if _PAST_ZH_RE.search(s) is not None:
        return True
    if not question:
        return False
    return _PAST_EN_RE.match(s) is not None or _PAST_ANY_EN_RE.search(s) is not None


def not_a_request(flags: frozenset[str]) -> bool:
    """Whether a judged request, answered with no unbacked claim, asked for nothing a tool does: a question about
    the conversation's past."""
    return "past" in flags


__all__ = ["about_past", "announces", "not_a_request", "relayed", "relayed_calls", "routing", "unwrapped"]
