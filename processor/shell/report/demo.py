"""The report `toolmend demo` ends with: its own traffic replayed from a file with `--metrics-file`, drawn by
`toolmend report` (the same path a backfill takes, docs/backfill.md).

Owns: the temporary directory the replay works in (removed at the end) and the one line the demo prints. Must
not know: the demo's broker or worker.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from pathlib import Path

from prometheus_client import CollectorRegistry

from ...synth.generate import GeneratedEvent
from ...synth.jsonl import encode_line
from ..config import Settings
from ..metrics import Metrics


async def write_demo_report(events: Iterable[GeneratedEvent], partitions: int, settings: Settings,
                            out: Path) -> str:
    """Writes `out`; returns the line to print (where it is, or why there is none)."""
    from ..replay import Plan, ReplayError, replay
    from .render import ReportError, write_report

    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return f"no {out.name}: the report needs matplotlib (pip install 'toolmend[report]')\n"
    with tempfile.TemporaryDirectory(prefix="toolmend-demo-") as tmp:
        work = Path(tmp)
        source = work / "demo-events.jsonl"
        with source.open("wb") as f:
            for ev in events:
                f.write(encode_line(ev))
        plan = Plan(settings=settings, name="demo", from_file=source, file_topic=settings.input_topic,
                    file_partitions=partitions, to_file=work / "out.jsonl", metrics_file=work / "demo.om")
        try:
            await replay(plan, Metrics(CollectorRegistry(), label_cap=settings.label_cap))
            write_report(work / "demo.om", out, "toolmend demo")
        except (ReplayError, ReportError) as e:
            return f"no {out.name}: {e}\n"
    return f"report (event time, plots and change points): {out.resolve()}\n"


__all__ = ["write_demo_report"]
