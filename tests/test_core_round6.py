"""Mechanisms added in round 6 (from the kinds of the spent round-5 blind sets' misses):
each on new sentences, each with a control. None of these sentences comes from a blind set.
"""
from __future__ import annotations

from honorifics import analyze_text
from speaker_view import speakers_of
from honorifics.extraction.addressees import direction_addressee
from honorifics.extraction.lexicon import load_lexicon
from honorifics.extraction.narrative import frame_speaker


# --- a stage direction names a person by a noun phrase and its case ----------------------

def test_a_direction_names_the_person_in_the_direct_form():
    hi, bn = load_lexicon("hi"), load_lexicon("bn")
    assert direction_addressee("मेहमानों से", hi) == "मेहमान"           # oblique plural
    assert direction_addressee("बच्चों की तरफ़ मुड़कर", hi) == "बच्चा"   # genitive + direction
    assert direction_addressee("অতিথিদের দিকে তাকিয়ে", bn) == "অতিথি"    # plural genitive + direction
    assert direction_addressee("মেয়ের দিকে ফিরে", bn) == "মেয়ে"
    assert direction_addressee("মিসেস দত্তকে", bn) == "মিসেস দত্ত"      # the title goes with the name
    # controls: a direct form that is already one, an unknown noun kept as written
    assert direction_addressee("चोर से", hi) == "चोर"
    assert direction_addressee("বউমাকে", bn) == "বউমা"
    assert direction_addressee("কেরানিকে", bn) == "কেরানি"


def test_a_postposition_is_never_the_person_a_direction_names():
    bn = load_lexicon("bn")
    # দিকে ends like -কে; stripped it would be the title দি
    assert direction_addressee("জানালার দিকে তাকিয়ে", bn) in (None, "জানালা")
    assert direction_addressee("দিকে", bn) is None


def test_group_address_after_a_direction_addresses_the_people_it_named():
    text = ("**মাসিমা:** (অতিথিদের দিকে) আপনারা সবাই ভেতরে এসে বসুন। "
            "(মেয়ের দিকে ফিরে) এই টুনি, তুই শরবতটা নিয়ে আয়।\n**টুনি:** আনছি মা।")
    got = speakers_of(analyze_text(text, "bn", speakers=["মাসিমা", "টুনি"], task="roleplay"))
    # the guests the direction names, then addressed as a group: keyed by the group's pronoun phrase
    assert got["মাসিমা"][2] == {"আপনারা সবাই (group)": "formal", "টুনি": "intimate"}
    # control: group address with no direction is the group itself
    text = ("**मास्टरजी:** तुम सब चुपचाप बैठो। अरे पिंटू, तू इधर आ।\n**पिंटू:** आया मास्टरजी।")
    got = speakers_of(analyze_text(text, "hi", speakers=["मास्टरजी", "पिंटू"], task="roleplay"))
    assert got["मास्टरजी"][2] == {"तुम सब (group)": "familiar", "पिंटू": "intimate"}


def test_no_one_addresses_themself():
    # सर alone is a title, and the one titled speaker is the doctor, who says it: someone else
    text = "**रमेश:** डॉक्टर साहब, मेरी माँ कैसी हैं?\n**डॉ. मेहता:** अरे बेटा, तुम बैठो। सर, आप घबराइए मत।"
    got = speakers_of(analyze_text(text, "hi", speakers=["डॉ. मेहता", "रमेश"], task="roleplay"))
    assert got["डॉ. मेहता"][2] == {"रमेश": "familiar", "सर": "formal"}
    # control: said by the other speaker, सर is the doctor
    text = "**रमेश:** सर, आप मेरी माँ को देख लीजिए।\n**डॉ. मेहता:** हाँ, तुम बैठो।"
    got = speakers_of(analyze_text(text, "hi", speakers=["डॉ. मेहता", "रमेश"], task="roleplay"))
    assert got["रमेश"] == ("formal", "डॉ. मेहता", None)


# --- who is in the dialogue when no speakers are listed ----------------------------------

def test_an_exclamation_to_the_labelled_partner_names_no_one_new():
    text = ("শিক্ষক: তুমি আগে প্রশ্নটা পড়ো।\nছাত্র: পড়েছি স্যার।\n"
            "শিক্ষক: বাহবা! দেখলেন তো, আপনি নিজেই পারলেন।")
    got = speakers_of(analyze_text(text, "bn", task="roleplay"))
    assert got["শিক্ষক"][0] == "mixed" and got["শিক্ষক"][2] is None
    # control: a stage direction to someone else still sets another addressee
    text = ("শিক্ষক: তুমি আগে প্রশ্নটা পড়ো।\nছাত্র: পড়েছি স্যার।\n"
            "শিক্ষক: (অতিথির দিকে) আপনি একটু বসুন।")
    got = speakers_of(analyze_text(text, "bn", task="roleplay"))
    assert got["শিক্ষক"][2] == {"ছাত্র": "familiar", "অতিথি": "formal"}


# --- an inverted frame names its titled subject after the verb -----------------------------

def test_an_inverted_frame_names_a_titled_subject_after_the_verb():
    bn = load_lexicon("bn")
    assert frame_speaker("লাঠি হাতে বললেন দারোগাবাবু।", bn, None) == ("দারোগাবাবু", True)
    # control: the subject before the verb still opens the clause
    assert frame_speaker("দারোগাবাবু লাঠি হাতে বললেন", bn, None) == ("দারোগাবাবু", True)


# --- a note after the answer, whatever stands before its marker ----------------------------

def test_a_note_with_an_emoji_before_its_marker_is_not_the_answer():
    text = ('ज़रूर! यह रहा जवाब:\n\n> "सर, क्या आप मुझे कल की छुट्टी दे सकते हैं? मैं परसों सारा काम कर दूँगा।"\n\n'
            '💡 **ध्यान दें:** यहाँ "आप" का प्रयोग उचित है, क्योंकि बॉस वरिष्ठ हैं।')
    record = analyze_text(text, "hi", speakers=["कर्मचारी", "बॉस"], task="dct")
    assert record.tier == "formal" and not record.refusal
    # control: an answer that is only about the forms is still the refused outcome
    text = 'यहाँ "आप" का प्रयोग उचित होगा, क्योंकि बॉस वरिष्ठ हैं। "तुम" कहना असभ्य लगेगा।'
    record = analyze_text(text, "hi", speakers=["कर्मचारी", "बॉस"], task="dct")
    assert record.refusal and record.tier == "none"


# --- a self-correction names the same person again ------------------------------------------

def test_a_vocative_after_i_mean_is_the_same_person_corrected():
    # from the dev dialogues (data/dev_dialogues.jsonl): "মানে স্যার" was read as a second person
    text = ("তানিম: ভাই... মানে স্যার! আপনি পঁয়তাল্লিশ? আপনার গলা শুনে একদম বোঝা যায়নি। "
            "আপনি কিছু মনে কোরো না প্লিজ।\nশফিক সাহেব: হা হা, গেমে বয়স কে দেখে! তুই আমাকে ভাই-ই ডাক, সমস্যা নেই।\n"
            "তানিম: ঠিক আছে ভাই, তবে গালাগালি আজ থেকে বন্ধ। চলুন, পরের ম্যাচটা শুরু করি।")
    got = speakers_of(analyze_text(text, "bn", speakers=["তানিম", "শফিক সাহেব"], task="continuation"))
    assert got["তানিম"] == ("formal", "শফিক সাহেব", None)
    # control: a vocative that names someone else in a later sentence is another addressee
    text = ("**তন্ময়:** আপনি এই অফিসের বস? এই বিল্টু, তুই চা আন।\n"
            "**রায় সাহেব:** হা হা, তাতে কী হয়েছে।")
    got = speakers_of(analyze_text(text, "bn", speakers=["তন্ময়", "রায় সাহেব"], task="roleplay"))
    assert got["তন্ময়"][2] == {"রায় সাহেব": "formal", "বিল্টু": "intimate"}


def test_an_oath_set_off_by_a_comma_is_not_a_vocative():
    # from the dev dialogues: "कसम से," (I swear) ends in a postposition: no one's name
    text = ("करण: ओ भाई... मतलब सर! आप पैंतालीस के हो? कसम से, आपकी आवाज़ से बिल्कुल नहीं लगा।\n"
            "सुरेश जी: हाहा, गेमिंग में उम्र कौन देखता है। तू मुझे भाई ही बोल, चलेगा।\n"
            "करण: ठीक है भाई, पर गाली-गलौज अब बंद। चलिए, अगला मैच शुरू करते हैं।")
    got = speakers_of(analyze_text(text, "hi", speakers=["करण", "सुरेश जी"], task="continuation"))
    assert got["करण"] == ("formal", "सुरेश जी", None)
    # control: a name set off by a comma in a later sentence is a vocative
    text = ("करण: आप पैंतालीस के हो? अरे पिंटू, तू चुप रह।\nसुरेश जी: हाहा, कोई बात नहीं।")
    got = speakers_of(analyze_text(text, "hi", speakers=["करण", "सुरेश जी"], task="roleplay"))
    assert got["करण"][2] == {"सुरेश जी": "formal", "पिंटू": "intimate"}


# --- dialect and chat paradigms, and the party's name (data) ---------------------------------

def test_bhojpuri_and_sylheti_forms_count_by_meaning():
    assert analyze_text("बाबूजी, रउआ पहिले खाना खा लीं।", "hi").tier == "formal"
    assert analyze_text("Babuji, raua kab aaib? Raur chai thanda ho gail.", "hi").tier == "formal"
    assert analyze_text("Chachi, afne kila asoin? Afnar shorir bhalo ni?", "bn").tier == "formal"
    # control: the standard forms keep their tiers beside them
    assert analyze_text("बबलू, तोहार किताब कहाँ बा? तू बता।", "hi").tier in ("intimate", "mixed", "familiar")
    assert analyze_text("Apni kemon achen?", "bn").tier == "formal"


def test_chat_spellings_without_vowels_are_their_pronouns():
    record = analyze_text("tmr exam kemon holo? kal tmk phone korbo", "bn")
    assert record.tier == "familiar"
    assert {e.text for t in record.turns for e in t.evidence} >= {"tmr", "tmk"}
    # control: a word that only contains the letters is nothing
    assert analyze_text("amra kal timer ashbo", "bn").tier == "none"


def test_the_party_aap_is_not_address():
    record = analyze_text("सुना तूने? इस बार आप पार्टी ने नया उम्मीदवार उतारा है।", "hi")
    assert [e.text for t in record.turns for e in t.evidence] == ["तूने"]
    # control: आप before another noun is address
    assert analyze_text("आप पानी पीजिए।", "hi").tier == "formal"


# --- a frame's subject with its title, one name per person -----------------------------------

def test_a_frame_names_its_speaker_with_the_title_the_text_gives():
    hi, bn = load_lexicon("hi"), load_lexicon("bn")
    assert frame_speaker("वर्मा सर चश्मा उतारकर बोले", hi, None) == ("वर्मा सर", True)
    assert frame_speaker("দত্ত বাবু হেসে বললেন", bn, None) == ("দত্ত বাবু", True)
    # control: a name with no title is the name
    assert frame_speaker("रेखा ने पूछा", hi, None) == ("रेखा", True)


def test_one_person_named_with_and_without_a_title_is_one_speaker():
    text = ('वर्मा सर चश्मा उतारकर बोले, "तू फिर देर से आया?" '
            'मैंने कहा, "सर, बस छूट गई थी।" वर्मा ने हँसकर कहा, "चल, बैठ जा।"')
    record = analyze_text(text, "hi", task="continuation")
    assert set(record.speakers) == {"वर्मा सर", "मैं (narrator)"}
    assert record.speakers["वर्मा सर"].tier == "intimate"
    # control: two different names stay two speakers
    text = 'रेखा ने पूछा, "तू कब आया?" मीना ने कहा, "आप बैठिए।"'
    assert set(analyze_text(text, "hi", task="continuation").speakers) == {"रेखा", "मीना"}
