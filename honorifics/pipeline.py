"""The analysis pipeline: one input record in, one :class:`RecordAnalysis` out.

::

    record ─► language/script ─► turns + speakers ─► evidence per turn
      ─► utterance tier + agreement ─► speaker tier + consistency
      ─► expectations (inline or scenario bank) ─► record verdict

>>> from honorifics import analyze_text
>>> result = analyze_text("आप यहाँ बैठो।", language="hi")
>>> result.tier, result.agreement_errors
('formal', 1)
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Iterator

from .extraction.english import is_english
from .extraction.addressees import (addressees_of_evidence, direction_person, frame_recipient, genitive_stems,
                                    group_address, learn_role_name, may_change_addressee, opening_direction,
                                    opening_direction_text, opening_vocative, opens_with_call, person_named,
                                    sentence_spans, the_other_party, toward_the_narrator, vocative_names)
from .extraction.evidence import UtteranceEvidence, extract_evidence
from .extraction.genericity import generic_by_contrast
from .extraction.out_of_character import MENTION_MARK_CHARACTERS, meta_answer, names_the_forms, quotes_a_form
from .extraction.lexicon import Lexicon, lexicon_name, load_lexicon
from .extraction.normalize import detect_script, has_script, script_mix
from .extraction.tokens import TOKEN, words_in_script
from .extraction.speakers import name_sounding_as, names_by_sound, naming_keys, one_name_per_person
from .extraction.narrative import UNNAMED_SUFFIX
from .extraction.turns import UNNAMED_DASH, RawTurn, SpeakerIndex, note_marked, split_turns, text_of, without_quotes
from . import languages as registry
from .languages import LATIN, SCRIPT_LANGUAGES, script_language
from .inputs import (DEFAULT_MAX_CHARS, object_id, DEFAULT_SPEAKER, InputError, InputRecord, check_text, decode_line,
                 parse_expected, parse_language, parse_speakers, parse_task, record_from_object)
from .records import (NARRATION, NOTE, PRONOUN, REFUSAL, SEED, SPEECH, Evidence, RecordAnalysis, RecordContext,
                    SpeakerExpectation, SpeakerResult, SpeakerSpec, SpeakerTurn)
from .scripts import DOUBLE_QUOTE_CHARACTERS, SENTENCE_END_MARKS, WORD_CHARACTERS
from .tiers import MIXED, NONE, RANK, TIERS, Scale, politeness_direction

USER = "user"   # the addressee of out-of-character text


def tier_of(tiers: Iterable[str]) -> str:
    """``none`` for no tiers, the tier when there is one, else ``mixed``."""
    distinct = set(tiers)
    if not distinct:
        return NONE
    return distinct.pop() if len(distinct) == 1 else MIXED


def evidence_tiers(evidence: Iterable[Evidence]) -> list[str]:
    """The tier each item shows, with flexible forms taking a tier they also fit.

    A Hindi infinitive imperative (खा लेना) is ``familiar`` but also said with
    तू: next to तू evidence it reads ``intimate`` instead of making the
    speaker ``mixed``.

    >>> tu = Evidence("तू", 0, 2, "pronoun", "intimate", "lexicon", "hi.pronoun", 0.98)
    >>> lena = Evidence("लेना", 9, 13, "verb", "familiar", "morphology", "hi.verb", 0.8,
    ...                 also_fits=("intimate",))
    >>> evidence_tiers([tu, lena])
    ['intimate', 'intimate']
    >>> evidence_tiers([lena])
    ['familiar']
    """
    items = list(evidence)
    fixed = {e.tier for e in items if not e.also_fits}
    tiers = []
    for item in items:
        if item.also_fits and item.tier not in fixed:
            fitting = [t for t in item.also_fits if t in fixed]
            tiers.append(fitting[0] if len(fitting) == 1 else item.tier)
        else:
            tiers.append(item.tier)
    return tiers


def shown_tier(evidence: list[Evidence], tiers: list[str] | None = None) -> str:
    """The tier a body of evidence toward one addressee shows.

    ``mixed`` needs a second tier that is backed by a pronoun, or that verbs alone
    show more often than the pronoun-backed tier: a lone verb form beside a
    pronoun is more often a misread form (an inclusive चलो, a 3rd-person
    honorific, a relayed line) than a switch of register, and every switch in
    the labelled sets names the addressee with two pronouns (आप … तुम्हें).

    >>> aap = Evidence("आप", 0, 3, "pronoun", "formal", "lexicon", "hi.pronoun", 0.98)
    >>> chalo = Evidence("चलो", 9, 12, "verb", "familiar", "morphology", "hi.verb", 0.9)
    >>> tum = Evidence("तुम", 20, 23, "pronoun", "familiar", "lexicon", "hi.pronoun", 0.98)
    >>> shown_tier([aap, chalo]), shown_tier([aap, chalo, tum]), shown_tier([chalo])
    ('formal', 'mixed', 'familiar')

    ``tiers``: ``evidence_tiers(evidence)``, when the caller has it.
    """
    if not evidence:
        return NONE
    if tiers is None:
        tiers = evidence_tiers(evidence)
    distinct = set(tiers)
    if len(distinct) < 2:
        return distinct.pop() if distinct else NONE   # (tier_of)
    backed = {tier for tier, item in zip(tiers, evidence) if item.kind == "pronoun"}
    if len(backed) == 1:
        (pronoun_tier,) = backed
        strength = tiers.count(pronoun_tier)
        if all(tiers.count(tier) <= strength for tier in set(tiers) if tier != pronoun_tier):
            return pronoun_tier
    return MIXED


def _agreement_errors(turns: list[SpeakerTurn]) -> int:
    """How many pronoun–verb pairs of the turns disagree."""
    errors = 0
    for turn in turns:
        for pair in turn.agreement:
            if not pair.ok:
                errors += 1
    return errors


def _most_common(items: list[str], preferred: Iterable[str] = (), answering: Iterable[str] = ()) -> str | None:
    """The most frequent item; among equals one of ``preferred`` (the speakers: the
    dialogue partner before a person the narration turns to once), then one of ``answering``
    (who addresses the speaker back: the partner, not one spoken to in passing), else the first
    seen (the first addressed is the partner more often than the one of most evidence).

    >>> _most_common(["b", "a", "a", "b"]), _most_common(["b", "a"], ["a"]), _most_common([])
    ('b', 'a', None)
    >>> _most_common(["b", "a"], ["a", "b"], ["a"])
    'a'
    """
    if not items:
        return None
    if len(items) == 1:
        return items[0]
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    best = max(counts.values())
    top = [item for item, count in counts.items() if count == best]
    if len(top) > 1:
        listed = set(preferred)
        top = [item for item in top if item in listed] or top
    if len(top) > 1:
        back = set(answering)
        top = [item for item in top if item in back] or top
    return top[0]


def _ordered(tiers: Iterable[str]) -> list[str]:
    """The distinct tiers, most intimate first (unknown names last).

    >>> _ordered(["formal", "intimate", "formal"]), _ordered(["formal"] * 3)
    (['intimate', 'formal'], ['formal'])
    """
    distinct = set(tiers)
    if len(distinct) <= 1:
        return list(distinct)   # most speakers: nothing to sort
    return sorted(distinct, key=lambda t: RANK.get(t, 9))


# --- language ----------------------------------------------------------------

def _romanized_language(text: str) -> str | None:
    """The language of Latin-script text (hi or bn, or any registered language with a
    Latin-script lexicon), by which lexicon's words it uses."""
    scores = {}
    for language in [entry.code for entry in registry.LANGUAGES if LATIN in entry.scripts]:
        lexicon = load_lexicon(lexicon_name(language, LATIN))
        known = lexicon.pronouns.keys() | lexicon.exact_verbs.keys() | lexicon.question_words \
            | lexicon.first_person_pronouns | lexicon.third_person_pronouns
        scores[language] = sum(1 for word in TOKEN.findall(text) if lexicon.key(word) in known)
    best = max(scores, key=scores.get)  # type: ignore[arg-type]
    if scores[best] == 0 or sum(score == scores[best] for score in scores.values()) > 1:
        return None   # no romanized word known, or a tie
    return best


def _lexicon_in(language: str, script: str) -> Lexicon | None:
    """The language's lexicon for a script; None when the registry does not write it in
    that script (a language with no romanized lexicon)."""
    cache = _registry_cache()
    key = ("lexicon", language, script)
    if key not in cache:
        try:
            written = script in registry.language(language).scripts
        except KeyError:
            written = True   # not registered: load_lexicon says what is missing
        cache[key] = load_lexicon(lexicon_name(language, script)) if written else None
    return cache[key]


_REGISTRY_CACHE: dict = {}
_CACHED_REGISTRY: list = [None]   # the registry's languages the cache was filled from


def _registry_cache() -> dict:
    """Answers read from the language registry, per record otherwise (a dict lookup instead of
    an alias lookup and a property); emptied when a language is registered or removed."""
    if _CACHED_REGISTRY[0] is not registry.LANGUAGES:
        _REGISTRY_CACHE.clear()
        _CACHED_REGISTRY[0] = registry.LANGUAGES
    return _REGISTRY_CACHE


def _native_lexicon(language: str, script: str) -> Lexicon:
    """The language's lexicon for a script it is written in (``hi``, ``hi-Latn``); raises as
    :func:`load_lexicon` does for a language with none."""
    cache = _registry_cache()
    key = ("native", language, script)
    found = cache.get(key)
    if found is None:
        found = cache[key] = load_lexicon(lexicon_name(language, script))
    return found


def _script_language(script: str | None, preferred: str | None = None) -> str | None:
    """:func:`honorifics.languages.script_language`, kept per registry."""
    if script is None:
        return None
    cache = _registry_cache()
    key = ("script", script, preferred)
    if key not in cache:
        cache[key] = script_language(script, preferred)
    return cache[key]


def _romanized_form_test(language: str):
    """Is a word a romanized form of the language (pronoun, verb, question word)?"""
    found = _lexicon_in(language, LATIN)
    if found is None:
        return lambda word: False
    lexicon = found
    return lambda word: bool(lexicon.classify(lexicon.key(word))[0] or lexicon.classify(lexicon.key(word))[1]
                             or lexicon.key(word) in lexicon.question_words)


def _own_scale(language: str) -> Scale | None:
    """The language's tier scale when it is not the shared three tiers, else None."""
    cache = _registry_cache()
    key = ("scale", language)
    if key not in cache:
        try:
            scale = registry.language(language).scale
            cache[key] = None if scale.tiers == TIERS else scale
        except KeyError:
            cache[key] = None
    return cache[key]


def resolve_language(text: str, language: str | None) -> tuple[str, str, bool]:
    """(language, script, whether the text may have Latin letters) of a text; raises
    InputError when it cannot tell. No Latin letters: an Indic text in one script,
    where no turn or paragraph needs looking at for English.

    Any Devanagari or Bengali decides: an English refusal or note around a
    Hindi answer does not make the record romanized.

    >>> resolve_language("आप कैसे हैं?", None), resolve_language("Sure! आप कैसे हैं?", None)
    (('hi', 'deva', False), ('hi', 'deva', True))
    """
    script, mixed = script_mix(text)
    if script is None:
        raise InputError("the text has no letters in Devanagari, Bengali or Latin script")
    latin_letters = mixed or script == "latn"
    if script == "latn":
        indic = detect_script("".join(c for c in text if not c.isascii()))
        script = indic if indic in SCRIPT_LANGUAGES else script
    detected = _script_language(script)
    if detected is not None:
        return (language or detected), script, latin_letters  # type: ignore[return-value]
    if language:
        return language, "latn", latin_letters
    guess = _romanized_language(text)
    if guess is None:
        raise InputError("cannot tell the language of this Latin-script text "
                         "(no romanized Hindi or Bangla words found): pass \"language\"")
    return guess, "latn", latin_letters


# --- context and expectations ------------------------------------------------

def _expectations(expected: dict[str | None, SpeakerExpectation], index: SpeakerIndex | None,
                  default_speaker: str | None) -> dict[str, SpeakerExpectation]:
    """The record's inline expectations keyed by the speaker names the analysis uses."""
    out = {}
    for name, expectation in expected.items():
        if name is DEFAULT_SPEAKER:
            if default_speaker is not None:
                out[default_speaker] = expectation
            continue
        matched = (index.match(name) if index else None) or name
        out[matched] = expectation
    return out


_SCENARIO_BANK: Any = None   # the bank, or the error that kept it from loading


def _default_bank():
    global _SCENARIO_BANK
    if _SCENARIO_BANK is None:
        try:
            from .scenarios.bank import load_bank
            # Not strict: one broken built-in scenario must not hide the other 549.
            _SCENARIO_BANK = load_bank(strict=False)
        except Exception as error:   # the bank is optional: say so in the record's warnings
            _SCENARIO_BANK = error
    return _SCENARIO_BANK


def build_context(record: InputRecord, scenario_bank=None) -> tuple[RecordContext, list[str]]:
    """Merge the record's own fields with its scenario (inline fields win)."""
    warnings: list[str] = []
    context = RecordContext()
    if record.scenario_id is not None:
        bank = scenario_bank if scenario_bank is not None else _default_bank()
        if isinstance(bank, Exception) or bank is None:
            warnings.append(f"scenario bank unavailable ({bank}); scenario_id ignored")
        else:
            found = bank.context(record.scenario_id)
            if found is None:
                warnings.append(f"scenario_id {record.scenario_id!r} is not in the scenario bank")
            else:
                context = found
    if record.speakers:
        known = {spec.name: spec for spec in context.speakers}
        listed = {spec.name for spec in record.speakers}
        context.speakers = [SpeakerSpec(spec.name, spec.aliases + (known[spec.name].aliases if spec.name in known else ()))
                            for spec in record.speakers] + \
                           [spec for spec in context.speakers if spec.name not in listed]
    context.task = record.task or context.task
    context.language = record.language or context.language
    return context, warnings


# --- the analysis ------------------------------------------------------------

def _addressee(turn_index: int, speaker: str, turns: list[SpeakerTurn], parties: list[str],
               vocatives: list[str]) -> str | None:
    """Who a speaker addresses in one turn.

    ``parties``: the listed speakers and every turn's speaker, in order, once each.
    Two parties: the other one. More parties: a listed speaker named in the
    turn (a vocative), else the speaker of the nearest earlier turn by
    someone else, else of the next such turn.
    """
    others = [p for p in parties if p != speaker]
    if len(others) == 1:
        return others[0]
    named = [v for v in vocatives if v != speaker]
    if named:
        return named[0]
    for step in (-1, 1):
        j = turn_index + step
        while 0 <= j < len(turns):
            if turns[j].speaker and turns[j].speaker != speaker:
                return turns[j].speaker
            j += step
    return others[0] if others else None


#: a sentence's end: a danda, ?, ! or a point (see SENTENCE_END_MARKS)
_SENTENCE_BREAK = re.compile(f"[{re.escape(SENTENCE_END_MARKS)}.]")

#: tasks whose text is characters' speech and narration, never the model's answer to the user
_STORY_TASKS = frozenset({"continuation", "roleplay"})


def _clause_label(label: str | None) -> bool:
    """Is a "label" a clause that frames a quote (उदाहरण के लिए छात्र कुछ ऐसा कह सकता है: "…"), longer
    than a name with its title and role (a label is a name-like unit, never a verb phrase)?"""
    return label is not None and len(TOKEN.findall(label)) > 4


def _unnamed(speaker: str) -> bool:
    """Is the speaker key one for a speaker with no name (``_unnamed_1``, ``সে (unnamed)``)?"""
    return speaker.startswith(UNNAMED_DASH) or speaker.endswith(UNNAMED_SUFFIX)


def _opening_term(text: str, turn: SpeakerTurn, lexicon: Lexicon) -> str | None:
    """The key of the address term that opens the turn: its first or second word, after no
    evidence but the verb that opens the call (``আপা, আপনি …``, ``तो दीदी, …``, ``लीजिए साहब, …``),
    or None."""
    if not turn.nominal_address:
        return None
    first = turn.nominal_address[0]
    if len(TOKEN.findall(text, turn.start, first.start)) > 1:
        return None
    return lexicon.key(first.text)


def _names_a_form(line: str, lexicon: Lexicon) -> bool:
    """Is the line nothing but one quoted 2nd-person pronoun (``"आप"``, ``"তুমি"``): a form named
    as a word, as a table of forms gives it, not speech?"""
    if not any(q in line for q in MENTION_MARK_CHARACTERS):
        return False   # (most lines: no quote, no word list)
    words = TOKEN.findall(line)
    return len(words) == 1 and lexicon.key(words[0]) in lexicon.pronouns


def _table_of_forms(text: str, lexicon: Lexicon) -> bool:
    """Are the lines table rows, each with a cell that is a 2nd-person pronoun alone (| तू | tu | …
    |): a table of the forms, whose words are mentions?"""
    rows = [row for row in text.splitlines() if row.strip()]
    return bool(rows) and all(row.lstrip().startswith("|") and any(
        (word := cell.strip(" \t*_`")) and " " not in word and lexicon.key(word) in lexicon.pronouns
        for cell in row.split("|")[1:-1]) for row in rows)


def _one_key_per_group(turns: list[SpeakerTurn], addressed: dict[int, dict[int, str]],
                       groups: dict[str, str]) -> None:
    """People once named and then addressed as a group ((मेहमानों से) … आप लोग …) keep that
    group's key wherever a direction or vocative names them again in the record."""
    for turn in turns:
        if turn.kind != SPEECH:
            continue
        targets = addressed.get(turn.index)
        if turn.addressee in groups:
            if targets is None:
                targets = addressed[turn.index] = {}
            for item in turn.evidence:   # (the turn's own addressee is not written per item)
                targets.setdefault(item.start, turn.addressee)
            turn.addressee = groups[turn.addressee]
            for address in turn.nominal_address:
                address.addressee = turn.addressee
        if targets:
            for start, target in targets.items():
                if target in groups:
                    targets[start] = groups[target]


def _one_key_per_named_role(turns: list[SpeakerTurn], addressed: dict[int, dict[int, str]],
                            role_names: dict[str, dict[str, str]]) -> None:
    """A person a speaker's direction named by a role or kin word and the speaker then called by
    name (``(बहू से) सीमा, चाय बना दे। … (बहू से) और तू पकौड़े भी तल ले।``) is one addressee under
    the name, in all of that speaker's turns (a role said before two names stays as it is)."""
    for turn in turns:
        names = role_names.get(turn.speaker) if turn.kind == SPEECH and turn.speaker else None
        if not names:
            continue
        if turn.addressee is not None and names.get(turn.addressee):
            turn.addressee = names[turn.addressee]
            for address in turn.nominal_address:
                address.addressee = turn.addressee
        targets = addressed.get(turn.index)
        if targets:
            for start, target in targets.items():
                if names.get(target):
                    targets[start] = names[target]


def _narrated_keys(text: str, turns: list[SpeakerTurn], lexicon: Lexicon) -> frozenset:
    """The keys of the words the record's narration makes a sentence's subject, outside its quotes:
    the word that opens a sentence, or the one after a word of time that does, or one the ergative
    marks (the people a story's narration names: चिंटू दरवाज़े के पीछे से झाँक रहा था।, तभी इरफ़ान …
    कूद पड़ा।, मौसी ने उसे बुलाया; not आगे का सिग्नल लाल हो गया)."""
    markers = lexicon.narrative.get("subject_markers", frozenset()) if lexicon.narrative else frozenset()
    openers = lexicon.narrative.get("frame_words", frozenset()) if lexicon.narrative else frozenset()
    keys: set[str] = set()
    for turn in turns:
        if turn.kind != NARRATION:
            continue
        for start, end in without_quotes(text, [(turn.start, turn.end)]):
            for sentence_start, sentence_end in sentence_spans(text, start, end):
                words = [lexicon.key(word) for word in TOKEN.findall(text, sentence_start, sentence_end)]
                if words:
                    keys.add(words[0])
                    if len(words) > 1 and (words[0] in openers or words[0] in lexicon.addressees["adverbs"]) \
                            and lexicon.classify(words[1])[:2] == (None, None):
                        # (after a word of time: तभी इरफ़ान टोकरी लेकर कूद पड़ा; not a verb, Aur sun)
                        keys.add(words[1])
                keys.update(word for word, after in zip(words, words[1:]) if after in markers)
    return frozenset(keys)


def _one_spelling_per_person(addressed: dict[int, dict[int, str]], lexicon: Lexicon, parties: list[str]) -> None:
    """One key for a person written in two ways in a record's addressees: in two cases
    (``Mama, Nilkhet jaben? … Na mama, …``: the spelling in lower case where there is one, as a
    capital at a sentence's start is the position's, not the word's; else the first), or as a
    name with an address term after it where the name alone is a key too (``बिट्टू बेटा`` and
    ``बिट्टू``: the name). The dialogue's people keep their keys."""
    people = {person for said in addressed.values() for person in said.values()}
    spelling: dict[str, str] = {}
    for said in addressed.values():
        for person in said.values():
            known = spelling.setdefault(person.casefold(), person)
            if known != person and person[:1].islower():
                spelling[person.casefold()] = person
    for party in parties:
        spelling[party.casefold()] = party
    for person in people:
        words = TOKEN.findall(person)
        last = len(words)
        while last > 1 and lexicon.key(words[last - 1]) in lexicon.nominal_address:
            last -= 1
        name = " ".join(words[:last]).casefold()
        if last < len(words) and name in spelling and person not in parties:
            spelling[person.casefold()] = spelling[name]
    # (or in the other script: Nani, … for नानी, a party of the story; see scripts.sound_skeleton)
    others = [person for person in people if person not in parties and " " not in person]
    if others and len({person.isascii() for person in others} | {party.isascii() for party in parties}) > 1:
        by_sound = names_by_sound((party, (party,)) for party in parties if len(TOKEN.findall(party)) == 1)
        for person in others:
            sounding = name_sounding_as(person, by_sound)
            if sounding is not None:
                spelling[person.casefold()] = sounding
    if all(spelling[person.casefold()] == person for person in people):
        return   # every person written one way
    for said in addressed.values():
        for start, person in said.items():
            said[start] = spelling[person.casefold()]


def _last_sentence(text: str, frame: RawTurn) -> tuple[int, int] | None:
    """The span of the last sentence of a narration turn (right before a quote: its frame)."""
    sentences = sentence_spans(text, frame.start, frame.end)
    return sentences[-1] if sentences else None


def _turned_away(text: str, frame: RawTurn, lexicon: Lexicon) -> bool:
    """Does the last sentence of the narration right before a quote turn its speaker
    (``Phir andar ki taraf mudkar chillaya,``, ``তারপর ভেতরের দিকে ঘুরে চেঁচাল,``)?"""
    if frame.kind != NARRATION or not lexicon.addressees["turning"]:
        return False
    last = _last_sentence(text, frame)
    return last is not None and not lexicon.addressees["turning"].isdisjoint(
        lexicon.key(w) for w in TOKEN.findall(text, last[0], last[1]))


def _looked_at(text: str, frame: RawTurn, lexicon: Lexicon) -> str | None:
    """The one the last sentence of the narration right before a quote looks at, calls or sees
    by a recipient's mark (``फिर सुधा ने नीरज को घूरा,``, ``তারপর পিয়নকে দেখে বলল,``), else None."""
    last = _last_sentence(text, frame)
    return frame_recipient(text[last[0]:last[1]], lexicon) if last is not None else None


def _looks_toward(keys: list[str], clause: str, lexicon: Lexicon) -> bool:
    """Does a clause turn or look toward someone or something: a direction word, or a recipient's
    mark (``फिर मेरी तरफ़ देखकर बोले,``, ``फिर उसने नीरज को घूरा,``)?"""
    return not lexicon.addressees["toward"].isdisjoint(keys) or frame_recipient(clause, lexicon) is not None


def _party_acted_on(text: str, sentences: list[tuple[int, int]], quote: int, speaker: str | None,
                    parties: SpeakerIndex, lexicon: Lexicon) -> str | None:
    """The one party of the story other than the speaker that the beat right before a quote, in
    its paragraph, names beside the speaker (``रामसिंह ने कालू की पीठ पर धौल जमाई। "सुना तूने?"``
    → कालू; ``নিতাই কালুর হাতে চাবিটা দিল।`` → কালু), looking back past a frame that names no one
    (``Simran ne phone Rohan ki taraf ghumaya. Phir hanste hue boli,`` → Rohan); where the beat
    names only the speaker, the one party who acted in the sentence before, to whom the quote
    reacts (``সৌম্য থালাটা ঠেলে সরিয়ে দিল। অর্ক হেসে বলল,`` → সৌম্য). None where it names none
    or two, where a frame looks elsewhere (``फिर मेरी तरफ़ देखकर बोले,``), where it names the other
    as whose kin the speaker is (``आरव की मम्मी, श्रीमती मेहता, का ईमेल आया:``), or, beside the
    speaker, as the agent of a clause of its own (``जिसे मुन्ना ने पढ़कर सुनाया:``). ``sentences``: the
    spans of the beat's sentences (of the narration right before the quote)."""
    narrator = speaker is not None and speaker.endswith("(narrator)")
    own_keys = naming_keys(speaker, lexicon) if speaker is not None else frozenset()
    reacting = False   # the last sentence names only the speaker, who reacts to the sentence before
    for start, end in reversed(sentences[-2:]):
        if "\n\n" in text[start:quote]:
            return None
        keys = [lexicon.key(w) for w in TOKEN.findall(text, start, end)]
        # (a name with a genitive ending: কালুর হাতে)
        bare = [next(iter(genitive_stems(k, lexicon)), k) for k in keys]
        named = parties.mentioned_in(keys + bare)
        narrator_acts = narrator and not lexicon.first_person_pronouns.isdisjoint(keys)
        if not named and not narrator_acts:
            if not _looks_toward(keys, text[start:end], lexicon):
                continue
            return None   # (a frame that looks elsewhere: फिर मेरी तरफ़ देखकर बोले,)
        # (the speaker by a longer or shorter name too: कमला बुआ for बुआ)
        mine = [name for name in named if name == speaker or not own_keys.isdisjoint(naming_keys(name, lexicon))]
        if not mine and not narrator_acts and not reacting:
            return None
        others = [name for name in named if name not in mine]
        if not others and not reacting and not _looks_toward(keys, text[start:end], lexicon):
            # the speaker alone acts: the quote reacts to the one who acted in the sentence before
            # (সৌম্য থালাটা ঠেলে সরিয়ে দিল। অর্ক হেসে বলল, "তুই না খেলে …" → সৌম্য)
            reacting = True
            continue
        if len(others) != 1:
            return None
        own = set(parties.call_keys(others[0]))
        for at, key in enumerate(bare):
            if key in own:
                after = at + 1
                while after < len(keys) and (keys[after] in own or lexicon.postpositions.get(keys[after]) == "genitive"):
                    after += 1
                if after < len(keys) and (lexicon.person_word(keys[after]) or not reacting
                                          and keys[after] in lexicon.clauses["ergative_markers"]):
                    # (whose kin the speaker is: आरव की मम्मी; or, beside the speaker, the agent of a
                    # clause of its own: जिसे मुन्ना ने फिर पढ़कर सुनाया:)
                    return None
        return others[0]
    return None


class _TiersGiven:
    """The tiers of what a speaker said to an addressee in the speech turns read so far, kept as
    the turns are read (asking for each turn read all the turns before it again: a long story's
    cost grew with the square of its turns). ``addressed``: the evidence said to someone else."""

    def __init__(self, turns: list[SpeakerTurn], addressed: dict[int, dict[int, str]]) -> None:
        self.turns = turns
        self.addressed = addressed
        self.given: dict[tuple[str | None, str | None], set[str]] = {}
        self.read = 0   # the turns before this index are in ``given``

    def reset(self) -> None:
        """An earlier turn's addressee changed: read them again when next asked."""
        self.given = {}
        self.read = 0

    def of(self, before: int, speaker: str | None, addressee: str | None) -> frozenset:
        """The tiers ``speaker`` gave ``addressee`` in the turns before index ``before``."""
        while self.read < before:
            turn = self.turns[self.read]
            self.read += 1
            if turn.kind != SPEECH:
                continue
            others = self.addressed.get(turn.index, {})
            for item in turn.evidence:
                key = (turn.speaker, others.get(item.start, turn.addressee))
                tiers = self.given.get(key)
                if tiers is None:
                    tiers = self.given[key] = set()
                tiers.add(item.tier)
        return frozenset(self.given.get((speaker, addressee), ()))


def _drop_generic_by_contrast(text: str, turns: list[SpeakerTurn], lexicons: dict[int, Lexicon],
                              addressed: dict[int, dict[int, str]], narration: bool) -> None:
    """Take out of each speaker's evidence toward each addressee the generic "you" that
    genericity.py finds by contrast (a second register only in sentences about anyone)."""
    if not any(turn.evidence for turn in turns if turn.kind == SPEECH):
        return   # no evidence, nothing to take out
    if not narration:
        # only a speaker with two registers can have one by contrast: most records have none
        first_tier: dict[str | None, str] = {}
        two_registers = False
        for turn in turns:
            if turn.kind == SPEECH:
                for item in turn.evidence:
                    if first_tier.setdefault(turn.speaker, item.tier) != item.tier:
                        two_registers = True
        if not two_registers:
            return
    by_speaker: dict[str | None, list[tuple[Evidence, str | None, Lexicon]]] = {}
    for turn in turns:
        if turn.kind != SPEECH or not turn.evidence or turn.index not in lexicons:
            continue
        targets = addressed.get(turn.index, {})
        for item in turn.evidence:
            by_speaker.setdefault(turn.speaker, []).append(
                (item, targets.get(item.start, turn.addressee), lexicons[turn.index]))
    generic: set[int] = set()
    for items in by_speaker.values():
        generic |= generic_by_contrast(text, items, narration=narration)
    if not generic:
        return
    for turn in turns:
        if turn.kind == SPEECH and any(item.start in generic for item in turn.evidence):
            turn.evidence = [item for item in turn.evidence if item.start not in generic]
            turn.agreement = [pair for pair in turn.agreement
                              if pair.pronoun.start not in generic and pair.verb.start not in generic]
            turn.tier = tier_of(evidence_tiers(turn.evidence))


# "आम आदमी पार्टी (आप)": a word in parentheses right after a name defines an abbreviation
_DEFINITION = re.compile(f"[{WORD_CHARACTERS}][ \t]*\\([ \t]*([{WORD_CHARACTERS}]{{1,12}})[ \t]*\\)")


def _defined_names(text: str, lexicon: Lexicon) -> frozenset:
    """Pronoun look-alikes the text defines as a name: "आम आदमी पार्टी (आप)" makes every आप
    of the record the party (आप के प्रवक्ता ने कहा), not address.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> sorted(_defined_names("आम आदमी पार्टी (आप) ने घोषणा की।", load_lexicon("hi")))
    ['आप']
    >>> _defined_names("तुम आओ (जल्दी)", load_lexicon("hi"))
    frozenset()
    """
    if "(" not in text:
        return frozenset()
    found = set()
    for match in _DEFINITION.finditer(text):
        key = lexicon.key(match.group(1))
        if lexicon.classify(key)[0]:
            found.add(key)
    return frozenset(found)


def _seed_key(utterance: str) -> str:
    """Seed turns compared without spacing, quotes and punctuation."""
    return "".join(TOKEN.findall(utterance))


def _seed_keys(seed_texts: tuple[str, ...]) -> frozenset:
    return frozenset(_seed_key(t) for t in seed_texts) if seed_texts else _NO_SEEDS


_NO_SEEDS: frozenset = frozenset()


_NO_TARGETS: dict[int, str] = {}   # a turn whose evidence all goes to its addressee (never written to)
_SPEAKER_INDEXES: dict[tuple, SpeakerIndex] = {}
SPEAKER_INDEX_LIMIT = 4096


_PARTY_KEYS: dict[tuple, frozenset] = {}


def _party_keys(parties: tuple, lexicon: Lexicon) -> frozenset:
    """The keys of the words of the parties' names, kept per parties and lexicon (most records
    have the same few: a plain reply's one speaker; bounded as _SPEAKER_INDEXES)."""
    key = (parties, lexicon.name)
    found = _PARTY_KEYS.get(key)
    if found is None:
        if len(_PARTY_KEYS) >= SPEAKER_INDEX_LIMIT:
            _PARTY_KEYS.clear()
        found = _PARTY_KEYS[key] = frozenset(lexicon.key(w) for party in parties for w in TOKEN.findall(party))
    return found


def _role_word(name: str, lexicon: Lexicon) -> bool:
    """Does every word of ``name`` name a role, not a person in particular (लड़का, नौकर, মা)?"""
    words = TOKEN.findall(name)
    return bool(words) and all(lexicon.person_word(lexicon.key(w)) for w in words)


def _speaker_index(speakers: tuple, lexicon: str) -> SpeakerIndex:
    """Records of one scenario share their speakers: build each index once (a plain
    dict, emptied when full: compiled code calls an lru_cache wrapper slowly)."""
    key = (speakers, lexicon)
    index = _SPEAKER_INDEXES.get(key)
    if index is None:
        if len(_SPEAKER_INDEXES) >= SPEAKER_INDEX_LIMIT:
            _SPEAKER_INDEXES.clear()
        index = _SPEAKER_INDEXES[key] = SpeakerIndex(
            [SpeakerSpec(name, tuple(aliases)) for name, aliases in speakers], load_lexicon(lexicon))
    return index


class Analyzer:
    """Analyses records with shared settings (scenario bank, classifier).

    >>> analyzer = Analyzer(use_classifier=False)
    >>> analyzer.analyze_object({"text": "तू कहाँ जा रहा है?", "language": "hi"}, 1).tier
    'intimate'
    """

    def __init__(self, *, scenario_bank=None, use_classifier: bool = False, classifier=None,
                 max_chars: int = DEFAULT_MAX_CHARS):
        self.scenario_bank = scenario_bank
        self.max_chars = max_chars
        self.classifier = classifier
        self.classifier_message: str | None = None
        self.use_classifier = use_classifier or classifier is not None
        self._classifier_loaded = classifier is not None

    # The classifier is loaded on first need only (torch is heavy).
    def _fallback(self):
        if not self.use_classifier:
            return None
        if not self._classifier_loaded:
            self._classifier_loaded = True
            try:
                from .classifiers.fallback import load_fallback
                self.classifier, self.classifier_message = load_fallback()
            except Exception as error:   # never let the fallback break the rule path
                self.classifier, self.classifier_message = None, f"tier classifier unavailable: {error}"
        return self.classifier

    def analyze_object(self, obj: Any, line: int = 1) -> RecordAnalysis:
        try:
            record = record_from_object(obj, line, self.max_chars)
        except InputError as error:
            record_id = object_id(obj)
            record_id = line if record_id is None else record_id
            return RecordAnalysis(id=record_id, line=line, status="error", error=str(error))
        return self.analyze_record(record)

    def analyze_line(self, raw: bytes | str, line: int) -> RecordAnalysis | None:
        decoded = decode_line(raw, line, self.max_chars)
        if decoded is None:
            return None
        if decoded.record is None:
            return RecordAnalysis(id=decoded.id if decoded.id is not None else line, line=line,
                                  status="error", error=decoded.error)
        return self.analyze_record(decoded.record)

    def analyze_record(self, record: InputRecord) -> RecordAnalysis:
        try:
            return self._analyze(record)
        except InputError as error:
            return RecordAnalysis(id=record.id, line=record.line, status="error", error=str(error),
                                  meta=record.meta)
        except Exception as failure:   # noqa: BLE001 (its own name: compiled, a name has one type)
            # A bug met by one record (or a type check of the compiled modules) must not
            # stop a run of millions: the record says so, the run goes on, the exit code tells.
            return RecordAnalysis(id=record.id, line=record.line, status="error", meta=record.meta,
                                  error=f"internal error ({type(failure).__name__}: {failure}); "
                                        "please report it with this record")

    def _analyze(self, record: InputRecord) -> RecordAnalysis:
        context, warnings = build_context(record, self.scenario_bank)
        language, script, latin_letters = resolve_language(record.text, context.language)
        lexicon = _native_lexicon(language, script)
        text = record.text
        specs = context.speakers
        index = _speaker_index(tuple((s.name, s.aliases) for s in specs) if specs else (), lexicon.name)
        default_speaker = specs[0].name if specs else "speaker"
        # A record with no speakers, no task and no scenario is read as the
        # model's own reply to the user (a chat answer); see _reply_to_user.
        reply_to_user = not specs and not context.task and not record.scenario_id
        raw_turns = split_turns(text, specs, default_speaker, lexicon, script, index,
                                reply_to_user=reply_to_user, latin_letters=latin_letters,
                                story=context.task == "continuation")
        if not specs and len(raw_turns) > 1:   # शर्मा and शर्मा जी in the frames of one story: one person
            same = one_name_per_person(list(dict.fromkeys(r.speaker for r in raw_turns if r.speaker)), lexicon)
            for raw in raw_turns if same else ():
                if raw.speaker in same:
                    raw.speaker = same[raw.speaker]
                if raw.to in same:
                    raw.to = same[raw.to]
        # the people a call may name: the listed speakers, else those the labels and frames name
        # (a chat with no speakers given: [09:45] Kunal: Rohit bhai, aap … turns to Rohit)
        # (two named parties at least: a record of one utterance, the default speaker's, calls no party)
        callable_index = index
        if not specs:
            named_parties = tuple((name, ()) for name in dict.fromkeys(
                r.speaker for r in raw_turns if r.kind == SPEECH and r.speaker and r.speaker != default_speaker)
                if not _unnamed(name) and not name.endswith(")"))
            if len(named_parties) >= 2:
                callable_index = _speaker_index(named_parties, lexicon.name)
        # (a line that is only a quoted form, | सास | "आप" |, names the form: no character speaks it)
        spoken = [n for n, r in enumerate(raw_turns) if r.kind == SPEECH and (r.label is not None or r.narrative)]
        characters_speak = any(not _names_a_form(text[raw_turns[n].start:raw_turns[n].end], lexicon) for n in spoken)
        defined = _defined_names(text, lexicon)
        name_keys = index.name_keys() | defined if defined else index.name_keys()
        if callable_index is not index:
            # the names the labels and frames give the speakers are names too, never a verb or a
            # pronoun ("Chol Arjun, …": Arjun is no imperative in -un; হরেন no verb in -েন); only
            # those that look like one (a trade's noun, চা of চা-ওয়ালা, stays a noun: "চা দেন")
            looks_like_a_form = frozenset(key for key in callable_index.name_keys() if lexicon.second_person_form(key))
            if looks_like_a_form:
                name_keys = name_keys | looks_like_a_form
        # An answer about the address forms instead of the text (इस स्थिति में "आप" का
        # प्रयोग उचित होगा): out of character, its quotes are mentions (the refused outcome).
        # A note after the answer that explains its forms (📝 ध्यान दें: … "आप" का प्रयोग …) is
        # about the answer given, not one given instead: only the text outside notes can be one.
        # Forms named as words across the answer (… "तू" मत बोलना … | पहली मुलाक़ात | "आप" |) are one too.
        # In a plain reply, lines that no named person speaks (unnamed dash lines, a quote framed by
        # a pronoun) may be the examples of such an answer (উদাহরণ: — স্যার, আপনি …? ✅): then its
        # prose alone decides, and the examples are mentions.
        # (a DCT with no one listed is the model's answer as well: whether a text is about the forms
        # may not depend on its task, issue 19)
        answers = reply_to_user or (not specs and context.task not in _STORY_TASKS)
        examples: set[int] = set()
        if characters_speak and answers and all(_unnamed(raw_turns[n].speaker or UNNAMED_DASH) for n in spoken):
            examples.update(spoken)
        elif characters_speak and context.task not in _STORY_TASKS and spoken \
                and all(raw_turns[n].narrative and raw_turns[n].label is None or _clause_label(raw_turns[n].label)
                        for n in spoken):
            # the asked-for utterance or scene written only as quotes inside the model's prose (उदाहरण के
            # लिए छात्र कुछ ऐसा कह सकता है: "सर, क्या आप …?"; Jaise Aarav kahega: "…"): where that prose
            # answers about the forms instead, the quotes are its examples (decided below)
            examples.update(spoken)
        elif characters_speak and answers and any(q in text for q in MENTION_MARK_CHARACTERS):
            # labels whose every line names the forms in quotes (- **बुज़ुर्ग ग्राहक:** हमेशा "आप" कहें …
            # - **छोटा बच्चा:** "तुम" ठीक है …) are the items of an answer about them, not speakers
            lines = [text[raw_turns[n].start:raw_turns[n].end] for n in spoken]
            is_pronoun = self._pronoun_test(language, lexicon)
            if all(quotes_a_form(line, is_pronoun) for line in lines) and names_the_forms(lines, is_pronoun):
                characters_speak = False
        meta = False
        if (not characters_speak or examples) and ("|" in text or any(q in text for q in MENTION_MARK_CHARACTERS)):
            # (with examples: the prose before them, not the words that introduce them (यह रहा संवाद,
            # जिसमें दोस्त "तू" कहते हैं:), nor an explanation after a dialogue (इस संवाद में "तू" …))
            first_example = min(examples) if examples else len(raw_turns)
            # (an explanation after the answer's first utterance is about it: "এই খোকা, ভাড়া দিসনি কেন?"
            # *… কন্ডাক্টররা … "তুই" বলেই ডাকেন …*, where the prompt named who speaks; in a plain reply
            # the reply is the answer)
            first_speech = len(raw_turns) if reply_to_user or not specs else \
                next((n + 1 for n, r in enumerate(raw_turns) if r.kind == SPEECH), len(raw_turns))
            answer = [text[r.start:r.end] for r in raw_turns[:min(first_example, first_speech)] if
                      r.kind != NOTE or r.ooc or not (r.about_answer or note_marked(text[r.start:r.end], lexicon))]
            if examples:
                answer = [part for part in answer if not part.rstrip(" *_\n").endswith(":")]
            is_pronoun = self._pronoun_test(language, lexicon)
            meta = any(meta_answer(part, lexicon.name, is_pronoun) for part in answer) \
                or names_the_forms(answer, is_pronoun)
        if meta and examples:
            characters_speak = False

        seeds = _seed_keys(context.seed_texts)
        turns: list[SpeakerTurn] = []
        turn_lexicons: dict[int, Lexicon] = {}   # the lexicon each speech turn was read with
        vocatives: dict[int, list[str]] = {}
        for number, raw in enumerate(raw_turns):
            if seeds and raw.kind == SPEECH and _seed_key(text[raw.start:raw.end]) in seeds:
                raw.kind = SEED   # the model repeated the given dialogue: not scored
            turn = SpeakerTurn(number, raw.speaker, None, text[raw.start:raw.end], raw.start, raw.end,
                               raw.kind)
            # (in a meta-answer the model's own prose is to the user too, whatever the task)
            to_user = raw.kind == REFUSAL or (raw.kind == NOTE and raw.ooc) or \
                (raw.kind == SPEECH and (reply_to_user or meta) and not characters_speak) or \
                (raw.kind == NARRATION and meta and not characters_speak)
            if to_user:
                turn.addressee = USER
            if raw.kind in (SPEECH, REFUSAL) or to_user:
                segments = raw.segments or [(raw.start, raw.end)]
                if meta:
                    # example sentences and forms named as words (| सास | "आप" |) are mentions
                    segments = [] if number in examples or _names_a_form(turn.text, lexicon) \
                        or _table_of_forms(turn.text, lexicon) else without_quotes(text, segments)
                elif to_user and raw.kind != SPEECH:
                    # the lines a refusal or the model's note quotes are mentions, not its address to
                    # the user (1. **दोस्ती की कहानी:** … "तुम भी आओ" कहकर।)
                    segments = without_quotes(text, segments)
                # (an Indic record with no Latin letter reads every turn with its own lexicon)
                turn_lexicon = lexicon if not latin_letters and lexicon.script != LATIN else \
                    self._turn_lexicon(text_of(text, segments), language, lexicon, latin_letters)
                if turn_lexicon is not None:
                    turn_lexicons[number] = turn_lexicon
                found = extract_evidence(text, segments, turn_lexicon, name_keys) if turn_lexicon is not None \
                    else UtteranceEvidence()
                turn.evidence = found.evidence
                turn.agreement = found.agreement
                turn.nominal_address = found.nominal_address
                turn.tier = tier_of(evidence_tiers(found.evidence)) if found.evidence else NONE
                if found.third_person:
                    forms = ", ".join(e.text for e in found.third_person)
                    warnings.append(f"turn {number}: {forms} read as respectful 3rd person, not address")
                if raw.kind == SPEECH:
                    # vocatives: address terms, and listed names set off by a comma or "!"
                    # ("अबे विक्की, तू …")
                    placed = [(n.start, lexicon.key(w)) for n in found.nominal_address for w in TOKEN.findall(n.text)]
                    if callable_index.name_keys():   # only the parties can be found by name
                        for position, word in vocative_names(text, raw.start, raw.end):
                            key = lexicon.key(word)
                            placed.append((position, key))
                            if key in lexicon.name_titles or lexicon.person_word(key):
                                # a name before its title or kin term (Inspector shaheb, …, Sharma
                                # uncle, …): the name is the vocative's
                                before = TOKEN.findall(text, max(raw.start, position - 40), position)
                                if before:
                                    placed.append((position - 1, lexicon.key(before[-1])))
                    # a person named only after a stage direction inside the turn ((বোনের দিকে ফিরে)
                    # টুপুর, …) is turned to aside, not the turn's addressee
                    direction_at = text.find("(", raw.start, raw.end) if placed else -1
                    if direction_at > raw.start + 4:
                        placed = [(position, key) for position, key in placed if position < direction_at]
                    if placed:
                        placed.sort()
                        keys = [key for _, key in placed]

                        def first_placed(name: str) -> int:
                            return min((keys.index(k) for k in callable_index.call_keys(name) if k in keys),
                                       default=len(keys))
                        # the one named first in the turn first (Inspector shaheb, … Ei Tublu, …)
                        named = sorted(callable_index.mentioned_in(keys), key=first_placed)
                        # … unless address comes before the name (Didi, apni … Ei Bablu, tui …): then the
                        # turn answers its dialogue partner, and the name turns to Bablu from there on
                        first = first_placed(named[0]) if named else len(keys)
                        first_named = placed[first][0] if first < len(keys) else raw.end
                        earlier = [e for e in turn.evidence if e.start < first_named]
                        closed = [e for e in earlier if _SENTENCE_BREAK.search(text, e.start, first_named) is None]
                        aside_from = direction_at if direction_at > raw.start + 4 else raw.end
                        if closed and {e.tier for e in turn.evidence
                                       if first_named < e.start < aside_from} <= {e.tier for e in closed}:
                            # a name that closes the sentence of the address before it is that
                            # address's, and the turn's where the register goes on up to a direction
                            # (घबराइए मत, नेहा जी। … आप …); not where it changes (কষ্ট করলেন, কাকিমা।
                            # চল, তুই …)
                            earlier = [e for e in earlier if e not in closed]
                        if not earlier or all(e.kind == PRONOUN and group_address(e, turn_lexicon or lexicon)
                                              for e in earlier):
                            vocatives[number] = named   # (তোরা …, মৌ, তুই …: the group, then its member)
            turns.append(turn)

        listed = [spec.name for spec in specs]
        speaking = list(listed)
        for t in turns:
            if t.speaker:
                speaking.append(t.speaker)
        parties = list(dict.fromkeys(speaking))
        #: per speech turn: the addressee of each evidence item (by its start), where a
        #: stage direction, a vocative or group address names another than the turn's
        addressed: dict[int, dict[int, str]] = {}
        aside_evidence: set[tuple[int, int]] = set()   # (turn, evidence start) inside an aside
        # who is in the dialogue: the listed speakers, else those the text's labels and frames
        # name (a vocative "শাবাশ!" to the labelled partner Q names no one new)
        # (the listed speakers, with those the frames name who speak too: majhi ne chappu uthaya, …)
        parties_index: SpeakerIndex | None = index if specs and set(parties) <= set(listed) or not parties \
            else None   # built when first needed
        unnamed_before: SpeakerTurn | None = None   # the speaker's last turn, its addressee named by nothing
        groups: dict[str, str] = {}   # people named by a direction or vocative → their group's key
        called: dict[tuple[str, str], str] = {}   # (speaker, address term opening a turn) → the person so called
        role_names: dict[str, dict[str, str]] = {}   # speaker → a direction's role word → the name it was called by
        previous_speech: SpeakerTurn | None = None   # the last speech turn before this one
        party_keys: frozenset | None = None   # the words of the parties' names (built when first needed)
        narrated: frozenset | None = None   # the words of the narration (built when first needed)
        tiers_given = _TiersGiven(turns, addressed)
        for turn, raw in zip(turns, raw_turns):
            if turn.kind == SPEECH and turn.speaker and turn.addressee != USER:
                turn.addressee = _addressee(turn.index, turn.speaker, turns, parties,
                                            vocatives.get(turn.index, []))
                # (a direction of its own line turns to a listed person by name too: (मीरा की ओर मुड़कर))
                directed = (direction_person(raw.direction, lexicon, index) if raw.direction else raw.to) \
                    or opening_direction(turn.text, lexicon)   # (**निर्देशक:** (हीरोइन से) …: the label's)
                if directed is not None and directed == turn.speaker:
                    directed = None   # (no one is their own addressee: a narrator's frame toward "me")
                if directed and not raw.direction and raw.to and _role_word(directed, lexicon):
                    # a frame that names a role (लड़के से कहा, "अरे छोटू, …"): the party the quote
                    # opens with by name is the same person, and the better key
                    opening = opening_vocative(text, turn.start, turn.end, lexicon)
                    if opening is not None and turn.addressee is not None and index.match(opening) == turn.addressee:
                        directed = None
                if raw.narrative and turn.index > 0 and not (directed and (
                        index.match(directed) is not None or lexicon.person_word(lexicon.key(directed)))) \
                        and _turned_away(text, raw_turns[turn.index - 1], lexicon):
                    # a frame that turns the speaker, toward no one it names as a person (Phir andar
                    # ki taraf mudkar chillaya, "Abe Raju, …"): an unlisted name opening the quote is
                    # the one now spoken to
                    opening = opening_vocative(text, turn.start, turn.end, lexicon)
                    # (a party of the story it turns to by name is the one, whatever it calls them: শর্মিষ্ঠার
                    # দিকে ফিরে বললেন, "বিটিয়া, …")
                    by_term = opening is not None and not specs and _role_word(opening, lexicon)
                    looked_at = _looked_at(text, raw_turns[turn.index - 1], lexicon) if by_term else None
                    party = callable_index.match(looked_at) if looked_at is not None else None
                    if party is not None and party != turn.speaker:
                        directed = party   # (by an address term: not where the quote calls a name, which decides)
                    elif opening is not None and index.match(opening) is None and len(TOKEN.findall(opening)) == 1:
                        # (the party it calls, where a story's party is called so: ফিরে তাকাল। 'বাবু, …' →
                        # হরিপদবাবু; with speakers given, the callable index is the listed one, which knows
                        # no such name)
                        directed = callable_index.match(opening) or opening
                if raw.narrative and not directed and not specs and not vocatives.get(turn.index):
                    # a story's quote that opens by calling someone its narration makes a subject, who
                    # is no party of the dialogue (বাবাই এতক্ষণ মায়ের আঁচল ধরে দাঁড়িয়ে ছিল … "অ্যাই বাবাই,
                    # হাত সরা!"): spoken to them, not to the one the speaker was talking with
                    opening = opening_vocative(text, turn.start, turn.end, lexicon)
                    if opening is not None and len(TOKEN.findall(opening)) == 1:
                        if party_keys is None:
                            party_keys = _party_keys(tuple(parties), lexicon)
                        if narrated is None:
                            narrated = _narrated_keys(text, turns, lexicon)
                        key = lexicon.key(opening)
                        # (a name: a title or kin word alone, Sister, आंटी, may be a longer name's)
                        if key in narrated and key not in party_keys and not _role_word(opening, lexicon) \
                                and key not in lexicon.name_titles \
                                and key not in (lexicon.narrative or {}).get("prefix_titles", ()):
                            directed = opening
                framed = raw.narrative and turn.index > 0 and raw_turns[turn.index - 1].kind == NARRATION
                direction = raw.direction or opening_direction_text(turn.text)
                # a quote framed, or a line directed, by a look, a call or a sight of someone the
                # lexicon does not know (सुधा ने नीरज को घूरा, "…"; তারপর পিয়নকে দেখে বলল, "…";
                # **Vikram:** (waiter ki taraf dekhkar) …): theirs, when it is in a register the
                # speaker never gave the partner before (one looks at a clock too); a call that names
                # no one (सुनिए जी!) goes to a third party of the dialogue if there is one instead
                if not directed and turn.evidence and (direction or framed):
                    looked_at = frame_recipient(direction, lexicon) if direction \
                        else _looked_at(text, raw_turns[turn.index - 1], lexicon)
                    # (with no speakers given, one who speaks in the story: তারপর নিতাইয়ের দিকে ফিরে …
                    # বললেন, whatever the register, and whatever the quote opens by calling them)
                    party = callable_index.match(looked_at) if looked_at is not None and not specs else None
                    opens_calling = len(parties) > 2 and opens_with_call(text, turn.start, turn.end, lexicon)
                    calling = opening_vocative(text, turn.start, turn.end, lexicon) if opens_calling else None
                    if party is not None and party != turn.speaker \
                            and not (opens_calling and (calling is None or not _role_word(calling, lexicon))):
                        directed = party   # (unless the quote calls a name, or calls out naming no one)
                    elif looked_at is not None and index.match(looked_at) is None and not opens_calling:
                        given = tiers_given.of(turn.index, turn.speaker, turn.addressee)
                        if given and given.isdisjoint(e.tier for e in turn.evidence):
                            # (… railing ki taraf jhuki, "Pappu! …": the name the quote calls, if it calls one)
                            calls = opening_vocative(text, turn.start, turn.end, lexicon)
                            directed = calls if calls is not None and not _role_word(calls, lexicon) \
                                and len(TOKEN.findall(calls)) == 1 else looked_at
                if not directed and turn.evidence and raw.narrative and not specs and turn.speaker \
                        and not vocatives.get(turn.index) and turn.index + 1 < len(raw_turns) \
                        and raw_turns[turn.index + 1].kind == NARRATION:
                    # a beat right after the quote that names its speaker looking at, calling or seeing
                    # someone (… तू थाल ऐसे पटकता है?" हरिप्रसाद जी ने बंटी को घूरा।): said to them, as a
                    # frame before it would be
                    # (one clause that ends the paragraph: not … बोली, फिर … मास्टरनी जी की ओर मुड़ी। "…", a turn
                    # to the one the next quote is for)
                    after = sentence_spans(text, raw_turns[turn.index + 1].start, raw_turns[turn.index + 1].end)
                    paragraph_end = text.find("\n", turn.end)
                    beat_after = text[after[0][0]:after[0][1]] if after else ""
                    if beat_after and "\n" not in text[turn.end:after[0][0]] and turn.speaker in beat_after \
                            and "," not in beat_after and (paragraph_end < 0 or after[0][1] >= paragraph_end
                                                           or not text[after[0][1]:paragraph_end].strip()):
                        looked_at = frame_recipient(beat_after, lexicon)
                        party = callable_index.match(looked_at) if looked_at is not None else None
                        if party is not None and party != turn.speaker:
                            directed = party
                if not directed and turn.evidence and framed and not specs and not vocatives.get(turn.index):
                    # the beat's sentences, read once for both rules below
                    beat = sentence_spans(text, raw_turns[turn.index - 1].start, raw_turns[turn.index - 1].end)
                    # a beat that turns the speaker toward the narrator (सिस्टर ग्रेसी मेरी तरफ़ मुड़ीं। "…")
                    narrator = f"{lexicon.narrative['narrator']} (narrator)" if lexicon.narrative else ""
                    if beat and narrator in parties and narrator != turn.speaker \
                            and toward_the_narrator([lexicon.key(w) for w in TOKEN.findall(text, *beat[-1])], lexicon):
                        directed = narrator
                    # with no speakers given, a beat that acts on one other party of the story is
                    # said to them (बंसल अंकल ने … इमरान के हाथ से पर्ची ले ली। "ला, दिखा।" → इमरान)
                    acted_on = _party_acted_on(text, beat, turn.start, turn.speaker, callable_index, lexicon) \
                        if not directed and callable_index is not index else None
                    if acted_on is not None:
                        # (not where the register says otherwise: one the speaker gave the one talked
                        # with and never gave that party, or one the speaker never gave that party
                        # who was given another)
                        shown = {e.tier for e in turn.evidence}
                        given = tiers_given.of(turn.index, turn.speaker, turn.addressee)
                        given_to_party = tiers_given.of(turn.index, turn.speaker, acted_on)
                        if not (given and shown <= given and not shown <= given_to_party) \
                                and not (given_to_party and shown.isdisjoint(given_to_party)):
                            directed = acted_on
                if directed:
                    # (a kin term or part of a name the frames give in full: চাচার দিকে ঝুঁকে … → রমজান চাচা)
                    turn.addressee = person_named(directed, turn.speaker, callable_index)
                    if _role_word(directed, lexicon):
                        # (बहू से) सीमा, …: the role's person, called by name; the speaker's
                        # later directions to the role are to that name (_one_key_per_named_role)
                        opening = opening_vocative(text, turn.start, turn.end, lexicon)
                        if opening is not None and not _role_word(opening, lexicon) \
                                and (index.match(opening) is not None or len(TOKEN.findall(opening)) == 1):
                            learn_role_name(role_names.setdefault(turn.speaker, {}), directed, opening,
                                            turn.speaker, lexicon, index)
                    if raw.direction and unnamed_before is not None and unnamed_before.speaker == turn.speaker \
                            and unnamed_before.addressee == turn.addressee:
                        # (मीरा की ओर मुड़कर) after lines of the same speaker that named no one: one
                        # turns to the person one was not facing, so those lines were for the one
                        # other person present, when there is exactly one
                        other = the_other_party(index, turn.speaker, turn.addressee)
                        if other is not None:
                            unnamed_before.addressee = other
                            tiers_given.reset()
                            for address in unnamed_before.nominal_address:
                                address.addressee = other
                term = _opening_term(text, turn, lexicon) if len(parties) > 2 else None
                if not directed and not vocatives.get(turn.index) and turn.evidence and len(parties) > 2 \
                        and term is None:
                    # a turn that names or calls no one, in a register the speaker never gave the one it
                    # would go to and gave one other party only, is that party's (बलबीर to the boy: "तू …";
                    # then "आप तो जयपुर जा रहे हैं?": to the driver he said आप to before)
                    shown = {e.tier for e in turn.evidence}
                    given = tiers_given.of(turn.index, turn.speaker, turn.addressee)
                    if given and given.isdisjoint(shown):
                        others = [p for p in parties if p not in (turn.speaker, turn.addressee)
                                  and shown <= tiers_given.of(turn.index, turn.speaker, p)]
                        if len(others) == 1:
                            turn.addressee = others[0]
                if term is not None:
                    # what a speaker calls a person (আপা, दीदी, Boss) names that person again later in
                    # the record: শাহানা: আপা, আপনি … | … | শাহানা: তো আপা, আপনার … (to her guest again)
                    known = called.get((turn.speaker, term))
                    if known is not None and not directed and not vocatives.get(turn.index):
                        turn.addressee = known
                    elif known is None and turn.addressee is not None:
                        called[(turn.speaker, term)] = turn.addressee
                if party_keys is None:
                    party_keys = _party_keys(tuple(parties), lexicon)
                if turn.evidence and may_change_addressee(text, turn, lexicon, party_keys):
                    if parties_index is None:
                        aliases = {spec.name: tuple(spec.aliases) for spec in specs}
                        parties_index = _speaker_index(tuple((party, aliases.get(party, ())) for party in parties),
                                                       lexicon.name)
                    if narrated is None:
                        narrated = _narrated_keys(text, turns, lexicon)
                    asides: set[int] = set()
                    addressed[turn.index] = addressees_of_evidence(
                        text, turn, lexicon, parties_index, asides, named_by_direction=bool(directed), groups=groups,
                        partner_said=previous_speech.text
                        if previous_speech is not None and previous_speech.speaker == turn.addressee else "",
                        partner_given=tiers_given.of(turn.index, turn.speaker, turn.addressee),
                        role_names=role_names.setdefault(turn.speaker, {}),
                        narrated=narrated)
                    aside_evidence.update((turn.index, start) for start in asides)
                for address in turn.nominal_address:
                    address.speaker, address.addressee = turn.speaker, turn.addressee
                unnamed_before = turn if not directed and not vocatives.get(turn.index) \
                    and turn.index not in addressed else None
            if turn.kind == SPEECH:
                previous_speech = turn

        if groups:
            _one_key_per_group(turns, addressed, groups)
        if any(role_names.values()):
            _one_key_per_named_role(turns, addressed, role_names)
        if any(addressed.values()):
            _one_spelling_per_person(addressed, lexicon, parties)
        # a narrator's prose (a continuation where no character speaks and nothing is quoted)
        narration = context.task == "continuation" and not characters_speak \
            and not any(q in text for q in DOUBLE_QUOTE_CHARACTERS)
        _drop_generic_by_contrast(text, turns, turn_lexicons, addressed, narration)
        self._apply_classifier(turns, language)
        speakers = self._speakers(turns, listed, addressed, aside_evidence)
        expectations = dict(context.expectations)
        expectations.update(_expectations(record.expected, index, default_speaker))
        if expectations:   # (most records have none: no scale to look up)
            self._compare(speakers, expectations, index, _own_scale(language))

        speech = [t for t in turns if t.kind == SPEECH]
        pairs = [p for t in speech for p in t.agreement]
        analysis = RecordAnalysis(
            id=record.id, line=record.line, language=language, script=script,
            task=context.task, scenario_id=record.scenario_id,
            speakers=speakers, turns=turns,
            avoidance=all(s.tier == NONE for s in speakers.values()),
            user_tier=shown_tier([e for t in turns if t.addressee == USER for e in t.evidence]),
            refusal=any(t.kind == REFUSAL for t in turns),
            agreement_errors=_agreement_errors(speech), agreement_pairs=len(pairs),
            nominal_address=[n for t in speech for n in t.nominal_address],
            warnings=warnings, meta=record.meta, scenario=context.scenario)
        analysis.tier = self._record_tier(speakers, speech)
        in_character = [t for t in turns if t.kind == SPEECH and t.addressee != USER]
        if meta or (analysis.refusal and not in_character):
            # Wholly out of character (a refusal, a meta-answer): the refused outcome. Its
            # address to the user stays in user_tier, never in a speaker's tier.
            analysis.refusal = True
            analysis.tier = NONE
            analysis.avoidance = False
            for turn in turns:
                if turn.kind == SPEECH:
                    turn.kind = NOTE
            analysis.speakers = speakers = self._speakers(turns, listed, addressed, aside_evidence)
            if expectations:
                self._compare(speakers, expectations, index, _own_scale(language))
        elif reply_to_user and not characters_speak:
            # A plain reply: the tier is the address to the user.
            analysis.tier = analysis.user_tier
            analysis.avoidance = analysis.user_tier == NONE
        judged = [s.correct for s in speakers.values() if s.correct is not None]
        analysis.correct = all(judged) if judged else None
        return analysis

    @staticmethod
    def _turn_lexicon(turn_text: str, language: str, record_lexicon: Lexicon,
                      latin_letters: bool = True) -> Lexicon | None:
        """Each turn is read in its own script (a Hinglish line in a Hindi record).
        ``latin_letters``: False when the record has none (no turn can be Hinglish)."""
        if record_lexicon.script != "latn" and (not latin_letters or not has_script(turn_text, "latn")):
            return record_lexicon   # an Indic turn in an Indic record: nothing to decide
        if record_lexicon.script != "latn":
            # Count words, not letters: a long English title inside a Hindi
            # sentence ("मैं … शोध पत्र "Deep-Aligned …" को …") has more letters.
            words, indic = words_in_script(turn_text, record_lexicon.script)
            if indic * 2 > words:
                return record_lexicon
        script = detect_script(turn_text)
        if script == "latn" and is_english(turn_text, _romanized_form_test(language)):
            return None   # English (a note, a refusal, a gloss): no romanized Hindi/Bangla forms to read
        if script is None or script == record_lexicon.script:
            return record_lexicon
        native = _script_language(script, language)
        if native is not None:
            return _native_lexicon(native, script)
        return _lexicon_in(language, script)   # None: the language is not written in it

    @staticmethod
    def _pronoun_test(language: str, lexicon: Lexicon):
        """Is a word a 2nd-person pronoun of the language, in its script or romanized?"""
        romanized = _lexicon_in(language, LATIN) if lexicon.script != LATIN else None
        lexicons = [lexicon] if romanized is None else [lexicon, romanized]
        return lambda word: any(x.classify(x.key(word))[0] for x in lexicons)

    def _apply_classifier(self, turns: list[SpeakerTurn], language: str) -> None:
        """Give undecided utterances a tier from the classifier, never over rules."""
        if not self.use_classifier:
            return   # (rules only: nothing to give)
        undecided = [t for t in turns if t.kind == SPEECH and not t.evidence and t.speaker]
        if not undecided:
            return
        # A speaker whom the rules already decided keeps that tier.
        decided = {t.speaker for t in turns if t.kind == SPEECH and t.evidence}
        undecided = [t for t in undecided if t.speaker not in decided]
        if not undecided:
            return
        fallback = self._fallback()
        if fallback is None:
            return
        predictions = fallback.predict([t.text for t in undecided], [language] * len(undecided))
        for turn, prediction in zip(undecided, predictions):
            if prediction.tier and prediction.tier != NONE:
                turn.evidence = [Evidence(turn.text, turn.start, turn.end, "classifier", prediction.tier,
                                          "classifier", "classifier.fallback", round(prediction.confidence, 4))]
                turn.tier = prediction.tier

    @staticmethod
    def _speakers(turns: list[SpeakerTurn], listed: list[str],
                  addressed: dict[int, dict[int, str]] | None = None,
                  asides: set[tuple[int, int]] | None = None) -> dict[str, SpeakerResult]:
        """Each speaker's tier toward the main addressee, and toward each addressee.

        The main addressee is the dialogue partner: among those the speaker addresses who
        address the speaker back, the one most of its turns address (else the one most of
        its turns address); evidence addressed to someone else (a vocative, a
        stage direction, a group) goes to ``by_addressee``, not into ``mixed``.
        """
        addressed = addressed or {}
        named = list(listed)   # (a loop, not a generator: compiled, one object less per record)
        for t in turns:
            if t.kind == SPEECH and t.speaker:
                named.append(t.speaker)
        names = list(dict.fromkeys(named))
        out: dict[str, SpeakerResult] = {}
        for name in names:
            own = [t for t in turns if t.kind == SPEECH and t.speaker == name]
            addressed_to = [t.addressee for t in own if t.addressee]
            if len(set(addressed_to)) > 1:
                # (two people as often: the partner is the one who answers, else the first)
                answering = {t.speaker for t in turns if t.kind == SPEECH and t.addressee == name and t.speaker}
                # (the partner first, DESIGN.md: one who answers, before one spoken to twice in
                # passing who never does)
                partners = [a for a in addressed_to if a in answering]
                addressee = _most_common(partners or addressed_to, names, answering)
            else:
                addressee = addressed_to[0] if addressed_to else next((n for n in names if n != name), None)
            per_addressee: dict[str | None, list[Evidence]] = {}
            outside_asides: dict[str | None, int] = {}
            for t in own:
                targets = addressed.get(t.index, _NO_TARGETS)
                for e in t.evidence:
                    target = targets.get(e.start, t.addressee)
                    key = addressee if target in (addressee, None) else target
                    bucket = per_addressee.get(key)
                    if bucket is None:
                        bucket = per_addressee[key] = []
                    bucket.append(e)
                    if not asides or (t.index, e.start) not in asides:
                        outside_asides[key] = outside_asides.get(key, 0) + 1
            main = addressee
            a_party = addressee is None or addressee in names   # (one who speaks or is listed, or no one)
            if (main not in per_addressee or not a_party) and per_addressee:
                # no dialogue partner addressed (nor one who speaks or is listed: (Rana ke) Ei Rana, tui …
                # (Class er dike ghure) Tomra sobai …): the addressee most of the turn is for, an
                # aside (in parentheses) counting after the main line; the first of equals
                main = max(per_addressee, key=lambda a: (outside_asides.get(a, 0), len(per_addressee[a])))
            toward = per_addressee.get(main, [])
            tiers = evidence_tiers(toward)
            sources = {("classifier" if e.source == "classifier" else "rules") for e in toward}
            tier = shown_tier(toward, tiers)
            by_addressee = {str(a): shown_tier(items) for a, items in per_addressee.items()
                            if a is not None} if len(per_addressee) > 1 else None
            out[name] = SpeakerResult(
                name=name, addressee=addressee, tier=tier, consistent=tier != MIXED, turns=len(own),
                tiers_used=_ordered(tiers), evidence_count=len(tiers),
                agreement_errors=_agreement_errors(own),
                source="classifier" if sources == {"classifier"} else ("rules" if sources else None),
                by_addressee=by_addressee)
        return out

    @staticmethod
    def _compare(speakers: dict[str, SpeakerResult], expectations: dict[str, SpeakerExpectation],
                 index: SpeakerIndex, scale: Scale | None = None) -> None:
        """Each expectation against the tier the speaker shows (``scale``: the language's,
        when not the shared one: error directions are on it)."""
        for name, expectation in expectations.items():
            result = speakers.get(name)
            if result is None:
                matched = index.match(name)
                result = speakers.get(matched) if matched else None
            if result is None:
                result = speakers[name] = SpeakerResult(name, expectation.addressee, NONE, True, 0, [], 0, 0)
            result.expected = expectation.tiers
            result.expected_before = expectation.before
            # an expectation about one addressee judges the tier toward that addressee
            judged = result.tier
            if expectation.addressee and result.by_addressee:
                target = index.match(expectation.addressee) or expectation.addressee
                if target in result.by_addressee:
                    judged = result.by_addressee[target]
                    result.expected_addressee = target
            result.correct = judged in expectation.tiers
            result.error_direction = politeness_direction(judged, expectation.tiers, scale)

    @staticmethod
    def _record_tier(speakers: dict[str, SpeakerResult], speech: list[SpeakerTurn]) -> str:
        active = [s for s in speakers.values() if s.turns]
        if len(active) <= 1:
            return active[0].tier if active else (next(iter(speakers.values())).tier if speakers else NONE)
        # the tier every speaker with evidence shares (DESIGN.md), `mixed` too: one who switches
        # while the other shows no form (User: … / Assistant: आप … तुम …) makes a mixed record
        shown = {s.tier for s in active if s.tier != NONE}
        if len(shown) == 1 and not any(s.by_addressee for s in active):
            return shown.pop()
        counts = Counter(evidence_tiers(e for t in speech for e in t.evidence))
        if not counts:
            return NONE
        ranked = counts.most_common()
        if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
            return MIXED
        return ranked[0][0]


# --- public API --------------------------------------------------------------

def analyze_text(text: Any, language: Any = None, *, speakers: Any = None,
                 speaker: Any = None, expected: Any = None, task: Any = None,
                 use_classifier: bool = False, scenario_id: Any = None,
                 scenario_bank=None) -> RecordAnalysis:
    """Analyse one generated text.

    ``text`` a string; ``language``, ``speaker``, ``task``, ``scenario_id``
    strings or None; ``speakers`` a list of names or None. They are typed Any
    as they are checked here like the fields of an input line (InputError).

    >>> r = analyze_text("राहुल: अबे उठ!\\nसमीर: सोने दे यार...", speakers=["राहुल", "समीर"])
    >>> {name: s.tier for name, s in r.speakers.items()}
    {'राहुल': 'intimate', 'समीर': 'intimate'}
    """
    if not isinstance(text, str):
        raise InputError(f"text is {type(text).__name__}, expected a string")
    record = InputRecord(line=1, id=1, text=check_text(text), language=parse_language(language),
                         task=parse_task(task), scenario_id=None if scenario_id is None else str(scenario_id),
                         speakers=parse_speakers(speakers, speaker), expected=parse_expected(expected))
    result = Analyzer(use_classifier=use_classifier, scenario_bank=scenario_bank).analyze_record(record)
    if result.status != "ok":
        raise InputError(result.error)
    return result


def analyze_records(records: Iterable[dict | str | bytes], *, use_classifier: bool = False,
                    scenario_bank=None, max_chars: int = DEFAULT_MAX_CHARS) -> Iterator[RecordAnalysis]:
    """Analyse records (dicts, or JSON lines as str/bytes), one result per record.

    Blank JSON lines are skipped; every other item yields exactly one result,
    with ``status`` ``ok`` or ``error``.
    """
    analyzer = Analyzer(use_classifier=use_classifier, scenario_bank=scenario_bank, max_chars=max_chars)
    for line, item in enumerate(records, start=1):
        if isinstance(item, (str, bytes)):
            result = analyzer.analyze_line(item, line)
            if result is None:
                continue
            yield result
        else:
            yield analyzer.analyze_object(item, line)


def analyze_file(path: str | Path, **options) -> Iterator[RecordAnalysis]:
    """Analyse a JSONL file lazily, one result per non-blank line."""
    with open(path, "rb") as stream:
        yield from analyze_records(stream, **options)

