"""The one reader of the evaluation data under bench/eval/ (JSON lines files; nothing here is a Python module).

Which files are labelled conversations (`record_files`), reading them with the set each record belongs to
(`records`), and the JSON lines reader the slice builder uses for its specs and tool definitions (`read_jsonl`).
It knows nothing of the detectors or of how a slice is rendered.

Labelled conversations: `regression_eval.jsonl`, `dev/*.jsonl` and each blind slice's `slice_*.jsonl`. A slice's
`specs_*.jsonl` and `tools*.jsonl` are the hand-written sources its `slice_*.jsonl` was rendered from
(`blind/build.py`), not labelled conversations.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

EVAL = Path(__file__).resolve().parent
SOURCES = ("specs_", "tools")  # the names of a slice's hand-written sources (not labelled conversations)
DEFAULT_SETS = [EVAL / "regression_eval.jsonl", EVAL / "dev"]  # what `bench/eval_regression.py` reads by default


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """One object per non-empty line."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def record_files(path: Path) -> list[Path]:
    """The labelled-conversation files of a path: itself if a file, else the ones under it, in name order."""
    if not path.is_dir():
        return [path]
    return sorted(p for p in path.glob("**/*.jsonl") if not p.name.startswith(SOURCES))


def all_record_files() -> list[Path]:
    """Every labelled-conversation file under bench/eval/."""
    return record_files(EVAL)


def records(paths: Iterable[Path]) -> list[dict[str, Any]]:
    """The labelled conversations of these files or folders, each with `set`: its folder's name (or the file's
    stem for a file directly under bench/eval/) unless the record names its own."""
    out: list[dict[str, Any]] = []
    for path in paths:
        for f in record_files(path):
            name = f.parent.name if f.parent != EVAL else f.stem
            for rec in read_jsonl(f):
                rec.setdefault("set", name)
                out.append(rec)
    return out


__all__ = ["DEFAULT_SETS", "EVAL", "SOURCES", "all_record_files", "read_jsonl", "record_files", "records"]
