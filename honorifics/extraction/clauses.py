"""Clause analysis: who is the subject of each clause, and what each sentence holds.

Computed per sentence, in one pass over its tokens when a rule first asks about it
(linear in the utterance's length), then read by the evidence rules per candidate:

* the overt subject of each clause, scanning from the clause start: a
  2nd-person nominative pronoun (person 2) wins; else the first 1st-person
  subject (1) or 3rd-person subject (3): a 3rd-person pronoun, a person noun,
  kin term, title or deity (ডাক্তারবাবু, মামা, ভগবান, शिक्षक जी), a listed
  speaker's name, a word before the ergative marker (राजा ने). A word followed
  by a case marker (माँ को, माँ से) or set off by a comma or "!" (a vocative:
  মা, তুমি …) is not the subject; a dropped subject (pro-drop) is None.
* per sentence: its tokens, whether it has a 1st/3rd-person pronoun, whether
  it has a 3rd-person subject word.

A Bangla -েন/-ুন form or another form of the lexicon's `third_person_readings`
with a 3rd-person subject in its clause is third person, not address
(``ডাক্তারবাবু কাল আসবেন``, ``ভগবান সবার ভালো করুন``). The words are data:
the ``clauses`` section of each lexicon (case markers, ergative markers, title
suffixes, the readings).

>>> from honorifics.extraction.lexicon import load_lexicon
>>> from honorifics.extraction.tokens import token_columns
>>> bn = load_lexicon("bn")
>>> text = "ডাক্তারবাবু কাল আসবেন। আপনি কাল আসবেন?"
>>> tokens = token_columns(text, [(0, len(text))], "beng")
>>> index = ClauseIndex(tokens, bn, frozenset())
>>> [index.subject_person(tokens.clause[i]) for i in (2, 5)]
[3, 2]
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right

from .lexicon import Lexicon
from .tokens import TokenColumns

_VOCATIVE = (",", "!", "،")
# at most this many words after a comma at a sentence's end may be its addressee (…, हारू भाई।)
_TRAILING_WORDS = 3


def _trailing_address(tokens: TokenColumns, lexicon: Lexicon, name_keys: frozenset, last: int) -> range:
    """The tokens of an address set off by a comma at the end of the sentence whose last token
    is ``last`` (``बैठिए, शर्मा जी।``, ``কইবেন না, হারু ভাই।``): a few words ending in a person
    noun, kin term, title or listed name. They are vocatives, not the sentence's 3rd-person
    subject. An empty range where there is none."""
    keys, after, sentence = tokens.keys, tokens.after, tokens.sentence
    key = keys[last]
    if not (key in lexicon.person_nouns or key in lexicon.nominal_address or key in lexicon.name_titles
            or key in name_keys):
        return range(0)
    for j in range(last, max(last - _TRAILING_WORDS, 0), -1):
        if sentence[j - 1] != sentence[last]:
            break
        if after[j - 1].rstrip().endswith(_VOCATIVE[0]):
            return range(j, last + 1)
    return range(0)


class ClauseIndex:
    """The clause and sentence facts of one utterance (see the module docstring). A sentence is
    read when a rule first asks about it (most sentences of a long text hold no candidate)."""

    def __init__(self, tokens: TokenColumns, lexicon: Lexicon, name_keys: frozenset,
                 pronouns: list | None = None, address_terms: list[int] | None = None) -> None:
        """``pronouns``: each token's pronoun entry (tier, case) or None, where the caller
        has them (traps and mentions already removed); else looked up here. ``address_terms``:
        the indices of the nominal address terms, where the caller has them; else found here."""
        self._tokens = tokens
        self._lexicon = lexicon
        self._name_keys = name_keys
        self._pronouns = pronouns
        #: sentences with a 1st- or 3rd-person pronoun
        self._pronoun_subject: set[int] = set()
        #: sentences with a 3rd-person subject word (pronoun, or person noun not used as a vocative)
        self._third_person: set[int] = set()
        #: clause number → (person of its subject, token index)
        self.subjects: dict[int, tuple[int, int]] = {}
        self._read: set[int] = set()   # the sentences read so far
        # a person noun with a clitic (খালাম্মাও "aunt too", মা-ই) is still the person
        self._clitic_letters = frozenset(c for c in lexicon.pronoun_clitics if len(c) == 1)
        keys, after = tokens.keys, tokens.after
        # a kin term the speaker does not call the addressee by is someone else: where another
        # kin term is set off as a vocative (কাকিমা, … কাকু আসেননি?), across the utterance
        address = lexicon.nominal_address
        if address_terms is None:
            address_terms = [i for i in range(len(keys)) if keys[i] in address]
        called = {keys[i] for i in address_terms
                  if after[i].startswith(_VOCATIVE) or i in self._trailing(tokens.sentence[i])}
        self._other_kin = frozenset(keys[i] for i in address_terms
                                    if keys[i] not in called and address[keys[i]][0] == "kin") \
            if called else frozenset()

    def sentence_members(self, sentence: int) -> range:
        """The token indices of a sentence (a sentence's tokens are consecutive)."""
        numbers = self._tokens.sentence
        return range(bisect_left(numbers, sentence), bisect_right(numbers, sentence))

    def all_sentence_members(self) -> list[range]:
        """The token indices of every sentence, in order."""
        numbers = self._tokens.sentence
        found: list[range] = []
        first = 0
        for i in range(len(numbers)):
            if i + 1 == len(numbers) or numbers[i + 1] != numbers[i]:
                found.append(range(first, i + 1))
                first = i + 1
        return found

    def _trailing(self, sentence: int) -> range:
        members = self.sentence_members(sentence)
        return _trailing_address(self._tokens, self._lexicon, self._name_keys, members[-1])

    def has_pronoun_subject(self, sentence: int) -> bool:
        """Has the sentence a 1st- or 3rd-person pronoun (not a determiner)?"""
        self._read_sentence(sentence)
        return sentence in self._pronoun_subject

    def has_third_person(self, sentence: int) -> bool:
        """Has the sentence a 3rd-person subject word (pronoun, or a person noun not used as a vocative)?"""
        self._read_sentence(sentence)
        return sentence in self._third_person

    def _read_sentence(self, sentence: int) -> None:
        """The facts of one sentence's tokens: its pronouns, 3rd-person words and clause subjects."""
        if sentence in self._read:
            return
        self._read.add(sentence)
        tokens, lexicon, name_keys, pronouns = self._tokens, self._lexicon, self._name_keys, self._pronouns
        keys = tokens.keys
        after = tokens.after
        data = lexicon.clauses
        case_markers = data["case_markers"]
        ergative = data["ergative_markers"]
        titles = lexicon.name_titles
        third_pronouns = lexicon.third_person_pronouns
        first_pronouns = lexicon.first_person_pronouns
        person_nouns = lexicon.person_nouns
        clitic_letters = self._clitic_letters
        n = len(keys)
        members = self.sentence_members(sentence)
        trailing = _trailing_address(tokens, lexicon, name_keys, members[-1])
        determiners = data["determiners"]
        clauses = tokens.clause
        other_kin = self._other_kin
        for i in members:
            key = keys[i]
            vocative = after[i].startswith(_VOCATIVE) or i in trailing
            following = keys[i + 1] if i + 1 < n and clauses[i + 1] == clauses[i] else None
            determiner = key in determiners and following is not None and following not in lexicon.particles \
                and lexicon.classify(following)[1] is None and following not in lexicon.stem_followers
            if (key in first_pronouns or key in third_pronouns) and not determiner:
                self._pronoun_subject.add(sentence)
            person = key in person_nouns or (key[-1:] in clitic_letters and key[:-1] in person_nouns) \
                or key in other_kin
            if key in third_pronouns or (person and not vocative):
                self._third_person.add(sentence)
            clause = clauses[i]
            found = self.subjects.get(clause)
            if found is not None and found[0] == 2:
                continue
            pronoun = pronouns[i] if pronouns is not None else lexicon.classify(key)[0]
            if pronoun and pronoun[1] == "nominative":
                self.subjects[clause] = (2, i)    # a 2nd-person subject wins over any other
                continue
            if found is not None or vocative:
                continue
            if following is not None and following in case_markers:
                continue
            if determiner:
                continue   # यह पैकेट, वो किताब: a determiner before a noun, not the subject
            if key in first_pronouns:
                self.subjects[clause] = (1, i)
            elif key in third_pronouns or person or key in name_keys \
                    or (following is not None and (following in ergative or following in titles))\
                    or lexicon.titled(key):
                self.subjects[clause] = (3, i)

    def _clause_sentence(self, clause: int) -> int:
        tokens = self._tokens
        return tokens.sentence[tokens.clause_firsts[clause]]

    def subject_person(self, clause: int) -> int | None:
        self._read_sentence(self._clause_sentence(clause))
        found = self.subjects.get(clause)
        return found[0] if found is not None else None

    def third_person_subject_before(self, clause: int, i: int) -> bool:
        """Does a 3rd-person subject stand in the clause before token i?"""
        self._read_sentence(self._clause_sentence(clause))
        found = self.subjects.get(clause)
        return found is not None and found[0] == 3 and found[1] < i
