"""`toolmend run --input-format otlp` on a real broker: spans of the real openai-v2 instrumentation, produced as
the Collector's Kafka exporter writes them (unkeyed, several conversations per record, otlp_proto or otlp_json),
come out as repaired records keyed by conversation with the right findings; and a re-keying stage that dies
between its repartition write and its commit loses nothing and duplicates nothing."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import orjson
import pytest
from aiokafka import AIOKafkaProducer
from prometheus_client import CollectorRegistry

from processor.shell.config import Settings
from processor.shell.kafka import ensure_topics
from processor.shell.metrics import Metrics
from processor.shell.otlp.rekey import offline
from processor.shell.otlp.stage import Rekeyer
from processor.shell.serve import serve
from tests.integration.harness import Rec, read_all, settings_for, wait_until
from tests.support import otel_spans as rec

pytestmark = pytest.mark.kafka


@pytest.fixture(scope="module")
def spans() -> list[Any]:
    return rec.record_official()


async def produce_round_robin(s: Settings, values: list[bytes], partitions: int | None = None) -> None:
    """Unkeyed records spread over the source partitions in turn, as the Collector's exporter writes them."""
    await create_source(s)
    p = AIOKafkaProducer(bootstrap_servers=s.bootstrap_servers, max_request_size=8 << 20)
    await p.start()
    try:
        for i, v in enumerate(values):
            await (await p.send(s.input_topic, v, partition=i % (partitions or s.partitions)))
    finally:
        await p.stop()


async def create_source(s: Settings) -> None:
    await ensure_topics(s, [(s.input_topic, s.partitions, {"max.message.bytes": str(8 << 20)})])


@contextlib.asynccontextmanager
async def otlp_run(s: Settings) -> AsyncIterator[asyncio.Task[Any]]:
    stop = asyncio.Event()
    task = asyncio.create_task(serve(s, stop, Metrics(CollectorRegistry(), s.label_cap)))
    try:
        yield task
    finally:
        stop.set()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 60)


def _summary(outs: list[Rec] | list[Any]) -> dict[str, list[tuple[str, list[str], bool]]]:
    """Per conversation, in order: each repaired snapshot's messages (as JSON) with its finding kinds."""
    got: dict[str, list[tuple[str, list[str], bool]]] = {}
    for r in outs:
        v = orjson.loads(r.value)
        got.setdefault(r.key.decode(), []).append(
            (orjson.dumps(v["messages"]).decode(), sorted(f["kind"] for f in v["findings"]), v["changed"]))
    return got


def once_per_id(outs: list[Rec]) -> list[Rec]:
    """At least once, an output may be written again after a crash (outputs acknowledged, the state or the commit
    not yet): under the same id with the same bytes. Each id once, in the order first written; an id written with
    two values fails (one id, one value)."""
    first: dict[bytes, Rec] = {}
    for r in outs:
        rid = r.header("toolmend-id")
        assert rid is not None
        seen = first.setdefault(rid, r)
        assert (seen.key, seen.value) == (r.key, r.value), f"{rid!r} written with two values"
    return list(first.values())


def _by_name(found: dict[str, Any], spans: list[Any]) -> dict[str, Any]:
    agent = next(s for s in spans if s.name == "agent run")
    trace = format(agent.context.trace_id, "032x")
    return {("interrupted" if k == trace else k): v for k, v in found.items()}


@pytest.mark.parametrize("encoding", ["otlp_proto", "otlp_json"])
async def test_collector_records_come_out_repaired_by_conversation(broker, spans, encoding) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, input_format="otlp")
    records = rec.collector_records(spans, encoding, per_record=3)
    await produce_round_robin(s, [*records, b"\x00not otlp"])
    async with otlp_run(s):
        async def done() -> bool:
            return len(await read_all(broker.bootstrap, s.output_topic, timeout_s=10, idle_s=0.3)) >= 7
        await wait_until(done, 90, every=1.0)
        await asyncio.sleep(1.0)
    out = await read_all(broker.bootstrap, s.output_topic)
    findings = await read_all(broker.bootstrap, s.findings_topic or "")
    dlq = await read_all(broker.bootstrap, s.dlq_topic)
    assert len(out) == 7  # one repaired snapshot per chat span, none twice
    kinds: dict[str, set[str]] = {}
    for r in out:
        assert r.key is not None
        kinds.setdefault(r.key.decode(), set())
        tp = r.header("traceparent")
        assert tp is not None and tp.startswith(b"00-") and len(tp) == 55
    for r in findings:
        assert r.key is not None
        kinds.setdefault(r.key.decode(), set()).add(orjson.loads(r.value or b"")["kind"])
    assert _by_name(kinds, spans) == rec.EXPECTED_FINDINGS
    assert [(r.header("toolmend-error-kind"), r.value) for r in dlq] == [(b"invalid_otlp", b"\x00not otlp")]
    # what the stream wrote is what the offline pass gives, conversation by conversation
    want = [r for r in offline(records, s.engine_config()) if r.kind == "repaired"]
    assert _summary(out) == _summary(want)


class _DiesBeforeCommit(Rekeyer):
    """A re-keying stage whose first commit never happens: it dies once its repartition write is acknowledged."""

    died = False

    async def commit(self, offsets: Any) -> None:
        if not _DiesBeforeCommit.died:
            _DiesBeforeCommit.died = True
            raise RuntimeError("killed between the repartition write and the commit")
        await super().commit(offsets)


async def test_a_stage_killed_between_repartition_write_and_commit_loses_and_duplicates_nothing(
        broker, spans, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    import processor.shell.otlp.stage as stage

    s = settings_for(broker.bootstrap, input_format="otlp")
    records = rec.collector_records(spans, "otlp_proto", per_record=3)
    await produce_round_robin(s, records)
    monkeypatch.setattr(stage, "Rekeyer", _DiesBeforeCommit)
    async with otlp_run(s) as task:
        await wait_until(lambda: task.done(), 60)
    assert _DiesBeforeCommit.died and task.exception() is not None
    repartition = await read_all(broker.bootstrap, f"{s.group_id}-otlp-repartition")
    first = len(repartition)
    assert first > 0  # the write landed, its commit did not
    async with otlp_run(s):  # restarted: the uncommitted source records are re-keyed again
        async def written() -> bool:
            return len(await read_all(broker.bootstrap, f"{s.group_id}-otlp-repartition", timeout_s=10,
                                      idle_s=0.3)) > first
        await wait_until(written, 60, every=1.0)

        async def done() -> bool:
            return len(await read_all(broker.bootstrap, s.output_topic, timeout_s=10, idle_s=0.3)) >= 7
        await wait_until(done, 90, every=1.0)
        await asyncio.sleep(2.0)
    out = await read_all(broker.bootstrap, s.output_topic)
    want = [r for r in offline(records, s.engine_config()) if r.kind == "repaired"]
    assert _summary(out) == _summary(want)  # the redelivered spans were recognised: nothing twice


@pytest.mark.needs_kafka
async def test_exactly_once_otlp_gives_each_snapshot_once_to_read_committed_readers(broker, spans) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, input_format="otlp", delivery="exactly_once")
    records = rec.collector_records(spans, "otlp_json", per_record=3)
    # spread over the source partitions: the stage merges them by event time and writes the events in that order,
    # one transaction per run of one partition's events (docs/otel.md, "Order")
    await produce_round_robin(s, records)
    async with otlp_run(s):
        async def done() -> bool:
            return len(await read_all(broker.bootstrap, s.output_topic, timeout_s=10, idle_s=0.3,
                                      isolation_level="read_committed")) >= 7
        await wait_until(done, 180, every=1.0)
        await asyncio.sleep(1.0)
    out = await read_all(broker.bootstrap, s.output_topic, isolation_level="read_committed")
    repartition = await read_all(broker.bootstrap, f"{s.group_id}-otlp-repartition", isolation_level="read_committed")
    assert len(repartition) == 7  # one event per chat span, written in the stage's transactions
    assert len(out) == 7 and all(r.header("traceparent") for r in out)
    want = [r for r in offline(records, s.engine_config()) if r.kind == "repaired"]
    assert _summary(out) == _summary(want)


async def test_json_events_outputs_carry_their_input_records_traceparent(broker) -> None:  # type: ignore[no-untyped-def]
    from processor.shell.serve import serve as serve_events
    from tests.integration.harness import create, event

    s = settings_for(broker.bootstrap)
    await create(s)
    tp = b"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
    k, v = event("c1", 1_000, type="request", messages=[
        {"role": "user", "content": "weather?"},
        {"role": "assistant", "tool_calls": [{"id": "a", "type": "function",
                                              "function": {"name": "w", "arguments": "{}"}}]},
        {"role": "user", "content": "never mind"}])
    p = AIOKafkaProducer(bootstrap_servers=s.bootstrap_servers)
    await p.start()
    try:
        await (await p.send(s.input_topic, v, key=k, headers=[("traceparent", tp)]))
        await (await p.send(s.input_topic, b"{bad", key=k, headers=[("traceparent", tp)]))
    finally:
        await p.stop()
    stop = asyncio.Event()
    task = asyncio.create_task(serve_events(s, stop, Metrics(CollectorRegistry(), s.label_cap)))
    try:
        async def done() -> bool:
            return len(await read_all(broker.bootstrap, s.dlq_topic, timeout_s=10, idle_s=0.3)) >= 1
        await wait_until(done, 60, every=1.0)
    finally:
        stop.set()
        await asyncio.wait_for(task, 60)
    out = await read_all(broker.bootstrap, s.output_topic)
    findings = await read_all(broker.bootstrap, s.findings_topic or "")
    dlq = await read_all(broker.bootstrap, s.dlq_topic)
    assert out and findings
    assert all(r.header("traceparent") == tp for r in [*out, *findings, *dlq])
    assert [h for h, _ in dlq[0].headers].count("traceparent") == 1  # the dead letter keeps the input's, once


async def _ends(s: Settings, topic: str) -> int:
    """Records in `topic`: a lower bound on Tansu (its end offsets under-report), exact on Apache Kafka."""
    from tests.integration.harness import count

    return await count(s.bootstrap_servers, topic)


async def _moved_or_complete(written: Any, before: int, complete: Any) -> bool:
    """Whether a restarted worker re-keyed or processed more than `before` (True: kill it now, polled every 50 ms)
    or found nothing left to do (False: its outputs already equal the offline pass's, checked every second
    alongside). A worker that does neither within 60 s is left to the final comparison."""
    async def moved() -> None:
        while await written() <= before:
            await asyncio.sleep(0.05)

    async def finished() -> None:
        while not await complete():
            await asyncio.sleep(1.0)

    tasks = [asyncio.create_task(moved()), asyncio.create_task(finished())]
    done, pending = await asyncio.wait(tasks, timeout=60, return_when=asyncio.FIRST_COMPLETED)
    for t in pending:
        t.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    for t in done:
        t.result()  # a broker error fails the test here
    return tasks[0] in done


async def test_sigkill_mid_stream_three_times_matches_the_offline_pass(
        broker, spans, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`toolmend run` as a real process, SIGKILLed three times while it re-keys and processes (wherever the kill
    lands: before, between or after the repartition write and the commits); restarted each time, its outputs
    are those of one offline pass: nothing lost, nothing twice. (The exact point between the repartition write
    and the commit is struck in-process by test_a_stage_killed_between_repartition_write_and_commit_...)"""
    from tests.integration.harness import worker_process

    s = settings_for(broker.bootstrap, input_format="otlp", max_batch=2)
    many = rec.copies(spans, 60)
    records = [rec.encode_proto(many[i:i + 8]) for i in range(0, len(many), 8)]
    await produce_round_robin(s, records, partitions=1)
    repartition = f"{s.group_id}-otlp-repartition"
    want = [r for r in offline(records, s.engine_config()) if r.kind == "repaired"]

    async def complete() -> bool:
        try:
            got = await read_all(broker.bootstrap, s.output_topic, timeout_s=10, idle_s=0.3)
        except AssertionError:  # still being written faster than read: read again
            return False
        return _summary(once_per_id(got)) == _summary(want)

    async def written() -> int:  # re-keyed and processed so far (the output topic exists from the first start)
        return await _ends(s, repartition) + await _ends(s, s.output_topic)

    kills = 0
    for run in range(3):
        with worker_process(s, tmp_path / f"run{run}.log") as proc:
            if run == 0:  # the first kill while it re-keys
                await wait_until(lambda: _ends(s, repartition), 60, every=0.05)
            elif not await _moved_or_complete(written, await written(), complete):
                break  # nothing left to re-key or process
            await asyncio.sleep(0.1 * run)
            if proc.poll() is None:
                proc.kill()  # SIGKILL
                proc.wait(10)
                kills += 1
    assert kills >= 1
    with worker_process(s, tmp_path / "final.log"):
        with contextlib.suppress(AssertionError):  # compared below, where a difference is shown
            await wait_until(complete, 240, every=1.0)
        await asyncio.sleep(2.0)  # anything written after the match is compared too
    out = await read_all(broker.bootstrap, s.output_topic)
    # by id: a kill between the outputs' acknowledgement and the state's writes them again, same ids, same bytes
    assert _summary(once_per_id(out)) == _summary(want)



async def test_a_worker_killed_between_its_outputs_and_its_state_writes_them_again_under_the_same_ids(
        broker, spans, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    """What made the SIGKILL test above fail 1 time in 37 (2 of 180 conversations "different"): at least once, a
    worker that dies after its outputs are acknowledged and before its state is written reprocesses the batch
    after the restart and writes its outputs again, under the same ids with the same bytes. A comparison by
    conversation that lists every record sees each conversation of that batch (at most `max_batch`) twice; by id,
    the outputs are the offline pass's. The re-keying stage's own redeliveries never reach the outputs (the
    worker knows their event ids): no snapshot is written under two ids."""
    from processor.shell.worker.checkpoint import Committer

    s = settings_for(broker.bootstrap, input_format="otlp", max_batch=2)
    records = rec.collector_records(rec.copies(spans, 4), "otlp_proto", per_record=4)
    await produce_round_robin(s, records, partitions=1)
    produce = Committer.produce
    died: list[int] = []

    async def dies_after_its_outputs(self: Committer, p: Any, plan: Any) -> Any:
        landed = await produce(self, p, plan)
        repaired = sum(r.kind == "repaired" for _, _, r in plan)
        if not died and repaired:
            died.append(repaired)
            raise RuntimeError("killed between the outputs' acknowledgement and the state")
        return landed

    monkeypatch.setattr(Committer, "produce", dies_after_its_outputs)
    async with otlp_run(s) as task:
        await wait_until(lambda: task.done(), 90)
    assert died and task.exception() is not None
    want = [r for r in offline(records, s.engine_config()) if r.kind == "repaired"]
    async with otlp_run(s):
        async def done() -> bool:
            got = await read_all(broker.bootstrap, s.output_topic, timeout_s=20, idle_s=0.3)
            return _summary(once_per_id(got)) == _summary(want)
        await wait_until(done, 120, every=1.0)
        await asyncio.sleep(1.0)
    out = await read_all(broker.bootstrap, s.output_topic)
    ids = [r.header("toolmend-id") for r in out]
    again = {r.key for r in out if ids.count(r.header("toolmend-id")) > 1}  # each with the same bytes (once_per_id)
    assert len(out) - len(once_per_id(out)) == died[0]  # the batch's snapshots, before the death and after restart
    listed, wanted = _summary(out), _summary(want)
    # the signature of the flaky test's failure: the conversations of that batch (one or two) listed "different"
    assert {k.encode() for k in wanted if listed[k] != wanted[k]} == again and 1 <= len(again) <= 2
    assert _summary(once_per_id(out)) == wanted
    repartition = await read_all(broker.bootstrap, f"{s.group_id}-otlp-repartition")
    assert len({orjson.loads(r.value or b"")["event_id"] for r in repartition}) == len(want)
