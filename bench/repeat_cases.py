"""Repeated runs of named test cases on a real broker (issue 35: "every row holds in repeated runs").

    python bench/repeat_cases.py --rounds 5 [--workers 2] [--broker kafka] [--out NAME] NODEID...

Each round is one pytest session over every NODEID (a case with both delivery modes is parametrized by them), on
`--workers` pytest-xdist workers, each with its own broker. No retry: a failed case is a failed run, its first
line kept. Every round records its start, the commit, the 1/5/15-minute load averages at its start and end
(the machine is shared), and each case's outcome and duration from pytest's JUnit report. Rounds are appended to
bench/results/<NAME>.json (default operations_repeated_runs), which also holds the pass counts per case.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchenv import code_state, machine

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"


def cases(junit: Path) -> dict[str, dict[str, Any]]:
    got: dict[str, dict[str, Any]] = {}
    for tc in ET.parse(junit).getroot().iter("testcase"):
        name = f"{tc.get('classname', '').rsplit('.', 1)[-1]}::{tc.get('name')}"
        bad = next((c for c in tc if c.tag in ("failure", "error")), None)
        skipped = next((c for c in tc if c.tag == "skipped"), None)
        outcome = "failed" if bad is not None else "skipped" if skipped is not None else "passed"
        why = (bad if bad is not None else skipped)
        got[name] = {"outcome": outcome, "seconds": round(float(tc.get("time", 0)), 1)}
        if why is not None:
            got[name]["why"] = (why.get("message") or "").strip().splitlines()[0][:300] if why.get("message") else ""
    return got


def tally(rounds: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    counts: dict[str, dict[str, int]] = {}
    for r in rounds:
        for name, c in r["cases"].items():
            row = counts.setdefault(name, {"runs": 0, "passed": 0, "failed": 0, "skipped": 0})
            row["runs"] += 1
            row[c["outcome"]] += 1
    return dict(sorted(counts.items()))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--broker", default="kafka")
    ap.add_argument("--out", default="operations_repeated_runs")
    ap.add_argument("--keep", type=Path, default=None,
                    help="keep each round's pytest output and temporary files (workers' logs) under this folder")
    ap.add_argument("nodeids", nargs="+")
    a = ap.parse_args()
    path = RESULTS / f"{a.out}.json"
    doc: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {
        "bench": "repeated_runs", "machine": machine(), "shared_machine": True,
        "note": "the machine (2 cores) is shared by up to 8 helpers' sessions at once: load averages per round",
        "rounds": []}
    for _ in range(a.rounds):
        with tempfile.TemporaryDirectory() as tmp:
            junit = Path(tmp) / "junit.xml"
            load0 = os.getloadavg()
            started = datetime.now(UTC).isoformat(timespec="seconds")
            t = time.monotonic()
            keep = a.keep / f"round{len(doc['rounds']) + 1}" if a.keep else None
            cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", f"--broker={a.broker}",
                   "-n", str(a.workers), f"--junitxml={junit}", *a.nodeids]
            if keep is not None:
                keep.mkdir(parents=True, exist_ok=True)
                cmd.insert(-len(a.nodeids), f"--basetemp={keep / 'tmp'}")
            proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
            if keep is not None:
                (keep / "pytest.log").write_text(proc.stdout + proc.stderr)
            got = cases(junit) if junit.exists() else {}
            r = {"started": started, "code": code_state(), "wall_s": round(time.monotonic() - t),
                 "workers": a.workers, "broker": a.broker, "exit": proc.returncode,
                 "loadavg_start": [round(x, 2) for x in load0],
                 "loadavg_end": [round(x, 2) for x in os.getloadavg()], "cases": got}
            if not got:
                r["output_tail"] = proc.stdout[-2000:] + proc.stderr[-2000:]
        doc["rounds"].append(r)
        doc["date"] = datetime.now(UTC).isoformat(timespec="seconds")
        doc["command"] = "python bench/repeat_cases.py " + " ".join(sys.argv[1:])
        doc["pass_counts"] = tally(doc["rounds"])
        path.write_text(json.dumps(doc, indent=2) + "\n")
        bad = {k: v for k, v in got.items() if v["outcome"] != "passed"}
        print(f"round {len(doc['rounds'])}: {len(got) - len(bad)}/{len(got)} passed in {r['wall_s']}s "
              f"(load {r['loadavg_start'][0]} -> {r['loadavg_end'][0]}) {bad if bad else ''}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
