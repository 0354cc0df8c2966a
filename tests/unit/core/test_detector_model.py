"""The learned scorer of text_only_regression: the shipped model file, the threshold setting and the score a
finding carries. Training it: tests/unit/train/test_fitting.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

import processor
from processor.core.findings import FindingKind
from processor.core.regression import scorer
from processor.core.regression.features import NAMES
from processor.shell.config import ConfigError, settings_from

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def _shipped() -> Iterator[None]:
    scorer.use()
    yield
    scorer.use()


def _seed_story() -> list[dict[str, Any]]:
    return [
        {"role": "user", "content": "声音大一点"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "set_volume", "arguments": '{"step": 1}'}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "success"},
        {"role": "assistant", "content": "好的，音量已调大。"},
        {"role": "user", "content": "声音调小一点"},
        {"role": "assistant", "content": "好的明白"},
    ]


def _regressions(messages: list[dict[str, Any]]) -> list[Any]:
    return [f for f in processor.repair(messages).findings if f.kind is FindingKind.TEXT_ONLY_REGRESSION]


def test_the_shipped_model_is_package_data_with_a_version_a_matching_hash_and_this_builds_features() -> None:
    raw = (ROOT / "processor/core/regression/model.json").read_bytes()
    doc = orjson.loads(raw)
    assert doc["features"] == list(NAMES)
    assert doc["sha256"] == scorer.digest_of(doc)
    model = scorer.shipped()
    assert model.version and model.digest == doc["sha256"]
    assert 0 < model.threshold < 1 and model.trees


def test_a_model_file_whose_content_does_not_match_its_hash_or_whose_features_differ_is_refused() -> None:
    doc = orjson.loads((ROOT / "processor/core/regression/model.json").read_bytes())
    tampered = dict(doc, bias=doc["bias"] + 1)
    with pytest.raises(scorer.ModelError, match="sha256"):
        scorer.parse(orjson.dumps(tampered))
    other = {k: v for k, v in doc.items() if k != "sha256"}
    other["features"] = [*doc["features"][:-1], "something_else"]
    with pytest.raises(scorer.ModelError, match="features"):
        scorer.parse(orjson.dumps(other))
    with pytest.raises(scorer.ModelError):
        scorer.parse(b"[1, 2]")
    broken = dict(other, features=doc["features"], trees=[[[0, 0.5, 0, 0, 0.0]]])  # a child pointing back
    with pytest.raises(scorer.ModelError, match="child"):
        scorer.parse(orjson.dumps(broken))


def test_the_finding_carries_the_calibrated_score_and_the_threshold_decides_what_is_reported() -> None:
    found = _regressions(_seed_story())
    assert [(f.index, f.tool) for f in found] == [(5, "set_volume")]
    score = found[0].score
    assert score is not None and scorer.active().threshold <= score <= 1
    assert found[0].to_dict()["score"] == score
    processor.use_detector_model(threshold=1.0)
    assert _regressions(_seed_story()) == []
    processor.use_detector_model(threshold=0.0)
    assert [f.score for f in _regressions(_seed_story())] == [score]  # the same score, only the cut moved


def test_the_worker_setting_loads_a_model_file_and_a_bad_one_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_bytes((ROOT / "processor/core/regression/model.json").read_bytes())
    settings_from({"detector_model": str(path), "detector_threshold": 0.99})
    assert scorer.active().threshold == 0.99
    path.write_text("not json")
    with pytest.raises(ConfigError, match="TOOLMEND_DETECTOR_MODEL") as e:
        settings_from({"detector_model": str(path)})
    assert "\n" not in str(e.value)
    with pytest.raises(ConfigError, match="detector_threshold"):
        settings_from({"detector_threshold": 1.5})
