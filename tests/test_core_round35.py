"""Mechanisms added in round 35 (from the kinds of the spent rounds' misses): each on new
sentences, each with a control. None of these sentences comes from a blind set.
"""
from __future__ import annotations

import pytest

from honorifics import analyze_text


# --- a vocative that ends a sentence turns that sentence to the person it calls -----------

@pytest.mark.parametrize("language, text, speakers, speaker, partner, other, other_tier", [
    # a listed person called at the end of a sentence between lines to the partner
    ("bn", "অমল: তুই একটু বস। চা খাবেন তো, মাসিমা? তুই চিনি নিবি?\nবিমল: হ্যাঁ, দে।\n"
           "মাসিমা: না বাবা, আমি খেয়ে এসেছি।", ["অমল", "বিমল", "মাসিমা"], "অমল", "বিমল", "মাসিমা", "formal"),
    # an unlisted kin term, in a register the rest of the turn never gives the partner
    ("hi", "रीना: तू चल, मैं आती हूँ। आप बैठिए, आंटी जी। अरे सुन, चाबी ले जाना।\nमोना: ठीक है, तू जा।",
     ["रीना", "मोना"], "रीना", "मोना", "आंटी जी", "formal"),
    ("bn", "Pinku: Tui ekhane bos. Tumi ektu jol dao, Mashi.\nBablu: Accha.",
     ["Pinku", "Bablu"], "Pinku", "Bablu", "Mashi", "familiar"),
])
def test_a_vocative_at_a_sentences_end_addresses_that_sentence(language, text, speakers, speaker, partner,
                                                                other, other_tier):
    result = analyze_text(text, language, speakers=speakers, task="roleplay").speakers[speaker]
    assert result.tier == "intimate" and result.addressee == partner   # not mixed
    assert result.by_addressee[other] == other_tier and result.by_addressee[partner] == "intimate"


@pytest.mark.parametrize("language, text, speakers, speaker, tier", [
    # the partner named again at the end
    ("hi", "Ravi: Tu kal time pe aa jana, Sonu.\nSonu: Haan bhai, tu tension mat le.", ["Ravi", "Sonu"], "Ravi",
     "intimate"),
    # a kin term for the partner, in the register the partner gets
    ("hi", "सरला: देखो, तुम पहले स्विच देखो। तुम ऊपर का तार भी देखो, बेटा।\nबबलू: जी आंटी।", ["सरला", "बबलू"],
     "सरला", "familiar"),
    ("hi", "नीता: आप कल आ जाइए, सर। आपकी फ़ाइल तैयार है।\nसर: ठीक है।", ["नीता", "सर"], "नीता", "formal"),
])
def test_a_vocative_at_a_sentences_end_naming_the_partner_changes_nothing(language, text, speakers, speaker, tier):
    result = analyze_text(text, language, speakers=speakers, task="roleplay").speakers[speaker]
    assert result.tier == tier and not result.by_addressee


def test_a_vocative_before_a_tag_question_at_a_sentences_end_addresses_that_sentence():
    text = ("Meena: Tu jaldi taiyaar ho ja. Aap bhi chai lijiye, Kamla chachi, theek hai? Tu joote pehen.\n"
            "Rinku: Haan, tu ruk.")
    result = analyze_text(text, "hi", speakers=["Meena", "Rinku", "Kamla chachi"], task="roleplay").speakers["Meena"]
    assert result.tier == "intimate" and result.by_addressee == {"Rinku": "intimate", "Kamla chachi": "formal"}
    # control: a list before the sentence's end is no vocative
    record = analyze_text("Meena: Tu aloo, pyaaz, tamatar le aana.\nRinku: Haan, tu ruk.", "hi",
                          speakers=["Meena", "Rinku"], task="roleplay")
    assert record.speakers["Meena"].tier == "intimate" and not record.speakers["Meena"].by_addressee


def test_a_name_and_title_at_a_sentences_end_turns_to_that_person_while_the_register_holds():
    text = ("Tapan: Tumi ektu jol ta boshiye dao.\nTapan: Arre, ashun ashun, Ghosh-babu! Bhetore ashun. "
            "Apni ei chair-e boshun.\nMili: Tumi to bolle na!")
    result = analyze_text(text, "bn", speakers=["Mili", "Tapan"], task="roleplay").speakers["Tapan"]
    assert result.tier == "familiar" and result.by_addressee == {"Mili": "familiar", "Ghosh-babu": "formal"}


@pytest.mark.parametrize("language, text, speakers, speaker, tier", [
    # a kin term with its honorific names a role, not another person: the partner, same register
    ("hi", "टीसी: ज़रा आपका टिकट दिखाइए, बाबा जी। आप यहीं बैठिए।\nयात्री: अच्छा बेटा, तुम देख लो।",
     ["टीसी", "यात्री"], "टीसी", "formal"),
    # a verb after a comma is no vocative, whatever its last word (বস "sit" is also "boss")
    ("bn", "ওসি: আর তুই, এখানে বস। সত্যি কথা বলবি।\nহাবিব: জি স্যার।", ["ওসি", "হাবিব"], "ওসি", "intimate"),
])
def test_what_ends_a_sentence_without_naming_another_person_changes_nothing(language, text, speakers, speaker, tier):
    result = analyze_text(text, language, speakers=speakers, task="roleplay").speakers[speaker]
    assert result.tier == tier and not result.by_addressee


def test_a_self_correction_to_an_unnamed_partner_stays_mixed():
    # (the partner has no name: the term at the end may be what the speaker calls them)
    record = analyze_text("— Tu… matlab aap kab aaye, uncle?\n— Bas abhi, beta. Tumhara kya haal hai?", "hi",
                          task="continuation")
    assert record.speakers["_unnamed_1"].tier == "mixed"


# --- a pronoun frame refers back to the one listed person the sentence before names --------

@pytest.mark.parametrize("language, text, speakers, speaker", [
    ("bn", "রান্নাঘরে বসে মিনু অনেকক্ষণ আলু কাটছিল। হঠাৎ সে ছুরি নামিয়ে বলল, \"তুই আজ বাজারে যাবি?\"",
     ["মিনু", "টুকু"], "মিনু"),
    ("hi", "बरामदे में बैठी सीमा देर से चुप थी। फिर उसने धीरे से कहा, \"तू कल आएगा न?\"", ["सीमा", "राजू"], "सीमा"),
])
def test_a_pronoun_frame_is_the_listed_person_the_sentence_before_is_about(language, text, speakers, speaker):
    record = analyze_text(text, language, speakers=speakers, task="continuation")
    assert record.speakers[speaker].tier == "intimate"
    assert not any(name.endswith("(unnamed)") for name in record.speakers)


@pytest.mark.parametrize("language, text, speakers, unnamed", [
    # the sentence before names someone else too: the pronoun may be either
    ("bn", "মিনু দরজা খুলতেই দেখল, বাইরে এক বুড়ো লোক দাঁড়িয়ে। তিনি হেসে বললেন, \"তুমি কি মিনুর দিদি?\"",
     ["মিনু"], "তিনি (unnamed)"),
    # no one listed: the pronoun keeps its key (DESIGN.md)
    ("hi", "बूढ़े कुली ने बक्सा नीचे रखा। फिर उसने कहा, \"आप चिंता मत कीजिए, गाड़ी आ जाएगी।\"", None, "वह (unnamed)"),
])
def test_a_pronoun_frame_without_one_listed_antecedent_stays_unnamed(language, text, speakers, unnamed):
    record = analyze_text(text, language, speakers=speakers, task="continuation")
    assert unnamed in record.speakers


# --- a JSON list of turns printed one key a line ------------------------------------------

@pytest.mark.parametrize("language, text, first, second", [
    ("bn", "```json\n[\n  {\n    \"speaker\": \"মিতা\",\n    \"text\": \"তুই কাল আসবি তো?\"\n  },\n  {\n"
           "    \"speaker\": \"রুমি\",\n    \"text\": \"হ্যাঁ রে, তুই চিন্তা করিস না।\"\n  }\n]\n```",
     ("মিতা", "intimate"), ("রুমি", "intimate")),
    # the text before the name in each object
    ("hi", "[\n  {\n    \"text\": \"आप कब आएँगे?\",\n    \"speaker\": \"नेहा\"\n  },\n  {\n"
           "    \"text\": \"बस दस मिनट में, तुम रुको।\",\n    \"speaker\": \"अमित\"\n  }\n]",
     ("नेहा", "formal"), ("अमित", "familiar")),
])
def test_a_json_list_printed_one_key_a_line_is_a_dialogue(language, text, first, second):
    record = analyze_text(text, language, speakers=[first[0], second[0]], task="roleplay")
    speech = [turn for turn in record.turns if turn.kind == "speech"]
    assert [(turn.speaker, turn.tier) for turn in speech] == [first, second]
    assert all('"' not in turn.text and "{" not in turn.text for turn in speech)   # the text alone


def test_a_json_object_without_a_name_key_is_no_turn():
    text = "```json\n{\n  \"title\": \"नया सफ़र\",\n  \"text\": \"तुम कल आना।\"\n}\n```"
    record = analyze_text(text, "hi", task="roleplay")
    assert "नया सफ़र" not in record.speakers


# --- a verb root's participle is no frame's subject; the narrator spoken to is not speaking ---

def test_a_participle_before_the_reporting_verb_is_no_speaker():
    text = "মিনু বলল, \"তুই এখন যা।\" তারপর ফিসফিস করে বলল, \"তুই কাল আবার আসবি তো?\""
    record = analyze_text(text, "bn", speakers=["মিনু", "টুকু"], task="continuation")
    assert set(record.speakers) == {"মিনু", "টুকু"} and record.speakers["মিনু"].turns == 2
    text = "Minu bollo, \"Tui ekhon ja.\" Tarpor phisphis kore bollo, \"Tui kal abar ashbi to?\""
    record = analyze_text(text, "bn", speakers=["Minu", "Tuku"], task="continuation")
    assert set(record.speakers) == {"Minu", "Tuku"} and record.speakers["Minu"].turns == 2


@pytest.mark.parametrize("frame, narrator_turns", [
    ("তারপর হেসে আমাকে বললেন", 1),   # told me: someone else, not the narrator
    ("তারপর হেসে বললাম", 2),         # control: the narrator goes on
])
def test_a_frame_that_speaks_to_the_narrator_is_not_the_narrators(frame, narrator_turns):
    text = f"আমি বললাম, \"আপনি এখানে বসুন।\" {frame}, \"তুমি খুব ভালো ছেলে।\""
    record = analyze_text(text, "bn", task="continuation")
    narrator = record.speakers["আমি (narrator)"]
    assert narrator.turns == narrator_turns
    if narrator_turns == 1:
        assert narrator.tier == "formal"   # not mixed by the other's তুমি


# --- labels whose every line names the forms in quotes are an answer's items ---------------

@pytest.mark.parametrize("language, text", [
    ("hi", "आपके सवाल का जवाब:\n\n### दुकानदार ग्राहक से कैसे बात करे?\n- **बुज़ुर्ग ग्राहक:** हमेशा \"आप\" कहें — "
           "जैसे *\"आप बैठिए, मैं दिखाता हूँ।\"*\n- **छोटा बच्चा:** \"तुम\" ठीक है — *\"तुम कौन-सी टॉफ़ी लोगे?\"*\n\n"
           "चाहें तो मैं पूरा संवाद लिख दूँ।"),
    ("bn", "সংক্ষেপে উত্তর:\n\n- **শিক্ষক:** ছাত্রকে \"তুমি\" বলাই স্বাভাবিক — যেমন *\"তুমি কাল খাতাটা এনো।\"*\n"
           "- **ছাত্র:** শিক্ষককে \"আপনি\" — *\"আপনি কি কাল আসবেন?\"*\n\nআর কিছু জানতে চাইলে বলবেন।"),
])
def test_labels_whose_lines_name_the_forms_are_an_answer_about_them(language, text):
    record = analyze_text(text, language)
    assert record.refusal and record.tier == "none" and not record.speakers and record.user_tier == "formal"


@pytest.mark.parametrize("language, text, speakers", [
    # a dialogue in bullets after a heading
    ("hi", "यह रहा संवाद:\n\n- **राम:** तू कहाँ था?\n- **श्याम:** घर पर था, तू बता?", {"राम", "श्याम"}),
    # one line that sets two forms against each other is a character's
    ("hi", "**राम:** \"आप\" नहीं, \"तू\" बोल मुझसे!\n**श्याम:** ठीक है, तू ही सही।", {"राम", "श्याम"}),
])
def test_a_dialogue_in_a_plain_reply_stays_a_dialogue(language, text, speakers):
    record = analyze_text(text, language)
    assert not record.refusal and set(record.speakers) == speakers and record.tier == "intimate"


# --- a sentence too long to be read as one frame: its clauses find the speaker -------------

def test_a_quote_after_a_very_long_sentence_is_its_subjects():
    text = ("शाम की हल्की धूप अभी आँगन की पुरानी दीवार के ऊपरी हिस्से तक ही पहुँची थी जब दादाजी ने अख़बार की गड्डी "
            "लकड़ी की मेज़ पर रखी, अपना मोटा चश्मा कुर्ते के कोने से पोंछा और दरवाज़े के पास चुपचाप खड़े बबलू की तरफ़ "
            "देखकर धीरे से बोले, \"तू फिर देर से आया? जा, हाथ-मुँह धो ले।\"")
    record = analyze_text(text, "hi", speakers=["दादाजी", "बबलू"], task="continuation")
    assert record.speakers["दादाजी"].tier == "intimate" and set(record.speakers) == {"दादाजी", "बबलू"}


def test_a_frame_word_before_a_title_is_no_name():
    from honorifics.extraction.lexicon import load_lexicon
    from honorifics.extraction.narrative import frame_speaker
    assert frame_speaker("तब मास्टर जी ने आवाज़ लगाई", load_lexicon("hi"), None, action=True)[0] == "मास्टर जी"


# --- a quote inside a narrative quote is someone else's words -----------------------------

@pytest.mark.parametrize("language, text, speakers, speaker, tier", [
    ("hi", "दादी ने हँसकर कहा, 'नहीं बेटा, तुम चिंता मत करो। तुम्हारे चाचा ने कल कहा था, \"माँ, आप आराम कीजिए।\" "
           "वह आता ही होगा।'", ["दादी", "रोहन"], "दादी", "familiar"),
    ("bn", "Thakuma hese bollen, 'Na re, tui bhabish na. Tor kaka kal bolechhilo, \"Ma, apni bishram nin.\" "
           "O eshe porbe.'", ["Thakuma", "Rohan"], "Thakuma", "intimate"),
    # control: a single-quoted title inside a double-quoted turn is cut as before
    ("hi", "रोहन ने पूछा, \"तुमने कल 'आप की क़सम' देखी?\"", ["रोहन", "मीना"], "रोहन", "familiar"),
])
def test_a_quote_inside_a_narrative_quote_is_not_the_speakers_address(language, text, speakers, speaker, tier):
    record = analyze_text(text, language, speakers=speakers, task="continuation")
    assert record.speakers[speaker].tier == tier


# --- kin with the affectionate -মণি / -moni is a person: a subject before an honorific verb -----

@pytest.mark.parametrize("text, speakers, tier", [
    ("Rina: Mashimoni to platform e boshe achhen.\nTutul: Accha.", ["Rina", "Tutul"], "none"),
    ("রিনা: মাসিমণি কাল সকালে আসবেন। স্টেশনে যেও কিন্তু।\nটুটুল: আচ্ছা।", ["রিনা", "টুটুল"], "familiar"),
])
def test_kin_with_the_affectionate_suffix_is_a_third_person_subject(text, speakers, tier):
    record = analyze_text(text, "bn", speakers=speakers, task="roleplay")
    assert record.speakers[speakers[0]].tier == tier   # the 3rd-person আছেন / আসবেন is no address


def test_kin_with_the_affectionate_suffix_said_to_someone_is_still_address():
    record = analyze_text("Rina: Didimoni, apni kal ashben to?\nTutul: Haan.", "bn", speakers=["Rina", "Tutul"],
                          task="roleplay")
    assert record.speakers["Rina"].tier == "formal"


# --- the feminine call अरी is an interjection and an address word, as अरे is ----------------

def test_the_feminine_call_is_no_name():
    # (नौकरानी से) अरी, …: the direction's person, not a name अरी
    text = ("मालकिन: (नौकरानी से) अरी, खड़ी-खड़ी क्या देख रही है? जल्दी पानी ला।\n"
            "मालकिन: आप बैठिए न, बहन जी। चाय अभी आती है।\nमेहमान: अरे, आप तकलीफ़ मत कीजिए।")
    record = analyze_text(text, "hi", speakers=["मालकिन", "मेहमान"], task="roleplay")
    assert record.speakers["मालकिन"].by_addressee == {"नौकरानी": "intimate", "मेहमान": "formal"}


# --- God as the subject of a blessing is a third person (as in the Bangla lexicon) ----------

@pytest.mark.parametrize("text, tier", [
    ("पुजारी: भगवान सबका कल्याण करें।\nसेठ: जय हो।", "none"),
    ("Pujari: Bhagwan sabka bhala karein.\nSeth: Jai ho.", "none"),
    ("पुजारी: आप सब प्रसाद लेकर जाएँ।\nसेठ: जय हो।", "formal"),   # control: said to people
])
def test_god_as_the_subject_of_a_blessing_is_no_address(text, tier):
    speakers = ["पुजारी", "सेठ"] if "पुजारी" in text else ["Pujari", "Seth"]
    record = analyze_text(text, "hi", speakers=speakers, task="roleplay")
    assert record.speakers[speakers[0]].tier == tier
