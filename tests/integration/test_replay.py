"""`toolmend replay` on a real broker: isolation, the id rule against the live worker's own records, ranges and
alignment, files to topics and topics to files, determinism and errors."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest

from processor.shell.replay import Plan, ReplayError, replay
from processor.shell.replay.files import encode_record
from processor.shell.replay.select import Window
from processor.synth.generate import generate
from tests.integration.harness import (
    REPO,
    Rec,
    caught_up,
    create,
    produce,
    read_all,
    settings_for,
    traffic,
    wait_until,
    worker,
)
from tests.support.replay_oracle import check_aligned, first_read, live_lives, read_lines

pytestmark = pytest.mark.kafka
TTL_S = 300.0


def as_records(recs: list[Rec], kind: str) -> list[dict[str, Any]]:
    """Topic records in the form of a replay file line (what the replay would write for them)."""
    from processor.core.partition import OutRecord

    return [orjson.loads(encode_record(OutRecord(kind, r.key, r.value, r.headers))) for r in recs]


async def topic_records(bootstrap: str, topics: dict[str, str | None]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for kind, t in topics.items():
        if t:
            recs = await read_all(bootstrap, t)
            out += as_records(sorted(recs, key=lambda r: (r.partition, r.offset)), kind)
    return out


async def live_setup(broker: Any, n_conv: int = 80, seed: int = 11, **kw: Any) -> tuple[Any, list[Rec], int]:
    """A live worker over generated traffic until it has committed everything: settings, input records."""
    s = settings_for(broker.bootstrap, conversation_ttl_s=TTL_S, **kw)
    await create(s)
    events, _ = generate(n_conv, seed=seed, partitions=s.partitions)
    n = await produce(broker.bootstrap, s.input_topic, [(e.key, e.value) for e in events])
    async with worker(s):
        await wait_until(lambda: caught_up(s, n), 120)
    return s, await read_all(broker.bootstrap, s.input_topic), n


def live_topics(s: Any) -> dict[str, str | None]:
    return {"repaired": s.output_topic, "findings": s.findings_topic, "dead_letter": s.dlq_topic}


async def test_a_full_replay_writes_the_live_records_into_its_own_topics(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    s, _, n = await live_setup(broker)
    live = await topic_records(broker.bootstrap, live_topics(s))
    summary = await replay(Plan(s))
    assert summary["totals"]["events"] == n
    own = Plan(s).output_topics()
    assert own["repaired"] == f"{s.input_topic}.replay.full.repaired"
    again = await topic_records(broker.bootstrap, own)
    # isolation: the live topics are untouched, and the replay's records are the live ones, same ids, byte for byte
    assert await topic_records(broker.bootstrap, live_topics(s)) == live
    key = lambda r: r["id"]  # noqa: E731
    assert sorted(again, key=key) == sorted(live, key=key)
    assert len(again) > n
    # topic to file: the same records again
    out = tmp_path / "out.jsonl"
    await replay(Plan(s, to_file=out))
    assert sorted(read_lines(out.read_bytes()), key=key) == sorted(live, key=key)


async def test_live_topics_are_refused_and_nothing_is_written(broker) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap)
    await create(s)
    await produce(broker.bootstrap, s.input_topic, [(b"c", b'{"conversation_id":"c","ts":1,"message":{}}')])
    prefix = s.output_topic.rsplit(".", 1)[0]
    plan = Plan(s.model_copy(update={"output_topic": f"{prefix}.repaired"}), to_topics=prefix)
    with pytest.raises(ReplayError, match="live worker's topic"):
        await replay(plan)
    assert await read_all(broker.bootstrap, f"{prefix}.repaired") == []


async def test_a_range_from_a_topic_keeps_the_id_rule_and_leaves_out_what_it_cannot_warm_up(broker, tmp_path: Path,
                                                                                          ) -> None:  # type: ignore[no-untyped-def]
    s, inputs, _ = await live_setup(broker, n_conv=200, seed=9, partitions=2)
    from processor.shell.replay.select import event_ts

    t0 = min(t for r in inputs if (t := event_ts(r.value)) is not None)
    w = Window(t0 + 12 * 60_000, t0 + 30 * 60_000, 600_000)
    summary = await replay(Plan(s, window=w, name="incident-1"))
    own = Plan(s, window=w, name="incident-1").output_topics()
    assert own["repaired"] == f"{s.input_topic}.replay.incident-1.repaired"
    got = await topic_records(broker.bootstrap, own)
    parts = {p: [(r.key, r.value or b"") for r in sorted(inputs, key=lambda r: r.offset) if r.partition == p]
             for p in range(2)}
    eng = s.engine_config()
    live = live_lives(parts, s.input_topic, eng)
    # the oracle is the live worker itself: its topics hold exactly what the independent run computes
    key = lambda r: r["id"]  # noqa: E731
    assert sorted(await topic_records(broker.bootstrap, live_topics(s)), key=key) == sorted(live.records, key=key)
    t = summary["totals"]
    assert t["left_out_conversations"] > 0
    # each record equals the live one, and they are exactly the live records of the conversations whose
    # beginning the replay saw (tests/support/replay_oracle.py: must_write)
    assert w.warm_from is not None
    first = first_read(parts, w.warm_from)
    trust = {p: None if o == 0 else w.warm_from + eng.conversation_ttl_ms for p, o in first.items()}
    assert check_aligned(got, "replay.incident-1:", t["left_out_conversations"], live, first, trust, w.from_ms,
                         w.to_ms) == len(got) > 100
    # the same range into a file: the same records, the same counts
    out = tmp_path / "range.jsonl"
    again = await replay(Plan(s, window=w, name="incident-1", to_file=out))
    assert sorted(read_lines(out.read_bytes()), key=key) == sorted(got, key=key)
    assert again["totals"] == summary["totals"]


async def test_a_file_of_the_topics_values_gives_the_live_workers_bytes_and_goes_to_topics(broker, tmp_path: Path,
                                                                                         ) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, conversation_ttl_s=TTL_S, partitions=3)
    await create(s)
    items = traffic(50, seed=4)  # keyed by conversation id, as the file's lines are
    await produce(broker.bootstrap, s.input_topic, items)
    async with worker(s):
        await wait_until(lambda: caught_up(s, len(items)), 120)
    live = await topic_records(broker.bootstrap, live_topics(s))
    src = tmp_path / "batch7.jsonl"
    src.write_bytes(b"".join(v + b"\n" for _, v in items))
    key = lambda r: r["id"]  # noqa: E731
    # standing for the live topic (its name, its partitions): the live worker's records, byte for byte
    same = tmp_path / "same.jsonl"
    await replay(Plan(s, from_file=src, file_topic=s.input_topic, file_partitions=3, to_file=same))
    assert sorted(read_lines(same.read_bytes()), key=key) == sorted(live, key=key)
    # file to topics of its own (named after the file), each record in its input partition; the same records as
    # file to file
    f2f = tmp_path / "f2f.jsonl"
    await replay(Plan(s, from_file=src, file_partitions=3, to_file=f2f))
    summary = await replay(Plan(s, from_file=src, file_partitions=3, name="b7"))
    topics = Plan(s, from_file=src, name="b7").output_topics()
    assert topics["repaired"] == "batch7.replay.b7.repaired"
    on_topics = await topic_records(broker.bootstrap, topics)
    assert sorted(on_topics, key=key) == sorted(read_lines(f2f.read_bytes()), key=key)
    assert summary["records_out"] == len(on_topics) > len(items) // 2
    for kind, t in topics.items():
        for r in await read_all(broker.bootstrap, t):
            assert (r.header("toolmend-id") or b"").split(b":")[1] == str(r.partition).encode(), kind


async def test_errors_exit_2_with_one_line_and_an_unreachable_broker_exits_1(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap)
    await create(s)

    def toolmend(*args: str, bootstrap: str = broker.bootstrap) -> tuple[int, str]:
        p = subprocess.run([sys.executable, "-m", "processor.shell.cli", "replay", "--bootstrap-servers", bootstrap,
                            "--metrics-port", "0", "--quiet", *args], capture_output=True, text=True, cwd=REPO,
                           timeout=120)
        return p.returncode, p.stderr

    rc, err = await asyncio.to_thread(toolmend, "--input-topic", "no.such.topic")
    # only the error: the metrics line is printed once a replay really starts
    assert rc == 2 and err == "toolmend replay: input topic no.such.topic does not exist\n", err
    rc, err = await asyncio.to_thread(toolmend, "--input-topic", s.input_topic)
    assert rc == 2 and err == f"toolmend replay: input topic {s.input_topic} is empty\n", err
    await produce(broker.bootstrap, s.input_topic, [(b"c", b'{"conversation_id":"c","ts":1000,"message":{}}')])
    rc, err = await asyncio.to_thread(toolmend, "--input-topic", s.input_topic, "--from", "5000")
    assert rc == 2 and "empty range" in err, err
    rc, err = await asyncio.to_thread(toolmend, "--input-topic", s.input_topic, bootstrap="127.0.0.1:9")
    assert rc == 1 and "cannot reach the Kafka brokers at 127.0.0.1:9" in err and "Traceback" not in err, err
    assert len([ln for ln in err.splitlines() if ln.startswith("toolmend replay:")]) == 1


@pytest.mark.needs_kafka  # Tansu does not delete records (DeleteRecords)
async def test_a_topic_truncated_by_retention_is_replayed_like_a_range(broker) -> None:  # type: ignore[no-untyped-def]
    """Its first records are gone: the replay cannot reproduce the live worker whole, so it takes ids of its own
    and leaves out the conversations it meets before a TTL of event time has passed (they may have begun in the
    deleted records). The records deleted here are dated before the first remaining one, as retention deletes."""
    from aiokafka.admin import AIOKafkaAdminClient, RecordsToDelete
    from aiokafka.structs import TopicPartition

    from processor.shell.replay.select import event_ts

    s = settings_for(broker.bootstrap, conversation_ttl_s=TTL_S, partitions=1)
    await create(s)
    evs, _ = generate(150, seed=6, partitions=1)  # with unbacked claims (tests/unit/shell/replay/test_select.py)
    await produce(broker.bootstrap, s.input_topic, [(e.key, e.value) for e in evs])
    inputs = sorted(await read_all(broker.bootstrap, s.input_topic), key=lambda r: r.offset)
    parts = {0: [(r.key, r.value or b"") for r in inputs]}
    eng = s.engine_config()
    live = live_lives(parts, s.input_topic, eng)
    # cut where every earlier record is dated before the first kept one
    dated = [(r.offset, event_ts(r.value)) for r in inputs]
    cut = next(o for o, t in dated if o > len(inputs) // 3 and t is not None
               and all(u is None or u < t for _, u in dated[:o]))
    admin = AIOKafkaAdminClient(bootstrap_servers=broker.bootstrap)
    await admin.start()
    try:
        await admin.delete_records({TopicPartition(s.input_topic, 0): RecordsToDelete(before_offset=cut)})
    finally:
        await admin.close()
    summary = await replay(Plan(s, name="kept"))
    got = await topic_records(broker.bootstrap, Plan(s, name="kept").output_topics())
    assert summary["ids"].startswith("replay.kept:")
    t = summary["totals"]
    assert t["left_out_conversations"] > 0 and t["read"] == len(inputs) - cut
    # exactly the live records of the conversations it saw begin once a TTL of event time had passed since the
    # first remaining record; the left-out ones are computed from partial state, so their records are not counted
    # against the live ones (a result whose call was deleted is an orphan finding for the replay)
    first_ts = dated[cut][1]
    assert first_ts is not None
    assert check_aligned(got, "replay.kept:", t["left_out_conversations"], live, {0: cut},
                         {0: first_ts + eng.conversation_ttl_ms}) == len(got) > 50


async def test_a_dumped_topic_replays_from_its_file_as_from_the_topic(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """`--dump-input` keeps what a values-only file loses (keys that are not the conversation id, null keys,
    headers, record timestamps the event-time guard reads, bytes that are not UTF-8), and `--from-file` reads
    it back: the replay of the file is the replay of the topic, byte for byte."""
    from aiokafka import AIOKafkaProducer

    from processor.shell.commands.replay import plan_from_args

    s = settings_for(broker.bootstrap, conversation_ttl_s=TTL_S, partitions=3)
    await create(s)
    items = traffic(30, seed=9)
    p = AIOKafkaProducer(bootstrap_servers=broker.bootstrap)
    await p.start()
    try:
        base = 1_767_225_600_000
        for i, (k, v) in enumerate(items):
            await p.send(s.input_topic, v, key=k, timestamp_ms=base + i * 1000,
                         headers=[("traceparent", f"00-{i:032x}-{i:016x}-01".encode())])
        ahead = orjson.dumps({"conversation_id": "far", "ts": base + 3_600_000,
                              "message": {"role": "user", "content": "from the future"}})
        await p.send(s.input_topic, ahead, key=b"far", timestamp_ms=base)  # refused: an hour ahead of its record
        await p.send(s.input_topic, b"\xff\xfe not utf-8", key=None)
        await p.send(s.input_topic, items[0][1], key=b"someone-else")  # key_mismatch
        await p.flush()
    finally:
        await p.stop()
    from_topic = tmp_path / "topic.jsonl"
    await replay(Plan(s, name="t", to_file=from_topic))
    dump = tmp_path / "dump.jsonl.gz"
    r = await asyncio.to_thread(subprocess.run, [sys.executable, "-m", "processor.shell.cli", "replay",
                                "--bootstrap-servers", broker.bootstrap, "--input-topic", s.input_topic,
                                "--dump-input", str(dump)], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert r.returncode == 0, r.stderr
    assert orjson.loads(r.stdout)["records"] == len(items) + 3
    plan, _ = plan_from_args(["--from-file", str(dump), "--name", "t", "--to-file", str(tmp_path / "file.jsonl"),
                              "--bootstrap-servers", broker.bootstrap, "--conversation-ttl-s", str(TTL_S)])
    assert (plan.source_topic, plan.file_partitions) == (s.input_topic, 3)
    await replay(plan)
    got = (tmp_path / "file.jsonl").read_bytes().splitlines()
    # the same records, byte for byte (a topic replay interleaves its partitions as they are fetched)
    assert sorted(got) == sorted(from_topic.read_bytes().splitlines())
    kinds = [orjson.loads(line)["kind"] for line in got]
    assert kinds.count("dead_letter") == 3
