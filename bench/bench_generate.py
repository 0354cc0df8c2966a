"""The README's first-day traffic line, `toolmend generate --bootstrap-servers B --topic conversations
--conversations 500`, timed end to end on a real broker: now (the checkout, several rounds, a fresh topic each),
and before (a commit's `processor/` extracted from git, run for `--before-seconds`, its records counted: it paced
every record to event time, so its whole run lasts the events' event-time span, also recorded).

    python bench/bench_generate.py [--broker tansu|kafka] [--rounds 3] [--before 8da33e3] [--before-seconds 60]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
for p in (ROOT, BENCH):
    if str(p) not in sys.path:
        sys.path.append(str(p))

from benchenv import code_state, machine, stats  # noqa: E402

RESULTS = BENCH / "results"
ARGS = ["--conversations", "500"]


def _cli(pythonpath: Path | None = None) -> tuple[list[str], dict[str, str]]:
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return [sys.executable, "-m", "processor.shell.cli", "generate"], env


async def _topic(bootstrap: str, name: str) -> None:
    from processor.shell.config import Settings
    from processor.shell.kafka import ensure_topics

    await ensure_topics(Settings(bootstrap_servers=bootstrap), [(name, 4, {"max.message.bytes": str(8 << 20)})])


async def _count(bootstrap: str, topic: str) -> int:
    from tests.integration.harness import read_all  # Tansu under-reports end offsets: read them all

    return len(await read_all(bootstrap, topic))


def event_span_min() -> tuple[float, int]:
    """The event-time span (minutes) and the number of the records the README's line generates."""
    import orjson

    cmd, env = _cli()
    out = subprocess.run([*cmd, *ARGS, "--partitions", "4"], env=env, capture_output=True, check=True,
                         cwd=ROOT).stdout
    ts = []
    n = 0
    for line in out.splitlines():
        n += 1
        v = orjson.loads(line)["value"]
        if isinstance(v, dict) and isinstance(v.get("ts"), int):
            ts.append(v["ts"])
    return round((max(ts) - min(ts)) / 60000, 2), n


def now_rounds(bootstrap: str, rounds: int) -> list[dict[str, Any]]:
    out = []
    for i in range(rounds):
        topic = f"conversations.now{i}.{time.time_ns() % 10**6}"
        asyncio.run(_topic(bootstrap, topic))
        cmd, env = _cli()
        t = time.perf_counter()
        r = subprocess.run([*cmd, "--bootstrap-servers", bootstrap, "--topic", topic, *ARGS], env=env,
                           capture_output=True, text=True, cwd=ROOT)
        wall = time.perf_counter() - t
        on_topic = asyncio.run(_count(bootstrap, topic))
        out.append({"wall_s": round(wall, 2), "exit": r.returncode, "on_topic": on_topic,
                    "summary": r.stderr.strip().splitlines()[-1] if r.stderr.strip() else ""})
        print(f"  now {i}: {out[-1]}")
    return out


def before_run(bootstrap: str, commit: str, seconds: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="toolmend-before-") as d:
        archive = subprocess.run(["git", "archive", commit, "processor"], cwd=ROOT, capture_output=True,
                                 check=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(d, filter="data")
        topic = f"conversations.before.{time.time_ns() % 10**6}"
        asyncio.run(_topic(bootstrap, topic))
        cmd, env = _cli(Path(d))
        p = subprocess.Popen([*cmd, "--bootstrap-servers", bootstrap, "--topic", topic, *ARGS], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=d)
        time.sleep(seconds)
        p.send_signal(signal.SIGINT)
        try:
            _, err = p.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            _, err = p.communicate()
        on_topic = asyncio.run(_count(bootstrap, topic))
    return {"commit": commit, "ran_s": seconds, "records_on_topic": on_topic, "stderr_lines": len(err.splitlines()),
            "printed_before_interrupt": err.strip()[:300]}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--broker", choices=("tansu", "kafka"), default="tansu")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--before", default=None, metavar="COMMIT")
    ap.add_argument("--before-seconds", type=float, default=60.0)
    a = ap.parse_args()
    from tests.support.brokers import start_broker

    started = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    span, records = event_span_min()
    doc: dict[str, Any] = {"line": "toolmend generate --bootstrap-servers B --topic T --conversations 500",
                           "broker": a.broker, "records": records, "event_time_span_min": span}
    with start_broker(a.broker) as b:
        rounds = now_rounds(b.bootstrap, a.rounds)
        doc["now"] = {"rounds": rounds, "wall_s": stats([r["wall_s"] for r in rounds], higher_is_better=False)}
        if a.before:
            before = before_run(b.bootstrap, a.before, a.before_seconds)
            rate = before["records_on_topic"] / a.before_seconds
            before["records_per_s"] = round(rate, 1)
            before["whole_run_min"] = span  # paced to event time: the run lasts the events' span
            doc["before"] = before
    doc.update({"command": " ".join(sys.argv), "date": started, "load_avg": os.getloadavg(),
                "machine": machine(), "code": code_state()})
    RESULTS.mkdir(parents=True, exist_ok=True)
    name = f"generate_first_day{'_kafka' if a.broker == 'kafka' else ''}.json"
    (RESULTS / name).write_text(json.dumps(doc, indent=2) + "\n")
    print(f"-> bench/results/{name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
