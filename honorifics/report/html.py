"""One self-contained ``report.html``: figures with CIs, plots, and every dialogue.

Everything is inline (CSS, PNG plots as base64, a small filter script); the
file opens offline and can be mailed to a co-author. All generated text —
dialogue, speaker names, ids, model names — is untrusted and goes through
:func:`html.escape`. Indic script appears only in HTML (the browser shapes it),
never inside plot images.
"""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..metrics import HEADLINE, METRIC_DEFINITIONS, compute_metrics
from ..results import SpeakerRow, field_value, ok_records, record_speaker_rows
from ..tiers import OUTCOMES, TIERS

#: Dialogues shown in the per-speaker view (the tables always use every record).
DEFAULT_MAX_DIALOGUES = 1000

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
.filters label { margin-right: 1em; } footer { margin-top: 3em; border-top: 1px solid #ddd; font-size: .85em; color: #555; }
""" % {"fonts": FONT_STACK}

SCRIPT = """
function applyFilters() {
  var pick = function (id) { return document.getElementById(id).value; };
  var model = pick('f-model'), task = pick('f-task'), tier = pick('f-tier'), correct = pick('f-correct');
  var shown = 0;
  document.querySelectorAll('article.dialogue').forEach(function (card) {
    var ok = (!model || card.dataset.model === model) && (!task || card.dataset.task === task);
    if (ok && (tier || correct)) {
      ok = card.dataset.states.split(' ').some(function (state) {
        var parts = state.split(':');
        return (!tier || parts[0] === tier) && (!correct || parts[1] === correct);
      });
    }
    card.hidden = !ok;
    if (ok) { shown += 1; }
  });
  document.getElementById('f-count').textContent = String(shown);
}
document.querySelectorAll('.filters select').forEach(function (s) { s.addEventListener('change', applyFilters); });
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
                                        f"<span class=muted>({b['n_speakers_with_expectations']} with expectations)</span>"
                                        for _, b in blocks]]
    note = ("<p class=muted>Proportions: estimate [95% Wilson CI] and n. Formality bias index and tier "
            "entropy: seeded bootstrap 95% CI. Hover a metric name for its definition.</p>")
    return _section("headline", "Headline figures", note + _table(headers, counts + rows))


def accuracy_section(blocks, plot, labelled, legend) -> str:
    tasks = sorted({t for _, b in blocks for t in b["accuracy_by_task"]})
    headers = ["group"] + [f"task {e(t)}" for t in tasks] + [f"expected {t}" for t in TIERS]
    rows = [[e(group_label(key))]
            + [format_proportion(b["accuracy_by_task"].get(t, {"n": 0})) for t in tasks]
            + [format_proportion(b["accuracy_by_expected_tier"].get(t, {"n": 0})) for t in TIERS]
            for key, b in blocks]
    parts = ["<h3>Accuracy by task and by expected tier</h3>", _table(headers, rows)]
    for key, b in blocks:
        matrix = b["confusion"]
        parts.append(f"<h3>Confusion: {e(group_label(key))}</h3>")
        parts.append(_table(["expected \\ produced"] + list(matrix["columns"]),
                            [[e(tier)] + [str(c) for c in row] for tier, row in zip(matrix["rows"], matrix["counts"])]))
    parts.insert(2, _plot(plot("confusion_heatmaps", labelled), "confusion heatmaps") + legend)
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
    note = ("<p class=muted>Formality bias index = share of formal among the produced tiers of speakers with "
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
    names = ["verb_agreement", "consistency", "switching_rate", "avoidance", "refusal"]
    rows = [[e(group_label(key))] + [format_proportion(b[n]) for n in names] for key, b in blocks]
    chart = plot("rate_bars", labelled, [("avoidance", ("avoidance",)), ("verb agreement", ("verb_agreement",)),
                                         ("refusal", ("refusal",))], "Avoidance, agreement and refusal")
    return _section("behaviour", "Agreement, consistency, switching, avoidance, refusal",
                    _table(["group"] + names, rows) + _plot(chart, "avoidance and agreement") + legend)


def comparison_section(summary, plot) -> str:
    parts = []
    comparisons = summary["model_comparisons"]
    if comparisons:
        rows = [[e(c["first"]), e(c["second"]), str(c["n_pairs"]),
                 "—" if c["accuracy_first"] is None else f"{100 * c['accuracy_first']:.1f}%",
                 "—" if c["accuracy_second"] is None else f"{100 * c['accuracy_second']:.1f}%",
                 f"{c['mcnemar']['details']['b']} / {c['mcnemar']['details']['c']}",
                 format_p(c["mcnemar"]["p_value"]), format_p(c["mcnemar"]["p_holm"]),
                 format_interval(c["difference"])] for c in comparisons]
        parts.append(_table(["model A", "model B", "shared units", "accuracy A", "accuracy B",
                             "only A right / only B right", "McNemar exact p", "Holm p",
                             "difference A − B [paired bootstrap CI]"], rows, numeric_from=2))
    else:
        parts.append("<p>No pair of models shares scenario units (needs a <code>model</code> field and at "
                     "least two models).</p>")
    effect = summary["temperature_effect"]
    if effect:
        rows = [[e(c["model"]), f"{c['temperature']:g}", format_proportion(c)] for c in effect["cells"]]
        trends = [[e(t["model"]), "—" if t["spearman_rho"] is None else f"{t['spearman_rho']:+.3f}",
                   format_p(t["spearman_p"]), str(t["n"])] for t in effect["trends"]]
        models = {c["model"]: c["model"] for c in effect["cells"]}
        parts += ["<h3>Temperature effect</h3>", _table(["model", "temperature", "accuracy"], rows),
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
    if not row.expected:
        return "na"
    return "yes" if row.correct else "no"


def dialogue_card(record: dict[str, Any]) -> str:
    """One record: header, per-speaker table, and every turn with highlighted evidence."""
    rows = record_speaker_rows(record)
    states = " ".join(sorted({f"{row.tier}:{_correct_state(row)}" for row in rows})) or "none:na"
    model, task = field_value(record, "model"), record.get("task")
    language = record.get("language") or ""
    facts = [f"model {e(model)}", f"task {e(task)}", f"language {e(language)}"]
    temperature = field_value(record, "temperature")
    if temperature is not None:
        facts.append(f"temperature {e(temperature)}")
    if record.get("scenario_id"):
        facts.append(f"scenario {e(record['scenario_id'])}")
    flags = "".join(f' <span class="badge tier-mixed">{flag}</span>'
                    for flag in ("refusal", "avoidance") if record.get(flag))
    speaker_rows = []
    for row in rows:
        verdict = {"yes": '<span class="ok">✓ correct</span>', "no": '<span class="wrong">✗ wrong</span>',
                   "na": '<span class="muted">no expectation</span>'}[_correct_state(row)]
        direction = f" ({e(row.error_direction)})" if row.error_direction else ""
        speaker_rows.append([f'<span lang="{e(language)}">{e(row.speaker)}</span>',
                             f'<span lang="{e(language)}">{e(row.addressee)}</span>',
                             f'<span class="badge tier-{e(row.tier)}">{e(row.tier)}</span>',
                             e(" | ".join(row.expected or ())) or "—", verdict + direction,
                             "yes" if row.consistent else "no", e(row.evidence_count),
                             e(row.agreement_errors)])
    turns = []
    for turn in record.get("turns") or []:
        kind = turn.get("kind") or "speech"
        who = (f'{e(turn.get("speaker"))} → {e(turn.get("addressee"))}' if turn.get("speaker") else e(kind))
        turns.append(f'<div class="turn kind-{e(kind)}"><span class="who" lang="{e(language)}">{who}</span> '
                     f'<span class="badge tier-{e(turn.get("tier"))}">{e(turn.get("tier"))}</span> '
                     f'<span class="text" lang="{e(language)}">{highlight_turn(turn)}</span></div>')
    table = _table(["speaker", "addressee", "tier", "expected", "verdict", "consistent", "evidence",
                    "agreement errors"], speaker_rows, numeric_from=6)
    return (f'<article class="dialogue" data-model="{e(model)}" data-task="{e(task)}" data-states="{e(states)}">'
            f'<h3>{e(record.get("id"))}{flags}</h3><p class=muted>{" · ".join(facts)}</p>'
            f'{table}{"".join(turns)}</article>')


def _options(values: Iterable[Any], label: str) -> str:
    options = "".join(f'<option value="{e(v)}">{e(v)}</option>' for v in values)
    return f'<option value="">all {e(label)}</option>{options}'


def dialogues_section(records: Sequence[dict[str, Any]], max_dialogues: int) -> str:
    shown = records[:max_dialogues]
    models = sorted({str(field_value(r, "model")) for r in shown}, key=str)
    tasks = sorted({str(r.get("task")) for r in shown})
    filters = (
        '<div class="filters">'
        f'<label>model <select id="f-model">{_options(models, "models")}</select></label>'
        f'<label>task <select id="f-task">{_options(tasks, "tasks")}</select></label>'
        f'<label>speaker tier <select id="f-tier">{_options(OUTCOMES, "tiers")}</select></label>'
        '<label>correctness <select id="f-correct"><option value="">all</option><option value="yes">correct</option>'
        '<option value="no">wrong</option><option value="na">no expectation</option></select></label>'
        f'<span class=muted>showing <span id="f-count">{len(shown)}</span> dialogues</span></div>')
    more = (f"<p class=muted>Showing the first {len(shown)} of {len(records)} records (raise "
            f"--max-dialogues to see more); every table above uses all records.</p>"
            if len(records) > len(shown) else "")
    legend = ("<p class=muted>Evidence words are highlighted in their tier's colour (hover for kind, rule and "
              "confidence); a red outline marks a pronoun–verb agreement error. Tier and correctness filters "
              "show dialogues in which some speaker matches both.</p>")
    return _section("dialogues", "Per-speaker view of every dialogue",
                    filters + legend + more + "".join(dialogue_card(r) for r in shown))


def definitions_section() -> str:
    items = "".join(f"<li><b>{e(name)}</b>: {e(text)}</li>" for name, text in METRIC_DEFINITIONS.items())
    return _section("definitions", "Metric definitions", f"<ul>{items}</ul>")


# ---------------------------------------------------------------- the document

SECTIONS = ("headline", "accuracy", "distribution", "politeness", "asymmetry", "continuation",
            "behaviour", "comparison", "variables", "cloze", "dialogues", "definitions")


def render_report(records: Iterable[dict[str, Any]], summary: dict[str, Any] | None = None, *,
                  group_by: str | Sequence[str] | None = None, title: str | None = None,
                  max_dialogues: int = DEFAULT_MAX_DIALOGUES) -> str:
    """The report as one HTML string (see :func:`write_report`)."""
    records = list(records)
    if summary is None:
        summary = compute_metrics(records, group_by)
    ok = ok_records(records)
    blocks = _blocks(summary)
    plot = _Plotter()
    labelled, legend = _plot_labels(blocks)
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
        dialogues_section(ok, max_dialogues),
        definitions_section(),
    ]
    title = title or "Honorific tier report"
    nav = "".join(f'<a href="#{s}">{s}</a>' for s in SECTIONS)
    plot_note = ("" if plot.available else
                 "<p><b>matplotlib is not installed: plots are omitted; every figure is in the tables "
                 "(pip install 'honorifics[report]').</b></p>")
    if plot.failures:
        plot_note += "<p class=muted>Plots that failed: " + e("; ".join(plot.failures)) + "</p>"
    group_text = ", ".join(summary["group_by"]) or "none"
    header = (f"<header><h1>{e(title)}</h1><p>{summary['n_lines']} lines: {summary['n_ok']} analysed, "
              f"{summary['n_failed']} failed (error records are counted, never used as data). "
              f"Grouped by: {e(group_text)}.</p>{plot_note}<nav>{nav}</nav></header>")
    footer = (f"<footer><p>{e(summary['notes']['intervals'])}.</p>"
              f"<p>Multiple comparisons: {e(summary['notes']['multiple_comparisons'])}</p>"
              f"<p>Fonts: {e(FONT_NOTE)}</p>"
              "<p>All generated text in this report is HTML-escaped; the report loads nothing from the "
              "network.</p></footer>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{e(title)}</title><style>{STYLE}</style></head><body>"
            f"{header}{''.join(body)}{footer}<script>{SCRIPT}</script></body></html>\n")


def write_report(records: Iterable[dict[str, Any]], out_dir: str | Path, *,
                 group_by: str | Sequence[str] | None = None, title: str | None = None,
                 summary: dict[str, Any] | None = None,
                 max_dialogues: int = DEFAULT_MAX_DIALOGUES) -> Path:
    """Write ``out_dir/report.html`` (self-contained) and return its path.

    >>> # write_report(records, "out", group_by="model,temperature")  →  out/report.html
    """
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "report.html"
    path.write_text(render_report(records, summary, group_by=group_by, title=title,
                                  max_dialogues=max_dialogues), encoding="utf-8")
    return path


def summary_json(summary: dict[str, Any]) -> str:
    return json.dumps(summary, ensure_ascii=False, indent=2)
