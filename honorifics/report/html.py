"""One self-contained ``report.html``: figures with CIs, plots, and every dialogue.

Everything is inline (CSS, PNG plots as base64, a small filter script); the
file opens offline and can be mailed to a co-author, and its Content Security
Policy forbids loading anything else. All generated text — dialogue, speaker
names, ids, model names — is untrusted and goes through :func:`html.escape`.
Indic script appears only in HTML (the browser shapes it), never inside plot
images.

The dialogues are in a stable order (scenario, then model). When there are more
than ``max_dialogues``, the report embeds a sample stratified by language ×
task × model (every stratum gets its share, small ones whole) and says what it
shows; the filters offer every value present in the data, with how many of its
dialogues are shown.
"""
from __future__ import annotations

import html
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from ..metrics import HEADLINE, METRIC_DEFINITIONS, compute_metrics
from ..results import SpeakerRow, field_value, ok_records, record_speaker_rows
from ..summary import is_refused
from ..tiers import OUTCOMES, TIERS

#: Dialogues embedded in the per-speaker view (the tables always use every record).
DEFAULT_MAX_DIALOGUES = 1000
#: Dialogues per page of the per-speaker view (the page size can be changed in the report).
PAGE_SIZE = 50
#: The strata of the dialogue sample.
STRATA = ("language", "task", "model")

#: Nothing is loaded from outside the file: inline style and script, images as data: URIs.
CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

FONT_STACK = ("'Noto Sans', 'Noto Sans Devanagari', 'Noto Sans Bengali', 'Nirmala UI', "
              "'Kohinoor Devanagari', 'Kohinoor Bangla', system-ui, sans-serif")

STYLE = """
body { font-family: %(fonts)s; margin: 0 auto; max-width: 1250px; padding: 1em 2em; color: #222; line-height: 1.45; }
h1 { margin-bottom: .2em; } h2 { border-bottom: 2px solid #ddd; padding-bottom: .2em; margin-top: 2em; }
nav a { margin-right: 1em; } .muted { color: #666; font-size: .9em; }
table { border-collapse: collapse; margin: .6em 0 1em; font-size: .9em; }
th, td { border: 1px solid #ddd; padding: .25em .5em; text-align: left; vertical-align: top; }
th { background: #f4f4f4; } td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.scroll { overflow-x: auto; } img.plot { max-width: 100%%; display: block; margin: .5em 0 1em; }
.badge { display: inline-block; padding: 0 .45em; border-radius: .6em; font-size: .8em; color: #fff; background: #999; }
.tier-intimate { background: #d95f02; } .tier-familiar { background: #1b9e77; } .tier-formal { background: #7570b3; }
.tier-mixed { background: #e7298a; } .tier-none { background: #999; }
mark.ev { color: inherit; border-radius: .2em; padding: 0 .1em; }
mark.ev.tier-intimate { background: #fdd0a2; } mark.ev.tier-familiar { background: #c7e9c0; }
mark.ev.tier-formal { background: #dadaeb; } mark.ev.agr-bad { outline: 2px solid #c00; }
article.dialogue { border: 1px solid #ddd; border-radius: .4em; padding: .6em 1em; margin: .8em 0; }
article.dialogue h3 { margin: .1em 0 .4em; font-size: 1em; }
.turn { margin: .25em 0; } .turn .who { font-weight: 600; } .turn.kind-narration, .turn.kind-note { color: #666; font-style: italic; }
.turn.kind-refusal { color: #a00; } .ok { color: #1a7f37; } .wrong { color: #c00; }
.filters { position: sticky; top: 0; background: #fff; padding: .5em 0; border-bottom: 1px solid #eee; z-index: 1; }
.filters label { margin-right: 1em; white-space: nowrap; } .filters input[type=search] { width: 12em; }
.pager { margin: .4em 0; } .pager button { margin-right: .4em; }
.warning { background: #fff4e5; border-left: 4px solid #e67700; padding: .4em .8em; }
.silent { color: #888; } footer { margin-top: 3em; border-top: 1px solid #ddd; font-size: .85em; color: #555; }
""" % {"fonts": FONT_STACK}

SCRIPT = """
(function () {
  var cards = Array.prototype.slice.call(document.querySelectorAll('article.dialogue'));
  var page = 0;
  var value = function (id) { var el = document.getElementById(id); return el ? el.value : ''; };
  var lower = function (text) { return (text || '').toLocaleLowerCase(); };
  var texts = null;
  function speakerMatches(row, who, produced, expected, correct) {
    var d = row.dataset;
    return (!who || lower(d.speaker).indexOf(who) >= 0)
      && (!produced || d.tier === produced)
      && (!expected || d.expected.split(' ').indexOf(expected) >= 0)
      && (!correct || d.correct === correct);
  }
  function matches(card, f) {
    var d = card.dataset;
    if ((f.language && d.language !== f.language) || (f.task && d.task !== f.task)
        || (f.model && d.model !== f.model)) { return false; }
    if (f.scenario && lower(d.scenario).indexOf(f.scenario) < 0) { return false; }
    if (f.search) {
      if (texts === null) { texts = cards.map(function (c) { return lower(c.textContent); }); }
      if (texts[cards.indexOf(card)].indexOf(f.search) < 0) { return false; }
    }
    if (f.who || f.produced || f.expected || f.correct) {
      return Array.prototype.some.call(card.querySelectorAll('tr.speaker-row'), function (row) {
        return speakerMatches(row, f.who, f.produced, f.expected, f.correct);
      });
    }
    return true;
  }
  function applyFilters(keepPage) {
    var f = {language: value('f-language'), task: value('f-task'), model: value('f-model'),
             scenario: lower(value('f-scenario').trim()), who: lower(value('f-speaker').trim()),
             produced: value('f-tier'), expected: value('f-expected'), correct: value('f-correct'),
             search: lower(value('f-search').trim())};
    var size = parseInt(value('f-page-size'), 10) || cards.length || 1;
    var matching = cards.filter(function (card) { return matches(card, f); });
    var pages = Math.max(1, Math.ceil(matching.length / size));
    if (!keepPage) { page = 0; }
    page = Math.min(page, pages - 1);
    cards.forEach(function (card) { card.hidden = true; });
    matching.slice(page * size, (page + 1) * size).forEach(function (card) { card.hidden = false; });
    document.getElementById('f-count').textContent = String(matching.length);
    document.getElementById('f-visible').textContent = String(Math.min(size, matching.length - page * size));
    document.getElementById('f-page').textContent = String(page + 1);
    document.getElementById('f-pages').textContent = String(pages);
    document.getElementById('f-prev').disabled = page === 0;
    document.getElementById('f-next').disabled = page >= pages - 1;
  }
  window.applyFilters = applyFilters;
  document.querySelectorAll('.filters select').forEach(function (el) {
    el.addEventListener('change', function () { applyFilters(false); });
  });
  document.querySelectorAll('.filters input').forEach(function (el) {
    el.addEventListener('input', function () { applyFilters(false); });
  });
  document.getElementById('f-prev').addEventListener('click', function () { page -= 1; applyFilters(true); });
  document.getElementById('f-next').addEventListener('click', function () { page += 1; applyFilters(true); });
  document.getElementById('f-reset').addEventListener('click', function () {
    document.querySelectorAll('.filters select, .filters input').forEach(function (el) {
      el.value = el.id === 'f-page-size' ? el.dataset.default : '';
    });
    applyFilters(false);
  });
  applyFilters(false);
})();
"""

FONT_NOTE = ("Indic text is shown in HTML with the font stack Noto Sans Devanagari / Noto Sans Bengali "
             "(Debian/Ubuntu package fonts-noto-core; any installed Devanagari/Bengali font works as fallback). "
             "Plots contain no Indic script: matplotlib cannot shape Devanagari or Bengali conjuncts and vowel "
             "signs, so plots use canonical tier names, English variable names and model names "
             "(labels with other scripts become G1, G2 … with a legend below each plot).")


def e(value: Any) -> str:
    """HTML-escape anything (None becomes an em dash)."""
    return "—" if value is None else html.escape(str(value), quote=True)


# ---------------------------------------------------------------- formatting figures

def format_proportion(figure: dict[str, Any]) -> str:
    """``68.4% [46.0–84.6] n=19`` (a dash when n = 0)."""
    if not figure or figure.get("estimate") is None:
        return f"— <span class=muted>n={e((figure or {}).get('n', 0))}</span>"
    return (f"{100 * figure['estimate']:.1f}% [{100 * figure['low']:.1f}–{100 * figure['high']:.1f}] "
            f"<span class=muted>n={figure['n']}</span>")


def format_interval(figure: dict[str, Any], digits: int = 3, unit: str = "") -> str:
    """``−0.158 [−0.368, 0.054] n=19`` for bootstrap figures."""
    if not figure or figure.get("estimate") is None:
        return f"— <span class=muted>n={e((figure or {}).get('n', 0))}</span>"
    ci = (f" [{figure['low']:.{digits}f}, {figure['high']:.{digits}f}]"
          if figure.get("low") is not None else "")
    return f"{figure['estimate']:+.{digits}f}{unit}{ci} <span class=muted>n={figure['n']}</span>" \
        if figure["estimate"] < 0 or "bias" in unit else \
        f"{figure['estimate']:.{digits}f}{unit}{ci} <span class=muted>n={figure['n']}</span>"


def format_figure(name: str, figure: dict[str, Any]) -> str:
    if figure.get("method") == "wilson":
        return format_proportion(figure)
    return format_interval(figure, unit=" bits" if name == "tier_entropy" else "")


def format_p(value: float | None) -> str:
    return "—" if value is None else (f"{value:.3g}" if value >= 0.001 else "<0.001")


def _get(block: dict[str, Any], path: Sequence[str]) -> dict[str, Any]:
    for part in path:
        block = block[part]
    return block


def group_label(key: dict[str, Any]) -> str:
    return "all records" if not key else ", ".join(f"{k}={v}" for k, v in key.items())


# ---------------------------------------------------------------- sections

def _table(headers: Sequence[str], rows: Iterable[Sequence[str]], numeric_from: int = 1) -> str:
    """Rows are already-escaped HTML cells."""
    head = "".join(f"<th>{h}</th>" for h in headers)
    body = "".join("<tr>" + "".join(
        f"<td class=num>{cell}</td>" if i >= numeric_from else f"<td>{cell}</td>"
        for i, cell in enumerate(row)) + "</tr>" for row in rows)
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def _section(anchor: str, title: str, body: str) -> str:
    return f'<section id="{anchor}"><h2>{e(title)}</h2>{body}</section>'


def _plot(uri: str | None, alt: str) -> str:
    return f'<img class="plot" alt="{e(alt)}" src="{uri}">' if uri else ""


def _blocks(summary: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    return [({}, summary["overall"])] + [(g["key"], g["metrics"]) for g in summary["groups"]]


class _Plotter:
    """Calls a plot function when matplotlib is present; records the one-line reason otherwise."""

    def __init__(self) -> None:
        from .plots import matplotlib_available
        self.available = matplotlib_available()
        self.failures: list[str] = []

    def __call__(self, name: str, *args: Any) -> str | None:
        if not self.available:
            return None
        from . import plots
        try:
            return getattr(plots, name)(*args)
        except Exception as error:  # a broken plot must not lose the report
            self.failures.append(f"{name}: {error}")
            return None


def _plot_labels(blocks) -> tuple[list[tuple[str, dict]], str]:
    """Plot-safe labels for the groups, and an HTML legend for replaced ones."""
    from .plots import plot_safe_label
    labelled, legend = [], []
    for i, (key, block) in enumerate(blocks):
        label = group_label(key)
        safe = plot_safe_label(label, i)
        labelled.append((safe, block))
        if safe != label:
            legend.append(f"{e(safe)} = {e(label)}")
    return labelled, ("<p class=muted>Plot legend: " + "; ".join(legend) + "</p>") if legend else ""


def headline_section(blocks) -> str:
    headers = ["metric"] + [e(group_label(key)) for key, _ in blocks]
    rows = []
    for name, path in HEADLINE:
        rows.append([f'<abbr title="{e(METRIC_DEFINITIONS.get(name, ""))}">{e(name)}</abbr>']
                    + [format_figure(name, _get(block, path)) for _, block in blocks])
    counts = [["records / speakers"] + [f"{b['n_records']} / {b['n_speakers']} "
                                        f"<span class=muted>({b.get('n_speakers_speaking', b['n_speakers'])} speak, "
                                        f"{b['n_speakers_with_expectations']} judged, "
                                        f"{b.get('n_refused_records', 0)} records refused)</span>"
                                        for _, b in blocks]]
    note = ("<p class=muted>Proportions: estimate [95% Wilson CI] and n. Formality bias index and tier "
            "entropy: seeded bootstrap 95% CI. Hover a metric name for its definition. A refused record "
            "(wholly out of character) is its own outcome: its speakers are neither right nor wrong, and "
            "<b>refused</b>, beside accuracy, is their share of the speakers with expectations.</p>")
    return _section("headline", "Headline figures", note + _table(headers, counts + rows))


def format_refused(figure: dict[str, Any] | None) -> str:
    """``refused 5.0% (1/20)``: the refusal rate shown beside an accuracy."""
    if not figure or not figure.get("n"):
        return "<span class=muted>refused —</span>"
    return (f"<span class=muted>refused {100 * figure['estimate']:.1f}% "
            f"({figure['successes']}/{figure['n']})</span>")


def accuracy_section(blocks, plot, labelled, legend) -> str:
    tasks = sorted({t for _, b in blocks for t in b["accuracy_by_task"]})
    headers = (["group", "accuracy"] + [f"task {e(t)}" for t in tasks] + [f"expected {t}" for t in TIERS])
    rows = [[e(group_label(key)), format_proportion(b["accuracy"]) + "<br>" + format_refused(b.get("refused"))]
            + [format_proportion(b["accuracy_by_task"].get(t, {"n": 0})) + "<br>"
               + format_refused(b.get("refused_by_task", {}).get(t)) for t in tasks]
            + [format_proportion(b["accuracy_by_expected_tier"].get(t, {"n": 0})) + "<br>"
               + format_refused(b.get("refused_by_expected_tier", {}).get(t)) for t in TIERS]
            for key, b in blocks]
    note = ("<p class=muted>Each cell: accuracy over the speakers judged (records not refused), and below it "
            "the refusal rate over all speakers with expectations in that cell.</p>")
    parts = ["<h3>Accuracy by task and by expected tier</h3>", note, _table(headers, rows)]
    for key, b in blocks:
        matrix = b["confusion"]
        parts.append(f"<h3>Confusion: {e(group_label(key))}</h3>")
        parts.append(_table(["expected \\ produced"] + list(matrix["columns"]),
                            [[e(tier)] + [str(c) for c in row] for tier, row in zip(matrix["rows"], matrix["counts"])]))
    parts.insert(3, _plot(plot("confusion_heatmaps", labelled), "confusion heatmaps") + legend)
    return _section("accuracy", "Accuracy and confusion", "".join(parts))


def distribution_section(blocks, plot, labelled, legend) -> str:
    headers = ["group"] + list(OUTCOMES) + ["entropy (bits)", "formality bias index", "bias ratio"]
    rows = []
    for key, b in blocks:
        dist = b["tier_distribution"]
        shares = [f"{dist['counts'][t]} <span class=muted>({100 * (dist['shares'][t] or 0):.0f}%)</span>"
                  for t in OUTCOMES]
        bias = b["formality_bias"]
        ratio = "—" if bias["ratio"] is None else f"{bias['ratio']:.2f}"
        rows.append([e(group_label(key))] + shares + [format_interval(b["tier_entropy"], unit=" bits"),
                                                      format_interval(bias["index"]), ratio])
    left = [(b["tier_distribution"].get("left_out") or {}) for _, b in blocks[:1]]
    silent = left[0].get("silent_speakers", 0) if left else 0
    refused = left[0].get("speakers_of_refused_records", 0) if left else 0
    note = ("<p class=muted>The distribution counts the speakers who speak (turns &gt; 0) in records that are "
            f"not refused. Left out (all records): {silent} listed parties who never speak (such as the addressee "
            f"of a DCT prompt) and {refused} speakers of refused records. "
            "Formality bias index = share of formal among the produced tiers of speakers with "
            "expectations − share of formal among their expected primaries (> 0: more आप/আপনি than expected). "
            "Ratio = the two shares divided.</p>")
    return _section("distribution", "Tier distribution, entropy and formality bias",
                    note + _table(headers, rows) + _plot(plot("tier_distribution", labelled), "tier distribution") + legend)


def politeness_section(blocks, plot, labelled, legend) -> str:
    rows = [[e(group_label(key)), format_proportion(b["politeness"]["over_polite"]),
             format_proportion(b["politeness"]["under_polite"]),
             f"{b['politeness']['over_count']} vs {b['politeness']['under_count']}",
             format_p(b["politeness"]["test"]["p_value"])] for key, b in blocks]
    table = _table(["group", "over-polite", "under-polite", "over vs under", "binomial p (two-sided, p₀=0.5)"], rows)
    return _section("politeness", "Over- and under-politeness (intimate < familiar < formal)",
                    table + _plot(plot("politeness_bars", labelled), "over and under politeness") + legend)


def asymmetry_section(blocks, plot, labelled, legend) -> str:
    rows = [[e(group_label(key)), format_proportion(b["asymmetry"]["asymmetry_score"]),
             format_proportion(b["asymmetry"]["asymmetry_collapse"]),
             format_proportion(b["asymmetry"]["character_accuracy"]["more_deferent"]),
             format_proportion(b["asymmetry"]["character_accuracy"]["less_deferent"])] for key, b in blocks]
    table = _table(["group", "asymmetry score", "collapse rate", "accuracy: more deferent character",
                    "accuracy: less deferent character"], rows)
    chart = plot("rate_bars", labelled, [("asymmetry score", ("asymmetry", "asymmetry_score")),
                                         ("collapse", ("asymmetry", "asymmetry_collapse"))], "Role-play asymmetry")
    note = "<p class=muted>Role-play records whose two speakers have different expected primary tiers.</p>"
    return _section("asymmetry", "Role-play asymmetry", note + table + _plot(chart, "asymmetry") + legend)


def continuation_section(blocks) -> str:
    rows = [[e(group_label(key)), format_proportion(b["tier_maintenance"]),
             format_proportion(b["tier_adaptation"]), str(b["tier_adaptation"].get("unknown_before", 0))]
            for key, b in blocks]
    return _section("continuation", "Tier maintenance and adaptation",
                    _table(["group", "maintenance (continuation)", "adaptation (tier shift)",
                            "shift speakers without expected_before"], rows))


def behaviour_section(blocks, plot, labelled, legend) -> str:
    names = ["verb_agreement", "consistency", "switching_rate", "avoidance", "refusal", "refused_records"]
    rows = [[e(group_label(key))] + [format_proportion(b.get(n) or {"n": 0}) for n in names] for key, b in blocks]
    chart = plot("rate_bars", labelled, [("avoidance", ("avoidance",)), ("verb agreement", ("verb_agreement",)),
                                         ("refusal", ("refusal",))], "Avoidance, agreement and refusal")
    return _section("behaviour", "Agreement, consistency, switching, avoidance, refusal",
                    _table(["group"] + names, rows) + _plot(chart, "avoidance and agreement") + legend)


def comparison_section(summary, plot) -> str:
    parts = []
    comparisons = summary["model_comparisons"]
    if comparisons:
        rows, notes = [], []
        for c in comparisons:
            note = c["mcnemar"].get("note")
            if note:
                notes.append(note)
            why = ' <span class=muted>(no shared unit: no test)</span>' if note else ""
            rows.append([e(c["first"]), e(c["second"]), str(c["n_pairs"]),
                         "—" if c["accuracy_first"] is None else f"{100 * c['accuracy_first']:.1f}%",
                         "—" if c["accuracy_second"] is None else f"{100 * c['accuracy_second']:.1f}%",
                         format_refused(c.get("refused_first")), format_refused(c.get("refused_second")),
                         f"{c['mcnemar']['details']['b']} / {c['mcnemar']['details']['c']}",
                         format_p(c["mcnemar"]["p_value"]) + why, format_p(c["mcnemar"]["p_holm"]),
                         format_interval(c["difference"])])
        parts.append(_table(["model A", "model B", "shared units", "accuracy A", "accuracy B",
                             "refusal A", "refusal B", "only A right / only B right", "McNemar exact p",
                             "Holm p", "difference A − B [paired bootstrap CI]"], rows, numeric_from=2))
        parts.append("<p class=muted>Units are (scenario, speaker, temperature, run) that both models answered; "
                     "a refused unit is in neither model's pairs. A p-value of — means no test was run"
                     + (": " + "; ".join(e(n) for n in notes) if notes else "") + ".</p>")
    else:
        parts.append("<p>No pair of models shares scenario units (needs a <code>model</code> field and at "
                     "least two models).</p>")
    effect = summary["temperature_effect"]
    if effect:
        rows = [[e(c["model"]), f"{c['temperature']:g}", format_proportion(c),
                 f"{100 * (c.get('refusal_rate') or 0):.1f}% <span class=muted>({c.get('refused', 0)} refused)</span>"]
                for c in effect["cells"]]
        trends = [[e(t["model"]), "—" if t["spearman_rho"] is None else f"{t['spearman_rho']:+.3f}",
                   format_p(t["spearman_p"]), str(t["n"])] for t in effect["trends"]]
        models = {c["model"]: c["model"] for c in effect["cells"]}
        parts += ["<h3>Temperature effect</h3>", _table(["model", "temperature", "accuracy", "refused"], rows),
                  _table(["model", "Spearman ρ (temperature vs correct)", "p", "n"], trends),
                  _plot(plot("temperature_lines", effect["cells"], models), "temperature effect")]
    else:
        parts.append("<p>No numeric <code>temperature</code> field in the records: no temperature analysis.</p>")
    return _section("comparison", "Cross-model comparison and temperature", "".join(parts))


def variables_section(summary, plot) -> str:
    rows = []
    for name, effect in summary["variable_effects"].items():
        levels = "; ".join(f"{e(level['level'])}: {level['errors']}/{level['n']} errors"
                           + ("" if level["residual_error"] is None else f" (r={level['residual_error']:+.2f})")
                           for level in effect["levels"]) or "no data"
        rows.append([e(name), levels, "—" if effect["chi2"] is None else f"{effect['chi2']:.3f}",
                     str(effect["dof"]), format_p(effect["p_value"]), format_p(effect["p_holm"]), str(effect["n"])])
    note = ("<p class=muted>Pearson χ² of error vs each variable; r = adjusted standardized residual of the error "
            "cell (|r| > 1.96: this level departs from independence at 5%).</p>")
    tested = any(effect["levels"] for effect in summary["variable_effects"].values())
    chart = plot("variable_residuals", summary["variable_effects"]) if tested else None
    return _section("variables", "Scenario variable effects",
                    note + _table(["variable", "levels", "χ²", "dof", "p", "Holm p", "n"], rows, numeric_from=2)
                    + _plot(chart, "variable effects"))


def cloze_section(summary) -> str:
    cloze = summary.get("cloze_correlation")
    if not cloze:
        return _section("cloze", "Cloze–generation correlation",
                        "<p>Not computed: pass <code>--cloze cloze.csv</code> (columns model,cloze_accuracy).</p>")
    rows = [[e(m["model"]), f"{m['cloze_accuracy']:.3f}", f"{m['generation_accuracy']:.3f}", str(m["n_speakers"])]
            for m in cloze["models"]]
    stats = (f"<p>n = {cloze['n']} models; Pearson r = {e(_fmt(cloze['pearson_r']))} (p {format_p(cloze['pearson_p'])}); "
             f"Spearman ρ = {e(_fmt(cloze['spearman_rho']))} (p {format_p(cloze['spearman_p'])}).</p>")
    return _section("cloze", "Cloze–generation correlation",
                    stats + _table(["model", "cloze accuracy", "generation accuracy", "speakers"], rows))


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:+.3f}"


# ---------------------------------------------------------------- dialogues

def highlight_turn(turn: dict[str, Any]) -> str:
    """The turn text, escaped, with evidence spans wrapped in ``<mark>``.

    Spans are offsets into the record's original text; the turn's own text
    starts at ``turn["start"]``, so a span maps to ``text[start - turn_start:
    end - turn_start]``. A span that does not match its surface form is
    skipped rather than highlighting the wrong words.
    """
    text = turn.get("text") or ""
    base = turn.get("start") or 0
    bad = {(pair[side]["start"], pair[side]["end"]) for pair in turn.get("agreement") or []
           if not pair.get("ok") for side in ("pronoun", "verb")}
    spans = []
    for item in turn.get("evidence") or []:
        start, end = item.get("start", -1) - base, item.get("end", -1) - base
        if 0 <= start < end <= len(text) and text[start:end] == item.get("text"):
            spans.append((start, end, item))
    pieces, cursor = [], 0
    for start, end, item in sorted(spans, key=lambda span: (span[0], -span[1])):
        if start < cursor:
            continue   # overlapping evidence: keep the first, longer span
        pieces.append(e(text[cursor:start]))
        classes = f"ev tier-{e(item.get('tier'))}" + (" agr-bad" if (item["start"], item["end"]) in bad else "")
        title = (f"{item.get('kind')} · {item.get('tier')} · {item.get('source')} {item.get('rule')} · "
                 f"confidence {item.get('confidence')}")
        pieces.append(f'<mark class="{classes}" title="{e(title)}">{e(text[start:end])}</mark>')
        cursor = end
    pieces.append(e(text[cursor:]))
    return "".join(pieces)


def _correct_state(row: SpeakerRow) -> str:
    """yes / no / na (no expectation) / refused (the record is wholly out of character)."""
    if not row.expected:
        return "na"
    if row.refused:
        return "refused"
    return "yes" if row.correct else "no"


def _shown_tier(row: SpeakerRow) -> str:
    """The produced-tier filter value of a speaker: the refused outcome and silent parties apart."""
    if row.refused:
        return "refused"
    if row.silent:
        return "silent"
    return row.tier


VERDICTS = {"yes": '<span class="ok">✓ correct</span>', "no": '<span class="wrong">✗ wrong</span>',
            "na": '<span class="muted">no expectation</span>',
            "refused": '<span class="muted">refused (neither right nor wrong)</span>'}


def _tier_badge(tier: Any) -> str:
    return f'<span class="badge tier-{e(tier)}">{e(tier)}</span>'


def dialogue_card(record: dict[str, Any]) -> str:
    """One record: header, per-speaker table, and every turn with highlighted evidence."""
    rows = record_speaker_rows(record)
    refused = is_refused(record)
    model, task = field_value(record, "model"), record.get("task")
    language = record.get("language") or ""
    scenario = record.get("scenario_id")
    facts = [f"model {e(model)}", f"task {e(task)}", f"language {e(language)}"]
    temperature = field_value(record, "temperature")
    if temperature is not None:
        facts.append(f"temperature {e(temperature)}")
    if scenario:
        facts.append(f"scenario {e(scenario)}")
    if record.get("user_tier") not in (None, "none"):
        facts.append(f"address to the user {e(record.get('user_tier'))}")
    flags = (' <span class="badge tier-mixed">refused: wholly out of character</span>' if refused else
             "".join(f' <span class="badge tier-mixed">{flag}</span>' for flag in ("refusal", "avoidance")
                     if record.get(flag)))
    speaker_rows = []
    for row in rows:
        state = _correct_state(row)
        direction = f" ({e(row.error_direction)})" if row.error_direction and state == "no" else ""
        tier = _tier_badge(row.tier)
        if row.silent:
            tier += ' <span class="silent">listed, never speaks</span>'
        pairs = " · ".join(f'<span lang="{e(language)}">{e(name)}</span> {_tier_badge(value)}'
                           for name, value in row.by_addressee.items()) or "—"
        if row.expected and row.judged_addressee and row.judged_tier != row.tier:
            pairs += f' <span class=muted>(judged toward {e(row.judged_addressee)})</span>'
        attributes = (f'data-speaker="{e(row.speaker)}" data-tier="{e(_shown_tier(row))}" '
                      f'data-expected="{e(" ".join(row.expected or ("na",)))}" data-correct="{e(state)}"')
        speaker_rows.append((attributes, [f'<span lang="{e(language)}">{e(row.speaker)}</span>',
                                          f'<span lang="{e(language)}">{e(row.addressee)}</span>',
                                          tier, pairs, e(" | ".join(row.expected or ())) or "—",
                                          VERDICTS[state] + direction, "yes" if row.consistent else "no",
                                          e(row.turns), e(row.evidence_count), e(row.agreement_errors)]))
    turns = []
    for turn in record.get("turns") or []:
        kind = turn.get("kind") or "speech"
        who = (f'{e(turn.get("speaker"))} → {e(turn.get("addressee"))}' if turn.get("speaker") else e(kind))
        turns.append(f'<div class="turn kind-{e(kind)}"><span class="who" lang="{e(language)}">{who}</span> '
                     f'{_tier_badge(turn.get("tier"))} '
                     f'<span class="text" lang="{e(language)}">{highlight_turn(turn)}</span></div>')
    head = "".join(f"<th>{h}</th>" for h in ("speaker", "addressee", "tier", "by addressee", "expected",
                                             "verdict", "consistent", "turns", "evidence", "agreement errors"))
    body = "".join(f'<tr class="speaker-row" {attributes}>'
                   + "".join(f"<td class=num>{cell}</td>" if i >= 7 else f"<td>{cell}</td>"
                             for i, cell in enumerate(cells)) + "</tr>"
                   for attributes, cells in speaker_rows)
    table = f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'
    return (f'<article class="dialogue" data-language="{e(language)}" data-task="{e(task)}" '
            f'data-model="{e(model)}" data-scenario="{e(scenario or "")}">'
            f'<h3>{e(record.get("id"))}{flags}</h3><p class=muted>{" · ".join(facts)}</p>'
            f'{table}{"".join(turns)}</article>')


# ---------------------------------------------------------------- which dialogues, in which order

def dialogue_order(record: dict[str, Any]) -> tuple:
    """The stable order of the per-speaker view: scenario, then model (then temperature, run, line).

    >>> sorted([{"scenario_id": "s2", "meta": {"model": "a"}}, {"scenario_id": "s1", "meta": {"model": "b"}},
    ...         {"scenario_id": "s1", "meta": {"model": "a"}}], key=dialogue_order)[0]["meta"]["model"]
    'a'
    """
    def text(value: Any) -> tuple[bool, str]:
        return (value is None, "" if value is None else str(value))
    line = record.get("line")
    return (text(record.get("scenario_id")), text(field_value(record, "model")),
            text(field_value(record, "temperature")), text(field_value(record, "run")),
            line if isinstance(line, int) else 0, str(record.get("id")))


def _stratum(record: dict[str, Any]) -> tuple[str, str, str]:
    return (str(record.get("language")), str(record.get("task")), str(field_value(record, "model")))


def stratum_quotas(sizes: dict[Any, int], budget: int) -> dict[Any, int]:
    """Equal shares of ``budget`` over strata, each capped by its size (a stratum smaller
    than its share is shown whole and the rest goes to the others).

    >>> stratum_quotas({"hi": 900, "bn": 80, "rom": 30}, 300)
    {'hi': 190, 'bn': 80, 'rom': 30}
    """
    quotas = {key: 0 for key in sizes}
    left = min(budget, sum(sizes.values()))
    open_strata = sorted((key for key in sizes if sizes[key] > 0), key=lambda key: (sizes[key], str(key)))
    while left > 0 and open_strata:
        share = max(1, left // len(open_strata))
        for key in list(open_strata):
            take = min(share, sizes[key] - quotas[key], left)
            quotas[key] += take
            left -= take
            if quotas[key] == sizes[key]:
                open_strata.remove(key)
            if left == 0:
                break
    return quotas


def select_dialogues(records: Sequence[dict[str, Any]], max_dialogues: int,
                     seed: int = 0) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The dialogues to embed, in the stable order, and per stratum (language × task × model)
    how many there are and how many are shown. Up to ``max_dialogues`` every record is shown;
    beyond it, a seeded random sample of each stratum of its quota (:func:`stratum_quotas`)."""
    records = sorted(records, key=dialogue_order)   # the same sample whatever the input order
    members: dict[tuple[str, str, str], list[int]] = {}
    for i, record in enumerate(records):
        members.setdefault(_stratum(record), []).append(i)
    quotas = stratum_quotas({key: len(found) for key, found in members.items()}, max_dialogues)
    chosen: list[int] = []
    rng = random.Random(seed)
    for key in sorted(members):
        found = members[key]
        chosen += found if quotas[key] >= len(found) else rng.sample(found, quotas[key])
    shown = [records[i] for i in sorted(chosen)]
    strata = [{"language": key[0], "task": key[1], "model": key[2], "records": len(members[key]),
               "shown": quotas[key]} for key in sorted(members)]
    return shown, strata


def _options(counts: Counter, shown: Counter, label: str) -> str:
    """Every value present in the data, with how many of its dialogues are shown."""
    options = "".join(f'<option value="{e(value)}">{e(value)} ({shown.get(value, 0)}'
                      + (f" of {count}" if shown.get(value, 0) != count else "") + ")</option>"
                      for value, count in sorted(counts.items(), key=lambda item: item[0]))
    return f'<option value="">all {e(label)}</option>{options}'


def _datalist(identifier: str, values: Iterable[str]) -> str:
    return f'<datalist id="{identifier}">' + "".join(f'<option value="{e(v)}">' for v in sorted(set(values))) \
        + "</datalist>"


def dialogues_section(records: Sequence[dict[str, Any]], max_dialogues: int, seed: int = 0) -> str:
    shown, strata = select_dialogues(records, max_dialogues, seed)
    counts = {name: Counter(str(field_value(r, name)) for r in records) for name in STRATA}
    visible = {name: Counter(str(field_value(r, name)) for r in shown) for name in STRATA}
    speakers = [name for r in shown for name in (r.get("speakers") or {})]
    scenarios = [str(r["scenario_id"]) for r in shown if r.get("scenario_id")]
    produced = list(OUTCOMES) + ["refused", "silent"]
    produced_labels = {"refused": "refused (out of character)", "silent": "silent (listed, never speaks)"}
    produced_options = "".join(f'<option value="{t}">{e(produced_labels.get(t, t))}</option>' for t in produced)
    expected_options = "".join(f'<option value="{t}">{t}</option>' for t in TIERS) + \
        '<option value="na">no expectation</option>'
    filters = (
        '<div class="filters">'
        f'<label>language <select id="f-language">{_options(counts["language"], visible["language"], "languages")}</select></label>'
        f'<label>task <select id="f-task">{_options(counts["task"], visible["task"], "tasks")}</select></label>'
        f'<label>model <select id="f-model">{_options(counts["model"], visible["model"], "models")}</select></label>'
        '<label>scenario <input type="search" id="f-scenario" list="l-scenario" placeholder="id contains"></label>'
        '<label>speaker <input type="search" id="f-speaker" list="l-speaker" placeholder="name contains"></label>'
        f'<label>produced tier <select id="f-tier"><option value="">all</option>{produced_options}</select></label>'
        f'<label>expected tier <select id="f-expected"><option value="">all</option>{expected_options}</select></label>'
        '<label>verdict <select id="f-correct"><option value="">all</option><option value="yes">correct</option>'
        '<option value="no">wrong</option><option value="refused">refused</option>'
        '<option value="na">no expectation</option></select></label>'
        '<label>text <input type="search" id="f-search" placeholder="words in the dialogue"></label>'
        f'<label>per page <select id="f-page-size" data-default="{PAGE_SIZE}">'
        + "".join(f'<option value="{n}"{" selected" if n == PAGE_SIZE else ""}>{n}</option>' for n in (25, 50, 100, 250))
        + '<option value="0">all</option></select></label>'
        '<button type="button" id="f-reset">reset</button>'
        f'<div class="pager"><button type="button" id="f-prev">← previous</button>'
        '<button type="button" id="f-next">next →</button> '
        '<span>page <span id="f-page">1</span> of <span id="f-pages">1</span>: '
        '<span id="f-visible">0</span> dialogues on this page, '
        f'<span id="f-count">{len(shown)}</span> match the filters (of {len(shown)} embedded)</span></div>'
        f'{_datalist("l-scenario", scenarios)}{_datalist("l-speaker", speakers)}</div>')
    if len(shown) == len(records):
        what = (f"<p><b>All {len(records)} analysed dialogues are here</b>, ordered by scenario, then model. "
                "Filters combine; the speaker, tier, expected-tier and verdict filters pick dialogues in which "
                "one speaker matches them all.</p>")
    else:
        rows = [[e(s["language"]), e(s["task"]), e(s["model"]), f"{s['shown']} of {s['records']}"]
                for s in strata]
        what = (f'<p class="warning"><b>{len(shown)} of {len(records)} analysed dialogues are embedded</b> '
                f"(the report holds at most {max_dialogues}: <code>honorifics report --max-dialogues N</code> "
                "embeds more). They are a seeded random sample stratified by language × task × model: every "
                "stratum gets an equal share and a stratum smaller than its share is shown whole. Every table and "
                "figure above uses all records. The filters list every value in the data with the number of "
                "its dialogues shown (of how many). Ordered by scenario, then model.</p>"
                + "<details><summary>Dialogues shown per stratum</summary>"
                + _table(["language", "task", "model", "shown"], rows, numeric_from=3) + "</details>")
    legend = ("<p class=muted>Evidence words are highlighted in their tier's colour (hover for kind, rule and "
              "confidence); a red outline marks a pronoun–verb agreement error. <i>by addressee</i> gives a "
              "speaker's tier toward each person they address; a refused record (wholly out of character) is "
              "neither right nor wrong.</p>")
    return _section("dialogues", "Per-speaker view of every dialogue",
                    what + filters + legend + "".join(dialogue_card(r) for r in shown))


def definitions_section() -> str:
    items = "".join(f"<li><b>{e(name)}</b>: {e(text)}</li>" for name, text in METRIC_DEFINITIONS.items())
    return _section("definitions", "Metric definitions", f"<ul>{items}</ul>")


# ---------------------------------------------------------------- the run this analysis comes from

def run_summary(analysis: str | Path) -> dict[str, Any] | None:
    """The ``summary.json`` that ``honorifics analyze`` wrote beside an analysis (the file's
    folder; for a folder of Parquet parts, that folder or the one above), or None."""
    path = Path(analysis)
    places = [path / "summary.json", path.parent / "summary.json"] if path.is_dir() else [path.parent / "summary.json"]
    for place in places:
        try:
            data = json.loads(place.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and isinstance(data.get("records"), dict):
            return data
    return None


def experiment_summary(analysis: str | Path) -> dict[str, Any] | None:
    """The ``run.json`` that ``honorifics run`` wrote for an experiment whose analysis this is
    (``OUT/analysis/analysis.jsonl`` → ``OUT/run.json``), or None."""
    path = Path(analysis)
    folder = path.parent if path.is_file() or path.suffix else path
    try:
        data = json.loads((folder.parent / "run.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("tool") == "honorifics run" else None


def experiment_line(experiment: dict[str, Any] | None) -> str:
    """The header's line about an experiment: its file, config hash, versions and tokens per model.

    >>> experiment_line({"experiment": "/x/pilot.yaml", "config_hash": "sha256:" + "ab" * 32,
    ...                  "versions": {"honorifics": "1.0"}, "models": {"m": {"requests": 4, "tokens_in": 1200,
    ...                  "tokens_out": 300, "sent": 1, "cached": 3}}})
    'Experiment pilot.yaml (config sha256:abababababab, honorifics 1.0). m: 4 requests (1 sent, 3 from the cache), 1,200 tokens in, 300 out.'
    """
    if not experiment:
        return ""
    parts = []
    for name, entry in sorted((experiment.get("models") or {}).items()):
        parts.append(f"{name}: {entry.get('requests', 0)} requests ({entry.get('sent', 0)} sent, "
                     f"{entry.get('cached', 0)} from the cache), {entry.get('tokens_in', 0):,} tokens in, "
                     f"{entry.get('tokens_out', 0):,} out")
    digest = str(experiment.get("config_hash", ""))
    return (f"Experiment {Path(str(experiment.get('experiment', ''))).name} (config {digest[:19]}, honorifics "
            f"{(experiment.get('versions') or {}).get('honorifics', '?')}). " + "; ".join(parts) + ".")


def run_warnings(run: dict[str, Any] | None, n_lines: int) -> list[str]:
    """What the header must say about the run: a partial analysis, or a summary that counts
    another number of lines (an analysis overwritten by an interrupted run).

    >>> run_warnings({"partial": True, "records": {"total": 10}}, 10)[0][:36]
    'Partial analysis: the run was interr'
    >>> run_warnings({"records": {"total": 12}}, 10)[0][:39]
    'summary.json beside the analysis counts'
    """
    if not run:
        return []
    total = (run.get("records") or {}).get("total")
    if run.get("partial"):
        return [f"Partial analysis: the run was interrupted (summary.json says \"partial\": true); every figure "
                f"covers only the {n_lines if total is None else total} lines analysed before it stopped, "
                "not the whole input."]
    if isinstance(total, int) and total != n_lines:
        return [f"summary.json beside the analysis counts {total} lines but the analysis has {n_lines}: "
                "the analysis may be incomplete (an interrupted run) or from another run."]
    return []


# ---------------------------------------------------------------- the document

SECTIONS = ("headline", "accuracy", "distribution", "politeness", "asymmetry", "continuation",
            "behaviour", "comparison", "variables", "cloze", "dialogues", "definitions")


def _grouping_note(summary: dict[str, Any]) -> str:
    languages = summary.get("languages") or []
    fields = summary["group_by"]
    if summary.get("group_by_default") and fields == ["language"]:
        return (f"Grouped by: language (by default: the input mixes {e(', '.join(languages))}; each language "
                "is reported separately, the first column is all records together).")
    note = f"Grouped by: {e(', '.join(fields) or 'none')}."
    if len(languages) > 1 and "language" not in fields:
        note += (f" <b>The input mixes languages ({e(', '.join(languages))})</b>: figures over all of them hide "
                 "each one; add <code>language</code> to <code>--group-by</code>.")
    return note


def render_report(records: Iterable[dict[str, Any]], summary: dict[str, Any] | None = None, *,
                  group_by: str | Sequence[str] | None = None, title: str | None = None,
                  max_dialogues: int = DEFAULT_MAX_DIALOGUES, run: dict[str, Any] | None = None,
                  seed: int = 0, progress: Callable[[str], None] | None = None,
                  experiment: dict[str, Any] | None = None) -> str:
    """The report as one HTML string (see :func:`write_report`).

    ``run`` is the analysis run's ``summary.json`` (:func:`run_summary`): a partial
    run is flagged in the header. ``progress`` is told what is being done.
    """
    records = list(records)
    say = progress or (lambda message: None)
    if summary is None:
        say("computing the metrics")
        summary = compute_metrics(records, group_by)
    ok = sorted(ok_records(records), key=dialogue_order)
    blocks = _blocks(summary)
    plot = _Plotter()
    labelled, legend = _plot_labels(blocks)
    say("drawing the tables and plots")
    body = [
        headline_section(blocks),
        accuracy_section(blocks, plot, labelled, legend),
        distribution_section(blocks, plot, labelled, legend),
        politeness_section(blocks, plot, labelled, legend),
        asymmetry_section(blocks, plot, labelled, legend),
        continuation_section(blocks),
        behaviour_section(blocks, plot, labelled, legend),
        comparison_section(summary, plot),
        variables_section(summary, plot),
        cloze_section(summary),
    ]
    say(f"writing the dialogues ({min(len(ok), max_dialogues)} of {len(ok)})")
    body += [dialogues_section(ok, max_dialogues, seed), definitions_section()]
    title = title or "Honorific tier report"
    nav = "".join(f'<a href="#{s}">{s}</a>' for s in SECTIONS)
    plot_note = ("" if plot.available else
                 "<p><b>matplotlib is not installed: plots are omitted; every figure is in the tables "
                 "(pip install 'honorifics[report]').</b></p>")
    if plot.failures:
        plot_note += "<p class=muted>Plots that failed: " + e("; ".join(plot.failures)) + "</p>"
    warnings = "".join(f'<p class="warning" id="run-warning"><b>{e(text)}</b></p>'
                       for text in run_warnings(run, summary["n_lines"]))
    if experiment:
        warnings += f'<p id="experiment">{e(experiment_line(experiment))}</p>'
    refused = summary["overall"].get("n_refused_records", 0)
    shown = min(len(ok), max_dialogues)
    header = (f"<header><h1>{e(title)}</h1>{warnings}<p>{summary['n_lines']} lines: {summary['n_ok']} analysed, "
              f"{summary['n_failed']} failed (error records are counted, never used as data); {refused} refused "
              f"(wholly out of character: counted apart from tiers, avoidance and accuracy). "
              f"{_grouping_note(summary)} Dialogues: {shown} of {len(ok)} shown"
              f"{'' if shown == len(ok) else ' (a stratified sample, see below)'}.</p>{plot_note}<nav>{nav}</nav></header>")
    footer = (f"<footer><p>{e(summary['notes']['intervals'])}.</p>"
              f"<p>Multiple comparisons: {e(summary['notes']['multiple_comparisons'])}</p>"
              f"<p>Fonts: {e(FONT_NOTE)}</p>"
              "<p>All generated text in this report is HTML-escaped; the report loads nothing from the "
              "network.</p></footer>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{e(title)}</title><style>{STYLE}</style></head><body>"
            f"{header}{''.join(body)}{footer}<script>{SCRIPT}</script></body></html>\n")


def write_report(records: Iterable[dict[str, Any]], out_dir: str | Path, *,
                 group_by: str | Sequence[str] | None = None, title: str | None = None,
                 summary: dict[str, Any] | None = None,
                 max_dialogues: int = DEFAULT_MAX_DIALOGUES, run: dict[str, Any] | None = None,
                 seed: int = 0, progress: Callable[[str], None] | None = None,
                 experiment: dict[str, Any] | None = None) -> Path:
    """Write ``out_dir/report.html`` (self-contained) and return its path.

    >>> # write_report(records, "out", group_by="model,temperature")  →  out/report.html
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "report.html"
    path.write_text(render_report(records, summary, group_by=group_by, title=title,
                                  max_dialogues=max_dialogues, run=run, seed=seed, progress=progress,
                                  experiment=experiment),
                    encoding="utf-8")
    return path
