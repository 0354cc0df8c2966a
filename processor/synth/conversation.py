"""Planning one synthetic conversation: its dialect, model, app and language, its turns and tool blocks, the
faults injected into them, and the findings the tracker must report for it (`ConversationTruth`).

Faults are injected only at clean points and at most one per tool block, so that docs/semantics.md gives one
answer for each of them (see `FaultRates`). Blocks never stay open longer than a tenth of the tool-result
timeout between two of their messages (model and tool latencies are capped to that), except for the injected
`timeout`, so that no other block can time out whatever the watermark does; every conversation ends (with or
without an `end` event) on an assistant text, with no call open.

A plan is a list of timed items (messages, request snapshots, the end); packing them into Kafka events is
`events.py`, merging conversations by event time `merge.py`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from processor.core.findings import DanglingReason, FindingKind
from processor.core.tracker import DEFAULT_CONFIG
from processor.synth import claims as S
from processor.synth import content as C
from processor.synth.native import BUILDERS, JSON, MODELS, REASONING_MODELS, Builder, Call, Result
from processor.synth.truth import ConversationTruth

LATE_RESULT_GRACE_MS = DEFAULT_CONFIG.late_result_grace_ms  # a late result inside it is moved into place


@dataclass(frozen=True)
class FaultRates:
    """Probability of each fault per opportunity (0..1).

    Opportunities: `orphan_result`, `rewrite` and `malformed_event` once per conversation; `redelivery` once
    per message/messages event; the others once per tool block (an assistant turn with calls), among the faults
    the block is eligible for, at most one per block (when several fire, one of them is chosen at random).
    """

    interrupt: float = 0.05  # the user speaks while the calls run: all of them dangling user_interrupt
    parallel_failure: float = 0.05  # 2-3 calls, one result missing, the assistant continues
    timeout: float = 0.03  # one call, no result, the conversation resumes after the timeout
    late_result: float = 0.02  # one call, a user message, then the result
    duplicate_result: float = 0.02  # one call answered twice
    orphan_result: float = 0.02  # the conversation starts with a result whose call was trimmed away
    rewrite: float = 0.03  # the app rewrote its history: call+result became text, then a text-only answer
    malformed_event: float = 0.01  # one dead-letter record next to the conversation
    end_open_call: float = 0.02  # the conversation's `end` arrives while its last calls are open
    request_open_call: float = 0.01  # a `request` snapshot is taken while calls are open (results follow)
    redelivery: float = 0.01  # an event is delivered twice (same event_id and seq)
    # one call fails and the model calls it again with the same arguments: a read-only tool after NOT_FOUND
    # (futile_retry, failing again), a non-idempotent one after DEADLINE_EXCEEDED (blind_retry, then it
    # succeeds; reported when the worker knows the non-idempotent tools: content.NON_IDEMPOTENT_TOOLS). Off by
    # default, so that generated traffic stays as it was; the demo turns it on
    retry: float = 0.0
    # tool runs (off by default: the demo turns them on). One call whose tool ran, a `tool_run` event for it, a
    # user message, and never its result:
    tool_ran: float = 0.0  # the run ended without error before the user spoke: its placeholder says it completed
    tool_failed: float = 0.0  # the run ended in error: its placeholder names the error class
    tool_run_late: float = 0.0  # the run (ok) arrives after the grace: tool_result_lost on its own
    # once per turn while the history is clean (at most one per conversation): the reply claims an act or states
    # a tool-only fact no call of its turn backs, the request offering the tool (synth/claims.py). Decided on a
    # generator of its own, so that at 0 the traffic is byte for byte what it was without it
    unbacked_claim: float = 0.02

    def __post_init__(self) -> None:
        for f in fields(self):
            v = getattr(self, f.name)
            if not 0.0 <= v <= 1.0:
                raise ValueError(f"rate {f.name}={v} is not within 0..1")

    @classmethod
    def none(cls) -> FaultRates:
        """No fault at all: every conversation is a valid history (redeliveries off too)."""
        return cls(**{f.name: 0.0 for f in fields(cls)})

    @classmethod
    def only(cls, **rates: float) -> FaultRates:
        """All rates 0 except the ones given."""
        return replace(cls.none(), **rates)


@dataclass(frozen=True)
class Incident:
    """From `at_ms` on, conversations that start then or later get these fault rates and, if given, this app
    version (the traffic before is the same as without the incident)."""

    at_ms: int
    rates: FaultRates
    app_version: str | None = None


@dataclass(frozen=True)
class Config:
    rates: FaultRates
    dialects: tuple[str, ...]
    timeout_ms: int
    end_probability: float
    request_probability: float

    @property
    def block_step_ms(self) -> int:
        """The longest gap between two messages while a block is open (model and tool latency)."""
        return max(1, self.timeout_ms // 10)


@dataclass(slots=True)
class Item:
    kind: str  # "msg" | "request" | "end" | "tool_run"
    ts: int
    native: JSON | None = None  # for "tool_run": the event's `tool_run` object
    messages: list[JSON] | None = None
    batchable: bool = True  # may share a `messages` event with the message before it
    seq: int = -1  # set when packed into an event
    guard: int | None = None  # the partition watermark must reach this before the item is applied
    tools: list[JSON] | None = None  # for "request": the tool definitions the request carries


@dataclass(frozen=True, slots=True)
class _Carry:
    """The next turn's user message is forced: after an interrupt or a timeout."""

    prefix: str
    delay_ms: int
    batchable: bool
    guard: int | None = None  # timeout: the deadline the watermark must pass before this message


_R = DanglingReason
_K = FindingKind


class Conversation:
    def __init__(self, rng: random.Random, cfg: Config, start_ms: int, conversation_id: str) -> None:
        self.rng = rng
        self.cfg = cfg
        self.rates = cfg.rates
        self.now = start_ms
        self.id = conversation_id
        dialect = cfg.dialects[rng.randrange(len(cfg.dialects))]
        model = rng.choice(MODELS[dialect])
        self.lang = "zh" if rng.random() < 0.4 else "en"
        self.app = rng.choice(sorted(C.SYSTEM_PROMPTS))
        use_ids = dialect != "gemini" or rng.random() < 0.5
        self.b: Builder = BUILDERS[dialect](
            rng, use_ids=use_ids, reasoning=dialect == "openai_responses" and model in REASONING_MODELS
        )
        dialect_field = dialect in ("openai_chat", "anthropic") or rng.random() < 0.5
        self.rfc3339 = rng.random() < 0.1
        self.truth = ConversationTruth(
            conversation_id=conversation_id,
            dialect=dialect,
            model=model,
            app=self.app,
            app_version=rng.choice(C.APP_VERSIONS),
            language=self.lang,
            call_ids=self.b.has_ids,
            dialect_field=dialect_field,
        )
        self.items: list[Item] = []
        self.history: list[JSON] = []  # native messages so far, as a request snapshot sends them
        self.n_msgs = 0
        self.clean = True  # no fault in the stream yet: a snapshot of the history has no finding
        self.snapshots = True  # snapshots still allowed (not after a rewrite)
        # calls whose last result was a deterministic error (every error the generator writes but the retry
        # fault's DEADLINE_EXCEEDED): calling one again with the same arguments is a futile_retry
        self.failed: set[tuple[str, str]] = set()
        self.findings: list[tuple[Item | None, dict[str, Any]]] = []
        self.claim_rng = random.Random(f"{conversation_id}/unbacked_claim")

    # -- time --------------------------------------------------------------------------------------------------

    def _ms(self, lo_s: float, hi_s: float) -> int:
        return int(self.rng.uniform(lo_s, hi_s) * 1000)

    def _blk(self, lo_s: float, hi_s: float) -> int:
        """A delay while calls may be open: capped well below the tool-result timeout."""
        return max(1, min(self._ms(lo_s, hi_s), self.cfg.block_step_ms))

    def _think(self) -> int:
        """The user reading and typing (no call open)."""
        return self._ms(3, 90) if self.rng.random() < 0.9 else self._ms(90, 900)

    # -- output ------------------------------------------------------------------------------------------------

    def _msg(self, native: JSON, delay_ms: int, *, batchable: bool = True, guard: int | None = None) -> int:
        self.now += max(1, delay_ms)
        self.items.append(Item("msg", self.now, native=native, batchable=batchable, guard=guard))
        self.history.append(native)
        self.n_msgs += 1
        return self.n_msgs - 1

    def _request(self, messages: list[JSON] | None = None, tools: list[JSON] | None = None) -> Item:
        self.now += self._blk(0.02, 0.4)
        item = Item("request", self.now, messages=list(self.history) if messages is None else messages, tools=tools)
        self.items.append(item)
        return item

    def _maybe_request(self) -> None:
        """Before a model generation: the app may log the request it sends (only while the history is clean)."""
        if self.clean and self.snapshots and self.rng.random() < self.cfg.request_probability:
            self._request()

    def _end(self, delay_ms: int) -> None:
        self.now += max(1, delay_ms)
        self.items.append(Item("end", self.now))
        self.truth.ended = True

    def _find(
        self,
        kind: FindingKind,
        index: int | None,
        call: Call | None = None,
        reason: DanglingReason | None = None,
        request: Item | None = None,
        tool: str | None = None,
    ) -> None:
        spec: dict[str, Any] = {
            "kind": kind,
            "source": "request" if request is not None else "stream",
            "index": index,
            "call_id": call.id if call is not None else None,
            "tool": call.name if call is not None else tool,
            "reason": reason,
        }
        self.findings.append((request, spec))

    def _fault(self, name: str, index: int, calls: Sequence[Call] = ()) -> None:
        self.truth.faults.append({"fault": name, "index": index, "tools": [c.name for c in calls]})
        if name not in ("request_open_call", "rewrite"):
            self.clean = False

    def _calls(self, calls: list[Call], delay_ms: int) -> list[int]:
        """Emit the model turn making `calls`; return each call's message index."""
        pre = C.preamble(self.rng, self.lang) if self.rng.random() < 0.35 else None
        where: dict[int, int] = {}
        for k, (native, held) in enumerate(self.b.assistant_calls(pre, calls)):
            i = self._msg(native, delay_ms if k == 0 else self._blk(0.005, 0.05))
            for c in held:
                where[id(c)] = i
                self.truth.tool_calls[c.name] += 1
                if _key(c) in self.failed:
                    self._find(_K.FUTILE_RETRY, i, c)
        return [where[id(c)] for c in calls]

    def _outcomes(self, results: list[Result]) -> None:
        """Results the tracker reads: which calls failed deterministically (see `failed`)."""
        for r in results:
            if r.is_error and "DEADLINE_EXCEEDED" not in str(r.payload):
                self.failed.add(_key(r.call))
            else:
                self.failed.discard(_key(r.call))

    def _results(self, results: list[Result]) -> list[int]:
        """Results as the tools finish: flat dialects one message each, block dialects one user turn."""
        self._outcomes(results)
        durations = sorted(self._blk(0.2, 12) for _ in results)
        if not self.b.flat:
            return [self._msg(self.b.results(results), durations[-1])]
        order = list(results)
        self.rng.shuffle(order)
        base = self.now
        return [self._msg(self.b.results([r]), base + d - self.now) for d, r in zip(durations, order, strict=True)]

    # -- planning ----------------------------------------------------------------------------------------------

    def _pick_tasks(self) -> tuple[list[C.Task], str]:
        r, lang = self.rng, self.lang
        x = r.random()
        if x < 0.62:
            return [C.make_task(r, lang)], "single"
        if x < 0.85:
            k = 2 if r.random() < 0.7 else 3
            if r.random() < 0.35:
                tool = r.choice(C.MULTI_TOOLS)
                tasks: list[C.Task] = []
                seen: set[str] = set()
                for _ in range(12):
                    t = C.make_task(r, lang, tool)
                    if t.user not in seen and str(t.args) not in seen:
                        seen.update((t.user, str(t.args)))
                        tasks.append(t)
                    if len(tasks) == k:
                        break
                if len(tasks) >= 2:
                    return tasks, "parallel"
            names = r.sample([t.name for t in C.TOOLS], k)
            return [C.make_task(r, lang, n) for n in names], "parallel"
        names = r.sample([t.name for t in C.TOOLS], 2)
        return [C.make_task(r, lang, n) for n in names], "chain"

    def _pick_fault(self, n_calls: int, *, allow_carry: bool, can_end: bool) -> str | None:
        rt = self.rates
        cands: list[tuple[str, float]] = []
        if allow_carry:
            cands.append(("interrupt", rt.interrupt))
            if n_calls == 1:
                cands.append(("timeout", rt.timeout))
        if n_calls >= 2:
            cands.append(("parallel_failure", rt.parallel_failure))
        if n_calls == 1 and self.b.has_ids:
            cands += [("late_result", rt.late_result), ("duplicate_result", rt.duplicate_result),
                      ("tool_ran", rt.tool_ran), ("tool_failed", rt.tool_failed), ("tool_run_late", rt.tool_run_late)]
        if n_calls == 1:
            cands.append(("retry", rt.retry))
        if can_end:
            cands.append(("end_open_call", rt.end_open_call))
        if self.clean and self.snapshots:
            cands.append(("request_open_call", rt.request_open_call))
        fired = [name for name, p in cands if p > 0.0 and self.rng.random() < p]
        return self.rng.choice(fired) if fired else None

    def build(self) -> None:
        r, lang, b = self.rng, self.lang, self.b
        ends = r.random() < self.cfg.end_probability
        prompt_en, prompt_zh = C.SYSTEM_PROMPTS[self.app]
        for native in b.system(prompt_en if lang == "en" else prompt_zh):
            self._msg(native, 0)

        orphan = r.random() < self.rates.orphan_result
        rewrite = not orphan and b.has_ids and r.random() < self.rates.rewrite
        if orphan:
            task = C.make_task(r, lang)
            call = Call(b.new_call_id(), task.tool, task.args)
            i = self._msg(b.results([Result(call, task.result, task.error)]), 0)
            self._find(_K.ORPHAN_TOOL_RESULT, i, call)
            self._fault("orphan_result", i, [call])
            self._msg(b.assistant_text(C.orphan_answer(r, lang)), self._blk(1, 6))
        elif r.random() < 0.2:
            u, a = C.greeting(r, lang)
            self._msg(b.user(u), self._ms(0.5, 5))
            self._maybe_request()
            self._msg(b.assistant_text(a), self._blk(0.5, 3))

        n_turns = r.choice((1, 1, 2, 2, 2, 3, 3, 4, 5))
        forced: C.Task | None = None
        turn = 0
        if rewrite:
            forced = self._rewrite()
            turn = 2
            n_turns = max(n_turns, 3 if forced is not None else 2)
        carry: _Carry | None = None
        ended = False
        while turn < n_turns or carry is not None or forced is not None:
            last = turn >= n_turns - 1
            carry, ended = self._tool_turn(carry, forced, allow_carry=turn < n_turns, can_end=ends and last)
            forced = None
            turn += 1
            if ended:
                break
        if not ended:
            if r.random() < 0.25:
                u, a = C.thanks(r, lang)
                self._msg(b.user(u), self._think())
                self._maybe_request()
                self._msg(b.assistant_text(a), self._blk(0.5, 3))
            if ends:
                self._end(self._ms(2, 120))

    def build_keepalive(self) -> None:
        """Another user saying hello: traffic that moves a partition's watermark past a timed-out call's deadline
        before that conversation resumes (the worker applies an event before firing the timers it makes due)."""
        self.truth.filler = True
        u, a = C.greeting(self.rng, self.lang)
        self._msg(self.b.user(u), 0, batchable=False)
        self._msg(self.b.assistant_text(a), self._blk(0.5, 3), batchable=False)

    def _tool_turn(
        self, carry: _Carry | None, forced: C.Task | None, *, allow_carry: bool, can_end: bool
    ) -> tuple[_Carry | None, bool]:
        """One user request and its tool blocks. Returns the carry for the next turn and whether it ended."""
        r, lang, b = self.rng, self.lang, self.b
        claim = self._claim() if forced is None and carry is None else None
        if claim is not None:
            self._claim_turn(claim)
            return None, False
        if forced is not None:
            tasks, mode = [forced], "single"
        else:
            tasks, mode = self._pick_tasks()
        if mode == "single":
            text = tasks[0].user
        elif mode == "parallel":
            text = C.multi_request(tasks, lang)
        else:
            text = C.chain_request(tasks, lang)
        if carry is not None:
            self._msg(b.user(carry.prefix + text), carry.delay_ms, batchable=carry.batchable, guard=carry.guard)
        else:
            self._msg(b.user(text), self._think())

        blocks = [tasks] if mode != "chain" else [[t] for t in tasks]
        answers: list[str] = []
        for bi, btasks in enumerate(blocks):
            final_block = bi == len(blocks) - 1
            self._maybe_request()
            calls = [Call(b.new_call_id(), t.tool, t.args) for t in btasks]
            idx = self._calls(calls, self._blk(0.6, 8))
            call_ts = self.now
            results = [Result(c, t.result, t.error) for c, t in zip(calls, btasks, strict=True)]
            fault = self._pick_fault(len(calls), allow_carry=allow_carry, can_end=can_end and final_block)

            if fault == "interrupt":
                for c, i in zip(calls, idx, strict=True):
                    self._find(_K.DANGLING_TOOL_CALL, i, c, _R.USER_INTERRUPT)
                self._fault(fault, idx[0], calls)
                return _Carry(C.interrupt_prefix(r, lang), self._blk(2, 60), True), False
            if fault == "timeout":
                self._find(_K.DANGLING_TOOL_CALL, idx[0], calls[0], _R.TIMEOUT)
                self._fault(fault, idx[0], calls)
                t_ms = self.cfg.timeout_ms
                resume = call_ts + t_ms + int(t_ms * r.uniform(0.25, 1.5)) + 30_000
                return _Carry(C.resume_prefix(r, lang), resume - self.now, False, call_ts + t_ms + 1), False
            if fault == "end_open_call":
                for c, i in zip(calls, idx, strict=True):
                    self._find(_K.DANGLING_TOOL_CALL, i, c, _R.CONVERSATION_END)
                self._fault(fault, idx[0], calls)
                self._end(self._blk(2, 60))
                return None, True
            if fault == "late_result":
                ui = self._msg(b.user(C.impatient(r, lang)), self._blk(8, 60))
                ui_ts = self.now
                # not batched with what follows: its event time is its own (the grace is measured on it)
                ri = self._msg(b.results(results), self._blk(3, 60), batchable=False)
                self._outcomes(results)
                if self.now - ui_ts >= LATE_RESULT_GRACE_MS:  # too late: the placeholder stands
                    self._find(_K.DANGLING_TOOL_CALL, idx[0], calls[0], _R.USER_INTERRUPT)
                self._find(_K.INTERLEAVED_USER_MESSAGE, ui, calls[0])
                self._find(_K.LATE_TOOL_RESULT, ri, calls[0])
                self._fault(fault, idx[0], calls)
                self._msg(b.assistant_text(C.late_answer(btasks[0], lang)), self._blk(0.6, 6), batchable=False)
                return None, False
            if fault in ("tool_ran", "tool_failed", "tool_run_late"):
                self._tool_run(fault, calls[0], idx[0], call_ts)
                return None, False
            if fault == "parallel_failure":
                miss = r.randrange(len(calls))
                self._results([x for k, x in enumerate(results) if k != miss])
                self._find(_K.DANGLING_TOOL_CALL, idx[miss], calls[miss], _R.ASSISTANT_CONTINUED)
                self._find(_K.PARTIAL_PARALLEL_RESULTS, None, tool=calls[miss].name)
                self._fault(fault, idx[miss], calls)
                said = [t.answer for k, t in enumerate(btasks) if k != miss]
                said.append(C.missing_note(calls[miss].name, lang))
                self._msg(b.assistant_text(C.join_answers(said, lang)), self._blk(0.6, 6))
                return None, False
            if fault == "retry":
                task, first = btasks[0], calls[0]
                write = task.tool in C.NON_IDEMPOTENT_TOOLS
                error = C.retry_error("DEADLINE_EXCEEDED" if write else "NOT_FOUND", lang)
                self._results([Result(first, error, True)])
                again = Call(b.new_call_id(), first.name, first.args)
                (ri,) = self._calls([again], self._blk(0.6, 8))
                if write:
                    self._find(_K.BLIND_RETRY, ri, again)
                    self._results([Result(again, task.result, task.error)])
                    answers.append(task.answer)
                else:  # (its futile_retry: found by `_calls`)
                    self._results([Result(again, error, True)])
                    answers.append(C.retry_failed_note(first.name, lang))
                self._fault(fault, idx[0], calls)
                continue
            if fault == "duplicate_result":
                self._outcomes(results)
                if b.flat:
                    self._msg(b.results(results), self._blk(0.2, 12))
                    di = self._msg(b.results(results), self._blk(0.3, 8))
                else:
                    di = self._msg(b.results(results + results), self._blk(0.2, 12))
                self._find(_K.DUPLICATE_TOOL_RESULT, di, calls[0])
                self._fault(fault, idx[0], calls)
            else:
                if fault == "request_open_call":
                    snap = self._request()
                    for c in calls:
                        self._find(_K.DANGLING_TOOL_CALL, None, c, _R.UNANSWERED_AT_REQUEST, request=snap)
                    self._fault(fault, idx[0], calls)
                self._results(results)
            answers += [t.answer for t in btasks]
        self._maybe_request()
        self._msg(b.assistant_text(C.join_answers(answers, lang)), self._blk(0.6, 8))
        return None, False

    def _claim(self) -> S.Claim | None:
        """Whether this turn's reply is an unbacked claim (only while the history is clean: its request, with the
        tool definitions, is logged as a snapshot)."""
        rate = self.rates.unbacked_claim
        if rate <= 0.0 or not (self.clean and self.snapshots) or self.claim_rng.random() >= rate:
            return None
        return S.plan(self.claim_rng, self.lang, self.truth.tool_calls)

    def _claim_turn(self, claim: S.Claim) -> None:
        """The user's request, the request the app sends (with its tools, the claimed one among them), maybe the
        call of a first act, and a reply claiming what no call of the turn did."""
        lang, b = self.lang, self.b
        self._msg(b.user(S.request_text(claim, lang)), self._think())
        self._request(tools=S.definitions(self.truth.dialect))
        if claim.kind == "act_not_covered":
            task = claim.tasks[0]
            call = Call(b.new_call_id(), task.tool, task.args)
            self._calls([call], self._blk(0.6, 8))
            self._results([Result(call, task.result, task.error)])
            self._maybe_request()
        i = self._msg(b.assistant_text(S.reply_text(claim, lang)), self._blk(0.6, 8))
        self._find(_K.UNBACKED_CLAIM, i, tool=claim.tool)
        self.truth.faults.append({"fault": "unbacked_claim", "index": i, "tools": [claim.tool], "claim": claim.kind})
        self.snapshots = False  # a later snapshot holds the claim: one place for its finding, the stream

    def _tool_run(self, fault: str, call: Call, index: int, call_ts: int) -> None:
        """The tool ran (a `tool_run` event, as its execute_tool span gives it), the user spoke, and its result
        never reached the history: the placeholder says what the run did (docs/semantics.md, "Tool runs")."""
        r, lang, b = self.rng, self.lang, self.b
        ok = fault != "tool_failed"
        start = call_ts + self._blk(0.01, 0.3)
        end = start + self._blk(0.05, 6)
        run: JSON = {"call_id": call.id, "tool": call.name, "start_ts": start, "end_ts": end,
                     "trace_id": f"{r.getrandbits(128):032x}", "span_id": f"{r.getrandbits(64):016x}"}
        if not ok:
            run["status"] = "error"
            run["error_type"] = r.choice(["TimeoutError", "ValueError", "ConnectionError", "PermissionError"])
        # the tokens the run spent (an agent's tool that calls a model reports them on its span)
        run["usage"] = {"input_tokens": r.randint(40, 900), "output_tokens": r.randint(5, 240)}
        if fault != "tool_run_late":
            self.now = max(self.now, end)
            self.items.append(Item("tool_run", end, native=run))
            self.truth.tool_spans["joined"] += 1
        self._msg(b.user(C.impatient(r, lang)), self._blk(1, 20), batchable=False)
        user_ts = self.now
        self._find(_K.DANGLING_TOOL_CALL, index, call, _R.USER_INTERRUPT)
        if fault == "tool_run_late":  # the span comes after the grace: the placeholder is out already
            self.now = user_ts + LATE_RESULT_GRACE_MS + self._blk(1, 20)
            self.items.append(Item("tool_run", self.now, native={**run, "end_ts": min(end, self.now)}))
            self.truth.tool_spans["late"] += 1
            self._find(_K.TOOL_RESULT_LOST, None, call)
        elif ok:
            self._find(_K.TOOL_RESULT_LOST, index, call)
        self._fault(fault, index, [call])
        # the model says it has no result (a reply claiming success would be failed_retry_success_claim)
        self._msg(b.assistant_text(C.missing_note(call.name, lang)), self._blk(0.6, 6), batchable=False)

    def _rewrite(self) -> C.Task | None:
        """Seed 003. Turn 1: a request served by one call. Turn 2: a request of the same kind; the app sends a
        history where turn 1's call, result and answer were replaced by the answer text alone (snapshot S2, after
        a faithful snapshot S1 that had the call), and the model answers text-only. Returns the user's complaint
        (a request of the same kind again, served by the tool) for turn 3, or None."""
        r, lang, b = self.rng, self.lang, self.b
        task, again = C.regression_pair(r, lang)
        self._msg(b.user(task.user), self._think())
        self._maybe_request()
        call = Call(b.new_call_id(), task.tool, task.args)
        start = len(self.history)
        (ci,) = self._calls([call], self._blk(0.6, 8))
        self._results([Result(call, task.result, task.error)])
        self._request()  # S1: the faithful history, with the call
        self._msg(b.assistant_text(task.answer), self._blk(0.6, 8))
        stop = len(self.history)

        self._msg(b.user(again.user), self._think())
        rewritten = [*self.history[:start], self.history[stop - 1], *self.history[stop:]]
        s2 = self._request(rewritten)
        self._find(_K.TOOL_HISTORY_ERASED, None, call, request=s2)
        ai = self._msg(b.assistant_text(C.text_only_answer(r, lang)), self._blk(0.6, 6))
        self._find(_K.TEXT_ONLY_REGRESSION, ai, tool=task.tool)
        self._fault("rewrite", ci, [call])
        self.snapshots = False
        if r.random() < 0.7:
            return replace(again, user=C.retry_request(again, lang))
        return None


def _key(c: Call) -> tuple[str, str]:
    return c.name, json.dumps(c.args, sort_keys=True)


__all__ = ["LATE_RESULT_GRACE_MS", "Config", "Conversation", "FaultRates", "Incident", "Item"]
