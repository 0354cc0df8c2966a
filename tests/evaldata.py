"""The evaluation data's one reader, `bench/eval/load.py`, loaded once for the tests that check the sets."""

from __future__ import annotations

import importlib.util
from pathlib import Path

EVAL = Path(__file__).resolve().parents[1] / "bench" / "eval"

_spec = importlib.util.spec_from_file_location("eval_data", EVAL / "load.py")
assert _spec is not None and _spec.loader is not None
eval_data = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(eval_data)
