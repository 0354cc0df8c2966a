"""The pictures of the shipped dashboards (report/dashboard.py, drawn by tools/dashboard_pictures.py from a real
Prometheus): every panel of every dashboard is placed, evaluated with its variables and Grafana's macros expanded,
and drawn titled as in Grafana; a panel without data says so. Query evaluation is faked here; the script's end to
end run (a real Prometheus fed by the demo, 5 to 7 minutes) is not part of the suite."""

from __future__ import annotations

import hashlib
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from processor.shell.report import dashboard as pictures
from processor.shell.report.dashboard import NO_DATA, Series

ROOT = Path(__file__).resolve().parents[4]
DASHBOARDS = sorted((ROOT / "dashboards").glob("*.json"))
STEPS = 60


def load(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def fake_prometheus(empty: set[str]) -> tuple[pictures.Evaluate, list[str]]:
    """A deterministic series per expression (histogram buckets for `_bucket`), none for those in `empty`; and
    the expressions it was asked."""
    asked: list[str] = []

    def evaluate(expr: str) -> list[Series]:
        asked.append(expr)
        if expr in empty:
            return []
        seed = int(hashlib.sha256(expr.encode()).hexdigest()[:6], 16)
        wave = [abs(math.sin(seed + i / 7)) * (1 + seed % 5) for i in range(STEPS)]
        wave[STEPS // 2] = math.nan  # a gap, as Prometheus leaves one
        if "_bucket" in expr:
            return [Series({"le": le}, [v * (j + 1) for v in wave]) for j, le in enumerate(("0.001", "0.01", "+Inf"))]
        return [Series({"model": "m1", "tool": "t", "reason": "r", "kind": "k", "instance": "i", "version": "1",
                        "python": "3.11", "severity": "error", "le": "1"}, wave)]

    return evaluate, asked


@pytest.mark.parametrize("path", DASHBOARDS, ids=[p.stem for p in DASHBOARDS])
def test_every_panel_of_the_dashboard_is_evaluated_placed_and_drawn_titled(path: Path) -> None:
    pytest.importorskip("matplotlib")
    d = load(path)
    shipped = pictures.all_panels(d)
    first_target = next(p for p in shipped if p.get("targets"))["targets"][0]["expr"]
    values = pictures.variables(d, {"mode": "replay", **pictures.intervals(0, 6 * 3600, 60)},
                                lambda match, label: ["a.b", "c"])
    evaluate, asked = fake_prometheus({pictures.expand(first_target, values)})
    panels = pictures.layout(d, values, evaluate)
    assert [(p.title, p.x, p.y, p.w, p.h) for p in panels] == [
        (p["title"], *(p["gridPos"][k] for k in "xywh")) for p in shipped]
    # every target of every panel evaluated, with no variable or macro left unexpanded
    assert len(asked) == sum(len(p.get("targets", [])) for p in shipped)
    assert not [e for e in asked if "$" in e]
    # the panel whose only query returned nothing says so; every other one has data
    empty = [p["title"] for p in shipped if [t["expr"] for t in p.get("targets", [])] == [first_target]]
    assert [p.title for p in panels if p.note == NO_DATA] == empty != []
    pic = pictures.Picture(d["title"], "sub", panels, [1_793_000_000 + 360 * i for i in range(STEPS)])
    try:
        texts = [t.get_text() for ax in pic.fig.axes for t in ax.texts]
        for p in panels:
            assert p.title in texts
        assert texts.count(NO_DATA) == len(empty)
        assert d["title"] in [t.get_text() for t in pic.fig.texts]
        # Grafana's grid: 24 columns, 30 px rows and 8 px gaps, at 1400 px
        assert pic.width == 1400 and pic.height == pictures.HEADER_PX + max(p.y + p.h for p in panels) * 38 + 8
    finally:
        pic.plt.close("all")  # not drawn to a file here (seconds per dashboard): the next test writes one


def test_the_picture_is_a_palette_png_of_the_grids_size(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from PIL import Image

    d = {"title": "small", "panels": [
        {"type": "row", "title": "Row", "gridPos": {"x": 0, "y": 0, "w": 24, "h": 1}},
        {"type": "stat", "title": "A stat", "gridPos": {"x": 0, "y": 1, "w": 8, "h": 4},
         "targets": [{"expr": "a", "legendFormat": "a"}]},
        {"type": "timeseries", "title": "Lines", "gridPos": {"x": 8, "y": 1, "w": 16, "h": 8},
         "targets": [{"expr": "b", "legendFormat": "{{model}}"}], "fieldConfig": {"defaults": {"unit": "percentunit"}}},
        {"type": "timeseries", "title": "Nothing", "gridPos": {"x": 0, "y": 9, "w": 12, "h": 8},
         "targets": [{"expr": "none"}]}]}
    evaluate, _ = fake_prometheus({"none"})
    out = tmp_path / "small.png"
    panels = pictures.write_picture(d, {}, evaluate, [1_793_000_000 + 60 * i for i in range(STEPS)], out, "sub")
    assert [p.note for p in panels] == ["", "", "", NO_DATA]
    with Image.open(out) as img:
        assert img.format == "PNG" and img.mode == "P" and img.size == (1400, pictures.HEADER_PX + 17 * 38 + 8)


def test_grafana_macros_follow_grafanas_rules() -> None:
    # six hours at 600 points: 36 s, rounded to a minute by the 1 min scrape; $__rate_interval = max(1m + 1m, 4m)
    assert pictures.intervals(0, 6 * 3600, 60) == {"__interval": "60s", "__rate_interval": "240s",
                                                   "__range": "21600s"}
    assert pictures.intervals(0, 150, 1) == {"__interval": "1s", "__rate_interval": "4s", "__range": "150s"}


def test_all_without_an_allvalue_is_the_escaped_values_as_promql_reads_them() -> None:
    d = {"templating": {"list": [
        {"name": "instance", "type": "query", "definition": 'label_values(up{job=~"$job"}, instance)'},
        {"name": "job", "type": "query", "allValue": ".*", "definition": "label_values(up, job)"},
        {"name": "datasource", "type": "datasource"}]}}
    asked = []

    def label_values(match: str, label: str) -> list[str]:
        asked.append((match, label))
        return ["127.0.0.1:9108"]

    values = pictures.variables(d, {"job": "toolmend"}, label_values)
    assert asked == [('up{job=~"toolmend"}', "instance")]
    assert values["instance"] == r"(127\\.0\\.0\\.1:9108)"  # \\. in a PromQL string: the regex \.
    assert pictures.expand('up{instance=~"$instance", job=~"${job}"}', values) == \
        r'up{instance=~"(127\\.0\\.0\\.1:9108)", job=~"toolmend"}'


@pytest.mark.parametrize(("value", "unit", "shown"), [
    (0.2043, "percentunit", "20.4%"), (1.5, "percentunit", "150%"), (0.043, "percentunit", "4.3%"),
    (0.0012, "percentunit", "0.12%"),
    (0.069, "cps", "0.069 c/s"),
    (2160, "short", "2.16K"), (3 * 1024 * 1024, "bytes", "3 MiB"), (0.0042, "s", "4.2 ms"), (340 * 86400, "s", "340 d"),
    (math.nan, "s", "–"),
])
def test_values_are_formatted_in_the_panels_unit(value: float, unit: str, shown: str) -> None:
    assert pictures.fmt(value, unit) == shown


def test_the_legend_format_takes_the_series_labels() -> None:
    assert pictures.legend("{{model}} @ {{ app_version }}", {"model": "m", "app_version": "2"}) == "m @ 2"
    assert pictures.legend("", {"b": "2", "a": "1"}) == 'a="1",b="2"'
    assert re.fullmatch(r"value", pictures.legend("", {}))
