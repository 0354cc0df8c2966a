#!/usr/bin/env python3
"""Load replay metrics files into a Prometheus storage directory, with the shipped recording rules computed on them.

    python3 deploy/prometheus/backfill.py replay.om [shard-1.om ...] --storage ./prom-data

1. `promtool tsdb create-blocks-from openmetrics FILE DIR` for each file (the shards of an Indexed Job replay
   are loadable together: their series differ by `instance`);
2. a temporary Prometheus on a free loopback port, reading DIR, answers `promtool tsdb create-blocks-from
   rules` for the recording rules of recording-rules.yml over the files' range (rules that read other rules
   are computed after those: one pass per level, the blocks of each moved into DIR before the next);
3. the temporary Prometheus stops. DIR then holds ordinary blocks: run Prometheus on it
   (`--storage.tsdb.path=DIR`, with a retention that covers the range's age) or copy its block directories into
   a running Prometheus's storage directory (docs/backfill.md).

Writes nothing outside DIR (its work files go to DIR/.toolmend-backfill, removed at the end). Needs Debian's
`prometheus` package (deploy/prometheus/install.sh); Python's standard library only.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULES = HERE / "recording-rules.yml"


def recording_rules(path: Path) -> list[tuple[str, str]]:
    """(record, expr) of each recording rule of the file, in order (the shipped file's layout: `- record:` then
    `expr:`, a one-line or `|` block expression)."""
    text = path.read_text(encoding="utf-8")
    rules = []
    for m in re.finditer(r"^(\s*)-\s*record:\s*(\S+)\s*\n\s*expr:\s*(.*?)(?=^\s*-\s*record:|^\s*#|\Z)", text,
                         re.M | re.S):
        expr = m.group(3).strip()
        if expr.startswith("|"):
            expr = expr[1:]
        rules.append((m.group(2), " ".join(line.strip() for line in expr.strip().splitlines())))
    return rules


def levels(rules: list[tuple[str, str]]) -> list[list[tuple[str, str]]]:
    """The rules by dependency level: level 0 reads raw series only, level n reads rules of levels below n."""
    names = {r for r, _ in rules}
    level: dict[str, int] = {}

    def of(name: str, expr: str) -> int:
        if name not in level:
            deps = [d for d in re.findall(r"toolmend:[a-z0-9_:]+", expr) if d in names and d != name]
            level[name] = 1 + max((of(d, dict(rules)[d]) for d in deps), default=-1)
        return level[name]

    for r, e in rules:
        of(r, e)
    out: list[list[tuple[str, str]]] = [[] for _ in range(1 + max(level.values(), default=0))]
    for r, e in rules:
        out[level[r]].append((r, e))
    return [lvl for lvl in out if lvl]


def time_range(paths: list[Path]) -> tuple[float, float]:
    """First and last sample time (seconds) of the files (toolmend_build_info is written at every step)."""
    lo, hi = float("inf"), float("-inf")
    for path in paths:
        with path.open(encoding="utf-8") as f:
            for line in f:
                if line.startswith("toolmend_build_info{"):
                    t = float(line.rsplit(" ", 1)[1])
                    lo, hi = min(lo, t), max(hi, t)
                elif lo != float("inf") and not line.startswith("#"):
                    break
    if lo == float("inf"):
        raise SystemExit("backfill.py: no toolmend_build_info samples: not a `toolmend replay --metrics-file` file")
    return lo, hi


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class TempPrometheus:
    def __init__(self, storage: Path, work: Path) -> None:
        self.storage = storage
        self.work = work
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> TempPrometheus:
        config = self.work / "prometheus.yml"
        config.write_text("{}\n")  # JSON is YAML: no scrape, no rule
        log = (self.work / "prometheus.log").open("wb")
        self.proc = subprocess.Popen(
            ["prometheus", f"--config.file={config}", f"--storage.tsdb.path={self.storage}",
             f"--web.listen-address=127.0.0.1:{self.port}", "--storage.tsdb.retention.time=100y",
             "--log.level=warn"], stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/-/ready", timeout=2) as r:
                    if r.status == 200:
                        return self
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("backfill.py: the temporary Prometheus did not start:\n"
                                 + (self.work / "prometheus.log").read_text(errors="replace")[-2000:])
            time.sleep(0.2)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def run(cmd: list[str]) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"backfill.py: {' '.join(cmd[:4])} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")


def backfill(files: list[Path], storage: Path, rules: Path = RULES, eval_interval: str = "1m") -> None:
    storage.mkdir(parents=True, exist_ok=True)
    work = storage / ".toolmend-backfill"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    try:
        for f in files:
            run(["promtool", "tsdb", "create-blocks-from", "openmetrics", str(f), str(storage)])
        start, end = time_range(files)
        for i, level in enumerate(levels(recording_rules(rules))):
            rule_file = work / f"level-{i}.yml"
            rule_file.write_text(json.dumps({"groups": [{"name": f"toolmend.backfill.{i}", "rules": [
                {"record": r, "expr": e} for r, e in level]}]}))
            out = work / f"blocks-{i}"
            with TempPrometheus(storage, work) as prom:
                run(["promtool", "tsdb", "create-blocks-from", "rules", f"--start={int(start)}",
                     f"--end={int(end) + 1}", f"--url={prom.url}", f"--output-dir={out}",
                     f"--eval-interval={eval_interval}", str(rule_file)])
            for block in out.iterdir() if out.is_dir() else []:
                if block.is_dir():
                    block.rename(storage / block.name)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("files", nargs="+", type=Path, metavar="METRICS_FILE",
                   help="files of `toolmend replay --metrics-file`")
    p.add_argument("--storage", type=Path, required=True, metavar="DIR", help="the Prometheus storage directory")
    p.add_argument("--rules", type=Path, default=RULES, help="recording rules to compute (default: the shipped ones)")
    p.add_argument("--eval-interval", default="1m", help="rule evaluation step (default 1m, the replay's default "
                   "--metrics-step)")
    ns = p.parse_args(argv)
    for f in ns.files:
        if not f.is_file():
            p.error(f"{f}: no such file")
    for tool in ("promtool", "prometheus"):
        if shutil.which(tool) is None:
            p.error(f"`{tool}` not found: install Debian's prometheus package (deploy/prometheus/install.sh)")
    backfill(ns.files, ns.storage, ns.rules, ns.eval_interval)
    print(f"backfill.py: blocks in {ns.storage}; run: prometheus --storage.tsdb.path={ns.storage} "
          "--storage.tsdb.retention.time=10y ...")
    return 0


if __name__ == "__main__":
    sys.exit(main())
