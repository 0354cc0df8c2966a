"""The replay's event-time OpenMetrics: the series are the live worker's, the sampler writes what rate() needs at
event time, the file is what promtool loads, and a replay's file agrees with its summary."""

from __future__ import annotations

import asyncio
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from prometheus_client import CollectorRegistry

from processor.core.events import DeadLetter, parse_ts
from processor.core.findings import DanglingReason, Finding, FindingKind
from processor.core.tally import Tally
from processor.shell.commands.replay import plan_from_args
from processor.shell.config import settings_from
from processor.shell.metrics import Metrics
from processor.shell.replay import Plan, ReplayError, Window, replay
from processor.shell.replay.openmetrics import FAMILIES, Counts, OpenMetricsWriter, StepSampler, escape, precreated
from processor.synth.generate import FaultRates, Incident, iter_generate
from processor.synth.jsonl import encode_line
from tests.support.prometheus import binary, last_values

MIN = 60_000


def samples_of(step_ms: int = MIN) -> tuple[StepSampler, list[tuple[int, tuple[str, ...], int, int]]]:
    out: list[tuple[int, tuple[str, ...], int, int]] = []
    return StepSampler(step_ms, lambda t, xs: out.extend((k[0], k[1], t, x) for k, x in xs)), out


def series(out: list[tuple[int, tuple[str, ...], int, int]], key: tuple[int, tuple[str, ...]]) -> list[tuple[int, int]]:
    return [(t, x) for f, v, t, x in out if (f, v) == key]


A = (0, ("message", "processed"))
B = (1, ("openai_chat",))


def test_a_change_is_written_with_the_value_one_step_before_and_the_flat_step_after() -> None:
    s, out = samples_of()
    s.add(10, {A: 3})
    s.add(20, {A: 2})
    s.close()
    # step k ends at (k + 1) minutes: 0 before, 3 at the end of step 10, flat at 11, 3 again before the next change
    assert series(out, A) == [(10 * MIN, 0), (11 * MIN, 3), (12 * MIN, 3), (20 * MIN, 3), (21 * MIN, 5),
                              (22 * MIN, 5)]


def test_every_series_is_written_at_the_last_step_and_timestamps_increase_per_series() -> None:
    s, out = samples_of()
    s.add(5, {A: 1, B: 1})
    for k in range(6, 40):
        s.add(k, {A: 1})
    s.close()
    last = max(t for _, _, t, _ in out)
    assert series(out, B)[-1] == (last, 1)
    assert series(out, A)[-1] == (last, 35)
    for key in (A, B):
        times = [t for t, _ in series(out, key)]
        assert times == sorted(set(times))
    # B changed once: 4 samples (before, at, after, last), not one per step
    assert len(series(out, B)) == 4


def test_an_increment_for_a_released_step_is_counted_in_the_oldest_open_one() -> None:
    s, out = samples_of()
    s.add(3, {A: 1})
    s.release(5)
    s.add(4, {A: 1})  # too late: step 4 is written
    s.add(7, {A: 1})
    s.close()
    assert s.late == 1
    assert series(out, A)[-1][1] == 3


def test_the_open_steps_are_bounded() -> None:
    s, out = samples_of()
    s.max_open = 10
    for k in range(100):
        s.add(k, {A: 1})
        assert len(s.open) <= 10
    s.close()
    assert series(out, A)[-1][1] == 100


def test_precreated_series_start_at_zero_and_build_info_is_written_every_step() -> None:
    infos: list[int] = []
    out: list[tuple[int, tuple[str, ...], int, int]] = []
    s = StepSampler(MIN, lambda t, xs: out.extend((k[0], k[1], t, x) for k, x in xs), infos.append, precreate=[B])
    s.add(2, {A: 1})
    s.add(6, {A: 1})
    s.close()
    assert series(out, B) == [(2 * MIN, 0), (8 * MIN, 0)]
    assert infos == [k * MIN for k in range(2, 9)]


def test_the_families_are_the_live_workers_counters() -> None:
    m = Metrics(CollectorRegistry())
    live = {c._name: c for c in vars(m).values() if hasattr(c, "_labelnames") and hasattr(c, "_type")}
    for fam in FAMILIES:
        metric = live[fam.name]
        assert getattr(m, fam.live) is metric, fam.name
        assert metric._type == fam.type, fam.name
        assert tuple(metric._labelnames) == fam.labels, fam.name
        assert metric._documentation == fam.help, fam.name


def _finding(kind: FindingKind, reason: DanglingReason | None = None, tool: str = "t") -> Finding:
    return Finding(kind=kind, tool=tool, reason=reason)


def test_counts_give_the_series_the_live_metrics_give() -> None:
    def tally() -> Tally:
        t = Tally()
        t.event("message", "processed")
        t.messages_seen("anthropic", 3)
        for i in range(5):
            t.tool_call("anthropic", f"model-{i}", f"tool-{i % 2}")
        t.finding(_finding(FindingKind.DANGLING_TOOL_CALL, DanglingReason.USER_INTERRUPT), "anthropic", "model-4", "1")
        t.finding(_finding(FindingKind.TEXT_ONLY_REGRESSION), "anthropic", "model-9", "2.0")
        t.finding(_finding(FindingKind.TOOL_HISTORY_ERASED), "anthropic", None, None)
        t.finding(_finding(FindingKind.UNBACKED_CLAIM, tool="cancel_order"), "anthropic", "model-2", "2.0")
        t.dead_letter("schema")
        t.assistant_turn("text_only", "model-1", "2.0")
        t.state_woken()
        return t

    m = Metrics(CollectorRegistry(), label_cap=3)
    m.flush(tally())
    counts: dict[tuple[int, tuple[str, ...]], int] = {}
    Counts(label_cap=3).add(tally(), counts)
    names = {f.name + "_total": i for i, f in enumerate(FAMILIES)}
    live = {}
    for metric in m.registry.collect():
        for sample in metric.samples:
            if sample.name in names and sample.value:
                fam = FAMILIES[names[sample.name]]
                live[(names[sample.name], tuple(sample.labels[label] for label in fam.labels))] = sample.value
    ours = {k: v for k, v in counts.items() if k[0] != names["toolmend_output_records_total"]}
    assert ours == live
    assert (names["toolmend_unbacked_claims_total"], ("model-2", "2.0", "other")) in ours  # (the tool cap: 3)
    assert any("other" in labels for _, labels in ours)  # the cap applied as live applies it


def test_the_file_is_openmetrics_that_promtool_loads(tmp_path: Path) -> None:
    promtool = binary("promtool")
    path = tmp_path / "m.om"
    w = OpenMetricsWriter(path, {"job": "toolmend", "instance": "replay:x", "mode": "replay", "run": "x"})
    s = StepSampler(MIN, w.samples, w.info, precreated())
    s.add(29_450_000, {(2, ("anthropic", 'we"ird\\model\n', "tool")): 2})
    s.add(29_450_090, {(0, ("message", "processed")): 5})
    s.close()
    w.close(True)
    text = path.read_text()
    assert text.endswith("# EOF\n")
    assert 'model="we\\"ird\\\\model\\n"' in text
    families = [m.group(1) for m in re.finditer(r"^# TYPE (\S+)", text, re.M)]
    assert len(families) == len(set(families))  # families are not interleaved
    assert list(tmp_path.iterdir()) == [path]  # no segment left behind
    done = subprocess.run([promtool, "tsdb", "create-blocks-from", "openmetrics", str(path), str(tmp_path / "d")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert escape('a"b') == 'a\\"b'


def test_an_abandoned_file_leaves_nothing(tmp_path: Path) -> None:
    w = OpenMetricsWriter(tmp_path / "m.om", {"job": "j"})
    w.samples(60_000, [((0, ("a", "b")), 1)])
    w.info(60_000)
    w.close(False)
    assert list(tmp_path.iterdir()) == []


# --- a replay's metrics file against its summary --------------------------------------------------------------


def _traffic(path: Path, n: int = 120, partitions: int = 2, **kw: object) -> None:
    with path.open("wb") as f:
        for ev in iter_generate(n, seed=3, partitions=partitions, **kw):  # type: ignore[arg-type]
            f.write(encode_line(ev))


def _replay(tmp_path: Path, *args: str) -> dict[str, object]:
    plan, _ = plan_from_args(["--to-file", str(tmp_path / "out.jsonl"), "--metrics-port", "0", *args])
    return asyncio.run(replay(plan))


def test_a_file_replays_metrics_file_totals_equal_its_summary(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    _traffic(src)
    summary = _replay(tmp_path, "--from-file", str(src), "--partitions", "2", "--metrics-file", str(tmp_path / "m.om"))
    t = last_values(tmp_path / "m.om")
    totals = summary["totals"]
    assert isinstance(totals, dict)
    assert t["toolmend_events_total"] == totals["events"]
    assert t["toolmend_dead_letters_total"] == totals["dead_letter"]
    assert t["toolmend_build_info"] > 0
    mf = summary["metrics_file"]
    assert isinstance(mf, dict) and mf["undated_records"] == 0 and mf["series"] > 20
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "m.om", "out.jsonl"]


def test_a_range_replays_metrics_file_counts_the_range_only(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    _traffic(src, n=200, partitions=1)
    summary = _replay(tmp_path, "--from-file", str(src), "--from", "2026-01-01T00:05:00Z", "--to",
                      "2026-01-01T00:15:00Z", "--look-back", "5m", "--metrics-file", str(tmp_path / "m.om"))
    t = last_values(tmp_path / "m.om")
    totals = summary["totals"]
    assert isinstance(totals, dict)
    assert totals["warmed"] > 0
    assert t["toolmend_events_total"] == totals["events"]
    stamps = [float(x.rsplit(" ", 1)[1]) for x in (tmp_path / "m.om").read_text().splitlines()
              if x.startswith("toolmend_events_total")]
    assert min(stamps) >= 1767225600 + 4 * 60 and max(stamps) <= 1767225600 + 17 * 60


def test_events_without_a_usable_time_are_counted_as_undated_and_get_no_samples(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text('{"conversation_id": "c1", "type": "message", "seq": 0}\nnot json\n')
    summary = _replay(tmp_path, "--from-file", str(src), "--metrics-file", str(tmp_path / "m.om"))
    mf = summary["metrics_file"]
    assert isinstance(mf, dict) and mf["undated_records"] == 2 and mf["path"] is None
    assert not (tmp_path / "m.om").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "out.jsonl"]


def test_shards_replay_disjoint_partitions_that_add_up_to_the_whole(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    _traffic(src, n=150, partitions=3)
    whole = _replay(tmp_path, "--from-file", str(src), "--partitions", "3")
    parts = [_replay(tmp_path, "--from-file", str(src), "--partitions", "3", "--shard", f"{i}/2",
                     "--metrics-file", str(tmp_path / f"m{i}.om")) for i in range(2)]
    seen = [[row["partition"] for row in p["partitions"]] for p in parts]  # type: ignore[union-attr]
    assert seen == [[0, 2], [1]]
    for k in ("events", "repaired", "findings", "dead_letter"):
        assert sum(p["totals"][k] for p in parts) == whole["totals"][k]  # type: ignore[index]
    assert 'instance="replay:full:0of2"' in (tmp_path / "m0.om").read_text()


@pytest.mark.parametrize(("args", "message"), [
    (["--shard", "2/2"], "--shard"),
    (["--shard", "x"], "--shard"),
    (["--metrics-step", "10ms", "--metrics-file", "m.om"], "--metrics-step"),
    (["--metrics-file", "nowhere/m.om"], "does not exist"),
])
def test_bad_metrics_and_shard_flags_are_one_line(tmp_path: Path, args: list[str], message: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from processor.shell.commands.replay import main

    monkeypatch.chdir(tmp_path)
    src = tmp_path / "in.jsonl"
    src.write_text("{}\n")
    lines: list[str] = []
    monkeypatch.setattr("sys.stderr.write", lines.append)
    assert main(["--from-file", str(src), "--to-file", "out.jsonl", *args]) == 2
    assert len(lines) == 1 and message in lines[0] and "\n" not in lines[0].rstrip("\n")


def test_the_incident_switches_the_app_version_from_its_time_and_leaves_the_traffic_before_alone() -> None:
    import orjson

    at = 1767225600000 + 3600_000
    incident = Incident(at, FaultRates(interrupt=0.5, rewrite=0.5), "9.9.9")
    events = list(iter_generate(1200, seed=5, incident=incident))
    plain = list(iter_generate(1200, seed=5))

    begun: dict[str, tuple[int, str]] = {}  # conversation -> (first event time, app version)
    for e in events:
        try:
            doc = orjson.loads(e.value)
            t, v = parse_ts(doc["ts"]), doc["app_version"]
        except (orjson.JSONDecodeError, KeyError, TypeError, DeadLetter):
            continue
        if e.conversation_id not in begun or t < begun[e.conversation_id][0]:
            begun[e.conversation_id] = (t, v)
    # a conversation's first message comes a little after its start: the ones first seen well after it
    after = [v for t, v in begun.values() if t >= at + 600_000]
    before = {v for t, v in begun.values() if t < at}
    assert after.count("9.9.9") >= 0.95 * len(after) and len(after) > 100
    assert "9.9.9" not in before and len(before) > 1
    assert [e.value for e in plain[:200]] == [e.value for e in events[:200]]


def test_plan_defaults() -> None:
    plan = Plan(settings=settings_from({}), window=Window())
    assert plan.metrics_file is None and plan.metrics_step_ms == 60_000 and plan.metrics_job == "toolmend"
    with pytest.raises(ReplayError):
        plan_from_args(["--shard", "1/1"])


def test_with_a_metrics_file_the_replays_own_metrics_still_count_everything(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    _traffic(src, n=60)
    counted = {}
    for mf in (None, tmp_path / "m.om"):
        m = Metrics(CollectorRegistry())
        plan, _ = plan_from_args(["--from-file", str(src), "--partitions", "2", "--to-file", str(tmp_path / "o.jsonl"),
                                  *(["--metrics-file", str(mf)] if mf else [])])
        asyncio.run(replay(plan, m))
        counted[mf is not None] = sorted((s.name, tuple(sorted(s.labels.items())), s.value)
                                         for metric in m.registry.collect() for s in metric.samples
                                         if s.name.endswith("_total") and s.value)
    assert counted[True] == counted[False]


def test_the_tool_duration_histogram_is_written_as_the_live_worker_exposes_it(tmp_path: Path) -> None:
    """A replay's metrics file carries toolmend_tool_duration_seconds (buckets, count, sum) with the values the live
    worker's histogram has for the same runs (a backfill sees the same series)."""
    t = Tally()
    for tool, outcome, ms in (("book", "ok", 40), ("book", "ok", 700), ("book", "timeout", 30_000),
                              ("search", "error_transient", 3), ("search", "ok", 400_000)):
        t.tool_run(tool, outcome, ms, None, None)
    m = Metrics(CollectorRegistry())
    m.flush(t)
    counts: dict[Any, int] = {}
    Counts().add(t, counts)
    out = tmp_path / "m.om"
    w = OpenMetricsWriter(out, {"job": "toolmend"})
    w.samples(60_000, list(counts.items()))
    w.close(True)
    text = out.read_text()
    assert "# TYPE toolmend_tool_duration_seconds histogram" in text
    line = re.compile(r'^(toolmend_tool_duration_seconds_\w+)\{job="toolmend",([^}]*)\} (\S+) 60$')
    ours = {}
    for ln in text.splitlines():
        if (g := line.match(ln)) is not None:
            labels = tuple(sorted(tuple(kv.split("=", 1)) for kv in g.group(2).replace('"', "").split(",")))
            ours[(g.group(1), labels)] = float(g.group(3))
    live = {(s.name, tuple(sorted(s.labels.items()))): s.value for f in m.registry.collect()
            if f.name == "toolmend_tool_duration_seconds" for s in f.samples
            if not s.name.endswith("_created") and s.value}
    # (a bucket below a series' first run is not written: Prometheus reads it as absent, not as a wrong count)
    assert len(live) == 38 and {k for k in ours if k[0].endswith("_bucket")} <= {(n, lb) for n, lb in live
                                                                                 if n.endswith("_bucket")}
    assert ours == pytest.approx(live)
    # and Prometheus ingests it (the backfill's path)
    promtool = binary("promtool")
    done = subprocess.run([promtool, "tsdb", "create-blocks-from", "openmetrics", str(out), str(tmp_path / "d")],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
