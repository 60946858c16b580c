"""Listed speakers and the labels that name them (डॉ. मिश्रा, मिश्रा जी, मिश्रा).

Its own module so that turn splitting (turns.py) and narrative frames
(narrative.py) both use it without importing each other.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable

from ..records import SpeakerSpec
from ..scripts import sound_skeleton
from .lexicon import Lexicon
from .tokens import TOKEN


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
        self._matched: dict[str, str | None] = {}   # label → speaker: a record asks about the same labels often
        self._by_kin_end: dict[str, list[str]] | None = None   # built when first asked (see _kin_ends)
        self._sounds: dict[tuple[bool, str], list[str]] | None = None   # built when first asked (see _by_sound)
        self._native_names = False   # (see _by_sound)

    def _keys(self, text: str) -> tuple:
        return tuple(self.lexicon.key(m.group()) for m in TOKEN.finditer(text))

    def _core_keys(self, text: str) -> tuple:
        return core_keys(text, self.lexicon)

    def match(self, label: str) -> str | None:
        """The listed speaker a label names, or None."""
        if label in self._matched:
            return self._matched[label]
        if len(self._matched) >= 4096:   # the index is shared by a scenario's records: bounded
            self._matched.clear()
        found = self._matched[label] = self._match(label)
        return found

    def _match(self, label: str) -> str | None:
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
            if len(titled) == 1:
                return titled[0]
            # (or the one whose name the title is written fused to: বাবু for হরিপদবাবু)
            fused = self._kin_ends().get(keys[0]) if len(keys) == 1 and not titled else None
            return fused[0] if fused is not None and len(fused) == 1 else None
        names = self._core.get(core) if core else None
        if names and len(names) == 1:
            name = next(iter(names))
            return None if self._another_gender(keys, name) else name
        # One side's core words inside the other's (मिसेज़ कपूर / कपूर मैडम).
        if core:
            # (not where the other words name a parent of the person: Aarav Mummy is Aarav's mother)
            relatives = self.lexicon.relatives_after_name
            hits = {name for spec_core, spec_names in self._core.items()
                    for name in spec_names if (set(core) <= set(spec_core) or set(spec_core) <= set(core))
                    and not relatives & (set(core) ^ set(spec_core))}
            if len(hits) == 1:
                name = hits.pop()
                return None if self._another_gender(keys, name) else name
            # a trade's suffix written apart, in another inflection (auto wale ne … for Auto wala)
            suffixes = self.lexicon.narrative.get("role_suffixes", ()) if self.lexicon.narrative else ()
            if suffixes and any(k in suffixes for k in core):
                stem = {k for k in core if k not in suffixes}
                hits = {name for spec_core, spec_names in self._core.items() for name in spec_names
                        if any(k in suffixes for k in spec_core)
                        and stem == {k for k in spec_core if k not in suffixes}}
                if len(hits) == 1:
                    return hits.pop()
        return None

    def _another_gender(self, keys: tuple, name: str) -> bool:
        """Do the label's title and the listed name's tell two genders (मिसेज़ मल्होत्रा for मल्होत्रा
        साहब: his wife, not him)?"""
        said = _genders_of(keys, self.lexicon)
        listed = title_genders(name, self.lexicon)
        return bool(said and listed) and not said & listed

    def mentioned_in(self, keys: list[str]) -> list[str]:
        """Listed speakers whose core name words occur in a token-key list (vocatives), and the one
        whose name is a name and the kin term or role word it ends in, called by that word alone
        (চাচা, … for হারুন চাচা; दीदी, … for रीना दीदी), where no other speaker's name ends in it.

        >>> from honorifics.extraction.lexicon import load_lexicon
        >>> from honorifics.records import SpeakerSpec
        >>> index = SpeakerIndex([SpeakerSpec("হারুন চাচা"), SpeakerSpec("রফিক")], load_lexicon("bn"))
        >>> index.mentioned_in(["চাচা", "আপনার"])
        ['হারুন চাচা']
        """
        found: list[str] = []
        present = set(keys)
        for core, names in self._core.items():
            if core and set(core) <= present:
                found.extend(n for n in names if n not in found)
        kin_ends = self._kin_ends()
        for key in present & kin_ends.keys():
            ending_in = kin_ends[key]
            if len(ending_in) == 1 and ending_in[0] not in found:
                found.append(ending_in[0])
        if not found and self._by_sound():
            # a call in the other script (Neha, … where the narration writes नेहा): the one name of one
            # word that sounds so (asked only of a word in Latin letters where a name is in a native
            # script, else of a word in a native script)
            sounds = self._by_sound()
            native_names = self._native_names
            for key in keys:
                if _latin(key) == native_names:
                    sounding = name_sounding_as(key, sounds)
                    if sounding is not None and sounding not in found:
                        found.append(sounding)
        return found

    def _by_sound(self) -> dict[tuple[bool, str], list[str]]:
        """The listed names of one word by their sound (see :func:`names_by_sound`), built once."""
        if self._sounds is None:
            self._native_names = any(not _latin(core[0]) for core in self._core if core)
            self._sounds = names_by_sound((core[0], names) for core, names in self._core.items() if len(core) == 1)
        return self._sounds

    def call_keys(self, name: str) -> tuple:
        """The keys a call to a listed speaker may hold: its name's words, and the kin term or
        fused title its name ends in where that calls it alone (হরিপদবাবু: বাবু; see mentioned_in)."""
        own = tuple(self.lexicon.key(m.group()) for m in TOKEN.finditer(name))
        return own + tuple(end for end, names in self._kin_ends().items() if names == [name] and end not in own)

    def _kin_ends(self) -> dict[str, list[str]]:
        """The kin term or role word that ends a listed name of two words or more (হারুন চাচা, शांता
        ताई → चाचा, ताई), never a title that only follows names (जी, বাবু), or the title fused to a name's
        end (হরিপদবাবু → বাবু) → the names ending in it."""
        if self._by_kin_end is None:
            ends: dict[str, list[str]] = {}
            lexicon = self.lexicon
            suffixes = sorted(lexicon.clauses["title_suffixes"], key=len, reverse=True)
            for core, names in self._core.items():
                last = core[-1] if len(core) >= 2 else None
                if last is None and len(core) == 1 and lexicon.titled(core[0]):
                    # a title written fused to the name (হরিপদবাবু, called বাবু)
                    last = next(suffix for suffix in suffixes if core[0].endswith(suffix))
                elif last is not None and not (last in lexicon.person_nouns or (
                        lexicon.nominal_address.get(last) or ("",))[0] not in ("", "name-suffix")):
                    last = None
                if last is not None:
                    for name in names:
                        ends.setdefault(last, []).append(name)
            self._by_kin_end = ends
        return self._by_kin_end

    def name_keys(self) -> frozenset:
        """Every core word of every listed name (never evidence: হোসেন is a name)."""
        return self._name_keys


def _latin(key: str) -> bool:
    """Is a word key written in Latin letters (a romanized call, Neha)?"""
    return key.isascii()


def names_by_sound(words: Iterable[tuple[str, Collection[str]]]) -> dict[tuple[bool, str], list[str]]:
    """(written in Latin letters?, the sound) → the names whose one word sounds so, of two consonants
    or more, from (word, the names it is) pairs (see :func:`honorifics.scripts.sound_skeleton`)."""
    out: dict[tuple[bool, str], list[str]] = {}
    for word, names in words:
        skeleton = sound_skeleton(word)
        if len(skeleton) >= 2:
            out.setdefault((_latin(word), skeleton), []).extend(names)
    return out


def name_sounding_as(word: str, by_sound: dict[tuple[bool, str], list[str]]) -> str | None:
    """The one name of :func:`names_by_sound` in the other script than ``word`` that sounds as it does
    (``Nani`` → ``नानी``), else None."""
    sounding = by_sound.get((not _latin(word), sound_skeleton(word)), ())
    return sounding[0] if len(sounding) == 1 else None


def core_keys(name: str, lexicon: Lexicon) -> tuple:
    """The keys of a name's words but its titles (डॉ. मिश्रा, मिश्रा जी → मिश्रा)."""
    return tuple(k for k in (lexicon.key(m.group()) for m in TOKEN.finditer(name)) if k not in lexicon.name_titles)


def naming_keys(name: str, lexicon: Lexicon) -> frozenset:
    """The keys of a name's words that tell whose it is: its core keys, or all its keys when it is
    titles only (वर्मा जी and अम्मा जी share जी, not a person; डॉक्टर साहब is its titles)."""
    core = core_keys(name, lexicon)
    return frozenset(core) if core else frozenset(lexicon.key(m.group()) for m in TOKEN.finditer(name))


def one_name_per_person(names: list[str], lexicon: Lexicon) -> dict[str, str]:
    """For a text with no listed speakers: the names that differ only by a title, a trade or a kin
    term (शर्मा, शर्मा जी; সেন, সেন বাবু; নিতাই, নিতাই মাঝি) are one person, keyed by the fullest name
    written.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> one_name_per_person(["शर्मा", "शर्मा जी", "नेहा"], load_lexicon("hi"))
    {'शर्मा': 'शर्मा जी'}
    """
    by_core: dict[tuple, list[str]] = {}
    if len(names) < 2:
        return {}
    for name in names:
        core = core_keys(name, lexicon)
        # (a trade or kin term after a name says who the person is, as a title does: নিতাই মাঝি, নিতাই;
        # Balwant paaji, Balwant; not a word that is one alone: मामा)
        core = tuple(k for k in core if not lexicon.person_word(k)) or core
        if core:
            by_core.setdefault(core, []).append(name)
    out: dict[str, str] = {}
    for group in by_core.values():
        if len(group) < 2:
            continue
        genders = [title_genders(name, lexicon) for name in group]
        titled = [len(core_keys(name, lexicon)) < len(TOKEN.findall(name)) for name in group]
        if any("f" in g for g in genders) and any("f" not in g and t for g, t in zip(genders, titled)):
            # (मिसेज़ मल्होत्रा and मल्होत्रा साहब, or वर्मा जी: two people, the wife by her title, the one a
            # title that tells no gender names as often the husband; each keeps the names of their own titles,
            # and the surname alone is either; not Malati and Malati-di, one woman)
            parts = [[n for n, g in zip(group, genders) if "f" in g],
                     [n for n, g, t in zip(group, genders, titled) if "f" not in g and t]]
        else:
            parts = [group]
        for part in parts:
            if len(part) > 1:
                fullest = max(part, key=lambda n: len(TOKEN.findall(n)))   # the first of the longest
                out.update({name: fullest for name in part if name != fullest})
    return out


def title_genders(name: str, lexicon: Lexicon) -> set[str]:
    """The genders the titles of a name tell ("f", "m"; मिसेज़ मल्होत्रा → {"f"}, मल्होत्रा → none)."""
    return _genders_of([lexicon.key(m.group()) for m in TOKEN.finditer(name)], lexicon)


def _genders_of(keys: Collection[str], lexicon: Lexicon) -> set[str]:
    return {"f" for k in keys if k in lexicon.feminine_titles} | {"m" for k in keys if k in lexicon.masculine_titles}
