"""Statistics for the metrics: intervals, tests and effect sizes, each with its n.

Proportions get Wilson score intervals; every other figure gets a seeded
percentile bootstrap, so the same input always gives the same interval.
Tests use scipy where scipy's implementation is the textbook one (exact
binomial, χ² contingency, correlations).

>>> round(wilson_interval(8, 10).low, 4), round(wilson_interval(8, 10).high, 4)
(0.4902, 0.9433)
"""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Sequence

import numpy as np

#: z for a two-sided 95% interval.
Z_95 = 1.959963984540054
#: Default bootstrap settings: enough resamples for stable 95% percentiles.
DEFAULT_RESAMPLES = 2000
DEFAULT_SEED = 0


@dataclass(slots=True)
class Interval:
    """An estimate with its confidence interval and the n it rests on."""
    estimate: float | None
    low: float | None
    high: float | None
    n: int
    method: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class Proportion:
    """``successes / n`` with its Wilson interval (``estimate`` is None when n = 0)."""
    successes: int
    n: int
    estimate: float | None
    low: float | None
    high: float | None
    method: str = "wilson"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def wilson_interval(successes: int, n: int, z: float = Z_95) -> Proportion:
    """Wilson score interval for a binomial proportion.

    Unlike the normal (Wald) interval it stays inside [0, 1] and behaves at
    0/n and n/n, which matter here: small groups often get every tier right.

    >>> p = wilson_interval(8, 10)
    >>> round(p.estimate, 2), round(p.low, 3), round(p.high, 3)
    (0.8, 0.49, 0.943)
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got {successes}/{n}")
    if n == 0:
        return Proportion(0, 0, None, None, None)
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return Proportion(successes, n, p, max(0.0, centre - half), min(1.0, centre + half))


def bootstrap_interval(values: Sequence[Any], statistic: Callable[[np.ndarray], float] = np.mean,
                       *, n_resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED,
                       confidence: float = 0.95) -> Interval:
    """Percentile bootstrap CI of ``statistic`` over ``values`` (seeded, deterministic).

    ``values`` may be a 1-d sequence or rows of a 2-d array (resampled as rows,
    so a statistic can use several columns of the same unit).
    """
    data = np.asarray(values, dtype=float)
    n = len(data)
    if n == 0:
        return Interval(None, None, None, 0, "bootstrap")
    estimate = float(statistic(data))
    rng = np.random.default_rng(seed)
    # One resample at a time keeps memory at O(n) for large analyses.
    replicates = np.array([statistic(data[rng.integers(0, n, size=n)])
                           for _ in range(n_resamples)], dtype=float)
    return _percentile_interval(estimate, replicates, n, confidence)


def _percentile_interval(estimate: float, replicates: np.ndarray, n: int, confidence: float) -> Interval:
    """The percentile interval of the finite bootstrap replicates (none: no bounds)."""
    replicates = replicates[np.isfinite(replicates)]
    if len(replicates) == 0:
        return Interval(estimate, None, None, n, "bootstrap")
    alpha = (1 - confidence) / 2
    low, high = np.quantile(replicates, [alpha, 1 - alpha])
    return Interval(estimate, float(low), float(high), n, "bootstrap")


def bootstrap_counts(counts: Sequence[int], statistic: Callable[[np.ndarray], np.ndarray], *,
                     n_resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED,
                     confidence: float = 0.95) -> Interval:
    """Percentile bootstrap CI of a statistic that depends only on category counts.

    Resampling n units with replacement gives multinomial counts, so the
    ``n_resamples`` resamples are drawn at once as counts (memory O(resamples ×
    categories), not O(n)): the same bootstrap as :func:`bootstrap_interval` over
    the units, in a fraction of the time for large n. ``statistic`` takes an
    array of count rows (shape resamples × categories) and returns one value a row.

    >>> def share_of_first(rows):
    ...     return rows[:, 0] / rows.sum(axis=1)
    >>> interval = bootstrap_counts([8, 2], share_of_first, n_resamples=500)
    >>> interval.estimate, interval.n, interval.low < 0.8 < interval.high
    (0.8, 10, True)
    """
    data = np.asarray(counts, dtype=np.int64)
    n = int(data.sum())
    if n == 0:
        return Interval(None, None, None, 0, "bootstrap")
    estimate = float(statistic(data[np.newaxis, :].astype(float))[0])
    rng = np.random.default_rng(seed)
    replicates = statistic(rng.multinomial(n, data / n, size=n_resamples).astype(float))
    return _percentile_interval(estimate, replicates, n, confidence)


@dataclass(slots=True)
class TestResult:
    """A hypothesis test: statistic, p-value, and the counts it was computed from."""
    test: str
    statistic: float | None
    p_value: float | None
    n: int
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def binomial_test(successes: int, n: int, p: float = 0.5) -> TestResult:
    """Exact two-sided binomial test (e.g. over-polite vs under-polite errors, p = 0.5)."""
    from scipy.stats import binomtest
    if n == 0:
        return TestResult("binomial", None, None, 0, {"successes": 0, "p0": p})
    result = binomtest(successes, n, p, alternative="two-sided")
    return TestResult("binomial", successes / n, float(result.pvalue), n,
                      {"successes": successes, "p0": p})


def mcnemar_test(only_first: int, only_second: int) -> TestResult:
    """McNemar's test on the discordant pairs of a paired binary comparison.

    ``only_first`` (b) = units model A got right and B wrong, ``only_second``
    (c) = the reverse. The p-value is the exact binomial one (recommended for
    b + c < 25 and correct for any size); the continuity-corrected χ² is in
    ``details``.

    >>> round(mcnemar_test(3, 9).p_value, 4)
    0.146
    """
    from scipy.stats import binomtest, chi2
    discordant = only_first + only_second
    details: dict[str, Any] = {"b": only_first, "c": only_second}
    if discordant == 0:
        return TestResult("mcnemar-exact", None, 1.0, 0, details)
    exact = binomtest(only_first, discordant, 0.5, alternative="two-sided").pvalue
    corrected = (abs(only_first - only_second) - 1) ** 2 / discordant
    details["chi2_corrected"] = corrected
    details["chi2_corrected_p"] = float(chi2.sf(corrected, 1))
    return TestResult("mcnemar-exact", float(corrected), float(min(1.0, exact)), discordant, details)


def paired_bootstrap(first: Sequence[float], second: Sequence[float], *,
                     n_resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED) -> Interval:
    """Bootstrap CI of mean(first − second) over paired units (resampling units)."""
    a = np.asarray(first, dtype=float)
    b = np.asarray(second, dtype=float)
    if a.shape != b.shape:
        raise ValueError("paired samples must have the same length")
    result = bootstrap_interval(a - b, np.mean, n_resamples=n_resamples, seed=seed)
    result.method = "paired-bootstrap"
    return result


@dataclass(slots=True)
class ChiSquareResult:
    """Pearson χ² test of independence with adjusted standardized residuals.

    ``residuals[i][j]`` is (O − E) / sqrt(E·(1 − row_i/N)·(1 − col_j/N)), which
    is approximately standard normal under independence: |r| > 1.96 marks a
    cell that departs from independence at the 5% level (Agresti 2007, 2.4.5).
    """
    statistic: float | None
    dof: int
    p_value: float | None
    n: int
    observed: list[list[int]]
    expected: list[list[float]]
    residuals: list[list[float]]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def chi_square_test(table: Sequence[Sequence[int]]) -> ChiSquareResult:
    """Pearson χ² (no continuity correction) for an r × c table of counts.

    Rows or columns that are all zero are dropped (they carry no information
    and would make expected counts zero).
    """
    from scipy.stats import chi2_contingency
    observed = np.asarray(table, dtype=float)
    n = int(observed.sum())
    keep_rows = observed.sum(axis=1) > 0
    keep_cols = observed.sum(axis=0) > 0
    reduced = observed[keep_rows][:, keep_cols]
    if reduced.shape[0] < 2 or reduced.shape[1] < 2:
        return ChiSquareResult(None, 0, None, n, observed.astype(int).tolist(), [], [])
    statistic, p_value, dof, expected = chi2_contingency(reduced, correction=False)
    row_share = reduced.sum(axis=1, keepdims=True) / n
    col_share = reduced.sum(axis=0, keepdims=True) / n
    residuals = (reduced - expected) / np.sqrt(expected * (1 - row_share) * (1 - col_share))
    # Put the residuals and expectations back in the full table's shape (NaN for dropped cells).
    full_expected = np.full(observed.shape, np.nan)
    full_residuals = np.full(observed.shape, np.nan)
    full_expected[np.ix_(keep_rows, keep_cols)] = expected
    full_residuals[np.ix_(keep_rows, keep_cols)] = residuals
    return ChiSquareResult(float(statistic), int(dof), float(p_value), n,
                           observed.astype(int).tolist(), _nan_to_none(full_expected),
                           _nan_to_none(full_residuals))


def _nan_to_none(array: np.ndarray) -> list[list[float | None]]:
    return [[None if math.isnan(x) else float(x) for x in row] for row in array]


def entropy_bits(counts: Sequence[float]) -> float:
    """Shannon entropy in bits of a count vector (0 for a single category).

    Over the three tiers the maximum is log2(3) ≈ 1.585 bits.

    >>> entropy_bits([5, 5])
    1.0
    """
    values = np.asarray(counts, dtype=float)
    total = values.sum()
    if total <= 0:
        return 0.0
    shares = values[values > 0] / total
    return float(-(shares * np.log2(shares)).sum()) + 0.0


def entropy_interval(labels: Sequence[str], categories: Sequence[str], *,
                     n_resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED) -> Interval:
    """Tier entropy (bits) of ``labels`` with a bootstrap CI over the labels (resampled as counts)."""
    index = {category: i for i, category in enumerate(categories)}
    counts = np.zeros(len(categories), dtype=np.int64)
    for label in labels:
        if label in index:
            counts[index[label]] += 1
    return bootstrap_counts(counts, _entropy_rows, n_resamples=n_resamples, seed=seed)


def _entropy_rows(rows: np.ndarray) -> np.ndarray:
    """Shannon entropy in bits of each row of counts (0 · log 0 = 0)."""
    shares = rows / rows.sum(axis=1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(shares > 0, shares * np.log2(np.where(shares > 0, shares, 1.0)), 0.0)
    return np.abs(-terms.sum(axis=1))


@dataclass(slots=True)
class Correlation:
    """Pearson and Spearman correlation of two paired samples."""
    n: int
    pearson_r: float | None
    pearson_p: float | None
    spearman_rho: float | None
    spearman_p: float | None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def correlation(x: Sequence[float], y: Sequence[float]) -> Correlation:
    """Pearson r and Spearman ρ with p-values (None when n < 3 or a sample is constant)."""
    from scipy.stats import pearsonr, spearmanr
    a = np.asarray(x, dtype=float)
    b = np.asarray(y, dtype=float)
    n = len(a)
    if n < 3 or np.ptp(a) == 0 or np.ptp(b) == 0:
        return Correlation(n, None, None, None, None)
    pearson = pearsonr(a, b)
    spearman = spearmanr(a, b)
    return Correlation(n, float(pearson.statistic), float(pearson.pvalue),
                       float(spearman.statistic), float(spearman.pvalue))


def holm_adjust(p_values: Sequence[float | None]) -> list[float | None]:
    """Holm–Bonferroni adjusted p-values (family-wise error control), None kept as None.

    >>> holm_adjust([0.01, 0.04, 0.03])
    [0.03, 0.06, 0.06]
    """
    indexed = [(p, i) for i, p in enumerate(p_values) if p is not None]
    m = len(indexed)
    adjusted: list[float | None] = [None] * len(p_values)
    running = 0.0
    for rank, (p, i) in enumerate(sorted(indexed)):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[i] = round(running, 12)
    return adjusted
