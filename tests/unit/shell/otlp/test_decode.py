"""OTLP records decoded to plain spans: both encodings the Collector writes give the same spans; empty records are
refused."""

from __future__ import annotations

import pytest
from opentelemetry.sdk.trace import ReadableSpan

from processor.shell.otlp.decode import InvalidOtlp, decode
from tests.support import otel_spans as rec


@pytest.fixture(scope="module")
def official() -> list[ReadableSpan]:
    return rec.record_official()


def test_both_encodings_decode_to_the_same_spans(official: list[ReadableSpan]) -> None:
    proto = decode(rec.encode_proto(official), every_attribute=True)
    as_json = decode(rec.encode_json(official), every_attribute=True)
    assert proto == as_json
    assert decode(rec.encode_proto(official)) == decode(rec.encode_json(official))
    assert len(proto) == 8
    s = proto[0]
    assert len(s["trace_id"]) == 32 and len(s["span_id"]) == 16
    assert s["resource"]["service.name"] == "volume-assistant"


def test_decode_refuses_empty_records() -> None:
    with pytest.raises(InvalidOtlp):
        decode(b"")
