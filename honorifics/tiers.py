"""The second-person tier scale shared by Hindi, Bangla and romanized text.

One scale, ordered from least to most deferent::

    intimate  < familiar < formal
    तू / তুই    तुम / তুমি   आप / আপনি

Speaker-level outcomes add ``mixed`` (two tiers toward one addressee) and
``none`` (no second-person evidence). Users may write a tier in any spelling
(``"आप"``, ``"apni"``, ``"tum"``, ``"Formal"``); output is always canonical.
"""
from __future__ import annotations

from typing import Iterable

INTIMATE = "intimate"
FAMILIAR = "familiar"
FORMAL = "formal"
MIXED = "mixed"
NONE = "none"

#: The three address tiers, least to most deferent.
TIERS: tuple[str, ...] = (INTIMATE, FAMILIAR, FORMAL)
#: Every outcome a speaker or record can have.
OUTCOMES: tuple[str, ...] = TIERS + (MIXED, NONE)

RANK = {INTIMATE: 0, FAMILIAR: 1, FORMAL: 2}

_SPELLINGS = {
    INTIMATE: ["intimate", "तू", "তুই", "tu", "tui", "too", "tuu", "t-form-intimate"],
    FAMILIAR: ["familiar", "तुम", "তুমি", "tum", "tumi", "informal"],
    FORMAL: ["formal", "आप", "আপনি", "aap", "ap", "aap-tier", "apni", "apnI"],
    MIXED: ["mixed"],
    NONE: ["none", "avoidance", "null", "no-address", "neutral"],
}
_LOOKUP = {spelling.casefold(): canonical for canonical, spellings in _SPELLINGS.items()
           for spelling in spellings}


class TierError(ValueError):
    """A string that is not a spelling of any tier."""


def parse_tier(value: str) -> str:
    """Return the canonical name for any accepted spelling of a tier.

    >>> parse_tier("आप"), parse_tier("Tumi"), parse_tier("tu")
    ('formal', 'familiar', 'intimate')
    """
    if not isinstance(value, str):
        raise TierError(f"a tier must be a string, got {type(value).__name__}")
    key = value.strip().casefold()
    if key in _LOOKUP:
        return _LOOKUP[key]
    raise TierError(
        f"unknown tier {value!r}: use one of intimate/familiar/formal/mixed/none "
        "or तू/तुम/आप, তুই/তুমি/আপনি, tu/tum/aap, tui/tumi/apni")


def parse_tiers(value: str | Iterable[str]) -> tuple[str, ...]:
    """Parse one tier or a list of acceptable tiers, keeping order, no repeats."""
    items = [value] if isinstance(value, str) else list(value)
    out: list[str] = []
    for item in items:
        tier = parse_tier(item)
        if tier not in out:
            out.append(tier)
    if not out:
        raise TierError("an empty list of tiers")
    return tuple(out)


def politeness_direction(produced: str, expected: Iterable[str]) -> str | None:
    """Whether ``produced`` is over- or under-polite relative to ``expected``.

    Returns ``"over-polite"``, ``"under-polite"``, or ``None`` when the produced
    tier is acceptable or the comparison has no direction (``mixed``, ``none``).
    The reference is the expected tier nearest to the produced one.

    >>> politeness_direction("formal", ["familiar"])
    'over-polite'
    >>> politeness_direction("intimate", ["familiar", "formal"])
    'under-polite'
    """
    expected = [t for t in expected if t in RANK]
    if produced not in RANK or not expected or produced in expected:
        return None
    nearest = min(expected, key=lambda t: abs(RANK[t] - RANK[produced]))
    return "over-polite" if RANK[produced] > RANK[nearest] else "under-polite"
