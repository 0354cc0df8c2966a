"""`toolmend generate`: determinism, realism of the native formats, and the exactness of the ground truth.

The ground truth is checked against an independent reference: a small tracker written here from
docs/semantics.md (blocks, closing reasons, late/orphan/duplicate results, timeouts by event-time watermark,
request snapshots, text-only regressions), fed with the raw Kafka values the generator produced.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

import orjson
import pytest
from aiokafka import partitioner

from processor.core.events import parse_ts
from processor.core.partition import PartitionProcessor
from processor.synth.cli import main
from processor.synth.content import TOOLS, chit_chat_texts, classify_request, make_task, retry_request
from processor.synth.generate import (
    MAX_VALUE_BYTES,
    FaultRates,
    GeneratedEvent,
    generate,
    iter_generate,
    kafka_partition,
)
from processor.synth.jsonl import decode_line, encode_line
from processor.synth.truth import GroundTruth
from tests.support import oracle

DIALECTS = ("openai_chat", "anthropic", "openai_responses", "gemini")
FLAT = {"openai_chat", "openai_responses"}
TIMEOUT = 600_000
GRACE = 30_000  # late_result_grace_ms: a block closed with unanswered calls waits this long for late results


# ---------------------------------------------------------------------------------------------------------------
# Neutral view of a native message (written from docs/semantics.md, independent of processor.synth)


@dataclass
class Neutral:
    role: str  # system | developer | user | assistant | tool | reasoning
    texts: list[str] = field(default_factory=list)
    calls: list[tuple[str | None, str]] = field(default_factory=list)  # (id, name)
    results: list[tuple[str | None, str | None]] = field(default_factory=list)  # (call id, name)
    result_after_text: bool = False


def _text_of(content: Any) -> list[str]:
    if isinstance(content, str):
        return [content] if content else []
    if isinstance(content, list):
        return [p["text"] for p in content if p.get("type") in ("text", "input_text", "output_text") and p["text"]]
    return []


def neutral(m: dict[str, Any], dialect: str) -> Neutral:
    if dialect == "openai_chat":
        n = Neutral(m["role"], _text_of(m.get("content")))
        n.calls = [(c["id"], c["function"]["name"]) for c in m.get("tool_calls") or []]
        if m["role"] == "tool":
            n.results, n.texts = [(m["tool_call_id"], None)], []
        return n
    if dialect == "anthropic":
        n = Neutral(m["role"])
        content = m["content"]
        if isinstance(content, str):
            n.texts = [content] if content else []
            return n
        for block in content:
            if block["type"] == "text":
                n.texts.append(block["text"])
            elif block["type"] == "tool_use":
                n.calls.append((block["id"], block["name"]))
            elif block["type"] == "tool_result":
                n.results.append((block["tool_use_id"], None))
                n.result_after_text |= bool(n.texts)
        return n
    if dialect == "openai_responses":
        t = m.get("type", "message")
        if t == "message":
            return Neutral(m["role"], _text_of(m["content"]))
        if t == "reasoning":
            return Neutral("reasoning")
        if t == "function_call":
            return Neutral("assistant", calls=[(m["call_id"], m["name"])])
        if t == "function_call_output":
            return Neutral("tool", results=[(m["call_id"], None)])
        raise AssertionError(f"unknown item {t}")
    assert dialect == "gemini"
    n = Neutral("assistant" if m["role"] == "model" else "user")
    for p in m["parts"]:
        if "text" in p:
            n.texts.append(p["text"])
        elif "functionCall" in p:
            n.calls.append((p["functionCall"].get("id"), p["functionCall"]["name"]))
        elif "functionResponse" in p:
            n.results.append((p["functionResponse"].get("id"), p["functionResponse"]["name"]))
            n.result_after_text |= bool(n.texts)
    return n


# ---------------------------------------------------------------------------------------------------------------
# Reference tracker


@dataclass
class _Call:
    id: str | None
    name: str
    index: int
    answered: bool = False


@dataclass
class _Block:
    ts: int
    calls: list[_Call] = field(default_factory=list)
    results_seen: bool = False


@dataclass
class _Held:
    """A closed block waiting (event time) for late results before its dangling calls are reported."""

    calls: list[_Call]
    reason: str
    deadline: int


class RefTracker:
    def __init__(self, dialect: str, *, stream: bool = True) -> None:
        self.dialect = dialect
        self.flat = dialect in FLAT
        self.stream = stream
        self.block: _Block | None = None
        self.closed: dict[str, int | None] = {}  # call id -> index of the user message that closed its block
        self.findings: Counter[str] = Counter()
        self.dangling: Counter[str] = Counter()
        self.positions: Counter[tuple[str, int]] = Counter()
        self.idx = 0
        self.tool_calls = 0
        self.served: set[str] = set()
        self.awaiting: tuple[str | None] | None = None  # the kind of the user request awaiting its first answer
        self.calls_seen: list[tuple[str | None, str | None]] = []  # (call id, the user text before it)
        self.last_user_text: str | None = None
        self.held: list[_Held] = []
        self.now = 0

    def _find(self, kind: str, index: int | None) -> None:
        self.findings[kind] += 1
        if index is not None:
            self.positions[(kind, index)] += 1

    def close(self, reason: str | None, closer: int | None = None) -> None:
        b = self.block
        if b is None:
            return
        self.block = None
        missing = [c for c in b.calls if not c.answered]
        if missing and reason in ("user_interrupt", "assistant_continued") and self.stream \
                and any(c.id is not None for c in missing):
            self.held.append(_Held(b.calls, reason, self.now + GRACE))
        elif missing and reason is not None:
            self._decide(_Held(b.calls, reason, 0))
        for c in b.calls:
            if c.id is not None:
                self.closed[c.id] = closer if reason == "user_interrupt" else None

    def _decide(self, h: _Held) -> None:
        missing = [c for c in h.calls if not c.answered]
        for c in missing:
            self.dangling[h.reason] += 1
            self._find("dangling_tool_call", c.index)
        if missing and len(missing) < len(h.calls):
            self._find("partial_parallel_results", None)

    def expire(self, now: int | None = None) -> None:
        for h in [h for h in self.held if now is None or now >= h.deadline]:
            self.held.remove(h)
            self._decide(h)

    def end(self, reason: str) -> None:
        self.expire()
        self.close(reason)

    def open_unanswered(self) -> bool:
        return self.block is not None and any(not c.answered for c in self.block.calls)

    def tick(self, watermark: int) -> None:
        self.expire(watermark)
        if self.block is not None and self.open_unanswered() and watermark >= self.block.ts + TIMEOUT:
            self.close("timeout")

    def _match_held(self, rid: str | None) -> _Call | None:
        for h in self.held:
            for c in h.calls:
                if rid is not None and c.id == rid and not c.answered:
                    return c
        return None

    def _match(self, rid: str | None, rname: str | None) -> _Call | None:
        if self.block is None:
            return None
        for c in self.block.calls:
            if rid is not None and c.id == rid:
                return c
            if rid is None and c.id is None and c.name == rname and not c.answered:
                return c
        return None

    def feed(self, m: dict[str, Any], ts: int) -> None:
        n = neutral(m, self.dialect)
        i = self.idx
        self.idx += 1
        self.now = ts
        self.expire(ts)
        if n.results:
            for rid, rname in n.results:
                c = self._match(rid, rname)
                if c is not None:
                    if c.answered:
                        self._find("duplicate_tool_result", i)
                    else:
                        c.answered = True
                elif rid is not None and rid in self.closed:
                    held = self._match_held(rid)
                    if held is not None:  # inside the grace: moved into its block, not dangling
                        held.answered = True
                    self._find("late_tool_result", i)
                    closer = self.closed[rid]
                    if closer is not None:
                        self._find("interleaved_user_message", closer)
                else:
                    self._find("orphan_tool_result", i)
            if self.block is not None:
                self.block.results_seen = True
            if n.result_after_text:
                self._find("tool_result_not_first", i)
            if not self.flat:
                if self.block is not None and not self.open_unanswered():
                    self.close(None)
                if n.texts:
                    self.close("user_interrupt", i)
                    self._user(n)
            return
        if n.role in ("user", "system", "developer"):
            self.close("user_interrupt", i)
            if n.role == "user":
                self._user(n)
            return
        assert n.role in ("assistant", "reasoning"), n.role
        same_turn = (
            self.dialect == "openai_responses"
            and self.block is not None
            and not self.block.results_seen
            and not n.texts
            and (n.role == "reasoning" or bool(n.calls))
        )
        if not same_turn:
            self.close("assistant_continued")
            if n.calls or n.role == "reasoning":
                self.block = _Block(ts)
        if n.role == "reasoning":
            return
        if self.awaiting is not None:
            (kind,) = self.awaiting
            self.awaiting = None
            if n.calls and kind is not None:
                self.served.add(kind)
            elif not n.calls and kind in self.served and self.stream:
                self._find("text_only_regression", i)
        assert self.block is not None or not n.calls
        for cid, name in n.calls:
            assert self.block is not None
            self.block.calls.append(_Call(cid, name, i))
            self.tool_calls += 1
            self.calls_seen.append((cid, self.last_user_text))

    def _user(self, n: Neutral) -> None:
        if n.texts:
            text = " ".join(n.texts)
            self.awaiting = (classify_request(text),)
            self.last_user_text = text


def dead_letter_kind(key: bytes | None, value: bytes) -> str | None:
    """The dead-letter kind of a record per docs/events.md (None: valid)."""
    if len(value) > MAX_VALUE_BYTES:
        return "too_large"
    try:
        ev = orjson.loads(value)
    except orjson.JSONDecodeError:
        return "invalid_json"
    if not isinstance(ev, dict) or not isinstance(ev.get("conversation_id"), str) or "ts" not in ev:
        return "schema"
    t = ev.get("type", "message")
    if t not in ("message", "messages", "request", "end"):
        return "schema"
    if (t == "message" and not isinstance(ev.get("message"), dict)) or (
        t in ("messages", "request") and not isinstance(ev.get("messages"), list)
    ):
        return "schema"
    if key is not None and key.decode() != ev["conversation_id"]:
        return "key_mismatch"
    if "dialect" not in ev:
        msgs = [ev["message"]] if t == "message" else ev.get("messages", [])
        for m in msgs:
            if not (
                m.get("role") in ("system", "developer", "user", "assistant", "tool", "model")
                or m.get("type") in ("message", "reasoning", "function_call", "function_call_output")
                or "parts" in m
            ):
                return "unknown_dialect"
    return None


def ts_ms(ts: int | str) -> int:
    if isinstance(ts, int):
        return ts
    from datetime import datetime

    return int(datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp() * 1000)


@dataclass
class RefConversation:
    dialect: str
    tracker: RefTracker
    events: Counter[str] = field(default_factory=Counter)
    duplicates: Counter[str] = field(default_factory=Counter)
    seen: set[str] = field(default_factory=set)
    last_seq: int = -1
    request_findings: Counter[str] = field(default_factory=Counter)
    request_dangling: Counter[str] = field(default_factory=Counter)
    erased: int = 0
    ended: bool = False
    snapshots: list[list[dict[str, Any]]] = field(default_factory=list)


def replay(
    events: Iterable[GeneratedEvent], truth: GroundTruth, partitions: int = 1
) -> tuple[dict[str, RefConversation], Counter[str]]:
    """Feed the raw records to reference trackers, as the worker does: per partition (Kafka's default
    partitioner), each event applied first, then the partition's watermark (largest ts seen) advanced and the
    timeouts it makes due fired."""
    dialect_of = {c.conversation_id: c.dialect for c in truth.conversations}
    convs: dict[str, RefConversation] = {}
    by_partition: dict[int, list[RefConversation]] = defaultdict(list)
    dead: Counter[str] = Counter()
    watermarks: Counter[int] = Counter()
    last_ts = 0
    for e in events:
        kind = dead_letter_kind(e.key, e.value)
        assert kind == e.dead_letter
        if kind is not None:
            dead[kind] += 1
            assert e.conversation_id not in dialect_of
            continue
        ev = orjson.loads(e.value)
        cid = ev["conversation_id"]
        d = dialect_of[cid]
        assert ev.get("dialect", d) == d
        part = kafka_partition(cid.encode(), partitions)
        if cid not in convs:
            convs[cid] = RefConversation(d, RefTracker(d))
            by_partition[part].append(convs[cid])
        rc = convs[cid]
        t = ev.get("type", "message")
        ts = ts_ms(ev["ts"])
        assert ts >= last_ts, "the stream is in event-time order"
        last_ts = ts
        if ev["event_id"] in rc.seen:
            assert ev["seq"] <= rc.last_seq
            rc.duplicates[t] += 1
            continue
        assert ev["seq"] == rc.last_seq + 1
        assert not rc.ended
        rc.seen.add(ev["event_id"])
        rc.last_seq = ev["seq"]
        rc.events[t] += 1
        tr = rc.tracker
        if t == "message":
            tr.feed(ev["message"], ts)
        elif t == "messages":
            for m in ev["messages"]:
                tr.feed(m, ts)
        elif t == "end":
            tr.end("conversation_end")
            rc.ended = True
        else:
            snap = RefTracker(d, stream=False)
            for m in ev["messages"]:
                snap.feed(m, ts)
            snap.end("unanswered_at_request")
            rc.request_findings.update(snap.findings)
            rc.request_dangling.update(snap.dangling)
            rc.snapshots.append(ev["messages"])
            ids = {cid for (cid, _) in snap.calls_seen}
            users = set()
            for m in ev["messages"]:
                n = neutral(m, d)
                if n.role == "user" and n.texts:
                    users.add(" ".join(n.texts))
            for call_id, user_text in tr.calls_seen:
                if call_id is not None and call_id not in ids and user_text in users:
                    rc.erased += 1
        watermarks[part] = max(watermarks[part], ts)
        for other in by_partition[part]:
            other.tracker.tick(watermarks[part])
    return convs, dead


RETRY_KINDS = {"futile_retry", "blind_retry", "retry_limit_exceeded", "failed_retry_success_claim"}
# the reference reads no reply's words: test_unbacked_claims_are_replies_no_call_of_their_turn_backs checks these
CLAIM_KINDS = {"unbacked_claim"}
NOT_REFERENCE = RETRY_KINDS | CLAIM_KINDS


def check_against_reference(events: list[GeneratedEvent], truth: GroundTruth, partitions: int = 1) -> None:
    convs, dead = replay(events, truth, partitions)
    for rc in convs.values():  # the stream's end: event time runs on, held blocks are decided
        rc.tracker.expire()
    assert dict(dead) == {k: v for k, v in truth.dead_letters.items() if v}
    assert len(convs) == len(truth.conversations)
    for c in truth.conversations:
        rc = convs[c.conversation_id]
        tr = rc.tracker
        ctx = (c.conversation_id, c.dialect, c.faults)
        assert rc.events == c.events, ctx
        assert rc.duplicates == c.duplicates, ctx
        assert tr.idx == c.messages, ctx
        assert tr.tool_calls == sum(c.tool_calls.values()), ctx
        assert rc.ended == c.ended, ctx
        # the tail is clean: nothing is left open for the end of the stream to decide
        assert not tr.open_unanswered(), ctx
        got = tr.findings + rc.request_findings
        got["tool_history_erased"] += rc.erased
        # retry boundaries are not this reference's: test_retry_fault_matches_the_engine checks them
        want = Counter({k: v for k, v in c.findings_by_kind().items() if k not in NOT_REFERENCE})
        assert +got == want, ctx
        assert +(tr.dangling + rc.request_dangling) == c.dangling_by_reason(), ctx
        expected_pos = Counter(
            (f.kind.value, f.index) for f in c.findings
            if f.source == "stream" and f.index is not None and f.kind.value not in NOT_REFERENCE
        )
        got_pos = Counter({k: v for k, v in tr.positions.items() if k[0] != "partial_parallel_results"})
        assert got_pos == expected_pos, ctx
        assert sum(len(s) for s in rc.snapshots) == c.request_messages, ctx


# ---------------------------------------------------------------------------------------------------------------
# Provider rules (reference/provider-rules.md), for histories that must be valid


def provider_errors(msgs: list[dict[str, Any]], dialect: str) -> list[str]:
    errs: list[str] = []
    if dialect == "openai_chat":
        pending: set[str] | None = None
        for i, m in enumerate(msgs):
            role = m.get("role")
            if role not in ("system", "developer", "user", "assistant", "tool"):
                errs.append(f"{i}: role {role}")
            if pending is not None and role != "tool":
                errs.append(f"{i}: tool_call_ids without response: {sorted(pending)}")
                pending = None
            if role == "tool":
                if pending is None or m["tool_call_id"] not in pending:
                    errs.append(f"{i}: tool message is not a response to a preceding tool_calls")
                else:
                    pending.discard(m["tool_call_id"])
                    pending = pending or None
            if role == "assistant":
                if "tool_calls" in m:
                    ids = [c["id"] for c in m["tool_calls"]]
                    if not ids or len(set(ids)) != len(ids):
                        errs.append(f"{i}: bad tool_calls")
                    for c in m["tool_calls"]:
                        if c["type"] != "function" or not isinstance(json.loads(c["function"]["arguments"]), dict):
                            errs.append(f"{i}: bad call")
                    pending = set(ids)
                elif not m.get("content"):
                    errs.append(f"{i}: empty assistant")
        if pending:
            errs.append(f"end: unanswered {sorted(pending)}")
    elif dialect == "openai_responses":
        calls: dict[str, bool] = {}
        for i, m in enumerate(msgs):
            t = m.get("type")
            if t == "reasoning":
                if i + 1 >= len(msgs) or msgs[i + 1].get("type") != "function_call":
                    errs.append(f"{i}: reasoning not followed by its item")
            elif t == "function_call":
                if m["call_id"] in calls or not isinstance(json.loads(m["arguments"]), dict):
                    errs.append(f"{i}: bad function_call")
                calls[m["call_id"]] = False
            elif t == "function_call_output":
                if calls.get(m["call_id"]) is not False:
                    errs.append(f"{i}: No tool call found for function call output with call_id {m['call_id']}")
                calls[m["call_id"]] = True
            elif t == "message":
                if m["role"] not in ("system", "developer", "user", "assistant"):
                    errs.append(f"{i}: role")
                if not all(calls.values()):
                    errs.append(f"{i}: No tool output found for function call")
            else:
                errs.append(f"{i}: item type {t}")
        if not all(calls.values()):
            errs.append("end: No tool output found for function call")
    elif dialect == "anthropic":
        prev_uses: list[str] = []
        for i, m in enumerate(msgs):
            want = "user" if i % 2 == 0 else "assistant"
            if m["role"] != want:
                errs.append(f"{i}: role {m['role']}, expected {want}")
            content = m["content"]
            blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
            if not blocks or any(b["type"] == "text" and not b["text"] for b in blocks):
                errs.append(f"{i}: empty content")
            results = [b["tool_use_id"] for b in blocks if b["type"] == "tool_result"]
            if prev_uses:
                head = [str(b["tool_use_id"]) for b in blocks[: len(prev_uses)] if b["type"] == "tool_result"]
                if sorted(head) != sorted(prev_uses) or len(results) != len(prev_uses):
                    errs.append(f"{i}: tool_use ids were found without tool_result blocks immediately after")
            elif results:
                errs.append(f"{i}: unexpected tool_use_id found in tool_result blocks")
            prev_uses = [b["id"] for b in blocks if b["type"] == "tool_use"] if m["role"] == "assistant" else []
        if prev_uses:
            errs.append("end: unanswered tool_use")
    else:
        prev_calls: list[tuple[str | None, str]] = []
        for i, m in enumerate(msgs):
            want = "user" if i % 2 == 0 else "model"
            if m["role"] != want:
                errs.append(f"{i}: role {m['role']}, expected {want}")
            parts = m["parts"]
            if not parts:
                errs.append(f"{i}: empty parts")
            responses = [
                (p["functionResponse"].get("id"), p["functionResponse"]["name"])
                for p in parts
                if "functionResponse" in p
            ]
            if prev_calls:
                if sorted(responses, key=str) != sorted(prev_calls, key=str) or len(responses) != len(parts):
                    errs.append(f"{i}: number of function response parts != function call parts")
            elif responses:
                errs.append(f"{i}: function response turn comes immediately after a function call turn")
            if m["role"] == "model":
                prev_calls = [
                    (p["functionCall"].get("id"), p["functionCall"]["name"]) for p in parts if "functionCall" in p
                ]
                if prev_calls and not isinstance(parts[-1].get("functionCall", {}).get("args"), dict):
                    errs.append(f"{i}: bad args")
            else:
                prev_calls = []
        if prev_calls:
            errs.append("end: unanswered functionCall")
    return errs


def histories(events: list[GeneratedEvent]) -> tuple[dict[str, list[dict[str, Any]]], list[tuple[str, list[Any]]]]:
    """Each conversation's stream history (duplicates dropped) and every request snapshot."""
    hist: dict[str, list[dict[str, Any]]] = defaultdict(list)
    snaps: list[tuple[str, list[Any]]] = []
    seen: set[str] = set()
    for e in events:
        if e.dead_letter is not None:
            continue
        ev = orjson.loads(e.value)
        if ev["event_id"] in seen:
            continue
        seen.add(ev["event_id"])
        t = ev.get("type", "message")
        if t == "message":
            hist[ev["conversation_id"]].append(ev["message"])
        elif t == "messages":
            hist[ev["conversation_id"]].extend(ev["messages"])
        elif t == "request":
            snaps.append((ev["conversation_id"], ev["messages"]))
    return hist, snaps


# ---------------------------------------------------------------------------------------------------------------
# Tests


def _raw(events: list[GeneratedEvent]) -> list[tuple[bytes | None, bytes]]:
    return [(e.key, e.value) for e in events]


def test_same_seed_same_bytes_and_other_seed_differs() -> None:
    a, ta = generate(60, seed=7)
    b, tb = generate(60, seed=7)
    c, _ = generate(60, seed=8)
    assert _raw(a) == _raw(b)
    assert orjson.dumps(ta.to_dict()) == orjson.dumps(tb.to_dict())
    assert _raw(a) != _raw(c)
    streamed = list(itertools.islice(iter_generate(None, seed=7), 200))
    assert _raw(streamed) == _raw(a)[:200]


def test_events_follow_the_contract_and_interleave() -> None:
    events, truth = generate(300, seed=3)
    last_ts = 0
    active: set[str] = set()
    max_active = 0
    last_of = {c.conversation_id: c.last_ts for c in truth.conversations}
    for e in events:
        if e.dead_letter is not None:
            continue
        ev = orjson.loads(e.value)
        assert e.key == ev["conversation_id"].encode() == e.conversation_id.encode()
        ts = ts_ms(ev["ts"])
        assert ts >= last_ts
        last_ts = ts
        assert ev.get("type", "message") in ("message", "messages", "request", "end")
        assert {"seq", "event_id", "model", "app", "app_version"} <= set(ev)
        active.add(ev["conversation_id"])
        max_active = max(max_active, len(active))
        if ts >= last_of[ev["conversation_id"]]:
            active.discard(ev["conversation_id"])
    assert max_active >= 20, "conversations overlap in time"
    assert truth.events["messages"] > 0 and truth.events["request"] > 0 and truth.events["end"] > 0
    assert 0.55 < truth.ended / truth.n_conversations < 0.85
    assert {c.dialect for c in truth.conversations} == set(DIALECTS)
    assert {c.language for c in truth.conversations} == {"en", "zh"}
    gem = [c for c in truth.conversations if c.dialect == "gemini"]
    assert any(c.call_ids for c in gem) and any(not c.call_ids for c in gem)


def test_not_interleaved_conversations_follow_each_other() -> None:
    events, truth = generate(20, seed=4, interleave=False)
    spans = sorted((c.first_ts, c.last_ts) for c in truth.conversations if not c.filler)
    assert all(a[1] < b[0] for a, b in itertools.pairwise(spans))
    check_against_reference(events, truth)


@pytest.mark.parametrize("partitions", [1, 12])
def test_default_rates_match_the_reference_tracker(partitions: int) -> None:
    events, truth = generate(800, seed=11, partitions=partitions)
    check_against_reference(events, truth, partitions)
    assert truth.findings["dangling_tool_call"] > 0


@pytest.mark.parametrize("seed", [1, 2])
def test_every_fault_at_once_matches_the_reference_tracker(seed: int) -> None:
    # tool runs aside: the reference tracker knows no spans (test_tool_runs_match_the_ground_truth)
    storm = FaultRates(**{f.name: 1.0 for f in fields(FaultRates) if not f.name.startswith("tool_")})
    events, truth = generate(150, seed=seed, rates=storm)
    check_against_reference(events, truth)


EXPECTED: dict[str, dict[str, Any]] = {
    # fault: (findings kinds that must appear, dangling reasons that must appear)
    "interrupt": {"kinds": {"dangling_tool_call"}, "reasons": {"user_interrupt"}},
    "parallel_failure": {
        "kinds": {"dangling_tool_call", "partial_parallel_results"},
        "reasons": {"assistant_continued"},
    },
    "timeout": {"kinds": {"dangling_tool_call"}, "reasons": {"timeout"}},
    "late_result": {
        "kinds": {"dangling_tool_call", "interleaved_user_message", "late_tool_result"},
        "reasons": {"user_interrupt"},
    },
    "duplicate_result": {"kinds": {"duplicate_tool_result"}, "reasons": set()},
    "orphan_result": {"kinds": {"orphan_tool_result"}, "reasons": set()},
    "rewrite": {"kinds": {"tool_history_erased", "text_only_regression"}, "reasons": set()},
    "end_open_call": {"kinds": {"dangling_tool_call"}, "reasons": {"conversation_end"}},
    "request_open_call": {"kinds": {"dangling_tool_call"}, "reasons": {"unanswered_at_request"}},
    "unbacked_claim": {"kinds": {"unbacked_claim"}, "reasons": set()},
}


@pytest.mark.parametrize("fault", sorted(EXPECTED))
def test_each_fault_at_rate_one_has_its_ground_truth(fault: str) -> None:
    events, truth = generate(60, seed=5, rates=FaultRates.only(**{fault: 1.0}))
    check_against_reference(events, truth)
    exp = EXPECTED[fault]
    assert {k for k, v in truth.findings.items() if v} == exp["kinds"]
    assert {k for k, v in truth.dangling.items() if v} == exp["reasons"]
    assert truth.faults[fault] > 0 and set(truth.faults) == {fault}
    assert sum(truth.dead_letters.values()) == 0 and sum(truth.duplicates.values()) == 0
    n = truth.faults[fault]
    f = truth.findings
    if fault == "interrupt":
        assert n <= f["dangling_tool_call"] <= 3 * n
    elif fault == "parallel_failure":
        assert f["dangling_tool_call"] == f["partial_parallel_results"] == n
    elif fault in ("timeout", "duplicate_result", "orphan_result", "unbacked_claim"):
        assert sum(f.values()) == n
    elif fault == "late_result":
        assert f["interleaved_user_message"] == f["late_tool_result"] == n
        # inside the grace the result is moved into place; after it the placeholder stands
        assert 0 < f["dangling_tool_call"] < n
    elif fault == "rewrite":
        assert f["tool_history_erased"] == f["text_only_regression"] == n
        for c in truth.conversations:
            erased = [x.tool for x in c.findings if x.kind.value == "tool_history_erased"]
            regressed = [x.tool for x in c.findings if x.kind.value == "text_only_regression"]
            assert erased == regressed
    if fault in ("orphan_result", "rewrite"):
        assert n == truth.n_conversations - (
            sum(1 for c in truth.conversations if not c.call_ids) if fault == "rewrite" else 0
        )


@pytest.mark.parametrize("partitions", [1, 6])
@pytest.mark.parametrize("interleave", [True, False])
def test_timeouts_are_decided_by_other_traffic_of_the_partition(partitions: int, interleave: bool) -> None:
    """The worker applies an event before the timers it makes due: a timed-out conversation's own resume would
    close its block as user_interrupt. Some other event of the same partition always crosses the deadline
    first (fillers are added where the traffic does not)."""
    events, truth = generate(
        40, seed=9, rates=FaultRates.only(timeout=1.0), interleave=interleave, partitions=partitions
    )
    check_against_reference(events, truth, partitions)
    assert truth.dangling["timeout"] == truth.faults["timeout"] > 0
    if not interleave:
        assert any(c.filler for c in truth.conversations)
    fillers = [c for c in truth.conversations if c.filler]
    assert all(sum(c.findings_by_kind().values()) == 0 and c.messages == 2 for c in fillers)


def test_keyed_events_go_where_the_java_clients_default_partitioner_puts_them() -> None:
    # murmur2 values from the Java client's own tests (UtilsTest.testMurmur2), as signed 32-bit ints
    java = {b"21": -973932308, b"foobar": -790332482, b"a-little-bit-long-string": -985981536,
            b"a-little-bit-longer-string": -1486304829,
            b"lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8": -58897971, b"abc": 479470107}
    for key, h in java.items():
        assert partitioner.murmur2(key) & 0xFFFFFFFF == h & 0xFFFFFFFF
        for n in (1, 7, 12):
            assert kafka_partition(key, n) == (h & 0x7FFFFFFF) % n


def test_dead_letters_of_every_kind() -> None:
    events, truth = generate(120, seed=6, rates=FaultRates.only(malformed_event=1.0))
    check_against_reference(events, truth)
    assert set(truth.dead_letters) == {"invalid_json", "schema", "unknown_dialect", "key_mismatch", "too_large"}
    assert sum(truth.dead_letters.values()) == 120
    big = [e for e in events if e.dead_letter == "too_large"]
    assert all(len(e.value) > MAX_VALUE_BYTES for e in big)
    conv_ids = {c.conversation_id for c in truth.conversations}
    assert all(e.conversation_id not in conv_ids for e in events if e.dead_letter)
    assert sum(truth.findings.values()) == 0


def test_redeliveries_are_exact_copies_counted_once() -> None:
    events, truth = generate(80, seed=12, rates=FaultRates.only(redelivery=0.5))
    dups = sum(truth.duplicates.values())
    assert dups > 0
    assert len(events) == sum(truth.events.values()) + dups
    assert len({e.value for e in events}) == len(events) - dups
    check_against_reference(events, truth)


def test_clean_histories_are_valid_per_provider_rules() -> None:
    events, truth = generate(400, seed=21, rates=FaultRates.none())
    assert sum(truth.findings.values()) == 0
    hist, snaps = histories(events)
    assert len(hist) == 400 and snaps
    dialect_of = {c.conversation_id: c.dialect for c in truth.conversations}
    for cid, msgs in hist.items():
        assert provider_errors(msgs, dialect_of[cid]) == [], (cid, dialect_of[cid])
    for cid, msgs in snaps:
        assert provider_errors(msgs, dialect_of[cid]) == [], (cid, "request")
    check_against_reference(events, truth)


def test_clean_histories_pass_the_project_validator() -> None:
    events, truth = generate(200, seed=22, rates=FaultRates.none())
    hist, snaps = histories(events)
    dialect_of = {c.conversation_id: c.dialect for c in truth.conversations}
    for cid, msgs in [*hist.items(), *snaps]:
        assert list(oracle.validate(msgs, dialect_of[cid])) == [], (cid, dialect_of[cid])


def test_faulty_histories_break_provider_rules() -> None:
    """The local checker is not vacuous: injected faults make the stream histories invalid."""
    events, truth = generate(60, seed=5, rates=FaultRates.only(interrupt=1.0))
    hist, _ = histories(events)
    dialect_of = {c.conversation_id: c.dialect for c in truth.conversations}
    assert all(provider_errors(msgs, dialect_of[cid]) for cid, msgs in hist.items())


def test_request_kinds_are_unambiguous() -> None:
    import random

    rng = random.Random(0)
    for tool in TOOLS:
        for lang in ("en", "zh"):
            for tpl in range(tool.templates):
                for _ in range(5):
                    task = tool.make(rng, lang, tpl)
                    assert classify_request(task.user) == tool.name, (tool.name, lang, task.user)
                    assert classify_request(retry_request(task, lang)) == tool.name, retry_request(task, lang)
            t2 = make_task(rng, lang, tool.name, not_template=0)
            assert t2.tool == tool.name
    for text in chit_chat_texts():
        assert classify_request(text) is None, text


def test_truth_totals_add_up_and_serialize() -> None:
    events, truth = generate(200, seed=13)
    d = json.loads(json.dumps(truth.to_dict()))
    totals = d["totals"]
    assert totals["records"] == len(events)
    assert totals["messages"] == sum(c["messages"] for c in d["conversations"])
    assert totals["tool_calls"] == sum(c["tool_calls"] for c in d["conversations"])
    assert totals["dangling"] == sum(totals["dangling_by_reason"].values()) == totals["findings"]["dangling_tool_call"]
    kinds: Counter[str] = Counter()
    for c in d["conversations"]:
        kinds.update(c["findings_by_kind"])
    assert {k: v for k, v in totals["findings"].items() if v} == dict(kinds)
    assert sum(v["messages"] for v in totals["by_dialect"].values()) == totals["messages"]
    assert totals["text_only_regressions"] == totals["findings"]["text_only_regression"]


def test_jsonl_round_trip_and_cli(tmp_path: Path) -> None:
    events, _ = generate(80, seed=14, rates=FaultRates(malformed_event=0.5))
    for e in events:
        assert decode_line(encode_line(e)) == (e.key, e.value)
    out, truth_file = tmp_path / "events.jsonl", tmp_path / "truth.json"
    rc = main(
        [
            "--conversations",
            "80",
            "--seed",
            "14",
            "--rate-malformed-event",
            "0.5",
            "--out",
            str(out),
            "--truth",
            str(truth_file),
        ]
    )
    assert rc == 0
    lines = out.read_bytes().splitlines()
    assert [decode_line(x) for x in lines] == _raw(events)
    for x in lines:
        obj = orjson.loads(x)
        assert set(obj) == {"key", "value"} and isinstance(obj["value"], dict)
    truth = json.loads(truth_file.read_text())
    assert truth["totals"]["records"] == len(events)
    assert main(["--forever", "--max-events", "50", "--out", str(out), "--truth", str(truth_file)]) == 0
    assert len(out.read_bytes().splitlines()) == 50
    assert "conversations" not in json.loads(truth_file.read_text())


def test_arguments_are_checked() -> None:
    with pytest.raises(ValueError):
        FaultRates(interrupt=1.5)
    with pytest.raises(ValueError):
        generate(1, dialects=["bedrock"])
    with pytest.raises(ValueError):
        generate(1, tool_result_timeout_ms=10)
    _, truth = generate(30, seed=1, dialects=["gemini"], tool_result_timeout_ms=5_000)
    assert {c.dialect for c in truth.conversations} == {"gemini"}
    assert generate(0)[0] == []


def test_short_timeout_keeps_the_truth_exact() -> None:
    global TIMEOUT
    saved, TIMEOUT = TIMEOUT, 5_000
    try:
        # tool runs aside: the reference tracker knows no spans (test_tool_runs_match_the_ground_truth)
        storm = FaultRates(**{f.name: 0.5 for f in fields(FaultRates) if not f.name.startswith("tool_")})
        events, truth = generate(120, seed=31, rates=storm, tool_result_timeout_ms=5_000)
        check_against_reference(events, truth)
    finally:
        TIMEOUT = saved


# ---------------------------------------------------------------------------------------------------------------
# The real worker (processor.core.partition) against the ground truth


def worker_outcome(events: list[GeneratedEvent], partitions: int, close_open: bool = False,
                   ) -> tuple[Counter[tuple[str, str, str]], Counter[str]]:
    """(conversation, kind, reason) of every finding the worker emits, and its dead letters by kind.

    `close_open` ends, after the stream, every conversation the stream left open (they end clean: no call is
    open), so that turns still waiting for their next message (a Responses model turn) are decided too."""
    procs = {p: PartitionProcessor("in", p) for p in range(partitions)}
    offsets: Counter[int] = Counter()
    found: Counter[tuple[str, str, str]] = Counter()
    dead: Counter[str] = Counter()
    for e in events:
        p = kafka_partition(e.key, partitions) if e.key is not None else 0
        for r in procs[p].process(offsets[p], e.key, e.value):
            if r.kind == "findings":
                d = orjson.loads(r.value)
                found[(d["conversation_id"], d["kind"], d.get("reason") or "")] += 1
            elif r.kind == "dead_letter":
                dead[dict(r.headers)["toolmend-error-kind"].decode()] += 1
        offsets[p] += 1
    if close_open:
        last_ts = max((parse_ts(orjson.loads(e.value)["ts"]) for e in events if e.dead_letter is None), default=0)
        for p, proc in procs.items():
            for cid in list(proc.convs) + list(proc.cold):
                value = orjson.dumps({"conversation_id": cid, "ts": last_ts, "type": "end"})
                for r in proc.process(offsets[p], cid.encode(), value):
                    if r.kind == "findings":
                        d = orjson.loads(r.value)
                        found[(d["conversation_id"], d["kind"], d.get("reason") or "")] += 1
                offsets[p] += 1
    return found, dead


def truth_outcome(truth: GroundTruth) -> Counter[tuple[str, str, str]]:
    return Counter(
        (c.conversation_id, f.kind.value, f.reason.value if f.reason else "")
        for c in truth.conversations
        for f in c.findings
    )


def _without(c: Counter[tuple[str, str, str]], kind: str) -> Counter[tuple[str, str, str]]:
    return Counter({k: v for k, v in c.items() if k[1] != kind})


def _behavioural_aside(c: Counter[tuple[str, str, str]]) -> Counter[tuple[str, str, str]]:
    return _without(_without(c, "text_only_regression"), "unbacked_claim")


@pytest.mark.parametrize("partitions", [1, 6])
def test_the_worker_agrees_with_the_ground_truth(partitions: int) -> None:
    """Every fault but the rewrite, at 10x the default rates, on 1 and 6 partitions: the worker's findings
    (text-only regressions aside, see below) and dead letters are exactly the ground truth."""
    rates = FaultRates(**{f.name: min(1.0, getattr(FaultRates(), f.name) * 10) for f in fields(FaultRates)})
    events, truth = generate(300, seed=17, rates=replace(rates, rewrite=0.0), partitions=partitions)
    assert truth.unbacked_claims > 0
    found, dead = worker_outcome(events, partitions)
    # the text-only signals read the replies' words: how they do on the generated claims is a figure
    # (bench/eval_synth_claims.py), the structural findings are exact
    assert _behavioural_aside(found) == _behavioural_aside(truth_outcome(truth))
    assert +dead == +truth.dead_letters


@pytest.mark.parametrize("partitions", [1, 4])
def test_tool_runs_match_the_ground_truth(partitions: int) -> None:
    """A run that completed before the user spoke, one that failed, one whose span comes past the grace: the
    worker's findings are exactly the generator's truth (tool_result_lost for the first and the last only)."""
    rates = FaultRates.only(tool_ran=0.3, tool_failed=0.3, tool_run_late=0.3, interrupt=0.05)
    events, truth = generate(200, seed=23, rates=rates, partitions=partitions)
    assert truth.faults["tool_ran"] and truth.faults["tool_failed"] and truth.faults["tool_run_late"]
    assert truth.findings["tool_result_lost"] == truth.faults["tool_ran"] + truth.faults["tool_run_late"]
    assert truth.events["tool_run"] == truth.faults["tool_ran"] + truth.faults["tool_failed"] + \
        truth.faults["tool_run_late"]
    found, dead = worker_outcome(events, partitions)
    regression = "text_only_regression"
    assert _without(found, regression) == _without(truth_outcome(truth), regression)
    assert +dead == +truth.dead_letters


def test_the_worker_agrees_on_behavioural_signals() -> None:
    """The seed's regression and erasure, exactly; the generated unbacked claims are graded as a figure
    (bench/eval_synth_claims.py, not a target), so none is written here."""
    events, truth = generate(300, seed=18, rates=FaultRates(rewrite=0.3, late_result=0.1, unbacked_claim=0.0))
    found, dead = worker_outcome(events, 1, close_open=True)
    assert found == truth_outcome(truth)
    assert +dead == +truth.dead_letters


def test_an_endless_stream_keeps_totals_and_no_conversation() -> None:
    """`generate --forever`: the stream does not end and its truth stays bounded (totals only, no conversation or
    dead-letter record kept). How fast it generates is a benchmark: bench/bench_generate_rate.py."""
    truth = GroundTruth(keep_conversations=False)
    n = sum(1 for _ in itertools.islice(iter_generate(None, seed=99, truth=truth), 5_000))
    assert n == 5_000
    assert truth.n_conversations > 100 and truth.records > 0 and sum(truth.dead_letters.values()) > 0
    assert truth.conversations == [] and truth.dead_letter_records == []


def test_console_lines_are_key_tab_value_and_paced_sends_follow_event_time() -> None:
    from processor.synth.produce import console_line, event_ts, wait_s

    evs, _ = generate(3, seed=4)
    for e in evs:
        line = console_line(e)
        assert line is not None and line.endswith(b"\n")
        key, value = line[:-1].split(b"\t", 1)
        assert key == (e.key or b"") and value == e.value
    assert console_line(GeneratedEvent(b"k", b'{"a":\t1}', "k")) is None
    assert event_ts(b'{"ts": 5}') == 5 and event_ts(b"{broken") is None and event_ts(b'{"ts": "x"}') is None
    assert wait_s(ts=11_000, first_ts=1_000, wall0=100.0, now=104.0) == 6.0  # 10 s of event time after 4 s
    assert wait_s(ts=11_000, first_ts=1_000, wall0=100.0, now=104.0, speed=10.0) == 0.0
    assert wait_s(ts=1_000, first_ts=1_000, wall0=100.0, now=100.0) == 0.0



@pytest.mark.parametrize("seed", [4, 7])
def test_retry_fault_matches_the_engine(seed: int) -> None:
    """The retry fault's futile and blind retries (and any call repeating a deterministically failed one) are
    found by the live engine exactly where the ground truth puts them, with the generator's writes configured."""
    import json

    from processor.core.config import EngineConfig
    from processor.core.partition import PartitionProcessor
    from processor.core.templates import Templates
    from processor.core.tracker import RepairConfig
    from processor.synth.content import NON_IDEMPOTENT_TOOLS
    from processor.synth.generate import kafka_partition

    events, truth = generate(200, seed=seed, partitions=2, rates=FaultRates(retry=0.3))
    cfg = EngineConfig(repair=RepairConfig(templates=Templates(non_idempotent_tools=NON_IDEMPOTENT_TOOLS)))
    procs = [PartitionProcessor("in", p, cfg) for p in range(2)]
    offsets = [0, 0]
    found: Counter[tuple[str, str, int]] = Counter()
    for e in events:
        p = kafka_partition(e.key, 2) if e.key is not None else 0
        for r in procs[p].process(offsets[p], e.key, e.value):
            if r.kind == "findings":
                v = json.loads(r.value)
                if v["kind"] in RETRY_KINDS:
                    found[(v["kind"], v["conversation_id"], v["index"])] += 1
        offsets[p] += 1
    want: Counter[tuple[str, str, int]] = Counter()
    for c in truth.conversations:
        for f in c.findings:
            if f.kind.value in RETRY_KINDS:
                assert f.index is not None
                want[(f.kind.value, c.conversation_id, f.index)] += 1
    assert found == want
    assert {k for k, _, _ in want} == {"futile_retry", "blind_retry"}


def _offered(tools: list[dict[str, Any]], dialect: str) -> set[str]:
    """The names of the tool definitions a request carries, read in the shape the dialect's API takes."""
    if all("function" in t for t in tools):  # OpenAI chat (the event may not name its dialect)
        return {t["function"]["name"] for t in tools}
    if all("functionDeclarations" in t for t in tools):
        return {d["name"] for t in tools for d in t["functionDeclarations"]}
    return {t["name"] for t in tools}


@pytest.mark.parametrize("seed", [3, 8])
def test_unbacked_claims_are_replies_no_call_of_their_turn_backs(seed: int) -> None:
    """Each claim the truth names is an assistant text with no call, in a turn whose calls (none, or the first
    act's) do not include the claimed tool, which no earlier turn called and the turn's request offered."""
    rates = replace(FaultRates(), unbacked_claim=0.5)
    events, truth = generate(300, seed=seed, rates=rates)
    hist, _ = histories(events)
    requests: dict[str, list[tuple[list[Any], set[str]]]] = defaultdict(list)  # the requests with definitions
    for e in events:
        ev = orjson.loads(e.value) if e.dead_letter is None else {}
        if ev.get("type") == "request" and "tools" in ev:
            requests[ev["conversation_id"]].append((ev["messages"], _offered(ev["tools"], ev.get("dialect") or "")))
    shapes: Counter[tuple[str, str]] = Counter()
    for c in truth.conversations:
        claims = [f for f in c.findings if f.kind.value == "unbacked_claim"]
        faults = [x for x in c.faults if x["fault"] == "unbacked_claim"]
        assert len(claims) == len(faults) <= 1, c.conversation_id
        if not claims:
            assert c.conversation_id not in requests  # tool definitions ride only on a claim's request
            continue
        f, fault = claims[0], faults[0]
        msgs = [neutral(m, c.dialect) for m in hist[c.conversation_id]]
        assert f.index is not None and f.index == fault["index"] and f.tool == fault["tools"][0]
        reply = msgs[f.index]
        assert reply.role == "assistant" and reply.texts and not reply.calls
        assert any(p in reply.texts[0] for p in "。，：") == (c.language == "zh"), reply.texts  # (names may be Chinese)
        start = max(i for i in range(f.index) if msgs[i].role == "user" and msgs[i].texts)
        in_turn = [name for m in msgs[start:f.index] for _, name in m.calls]
        earlier = [name for m in msgs[:start] for _, name in m.calls]
        assert f.tool not in in_turn and f.tool not in earlier
        assert len(in_turn) == (1 if fault["claim"] == "act_not_covered" else 0), (fault, in_turn)
        ((snap, offered),) = requests[c.conversation_id]
        assert start < len(snap) <= f.index  # the request that produced the reply (or its turn's first call)
        assert snap == hist[c.conversation_id][: len(snap)]
        assert f.tool in offered and {"cancel_order", "issue_refund", "get_weather"} <= offered
        shapes[(fault["claim"], c.language)] += 1
    assert set(shapes) == {(k, lang) for k in ("act_no_call", "fact_no_call", "act_not_covered")
                           for lang in ("en", "zh")}, shapes
    assert truth.unbacked_claims == sum(shapes.values()) == truth.to_dict()["totals"]["unbacked_claims"]


def test_a_conversation_without_a_claim_is_the_same_bytes_whatever_the_claim_rate() -> None:
    """The claim is decided on a generator of its own: the rest of the traffic does not move with its rate."""
    without, t0 = generate(120, seed=6, rates=replace(FaultRates(), unbacked_claim=0.0))
    with_, t1 = generate(120, seed=6, rates=replace(FaultRates(), unbacked_claim=0.3))
    claimed = {c.conversation_id for c in t1.conversations if c.findings_by_kind()["unbacked_claim"]}
    assert claimed and t0.unbacked_claims == 0

    def by_conversation(events: list[GeneratedEvent]) -> dict[str, list[bytes]]:
        out: dict[str, list[bytes]] = defaultdict(list)
        for e in events:  # (a dead letter carries an id of its own, drawn after its conversation's plan)
            if e.dead_letter is None and e.conversation_id not in claimed:
                out[e.conversation_id].append(e.value)
        return out

    assert by_conversation(without) == by_conversation(with_)
