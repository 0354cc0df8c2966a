"""`toolmend validate`: what `toolmend run` would refuse, found without running a worker.

| module | what it checks |
|---|---|
| `lines.py` | one result line: a problem (exit 2), a note, something not checked, what was found sound |
| `local.py` | the settings as `run` reads them (environment, flags, files), all problems; an OAUTHBEARER token |
| `broker.py` | `--connect`: the connection (TLS, SASL), topics and partitions by the worker's own start rules |
| `acls.py` | `--connect`: the ACLs of the topics, the group and the transactional ids, where the broker shows them |

Nothing here consumes a record, joins the group or takes a worker's transactional id.
"""

from .broker import check_broker
from .lines import Level, Line
from .local import check_local, check_token

__all__ = ["Level", "Line", "check_broker", "check_local", "check_token"]
