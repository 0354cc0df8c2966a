"""`toolmend report --metrics-file FILE --out report.html`: a replay's metrics file drawn as one self-contained
HTML page (`shell/report/`), its flags and exit code."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ..report.render import ReportError, write_report
from .base import exiting

PROG = "toolmend report"


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=PROG, description="Draw a replay's --metrics-file as one "
                                "self-contained HTML page: rates over event time, change points, the summary.")
    p.add_argument("--metrics-file", type=Path, required=True, action="append", metavar="FILE",
                   help="the OpenMetrics file of `toolmend replay --metrics-file` (repeat it for the shards of "
                   "one replay)")
    p.add_argument("--out", type=Path, default=Path("report.html"), metavar="FILE",
                   help="the HTML page to write (default report.html)")
    p.add_argument("--title", default=None, help="the page title (default: the run's name)")
    return p


def main(argv: Sequence[str]) -> int:
    ns = parser().parse_args(list(argv))
    with exiting(PROG, usage=(ReportError,)) as ex:
        out = write_report(ns.metrics_file, ns.out, ns.title)
        sys.stdout.write(f"wrote {out}\n")
        return 0
    return ex.code


__all__ = ["main", "parser"]
