"""What the thinking check costs on histories without thinking: the tracker with and without it, alternating.

    python bench/bench_thinking_cost.py [--rounds 9] [--json out.json]

The thinking check of a tracker (`Tracker._finalize` / `_final_fast`: where the output first differs from the
input, and the thinking after it) runs on every message of a dialect that binds thinking. This feeds the core
benchmark's turns (bench_core.py: 1-3 calls per turn, a result missing in 10 % of the turns) as Anthropic messages
without thinking through fresh trackers, in one process, alternating rounds with the check as it is and with it
replaced by a no-op, and prints CPU µs per message of each and the median of the paired ratios. An A/B of two
trees (`bench_core.py --ab REF`, `bench_engine.py --ab`) measures the same between processes; on a loaded machine
their rounds scatter more than this difference.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from typing import Any

os.environ["TOOLMEND_BENCH_DIALECT"] = "anthropic"

import bench_core  # (this folder: run by path; reads the dialect above)
from benchenv import code_state

from processor.core import tracker as T


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--json")
    a = ap.parse_args()
    rng = random.Random(7)
    convs = [bench_core.conversation(rng, 200) for _ in range(60)]
    n = sum(len(c) for c in convs)

    def run() -> float:
        t0 = time.process_time()
        for c in convs:
            t = T.Tracker("anthropic")
            for m in c:
                t.feed(m)
            t.finish()
        return time.process_time() - t0

    real = (T.Tracker._finalize, T.Tracker._final_fast)
    on: list[float] = []
    off: list[float] = []
    for _ in range(a.rounds):
        T.Tracker._finalize, T.Tracker._final_fast = real  # type: ignore[method-assign]
        on.append(run())
        T.Tracker._finalize = lambda self, s: s  # type: ignore[method-assign, assignment]
        T.Tracker._final_fast = lambda self, s, idx: s  # type: ignore[method-assign, assignment]
        off.append(run())
    T.Tracker._finalize, T.Tracker._final_fast = real  # type: ignore[method-assign]
    out: dict[str, Any] = {
        "what": "CPU µs per Anthropic message without thinking, tracker with the thinking check and with it a no-op, "
                f"{a.rounds} alternating rounds in one process, {n} messages per round",
        "code": code_state(), "load_average_1m_5m_15m": [round(x, 2) for x in os.getloadavg()],
        "us_per_message_with_check": round(statistics.median(on) / n * 1e6, 3),
        "us_per_message_without": round(statistics.median(off) / n * 1e6, 3),
        "ratio_with_to_without_median_of_pairs": round(statistics.median(x / y for x, y in zip(on, off, strict=True)),
                                                       3),
    }
    print(json.dumps(out, indent=1))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
