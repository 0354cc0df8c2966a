"""The garbage collector's settings in the stream's own processes (`toolmend run`, its OTLP stage, `toolmend
replay`), from the `gc_threshold` setting; never in the library core (a `processor.repair()` caller owns its process).

Every event allocates hundreds of container objects (parsed JSON, views, outputs) that die young, and the engine
makes no reference cycle per event (bench/results/gc_2026-12-06.json): Python's default young-generation threshold
(700) runs a collection every few events. `tune` raises it. Freezing the modules and the restored state
(`gc.freeze`) was measured and left out: no gain in the worker, more CPU with librdkafka (the same file)."""

from __future__ import annotations

import gc

#: the older generations' thresholds beside the young one's: a generation is collected after this many
#: collections of the one below (Python's default is 10)
OLDER = (20, 20)


def tune(threshold: int) -> None:
    """Apply `gc_threshold`: 0 leaves Python's collector as it is; otherwise the young generation's threshold is
    `threshold` and the older ones' OLDER."""
    if threshold != 0:
        gc.set_threshold(threshold, *OLDER)


__all__ = ["OLDER", "tune"]
