"""Human annotation: export a stratified sheet, import ratings, measure agreement.

The unit is a speaker in one record (their address toward one addressee).
Each annotator rates, per item: appropriateness (1–5: how fitting the tier is
for the situation), naturalness (1–5), consistency (yes/no: does the speaker
keep one tier) and, only when the automatic tier is wrong, the corrected tier
(any spelling: आप, apni, formal …). A blank corrected tier means the
annotator accepts the automatic one.

Agreement figures:

- Cohen's κ for each pair of annotators (unweighted), Fleiss' κ over the
  items every annotator rated;
- binary-decomposed κ for items with two acceptable tiers: for each tier t of
  the pair, κ of the yes/no decision "the speaker's tier is t";
- agreement of the automatic tier with the human majority (strict majority);
- accepted ranges per scenario: mean ± 0.674·sd of the ratings (the central
  50% of a normal distribution).
"""
from __future__ import annotations

import csv
import itertools
import math
import random
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from .results import field_value, join_tiers, ok_records, record_speaker_rows, split_tiers
from .stats import wilson_interval
from .tiers import OUTCOMES, TIERS, TierError, parse_tier

#: z of the 75th percentile: mean ± 0.674·sd covers the central 50%.
CENTRAL_HALF_Z = 0.674
RATING_COLUMNS = ("appropriateness", "naturalness", "consistency", "corrected_tier", "comment")
SHEET_COLUMNS = ("item_id", "annotator", "record_id", "scenario_id", "language", "task", "model",
                 "speaker", "addressee", "automatic_tier", "expected_tiers", "dialogue") + RATING_COLUMNS
DEFAULT_STRATA = ("task", "language", "model")
_YES = {"yes", "y", "true", "1", "हाँ", "হ্যাঁ"}
_NO = {"no", "n", "false", "0", "नहीं", "না"}


class AnnotationError(ValueError):
    """A sheet that cannot be read (missing column, rating out of range …)."""


@dataclass(slots=True)
class AnnotationItem:
    """One speaker of one record, as shown to annotators."""
    item_id: str
    record_id: str
    scenario_id: str
    language: str
    task: str
    model: str
    speaker: str
    addressee: str
    automatic_tier: str
    expected_tiers: str
    dialogue: str


@dataclass(slots=True)
class Annotation:
    """One annotator's ratings of one item, parsed and validated."""
    item_id: str
    annotator: str
    scenario_id: str
    automatic_tier: str
    expected_tiers: tuple[str, ...]
    appropriateness: int | None
    naturalness: int | None
    consistency: bool | None
    human_tier: str | None   # corrected tier, else the automatic tier (None when not rated at all)


# ---------------------------------------------------------------- export

def annotation_items(records: Iterable[dict[str, Any]]) -> list[AnnotationItem]:
    """Every speaker of every ok record as an annotation item (record order)."""
    items = []
    for record in ok_records(records):
        dialogue = "\n".join(f"{turn.get('speaker') or '—'}: {turn.get('text', '')}"
                             for turn in record.get("turns") or [])
        for row in record_speaker_rows(record):
            record_id = str(row.record_id)
            items.append(AnnotationItem(
                item_id=f"{record_id}::{row.speaker}", record_id=record_id,
                scenario_id=str(row.scenario_id or ""), language=str(row.language or ""),
                task=str(row.task or ""), model=str(field_value(record, "model") or ""),
                speaker=row.speaker, addressee=str(row.addressee or ""), automatic_tier=row.tier,
                expected_tiers=join_tiers(row.expected) or "", dialogue=dialogue))
    return items


def sample_items(records: Iterable[dict[str, Any]], fraction: float = 0.3, *, seed: int = 0,
                 strata: Sequence[str] = DEFAULT_STRATA) -> list[AnnotationItem]:
    """A stratified random sample: ``ceil(fraction · size)`` items from every stratum.

    Strata are the combinations of ``strata`` fields (default task × language
    × model), so every model and task is represented. Deterministic for a seed.
    """
    if not 0 < fraction <= 1:
        raise ValueError(f"fraction must be in (0, 1], got {fraction}")
    records = ok_records(records)
    by_record = {str(r.get("id")): r for r in records}
    groups: dict[tuple, list[AnnotationItem]] = {}
    for item in annotation_items(records):
        key = tuple(str(field_value(by_record[item.record_id], name)) for name in strata)
        groups.setdefault(key, []).append(item)
    chosen: list[AnnotationItem] = []
    for key in sorted(groups):
        members = groups[key]
        # A string seed per stratum: adding a model does not reshuffle the other strata.
        rng = random.Random(f"{seed}|{'|'.join(key)}")
        chosen += rng.sample(members, math.ceil(fraction * len(members)))
    return sorted(chosen, key=lambda item: item.item_id)


def write_sheet(items: Sequence[AnnotationItem], path: str | Path, annotators: Sequence[str]) -> Path:
    """Write one CSV with a row per item per annotator, rating columns blank.

    UTF-8 with BOM so spreadsheet programs show Devanagari and Bengali.
    """
    if len(annotators) < 1:
        raise ValueError("name at least one annotator")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.DictWriter(handle, fieldnames=SHEET_COLUMNS)
        writer.writeheader()
        for annotator in annotators:
            for item in items:
                writer.writerow({**asdict(item), "annotator": annotator,
                                 **{column: "" for column in RATING_COLUMNS}})
    return path


# ---------------------------------------------------------------- import

def read_sheets(paths: Sequence[str | Path]) -> list[Annotation]:
    """Read one or more filled sheets; rows with no rating at all are skipped."""
    annotations = []
    for path in paths:
        with open(path, newline="", encoding="utf-8-sig") as handle:
            reader = csv.DictReader(handle)
            missing = {"item_id", "annotator", "automatic_tier"} - set(reader.fieldnames or [])
            if missing:
                raise AnnotationError(f"{path}: missing column(s) {', '.join(sorted(missing))}")
            for line, row in enumerate(reader, start=2):
                annotation = _parse_row(row, f"{path}:{line}")
                if annotation is not None:
                    annotations.append(annotation)
    return annotations


def _parse_row(row: dict[str, str], where: str) -> Annotation | None:
    values = {column: (row.get(column) or "").strip() for column in RATING_COLUMNS}
    if not any(values[c] for c in ("appropriateness", "naturalness", "consistency", "corrected_tier")):
        return None
    try:
        corrected = parse_tier(values["corrected_tier"]) if values["corrected_tier"] else None
    except TierError as error:
        raise AnnotationError(f"{where}: {error}") from None
    expected = split_tiers(row.get("expected_tiers"))
    return Annotation(
        item_id=row["item_id"], annotator=row["annotator"].strip(),
        scenario_id=(row.get("scenario_id") or "").strip() or row.get("record_id", ""),
        automatic_tier=row["automatic_tier"].strip(), expected_tiers=expected,
        appropriateness=_rating(values["appropriateness"], "appropriateness", where),
        naturalness=_rating(values["naturalness"], "naturalness", where),
        consistency=_yes_no(values["consistency"], where),
        human_tier=corrected or row["automatic_tier"].strip())


def _rating(value: str, column: str, where: str) -> int | None:
    if not value:
        return None
    try:
        number = int(float(value))
    except ValueError:
        raise AnnotationError(f"{where}: {column} must be 1–5, got {value!r}") from None
    if not 1 <= number <= 5 or number != float(value):
        raise AnnotationError(f"{where}: {column} must be a whole number 1–5, got {value!r}")
    return number


def _yes_no(value: str, where: str) -> bool | None:
    if not value:
        return None
    key = value.casefold()
    if key in _YES:
        return True
    if key in _NO:
        return False
    raise AnnotationError(f"{where}: consistency must be yes or no, got {value!r}")


# ---------------------------------------------------------------- agreement statistics

def cohen_kappa(first: Sequence[Any], second: Sequence[Any]) -> float | None:
    """Cohen's κ of two raters over the same items (None when chance agreement is 1).

    >>> cohen_kappa(["आप", "आप", "तुम", "तुम"], ["आप", "तुम", "तुम", "तुम"])
    0.5
    """
    if len(first) != len(second):
        raise ValueError("both raters must rate the same items")
    n = len(first)
    if n == 0:
        return None
    observed = sum(a == b for a, b in zip(first, second)) / n
    categories = set(first) | set(second)
    chance = sum((list(first).count(c) / n) * (list(second).count(c) / n) for c in categories)
    if chance >= 1:
        return None
    return (observed - chance) / (1 - chance)


def fleiss_kappa(counts: Sequence[Sequence[int]]) -> float | None:
    """Fleiss' κ from an items × categories matrix of rater counts (same raters per item)."""
    rows = [list(row) for row in counts if sum(row) > 0]
    if not rows:
        return None
    raters = sum(rows[0])
    if raters < 2 or any(sum(row) != raters for row in rows):
        raise ValueError("Fleiss' κ needs the same number (≥ 2) of ratings for every item")
    items = len(rows)
    agreement = [(sum(c * c for c in row) - raters) / (raters * (raters - 1)) for row in rows]
    shares = [sum(row[j] for row in rows) / (items * raters) for j in range(len(rows[0]))]
    chance = sum(p * p for p in shares)
    if chance >= 1:
        return None
    return (sum(agreement) / items - chance) / (1 - chance)


def _by_item(annotations: Sequence[Annotation], attribute: str) -> dict[str, dict[str, Any]]:
    table: dict[str, dict[str, Any]] = {}
    for a in annotations:
        value = getattr(a, attribute)
        if value is not None:
            table.setdefault(a.item_id, {})[a.annotator] = value
    return table


def pairwise_kappa(annotations: Sequence[Annotation], attribute: str,
                   transform=lambda value: value) -> dict[str, Any]:
    """Cohen's κ for every annotator pair on ``attribute``, their mean, and Fleiss' κ."""
    table = _by_item(annotations, attribute)
    annotators = sorted({a.annotator for a in annotations})
    pairs = []
    for first, second in itertools.combinations(annotators, 2):
        shared = [item for item, ratings in sorted(table.items()) if first in ratings and second in ratings]
        kappa = cohen_kappa([transform(table[i][first]) for i in shared],
                            [transform(table[i][second]) for i in shared])
        pairs.append({"first": first, "second": second, "n": len(shared), "kappa": kappa})
    complete = [ratings for ratings in table.values() if set(annotators) <= set(ratings)]
    categories = sorted({transform(v) for ratings in complete for v in ratings.values()}, key=str)
    counts = [[sum(transform(v) == c for v in ratings.values()) for c in categories] for ratings in complete]
    defined = [p["kappa"] for p in pairs if p["kappa"] is not None]
    return {"pairs": pairs, "mean_cohen": (sum(defined) / len(defined)) if defined else None,
            "fleiss": fleiss_kappa(counts) if len(annotators) >= 2 and counts else None,
            "fleiss_n": len(counts)}


def binary_decomposed_kappa(annotations: Sequence[Annotation]) -> dict[str, Any]:
    """κ per acceptable tier on items with exactly two acceptable tiers.

    For each tier t that is one of the two acceptable tiers of some item, every
    rating becomes "human tier == t" (yes/no) over those items, and κ is
    computed on that binary decision (mean Cohen over annotator pairs, and
    Fleiss). Two acceptable tiers make a single categorical κ too harsh: raters
    who split between the two acceptable tiers are not in real disagreement
    about appropriateness.
    """
    two_tier = [a for a in annotations if len(a.expected_tiers) == 2]
    per_tier = {}
    for tier in TIERS:
        subset = [a for a in two_tier if tier in a.expected_tiers]
        if subset:
            result = pairwise_kappa(subset, "human_tier", transform=lambda v, t=tier: v == t)
            per_tier[tier] = {"mean_cohen": result["mean_cohen"], "fleiss": result["fleiss"],
                              "n_items": len({a.item_id for a in subset})}
    defined = [v["mean_cohen"] for v in per_tier.values() if v["mean_cohen"] is not None]
    return {"per_tier": per_tier, "mean": (sum(defined) / len(defined)) if defined else None,
            "n_items": len({a.item_id for a in two_tier})}


def majority_tiers(annotations: Sequence[Annotation]) -> dict[str, str]:
    """Item → the human tier chosen by a strict majority of its annotators (ties left out)."""
    majority = {}
    for item, ratings in _by_item(annotations, "human_tier").items():
        values = list(ratings.values())
        best = max(OUTCOMES, key=values.count)
        if values.count(best) * 2 > len(values):
            majority[item] = best
    return majority


def automatic_agreement(annotations: Sequence[Annotation]) -> dict[str, Any]:
    """Agreement of the automatic tier with the human majority tier (share, Wilson CI, κ)."""
    majority = majority_tiers(annotations)
    automatic = {a.item_id: a.automatic_tier for a in annotations}
    items = sorted(majority)
    agree = sum(automatic[i] == majority[i] for i in items)
    return {"agreement": wilson_interval(agree, len(items)).to_dict(),
            "kappa": cohen_kappa([automatic[i] for i in items], [majority[i] for i in items]),
            "items_without_majority": len(_by_item(annotations, "human_tier")) - len(items)}


def accepted_ranges(annotations: Sequence[Annotation]) -> dict[str, dict[str, Any]]:
    """Per scenario: mean ± 0.674·sd (sample sd) of appropriateness and naturalness."""
    ranges: dict[str, dict[str, Any]] = {}
    for scenario in sorted({a.scenario_id for a in annotations}):
        ranges[scenario] = {}
        for attribute in ("appropriateness", "naturalness"):
            values = [getattr(a, attribute) for a in annotations
                      if a.scenario_id == scenario and getattr(a, attribute) is not None]
            if not values:
                continue
            mean = sum(values) / len(values)
            sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1)) if len(values) > 1 else 0.0
            ranges[scenario][attribute] = {"mean": mean, "sd": sd, "n": len(values),
                                           "low": mean - CENTRAL_HALF_Z * sd,
                                           "high": mean + CENTRAL_HALF_Z * sd}
    return ranges


def agreement_report(annotations: Sequence[Annotation]) -> dict[str, Any]:
    """Everything ``import-annotation`` prints, as a JSON-serializable dict."""
    return {
        "annotators": sorted({a.annotator for a in annotations}),
        "n_items": len({a.item_id for a in annotations}),
        "n_ratings": len(annotations),
        "kappa": {
            "tier": pairwise_kappa(annotations, "human_tier"),
            "consistency": pairwise_kappa(annotations, "consistency"),
            "appropriateness": pairwise_kappa(annotations, "appropriateness"),
            "naturalness": pairwise_kappa(annotations, "naturalness"),
        },
        "binary_decomposed_kappa": binary_decomposed_kappa(annotations),
        "automatic_vs_majority": automatic_agreement(annotations),
        "accepted_ranges": accepted_ranges(annotations),
    }
