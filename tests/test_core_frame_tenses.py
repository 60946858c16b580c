"""Frames in every tense: in a story, a frame in a past before the past or a perfect narrates
(``नानी ने कहा था, "…"``, ``দাদু বলেছিলেন, "…"``), as do a reporting verb's root before an
auxiliary or a second verb (``कह रही थी``, ``बोल पड़ा``); outside a story the same tense reports
(a speaker's own ``बॉस ने कहा था, "…"`` stays third-party), and a citation (``जैसा कि … ने कहा था``)
reports everywhere. Each case on new sentences with a control; none comes from a blind set.
"""
from __future__ import annotations

from honorifics import analyze_text
from speaker_view import speech_turns


def test_a_past_before_the_past_narrates_in_a_story():
    text = ("उस रात बिजली चली गई थी। नानी ने कहा था, \"तू जल्दी सो जा, कल स्कूल है।\" "
            "मैंने धीरे से पूछा, \"नानी, आप कहानी सुनाएँगी?\"")
    result = analyze_text(text, "hi", task="continuation")
    assert speech_turns(result) == [("नानी", "intimate"), ("मैं (narrator)", "formal")]


def test_bangla_perfect_frames_narrate_in_a_story_native_and_romanized():
    text = ("সন্ধ্যাবেলা মা রান্নাঘর থেকে বলেছিলেন, \"তুই আগে হাত ধুয়ে আয়।\" "
            "টুটুল মাথা নেড়ে বলেছে, \"আচ্ছা মা, আপনি বসুন।\"")
    assert speech_turns(analyze_text(text, "bn", task="continuation")) == [("মা", "intimate"), ("টুটুল", "formal")]
    romanized = ("Ma rannaghor theke bolechhilen, \"Tui age haat dhuye aay.\" "
                 "Tutul matha nere bolechhe, \"Accha ma, apni bosun.\"")
    assert speech_turns(analyze_text(romanized, "bn", task="continuation")) == [("Ma", "intimate"), ("Tutul", "formal")]


def test_a_root_before_an_auxiliary_or_a_second_verb_frames_the_quote():
    text = ("दादी रसोई से कह रही थीं, \"बेटा, तू दूध पी ले।\" "
            "मोनू बोल पड़ा, \"दादी, आप भी बैठिए न।\"")
    assert speech_turns(analyze_text(text, "hi", task="continuation")) == [("दादी", "intimate"), ("मोनू", "formal")]


def test_reported_speech_in_a_speakers_own_utterance_and_a_citation_stay_third_party():
    # controls: the same tenses in one speaker's utterance (a DCT) and a citation in a reply
    said = analyze_text("सर, कल मीटिंग में बॉस ने कहा था, \"आप सब शुक्रवार तक रिपोर्ट भेज दीजिए।\" "
                        "तो क्या तुम मेरी मदद कर दोगे?", "hi", speakers=["Rahul", "Amit"], task="dct")
    assert set(said.speakers) == {"Rahul", "Amit"} and said.speakers["Rahul"].tier == "familiar"
    cited = analyze_text("अच्छा सवाल है! जैसा कि गांधीजी ने कहा था, \"आप वह बदलाव बनिए जो आप देखना चाहते हैं।\" "
                         "तो तुम भी कोशिश करो।", "hi")
    assert "गांधीजी" not in cited.speakers
