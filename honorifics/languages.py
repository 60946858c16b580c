"""The languages the toolkit reads, written out once.

Every module that needs "which languages, in which script, with which
lexicon" asks here, so adding a language is one entry (plus its lexicon YAML
files and scenario data), not an edit in eight places.

>>> [language.code for language in LANGUAGES]
['hi', 'bn']
>>> language("Bangla").script, language("hindi").letters.pattern
('beng', '[\\\\u0900-\\\\u097f]')
>>> SCRIPT_LANGUAGE["deva"], lexicon_name("bn", "latn")
('hi', 'bn-Latn')
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

LATIN = "latn"


@dataclass(frozen=True)
class Language:
    """One language: its code, script and Unicode block, the spellings users write
    for it, and the names of its lexicons (native script and romanized)."""
    code: str
    name: str
    script: str                     # ISO 15924, lower case: deva, beng
    script_name: str
    block: tuple[int, int]          # the script's Unicode block, inclusive
    aliases: tuple[str, ...] = ()
    letters: re.Pattern = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        low, high = self.block
        object.__setattr__(self, "letters", re.compile(f"[\\u{low:04x}-\\u{high:04x}]"))

    @property
    def lexicon(self) -> str:
        """The native-script lexicon (``honorifics/lexicons/hi.yaml``)."""
        return self.code

    @property
    def romanized_lexicon(self) -> str:
        """The romanized lexicon (``honorifics/lexicons/hi-Latn.yaml``)."""
        return f"{self.code}-Latn"

    def in_block(self, character: str) -> bool:
        return self.block[0] <= ord(character) <= self.block[1]


LANGUAGES: tuple[Language, ...] = (
    Language("hi", "Hindi", "deva", "Devanagari", (0x0900, 0x097F), ("hin", "hindi")),
    Language("bn", "Bangla", "beng", "Bengali", (0x0980, 0x09FF), ("ben", "bengali", "bangla")),
)

#: the language codes, in registry order
CODES: tuple[str, ...] = tuple(language.code for language in LANGUAGES)
#: every accepted spelling (case-folded) → code
ALIASES: dict[str, str] = {name: language.code for language in LANGUAGES
                           for name in (language.code, *language.aliases)}
#: script → language, for the native scripts
SCRIPT_LANGUAGE: dict[str, str] = {language.script: language.code for language in LANGUAGES}
#: every lexicon shipped: native script, then romanized
LEXICON_NAMES: tuple[str, ...] = tuple(language.lexicon for language in LANGUAGES) + \
    tuple(language.romanized_lexicon for language in LANGUAGES)

_BY_CODE = {language.code: language for language in LANGUAGES}


def language(name: str) -> Language:
    """A language by code or any accepted spelling; KeyError for an unknown one."""
    return _BY_CODE[ALIASES[name.strip().casefold()]]


def lexicon_name(code: str, script: str) -> str:
    """The lexicon for a language written in a script: ``hi`` or ``hi-Latn``."""
    return f"{code}-Latn" if script == LATIN else code
