"""The stored layout of a conversation's state: every key at every depth, its meaning and its unit, in one table.

This module owns the names; the `to_state` / `from_state` methods of the components read and write keys
through the constants below, and `tests/unit/core/test_state_layout.py` walks states of generated traffic and
fails on any key this table does not document. It knows nothing of the components' classes (it imports none),
nor of compression (codec.py) or of older layouts (migrate.py).

A stored state is a header (`HEADER`, fixed size, what the partition's timers need without decompressing) and a
JSON body compressed with the layout's dictionary. Keys are short because they are written for every conversation
on every batch; a letter can mean different things in different components (`r` is the recent calls in the
tracker, the regression detector in the behaviour record): `TABLE` says what it means in each.

Positional components (a list, not an object) are documented with keys `[0]`, `[1]`, ... in position order.
"""

from __future__ import annotations

from typing import Final, NamedTuple

LAYOUT_VERSION: Final = 2  # the header's first byte; what `codec.encode` writes (migrate.py reads 0 and 1)
# the component versions a body of this layout carries (kept in the body, where layout 1 wrote them)
DETECTOR_VERSION: Final = 3
ERASURE_VERSION: Final = 1
RETRIES_VERSION: Final = 1


class Field(NamedTuple):
    component: str  # where the key lives (a JSON object or a positional list)
    key: str
    meaning: str
    unit: str
    child: str = ""  # the component its value holds ("" for a leaf); a list of them if `many`
    many: bool = False


# -- the header (struct "<BqqqI", little-endian; -1 stands for none) ------------------------------------------------
HEADER: Final = (
    Field("header", "version", "layout version of this record (`LAYOUT_VERSION`)", "u8"),
    Field("header", "next_deadline", "the tracker's next deadline: an open block's result timeout or the end of a "
          "held block's grace (-1: none)", "ms event time, i64"),
    Field("header", "last_event_time", "the conversation's largest event `ts`", "ms event time, i64"),
    Field("header", "evict_at", "when the conversation is evicted if no event comes (-1: not armed)",
          "ms event time, i64"),
    Field("header", "open_calls", "tool calls of the open block still waiting for a result", "count, u32"),
)

# -- the other records of the changelog topic (store.py): bare JSON, keyed like the conversation or META_KEY ----------
META_KEY: Final = b"\x00toolmend-partition-meta"
END_OFFSET: Final = "x"  # an end marker
QUARANTINED: Final = "q"  # a quarantine marker
META_WATERMARK: Final = "wm"
META_OFFSET: Final = "o"
META_CHECKPOINTS: Final = "cp"

# -- the conversation record (store.Conversation) -------------------------------------------------------------------
CONV_TRACKER: Final = "t"
CONV_LAST_TS: Final = "ts"
CONV_OFFSET: Final = "o"
CONV_RECENT: Final = "r"
CONV_MODEL: Final = "m"
CONV_APP_VERSION: Final = "v"
CONV_BEHAVIOUR: Final = "b"
CONV_TOOL_RUNS: Final = "tr"

# -- the tool runs of a conversation (toolspans.ToolRuns) -------------------------------------------------------------
TS_RUNS: Final = "r"
TS_DECIDED: Final = "d"

# -- the tracker (tracker.Tracker) ------------------------------------------------------------------------------------
TR_MESSAGES: Final = "n"
TR_DIALECT: Final = "d"
TR_SEEN_NON_SYSTEM: Final = "s"
TR_BLOCK_SEQ: Final = "q"
TR_BLOCK: Final = "b"
TR_RECENT: Final = "r"
TR_PENDING: Final = "pr"
TR_HELD_QUEUE: Final = "hq"
TR_HELD_BASE: Final = "hb"
TR_HELD_BLOCKS: Final = "hl"
TR_ALIASES: Final = "al"
TR_THINKING_CHANGE: Final = "tc"
TR_THINKING_NEXT: Final = "tn"
TR_RETRIES: Final = "rt"
# the retry boundaries (retries.Retries)
RT_VERSION: Final = "v"
RT_CALLS: Final = "c"
RT_FAILED: Final = "f"
RT_UNSAFE: Final = "u"
RT_CLAIM: Final = "cl"
RT_WRITES: Final = "w"
# the open block
BL_OPENED: Final = "o"
BL_TS: Final = "t"
BL_SEQ: Final = "q"
BL_UNANSWERED: Final = "u"
BL_RESULTS_SEEN: Final = "r"
BL_START: Final = "st"
BL_RESULTS_TURN: Final = "rt"
BL_PARTIAL_REPORTED: Final = "p"
BL_CALLS: Final = "c"
# an anchor in the held queue
AN_MESSAGES: Final = "a"
AN_PARTS: Final = "p"

# -- the behaviour detectors (behaviour.Behaviour) --------------------------------------------------------------------
BH_REGRESSION: Final = "r"
BH_ERASURE: Final = "e"
BH_LAST_USER: Final = "u"
BH_PENDING: Final = "p"
BH_STREAMED: Final = "s"
BH_FED_USER: Final = "f"
BH_CLAIMS: Final = "c"

# -- the regression detector (regression/detector.py, regression/served.py) -----------------------------------------
RD_VERSION: Final = "v"
RD_SERVED: Final = "served"
RD_PENDING: Final = "pending"
RD_PENDING_REF: Final = "pending_ref"
RD_DEFINITIONS: Final = "defs"
RD_SYSTEM: Final = "sys"
RD_TOOL_USED: Final = "tool_used"
RD_PENDING_INDEX: Final = "pending_index"
RD_CURRENT: Final = "current"
RD_IN_TURN: Final = "in_turn"
RD_TOPIC: Final = "topic"
RD_TEXT_TASK: Final = "text_task"
RD_FACTS: Final = "facts"
RD_FACTS_OLDER: Final = "facts_old"
RD_ASKED: Final = "ask"
RD_ERASED: Final = "er"
RD_WAITED: Final = "wt"
SV_INDEX: Final = "i"
SV_TOOLS: Final = "tools"
SV_REQUEST: Final = "req"
SV_KIND: Final = "k"
SV_SLOTS: Final = "v"
SV_SNIPPET: Final = "s"
SV_ECHO: Final = "o"
SV_NUMERIC: Final = "n"
SV_ECHOED: Final = "e"
SV_RESULT_BUDGET: Final = "rb"

# -- the erasure tracker (erasure.ErasureTracker) ------------------------------------------------------------------
ER_VERSION: Final = "v"
ER_CALLS: Final = "calls"

# -- the unbacked-claim tracker (regression/claims.py) ---------------------------------------------------------------
CL_OK: Final = "o"
CL_FAILED: Final = "x"
CL_PENDING: Final = "p"
CL_AFTER_RESULT: Final = "a"
CL_CONTINUED: Final = "k"
CL_REQUEST: Final = "q"
CL_BARE: Final = "b"

_HASHES = "packed hashes (base64 of little-endian u32, sorted)"

TABLE: Final = (
    *HEADER,
    Field("end_marker", END_OFFSET, "the conversation ended (or was evicted) at this input offset; a tombstone "
          "replaces it once the commit passes it", "offset"),
    Field("quarantine_marker", QUARANTINED, "the conversation's state was lost: its later events are "
          "dead-lettered", "always 1"),
    Field("partition_meta", META_WATERMARK, "the partition's watermark at its last batch end", "ms event time"),
    Field("partition_meta", META_OFFSET, "the last input offset of that batch", "offset"),
    Field("partition_meta", META_CHECKPOINTS, "[batch end offset, watermark there] of the last 64 batch ends",
          "list"),

    Field("conversation", CONV_TRACKER, "the tool-call tracker", "object", "tracker"),
    Field("conversation", CONV_LAST_TS, "largest event `ts` applied", "ms event time"),
    Field("conversation", CONV_OFFSET, "last input offset applied (a replay skips records up to it)", "offset"),
    Field("conversation", CONV_RECENT, "event ids and seqs seen lately, oldest first (at most 32)",
          "list of string | int"),
    Field("conversation", CONV_MODEL, "model of the last event that named one", "string"),
    Field("conversation", CONV_APP_VERSION, "application version of the last event that named one", "string"),
    Field("conversation", CONV_BEHAVIOUR, "the behaviour detectors (absent: detectors off)", "object", "behaviour"),
    Field("conversation", CONV_TOOL_RUNS, "tool runs (spans) not yet done with (absent: none)", "object",
          "tool_runs"),

    Field("tool_runs", TS_RUNS, "runs kept to join their calls, oldest first (at most 64)", "list", "tool_run",
          True),
    Field("tool_runs", TS_DECIDED, "[call id, tool] of calls decided dangling with no run, oldest first (at most "
          "64; absent: none)", "list of [string, string]"),
    Field("tool_run", "[0]", "call id (null: the emitter gave none)", "string | null"),
    Field("tool_run", "[1]", "tool name", "string"),
    Field("tool_run", "[2]", "outcome class (ok, error_deterministic, error_transient, timeout, cancelled, unknown)",
          "string"),
    Field("tool_run", "[3]", "error type as the emitter wrote it", "string | null"),
    Field("tool_run", "[4]", "start", "ms event time"),
    Field("tool_run", "[5]", "end", "ms event time"),
    Field("tool_run", "[6]", "trace id", "hex string"),
    Field("tool_run", "[7]", "span id", "hex string"),
    Field("tool_run", "[8]", "input tokens the run reported", "count | null"),
    Field("tool_run", "[9]", "output tokens the run reported", "count | null"),
    Field("tool_run", "[10]", "it joined a call", "0/1"),

    Field("tracker", TR_MESSAGES, "messages fed", "count"),
    Field("tracker", TR_DIALECT, "dialect of the conversation (absent: not known yet)", "string"),
    Field("tracker", TR_SEEN_NON_SYSTEM, "a non-system message was seen", "1 when set"),
    Field("tracker", TR_BLOCK_SEQ, "tool-call blocks opened so far", "count"),
    Field("tracker", TR_BLOCK, "the open tool-call block", "object", "block"),
    Field("tracker", TR_RECENT, "closed calls remembered to classify late or duplicate results (at most "
          "`recent_window`), oldest first", "list", "recent_call", True),
    Field("tracker", TR_PENDING, "output decided but not returned yet", "list", "emitted", True),
    Field("tracker", TR_HELD_QUEUE, "held output, in final order: a message, an anchor, or null (dropped)", "list",
          "slot", True),
    Field("tracker", TR_HELD_BASE, "absolute slot number of the held queue's first entry", "slot"),
    Field("tracker", TR_HELD_BLOCKS, "blocks closed with unanswered calls, waiting for late results", "list",
          "held_block", True),
    Field("tracker", TR_ALIASES, "reused or refused call ids: [id as the input has it, the fresh id its most recent "
          "call carries] (absent: none; kept while that call is remembered)", "list of [string, string]"),
    Field("tracker", TR_THINKING_CHANGE, "thinking bound to its prefix: input index where the output first differs "
          "from the input; thinking after it is invalid (absent: nothing changed; older layouts: none known)",
          "message index"),
    Field("tracker", TR_THINKING_NEXT, "dialects that bind thinking, while nothing changed: the input index the next "
          "output message has (absent: the first message held, else the messages seen)", "message index"),
    Field("tracker", TR_RETRIES, "the retry boundaries (absent: nothing to remember, or off; a state written before "
          "they existed restores with an empty memory)", "object", "retries"),

    Field("retries", RT_VERSION, f"retries layout, {RETRIES_VERSION} in layout {LAYOUT_VERSION}", "int"),
    Field("retries", RT_CALLS, "calls waiting for their result (at most 256), oldest first", "list", "retry_call",
          True),
    Field("retries", RT_FAILED, "failed calls, to know a retry (at most 32), least recent first", "list",
          "failed_call", True),
    Field("retries", RT_UNSAFE, "non-idempotent calls of a timeout or unknown outcome not read back yet (at most "
          "16)", "list", "unsafe_call", True),
    Field("retries", RT_CLAIM, "a retry that failed again, its reply not seen yet: [input index, tool]", "list"),
    Field("retries", RT_WRITES, "tools the conversation's definitions name as non-idempotent (at most 256)",
          "sorted list of string"),
    Field("retry_call", "[0]", "call id (as the tracker knows it)", "string"),
    Field("retry_call", "[1]", "tool name", "string"),
    Field("retry_call", "[2]", "hash of its arguments (blake2b-64, keys sorted)", "hex string"),
    Field("retry_call", "[3]", "hash of its target arguments (\"\": none shown)", "hex string"),
    Field("retry_call", "[4]", "input index of its message", "message index"),
    Field("retry_call", "[5]", "outcome of the failed call it retries (\"\": none)", "string"),
    Field("failed_call", "[0]", "tool name and argument hash, NUL-separated", "string"),
    Field("failed_call", "[1]", "outcome of its last attempt", "string"),
    Field("failed_call", "[2]", "retries of it so far", "count"),
    Field("failed_call", "[3]", "retry_limit_exceeded reported", "0/1"),
    Field("unsafe_call", "[0]", "tool name", "string"),
    Field("unsafe_call", "[1]", "hash of its arguments", "hex string"),
    Field("unsafe_call", "[2]", "hash of its target arguments", "hex string"),
    Field("unsafe_call", "[3]", "input index of its message", "message index"),
    Field("unsafe_call", "[4]", "its outcome (timeout, unknown)", "string"),

    Field("block", BL_OPENED, "input index of the message that opened it", "message index"),
    Field("block", BL_TS, "event time it opened (its result timeout runs from here)", "ms event time"),
    Field("block", BL_SEQ, "its number among the conversation's blocks", "count"),
    Field("block", BL_UNANSWERED, "its calls without a result", "count"),
    Field("block", BL_RESULTS_SEEN, "a result of it was seen", "0/1"),
    Field("block", BL_START, "absolute slot from which its output is held (-1: not held)", "slot"),
    Field("block", BL_RESULTS_TURN, "block dialects: slot of a partial results-only turn (-1: none)", "slot"),
    Field("block", BL_PARTIAL_REPORTED, "a partial result turn was reported", "0/1"),
    Field("block", BL_CALLS, "its calls, in order", "list", "call", True),

    Field("call", "[0]", "call id", "string"),
    Field("call", "[1]", "tool name", "string"),
    Field("call", "[2]", "input index of its message", "message index"),
    Field("call", "[3]", "dialect's kind of call", "string"),
    Field("call", "[4]", "position inside its native message", "count"),
    Field("call", "[5]", "absolute slot of its message in the held output (-1: not held)", "slot"),
    Field("call", "[6]", "it has a real id (0: positional id)", "0/1"),
    Field("call", "[7]", "a result answered it", "0/1"),
    Field("call", "[8]", "why its arguments do not parse (optional, with [9])", "string"),
    Field("call", "[9]", "its arguments, kept only when templates show them (optional)", "JSON"),

    Field("recent_call", "[0]", "call id", "string"),
    Field("recent_call", "[1]", "tool name", "string"),
    Field("recent_call", "[2]", "a result answered it", "0/1"),
    Field("recent_call", "[3]", "input index of the user message that closed its block", "message index | null"),
    Field("recent_call", "[4]", "it has a real id", "0/1"),
    Field("recent_call", "[5]", "interleaved user message already reported", "0/1"),

    Field("emitted", "[0]", "the output message, in its dialect", "JSON"),
    Field("emitted", "[1]", "its tag: [input offset, index in its event] (null: synthesized)", "list | null"),
    Field("emitted", "[2]", "its input index (-1: synthesized)", "message index"),
    Field("emitted", "[3]", "flags: 1 synthesized, 2 modified", "bit set"),
    Field("emitted", "[4]", "a modified model turn where thinking binds: its leading parts still as in the input "
          "(optional; absent: changed from its start)", "count"),

    Field("slot", "message", "a held message (a positional `emitted` list)", "list", "emitted"),
    Field("slot", AN_MESSAGES, "anchor: moved real results, in order", "list", "emitted", True),
    Field("slot", AN_PARTS, "anchor: result parts for the block's results turn", "list of JSON"),

    Field("held_block", "[0]", "its calls: [call, user index that closed it, reported 0/1]", "list"),
    Field("held_block", "[1]", "unanswered calls with a real id", "count"),
    Field("held_block", "[2]", "first held slot of its output", "slot"),
    Field("held_block", "[3]", "slot of its anchor", "slot"),
    Field("held_block", "[4]", "block dialects: slot of the user turn its result parts go into (-1: none)", "slot"),
    Field("held_block", "[5]", "why it closed (a `DanglingReason` value)", "string"),
    Field("held_block", "[6]", "input index of the message that closed it", "message index | null"),
    Field("held_block", "[7]", "event time its grace runs out (null: only the end decides)", "ms event time"),
    Field("held_block", "[8]", "input index of the message that opened it", "message index"),
    Field("held_block", "[9]", "a partial result turn was reported", "0/1"),

    Field("behaviour", BH_REGRESSION, "the text-only regression detector", "object", "detector"),
    Field("behaviour", BH_ERASURE, "the history-erasure tracker", "object", "erasure"),
    Field("behaviour", BH_CLAIMS, "the unbacked-claim tracker: the turn's calls (absent when it holds none, and in "
          "older records)", "object", "claims"),
    Field("behaviour", BH_LAST_USER, "fingerprint of the last user text (the request that led to calls)", "string"),
    Field("behaviour", BH_PENDING, "the assistant turn in progress: [first index, text (truncated), tools, "
          "arguments]", "list"),
    Field("behaviour", BH_STREAMED, "messages came one at a time (not only snapshots)", "1 when set"),
    Field("behaviour", BH_FED_USER, "snapshots: fingerprint of the last user request fed to the detectors (where "
          "to resume)", "string"),

    Field("detector", RD_VERSION, f"detector layout, {DETECTOR_VERSION} in layout {LAYOUT_VERSION}", "int"),
    Field("detector", RD_SERVED, "requests answered with tool calls, oldest first (at most MAX_SERVED)", "list",
          "served", True),
    Field("detector", RD_PENDING, "the user request waiting for an answer", "object", "request"),
    Field("detector", RD_PENDING_REF, "the pending request is that of served[n]", "list index"),
    Field("detector", RD_DEFINITIONS, "tool definitions seen: tool name to its words", f"map of {_HASHES}"),
    Field("detector", RD_SYSTEM, "words of the system prompt's restrictions", _HASHES),
    Field("detector", RD_TOOL_USED, "a tool was ever called", "bool"),
    Field("detector", RD_PENDING_INDEX, "input index of the pending request", "message index"),
    Field("detector", RD_CURRENT, "the served request the current turn answers", "list index"),
    Field("detector", RD_IN_TURN, "inside an assistant turn", "bool"),
    Field("detector", RD_TOPIC, "input index of the served request the conversation is about", "message index"),
    Field("detector", RD_TEXT_TASK, "the last request was a text task", "bool"),
    Field("detector", RD_FACTS, "facts the tool results stated, oldest first", "packed hashes, in order"),
    Field("detector", RD_FACTS_OLDER, "older facts pushed out of `facts` (at most 256, oldest first), read by "
          "unbacked_claim only", "packed hashes, in order"),
    Field("detector", RD_ASKED, "the last judged reply asked the user something (a value, a confirmation)",
          "1 when set"),
    Field("detector", RD_ERASED, "an erased call was found: the app rewrote the history", "1 when set"),
    Field("detector", RD_WAITED, "the pending request came while a call of the turn before still waited for its "
          "result, and no result came since (likely that result, sent back as user text)", "1 when set"),

    Field("served", SV_INDEX, "input index of the request", "message index"),
    Field("served", SV_TOOLS, "tools called for it", "list of string"),
    Field("served", SV_REQUEST, "the request", "object", "request"),
    Field("served", SV_KIND, "kind words of its calls", _HASHES),
    Field("served", SV_SLOTS, "argument slot values of its calls", _HASHES),
    Field("served", SV_SNIPPET, "words of its results (the last MAX_SNIPPETS only)", _HASHES),
    Field("served", SV_ECHO, "words its answer echoed", _HASHES),
    Field("served", SV_NUMERIC, "its results were numeric", "1 when set"),
    Field("served", SV_ECHOED, "its answer echoed its results", "1 when set"),
    Field("served", SV_RESULT_BUDGET, "result characters taken since the last judged answer", "chars"),

    Field("request", "t", "content words", _HASHES),
    Field("request", "s", "content words that are single CJK characters (weigh half)", _HASHES),
    Field("request", "c", "CJK characters of its content, one by one", _HASHES),
    Field("request", "e", "entities", _HASHES),
    Field("request", "m", "times named", _HASHES),
    Field("request", "f", "flags (negative rules: short, status, ack, ...)", "sorted list of string"),
    Field("request", "n", "size of the request", "words + CJK characters"),

    Field("erasure", ER_VERSION, f"erasure layout, {ERASURE_VERSION} in layout {LAYOUT_VERSION}", "int"),
    Field("erasure", ER_CALLS, "calls seen: [call id, tool, user key, reported 0/1], oldest first", "list"),

    Field("claims", CL_OK, "tools whose calls of this turn returned a result that is no error", "list"),
    Field("claims", CL_FAILED, "tools whose calls of this turn returned an error", "list"),
    Field("claims", CL_BARE, "tools whose calls of this turn returned only a bare success (`true`, "
          "`{\"success\":true}`, `ok`, nothing)", "list"),
    Field("claims", CL_PENDING, "calls of this turn waiting for their result: [call id or \"\", tool]", "list"),
    Field("claims", CL_REQUEST, f"the turn's request words (after a successful call of the turn: only the markers "
          f"of the acts it asks for), {_HASHES}", "string"),
    Field("claims", CL_AFTER_RESULT, "the last message was a tool result", "1 when set"),
    Field("claims", CL_CONTINUED, "the turn's latest user text came right after a result (an agent framework's "
          "prompt to go on, not a request)", "1 when set"),
)

# the components each JSON object's keys are checked against (the others are positional lists)
OBJECTS: Final = ("end_marker", "quarantine_marker", "partition_meta", "conversation", "tool_runs", "tracker",
                  "block", "behaviour", "detector", "served", "request", "erasure", "retries", "claims")


def keys(component: str) -> frozenset[str]:
    """The documented keys of one component."""
    return frozenset(f.key for f in TABLE if f.component == component)


def markdown() -> str:
    """The table as Markdown (docs/state.md holds it; a test checks that it matches)."""
    lines = ["| component | key | meaning | unit |", "|---|---|---|---|"]
    for f in TABLE:
        meaning = f.meaning.replace("|", "\\|")
        unit = f.unit.replace("|", "\\|")
        if f.child:
            unit += f" → `{f.child}`" + (" each" if f.many else "")
        lines.append(f"| {f.component} | `{f.key}` | {meaning} | {unit} |")
    return "\n".join(lines) + "\n"


__all__ = ["DETECTOR_VERSION", "ERASURE_VERSION", "HEADER", "LAYOUT_VERSION", "META_KEY", "OBJECTS", "TABLE", "Field",
           "keys", "markdown"]
