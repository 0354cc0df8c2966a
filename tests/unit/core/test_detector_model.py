"""The learned scorer of text_only_regression: the shipped model file, the threshold setting, the score a finding
carries, and `toolmend train-detector` (users retrain on their own labelled conversations)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest

import processor
from processor.core.findings import FindingKind
from processor.core.regression import scorer
from processor.core.regression.features import NAMES
from processor.shell.commands import train_detector
from processor.shell.config import ConfigError, settings_from
from processor.train import fitting, labelled

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


def _records() -> list[dict[str, Any]]:
    return labelled.load_records([ROOT / "bench/eval/train/train_en.jsonl",
                                        ROOT / "bench/eval/train/train_zh.jsonl"])


def test_train_detector_writes_a_deterministic_model_the_library_loads(tmp_path: Path) -> None:
    data = tmp_path / "mine.jsonl"
    recs = _records()
    data.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in recs) + "\n", encoding="utf-8")
    outs = []
    for n in (1, 2):
        out = tmp_path / f"model{n}.json"
        code = train_detector.main([str(data), "--validation", str(data), "--out", str(out), "--kind", "logistic",
                                    "--version", "team-1"])
        assert code == 0
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    digest = processor.use_detector_model(str(tmp_path / "model1.json"))
    model = scorer.active()
    assert digest == model.digest and model.version == "team-1" and not model.trees
    val = model.trained["validation"]
    assert val["tp"] > 0 and val["precision"] >= 0.8  # it learnt its own data


def test_fine_tuning_starts_from_the_shipped_model(tmp_path: Path) -> None:
    recs = _records()[:20]
    tuned = fitting.train(recs, recs, kind="logistic", fine_tune=False)
    assert tuned["kind"] == "logistic" and len(tuned["weights"]) == len(NAMES)
    with pytest.raises(ValueError, match="trees"):
        fitting.train(recs, recs, kind="logistic", fine_tune=True)  # the shipped model is trees


def test_train_detector_refuses_unusable_input_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"labels": {}}\n')
    assert train_detector.main([str(bad), "--out", str(tmp_path / "m.json"), "--kind", "logistic"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "messages" in err
    assert train_detector.main(["--out", str(tmp_path / "m.json")]) == 2
