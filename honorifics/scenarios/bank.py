"""The scenario bank: typed scenarios, validation, and the join to the analyzer.

A scenario is one line of ``honorifics/scenarios/data/{language}_{task}.jsonl``
(see ``SCHEMA.md``): a social situation, its speakers, and the tier every
directed speaker→addressee pair is expected to use.

>>> bank = load_bank(["tests/data/scenarios/hi_fixture.jsonl"])   # doctest: +SKIP
>>> bank.context("hi-dct-001").expectations["रोहित"].tiers          # doctest: +SKIP
('formal',)
"""
from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from ..languages import CODES, LANGUAGES
from ..records import RecordContext, SpeakerExpectation, SpeakerSpec
from ..tiers import TIERS, TierError, parse_tier

TASKS = ("dct", "continuation", "roleplay")
TIER_SHIFT = "tier_shift"
#: The id prefix of each task; tier-shift scenarios have their own.
TASK_ID_CODES = {"dct": "dct", "continuation": "cont", "roleplay": "rp"}
TIER_SHIFT_ID_CODE = "shift"
GENDERS = ("male", "female", "other")
#: Closed vocabularies of the scenario variables (SCHEMA.md). ``relation`` and,
#: for Hindi, ``region`` are free text; ``pairing`` is checked against the tiers.
VARIABLE_VALUES: dict[str, tuple[Any, ...]] = {
    "relationship_type": ("family", "professional", "social", "institutional"),
    "direction": ("higher_to_lower", "equal", "lower_to_higher"),
    "age_relation": ("younger", "same", "older"),
    "setting": ("formal", "semi-formal", "informal"),
    "domain": ("family", "office", "hospital", "academia", "everyday"),
    "key": ("neutral", "angry", "affectionate", "pleading", "requesting", "urgent"),
    "end": ("inform", "inquire", "request", "command"),
    "valence": ("neutral", "conflict", "celebration", "request"),
}
REQUIRED_VARIABLES = ("relationship_type", "relation", "direction", "age_relation",
                      "gender_relation", "setting", "domain", "key", "end",
                      "valence", "pairing", "region")
BANGLA_REGIONS = ("bangladesh", "west_bengal")
#: "same" age contradicts the speakers' ages only when they are this far apart
#: or more (a lenient bound: "similar age" is a judgment).
SAME_AGE_TOLERANCE = 10
BUILTIN_FILES = tuple(f"{language}_{task}.jsonl" for language in CODES for task in TASKS)
#: The script every situation of a language must be written in.
_SCRIPT = {language.code: language.letters for language in LANGUAGES}
_ID_PATTERN = re.compile(r"^(hi|bn)-(dct|cont|shift|rp)-[0-9A-Za-z][0-9A-Za-z_-]*$")
_PAIRING_SEPARATOR = "↔"


class ScenarioError(ValueError):
    """One or more problems with scenarios; ``errors`` holds one line each."""

    def __init__(self, errors: list[str]):
        self.errors = list(errors)
        super().__init__("\n".join(self.errors))


@dataclass(frozen=True, slots=True)
class TierExpectation:
    """The primary tier and the other acceptable ones for one directed pair."""
    primary: str
    secondary: tuple[str, ...] = ()

    @property
    def tiers(self) -> tuple[str, ...]:
        """All acceptable tiers, primary first."""
        return (self.primary, *self.secondary)

    def to_dict(self) -> dict[str, Any]:
        return {"primary": self.primary, "secondary": list(self.secondary)}


@dataclass(frozen=True, slots=True)
class Speaker:
    """A character: ``Speaker("अनुराधा", ("अनुराधा जी", "मैडम"), 52, "female", "प्रोफ़ेसर", "…")``."""
    name: str
    aliases: tuple[str, ...] = ()
    age: int | None = None
    gender: str | None = None
    role: str = ""
    description: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "aliases": list(self.aliases), "age": self.age,
                "gender": self.gender, "role": self.role, "description": self.description}


@dataclass(frozen=True, slots=True)
class Addressing:
    """Who addresses whom, and in which tier (before the shift, for tier-shift)."""
    speaker: str
    addressee: str
    expected: TierExpectation
    expected_before: TierExpectation | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"speaker": self.speaker, "addressee": self.addressee,
                "expected": self.expected.to_dict(),
                "expected_before": self.expected_before.to_dict() if self.expected_before else None}


@dataclass(frozen=True, slots=True)
class SeedTurn:
    """One line of the dialogue so far (continuation scenarios)."""
    speaker: str
    text: str

    def to_dict(self) -> dict[str, Any]:
        return {"speaker": self.speaker, "text": self.text}


@dataclass(frozen=True, slots=True)
class Scenario:
    """One validated scenario of the bank (see ``SCHEMA.md``)."""
    id: str
    language: str
    task: str
    situation: str
    speakers: tuple[Speaker, ...]
    addressing: tuple[Addressing, ...]
    variables: dict[str, Any]
    subtask: str | None = None
    target_speaker: str | None = None
    seed_turns: tuple[SeedTurn, ...] = ()
    shift_event: str | None = None
    ambiguous: bool = False
    #: ``file:line`` the scenario was read from, for error messages.
    origin: str = field(default="", compare=False)

    def speaker(self, name: str) -> Speaker:
        """The speaker called ``name`` (KeyError when absent)."""
        for speaker in self.speakers:
            if speaker.name == name:
                return speaker
        raise KeyError(name)

    def addressing_of(self, speaker: str) -> Addressing | None:
        """The first addressing entry whose speaker is ``speaker``."""
        return next((entry for entry in self.addressing if entry.speaker == speaker), None)

    def primary_tiers(self) -> tuple[str, ...]:
        """The primary tier of every addressing entry, in order."""
        return tuple(entry.expected.primary for entry in self.addressing)

    def to_dict(self) -> dict[str, Any]:
        """The scenario as a SCHEMA.md record (round-trips through ``parse_scenario``)."""
        return {
            "id": self.id, "language": self.language, "task": self.task, "subtask": self.subtask,
            "situation": self.situation, "speakers": [s.to_dict() for s in self.speakers],
            "target_speaker": self.target_speaker,
            "addressing": [a.to_dict() for a in self.addressing],
            "seed_turns": [t.to_dict() for t in self.seed_turns],
            "shift_event": self.shift_event, "ambiguous": self.ambiguous,
            "variables": dict(self.variables),
        }


# --------------------------------------------------------------------------- parsing


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _parse_expectation(value: Any, where: str, errors: list[str]) -> TierExpectation | None:
    """``{"primary": "formal", "secondary": ["familiar"]}`` → TierExpectation."""
    if isinstance(value, str):   # a bare tier is accepted as the primary alone
        value = {"primary": value, "secondary": []}
    if not isinstance(value, Mapping):
        errors.append(f"{where}: must be an object {{'primary': tier, 'secondary': [tiers]}}")
        return None
    try:
        primary = parse_tier(value.get("primary", ""))
    except TierError as error:
        errors.append(f"{where}.primary: {error}")
        return None
    if primary not in TIERS:
        errors.append(f"{where}.primary: {primary!r} is an outcome, not an address tier")
        return None
    secondary_raw = value.get("secondary") or []
    if isinstance(secondary_raw, str) or not isinstance(secondary_raw, list):
        errors.append(f"{where}.secondary: must be a list of tiers")
        return None
    secondary: list[str] = []
    for index, item in enumerate(secondary_raw):
        try:
            tier = parse_tier(item)
        except TierError as error:
            errors.append(f"{where}.secondary[{index}]: {error}")
            continue
        if tier not in TIERS:
            errors.append(f"{where}.secondary[{index}]: {tier!r} is not an address tier")
        elif tier == primary:
            errors.append(f"{where}.secondary[{index}]: repeats the primary tier {primary!r}")
        elif tier not in secondary:
            secondary.append(tier)
    return TierExpectation(primary, tuple(secondary))


def _parse_speakers(raw: Any, errors: list[str]) -> list[Speaker]:
    if not isinstance(raw, list) or not raw:
        errors.append("speakers: must be a non-empty list")
        return []
    speakers: list[Speaker] = []
    for index, item in enumerate(raw):
        where = f"speakers[{index}]"
        if not isinstance(item, Mapping):
            errors.append(f"{where}: must be an object with at least 'name'")
            continue
        name = item.get("name")
        if not _is_text(name):
            errors.append(f"{where}.name: missing or empty")
            continue
        aliases = item.get("aliases") or []
        if not isinstance(aliases, list) or not all(_is_text(a) for a in aliases):
            errors.append(f"{where}.aliases: must be a list of non-empty strings")
            aliases = []
        age = item.get("age")
        if age is not None and (not isinstance(age, int) or isinstance(age, bool) or not 0 < age < 120):
            errors.append(f"{where}.age: {age!r} is not an age in years")
            age = None
        gender = item.get("gender")
        if gender is not None and gender not in GENDERS:
            errors.append(f"{where}.gender: {gender!r} is not one of {', '.join(GENDERS)}")
            gender = None
        role, description = item.get("role") or "", item.get("description") or ""
        if not isinstance(role, str) or not isinstance(description, str):
            errors.append(f"{where}: role and description must be strings")
            role, description = "", ""
        speakers.append(Speaker(name.strip(), tuple(a.strip() for a in aliases), age, gender,
                                role.strip(), description.strip()))
    names = [s.name for s in speakers]
    for name in sorted({n for n in names if names.count(n) > 1}):
        errors.append(f"speakers: the name {name!r} is listed twice")
    # An alias may be shared (friends who both go by দোস্ত, a passenger and a
    # rickshaw-puller who call each other মামা) but may not be another speaker's name.
    for speaker in speakers:
        for alias in speaker.aliases:
            if alias in names and alias != speaker.name:
                errors.append(f"speakers: {speaker.name!r} has the alias {alias!r}, "
                              "which is another speaker's name")
    return speakers


def _parse_addressing(raw: Any, names: set[str], shift: bool,
                      errors: list[str]) -> list[Addressing]:
    if not isinstance(raw, list) or not raw:
        errors.append("addressing: must be a non-empty list of {speaker, addressee, expected}")
        return []
    entries: list[Addressing] = []
    seen: set[tuple[str, str]] = set()
    for index, item in enumerate(raw):
        where = f"addressing[{index}]"
        if not isinstance(item, Mapping):
            errors.append(f"{where}: must be an object")
            continue
        speaker, addressee = item.get("speaker"), item.get("addressee")
        problems = False
        for key, value in (("speaker", speaker), ("addressee", addressee)):
            if value not in names:
                errors.append(f"{where}.{key}: {value!r} is not a listed speaker")
                problems = True
        if not problems and speaker == addressee:
            errors.append(f"{where}: {speaker!r} addresses themself")
            problems = True
        if not problems and (speaker, addressee) in seen:
            errors.append(f"{where}: the pair {speaker}→{addressee} is listed twice")
            problems = True
        expected = _parse_expectation(item.get("expected"), f"{where}.expected", errors)
        before = None
        if item.get("expected_before") is not None:
            if not shift:
                errors.append(f"{where}.expected_before: only tier_shift scenarios have it")
            before = _parse_expectation(item["expected_before"], f"{where}.expected_before", errors)
        if problems or expected is None:
            continue
        seen.add((speaker, addressee))
        entries.append(Addressing(speaker, addressee, expected, before))
    return entries


def _check_id(data: Mapping[str, Any], errors: list[str]) -> str:
    scenario_id = data.get("id")
    if not _is_text(scenario_id):
        errors.append("id: missing or empty")
        return ""
    match = _ID_PATTERN.match(scenario_id)
    if not match:
        errors.append(f"id: {scenario_id!r} does not look like {{hi|bn}}-{{dct|cont|shift|rp}}-NNN")
        return scenario_id
    language, task, subtask = data.get("language"), data.get("task"), data.get("subtask")
    code = TIER_SHIFT_ID_CODE if subtask == TIER_SHIFT else TASK_ID_CODES.get(task)
    if match.group(1) != language or (code and match.group(2) != code):
        errors.append(f"id: {scenario_id!r} does not match language {language!r}, "
                      f"task {task!r}, subtask {subtask!r} (expected prefix {language}-{code}-)")
    return scenario_id


def _check_variables(raw: Any, language: str, task: str, errors: list[str]) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        errors.append("variables: must be an object")
        return {}
    variables = dict(raw)
    for key in REQUIRED_VARIABLES:
        if key not in variables:
            errors.append(f"variables.{key}: missing (use null when it does not apply)")
    for key, allowed in VARIABLE_VALUES.items():
        value = variables.get(key)
        if key == "valence" and task != "roleplay":
            if value is not None:
                errors.append(f"variables.valence: only role-play scenarios have a valence, got {value!r}")
        elif value not in allowed:
            errors.append(f"variables.{key}: {value!r} is not one of {', '.join(map(str, allowed))}")
    if not _is_text(variables.get("relation")):
        errors.append("variables.relation: missing or empty (e.g. 'student→teacher')")
    region = variables.get("region")
    if language == "bn" and region is not None and region not in BANGLA_REGIONS:
        errors.append(f"variables.region: {region!r} is not one of {', '.join(BANGLA_REGIONS)}")
    if language == "hi" and region is not None and not _is_text(region):
        errors.append("variables.region: must be null or a state/city name")
    return variables


def _check_pairing(variables: Mapping[str, Any], scenario: Scenario, errors: list[str]) -> None:
    """Role-play ``pairing`` "formal↔familiar" = speaker 1's tier ↔ speaker 2's tier."""
    pairing = variables.get("pairing")
    if scenario.task != "roleplay":
        if pairing is not None:
            errors.append(f"variables.pairing: only role-play scenarios have a pairing, got {pairing!r}")
        return
    if not isinstance(pairing, str) or pairing.count(_PAIRING_SEPARATOR) != 1:
        errors.append(f"variables.pairing: {pairing!r} is not 'tier↔tier'")
        return
    try:
        tiers = tuple(parse_tier(part) for part in pairing.split(_PAIRING_SEPARATOR))
    except TierError as error:
        errors.append(f"variables.pairing: {error}")
        return
    if len(scenario.speakers) < 2 or len(scenario.addressing) != 2:
        return
    first, second = scenario.speakers[0].name, scenario.speakers[1].name
    actual = []
    for speaker, addressee in ((first, second), (second, first)):
        entry = scenario.addressing_of(speaker)
        actual.append(entry.expected.primary if entry and entry.addressee == addressee else None)
    if tuple(actual) != tiers:
        errors.append(f"variables.pairing: {pairing!r} but the addressing gives "
                      f"{first} {actual[0]} ↔ {second} {actual[1]}")


def _age_relation(speaker_age: int, addressee_age: int) -> str:
    if abs(speaker_age - addressee_age) < SAME_AGE_TOLERANCE:
        return "same"
    return "younger" if speaker_age < addressee_age else "older"


def _check_demographics(scenario: Scenario, errors: list[str]) -> None:
    """gender_relation and age_relation agree with the speakers' genders and ages.

    They describe a speaker→addressee pair; for DCT that is the target's pair,
    otherwise any addressing entry may be the one described.
    """
    variables = scenario.variables
    entries = scenario.addressing[:1] if scenario.task == "dct" else scenario.addressing
    if not entries:
        return
    pairs = [(scenario.speaker(e.speaker), scenario.speaker(e.addressee)) for e in entries]
    gender_relation = variables.get("gender_relation")
    described = [f"{a.gender}→{b.gender}" for a, b in pairs if a.gender and b.gender]
    if not isinstance(gender_relation, str) or "→" not in gender_relation:
        errors.append(f"variables.gender_relation: {gender_relation!r} is not 'gender→gender'")
    elif described and gender_relation not in described:
        errors.append(f"variables.gender_relation: {gender_relation!r} but the speakers give "
                      f"{' or '.join(sorted(set(described)))}")
    age_relation = variables.get("age_relation")
    ages = [(a.age, b.age) for a, b in pairs if a.age is not None and b.age is not None]
    if age_relation not in VARIABLE_VALUES["age_relation"] or not ages:
        return
    # "same" is a tolerance band; only a contradiction in direction is an error.
    def contradicts(speaker_age: int, addressee_age: int) -> bool:
        if age_relation == "younger":
            return speaker_age >= addressee_age
        if age_relation == "older":
            return speaker_age <= addressee_age
        return _age_relation(speaker_age, addressee_age) != "same"
    if all(contradicts(*pair) for pair in ages):
        shown = ", ".join(f"{a}→{b}" for a, b in ages)
        errors.append(f"variables.age_relation: {age_relation!r} contradicts the ages (speaker→addressee {shown})")


def _check_task_shape(data: Mapping[str, Any], scenario: Scenario, errors: list[str]) -> None:
    """DCT: one target and one pair; role-play: two mutual pairs; continuation: seed turns."""
    names = {s.name for s in scenario.speakers}
    if scenario.task == "dct":
        if scenario.target_speaker not in names:
            errors.append(f"target_speaker: {scenario.target_speaker!r} is not a listed speaker "
                          "(DCT scenarios name whose line the model writes)")
        if len(scenario.addressing) != 1:
            errors.append(f"addressing: DCT has exactly one entry, got {len(scenario.addressing)}")
        elif scenario.addressing[0].speaker != scenario.target_speaker:
            errors.append(f"addressing[0].speaker: {scenario.addressing[0].speaker!r} "
                          f"is not the target speaker {scenario.target_speaker!r}")
    elif scenario.target_speaker is not None:
        errors.append(f"target_speaker: only DCT scenarios have one, got {scenario.target_speaker!r}")
    if scenario.task == "roleplay":
        pairs = {(a.speaker, a.addressee) for a in scenario.addressing}
        mutual = len(pairs) == 2 and all((b, a) in pairs for a, b in pairs)
        if len(scenario.speakers) != 2:
            errors.append(f"speakers: role-play has two characters, got {len(scenario.speakers)}")
        if not mutual:
            errors.append("addressing: role-play has exactly two entries, A→B and B→A")
    if scenario.task == "continuation":
        if not scenario.seed_turns:
            errors.append("seed_turns: continuation scenarios need the dialogue so far")
    elif data.get("seed_turns"):
        errors.append("seed_turns: only continuation scenarios have seed turns")
    if scenario.subtask == TIER_SHIFT:
        befores = [a for a in scenario.addressing if a.expected_before is not None]
        if not _is_text(scenario.shift_event):
            errors.append("shift_event: tier_shift scenarios describe the line or event that changes the situation")
        if not befores:
            errors.append("addressing: a tier_shift scenario needs expected_before on the shifting pair")
        elif all(a.expected_before.primary == a.expected.primary for a in befores):
            errors.append("addressing: tier_shift but no pair's primary tier changes "
                          "between expected_before and expected")
    elif scenario.shift_event is not None:
        errors.append("shift_event: only tier_shift scenarios have one")
    if scenario.ambiguous and not any(a.expected.secondary for a in scenario.addressing):
        errors.append("ambiguous: true but no pair lists acceptable secondary tiers")


def _check_text(scenario: Scenario, errors: list[str]) -> None:
    if not _SCRIPT[scenario.language].search(scenario.situation):
        errors.append(f"situation: not written in the script of language {scenario.language!r}")
    for speaker in scenario.speakers:
        labels = (speaker.name, *speaker.aliases)
        if not any(label in scenario.situation for label in labels):
            errors.append(f"situation: does not mention speaker {speaker.name!r} "
                          "(neither the name nor an alias)")


def _parse_seed_turns(raw: Any, names: set[str], errors: list[str]) -> list[SeedTurn]:
    if raw in (None, []):
        return []
    if not isinstance(raw, list):
        errors.append("seed_turns: must be a list of {speaker, text}")
        return []
    turns = []
    for index, item in enumerate(raw):
        if not isinstance(item, Mapping) or not _is_text(item.get("text")):
            errors.append(f"seed_turns[{index}]: must be {{speaker, text}} with non-empty text")
            continue
        if item.get("speaker") not in names:
            errors.append(f"seed_turns[{index}].speaker: {item.get('speaker')!r} is not a listed speaker")
            continue
        turns.append(SeedTurn(item["speaker"], item["text"].strip()))
    return turns


def validate_scenario(data: Any) -> list[str]:
    """All problems with one scenario record, one line each (empty when valid).

    >>> validate_scenario({"id": "hi-dct-001"})[0]
    'language: None is not one of hi, bn'
    """
    try:
        parse_scenario(data)
    except ScenarioError as error:
        return error.errors
    return []


def parse_scenario(data: Any, origin: str = "") -> Scenario:
    """Build a Scenario from a SCHEMA.md record; raise ScenarioError listing every problem."""
    if not isinstance(data, Mapping):
        raise ScenarioError([f"a scenario must be a JSON object, got {type(data).__name__}"])
    errors: list[str] = []
    language, task, subtask = data.get("language"), data.get("task"), data.get("subtask")
    if language not in CODES:
        errors.append(f"language: {language!r} is not one of {', '.join(CODES)}")
    if task not in TASKS:
        errors.append(f"task: {task!r} is not one of {', '.join(TASKS)}")
    if subtask not in (None, TIER_SHIFT):
        errors.append(f"subtask: {subtask!r} is not null or {TIER_SHIFT!r}")
    elif subtask == TIER_SHIFT and task != "continuation":
        errors.append(f"subtask: tier_shift scenarios are continuations, not {task!r}")
    scenario_id = _check_id(data, errors)
    if not _is_text(data.get("situation")):
        errors.append("situation: missing or empty")
    if not isinstance(data.get("ambiguous", False), bool):
        errors.append(f"ambiguous: must be true or false, got {data.get('ambiguous')!r}")
    speakers = _parse_speakers(data.get("speakers"), errors)
    names = {s.name for s in speakers}
    addressing = _parse_addressing(data.get("addressing"), names, subtask == TIER_SHIFT, errors)
    seed_turns = _parse_seed_turns(data.get("seed_turns"), names, errors)
    variables = _check_variables(data.get("variables"), language, task, errors)
    if errors:   # the cross-field checks below need a well-formed record
        raise ScenarioError(errors)
    scenario = Scenario(
        id=scenario_id, language=language, task=task, subtask=subtask,
        situation=data["situation"].strip(), speakers=tuple(speakers),
        addressing=tuple(addressing), variables=variables,
        target_speaker=data.get("target_speaker"), seed_turns=tuple(seed_turns),
        shift_event=data.get("shift_event"), ambiguous=bool(data.get("ambiguous", False)),
        origin=origin)
    _check_task_shape(data, scenario, errors)
    _check_pairing(variables, scenario, errors)
    _check_demographics(scenario, errors)
    _check_text(scenario, errors)
    if errors:
        raise ScenarioError(errors)
    return scenario


# --------------------------------------------------------------------------- files


def read_records(path: str | Path) -> Iterator[tuple[int, Any]]:
    """(line number, parsed object) for a JSONL file, or (index, item) for a YAML list.

    Raises ScenarioError for lines that are not JSON. A gzip file (``bank.jsonl.gz``)
    is read as its content; a file that is not UTF-8 raises
    :class:`~honorifics.textfiles.TextFileError` naming the file and the line.
    """
    from ..textfiles import read_text
    path = Path(path)
    text = read_text(path)
    if Path(path.name.removesuffix(".gz")).suffix in (".yaml", ".yml"):
        import yaml
        items = yaml.safe_load(text) or []
        if not isinstance(items, list):
            raise ScenarioError([f"{path}: a YAML scenario file is a list of scenarios"])
        yield from enumerate(items, start=1)
        return
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except json.JSONDecodeError as error:
            raise ScenarioError([f"{path}:{number}: not valid JSON ({error.msg}, column {error.colno})"])


def read_scenarios(path: str | Path) -> tuple[list[Scenario], list[str]]:
    """Parse every scenario of one file; return the valid ones and one error line per problem."""
    scenarios, errors = [], []
    try:
        records = list(read_records(path))
    except ScenarioError as error:
        return [], error.errors
    for number, record in records:
        origin = f"{path}:{number}"
        label = record.get("id") if isinstance(record, Mapping) else None
        try:
            scenarios.append(parse_scenario(record, origin))
        except ScenarioError as error:
            errors.extend(f"{origin} {label or '?'}: {message}" for message in error.errors)
    return scenarios, errors


def builtin_paths() -> tuple[list[Path], list[str]]:
    """The built-in bank files that exist, and the names of those that do not (yet)."""
    data = resources.files("honorifics.scenarios") / "data"
    present, missing = [], []
    for name in BUILTIN_FILES:
        entry = data / name
        if entry.is_file():
            present.append(Path(str(entry)))
        else:
            missing.append(name)
    return present, missing


class ScenarioBank:
    """A validated set of scenarios, indexed by id.

    >>> bank = ScenarioBank([])
    >>> len(bank), bank.context("hi-dct-001") is None
    (0, True)
    """

    def __init__(self, scenarios: Iterable[Scenario], missing_files: Iterable[str] = ()):
        self.scenarios: list[Scenario] = list(scenarios)
        self.missing_files: list[str] = list(missing_files)
        self._by_id: dict[str, Scenario] = {}
        duplicates = []
        for scenario in self.scenarios:
            first = self._by_id.setdefault(scenario.id, scenario)
            if first is not scenario:
                duplicates.append(f"{scenario.origin} {scenario.id}: id: duplicate "
                                  f"(first at {first.origin})")
        if duplicates:
            raise ScenarioError(duplicates)

    def __len__(self) -> int:
        return len(self.scenarios)

    def __iter__(self) -> Iterator[Scenario]:
        return iter(self.scenarios)

    def __contains__(self, scenario_id: object) -> bool:
        return scenario_id in self._by_id

    def get(self, scenario_id: str) -> Scenario | None:
        """The scenario with this id, or None."""
        return self._by_id.get(scenario_id)

    def __getitem__(self, scenario_id: str) -> Scenario:
        return self._by_id[scenario_id]

    def context(self, scenario_id: str) -> RecordContext | None:
        """What the analyzer needs to score an output of this scenario, or None if unknown.

        Speakers (with aliases) guide attribution; ``expectations`` maps each
        speaker to their acceptable tiers toward their addressee (primary first);
        ``scenario`` is copied verbatim into the analysis record.
        """
        scenario = self._by_id.get(scenario_id)
        if scenario is None:
            return None
        expectations: dict[str, SpeakerExpectation] = {}
        for entry in scenario.addressing:
            # A speaker's first listed addressee is the one scored.
            expectations.setdefault(entry.speaker, SpeakerExpectation(
                tiers=entry.expected.tiers, addressee=entry.addressee,
                before=entry.expected_before.tiers if entry.expected_before else None))
        # An alias shared by two speakers identifies neither: it is left out.
        alias_counts = Counter(a for s in scenario.speakers for a in set(s.aliases))
        return RecordContext(
            speakers=[SpeakerSpec(s.name, tuple(a for a in s.aliases if alias_counts[a] == 1))
                      for s in scenario.speakers],
            expectations=expectations, task=scenario.task, language=scenario.language,
            scenario={"id": scenario.id, "task": scenario.task, "subtask": scenario.subtask,
                      "ambiguous": scenario.ambiguous, "target_speaker": scenario.target_speaker,
                      "variables": dict(scenario.variables)},
            seed_texts=tuple(turn.text for turn in scenario.seed_turns))

    def filter(self, language: str | None = None, task: str | None = None,
               tier: str | None = None, subtask: str | None = None,
               ambiguous: bool | None = None, **variables: Any) -> "ScenarioBank":
        """The scenarios matching every given criterion.

        ``tier`` (any spelling: "आप", "tumi", "formal") matches a scenario where
        some pair's primary expected tier is that tier; ``subtask="none"`` selects
        scenarios without a subtask; variables compare as strings ("null" = None).

        >>> bank.filter(language="hi", task="dct", tier="आप", relationship_type="family")  # doctest: +SKIP
        """
        wanted_tier = parse_tier(tier) if tier is not None else None
        unknown = set(variables) - set(REQUIRED_VARIABLES)
        if unknown:
            raise ValueError(f"unknown scenario variable(s): {', '.join(sorted(unknown))}; "
                             f"known: {', '.join(REQUIRED_VARIABLES)}")

        def same(actual: Any, wanted: Any) -> bool:
            if wanted is None or (isinstance(wanted, str) and wanted.lower() in ("null", "none")):
                return actual is None
            return actual is not None and str(actual) == str(wanted)

        def keep(s: Scenario) -> bool:
            return ((language is None or s.language == language)
                    and (task is None or s.task == task)
                    and (subtask is None or same(s.subtask, subtask))
                    and (ambiguous is None or s.ambiguous == ambiguous)
                    and (wanted_tier is None or wanted_tier in s.primary_tiers())
                    and all(same(s.variables.get(k), v) for k, v in variables.items()))
        return ScenarioBank([s for s in self.scenarios if keep(s)], self.missing_files)


def load_bank(paths: Iterable[str | Path] | None = None, strict: bool = True) -> ScenarioBank:
    """Load and validate scenario files (default: the built-in bank).

    Built-in files that do not exist yet are skipped and listed in
    ``bank.missing_files``. With ``strict`` (default) any invalid scenario
    raises ScenarioError with one line per problem; otherwise invalid
    scenarios are left out.
    """
    missing: list[str] = []
    if paths is None:
        paths, missing = builtin_paths()
    scenarios, errors = [], []
    for path in paths:
        if not Path(path).is_file():
            errors.append(f"{path}: no such file")
            continue
        valid, problems = read_scenarios(path)
        scenarios.extend(valid)
        errors.extend(problems)
    if errors and strict:
        raise ScenarioError(errors)
    return ScenarioBank(scenarios, missing)
