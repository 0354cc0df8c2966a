"""What the worker requires of its topics when it starts, as functions of the settings and the topics' partition
counts: the worker refuses to start on a problem they name (`loop.py`), and `toolmend validate --connect` reports
the same ones without starting a worker (`shell/preflight/`)."""

from __future__ import annotations

from collections.abc import Mapping

from ..config import Settings


def worker_topics(s: Settings) -> list[str]:
    """The topics the worker reads or writes (for OTLP input, `s` is the worker's: its input is the
    repartition topic)."""
    return [t for t in (s.input_topic, s.output_topic, s.dlq_topic, s.changelog_topic, s.findings_topic) if t]


def missing_topics(s: Settings, existing: Mapping[str, int], needed: list[str] | None = None) -> str | None:
    """With topic creation off, every topic the worker reads or writes must exist: a missing (mistyped) one stops
    the start with its name, not a worker waiting forever, NotReady."""
    if s.create_topics:
        return None
    missing = [t for t in (worker_topics(s) if needed is None else needed) if t not in existing]
    if not missing:
        return None
    return (f"topic{'s' if len(missing) > 1 else ''} {', '.join(missing)} not found on {s.bootstrap_servers} and "
            "create_topics is off (TOOLMEND_CREATE_TOPICS=false): create them, or fix the name")


def state_layout(s: Settings, n_in: int, n_state: int) -> str | None:
    """The state of input partition p lives in changelog partition p: a smaller changelog cannot hold it."""
    if not (n_in and n_state and n_state < n_in):
        return None
    return (f"state topic {s.changelog_topic} has {n_state} partitions, fewer than the {n_in} of {s.input_topic}. "
            f"If partitions were added to the input, its state was built for {n_state}: do not add partitions to "
            "the state topic (conversations moved away from their state), see the runbook, 'The input topic's "
            f"partition count changed'. A new deployment: create the state topic with {n_in} partitions")


__all__ = ["missing_topics", "state_layout", "worker_topics"]
