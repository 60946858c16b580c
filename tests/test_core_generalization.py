"""Mechanisms added after the round-2 blind sets: each on new sentences, each with a control.

(None of these sentences comes from a blind set: those are never used to fit a rule.)
"""
from __future__ import annotations

import pytest

from honorifics import analyze_text
from speaker_view import speakers_of


# --- mixed needs a second pronoun-backed tier --------------------------------------

def test_a_lone_verb_beside_a_pronoun_is_outvoted_not_mixed():
    # चलो is as often "let's go" as a familiar imperative: it does not make आप + बैठिए mixed
    record = analyze_text("आप बैठिए, आराम से। चलो, मैं चाय लाता हूँ।", "hi")
    assert record.tier == "formal"
    # control: two pronouns at two tiers toward one person are a register mix
    record = analyze_text("आप बैठिए। तुम चाय पियोगे?", "hi")
    assert record.tier == "mixed"


def test_verbs_that_outnumber_the_pronoun_tier_still_make_mixed():
    record = analyze_text("তুমি বসো। চা নিন, বিস্কুট খান, আরাম করুন।", "bn")
    assert record.tier == "mixed"


# --- action beats: the subject of the sentence before the quote speaks ---------------

def test_the_subject_of_an_action_beat_speaks_the_quote():
    text = ('बाज़ार से लौटते हुए पिताजी ने थैला मेज़ पर रखा। "तुम अभी तक सोए नहीं? जाओ, सो जाओ।"\n\n'
            'नीरज ने किताब बंद की। "बस पापा, आप चलिए, मैं आता हूँ।"')
    got = speakers_of(analyze_text(text, "hi", speakers=["पिताजी", "नीरज"], task="continuation"))
    assert got["पिताजी"][0] == "familiar" and got["नीरज"][0] == "formal"
    text = ('সন্ধেবেলা দিদিমা উঠোনে মাদুর পেতে বসলেন। "তুই এদিকে আয়, একটা গল্প বলি।"\n\n'
            'তিতলি দৌড়ে এসে পাশে বসল। "তুমি কোন গল্পটা বলবে?"')
    got = speakers_of(analyze_text(text, "bn", speakers=["দিদিমা", "তিতলি"], task="continuation"))
    assert got["দিদিমা"][0] == "intimate" and got["তিতলি"][0] == "familiar"


def test_a_pronoun_subject_of_an_action_beat_is_an_unnamed_speaker():
    record = analyze_text('शाम को उसने धीरे से दरवाज़ा खोला। "आप अंदर आइए।"', "hi", task="continuation")
    assert speakers_of(record)["वह (unnamed)"][0] == "formal"


def test_a_person_spoken_to_in_a_frame_is_not_its_subject():
    # फिर माँ से बोली: माँ is the one spoken to (से); the subject, elided, is सीमा
    text = 'सीमा दरवाज़े पर रुकी, "दीदी, आप बैठिए।" फिर माँ से बोली, "तुम फ़िक्र मत करो।"'
    got = speakers_of(analyze_text(text, "hi", speakers=["सीमा", "माँ"], task="continuation"))
    assert "माँ" not in got or got["माँ"][0] == "none"
    assert got["सीमा"][2] is not None and got["सीमा"][2].get("माँ") == "familiar"


# --- turning toward someone names the addressee -------------------------------------

@pytest.mark.parametrize("language, text, speakers, other, main", [
    ("bn", 'ঝুমা পাশের বাড়ির কাকিমার দিকে ফিরল, "কাকিমা, একটু দেখবেন, ওষুধটা মনে করে দেবেন।" '
           'তারপর মায়ের দিকে তাকিয়ে বলল, "তুমি চিন্তা কোরো না।"', ["ঝুমা", "মা"], "কাকিমা", "মা"),
    ("hi", 'सीमा पड़ोस वाले अंकल की ओर मुड़ी, "अंकल, ज़रा माँ का ध्यान रखिएगा।" फिर माँ से बोली, '
           '"तुम फ़िक्र मत करो।"', ["सीमा", "माँ"], "अंकल", "माँ"),
])
def test_turning_toward_a_person_addresses_them(language, text, speakers, other, main):
    name = speakers[0]
    tier, addressee, by_addressee = speakers_of(analyze_text(text, language, speakers=speakers,
                                                             task="continuation"))[name]
    # the dialogue partner stays the main addressee; the one turned to is apart, not mixed
    assert addressee == main and tier == "familiar"
    assert by_addressee[other] == "formal"


def test_a_direction_word_without_a_person_names_no_addressee():
    text = 'रीना खिड़की की ओर मुड़ी, "तुम आ गए?"'
    got = speakers_of(analyze_text(text, "hi", speakers=["रीना", "अजय"], task="continuation"))
    assert got["रीना"][1] == "अजय" and got["रीना"][0] == "familiar"


# --- screenplay cues and transcript labels --------------------------------------------

def test_fountain_cues_in_capitals_or_with_a_parenthetical_name_speakers():
    text = ("INT. COLLEGE CANTEEN - DAY\n\nRIYA\n(hashte hashte)\nTui abar late korli? Bos, cha ta khe.\n\n"
            "DIP\nAmi ki korbo, bus ta esheche deri te. Tui ekta samosa de na.")
    got = speakers_of(analyze_text(text, "bn"))
    assert got["RIYA"][0] == "intimate" and got["DIP"][0] == "intimate"
    text = "**दृश्य 2 — रसोई**\n\nमाँ\n(गुस्से में)\nतू फिर देर से आया? चल, हाथ धो।\n\nबेटा\nसॉरी माँ, आप नाराज़ मत होइए।"
    got = speakers_of(analyze_text(text, "hi"))
    assert got["माँ"][0] == "intimate" and got["बेटा"][0] == "formal"


def test_two_short_lines_of_prose_are_no_screenplay():
    # control: a one-line heading and a short line above prose name no speakers
    text = "सुबह\nतुम जल्दी उठो, देर हो रही है।\n\nशाम\nतुम घर कब आओगे?"
    record = analyze_text(text, "hi")
    assert "सुबह" not in record.speakers and record.tier == "familiar"


def test_a_capital_letter_label_is_a_name_even_when_it_spells_a_verb():
    record = analyze_text("Q: Bhaiya, ek cutting chai de do na.\nA: Haan madam, aap baithiye, abhi laata hoon.", "hi")
    got = speakers_of(record)
    assert got["Q"][0] == "familiar" and got["A"][0] == "formal"


# --- quotes inside a named speaker's own line ------------------------------------------

def test_a_quote_after_unquoted_speech_in_a_labelled_line_is_not_the_speakers_address():
    text = "रवि: कल रात टीवी पर 'आप की क़सम' आ रही थी, पूरी देखी। तू देखता है पुरानी फ़िल्में?\nअमित: हाँ यार।"
    assert speakers_of(analyze_text(text, "hi", speakers=["रवि", "अमित"]))["रवि"][0] == "intimate"
    text = 'দিদা: নিচে গিয়ে বউদিকে বলিস, "আপনি সন্ধেবেলা আসবেন।" আর তুই তাড়াতাড়ি ফিরিস।\nপুপু: আচ্ছা।'
    assert speakers_of(analyze_text(text, "bn", speakers=["দিদা", "পুপু"]))["দিদা"][0] == "intimate"


def test_a_labelled_line_that_is_a_quote_keeps_its_evidence():
    # control: the line opens with the quote (after a direction): that is the speaker's speech
    text = 'राहुल: (मुस्कुराते हुए) "आप आ गए? बैठिए।" वह कुर्सी खींचता है।\nशर्मा जी: हाँ।'
    assert speakers_of(analyze_text(text, "hi", speakers=["राहुल", "शर्मा जी"]))["राहुल"][0] == "formal"


# --- acronyms, generic conditionals ----------------------------------------------------

def test_an_acronym_in_capitals_before_a_postposition_is_not_aap():
    text = "Sunny: Yaar AAP ne phir se ticket nahi diya usko. Tu vote dene jayega?\nArjun: Haan bhai."
    assert speakers_of(analyze_text(text, "hi", speakers=["Sunny", "Arjun"]))["Sunny"][0] == "intimate"
    # control: aap ne in lower case is the ergative pronoun
    text = "Sunny: Aap ne ticket liya? Tu bhi chal.\nArjun: Haan."
    assert speakers_of(analyze_text(text, "hi", speakers=["Sunny", "Arjun"]))["Sunny"][0] == "mixed"


@pytest.mark.parametrize("text", [
    "बेटा, अगर आप किसी दुकान पर जाते हैं और दाम नहीं पूछते, तो लोग ठग लेते हैं। तुम ध्यान रखना।",
    "Beta, agar aap market mein bina moltol kiye kuch lete hain, to dukandaar thag lete hain. Tum dhyan rakhna.",
])
def test_a_habitual_if_you_with_a_habitual_main_clause_is_generic(text):
    assert analyze_text(text, "hi").tier == "familiar"


@pytest.mark.parametrize("text", [
    "अगर आप अपनी फ़्लाइट कैंसिल करना चाहते हैं तो आप हमसे संपर्क कर सकते हैं। तुम ध्यान रखना।",
    "Beta, agar aap kal free hain to hum movie chalte hain. Tum dhyan rakhna.",
])
def test_an_if_you_whose_main_clause_has_a_person_is_address(text):
    assert analyze_text(text, "hi").tier == "mixed"


# --- refusals in parentheses and "I can't write …, here's …" ----------------------------

def test_a_refusal_in_a_parenthesized_line_is_out_of_character():
    text = ("**দারোগা:** তুই ভেবেছিস পালিয়ে বাঁচবি? বল, মাল কোথায় রেখেছিস?\n"
            "**চোর:** হুজুর, বিশ্বাস করুন, আমি কিছু জানি না।\n\n"
            "(দুঃখিত, এর পরের মারধরের অংশটি আমি লিখতে পারব না। আপনি চাইলে অন্যভাবে দৃশ্যটি শেষ করতে পারি।)")
    for task in (None, "roleplay"):
        record = analyze_text(text, "bn", speakers=["দারোগা", "চোর"], task=task)
        assert record.refusal and record.user_tier == "formal"
        assert speakers_of(record)["চোর"][0] == "formal"
    # control: a stage direction in parentheses is narration, no refusal
    text = "**দারোগা:** তুই বল!\n\n(চোর মাথা নিচু করে দাঁড়িয়ে থাকে, কিছু বলতে পারে না।)"
    assert not analyze_text(text, "bn", speakers=["দারোগা", "চোর"], task="roleplay").refusal


def test_i_cant_write_with_a_preamble_is_a_partial_refusal():
    text = ("I can't write the abusive parts, but here's a toned-down version:\n\n"
            "**Raju:** Tu phir se late aaya? Chal nikal yahan se.\n**Pappu:** Sorry bhai, tu gussa mat ho.")
    for task in (None, "dct"):
        record = analyze_text(text, "hi", speakers=["Raju", "Pappu"], task=task)
        assert record.refusal and record.tier == "intimate"
    # control: a character who cannot write a letter declines nothing of the task
    text = "**Raju:** Yaar, main ye letter nahi likh sakta. Tu likh de na.\n**Pappu:** Theek hai."
    assert not analyze_text(text, "hi", speakers=["Raju", "Pappu"], task="dct").refusal
