"""Load the per-language lexicon files (honorifics/lang/<code>/lexicon[.<script>].yaml).

One lexicon per language and script: ``hi``, ``bn``, ``hi-Latn``, ``bn-Latn``.
Every key is folded with :func:`match_key`, so the files can be written in
any common spelling. Adding a word is a data change: see lang/hi/lexicon.yaml's header.
"""
from __future__ import annotations

import re

from dataclasses import dataclass, field

from .. import languages, regexcache
from ..languages import LEXICON_NAMES, lexicon_name  # noqa: F401 (re-exported)
from ..scripts import WORD_LETTERS
from ..tiers import TIERS
from .normalize import cached_match_key, match_key
from .prefilter import ANYTHING, Required, required_literals


@dataclass(frozen=True, slots=True)
class Condition:
    """What a verb entry's condition (``when:`` in a lexicon file) means.

    ``confidence``: of the evidence the form gives; ``alone``: the tests that must all
    pass for the form to show its tier with no pronoun (pro-drop): () always, None
    never; ``agree``: the tests of which one must pass for a nominative subject to
    agree with it (None: anywhere); ``not_a_name``: a line label holding such a form is
    a verb phrase, not a speaker's name (क्षमा करें —). The tests are methods of the
    evidence rules (evidence._Utterance.passes): ``no_first_person`` (no 1st-person
    subject earlier in the clause), ``clause_final`` (at a clause end or after a verb
    stem, not in a noun's context), ``clause_end``, ``after_verb``, ``imperative``,
    ``after_participle``, ``no_third_person``, ``compound_clause_final``,
    ``subjectless_clause_final``.
    """
    confidence: float
    alone: tuple[str, ...] | None
    agree: tuple[str, ...] | None = None
    not_a_name: bool = False


_AT_CLAUSE_END = ("clause_end", "after_verb")

#: every condition a lexicon may name, in one table (described in lang/hi/lexicon.yaml's header)
CONDITIONS: dict[str, Condition] = {
    "always": Condition(0.9, (), None, True),
    "with_subject": Condition(0.7, None),
    "clause_final": Condition(0.8, ("no_first_person", "clause_final"), _AT_CLAUSE_END, True),
    "clause_final_no_third_person": Condition(0.75, ("no_first_person", "clause_final", "no_third_person"),
                                              _AT_CLAUSE_END),
    "compound_clause_final": Condition(0.7, ("no_first_person", "compound_clause_final"), _AT_CLAUSE_END, True),
    "imperative": Condition(0.75, ("no_first_person", "imperative"), ("imperative",), True),
    "after_participle": Condition(0.8, ("no_first_person", "after_participle"), ("after_participle", "clause_end")),
    "no_third_person": Condition(0.7, ("no_first_person", "no_third_person")),
    "subjectless_clause_final": Condition(0.6, ("no_first_person", "subjectless_clause_final")),
}

#: entries kept in each per-lexicon cache of token classifications
CACHE_LIMIT = 200_000
#: what :meth:`Lexicon.classify` gives a key with no reading (the same object for every such key)
NOTHING_CLASSIFIED: tuple = (None, None, False, False)


class LexiconError(ValueError):
    """A lexicon file that does not follow the format."""


@dataclass(frozen=True, slots=True)
class VerbReading:
    """What a verb form says about the addressee's tier.

    ``evidence``: the tier the form shows alone (None: never alone);
    ``agrees``: tiers of a nominative subject it agrees with;
    ``when``: the name of the condition for counting it alone (see lang/hi/lexicon.yaml),
    ``condition`` its row of :data:`CONDITIONS`;
    ``also_fits``: other tiers the form is also used with (the Hindi
    infinitive imperative खा लेना is तुम-level but also said with तू), so it
    never conflicts with evidence of those tiers.
    """
    evidence: str | None
    agrees: frozenset
    when: str
    rule: str
    condition: Condition
    also_fits: tuple = ()


@dataclass(frozen=True, slots=True)
class SuffixRule:
    suffix: str
    reading: VerbReading
    min_stem: int
    exceptions: frozenset
    exception_suffixes: tuple
    #: characters that may not stand right before the suffix
    not_after: frozenset = frozenset()
    #: when set, the word minus the suffix must be one of these verb roots
    roots: frozenset | None = None

    def matches(self, key: str) -> bool:
        stem = len(key) - len(self.suffix)
        return (key.endswith(self.suffix) and stem >= self.min_stem
                and (self.roots is None or key[:stem] in self.roots)
                and key not in self.exceptions
                and not (self.not_after and stem > 0 and key[stem - 1] in self.not_after)
                and not any(key.endswith(ending) for ending in self.exception_suffixes))


@dataclass(slots=True)
class Lexicon:
    name: str
    language: str
    script: str
    pronouns: dict            # key -> (tier, case)
    postpositions: dict       # key -> case
    plural_markers: frozenset
    traps: tuple              # tuples of keys
    exact_verbs: dict         # key -> VerbReading
    suffix_rules: tuple
    bare_stems: dict          # key -> VerbReading
    stem_followers: frozenset
    conjunctive_markers: frozenset
    particles: frozenset
    participle_endings: tuple
    question_words: frozenset
    third_person_pronouns: frozenset
    first_person_pronouns: frozenset
    person_nouns: frozenset
    nominal_address: dict     # key -> (category, tradition | None)
    note_markers: tuple       # case-folded raw strings
    non_speaker_labels: frozenset
    reporting_verbs: frozenset
    name_titles: frozenset = frozenset()
    #: parents named after their child (Aarav Mummy): no label of the child's name
    relatives_after_name: frozenset = frozenset()
    #: titles that tell a person's gender: one surname with titles of two genders names two people
    feminine_titles: frozenset = frozenset()
    masculine_titles: frozenset = frozenset()
    #: how many characters of a line note_marked must case-fold: the longest marker and two more
    note_marker_reach: int = 2
    #: the headings of an answer (छोटा जवाब:, সারসংক্ষেপ:): no speaker, the line stays the reply's text
    answer_headings: frozenset = frozenset()
    third_person_antecedent_markers: frozenset = frozenset()
    stem_follower_suffixes: tuple = ()
    conjunctive_forms: frozenset = frozenset()
    stem_skip_words: frozenset = frozenset()
    request_markers: frozenset = frozenset()
    mention_followers: tuple = ()
    subjunctive_markers: frozenset = frozenset()
    #: direct speech in narration (see narrative.py): reporting_verbs, subject_markers,
    #: pronoun_subjects (key -> label), first_person, first_person_other, frame_words, clause_breaks, reported_markers,
    #: participle_endings
    narrative: dict = field(default_factory=dict)
    #: words around a verb-looking word that make it a noun or name (see lang/hi/lexicon.yaml `noun_context`)
    noun_before: frozenset = frozenset()
    noun_before_suffixes: tuple = ()
    noun_after: frozenset = frozenset()
    #: classifiers written apart (Banglish ta, gulo): after any verb-looking word, a noun (see evidence.counts_alone)
    classifiers_apart: frozenset = frozenset()
    #: "or" words: a stem followed by "or" and a non-verb is a noun (ভাব বা বক্তব্য)
    alternative_coordinators: frozenset = frozenset()
    #: words that close a comma list (दौड़, छलांग, फेंक या …)
    list_coordinators: frozenset = frozenset()
    #: a 1st-person subject before these does not reach the verbs after them (मैं चाहता हूँ कि …)
    complementizers: frozenset = frozenset()
    #: verb roots (see `verb_roots` in the lexicon files): झुक कर is a conjunctive participle
    verb_roots: frozenset = frozenset()
    #: negations that look like a stem after a verb (চাই নে)
    post_verbal_negations: frozenset = frozenset()
    #: words before a clause-final infinitive that make it a request (मत, ध्यान)
    infinitive_cues: frozenset = frozenset()
    request_infinitives: frozenset = frozenset()
    #: अपना/अपने: a request marker only when no 2nd-person pronoun is in the sentence
    reflexive_request_markers: frozenset = frozenset()
    #: clitics a pronoun may carry in the same word (আপনারও, তোমাকেই)
    pronoun_clitics: tuple = ()
    #: romanized spellings that are the reflexive, not the pronoun their folded key matches
    #: (apne, apna: अपने, अपना; "aapne" folds to the same key), compared case-folded
    reflexive_spellings: frozenset = frozenset()
    #: words next to a quote that make it a title or a line sung or played, not speech
    #: ("तेरे नाम" फ़िल्म, "तू ही रे" वाला गाना, বাজছিল "…")
    title_context: frozenset = frozenset()
    #: a noun right after a quote that makes the quote its name: a group's, a chat's, a contact's
    #: ("शर्मा परिवार 🏠" ग्रुप में …, "Kolkata Boys 🔥" group e …), no one's speech
    name_nouns: frozenset = frozenset()
    #: the negation of a bare imperative (मत): a verb root before it is the imperative
    negative_imperative: frozenset = frozenset()
    #: the reading of a bare-stem imperative (the `bare_stems` section), or None
    stem_reading: VerbReading | None = None
    #: object pronouns that may follow their verb at a clause end (होने दो उसे, दे दो मुझे)
    postposed_objects: frozenset = frozenset()
    #: words that open a subordinate clause (जो, कि, जब): a main clause ends before them
    clause_openers: frozenset = frozenset()
    #: greetings: a sentence that greets a titled person addresses them (नमस्ते सुनीता जी।)
    greetings: frozenset = frozenset()
    #: the endings and short forms of a subjunctive request (करें, बताएँ, दें)
    request_suffixes: tuple = ()
    request_forms: frozenset = frozenset()
    #: "let's" verbs: alone in their clause they are a hortative, not a request (चलें, देर हो रही है)
    hortatives: frozenset = frozenset()
    #: finite (1st/3rd-person) endings: a stem right before root + ending is not an imperative
    finite_suffixes: tuple = ()
    #: interjections and discourse words that open a line but never name a speaker
    #: (अच्छा —, আচ্ছা —, अरे —)
    interjections: frozenset = frozenset()
    #: discourse words (वैसे, আসলে, Actually), among the interjections: they open a sentence as a
    #: connective, and never call someone before a call (तो सुनो, … is no call of its own)
    discourse_words: frozenset = frozenset()
    #: finite auxiliaries and copulas (है, गया, আছে, হয়েছে): a phrase with one is a clause, never
    #: a name (মনে আছে, … is "remember, …", not a vocative)
    auxiliaries: frozenset = frozenset()
    #: particles that end a conditional clause (सच कहूँ तो): a label ending in one is no name
    clause_final_particles: frozenset = frozenset()
    #: clause analysis (clauses.py): case_markers, ergative_markers, title_suffixes, third_person_readings
    clauses: dict = field(default_factory=lambda: {"case_markers": frozenset(), "ergative_markers": frozenset(),
                                                    "title_suffixes": (), "title_last_letters": frozenset(),
                                                    "third_person_readings": frozenset(),
                                                    "past_markers": frozenset(), "determiners": frozenset()})
    #: generic "you": one regex over a sentence (see the `generic_you` section), or None
    generic_you: re.Pattern | None = None
    #: what every match of generic_you contains (prefilter.py): most sentences are ruled out without a search
    generic_you_required: Required = ANYTHING
    #: a sentence right after a generic one that matches this goes on being generic, or None
    generic_continuation: re.Pattern | None = None
    #: what makes a sentence say what holds for anyone (genericity.py): markers (अगर, जब,
    #: যত, jodi), potential or habitual verbs (सकते, পারবেন), conditional verb suffixes (-লে)
    generic_shape: dict = field(default_factory=lambda: {"markers": frozenset(), "verbs": frozenset(),
                                                         "conditional_suffixes": ()})
    #: plural 2nd-person pronouns (তোমরা, আপনারা): group address
    plural_pronouns: frozenset = frozenset()
    #: addressee cues (see addressees.py): after (postpositions), suffixes, skip, toward (direction words)
    addressees: dict = field(default_factory=lambda: {"after": frozenset(), "suffixes": (), "skip": frozenset(),
                                                      "adverbs": frozenset(), "verb_endings": (),
                                                      "calls": frozenset(), "call_ends": frozenset(),
                                                      "turning": frozenset(), "recipient_markers": frozenset(),
                                                      "oblique": (), "toward": frozenset(),
                                                      "genitive_words": frozenset(), "genitive_suffixes": ()})
    #: built once from the fields above (see build_lexicon)
    traps_by_first_key: dict = field(default_factory=dict)
    mention_followers_by_first_key: dict = field(default_factory=dict)
    #: suffix_rules by the last letter of their suffix (each list in file order), and
    #: the rules with an empty suffix (they end in any letter: in every list)
    suffix_rules_by_last_letter: dict = field(default_factory=dict)
    suffix_rules_without_letters: tuple = ()
    _verb_cache: dict = field(default_factory=dict)
    #: classify's cache: key -> (pronoun entry, verb reading, is particle); bounded by CACHE_LIMIT
    classified: dict = field(default_factory=dict)

    def key(self, token: str) -> str:
        return cached_match_key(token, self.script)

    def person_word(self, key: str) -> bool:
        """Does the word name a person by itself: an address term or a person noun (माँ, নার্স, मेहमान)?"""
        return key in self.nominal_address or key in self.person_nouns

    def titled(self, key: str) -> bool:
        """Does the word name a person by a title it ends in (ডাক্তারবাবু, হেডমাস্টারমশাই)?
        Only a word longer than the shortest suffix by three letters or more (বাবু alone is a title)."""
        suffixes = self.clauses["title_suffixes"]
        if not suffixes or key[-1:] not in self.clauses["title_last_letters"]:
            return False   # (one set lookup rules out most words before the suffixes are compared)
        return key.endswith(suffixes) and len(key) > 2 + min(len(s) for s in suffixes)

    def classify(self, key: str) -> tuple:
        """What the rules need to know of a token key, in one cached lookup: (pronoun
        entry or None, verb reading or None, is a nominal address term, starts a trap).

        A particle has no verb reading (तो is not an imperative).
        """
        found = self.classified.get(key)
        if found is None:
            if len(self.classified) > CACHE_LIMIT:   # bounded: memory stays flat on new vocabulary
                self.classified.clear()
            pronoun = self.pronouns.get(key) or self._pronoun_with_clitic(key)
            reading = None if (pronoun or key in self.particles) else self.verb_reading(key)
            address_term, trap_start = key in self.nominal_address, key in self.traps_by_first_key
            # (most words have no reading: one shared tuple, which the evidence loop skips by identity)
            found = self.classified[key] = NOTHING_CLASSIFIED \
                if pronoun is None and reading is None and not address_term and not trap_start \
                else (pronoun, reading, address_term, trap_start)
        return found

    def second_person_form(self, word: str) -> bool:
        """Has the word a 2nd-person reading: a pronoun, or a verb form that is evidence (তুমি, घबराओ)?"""
        pronoun, reading, _, _ = self.classify(self.key(word))
        return pronoun is not None or reading is not None and reading.evidence is not None

    def root_with_ending(self, key: str, endings: tuple) -> bool:
        """Is ``key`` a verb root (``verb_roots``) followed by one of ``endings``?
        (বসত = বস + ত, करें = कर + ें)"""
        return any(key.endswith(ending) and key[:-len(ending)] in self.verb_roots for ending in endings)

    def _pronoun_with_clitic(self, key: str) -> tuple | None:
        """আপনারও → আপনার + ও: the pronoun entry of a pronoun carrying a clitic."""
        for clitic in self.pronoun_clitics:
            if key.endswith(clitic) and len(key) > len(clitic):
                entry = self.pronouns.get(key[:-len(clitic)])
                if entry:
                    return entry
        return None

    def verb_reading(self, key: str) -> VerbReading | None:
        """The verb reading of a token key: exact form, bare stem, then suffix rules."""
        try:
            return self._verb_cache[key]
        except KeyError:
            pass
        reading = self.exact_verbs.get(key) or self.bare_stems.get(key)
        half = len(key) // 2
        if reading is None and len(key) >= 4 and key[:half] == key[half:]:
            pass   # a reduplication (গুনগুন, ঝনঝন, টুনটুন) is an onomatopoeia or adverb, never a verb form
        elif reading is None and key not in self.pronouns:
            # only the rules whose suffix ends in the key's last letter can match (in file order)
            for rule in self.suffix_rules_by_last_letter.get(key[-1:], self.suffix_rules_without_letters):
                if rule.matches(key):
                    reading = rule.reading
                    break
        if len(self._verb_cache) > CACHE_LIMIT:
            self._verb_cache.clear()
        self._verb_cache[key] = reading
        return reading


def _reading(spec: dict, where: str, tiers: tuple[str, ...] = TIERS) -> VerbReading:
    when = spec.get("when", "always")
    if when not in CONDITIONS:
        raise LexiconError(f"{where}: unknown condition {when!r}")
    also_fits = tuple(spec.get("also_fits") or ())
    unknown = set(also_fits) - set(tiers)
    if unknown:
        raise LexiconError(f"{where}: unknown tier in also_fits: {sorted(unknown)}")
    named = {spec.get("evidence"), *(spec.get("agrees") or ())} - {None}
    if named - set(tiers):
        raise LexiconError(f"{where}: a tier not on the language's scale {list(tiers)}: {sorted(named - set(tiers))}")
    return VerbReading(spec.get("evidence"), frozenset(spec.get("agrees") or ()), when,
                       spec.get("rule", "verb"), CONDITIONS[when], also_fits)


def build_lexicon(name: str, data: dict, tiers: tuple[str, ...] = TIERS) -> Lexicon:
    """Build a :class:`Lexicon` from parsed YAML (also used by tests); ``tiers``: the
    language's scale (every tier a form shows or agrees with is one of them)."""
    script = data["script"]
    for form, value in (data.get("pronouns") or {}).items():
        if not value or value[0] not in tiers:
            raise LexiconError(f"{name}: pronoun {form}: a tier not on the language's scale {list(tiers)}")

    def keys(items) -> frozenset:
        return frozenset(match_key(str(item), script) for item in items or ())

    verbs = data.get("verbs") or {}
    exact = {match_key(form, script): _reading(spec, f"{name}: verb {form}", tiers)
             for form, spec in (verbs.get("exact") or {}).items()}
    root_lists: dict[str, frozenset] = {}   # each named list folded once
    suffix_rules = []
    for spec in verbs.get("suffixes") or ():
        # root_required: true reads `verb_roots`; a string names another list (causative_roots)
        required = spec.get("root_required")
        root_list = "verb_roots" if required is True else required
        if root_list and root_list not in data:
            raise LexiconError(f"{name}: suffix {spec['suffix']}: no root list {root_list!r}")
        if root_list and root_list not in root_lists:
            root_lists[root_list] = keys(data[root_list])
        suffix_rules.append(SuffixRule(
            match_key(spec["suffix"], script), _reading(spec, f"{name}: suffix {spec['suffix']}", tiers),
            int(spec.get("min_stem", 1)), keys(spec.get("exceptions")),
            tuple(match_key(s, script) for s in spec.get("exception_suffixes") or ()),
            frozenset(spec.get("not_after") or ()),
            root_lists[root_list] if root_list else None))
    stems = verbs.get("bare_stems") or {}
    stem_reading = _reading(stems, f"{name}: bare_stems", tiers) if stems else None
    bare = {match_key(form, script): stem_reading for form in stems.get("forms") or ()}
    noun_context = data.get("noun_context") or {}
    address = {}
    for form, spec in (data.get("nominal_address") or {}).items():
        if isinstance(spec, dict):
            address[match_key(form, script)] = (spec["category"], spec.get("tradition"))
        else:
            address[match_key(form, script)] = (spec, None)
    clauses = data.get("clauses") or {}
    addressees = data.get("addressees") or {}
    toward = addressees.get("toward") or {}
    generic_you = _alternation(data.get("generic_you"))
    shape = data.get("generic_shape") or {}
    title_suffixes = tuple(match_key(x, script) for x in clauses.get("title_suffixes") or ())
    lexicon = Lexicon(
        name=name, language=data["language"], script=script,
        pronouns={match_key(form, script): tuple(value)
                  for form, value in (data.get("pronouns") or {}).items()},
        postpositions={match_key(form, script): case
                       for form, case in (data.get("postpositions") or {}).items()},
        plural_markers=keys(data.get("plural_markers")),
        traps=tuple(tuple(match_key(part, script) for part in trap)
                    for trap in data.get("traps") or ()),
        exact_verbs=exact, suffix_rules=tuple(suffix_rules), bare_stems=bare,
        stem_followers=keys(verbs.get("stem_followers")),
        conjunctive_markers=keys(verbs.get("conjunctive_markers")),
        particles=keys(data.get("particles")),
        participle_endings=tuple(match_key(e, script) for e in data.get("participle_endings") or ()),
        question_words=keys(data.get("question_words")),
        third_person_pronouns=keys(data.get("third_person_pronouns")),
        first_person_pronouns=keys(data.get("first_person_pronouns")),
        # a person word with an honorific fused to it is one too (मौसीजी, mamaji: ``honorific_suffixes``)
        person_nouns=_with_honorifics(keys(data.get("person_nouns")),
                                      [match_key(e, script) for e in data.get("honorific_suffixes") or ()]),
        nominal_address=address,
        note_markers=tuple(m.casefold() for m in data.get("note_markers") or ()),
        note_marker_reach=max((len(m.casefold()) for m in data.get("note_markers") or ()), default=0) + 2,
        non_speaker_labels=keys(data.get("non_speaker_labels")),
        answer_headings=keys(data.get("answer_headings")),
        reporting_verbs=keys(data.get("reporting_verbs")),
        name_titles=keys(data.get("name_titles")),
        relatives_after_name=keys(data.get("relatives_after_name")),
        feminine_titles=keys(data.get("feminine_titles")),
        masculine_titles=keys(data.get("masculine_titles")),
        third_person_antecedent_markers=keys(data.get("third_person_antecedent_markers")),
        stem_follower_suffixes=tuple(match_key(s, script) for s in verbs.get("stem_follower_suffixes") or ()),
        conjunctive_forms=keys(verbs.get("conjunctive_forms")),
        stem_skip_words=keys(verbs.get("stem_skip_words")),
        request_markers=keys(data.get("request_markers")),
        mention_followers=tuple(tuple(match_key(w, script) for w in seq) for seq in data.get("mention_followers") or ()),
        subjunctive_markers=keys(data.get("subjunctive_markers")),
        narrative=_narrative(data.get("narrative"), keys, script),
        noun_before=keys(noun_context.get("before")) | keys(data.get("name_titles")),
        noun_before_suffixes=tuple(match_key(s, script) for s in noun_context.get("before_suffixes") or ()),
        # (a classifier written apart is one of the words after a noun too)
        noun_after=keys(noun_context.get("after")) | keys(noun_context.get("classifiers_apart")),
        classifiers_apart=keys(noun_context.get("classifiers_apart")),
        alternative_coordinators=keys(noun_context.get("alternative_coordinators")),
        list_coordinators=keys(noun_context.get("list_coordinators")),
        complementizers=keys(data.get("complementizers")),
        verb_roots=root_lists.get("verb_roots") or keys(data.get("verb_roots")),
        post_verbal_negations=keys(data.get("post_verbal_negations")),
        infinitive_cues=keys(data.get("infinitive_cues")),
        request_infinitives=keys(data.get("request_infinitives")),
        reflexive_request_markers=keys(data.get("reflexive_request_markers")),
        pronoun_clitics=tuple(match_key(c, script) for c in data.get("pronoun_clitics") or ()),
        interjections=keys(data.get("interjections")) | keys(data.get("discourse_words")),
        discourse_words=keys(data.get("discourse_words")),
        auxiliaries=keys(data.get("auxiliaries")),
        clause_final_particles=keys(data.get("clause_final_particles")),
        finite_suffixes=tuple(match_key(x, script) for x in verbs.get("finite_suffixes") or ()),
        clause_openers=keys(data.get("clause_openers")),
        postposed_objects=keys(data.get("postposed_objects")),
        negative_imperative=keys(verbs.get("negative_imperative")),
        stem_reading=stem_reading,
        hortatives=keys(data.get("hortatives")),
        request_suffixes=tuple(match_key(x, script) for x in data.get("request_suffixes") or ()),
        request_forms=keys(data.get("request_forms")),
        greetings=keys(data.get("greetings")),
        reflexive_spellings=frozenset(str(w).casefold() for w in data.get("reflexive_spellings") or ()),
        title_context=keys(data.get("title_context")),
        name_nouns=keys(data.get("name_nouns")),
        plural_pronouns=keys(addressees.get("plural_pronouns")),
        generic_you=generic_you,
        generic_you_required=required_literals(generic_you) if generic_you is not None else ANYTHING,
        generic_continuation=regexcache.compile(data["generic_continuation"]) if data.get("generic_continuation") else None,
        generic_shape={"markers": keys(shape.get("markers")), "verbs": keys(shape.get("verbs")),
                       "conditional_suffixes": tuple(match_key(x, script)
                                                     for x in shape.get("conditional_suffixes") or ())},
        clauses={"case_markers": keys(clauses.get("case_markers")),
                 "ergative_markers": keys(clauses.get("ergative_markers")),
                 "title_suffixes": title_suffixes,
                 "title_last_letters": frozenset(suffix[-1:] for suffix in title_suffixes),
                 "third_person_readings": frozenset(clauses.get("third_person_readings") or ()),
                 "past_markers": keys(clauses.get("past_markers")),
                 "determiners": keys(clauses.get("determiners"))},
        addressees={"oblique": tuple((match_key(o, script), match_key(d, script))
                                     for o, directs in (addressees.get("oblique") or {}).items()
                                     for d in (directs if isinstance(directs, list) else [directs])),
                    "after": keys(addressees.get("after")),
                    # the longest first: মেহমানদেরকে is মেহমান, not মেহমানদের
                    "suffixes": tuple(sorted(addressees.get("suffixes") or (), key=len, reverse=True)),
                    "skip": keys(addressees.get("skip")),
                    # adverbs of time and place that may follow a verb: never a call (see addressees._may_be_a_name)
                    "adverbs": keys(addressees.get("adverbs")),
                    # the endings that make a verb root a verb's form (समझा, দেখছি): never a name
                    "verb_endings": tuple(addressees.get("verb_endings") or ()),
                    # (each call as the keys of its words, joined by a space)
                    "calls": frozenset(" ".join(match_key(w, script) for w in call.split())
                                       for call in addressees.get("calls") or ()),
                    "call_ends": frozenset(match_key(call.split()[-1], script)
                                           for call in addressees.get("calls") or () if call.split()),
                    "toward": keys(toward.get("words")),
                    "turning": keys(addressees.get("turning")),
                    # the case marks of the one a frame looks at or calls (को, কে): see frame_recipient
                    "recipient_markers": frozenset(addressees.get("recipient_markers") or ()),
                    "genitive_words": keys(toward.get("genitive_words")),
                    # (as written and as a word's key reads them: টুবাইয়ের's key ends in যের, not য়ের)
                    "genitive_suffixes": tuple(sorted(
                        {form for suffix in toward.get("genitive_suffixes") or ()
                         for form in (suffix, match_key(suffix, script))}, key=lambda s: (-len(s), s)))},
    )
    lexicon.traps_by_first_key = _by_first_key(lexicon.traps, f"{name}: traps")
    lexicon.suffix_rules_without_letters = tuple(rule for rule in lexicon.suffix_rules if not rule.suffix)
    for letter in {rule.suffix[-1] for rule in lexicon.suffix_rules if rule.suffix}:
        lexicon.suffix_rules_by_last_letter[letter] = tuple(
            rule for rule in lexicon.suffix_rules if not rule.suffix or rule.suffix[-1] == letter)
    lexicon.mention_followers_by_first_key = _by_first_key(lexicon.mention_followers,
                                                           f"{name}: mention_followers")
    return lexicon


def _alternation(patterns) -> re.Pattern | None:
    """One regex for a list of patterns; each starts a word (no letter before it)."""
    if not patterns:
        return None
    return regexcache.compile(f"(?<![{WORD_LETTERS}])(?:" + "|".join(f"(?:{p})" for p in patterns) + ")")


def _by_first_key(sequences: tuple, where: str) -> dict:
    """Word sequences (traps, mention followers) by their first key, in file order."""
    index: dict = {}
    for sequence in sequences:
        if not sequence:
            raise LexiconError(f"{where}: an empty entry")
        index.setdefault(sequence[0], []).append(sequence)
    return index


def _narrative(section: dict | None, keys, script: str) -> dict:
    """The ``narrative`` section: words that frame direct speech in narration."""
    if not section:
        return {}
    return {"reporting_verbs": keys(section.get("reporting_verbs")),
            "subject_markers": keys(section.get("subject_markers")),
            "pronoun_subjects": {match_key(form, script): label
                                 for form, label in (section.get("pronoun_subjects") or {}).items()},
            "first_person": keys(section.get("first_person")),
            "first_person_other": keys(section.get("first_person_other")),
            # the narrator as the one spoken to (আমাকে বললেন, मुझसे कहा): then not the one speaking
            "first_person_objects": keys(section.get("first_person_objects")),
            # (with an emphatic clitic too: তখনই, এবারই "right then", "this very time")
            "frame_words": _with_clitics(keys(section.get("frame_words")),
                                         [match_key(e, script) for e in section.get("emphatic_clitics") or ()]),
            "clause_breaks": keys(section.get("clause_breaks")),
            "clause_openers": keys(section.get("clause_openers")),
            # a word of contrast or time that opens a clause after a comma with a subject of its own
            # (… आगे बढ़ा, पर तभी मुंशी जी …; not "and", which goes on with the same subject)
            "new_subject_openers": keys(section.get("new_subject_openers")),
            # endings of a subordinate verb whose clause has its own subject (দিতেই "as soon as … gave")
            "clause_break_suffixes": tuple(match_key(e, script) for e in section.get("clause_break_suffixes") or ()),
            "reported_markers": keys(section.get("reported_markers")),
            # tense that reports only outside a story (बॉस ने कहा था '…' in a reply; narration in a story)
            "past_report_markers": keys(section.get("past_report_markers")),
            "participle_endings": tuple(match_key(e, script) for e in section.get("participle_endings") or ()),
            # endings of a participle that closes a clause before the main one, on any stem (dariye, tekte)
            "clause_participle_endings": tuple(match_key(e, script)
                                               for e in section.get("clause_participle_endings") or ()),
            # endings that make a participle of a verb root (করে, উঠে: কর, উঠ + ে), never a subject
            "root_participle_endings": tuple(match_key(e, script)
                                             for e in section.get("root_participle_endings") or ()),
            # a verb root's adjective (বসা "seated": পাশে বসা মিঠু): a verb form, never a subject, and
            # it closes the phrase before the noun it describes
            "root_adjective_endings": tuple(match_key(e, script)
                                            for e in section.get("root_adjective_endings") or ()),
            # an adjective of a stance that is no verb root's (खड़ा): described as a root's adjective is
            "stance_adjectives": keys(section.get("stance_adjectives")),
            # an emphatic clitic on a verb form (বসেই): the form without it is read
            "emphatic_clitics": tuple(match_key(e, script) for e in section.get("emphatic_clitics") or ()),
            # endings of a word that closes an adverbial before a clause's subject (a locative or a
            # participle: ফোনের ওপাশে রুমকি হাসল, স্কুল থেকে এসে বাবলু …), on any stem
            "adjunct_endings": tuple(match_key(e, script) for e in section.get("adjunct_endings") or ()),
            # 3rd-person genitives that modify the noun after them (उसके पिता, তার মা)
            "third_person_genitives": keys(section.get("third_person_genitives")),
            # the reflexive's genitives (अपनी फ़ाइल, নিজের ব্যাগ)
            "reflexive_genitives": keys(section.get("reflexive_genitives")),
            # plural endings of nouns: a group, never one speaker (চালকেরা)
            "plural_endings": tuple(match_key(e, script) for e in section.get("plural_endings") or ()),
            # endings of a verb form that tells what was going on, the background of a scene, not an
            # action (ছিঁড়ছে, খেলছিল; रहा था, खड़े थे): a word equal to one counts too
            "background_endings": tuple(match_key(e, script) for e in section.get("background_endings") or ()),
            # endings of a finite verb on a root, where the lexicon has no finite suffixes (आया, बैठी)
            "finite_verb_endings": tuple(match_key(e, script) for e in section.get("finite_verb_endings") or ()),
            # endings that make a finite verb of any stem, the root unknown (সারাচ্ছিলেন, ভাজছিলেন)
            "finite_endings_any_root": tuple(match_key(e, script)
                                             for e in section.get("finite_endings_any_root") or ()),
            "finite_endings_after_consonant": tuple(match_key(e, script)
                                                    for e in section.get("finite_endings_after_consonant") or ()),
            # titles written before a name (Dr., Mrs., डॉ.): part of the name as the text writes it
            "prefix_titles": keys(section.get("prefix_titles")),
            # animals a story names (a pet, a cow): their names are no speaker's (घर का कुत्ता शेरू)
            "animal_nouns": keys(section.get("animal_nouns")),
            # indefinite determiners: "a …" introduces someone the narration does not name (एक चूड़ीवाला)
            "indefinites": keys(section.get("indefinites")),
            # endings that make a noun of a person's trade or role (रिक्शेवाला, আইসক্রিমওয়ালা)
            "role_suffixes": tuple(match_key(e, script) for e in section.get("role_suffixes") or ()),
            # a verb root's oblique verbal noun (आने, jaane): before a role suffix written apart it
            # is the prospective, not a trade (आने वाला था)
            "verbal_noun_endings": tuple(match_key(e, script) for e in section.get("verbal_noun_endings") or ()),
            # the participle of "do" that makes one verb with the word before it (साफ़ करके, চুপ করে)
            "light_verb_participles": keys(section.get("light_verb_participles")),
            # negation next to a reporting verb: no one spoke (रामदीन ने कुछ नहीं कहा), no frame
            "negations": keys(section.get("negations")),
            # numerals: a count of things or time (तीन हफ़्ते से …), never a frame's subject
            # (with a classifier fused to them too: দুটো, তিনটে, দুজন; see _with_clitics)
            "numerals": _with_clitics(keys(section.get("numerals")),
                                      [match_key(c, script) for c in section.get("numeral_classifiers") or ()]),
            # the imperfective participle of manner before an auxiliary (दौड़ता हुआ, हाँफती हुई): an
            # adverbial, the verb after it
            "manner_participle_endings": tuple(match_key(e, script)
                                               for e in section.get("manner_participle_endings") or ()),
            # quantifiers: a count of things or time (कुछ देर, কিছুক্ষণ পরে), never of a name
            "quantifiers": keys(section.get("quantifiers")),
            # where the negation stands: also before the verb (नहीं कहा), or only after it (বলল না; in
            # পারলাম না, বললাম the না is পারলাম's)
            "negation_before_verb": bool(section.get("negation_before_verb")),
            # the vowel a root's first vowel becomes in that participle (রাখ → রেখে, খোল → খুলে):
            # participle vowel → root vowel
            "participle_vowels": {match_key(shifted, script): match_key(root, script)
                                  for shifted, root in (section.get("participle_vowels") or {}).items()},
            # a thing, not a person, as a guessed subject: after a possessive marker (राजू के बाल),
            # or with a definite suffix (গলাটা)
            "possessive_markers": keys(section.get("possessive_markers")),
            "definite_suffixes": tuple(match_key(e, script) for e in section.get("definite_suffixes") or ()),
            # the narrator: 1st-person subjects (मैंने कहा), 1st-person verb endings (বললাম), its label
            "narrator_subjects": keys(section.get("narrator_subjects")),
            "first_person_verb_endings": tuple(match_key(e, script)
                                               for e in section.get("first_person_verb_endings") or ()),
            "narrator": str(section.get("narrator") or "narrator"),
            # case markers after a noun: not the subject (माँ का हाथ, माँ से)
            "case_markers": keys(section.get("case_markers")),
            # pronoun subjects that are also other words (Bangla ও "and"): only first in the clause
            "clause_initial_only": keys(section.get("clause_initial_only")),
            # a frame that sings or hums its quote (गाना गाया, গান ধরল): a song line, a mention
            "mention_frames": keys(section.get("mention_frames")),
            # a person's voice that comes (पापा की आवाज़ आई, মায়ের গলা ভেসে এল): that person speaks
            "voice_nouns": keys(section.get("voice_nouns")),
            # parts of the body (चेहरा, চোখ): never a speaker; a sentence they open describes someone
            "body_parts": keys(section.get("body_parts")),
            # relative pronouns: a clause they open, set off by commas after the subject, describes it
            # (राजू, जो … खड़ा था, आगे आया)
            "relative_pronouns": keys(section.get("relative_pronouns")),
            # and a person's message that comes (वर्मा सर का ईमेल आया:): a name the lexicon does not know
            # may own a message, where a thing's sound is as common (दरवाज़े की आवाज़ आई)
            "message_nouns": keys(section.get("message_nouns")),
            # seeing or reading a text (पोस्टर पर लिखा देखा:): what its colon introduces is no one's speech
            "reading_verbs": keys(section.get("reading_verbs")),
            # seeing, which sees a text only where its clause names one: written (লেখা দেখল) or a text's
            # noun (पोस्टर देखा), not a look before speaking (घड़ी देखी:)
            "seeing_verbs": keys(section.get("seeing_verbs")),
            "written_words": keys(section.get("written_words")),
            "text_nouns": keys(section.get("text_nouns")),
            # a 3rd-person pronoun as the object: a person seen (उसे घूरकर देखा:), not a text read
            "person_objects": keys(section.get("person_objects")),
            # finite "do" and "give" that make a verb of a message noun (মেসেজ করল, मैसेज किया)
            "light_verbs": keys(section.get("light_verbs")),
            # "wrote" where it is as often "written" (लिखा): a frame only with an overt subject
            "written_verbs": keys(section.get("written_verbs")),
            "voice_verbs": keys(section.get("voice_verbs"))}


# LEXICON_NAMES and lexicon_name come from the language registry (imported above).


# Loaded lexicons by name. A plain dict, not functools.lru_cache: the pipeline asks
# for a lexicon several times per record, and compiled code calls an lru_cache
# wrapper through the slow generic call path.
_LOADED: dict[str, Lexicon] = {}


def _with_clitics(words: frozenset, clitics: list) -> frozenset:
    """Words with each emphatic clitic the language writes fused to them too (তখন → তখনই)."""
    return words | {word + clitic for word in words for clitic in clitics if not word.endswith(clitic)} \
        if clitics else words


def _with_honorifics(person_nouns: frozenset, suffixes: list) -> frozenset:
    """The person nouns, and each with every honorific suffix fused to it (not the address terms:
    sab, an address, is no stem of sabji, a vegetable)."""
    if not suffixes:
        return person_nouns
    return person_nouns | {word + suffix for word in person_nouns for suffix in suffixes if not word.endswith(suffix)}


def load_lexicon(name: str) -> Lexicon:
    """Load a shipped lexicon by name (``hi``, ``bn``, ``hi-Latn``, ``bn-Latn``), once."""
    lexicon = _LOADED.get(name)
    if lexicon is None:
        lexicon = _LOADED[name] = _read_lexicon(name)
    return lexicon


def _read_lexicon(name: str) -> Lexicon:
    try:
        language, script = languages.lexicon_source(name)
    except KeyError:
        raise LexiconError(f"no lexicon {name!r}; available: {', '.join(languages.LEXICON_NAMES)}") from None
    return build_lexicon(name, language.read("lexicon", script), language.scale.tiers)
