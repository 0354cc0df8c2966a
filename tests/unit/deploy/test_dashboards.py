"""Structure of the dashboards, the Prometheus rules and the deployment files.

What the dashboards and rules *return on real data* is proven by tests/integration/test_prometheus_proof.py;
here: they are well formed, follow the conventions (one `datasource` variable used everywhere, every query
filtered by `mode`, only metrics of the catalog), the rule files pass `promtool check rules` and their
`promtool test rules` unit tests, every alert has firing and quiet tests, annotations and a runbook section.

promtool and prometheus come from Debian's `prometheus` package: deploy/prometheus/install.sh (run by
.ci/run). The rules are read as Prometheus itself parses them (a Prometheus with only the rule files loaded,
`/api/v1/rules`), so no YAML library is needed.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.brokers import free_port
from tests.support.prometheus import alert_signals, binary

ROOT = Path(__file__).resolve().parents[3]
DASHBOARD_DIR = ROOT / "dashboards"
PROM_DIR = ROOT / "deploy" / "prometheus"
RULE_FILES = [PROM_DIR / "recording-rules.yml", PROM_DIR / "alerting-rules.yml"]
RULE_TESTS = sorted((PROM_DIR / "tests").glob("*.yml"))
RUNBOOK = ROOT / "docs" / "runbook.md"
K8S = ROOT / "deploy" / "k8s"
DS = {"type": "prometheus", "uid": "${datasource}"}

DASHBOARDS: dict[str, dict[str, Any]] = {
    "conversation-health.json": {
        "uid": "toolmend-conversation-health",
        "variables": ["datasource", "mode", "job", "model", "tool", "app_version"],
        # label of a catalog metric or recording rule -> the variable every selector of it must filter on
        "filters": {"job": "job", "model": "model", "tool": "tool", "app_version": "app_version"},
    },
    "stream-health.json": {
        "uid": "toolmend-stream-health",
        "variables": ["datasource", "mode", "job", "instance"],
        "filters": {"job": "job", "instance": "instance"},  # target labels: every metric has them
    },
}
ALERTS = {
    "ToolmendDanglingRateAboveBaseline",
    "ToolmendTextOnlyRegressions",
    "ToolmendToolHistoryErased",
    "ToolmendBlindRetriesOfWrites",
    "ToolmendConsumerLagSLO",
    "ToolmendNoProgress",
    "ToolmendDeadLetterRate",
    "ToolmendEventTimeDeadLetters",
    "ToolmendWorkerDown",
}
HEADLINE_RECORDING_RULES = {"toolmend:dangling_rate:ratio_rate5m", "toolmend:text_only_share:ratio_rate5m"}


# --- helpers -------------------------------------------------------------------------------------------------


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DASHBOARD_DIR / name).read_text(encoding="utf-8"))
    return data


def catalog() -> dict[str, set[str]]:
    """Metric name -> labels, from the table of docs/metrics.md."""
    metrics: dict[str, set[str]] = {}
    for line in (ROOT / "docs" / "metrics.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`toolmend_"):
            continue
        metrics[cells[0].strip("`")] = set(re.findall(r"`([a-z_]+)`", cells[2]))
    return metrics


def catalog_name(metric: str, known: dict[str, set[str]]) -> str | None:
    """The catalog entry a series name belongs to (histogram series have suffixes)."""
    if metric in known:
        return metric
    for suffix in ("_bucket", "_sum", "_count"):
        if metric.endswith(suffix) and metric[: -len(suffix)] in known:
            return metric[: -len(suffix)]
    return None


def recorded_names() -> set[str]:
    return set(recorded_labels())


def recorded_labels() -> dict[str, set[str]]:
    """Recording rule -> the labels its series keep: those of its first `by (...)`, else those of the rules it
    is computed from."""
    text = (PROM_DIR / "recording-rules.yml").read_text(encoding="utf-8")
    exprs = dict(re.findall(r"^\s*-\s*record:\s*(\S+)\s*\n\s*expr:\s*(.*?)(?=^\s*(?:-\s*record:|#)|\Z)", text,
                            re.M | re.S))
    labels: dict[str, set[str]] = {}

    def of(name: str) -> set[str]:
        if name not in labels:
            by = re.search(r"\bby\s*\(([^)]*)\)", exprs[name])
            if by:
                labels[name] = {x.strip() for x in by.group(1).split(",")}
            else:
                labels[name] = set().union(*(of(r) for r in re.findall(r"toolmend:[a-z0-9_:]+", exprs[name])))
        return labels[name]

    for name in exprs:
        of(name)
    return labels


SELECTOR = re.compile(r"(?P<name>[a-zA-Z_:][a-zA-Z0-9_:]*)?\s*\{(?P<body>[^{}]*)\}")
GROUPING = re.compile(r"\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^()]*\)")
KEYWORDS = {"and", "or", "unless", "bool", "offset", "by", "without", "on", "ignoring", "group_left",
            "group_right", "inf", "nan", "SELECTOR"}  # fmt: skip


def selectors(expr: str) -> tuple[list[tuple[str, str]], list[str]]:
    """(name, matcher body) of every selector with braces, and the bare metric names (without braces)."""
    found = [(m.group("name") or "", m.group("body")) for m in SELECTOR.finditer(expr)]
    rest = SELECTOR.sub(" SELECTOR ", expr)
    rest = re.sub(r"\[[^\]]*\]", " ", rest)  # range and subquery windows
    rest = GROUPING.sub(" ", rest)
    bare = [
        m.group(0)
        for m in re.finditer(r"(?<![\w.:])[a-zA-Z_:][a-zA-Z0-9_:]*(?![\w:])(?!\s*\()", rest)
        if m.group(0) not in KEYWORDS
    ]
    return found, bare


def panels(dashboard: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for panel in dashboard["panels"]:
        yield panel
        yield from panel.get("panels", [])  # collapsed rows keep their panels inside


def data_panels(dashboard: dict[str, Any]) -> list[dict[str, Any]]:
    return [p for p in panels(dashboard) if p["type"] != "row"]


def variable_query(var: dict[str, Any]) -> str:
    query = var.get("definition") or var.get("query")
    if isinstance(query, dict):
        query = query["query"]
    return str(query)


# --- dashboards ----------------------------------------------------------------------------------------------


def test_dashboard_files_are_what_the_generator_makes() -> None:
    run = subprocess.run(
        [sys.executable, str(DASHBOARD_DIR / "generate.py"), "--check"], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in DASHBOARD_DIR.glob("*.json")) == sorted(DASHBOARDS)


@pytest.mark.parametrize("name", sorted(DASHBOARDS))
def test_dashboard_model(name: str) -> None:
    d = load(name)
    spec = DASHBOARDS[name]
    assert d["uid"] == spec["uid"]
    assert 36 <= d["schemaVersion"] <= 41
    assert d["title"] and d["id"] is None
    assert "toolmend" in d["tags"]
    variables = {v["name"]: v for v in d["templating"]["list"]}
    assert [v["name"] for v in d["templating"]["list"]] == spec["variables"]

    ds = variables["datasource"]
    assert (ds["type"], ds["query"]) == ("datasource", "prometheus")

    mode = variables["mode"]
    assert mode["type"] == "custom"
    assert [v.strip() for v in mode["query"].split(",")] == ["live", "replay"]
    assert mode["includeAll"] is True and mode["allValue"] == ".*"

    for var in d["templating"]["list"]:
        if var["type"] != "query":
            continue
        assert var["datasource"] == DS, var["name"]
        query = variable_query(var)
        assert re.fullmatch(r"label_values\(.+,\s*\w+\)", query), (var["name"], query)
        assert 'mode=~"$mode"' in query, (var["name"], query)
        assert var["includeAll"] is True


@pytest.mark.parametrize("name", sorted(DASHBOARDS))
def test_every_panel_and_target_uses_the_datasource_variable(name: str) -> None:
    d = load(name)
    ids = [p["id"] for p in panels(d)]
    assert len(ids) == len(set(ids)), f"duplicate panel ids: {ids}"
    assert data_panels(d)
    for panel in data_panels(d):
        where = f"panel {panel['id']} {panel['title']!r}"
        assert panel["datasource"] == DS, where
        assert panel["targets"], f"{where}: no target"
        assert panel.get("description"), f"{where}: no description"
        grid = panel["gridPos"]
        assert grid["x"] >= 0 and grid["w"] > 0 and grid["x"] + grid["w"] <= 24, where
        ref_ids = [t["refId"] for t in panel["targets"]]
        assert len(ref_ids) == len(set(ref_ids)), f"{where}: duplicate refIds {ref_ids}"
        for target in panel["targets"]:
            assert target["datasource"] == DS, f"{where} target {target['refId']}"
            assert target.get("expr", "").strip(), f"{where} target {target['refId']}: no expr"
    # No hard-coded data source anywhere (only the variable, and Grafana's built-in annotations).
    uids = set(re.findall(r'"uid":\s*"([^"]*)"', json.dumps(d)))
    assert uids <= {"${datasource}", "-- Grafana --", d["uid"]}, uids


@pytest.mark.parametrize("name", sorted(DASHBOARDS))
def test_every_query_filters_mode_and_uses_catalog_metrics(name: str) -> None:
    d = load(name)
    known = catalog()
    recorded = recorded_labels()
    filters: dict[str, str] = DASHBOARDS[name]["filters"]
    problems = []
    for panel in data_panels(d):
        for target in panel["targets"]:
            where = f"panel {panel['id']} {panel['title']!r} target {target['refId']}"
            found, bare = selectors(target["expr"])
            if bare:
                problems.append(f"{where}: selector without matchers (no mode filter): {bare}")
            for metric, body in found:
                if 'mode=~"$mode"' not in body:
                    problems.append(f'{where}: {metric}{{{body}}} does not filter mode=~"$mode"')
                if metric.startswith("toolmend:"):
                    if metric not in recorded:
                        problems.append(f"{where}: {metric} is no recording rule of recording-rules.yml")
                        continue
                    labels = recorded[metric]
                elif metric.startswith("toolmend_"):
                    entry = catalog_name(metric, known)
                    if entry is None:
                        problems.append(f"{where}: {metric} is not in docs/metrics.md")
                        continue
                    labels = known[entry] | {"job", "instance"}
                elif metric.startswith("process_") or metric == "up":
                    labels = {"job", "instance"}
                else:
                    problems.append(f"{where}: unexpected metric {metric!r}")
                    continue
                for label, var in filters.items():
                    if label in labels and f'{label}=~"${var}"' not in body:
                        problems.append(f'{where}: {metric} does not filter {label}=~"${var}"')
    assert not problems, "\n".join(problems)


def test_provisioning_files() -> None:
    datasources = (DASHBOARD_DIR / "provisioning" / "datasources.yaml").read_text(encoding="utf-8")
    assert re.search(r"^apiVersion: 1$", datasources, re.M)
    assert re.search(r"^\s+type: prometheus$", datasources, re.M)
    providers = (DASHBOARD_DIR / "provisioning" / "dashboards.yaml").read_text(encoding="utf-8")
    assert re.search(r"^apiVersion: 1$", providers, re.M)
    assert re.search(r"^\s+type: file$", providers, re.M)
    assert re.search(r"^\s+path: /\S+$", providers, re.M)


def test_recorded_rates_are_read_from_their_rules() -> None:
    """Where a recording rule keeps every label a dashboard filters and groups by, the dashboard reads it rather
    than recomputing the rate (the per-model/tool/app-version rules exist for Conversation health)."""
    raw = re.compile(r"rate\((toolmend_tool_calls_total|toolmend_dangling_tool_calls_total|"
                     r"toolmend_assistant_turns_after_tool_total)\b")
    used = set()
    for name in DASHBOARDS:
        for panel in data_panels(load(name)):
            for target in panel["targets"]:
                assert not raw.search(target["expr"]), f"{name} panel {panel['title']!r} recomputes a recorded rate"
                used |= set(re.findall(r"toolmend:[a-z0-9_]+:[a-z0-9_]+", target["expr"]))
    assert {"toolmend:tool_calls_by_model_tool:rate5m", "toolmend:dangling_tool_calls_by_reason_model_tool:rate5m",
            "toolmend:assistant_turns_after_tool_by_outcome_model_app_version:rate5m",
            "toolmend:consumer_lag_seconds:max", "toolmend:events_by_instance:rate2m"} <= used


# --- rules ---------------------------------------------------------------------------------------------------


def test_promtool_check_rules_and_config() -> None:
    promtool = binary("promtool")
    run = subprocess.run(
        [promtool, "check", "rules", "--lint=all", *map(str, RULE_FILES)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr
    run = subprocess.run(
        [promtool, "check", "config", str(PROM_DIR / "prometheus.yml")], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_promtool_test_rules() -> None:
    promtool = binary("promtool")
    assert RULE_TESTS
    run = subprocess.run(
        [promtool, "test", "rules", *map(str, RULE_TESTS)], capture_output=True, text=True, cwd=PROM_DIR
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_alert_has_firing_and_quiet_unit_tests() -> None:
    """Every alert is expected to fire somewhere in the promtool tests, and expected quiet somewhere else."""
    alerts = set(re.findall(r"^\s*-\s*alert:\s*(\w+)\s*$", (PROM_DIR / "alerting-rules.yml").read_text(), re.M))
    assert alerts == ALERTS
    firing: set[str] = set()
    quiet: set[str] = set()
    for path in RULE_TESTS:
        text = path.read_text(encoding="utf-8")
        assert "../recording-rules.yml" in text and "../alerting-rules.yml" in text, path.name
        for block in re.split(r"^\s*- eval_time:", text, flags=re.M)[1:]:
            name = re.search(r"alertname:\s*(\w+)", block)
            assert name, f"{path.name}: eval block without alertname"
            if re.search(r"exp_alerts:\s*\[\]", block):
                quiet.add(name.group(1))
            elif re.search(r"exp_alerts:\s*\n\s*- exp_labels:", block):
                firing.add(name.group(1))
    assert ALERTS - firing == set(), "alerts never expected to fire"
    assert ALERTS - quiet == set(), "alerts never expected to stay quiet"


@pytest.fixture(scope="module")
def loaded_rules(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[dict[str, Any]]]:
    """The rules as Prometheus parses them: a Prometheus with only the rule files (no target), briefly."""
    prometheus = binary("prometheus")
    tmp = tmp_path_factory.mktemp("rules-only")
    config = tmp / "prometheus.yml"  # JSON is YAML
    config.write_text(json.dumps({"rule_files": [str(p) for p in RULE_FILES]}))
    port = free_port()
    log = tmp / "prometheus.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [
                prometheus,
                f"--config.file={config}",
                f"--storage.tsdb.path={tmp / 'data'}",
                f"--web.listen-address=127.0.0.1:{port}",
                "--log.level=warn",
            ],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/rules", timeout=2) as response:
                    rules = [r for g in json.load(response)["data"]["groups"] for r in g["rules"]]
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"prometheus did not start:\n{log.read_text(errors='replace')}")
                time.sleep(0.2)
        yield rules
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()




def test_alert_expressions_are_thresholds_on_proven_signals(loaded_rules: list[dict[str, Any]]) -> None:
    recorded = {r["name"] for r in loaded_rules if r["type"] == "recording"}
    alerts = [r for r in loaded_rules if r["type"] == "alerting"]
    assert {a["name"] for a in alerts} == ALERTS
    for alert in alerts:
        signals = alert_signals(alert["query"])
        for sig in signals:
            metric = sig.split("{", 1)[0]
            assert metric in recorded or metric == "up", f"{alert['name']}: {metric} is no recording rule"
            if alert["name"] != "ToolmendWorkerDown":
                assert 'mode="live"' in sig, f'{alert["name"]}: {sig} does not select mode="live"'


def test_recording_rules(loaded_rules: list[dict[str, Any]]) -> None:
    recorded = {r["name"] for r in loaded_rules if r["type"] == "recording"}
    assert recorded >= HEADLINE_RECORDING_RULES
    for name in recorded:
        assert re.fullmatch(r"toolmend:[a-z0-9_]+:[a-z0-9_]+", name), name
    assert recorded == recorded_names()


def test_alerts_have_severity_annotations_and_runbook(loaded_rules: list[dict[str, Any]]) -> None:
    runbook = RUNBOOK.read_text(encoding="utf-8")
    sections = dict(re.findall(r"^## (\w+)\n(.*?)(?=^## |\Z)", runbook, re.M | re.S))
    alerts = [r for r in loaded_rules if r["type"] == "alerting"]
    for alert in alerts:
        name = alert["name"]
        assert alert["labels"].get("severity") in {"warning", "critical"}, name
        annotations = alert["annotations"]
        assert annotations.get("summary", "").strip(), name
        assert annotations.get("description", "").strip(), name
        assert annotations.get("runbook_url") == f"docs/runbook.md#{name.lower()}", name
        assert name in sections, f"docs/runbook.md has no section '## {name}'"
        for part in ("**Meaning.**", "**Check.**", "**Fix.**"):
            assert part in sections[name], f"runbook section {name} lacks {part}"
    procedures = {"Backfill"}  # sections of the runbook that are operations, not alerts
    assert set(sections) - procedures == {a["name"] for a in alerts}, "runbook sections without an alert"


# --- Kubernetes ----------------------------------------------------------------------------------------------


def test_k8s_manifests() -> None:
    deployment = (K8S / "statefulset.yaml").read_text(encoding="utf-8")
    for needle in (
        "kind: StatefulSet",
        "path: /healthz",
        "path: /readyz",
        "containerPort: 9108",
        "toolmend.io/mode: live",
        "name: TOOLMEND_GROUP_INSTANCE_ID",
        "limits:",
        "requests:",
    ):
        assert needle in deployment, needle
    job = (K8S / "replay-job.yaml").read_text(encoding="utf-8")
    for needle in ("kind: Job", "toolmend.io/mode: replay", "name: toolmend-replay", "- --from", "- --name"):
        assert needle in job, needle
    monitor = (K8S / "podmonitor.yaml").read_text(encoding="utf-8")
    for needle in ("kind: PodMonitor", "replacement: toolmend", "__meta_kubernetes_pod_label_toolmend_io_mode"):
        assert needle in monitor, needle
    kustomization = (K8S / "kustomization.yaml").read_text(encoding="utf-8")
    for listed in re.findall(r"^\s+-\s+(\S+\.yaml)$", kustomization, re.M):
        assert (K8S / listed).exists(), listed
    settings = (K8S / "toolmend.env").read_text(encoding="utf-8")
    assert set(re.findall(r"^(\w+)=", settings, re.M)) <= settings_env(), (
        "toolmend.env sets a variable the worker does not know"
    )


def settings_env() -> set[str]:
    """TOOLMEND_* variables the worker reads (its pydantic Settings), from the source, without importing it."""
    source = (ROOT / "processor" / "shell" / "config.py").read_text(encoding="utf-8")
    body = source.split("class Settings", 1)[1].split("\n    @", 1)[0]
    return {"TOOLMEND_" + n.upper() for n in re.findall(r"^    ([a-z_]+):", body, re.M)}
