"""The garbage collector's settings in the stream's own processes (`toolmend run`, its OTLP stage, `toolmend
replay`), from the `gc_threshold` setting; never in the library core (a `processor.repair()` caller owns its process).

Every event allocates hundreds of container objects (parsed JSON, views, outputs) that die young, and the engine
makes no reference cycle per event (bench/results/gc_2026-12-06.json): Python's default young-generation threshold
(700) runs a collection every few events, and each full collection walks the imported modules and the whole state.
`tune` raises the young generation's threshold and freezes what exists at start (`gc.freeze`: the modules and
settings move to the permanent generation, out of every later collection); `after_restore` freezes a restored
state the same way. A frozen object is still freed by reference counting; only a cycle among frozen objects
would outlive its use, and the young generations are collected before each freeze so that none is frozen."""

from __future__ import annotations

import gc

#: the older generations' thresholds beside the young one's: a generation is collected after this many
#: collections of the one below (Python's default is 10)
OLDER = (20, 20)


class _State:
    tuned = False


def tune(threshold: int) -> None:
    """Apply `gc_threshold`: 0 leaves Python's collector as it is (no freezing); otherwise the young generation's
    threshold is `threshold`, and what exists now is collected once and frozen."""
    if threshold == 0:
        _State.tuned = False
        return
    gc.set_threshold(threshold, *OLDER)
    gc.collect()
    gc.freeze()
    _State.tuned = True


def after_restore() -> None:
    """A partition's state was restored: once tuned, its objects move out of the collector's view (the young
    generations are collected first, so no garbage is frozen)."""
    if _State.tuned:
        gc.collect(1)
        gc.freeze()


def tuned() -> bool:
    return _State.tuned


__all__ = ["OLDER", "after_restore", "tune", "tuned"]
