"""A picture of a shipped Grafana dashboard (dashboards/*.json), drawn with the report's plotting: every panel's
queries evaluated over a time range by a function the caller gives (a real Prometheus in
`tools/dashboard_pictures.py`), laid out on the dashboard's grid (`gridPos`), titled as in Grafana.

Owns: the dashboard's panels in order (rows and the panels of collapsed rows), Grafana's variables and interval
macros expanded, each panel type drawn (timeseries, stat, bar gauge, heatmap, row), units formatted, and a panel
whose queries return nothing marked "no data in this run". Must not know: Prometheus' HTTP API, processes, files
other than the PNG it writes.

Grafana itself is not what draws these: the pictures are the same queries drawn by matplotlib (the `report`
extra), so colours and fonts are the report's, not Grafana's.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from .render import INSTALL, PALETTE, ReportError

NO_DATA = "no data in this run"
COLUMNS = 24  # Grafana's grid: 24 columns, rows of 30 px with 8 px between panels
ROW_PX = 30
GAP_PX = 8
HEADER_PX = 92
NICE_STEPS_S = (1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10800, 21600, 43200, 86400)


@dataclass(frozen=True)
class Series:
    """One series of a range query: its labels, and a value per step (NaN where Prometheus has none)."""

    labels: dict[str, str]
    values: list[float]


# an expanded PromQL expression -> its series over the picture's steps
Evaluate = Callable[[str], list[Series]]
Box = tuple[float, float, float, float]  # left, bottom, width, height in fractions of the figure


@dataclass
class Target:
    expr: str  # as evaluated (variables expanded)
    legend: str
    series: list[Series] = field(default_factory=list)


@dataclass
class Panel:
    """A panel as placed and evaluated: `note` is what it says instead of a plot (empty when it has data)."""

    title: str
    type: str
    x: int
    y: int
    w: int
    h: int
    unit: str
    targets: list[Target]
    note: str = ""
    options: dict[str, Any] = field(default_factory=dict)


# -- the dashboard's panels and variables ---------------------------------------------------------------------------
def all_panels(dashboard: dict[str, Any]) -> list[dict[str, Any]]:
    """Every panel in order of the grid (a collapsed row's own panels after it)."""
    out: list[dict[str, Any]] = []
    for p in dashboard.get("panels", []):
        out.append(p)
        out.extend(p.get("panels", []))
    return sorted(out, key=lambda p: (p["gridPos"]["y"], p["gridPos"]["x"]))


def expand(expr: str, values: dict[str, str]) -> str:
    """`$name` and `${name}` replaced by their values (a name without a value stays as written)."""
    return re.sub(r"\$\{(\w+)(?::\w+)?\}|\$(\w+)",
                  lambda m: values.get(m.group(1) or m.group(2), m.group(0)), expr)


def grafana_regex(values: Iterable[str]) -> str:
    """A multi-value variable's `All` without an allValue: the values, escaped, as one regex."""
    # a regex metacharacter escaped for the regex, and that backslash escaped for the PromQL string
    escaped = [re.sub(r"([\\^$.|?*+()\[\]{}])", r"\\\\\1", v) for v in sorted(values)]
    return "(" + "|".join(escaped) + ")"


def variables(dashboard: dict[str, Any], fixed: dict[str, str],
              label_values: Callable[[str, str], list[str]]) -> dict[str, str]:
    """The dashboard's variables as its `All` selection expands them (`allValue` when it has one, else the regex
    of the values `label_values(match, label)` returns), except the ones given in `fixed`."""
    values = dict(fixed)
    for var in dashboard.get("templating", {}).get("list", []):
        name = var["name"]
        if var["type"] == "datasource" or name in values:
            continue
        if var.get("allValue"):
            values[name] = var["allValue"]
            continue
        m = re.fullmatch(r"label_values\((.+),\s*(\w+)\)", var.get("definition", ""))
        found = label_values(expand(m.group(1), values), m.group(2)) if m else []
        values[name] = grafana_regex(found) if found else ".*"
    return values


def nice_step(seconds: float) -> int:
    """The smallest round step of at least `seconds`."""
    return next((s for s in NICE_STEPS_S if s >= seconds), math.ceil(seconds / 86400) * 86400)


def intervals(start: float, end: float, scrape_s: float, points: int = 600) -> dict[str, str]:
    """Grafana's macros for a range: `$__interval` (range / points, rounded, at least the scrape interval),
    `$__rate_interval` (max(interval + scrape, 4 x scrape)) and `$__range`."""
    step = max(nice_step((end - start) / points), int(scrape_s))
    rate = max(step + int(scrape_s), 4 * int(scrape_s))
    return {"__interval": f"{step}s", "__rate_interval": f"{rate}s", "__range": f"{int(end - start)}s"}


def legend(fmt: str, labels: dict[str, str]) -> str:
    """Grafana's legend format: `{{label}}` replaced by the series' value of it."""
    if not fmt:
        return ",".join(f'{k}="{v}"' for k, v in sorted(labels.items())) or "value"
    return re.sub(r"\{\{\s*(\w+)\s*\}\}", lambda m: labels.get(m.group(1), ""), fmt)


def layout(dashboard: dict[str, Any], values: dict[str, str], evaluate: Evaluate) -> list[Panel]:
    """Every panel of the dashboard, placed on its grid, each target evaluated; a panel none of whose targets
    returns a finite value carries the note "no data in this run"."""
    out = []
    for p in all_panels(dashboard):
        g = p["gridPos"]
        defaults = p.get("fieldConfig", {}).get("defaults", {})
        targets = [Target(expand(t["expr"], values), t.get("legendFormat", "")) for t in p.get("targets", [])
                   if t.get("expr")]
        for t in targets:
            t.series = evaluate(t.expr)
        panel = Panel(p.get("title", ""), p.get("type", ""), g["x"], g["y"], g["w"], g["h"],
                      defaults.get("unit", "short"), targets, options=p.get("options", {}))
        if panel.type != "row" and not any(math.isfinite(v) for t in targets for s in t.series for v in s.values):
            panel.note = NO_DATA
        out.append(panel)
    return out


# -- units ----------------------------------------------------------------------------------------------------------
def _si(v: float, suffix: str = "") -> str:
    a = abs(v)
    for div, p in ((1e9, "G"), (1e6, "M"), (1e3, "K")):
        if a >= div:
            return f"{v / div:.3g}{p}{suffix}"
    if a == 0 or a >= 100:
        return f"{v:.0f}{suffix}"
    return f"{v:.3g}{suffix}"


def fmt(v: float, unit: str) -> str:
    """A value as Grafana shows it in that unit."""
    if not math.isfinite(v):
        return "–"
    if unit == "percentunit":
        return f"{v:.2%}" if 0 < abs(v) < 0.01 else f"{v:.1%}" if abs(v) < 1 else f"{v:.0%}"
    if unit == "percent":
        return f"{v:.1f}%"
    if unit == "s":
        a = abs(v)
        if a == 0:
            return "0 s"
        if a < 1e-3:
            return f"{v * 1e6:.3g} µs"
        if a < 1:
            return f"{v * 1e3:.3g} ms"
        if a < 120:
            return f"{v:.3g} s"
        if a < 7200:
            return f"{v / 60:.3g} min"
        return f"{v / 3600:.3g} h" if a < 172800 else f"{v / 86400:,.0f} d"
    if unit == "bytes":
        a, i = abs(v), 0
        units = ("B", "KiB", "MiB", "GiB", "TiB")
        while a >= 1024 and i < len(units) - 1:
            a, v, i = a / 1024, v / 1024, i + 1
        return f"{v:.3g} {units[i]}"
    if unit == "cps":
        return _si(v, " c/s")
    if unit in ("ops", "reqps"):
        return _si(v, " ops/s")
    return _si(v)


# -- drawing --------------------------------------------------------------------------------------------------------
class Picture:
    """The figure of one dashboard: panels as cards on Grafana's grid, `width_px` wide."""

    def __init__(self, title: str, subtitle: str, panels: list[Panel], times: list[float],
                 width_px: int = 1400) -> None:
        try:
            import matplotlib
        except ImportError:
            raise ReportError(INSTALL) from None
        matplotlib.use("agg")
        import matplotlib.dates as mdates
        import matplotlib.pyplot as plt
        from matplotlib.ticker import FuncFormatter, MaxNLocator

        self.plt, self.mdates = plt, mdates
        self.formatter, self.locator = FuncFormatter, MaxNLocator
        self.panels = panels
        self.x = [datetime.fromtimestamp(t, UTC) for t in times]
        bottom = max((p.y + p.h for p in panels), default=1)
        self.width = width_px
        self.height = HEADER_PX + bottom * (ROW_PX + GAP_PX) + GAP_PX
        self.col = (width_px - GAP_PX * (COLUMNS + 1)) / COLUMNS
        plt.rcParams.update({
            "font.family": "sans-serif", "font.size": 8.5, "axes.spines.top": False, "axes.spines.right": False,
            "axes.edgecolor": "#9ca3af", "axes.grid": True, "grid.color": "#e5e7eb", "grid.linewidth": 0.7,
            "axes.axisbelow": True, "xtick.color": "#4b5563", "ytick.color": "#4b5563", "legend.frameon": False,
            "legend.fontsize": 7.5,
        })
        self.fig: Any = plt.figure(figsize=(width_px / 100, self.height / 100), dpi=100, facecolor="#f4f5f7")
        self.fig.text(GAP_PX / width_px, 1 - 28 / self.height, title, fontsize=15, fontweight="bold",
                      color="#111827", va="center")
        self.fig.text(GAP_PX / width_px, 1 - 46 / self.height, subtitle, fontsize=9, color="#6b7280", va="top",
                      linespacing=1.5)
        for p in panels:
            self.panel(p)

    # geometry: a panel's box in figure fractions (left, bottom, width, height) from its grid position
    def box(self, p: Panel, pad_top: float = 0, pad_bottom: float = 0, pad_x: float = 0) -> Box:
        left = GAP_PX + p.x * (self.col + GAP_PX) + pad_x
        width = p.w * self.col + (p.w - 1) * GAP_PX - 2 * pad_x
        top = HEADER_PX + p.y * (ROW_PX + GAP_PX) + pad_top
        height = p.h * ROW_PX + (p.h - 1) * GAP_PX - pad_top - pad_bottom
        return (left / self.width, 1 - (top + height) / self.height, width / self.width, height / self.height)

    def panel(self, p: Panel) -> None:
        if p.type == "row":
            ax = self.fig.add_axes(self.box(p))
            ax.set_axis_off()
            ax.text(0, 0.5, p.title, fontsize=11.5, fontweight="bold", color="#111827", va="center",
                    transform=ax.transAxes)
            return
        from matplotlib.patches import Rectangle

        card = self.fig.add_axes(self.box(p))
        card.set_axis_off()
        card.add_patch(Rectangle((0, 0), 1, 1, transform=card.transAxes, facecolor="white",
                                          edgecolor="#d1d5db", linewidth=0.8))
        card.text(8 / (self.box(p)[2] * self.width), 1 - 13 / (self.box(p)[3] * self.height), p.title,
                  fontsize=9.5, fontweight="bold", color="#1f2937", va="center", transform=card.transAxes)
        if p.note:
            card.text(0.5, 0.45, p.note, ha="center", va="center", fontsize=10, color="#6b7280",
                      style="italic", transform=card.transAxes)
            return
        draw = {"stat": self.stat, "bargauge": self.bargauge, "heatmap": self.heatmap}.get(p.type, self.timeseries)
        draw(p)

    def _lines(self, p: Panel) -> list[tuple[str, list[float]]]:
        out = []
        for t in p.targets:
            for s in sorted(t.series, key=lambda s: legend(t.legend, s.labels)):
                out.append((legend(t.legend, s.labels), s.values))
        return out

    def _time_axis(self, ax: Any, p: Panel) -> None:
        loc = self.mdates.AutoDateLocator(minticks=3, maxticks=7 if p.w >= 12 else 4)  # type: ignore[no-untyped-call]
        ax.xaxis.set_major_locator(loc)
        dates = self.mdates.ConciseDateFormatter(loc, tz=UTC, show_offset=False)  # type: ignore[no-untyped-call]
        ax.xaxis.set_major_formatter(dates)  # the date is in the subtitle
        ax.set_xlim(self.x[0], self.x[-1])
        ax.yaxis.set_major_formatter(self.formatter(lambda v, _: fmt(v, p.unit)))
        ax.yaxis.set_major_locator(self.locator(nbins=5))

    def timeseries(self, p: Panel) -> None:
        lines = self._lines(p)
        ncol = max(1, min(4, p.w // 3))
        entries = min(len(lines), 8)
        legend_px = 13 * math.ceil(entries / ncol) + 4
        box = self._plot_box(p, legend_px)
        ax = self.fig.add_axes(box)
        ax.tick_params(labelsize=7.5, length=2)
        for i, (name, ys) in enumerate(lines):
            ax.plot(self.x[:len(ys)], ys, color=PALETTE[i % len(PALETTE)], linewidth=1.3, label=name)
        finite = [v for _, ys in lines for v in ys if math.isfinite(v)]
        low = min(0.0, min(finite, default=0.0))  # from zero, as Grafana draws a non-negative series
        ax.set_ylim(low, max(ax.get_ylim()[1], low + 1e-9))
        self._time_axis(ax, p)
        handles, labels = ax.get_legend_handles_labels()
        if len(lines) > 8:
            handles, labels = handles[:8], [*labels[:7], f"{labels[7]} (+{len(lines) - 8} more)"]
        # under the time axis (its ticks and the date line of the concise formatter take about 24 px)
        ax.legend(handles, labels, loc="upper left", bbox_to_anchor=(box[0] - 30 / self.width,
                                                                    box[1] - 24 / self.height),
                  bbox_transform=self.fig.transFigure, ncol=ncol, borderaxespad=0, handlelength=1.2,
                  columnspacing=1.0, fontsize=7.5)

    def _plot_box(self, p: Panel, legend_px: float) -> Box:
        left_px = 52 if p.w >= 8 else 44
        left, bottom, width, height = self.box(p, pad_top=26, pad_bottom=24 + legend_px)
        return (left + left_px / self.width, bottom, width - (left_px + 12) / self.width, height)

    def stat(self, p: Panel) -> None:
        lines = [(name, [v for v in ys if math.isfinite(v)]) for name, ys in self._lines(p)]
        lines = [(n, ys) for n, ys in lines if ys]
        ax = self.fig.add_axes(self.box(p, pad_top=24, pad_bottom=6, pad_x=8))
        ax.set_axis_off()
        if len(lines) == 1:
            name, ys = lines[0]
            full = self._lines(p)[0][1]
            ax.fill_between(range(len(full)), [v if math.isfinite(v) else math.nan for v in full],
                            color=PALETTE[0], alpha=0.12, linewidth=0)
            ax.plot(range(len(full)), full, color=PALETTE[0], linewidth=1, alpha=0.5)
            ax.set_ylim(bottom=0)
            ax.text(0.5, 0.5, fmt(ys[-1], p.unit), ha="center", va="center", fontsize=22, fontweight="bold",
                    color=PALETTE[0], transform=ax.transAxes)
            return
        for i, (name, ys) in enumerate(lines[:3]):
            y = 0.5 + (len(lines[:3]) - 1) * 0.18 - i * 0.36
            ax.text(0.5, y, f"{name}  {fmt(ys[-1], p.unit)}", ha="center", va="center", fontsize=11,
                    fontweight="bold", color=PALETTE[i % len(PALETTE)], transform=ax.transAxes)

    def bargauge(self, p: Panel) -> None:
        bars = [(name, next((v for v in reversed(ys) if math.isfinite(v)), math.nan)) for name, ys in self._lines(p)]
        bars = sorted([(n, v) for n, v in bars if math.isfinite(v)], key=lambda b: -b[1])[:12]
        left, bottom, width, height = self.box(p, pad_top=26, pad_bottom=10, pad_x=8)
        ax = self.fig.add_axes((left + 0.4 * width, bottom, 0.6 * width - 50 / self.width, height))
        ax.set_axis_off()
        names = [n for n, _ in bars][::-1]
        vals = [v for _, v in bars][::-1]
        ax.barh(range(len(vals)), vals, color=[PALETTE[(len(vals) - 1 - i) % len(PALETTE)] for i in range(len(vals))],
                height=0.7)
        top = max(vals, default=1) or 1
        ax.set_xlim(0, top)
        for i, (n, v) in enumerate(zip(names, vals, strict=True)):
            ax.text(-0.02 * top, i, n, ha="right", va="center", fontsize=7.5, color="#374151")
            ax.text(v + 0.01 * top, i, fmt(v, p.unit), ha="left", va="center", fontsize=7.5, color="#111827")

    def heatmap(self, p: Panel) -> None:
        """Cumulative `le` buckets (Prometheus histograms) as counts per bucket over time."""
        rows: list[tuple[float, str, list[float]]] = []
        for t in p.targets:
            for s in t.series:
                le = s.labels.get("le", "+Inf")
                rows.append((math.inf if le == "+Inf" else float(le), le, s.values))
        rows.sort()
        cells = []
        prev = [0.0] * len(self.x)
        for _, _, ys in rows:
            cur = [0.0 if not math.isfinite(v) else v for v in ys]
            cells.append([max(0.0, c - q) for c, q in zip(cur, prev, strict=False)])
            prev = cur
        ax = self.fig.add_axes(self._plot_box(p, 0))
        ax.tick_params(labelsize=7.5, length=2)
        ax.grid(False)
        import matplotlib.colors as mcolors

        step = self.x[-1] - self.x[-2] if len(self.x) > 1 else timedelta(seconds=1)
        mesh = ax.pcolormesh([*self.x, self.x[-1] + step], range(len(rows) + 1), [c[:len(self.x)] for c in cells],
                             shading="flat", cmap="Oranges", norm=mcolors.PowerNorm(0.5))
        mesh.set_edgecolor("face")
        ax.set_yticks([i + 0.5 for i in range(len(rows))][::2])
        ax.set_yticklabels([fmt(le, p.unit) if math.isfinite(le) else "+Inf" for le, _, _ in rows][::2])
        loc = self.mdates.AutoDateLocator(minticks=3, maxticks=7)  # type: ignore[no-untyped-call]
        ax.xaxis.set_major_locator(loc)
        dates = self.mdates.ConciseDateFormatter(loc, tz=UTC, show_offset=False)  # type: ignore[no-untyped-call]
        ax.xaxis.set_major_formatter(dates)

    def png(self) -> bytes:
        buf = io.BytesIO()
        self.fig.savefig(buf, format="png", dpi=100, facecolor=self.fig.get_facecolor(),
                         metadata={"Software": None})
        self.plt.close(self.fig)
        return optimise(buf.getvalue())


def optimise(png: bytes) -> bytes:
    """The PNG as a 64-colour palette image (Pillow, matplotlib's own dependency): a quarter of the size, the
    lines and text as sharp (the pictures hold a few flat colours and their antialiasing)."""
    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("RGB")
    out = io.BytesIO()
    img.quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        out, format="PNG", optimize=True)
    return out.getvalue()


def write_picture(dashboard: dict[str, Any], values: dict[str, str], evaluate: Evaluate, times: list[float],
                  out: Path, subtitle: str, width_px: int = 1400) -> list[Panel]:
    """Evaluates every panel, draws the dashboard and writes the PNG; returns the panels as drawn."""
    panels = layout(dashboard, values, evaluate)
    pic = Picture(dashboard.get("title", out.stem), subtitle, panels, times, width_px)
    out.write_bytes(pic.png())
    return panels


__all__ = ["NO_DATA", "Panel", "Picture", "Series", "all_panels", "expand", "fmt", "intervals", "layout",
           "variables", "write_picture"]
