#!/usr/bin/env python3
"""Pictures of the shipped Grafana dashboards (dashboards/*.json), drawn from a real Prometheus fed by the demo's
traffic: docs/images/dashboard-<name>.png, shown in the README and docs/metrics-reference.md.

    .venv/bin/python tools/dashboard_pictures.py [--out docs/images] [--live-seconds 240]

Needs toolmend installed with the `report` extra (matplotlib) and Debian's `prometheus` package
(deploy/prometheus/install.sh). It starts every process it needs on free loopback ports, in a temporary
directory removed at the end, and takes 5 to 7 minutes on two busy cores (4 of them the live run):

1. event panels (a dashboard most of whose panels read conversation signals, e.g. Conversation health): six
   hours (the dashboards' default range) of the demo generator's traffic with an incident at 09:45
   (`toolmend generate --incident-at`), replayed
   from the file with event-time metrics (`toolmend replay --metrics-file`), loaded into Prometheus with the
   shipped recording rules computed on it (deploy/prometheus/backfill.py); the dashboard is drawn over those
   hours under mode=replay. Seeded: the same traffic every run.
2. live panels (a dashboard most of whose panels are marked `live only`, e.g. Stream health): `toolmend demo
   --forever` (embedded Tansu broker, generator, worker) scraped every 5 s by a Prometheus with the rule
   files of deploy/prometheus loaded, for --live-seconds; the dashboard is drawn over that run under mode=live.

Each panel's every target is evaluated with Prometheus' range API over the run, with the dashboard's variables
expanded as its `All` selection expands them and Grafana's `$__interval` / `$__rate_interval` / `$__range`
computed as Grafana computes them (the scrape interval being the replay's 1 min step, or 5 s live). Panels are
placed by their `gridPos`, titled as in Grafana, and a panel whose queries return nothing says "no data in this
run". Grafana itself is not used (it cannot be installed here): the drawing is matplotlib's, through
processor/shell/report/dashboard.py.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from processor.shell.report.dashboard import (  # noqa: E402
    Series,
    intervals,
    variables,
    write_picture,
)

RULES = [ROOT / "deploy/prometheus/recording-rules.yml", ROOT / "deploy/prometheus/alerting-rules.yml"]
START = "2026-11-02T06:00:00Z"
INCIDENT = "2026-11-02T09:45:00Z"
LIVE_SCRAPE_S = 5  # $__rate_interval 20 s: rates smooth enough to read, the run short


def say(line: str) -> None:
    sys.stderr.write(f"dashboard_pictures: {line}\n")
    sys.stderr.flush()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def toolmend(*args: str, cwd: Path) -> str:
    done = subprocess.run([sys.executable, "-m", "processor.shell.cli", *args], capture_output=True, text=True,
                          cwd=cwd, stdin=subprocess.DEVNULL, timeout=1800)
    if done.returncode != 0:
        raise SystemExit(f"dashboard_pictures: toolmend {' '.join(args[:2])} failed:\n{done.stderr[-3000:]}")
    return done.stdout


def stop(proc: subprocess.Popen[bytes], group: bool = False) -> None:
    """Stops a process this script started (with group: the process group it leads)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        if proc.poll() is not None:
            return
        try:
            if group:
                os.killpg(proc.pid, sig)
            else:
                proc.send_signal(sig)
            proc.wait(timeout=20)
        except ProcessLookupError:
            return
        except subprocess.TimeoutExpired:
            continue


@dataclass
class Prom:
    url: str

    def api(self, path: str, params: dict[str, str]) -> Any:
        try:
            with urllib.request.urlopen(f"{self.url}{path}?{urllib.parse.urlencode(params)}", timeout=60) as r:
                body = json.load(r)
        except urllib.error.HTTPError as e:
            body = json.load(e)
        if body.get("status") != "success":
            raise SystemExit(f"dashboard_pictures: Prometheus refused {params.get('query') or params}: "
                             f"{body.get('error')}")
        return body["data"]

    def ready(self, proc: subprocess.Popen[bytes], log: Path) -> None:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/-/ready", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("dashboard_pictures: prometheus did not start:\n"
                                 + log.read_text(errors="replace")[-2000:])
            time.sleep(0.3)


@contextmanager
def prometheus(work: Path, config: dict[str, Any], storage: Path) -> Iterator[Prom]:
    port = free_port()
    path = work / f"prometheus-{port}.yml"
    path.write_text(json.dumps(config))  # JSON is YAML
    log = work / f"prometheus-{port}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(["prometheus", f"--config.file={path}", f"--storage.tsdb.path={storage}",
                                 "--storage.tsdb.retention.time=10y", f"--web.listen-address=127.0.0.1:{port}",
                                 "--log.level=warn"], stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    prom = Prom(f"http://127.0.0.1:{port}")
    try:
        prom.ready(proc, log)
        yield prom
    finally:
        stop(proc)


@dataclass
class Run:
    """A Prometheus holding a run's series, the run's range (seconds), its scrape interval and what it was."""

    prom: Prom
    start: float
    end: float
    scrape_s: float
    mode: str
    what: str


@contextmanager
def replay_run(work: Path, conversations: int) -> Iterator[Run]:
    traffic = work / "traffic.jsonl"
    start_ms = int(datetime.fromisoformat(START).timestamp() * 1000)
    say(f"generating {conversations} conversations of event time from {START}, incident at {INCIDENT} ...")
    toolmend("generate", "--conversations", str(conversations), "--seed", "34", "--mean-arrival-ms", "6000",
             "--start-ms", str(start_ms), "--partitions", "4", "--incident-at", INCIDENT, "--out", str(traffic),
             cwd=work)
    metrics = work / "replay.om"
    say("replaying it with event-time metrics ...")
    toolmend("replay", "--from-file", str(traffic), "--partitions", "4", "--name", "pictures", "--to-file",
             str(work / "out.jsonl"), "--metrics-file", str(metrics), "--metrics-port", "0", "--quiet", "--json",
             cwd=work)
    storage = work / "prom-replay"
    say("loading it into Prometheus with the recording rules (deploy/prometheus/backfill.py) ...")
    done = subprocess.run([sys.executable, str(ROOT / "deploy/prometheus/backfill.py"), str(metrics), "--storage",
                           str(storage)], capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        raise SystemExit(f"dashboard_pictures: backfill failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    stamps = []
    with metrics.open(encoding="utf-8") as f:
        for line in f:
            if line.startswith("toolmend_build_info{"):
                stamps.append(float(line.rsplit(" ", 1)[1]))
    # the range: from the first conversation to the last one's start (after it, the traffic only drains)
    end = min(max(stamps), start_ms / 1000 + conversations * 6)
    with prometheus(work, {}, storage) as prom:
        yield Run(prom, min(stamps), end, 60.0, "replay",
                  f"six hours of the demo generator's traffic (incident at {INCIDENT[11:16]} UTC) replayed with "
                  "event-time metrics and backfilled")


@contextmanager
def live_run(work: Path, seconds: float) -> Iterator[Run]:
    metrics_port = free_port()
    config = {"global": {"scrape_interval": f"{LIVE_SCRAPE_S}s", "scrape_timeout": f"{LIVE_SCRAPE_S}s",
                         "evaluation_interval": f"{LIVE_SCRAPE_S}s"},
              "rule_files": [str(p) for p in RULES],
              "scrape_configs": [{"job_name": "toolmend", "static_configs": [
                  {"targets": [f"127.0.0.1:{metrics_port}"], "labels": {"mode": "live"}}]}]}
    with prometheus(work, config, work / "prom-live") as prom:
        log = work / "demo.log"
        say(f"running `toolmend demo --forever` for {seconds:.0f} s, scraped every {LIVE_SCRAPE_S} s ...")
        with log.open("wb") as out:
            demo = subprocess.Popen([sys.executable, "-m", "processor.shell.cli", "demo", "--forever", "--rate", "250",
                                     "--metrics-port", str(metrics_port)], cwd=work, stdin=subprocess.DEVNULL,
                                    stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            start = time.time()
            while time.time() - start < seconds:
                if demo.poll() is not None:
                    raise SystemExit("dashboard_pictures: the demo stopped:\n"
                                     + log.read_text(errors="replace")[-3000:])
                time.sleep(1)
            end = time.time()
        finally:
            stop(demo, group=True)
        yield Run(prom, start, end, LIVE_SCRAPE_S, "live",
                  f"`toolmend demo --forever` (embedded Tansu broker, worker) for {seconds:.0f} s at 250 events/s, "
                  f"scraped every {LIVE_SCRAPE_S} s")


def evaluator(run: Run, step: float) -> Any:
    times = [run.start + i * step for i in range(int((run.end - run.start) // step) + 1)]

    def evaluate(expr: str) -> list[Series]:
        data = run.prom.api("/api/v1/query_range", {"query": expr, "start": f"{run.start:.3f}",
                                                    "end": f"{times[-1]:.3f}", "step": f"{step:g}"})
        out = []
        for r in data["result"]:
            at = {round((float(t) - run.start) / step): float(v) for t, v in r["values"]}
            out.append(Series(r["metric"], [at.get(i, math.nan) for i in range(len(times))]))
        return out

    return evaluate, times


def label_values(run: Run, match: str, label: str) -> list[str]:
    found = run.prom.api(f"/api/v1/label/{label}/values", {"match[]": match, "start": f"{run.start:.0f}",
                                                           "end": f"{run.end:.0f}"})
    return sorted(set(found) - {""})


def is_live(dashboard: dict[str, Any]) -> bool:
    """Most of its panels read the live workers' series (titles marked `live only`)."""
    panels = [p for p in dashboard["panels"] if p["type"] != "row"]
    return sum(p["title"].endswith("live only") for p in panels) * 2 > len(panels)


def draw(path: Path, run: Run, out_dir: Path) -> Path:
    dashboard = json.loads(path.read_text(encoding="utf-8"))
    macros = intervals(run.start, run.end, run.scrape_s)
    step = float(macros["__interval"].rstrip("s"))
    values = variables(dashboard, {"mode": run.mode, **macros}, lambda m, lbl: label_values(run, m, lbl))
    evaluate, times = evaluator(run, step)
    fmt = "%Y-%m-%d %H:%M:%S" if run.mode == "live" else "%Y-%m-%d %H:%M"
    when = (f"{datetime.fromtimestamp(run.start, UTC).strftime(fmt)} → "
            f"{datetime.fromtimestamp(run.end, UTC).strftime(fmt)} UTC")
    subtitle = (f"{when} · mode={run.mode}, other variables All · {run.what}\n"
                "drawn by tools/dashboard_pictures.py from a real Prometheus: the dashboard's own queries, "
                "not Grafana's renderer")
    out = out_dir / f"dashboard-{path.stem}.png"
    panels = write_picture(dashboard, values, evaluate, times, out, subtitle)
    empty = [p.title for p in panels if p.note]
    say(f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: {len(panels)} panels"
        + (f", no data in {len(empty)}: {', '.join(empty)}" if empty else "") + f" ({out.stat().st_size:,} bytes)")
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=ROOT / "docs/images", help="directory of the PNGs (docs/images)")
    p.add_argument("--live-seconds", type=float, default=240.0, help="length of the live demo run (240)")
    p.add_argument("--conversations", type=int, default=3600,
                   help="conversations of the replayed traffic, one every 6 s of event time (3600: six hours)")
    p.add_argument("--only", action="append", default=None, metavar="NAME",
                   help="only this dashboard (file name without .json; repeatable)")
    ns = p.parse_args(argv)
    if shutil.which("prometheus") is None or shutil.which("promtool") is None:
        p.error("`prometheus` and `promtool` not found: install Debian's prometheus (deploy/prometheus/install.sh)")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        p.error("matplotlib not found: pip install 'toolmend[report]'")
    if not ns.out.is_dir():
        p.error(f"{ns.out}: no such directory")
    paths = [d for d in sorted((ROOT / "dashboards").glob("*.json")) if not ns.only or d.stem in ns.only]
    dashboards = [(d, json.loads(d.read_text(encoding="utf-8"))) for d in paths]
    with tempfile.TemporaryDirectory(prefix="toolmend-pictures-") as tmp:
        work = Path(tmp)
        replayed = [d for d, body in dashboards if not is_live(body)]
        live = [d for d, body in dashboards if is_live(body)]
        if replayed:
            with replay_run(work, ns.conversations) as run:
                for d in replayed:
                    draw(d, run, ns.out)
        if live:
            with live_run(work, ns.live_seconds) as run:
                for d in live:
                    draw(d, run, ns.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
