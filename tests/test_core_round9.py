"""Mechanisms added after round 9 (from the kinds of the spent round-9 blind sets' misses):
each on new sentences, each with a control. None of these sentences comes from a blind set.
"""
from __future__ import annotations

from honorifics import analyze_text


def test_an_example_introduced_by_such_as_is_no_speakers_turn():
    text = ('দোকানে অচেনা খদ্দেরকে সাধারণত **"আপনি"** বলে সম্বোধন করা হয়।\n\n'
            'যেমন: *"দাদা, আপনি কোন মাপটা নেবেন?"*')
    record = analyze_text(text, "bn")
    assert record.refusal and record.tier == "none" and not record.speakers
    # control: a name before a colon speaks
    record = analyze_text("খদ্দের: আপনি এটা কত দামে দেবেন?\nদোকানি: তিনশো টাকা।", "bn")
    assert record.speakers["খদ্দের"].tier == "formal"


def test_a_quote_after_a_colon_in_markup_is_an_example_not_colon_speech():
    text = ('ऐसी जगह मरीज़ डॉक्टर के लिए **"आप"** का ही प्रयोग करता है। कारण:\n\n- डॉक्टर बड़े हैं।\n\n'
            'उदाहरण के लिए मरीज़ कह सकता है: *"डॉक्टर साहब, क्या आप दवा बदल देंगे?"*')
    record = analyze_text(text, "hi", task="dct")
    assert record.refusal and record.tier == "none"
    # control: unquoted speech after a reporting verb and a colon is still a turn
    text = "मरीज़ ने धीरे से पूछा: डॉक्टर साहब, क्या आप दवा बदल देंगे?"
    record = analyze_text(text, "hi", task="continuation")
    assert record.speakers["मरीज़"].tier == "formal"


def test_what_someone_will_call_someone_is_talk_about_the_forms():
    text = 'Aise mein dukaandaar naye grahak ko **"aap"** hi bolega, aur purane dost ko **"tu"**.'
    record = analyze_text(text, "hi")
    assert record.refusal and record.tier == "none"
    # control: a character's own future "bolega" to someone is address
    assert analyze_text("Tu kal usko kya bolega?", "hi").tier == "intimate"


def test_a_romanized_bangla_i_will_not_write_is_a_refusal():
    text = ("Ami ei scene e kauke bhoy dekhano hoomki likhbo na — eta kharap bhabe use hote pare. "
            "Tobe baki songlap ta niche dilam:\n\n**Runa:** Tui kal ashbi to?\n**Mitu:** Hya, ashbo.")
    record = analyze_text(text, "bn", speakers=["Runa", "Mitu"], task="roleplay")
    assert record.refusal and record.speakers["Runa"].tier == "intimate"
    # control: a character's "ami likhbo na" inside the dialogue is the character's
    text = "**Runa:** Ami ar chithi likhbo na, tui nijei likh.\n**Mitu:** Accha."
    record = analyze_text(text, "bn", speakers=["Runa", "Mitu"], task="roleplay")
    assert not record.refusal and record.speakers["Runa"].tier == "intimate"


def test_a_long_romanized_bangla_i_cannot_write_is_a_refusal():
    text = ("Ami bank-er locker kivabe bhangte hoy, ar CCTV kivabe bondho korte hoy, segulo detail-e "
            "likhte parbo na. Tobe golpo ta details chhara ei bhabe egote pare:\n\n"
            "**Bishu:** Ei Kanu, tui gari ta ready rakh.\n**Kanu:** Accha dada.")
    record = analyze_text(text, "bn", speakers=["Bishu", "Kanu"], task="continuation")
    assert record.refusal and record.speakers["Bishu"].tier == "intimate"
    # control: a character's long "ami … parbo na" is the character's
    text = "**Bishu:** Ami eto raate ekla ekla oi purono godown e jete parbo na, tui sathe chol.\n**Kanu:** Accha."
    record = analyze_text(text, "bn", speakers=["Bishu", "Kanu"], task="roleplay")
    assert not record.refusal


def test_what_the_user_asked_for_is_the_task_of_a_refusal():
    text = ("**रामू:** चल, बैठ जा।\n\n---\n⚠️ आपने जो माँगा है — रामू का चाकू दिखाकर धमकाना — वह हिस्सा मैं "
            "विस्तार से नहीं लिखूँगा।")
    record = analyze_text(text, "hi", speakers=["रामू", "सवारी"], task="roleplay")
    assert record.refusal and record.speakers["रामू"].tier == "intimate"
    # control: a character's "मैं नहीं लिखूँगा" in the dialogue is no refusal
    text = "**रामू:** मैं तेरे लिए चिट्ठी नहीं लिखूँगा, तू ख़ुद लिख।\n**सवारी:** ठीक है।"
    record = analyze_text(text, "hi", speakers=["रामू", "सवारी"], task="roleplay")
    assert not record.refusal


def test_what_one_should_call_someone_is_talk_about_the_forms():
    text = 'दफ़्तर में नए सहकर्मी को **"आप"** ही कहना चाहिए, "तुम" बाद में।'
    record = analyze_text(text, "hi")
    assert record.refusal and record.tier == "none"
    # control: "कहना चाहिए" in a character's line about something else is no meta-answer
    record = analyze_text("तुम्हें उससे सच कहना चाहिए।", "hi")
    assert record.tier == "familiar" and not record.refusal


def test_a_clause_with_its_own_subject_before_a_comma_is_no_vocative():
    text = ("**মিতা:** আপনি একটু বসুন, চা আসছে। ততক্ষণ আপনি কাগজটা দেখুন।\n"
            "(ভাইয়ের দিকে ফিরে) বাবলু, তুই দোকান থেকে বিস্কুট নিয়ে আয়।\n"
            "**অতিথি:** ব্যস্ত হবেন না।\n**বাবলু:** যাচ্ছি দিদি।")
    got = analyze_text(text, "bn", speakers=["মিতা", "অতিথি", "বাবলু"], task="roleplay").speakers["মিতা"]
    assert (got.tier, got.addressee) == ("formal", "অতিথি")
    assert got.by_addressee == {"অতিথি": "formal", "বাবলু": "intimate"}
    # control: a name before a comma opening the turn is its addressee
    text = "**মিতা:** বাবলু, তুই দোকানে যা।\n**অতিথি:** ব্যস্ত হবেন না।\n**বাবলু:** যাচ্ছি দিদি।"
    got = analyze_text(text, "bn", speakers=["মিতা", "অতিথি", "বাবলু"], task="roleplay").speakers["মিতা"]
    assert (got.tier, got.addressee) == ("intimate", "বাবলু")
