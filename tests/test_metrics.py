"""Metrics on the hand-made fixture (tests/data/report/example_analysis.jsonl).

The fixture has 16 lines (15 ok, 1 error), two models, 19 speakers with
expectations. One record (model-b-hi-dct-002) is refused — wholly out of
character, ``refusal`` true and tier ``none`` — so its speaker (कविता,
expected formal) is neither right nor wrong: 18 speakers are judged. Each expected figure below is counted by hand from the
fixture; the comment says which speakers make it up.
"""
import json
import math
from pathlib import Path

import pytest

from honorifics import metrics

FIXTURE = Path(__file__).parent / "data" / "report" / "example_analysis.jsonl"


@pytest.fixture(scope="module")
def records():
    return [json.loads(line) for line in FIXTURE.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def summary(records):
    return metrics.compute_metrics(records, "model", n_resamples=300, seed=0)


def estimate(figure):
    return (figure["successes"], figure["n"])


def test_error_lines_are_counted_as_failed_never_as_data(summary):
    assert (summary["n_lines"], summary["n_ok"], summary["n_failed"]) == (16, 15, 1)
    assert summary["overall"]["n_records"] == 15


def test_accuracy_overall_by_task_and_by_expected_tier(summary):
    overall = summary["overall"]
    # Wrong: model-b DCT t0 (तुम), model-a विकास (mixed), model-b shift (तुम), model-b রুমা
    # (আপনি), model-a कविता with no evidence → 18 - 5 = 13 right; model-b's कविता refused.
    assert estimate(overall["accuracy"]) == (13, 18)
    assert estimate(overall["refused"]) == (1, 19)
    assert estimate(overall["accuracy_by_task"]["dct"]) == (5, 8)
    assert estimate(overall["refused_by_task"]["dct"]) == (1, 9)
    assert estimate(overall["refused_by_task"]["roleplay"]) == (0, 4)
    assert estimate(overall["accuracy_by_task"]["roleplay"]) == (4, 4)
    assert estimate(overall["accuracy_by_task"]["continuation"]) == (4, 6)
    assert estimate(overall["accuracy_by_expected_tier"]["intimate"]) == (2, 2)
    assert estimate(overall["accuracy_by_expected_tier"]["formal"]) == (5, 8)
    assert estimate(overall["refused_by_expected_tier"]["formal"]) == (1, 9)


def test_confusion_matrix_includes_mixed_and_none(summary):
    matrix = summary["overall"]["confusion"]
    assert matrix["columns"] == ["intimate", "familiar", "formal", "mixed", "none"]
    counts = dict(zip(matrix["rows"], matrix["counts"]))
    assert counts["intimate"] == [1, 1, 0, 0, 0]     # মা: তুই (model-a), তুমি (model-b)
    assert counts["familiar"] == [0, 6, 1, 1, 0]
    assert counts["formal"] == [0, 2, 5, 0, 1]     # the refused कविता is not a "none"


def test_formality_bias_index_and_ratio(summary):
    bias = summary["overall"]["formality_bias"]
    # 6 of 18 judged speakers produced formal; 8 of 18 were expected formal.
    assert bias["index"]["estimate"] == pytest.approx(6 / 18 - 8 / 18)
    assert bias["ratio"] == pytest.approx(6 / 8)
    assert bias["index"]["low"] <= bias["index"]["estimate"] <= bias["index"]["high"]


def test_over_and_under_politeness_with_binomial_test(summary):
    politeness = summary["overall"]["politeness"]
    assert (politeness["over_count"], politeness["under_count"]) == (1, 2)
    assert politeness["test"]["p_value"] == pytest.approx(1.0)   # 1 of 3 at p = 0.5
    assert politeness["test"]["n"] == 3


def test_asymmetry_score_collapse_and_character_accuracy(summary):
    asymmetry = summary["overall"]["asymmetry"]
    # model-a: অয়ন তুমি vs মা তুই (expected direction); model-b: both তুমি (collapse).
    assert estimate(asymmetry["asymmetry_score"]) == (1, 2)
    assert estimate(asymmetry["asymmetry_collapse"]) == (1, 2)
    assert estimate(asymmetry["character_accuracy"]["more_deferent"]) == (2, 2)


def test_maintenance_and_adaptation(summary):
    overall = summary["overall"]
    assert estimate(overall["tier_maintenance"]) == (3, 4)   # विकास (model-a) is mixed
    assert estimate(overall["tier_adaptation"]) == (1, 2)    # familiar → formal shift: model-a only
    assert overall["tier_adaptation"]["unknown_before"] == 0


def test_agreement_consistency_switching_avoidance_refusal(summary):
    overall = summary["overall"]
    assert estimate(overall["verb_agreement"]) == (9, 10)    # one आप … देखो
    assert estimate(overall["consistency"]) == (16, 17)      # 17 speakers with evidence
    assert estimate(overall["switching_rate"]) == (1, 2)     # विकास तुम → तू; অয়ন stays তুমি
    assert estimate(overall["avoidance"]) == (1, 14)          # the refused record is not avoidance
    assert estimate(overall["refusal"]) == (1, 15)
    assert estimate(overall["refused_records"]) == (1, 15)


def test_groups_split_by_model_and_add_up(summary):
    groups = {g["key"]["model"]: g["metrics"] for g in summary["groups"]}
    assert set(groups) == {"model-a", "model-b"}
    assert estimate(groups["model-a"]["accuracy"]) == (8, 10)
    assert estimate(groups["model-b"]["accuracy"]) == (5, 8)
    assert estimate(groups["model-b"]["refused"]) == (1, 9)
    assert groups["model-a"]["n_records"] + groups["model-b"]["n_records"] == 15


def test_paired_model_comparison_on_shared_units(summary):
    (comparison,) = summary["model_comparisons"]
    # 8 shared answered (scenario, speaker, temperature, run) units (model-b refused कविता's);
    # only model-a right on 3, only model-b on 1.
    assert comparison["n_pairs"] == 8
    assert (comparison["mcnemar"]["details"]["b"], comparison["mcnemar"]["details"]["c"]) == (3, 1)
    assert comparison["mcnemar"]["p_value"] == pytest.approx(2 * 5 / 16)
    assert comparison["difference"]["estimate"] == pytest.approx(7 / 8 - 5 / 8)
    assert estimate(comparison["refused_second"]) == (1, 9) and estimate(comparison["refused_first"]) == (0, 10)


def test_variable_effect_setting_chi_square_by_hand(summary):
    effect = summary["variable_effects"]["setting"]
    table = {level["level"]: (level["errors"], level["n"] - level["errors"]) for level in effect["levels"]}
    assert table == {"formal": (2, 4), "informal": (2, 8), "semi-formal": (1, 1)}
    n, errors = 18, 5
    chi2 = 0.0
    for wrong, right in table.values():
        row = wrong + right
        for observed, column in ((wrong, errors), (right, n - errors)):
            expected = row * column / n
            chi2 += (observed - expected) ** 2 / expected
    assert effect["chi2"] == pytest.approx(chi2)
    assert effect["dof"] == 2
    formal_residual = (2 - 6 * 5 / 18) / math.sqrt(6 * 5 / 18 * (1 - 6 / 18) * (1 - 5 / 18))
    assert effect["levels"][0]["residual_error"] == pytest.approx(formal_residual)
    assert effect["p_holm"] >= effect["p_value"]


def test_temperature_effect_cells(summary):
    cells = {(c["model"], c["temperature"]): (c["successes"], c["n"])
             for c in summary["temperature_effect"]["cells"]}
    assert cells[("model-a", 0.7)] == (2, 2)
    assert cells[("(all models)", 0.0)] == (10, 15)
    refused = {(c["model"], c["temperature"]): c["refused"] for c in summary["temperature_effect"]["cells"]}
    assert refused[("model-b", 0.0)] == 1 and refused[("model-a", 0.0)] == 0


def _speaker_record(model, correct):
    return {"status": "ok", "task": "dct", "meta": {"model": model},
            "speakers": {"রুমা": {"tier": "familiar" if correct else "formal", "consistent": True,
                                  "expected": ["familiar"], "correct": correct}}}


def test_cloze_correlation_pearson_spearman_with_n():
    # Generation accuracy: m1 3/4, m2 1/4, m3 2/4; cloze 0.9, 0.5, 0.6 → same order.
    plan = {"m1": [True, True, True, False], "m2": [True, False, False, False], "m3": [True, True, False, False]}
    records = [_speaker_record(model, c) for model, results in plan.items() for c in results]
    summary = metrics.compute_metrics(records, cloze={"m1": 0.9, "m2": 0.5, "m3": 0.6, "m9": 0.1},
                                      n_resamples=50)
    cloze = summary["cloze_correlation"]
    assert cloze["n"] == 3 and cloze["missing_models"] == ["m9"]
    assert cloze["spearman_rho"] == pytest.approx(1.0)
    # Pearson by hand: x = (0.9, 0.5, 0.6), y = (0.75, 0.25, 0.5).
    x, y = [0.9, 0.5, 0.6], [0.75, 0.25, 0.5]
    mx, my = sum(x) / 3, sum(y) / 3
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
    r = sxy / math.sqrt(sum((a - mx) ** 2 for a in x) * sum((b - my) ** 2 for b in y))
    assert cloze["pearson_r"] == pytest.approx(r)


def test_read_cloze_csv(tmp_path):
    path = tmp_path / "cloze.csv"
    path.write_text("model,cloze_accuracy\nm1,0.8\nm2,0.55\n", encoding="utf-8")
    assert metrics.read_cloze_csv(path) == {"m1": 0.8, "m2": 0.55}
    (tmp_path / "bad.csv").write_text("name,score\nm1,1\n", encoding="utf-8")
    with pytest.raises(ValueError, match="model,cloze_accuracy"):
        metrics.read_cloze_csv(tmp_path / "bad.csv")


def test_summary_is_strict_json_and_deterministic(records, summary):
    text = json.dumps(summary, allow_nan=False)
    again = metrics.compute_metrics(records, "model", n_resamples=300, seed=0)
    assert json.dumps(again, allow_nan=False) == text


def test_group_by_scenario_variable_and_field_lookup(records):
    summary = metrics.compute_metrics(records, ["setting"], n_resamples=50)
    keys = [g["key"]["setting"] for g in summary["groups"]]
    assert keys == ["formal", "informal", "semi-formal"]
    assert metrics.field_value({"meta": {"temperature": 0.7}}, "temperature") == 0.7


def test_tables_and_their_files(records, summary, tmp_path):
    tables = metrics.metrics_tables(records, "model", summary=summary)
    headline = tables["headline"]
    row = headline[(headline["model"] == "(all)") & (headline["metric"] == "accuracy")].iloc[0]
    assert row["estimate"] == pytest.approx(13 / 18) and row["n"] == 18
    refused = headline[(headline["model"] == "(all)") & (headline["metric"] == "refused")].iloc[0]
    assert refused["estimate"] == pytest.approx(1 / 19)
    confusion = tables["confusion"]
    cell = confusion[(confusion["model"] == "(all)") & (confusion["expected"] == "formal")
                     & (confusion["produced"] == "none")]
    assert int(cell["count"].iloc[0]) == 1
    assert len(tables["speakers"]) == 19
    written = metrics.write_tables(tables, tmp_path)
    names = {p.name for p in written}
    assert "headline.csv" in names
    if metrics.parquet_available():
        import pandas as pd
        back = pd.read_parquet(tmp_path / "speakers.parquet")
        assert len(back) == 19


# ---------------------------------------------------------------- outcomes apart: silent, refused

def _dct(record_id, model, speakers, *, tier, language="hi", refusal=False, avoidance=False, scenario="s1"):
    return {"id": record_id, "line": 1, "status": "ok", "language": language, "task": "dct",
            "scenario_id": scenario, "tier": tier, "refusal": refusal, "avoidance": avoidance,
            "speakers": speakers, "turns": [], "meta": {"model": model, "temperature": 0.0, "run": 1}}


def _who(tier, turns, expected=None, correct=None, **extra):
    out = {"tier": tier, "consistent": tier != "mixed", "turns": turns, **extra}
    if expected:
        out.update(expected=expected, correct=correct)
    return out


def test_listed_addressees_who_never_speak_are_not_in_the_tier_distribution():
    # the bundled example's DCT records: the addressee is listed, has turns 0 and tier none
    records = [_dct("a", "m", {"अंकित": _who("formal", 1, ["formal"], True), "प्रोफ़ेसर": _who("none", 0)},
                    tier="formal"),
               _dct("b", "m", {"रीना": _who("none", 1, ["formal"], False), "भैया": _who("none", 0)},
                    tier="none", avoidance=True)]
    block = metrics.compute_metrics(records, n_resamples=20)["overall"]
    distribution = block["tier_distribution"]
    assert distribution["counts"] == {"intimate": 0, "familiar": 0, "formal": 1, "mixed": 0, "none": 1}
    assert distribution["n"] == 2 and distribution["left_out"]["silent_speakers"] == 2
    assert block["n_speakers"] == 4 and block["n_speakers_speaking"] == 2
    assert estimate(block["accuracy"]) == (1, 2)            # a speaker without evidence is still wrong


def test_a_refused_record_is_its_own_outcome_and_a_refusal_with_speech_keeps_its_tier():
    records = [
        _dct("ok", "m", {"रवि": _who("formal", 1, ["formal"], True)}, tier="formal"),
        # wholly out of character (the listed speaker never speaks in character)
        _dct("refused", "m", {"सोनिया": _who("none", 0, ["formal"], False), "सास": _who("none", 0)},
             tier="none", refusal=True, avoidance=True),
        # a refusal and in-character text: keeps its tier, judged as usual
        _dct("both", "m", {"माँ": _who("familiar", 1, ["intimate"], False)}, tier="familiar", refusal=True),
    ]
    block = metrics.compute_metrics(records, n_resamples=20)["overall"]
    assert estimate(block["accuracy"]) == (1, 2)
    assert estimate(block["refused"]) == (1, 3)
    assert estimate(block["avoidance"]) == (0, 2)
    assert estimate(block["refusal"]) == (2, 3) and estimate(block["refused_records"]) == (1, 3)
    assert sum(block["tier_distribution"]["counts"].values()) == 2
    assert block["confusion"]["counts"][2] == [0, 0, 1, 0, 0]   # formal row: no "none" from the refusal
    assert block["n_refused_records"] == 1 and block["n_refused_with_expectations"] == 1
    names = [row["metric"] for row in metrics.headline_figures(block)]
    assert names.index("refused") == names.index("accuracy") + 1
    assert "refused[task=dct]" in names


def test_mcnemar_is_not_run_when_two_models_share_no_unit():
    records = [_dct("a", "m1", {"X": _who("formal", 1, ["formal"], True)}, tier="formal", scenario="s1"),
               _dct("b", "m2", {"X": _who("formal", 1, ["formal"], True)}, tier="formal", scenario="s2")]
    summary = metrics.compute_metrics(records, n_resamples=20)
    (comparison,) = summary["model_comparisons"]
    assert comparison["n_pairs"] == 0
    assert comparison["mcnemar"]["p_value"] is None and comparison["mcnemar"]["p_holm"] is None
    assert "share no answered unit" in comparison["mcnemar"]["note"]
    table = metrics.metrics_tables(records, summary=summary)["model_comparisons"]
    assert table["mcnemar_p"].isna().all() and "share no" in table["note"].iloc[0]


def test_the_default_grouping_reports_each_language_when_the_input_mixes_them():
    records = [_dct("h", "m", {"X": _who("formal", 1, ["formal"], True)}, tier="formal", language="hi"),
               _dct("b", "m", {"Y": _who("formal", 1, ["familiar"], False)}, tier="formal", language="bn")]
    summary = metrics.compute_metrics(records, n_resamples=20)
    assert summary["group_by"] == ["language"] and summary["group_by_default"] is True
    groups = {g["key"]["language"]: estimate(g["metrics"]["accuracy"]) for g in summary["groups"]}
    assert groups == {"bn": (0, 1), "hi": (1, 1)}
    assert metrics.compute_metrics(records, [], n_resamples=20)["groups"] == []       # asked for none
    assert metrics.compute_metrics(records, "model", n_resamples=20)["group_by"] == ["model"]
    one_language = [records[0], dict(records[0], id="h2")]
    assert metrics.compute_metrics(one_language, n_resamples=20)["group_by"] == []


def test_expectations_judge_the_speaker_to_addressee_pair_where_by_addressee_is_given():
    """A speaker who says तू to a child and आप to a guest: the expectation is about the
    guest, so the guest's tier is judged, not the speaker's main tier."""
    salma = _who("intimate", 2, ["formal"], False, addressee="छोटू", expected_addressee="रहीम चाचा",
                 by_addressee={"छोटू": "intimate", "रहीम चाचा": "formal"}, error_direction="under-polite")
    plain = _who("familiar", 1, ["familiar"], True, addressee="सलमा", by_addressee={"सलमा": "familiar"})
    record = _dct("r", "m", {"सलमा": salma, "रहीम चाचा": plain}, tier="formal")
    block = metrics.compute_metrics([record], n_resamples=20)["overall"]
    assert estimate(block["accuracy"]) == (2, 2)
    assert block["politeness"]["under_count"] == 0
    assert block["confusion"]["counts"][2] == [0, 0, 1, 0, 0]    # expected formal → produced formal
    tables = metrics.metrics_tables([record], summary=metrics.compute_metrics([record], n_resamples=20))
    row = tables["speakers"].iloc[0]
    assert row["judged_tier"] == "formal" and row["judged_addressee"] == "रहीम चाचा"
    assert row["by_addressee"] == "छोटू:intimate|रहीम चाचा:formal"
