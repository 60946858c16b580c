"""Words from Hindi, Bangla and English text, function-word lists and plot labels.

Python's ``\\w`` does not match Devanagari or Bengali vowel signs (ा, ি, ো …),
so ``re.findall(r"\\w+", "बहू")`` cuts words apart. Words here are runs of
letters, vowel signs, nukta, virama and joiners in explicit Unicode ranges.
"""
from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..extraction.lexicon import load_lexicon
from ..languages import LANGUAGES, language as registered_language
from ..scripts import APOSTROPHES, BENGALI, DEVANAGARI, LATIN, LATIN_LETTERS, NATIVE_LETTERS, detection_class

DATA_DIR = Path(__file__).resolve().parent / "data"

# The letters and signs of the native scripts (not dandas, digits or currency signs) with
# ZWNJ/ZWJ, which occur inside conjuncts and khanda ta; Latin words with apostrophes.
_WORD = re.compile(
    f"[{NATIVE_LETTERS}]+|[{LATIN_LETTERS}]+(?:[{APOSTROPHES}][{detection_class(LATIN)}]+)*")
_LATIN = re.compile(f"[{detection_class(LATIN)}]")
# Bengali's block has Devanagari's layout: a Bengali letter minus this offset is its Devanagari twin
_BENGALI_TO_DEVANAGARI = BENGALI.block[0] - DEVANAGARI.block[0]


def normalize(text: str) -> str:
    """NFC, so that the same word typed two ways counts once."""
    return unicodedata.normalize("NFC", text)


def words(text: str) -> list[str]:
    """Split text into words (NFC), keeping Indic vowel signs inside words.

    >>> words("बहू ने खाना बनाया।")
    ['बहू', 'ने', 'खाना', 'बनाया']
    >>> words("শাশুড়ি বললেন, 'তুমি এসো।'")
    ['শাশুড়ি', 'বললেন', 'তুমি', 'এসো']
    """
    return _WORD.findall(normalize(text))


def detect_script_language(text: str) -> str:
    """``hi`` for mostly Devanagari, ``bn`` for mostly Bengali, else ``en``.

    Romanized Hindi/Bangla comes out as ``en``: no tagger here knows it, and the
    content-word fallback treats Latin words the same way in either case.
    """
    counts = {**{language.code: len(language.letters.findall(text)) for language in LANGUAGES},
              "en": len(_LATIN.findall(text))}
    return max(counts, key=lambda lang: (counts[lang], lang == "en"))


@lru_cache(maxsize=None)
def second_person_forms(language: str) -> frozenset[str]:
    """The second-person forms a language's lexicons list (``honorifics/lang/<code>/``):
    every pronoun form, in every script of the language, and the verb forms the
    native-script lexicon lists with a tier shown on their own anywhere (आओ, করো; not
    दो "give"/"two" or हो, which count only in some places). No stop list may drop
    them, nor the other verb forms of :func:`is_second_person`.

    >>> {"आप", "तुम्हारा", "aapka", "आओ"} <= second_person_forms("hi"), "का" in second_person_forms("hi")
    (True, False)
    """
    try:
        entry = registered_language(language)
    except KeyError:
        return frozenset()
    forms: list[str] = []
    for script in entry.scripts:
        data = entry.read("lexicon", script, required=False) or {}
        forms += [str(form) for form in data.get("pronouns") or ()]
        if script == entry.script:
            exact = (data.get("verbs") or {}).get("exact") or {}
            forms += [str(form) for form, spec in exact.items()
                      if spec.get("evidence") and spec.get("when", "always") == "always"]
    return frozenset(normalize(form).casefold() for form in forms)


def is_second_person(language: str, word: str) -> bool:
    """Is a word a second-person form of the language: listed (:func:`second_person_forms`),
    or a verb form that its native-script lexicon reads with a tier shown on its own
    anywhere (करो, कीजिए, করুন: its suffix rules)?

    >>> is_second_person("hi", "बैठिए"), is_second_person("hi", "तुम"), is_second_person("hi", "बैठना")
    (True, True, False)
    """
    if word in second_person_forms(language):
        return True
    try:
        lexicon = load_lexicon(registered_language(language).lexicon)
    except KeyError:
        return False
    pronoun, reading, _, _ = lexicon.classify(lexicon.key(word))
    return bool(pronoun) or (reading is not None and reading.evidence is not None and reading.when == "always")


def read_word_list(path: str | Path) -> list[str]:
    """One word per line; ``#`` starts a comment line; NFC."""
    out = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(normalize(line).casefold())
    return out


@dataclass(frozen=True)
class StopList:
    """Function words to drop, with the protected forms that were refused.

    ``protected_removed`` lists second-person forms that the source list
    contained and that were kept anyway (spaCy's Bangla list has তুই/তুমি/আপনি).
    """
    language: str
    words: frozenset[str]
    source: str
    protected_removed: tuple[str, ...] = ()


def load_stop_list(language: str, path: str | Path | None = None) -> StopList:
    """The shipped function-word list for ``language`` (or the one at ``path``).

    Second-person forms (:func:`is_second_person`) are removed from any list, shipped or given.

    >>> "आप" in load_stop_list("hi").words, "का" in load_stop_list("hi").words
    (False, True)
    """
    source = Path(path) if path else DATA_DIR / f"stopwords_{language}.txt"
    listed = read_word_list(source) if source.exists() else []
    protected = {word for word in listed if is_second_person(language, word)}
    refused = tuple(sorted(protected))
    kept = frozenset(word for word in listed if word not in protected)
    return StopList(language, kept, str(source) if source.exists() else "none", refused)


@lru_cache(maxsize=None)
def _romanization_table() -> dict:
    return json.loads((DATA_DIR / "romanization.json").read_text(encoding="utf-8"))


def _as_devanagari(char: str) -> str:
    if BENGALI.block[0] <= ord(char) <= BENGALI.block[1]:
        return chr(ord(char) - _BENGALI_TO_DEVANAGARI)
    return char


def romanize(word: str) -> str:
    """A plain ASCII label for a Devanagari or Bengali word (for plots only).

    Consonants carry an inherent ``a`` unless a vowel sign or virama follows;
    a word-final inherent ``a`` is dropped. Latin text is returned unchanged.

    >>> romanize("बहू"), romanize("শাশুড়ি")
    ('bahuu', 'shaashuRi')
    """
    table = _romanization_table()
    extra = table["bengali_extra"]
    out: list[str] = []
    pending_vowel = False
    for char in unicodedata.normalize("NFC", word):
        if char in extra:
            if pending_vowel:
                out.append("a")
            out.append(extra[char])
            pending_vowel = char not in ("\u09ce",)
            continue
        key = _as_devanagari(char)
        if key in table["consonants"]:
            if pending_vowel:
                out.append("a")
            out.append(table["consonants"][key])
            pending_vowel = True
        elif key in table["vowel_signs"]:
            out.append(table["vowel_signs"][key])
            pending_vowel = False
        elif key == "\u093c":   # nukta: changes the consonant, not the vowel
            if out and out[-1] == "D":
                out[-1] = "R"
            elif out and out[-1] == "Dh":
                out[-1] = "Rh"
        elif key == "\u094d":   # virama: no inherent vowel
            pending_vowel = False
        elif key in table["independent_vowels"]:
            if pending_vowel:
                out.append("a")
            out.append(table["independent_vowels"][key])
            pending_vowel = False
        elif key in table["marks"]:
            if pending_vowel:
                out.append("a")
                pending_vowel = False
            out.append(table["marks"][key])
        elif char in "\u200c\u200d":
            continue
        else:
            if pending_vowel:
                out.append("a")
                pending_vowel = False
            out.append(char)
    return "".join(out)


def is_ascii_label(word: str) -> bool:
    """Whether matplotlib can draw ``word`` as is (no complex-script shaping needed)."""
    return not any(language.letters.search(word) for language in LANGUAGES)


def plot_label(word: str) -> str:
    """``word`` if it is drawable, else its romanization in brackets."""
    return word if is_ascii_label(word) else f"[{romanize(word)}]"
