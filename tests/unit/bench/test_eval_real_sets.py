"""The sets of real recorded conversations gathered blind (bench/eval/real2/ to real8/): the loader reads
every record, each record is well formed against its own messages, manifest.json states what the files hold and
the split is the hash its rule states. No engine is run here."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from typing import Any

import pytest

from tests.evaldata import EVAL, eval_data

SETS = ("real2", "real3", "real4", "real5", "real6", "real7", "real8")
LABELS = ("unbacked_claim", "text_only_regression", "tool_history_erased")


pytestmark = pytest.mark.parametrize("eval_set", SETS)


def _manifest(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EVAL / name / "manifest.json").read_text(encoding="utf-8"))
    return data


def _by_file(name: str) -> dict[str, list[dict[str, Any]]]:
    return {f"{f.parent.name}/{f.name}": eval_data.records([f]) for f in eval_data.record_files(EVAL / name)}


def test_the_loader_finds_every_file_of_both_splits(eval_set: str) -> None:
    files = set(_by_file(eval_set))
    assert files == set(_manifest(eval_set)["files"])
    assert {f.split("/")[0] for f in files} == {"dev", "blind"}
    assert set(eval_data.record_files(EVAL / eval_set)) <= set(eval_data.all_record_files())


def test_manifest_counts_match_the_files(eval_set: str) -> None:
    man = _manifest(eval_set)["files"]
    for name, recs in _by_file(eval_set).items():
        got = Counter(records=len(recs), assistant_replies=sum(len(r["replies"]) for r in recs),
                      positive_records=sum(bool(r["labels"]["unbacked_claim"] or r["labels"]["text_only_regression"])
                                           for r in recs))
        for label in LABELS:
            got[label] = sum(len(r["labels"][label]) for r in recs)
        assert dict(got) == man[name], name


def test_records_name_their_split_and_groups_never_straddle_it(eval_set: str) -> None:
    man = _manifest(eval_set)
    seen: dict[str, str] = {}
    ids: set[str] = set()
    for name, recs in _by_file(eval_set).items():
        split = name.split("/")[0]
        for r in recs:
            assert r["split"] == split and r["set"] == f"{eval_set}-{split}", r["id"]
            assert r["group"] in man["groups"][split], r["id"]
            assert seen.setdefault(r["group"], split) == split, r["group"]
            assert r["id"] not in ids
            ids.add(r["id"])
            assert r["source_ref"]["repo"] and len(r["source_ref"]["commit"]) == 40 and r["source_ref"]["licence"]


def _is_assistant(m: dict[str, Any]) -> bool:
    return m.get("role") in ("assistant", "model")  # "model": Gemini


def test_every_assistant_message_has_one_reply_label_and_labels_point_at_replies(eval_set: str) -> None:
    for recs in _by_file(eval_set).values():
        for r in recs:
            msgs = r["messages"]
            assert r["dialect"] in ("openai_chat", "anthropic", "gemini") and r["tools"], r["id"]
            assert [e["index"] for e in r["replies"]] == [i for i, m in enumerate(msgs) if _is_assistant(m)], r["id"]
            by_index = {e["index"]: e for e in r["replies"]}
            for label in ("unbacked_claim", "text_only_regression"):
                for entry in r["labels"][label]:
                    assert entry["snapshot"] is None and entry["expected_tool"], r["id"]
                    assert label == by_index[entry["index"]]["label"] or label in by_index[entry["index"]].get(
                        "labels", []), r["id"]
            flagged = {e["index"] for e in r["replies"] if e["label"] != "none"}
            assert flagged == {x["index"] for label in LABELS[:2] for x in r["labels"][label]}, r["id"]


def test_derived_pairs_are_complete_and_keep_the_reply_word_for_word(eval_set: str) -> None:
    whole = {r["id"]: r for recs in _by_file(eval_set).values() for r in recs if r["derived"] is None}
    derived = [r for recs in _by_file(eval_set).values() for r in recs if r["derived"] is not None]
    removed = {r["id"]: r for r in derived if r["derived"]["kind"] == "calls_removed"}
    kept = {r["derived"]["pair"]: r for r in derived if r["derived"]["kind"] == "calls_kept"}
    assert removed and set(removed) == set(kept)
    for rid, r in removed.items():
        src = whole[r["derived"]["from"]]
        reply = src["messages"][r["derived"]["reply_index"]]
        assert r["messages"][-1] == reply and kept[rid]["messages"][-1] == reply
        assert kept[rid]["messages"] == src["messages"][: r["derived"]["reply_index"] + 1]
        assert r["split"] == src["split"] == kept[rid]["split"]
        assert [x["index"] for x in r["labels"]["unbacked_claim"]] == [len(r["messages"]) - 1]
        assert not kept[rid]["labels"]["unbacked_claim"]


def test_the_split_is_the_hash_of_the_group_the_manifest_states(eval_set: str) -> None:
    man = _manifest(eval_set)
    salt = man["split_rule"].split("sha256('")[1].split("'")[0]
    for split, groups in man["groups"].items():
        for group in groups:
            dev = int(hashlib.sha256((salt + group).encode()).hexdigest(), 16) % 10 < 3
            assert ("dev" if dev else "blind") == split, group
