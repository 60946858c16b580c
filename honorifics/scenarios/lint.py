"""Priming lint: prompts must describe the situation, never the address behaviour.

A prompt that says *सम्मान से जवाब दें*, *তারা একে অপরকে তুমি বলে* or
*they call each other tum* tells the model the answer. The lint flags, in the
rendered instructions, the situation and the speakers' roles and
descriptions:

- politeness, respect and formality vocabulary (सम्मान, औपचारिक, শ্রদ্ধা, polite …),
- the second-person pronouns of every tier, in both scripts and romanized,
- phrases that name the tier of the relationship (बराबरी से बात …).

Seed turns of continuation scenarios are dialogue: pronouns are expected there
and only the other two categories are checked. Word lists are data
(``templates/priming_words.yaml``); matching is on whole words.

>>> [f.word for f in lint_text("वे दोनों आपस में सम्मान से बात करते हैं।")]
['सम्मान']
>>> lint_text("अपना काम आपस में बाँट लो, अपने आप हो जाएगा।")
[]
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Iterable

from ..scripts import LATIN_LETTERS, NATIVE_LETTERS
from .bank import Scenario
from .prompts import INSTRUCTIONS, render_prompt

#: A word: Latin letters, or Devanagari / Bengali letters and their vowel signs
#: (``\w`` misses the signs), with joiners. Dandas and digits are not letters.
_WORD = re.compile(f"[{LATIN_LETTERS}{NATIVE_LETTERS}]+")
_DROP = dict.fromkeys(map(ord, "\u093C\u09BC\u200C\u200D"))   # nukta, ZWNJ, ZWJ
_CHANDRABINDU = {ord("\u0901"): "\u0902"}


@dataclass(frozen=True, slots=True)
class Word:
    """A token of the text with its span and its matching key."""
    text: str
    start: int
    end: int
    key: str


@dataclass(frozen=True, slots=True)
class TextFinding:
    """A flagged word or phrase inside one text."""
    word: str
    start: int
    end: int
    category: str
    explanation: str
    detail: str | None = None    # for pronouns: the tier they name


@dataclass(frozen=True, slots=True)
class LintFinding:
    """A flagged word in one field of one scenario."""
    scenario_id: str
    origin: str
    field: str
    finding: TextFinding
    context: str

    def message(self) -> str:
        """One line: where, what, and why."""
        where = f"{self.origin} {self.scenario_id}" if self.origin else self.scenario_id
        detail = f", {self.finding.detail} tier" if self.finding.detail else ""
        return (f"{where} {self.field}: {self.finding.word!r} "
                f"({self.finding.category}{detail}: {self.finding.explanation}) in “{self.context}”")


def normalize(word: str) -> str:
    """Matching key: NFC, no nukta or joiners, chandrabindu as anusvara, case-folded.

    >>> normalize("इज़्ज़त") == normalize("इज्जत")
    True
    """
    decomposed = unicodedata.normalize("NFD", word).translate(_DROP).translate(_CHANDRABINDU)
    return unicodedata.normalize("NFC", decomposed).casefold()


def tokenize(text: str) -> list[Word]:
    """Words of Hindi, Bangla or Latin text with their character spans.

    >>> [w.text for w in tokenize("किताबें, আপনি-আজ্ঞে!")]
    ['किताबें', 'আপনি', 'আজ্ঞে']
    """
    return [Word(m.group(), m.start(), m.end(), normalize(m.group())) for m in _WORD.finditer(text)]


@dataclass(frozen=True, slots=True)
class _Pattern:
    """One entry of the word lists: a sequence of (key, is_prefix) parts."""
    parts: tuple[tuple[str, bool], ...]
    category: str
    explanation: str
    detail: str | None
    in_dialogue: bool

    def matches_at(self, words: list[Word], index: int) -> bool:
        if index + len(self.parts) > len(words):
            return False
        for (key, prefix), word in zip(self.parts, words[index:index + len(self.parts)]):
            if not (word.key.startswith(key) if prefix else word.key == key):
                return False
        return True


def _compile(entry: str, category: str, explanation: str, detail: str | None,
             in_dialogue: bool) -> _Pattern:
    parts = []
    for piece in entry.split():
        prefix = piece.endswith("*")
        for word in tokenize(piece.rstrip("*")):   # "t-v" → t, v
            parts.append((word.key, False))
        if prefix and parts:
            parts[-1] = (parts[-1][0], True)
    return _Pattern(tuple(parts), category, explanation, detail, in_dialogue)


@dataclass(frozen=True, slots=True)
class PrimingLexicon:
    """The compiled word lists of ``templates/priming_words.yaml``."""
    patterns: tuple[_Pattern, ...]
    allowed: frozenset[str]
    allowed_phrases: tuple[_Pattern, ...] = ()
    #: Patterns by the first letter of their first word (a word can only match these).
    by_initial: dict[str, tuple[_Pattern, ...]] = field(default_factory=dict)

    def candidates(self, word: "Word") -> tuple[_Pattern, ...]:
        return self.by_initial.get(word.key[:1], ())


def _entries(words: Any) -> Iterable[tuple[str | None, str]]:
    """(tier or None, entry) from a list or a {label: list} mapping."""
    for label, items in (words.items() if isinstance(words, dict) else [(None, words)]):
        for item in items:
            yield label, item


@lru_cache(maxsize=None)
def priming_lexicon() -> PrimingLexicon:
    """Load and compile the built-in priming word lists."""
    import yaml
    source = resources.files("honorifics.scenarios") / "templates" / "priming_words.yaml"
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    patterns = []
    for category, spec in data["categories"].items():
        in_dialogue = spec.get("dialogue", "flagged") == "flagged"
        for group in ("words", "phrases"):
            for label, entry in _entries(spec.get(group, {})):
                # Only pronoun lists are grouped by tier; other groups are by language.
                detail = label if category == "pronoun" else None
                patterns.append(_compile(entry, category, spec["explanation"], detail, in_dialogue))
    # Longer phrases first, so a phrase is reported once as a phrase.
    patterns.sort(key=lambda p: -len(p.parts))
    allowed_phrases = tuple(_compile(entry, "allowed", "", None, True)
                            for entry in data.get("allowed_phrases", []))
    by_initial: dict[str, list[_Pattern]] = {}
    for pattern in patterns:
        by_initial.setdefault(pattern.parts[0][0][:1], []).append(pattern)
    return PrimingLexicon(tuple(patterns), frozenset(normalize(w) for w in data.get("allowed", [])),
                          allowed_phrases, {k: tuple(v) for k, v in by_initial.items()})


def lint_text(text: str, dialogue: bool = False,
              names: Iterable[str] = ()) -> list[TextFinding]:
    """Flag priming words in one text.

    ``dialogue``: the text is a character's line (seed turn), where pronouns are
    natural and only politeness words and tier phrases are flagged. ``names``:
    speaker names and aliases; their words (and inflected forms of them, such as
    বিনয়ের) are never flagged.

    >>> [(f.word, f.detail) for f in lint_text("They call each other tum.")]
    [('call each other', None), ('tum', 'familiar')]
    >>> lint_text("তোমার কথা শুনে ভালো লাগল।", dialogue=True)
    []
    """
    lexicon = priming_lexicon()
    words = tokenize(text)
    name_keys = {w.key for name in names for w in tokenize(name) if len(w.key) > 1}
    findings: list[TextFinding] = []
    covered_until = 0
    for index, word in enumerate(words):
        if word.start < covered_until or word.key in lexicon.allowed:
            continue
        if any(word.key.startswith(key) for key in name_keys):
            continue
        harmless = next((p for p in lexicon.allowed_phrases if p.matches_at(words, index)), None)
        if harmless:
            covered_until = words[index + len(harmless.parts) - 1].end
            continue
        for pattern in lexicon.candidates(word):
            if dialogue and not pattern.in_dialogue:
                continue
            if pattern.matches_at(words, index):
                last = words[index + len(pattern.parts) - 1]
                findings.append(TextFinding(text[word.start:last.end], word.start, last.end,
                                            pattern.category, pattern.explanation, pattern.detail))
                covered_until = last.end
                break
    return findings


def _context(text: str, start: int, end: int, width: int = 30) -> str:
    left, right = max(0, start - width), min(len(text), end + width)
    snippet = text[left:right].replace("\n", " ")
    return ("…" if left else "") + snippet + ("…" if right < len(text) else "")


def _scenario_fields(scenario: Scenario) -> list[tuple[str, str, bool]]:
    """(field, text, is_dialogue) for every text of a scenario that the model may read.

    ``shift_event`` is a note for the researcher, never rendered, so not linted.
    """
    fields = [("situation", scenario.situation, False)]
    for index, speaker in enumerate(scenario.speakers):
        fields.append((f"speakers[{index}].role", speaker.role, False))
        fields.append((f"speakers[{index}].description", speaker.description, False))
    for index, turn in enumerate(scenario.seed_turns):
        fields.append((f"seed_turns[{index}].text", turn.text, True))
    prompt = render_prompt(scenario)
    instructions = "".join(p.text if p.source == INSTRUCTIONS else " " * len(p.text)
                           for p in prompt.pieces)
    fields.append(("prompt instructions", instructions, False))
    return fields


def lint_scenario(scenario: Scenario) -> list[LintFinding]:
    """Every priming word in the prompt and the texts of one scenario.

    >>> lint_scenario(scenario)   # doctest: +SKIP
    [LintFinding(scenario_id='hi-dct-007', field='situation', …'औपचारिक'…)]
    """
    names = [label for s in scenario.speakers for label in (s.name, *s.aliases)]
    findings = []
    for field_name, text, dialogue in _scenario_fields(scenario):
        for finding in lint_text(text, dialogue=dialogue, names=names):
            findings.append(LintFinding(scenario.id, scenario.origin, field_name, finding,
                                        _context(text, finding.start, finding.end)))
    return findings


def lint_scenarios(scenarios: Iterable[Scenario]) -> list[LintFinding]:
    """Lint many scenarios; findings in scenario order."""
    return [finding for scenario in scenarios for finding in lint_scenario(scenario)]
