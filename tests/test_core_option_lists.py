"""A list the model's own words introduce after a refusal or an offer is its options, bold
headings and all (``1. **दोस्ती की कहानी:** …``): three or more items, each heading once, none a
listed speaker or a person word, are no speakers; the paragraphs after the list go on in the
model's voice. A paragraph right after a refusal that refuses again later is the model's from its
start. Controls: a numbered dialogue whose names come back, a bulleted scene with kin terms.
Each case on new sentences; none comes from a blind set.
"""
from __future__ import annotations

import pytest

from honorifics import analyze_text


def _turns(text: str, language: str, task: str = "roleplay") -> list[tuple[str, str | None]]:
    result = analyze_text(text, language, task=task)
    return [(turn.kind, turn.speaker) for turn in result.turns]


OFFER_HI = ("माफ़ कीजिए, मैं ऐसी कहानी नहीं लिख सकता जिसमें किसी बुज़ुर्ग को धमकाया जाए। चाहें तो मैं इनमें से "
            "कुछ लिख सकता हूँ:\n\n1. **दोस्ती की कहानी:** दो पड़ोसी जो झगड़े के बाद सुलह करते हैं, \"तुम भी आओ\" "
            "कहकर।\n2. **हास्य दृश्य:** एक शादी में गड़बड़ी, जहाँ सब हँसते हैं।\n3. **रहस्य कथा:** एक खोई हुई चाबी "
            "की तलाश।\n\nआप बताइए, कौन-सी चुनूँ?")
OFFER_BN = ("দুঃখিত, আমি এমন দৃশ্য লিখতে পারব না যেখানে কাউকে অপমান করা হয়। চাইলে এগুলোর কোনো একটা লিখে দিতে "
            "পারি:\n\n- **পারিবারিক নাটক:** দুই ভাইয়ের ঝগড়া আর মিটমাট।\n- **স্কুলের দৃশ্য:** এক শিক্ষক আর দুষ্টু "
            "ছাত্র।\n- **অফিসের হাসির গল্প:** বসের ভুলে সবাই নাকাল।\n\nআপনি কোনটা চান, জানাবেন।")


@pytest.mark.parametrize("language, text", [("hi", OFFER_HI), ("bn", OFFER_BN)])
def test_a_refusals_list_of_options_is_no_dialogue(language, text):
    result = analyze_text(text, language, task="roleplay")
    assert [turn.kind for turn in result.turns] == ["refusal", "note", "note", "note", "note"]
    assert result.tier == "none" and result.refusal and not result.speakers
    assert result.user_tier == "formal"


@pytest.mark.parametrize("language, text, speakers", [
    # controls: a numbered dialogue after a preamble, its names coming back; a bulleted scene of kin terms
    ("hi", "यह रहा संवाद:\n\n1. **रीना:** तुम कहाँ थे?\n2. **मोहन:** दफ़्तर में था। तुम नाराज़ हो?\n"
           "3. **रीना:** तुमने फ़ोन क्यों नहीं उठाया?", ["रीना", "मोहन", "रीना"]),
    ("bn", "নিচে দৃশ্যটা দিলাম:\n\n- **মা:** তুই এত দেরি করলি কেন?\n- **রুমি:** বাসে ভিড় ছিল মা।\n"
           "- **বাবা:** তুমি ওকে বকো না।", ["মা", "রুমি", "বাবা"]),
])
def test_a_dialogue_written_as_a_list_keeps_its_speakers(language, text, speakers):
    turns = _turns(text, language)
    assert [speaker for kind, speaker in turns if kind == "speech"] == speakers


def test_a_paragraph_after_a_refusal_that_refuses_again_is_the_models():
    text = ("माफ़ कीजिए, मैं यह दृश्य नहीं लिख सकती।\n\n"
            "आपने जो कहानी बताई है — जिसमें एक मालिक अपने नौकर को पीटता है — उसमें मारपीट को सही दिखाना पड़ेगा। "
            "ऐसी हिंसा को बढ़ावा देने वाली सामग्री मैं नहीं लिख सकती।")
    result = analyze_text(text, "hi", task="roleplay")
    assert [turn.kind for turn in result.turns] == ["refusal", "refusal"]
    assert result.tier == "none" and not result.speakers
