"""Scenario validation, the analyzer join (context) and filters, on fixture scenarios."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from honorifics.records import RecordContext, SpeakerExpectation
from honorifics.scenarios.bank import (ScenarioBank, ScenarioError, load_bank, parse_scenario,
                                       read_scenarios, validate_scenario)

FIXTURES = Path(__file__).parent / "data" / "scenarios"
FIXTURE_FILES = [FIXTURES / "hi_fixture.jsonl", FIXTURES / "bn_fixture.jsonl"]


def fixture_record(scenario_id: str) -> dict:
    for path in FIXTURE_FILES:
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            if record["id"] == scenario_id:
                return record
    raise KeyError(scenario_id)


@pytest.fixture(scope="module")
def bank() -> ScenarioBank:
    return load_bank(FIXTURE_FILES)


def test_fixture_scenarios_all_validate(bank):
    assert len(bank) == 12
    assert {s.task for s in bank} == {"dct", "continuation", "roleplay"}
    for path in FIXTURE_FILES:
        assert read_scenarios(path)[1] == []


def test_scenario_round_trips_through_to_dict(bank):
    for scenario in bank:
        again = parse_scenario(scenario.to_dict())
        assert again == scenario


# --- every kind of bad scenario gives its own precise message -----------------------------

def broken(scenario_id: str, change) -> list[str]:
    record = copy.deepcopy(fixture_record(scenario_id))
    change(record)
    return validate_scenario(record)


@pytest.mark.parametrize("scenario_id, change, expected", [
    ("hi-dct-001", lambda r: r.update(language="ur"), "language: 'ur' is not one of hi, bn"),
    ("hi-dct-001", lambda r: r.update(task="essay"), "task: 'essay' is not one of"),
    ("hi-dct-001", lambda r: r.update(id="hindi-1"), "id: 'hindi-1' does not look like"),
    ("hi-dct-001", lambda r: r.update(id="bn-dct-001"), "does not match language 'hi'"),
    ("hi-dct-001", lambda r: r["addressing"][0]["expected"].update(primary="respectful"),
     "addressing[0].expected.primary: unknown tier 'respectful'"),
    ("hi-dct-001", lambda r: r["addressing"][0]["expected"].update(primary="mixed"),
     "is an outcome, not an address tier"),
    ("hi-dct-002", lambda r: r["addressing"][0]["expected"].update(secondary=["intimate"]),
     "repeats the primary tier 'intimate'"),
    ("hi-dct-001", lambda r: r["addressing"][0].update(addressee="अनुराधा"),
     "addressing[0].addressee: 'अनुराधा' is not a listed speaker"),
    ("hi-dct-001", lambda r: r.update(target_speaker="सुरेश"),
     "target_speaker: 'सुरेश' is not a listed speaker"),
    ("hi-dct-001", lambda r: r["addressing"].append(
        {"speaker": "अनुराधा शर्मा", "addressee": "रोहित", "expected": {"primary": "familiar"}}),
     "addressing: DCT has exactly one entry, got 2"),
    ("hi-dct-001", lambda r: r.update(situation=r["situation"].replace("रोहित", "मोहित")),
     "situation: does not mention speaker 'रोहित'"),
    ("hi-dct-001", lambda r: r.update(situation="A student asks his professor for more time."),
     "situation: not written in the script of language 'hi'"),
    ("hi-rp-001", lambda r: r["addressing"].pop(), "role-play has exactly two entries, A→B and B→A"),
    ("hi-rp-001", lambda r: r["variables"].update(pairing="formal↔formal"),
     "variables.pairing: 'formal↔formal' but the addressing gives प्रिया formal ↔ कमला देवी familiar"),
    ("hi-rp-001", lambda r: r["variables"].update(valence="happy"), "variables.valence: 'happy'"),
    ("hi-cont-001", lambda r: r.update(seed_turns=[]),
     "seed_turns: continuation scenarios need the dialogue so far"),
    ("hi-cont-001", lambda r: r["seed_turns"][0].update(speaker="रिया"),
     "seed_turns[0].speaker: 'रिया' is not a listed speaker"),
    ("hi-shift-001", lambda r: [a.update(expected_before=None) for a in r["addressing"]],
     "a tier_shift scenario needs expected_before"),
    ("hi-shift-001", lambda r: r["addressing"][0].update(expected_before={"primary": "formal"}),
     "no pair's primary tier changes"),
    ("hi-shift-001", lambda r: r.update(shift_event=None), "shift_event: tier_shift scenarios describe"),
    ("hi-shift-001", lambda r: r.update(task="dct"), "subtask: tier_shift scenarios are continuations"),
    ("hi-cont-001", lambda r: r["addressing"][0].update(expected_before={"primary": "formal"}),
     "expected_before: only tier_shift scenarios have it"),
    ("hi-dct-003", lambda r: r["addressing"][0]["expected"].update(secondary=[]),
     "ambiguous: true but no pair lists acceptable secondary tiers"),
    ("hi-dct-001", lambda r: r["variables"].update(gender_relation="female→female"),
     "variables.gender_relation: 'female→female' but the speakers give male→female"),
    ("hi-dct-001", lambda r: r["variables"].update(age_relation="older"),
     "variables.age_relation: 'older' contradicts the ages (speaker→addressee 21→52)"),
    ("hi-dct-001", lambda r: r["variables"].pop("domain"), "variables.domain: missing"),
    ("hi-dct-001", lambda r: r["variables"].update(direction="upward"), "variables.direction: 'upward'"),
    ("bn-dct-002", lambda r: r["variables"].update(region="assam"), "variables.region: 'assam'"),
    ("bn-dct-002", lambda r: r["speakers"][0].update(gender="f"), "speakers[0].gender: 'f'"),
    ("bn-dct-002", lambda r: r["speakers"][1].update(name="শ্রেয়া"), "the name 'শ্রেয়া' is listed twice"),
    ("bn-rp-001", lambda r: r["speakers"][0].update(aliases=["সাকিব হাসান"]),
     "'ফাতেমা বেগম' has the alias 'সাকিব হাসান', which is another speaker's name"),
])
def test_validation_catches(scenario_id, change, expected):
    errors = broken(scenario_id, change)
    assert any(expected in message for message in errors), errors
    assert all("\n" not in message for message in errors)


def test_duplicate_ids_across_files_are_reported(tmp_path):
    copy_path = tmp_path / "copy.jsonl"
    copy_path.write_text(FIXTURE_FILES[0].read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load_bank([FIXTURE_FILES[0], copy_path])
    assert any("hi-dct-001: id: duplicate (first at" in e for e in caught.value.errors)


def test_errors_name_file_line_and_id(tmp_path):
    record = fixture_record("bn-dct-003")
    record["addressing"][0]["expected"]["primary"] = "tuition"
    path = tmp_path / "bad.jsonl"
    path.write_text("\n" + json.dumps(record, ensure_ascii=False) + "\n{not json\n", encoding="utf-8")
    scenarios, errors = read_scenarios(path)
    assert scenarios == [] and len(errors) == 1
    assert errors[0].startswith(f"{path}:3: not valid JSON")
    path.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    _, errors = read_scenarios(path)
    assert errors[0].startswith(f"{path}:1 bn-dct-003: addressing[0].expected.primary: unknown tier")
    with pytest.raises(ScenarioError):
        load_bank([path])
    assert len(load_bank([path], strict=False)) == 0


def test_tier_spellings_are_accepted_and_canonicalized():
    record = fixture_record("bn-dct-001")
    record["addressing"][0]["expected"] = {"primary": "আপনি", "secondary": ["tumi"]}
    scenario = parse_scenario(record)
    assert scenario.addressing[0].expected.tiers == ("formal", "familiar")


# --- the join the analyzer uses ----------------------------------------------------------

def test_context_of_a_dct_scenario(bank):
    context = bank.context("hi-dct-001")
    assert isinstance(context, RecordContext)
    assert [s.name for s in context.speakers] == ["रोहित", "अनुराधा शर्मा"]
    assert context.speakers[1].aliases == ("अनुराधा", "मैडम", "शर्मा मैडम")
    assert context.expectations == {
        "रोहित": SpeakerExpectation(tiers=("formal",), addressee="अनुराधा शर्मा", before=None)}
    assert (context.task, context.language) == ("dct", "hi")
    assert context.scenario["target_speaker"] == "रोहित"
    assert context.scenario["variables"]["relation"] == "student→teacher"
    assert set(context.scenario) == {"id", "task", "subtask", "ambiguous", "target_speaker", "variables"}


def test_context_of_tier_shift_and_roleplay(bank):
    shift = bank.context("bn-shift-001")
    assert shift.expectations["শুভ"].tiers == ("formal",)
    assert shift.expectations["শুভ"].before == ("familiar",)
    assert shift.expectations["প্রদীপ সেনগুপ্ত"].addressee == "শুভ"
    assert shift.scenario["subtask"] == "tier_shift"
    roleplay = bank.context("bn-rp-001")
    assert roleplay.expectations["ফাতেমা বেগম"].tiers == ("formal", "familiar")
    assert roleplay.scenario["variables"]["pairing"] == "formal↔formal"
    assert bank.context("bn-rp-999") is None


def test_shared_alias_is_valid_but_not_used_for_attribution(bank):
    record = bank["bn-dct-001"].to_dict()
    record["speakers"][0]["aliases"] = ["মামা"]      # both call each other মামা
    bank_with_shared = ScenarioBank([parse_scenario(record)])
    speakers = bank_with_shared.context("bn-dct-001").speakers
    assert [s.aliases for s in speakers] == [(), ("চাচা",)]


def test_context_variables_are_a_copy(bank):
    context = bank.context("hi-rp-001")
    context.scenario["variables"]["key"] = "angry"
    assert bank["hi-rp-001"].variables["key"] == "pleading"


def test_filter(bank):
    assert {s.id for s in bank.filter(tier="आप", task="dct")} == {"hi-dct-001", "hi-dct-003",
                                                                  "bn-dct-001", "bn-dct-002"}
    assert {s.id for s in bank.filter(tier="tui")} == {"hi-dct-002", "bn-dct-003"}
    assert {s.id for s in bank.filter(ambiguous=True)} == {"hi-dct-003", "bn-dct-001"}
    assert {s.id for s in bank.filter(subtask="tier_shift")} == {"hi-shift-001", "bn-shift-001"}
    assert len(bank.filter(task="continuation", subtask="none")) == 2
    assert {s.id for s in bank.filter(language="bn", region="west_bengal", relationship_type="institutional")} \
        == {"bn-dct-002"}
    assert {s.id for s in bank.filter(language="hi", region="null")} == {"hi-shift-001"}
    with pytest.raises(ValueError, match="unknown scenario variable"):
        bank.filter(colour="red")
