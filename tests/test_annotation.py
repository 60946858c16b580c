"""Annotation sheet round trip and agreement statistics against hand-computed values."""
import csv
import json
import math
from collections import Counter
from pathlib import Path

import pytest

from honorifics import annotation

FIXTURE = Path(__file__).parent / "data" / "report" / "example_analysis.jsonl"


@pytest.fixture(scope="module")
def records():
    return [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines()]


def test_cohen_kappa_2x2_table_by_hand():
    # yes/yes 20, yes/no 5, no/yes 10, no/no 15: po = 0.7, pe = 0.5·0.6 + 0.5·0.4 = 0.5, κ = 0.4.
    first = ["yes"] * 25 + ["no"] * 25
    second = ["yes"] * 20 + ["no"] * 5 + ["yes"] * 10 + ["no"] * 15
    assert annotation.cohen_kappa(first, second) == pytest.approx(0.4)
    assert annotation.cohen_kappa(["a", "a"], ["a", "a"]) is None   # chance agreement 1: undefined


def test_fleiss_kappa_by_hand():
    # P_i = 1, 1, 1/3 → P̄ = 7/9; p = (5/9, 4/9) → Pe = 41/81; κ = 22/40.
    assert annotation.fleiss_kappa([[3, 0], [0, 3], [2, 1]]) == pytest.approx(0.55)
    with pytest.raises(ValueError):
        annotation.fleiss_kappa([[3, 0], [1, 1]])


def test_stratified_sample_covers_every_stratum_and_is_deterministic(records):
    items = annotation.sample_items(records, 0.3, seed=4)
    strata = Counter((r["task"], r["language"], r["meta"]["model"]) for r in records
                     if r["status"] == "ok" for _ in r["speakers"])
    assert len(items) == sum(math.ceil(0.3 * size) for size in strata.values())
    by_id = {r["id"]: r for r in records}
    sampled = {(by_id[i.record_id]["task"], i.language, i.model) for i in items}
    assert sampled == set(strata)
    assert [i.item_id for i in items] == [i.item_id for i in annotation.sample_items(records, 0.3, seed=4)]


def _fill(path, ratings):
    """Fill the sheet: ratings maps (annotator, item index) → row values."""
    with open(path, newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(handle))
    counters = Counter()
    for row in rows:
        index = counters[row["annotator"]]
        counters[row["annotator"]] += 1
        row.update(ratings.get((row["annotator"], index), {}))
    with open(path, "w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.DictWriter(handle, fieldnames=annotation.SHEET_COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    return rows


def test_sheet_round_trip_and_agreement(records, tmp_path):
    items = [i for i in annotation.annotation_items(records) if i.record_id.startswith("model-a-bn-rp")
             or i.record_id == "model-a-hi-dct-001-t0.0"]
    assert [i.speaker for i in items] == ["रोहित", "অয়ন", "মা"]
    sheet = annotation.write_sheet(items, tmp_path / "sheet.csv", ["asha", "bilal"])
    text = sheet.read_text(encoding="utf-8-sig")
    assert "অয়ন" in text and "मैडम, क्या आप" in text   # the dialogue travels with the item
    ratings = {
        ("asha", 1): {"appropriateness": "5", "naturalness": "4", "consistency": "yes"},
        ("asha", 2): {"appropriateness": "4", "naturalness": "5", "consistency": "yes", "corrected_tier": "তুমি"},
        ("asha", 0): {"appropriateness": "3", "naturalness": "4", "consistency": "yes"},
        ("bilal", 1): {"appropriateness": "4", "naturalness": "4", "consistency": "yes"},
        ("bilal", 2): {"appropriateness": "5", "naturalness": "3", "consistency": "no"},
        ("bilal", 0): {"appropriateness": "5", "naturalness": "4", "consistency": "yes", "corrected_tier": "आप"},
    }
    _fill(sheet, ratings)
    annotations = annotation.read_sheets([sheet])
    assert len(annotations) == 6
    mother = [a for a in annotations if a.item_id.endswith("::মা")]
    assert {a.annotator: a.human_tier for a in mother} == {"asha": "familiar", "bilal": "intimate"}
    report = annotation.agreement_report(annotations)
    # Tier: asha (familiar, familiar, formal) vs bilal (familiar, intimate, formal):
    # po = 2/3; pe = (2/3·1/3) + (0·1/3) + (1/3·1/3) = 1/3 → κ = (2/3 − 1/3)/(2/3) = 0.5.
    assert report["kappa"]["tier"]["pairs"][0]["kappa"] == pytest.approx(0.5)
    assert report["kappa"]["tier"]["fleiss_n"] == 3
    # Automatic vs majority: the mother item has no majority (1–1); the other two agree.
    auto = report["automatic_vs_majority"]
    assert (auto["agreement"]["successes"], auto["agreement"]["n"]) == (2, 2)
    assert auto["items_without_majority"] == 1
    # Only the mother item has two acceptable tiers (intimate|familiar).
    decomposed = report["binary_decomposed_kappa"]
    assert decomposed["n_items"] == 1 and set(decomposed["per_tier"]) == {"intimate", "familiar"}
    # Accepted range for bn-rp-001 appropriateness: ratings 5, 4, 4, 5 → mean 4.5, sd √(1/3).
    rp = report["accepted_ranges"]["bn-rp-001"]["appropriateness"]
    assert rp["mean"] == pytest.approx(4.5) and rp["n"] == 4
    assert rp["low"] == pytest.approx(4.5 - 0.674 * math.sqrt(1 / 3))
    assert rp["high"] == pytest.approx(4.5 + 0.674 * math.sqrt(1 / 3))
    json.dumps(report, allow_nan=False)


def test_bad_rating_reports_file_and_line(tmp_path, records):
    items = annotation.annotation_items(records)[:2]
    sheet = annotation.write_sheet(items, tmp_path / "sheet.csv", ["asha"])
    _fill(sheet, {("asha", 1): {"appropriateness": "7"}})
    with pytest.raises(annotation.AnnotationError, match=r"sheet.csv:3: appropriateness"):
        annotation.read_sheets([sheet])
    _fill(sheet, {("asha", 1): {"appropriateness": "4", "corrected_tier": "sir"}})
    with pytest.raises(annotation.AnnotationError, match="unknown tier"):
        annotation.read_sheets([sheet])
