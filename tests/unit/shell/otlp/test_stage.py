"""The OTLP re-keying stage without a broker: its settings (input format, conversation keys, repartition topic)
and the plan of a fetched batch (events for the repartition topic, dead letters, what it counts)."""

from __future__ import annotations

import pytest
from opentelemetry.sdk.trace import ReadableSpan

from tests.support import otel_spans as rec


@pytest.fixture(scope="module")
def official() -> list[ReadableSpan]:
    return rec.record_official()


def test_input_format_and_conversation_keys_are_settings_with_one_line_errors() -> None:
    from processor.shell.config import ConfigError, settings_from
    from processor.shell.otlp.stage import conversation_keys, repartition_topic

    s = settings_from({"input_format": "otlp", "otlp_conversation_keys": " thread.id , session.id ,"})
    assert conversation_keys(s) == ("thread.id", "session.id")
    assert repartition_topic(s) == "toolmend-otlp-repartition"
    assert settings_from({}).input_format == "events"
    with pytest.raises(ConfigError, match="input_format"):
        settings_from({"input_format": "zipkin"})


def test_the_stage_plans_events_for_the_repartition_topic_and_counts_spans(official: list[ReadableSpan]) -> None:
    from prometheus_client import CollectorRegistry

    from processor.shell.config import settings_from
    from processor.shell.metrics import Metrics
    from processor.shell.otlp.stage import Rekeyer

    class Rec:
        def __init__(self, offset: int, value: bytes) -> None:
            self.offset, self.value, self.key, self.headers = offset, value, None, ()

    m = Metrics(CollectorRegistry())
    stage = Rekeyer(settings_from({"input_format": "otlp", "input_topic": "spans"}), m)
    values = [*rec.collector_records(official, "otlp_proto"), b"junk"]
    plan, n = stage.plan([Rec(i, v) for i, v in enumerate(values)], 0)
    assert n == 3
    assert [t for t, _ in plan] == ["conversations.dlq"]  # the events wait in the merge by event time ...
    assert len(stage.order) == 7
    plan += stage.released(flush=True)  # ... until every partition has passed them (here: the end)
    topics = [t for t, _ in plan]
    assert topics.count("toolmend-otlp-repartition") == 7 and topics.count("conversations.dlq") == 1
    get = m.registry.get_sample_value
    assert get("toolmend_otlp_reorder_held") == 0 and get("toolmend_otlp_late_events_total") == 0
    assert get("toolmend_otlp_spans_total", {"outcome": "event"}) == 7
    assert get("toolmend_otlp_spans_total", {"outcome": "skipped_not_model_call"}) == 1
    assert get("toolmend_otlp_conversation_from_trace_total") == 2
    assert get("toolmend_otlp_invalid_records_total") == 1
    assert get("toolmend_dead_letters_total", {"kind": "invalid_otlp"}) == 1
