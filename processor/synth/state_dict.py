"""Train the zstd dictionary of stored conversation states (`processor/core/state_zdict2.py`, format 2).

    python -m processor.synth.state_dict [--out processor/core/state_zdict2.py]

Run once per state format: records written with a dictionary need that same dictionary to be read, so a new
dictionary goes with a new format number in `state_codec`, and the old one stays. The samples are changelog
records of generated traffic (all four dialects, detectors on, seeds the benchmarks do not use), taken the way
the worker takes them: every 500 records of a partition.
"""

from __future__ import annotations

import argparse
import base64
import random
from pathlib import Path

import orjson
import zstandard

from processor.core import state_codec
from processor.core.partition import META_KEY, EngineConfig, PartitionProcessor
from processor.synth.generate import generate, kafka_partition

SEEDS = (101, 102, 103)
SIZE = 65536  # format 1 had 16 KB: 64 KB takes ~20 % off the records of detector state v3
FORMAT = 2


def samples(seeds: tuple[int, ...] = SEEDS, conversations: int = 2500) -> list[bytes | bytearray | memoryview]:
    out: list[bytes | bytearray | memoryview] = []
    for seed in seeds:
        events, _ = generate(conversations, seed=seed, partitions=4)
        procs = [PartitionProcessor("in", p, EngineConfig()) for p in range(4)]
        offsets = [0] * 4
        rng = random.Random(seed)
        for e in events:
            p = kafka_partition(e.key, 4) if e.key is not None else rng.randrange(4)
            procs[p].process(offsets[p], e.key, e.value)
            offsets[p] += 1
            if offsets[p] % 500 == 0:
                for key, value in procs[p].take_changelog():
                    if key != META_KEY and value is not None and not state_codec.is_json(value):
                        out.append(orjson.dumps(state_codec.decode(value)))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(Path(state_codec.__file__).with_name(f"state_zdict{FORMAT}.py")))
    a = ap.parse_args()
    data = samples()
    d = zstandard.train_dictionary(SIZE, data, level=3)
    raw = d.as_bytes()
    b64 = base64.b64encode(raw).decode()
    lines = [
        f'"""The zstd dictionary of stored conversation states, format {FORMAT} of `state_codec`. NEVER EDIT: records',
        "written with it must stay readable; a new dictionary needs a new format number.",
        "",
        f"Trained by `python -m processor.synth.state_dict` on {len(data)} changelog records of generated traffic",
        f'(seeds {", ".join(map(str, SEEDS))}, four dialects, detectors on). {len(raw)} bytes."""',
        "",
        "import base64",
        "",
        "ZDICT = base64.b64decode(",
        *[f'    "{b64[i:i + 100]}"' for i in range(0, len(b64), 100)],
        ")",
    ]
    Path(a.out).write_text("\n".join(lines) + "\n")
    print(f"{a.out}: {len(raw)} bytes from {len(data)} samples")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
