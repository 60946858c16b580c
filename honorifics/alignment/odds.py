"""Which words a model uses more for one group than another (EtiCor++ odds ratios, done properly).

For a word w with count ``a`` in group A (``N_A`` counted words in A) and
``b`` in group B (``N_B``):

* **log odds ratio** with the Haldane–Anscombe correction (0.5 added to every
  cell of the 2×2 table, always, so zero counts stay finite)::

      log OR = ln[(a+½)(N_B−b+½) / ((N_A−a+½)(b+½))]
      SE     = sqrt(1/(a+½) + 1/(N_A−a+½) + 1/(b+½) + 1/(N_B−b+½))
      95% CI = log OR ± 1.96·SE

* **weighted log-odds with an informative Dirichlet prior** (Monroe, Colaresi
  & Quinn 2008, "Fightin' Words"), prior counts α_w, α₀ = Σ α_w::

      δ_w = ln[(a+α_w)/(N_A+α₀−a−α_w)] − ln[(b+α_w)/(N_B+α₀−b−α_w)]
      σ²  ≈ 1/(a+α_w) + 1/(b+α_w)
      z   = δ_w / σ

Positive values mean "more typical of A". ``N_A``/``N_B`` count every word
that passed the part-of-speech filter, before the minimum-count filter.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any, Iterable, Sequence

from .records import ReadReport
from .scorers import Token

Z_95 = 1.959963984540054
HALDANE_ANSCOMBE = 0.5
#: Monroe et al.'s uninformative prior count, also the floor for words the
#: background corpus never saw (an informative prior of 0 would give ln 0).
UNINFORMATIVE_ALPHA = 0.01


@dataclass(frozen=True, slots=True)
class OddsSettings:
    pos: tuple[str, ...] = ("NOUN", "VERB", "ADJ")
    min_count: int = 5
    top_k: int = 20
    lemma: bool = False
    #: ``combined`` (A+B counts), ``uniform`` (0.01 per word) or ``background`` (given counts).
    prior: str = "combined"
    prior_scale: float = 1.0

    def __post_init__(self):
        if self.min_count < 0 or self.top_k < 0:
            raise ValueError("--min-count and --top-k must not be negative")
        if self.prior not in ("combined", "uniform", "background"):
            raise ValueError(f"unknown prior {self.prior!r}")
        if self.prior_scale <= 0:
            raise ValueError("the prior scale must be positive")


@dataclass(slots=True)
class WordOdds:
    word: str
    count_a: int
    count_b: int
    log_odds_ratio: float
    standard_error: float
    ci_low: float
    ci_high: float
    odds_ratio: float
    prior: float
    weighted_log_odds: float
    z: float

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def count_words(tagged: Iterable[Sequence[Token]], pos: Sequence[str] | None = None,
                lemma: bool = False) -> Counter:
    """Word counts, lower-cased, optionally lemmatized and filtered by POS.

    Tokens without a tag (no tagger for the language) pass any POS filter: the
    caller says so to the user. ``pos`` ``None`` or empty keeps every tag.
    """
    wanted = {tag.upper() for tag in pos} if pos else None
    counts: Counter = Counter()
    for tokens in tagged:
        for token in tokens:
            if wanted is not None and token.pos is not None and token.pos.upper() not in wanted:
                continue
            form = token.lemma if lemma and token.lemma else token.text
            counts[form.casefold()] += 1
    return counts


def log_odds_ratio(count_a: int, total_a: int, count_b: int, total_b: int,
                   correction: float = HALDANE_ANSCOMBE) -> tuple[float, float]:
    """Log odds ratio and its standard error, ``correction`` added to each cell.

    >>> round(log_odds_ratio(0, 10, 0, 10)[0], 12)
    0.0
    """
    cells = (count_a + correction, total_a - count_a + correction,
             count_b + correction, total_b - count_b + correction)
    if min(cells) <= 0:
        raise ValueError("a count exceeds its total")
    a, not_a, b, not_b = cells
    return math.log(a * not_b / (not_a * b)), math.sqrt(sum(1.0 / cell for cell in cells))


def weighted_log_odds(count_a: int, total_a: int, count_b: int, total_b: int,
                      prior: float, prior_total: float) -> tuple[float, float]:
    """Monroe et al.'s δ_w and its z-score for one word."""
    if prior <= 0 or prior_total < prior:
        raise ValueError("prior counts must be positive and no larger than their total")
    in_a = (count_a + prior) / (total_a + prior_total - count_a - prior)
    in_b = (count_b + prior) / (total_b + prior_total - count_b - prior)
    delta = math.log(in_a) - math.log(in_b)
    variance = 1.0 / (count_a + prior) + 1.0 / (count_b + prior)
    return delta, delta / math.sqrt(variance)


def prior_counts(counts_a: Counter, counts_b: Counter, settings: OddsSettings,
                 background: Counter | None = None) -> tuple[dict[str, float], float]:
    """α_w for every word of A ∪ B, and α₀ (the sum over the prior's vocabulary)."""
    vocabulary = sorted(set(counts_a) | set(counts_b))
    if settings.prior == "uniform":
        alpha = {word: UNINFORMATIVE_ALPHA for word in vocabulary}
        return alpha, UNINFORMATIVE_ALPHA * len(vocabulary)
    if settings.prior == "background":
        if background is None:
            raise ValueError("the background prior needs background counts")
        source = background
    else:
        source = counts_a + counts_b
    alpha = {word: max(settings.prior_scale * source.get(word, 0), UNINFORMATIVE_ALPHA)
             for word in vocabulary}
    total = settings.prior_scale * sum(source.values())
    total += sum(UNINFORMATIVE_ALPHA for word in vocabulary if source.get(word, 0) == 0)
    return alpha, total


def odds_table(counts_a: Counter, counts_b: Counter, settings: OddsSettings = OddsSettings(),
               background: Counter | None = None) -> list[WordOdds]:
    """Odds ratios and weighted log-odds of every word seen ``min_count`` times in A ∪ B.

    Rows are sorted by z (most typical of A first), ties by log OR, count and word.
    """
    total_a, total_b = sum(counts_a.values()), sum(counts_b.values())
    alpha, alpha_total = prior_counts(counts_a, counts_b, settings, background)
    rows = []
    for word in sorted(set(counts_a) | set(counts_b)):
        a, b = counts_a.get(word, 0), counts_b.get(word, 0)
        if a + b < settings.min_count:
            continue
        lor, se = log_odds_ratio(a, total_a, b, total_b)
        delta, z = weighted_log_odds(a, total_a, b, total_b, alpha[word], alpha_total)
        rows.append(WordOdds(word, a, b, lor, se, lor - Z_95 * se, lor + Z_95 * se,
                             math.exp(lor), alpha[word], delta, z))
    rows.sort(key=lambda row: (-row.z, -row.log_odds_ratio, -(row.count_a + row.count_b), row.word))
    return rows


def top_words(rows: Sequence[WordOdds], k: int) -> tuple[list[WordOdds], list[WordOdds]]:
    """The ``k`` words most typical of A (z > 0) and of B (z < 0), deterministic.

    Ties on z are broken by the larger total count, then alphabetically.
    """
    def by_strength(sign: int):
        return lambda row: (-sign * row.z, -(row.count_a + row.count_b), row.word)
    side_a = sorted((row for row in rows if row.z > 0), key=by_strength(1))[:k]
    side_b = sorted((row for row in rows if row.z < 0), key=by_strength(-1))[:k]
    return side_a, side_b


@dataclass(slots=True)
class OddsRun:
    """Odds-ratio results for group A versus group B, with how words were counted.

    Lives here, beside :class:`WordOdds`, so the plots can name it without
    importing the pipeline that builds it (no plots ↔ pipeline cycle).
    """
    settings: OddsSettings
    group_field: str
    group_a: str
    group_b: str
    rows: list[WordOdds]
    top_a: list[WordOdds]
    top_b: list[WordOdds]
    totals: dict[str, int]
    texts: dict[str, int]
    taggers: dict[str, str]
    notes: list[str]
    dropped_function_words: dict[str, list[str]]
    read: ReadReport
