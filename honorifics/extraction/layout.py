"""Layouts of generated dialogue: where a line names its speaker, and where its speech is.

The forms models write (the code knows the layouts, not the names)::

    राहुल: अबे उठ!   **प्रिया:** जी सर।   सहगल - आ जाओ।     a name and a colon or spaced dash
    1. अमित: …   - অদিতি: …   [10:02 PM] Ankit: …       after a number, bullet or timestamp
    माँ (रसोई से, ऊँची आवाज़ में): पिंकी, …               a stage direction after the name
    [ग्राहक] भाई साहब, …                                 the name in brackets
    | डॉक्टर | आप रोज़ कितनी देर टहलते हैं? |              a markdown table row
    {"speaker": "এজেন্ট", "text": "আপনার …"}             a JSON turn
    হবলদার / (ঝুঁঝলাকর) / সাহেব, …                        Fountain: the name alone on its line
    — कहाँ थे तुम? / — दफ़्तर में।                         dash dialogue (turns.py alternates them)

Every span is an offset into the original text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .. import regexcache
from ..scripts import (DANDA, DASHES, DOUBLE_QUOTE_MARKS, NATIVE_DIGITS, PICTOGRAPHS, SENTENCE_END_MARKS,
                       SINGLE_QUOTES, WORD_CHARACTERS, class_body)

# A timestamp in brackets ([09:41], [10:02 PM], [রাত ১০:১৫], [12/03/24, 10:15 PM]: a time
# in any script's digits, with a date or a word for the time of day), or a chat export's
# date, time (a word for the time of day may stand before it: ২১/০৮/২৪, রাত ৯:১৫) and dash
# (12/03/24, 9:15 pm - Name: …), then a bullet, number or quote mark.
_TIMESTAMP = (r"(?:\[[^\[\]\n:]{0,16}?\d{1,2}[:.]\d{2}(?:[:.]\d{2})?[^\[\]\n:]{0,12}\][ \t]*"
              r"|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4},?[ \t]+(?:[^\s\d,:/.\-–\[\]]{1,12}[ \t]+)?"
              r"\d{1,2}[:.]\d{2}(?:[ \t]?[AaPp]\.?[Mm]\.?)?[ \t]+[-–][ \t]+)?")
# (markup may open the line before a timestamp: **[8:14 PM] Riya:** …)
LINE_MARKER = regexcache.compile(r"^[ \t\ufeff]*(?:[*_]{1,2}(?=\[[^\[\]\n]{0,16}?\d))?" + _TIMESTAMP +
                         f"(?:(?:[-*•>#]+|\\d+[.)]|[{NATIVE_DIGITS}]+[.)]|\\(\\d+\\))[ \t]+)?"
                         f"(?:[{PICTOGRAPHS}]+[ \t]*)?")   # (🎙️ **Mausi:**, - 👩 Maa:)
_PICTOGRAPH = regexcache.compile(f"[{PICTOGRAPHS}]")
_LEADING_PICTOGRAPHS = regexcache.compile(f"^[{PICTOGRAPHS}]+\\s*")
# the characters LINE_MARKER can start with, besides a digit (\d: str.isdecimal) and a pictograph
_MARKER_STARTS = " \t\ufeff[-*•>#("
# marks that are never part of a speaker's name (nor, with a comma or dash, its first character)
_NOT_IN_NAME = class_body(characters=":：*_()[]" + DOUBLE_QUOTE_MARKS + "'" + DANDA + "?!")
# a name's characters: an apostrophe only inside a Latin word (Ma'am, D'Souza), never a quote
_NAME_CHARACTER = f"(?:[^{_NOT_IN_NAME}\\n]|(?<=[A-Za-z])['’](?=[A-Za-z]))"
_LABEL = regexcache.compile(
    r"(?P<pre>[*_]{0,2})[ \t]*"
    f"(?P<name>[^\\s{_NOT_IN_NAME}{class_body(characters=',' + DASHES)}]{_NAME_CHARACTER}{{0,38}}?)"
    r"[ \t]*[*_]{0,2}[ \t]*"
    r"(?:[*_]{0,2}[(\[](?P<direction>[^)\]\n]{0,80})[)\]])?"   # (**अनुराधा** *(धीमे से)*: …)
    r"[ \t]*[*_]{0,2}[ \t]*(?P<sep>[:：]|[ \t][-–—][ \t])[ \t]*[*_]{0,2}")
_LABEL_SEPARATORS = (":", "：", " -", " –", " —", "\t-")
# the dash separators above as plain strings: a few `in` tests are faster than one regex search
_DASH_SEPARATORS = tuple(space + dash for space in " \t" for dash in "-–—")
# [ग्राहक] भाई साहब, … : the name in brackets with speech after it on the line
_BRACKET_LABEL = regexcache.compile(r"[*_]{0,2}\[(?P<name>[^\[\]\n:()]{1,40})\][*_]{0,2}[ \t]*:?[ \t]*(?=\S)")
_TABLE_ROW = regexcache.compile(r"^[ \t]*\|(?P<cells>.*)\|[ \t]*$")
_ROW_NUMBER = regexcache.compile(r"[#*_]*\d+[.)]?[*_]*|#")   # a table's row number or its header ("#")
_TABLE_RULE = regexcache.compile(r"^[ \t]*\|?(?:[ \t]*:?-{2,}:?[ \t]*\|)+(?:[ \t]*:?-{2,}:?[ \t]*)?[ \t]*$")
_JSON_STRING = r'"(?P<{}>(?:[^"\\\n]|\\.)*)"'
_JSON_NAME_KEYS = r'"(?:speaker|name|character|role|speaker_name)"'
_JSON_TEXT_KEYS = r'"(?:text|line|dialogue|utterance|content|message|speech)"'
_JSON_TURN = regexcache.compile(_JSON_NAME_KEYS + r"\s*:\s*" + _JSON_STRING.format("name") + r"\s*,\s*"
                        + _JSON_TEXT_KEYS + r"\s*:\s*" + _JSON_STRING.format("body"))
_JSON_TURN_TEXT_FIRST = regexcache.compile(_JSON_TEXT_KEYS + r"\s*:\s*" + _JSON_STRING.format("body") + r"\s*,\s*"
                                   + _JSON_NAME_KEYS + r"\s*:\s*" + _JSON_STRING.format("name"))
# one key of a pretty-printed JSON object on its own line: "speaker": "রাশেদ", / "text": "…"
_JSON_NAME_LINE = regexcache.compile(r"^[ \t]*" + _JSON_NAME_KEYS + r"[ \t]*:[ \t]*" + _JSON_STRING.format("name")
                                     + r"[ \t]*,?[ \t]*$")
_JSON_TEXT_LINE = regexcache.compile(r"^[ \t]*" + _JSON_TEXT_KEYS + r"[ \t]*:[ \t]*" + _JSON_STRING.format("body")
                                     + r"[ \t]*,?[ \t]*$")
_JSON_BRACES = ("{", "}", "[", "]")   # a line of a JSON list that is only structure (its comma stripped)
_JSON_STRUCTURE = _JSON_BRACES + ("```", "```json")   # … and the code fence around it
# — कहाँ थे तुम?  – चल, उठ!  (an em or en dash opens the line)
_DASH_LINE = regexcache.compile(r"^[ \t]*[*_]{0,2}[—–―][ \t]*")
# a dash between speech and narration inside a dash line (— अरे सुनो! — पीछे से सुमन ने आवाज़ लगाई। — …),
# spaced or, as Bangla prose sets it, set against the next word (—…না, —টেবিলে চাপড় মেরে বললেন উমাপদবাবু।
# —তপু, …) or the word before; never inside a word (ক—খ)
DASH_BREAK = regexcache.compile(r"(?:[ \t]+[—–―][ \t]*|[—–―][ \t]+)")
_SENTENCE_PUNCTUATION = regexcache.compile(
    f"[{class_body(characters=SENTENCE_END_MARKS + '.,;:' + DOUBLE_QUOTE_MARKS + SINGLE_QUOTES + DASHES)}]")
_PARENTHETICAL = regexcache.compile(r"^[ \t]*[*_]{0,2}[(\[](?P<direction>[^()\[\]\n]{1,80})[)\]][*_]{0,2}[ \t]*$")
MAX_NAME_WORDS = 4
# a title's point (डॉ. मेहता, Dr. Rao, মি. বসু) or an initial's (Mr. D. Sen), with more of the name after it
_ABBREVIATION_POINT = regexcache.compile(f"(?:^[{WORD_CHARACTERS}]{{1,4}}|(?<=\\s)[A-Z])\\.(?=[ \\t]+[{WORD_CHARACTERS}])")


@dataclass(slots=True)
class LineLabel:
    """A speaker label found on one line and the span of the speech it labels."""
    name: str
    content_start: int
    content_end: int
    #: a stage direction written with the name: (पापा से, धीरे से), (বউমাকে)
    direction: str | None = None
    #: colon (a name and ":" or a spaced dash), bracket, table, json
    kind: str = "colon"


def plausible_name(name: str) -> bool:
    """A speaker name: a few words, no digit (ধাপ ১, Step 2, 1. are headings), no arrow
    (बहू → सास: is a relation, a heading of a list)."""
    words = name.split()
    return 0 < len(words) <= MAX_NAME_WORDS and not any(c.isdigit() for c in name) \
        and not any(arrow in name for arrow in _ARROWS)


_ARROWS = ("→", "←", "↔", "⇒", "->", "=>", "<-")


def line_label(text: str, start: int, end: int) -> tuple[LineLabel | None, int]:
    """The label of the line ``text[start:end]`` in any layout, and the offset after its marker."""
    line = text[start:end]
    # (a line that opens with a letter has no marker: most lines, no regex)
    first = line[:1]
    marker = LINE_MARKER.match(line) if first in _MARKER_STARTS or first.isdecimal() or _opens_with_pictograph(line) \
        else None
    offset = marker.end() if marker else 0
    if "|" in line:
        row = _TABLE_ROW.match(line)
        if row:
            cells = row.group("cells").split("|")
            # (a row number in a first column is no name: | 1 | **Khanna** | … | … |)
            skipped = 0
            while len(cells) - skipped >= 3 and _ROW_NUMBER.fullmatch(cells[skipped].strip()):
                skipped += 1
            if len(cells) - skipped >= 2 and cells[skipped].strip() and cells[skipped + 1].strip():
                name = strip_markdown(cells[skipped])
                direction = None
                if name.endswith(")") and " (" in name:
                    # (| रहमत (बेटे अमन से) | …, | Pinky (Flat 302) | …: the name, and what the
                    # parenthesis says, a direction, as after a cue's name)
                    name, direction = name[:name.rindex(" (")].rstrip(), name[name.rindex(" (") + 2:-1].strip()
                body_start = start + row.start("cells") + sum(len(c) + 1 for c in cells[:skipped + 1])
                body_end = body_start + len(cells[skipped + 1])
                return LineLabel(name, body_start, body_end, direction=direction, kind="table"), offset
            return None, offset
    if '"' in line and "{" in line:
        turn = _JSON_TURN.search(line) or _JSON_TURN_TEXT_FIRST.search(line)
        if turn:
            return LineLabel(turn.group("name"), start + turn.start("body"), start + turn.end("body"),
                             kind="json"), offset
    head = line[offset:offset + 140]
    if head.lstrip("*_ \t").startswith("["):
        bracket = _BRACKET_LABEL.match(line, offset)
        if bracket and plausible_name(bracket.group("name")):
            return LineLabel(bracket.group("name").strip(), start + bracket.end(), end, kind="bracket"), offset
    if ":" in head or "：" in head or (("-" in head or "–" in head or "—" in head)
                                        and any(separator in head for separator in _DASH_SEPARATORS)):
        match = _LABEL.match(line, offset)
        # (before a dash, words with a comma in them are speech, not a name: — पूरे चालीस मिनट, दीदी, — रघु ने …)
        if match and not ("," in match.group("name") and match.group("sep").strip() in DASHES + "-"):
            return LineLabel(match.group("name").strip().rstrip("."), start + match.end(), end,
                             match.group("direction")), offset
    return None, offset


def json_object_labels(text: str, lines: list[tuple[int, int]]) -> tuple[dict[int, LineLabel], set[int]]:
    """The labels of a pretty-printed JSON list of turns, one key a line (``{`` / ``"speaker":
    "রাশেদ",`` / ``"text": "নাসরিন, …"`` / ``}``): for each line holding a turn's text, the
    speaker named by the same object's name line, before or after it, by line number; and the
    numbers of the list's other lines (names, braces), which continue no turn."""
    found: dict[int, LineLabel] = {}
    structure: set[int] = set()
    if '"' not in text or "{" not in text:
        return found, structure
    names: dict[int, str] = {}   # line number → the name its line gives
    bodies: dict[int, tuple[int, int]] = {}   # line number → the span of its text
    for number, (start, end) in enumerate(lines):
        line = text[start:end]
        if '"' not in line:
            continue
        name = _JSON_NAME_LINE.match(line)
        if name is not None:
            names[number] = name.group("name")
            continue
        body = _JSON_TEXT_LINE.match(line)
        if body is not None:
            bodies[number] = (start + body.start("body"), start + body.end("body"))
    for number, (body_start, body_end) in bodies.items():
        # the name line of the same object: the nearest one, with no brace between
        for step in (-1, 1):
            other = number + step
            while 0 <= other < len(lines) and other not in names and other not in bodies \
                    and text[lines[other][0]:lines[other][1]].strip(" \t,") not in _JSON_BRACES:
                other += step
            if other in names:
                found[number] = LineLabel(names[other], body_start, body_end, kind="json")
                structure.add(other)
                break
    if found:
        first, last = min(found), max(found)
        structure.update(number for number in range(max(first - 3, 0), min(last + 4, len(lines)))
                         if number not in found and text[lines[number][0]:lines[number][1]].strip(" \t,")
                         in _JSON_STRUCTURE)
    return found, structure


def _opens_with_pictograph(line: str) -> bool:
    return line[:1] > "\u218f" and _PICTOGRAPH.match(line) is not None   # (one comparison rules out most lines)


def without_leading_pictographs(line: str) -> str:
    """The line without the pictographs (and spaces) that open it: ``♟️ **शतरंज क्लब**`` → ``**शतरंज क्लब**``."""
    return _LEADING_PICTOGRAPHS.sub("", line) if _opens_with_pictograph(line) else line


def is_table_rule(line: str) -> bool:
    """|---|---| : the rule under a table's header row."""
    return _TABLE_RULE.match(line) is not None


def dash_line(line: str) -> int | None:
    """Where the speech of a dash-dialogue line starts (after the dash), else None."""
    match = _DASH_LINE.match(line)
    return match.end() if match else None


def strip_markdown(text: str) -> str:
    """The text without surrounding spaces and markdown emphasis (``**नंदिनी**`` → ``नंदिनी``)."""
    return text.strip().strip("*_").strip()


def _bare_name(body: str) -> str | None:
    """The name a line's body holds and nothing else, else None. A title's abbreviation
    point inside the name is no sentence end (डॉ. मेहता, Dr. Rao)."""
    if not body or _SENTENCE_PUNCTUATION.search(_ABBREVIATION_POINT.sub(_without_point, body)) \
            or body.startswith(("(", "[", "#", "|", "{", "-", "•")):
        return None
    return body if plausible_name(body) and len(body) <= 40 else None


@dataclass(slots=True)
class CueLine:
    """A screenplay character line: the name alone on its line, in brackets ([मास्टर जी]), or
    with a parenthesis after it: a screenplay extension (RIYA (V.O.), DADI (CONT'D)) or a
    direction (मास्टर जी (छोटू से)), which is the direction of the speech below."""
    name: str
    bracketed: bool = False
    extension: str | None = None
    direction: str | None = None


#: extensions a screenplay writes after a character's name (upper case, no spaces)
SCREENPLAY_EXTENSIONS = frozenset({"V.O.", "VO", "O.S.", "OS", "O.C.", "OC", "CONT'D", "CONT’D", "CONT.", "CONTD",
                                   "CONTINUED", "OFF", "OFFSCREEN", "ONPHONE", "PHONE", "FILTERED", "PRE-LAP"})
_CUE_PARENTHESIS = regexcache.compile(r"^(?P<name>[^()\[\]\n]+?)[ \t]*\((?P<inside>[^()\n]{1,40})\)$")


def cue_line(line: str) -> CueLine | None:
    """The character line of a screenplay block (see :class:`CueLine`), else None.

    >>> cue_line("RIYA (V.O.)"), cue_line("[मास्टर जी]").name, cue_line("मास्टर जी (छोटू से)").direction
    (CueLine(name='RIYA', bracketed=False, extension='V.O.', direction=None), 'मास्टर जी', 'छोटू से')
    >>> cue_line("(हँसते हुए)"), cue_line("वह चला गया।")
    (None, None)
    """
    body = strip_markdown(line)
    if body.startswith("[") and body.endswith("]") and body.count("[") == 1 and body.count("]") == 1:
        name = _bare_name(strip_markdown(body[1:-1]))
        return CueLine(name, bracketed=True) if name else None
    if body.endswith(")") and not body.startswith("("):
        match = _CUE_PARENTHESIS.match(body)
        if match is None:
            return None
        name = _bare_name(strip_markdown(match.group("name")))
        if name is None:
            return None
        inside = match.group("inside").strip()
        if inside.upper().replace(" ", "") in SCREENPLAY_EXTENSIONS:
            return CueLine(name, extension=inside)
        return CueLine(name, direction=inside)
    name = _bare_name(body)
    return CueLine(name) if name else None


def _without_point(match: re.Match) -> str:
    return match.group()[:-1]


def parenthetical(line: str) -> str | None:
    """The text of a line that is only a (parenthetical), else None."""
    match = _PARENTHETICAL.match(line)
    return match.group("direction").strip() if match else None
