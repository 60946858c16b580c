"""Mechanisms added after rounds 41–42: each on new sentences, each with a control. None of
these sentences comes from a blind set.
"""
from __future__ import annotations

import pytest

from honorifics import analyze_text
from speaker_view import speaker_of


# --- a call that names no one (सुनिए जी, ओगो) goes to whoever its register fits --------------

@pytest.mark.parametrize("language, text, speakers, speaker, partner, other, other_tier, partner_tier", [
    # a wife calls her husband, then turns to the son she was talking to
    ("hi", "**माँ:** अरे सुनिए जी, आप ज़रा बाज़ार से दूध ले आइए। और तू, चुपचाप होमवर्क कर!\n**बेटा:** ठीक है माँ।",
     ["माँ", "बेटा"], "माँ", "बेटा", "सुनिए जी", "formal", "intimate"),
    ("hi", "**Maa:** Tu homework kar le. Ae ji, aap zara TV band kar dijiye.\n**Beta:** Theek hai.",
     ["Maa", "Beta"], "Maa", "Beta", "Ae ji", "formal", "intimate"),
    # the call as a sentence of its own: the register of the sentence after it
    ("bn", "**মা:** ওগো, শুনছ? তুমি একটু বাজারে যাও তো। আর তুই পড়তে বস!\n**খোকা:** আচ্ছা মা।",
     ["মা", "খোকা"], "মা", "খোকা", "ওগো", "familiar", "intimate"),
    # a listed third person: the call is theirs
    ("hi", "**बबलू:** आंटी जी, मीटर वाली अलमारी खुलवा दीजिए।\n**सरला:** बबलू, तुम पहले स्विचबोर्ड देख लो। "
           "सुनिए जी! ज़रा अलमारी की चाबी ढूँढ दीजिए।\n**शर्मा जी:** चाबी तो तुम्हारे पर्स में है।",
     ["बबलू", "सरला", "शर्मा जी"], "सरला", "बबलू", "शर्मा जी", "formal", "familiar"),
])
def test_a_call_that_names_no_one_in_another_register_is_someone_else(language, text, speakers, speaker, partner,
                                                                      other, other_tier, partner_tier):
    result = speaker_of(text, language, speakers, speaker)
    assert result.tier == partner_tier and result.addressee == partner   # not mixed
    assert result.by_addressee == {partner: partner_tier, other: other_tier}


@pytest.mark.parametrize("language, text, speakers, speaker, tier", [
    # the same calls to the partner, in a turn of one register
    ("hi", "**पत्नी:** सुनिए जी, आप आज जल्दी आ जाइएगा। आपके लिए खीर बनाऊँगी।\n**पति:** ठीक है।",
     ["पत्नी", "पति"], "पत्नी", "formal"),
    ("bn", "**স্ত্রী:** ওগো, শুনছ? তুমি আজ একটু তাড়াতাড়ি ফিরো। তোমার জন্য মাছ রাঁধব।\n**স্বামী:** আচ্ছা, ফিরব।",
     ["স্ত্রী", "স্বামী"], "স্ত্রী", "familiar"),
    ("bn", "**Bou:** Ogo, shunchho? Tumi aaj tara-tari fire esho, tomar jonno maachh ranna korbo.\n**Bor:** Accha.",
     ["Bou", "Bor"], "Bou", "familiar"),
])
def test_a_call_that_names_no_one_in_the_partners_register_is_the_partner(language, text, speakers, speaker, tier):
    result = speaker_of(text, language, speakers, speaker)
    assert result.tier == tier and not result.by_addressee


# --- back to the partner in the register the speaker gave the partner in earlier turns ------

@pytest.mark.parametrize("language, text, speakers, speaker, partner, other, other_tier", [
    ("hi", "**Ritu:** Tum kal office aaogi na?\n**Neha:** Haan, aaungi.\n"
           "**Ritu:** Achha. Bablu, ek glass paani la, jaldi! Tum kuch khaogi?\n**Neha:** Nahi.",
     ["Ritu", "Neha"], "Ritu", "Neha", "Bablu", "intimate"),
    ("bn", "**মিতা:** তুমি কাল আসবে তো?\n**রুমা:** হ্যাঁ, আসব।\n"
           "**মিতা:** বেশ। পল্টু, তুই এক গ্লাস জল নিয়ে আয়! তুমি চা খাবে?\n**রুমা:** না।",
     ["মিতা", "রুমা"], "মিতা", "রুমা", "পল্টু", "intimate"),
])
def test_a_later_sentence_in_the_partners_earlier_register_is_the_partners(language, text, speakers, speaker,
                                                                          partner, other, other_tier):
    result = speaker_of(text, language, speakers, speaker)
    assert result.tier == "familiar" and result.by_addressee == {partner: "familiar", other: other_tier}


def test_a_later_sentence_in_the_register_of_the_one_called_stays_theirs():
    # the control: Bablu is given the partner's register too, so "Tum kuch khaoge?" can be his
    text = ("**Ritu:** Tum kal office aaogi na?\n**Neha:** Haan, aaungi.\n"
            "**Ritu:** Achha. Bablu, tum bhi baitho. Tum kuch khaoge?\n**Neha:** Nahi.")
    result = speaker_of(text, "hi", ["Ritu", "Neha"], "Ritu")
    assert result.by_addressee == {"Neha": "familiar", "Bablu": "familiar"}


# --- one person written in two cases is one key ----------------------------------------------

def test_a_person_called_in_two_cases_is_one_key_in_lower_case():
    text = "**Rana:** Tui ekhane dara. Bhaiya, Gulshan jaben? Na bhaiya, eta beshi, ponchash e chalen.\n**Sumon:** Accha."
    result = speaker_of(text, "bn", ["Rana", "Sumon"], "Rana")
    assert result.by_addressee == {"Sumon": "intimate", "bhaiya": "formal"}


def test_people_with_different_names_keep_their_keys():
    text = "**Rana:** Tui ekhane dara. Bhaiya, Gulshan jaben? Mama, apni o ashun.\n**Sumon:** Accha."
    result = speaker_of(text, "bn", ["Rana", "Sumon"], "Rana")
    assert {"Bhaiya", "Mama"} <= set(result.by_addressee)


def test_a_name_with_an_address_term_after_it_is_the_name_where_the_name_is_a_key_too():
    text = ("**रामेश्वर:** बिट्टू, तू जाकर पानी ला। शर्मा जी, आप बैठिए न।\n**शर्मा जी:** अरे रामेश्वर भाई, आप "
            "तकल्लुफ़ मत कीजिए। बिट्टू बेटा, तुम्हारी पढ़ाई कैसी चल रही है?")
    result = analyze_text(text, "hi", speakers=["रामेश्वर", "शर्मा जी"], task="roleplay").speakers
    assert result["शर्मा जी"].by_addressee == {"रामेश्वर": "formal", "बिट्टू": "familiar"}
    assert result["रामेश्वर"].by_addressee == {"बिट्टू": "intimate", "शर्मा जी": "formal"}


def test_names_that_differ_keep_their_keys():
    text = "**Mithu:** Tui ekhane bos. Rana bhai, apni cha khaben?\n**Sumon:** Na re.\n**Mithu:** Tui chup kor. Mintu, tui o bos."
    result = speaker_of(text, "bn", ["Mithu", "Sumon"], "Mithu")
    assert result.by_addressee == {"Sumon": "intimate", "Rana bhai": "formal", "Mintu": "intimate"}


# --- the main addressee of a speaker whose turns address no one who speaks or is listed --------

def test_with_no_dialogue_partner_the_main_addressee_has_most_evidence():
    # a direction names a boy who never speaks; most of the turn is for the class
    text = ("**Madhumita Ma'am:** (Rupu ke) Ei Rupu, tui abar jaanla diye dekhchis? (Class er dike ghure) Tomra sobai "
            "khata kholo. Tomader kal je anko diyechilam, seta tomra ekhon koro.")
    result = speaker_of(text, "bn", ["Madhumita Ma'am"], "Madhumita Ma'am")
    assert result.tier == "familiar" and result.by_addressee["Rupu"] == "intimate"


def test_a_dialogue_partner_stays_the_main_addressee_with_less_evidence():
    text = ("**Madhumita Ma'am:** (Rupu ke) Ei Rupu, tui abar jaanla diye dekhchis? (Class er dike ghure) Tomra sobai "
            "khata kholo. Tomader kal je anko diyechilam, seta tomra ekhon koro.\n**Rupu:** Sorry Ma'am.")
    result = speaker_of(text, "bn", ["Madhumita Ma'am", "Rupu"], "Madhumita Ma'am")
    assert result.tier == "intimate" and result.addressee == "Rupu"


# --- layout: an emoji after an introduction's colon, a heading with a subtitle ----------------

@pytest.mark.parametrize("language, text, speakers, tier", [
    # the introduction ends in a colon and an emoji; the note after the dialogue names its forms
    ("hi", "ये लीजिए आपका सीन: 🎬\n\n### सीन: बस स्टॉप, शाम\n\n**राहुल:** तू कब आया?\n**अमित:** अभी-अभी, तू बता।\n\n"
           "---\n**नोट:** दोनों दोस्त एक-दूसरे के लिए \"तू\" का प्रयोग करते हैं।", ["राहुल", "अमित"], "intimate"),
    ("bn", "এই নিন আপনার দৃশ্য: 🎬\n\n### দৃশ্য: চায়ের দোকান, সন্ধে\n\n**রাজু:** তুই কখন এলি?\n**বিলু:** এই তো, তুই বল।",
     ["রাজু", "বিলু"], "intimate"),
])
def test_an_introduction_with_an_emoji_after_its_colon_and_a_scene_heading_are_no_ones(language, text, speakers, tier):
    result = analyze_text(text, language, speakers=speakers, task="dct")
    assert set(result.speakers) == set(speakers)   # no speaker "सीन"
    assert all(s.tier == tier for s in result.speakers.values())


def test_a_heading_that_names_a_listed_speaker_is_their_label():
    result = analyze_text("### राहुल: तू कब आया?\n### अमित: अभी-अभी, तू बता।", "hi", speakers=["राहुल", "अमित"],
                          task="dct")
    assert {name: s.tier for name, s in result.speakers.items()} == {"राहुल": "intimate", "अमित": "intimate"}


# --- a phrase with a 2nd-person pronoun is no call ------------------------------------------

@pytest.mark.parametrize("text, speakers", [
    ("पिंकी ने पूछा, \"माँ, तुमने खिड़की बंद की?\"\n\nमाँ मुस्कुराईं, \"अरे पिंकी, तू सुन तो। बंद करती कैसे? "
     "तेरी मौसी रूठ जातीं!\"", ["माँ", "पिंकी"]),
    ("Pinky ne poocha, \"Maa, tumne khidki band ki?\"\n\nMaa muskurayi, \"Arre Pinky, tu sun toh. Band karti kaise? "
     "Teri mausi rooth jaatin!\"", ["Maa", "Pinky"]),
])
def test_a_clause_about_the_one_addressed_before_a_bang_is_no_vocative(text, speakers):
    result = speaker_of(text, "hi", speakers, speakers[0], task="continuation")
    assert result.tier == "intimate" and not result.by_addressee   # not "मौसी रूठ जातीं" as a second person


def test_a_call_before_a_bang_still_turns_to_the_one_called():
    text = "**माँ:** आप बैठिए, भाभी जी। अरे गोलू! तू पानी ला।\n**भाभी जी:** रहने दीजिए।"
    result = speaker_of(text, "hi", ["माँ", "भाभी जी"], "माँ")
    assert result.by_addressee == {"भाभी जी": "formal", "गोलू": "intimate"}


# --- several words none of which names a person are a clause, not a call -------------------

def test_a_clause_before_a_comma_is_no_call():
    text = "**Ma:** Bubai, tui kheye ne. Aaj mangsho khub shokto, tui dhire khabi.\n**Bubai:** Accha ma."
    result = speaker_of(text, "bn", ["Ma", "Bubai"], "Ma")
    assert result.tier == "intimate" and not result.by_addressee   # no person "Aaj mangsho khub shokto"


@pytest.mark.parametrize("language, text, speakers, speaker, other, other_tier", [
    # several words, one of them naming a person (a kin term; a person noun in the vocative plural)
    ("bn", "**Ma:** Bubai, tui kheye ne. Boro mama, apni o boshun.\n**Bubai:** Accha ma.", ["Ma", "Bubai"], "Ma",
     "Boro mama", "formal"),
    ("hi", "**प्रधानाचार्य:** शर्मा जी, आप आगे बैठिए। प्यारे बच्चो, तुम सब कतार में खड़े हो जाओ।\n**शर्मा जी:** जी।",
     ["प्रधानाचार्य", "शर्मा जी"], "प्रधानाचार्य", "तुम सब (group)", "familiar"),
])
def test_a_call_of_several_words_one_naming_a_person_still_turns_to_them(language, text, speakers, speaker, other,
                                                                          other_tier):
    result = speaker_of(text, language, speakers, speaker)
    assert result.by_addressee[other] == other_tier


# --- in romanized text a frame's subject is written with a capital ----------------------------

def test_a_lower_case_adverb_is_no_frames_subject_in_romanized_text():
    text = ("Meena ne Raju se kaha, \"Tum kal zaroor aa jana.\" Phir achanak boli, \"Suna nahi tumne?\"\n\n"
            "Raju ne sir hilaya, \"Haan, sun liya.\"")
    result = analyze_text(text, "hi", speakers=["Meena", "Raju"], task="continuation")
    assert set(result.speakers) == {"Meena", "Raju"}   # no speaker "achanak": Meena goes on
    assert result.speakers["Meena"].turns == 2


def test_a_capitalized_name_after_an_adverb_is_the_frames_subject():
    text = "Meena ne Raju se kaha, \"Tum kal zaroor aa jana.\" Phir Raju bola, \"Haan, tum fikar mat karo.\""
    result = analyze_text(text, "hi", speakers=["Meena", "Raju"], task="continuation")
    assert result.speakers["Raju"].tier == "familiar" and result.speakers["Meena"].turns == 1


@pytest.mark.parametrize("language, text, speakers", [
    ("hi", "**Team chat — #launch-day** 🚀\n\n**Neha:** Sir, aapne build dekha?\n**Verma sir:** Haan, tum deploy kar do.",
     ["Neha", "Verma sir"]),
    ("bn", "**অফিস গ্রুপ — জরুরি** 📢\n\n**রিনা:** স্যার, আপনি রিপোর্টটা দেখেছেন?\n**বসু স্যার:** হ্যাঁ, তুমি পাঠিয়ে দাও।",
     ["রিনা", "বসু স্যার"]),
])
def test_a_title_line_in_bold_is_no_speakers_label(language, text, speakers):
    result = analyze_text(text, language, speakers=speakers, task="roleplay")
    assert set(result.speakers) == set(speakers)
    assert result.speakers[speakers[0]].addressee == speakers[1] and result.speakers[speakers[0]].tier == "formal"


def test_a_bold_word_inside_a_labelled_line_keeps_the_label():
    text = "**Neha:** Sir, aapne **build** dekha?\n**Verma sir:** Haan, tum deploy kar do."
    result = analyze_text(text, "hi", speakers=["Neha", "Verma sir"], task="roleplay")
    assert {n: s.tier for n, s in result.speakers.items()} == {"Neha": "formal", "Verma sir": "familiar"}


# --- a call followed by a name is the name's; a bare name ending the call's run names them ----

@pytest.mark.parametrize("language, text, speakers, speaker, partner, partner_tier, other, other_tier", [
    ("hi", "**Riya:** Didi, aap kab aayengi? Sun, Ishaan, tu bhi chal na!\n**Didi:** Main kal aaungi.",
     ["Riya", "Didi"], "Riya", "Didi", "formal", "Ishaan", "intimate"),
    ("bn", "**রিয়া:** দিদি, আপনি কখন আসবেন? শোন, টুবলু, তুই একটু জল আন।\n**দিদি:** কাল আসব।",
     ["রিয়া", "দিদি"], "রিয়া", "দিদি", "formal", "টুবলু", "intimate"),
    ("bn", "**Mou:** Apni ektu boshun, ami ashchi. Ei je, shunchho? Cha ta niye esho, Bablu!\n**Ranjan-da:** Thik achhe.",
     ["Mou", "Ranjan-da"], "Mou", "Ranjan-da", "formal", "Bablu", "familiar"),
])
def test_a_call_with_a_name_turns_to_the_one_named(language, text, speakers, speaker, partner, partner_tier, other,
                                                    other_tier):
    result = speaker_of(text, language, speakers, speaker)
    assert result.tier == partner_tier and result.by_addressee == {partner: partner_tier, other: other_tier}


def test_a_call_to_the_partner_in_the_partners_register_changes_nothing():
    text = "**Riya:** Sun, tu kal aa jana. Tu bhool mat jana.\n**Mona:** Haan."
    result = speaker_of(text, "hi", ["Riya", "Mona"], "Riya")
    assert result.tier == "intimate" and not result.by_addressee


# --- turning toward someone names a person, even one the lexicon does not know ----------------

@pytest.mark.parametrize("language, text, speakers, speaker, partner, other", [
    ("bn", "**মা:** শোনো রুমি, তুমি বসো। (বাবলুর দিকে ফিরে — এই, তুই চুপ কর!) তুমি খেয়ে নাও।\n**রুমি:** আচ্ছা মা।",
     ["মা", "রুমি"], "মা", "রুমি", "বাবলু"),
    ("hi", "**माँ:** सुनो रूमी, तुम बैठो। (बबलू की ओर मुड़कर — अरे, तू चुप कर!) तुम खा लो।\n**रूमी:** अच्छा माँ।",
     ["माँ", "रूमी"], "माँ", "रूमी", "बबलू"),
])
def test_turning_toward_an_unknown_name_turns_to_that_person(language, text, speakers, speaker, partner, other):
    result = speaker_of(text, language, speakers, speaker)
    assert result.tier == "familiar" and result.by_addressee == {partner: "familiar", other: "intimate"}


def test_looking_toward_a_thing_names_no_one():
    text = "**माँ:** सुनो रूमी, तुम बैठो। (खिड़की की ओर देखते हुए) बारिश रुक गई। तुम खा लो।\n**रूमी:** अच्छा माँ।"
    result = speaker_of(text, "hi", ["माँ", "रूमी"], "माँ")
    assert result.tier == "familiar" and not result.by_addressee


# --- a reporting verb with no subject of its own: the listed agent nearest before it ----------

def test_the_agent_marked_by_the_ergative_goes_on_into_the_reporting_verbs_clause():
    text = ("दोपहर हो चुकी थी। रीना रसोई में बैठकर सब्ज़ी काट रही थी जब माँ जी ने अपना चश्मा उतारकर अख़बार मेज़ पर रखा, "
            "कुछ देर खिड़की से बाहर आँगन में खेलते बच्चों को देखती रहीं और फिर बहुत धीरे से बोलीं, \"बेटी, तुम आज जल्दी "
            "सो जाना।\"\n\nरीना ने सिर हिलाया, \"जी माँ जी, आप भी आराम कीजिए।\"")
    result = analyze_text(text, "hi", speakers=["माँ जी", "रीना"], task="continuation").speakers
    assert result["माँ जी"].tier == "familiar" and result["रीना"].tier == "formal"


def test_a_reporting_verb_with_its_own_agent_keeps_it():
    text = ("दोपहर हो चुकी थी। रीना रसोई में बैठकर सब्ज़ी काट रही थी और माँ जी अख़बार पढ़ रही थीं, कुछ देर बाद "
            "रीना ने बहुत धीरे से कहा, \"माँ जी, आप आज जल्दी सो जाइए।\"\n\nमाँ जी मुस्कुराईं, \"अच्छा बेटी, तुम भी सो जाना।\"")
    result = analyze_text(text, "hi", speakers=["माँ जी", "रीना"], task="continuation").speakers
    assert result["माँ जी"].tier == "familiar" and result["रीना"].tier == "formal"


# --- a listed person called after a dash inside a sentence ------------------------------------

@pytest.mark.parametrize("language, text, speakers, speaker, partner, other", [
    ("bn", "**অমিত:** স্যার, রিপোর্টটা আমি কালকের মধ্যেই দেব — (পাশে বসা তিতলির দিকে ফিরে) তুই চুপ কর, হাসিস না — "
           "হ্যাঁ স্যার, আপনি চিন্তা করবেন না।\n**ঘোষ স্যার:** ঠিক আছে।\n**তিতলি:** আচ্ছা।",
     ["অমিত", "ঘোষ স্যার", "তিতলি"], "অমিত", "ঘোষ স্যার", "তিতলি"),
    ("hi", "**Amit:** Sir, report main kal tak de dunga — (bagal mein baithi Titli ki taraf mudkar) tu chup kar, hans "
           "mat — haan Sir, aap chinta mat kijiye.\n**Ghosh Sir:** Theek hai.\n**Titli:** Achha.",
     ["Amit", "Ghosh Sir", "Titli"], "Amit", "Ghosh Sir", "Titli"),
])
def test_a_listed_person_called_after_a_dash_is_addressed_again(language, text, speakers, speaker, partner, other):
    result = speaker_of(text, language, speakers, speaker)
    assert result.tier == "formal" and result.by_addressee == {partner: "formal", other: "intimate"}


def test_a_dash_without_a_call_changes_nothing():
    text = "**Amit:** Sir, report main kal tak de dunga — aap chinta mat kijiye.\n**Ghosh Sir:** Theek hai."
    result = speaker_of(text, "hi", ["Amit", "Ghosh Sir"], "Amit")
    assert result.tier == "formal" and not result.by_addressee


def test_a_banglish_yes_before_a_comma_is_no_call():
    # "haan" (yes) is an interjection in Banglish too, never a person called
    text = "**Mitu:** Rana, tui kal ashbi to? Haan, tui boi ta niye ashish.\n**Rana:** Accha."
    result = speaker_of(text, "bn", ["Mitu", "Rana"], "Mitu")
    assert result.tier == "intimate" and not result.by_addressee


# --- a frame that turns the speaker away: an unlisted name opening the quote is the one spoken to

@pytest.mark.parametrize("language, text, speakers, speaker, partner, other", [
    ("hi", "Dukaan mein bheed thi. Ramesh ne Mr. Gupta se kaha, \"Aap baithiye, sahab, main abhi dikhata hoon.\" Phir "
           "andar ki taraf mudkar chillaya, \"Abe Chhotu, tu phir so gaya kya? Jaldi daba la!\"\n\nMr. Gupta muskuraye, "
           "\"Koi jaldi nahi hai.\"", ["Ramesh", "Mr. Gupta"], "Ramesh", "Mr. Gupta", "Chhotu"),
    ("bn", "দোকানে ভিড়। রমেশ মিস্টার গুপ্তকে বলল, \"আপনি বসুন, আমি এক্ষুনি দেখাচ্ছি।\" তারপর ভেতরের দিকে ঘুরে চেঁচাল, "
           "\"এই পল্টু, তুই আবার ঘুমোচ্ছিস? তাড়াতাড়ি বাক্সটা আন!\"\n\nমিস্টার গুপ্ত হাসলেন, \"তাড়া নেই।\"",
     ["রমেশ", "মিস্টার গুপ্ত"], "রমেশ", "মিস্টার গুপ্ত", "পল্টু"),
])
def test_a_name_opening_a_quote_after_the_speaker_turns_away_is_the_one_spoken_to(language, text, speakers, speaker,
                                                                                   partner, other):
    result = speaker_of(text, language, speakers, speaker, task="continuation")
    assert result.tier == "formal" and result.by_addressee == {partner: "formal", other: "intimate"}


def test_a_quote_after_a_frame_that_does_not_turn_stays_with_the_partner():
    text = ("Ramesh ne Mr. Gupta se kaha, \"Aap baithiye, sahab.\" Phir muskurakar bola, \"Gupta ji, aap chai lenge?\"\n\n"
            "Mr. Gupta muskuraye, \"Haan, zaroor.\"")
    result = speaker_of(text, "hi", ["Ramesh", "Mr. Gupta"], "Ramesh", task="continuation")
    assert result.tier == "formal" and not result.by_addressee
