"""A direction's role or kin word, once its person is called by name, names that person again
(``(बहू से) सीमा, …`` … ``(बहू से) और तू …``: one addressee, सीमा). Each case on new sentences
with a control; none comes from a blind set.
"""
from __future__ import annotations

import pytest

from speaker_view import speaker_of


@pytest.mark.parametrize("language, text, speakers, speaker, expected", [
    # the role again in the same turn
    ("hi", "**पिसी:** आओ बेटा, बैठो। (बहू से) सीमा, जल्दी से चाय बना दे। (बहू से) और तू पकौड़े भी तल ले।\n"
           "**तरुण:** नहीं पिसी, आप परेशान मत होइए।",
     ["पिसी", "तरुण"], "पिसी", {"तरुण": "familiar", "सीमा": "intimate"}),
    # … in a later turn, the name first said after a direction inside the turn
    ("bn", "**পিসি:** এসো বাবা, বসো। (বউমাকে) লতা, চা করে আন।\n**তাপস:** না পিসি, আপনি ব্যস্ত হবেন না।\n"
           "**পিসি:** ব্যস্ত কীসের! তুমি হাত-মুখ ধুয়ে নাও। (বউমাকে) আর তুই লুচি ভেজে আন।",
     ["পিসি", "তাপস"], "পিসি", {"তাপস": "familiar", "লতা": "intimate"}),
    # … after a direction that opens the turn
    ("hi", "**पिसी:** (बहू से) सीमा, जल्दी से चाय बना दे।\n**तरुण:** नहीं पिसी, आप परेशान मत होइए।\n"
           "**पिसी:** तुम बैठो बेटा। (बहू से) और तू पकौड़े भी तल ले।",
     ["पिसी", "तरुण"], "पिसी", {"तरुण": "familiar", "सीमा": "intimate"}),
    # romanized
    ("hi", "**Pishi:** Aao beta, baitho. (bahu se) Seema, jaldi se chai bana de.\n"
           "**Tarun:** Nahi pishi, aap pareshaan mat hoiye.\n"
           "**Pishi:** Pareshani kaisi! Tum haath-munh dho lo. (bahu se) Aur tu pakode bhi tal le.",
     ["Pishi", "Tarun"], "Pishi", {"Tarun": "familiar", "Seema": "intimate"}),
])
def test_a_role_once_called_by_name_is_that_name(language, text, speakers, speaker, expected):
    assert speaker_of(text, language, speakers, speaker).by_addressee == expected


@pytest.mark.parametrize("language, text, speakers, speaker, expected", [
    # control: a role never called by name keeps its word
    ("hi", "**पिसी:** आओ बेटा, बैठो। (बहू से) जल्दी से चाय बना दे।\n**तरुण:** नहीं पिसी, आप परेशान मत होइए।\n"
           "**पिसी:** (बहू से) और तू पकौड़े भी तल ले।",
     ["पिसी", "तरुण"], "पिसी", {"तरुण": "familiar", "बहू": "intimate"}),
    # control: a role said before two names names neither of them
    ("hi", "**पिसी:** आओ बेटा, बैठो। (नौकर से) रामू, चाय ला। (नौकर से) श्यामू, तू पकौड़े ला।\n"
           "**तरुण:** नहीं पिसी, आप परेशान मत होइए।\n**पिसी:** (नौकर से) और तू पानी भी ला।",
     ["पिसी", "तरुण"], "पिसी", {"तरुण": "familiar", "रामू": "intimate", "श्यामू": "intimate", "नौकर": "intimate"}),
    # control: an address term after the direction is no name (बउमा calls the role by its word)
    ("bn", "**পিসি:** এসো বাবা, বসো। (বউমাকে) বউমা, চা করে আন।\n**তাপস:** না পিসি, আপনি ব্যস্ত হবেন না।\n"
           "**পিসি:** (বউমাকে) আর তুই লুচি ভেজে আন।",
     ["পিসি", "তাপস"], "পিসি", {"তাপস": "familiar", "বউমা": "intimate"}),
])
def test_a_role_not_called_by_one_name_keeps_its_word(language, text, speakers, speaker, expected):
    assert speaker_of(text, language, speakers, speaker).by_addressee == expected


def test_each_speaker_learns_their_own_roles():
    # control: the father's son (मोनू) is not the mother's (राजू), though both say (बेटे से)
    text = ("**माँ:** (बेटे से) राजू, पानी ला।\n**पिताजी:** (बेटे से) मोनू, तू जाकर मिठाई ले आ।\n"
            "**माँ:** आप बैठिए न। (बेटे से) और तू कुर्सी भी लगा दे।")
    assert speaker_of(text, "hi", ["माँ", "पिताजी"], "माँ").by_addressee == {"राजू": "intimate", "पिताजी": "formal"}
    assert speaker_of(text, "hi", ["माँ", "पिताजी"], "पिताजी").addressee == "मोनू"
