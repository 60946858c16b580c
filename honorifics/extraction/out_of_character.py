"""Out-of-character text: what a model says to the user, not as a character.

Sentence-level detection from several cues kept in each language's
``honorifics/lang/<code>/out_of_character[.<script>].yaml`` and, shared by every
language, ``honorifics/lang/en/out_of_character.yaml``: first person + negated ability
(मैं … नहीं लिख सकती, আমি … পারব না, I can't), apologies, task words
(संवाद, পটকথা, dialogue), the model naming itself an AI, offers of an
alternative (चाहें तो … लिख दूँ), preambles (यह रहा संवाद:, Here's the
dialogue:) and meta-answers about the address forms (यहाँ उपयुक्त संबोधन
'तुम' होगा।).

>>> spans = out_of_character_spans(
...     "क्षमा करें, मैं किसी मौजूदा फ़िल्म की पटकथा आगे नहीं बढ़ा सकती; "
...     "चाहें तो इसी मिज़ाज में एक मौलिक दृश्य लिख दूँ — बताइए?", 0, 112, "hi")
>>> [(start, kind) for start, end, kind in spans]
[(0, 'refusal')]

A refusal runs from its first sentence (with an apology just before it) to
the end of its paragraph: the model keeps talking to the user there. Its
address never counts for a character; a character's line in a later
paragraph still does.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

from .. import languages, regexcache
from ..records import NOTE, REFUSAL
from ..scripts import (CLOSING_QUOTES, DOUBLE_CLOSING, DOUBLE_OPENING, DOUBLE_QUOTES, LATIN, PICTOGRAPHS,
                       SENTENCE_ENDS, SINGLE_QUOTES, WORD_LETTERS, class_body, detection_class)

CUE_CLASSES = ("apology", "inability", "omission", "omitted", "task", "material", "writing", "ai_identity", "policy",
               "help", "offer", "preamble", "meta", "closing", "idiom", "alternative", "usage")
_TRIGGERS = ("inability", "omission", "omitted", "ai_identity", "policy", "preamble", "meta", "offer", "help",
             "closing")
_TRIGGER_SET = frozenset(_TRIGGERS)
_LATIN = re.compile(f"[{detection_class(LATIN)}]")
_LETTER = WORD_LETTERS   # no letter of a word may stand right before a cue
# A sentence ends at a danda, ?, ! (and a closing quote), a full stop before a space or
# a closing quote other than an apostrophe, or a colon before a space (a preamble "यह
# रहा संवाद:" is a sentence of its own).
_QUOTE_AFTER_STOP = class_body(characters=CLOSING_QUOTES.replace("'", ""))
_SENTENCE_END = re.compile(f"[{SENTENCE_ENDS}]+[{class_body(characters=CLOSING_QUOTES)}]?"
                           f"|\\.(?=\\s|[{_QUOTE_AFTER_STOP}]|$)|:(?=\\s|$)")


@dataclass(frozen=True, slots=True)
class Cues:
    """One regex per cue class for one lexicon (language + script), compiled on first use
    (:meth:`pattern`: most runs never search some classes, and compiling is most of the
    cues' start-up)."""
    #: pattern name (a cue class, ``english_inability``, ``asks_user``, ``trigger``, ``trigger_shared``) →
    #: the cues it is compiled from
    sources: dict
    #: the cues of each class as written (shared, then the lexicon's own)
    fragments: dict = field(default_factory=dict)
    #: set of classes → one regex for them all (see :meth:`any_of`)
    unions: dict = field(default_factory=dict)
    #: the patterns compiled so far
    patterns: dict = field(default_factory=dict)

    def pattern(self, name: str) -> re.Pattern:
        found = self.patterns.get(name)
        if found is None:
            found = self.patterns[name] = _compile(self.sources[name])
        return found

    def found(self, sentence: str) -> set[str]:
        return self.found_normalized(unicodedata.normalize("NFD", sentence))

    def found_normalized(self, sentence: str) -> set[str]:
        """The cue classes of a sentence already in NFD."""
        padded = " " + sentence   # every pattern matches the character before its cue (see _compile)
        return {name for name in CUE_CLASSES if self.pattern(name).search(padded)}

    def any_of(self, names: frozenset) -> re.Pattern:
        """One regex that finds a cue of any of these classes: it matches a text where
        one of their own regexes does (an alternation of all their cues), in one search
        (of " " + text, as every pattern here: see :func:`_compile`)."""
        pattern = self.unions.get(names)
        if pattern is None:
            fragments = [fragment for name in CUE_CLASSES if name in names for fragment in self.fragments[name]]
            pattern = self.unions[names] = _compile(fragments or ["(?!)"])
        return pattern

    def has_any(self, text: str, names: frozenset) -> bool:
        """Has ``text`` a cue of any of these classes? (One search: ``found(text) & names``
        without searching the other classes.)"""
        return self.any_of(names).search(" " + unicodedata.normalize("NFD", text)) is not None

    def english_inability(self, sentence: str) -> bool:
        return self.pattern("english_inability").search(" " + sentence) is not None


@lru_cache(maxsize=None)
def _shared_cues() -> dict:
    return languages.read_shared("out_of_character") or {}


def cue_data(lexicon_name: str) -> tuple[dict, dict]:
    """The cues as written: the shared English ones (``lang/en/out_of_character.yaml``) and the
    lexicon's own (``lang/<code>/out_of_character[.<script>].yaml``; none without that file)."""
    try:
        language, script = languages.lexicon_source(lexicon_name)
    except KeyError:
        return _shared_cues(), {}
    return _shared_cues(), language.read("out_of_character", script, required=False) or {}


# A leading group of plain alternatives (escapes allowed, no nested group or class),
# optional or not: (?:यह|ये) …, (?:एक )?…; not repeated (*, +, {…}) or lazy (??).
_LEADING_GROUP = re.compile(r"\(\?:(?P<inner>(?:\\.|[^()\[\]\\])*)\)(?P<optional>\?(?![?+]))?"
                            r"(?P<rest>(?![*+{?]).*)", re.S)


def _top_level_bars(source: str) -> list[int]:
    """Positions of the ``|`` of a regex source outside groups and classes, not escaped.

    >>> _top_level_bars(r"a|b\\|c(?:d|e)[|]|f")
    [1, 16]
    """
    bars, depth, i, in_class = [], 0, 0, False
    while i < len(source):
        char = source[i]
        if char == "\\":
            i += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
            if source[i + 1:i + 2] == "]":   # "[]…]": a ] right after [ is a member
                i += 1
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            bars.append(i)
        i += 1
    return bars


def _alternatives(source: str) -> list[str]:
    """``a|b\\|c`` → ``['a', 'b\\|c']``: the source split at its top-level bars."""
    bounds = [-1, *_top_level_bars(source), len(source)]
    return [source[start + 1:end] for start, end in zip(bounds, bounds[1:])]


def literal_first(fragment: str) -> list[str]:
    """The same cue as alternatives that each start with their own text.

    The regex engine skips an alternative that starts with a letter other
    than the one at hand after a one-character test, but it must enter a
    leading group: a third of the time of the out-of-character search went
    there. The cues are only ever tested for a match (not for where), so
    ``(?:A|B)R`` is ``AR|BR`` and ``(?:A)?R`` is ``AR|R``.

    >>> literal_first("(?:अगर|यदि) आप चाहें")
    ['अगर आप चाहें', 'यदि आप चाहें']
    >>> literal_first("(?:आप )?चाहें तो"), literal_first("[^।]{0,5}x")
    (['आप चाहें तो', 'चाहें तो'], ['[^।]{0,5}x'])
    """
    match = _LEADING_GROUP.fullmatch(fragment)
    if match is None:
        return [fragment]
    rest = match.group("rest")
    alternatives = [part + rest for part in _alternatives(match.group("inner"))]
    if match.group("optional"):
        alternatives += literal_first(rest)
    return alternatives


def _alternation(fragments: list[str]) -> str:
    """One regex body for the cues: alternatives that start with the same letter
    share it (म(?:ैं …|ेरे …)), so the engine tests each first letter once per word.
    Cues and sentences are compared in NFD: নয় is written with য় (U+09DF) or য + ়."""
    by_first: dict[str, list[str]] = {}
    other: list[str] = []
    for fragment in fragments:
        for alternative in literal_first(unicodedata.normalize("NFD", fragment)):
            plain_first = (alternative[:1] and alternative[0] not in "\\()[]{}.^$*+?|"
                           and alternative[1:2] not in ("?", "*", "+", "{")
                           and not _top_level_bars(alternative))
            if plain_first:
                by_first.setdefault(alternative[0], []).append(alternative[1:])
            else:
                other.append(alternative)
    grouped = [re.escape(first) + "(?:" + "|".join(f"(?:{rest})" for rest in rests) + ")"
               for first, rests in by_first.items()]
    return "|".join([*grouped, *(f"(?:{alternative})" for alternative in other)])


def _compile(fragments: list[str]) -> re.Pattern:
    """The cues as one regex that matches them with the character before them: search it
    in " " + text. Every cue starts a word: no letter right before it (प्रश्न in प्रश्नों, not in
    अप्रश्न…). A pattern that starts with a character class lets the engine skip letters in
    its fast loop, where a look-behind (?<![…]) would be tried at every position; the
    matches are the same, as no cue looks behind itself for a space or the text's start
    (tested against the cues as written)."""
    return regexcache.compile(f"[^{_LETTER}](?:{_alternation(fragments)})")


_LOADED: dict[str, Cues] = {}   # a plain dict: read per paragraph (see lexicon.load_lexicon)


def load_cues(lexicon_name: str) -> Cues:
    """Cues of one lexicon (``hi``, ``bn``, ``hi-Latn``, ``bn-Latn``) plus the shared ones, built once."""
    cues = _LOADED.get(lexicon_name)
    if cues is None:
        cues = _LOADED[lexicon_name] = _build_cues(lexicon_name)
    return cues


def _build_cues(lexicon_name: str) -> Cues:
    shared, own = cue_data(lexicon_name)
    fragments = {name: [*(shared.get(name) or ()), *(own.get(name) or ())] for name in CUE_CLASSES}
    sources = dict(fragments)
    sources["english_inability"] = shared.get("inability") or ["(?!)"]
    # the model's words to the user in a question (not a cue class: only asked after a refusal)
    sources["asks_user"] = [*(shared.get("asks_user") or ()), *(own.get("asks_user") or ())] or ["(?!)"]
    # the classes that can start a span (see out_of_character_spans), as one regex
    # (the shared English cues are searched only in paragraphs with Latin letters)
    sources["trigger"] = [fragment for name in _TRIGGERS for fragment in own.get(name) or ()] or ["(?!)"]
    sources["trigger_shared"] = [fragment for name in _TRIGGERS for fragment in shared.get(name) or ()] or ["(?!)"]
    return Cues(sources, fragments)


def sentences(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Sentence spans of ``text[start:end]`` (whitespace trimmed)."""
    out, position = [], start
    for match in _SENTENCE_END.finditer(text, start, end):
        out.append((position, match.end()))
        position = match.end()
    if position < end:
        out.append((position, end))
    trimmed = []
    for s, e in out:
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if e > s:
            trimmed.append((s, e))
    return trimmed


def out_of_character_spans(text: str, start: int, end: int, lexicon_name: str, *,
                           reply_to_user: bool = False, latin_record: bool = False,
                           after_refusal: bool = False, latin_letters: bool = True,
                           aside: Callable[[], bool] | None = None) -> list[tuple[int, int, str]]:
    """Out-of-character spans ``(start, end, kind)`` in one paragraph ``text[start:end]``.

    ``kind`` is ``refusal`` (the model declines or steps out of the task) or
    ``note`` (a preamble, a meta-answer, a closing offer). ``reply_to_user``:
    the record is a plain reply to the user (no characters), where an apology
    with "I can't" is enough. ``latin_record``: English is the record's own
    script, so "I can't" alone is not meta-talk. ``after_refusal``: the
    previous paragraph was a refusal, so an offer or question continues it.
    ``latin_letters``: False when the record has no Latin letter (no need to look for English cues).
    ``aside``: says whether the paragraph is the model's by its layout (in parentheses or italics, opened by a
    note marker, in Latin letters in a native-script record), so declining there needs no task word.

    >>> out_of_character_spans("মা: তুই কোথায় ছিলি?", 0, 19, "bn")
    []
    """
    cues = load_cues(lexicon_name)
    spans = _spans(text, start, end, cues, reply_to_user, latin_record, after_refusal, latin_letters, aside)
    if after_refusal and spans:
        refusal = next((span for span in spans if span[2] == REFUSAL), None)
        if refusal is not None:
            # a paragraph right after a refusal that refuses again in a later sentence is the
            # model's from its start (आपने जो दृश्य माँगा है — … — उसमें … दिखाना पड़ेगा। ऐसी
            # सामग्री … इसलिए मैं इसे इस रूप में नहीं लिखूँगा।): no character speaks before it
            parts = sentences(text, start, end)
            return [(parts[0][0] if parts else refusal[0], refusal[1], REFUSAL),
                    *(span for span in spans if span[0] >= refusal[1])]
    if after_refusal and not spans:
        # a paragraph right after a refusal that talks about the text asked for (the line the
        # user gave, the scene, what the model writes: आपने जो पंक्ति दी थी — "…" — … मैं ऐसी
        # सामग्री नहीं लिखती) or offers something in any of its sentences (… Agar aap chahein to
        # main … draft kar sakta hoon) goes on explaining it, quoted lines and all
        parts = sentences(text, start, end)
        if not parts:
            return spans
        paragraph = _Paragraph(cues, [unicodedata.normalize("NFD", text[s:e]) for s, e in parts])
        # … or asks the user something, in the words the model uses to the user and with no quote
        # (बताइए, आपको कौन-सा विकल्प ठीक लगेगा?, বলুন, কোনটা আপনার পছন্দ?; not तू कहाँ था?)
        if _asks_the_user(text, start, end, parts, cues) or paragraph.has(_ABOUT_THE_TEXT):
            return [(parts[0][0], parts[-1][1], NOTE)]
    return spans


def _refusal_before_an_offer(text: str, end: int, parts: list[tuple[int, int]], paragraph: "_Paragraph",
                             cues: Cues) -> tuple[int, int, str] | None:
    """A paragraph that apologises and says the model cannot (দুঃখিত, … জানাতে পারব না, …) is a
    refusal when the next paragraph offers the user something else and asks which (আপনি চাইলে
    গল্পটা অন্যভাবে এগিয়ে নিতে পারি: … কোনটা আপনার পছন্দ?): a character's apology is answered by a
    character, not by an offer of another text to the user. The span runs from the sentence with
    the apology or the inability to the paragraph's end. (``parts``, ``paragraph``: the paragraph's
    sentences and their cues, read by _spans.)"""
    if not (paragraph.has(_INABILITY) and paragraph.has(_APOLOGY)):
        return None
    after = end
    while after < len(text) and text[after].isspace():
        after += 1
    next_end = text.find("\n", after)
    next_end = len(text) if next_end < 0 else next_end
    following = sentences(text, after, next_end)
    if not following:
        return None
    offer = _Paragraph(cues, [unicodedata.normalize("NFD", text[s:e]) for s, e in following])
    if not (offer.has(_OFFER_OR_ALTERNATIVE) and _asks_the_user(text, after, next_end, following, cues)):
        return None
    first = next(number for number in range(len(parts))
                 if paragraph.cues_of(number) & {"apology", "inability"})
    return parts[first][0], parts[-1][1], REFUSAL


def _spans(text: str, start: int, end: int, cues: Cues, reply_to_user: bool, latin_record: bool,
           after_refusal: bool, latin_letters: bool,
           aside: Callable[[], bool] | None) -> list[tuple[int, int, str]]:
    """The spans of :func:`out_of_character_spans` that its cues open."""
    # one search decides for most paragraphs: nothing that could open an OOC span
    # (the triggers match the character before a cue: a space stands before the paragraph)
    padded = " " + unicodedata.normalize("NFD", text[start:end])
    if cues.pattern("trigger").search(padded) is None and (
            not latin_letters or _LATIN.search(padded) is None
            or cues.pattern("trigger_shared").search(padded) is None):
        return []
    parts = sentences(text, start, end)
    if not parts:
        return []
    paragraph = _Paragraph(cues, [unicodedata.normalize("NFD", text[s:e]) for s, e in parts])
    if not any(paragraph.triggered):
        return []   # only a sentence with a trigger class can open a span
    # a closing paragraph: a closing or offer in one sentence, the task in another
    # (আশা করি এটি আপনার কাজে লাগবে। আরও কোনো পরিস্থিতির সংলাপ লাগলে জানাবেন।); not around quotes
    closing_paragraph = not reply_to_user and not any(q in text[start:end] for q in _DOUBLE_OPENING_CHARACTERS) \
        and paragraph.has(_CLOSING_OR_OFFER) and paragraph.has(_TASK_OR_MATERIAL)   # a reply is all to the user
    # a character may say "मैं तुम्हें कहानी नहीं सुना सकती"; only in a plain
    # reply do weaker task words, offers of help and apologies decide
    # (whatever the task: an offer of help or of something else instead, "तुम्हें किसी
    # और चीज़ में मदद चाहिए तो बताओ", is the model's, not a character's)
    context = _REPLY_CONTEXT if reply_to_user else _CONTEXT
    spans: list[tuple[int, int, str]] = []
    for number, (s, e) in enumerate(parts):
        if not paragraph.triggered[number]:
            # no trigger class: no refusal, and a note only as a part of a closing paragraph
            if closing_paragraph and paragraph.sentence_has(number, _TASK_OR_MATERIAL):
                spans.append((s, e, NOTE))
            continue
        cue = paragraph.cues_of(number)
        sentence = text[s:e]
        writes_material = {"material", "writing"} <= cue   # "এই গল্পটি লিখতে পারব না"
        # "দুঃখিত, … সেটা আমি লিখতে পারব না": an apology and "I can't write"
        # "I can't write the abusive parts, but here's a softer version:" — "I can't write" with an
        # apology, or with the model's own preamble or offer around it
        writes_material = writes_material or "writing" in cue and (
            paragraph.has(_APOLOGY) or bool(cue & {"preamble", "offer", "alternative"})
            or paragraph.has(_OFFER_OR_ALTERNATIVE))   # সেটা আমি লিখতে পারব না। চাইলে … পারি — বলবেন।
        # "मैं कहानी को उस दिशा में नहीं ले जा सकता। पर कहानी को आगे इस तरह बढ़ाया जा सकता है:" —
        # can't do the material, and another sentence introduces material with a colon
        writes_material = writes_material or bool(cue & {"material", "writing"}) and any(
            other != number and paragraph.texts[other].rstrip().endswith((":", "："))
            and paragraph.sentence_has(other, _TEXT_CUES) for other in range(len(parts)))
        # the model declining in its own voice by the layout: an aside (a note in parentheses,
        # "Note: I left out the slap", a Latin line in a native-script record), or a sentence
        # that introduces the text with its colon ("I've kept the threats out, so the fight
        # stays verbal:"): declining there needs no task word, as a character does not speak so
        in_the_model_s_voice = bool(cue & _DECLINES) and (
            sentence.rstrip().endswith((":", "：")) or aside is not None and aside())
        refusal = bool(cue & {"ai_identity", "policy"}) or (
            "inability" in cue and (
                paragraph.has(context) or writes_material or in_the_model_s_voice
                or (not latin_record and cues.english_inability(sentence)))) or (
            # "I left it out" (मैंने थप्पड़ वाला हिस्सा हटा दिया है) declines a part only in the model's
            # voice, beside the task's name or where the model says it wrote what was asked (আপনার
            # অনুরোধমতো দৃশ্যটা লিখলাম, তবে … লিখিনি): a character removes and leaves out things too
            "omission" in cue and (in_the_model_s_voice or writes_material or paragraph.has(_TASK_OR_AI))) or (
            "omitted" in cue and paragraph.has(_TASK_OR_AI))   # (हटा दिया गया है: the text, or a thing)
        if not refusal and after_refusal and number == 0 and cue & {"offer", "help"}:
            refusal = True
        if refusal:
            # (an aside is the model's from its first word)
            first = 0 if aside is not None and aside() else number
            # an apology opener of its own just before ("क्षमा करें! …") belongs to it
            while first > 0 and paragraph.cues_of(first - 1) and paragraph.cues_of(first - 1) <= _OPENER:
                first -= 1
            spans.append((parts[first][0], parts[-1][1], REFUSAL))
            return _merge(spans)
        if "meta" in cue or ("preamble" in cue and (sentence.endswith((":", "：")) or "task" in cue)) \
                or (cue & {"offer", "closing"} and cue & {"task", "material"}) \
                or (closing_paragraph and cue & {"offer", "closing", "task", "material"}):
            spans.append((s, e, NOTE))
    if not reply_to_user and paragraph.has(_CLOSING_OR_OFFER) and _asks_the_user(text, start, end, parts, cues):
        # an offer that ends by asking the user (Agar aap chahein toh main … daal doon — batayiye, kaunsa
        # version chahiye? 😊): the paragraph is the model's
        return [(parts[0][0], parts[-1][1], NOTE)]
    if not spans and not after_refusal:
        refused = _refusal_before_an_offer(text, end, parts, paragraph, cues)
        if refused is not None:
            return [refused]
    return _merge(spans)


_CLOSING_OR_OFFER = frozenset({"closing", "offer"})
_USAGE_OR_META = frozenset({"usage", "meta"})
_TASK_OR_MATERIAL = frozenset({"task", "material"})
_ABOUT_THE_TEXT = frozenset({"task", "material", "writing", "offer", "help"})
_APOLOGY = frozenset({"apology"})
_TASK_OR_AI = frozenset({"task", "ai_identity"})
_DECLINES = frozenset({"inability", "omission"})
_INABILITY = frozenset({"inability"})
_OFFER_OR_ALTERNATIVE = frozenset({"offer", "alternative"})
_TEXT_CUES = frozenset({"material", "writing"})
_CONTEXT = frozenset({"task", "ai_identity", "help", "alternative"})
_REPLY_CONTEXT = _CONTEXT | {"material", "apology"}
_OPENER = {"apology", "task", "material"}


class _Paragraph:
    """The cues of a paragraph's sentences (NFD), searched only where a decision needs them.

    Only a sentence with a cue of a trigger class (one search for all of them) can
    open a span; its cue classes are all searched. The other sentences matter only
    through what the paragraph holds (the context of an inability, a closing
    paragraph's task) and an apology opener just before a refusal: a class is
    looked for in them when asked, all classes asked together in one search, and
    the paragraph's answer is kept. A long paragraph with one trigger costs one
    search per sentence, not one per cue class (the same spans: tested against
    the search of every class in every sentence).
    """

    def __init__(self, cues: Cues, texts: list[str]) -> None:
        self.cues = cues
        self.texts = texts
        trigger = cues.any_of(_TRIGGER_SET)
        self.triggered: list[bool] = [trigger.search(" " + text) is not None for text in texts]
        self._found: list[set[str] | None] = [None] * len(texts)
        self._paragraph: dict[frozenset, bool] = {}

    def cues_of(self, number: int) -> set[str]:
        """Every cue class of one sentence ("I can't imagine …" declines nothing, "আমি কি … পারি
        না?" is a rhetorical question: an idiom cancels an inability)."""
        found = self._found[number]
        if found is None:
            found = self.cues.found_normalized(self.texts[number])
            if "idiom" in found:
                found.discard("inability")
            self._found[number] = found
        return found

    def sentence_has(self, number: int, names: frozenset) -> bool:
        """Has one sentence a cue of any of these classes?"""
        if self.triggered[number] or self._found[number] is not None:
            return not names.isdisjoint(self.cues_of(number))
        names = names - _TRIGGER_SET   # a sentence without a trigger has no cue of a trigger class
        return bool(names) and self.cues.any_of(names).search(" " + self.texts[number]) is not None

    def has(self, names: frozenset) -> bool:
        """Has any sentence of the paragraph a cue of any of these classes?"""
        known = self._paragraph.get(names)
        if known is None:
            known = self._paragraph[names] = any(self.sentence_has(number, names)
                                                 for number in range(len(self.texts)))
        return known


def _merge(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Adjacent or overlapping spans join; a refusal swallows notes it overlaps."""
    out: list[tuple[int, int, str]] = []
    for s, e, kind in sorted(spans):
        if out and s <= out[-1][1]:
            ps, pe, pk = out[-1]
            out[-1] = (ps, max(pe, e), REFUSAL if REFUSAL in (pk, kind) else pk)
        else:
            out.append((s, e, kind))
    return out


# a word set off as a mention: quoted ("आप", 'tum') or emphasized alone (**तू** —, *Aap*)
_QUOTED_WORD = re.compile(f"[{class_body(characters=DOUBLE_OPENING + SINGLE_QUOTES)}]"
                          f"([^{class_body(characters=DOUBLE_QUOTES + SINGLE_QUOTES)}\\s]{{1,20}})"
                          f"[{class_body(characters=DOUBLE_CLOSING + SINGLE_QUOTES)}]"
                          f"|(?<![*\\w])\\*{{1,2}}([^*\\s{class_body(characters=DOUBLE_QUOTES + SINGLE_QUOTES)}]{{1,20}})"
                          r"\*{1,2}(?![*\w])")
#: the marks a mention may be set off with: a text without any is no meta-answer
MENTION_MARKS = DOUBLE_OPENING + SINGLE_QUOTES + "*"
#: the same one by one (a tuple: see scripts.DOUBLE_QUOTE_CHARACTERS)
MENTION_MARK_CHARACTERS = tuple(MENTION_MARKS)
_DOUBLE_OPENING_CHARACTERS = tuple(DOUBLE_OPENING)


def _asks_the_user(text: str, start: int, end: int, parts: list[tuple[int, int]], cues: Cues) -> bool:
    """Does the paragraph end by asking the user, in the words a model asks its user with
    (बताइए, कौन-सा …?, বলুন, কোনটা …?, let me know …?), with no quote in it?"""
    if any(q in text[start:end] for q in DOUBLE_QUOTES):
        return False
    worded = [text[s:e] for s, e in parts if any(c.isalpha() for c in text[s:e])]   # (not a lone 🙏)
    # (a question, or a paragraph of one sentence, the request itself: জানাবেন, কোনটা চান।)
    return bool(worded) and (_ends_with_question(worded[-1]) or len(worded) == 1) \
        and cues.pattern("asks_user").search(" " + unicodedata.normalize("NFD", text[start:end])) is not None


def _ends_with_question(sentence: str) -> bool:
    """Does the sentence end with a question mark (before markup, spaces and emoji: … चाहेंगे? 🙏)?"""
    return _TRAILING_MARKUP.sub("", sentence).endswith(("?", "？"))


_TRAILING_MARKUP = regexcache.compile(f"[{PICTOGRAPHS}\\s*_~]+$")


def names_the_forms(texts: list[str], is_pronoun) -> bool:
    """Do the texts mention two or more different 2nd-person pronouns in quotes or alone in a
    table's cells, in different sentences or rows — the forms named as words, as an answer about
    them does (… "तू" मत बोलना … | पहली मुलाक़ात | "आप" | …; | तू | tu | … |)? One sentence that sets
    two forms against each other is a character's (``"आप" नहीं, "तू" बोल मुझसे!``).

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> hi = load_lexicon("hi")
    >>> is_pronoun = lambda w: hi.key(w) in hi.pronouns
    >>> names_the_forms(['पहली बार मिल रहे हो तो "तू" मत बोलना।', '| शुरुआत | "आप" |'], is_pronoun)
    True
    >>> names_the_forms(['"आप" नहीं, "तू" बोल मुझसे!'], is_pronoun)
    False
    """
    forms: dict[str, set[int]] = {}   # a quoted form → the sentences it is in
    number = 0
    for text in texts:
        if "|" in text:
            # a table's cell that is the form alone names it (| तू | tu | ज़्यादातर … |), one row a sentence
            for row in text.splitlines():
                number += 1
                for cell in row.split("|")[1:-1]:
                    word = cell.strip(" \t*_`")
                    if word and " " not in word and is_pronoun(word):
                        forms.setdefault(word, set()).add(number)
        if not any(q in text for q in MENTION_MARK_CHARACTERS):
            continue
        for start, end in sentences(text, 0, len(text)):
            number += 1
            for match in _QUOTED_WORD.finditer(text, start, end):
                word = match.group(1) or match.group(2)
                if is_pronoun(word):
                    forms.setdefault(word, set()).add(number)
    return len(forms) >= 2 and len(set().union(*forms.values())) >= 2


def quotes_a_form(text: str, is_pronoun) -> bool:
    """Does the text hold a 2nd-person pronoun in quotes, a form named as a word (``"आप" कहें``)?"""
    return any(q in text for q in MENTION_MARK_CHARACTERS) and any(
        is_pronoun(match.group(1) or match.group(2)) for match in _QUOTED_WORD.finditer(text))


def meta_answer(text: str, lexicon_name: str, is_pronoun) -> bool:
    """Is the text an answer ABOUT the address forms (a meta-answer given instead of
    the requested text)? A sentence that mentions a 2nd-person pronoun in quotes and
    talks about its use (प्रयोग, उचित, ব্যবহার, use, polite) or names the forms.

    ``is_pronoun``: tells whether a quoted word is a 2nd-person pronoun.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> hi = load_lexicon("hi")
    >>> meta_answer('इस स्थिति में "आप" का प्रयोग उचित होगा।', "hi", lambda w: hi.key(w) in hi.pronouns)
    True
    >>> meta_answer('"आप" नहीं, "तू" बोल मुझसे!', "hi", lambda w: hi.key(w) in hi.pronouns)
    False
    """
    if not any(q in text for q in MENTION_MARK_CHARACTERS):
        return False
    cues = load_cues(lexicon_name)
    for start, end in sentences(text, 0, len(text)):
        sentence = text[start:end]
        if any(is_pronoun(m.group(1) or m.group(2)) for m in _QUOTED_WORD.finditer(sentence)) \
                and cues.has_any(sentence, _USAGE_OR_META):
            return True
    return False
