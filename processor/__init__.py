"""toolmend: track, validate and repair LLM tool-call histories (library, CLI and Kafka stream worker).

    >>> import processor
    >>> result = processor.repair(messages)           # dialect auto-detected, strategy "fill"
    >>> result.messages, result.findings, result.changed
    >>> processor.repair(messages, tool_runs=[processor.ToolRun("call_1", "book_table", "ok", None, start, end)])
"""

from .core.findings import Action, DanglingReason, Finding, FindingKind, RepairAction, Severity
from .core.model import DIALECTS, InputError
from .core.repair import RepairResult, repair
from .core.templates import Templates
from .core.toolspans import ToolRun
from .core.tracker import RepairConfig, Step, Tracker


def use_detector_model(path: str | None = None, threshold: float | None = None) -> str:
    """Score `text_only_regression` with the model file at `path` (written by `toolmend train-detector`; None:
    the shipped model) and report from `threshold` (None: the model's own), for every detector of this process.
    Returns the model's sha256. A file that cannot be used raises ValueError."""
    from pathlib import Path

    from .core.regression import scorer

    model = scorer.parse(Path(path).read_bytes()) if path is not None else None
    return scorer.use(model, threshold).digest

def use_claims_model(path: str | None = None) -> None:
    """Judge `unbacked_claim` with the cue and score file at `path` (written by `toolmend train-detector --claims`;
    None: the shipped `claims.json`), for every detector of this process. A file that cannot be used raises
    ValueError."""
    import json
    from pathlib import Path

    from .core.regression import claims

    claims.use(json.loads(Path(path).read_text("utf-8")) if path is not None else None)


__version__ = "0.1.0"

__all__ = [
    "DIALECTS",
    "Action",
    "DanglingReason",
    "Finding",
    "FindingKind",
    "InputError",
    "RepairAction",
    "RepairConfig",
    "RepairResult",
    "Severity",
    "Step",
    "Templates",
    "ToolRun",
    "Tracker",
    "__version__",
    "repair",
    "use_claims_model",
    "use_detector_model",
]
