"""Prometheus helpers shared by the rule unit tests and the real-Prometheus proof.

The shape every alert expression must have: clauses `<signal> <op> <number>` or `absent(<signal>)` joined by
and/or/unless, all PromQL maths in recording rules. The proof evaluates each signal; promtool tests cover the
thresholds."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest


def binary(name: str) -> str:
    """Debian's prometheus/promtool: a failure in CI (install.sh must have run), a skip on a dev machine."""
    found = shutil.which(name)
    if found is None:
        message = f"`{name}` not found: run deploy/prometheus/install.sh"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found

SIGNAL = r"[a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^{}]*\})?"
CLAUSE_CMP = re.compile(rf"^(?P<signal>{SIGNAL})\s*(?:==|!=|>=|<=|>|<)\s*[-+]?(?:[0-9]*\.)?[0-9]+(?:e[-+]?[0-9]+)?$")
CLAUSE_ABSENT = re.compile(rf"^absent\(\s*(?P<signal>{SIGNAL})\s*\)$")
SET_OP = re.compile(r"\s+(?:and|or|unless)(?:\s+(?:on|ignoring)\s*\([^)]*\))?\s+")


def alert_signals(expr: str) -> list[str]:
    """The signals of an alert expression; ValueError if it is not of the documented shape."""
    signals = []
    for clause in SET_OP.split(" ".join(expr.split())):
        match = CLAUSE_CMP.match(clause) or CLAUSE_ABSENT.match(clause)
        if match is None:
            raise ValueError(f"clause {clause!r} is neither `<signal> <op> <number>` nor `absent(<signal>)`")
        signals.append(match.group("signal"))
    return signals


def last_values(path: Path) -> dict[str, float]:
    """The last value of each series of an OpenMetrics file with timestamps, summed by metric name."""
    last: dict[str, tuple[str, float]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            series, value, _ = line.rsplit(" ", 2)
            last[series] = (series.split("{", 1)[0], float(value))
    out: dict[str, float] = {}
    for name, v in last.values():
        out[name] = out.get(name, 0.0) + v
    return out
