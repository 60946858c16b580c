"""Generic "you" by contrast: a speaker's second register that appears only in sentences
stating what holds for anyone.

A speaker who calls the listener तुम or তুই and says आप / আপনি only inside a
conditional, temporal or concessive sentence, or one with a potential verb, is
not switching register: that आप is anyone (``जब आप चलती ट्रेन में गेंद उछालते हैं,
तो वह आपके ही हाथ में गिरती है … तुम लोग सोचकर बताओ``; ``আপনি যত বড় চাকরিই করুন না কেন …
তুমি এসব বুঝবে না``). So is a narrator's 2nd person in such sentences (``शाम को ऐसी भीड़
होती है कि आप चाहकर भी तेज़ नहीं चल सकते``). A question is never generic.

The words that shape such a sentence are data (``generic_shape`` in each lexicon);
the regex cues of ``generic_you`` (evidence.py) catch the fixed generic phrases
whatever the speaker's other register.

>>> from honorifics.extraction.lexicon import load_lexicon
>>> text = "जब आप गेंद उछालते हैं, तो वह आपके हाथ में गिरती है। तुम बताओ।"
>>> sentences = Sentences(text)
>>> [generic_shaped(text, *sentences.around(text.index(w)), load_lexicon("hi")) for w in ("आप", "तुम")]
[True, False]
"""
from __future__ import annotations

import re
from bisect import bisect_right

from .. import regexcache
from ..records import Evidence
from ..scripts import SENTENCE_BREAK
from .lexicon import Lexicon
from .tokens import TOKEN

# a sentence ends at these (a question mark too: the sentence it ends is a question)
_END = regexcache.compile(SENTENCE_BREAK)


class Sentences:
    """The sentence spans of a text, found in one pass, looked up by position (a long text
    with many forms costs one scan, not one per form)."""

    def __init__(self, text: str) -> None:
        self.ends = [match.end() for match in _END.finditer(text)]
        self.length = len(text)

    def around(self, position: int) -> tuple[int, int]:
        """The span of the sentence that holds ``position`` (its end mark included)."""
        k = bisect_right(self.ends, position)
        start = self.ends[k - 1] if k else 0
        end = self.ends[k] if k < len(self.ends) else self.length
        return start, end


def generic_shaped(text: str, start: int, end: int, lexicon: Lexicon) -> bool:
    """Does the sentence ``text[start:end]`` say what holds for anyone: a conditional,
    temporal or concessive marker, a conditional verb form or a potential verb, and
    neither a question mark nor the speaker (a 1st-person form)? (An imperative does not
    rule it out: देख, जब आप … तो …; lene jao toh …; যত … করুন না কেন.)"""
    sentence = text[start:end]
    if sentence.rstrip().endswith(("?", "？")):
        return False
    shape = lexicon.generic_shape
    markers, verbs, suffixes = shape["markers"], shape["verbs"], shape["conditional_suffixes"]
    keys = [lexicon.key(word) for word in TOKEN.findall(sentence)]
    narrative = lexicon.narrative or {}
    first_person = lexicon.first_person_pronouns | narrative.get("first_person", frozenset()) \
        | narrative.get("first_person_other", frozenset())
    if any(key in first_person for key in keys):
        return False   # the speaker in it (तो हम मूवी चलते हैं, आप हमसे संपर्क कर सकते हैं): said to someone
    for key in keys:
        if key in markers or key in verbs:
            return True
        for suffix in suffixes:
            if key.endswith(suffix) and key[:-len(suffix)] in lexicon.verb_roots:
                return True   # করলে, থাকলে: "if one does", "if one stays"
    return False


def generic_by_contrast(text: str, items: list[tuple[Evidence, str | None, Lexicon]], *,
                        narration: bool = False) -> set[int]:
    """The starts of one speaker's evidence items that are generic "you" by contrast.

    ``items``: the speaker's evidence, each with its addressee and the lexicon of its turn.
    An item in a generic-shaped sentence is generic when its tier is neither one the
    speaker addresses someone with by a pronoun outside such sentences, nor one its own
    addressee gets outside them (nor one their verbs also fit: तू … रुक जाना).
    ``narration``: the text is a narrator's prose (no character speaks): every item in a
    generic-shaped sentence is.
    """
    if not items or (not narration and len({item.tier for item, _, _ in items}) < 2):
        return set()
    sentences = Sentences(text)
    by_sentence: dict[tuple[int, int, str], bool] = {}   # a sentence's answer, once per lexicon
    shaped: dict[int, bool] = {}
    for item, _, lexicon in items:
        start, end = sentences.around(item.start)
        key = (start, end, lexicon.name)
        if key not in by_sentence:
            by_sentence[key] = generic_shaped(text, start, end, lexicon)
        shaped[item.start] = by_sentence[key]
    if narration:
        return {start for start, is_generic in shaped.items() if is_generic}
    # the registers the speaker addresses people with, named by a pronoun outside such
    # sentences (a lone verb form may be a misread 3rd person)
    contrast = {item.tier for item, _, _ in items if not shaped[item.start] and item.kind == "pronoun"}
    if not contrast:
        return set()
    outside: dict[str | None, set[str]] = {}   # per addressee: the tiers it gets outside them
    for item, addressee, _ in items:
        if not shaped[item.start]:
            outside.setdefault(addressee, set()).update((item.tier, *(item.also_fits or ())))
    return {item.start for item, addressee, _ in items
            if shaped[item.start] and item.tier not in contrast and item.tier not in outside.get(addressee, ())}
