"""Words, function-word lists, plot labels and input reading for the alignment module."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from honorifics.alignment.records import InputError, lookup, read_units, record_text
from honorifics.alignment.text import (detect_script_language, is_second_person, load_stop_list, plot_label,
                                       romanize, second_person_forms, words)

DATA = Path(__file__).resolve().parent / "data" / "alignment"


def test_words_keep_vowel_signs_that_backslash_w_splits():
    sentence = "बहू ने कहा, “माँजी, आप बैठिए।”"
    assert words(sentence) == ["बहू", "ने", "कहा", "माँजी", "आप", "बैठिए"]
    # The reason for explicit ranges: \w stops at the vowel sign of बैठिए.
    assert "बैठिए" not in re.findall(r"\w+", sentence)
    assert words("শাশুড়ি বললেন: তুমি রান্নাঘরে এসো। ২০২৪") == [
        "শাশুড়ি", "বললেন", "তুমি", "রান্নাঘরে", "এসো"]


def test_words_equal_under_different_unicode_forms():
    assert words("पे\u095c") == words("पे\u0921\u093c") == ["पे\u0921\u093c"]   # ड़ two ways
    assert words("আমায়") == words("আমায\u09bc")                 # য় precomposed vs য + nukta


def test_shipped_stop_lists_never_drop_second_person_forms():
    for language in ("hi", "bn"):
        stop = load_stop_list(language)
        assert stop.words and not (stop.words & second_person_forms(language))
    assert {"का", "ने", "से"} <= load_stop_list("hi").words
    assert {"এবং", "থেকে"} <= load_stop_list("bn").words
    assert "तुम" not in load_stop_list("hi").words
    assert "হয়" in load_stop_list("bn").words              # NFC of the precomposed য়


def test_protected_forms_are_read_from_the_lexicons_not_kept_apart(tmp_path):
    """Every pronoun form of a language's lexicons (each script) is protected, and so is a
    verb form whose tier shows on its own anywhere, by a suffix rule too (बैठिए, করুন);
    a word that is only sometimes a verb (दो "two", দিন "day") may be a stop word."""
    from honorifics.languages import LANGUAGES
    for entry in LANGUAGES:
        for script in entry.scripts:
            pronouns = entry.read("lexicon", script)["pronouns"]
            assert pronouns and all(is_second_person(entry.code, form) for form in pronouns), (entry.code, script)
    assert {"तू", "तुम्हारे", "aapka", "tumhara", "आओ"} <= second_person_forms("hi")
    assert {"তোমাকে", "apnar"} <= second_person_forms("bn")
    path = tmp_path / "user.txt"
    path.write_text("का\nबैठिए\nतुम्हें\nदो\n", encoding="utf-8")
    stop = load_stop_list("hi", path)
    assert stop.protected_removed == ("तुम्हें", "बैठिए") and stop.words == {"का", "दो"}
    assert is_second_person("bn", "করুন") and not is_second_person("bn", "দিন")
    assert not (Path(__file__).resolve().parent.parent / "honorifics" / "alignment" / "data"
                / "second_person_forms.json").exists()   # one copy: the lexicons


def test_spacy_bangla_stop_list_is_cleaned_of_address_forms(tmp_path):
    from spacy.lang.bn.stop_words import STOP_WORDS
    assert {"তুই", "তুমি", "আপনি"} <= set(STOP_WORDS)             # the reason for the guard
    path = tmp_path / "spacy_bn.txt"
    path.write_text("\n".join(sorted(STOP_WORDS)), encoding="utf-8")
    stop = load_stop_list("bn", path)
    assert {"তুই", "তুমি", "আপনি"} <= set(stop.protected_removed)
    assert not ({"তুই", "তুমি", "আপনি", "তোমার", "আপনার"} & stop.words)


def test_romanized_plot_labels():
    assert romanize("सास") == "saas"
    assert romanize("तुम्हारा") == "tumhaaraa"
    assert romanize("শাশুড়ি") == "shaashuRi"
    assert plot_label("chopstick") == "chopstick"
    assert plot_label("आप") == "[aap]"
    assert all(ord(ch) < 128 for ch in plot_label("বউমা"))


def test_script_language_detection():
    assert detect_script_language("आप कहाँ जा रहे हैं?") == "hi"
    assert detect_script_language("আপনি কোথায় যাচ্ছেন?") == "bn"
    assert detect_script_language("aap kahan ja rahe hain") == "en"


def test_record_text_and_dotted_fields():
    assert record_text({"response": "Bow to elders."}) == "Bow to elders."
    chat = {"messages": [{"role": "user", "content": "लिखिए"},
                         {"role": "assistant", "content": "आप बैठिए।"}]}
    assert record_text(chat) == "आप बैठिए।"
    assert record_text({"gen": {"text": "x"}}, "gen.text") == "x"
    assert lookup({"scenario": {"variables": {"relation": "बहू→सास"}}},
                  "scenario.variables.relation") == "बहू→सास"
    assert lookup({"a": 1}, "b.c") is None


def test_analysis_records_split_per_speaker_with_scenario_roles():
    units, report = read_units(DATA / "inlaw_analysis.jsonl",
                               scenarios=DATA / "inlaw_scenarios.jsonl")
    assert report.lines == 5 and report.units == 10 and not report.bad_lines
    first = units[0]
    assert first.get("speaker") == "सुनीता" and first.get("speaker_role") == "सास"
    assert first.get("speaker_gender") == "female" and first.get("speaker_tier") == "familiar"
    assert first.get("model") == "model-x"                       # from meta
    assert "बहू, रसोई का काम" in first.text and "प्रिया" not in first.text
    bangla = [u for u in units if u.get("speaker_role") == "বউমা"]
    assert [u.get("speaker") for u in bangla] == ["রিয়া", "নাসরিন"]
    # Read whole, an analysis record has no top-level text: reported, not invented.
    whole, whole_report = read_units(DATA / "inlaw_analysis.jsonl", per_speaker=False)
    assert whole == [] and whole_report.without_text == [1, 2, 3, 4, 5]


def test_unreadable_lines_are_reported_not_dropped(tmp_path):
    path = tmp_path / "mixed.jsonl"
    path.write_text(json.dumps({"response": "ok"}) + "\n[1, 2]\n{bad\n"
                    + json.dumps({"other": 1}) + "\n", encoding="utf-8")
    units, report = read_units(path)
    assert [u.text for u in units] == ["ok"]
    assert [bad["line"] for bad in report.bad_lines] == [2, 3]
    assert report.without_text == [4]
    with pytest.raises(InputError):
        read_units(tmp_path / "absent.jsonl")
