"""A replay's metrics file with an incident, written as `toolmend replay --metrics-file` writes it, for the
report's tests."""

from __future__ import annotations

from pathlib import Path

from processor.shell.replay.openmetrics import DANGLING, TOOL_CALLS, TURNS, OpenMetricsWriter, StepSampler, precreated


def metrics_file(path: Path, hours: int = 12, incident_at: int = 8) -> None:
    w = OpenMetricsWriter(path, {"job": "toolmend", "instance": "replay:t", "mode": "replay", "run": "t"})
    s = StepSampler(60_000, w.samples, w.info, precreated())
    t0 = 29_000_000  # steps (minutes) since the epoch: 2025-02-19 21:20 UTC
    for k in range(hours * 60):
        hot = k >= incident_at * 60
        app = "2.0" if hot else "1.0"
        s.add(t0 + k, {(TOOL_CALLS, ("openai_chat", "m", "search")): 10,
                       (DANGLING, ("user_interrupt", "openai_chat", "m", "search")): 4 if hot else (1 if k % 2 else 0),
                       (TURNS, ("tool", "m", app)): 5})
    s.close()
    w.close(True)
