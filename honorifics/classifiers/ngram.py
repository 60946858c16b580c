"""The torch-free tier classifier: character (+ word) n-gram TF-IDF and logistic regression.

Trains in seconds with scikit-learn. Saved as plain files: ``ngram.npz`` (the
vocabularies, idf and coefficients, which the fallback reads with numpy alone:
see :mod:`honorifics.classifiers.ngram_arrays`), ``ngram.joblib`` (the fitted
scikit-learn pipeline they come from; load only model directories you trust, as
with any pickle) next to the same ``tier_classifier.json`` settings and model
card as the encoder model::

    >>> from honorifics.classifiers.ngram import NgramConfig, train_ngram   # doctest: +SKIP
    >>> train_ngram(train_examples, "my-model/", dev_examples)                # doctest: +SKIP
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Sequence

from honorifics.classifiers.labels import LABELS, MASK_SYMBOL, MASK_TOKEN, NGRAM, NGRAM_FILE, SETTINGS_FILE
from honorifics.classifiers.metrics import (DEFAULT_NONE_SHARE, choose_threshold,
                                            classification_report, fallback_weights)

# NGRAM_FILE and MASK_SYMBOL live in labels.py (ngram_arrays reads them without this module)
__all__ = ["MASK_SYMBOL", "NGRAM_FILE"]


@dataclass(slots=True)
class NgramConfig:
    """Features and regularisation of the n-gram model."""
    char_min: int = 1
    char_max: int = 4
    #: Word n-grams next to the character ones (0 = characters only).
    word_max: int = 2
    regularisation: float = 4.0
    balanced_classes: bool = True
    seed: int = 13
    target_precision: float = 0.9
    none_share: float = DEFAULT_NONE_SHARE


def prepare(texts: Sequence[str]) -> list[str]:
    """Texts as the n-gram features see them (mask string → one symbol).

    >>> prepare(["कल [MASK] आना"])
    ['कल █ आना']
    """
    return [text.replace(MASK_TOKEN, MASK_SYMBOL) for text in texts]


def build_pipeline(config: NgramConfig) -> Any:
    """The unfitted scikit-learn pipeline."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline, make_union

    # char_wb keeps n-grams inside words, so matras and viramas stay with their letters.
    features = [TfidfVectorizer(analyzer="char_wb", ngram_range=(config.char_min, config.char_max),
                                lowercase=False, sublinear_tf=True)]
    if config.word_max:
        features.append(TfidfVectorizer(analyzer="word", ngram_range=(1, config.word_max),
                                        lowercase=True, sublinear_tf=True,
                                        token_pattern=r"(?u)[^\s,.!?।॥;:\"'“”‘’()]+"))
    return make_pipeline(
        make_union(*features),
        LogisticRegression(C=config.regularisation, max_iter=3000, random_state=config.seed,
                           class_weight="balanced" if config.balanced_classes else None))


def fit(train: Sequence[Any], config: NgramConfig = NgramConfig()) -> Any:
    """Fit the pipeline on examples (``.text``, ``.tier``)."""
    pipeline = build_pipeline(config)
    pipeline.fit(prepare([example.text for example in train]), [example.tier for example in train])
    return pipeline


def probabilities(pipeline: Any, texts: Sequence[str]) -> Any:
    """Class probabilities in :data:`LABELS` order (0 for classes absent from training)."""
    import numpy

    out = numpy.zeros((len(texts), len(LABELS)))
    if not len(texts):
        return out
    raw = pipeline.predict_proba(prepare(texts))
    for column, label in enumerate(pipeline.classes_):
        out[:, LABELS.index(label)] = raw[:, column]
    return out


def load_pipeline(directory: str | Path) -> Any:
    """The fitted pipeline saved in a model directory."""
    import joblib

    return joblib.load(Path(directory) / NGRAM_FILE)


def train_ngram(train: Sequence[Any], out_dir: str | Path, dev: Sequence[Any],
                config: NgramConfig = NgramConfig(),
                data_description: dict[str, Any] | None = None) -> dict[str, Any]:
    """Fit, choose the abstention threshold on fallback-like dev, save; return the settings."""
    import joblib

    from honorifics.classifiers.model_card import render_model_card
    from honorifics.classifiers.training import calibration_examples

    if not train:
        raise ValueError("the training set is empty")
    pipeline = fit(train, config)
    calibration = calibration_examples(dev) if dev else []
    gold = [example.tier for example in calibration]
    settings: dict[str, Any] = {
        "model_type": NGRAM, "labels": list(LABELS), "temperature": 1.0,
        "languages": sorted({example.language for example in train}),
        "base_model": f"character {config.char_min}-{config.char_max}-gram"
                      + (f" + word 1-{config.word_max}-gram" if config.word_max else "")
                      + " TF-IDF, logistic regression (scikit-learn)",
        "training": asdict(config), "epochs_run": 1, "best_epoch": 1, "history": [],
        "max_length": 0, "train_size": len(train), "dev_size": len(dev or []),
        "data": data_description or {},
    }
    if calibration:
        table = probabilities(pipeline, [example.text for example in calibration])
        choice = choose_threshold(gold, table, LABELS, config.target_precision,
                                  weights=fallback_weights(gold, config.none_share))
        settings["dev_calibrated"] = classification_report(gold, table, LABELS).to_dict()
    else:
        from honorifics.classifiers.metrics import ThresholdChoice
        choice = ThresholdChoice(0.99, config.target_precision, 0.0, 0.0, 0)
    settings["threshold"] = choice.threshold
    settings["threshold_choice"] = asdict(choice)
    counts: dict[str, dict[str, int]] = {}
    for part, items in (("train", train), ("dev", dev or [])):
        bucket = counts.setdefault(part, {})
        for example in items:
            for key in (f"tier={example.tier}", f"language={example.language}"):
                bucket[key] = bucket.get(key, 0) + 1
    settings["counts"] = counts
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    joblib.dump(pipeline, out / NGRAM_FILE, compress=3)
    from honorifics.classifiers.ngram_arrays import ARRAYS_FILE, export_pipeline

    export_pipeline(pipeline, out / ARRAYS_FILE)   # what the fallback loads: numpy only
    (out / SETTINGS_FILE).write_text(json.dumps(settings, ensure_ascii=False, indent=2) + "\n",
                                     encoding="utf-8")
    (out / "README.md").write_text(render_model_card(settings, counts), encoding="utf-8")
    return settings
