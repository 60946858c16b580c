"""Dash dialogue as Bangla and Hindi prose sets it: the dash against the next word (``না, —টেবিলে
… বললেন মাস্টারমশাই। —তোমরা …``) breaks speech from narration as a spaced dash does; narration,
then a dash on the same line, gives the speech to the narration's subject, after a sentence's end
or after a reporting verb and a comma (``ভেতরে ঢুকে বললেন, —…``); a finite verb before a title is
no name (``দাঁড়িয়ে ছিলেন মিসেস দত্ত``). Each case on new sentences with a control; none comes from
a blind set.
"""
from __future__ import annotations

from honorifics import analyze_text
from speaker_view import speech_turns

SCENE = ("সন্ধেবেলা ক্লাবঘরে মিটিং বসেছে।\n\n"
         "—এভাবে চললে চলবে না, —খাতা বন্ধ করে বললেন মাস্টারমশাই। —রাজু, তোমাকে না চাঁদা তুলতে বলেছিলাম?\n\n"
         "রাজু মাথা নামাল। —তুলেছি স্যার, কিন্তু অর্ধেক বাড়ি এখনও দেয়নি।\n\n"
         "—তুই আবার মিথ্যে বলছিস, —বিলু হেসে উঠল। —আমি নিজে দেখেছি তুই মাঠে খেলছিলি।\n\n"
         "দরজায় দাঁড়িয়ে ছিলেন মিসেস দত্ত। ভেতরে এসে বললেন, —আপনি রাগ করবেন না মাস্টারমশাই, "
         "আমি কাল সব বাড়ি ঘুরে আসব।")
SPEAKERS = ["মাস্টারমশাই", "রাজু", "বিলু", "মিসেস দত্ত"]


def test_a_dash_set_against_the_word_breaks_speech_from_narration():
    result = analyze_text(SCENE, "bn", speakers=SPEAKERS, task="continuation")
    speech = speech_turns(result)
    assert speech == [("মাস্টারমশাই", "familiar"), ("রাজু", "none"), ("বিলু", "intimate"), ("মিসেস দত্ত", "formal")]
    assert result.speakers["মিসেস দত্ত"].tier == "formal" and result.speakers["বিলু"].tier == "intimate"


def test_a_dash_inside_a_word_and_a_comma_before_a_dash_in_narration_stay_as_they_are():
    # controls: ক—খ is no break; a comma and a dash after a word that reports nothing is narration
    text = ("—তুমি কি ক—খ পড়তে পারো? —জিজ্ঞেস করল টুনি।\n\n"
            "মিঠু চুপ করে রইল, — তারপর মাথা নাড়ল।\n\n"
            "—হ্যাঁ, পারি।")
    result = analyze_text(text, "bn", speakers=["টুনি", "মিঠু"], task="continuation")
    speech = [(turn.speaker, turn.text.strip()[:12]) for turn in result.turns if turn.kind == "speech"]
    assert speech[0][0] == "টুনি" and "ক—খ" in result.turns[0].text
    assert all("তারপর" not in turn.text for turn in result.turns if turn.kind == "speech")


def test_an_action_before_a_dash_names_its_speaker_by_a_name_the_record_names_again():
    text = ("রাত বাড়ছে। টুকুন জানলার দিকে তাকাল। —তুই কি আজও ফোন করবি না?\n\n"
            "—করব রে, কাল সকালে, —হেসে বলল বিনু।\n\n"
            "—কথা দিলি কিন্তু, বিনু। টুকুন আর অপেক্ষা করবে না।")
    result = analyze_text(text, "bn", task="continuation")
    speech = [turn.speaker for turn in result.turns if turn.kind == "speech"]
    assert speech[:2] == ["টুকুন", "বিনু"]
    # control: a scene's first sentence opens with a thing, named once: no speaker from it
    scene = ("জেনারেল কামরায় পা রাখার জায়গা নেই।\n\n"
             "—দাদা, একটু সরে বসুন না।\n\n"
             "—কোথায় সরব? তুমি নিজেই দেখো।")
    result = analyze_text(scene, "bn", task="continuation")
    assert [turn.speaker for turn in result.turns if turn.kind == "speech"] == ["_unnamed_1", "_unnamed_2"]


def test_a_name_is_named_again_with_its_case_ending_and_a_short_word_only_alone():
    from honorifics.extraction.narrative import _named_again
    assert _named_again("কালাচাঁদ", "কথাটা কালাচাঁদের পছন্দ হল না। এমন সময় কালাচাঁদ বলল")
    assert _named_again("Bhodrolok", "ek boyoshko bhodrolok … Bhodrolok hese bollen")
    # controls: once only; a short word inside a longer one (यह in यहाँ)
    assert not _named_again("গামছা", "তারপর গামছা দিয়ে হাত মুছে বললেন")
    assert not _named_again("यह", "यह रहा संवाद: यहाँ आओ")


def test_lines_that_open_with_narration_then_a_dash_make_dash_dialogue():
    text = ("দাদু খবরের কাগজটা ভাঁজ করলেন। —তুই আজ স্কুলে যাসনি কেন?\n"
            "—জ্বর ছিল দাদু, তুমি মাকে জিজ্ঞেস করো।")
    result = analyze_text(text, "bn", task="continuation")
    speech = speech_turns(result)
    assert speech == [("দাদু", "intimate"), ("_unnamed_1", "familiar")]
    # control: one line of narration with a dash aside, and no dash line: prose, one utterance
    prose = "দাদু খবরের কাগজটা ভাঁজ করলেন। — তারপর চশমাটা খুলে রাখলেন।"
    result = analyze_text(prose, "bn", task="continuation")
    assert not any(turn.kind == "speech" and turn.speaker == "দাদু" for turn in result.turns)


def test_a_dialogue_of_bare_quoted_lines_alternates_between_unnamed_speakers():
    text = ("দুপুরবেলা দোকানে ভিড় কম।\n"
            "\"দাদা, এক কেজি আলু দিন তো।\"\n"
            "\"দিচ্ছি। তুমি পেঁয়াজও নেবে নাকি?\"\n"
            "\"না, আপনি শুধু আলুটাই দিন।\"")
    result = analyze_text(text, "bn", task="continuation")
    speech = speech_turns(result)
    assert speech == [("_unnamed_1", "formal"), ("_unnamed_2", "familiar"), ("_unnamed_1", "formal")]
    # control: quoted lines under labels are the labelled speaker's, no alternation of their own
    labelled = "User: এই লাইনগুলো দেখো:\n\"তুই কোথায়?\"\n\"আপনি আসুন।\"\nAssistant: ঠিক আছে।"
    result = analyze_text(labelled, "bn", task="roleplay")
    assert not any(turn.speaker and turn.speaker.startswith("_unnamed") for turn in result.turns)
