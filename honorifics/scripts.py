"""The scripts the toolkit reads, written out once: one table per script.

Each table names the script's Unicode block, its letters (with vowel signs and
the other signs words are written with), combining marks, digits and the
sentence punctuation it uses; the punctuation and quote marks every script
shares follow. Every character class of the rule path (tokens, sentence and
clause ends, quotes, the look-behinds of cues) and the compiled tokenizer's
code-point table are generated here from these tables: a new script is one
:class:`Script` entry, and which languages are written in it is the language
registry's business (``honorifics/languages.py``: script → languages, one to many).

Python's ``\\w`` does not match Devanagari or Bengali vowel signs (आपकी would
split into आपक + ी), hence explicit code points.

>>> SCRIPTS["deva"].name, DEVANAGARI.block, "।" in DEVANAGARI.sentence_ends
('Devanagari', (2304, 2431), True)
>>> import re
>>> re.findall(f"[{WORD_CHARACTERS}]+", "आपकी बात। তুমি 3.5 Ma'am")
['आपकी', 'बात', 'তুমি', '3', '5', 'Ma', 'am']
>>> re.findall(f"[{NATIVE_DIGITS}]+", "१२ ১২ 12")
['१२', '১২']
>>> is_word_code(ord("ी")), is_word_code(ord("।")), is_word_code(0x200c)
(True, False, True)
"""
from __future__ import annotations

from dataclasses import dataclass

#: inclusive code-point ranges
Ranges = tuple[tuple[int, int], ...]


def _code(point: int | str) -> int:
    return point if isinstance(point, int) else ord(point)


def _ranges(*items: tuple[int | str, int | str] | str) -> Ranges:
    """Ranges from (first, last) pairs (code points or characters) and single characters."""
    return tuple((_code(item[0]), _code(item[1])) if isinstance(item, tuple) else (ord(item), ord(item))
                 for item in items)


@dataclass(frozen=True)
class Script:
    """One script: its code points by role."""
    code: str                  # ISO 15924, lower case: deva, beng, latn
    name: str
    #: the code points that count as this script when scripts are told apart (its Unicode
    #: block for an Indic script; A–Z, a–z for Latin)
    detection: Ranges
    #: the code points a word is made of: letters, vowel signs, other signs and digits
    #: (an Indic script: its whole block but its punctuation)
    word: Ranges
    #: letters and the signs written with them, without digits and punctuation
    letters: Ranges
    #: combining marks (vowel signs, nasalization, nukta, virama): a mark typed twice reads as once
    marks: Ranges = ()
    #: decimal digits
    digits: Ranges = ()
    #: the script's own sentence-ending marks (the danda; ?! are shared by all)
    sentence_ends: str = ""
    #: its consonant letters by the Latin letter a romanized spelling writes for them, aspiration and
    #: retroflexion aside (see :func:`sound_skeleton`); vowels and signs are left out
    sounds: tuple[tuple[str, str], ...] = ()
    #: its letters that read as another Latin letter after a nukta (ड़ → r, য় → y)
    after_nukta: tuple[tuple[str, str], ...] = ()
    #: the nukta and the virama
    nukta: str = ""
    virama: str = ""

    @property
    def block(self) -> tuple[int, int]:
        """The script's Unicode block (first, last), for an Indic script."""
        return self.detection[0][0], self.detection[-1][1]


DANDA = "\u0964"          # ।  (Devanagari's block, used by Bengali too)
DOUBLE_DANDA = "\u0965"   # ॥
_DANDAS = DANDA + DOUBLE_DANDA

DEVANAGARI = Script(
    "deva", "Devanagari",
    detection=_ranges((0x0900, 0x097F)),
    word=_ranges((0x0900, 0x0963), (0x0966, 0x097F)),
    letters=_ranges((0x0900, 0x0963), (0x0971, 0x097F)),
    marks=_ranges((0x0900, 0x0903), (0x093A, 0x094F)),
    digits=_ranges((0x0966, 0x096F)),
    sentence_ends=_DANDAS,
    sounds=(("k", "कख"), ("g", "गघ"), ("c", "चछ"), ("j", "जझ"), ("t", "टठतथ"), ("d", "डढदध"),
            ("n", "णनञङं"), ("p", "पफ"), ("b", "बभ"), ("m", "म"), ("y", "य"), ("r", "र"), ("l", "ल"),
            ("v", "व"), ("s", "शषस"), ("h", "ह"), ("r", "ऋ\u0943")),
    after_nukta=(("r", "डढ"),),
    nukta="\u093c", virama="\u094d")

BENGALI = Script(
    "beng", "Bengali",
    detection=_ranges((0x0980, 0x09FF)),
    word=_ranges((0x0980, 0x09FF)),
    letters=_ranges((0x0980, 0x09E3), (0x09F0, 0x09F1)),
    marks=_ranges((0x0981, 0x0983), (0x09BC, 0x09D7)),
    digits=_ranges((0x09E6, 0x09EF)),
    sentence_ends=_DANDAS,
    sounds=(("k", "কখ"), ("g", "গঘ"), ("c", "চছ"), ("j", "জঝয"), ("t", "টঠতথৎ"), ("d", "ডঢদধ"),
            ("n", "ণনঞঙং"), ("p", "পফ"), ("b", "বভ"), ("m", "ম"), ("r", "রড়ঢ়"), ("y", "য়"), ("l", "ল"),
            ("s", "শষস"), ("h", "হ"), ("r", "ঋ\u09c3")),
    after_nukta=(("r", "ডঢ"), ("y", "য")),
    nukta="\u09bc", virama="\u09cd")

LATIN = Script(
    "latn", "Latin",
    detection=_ranges(("A", "Z"), ("a", "z")),
    word=_ranges(("0", "9"), ("A", "Z"), ("a", "z"), (0x00C0, 0x024F)),
    letters=_ranges(("A", "Z"), ("a", "z"), (0x00C0, 0x024F)),
    digits=_ranges(("0", "9")))

#: every script, by code: the native (Indic) scripts first, then Latin
SCRIPTS: dict[str, Script] = {script.code: script for script in (DEVANAGARI, BENGALI, LATIN)}
#: the Indic scripts (each has its own lexicons; Latin text is romanized or English)
NATIVE: tuple[Script, ...] = tuple(script for script in SCRIPTS.values() if script is not LATIN)

#: zero-width non-joiner and joiner: inside Indic words (conjuncts, khanda ta)
JOINERS = "\u200c\u200d"

# --- punctuation and quotes shared by all scripts ----------------------------

#: marks that end a sentence in every script (the dandas are the scripts' own)
SHARED_SENTENCE_ENDS = "?!"
ELLIPSIS = "…"
#: em and en dash
DASHES = "—–"
#: a regex class body of pictographs (arrows, dingbats, emoji and their joiners: 🎙️, 👩‍🍳, ➤),
#: which models put before a speaker's label as a bullet
PICTOGRAPHS = "\u2190-\u2bff\U0001f000-\U0001faff\ufe0f\u200d"
#: straight and curly double quotes (either curly one may open or close: models write both)
DOUBLE_QUOTE_MARKS = "\"“”"
GUILLEMETS = "«»"
#: marks that end a clause inside a sentence: commas (Latin, Arabic), semicolon, colon,
#: dashes, brackets, double quotes
CLAUSE_ENDS = ",،;:" + DASHES + "()[]" + DOUBLE_QUOTE_MARKS
#: the double quote marks that open a quote, those that close one, and all of them
DOUBLE_OPENING = DOUBLE_QUOTE_MARKS + GUILLEMETS[0]
DOUBLE_CLOSING = DOUBLE_QUOTE_MARKS + GUILLEMETS[1]
DOUBLE_QUOTES = DOUBLE_QUOTE_MARKS + GUILLEMETS
#: single quote marks: curly, and with the straight one
CURLY_SINGLE_QUOTES = "‘’"
SINGLE_OPENING = "'‘"
SINGLE_CLOSING = "'’"
SINGLE_QUOTES = "'" + CURLY_SINGLE_QUOTES
#: the quote marks that close a quotation after a sentence's end mark (।” ?' .")
CLOSING_QUOTES = "\"”’'"
#: apostrophes inside a word (Ma'am, Ma’am)
APOSTROPHES = "'’"
#: a wrapping quote mark → the mark that closes it
QUOTE_PAIRS = {'"': '"', "“": "”", "”": "”", "'": "'", "‘": "’", "«": "»"}
#: the same marks one by one, for ``any(mark in text for mark in …)``: iterating a tuple hands
#: out its strings, iterating a string makes a new one for each character outside Latin-1
#: (“ ‘), compiled code too
DOUBLE_QUOTE_CHARACTERS = tuple(DOUBLE_QUOTE_MARKS)
OPENING_QUOTE_CHARACTERS = tuple(DOUBLE_OPENING + SINGLE_OPENING)


# --- character classes ---------------------------------------------------------

def _escape(code: int) -> str:
    character = chr(code)
    if character.isascii() and (character.isalnum() or character == " "):
        return character
    if character.isascii() and character.isprintable():
        return "\\" + character
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def class_body(ranges: Ranges = (), characters: str = "") -> str:
    """The inside of a regex character class ``[...]`` for these ranges and characters
    (merged, in code-point order, escaped).

    >>> class_body(_ranges(("a", "z"), ("0", "9")), "-]")
    '\\\\-0-9\\\\]a-z'
    """
    return "".join(_escape(low) if low == high else f"{_escape(low)}-{_escape(high)}"
                   for low, high in merge((*ranges, *_ranges(*characters))))


def merge(ranges: Ranges) -> Ranges:
    """Sorted, overlapping and adjacent ranges joined."""
    out: list[tuple[int, int]] = []
    for low, high in sorted(ranges):
        if out and low <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], high))
        else:
            out.append((low, high))
    return tuple(out)


def without(ranges: Ranges, characters: str) -> Ranges:
    """The ranges less some characters."""
    out: list[tuple[int, int]] = []
    removed = sorted({ord(c) for c in characters})
    for low, high in merge(ranges):
        for code in removed:
            if low <= code <= high:
                if low < code:
                    out.append((low, code - 1))
                low = code + 1
        if low <= high:
            out.append((low, high))
    return tuple(out)


def _union(attribute: str, scripts) -> Ranges:
    return tuple(r for script in scripts for r in getattr(script, attribute))


#: a token: the word code points of every script (letters, signs, digits), and the joiners
WORD_CHARACTERS = class_body(_union("word", SCRIPTS.values()), JOINERS)
#: the word code points of the native scripts
NATIVE_WORD_CHARACTERS = class_body(_union("word", NATIVE))
#: a letter that joins a word, for the "starts a word" look-behind of cues (lexicon and
#: out-of-character patterns): Latin A–Z and the native scripts' word code points
WORD_LETTERS = class_body((*LATIN.detection, *_union("word", NATIVE)))
#: a character before or after which an apostrophe is part of a word, not a quote mark
QUOTE_WORD_CHARACTERS = "\\w" + NATIVE_WORD_CHARACTERS
#: any code point of a native script's block (detection), punctuation included
NATIVE_CHARACTERS = class_body(_union("detection", NATIVE))
#: letters and signs of the native scripts (no digits or punctuation), and the joiners
NATIVE_LETTERS = class_body(_union("letters", NATIVE), JOINERS)
#: Latin letters (A–Z, a–z, Latin-1 and Latin Extended)
LATIN_LETTERS = class_body(LATIN.letters)
#: the digits of the native scripts
NATIVE_DIGITS = class_body(_union("digits", NATIVE))
#: every sentence-ending mark: the scripts' own (dandas) and the shared ?!
SENTENCE_END_MARKS = "".join(dict.fromkeys("".join(s.sentence_ends for s in SCRIPTS.values())
                                           + SHARED_SENTENCE_ENDS))
SENTENCE_ENDS = class_body(characters=SENTENCE_END_MARKS)
#: one character that ends a sentence or its line (a point too: Dr. ends here), as a class
SENTENCE_BREAK = f"[{SENTENCE_ENDS}.\\n]"


def detection_class(script: Script) -> str:
    """The character class of a script's detection code points (see :attr:`Script.detection`)."""
    return class_body(script.detection)


def marks_class(script: Script) -> str:
    return class_body(script.marks)


# --- the compiled tokenizer's table ---------------------------------------------

def code_point_table(ranges: Ranges, characters: str = "") -> bytes:
    """A table indexed by code point: 1 where the code point is in the set, up to the
    largest one (the compiled tokenizer's test: ``code < len(table) and table[code]``)."""
    merged = merge((*ranges, *_ranges(*characters)))
    table = bytearray(merged[-1][1] + 1 if merged else 0)
    for low, high in merged:
        table[low:high + 1] = b"\x01" * (high - low + 1)
    return bytes(table)


#: 1 at the code points of :data:`WORD_CHARACTERS`
WORD_CODES = code_point_table(_union("word", SCRIPTS.values()), JOINERS)


def script_table(scripts: tuple[Script, ...]) -> bytes:
    """A table indexed by code point: the 1-based number of the script (in ``scripts``) whose
    detection code points hold it, else 0, up to the largest one (the compiled letter count)."""
    top = max((high for script in scripts for _, high in script.detection), default=-1)
    table = bytearray(top + 1)
    for number, script in enumerate(scripts, start=1):
        for low, high in script.detection:
            table[low:high + 1] = bytes([number]) * (high - low + 1)
    return bytes(table)


#: at each code point, 1 + the index in ``SCRIPTS`` of the script it counts as, else 0
SCRIPT_CODES = script_table(tuple(SCRIPTS.values()))


def is_word_code(code: int) -> bool:
    """Is the character with this code point a word character (:data:`WORD_CHARACTERS`)?"""
    return code < len(WORD_CODES) and WORD_CODES[code] != 0


# --- a name's sound, whatever the script ------------------------------------------

#: romanized spellings of one sound (longest first): aspiration, the spellings of s and c, and the
#: letters romanized Hindi and Bangla write for another (f for फ, z for ज़, w for व)
LATIN_SPELLINGS = (("chh", "c"), ("ch", "c"), ("sh", "s"), ("kh", "k"), ("gh", "g"), ("jh", "j"), ("th", "t"),
                   ("dh", "d"), ("ph", "p"), ("bh", "b"), ("f", "p"), ("z", "j"), ("q", "k"), ("w", "v"),
                   ("x", "ks"), ("ck", "k"))
_LATIN_VOWELS = "aeiou"


def sound_skeleton(word: str) -> str:
    """The consonants of a name as a romanized spelling writes them, in any script, vowels,
    aspiration and doubled letters aside: the same for नेहा and Neha, পিঙ্কি and Pinky, so a call in one
    script finds the person the narration names in another.

    >>> sound_skeleton("नेहा"), sound_skeleton("Neha"), sound_skeleton("পিঙ্কি"), sound_skeleton("Pinky")
    ('nh', 'nh', 'pnk', 'pnk')
    >>> sound_skeleton("ज़ोया") == sound_skeleton("Zoya"), sound_skeleton("पप्पू") == sound_skeleton("Pappu")
    (True, True)
    >>> sound_skeleton("नानी"), sound_skeleton("Nani")
    ('nn', 'nn')
    """
    found = _SKELETONS.get(word)
    if found is None:
        if len(_SKELETONS) > 4096:   # bounded: a corpus of new names keeps memory flat
            _SKELETONS.clear()
        found = _SKELETONS[word] = _skeleton(word)
    return found


#: word → its sound skeleton (see sound_skeleton)
_SKELETONS: dict[str, str] = {}


def _sounds_of(script: Script) -> tuple[dict[str, str], dict[str, str]]:
    """A native script's letter → sound and nukta letter → sound tables, built once."""
    tables = _SOUND_TABLES.get(script.code)
    if tables is None:
        tables = _SOUND_TABLES[script.code] = (
            {letter: sound for sound, letters in script.sounds for letter in letters},
            {letter: sound for sound, letters in script.after_nukta for letter in letters})
    return tables


_SOUND_TABLES: dict[str, tuple[dict[str, str], dict[str, str]]] = {}


def _skeleton(word: str) -> str:
    out: list[str] = []   # the consonants, a letter doubled with no vowel between once
    native = next((script for script in NATIVE if any(_in(ord(c), script.detection) for c in word)), None)
    if native is None:
        folded = word.casefold()
        i = 0
        joined = False
        while i < len(folded):
            for spelling, sound in LATIN_SPELLINGS:
                if folded.startswith(spelling, i):
                    break
            else:
                spelling, sound = folded[i], folded[i]
                # (y a consonant only before a vowel: Priya, not Pinky)
                if not spelling.isalpha() or spelling in _LATIN_VOWELS or spelling == "y" and not (
                        i + 1 < len(folded) and folded[i + 1] in _LATIN_VOWELS):
                    sound = ""
            if sound and not (joined and out and out[-1] == sound):
                out.append(sound)
            joined = bool(sound)
            i += len(spelling)
    else:
        by_letter, after_nukta = _sounds_of(native)
        for i, c in enumerate(word):
            sound = after_nukta[c] if i + 1 < len(word) and word[i + 1] == native.nukta and c in after_nukta \
                else by_letter.get(c, "")
            after_virama = i > 0 and word[i - 1] == native.virama
            if sound == "y" and after_virama:
                continue   # (a ya-phala, the glide a virama joins on)
            if sound and not (after_virama and out and out[-1] == sound):
                out.append(sound)
    return "".join(out)


def _in(code: int, ranges: Ranges) -> bool:
    return any(low <= code <= high for low, high in ranges)
