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
