"""Prometheus metrics of the worker (catalog: docs/metrics.md), and the drain of the core's Tally into them.

Every label value comes from a closed enum or passes through a cap: the first N distinct models, tools and app
versions keep their name, later ones are reported as `other`. No conversation id or content is ever a label.

No `<counter>_created` series: they doubled the sample count and no rule or panel reads them (prometheus_client
decides when a metric is created, so `Metrics()` turns them off for the process before creating any).
"""

from __future__ import annotations

import contextlib
import platform
from bisect import bisect_left, bisect_right
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, disable_created_metrics

from .. import __version__
from ..core.events import EVENT_TYPES, DeadLetterKind
from ..core.findings import FindingKind
from ..core.tally import DURATION_BOUNDS, Count, Tally
from ..core.toolspans import OUTCOMES

OTHER = "other"
UNKNOWN = "unknown"
_DANGLING = FindingKind.DANGLING_TOOL_CALL.value
_REGRESSION = FindingKind.TEXT_ONLY_REGRESSION.value
_ERASED = FindingKind.TOOL_HISTORY_ERASED.value
_UNBACKED = FindingKind.UNBACKED_CLAIM.value
_THINKING = {FindingKind.THINKING_PREFIX_CHANGED.value: "prefix_changed",
             FindingKind.THINKING_DROPPED_BY_PROVIDER.value: "dropped_by_provider"}
#: what became of a tool run (span): joined its call on arrival, waiting for it, late (after its call was decided),
#: dropped (pushed out of the bound unjoined), unjoined (its conversation ended first), ignored (tool_spans off)
TOOL_SPAN_JOINS = ("joined", "waiting", "late", "dropped", "unjoined", "ignored")


class LabelCap:
    """Keeps at most `cap` distinct values; the rest map to `other`. Deterministic for a given input order."""

    __slots__ = ("cap", "seen")

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.seen: set[str] = set()

    def __call__(self, value: str | None) -> str:
        if not value:
            return UNKNOWN
        if value in self.seen:
            return value
        if len(self.seen) < self.cap and len(value) <= 128:
            self.seen.add(value)
            return value
        return OTHER


class Metrics:
    def __init__(self, registry: CollectorRegistry | None = None, label_cap: int = 50) -> None:
        disable_created_metrics()  # type: ignore[no-untyped-call]
        r = self.registry = registry or CollectorRegistry(auto_describe=True)
        if registry is None:
            from prometheus_client import GC_COLLECTOR, PLATFORM_COLLECTOR, PROCESS_COLLECTOR

            for c in (GC_COLLECTOR, PLATFORM_COLLECTOR, PROCESS_COLLECTOR):
                with contextlib.suppress(ValueError):  # already registered in this registry
                    r.register(c)
        self.model = LabelCap(label_cap)
        self.tool = LabelCap(label_cap)
        self.app_version = LabelCap(label_cap)
        p = "toolmend_"
        self.build_info = Gauge(p + "build_info", "Build identity", ["version", "python"], registry=r)
        self.build_info.labels(__version__, platform.python_version()).set(1)
        self.events = Counter(p + "events", "Input events by type and outcome", ["type", "outcome"], registry=r)
        self.messages = Counter(p + "messages", "Native messages tracked", ["dialect"], registry=r)
        self.tool_calls = Counter(p + "tool_calls", "Tool calls seen", ["dialect", "model", "tool"], registry=r)
        self.dangling = Counter(p + "dangling_tool_calls", "Tool calls closed without a result",
                                ["reason", "dialect", "model", "tool"], registry=r)
        self.findings = Counter(p + "findings", "Findings by kind", ["kind", "severity", "dialect"], registry=r)
        self.repairs = Counter(p + "repairs", "Repair actions applied", ["action"], registry=r)
        self.dead_letters = Counter(p + "dead_letters", "Events sent to the dead-letter topic", ["kind"],
                                    registry=r)
        self.output_records = Counter(p + "output_records", "Records produced and acknowledged", ["topic"],
                                      registry=r)
        self.regressions = Counter(p + "text_only_regressions", "Text-only-after-tool regressions",
                                   ["model", "app_version", "tool"], registry=r)
        self.unbacked = Counter(p + "unbacked_claims", "Replies claiming an act or a tool-only fact no call of "
                                "their turn produced", ["model", "app_version", "tool"], registry=r)
        self.erasures = Counter(p + "tool_history_erased", "Tool calls erased from a later snapshot",
                                ["model", "app_version", "tool"], registry=r)
        self.thinking = Counter(p + "thinking_invalidated", "Messages whose thinking was invalidated by a changed "
                                "prefix: by a repair (prefix_changed) or, per the provider, dropped",
                                ["signal", "dialect", "model"], registry=r)
        self.turns_after_tool = Counter(p + "assistant_turns_after_tool",
                                        "Assistant turns after the first tool use, by outcome",
                                        ["outcome", "model", "app_version"], registry=r)
        self.lag_records = Gauge(p + "consumer_lag_records",
                                 "High watermark minus the position after the last processed record",
                                 ["partition"], registry=r)
        self.lag_seconds = Gauge(p + "consumer_lag_seconds",
                                 "0 when caught up; else now minus the broker timestamp of the last processed record",
                                 ["partition"], registry=r)
        self.watermark = Gauge(p + "watermark_seconds", "Event-time watermark per partition", ["partition"],
                               registry=r)
        self.open_conversations = Gauge(p + "open_conversations", "Conversations in memory", registry=r)
        self.open_tool_calls = Gauge(p + "open_tool_calls", "Tool calls waiting for a result", registry=r)
        self.tool_results = Counter(p + "tool_results", "Tool results by outcome (ok, error_deterministic, "
                                    "error_transient, timeout, cancelled, unknown)", ["tool", "outcome"], registry=r)
        self.tool_retries = Counter(p + "tool_retries", "Retries of failed tool calls, by kind (futile, blind, "
                                    "transient, timeout, cancelled, unknown)", ["tool", "kind"], registry=r)
        self.state_bytes = Gauge(p + "state_bytes", "Approximate size of serialized state", registry=r)
        bounds = (.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10)
        self.processing = Histogram(p + "event_processing_seconds", "Fetch to outputs handed to the producer",
                                    buckets=bounds, registry=r)
        self._bounds = (*bounds, float("inf"))
        self._children: dict[tuple[int, tuple[str | None, ...]], Any] = {}
        self.commits = Counter(p + "commits", "Offset commits", ["outcome"], registry=r)
        self.rebalances = Counter(p + "rebalances", "Partition assignment changes", ["kind"], registry=r)
        self.restore_seconds = Gauge(p + "state_restore_seconds", "Duration of the last state restore",
                                     registry=r)
        self.restored = Counter(p + "state_restored_conversations", "Conversations restored from the changelog",
                                registry=r)
        self.state_resets = Counter(p + "state_resets", "Partitions started with empty state after their state was "
                                    "found lost (--start-empty)", registry=r)
        self.broker_unreachable = Gauge(p + "broker_unreachable_seconds", "Seconds since the broker last answered "
                                        "(0 while it answers; /readyz fails past broker_unreachable_s)", registry=r)
        self.delivery_stalled = Gauge(p + "delivery_stalled_seconds", "Seconds the oldest produce step has waited "
                                      "for its acknowledgement (0: none waits; /readyz fails past "
                                      "broker_unreachable_s)", registry=r)
        self.delivery_retries = Counter(p + "delivery_retries", "Produce steps sent again after a retriable failure "
                                        "(a topic deleted, a leader moving, a timeout)", registry=r)
        self.replayed = Counter(p + "input_replayed_records", "Input records read again because the group's offsets "
                                "were reset back (kafka-consumer-groups --reset-offsets)", registry=r)
        self.state_healed = Counter(p + "state_healed", "Partitions whose state was rebuilt from the input after a "
                                    "stale changelog write (a zombie's)", registry=r)
        self.woken = Counter(p + "state_woken_conversations",
                             "Conversations woken from their stored form (not among the live ones)", registry=r)
        self.replay_remaining = Gauge(p + "replay_remaining_records",
                                      "Input records a replay has still to read, per partition (replays only)",
                                      ["partition"], registry=r)
        self.tool_duration = Histogram(p + "tool_duration_seconds", "Tool run durations from their spans (end minus "
                                       "start), by tool and outcome class, counted at the span's end (event time)",
                                       ["tool", "outcome"], buckets=DURATION_BOUNDS, registry=r)
        self.tool_tokens = Counter(p + "tool_tokens", "Tokens the tool runs reported (their spans' gen_ai.usage), by "
                                   "tool, outcome class and kind (input, output)", ["tool", "outcome", "kind"],
                                   registry=r)
        self.tool_spans = Counter(p + "tool_spans", "Tool runs (spans, tool_run events) by what became of them: "
                                  "joined, waiting, late, dropped, unjoined, ignored", ["join"], registry=r)
        for j in TOOL_SPAN_JOINS:
            self.tool_spans.labels(j)
        self.quarantined = Counter(p + "quarantined_conversations",
                                   "Conversations whose state broke (a bug of ours, or an unreadable changelog "
                                   "record): their later events go to the dead-letter topic", registry=r)
        # series that must exist from the start, so rate() sees their first increment and panels show 0, not
        # "no data"
        for kind in ("assigned", "revoked", "fenced"):
            self.rebalances.labels(kind)
        for outcome in ("ok", "failed", "fenced"):
            self.commits.labels(outcome)
        for dl in DeadLetterKind:
            self.dead_letters.labels(dl.value)
        for typ in EVENT_TYPES:
            for outcome in ("processed", "duplicate"):
                self.events.labels(typ, outcome)
        self.events.labels("unknown", "dead_letter")
        for topic in ("repaired", "findings", "dead_letter", "changelog"):
            self.output_records.labels(topic)
        for outcome in ("tool", "text_only"):
            self.turns_after_tool.labels(outcome, UNKNOWN, UNKNOWN)
        self.restore_seconds.set(0)

    # -- the core's counts: a Tally drained once per batch (label children are cached: `labels()` costs
    # microseconds) --
    def _child(self, metric: Any, *labels: str | None) -> Any:  # None never reaches it: only capped fields may be None
        key = (id(metric), labels)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*labels)
        return child

    def flush(self, t: Tally) -> None:
        """Counts a core Tally gathered over a batch, one increment per series, in `Count` order. (Capped labels
        then admit new values in this order, not in event order: the same, unless a batch brings more new values
        than the cap.)"""
        model, tool, app = self.model, self.tool, self.app_version
        for (typ, outcome), n in t.of(Count.EVENTS).items():
            self._child(self.events, typ, outcome).inc(n)
        for (dialect,), n in t.of(Count.MESSAGES).items():
            self._child(self.messages, dialect).inc(n)
        for (dialect, mdl, tl), n in t.of(Count.TOOL_CALLS).items():
            self._child(self.tool_calls, dialect, model(mdl), tool(tl)).inc(n)
        for (kind, severity, dialect, reason, tl, mdl, version), n in t.of(Count.FINDINGS).items():
            self._child(self.findings, kind, severity, dialect).inc(n)
            if kind == _DANGLING and reason is not None:
                self._child(self.dangling, reason, dialect, model(mdl), tool(tl)).inc(n)
            elif kind == _REGRESSION:
                self._child(self.regressions, model(mdl), app(version), tool(tl)).inc(n)
            elif kind == _ERASED:
                self._child(self.erasures, model(mdl), app(version), tool(tl)).inc(n)
            elif kind == _UNBACKED:
                self._child(self.unbacked, model(mdl), app(version), tool(tl)).inc(n)
            elif kind in _THINKING:
                self._child(self.thinking, _THINKING[kind], dialect, model(mdl)).inc(n)
        for (action,), n in t.of(Count.REPAIRS).items():
            self._child(self.repairs, action).inc(n)
        for (kind,), n in t.of(Count.DEAD_LETTERS).items():
            self._child(self.dead_letters, kind).inc(n)
        for (outcome, mdl, version), n in t.of(Count.TURNS_AFTER_TOOL).items():
            self._child(self.turns_after_tool, outcome, model(mdl), app(version)).inc(n)
        for n in t.of(Count.WOKEN).values():
            self.woken.inc(n)
        for n in t.of(Count.QUARANTINED).values():
            self.quarantined.inc(n)
        for (tl, outcome), n in t.of(Count.TOOL_RESULTS).items():
            self._child(self.tool_results, tool(tl), outcome).inc(n)
        for (tl, kind), n in t.of(Count.TOOL_RETRIES).items():
            self._child(self.tool_retries, tool(tl), kind).inc(n)
        if t.of(Count.TOOL_RUNS):
            self._tool_runs(t)
        for (join,), n in t.of(Count.TOOL_SPANS).items():
            self._child(self.tool_spans, join).inc(n)

    def _tool_runs(self, t: Tally) -> None:
        """Tool runs into the duration histogram (bucket counts and sums as the core counted them) and their tokens."""
        tool = self.tool
        for (tl, outcome, b), n in t.of(Count.TOOL_RUNS).items():
            child = self._child(self.tool_duration, tool(tl), outcome if outcome in OUTCOMES else UNKNOWN)
            buckets = getattr(child, "_buckets", None)
            if buckets is not None and len(buckets) == len(DURATION_BOUNDS) + 1:
                buckets[int(b or 0)].inc(n)
            else:  # prometheus_client's internals changed: observe the bucket's bound instead
                k = int(b or 0)
                for _ in range(n):
                    child.observe(DURATION_BOUNDS[k] if k < len(DURATION_BOUNDS) else DURATION_BOUNDS[-1] * 2)
        for (tl, outcome), ms in t.of(Count.TOOL_RUN_MS).items():
            child = self._child(self.tool_duration, tool(tl), outcome if outcome in OUTCOMES else UNKNOWN)
            total = getattr(child, "_sum", None)
            if total is not None:
                total.inc(ms / 1000)
        for (tl, outcome, kind), n in t.of(Count.TOOL_TOKENS).items():
            self._child(self.tool_tokens, tool(tl), outcome if outcome in OUTCOMES else UNKNOWN, kind).inc(n)

    def observe_processing(self, durations: list[float]) -> None:
        """A batch of per-event durations into the histogram at once (one bucket lookup each, no lock per event).
        Falls back to observe() if prometheus_client's internals ever change."""
        h = self.processing
        buckets = getattr(h, "_buckets", None)
        total = getattr(h, "_sum", None)
        if buckets is None or total is None or len(buckets) != len(self._bounds):
            for d in durations:
                h.observe(d)
            return
        counts = [0] * len(buckets)
        bounds = self._bounds
        for d in durations:
            counts[bisect_left(bounds, d)] += 1
        for i, c in enumerate(counts):
            if c:
                buckets[i].inc(c)
        total.inc(sum(durations))

    def observe_finished(self, start: float, finished: list[float]) -> None:
        """As `observe_processing` for the durations `t - start` of `finished`, the (non-decreasing) clock
        readings at which a batch's events were done: each bucket's count is one bisection of the batch, not one
        per event."""
        h = self.processing
        buckets = getattr(h, "_buckets", None)
        total = getattr(h, "_sum", None)
        if buckets is None or total is None or len(buckets) != len(self._bounds):
            self.observe_processing([t - start for t in finished])
            return
        below = 0
        for i, bound in enumerate(self._bounds):
            upto = len(finished) if i == len(self._bounds) - 1 else bisect_right(finished, start + bound, below)
            if upto > below:
                buckets[i].inc(upto - below)
                below = upto
        if finished:
            total.inc(sum(finished) - start * len(finished))
