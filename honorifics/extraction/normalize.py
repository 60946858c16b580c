"""Script normalization for MATCHING, never for output.

Text is never rewritten: tokens keep their spans in the original string, and
each token gets a *match key* used to look it up in the lexicons. Two
spellings that a reader takes as the same word get the same key:

>>> match_key("कीजिये", "deva") == match_key("कीजिए", "deva")
True
>>> match_key("जाएँ", "deva") == match_key("जाएं", "deva")
True
>>> match_key("ज़रूर", "deva") == match_key("जरूर", "deva")   # nukta
True
>>> match_key("Aap", "latn") == match_key("ap", "latn")
True

indic-nlp-library's normalizer does the canonical Unicode work (nukta
decomposition, ZWJ/ZWNJ removal, vowel-sign canonicalization). It gets two
things wrong for matching, fixed here: it leaves chandrabindu and anusvara
apart (जाएँ ≠ जाएं), keeps a mark typed twice (तुम्हेंं), and it turns Bangla khanda ta written as ত + ্ + ZWJ
into a bare ত্ instead of ৎ.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Final, cast

from .. import regexcache
from .._accel import compiled
from ..scripts import LATIN, NATIVE, SCRIPT_CODES, SCRIPTS, class_body, detection_class, marks_class, without

ZERO_WIDTH = "\u200c\u200d\ufeff\u2060"
_DEVANAGARI_NUKTA = "\u093c"
_BENGALI_NUKTA = "\u09bc"
_KHANDA_TA_SPELLED = "\u09a4\u09cd\u200d"   # ত্‍
_KHANDA_TA = "\u09ce"                          # ৎ

# य as a glide after a vowel: कीजिये → कीजिए, गयी → गई (both spellings are standard).
# (after a vowel sign, an independent vowel, or a consonant's inherent a: गये)
_DEVANAGARI_VOWEL = "\u0905-\u0914\u093e-\u094c\u0915-\u0939"
_YE_GLIDE = regexcache.compile(f"(?<=[{_DEVANAGARI_VOWEL}])\u092f\u0947")
_YI_GLIDE = regexcache.compile(f"(?<=[{_DEVANAGARI_VOWEL}])\u092f\u0940")

# A vowel sign or nasal mark typed twice (तुम्हेंं) reads as once.
_REPEATED_MARK = regexcache.compile("([" + "".join(marks_class(script) for script in NATIVE) + "])\\1+")

_NORMALIZERS: dict[str, object] = {}


def _indic_normalizer(language: str):
    normalizer = _NORMALIZERS.get(language)
    if normalizer is None:
        try:
            from indicnlp.normalize.indic_normalize import IndicNormalizerFactory
            normalizer = IndicNormalizerFactory().get_normalizer(language)
        except Exception:   # library absent or broken: the fixes below still apply
            normalizer = False
        _NORMALIZERS[language] = normalizer
    return normalizer


# Words that every step of _fold_indic_full leaves as they are: Latin digits and the
# word characters of the script (honorifics/scripts.py) other than the ones a step
# may change (_FOLDED: nukta and its composed letters, chandrabindu, stress and other
# marks that NFC reorders or the normalizer rewrites, unassigned code points; zero-width
# joiners are not word characters of a script), no two-part vowel that NFC composes
# (ে + া), no य glide, no mark typed twice.
# Most words of a text; their key is the word itself (tested against the full
# folding on random words in tests/test_core_normalize.py).
_FOLDED = {
    "deva": "\u0901\u0929\u0931\u0934\u093c\u0951\u0952\u0953\u0954"
            "\u0958\u0959\u095a\u095b\u095c\u095d\u095e\u095f\u0972",
    "beng": "\u0981\u09bc\u09dc\u09dd\u09df\u09e4\u09e5\u09f7\u09fe",
}
_UNCHANGED_WORD = {
    code: regexcache.compile(f"[{class_body((*LATIN.digits, *without(SCRIPTS[code].word, folded)))}]+")
    for code, folded in _FOLDED.items()
}
_CHANGED_SEQUENCE = {
    "deva": regexcache.compile(f"\u092f[\u0947\u0940]|([{marks_class(SCRIPTS['deva'])}])\\1"),
    "beng": regexcache.compile(f"\u09c7[\u09be\u09d7]|([{marks_class(SCRIPTS['beng'])}])\\1"),
}


def _fold_indic(token: str, script: str) -> str:
    if _UNCHANGED_WORD[script].fullmatch(token) and _CHANGED_SEQUENCE[script].search(token) is None:
        return token
    return _fold_indic_full(token, script)


def _fold_indic_full(token: str, script: str) -> str:
    token = unicodedata.normalize("NFC", token.replace(_KHANDA_TA_SPELLED, _KHANDA_TA))
    normalizer = _indic_normalizer("hi" if script == "deva" else "bn")
    if normalizer:
        token = normalizer.normalize(token)
    for char in ZERO_WIDTH:
        token = token.replace(char, "")
    token = _REPEATED_MARK.sub(r"\1", token)
    if script == "deva":
        token = token.replace(_DEVANAGARI_NUKTA, "").replace("\u0901", "\u0902")
        token = _YE_GLIDE.sub("\u090f", token)
        token = _YI_GLIDE.sub("\u0908", token)
    else:
        # Bangla: chandrabindu is often dropped (দাঁড়া / দাড়া); nukta letters
        # (য়, ড়, ঢ়) and their bare forms are matched alike.
        token = token.replace("\u0981", "").replace(_BENGALI_NUKTA, "")
    return token


_ROMAN_DIGRAPHS = (("chh", "ch"), ("ee", "i"), ("oo", "u"), ("w", "v"))
_DOUBLED = regexcache.compile(r"(.)\1+")


def _fold_latin(token: str) -> str:
    token = unicodedata.normalize("NFKD", token.casefold())
    token = "".join(c for c in token if not unicodedata.combining(c))
    for old, new in _ROMAN_DIGRAPHS:
        token = token.replace(old, new)
    return _DOUBLED.sub(r"\1", token)


# word → match key, per script (a plain dict: cheaper than calling the lru_cache).
# Emptied when it reaches KEY_CACHE_LIMIT words, so memory stays flat over a
# corpus of millions of distinct generations.
_KEY_CACHE: dict[str, dict[str, str]] = {}
KEY_CACHE_LIMIT = 200_000


def key_cache(script: str) -> dict[str, str]:
    """The word → match key cache of a script, emptied first when over the limit (the
    tokenizer asks once per utterance, so it may pass the limit by one utterance's words)."""
    cache = _KEY_CACHE.get(script)
    if cache is None:   # (not setdefault: that builds an empty dict on every call)
        cache = _KEY_CACHE[script] = {}
    elif len(cache) > KEY_CACHE_LIMIT:
        cache.clear()
    return cache


def cached_match_key(token: str, script: str) -> str:
    """:func:`match_key`, looked up in the script's cache first."""
    cache = key_cache(script)
    key = cache.get(token)
    if key is None:
        key = cache[token] = match_key(token, script)
    return key


@lru_cache(maxsize=200_000)
def match_key(token: str, script: str) -> str:
    """The lookup key of one token in a script (``deva``, ``beng`` or ``latn``)."""
    if script == LATIN.code:
        return _fold_latin(token)
    return _fold_indic(token, script)


# --- scripts -------------------------------------------------------------

# The code points that count as each script (an Indic script's block, Latin A–Z).
_SCRIPT_LETTERS = {code: regexcache.compile(f"[{detection_class(script)}]") for code, script in SCRIPTS.items()}


# Any letter, named by its script; and per script, the letters of the other scripts.
_CLASSES = {script: letters.pattern[1:-1] for script, letters in _SCRIPT_LETTERS.items()}
_ANY_LETTER = regexcache.compile("|".join(f"(?P<{script}>[{letters}])" for script, letters in _CLASSES.items()))
_OTHER_LETTERS = {script: regexcache.compile("[" + "".join(letters for other, letters in _CLASSES.items()
                                                   if other != script) + "]")
                  for script in _CLASSES}


def detect_script(text: str) -> str | None:
    """The dominant script of a text, counting letters; None when it has none.

    >>> detect_script("Tumi kothay jaccho? আমি"), detect_script("आप कैसे हैं?")
    ('latn', 'deva')
    """
    return script_mix(text)[0]


def script_mix(text: str) -> tuple[str | None, bool]:
    """The dominant script of a text (:func:`detect_script`), and whether it has
    letters of more than one script: when not, no part of it needs a script check.

    >>> script_mix("आप कैसे हैं?"), script_mix("Tumi kothay jaccho? আমি"), script_mix("…")
    (('deva', False), ('latn', True), (None, False))
    """
    first = _ANY_LETTER.search(text)
    if first is None:
        return None, False
    found = cast(str, first.lastgroup)   # each alternative is a group named by its script
    if not (_other_script_letter(text, first.end(), _SCRIPT_NUMBERS[found]) if _BY_CHARACTER
            else _OTHER_LETTERS[found].search(text, first.end()) is not None):
        return found, False   # the common case: one script, found in two scans, no counting
    counts = _letters_by_script(text) if _BY_CHARACTER else [len(letters.findall(text))
                                                             for letters in _SCRIPT_LETTERS.values()]
    best, best_count = None, 0
    for script, count in zip(_SCRIPT_LETTERS, counts):
        if count > best_count:
            best, best_count = script, count
    return best, True


_BY_CHARACTER = compiled()   # how letters are counted (see _letters_by_script)
_SCRIPT_CODES: Final[bytes] = SCRIPT_CODES
_SCRIPT_CODES_END: Final[int] = len(SCRIPT_CODES)


_SCRIPT_NUMBERS = {code: number for number, code in enumerate(SCRIPTS, start=1)}


def _other_script_letter(text: str, start: int, number: int) -> bool:
    """Has ``text[start:]`` a letter of a script other than the one numbered ``number`` (1-based,
    in ``SCRIPTS`` order)? The compiled path's form of the search of ``_OTHER_LETTERS``: one loop
    over the code points, about a quarter of the regex's cost compiled (tested to agree)."""
    for i in range(start, len(text)):
        code = ord(text[i])
        if code < _SCRIPT_CODES_END:
            found = _SCRIPT_CODES[code]
            if found and found != number:
                return True
    return False


def _letters_by_script(text: str) -> list[int]:
    """How many letters of each script (in ``SCRIPTS`` order) a text holds: one loop over the
    code points, the compiled path's form of one ``findall`` per script (faster compiled,
    slower interpreted; tested to agree)."""
    counts = [0] * len(SCRIPTS)
    for i in range(len(text)):
        code = ord(text[i])
        if code < _SCRIPT_CODES_END:
            number = _SCRIPT_CODES[code]
            if number:
                counts[number - 1] += 1
    return counts


def has_script(text: str, script: str) -> bool:
    return _SCRIPT_LETTERS[script].search(text) is not None


