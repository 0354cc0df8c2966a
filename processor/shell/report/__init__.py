"""`toolmend report`'s page: a replay's event-time metrics file read into buckets, its change points found, and
one self-contained HTML page drawn; and the report the demo ends with.

| module | owns |
|---|---|
| `data.py` | a metrics file read as increases per time bucket (`NotToolmend` for a file that is not ours) |
| `changes.py` | change points of a rate over time buckets, and the label value that changed with them |
| `render.py` | the HTML page: plots as inline SVG (matplotlib, the `report` extra), tables, the summary |
| `demo.py` | the report `toolmend demo` ends with: its own traffic replayed with `--metrics-file` |

It reads files only; it knows nothing of Kafka, and of replays only in `demo.py`, which runs one.
"""

from .changes import ChangePoint, change_points, what_changed
from .data import NotToolmend, ReportData, load
from .render import ReportError, page, write_report

__all__ = ["ChangePoint", "NotToolmend", "ReportData", "ReportError", "change_points", "load", "page", "what_changed",
           "write_report"]
