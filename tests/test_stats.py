"""Statistics against values computed by hand (formulas written out in each test)."""
import math

import numpy as np
import pytest

from honorifics import stats


def test_wilson_interval_for_8_of_10_matches_the_formula():
    z, n, p = 1.959963984540054, 10, 0.8
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    result = stats.wilson_interval(8, 10)
    assert result.estimate == pytest.approx(0.8)
    assert result.low == pytest.approx(centre - half) == pytest.approx(0.4902, abs=1e-4)
    assert result.high == pytest.approx(centre + half) == pytest.approx(0.9433, abs=1e-4)


def test_wilson_interval_edges_stay_in_unit_range_and_empty_has_no_estimate():
    assert stats.wilson_interval(0, 5).low == 0.0
    assert stats.wilson_interval(5, 5).high == 1.0
    assert stats.wilson_interval(5, 5).low < 1.0
    empty = stats.wilson_interval(0, 0)
    assert empty.estimate is None and empty.n == 0
    with pytest.raises(ValueError):
        stats.wilson_interval(6, 5)


def test_mcnemar_b3_c9_exact_and_corrected_chi_square():
    result = stats.mcnemar_test(3, 9)
    # Exact: 2 * P(X <= 3), X ~ Bin(12, 1/2) = 2 * (1 + 12 + 66 + 220) / 4096.
    assert result.p_value == pytest.approx(2 * 299 / 4096)
    # Continuity-corrected statistic (|b - c| - 1)^2 / (b + c) = 25 / 12.
    assert result.details["chi2_corrected"] == pytest.approx(25 / 12)
    assert result.details["chi2_corrected_p"] == pytest.approx(0.14891, abs=1e-4)
    assert result.n == 12


def test_binomial_test_one_of_three_and_zero_of_ten():
    assert stats.binomial_test(1, 3).p_value == pytest.approx(1.0)
    # Two-sided: 2 * 0.5^10.
    assert stats.binomial_test(0, 10).p_value == pytest.approx(2 / 1024)


def test_bootstrap_is_deterministic_for_a_seed_and_changes_with_it():
    values = [0, 1, 1, 0, 1, 1, 1, 0, 1, 1]
    first = stats.bootstrap_interval(values, n_resamples=500, seed=7)
    again = stats.bootstrap_interval(values, n_resamples=500, seed=7)
    other = stats.bootstrap_interval(values, n_resamples=500, seed=8)
    assert first == again
    assert first.estimate == pytest.approx(0.7)
    assert first.low < 0.7 < first.high
    continuous = [x * x % 17 for x in range(40)]
    seeded = [stats.bootstrap_interval(continuous, n_resamples=300, seed=s) for s in (1, 1, 2)]
    assert seeded[0] == seeded[1]
    assert (seeded[0].low, seeded[0].high) != (seeded[2].low, seeded[2].high)


def test_paired_bootstrap_of_identical_samples_is_exactly_zero():
    result = stats.paired_bootstrap([1, 0, 1, 1], [1, 0, 1, 1], n_resamples=100, seed=1)
    assert (result.estimate, result.low, result.high) == (0.0, 0.0, 0.0)
    shifted = stats.paired_bootstrap([1, 1, 1, 1], [0, 1, 0, 1], n_resamples=100, seed=1)
    assert shifted.estimate == pytest.approx(0.5)
    with pytest.raises(ValueError):
        stats.paired_bootstrap([1, 0], [1])


def test_chi_square_2x2_and_adjusted_residuals_by_hand():
    table = [[10, 20], [30, 40]]
    # Expected counts: row totals 30, 70; column totals 40, 60; N = 100.
    expected = [[12, 18], [28, 42]]
    chi2 = sum((table[i][j] - expected[i][j]) ** 2 / expected[i][j] for i in range(2) for j in range(2))
    result = stats.chi_square_test(table)
    assert result.statistic == pytest.approx(chi2)  # = 0.7937...
    assert result.dof == 1
    # Adjusted residual of cell (0,0): (10 - 12) / sqrt(12 * 0.7 * 0.6).
    assert result.residuals[0][0] == pytest.approx(-2 / math.sqrt(12 * 0.7 * 0.6))
    # In a 2x2 table all four adjusted residuals have the same magnitude.
    assert abs(result.residuals[1][1]) == pytest.approx(abs(result.residuals[0][0]))


def test_chi_square_drops_empty_rows_and_refuses_a_single_level():
    assert stats.chi_square_test([[3, 4], [0, 0], [2, 8]]).dof == 1
    assert stats.chi_square_test([[3, 4]]).statistic is None


def test_entropy_in_bits():
    assert stats.entropy_bits([5, 5]) == pytest.approx(1.0)
    assert stats.entropy_bits([3, 3, 3]) == pytest.approx(math.log2(3))
    assert stats.entropy_bits([7, 0, 0]) == 0.0
    interval = stats.entropy_interval(["formal", "familiar"] * 5, ["intimate", "familiar", "formal"],
                                      n_resamples=200, seed=0)
    assert interval.estimate == pytest.approx(1.0) and interval.n == 10


def test_correlation_pearson_and_spearman():
    result = stats.correlation([1, 2, 3, 4], [2, 4, 6, 9])
    assert result.spearman_rho == pytest.approx(1.0)
    assert 0.98 < result.pearson_r < 1.0
    assert stats.correlation([1, 2], [3, 4]).pearson_r is None


def test_holm_adjustment():
    # Sorted 0.01, 0.03, 0.04 → 3*0.01, max(0.03, 2*0.03), max(0.06, 0.04).
    assert stats.holm_adjust([0.01, 0.04, 0.03, None]) == [0.03, 0.06, 0.06, None]


def test_bootstrap_over_counts_matches_the_bootstrap_over_units_and_is_seeded():
    """Resampling units is resampling multinomial counts: the two intervals agree (up to
    Monte Carlo error), and the counts one takes no time at any n."""
    units = np.array([1.0] * 300 + [0.0] * 700)
    by_units = stats.bootstrap_interval(units, np.mean, n_resamples=4000, seed=1)
    by_counts = stats.bootstrap_counts([300, 700], lambda rows: rows[:, 0] / rows.sum(axis=1),
                                       n_resamples=4000, seed=1)
    assert by_counts.estimate == pytest.approx(0.3) and by_counts.n == 1000
    assert by_counts.low == pytest.approx(by_units.low, abs=0.006)
    assert by_counts.high == pytest.approx(by_units.high, abs=0.006)
    again = stats.bootstrap_counts([300, 700], lambda rows: rows[:, 0] / rows.sum(axis=1), n_resamples=4000, seed=1)
    assert (again.low, again.high) == (by_counts.low, by_counts.high)
    assert stats.bootstrap_counts([0, 0], lambda rows: rows[:, 0]).estimate is None
    constant = stats.entropy_interval(["formal"] * 50, ["intimate", "familiar", "formal"])
    assert (constant.estimate, constant.low, constant.high) == (0.0, 0.0, 0.0)
