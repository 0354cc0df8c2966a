"""The stored state of a conversation: its layout (layout.py: every key, its meaning and unit, LAYOUT_VERSION),
its byte form (codec.py: header + zstd with the layout's dictionary, package data `dicts/`), and the reading of
older layouts (migrate.py). Nothing here knows the classes whose state it stores.
"""

from .codec import HEAD_SIZE, Header, UnreadableState
from .layout import LAYOUT_VERSION
from .migrate import migrate

__all__ = ["HEAD_SIZE", "LAYOUT_VERSION", "Header", "UnreadableState", "migrate"]
