"""Held-out evaluation of tier classifiers: one model in detail, several compared.

:func:`evaluate` reports one model (and a character n-gram baseline);
:func:`compare_models` compares any number of models on the fallback subset with
group-bootstrap 95% CIs and their coverage/precision at their own thresholds on
input weighted like what the fallback really sees.

Both models are scored on the same grouped test split: per-class precision,
recall and F1, the confusion matrix, and calibration (ECE + reliability bins).
Scores are given for all test examples and for the *fallback subset* — the
masked/dropped variants and the ``none`` examples, i.e. utterances without rule
evidence, which is what the fallback is actually asked about.
"""
from __future__ import annotations

from typing import Any, Sequence

from honorifics.classifiers.corpus import FALLBACK_VARIANTS, Example, detect_language
from honorifics.classifiers.labels import LABELS
from honorifics.classifiers.ngram import NgramConfig
from honorifics.classifiers.metrics import (DEFAULT_NONE_SHARE, classification_report,
                                            fallback_weights)

#: Names of the subsets reported.
ALL = "all"
FALLBACK = "fallback"


#: The character n-gram baseline: the ``ngram`` model type with characters only.
BASELINE = NgramConfig(word_max=0)


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


def train_baseline(train: Sequence[Example], config: NgramConfig = BASELINE) -> Any:
    """Fit the character n-gram baseline (the ``ngram`` model type, characters only)."""
    from honorifics.classifiers.ngram import fit

    return fit(train, config)


def baseline_probabilities(pipeline: Any, texts: Sequence[str]) -> Any:
    """Probabilities in :data:`LABELS` order (0 for classes absent from training)."""
    from honorifics.classifiers.ngram import probabilities

    return probabilities(pipeline, texts)


def evaluate(model_dir: str, test: Sequence[Example], train: Sequence[Example] | None = None,
             baseline: NgramConfig = BASELINE) -> dict[str, Any]:
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


# --------------------------------------------------------------------------- comparison

def _macro_f1(gold: Any, predicted: Any) -> float:
    """Macro-F1 over the labels present in ``gold`` (numpy, for the bootstrap)."""
    import numpy

    scores = []
    for label in numpy.unique(gold):
        true_positive = float(numpy.sum((gold == label) & (predicted == label)))
        predicted_count = float(numpy.sum(predicted == label))
        support = float(numpy.sum(gold == label))
        precision = true_positive / predicted_count if predicted_count else 0.0
        recall = true_positive / support
        scores.append(2 * precision * recall / (precision + recall) if precision + recall else 0.0)
    return float(numpy.mean(scores)) if scores else 0.0


def group_bootstrap(groups: Sequence[str], statistic: Any, *, n_resamples: int = 1000,
                    seed: int = 0) -> Any:
    """Bootstrap interval of ``statistic(example indices)`` resampling whole groups.

    Paraphrases and formal/informal pairs are not independent, so the unit of
    resampling is the group (as in the split), not the sentence.
    """
    import numpy

    from honorifics.stats import bootstrap_interval

    members: dict[str, list[int]] = {}
    for index, group in enumerate(groups):
        members.setdefault(group, []).append(index)
    blocks = [numpy.array(indices) for indices in members.values()]

    def on_groups(chosen: Any) -> float:
        return statistic(numpy.concatenate([blocks[int(index)] for index in chosen]))

    interval = bootstrap_interval(numpy.arange(len(blocks)), on_groups, n_resamples=n_resamples,
                                  seed=seed)
    interval.method = "group-bootstrap"
    return interval


def compare_models(tables: dict[str, Any], test: Sequence[Example], thresholds: dict[str, float],
                   none_share: float = DEFAULT_NONE_SHARE, n_resamples: int = 1000) -> dict[str, Any]:
    """Compare models on the fallback subset of ``test``, with group-bootstrap 95% CIs.

    ``tables`` maps a model name to its probabilities on ``test``. For each
    model: accuracy and macro-F1 (CIs over test groups); and what it does as a
    fallback at its own threshold on the subset weighted like real fallback
    input (``none_share`` of ``none``): coverage of tier decisions and their
    precision. The first model is the reference of the paired accuracy
    differences.
    """
    import numpy

    from honorifics.stats import Interval

    indices = fallback_subset(test)
    if not indices:
        raise ValueError("the test set has no fallback-like examples (masked, dropped or none)")
    gold = numpy.array([test[index].tier for index in indices])
    groups = [test[index].group for index in indices]
    weights = fallback_weights(gold, none_share)
    out: dict[str, Any] = {"n": len(indices), "groups": len(set(groups)), "none_share": none_share,
                           "models": {}}
    reference_correct = None
    for name, table in tables.items():
        table = numpy.asarray(table)[indices]
        predicted = numpy.array([LABELS[column] for column in table.argmax(axis=1)])
        correct = (predicted == gold).astype(float)
        accuracy = group_bootstrap(groups, lambda rows: float(correct[rows].mean()),
                                   n_resamples=n_resamples)
        macro = group_bootstrap(groups, lambda rows: _macro_f1(gold[rows], predicted[rows]),
                                n_resamples=n_resamples)
        entry = {"accuracy": accuracy.to_dict(), "macro_f1": macro.to_dict(), "threshold": None,
                 "decided": None, "coverage": None, "precision": None}
        if thresholds.get(name) is not None:
            threshold = float(thresholds[name])
            deciding = (table.max(axis=1) >= threshold) & (predicted != "none")
            mass = float(weights[deciding].sum())
            entry.update(threshold=threshold, decided=int(deciding.sum()),
                         coverage=mass / float(weights.sum()),
                         precision=float((weights[deciding] * correct[deciding]).sum() / mass)
                         if mass else None)
        if reference_correct is None:
            reference_correct = correct
        else:
            difference = group_bootstrap(
                groups, lambda rows: float(correct[rows].mean() - reference_correct[rows].mean()),
                n_resamples=n_resamples)
            entry["accuracy_minus_reference"] = difference.to_dict()
        out["models"][name] = entry
    return out


def format_comparison(result: dict[str, Any]) -> str:
    """A Markdown table of :func:`compare_models`."""
    def interval(value: dict[str, Any]) -> str:
        return f"{value['estimate']:.3f} [{value['low']:.3f}, {value['high']:.3f}]"

    lines = [f"Fallback subset: n = {result['n']} examples in {result['groups']} groups; 95% CIs "
             f"by group bootstrap; coverage/precision at each model's threshold on the subset "
             f"weighted to {result['none_share']:.0%} `none` (like real fallback input).", "",
             "| model | accuracy | macro-F1 | Δ accuracy vs first | threshold | coverage | precision |",
             "|---|---|---|---|---|---|---|"]
    for name, entry in result["models"].items():
        difference = entry.get("accuracy_minus_reference")
        precision = "–" if entry["precision"] is None else f"{entry['precision']:.3f}"
        threshold = "–" if entry["threshold"] is None else f"{entry['threshold']:.2f}"
        coverage = "–" if entry["coverage"] is None else f"{entry['coverage']:.1%} ({entry['decided']})"
        lines.append(f"| {name} | {interval(entry['accuracy'])} | {interval(entry['macro_f1'])} | "
                     f"{interval(difference) if difference else '–'} | {threshold} | "
                     f"{coverage} | {precision} |")
    return "\n".join(lines)
