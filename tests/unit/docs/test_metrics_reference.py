"""The metric tables of docs/metrics-reference.md and docs/metrics.md say what the code exports: every metric the
worker registers and no other, each with its type and its labels; the reference lists, for every label drawn
from a closed set (a kind, a reason, an outcome, a dialect...), exactly that set of values as the code defines
it (the catalog may leave them out, and where it lists them they are right). A metric, a label or an enum value
added in the code and not in the docs (or left in the docs after it went) fails here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from prometheus_client import CollectorRegistry
from prometheus_client.metrics import MetricWrapperBase

from processor import DIALECTS
from processor.core.findings import DanglingReason, FindingKind, RepairAction, Severity
from processor.core.outcomes import Outcome
from processor.core.retries import RETRY_KINDS
from processor.core.toolspans import OUTCOMES
from processor.shell.metrics import OTHER, UNKNOWN, Metrics
from processor.shell.otlp.stage import StageMetrics

ROOT = Path(__file__).resolve().parents[3]
DOCS = ("metrics-reference.md", "metrics.md")
FULL = {"metrics-reference.md"}  # lists the values of every closed label
# labels whose values are open (capped at TOOLMEND_LABEL_CAP, or a partition number, or the build's identity)
OPEN = {"model", "tool", "app_version", "partition", "version", "python"}
# closed sets the code declares as enums but does not create series for up front
ENUMS: dict[tuple[str, str], set[str]] = {
    ("toolmend_findings_total", "kind"): {k.value for k in FindingKind},
    ("toolmend_findings_total", "severity"): {s.value for s in Severity},
    ("toolmend_dangling_tool_calls_total", "reason"): {r.value for r in DanglingReason},
    ("toolmend_repairs_total", "action"): {a.value for a in RepairAction},
    ("toolmend_thinking_invalidated_total", "signal"): {"prefix_changed", "dropped_by_provider"},
    ("toolmend_tool_duration_seconds", "outcome"): set(OUTCOMES),
    ("toolmend_tool_tokens_total", "outcome"): set(OUTCOMES),
    ("toolmend_tool_tokens_total", "kind"): {"input", "output"},
    ("toolmend_tool_results_total", "outcome"): {o.value for o in Outcome},
    ("toolmend_tool_retries_total", "kind"): set(RETRY_KINDS),
}
DIALECT_VALUES = {*DIALECTS, UNKNOWN}


def doc_name(metric: MetricWrapperBase) -> str:
    return metric._name + ("_total" if metric._type == "counter" else "")  # type: ignore[attr-defined]


def exported() -> dict[str, tuple[str, tuple[str, ...], dict[str, set[str]]]]:
    """name -> (type, label names, closed label values) from the worker's Metrics (and its OTLP stage's): the
    values of each label are the series the code creates up front (dead-letter kinds, commit outcomes, ...) plus
    the enums above."""
    m = Metrics(CollectorRegistry())
    out = {}
    for metric in [*vars(m).values(), *vars(StageMetrics(m)).values()]:
        if not isinstance(metric, MetricWrapperBase):
            continue
        name, labels = doc_name(metric), tuple(metric._labelnames)  # type: ignore[attr-defined]
        values: dict[str, set[str]] = {}
        for fam in metric.collect():
            for s in fam.samples:
                for k, v in s.labels.items():
                    if k in labels and k not in OPEN:
                        values.setdefault(k, set()).add(v)
        for label in labels:
            if (name, label) in ENUMS:
                values.setdefault(label, set()).update(ENUMS[(name, label)])
            if label == "dialect":
                values[label] = DIALECT_VALUES
        out[name] = (metric._type, labels, values)  # type: ignore[attr-defined]
    return out


def rows(doc: str) -> Iterator[tuple[str, str, str]]:
    """(name, type cell, labels cell) of every toolmend_* row of the doc's metric table."""
    for line in (ROOT / "docs" / doc).read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 4 and re.fullmatch(r"`toolmend_\w+`", cells[0]):
            yield cells[0].strip("`"), cells[1], cells[2]


def documented_labels(cell: str) -> dict[str, set[str] | None]:
    """`kind` (a, b, c), `dialect` -> {"kind": {"a", "b", "c"}, "dialect": None}; values split by , or /."""
    out: dict[str, set[str] | None] = {}
    for label, values in re.findall(r"`(\w+)`(?:\s*\(([^)]*)\))?", cell):
        out[label] = {v.strip() for v in re.split(r"[,/]", values)} if values else None
    return out


@pytest.mark.parametrize("doc", DOCS)
def test_the_metric_table_lists_every_exported_metric_with_its_type_labels_and_label_values(doc: str) -> None:
    code = exported()
    documented = {name: (typ, labels) for name, typ, labels in rows(doc)}
    assert set(documented) == set(code), (
        f"docs/{doc}: missing {sorted(set(code) - set(documented))}, not exported "
        f"{sorted(set(documented) - set(code))}")
    problems = []
    for name, (typ, labels, values) in code.items():
        doc_type, doc_labels = documented[name]
        if doc_type.split()[0] != typ:
            problems.append(f"{name}: documented as {doc_type}, exported as a {typ}")
        listed = documented_labels(doc_labels)
        if sorted(listed) != sorted(labels):
            problems.append(f"{name}: documented labels {sorted(listed)}, exported {sorted(labels)}")
            continue
        for label in labels:
            want = values.get(label)
            got = listed[label]
            if got is None and (label == "dialect" or doc not in FULL):
                continue  # the dialect values are listed once, above the table (checked below)
            if want is None and got is not None:
                problems.append(f"{name}: `{label}` is open (capped or numeric) but the doc lists values {got}")
            elif want is not None and got != want:
                problems.append(f"{name}: `{label}` documented {sorted(got or ())}, the code has {sorted(want)} "
                                f"(missing {sorted(want - (got or set()))}, extra {sorted((got or set()) - want)})")
    assert not problems, f"docs/{doc} disagrees with processor/shell/metrics.py:\n" + "\n".join(problems)


@pytest.mark.parametrize("doc", DOCS)
def test_the_dialect_values_and_the_capped_labels_are_stated_as_the_code_has_them(doc: str) -> None:
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    count = re.search(r"`dialect` has (\d+) values", text)
    assert count and int(count[1]) == len(DIALECT_VALUES), f"docs/{doc} states the number of dialect values"
    listed = re.search(r"`dialect` has \d+ values \(([^)]*)\)", text)
    if listed and "`" in listed[1]:
        assert set(re.findall(r"`(\w+)`", listed[1])) == DIALECT_VALUES, listed[1]
    assert f"`{OTHER}`" in text and "TOOLMEND_LABEL_CAP" in text


def test_a_drift_of_the_docs_is_caught() -> None:
    """The check itself: a table missing a dead-letter kind and a metric fails it."""
    code = exported()
    kinds = code["toolmend_dead_letters_total"][2]["kind"]
    assert {"invalid_json", "event_time", "quarantined", "internal"} <= kinds
    assert documented_labels("`kind` (invalid_json, schema)")["kind"] != kinds
    assert "toolmend_quarantined_conversations_total" in code
