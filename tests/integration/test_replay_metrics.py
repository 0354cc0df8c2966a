"""`toolmend replay --metrics-file` and `--shard` with a topic as input, on a real broker: the shards replay
disjoint partitions that add up to the whole replay, into topics of their own, and each shard's metrics file
holds its counts at event time (the same totals as its summary), as from a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from processor.shell.replay import Plan, replay
from processor.synth.generate import DEFAULT_START_MS, generate
from tests.integration.harness import create, produce, settings_for
from tests.support.prometheus import last_values

pytestmark = pytest.mark.kafka


async def test_shards_of_a_topic_replay_write_their_counts_at_event_time(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    s = settings_for(broker.bootstrap, partitions=3)
    await create(s)
    events, _ = generate(120, seed=4, partitions=s.partitions)
    n = await produce(broker.bootstrap, s.input_topic, [(e.key, e.value) for e in events])
    whole = await replay(Plan(s, to_file=tmp_path / "whole.jsonl"))
    shards = []
    for i in range(2):
        plan = Plan(s, name="sharded", shard=(i, 2), metrics_file=tmp_path / f"m{i}.om",
                    to_file=tmp_path / f"out{i}.jsonl")
        shards.append(await replay(plan))
    assert [[row["partition"] for row in sh["partitions"]] for sh in shards] == [[0, 2], [1]]
    assert sum(sh["totals"]["events"] for sh in shards) == whole["totals"]["events"] == n
    for i, sh in enumerate(shards):
        totals = last_values(tmp_path / f"m{i}.om")
        assert totals["toolmend_events_total"] == sh["totals"]["events"]
        assert totals["toolmend_output_records_total"] == sh["records_out"]
        assert sh["metrics_file"]["undated_records"] == 0 and sh["shard"] == f"{i}/2"
        stamps = [float(x.rsplit(" ", 1)[1]) for x in (tmp_path / f"m{i}.om").read_text().splitlines()
                  if not x.startswith("#")]
        # event time (the generated traffic's, from 2026-01-01T00:00:00Z on), not the time of the run
        assert DEFAULT_START_MS <= min(stamps) * 1000 <= DEFAULT_START_MS + 60_000
        assert max(stamps) * 1000 < DEFAULT_START_MS + 86_400_000
