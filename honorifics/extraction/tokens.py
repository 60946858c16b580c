"""Tokens with spans into the original text, and clause/sentence boundaries.

Python's ``\\w`` does not match Devanagari or Bengali vowel signs (आपकी would
split into आपक + ी), so the token class lists the script blocks explicitly.
Hyphens split tokens (आपना-आपनि → আপনা, আপনি) so that traps can see both parts.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .normalize import match_key

# Letters, marks and digits of Latin, Devanagari (without the dandas) and
# Bengali, plus the zero-width joiners that sit inside words.
TOKEN = re.compile(
    "[0-9A-Za-z\u00c0-\u024f\u0900-\u0963\u0966-\u097f\u0980-\u09ff\u200c\u200d]+")

SENTENCE_END = frozenset("।॥?!.\n…")
CLAUSE_END = SENTENCE_END | frozenset(",;:—–()[]\"“”")


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
    #: punctuation right after the token, stripped ("" when none)
    after: str = ""


def tokenize(text: str, segments: list[tuple[int, int]], script: str) -> list[Token]:
    """Tokens of ``text`` inside the given (start, end) segments, in order.

    A gap between two segments (an excluded stage direction or quote) counts
    as a clause boundary.
    """
    tokens: list[Token] = []
    previous_end = None
    for seg_start, seg_end in segments:
        segment_first = True
        for match in TOKEN.finditer(text, seg_start, seg_end):
            start, end = match.span()
            gap = text[previous_end:start] if previous_end is not None else "\n"
            clause = segment_first or any(char in CLAUSE_END for char in gap)
            sentence = previous_end is None or any(char in SENTENCE_END for char in gap)
            if "..." in gap:
                clause = True
            if tokens:
                tokens[-1].after = gap.strip()
            tokens.append(Token(match.group(), start, end, match_key(match.group(), script),
                                clause, sentence))
            previous_end = end
            segment_first = False
        if tokens and previous_end is not None and previous_end <= seg_end:
            tokens[-1].after = (text[previous_end:seg_end].strip() or tokens[-1].after)
    return tokens
