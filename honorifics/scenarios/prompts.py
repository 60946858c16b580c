"""Render a scenario into the prompt of its task (DCT, continuation, role-play).

The templates are data (``templates/prompts.yaml``). A rendered prompt keeps
track of where every piece of its text came from (the template's instructions,
the situation, a seed turn, a character description) so that the priming lint
can judge instructions and dialogue differently.

>>> from honorifics.scenarios.bank import load_bank
>>> prompt = render_prompt(load_bank(["tests/data/scenarios/hi_fixture.jsonl"])["hi-dct-001"])  # doctest: +SKIP
>>> print(prompt.text.splitlines()[-1])                                                        # doctest: +SKIP
रोहित: …
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from .bank import Scenario

#: The source of text that the template itself contributes.
INSTRUCTIONS = "instructions"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True, slots=True)
class PromptPiece:
    """A stretch of the prompt and where it came from (``situation``, ``seed_turns[1].text`` …)."""
    source: str
    text: str
    start: int


@dataclass(frozen=True, slots=True)
class RenderedPrompt:
    """A prompt ready to send, with its pieces for the lint."""
    scenario_id: str
    language: str
    task: str
    text: str
    max_tokens: int
    pieces: tuple[PromptPiece, ...]


@lru_cache(maxsize=None)
def prompt_templates() -> dict[str, Any]:
    """The prompt templates of every language (``templates/prompts.yaml``)."""
    import yaml
    source = resources.files("honorifics.scenarios") / "templates" / "prompts.yaml"
    return yaml.safe_load(source.read_text(encoding="utf-8"))


_PROMPT_ID = re.compile(r"^(?P<scenario_id>.+)-t(?P<temperature>[0-9.]+)-r(?P<run>[0-9]+)$")


def prompt_id(scenario_id: str, temperature: float, run: int) -> str:
    """The deterministic id of one prompt: ``hi-dct-001-t0.7-r1``."""
    return f"{scenario_id}-t{temperature:g}-r{run}"


def parse_prompt_id(value: str) -> tuple[str, float, int]:
    """(scenario_id, temperature, run) back from a prompt id or batch ``custom_id``.

    >>> parse_prompt_id("bn-rp-t-neighbour-sweets-003-t0.7-r2")
    ('bn-rp-t-neighbour-sweets-003', 0.7, 2)
    """
    match = _PROMPT_ID.match(value)
    if not match:
        raise ValueError(f"{value!r} is not a prompt id like hi-dct-001-t0.7-r1")
    return match["scenario_id"], float(match["temperature"]), int(match["run"])


def max_tokens_for(task: str) -> int:
    """The generation budget of a task: 200 (DCT), 300 (continuation), 500 (role-play)."""
    return int(prompt_templates()["max_tokens"][task])


def _fill(template: str, values: dict[str, list[tuple[str, str]]],
          default_source: str = INSTRUCTIONS) -> list[tuple[str, str]]:
    """Split ``template`` at its placeholders into (source, text) pieces."""
    pieces: list[tuple[str, str]] = []
    position = 0
    for match in _PLACEHOLDER.finditer(template):
        if match.start() > position:
            pieces.append((default_source, template[position:match.start()]))
        name = match.group(1)
        if name not in values:
            raise KeyError(f"prompt template uses {{{name}}}, which this task does not provide")
        pieces.extend(values[name])
        position = match.end()
    if position < len(template):
        pieces.append((default_source, template[position:]))
    return pieces


def _localize_digits(number: int, digits: str) -> str:
    return "".join(digits[int(d)] for d in str(number))


def _character_lines(scenario: Scenario, language: dict[str, Any]) -> list[tuple[str, str]]:
    pieces: list[tuple[str, str]] = []
    for index, speaker in enumerate(scenario.speakers):
        details = []
        if speaker.age is not None:
            details.append(language["age"].format(age=_localize_digits(speaker.age, language["digits"])))
        if speaker.role:
            details.append(speaker.role)
        template = language["character" if speaker.description else "character_without_description"]
        line = _fill(template, {
            "name": [(f"speakers[{index}].name", speaker.name)],
            "details": [(f"speakers[{index}].role", ", ".join(details))],
            "description": [(f"speakers[{index}].description", speaker.description)],
        })
        if index:
            pieces.append((INSTRUCTIONS, "\n"))
        pieces.extend(line)
    return pieces


def _seed_lines(scenario: Scenario, language: dict[str, Any]) -> list[tuple[str, str]]:
    pieces: list[tuple[str, str]] = []
    for index, turn in enumerate(scenario.seed_turns):
        if index:
            pieces.append((INSTRUCTIONS, "\n"))
        pieces.extend(_fill(language["seed_turn"], {
            "speaker": [(f"seed_turns[{index}].speaker", turn.speaker)],
            "text": [(f"seed_turns[{index}].text", turn.text)]}))
    # A tier-shift scenario's shift_event is a note for the researcher: the shift
    # itself happens in the seed turns, so the prompt is the same template as
    # every other continuation.
    return pieces


#: Vowel signs and independent vowels of Devanagari and Bengali: a name ending
#: in one of these takes the "vowel" form of a case suffix.
_FINAL_VOWEL = re.compile(r"[\u0904-\u0914\u093E-\u094C\u0985-\u0994\u09BE-\u09CC]$")


def _with_case(source: str, name: str, case: str, language: dict[str, Any]) -> list[tuple[str, str]]:
    """A name with a case ending written onto it: শ্রেয়া → শ্রেয়ার, রহমত → রহমতের."""
    suffixes = language.get("case_suffixes", {}).get(case)
    if not suffixes:
        return [(source, name)]
    ending = suffixes["vowel" if _FINAL_VOWEL.search(name) else "consonant"]
    return [(source, name), (INSTRUCTIONS, ending)]


def inflect_name(name: str, case: str, language: str) -> str:
    """A name with the case ending its language writes onto names (none for Hindi).

    >>> inflect_name("শ্রেয়া", "genitive", "bn"), inflect_name("রহমত", "genitive", "bn")
    ('শ্রেয়ার', 'রহমতের')
    >>> inflect_name("रोहित", "genitive", "hi")
    'रोहित'
    """
    return "".join(text for _, text in _with_case("", name, case, prompt_templates()[language]))


def _values(scenario: Scenario, language: dict[str, Any]) -> dict[str, list[tuple[str, str]]]:
    values: dict[str, list[tuple[str, str]]] = {"situation": [("situation", scenario.situation)]}
    if scenario.task == "dct":
        target = scenario.speaker(scenario.target_speaker)
        addressee = scenario.addressing[0].addressee
        values["speaker"] = [("target_speaker", target.name)]
        values["addressee"] = [("addressing[0].addressee", addressee)]
        values["speaker_genitive"] = _with_case("target_speaker", target.name, "genitive", language)
        values["addressee_accusative"] = _with_case("addressing[0].addressee", addressee,
                                                    "accusative", language)
        values["say"] = [(INSTRUCTIONS, language["say"].get(target.gender or "other", language["say"]["other"]))]
    elif scenario.task == "continuation":
        values["seed_turns"] = _seed_lines(scenario, language)
    else:
        values["characters"] = _character_lines(scenario, language)
    return values


def render_prompt(scenario: Scenario) -> RenderedPrompt:
    """The prompt for one scenario, in the scenario's language.

    A Hindi DCT prompt ends with the answer format, e.g.::

        स्थिति: रोहित दिल्ली के एक कॉलेज में …
        इस स्थिति में रोहित अनुराधा शर्मा से क्या कहेगा? केवल रोहित का संवाद लिखें (1-3 वाक्य)। …
        रोहित: …
    """
    language = prompt_templates()[scenario.language]
    pieces = _fill(language[scenario.task], _values(scenario, language))
    placed, position = [], 0
    for source, text in pieces:
        if text:
            placed.append(PromptPiece(source, text, position))
            position += len(text)
    return RenderedPrompt(scenario.id, scenario.language, scenario.task,
                          "".join(piece.text for piece in placed), max_tokens_for(scenario.task),
                          tuple(placed))
