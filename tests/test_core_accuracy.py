"""Accuracy on the labelled data, as regression guards (thresholds from the core issue).

The full figures and every miss: python benchmarks/accuracy.py --show-errors
"""
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
