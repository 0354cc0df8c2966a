"""Proof on real data: every dashboard query and every rule expression returns data from a real Prometheus.

A `toolmend demo --forever` (embedded broker, generator of fault-injected traffic, worker) is scraped every
second by Debian's `prometheus`, started on a free loopback port with the rule files of deploy/prometheus/
loaded (evaluated every second). Once the worker has processed traffic, this test evaluates through the HTTP
API (`/api/v1/query`, instant queries):

- every target expression of every panel of every dashboard in dashboards/, with the Grafana variables
  expanded as the `All` selection expands them (`$mode` and the `allValue: .*` variables to `.*`, the
  variables without an allValue to the regex of the values their own `label_values()` query returns), and
  `$__rate_interval` / `$__interval` / `$__range` replaced by windows that fit this short run;
- every variable query (`label_values(metric, label)` as `group by (label) (metric)`);
- every recording rule, both its expression and the series it records;
- every alerting rule's *signals*: alert expressions are clauses `<signal> <op> <number>` or
  `absent(<signal>)` joined by and/or/unless (the shape that tests/unit/deploy/test_dashboards.py enforces), and
  each <signal> must return data: on healthy demo traffic the full alert expression is rightly empty, so it is
  the thresholds' side that the promtool unit tests cover, and the signals' side that this test proves.

Each query must return at least one sample with a finite value. All failures are collected and reported
together. Queries are retried every couple of seconds until all pass or the deadline comes, so the run lasts
only as long as the slowest panel needs to get data (rate windows need two scrapes, some signals need the
generator to have injected their fault).
"""

from __future__ import annotations

import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.support.brokers import free_port
from tests.support.prometheus import alert_signals, binary

pytestmark = [pytest.mark.prometheus, pytest.mark.timeout(240)]

ROOT = Path(__file__).resolve().parents[2]
DASHBOARDS = sorted((ROOT / "dashboards").glob("*.json"))
RULE_FILES = [ROOT / "deploy/prometheus/recording-rules.yml", ROOT / "deploy/prometheus/alerting-rules.yml"]

TRAFFIC_TIMEOUT = 90.0  # broker + worker start, first events processed and scraped
PROOF_TIMEOUT = 60.0  # then, until every query returns data
RETRY_EVERY = 2.0

# Windows used for Grafana's interval macros on this 1 s-scrape run.
MACROS = {
    "__rate_interval": "30s",
    "__interval": "5s",
    "__range": "1m",
}


# --- processes -----------------------------------------------------------------------------------------------


def toolmend_command() -> str:
    sibling = Path(sys.executable).parent / "toolmend"
    if sibling.exists():
        return str(sibling)
    found = shutil.which("toolmend")
    if found is None:
        pytest.fail("the `toolmend` command is not installed (pip install -e .)")
    return found


def stop(proc: subprocess.Popen[bytes], *, group: bool) -> None:
    """Stop a process this test started (and, with group, the process group it leads)."""
    if proc.poll() is not None:
        return
    try:
        if group:
            os.killpg(proc.pid, signal.SIGTERM)
        else:
            proc.terminate()
        proc.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            if group:
                os.killpg(proc.pid, signal.SIGKILL)
            else:
                proc.kill()
        except ProcessLookupError:
            pass
        proc.wait(timeout=10)


def tail(path: Path, lines: int = 40) -> str:
    if not path.exists():
        return "(no log)"
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


@dataclass
class Stack:
    prom_url: str
    worker: subprocess.Popen[bytes]
    prometheus: subprocess.Popen[bytes]
    worker_log: Path
    prom_log: Path

    def logs(self) -> str:
        return (
            f"--- worker (exit {self.worker.poll()}) ---\n{tail(self.worker_log)}\n"
            f"--- prometheus (exit {self.prometheus.poll()}) ---\n{tail(self.prom_log)}"
        )


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    prometheus = binary("prometheus")
    tmp = tmp_path_factory.mktemp("prometheus-proof")
    metrics_port, prom_port = free_port(), free_port()

    worker_log = tmp / "worker.log"
    with worker_log.open("wb") as out:
        worker = subprocess.Popen(
            [toolmend_command(), "demo", "--forever", "--metrics-port", str(metrics_port)],
            cwd=tmp,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: the embedded broker goes down with it
        )

    # JSON is YAML: no YAML library needed to write the configuration.
    config = {
        "global": {"scrape_interval": "1s", "scrape_timeout": "1s", "evaluation_interval": "1s"},
        "rule_files": [str(path) for path in RULE_FILES],
        "scrape_configs": [
            {
                "job_name": "toolmend",
                "static_configs": [{"targets": [f"127.0.0.1:{metrics_port}"], "labels": {"mode": "live"}}],
            }
        ],
    }
    config_path = tmp / "prometheus.yml"
    config_path.write_text(json.dumps(config, indent=2))
    prom_log = tmp / "prometheus.log"
    with prom_log.open("wb") as out:
        prom = subprocess.Popen(
            [
                prometheus,
                f"--config.file={config_path}",
                f"--storage.tsdb.path={tmp / 'data'}",
                f"--web.listen-address=127.0.0.1:{prom_port}",
                "--log.level=warn",
            ],
            cwd=tmp,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    s = Stack(f"http://127.0.0.1:{prom_port}", worker, prom, worker_log, prom_log)
    try:
        wait_ready(s)
        yield s
    finally:
        stop(prom, group=False)
        stop(worker, group=True)


def api(stack: Stack, path: str, params: dict[str, str] | None = None) -> Any:
    data = urllib.parse.urlencode(params).encode() if params is not None else None
    request = urllib.request.Request(stack.prom_url + path, data=data)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            body = json.load(response)
    except urllib.error.HTTPError as err:  # 400/422: a bad query; the body says why
        body = json.load(err)
    return body


def wait_ready(stack: Stack) -> None:
    deadline = time.monotonic() + 30
    while True:
        if stack.prometheus.poll() is not None:
            pytest.fail(f"prometheus exited\n{stack.logs()}")
        try:
            with urllib.request.urlopen(stack.prom_url + "/-/ready", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"prometheus not ready after 30 s\n{stack.logs()}")
        time.sleep(0.2)


# --- queries -------------------------------------------------------------------------------------------------


@dataclass
class Check:
    what: str  # where the query comes from, for the report
    query: str  # as shipped
    expr: str  # as evaluated


def query(stack: Stack, expr: str) -> tuple[list[dict[str, Any]] | None, str]:
    """(result, problem): the vector result of an instant query, or None and why."""
    body = api(stack, "/api/v1/query", {"query": expr})
    if body.get("status") != "success":
        return None, f"{body.get('errorType')}: {body.get('error')}"
    data = body["data"]
    if data["resultType"] == "scalar":
        return [{"metric": {}, "value": data["result"]}], ""
    if data["resultType"] != "vector":
        return None, f"unexpected result type {data['resultType']}"
    return data["result"], ""


def problem_of(stack: Stack, expr: str) -> str:
    """Empty if the query returns at least one finite sample, else what is wrong."""
    result, problem = query(stack, expr)
    if result is None:
        return problem
    if not result:
        return "no data"
    values = [float(sample["value"][1]) for sample in result]
    if not any(math.isfinite(v) for v in values):
        return f"no finite value: {values}"
    return ""


def wait_for_traffic(stack: Stack) -> None:
    deadline = time.monotonic() + TRAFFIC_TIMEOUT
    while True:
        for proc, name in ((stack.worker, "toolmend demo"), (stack.prometheus, "prometheus")):
            if proc.poll() is not None:
                pytest.fail(f"{name} exited with {proc.returncode}\n{stack.logs()}")
        result, _ = query(stack, 'sum(toolmend_events_total{job="toolmend", outcome="processed"})')
        if result and float(result[0]["value"][1]) > 0:
            return
        if time.monotonic() > deadline:
            pytest.fail(f"no processed event scraped after {TRAFFIC_TIMEOUT:.0f} s\n{stack.logs()}")
        time.sleep(1)


LABEL_VALUES = re.compile(r"^\s*label_values\(\s*(?P<metric>.+)\s*,\s*(?P<label>[a-zA-Z_][a-zA-Z0-9_]*)\s*\)\s*$")


def variable_query(var: dict[str, Any]) -> str:
    definition = var.get("definition") or var["query"]
    if isinstance(definition, dict):
        definition = definition["query"]
    return str(definition)


def grafana_regex(values: list[str]) -> str:
    """How Grafana formats a multi-value selection for a Prometheus `=~` matcher (inside a PromQL string)."""
    escaped = [re.sub(r"([\\^$.|?*+()\[\]{}])", r"\\\\\1", value) for value in values]
    return "(" + "|".join(escaped) + ")"


def expand(expr: str, variables: dict[str, str]) -> str:
    values = {**MACROS, **variables}

    def substitute(match: re.Match[str]) -> str:
        name = match.group(1) or match.group(2)
        if name not in values:
            raise KeyError(f"unknown variable ${name}")
        return values[name]

    return re.sub(r"\$\{(\w+)(?::\w+)?\}|\$(\w+)", substitute, expr)


def dashboard_checks(stack: Stack, path: Path) -> tuple[list[Check], list[str]]:
    """The checks of one dashboard, with its variables expanded to `All`; and the variable failures."""
    dashboard = json.loads(path.read_text())
    variables: dict[str, str] = {}
    failures: list[str] = []
    checks: list[Check] = []
    for var in dashboard["templating"]["list"]:
        name = var["name"]
        if var["type"] == "datasource":
            continue
        if var["type"] == "custom":
            variables[name] = var.get("allValue") or grafana_regex([v.strip() for v in var["query"].split(",")])
            continue
        shipped = variable_query(var)
        match = LABEL_VALUES.match(shipped)
        if match is None:
            failures.append(f"{path.name} variable ${name}: not a label_values(metric, label) query: {shipped}")
            continue
        label = match.group("label")
        expr = expand(f"group by ({label}) ({match.group('metric')})", variables)
        result, problem = query(stack, expr)
        found = sorted({s["metric"].get(label, "") for s in result or []} - {""})
        if not found:
            failures.append(f"{path.name} variable ${name}: {problem or 'no values'}\n    query: {expr}")
            variables[name] = ".*"
            continue
        variables[name] = var.get("allValue") or grafana_regex(found)
    for panel in dashboard["panels"]:
        for target in panel.get("targets", []):
            checks.append(
                Check(
                    f"{path.name} panel {panel['id']} {panel['title']!r} target {target['refId']}",
                    target["expr"],
                    expand(target["expr"], variables),
                )
            )
    return checks, failures


def rule_checks(stack: Stack) -> tuple[list[Check], list[str]]:
    """Checks of every loaded rule (as Prometheus parsed it), and the rule-health failures."""
    body = api(stack, "/api/v1/rules")
    checks: list[Check] = []
    failures: list[str] = []
    for group in body["data"]["groups"]:
        for rule in group["rules"]:
            if rule.get("health") == "err" or rule.get("lastError"):
                failures.append(f"rule {rule['name']}: {rule.get('lastError')}")
            if rule["type"] == "recording":
                checks.append(Check(f"recording rule {rule['name']} (expression)", rule["query"], rule["query"]))
                checks.append(Check(f"recording rule {rule['name']} (recorded series)", rule["name"], rule["name"]))
                continue
            try:
                signals = alert_signals(rule["query"])
            except ValueError as err:
                failures.append(f"alert {rule['name']}: {err}")
                continue
            for sig in signals:
                checks.append(Check(f"alert {rule['name']} signal", rule["query"], sig))
    return checks, failures


def test_every_dashboard_query_and_rule_returns_data(stack: Stack) -> None:
    assert DASHBOARDS, "no dashboard in dashboards/"
    start = time.monotonic()
    wait_for_traffic(stack)
    traffic_at = time.monotonic()

    loaded = api(stack, "/api/v1/rules")["data"]["groups"]
    assert {g["name"] for g in loaded} >= {"toolmend.recording", "toolmend.alerts"}, loaded

    deadline = time.monotonic() + PROOF_TIMEOUT
    while True:
        failures: list[str] = []
        checks: list[Check] = []
        for path in DASHBOARDS:
            more, bad = dashboard_checks(stack, path)
            checks += more
            failures += bad
        more, bad = rule_checks(stack)
        checks += more
        failures += bad
        for check in checks:
            problem = problem_of(stack, check.expr)
            if problem:
                failures.append(f"{check.what}: {problem}\n    query: {' '.join(check.expr.split())}")
        if not failures or time.monotonic() > deadline:
            break
        if stack.worker.poll() is not None or stack.prometheus.poll() is not None:
            break
        time.sleep(RETRY_EVERY)

    print(
        f"\n{len(checks)} queries checked, {len(failures)} failing; first processed event scraped after "
        f"{traffic_at - start:.1f} s, last attempt {time.monotonic() - traffic_at:.1f} s later"
    )
    assert not failures, (
        f"{len(failures)} of {len(checks)} queries returned no data on the demo traffic:\n"
        + "\n".join(failures)
        + f"\n{stack.logs()}"
    )
