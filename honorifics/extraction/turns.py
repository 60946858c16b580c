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
from dataclasses import dataclass, field

from ..model import NARRATION, NOTE, REFUSAL, SPEECH, SpeakerSpec
from .lexicon import Lexicon
from .narrative import frame_line, narrative_quotes, whole_quote
from .out_of_character import load_cues, out_of_character_spans
from .tokens import TOKEN

_LINE_MARKER = re.compile(r"^[ \t]*(?:(?:[-*•>#]+|\d+[.)]|[०-९০-৯]+[.)]|\(\d+\))[ \t]+)?")
_LABEL = re.compile(
    r"(?P<pre>[*_]{0,2})[ \t]*"
    r"(?P<name>[^\s:：*_()\[\]\"“”'।?!,।][^:：*_()\[\]\"“”'।?!\n]{0,38}?)"
    r"[ \t]*[*_]{0,2}[ \t]*"
    r"(?:[(\[](?P<direction>[^)\]\n]{0,80})[)\]])?"
    r"[ \t]*[*_]{0,2}[ \t]*(?P<sep>[:：]|[ \t][-–—][ \t])[ \t]*[*_]{0,2}")
_STAGE_DIRECTION = re.compile(r"\([^()\n]{0,200}\)|\[[^\[\]\n]{0,200}\]|(?<![*\w])\*[^*\n]{1,200}\*(?!\*)")
_QUOTE = re.compile(r"[\"“”«](?P<body>[^\"“”«»\n]{1,400})[\"“”»]"
                    r"|(?<![\w\u0900-\u0963\u0966-\u09ff])['‘](?P<body2>[^'‘’\n]{1,400})['’](?![\w\u0900-\u0963\u0966-\u09ff])")
_WRAPPING_QUOTES = {'"': '"', "“": "”", "”": "”", "'": "'", "‘": "’", "«": "»"}
_MAX_LABEL_TOKENS = 4
_CUT_MARKS = "([*\"“”'‘«"
_LABEL_SEPARATORS = (":", "：", " -", " –", " —", "\t-")


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

    # written out (init=False): compiled, a dataclass-made __init__ would run as Python
    def __init__(self, speaker: str | None, kind: str, start: int, end: int,
                 segments: list[tuple[int, int]] | None = None, label: str | None = None,
                 unlisted: bool = False, narrative: bool = False, ooc: bool = False) -> None:
        self.speaker = speaker
        self.kind = kind
        self.start = start
        self.end = end
        self.segments = [] if segments is None else segments
        self.label = label
        self.unlisted = unlisted
        self.narrative = narrative
        self.ooc = ooc


class SpeakerIndex:
    """Matches written labels to listed speakers, honorific variants included.

    डॉ. मिश्रा, मिश्रा जी and मिश्रा all find the speaker "डॉ. मिश्रा".
    """

    def __init__(self, speakers: list[SpeakerSpec], lexicon: Lexicon):
        self.lexicon = lexicon
        self.speakers = speakers
        self._exact: dict[tuple, str] = {}
        self._core: dict[tuple, set[str]] = {}
        for spec in speakers:
            for form in (spec.name, *spec.aliases):
                keys = self._keys(form)
                if keys:
                    self._exact.setdefault(keys, spec.name)
                core = self._core_keys(form)
                if core:
                    self._core.setdefault(core, set()).add(spec.name)
        self._name_keys = frozenset(k for core in self._core for k in core)

    def _keys(self, text: str) -> tuple:
        return tuple(self.lexicon.key(m.group()) for m in TOKEN.finditer(text))

    def _core_keys(self, text: str) -> tuple:
        return tuple(k for k in self._keys(text) if k not in self.lexicon.name_titles)

    def match(self, label: str) -> str | None:
        keys = self._keys(label)
        if not keys:
            return None
        if keys in self._exact:
            return self._exact[keys]
        core = tuple(k for k in keys if k not in self.lexicon.name_titles)
        if not core:
            # Only a title ("सर:", "ম্যাডাম:"): the one listed speaker whose name carries a title.
            titled = [spec.name for spec in self.speakers
                      if any(k in self.lexicon.name_titles for k in self._keys(spec.name))]
            return titled[0] if len(titled) == 1 else None
        names = self._core.get(core) if core else None
        if names and len(names) == 1:
            return next(iter(names))
        # One side's core words inside the other's (मिसेज़ कपूर / कपूर मैडम).
        if core:
            hits = {name for spec_core, spec_names in self._core.items()
                    for name in spec_names if set(core) <= set(spec_core) or set(spec_core) <= set(core)}
            if len(hits) == 1:
                return hits.pop()
        return None

    def mentioned_in(self, keys: list[str]) -> list[str]:
        """Listed speakers whose core name words occur in a token-key list (vocatives)."""
        found: list[str] = []
        present = set(keys)
        for core, names in self._core.items():
            if core and set(core) <= present:
                found.extend(n for n in names if n not in found)
        return found

    def name_keys(self) -> frozenset:
        """Every core word of every listed name (never evidence: হোসেন is a name)."""
        return self._name_keys


_NON_ASCII_LETTER = re.compile("[\u0900-\u09ff]")  # Indic letters; curly quotes are fine
_ASCII_LETTER = re.compile(r"[A-Za-z]")


def _is_latin_only(text: str) -> bool:
    return _NON_ASCII_LETTER.search(text) is None and _ASCII_LETTER.search(text) is not None


def _strip_markdown(line: str) -> str:
    return line.strip().strip("*_").strip()


def _is_stage_direction(line: str) -> bool:
    body = line.strip()
    if (body.startswith("*") and body.endswith("*") and not body.startswith("**")) or \
            (body.startswith("_") and body.endswith("_")):
        return True
    body = _strip_markdown(body)
    return (body.startswith("(") and body.endswith(")")) or (body.startswith("[") and body.endswith("]"))


def _is_emphasis(line: str) -> bool:
    """A whole line in markdown italics (_…_ or *…*): in a plain reply it is text, not a stage direction."""
    body = line.strip()
    return len(body) > 2 and body[0] in "_*" and body[-1] == body[0] and not body.startswith("**")


def _is_note(line: str, lexicon: Lexicon, record_script: str) -> bool:
    body = _strip_markdown(line).lstrip("(").casefold()
    # str.startswith with the tuple of markers rules out most lines in one call
    if body.startswith(lexicon.note_markers) and any(
            body.startswith(marker) and body[len(marker):len(marker) + 2].strip(" *")[:1] in (":", "：", "-")
            for marker in lexicon.note_markers):
        return True
    # A line in English inside a Hindi/Bangla answer is the model talking about
    # its answer ("Here's a polite way to say it:"), not a character speaking.
    return record_script != "latn" and _is_latin_only(line) and len(line.split()) >= 3


def _is_latin_only_inability(line: str, record_script: str) -> bool:
    """An English "I can't …" or "as an AI" line in a Hindi/Bangla record: a refusal, not just a note."""
    if record_script == "latn" or not _is_latin_only(line):
        return False
    cues = load_cues("hi").found(line)
    return "ai_identity" in cues or ("inability" in cues and "idiom" not in cues)


def _label_is_plausible(name: str) -> bool:
    """A speaker name: a few words, no digit (ধাপ ১, Step 2, 1. are headings)."""
    words = name.split()
    return 0 < len(words) <= _MAX_LABEL_TOKENS and not any(c.isdigit() for c in name)


def speech_segments(text: str, start: int, end: int, lexicon: Lexicon) -> list[tuple[int, int]]:
    """The parts of an utterance that are speech addressed to the addressee.

    Cuts inline stage directions, quoted mentions of single words ('आप'),
    and quotes introduced or closed by a reporting verb (कहा, বলল, said).
    """
    # Trim whitespace and a pair of quotes that wrap the whole utterance.
    while start < end and text[start] in " \t\r\n*_":
        start += 1
    while end > start and text[end - 1] in " \t\r\n*_":
        end -= 1
    if end - start >= 2 and text[start] in _WRAPPING_QUOTES and text[end - 1] == _WRAPPING_QUOTES[text[start]]:
        inner = text[start + 1:end - 1]
        if not any(q in inner for q in "\"“”"):
            start, end = start + 1, end - 1
    cuts: list[tuple[int, int]] = []
    body_text = text[start:end]
    if not any(mark in body_text for mark in _CUT_MARKS):   # most utterances: nothing to cut
        return [(start, end)] if end > start else []
    for match in _STAGE_DIRECTION.finditer(text, start, end):
        cuts.append(match.span())
    for match in _QUOTE.finditer(text, start, end):
        body = match.group("body") or match.group("body2") or ""
        words = TOKEN.findall(body)
        if len(words) <= 1:
            cuts.append(match.span())
            continue
        before = TOKEN.findall(text[max(start, match.start() - 40):match.start()])[-4:]
        after = TOKEN.findall(text[match.end():min(end, match.end() + 40)])[:4]
        if any(lexicon.key(w) in lexicon.reporting_verbs for w in before + after):
            cuts.append(match.span())
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
        #: the speaker named by a frame line ("नेहा ने पूछा:"), for the very next line
        self.frame: tuple[str, bool] | None = None
        self.pending_frame: tuple[str, bool] | None = None

    def speaker_of_label(self, match: re.Match) -> tuple[str | None, bool, str]:
        lexicon = self.lexicon
        name = match.group("name").strip().rstrip(".")
        speaker = self.index.match(name)
        # after out-of-character text (a refusal, "Here's the dialogue:") a label is a character
        labels_name_speakers = self.label_count >= 2 if self.speakers else \
            self.dialogue_labels or any(t.ooc for t in self.turns)
        if speaker is None and _label_is_plausible(name) and labels_name_speakers \
                and not ({lexicon.key(w) for w in TOKEN.findall(name)} & lexicon.non_speaker_labels):
            return name, True, name
        return speaker, False, name

    def unlabelled(self, span_start: int, span_end: int) -> None:
        """Text with no speaker label: OOC text, narrative quotes, or plain text."""
        text, turns = self.text, self.turns
        previous_refusal = bool(turns) and turns[-1].kind == REFUSAL
        ooc = out_of_character_spans(text, span_start, span_end, self.lexicon.name,
                                     reply_to_user=self.reply_to_user, latin_record=self.record_script == "latn",
                                     after_refusal=previous_refusal, latin_letters=self.latin_letters)
        position = span_start
        for ooc_start, ooc_end, kind in ooc:
            if ooc_start > position and text[position:ooc_start].strip():
                self.plain(position, ooc_start)
            turns.append(RawTurn(None, kind, ooc_start, ooc_end,
                                 speech_segments(text, ooc_start, ooc_end, self.lexicon), ooc=True))
            position = ooc_end
        if position < span_end and text[position:span_end].strip():
            self.plain(position, span_end)

    def narrative_turn(self, speaker: str | None, unlisted: bool, start: int, end: int) -> None:
        self.turns.append(RawTurn(speaker, SPEECH, start, end, speech_segments(self.text, start, end, self.lexicon),
                                  unlisted=unlisted, narrative=True))
        self.speech_seen = True

    def unframed_speaker(self) -> tuple[str | None, bool] | None:
        """A bare quote paragraph in a narrative: the other party of the last quote."""
        said = [t for t in self.turns if t.kind == SPEECH]
        if not said or not all(t.narrative for t in said):
            return None
        last = said[-1].speaker
        for turn in reversed(said):
            if turn.speaker != last:
                return turn.speaker, turn.unlisted
        others = [spec.name for spec in self.speakers if spec.name != last]
        return (others[0], False) if len(self.speakers) == 2 and len(others) == 1 else None

    def plain(self, span_start: int, span_end: int) -> None:
        text, turns, lexicon = self.text, self.turns, self.lexicon
        piece = text[span_start:span_end]
        pending, self.pending_frame = self.pending_frame, None
        quoted = whole_quote(text, span_start, span_end)
        if quoted:
            # नेहा ने पूछा:\n"तुम कहाँ थे?" — or a bare quote answering the last one
            speaker = pending or self.unframed_speaker()
            if speaker:
                self.narrative_turn(speaker[0], speaker[1], quoted[0], quoted[1])
                return
        if piece.rstrip().endswith((":", "：")) and not self.reply_to_user:
            turns.append(RawTurn(None, NOTE, span_start, span_end))
            return
        quotes = narrative_quotes(text, span_start, span_end, lexicon, self.index)
        if quotes:
            position = span_start
            for quote in quotes:
                if quote.start > position and text[position:quote.start].strip():
                    turns.append(RawTurn(None, NARRATION, position, quote.start))
                self.narrative_turn(quote.speaker, quote.unlisted, quote.start, quote.end)
                position = quote.end
            if position < span_end and text[position:span_end].strip():
                turns.append(RawTurn(None, NARRATION, position, span_end))
            self.speech_seen = True
            return
        # Part of the previous labelled speech turn, or (before any labelled
        # turn) scene-setting narration — unless nothing is labelled, in which
        # case the whole text is one utterance (handled in split_turns).
        if self.speech_seen and turns and turns[-1].kind == SPEECH and turns[-1].label is not None:
            previous = turns[-1]
            previous.segments.extend(speech_segments(text, span_start, span_end, lexicon))
            previous.end = span_end
            return
        turns.append(RawTurn(None, "unlabelled", span_start, span_end))


def split_turns(text: str, speakers: list[SpeakerSpec], default_speaker: str | None,
                lexicon: Lexicon, record_script: str, index: SpeakerIndex | None = None, *,
                reply_to_user: bool = False, latin_letters: bool = True) -> list[RawTurn]:
    """Split ``text`` into turns (speech, narration, notes, refusals), in order.

    ``reply_to_user``: the record is a plain reply to the user (no speakers,
    no task): a line ending in ":" is then part of the reply ("आप यह कर
    सकते हैं:"), not a note before a dialogue. ``latin_letters``: False when
    the text has no Latin letter (then no paragraph is searched for English cues).
    """
    index = index or SpeakerIndex(speakers, lexicon)
    lines = []
    position = 0
    for raw_line in text.splitlines(keepends=True):
        line_end = position + len(raw_line.rstrip("\r\n"))
        lines.append((position, line_end))
        position += len(raw_line)

    # First pass: find labels, so that unlisted names are accepted only in
    # texts that really are labelled dialogue.
    labelled = []
    for line_start, line_end in lines:
        line = text[line_start:line_end]
        marker = _LINE_MARKER.match(line)
        offset = marker.end() if marker else 0
        head = line[offset:offset + 140]
        match = _LABEL.match(line, offset) if any(sep in head for sep in _LABEL_SEPARATORS) else None
        labelled.append((match, offset))
    # a label with words after it on its line ("## मूल्यांकन:" alone is a heading)
    plausible = [m.group("name").strip().rstrip(".") for (m, _), (line_start, line_end) in zip(labelled, lines)
                 if m and _label_is_plausible(m.group("name")) and text[line_start + m.end():line_end].strip()]
    label_count = len(plausible)
    # In a plain reply to the user, unlisted labels make a dialogue only when some
    # name labels two turns or two names alternate; "মূল থিম:", "বিভাগ মিলান:",
    # "रोगी की शिकायत:" once each are headings of the reply.
    dialogue_labels = not reply_to_user or (
        label_count >= 2 and (len(set(plausible)) < label_count or len(set(plausible)) == 2))

    splitter = _TurnSplitter(text, speakers, lexicon, record_script, index, reply_to_user, label_count,
                             dialogue_labels, latin_letters)
    turns = splitter.turns
    for (line_start, line_end), (match, offset) in zip(lines, labelled):
        line = text[line_start:line_end]
        if not line.strip():
            continue
        if _is_note(line[offset:], lexicon, record_script) and not _is_latin_only_inability(line, record_script):
            turns.append(RawTurn(None, NOTE, line_start, line_end))
            continue
        if _is_stage_direction(line[offset:]) and not (reply_to_user and _is_emphasis(line[offset:])):
            turns.append(RawTurn(None, NARRATION, line_start, line_end))
            continue
        # a frame line's speaker waits for the very next line only
        splitter.pending_frame, splitter.frame = splitter.frame, None
        framed = frame_line(line, lexicon, index)
        if framed:
            # "राजा ने कहा:" on its own line: narration whose quote follows
            turns.append(RawTurn(None, NARRATION, line_start, line_end))
            splitter.frame = framed
            continue
        if match:
            speaker, unlisted, name = splitter.speaker_of_label(match)
            content_start = line_start + match.end()
            if speaker is None and {lexicon.key(w) for w in TOKEN.findall(name)} & lexicon.non_speaker_labels:
                turns.append(RawTurn(None, NARRATION, line_start, line_end, label=name))
                continue
            if speaker is not None:
                if content_start >= line_end or not text[content_start:line_end].strip():
                    # "Here is the dialogue:" — a label with nothing after it.
                    turns.append(RawTurn(None, NOTE, line_start, line_end, label=name))
                    continue
                segments = speech_segments(text, content_start, line_end, lexicon)
                turns.append(RawTurn(speaker, SPEECH, content_start, line_end, segments,
                                     label=name, unlisted=unlisted))
                splitter.speech_seen = True
                continue
        splitter.unlabelled(line_start, line_end)

    if not any(t.kind == SPEECH for t in turns):
        # No labels: one utterance by the default speaker.
        merged: RawTurn | None = None
        out = []
        for turn in turns:
            if turn.kind == "unlabelled":
                segments = speech_segments(text, turn.start, turn.end, lexicon)
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
