"""`toolmend validate --connect` against a real broker, as an init container runs it: sound topics pass; a missing
topic, a changelog smaller than the input, exactly once on a broker without transactions, TLS against a plaintext
listener and an unreachable broker are each reported in one line with the exit code of `run`; nothing is consumed
and no group is joined."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from aiokafka.admin import AIOKafkaAdminClient

from processor.shell.config import Settings
from processor.shell.kafka import ensure_topics
from tests.integration.harness import create, settings_for
from tests.support.brokers import free_port

pytestmark = pytest.mark.kafka
TOOLMEND = [sys.executable, "-m", "processor.shell.cli"]


def _env(s: Settings, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TOOLMEND_")}
    env.update({"TOOLMEND_BOOTSTRAP_SERVERS": s.bootstrap_servers, "TOOLMEND_INPUT_TOPIC": s.input_topic,
                "TOOLMEND_OUTPUT_TOPIC": s.output_topic, "TOOLMEND_DLQ_TOPIC": s.dlq_topic,
                "TOOLMEND_FINDINGS_TOPIC": s.findings_topic or "", "TOOLMEND_GROUP_ID": s.group_id,
                "TOOLMEND_CREATE_TOPICS": "false", **extra})
    return env


def _validate(s: Settings, *argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*TOOLMEND, "validate", "--connect", "--timeout", "5", *argv], env=_env(s, **env),
                          capture_output=True, text=True, timeout=120, cwd=Path(__file__).resolve().parents[2])


async def _groups(bootstrap: str) -> list[str]:
    admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
    await admin.start()
    try:
        return [g[0] for g in await admin.list_consumer_groups()]
    finally:
        await admin.close()


async def test_sound_topics_pass_and_nothing_is_consumed(broker) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, partitions=3)
    await create(s)
    r = _validate(s)
    assert r.returncode == 0, r.stderr
    assert r.stderr == ""
    lines = r.stdout.splitlines()
    assert lines[0].startswith(f"connected to {broker.bootstrap} (PLAINTEXT)")
    assert f"{s.input_topic} (3)" in lines[1] and f"{s.changelog_topic} (3)" in lines[1]
    assert any(line.startswith("not checked: ACLs") or line.startswith("ACLs") for line in lines)
    assert lines[-1].startswith(f"configuration sound: events from {s.input_topic}")
    assert s.group_id not in await _groups(broker.bootstrap)


async def test_every_topic_problem_at_once(broker) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, partitions=4)
    await create(s)
    small = settings_for(broker.bootstrap, partitions=4, state_topic=f"{s.group_id}-small")
    await ensure_topics(small, [(small.changelog_topic, 2, {"cleanup.policy": "compact"})])
    r = _validate(s, "--findings-topic", f"{s.input_topic}-typo", "--state-topic", small.changelog_topic)
    assert r.returncode == 2
    bad = [line for line in r.stderr.splitlines() if not line.startswith("toolmend validate: ACLs")]
    assert len(bad) == 2, r.stderr
    assert bad[0] == (f"toolmend validate: topic {s.input_topic}-typo not found on {broker.bootstrap} and "
                      "create_topics is off (TOOLMEND_CREATE_TOPICS=false): create them, or fix the name")
    assert bad[1].startswith(f"toolmend validate: state topic {small.changelog_topic} has 2 partitions, fewer "
                             f"than the 4 of {s.input_topic}")


async def test_missing_topics_with_creation_on_are_a_note(broker) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap)
    r = _validate(s, "--create-topics", "--partitions", "6")
    assert r.returncode == 0, r.stderr
    assert f"note: topics {s.input_topic}, {s.output_topic}" in r.stdout and "(6 partitions" in r.stdout


async def test_exactly_once_needs_transactions(broker) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap)
    await create(s)
    r = _validate(s, "--delivery", "exactly_once")
    if broker.supports_transactions:
        assert r.returncode == 0, r.stderr
        assert "transactions: supported" in r.stdout
    else:
        assert r.returncode == 2
        assert "delivery=exactly_once needs a broker with transactions" in r.stderr


async def test_tls_against_a_plaintext_listener_and_an_unreachable_broker(broker) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap)
    r = _validate(s, "--security-protocol", "SSL")
    assert r.returncode in (1, 2) and len(r.stderr.splitlines()) == 1
    assert "TLS" in r.stderr or "protocol mismatch" in r.stderr, r.stderr
    gone = settings_for(f"127.0.0.1:{free_port()}")
    r = _validate(gone)
    assert r.returncode == 1
    assert r.stderr.startswith(f"toolmend validate: cannot reach the Kafka brokers at {gone.bootstrap_servers}")
    assert "Traceback" not in r.stderr


