"""Mechanisms added in round 4 (from the kinds of the spent blind sets' misses): each on
new sentences, each with a control. None of these sentences comes from a blind set.
"""
from __future__ import annotations

from honorifics import analyze_text
from speaker_view import speakers_of


# --- a blank line or a rule ends a labelled turn ----------------------------------------

def test_a_closing_note_after_a_rule_is_not_the_last_speakers():
    text = ("**नीलम:** तू फिर देर से आया?\n**सोनू:** माफ़ कर दे यार, बस छूट गई।\n\n---\n\n"
            "आशा है यह दृश्य आपको पसंद आया होगा! आप चाहें तो मैं इसे आगे बढ़ा सकती हूँ।")
    got = speakers_of(analyze_text(text, "hi", speakers=["नीलम", "सोनू"], task="roleplay"))
    assert got["सोनू"][0] == "intimate" and got["नीलम"][0] == "intimate"
    text = ("**Tania:** tui kal ashbi to?\n**Rumi:** hya re, tui chinta korish na.\n\n"
            "Apnar jodi aro kichu lage, janaben!")
    got = speakers_of(analyze_text(text, "bn", speakers=["Tania", "Rumi"], task="roleplay"))
    assert got["Rumi"][0] == "intimate"


def test_a_line_right_after_a_turn_still_continues_it():
    # control: no blank line, no rule — the speaker goes on
    text = "**नीलम:** सुनो,\nतुम कल मेरे साथ बाज़ार चलोगे?\n**सोनू:** हाँ, चलूँगा।"
    got = speakers_of(analyze_text(text, "hi", speakers=["नीलम", "सोनू"], task="roleplay"))
    assert got["नीलम"][0] == "familiar"


# --- stage directions and asides inside a turn ----------------------------------------

def test_a_stage_direction_inside_a_turn_turns_to_another_person():
    text = ("**মালিক:** আসুন, আপনি এখানে বসুন। (কর্মচারীর দিকে ফিরে) এই বিল্টু, তুই চা নিয়ে আয়।\n"
            "**খদ্দের:** না না, ব্যস্ত হবেন না।")
    got = speakers_of(analyze_text(text, "bn", speakers=["মালিক", "খদ্দের"], task="roleplay"))
    assert got["মালিক"][0] == "formal"
    assert got["মালিক"][2] == {"খদ্দের": "formal", "বিল্টু": "intimate"}


def test_an_aside_goes_to_the_person_it_names_and_changes_nothing_after_it():
    text = ("**पिताजी:** आइए शर्मा जी, आप अंदर आइए। (अरे मुन्ना, तू दो कुर्सियाँ ले आ!) "
            "हाँ, तो आप कह रहे थे कि बेटी की शादी तय हो गई?\n**शर्मा जी:** जी हाँ, अगले महीने है।")
    got = speakers_of(analyze_text(text, "hi", speakers=["पिताजी", "शर्मा जी"], task="roleplay"))
    assert got["पिताजी"][0] == "formal"
    assert got["पिताजी"][2] == {"शर्मा जी": "formal", "मुन्ना": "intimate"}
    # a listed person set off by commas inside the aside
    text = ("**Maa:** Beta, tum khana kha lo. (aur tu, Chhotu, TV band kar!)\n"
            "**Beta:** Haan maa, abhi aata hoon.")
    got = speakers_of(analyze_text(text, "hi", speakers=["Maa", "Beta", "Chhotu"], task="roleplay"))
    assert got["Maa"][2] == {"Beta": "familiar", "Chhotu": "intimate"}


def test_after_a_side_remark_the_partners_register_returns_to_the_partner():
    text = ("**দাদু:** আসুন ডাক্তারবাবু, বসুন। (নাতিকে) এই বাবলু, জল নিয়ে আয়। "
            "তা আপনার চেম্বার আজ বন্ধ নাকি?\n**ডাক্তারবাবু:** হ্যাঁ, আজ ছুটি।")
    got = speakers_of(analyze_text(text, "bn", speakers=["দাদু", "ডাক্তারবাবু"], task="roleplay"))
    assert got["দাদু"][2] == {"ডাক্তারবাবু": "formal", "বাবলু": "intimate"}
    # control: the same register after a vocative stays with the person named
    text = ("**দাদু:** আসুন ডাক্তারবাবু, বসুন। এই বাবলু, জল নিয়ে আয়। তুই আর দেরি করিস না।\n"
            "**ডাক্তারবাবু:** হ্যাঁ, বসছি।")
    got = speakers_of(analyze_text(text, "bn", speakers=["দাদু", "ডাক্তারবাবু"], task="roleplay"))
    assert got["দাদু"][2] == {"ডাক্তারবাবু": "formal", "বাবলু": "intimate"}


def test_a_direction_that_names_no_person_changes_no_addressee():
    text = ("**रमा:** आप बैठिए, भाभी जी। (रसोई की ओर देखते हुए) आप चाय लेंगी या कॉफ़ी?\n"
            "**भाभी जी:** बस चाय।")
    got = speakers_of(analyze_text(text, "hi", speakers=["रमा", "भाभी जी"], task="roleplay"))
    assert got["रमा"] == ("formal", "भाभी जी", None)


def test_a_writing_verb_alone_does_not_make_a_parenthesis_the_models_note():
    text = ("**दीदी:** आप फ़िक्र मत कीजिए, माँ। (फ़ोन छोटे की ओर बढ़ाते हुए — तू भी बात कर ले।)\n"
            "**छोटू:** हाँ माँ, मैं ठीक हूँ।")
    record = analyze_text(text, "hi", speakers=["दीदी", "छोटू"], task="roleplay")
    assert record.user_tier in (None, "none")
    # control: an offer in parentheses is the model's
    text = "**दीदी:** तू चुप बैठ। (आप चाहें तो मैं यह दृश्य आगे लिख दूँ।)\n**छोटू:** ठीक है।"
    record = analyze_text(text, "hi", speakers=["दीदी", "छोटू"], task="roleplay")
    assert record.user_tier == "formal"


# --- chat layouts -----------------------------------------------------------------------

def test_timestamps_in_native_digits_with_a_time_word_or_a_date():
    text = "[সকাল ৮:০৫] বাবা: তুই উঠেছিস?\n[সকাল ৮:০৭] টুম্পা: হ্যাঁ বাবা, তুমি চা খেয়েছ?"
    got = speakers_of(analyze_text(text, "bn", speakers=["বাবা", "টুম্পা"], task="roleplay"))
    assert got["বাবা"][0] == "intimate" and got["টুম্পা"][0] == "familiar"
    text = "[03/11/25, 9:41 PM] Neha: tum pahunch gaye?\n[03/11/25, 9:43 PM] Arjun: haan, tu so ja ab."
    got = speakers_of(analyze_text(text, "hi", speakers=["Neha", "Arjun"], task="roleplay"))
    assert got["Neha"][0] == "familiar" and got["Arjun"][0] == "intimate"


def test_an_apostrophe_inside_a_latin_name_label():
    text = "**D'Souza:** Aap kal office aayenge?\n**Ravi:** Ji sir, zaroor."
    got = speakers_of(analyze_text(text, "hi", speakers=["D'Souza", "Ravi"], task="roleplay"))
    assert got["D'Souza"][0] == "formal"
    # control: a quoted word before a colon is no label
    record = analyze_text("'Aap' ka matlab: tum se zyada izzat.", "hi")
    assert "'Aap' ka matlab" not in record.speakers


def test_one_group_under_its_several_pronoun_forms():
    text = "**Sir:** Tomra boi khulo. Tomader homework kothay?\n**Ria:** Sir, ami enechi."
    got = speakers_of(analyze_text(text, "bn", speakers=["Sir", "Ria"], task="roleplay"))
    assert len(got["Sir"][2] or {"one": 1}) == 1


# --- layouts and frames ---------------------------------------------------------------

def test_a_fountain_cue_with_a_titles_abbreviation_point():
    text = ("INT. थाना – दिन\n\nइंस्पेक्टर वर्मा कुर्सी पर बैठे हैं।\n\nइं. वर्मा\n(फ़ाइल बंद करते हुए)\n"
            "तुम कल रात कहाँ थे?\n\nमुन्ना\nसाहब, आप मेरी बात तो सुनिए।")
    got = speakers_of(analyze_text(text, "hi", speakers=["इं. वर्मा", "मुन्ना"], task="roleplay"))
    assert got["इं. वर्मा"][0] == "familiar" and got["मुन्ना"][0] == "formal"


def test_a_narration_line_names_the_dash_line_after_it():
    text = ("বারান্দায় বসে খবরের কাগজ পড়ছিলেন দাদু।\n— তুই আবার অফিসে দেরি করলি?\n"
            "রাজু জুতো খুলতে খুলতে মুখ তুলল।\n— তুমি ঘুমোওনি এখনও?")
    got = speakers_of(analyze_text(text, "bn", speakers=["দাদু", "রাজু"], task="continuation"))
    assert got["দাদু"][0] == "intimate" and got["রাজু"][0] == "familiar"


def test_a_verb_before_a_title_is_no_subject_in_an_inverted_frame():
    text = ('"ব্যথাটা কোথায়?" পেটে হাত রেখে জিজ্ঞেস করলেন ডাক্তার বসু।\n\n'
            '"তুমি আগে শুয়ে পড়ো," বললেন ডাক্তার বসু।')
    got = speakers_of(analyze_text(text, "bn", speakers=["ডাক্তার বসু"], task="continuation"))
    assert got["ডাক্তার বসু"][0] == "familiar"
    assert not any(name.endswith("লেন") for name in got)


def test_the_clause_next_to_a_quote_frames_it_when_two_frames_stand_between_quotes():
    text = ('"तुम रोज़ लेट आते हो," मैनेजर ने फ़ाइल पटककर कहा, तो राकेश धीरे से बोला, '
            '"सर, आप मेरी बात भी तो सुनिए।"')
    got = speakers_of(analyze_text(text, "hi", speakers=["मैनेजर", "राकेश"], task="continuation"))
    assert got["मैनेजर"][0] == "familiar" and got["राकेश"][0] == "formal"


def test_an_action_beat_line_names_the_quote_line_after_it():
    text = ('শীতের সকালে মিনু চাদর মুড়ি দিয়ে বারান্দায় এল।\n"তুই এত সকালে উঠলি কেন রে?"\n'
            'বুবাই বই থেকে মুখ না তুলেই বলল, "পরীক্ষা আছে, তুমি যাও তো।"')
    got = speakers_of(analyze_text(text, "bn", speakers=["মিনু", "বুবাই"], task="continuation"))
    assert got["মিনু"][0] == "intimate" and got["বুবাই"][0] == "familiar"


def test_a_one_word_sentence_between_a_beat_and_its_quote_is_passed_over():
    text = ('Priya ne Rohan se poocha, "Aap chai lenge?" Rohan ne sir hilaya. '
            'Priya ne darwaza khola, phir bahar jhaanka. Sannata. "Tum log kahan chale gaye?"')
    got = speakers_of(analyze_text(text, "hi", speakers=["Priya", "Rohan"], task="continuation"))
    assert got["Priya"][2] == {"Rohan": "formal", "tum log (group)": "familiar"}
    assert got["Rohan"][0] == "none"


# --- out-of-character text ---------------------------------------------------------------

def test_cant_write_it_then_an_offer_in_the_same_paragraph_is_a_refusal():
    text = ("**মা:** তুই আবার পরীক্ষায় ফেল করেছিস?\n\n"
            "(এর পরেরটুকু আমি লিখতে পারব না। চাইলে অন্যভাবে এগিয়ে নিতে পারি — বলবেন।)")
    record = analyze_text(text, "bn", speakers=["মা"], task="roleplay")
    assert record.refusal and record.tier == "intimate"
    # control: a character's "I can't write" with no offer is in character
    record = analyze_text("**राजू:** माँ, मैं यह चिट्ठी नहीं लिख सकता, तुम ही लिख दो।", "hi",
                          speakers=["राजू"], task="roleplay")
    assert not record.refusal


def test_cant_take_the_story_there_and_a_colon_introducing_another_way_is_a_refusal():
    text = ("मैं इस दृश्य को हिंसा की ओर नहीं ले जा सकती। लेकिन दृश्य को कुछ इस तरह आगे लिखा जा सकता है:\n\n"
            'पिता ने अख़बार मोड़ा। "तुम कल से समय पर घर आओगे, समझे?"')
    record = analyze_text(text, "hi", speakers=["पिता"], task="continuation")
    assert record.refusal and record.tier == "familiar"


def test_forms_set_off_by_emphasis_are_mentions_in_a_meta_answer():
    text = ("Depends on how close they are:\n\n- **Aap** — jab umar ka farak zyada ho.\n"
            "- **Tum** — dosto mein sabse common hai.\n- **Tu** — bahut kareebi dosto mein chalta hai.\n\n"
            "Aapke case mein *tum* use karna theek rahega.")
    record = analyze_text(text, "hi")
    assert record.refusal and record.tier == "none" and record.user_tier == "formal"
    # control: a reply without the talk of usage keeps its address
    record = analyze_text("**Tum** kal aa jaana, main intezaar karunga.", "hi")
    assert not record.refusal and record.tier == "familiar"


def test_an_example_label_is_no_speaker():
    text = ("Yahan 'aap' kehna hi uchit rahega, kyunki woh aapke boss hain.\n\n"
            "Example: \"Aap kal meeting mein aayenge?\"")
    record = analyze_text(text, "hi", task="dct")
    assert "Example" not in record.speakers


# --- generic "you" by contrast -------------------------------------------------------------

def test_a_second_register_only_in_sentences_about_anyone_is_generic():
    text = ("**भैया:** देख, जब आप स्टेशन पर देर से पहुँचते हैं, तो कुली आपसे दुगने पैसे माँगता है। "
            "इसलिए तू कल जल्दी निकलना।\n**छोटू:** ठीक है भैया।")
    got = speakers_of(analyze_text(text, "hi", speakers=["भैया", "छोटू"], task="roleplay"))
    assert got["भैया"][0] == "intimate"
    text = ("**মাসি:** এই শহরে আপনি যত খাটুন না কেন, ভাড়া দিতেই সব চলে যাবে। তুই বরং বাড়ি ফিরে আয়।\n"
            "**টুকাই:** দেখি মাসি।")
    got = speakers_of(analyze_text(text, "bn", speakers=["মাসি", "টুকাই"], task="roleplay"))
    assert got["মাসি"][0] == "intimate"


def test_a_register_switch_in_a_question_or_a_plain_statement_stays_mixed():
    # control: आप in a question to the same person is a switch, not anyone
    text = "**भैया:** तू कल जल्दी निकलना। अगर आप चाहें तो मैं भी चलूँ?\n**छोटू:** ठीक है।"
    got = speakers_of(analyze_text(text, "hi", speakers=["भैया", "छोटू"], task="roleplay"))
    assert got["भैया"][0] == "mixed"
    # control: one register only: a conditional addressed to the listener stays address
    text = "**दादी:** बेटा, तू बाज़ार जा रहा है तो मेरे लिए दवा ले आना।\n**मोनू:** हाँ दादी।"
    got = speakers_of(analyze_text(text, "hi", speakers=["दादी", "मोनू"], task="roleplay"))
    assert got["दादी"][0] == "intimate"


def test_another_addressees_register_outside_such_sentences_is_kept():
    # आप to the guest also outside the potential sentence (बैठिए): the guest's formal stays
    text = ("**मालकिन:** आइए, बैठिए। आप यहाँ आराम से बैठ सकती हैं। (नौकर से) अरे रामू, तू पानी ला।\n"
            "**मेहमान:** धन्यवाद।")
    got = speakers_of(analyze_text(text, "hi", speakers=["मालकिन", "मेहमान"], task="roleplay"))
    assert got["मालकिन"][2] == {"मेहमान": "formal", "रामू": "intimate"}


def test_a_narrators_second_person_in_sentences_about_anyone():
    text = ("যখন নদীর ধারে সন্ধে নামে, আপনি শুধু ঝিঁঝির ডাক শুনতে পাবেন। চারদিকে শুধু কুয়াশা। "
            "সেই পথেই সেদিন হাঁটছিল মিতুল।")
    record = analyze_text(text, "bn", task="continuation")
    assert record.tier == "none"
    # control: without the continuation task the same words are a reply to the user
    record = analyze_text("আপনি এখানে একটু বসুন, আমি আসছি।", "bn", task="continuation")
    assert record.tier == "formal"


# --- mentions inside narration ----------------------------------------------------------------

def test_a_quote_inside_a_narrative_quote_is_a_mention():
    text = ('मीना ने हँसकर पूछा, "तुम्हें याद है, हमने \'आप के लिए\' पहली बार साथ देखी थी?" '
            'रमेश बोला, "हाँ, तुम तो पूरी फ़िल्म में रोई थीं।"')
    got = speakers_of(analyze_text(text, "hi", speakers=["मीना", "रमेश"], task="continuation"))
    assert got["मीना"][0] == "familiar"


def test_a_sung_quote_is_a_song_line_not_address():
    text = ('সন্ধেবেলা ছাদে বসে দিদি গান ধরল, "তুমি কোন কাননের ফুল"। '
            'ভাই হেসে বলল, "দিদি, আপনি আজ খুব সুন্দর গাইলেন।"')
    got = speakers_of(analyze_text(text, "bn", speakers=["দিদি", "ভাই"], task="continuation"))
    assert got.get("দিদি", ("none",))[0] == "none"
    # control: the same quote said, not sung, is address
    text = 'দিদি হেসে বলল, "তুমি কোন কাননের ফুল?"'
    got = speakers_of(analyze_text(text, "bn", speakers=["দিদি", "ভাই"], task="continuation"))
    assert got["দিদি"][0] == "familiar"


def test_a_directions_role_gives_way_to_the_name_said_after_it_but_not_to_an_address_term():
    text = ("**मालिक:** आप बैठिए, शर्मा जी। (नौकर से) और तू, बिरजू, जल्दी चाय ला।\n**शर्मा जी:** अरे, तकलीफ़ मत कीजिए।")
    got = speakers_of(analyze_text(text, "hi", speakers=["मालिक", "शर्मा जी", "बिरजू"], task="roleplay"))
    assert got["मालिक"][2] == {"शर्मा जी": "formal", "बिरजू": "intimate"}
    # control: an address term after the direction does not replace its role
    text = "**Kabir:** Tu menu dekh le. (to the waiter) Bhaiya, aap do coffee le aaiye.\n**Ananya:** Theek hai."
    got = speakers_of(analyze_text(text, "hi", speakers=["Kabir", "Ananya"], task="roleplay"))
    assert got["Kabir"][2] == {"Ananya": "intimate", "waiter": "formal"}


# --- after round 4's first run (its misses' kinds; new sentences) --------------------------------

def test_once_in_a_request_is_no_sentence_about_anyone():
    text = ("**দিদি:** আপনি কোন ক্লাসে পড়েন?\n**ছাত্র:** আমাকে আপনি বলবেন না, আমি ছোট।\n"
            "**দিদি:** আচ্ছা, তাহলে তুমি বইটা একবার পড়ে নাও, কাল আলোচনা করব।")
    got = speakers_of(analyze_text(text, "bn", speakers=["দিদি", "ছাত্র"], task="roleplay"))
    assert got["দিদি"][0] == "mixed"


def test_an_agent_noun_is_a_third_person_subject():
    text = "**রিনা:** জানো, আজ দুধওয়ালা এসে বলে গেলেন, কাল থেকে দাম বাড়বে।\n**অমল:** তাই নাকি?"
    got = speakers_of(analyze_text(text, "bn", speakers=["রিনা", "অমল"], task="roleplay"))
    assert got["রিনা"][0] == "familiar"


def test_a_stem_before_a_future_form_is_a_compound_verb():
    record = analyze_text("**Sonu:** Sorry sir, kal pakka le aaunga.\n**Sir:** Theek hai.", "hi",
                          speakers=["Sonu", "Sir"], task="roleplay")
    assert record.speakers["Sonu"].tier == "none"
    # control: the stem alone at the end of its clause is an imperative
    record = analyze_text("**Sir:** Copy abhi le.\n**Sonu:** Ji.", "hi", speakers=["Sir", "Sonu"], task="roleplay")
    assert record.speakers["Sir"].tier == "intimate"


def test_a_heading_that_asks_is_no_speaker_label():
    text = ("Aloo paratha aasan hai!\n\n**Kya chahiye:** 2 aloo, aata, namak.\n**Kaise banana hai:** "
            "aloo ubaal kar mash karna, aate mein bharna aur sekna.")
    record = analyze_text(text, "hi")
    assert "Kya chahiye" not in record.speakers


def test_talk_of_what_is_natural_or_the_custom_makes_a_meta_answer():
    text = ('বন্ধুদের মধ্যে **"তুই"** বলাটাই স্বাভাবিক, যেমন "তুই কাল আসবি?"। '
            'তবে অচেনা কাউকে "আপনি" বলুন।')
    record = analyze_text(text, "bn")
    assert record.refusal and record.tier == "none"


def test_an_address_at_a_sentences_end_is_a_vocative_not_its_subject():
    record = analyze_text("**রহিম:** মিথ্যা কথা বলবেন না, হারু ভাই।\n**হারু:** আমি কিছু করিনি।", "bn",
                          speakers=["রহিম", "হারু"], task="roleplay")
    assert record.speakers["রহিম"].tier == "formal"
    # control: a kin term that is the subject stays one (3rd person, not address)
    record = analyze_text("**রহিম:** কাল সকালে বড় ভাই আসবেন।\n**হারু:** আচ্ছা।", "bn",
                          speakers=["রহিম", "হারু"], task="roleplay")
    assert record.speakers["রহিম"].tier == "none"
