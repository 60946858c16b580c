"""Required literals of a regex: a cheap test that rules out most texts before the search.

Python's regex engine tries a pattern that starts with a look-behind or a class at
almost every position of a text, about 20 ns each; ``str.find`` of a literal runs in
a fast loop. A match of a generic-"you" pattern (``आपको … पड़ता है``, ``যত … না কেন``)
must contain some literals (``पड``, ``না কেন``): when a text lacks them, there is
no match and no search is needed.

:func:`required_literals` reads the parsed pattern into alternatives, each a list of
requirements (a requirement: any one of some literal strings). It is a necessary
condition only: :func:`may_match` never says False where the pattern matches, so
a search behind it finds exactly what it found without it. Case-insensitive parts
and constructs it does not know require nothing.

>>> import re
>>> pattern = re.compile("(?<![a-z])(?:(?:आपको|तुम्हें)[^।]{0,60}ने पड़ता है|जैसा [^,]+, ?वैसा)")
>>> required = required_literals(pattern)
>>> may_match(required, "इस मंदिर में आपको जूते उतारने पड़ता है")
True
>>> may_match(required, "आप अंदर आइए।")
False
"""
from __future__ import annotations

import re
from typing import Any

try:   # Python 3.11+
    from re import _constants as _sre, _parser as _sre_parse   # type: ignore[attr-defined]
except ImportError:   # pragma: no cover - Python 3.10
    import sre_constants as _sre   # type: ignore[no-redef]
    import sre_parse as _sre_parse   # type: ignore[no-redef]

#: alternatives, each a tuple of requirements, each a tuple of literals (any one suffices)
Required = tuple[tuple[tuple[str, ...], ...], ...]

#: no requirement: every text may match
ANYTHING: Required = ((),)

# more alternatives than this are merged into one requirement (any of their literals)
_MAX_ALTERNATIVES = 64
_REPEATS = {_sre.MAX_REPEAT, _sre.MIN_REPEAT, *([_sre.POSSESSIVE_REPEAT] if hasattr(_sre, "POSSESSIVE_REPEAT") else [])}

_Dnf = list[list[frozenset]]   # alternatives of requirements while reading


def required_literals(pattern: re.Pattern) -> Required:
    """What every match of ``pattern`` contains, as alternatives of requirements
    (:data:`ANYTHING` when it cannot tell)."""
    try:
        parsed = _sre_parse.parse(pattern.pattern, pattern.flags)
        alternatives = _sequence(list(parsed.data), parsed.state.flags)
    except Exception:   # a pattern the reader does not know: no prefilter
        return ANYTHING
    condensed = [[_shared_prefixes(r) for r in a] for a in alternatives]
    return tuple(tuple(tuple(sorted(r)) for r in sorted(a, key=_cheap_and_rare)) for a in condensed)


def _letters(literal: str) -> int:
    return len(literal) - literal.count(" ")


def _cheap_and_rare(requirement: frozenset) -> tuple:
    """The order in which to test an alternative's requirements: few literals of three
    characters or more first (one ``find`` that usually fails), single letters last."""
    shortest = min(map(len, requirement))
    return (shortest < 3, len(requirement), -shortest, sorted(requirement))


def _shared_prefixes(requirement: frozenset) -> frozenset:
    """Fewer literals to find: those that begin with the same three characters stand for
    their common beginning (पाता, पाती, पाते → पात), still required whenever one of them is.

    >>> sorted(_shared_prefixes(frozenset({"पाता", "पाती", "सकता", "यदि"})))
    ['पाता', 'पाती', 'यदि', 'सकता']
    >>> sorted(_shared_prefixes(frozenset({"पाता", "पाती", "पाते", "यदि"})))
    ['पात', 'यदि']
    """
    groups: dict[str, list[str]] = {}
    for literal in requirement:
        groups.setdefault(literal[:3], []).append(literal)
    out = set()
    for group in groups.values():
        common = group[0]
        for literal in group[1:]:
            while not literal.startswith(common):
                common = common[:-1]
        # a group of three or more becomes its beginning; two stay two finds either way
        out.update([common] if len(group) >= 3 and _letters(common) >= 2 else group)
    return frozenset(out)


def may_match(required: Required, text: str) -> bool:
    """False only if no match of the pattern can lie in ``text`` (search a slice
    ``text[start:end]`` as ``may_match(required, text[start:end])``)."""
    for alternative in required:
        for literals in alternative:
            for literal in literals:
                if literal in text:
                    break
            else:
                break   # this requirement is not met: the alternative cannot match
        else:
            return True
    return False


def _sequence(items: list, flags: int) -> _Dnf:
    """The alternatives of a sequence of parsed items: every item's requirements hold."""
    out: _Dnf = [[]]
    i = 0
    while i < len(items):
        op, value = items[i]
        if op is _sre.LITERAL and not flags & re.IGNORECASE:
            run = []
            while i < len(items) and items[i][0] is _sre.LITERAL:
                run.append(chr(items[i][1]))
                i += 1
            item: _Dnf = [[frozenset(["".join(run)])]]
        else:
            item = _item(op, value, flags)
            i += 1
        if item == [[]]:
            continue
        if len(out) * len(item) > _MAX_ALTERNATIVES:
            item = _merged(item)
        if len(out) * len(item) > _MAX_ALTERNATIVES:
            out = _merged(out)
        out = [a + b for a in out for b in item]
    return out


def _item(op: Any, value: Any, flags: int) -> _Dnf:
    if op is _sre.SUBPATTERN:
        _group, add, remove, sub = value
        flags = (flags | add) & ~remove
        return [[]] if flags & re.IGNORECASE else _sequence(list(sub.data), flags)
    if op is _sre.BRANCH:
        branches = [_sequence(list(sub.data), flags) for sub in value[1]]
        if any(b == [[]] for b in branches):
            return [[]]   # a branch that requires nothing: the choice requires nothing
        if all(len(b) == 1 and len(b[0]) == 1 for b in branches):
            return [[frozenset().union(*(b[0][0] for b in branches))]]   # आपको|तुम्हें: any one
        return [a for b in branches for a in b]
    if op in _REPEATS:
        low, _high, sub = value
        return _sequence(list(sub.data), flags) if low >= 1 else [[]]
    if op is getattr(_sre, "ATOMIC_GROUP", None):
        return _sequence(list(value.data), flags)
    return [[]]   # a class, any character, an anchor, a look-around: no literal required


def _merged(alternatives: _Dnf) -> _Dnf:
    """One requirement in place of many alternatives: one literal set of each, any of them."""
    if any(not a for a in alternatives):
        return [[]]
    return [[frozenset().union(*(max(a, key=lambda r: min(map(len, r))) for a in alternatives))]]
