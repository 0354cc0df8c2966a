"""The stored state of a conversation.

| module | holds |
|---|---|
| `layout.py` | the stored layout as one table: every key, its meaning and unit, `LAYOUT_VERSION` |
| `codec.py` | a conversation's bytes: the timer header and zstd with the layout's dictionary (package data `dicts/`) |
| `migrate.py` | older stored layouts read into the current one, or refused as unreadable |

Nothing here knows the classes whose state it stores.
"""

from .codec import HEAD_SIZE, Header, UnreadableState
from .layout import LAYOUT_VERSION
from .migrate import migrate

__all__ = ["HEAD_SIZE", "LAYOUT_VERSION", "Header", "UnreadableState", "migrate"]
