"""Is a Latin-script text English rather than romanized Hindi or Bangla?

An English refusal or note in a Hindi/Bangla record (``I can't help with
writing messages …``) must not be read with the romanized lexicons
(``Bengali`` is not the intimate past -li). The function words are data:
``honorifics/lang/en/function_words.yaml``.

>>> is_english("I can't help with writing messages meant to harass a specific person.")
True
>>> is_english("tumi ki amake ekta biryani recipe dite parbe?"), is_english("Aap kal aa rahe hain?")
(False, False)
>>> from honorifics.extraction.lexicon import load_lexicon
>>> hinglish = load_lexicon("hi-Latn")
>>> is_english("Tum kahan the?", lambda w: any(hinglish.classify(hinglish.key(w))[:2]))
False
"""
from __future__ import annotations

import re

from .. import regexcache
from ..languages import read_shared

_WORD = regexcache.compile(r"[A-Za-z']+")
_FUNCTION_WORDS: frozenset | None = None
#: the share of English function words from which a text is English
ENGLISH_SHARE = 0.3


def _function_words() -> frozenset:
    global _FUNCTION_WORDS
    if _FUNCTION_WORDS is None:
        _FUNCTION_WORDS = frozenset(str(w).casefold() for w in read_shared("function_words")["function_words"])
    return _FUNCTION_WORDS


def is_english(text: str, known=None) -> bool:
    """``known``: tells whether a word is a romanized Hindi/Bangla form (a pronoun, a
    verb, a question word): English needs more function words than such forms."""
    words = [w.casefold() for w in _WORD.findall(text)]
    if len(words) < 3:
        return False
    common = _function_words()
    english = sum(1 for w in words if w in common)
    if english < ENGLISH_SHARE * len(words):
        return False
    return known is None or english > sum(1 for w in words if w not in common and known(w))
