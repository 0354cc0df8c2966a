"""Request snapshots repaired incrementally: a conversation's next snapshot usually repeats the last one and adds a
few messages, so the tracker is not run over the repeated prefix again.

A snapshot's repair is a function of its messages, its dialect, the model, the tool definitions and the partition's
repair settings alone (`repair.repair_with_steps` runs a fresh tracker over it). Per conversation this cache keeps
what that repair had computed at the last point of a clean prefix where the tracker was quiescent (nothing open,
held or pending: `Tracker.quiescent`): the prefix as bytes (`orjson.dumps`, so a `1` never passes for `1.0` or
`true`, nor one key order for another), the tracker's steps over it, and a fork of the tracker there. A later
snapshot that starts with exactly those bytes, of the same dialect, model and tools, continues from the fork; the
steps, findings, actions and messages are those of a repair from scratch. Only clean prefixes are kept (no finding,
no action): no dangling call was decided there, so the conversation's tool runs were not consulted.

Bounded: at most `MAX_ENTRIES` conversations and `MAX_BYTES` of snapshot bytes per partition, the least recently
used dropped first; a snapshot larger than `MAX_SNAPSHOT_BYTES` is repaired from scratch and not kept. The cache
is no state: a restored partition starts without it and repairs its first snapshots whole, to the same output.
"""

from __future__ import annotations

from typing import Any, Final

import orjson

from . import dialects
from .findings import Action, DanglingReason, Finding
from .model import JSON, InputError
from .repair import RepairResult, repair_with_steps, thinking_summary
from .toolspans import ToolRuns
from .tracker import RepairConfig, Step, Tracker

_dumps: Final = orjson.dumps
MAX_ENTRIES = 256
MAX_BYTES = 1 << 20
MAX_SNAPSHOT_BYTES = 256 << 10
#: the last messages of a snapshot among which a quiescent tracker is forked (the cut the next snapshot continues from)
FORK_WITHIN = 3


class _Entry:
    """A conversation's last clean quiescent prefix: its bytes, its steps and the tracker forked there."""

    def __init__(self, dialect: str, model: str | None, tools: Any, prefix: bytes, n: int, steps: list[Step],
                 tracker: Tracker) -> None:
        self.dialect = dialect
        self.model = model
        self.tools = tools
        self.prefix = prefix
        self.n = n
        self.steps = steps
        self.tracker = tracker


class SnapshotCache:
    """One partition's incremental snapshot repairs (see the module's docstring)."""

    def __init__(self, config: RepairConfig) -> None:
        self.config = config
        self.entries: dict[str, _Entry] = {}  # least recently used first
        self.bytes = 0
        self.hits = 0  # snapshots continued from a kept prefix (for the bench)

    def repair(self, cid: str, messages: list[JSON], dialect: str, model: str | None, tools: Any,
               runs: ToolRuns | None, checked: bool, size: int) -> tuple[RepairResult, list[Step], bytes | None]:
        """`repair_with_steps(messages, dialect, config=..., behaviour=False, model=model, tools=tools, runs=runs,
        checked=checked)`, continued from the conversation's kept prefix where one matches. `size`: the event's
        bytes (what the bound counts). Third: the repaired messages as JSON (`orjson.dumps`) when they are the
        input's messages unchanged and were serialized here (None otherwise)."""
        entry = self.entries.pop(cid, None)
        if entry is not None:
            self.bytes -= len(entry.prefix)
        cfg = self.config
        if dialect == "auto" or size > MAX_SNAPSHOT_BYTES:
            res, st = repair_with_steps(messages, dialect, cfg.strategy, config=cfg, behaviour=False, model=model,
                                        tools=tools, runs=runs, checked=checked)
            return res, st, None
        if not checked:
            dialects.check(messages, dialects.get(dialect).name)
        n = len(messages)
        steps: list[Step]
        start = 0
        # the snapshot serialized once: the kept prefix is compared with its start, a prefix to keep cut from it
        full = _dumps(messages)
        if entry is not None and entry.n <= n and entry.dialect == dialect and entry.model == model \
                and entry.tools == tools and _continues(full, entry.prefix):
            tracker = entry.tracker
            steps = entry.steps
            start = entry.n
            self.hits += 1
        else:
            tracker = Tracker(dialect, cfg)
            tracker.model = model
            if tools:
                tracker.declare_tools(tools)
            steps = []
        if runs is not None:
            tracker.runs = runs
        fork: Tracker | None = None
        cut = 0
        clean = True
        for i in range(start, n):
            try:
                step = tracker.feed(messages[i], None, None)
            except InputError as e:
                raise InputError(e.kind, f"message {i}: {e.detail}") from None
            steps.append(step)
            # forked only near the end (the next snapshot repeats this one): a tracker quiescent at the end is
            # kept itself (`finish` changes nothing then)
            if clean:
                if step.findings or step.actions:
                    clean = False
                elif n - i <= FORK_WITHIN and i + 1 < n and tracker.quiescent:
                    fork = tracker.fork()
                    cut = i + 1
        if clean and n > start and tracker.quiescent:
            fork = tracker
            cut = n
        if fork is not None:
            prefix = full if cut == n else full[:len(full) - len(_dumps(messages[cut:]))] + b"]"
            self._keep(cid, _Entry(dialect, model, tools, prefix, cut, steps[:cut], fork))
        steps.append(tracker.finish(DanglingReason.UNANSWERED_AT_REQUEST))
        out: list[JSON] = []
        findings: list[Finding] = []
        actions: list[Action] = []
        for step in steps:
            out.extend(e.message for e in step.messages)
            findings.extend(step.findings)
            actions.extend(step.actions)
        changed_at = tracker.prefix_changed_at
        same = len(out) == n
        if same:
            for i in range(n):
                if out[i] is not messages[i]:
                    same = False
                    break
        return RepairResult(dialect, out, findings, actions, changed=bool(actions),
                            thinking=thinking_summary(changed_at, findings, actions)
                            if changed_at is not None else None), steps, full if same else None

    def _keep(self, cid: str, entry: _Entry) -> None:
        if len(entry.prefix) > MAX_SNAPSHOT_BYTES:
            return
        self.entries[cid] = entry
        self.bytes += len(entry.prefix)
        entries = self.entries
        while self.bytes > MAX_BYTES or len(entries) > MAX_ENTRIES:
            old = next(iter(entries))
            self.bytes -= len(entries.pop(old).prefix)

    def drop(self, cid: str) -> None:
        entry = self.entries.pop(cid, None)
        if entry is not None:
            self.bytes -= len(entry.prefix)


def _continues(full: bytes, prefix: bytes) -> bool:
    """Whether the array `full` (JSON) starts with the elements of the array `prefix`: its bytes up to the
    prefix's closing bracket, then the next element's comma or its own end (a value ends where its bytes say,
    so those are exactly the prefix's elements: `dumps(messages[:n]) == prefix`)."""
    k = len(prefix) - 1
    if k == 1:  # `[]`: the start of every array
        return True
    if k < 1 or k >= len(full) or (full[k] != 44 and full[k] != 93):  # "," or "]"
        return False
    return full.startswith(prefix[:k])


__all__ = ["FORK_WITHIN", "MAX_BYTES", "MAX_ENTRIES", "MAX_SNAPSHOT_BYTES", "SnapshotCache"]
