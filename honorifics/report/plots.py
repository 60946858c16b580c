"""Plots for the report, as inline ``data:image/png;base64`` URIs.

matplotlib is imported lazily; :func:`matplotlib_available` lets the report
say in one line that plots are missing. Matplotlib cannot shape Devanagari or
Bengali (vowel signs and conjuncts come out wrong), so plot text is kept to
canonical tier names, English scenario variables and group labels; a label
with any character outside Latin is replaced by ``G1``, ``G2`` … and the
report prints the legend in HTML, where the browser shapes the script.
"""
from __future__ import annotations

import base64
import io
from typing import Any, Sequence

from ..tiers import OUTCOMES, TIERS

#: Colours per outcome, the same as the report's CSS badges.
TIER_COLOURS = {"intimate": "#d95f02", "familiar": "#1b9e77", "formal": "#7570b3",
                "mixed": "#e7298a", "none": "#999999"}
_LATIN_LIMIT = 0x024F
#: Punctuation, arrows (→ ↔ in scenario relations) and math symbols: DejaVu Sans draws them.
_SYMBOLS = (0x2000, 0x22FF)


def matplotlib_available() -> bool:
    """Whether matplotlib can be imported (the report shows tables only otherwise)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def plot_safe_label(label: str, index: int) -> str:
    """``label`` when matplotlib can draw it correctly, else ``G{index + 1}``.

    >>> plot_safe_label("male→female", 0), plot_safe_label("speaker=रोहित", 1)
    ('male→female', 'G2')
    """
    drawable = all(ord(ch) <= _LATIN_LIMIT or _SYMBOLS[0] <= ord(ch) <= _SYMBOLS[1] for ch in label)
    return label if drawable else f"G{index + 1}"


def _pyplot():
    import matplotlib
    matplotlib.use("Agg")  # no display: render to memory only
    import matplotlib.pyplot as plt
    plt.rcParams.update({"font.size": 9, "axes.spines.top": False, "axes.spines.right": False,
                         "svg.hashsalt": "honorifics", "font.family": "DejaVu Sans"})
    return plt


def _to_data_uri(figure) -> str:
    plt = _pyplot()
    buffer = io.BytesIO()
    # No timestamp in the PNG metadata: same input, same bytes.
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight", metadata={"Software": None})
    plt.close(figure)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def confusion_heatmaps(blocks: Sequence[tuple[str, dict[str, Any]]]) -> str:
    """Expected primary (rows) × produced tier (columns) heatmap per group."""
    plt = _pyplot()
    count = len(blocks)
    columns = min(count, 3)
    rows = (count + columns - 1) // columns
    figure, axes = plt.subplots(rows, columns, figsize=(4.2 * columns, 3.2 * rows), squeeze=False)
    for axis in axes.flat[count:]:
        axis.set_visible(False)
    for axis, (label, block) in zip(axes.flat, blocks):
        counts = block["confusion"]["counts"]
        axis.imshow(counts, cmap="Blues", aspect="auto")
        peak = max((max(row) for row in counts), default=0)
        for i, row in enumerate(counts):
            for j, value in enumerate(row):
                axis.text(j, i, str(value), ha="center", va="center",
                          color="white" if peak and value > peak / 2 else "black")
        axis.set_xticks(range(len(OUTCOMES)), OUTCOMES, rotation=30)
        axis.set_yticks(range(len(TIERS)), TIERS)
        axis.set_xlabel("produced")
        axis.set_ylabel("expected (primary)")
        axis.set_title(label)
    figure.tight_layout()
    return _to_data_uri(figure)


def tier_distribution(blocks: Sequence[tuple[str, dict[str, Any]]]) -> str:
    """Stacked horizontal bars: share of each produced tier per group."""
    plt = _pyplot()
    figure, axis = plt.subplots(figsize=(8, 0.5 * len(blocks) + 1.2))
    labels = [label for label, _ in blocks]
    left = [0.0] * len(blocks)
    for outcome in OUTCOMES:
        shares = [block["tier_distribution"]["shares"][outcome] or 0.0 for _, block in blocks]
        axis.barh(labels, shares, left=left, color=TIER_COLOURS[outcome], label=outcome)
        left = [a + b for a, b in zip(left, shares)]
    axis.set_xlim(0, 1)
    axis.invert_yaxis()
    axis.set_xlabel("share of speakers")
    axis.legend(ncol=5, loc="upper center", bbox_to_anchor=(0.5, -0.25), frameon=False)
    return _to_data_uri(figure)


def politeness_bars(blocks: Sequence[tuple[str, dict[str, Any]]]) -> str:
    """Diverging bars: under-polite share to the left, over-polite share to the right."""
    plt = _pyplot()
    figure, axis = plt.subplots(figsize=(7, 0.5 * len(blocks) + 1.2))
    labels = [label for label, _ in blocks]
    under = [-(block["politeness"]["under_polite"]["estimate"] or 0.0) for _, block in blocks]
    over = [block["politeness"]["over_polite"]["estimate"] or 0.0 for _, block in blocks]
    axis.barh(labels, under, color=TIER_COLOURS["intimate"], label="under-polite")
    axis.barh(labels, over, color=TIER_COLOURS["formal"], label="over-polite")
    axis.axvline(0, color="black", linewidth=0.8)
    limit = max([abs(v) for v in under + over] + [0.05]) * 1.15
    axis.set_xlim(-limit, limit)
    axis.invert_yaxis()
    axis.set_xlabel("share of speakers with expectations (← under-polite | over-polite →)")
    axis.legend(frameon=False, loc="lower right")
    return _to_data_uri(figure)


def rate_bars(blocks: Sequence[tuple[str, dict[str, Any]]], metrics: Sequence[tuple[str, Sequence[str]]],
              title: str) -> str:
    """Grouped bars with Wilson intervals for several proportions per group."""
    plt = _pyplot()
    figure, axis = plt.subplots(figsize=(max(5, 1.3 * len(blocks) * len(metrics) / 2 + 3), 3.2))
    width = 0.8 / len(metrics)
    palette = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a"]
    for m, (name, path) in enumerate(metrics):
        values, lows, highs = [], [], []
        for _, block in blocks:
            figure_ = block
            for part in path:
                figure_ = figure_[part]
            estimate = figure_["estimate"]
            values.append(estimate or 0.0)
            # Clamp: float rounding can make a bound cross the estimate by 1e-16.
            lows.append(max(0.0, estimate - figure_["low"]) if estimate is not None else 0.0)
            highs.append(max(0.0, figure_["high"] - estimate) if estimate is not None else 0.0)
        positions = [i + m * width for i in range(len(blocks))]
        axis.bar(positions, values, width, yerr=[lows, highs], capsize=3, label=name,
                 color=palette[m % len(palette)])
    axis.set_xticks([i + width * (len(metrics) - 1) / 2 for i in range(len(blocks))],
                    [label for label, _ in blocks], rotation=20, ha="right")
    axis.set_ylim(0, 1.05)
    axis.set_ylabel("proportion (95% Wilson CI)")
    axis.set_title(title)
    axis.legend(frameon=False, fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return _to_data_uri(figure)


def temperature_lines(cells: Sequence[dict[str, Any]], labels: dict[str, str]) -> str:
    """Accuracy against temperature, one line per model, with Wilson intervals."""
    plt = _pyplot()
    figure, axis = plt.subplots(figsize=(6, 3.4))
    for model in sorted({c["model"] for c in cells}):
        points = sorted((c for c in cells if c["model"] == model and c["estimate"] is not None),
                        key=lambda c: c["temperature"])
        if not points:
            continue
        xs = [p["temperature"] for p in points]
        ys = [p["estimate"] for p in points]
        errors = [[max(0.0, y - p["low"]) for y, p in zip(ys, points)],
                  [max(0.0, p["high"] - y) for y, p in zip(ys, points)]]
        style = dict(linestyle="--", color="black") if model == "(all models)" else {}
        axis.errorbar(xs, ys, yerr=errors, marker="o", capsize=3, label=labels.get(model, model), **style)
    axis.set_xlabel("temperature")
    axis.set_ylabel("accuracy")
    axis.set_ylim(0, 1.05)
    axis.legend(frameon=False, fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return _to_data_uri(figure)


def variable_residuals(effects: dict[str, Any]) -> str:
    """Error rate per level of each scenario variable, bars coloured by residual sign."""
    plt = _pyplot()
    tested = [(name, effect) for name, effect in effects.items() if effect["levels"]]
    columns = min(3, len(tested))
    rows = (len(tested) + columns - 1) // columns
    figure, axes = plt.subplots(rows, columns, figsize=(4 * columns, 2.8 * rows), squeeze=False)
    for axis in axes.flat[len(tested):]:
        axis.set_visible(False)
    for axis, (name, effect) in zip(axes.flat, tested):
        levels = effect["levels"]
        labels = [plot_safe_label(level["level"], i) for i, level in enumerate(levels)]
        rates = [level["error_rate"] or 0.0 for level in levels]
        colours = ["#d95f02" if (level["residual_error"] or 0) > 1.96 else
                   "#1b9e77" if (level["residual_error"] or 0) < -1.96 else "#999999" for level in levels]
        axis.bar(labels, rates, color=colours)
        p = effect["p_value"]
        axis.set_title(f"{name}" + (f" (p={p:.3g})" if p is not None else " (no test)"))
        axis.set_ylim(0, 1.05)
        axis.set_ylabel("error rate")
        axis.tick_params(axis="x", rotation=25)
    figure.tight_layout()
    return _to_data_uri(figure)
