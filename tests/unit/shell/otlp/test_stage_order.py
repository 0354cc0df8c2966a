"""The re-keying stage's output must not depend on how the broker cuts the source into fetched batches: the
Collector spreads a conversation's spans over the source partitions, and whichever records one fetch brings, the
events the worker reads must give the offline pass's repaired snapshots, findings and ids (event time, not batches).

The stage merges its source partitions by event time under a low watermark (core/otlp_order.py) and the offline
pass merges its one partition the same way, so any cut gives the offline pass's outputs, id by id."""

from __future__ import annotations

import asyncio
from functools import cache
from typing import Any

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st
from opentelemetry.sdk.trace import ReadableSpan

from processor.core.partition import OutRecord, PartitionProcessor
from processor.shell.otlp.rekey import offline
from tests.support import otel_spans as rec

PARTITIONS = 2


_RECORDS: list[bytes] = []


def _records() -> list[bytes]:
    """The official instrumentation's spans as the Collector writes them, 3 to a record (3 records)."""
    if not _RECORDS:
        spans: list[ReadableSpan] = rec.record_official()
        _RECORDS.extend(rec.collector_records(spans, "otlp_proto", per_record=3))
    return _RECORDS


class _Rec:
    def __init__(self, offset: int, value: bytes) -> None:
        self.offset, self.value, self.key, self.headers = offset, value, None, ()


def _stream(records: list[bytes], cuts: list[list[int]], partitions: int = PARTITIONS, reorder_ms: int | None = None,
            offsets: list[dict[Any, tuple[int, str]]] | None = None) -> list[OutRecord]:
    """The records spread round robin over the source partitions (as the Collector's exporter writes them), fetched
    in the batches `cuts` gives (per fetch, how many records of each partition), re-keyed and shipped by the
    stage; the repartition topic read by one partition processor, in the order the stage wrote it."""
    from aiokafka import TopicPartition
    from prometheus_client import CollectorRegistry

    from processor.shell.config import settings_from
    from processor.shell.metrics import Metrics
    from processor.shell.otlp.stage import Rekeyer

    s = settings_from({"input_format": "otlp", "input_topic": "otlp",
                       **({} if reorder_ms is None else {"otlp_reorder_ms": reorder_ms})})
    stage = Rekeyer(s, Metrics(CollectorRegistry()))
    written: list[OutRecord] = []

    async def send(producer: Any, plan: list[tuple[str, OutRecord]]) -> None:
        written.extend(r for t, r in plan if t == stage.target)

    committed: list[dict[Any, tuple[int, str]]] = offsets if offsets is not None else []

    async def commit(offs: dict[Any, tuple[int, str]]) -> None:
        # never past a record with an event still held: a crash replays it
        held = stage.order.low_offsets()
        for tp, (at, _) in offs.items():
            assert at <= held.get((tp.topic, tp.partition), at)
        committed.append(dict(offs))

    stage._send = send  # type: ignore[method-assign]
    stage.commit = commit  # type: ignore[method-assign]
    stage._consumer, stage._producer = object(), object()
    queues = [[_Rec(i // partitions, v) for i, v in enumerate(records) if i % partitions == p]
              for p in range(partitions)]
    asyncio.run(stage.assigned({TopicPartition("otlp", p) for p in range(partitions)}))
    for take in cuts:
        batch = {}
        for p, n in enumerate(take):
            got, queues[p] = queues[p][:n], queues[p][n:]
            if got:
                batch[TopicPartition("otlp", p)] = got
        if batch:
            asyncio.run(stage.ship(batch))
    assert not any(queues)
    asyncio.run(stage.ship({}))  # an empty fetch: every partition at its end, what is held leaves
    assert len(stage.order) == 0
    proc = PartitionProcessor(f"{s.group_id}-otlp-repartition", 0, s.engine_config())
    outs: list[OutRecord] = []
    for off, r in enumerate(written):
        outs.extend(proc.process(off, r.key, r.value, r.headers))
    return outs


def _outputs(outs: list[OutRecord]) -> dict[str, list[tuple[str, bytes | None, bytes | None]]]:
    """Per conversation, in order: each output's kind, id and value."""
    got: dict[str, list[tuple[str, bytes | None, bytes | None]]] = {}
    for r in outs:
        if r.kind in ("repaired", "findings") and r.key is not None:
            got.setdefault(r.key.decode(), []).append((r.kind, dict(r.headers).get("toolmend-id"), r.value))
    return got


def _kinds(outs: list[OutRecord]) -> dict[str, set[str]]:
    got: dict[str, set[str]] = {}
    for r in outs:
        if r.kind == "findings" and r.key is not None:
            got.setdefault(r.key.decode(), set()).add(orjson.loads(r.value or b"{}")["kind"])
    return got


def test_one_fetch_of_everything_gives_the_offline_pass() -> None:
    records = _records()
    want = offline(records, topic="toolmend-otlp")
    assert _outputs(_stream(records, [[len(records), len(records)]])) == _outputs(want)


def test_a_partitions_later_record_fetched_alone_first_adds_no_finding() -> None:
    """The minimal case: records 0 and 2 on partition 0, record 1 on partition 1; partition 0 fetched alone first.
    Record 2 holds the interrupted conversation's second chat span, record 1 its first: the second is processed
    first, and the first then looks like a history that erased a tool call (`tool_history_erased`)."""
    records = _records()
    want = offline(records, topic="toolmend-otlp")
    got = _stream(records, [[2, 0], [0, 1]])
    assert _kinds(got) == _kinds(want)


_TAKE = st.lists(st.lists(st.integers(0, 3), min_size=PARTITIONS, max_size=PARTITIONS), min_size=1, max_size=8)


@cache
def _offline(many: bool, reorder_ms: int | None = None) -> tuple[OutRecord, ...]:
    """The offline pass over `_records()` (or `_many()`), made once per window: the properties below compare every
    cut they draw with it (it does not depend on the cut)."""
    records = _many() if many else _records()
    if reorder_ms is None:
        return tuple(offline(records, topic="toolmend-otlp"))
    return tuple(offline(records, topic="toolmend-otlp", reorder_ms=reorder_ms))


@settings(max_examples=60, deadline=None)
@given(cuts=_TAKE)
def test_any_cut_into_fetched_batches_gives_the_offline_pass(cuts: list[list[int]]) -> None:
    records = _records()
    rest = [len(records), len(records)]  # whatever the cuts left: one last fetch
    want = list(_offline(False))
    got = _stream(records, [*cuts, rest])
    assert _kinds(got) == _kinds(want)
    assert _outputs(got) == _outputs(want)


_MANY: list[bytes] = []


def _many() -> list[bytes]:
    """Four interleaved copies of the official instrumentation's conversations (12 conversations, the copies a
    millisecond apart), 3 spans to a record in end order: 10 records."""
    if not _MANY:
        _MANY.extend(rec.collector_records(rec.copies(rec.record_official(), 4), "otlp_proto", per_record=3))
    return _MANY


@settings(max_examples=80, deadline=None)
@given(data=st.data(), partitions=st.integers(1, 4), reorder_ms=st.sampled_from([0, 1, 3, 5_000]))
def test_any_cut_across_any_partitions_gives_the_offline_pass_id_by_id(data: st.DataObject, partitions: int,
                                                                       reorder_ms: int) -> None:
    """Stream equals batch, whatever the fetches: the records spread over 1 to 4 source partitions, fetched in
    arbitrary batches (a batch takes any number of each partition's next records, partitions missing from it),
    with a window of 0 ms (events leave as soon as every partition has passed them) up to the default. Every
    repaired record and finding, its id and its bytes, is the offline pass's; offsets are never committed past a
    held event (asserted at every commit); nothing is late (each partition's records come in event-time order)."""
    records = _many()
    cuts = data.draw(st.lists(st.lists(st.integers(0, 3), min_size=partitions, max_size=partitions), max_size=12))
    want = list(_offline(True, reorder_ms))
    offsets: list[dict[Any, tuple[int, str]]] = []
    got = _stream(records, [*cuts, [len(records)] * partitions], partitions, reorder_ms, offsets)
    assert _outputs(got) == _outputs(want)
    assert [r.kind for r in got] == [r.kind for r in want if r.kind != "dead_letter"]
    last = {tp.partition: at for o in offsets for tp, (at, _) in o.items()}
    assert last == {p: len(range(p, len(records), partitions)) for p in range(partitions)}  # all committed at the end


def test_in_order_input_releases_before_the_end_with_a_zero_window() -> None:
    """With a window of 0 the merge writes events as soon as every partition has passed them: in a stream that
    never pauses, events do not wait for the end of the input."""
    from aiokafka import TopicPartition
    from prometheus_client import CollectorRegistry

    from processor.shell.config import settings_from
    from processor.shell.metrics import Metrics
    from processor.shell.otlp.stage import Rekeyer

    stage = Rekeyer(settings_from({"input_format": "otlp", "input_topic": "otlp", "otlp_reorder_ms": 0}),
                    Metrics(CollectorRegistry()))
    records = _many()
    asyncio.run(stage.assigned({TopicPartition("otlp", 0), TopicPartition("otlp", 1)}))
    out = []
    for i in range(0, len(records) - 2, 2):
        for p in (0, 1):
            plan, _ = stage.plan([_Rec(i // 2, records[i + p])], p, "otlp")
            out.extend(plan)
        out.extend(stage.released())
    assert out and len(stage.order) > 0  # some written, the latest held
    assert stage.order.late == 0 and stage.order.forced == 0


def test_a_partition_further_behind_than_the_window_gives_late_events_written_at_once_and_counted() -> None:
    """Partition 1 is read only after partition 0 was read to its end and flushed (an empty fetch): partition 1's
    events are behind what was written. They are written at once, in arrival order, and counted; the outputs are
    the same for the same arrival (deterministic), and no event is lost."""
    records = _many()
    runs = []
    for _ in range(2):
        from prometheus_client import CollectorRegistry

        from processor.shell.config import settings_from
        from processor.shell.metrics import Metrics
        from processor.shell.otlp.stage import Rekeyer

        m = Metrics(CollectorRegistry())
        stage = Rekeyer(settings_from({"input_format": "otlp", "input_topic": "otlp", "otlp_reorder_ms": 0}), m)
        out = []
        zero = [_Rec(i, v) for i, v in enumerate(records[0::2])]
        one = [_Rec(i, v) for i, v in enumerate(records[1::2])]
        plan, _ = stage.plan(zero, 0, "otlp")
        out.extend(plan)
        out.extend(stage.released(flush=True))
        plan, _ = stage.plan(one, 1, "otlp")
        out.extend(plan)
        out.extend(stage.released(flush=True))
        late = m.registry.get_sample_value("toolmend_otlp_late_events_total")
        assert late is not None and late > 0 and late == stage.order.late
        runs.append([r.value for _, r in out])
    assert runs[0] == runs[1]
    want = [r for r in offline(records, topic="otlp") if r.kind == "repaired"]
    assert len(runs[0]) == len(want)  # every event written once
