"""The README's alert table names every alert of deploy/prometheus/alerting-rules.yml, once, with its severity."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def _rules() -> dict[str, str]:
    """alert -> severity, read from the rules file (each rule from its `- alert:` line to the next)."""
    text = (ROOT / "deploy" / "prometheus" / "alerting-rules.yml").read_text(encoding="utf-8")
    rules = {}
    for chunk in re.split(r"^\s*- alert:", text, flags=re.M)[1:]:
        name = chunk.split("\n", 1)[0].strip()
        severity = re.search(r"^\s+severity:\s*(\w+)\s*$", chunk, flags=re.M)
        assert severity, name
        rules[name] = severity.group(1)
    return rules


def _table() -> list[tuple[str, str]]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = re.search(r"^\| alert \| fires when \| severity \|\n\|[-|]+\|\n((?:\|.*\|\n)+)", readme, flags=re.M)
    assert table, "the README has no alert table"
    rows = []
    for line in table.group(1).splitlines():
        names, _, severity = (c.strip() for c in line.strip("|").split("|"))
        rows += [(n.strip(), severity) for n in names.split(",")]
    return rows


def test_the_readme_alert_table_lists_every_alert_once_with_its_severity() -> None:
    rules, rows = _rules(), _table()
    assert len(rules) >= 8
    names = [n for n, _ in rows]
    assert sorted(names) == sorted(set(names)), "an alert is listed twice"
    assert set(names) == set(rules), {"missing": set(rules) - set(names), "unknown": set(names) - set(rules)}
    assert dict(rows) == rules
