"""The sans-I/O core: dialects, the neutral model, the tracker and the repairer. No asyncio, Kafka or metrics.

The core runs as plain Python, or compiled with mypyc (about twice as fast) when installed from a wheel built
with `TOOLMEND_COMPILE=1` (setup.py). `compiled()` tells which.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES


def compiled() -> bool:
    """True if the core's modules are mypyc extensions: the file an import found is not a `.py` source."""
    from . import tracker

    return tracker.__file__ is not None and tracker.__file__.endswith(tuple(EXTENSION_SUFFIXES))
