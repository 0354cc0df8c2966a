"""`toolmend report`'s page: a replay's event-time metrics file read into buckets, its change points found, and
one self-contained HTML page drawn; the report the demo ends with; and, with the same plotting, pictures of the
shipped Grafana dashboards (`tools/dashboard_pictures.py`).

| module | owns |
|---|---|
| `data.py` | a metrics file read as increases per time bucket (`NotToolmend` for a file that is not ours) |
| `changes.py` | change points of a rate over time buckets, and the label value that changed with them |
| `render.py` | the HTML page: plots as inline SVG (matplotlib, the `report` extra), tables, the summary |
| `sparse.py` | thin and missing traffic in the plots: the rate threshold, "no traffic" spans, a blank plot's note |
| `dashboard.py` | a PNG of a shipped Grafana dashboard, its panels' queries evaluated by a function the caller gives |
| `demo.py` | the report `toolmend demo` ends with: its own traffic replayed with `--metrics-file` |

It reads files only (a dashboard's queries are evaluated by the caller); it knows nothing of Kafka, and of replays
only in `demo.py`, which runs one.
"""

from .changes import ChangePoint, change_points, what_changed
from .data import NotToolmend, ReportData, load
from .render import ReportError, page, write_report

__all__ = ["ChangePoint", "NotToolmend", "ReportData", "ReportError", "change_points", "load", "page", "what_changed",
           "write_report"]
