"""The worker's metrics come from the core's Tally, drained once per batch: what is counted is one table (`Count`,
`KEYS`), and each count lands in its Prometheus series whatever the batch boundaries."""

from __future__ import annotations

import pytest
from prometheus_client import CollectorRegistry

from processor.core.findings import Action, DanglingReason, Finding, FindingKind, RepairAction
from processor.core.partition import EngineConfig, PartitionProcessor
from processor.core.tally import KEYS, Count, Tally
from processor.shell.metrics import Metrics
from processor.synth.generate import generate


def samples(m: Metrics) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    out = {}
    for fam in m.registry.collect():
        for s in fam.samples:
            if s.name.endswith("_created") or fam.name == "toolmend_build_info":
                continue
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def test_batch_boundaries_do_not_change_the_counts() -> None:
    events, _ = generate(150, seed=5)
    once, batched = Metrics(CollectorRegistry()), Metrics(CollectorRegistry())
    whole, per_batch = Tally(), Tally()
    p = PartitionProcessor("in", 0, observer=whole)
    q = PartitionProcessor("in", 0, observer=per_batch)
    for off, e in enumerate(events):
        p.process(off, e.key, e.value)
        q.process(off, e.key, e.value)
        if off % 97 == 96:
            batched.flush(per_batch.take())
    batched.flush(per_batch.take())
    once.flush(whole.take())
    want = samples(once)
    assert want == samples(batched)
    assert want[("toolmend_events_total", (("outcome", "processed"), ("type", "message")))] > 100
    assert any(k[0] == "toolmend_dangling_tool_calls_total" and v for k, v in want.items())
    assert not any(per_batch.counts)  # taken


def test_every_count_has_its_key_fields_and_each_entry_point_keys_by_them() -> None:
    t = Tally()
    t.event("message", "processed")
    t.messages_seen("openai_chat", 3)
    t.tool_call("openai_chat", "m1", "search")
    t.finding(Finding(FindingKind.DANGLING_TOOL_CALL, 4, "c1", tool="search", reason=DanglingReason.TIMEOUT),
              "openai_chat", "m1", "v1")
    t.action(Action(RepairAction.SYNTHESIZE_RESULT, call_id="c1"))
    t.dead_letter("invalid_json")
    t.assistant_turn("text_only", "m1", "v1")
    t.state_woken()
    t.conversation_quarantined()
    t.tool_run("book_table", "ok", 1, None, 1)  # 1 ms, one output token
    t.tool_span("late")
    t.tool_result("search", "timeout")
    t.tool_retry("search", "blind")
    assert list(KEYS) == list(range(len(t.counts)))
    for c in KEYS:
        (key, n), = t.of(c).items()
        assert len(key) == len(KEYS[c]) and n == (3 if c == Count.MESSAGES else 1)
    m = Metrics(CollectorRegistry())
    m.flush(t)
    got = {k: v for k, v in samples(m).items() if v}
    assert got[("toolmend_messages_total", (("dialect", "openai_chat"),))] == 3
    assert got[("toolmend_dangling_tool_calls_total", (("dialect", "openai_chat"), ("model", "m1"),
                                                       ("reason", "timeout"), ("tool", "search")))] == 1
    assert got[("toolmend_assistant_turns_after_tool_total", (("app_version", "v1"), ("model", "m1"),
                                                              ("outcome", "text_only")))] == 1
    assert got[("toolmend_state_woken_conversations_total", ())] == 1
    assert got[("toolmend_quarantined_conversations_total", ())] == 1
    assert got[("toolmend_repairs_total", (("action", RepairAction.SYNTHESIZE_RESULT.value),))] == 1
    assert got[("toolmend_tool_duration_seconds_bucket", (("le", "0.01"), ("outcome", "ok"),
                                                          ("tool", "book_table")))] == 1
    assert got[("toolmend_tool_duration_seconds_sum", (("outcome", "ok"), ("tool", "book_table")))] == 0.001
    assert got[("toolmend_tool_tokens_total", (("kind", "output"), ("outcome", "ok"), ("tool", "book_table")))] == 1
    assert got[("toolmend_tool_spans_total", (("join", "late"),))] == 1
    assert got[("toolmend_tool_results_total", (("outcome", "timeout"), ("tool", "search")))] == 1
    assert got[("toolmend_tool_retries_total", (("kind", "blind"), ("tool", "search")))] == 1


def test_a_merged_tally_adds_its_counts_in_first_seen_order() -> None:
    a, b = Tally(), Tally()
    a.dead_letter("schema")
    b.dead_letter("too_large")
    b.dead_letter("schema")
    a.merge(b)
    assert list(a.of(Count.DEAD_LETTERS).items()) == [(("schema",), 2), (("too_large",), 1)]


def test_woken_conversations_are_counted() -> None:
    """Conversations beyond the live set are woken from their stored form: the metric operators size it by."""
    events, _ = generate(60, seed=3)
    tally = Tally()
    p = PartitionProcessor("in", 0, EngineConfig(hot_conversations=2), observer=tally)
    for off, e in enumerate(events):
        p.process(off, e.key, e.value)
    m = Metrics(CollectorRegistry())
    woken = tally.of(Count.WOKEN)[()]
    m.flush(tally.take())
    assert woken > 10
    assert samples(m)[("toolmend_state_woken_conversations_total", ())] == woken
    q = PartitionProcessor("in", 0, EngineConfig(hot_conversations=10_000), observer=tally)
    for off, e in enumerate(events):
        q.process(off, e.key, e.value)
    assert not tally.of(Count.WOKEN)


def test_thinking_invalidated_by_signal_dialect_and_capped_model() -> None:
    m = Metrics(CollectorRegistry(), label_cap=1)
    t = Tally()
    t.finding(Finding(FindingKind.THINKING_PREFIX_CHANGED, 3, count=2), "anthropic", "claude-opus-5-5", None)
    t.finding(Finding(FindingKind.THINKING_PREFIX_CHANGED, 5, count=1), "anthropic", "claude-opus-5-5", None)
    t.finding(Finding(FindingKind.THINKING_DROPPED_BY_PROVIDER, 7, count=4), "anthropic", "claude-fable-5-1", None)
    m.flush(t)
    got = {k: v for k, v in samples(m).items() if k[0] == "toolmend_thinking_invalidated_total"}
    assert got == {
        ("toolmend_thinking_invalidated_total", (("dialect", "anthropic"), ("model", "claude-opus-5-5"),
                                                 ("signal", "prefix_changed"))): 2.0,
        ("toolmend_thinking_invalidated_total", (("dialect", "anthropic"), ("model", "other"),
                                                 ("signal", "dropped_by_provider"))): 1.0,
    }


def test_a_batch_observed_by_its_finish_times_fills_the_histogram_as_its_durations_do() -> None:
    """The worker hands the processing histogram each event's finish time and the fetch's start; each bucket is
    then one bisection: the same buckets and sum as observing every duration, bounds exactly on the edge too."""
    start = 1000.0
    durations = [0.0, 0.00005, 0.0001, 0.0001, 0.0003, 0.001, 0.004, 0.004, 0.02, 0.7, 3.0, 11.0, 30.0]
    by_duration, by_finish = Metrics(CollectorRegistry()), Metrics(CollectorRegistry())
    by_duration.observe_processing([(start + d) - start for d in durations])
    by_finish.observe_finished(start, [start + d for d in durations])
    by_finish.observe_finished(start, [])
    hist = {k: v for k, v in samples(by_finish).items() if k[0].startswith("toolmend_event_processing")}
    assert hist == pytest.approx({k: v for k, v in samples(by_duration).items()
                                  if k[0].startswith("toolmend_event_processing")})
    count = {dict(labels)["le"]: v for (name, labels), v in hist.items() if name.endswith("_bucket")}
    assert count["0.0001"] == 4 and count["0.005"] == 8 and count["10.0"] == 11 and count["+Inf"] == 13
