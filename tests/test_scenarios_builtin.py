"""The shipped scenario bank: counts of the study design, validity, no priming.

Each test needs one or more of the six data files; while a file has not been
written yet the tests that need it are skipped (with the file named).
"""
from __future__ import annotations

from collections import Counter

import pytest

from honorifics.scenarios.bank import BUILTIN_FILES, builtin_paths, read_scenarios
from honorifics.scenarios.lint import lint_scenario

PRESENT = {path.name: path for path in builtin_paths()[0]}
UNORDERED_PAIRINGS = {frozenset(p) for p in [("intimate",), ("familiar",), ("formal",),
                                             ("formal", "familiar"), ("formal", "intimate"),
                                             ("familiar", "intimate")]}


def scenarios_of(*names: str):
    """The valid scenarios of built-in files, skipping when a file is absent."""
    absent = [name for name in names if name not in PRESENT]
    if absent:
        pytest.skip(f"scenario data not written yet: honorifics/scenarios/data/{', '.join(absent)}")
    found = []
    for name in names:
        valid, errors = read_scenarios(PRESENT[name])
        assert errors == [], "\n".join(errors[:20])
        found.extend(valid)
    return found


@pytest.mark.parametrize("name", BUILTIN_FILES)
def test_every_scenario_validates_and_is_not_primed(name):
    scenarios = scenarios_of(name)
    language, task = name.removesuffix(".jsonl").split("_")
    assert {(s.language, s.task) for s in scenarios} == {(language, task)}
    findings = [f.message() for s in scenarios for f in lint_scenario(s)]
    assert findings == [], "\n".join(findings[:20])


@pytest.mark.parametrize("language", ["hi", "bn"])
def test_dct_counts(language):
    scenarios = scenarios_of(f"{language}_dct.jsonl")
    assert len(scenarios) == 120
    assert Counter(s.addressing[0].expected.primary for s in scenarios) == \
        {"intimate": 40, "familiar": 40, "formal": 40}
    assert {s.variables["relationship_type"] for s in scenarios} == \
        {"family", "professional", "social", "institutional"}
    assert {s.variables["direction"] for s in scenarios} == {"higher_to_lower", "equal", "lower_to_higher"}


@pytest.mark.parametrize("language", ["hi", "bn"])
def test_continuation_counts(language):
    scenarios = scenarios_of(f"{language}_continuation.jsonl")
    plain = [s for s in scenarios if s.subtask is None]
    shifts = [s for s in scenarios if s.subtask == "tier_shift"]
    assert len(plain) == 60 and len(shifts) == 15
    # A continuation's tier is that of its first addressing pair (the one the seed opens with).
    assert Counter(s.addressing[0].expected.primary for s in plain) == \
        {"intimate": 20, "familiar": 20, "formal": 20}
    for scenario in shifts:
        assert any(a.expected_before and a.expected_before.primary != a.expected.primary
                   for a in scenario.addressing), scenario.id


@pytest.mark.parametrize("language", ["hi", "bn"])
def test_roleplay_counts_cover_every_pairing_and_valence(language):
    scenarios = scenarios_of(f"{language}_roleplay.jsonl")
    assert len(scenarios) == 80
    pairings = {frozenset(s.primary_tiers()) for s in scenarios}
    assert pairings >= UNORDERED_PAIRINGS, UNORDERED_PAIRINGS - pairings
    assert {s.variables["valence"] for s in scenarios} == {"neutral", "conflict", "celebration", "request"}


@pytest.mark.parametrize("language", ["hi", "bn"])
def test_ambiguous_probes_and_unique_ids(language):
    scenarios = scenarios_of(*(f"{language}_{task}.jsonl" for task in ("dct", "continuation", "roleplay")))
    assert sum(s.ambiguous for s in scenarios) >= 20
    ids = [s.id for s in scenarios]
    assert len(ids) == len(set(ids))


def test_bangla_bank_has_both_regions():
    scenarios = scenarios_of(*(f"bn_{task}.jsonl" for task in ("dct", "continuation", "roleplay")))
    assert {s.variables["region"] for s in scenarios} >= {"bangladesh", "west_bengal"}


def test_the_whole_shipped_bank_loads_for_the_analyzer():
    scenarios_of(*BUILTIN_FILES)
    from honorifics.scenarios.bank import load_bank
    bank = load_bank()
    assert len(bank) == 2 * (120 + 75 + 80)
    for scenario in bank:
        context = bank.context(scenario.id)
        assert set(context.expectations) <= {s.name for s in scenario.speakers}
        assert context.scenario["variables"] == scenario.variables
