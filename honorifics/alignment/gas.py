"""Generation Alignment Score (GAS) and inter-group correlation (EtiCor++).

GAS asks: when a model writes about the same group more than once (from
different sources: personas, regions, prompts), do its similar generations
agree? For one group and one run:

1. embed every generation; cosine similarity of every pair of generations of
   the group from *different* sources;
2. keep the pairs whose similarity is strictly greater than the similarity
   threshold (EtiCor++: 0.55);
3. run NLI on each kept pair; a pair is an *entailment* when P(entailment) is
   strictly greater than the NLI threshold (EtiCor++: 0.90), a
   *contradiction* when P(contradiction) is, else *neutral*;
4. GAS = entailments / (entailments + contradictions), ``None`` when there
   are none (0/0 is no evidence, not disagreement).

The group's GAS is the mean over runs whose GAS is defined, with the sample
standard deviation (ddof=1; ``None`` for fewer than two runs).

Inter-group correlation (EtiCor++ Algorithm 1) for groups A ≠ B: over pairs
(one generation from A, one from B, same run) above the similarity threshold,
the mean of similarity × sign, sign = +1 entailment, −1 contradiction, 0
neutral; ``None`` without pairs.
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Any, Callable, Sequence

import numpy as np

from .scorers import CONTRADICTION, ENTAILMENT, NEUTRAL, Embedder, NLIScorer

ENTAILMENT_LABEL, NEUTRAL_LABEL, CONTRADICTION_LABEL = "entailment", "neutral", "contradiction"


@dataclass(frozen=True, slots=True)
class Generation:
    """One generated text and the fields that place it."""
    text: str
    group: str
    source: str | None = None
    run: str | None = None
    #: Input position: breaks ties so the order never depends on dict or set order.
    index: int = 0


@dataclass(frozen=True, slots=True)
class AlignmentSettings:
    similarity_threshold: float = 0.55
    nli_threshold: float = 0.90
    #: Score premise→hypothesis and hypothesis→premise and average the probabilities.
    both_directions: bool = False
    batch_size: int = 32

    def __post_init__(self):
        if not -1.0 <= self.similarity_threshold <= 1.0:
            raise ValueError("the similarity threshold is a cosine: between -1 and 1")
        # Below 0.5 a pair could pass as both entailment and contradiction.
        if not 0.5 <= self.nli_threshold < 1.0:
            raise ValueError("the NLI threshold must be in [0.5, 1)")
        if self.batch_size < 1:
            raise ValueError("the batch size must be at least 1")


@dataclass(slots=True)
class PairJudgement:
    """An NLI verdict on two generations (positions in the sorted order)."""
    premise: int
    hypothesis: int
    similarity: float
    entailment: float
    neutral: float
    contradiction: float
    label: str

    @property
    def sign(self) -> int:
        return {ENTAILMENT_LABEL: 1, CONTRADICTION_LABEL: -1}.get(self.label, 0)


@dataclass(slots=True)
class Tally:
    """Entailment, contradiction and neutral counts over a set of pairs."""
    pairs: int = 0
    entailments: int = 0
    contradictions: int = 0
    neutrals: int = 0

    def add(self, judgement: PairJudgement) -> None:
        self.pairs += 1
        if judgement.label == ENTAILMENT_LABEL:
            self.entailments += 1
        elif judgement.label == CONTRADICTION_LABEL:
            self.contradictions += 1
        else:
            self.neutrals += 1

    @property
    def gas(self) -> float | None:
        return generation_alignment_score(self.entailments, self.contradictions)

    @property
    def neutral_share(self) -> float | None:
        return self.neutrals / self.pairs if self.pairs else None


@dataclass(slots=True)
class RunScore:
    """GAS of one group in one run, with the counts behind it."""
    group: str
    run: str | None
    generations: int
    tally: Tally

    def to_dict(self) -> dict[str, Any]:
        return {"group": self.group, "run": self.run, "generations": self.generations,
                **asdict(self.tally), "gas": self.tally.gas,
                "neutral_share": self.tally.neutral_share}


@dataclass(slots=True)
class GroupScore:
    """GAS of one group: mean ± sd over runs, plus the pooled counts."""
    group: str
    runs: list[RunScore]
    gas_mean: float | None
    gas_sd: float | None
    runs_scored: int
    tally: Tally

    def to_dict(self) -> dict[str, Any]:
        return {"group": self.group, "gas_mean": self.gas_mean, "gas_sd": self.gas_sd,
                "runs": len(self.runs), "runs_scored": self.runs_scored,
                "generations": sum(run.generations for run in self.runs),
                **asdict(self.tally), "neutral_share": self.tally.neutral_share}


@dataclass(slots=True)
class CorrelationCell:
    """Inter-group correlation of groups ``a`` < ``b``."""
    a: str
    b: str
    tally: Tally
    weighted_sum: float = 0.0

    @property
    def value(self) -> float | None:
        return self.weighted_sum / self.tally.pairs if self.tally.pairs else None

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "correlation": self.value, **asdict(self.tally)}


@dataclass(slots=True)
class AlignmentResult:
    settings: AlignmentSettings
    generations: list[Generation]
    groups: list[GroupScore]
    correlations: list[CorrelationCell]
    judgements: list[PairJudgement] = field(default_factory=list)
    embedder: str | None = None
    nli: str | None = None


def generation_alignment_score(entailments: int, contradictions: int) -> float | None:
    """E / (E + C); ``None`` when both are zero.

    >>> generation_alignment_score(3, 1), generation_alignment_score(0, 0)
    (0.75, None)
    """
    total = entailments + contradictions
    return entailments / total if total else None


def mean_and_sd(values: Sequence[float]) -> tuple[float | None, float | None]:
    """Mean and sample standard deviation (ddof=1); ``None`` where undefined."""
    if not values:
        return None, None
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, None
    variance = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    return mean, math.sqrt(variance)


def cosine_matrix(vectors: np.ndarray) -> np.ndarray:
    """Pairwise cosine similarities; a zero vector is similar to nothing (0)."""
    vectors = np.asarray(vectors, dtype=np.float64)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    unit = np.divide(vectors, norms, out=np.zeros_like(vectors), where=norms > 0)
    return unit @ unit.T


def label_pair(probabilities: Sequence[float], threshold: float) -> str:
    """``entailment``/``contradiction`` when its probability exceeds ``threshold``, else neutral."""
    if probabilities[ENTAILMENT] > threshold:
        return ENTAILMENT_LABEL
    if probabilities[CONTRADICTION] > threshold:
        return CONTRADICTION_LABEL
    return NEUTRAL_LABEL


def sort_generations(generations: Sequence[Generation]) -> list[Generation]:
    """Deterministic order: group, run, source, then input position."""
    return sorted(generations, key=lambda g: (g.group, g.run or "", g.source or "", g.index))


def _gas_pairs(ordered: list[Generation]) -> list[tuple[int, int]]:
    # Same group and run, different source. Without a source field every pair counts.
    pairs = []
    for i, j in combinations(range(len(ordered)), 2):
        first, second = ordered[i], ordered[j]
        if first.group != second.group or first.run != second.run:
            continue
        if first.source is not None and first.source == second.source:
            continue
        pairs.append((i, j))
    return pairs


def _correlation_pairs(ordered: list[Generation]) -> list[tuple[int, int]]:
    return [(i, j) for i, j in combinations(range(len(ordered)), 2)
            if ordered[i].group != ordered[j].group and ordered[i].run == ordered[j].run]


def judge_pairs(ordered: list[Generation], pairs: list[tuple[int, int]], similarity: np.ndarray,
                nli: NLIScorer, settings: AlignmentSettings,
                progress: Callable[[int], None] | None = None) -> dict[tuple[int, int], PairJudgement]:
    """NLI on every pair (earlier generation as premise), in batches."""
    out: dict[tuple[int, int], PairJudgement] = {}
    for start in range(0, len(pairs), settings.batch_size):
        batch = pairs[start:start + settings.batch_size]
        premises = [ordered[i].text for i, _ in batch]
        hypotheses = [ordered[j].text for _, j in batch]
        probabilities = np.asarray(nli.score(premises, hypotheses), dtype=np.float64)
        if settings.both_directions:
            reverse = np.asarray(nli.score(hypotheses, premises), dtype=np.float64)
            probabilities = (probabilities + reverse) / 2.0
        for (i, j), row in zip(batch, probabilities):
            out[(i, j)] = PairJudgement(
                i, j, float(similarity[i, j]), float(row[ENTAILMENT]), float(row[NEUTRAL]),
                float(row[CONTRADICTION]), label_pair(row, settings.nli_threshold))
        if progress:
            progress(len(batch))
    return out


def score_groups(ordered: list[Generation], judgements: dict[tuple[int, int], PairJudgement],
                 gas_pairs: list[tuple[int, int]]) -> list[GroupScore]:
    """Per (group, run) tallies, then mean ± sd over runs per group."""
    runs: dict[tuple[str, str | None], RunScore] = {}
    for generation in ordered:
        key = (generation.group, generation.run)
        runs.setdefault(key, RunScore(generation.group, generation.run, 0, Tally()))
        runs[key].generations += 1
    for pair in gas_pairs:
        if pair in judgements:
            generation = ordered[pair[0]]
            runs[(generation.group, generation.run)].tally.add(judgements[pair])
    groups = []
    for group in sorted({g.group for g in ordered}):
        group_runs = [run for (name, _), run in runs.items() if name == group]
        defined = [run.tally.gas for run in group_runs if run.tally.gas is not None]
        mean, sd = mean_and_sd(defined)
        pooled = Tally()
        for run in group_runs:
            pooled.pairs += run.tally.pairs
            pooled.entailments += run.tally.entailments
            pooled.contradictions += run.tally.contradictions
            pooled.neutrals += run.tally.neutrals
        groups.append(GroupScore(group, group_runs, mean, sd, len(defined), pooled))
    return groups


def score_correlations(ordered: list[Generation],
                       judgements: dict[tuple[int, int], PairJudgement],
                       correlation_pairs: list[tuple[int, int]]) -> list[CorrelationCell]:
    names = sorted({g.group for g in ordered})
    cells = {(a, b): CorrelationCell(a, b, Tally()) for a, b in combinations(names, 2)}
    for i, j in correlation_pairs:
        if (i, j) not in judgements:
            continue
        a, b = sorted((ordered[i].group, ordered[j].group))
        judgement = judgements[(i, j)]
        cells[(a, b)].tally.add(judgement)
        cells[(a, b)].weighted_sum += judgement.similarity * judgement.sign
    return list(cells.values())


def alignment_scores(generations: Sequence[Generation], embedder: Embedder, nli: NLIScorer,
                     settings: AlignmentSettings = AlignmentSettings(),
                     correlations: bool = True, progress: bool = False) -> AlignmentResult:
    """GAS per group and inter-group correlations for a set of generations.

    >>> result = alignment_scores(generations, embedder, nli)   # doctest: +SKIP
    >>> result.groups[0].gas_mean                               # doctest: +SKIP
    """
    ordered = sort_generations(generations)
    if ordered:
        vectors = np.asarray(embedder.embed([g.text for g in ordered]))
        if vectors.shape[0] != len(ordered):
            raise ValueError(f"embedder returned {vectors.shape[0]} vectors for {len(ordered)} texts")
        similarity = cosine_matrix(vectors)
    else:
        similarity = np.zeros((0, 0))
    gas_pairs = [p for p in _gas_pairs(ordered) if similarity[p] > settings.similarity_threshold]
    cross_pairs = ([p for p in _correlation_pairs(ordered)
                    if similarity[p] > settings.similarity_threshold] if correlations else [])
    to_judge = sorted(set(gas_pairs) | set(cross_pairs))
    bar = progress_bar(len(to_judge), "NLI pairs", progress)
    try:
        judgements = judge_pairs(ordered, to_judge, similarity, nli, settings,
                                 bar.update if bar else None)
    finally:
        if bar:
            bar.close()
    return AlignmentResult(
        settings, ordered, score_groups(ordered, judgements, gas_pairs),
        score_correlations(ordered, judgements, cross_pairs) if correlations else [],
        [judgements[p] for p in to_judge], getattr(embedder, "name", None),
        getattr(nli, "name", None))


def progress_bar(total: int, description: str, enabled: bool):
    """A tqdm bar on stderr, shown only when stderr is a terminal; ``None`` when off."""
    if not enabled or total == 0:
        return None
    import sys

    from tqdm import tqdm
    return tqdm(total=total, desc=description, file=sys.stderr, disable=not sys.stderr.isatty())
