"""bench/peers_kstreams.py: the Kafka Streams pass's command line and the reading of its result line."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parents[3] / "bench" / "peers_kstreams.py"
_spec = importlib.util.spec_from_file_location("peers_kstreams", _PATH)
assert _spec is not None and _spec.loader is not None
pk = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(pk)

GOOD = {"events": 50000, "seconds": 4.2, "events_per_s": 11905, "processed_s": 4.0,
        "jvm_start_to_first_record_s": 3.1, "close_s": 0.2, "cpu_at_commit_s": 9.0, "not_json": 0,
        "peak_rss_mib": 310.5, "guarantee": "at_least_once", "kafka_streams": "4.4.0", "java": "17.0.15"}


def test_the_result_is_the_last_json_line_after_the_jvms_own_output() -> None:
    out = "[main] INFO org.apache.kafka.streams.KafkaStreams - State transition\n{not json\n" + json.dumps(GOOD) + "\n"
    assert pk.parse_result(out) == GOOD


@pytest.mark.parametrize("broken", [
    "",
    "[main] WARN something\n",
    json.dumps({k: v for k, v in GOOD.items() if k != "seconds"}),
    json.dumps({**GOOD, "events": 0}),
    json.dumps({**GOOD, "seconds": 0.0}),
])
def test_a_missing_incomplete_or_empty_result_is_refused(broken: str) -> None:
    with pytest.raises(ValueError):
        pk.parse_result(broken)


def test_the_command_names_the_guarantee_and_fresh_topics_of_the_pass() -> None:
    at_least = pk.command("LIBS/*:CLS", "kstreams", "127.0.0.1:9092", "tr1.in", "trX", 1000)
    exactly = pk.command("LIBS/*:CLS", "kstreams_eos", "127.0.0.1:9092", "tr1.in", "trX", 1000)
    assert at_least[0] == "java" and "PassThrough" in at_least
    assert at_least[at_least.index("--guarantee") + 1] == "at_least_once"
    assert exactly[exactly.index("--guarantee") + 1] == "exactly_once_v2"
    assert at_least[at_least.index("--output") + 1] == "trX.out"
    assert at_least[at_least.index("--app-id") + 1] == "trX-g"
    assert at_least[at_least.index("--events") + 1] == "1000"


def test_the_compiled_classes_follow_the_source(tmp_path: Path) -> None:
    src = tmp_path / "PassThrough.java"
    src.write_text("class A {}")
    one = pk.source_digest(src)
    src.write_text("class B {}")
    assert pk.source_digest(src) != one
