"""Older stored states read into the current layout: the one place that knows a layout other than LAYOUT_VERSION.

What `migrate` guarantees (docs/state.md): a record of any layout this release lists (0, 1, 2) restores into an
equal state of the current layout, and a record it cannot read raises `UnreadableState`, which the store answers
by quarantining the conversation (counted, a marker in the changelog, its later events dead-lettered). Nothing is
reset silently: the one state that is not carried over, a regression-detector state of the lexicon analysis that
layouts 0 and 1 could hold (detector versions 1 and 2), is the documented step below, and only the detector's
evidence restarts (the tracker, which decides the repairs, is kept whole).

The layouts:
* 0 (first releases): bare JSON, no header; the header is worked out from the tracker's open block.
* 1: header byte 1, zstd with `dicts/1.zdict`. Layouts 0 and 1 may hold a block with its own held list
  (`held`, `h`), which today's tracker keeps in the tracker's held queue (`hq`) from slot 0.
* 2 (current): header byte 2, zstd with `dicts/2.zdict`.
  A tracker state of layout 2 written before the retry boundaries existed has no `rt`: it restores with an
  empty retry memory (`retries` version 1), so only a retry that straddles the upgrade goes unseen; the
  component carries its own version (`RETRIES_VERSION`) for the layouts after it.
"""

from __future__ import annotations

from typing import Any

import orjson

from . import codec
from .codec import UnreadableState
from .layout import (
    BH_ERASURE,
    BH_REGRESSION,
    BL_START,
    BL_TS,
    BL_UNANSWERED,
    CONV_BEHAVIOUR,
    CONV_LAST_TS,
    CONV_TRACKER,
    DETECTOR_VERSION,
    ER_VERSION,
    ERASURE_VERSION,
    LAYOUT_VERSION,
    RD_VERSION,
    TR_BLOCK,
    TR_HELD_QUEUE,
)

READS = (0, 1, LAYOUT_VERSION)  # the layouts this release reads
_LEGACY_HELD = "held"  # layouts 0 and 1: a block's own held list, slots from 0
_LEGACY_HOLDS = "h"  # layouts 0 and 1: that list is in use
_decompress_1: Any = None


def _layout_1(body: bytes) -> bytes:
    global _decompress_1
    if _decompress_1 is None:  # loaded on the first layout-1 record only
        import zstandard

        _decompress_1 = zstandard.ZstdDecompressor(
            dict_data=zstandard.ZstdCompressionDict(codec.dictionary(1))).decompress
    raw: bytes = _decompress_1(body)
    return raw


def migrate(value: bytes, result_timeout_ms: int) -> bytes:
    """A stored conversation state of any layout in READS, as a record of the current layout.

    A current record comes back as it is (nothing decompressed: a restore stays cheap). `result_timeout_ms` turns
    a layout-0 open block's start into the deadline the header holds. Raises UnreadableState."""
    version = codec.version(value)
    if version == LAYOUT_VERSION:
        codec.header(value)
        return value
    try:
        if version == 0:
            st = orjson.loads(value)
            block = st[CONV_TRACKER].get(TR_BLOCK)
            n_open = block[BL_UNANSWERED] if block is not None else 0
            deadline = block[BL_TS] + result_timeout_ms if n_open else None
            last_ts, evict_at = st[CONV_LAST_TS], None
        elif version == 1:
            deadline, last_ts, evict_at, n_open = codec.any_header(value)
            st = orjson.loads(_layout_1(value[codec.HEAD_SIZE:]))
        else:
            raise UnreadableState(f"state layout {version} (this release reads {', '.join(map(str, READS))})")
        upgrade(st)
    except UnreadableState:
        raise
    except Exception as err:
        raise UnreadableState(f"layout {version}: {type(err).__name__}") from err
    return codec.encode(st, deadline, last_ts, evict_at, n_open)


def upgrade(st: dict[str, Any]) -> None:
    """A body of layout 0 or 1, changed in place into the current layout's."""
    block = st[CONV_TRACKER].get(TR_BLOCK)
    if block is not None and _LEGACY_HELD in block:
        st[CONV_TRACKER][TR_HELD_QUEUE] = block.pop(_LEGACY_HELD)
        block[BL_START] = 0 if block.pop(_LEGACY_HOLDS, 0) else -1
    b = st.get(CONV_BEHAVIOUR)
    if b is not None:
        detector = b[BH_REGRESSION]
        v = int(detector.get(RD_VERSION, DETECTOR_VERSION))
        if v < DETECTOR_VERSION:  # the lexicon analysis's evidence: no reading of it survives; it restarts
            b[BH_REGRESSION] = {RD_VERSION: DETECTOR_VERSION}
        elif v > DETECTOR_VERSION:
            raise UnreadableState(f"detector state version {v}")
        else:
            detector[RD_VERSION] = DETECTOR_VERSION
        erasure = b[BH_ERASURE]
        if int(erasure.get(ER_VERSION, ERASURE_VERSION)) != ERASURE_VERSION:
            raise UnreadableState(f"erasure state version {erasure.get(ER_VERSION)}")
        erasure[ER_VERSION] = ERASURE_VERSION
    codec.check(st)


__all__ = ["READS", "UnreadableState", "migrate", "upgrade"]
