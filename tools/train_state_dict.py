"""Train the zstd dictionary of stored conversation states for a new layout of `processor/core/state/`.

    python tools/train_state_dict.py --version N     writes processor/core/state/dicts/<N>.zdict

Run once per layout: records written with a dictionary need that same dictionary to be read, so a new dictionary
goes with a new `LAYOUT_VERSION` (layout.py) and a reading of the previous layout in migrate.py; the old
dictionaries stay, never edited. The samples are changelog records of generated traffic (all four dialects,
detectors on, seeds the benchmarks do not use), taken the way the worker takes them: every 500 records of a
partition. Not part of the package: it runs from a source checkout.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import orjson
import zstandard

from processor.core.partition import META_KEY, EngineConfig, PartitionProcessor
from processor.core.state import codec
from processor.synth.generate import generate, kafka_partition

SEEDS = (101, 102, 103)
SIZE = 65536  # layout 1 had 16 KB: 64 KB takes ~20 % off the records of detector state v3
DICTS = Path(__file__).resolve().parent.parent / "processor" / "core" / "state" / "dicts"


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
                    if key != META_KEY and value is not None and not codec.is_json(value):
                        out.append(orjson.dumps(codec.decode(value)))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--version", type=int, required=True, help="the layout the dictionary is for")
    ap.add_argument("--out", type=Path, default=None, help="default: processor/core/state/dicts/<version>.zdict")
    a = ap.parse_args()
    out: Path = a.out or DICTS / f"{a.version}.zdict"
    if a.out is None and out.exists():
        print(f"{out} exists: a layout's dictionary is never replaced (records written with it must stay readable)")
        return 2
    data = samples()
    raw = zstandard.train_dictionary(SIZE, data, level=codec.LEVEL).as_bytes()
    out.write_bytes(raw)
    print(f"{out}: {len(raw)} bytes from {len(data)} samples (seeds {', '.join(map(str, SEEDS))})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
