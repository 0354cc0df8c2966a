"""The engine's settings: what a partition and its store are built with. Plain data; it knows nothing of the
shell's Settings (processor/shell/config.py maps them onto this) and imports nothing that runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tracker import DEFAULT_CONFIG, RepairConfig


@dataclass(frozen=True)
class EngineConfig:
    repair: RepairConfig = DEFAULT_CONFIG
    conversation_ttl_ms: int = 24 * 3600 * 1000
    max_event_bytes: int = 1 << 20
    behaviour: bool = True  # text-only regression and history-erasure signals
    # conversations kept as live objects per partition (the worker divides its own budget among its partitions);
    # the others wait serialized and compressed (a few hundred bytes each)
    hot_conversations: int = 1024
    # the event-time guard (timers.py): how far `ts` may run ahead of the record's Kafka timestamp, or, without
    # one (files, library replays), ahead of the partition watermark
    max_event_time_skew_ms: int = 5 * 60 * 1000
    max_watermark_step_ms: int = 30 * 24 * 3600 * 1000
    # the largest record the repaired topic takes (its max.message.bytes, less batch overhead); None: no limit known
    max_output_bytes: int | None = None
    # the largest record the findings topic takes, each output capped by its own topic's limit; None: as
    # max_output_bytes
    max_findings_bytes: int | None = None
    # the largest state of one conversation, as JSON (partition.py); None: unbounded (library use)
    max_state_bytes: int | None = 512 * 1024
    # tool calls one conversation may hold open (parallel calls of one message included): bounds what its timeouts
    # cost one later event; past it the event is dead-lettered and the conversation quarantined. None: unbounded
    max_open_calls: int | None = 1024
    # tool runs (`tool_run` events, from execute_tool spans) joined to their calls (toolspans.py); off: such events
    # are counted (`ignored`) and change nothing
    tool_spans: bool = True


DEFAULT_ENGINE = EngineConfig()

__all__ = ["DEFAULT_ENGINE", "EngineConfig"]
