"""A reporting clause full of other noun phrases (a thing handled, an instrument, a place with
a postposition, a possessed noun) names no speaker by them: with its subject elided, the person
the narration is about speaks (``फिर कलछी से पतीला खटखटाते हुए बोलीं``, ``তারপর গামছা দিয়ে হাত
মুছে বললেন``, ``চশমাটা বইয়ের ওপর রেখে জিজ্ঞেস করলেন``). A subject opens its clause: a word with
a phrase in a case before it and another word before the verb, named nowhere else in the
record, is inside the clause. A Bangla participle may raise its root's vowel (রাখ → রেখে).
Each case on new sentences with a control; none comes from a blind set.
"""
from __future__ import annotations

import pytest

from honorifics import analyze_text
from honorifics.extraction.lexicon import load_lexicon
from honorifics.extraction.narrative import _verb_like, frame_speaker


def _speakers(text: str, language: str) -> dict:
    result = analyze_text(text, language, task="continuation")
    return {name: (s.tier, s.addressee) for name, s in result.speakers.items()}


@pytest.mark.parametrize("language, text, expected", [
    ("hi", 'दादी ने चूल्हे पर दाल चढ़ाई। फिर कलछी से पतीला खटखटाते हुए बोलीं, "सुनो बहू, तुम ज़रा नमक ले आओ।" '
           'बहू ने धीरे से कहा, "जी माँजी, अभी लाती हूँ। आप बैठिए।"',
     {"दादी": ("familiar", "बहू"), "बहू": ("formal", "दादी")}),
    ("bn", 'মা সারা দুপুর রান্নাঘরে ছিলেন। তারপর গামছা দিয়ে হাত মুছে বললেন, "খোকা, তুই এবার স্নান করে আয়।" '
           'খোকা বলল, "যাচ্ছি মা, তুমি একটু বসো।"',
     {"মা": ("intimate", "খোকা"), "খোকা": ("familiar", "মা")}),
])
def test_an_elided_subject_among_an_instrument_and_a_thing(language, text, expected):
    assert _speakers(text, language) == expected


def test_a_possessed_noun_is_a_thing_and_the_frame_after_a_quote_goes_on():
    # (বইয়ের ওপর: ওপর after a genitive; the quote after the frame is still the father's, not
    # that of the clause that leads into the next quote)
    text = 'বাবা বসার ঘরে খবরের কাগজ পড়ছিলেন। "এটা কার?" চশমাটা বইয়ের ওপর রেখে জিজ্ঞেস করলেন। ' \
           '"তুই কি আবার সিগারেট খাচ্ছিস?" রতন মাথা নিচু করে বলল, "না বাবা, আমি খাই না।"'
    assert _speakers(text, "bn") == {"বাবা": ("intimate", "রতন"), "রতন": ("none", "বাবা")}


def test_a_name_after_a_place_with_its_verb_right_after_it_speaks():
    # control: रसोई से, then सुनीता and her verb: she is the subject
    text = 'कोने में बैठा रमेश अख़बार पढ़ रहा था। तभी रसोई से सुनीता बोली, "सुनो, तुम ज़रा सब्ज़ी ले आओ।" ' \
           'रमेश ने कहा, "अभी लाता हूँ, तुम चाय बना लो।"'
    assert _speakers(text, "hi") == {"सुनीता": ("familiar", "रमेश"), "रमेश": ("familiar", "सुनीता")}


def test_a_word_inside_the_clause_is_its_subject_when_the_record_names_it_again():
    hi = load_lexicon("hi")
    frame = "फिर रसोई से सुनीता झाँकते हुए बोली,"
    record = f'{frame} "तुम आ गए?" रमेश ने कहा, "हाँ सुनीता, अभी आया।"'
    assert frame_speaker(frame, hi, None, previous=("रमेश", True), record=record) == ("सुनीता", True)
    # the same frame in a record that names सुनीता only there: a word inside the clause
    assert frame_speaker(frame, hi, None, previous=("रमेश", True), record=frame) == ("रमेश", True)
    # a thing with its participle right after it, the clause going on from the last speaker
    thing = "फिर थैला मेज़ पर रखकर बोली,"
    assert frame_speaker(thing, hi, None, previous=("सुनीता", True), record=thing) == ("सुनीता", True)
    # controls: the participle's own object after her (she is the subject); no one to go on from
    with_object = "फिर सुनीता चाय रखते हुए बोली,"
    assert frame_speaker(with_object, hi, None, previous=("रमेश", True), record=with_object) == ("सुनीता", True)
    assert frame_speaker(thing, hi, None, record=thing) == ("थैला", True)


@pytest.mark.parametrize("lexicon, word, verb", [
    ("bn", "রেখে", True), ("bn", "হেসে", True), ("bn", "খুলে", True), ("bn", "মুছে", True),
    ("bn-Latn", "rekhe", True), ("bn-Latn", "khule", True),
    # controls: a noun in the locative (ঘরে), a name ending in -e
    ("bn", "ঘরে", False), ("bn-Latn", "Rupe", False),
])
def test_a_participle_that_raises_its_roots_vowel_is_a_verb(lexicon, word, verb):
    found = load_lexicon(lexicon)
    assert _verb_like(found.key(word), found) is verb


@pytest.mark.parametrize("language, text, expected", [
    # a character acting by a first name the lexicon does not know, then a frame with no subject
    ("bn", 'তানিয়া ব্যাগটা টেবিলে নামিয়ে রাখল। তারপর জানালার পাশে দাঁড়িয়ে বলল, "তুই আজ কলেজে যাসনি কেন?" '
           'শুভ বলল, "শরীরটা ভালো ছিল না রে।"',
     {"তানিয়া": ("intimate", "শুভ"), "শুভ": ("none", "তানিয়া")}),
    ("hi", 'अर्जुन ने दरवाज़ा खोला और जूते उतारे। फिर थैला मेज़ पर रखकर बोला, "माँ, तुम अभी तक जाग रही हो?" '
           'सरला ने कहा, "हाँ बेटा, तू खाना खा ले।"',
     {"अर्जुन": ("familiar", "सरला"), "सरला": ("intimate", "अर्जुन")}),
])
def test_an_elided_subject_goes_on_from_a_name_the_lexicon_does_not_know(language, text, expected):
    assert _speakers(text, language) == expected


def test_aguessed_subject_after_another_speaker_needs_the_name_again():
    from honorifics.extraction.narrative import guessed_subject
    bn = load_lexicon("bn")
    sentence = "তানিয়া ব্যাগটা টেবিলে নামিয়ে রাখল"
    # the first speaker of the record, or a name the record names again
    assert guessed_subject(sentence, bn, None, sentence, True) == ("তানিয়া", True)
    assert guessed_subject(sentence, bn, None, f"{sentence}। তানিয়া হাসল।", False) == ("তানিয়া", True)
    # controls: a word named once, after someone spoke; a thing opening a sentence (বৃষ্টি … নামল)
    assert guessed_subject(sentence, bn, None, sentence, False) is None
    rain = "হঠাৎ বৃষ্টি নামল"
    assert guessed_subject(rain, bn, None, rain, False) is None


@pytest.mark.parametrize("language, text, expected", [
    # a compound verb of "do" after the thing it acts on; the ergative name of the sentence before,
    # named again, goes on (and a vowel stem's participle: চা খেয়ে)
    ("hi", 'विनय ने अख़बार मोड़ा। मेज़ साफ़ करके बोला, "दीदी, तुम चाय पियोगी?" रीता ने कहा, "हाँ विनय, बना दो।"',
     {"विनय": ("familiar", "रीता"), "रीता": ("familiar", "विनय")}),
    ("bn", 'সুমি জানালার ধারে বসে ছিল। কাপটা নামিয়ে চা খেয়ে বলল, "দাদা, তুই কখন ফিরবি?" '
           'অর্ণব বলল, "রাতে ফিরব রে সুমি।"',
     {"সুমি": ("intimate", "অর্ণব"), "অর্ণব": ("none", "সুমি")}),
])
def test_a_compound_verb_and_a_vowel_stems_participle_hold_no_subject(language, text, expected):
    assert _speakers(text, language) == expected


def test_a_compound_verbs_word_is_no_subject_but_a_name_before_its_object_is():
    hi = load_lexicon("hi")
    frame = "मेज़ साफ़ करके बोला,"
    assert frame_speaker(frame, hi, None, previous=("विनय", True), record=frame) == ("विनय", True)
    # control: the name, then the participle's own object (सिर) before it
    named = "रतन सिर झुकाकर बोला,"
    assert frame_speaker(named, hi, None, previous=("विनय", True), record=named) == ("रतन", True)


def test_named_again_reads_the_record_once_and_answers_as_a_scan_of_its_words_would():
    """The record's words are read once (a long story asks about them at every frame) and
    answer as a scan of every word would, over the words of real narrative texts."""
    import json
    from pathlib import Path

    from honorifics.extraction.narrative import _named_again
    from honorifics.extraction.tokens import TOKEN

    def scanned(word: str, record: str) -> bool:
        folded = word.casefold()
        if not word.isascii() and folded != word and record.count(word) < 2:
            return False
        named = [found for found in TOKEN.findall(record) if found.casefold().startswith(folded)]
        return sum(1 for found in named if len(folded) >= 3 or found.casefold() == folded) > 1

    blind = Path(__file__).parent / "data" / "blind"
    checked = 0
    for name in ("r62_elided_names.jsonl", "r65_story_frames.jsonl", "r69_quote_lines.jsonl"):
        for line in open(blind / name, encoding="utf-8"):
            record = json.loads(line)["text"]
            for word in set(TOKEN.findall(record)) | {"यह", "Émile", "x"}:
                assert _named_again(word, record) == scanned(word, record), (name, word)
                checked += 1
    assert checked > 1000
