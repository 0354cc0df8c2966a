"""OTLP input (`input_format=otlp`): trace and log records decoded, each model-call span re-keyed by conversation into a
`request` event, and the stage that writes them to the repartition topic the worker reads.

| module | owns |
|---|---|
| `decode.py` | OTLP trace and log records (Collector batches, Redpanda Connect single spans) decoded to plain spans |
| `rekey.py` | one trace export in, one `request` event per model-call span out, keyed by conversation (no I/O) |
| `stage.py` | the re-keying stage beside the worker: its consumer group, producers and delivery |

What a span means (the mapping to an event) is the core's (`core/otlp.py`); the package knows nothing of the
worker beyond the topic it feeds. The functions `decode.decode` and `rekey.rekey` are imported from their
modules (they share the modules' names).
"""

from .decode import InvalidOtlp
from .rekey import RECORD_FACTOR, Rekeyed, offline
from .stage import Rekeyer, repartition_topic

__all__ = ["RECORD_FACTOR", "InvalidOtlp", "Rekeyed", "Rekeyer", "offline", "repartition_topic"]
