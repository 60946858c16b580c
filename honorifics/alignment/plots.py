"""Plots for alignment scores and odds ratios (matplotlib, imported lazily).

matplotlib does not shape Devanagari or Bengali (vowel signs and conjuncts
come out wrong), so Indic words are labelled with a plain romanization in
brackets; the words themselves are in the CSV and JSON beside the plot.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from .text import plot_label

if TYPE_CHECKING:
    from .gas import AlignmentResult
    from .odds import OddsRun


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def plot_alignment(result: "AlignmentResult", path: str | Path) -> Path:
    """GAS mean ± sd per group (left) and the inter-group correlation matrix (right)."""
    plt = _pyplot()
    groups = result.groups
    with_matrix = len(groups) >= 2 and bool(result.correlations)
    figure, axes = plt.subplots(1, 2 if with_matrix else 1,
                                figsize=(11 if with_matrix else 6, max(3.0, 0.4 * len(groups) + 1.5)))
    axes = np.atleast_1d(axes)
    labels = [plot_label(group.group) for group in groups]
    means = [group.gas_mean if group.gas_mean is not None else np.nan for group in groups]
    errors = [group.gas_sd or 0.0 for group in groups]
    positions = np.arange(len(groups))
    axes[0].barh(positions, means, xerr=errors, color="#4c72b0", capsize=3)
    for position, group in zip(positions, groups):
        if group.gas_mean is None:
            axes[0].text(0.01, position, "no entailment/contradiction pairs", va="center", fontsize=8)
    axes[0].set_yticks(positions, labels)
    axes[0].invert_yaxis()
    axes[0].set_xlim(0, 1)
    axes[0].set_xlabel("GAS = entail / (entail + contradict), mean ± sd over runs")
    settings = result.settings
    axes[0].set_title(f"similarity > {settings.similarity_threshold}, NLI > {settings.nli_threshold}")
    if with_matrix:
        _correlation_heatmap(axes[1], result)
    figure.tight_layout()
    path = Path(path)
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path


def _correlation_heatmap(axis, result: "AlignmentResult") -> None:
    names = [group.group for group in result.groups]
    index = {name: i for i, name in enumerate(names)}
    matrix = np.full((len(names), len(names)), np.nan)
    for cell in result.correlations:
        if cell.value is not None:
            matrix[index[cell.a], index[cell.b]] = matrix[index[cell.b], index[cell.a]] = cell.value
    image = axis.imshow(matrix, cmap="RdBu", vmin=-1, vmax=1)
    labels = [plot_label(name) for name in names]
    axis.set_xticks(range(len(names)), labels, rotation=45, ha="right")
    axis.set_yticks(range(len(names)), labels)
    axis.set_title("inter-group correlation (similarity × NLI sign)")
    axis.figure.colorbar(image, ax=axis, fraction=0.046)


def plot_forest(run: "OddsRun", path: str | Path) -> Path:
    """Forest plot: log odds ratio with 95% CI for the top words of each group."""
    plt = _pyplot()
    rows = list(run.top_a) + list(reversed(run.top_b))
    figure, axis = plt.subplots(figsize=(7, max(2.5, 0.3 * len(rows) + 1.5)))
    if rows:
        positions = np.arange(len(rows))
        estimates = np.array([row.log_odds_ratio for row in rows])
        low = estimates - np.array([row.ci_low for row in rows])
        high = np.array([row.ci_high for row in rows]) - estimates
        colours = ["#c44e52" if row.z > 0 else "#4c72b0" for row in rows]
        axis.errorbar(estimates, positions, xerr=[low, high], fmt="none", ecolor="grey", capsize=2)
        axis.scatter(estimates, positions, c=colours, zorder=3)
        axis.set_yticks(positions, [f"{plot_label(row.word)} ({row.count_a}:{row.count_b})"
                                    for row in rows])
        axis.invert_yaxis()
    else:
        axis.text(0.5, 0.5, "no word reaches --min-count", ha="center", transform=axis.transAxes)
    axis.axvline(0, color="black", linewidth=0.8)
    axis.set_xlabel(f"log odds ratio, 95% CI  (> 0: {plot_label(run.group_a)}, "
                    f"< 0: {plot_label(run.group_b)})")
    axis.set_title(f"top {run.settings.top_k} words per group by weighted log-odds z")
    figure.tight_layout()
    path = Path(path)
    figure.savefig(path, dpi=120)
    plt.close(figure)
    return path
