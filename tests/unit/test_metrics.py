"""The worker's metrics come from a core Tally drained once per batch: the same counts as direct calls."""

from __future__ import annotations

from prometheus_client import CollectorRegistry

from processor.core.partition import PartitionProcessor
from processor.core.tally import Tally
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


def test_tally_flushed_per_batch_counts_like_direct_calls() -> None:
    events, _ = generate(150, seed=5)
    direct = Metrics(CollectorRegistry())
    batched = Metrics(CollectorRegistry())
    tally = Tally()
    p = PartitionProcessor("in", 0, observer=direct)
    q = PartitionProcessor("in", 0, observer=tally)
    for off, e in enumerate(events):
        p.process(off, e.key, e.value)
        q.process(off, e.key, e.value)
        if off % 97 == 96:
            batched.flush(tally.take())
    batched.flush(tally.take())
    want = samples(direct)
    assert want == samples(batched)
    assert want[("toolmend_events_total", (("outcome", "processed"), ("type", "message")))] > 100
    assert any(k[0] == "toolmend_dangling_tool_calls_total" and v for k, v in want.items())
    assert not tally.events and not tally.findings  # taken


def test_woken_conversations_are_counted() -> None:
    """Conversations beyond the live set are woken from their stored form: the metric operators size it by."""
    from processor.core.partition import EngineConfig

    events, _ = generate(60, seed=3)
    tally = Tally()
    p = PartitionProcessor("in", 0, EngineConfig(hot_conversations=2), observer=tally)
    for off, e in enumerate(events):
        p.process(off, e.key, e.value)
    m = Metrics(CollectorRegistry())
    woken = tally.woken
    m.flush(tally.take())
    assert woken > 10
    assert samples(m)[("toolmend_state_woken_conversations_total", ())] == woken
    q = PartitionProcessor("in", 0, EngineConfig(hot_conversations=10_000), observer=tally)
    for off, e in enumerate(events):
        q.process(off, e.key, e.value)
    assert tally.woken == 0
