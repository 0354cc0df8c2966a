"""The subcommands of `toolmend`, one thin module each: flags, what to run, what to print, the exit code. The
work is elsewhere (`shell/worker/`, `shell/replay/`, `shell/report/`, `processor/train/`, the core); the table of
commands is `shell/cli.py`'s `COMMANDS`, and every command ends through `base.exiting`.

| module | command |
|---|---|
| `base.py` | what every command shares: the one policy from an exception to an exit code and one line |
| `run.py` | `toolmend run`: the stream worker with its HTTP endpoints, until SIGTERM |
| `validate.py` | `toolmend validate`: the settings `run` would start with, all problems; `--connect` the broker |
| `demo.py` | `toolmend demo`: embedded broker, generated traffic and the worker in one process |
| `patch.py` | `toolmend patch`: repair histories offline from a file or stdin |
| `generate.py` | `toolmend generate`: synthetic traffic with its ground truth |
| `replay.py` | `toolmend replay`: a topic or file (or a range of it) through the engine, then a summary |
| `report.py` | `toolmend report`: a replay's metrics file as one HTML page |
| `recover.py` | `toolmend recover --rebuild`: rebuild lost state from the input, then exit |
| `redrive.py` | `toolmend redrive`: dead letters of chosen kinds back into the input topic |
| `schema.py` | `toolmend schema`: the JSON Schema of the input event |
| `train_detector.py` | `toolmend train-detector`: train the `text_only_regression` scorer |

Importing this package imports no command (each loads its own dependencies when it runs).
"""

from .base import UsageError, exiting

__all__ = ["UsageError", "exiting"]
