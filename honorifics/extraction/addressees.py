"""Who an utterance addresses, sentence by sentence.

A turn's addressee is set by a stage direction that comes with its label
(``थानेदार (चोर से):``, ``ওসি (আসামিকে):``, ``(to the waiter)``); inside the turn a
vocative that opens a sentence switches it (``रहीम चाचा, आप अंदर आइए। अरे छोटू,
तू पानी ला``), and group address (``तुम सब``, ``তোমরা``, ``আপনারা``) addresses the
group in its sentence; stage directions and asides inside a turn turn to the person they
name (``addressees_of_evidence``), and a reporting frame names its recipient
(``frame_addressee``, used by narrative.py). The words are data (``addressees`` in each
lexicon).

>>> from honorifics.extraction.lexicon import load_lexicon
>>> direction_addressee("चोर से", load_lexicon("hi")), direction_addressee("আসামিকে", load_lexicon("bn"))
('चोर', 'আসামি')
>>> direction_addressee("to the waiter", load_lexicon("hi"))
'waiter'
"""
from __future__ import annotations

import re
import sys
import unicodedata
from bisect import bisect_left, bisect_right
from typing import Final, cast

from .. import regexcache
from .._accel import compiled
from ..records import VERB, Evidence, SpeakerTurn
from ..scripts import (DASHES, DOUBLE_QUOTE_MARKS, ELLIPSIS, SENTENCE_BREAK, SENTENCE_END_MARKS, SENTENCE_ENDS,
                       SINGLE_OPENING, WORD_CHARACTERS, WORD_CODES, is_word_code, sound_skeleton)
from ..tiers import RANK
from .lexicon import Lexicon
from .speakers import SpeakerIndex
from .tokens import TOKEN

_ENGLISH_TO = regexcache.compile(r"\bto (?:the |a |his |her |their )?(?P<name>[A-Za-z][\w .'-]{0,30}?)\s*$", re.I)
# a vocative opens its sentence: up to three words before a comma or "!". A word's letters
# are taken possessively (Python 3.11+): what follows a word is never a letter, so giving one
# back never helps, and the engine stops trying (same matches, half the time)
_PLUS = "++" if sys.version_info >= (3, 11) else "+"
_TAKEN = "+" if _PLUS == "++" else ""   # a run of words taken possessively, after its repeat (Python 3.11+)
_WORD = f"[{WORD_CHARACTERS}]{_PLUS}(?:['’][{WORD_CHARACTERS}]{_PLUS})?"    # Ma'am
# (the first word, then up to three more after spaces, all taken possessively: what follows
# the last word is a comma or "!" or nothing can match, so giving words back never helps)
_OPENING_WORDS = f"(?P<words>{_WORD}(?:[ \\t]{_PLUS}{_WORD}){{0,3}}{_TAKEN})[ \\t]*[,!،]"
_OPENING = regexcache.compile(_OPENING_WORDS)
# a dash inside a sentence, and the opening words after one (… চুপ করে বস — হ্যাঁ স্যার, আপনি …)
_INNER_DASH = regexcache.compile("[—–]")
_DASH_OPENING = regexcache.compile(f"[—–][ \\t]*{_OPENING_WORDS}")
# a word after a comma and a name set off by a comma after it: …, और गोलू, तुम …; …, আর রাফি, তুমি …
_COMMA_WORD_NAME = regexcache.compile(
    f",[ \\t]*(?P<word>{_WORD})[ \\t]+(?P<name>{_WORD}(?:[ \\t]{_PLUS}{_WORD})?)[ \\t]*,")
# a name after a greeting, up to the sentence's end or a comma: আসসালামু আলাইকুম, মাতব্বর সাহেব।
_NAME_AFTER_GREETING = regexcache.compile(f"[ \\t]*(?P<name>{_WORD}(?:[ \\t]{_PLUS}{_WORD})?)[ \\t]*(?:[,،.{SENTENCE_ENDS}{DASHES}]|$)")
# a name set off after a pronoun that opens its sentence: और तू, करण, … / Aur tu, Nikhil — …
_NAME_AFTER = regexcache.compile(f"[ \\t]*(?P<name>{_WORD}(?:[ \\t]{_PLUS}{_WORD})?)[ \\t]*[,!،{DASHES}]")
# the same after leading marks (at a turn's start, or after a character that may end a sentence)
_OPENING_AT_START = regexcache.compile(f"[\\s{DOUBLE_QUOTE_MARKS}{SINGLE_OPENING}*_{DASHES}-]*{_OPENING_WORDS}")
_SENTENCE_END_CHARACTER = regexcache.compile(f"[{SENTENCE_ENDS}.{ELLIPSIS}\\n]")
# a run of sentence ends, a full stop or an ellipsis before a space, a line break; written to open with
# one class of them all, so that the engine skips other characters in its fast loop
_SENTENCE_END = regexcache.compile(f"[{SENTENCE_ENDS}.{ELLIPSIS}\\n](?:(?<=[{SENTENCE_ENDS}])[{SENTENCE_ENDS}]*|(?<=[.{ELLIPSIS}])(?=\\s)|(?<=\\n))")
# a vocative that ends its sentence: up to three words after a comma, then the sentence's end,
# or a tag of a word or two set off by another comma (… ভাববেন না, বৌদি। / Aap so jaiye, Mummy. /
# … sign karwaoge, Ishaan, samjhe?), searched in one sentence (endpos at its end); the words taken
# possessively: a separator or a letter follows a word given back, and neither lets the rest match
_TAG = f"(?:[,،][ \\t]*{_WORD}(?:[ \\t]{_PLUS}{_WORD})?[ \\t]*)?"
_TRAILING = regexcache.compile(f"[,،][ \\t]*(?P<words>{_WORD}(?:[ \\t-]{_PLUS}{_WORD}){{0,2}}{_TAKEN})[ \\t]*{_TAG}"
                               f"[{SENTENCE_ENDS}.{ELLIPSIS}!?{DOUBLE_QUOTE_MARKS}'’)*_ \\t]*$")
# the same anywhere in a turn, before a sentence end or a line's end (the prefilter)
_TRAILING_ANYWHERE = regexcache.compile(f"[,،][ \\t]*(?P<words>{_WORD}(?:[ \\t-]{_PLUS}{_WORD}){{0,2}}{_TAKEN})[ \\t]*{_TAG}"
                                        f"(?:[{SENTENCE_ENDS}.{ELLIPSIS}!?\\n]|$)")
# a vocative written without a comma, right after a verb: up to three words (address particles
# first: बैठिए ना दीदी), then the clause's end (आप बैठिए दीदी, मैं …; আপনি বসুন দিদি।), matched at the
# verb's end; taken possessively: a fourth word means a clause, not a call
_UNMARKED_VOCATIVE = regexcache.compile(f"[ \\t]+(?P<words>{_WORD}(?:[ \\t-]{_PLUS}{_WORD}){{0,2}}{_TAKEN})[ \\t]*"
                                        f"[{DOUBLE_QUOTE_MARKS}'’)*_]*(?:[,،!?{SENTENCE_ENDS}.{ELLIPSIS}\\n]|$)")
# marks that may stand before a sentence's first word: opening quotes, markup, dashes
_LEADING_MARKS = DOUBLE_QUOTE_MARKS + SINGLE_OPENING + "*_" + DASHES + "-"
GROUP = " (group)"


def may_have_vocative(text: str, start: int, end: int, last: int, lexicon: Lexicon) -> bool:
    """Can a sentence of ``text[start:end]`` that starts at or before ``last`` open with a
    vocative? One test for a whole turn before it is read sentence by sentence: it asks
    :func:`vocative_at` only where a sentence may open with up to four words and a comma
    or "!". Those openings include every sentence start of :func:`sentence_spans` where
    one can be named, so False means the sentence by sentence reading finds none.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> hi, bn = load_lexicon("hi"), load_lexicon("bn")
    >>> t = "ठीक है। रहीम चाचा, आप अंदर आइए।"
    >>> may_have_vocative(t, 0, len(t), len(t), hi), may_have_vocative(t, 0, len(t), 3, hi)
    (True, False)
    >>> t = "হ্যাঁ, তুমি কাল আমার সঙ্গে বাজারে যাবে তো?"
    >>> may_have_vocative(t, 0, len(t), len(t), bn)
    False
    """
    # The turn's start, then after each sentence end before the last evidence (no later
    # opening can matter: a search for the ends alone stops there, where one for the
    # openings would read on). The words an opening matches are the ones vocative_at would
    # match there: the same pattern, which never reaches past a sentence end.
    position = start
    while True:
        # (compiled, a loop over the code points rules out most openings before the pattern)
        opening = _OPENING_AT_START.match(text, position, end) \
            if not _BY_CHARACTER or may_open_at(text, position, end) else None
        if opening is not None and opening.start("words") <= last and _may_open(opening.group("words"), lexicon):
            return True
        found_end = _SENTENCE_END_CHARACTER.search(text, position, last)
        if found_end is None:
            return False
        position = found_end.end()


#: lexicon name → the opening words of a sentence → may they open it as a call (see _may_open);
#: the same few openings (हाँ, नहीं, अच्छा, হ্যাঁ) come back in most texts
_MAY_OPEN: dict[str, dict[str, bool]] = {}
_MAY_OPEN_LIMIT = 50_000


def _may_open(words: str, lexicon: Lexicon) -> bool:
    """May the words before a sentence's first comma or "!" open it as one of the calls that
    :func:`vocative_at` reads (a vocative, a pronoun or greeting before a name, a call that
    names no one)? A function of the words and the lexicon alone, so kept per lexicon."""
    verdicts = _MAY_OPEN.get(lexicon.name)
    if verdicts is None or len(verdicts) > _MAY_OPEN_LIMIT:
        verdicts = _MAY_OPEN[lexicon.name] = {}
    verdict = verdicts.get(words)
    if verdict is None:
        split = words.split()
        verdict = verdicts[words] = _vocative_of(split, lexicon) is not None or _pronoun_opening(split, lexicon) \
            or _greeting_opening(split, lexicon) or _call_of(split, lexicon) is not None
    return verdict


def group_key(phrase: str, lexicon: Lexicon) -> str:
    """The key of a group addressed by a pronoun phrase: the phrase with its plural word in
    the direct case, so that one group has one key (आप लोगों को … आप लोग → ``आप लोग (group)``).

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> group_key("आप लोगों", load_lexicon("hi")), group_key("তোমরা সবাই", load_lexicon("bn"))
    ('आप लोग (group)', 'তোমরা সবাই (group)')
    """
    words = phrase.split()
    if len(words) > 1:
        direct = next((form for form in direct_forms(words[-1], lexicon)
                       if form and lexicon.key(form) in lexicon.plural_markers), None)
        if direct is not None:
            phrase = " ".join([*words[:-1], direct])
    if phrase.isascii():
        phrase = phrase.lower()   # Tum sab, tum sab: one group's key, as its pronoun phrase is written in the lexicon
    return f"{phrase}{GROUP}"


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
        after = [i for i, key in enumerate(keys) if key in data["after"] and i > 0 and keys[i - 1] not in manner]
        # the nouns a postposition or a direction word follows: the phrase ends in its head, so a
        # noun after a participle (ट्रेन से आए मुसाफ़िरों से, মেলা থেকে ফেরা ছেলেদের দিকে) is the person
        heads = [i - 1 for i in after] + [i - 2 if keys[i - 1] in data["genitive_words"] else i - 1
                                          for i, key in enumerate(keys) if i > 1 and key in data["toward"]]
        for i, key in enumerate(keys):
            if i in after:
                if any(head > i + 1 for head in heads):
                    continue
                if i >= 2 and keys[i - 2] not in data["skip"] and lexicon.key(words[i - 2]) not in manner \
                        and words[i - 2][-1:] not in ",;" and not (i >= 3 and keys[i - 3] in data["after"]):
                    return " ".join(words[i - 2:i])   # (मिश्रा जी से); not a participle after its postposition
                return _direct_form(words[i - 1], lexicon)
            # (मेहमानों की ओर), (অতিথিদের দিকে): a person; not (रसोई की ओर देखते हुए); turning to one
            # is turning to a person, named or not (बबलू की ओर मुड़कर, বাবলুর দিকে ফিরে)
            candidates = toward_candidates(words, keys, i, lexicon)
            person = next((c for c in candidates if lexicon.person_word(lexicon.key(c))), None)
            if person is None and candidates and not data["turning"].isdisjoint(keys[i + 1:]):
                person = candidates[0]
            if person is not None:
                return person
        last = part.split()[-1].strip(".,!?:;") if part.split() else words[-1]   # Tamal-ke, আসামিকে
        if len(words) >= 2 and last in {x.lstrip("-") for x in data["suffixes"]}:
            return words[-2]   # (waiter ke): the case ending written apart
        if _is_function_word(lexicon.key(last), lexicon):
            continue   # দিকে ends like -কে but is no one
        for suffix in data["suffixes"]:
            if last.endswith(suffix) and len(last) > len(suffix) + 1 and _may_name(last[:-len(suffix)], lexicon):
                person = last[:-len(suffix)].rstrip("-")
                # a title before the name belongs to it (মিসেস সেনকে → মিসেস সেন)
                before = part.split()[-2] if len(part.split()) >= 2 else ""
                return f"{before} {person}" if before and lexicon.key(before) in lexicon.name_titles else person
    return None


def _is_function_word(key: str, lexicon: Lexicon) -> bool:
    """A postposition or direction word (से, দিকে, উদ্দেশে): never a person, whatever it ends in."""
    data = lexicon.addressees
    return key in data["toward"] or key in data["after"] or key in lexicon.clauses["case_markers"]


def direct_forms(word: str, lexicon: Lexicon) -> list[str]:
    """The direct forms an oblique noun may stand for (बेटे → बेटा), by the lexicon's
    ``addressees.oblique`` endings."""
    return [word[:-len(oblique)] + direct for oblique, direct in lexicon.addressees["oblique"]
            if word.endswith(oblique)]


def toward_candidates(words: list[str], keys: list[str], i: int, lexicon: Lexicon) -> list[str]:
    """The person ``words[i]`` may be when a direction word follows its genitive
    (अंकल की ओर मुड़ी, কাকিমার দিকে তাকিয়ে): the forms to look up, else none.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> toward_candidates(["মায়ের", "দিকে"], ["মায়ের", "দিকে"], 0, load_lexicon("bn"))[0]
    'মা'
    """
    data = lexicon.addressees
    if not data["toward"]:
        return []
    if i + 2 < len(keys) and keys[i + 1] in data["genitive_words"] and keys[i + 2] in data["toward"]:
        return [words[i], *direct_forms(words[i], lexicon)]
    if i + 1 < len(keys) and keys[i + 1] in data["toward"]:
        return genitive_stems(words[i], lexicon)
    return []


def genitive_stems(word: str, lexicon: Lexicon) -> list[str]:
    """What a word with a genitive ending may be without it: every reading, the longest ending
    first (ছেলের: ছেল-ের or ছেলে-র; the caller looks them up)."""
    return [word[:-len(x)] for x in lexicon.addressees["genitive_suffixes"]
            if word.endswith(x) and len(word) > len(x) + 1]


def _direct_form(word: str, lexicon: Lexicon) -> str:
    """बेटे (before से/को) → बेटा, मेहमानों → मेहमान, where the direct form is an address
    term or a person noun."""
    for candidate in direct_forms(word, lexicon):
        if lexicon.person_word(lexicon.key(candidate)):
            return candidate
    return word


def vocative_at(text: str, start: int, end: int, lexicon: Lexicon) -> str | None:
    """The name a sentence ``text[start:end]`` opens with as a vocative, else None.

    Interjections (अरे, এই, Ei) before the name are skipped; words that are
    pronouns, verbs or interjections are never the name (सुनो, / চল, / हाँ,).
    """
    match = _OPENING.match(text, start, end)
    return None if match is None else _vocative_of(match.group("words").split(), lexicon)


def opening_vocative(text: str, start: int, end: int, lexicon: Lexicon) -> str | None:
    """The vocative that opens the first sentence of ``text[start:end]`` (after a quote mark)."""
    spans = sentence_spans(text, start, end)
    return vocative_at(text, spans[0][0], spans[0][1], lexicon) if spans else None


def _call_of(words: list[str], lexicon: Lexicon) -> str | None:
    """The words of a call that names no one (``सुनिए जी``, ``ওগো``, ``Ogo``, ``ए जी``) when the
    words that open a sentence before its comma or "!" are one, after calling words of their
    own (अरे, এই যে), else None.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> _call_of("अरे सुनिए जी".split(), load_lexicon("hi")), _call_of("अरे रमेश".split(), load_lexicon("hi"))
    ('सुनिए जी', None)
    """
    calls = lexicon.addressees["calls"]
    if not calls or not words or lexicon.key(words[-1]) not in lexicon.addressees["call_ends"]:
        return None   # (one look rules out most openings: no call ends in their last word)
    keys = [lexicon.key(w) for w in words]
    skip = lexicon.addressees["skip"]
    for first in range(len(keys)):
        if " ".join(keys[first:]) in calls:
            return " ".join(words[first:])
        if keys[first] not in skip and (keys[first] not in lexicon.interjections
                                        or keys[first] in lexicon.discourse_words):
            return None   # (अरे सुनिए जी: calling words of their own; not तो सुनो, a connective)
    return None


def _names_someone(phrase: str, lexicon: Lexicon) -> bool:
    """Can an unlisted phrase call someone: one word (a name: ``Tublu``), or words among which
    one names a person (an address term, a person noun, a title: ``बड़े भैया``, ``Boro mama``)?
    Several words of which none does are a clause before a comma or "!", not a call."""
    words = TOKEN.findall(phrase)
    return len(words) <= 1 or any(
        lexicon.person_word(key) or lexicon.titled(key) or key in lexicon.name_titles
        or any(lexicon.person_word(lexicon.key(direct)) for direct in direct_forms(key, lexicon))   # प्यारे बच्चो
        for key in map(lexicon.key, words))


def _pronoun_opening(words: list[str], lexicon: Lexicon) -> bool:
    """Do the words before a sentence's first comma end in a 2nd-person pronoun, after one
    word at most (``और तू,`` / ``Aur tu,``)? A name set off after it may be a vocative."""
    return 0 < len(words) <= 2 and lexicon.classify(lexicon.key(words[-1]))[0] is not None \
        and (len(words) == 1 or lexicon.classify(lexicon.key(words[0]))[0] is None)


def _greeting_opening(words: list[str], lexicon: Lexicon) -> bool:
    """Are the words before a sentence's first comma a greeting (``আসসালামু আলাইকুম,``,
    ``Namaste,``)? The name after it is a vocative."""
    return 0 < len(words) <= 3 and all(lexicon.key(w) in lexicon.greetings for w in words)


def _vocative_of(words: list[str], lexicon: Lexicon) -> str | None:
    """The vocative among the words that open a sentence before its comma or "!", else None."""
    data = lexicon.addressees
    if any(lexicon.classify(lexicon.key(w))[0] is not None for w in words[:-1]):
        # আপনি একটু দাঁড়ান, …: a clause with its own subject before the comma; तेरी परनानी जाग
        # जातीं!: a clause about the one addressed. A call holds no 2nd-person pronoun.
        return None
    name: list[str] = []
    suffixes = 0   # words of the name that are also interjections (जी)
    for position in range(len(words) - 1, -1, -1):
        word = words[position]
        key = lexicon.key(word)
        pronoun, reading, address_term, _ = lexicon.classify(key)
        if address_term and not pronoun and position > 0 and key in lexicon.interjections:
            # an address term that is also an interjection, after another word, is the
            # name's honorific (शर्मा जी, / Ustad ji,), not "yes"; alone it names no one (हाँ जी,)
            name.insert(0, word)
            suffixes += 1
            continue
        if key in lexicon.interjections or key in data["skip"] or key in lexicon.greetings \
                or key in lexicon.negative_imperative or _is_function_word(key, lexicon):
            break   # (a postposition ends no name: कसम से, … is an oath; नमस्ते अंकल जी, greets अंकल जी;
                    # घबराइए मत, … is a request)
        if address_term and not pronoun:
            name.insert(0, word)   # भाई साहब, ভাই: an address term is part of the vocative
            continue
        if key in lexicon.first_person_pronouns:
            return None   # मैं विनोद, …; আমি গোপাল, …: the speaker says who they are, calls no one
        if pronoun or key in lexicon.interjections or key in data["skip"] or key in lexicon.particles \
                or key in lexicon.auxiliaries or lexicon.root_with_ending(key, lexicon.finite_suffixes) \
                or key in lexicon.question_words or key in lexicon.first_person_pronouns \
                or key in lexicon.third_person_pronouns \
                or (reading is not None and not address_term and key not in lexicon.name_titles):
            break
        name.insert(0, word)
    if len(name) == suffixes:
        return None
    return " ".join(name)


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


def frame_addressee(frame: str, lexicon: Lexicon, index: SpeakerIndex | None) -> str | None:
    """The person a reporting clause says is spoken to: a person (a listed speaker, a kin
    term, an address term) marked as the recipient (बेटे को डाँटा, ছোট ভাইকে বলল, Rohit se kaha).

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> frame_addressee("फिर पीछे मुड़कर बेटे को डाँटा,", load_lexicon("hi"), None)
    'बेटा'
    >>> frame_addressee("उसने दरवाज़े को धक्का दिया,", load_lexicon("hi"), None) is None
    True
    """
    words = TOKEN.findall(frame)
    keys = [lexicon.key(w) for w in words]
    narrative = lexicon.narrative
    if narrative and not narrative["first_person_objects"].isdisjoint(keys):
        return f"{narrative['narrator']} (narrator)"   # (আমাকে বললেন, मुझसे कहा: to the narrator, not a stem Ama)
    if narrative and toward_the_narrator(keys, lexicon):
        return f"{narrative['narrator']} (narrator)"   # (मेरी तरफ़ मुड़कर, আমার দিকে তাকিয়ে: toward the narrator)
    for i in range(len(words)):
        for candidate in _marked(words, keys, i, lexicon)[0]:
            found = index.match(candidate) if index is not None else None
            if found is not None:
                return found
            if lexicon.person_word(lexicon.key(candidate)):
                return candidate
    return None


def toward_the_narrator(keys: list[str], lexicon: Lexicon) -> bool:
    """Do a clause's word keys turn or look toward the narrator (``मेरी तरफ़ मुड़ीं``, ``আমার দিকে
    তাকাল``, ``meri taraf dekha``: a first person's genitive, then a direction word)?"""
    mine = lexicon.narrative["first_person_other"] if lexicon.narrative else frozenset()
    toward = lexicon.addressees["toward"]
    return any(keys[i] in mine and keys[i + 1] in toward for i in range(len(keys) - 1))


def _marked(words: list[str], keys: list[str], i: int, lexicon: Lexicon) -> tuple[list[str], str]:
    """The words that word i of a reporting clause may be as the one spoken to, and what marks
    it: toward a person (অনিতা মায়ের দিকে ফিরে বলল: ``toward``), a postposition (बेटे को: the
    postposition's key), a case suffix (ভাইকে: the suffix); none: ``([], "")``."""
    data = lexicon.addressees
    candidates = toward_candidates(words, keys, i, lexicon)
    if candidates:
        return candidates, "toward"
    if i + 1 < len(keys) and keys[i + 1] in data["after"]:
        return [words[i], *direct_forms(words[i], lexicon)], keys[i + 1]
    if not _is_function_word(keys[i], lexicon):
        matching = [suffix for suffix in data["suffixes"] if words[i].endswith(suffix) and len(words[i]) > len(suffix) + 1]
        if matching:   # (the longest first: মেহমানদেরকে is মেহমান)
            return [words[i][:-len(suffix)].rstrip("-") for suffix in matching], matching[0]
    return [], ""


def frame_recipient(frame: str, lexicon: Lexicon) -> str | None:
    """The one a reporting clause looks at, calls or turns to by a recipient's mark (a look:
    ``नीरज की तरफ़ देखकर``, ``বিল্টুর দিকে তাকিয়ে``; a glare or a call: ``नीरज को घूरा``,
    ``peon ko awaaz di``; a sight: ``পিয়নকে দেখে``), whether or not the lexicon knows them as a
    person: the first such word that is no pronoun, verb or function word. A thing may be looked
    at too (``घड़ी की तरफ़ देखकर``): whether the quote is for it is for the quote's register to tell
    (see the pipeline). Marks: direction words and ``addressees.recipient_markers`` (also written
    apart: ``driver ke daklo``, ``jhalmuri-wala-ke``); not ``से``, "from" as often as "to"
    (``दफ़्तर से लौटकर``), nor a genitive.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> frame_recipient("फिर उसने नीरज को घूरा,", load_lexicon("hi")), frame_recipient("তারপর পিয়নকে দেখে বলল,", load_lexicon("bn"))
    ('नीरज', 'পিয়ন')
    >>> frame_recipient("वह दफ़्तर से लौटकर बोली,", load_lexicon("hi")) is None
    True
    """
    found = list(TOKEN.finditer(frame))
    words = [m.group() for m in found]
    keys = [lexicon.key(w) for w in words]
    markers = lexicon.addressees["recipient_markers"]
    for i in range(len(words)):
        candidates, mark = _marked(words, keys, i, lexicon)
        if candidates and mark != "toward" and lexicon.key(mark) not in markers and mark not in markers:
            continue   # से: "from" as often as "to" (दफ़्तर से लौटकर)
        if not candidates and i + 1 < len(keys) and keys[i + 1] in markers:
            # a case mark written apart (driver ke daklo), after a hyphened word (jhalmuri-wala-ke)
            first = i
            while first > 0 and frame[found[first - 1].end():found[first].start()] == "-":
                first -= 1
            candidates = [frame[found[first].start():found[i].end()]]
        if not candidates:
            continue
        key = lexicon.key(candidates[0])
        pronoun, reading, _, _ = lexicon.classify(key)
        if pronoun or reading is not None or _is_function_word(key, lexicon) or not _may_name(candidates[0], lexicon) \
                or key in lexicon.first_person_pronouns or key in lexicon.third_person_pronouns:
            continue
        return candidates[0]
    return None


def _may_name(stem: str, lexicon: Lexicon) -> bool:
    """May the stem left by a case mark name someone: a person word (মা in মাকে), or two letters or
    more? A one-letter stem is a verb's ending, not a name (ঝুঁকে "leaning", ডেকে "calling")."""
    return lexicon.person_word(lexicon.key(stem)) or sum(1 for c in stem if unicodedata.category(c)[0] == "L") >= 2


# a word right before a comma, "!" or "?" (a name used as a vocative: "विक्की, तू …")
VOCATIVE_NAME = regexcache.compile(f"[{WORD_CHARACTERS}]+(?=\\s*[,!?،])")
_VOCATIVE_MARK = regexcache.compile("[,!?،]")
_WORD_CODES: Final[bytes] = WORD_CODES


def vocative_names(text: str, start: int, end: int) -> list[tuple[int, str]]:
    """(position, word) of each match of :data:`VOCATIVE_NAME` in ``text[start:end]``: a run of
    word characters followed, after any spaces, by a comma, "!" or "?".

    Read back from each mark, not tried at every position inside every word (the
    pattern's search backtracks through each word it fails on). Tested to find what
    ``VOCATIVE_NAME.finditer`` finds on the bundled texts and on random strings.

    >>> text = "अबे विक्की , तू कहाँ था?"
    >>> vocative_names(text, 0, len(text))
    [(4, 'विक्की'), (21, 'था')]
    """
    if _BY_CHARACTER:
        return vocative_names_by_character(text, start, end)
    out: list[tuple[int, str]] = []
    for mark in _VOCATIVE_MARK.finditer(text, start, end):
        begin, stop = _word_before(text, start, mark.start())
        if begin < stop:
            out.append((begin, text[begin:stop]))
    return out


_BY_CHARACTER = compiled()   # how vocative names are found (see vocative_names_by_character)
# the code points of the marks after a vocative name (_VOCATIVE_MARK: , ! ? ،) and of white space
_MARK_CODES: Final[frozenset] = frozenset(map(ord, ",!?\u060c"))
_SPACE_CODES: Final[bytes] = bytes(1 if chr(code).isspace() else 0 for code in range(0x3001))
_WORD_CODES_END: Final[int] = len(WORD_CODES)
#: the marks that end a trailing vocative (_TRAILING_ANYWHERE's last class)
_TRAILING_END_CODES: Final[frozenset] = frozenset(map(ord, SENTENCE_END_MARKS + "." + ELLIPSIS + "!?\n"))
#: the closing quotes and marks, and the clause ends, after a call with no comma (_UNMARKED_VOCATIVE)
_CALL_CLOSING_CODES: Final[frozenset] = frozenset(map(ord, DOUBLE_QUOTE_MARKS + "'’)*_"))
_CALL_END_CODES: Final[frozenset] = frozenset(map(ord, ",،!?" + SENTENCE_END_MARKS + "." + ELLIPSIS + "\n"))


# Gates for the compiled path: a loop over the code points that says False only where a pattern
# cannot match, so the pattern is tried only where it may (tested against the patterns on the
# bundled texts and random strings). A word is read as a run of word characters and apostrophes
# that opens with a word character (each WORD of a match is one such run).

def _word_run_end(text: str, i: int, end: int) -> int:
    """Where the run of word characters and apostrophes at i ends (not after ``end``)."""
    while i < end:
        code = ord(text[i])
        if not (code < _WORD_CODES_END and _WORD_CODES[code] != 0 or code == 39 or code == 0x2019):
            break
        i += 1
    return i


def may_open_at(text: str, position: int, end: int) -> bool:
    """Can :data:`_OPENING_AT_START` match at ``position`` (before ``end``)? After characters that
    are not word characters (its leading marks), one to four words apart by spaces or tabs, then
    a comma, "!" or "،"; False only where the pattern cannot match."""
    i = position
    while i < end:
        code = ord(text[i])
        if code < _WORD_CODES_END and _WORD_CODES[code] != 0:
            break
        i += 1
    i, words = _words_apart(text, i, end, 4, False)
    if words <= 0 or i >= end:
        return False
    code = ord(text[i])
    return code == 44 or code == 33 or code == 0x060C


def may_trail(text: str, start: int, end: int) -> bool:
    """Can :data:`_TRAILING_ANYWHERE` match in ``text[start:end]``? After a comma, one to three
    words apart by spaces, tabs or hyphens, then maybe a tag (a comma and one or two words), then
    a sentence's end or ``end``; False only where the pattern cannot match."""
    for c in range(start, end):
        code = ord(text[c])
        if (code == 44 or code == 0x060C) and _may_trail_at(text, c + 1, end):
            return True
    return False


def may_call_after(text: str, i: int, end: int) -> bool:
    """Can :data:`_UNMARKED_VOCATIVE` match at ``i`` (before ``end``)? Spaces or tabs, one to
    three words apart by spaces, tabs or hyphens, then closing quotes or marks, then a clause's
    end or ``end``; False only where the pattern cannot match."""
    if i >= end or not (ord(text[i]) == 32 or ord(text[i]) == 9):
        return False
    i, words = _words_apart(text, i, end, 3, True)
    if words <= 0:
        return False
    if i >= end:
        return True
    code = ord(text[i])
    if code in _CALL_CLOSING_CODES:
        while i < end and ord(text[i]) in _CALL_CLOSING_CODES:
            i += 1
        return i == end or ord(text[i]) in _CALL_END_CODES
    return code in _CALL_END_CODES


def _may_trail_at(text: str, i: int, end: int) -> bool:
    i, words = _words_apart(text, i, end, 3, True)
    if words <= 0:
        return False
    if i < end and (ord(text[i]) == 44 or ord(text[i]) == 0x060C):
        # a tag after a second comma: one or two words
        i, words = _words_apart(text, i + 1, end, 2, True)
        if words <= 0 or i < end and (ord(text[i]) == 44 or ord(text[i]) == 0x060C):
            return False
    return i >= end or ord(text[i]) in _TRAILING_END_CODES


def _words_apart(text: str, i: int, end: int, most: int, hyphens: bool) -> tuple[int, int]:
    """(where the run ends, how many words) of words apart by spaces or tabs (and hyphens) from
    ``i``: the position of the first other character, or ``end``; -1 words when more than ``most``."""
    words = 0
    while i < end:
        code = ord(text[i])
        if code < _WORD_CODES_END and _WORD_CODES[code] != 0:
            words += 1
            if words > most:
                return i, -1
            i = _word_run_end(text, i + 1, end)
        elif code == 32 or code == 9 or hyphens and code == 45:
            i += 1
        else:
            break
    return i, words


def vocative_names_by_character(text: str, start: int, end: int) -> list[tuple[int, str]]:
    """:func:`vocative_names` by one loop over the code points: compiled, a fraction of the
    mark search (tested to agree)."""
    out: list[tuple[int, str]] = []
    for i in range(start, end):
        if ord(text[i]) in _MARK_CODES:
            begin, stop = _word_before(text, start, i)
            if begin < stop:
                out.append((begin, text[begin:stop]))
    return out


def _word_before(text: str, start: int, mark: int) -> tuple[int, int]:
    """(begin, end) of the run of word characters right before position ``mark``, white space
    between them skipped, not reaching before ``start`` (begin == end: none)."""
    stop = _back_over(text, start, mark, _SPACE_CODES)
    return _back_over(text, start, stop, _WORD_CODES), stop


def _back_over(text: str, start: int, position: int, codes: bytes) -> int:
    """Where a run of the characters a code-point table holds ends, read back from ``position``
    (not before ``start``)."""
    while position > start:
        code = ord(text[position - 1])
        if code >= len(codes) or codes[code] == 0:
            break
        position -= 1
    return position


def may_change_addressee(text: str, turn: SpeakerTurn, lexicon: Lexicon, name_keys: frozenset = frozenset()) -> bool:
    """Can any evidence of the turn address another than the turn's addressee? Not without
    an aside or direction in parentheses, group address, a vocative opening a sentence
    before the last evidence, one ending a sentence after evidence, or one right after a verb
    with no comma before it (``name_keys``: the listed people's name words): then
    :func:`addressees_of_evidence` finds nothing to change."""
    text_of_turn = turn.text
    if "(" in text_of_turn:
        return True
    last = -1
    first = turn.end
    tiers = set()
    for item in turn.evidence:
        if item.kind == "pronoun" and group_address(item, lexicon):
            return True
        last = max(last, item.start)
        first = min(first, item.start)
        tiers.add(item.tier)
    # (a word the lexicon does not know calls someone only in a register the rest of the turn never gives)
    unknown_calls = len(tiers) > 1
    if any(_names_a_person(called[2], lexicon, name_keys) or unknown_calls and _may_be_a_name(called[2], lexicon)
           for after in _verb_ends(turn)
           for called in [unmarked_vocative(text, after, turn.end, lexicon)] if called is not None):
        return True   # आप बैठिए दीदी, …: a call with no comma before it
    if not ("," in text_of_turn or "!" in text_of_turn or "،" in text_of_turn):
        return False
    return may_have_vocative(text, turn.start, turn.end, last, lexicon) \
        or ("—" in text_of_turn or "–" in text_of_turn) and any(
            found.start("words") <= last and _vocative_of(found.group("words").split(), lexicon) is not None
            for found in _DASH_OPENING.finditer(text, turn.start, turn.end)) \
        or ("," in text_of_turn or "،" in text_of_turn) \
        and (not _BY_CHARACTER or may_trail(text, first, turn.end)) and any(
            _names_a_person(found.group("words"), lexicon, name_keys)
            or unknown_calls and _may_be_a_name(found.group("words"), lexicon)
            for found in _TRAILING_ANYWHERE.finditer(text, first, turn.end))


def unmarked_vocative(text: str, after: int, end: int, lexicon: Lexicon) -> tuple[int, int, str] | None:
    """(start, end, words) of a vocative written with no comma before it, right after a verb
    that ends at ``after``: one or two words up to the clause's end (before ``end``), after any
    address particles (बैठिए ना दीदी). Whether they name a person is the caller's to ask. A
    noun after a verb that ends its clause is a call: a predicate or an object stands before
    the verb, and one put after it carries its case mark (दे दो दीदी को).

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> t = "आप बैठिए ना दीदी, मैं चाय लाती हूँ।"
    >>> unmarked_vocative(t, t.index(" ना"), len(t), load_lexicon("hi"))
    (12, 16, 'दीदी')
    >>> t = "तुम उसे दे दो दीदी को।"
    >>> unmarked_vocative(t, t.index(" दीदी"), len(t), load_lexicon("hi")) is None
    True
    """
    if _BY_CHARACTER and not may_call_after(text, after, end):
        return None   # (compiled: the loop over the code points rules out most verbs' ends first)
    found = _UNMARKED_VOCATIVE.match(text, after, end)
    if found is None:
        return None
    words = list(TOKEN.finditer(text, found.start("words"), found.end("words")))
    first = 0
    while first < len(words) - 1 and not lexicon.person_word(key := lexicon.key(words[first].group())) \
            and (key in lexicon.particles or key in lexicon.negative_imperative):
        first += 1   # (बैठिए ना दीदी; रो मत पिंकी)
    if len(words) - first > 2 or lexicon.key(words[-1].group()) in lexicon.postpositions:
        return None   # (… दीदी को: an object put after the verb)
    start = words[first].start()
    return start, found.end("words"), text[start:found.end("words")]


def _may_be_a_name(words: str, lexicon: Lexicon) -> bool:
    """Can a call at a clause's end be a name the lexicon does not know (``… हाथ मत लगा,
    चिंटू!``, ``Tui chup kor Rana``): one word that no reading of the lexicon claims (a
    pronoun, verb, particle, auxiliary, question word, postposition), no verb root with a
    verb's ending (``addressees.verb_endings``: समझा, দেখছি) and no adverb of time or place
    that follows a verb (``addressees.adverbs``: चल घर, আয় এখানে, aa jao abhi)?"""
    found = TOKEN.findall(words)
    key = lexicon.key(found[0]) if len(found) == 1 else ""
    return bool(key) and key not in lexicon.addressees["adverbs"] \
        and not lexicon.root_with_ending(key, lexicon.addressees["verb_endings"]) \
        and _vocative_of(found, lexicon) == found[0]


def _a_name_in(text: str, word: str, at: int, lexicon: Lexicon) -> bool:
    """Is a word the lexicon does not know written as a name in the record: capitalized in
    romanized text (``… niye aay Tuklu``), else called somewhere in it, alone between a
    comma, a sentence's start or a call word (अरे, এই) and a comma or "!" (``अब चल, चिंटू,
    …``)? ``at``: where the call in question stands, with no comma before it: that one does
    not count. A verb's form after its stem (``खा लीं,``) is not. (A call after a comma that
    ends its sentence, ``… খুলে রাখ, টুকাই।``, is set off by its comma: in native script the
    caller asks no more.)"""
    if lexicon.script == "latn":
        return word[:1].isupper() and not word.isupper()
    position = text.find(word)
    while position >= 0:
        after = position + len(word)
        if position != at and text[after:].lstrip(" \t")[:1] in (",", "!", "،") \
                and (position == 0 or not is_word_code(ord(text[position - 1]))) \
                and (after == len(text) or not is_word_code(ord(text[after]))):
            before = text[max(0, position - 20):position].rstrip(" \t")
            if not before or not is_word_code(ord(before[-1])) \
                    or lexicon.key(TOKEN.findall(before)[-1]) in lexicon.addressees["skip"]:
                return True   # (a sentence's start, a comma or a mark before it, or अरे, এই)
        position = text.find(word, after)
    return False


def _verb_ends(turn: SpeakerTurn) -> list[int]:
    """Where each 2nd-person verb of a turn ends, in order: the verbs that are evidence and
    those that agree with a pronoun subject (आप बैठिए: बैठिए is the pronoun's, not evidence)."""
    ends = [item.end for item in turn.evidence if item.kind == VERB]
    ends.extend(pair.verb.end for pair in turn.agreement)
    ends.sort()
    return ends


def _has_name(key: str | None) -> bool:
    """Is a person's key a name, not the key of an unnamed speaker (``_unnamed_2``, ``वह (unnamed)``)?"""
    return key is not None and not key.startswith("_") and "(" not in key


def _names_a_person(words: str, lexicon: Lexicon, name_keys: frozenset) -> bool:
    """Does a phrase end in a word that names a person: an address term, a person noun, a
    word with a title's ending, a listed person's name word (বৌদি, आंटी जी), or a title
    after a name (``Dutta-babu``, ``वर्मा जी``)?"""
    found = TOKEN.findall(words)
    if not found:
        return False
    key = lexicon.key(found[-1])
    return lexicon.person_word(key) or lexicon.titled(key) or key in name_keys or _name_and_title(found, lexicon)


def _name_and_title(words: list[str], lexicon: Lexicon) -> bool:
    """Is a phrase a name and the title after it: its last word a title, the words before it
    no word the lexicon reads (no pronoun or verb: ``tomake di`` is "I give you"; no kin term
    or person noun: ``बाबा जी`` names a role, not a person)?"""
    if len(words) < 2 or lexicon.key(words[-1]) not in lexicon.name_titles:
        return False
    for word in words[:-1]:
        key = lexicon.key(word)
        pronoun, reading, _, _ = lexicon.classify(key)
        if pronoun or reading is not None or key in lexicon.particles or _is_function_word(key, lexicon) \
                or lexicon.person_word(key):
            return False
    return True


def _trailing_vocatives(text: str, sentences: list[tuple[int, int]], evidence: list[Evidence],
                        turn: SpeakerTurn, lexicon: Lexicon, index: SpeakerIndex,
                        skip: set[int], scope_ends: dict[int, int], elsewhere_from: int,
                        partner_given: frozenset = frozenset()) -> list[tuple[int, str, frozenset]]:
    """(start, addressee, tiers) of each sentence (not numbered in ``skip``) whose 2nd-person
    forms a vocative at its end turns to someone other than the turn's addressee
    (``শুধু শুধু এত কষ্ট করলেন, কাকিমা।``, ``Arre, ashun ashun, Dutta-babu!``), with the tiers
    of its forms. Where the sentence has no such vocative, one with no comma before it, right
    after a verb, ends the clause that goes to that person (``আপনি বসুন দিদি।``, ``आप बैठिए
    दीदी, और तू …``): ``scope_ends`` gets where it ends (the sentence start → the vocative's end),
    and a form after it in another register is for the one before. The vocative names a listed
    person other than the speaker and the addressee;
    or, where the addressee has a name, an unlisted person by name and title (``Dutta-babu``,
    ``वर्मा जी``), or address terms and person nouns said in a register the rest of the turn
    never gives (``Tu screen share kar … Aap so jaiye, Mummy.``; in the partner's register,
    ``… देखो, बेटा।``, they are what the speaker calls the partner; the rest is what comes before
    ``elsewhere_from``, where a direction or an aside first turns to someone; so are they in a
    register the speaker gave the partner in earlier turns, ``partner_given``: আসুন দাদা … আপনি
    বসুন দাদা). A sentence with group address is left to the group."""
    out: list[tuple[int, str, frozenset]] = []
    starts = [e.start for e in evidence]
    unmarked_ends: dict[int, int] = {}
    verb_ends = _verb_ends(turn)
    commas = "," in turn.text or "،" in turn.text
    for number, (start, end) in enumerate(sentences):
        if number in skip:
            continue
        # (called at, words, where its clause ends or -1): the vocative after a comma, else each one
        # with no comma before it after a verb of the sentence, until one calls someone
        found = _TRAILING.search(text, start, end) if commas else None
        candidates = [(found.start(), found.group("words"), -1)] if found is not None else []
        for after in verb_ends[bisect_left(verb_ends, start):bisect_left(verb_ends, end)]:
            unmarked = unmarked_vocative(text, after, end, lexicon)
            if unmarked is not None:
                candidates.append((unmarked[0], unmarked[2], unmarked[1]))
        for called_at, words, scope_end in candidates:
            entry = _called_at_end(text, start, end, called_at, words, scope_end, evidence, starts, turn, lexicon,
                                   index, elsewhere_from, partner_given)
            if entry is not None:
                out.append(entry)
                if scope_end >= 0:
                    unmarked_ends[start] = scope_end
                break
    scope_ends.update((start, unmarked_ends[start]) for start, _, _ in out if start in unmarked_ends)
    return out


def _called_at_end(text: str, start: int, end: int, called_at: int, words: str, scope_end: int,
                   evidence: list[Evidence], starts: list[int], turn: SpeakerTurn, lexicon: Lexicon,
                   index: SpeakerIndex, elsewhere_from: int,
                   partner_given: frozenset = frozenset()) -> tuple[int, str, frozenset] | None:
    """(start, addressee, tiers) when the vocative ``words`` at ``called_at``, ending the
    sentence ``start``–``end`` (or, with no comma before it, the clause that ends at
    ``scope_end``), turns the forms before it to someone other than the turn's addressee
    (see :func:`_trailing_vocatives`)."""
    inside = evidence[bisect_left(starts, start):bisect_left(starts, called_at)]
    if not inside or any(e.kind == "pronoun" and group_address(e, lexicon) for e in inside):
        return None
    tiers = frozenset(e.tier for e in inside)
    named = index.match(words)
    if named is not None:
        return (start, named, tiers) if named != turn.speaker and named != turn.addressee else None
    if not _has_name(turn.addressee):
        return None   # (an unnamed partner, _unnamed_2 or वह (unnamed), may be the one so called)
    found_words = TOKEN.findall(words)
    if _name_and_title(found_words, lexicon):
        return start, words, tiers   # a name the addressee's is not
    if not all(lexicon.person_word(key) or lexicon.titled(key) for key in map(lexicon.key, found_words)) \
            and not (_may_be_a_name(words, lexicon) and (scope_end < 0 and lexicon.script != "latn"
                                                         or _a_name_in(text, words, called_at, lexicon))):
        return None   # (আর তুই, এখানে বস: no vocative, whatever its last word)
    if partner_given and tiers <= partner_given:
        return None   # (in the register the speaker gave the partner before: what they call the partner)
    rest = {e.tier for e in evidence if (e.start < start or e.start >= (end if scope_end < 0 else called_at))
            and e.start < elsewhere_from and not (e.kind == "pronoun" and group_address(e, lexicon))}
    return (start, words, tiers) if rest and rest.isdisjoint(tiers) else None


def addressees_of_evidence(text: str, turn: SpeakerTurn, lexicon: Lexicon, index: SpeakerIndex,
                           in_asides: set[int], named_by_direction: bool = False,
                           groups: dict[str, str] | None = None, partner_said: str = "",
                           partner_given: frozenset = frozenset(),
                           role_names: dict[str, str] | None = None,
                           narrated: frozenset = frozenset()) -> dict[int, str]:
    """The addressee of each evidence item of a turn whose sentences change addressee.

    From where it stands on, until the next change: a vocative that opens a sentence
    (अरे छोटू, तू …), also after a stage direction (``(ভাইয়ের দিকে ফিরে) এই বাপ্পা, তুই …``),
    a stage direction that names a person (``(गोलू से)``, ``(মায়ের দিকে তাকিয়ে)``), group
    address (तुम सब, তোমরা). An aside in parentheses with speech of its own goes to the
    person it names (``(अरे रामू, तू …)``, ``(বোনকে: …)``, ``(और तू, करण, …)``) and changes
    nothing after it. Before any change, the turn's addressee (``named_by_direction``: by a stage
    direction or a frame). People a direction or a vocative named and group address then
    addresses are that group, keyed by its pronoun phrase (``(मेहमानों से) आइए! आप सब
    बैठिए``: all to ``आप सब (group)``; ``groups`` learns मेहमान → that key, for the record's
    other turns); no one addresses themself. Where :func:`may_change_addressee` says no,
    this is ``{}``: ask it first, it costs less. ``partner_given``: the tiers the speaker gave the
    turn's addressee in earlier turns (a later sentence in one of them, unnamed, is for the
    partner again; a call in none of them is someone else's). ``role_names`` learns, for the
    turn's speaker, the role or kin word of a direction whose person's own name follows it
    (``(बहू से) सीमा, …``: बहू → सीमा; see :func:`learn_role_name`)."""
    text_of_turn = turn.text
    evidence = sorted(turn.evidence, key=lambda e: e.start)
    evidence_starts = [e.start for e in evidence]
    # (position, order, addressee): the addressee from that position on
    changes: list[tuple[int, int, str]] = []
    asides: list[tuple[int, int, str]] = []   # (start, end, addressee) of the speech in an aside
    if "(" in text_of_turn:
        for match in _PARENTHESIS.finditer(text, turn.start, turn.end):
            inside_start, inside_end = match.start() + 1, match.end() - 1
            directed = _DIRECTED_ASIDE.fullmatch(text, match.start(), match.end())
            if directed and bisect_left(evidence_starts, inside_start) < bisect_left(evidence_starts, directed.start("speech")):
                directed = None   # (अरे रवि, तुम भी — गेम बंद करो): address before the dash, no direction
            speech_start = directed.start("speech") if directed else inside_start
            first = bisect_left(evidence_starts, speech_start)   # the first evidence in its speech
            if first < len(evidence_starts) and evidence_starts[first] < inside_end:
                # an aside: the person its speech names, else the one its direction names
                named = _aside_vocative(text, speech_start, inside_end, turn.speaker, lexicon, index) or (
                    direction_person(directed.group("direction"), lexicon, index) if directed else None)
                if named:
                    asides.append((speech_start, inside_end, person_named(named, turn.speaker, index)))
            else:
                named = direction_person(text[inside_start:inside_end], lexicon, index)
                if named:
                    # the person's own name in the words it introduces wins over a role (नौकर से) …
                    # और तू, छोटू, …)
                    after = match.end()
                    stop = _sentence_end(text, after, turn.end)
                    dash = _INNER_DASH.search(text, after, stop)   # (… — हाँ सर, …: someone called after it)
                    own = _aside_vocative(text, after, dash.start() if dash is not None else stop, turn.speaker,
                                          lexicon, index)
                    if own and (_person_words_only(own, lexicon)
                                or (index.match(own) is None and len(TOKEN.findall(own)) > 1)):
                        # an address term or kin term (भैया, Dada, বউমা) names the role no better; nor
                        # does an unlisted phrase (আসসালামু আলাইকুম, …): a name is one word or a listed person
                        own = None
                    if own and role_names is not None:
                        learn_role_name(role_names, named, own, turn.speaker, lexicon, index)
                    changes.append((after, 0, person_named(own or named, turn.speaker, index)))
    last = evidence[-1].start if evidence else -1
    vocatives: list[tuple[int, int, str, str | None]] = []   # (sentence number, position, vocative, listed name)
    calls: list[tuple[int, str]] = []   # (sentence number, words) of calls that name no one
    sentences = sentence_spans(text, turn.start, turn.end)
    starts = [start for start, _ in sentences]
    for number, (start, end) in enumerate(sentences):
        if start > last:
            break   # a vocative after the last evidence addresses nothing of it
        opening = _after_stage_direction(text, start, end)
        first_words = _OPENING.match(text, opening, end)   # (what vocative_at reads)
        if first_words is None:
            continue
        words = first_words.group("words").split()
        call = _call_of(words, lexicon)   # (ওগো, … names no one, though it reads like a name)
        if call is not None:
            # … unless a name set off by commas follows it (सुन, ईशान, तू …): the call is theirs
            after = _NAME_AFTER.match(text, first_words.end(), end)
            name = after.group("name") if after is not None else None
            named = index.match(name) if name is not None else None
            if name is not None and named is None and (not _names_someone(name, lexicon)
                                                       or _call_of(name.split(), lexicon) is not None):
                name = None
            if name is not None:
                vocatives.append((number, opening, name, None if named == turn.speaker else named))
            else:
                calls.append((number, call))
            continue
        vocative = _vocative_of(words, lexicon)
        if vocative:
            named = index.match(vocative)   # (never the speaker: सर said by the one titled speaker)
            if named is None and not _names_someone(vocative, lexicon):
                continue   # (পাড়ার বাচ্চারা এখনও আসেনি, … / Aaj ilish ekdom fresh, …: a clause)
            vocatives.append((number, opening, vocative, None if named == turn.speaker else named))
        else:
            # और तू, करण, … / Aur tu, Nikhil — …: a listed person set off after the pronoun;
            # আসসালামু আলাইকুম, মাতব্বর সাহেব। / Namaste, Sharma ji, …: the person greeted
            greeting = _greeting_opening(words, lexicon)
            follows = _NAME_AFTER_GREETING if greeting else _NAME_AFTER if _pronoun_opening(words, lexicon) else None
            after = follows.match(text, first_words.end(), end) if follows is not None else None
            if after is not None:
                name = after.group("name")
                named = index.match(name)
                if named is None and greeting and _address_term_only(name, lexicon):
                    named = name   # Salam, chacha! (an address term names the person greeted)
                if named is not None and named != turn.speaker:
                    vocatives.append((number, opening, name, named))
    if "—" in text_of_turn or "–" in text_of_turn:
        # a dash inside a sentence opens address anew where a listed person is called after it
        # (… তুই হাসিস না, চুপ করে বস — হ্যাঁ স্যার, আপনি …: back to the partner by name)
        for found in _DASH_OPENING.finditer(text, turn.start, turn.end):
            if found.start("words") > last:
                break
            called = _vocative_of(found.group("words").split(), lexicon)
            named = index.match(called) if called is not None else None
            if called is not None and named is not None and named != turn.speaker:
                vocatives.append((bisect_right(starts, found.start()) - 1, found.start("words"), called, named))
        vocatives.sort(key=lambda item: (item[0], item[1]))
    if "," in text_of_turn:
        # so does a coordinator after a comma, where a listed person is called after it (मुन्नी, तू पहले
        # होमवर्क कर, और गोलू, तुम ज़रा दूध ले आओ: गोलू from his name on)
        for found in _COMMA_WORD_NAME.finditer(text, turn.start, turn.end):
            if found.start("name") > last:
                break
            named = index.match(found.group("name"))
            if lexicon.key(found.group("word")) in lexicon.list_coordinators and named is not None \
                    and named != turn.speaker:
                vocatives.append((bisect_right(starts, found.start()) - 1, found.start("name"),
                                  found.group("name"), named))
        vocatives.sort(key=lambda item: (item[0], item[1]))
    # a vocative ending a sentence turns to that person from the sentence's start, for as long
    # as the later sentences keep its register (… কষ্ট করলেন, কাকিমা। চল, তুই …: the friend again)
    scope_ends: dict[int, int] = {}   # sentence start → where the clause a vocative with no comma calls ends
    # (the register the turn gives its addressee: before any direction or aside turns it elsewhere)
    elsewhere_from = min([position for position, _, _ in changes] + [start for start, _, _ in asides],
                         default=turn.end)
    trailing = _trailing_vocatives(text, sentences, evidence, turn, lexicon, index,
                                   {number for number, _, _, _ in vocatives}, scope_ends, elsewhere_from, partner_given)
    trailing_tiers = {start: tiers for start, _, tiers in trailing}
    # the turn's listed addressee named later (… Ei Tutul, tui …) or turned to apart ((अंकित से, …)):
    # an earlier other vocative is someone else
    partner_named_later = turn.addressee is not None and (
        any(named == turn.addressee for number, _, _, named in vocatives if number > 0)
        or any(person == turn.addressee for _, _, person in asides)
        or any(person == turn.addressee for _, _, person in changes))
    directed_at = {position for position, _, _ in changes}   # where a direction turned to someone
    named_in_turn = {person for _, _, person in changes} | {person for _, _, person in asides} \
        | {named for _, _, _, named in vocatives if named is not None} | {person for _, person, _ in trailing}
    if calls and turn.addressee is not None:
        # a call that names no one, in a register the rest of the turn never gives: someone else
        # (अरे सुनिए जी, आप … ले आइए। और तू, … कर!), held as a vocative at a sentence's end is held
        turned = {number for number, _, _, named in vocatives if named != turn.addressee}
        trailing.extend(_calls_to_another(text, calls, sentences, evidence, turn, lexicon, index, named_in_turn,
                                          {start: person for start, person, _ in trailing}, turned, partner_given))
        trailing_tiers = {start: tiers for start, _, tiers in trailing}
    for number, position, vocative, named in vocatives:
        if named is None and any(start <= p <= position for p in directed_at
                                 for start, _ in sentences[number:number + 1]) \
                and _person_words_only(vocative, lexicon):
            continue   # (to the waiter) Bhaiya, … / (রুমার দিকে ফিরে) বউমা, …: a kin term or role names them no better
        if named is None and number == 0 and named_by_direction and _person_words_only(vocative, lexicon):
            continue   # the same at the turn's start, its addressee named by a direction or a frame (… waiter ko
            # awaaz di, "Bhaiya, …"; (ড্রাইভারকে) কাকু, …)
        # an unlisted name opening the turn names its listed addressee (पांडे, … to the हवलदार),
        # but a kin term or title other than the one the addressee is (दीदी, … to माँ) is someone else,
        # and so is one whose sentence is more deferent than the rest of the turn (Uncle, aap … Tu …)
        # — unless the partner has just spoken of that name as someone else (তিতলি: বাবলু নিয়েছে।
        # সৌরভ: বাবলু, তুই আবার! — বাবলু is the one she named, not তিতলি)
        partner_term = named is None and number == 0 and turn.addressee is not None \
            and index.match(turn.addressee) is not None \
            and not _other_address_term(vocative, turn.addressee, lexicon) and not partner_named_later \
            and not _someone_the_narration_names(vocative, turn.addressee, turn.speaker, lexicon, narrated) \
            and not (partner_said and _mentions(partner_said, vocative, lexicon))
        back_at = _deferent_opening(text, evidence, starts, lexicon) \
            if partner_term and "(" not in text_of_turn else None
        if not partner_term or back_at is not None:
            if named is None and _address_term_only(vocative, lexicon) and not named_by_direction \
                    and turn.addressee is not None and index.match(turn.addressee) is not None:
                # a role or kin term said to someone other than the listed partner (Bhaiya, … to
                # the auto driver): the one other person of the dialogue, when there is exactly
                # one and the turn does not name them otherwise
                other = the_other_party(index, turn.speaker, turn.addressee)
                if other is not None and other not in named_in_turn:
                    named = other
            changes.append((position, 1, named or vocative))
            if back_at is not None:
                changes.append((back_at, 1, cast(str, turn.addressee)))   # … Tu …: the partner again
    if partner_named_later and evidence:
        # turned to the partner by a direction after addressing someone unnamed (तू जल्दी सो जा। (रमेश की ओर
        # मुड़कर) आप भी …): that was the one other person present, when there is exactly one
        # (a direction only: naming the partner mid-turn, भेज दो। और नेहा, …, goes on to the same person)
        named_at = [position for position, kind, person in changes if kind == 0 and person == turn.addressee]
        first = evidence[0].start
        if named_at and first < min(named_at) and not any(position <= first for position, _, _ in changes):
            other = the_other_party(index, turn.speaker, turn.addressee)
            if other is not None and other not in named_in_turn:
                changes.append((turn.start, 1, other))
    changes.extend((start, 2, person) for start, person, _ in trailing)
    changes.sort()
    current = turn.addressee
    held: tuple[str | None, frozenset] | None = None   # after a vocative at a sentence's end: (the one before, its tiers)
    held_until = -1   # … or, with no comma before it, the end of the clause it calls
    out: dict[int, str] = {}
    next_change = next_aside = 0   # changes, asides and evidence are in text order
    changed_in = -1   # the sentence of the last change
    # the tiers each addressee was given so far (the partner: in the speaker's earlier turns too)
    tiers: dict[str | None, set[str]] = {turn.addressee: set(partner_given)} if partner_given else {}
    by_direction = named_by_direction   # the current addressee was named by a direction
    since_change: list[int] = []   # the evidence given to the current addressee since its change
    for item in evidence:
        while next_change < len(changes) and changes[next_change][0] <= item.start:
            held = (current, trailing_tiers[changes[next_change][0]]) if changes[next_change][1] == 2 else None
            held_until = scope_ends.get(changes[next_change][0], -1) if held is not None else -1
            current = changes[next_change][2]
            by_direction = changes[next_change][1] == 0
            changed_in = bisect_right(starts, changes[next_change][0]) - 1
            next_change += 1
            since_change = []
        item_sentence = bisect_right(starts, item.start) - 1
        if held is not None and (item_sentence > changed_in or 0 <= held_until <= item.start) \
                and item.tier not in held[1]:
            # a later sentence, or what follows a call with no comma before it (आप बैठिए दीदी, और
            # तू …), in another register: the one before again
            current, held = held[0], None
        if item.kind == "pronoun" and group_address(item, lexicon):
            # तुम सब … तुम्हारे: the same group. People named by a direction or a vocative that
            # no listed person answers to, then addressed as a group ((मेहमानों से) आइए! आप सब
            # बैठिए, শোনো বাচ্চারা, তোমরা সবাই …), are that group: one key, the pronoun phrase's,
            # for all that was said to them since they were named
            if not (current or "").endswith(GROUP):
                # (the turn's own addressee too, when a direction or frame named it and nothing
                # changed since: (मेहमानों से) आइए! आप लोग बैठिए)
                named_them = current is not None and index.match(current) is None \
                    and (by_direction or current != turn.addressee and item_sentence == changed_in)
                if named_them or not (by_direction and current is not None):
                    group = group_key(item.text, lexicon)
                    if named_them:
                        for start in since_change:
                            if out.get(start, turn.addressee) == current:
                                out[start] = group
                        if groups is not None:
                            groups.setdefault(cast(str, current), group)   # the same people elsewhere
                    current = group
                    by_direction = False
            changed_in = item_sentence
        elif current != turn.addressee and item_sentence > changed_in \
                and item.tier in tiers.get(turn.addressee, ()) and item.tier not in tiers.get(current, ()):
            # back to the dialogue partner, unnamed, in a later sentence, in the register the
            # partner was given (… अरे रामू, जा, पानी ला। हाँ, तो आप बता रहे थे …)
            current = turn.addressee
            by_direction = named_by_direction
        while next_aside < len(asides) and asides[next_aside][1] <= item.start:
            next_aside += 1
        aside = asides[next_aside][2] if next_aside < len(asides) and asides[next_aside][0] <= item.start \
            else None
        target = aside or current
        if aside is not None:
            in_asides.add(item.start)
        tiers.setdefault(target, set()).add(item.tier)
        if target is not None and target != turn.addressee:
            out[item.start] = target
        if aside is None:
            since_change.append(item.start)
    return out


def called_names(text: str, start: int, end: int, lexicon: Lexicon) -> list[str]:
    """The words of each vocative in ``text[start:end]``: one opening a sentence (``मिता, …``) or
    ending one (``… আগে বল তো, মিনু?``), in text order. Whom they name is the caller's to ask:
    the words before a comma may be a clause with a verb the lexicon does not know.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> t = "খিচুড়ি হয়ে গেছে। টিফিন পরে হবে, আগে বল তো, মিনু?"
    >>> called_names(t, 0, len(t), load_lexicon("bn"))
    ['মিনু']
    """
    found = []
    for sentence_start, sentence_end in sentence_spans(text, start, end):
        opening = vocative_at(text, sentence_start, sentence_end, lexicon)
        if opening:
            found.append(opening)
        trailing = _TRAILING.search(text, sentence_start, sentence_end)
        if trailing is not None:
            # (the words after the sentence's last comma: … আগে বল তো, মিনু?)
            words = TOKEN.findall(trailing.group().rsplit(",", 1)[-1])
            if words and _vocative_of(words, lexicon):
                found.append(" ".join(words))
    return found


def _calls_to_another(text: str, calls: list[tuple[int, str]], sentences: list[tuple[int, int]],
                      evidence: list[Evidence],
                      turn: SpeakerTurn, lexicon: Lexicon, index: SpeakerIndex, named_in_turn: set,
                      taken: dict[int, str], turned: set[int],
                      partner_given: frozenset = frozenset()) -> list[tuple[int, str, frozenset]]:
    """(start, addressee, tiers) of each sentence that opens with a call naming no one
    (``सुनिए जी``, ``ওগো``) and turns to someone other than the turn's addressee: when its
    2nd-person forms, and those of the sentences after it in the same register, are in a
    register that neither the rest of the turn nor the speaker's earlier turns to the partner
    (``partner_given``) give. The one called is the person a vocative at the end of a sentence of
    that register names (``taken``: sentence start → person; a capitalized bare romanized name
    too: ``Ei je, shunchho? Gas ta kome dao, Sumit!``), else the one other person of the dialogue
    when there is exactly one whom the turn does not name otherwise, else the call's words. In the
    partner's register, or in a turn of one register, the call is the partner's. A sentence a
    vocative ends (in ``taken``) is left to it; so is one with group address; the sentences a
    vocative opening them turns to someone else (``turned``, by number) are not the rest."""
    out: list[tuple[int, str, frozenset]] = []
    starts = [e.start for e in evidence]
    sentence_starts = [start for start, _ in sentences]
    others = {sentences[n][0] for n in turned}
    for number, words in calls:
        start, end = sentences[number]
        if start in taken:
            continue
        inside = evidence[bisect_left(starts, start):bisect_left(starts, end)]
        if not inside and number + 1 < len(sentences):
            # a call that is its own sentence (ওগো, শুনছ? তুমি …): the register of the one after it
            number, end = number + 1, sentences[number + 1][1]
            inside = evidence[bisect_left(starts, start):bisect_left(starts, end)]
        if not inside or any(e.kind == "pronoun" and group_address(e, lexicon) for e in inside):
            continue
        tiers = frozenset(e.tier for e in inside)
        called = taken.get(sentences[number][0])   # (the sentence after a call of its own)
        run_end = end   # the sentences after it in its register are its too
        for later_start, later_end in sentences[number + 1:]:
            later = evidence[bisect_left(starts, later_start):bisect_left(starts, later_end)]
            if any(e.tier not in tiers for e in later):
                break
            run_end = later_end
            called = called or taken.get(later_start)
        for run_start, run_stop in sentences[number:]:
            if called is not None or run_start >= run_end:
                break
            found = _TRAILING.search(text, run_start, run_stop)   # (a bare name ends it: …, Sumit!)
            if found is not None and _bare_name(found.group("words"), lexicon):
                called = index.match(found.group("words")) or found.group("words")
        rest = {e.tier for e in evidence if (e.start < start or e.start >= run_end)
                and sentences[bisect_right(sentence_starts, e.start) - 1][0] not in others
                and not (e.kind == "pronoun" and group_address(e, lexicon))} | partner_given
        if rest and rest.isdisjoint(tiers):
            other = the_other_party(index, turn.speaker, turn.addressee)
            out.append((start, called if called is not None else
                        other if other is not None and other not in named_in_turn else words, tiers))
    return out


def _bare_name(words: str, lexicon: Lexicon) -> bool:
    """Is a phrase one romanized word with a capital that the lexicon reads as nothing (no
    pronoun, verb, address term, particle or function word): a name (``Sumit``)? (In Indic
    scripts an unknown word may as well be a verb form: समझा?)"""
    found = TOKEN.findall(words)
    if len(found) != 1 or lexicon.script != "latn" or not found[0][:1].isupper():
        return False
    key = lexicon.key(found[0])
    pronoun, reading, address_term, _ = lexicon.classify(key)
    return pronoun is None and reading is None and not address_term and key not in lexicon.particles \
        and key not in lexicon.interjections and not _is_function_word(key, lexicon) \
        and not lexicon.person_word(key)


def _deferent_opening(text: str, evidence: list[Evidence], starts: list[int], lexicon: Lexicon) -> int | None:
    """Where the partner's register resumes after a turn's opening sentence in the most
    deferent tier when all the rest of the turn is in lower ones, else None: the term that
    opens it is someone else's (``Uncle, aap ek plate dijiye. Tu kya khayega?``: the
    shopkeeper, then the friend).

    Group address is left aside; the later evidence starts in a later sentence. One register,
    a turn that goes back and forth, or two informal tiers give None (``বাবু, তুমি খেয়ে নাও।
    তুই …`` is a mother to one child at two tiers).
    """
    opening: list[int] = []   # the ranks in the opening sentence
    later: list[Evidence] = []
    for item in evidence:
        rank = RANK.get(item.tier)
        if rank is None:
            return None   # a tier beyond the shared scale: no ranking here
        if item.kind == "pronoun" and group_address(item, lexicon):
            continue
        if bisect_right(starts, item.start) - 1 <= 0:
            opening.append(rank)
        else:
            later.append(item)
    top = max(RANK.values())   # deferent address (आप, আপনি) to the term, and none after
    if not opening or not later or min(opening) < top or max(RANK[e.tier] for e in later) >= top:
        return None
    # the turn back is marked as a vocative would mark it: a subject pronoun opening its
    # sentence, after one word at most (Tu kya khayega? / और तू, … / আর তুই …); not a verb form
    # alone, nor an object (ভাই, আপনি …? … তোমাকে তো বললাম …: the same driver, scolded)
    first = later[0]
    sentence_start = starts[bisect_right(starts, first.start) - 1]
    if first.kind != "pronoun" or first.case != "nominative" \
            or len(TOKEN.findall(text, sentence_start, first.start)) > 1:
        return None
    return sentence_start


def person_named(name: str, speaker: str | None, index: SpeakerIndex) -> str:
    """The listed person a name stands for, else the name as written; never the speaker
    (a title alone, सर, names the one titled speaker: when that is the speaker, someone else)."""
    found = index.match(name)
    return found if found is not None and found != speaker else name


def opening_direction(turn_text: str, lexicon: Lexicon) -> str | None:
    """The person a stage direction that opens a turn names: it is the label's
    (``**निर्देशक:** (हीरोइन से) …`` → हीरोइन), else None."""
    direction = opening_direction_text(turn_text)
    return direction_addressee(direction, lexicon) if direction is not None else None


def opens_with_call(text: str, start: int, end: int, lexicon: Lexicon) -> bool:
    """Does ``text[start:end]`` open with a call that names no one (``सुनिए जी!``, ``ওগো,``)?"""
    opening = _OPENING_AT_START.match(text, start, end)
    return opening is not None and _call_of(opening.group("words").split(), lexicon) is not None


def opening_direction_text(turn_text: str) -> str | None:
    """The words of a stage direction that opens a turn (``(cashier ki taraf dekhkar) Bhaiya, …``),
    else None; not an aside with speech of its own after a colon."""
    opening = _OPENING_DIRECTION.match(turn_text) if "(" in turn_text[:4] else None
    if opening is None or _SPEECH_AFTER_COLON.search(opening.group("direction")):
        return None   # (बहू से: तुम चाय बना दो) आप लोग बैठिए: an aside with its own speech, not the turn's direction
    return opening.group("direction")


def _sentence_end(text: str, start: int, end: int) -> int:
    """Where the sentence that starts at ``start`` ends (its end mark included), at most ``end``."""
    found = _SENTENCE_END_MARK.search(text, start, end)
    return found.end() if found else end


_SENTENCE_END_MARK = regexcache.compile(SENTENCE_BREAK)


def _after_stage_direction(text: str, start: int, end: int) -> int:
    """Where a sentence's words start after a stage direction that opens it ((ভাইয়ের দিকে ফিরে) এই বাপ্পা, …)."""
    if start < end and text[start] == "(":
        close = text.find(")", start, end)
        if close > 0:
            start = close + 1
            while start < end and (text[start].isspace() or text[start] in "*_"):
                start += 1
    return start


def _aside_vocative(text: str, start: int, end: int, speaker: str | None, lexicon: Lexicon,
                    index: SpeakerIndex) -> str | None:
    """The person an aside's speech names: a vocative opening it (अरे रामू, तू …) or a listed
    person set off by a comma (और तू, करण, …)."""
    while start < end and text[start].isspace():
        start += 1
    vocative = vocative_at(text, start, end, lexicon)
    if vocative:
        return vocative
    for _, word in vocative_names(text, start, end):
        named = index.match(word)
        if named is not None and named != speaker:
            return named
    return None


def direction_person(direction: str, lexicon: Lexicon, index: SpeakerIndex) -> str | None:
    """The person a stage direction turns to: (नौकर से), (বউমাকে), (माँ की ओर मुड़कर)."""
    return direction_addressee(direction, lexicon) or frame_addressee(direction, lexicon, index)


def the_other_party(index: SpeakerIndex, speaker: str | None, partner: str | None) -> str | None:
    """The one person of the dialogue (listed or labelled) who is neither the speaker nor
    the partner, when there is exactly one; else None."""
    others = [spec.name for spec in index.speakers if spec.name not in (speaker, partner)]
    return others[0] if len(others) == 1 else None


def _mentions(text: str, name: str, lexicon: Lexicon) -> bool:
    """Does ``text`` speak of ``name``, a one-word name, as someone (বাবলু নিয়েছে, चिंटू ने ली
    है), not as an exclamation or a call of its own (``Alhamdulillah, …``, ``बढ़िया!``)? An
    address term (দাদা, sir) is no one in particular."""
    words = TOKEN.findall(name)
    if len(words) != 1 or _address_term_only(name, lexicon):
        return False
    key = lexicon.key(words[0])
    tokens = [lexicon.key(w) for w in TOKEN.findall(text)]
    markers = lexicon.clauses["case_markers"] | lexicon.clauses["ergative_markers"]
    for i, token in enumerate(tokens[:-1]):
        # as someone: a case or ergative marker after it (चिंटू ने, Bablu ko), or a finite verb
        # (বাবলু নিয়েছে); not a number or a thing before its noun (আশি টাকা, Diet coke)
        following = tokens[i + 1]
        if token == key and (following in markers or following in lexicon.auxiliaries
                             or (lexicon.finite_suffixes and following.endswith(lexicon.finite_suffixes))):
            return True
    return False


def learn_role_name(role_names: dict[str, str], role: str, name: str, speaker: str | None, lexicon: Lexicon,
                    index: SpeakerIndex) -> None:
    """A direction named a person by a role or kin word and the speaker then called them by
    name (``(बहू से) सीमा, चाय बना दे``, ``(মেয়েকে) রুমা, …``): in ``role_names`` (one speaker's),
    the role's key stands for the name's, wherever the speaker's directions name the role again
    (``(बहू से) और तू …``: to सीमा). A role said before two names names no one of them: ``""``."""
    if index.match(role) is not None or not _person_words_only(role, lexicon):
        return   # a listed person or a name: no role to learn
    role_key, name_key = person_named(role, speaker, index), person_named(name, speaker, index)
    if role_key == name_key or role.isascii() != name.isascii() and sound_skeleton(role) == sound_skeleton(name):
        return   # (the role's own word in the other script: नानी, called Nani)
    known = role_names.setdefault(role_key, name_key)
    if known != name_key:
        role_names[role_key] = ""


def _person_words_only(name: str, lexicon: Lexicon) -> bool:
    """Is every word of ``name`` an address term or a person noun (भैया, বউমা, मेहमान)? (Then
    it names a role or kin, no one in particular.)"""
    return all(lexicon.person_word(lexicon.key(w)) for w in TOKEN.findall(name))


def _address_term_only(name: str, lexicon: Lexicon) -> bool:
    """Is every word of ``name`` an address term (भैया, Dada, भाई साहब)? (Then it names no one
    in particular.)"""
    return all(lexicon.key(w) in lexicon.nominal_address for w in TOKEN.findall(name))


def _other_address_term(vocative: str, addressee: str | None, lexicon: Lexicon) -> bool:
    """Are both the vocative and the addressee's name address terms (kin terms, titles),
    and different ones? (दीदी, … said to माँ; কাকু, … said to মা)"""
    if addressee is None:
        return False
    said = {lexicon.key(w) for w in TOKEN.findall(vocative)}
    known = {lexicon.key(w) for w in TOKEN.findall(addressee)}
    terms = lexicon.nominal_address
    return bool(said) and bool(known) and all(k in terms for k in said | known) and said != known


def _someone_the_narration_names(vocative: str, addressee: str, speaker: str | None, lexicon: Lexicon,
                                 narrated: frozenset) -> bool:
    """Is the vocative a name the story's narration names as a person of its own, while the
    addressee is keyed by another name (मौसी to रिया, then चिंटू, … after चिंटू दरवाज़े के पीछे
    से झाँक रहा था।)? Then the call is to that person. (A name calling a partner keyed by a role or
    kin term may be theirs: पांडे, … to the हवलदार; ``narrated``: the narration's word keys.)"""
    said = [lexicon.key(w) for w in TOKEN.findall(vocative)]
    known = [lexicon.key(w) for w in TOKEN.findall(addressee)]
    if not said or not known or set(said) & set(known) or not set(said) <= narrated \
            or speaker is not None and set(said) & {lexicon.key(w) for w in TOKEN.findall(speaker)}:
        return False   # (no one calls themself: the line is someone else's)
    # (a verb is no one: Sun, … / देखा, …)
    return not any(lexicon.person_word(k) or k in lexicon.nominal_address or k in lexicon.name_titles
                   or lexicon.titled(k) for k in said + known) \
        and not any(lexicon.classify(k)[1] is not None or k in lexicon.verb_roots or k in lexicon.exact_verbs
                    for k in said)


# a parenthesis that names its addressee before a colon: (कबीर से, फुसफुसाकर: तू …), (ছেলেকে: …)
_DIRECTED_ASIDE = regexcache.compile(r"\((?P<direction>[^():\n]{1,80})[:：—–-]\s*(?P<speech>[^()\n]{1,300})\)")
_PARENTHESIS = regexcache.compile(r"\([^()\n]{1,300}\)")
_OPENING_DIRECTION = regexcache.compile(r"\s*[*_]*\((?P<direction>[^()\n]{1,80})\)")
_SPEECH_AFTER_COLON = regexcache.compile(r"[:：]\s*\w")


def group_address(item: Evidence, lexicon: Lexicon) -> bool:
    """तुम सब, आप लोग, তোমরা, আপনারা, tora: a 2nd-person pronoun addressing a group."""
    if " " not in item.text:
        return lexicon.key(item.text) in lexicon.plural_pronouns
    keys = [lexicon.key(w) for w in TOKEN.findall(item.text)]
    return any(k in lexicon.plural_markers for k in keys[1:]) or any(k in lexicon.plural_pronouns for k in keys)
