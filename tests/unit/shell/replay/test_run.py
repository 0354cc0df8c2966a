"""A replay from a file to a file (no broker): the id rule, ranges and alignment, determinism, bad lines."""

from __future__ import annotations

import gzip
from pathlib import Path

import orjson
import pytest

from processor.shell.replay import Plan
from processor.shell.replay.select import Window
from tests.support.replay_oracle import check_aligned, first_read, in_range, live_lives, live_run, read_lines
from tests.unit.shell.replay.replay_files import TTL_S, by_partition, events, run, settings, write_values


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
    assert all(r["id"].startswith("replay.r1:conversations:") for r in got)
    totals = summary["totals"]
    assert isinstance(totals, dict)
    assert totals["left_out_conversations"] > 0  # conversations begun before the look-back: some, left out whole
    # never from partial state (each record equals the live one), and nothing else is missing: exactly the live
    # records of the conversations whose beginning the replay saw, from the first event the range keeps
    parts = by_partition(evs, 2)
    eng = s.engine_config()
    live = live_lives(parts, "conversations", eng)

    def trust(win: Window) -> tuple[dict[int, int], dict[int, int | None]]:
        assert win.warm_from is not None
        first = first_read(parts, win.warm_from)
        return first, {p: None if o == 0 else win.warm_from + eng.conversation_ttl_ms for p, o in first.items()}

    assert check_aligned(got, "replay.r1:", totals["left_out_conversations"], live, *trust(w), w.from_ms,
                         w.to_ms) == len(got) > 100
    # a longer look-back warms more conversations up (fewer left out)
    longer = Window(w.from_ms, w.to_ms, 4 * look_back_s * 1000 + 2 * int(TTL_S * 1000))
    s2 = run(Plan(s, window=longer, name="r2", from_file=src, file_partitions=2, to_file=tmp_path / "o2.jsonl"))
    t2 = s2["totals"]
    assert isinstance(t2, dict)
    assert t2["left_out_events"] <= totals["left_out_events"]
    if t2["skipped"] == 0:  # the look-back reached the file's first line: every conversation seen whole
        assert t2["left_out_events"] == 0
    assert check_aligned(read_lines((tmp_path / "o2.jsonl").read_bytes()), "replay.r2:", t2["left_out_conversations"],
                         live, *trust(longer), w.from_ms, w.to_ms) > 0


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
