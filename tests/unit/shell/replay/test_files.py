"""`toolmend replay` from a file to a file (no broker): the id rule, ranges and alignment, determinism, bad lines,
partitioning like Kafka's default partitioner, and the errors of the command line."""

from __future__ import annotations

import asyncio
import gzip
from pathlib import Path

import orjson
import pytest

from processor.shell.commands.replay import main as replay_main
from processor.shell.config import Settings
from processor.shell.replay import Plan, ReplayError, replay
from processor.shell.replay.select import Window
from processor.synth.generate import generate, kafka_partition
from tests.support.replay_oracle import check_id_rule, in_range, live_run, met, of, read_lines

TTL_S = 300.0  # short conversations' idleness limit, so that the generated traffic (~45 min) has several


def events(n: int = 150, seed: int = 3, partitions: int = 1) -> list[tuple[bytes | None, bytes]]:
    evs, _ = generate(n, seed=seed, partitions=partitions)
    return [(e.key, e.value) for e in evs]


def write_values(path: Path, evs: list[tuple[bytes | None, bytes]], gz: bool = False) -> Path:
    data = b"".join(v.replace(b"\n", b" ") + b"\n" for _, v in evs)
    path.write_bytes(gzip.compress(data, mtime=0) if gz else data)
    return path


def settings(**kw: object) -> Settings:
    return Settings(conversation_ttl_s=TTL_S, metrics_port=0, **kw)  # type: ignore[arg-type]


def run(plan: Plan) -> dict[str, object]:
    return asyncio.run(replay(plan))


def by_partition(evs: list[tuple[bytes | None, bytes]], n: int) -> dict[int, list[tuple[bytes | None, bytes]]]:
    """What a topic of n partitions holds after a producer keyed by conversation id (file-line keys)."""
    from processor.shell.replay.select import conversation_of

    parts: dict[int, list[tuple[bytes | None, bytes]]] = {p: [] for p in range(n)}
    for _, v in evs:
        cid = conversation_of(v)
        key = None if cid is None else cid.encode()
        parts[0 if n == 1 or key is None else kafka_partition(key, n)].append((key, v))
    return parts


def test_a_whole_file_gives_the_live_records_byte_for_byte_and_the_same_bytes_every_run(tmp_path: Path) -> None:
    evs = events()
    src = write_values(tmp_path / "conversations.jsonl", evs)
    s = settings()
    outs = []
    for i in range(2):
        out = tmp_path / f"out{i}.jsonl"
        summary = run(Plan(s, from_file=src, to_file=out))
        outs.append(out.read_bytes())
        assert summary["ids"].startswith("live")
    assert outs[0] == outs[1]
    live, _ = live_run(by_partition(evs, 1), "conversations", s.engine_config())
    got = read_lines(outs[0])
    assert got == live  # same ids, same values, same headers, same order
    assert {r["kind"] for r in got} == {"repaired", "findings", "dead_letter"}
    # gzip in, gzip out: the same records (and a gzip file of fixed bytes: no name, no time in its header)
    gz = write_values(tmp_path / "conversations.jsonl.gz", evs, gz=True)
    run(Plan(s, from_file=gz, to_file=tmp_path / "a.jsonl.gz"))
    run(Plan(s, from_file=gz, to_file=tmp_path / "b.jsonl.gz"))
    assert (tmp_path / "a.jsonl.gz").read_bytes() == (tmp_path / "b.jsonl.gz").read_bytes()
    assert gzip.decompress((tmp_path / "a.jsonl.gz").read_bytes()) == outs[0]


def test_partitions_spread_keys_like_kafkas_default_partitioner(tmp_path: Path) -> None:
    evs = events(120, seed=5, partitions=3)
    src = write_values(tmp_path / "in.jsonl", evs)
    s = settings()
    out = tmp_path / "out.jsonl"
    summary = run(Plan(s, from_file=src, file_topic="conversations", file_partitions=3, to_file=out))
    assert len(summary["partitions"]) == 3  # type: ignore[arg-type]
    live, _ = live_run(by_partition(evs, 3), "conversations", s.engine_config())
    got = read_lines(out.read_bytes())
    assert sorted(got, key=lambda r: r["id"]) == sorted(live, key=lambda r: r["id"])
    for p in range(3):  # per partition, in order
        assert [r for r in got if f":{p}:" in r["id"][len("conversations"):][:4]] == \
               [r for r in live if f":{p}:" in r["id"][len("conversations"):][:4]]


@pytest.mark.parametrize(("from_min", "to_min", "look_back_s"), [(12, 30, 600), (20, None, 300), (9, 25, 60)])
def test_a_range_keeps_only_records_equal_to_the_live_ones_and_leaves_out_whole_what_it_cannot_warm_up(
        tmp_path: Path, from_min: int, to_min: int | None, look_back_s: int) -> None:
    evs = events(300, seed=9, partitions=2)
    src = write_values(tmp_path / "conversations.jsonl", evs)
    s = settings()
    t0 = min(orjson.loads(v)["ts"] for _, v in evs if v.startswith(b"{") and b'"ts":1' in v)
    w = Window(t0 + from_min * 60_000, None if to_min is None else t0 + to_min * 60_000, look_back_s * 1000)
    out = tmp_path / "out.jsonl"
    summary = run(Plan(s, window=w, name="r1", from_file=src, file_partitions=2, to_file=out))
    got = read_lines(out.read_bytes())
    live, wms = live_run(by_partition(evs, 2), "conversations", s.engine_config())
    assert all(r["id"].startswith("replay.r1:conversations:") for r in got)
    assert check_id_rule(got, live, "replay.r1:") == len(got) > 100  # never from partial state
    totals = summary["totals"]
    assert isinstance(totals, dict)
    left_out = sum(totals[f"left_out_{k}"] for k in ("repaired", "findings", "dead_letter"))
    assert totals["left_out_conversations"] > 0  # conversations begun before the look-back: some, left out whole
    # nothing else is missing: the range's live records are those written plus those left out
    parts = by_partition(evs, 2)
    assert len(of(in_range(live, wms, w.from_ms, w.to_ms), met(parts, w.warm_from))) == len(got) + left_out
    # a longer look-back warms more conversations up (fewer left out)
    longer = Window(w.from_ms, w.to_ms, 4 * look_back_s * 1000 + 2 * int(TTL_S * 1000))
    s2 = run(Plan(s, window=longer, name="r2", from_file=src, file_partitions=2, to_file=tmp_path / "o2.jsonl"))
    t2 = s2["totals"]
    assert isinstance(t2, dict)
    assert t2["left_out_events"] <= totals["left_out_events"]
    if t2["skipped"] == 0:  # the look-back reached the file's first line: every conversation seen whole
        assert t2["left_out_events"] == 0
        assert len(of(in_range(live, wms, w.from_ms, w.to_ms), met(parts, longer.warm_from))) == \
            len(read_lines((tmp_path / "o2.jsonl").read_bytes()))
    assert check_id_rule(read_lines((tmp_path / "o2.jsonl").read_bytes()), live, "replay.r2:") > 0


def test_to_alone_cuts_each_partition_and_keeps_the_live_ids(tmp_path: Path) -> None:
    evs = events(200, seed=4)
    src = write_values(tmp_path / "conversations.jsonl", evs)
    s = settings()
    t0 = min(orjson.loads(v)["ts"] for _, v in evs if v.startswith(b"{") and b'"ts":1' in v)
    to = t0 + 20 * 60_000
    out = tmp_path / "out.jsonl"
    summary = run(Plan(s, window=Window(None, to), from_file=src, to_file=out))
    assert str(summary["ids"]).startswith("live")
    live, wms = live_run(by_partition(evs, 1), "conversations", s.engine_config())
    got = read_lines(out.read_bytes())
    assert got == in_range(live, wms, None, to)  # a prefix of the live output, same ids
    assert 0 < len(got) < len(live)


def test_a_bad_line_is_a_counted_dead_letter_in_the_output(tmp_path: Path) -> None:
    good = events(5, seed=1)
    src = tmp_path / "in.jsonl"
    src.write_bytes(good[0][1] + b"\n{not json\n\n" + good[1][1] + b"\n")
    out = tmp_path / "out.jsonl"
    summary = run(Plan(settings(), from_file=src, to_file=out))
    dead = [r for r in read_lines(out.read_bytes()) if r["kind"] == "dead_letter"]
    assert len(dead) == 1 and dead[0]["value"] == "{not json" and dead[0]["key"] is None
    assert dict(dead[0]["headers"])["toolmend-error-kind"] == "invalid_json"
    assert summary["totals"]["dead_letter"] == 1  # type: ignore[index]
    assert summary["blank_lines"] == 1


def test_a_generated_records_file_is_read_with_its_keys(tmp_path: Path) -> None:
    from processor.synth.generate import generate as gen
    from processor.synth.jsonl import encode_line

    evs, _ = gen(40, seed=2)
    src = tmp_path / "gen.jsonl"
    src.write_bytes(b"".join(encode_line(e) for e in evs))
    out = tmp_path / "out.jsonl"
    run(Plan(settings(), from_file=src, to_file=out))
    live, _ = live_run({0: [(e.key, e.value) for e in evs]}, "gen", settings().engine_config())
    assert read_lines(out.read_bytes()) == live


# -- the command line ------------------------------------------------------------------------------------------------
def cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    rc = replay_main(["--metrics-port", "0", "--quiet", *args])
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


def test_errors_exit_2_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = write_values(tmp_path / "in.jsonl", events(20))
    out = tmp_path / "out.jsonl"
    cases = {
        "does not exist": ["--from-file", str(tmp_path / "missing.jsonl"), "--to-file", str(out)],
        "is after --to": ["--from-file", str(src), "--to-file", str(out), "--from", "2026-02-01T00:00:00Z",
                          "--to", "2026-01-01T00:00:00Z"],
        "empty range": ["--from-file", str(src), "--to-file", str(out), "--from", "2030-01-01T00:00:00Z"],
        "bad time": ["--from-file", str(src), "--to-file", str(out), "--from", "yesterday"],
        "invalid configuration": ["--from-file", str(src), "--to-file", str(out), "--conversation-ttl-s", "-1"],
    }
    for needle, args in cases.items():
        rc, _, err = cli(args, capsys)
        lines = [ln for ln in err.splitlines() if ln.startswith("toolmend replay:")]
        assert rc == 2, (needle, err)
        assert len(lines) == 1 and needle in lines[0], (needle, err)
        assert "Traceback" not in err
        assert not out.exists()  # an empty or failed replay leaves no file


def test_refuses_live_topics_unless_allowed(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from processor.shell.replay import check_plan

    src = write_values(tmp_path / "in.jsonl", events(5))
    monkeypatch.setenv("TOOLMEND_OUTPUT_TOPIC", "prod.repaired")
    rc, _, err = cli(["--from-file", str(src), "--to-topics", "prod"], capsys)
    assert rc == 2 and "prod.repaired, a live worker's topic (TOOLMEND_OUTPUT_TOPIC)" in err
    s = Settings()
    with pytest.raises(ReplayError, match="live worker's topic"):
        check_plan(Plan(s, to_topics="conversations"))  # the defaults are live topics too
    check_plan(Plan(s, to_topics="conversations", allow_live_topics=True))
    check_plan(Plan(s))  # conversations.replay.full.*: its own
    with pytest.raises(ReplayError, match="own input topic"):
        check_plan(Plan(Settings(input_topic="x.repaired"), to_topics="x", allow_live_topics=True))


def test_default_names_isolate_runs_by_range() -> None:
    s = Settings()
    assert Plan(s).output_topics()["repaired"] == "conversations.replay.full.repaired"
    w = Window(1_798_761_600_000, 1_798_848_000_000)
    assert Plan(s, window=w).output_topics() == {
        "repaired": "conversations.replay.from20270101T000000Z-to20270102T000000Z.repaired",
        "findings": "conversations.replay.from20270101T000000Z-to20270102T000000Z.findings",
        "dead_letter": "conversations.replay.from20270101T000000Z-to20270102T000000Z.dlq"}
    assert Plan(s, name="fix-1234").output_topics()["dead_letter"] == "conversations.replay.fix-1234.dlq"


def test_the_summary_table_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = write_values(tmp_path / "in.jsonl", events(30))
    rc, out, err = cli(["--from-file", str(src), "--to-file", str(tmp_path / "o.jsonl")], capsys)
    assert rc == 0
    assert "in range" in out and "total" in out and "dead letters" in out
    assert "metrics on http://" in err
    rc, out, _ = cli(["--from-file", str(src), "--to-file", str(tmp_path / "o.jsonl"), "--json"], capsys)
    doc = orjson.loads(out)
    assert doc["totals"]["events"] == doc["totals"]["read"] > 30 and doc["records_out"] > 0


def test_the_remaining_records_gauge_is_set_during_the_run_and_zero_at_the_end(tmp_path: Path) -> None:
    from prometheus_client import CollectorRegistry

    from processor.shell.metrics import Metrics
    from processor.shell.replay.progress import ReplayProgress

    src = write_values(tmp_path / "in.jsonl", events(400))  # several 1 MiB reads: the estimate is by bytes read
    m = Metrics(CollectorRegistry())
    seen: list[float] = []
    update = ReplayProgress.update

    def spy(self: ReplayProgress, done: dict[str, int], left: dict[str, int | None], final: bool = False) -> None:
        update(self, done, left, final)
        seen.append(m.registry.get_sample_value("toolmend_replay_remaining_records", {"partition": "file"}) or 0)

    ReplayProgress.update = spy  # type: ignore[method-assign]
    try:
        asyncio.run(replay(Plan(settings(max_batch=500), from_file=src, to_file=tmp_path / "o.jsonl"), m))
    finally:
        ReplayProgress.update = update  # type: ignore[method-assign]
    assert seen[0] > 0 and seen[-1] == 0
    assert m.registry.get_sample_value("toolmend_replay_remaining_records", {"partition": "file"}) == 0
    assert m.registry.get_sample_value("toolmend_events_total", {"type": "message", "outcome": "processed"})


def test_a_dump_line_keeps_every_byte_of_its_record() -> None:
    from processor.shell.replay.dump import read_head, read_record, record_line

    headers = [("traceparent", b"00-ab-cd-01"), ("bin", b"\xff\x00")]
    line = record_line(2, 41, 1_767_225_600_000, b"\xfekey", headers, b'{"a": "\\u00e9"}')
    assert read_record(line.rstrip(b"\n")) == (2, 41, b"\xfekey", b'{"a": "\\u00e9"}', headers, 1_767_225_600_000)
    assert read_record(record_line(0, 0, -1, None, [], None)) == (0, 0, None, None, [], None)
    assert read_head(b'{"toolmend_dump": 1, "topic": "conversations", "partitions": 4}') == ("conversations", 4)
    assert read_head(b'{"key": "a", "value": {}}') is None


def test_a_file_to_file_replay_serves_no_metrics_unless_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOOLMEND_METRICS_PORT", raising=False)
    src = write_values(tmp_path / "in.jsonl", events(10))
    rc = replay_main(["--quiet", "--from-file", str(src), "--to-file", str(tmp_path / "o.jsonl")])
    assert rc == 0 and "metrics on" not in capsys.readouterr().err
    rc = replay_main(["--quiet", "--metrics-port", "0", "--from-file", str(src), "--to-file",
                      str(tmp_path / "p.jsonl")])
    assert rc == 0 and "metrics on http://" in capsys.readouterr().err
