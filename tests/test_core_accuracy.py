"""Accuracy on the labelled data, as regression guards (thresholds from the core issue).

The full figures and every miss: python benchmarks/accuracy.py --show-errors
"""
import json
import sys

import pytest

from honorifics.pipeline import Analyzer


@pytest.fixture(scope="module")
def accuracy_module(repo_root):
    sys.path.insert(0, str(repo_root / "benchmarks"))
    import accuracy
    yield accuracy
    sys.path.remove(str(repo_root / "benchmarks"))


def test_dev_dialogues_per_speaker_accuracy(accuracy_module):
    report = accuracy_module.dev_dialogues(Analyzer(), show=False)
    assert report["speakers"] == 90
    assert report["speaker_accuracy"] >= 0.97
    assert report["agreement_count_exact"] >= 0.95
    assert report["avoidance_accuracy"] >= 0.97


def test_cocoa_mt_clean_lines(accuracy_module):
    report = accuracy_module.cocoa(Analyzer(), show=False)
    assert report["clean_lines"] == 658
    assert report["clean_accuracy_gold_criterion"] >= 0.99
    assert report["clean_accuracy"] >= 0.96
    assert report["noisy_accuracy"] >= 0.95


def test_ud_bengali(accuracy_module):
    assert accuracy_module.ud_bengali(Analyzer(), show=False)["accuracy"] >= 0.96


def test_real_llm_outputs(accuracy_module):
    """193 real outputs of several model families (tests/data/real_llm): floors at the
    issue's target (0.97 overall). The set was used in development, so this guards
    against regressions; it is not a held-out estimate."""
    report = accuracy_module.real_outputs(Analyzer(), show=False)
    assert report["records"] == 193
    assert report["by_language"]["hi"]["accuracy"] >= 0.97
    assert report["by_language"]["bn"]["accuracy"] >= 0.97
    assert report["accuracy"] >= 0.98
    for source, figures in report["by_source"].items():
        assert figures["accuracy"] >= 0.85, source
    assert report["refusal"]["precision"] >= 0.95 and report["refusal"]["recall"] >= 0.95
    assert report["refusal"]["f1"] >= 0.95


def test_shipped_fallback_never_lowers_real_output_accuracy(accuracy_module):
    """The classifier fallback at its shipped threshold changes no correct record
    of the real-output set (the model card says how the threshold was set)."""
    pytest.importorskip("sklearn")
    report = accuracy_module.real_outputs_fallback(show=False)
    rules = report["rules_only"]["correct"]
    (shipped,) = report["with_fallback"]
    assert shipped["correct"] >= rules
    assert not any("wrong" in change for change in shipped["changed"])


def test_by_addressee_measure_counts_a_missing_by_addressee_wrong(repo_root, tmp_path):
    """benchmarks/by_addressee.py: stricter than the scorer, which counts a speaker with a gold
    by_addressee right when the output gives none and the main tier matches."""
    sys.path.insert(0, str(repo_root / "benchmarks"))
    try:
        import by_addressee
    finally:
        sys.path.remove(str(repo_root / "benchmarks"))
    gold_two = {"तरुण": "familiar", "सीमा": "intimate"}
    records = [
        # both addressees found: right
        {"id": "a", "language": "hi", "task": "roleplay", "speakers": ["पिसी", "तरुण"],
         "text": "पिसी: तुम बैठो तरुण। (बहू से) सीमा, और तू पकौड़े भी तल ले।\nतरुण: जी।",
         "gold": {"per_speaker": {"पिसी": {"addressee": "तरुण", "tier": "familiar", "by_addressee": gold_two}}}},
        # one addressee only in the output (no direction, no call): wrong, though the main tier matches
        {"id": "b", "language": "hi", "task": "roleplay", "speakers": ["पिसी", "तरुण"],
         "text": "पिसी: तुम बैठो तरुण। और तुम भी आ जाओ।\nतरुण: जी।",
         "gold": {"per_speaker": {"पिसी": {"addressee": "तरुण", "tier": "familiar", "by_addressee": gold_two}}}},
    ]
    path = tmp_path / "gold.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    assert by_addressee.count(str(path), Analyzer(use_classifier=False)) == (1, 2)
