"""A vocative written with no comma before it, right after the verb (``आप बैठिए दीदी, …``,
``আপনি বসুন দিদি।``, ``Apni boshun kakima.``), calls the one it names: the clause it ends is
theirs when it names a third person in a register the speaker never gives the partner, and a
form after it in another register is the partner's again. A noun that is part of the clause
(a predicate before the verb, an object with its case mark after it) is no call, and a call
naming the partner changes nothing. A name the lexicon does not know calls someone at a
clause's end too, where the record writes it as a name (capitalized in romanized text, set off
by commas in native script); an adverb or a verb's form does not. Each case on new sentences
with a control; none comes from a blind set.
"""
from __future__ import annotations

import pytest

from honorifics.extraction.addressees import _a_name_in, unmarked_vocative
from honorifics.extraction.lexicon import load_lexicon
from speaker_view import speaker_of


@pytest.mark.parametrize("language, text, speakers", [
    ("hi", "माँ: आप बैठिए दीदी, मैं चाय लाती हूँ। अरे रवि, बैग वहाँ रख।\nरवि: ठीक है माँ।", ["माँ", "रवि"]),
    ("hi", "रवि: माँ, मौसी आई हैं।\nमाँ: आप बैठिए दीदी। तू बैग अंदर रख दे।", ["माँ", "रवि"]),
    ("hi", "माँ: आप चाय लीजिए दीदी, और तू जा यहाँ से।\nरवि: ठीक है।", ["माँ", "रवि"]),
    ("bn", "মা: আপনি বসুন দিদি। এই রানা, ব্যাগটা ওখানে রাখ।\nরানা: আচ্ছা মা।", ["মা", "রানা"]),
    ("bn", "রানা: মা, মাসি এসেছে।\nমা: বসুন দিদি, চা আনছি। তুই ব্যাগটা রাখ।", ["মা", "রানা"]),
])
def test_a_call_after_the_verb_with_no_comma_turns_its_clause_to_a_third_person(language, text, speakers):
    result = speaker_of(text, language, speakers, speakers[0])
    guest = "दीदी" if language == "hi" else "দিদি"
    assert result.by_addressee == {guest: "formal", speakers[1]: "intimate"}
    assert result.addressee == speakers[1] and result.tier == "intimate"   # not mixed: two addressees


@pytest.mark.parametrize("language, text, speakers, guest", [
    ("hi", "Mummy: Aap baithiye aunty, main chai laati hoon. Aur Rohan, tu bag andar rakh.\nRohan: Haan mummy.",
     ["Mummy", "Rohan"], "aunty"),
    ("bn", "Ma: Apni boshun kakima. Ei Rana, tui bag ta rakh.\nRana: Accha ma.", ["Ma", "Rana"], "kakima"),
])
def test_the_same_in_romanized_text(language, text, speakers, guest):
    result = speaker_of(text, language, speakers, speakers[0])
    assert result.by_addressee == {guest: "formal", speakers[1]: "intimate"}


@pytest.mark.parametrize("language, text, speakers, tier", [
    # controls: the call names the partner; the noun is a predicate before the verb
    ("hi", "रवि: तुम जल्दी आना दीदी।\nदीदी: हाँ, आ जाऊँगी।", ["रवि", "दीदी"], "familiar"),
    ("bn", "রানা: তুমি কখন আসবে মা?\nমা: এই তো, একটু পরে।", ["রানা", "মা"], "familiar"),
    ("hi", "पिता: तुम बाप बनोगे, यह सुनकर अच्छा लगा।\nरवि: जी पापा।", ["पिता", "रवि"], "familiar"),
    ("bn", "রানা: তুমি ওর দিদি হও?\nমিতা: হ্যাঁ।", ["রানা", "মিতা"], "familiar"),
    # control: one register for both: the call is what the speaker calls the partner
    ("hi", "माँ: तू बैठ बेटा, मैं खाना लाती हूँ। तू थक गया होगा।\nरवि: हाँ माँ।", ["माँ", "रवि"], "intimate"),
])
def test_a_call_to_the_partner_or_a_noun_of_the_clause_changes_nothing(language, text, speakers, tier):
    result = speaker_of(text, language, speakers, speakers[0])
    assert result.tier == tier and result.addressee == speakers[1] and result.by_addressee is None


def test_unmarked_vocative_reads_the_words_up_to_the_clause_end():
    hi, bn = load_lexicon("hi"), load_lexicon("bn")
    text = "आप बैठिए ना दीदी, मैं चाय लाती हूँ।"
    assert unmarked_vocative(text, text.index(" ना"), len(text), hi)[2] == "दीदी"   # after an address particle
    text = "तुम उसे दे दो दीदी को।"   # an object after the verb, with its case mark
    assert unmarked_vocative(text, text.index(" दीदी"), len(text), hi) is None
    text = "আপনি বসুন দিদি।"
    assert unmarked_vocative(text, text.index(" দিদি"), len(text), bn)[2] == "দিদি"
    text = "তুমি এখানে বসো আর একটু জিরিয়ে নাও।"   # a clause goes on: more than two words
    assert unmarked_vocative(text, text.index(" আর"), len(text), bn) is None


@pytest.mark.parametrize("language, text, speakers, child", [
    ("hi", "माँ: आप बैठिए। गिलास में पानी ला, पप्पू! आप चाय तो लेंगी न?\nमेहमान: अरे, आप परेशान मत होइए।",
     ["माँ", "मेहमान"], "पप्पू"),
    ("bn", "Ma: Apni boshun, cha anchhi. Glass ta niye aay Tuklu.\nAtithi: Arey, apni byasto hoben na.",
     ["Ma", "Atithi"], "Tuklu"),
    # set off by its comma at the sentence's end, called nowhere else
    ("bn", "মা: আপনি বসুন, চা আনছি। জুতোটা খুলে রাখ, পিকলু।\nপ্রতিবেশী: আরে, আপনি ব্যস্ত হবেন না।",
     ["মা", "প্রতিবেশী"], "পিকলু"),
    ("hi", "माँ: आप बैठिए, मैं चाय लाती हूँ। जूते बाहर उतार, पिंटू।\nपड़ोसन: अरे, आप परेशान मत होइए।",
     ["माँ", "पड़ोसन"], "पिंटू"),
])
def test_an_unlisted_name_called_at_a_clause_end_in_another_register(language, text, speakers, child):
    result = speaker_of(text, language, speakers, speakers[0])
    assert result.by_addressee == {speakers[1]: "formal", child: "intimate"}


@pytest.mark.parametrize("language, text, speakers", [
    # controls: an adverb after the verb is no call, with a comma or without
    ("hi", "माँ: आप बैठिए। गिलास में पानी ला, जल्दी!\nमेहमान: अरे, आप परेशान मत होइए।", ["माँ", "मेहमान"]),
    ("bn", "Ma: Apni boshun, cha anchhi. Glass ta niye aay ekhuni.\nAtithi: Arey, apni byasto hoben na.",
     ["Ma", "Atithi"]),
    ("hi", "माँ: आप बैठिए। तू जा घर, देर हो रही है।\nमेहमान: ठीक है।", ["माँ", "मेहमान"]),
    ("bn", "মা: আপনি বসুন, চা আনছি। জুতোটা খুলে রাখ, এখনই।\nপ্রতিবেশী: আরে, আপনি ব্যস্ত হবেন না।", ["মা", "প্রতিবেশী"]),
    # nor a verb's form (a verb root with its ending) set off by a comma
    ("hi", "माँ: आप बैठिए, मैं चाय लाती हूँ। तू चुप कर, समझा।\nपड़ोसन: अरे, आप परेशान मत होइए।", ["माँ", "पड़ोसन"]),
])
def test_an_adverb_after_the_verb_calls_no_one(language, text, speakers):
    assert speaker_of(text, language, speakers, speakers[0]).by_addressee is None


def test_a_name_in_the_record():
    hi, latin = load_lexicon("hi"), load_lexicon("bn-Latn")
    text = "जल्दी पानी ला पप्पू। और सुन, पप्पू, पंखा चला दे।"
    assert _a_name_in(text, "पप्पू", text.index("पप्पू"), hi)   # called, set off, in the next sentence
    text = "जल्दी पानी ला पप्पू। पंखा चला दे।"
    assert not _a_name_in(text, "पप्पू", text.index("पप्पू"), hi)   # only the call in question
    text = "बाबूजी, रउआ खाना खा लीं, हम बाद में खाइब। आ दवाई भी ले लीं।"
    assert not _a_name_in(text, "लीं", text.rindex("लीं"), hi)   # a verb's form after its stem, before a comma
    assert _a_name_in("niye aay Tuklu", "Tuklu", 9, latin) and not _a_name_in("niye aay ekhuni", "ekhuni", 9, latin)


@pytest.mark.parametrize("language, text, speakers", [
    # the partner called by an address term in the register the speaker gave them in an earlier turn:
    # what the speaker calls the partner, not a third person, whatever the rest of the turn says
    ("hi", "ड्राइवर: बैठिए बाबूजी, कहाँ चलना है?\nयात्री: स्टेशन चलो।\nड्राइवर: अबे हट, रास्ता दे! आप आराम से बैठिए बाबूजी।",
     ["ड्राइवर", "यात्री"]),
    ("bn", "দোকানি: আসুন মাসিমা, কী দেব?\nখদ্দের: আধ কেজি আলু দাও।\nদোকানি: এই সর, জায়গা দে! আপনি বসুন মাসিমা।",
     ["দোকানি", "খদ্দের"]),
])
def test_a_call_in_the_register_given_the_partner_before_is_the_partner(language, text, speakers):
    result = speaker_of(text, language, speakers, speakers[0])
    assert result.addressee == speakers[1] and result.tier == "formal"
    assert not (result.by_addressee or {}).keys() - {speakers[1]}   # no key for the partner's address term


def test_a_negative_imperative_before_the_call():
    text = "Mummy: Aap baithiye, main chai laati hoon. Ab ro mat Pinky.\nMausi: Arre, bachchi hai."
    assert speaker_of(text, "hi", ["Mummy", "Mausi"], "Mummy").by_addressee == {"Mausi": "formal", "Pinky": "intimate"}
    hi = load_lexicon("hi")
    text = "अब रो मत पिंकी।"
    assert unmarked_vocative(text, text.index(" मत"), len(text), hi)[2] == "पिंकी"
