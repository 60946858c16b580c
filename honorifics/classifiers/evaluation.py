"""Held-out evaluation of a tier classifier against a character n-gram baseline.

Both models are scored on the same grouped test split: per-class precision,
recall and F1, the confusion matrix, and calibration (ECE + reliability bins).
Scores are given for all test examples and for the *fallback subset* — the
masked/dropped variants and the ``none`` examples, i.e. utterances without rule
evidence, which is what the fallback is actually asked about.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from honorifics.classifiers.corpus import FALLBACK_VARIANTS, LABELS, Example, detect_language
from honorifics.classifiers.metrics import classification_report

#: Names of the subsets reported.
ALL = "all"
FALLBACK = "fallback"


@dataclass(slots=True)
class BaselineConfig:
    """Character n-gram TF-IDF + logistic regression (scikit-learn)."""
    ngram_min: int = 1
    ngram_max: int = 4
    regularisation: float = 4.0
    seed: int = 13
    balanced_classes: bool = True


def fallback_subset(examples: Sequence[Example]) -> list[int]:
    """Indices of examples without rule evidence: masked/dropped variants and unmasked ``none``."""
    return [index for index, example in enumerate(examples)
            if example.variant in FALLBACK_VARIANTS or example.masked_spans == 0]


def breakdown(examples: Sequence[Example], indices: Sequence[int]) -> dict[str, list[int]]:
    """The fallback subset per language, and its romanized (Latin-script) part.

    >>> breakdown([Example("tum kab aaoge", "familiar", "hi", "g")], [0])
    {'fallback/hi': [0], 'fallback/latin': [0]}
    """
    out: dict[str, list[int]] = {}
    for index in indices:
        example = examples[index]
        out.setdefault(f"{FALLBACK}/{example.language}", []).append(index)
        if detect_language(example.text) == "und":
            out.setdefault(f"{FALLBACK}/latin", []).append(index)
    return dict(sorted(out.items()))


def train_baseline(train: Sequence[Example], config: BaselineConfig = BaselineConfig()) -> Any:
    """Fit the baseline pipeline on the training examples."""
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline

    # char_wb keeps n-grams inside words, so matras and viramas stay with their letters.
    pipeline = make_pipeline(
        TfidfVectorizer(analyzer="char_wb", ngram_range=(config.ngram_min, config.ngram_max),
                        lowercase=False, sublinear_tf=True),
        LogisticRegression(C=config.regularisation, max_iter=2000, random_state=config.seed,
                           class_weight="balanced" if config.balanced_classes else None))
    pipeline.fit([example.text for example in train], [example.tier for example in train])
    return pipeline


def baseline_probabilities(pipeline: Any, texts: Sequence[str]) -> Any:
    """Probabilities in :data:`LABELS` order (0 for classes absent from training)."""
    import numpy

    raw = pipeline.predict_proba(list(texts))
    out = numpy.zeros((len(texts), len(LABELS)))
    for column, label in enumerate(pipeline.classes_):
        out[:, LABELS.index(label)] = raw[:, column]
    return out


def evaluate(model_dir: str, test: Sequence[Example], train: Sequence[Example] | None = None,
             baseline: BaselineConfig = BaselineConfig()) -> dict[str, Any]:
    """Score the classifier in ``model_dir`` (and the baseline, if ``train`` is given).

    Returns ``{"n", "subsets": {name: {"classifier": report, "baseline": report}}}``
    with reports as dictionaries; subsets are ``all`` and ``fallback``.
    """
    from honorifics.classifiers.fallback import load_fallback

    if not test:
        raise ValueError("the test set is empty")
    fallback, why_not = load_fallback(model_dir, threshold=0.0)
    if fallback is None:
        raise ValueError(why_not)
    texts = [example.text for example in test]
    gold = [example.tier for example in test]
    scores = {"classifier": fallback.probabilities(texts)}
    if train:
        scores["baseline"] = baseline_probabilities(train_baseline(train, baseline), texts)
    subsets = {ALL: list(range(len(test))), FALLBACK: fallback_subset(test)}
    subsets.update(breakdown(test, subsets[FALLBACK]))
    out: dict[str, Any] = {"n": len(test), "model_dir": str(model_dir),
                           "threshold": fallback.threshold, "subsets": {}}
    recorded = fallback.settings.get("threshold")
    for name, indices in subsets.items():
        if not indices:
            continue
        subset_gold = [gold[index] for index in indices]
        out["subsets"][name] = {
            "n": len(indices),
            **{model: classification_report(subset_gold, table[indices], LABELS).to_dict()
               for model, table in scores.items()}}
        if recorded is not None:
            out["subsets"][name]["classifier_at_threshold"] = selective_scores(
                subset_gold, scores["classifier"][indices], float(recorded))
    return out


def selective_scores(gold: Sequence[str], probabilities: Any, threshold: float) -> dict[str, float]:
    """What the fallback does at its threshold: coverage and precision of tier decisions."""
    import numpy

    predicted = numpy.array([LABELS[index] for index in numpy.asarray(probabilities).argmax(axis=1)])
    confident = numpy.asarray(probabilities).max(axis=1) >= threshold
    deciding = confident & (predicted != "none")
    gold_array = numpy.asarray(gold)
    return {"threshold": threshold, "decided": int(deciding.sum()),
            "coverage": float(deciding.mean()) if len(gold_array) else 0.0,
            "precision": float((predicted[deciding] == gold_array[deciding]).mean()) if deciding.any() else 0.0}


def format_report(result: dict[str, Any]) -> str:
    """A plain-text table of per-class scores for each subset and model."""
    lines = []
    for subset, models in result["subsets"].items():
        lines.append(f"== {subset} (n={models['n']})")
        for model in ("classifier", "baseline"):
            report = models.get(model)
            if not report:
                continue
            lines.append(f"-- {model}: accuracy {report['accuracy']:.3f}  macro-F1 "
                         f"{report['macro_f1']:.3f}  ECE {report['ece']:.3f}")
            lines.append(f"   {'class':<9} {'P':>6} {'R':>6} {'F1':>6} {'n':>5}")
            for label, scores in report["per_class"].items():
                lines.append(f"   {label:<9} {scores['precision']:6.3f} {scores['recall']:6.3f} "
                             f"{scores['f1']:6.3f} {scores['support']:5d}")
            lines.append("   confusion (rows gold, columns predicted: "
                         + " ".join(report["labels"]) + ")")
            lines.extend("   " + " ".join(f"{count:5d}" for count in row) for row in report["confusion"])
        selective = models.get("classifier_at_threshold")
        if selective:
            lines.append(f"-- classifier at threshold {selective['threshold']:.2f}: decides "
                         f"{selective['decided']} ({selective['coverage']:.1%}), precision "
                         f"{selective['precision']:.3f}")
    return "\n".join(lines)
