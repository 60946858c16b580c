"""The second-person tier scales: the one Hindi, Bangla and romanized text share,
and each language's own (:class:`Scale`, read from its data folder).

The shared scale, ordered from least to most deferent::

    intimate  < familiar < formal
    तू / তুই    तुम / তুমি   आप / আপনি

Speaker-level outcomes add ``mixed`` (two tiers toward one addressee) and
``none`` (no second-person evidence). Users may write a tier in any spelling
(``"आप"``, ``"apni"``, ``"tum"``, ``"Formal"``); output is always canonical.

A language's scale is data (``honorifics/lang/<code>/language.yaml``): a
language with a fourth level of address (Nepali हजुर) names it there with the
words a user may write for it, and the registry makes it known here
(:func:`set_language_tiers`); no code changes.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Mapping

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
_SHARED_LOOKUP = {spelling.casefold(): canonical for canonical, spellings in _SPELLINGS.items()
                  for spelling in spellings}
#: every spelling → its tier: the shared ones and those of the registered languages' scales
_LOOKUP = dict(_SHARED_LOOKUP)
#: tiers beyond the shared three, from the registered languages' scales, in registry order
_ADDED: list[str] = []


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
    added = f" (or {'/'.join(_ADDED)})" if _ADDED else ""
    raise TierError(
        f"unknown tier {value!r}: use one of intimate/familiar/formal/mixed/none{added} "
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


def politeness_direction(produced: str, expected: Iterable[str],
                         scale: Scale | None = None) -> str | None:
    """Whether ``produced`` is over- or under-polite relative to ``expected``.

    Returns ``"over-polite"``, ``"under-polite"``, or ``None`` when the produced
    tier is acceptable or the comparison has no direction (``mixed``, ``none``).
    The reference is the expected tier nearest to the produced one, on ``scale``
    (a language's; the shared three tiers when None).

    >>> politeness_direction("formal", ["familiar"])
    'over-polite'
    >>> politeness_direction("intimate", ["familiar", "formal"])
    'under-polite'
    >>> politeness_direction("formal", ["elevated"], Scale((INTIMATE, FAMILIAR, FORMAL, "elevated")))
    'under-polite'
    """
    rank = RANK if scale is None else scale.rank
    expected = [t for t in expected if t in rank]
    if produced not in rank or not expected or produced in expected:
        return None
    nearest = min(expected, key=lambda t: abs(rank[t] - rank[produced]))
    return "over-polite" if rank[produced] > rank[nearest] else "under-polite"


@dataclass(frozen=True)
class Scale:
    """A language's address scale: its tiers, least to most deferent, and the words a
    user may write for the tiers that are not shared (``spellings``: tier → words).

    >>> nepali = Scale.from_data(["intimate", "familiar", "formal", {"elevated": ["हजुर", "hajur"]}])
    >>> nepali.tiers, nepali.rank["elevated"], nepali.spellings
    (('intimate', 'familiar', 'formal', 'elevated'), 3, (('elevated', ('हजुर', 'hajur')),))
    """
    tiers: tuple[str, ...] = TIERS
    spellings: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def __post_init__(self) -> None:
        if not self.tiers or len(set(self.tiers)) != len(self.tiers) or set(self.tiers) & {MIXED, NONE}:
            raise TierError(f"a tier scale needs distinct tiers other than mixed/none, got {list(self.tiers)}")

    @cached_property
    def rank(self) -> dict[str, int]:
        """Tier → its place on the scale (0: least deferent)."""
        return {tier: number for number, tier in enumerate(self.tiers)}

    @classmethod
    def from_data(cls, items: Iterable[str | Mapping[str, Iterable[str]]] | None) -> Scale:
        """A scale from its data: tier names in order; a tier of this language alone as
        ``{name: [words for it]}``. None: the shared scale."""
        if items is None:
            return cls()
        tiers: list[str] = []
        spellings: list[tuple[str, tuple[str, ...]]] = []
        for item in items:
            if isinstance(item, str):
                tiers.append(item)
                continue
            if not isinstance(item, Mapping) or len(item) != 1:
                raise TierError(f"a tier is a name or {{name: [words]}}, got {item!r}")
            (name, words), = item.items()
            tiers.append(str(name))
            spellings.append((str(name), tuple(str(word) for word in words or ())))
        return cls(tuple(tiers), tuple(spellings))


def set_language_tiers(scales: Iterable[Scale]) -> None:
    """The tiers :func:`parse_tier` knows: the shared ones with their spellings, and the
    tiers and words of these scales (the registered languages'; the registry calls this).
    A word that names two tiers is an error, and then nothing changes."""
    lookup = dict(_SHARED_LOOKUP)
    added: list[str] = []
    for scale in scales:
        words = dict(scale.spellings)
        for tier in scale.tiers:
            for spelling in (tier, *words.get(tier, ())):
                key = spelling.strip().casefold()
                known = lookup.setdefault(key, tier)
                if known != tier:
                    raise TierError(f"{spelling!r} names the tier {known!r}, not {tier!r}")
            if tier not in RANK and tier not in added:
                added.append(tier)
    _LOOKUP.clear()
    _LOOKUP.update(lookup)
    _ADDED[:] = added
