"""bench/sim_scaleout.py: the capacity of N workers over P partitions and a scale-out stepped in time."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_PATH = Path(__file__).resolve().parents[3] / "bench" / "sim_scaleout.py"
_spec = importlib.util.spec_from_file_location("sim_scaleout", _PATH)
assert _spec is not None and _spec.loader is not None
sim = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(sim)


def test_capacity_steps_only_where_the_busiest_worker_sheds_a_partition() -> None:
    # 12 partitions: 4 and 5 workers both leave a worker with 3 partitions; 6 leaves 2
    assert sim.capacity(1000, 4, 12) == sim.capacity(1000, 5, 12) == 4000
    assert sim.capacity(1000, 6, 12) == 6000
    assert sim.capacity(1000, 12, 12) == sim.capacity(1000, 20, 12) == 12000  # workers beyond P are idle


def test_a_scale_out_stops_for_join_and_restore_then_catches_up() -> None:
    r = sim.rebalance(per_worker=20_000, n=4, p=12, load_eps=50_000, conversations=1_000_000, restore_cps=250_000,
                      join_s=3.0)
    assert r["restore_s"] == 1.0  # the busiest worker restores 3 of 12 partitions' conversations
    assert r["stop_s"] == 4.0
    assert abs(r["max_lag_events"] - 200_000) <= 5_000  # 4 s of 50k events/s
    # caught up at the spare 30k events/s: about 200k / 30k = 6.7 s after the stop
    assert r["back_to_zero_lag_s"] is not None and 10.0 <= r["back_to_zero_lag_s"] <= 11.5


def test_a_group_too_small_for_the_load_never_catches_up() -> None:
    r = sim.rebalance(per_worker=10_000, n=2, p=12, load_eps=50_000, conversations=0, restore_cps=1, join_s=1.0)
    assert r["back_to_zero_lag_s"] is None
