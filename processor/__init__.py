"""toolmend: track, validate and repair LLM tool-call histories (library, CLI and Kafka stream worker).

    >>> import processor
    >>> result = processor.repair(messages)           # dialect auto-detected, strategy "fill"
    >>> result.messages, result.findings, result.changed
"""

from .core.findings import Action, DanglingReason, Finding, FindingKind, RepairAction, Severity
from .core.model import DIALECTS, InputError
from .core.repair import RepairResult, repair
from .core.templates import Templates
from .core.tracker import RepairConfig, Step, Tracker

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
    "Tracker",
    "__version__",
    "repair",
]
