"""The tool-result outcome taxonomy (processor/core/outcomes.py over its package data outcomes.json)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from processor.core.outcomes import (
    OUTCOMES,
    Outcome,
    Signal,
    Table,
    classify,
    classify_payload,
    load_document,
    markdown,
    outcome_unknown,
    payload_signal,
)

D, T, TO, C, U, OK = (Outcome.ERROR_DETERMINISTIC, Outcome.ERROR_TRANSIENT, Outcome.TIMEOUT, Outcome.CANCELLED,
                      Outcome.UNKNOWN, Outcome.OK)

# every row of issue 32, item 3
GRPC = [("INVALID_ARGUMENT", D), ("NOT_FOUND", D), ("PERMISSION_DENIED", D), ("UNAUTHENTICATED", D),
        ("FAILED_PRECONDITION", D), ("ALREADY_EXISTS", D), ("DEADLINE_EXCEEDED", TO), ("UNAVAILABLE", T),
        ("RESOURCE_EXHAUSTED", T), ("ABORTED", T)]
HTTP = [(400, D), (401, D), (403, D), (404, D), (409, D), (422, D), (408, TO), (504, TO), (429, T), (500, T),
        (502, T), (503, T)]
EXCEPTIONS = [("TimeoutError", TO), ("ReadTimeout", TO), ("httpx.ReadTimeout", TO), ("asyncio.TimeoutError", TO),
              ("openai.APITimeoutError", TO), ("requests.exceptions.ConnectTimeout", TO),
              ("ValueError", D), ("TypeError", D), ("KeyError", D), ("ValidationError", D),
              ("pydantic_core._pydantic_core.ValidationError", D), ("ConnectionError", T),
              ("asyncio.CancelledError", C), ("asyncio.exceptions.CancelledError", C), ("CancelledError", C)]
GENERIC = ["tool_error", "_OTHER", "error", "ToolError"]


@pytest.mark.parametrize(("code", "want"), GRPC)
def test_grpc_codes_and_their_snake_case(code: str, want: Outcome) -> None:
    assert classify(error_type=code) is want
    assert classify(error_type=code.lower()) is want
    assert classify(status_code=code) is want
    assert classify(status_code=f"StatusCode.{code}") is want  # grpc-python's str(StatusCode.X)


def test_grpc_codes_by_number() -> None:
    assert classify(status_code=3) is D
    assert classify(status_code=4) is TO
    assert classify(status_code=14) is T
    assert classify(status_code=1) is C
    assert classify(status_code=0) is OK
    assert classify(status_code="14") is T


def test_snake_case_generic_codes() -> None:
    assert classify(error_type="timeout") is TO
    assert classify(error_type="rate_limited") is T
    assert classify(error_type="invalid-argument") is D


@pytest.mark.parametrize(("status", "want"), HTTP)
def test_http_like_codes(status: int, want: Outcome) -> None:
    assert classify(http_status=status) is want
    assert classify(http_status=str(status)) is want
    assert classify(error_type=str(status)) is want  # OTel error.type carries an HTTP status as text


def test_http_ranges() -> None:
    assert classify(http_status=418) is D
    assert classify(http_status=507) is T
    assert classify(http_status=200) is OK
    assert classify(http_status=204, is_error=True) is U


@pytest.mark.parametrize(("name", "want"), EXCEPTIONS)
def test_exception_class_names(name: str, want: Outcome) -> None:
    assert classify(error_type=name) is want


@pytest.mark.parametrize("value", GENERIC)
def test_generic_values_are_unknown(value: str) -> None:
    assert classify(error_type=value) is U
    # a generic value names no class: a more specific source decides
    assert classify(error_type=value, http_status=503) is T
    assert classify(error_type=value, status_code="DEADLINE_EXCEEDED") is TO


def test_unknown_class_names_are_unknown_errors() -> None:
    assert classify(error_type="FrobnicationFailure") is U
    assert classify(error_type="my_app.errors.QuotaBlown") is U


def test_order_first_named_class_decides() -> None:
    assert classify(error_type="ValueError", http_status=503) is D
    assert classify(error_type="tool_error", status_code="ERROR", http_status=404) is D
    assert classify(status_code="NOT_FOUND", http_status=503) is D


def test_span_status_and_is_error() -> None:
    assert classify(status_code="ERROR") is U
    assert classify(status_code="STATUS_CODE_ERROR") is U
    assert classify(status_code="OK") is OK
    assert classify(status_code="UNSET") is OK
    assert classify(is_error=True) is U
    assert classify(is_error=False) is OK
    assert classify() is OK


def test_text_is_the_last_resort() -> None:
    # an error without a class: its text is read for a cue
    assert classify(is_error=True, text="Request timed out after 30s") is TO
    assert classify(status_code="ERROR", text="Ticket 42 not found") is D
    assert classify(is_error=True, text="Rate limit exceeded, try again later") is T
    assert classify(is_error=True, text="something broke") is U
    # a class named elsewhere wins over the text
    assert classify(error_type="ValueError", text="timed out") is D
    # no error signalled: text only counts when it opens with an error marker
    assert classify(text="The meeting was not found in the calendar, booking a new one") is OK
    assert classify(text="Error: permission denied for /etc/shadow") is D
    assert classify(text="Traceback (most recent call last):\n  ...\nKeyError: 'x'") is U
    # an explicit success flag is not overridden by text
    assert classify(is_error=False, text="Error: nothing") is OK


def test_payloads() -> None:
    assert classify_payload('{"error": "not_found"}') is D
    assert classify_payload({"error": "DEADLINE_EXCEEDED"}) is TO
    assert classify_payload({"error": "the backend timed out"}) is TO
    assert classify_payload({"error": {"code": 404, "message": "x", "status": "NOT_FOUND"}}) is D  # Google APIs
    assert classify_payload({"error": {"code": 503, "message": "backend down"}}) is T
    assert classify_payload({"error": {"type": "httpx.ReadTimeout"}}) is TO
    assert classify_payload({"error": {"code": -32602, "message": "Invalid params"}}) is D  # JSON-RPC / MCP
    assert classify_payload({"isError": True, "content": [{"type": "text", "text": "rate limit"}]}) is T  # MCP
    assert classify_payload({"isError": False, "content": []}) is OK
    assert classify_payload({"output": "sunny, 21 C"}) is OK
    assert classify_payload("15 C, sunny") is OK
    assert classify_payload("plain text", is_error=True) is U
    assert classify_payload("Error: Ticket not found") is D
    assert classify_payload('{"error": ') is OK  # not JSON: plain text without a marker
    assert classify_payload([{"type": "text", "text": "Error: timed out"}]) is TO


def test_payload_signal_never_reads_more_than_bounded_text() -> None:
    s = payload_signal("x" * 100_000, is_error=True)
    assert s.text is not None and len(s.text) <= 512
    big = '{"error": "' + "y" * 10_000 + '"}'
    assert payload_signal(big).error_type is None  # too long to parse: text only
    assert "Signal(" in repr(s) and "xxx" not in repr(s)


def test_outcome_unknown() -> None:
    assert outcome_unknown(TO) and outcome_unknown(U)
    assert not outcome_unknown(D) and not outcome_unknown(OK) and not outcome_unknown(T)


def test_the_data_is_consistent() -> None:
    doc = load_document()
    names = {o.value for o in OUTCOMES}
    assert set(doc["outcomes"]) == names
    for section in ("codes", "http", "http_ranges", "exceptions", "jsonrpc"):
        assert set(doc[section].values()) <= names, section
    assert {v for _, v in doc["patterns"]} <= names
    assert {v for _, v in doc["text"]["cues"]} <= names
    assert all(str(v).upper().replace("-", "_") in {k.upper() for k in doc["codes"]}
               for v in doc["grpc_numbers"].values())
    for k in doc["codes"]:
        assert k == k.upper(), k  # written as gRPC writes them; snake-case forms are read by normalising
    Table(doc)  # builds
    bad = dict(doc, outcomes={k: v for k, v in doc["outcomes"].items() if k != "ok"})
    with pytest.raises(ValueError):
        Table(bad)


def test_signal_repr_has_no_content() -> None:
    assert "secret" not in repr(Signal(text="secret"))


def test_docs_show_the_table() -> None:
    page = (Path(__file__).parents[3] / "docs" / "semantics.md").read_text()
    m = re.search(r"<!-- outcomes-table -->\n(.*?)<!-- /outcomes-table -->", page, re.S)
    assert m is not None, "docs/semantics.md lacks the outcomes table markers"
    assert m.group(1) == markdown(), "docs/semantics.md's outcome table differs from outcomes.json: paste markdown()"
