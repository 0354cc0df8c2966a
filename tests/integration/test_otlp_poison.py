"""`toolmend run` with `TOOLMEND_INPUT_FORMAT=otlp`, as a real process, fed the OTLP records that stopped its
re-keying stage (issue 35: an integer past 64 bits, nesting past 254 levels, kvlist keys missing or numeric, a
superscript index, and an unkeyed record with a 10 MB attribute) among good records: it never exits, each poison
record or span is dead-lettered with its reason, every good span is processed, and the outputs are an offline
pass's."""

from __future__ import annotations

import asyncio

import orjson
import pytest
from aiokafka import AIOKafkaProducer

from processor.shell.kafka import ensure_topics
from processor.shell.otlp.rekey import offline
from tests.integration.harness import Rec, read_all, settings_for, wait_until, worker_process
from tests.integration.test_otlp_worker import _summary, once_per_id
from tests.support import otel_spans as rec

pytestmark = pytest.mark.kafka


async def test_poison_otlp_records_are_dead_lettered_and_the_worker_goes_on(broker, tmp_path) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, input_format="otlp", partitions=1)
    spans = rec.record_official()
    good = rec.collector_records(spans, "otlp_json", per_record=3)
    # the poison records' good spans a minute before the recorded ones: event time orders them first (a year
    # apart, the engine's watermark guard would judge the later ones, as it judges any such jump)
    poison = rec.poison_records(min(sp.end_time or 0 for sp in spans) - 60 * 10**9)
    huge = rec.huge_record(10 << 20)
    records = [good[0], *(v for _, v, _ in poison), huge, *good[1:]]
    await ensure_topics(s, [(s.input_topic, 1, {"max.message.bytes": str(16 << 20)})])
    p = AIOKafkaProducer(bootstrap_servers=s.bootstrap_servers, max_request_size=16 << 20)
    await p.start()
    try:
        for v in records:  # unkeyed, in this order, offsets 0...
            await (await p.send(s.input_topic, v, partition=0))
    finally:
        await p.stop()
    every = offline(records, s.engine_config(), topic=s.input_topic)
    want = [r for r in every if r.kind == "repaired"]
    # the stage's dead letters (ids from the OTLP topic's coordinates; the engine's are the repartition topic's)
    want_dl = {dict(r.headers)["toolmend-id"]: r for r in every
               if r.kind == "dead_letter" and dict(r.headers)["toolmend-source-topic"] == s.input_topic.encode()}
    assert len(want_dl) == 5  # four poisoned spans, the huge record
    assert {k.decode() for r in want for k in [r.key] if k} >= {f"good-{n}" for n, _, _ in poison}

    def stage_dead_letters(dlq: list[Rec]) -> dict[bytes | None, Rec]:
        return {r.header("toolmend-id"): r for r in dlq if r.header("toolmend-source-topic") == s.input_topic.encode()}

    log = tmp_path / "run.log"
    with worker_process(s, log) as proc:
        async def done() -> bool:
            assert proc.poll() is None, log.read_text()[-2000:]  # never exits
            try:
                out = await read_all(broker.bootstrap, s.output_topic, timeout_s=20, idle_s=0.3)
                dlq = await read_all(broker.bootstrap, s.dlq_topic, timeout_s=20, idle_s=0.3)
            except AssertionError:
                return False
            return _summary(once_per_id(out)) == _summary(want) and len(stage_dead_letters(dlq)) == len(want_dl)
        await wait_until(done, 180, every=1.0)
        await asyncio.sleep(1.0)
        assert proc.poll() is None
    text = log.read_text()
    assert "Traceback" not in text and "Need at least one" not in text
    out = await read_all(broker.bootstrap, s.output_topic)
    assert _summary(once_per_id(out)) == _summary(want)  # every good span processed, as the offline pass does
    got = stage_dead_letters(await read_all(broker.bootstrap, s.dlq_topic))
    assert set(got) == set(want_dl)
    for rid, r in got.items():  # each with its reason, as the offline pass wrote it
        w = want_dl[rid]
        assert (r.key, r.value) == (w.key, w.value)
        assert r.header("toolmend-error-kind") == dict(w.headers)["toolmend-error-kind"]
        assert r.header("toolmend-error-detail") == dict(w.headers)["toolmend-error-detail"]
    big = got[f"{s.input_topic}:0:{len(good[:1]) + len(poison)}:dlq".encode()]
    assert big.key is None and big.value == huge[: 1 << 20]
    assert big.header("toolmend-truncated") == f"first {1 << 20} bytes of: value {len(huge)}".encode()
    details = {r.header("toolmend-error-detail") for r in got.values()}
    assert any(b"Integer exceeds 64-bit range" in d for d in details)
    assert any(b"Recursion limit reached" in d for d in details)
    assert any(b"Dict key must be str" in d for d in details)
    # the superscript index is no poison: its span processed like the others
    assert any(orjson.loads(r.value or b"")["conversation_id"] == "poison-superscript_index" for r in out)
