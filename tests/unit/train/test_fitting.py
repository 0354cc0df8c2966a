"""Training the text_only_regression scorer (`processor/train/`, `toolmend train-detector`): deterministic, loaded
by the library, fine-tuned from the shipped model, unusable input refused in one line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import processor
from processor.core.regression import scorer
from processor.core.regression.features import NAMES
from processor.shell.commands import train_detector
from processor.train import fitting, labelled

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def _shipped() -> Iterator[None]:
    scorer.use()
    yield
    scorer.use()


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


def test_the_middle_threshold_rule_keeps_the_target_and_the_recall_of_the_lowest() -> None:
    # classes that separate cleanly: every cut from 0.31 to 0.71 keeps precision 1 and recall 1
    scores, ys = [0.1, 0.2, 0.3, 0.71, 0.8, 0.9], [0, 0, 0, 1, 1, 1]
    assert fitting.choose_threshold(scores, ys, 0.92) == 0.31  # the default: the lowest
    assert fitting.choose_threshold(scores, ys, 0.92, "middle") == 0.51
    # a negative among the regressions: the cuts that reach the target with the best recall run from 0.41 to 0.61
    scores, ys = [0.1, 0.4] + [0.61 + k / 100 for k in range(12)] + [0.65], [0, 0] + [1] * 12 + [0]
    assert fitting.choose_threshold(scores, ys, 0.92) == 0.41
    t = fitting.choose_threshold(scores, ys, 0.92, "middle")
    assert t == 0.51 and fitting.prf(scores, ys, t)[:2] == fitting.prf(scores, ys, 0.41)[:2]
    assert fitting.prf(scores, ys, 0.62)[1] < 1  # one step past the run, a regression is lost
    # no cut reaches the target: the best F1, by either rule
    assert fitting.choose_threshold([0.2, 0.4, 0.6], [1, 0, 0], 0.99, "middle") == 0.05
    with pytest.raises(ValueError, match="threshold rule"):
        fitting.choose_threshold(scores, ys, 0.92, "highest")


def test_train_detector_takes_the_threshold_rule_and_records_it(tmp_path: Path) -> None:
    data = tmp_path / "mine.jsonl"
    data.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in _records()) + "\n", encoding="utf-8")
    docs = {}
    for rule in ("lowest", "middle"):
        out = tmp_path / f"{rule}.json"
        assert train_detector.main([str(data), "--validation", str(data), "--out", str(out), "--kind", "logistic",
                                    "--threshold-rule", rule]) == 0
        docs[rule] = json.loads(out.read_text(encoding="utf-8"))
    low, mid = docs["lowest"], docs["middle"]
    assert low["weights"] == mid["weights"] and mid["threshold"] > low["threshold"]
    assert "threshold_rule" not in low["trained"] and mid["trained"]["threshold_rule"] == "middle"
    lv, mv = low["trained"]["validation"], mid["trained"]["validation"]
    assert mv["recall"] == lv["recall"] and mv["fp"] < lv["fp"]  # here the lowest cut sat among the negatives
