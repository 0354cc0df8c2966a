"""One Quix Streams pass-through over an input topic, run by bench_transports.py in Quix's OWN virtual environment
(Quix is not a toolmend dependency; this file imports nothing of toolmend).

    <quix venv>/bin/python bench/quix_pass.py --bootstrap HOST:PORT --input T --output T --group G --events N

Each record's value is parsed with orjson and written again with orjson (bytes in, bytes out: an input that is
not JSON goes out as it came), same key, at least once (Quix's default guarantee: checkpoints every 5 s and one
at shutdown). Quix commits every 5 s, too rarely to time a pass of a few seconds through its committed offsets,
so it is timed by its own clock: from the first record processed to the last (`processed_s`) and to the end of
`Application.run()` after the last record (`committed_s`: its final checkpoint flushed the producer and committed
the offsets). Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import orjson
from quixstreams import Application


def peak_rss_mib() -> float:
    """This process's own peak RSS (VmHWM; ru_maxrss keeps the parent's high-water mark across fork and exec)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bootstrap", required=True)
    ap.add_argument("--input", required=True)
    ap.add_argument("--output", required=True)
    ap.add_argument("--group", required=True)
    ap.add_argument("--events", type=int, required=True)
    ap.add_argument("--guarantee", default="at-least-once", choices=("at-least-once", "exactly-once"))
    a = ap.parse_args()
    app = Application(broker_address=a.bootstrap, consumer_group=a.group, auto_offset_reset="earliest",
                      processing_guarantee=a.guarantee, loglevel="WARNING", auto_create_topics=True,
                      use_changelog_topics=False,
                      producer_extra_config={"message.max.bytes": 8 << 20},
                      consumer_extra_config={"fetch.max.bytes": 50 << 20, "max.partition.fetch.bytes": 4 << 20})
    tin = app.topic(a.input, key_deserializer="bytes", value_deserializer="bytes")
    tout = app.topic(a.output, key_serializer="bytes", value_serializer="bytes")
    clock: dict[str, Any] = {"n": 0, "t0": None, "t_last": None}

    def through(value: bytes) -> bytes:
        try:
            return orjson.dumps(orjson.loads(value))
        except orjson.JSONDecodeError:
            return value

    def count(_value: bytes) -> None:
        n = clock["n"] = clock["n"] + 1
        if clock["t0"] is None:
            clock["t0"] = time.perf_counter()
        if n >= a.events and clock["t_last"] is None:
            clock["t_last"] = time.perf_counter()
            app.stop()

    sdf = app.dataframe(tin)
    sdf = sdf.apply(through)
    sdf = sdf.update(count)
    sdf.to_topic(tout)
    cpu0 = time.process_time()
    app.run()
    t_end = time.perf_counter()
    if clock["t0"] is None or clock["t_last"] is None:
        raise SystemExit(f"quix read {clock['n']} of {a.events} records")
    processed = clock["t_last"] - clock["t0"]
    committed = t_end - clock["t0"]
    import quixstreams

    print(json.dumps({"events": clock["n"], "processed_s": round(processed, 3), "committed_s": round(committed, 3),
                      "events_per_s": round(clock["n"] / committed),
                      "events_per_s_to_last_processed": round(clock["n"] / processed),
                      "cpu_s": round(time.process_time() - cpu0, 3),
                      "peak_rss_mib": peak_rss_mib(),
                      "quixstreams": quixstreams.__version__, "guarantee": a.guarantee}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
