"""Tier classifier: corpus masking, silver labels, grouped split, metrics, baseline, loading.

Fast tests (no neural training); the end-to-end run is in test_classifier_training.py.
"""
from __future__ import annotations

import os

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

import json
from pathlib import Path

import numpy
import pytest

from honorifics.classifiers.corpus import (DROPPED, MASK_TOKEN, MASKED, ORIGINAL, CorpusSource,
                                           Example, SilverConfig, Span, evidence_spans,
                                           grouped_split, mask_spans, read_examples,
                                           silver_turns, source_examples, variants_of)
from honorifics.classifiers.fallback import load_fallback
from honorifics.classifiers.metrics import (choose_threshold, classification_report,
                                            fit_temperature, reliability)
from honorifics.records import Evidence, RecordAnalysis, SpeakerTurn

DATA = Path(__file__).parent / "data" / "classifier"
REPO = Path(__file__).resolve().parents[1]


def _pipeline_available() -> bool:
    try:
        import honorifics.pipeline  # noqa: F401
    except ImportError:
        return False
    return True


needs_pipeline = pytest.mark.skipif(not _pipeline_available(),
                                    reason="honorifics.pipeline (the rule engine) is not importable")


# ----------------------------------------------------------------------------- masking

def test_mask_spans_replaces_exactly_the_given_spans_hindi():
    text = "आप कल सुबह दफ़्तर आइए, सर।"
    pronoun = Span(0, text.index(" "))
    verb_start = text.index("आइए")
    verb = Span(verb_start, verb_start + len("आइए"))
    masked = mask_spans(text, [verb, pronoun])
    assert masked == f"{MASK_TOKEN} कल सुबह दफ़्तर {MASK_TOKEN}, सर।"
    dropped = mask_spans(text, [pronoun, verb], "")
    assert dropped == "कल सुबह दफ़्तर, सर।"


def test_mask_spans_merges_overlaps_and_rejects_out_of_range_spans():
    text = "তোমরা সবাই চুপ করো!"
    assert mask_spans(text, [Span(0, 5), Span(3, 5)]) == f"{MASK_TOKEN} সবাই চুপ করো!"
    with pytest.raises(ValueError):
        mask_spans(text, [Span(0, len(text) + 3)])


def test_variants_without_spans_give_one_example():
    example = Example("वे लोग शाम को आएँगे।", "none", "hi", "g1")
    assert [item.variant for item in variants_of(example, [])] == [ORIGINAL]
    both = variants_of(Example("तुम कब आओगे?", "familiar", "hi", "g2"), [Span(0, 3)])
    assert {item.variant for item in both} == {ORIGINAL, MASKED, DROPPED}
    assert all(item.group == "g2" and item.tier == "familiar" for item in both)


def _turn(text: str, start: int, tier: str, evidence: list[tuple[str, str, str, float]],
          kind: str = "speech") -> SpeakerTurn:
    """A turn of a record whose text starts at ``start``; evidence by surface form."""
    items = []
    for surface, item_kind, item_tier, confidence in evidence:
        offset = text.index(surface)
        items.append(Evidence(surface, start + offset, start + offset + len(surface), item_kind,
                              item_tier, "lexicon", "test", confidence))
    return SpeakerTurn(0, "A", "B", text, start, start + len(text), kind, tier, items)


def _stub_analyzer(turns_by_text: dict[str, list[SpeakerTurn]]):
    """An analyzer that returns prepared turns (and nothing once evidence is blanked)."""
    def analyze(text: str, language: str | None):
        return RecordAnalysis(id=1, line=1, turns=turns_by_text.get(text, []))
    return analyze


def test_silver_turns_keep_confident_single_tier_turns_and_mask_their_evidence():
    record = "राहुल: तुम कब आओगे?\nसमीर: आप बैठिए, तू मत जा।\nराहुल: शायद कल।\nसमीर: वे आएँगे।"
    first = _turn("तुम कब आओगे?", 7, "familiar", [("तुम", "pronoun", "familiar", 0.98),
                                                  ("आओगे", "verb", "familiar", 0.9)])
    mixed = _turn("आप बैठिए, तू मत जा।", 27, "mixed", [("आप", "pronoun", "formal", 0.98),
                                                     ("तू", "pronoun", "intimate", 0.98)])
    weak = _turn("शायद कल।", 55, "familiar", [("शायद", "verb", "familiar", 0.5)])
    none = _turn("वे आएँगे।", 70, "none", [])
    refusal = _turn("माफ़ कीजिए, आप क्या चाहेंगे?", 90, "none", [], kind="refusal")
    analyzer = _stub_analyzer({record: [first, mixed, weak, none, refusal]})
    kept = silver_turns(record, "hi", analyzer, SilverConfig(min_confidence=0.9))
    assert [(text, tier) for text, tier, _ in kept] == [("तुम कब आओगे?", "familiar"),
                                                       ("वे आएँगे।", "none")]
    text, _, spans = kept[0]
    assert mask_spans(text, spans) == f"{MASK_TOKEN} कब {MASK_TOKEN}?"
    assert SilverConfig(keep_none=False).keep_none is False
    assert len(silver_turns(record, "hi", analyzer, SilverConfig(keep_none=False))) == 1


@needs_pipeline
def test_masking_with_the_rule_engine_removes_exactly_the_evidence_words():
    from honorifics.classifiers.corpus import rule_analyzer

    analyzer = rule_analyzer()
    for text, removed, kept in [
        ("तुम कल आओगे?", ["तुम", "आओगे"], ["कल"]),
        ("তুই কোথায় যাচ্ছিস? তোর মা ডাকছে।", ["তুই", "যাচ্ছিস", "তোর"], ["কোথায়", "মা ডাকছে"]),
        ("आपका नाम क्या है, सर?", ["आपका"], ["नाम क्या है", "सर"]),
    ]:
        spans = evidence_spans(text, None, analyzer)
        assert sorted(text[span.start:span.end] for span in spans) == sorted(removed)
        masked = mask_spans(text, spans)
        assert masked.count(MASK_TOKEN) == len(removed)
        for word in kept:
            assert word in masked
        # What is left is exactly what the rules cannot decide.
        assert not any(turn.evidence for turn in analyzer(mask_spans(text, spans, ""), None).turns)


@needs_pipeline
def test_unlabelled_text_is_silver_labelled_and_masked(tmp_path):
    source = tmp_path / "dialogue.txt"
    source.write_text("तू कहाँ जा रहा है?\nवे लोग शाम को आएँगे।\nআপনি কাল আসবেন?\n", encoding="utf-8")
    examples = list(source_examples(CorpusSource(source), variants=[MASKED]))
    tiers = {example.id: example.tier for example in examples}
    assert tiers == {"dialogue-1": "intimate", "dialogue-2": "none", "dialogue-3": "formal"}
    for example in examples:
        assert example.label_origin == "silver"
        assert ("तू" not in example.text.split()) and ("আপনি" not in example.text)
    assert next(e for e in examples if e.tier == "none").text == "वे लोग शाम को आएँगे।"


# ----------------------------------------------------------------------------- split

def test_grouped_split_keeps_cocoa_pairs_together():
    path = REPO / "data" / "cocoa_mt_hi_train.jsonl"
    examples = list(source_examples(CorpusSource(path), mask=False))
    split = grouped_split(examples, dev_fraction=0.1, test_fraction=0.2, seed=13)
    parts = {name: {example.group for example in items} for name, items in split.parts().items()}
    assert not parts["train"] & parts["test"] and not parts["train"] & parts["dev"]
    assert not parts["dev"] & parts["test"]
    assert sum(len(items) for items in split.parts().values()) == len(examples)
    # Both the formal and the informal version of a pair land in the same part.
    pair_group = next(e.group for e in examples if e.tier == "formal")
    pair = [e for e in examples if e.group == pair_group]
    assert {e.id.rsplit("-", 1)[1] for e in pair} == {"formal", "informal"}
    homes = {name for name, items in split.parts().items() for e in items if e in pair}
    assert len(homes) == 1
    # Neutral pairs (identical formal and informal text) are kept once.
    assert len([e for e in examples if e.group.endswith("train-telephony-001")]) == 1
    assert 0.1 < len(split.test) / len(examples) < 0.3


def test_labelled_reading_accepts_any_tier_spelling_and_skips_mixed(tmp_path):
    examples = read_examples(DATA / "tiny_labelled.jsonl")
    assert {e.tier for e in examples} == {"intimate", "familiar", "formal", "none"}
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(json.dumps({"text": "आप… मतलब तुम", "tier": "mixed"}, ensure_ascii=False) + "\n"
                     + json.dumps({"text": "তুমি কেমন আছ?", "tier": "tumi"}, ensure_ascii=False) + "\n",
                     encoding="utf-8")
    skipped: dict[str, int] = {}
    kept = list(source_examples(CorpusSource(mixed), mask=False, skipped=skipped))
    assert [(e.tier, e.language) for e in kept] == [("familiar", "bn")]
    assert skipped == {"tier mixed": 1}


# ----------------------------------------------------------------------------- metrics

def test_report_is_consistent_with_hand_counts():
    labels = ("intimate", "familiar", "formal", "none")
    gold = ["formal", "formal", "familiar", "none", "intimate"]
    probabilities = numpy.array([[0.1, 0.1, 0.7, 0.1], [0.1, 0.6, 0.2, 0.1],
                                 [0.1, 0.8, 0.05, 0.05], [0.2, 0.2, 0.2, 0.4],
                                 [0.3, 0.4, 0.2, 0.1]])
    report = classification_report(gold, probabilities, labels)
    assert sum(map(sum, report.confusion)) == report.n == 5
    assert report.confusion[2] == [0, 1, 1, 0]          # formal: one right, one as familiar
    assert report.per_class["familiar"].precision == pytest.approx(1 / 3)
    assert report.per_class["formal"].recall == pytest.approx(0.5)
    assert report.accuracy == pytest.approx(3 / 5)
    assert sum(bin_.count for bin_ in report.reliability) == 5
    assert 0.0 <= report.ece <= 1.0


def test_ece_is_zero_for_a_perfectly_calibrated_bin_and_large_for_overconfidence():
    assert reliability([0.75] * 4, [True, True, True, False])[0] == pytest.approx(0.0)
    assert reliability([0.99] * 4, [False] * 4)[0] == pytest.approx(0.99)


def test_threshold_is_the_lowest_that_reaches_the_target_precision():
    labels = ("intimate", "familiar", "formal", "none")
    gold = ["formal"] * 6 + ["familiar"] * 4
    # Confident predictions are right, the three under 0.6 are wrong.
    rows = [[0, 0.05, 0.95, 0]] * 6 + [[0, 0.9, 0.1, 0]] + [[0, 0.45, 0.55, 0]] * 3
    choice = choose_threshold(gold, numpy.array(rows), labels, target_precision=0.9, minimum_kept=3)
    assert 0.55 < choice.threshold <= 0.9
    assert choice.precision == pytest.approx(1.0)
    assert choice.coverage == pytest.approx(0.7)


def test_temperature_softens_overconfident_logits():
    logits = numpy.array([[8.0, 0.0], [8.0, 0.0], [8.0, 0.0], [8.0, 0.0]])
    assert fit_temperature(logits, [0, 0, 0, 1]) > 2.0
    assert fit_temperature(logits, [0, 0, 0, 0]) < 1.0


def test_baseline_learns_the_tiny_corpus_and_scores_on_the_same_split():
    from honorifics.classifiers.corpus import LABELS
    from honorifics.classifiers.evaluation import baseline_probabilities, train_baseline

    examples = read_examples(DATA / "tiny_labelled.jsonl")
    split = grouped_split(examples, dev_fraction=0.0, test_fraction=0.3, seed=5)
    model = train_baseline(split.train)
    table = baseline_probabilities(model, [e.text for e in split.test])
    assert table.shape == (len(split.test), len(LABELS))
    assert numpy.allclose(table.sum(axis=1), 1.0)
    report = classification_report([e.tier for e in split.test], table, LABELS)
    assert sum(map(sum, report.confusion)) == len(split.test)
    # The pronouns are visible in this unmasked corpus: character n-grams find them.
    assert report.accuracy > 0.5


# ----------------------------------------------------------------------------- loading

def test_load_fallback_explains_a_missing_directory(tmp_path):
    fallback, message = load_fallback(tmp_path / "no-such-model")
    assert fallback is None
    assert "no model directory" in message and "\n" not in message


def test_load_fallback_explains_a_directory_without_a_model(tmp_path):
    fallback, message = load_fallback(tmp_path)
    assert fallback is None and "is not a tier-classifier model folder: no tier_classifier.json" in message


def test_environment_variable_chooses_the_model_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("HONORIFICS_MODEL_DIR", str(tmp_path / "elsewhere"))
    fallback, message = load_fallback()
    assert fallback is None and "elsewhere" in message


def test_importing_the_fallback_does_not_import_torch():
    import subprocess
    import sys

    code = ("import sys, honorifics.classifiers.fallback, honorifics.classifiers.cli, "
            "honorifics.classifiers.corpus; print('torch' in sys.modules, 'transformers' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_model_card_states_licences_and_when_the_fallback_always_abstains():
    from honorifics.classifiers.model_card import describe_sources, render_model_card

    sources = describe_sources(["cocoa_mt_hi_train", "my_corpus"])
    assert sources[0]["licence"] == "CDLA-Sharing-1.0"
    assert sources[1]["licence"].startswith("licence not stated")
    report = {"per_class": {"formal": {"precision": 0.5, "recall": 0.5, "f1": 0.5, "support": 2}},
              "accuracy": 0.5, "macro_f1": 0.5, "ece": 0.1, "n": 2}
    settings = {"labels": ["intimate", "familiar", "formal", "none"], "languages": ["hi"],
                "base_model": "small", "max_length": 64, "best_epoch": 1, "epochs_run": 2,
                "training": {"seed": 1, "learning_rate": None, "batch_size": 8},
                "temperature": 2.0, "threshold": 0.99, "dev_calibrated": report,
                "threshold_choice": {"threshold": 0.99, "target_precision": 0.9, "precision": 0.0,
                                     "coverage": 0.0, "n": 10},
                "data": {"sources": sources}}
    card = render_model_card(settings, {"train": {"tier=formal": 3}})
    assert "always abstains" in card and "| my_corpus | licence not stated" in card
    settings["threshold_choice"] = {"threshold": 0.7, "target_precision": 0.9, "precision": 0.93,
                                    "coverage": 0.4, "n": 10}
    settings["threshold"] = 0.7
    assert "always abstains" not in render_model_card(settings, {})
