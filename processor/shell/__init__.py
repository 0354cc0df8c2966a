"""The async shell around the sans-I/O core: Kafka clients, the loop and its commit, HTTP, metrics, settings and
the `toolmend` commands, grouped by job.

| sub-package | job |
|---|---|
| `commands/` | one thin module per subcommand (flags, what to print, the exit code); `cli.py` holds their table |
| `worker/` | the live stream: the loop, checkpoints and the commit order, fencing, recovery |
| `otlp/` | OTLP input: decode, re-key by conversation, the stage beside the worker |
| `replay/` | replays: plan, run, sinks, what is kept, files, the event-time metrics file |
| `report/` | the HTML report of a replay's metrics file |
| `preflight/` | `toolmend validate`: the settings and the broker checked as the worker would, without running it |

The flat modules are what those share (`config.py`, `settings_rules.py`, `logs.py`, `auth.py`, `kafka.py`,
`metrics.py`, `http.py`, `serve.py`, `gc_tuning.py`, `event_schema.py`, `embedded_broker.py`, `extras.py`) and
the two jobs too small for a package (`redrive.py`, `demo.py`). A sub-package imports the flat modules and the core,
never a command; this file imports nothing.
"""
