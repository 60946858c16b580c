"""Second-person evidence in one utterance: pronouns, verbs, agreement, vocatives.

Reads only the lexicon (data); the code knows the conditions, not the words.

>>> from honorifics.extraction.lexicon import load_lexicon
>>> text = "आप यहाँ बैठो।"
>>> found = extract_evidence(text, [(0, len(text))], load_lexicon("hi"))
>>> [(e.text, e.tier) for e in found.evidence]
[('आप', 'formal')]
>>> [(p.pronoun.text, p.verb.text, p.ok) for p in found.agreement]
[('आप', 'बैठो', False)]
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import cast

from .. import regexcache
from ..records import PRONOUN, VERB, AgreementPair, Evidence, NominalAddress
from ..scripts import DANDA, SENTENCE_END_MARKS, SENTENCE_ENDS, class_body
from .clauses import ClauseIndex
from .lexicon import NOTHING_CLASSIFIED, Lexicon, VerbReading
from .prefilter import may_match
from .tokens import TokenColumns, token_columns

#: Confidence of pronoun evidence (a verb's: its condition's, lexicon.CONDITIONS).
PRONOUN_CONFIDENCE = 0.98
_VOCATIVE_PUNCTUATION = (",", "!", "،")
_LIST_COMMAS = (",", "،")
#: marks that end a statement or exclamation (not a question)
_STATEMENT_ENDS = tuple(mark for mark in SENTENCE_END_MARKS if mark != "?") + (".",)


@dataclass(slots=True, init=False)
class UtteranceEvidence:
    """What one utterance shows: deciding evidence, agreement pairs, vocatives."""
    evidence: list[Evidence] = field(default_factory=list)
    agreement: list[AgreementPair] = field(default_factory=list)
    nominal_address: list[NominalAddress] = field(default_factory=list)
    #: pronoun forms read as respectful 3rd person (not address)
    third_person: list[Evidence] = field(default_factory=list)

    # written out (init=False): compiled, a dataclass-made __init__ would run as Python
    def __init__(self, evidence: list[Evidence] | None = None, agreement: list[AgreementPair] | None = None,
                 nominal_address: list[NominalAddress] | None = None,
                 third_person: list[Evidence] | None = None) -> None:
        self.evidence = [] if evidence is None else evidence
        self.agreement = [] if agreement is None else agreement
        self.nominal_address = [] if nominal_address is None else nominal_address
        self.third_person = [] if third_person is None else third_person



def _acronym(word: str) -> bool:
    """A word in capitals of three letters or more (AAP; its first word in "AAP ne"):
    in Latin script an acronym, never a pronoun."""
    head = word.split(" ", 1)[0]
    return len(head) >= 3 and head.isupper()

class _Utterance:
    """Tokens of one utterance with the per-token facts the rules need."""

    def __init__(self, tokens: TokenColumns, lexicon: Lexicon, excluded_keys: frozenset):
        self.tokens = tokens
        self.keys = keys = tokens.keys
        self.lexicon = lexicon
        n = len(keys)
        self.clause = tokens.clause
        self.sentence = tokens.sentence
        self.pronoun: list = [None] * n
        self.reading: list[VerbReading | None] = [None] * n
        self._clauses: ClauseIndex | None = None
        #: sentence number → its request facts (see request_facts), looked up once per sentence
        self._request_facts: dict[int, tuple[bool, bool]] = {}
        self._name_keys = excluded_keys
        #: indices of tokens with a lexicon reading (pronoun or verb): the only
        #: tokens the rules below start from; every other token is only a neighbour
        self.candidates: list[int] = []
        #: indices of tokens that are nominal address terms (सर, दीदी, আপা)
        self.address_terms: list[int] = []
        # In Latin script a one-letter word is English ("a", "I"), never a form
        # (aa "come" folds to "a").
        short = 1 if lexicon.script == "latn" else 0
        classify = lexicon.classify
        classified = lexicon.classified   # the cache of classify, read directly: no call per known word
        needs_traps = has_pronoun = False
        # One pass, one lookup per token: address terms, exclusions and lexicon readings.
        negations = lexicon.negative_imperative
        if negations and negations.isdisjoint(keys):
            negations = frozenset()   # no मत in the utterance: no root before one (one test, not one per word)
        nothing = NOTHING_CLASSIFIED
        skip_nothing = not negations
        trap_starts: list[int] = []   # the tokens that may start a trap (their keys start one)
        for i, key in enumerate(keys):
            found = classified.get(key)
            if found is nothing and skip_nothing:
                continue   # most words: no reading of any kind (the checks below would skip them too)
            pronoun, reading, address_term, trap_start = found if found is not None else classify(key)
            if trap_start:
                trap_starts.append(i)
            if reading is None and negations and key in lexicon.verb_roots and i + 1 < len(keys) \
                    and keys[i + 1] in negations and tokens.clause[i + 1] == tokens.clause[i]:
                reading = lexicon.stem_reading   # डर मत, चिल्ला मत: any verb root before मत is a bare imperative
            if address_term:
                self.address_terms.append(i)
            if not pronoun and reading is None and not trap_start:
                continue   # most words
            if key in excluded_keys or len(key) <= short:
                continue
            if pronoun and short and (tokens.word(i).casefold() in lexicon.reflexive_spellings
                                      or _acronym(tokens.word(i))):
                continue   # apne liye, apna: the reflexive; AAP, AAP ne: an acronym (the party)
            needs_traps = needs_traps or trap_start
            if pronoun:
                self.pronoun[i] = pronoun
                has_pronoun = True
                self.candidates.append(i)
            elif reading is not None:
                self.reading[i] = reading
                self.candidates.append(i)
        if needs_traps:
            self._mark_traps(trap_starts)
        if has_pronoun and lexicon.mention_followers:
            self._mark_mentions()
        self.has_candidates = has_pronoun or any(self.reading[i] is not None for i in self.candidates)

    def _exclude(self, i: int) -> None:
        self.pronoun[i] = self.reading[i] = None

    def _mark_mentions(self) -> None:
        """A pronoun followed by "करके" / "করে বলো" names the word: not address."""
        keys = self.keys
        clause_start = self.tokens.clause_start
        followers = self.lexicon.mention_followers_by_first_key
        for i in self.candidates:
            if not self.pronoun[i] or i + 1 >= len(keys):
                continue   # (verbs: no lookup)
            # only the sequences that start with the next word can follow (a dict lookup, not a scan)
            sequences = followers.get(keys[i + 1], ())
            if sequences and any(tuple(keys[i + 1:i + 1 + len(seq)]) == seq
                                       and not any(clause_start(j) for j in range(i + 1, min(i + 1 + len(seq), len(keys))))
                                       for seq in sequences):
                self._exclude(i)

    def _mark_traps(self, trap_starts: list[int]) -> None:
        """Exclude the tokens of every trap (``trap_starts``: the tokens whose key starts one, in
        order; no other token's key is in ``traps_by_first_key``)."""
        keys = self.keys
        starts = self.lexicon.traps_by_first_key
        for i in trap_starts:
            for trap in starts.get(keys[i], ()):
                if tuple(keys[i:i + len(trap)]) == trap:
                    for j in range(i, i + len(trap)):
                        self._exclude(j)

    # --- neighbours within a clause -------------------------------------
    def clause_first(self, i: int) -> int:
        """The first token of the clause of token i (a clause's tokens are consecutive)."""
        return self.tokens.clause_firsts[self.clause[i]]

    def next_in_clause(self, i: int) -> int | None:
        j = i + 1
        return j if j < len(self.keys) and self.clause[j] == self.clause[i] else None

    def previous_in_clause(self, i: int) -> int | None:
        j = i - 1
        return j if j >= 0 and self.clause[j] == self.clause[i] else None

    # --- conditions -------------------------------------------------------
    def at_clause_end(self, i: int) -> bool:
        j = self.next_in_clause(i)
        if j is not None and self.keys[j] in self.lexicon.postposed_objects and self.next_in_clause(j) is None:
            return True   # तैयार होने दो उसे: an object pronoun put after the verb ends the clause
        return j is None or self.keys[j] in self.lexicon.particles \
            or self.keys[j] in self.lexicon.question_words

    def conjunctive_participle(self, i: int) -> bool:
        """Is the token at i a verb stem with a conjunctive marker written onto it (लेकर, देखकर)?"""
        key = self.keys[i]
        for marker in self.lexicon.conjunctive_markers:
            stem = key[:-len(marker)]
            if key.endswith(marker) and stem and (stem in self.lexicon.bare_stems or stem in self.lexicon.verb_roots):
                return True
        return False

    def after_verb(self, i: int) -> bool:
        j = self.previous_in_clause(i)
        if j is None:
            return False
        key = self.keys[j]
        return key in self.lexicon.bare_stems or key in self.lexicon.conjunctive_forms

    def imperative_position(self, i: int) -> bool:
        lexicon = self.lexicon
        j = self.next_in_clause(i)
        while j is not None and self.keys[j] in lexicon.stem_skip_words:
            following = self.next_in_clause(j)
            if following is None:
                break
            j = following
        if self.in_subjunctive_clause(i):
            return False
        if j is not None and self.keys[j] not in lexicon.particles:
            following_key = self.keys[j]
            if following_key in lexicon.stem_followers or self.reading[j] is not None \
                    or (lexicon.stem_follower_suffixes and following_key.endswith(lexicon.stem_follower_suffixes)):
                return False
            if lexicon.finite_suffixes and self._finite_verb(following_key):
                return False   # হাট বসত: a noun before a finite verb, not "walk!"
            if lexicon.narrative and self.keys[i] in lexicon.narrative.get("body_parts", ()):
                return False   # জ্বরে গা পুড়ে যাচ্ছে: a part of the body before its verb, not "sing!"
        k = self.previous_in_clause(i)
        if k is not None:
            previous = self.keys[k]
            if self.keys[i] in lexicon.conjunctive_markers and (
                    previous in lexicon.bare_stems or previous in lexicon.verb_roots):
                return False     # झुक कर, मुड़ कर: a conjunctive participle
            if previous in lexicon.first_person_pronouns or previous in lexicon.third_person_pronouns:
                return False
            if self.keys[i] in lexicon.post_verbal_negations and self.reading[k] is not None:
                return False     # চাই নে, পারি নে: the old negation নে, not "take!"
        return not self.noun_context(i)

    def _finite_verb(self, key: str) -> bool:
        """A verb root plus a finite (1st/3rd-person) ending (বসত, বলল, করলেন)."""
        return self.lexicon.root_with_ending(key, self.lexicon.finite_suffixes)

    def noun_context(self, i: int) -> bool:
        """Is the verb-looking word at i used as a noun or a name?

        After a genitive, determiner, adjective or title (उसकी सोच,
        सकारात्मक सोच, একটি ভাল জিনিস, প্রধানমন্ত্রী শেখ হাসিনা), before a
        postposition (दौड़ में), before "or" and a non-verb (ভাব বা বক্তব্য),
        or an item of a comma list of nouns (दौड़, छलांग, फेंक या फिर).
        """
        lexicon = self.lexicon
        k = self.previous_in_clause(i)
        if k is not None:
            previous = self.keys[k]
            if previous in lexicon.noun_before or (
                    lexicon.noun_before_suffixes and _ends_a_stem(previous, lexicon.noun_before_suffixes)):
                return True
        j = self.next_in_clause(i)
        if j is not None:
            following = self.keys[j]
            if following in lexicon.noun_after:
                return True
            if following in lexicon.alternative_coordinators:
                m = self.next_in_clause(j)
                if m is not None and self.reading[m] is None and not self.pronoun[m]:
                    return True
        return bool(lexicon.list_coordinators) and self.in_noun_list(i)

    def in_noun_list(self, i: int) -> bool:
        """Is token i one item of "A, B, C या D" where some item is not a verb?"""
        tokens = self.tokens
        keys = self.keys
        coordinators = self.lexicon.list_coordinators

        def single_item(k: int) -> bool:     # a one-word item: a boundary before, a comma after
            return tokens.clause_start(k) and tokens.after[k] in _LIST_COMMAS

        first = i
        while first > 0 and single_item(first - 1) and not tokens.sentence_start(first):
            first -= 1
        items = [first]
        last = first
        while single_item(last) and last + 1 < len(keys) and not tokens.sentence_start(last + 1) \
                and keys[last + 1] not in coordinators:
            last += 1
            items.append(last)
        closed = (last + 1 < len(keys) and keys[last + 1] in coordinators
                  and not tokens.after[last])
        if not closed or len(items) < 2 or i not in items:
            return False
        return any(self.reading[k] is None and not self.pronoun[k] for k in items)

    def first_person_subject_before(self, i: int) -> bool:
        """A 1st-person subject earlier in the clause (मैं आपसे अनुरोध कर…, আমি … বলতে পারেন):
        the verb at i is its verb, not the addressee's. A complementizer (कि, যে) or a
        verb in between (আমি কী করব বল?) ends the subject's reach."""
        lexicon = self.lexicon
        for j in range(i - 1, self.clause_first(i) - 1, -1):
            key = self.keys[j]
            if key in lexicon.complementizers or self.reading[j] is not None:
                return False
            if key in lexicon.first_person_pronouns:
                return True
        return False

    def in_subjunctive_clause(self, i: int) -> bool:
        """A subordinating marker (कि, ताकि, अगर) earlier in the clause, with no verb of its
        own in between (इसे किसी को जो पढ़ सके पहुँचाएँ: the relative clause ends at सके)."""
        markers = self.lexicon.subjunctive_markers
        if not markers:
            return False
        own_group = True   # the verb group of i itself (की जा रही हो) does not end the reach
        for j in range(i - 1, self.clause_first(i) - 1, -1):
            if self.keys[j] in markers:
                return True
            key = self.keys[j]
            verbal = self.reading[j] is not None or key in self.lexicon.stem_followers or key in self.lexicon.verb_roots
            if verbal and not own_group:
                return False   # the verb of an earlier clause (जो पढ़ सके): the marker is its
            own_group = own_group and verbal
        return False

    def after_participle(self, i: int) -> bool:
        """हो as copula of address: after a participle or question word, at the
        clause end (कर रहे हो?, कैसे हो?), not subjunctive (… कि हो, हो सकता)."""
        k = self.previous_in_clause(i)
        if k is None or not self.at_clause_end(i):
            return False
        if self.in_subjunctive_clause(i):
            return False
        previous = self.keys[k]
        return previous in self.lexicon.question_words or previous.endswith(self.lexicon.participle_endings)

    @property
    def clauses(self) -> ClauseIndex:
        """The clause analysis of the utterance, built on first need (one pass)."""
        if self._clauses is None:
            self._clauses = ClauseIndex(self.tokens, self.lexicon, self._name_keys, self.pronoun, self.address_terms)
        return self._clauses

    def sentence_has_subject_pronoun(self, i: int) -> bool:
        return self.clauses.has_pronoun_subject(self.sentence[i])

    def third_person_sentence(self, i: int) -> bool:
        """Does the sentence of token i have a 3rd-person subject (উনি, আমার মা …)?"""
        return self.clauses.has_third_person(self.sentence[i])

    def third_person_subject(self, i: int) -> bool:
        """Has the verb at i a 3rd-person subject: in its clause, or, for a clause without
        one, in the clause before it in the sentence when that clause's verb has the same
        form (coordination: দাদু … থাকুন, সুস্থ থাকুন)."""
        clauses = self.clauses
        clause = self.clause[i]
        if clauses.third_person_subject_before(clause, i):
            return True
        if clauses.subject_person(clause) is not None or clause == 0:
            return False
        previous = clause - 1
        members = self.tokens.clause_range(previous)
        if not members or self.sentence[members[0]] != self.sentence[i] \
                or clauses.subject_person(previous) != 3:
            return False
        rule = cast(VerbReading, self.reading[i]).rule
        return any(self.reading[j] is not None and cast(VerbReading, self.reading[j]).rule == rule
                   for j in members)

    def counts_alone(self, i: int) -> bool:
        """May the verb at i show a tier with no pronoun (pro-drop)? Its condition's
        ``alone`` tests (lexicon.CONDITIONS) must all pass."""
        reading = self.reading[i]
        if reading is None or reading.evidence is None:
            return False
        if reading.rule in self.lexicon.clauses["third_person_readings"] and self.third_person_subject(i):
            return False   # ডাক্তারবাবু কাল আসবেন, ভগবান সবার ভালো করুন: 3rd person
        tests = reading.condition.alone
        if tests is None:
            return False
        if self.lexicon.classifiers_apart:
            j = self.next_in_clause(i)
            if j is not None and self.keys[j] in self.lexicon.classifiers_apart:
                return False   # (panjabi ta: a noun and its classifier, whatever the word's ending)
        for test in tests:
            if not self.passes(test, i):
                return False
        return True

    def passes(self, test: str, i: int) -> bool:
        """One test of a verb condition (lexicon.Condition) for the verb at i."""
        if test == "no_first_person":
            return not self.first_person_subject_before(i)
        if test == "clause_final":
            return (self.at_clause_end(i) or self.after_verb(i)) and not self.noun_context(i)
        if test == "clause_end":
            return self.at_clause_end(i)
        if test == "after_verb":
            return self.after_verb(i)
        if test == "imperative":
            return self.imperative_position(i)
        if test == "after_participle":
            return self.after_participle(i)
        if test == "no_third_person":
            return not self.third_person_sentence(i)
        if test == "compound_clause_final":
            k = self.previous_in_clause(i)
            return (k is not None and self.at_clause_end(i)
                    and (self.keys[k] in self.lexicon.bare_stems
                         or self.keys[k] in self.lexicon.infinitive_cues
                         or self.keys[i] in self.lexicon.request_infinitives
                         or self.conjunctive_participle(k)))   # लेकर आना, बैठकर पढ़ना
        if test == "subjectless_clause_final":
            return self.subjectless_request(i)
        raise ValueError(f"unknown verb condition test {test!r}")

    def subjectless_request(self, i: int) -> bool:
        """The -ें/-एँ request with no subject at i (बताएँ। चाबी यहीं रख दें।)."""
        # the very end of a clause (फ़िल्में कौन सी हैं: a plural noun, not a request),
        # no 1st/3rd-person subject, and a request marker (मुझे, कृपया) in the sentence
        j = self.next_in_clause(i)
        if not (j is None or self.keys[j] in self.lexicon.clause_openers):
            return False
        requested, familiar_pronoun = self.request_facts(self.sentence[i])
        if requested:
            return not self.sentence_has_subject_pronoun(i)
        # no request marker: a main clause that ends its statement (चाबी यहीं रख दें।), with no
        # overt subject (वे करें), not subordinate (अगर वे आएँ), not a "let's" (चलें, देर हो रही है)
        return (self.main_clause_end(i) and self.clauses.subject_person(self.clause[i]) is None
                and self.request_verb(i) and not self.in_subjunctive_clause(i) and not self.noun_context(i)
                and not (self.keys[i] in self.lexicon.hortatives and len(self.tokens.clause_range(self.clause[i])) == 1)
                # a तुम/तू pronoun in the sentence: the form is more likely "let's" or a slip
                and not familiar_pronoun)

    def request_facts(self, sentence: int) -> tuple[bool, bool]:
        """(is there a request marker in the sentence (मुझे, कृपया; a reflexive one, अपना, when
        it has no 2nd-person pronoun), has it a non-formal 2nd-person pronoun): one pass over
        the sentence, kept for its other verbs."""
        facts = self._request_facts.get(sentence)
        if facts is None:
            members = self.clauses.sentence_members(sentence)
            markers = self.lexicon.request_markers
            reflexives = self.lexicon.reflexive_request_markers
            has_pronoun = any(self.pronoun[j] for j in members)
            requested = any(self.keys[j] in markers or (not has_pronoun and self.keys[j] in reflexives)
                            for j in members)
            familiar = any(self.pronoun[j] and self.pronoun[j][0] != "formal" for j in members)
            facts = self._request_facts[sentence] = (requested, familiar)
        return facts

    def request_verb(self, i: int) -> bool:
        """Is the -ें/-एँ word at i a verb (a verb root + the ending, or दें/लें), not a
        plural noun (शुभकामनाएं, बहनें)? Without a root list, any word passes."""
        lexicon = self.lexicon
        if not lexicon.verb_roots or self.keys[i] in lexicon.request_forms:
            return True
        return lexicon.root_with_ending(self.keys[i], lexicon.request_suffixes)

    def main_clause_end(self, i: int) -> bool:
        """Does token i end its sentence as a statement or exclamation (not a question), or
        stand right before a relative clause that ends it (… को दें जो इसे पहुँचा सके।)?"""
        j = self.next_in_clause(i)
        if j is not None:   # a clause opener follows (जो …): the main clause ends here
            members = self.clauses.sentence_members(self.sentence[i])
            return not self.tokens.after[members[-1]].startswith("?")
        after = self.tokens.after[i]
        if after.startswith("?"):
            return False
        last = self.clauses.sentence_members(self.sentence[i])[-1]
        return last == i or after[:1] in _STATEMENT_ENDS

    def agreeing_verb(self, i: int) -> int | None:
        """The verb a subject at i agrees with: the first finite verb after it in its clause,
        else the nearest before it (दिखीं आप); None when the clause has none."""
        last = self.tokens.clause_end(self.clause[i]) - 1
        for j in range(i + 1, last + 1):
            if self.can_agree(j):
                return j
        for j in range(i - 1, self.clause_first(i) - 1, -1):
            if self.can_agree(j):
                return j
        return None

    def can_agree(self, i: int) -> bool:
        """Is the token at i a finite verb that a subject could agree with here? One of its
        condition's ``agree`` tests (lexicon.CONDITIONS) must pass, if it has any."""
        reading = self.reading[i]
        if reading is None:
            return False
        tests = reading.condition.agree
        if tests is None:
            return True
        for test in tests:
            if self.passes(test, i):
                return True
        return False



def _evidence(tokens: TokenColumns, i: int, kind: str, tier: str, source: str, rule: str, confidence: float,
              case: str | None = None, end: int | None = None, text: str | None = None,
              also_fits: tuple = ()) -> Evidence:
    return Evidence(text if text is not None else tokens.word(i), tokens.starts[i],
                    end if end is not None else tokens.ends[i], kind, tier, source, rule, confidence, case,
                    tuple(t for t in also_fits if t != tier))


def extract_evidence(text: str, segments: list[tuple[int, int]], lexicon: Lexicon,
                     excluded_keys: frozenset = frozenset()) -> UtteranceEvidence:
    """Find 2nd-person evidence in the speech ``segments`` of ``text``.

    ``excluded_keys``: token keys that are never evidence (the speakers' own
    names: a character called হোসেন is not the verb ending -েন).
    """
    tokens = token_columns(text, segments, lexicon.script)
    keys = tokens.keys
    result = UtteranceEvidence()
    if not keys:
        return result
    u = _Utterance(tokens, lexicon, excluded_keys)
    if not u.has_candidates:
        # nothing that could be evidence: only vocatives remain to report
        result.nominal_address = _nominal_address(u, text)
        return result

    # Pronouns, with a separated postposition and plural marker joined in.
    pronoun_evidence: dict[int, Evidence] = {}
    for i in u.candidates:
        entry = u.pronoun[i]
        if not entry:
            continue
        if _hyphen_joined(text, tokens, i, lexicon):
            u._exclude(i)   # আপনা-আপনি, तू-तू मैं-मैं, আপনি-আজ্ঞে: a compound or a mention, not address
            continue
        tier, case = entry
        end = tokens.ends[i]
        j = u.next_in_clause(i)
        if j is not None and keys[j] in lexicon.postpositions and case == "nominative":
            case = lexicon.postpositions[keys[j]]
            end = tokens.ends[j]
            j = u.next_in_clause(j)
        if j is not None and keys[j] in lexicon.plural_markers:
            end = tokens.ends[j]
        pronoun_evidence[i] = _evidence(tokens, i, PRONOUN, tier, "lexicon",
                                        f"{lexicon.name}.pronoun.{tier}", PRONOUN_CONFIDENCE,
                                        case, end, text[tokens.starts[i]:end])

    _drop_third_person_honorific(u, pronoun_evidence, result)

    # Agreement: each nominative pronoun with the first finite verb after it in
    # its clause (or the nearest before it: दिखीं आप). Other verbs after the
    # subject in that clause share it and do not vote on their own.
    under_subject: set[int] = set()
    subject_clauses: set[int] = set()   # clauses whose verbs after their first subject are in under_subject
    for i, item in sorted(pronoun_evidence.items()):
        if item.case != "nominative":
            continue
        clause = u.clause[i]
        last = u.tokens.clause_end(clause) - 1
        if clause not in subject_clauses:   # its first subject: the verbs after it (and after later ones)
            subject_clauses.add(clause)
            under_subject.update(j for j in range(i + 1, last + 1) if u.reading[j] is not None)
        verb_index = u.agreeing_verb(i)
        if verb_index is None:
            continue
        reading = cast(VerbReading, u.reading[verb_index])   # can_agree: a verb reading
        if not reading.agrees:
            continue   # a 1st-person verb: the pronoun is not its subject
        under_subject.add(verb_index)
        verb_tier = reading.evidence or next(iter(sorted(reading.agrees)))
        verb = _evidence(tokens, verb_index, VERB, verb_tier, "morphology",
                         f"{lexicon.name}.verb.{reading.rule}", reading.condition.confidence,
                         also_fits=reading.also_fits)
        result.agreement.append(AgreementPair(item, verb, item.tier in reading.agrees))

    # Verbs that show a tier on their own (pro-drop).
    verb_evidence = []
    verb_indices: list[int] = []   # the token of each
    for i in u.candidates:
        if i in under_subject or not u.counts_alone(i):
            continue
        reading = cast(VerbReading, u.reading[i])   # counts_alone: a verb reading with a tier
        verb_indices.append(i)
        verb_evidence.append(_evidence(tokens, i, VERB, cast(str, reading.evidence), "morphology",
                                       f"{lexicon.name}.verb.{reading.rule}",
                                       reading.condition.confidence, also_fits=reading.also_fits))

    _defer_ambiguous_verbs(u, verb_evidence, verb_indices, pronoun_evidence)
    evidence = list(pronoun_evidence.values())
    if verb_evidence:
        evidence.extend(verb_evidence)
    if len(evidence) > 1:   # (most utterances have one item or none: nothing to sort)
        evidence.sort(key=_start)
    result.evidence = evidence
    if lexicon.generic_you is not None and result.evidence:
        generic = generic_sentences(text, segments, lexicon)
        if generic:
            general = _Spans(generic)
            result.evidence = [e for e in result.evidence if not general.contains(e.start)]
            result.agreement = [p for p in result.agreement if not general.contains(p.pronoun.start)]
    result.nominal_address = _nominal_address(u, text)
    return result


def _start(item: Evidence) -> int:
    return item.start


class _Spans:
    """A set of (start, end) spans, asked whether a position lies in one: a binary search
    in the merged spans (the evidence of a long text against its many generic clauses)."""

    def __init__(self, spans: list[tuple[int, int]]) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []
        for start, end in sorted(spans):
            if start >= end:
                continue   # empty: holds no position
            if self.ends and start <= self.ends[-1]:
                self.ends[-1] = max(self.ends[-1], end)
            else:
                self.starts.append(start)
                self.ends.append(end)

    def contains(self, position: int) -> bool:
        k = bisect_right(self.starts, position) - 1
        return k >= 0 and position < self.ends[k]


_SENTENCE_END = regexcache.compile(f"[{SENTENCE_ENDS}]+|\\.(?=\\s|$)|\\n")
_CLAUSE_END = regexcache.compile(f"[{class_body(characters=',;' + SENTENCE_END_MARKS)}]|\\.(?=\\s|$)")


def _greeting_at(u: _Utterance, i: int) -> bool:
    """Does a greeting start at token i, one word or two joined by a hyphen (नमस्ते; राम-राम)?"""
    greetings = u.lexicon.greetings
    tokens = u.tokens
    return u.keys[i] in greetings or i + 1 < len(u.keys) and tokens.starts[i + 1] == tokens.ends[i] + 1 \
        and tokens.text[tokens.ends[i]] == "-" and f"{u.keys[i]}-{u.keys[i + 1]}" in greetings


def _hyphen_joined(text: str, tokens: TokenColumns, i: int, lexicon: Lexicon) -> bool:
    """Is token i joined by a hyphen to the word before or after it (আপনা-আপনিই, आप-आप करके),
    other than a clitic, plural marker or postposition (তুই-ই, tumi-o, aap-log stay address)?"""
    start, end = tokens.starts[i], tokens.ends[i]
    for j in (i - 1, i + 1):
        if j < 0 or j >= len(tokens.starts):
            continue
        gap = (tokens.ends[j], start) if j < i else (end, tokens.starts[j])
        other = tokens.keys[j]
        if gap[1] - gap[0] == 1 and text[gap[0]] == "-" and other not in lexicon.plural_markers \
                and other not in lexicon.postpositions and other not in lexicon.pronoun_clitics:
            return True
    return False


def generic_sentences(text: str, segments: list[tuple[int, int]], lexicon: Lexicon) -> list[tuple[int, int]]:
    """Spans of the clauses that state what holds for anyone (generic "you"): from
    the generic 2nd-person form to the end of its clause; they address no one.
    The cues are the lexicon's `generic_you`.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> text = "इस मंदिर में आपको जूते बाहर उतारने पड़ते हैं। आप अंदर आइए।"
    >>> [text[s:e] for s, e in generic_sentences(text, [(0, len(text))], load_lexicon("hi"))]
    ['आपको जूते बाहर उतारने पड़ते हैं']
    """
    pattern = lexicon.generic_you
    out: list[tuple[int, int]] = []
    if pattern is None:
        return out
    required = lexicon.generic_you_required
    for start, end in segments:
        if not may_match(required, text[start:end]) or pattern.search(text, start, end) is None:
            continue
        position = start
        previous_generic = False
        continuation = lexicon.generic_continuation
        for boundary in [*_SENTENCE_END.finditer(text, start, end), None]:
            stop = boundary.end() if boundary is not None else end
            sentence = text[position:stop]
            found = False
            for match in pattern.finditer(sentence):
                # from the generic form to the end of its clause (a comma or the sentence end)
                clause_end = _CLAUSE_END.search(text, position + match.end(), stop)
                out.append((position + match.start(), clause_end.start() if clause_end else stop))
                found = True
            if not found and previous_generic and continuation is not None and continuation.search(sentence):
                # the narration goes on about anyone (महक आपको हर दस कदम पर रोक लेती थी)
                out.append((position, stop))
                found = True
            previous_generic = found
            position = stop
    return out


def _defer_ambiguous_verbs(u: _Utterance, verbs: list[Evidence], indices: list[int],
                           pronouns: dict[int, Evidence]) -> None:
    """A form with two readings takes the one the pronouns of its utterance show
    (``indices``: the token of each verb).

    Bangla দেখ / কর are the তুই imperative and also the colloquial তুমি form:
    in "দেখ, তোমার জন্য কি এনেছি?" দেখ is familiar, not a second tier.
    """
    if not verbs:
        return
    pronoun_tiers = {e.tier for e in pronouns.values()}
    for index, item in enumerate(verbs):
        reading = cast(VerbReading, u.reading[indices[index]])   # a verb's evidence
        if len(reading.agrees) < 2 or item.tier in pronoun_tiers:
            continue
        fitting = pronoun_tiers & reading.agrees
        if len(fitting) == 1:
            tier = next(iter(fitting))
            verbs[index] = Evidence(item.text, item.start, item.end, item.kind, tier, item.source,
                                    item.rule + "+context", item.confidence * 0.9, item.case,
                                    tuple(t for t in reading.also_fits if t != tier))


def _drop_third_person_honorific(u: _Utterance, pronouns: dict[int, Evidence],
                                 result: UtteranceEvidence) -> None:
    """Respectful 3rd-person आप about someone just named with a title.

    "मेरे गुरु, पंडित हरिशंकर जी। आप बनारस में संस्कृत पढ़ाते थे।" — after a verbless
    sentence naming someone, the आप sentences are about them as long as they show
    no other tier. And "गाँव के लोग पंडित दीनदयाल जी को याद करते हैं। आप बड़े विद्वान
    थे …", "हेडमास्टर साहब — आप बड़े अनुशासनप्रिय थे — गुज़र गए": a subject आप whose
    clause is a past statement (not a question), after a titled person named in the
    same or the previous sentence and not addressed (no comma or "!" after the name;
    the title after the name, जी, or before it, पंडित, डॉ.), is that person.
    """
    markers = u.lexicon.third_person_antecedent_markers
    # only a formal pronoun is ever read so (the commonest records have none: one look)
    if not markers or not any(item.tier == "formal" for item in pronouns.values()) \
            or (markers.isdisjoint(u.keys) and u.lexicon.name_titles.isdisjoint(u.keys)):
        return
    sentences = u.clauses.all_sentence_members()   # (sentence numbers run from 0, one after another)
    chain = False
    for members in sentences:
        tiers = {pronouns[i].tier for i in members if i in pronouns}
        has_verb = any(u.reading[i] is not None for i in members)
        if chain and tiers == {"formal"} and not u.tokens.after[members[-1]].startswith("?") and not any(
                u.reading[i] is not None and cast(VerbReading, u.reading[i]).evidence not in (None, "formal")
                and u.counts_alone(i) for i in members):
            for i in members:
                if i in pronouns:
                    result.third_person.append(pronouns.pop(i))
            continue
        last = members[-1]
        before_marker = u.keys[last - 1] if last > members[0] else None
        chain = (not tiers and not has_verb and u.keys[last] in markers
                 and u.tokens.after[last][:1] in (DANDA, ".", "")          # a statement, not "… जी!"
                 and before_marker not in u.lexicon.nominal_address      # a name, not बहन जी
                 and not any(_greeting_at(u, i) for i in members))   # नमस्ते सुनीता जी।, राम-राम, मुखिया जी।
    past = u.lexicon.clauses["past_markers"]
    if not past:
        return
    named: list[int] = []   # titled persons named, not addressed
    respectful = -2          # the last sentence whose आप was read as that person
    for number, members in enumerate(sentences):
        named = [i for i in named if u.sentence[i] >= number - 1]
        question = u.tokens.after[members[-1]].startswith("?")
        if respectful == number - 1 and not question and {pronouns[i].tier for i in members if i in pronouns} \
                == {"formal"}:
            # the narration goes on about that person (… थे। आपने ही गाँव में पहला विद्यालय खुलवाया।)
            for i in members:
                if i in pronouns:
                    result.third_person.append(pronouns.pop(i))
            respectful = number
            continue
        for i in members:
            if u.keys[i] in markers and i > members[0] and not u.tokens.after[i].startswith(_VOCATIVE_PUNCTUATION) \
                    and u.keys[i - 1] not in u.lexicon.nominal_address:
                named.append(i)
            elif u.keys[i] in u.lexicon.name_titles and u.keys[i] not in markers and i + 1 <= members[-1] \
                    and u.clause[i + 1] == u.clause[i] and pronouns.get(i + 1) is None \
                    and u.reading[i + 1] is None and not u.tokens.after[i + 1].startswith(_VOCATIVE_PUNCTUATION):
                named.append(i + 1)   # a title before a name (पंडित रामकिशोर शास्त्री का जन्म …), not addressed
            item = pronouns.get(i)
            if item is None or item.tier != "formal" or item.case != "nominative" or question or not named:
                continue
            clause = u.tokens.clause_range(u.clause[i])
            if not any(u.reading[j] is not None for j in clause if j > i):
                clause = range(i, members.stop)   # a clause cut by a list's comma (आप संस्कृत, …, के विद्वान थे)
            if any(u.keys[j] in past for j in clause if j > i) and not any(
                    j in pronouns and pronouns[j].tier != "formal" for j in clause):
                result.third_person.append(pronouns.pop(i))
                respectful = number


def _nominal_address(u: _Utterance, text: str) -> list[NominalAddress]:
    """Vocatives and kin terms used in address: सर, दीदी, আপা, মামা."""
    lexicon = u.lexicon
    found: list[NominalAddress] = []
    tokens = u.tokens
    starts, ends, keys = tokens.starts, tokens.ends, u.keys
    for i in u.address_terms:   # the other tokens are never address terms
        entry = lexicon.nominal_address.get(keys[i])
        if not entry:
            continue
        category, tradition = entry
        clause_start = tokens.clause_start(i)
        if category == "name-suffix":
            # शर्मा जी: report the name with its suffix.
            if i > 0 and not clause_start and keys[i - 1] not in lexicon.particles:
                start = starts[i - 1]
                if found and found[-1].end == ends[i - 1]:
                    found.pop()
                found.append(NominalAddress(text[start:ends[i]], start, ends[i], category))
            continue
        vocative = clause_start or tokens.after[i].startswith((",", "!", "?", DANDA))
        if not vocative and not (found and found[-1].end == ends[i - 1] if i else False):
            continue
        if found and i > 0 and found[-1].end == ends[i - 1]:
            # भाई साहब, मम्मी जी: one address term
            previous = found.pop()
            found.append(NominalAddress(text[previous.start:ends[i]], previous.start, ends[i],
                                        previous.category, tradition=previous.tradition or tradition))
            continue
        found.append(NominalAddress(tokens.word(i), starts[i], ends[i], category, tradition=tradition))
    return found


def _ends_a_stem(word: str, suffixes: tuple) -> bool:
    """Does the word end in one of the suffixes after a stem of two letters or more (ঈদের, not ফের)?"""
    for suffix in suffixes:
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            return True
    return False
