"""The priming lint catches primed prompts and passes clean ones."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from honorifics.scenarios.bank import load_bank, parse_scenario
from honorifics.scenarios.cli import lint_scenarios_main
from honorifics.scenarios.lint import lint_scenario, lint_text, normalize, tokenize
from honorifics.scenarios.prompts import prompt_templates

FIXTURES = Path(__file__).parent / "data" / "scenarios"
FIXTURE_FILES = [FIXTURES / "hi_fixture.jsonl", FIXTURES / "bn_fixture.jsonl"]

# Situations and instructions as a careless prompt writer puts them: each one
# tells the model how to address the other person.
PRIMED = [
    ("रोहित अपनी प्रोफ़ेसर से बहुत सम्मानपूर्वक बात करता है।", "सम्मानपूर्वक", "politeness"),
    ("दफ़्तर का माहौल औपचारिक है, इसलिए नेहा सोच-समझकर बोलती है।", "औपचारिक", "politeness"),
    ("जवाब विनम्र भाषा में लिखें।", "विनम्र", "politeness"),
    ("बहू सास का बड़ा आदर करती है।", "आदर", "politeness"),
    ("गाँव में बड़ों की इज़्ज़त करना ज़रूरी माना जाता है।", "इज़्ज़त", "politeness"),
    ("उसे बड़ों से बात करने की तहज़ीब नहीं है।", "तहज़ीब", "politeness"),
    ("दोनों बचपन से एक-दूसरे को तू कहकर बुलाते हैं।", "तू", "pronoun"),
    ("करण सोनिया को हमेशा 'तुम' कहता है।", "तुम", "pronoun"),
    ("अपने बॉस से आप कहकर बात करें।", "आप", "pronoun"),
    ("दोनों सहकर्मी बराबरी से बात करते हैं।", "बराबरी से बात", "tier_phrase"),
    ("শ্রেয়া শিক্ষককে খুব শ্রদ্ধা করে।", "শ্রদ্ধা", "politeness"),
    ("অফিসের পরিবেশ আনুষ্ঠানিক, তাই সবাই মেপে কথা বলে।", "আনুষ্ঠানিক", "politeness"),
    ("তানভীর একজন ভদ্র ছেলে, রিকশাচালকের সঙ্গেও সম্মান দিয়ে কথা বলে।", "ভদ্র", "politeness"),
    ("উত্তরটি বিনয়ের সঙ্গে লিখুন।", "বিনয়ের", "politeness"),
    ("রাজু আর বাবলু একে অপরকে তুই বলে ডাকে।", "তুই", "pronoun"),
    ("নতুন সহকর্মীরা পরস্পরকে আপনি বলে।", "আপনি", "pronoun"),
    ("মা মেয়েকে তোমার কথা বলছে।", "তোমার", "pronoun"),
    ("ওরা সমানে সমানে কথা বলে।", "সমানে সমানে", "tier_phrase"),
    ("Write the reply politely.", "politely", "politeness"),
    ("They call each other tum.", "call each other", "tier_phrase"),
    ("Riya uses the honorific aap with her boss.", "honorific", "politeness"),
    ("Tanvir and Rahmat talk to each other using apni.", "apni", "pronoun"),
]

# Natural situations full of near-misses: आपस, अपना, अपने आप, तो, তো, আপন,
# আপনা-আপনি, ভদ্রলোক, तेरह, and a speaker named বিনয়.
CLEAN = [
    "दोनों भाई आपस में अपना सामान बाँट रहे हैं।",
    "दरवाज़ा अपने आप खुल गया, तो रोहित अंदर आ गया।",
    "तेरह साल की मीना स्कूल से लौटी है।",
    "शादी के बाद प्रिया पहली बार अपने मायके जा रही है।",
    "রাজু তো রোজই আসে, আজ আসেনি।",
    "দরজাটা আপনা-আপনি খুলে গেল।",
    "স্টেশনে এক বয়স্ক ভদ্রলোক টিকিট খুঁজছেন।",
    "আপনজনদের ছেড়ে রুমা ঢাকায় পড়তে এসেছে।",
]


@pytest.mark.parametrize("text, word, category", PRIMED)
def test_lint_catches_primed_text(text, word, category):
    findings = lint_text(text)
    assert (word, category) in [(f.word, f.category) for f in findings], findings
    for finding in findings:
        assert text[finding.start:finding.end] == finding.word


@pytest.mark.parametrize("text", CLEAN)
def test_lint_passes_natural_text(text):
    assert lint_text(text) == []


def test_pronoun_findings_name_their_tier():
    tiers = {f.word: f.detail for f in lint_text("तू, तुम्हारा, आपको, তোকে, তোমরা, আপনাদের, tumhe")}
    assert tiers == {"तू": "intimate", "तुम्हारा": "familiar", "आपको": "formal", "তোকে": "intimate",
                     "তোমরা": "familiar", "আপনাদের": "formal", "tumhe": "familiar"}


def test_dialogue_allows_pronouns_but_not_politeness_words():
    assert lint_text("আম্মু, তুমি একটু শোনো না। তোমার কথাই শুনব।", dialogue=True) == []
    findings = lint_text("बेटा, बड़ों से तमीज़ से बात करो, तुम्हें पता है न?", dialogue=True)
    assert [f.word for f in findings] == ["तमीज़"]


def test_speaker_names_are_never_flagged():
    assert [f.word for f in lint_text("বিনয়ের বন্ধু রাতুল এসেছে।")] == ["বিনয়ের"]
    assert lint_text("বিনয়ের বন্ধু রাতুল এসেছে।", names=["বিনয়"]) == []


def test_tokenizer_keeps_vowel_signs_and_normalizes_nukta():
    assert [w.text for w in tokenize("किताबें पढ़ीं। আপনি-আজ্ঞে")] == ["किताबें", "पढ़ीं", "আপনি", "আজ্ঞে"]
    assert normalize("इज़्ज़त") == normalize("इज्जत") == normalize("इज़्ज़त")
    assert normalize("जाएँ") == normalize("जाएं")


def test_prompt_templates_themselves_are_clean():
    templates = prompt_templates()
    for language in ("hi", "bn"):
        for task in ("dct", "continuation", "roleplay"):
            assert lint_text(templates[language][task]) == [], (language, task)


def test_fixture_scenarios_pass_and_primed_variants_fail():
    bank = load_bank(FIXTURE_FILES)
    assert all(lint_scenario(s) == [] for s in bank)
    record = bank["bn-cont-001"].to_dict()
    # The seed turns contain তুমি/তোমার and are fine; a primed description is not.
    record["speakers"][1]["description"] = "মাকে খুব শ্রদ্ধা করে, সবসময় তুমি বলে"
    findings = lint_scenario(parse_scenario(record))
    assert [(f.field, f.finding.word) for f in findings] == [
        ("speakers[1].description", "শ্রদ্ধা"), ("speakers[1].description", "তুমি")]
    assert "bn-cont-001 speakers[1].description: 'শ্রদ্ধা'" in findings[0].message()


def test_shift_event_note_is_not_shown_so_not_linted():
    record = load_bank(FIXTURE_FILES)["hi-shift-001"].to_dict()
    record["shift_event"] = "राजेश कहता है कि उसे आप कहा जाए"
    assert lint_scenario(parse_scenario(record)) == []


def test_lint_command_exit_codes(tmp_path, capsys):
    assert lint_scenarios_main([str(p) for p in FIXTURE_FILES]) == 0
    record = json.loads(FIXTURE_FILES[0].read_text(encoding="utf-8").splitlines()[0])
    record["situation"] += " वह हमेशा विनम्र रहता है।"
    primed = tmp_path / "primed.jsonl"
    primed.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert lint_scenarios_main([str(primed)]) == 1
    out = capsys.readouterr().out
    assert "hi-dct-001 situation: 'विनम्र' (politeness" in out
    record["language"] = "xx"
    primed.write_text(json.dumps(record, ensure_ascii=False) + "\n", encoding="utf-8")
    assert lint_scenarios_main([str(primed)]) == 1
    assert "language: 'xx' is not one of hi, bn" in capsys.readouterr().out
    assert lint_scenarios_main([str(tmp_path / "missing.jsonl")]) == 2
