#!/usr/bin/env python3
"""Generate the Grafana dashboards (classic JSON model) of the toolmend stream worker.

The JSON files next to this script are what Grafana provisions (see provisioning/); this script is their
source, so that every panel gets the same data source, the same variable filters and a laid-out grid.
Edit the panels here, then run:

    python dashboards/generate.py          # rewrite conversation-health.json and stream-health.json
    python dashboards/generate.py --check  # exit 1 if the JSON files are not what this script makes

Conventions (checked by tests/unit/deploy/test_dashboards.py, proven on real data by
tests/integration/test_prometheus_proof.py):
- every panel and every target uses the `datasource` variable (`${datasource}`);
- every query filters on the `mode` target label (`mode=~"$mode"`), and on the other variables that apply to
  its metric (`job` everywhere; `instance` on Stream health, whose figures are per worker: Conversation health
  shows the fleet, recorded by job, mode and the behavioural labels, so an instance filter has nothing to select);
- a panel reads the recording rule of deploy/prometheus/recording-rules.yml that computes its figure where one
  exists (5-minute rates, as the alerts see them), raw series otherwise;
- rate windows of raw series are `$__rate_interval`, totals over the dashboard's time range use `$__range`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DS = {"type": "prometheus", "uid": "${datasource}"}
RI = "$__rate_interval"

Json = dict[str, Any]


# --- variables ---------------------------------------------------------------------------------------------


def datasource_variable() -> Json:
    return {
        "name": "datasource",
        "label": "Data source",
        "type": "datasource",
        "query": "prometheus",
        "current": {},
        "hide": 0,
        "includeAll": False,
        "multi": False,
        "options": [],
        "refresh": 1,
        "regex": "",
        "skipUrlSync": False,
    }


def mode_variable() -> Json:
    return {
        "name": "mode",
        "label": "Mode",
        "description": "live: workers following the input topics; replay: a worker re-reading history",
        "type": "custom",
        "query": "live,replay",
        "includeAll": True,
        "allValue": ".*",
        "multi": True,
        "current": {"selected": True, "text": ["All"], "value": ["$__all"]},
        "options": [
            {"selected": True, "text": "All", "value": "$__all"},
            {"selected": False, "text": "live", "value": "live"},
            {"selected": False, "text": "replay", "value": "replay"},
        ],
        "hide": 0,
        "skipUrlSync": False,
    }


def query_variable(name: str, label: str, query: str, *, all_value: str | None = ".*") -> Json:
    """A multi-value `label_values()` variable; `All` is `all_value`, or the list of values when None."""
    var: Json = {
        "name": name,
        "label": label,
        "type": "query",
        "datasource": DS,
        "definition": query,
        "query": {"query": query, "refId": "PrometheusVariableQueryEditor-VariableQuery"},
        "refresh": 2,  # on time range change
        "includeAll": True,
        "multi": True,
        "current": {"selected": True, "text": ["All"], "value": ["$__all"]},
        "options": [],
        "regex": "",
        "sort": 1,
        "hide": 0,
        "skipUrlSync": False,
    }
    if all_value is not None:
        var["allValue"] = all_value
    return var


# --- panels ------------------------------------------------------------------------------------------------


def target(expr: str, legend: str = "__auto", ref: str = "A", **extra: Any) -> Json:
    t: Json = {
        "datasource": DS,
        "editorMode": "code",
        "expr": expr,
        "legendFormat": legend,
        "range": True,
        "refId": ref,
    }
    t.update(extra)
    return t


def targets(*pairs: tuple[str, str]) -> list[Json]:
    return [target(expr, legend, chr(ord("A") + i)) for i, (expr, legend) in enumerate(pairs)]


def timeseries(
    title: str,
    description: str,
    tgts: list[Json],
    *,
    unit: str = "short",
    width: int = 12,
    height: int = 8,
    stack: bool = False,
    bars: bool = False,
    decimals: int | None = None,
) -> Json:
    defaults: Json = {
        "unit": unit,
        "min": 0,
        "color": {"mode": "palette-classic"},
        "custom": {
            "drawStyle": "bars" if bars else "line",
            "lineWidth": 1,
            "fillOpacity": 80 if bars else 10,
            "showPoints": "never",
            "spanNulls": False,
            "stacking": {"mode": "normal" if stack else "none", "group": "A"},
        },
    }
    if decimals is not None:
        defaults["decimals"] = decimals
    return {
        "type": "timeseries",
        "title": title,
        "description": description,
        "datasource": DS,
        "targets": tgts,
        "fieldConfig": {"defaults": defaults, "overrides": []},
        "options": {
            "legend": {"displayMode": "list", "placement": "bottom", "showLegend": True, "calcs": []},
            "tooltip": {"mode": "multi", "sort": "desc"},
        },
        "_size": (width, height),
    }


def stat(
    title: str,
    description: str,
    tgts: list[Json],
    *,
    unit: str = "short",
    width: int = 4,
    thresholds: list[tuple[float, str]] | None = None,
    text_mode: str = "auto",
    graph: bool = True,
    decimals: int | None = None,
) -> Json:
    steps: list[Json] = [{"color": "green", "value": None}]
    steps += [{"color": color, "value": value} for value, color in thresholds or []]
    defaults: Json = {
        "unit": unit,
        "color": {"mode": "thresholds"},
        "thresholds": {"mode": "absolute", "steps": steps},
    }
    if decimals is not None:
        defaults["decimals"] = decimals
    return {
        "type": "stat",
        "title": title,
        "description": description,
        "datasource": DS,
        "targets": tgts,
        "fieldConfig": {"defaults": defaults, "overrides": []},
        "options": {
            "reduceOptions": {"calcs": ["lastNotNull"], "fields": "", "values": False},
            "colorMode": "value",
            "graphMode": "area" if graph else "none",
            "justifyMode": "auto",
            "orientation": "auto",
            "textMode": text_mode,
        },
        "_size": (width, 4),
    }


def bargauge(title: str, description: str, tgts: list[Json], *, unit: str = "short", width: int = 12) -> Json:
    for t in tgts:
        t["instant"] = True
        t["range"] = False
    return {
        "type": "bargauge",
        "title": title,
        "description": description,
        "datasource": DS,
        "targets": tgts,
        "fieldConfig": {
            "defaults": {
                "unit": unit,
                "min": 0,
                "color": {"mode": "continuous-BlYlRd"},
                "thresholds": {"mode": "absolute", "steps": [{"color": "green", "value": None}]},
            },
            "overrides": [],
        },
        "options": {
            "orientation": "horizontal",
            "displayMode": "gradient",
            "showUnfilled": True,
            "reduceOptions": {"calcs": ["lastNotNull"], "fields": "", "values": False},
        },
        "_size": (width, 8),
    }


def heatmap(title: str, description: str, tgts: list[Json], *, width: int = 12) -> Json:
    for t in tgts:
        t["format"] = "heatmap"
    return {
        "type": "heatmap",
        "title": title,
        "description": description,
        "datasource": DS,
        "targets": tgts,
        "fieldConfig": {"defaults": {}, "overrides": []},
        "options": {
            "calculate": False,
            "yAxis": {"unit": "s"},
            "color": {"mode": "scheme", "scheme": "Oranges", "steps": 64},
            "cellGap": 1,
            "tooltip": {"show": True, "yHistogram": True},
            "legend": {"show": True},
        },
        "_size": (width, 8),
    }


LIVE_ONLY = " · live only"
# Stream health panels whose series only a live worker has (lag, latency, state, process, scrape health)
LIVE_PANELS = {
    "Workers up", "Max lag", "p99 latency", "Processing latency quantiles", "Processing latency distribution",
    "Consumer lag (records) by partition", "Consumer lag (seconds) by partition", "Watermark age by partition",
    "Commits / s by outcome", "Rebalances by kind", "Open conversations and tool calls", "State size",
    "Last state restore duration", "Conversations restored", "Conversations woken / s", "Worker memory (RSS)",
    "Worker CPU", "Open file descriptors",
}


def live_only(panel: Json) -> Json:
    """A panel only a live worker fills: said in its title and description, so that under `mode=replay` (a
    replay's --metrics-file loaded into Prometheus, docs/backfill.md) it is known empty, not broken."""
    if panel["title"] not in LIVE_PANELS:
        return panel
    return {
        **panel,
        "title": panel["title"] + LIVE_ONLY,
        "description": "Live workers only: a replay's metrics file carries the event-derived counters, not lag, "
        "latency, state or process series. " + panel["description"],
    }


def row(title: str) -> Json:
    return {"type": "row", "title": title, "collapsed": False, "panels": [], "_size": (24, 1)}


def layout(items: list[Json]) -> list[Json]:
    """Give every panel an id and a gridPos, filling 24-column lines left to right."""
    panels: list[Json] = []
    x = y = line_height = 0
    for pid, item in enumerate(items, start=1):
        panel = dict(item)
        width, height = panel.pop("_size")
        if panel["type"] == "row" or x + width > 24:
            y += line_height
            x = line_height = 0
        panel["id"] = pid
        panel["gridPos"] = {"h": height, "w": width, "x": x, "y": y}
        x += width
        line_height = max(line_height, height)
        panels.append(panel)
    return panels


def dashboard(uid: str, title: str, description: str, variables: list[Json], items: list[Json]) -> Json:
    return {
        "annotations": {
            "list": [
                {
                    "builtIn": 1,
                    "datasource": {"type": "grafana", "uid": "-- Grafana --"},
                    "enable": True,
                    "hide": True,
                    "iconColor": "rgba(0, 211, 255, 1)",
                    "name": "Annotations & Alerts",
                    "type": "dashboard",
                }
            ]
        },
        "description": description,
        "editable": True,
        "fiscalYearStartMonth": 0,
        "graphTooltip": 1,
        "id": None,
        "links": [
            {
                "type": "dashboards",
                "tags": ["toolmend"],
                "asDropdown": False,
                "includeVars": True,
                "keepTime": True,
                "title": "toolmend",
            }
        ],
        "panels": layout(items),
        "refresh": "30s",
        "schemaVersion": 39,
        "tags": ["toolmend"],
        "templating": {"list": variables},
        "time": {"from": "now-6h", "to": "now"},
        "timepicker": {},
        "timezone": "",
        "title": title,
        "uid": uid,
        "version": 1,
        "weekStart": "",
    }


# --- Conversation health -----------------------------------------------------------------------------------


def conversation_health() -> Json:
    mode = 'job=~"$job", mode=~"$mode"'
    calls = f'{mode}, model=~"$model", tool=~"$tool"'
    turns = f'{mode}, model=~"$model", app_version=~"$app_version"'
    events = f'{mode}, model=~"$model", app_version=~"$app_version", tool=~"$tool"'
    tools = f'{mode}, tool=~"$tool"'  # series labelled by tool only (outcomes, retries)

    def recorded(rule: str, sel: str, by: str = "") -> str:
        agg = f"sum by ({by}) " if by else "sum"
        return f"{agg}({rule}{{{sel}}})"

    def calls_rate(by: str = "") -> str:  # recorded: rate over 5m, by job, mode, model, tool
        return recorded("toolmend:tool_calls_by_model_tool:rate5m", calls, by)

    def dangling_rate(by: str = "") -> str:  # recorded: rate over 5m, by job, mode, reason, model, tool
        return recorded("toolmend:dangling_tool_calls_by_reason_model_tool:rate5m", calls, by)

    def text_only_share(by: str = "") -> str:  # recorded: rate over 5m, by job, mode, outcome, model, app_version
        rule = "toolmend:assistant_turns_after_tool_by_outcome_model_app_version:rate5m"
        text_only = recorded(rule, 'outcome="text_only", ' + turns, by)
        return f"{text_only}\n/\n{recorded(rule, turns, by)}"

    variables = [
        datasource_variable(),
        mode_variable(),
        query_variable("job", "Job", 'label_values(toolmend_build_info{mode=~"$mode"}, job)', all_value=None),
        query_variable("model", "Model", f"label_values(toolmend_tool_calls_total{{{mode}}}, model)"),
        query_variable("tool", "Tool", f'label_values(toolmend_tool_calls_total{{{mode}, model=~"$model"}}, tool)'),
        query_variable(
            "app_version",
            "App version",
            f"label_values(toolmend_assistant_turns_after_tool_total{{{mode}}}, app_version)",
        ),
    ]
    items = [
        row("Overview"),
        stat(
            "Tool calls / s",
            "Tool calls seen in the tracked conversations, per second (5-minute rate, recorded).",
            [target(calls_rate(), "tool calls / s")],
            unit="cps",
            width=5,
        ),
        stat(
            "Dangling rate",
            "Share of tool calls closed without a result (headline figure; alert: ToolmendDanglingRateAboveBaseline).",
            [target(f"{dangling_rate()}\n/\n{calls_rate()}", "dangling rate")],
            unit="percentunit",
            thresholds=[(0.02, "yellow"), (0.05, "red")],
            width=5,
            decimals=2,
        ),
        stat(
            "Text-only share",
            "Share of assistant turns after the first tool use of a conversation answered with text only.",
            [target(text_only_share(), "text-only share")],
            unit="percentunit",
            width=5,
            decimals=1,
        ),
        stat(
            "Text-only regressions",
            "Requests of a kind served by a tool before, answered with text only, over the time range "
            "(alert: ToolmendTextOnlyRegressions).",
            [
                target(
                    f"sum(increase(toolmend_text_only_regressions_total{{{events}}}[$__range]))",
                    "regressions",
                )
            ],
            thresholds=[(1, "orange")],
            width=5,
            decimals=0,
        ),
        stat(
            "History erasures",
            "Tool calls erased from a later snapshot of their conversation, over the time range "
            "(alert: ToolmendToolHistoryErased).",
            [target(f"sum(increase(toolmend_tool_history_erased_total{{{events}}}[$__range]))", "erasures")],
            thresholds=[(1, "orange")],
            width=4,
            decimals=0,
        ),
        row("Tool calls and dangling calls"),
        timeseries(
            "Tool calls / s by model",
            "Tool calls per second, by model.",
            [target(calls_rate("model"), "{{model}}")],
            unit="cps",
            stack=True,
        ),
        timeseries(
            "Tool calls / s by tool",
            "Tool calls per second, by tool.",
            [target(calls_rate("tool"), "{{tool}}")],
            unit="cps",
            stack=True,
        ),
        timeseries(
            "Dangling rate and trailing baseline",
            "Share of tool calls closed without a result (with the model and tool filters), and the fleet's "
            "recorded 5-minute rate and trailing 1-day baseline that ToolmendDanglingRateAboveBaseline "
            "compares (recording rules, by mode only).",
            targets(
                (f"{dangling_rate()}\n/\n{calls_rate()}", "dangling rate (filtered)"),
                (f"toolmend:dangling_rate:ratio_rate5m{{{mode}}}", "fleet 5m rate ({{mode}})"),
                (f"toolmend:dangling_rate:ratio_avg1d{{{mode}}}", "fleet 1-day baseline ({{mode}})"),
            ),
            unit="percentunit",
        ),
        timeseries(
            "Dangling rate by reason",
            "Share of all tool calls that closed without a result, split by why the call's block closed "
            "(user_interrupt, assistant_continued, timeout, conversation_end, evicted, "
            "unanswered_at_request).",
            [target(f"{dangling_rate('reason')}\n/ on() group_left()\n{calls_rate()}", "{{reason}}")],
            unit="percentunit",
            stack=True,
        ),
        timeseries(
            "Dangling rate by tool",
            "Share of each tool's calls closed without a result.",
            [target(f"{dangling_rate('tool')}\n/\n{calls_rate('tool')}", "{{tool}}")],
            unit="percentunit",
        ),
        timeseries(
            "Dangling rate by model",
            "Share of each model's tool calls closed without a result.",
            [target(f"{dangling_rate('model')}\n/\n{calls_rate('model')}", "{{model}}")],
            unit="percentunit",
        ),
        row("Findings and repairs"),
        timeseries(
            "Findings / s by kind",
            "Protocol violations and behavioural warnings found, per second, by kind.",
            [target(f"sum by (kind) (rate(toolmend_findings_total{{{mode}}}[{RI}]))", "{{kind}}")],
            unit="short",
            stack=True,
        ),
        timeseries(
            "Repairs / s by action",
            "Repair actions applied to the histories, per second, by action.",
            [target(f"sum by (action) (rate(toolmend_repairs_total{{{mode}}}[{RI}]))", "{{action}}")],
            unit="short",
            stack=True,
        ),
        bargauge(
            "Findings by kind and severity",
            "Findings over the dashboard's time range.",
            [
                target(
                    f"sum by (kind, severity) (increase(toolmend_findings_total{{{mode}}}[$__range]))",
                    "{{kind}} ({{severity}})",
                )
            ],
        ),
        bargauge(
            "Repairs by action",
            "Repair actions over the dashboard's time range.",
            [target(f"sum by (action) (increase(toolmend_repairs_total{{{mode}}}[$__range]))", "{{action}}")],
        ),
        row("Text-only answers after tool use"),
        timeseries(
            "Text-only share by model",
            "Share of assistant turns after the first tool use answered with text only, by model.",
            [target(text_only_share("model"), "{{model}}")],
            unit="percentunit",
        ),
        timeseries(
            "Text-only share by app version",
            "Share of assistant turns after the first tool use answered with text only, by app version.",
            [target(text_only_share("app_version"), "{{app_version}}")],
            unit="percentunit",
        ),
        timeseries(
            "Text-only regressions by model and app version",
            "Requests of a kind served by a tool before, answered with text only (count over a sliding "
            "$__rate_interval window).",
            [
                target(
                    f"sum by (model, app_version) (increase(toolmend_text_only_regressions_total{{{events}}}[{RI}]))",
                    "{{model}} @ {{app_version}}",
                )
            ],
            bars=True,
            stack=True,
        ),
        timeseries(
            "Text-only regressions by tool",
            "Which tool the model stopped calling (count over a sliding $__rate_interval window).",
            [
                target(
                    f"sum by (tool) (increase(toolmend_text_only_regressions_total{{{events}}}[{RI}]))",
                    "{{tool}}",
                )
            ],
            bars=True,
            stack=True,
        ),
        row("History erasures"),
        timeseries(
            "Tool history erasures by model and app version",
            "Tool calls that disappeared from a later snapshot of their conversation while their user "
            "message is still there (count over a sliding $__rate_interval window).",
            [
                target(
                    f"sum by (model, app_version) (increase(toolmend_tool_history_erased_total{{{events}}}[{RI}]))",
                    "{{model}} @ {{app_version}}",
                )
            ],
            bars=True,
            stack=True,
        ),
        timeseries(
            "Tool history erasures by tool",
            "Erased tool calls by tool (count over a sliding $__rate_interval window).",
            [
                target(
                    f"sum by (tool) (increase(toolmend_tool_history_erased_total{{{events}}}[{RI}]))",
                    "{{tool}}",
                )
            ],
            bars=True,
            stack=True,
        ),        row("Tool runs"),
        timeseries(
            "Tool run latency p95 by tool and outcome",
            "95th percentile of the tool runs' durations, from their execute_tool spans (end minus start), by tool "
            "and outcome class; a backfill dates each run at its end.",
            [
                target(
                    f"histogram_quantile(0.95, sum by (le, tool, outcome) (rate(toolmend_tool_duration_seconds_bucket"
                    f"{{{mode}, tool=~\"$tool\"}}[{RI}])))",
                    "{{tool}} {{outcome}}",
                )
            ],
            unit="s",
        ),
        timeseries(
            "Results the application lost, and tokens of failed tool runs",
            "tool_result_lost: dangling calls whose tool span ended without error (the tool ran, its result never "
            "reached the history); tokens the runs that ended in error reported (gen_ai.usage on their spans).",
            [
                target(f'sum(increase(toolmend_findings_total{{{mode}, kind="tool_result_lost"}}[{RI}]))',
                       "results lost", "A"),
                target(f'sum by (tool) (increase(toolmend_tool_tokens_total{{{mode}, tool=~"$tool", '
                       f'outcome!="ok"}}[{RI}]))', "tokens of failed runs: {{tool}}", "B"),
            ],
            bars=True,
        ),
        row("Tool outcomes and retries"),
        timeseries(
            "Tool results by outcome",
            "Tool results per second by the outcome their error fields say: ok, error_deterministic, "
            "error_transient, timeout, cancelled, unknown (docs/semantics.md, Tool result outcomes).",
            [target(f"sum by (outcome) (rate(toolmend_tool_results_total{{{tools}}}[{RI}]))", "{{outcome}}")],
            stack=True,
        ),
        timeseries(
            "Tool retries by kind and tool",
            "Calls repeating a failed call (count over a sliding $__rate_interval window): futile after a "
            "deterministic error, blind for a write after a timeout or unknown outcome with no read between "
            "(ToolmendBlindRetriesOfWrites), else the class of the failed attempt.",
            [target(f"sum by (kind, tool) (increase(toolmend_tool_retries_total{{{tools}}}[{RI}]))",
                    "{{kind}} {{tool}}")],
            bars=True,
            stack=True,
        ),
    ]
    return dashboard(
        "toolmend-conversation-health",
        "toolmend / Conversation health",
        "What the toolmend worker sees in the LLM tool-call histories: dangling calls, findings, repairs, "
        "text-only answers after tool use and erased tool history.",
        variables,
        items,
    )


# --- Stream health -----------------------------------------------------------------------------------------


def stream_health() -> Json:
    f = 'job=~"$job", mode=~"$mode", instance=~"$instance"'

    def rate(metric: str, by: str = "", extra: str = "") -> str:
        agg = f"sum by ({by}) " if by else "sum"
        sel = f"{extra}, {f}" if extra else f
        return f"{agg}(rate({metric}{{{sel}}}[{RI}]))"

    def quantile(q: float) -> str:
        return f"histogram_quantile({q}, {rate('toolmend_event_processing_seconds_bucket', 'le')})"

    variables = [
        datasource_variable(),
        mode_variable(),
        # `All` lists the jobs/instances that export toolmend metrics (no `.*`: process_* and `up` are
        # exported by every target, and the job/instance filter keeps them to the toolmend workers).
        query_variable("job", "Job", 'label_values(toolmend_build_info{mode=~"$mode"}, job)', all_value=None),
        query_variable(
            "instance",
            "Instance",
            'label_values(toolmend_build_info{job=~"$job", mode=~"$mode"}, instance)',
            all_value=None,
        ),
    ]
    items = [
        row("Overview"),
        stat(
            "Workers up",
            "Workers whose last scrape succeeded (alert: ToolmendWorkerDown).",
            [target(f"sum(up{{{f}}})", "up")],
            width=3,
            graph=False,
        ),
        stat(
            "Build",
            "toolmend version and Python version of the workers.",
            [
                target(
                    f"count by (version, python) (toolmend_build_info{{{f}}})",
                    "{{version}} (Python {{python}})",
                    instant=True,
                    range=False,
                )
            ],
            width=5,
            text_mode="name",
            graph=False,
        ),
        stat(
            "Events in / s",
            "Input events consumed per second, whatever their outcome (2-minute rate per worker, recorded).",
            [target(f"sum(toolmend:events_by_instance:rate2m{{{f}}})", "events / s")],
            unit="cps",
            width=4,
        ),
        stat(
            "Dead-letter share",
            "Share of input events sent to the dead-letter topic (alert: ToolmendDeadLetterRate).",
            [
                target(
                    f"{rate('toolmend_dead_letters_total')}\n/\n{rate('toolmend_events_total')}",
                    "dead letters",
                )
            ],
            unit="percentunit",
            thresholds=[(0.001, "yellow"), (0.01, "red")],
            width=4,
            decimals=2,
        ),
        stat(
            "Max lag",
            "Worst consumer lag in seconds over all partitions, as ToolmendConsumerLagSLO sees it (60 s; recorded).",
            [target(f"max(toolmend:consumer_lag_seconds:max{{{f}}})", "lag")],
            unit="s",
            thresholds=[(30, "yellow"), (60, "red")],
            width=4,
        ),
        stat(
            "p99 latency",
            "99th percentile of the per-event processing time.",
            [target(quantile(0.99), "p99")],
            unit="s",
            width=4,
        ),
        row("Throughput and errors"),
        timeseries(
            "Events in / s by type and outcome",
            "Input events per second by event type and outcome (processed, duplicate, dead_letter).",
            [target(rate("toolmend_events_total", "type, outcome"), "{{type}} {{outcome}}")],
            unit="cps",
            stack=True,
        ),
        timeseries(
            "Records out / s by topic",
            "Records produced and acknowledged per second, by output topic.",
            [target(rate("toolmend_output_records_total", "topic"), "{{topic}}")],
            unit="cps",
            stack=True,
        ),
        timeseries(
            "Events in vs records out",
            "Input events consumed and output records acknowledged, per second.",
            targets(
                (rate("toolmend_events_total"), "events in"),
                (rate("toolmend_output_records_total"), "records out"),
            ),
            unit="cps",
        ),
        timeseries(
            "Dead letters / s by kind",
            "Events sent to the dead-letter topic per second, by kind (invalid_json, schema, "
            "unknown_dialect, key_mismatch, too_large, internal).",
            [target(rate("toolmend_dead_letters_total", "kind"), "{{kind}}")],
            unit="cps",
            stack=True,
        ),
        row("Latency"),
        timeseries(
            "Processing latency quantiles",
            "Time from fetch to outputs handed to the producer, per event: quantiles from the histogram and the mean.",
            targets(
                (quantile(0.5), "p50"),
                (quantile(0.9), "p90"),
                (quantile(0.99), "p99"),
                (
                    f"{rate('toolmend_event_processing_seconds_sum')}\n/\n"
                    f"{rate('toolmend_event_processing_seconds_count')}",
                    "mean",
                ),
            ),
            unit="s",
        ),
        heatmap(
            "Processing latency distribution",
            "Events per latency bucket.",
            [
                target(
                    f"sum by (le) (increase(toolmend_event_processing_seconds_bucket{{{f}}}[{RI}]))",
                    "{{le}}",
                )
            ],
        ),
        row("Consumer"),
        timeseries(
            "Consumer lag (records) by partition",
            "High watermark minus the position after the last processed record, per partition.",
            [target(f"max by (partition) (toolmend_consumer_lag_records{{{f}}})", "partition {{partition}}")],
            unit="short",
        ),
        timeseries(
            "Consumer lag (seconds) by partition",
            "0 when the partition is caught up; else how old the last processed record is (now minus its broker "
            "timestamp): the headline figure, alert ToolmendConsumerLagSLO at 60 s.",
            [target(f"max by (partition) (toolmend_consumer_lag_seconds{{{f}}})", "partition {{partition}}")],
            unit="s",
        ),
        timeseries(
            "Watermark age by partition",
            "Wall-clock time minus the event-time watermark: how far event time trails now.",
            [
                target(
                    f"time() - max by (partition) (toolmend_watermark_seconds{{{f}}})",
                    "partition {{partition}}",
                )
            ],
            unit="s",
        ),
        timeseries(
            "Commits / s by outcome",
            "Offset commits per second (ok / failed).",
            [target(rate("toolmend_commits_total", "outcome"), "{{outcome}}")],
            unit="cps",
        ),
        timeseries(
            "Rebalances by kind",
            "Partition assignment changes (count over a sliding $__rate_interval window).",
            [
                target(
                    f"sum by (kind) (increase(toolmend_rebalances_total{{{f}}}[{RI}]))",
                    "{{kind}}",
                )
            ],
            bars=True,
            decimals=0,
        ),
        row("State"),
        timeseries(
            "Open conversations and tool calls",
            "Conversations held in memory, and tool calls waiting for their result.",
            targets(
                (f"sum(toolmend_open_conversations{{{f}}})", "open conversations"),
                (f"sum(toolmend_open_tool_calls{{{f}}})", "open tool calls"),
            ),
        ),
        timeseries(
            "State size",
            "Approximate size of the serialized per-conversation state, per worker.",
            [target(f"sum by (instance) (toolmend_state_bytes{{{f}}})", "{{instance}}")],
            unit="bytes",
        ),
        timeseries(
            "Last state restore duration",
            "Duration of the last restore of the state from the changelog, per worker.",
            [target(f"max by (instance) (toolmend_state_restore_seconds{{{f}}})", "{{instance}}")],
            unit="s",
        ),
        timeseries(
            "Conversations restored",
            "Conversations restored from the changelog over the dashboard's time range, per worker.",
            [
                target(
                    f"sum by (instance) (increase(toolmend_state_restored_conversations_total{{{f}}}[$__range]))",
                    "{{instance}}",
                )
            ],
            decimals=0,
        ),
        timeseries(
            "Conversations woken / s",
            "Conversations woken from their stored form because they were not among the live ones, against events "
            "in: near the event rate, raise TOOLMEND_HOT_CONVERSATIONS (runbook: Capacity).",
            targets(
                (rate("toolmend_state_woken_conversations_total"), "woken"),
                (rate("toolmend_events_total"), "events"),
            ),
            unit="ops",
        ),
        row("Worker process"),
        timeseries(
            "Worker memory (RSS)",
            "Resident memory of each worker process.",
            [target(f"process_resident_memory_bytes{{{f}}}", "{{instance}}")],
            unit="bytes",
            width=8,
        ),
        timeseries(
            "Worker CPU",
            "CPU used by each worker process, in cores.",
            [target(f"rate(process_cpu_seconds_total{{{f}}}[{RI}])", "{{instance}}")],
            unit="short",
            width=8,
        ),
        timeseries(
            "Open file descriptors",
            "File descriptors open in each worker process, as a share of its limit.",
            [target(f"process_open_fds{{{f}}}\n/\nprocess_max_fds{{{f}}}", "{{instance}}")],
            unit="percentunit",
            width=8,
        ),
    ]
    assert {i["title"] for i in items} >= LIVE_PANELS, LIVE_PANELS - {i["title"] for i in items}
    return dashboard(
        "toolmend-stream-health",
        "toolmend / Stream health",
        "RED and USE view of the toolmend stream worker: events in and out, dead letters, latency, consumer "
        "lag, commits, rebalances, state and process resources.",
        variables,
        [live_only(i) for i in items],
    )


DASHBOARDS = {
    "conversation-health.json": conversation_health,
    "stream-health.json": stream_health,
}


def render(build: Any) -> str:
    return json.dumps(build(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if a JSON file is stale")
    args = parser.parse_args(argv)
    stale = []
    for name, build in DASHBOARDS.items():
        path = HERE / name
        text = render(build)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if stale:
        print(f"stale: {', '.join(stale)}; run python dashboards/generate.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
