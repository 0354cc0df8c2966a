"""A replay's metrics file as one self-contained HTML page (`toolmend report`, `shell/commands/report.py`).

Owns: the page (HTML and CSS inline, plots as inline SVG drawn by matplotlib, nothing loaded from the
network), what it shows (dangling and text-only-regression rates over event time by reason, tool, model and app
version; erasures; dead letters; change points; the run's summary). Must not know: the replay, Kafka, flags. The
file is read by `data.py`, change points come from `changes.py`.

matplotlib is the `report` extra (`pip install 'toolmend[report]'`); without it `write_report` says so
(`ReportError`: the command's exit 2).
"""

from __future__ import annotations

import html
import io
import math
import os
import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from .changes import ChangePoint, change_points, what_changed
from .data import NICE_S, NotToolmend, ReportData, load
from .sparse import MIN_DEN, NO_DATA, NO_TRAFFIC, counts_note, empty_spans, rate_note

TC = "toolmend_tool_calls_total"
DANGLING = "toolmend_dangling_tool_calls_total"
TURNS = "toolmend_assistant_turns_after_tool_total"
REGRESSIONS = "toolmend_text_only_regressions_total"
ERASED = "toolmend_tool_history_erased_total"
DEAD = "toolmend_dead_letters_total"
EVENTS = "toolmend_events_total"
FINDINGS = "toolmend_findings_total"
REPAIRS = "toolmend_repairs_total"
TOP = 7  # lines per plot; the rest is summed as "other"
PALETTE = ("#2563eb", "#dc2626", "#059669", "#d97706", "#7c3aed", "#0891b2", "#db2777", "#65a30d", "#6b7280")
INSTALL = "toolmend report needs matplotlib: pip install 'toolmend[report]'"


class ReportError(Exception):
    """A report that cannot be made as asked (exit 2, one line)."""


# -- numbers ----------------------------------------------------------------------------------------------------
def regroup(xs: Sequence[float], k: int) -> list[float]:
    """Sums of k consecutive buckets."""
    return [sum(xs[i:i + k]) for i in range(0, len(xs), k)]


def ratio(num: Sequence[float], den: Sequence[float], min_den: float = 1) -> list[float]:
    """num/den per bucket; NaN (a gap in the line) where den is under min_den: too few to be a rate."""
    return [n / d if d >= min_den and d else math.nan for n, d in zip(num, den, strict=True)]


def top(series: dict[str, list[float]], n: int = TOP) -> dict[str, list[float]]:
    """The n largest series by total; the rest summed as `other` (an existing `other` joins it)."""
    ranked = sorted(series, key=lambda k: (-sum(series[k]), k))
    keep = [k for k in ranked if k != "other"][:n]
    out = {k: series[k] for k in keep}
    rest = [series[k] for k in ranked if k not in out]
    if rest:
        out["other"] = [sum(col) for col in zip(*rest, strict=True)]
    return out


def _iso(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M UTC")


def _dur(ms: int) -> str:
    s = ms // 1000
    for unit, n in (("d", 86400), ("h", 3600), ("min", 60)):
        if s >= n and s % n == 0:
            return f"{s // n} {unit}"
    return f"{s} s"


def hour_groups(data: ReportData) -> int:
    """How many buckets make the rates' bucket: the largest round duration of at most an hour and at most a 24th
    of the range (never less than one bucket)."""
    target = min(3_600_000, (data.end_ms - data.start_ms) // 24)
    fits = [s * 1000 for s in NICE_S if s * 1000 <= target and (s * 1000) % data.bucket_ms == 0]
    return max(fits, default=data.bucket_ms) // data.bucket_ms


def changes(data: ReportData) -> tuple[int, list[dict[str, Any]]]:
    """The change-point table (buckets of an hour, a 24th of a shorter range): rate, time, baseline, rate then,
    rise, what changed."""
    k = hour_groups(data)
    cp_ms = data.bucket_ms * k
    times = data.times_ms()[::k]
    calls = regroup(data.total(TC), k)
    turns = regroup(data.total(TURNS), k)
    # traffic by model and app version (turns after tool carry both), to say what changed
    by_app = {v: regroup(xs, k) for v, xs in data.series(TURNS, "app_version").items()}
    by_model = {v: regroup(xs, k) for v, xs in data.series(TC, "model").items()}
    rates: list[tuple[str, list[float], list[float]]] = [("dangling rate", regroup(data.total(DANGLING), k), calls)]
    for reason, xs in sorted(data.series(DANGLING, "reason").items()):
        rates.append((f"dangling rate: {reason}", regroup(xs, k), calls))
    rates.append(("text-only-regression rate", regroup(data.total(REGRESSIONS), k), turns))
    rates.append(("history erasures per turn", regroup(data.total(ERASED), k), turns))
    rows = []
    for name, num, den in rates:
        for cp in change_points(num, den):
            rows.append(_row(name, cp, times, by_app, by_model))
    rows.sort(key=lambda r: (r["ms"], r["rate_name"]))
    return cp_ms, rows


def _row(name: str, cp: ChangePoint, times: list[int], by_app: dict[str, list[float]],
         by_model: dict[str, list[float]]) -> dict[str, Any]:
    changed = []
    for label, by in (("app version", by_app), ("model", by_model)):
        v, before, now = what_changed(cp.index, by)
        if v and now - before >= 0.2:
            changed.append(f"{label} {v}: {before:.0%} → {now:.0%} of traffic")
    return {"rate_name": name, "ms": times[cp.index], "baseline": cp.baseline, "rate": cp.rate, "rise": cp.rise,
            "changed": "; ".join(changed) or "no model or app version shift"}


# -- plots ------------------------------------------------------------------------------------------------------
class Plots:
    def __init__(self, data: ReportData, marks: list[int]) -> None:
        try:
            import matplotlib
        except ImportError:
            raise ReportError(INSTALL) from None
        matplotlib.use("svg")
        import matplotlib.dates as mdates
        import matplotlib.pyplot as plt
        from cycler import cycler
        from matplotlib.ticker import FuncFormatter, MaxNLocator

        self.plt = plt
        self.mdates = mdates
        self.formatter, self.locator = FuncFormatter, MaxNLocator  # one of each per axis (they bind to it)
        plt.rcParams.update({
            "svg.fonttype": "none", "svg.hashsalt": "toolmend", "font.family": "sans-serif",
            "font.size": 10.5, "axes.spines.top": False, "axes.spines.right": False, "axes.edgecolor": "#9ca3af",
            "axes.grid": True, "grid.color": "#e5e7eb", "grid.linewidth": 0.8, "axes.axisbelow": True,
            "xtick.color": "#4b5563", "ytick.color": "#4b5563", "axes.labelcolor": "#374151",
            "legend.frameon": False, "legend.fontsize": 9.5, "axes.prop_cycle": cycler(color=PALETTE),
            "figure.dpi": 100,
        })
        self.data = data
        self.k = hour_groups(data)
        self.x = [datetime.fromtimestamp(t / 1000, UTC) for t in data.times_ms()]
        self.marks = [datetime.fromtimestamp(t / 1000, UTC) for t in marks]

    def _fig(self, height: float = 3.6, legend_rows: int = 3) -> tuple[Any, Any]:
        extra = 0.2 * max(0, legend_rows - 3)  # inches for the legend's rows past three
        fig, ax = self.plt.subplots(figsize=(6.4, height + extra))
        # fixed margins (a layout engine would draw every figure twice): the legend goes under the plot, so the
        # plot keeps the figure's width on a narrow screen too
        fig.subplots_adjust(left=0.1, right=0.955, bottom=(0.31 * height + extra) / (height + extra),
                            top=1 - 0.04 * height / (height + extra))
        return fig, ax

    def _finish(self, fig: Any, ax: Any, unit: str, legend: bool = True) -> str:
        loc = self.mdates.AutoDateLocator(minticks=4, maxticks=8)  # type: ignore[no-untyped-call]
        ax.xaxis.set_major_locator(loc)
        ax.xaxis.set_major_formatter(self.mdates.ConciseDateFormatter(loc, tz=UTC))  # type: ignore[no-untyped-call]
        ax.set_xlim(self.x[0], self.x[-1] if len(self.x) > 1 else None)
        ax.set_ylim(bottom=0)
        if unit == "%":
            ax.yaxis.set_major_formatter(self.formatter(lambda v, _: f"{v:.0%}"))
        else:
            ax.yaxis.set_major_locator(self.locator(integer=True))
        for m in self.marks:
            ax.axvline(m, color="#111827", linewidth=1, linestyle=(0, (4, 3)), alpha=0.55)
        if legend and ax.get_legend_handles_labels()[0]:
            ax.legend(loc="upper center", bbox_to_anchor=(0.45, -0.17), ncol=3, borderaxespad=0.0,
                      handlelength=1.4, columnspacing=1.2)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
        self.plt.close(fig)
        svg = buf.getvalue()
        svg = svg[svg.index("<svg"):]
        # responsive: the viewBox stays, the fixed size goes (CSS sizes it)
        return re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"', r'<svg\1 role="img"', svg, count=1)

    def _gaps(self, ax: Any, counts: list[float], k: int = 1) -> None:
        """Shades the runs of buckets (k buckets each) without traffic, "no traffic" in the legend once."""
        width = timedelta(milliseconds=self.data.bucket_ms * k)
        starts = self.x[::k]
        for n, (a, b) in enumerate(empty_spans(counts)):
            ax.axvspan(starts[a], starts[b - 1] + width, color="#9ca3af", alpha=0.2, linewidth=0,
                       label=NO_TRAFFIC if n == 0 else "_nolegend_")

    @staticmethod
    def _note(ax: Any, text: str) -> None:
        """What a plot with nothing to draw says, in its middle."""
        if text:
            ax.text(0.5, 0.55, text, transform=ax.transAxes, ha="center", va="center", color="#4b5563",
                    fontsize=10, wrap=True, bbox={"facecolor": "white", "edgecolor": "#e5e7eb", "pad": 6})

    def rate(self, num: dict[str, list[float]], den: dict[str, list[float]] | list[float], *,
             all_num: list[float] | None = None, all_den: list[float] | None = None, what: str = "calls") -> str:
        """Lines of num/den by label value (den by the same value, or one list for all values), and the overall
        rate in black when given; on buckets of at least an hour (a split's rate needs the calls). A bucket under
        MIN_DEN `what` is a gap in a line; the count of each bucket is the grey bars (right axis), a bucket
        without any event is shaded, and a plot with no rate to draw says why."""
        k = self.k
        num = {v: regroup(xs, k) for v, xs in num.items()}
        den = regroup(den, k) if isinstance(den, list) else {v: regroup(xs, k) for v, xs in den.items()}
        x = self.x[::k]
        zero = [0.0] * len(x)
        if all_den is not None:
            dens = regroup(all_den, k)
        elif isinstance(den, list):
            dens = den
        else:
            dens = [sum(col) for col in zip(*den.values(), strict=True)] if den else zero
        kept = top(num)
        entries = len(kept) + (all_num is not None) + 2  # and "no traffic", "calls per bucket"
        fig, ax = self._fig(legend_rows=-(-entries // 3))
        fig.subplots_adjust(right=0.9)
        self._gaps(ax, self._traffic(k), k)
        bars = ax.twinx()
        bars.bar(x, dens, width=timedelta(milliseconds=self.data.bucket_ms * k), align="edge", color="#9ca3af",
                 alpha=0.35, linewidth=0, label=f"{what} per bucket")
        bars.set_ylim(0, 4 * max(dens, default=0) or 1)  # the lowest quarter: the counts under the rates
        bars.grid(False)
        bars.spines["right"].set_visible(True)
        bars.tick_params(labelsize=8, colors="#9ca3af")
        bars.yaxis.set_major_locator(self.locator(nbins=2, integer=True))
        bars.set_ylabel(what, fontsize=8.5, color="#9ca3af")
        ax.set_zorder(bars.get_zorder() + 1)  # the rates over the bars
        ax.patch.set_visible(False)
        drawn = False

        def line(r: list[float], **style: Any) -> None:
            nonlocal drawn
            drawn = drawn or any(not math.isnan(v) for v in r)
            ax.plot(x, r, marker="o", markersize=2.2, **style)  # a bucket alone between gaps still shows

        if all_num is not None and all_den is not None:
            line(ratio(regroup(all_num, k), dens, MIN_DEN), color="#111827", linewidth=2, label="all")
        for i, (v, xs) in enumerate(kept.items()):
            if isinstance(den, list):
                d = den
            elif v == "other":
                rest = [den[k] for k in den if k not in kept]
                d = [sum(col) for col in zip(*rest, strict=True)] if rest else zero
            else:
                d = den.get(v, zero)
            r = ratio(xs, d, MIN_DEN)
            name = v or "unknown"
            n = math.fsum(d)
            if n and all(math.isnan(y) for y in r):  # in the legend, though no bucket of it is drawn
                name = f"{name} (too few: {n:,.0f} {what})"
            line(r, color=PALETTE[i % len(PALETTE)], linewidth=1.4, label=name)
        self._note(ax, rate_note(dens, drawn, what, lines=bool(kept) or all_num is not None))
        handles, labels = ax.get_legend_handles_labels()
        more = bars.get_legend_handles_labels()
        if sum(dens):
            ax.legend([*handles, *more[0]], [*labels, *more[1]], loc="upper center", bbox_to_anchor=(0.45, -0.17),
                      ncol=3, borderaxespad=0.0, handlelength=1.4, columnspacing=1.2)
        return self._finish(fig, ax, "%", legend=not sum(dens))

    def _traffic(self, k: int = 1) -> list[float]:
        """Events per bucket (k buckets each; tool calls for a file without events): a bucket without any is a gap
        in the traffic."""
        events = self.data.total(EVENTS)
        return regroup(events if any(events) else self.data.total(TC), k)

    def counts(self, series: dict[str, list[float]]) -> str:
        """Stacked counts per bucket by label value (steps: one shape per value, however many buckets)."""
        fig, ax = self._fig()
        self._gaps(ax, self._traffic())
        kept = top(series)
        if kept:
            x, ys = self._steps(list(kept.values()))
            ax.stackplot(x, *ys, labels=[v or "unknown" for v in kept], colors=PALETTE[:len(ys)], linewidth=0)
        self._note(ax, counts_note(list(kept.values())))
        return self._finish(fig, ax, "n")

    def _steps(self, ys: list[list[float]], k: int = 1) -> tuple[list[datetime], list[list[float]]]:
        """Values of buckets (k buckets each) as steps over their whole width (each at its start and its end)."""
        starts = self.x[::k]
        end = starts[-1] + timedelta(milliseconds=self.data.bucket_ms * k)
        x = [t for pair in zip(starts, [*starts[1:], end], strict=True) for t in pair]
        return x, [[v for v in y for _ in (0, 1)] for y in ys]

    def share(self, series: dict[str, list[float]]) -> str:
        """Stacked shares of the traffic by label value."""
        fig, ax = self._fig()
        kept = top({v: regroup(xs, self.k) for v, xs in series.items()})
        totals = [sum(col) for col in zip(*kept.values(), strict=True)] if kept else []
        self._gaps(ax, totals, self.k)
        ys = [[x / t if t else math.nan for x, t in zip(xs, totals, strict=True)] for xs in kept.values()]
        if any(totals):
            x, ys = self._steps(ys, self.k)
            ax.stackplot(x, *ys, labels=[v or "unknown" for v in kept], colors=PALETTE[:len(ys)], alpha=0.85,
                         linewidth=0)
        else:
            self._note(ax, NO_DATA)
        ax.set_ylim(0, 1)
        out = self._finish(fig, ax, "%")
        return out


# -- the page ---------------------------------------------------------------------------------------------------
CSS = """
:root{--fg:#111827;--muted:#6b7280;--line:#e5e7eb;--bg:#f8fafc;--card:#fff;--accent:#2563eb;--warn:#dc2626}
*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
color:var(--fg);background:var(--bg)}
main{max-width:1360px;margin:0 auto;padding:24px 20px 48px}
header h1{font-size:1.6rem;margin:0 0 4px}
header p{margin:0;color:var(--muted)}
h2{font-size:1.15rem;margin:32px 0 12px}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px;margin:20px 0 8px}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px 14px}
.card b{display:block;font-size:1.35rem;font-variant-numeric:tabular-nums}
.card span{color:var(--muted);font-size:.85rem}
.grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:16px}
figure{margin:0;background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px 12px 6px}
figure h3{margin:0 0 2px;font-size:1rem}
figure p{margin:0 0 6px;color:var(--muted);font-size:.85rem}
figure svg{display:block;width:100%;height:auto}
.table{overflow-x:auto;background:var(--card);border:1px solid var(--line);border-radius:10px}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:8px 12px;border-bottom:1px solid var(--line);vertical-align:top}
th{color:var(--muted);font-weight:600;background:#f9fafb}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.when{white-space:nowrap;font-variant-numeric:tabular-nums}
tr:last-child td{border-bottom:0}
.rise{color:var(--warn);font-weight:600}
.none{padding:12px 14px;color:var(--muted)}
footer{margin-top:32px;color:var(--muted);font-size:.85rem}
@media (max-width:900px){.grid{grid-template-columns:1fr}main{padding:16px 12px 32px}}
@media (max-width:640px){body{font-size:14px}header h1{font-size:1.3rem}th,td{padding:6px 8px}
.cards{grid-template-columns:repeat(2,minmax(0,1fr))}
#change-points tr:first-child{display:none}
#change-points tr{display:grid;grid-template-columns:repeat(3,auto);gap:2px 12px;padding:10px 12px;
border-bottom:1px solid var(--line)}
#change-points td{border:0;padding:0;text-align:left}
#change-points td:nth-child(1),#change-points td:nth-child(2),#change-points td.changed{grid-column:1/-1}
#change-points td:nth-child(2){font-weight:600}
#change-points td[data-label]::before{content:attr(data-label) " ";color:var(--muted);font-weight:400}
#change-points td.changed{color:var(--muted)}}
"""


def _fmt(v: float) -> str:
    return f"{v:,.0f}"


def page(data: ReportData, title: str | None = None) -> str:
    cp_ms, rows = changes(data)
    marks = sorted({r["ms"] for r in rows if r["rate_name"] in ("dangling rate", "text-only-regression rate")})
    plots = Plots(data, marks)
    t = data.totals
    calls, dangling = t.get(TC, 0.0), t.get(DANGLING, 0.0)
    turns, regressions = t.get(TURNS, 0.0), t.get(REGRESSIONS, 0.0)
    cards = [
        (_fmt(t.get(EVENTS, 0.0)), "events"),
        (_fmt(calls), "tool calls"),
        (f"{dangling / calls:.2%}" if calls else "–", f"dangling rate ({_fmt(dangling)} calls)"),
        (f"{regressions / turns:.2%}" if turns else "–", f"text-only-regression rate ({_fmt(regressions)})"),
        (_fmt(t.get(ERASED, 0.0)), "history erasures"),
        (_fmt(t.get(DEAD, 0.0)), "dead letters"),
    ]
    tc_total, turn_total = data.total(TC), data.total(TURNS)
    figs = [
        ("Dangling rate by reason", "Dangling calls / tool calls, all reasons (black) and each reason.",
         plots.rate(data.series(DANGLING, "reason"), tc_total, all_num=data.total(DANGLING), all_den=tc_total)),
        ("Dangling rate by tool", "Dangling calls of a tool / that tool's calls.",
         plots.rate(data.series(DANGLING, "tool"), data.series(TC, "tool"))),
        ("Dangling rate by model", "Dangling calls of a model / that model's tool calls.",
         plots.rate(data.series(DANGLING, "model"), data.series(TC, "model"))),
        ("Text-only-regression rate by app version",
         "Text-only regressions / assistant turns after the first tool use, all (black) and per app version.",
         plots.rate(data.series(REGRESSIONS, "app_version"), data.series(TURNS, "app_version"),
                    all_num=data.total(REGRESSIONS), all_den=turn_total, what="turns")),
        ("Text-only-regression rate by model", "Text-only regressions / assistant turns after tool, per model.",
         plots.rate(data.series(REGRESSIONS, "model"), data.series(TURNS, "model"), what="turns")),
        ("Text-only regressions by tool", "The tool the model stopped calling, per bucket.",
         plots.counts(data.series(REGRESSIONS, "tool"))),
        ("Tool history erasures by app version", "Tool calls erased from a later snapshot, per bucket.",
         plots.counts(data.series(ERASED, "app_version"))),
        ("Dead letters by kind", "Events sent to the dead-letter topic, per bucket.",
         plots.counts({k: v for k, v in data.series(DEAD, "kind").items() if sum(v)})),
        ("Traffic by app version", "Share of assistant turns after tool use, per app version: a new version shows "
         "as a new band.", plots.share(data.series(TURNS, "app_version"))),
        ("Traffic by model", "Share of tool calls, per model.", plots.share(data.series(TC, "model"))),
    ]
    title = title or f"toolmend replay {data.run}"
    parts = [
        "<!doctype html><html lang=en><head><meta charset=utf-8>",
        '<meta name=viewport content="width=device-width,initial-scale=1">',
        f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body><main>",
        f"<header><h1>{html.escape(title)}</h1><p>{_iso(data.start_ms)} → {_iso(data.end_ms)} · event time · "
        f"{_dur(data.bucket_ms)} buckets · job {html.escape(data.job)} · "
        f"{len(data.instances)} instance{'s' if len(data.instances) != 1 else ''}</p></header>",
        '<section class=cards id=summary>',
        *(f"<div class=card><b>{html.escape(v)}</b><span>{html.escape(k)}</span></div>" for v, k in cards),
        "</section>",
        f"<h2 id=changes>Change points</h2><p>First {_dur(cp_ms)} bucket where a rate rises clearly above its "
        f"trailing {_dur(cp_ms * 12)} baseline (dashed lines in the plots), and what shifted in the traffic then.</p>",
        _table(rows),
        "<h2>Rates and counts over event time</h2><div class=grid id=plots>",
        *(f"<figure><h3>{html.escape(h)}</h3><p>{html.escape(d)}</p>{svg}</figure>" for h, d, svg in figs),
        "</div>",
        "<h2>Summary</h2>", _summary(data),
        f"<footer>toolmend report of {data.lines:,} samples; every figure is computed from the replay's counters "
        "at event time (the same series Prometheus holds once the file is loaded).</footer>",
        "</main></body></html>\n",
    ]
    return "".join(parts)


def _table(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "<div class=table><p class=none>No rate rose clearly above its trailing baseline.</p></div>"
    head = "<tr><th>time (UTC)</th><th>rate</th><th class=num>baseline</th><th class=num>then</th>" \
           "<th class=num>rise</th><th>what changed</th></tr>"
    body = "".join(
        f"<tr><td class=when>{html.escape(_iso(r['ms']))}</td><td>{html.escape(r['rate_name'])}</td>"
        f"<td class=num data-label=baseline>{r['baseline']:.2%}</td><td class=num data-label=then>{r['rate']:.2%}</td>"
        f"<td class='num rise' data-label=rise>{_rise(r['rise'])}</td>"
        f"<td class=changed>{html.escape(r['changed'])}</td></tr>" for r in rows)
    return f"<div class=table><table id=change-points>{head}{body}</table></div>"


def _rise(x: float) -> str:
    return "from 0" if math.isinf(x) else f"×{x:.1f}"


def _summary(data: ReportData) -> str:
    t = data.totals
    rows = [("run", data.run), ("job", data.job), ("instances", ", ".join(sorted(data.instances))),
            ("from", _iso(data.start_ms)), ("to", _iso(data.end_ms))]
    for label, fam in (("events", EVENTS), ("tool calls", TC), ("dangling tool calls", DANGLING),
                       ("assistant turns after tool", TURNS), ("text-only regressions", REGRESSIONS),
                       ("tool history erasures", ERASED), ("findings", FINDINGS), ("repairs", REPAIRS),
                       ("dead letters", DEAD)):
        rows.append((label, _fmt(t.get(fam, 0.0))))
    for kind, xs in sorted(data.series(DEAD, "kind").items()):
        if sum(xs):
            rows.append((f"dead letters: {kind}", _fmt(sum(xs))))
    body = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in rows)
    return f"<div class=table><table id=run-summary>{body}</table></div>"


# -- the page written -----------------------------------------------------------------------------------------------
def write_report(metrics_file: Path | list[Path], out: Path, title: str | None = None) -> Path:
    """Reads the metrics file, writes the page (to a temporary file renamed into place); ReportError if not."""
    if not out.parent.is_dir():
        raise ReportError(f"output directory {out.parent} does not exist")
    try:
        data = load(metrics_file)
    except NotToolmend as e:
        raise ReportError(str(e)) from None
    text = page(data, title)
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)
    return out


__all__ = ["ReportError", "change_points", "page", "write_report"]
