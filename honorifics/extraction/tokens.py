"""Tokens with spans into the original text, and clause/sentence boundaries.

Python's ``\\w`` does not match Devanagari or Bengali vowel signs (आपकी would
split into आपक + ी), so the token class lists the script blocks explicitly.
Hyphens split tokens (आपना-आपनि → আপনা, আপনি) so that traps can see both parts.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from .. import regexcache
from .._accel import compiled
from ..scripts import (CLAUSE_ENDS, ELLIPSIS, SCRIPT_CODES, SCRIPTS, SENTENCE_END_MARKS, WORD_CHARACTERS, WORD_CODES,
                       class_body)
from .normalize import has_script, key_cache, match_key

# A token: letters, marks and digits of every script (Devanagari without the dandas),
# plus the zero-width joiners that sit inside words (see honorifics/scripts.py).
TOKEN = regexcache.compile(f"[{WORD_CHARACTERS}]+")

# Sentence ends and clause boundaries, written once for both tokenizers.
_SENTENCE_END_CHARACTERS = SENTENCE_END_MARKS + "\n" + ELLIPSIS
SENTENCE_MARKS = f"[{class_body(characters=_SENTENCE_END_CHARACTERS)}]|\\.(?!\\d)"
CLAUSE_MARKS = f"[{class_body(characters=CLAUSE_ENDS)}]"

# One pass over the text: a word, a sentence end, or a clause boundary.
_SCAN = regexcache.compile(
    f"(?P<word>[{WORD_CHARACTERS}]+)"
    f"|(?P<sentence>{SENTENCE_MARKS})"
    f"|(?P<clause>{CLAUSE_MARKS})")


_BY_CHARACTER = compiled()   # which tokenizer runs (see token_columns)

@dataclass(slots=True)
class Token:
    text: str
    start: int
    end: int
    key: str
    #: a clause boundary (punctuation) lies between the previous token and this one
    clause_start: bool
    #: a sentence boundary lies between the previous token and this one
    sentence_start: bool
    #: the first punctuation mark right after the token ("" when none)
    after: str = ""


# A word as a capture group, for re.split (words and the text between them in one C call),
# and the marks of _SCAN alone, for that text between words.
_SPLIT = regexcache.compile(f"([{WORD_CHARACTERS}]+)")
_MARK = regexcache.compile(f"(?P<sentence>{SENTENCE_MARKS})|{CLAUSE_MARKS}")


@dataclass(slots=True, init=False)
class TokenColumns:
    """The tokens of one utterance as parallel lists, one entry per token.

    Lists instead of one :class:`Token` object per word: the rules read a few
    tokens around the rare candidates, and building objects for every word
    was a fifth of the analysis time. Nor is a word kept as a string of its
    own, nor a clause as a list of its token indices: each is read from the
    text and the clause's first and last token where a rule asks (fewer
    objects per token keep a long utterance's cost per character that of a
    short one).
    """
    text: str
    starts: list[int]
    ends: list[int]
    keys: list[str]
    #: clause and sentence number of each token (from 0; a new sentence is a new clause)
    clause: list[int]
    sentence: list[int]
    #: the first punctuation mark right after each token ("" when none)
    after: list[str]
    #: the first token of each clause, by clause number (a clause's tokens are consecutive:
    #: its members are :meth:`clause_range`)
    clause_firsts: list[int]

    # written out (init=False): compiled, a dataclass-made __init__ would run as Python
    def __init__(self, text: str, starts: list[int], ends: list[int], keys: list[str],
                 clause: list[int], sentence: list[int], after: list[str],
                 clause_firsts: list[int]) -> None:
        self.text = text
        self.starts = starts
        self.ends = ends
        self.keys = keys
        self.clause = clause
        self.sentence = sentence
        self.after = after
        self.clause_firsts = clause_firsts

    def word(self, i: int) -> str:
        """The text of token i."""
        return self.text[self.starts[i]:self.ends[i]]

    @property
    def words(self) -> list[str]:
        return [self.text[start:end] for start, end in zip(self.starts, self.ends)]

    def clause_range(self, clause: int) -> range:
        """The token indices of a clause (by its number)."""
        return range(self.clause_firsts[clause], self.clause_end(clause))

    def clause_end(self, clause: int) -> int:
        """One past the last token of a clause (by its number)."""
        return self.clause_firsts[clause + 1] if clause + 1 < len(self.clause_firsts) else len(self.keys)

    @property
    def clause_members(self) -> list[range]:
        """The token indices of every clause, by clause number."""
        return [self.clause_range(c) for c in range(len(self.clause_firsts))]

    def clause_start(self, i: int) -> bool:
        """A clause boundary (punctuation, a segment gap) lies between token i - 1 and token i."""
        return i == 0 or self.clause[i] != self.clause[i - 1]

    def sentence_start(self, i: int) -> bool:
        return i == 0 or self.sentence[i] != self.sentence[i - 1]

    def tokens(self) -> list[Token]:
        """The same tokens as :class:`Token` objects."""
        return [Token(self.word(i), self.starts[i], self.ends[i], self.keys[i], self.clause_start(i),
                      self.sentence_start(i), self.after[i]) for i in range(len(self.keys))]


def token_columns_by_split(text: str, segments: list[tuple[int, int]], script: str) -> TokenColumns:
    """Tokens of ``text`` inside the given (start, end) segments, in order, as columns.

    A gap between two segments (an excluded stage direction or quote) counts
    as a clause boundary. "..." is a clause boundary (तू... मतलब आप).
    The same tokens as :func:`tokenize_reference` (tested on every bundled
    text), faster: one ``re.split`` gives the words and the text between
    them, only text between words other than a single space is searched for
    marks, and no object is built per word. The tokenizer of the pure-Python
    path; compiled, :func:`token_columns_by_character` is faster still.

    >>> columns = token_columns_by_split("तुम, आप। हाँ", [(0, 12)], "deva")
    >>> columns.words, columns.clause, columns.sentence, columns.after
    (['तुम', 'आप', 'हाँ'], [0, 1, 2], [0, 0, 1], [',', '।', ''])
    """
    starts: list[int] = []
    ends: list[int] = []
    keys: list[str] = []
    clause_ids: list[int] = []
    sentence_ids: list[int] = []
    after: list[str] = []
    clause_firsts: list[int] = []   # the first token of each clause
    word_keys = key_cache(script)
    marks = _MARK.finditer
    sentence_mark = True
    clause = sentence = -1
    count = 0
    for seg_start, seg_end in segments:
        parts = _SPLIT.split(text[seg_start:seg_end])
        clause_mark = True
        position = seg_start
        pending_after = -1     # the token whose first following mark is still to be found
        for index in range(1, len(parts), 2):
            gap = parts[index - 1]
            word = parts[index]
            if gap:
                position += len(gap)
                if gap != " ":
                    if gap[-1] == "." and word[0].isdecimal():   # "3.5": no sentence end
                        gap = gap[:-1]
                    for mark in marks(gap):
                        if pending_after >= 0:
                            after[pending_after] = mark.group()
                            pending_after = -1
                        clause_mark = True
                        if mark.lastgroup:
                            sentence_mark = True
            key = word_keys.get(word)
            if key is None:
                key = word_keys[word] = match_key(word, script)
            if sentence_mark:
                sentence += 1
            if clause_mark or sentence_mark:
                clause += 1
                clause_firsts.append(count)
            end = position + len(word)
            starts.append(position)
            ends.append(end)
            keys.append(key)
            clause_ids.append(clause)
            sentence_ids.append(sentence)
            after.append("")
            pending_after = count
            count += 1
            position = end
            sentence_mark = clause_mark = False
        tail = parts[-1]
        if tail and tail != " ":
            for mark in marks(tail):
                if pending_after >= 0:
                    after[pending_after] = mark.group()
                    pending_after = -1
                if mark.lastgroup:
                    sentence_mark = True
    return TokenColumns(text, starts, ends, keys, clause_ids, sentence_ids, after, clause_firsts)


# The characters of WORD_CHARACTERS, SENTENCE_MARKS and CLAUSE_MARKS as a code-point
# table and sets, for the character loop ("." is a sentence end unless a digit follows).
_SENTENCE_CHARACTERS = frozenset(_SENTENCE_END_CHARACTERS)
_CLAUSE_CHARACTERS = frozenset(CLAUSE_ENDS)
_WORD_CODES: Final[bytes] = WORD_CODES
#: per code point up to the last mark's: 2 a sentence end, 1 a clause boundary, 0 neither ("." aside)
_MARK_CODES: Final[bytes] = bytes(2 if chr(code) in _SENTENCE_CHARACTERS else 1 if chr(code) in _CLAUSE_CHARACTERS else 0
                                  for code in range(max(map(ord, _SENTENCE_CHARACTERS | _CLAUSE_CHARACTERS)) + 1))
_MARK_CODES_END: Final[int] = len(_MARK_CODES)
_WORD_CODES_END: Final[int] = len(WORD_CODES)


_SCRIPT_CODES: Final[bytes] = SCRIPT_CODES
_SCRIPT_CODES_END: Final[int] = len(SCRIPT_CODES)
_SCRIPT_NUMBERS = {code: number for number, code in enumerate(SCRIPTS, start=1)}


def words_in_script(text: str, script: str) -> tuple[int, int]:
    """(words, words with a letter of ``script``) of a text, a word being a run of word
    characters (:data:`TOKEN`). Compiled, one loop over the code points; interpreted, one
    search per word (tested to agree).

    >>> words_in_script("मैं Deep-Aligned पढ़ रहा हूँ", "deva")
    (6, 4)
    """
    if not _BY_CHARACTER:
        found = TOKEN.findall(text)
        return len(found), sum(1 for word in found if has_script(word, script))
    number = _SCRIPT_NUMBERS[script]
    words = in_script = 0
    in_word = counted = False
    for i in range(len(text)):
        code = ord(text[i])
        if _is_word_code(code):
            if not in_word:
                in_word, counted = True, False
                words += 1
            if not counted and code < _SCRIPT_CODES_END and _SCRIPT_CODES[code] == number:
                counted = True
                in_script += 1
        else:
            in_word = False
    return words, in_script


def _is_word_code(code: int) -> bool:
    """Is the character with this code point in WORD_CHARACTERS?"""
    return code < _WORD_CODES_END and _WORD_CODES[code] != 0


def token_columns_by_character(text: str, segments: list[tuple[int, int]], script: str) -> TokenColumns:
    """The tokens of :func:`token_columns_by_split`, found by one loop over the characters.

    Compiled (mypyc), a loop over code points costs a third of the regex
    split and its per-gap mark search; interpreted it is several times
    slower, so the pure-Python path keeps the split. Tested to give the same
    columns on every bundled text and on random strings.

    >>> columns = token_columns_by_character("तुम, आप। हाँ 3.5", [(0, 16)], "deva")
    >>> columns.words, columns.clause, columns.sentence, columns.after
    (['तुम', 'आप', 'हाँ', '3', '5'], [0, 1, 2, 2, 2], [0, 0, 1, 1, 1], [',', '।', '', '', ''])
    """
    starts: list[int] = []
    ends: list[int] = []
    keys: list[str] = []
    clause_ids: list[int] = []
    sentence_ids: list[int] = []
    after: list[str] = []
    clause_firsts: list[int] = []   # the first token of each clause
    word_keys = key_cache(script)
    sentence_mark = True
    clause = sentence = -1
    count = 0
    for seg_start, seg_end in segments:
        clause_mark = True
        pending_after = -1     # the token whose first following mark is still to be found
        i = seg_start
        while i < seg_end:
            code = ord(text[i])
            if code < _WORD_CODES_END and _WORD_CODES[code] != 0:   # (_is_word_code, written out)
                end = i + 1
                while end < seg_end:
                    code = ord(text[end])
                    if code >= _WORD_CODES_END or _WORD_CODES[code] == 0:
                        break
                    end += 1
                word = text[i:end]
                key = word_keys.get(word)
                if key is None:
                    key = word_keys[word] = match_key(word, script)
                if sentence_mark:
                    sentence += 1
                if clause_mark or sentence_mark:
                    clause += 1
                    clause_firsts.append(count)
                starts.append(i)
                ends.append(end)
                keys.append(key)
                clause_ids.append(clause)
                sentence_ids.append(sentence)
                after.append("")
                pending_after = count
                count += 1
                sentence_mark = clause_mark = False
                i = end
                continue
            if code != 32:
                if code == 46:   # "."
                    ends_sentence = not (i + 1 < seg_end and text[i + 1].isdecimal())   # "3.5"
                    is_mark = ends_sentence
                else:   # (no one-character string per mark: a table of the code points)
                    kind = _MARK_CODES[code] if code < _MARK_CODES_END else 0
                    ends_sentence = kind == 2
                    is_mark = kind != 0
                if is_mark:
                    if pending_after >= 0:
                        after[pending_after] = text[i]
                        pending_after = -1
                    clause_mark = True
                    if ends_sentence:
                        sentence_mark = True
            i += 1
    return TokenColumns(text, starts, ends, keys, clause_ids, sentence_ids, after, clause_firsts)


def token_columns(text: str, segments: list[tuple[int, int]], script: str) -> TokenColumns:
    """Tokens of ``text`` inside the given (start, end) segments, in order, as columns:
    :func:`token_columns_by_character` when compiled, else :func:`token_columns_by_split`.

    >>> token_columns("आप... तुम", [(0, 9)], "deva").clause
    [0, 1]
    """
    if _BY_CHARACTER:
        return token_columns_by_character(text, segments, script)
    return token_columns_by_split(text, segments, script)


def tokenize(text: str, segments: list[tuple[int, int]], script: str) -> list[Token]:
    """Tokens of ``text`` inside the given (start, end) segments, as :class:`Token`
    objects (see :func:`token_columns`, which the analysis uses)."""
    return token_columns(text, segments, script).tokens()


def tokenize_reference(text: str, segments: list[tuple[int, int]], script: str) -> list[Token]:
    """The straightforward tokenizer, one regex pass over words and marks (see :func:`tokenize`)."""
    tokens: list[Token] = []
    append = tokens.append
    keys = key_cache(script)
    sentence = clause = True
    pending_after = None
    for seg_start, seg_end in segments:
        clause = True
        for match in _SCAN.finditer(text, seg_start, seg_end):
            word = match.group("word")
            if word is not None:
                key = keys.get(word)
                if key is None:
                    key = keys[word] = match_key(word, script)
                start, end = match.span()
                pending_after = Token(word, start, end, key, clause, sentence)
                append(pending_after)
                sentence = clause = False
                continue
            kind = match.lastgroup
            mark = match.group()
            if pending_after is not None:
                pending_after.after = mark
                pending_after = None
            clause = True
            if kind == "sentence":
                sentence = True
        pending_after = None
    return tokens
