"""The languages the toolkit reads, written out once.

Every module that needs "which languages, in which script, with which
lexicon" asks here. A language is one entry below (its code, name, scripts)
plus one data folder, ``honorifics/lang/<code>/`` (see
``honorifics/lang/README.md``): its lexicon per script, out-of-character cues,
scenario slots and its tier scale (``language.yaml``). A language outside the
package (a test's fixture language, a user's own) is an entry whose ``folder``
names its data, added with :func:`register`.

>>> [language.code for language in LANGUAGES]
['hi', 'bn']
>>> language("Bangla").script, language("hindi").letters.pattern
('beng', '[\\\\u0900-\\\\u097f]')
>>> SCRIPT_LANGUAGES["deva"], script_language("beng"), lexicon_name("bn", "latn")
(('hi',), 'bn', 'bn-Latn')
>>> language("hi").scripts, language("hi").file_name("lexicon", "latn")
(('deva', 'latn'), 'lexicon.latn.yaml')
"""
from __future__ import annotations

import hashlib
import os
import pickle
import re
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from . import scripts
from .cachedir import cache_dir
from .tiers import Scale, set_language_tiers

LATIN = scripts.LATIN.code
#: the data folders, one per language: honorifics/lang/<code>/
DATA_FOLDER = "lang"
#: the folder of the data every language shares (English meta-talk, English function words)
SHARED = "en"


@dataclass(frozen=True)
class Language:
    """One language: its code, native script (a table of ``honorifics/scripts.py``), the
    other scripts it is written in (``latn``: romanized), the spellings users write for
    it, and its data folder (``honorifics/lang/<code>/`` unless ``folder`` names another)."""
    code: str
    name: str
    script: str                     # ISO 15924, lower case: deva, beng (a key of scripts.SCRIPTS)
    aliases: tuple[str, ...] = ()
    other_scripts: tuple[str, ...] = (LATIN,)
    folder: Any = field(default=None, compare=False)   # a path or importlib Traversable
    letters: re.Pattern = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # its script's code points (the Unicode block), to tell its text from another's
        object.__setattr__(self, "letters", re.compile(f"[{scripts.detection_class(self.script_table)}]"))

    @property
    def script_table(self) -> scripts.Script:
        """Its native script's table."""
        return scripts.SCRIPTS[self.script]

    @property
    def script_name(self) -> str:
        return self.script_table.name

    @property
    def block(self) -> tuple[int, int]:
        """Its native script's Unicode block, inclusive."""
        return self.script_table.block

    @property
    def scripts(self) -> tuple[str, ...]:
        """Every script it is written in, the native one first (a lexicon each)."""
        return (self.script, *self.other_scripts)

    @property
    def lexicon(self) -> str:
        """The native-script lexicon (``honorifics/lang/hi/lexicon.yaml``)."""
        return self.code

    @property
    def romanized_lexicon(self) -> str:
        """The romanized lexicon (``honorifics/lang/hi/lexicon.latn.yaml``)."""
        return f"{self.code}-Latn"

    def lexicon_name(self, script: str) -> str:
        """Its lexicon for a script: ``hi`` (native), ``hi-Latn``."""
        return self.code if script == self.script else f"{self.code}-{script.capitalize()}"

    @property
    def data(self) -> Any:
        """Its data folder."""
        if self.folder is not None:
            return Path(self.folder) if isinstance(self.folder, str) else self.folder
        return resources.files("honorifics") / DATA_FOLDER / self.code

    @staticmethod
    def file_name(kind: str, script: str | None = None) -> str:
        """``lexicon.yaml`` for the native script (``script`` None), ``lexicon.latn.yaml`` for another."""
        return f"{kind}.yaml" if script is None else f"{kind}.{script}.yaml"

    def read(self, kind: str, script: str | None = None, *, required: bool = True) -> Any:
        """The parsed YAML of one of its files (``kind``: lexicon, out_of_character, slots) for
        a script (the native one when None or its own); None for a missing optional file."""
        return read_yaml(self.data / self.file_name(kind, None if script == self.script else script),
                         required=required)

    @cached_property
    def scale(self) -> Scale:
        """Its tier scale, least to most deferent (``tiers`` in its ``language.yaml``; the
        three shared tiers when it has none)."""
        data = read_yaml(self.data / "language.yaml", required=False) or {}
        return Scale.from_data(data.get("tiers"))

    def in_block(self, character: str) -> bool:
        return self.block[0] <= ord(character) <= self.block[1]


def read_yaml(path: Any, *, required: bool = True) -> Any:
    """The parsed YAML of a data file (libyaml when present: 10–20× faster); None when an
    optional file is missing."""
    if not required and not path.is_file():
        return None
    return parsed_yaml(path.read_bytes())


def parsed_yaml(raw: bytes) -> Any:
    """YAML parsed once per content: the parse is kept in the cache folder
    (:func:`honorifics.cachedir.cache_dir`, ``data/``, a pickle named by the bytes' hash, so a
    changed file is parsed anew), which a later process reads in a twentieth of the time
    (every run and worker loads its lexicons and cues ~20 ms sooner). Only an
    accelerator: where the folder cannot be read or written, the text is parsed."""
    name = cache_dir() / "data" / f"{hashlib.sha256(raw).hexdigest()[:40]}.pickle"
    try:
        return pickle.loads(name.read_bytes())
    except Exception:   # absent, unreadable, or written by another Python: parse
        pass
    import yaml   # only here: importing it takes ~8 ms, and a cached parse needs none
    text = raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")   # as text mode reads it
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    try:
        name.parent.mkdir(parents=True, exist_ok=True)
        partial = name.with_name(f"{name.name}.{os.getpid()}.partial")
        partial.write_bytes(pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(partial, name)   # whole or not at all, whatever runs beside
    except OSError:
        pass
    return data


def read_shared(kind: str) -> Any:
    """The parsed YAML of a file every language shares (``honorifics/lang/en/<kind>.yaml``)."""
    return read_yaml(resources.files("honorifics") / DATA_FOLDER / SHARED / f"{kind}.yaml")


LANGUAGES: tuple[Language, ...] = (
    Language("hi", "Hindi", "deva", ("hin", "hindi")),
    Language("bn", "Bangla", "beng", ("ben", "bengali", "bangla")),
)

#: the language codes, in registry order
CODES: tuple[str, ...] = tuple(language.code for language in LANGUAGES)
#: every accepted spelling (case-folded) → code
ALIASES: dict[str, str] = {name: language.code for language in LANGUAGES
                           for name in (language.code, *language.aliases)}


def script_languages(languages: tuple[Language, ...]) -> dict[str, tuple[str, ...]]:
    """Native script → the languages written in it, in registry order (one to many: a
    second Devanagari language comes after Hindi, it does not replace it). Latin is no
    language's script here, even one written only in Latin: Latin text is told by its words."""
    out: dict[str, tuple[str, ...]] = {}
    for entry in languages:
        if entry.script != LATIN:
            out[entry.script] = (*out.get(entry.script, ()), entry.code)
    return out


#: native script → its languages, in registry order
SCRIPT_LANGUAGES: dict[str, tuple[str, ...]] = script_languages(LANGUAGES)
#: every lexicon shipped: native script, then the other scripts
LEXICON_NAMES: tuple[str, ...] = tuple(language.lexicon for language in LANGUAGES) + \
    tuple(language.lexicon_name(script) for language in LANGUAGES for script in language.other_scripts)

_BY_CODE = {language.code: language for language in LANGUAGES}


def language(name: str) -> Language:
    """A language by code or any accepted spelling; KeyError for an unknown one."""
    return _BY_CODE[ALIASES[name.strip().casefold()]]


def script_language(script: str, preferred: str | None = None) -> str | None:
    """The language of a text in a native script: ``preferred`` when it is written in that
    script, else the script's first language; None for a script no language has as its own
    (Latin: romanized text is told by its words).

    >>> script_language("deva"), script_language("deva", "hi"), script_language("latn")
    ('hi', 'hi', None)
    """
    codes = SCRIPT_LANGUAGES.get(script)
    if not codes:
        return None
    return preferred if preferred in codes else codes[0]


def lexicon_name(code: str, script: str) -> str:
    """The lexicon for a language written in a script: ``hi`` or ``hi-Latn``."""
    entry = _BY_CODE.get(code)
    if entry is None:
        return f"{code}-Latn" if script == LATIN else code
    return entry.lexicon_name(script)


def lexicon_source(name: str) -> tuple[Language, str]:
    """The language and script of a lexicon name (``hi-Latn`` → Hindi, ``latn``);
    KeyError for a name that no registered language has."""
    for entry in LANGUAGES:
        for script in entry.scripts:
            if entry.lexicon_name(script) == name:
                return entry, script
    raise KeyError(name)


def _rebuild(entries: tuple[Language, ...]) -> None:
    """Set the registry to these entries: the lists are rebuilt, the dicts in place (modules
    that imported ALIASES or SCRIPT_LANGUAGES see the change)."""
    global LANGUAGES, CODES, LEXICON_NAMES
    codes = [entry.code for entry in entries]
    if len(set(codes)) != len(codes):
        raise ValueError(f"a language code registered twice: {codes}")
    aliases: dict[str, str] = {}
    for entry in entries:
        for name in (entry.code, *entry.aliases):
            key = name.strip().casefold()
            if aliases.setdefault(key, entry.code) != entry.code:
                raise ValueError(f"{name!r} names both {aliases[key]!r} and {entry.code!r}")
    # the tiers of their scales, and the words for them, become known to parse_tier
    set_language_tiers(entry.scale for entry in entries)
    # back to the shipped entries (a test's fixture languages removed): the very tuple the
    # modules that imported LANGUAGES hold
    LANGUAGES = _SHIPPED if entries == _SHIPPED else entries
    CODES = tuple(codes)
    LEXICON_NAMES = tuple(entry.lexicon for entry in entries) + \
        tuple(entry.lexicon_name(script) for entry in entries for script in entry.other_scripts)
    ALIASES.clear()
    ALIASES.update(aliases)
    SCRIPT_LANGUAGES.clear()
    SCRIPT_LANGUAGES.update(script_languages(entries))
    _BY_CODE.clear()
    _BY_CODE.update({entry.code: entry for entry in entries})


def register(entry: Language) -> None:
    """Add a language to the registry after the others, or put it in the place of the one
    with its code. Its data folder needs at least ``lexicon.yaml`` (and one
    ``lexicon.<script>.yaml`` per other script); its scale's tiers become known to
    :func:`honorifics.tiers.parse_tier`. Register it before analyzing its text: each
    lexicon is read once per process."""
    if entry.script not in scripts.SCRIPTS or any(s not in scripts.SCRIPTS for s in entry.other_scripts):
        raise ValueError(f"{entry.code}: a script without a table in honorifics/scripts.py: {entry.scripts}")
    if entry.code in _BY_CODE:
        _rebuild(tuple(entry if other.code == entry.code else other for other in LANGUAGES))
    else:
        _rebuild((*LANGUAGES, entry))


def unregister(code: str) -> None:
    """Remove a registered language (a test's fixture language); KeyError for an unknown code."""
    if code not in _BY_CODE:
        raise KeyError(code)
    _rebuild(tuple(entry for entry in LANGUAGES if entry.code != code))


_SHIPPED = LANGUAGES
set_language_tiers(entry.scale for entry in LANGUAGES)
