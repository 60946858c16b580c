"""A language is a folder plus a registry entry (issue 21 §3): fixture languages
defined only by a temporary folder and :func:`honorifics.languages.register` are
detected and analyzed end to end, with a tier scale of their own (a fourth level of
address) read from their data; the shipped languages stay as they were."""
from __future__ import annotations

from importlib import resources

import pytest

from honorifics import languages
from honorifics.extraction import lexicon as lexicon_module
from honorifics.extraction import out_of_character
from honorifics.languages import Language, register, unregister
from honorifics.tiers import TIERS, TierError, parse_tier

# A toy language written only in Latin letters, with four levels of address: ke (intimate),
# tam (familiar), vos (formal) and hazu (elevated). Its verbs: -is familiar and -ite formal
# imperatives (venis, venite), esti "is" agreeing with vos and hazu.
TOY_LEXICON = """\
language: qaa
script: latn
pronouns:
  ke: [intimate, nominative]
  kea: [intimate, genitive]
  tam: [familiar, nominative]
  tama: [familiar, genitive]
  vos: [formal, nominative]
  vosa: [formal, genitive]
  hazu: [elevated, nominative]
first_person_pronouns: [mi]
verbs:
  exact:
    esti: {evidence: null, agrees: [formal, elevated], when: with_subject, rule: copula}
  suffixes:
    - {suffix: ite, evidence: formal, agrees: [formal], when: always, rule: imperative_ite}
    - {suffix: is, evidence: familiar, agrees: [familiar], when: always, rule: imperative_is, min_stem: 2}
"""
# its scale: the three shared tiers with its own words for them, and a fourth
TOY_SCALE = "tiers: [{intimate: [ke]}, {familiar: [tam]}, {formal: [vos]}, {elevated: [hazu, hazu-tier]}]\n"
TOY_CUES = 'ai_identity:\n  - "(?i:mi estas (?:AI|roboto))"\n'

# A toy Devanagari language (Nepali-like forms, no romanized lexicon): it shares its script
# with Hindi, so the record names it.
DEVA_LEXICON = """\
language: qab
script: deva
pronouns:
  तँ: [intimate, nominative]
  तिमी: [familiar, nominative]
  तपाईं: [formal, nominative]
  हजुर: [elevated, nominative]
verbs:
  exact:
    छौ: {evidence: familiar, agrees: [familiar], when: always, rule: present_chhau}
"""
DEVA_SCALE = "tiers: [intimate, familiar, formal, {elevated: [हजुर]}]\n"


@pytest.fixture(scope="module")
def toy_languages(tmp_path_factory):
    root = tmp_path_factory.mktemp("lang")
    files = {"qaa": {"lexicon.yaml": TOY_LEXICON, "language.yaml": TOY_SCALE, "out_of_character.yaml": TOY_CUES},
             "qab": {"lexicon.yaml": DEVA_LEXICON, "language.yaml": DEVA_SCALE}}
    for code, contents in files.items():
        (root / code).mkdir()
        for name, text in contents.items():
            (root / code / name).write_text(text, encoding="utf-8")
    shipped = languages.LANGUAGES
    register(Language("qaa", "Toy", "latn", ("toyish",), other_scripts=(), folder=root / "qaa"))
    register(Language("qab", "Toy Devanagari", "deva", other_scripts=(), folder=str(root / "qab")))
    yield root
    unregister("qab")
    unregister("qaa")
    for name in ("qaa", "qab"):   # the lexicons and cues read for them
        lexicon_module._LOADED.pop(name, None)
        out_of_character._LOADED.pop(name, None)
    assert languages.LANGUAGES == shipped and languages.CODES == ("hi", "bn")
    assert "qaa" not in languages.ALIASES and languages.SCRIPT_LANGUAGES == {"deva": ("hi",), "beng": ("bn",)}
    with pytest.raises(TierError, match="use one of intimate/familiar/formal/mixed/none or"):
        parse_tier("hazu")   # the fixture's tiers and words went with it


def analyze(record: dict) -> dict:
    from honorifics.pipeline import Analyzer
    return Analyzer(use_classifier=False).analyze_object({"id": 1, **record}).to_dict()


def test_a_folder_and_an_entry_make_a_language(toy_languages):
    assert languages.CODES == ("hi", "bn", "qaa", "qab")
    assert languages.language("Toyish").code == "qaa" and languages.lexicon_name("qaa", "latn") == "qaa"
    assert "qaa" in languages.LEXICON_NAMES and languages.lexicon_source("qab") == (languages.language("qab"), "deva")
    # one script, many languages: Hindi stays the first Devanagari language; Latin is no one's
    assert languages.SCRIPT_LANGUAGES["deva"] == ("hi", "qab") and "latn" not in languages.SCRIPT_LANGUAGES
    toy = lexicon_module.load_lexicon("qaa")
    assert toy.language == "qaa" and toy.classify(toy.key("Vos"))[0] == ("formal", "nominative")
    # the scale comes from the folder's data; its new tier and words are known to parse_tier
    assert languages.language("qaa").scale.tiers == (*TIERS, "elevated")
    assert parse_tier("hazu") == parse_tier("Elevated") == parse_tier("हजुर") == "elevated"
    assert parse_tier("Tam") == "familiar"
    assert languages.language("hi").scale.tiers == TIERS and parse_tier("aap") == "formal"


def test_a_latin_script_fixture_language_is_detected_and_analyzed(toy_languages):
    from honorifics.pipeline import resolve_language
    text = "Mira: vos venite domu?\nRavi: tam venis kun mi."
    assert resolve_language(text, None) == ("qaa", "latn", True)
    record = analyze({"text": text, "expected": {"Mira": "formal", "Ravi": "tam"}})
    assert record["status"] == "ok" and record["language"] == "qaa" and record["script"] == "latn"
    assert {name: (s["tier"], s["correct"]) for name, s in record["speakers"].items()} == {
        "Mira": ("formal", True), "Ravi": ("familiar", True)}
    evidence = [(e["text"], e["tier"], e["rule"]) for turn in record["turns"] for e in turn["evidence"]]
    assert evidence == [("vos", "formal", "qaa.pronoun.formal"), ("tam", "familiar", "qaa.pronoun.familiar")]
    # the pronoun's own verb agrees with it
    assert [(p["pronoun"]["text"], p["verb"]["text"], p["ok"]) for turn in record["turns"]
            for p in turn["agreement"]] == [("vos", "venite", True), ("tam", "venis", True)]
    # a verb alone (pro-drop) shows its tier too (no pronoun to detect the language by: the
    # record names it, with one of its registered spellings)
    alone = analyze({"text": "Mira: venite domu!\nRavi: bona, venis!", "language": "Toyish"})
    assert alone["language"] == "qaa"
    assert {name: s["tier"] for name, s in alone["speakers"].items()} == {"Mira": "formal", "Ravi": "familiar"}
    # romanized Hindi is still Hindi
    assert resolve_language("Tum kahan ho? Aap kaise hain?", None)[0] == "hi"


def test_a_fourth_level_of_address_from_data_is_a_tier(toy_languages):
    record = analyze({"text": "Mira: hazu esti bona?\nRavi: vos esti bona.",
                      "expected": {"Mira": "hazu", "Ravi": "elevated"}})
    mira, ravi = record["speakers"]["Mira"], record["speakers"]["Ravi"]
    assert (mira["tier"], mira["correct"], mira["error_direction"]) == ("elevated", True, None)
    # directions are on the language's scale: formal is below elevated
    assert (ravi["tier"], ravi["correct"], ravi["error_direction"]) == ("formal", False, "under-polite")
    assert record["turns"][0]["agreement"][0]["ok"] is True   # hazu esti
    # a Devanagari language with the same fourth level, named by the record
    deva = analyze({"text": "राम: हजुर कहाँ जानुहुन्छ?\nसीता: तिमी कहाँ छौ?", "language": "qab"})
    assert deva["language"] == "qab" and deva["script"] == "deva"
    assert {name: s["tier"] for name, s in deva["speakers"].items()} == {"राम": "elevated", "सीता": "familiar"}


def test_the_fixture_language_reads_its_own_out_of_character_cues(toy_languages):
    record = analyze({"text": "Mi estas roboto, kaj mi ne skribas tion."})
    assert record["language"] == "qaa" and record["refusal"] is True and record["tier"] == "none"
    assert out_of_character.cue_data("qaa")[1] == {"ai_identity": ["(?i:mi estas (?:AI|roboto))"]}


@pytest.fixture
def clash_folder(toy_languages):
    (toy_languages / "qac").mkdir(exist_ok=True)
    (toy_languages / "qac" / "language.yaml").write_text("tiers: [intimate, {courtly: [aap]}]\n", encoding="utf-8")


def test_a_tier_off_the_scale_or_a_taken_spelling_is_refused(toy_languages, clash_folder):
    with pytest.raises(lexicon_module.LexiconError, match="not on the language's scale"):
        lexicon_module.build_lexicon("x", {"language": "hi", "script": "deva", "pronouns": {"हजुर": ["elevated", "nominative"]}})
    with pytest.raises(TierError, match="names the tier 'formal'"):
        register(Language("qac", "Clash", "latn", other_scripts=(), folder=toy_languages / "qac"))
    with pytest.raises(ValueError, match="names both"):
        register(Language("qad", "Alias clash", "latn", ("hindi",), other_scripts=(), folder=toy_languages / "qaa"))
    assert "qad" not in languages.CODES and "qac" not in languages.CODES


def test_parsed_language_data_is_cached_by_content(tmp_path, monkeypatch):
    # the parse of a data file is kept under the cache folder, named by the bytes' hash:
    # a second read gives the same data without parsing, a changed file is parsed anew,
    # and an unwritable folder only costs the parse
    import yaml
    from honorifics import languages
    monkeypatch.setenv("HONORIFICS_CACHE", str(tmp_path / "cache"))
    source = resources.files("honorifics") / "lang" / "hi" / "lexicon.yaml"
    expected = yaml.safe_load(source.read_text("utf-8"))
    assert languages.read_yaml(source) == expected
    kept = list((tmp_path / "cache" / "data").glob("*.pickle"))
    assert len(kept) == 1
    parses = []
    real_load = yaml.load
    monkeypatch.setattr(yaml, "load", lambda *a, **k: parses.append(1) or real_load(*a, **k))
    assert languages.read_yaml(source) == expected and not parses   # from the cache
    edited = tmp_path / "lexicon.yaml"
    edited.write_text("pronouns:\r\n  tu: [intimate, nominative]\r\n", encoding="utf-8")
    assert languages.read_yaml(edited) == {"pronouns": {"tu": ["intimate", "nominative"]}} and parses == [1]
    edited.write_text("pronouns:\n  tum: [familiar, nominative]\n", encoding="utf-8")
    assert languages.read_yaml(edited) == {"pronouns": {"tum": ["familiar", "nominative"]}} and parses == [1, 1]
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("HONORIFICS_CACHE", str(blocked))
    assert languages.read_yaml(edited) == {"pronouns": {"tum": ["familiar", "nominative"]}}
