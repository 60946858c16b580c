"""Aggregate metrics over ``analysis.jsonl`` records, each figure with its n and CI.

Input: the dicts written by ``RecordAnalysis.to_dict()``. Records with
``status`` ``error`` are counted as failed lines and never used as data.

The unit of most metrics is the *speaker*: one character's tier toward their
addressee in one record (``records[i]["speakers"][name]``). Definitions (the
same text is in ``METRIC_DEFINITIONS`` and in the report):

- accuracy: speakers whose produced tier is one of the expected tiers
  (primary or secondary) over speakers with expectations.
- formality bias index: share of ``formal`` among the produced tiers of
  speakers with expectations minus the share of ``formal`` among their
  expected primaries (0 = as formal as expected, > 0 = too formal); the ratio
  variant divides the two shares instead.
- over-/under-politeness: wrong speakers whose tier ranks above/below the
  nearest expected tier (intimate < familiar < formal), two-sided binomial test
  of over vs under at p = 0.5.

Two outcomes stand apart (DESIGN.md, "Labelling conventions"): a *refused*
record (wholly out of character: ``refusal`` true and tier ``none``) is
neither a tier, nor avoidance, nor a wrong answer — its speakers are left out
of the distributions and of accuracy, and the refusal rate (``refused``) is
reported beside accuracy over the same units; a *silent* speaker (listed in
the input, ``turns: 0``, such as a DCT addressee) is left out of the tier
distribution. Where a speaker has ``by_addressee``, the metrics with
expectations judge the tier toward the expected addressee.

>>> import honorifics.metrics as m
>>> summary = m.compute_metrics([])
>>> summary["overall"]["accuracy"]["n"]
0
"""
from __future__ import annotations

import csv
import itertools
from collections import Counter
import json
import math
from pathlib import Path
from typing import Any, Iterable, Sequence

import numpy as np

from .results import (TIER_SEPARATOR, SpeakerRow, field_value, join_tiers, ok_records, parse_group_by,
                      record_speaker_rows, speaker_rows)
from .summary import CONSISTENCY_DEFINITION, DISTRIBUTION_DEFINITION, has_evidence, is_refused
from .stats import (DEFAULT_RESAMPLES, DEFAULT_SEED, bootstrap_counts, binomial_test,
                    chi_square_test, correlation, entropy_interval, holm_adjust, mcnemar_test,
                    paired_bootstrap, wilson_interval)
from .tiers import FORMAL, OUTCOMES, RANK, TIERS

#: Scenario variables tested for an effect on errors (SCHEMA.md ``variables``).
EFFECT_VARIABLES: tuple[str, ...] = ("age_relation", "setting", "key", "end",
                                     "gender_relation", "relationship_type")
TIER_SHIFT = "tier_shift"
MISSING = "(missing)"

#: One line per metric: the definition printed in summary.json and the report.
METRIC_DEFINITIONS: dict[str, str] = {
    "accuracy": "speakers whose produced tier (toward the expected addressee, where by_addressee gives it) is an "
                "expected tier (primary or secondary) / speakers with expectations in records that are not refused",
    "refused": "speakers with expectations in refused records (wholly out of character) / all speakers with "
               "expectations: the refusal rate beside accuracy, over the same units; refused is neither right nor wrong",
    "accuracy_by_task": "accuracy restricted to the records of one task (dct, continuation, roleplay)",
    "accuracy_by_expected_tier": "accuracy among speakers whose expected primary tier is the given tier",
    "confusion": "counts of expected primary tier (rows) × produced speaker tier (columns, incl. mixed and none), "
                 "records that are not refused",
    "tier_distribution": "produced tiers (incl. mixed and none) of the speakers who speak (turns > 0) in records "
                         "that are not refused, and their shares; " + DISTRIBUTION_DEFINITION,
    "tier_entropy": "Shannon entropy (bits, max log2 3 = 1.585) of the produced intimate/familiar/formal tiers",
    "formality_bias_index": "share of formal among produced tiers of speakers with expectations minus share of formal among their expected primaries",
    "formality_bias_ratio": "share of formal among produced tiers / share of formal among expected primaries (same speakers)",
    "over_polite": "speakers whose tier ranks above the nearest expected tier / speakers with expectations",
    "under_polite": "speakers whose tier ranks below the nearest expected tier / speakers with expectations",
    "politeness_test": "two-sided exact binomial test of over- vs under-polite errors at p = 0.5",
    "asymmetry_score": "role-play records whose two expected primaries differ: both speakers' tiers differ in the expected direction / such records",
    "asymmetry_collapse": "same role-play records: both speakers produced the same tier (intimate, familiar or formal) / such records",
    "character_accuracy": "role-play accuracy of the character expected to be more deferent vs the less deferent one",
    "tier_maintenance": "continuation speakers (not tier-shift) whose tier is acceptable / such speakers with expectations",
    "tier_adaptation": "tier-shift speakers whose expected tier changed (expected_before primary ≠ expected primary) and who produce an acceptable post-shift tier / such speakers",
    "verb_agreement": "pronoun–verb pairs whose tiers agree / all nominative pronoun–verb pairs",
    "consistency": CONSISTENCY_DEFINITION,
    "switching_rate": "adjacent speech turns of the same speaker (both with a tier) whose tiers differ / such adjacent pairs",
    "avoidance": "records with no second-person evidence from any speaker / ok records that are not refused",
    "refusal": "ok records flagged as refusals (with or without in-character text) / ok records",
    "refused_records": "refused records (wholly out of character: refusal and tier none) / ok records",
    "model_comparison": "paired on (scenario_id, speaker, temperature, run) units that both models answered (not "
                        "refused): McNemar exact test on discordant pairs (no test, p shown as —, when the models "
                        "share no unit) and paired bootstrap CI of the accuracy difference; each model's refusal rate "
                        "over its units with expectations",
    "temperature_effect": "accuracy per temperature (Wilson CI) with the refusal rate beside it, and Spearman ρ of "
                          "temperature vs correctness over speakers",
    "variable_effects": "Pearson χ² of error vs each scenario variable with adjusted standardized residuals; p-values also Holm-adjusted across variables",
    "cloze_correlation": "Pearson r and Spearman ρ between per-model cloze accuracy (user CSV) and generation accuracy",
}

MULTIPLE_COMPARISONS_NOTE = (
    "Many tests are reported (one χ² per scenario variable, one McNemar test per model pair, "
    "one binomial test per group). Unadjusted p-values are exploratory; use the Holm-adjusted "
    "p-values (p_holm) for confirmatory claims, or pre-register the comparisons.")


# SpeakerRow, speaker_rows, field_value, ok_records and parse_group_by live in
# honorifics.results, the one reader of analysis.jsonl; imported above and kept
# importable from here.


def _proportion(successes: int, n: int) -> dict[str, Any]:
    return wilson_interval(successes, n).to_dict()


def judged(rows: Iterable[SpeakerRow]) -> list[SpeakerRow]:
    """The rows that accuracy judges: speakers with expectations in records that are not refused."""
    return [r for r in rows if r.expected and not r.refused]


def _accuracy_and_refused(rows: Sequence[SpeakerRow]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Accuracy over the judged rows, and the refusal rate over all rows with expectations."""
    expected = [r for r in rows if r.expected]
    scored = [r for r in expected if not r.refused]
    return (_proportion(sum(bool(r.correct) for r in scored), len(scored)),
            _proportion(len(expected) - len(scored), len(expected)))


def accuracy_metrics(rows: Sequence[SpeakerRow]) -> dict[str, Any]:
    """Overall, per-task and per-expected-tier accuracy, each with its refusal rate, and the confusion matrix.

    Speakers of refused records are not judged (neither right nor wrong): ``refused``
    gives their share of the speakers with expectations, beside ``accuracy``.
    """
    expected = [r for r in rows if r.expected]
    by_task: dict[str, dict[str, Any]] = {}
    refused_by_task: dict[str, dict[str, Any]] = {}
    for task in sorted({str(r.task) for r in expected}):
        by_task[task], refused_by_task[task] = _accuracy_and_refused([r for r in expected if str(r.task) == task])
    by_tier: dict[str, dict[str, Any]] = {}
    refused_by_tier: dict[str, dict[str, Any]] = {}
    for tier in TIERS:
        subset = [r for r in expected if r.expected[0] == tier]
        if subset:
            by_tier[tier], refused_by_tier[tier] = _accuracy_and_refused(subset)
    cells = Counter((r.expected[0], r.judged_tier) for r in judged(expected))
    counts = [[cells[(want, produced)] for produced in OUTCOMES] for want in TIERS]
    accuracy, refused = _accuracy_and_refused(expected)
    return {"accuracy": accuracy, "refused": refused,
            "accuracy_by_task": by_task, "refused_by_task": refused_by_task,
            "accuracy_by_expected_tier": by_tier, "refused_by_expected_tier": refused_by_tier,
            "confusion": {"rows": list(TIERS), "columns": list(OUTCOMES), "counts": counts}}


def distribution_metrics(rows: Sequence[SpeakerRow], *, n_resamples: int = DEFAULT_RESAMPLES,
                         seed: int = DEFAULT_SEED) -> dict[str, Any]:
    """Produced tier distribution and tier entropy (speakers who speak, records not refused),
    formality bias (judged speakers)."""
    speaking = [r for r in rows if not r.refused and not r.silent]
    counts = {outcome: 0 for outcome in OUTCOMES}
    for row in speaking:
        counts[row.tier] = counts.get(row.tier, 0) + 1
    total = len(speaking)
    shares = {k: (v / total if total else None) for k, v in counts.items()}
    entropy = entropy_interval([r.tier for r in speaking], list(TIERS),
                               n_resamples=n_resamples, seed=seed)
    left_out = {"silent_speakers": sum(1 for r in rows if r.silent and not r.refused),
                "speakers_of_refused_records": sum(1 for r in rows if r.refused)}
    return {"tier_distribution": {"counts": counts, "shares": shares, "n": total, "left_out": left_out},
            "tier_entropy": entropy.to_dict(),
            "formality_bias": formality_bias(rows, n_resamples=n_resamples, seed=seed)}


def formality_bias(rows: Sequence[SpeakerRow], *, n_resamples: int = DEFAULT_RESAMPLES,
                   seed: int = DEFAULT_SEED) -> dict[str, Any]:
    """Formality bias index and ratio over speakers with expectations.

    index = P(produced = formal) − P(expected primary = formal), both over the
    same speakers; ratio = P(produced = formal) / P(expected primary = formal)
    (None when no speaker is expected to be formal). A model that uses आप /
    আপনি where तुम / তুমি is expected has index > 0.
    """
    scored = judged(rows)
    # the speakers as counts of (produced formal, expected formal): [no/no, no/yes, yes/no, yes/yes]
    cells = [0, 0, 0, 0]
    for r in scored:
        cells[2 * (r.judged_tier == FORMAL) + (r.expected[0] == FORMAL)] += 1
    produced, expected = cells[2] + cells[3], cells[1] + cells[3]
    index = bootstrap_counts(cells, lambda rows: (rows[:, 2] - rows[:, 1]) / rows.sum(axis=1),
                             n_resamples=n_resamples, seed=seed)
    return {"index": index.to_dict(),
            "ratio": (produced / expected) if expected else None,
            "produced_formal": _proportion(produced, len(scored)),
            "expected_formal": _proportion(expected, len(scored))}


def politeness_metrics(rows: Sequence[SpeakerRow]) -> dict[str, Any]:
    """Over- vs under-polite errors with an exact binomial test of their balance."""
    scored = judged(rows)
    over = sum(1 for r in scored if r.error_direction == "over-polite")
    under = sum(1 for r in scored if r.error_direction == "under-polite")
    return {"over_polite": _proportion(over, len(scored)),
            "under_polite": _proportion(under, len(scored)),
            "over_count": over, "under_count": under,
            "test": binomial_test(over, over + under, 0.5).to_dict()}


def asymmetry_metrics(records: Sequence[dict[str, Any]],
                      rows_by_record: Sequence[Sequence[SpeakerRow]] | None = None) -> dict[str, Any]:
    """Role-play records whose two speakers have different expected primaries (refused records left out).

    score = both produced tiers differ in the expected direction (the speaker
    expected to be more deferent produces the higher-ranked tier); collapse =
    both produced the same tier of the three.
    """
    eligible = directed = collapsed = 0
    more_right = less_right = 0
    if rows_by_record is None:
        rows_by_record = [record_speaker_rows(record) for record in records]
    for record, rows in zip(records, rows_by_record):
        pair = _asymmetric_pair(record, rows)
        if pair is None:
            continue
        eligible += 1
        more, less = pair  # more = expected to be more deferent
        if more.judged_tier in RANK and less.judged_tier in RANK:
            directed += RANK[more.judged_tier] > RANK[less.judged_tier]
            collapsed += more.judged_tier == less.judged_tier
        more_right += bool(more.correct)
        less_right += bool(less.correct)
    return {"asymmetry_score": _proportion(directed, eligible),
            "asymmetry_collapse": _proportion(collapsed, eligible),
            "character_accuracy": {"more_deferent": _proportion(more_right, eligible),
                                   "less_deferent": _proportion(less_right, eligible)}}


def _asymmetric_pair(record: dict[str, Any], rows: Sequence[SpeakerRow]) -> tuple[SpeakerRow, SpeakerRow] | None:
    if record.get("task") != "roleplay" or is_refused(record):
        return None
    speakers = [r for r in rows if r.expected and r.expected[0] in RANK]
    if len(speakers) != 2:
        return None
    first, second = speakers
    if RANK[first.expected[0]] == RANK[second.expected[0]]:
        return None
    return (first, second) if RANK[first.expected[0]] > RANK[second.expected[0]] else (second, first)


def continuation_metrics(rows: Sequence[SpeakerRow]) -> dict[str, Any]:
    """Tier maintenance (plain continuation) and tier adaptation (tier-shift)."""
    scored = judged(rows)
    maintain = [r for r in scored if r.task == "continuation" and r.subtask != TIER_SHIFT]
    shift = [r for r in scored if r.subtask == TIER_SHIFT]
    changed = [r for r in shift if r.expected_before and r.expected_before[0] != r.expected[0]]
    adaptation = _proportion(sum(bool(r.correct) for r in changed), len(changed))
    adaptation["unknown_before"] = sum(1 for r in shift if not r.expected_before)
    return {"tier_maintenance": _proportion(sum(bool(r.correct) for r in maintain), len(maintain)),
            "tier_adaptation": adaptation}


def behaviour_metrics(records: Sequence[dict[str, Any]], rows: Sequence[SpeakerRow]) -> dict[str, Any]:
    """Verb agreement, consistency, switching, avoidance and refusal rates."""
    pairs = sum(int(r.get("agreement_pairs") or 0) for r in records)
    errors = sum(int(r.get("agreement_errors") or 0) for r in records)
    answered = [r for r in records if not is_refused(r)]
    with_evidence = [r for r in rows if has_evidence(r.tier) and not r.refused]
    transitions = sum(max(0, len(r.turn_tiers) - 1) for r in rows)
    switches = sum(sum(a != b for a, b in zip(r.turn_tiers, r.turn_tiers[1:])) for r in rows)
    return {"verb_agreement": _proportion(max(0, pairs - errors), pairs),
            "consistency": _proportion(sum(r.consistent for r in with_evidence), len(with_evidence)),
            "switching_rate": _proportion(switches, transitions),
            "avoidance": _proportion(sum(bool(r.get("avoidance")) for r in answered), len(answered)),
            "refusal": _proportion(sum(bool(r.get("refusal")) for r in records), len(records)),
            "refused_records": _proportion(len(records) - len(answered), len(records))}


def metric_block(records: Sequence[dict[str, Any]], *, n_resamples: int = DEFAULT_RESAMPLES,
                 seed: int = DEFAULT_SEED,
                 rows_by_record: Sequence[Sequence[SpeakerRow]] | None = None) -> dict[str, Any]:
    """Every per-group metric for a list of ok records (``rows_by_record``: their
    speaker rows, one list per record, when already made)."""
    if rows_by_record is None:
        rows_by_record = [record_speaker_rows(record) for record in records]
    rows = [row for record_rows in rows_by_record for row in record_rows]
    block: dict[str, Any] = {"n_records": len(records), "n_speakers": len(rows),
                             "n_refused_records": sum(1 for r in records if is_refused(r)),
                             "n_speakers_speaking": sum(1 for r in rows if not r.silent and not r.refused),
                             "n_speakers_with_expectations": sum(1 for r in rows if r.expected and not r.refused),
                             "n_refused_with_expectations": sum(1 for r in rows if r.expected and r.refused)}
    block.update(accuracy_metrics(rows))
    block.update(distribution_metrics(rows, n_resamples=n_resamples, seed=seed))
    block["politeness"] = politeness_metrics(rows)
    block["asymmetry"] = asymmetry_metrics(records, rows_by_record)
    block.update(continuation_metrics(rows))
    block.update(behaviour_metrics(records, rows))
    return block


# ---------------------------------------------------------------- cross-group analyses

def _unit_key(row: SpeakerRow) -> tuple:
    """Pairs a speaker across models: same scenario (else record id), speaker, temperature, run."""
    scenario = row.scenario_id if row.scenario_id is not None else row.record_id
    return (str(scenario), row.speaker, str(row.temperature), str(row.run))


def model_comparisons(rows: Sequence[SpeakerRow], *, compare_by: str = "model",
                      n_resamples: int = DEFAULT_RESAMPLES, seed: int = DEFAULT_SEED) -> list[dict[str, Any]]:
    """Paired comparison of every pair of models on the units both answered.

    A unit is (scenario_id, speaker, temperature, run); when a model has the
    same unit twice, the first occurrence is used (``duplicates`` counts the rest).
    A refused unit (its record wholly out of character) is not answered: it is in
    neither model's pairs, and each model's refusal rate over its units is given.
    Two models that share no answered unit get no McNemar test (p None, with the
    reason in ``mcnemar["note"]``): p = 1 there would read as "no difference".
    """
    by_model: dict[str, dict[tuple, bool]] = {}
    refused: dict[str, set[tuple]] = {}
    duplicates: dict[str, int] = {}
    for row in rows:
        value = row.model if compare_by == "model" else row.groups.get(compare_by)
        if value is None or not row.expected:
            continue
        units = by_model.setdefault(str(value), {})
        refusals = refused.setdefault(str(value), set())
        key = _unit_key(row)
        if key in units or key in refusals:
            duplicates[str(value)] = duplicates.get(str(value), 0) + 1
            continue
        if row.refused:
            refusals.add(key)
        else:
            units[key] = bool(row.correct)
    results = []
    for first, second in itertools.combinations(sorted(by_model), 2):
        shared = sorted(set(by_model[first]) & set(by_model[second]))
        a = [by_model[first][k] for k in shared]
        b = [by_model[second][k] for k in shared]
        only_first = sum(x and not y for x, y in zip(a, b))
        only_second = sum(y and not x for x, y in zip(a, b))
        mcnemar = mcnemar_test(only_first, only_second).to_dict()
        if not shared:
            mcnemar.update(p_value=None, statistic=None,
                           note=f"no test: {first} and {second} share no answered unit (same scenario, speaker, "
                                "temperature and run, neither refused)")
        results.append({
            "first": first, "second": second, "n_pairs": len(shared),
            "accuracy_first": (sum(a) / len(a)) if a else None,
            "accuracy_second": (sum(b) / len(b)) if b else None,
            "refused_first": _proportion(len(refused[first]), len(refused[first]) + len(by_model[first])),
            "refused_second": _proportion(len(refused[second]), len(refused[second]) + len(by_model[second])),
            "mcnemar": mcnemar,
            "difference": paired_bootstrap(a, b, n_resamples=n_resamples, seed=seed).to_dict(),
            "duplicates": {first: duplicates.get(first, 0), second: duplicates.get(second, 0)}})
    p_holm = holm_adjust([r["mcnemar"]["p_value"] if r["n_pairs"] else None for r in results])
    for result, adjusted in zip(results, p_holm):
        result["mcnemar"]["p_holm"] = adjusted
    return results


def temperature_effect(rows: Sequence[SpeakerRow]) -> dict[str, Any] | None:
    """Accuracy per (model, temperature) and Spearman ρ of temperature vs correctness."""
    expected = [r for r in rows if r.expected and _is_number(r.temperature)]
    scored = judged(expected)
    if not scored:
        return None
    cells = []
    models = sorted({str(r.model) for r in scored})
    for model in models + ["(all models)"]:
        subset = scored if model == "(all models)" else [r for r in scored if str(r.model) == model]
        among = expected if model == "(all models)" else [r for r in expected if str(r.model) == model]
        for temperature in sorted({float(r.temperature) for r in subset}):
            chosen = [r for r in subset if float(r.temperature) == temperature]
            refused = sum(1 for r in among if r.refused and float(r.temperature) == temperature)
            cells.append({"model": model, "temperature": temperature,
                          **_proportion(sum(bool(r.correct) for r in chosen), len(chosen)),
                          "refused": refused, "refusal_rate": refused / (refused + len(chosen))})
        trend = correlation([float(r.temperature) for r in subset], [float(bool(r.correct)) for r in subset])
        cells.append({"model": model, "temperature": "trend", "spearman_rho": trend.spearman_rho,
                      "spearman_p": trend.spearman_p, "n": trend.n})
    return {"cells": [c for c in cells if c["temperature"] != "trend"],
            "trends": [c for c in cells if c["temperature"] == "trend"]}


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def variable_effects(rows: Sequence[SpeakerRow],
                     variables: Sequence[str] = EFFECT_VARIABLES) -> dict[str, Any]:
    """Pearson χ² of error (wrong vs right) against each scenario variable.

    Rows of the table are the variable's levels; columns are [error, correct].
    ``residual_error`` is the adjusted standardized residual of the error cell
    (> 1.96: this level has more errors than independence predicts).
    """
    scored = [r for r in judged(rows) if r.variables]
    effects: dict[str, Any] = {}
    for variable in variables:
        levels = sorted({str(r.variables.get(variable)) for r in scored
                         if r.variables.get(variable) is not None})
        table = [[sum(1 for r in scored if str(r.variables.get(variable)) == level and not r.correct),
                  sum(1 for r in scored if str(r.variables.get(variable)) == level and r.correct)]
                 for level in levels]
        test = chi_square_test(table) if len(levels) >= 2 else None
        level_rows = []
        for i, level in enumerate(levels):
            errors, right = table[i]
            residual = test.residuals[i][0] if test and test.residuals else None
            level_rows.append({"level": level, "n": errors + right, "errors": errors,
                               "error_rate": errors / (errors + right) if errors + right else None,
                               "residual_error": residual})
        effects[variable] = {"levels": level_rows,
                             "chi2": test.statistic if test else None,
                             "dof": test.dof if test else 0,
                             "p_value": test.p_value if test else None,
                             "n": sum(l["n"] for l in level_rows),
                             "note": None if test and test.statistic is not None
                             else "fewer than two levels with data: no test"}
    adjusted = holm_adjust([e["p_value"] for e in effects.values()])
    for effect, p in zip(effects.values(), adjusted):
        effect["p_holm"] = p
    return effects


def read_cloze_csv(path: str | Path) -> dict[str, float]:
    """Read a ``model,cloze_accuracy`` CSV (header required) into {model: accuracy}."""
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        if not reader.fieldnames or not {"model", "cloze_accuracy"} <= set(reader.fieldnames):
            raise ValueError(f"{path}: need the columns model,cloze_accuracy")
        return {row["model"].strip(): float(row["cloze_accuracy"]) for row in reader
                if row.get("model", "").strip()}


def cloze_correlation(rows: Sequence[SpeakerRow], cloze: dict[str, float]) -> dict[str, Any]:
    """Pearson and Spearman correlation of cloze accuracy with generation accuracy per model."""
    per_model = []
    for model in sorted(cloze):
        scored = [r for r in judged(rows) if str(r.model) == model]
        if scored:
            per_model.append({"model": model, "cloze_accuracy": cloze[model],
                              "generation_accuracy": sum(bool(r.correct) for r in scored) / len(scored),
                              "n_speakers": len(scored)})
    result = correlation([m["cloze_accuracy"] for m in per_model],
                         [m["generation_accuracy"] for m in per_model])
    return {"models": per_model, **result.to_dict(),
            "missing_models": sorted(set(cloze) - {m["model"] for m in per_model})}


# ---------------------------------------------------------------- the summary

def group_records(records: Sequence[dict[str, Any]], group_by: Sequence[str]) -> list[tuple[dict[str, Any], list]]:
    """Split ok records by the values of ``group_by`` (sorted, missing values last)."""
    return [(key, [records[i] for i in members]) for key, members in _group_indices(records, group_by)]


def _group_indices(records: Sequence[dict[str, Any]], group_by: Sequence[str]) -> list[tuple[dict[str, Any], list[int]]]:
    groups: dict[tuple, list[int]] = {}
    for i, record in enumerate(records):
        key = tuple(field_value(record, name) for name in group_by)
        groups.setdefault(key, []).append(i)
    ordered = sorted(groups, key=lambda key: tuple((v is None, str(v)) for v in key))
    return [({name: value for name, value in zip(group_by, key)}, groups[key]) for key in ordered]


def default_group_by(records: Iterable[dict[str, Any]]) -> list[str]:
    """The grouping used when none is asked for: by language when the ok records mix
    languages (one accuracy over Hindi and Bangla together hides both), else none.

    >>> default_group_by([{"status": "ok", "language": "hi"}, {"status": "ok", "language": "bn"}])
    ['language']
    >>> default_group_by([{"status": "ok", "language": "hi"}])
    []
    """
    languages = {r.get("language") for r in ok_records(records)}
    return ["language"] if len(languages) > 1 else []


def compute_metrics(records: Iterable[dict[str, Any]], group_by: str | Sequence[str] | None = None, *,
                    cloze: dict[str, float] | None = None, n_resamples: int = DEFAULT_RESAMPLES,
                    seed: int = DEFAULT_SEED) -> dict[str, Any]:
    """Every metric of the study, overall and per group, as a JSON-serializable dict.

    ``group_by`` names carried fields (``model``, ``temperature``), record
    fields (``task``, ``language``) or scenario variables (``setting``). Left
    out (None), the records are grouped by language when they mix languages
    (:func:`default_group_by`); ``[]`` or ``""`` asks for no grouping.
    Every proportion carries ``successes``, ``n`` and a Wilson interval; other
    figures carry a seeded bootstrap interval and ``n``.

    >>> rec = {"status": "ok", "task": "dct", "speakers": {"रोहित": {"tier": "formal",
    ...        "expected": ["formal"], "correct": True, "consistent": True}}, "meta": {"model": "m"}}
    >>> compute_metrics([rec, {"status": "error", "error": "bad json"}])["overall"]["accuracy"]["n"]
    1
    """
    records = list(records)
    ok = ok_records(records)
    fields = parse_group_by(group_by) if group_by is not None else default_group_by(ok)
    rows_by_record = [record_speaker_rows(record, fields) for record in ok]
    rows = [row for record_rows in rows_by_record for row in record_rows]
    options = {"n_resamples": n_resamples, "seed": seed}
    summary: dict[str, Any] = {
        "n_lines": len(records), "n_ok": len(ok), "n_failed": len(records) - len(ok),
        "group_by": fields, "group_by_default": group_by is None,
        "languages": sorted({str(r.get("language")) for r in ok}),
        "overall": metric_block(ok, rows_by_record=rows_by_record, **options),
        "groups": [{"key": key, "metrics": metric_block([ok[i] for i in members],
                                                         rows_by_record=[rows_by_record[i] for i in members],
                                                         **options)}
                   for key, members in _group_indices(ok, fields)] if fields else [],
        "model_comparisons": model_comparisons(rows, **options),
        "temperature_effect": temperature_effect(rows),
        "variable_effects": variable_effects(rows),
        "cloze_correlation": cloze_correlation(rows, cloze) if cloze else None,
        "definitions": METRIC_DEFINITIONS,
        "notes": {"multiple_comparisons": MULTIPLE_COMPARISONS_NOTE,
                  "intervals": "95% Wilson score intervals for proportions; seeded percentile "
                               f"bootstrap ({n_resamples} resamples, seed {seed}) for other figures"},
    }
    return _json_ready(summary)


def _json_ready(value: Any) -> Any:
    """Convert numpy scalars and non-finite floats so ``json.dumps`` gives strict JSON."""
    if isinstance(value, dict):
        return {str(k): _json_ready(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_ready(v) for v in value]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def write_summary(summary: dict[str, Any], path: str | Path) -> Path:
    """Write the metrics summary as JSON (UTF-8, Indic text kept readable)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(summary, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path


# ---------------------------------------------------------------- tables

#: Headline metrics (name in the table → path in a metric block).
HEADLINE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("accuracy", ("accuracy",)),
    ("refused", ("refused",)),
    ("formality_bias_index", ("formality_bias", "index")),
    ("tier_entropy", ("tier_entropy",)),
    ("over_polite", ("politeness", "over_polite")),
    ("under_polite", ("politeness", "under_polite")),
    ("asymmetry_score", ("asymmetry", "asymmetry_score")),
    ("asymmetry_collapse", ("asymmetry", "asymmetry_collapse")),
    ("tier_maintenance", ("tier_maintenance",)),
    ("tier_adaptation", ("tier_adaptation",)),
    ("verb_agreement", ("verb_agreement",)),
    ("consistency", ("consistency",)),
    ("switching_rate", ("switching_rate",)),
    ("avoidance", ("avoidance",)),
    ("refusal", ("refusal",)),
    ("refused_records", ("refused_records",)),
)


def headline_figures(block: dict[str, Any]) -> list[dict[str, Any]]:
    """The headline metrics of a block as rows: metric, estimate, low, high, n, method."""
    rows = []
    for name, path in HEADLINE:
        figure = block
        for part in path:
            figure = figure[part]
        rows.append({"metric": name, "estimate": figure.get("estimate"), "low": figure.get("low"),
                     "high": figure.get("high"), "n": figure.get("n"), "method": figure.get("method")})
    for task, figure in block["accuracy_by_task"].items():
        rows.append({"metric": f"accuracy[task={task}]", **_figure(figure)})
        rows.append({"metric": f"refused[task={task}]", **_figure(block["refused_by_task"][task])})
    for tier, figure in block["accuracy_by_expected_tier"].items():
        rows.append({"metric": f"accuracy[expected={tier}]", **_figure(figure)})
        rows.append({"metric": f"refused[expected={tier}]", **_figure(block["refused_by_expected_tier"][tier])})
    return rows


def _figure(figure: dict[str, Any]) -> dict[str, Any]:
    return {k: figure.get(k) for k in ("estimate", "low", "high", "n", "method")}


def _blocks(summary: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    overall_key = {name: "(all)" for name in summary["group_by"]}
    return [(overall_key, summary["overall"])] + [(g["key"], g["metrics"]) for g in summary["groups"]]


def metrics_tables(records: Iterable[dict[str, Any]], group_by: str | Sequence[str] | None = None, *,
                   summary: dict[str, Any] | None = None) -> dict[str, "pandas.DataFrame"]:
    """The metrics as long tables (pandas DataFrames), one per concern.

    Tables: headline, confusion, tier_distribution, politeness,
    model_comparisons, temperature, variable_effects, speakers. Group columns
    come first; the overall row has the value ``(all)``. Pass a ``summary``
    from :func:`compute_metrics` to avoid recomputing it.
    """
    import pandas as pd
    records = list(records)
    if summary is None:
        summary = compute_metrics(records, group_by)
    fields = summary["group_by"]
    headline, confusion, distribution, politeness = [], [], [], []
    for key, block in _blocks(summary):
        headline += [{**key, **row} for row in headline_figures(block)]
        matrix = block["confusion"]
        for i, expected in enumerate(matrix["rows"]):
            for j, produced in enumerate(matrix["columns"]):
                confusion.append({**key, "expected": expected, "produced": produced,
                                  "count": matrix["counts"][i][j]})
        dist = block["tier_distribution"]
        distribution += [{**key, "tier": t, "count": dist["counts"][t], "share": dist["shares"][t]}
                         for t in OUTCOMES]
        test = block["politeness"]["test"]
        politeness.append({**key, "over_polite": block["politeness"]["over_count"],
                           "under_polite": block["politeness"]["under_count"],
                           "n_speakers": block["politeness"]["over_polite"]["n"],
                           "binomial_p": test["p_value"]})
    comparisons = [{"first": c["first"], "second": c["second"], "n_pairs": c["n_pairs"],
                    "accuracy_first": c["accuracy_first"], "accuracy_second": c["accuracy_second"],
                    "refused_first": c["refused_first"]["estimate"],
                    "refused_second": c["refused_second"]["estimate"],
                    "b_first_only": c["mcnemar"]["details"]["b"],
                    "c_second_only": c["mcnemar"]["details"]["c"],
                    "mcnemar_p": c["mcnemar"]["p_value"], "mcnemar_p_holm": c["mcnemar"]["p_holm"],
                    "difference": c["difference"]["estimate"], "difference_low": c["difference"]["low"],
                    "difference_high": c["difference"]["high"],
                    "note": c["mcnemar"].get("note")} for c in summary["model_comparisons"]]
    temperature = (summary["temperature_effect"] or {}).get("cells", [])
    effects = [{"variable": variable, **level, "chi2": effect["chi2"], "dof": effect["dof"],
                "p_value": effect["p_value"], "p_holm": effect["p_holm"]}
               for variable, effect in summary["variable_effects"].items() for level in effect["levels"]]
    speakers = [_speaker_table_row(row) for row in speaker_rows(records, fields)]
    tables = {"headline": headline, "confusion": confusion, "tier_distribution": distribution,
              "politeness": politeness, "model_comparisons": comparisons,
              "temperature": temperature, "variable_effects": effects, "speakers": speakers}
    # An empty table keeps its header, so a script reading the CSV finds its columns.
    return {name: pd.DataFrame(rows) if rows else pd.DataFrame(columns=EMPTY_TABLE_COLUMNS[name])
            for name, rows in tables.items()}


#: the columns of each table that can be empty (no models to compare, no scenario variables …)
EMPTY_TABLE_COLUMNS: dict[str, list[str]] = {
    "headline": ["metric", "estimate", "low", "high", "n", "method"],
    "confusion": ["expected", "produced", "count"],
    "tier_distribution": ["tier", "count", "share"],
    "politeness": ["over_polite", "under_polite", "n_speakers", "binomial_p"],
    "model_comparisons": ["first", "second", "n_pairs", "accuracy_first", "accuracy_second",
                          "refused_first", "refused_second", "b_first_only", "c_second_only", "mcnemar_p",
                          "mcnemar_p_holm", "difference", "difference_low", "difference_high", "note"],
    "temperature": ["model", "temperature", "successes", "n", "estimate", "low", "high", "method",
                    "refused", "refusal_rate"],
    "variable_effects": ["variable", "level", "n", "errors", "error_rate", "residual_error",
                         "chi2", "dof", "p_value", "p_holm"],
    "speakers": [name for name in SpeakerRow.__dataclass_fields__ if name not in ("groups", "variables", "meta")],
}

_ROW_FIELDS = tuple(name for name in SpeakerRow.__dataclass_fields__ if name not in ("groups", "variables", "meta"))


def _speaker_table_row(row: SpeakerRow) -> dict[str, Any]:
    # field by field: dataclasses.asdict deep-copies every value (half the time of a 50k-record report)
    out = {name: getattr(row, name) for name in _ROW_FIELDS}
    groups, variables = row.groups, row.variables
    out["by_addressee"] = TIER_SEPARATOR.join(f"{k}:{v}" for k, v in row.by_addressee.items()) or None
    out["expected"] = join_tiers(row.expected)
    out["expected_before"] = join_tiers(row.expected_before)
    out["turn_tiers"] = join_tiers(row.turn_tiers) or ""
    for name in ("record_id", "scenario_id", "temperature", "run", "model"):
        out[name] = None if out[name] is None else str(out[name])
    out.update({f"var_{k}": (None if v is None else str(v)) for k, v in variables.items()})
    out.update({f"group_{k}": (None if v is None else str(v)) for k, v in groups.items()})
    return out


def parquet_available() -> bool:
    """Whether pyarrow is importable (Parquet output is skipped otherwise)."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return False
    return True


def write_tables(tables: dict[str, "pandas.DataFrame"], out_dir: str | Path, *,
                 parquet: bool | None = None) -> list[Path]:
    """Write each table as ``<name>.csv`` and, when pyarrow is present, ``<name>.parquet``."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    use_parquet = parquet_available() if parquet is None else parquet
    written = []
    for name, frame in tables.items():
        csv_path = out_dir / f"{name}.csv"
        frame.to_csv(csv_path, index=False)
        written.append(csv_path)
        if use_parquet:
            # Mixed-type group columns (e.g. "(all)" next to 0.7) must be one type for Parquet.
            safe = frame.copy()
            for column in safe.columns:
                if safe[column].dtype == object:
                    safe[column] = safe[column].map(lambda v: None if v is None else str(v))
            parquet_path = out_dir / f"{name}.parquet"
            safe.to_parquet(parquet_path, index=False)
            written.append(parquet_path)
    return written
