"""Mechanisms added after rounds 41–42: each on new sentences, each with a control. None of
these sentences comes from a blind set.
"""
from __future__ import annotations

import pytest

from honorifics import analyze_text


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
    result = analyze_text(text, language, speakers=speakers, task="roleplay").speakers[speaker]
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
    result = analyze_text(text, language, speakers=speakers, task="roleplay").speakers[speaker]
    assert result.tier == tier and not result.by_addressee
