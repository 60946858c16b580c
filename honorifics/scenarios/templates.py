"""Template instantiation: new balanced scenarios from a few typed templates.

A template (``templates/instantiation/{hi,bn}.yaml``) is a scenario with typed
slots: people (gender, age range, household), choices (settings, reasons,
places; optionally per region) and constraints that keep the expected tiers
valid (the teacher stays older than the student, friends stay the same age and
gender). Fillers are data (``honorifics/lang/<code>/slots.yaml``). Instantiation is
deterministic: scenario *i* of a template depends only on the seed, the
template name and *i*. Every result is validated like a bank scenario.

>>> scenarios = instantiate_file(builtin_template_files("hi")[0], count=2, seed=0)  # doctest: +SKIP
>>> scenarios[0].id                                                               # doctest: +SKIP
'hi-dct-t-office-deadline-001'
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..languages import CODES, language as registered_language
from .bank import TASK_ID_CODES, TIER_SHIFT, TIER_SHIFT_ID_CODE, Scenario, ScenarioError, parse_scenario
from .prompts import inflect_name, prompt_templates

#: Attempts at drawing people that satisfy the constraints before giving up.
MAX_ATTEMPTS = 500
#: People at most this many years apart are of the ``same`` age.
SAME_AGE_YEARS = 4
_SLOT = re.compile(r"\{([^{}]+)\}")
_TEMPLATE_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")


class TemplateError(ValueError):
    """A template that cannot be instantiated (bad slot, impossible constraints)."""


@dataclass(frozen=True, slots=True)
class PersonSlot:
    """A person to draw: ``employee: {gender: any, age: [23, 29]}``."""
    key: str
    gender: str                   # male | female | any
    ages: tuple[int, int]
    household: bool = False       # drawn from the household's religion


@dataclass(frozen=True, slots=True)
class Person:
    """A filled person slot."""
    key: str
    name: str
    gender: str
    age: int
    religion: str


@dataclass(frozen=True, slots=True)
class Constraints:
    """``older`` (A, B, years): A at least that much older; ``same_age`` (A, B, years): at most
    that far apart; ``same_gender`` (A, B)."""
    older: tuple[tuple[str, str, int], ...] = ()
    same_age: tuple[tuple[str, str, int], ...] = ()
    same_gender: tuple[tuple[str, str], ...] = ()

    def hold(self, people: dict[str, Person]) -> bool:
        return (all(people[a].age - people[b].age >= years for a, b, years in self.older)
                and all(abs(people[a].age - people[b].age) <= years for a, b, years in self.same_age)
                and all(people[a].gender == people[b].gender for a, b in self.same_gender))


@dataclass(frozen=True, slots=True)
class ScenarioTemplate:
    """One template of a template file."""
    name: str
    language: str
    task: str
    people: tuple[PersonSlot, ...]
    constraints: Constraints
    choices: dict[str, Any]
    regions: tuple[str, ...]
    body: dict[str, Any] = field(compare=False)   # the scenario fields with placeholders
    origin: str = ""


@dataclass(frozen=True, slots=True)
class SlotFillers:
    """Names and kin terms of one language (``honorifics/lang/<code>/slots.yaml``)."""
    names: tuple[dict[str, Any], ...]
    kin_terms: dict[str, dict[str, dict[str, str]]]


@lru_cache(maxsize=None)
def slot_fillers(language: str) -> SlotFillers:
    """The built-in fillers of a language."""
    data = registered_language(language).read("slots")
    return SlotFillers(tuple(data["names"]), data.get("kin_terms", {}))


def builtin_template_files(language: str | None = None) -> list[Path]:
    """The shipped template files (``hi.yaml``, ``bn.yaml``), or one language's."""
    folder = resources.files("honorifics.scenarios") / "templates" / "instantiation"
    languages = [language] if language else list(CODES)
    return [Path(str(folder / f"{code}.yaml")) for code in languages]


# --------------------------------------------------------------------------- reading templates


def _person_slot(key: str, spec: Any, where: str) -> PersonSlot:
    if not isinstance(spec, dict):
        raise TemplateError(f"{where}: people.{key} must be {{gender, age: [min, max]}}")
    gender = spec.get("gender", "any")
    if gender not in ("male", "female", "any"):
        raise TemplateError(f"{where}: people.{key}.gender {gender!r} is not male, female or any")
    ages = spec.get("age")
    if not (isinstance(ages, list) and len(ages) == 2 and all(isinstance(a, int) for a in ages)
            and 0 < ages[0] <= ages[1] < 120):
        raise TemplateError(f"{where}: people.{key}.age must be [min, max] in years, got {ages!r}")
    return PersonSlot(key, gender, (ages[0], ages[1]), bool(spec.get("household", False)))


def _constraints(raw: Any, keys: set[str], where: str) -> Constraints:
    raw = raw or {}
    unknown = set(raw) - {"older", "same_age", "same_gender"}
    if unknown:
        raise TemplateError(f"{where}: unknown constraint(s) {', '.join(sorted(unknown))}")
    for kind, items in raw.items():
        for item in items:
            if not all(person in keys for person in item[:2]):
                raise TemplateError(f"{where}: constraint {kind} {item!r} names an unknown person")
    return Constraints(tuple(tuple(i) for i in raw.get("older", [])),
                       tuple(tuple(i) for i in raw.get("same_age", [])),
                       tuple(tuple(i) for i in raw.get("same_gender", [])))


def read_templates(path: str | Path) -> list[ScenarioTemplate]:
    """Parse a template file; the language is the file's stem (``hi.yaml``) or a ``language`` key."""
    import yaml
    from ..textfiles import read_text
    path = Path(path)
    try:
        items = yaml.safe_load(read_text(path)) or []
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = f":{mark.line + 1}" if mark else ""
        raise TemplateError(f"{path}{line}: not valid YAML ({getattr(error, 'problem', error)}); "
                            "quote values that contain {{placeholders}}") from None
    if not isinstance(items, list):
        raise TemplateError(f"{path}: a template file is a list of templates")
    templates = []
    for index, item in enumerate(items):
        where = f"{path} template {index + 1}"
        name = item.get("name", "")
        if not _TEMPLATE_NAME.match(str(name)):
            raise TemplateError(f"{where}: name {name!r} must be lowercase ASCII words joined by '-'")
        where = f"{path} {name}"
        language = item.get("language", path.stem)
        if language not in CODES:
            raise TemplateError(f"{where}: language {language!r} (set 'language' or name the file hi.yaml/bn.yaml)")
        people_raw = item.get("people") or {}
        people = tuple(_person_slot(key, spec, where) for key, spec in people_raw.items())
        if len(people) < 2:
            raise TemplateError(f"{where}: a template needs at least two people")
        body = {key: item[key] for key in ("situation", "speakers", "target_speaker", "addressing",
                                           "seed_turns", "shift_event", "variables", "subtask",
                                           "ambiguous") if key in item}
        templates.append(ScenarioTemplate(
            name=name, language=language, task=item.get("task", ""), people=people,
            constraints=_constraints(item.get("constraints"), set(people_raw), where),
            choices=item.get("choices") or {}, regions=tuple(item.get("regions") or ()),
            body=body, origin=where))
    return templates


# --------------------------------------------------------------------------- filling


def _draw_people(template: ScenarioTemplate, rng: random.Random, region: str | None,
                 household: str | None) -> dict[str, Person]:
    names = slot_fillers(template.language).names
    for _ in range(MAX_ATTEMPTS):
        people: dict[str, Person] = {}
        used: set[str] = set()
        for slot in template.people:
            gender = slot.gender if slot.gender != "any" else rng.choice(("male", "female"))
            pool = [n for n in names if n["gender"] == gender and n["name"] not in used
                    and (region is None or region in n.get("regions", [region]))
                    and (not slot.household or household is None or n["religion"] == household)]
            if not pool:
                raise TemplateError(f"{template.origin}: no {gender} name left for {slot.key} "
                                    f"(region {region}, household {household})")
            chosen = rng.choice(pool)
            used.add(chosen["name"])
            people[slot.key] = Person(slot.key, chosen["name"], gender,
                                      rng.randint(*slot.ages), chosen["religion"])
        if template.constraints.hold(people):
            return people
    raise TemplateError(f"{template.origin}: constraints cannot be met in {MAX_ATTEMPTS} draws")


def _draw_choices(template: ScenarioTemplate, rng: random.Random, region: str | None) -> dict[str, str]:
    chosen = {}
    for key, options in sorted(template.choices.items()):
        if isinstance(options, dict):      # fillers per region
            options = options.get(region) if region else None
            if not options:
                raise TemplateError(f"{template.origin}: choice {key!r} has no fillers for region {region!r}")
        chosen[key] = str(rng.choice(options))
    return chosen


@dataclass(frozen=True, slots=True)
class _Filler:
    """Resolves the placeholders of one scenario's text."""
    language: str
    people: dict[str, Person]
    choices: dict[str, str]
    origin: str

    def number(self, value: int) -> str:
        digits = prompt_templates()[self.language]["digits"]
        return "".join(digits[int(d)] for d in str(value))

    def resolve(self, placeholder: str) -> str:
        if "|" in placeholder:                    # {person|masculine|feminine}
            key, *forms = placeholder.split("|")
            person = self._person(key)
            if len(forms) != 2:
                raise TemplateError(f"{self.origin}: {{{placeholder}}} needs two forms: masculine|feminine")
            return forms[0] if person.gender == "male" else forms[1]
        key, _, attribute = placeholder.partition(".")
        if not attribute:
            if key in self.people:
                return self.people[key].name
            if key in self.choices:
                return self.choices[key]
            raise TemplateError(f"{self.origin}: {{{placeholder}}} is neither a person nor a choice")
        person = self._person(key)
        if attribute == "age":
            return self.number(person.age)
        if attribute in ("genitive", "accusative"):
            return inflect_name(person.name, attribute, self.language)
        if attribute.startswith("kin:"):
            terms = slot_fillers(self.language).kin_terms.get(person.religion, {})
            term = terms.get(attribute[4:], {}).get(person.gender)
            if term is None:
                raise TemplateError(f"{self.origin}: no kin term {attribute[4:]!r} for a "
                                    f"{person.religion} {person.gender}")
            return term
        raise TemplateError(f"{self.origin}: unknown attribute in {{{placeholder}}}")

    def _person(self, key: str) -> Person:
        if key not in self.people:
            raise TemplateError(f"{self.origin}: {key!r} is not one of the template's people")
        return self.people[key]

    def fill(self, value: Any) -> Any:
        """Fill placeholders in every string of a nested structure."""
        if isinstance(value, str):
            text = _SLOT.sub(lambda m: self.resolve(m.group(1)), value)
            return " ".join(text.split()) if "\n" in value or "  " in text else text
        if isinstance(value, list):
            return [self.fill(item) for item in value]
        if isinstance(value, dict):
            return {key: self.fill(item) for key, item in value.items()}
        return value


def _age_relation(speaker: Person, addressee: Person) -> str:
    if abs(speaker.age - addressee.age) <= SAME_AGE_YEARS:
        return "same"
    return "younger" if speaker.age < addressee.age else "older"


def _scenario_record(template: ScenarioTemplate, index: int, people: dict[str, Person],
                     filler: _Filler, region: str | None) -> dict[str, Any]:
    body = template.body
    name_of = {key: person.name for key, person in people.items()}
    speakers = []
    for entry in body.get("speakers", []):
        person = people[entry["person"]]
        speakers.append({"name": person.name, "aliases": filler.fill(entry.get("aliases", [])),
                         "age": person.age, "gender": person.gender,
                         "role": filler.fill(entry.get("role", "")),
                         "description": filler.fill(entry.get("description", ""))})
    addressing = []
    for entry in body.get("addressing", []):
        before = entry.get("before")
        addressing.append({
            "speaker": name_of[entry["speaker"]], "addressee": name_of[entry["addressee"]],
            "expected": {"primary": entry["expected"], "secondary": entry.get("secondary", [])},
            "expected_before": {"primary": before} if before else None})
    first = body["addressing"][0]
    speaker, addressee = people[first["speaker"]], people[first["addressee"]]
    variables = {"valence": None, "pairing": None, "region": region, **filler.fill(body.get("variables", {}))}
    variables["gender_relation"] = f"{speaker.gender}→{addressee.gender}"
    variables["age_relation"] = _age_relation(speaker, addressee)
    if template.task == "roleplay":
        by_speaker = {a["speaker"]: a["expected"]["primary"] for a in addressing}
        variables["pairing"] = "↔".join(by_speaker[s["name"]] for s in speakers[:2])
    subtask = body.get("subtask")
    code = TIER_SHIFT_ID_CODE if subtask == TIER_SHIFT else TASK_ID_CODES.get(template.task, template.task)
    return {
        "id": f"{template.language}-{code}-t-{template.name}-{index:03d}",
        "language": template.language, "task": template.task, "subtask": subtask,
        "situation": filler.fill(body.get("situation", "")), "speakers": speakers,
        "target_speaker": name_of.get(body.get("target_speaker")),
        "addressing": addressing,
        "seed_turns": [{"speaker": name_of[t["speaker"]], "text": filler.fill(t["text"])}
                       for t in body.get("seed_turns", [])],
        "shift_event": filler.fill(body.get("shift_event")),
        "ambiguous": bool(body.get("ambiguous", False)), "variables": variables}


def _households(template: ScenarioTemplate, region: str | None) -> list[str]:
    """Religions with enough names of each gender for all the household's members."""
    members = sum(slot.household for slot in template.people)
    names = [n for n in slot_fillers(template.language).names
             if region is None or region in n.get("regions", [region])]
    return sorted({n["religion"] for n in names
                   if all(sum(m["religion"] == n["religion"] and m["gender"] == gender for m in names) >= members
                          for gender in ("male", "female"))})


def instantiate(template: ScenarioTemplate, index: int, seed: int = 0) -> Scenario:
    """Scenario number ``index`` (1-based) of a template, validated.

    The same (seed, template name, index) always gives the same scenario.
    """
    rng = random.Random(f"{seed}:{template.language}:{template.name}:{index}")
    region = rng.choice(template.regions) if template.regions else None
    household = rng.choice(_households(template, region))
    people = _draw_people(template, rng, region, household)
    filler = _Filler(template.language, people, _draw_choices(template, rng, region), template.origin)
    record = _scenario_record(template, index, people, filler, region)
    try:
        return parse_scenario(record, origin=f"{template.origin} #{index}")
    except ScenarioError as error:
        raise ScenarioError([f"{template.origin} #{index}: {message}" for message in error.errors])


def instantiate_file(path: str | Path, count: int, seed: int = 0) -> list[Scenario]:
    """``count`` scenarios from every template of a file, in template order."""
    return [instantiate(template, index, seed)
            for template in read_templates(path) for index in range(1, count + 1)]
