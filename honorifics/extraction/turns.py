"""Split generated text into turns and attribute each to a speaker.

Handles the formats LLMs produce::

    राहुल: अबे उठ!                      name + colon
    **प्रिया:** जी सर।  /  **Ankit**: …  markdown bold
    सहगल - आ जाओ।                       name + spaced dash
    बউমা (নিচু গলায়): মা, …            name + stage direction
    1. अमित: …  /  - অদিতি: …            numbered or bulleted lines
    (दोनों गले मिलते हैं)  *smiles*       stage directions: narration
    **दृश्य:** हॉस्टल का कमरा            scene labels: narration
    (Note: …) / Here's a polite way …:    notes about the text: not speech
    "तुम कब आए?" नेहा ने पूछा।            a quote in a narrative frame: नेहा's turn
                                         (narrative.py); the narration is no one's
    क्षमा करें, मैं यह पटकथा नहीं …        out-of-character text: a refusal/note turn
                                         addressed to the user (out_of_character.py)

A record without speaker labels or narrative quotes (a DCT answer, a chat
reply) is one utterance by the default speaker. Inside a speech turn, inline
stage directions, quoted third-party speech ("बॉस ने कहा 'आप कल से …'") and
quoted mentions of a pronoun ('आप' करके) are cut out of the segments that
count as speech.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from .. import regexcache
from ..records import NARRATION, NOTE, REFUSAL, SPEECH, SpeakerSpec
from ..scripts import (DASHES, DOUBLE_CLOSING, DOUBLE_OPENING, DOUBLE_QUOTE_CHARACTERS, DOUBLE_QUOTE_MARKS, DOUBLE_QUOTES,
                       LATIN, NATIVE_CHARACTERS, OPENING_QUOTE_CHARACTERS, PICTOGRAPHS, QUOTE_PAIRS, QUOTE_WORD_CHARACTERS,
                       SINGLE_CLOSING, SINGLE_OPENING, SENTENCE_END_MARKS, SENTENCE_ENDS, SINGLE_QUOTES, WORD_CHARACTERS, class_body,
                       detection_class)
from .lexicon import Lexicon, load_lexicon
from .layout import (CueLine, LineLabel, cue_line, dash_line, DASH_BREAK, is_table_rule, json_object_labels, line_label,
                     parenthetical, plausible_name, strip_markdown, without_leading_pictographs)
from .addressees import called_names, frame_recipient
from .english import is_english
from .narrative import (UNNAMED_SUFFIX, written_in_full, body_owner, capitalized_names, pronoun_antecedent, case_markers_of, descriptors, introduced_as_someone, leads_into_speech, may_name_a_speaker, named_in_apposition, not_a_title_s_stop, opening_name, names_no_speaker, postverbal_subject, sees_a_text, standalone_quotes, elided_frame_speaker, frame_line, frame_speaker, guessed_subject, narration_speaker, subject_of_a_line_before,
                        ends_in_a_finite_verb, may_hold_quotes, narration_words, narrative_quotes, whole_quote)
from .out_of_character import load_cues, meta_answer, out_of_character_spans
from .speakers import SpeakerIndex, naming_keys
from .tokens import TOKEN

_STAGE_DIRECTION = regexcache.compile(r"\([^()\n]{0,200}\)|\[[^\[\]\n]{0,200}\]|(?<![*\w])\*[^*\n]{1,200}\*(?!\*)")
_QUOTE = regexcache.compile(f"[{class_body(characters=DOUBLE_OPENING)}]"
                    f"(?P<body>[^{class_body(characters=DOUBLE_QUOTES)}\\n]{{1,400}})"
                    f"[{class_body(characters=DOUBLE_CLOSING)}]"
                    f"|(?<![{QUOTE_WORD_CHARACTERS}])[{class_body(characters=SINGLE_OPENING)}]"
                    f"(?P<body2>[^{class_body(characters=SINGLE_QUOTES)}\\n]{{1,400}})"
                    f"[{class_body(characters=SINGLE_CLOSING)}](?![{QUOTE_WORD_CHARACTERS}])")
_WRAPPING_QUOTES = QUOTE_PAIRS
# a thematic break: --- , *** , ___ , * * *
_RULE_LINE = regexcache.compile(r"^[ \t]*(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$")
# the marks that may open something to cut, one by one (see scripts.DOUBLE_QUOTE_CHARACTERS:
# speech_segments 782 → 677 ns with a tuple)
_CUT_MARK_CHARACTERS = ("(", "[", "*", *OPENING_QUOTE_CHARACTERS)
_LINE_DASHES = ("—", "–", "―")


@dataclass(slots=True, init=False)
class RawTurn:
    """A turn before evidence: who, what kind, where, which spans are speech."""
    speaker: str | None
    kind: str
    start: int
    end: int
    segments: list[tuple[int, int]] = field(default_factory=list)
    label: str | None = None
    #: a speaker label that matched no listed speaker
    unlisted: bool = False
    #: a quote attributed by a narrative frame ("…" नेहा ने पूछा।)
    narrative: bool = False
    #: out-of-character text found by the out_of_character component
    ooc: bool = False
    #: a stage direction that came with the label: (पापा से), (বউমাকে), (to the waiter)
    direction: str | None = None
    #: the addressee a narrative frame names (बेटे को डाँटा, "…")
    to: str | None = None
    #: a note about the answer given (under a heading after it: its forms explained)
    about_answer: bool = False

    # written out (init=False): compiled, a dataclass-made __init__ would run as Python
    def __init__(self, speaker: str | None, kind: str, start: int, end: int,
                 segments: list[tuple[int, int]] | None = None, label: str | None = None,
                 unlisted: bool = False, narrative: bool = False, ooc: bool = False,
                 direction: str | None = None, to: str | None = None, about_answer: bool = False) -> None:
        self.speaker = speaker
        self.kind = kind
        self.start = start
        self.end = end
        self.segments = [] if segments is None else segments
        self.label = label
        self.unlisted = unlisted
        self.narrative = narrative
        self.ooc = ooc
        self.direction = direction
        self.to = to
        self.about_answer = about_answer


_NON_ASCII_LETTER = regexcache.compile(f"[{NATIVE_CHARACTERS}]")  # Indic letters; curly quotes are fine
_ASCII_LETTER = regexcache.compile(f"[{detection_class(LATIN)}]")


def _is_latin_only(text: str) -> bool:
    return _NON_ASCII_LETTER.search(text) is None and _ASCII_LETTER.search(text) is not None


_NOT_A_LETTER_AT_START = regexcache.compile(f"^[^{WORD_CHARACTERS}]+")


def _is_stage_direction(line: str) -> bool:
    body = line.strip()
    if (body.startswith("*") and body.endswith("*") and not body.startswith("**")) or \
            (body.startswith("_") and body.endswith("_")):
        return True
    if body[:1] not in ("*", "_", "(", "["):
        return False   # (stripping markup cannot make it open with a bracket: no copies)
    body = strip_markdown(body)
    return (body.startswith("(") and body.endswith(")")) or (body.startswith("[") and body.endswith("]"))


def _bold_title(text: str, line_start: int, content_start: int, line_end: int) -> bool:
    """Is the line one bold span that the label's bold does not close before its content
    (``**Slack thread — #release-war-room** 🚨``, not ``**Riya:** tu **kabhi** nahi``)?"""
    head = text[line_start:content_start].lstrip(" \t")
    if not head.startswith(("**", "__")) or head.count(head[0]) != 2:
        return False   # no bold opening the line, or one the label closes (**Riya:** …, **Riya** (…): …)
    end = line_end
    while end > content_start and (text[end - 1].isspace() or _PICTOGRAPH.match(text, end - 1) is not None):
        end -= 1
    return text[content_start:end].endswith(head[:2])


def _last_visible(text: str, start: int, end: int) -> str:
    """The last character of ``text[start:end]`` that is neither whitespace nor a pictograph
    ("" for none): an emoji after a line's colon (``यहाँ आपका दृश्य है: 🏠``) is decoration."""
    while end > start and (text[end - 1].isspace() or (
            ord(text[end - 1]) >= _FIRST_PICTOGRAPH and _PICTOGRAPH.match(text, end - 1) is not None)):
        end -= 1
    return text[end - 1] if end > start else ""


_PICTOGRAPH = regexcache.compile(f"[{PICTOGRAPHS}]")
_FIRST_PICTOGRAPH = min(ord(c) for c in PICTOGRAPHS if c not in "-\\")   # (below it, one comparison decides)


def _is_emphasis(line: str) -> bool:
    """A whole line in markdown italics (_…_ or *…*): in a plain reply it is text, not a stage direction."""
    body = line.strip()
    return len(body) > 2 and body[0] in "_*" and body[-1] == body[0] and not body.startswith("**")


def note_marked(line: str, lexicon: Lexicon) -> bool:
    """Does the line open with a note marker and its colon (Note:, 📝 *ध्यान दें:*, টীকা -), or a
    marker whose own last sign is its stop (বিঃদ্রঃ, N.B.)?"""
    # whatever stands before the marker that is not a letter: markup, a bullet, an emoji (📝 *ध्यान दें:*)
    # (only as much as a marker and its colon can take: case folding never shortens a text)
    body = (line if line[:1].isalpha() else _NOT_A_LETTER_AT_START.sub("", line))[:lexicon.note_marker_reach].casefold()
    # str.startswith with the tuple of markers rules out most lines in one call
    return body.startswith(lexicon.note_markers) and any(
        body.startswith(marker) and (body[len(marker):len(marker) + 2].strip(" *")[:1] in (":", "：", "-")
                                     or marker[-1:] in _STOP_OF_A_MARKER)
        for marker in lexicon.note_markers)


_STOP_OF_A_MARKER = ("ঃ", ".")   # (বিঃদ্রঃ, N.B.: an abbreviation's own stop ends the marker)


_TRAILING_SYMBOLS = regexcache.compile(r"[\s\u2000-\u2BFF\U0001F000-\U0001FAFF\uFE0F]+$")   # emoji, pictographs


def _a_clause_with_its_subject(words: str, lexicon: Lexicon, index: SpeakerIndex, record: str) -> bool:
    """Do the words before a colon end in a clause whose subject acts (অমলবাবু গলা খাঁকারি দিলেন, ঘণ্টা
    পড়ল। মিঠু আড়চোখে তাকাল), narration rather than a label? Never one word (a name)."""
    if " " not in words.strip():
        return False
    parts = _sentences_of(words, lexicon)
    return _acting_subject(parts[-1] if parts else words, lexicon, index, record) is not None


def _acting_subject(sentence: str, lexicon: Lexicon, index: SpeakerIndex | None,
                    record: str) -> tuple[str, bool] | None:
    """The one who acts in a sentence of narration, by its structure or as a guessed name; not the
    narrator nor a pronoun's key (the model's own words in the first person: নিচে দৃশ্যটা দিলাম:)."""
    if not lexicon.narrative:
        return None
    found = narration_speaker(sentence, lexicon, index, record) \
        or guessed_subject(sentence, lexicon, index, record, False)
    return found if found is not None and "(" not in found[0] else None


def _holds_a_quote(line: str) -> bool:
    """Does the line hold a quote mark, an apostrophe inside a word aside (দু'হাতে, Ma'am)?"""
    for mark in OPENING_QUOTE_CHARACTERS:
        at = line.find(mark)
        while at >= 0:
            if not (mark in _APOSTROPHES and 0 < at < len(line) - 1
                    and _in_a_word(line[at - 1]) and _in_a_word(line[at + 1])):
                return True
            at = line.find(mark, at + 1)
    return False


def _after_the_last_quote(line: str) -> str | None:
    """The text of a line after its last closing double quote (None where it has none)."""
    last = max(line.rfind(mark) for mark in DOUBLE_CLOSING)
    return line[last + 1:] if last >= 0 else None


def _in_a_word(character: str) -> bool:
    return character.isalnum() or unicodedata.category(character)[0] == "M"   # (a vowel sign: দু'হাতে)


_APOSTROPHES = ("'", "’")


def _heading(line: str) -> bool:
    """A markdown heading line: ``### मुख्य बिंदु``, or a short line wholly in bold
    (``**ব্যাখ্যা:**``, ``**Notes**``)."""
    body = line.strip()
    if body[-1:] > "~":   # (**Scene: Sabzi mandi** 🥬: a pictograph after the heading)
        body = _TRAILING_SYMBOLS.sub("", body)
    if body.startswith("#"):
        return True
    return len(body) > 4 and body.startswith("**") and body.rstrip(":：").endswith("**") \
        and "**" not in body[2:-2].strip(":：*") and len(body.split()) <= 8


def _note_section_end(text: str, lines: list[tuple[int, int]], number: int, lexicon: Lexicon) -> int:
    """Where the note section that the heading on line ``number`` opens ends, if the section
    (up to the next heading after a blank line, or the text's end) explains the answer's
    address forms (``### मुख्य बिंदु`` / ``- बच्चों के लिए "तुम" का प्रयोग``); else -1."""
    end = len(text)
    for k in range(number + 1, len(lines)):
        if _heading(text[lines[k][0]:lines[k][1]]) and not text[lines[k - 1][0]:lines[k - 1][1]].strip():
            end = lines[k][0]
            break
    section = text[lines[number][0]:end]
    about_forms = meta_answer(section, lexicon.name, lambda word: lexicon.classify(lexicon.key(word))[0] is not None)
    return end if about_forms else -1


def _answer_addresses(text: str, turns: list[RawTurn], lexicon: Lexicon) -> bool:
    """Does the text before (its speech, labelled or not) hold a 2nd-person pronoun or verb
    form? Then it is the requested text, and an explanation of forms after it is about it
    (an introduction, ``ज़रूर, नीचे सुझाव है।``, is not: the explanation is the answer)."""
    for turn in turns:
        if turn.kind in (SPEECH, "unlabelled"):
            for word in TOKEN.findall(text, turn.start, turn.end):
                pronoun, reading, _, _ = lexicon.classify(lexicon.key(word))
                if pronoun is not None or (reading is not None and reading.evidence is not None):
                    return True   # (a verb that shows a tier by itself: बैठो, not है)
    return False


def _is_note(line: str, lexicon: Lexicon, record_script: str) -> bool:
    if note_marked(line, lexicon):
        return True
    # A line in English inside a Hindi/Bangla answer is the model talking about
    # its answer ("Here's a polite way to say it:"), not a character speaking.
    return record_script != "latn" and _is_latin_only(line) and len(line.split()) >= 3


def _romanized_lexicon(lexicon: Lexicon) -> Lexicon | None:
    """The lexicon of the language in Latin letters (None for a language with none)."""
    try:
        return load_lexicon(f"{lexicon.language}-Latn")
    except Exception:   # (a language with no romanized lexicon)
        return None


def _romanized_speech(line: str, lexicon: Lexicon, form_needed: bool = True) -> bool:
    """Is a line in Latin letters romanized Hindi or Bangla rather than English: a 2nd-person
    pronoun or verb form of the language's romanized lexicon in it (unless not ``form_needed``),
    and it not English by its function words (``Ami jabo mama! Tumi kintu mangsho banabe.``; not
    ``Feel free to ask …``)?"""
    romanized = _romanized_lexicon(lexicon)
    if romanized is None:
        return False
    known = romanized.second_person_form
    return (not form_needed or any(known(word) for word in TOKEN.findall(line))) and not is_english(line, known)


def _romanized_line(text: str, line_start: int, line_end: int, label: LineLabel | None, splitter: "_TurnSplitter",
                    record_script: str) -> bool:
    """Is a line in Latin letters in a native-script record a character's, of romanized Hindi or
    Bangla (see _romanized_speech): one a name labels (**[8:14 PM] Riya:** Ami jabo! Tumi kintu …;
    not a note's heading, **Note:** …, nor a line in italics, a transliteration's *Anil: Suno, tum …*),
    or one that is a single quote (a chat message in a story: "ei, tui ki ghumiye porechis?")?"""
    lexicon = splitter.lexicon
    if label is not None:
        # (by a party whose labelled turns came before, any romanized line that is no English: the
        # User's next question, **User:** Aur agar phir bhi theek na ho toh?, names no form)
        return splitter.name_like(label.name) and not _is_emphasis(text[line_start:line_end]) \
            and _romanized_speech(text[label.content_start:label.content_end], lexicon,
                                  not splitter.labelled_before(label.name))
    if record_script == "latn":
        return False
    quoted = whole_quote(text, *_trimmed(text, line_start, line_end))
    if quoted is not None:
        # (after a frame line, what it introduces needs no form: মৌসুমী পেছন থেকে ফোড়ন কাটল: / "Nil rong. …")
        return _romanized_speech(text[quoted[0]:quoted[1]], lexicon, splitter.frame is None)
    # a paragraph of a story told in romanized Hindi or Bangla, a quote in it (Maloti ekta glass-e cha
    # niye elo. "Didi, apni cha-ta khan."): the story's, when the paragraph is no English and a quote
    # in it has a form of the language (not a note that mentions one: Note: Both use "tumi" here.)
    line = text[line_start:line_end]
    if note_marked(line, lexicon) or not _romanized_speech(line, lexicon, False):
        return False
    romanized = _romanized_lexicon(lexicon)
    if romanized is None:
        return False
    # (a quote of one word is a mention: toh "aap" ke saath "ji" bhi lagaiye)
    bodies = [body for body in (q.group("body") or q.group("body2") for q in _QUOTE.finditer(line))
              if len(TOKEN.findall(body)) >= 2]
    return any(_romanized_speech(body, lexicon) for body in bodies) \
        and narration_words(_QUOTE.sub(" ", line), romanized)


def _note_declines(line: str, lexicon: Lexicon, record_script: str) -> bool:
    """A note that declines all or part of the task: a line opened by a note marker, or in English
    or romanized text in a Hindi/Bangla record, with a first-person "I can't …", "I left out …"
    (or "… was left out of the scene") or "as an AI" (``I can't include the beating…``, ``Main
    gaali-galoch wala version nahi likh sakta``, ``नोट: मैंने थप्पड़ वाला हिस्सा हटा दिया है।``): a
    refusal, not just a note."""
    if record_script != "latn" and _is_latin_only(line):
        cues = load_cues("hi").found(line)
        if "inability" not in cues:   # (the record's language romanized: its own ways of declining; a
            # language with none gives the shared cues only)
            cues = cues | load_cues(f"{lexicon.language}-Latn").found(line)
    elif note_marked(line, lexicon):
        cues = load_cues(lexicon.name).found(line)
    else:
        return False
    return "ai_identity" in cues or "omission" in cues or ("inability" in cues and "idiom" not in cues) \
        or ("omitted" in cues and "task" in cues)


#: an aside of this many words or more may be speech rather than a stage direction
_ASIDE_WORDS = 3


def addressed_aside(text: str, start: int, end: int, lexicon: Lexicon) -> bool:
    """Is the parenthesis ``text[start:end]`` an aside the speaker says to the addressee
    (``মা: খেয়ে নিস (আর ওষুধটা মনে করে খাবি)``), not a stage direction (``(হেসে)``,
    ``(नौकर से)``) or a note to the user (``(आप चाहें तो इसे छोटा कर सकते हैं)``)? It is
    a clause of three words or more with a 2nd-person form and no out-of-character cue.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> bn = load_lexicon("bn")
    >>> t = "খেয়ে নিস (আর ওষুধটা মনে করে খাবি) (হেসে)"
    >>> aside, direction = t.index("(আর"), t.index("(হেসে")
    >>> addressed_aside(t, aside, direction - 1, bn), addressed_aside(t, direction, len(t), bn)
    (True, False)
    """
    if text[start] != "(":
        return False
    before = TOKEN.findall(text, max(0, start - 40), start)
    if before and _is_latin_only(before[-1]) != _is_latin_only(text[start:end]):
        return False   # a translation gloss: Back to the Vedas (वेदों की ओर लौटो)
    words = TOKEN.findall(text, start, end)
    if len(words) < _ASIDE_WORDS:
        return False
    if not any(_second_person(lexicon.classify(lexicon.key(w))) for w in words):
        return False
    return not user_aside(text, start, end, lexicon)


def _second_person(classified: tuple) -> bool:
    """A classified key that shows a tier: a pronoun, or a verb reading with evidence."""
    pronoun, reading = classified[0], classified[1]
    return bool(pronoun) or (reading is not None and reading.evidence is not None)


def user_aside(text: str, start: int, end: int, lexicon: Lexicon) -> bool:
    """A parenthesis that speaks to the user about the text: an offer, a preamble, a note,
    or two of writing, the task and the material (मैं यह दृश्य आगे लिख दूँगा); a writing
    verb alone is a character's action ((फ़ोन भाई की तरफ़ बढ़ाते हुए — तू भी बात कर))."""
    cues = load_cues(lexicon.name)
    if cues.has_any(text[start:end], _USER_CUES):
        return True
    if not cues.has_any(text[start:end], _TEXT_CUES):
        return False   # (most parentheses: two searches, not one per class)
    return len(cues.found(text[start:end]) & _TEXT_CUES) >= 2


_USER_CUES = frozenset({"offer", "preamble", "meta", "closing", "help"})
#: the cue classes a speaker label never holds (an apology, a preamble: the model's words)
_NOT_A_NAME_CUES = frozenset({"apology", "preamble", "offer", "meta", "closing"})
UNNAMED_DASH = "_unnamed_"   # the keys of unnamed dash-dialogue speakers: _unnamed_1, _unnamed_2 (DESIGN.md)
_TEXT_CUES = frozenset({"task", "material", "writing"})


def speech_segments(text: str, start: int, end: int, lexicon: Lexicon, *,
                    labelled: bool = False, plain: bool = False, quote: bool = False) -> list[tuple[int, int]]:
    """The parts of an utterance that are speech addressed to the addressee.

    Cuts inline stage directions, quoted mentions of single words ('आप'),
    and quotes introduced or closed by a reporting verb (कहा, বলল, said).
    In a ``labelled`` turn (a name's line) that opens with unquoted speech, every
    quote after it is someone else's words or a mention — a title, a song, a
    message to pass on (रवि: कल 'आप की क़सम' देखी, तू देखता है?) — and is cut too.
    ``plain``: the text is a :func:`plain_line`, which holds no quote or mark to cut.
    ``quote``: the text is one quote, marks included (a narrative quote): its marks are taken
    off whatever quotes it holds, and those are words inside it ('… बेटे ने कहा था, "बापू, आप …"').
    """
    # Trim whitespace and a pair of quotes that wrap the whole utterance.
    while start < end and text[start] in " \t\r\n*_":
        start += 1
    while end > start and text[end - 1] in " \t\r\n*_":
        end -= 1
    if end - start >= 2 and text[start] in _WRAPPING_QUOTES and text[end - 1] == _WRAPPING_QUOTES[text[start]]:
        inner = text[start + 1:end - 1]
        if quote or not any(q in inner for q in DOUBLE_QUOTE_CHARACTERS):
            start, end = start + 1, end - 1
    if plain or not any(mark in text[start:end] for mark in _CUT_MARK_CHARACTERS):
        return [(start, end)] if end > start else []   # most utterances: nothing to cut
    cuts: list[tuple[int, int]] = []
    for match in _STAGE_DIRECTION.finditer(text, start, end):
        if not addressed_aside(text, match.start(), match.end(), lexicon):
            cuts.append(match.span())
    directions = list(cuts)
    quotes = list(_QUOTE.finditer(text, start, end))
    # the speech opens unquoted: words stand before the first quote, outside any (direction)
    unquoted_speech = labelled and bool(quotes) and _words_outside(text, start, quotes[0].start(), directions)
    for match in quotes:
        body = match.group("body") or match.group("body2") or ""
        words = TOKEN.findall(body)
        if len(words) <= 1 or unquoted_speech:
            cuts.append(match.span())
            continue
        before = TOKEN.findall(text[max(start, match.start() - 40):match.start()])[-4:]
        after = TOKEN.findall(text[match.end():min(end, match.end() + 40)])[:4]
        if any(lexicon.key(w) in lexicon.reporting_verbs for w in before + after):
            cuts.append(match.span())
        elif lexicon.title_context and any(lexicon.key(w) in lexicon.title_context
                                           for w in before[-3:] + after[:2]):
            cuts.append(match.span())   # a film or song title, a line sung: a mention
    if not cuts:
        return [(start, end)] if end > start else []
    cuts.sort()
    segments, position = [], start
    for cut_start, cut_end in cuts:
        if cut_start > position:
            segments.append((position, cut_start))
        position = max(position, cut_end)
    if position < end:
        segments.append((position, end))
    return segments


def _words_outside(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> bool:
    """Is there a word in ``text[start:end]`` outside the ``spans``?"""
    position = start
    for span_start, span_end in sorted(spans):
        if span_start >= end:
            break
        if span_start > position and TOKEN.search(text, position, span_start):
            return True
        position = max(position, span_end)
    return position < end and TOKEN.search(text, position, end) is not None


def without_quotes(text: str, segments: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The segments with every quote, every word emphasized alone (``**तू** —``) and every
    list of forms after a colon (``- सास → बहू: तुम / तू``) cut out: the example sentences
    and the mentioned forms of a meta-answer."""
    out = []
    for start, end in segments:
        position = start
        found = sorted([*_QUOTE.finditer(text, start, end), *_EMPHASIZED_WORD.finditer(text, start, end),
                        *_FORM_LIST.finditer(text, start, end)], key=lambda m: m.start())
        for match in found:
            if match.start() < position:
                continue   # inside a quote already cut
            if match.start() > position:
                out.append((position, match.start()))
            position = match.end()
        if position < end:
            out.append((position, end))
    return out


# a line that ends in a colon and up to four short words split by "/" or ",": a list of forms
_FORM_LIST = regexcache.compile(r"(?<=[:：])[ \t]*(?:[^\s/,:：]{1,12}[ \t]*[/,][ \t]*){0,3}[^\s/,:：]{1,12}[ \t]*$", re.M)


# a numbered item of a list (1. / ১. / 2)), not a chat export's date
_NUMBERED_ITEM = regexcache.compile(r"[ \t]*\d+[.)][ \t]")


def _list_line(text: str, start: int, end: int, offset: int) -> bool:
    """Does the line open with a bullet or an item number (a list's item, 1. / ১. as * or -)?"""
    return bool(offset) and (text[start:end].lstrip()[:1] in "*-•" or _NUMBERED_ITEM.match(text, start, end) is not None)


def _option_headings(text: str, lines: list[tuple[int, int]], labelled: list, first: int,
                     index: SpeakerIndex, lexicon: Lexicon) -> bool:
    """Are the labels of the list that starts at line ``first`` the headings of options, not
    speakers (1. **जागरूकता वीडियो:** … / 2. **पोस्टर:** … / 3. **क्विज़:** …)? The list's items
    (up to its first line that is neither an item nor blank) are three or more, each labelled, each
    label once: no name comes back nor labels two turns, none is a listed speaker or a person
    word (1. **Ma:** …, 2. **Rumi:** …, 3. **Ma:** … is a dialogue)."""
    names: list[str] = []
    for number in range(first, len(lines)):
        start, end = lines[number]
        if not text[start:end].strip():
            continue
        label, offset = labelled[number]
        if not _list_line(text, start, end, offset):
            break
        if label is None:
            return False
        names.append(label.name)
    if len(names) < 3 or len(set(names)) < len(names):
        return False
    return not any(_names_a_speaker(name, index, lexicon) for name in names)


def _names_a_speaker(label: str, index: SpeakerIndex, lexicon: Lexicon) -> bool:
    """Is a label a listed speaker, or does it end in a person word (**Ma:**, **বড় মামা:**)?"""
    words = label.split()
    return index.match(label) is not None or bool(words) and lexicon.person_word(lexicon.key(words[-1]))


def _bold_heading(line: str) -> bool:
    """A line wholly in bold with a colon inside the bold (**অফিসে সম্বোধন: সংক্ষেপে**), not a
    bold label before its speech (**রিনা:** …)."""
    body = line.strip()
    body = without_leading_pictographs(body)   # (♟️ **शतरंज क्लब — रविवार की सुबह**)
    return body.startswith("**") and body.endswith("**") and body.count("**") == 2 and len(body) > 4


def _title_line(text: str, lines: list[tuple[int, int]], labelled: list) -> int | None:
    """The number of the text's first line when it titles the text as a bold name, a dash and
    a few words with no sentence's end, a blank line after it (``**Cha Baganer Sokal** —
    চা-বাগানের সকাল``), and its bold words label no other line: a heading, not a speaker's turn;
    else None."""
    first = next((n for n, (s, e) in enumerate(lines) if text[s:e].strip()), None)
    if first is None or first + 1 >= len(lines) or text[lines[first + 1][0]:lines[first + 1][1]].strip():
        return None
    label = labelled[first][0]
    line = text[lines[first][0]:lines[first][1]].strip()
    if label is None or not line.startswith("**") or label.kind != "colon":
        return None
    head = text[lines[first][0]:label.content_start].rstrip(" \t")
    subtitle = text[label.content_start:label.content_end].strip(" \t*_")
    if not subtitle or not head.endswith(tuple(DASHES)) or len(subtitle.split()) > 6 \
            or subtitle[-1] in SENTENCE_END_MARKS + ".…" \
            or any(other is not None and other.name == label.name for other, _ in labelled[first + 1:]):
        return None
    return first


def text_of(text: str, segments: list[tuple[int, int]]) -> str:
    """The text of the segments, joined by spaces."""
    return " ".join(text[s:e] for s, e in segments)


class _TurnSplitter:
    """The turns of one text as :func:`split_turns` finds them, with what it has seen so far.

    A class rather than closures: compiled, closures that call one another
    form a reference cycle per record, which only the cyclic GC frees (~5%
    of the analysis time went to it).
    """

    def __init__(self, text: str, speakers: list[SpeakerSpec], lexicon: Lexicon, record_script: str,
                 index: SpeakerIndex, reply_to_user: bool, label_count: int, dialogue_labels: bool,
                 latin_letters: bool) -> None:
        self.text = text
        self.latin_letters = latin_letters
        self.speakers = speakers
        self.lexicon = lexicon
        self.record_script = record_script
        self.index = index
        self.reply_to_user = reply_to_user
        self.label_count = label_count
        self.dialogue_labels = dialogue_labels
        self.turns: list[RawTurn] = []
        self.speech_seen = False
        #: the labels of the speech turns read so far (see labelled_before), up to turn labels_upto
        self.labels_spoken: set[str] = set()
        self.labels_upto = 0
        #: the speaker named by a frame line ("नेहा ने पूछा:"), for the very next line
        self.frame: tuple[str, bool] | None = None
        self.pending_frame: tuple[str, bool] | None = None
        #: whether that frame line ended in a colon (then the next line is the speech, quoted or not)
        self.frame_colon = False
        self.pending_colon = False
        #: the speaker of a Fountain name line (speaker, unlisted, name), until a blank line
        self.fountain_speaker: tuple[str, bool, str] | None = None
        self.fountain_direction: str | None = None
        #: where the last blank line or rule (---) is: unlabelled text after one is not the
        #: labelled turn before it (the model's closing note, narration)
        self.last_break = -1
        #: speakers of the dash lines so far
        self.dash_speakers: list[str] = []
        #: the narration line right before the current one, and the current one: its subject
        #: speaks a dash line or a quote line right after it (মা রান্নাঘর থেকে গলা তুললেন,\n—এত
        #: সকালে …); read only when such a line comes (most narration lines have none after them)
        self.line_before: str | None = None
        self.line_before_next: str | None = None
        #: the speaker of the quote the line before ends after, where it is the narration after a quote
        self.line_before_speaker: tuple[str, bool] | None = None
        self.line_before_next_speaker: tuple[str, bool] | None = None
        #: every label is on a bullet line (* **টেক্সট ফাইল:** …): list items, not speakers
        self.bulleted_labels = False
        # two or more lines that are each one quote, in a text that is no reply to the user: a
        # dialogue of bare quoted lines, whose unframed lines alternate as dash lines do
        self.quote_dialogue = False
        #: the text continues a story (see split_turns)
        self.story = False
        #: the text holds no reporting verb (see unframed_story_quotes; read when first asked)
        self.names_no_speaker: bool | None = None
        #: the people the narration before the first speech introduces (see introduced_person)
        self.introduced: list[str] | None = None
        #: a person's name → the words the narration said who they are with (see narrative.descriptors)
        self.described: dict[str, frozenset] = {}
        #: the speech turns among self.turns[:said_upto], whether all are narrative, and whether any
        #: names its speaker (not _unnamed_N) (see speech_so_far)
        self.said: list[RawTurn] = []
        self.said_upto = 0
        self.names_said: dict[str, None] = {}   # the speakers' names so far, in order (see said_names)
        self.names_said_upto = 0
        self.all_said_narrative = True
        self.named_said = False
        #: speech turns whose speaker was inferred (the narration's subject before them, the
        #: alternation, an introduced person), not given by a label or a frame of their own
        self.inferred: list[RawTurn] = []

    def speaker_of_name(self, name: str) -> tuple[str | None, bool]:
        """The speaker a written name stands for: a listed one, else the name as written
        where labels name speakers here (None where the name is not name-like)."""
        name = name.strip().rstrip(".")
        speaker = self.index.match(name)
        if speaker is not None:
            # a sentence that names a listed speaker is not that speaker's label
            # (— আমি তো ঠিকই করেছিলাম, মা… — …: the vocative মা, not the label মা)
            return (speaker, False) if "," not in name else (None, False)
        # after out-of-character text (a refusal, "Here's the dialogue:") a label is a character
        labels_name_speakers = self.label_count >= 2 if self.speakers else \
            self.dialogue_labels or (any(t.ooc for t in self.turns) and not self.bulleted_labels)
        if plausible_name(name) and labels_name_speakers and self.name_like(name):
            return name, True
        return None, False

    def labelled_before(self, name: str) -> bool:
        """Did a line labelled with this name speak before (a party of the dialogue)?"""
        turns, spoken = self.turns, self.labels_spoken
        while self.labels_upto < len(turns):
            turn = turns[self.labels_upto]
            self.labels_upto += 1
            if turn.kind == SPEECH and turn.label is not None:
                spoken.add(turn.label)
        return name in spoken

    def name_like(self, name: str) -> bool:
        """A label is a name, title, role or kin term, never a verb phrase, a pronoun, an
        interjection, a question or an apology: क्षमा करें — …, আচ্ছা — …, Kya chahiye: are not speakers."""
        lexicon = self.lexicon
        keys = [lexicon.key(w) for w in TOKEN.findall(name)]
        if not keys or set(keys) & lexicon.non_speaker_labels or set(keys) & lexicon.answer_headings:
            return False
        if len(keys) > 1 and set(keys) & lexicon.alternative_coordinators:
            return False   # নতুন সহকর্মী বা সিনিয়র: a kind of person, a list's heading
        if len(keys) > 1 and (keys[-1] in lexicon.clause_final_particles or set(keys) & lexicon.auxiliaries):
            return False   # सच कहूँ तो —, बैटरी ख़त्म थी, —: a clause, not a name
        if len(keys) > 1 and keys[-1] in lexicon.clauses["case_markers"]:
            return False   # पहली मुलाक़ात में:, Office ke bahar:: a phrase of time or place heading a list
        if len(keys) > 1 and lexicon.narrative and keys[-1] in lexicon.narrative["reporting_verbs"]:
            return False   # शीला बोली —, টুটুল বলল —: a frame, whose subject speaks (see _frame_then_dash)
        if len(keys) > 1 and lexicon.narrative and ends_in_a_finite_verb(keys, lexicon):
            return False   # নিচে দৃশ্যটা লিখলাম — …: the model's own clause, not a name
        if len(keys) > 2 and lexicon.narrative and set(keys[1:-1]) & lexicon.narrative["subject_markers"]:
            return False   # रघु ने सिर खुजाया: “…”: an agent the ergative marks, and its verb: a frame
        if len(keys) > 1 and keys[-1] in lexicon.stem_followers and keys[-2] in lexicon.verb_roots:
            return False   # आरव ठठाकर हँस पड़ा: “…”: a verb with its second verb ends a frame, not a name
        # a label in capitals (A:, RIYA, DOCTOR) is a screenplay's character cue, never a verb
        capitals = name.isupper() and name.isascii()
        first_person_other = lexicon.narrative.get("first_person_other", frozenset())
        for number, key in enumerate(keys):
            pronoun, reading, _, _ = lexicon.classify(key)
            # (जी, ji after a name is its title, not "yes": शर्मा जी:, Verma ji:)
            if pronoun or key in lexicon.first_person_pronouns or key in lexicon.question_words \
                    or key in lexicon.interjections and not (number and key in lexicon.name_titles):
                return False   # Kya chahiye:, কী লাগবে: a heading's question
            if key in first_person_other and not any(lexicon.person_word(k) for k in keys):
                return False   # मेरी सलाह:, আমার মতে: the model's own words (मेरी माँ: is a person)
            if reading is not None and key not in lexicon.nominal_address and key not in lexicon.name_titles \
                    and reading.condition.not_a_name and not capitals:
                return False
        return not load_cues(lexicon.name).has_any(name, _NOT_A_NAME_CUES)

    def label_names_speaker(self, label: LineLabel) -> bool:
        return self.speaker_of_name(label.name)[0] is not None

    def speaker_of_label(self, label: LineLabel) -> tuple[str | None, bool, str]:
        name = label.name.strip().rstrip(".")
        speaker, unlisted = self.speaker_of_name(name)
        if speaker is not None and unlisted and label.kind == "colon" and " " in label.name \
                and not self.name_like(name):
            return None, False, name
        return speaker, unlisted, name

    def fountain_line(self, start: int, end: int) -> bool:
        """A line under a Fountain name: a parenthetical (the direction) or the speech."""
        assert self.fountain_speaker is not None
        speaker, unlisted, name = self.fountain_speaker
        direction = parenthetical(self.text[start:end])
        if direction is not None:
            self.turns.append(RawTurn(None, NARRATION, start, end))
            self.fountain_direction = direction
            return True
        previous = self.turns[-1] if self.turns else None
        segments = speech_segments(self.text, start, end, self.lexicon)
        if previous is not None and previous.kind == SPEECH and previous.speaker == speaker \
                and previous.label == name:
            previous.segments.extend(segments)
            previous.end = end
        else:
            self.turns.append(RawTurn(speaker, SPEECH, start, end, segments, label=name, unlisted=unlisted,
                                      direction=self.fountain_direction))
        self.speech_seen = True
        return True

    def dash_turn(self, line_start: int, start: int, end: int) -> None:
        """One line of dash dialogue: its speech is a turn; narration between dashes
        (— अरे सुनो! — पीछे से सुमन ने आवाज़ लगाई। — …) names the speaker; unnamed lines
        alternate between two speakers (``_unnamed_1``, ``_unnamed_2``)."""
        text = self.text
        ooc = self.ooc_spans(start, end)
        if ooc:
            self.unlabelled(start, end, ooc)
            return
        pieces, position = [], start
        for match in DASH_BREAK.finditer(text, start, end):
            pieces.append((position, match.start()))
            position = match.end()
        pieces.append((position, end))
        speaker: tuple[str, bool] | None = None
        reported = False   # the narration that names the speaker has a reporting verb (… ने कहा)
        speech: list[tuple[int, int]] = []
        for number, (s, e) in enumerate(pieces):
            if number % 2 == 1:
                named = narration_speaker(text[s:e], self.lexicon, self.index, text)
                if named is not None:
                    if speaker is None:
                        speaker = named
                        reported = frame_speaker(text[s:e].strip(), self.lexicon, self.index) is not None
                    continue
            speech.append((s, e))
        inferred = speaker is None and self.pending_frame is None
        if speaker is None:
            speaker = self.pending_frame or self.not_the_one_called(self.named_by_line_before(), start, end) \
                or self.next_dash_speaker()
        elif reported and self.dash_speakers and speaker[0] not in self.dash_speakers:
            # a line its own narration names (— …, — राहुल ने कहा। — …) at the turn of an unnamed
            # speaker of the alternation: that speaker was this person all along
            expected = self.next_dash_speaker()[0]
            if expected.startswith(UNNAMED_DASH):
                for earlier in self.turns:
                    if earlier.speaker == expected:
                        earlier.speaker, earlier.unlisted = speaker
                self.dash_speakers = [speaker[0] if s == expected else s for s in self.dash_speakers]
        if not speech:
            return
        segments = [seg for s, e in speech for seg in speech_segments(text, s, e, self.lexicon)]
        self.turns.append(RawTurn(speaker[0], SPEECH, speech[0][0], speech[-1][1], segments,
                                  unlisted=speaker[1], narrative=True))
        if inferred:
            self.inferred.append(self.turns[-1])
        self.dash_speakers.append(speaker[0])
        self.speech_seen = True

    def named_by_line_before(self, quote: bool = False) -> tuple[str, bool] | None:
        """The speaker the narration line right before names (its last sentence's subject, or,
        when that sentence leads into the speech with its subject elided, the sentence's before);
        before a ``quote`` line between turns, also the one the line is about when its last
        sentence names no one (see subject_of_a_line_before; dash lines alternate instead)."""
        if self.line_before is None:
            return None
        parts = _sentences_of(self.line_before, self.lexicon)
        last = parts[-1] if parts else self.line_before
        if last.rstrip(" \t*_").endswith((":", "：")) and sees_a_text(last, self.lexicon):
            # (सुधा ने दरवाज़े पर लिखा देखा: / "…": the text she sees, no one's speech; asked of the sentence
            # that leads into it: ঘণ্টা পড়ল। অমলবাবু … দিলেন: has no text read)
            return None
        found = named_in_apposition(narration_speaker(last, self.lexicon, self.index, self.text), last, self.lexicon)
        found = self.antecedent_of(found, parts)
        if found is not None:
            self.describe(found[0], last)
            return found   # (its pronoun read back already: antecedent_of is not asked again below)
        found = elided_frame_speaker(parts, self.lexicon, self.index)
        if found is None and parts and self.lexicon.narrative and not _heading(self.line_before):
            # a character acting, by a name the lexicon does not know (মিতা জানালার দিকে তাকাল। —তুই …):
            # the word the sentence gives as its subject, when the record names it again (a scene's
            # first sentence opens with a thing as often: जनरल डिब्बे में … जगह नहीं थी।); a heading
            # titles the scene and acts not (**টিকিট কাউন্টারে** names a place)
            found = guessed_subject(parts[-1], self.lexicon, self.index, self.text, False)
            if found is None and quote:
                # (one whose face or hands the last sentence is about: बलदेव का चेहरा उतर गया।)
                found = body_owner(parts[-1], self.lexicon, self.text)
            if found is None:
                # (an elided frame after a sentence a title or role opens: … হেডমাস্টার সাহেব টর্চ হাতে
                # দাঁড়ালেন। গলা ভাঙা, তবু … চিৎকার করলেন:)
                found = elided_frame_speaker(parts, self.lexicon, self.index, people=True)
            if found is None and quote and "," in parts[-1] and not leads_into_speech(parts[-1]):
                # (or the one its first clause names, where the clauses after it name no one: तभी बबलू
                # हाँफता हुआ घुसा, हेलमेट अभी भी हाथ में लटक रहा था।)
                found = guessed_subject(parts[-1].split(",")[0], self.lexicon, self.index, self.text, False)
            if found is None and quote:
                # (its last sentence describes or goes on without a subject: the one the line is about;
                # at the scene's opening only after a description with no verb, as its last sentence
                # turns to who speaks first as often: … বসে ছিলেন অমলবাবু। হঠাৎ একটা কচি গলা শোনা গেল।)
                found = subject_of_a_line_before(self.line_before, self.lexicon, self.index, self.text,
                                                 verbless_only=not self.speech_seen)
        if found is None and quote:
            found = self.line_before_speaker   # (narration after a quote, its subject elided: that quote's speaker)
        return self.antecedent_of(found, parts)

    def antecedent_of(self, found: tuple[str, bool] | None, parts: list[str]) -> tuple[str, bool] | None:
        """A pronoun subject the narration line gives refers back to the one the line named before
        it (``रघु ट्रे लेकर दौड़ा। … वह झुककर उसे उठाने लगा। / "…"``: रघु; ``अमित का चेहरा उतर गया। वह …``:
        अमित, who spoke before), where no speakers are given; else ``found`` as it is."""
        if found is None or not found[0].endswith(UNNAMED_SUFFIX) or self.speakers or len(parts) < 2:
            return found
        said = {turn.speaker for turn in self.speech_so_far()
                if turn.speaker and "(" not in turn.speaker and not turn.speaker.startswith(UNNAMED_DASH)}
        return pronoun_antecedent(parts[:-1], self.lexicon, self.index, self.text, said) or found

    def next_dash_speaker(self) -> tuple[str, bool]:
        """The speaker of an unnamed dash line: the other party of the previous one (of three or
        more, the one the previous line called: … কথা বলছ, মিতা? / —রুমকির সঙ্গে, …: মিতা)."""
        said = self.dash_speakers
        if not said:
            return f"{UNNAMED_DASH}1", True
        last = said[-1]
        others = [s for s in dict.fromkeys([*said, *(spec.name for spec in self.speakers)]) if s != last]
        if len(others) > 1:
            called = self.called_in_last_turn(others)
            if called is not None:
                others = [called]
        if len(others) == 1:
            return others[0], others[0] not in {spec.name for spec in self.speakers}
        if not others and not self.speakers:
            # one speaker so far: another person the opening narration introduces answers (… office e
            # dhuklo Rono. … lift lobby te … dariye chhilo Debjani. / — Tumi abar late! / — Sorry, …: Rono)
            introduced = self.introduced_person(last)
            if introduced is not None:
                return introduced, True
        if last == f"{UNNAMED_DASH}1":
            return f"{UNNAMED_DASH}2", True
        return f"{UNNAMED_DASH}1", True

    def not_the_one_called(self, named: tuple[str, bool] | None, start: int, end: int) -> tuple[str, bool] | None:
        """The speaker the narration before a line names, unless the line calls them (শর্মা অঙ্কল, …
        after … शर्मा जी।): then the other person the opening narration introduced, if any."""
        if named is None and not self.speakers and not self.speech_so_far():
            return self.the_one_not_called(start, end)
        if named is None or self.speakers or self.index.match(named[0]) is not None:
            return named
        if not self.calls(named[0], start, end):
            return named
        other = self.introduced_person(named[0])
        if other is None:
            # (the one an earlier sentence of the line is about: বড়দি … সাজাচ্ছিল। খোল থামতেই দেখল,
            # গোপাল কাকা …। / "কাকা, আপনি …": বড়দি)
            return self.named_earlier_in_line_before(named[0])
        return other, True

    def the_one_not_called(self, start: int, end: int) -> tuple[str, bool] | None:
        """The first line of a scene whose narration names no one last: where the opening narration
        introduced two people and the line calls one of them (— Abe Bunty, tu ball daalega …?), the
        other says it."""
        self.introduced_person("")
        people = self.introduced or []
        if len(people) != 2:
            return None
        called = {w.casefold() for call in called_names(self.text, start, end, self.lexicon) for w in TOKEN.findall(call)}
        titles = self.lexicon.name_titles
        hit = [person for person in people
               if called & {w for w in self.called_by(person) if self.lexicon.key(w) not in titles}]
        if len(hit) != 1:
            return None
        return next(person for person in people if person != hit[0]), True

    def introduced_person(self, speaker: str) -> str | None:
        """The person other than ``speaker`` whom the narration before the first speech names as a
        sentence's subject, the latest first (see next_dash_speaker)."""
        if self.introduced is None:
            self.introduced = []
            for narration in self.opening_narration():
                for sentence in _sentences_of(narration, self.lexicon):
                    # (a person by the sentence's own structure, a kin term or an ergative; in Latin
                    # script a name by its capital: not a word that only comes back, শেষ, ঘণ্টাখানেক)
                    named = narration_speaker(sentence, self.lexicon, self.index, self.text)
                    found = named_in_apposition(named, sentence, self.lexicon)
                    if self.lexicon.script == "latn":
                        # (each clause's: Bed par … baithi thi Priya, aur … jhaank rahi thi uski mummy Sunita.)
                        for clause in sentence.split(",") if found is None or "," in sentence else []:
                            person = self.latin_clause_person(clause)
                            if person is not None and person not in self.introduced:
                                self.introduced.append(person)
                        if found is None:
                            continue
                    elif found is None:
                        # (… অন্দরে এল টুবাই।; each clause: … ऊँघ रहा था अमन, और भीतर … सोए थे …)
                        for clause in sentence.split(","):
                            subject = postverbal_subject(clause, self.lexicon)
                            if subject is not None:
                                self.introduced.append(subject[0])
                                self.describe(subject[0], clause)
                        continue
                    if found is not None and "," in sentence and not sentence.lstrip(" *_").startswith(found[0]):
                        # (a later clause's subject: the first clause's is introduced too, before it:
                        # মাছওয়ালা হারু … ছেটাচ্ছিল, এমন সময় পাড়ার বিমলবাবু … এসে দাঁড়ালেন)
                        first = sentence.split(",")[0]
                        opener = named_in_apposition(narration_speaker(first, self.lexicon, self.index, self.text),
                                                     first, self.lexicon)
                        if opener is not None and not opener[0].startswith(UNNAMED_DASH) \
                                and "(" not in opener[0] and opener[0] not in self.introduced:
                            self.introduced.append(opener[0])
                    if found is not None and not found[0].startswith(UNNAMED_DASH) and "(" not in found[0]:
                        if found[0] not in self.introduced:
                            self.introduced.append(found[0])
                        self.describe(found[0], sentence)
        said = self.speech_so_far()
        spoken_of = self.spoken_of(said[-1]) if said else frozenset()
        return next((person for person in reversed(self.introduced)
                     if person != speaker and not spoken_of & {w.casefold() for w in TOKEN.findall(person)}), None)

    def latin_clause_person(self, clause: str) -> str | None:
        """In Latin script, the person a clause of the opening narration names: its subject by the
        clause's structure, else a name by its capital (not a capital that only opens the sentence)."""
        found = narration_speaker(clause, self.lexicon, self.index, self.text)
        if found is None:
            found = guessed_subject(clause, self.lexicon, self.index, self.text, False)
            if found is not None and (not found[0][:1].isupper()
                                      or clause.lstrip(" *_\"'“‘").startswith(found[0])):
                return None   # (a capital that only opens the sentence names no one)
        if found is None or found[0].startswith(UNNAMED_DASH) or "(" in found[0]:
            return None
        words = TOKEN.findall(clause)
        first = TOKEN.findall(found[0])[0]
        at = words.index(first) if first in words else 0
        if at and self.lexicon.key(words[at - 1]) in self.lexicon.narrative.get("animal_nouns", frozenset()):
            return None   # (… chechachhilo tia pakhi Mithu: an animal's name)
        return found[0]

    def describe(self, person: str, sentence: str) -> None:
        """Keep the words the sentence says who the person is with (see narrative.descriptors)."""
        if not person.startswith(UNNAMED_DASH) and "(" not in person:
            found = descriptors(person, sentence, self.lexicon)
            if found:
                self.described[person] = self.described.get(person, frozenset()) | found

    def calls(self, person: str, start: int, end: int) -> bool:
        """Does the text between start and end call the person (by a word a call to them may use)?"""
        words, lexicon = self.called_by(person), self.lexicon
        for call in called_names(self.text, start, end, lexicon):
            # (by the call's words that tell whom it calls: अम्मा जी calls no वर्मा जी, see naming_keys)
            naming = naming_keys(call, lexicon)
            if words & {w.casefold() for w in TOKEN.findall(call) if lexicon.key(w) in naming}:
                return True
        return False

    def named_earlier_in_line_before(self, not_this: str, opening: bool = False) -> tuple[str, bool] | None:
        """The subject of a sentence of the narration line before, from its last, other than
        ``not_this`` (see plain); with ``opening``, also a name that opens a sentence before the last,
        named only there (see narrative.opening_name)."""
        if self.line_before is None:
            return None
        sentences = _sentences_of(self.line_before, self.lexicon)
        for number in range(len(sentences) - 1, -1, -1):
            sentence = sentences[number]
            found = _acting_subject(sentence, self.lexicon, self.index, self.text)
            # (not the last sentence's opening word, whose subject is elided: তুলি নামিয়ে … ফিরল:)
            if found is None and opening and number < len(sentences) - 1:
                name = opening_name(sentence, self.lexicon, self.index, self.text)
                found = (name, True) if name is not None else None
            if found is not None and found[0] != not_this:
                return found
        return None

    def turned_to_in_line_before(self, person: str) -> bool:
        """Does the last sentence of the narration line before turn or look to the person (… অধিকারীমশাইয়ের
        দিকে ফিরল:, फिर बबलू की ओर मुड़े:)?"""
        if self.line_before is None:
            return False
        parts = _sentences_of(self.line_before, self.lexicon)
        recipient = frame_recipient(parts[-1], self.lexicon) if parts else None
        return recipient is not None and (recipient.casefold() in self.called_by(person)
                                          or self.index.match(recipient) == person)

    def called_by(self, person: str) -> frozenset:
        """The words a call to the person may use: their name's words and what the narration said
        they are (सीनियर डॉक्टर अंजलि मेहरा: अंजलि, मेहरा, डॉक्टर)."""
        return frozenset(w.casefold() for w in TOKEN.findall(person)) | self.described.get(person, frozenset())

    def spoken_of(self, turn: RawTurn) -> frozenset:
        """The words a turn speaks of in the 3rd person: each word a case marker follows (तुम
        हरिप्रसाद जी के साथ हो न?: हरिप्रसाद, जी) — the one spoken of is not the one answering."""
        words = TOKEN.findall(self.text, turn.start, turn.end)
        markers = case_markers_of(self.lexicon)
        out = set()
        for i in range(len(words) - 1):
            if self.lexicon.key(words[i + 1]) in markers:
                out.add(words[i].casefold())
                if i and self.lexicon.key(words[i]) in self.lexicon.name_titles:
                    out.add(words[i - 1].casefold())
        return frozenset(out)

    def unframed_story_quotes(self, span_start: int, span_end: int) -> bool:
        """In a story that never says who speaks (no reporting verb anywhere, no labels, no speech
        given to anyone by name so far), a paragraph's quotes alternate between two unnamed
        speakers as dash lines do ("छाता ले लिया तूने?" "हाँ माँ, …" रसोई से … "…"); True when it
        read the paragraph so."""
        self.speech_so_far()
        if self.label_count or self.speakers or self.named_said:
            return False
        spans = standalone_quotes(self.text, span_start, span_end)
        if not spans or not (len(spans) >= 2 or self.dash_speakers):
            return False
        if self.names_no_speaker is None:
            self.names_no_speaker = names_no_speaker(self.text, self.lexicon)
        if not self.names_no_speaker:
            return False
        position = span_start
        for start, end in spans:
            if start > position and self.text[position:start].strip():
                self.turns.append(RawTurn(None, NARRATION, position, start))
            speaker = self.next_dash_speaker()
            self.narrative_turn(speaker[0], speaker[1], start, end)
            self.inferred.append(self.turns[-1])
            self.dash_speakers.append(speaker[0])
            position = end
        if position < span_end and self.text[position:span_end].strip():
            self.turns.append(RawTurn(None, NARRATION, position, span_end))
        return True

    def quote_after_narration(self, span_start: int, span_end: int) -> bool:
        """In a story whose speech has begun, a paragraph of narration that ends in one quote standing
        as a sentence of its own, which no frame attributes (``तभी सिस्टर ग्रेस … लेकर आईं। "वर्मा जी,
        …"``): the quote is read as a quote line after that narration, not left in it. True when it
        read the paragraph so."""
        spans = standalone_quotes(self.text, span_start, span_end)
        if len(spans) != 1 or self.text[spans[0][1]:span_end].strip(" \t*_"):
            return False
        start, end = spans[0]
        if not TOKEN.search(self.text, span_start, start):
            return False
        saved, self.line_before = self.line_before, self.text[span_start:start]
        try:
            # (the one an earlier sentence of the paragraph acts as, where its last names no one: Tapas …
            # Mitra babu-r dike takalo. Ghorir kata tokhon dui-er kachhe. "Apni …": Tapas)
            speaker = self.not_the_one_called(self.named_by_line_before(quote=True), start, end) \
                or self.not_the_one_called(self.named_earlier_in_line_before(""), start, end) \
                or self.unframed_speaker()
        finally:
            self.line_before = saved
        if speaker is None or speaker[0] is None:
            return False
        self.turns.append(RawTurn(None, NARRATION, span_start, start))
        self.narrative_turn(speaker[0], speaker[1], start, end)
        self.inferred.append(self.turns[-1])
        return True

    def called_in_last_turn(self, people: list[str]) -> str | None:
        """The one of ``people`` the last speech turn calls by name (opening or ending a sentence
        with it): the one who answers it."""
        said = self.speech_so_far()
        if not said:
            return None
        last = said[-1]
        called = {self.index.match(name) or name for name in called_names(self.text, last.start, last.end, self.lexicon)}
        found = [person for person in people if person in called]
        return found[0] if len(found) == 1 else None

    def settle_called_speakers(self) -> None:
        """Speakers inferred for a run of lines that alternate between two people are swapped when
        a line calls by name the one it was given to and none calls the other so (— डॉक्टर मैडम, …
        / — सुनीता, घबराओ मत। …, given to सुनीता: the doctor said it): one does not call oneself,
        and the narration's last subject need not speak first. A run is the inferred speech turns
        in a row, narration between them allowed."""
        inferred = {id(turn) for turn in self.inferred}
        run: list[RawTurn] = []
        for turn in self.turns:
            if turn.kind != SPEECH:
                continue
            if id(turn) in inferred:
                run.append(turn)
                continue
            self._swap_if_called(run)
            run = []
        self._swap_if_called(run)

    def _swap_if_called(self, run: list[RawTurn]) -> None:
        if len(run) < 2:
            return
        first, second = run[0].speaker, run[1].speaker
        if first is None or second is None or first == second \
                or any(turn.speaker != (first if n % 2 == 0 else second) for n, turn in enumerate(run)):
            return   # (two people, strictly in turn)
        titles = self.lexicon.name_titles
        words = {person: {w for w in self.called_by(person) if self.lexicon.key(w) not in titles}
                 for person in (first, second)}
        if not words[first] or not words[second]:
            return   # (an unnamed speaker: no name to call)
        own = other = 0
        for turn in run:
            called = {w.casefold() for call in called_names(self.text, turn.start, turn.end, self.lexicon)
                      for w in TOKEN.findall(call)}
            partner = second if turn.speaker == first else first
            # (a name with no 2nd-person form in the line says who one is: হরিপদ মণ্ডল, গ্রাম কুসুমপুর।)
            own += bool(called & words[turn.speaker or ""]) and self._addresses(turn)
            other += bool(called & words[partner])
        if own and not other:
            unlisted = {first: run[0].unlisted, second: run[1].unlisted}
            for turn in run:
                turn.speaker = second if turn.speaker == first else first
                turn.unlisted = unlisted[turn.speaker]

    def name_speakers_by_their_term(self) -> None:
        """A speaker a story's narration names by a kin term or title alone is the one speaker whose
        name ends in it (চাচা হেসে ফেললেন … after রহিম চাচা spoke: রহিম চাচা; अम्मा … for रामवती अम्मा),
        where exactly one does: the narration shortens a name it gave in full. A speaker's one-word key
        the record writes as a name of two words is that name (:func:`narrative.written_in_full`:
        হারান for হারান মণ্ডল, always written so; চাচা for রহিম চাচা, written so twice)."""
        if self.speakers:
            return
        said = self.speech_so_far()
        keys = list(dict.fromkeys(turn.speaker for turn in said if turn.speaker and "(" not in turn.speaker))
        lexicon = self.lexicon
        words = {key: TOKEN.findall(key) for key in keys}
        full: dict[str, str] = {}
        for key in keys:
            term = lexicon.key(words[key][0]) if len(words[key]) == 1 else None
            if term is None or not (term in lexicon.nominal_address or term in lexicon.name_titles):
                continue
            longer = [other for other in keys if other != key and len(words[other]) > 1
                      and lexicon.key(words[other][-1]) == term]
            if len(longer) == 1:
                full[key] = longer[0]
        romanized = _romanized_lexicon(lexicon) if self.latin_letters and self.record_script != "latn" else None
        for key in keys:
            if key not in full:
                # (the name as the record writes it: হারান মণ্ডল, where a frame gives হারান; read with the
                # romanized lexicon where a native-script record writes it in Latin letters)
                letters = romanized if romanized is not None and _is_latin_only(key) else lexicon
                written = written_in_full(key, self.text, letters)
                if written is not None:
                    full[key] = written
        if not full:
            return
        for turn in said:
            if turn.speaker in full:
                turn.speaker = full[turn.speaker]
            if turn.to in full:
                turn.to = full[turn.to]

    def name_unnamed_speakers(self) -> None:
        """An unnamed speaker of a scene is the person its opening narration introduced who says no
        other line, where that is one person (বাপ্পা, after হারু-দা সবে উনুনে আঁচ দিচ্ছে। বাপ্পা … এসে
        বসল। and lines alternating with হারু-দা's): the narration named the two who talk, and the
        alternation only lost who the second is. Where it named no one else who could speak, the
        one person it introduced as "a …" (एक बुज़ुर्ग यात्री). A person the unnamed lines call by
        name, or speak of in the 3rd person, is not their speaker; two unnamed speakers and two
        such people are bound where the calls allow one way only."""
        if self.speakers:
            return
        said = self.speech_so_far()
        keys = list(dict.fromkeys(turn.speaker for turn in said if turn.speaker))
        unnamed = [key for key in keys if key.startswith(UNNAMED_DASH)]
        if not unnamed or len(unnamed) > 2:
            return
        self.introduced_person("")
        titles = self.lexicon.name_titles

        def words_of(person: str) -> set:
            return {w for w in self.called_by(person) if self.lexicon.key(w) not in titles}

        taken = {w for key in keys if not key.startswith(UNNAMED_DASH) for w in words_of(key)}

        def may_be_a_speaker(person: str) -> bool:
            # (named outside headings: **Porbo 4: Rajbari-r Raat** names a chapter)
            return person not in keys and not words_of(person) & taken \
                and may_name_a_speaker(person, self.lexicon, self.text) \
                and any(person in line and not _heading(line) for line in self.text.splitlines())
        people = [person for person in self.introduced or [] if may_be_a_speaker(person)]
        if len(people) < len(unnamed):
            # (a sentence of the opening narration that opens with a name the lexicon does not know:
            # বাপ্পা মাফলার জড়িয়ে বেঞ্চে এসে বসল।)
            people += [person for person in self.opening_subjects() if person not in people and may_be_a_speaker(person)]
        if len(people) < len(unnamed) and not (len(unnamed) == 1 and not people):
            return
        mentioned: dict[str, set] = {key: set() for key in unnamed}
        for turn in said:
            if turn.speaker in mentioned:
                mentioned[turn.speaker] |= {w.casefold() for call in called_names(self.text, turn.start, turn.end,
                                                                                   self.lexicon)
                                            for w in TOKEN.findall(call)} | self.spoken_of(turn)

        def may_be(key: str, person: str) -> bool:
            return not words_of(person) & mentioned[key]

        if len(unnamed) == 1:
            fits = [person for person in people if may_be(unnamed[0], person)]
            if not people:
                # (someone the narration introduced as "a …", where it named no one else who could
                # speak: … खिड़की के पास एक बुज़ुर्ग यात्री अपनी गठरी पकड़े बैठा था।)
                fits = [person for person in self.opening_descriptions()
                        if person not in keys and not words_of(person) & taken and may_be(unnamed[0], person)]
            binding = {unnamed[0]: fits[0]} if len(fits) == 1 else None
        else:
            ways = [(a, b) for a in people for b in people
                    if a != b and may_be(unnamed[0], a) and may_be(unnamed[1], b)]
            binding = dict(zip(unnamed, ways[0])) if len(people) == 2 and len(ways) == 1 else None
        if not binding:
            return
        for turn in said:
            if turn.speaker in binding:
                turn.speaker, turn.unlisted = binding[turn.speaker], True
            if turn.to in binding:
                turn.to = binding[turn.to]

    def opening_subjects(self) -> list[str]:
        """The names that open a sentence of the narration before the first speech, after its first
        (see narrative.opening_name; a scene's first sentence sets its time and place); in Latin
        script, the words it writes as names outside headings (see narrative.capitalized_names)."""
        found: list[str] = []
        number = 0
        for narration in self.opening_narration():
            for line in narration.splitlines():
                if _heading(line):
                    continue
                for sentence in _sentences_of(line, self.lexicon):
                    number += 1
                    names = capitalized_names(sentence, self.lexicon, self.text) if self.lexicon.script == "latn" \
                        else [opening_name(sentence, self.lexicon, self.index, self.text)] if number > 1 else []
                    found += [name for name in names if name is not None and name not in found]
        return found

    def opening_descriptions(self) -> list[str]:
        """The people the narration before the first speech introduces as "a …", once each (see
        narrative.introduced_as_someone)."""
        found: list[str] = []
        for narration in self.opening_narration():
            found += [person for person in introduced_as_someone(narration, self.lexicon) if person not in found]
        return found

    def opening_narration(self) -> list[str]:
        """The narration (and unlabelled text) before the first speech, turn by turn."""
        found = []
        for turn in self.turns:
            if turn.kind == SPEECH:
                break
            if turn.kind == NARRATION or turn.kind == "unlabelled":
                found.append(self.text[turn.start:turn.end])
        return found

    def name_pronoun_speakers(self) -> None:
        """A line a 3rd-person pronoun introduces after the dialogue began is someone it has named,
        where that is one person: the one named party of the dialogue so far other than the speaker
        of the line before (after गुड्डू's line, उन्होंने हँसकर सिर हिलाया। "…": भोला काका, who spoke
        before), with no more narration between than a sentence before each line, and not where that
        person speaks the line after (one does not answer oneself), nor where an earlier line of the
        pronoun stayed its own party. Each line is read on its own (वह, woh are he and she: … Woh
        thoda ruke. "…" / Woh jaldi se boli, "…" are two people); the pronoun's other lines go with
        the person its read lines were, where that is one. Not in a
        record whose speakers are given; a pronoun for someone the scene only describes (बूढ़े कुली ने
        …, একটা বাচ্চা ছেলে) keeps its key (DESIGN.md)."""
        if self.speakers:
            return
        said = self.speech_so_far()
        original: dict[int, str] = {}   # line → the pronoun's key
        for n, turn in enumerate(said):
            if turn.speaker is not None and turn.speaker.endswith(UNNAMED_SUFFIX):
                original[n] = turn.speaker
        resolved: dict[str, set] = {}
        for n, key in original.items():
            if n == 0 or len(_sentences_of(self.text[said[n - 1].end:said[n].start], self.lexicon)) > 2:
                continue   # (narration between: someone may have come in, ঠিক তখনই সদর দরজায় কড়া নড়ল। …)
            if any(said[m].speaker == key for m in original if m < n):
                continue   # (the pronoun's person already a party of its own, unread: the same one again)
            if self.someone_new_between(said[n - 1].end, said[n].start):
                continue   # (… खड़ी मिसेज़ कपूर से रहा नहीं गया। वे …: the narration brought someone in)
            # (the parties of the dialogue so far: one who comes in later is not yet one of them)
            named = [speaker for speaker in dict.fromkeys(turn.speaker for turn in said[:n] if turn.speaker)
                     if not speaker.startswith(UNNAMED_DASH) and not speaker.endswith(")")]
            before = said[n - 1].speaker
            others = [name for name in named if name != before]
            person = others[0] if before in named and len(others) == 1 else None
            if person is None or n + 1 < len(said) and said[n + 1].speaker == person \
                    or self.calls(person, said[n].start, said[n].end):
                continue   # (nor one the line calls: "और सूरज, तुम्हारी …" is not सूरज's)
            said[n].speaker, said[n].unlisted = person, True
            resolved.setdefault(key, set()).add(person)
        people = {key: next(iter(persons)) for key, persons in resolved.items() if len(persons) == 1}
        for n, key in original.items():
            person = people.get(key)
            if person is not None and said[n].speaker == key \
                    and person not in [said[m].speaker for m in (n - 1, n + 1) if 0 <= m < len(said)]:
                said[n].speaker, said[n].unlisted = person, True
        for turn in said:
            if turn.to in people:
                turn.to = people[turn.to]

    def someone_new_between(self, start: int, end: int) -> bool:
        """Does the narration between two lines name a person by a title or person word that no party
        of the dialogue so far is called by (दरवाज़े पर खड़ी मिसेज़ कपूर …)?"""
        said = {w.casefold() for turn in self.speech_so_far() if turn.speaker
                for w in TOKEN.findall(turn.speaker)}
        narrative = self.lexicon.narrative
        for word in TOKEN.findall(self.text, start, end):
            key = self.lexicon.key(word)
            if (key in narrative.get("prefix_titles", ()) or self.lexicon.person_word(key)) \
                    and word.casefold() not in said:
                return True
        return False

    def _addresses(self, turn: RawTurn) -> bool:
        """Has the turn a word with a 2nd-person reading (a pronoun or a verb form: घबराओ, তুমি)?"""
        return any(self.lexicon.second_person_form(word) for word in TOKEN.findall(self.text, turn.start, turn.end))

    def ooc_spans(self, span_start: int, span_end: int) -> list[tuple[int, int, str]]:
        """The refusals and notes to the user in the text (what follows a refusal may continue it)."""
        previous_refusal = False   # a refusal, and nothing but notes after it
        for turn in reversed(self.turns):
            if turn.kind == NARRATION and whole_quote(self.text, *_trimmed(self.text, turn.start, turn.end)):
                continue   # (a line the refusal's offer quotes: > *"Tum log mujhe kya sikhaoge? …"*)
            if turn.kind != NOTE:
                previous_refusal = turn.kind == REFUSAL
                break
        # (text in Latin letters in a native-script record is read with the language's romanized cues:
        # Main gaali-galoch wala version nahi likh sakta, …)
        name = self.lexicon.name
        latin = self.latin_in_native(span_start, span_end)
        if latin and name == self.lexicon.language:
            name = f"{self.lexicon.language}-Latn"
        text, lexicon = self.text, self.lexicon

        def aside() -> bool:
            # the model's aside by its layout (in parentheses or italics, a note marker, a Latin line in
            # a native-script record): declining there is the model's, whatever it names (asked only of
            # a paragraph that declines: most never are)
            span = text[span_start:span_end]
            return latin or _is_stage_direction(span) or note_marked(span.lstrip(), lexicon)
        return out_of_character_spans(self.text, span_start, span_end, name,
                                      reply_to_user=self.reply_to_user, latin_record=self.record_script == "latn",
                                      after_refusal=previous_refusal, latin_letters=self.latin_letters, aside=aside)

    def unlabelled(self, span_start: int, span_end: int,
                   ooc: list[tuple[int, int, str]] | None = None) -> None:
        """Text with no speaker label: OOC text, narrative quotes, or plain text
        (``ooc``: its out-of-character spans, when the caller has them)."""
        text, turns = self.text, self.turns
        if ooc is None:
            ooc = self.ooc_spans(span_start, span_end)
        position = span_start
        for ooc_start, ooc_end, kind in ooc:
            if ooc_start > position and text[position:ooc_start].strip():
                self.plain(position, ooc_start)
            # (a quote in the model's own words is a line it mentions or offers, not address to
            # the user: आपने जो पंक्ति दी थी — "तू …" —, as a quote after a name's own speech is)
            turns.append(RawTurn(None, kind, ooc_start, ooc_end,
                                 speech_segments(text, ooc_start, ooc_end, self.lexicon, labelled=True), ooc=True))
            position = ooc_end
        if position < span_end and text[position:span_end].strip():
            self.plain(position, span_end)

    def narrative_turn(self, speaker: str | None, unlisted: bool, start: int, end: int,
                       to: str | None = None) -> None:
        # a quote inside the quote is someone else's words or a title ('आप की क़सम' देखी थी?)
        self.turns.append(RawTurn(speaker, SPEECH, start, end,
                                  speech_segments(self.text, start, end, self.lexicon, labelled=True, quote=True),
                                  unlisted=unlisted, narrative=True, to=to))
        self.speech_seen = True

    def speech_so_far(self) -> list[RawTurn]:
        """The speech turns read so far, kept as the turns are read (a long story asks at every
        quote line; reading all its turns again each time made its cost grow with their square)."""
        turns, said = self.turns, self.said
        while self.said_upto < len(turns):
            turn = turns[self.said_upto]
            self.said_upto += 1
            if turn.kind == SPEECH:
                said.append(turn)
                self.all_said_narrative = self.all_said_narrative and turn.narrative
                self.named_said = self.named_said or not (turn.speaker or "").startswith(UNNAMED_DASH)
        return said

    def said_names(self) -> list[str]:
        """The names of the speakers of the speech so far (no pronoun's, narrator's or unnamed key), kept
        as the turns are read (asked at every paragraph)."""
        said = self.speech_so_far()
        while self.names_said_upto < len(said):
            speaker = said[self.names_said_upto].speaker
            self.names_said_upto += 1
            if speaker and "(" not in speaker and not speaker.startswith(UNNAMED_DASH):
                self.names_said[speaker] = None
        return list(self.names_said)

    def latin_in_native(self, start: int, end: int) -> bool:
        """Is ``text[start:end]`` in Latin letters only, in a native-script record?"""
        return self.latin_letters and self.record_script != "latn" and _is_latin_only(self.text[start:end])

    def paragraph_lexicon(self, start: int, end: int) -> Lexicon:
        """The lexicon to read a paragraph's narration with: the record's, or the language's romanized
        one for a paragraph in Latin letters only in a native-script record."""
        if self.latin_in_native(start, end):
            return _romanized_lexicon(self.lexicon) or self.lexicon
        return self.lexicon

    def unframed_speaker(self) -> tuple[str | None, bool] | None:
        """A bare quote paragraph in a narrative: the other party of the last quote."""
        said = self.speech_so_far()
        if not said or not self.all_said_narrative:
            return None
        last = said[-1].speaker
        for turn in reversed(said):
            if turn.speaker != last:
                return turn.speaker, turn.unlisted
        others = [spec.name for spec in self.speakers if spec.name != last]
        if len(self.speakers) == 2 and len(others) == 1:
            return others[0], False
        if self.speakers or self.quote_dialogue or self.reply_to_user:
            return None   # (in a dialogue of bare quoted lines, they alternate: see plain; in a reply, a
            # bare quote may be an example)
        # one speaker so far, none listed: the one their quote was said to answers it (বাবাকে বলল,
        # "…"), else someone no cue names (a call is address, not a speaker cue: DESIGN.md)
        answerer = said[-1].to
        return (answerer, True) if answerer is not None else (f"{UNNAMED_DASH}1", True)

    def plain(self, span_start: int, span_end: int) -> None:
        text, turns, lexicon = self.text, self.turns, self.lexicon
        pending, self.pending_frame = self.pending_frame, None
        colon, self.pending_colon = self.pending_colon, False
        quoted = whole_quote(text, span_start, span_end)
        if pending is not None and colon and not quoted \
                and not any(q in text[span_start:span_end] for q in OPENING_QUOTE_CHARACTERS):
            # আমি বিক্রেতাকে মেসেজ দিলাম: / ভাই, সাইকেলটা কি এখনো আছে? — a message or speech unquoted
            # on the line after a frame line that ends in a colon is what the frame introduces
            self.narrative_turn(pending[0], pending[1], *_trimmed(text, span_start, span_end))
            return
        if quoted:
            # नेहा ने पूछा:\n"तुम कहाँ थे?" — or a bare quote answering the last one
            speaker: tuple[str | None, bool] | None = pending \
                or self.not_the_one_called(self.named_by_line_before(quote=True), quoted[0], quoted[1])
            if speaker is None:
                speaker = self.unframed_speaker()
                alternated = speaker[0] if speaker is not None else None
                if alternated is not None and self.turned_to_in_line_before(alternated):
                    # the line before turns to the one the alternation gives, who is spoken to: the one
                    # it is about speaks, named once or again (শ্রাবণী … আঁকছিল। পেনসিল নামিয়ে
                    # হেডস্যারের দিকে ফিরল: / "আপনি …")
                    speaker = self.named_earlier_in_line_before(alternated, opening=True) or speaker
                elif alternated is not None and self.calls(alternated, quoted[0], quoted[1]):
                    # the line calls the one the alternation gives ("ঋজু, তুই …" after বাপ্পা's answer to
                    # ঋজু): the one the narration line before it is about speaks, by an earlier sentence's
                    # subject (তিতলি … মুখস্থ করছিল। বারবার খাতাটা খুলছে …)
                    speaker = self.named_earlier_in_line_before(alternated) or speaker
            if speaker is None and self.quote_dialogue:
                # a dialogue of bare quoted lines ("Kaku, duto cha dao." / "Dichhi. …"): its
                # first unframed line opens the alternation of unnamed speakers
                speaker = self.next_dash_speaker()
            if speaker:
                self.narrative_turn(speaker[0], speaker[1], quoted[0], quoted[1])
                if pending is None:
                    self.inferred.append(self.turns[-1])
                if self.quote_dialogue and speaker[0] is not None:
                    self.dash_speakers.append(speaker[0])
                return
        if not self.reply_to_user and _last_visible(text, span_start, span_end) in (":", "：") \
                and not (self.story and _holds_a_quote(text[span_start:span_end])):
            # (a paragraph of a story that holds a quote is read for it, whatever it ends in: … कहा, "आप
            # बैठिए।" फिर बबलू की ओर मुड़े:)
            # (an action that ends in a colon, in a story under way or by one who spoke before, is narration
            # that leads into the line after it: অমলবাবু এগিয়ে এলেন:, not the model's note)
            words = TOKEN.findall(text, span_start, span_end)
            leads_on = bool(self.speech_seen and len(words) > 1 and lexicon.narrative
                            and ends_in_a_finite_verb([lexicon.key(w) for w in words], lexicon)
                            and (self.story or any(name.split()[0] == words[0] for name in self.said_names())))
            turns.append(RawTurn(None, NARRATION if leads_on else NOTE, span_start, span_end))
            return
        last_speaker: tuple[str, bool] | None = None
        for number in range(len(turns) - 1, -1, -1):
            turn = turns[number]
            if turn.kind == SPEECH and turn.narrative and turn.speaker:
                last_speaker = (turn.speaker, turn.unlisted)
                # (narration after that quote with a subject of its own goes on instead: … ईशा ने डिब्बा
                # … लिया। आरव … सीटी बजाने लगा। / फिर भोलेपन से बोला, "…": आरव, not ईशा; read only for a
                # paragraph that can hold a quote)
                last = turns[-1]
                if number < len(turns) - 1 and last.kind == NARRATION \
                        and may_hold_quotes(text[span_start:span_end]):
                    sentences = _sentences_of(text[last.start:last.end], lexicon)
                    acting = _acting_subject(sentences[-1], lexicon, self.index, text) if sentences else None
                    if acting is not None:
                        last_speaker = acting
                break
        # (a paragraph in Latin letters in a native-script record has its frames read with the language's
        # romanized lexicon: a story that goes on in Banglish, Jhumadi phone tule nilo. "Ar Tubai, tui …")
        quotes = narrative_quotes(text, span_start, span_end, self.paragraph_lexicon(span_start, span_end),
                                  self.index, last_speaker, story=self.story, said=self.said_names())
        if quotes:
            position = span_start
            for quote in quotes:
                if quote.start > position and text[position:quote.start].strip():
                    turns.append(RawTurn(None, NARRATION, position, quote.start))
                self.narrative_turn(quote.speaker, quote.unlisted, quote.start, quote.end, quote.addressee)
                position = quote.end
            if position < span_end and text[position:span_end].strip():
                turns.append(RawTurn(None, NARRATION, position, span_end))
            self.speech_seen = True
            return
        if self.story and self.unframed_story_quotes(span_start, span_end):
            return
        if self.story and self.speech_seen and self.quote_after_narration(span_start, span_end):
            return
        # Part of the previous labelled speech turn, or (before any labelled
        # turn) scene-setting narration — unless nothing is labelled, in which
        # case the whole text is one utterance (handled in split_turns).
        if self.speech_seen and turns and turns[-1].kind == SPEECH and turns[-1].label is not None \
                and self.last_break < turns[-1].start:
            previous = turns[-1]
            previous.segments.extend(speech_segments(text, span_start, span_end, lexicon))
            previous.end = span_end
            return
        turns.append(RawTurn(None, "unlabelled", span_start, span_end))


def _names_a_form_in_a_cell(line: str, lexicon: Lexicon) -> bool:
    """Is the line a table row with a cell that is a 2nd-person pronoun alone, or with a note in
    parentheses after it (| तू | tu | … |, | Karim | … | **apni** | …, | … | **tui** (kom) |): a row of
    a table of the forms?"""
    if not line.lstrip().startswith("|"):
        return False
    for cell in line.split("|")[1:-1]:
        word = cell.split("(")[0].strip(" \t*_`")   # (a note on the form after it: **tui** (kom))
        if word and " " not in word and lexicon.key(word) in lexicon.pronouns:
            return True
    return False


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    """The span without the blockquote mark, markup and spaces around it (> *"…"* → "…")."""
    while start < end and text[start] in " \t>*_":
        start += 1
    while end > start and text[end - 1] in " \t*_":
        end -= 1
    return start, end


def _sentences_of(line: str, lexicon: Lexicon) -> list[str]:
    """The sentences of a narration line (সে দরজা খুলল। মা রান্নাঘর থেকে গলা তুললেন,); a title's
    abbreviation (``narrative.prefix_titles``: Mrs., Dr., डॉ.) ends none (Mrs. Kapoor, डॉ. नंदिता राव are
    one name)."""
    split = _SENTENCE_SPLITS.get(lexicon.name)
    if split is None:
        split = _SENTENCE_SPLITS[lexicon.name] = regexcache.compile(
            f"(?<=[{SENTENCE_ENDS}])\\s+|(?<=\\.)" + not_a_title_s_stop(lexicon) + "\\s+")
    return [p for p in split.split(line.strip()) if p.strip()]


_EMPHASIZED_WORD = regexcache.compile(f"(?<![*\\w])\\*{{1,2}}[^*\\s{class_body(characters=DOUBLE_QUOTES + SINGLE_QUOTES)}]{{1,20}}"
                             r"\*{1,2}(?![*\w])")
#: lexicon name → its sentence split (see _sentences_of)
_SENTENCE_SPLITS: dict[str, re.Pattern] = {}


def split_turns(text: str, speakers: list[SpeakerSpec], default_speaker: str | None,
                lexicon: Lexicon, record_script: str, index: SpeakerIndex | None = None, *,
                reply_to_user: bool = False, latin_letters: bool = True, story: bool = False) -> list[RawTurn]:
    """Split ``text`` into turns (speech, narration, notes, refusals), in order.

    ``reply_to_user``: the record is a plain reply to the user (no speakers,
    no task): a line ending in ":" is then part of the reply ("आप यह कर
    सकते हैं:"), not a note before a dialogue. ``latin_letters``: False when
    the text has no Latin letter (then no paragraph is searched for English cues).
    ``story``: the text continues a story (its narration is the narrator's, not a speaker's
    utterance): a frame in a past before the past narrates (नानी ने कहा था, "…").
    """
    index = index or SpeakerIndex(speakers, lexicon)
    if plain_line(text) and not _is_note(text, lexicon, record_script):
        # one line that no layout, label, note, direction, frame or quote can be: what the
        # line-by-line reading below gives it, without the reading (tested to be the same)
        splitter = _TurnSplitter(text, speakers, lexicon, record_script, index, reply_to_user, 0,
                                 not reply_to_user, latin_letters)
        splitter.unlabelled(0, len(text))
        return _finished(splitter.turns, text, default_speaker, lexicon, plain=True)
    return _split_lines(text, speakers, default_speaker, lexicon, record_script, index,
                        reply_to_user=reply_to_user, latin_letters=latin_letters, story=story)


# the characters that can make a line more than plain speech: a line break (str.splitlines),
# label and table marks, markup, brackets, quotes, dashes
_NOT_PLAIN = regexcache.compile("[" + re.escape(
    "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\ufeff:：|{}[]()*_#>•–—―" + DOUBLE_QUOTE_MARKS + SINGLE_QUOTES
    + DOUBLE_OPENING + SINGLE_OPENING) + "]")
# a hyphen that is not inside a word (a bullet, a spaced dash, a dash at a word's edge)
_LOOSE_HYPHEN = regexcache.compile(f"-(?:(?<![{WORD_CHARACTERS}]-)|(?![{WORD_CHARACTERS}]))")


def plain_line(text: str) -> bool:
    """Is ``text`` one line of plain speech, which :func:`split_turns` reads as one unlabelled
    paragraph? It opens with a letter, holds none of the characters of a layout, label,
    stage direction, note marker or quote (a hyphen only inside a word: कभी-कभी, माता-पिता),
    and does not end in a comma (a frame line).

    >>> plain_line("तुम कल आओगे न?"), plain_line("राम: तुम कल आओगे न?"), plain_line("राम ने कहा,")
    (True, False, False)
    """
    return text[:1].isalpha() and _NOT_PLAIN.search(text) is None and text.rstrip()[-1:] != "," \
        and not ("-" in text and _LOOSE_HYPHEN.search(text) is not None)


def _split_lines(text: str, speakers: list[SpeakerSpec], default_speaker: str | None,
                 lexicon: Lexicon, record_script: str, index: SpeakerIndex, *,
                 reply_to_user: bool = False, latin_letters: bool = True, story: bool = False) -> list[RawTurn]:
    """The turns of ``text`` read line by line (see :func:`split_turns`)."""
    lines = []
    position = 0
    for raw_line in text.splitlines(keepends=True):
        line_end = position + len(raw_line.rstrip("\r\n"))
        lines.append((position, line_end))
        position += len(raw_line)

    # First pass: find labels (layout.py), so that unlisted names are accepted only in
    # texts that really are labelled dialogue.
    labelled: list[tuple[LineLabel | None, int]] = [line_label(text, s, e) for s, e in lines]
    json_labels, json_structure = json_object_labels(text, lines)   # (one key a line)
    for number, json_label in json_labels.items():
        labelled[number] = (json_label, 0)
    any_label = any(label is not None for label, _ in labelled)   # (most texts: none, nothing to weigh)
    if any_label:
        # a line wholly in bold with a colon inside is a heading (**অফিসে সম্বোধন: সংক্ষেপে**)
        labelled = [(None, offset) if label is not None and "**" in text[s:e] and _bold_heading(text[s:e])
                    else (label, offset) for (label, offset), (s, e) in zip(labelled, lines)]
        title = _title_line(text, lines, labelled)
        if title is not None:
            labelled[title] = (None, labelled[title][1])
        # [NAME] text: a bracketed word is a name only when it is a listed speaker or labels
        # two lines; else it is a stage direction before the speech ([हँसते हुए] …)
        bracketed = [label.name for label, _ in labelled if label and label.kind == "bracket"]
        for number, (label, offset) in enumerate(labelled):
            if label and label.kind == "bracket" and bracketed.count(label.name) < 2 \
                    and index.match(label.name) is None:
                labelled[number] = (None, offset)
    # a table's header row (the row above |---|) and its rule are not turns
    table_rows: set[int] = set(json_structure)   # (and the braces and name lines of a JSON list)
    for number, (line_start, line_end) in enumerate(lines if "|" in text else ()):
        if is_table_rule(text[line_start:line_end]):
            table_rows.add(number)
            above = labelled[number - 1][0] if number else None
            if above is not None and above.kind == "table":
                table_rows.add(number - 1)
        elif _names_a_form_in_a_cell(text[line_start:line_end], lexicon):
            table_rows.add(number)   # (| Karim | Sultana madam | **apni** | …: a table of the forms, no turn)
    if any_label:
        # an unlisted name set off by a dash on a bullet or numbered line heads a list item
        # (- ম্যাডামদের ক্ষেত্রেও একই — "আপনি" …, * **ডাক্তার বনাম তান্ত্রিক** — …): no speaker
        labelled = [(None, offset) if label is not None and label.kind == "colon" and _list_line(text, s, e, offset)
                    and text[s:label.content_start].rstrip(" \t*_")[-1:] in DASHES + "-"
                    and index.match(label.name) is None else (label, offset)
                    for (label, offset), (s, e) in zip(labelled, lines)]
        any_label = any(label is not None for label, _ in labelled)
    # a label with words after it on its line ("## मूल्यांकन:" alone is a heading)
    plausible = [label.name for number, (label, _) in enumerate(labelled)
                 if label and number not in table_rows and plausible_name(label.name)
                 and text[label.content_start:label.content_end].strip()] if any_label else []
    # (a Fountain layout needs two name lines and their speech: three lines at least)
    fountain = _fountain_lines(text, lines, labelled, index) if len(lines) >= 3 else {}
    plausible += [fountain[number].name for number in sorted(fountain)]
    label_count = len(plausible)
    # In a plain reply to the user, unlisted labels make a dialogue only when some
    # name labels two turns or two names alternate; "মূল থিম:", "বিভাগ মিলান:",
    # "रोगी की शिकायत:" once each are headings of the reply.
    # Labels on bullet lines (* **টেক্সট ফাইল:** …) in a reply are the items of a list
    # unless a name comes back.
    # (a numbered item, 1. / ১., is an item of a list as a bullet is)
    bullets = [_list_line(text, s, e, offset) for (label, offset), (s, e) in zip(labelled, lines)
               if label is not None] if any_label else []
    repeated = len(set(plausible)) < label_count
    dialogue_labels = not reply_to_user or bool(fountain) or (
        label_count >= 2 and (repeated or (len(set(plausible)) == 2 and not all(bullets))))
    # dash dialogue: two or more lines opened by an em or en dash
    dashes = [dash_line(text[s:e]) for s, e in lines] if len(lines) >= 2 and any(d in text for d in _LINE_DASHES) \
        else [None] * len(lines)
    # (and lines that open with narration or a frame, then a dash and speech: রনি ব্যাগটা নামিয়ে
    # রাখল। —তুই …, शीला बोली — तुम …)
    dash_dialogue = sum(1 for d in dashes if d is not None) + sum(
        1 for d, (s, e) in zip(dashes, lines) if d is None and any(c in text[s:e] for c in _LINE_DASHES)
        and (_NARRATION_THEN_DASH.search(text, s, e) is not None or _frame_then_dash(text, s, e, lexicon) is not None)) >= 2

    splitter = _TurnSplitter(text, speakers, lexicon, record_script, index, reply_to_user, label_count,
                             dialogue_labels, latin_letters)
    splitter.bulleted_labels = bool(bullets) and all(bullets)
    splitter.story = story
    # (not where labels name speakers: a quoted line there is an example or a line read out)
    splitter.quote_dialogue = not reply_to_user and not label_count and len(lines) >= 2 \
        and any(q in text for q in OPENING_QUOTE_CHARACTERS) \
        and sum(1 for s, e in lines if whole_quote(text, s, e) is not None) >= 2
    turns = splitter.turns
    note_section_end = -1   # the end of a note section about the answer (see _note_section_end)
    in_ooc_list = False   # in a list of options the model's own words introduced
    for number, ((line_start, line_end), (label, offset)) in enumerate(zip(lines, labelled)):
        line = text[line_start:line_end]
        if not line.strip():
            splitter.fountain_speaker = None   # a blank line ends a Fountain speech
            splitter.last_break = line_start
            continue
        if line_start < note_section_end:
            turns.append(RawTurn(None, NOTE, line_start, line_end, about_answer=True))
            continue
        if turns and turns[-1].kind in (NOTE, REFUSAL) \
                and (turns[-1].ooc or any(t.kind == REFUSAL for t in turns)) \
                and _list_line(text, line_start, line_end, offset) and (
                    in_ooc_list or text[turns[-1].start:turns[-1].end].rstrip(" \t*_").endswith((":", "："))) \
                and (label is None or in_ooc_list or _option_headings(text, lines, labelled, number, index, lexicon)):
            # the items of a list the model's own words introduce (… मैं इनमें से किसी में मदद कर
            # सकता हूँ: / - **हवालात की रात** — … / 1. **जागरूकता वीडियो:** …): its options, out of
            # character, their bold headings no speakers (also after a refusal's offer that is a
            # note by its colon alone: … तो मैं इनमें से कुछ ज़रूर कर सकता हूँ:)
            turns.append(RawTurn(None, NOTE, line_start, line_end, ooc=True))
            in_ooc_list = True
            continue
        after_options, in_ooc_list = in_ooc_list, False
        if after_options and (label is None or not _names_a_speaker(label.name, index, lexicon)) \
                and not any(q in line for q in DOUBLE_QUOTE_CHARACTERS) and dash_line(line) is None:
            # a paragraph right after the model's list of options goes on in its voice, as do the
            # paragraphs after it until a label or a quote (एक बात हमेशा याद रखें: …, आप बताइए, कौन-सा
            # चुनूँ?): no character speaks there
            turns.append(RawTurn(None, NOTE, line_start, line_end, ooc=True))
            in_ooc_list = True
            continue
        # A heading after the requested text that opens an explanation of its forms is a note
        # about the answer given (not a meta-answer given instead; its quoted forms are mentions).
        # (In a plain reply to the user an explanation after an introduction may be the answer.)
        if line.lstrip()[:1] in ("#", "*") and not reply_to_user and number \
                and not text[lines[number - 1][0]:lines[number - 1][1]].strip() and _heading(line) \
                and _answer_addresses(text, turns, lexicon):
            note_section_end = _note_section_end(text, lines, number, lexicon)
            if note_section_end > 0:
                turns.append(RawTurn(None, NOTE, line_start, line_end, about_answer=True))
                continue
        if line.lstrip(" \t")[:1] in ("-", "*", "_") and _RULE_LINE.match(line):
            turns.append(RawTurn(None, NARRATION, line_start, line_end))   # --- : a thematic break
            splitter.last_break = line_start
            continue
        splitter.line_before, splitter.line_before_next = splitter.line_before_next, None
        splitter.line_before_speaker, splitter.line_before_next_speaker = splitter.line_before_next_speaker, None
        if number in table_rows:
            turns.append(RawTurn(None, NARRATION, line_start, line_end))
            continue
        if number in fountain:
            cue = fountain[number]
            speaker, unlisted = splitter.speaker_of_name(cue.name)
            if speaker is not None:
                turns.append(RawTurn(None, NARRATION, line_start, line_end, label=cue.name))
                splitter.fountain_speaker = (speaker, unlisted, cue.name)
                splitter.fountain_direction = cue.direction   # मास्टर जी (छोटू से)
                continue
        if splitter.fountain_speaker is not None:
            if splitter.fountain_line(line_start, line_end):
                continue
        listed_label = label is not None and index.match(label.name) is not None
        # (a line of romanized Hindi or Bangla in a native-script record is a character's: _romanized_line)
        if not listed_label and _is_note(line[offset:], lexicon, record_script) \
                and not _note_declines(line, lexicon, record_script) \
                and not _romanized_line(text, line_start, line_end, label, splitter, record_script):
            turns.append(RawTurn(None, NOTE, line_start, line_end))
            continue
        if _is_stage_direction(line[offset:]) and not (reply_to_user and _is_emphasis(line[offset:])):
            ooc = splitter.ooc_spans(line_start, line_end)
            if ooc:
                # (দুঃখিত, এর পরের অংশটি আমি লিখতে পারব না।): the model's note in parentheses
                splitter.unlabelled(line_start, line_end, ooc)
            else:
                turns.append(RawTurn(None, NARRATION, line_start, line_end))
            continue
        # a frame line's speaker waits for the very next line only
        splitter.pending_frame, splitter.frame = splitter.frame, None
        splitter.pending_colon, splitter.frame_colon = splitter.frame_colon, False
        # (an action ending in a colon frames the next line in a story; the model's English frames none,
        # Here's a natural reply in Hinglish: — asked only of a line with a colon)
        colon_line = ":" in line or "：" in line
        english = colon_line and _is_latin_only(line) and is_english(line, lexicon.second_person_form)
        framed = None if english else frame_line(line, lexicon, index, text, splitter.story and colon_line,
                                                  splitter.speech_seen)
        if framed:
            # "राजा ने कहा:" on its own line: narration whose quote follows
            turns.append(RawTurn(None, NARRATION, line_start, line_end))
            splitter.frame = framed
            splitter.frame_colon = line.rstrip(" \t*_").endswith((":", "："))
            continue
        dash = dashes[number] if dash_dialogue else None
        if dash is not None and label is None:
            inner, _ = line_label(text, line_start + dash, line_end)
            if inner is None or not splitter.label_names_speaker(inner):
                splitter.dash_turn(line_start, line_start + dash, line_end)
                continue
            label = inner
        if label and (line.lstrip(" \t")[:1] == "#" or _bold_title(text, line_start, label.content_start, line_end)) \
                and index.match(label.name) is None and text[label.content_start:label.content_end].strip():
            # a markdown heading with a subtitle (### सीन: बस स्टॉप, शाम), or a line in bold from
            # before its "label" to its end (**Slack thread — #release-war-room** 🚨): a title,
            # no speaker's label, unless the name is a listed person's
            label = None
        if label:
            speaker, unlisted, name = splitter.speaker_of_label(label)
            content_start, content_end = label.content_start, label.content_end
            if speaker is None and {lexicon.key(w) for w in TOKEN.findall(name)} & lexicon.non_speaker_labels:
                ooc = splitter.ooc_spans(line_start, line_end)
                if ooc:
                    # the model's refusal before a dash or colon (Ami puro scene ta likhte parbo
                    # na — prompt e …): out of character, whatever words its "label" has
                    splitter.unlabelled(line_start, line_end, ooc)
                    continue
                turns.append(RawTurn(None, NARRATION, line_start, line_end, label=name))
                continue
            if speaker is not None:
                if content_start >= content_end or not text[content_start:content_end].strip():
                    if dash_dialogue and _a_clause_with_its_subject(name, lexicon, index, text):
                        # in dash dialogue, a clause with its subject before a colon (অমলবাবু গলা খাঁকারি
                        # দিলেন:), no label: narration, whose subject speaks the dash line after it
                        turns.append(RawTurn(None, NARRATION, line_start, line_end))
                        splitter.line_before_next = line
                        continue
                    # "Here is the dialogue:" — a label with nothing after it.
                    turns.append(RawTurn(None, NOTE, line_start, line_end, label=name))
                    continue
                segments = speech_segments(text, content_start, content_end, lexicon, labelled=True)
                turns.append(RawTurn(speaker, SPEECH, content_start, content_end, segments,
                                     label=name, unlisted=unlisted, direction=label.direction))
                if dash_dialogue:
                    splitter.dash_speakers.append(speaker)   # the next unnamed dash line answers it
                # a parenthesis in the line that speaks to the user: a note to the user
                if "(" in text[content_start:content_end]:
                    for aside in _STAGE_DIRECTION.finditer(text, content_start, content_end):
                        if text[aside.start()] == "(" and user_aside(text, aside.start(), aside.end(), lexicon):
                            # (one that declines a part is a refusal: … (Script mein yahan thappad tha,
                            # woh maine nahi likha. Tum chaho toh …))
                            declines = any(kind == REFUSAL
                                           for _, _, kind in splitter.ooc_spans(aside.start(), aside.end()))
                            turns.append(RawTurn(None, REFUSAL if declines else NOTE, aside.start(), aside.end(),
                                                 ooc=True))
                splitter.speech_seen = True
                continue
            label = None   # (a "label" that names no one: शीला बोली — …, a frame)
        if dash_dialogue and label is None:
            # narration, then a dash and speech on the same line (Constable Biswas kolom ta
            # namalen. — Cycle er rong ki chhilo?): the narration's subject speaks it
            after = _NARRATION_THEN_DASH.search(text, line_start, line_end) or _frame_then_dash(text, line_start,
                                                                                                line_end, lexicon)
            if after is not None:
                turns.append(RawTurn(None, NARRATION, line_start, after.start() + 1))
                splitter.line_before = text[line_start:after.start() + 1]
                splitter.dash_turn(line_start, after.end(), line_end)
                continue
        if dash_dialogue or not _holds_a_quote(line):
            # a narration line: its last sentence's subject speaks a dash line or a quote line
            # right after it (… তিতলি হঠাৎ অর্কের হাত ধরে টানল।\n"এই অর্ক, দেখ দেখ!")
            splitter.line_before_next = line
        said = len(turns)
        splitter.unlabelled(line_start, line_end)
        if len(turns) > said and turns[-1].kind in (NOTE, REFUSAL) and turns[-1].ooc:
            splitter.line_before_next = None   # (the model's own words name no speaker: Here's a … in Banglish:)
        elif not dash_dialogue and _holds_a_quote(line):
            # so does the narration after a line's last quote that ends in a colon (… বললাম, "…" তারপর
            # টিকিটটা চেকারবাবুর দিকে বাড়িয়ে দিলাম:\n"এই নিন, দাদা।"); with its subject elided, the one who
            # said that quote goes on (Ramesh Gupta ne … kaha, "…" Phir Sunita se bole:\n"Aap …")
            tail = _after_the_last_quote(line)
            if tail is not None and tail.rstrip(" \t*_").endswith((":", "：")) and TOKEN.search(tail):
                splitter.line_before_next = tail
                spoken = [t for t in turns[said:] if t.kind == SPEECH and t.speaker]
                speaker = spoken[-1].speaker if spoken else None
                splitter.line_before_next_speaker = (speaker, spoken[-1].unlisted) if speaker else None

    splitter.settle_called_speakers()
    splitter.name_unnamed_speakers()
    splitter.name_pronoun_speakers()
    splitter.name_speakers_by_their_term()
    return _finished(turns, text, default_speaker, lexicon)


# a sentence end, then a dash that opens speech: ". — …", "। —…"
_NARRATION_THEN_DASH = regexcache.compile(f"[{SENTENCE_ENDS}.]{DASH_BREAK.pattern}(?=\\S)")
# a comma or colon (or nothing), then a dash that opens speech
_LEAD_IN_THEN_DASH = regexcache.compile(f"[,:：]?{DASH_BREAK.pattern}(?=\\S)")


def _frame_then_dash(text: str, start: int, end: int, lexicon: Lexicon) -> re.Match | None:
    """A reporting clause that leads into dash speech on its line (ভেতরে ঢুকে বললেন, —ঝগড়া পরে
    করো।, पीछे मुड़कर बोली: — …, शीला बोली — …): the comma or colon after its reporting verb, if
    any, and the dash; a comma and a dash after any other word is narration going on (সে, — মানে …)."""
    if not lexicon.narrative:
        return None
    for found in _LEAD_IN_THEN_DASH.finditer(text, start, end):
        # (the sentence before the dash only: a long line's words are not read again at each dash)
        sentence_start = max(start, *(text.rfind(mark, start, found.start()) + 1 for mark in _SENTENCE_MARKS))
        words = TOKEN.findall(text, sentence_start, found.start())
        if words and lexicon.key(words[-1]) in lexicon.narrative["reporting_verbs"] and (
                text[found.start()] in ",:：" or _names_its_subject(text, start, sentence_start, found.start(), lexicon)):
            return found   # (with no comma, a frame that names its subject: not "'apni' bolo — …", advice)
    return None


def _names_its_subject(text: str, line_start: int, sentence_start: int, end: int, lexicon: Lexicon) -> bool:
    """Does the frame before a dash name its subject, in its sentence or, elided, in the sentence
    before it (আব্বা খানিকক্ষণ চুপ করে রইলেন। তারপর বললেন — …)?"""
    if frame_speaker(text[sentence_start:end], lexicon, None) is not None:
        return True
    before = max(line_start, *(text.rfind(mark, line_start, max(line_start, sentence_start - 1)) + 1
                               for mark in _SENTENCE_MARKS))
    return before < sentence_start and frame_speaker(text[before:end], lexicon, None) is not None


_SENTENCE_MARKS = tuple(SENTENCE_END_MARKS + ".\n")


def _finished(turns: list[RawTurn], text: str, default_speaker: str | None, lexicon: Lexicon,
              plain: bool = False) -> list[RawTurn]:
    """The turns with their unlabelled text settled: with no speech anywhere, one utterance
    by the default speaker (its pieces merged); else narration. (``plain``: a plain line.)"""
    if not any(t.kind == SPEECH for t in turns):
        # No labels: one utterance by the default speaker.
        merged: RawTurn | None = None
        out = []
        for turn in turns:
            if turn.kind == "unlabelled":
                segments = speech_segments(text, turn.start, turn.end, lexicon, plain=plain)
                if merged is None:
                    merged = RawTurn(default_speaker, SPEECH, turn.start, turn.end, segments)
                    out.append(merged)
                else:
                    merged.segments.extend(segments)
                    merged.end = turn.end
            else:
                out.append(turn)
        turns = out
    else:
        for turn in turns:
            if turn.kind == "unlabelled":
                turn.kind = NARRATION
    return turns


def _fountain_lines(text: str, lines: list[tuple[int, int]], labelled: list,
                    index: SpeakerIndex) -> dict[int, CueLine]:
    """Fountain screenplay: line number → its character line (:func:`layout.cue_line`), for
    lines that hold only a speaker's name (in brackets, or with an extension or direction in
    parentheses after it) with the speech (or a parenthetical) on the very next line. A name
    counts when it is a listed speaker or names two such blocks (a name in brackets: not by
    recurring alone, as a song's [Chorus] does), is written in capitals, has a screenplay
    extension, a parenthetical below, or is a kin term or role; the layout needs two blocks."""
    candidates: dict[int, CueLine] = {}
    for number in range(len(lines) - 1):
        start, end = lines[number]
        next_start, next_end = lines[number + 1]
        if labelled[number][0] is not None or not text[next_start:next_end].strip():
            continue
        cue = cue_line(text[start:end])
        if cue is None or (number and text[lines[number - 1][0]:lines[number - 1][1]].strip()):
            continue   # a name line stands after a blank line (or opens the text)
        candidates[number] = cue
    names = [cue.name for cue in candidates.values()]
    lexicon = index.lexicon
    found = {number: cue for number, cue in candidates.items()
             if index.match(cue.name) is not None or (names.count(cue.name) >= 2 and not cue.bracketed)
             # a cue in capitals (RIYA), with an extension (V.O.), with its (parenthetical) below,
             # or a kin term or role
             or (cue.name.isupper() and cue.name.isascii()) or cue.extension is not None
             or parenthetical(text[lines[number + 1][0]:lines[number + 1][1]]) is not None
             or any(lexicon.person_word(lexicon.key(w))
                    for w in TOKEN.findall(cue.name))}
    if len(found) < 2:
        return {}
    # once two blocks show the layout, a name line of the same shape is a cue whatever its name
    # (कैमरामैन / रेडी है, बॉस। … after निर्देशक's blocks); a bracketed one still needs more
    return {number: cue for number, cue in candidates.items() if number in found or not cue.bracketed}
