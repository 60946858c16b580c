"""Mechanisms added in round 7 (from the kinds of the spent round-6 blind sets' misses):
each on new sentences, each with a control. None of these sentences comes from a blind set.
"""
from __future__ import annotations

from honorifics import analyze_text
from speaker_view import speakers_of
from honorifics.extraction.turns import without_quotes


# --- a meta-answer written as a list ----------------------------------------------------------

def test_a_relation_or_a_kind_of_person_before_a_colon_is_no_speaker():
    text = ("अच्छा सवाल! ज़्यादातर घरों में दामाद ससुर को **\"आप\"** कहकर बुलाता है।\n\n"
            "- दामाद → ससुर: आप\n- ससुर → दामाद: तुम / आप\n\nक्या आप चाहेंगे कि मैं एक संवाद लिख दूँ?")
    record = analyze_text(text, "hi")
    assert record.refusal and record.tier == "none" and not record.speakers
    text = ("- **পুরোনো বন্ধু বা ভাইবোন:** সাধারণত \"তুই\" চলে।\n"
            "- **অচেনা বয়স্ক মানুষ:** \"আপনি\" বলা উচিত।")
    record = analyze_text(text, "bn")
    assert record.refusal and not record.speakers
    # control: two names before colons are a dialogue
    record = analyze_text("रमा: तुम कब आओगे?\nश्याम: आप बताइए, मैं आ जाऊँगा।", "hi")
    assert set(record.speakers) == {"रमा", "श्याम"}


def test_a_line_wholly_in_bold_is_a_heading_not_a_label():
    text = ("**কলেজে সম্বোধন: একটি তালিকা**\n\n- **সহপাঠী:** সাধারণত \"তুই\" বলা হয়।\n"
            "- **শিক্ষক:** \"আপনি\" বলা উচিত।")
    record = analyze_text(text, "bn")
    assert record.refusal and not record.speakers
    # control: a bold label before its speech is a speaker
    record = analyze_text("**রিনা:** তুই কোথায় ছিলি?\n**মিতা:** বাজারে গিয়েছিলাম।", "bn")
    assert record.speakers["রিনা"].tier == "intimate"


def test_how_people_call_someone_is_talk_about_the_forms():
    record = analyze_text('गाँवों में बच्चे अक्सर दादी को **"तू"** कहकर बुलाते हैं, यह प्यार की निशानी है।', "hi")
    assert record.refusal and record.tier == "none"
    record = analyze_text('Dhaka-r onek office e junior ra senior der "apni" bole, bondhu der "tui".', "bn")
    assert record.refusal and record.tier == "none"
    # control: the same verb in a character's words to someone is address
    record = analyze_text("दादी, तू मुझे कहानी सुनाएगी?", "hi")
    assert record.tier == "intimate" and not record.refusal


def test_a_list_of_forms_after_a_colon_is_mentioned_not_said():
    text = "- भाई → बहन: तुम / तू\n- बहन → भाई: तुम"
    kept = "".join(text[s:e] for s, e in without_quotes(text, [(0, len(text))]))
    assert "तू" not in kept and "बहन:" in kept
    # control: speech after a colon that is a sentence is not cut
    text = "माँ ने कहा: तुम जल्दी घर आ जाना।"
    assert "तुम जल्दी" in "".join(text[s:e] for s, e in without_quotes(text, [(0, len(text))]))


# --- respectful 3rd-person आप after a title before the name -----------------------------------

def test_aap_after_a_title_before_a_name_narrates_that_person():
    text = ("पंडित शिवनारायण मिश्र का जन्म 1931 में इलाहाबाद में हुआ था। आप हिंदी, उर्दू और फ़ारसी के "
            "विद्वान थे। आपने अनेक ग्रंथ लिखे।")
    record = analyze_text(text, "hi", task="continuation")
    assert record.tier == "none"
    # control: a titled person addressed (a comma after the name) is spoken to
    record = analyze_text("पंडित शिवनारायण, आप कल मंदिर में थे?", "hi")
    assert record.tier == "formal"


# --- after a refusal, the paragraph that offers something else is the model's ----------------

def test_an_offer_with_the_wish_apart_continues_the_refusal():
    text = ("দুঃখিত — এই দৃশ্যটা আমি লিখতে পারব না।\n\n"
            "তবে আপনি যদি দুই বন্ধুর মনোমালিন্য মিটে যাওয়ার একটা দৃশ্য চান, আমি সানন্দে লিখে দেব।")
    record = analyze_text(text, "bn", task="roleplay")
    assert record.refusal and record.tier == "none" and record.user_tier == "formal"
    # control: a character's own "if you want" in a dialogue stays the character's
    text = "**মা:** তুই যদি খেতে চাস, ভাত বেড়ে দিই।\n**খোকা:** দাও মা।"
    record = analyze_text(text, "bn", speakers=["মা", "খোকা"], task="roleplay")
    assert not record.refusal and record.speakers["মা"].tier == "intimate"


# --- speech after a reporting verb and a colon ----------------------------------------------

def test_speech_after_a_reporting_verb_and_a_colon_is_a_turn():
    text = "बस में भीड़ थी। मैंने कंडक्टर से पूछा: भैया, आप अगले स्टॉप पर रोकेंगे?\n\nवह हँसकर आगे बढ़ गया।"
    record = analyze_text(text, "hi", task="continuation")
    assert record.speakers["मैं (narrator)"].tier == "formal"
    text = "দারোগা টেবিল থেকে মুখ তুলে বললেন: তুমি কাল আবার এসো।"
    record = analyze_text(text, "bn", task="continuation")
    assert record.speakers["দারোগা"].tier == "familiar"
    # control: a colon after a clause that reports nothing introduces no one's speech
    text = "দরজায় একটা নোটিশ ঝুলছিল: আপনি জুতো খুলে ভেতরে আসুন।"
    record = analyze_text(text, "bn", task="continuation")
    assert not any(t.kind == "speech" and t.speaker for t in record.turns if t.text.startswith(":"))


# --- frames: a subordinate clause with its own subject; a quote that leads into its frame --------

def test_the_subject_after_an_as_soon_as_clause_frames_the_quote():
    text = ('মিঠু দরজা খুলে ঘরে ঢুকতেই মামা গম্ভীর মুখে বললেন, "তুই আবার দেরি করলি?"\n'
            '"রাস্তায় জ্যাম ছিল মামা," মিঠু বলল।')
    record = analyze_text(text, "bn", speakers=["মামা", "মিঠু"], task="continuation")
    assert record.speakers["মামা"].tier == "intimate"
    assert record.speakers["মিঠু"].tier == "none"
    # control: with no subject after the subordinate clause, its own subject speaks
    text = 'মিঠু দরজা খুলে ঘরে ঢুকে হাঁপাতে হাঁপাতে বলল, "মামা, আপনি কখন এলেন?"'
    record = analyze_text(text, "bn", speakers=["মামা", "মিঠু"], task="continuation")
    assert record.speakers["মিঠু"].tier == "formal"


def test_a_quote_ending_in_a_comma_is_framed_by_the_clause_after_it_whatever_its_verb():
    text = ('"Dada, ektu shore boshben? Amar pa ta byatha korche," kaku-ke onurodh korlo Rumi.\n'
            '"Haan haan, bosun," Kaku bollen.')
    record = analyze_text(text, "bn", speakers=["Rumi", "Kaku"], task="continuation")
    assert record.speakers["Rumi"].tier == "formal"
    # control: a quote that ends its sentence is not framed by an action of the one it calls after it
    # (the listener's answer; an action beat of anyone else names the speaker, see
    # test_core_scene_names.test_an_action_beat_after_a_quote_that_opens_its_line_names_who_said_it)
    text = '"Kaku, ektu shore boshben? Amar pa byatha korche." Kaku janla diye baire takalen.'
    record = analyze_text(text, "bn", speakers=["Rumi", "Kaku"], task="continuation")
    assert [t.speaker for t in record.turns if t.kind == "speech"] != ["Kaku"]
    text = '"Dada, ektu shore boshben? Amar pa byatha korche," Kaku janla diye baire takalen.'
    record = analyze_text(text, "bn", speakers=["Rumi", "Kaku"], task="continuation")
    assert [t.speaker for t in record.turns if t.kind == "speech"] == ["Kaku"]
