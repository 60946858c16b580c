"""Annotation sheet round trip and agreement statistics against hand-computed values."""
import csv
import io
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
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return rows


def test_sheet_round_trip_and_agreement(records, tmp_path):
    items = [i for i in annotation.annotation_items(records) if i.record_id.startswith("model-a-bn-rp")
             or i.record_id == "model-a-hi-dct-001-t0.0"]
    assert [i.speaker for i in items] == ["रोहित", "অয়ন", "মা"]
    sheet = annotation.write_sheet(items, tmp_path / "sheet.csv", ["asha", "bilal"], show_automatic=True)
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
    sheet = annotation.write_sheet(items, tmp_path / "sheet.csv", ["asha"], show_automatic=True)
    _fill(sheet, {("asha", 1): {"appropriateness": "7"}})
    with pytest.raises(annotation.AnnotationError, match=r"sheet.csv:3: appropriateness"):
        annotation.read_sheets([sheet])
    _fill(sheet, {("asha", 1): {"appropriateness": "4", "corrected_tier": "sir"}})
    with pytest.raises(annotation.AnnotationError, match="unknown tier"):
        annotation.read_sheets([sheet])


# ---------------------------------------------------------------- the blind round trip (issue 22 §6, §2, §1)

def _export(tmp_path, *extra):
    from honorifics.annotation_cli import export_annotation_main
    return export_annotation_main([str(FIXTURE), "--out", str(tmp_path / "sheet.csv"), "--annotators", "asha,bilal",
                                   "--fraction", "1", "--quiet", *extra])


def _header(path):
    with open(path, newline="", encoding="utf-8-sig") as handle:
        return next(csv.reader(handle))


def test_the_default_sheet_is_blind_and_its_key_file_is_joined_back(tmp_path, records):
    assert _export(tmp_path) == 0
    sheet, key = tmp_path / "sheet.csv", tmp_path / "sheet.key.csv"
    columns = _header(sheet)
    # nothing of the tool's answer or of the expectations reaches the annotators
    assert "automatic_tier" not in columns and "expected_tiers" not in columns and "corrected_tier" not in columns
    assert "tier" in columns and "dialogue" in columns
    assert _header(key) == list(annotation.KEY_COLUMNS)
    items = {i.item_id: i for i in annotation.annotation_items(records)}
    with open(key, newline="", encoding="utf-8-sig") as handle:
        keyed = {row["item_id"]: row for row in csv.DictReader(handle)}
    assert set(keyed) == set(items)
    assert all(keyed[i]["automatic_tier"] == items[i].automatic_tier for i in items)
    # both annotators name the tier each item's tool answer gives, except one item
    rows = _fill(sheet, {})
    first_item = rows[0]["item_id"]
    ratings = {}
    for annotator in ("asha", "bilal"):
        for index, item_id in enumerate(r["item_id"] for r in rows if r["annotator"] == annotator):
            tier = items[item_id].automatic_tier
            if annotator == "bilal" and item_id == first_item:
                tier = "intimate" if tier != "intimate" else "formal"
            ratings[(annotator, index)] = {"appropriateness": "4", "tier": tier}
    _fill(sheet, ratings)
    got = annotation.read_sheets([sheet])
    assert len(got) == 2 * len(items)
    assert {a.automatic_tier for a in got if a.item_id == first_item} == {items[first_item].automatic_tier}
    mother = [a for a in got if a.item_id.endswith("::মা")]
    assert {a.expected_tiers for a in mother} == {("intimate", "familiar")}   # from the key file
    report = annotation.agreement_report(got)
    auto = report["automatic_vs_majority"]
    assert (auto["agreement"]["successes"], auto["agreement"]["n"]) == (len(items) - 1, len(items) - 1)
    assert auto["items_without_majority"] == 1


def test_a_blank_tier_on_a_blind_sheet_is_not_the_automatic_tier(tmp_path, records):
    items = annotation.annotation_items(records)[:1]
    sheet = annotation.write_sheet(items, tmp_path / "sheet.csv", ["asha"])
    _fill(sheet, {("asha", 0): {"appropriateness": "3"}})
    rated, = annotation.read_sheets([sheet])
    assert rated.human_tier is None and rated.automatic_tier == items[0].automatic_tier


def test_show_automatic_writes_the_adjudication_sheet(tmp_path):
    assert _export(tmp_path, "--show-automatic") == 0
    columns = _header(tmp_path / "sheet.csv")
    assert {"automatic_tier", "expected_tiers", "corrected_tier"} <= set(columns) and "tier" not in columns


def test_a_blind_sheet_without_its_key_file_is_one_line(tmp_path, capsys):
    from honorifics.annotation_cli import import_annotation_main
    assert _export(tmp_path) == 0
    _fill(tmp_path / "sheet.csv", {("asha", 0): {"appropriateness": "4", "tier": "आप"}})
    moved = tmp_path / "sheet.csv"
    moved.rename(tmp_path / "asha.csv")
    assert import_annotation_main([str(tmp_path / "asha.csv"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "asha.csv: no key file" in err and "--key" in err
    assert import_annotation_main([str(tmp_path / "asha.csv"), "--key", str(tmp_path / "sheet.key.csv"),
                                   "--out", str(tmp_path / "agreement.json"), "--quiet"]) == 0
    assert json.loads((tmp_path / "agreement.json").read_text("utf-8"))["n_ratings"] == 1


def test_export_refuses_to_overwrite_a_filled_sheet_unless_forced(tmp_path, capsys):
    assert _export(tmp_path) == 0
    sheet = tmp_path / "sheet.csv"
    _fill(sheet, {("asha", 0): {"appropriateness": "5", "tier": "आप", "comment": "typed by a person"}})
    filled = sheet.read_bytes()
    capsys.readouterr()
    assert _export(tmp_path, "--seed", "3") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(sheet) in err and "--force" in err
    assert sheet.read_bytes() == filled
    # the key file alone is protected too: it is what joins a renamed, filled sheet back
    sheet.rename(tmp_path / "asha.csv")
    assert _export(tmp_path) == 2
    assert "sheet.key.csv already exists" in capsys.readouterr().err
    assert _export(tmp_path, "--force") == 0
    assert b"typed by a person" not in sheet.read_bytes()
    with pytest.raises(annotation.SheetExistsError):   # the Python API refuses too
        annotation.write_sheet([], sheet, ["asha"])


def test_import_lists_every_bad_cell(tmp_path, records, capsys):
    from honorifics.annotation_cli import import_annotation_main
    items = annotation.annotation_items(records)[:3]
    sheet = annotation.write_sheet(items, tmp_path / "sheet.csv", ["asha"])
    _fill(sheet, {("asha", 0): {"appropriateness": "7", "consistency": "maybe"},
                  ("asha", 1): {"appropriateness": "4", "tier": "sir"},
                  ("asha", 2): {"naturalness": "2.5"}})
    with pytest.raises(annotation.AnnotationError) as caught:
        annotation.read_sheets([sheet])
    assert [p.split(": ", 2)[:2] for p in caught.value.problems] == [
        [f"{sheet}:2", "appropriateness must be a whole number 1–5, got '7'"],
        [f"{sheet}:2", "consistency must be yes or no, got 'maybe'"],
        [f"{sheet}:3", "tier"], [f"{sheet}:4", "naturalness must be a whole number 1–5, got '2.5'"]]
    assert import_annotation_main([str(sheet), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("import-annotation: error: 4 problems in the sheet(s): ")
    assert all(f"{sheet}:{line}:" in err for line in (2, 3, 4))


def test_the_same_item_rated_twice_by_one_annotator_is_a_problem(tmp_path, records):
    items = annotation.annotation_items(records)[:1]
    sheet = annotation.write_sheet(items, tmp_path / "sheet.csv", ["asha"])
    _fill(sheet, {("asha", 0): {"appropriateness": "4"}})
    copy = tmp_path / "copy.csv"
    copy.write_bytes(sheet.read_bytes())
    with pytest.raises(annotation.AnnotationError, match=r"asha rated item .* already at .*sheet.csv:2"):
        annotation.read_sheets([sheet, copy], key=annotation.key_path(sheet))


def test_a_sheet_saved_by_excel_in_cp1252_is_one_line(tmp_path, capsys):
    from honorifics.annotation_cli import import_annotation_main
    assert _export(tmp_path) == 0
    sheet = tmp_path / "sheet.csv"
    _fill(sheet, {("asha", 0): {"appropriateness": "4", "tier": "formal"},
                  ("asha", 1): {"appropriateness": "4", "tier": "formal", "comment": "the annotator’s note"}})
    text = sheet.read_text("utf-8-sig")
    sheet.write_bytes(text.encode("cp1252", errors="replace"))   # Excel's "CSV (comma delimited)"
    assert import_annotation_main([str(sheet), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    # the row as a spreadsheet shows it (header = row 1), though the dialogue cells above hold line breaks
    assert text.split("annotator’s")[0].count("\n") + 1 > 3
    assert f"{sheet}:3: not UTF-8 text" in err and "CSV UTF-8" in err


def test_export_reads_a_gzip_analysis_and_names_one_that_is_not_utf8(tmp_path, capsys):
    import gzip

    from honorifics.annotation_cli import export_annotation_main
    packed = tmp_path / "analysis.jsonl.gz"
    packed.write_bytes(gzip.compress(FIXTURE.read_bytes()))
    assert export_annotation_main([str(packed), "--out", str(tmp_path / "sheet.csv"), "--quiet"]) == 0
    assert _header(tmp_path / "sheet.csv") == list(annotation.SHEET_COLUMNS)
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(FIXTURE.read_bytes().splitlines(keepends=True)[0] + b'{"id": "caf\xe9"}\n')
    assert export_annotation_main([str(latin), "--out", str(tmp_path / "other.csv"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"export-annotation: error: {latin}: line 2 is not UTF-8 text")


@pytest.mark.parametrize("name", ["export", "import"])
def test_every_annotate_option_has_help_that_gives_its_default(name):
    import argparse

    from honorifics import annotation_cli
    from honorifics.usage import parser as make_parser
    built = make_parser(f"annotate {name}", "")
    getattr(annotation_cli, f"_{name}_options")(built)
    for action in built._actions:
        if not action.option_strings or isinstance(action, (argparse._HelpAction, argparse._StoreTrueAction)):
            continue
        assert action.help and (action.required or "default" in action.help), action.option_strings
