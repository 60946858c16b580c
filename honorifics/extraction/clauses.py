"""Clause analysis: who is the subject of each clause, and what each sentence holds.

Computed once per utterance in one pass over its tokens (linear in its length),
then read by the evidence rules per candidate:

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

from .lexicon import Lexicon
from .tokens import TokenColumns

_VOCATIVE = (",", "!", "،")
# at most this many words after a comma at a sentence's end may be its addressee (…, हारू भाई।)
_TRAILING_WORDS = 3


def _trailing_address(tokens: TokenColumns, lexicon: Lexicon, name_keys: frozenset) -> set[int]:
    """Tokens of an address set off by a comma at the end of a sentence (``बैठिए, शर्मा जी।``,
    ``কইবেন না, হারু ভাই।``): a few words ending in a person noun, kin term, title or listed
    name. They are vocatives, not the sentence's 3rd-person subject."""
    keys, after, sentence = tokens.keys, tokens.after, tokens.sentence
    n = len(keys)
    found: set[int] = set()
    for i in range(n):
        if i + 1 < n and sentence[i + 1] == sentence[i]:
            continue   # not the last word of its sentence
        last = keys[i]
        if not (last in lexicon.person_nouns or last in lexicon.nominal_address or last in lexicon.name_titles
                or last in name_keys):
            continue
        for j in range(i, max(i - _TRAILING_WORDS, 0), -1):
            if sentence[j - 1] != sentence[i]:
                break
            if after[j - 1].rstrip().endswith(_VOCATIVE[0]):
                found.update(range(j, i + 1))
                break
    return found


class ClauseIndex:
    """The clause and sentence facts of one utterance (see the module docstring)."""

    def __init__(self, tokens: TokenColumns, lexicon: Lexicon, name_keys: frozenset,
                 pronouns: list | None = None, address_terms: list[int] | None = None) -> None:
        """``pronouns``: each token's pronoun entry (tier, case) or None, where the caller
        has them (traps and mentions already removed); else looked up here. ``address_terms``:
        the indices of the nominal address terms, where the caller has them; else found here."""
        keys = tokens.keys
        after = tokens.after
        data = lexicon.clauses
        case_markers = data["case_markers"]
        ergative = data["ergative_markers"]
        titles = lexicon.name_titles
        third_pronouns = lexicon.third_person_pronouns
        first_pronouns = lexicon.first_person_pronouns
        person_nouns = lexicon.person_nouns
        # a person noun with a clitic (খালাম্মাও "aunt too", মা-ই) is still the person
        clitic_letters = frozenset(c for c in lexicon.pronoun_clitics if len(c) == 1)
        #: sentence number → its token indices (a sentence's tokens are consecutive)
        self.sentence_members: dict[int, range] = {}
        #: sentences with a 1st- or 3rd-person pronoun
        self.pronoun_subject_sentences: set[int] = set()
        #: sentences with a 3rd-person subject word (pronoun, or person noun not used as a vocative)
        self.third_person_sentences: set[int] = set()
        #: clause number → (person of its subject, token index)
        self.subjects: dict[int, tuple[int, int]] = {}
        n = len(keys)
        trailing = _trailing_address(tokens, lexicon, name_keys)
        determiners = data["determiners"]
        sentences, clauses = tokens.sentence, tokens.clause
        members_of = self.sentence_members
        sentence_first = 0   # the first token of the sentence being read
        # a kin term the speaker does not call the addressee by is someone else: where another
        # kin term is set off as a vocative (কাকিমা, … কাকু আসেননি? "uncle didn't come?")
        address = lexicon.nominal_address
        if address_terms is None:
            address_terms = [i for i in range(n) if keys[i] in address]
        called = {keys[i] for i in address_terms if after[i].startswith(_VOCATIVE) or i in trailing}
        other_kin = frozenset(keys[i] for i in address_terms if keys[i] not in called and address[keys[i]][0] == "kin") \
            if called else frozenset()
        for i, key in enumerate(keys):
            sentence = sentences[i]
            if i + 1 == n or sentences[i + 1] != sentence:
                members_of[sentence] = range(sentence_first, i + 1)
                sentence_first = i + 1
            vocative = after[i].startswith(_VOCATIVE) or i in trailing
            following = keys[i + 1] if i + 1 < n and clauses[i + 1] == clauses[i] else None
            determiner = key in determiners and following is not None and following not in lexicon.particles \
                and lexicon.classify(following)[1] is None and following not in lexicon.stem_followers
            if (key in first_pronouns or key in third_pronouns) and not determiner:
                self.pronoun_subject_sentences.add(sentence)
            person = key in person_nouns or (key[-1:] in clitic_letters and key[:-1] in person_nouns) \
                or key in other_kin
            if key in third_pronouns or (person and not vocative):
                self.third_person_sentences.add(sentence)
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

    def subject_person(self, clause: int) -> int | None:
        found = self.subjects.get(clause)
        return found[0] if found is not None else None

    def third_person_subject_before(self, clause: int, i: int) -> bool:
        """Does a 3rd-person subject stand in the clause before token i?"""
        found = self.subjects.get(clause)
        return found is not None and found[0] == 3 and found[1] < i
