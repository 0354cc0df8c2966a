"""A backfill as a user runs it (docs/backfill.md): two days of traffic with an incident on the second, replayed
from a file by two shards with `--metrics-file`, loaded into a real Prometheus (Debian's) with
deploy/prometheus/backfill.py (promtool create-blocks-from openmetrics, then the recording rules), seen by every
event panel of the shipped dashboards at the traffic's dates, and drawn by `toolmend report`, whose page a real
headless Chromium renders and whose change-point table points at the hour the incident began.

Every event panel's every target is evaluated over the replay's range with the dashboards' variables expanded
as `All` under `mode=replay`, and `$__rate_interval` as Grafana computes it for a data source whose scrape
interval is the replay's step (1m): 4 x 1m. Panels marked `live only` are not evaluated (their series are not in
a metrics file). The totals of the counters at the end equal the replays' summaries.
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.support import chromium
from tests.support.brokers import free_port
from tests.support.prometheus import binary

pytestmark = [pytest.mark.prometheus, pytest.mark.timeout(900)]

ROOT = Path(__file__).resolve().parents[2]
DASHBOARDS = sorted((ROOT / "dashboards").glob("*.json"))
START = datetime(2026, 11, 1, tzinfo=UTC)
INCIDENT = "2026-11-02T09:00:00Z"
INCIDENT_ROW = "2026-11-02 09:00 UTC"
SHARDS = 2


def toolmend(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "processor.shell.cli", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=600, stdin=subprocess.DEVNULL,
                          env=os.environ.copy())
    assert done.returncode == 0, f"toolmend {' '.join(args[:3])}: {done.stdout[-2000:]}{done.stderr[-3000:]}"
    return done


@dataclass
class Backfill:
    work: Path
    url: str
    summaries: list[dict[str, Any]]
    files: list[Path]
    start: float  # seconds: first and last sample of the files
    end: float
    report: Path


def api(url: str, path: str, params: dict[str, str]) -> Any:
    with urllib.request.urlopen(f"{url}{path}?{urllib.parse.urlencode(params)}", timeout=30) as r:
        body = json.load(r)
    assert body["status"] == "success", body
    return body["data"]


@pytest.fixture(scope="module")
def backfill(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Backfill]:
    prometheus = binary("prometheus")
    binary("promtool")
    work = tmp_path_factory.mktemp("backfill")
    traffic = work / "traffic.jsonl"
    # the generator's faults and, as the demo has them, tool runs and retries (their panels need them)
    toolmend("generate", "--conversations", "2880", "--seed", "11", "--mean-arrival-ms", "60000",
             "--rate-tool-ran", "0.03", "--rate-tool-failed", "0.02", "--rate-tool-run-late", "0.01", "--rate-retry",
             "0.03",
             "--start-ms", str(int(START.timestamp() * 1000)), "--partitions", str(SHARDS), "--incident-at",
             INCIDENT, "--out", str(traffic), cwd=work)
    files = [work / f"nov-{i}.om" for i in range(SHARDS)]

    def shard(i: int) -> dict[str, Any]:
        done = toolmend("replay", "--from-file", str(traffic), "--partitions", str(SHARDS), "--shard", f"{i}/{SHARDS}",
                        "--name", "nov", "--to-file", str(work / f"out-{i}.jsonl"), "--metrics-file", str(files[i]),
                        "--metrics-port", "0", "--quiet", "--json", cwd=work)
        return dict(json.loads(done.stdout))

    with ThreadPoolExecutor(SHARDS) as pool:  # the shards at once, as a backfill runs them (one process each)
        summaries = list(pool.map(shard, range(SHARDS)))
    storage = work / "prom-data"
    done = subprocess.run([sys.executable, str(ROOT / "deploy/prometheus/backfill.py"), *map(str, files),
                           "--storage", str(storage)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    report = work / "report.html"
    toolmend("report", *(a for f in files for a in ("--metrics-file", str(f))), "--out", str(report), cwd=work)
    stamps = [float(line.rsplit(" ", 1)[1]) for f in files for line in f.read_text().splitlines()
              if line.startswith("toolmend_build_info{")]
    port = free_port()
    config = work / "prometheus.yml"
    config.write_text("{}\n")
    log = (work / "prometheus.log").open("wb")
    proc = subprocess.Popen([prometheus, f"--config.file={config}", f"--storage.tsdb.path={storage}",
                             "--storage.tsdb.retention.time=10y", f"--web.listen-address=127.0.0.1:{port}",
                             "--log.level=warn"], stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{url}/-/ready", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail("prometheus did not start: " + (work / "prometheus.log").read_text(errors="replace"))
            time.sleep(0.3)
        yield Backfill(work, url, summaries, files, min(stamps), max(stamps), report)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


def instant(b: Backfill, expr: str, at: float) -> list[dict[str, Any]]:
    return list(api(b.url, "/api/v1/query", {"query": expr, "time": str(at)})["result"])


def total(b: Backfill, expr: str) -> float:
    """The value at the end; `last(...)` in expr is each series' last value (the shards end at different steps,
    and a series is stale 5 minutes after its last sample)."""
    expr = re.sub(r"last\(([^()]*)\)", lambda m: f"last_over_time({m.group(1)}[{int(b.end - b.start) + 600}s])",
                  expr)
    result = instant(b, expr, b.end)
    assert result, f"no data for {expr}"
    return float(result[0]["value"][1])


# --- the shipped dashboards on the backfill -------------------------------------------------------------------


def grafana_regex(values: list[str]) -> str:
    escaped = [re.sub(r"([\\^$.|?*+()\[\]{}])", r"\\\\\1", value) for value in values]
    return "(" + "|".join(escaped) + ")"


def expand(expr: str, values: dict[str, str]) -> str:
    return re.sub(r"\$\{(\w+)(?::\w+)?\}|\$(\w+)", lambda m: values[m.group(1) or m.group(2)], expr)


def event_targets(b: Backfill, path: Path) -> list[tuple[str, dict[str, Any], str]]:
    """(where, target, expanded expr) of every target of the dashboard's event panels (not `live only`), with
    the variables as the `All` selection under mode=replay expands them."""
    d = json.loads(path.read_text())
    values = {"__rate_interval": "4m", "__interval": "15m", "__range": f"{int(b.end - b.start)}s"}
    for var in d["templating"]["list"]:
        name = var["name"]
        if var["type"] == "datasource":
            continue
        if name == "mode":
            values[name] = "replay"
            continue
        query = var["definition"]
        m = re.fullmatch(r"label_values\((.+),\s*(\w+)\)", query)
        assert m, query
        # as Grafana asks for label_values(metric, label): the values over the dashboard's time range
        found = sorted(set(api(b.url, f"/api/v1/label/{m.group(2)}/values", {
            "match[]": expand(m.group(1), values), "start": str(b.start), "end": str(b.end)})) - {""})
        assert found, f"{path.name} variable ${name}: no values under mode=replay"
        values[name] = var.get("allValue") or grafana_regex(found)
    out = []
    for panel in d["panels"]:
        if panel["type"] == "row" or panel["title"].endswith(" · live only"):
            continue
        for target in panel["targets"]:
            out.append((f"{path.name} {panel['title']!r} {target['refId']}", target, expand(target["expr"], values)))
    return out


def test_every_event_panel_of_the_shipped_dashboards_has_data_at_the_traffics_dates(backfill: Backfill) -> None:
    b = backfill
    problems = []
    checked = 0
    for path in DASHBOARDS:
        for where, target, expr in event_targets(b, path):
            checked += 1
            if target.get("instant"):
                result = instant(b, expr, b.end)
                values = [float(s["value"][1]) for s in result]
            else:
                data = api(b.url, "/api/v1/query_range", {"query": expr, "start": str(b.start), "end": str(b.end),
                                                            "step": "900"})
                values = [float(v) for s in data["result"] for _, v in s["values"]]
            if not any(math.isfinite(v) for v in values):
                problems.append(f"{where}: no data\n    {expr}")
    assert checked >= 30
    assert not problems, "\n".join(problems)


def test_the_samples_are_at_event_time(backfill: Backfill) -> None:
    b = backfill
    assert datetime.fromtimestamp(b.start, UTC) == START  # the first step's start: the first event's minute
    assert b.end - b.start > 1.9 * 86400
    before = instant(backfill, 'sum(toolmend_events_total{mode="replay"})', b.start - 3600)
    assert before == []
    early = total_at(b, 'sum(toolmend_events_total{mode="replay"})', b.start + 7200)
    assert 0 < early < total(b, 'sum(toolmend_events_total{mode="replay"})')


def total_at(b: Backfill, expr: str, at: float) -> float:
    result = instant(b, expr, at)
    assert result, f"no data for {expr} at {at}"
    return float(result[0]["value"][1])


def test_the_totals_in_prometheus_equal_the_replays_summaries(backfill: Backfill) -> None:
    b = backfill
    t = {k: sum(s["totals"][k] for s in b.summaries) for k in ("events", "repaired", "findings", "dead_letter")}
    sel = 'mode="replay", run="nov", job="toolmend"'
    assert total(b, f"sum(last(toolmend_events_total{{{sel}}}))") == t["events"]
    assert total(b, f'sum(last(toolmend_output_records_total{{{sel}, topic="repaired"}}))') == t["repaired"]
    assert total(b, f'sum(last(toolmend_output_records_total{{{sel}, topic="findings"}}))') == t["findings"]
    assert total(b, f"sum(last(toolmend_dead_letters_total{{{sel}}}))") == t["dead_letter"]
    assert total(b, f"count(count by (instance) (last(toolmend_events_total{{{sel}}})))") == SHARDS
    for s in b.summaries:
        assert s["metrics_file"]["undated_records"] == 0
        assert s["metrics_file"]["late_increments"] == 0
    # the dashboards' range stats (increase over $__range) see the same totals, up to Prometheus' extrapolation
    findings = total(b, f"sum(last(toolmend_findings_total{{{sel}}}))")
    over_range = total(b, f"sum(increase(toolmend_findings_total{{{sel}}}[{int(b.end - b.start) + 60}s]))")
    assert over_range == pytest.approx(findings, rel=0.02)


# --- the report ------------------------------------------------------------------------------------------------


def test_the_report_points_at_the_hour_the_incident_began(backfill: Backfill) -> None:
    page = backfill.report.read_text()
    table = page[page.index('id=change-points'):page.index("</table>", page.index("id=change-points"))]
    rows = re.findall(r"<tr><td class=when>([^<]+)</td><td>([^<]+)</td>", table)
    assert rows and rows[0][0] >= INCIDENT_ROW, rows  # nothing rose before the incident
    dangling = [when for when, rate in rows if rate == "dangling rate"]
    regression = [when for when, rate in rows if rate == "text-only-regression rate"]
    assert dangling == [INCIDENT_ROW], rows  # the hour it began, and one change however long it lasts
    # text-only regressions come later in a conversation than its interrupts: within the incident's first hours
    assert regression and INCIDENT_ROW <= regression[0] <= "2026-11-02 11:00 UTC", rows
    assert "app version 2.2.0: 0% →" in table


def test_the_report_renders_in_chromium_without_errors_with_its_plots(backfill: Backfill, tmp_path: Path) -> None:
    from PIL import Image, ImageStat

    report = backfill.report
    page = report.read_text()
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|url\((?!#)|@import""", page), "loads from outside"
    # the console check can fail: a page with a console error is seen
    bad = tmp_path / "bad.html"
    bad.write_text("<!doctype html><p>x</p><script>console.error('seen')</script>")
    assert chromium.console_messages(chromium.run(["--dump-dom", bad.as_uri()], tmp_path / "p0").stderr)
    for width, name in ((1400, "wide"), (390, "phone")):
        probe = tmp_path / f"probe-{name}.html"
        probe.write_text(
            f"<!doctype html><iframe id=f src='{report.as_uri()}' style='width:{width}px;height:1200px;border:0'>"
            "</iframe><pre id=out>pending</pre><script>document.getElementById('f').onload=function(){"
            "var d=document.getElementById('f').contentDocument;document.getElementById('out').textContent="
            "JSON.stringify({svgs:d.querySelectorAll('figure svg').length,paths:d.querySelectorAll('figure svg "
            "path').length,rows:d.querySelectorAll('#change-points tr').length,scroll:d.documentElement.scrollWidth,"
            "client:d.documentElement.clientWidth,cards:d.querySelectorAll('#summary .card').length})}</script>")
        done = chromium.run(["--virtual-time-budget=10000", "--dump-dom", probe.as_uri()], tmp_path / f"p-{name}")
        assert done.returncode == 0, done.stderr[-2000:]
        assert not chromium.console_messages(done.stderr)
        found = json.loads(re.search(r'<pre id="out">([^<]*)</pre>', done.stdout).group(1))  # type: ignore[union-attr]
        assert found["svgs"] == 10 and found["paths"] > 100 and found["rows"] >= 3 and found["cards"] == 6, found
        assert found["scroll"] <= found["client"], f"{name}: the page is wider than the screen: {found}"
        shot = tmp_path / f"{name}.png"
        done = chromium.run([f"--window-size={width},2400", f"--screenshot={shot}", report.as_uri()],
                            tmp_path / f"s-{name}")
        assert done.returncode == 0 and shot.exists(), done.stderr[-2000:]
        assert not chromium.console_messages(done.stderr)
        with Image.open(shot) as img:
            gray = img.convert("L")
            stat = ImageStat.Stat(gray)
            colors = img.convert("RGB").getcolors(maxcolors=1 << 20) or []
        assert stat.stddev[0] > 10 and len(colors) > 200, f"{name}: the screenshot looks blank"
    shutil.copy(report, tmp_path / "report.html")
