"""A quote framed by a look, a call, a glare or a sight of someone the lexicon does not know
(``कविता ने विनय को घूरा, "…"``, ``তারপর পিয়নকে দেখে বলল, "…"``) is theirs when it is in a
register the speaker never gave the partner; a look at a thing, in the partner's register, is
not. Each case on new sentences with a control; none comes from a blind set.
"""
from __future__ import annotations

import pytest

from honorifics import analyze_text
from honorifics.extraction.addressees import frame_recipient
from honorifics.extraction.lexicon import load_lexicon
from speaker_view import speaker_of


@pytest.mark.parametrize("language, text, speakers, speaker, expected", [
    ("hi", 'कविता ने मिस्टर सेठी से कहा, "आप बैठिए, मैं अभी फ़ाइल दिखाती हूँ।" फिर कविता ने विनय को घूरा, '
           '"तुम अभी तक यहीं खड़े हो? जाओ, प्रिंट लेकर आओ।"\n\nमिस्टर सेठी बोले, "कोई बात नहीं कविता जी, आप आराम से कीजिए।"',
     ["कविता", "मिस्टर सेठी"], "कविता", {"मिस्टर सेठी": "formal", "विनय": "familiar"}),
    ("hi", 'कविता ने मिस्टर सेठी से कहा, "आप बैठिए।" फिर कविता चपरासी की तरफ़ देखकर बोली, "तू जल्दी से दो चाय ले आ।"'
           '\n\nमिस्टर सेठी बोले, "कोई बात नहीं कविता जी, आप आराम से कीजिए।"',
     ["कविता", "मिस्टर सेठी"], "कविता", {"मिस्टर सेठी": "formal", "चपरासी": "intimate"}),
    ("hi", 'Kavita ne Mr. Sethi se kaha, "Aap baithiye." Phir Kavita ne peon ko awaaz di, "Tu jaldi se do chai le aa."'
           '\n\nMr. Sethi bole, "Koi baat nahi Kavita ji, aap aaram se kijiye."',
     ["Kavita", "Mr. Sethi"], "Kavita", {"Mr. Sethi": "formal", "peon": "intimate"}),
    ("bn", 'অনিমা মিস্টার দত্তকে বলল, "আপনি বসুন, আমি ফাইলটা আনছি।" তারপর পিয়নকে দেখে বলল, "তুই দুটো চা নিয়ে আয়।"'
           '\n\nমিস্টার দত্ত বললেন, "ঠিক আছে অনিমা, তুমি ধীরেসুস্থে করো।"',
     ["অনিমা", "মিস্টার দত্ত"], "অনিমা", {"মিস্টার দত্ত": "formal", "পিয়ন": "intimate"}),
    ("bn", 'Anima Mr. Dutta-ke bollo, "Apni bosun, ami file ta anchhi." Tarpor Biltu-r dike takiye bollo, '
           '"Tui duto cha niye aay."\n\nMr. Dutta bollen, "Thik ache Anima, tumi dhire sushthe koro."',
     ["Anima", "Mr. Dutta"], "Anima", {"Mr. Dutta": "formal", "Biltu": "intimate"}),
    # the name the quote calls is the better key than the thing the speaker leans toward
    ("hi", 'Reena ne Sunita ji se kaha, "Aap chai lijiye na." Phir Reena khidki ki taraf jhuki, "Golu! Tu neeche utar!"'
           '\n\nSunita ji boli, "Rehne dijiye Reena ji."',
     ["Reena", "Sunita ji"], "Reena", {"Sunita ji": "formal", "Golu": "intimate"}),
])
def test_a_quote_to_one_looked_at_in_another_register_is_theirs(language, text, speakers, speaker, expected):
    result = speaker_of(text, language, speakers, speaker, "continuation")
    assert result.by_addressee == expected
    assert result.addressee == speakers[1] and result.tier == expected[speakers[1]]   # the partner stays the main one


@pytest.mark.parametrize("language, text, speakers, speaker, tier", [
    # control: a look at a thing, the quote in the partner's register
    ("bn", 'অনিমা মিস্টার দত্তকে বলল, "আপনি বসুন, আমি ফাইলটা আনছি।" তারপর ঘড়ির দিকে তাকিয়ে বলল, "আপনি একটু অপেক্ষা করুন।"'
           '\n\nমিস্টার দত্ত বললেন, "ঠিক আছে অনিমা, তুমি ধীরেসুস্থে করো।"',
     ["অনিমা", "মিস্টার দত্ত"], "অনিমা", "formal"),
    ("hi", 'कविता ने मिस्टर सेठी से कहा, "आप बैठिए।" फिर कविता ने घड़ी की तरफ़ देखा, "आप दो मिनट रुकिए।"'
           '\n\nमिस्टर सेठी बोले, "कोई बात नहीं कविता जी, आप आराम से कीजिए।"',
     ["कविता", "मिस्टर सेठी"], "कविता", "formal"),
])
def test_a_look_in_the_partners_register_leaves_the_quote_with_the_partner(language, text, speakers, speaker, tier):
    result = speaker_of(text, language, speakers, speaker, "continuation")
    assert result.tier == tier and result.addressee == speakers[1] and result.by_addressee is None


def test_frame_recipient_marks_and_controls():
    hi, bn = load_lexicon("hi"), load_lexicon("bn")
    assert frame_recipient("फिर उसने नीरज को घूरा,", hi) == "नीरज"
    assert frame_recipient("फिर वह चपरासी की तरफ़ देखकर बोली,", hi) == "चपरासी"
    assert frame_recipient("তারপর বিল্টুর দিকে তাকিয়ে বলল,", bn) == "বিল্টু"
    # control: से is "from" as often as "to"; a pronoun is no one new
    assert frame_recipient("वह दफ़्तर से लौटकर बोली,", hi) is None
    assert frame_recipient("फिर उसने उसको घूरा,", hi) is None


# --- an address term opening a turn whose addressee a direction or frame named names them no better ---

@pytest.mark.parametrize("language, text, speakers, speaker, expected", [
    ("hi", 'Kavita ne Mr. Sethi se kaha, "Aap baithiye." Phir Kavita ne peon ko awaaz di, "Bhaiya, tum do chai le aao."'
           '\n\nMr. Sethi bole, "Koi baat nahi Kavita ji, aap aaram se kijiye."',
     ["Kavita", "Mr. Sethi"], "Kavita", {"Mr. Sethi": "formal", "peon": "familiar"}),
    ("bn", 'অনিমা মিস্টার দত্তকে বলল, "আপনি বসুন।" তারপর পিয়নকে দেখে বলল, "দাদা, তুমি দুটো চা নিয়ে এসো।"'
           '\n\nমিস্টার দত্ত বললেন, "ঠিক আছে অনিমা, তুমি ধীরেসুস্থে করো।"',
     ["অনিমা", "মিস্টার দত্ত"], "অনিমা", {"মিস্টার দত্ত": "formal", "পিয়ন": "familiar"}),
])
def test_an_address_term_after_a_frame_keeps_the_frames_person(language, text, speakers, speaker, expected):
    assert speaker_of(text, language, speakers, speaker, "continuation").by_addressee == expected


def test_a_name_after_a_frame_is_the_better_key():
    # control: the quote calls the person by name: the name, not the frame's role word
    text = ('Kavita ne Mr. Sethi se kaha, "Aap baithiye." Phir Kavita ne peon ko awaaz di, "Ramu, tum do chai le aao."'
            '\n\nMr. Sethi bole, "Koi baat nahi Kavita ji, aap aaram se kijiye."')
    assert speaker_of(text, "hi", ["Kavita", "Mr. Sethi"], "Kavita", "continuation").by_addressee == {"Mr. Sethi": "formal",
                                                                                      "Ramu": "familiar"}


def test_a_case_mark_after_one_letter_is_a_verbs_ending():
    # ঝুঁকে "leaning", ডেকে "calling": no one; মাকে: the mother (a person word of one letter)
    from honorifics.extraction.addressees import direction_addressee
    bn = load_lexicon("bn")
    assert direction_addressee("জানালা দিয়ে ঝুঁকে", bn) is None
    assert frame_recipient("তারপর ডেকে বলল,", bn) is None
    assert direction_addressee("মাকে", bn) == "মা" and frame_recipient("মাকে ডেকে বলল,", bn) == "মা"


# --- the same for a stage direction that opens a line, and a case mark written apart ---

@pytest.mark.parametrize("language, text, speakers, speaker, task, expected", [
    ("hi", "**Rohit:** Meena, tumne gift pack karwaya?\n**Meena:** Haan, tum itna tension kyun le rahe ho?\n"
           "**Rohit:** (cashier ki taraf dekhkar) Bhaiya, aap bill jaldi bana dijiye.",
     ["Rohit", "Meena"], "Rohit", "roleplay", {"Meena": "familiar", "cashier": "formal"}),
    ("bn", "**তমাল:** মিঠু, তুমি জলের বোতল এনেছ?\n**মিঠু:** হ্যাঁ, তুমি এত চিন্তা কোরো না।\n"
           "**তমাল:** (কুলির দিকে তাকিয়ে) দাদা, আপনি ব্যাগগুলো একটু সাবধানে নামান।",
     ["তমাল", "মিঠু"], "তমাল", "roleplay", {"মিঠু": "familiar", "কুলি": "formal"}),
    ("bn", 'Mitali Arnab ke bollo, "Tumi eto chup keno?"\nArnab bollo, "Kichhu na, tumi bhebo na."\n'
           'Tarpor Arnab rickshawala ke daklo, "Dada, apni Gariahat e namiye din."',
     ["Mitali", "Arnab"], "Arnab", "continuation", {"Mitali": "familiar", "rickshawala": "formal"}),
    ("bn", 'Mitali Arnab ke bollo, "Tumi eto chup keno?"\nArnab bollo, "Kichhu na, tumi bhebo na."\n'
           'Tarpor Arnab phuchka-wala-ke daklo, "Dada, apni duto plate din."',
     ["Mitali", "Arnab"], "Arnab", "continuation", {"Mitali": "familiar", "phuchka-wala": "formal"}),
])
def test_a_line_directed_by_a_look_or_a_mark_written_apart(language, text, speakers, speaker, task, expected):
    assert analyze_text(text, language, speakers=speakers, task=task).speakers[speaker].by_addressee == expected


def test_a_look_at_a_thing_or_from_a_place_leaves_the_line_with_the_partner():
    # controls: a look at a clock in the partner's register; से as "from" (came from the market)
    text = ("**তমাল:** মিঠু, তুমি জলের বোতল এনেছ?\n**মিঠু:** হ্যাঁ, তুমি এত চিন্তা কোরো না।\n"
            "**তমাল:** (ঘড়ির দিকে তাকিয়ে) তুমি একটু তাড়াতাড়ি করো।")
    assert analyze_text(text, "bn", speakers=["তমাল", "মিঠু"], task="roleplay").speakers["তমাল"].by_addressee is None
    text = ('सविता ने अनुराधा से कहा, "तुम टिकट सँभाल कर रखना।"\nअनुराधा बोली, "हाँ माँजी, आप चिंता मत कीजिए।"\n'
            'फिर सविता बाज़ार से आकर बोली, "तुम चाय बना दो।"')
    result = analyze_text(text, "hi", speakers=["सविता", "अनुराधा"], task="continuation").speakers["सविता"]
    assert result.by_addressee is None and result.tier == "familiar"
