"""Human annotation: export a stratified sheet, import ratings, measure agreement.

The unit is a speaker in one record (their address toward one addressee).
Each annotator rates, per item: appropriateness (1–5: how fitting the tier is
for the situation), naturalness (1–5), consistency (yes/no: does the speaker
keep one tier) and the tier the speaker uses toward the addressee (any
spelling: आप, apni, formal …).

The sheet is blind by default: annotators do not see the tool's answer (the
automatic tier) or the expected tiers, which would anchor them. Those go into
a key file beside the sheet (``sheet.key.csv`` for ``sheet.csv``, one row per
item), and :func:`read_sheets` joins it back on ``item_id``. An adjudication
sheet (``show_automatic``) shows both and asks for a ``corrected_tier`` only
where the automatic tier is wrong: a blank one accepts the automatic tier.

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
import io
import itertools
import math
import random
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterable, Sequence

from .results import field_value, join_tiers, ok_records, record_speaker_rows, split_tiers
from .stats import wilson_interval
from .tiers import OUTCOMES, TIERS, TierError, parse_tier
from .usage import UsageError

#: z of the 75th percentile: mean ± 0.674·sd covers the central 50%.
CENTRAL_HALF_Z = 0.674
#: What an annotator fills in on a blind sheet (the default): the tier is their own reading.
RATING_COLUMNS = ("appropriateness", "naturalness", "consistency", "tier", "comment")
#: What an adjudicator fills in on a sheet that shows the automatic tier: a tier only where it is wrong.
ADJUDICATION_RATING_COLUMNS = ("appropriateness", "naturalness", "consistency", "corrected_tier", "comment")
_ITEM_COLUMNS = ("item_id", "annotator", "record_id", "scenario_id", "language", "task", "model",
                 "speaker", "addressee")
#: The blind sheet: nothing of the tool's answer or of the expectations.
SHEET_COLUMNS = _ITEM_COLUMNS + ("dialogue",) + RATING_COLUMNS
#: The adjudication sheet (``--show-automatic``).
ADJUDICATION_COLUMNS = _ITEM_COLUMNS + ("automatic_tier", "expected_tiers", "dialogue") + ADJUDICATION_RATING_COLUMNS
#: The key file beside a sheet: the tool's answer per item, joined back on import.
KEY_COLUMNS = ("item_id", "automatic_tier", "expected_tiers")
KEY_SUFFIX = ".key.csv"
DEFAULT_STRATA = ("task", "language", "model")
_YES = {"yes", "y", "true", "1", "हाँ", "হ্যাঁ"}
_NO = {"no", "n", "false", "0", "नहीं", "না"}


class AnnotationError(ValueError):
    """A sheet that cannot be read (missing column, rating out of range …).

    ``str()`` is one line; ``problems`` lists each bad cell or missing column.
    """

    def __init__(self, message: str, problems: Sequence[str] = ()):
        super().__init__(message)
        self.problems = list(problems) or [message]


class SheetExistsError(AnnotationError, UsageError):
    """Writing would overwrite a sheet (or its key file) that may hold a person's work.

    Also a :class:`~honorifics.usage.UsageError`: any command that meets it
    reports it in one line, exit 2.
    """


@dataclass(slots=True)
class AnnotationItem:
    """One speaker of one record: what the sheet shows, and (key file) the tool's answer."""
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
    #: blind sheet: the annotator's tier (None when left blank); adjudication sheet: the
    #: corrected tier, else the automatic one
    human_tier: str | None


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


def key_path(sheet: str | Path) -> Path:
    """The key file that goes with a sheet: ``sheet.key.csv`` beside ``sheet.csv``.

    >>> key_path("ratings/sheet.csv").as_posix()
    'ratings/sheet.key.csv'
    """
    sheet = Path(sheet)
    return sheet.with_name(sheet.stem + KEY_SUFFIX)


def check_overwrite(path: str | Path, force: bool = False) -> None:
    """Raise :class:`SheetExistsError` when the sheet or its key file exists (unless ``force``).

    A sheet may hold ratings a person has typed in; the key file is what joins
    a filled sheet back to the tool's answers.
    """
    if force:
        return
    existing = [candidate for candidate in (Path(path), key_path(path)) if candidate.exists()]
    if existing:
        names = " and ".join(str(candidate) for candidate in existing)
        raise SheetExistsError(f"{names} already exist{'s' if len(existing) == 1 else ''} (a filled sheet "
                               f"would be lost): choose another --out, or add --force to overwrite")


def write_sheet(items: Sequence[AnnotationItem], path: str | Path, annotators: Sequence[str], *,
                show_automatic: bool = False, force: bool = False) -> Path:
    """Write one CSV with a row per item per annotator (rating columns blank) and its key file.

    By default the sheet is blind: the automatic tier and the expected tiers go
    only into the key file (:func:`key_path`), so annotators are not anchored
    by the tool's answer. ``show_automatic`` writes an adjudication sheet that
    shows both (the key file is written too). An existing sheet or key file is
    not overwritten unless ``force`` (:class:`SheetExistsError`).

    UTF-8 with BOM so spreadsheet programs show Devanagari and Bengali.
    """
    if len(annotators) < 1:
        raise ValueError("name at least one annotator")
    path = Path(path)
    check_overwrite(path, force)
    path.parent.mkdir(parents=True, exist_ok=True)
    columns, ratings = ((ADJUDICATION_COLUMNS, ADJUDICATION_RATING_COLUMNS) if show_automatic
                        else (SHEET_COLUMNS, RATING_COLUMNS))
    with open(path, "w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        for annotator in annotators:
            for item in items:
                writer.writerow({**asdict(item), "annotator": annotator,
                                 **{column: "" for column in ratings}})
    with open(key_path(path), "w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.DictWriter(handle, fieldnames=KEY_COLUMNS, extrasaction="ignore")
        writer.writeheader()
        for item in items:
            writer.writerow(asdict(item))
    return path


# ---------------------------------------------------------------- import

def _read_csv(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    """Header and rows of a UTF-8 CSV (BOM or not, plain or gzip); anything else is an
    :class:`AnnotationError` in one line."""
    from .textfiles import TextFileError, is_gzip, open_text
    try:
        with open_text(path, newline="") as handle:
            reader = csv.DictReader(handle)
            rows = list(reader)
            return list(reader.fieldnames or []), rows
    except TextFileError as error:
        with open(path, "rb") as raw:
            gzipped = is_gzip(raw.read(2))
        raise AnnotationError(str(error) if gzipped else _not_utf8(path)) from None
    except csv.Error as error:
        raise AnnotationError(f"{path}: not a readable CSV file ({error})") from None


def _not_utf8(path: Path) -> str:
    """One line: the sheet, the spreadsheet row of the first bad byte, what the file looks like."""
    from .textfiles import HEAD_BYTES, describe_bytes
    data = path.read_bytes()
    try:
        data.decode("utf-8")
        start = 0
    except UnicodeDecodeError as whole:
        start = whole.start
    prefix = data[:start].decode("utf-8-sig", errors="replace")
    # the row as a spreadsheet counts it (the header is row 1; a cell may hold line breaks):
    # a sentinel after the prefix always lands in the row of the bad byte
    row = len(list(csv.reader(io.StringIO(prefix + "x"))))
    looks = describe_bytes(data[:HEAD_BYTES])
    if looks in (None, "a CSV file", "a TSV file"):
        looks = "a sheet in a legacy encoding (cp1252/Latin-1?), not UTF-8"
    return (f"{path}:{row}: not UTF-8 text; the file looks like {looks}: save the sheet as "
            f"'CSV UTF-8 (comma delimited)' and import it again")


def read_key(path: str | Path) -> dict[str, tuple[str, tuple[str, ...]]]:
    """A key file: item id → (automatic tier, expected tiers)."""
    path = Path(path)
    columns, rows = _read_csv(path)
    missing = [column for column in KEY_COLUMNS[:2] if column not in columns]
    if missing:
        raise AnnotationError(f"{path}: not a key file from 'honorifics annotate export' "
                              f"(no column {', '.join(missing)})")
    return {row["item_id"]: ((row.get("automatic_tier") or "").strip(), split_tiers(row.get("expected_tiers")))
            for row in rows}


def read_sheets(paths: Sequence[str | Path], key: str | Path | None = None) -> list[Annotation]:
    """Read one or more filled sheets; rows with no rating at all are skipped.

    The automatic and expected tiers come from the key file: ``key`` when
    given, else the one beside each sheet (:func:`key_path`), else the
    sheet's own columns (an adjudication sheet). Every bad cell of every sheet
    is collected: an :class:`AnnotationError` names them all (its ``problems``).
    """
    annotations: list[Annotation] = []
    problems: list[str] = []
    seen: dict[tuple[str, str], str] = {}
    given_key = read_key(key) if key is not None else None
    for path in map(Path, paths):
        try:
            columns, rows = _read_csv(path)
        except AnnotationError as error:
            problems.append(str(error))
            continue
        missing = [column for column in ("item_id", "annotator") if column not in columns]
        if "tier" not in columns and "corrected_tier" not in columns:
            missing.append("tier")
        if missing:
            problems.append(f"{path}: missing column(s) {', '.join(missing)} (not a sheet from "
                            f"'honorifics annotate export')")
            continue
        answers = given_key
        if answers is None and key_path(path).exists():
            answers = read_key(key_path(path))
        if answers is None and "automatic_tier" not in columns:
            problems.append(f"{path}: no key file {key_path(path)} beside it, and the sheet is blind "
                            f"(no automatic_tier column): give the key file with --key")
            continue
        for line, row in enumerate(rows, start=2):
            where = f"{path}:{line}"
            annotation = _parse_row(row, where, answers, problems)
            if annotation is None:
                continue
            first = seen.setdefault((annotation.item_id, annotation.annotator), where)
            if first != where:
                problems.append(f"{where}: {annotation.annotator} rated item {annotation.item_id} "
                                f"already at {first}")
                continue
            annotations.append(annotation)
    if problems:
        count = f"{len(problems)} problem{'s' if len(problems) > 1 else ''} in the sheet(s)"
        raise AnnotationError(f"{count}: " + "; ".join(problems), problems)
    return annotations


def _parse_row(row: dict[str, str | None], where: str,
               answers: dict[str, tuple[str, tuple[str, ...]]] | None,
               problems: list[str]) -> Annotation | None:
    """One rated row, or None (not rated, or bad: each bad cell is added to ``problems``)."""
    blind = "tier" in row
    tier_column = "tier" if blind else "corrected_tier"
    values = {column: (row.get(column) or "").strip()
              for column in ("appropriateness", "naturalness", "consistency", tier_column)}
    if not any(values.values()):
        return None
    before = len(problems)
    item_id = (row.get("item_id") or "").strip()
    annotator = (row.get("annotator") or "").strip()
    if not item_id:
        problems.append(f"{where}: item_id is blank")
    if not annotator:
        problems.append(f"{where}: annotator is blank")
    if answers is not None:
        if item_id and item_id not in answers:
            problems.append(f"{where}: item_id {item_id!r} is not in the key file")
        automatic, expected = answers.get(item_id, ("", ()))
    else:
        automatic, expected = (row.get("automatic_tier") or "").strip(), split_tiers(row.get("expected_tiers"))
    tier = None
    if values[tier_column]:
        try:
            tier = parse_tier(values[tier_column])
        except TierError as error:
            problems.append(f"{where}: {tier_column}: {error}")
    appropriateness = _rating(values["appropriateness"], "appropriateness", where, problems)
    naturalness = _rating(values["naturalness"], "naturalness", where, problems)
    consistency = _yes_no(values["consistency"], where, problems)
    if len(problems) > before:
        return None
    return Annotation(
        item_id=item_id, annotator=annotator,
        scenario_id=(row.get("scenario_id") or "").strip() or (row.get("record_id") or ""),
        automatic_tier=automatic, expected_tiers=expected,
        appropriateness=appropriateness, naturalness=naturalness, consistency=consistency,
        # blind: the annotator's own tier (None when left blank); adjudication: a blank
        # corrected tier accepts the automatic one
        human_tier=tier if blind else (tier or automatic))


def _rating(value: str, column: str, where: str, problems: list[str]) -> int | None:
    if not value:
        return None
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if not (1 <= number <= 5 and number == int(number)):
        problems.append(f"{where}: {column} must be a whole number 1–5, got {value!r}")
        return None
    return int(number)


def _yes_no(value: str, where: str, problems: list[str]) -> bool | None:
    if not value:
        return None
    key = value.casefold()
    if key in _YES:
        return True
    if key in _NO:
        return False
    problems.append(f"{where}: consistency must be yes or no, got {value!r}")
    return None


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
