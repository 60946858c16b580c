"""A quote whose reporting clause has no subject (``मुस्कुराकर बोलीं, "…"``, ``হেসে বললেন, "…"``)
is spoken by the person the sentence before it is about, also right after another speaker's
quote, when that sentence's subject is a person by its word: a kin term, a role, a title
(``माँ रसोई से बाहर आईं।``); a thing as that subject (``दरवाज़ा खुला।``) leaves the last speaker
speaking. Each case on new sentences with a control; none comes from a blind set.
"""
from __future__ import annotations

import pytest

from honorifics import analyze_text


def _speakers(text: str, language: str) -> dict:
    result = analyze_text(text, language, task="continuation")
    return {name: (s.tier, s.addressee) for name, s in result.speakers.items()}


@pytest.mark.parametrize("language, text, person, tier", [
    ("hi", 'राहुल ने कहा, "माँ, चाय दो।" माँ रसोई से बाहर आईं। मुस्कुराकर बोलीं, "तू बैठ, अभी लाती हूँ।"', "माँ", "intimate"),
    ("bn", 'রাহুল বলল, "মা, চা দাও।" মা রান্নাঘর থেকে বেরিয়ে এলেন। হেসে বললেন, "তুই বোস, আনছি।"', "মা", "intimate"),
])
def test_after_a_quote_the_person_the_sentence_before_is_about_speaks(language, text, person, tier):
    speakers = _speakers(text, language)
    assert speakers[person] == (tier, "राहुल" if language == "hi" else "রাহুল")
    assert speakers["राहुल" if language == "hi" else "রাহুল"][0] == "familiar"   # not given the mother's तू


def test_a_thing_as_the_subject_before_leaves_the_last_speaker():
    text = 'राहुल ने कहा, "माँ, चाय दो।" दरवाज़ा धीरे से खुला। मुस्कुराकर बोला, "तुम भी पियो।"'
    assert _speakers(text, "hi") == {"राहुल": ("familiar", None)}


@pytest.mark.parametrize("language, text, father, narrator", [
    # the narrator as the frame's object is neither its subject nor a stem (Ama): the one spoken to
    ("bn", 'Ami ghore dhuklam. Baba baranday boshe chhilen. Amake dekhe boi ta namiye bollen, "Eto deri keno korli?"',
     "Baba", "ami (narrator)"),
    ("bn", 'আমি ঘরে ঢুকলাম। বাবা বারান্দায় বসে ছিলেন। আমাকে দেখে বইটা নামিয়ে বললেন, "এত দেরি কেন করলি?"',
     "বাবা", "আমি (narrator)"),
])
def test_a_frame_with_the_narrator_as_object_and_a_definite_thing(language, text, father, narrator):
    assert _speakers(text, language) == {father: ("intimate", narrator)}


def test_a_definite_mark_written_apart_makes_a_thing():
    from honorifics.extraction.lexicon import load_lexicon
    from honorifics.extraction.narrative import frame_speaker
    latin = load_lexicon("bn-Latn")
    assert frame_speaker("Boi ta namiye bollen", latin, None, previous=("Baba", True)) == ("Baba", True)
    # control: a name with no mark after it is the subject
    assert frame_speaker("Rina boi ta namiye bollo", latin, None, previous=("Baba", True)) == ("Rina", True)
