"""What `toolmend report` reads: a `--metrics-file` of `toolmend replay`, as increases per time bucket.

Owns: recognising the file (toolmend's OpenMetrics, `mode="replay"`, ending with `# EOF`; anything else is a
NotToolmend with one line saying why), choosing the bucket (at most 150 buckets over the range, a round
duration), and summing each series' increases into buckets by the labels a plot splits on. Must not know:
plots, HTML, the replay.

Cost: one pass over the file, a few string operations per line; memory: the buckets of the (family, label)
splits kept, never the samples.
"""

from __future__ import annotations

import gzip
import io
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

# the splits the report draws: family -> the labels it is summed by (each its own table of buckets)
SPLITS: dict[str, tuple[str, ...]] = {
    "toolmend_tool_calls_total": ("", "model", "tool"),
    "toolmend_dangling_tool_calls_total": ("", "reason", "model", "tool"),
    "toolmend_assistant_turns_after_tool_total": ("", "outcome", "model", "app_version"),
    "toolmend_text_only_regressions_total": ("", "model", "app_version", "tool"),
    "toolmend_tool_history_erased_total": ("", "model", "app_version", "tool"),
    "toolmend_dead_letters_total": ("", "kind"),
    "toolmend_events_total": ("", "outcome"),
    "toolmend_findings_total": ("", "kind"),
    "toolmend_repairs_total": ("",),
}
NICE_S = (60, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400)
MAX_BUCKETS = 150


class NotToolmend(Exception):
    """The file is not a toolmend replay's metrics file (one line: why)."""


@dataclass
class ReportData:
    start_ms: int
    end_ms: int
    bucket_ms: int
    run: str = ""
    job: str = ""
    instances: set[str] = field(default_factory=set)
    # (family, label) -> label value -> increase per bucket ("" label: the family's total, under value "")
    buckets: dict[tuple[str, str], dict[str, list[float]]] = field(default_factory=dict)
    totals: dict[str, float] = field(default_factory=dict)  # family -> total increase
    lines: int = 0

    @property
    def n(self) -> int:
        return len(self.times_ms())

    def times_ms(self) -> list[int]:
        """The start of each bucket."""
        return list(range(self.start_ms, self.end_ms, self.bucket_ms)) or [self.start_ms]

    def series(self, family: str, label: str = "") -> dict[str, list[float]]:
        return self.buckets.get((family, label), {})

    def total(self, family: str, label: str = "") -> list[float]:
        """The family's increase per bucket (all its series)."""
        return self.series(family, "").get("", [0.0] * self.n)


def bucket_for(range_ms: int) -> int:
    """The smallest round bucket that gives at most MAX_BUCKETS buckets."""
    for s in NICE_S:
        if range_ms / (s * 1000) <= MAX_BUCKETS:
            return s * 1000
    return NICE_S[-1] * 1000 * (1 + range_ms // (NICE_S[-1] * 1000 * MAX_BUCKETS))


def _labels(body: str) -> dict[str, str]:
    """`a="x",b="y"` (values without `",` inside, as toolmend writes them; escapes undone)."""
    out: dict[str, str] = {}
    i = 0
    n = len(body)
    while i < n:
        eq = body.index("=", i)
        name = body[i:eq].strip().lstrip(",").strip()
        j = eq + 2
        k = j
        while True:
            k = body.index('"', k)
            if body[k - 1] != "\\" or body[k - 2:k] == "\\\\":
                break
            k += 1
        out[name] = body[j:k].replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")
        i = k + 1
    return out


def _open(path: Path) -> IO[str]:
    raw = path.open("rb")
    gz = raw.read(2) == b"\x1f\x8b"
    raw.seek(0)
    stream: IO[bytes] = gzip.GzipFile(fileobj=raw, mode="rb") if gz else raw  # type: ignore[assignment]
    return io.TextIOWrapper(stream, encoding="utf-8", newline="\n")


def load(paths: Path | list[Path]) -> ReportData:
    """The files' increases per bucket (the shards of one replay, or one file); NotToolmend when one is not a
    toolmend replay's metrics file."""
    files = [paths] if isinstance(paths, Path) else paths
    heads = [_head(p) for p in files]
    first = min(h[0] for h in heads)
    last = max(h[1] for h in heads)
    bucket = bucket_for(max(1, last - first))
    data = ReportData(start_ms=first, end_ms=max(last, first + 1), bucket_ms=bucket,
                      run=",".join(sorted({h[2] for h in heads})), job=",".join(sorted({h[3] for h in heads})))
    for path in files:
        try:
            with _open(path) as f:
                _sum(f, data, path)
        except (OSError, EOFError, UnicodeDecodeError) as e:
            raise NotToolmend(f"{path}: unreadable ({type(e).__name__})") from None
    return data


def _head(path: Path) -> tuple[int, int, str, str]:
    """A file's first and last step (toolmend_build_info comes first, once per step), its run and job."""
    if not path.is_file():
        raise NotToolmend(f"{path}: no such file")
    first = last = None
    run = job = ""
    try:
        with _open(path) as f:
            top = f.readline().rstrip("\n")
            if not top.startswith("# TYPE toolmend_"):
                raise NotToolmend(f"{path}: not a toolmend metrics file (it does not start with a toolmend "
                                  "family; write one with `toolmend replay --metrics-file`)")
            for line in f:
                if line.startswith("#"):
                    if first is not None:
                        break
                    continue
                if not line.startswith("toolmend_build_info{"):
                    break
                series, _, ts = line.rstrip("\n").rpartition(" ")
                t = _ts(ts)
                if t is None:
                    raise NotToolmend(f"{path}: a sample without a timestamp (not written by toolmend replay)")
                if first is None:
                    labels = _labels(series[len("toolmend_build_info{"):series.rindex("}")])
                    if labels.get("mode") != "replay":
                        raise NotToolmend(f"{path}: not a replay's metrics (mode is {labels.get('mode')!r})")
                    run, job = labels.get("run", ""), labels.get("job", "")
                    first = t
                last = t
    except (OSError, EOFError, UnicodeDecodeError, ValueError) as e:
        raise NotToolmend(f"{path}: not a toolmend metrics file ({type(e).__name__})") from None
    if first is None or last is None:
        raise NotToolmend(f"{path}: no toolmend_build_info samples (not written by toolmend replay)")
    return first, last, run, job


def _ts(s: str) -> int | None:
    try:
        return round(float(s) * 1000)
    except ValueError:
        return None


def _sum(lines: Iterable[str], data: ReportData, path: Path) -> None:
    n = data.n
    start, bucket = data.start_ms, data.bucket_ms
    # series text -> (its target rows: the bucket lists it adds to), last value
    rows_of: dict[str, list[list[float]]] = {}
    last: dict[str, float] = {}
    totals = data.totals
    family_of: dict[str, str] = {}
    buckets = data.buckets
    count = data.lines
    end = ""
    for line in lines:
        if line[0] == "#":
            end = line
            continue
        if line == "\n":
            continue
        count += 1
        try:
            series, value_s, ts_s = line.rsplit(" ", 2)
        except ValueError:
            raise NotToolmend(f"{path}: unreadable sample {line[:80]!r}") from None
        rows = rows_of.get(series)
        if rows is None:
            brace = series.find("{")
            name = series[:brace] if brace >= 0 else series
            if not name.startswith("toolmend_"):
                raise NotToolmend(f"{path}: series {name!r} is not toolmend's")
            labels = _labels(series[brace + 1:-1]) if brace >= 0 else {}
            if "instance" in labels:
                data.instances.add(labels["instance"])
            splits = SPLITS.get(name, ())
            rows = []
            for label in splits:
                table = buckets.setdefault((name, label), {})
                key = labels.get(label, "") if label else ""
                row = table.get(key)
                if row is None:
                    row = table[key] = [0.0] * n
                rows.append(row)
            rows_of[series] = rows
            family_of[series] = name
        try:
            v = float(value_s)
            try:
                t = int(ts_s) * 1000
            except ValueError:
                t = round(float(ts_s) * 1000)
        except ValueError:
            raise NotToolmend(f"{path}: unreadable sample {line[:80]!r}") from None
        prev = last.get(series)
        last[series] = v
        # a series starts at 0 before its first increase; a reset (never in toolmend's files) counts its new value
        inc = v if prev is None or v < prev else v - prev
        if not inc:
            continue
        name = family_of[series]
        totals[name] = totals.get(name, 0.0) + inc
        if not rows:
            continue
        i = (t - 1 - start) // bucket  # a sample at a step's end counts in the bucket that step is in
        if i < 0:
            i = 0
        elif i >= n:
            i = n - 1
        for row in rows:
            row[i] += inc
    data.lines = count
    if end.rstrip("\n") != "# EOF":
        raise NotToolmend(f"{path}: no `# EOF` at the end (an interrupted copy?)")


__all__ = ["NotToolmend", "ReportData", "bucket_for", "load"]
