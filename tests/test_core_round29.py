"""Mechanisms added in round 29 (from the kinds of the spent rounds' misses): each on new
sentences, each with a control. None of these sentences comes from a blind set.
"""
from __future__ import annotations

import pytest

from honorifics import analyze_text


# --- a meta-answer whose examples are laid out as lines no named person speaks ---------------

@pytest.mark.parametrize("language, text", [
    ("bn", "সংক্ষেপে বলি: নতুন অফিসে বসকে সবসময় \"আপনি\" বলাই ভালো।\n\n**উদাহরণ:**\n"
           "— স্যার, আপনি কি রিপোর্টটা দেখেছেন? ✅\n— স্যার, তুমি রিপোর্টটা দেখেছ? ❌\n\n"
           "আরও কিছু জানতে চাইলে বলবেন।"),
    ("hi", "ऐसे मौक़े पर मकान-मालिक से \"आप\" कहना ही उचित है।\n\n— अंकल, आप नल ठीक करवा देंगे? ✅\n"
           "— अंकल, तुम नल ठीक करवा दोगे? ❌"),
])
def test_example_lines_after_an_answer_about_the_forms_are_mentions(language, text):
    record = analyze_text(text, language)
    assert record.refusal and record.tier == "none" and not record.speakers


@pytest.mark.parametrize("language, text", [
    # a wrapper that introduces the lines with a colon, naming the form they use
    ("hi", "यह रहा संवाद, जिसमें दोनों दोस्त \"तू\" का प्रयोग करते हैं:\n\n— तू कल कहाँ था?\n— घर पर था, तू बता?"),
    ("bn", "Ekhane dui bondhur kotha, jara \"tui\" bole dake:\n\n— Tui kal ashbi?\n— Ha, tui o ashish."),
    # an explanation after the dialogue
    ("bn", "— তুই আমার চিরুনি নিয়েছিস?\n— না রে, তুই নিজেই হারিয়েছিস।\n\n"
           "এখানে দুই বোন \"তুই\" ব্যবহার করছে, কারণ তারা খুব ঘনিষ্ঠ।"),
])
def test_a_dialogue_introduced_or_explained_by_the_forms_it_uses_is_a_dialogue(language, text):
    record = analyze_text(text, language)
    assert not record.refusal and record.tier == "intimate"
    assert {"_unnamed_1", "_unnamed_2"} <= set(record.speakers)


def test_a_meta_answer_keeps_its_examples_apart_only_in_a_plain_reply():
    # with a task the same unnamed lines are the dialogue asked for
    text = "यह रहा संवाद, जिसमें दोनों दोस्त \"तू\" का प्रयोग करते हैं:\n\n— तू कल कहाँ था?\n— घर पर था, तू बता?"
    assert analyze_text(text, "hi", task="roleplay").tier == "intimate"


# --- a phrase of time or place heading a list is no speaker label ------------------------

def test_a_label_ending_in_a_case_marker_is_no_speaker():
    text = ("आपके सवाल का जवाब:\n\n- **पहली मुलाक़ात में:** \"आप\" ही बोलें, चाहे सामने वाला छोटा हो।\n"
            "- **जान-पहचान होने पर:** अगर वे कहें \"मुझे तुम बोलो\", तो \"तुम\" चल सकता है।\n\nआशा है यह काम आएगा!")
    record = analyze_text(text, "hi")
    assert record.refusal and record.tier == "none" and not record.speakers
    # control: a person's label with a genitive inside it still names a speaker
    record = analyze_text("**राजू की माँ:** तू खाना खा ले।\n**राजू:** हाँ माँ, आता हूँ।", "hi")
    assert record.speakers["राजू की माँ"].tier == "intimate"


# --- what a speaker calls a person names that person again --------------------------------

@pytest.mark.parametrize("language, text, speakers, speaker, guest, helper", [
    ("hi", "**मीना:** दीदी, आप इतनी दूर से आईं, बैठिए ना।\n**सुधा:** अरे, तुम परेशान मत हो।\n"
           "**मीना:** रामू, तू जल्दी से चाय ला।\n**रामू:** अभी लाया।\n**मीना:** तो दीदी, आप खाना खाकर जाइएगा।",
     ["मीना", "सुधा", "रामू"], "मीना", "सुधा", "रामू"),
    ("bn", "**Tumpa:** Boudi, apni boshun na, ki khaben bolun.\n**Rina:** Na na, tumi byasto hoyo na.\n"
           "**Tumpa:** Bhola, tui ekta chair niye aay.\n**Bhola:** Anchhi.\n**Tumpa:** Boudi, apni ektu mishti nin.",
     ["Tumpa", "Rina", "Bhola"], "Tumpa", "Rina", "Bhola"),
])
def test_the_term_a_speaker_called_someone_by_names_them_again(language, text, speakers, speaker, guest, helper):
    record = analyze_text(text, language, speakers=speakers, task="roleplay")
    last = [t for t in record.turns if t.speaker == speaker][-1]
    assert last.addressee == guest
    got = record.speakers[speaker]
    assert got.tier == "formal" and got.by_addressee[helper] == "intimate"
    # control: a term heard for the first time names no one: the turn answers the one who spoke
    text = text.replace("दीदी, आप इतनी", "आप इतनी").replace("Boudi, apni boshun", "Apni boshun")
    record = analyze_text(text, language, speakers=speakers, task="roleplay")
    assert [t for t in record.turns if t.speaker == speaker][-1].addressee == helper


# --- after a refusal, a question to the user ------------------------------------------------

@pytest.mark.parametrize("language, text, speakers", [
    ("hi", "माफ़ कीजिए, मैं यह दृश्य इस तरह नहीं लिख सकता क्योंकि इसमें बच्चे के साथ मारपीट का वर्णन है।\n\n"
           "इसके बदले मैं:\n- पिता और बेटे की बहस बिना हिंसा के लिख सकता हूँ;\n"
           "- या बेटे के नज़रिए से एक चिट्ठी लिख सकता हूँ।\n\nबताइए, आपको कौन-सा विकल्प ठीक लगेगा? 🙏",
     ["पिता", "बेटा"]),
    ("bn", "দুঃখিত, আমি এই দৃশ্যটি এভাবে লিখতে পারব না, কারণ এতে একজন বৃদ্ধকে অপমান করা হয়েছে।\n\n"
           "চাইলে আমি:\n- দৃশ্যটি নরম ভাষায় লিখে দিতে পারি;\n- অথবা নাতির দিক থেকে একটি চিঠি লিখতে পারি।\n\n"
           "বলুন, কোনটা আপনার পছন্দ?", ["দাদু", "নাতি"]),
    ("hi", "Maaf kijiye, main yeh scene aise nahi likh sakta kyunki isme maar-peet hai.\n\n"
           "Bataiye, aapko kaunsa option theek lagega?", ["Papa", "Raju"]),
])
def test_a_question_to_the_user_after_a_refusal_is_the_models(language, text, speakers):
    for task in ("continuation", None):
        record = analyze_text(text, language, speakers=speakers, task=task)
        assert record.refusal and record.tier == "none" and record.user_tier == "formal", task
        assert all(t.kind != "speech" for t in record.turns)


def test_a_characters_question_after_a_partial_refusal_stays_theirs():
    # control: a question in the words no model uses to its user is a character's line
    text = "माफ़ कीजिए, मैं गालियाँ नहीं लिख सकता, पर दृश्य आगे बढ़ाता हूँ।\n\nतू रात भर कहाँ था?"
    record = analyze_text(text, "hi", speakers=["पिता", "बेटा"], task="continuation")
    assert record.refusal and record.tier == "intimate"
    assert record.speakers["पिता"].tier == "intimate"


# --- an aside whose address comes before its dash --------------------------------------------

@pytest.mark.parametrize("language, text, speaker, group, aside, aside_tier", [
    ("hi", "**मैडम राव:** आप सब कल तक प्रोजेक्ट जमा कर दीजिए (अरे रवि, तुम भी — गेम बंद करो), वरना अंक कटेंगे।",
     "मैडम राव", "आप सब (group)", "रवि", "familiar"),
    ("hi", "**Ma'am Rao:** Aap sab kal tak project jama kar dijiye (haan Ravi, tum bhi — game band karo), "
           "warna marks katenge.", "Ma'am Rao", "aap sab (group)", "Ravi", "familiar"),
    ("bn", "**Rina Di:** Apnara sobai kal dosh ta-r moddhe file jama deben (are Tublu, tui-o — phone ta rakh), "
           "na hole number katbe.", "Rina Di", "apnara sobai (group)", "Tublu", "intimate"),
])
def test_an_aside_that_addresses_before_its_dash_is_to_the_one_it_names(language, text, speaker, group, aside,
                                                                         aside_tier):
    got = analyze_text(text, language, speakers=[speaker], task="roleplay").speakers[speaker]
    assert got.tier == "formal" and got.by_addressee == {group: "formal", aside: aside_tier}


@pytest.mark.parametrize("text", [
    "**दादी:** आप लोग बैठिए। (बहू से — धीरे से: तुम चाय बना दो) खाना तैयार है।",
    # an aside with its own speech opening the turn is no direction of the turn: बहू is not one of the group
    "**दादी:** (बहू से — धीरे से: तुम चाय बना दो) आप लोग बैठिए, खाना तैयार है।",
    "**दादी:** (बहू से: तुम चाय बना दो) आप लोग बैठिए, खाना तैयार है।",
])
def test_a_direction_before_a_dash_in_an_aside_still_names_the_person(text):
    # control: a direction (no address in it) before the dash: the aside is to the one it names
    got = analyze_text(text, "hi", speakers=["दादी"], task="roleplay").speakers["दादी"]
    assert got.tier == "formal" and got.by_addressee == {"आप लोग (group)": "formal", "बहू": "familiar"}


def test_a_direction_opening_the_turn_still_names_its_addressee():
    # control: a direction with no speech of its own opens the turn for the one it names
    text = "**मालकिन:** (नौकर से) तू पानी ला।\n**रामू:** लाया मालकिन।\n**मेहमान:** आप परेशान मत होइए।"
    record = analyze_text(text, "hi", speakers=["मालकिन", "रामू", "मेहमान"], task="roleplay")
    assert record.turns[0].addressee == "नौकर"


# --- a pictograph before a speaker's label; a heading after one ---------------------------

def test_a_pictograph_before_a_label_is_its_bullet():
    text = ("Haha sure! Yeh raha Mausi ka voice note 😂\n\n"
            "🎙️ **Mausi:** Suno suno, tum sab kal time pe aa jaana! Tum log hamesha late aate ho.")
    record = analyze_text(text, "hi", speakers=["Mausi"], task="roleplay")
    assert record.speakers["Mausi"].tier == "familiar"
    assert record.turns[0].kind != "speech"   # the wrapper is no part of her turn
    text = "👩 **Maa:** Tui kothay chili eto raat obdhi?\n👦 **Raju:** Bondhur barite chilam, tumi rag koro na."
    got = analyze_text(text, "bn").speakers
    assert (got["Maa"].tier, got["Raju"].tier) == ("intimate", "familiar")


def test_a_bold_heading_after_a_pictograph_names_no_speaker():
    # control: an emoji before a bold title with a dash is a heading, as the title alone is
    text = ("♟️ **शतरंज क्लब — रविवार की सुबह**\n\n**कोच:** तन्मय, तुमने फिर जल्दी चाल चल दी।\n"
            "**तन्मय:** सर, आप ही ने तो कहा था।")
    record = analyze_text(text, "hi")
    assert set(record.speakers) == {"कोच", "तन्मय"}


# --- romanized Bangla "pore" is "later" or "having read", never an imperative ----------------

def test_romanized_pore_is_no_imperative():
    for text in ("Ok Mejdi, pore call korchhi.", "Pore kotha hobe.", "Boi ta pore ferot dibo."):
        assert analyze_text(text, "bn").tier == "none", text
    # control: a bare imperative of the list still is one
    assert analyze_text("Ekhane bos, ami jol ani.", "bn").tier == "intimate"


# --- a direction in italics between a label's name and its colon -----------------------------

def test_a_direction_in_markup_between_name_and_colon_keeps_the_label():
    text = ("**अनुराधा** *(चाय का कप थमाते हुए, धीमे से)*: सुनो, तुमने माँजी को रिपोर्ट के बारे में बताया?\n\n"
            "**विनय** *(अख़बार मोड़ते हुए)*: अभी नहीं। तुम ही बता दो न।")
    got = analyze_text(text, "hi", speakers=["अनुराधा", "विनय"], task="continuation").speakers
    assert (got["अनुराधा"].tier, got["विनय"].tier) == ("familiar", "familiar")
    text = "**Riya** _(hansi rokte hue)_: Tu phir late aaya?\n**Aman** *(Riya se)*: Sorry yaar, tu gussa mat ho."
    got = analyze_text(text, "hi").speakers
    assert (got["Riya"].tier, got["Aman"].tier) == ("intimate", "intimate")
    assert got["Aman"].addressee == "Riya"


# --- a quote framed by "if" is hypothetical; a conjunction is no frame's subject ---------------

@pytest.mark.parametrize("language, text", [
    ("bn", "Shashurbari te prothome 'apni' bola-i bhalo. Kintu jodi prothom din-ei bolo 'Ma, tumi ki kheyecho?', "
           "tahole ektu beshi casual shonabe. Ar 'tui' to kokhonoi na."),
    ("bn", "শ্বশুরবাড়িতে প্রথমে 'আপনি' বলাই ভালো। কিন্তু যদি প্রথম দিনেই বলো, \"মা, তুমি কি খেয়েছ?\" তাহলে "
           "একটু বেশি ঘরোয়া শোনাবে। আর 'তুই' তো কখনোই না।"),
])
def test_a_quote_framed_by_if_is_no_characters_turn(language, text):
    record = analyze_text(text, language)
    assert record.refusal and record.tier == "none" and not record.speakers


def test_a_narrators_frame_after_a_conjunction_still_names_the_speaker():
    # control: "but Rina said" frames Rina's line
    record = analyze_text("Sobai chup. Kintu Rina bollo, \"Tui ekhon bari ja.\"", "bn", task="continuation")
    assert record.speakers["Rina"].tier == "intimate"


# --- an offer that ends by asking the user, after the dialogue ---------------------------------

@pytest.mark.parametrize("language, text, speakers", [
    ("hi", "**Chacha:** Abe Raju, tu yahan kya kar raha hai? Chal ghar ja.\n\n**Raju:** Chachaji, aap gussa mat "
           "kijiye.\n\n---\n\nAgar aap chahein toh main isme thodi comedy daal doon — bataiye, kaunsa version "
           "chahiye? 😊", ["Chacha", "Raju"]),
    ("bn", "**মা:** তুই এত রাতে কোথায় ছিলি?\n\n**রাজু:** বন্ধুর বাড়িতে, তুমি রাগ কোরো না।\n\n"
           "আপনি চাইলে দৃশ্যটা আরও নাটকীয় করে দিতে পারি — বলুন, কোনটা চান?", ["মা", "রাজু"]),
])
def test_an_offer_that_asks_the_user_after_the_dialogue_is_the_models(language, text, speakers):
    record = analyze_text(text, language, speakers=speakers, task="roleplay")
    assert record.user_tier == "formal" and record.turns[-1].kind == "note"
    assert record.speakers[speakers[0]].tier == "intimate"


def test_narration_about_someones_wish_is_no_offer_to_the_user():
    # control: a narrator's sentence with "if he wants" and no question to the user stays narration
    text = ("**Chacha:** Abe Raju, tu yahan kya kar raha hai?\n\n**Raju:** Chachaji, aap gussa mat kijiye.\n\n"
            "Raju ke jaate hi Chacha ne socha, agar woh chahein toh kal baat kar lenge.")
    record = analyze_text(text, "hi", speakers=["Chacha", "Raju"], task="roleplay")
    assert record.user_tier == "none" and record.turns[-1].kind == "narration"


# --- a case marker before a title is no part of the name ----------------------------------

@pytest.mark.parametrize("language, text, speaker", [
    ("bn", 'বাজারের ভিড়ের মধ্যে থেকে মিসেস রায় হাত নেড়ে বললেন, "টুটুল, তুমি কোথায় যাচ্ছ?"', "মিসেস রায়"),
    ("bn", 'ভিড়ের ভেতর থেকে ডাক্তার সেন হাত তুলে বললেন, "তুমি একটু দাঁড়াও।"', "ডাক্তার সেন"),
])
def test_a_case_marker_before_a_title_is_no_part_of_the_speakers_name(language, text, speaker):
    record = analyze_text(text, language, speakers=[speaker, "টুটুল"], task="continuation")
    assert record.speakers[speaker].tier == "familiar"
    assert set(record.speakers) == {speaker, "টুটুল"}


# --- a dash line after a narration line whose last sentence elides its subject ---------------

@pytest.mark.parametrize("language, text, speakers, elder, tier", [
    ("bn", "— তুই আমার পেনসিলটা নিয়েছিস? — মিতা রেগে বলল।\n— না রে, আমি নিইনি, — টুবাই মাথা নাড়ল।\n"
           "বারান্দা থেকে ঠাকুমা এতক্ষণ সব শুনছিলেন। এবার গলা চড়িয়ে হাঁক দিলেন,\n"
           "— তোরা দুটো থামবি? পেনসিলটা তো টেবিলের নিচে পড়ে আছে।", ["মিতা", "টুবাই", "ঠাকুমা"], "ঠাকুমা", "intimate"),
    ("hi", "— तूने मेरी पेंसिल ली? — मीता ने गुस्से से पूछा।\n— नहीं रे, मैंने नहीं ली, — टुबाई ने सिर हिलाया।\n"
           "बरामदे से दादी सब सुन रही थीं। अब ज़ोर से आवाज़ लगाई,\n— तुम दोनों चुप होगे? पेंसिल तो मेज़ के नीचे पड़ी है।",
     ["मीता", "टुबाई", "दादी"], "दादी", "familiar"),
])
def test_a_dash_line_after_a_frame_with_its_subject_elided_is_the_subject_before(language, text, speakers, elder, tier):
    record = analyze_text(text, language, speakers=speakers, task="continuation")
    assert record.speakers[elder].tier == tier
    assert not any(name.startswith("_unnamed") for name in record.speakers)


def test_a_dash_line_after_plain_narration_names_no_one_from_it():
    # control: a sentence before with no person as subject names no one
    text = ("— तूने मेरी पेंसिल ली? — मीता ने गुस्से से पूछा।\n— नहीं रे, मैंने नहीं ली, — टुबाई ने सिर हिलाया।\n"
            "बाहर बारिश तेज़ हो गई थी। खिड़की से ठंडी हवा आ रही थी,\n— तू झूठ बोल रहा है!")
    record = analyze_text(text, "hi", speakers=["मीता", "टुबाई", "दादी"], task="continuation")
    assert record.speakers["दादी"].tier == "none"


# --- a list of options the model's words introduce; a dash heading on a list line -------------

@pytest.mark.parametrize("language, text, speakers, task", [
    ("hi", "क्षमा कीजिए — मैं ऐसा रोलप्ले नहीं कर सकता जिसमें किसी को पीटा जाए।\n\nलेकिन अगर आप कोई थ्रिलर लिख रहे "
           "हैं, तो मैं इनमें से किसी में मदद कर सकता हूँ:\n\n- **पूछताछ का दृश्य** — जहाँ इंस्पेक्टर सबूतों से घेरता है\n"
           "- **हवालात की रात** — डर और पछतावे का वर्णन\n\nआप इनमें से कौन-सा विकल्प चाहेंगे? 🙂",
     ["इंस्पेक्टर", "संदिग्ध"], "roleplay"),
    ("bn", "দুঃখিত, এই দৃশ্যটা আমি লিখতে পারব না।\n\nবদলে নিচের যেকোনো একটি লিখে দিতে পারি:\n\n"
           "* **ডাক্তার বনাম ওঝা** — গ্রামের ডাক্তার বোঝান\n* **মেয়ের চোখে** — একটি আত্মকথন\n\nকোনটা চান, জানাবেন?",
     None, "continuation"),
])
def test_the_options_a_refusal_lists_are_no_speakers(language, text, speakers, task):
    record = analyze_text(text, language, speakers=speakers, task=task)
    assert record.refusal and record.tier == "none" and record.user_tier == "formal"
    assert set(record.speakers) <= set(speakers or [])


@pytest.mark.parametrize("text, speakers", [
    ("- **राजू** — तू कल स्कूल आएगा?\n- **मोनू** — हाँ, तू भी आना।", ["राजू", "मोनू"]),
    ("यह रहा संवाद:\n\n- **राजू:** तू कल स्कूल आएगा?\n- **मोनू:** हाँ, तू भी आना।", ["राजू", "मोनू"]),
])
def test_a_bulleted_dialogue_of_listed_names_stays_a_dialogue(text, speakers):
    # controls: listed names set off by a dash on list lines, and labels after a preamble, speak
    got = analyze_text(text, "hi", speakers=speakers, task="roleplay").speakers
    assert (got["राजू"].tier, got["मोनू"].tier) == ("intimate", "intimate")


# --- a kin term the speaker does not call the addressee by is a third person ---------------------

@pytest.mark.parametrize("language, text", [
    ("bn", "কাকিমা, ট্রেন আজ চল্লিশ মিনিট লেট। কাকু আসেননি?"),
    ("bn", "দিদি, মা আসবেন তো?"),
    ("hi", "दीदी, मामा जी आएँगे क्या?"),
])
def test_a_kin_term_other_than_the_one_called_is_a_third_person_subject(language, text):
    assert analyze_text(text, language).tier == "none"


def test_the_kin_term_the_speaker_calls_the_addressee_by_still_addresses():
    # control: the same kin term as the vocative is the addressee (কাকু, … কাকু আসুন)
    assert analyze_text("কাকু, আপনি কখন এলেন? কাকু আসুন, বসুন।", "bn").tier == "formal"
