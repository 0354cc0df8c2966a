"""Replay files: a file's lines partitioned like Kafka's default partitioner, and a generated records file read
with its keys."""

from __future__ import annotations

from pathlib import Path

from processor.shell.replay import Plan
from tests.support.replay_oracle import live_run, read_lines
from tests.unit.shell.replay.replay_files import by_partition, events, run, settings, write_values


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
