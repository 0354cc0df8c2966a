"""Replays: a topic or a file (or an event-time range of it) through the engine, into topics of their own or a
file, with an event-time metrics file for Prometheus backfills.

| module | owns |
|---|---|
| `plan.py` | what a replay reads and writes, its name, and the checks that refuse a plan (`ReplayError`) |
| `run.py` | the run: fresh partition processors over the input, outputs to a sink, the summary |
| `select.py` | what a replay keeps of a partition: range, look-back, alignment, the id rule |
| `sinks.py` | where outputs go: the replay's own topics or a file |
| `files.py` | replay files: events in (`--from-file`), output records out (`--to-file`) |
| `dump.py` | `--dump-input`: a topic as a replayable file (keys, headers, timestamps, offsets) |
| `progress.py` | progress bars or lines, the remaining-records gauge, the summary table |
| `metrics_file.py` | `--metrics-file`: counts dated by the event time of the partition that made them |
| `openmetrics.py` | event-time samples of the counters in the OpenMetrics text format |

A replay drives the live `PartitionProcessor` of the core, never a consumer group or a changelog; it knows
nothing of the worker's commit (`shell/worker/`) or of flags and exit codes (`shell/commands/replay.py`).
"""

from .plan import Plan, ReplayError, check_plan
from .run import replay
from .select import PartitionReplay, Window

__all__ = ["PartitionReplay", "Plan", "ReplayError", "Window", "check_plan", "replay"]
