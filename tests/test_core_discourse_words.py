"""Discourse words that open a sentence before a comma (खैर, वैसे, আসলে, তবে, Waise, Actually) call
no one: the sentence is for the dialogue partner, and a change of register after one is the speaker
mixing registers to that partner, not a second addressee. A name in that place still calls its
person. Each case on new sentences with a control; none comes from a blind set.
"""
from __future__ import annotations

from honorifics import analyze_text


def test_connectives_before_a_comma_are_no_addressee():
    for text, language, speakers in [
            ("**राधा:** खैर, तुम कल आ रहे हो न? वैसे, तुम तो सब जानते हो।\n**मोहन:** हाँ, मैं आऊँगा। तुम चिंता मत करो।",
             "hi", ["राधा", "मोहन"]),
            ("**রীনা:** মানে, তুমি কাল আসছ তো? তবে, তুমি তো জানোই। অবশ্য, তুমি না এলেও চলবে।\n**সুমন:** হ্যাঁ, আসব।",
             "bn", ["রীনা", "সুমন"]),
            ("**Riya:** Actually, tum kal aa rahe ho na? Basically, tum toh jaante ho.\n**Mohan:** Anyway, tum chinta mat karo.",
             "hi", ["Riya", "Mohan"])]:
        result = analyze_text(text, language, speakers=speakers, task="roleplay")
        first = result.speakers[speakers[0]]
        assert first.tier == "familiar" and first.by_addressee is None, text


def test_a_switch_of_register_after_a_connective_is_mixed_and_a_name_still_calls():
    switched = analyze_text("**Rina:** Asole, tumi to sob jano. Tobe, apni ekhon ektu boshun.\n**Suman:** Achha, boshchi.",
                            "bn", speakers=["Rina", "Suman"], task="roleplay")
    assert switched.speakers["Rina"].tier == "mixed" and switched.speakers["Rina"].by_addressee is None
    # control: a third person's name in the same place is a call, at another tier
    called = analyze_text("**Rina:** Suman, tumi boso. Tuktuki, tui ekhuni ja, jol niye aay.\n**Suman:** Achha.",
                          "bn", speakers=["Rina", "Suman"], task="roleplay")
    assert called.speakers["Rina"].by_addressee == {"Suman": "familiar", "Tuktuki": "intimate"}


def test_a_connective_before_a_call_that_names_no_one_makes_it_no_call_of_its_own():
    # "তাহলে শোনো, তুমি …": শোনো is said to the partner, whose register changes (mixed), not to someone else
    text = ("**সহকারী:** আপনি কোন পদের জন্য আবেদন করেছেন?\n**প্রার্থী:** ক্লার্ক। আমাকে আপনি বলবেন না।\n"
            "**সহকারী:** তাহলে শোনো, তুমি আজ রাতে ভালো করে ঘুমিও।")
    result = analyze_text(text, "bn", speakers=["সহকারী", "প্রার্থী"], task="roleplay")
    assert result.speakers["সহকারী"].tier == "mixed" and result.speakers["সহকারী"].by_addressee is None
