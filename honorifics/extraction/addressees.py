"""Who an utterance addresses, sentence by sentence.

A turn's addressee is set by a stage direction that comes with its label
(``थानेदार (चोर से):``, ``ওসি (আসামিকে):``, ``(to the waiter)``); inside the turn a
vocative that opens a sentence switches it (``रहीम चाचा, आप अंदर आइए। अरे छोटू,
तू पानी ला``), and group address (``तुम सब``, ``তোমরা``, ``আপনারা``) addresses the
group in its sentence. The words are data (``addressees`` in each lexicon).

>>> from honorifics.extraction.lexicon import load_lexicon
>>> direction_addressee("चोर से", load_lexicon("hi")), direction_addressee("আসামিকে", load_lexicon("bn"))
('चोर', 'আসামি')
>>> direction_addressee("to the waiter", load_lexicon("hi"))
'waiter'
"""
from __future__ import annotations

import re
import sys

from ..scripts import DASHES, DOUBLE_QUOTE_MARKS, SENTENCE_ENDS, SINGLE_OPENING, WORD_CHARACTERS
from .lexicon import Lexicon
from .tokens import TOKEN

_ENGLISH_TO = re.compile(r"\bto (?:the |a |his |her |their )?(?P<name>[A-Za-z][\w .'-]{0,30}?)\s*$", re.I)
# a vocative opens its sentence: up to three words before a comma or "!". A word's letters
# are taken possessively (Python 3.11+): what follows a word is never a letter, so giving one
# back never helps, and the engine stops trying (same matches, half the time)
_PLUS = "++" if sys.version_info >= (3, 11) else "+"
_WORD = f"[{WORD_CHARACTERS}]{_PLUS}(?:['’][{WORD_CHARACTERS}]{_PLUS})?"    # Ma'am
_OPENING = re.compile(f"(?P<words>(?:{_WORD}[ \\t]+){{0,3}}{_WORD})[ \\t]*[,!،]")
# the same after a sentence end: with the turn's start (_OPENING_AT_START), one search tells
# whether a turn can have a vocative (a pattern that starts with a class is searched fast)
_OPENING_AT_START = re.compile(f"[\\s{DOUBLE_QUOTE_MARKS}{SINGLE_OPENING}*_{DASHES}-]*"
                               f"(?:{_WORD}[ \\t]+){{0,3}}{_WORD}[ \\t]*[,!،]")
_OPENING_AFTER_END = re.compile(f"[{SENTENCE_ENDS}.\\n]{_OPENING_AT_START.pattern}")
_SENTENCE_END = re.compile(f"[{SENTENCE_ENDS}]+|\\.(?=\\s)|\n")
# marks that may stand before a sentence's first word: opening quotes, markup, dashes
_LEADING_MARKS = DOUBLE_QUOTE_MARKS + SINGLE_OPENING + "*_" + DASHES + "-"
GROUP = " (group)"


def may_open_with_vocative(text: str) -> bool:
    """Can a sentence of ``text`` open with a vocative (up to four words and a comma or "!")?
    One test for a whole turn before it is read sentence by sentence.

    >>> may_open_with_vocative("ठीक है। रहीम चाचा, आप अंदर आइए।"), may_open_with_vocative("তুমি কাল আমার সঙ্গে বাজারে যাবে তো?")
    (True, False)
    """
    return _OPENING_AT_START.match(text) is not None or _OPENING_AFTER_END.search(text) is not None


def direction_addressee(direction: str, lexicon: Lexicon) -> str | None:
    """The addressee a stage direction names: (नौकर से) → नौकर, (বউমাকে) → বউমা, (to the waiter)."""
    data = lexicon.addressees
    for part in re.split(r"[,;]", direction):
        part = part.strip()
        english = _ENGLISH_TO.search(part)
        if english:
            return english.group("name").strip()
        words = TOKEN.findall(part)
        if not words:
            continue
        keys = [lexicon.key(w) for w in words]
        manner = lexicon.narrative.get("frame_words", frozenset()) if lexicon.narrative else frozenset()
        for i, key in enumerate(keys):
            if key in data["after"] and i > 0 and keys[i - 1] not in manner:
                if i >= 2 and keys[i - 2] not in data["skip"] and lexicon.key(words[i - 2]) not in manner \
                        and words[i - 2][-1:] not in ",;":
                    return " ".join(words[i - 2:i])
                return _direct_form(words[i - 1], lexicon)
        last = part.split()[-1].strip(".,!?:;") if part.split() else words[-1]   # Tamal-ke, আসামিকে
        for suffix in data["suffixes"]:
            if last.endswith(suffix) and len(last) > len(suffix) + 1:
                return last[:-len(suffix)].rstrip("-")
    return None


def direct_forms(word: str, lexicon: Lexicon) -> list[str]:
    """The direct forms an oblique noun may stand for (बेटे → बेटा), by the lexicon's
    ``addressees.oblique`` endings."""
    return [word[:-len(oblique)] + direct for oblique, direct in lexicon.addressees["oblique"]
            if word.endswith(oblique)]


def toward_candidates(words: list[str], keys: list[str], i: int, lexicon: Lexicon) -> list[str]:
    """The person ``words[i]`` may be when a direction word follows its genitive
    (अंकल की ओर मुड़ी, কাকিমার দিকে তাকিয়ে): the forms to look up, else none.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> toward_candidates(["মায়ের", "দিকে"], ["মায়ের", "দিকে"], 0, load_lexicon("bn"))
    ['মা']
    """
    data = lexicon.addressees
    if not data["toward"]:
        return []
    if i + 2 < len(keys) and keys[i + 1] in data["genitive_words"] and keys[i + 2] in data["toward"]:
        return [words[i], *direct_forms(words[i], lexicon)]
    if i + 1 < len(keys) and keys[i + 1] in data["toward"]:
        return [words[i][:-len(x)] for x in data["genitive_suffixes"]
                if words[i].endswith(x) and len(words[i]) > len(x) + 1][:1]
    return []


def _direct_form(word: str, lexicon: Lexicon) -> str:
    """बेटे (before से/को) → बेटा, where the direct form is an address term."""
    for candidate in direct_forms(word, lexicon):
        if lexicon.key(candidate) in lexicon.nominal_address:
            return candidate
    return word


def vocative_at(text: str, start: int, end: int, lexicon: Lexicon) -> str | None:
    """The name a sentence ``text[start:end]`` opens with as a vocative, else None.

    Interjections (अरे, এই, Ei) before the name are skipped; words that are
    pronouns, verbs or interjections are never the name (सुनो, / চল, / हाँ,).
    """
    match = _OPENING.match(text, start, end)
    if match is None:
        return None
    words = match.group("words").split()
    data = lexicon.addressees
    name: list[str] = []
    for word in reversed(words):
        key = lexicon.key(word)
        pronoun, reading, address_term, _ = lexicon.classify(key)
        if key in lexicon.interjections or key in data["skip"]:
            break
        if address_term and not pronoun:
            name.insert(0, word)   # भाई साहब, ভাই: an address term is part of the vocative
            continue
        if pronoun or key in lexicon.interjections or key in data["skip"] or key in lexicon.particles \
                or key in lexicon.question_words or key in lexicon.first_person_pronouns \
                or key in lexicon.third_person_pronouns \
                or (reading is not None and not address_term and key not in lexicon.name_titles):
            break
        name.insert(0, word)
    return " ".join(name) or None


def sentence_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Sentence spans of ``text[start:end]`` with leading spaces and quote marks trimmed."""
    spans, position = [], start
    for match in _SENTENCE_END.finditer(text, start, end):
        spans.append((position, match.end()))
        position = match.end()
    if position < end:
        spans.append((position, end))
    out = []
    for s, e in spans:
        while s < e and (text[s].isspace() or text[s] in _LEADING_MARKS):
            s += 1
        if s < e:
            out.append((s, e))
    return out

