"""Classification metrics and calibration, in plain numpy (no torch needed).

Used for early stopping during training, for choosing the abstention
threshold, and in the evaluation report.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Sequence

import numpy


@dataclass(slots=True)
class ClassScores:
    """Precision, recall, F1 and support of one class."""
    precision: float
    recall: float
    f1: float
    support: int


@dataclass(slots=True)
class ReliabilityBin:
    """Predictions whose confidence falls in ``[low, high)``: how often they were right."""
    low: float
    high: float
    count: int
    mean_confidence: float
    accuracy: float


@dataclass(slots=True)
class ClassificationReport:
    """Everything the evaluation prints for one model on one test set."""
    labels: list[str]
    n: int
    accuracy: float
    macro_f1: float
    per_class: dict[str, ClassScores]
    #: ``confusion[i][j]``: gold ``labels[i]`` predicted as ``labels[j]``.
    confusion: list[list[int]]
    ece: float
    reliability: list[ReliabilityBin] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def per_class_scores(gold: Sequence[str], predicted: Sequence[str],
                     labels: Sequence[str]) -> dict[str, ClassScores]:
    """Precision/recall/F1 per label; 0.0 where a denominator is zero.

    >>> scores = per_class_scores(["formal", "formal", "familiar"], ["formal", "familiar", "familiar"],
    ...                           ["familiar", "formal"])
    >>> round(scores["familiar"].precision, 2), scores["formal"].recall
    (0.5, 0.5)
    """
    out = {}
    for label in labels:
        true_positive = sum(1 for g, p in zip(gold, predicted) if g == label and p == label)
        predicted_count = sum(1 for p in predicted if p == label)
        support = sum(1 for g in gold if g == label)
        precision = true_positive / predicted_count if predicted_count else 0.0
        recall = true_positive / support if support else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        out[label] = ClassScores(precision, recall, f1, support)
    return out


def confusion_matrix(gold: Sequence[str], predicted: Sequence[str],
                     labels: Sequence[str]) -> list[list[int]]:
    """Counts of (gold, predicted) label pairs; rows are gold labels."""
    index = {label: position for position, label in enumerate(labels)}
    matrix = [[0] * len(labels) for _ in labels]
    for g, p in zip(gold, predicted):
        matrix[index[g]][index[p]] += 1
    return matrix


def reliability(confidences: Sequence[float], correct: Sequence[bool],
                bins: int = 10) -> tuple[float, list[ReliabilityBin]]:
    """Expected calibration error and its equal-width reliability bins.

    ECE = Σ_bins (n_bin / n) · |accuracy_bin − mean confidence_bin|.

    Two bins: confidence 0.9 with accuracy 0.5, confidence 0.6 with accuracy 1.0,
    so ECE = ½·0.4 + ½·0.4:

    >>> round(reliability([0.9, 0.9, 0.6, 0.6], [True, False, True, True])[0], 2)
    0.4
    """
    confidences = numpy.asarray(confidences, dtype=float)
    correct = numpy.asarray(correct, dtype=float)
    total = len(confidences)
    edges = numpy.linspace(0.0, 1.0, bins + 1)
    ece, out = 0.0, []
    for number in range(bins):
        low, high = edges[number], edges[number + 1]
        inside = (confidences >= low) & ((confidences < high) if number < bins - 1 else (confidences <= high))
        count = int(inside.sum())
        if not count:
            continue
        mean_confidence = float(confidences[inside].mean())
        accuracy = float(correct[inside].mean())
        ece += count / total * abs(accuracy - mean_confidence)
        out.append(ReliabilityBin(float(low), float(high), count, mean_confidence, accuracy))
    return float(ece), out


def classification_report(gold: Sequence[str], probabilities: Any,
                          labels: Sequence[str], bins: int = 10) -> ClassificationReport:
    """Report for predictions ``argmax(probabilities)`` (rows aligned with ``gold``)."""
    probabilities = numpy.asarray(probabilities, dtype=float)
    if len(gold) != len(probabilities):
        raise ValueError(f"{len(gold)} gold labels but {len(probabilities)} predictions")
    if not len(gold):
        raise ValueError("an empty test set")
    predicted = [labels[index] for index in probabilities.argmax(axis=1)]
    confidences = probabilities.max(axis=1)
    correct = [g == p for g, p in zip(gold, predicted)]
    per_class = per_class_scores(gold, predicted, labels)
    present = [label for label in labels if per_class[label].support]
    ece, bins_out = reliability(confidences, correct, bins)
    return ClassificationReport(
        labels=list(labels), n=len(gold), accuracy=float(numpy.mean(correct)),
        macro_f1=float(numpy.mean([per_class[label].f1 for label in present])) if present else 0.0,
        per_class=per_class, confusion=confusion_matrix(gold, predicted, labels),
        ece=ece, reliability=bins_out)


@dataclass(slots=True)
class ThresholdChoice:
    """The abstention threshold and what it does on the data it was chosen on."""
    threshold: float
    target_precision: float
    #: Precision of the tier decisions (intimate/familiar/formal) kept at the threshold.
    precision: float
    #: Fraction of examples that get a tier decision at the threshold.
    coverage: float
    n: int


#: Share of gold ``none`` among the utterances that reach the fallback in practice
#: (speech turns with no rule evidence, for speakers the rules left undecided).
#: Measured at ~98% on analyzed LLM outputs (issue 12); 0.95 leaves a margin.
DEFAULT_NONE_SHARE = 0.95


def fallback_weights(gold: Sequence[str], none_share: float = DEFAULT_NONE_SHARE,
                     none_label: str = "none") -> Any:
    """Example weights that make ``none`` carry ``none_share`` of the total weight.

    A corpus dev set is mostly tier examples, but what reaches the fallback is
    mostly ``none``: reweighting makes precision and coverage read as they
    would on real fallback input. Without ``none`` examples (or with
    ``none_share`` None) every weight is 1.

    >>> [round(float(w), 2) for w in fallback_weights(["none", "formal", "familiar", "formal"], 0.5)]
    [2.0, 0.67, 0.67, 0.67]
    """
    gold_array = numpy.asarray(gold)
    weights = numpy.ones(len(gold_array))
    is_none = gold_array == none_label
    count_none, count_tier = int(is_none.sum()), int((~is_none).sum())
    if none_share is None or not count_none or not count_tier:
        return weights
    total = len(gold_array)
    weights[is_none] = none_share * total / count_none
    weights[~is_none] = (1 - none_share) * total / count_tier
    return weights


def choose_threshold(gold: Sequence[str], probabilities: Any, labels: Sequence[str],
                     target_precision: float = 0.9, none_label: str = "none",
                     minimum_kept: int = 5, ceiling: float = 0.99,
                     weights: Any = None) -> ThresholdChoice:
    """The lowest confidence at which the fallback's tier decisions reach ``target_precision``.

    Only tier decisions count (a ``none`` prediction adds no evidence, so it
    cannot make the analyzer worse). ``weights`` (see :func:`fallback_weights`)
    make precision and coverage those of the input the fallback really sees.
    If no threshold reaches the target with at least ``minimum_kept`` decisions,
    ``ceiling`` is returned: the fallback then almost always abstains, which is
    the safe failure.
    """
    probabilities = numpy.asarray(probabilities, dtype=float)
    predicted = numpy.array([labels[index] for index in probabilities.argmax(axis=1)])
    confidences = probabilities.max(axis=1)
    gold_array = numpy.asarray(gold)
    weights = numpy.ones(len(gold_array)) if weights is None else numpy.asarray(weights, dtype=float)
    correct = predicted == gold_array
    deciding = predicted != none_label

    def scores(kept: Any) -> tuple[float, float]:
        mass = float(weights[kept].sum())
        precision = float((weights[kept] * correct[kept]).sum() / mass) if mass else 0.0
        return precision, mass / max(float(weights.sum()), 1e-12)

    for threshold in numpy.round(numpy.arange(0.40, ceiling + 1e-9, 0.01), 2):
        kept = deciding & (confidences >= threshold)
        if int(kept.sum()) < minimum_kept:
            break
        precision, coverage = scores(kept)
        if precision >= target_precision:
            return ThresholdChoice(float(threshold), target_precision, precision, coverage,
                                   len(gold_array))
    precision, coverage = scores(deciding & (confidences >= ceiling))
    return ThresholdChoice(ceiling, target_precision, precision, coverage, len(gold_array))


def fit_temperature(logits: Any, gold_indices: Sequence[int]) -> float:
    """Temperature ``T`` minimising the negative log-likelihood of ``softmax(logits / T)``.

    A deterministic grid search (60 values from 0.25 to 10, log-spaced): enough
    precision for calibration, no optimiser state, same answer on every machine.
    """
    logits = numpy.asarray(logits, dtype=float)
    gold_indices = numpy.asarray(gold_indices, dtype=int)
    if not len(gold_indices):
        return 1.0
    best, best_loss = 1.0, float("inf")
    for temperature in numpy.exp(numpy.linspace(numpy.log(0.25), numpy.log(10.0), 60)):
        scaled = logits / temperature
        scaled = scaled - scaled.max(axis=1, keepdims=True)
        log_probabilities = scaled - numpy.log(numpy.exp(scaled).sum(axis=1, keepdims=True))
        loss = -float(log_probabilities[numpy.arange(len(gold_indices)), gold_indices].mean())
        if loss < best_loss - 1e-12:
            best, best_loss = float(temperature), loss
    return best
