"""Template instantiation: valid, lint-clean, constrained, deterministic scenarios."""
from __future__ import annotations

import json
import textwrap

import pytest

from honorifics.scenarios.cli import instantiate_scenarios_main
from honorifics.scenarios.lint import lint_scenario
from honorifics.scenarios.templates import (TemplateError, builtin_template_files, instantiate,
                                            instantiate_file, read_templates, slot_fillers)

COUNT = 25


@pytest.fixture(scope="module")
def generated():
    return {language: instantiate_file(builtin_template_files(language)[0], COUNT, seed=3)
            for language in ("hi", "bn")}


def test_every_template_gives_valid_lint_clean_scenarios(generated):
    for language, scenarios in generated.items():
        templates = read_templates(builtin_template_files(language)[0])
        assert len(templates) >= 4
        assert {t.task for t in templates} == {"dct", "continuation", "roleplay"}
        assert len(scenarios) == COUNT * len(templates)
        assert len({s.id for s in scenarios}) == len(scenarios)
        for scenario in scenarios:
            assert scenario.language == language
            assert lint_scenario(scenario) == [], scenario.id


def test_names_agree_with_gender_and_household(generated):
    for language, scenarios in generated.items():
        fillers = slot_fillers(language)
        gender_of = {n["name"]: n["gender"] for n in fillers.names}
        religion_of = {n["name"]: n["religion"] for n in fillers.names}
        for scenario in scenarios:
            for speaker in scenario.speakers:
                assert gender_of[speaker.name] == speaker.gender, (scenario.id, speaker)
            if "grandparent" in scenario.id or "sibling" in scenario.id or "spouses" in scenario.id:
                # A family is drawn from one household.
                assert len({religion_of[s.name] for s in scenario.speakers}) == 1, scenario.id


def test_constraints_keep_the_expected_tier_plausible(generated):
    for scenario in generated["hi"]:
        first, second = scenario.speakers
        if "office-deadline" in scenario.id:
            assert second.age - first.age >= 12
            assert scenario.variables["age_relation"] == "younger"
        if "childhood-friends" in scenario.id:
            assert first.gender == second.gender and abs(first.age - second.age) <= 2
        if "grandparent" in scenario.id:
            assert second.age - first.age >= 50
            assert scenario.variables["pairing"] == "formal↔intimate"
    for scenario in generated["bn"]:
        first, second = scenario.speakers
        if "elder-sibling" in scenario.id:
            assert first.age - second.age >= 7 and scenario.variables["age_relation"] == "older"
        if "spouses" in scenario.id:
            assert (first.gender, second.gender) == ("male", "female")
            assert scenario.variables["age_relation"] == "same"


def test_gendered_forms_agree_with_the_person(generated):
    for scenario in generated["hi"]:
        if "office-deadline" in scenario.id:
            employee, manager = scenario.speakers
            verb = "चाहता" if employee.gender == "male" else "चाहती"
            assert f"समय माँगना {verb} है" in scenario.situation
            assert manager.aliases == (("सर",) if manager.gender == "male" else ("मैडम",))
        if "teacher-project" in scenario.id:
            teacher = scenario.speakers[0]
            ending = "लेंगे" if teacher.gender == "male" else "लेंगी"
            assert scenario.seed_turns[1].text.endswith(f"ग्राफ़ देख {ending}?")


def test_bangla_regions_kin_and_case_endings(generated):
    fillers = slot_fillers("bn")
    regions_of = {n["name"]: n["regions"] for n in fillers.names}
    seen_regions = set()
    for scenario in generated["bn"]:
        region = scenario.variables["region"]
        seen_regions.add(region)
        for speaker in scenario.speakers:
            assert region in regions_of[speaker.name]
        if "elder-sibling" in scenario.id:
            elder = scenario.speakers[0]
            religion = next(n["religion"] for n in fillers.names if n["name"] == elder.name)
            assert elder.aliases == (fillers.kin_terms[religion]["elder_sibling"][elder.gender],)
        if "bank-leave" in scenario.id:
            officer = scenario.speakers[1].name
            assert f"ব্যবস্থাপক {officer}র ঘরে" in scenario.situation or \
                f"ব্যবস্থাপক {officer}ের ঘরে" in scenario.situation
            assert "২" in scenario.situation or "৩" in scenario.situation  # Bengali digits for ages
    assert seen_regions == {"bangladesh", "west_bengal"}


def test_instantiation_is_deterministic():
    path = builtin_template_files("hi")[0]
    first = instantiate_file(path, 4, seed=11)
    assert instantiate_file(path, 4, seed=11) == first
    # Scenario i depends on (seed, template, i) only, not on how many are drawn.
    assert instantiate_file(path, 2, seed=11) == [s for s in first if s.id.endswith(("-001", "-002"))]
    assert instantiate_file(path, 4, seed=12) != first


def write_template(tmp_path, body: str):
    path = tmp_path / "hi.yaml"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


GOOD = """
- name: colleagues
  task: dct
  people:
    asker: {gender: any, age: [25, 30]}
    other: {gender: any, age: [25, 30]}
  constraints:
    older: [[other, asker, OLDER]]
  situation: "दफ़्तर में {asker} {other} से चार्जर माँगना {asker|चाहता|चाहती} है।"
  speakers:
    - {person: asker, role: कर्मचारी, description: ""}
    - {person: other, role: कर्मचारी, description: ""}
  target_speaker: asker
  addressing:
    - {speaker: asker, addressee: other, expected: familiar, secondary: [formal]}
  ambiguous: true
  variables: {relationship_type: professional, relation: colleague→colleague, direction: equal,
              setting: semi-formal, domain: office, key: requesting, end: request, region: null}
"""


def test_a_researcher_template_works_and_bad_ones_say_why(tmp_path):
    scenario = instantiate(read_templates(write_template(tmp_path, GOOD.replace("OLDER", "0")))[0], 1)
    assert scenario.ambiguous and scenario.addressing[0].expected.tiers == ("familiar", "formal")
    impossible = read_templates(write_template(tmp_path, GOOD.replace("OLDER", "20")))[0]
    with pytest.raises(TemplateError, match="constraints cannot be met"):
        instantiate(impossible, 1)
    unknown = GOOD.replace("OLDER", "0").replace("{asker|चाहता|चाहती}", "{boss}")
    with pytest.raises(TemplateError, match=r"\{boss\} is neither a person nor a choice"):
        instantiate(read_templates(write_template(tmp_path, unknown))[0], 1)
    with pytest.raises(TemplateError, match="not valid YAML"):
        read_templates(write_template(tmp_path, "- {name: x, role: a {b}}"))
    primed = GOOD.replace("OLDER", "0").replace("चार्जर माँगना", "विनम्रता से चार्जर माँगना")
    assert [f.finding.word for f in lint_scenario(instantiate(read_templates(
        write_template(tmp_path, primed))[0], 1))] == ["विनम्रता"]


def test_instantiate_command(tmp_path, capsys):
    out = tmp_path / "new.jsonl"
    assert instantiate_scenarios_main(["--language", "bn", "-n", "2", "--seed", "5", "-o", str(out)]) == 0
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 2 * len(read_templates(builtin_template_files("bn")[0]))
    assert {r["language"] for r in records} == {"bn"}
    again = tmp_path / "again.jsonl"
    instantiate_scenarios_main(["--language", "bn", "-n", "2", "--seed", "5", "-o", str(again)])
    assert again.read_bytes() == out.read_bytes()
    primed = write_template(tmp_path, GOOD.replace("OLDER", "0").replace("चार्जर", "सम्मान से चार्जर"))
    assert instantiate_scenarios_main([str(primed), "-o", str(tmp_path / "x.jsonl")]) == 2
    assert "template output is primed" in capsys.readouterr().err
    assert instantiate_scenarios_main([str(tmp_path / "none.yaml")]) == 2
