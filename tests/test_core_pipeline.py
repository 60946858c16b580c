"""Turns, speakers, refusals, resolution and expectations on whole records."""
import pytest

from honorifics import analyze_text
from honorifics.pipeline import Analyzer


def speaker_tiers(result):
    return {name: s.tier for name, s in result.speakers.items()}


@pytest.mark.parametrize("text", [
    "राहुल: अबे उठ!\nसमीर: तू जा ना।",
    "**राहुल:** अबे उठ!\n**समीर:** तू जा ना।",
    "**राहुल**: अबे उठ!\n**समीर**: तू जा ना।",
    "राहुल - अबे उठ!\nसमीर - तू जा ना।",
    "1. राहुल: अबे उठ!\n2. समीर: तू जा ना।",
    "- राहुल (हँसते हुए): अबे उठ!\n- समीर (नींद में): तू जा ना।",
])
def test_turn_formats_llms_produce(text):
    result = analyze_text(text, speakers=["राहुल", "समीर"])
    speech = [t for t in result.turns if t.kind == "speech"]
    assert [t.speaker for t in speech] == ["राहुल", "समीर"]
    assert [t.addressee for t in speech] == ["समीर", "राहुल"]
    assert speaker_tiers(result) == {"राहुल": "intimate", "समीर": "intimate"}


def test_spans_point_into_the_original_text():
    text = "**दृश्य:** कमरा\n\nडॉ. खन्ना: ज़रा मुँह खोलिए।\nमरीज़: जी, आपको दिखाऊँ?"
    result = analyze_text(text, speakers=["मरीज़", "डॉ. खन्ना"])
    for turn in result.turns:
        assert text[turn.start:turn.end] == turn.text
        for item in turn.evidence:
            assert text[item.start:item.end] == item.text


def test_honorific_variants_of_a_listed_name_are_matched():
    text = "मिश्रा जी: आप बैठिए।\nरोहन: जी सर, आप भी बैठिए।\nडॉ. मिश्रा: अच्छा, तुम पानी लोगे?"
    result = analyze_text(text, speakers=["डॉ. मिश्रा", "रोहन"])
    assert set(result.speakers) == {"डॉ. मिश्रा", "रोहन"}
    assert result.speakers["डॉ. मिश्रा"].turns == 2
    assert result.speakers["डॉ. मिश्रा"].tier == "mixed"


def test_a_title_only_label_finds_the_titled_speaker():
    text = "सर: रोहन, तुम कल लैब आ जाना।\nरोहन: जी सर, आप कितने बजे आएँगे?"
    result = analyze_text(text, speakers=["डॉ. मिश्रा", "रोहन"])
    assert [t.speaker for t in result.turns] == ["डॉ. मिश्रा", "रोहन"]
    assert result.speakers["डॉ. मिश्रा"].tier == "familiar"
    assert result.speakers["रोहन"].tier == "formal"


def test_stage_directions_scene_labels_and_notes_belong_to_no_speaker():
    text = ("**दृश्य:** हॉस्टल का कमरा\n(दोनों गले मिलते हैं)\nरमेश: तू तो बिल्कुल नहीं बदला।\n"
            "शर्मा: और तू?\n(Note: Both use तू, which shows closeness; आप would be odd here.)")
    result = analyze_text(text, speakers=["रमेश", "शर्मा"])
    kinds = [t.kind for t in result.turns]
    assert kinds == ["narration", "narration", "speech", "speech", "note"]
    assert speaker_tiers(result) == {"रमेश": "intimate", "शर्मा": "intimate"}


def test_english_meta_line_and_wrapping_quotes_in_a_dct_answer():
    text = "Here's a polite way to say it:\n\n\"सर, बेड नंबर 7 के मरीज़ की रिपोर्ट्स आ गई हैं।\""
    result = analyze_text(text, language="hi", speakers=["जूनियर डॉक्टर", "सीनियर कंसल्टेंट"])
    assert result.turns[0].kind == "note"
    assert result.speakers["जूनियर डॉक्टर"].tier == "none"
    assert result.avoidance is True


def test_quoted_third_party_speech_and_quoted_mentions_are_not_address():
    quoted = analyze_text("बॉस ने कहा 'आप कल से मत आना', तो मैं क्या करूँ? तू बता।", language="hi")
    assert quoted.tier == "intimate"
    mention = analyze_text("अब तो आपसे 'आप' करके ही बात करूँगा।", language="hi")
    assert [e.text for t in mention.turns for e in t.evidence] == ["आपसे"]


def test_refusal_is_flagged_and_its_address_is_not_in_character():
    text = "माफ़ कीजिए, मैं यह संवाद नहीं लिख सकता। आप क्या चाहेंगे?"
    result = analyze_text(text, language="hi", speakers=["माँ", "बेटा"])
    assert result.refusal is True
    assert result.turns[0].kind == "refusal" and result.turns[0].addressee == "user"
    assert result.speakers["माँ"].tier == "none"


def test_in_character_line_after_a_refusal_still_counts():
    text = ("I'm sorry, I can't write abusive language, but here is a softer version:\n"
            "माँ: चल, जल्दी उठ! स्कूल के लिए देर हो रही है।")
    result = analyze_text(text, language="hi", speakers=["माँ", "बेटा"])
    assert result.refusal is True
    assert result.speakers["माँ"].tier == "intimate"


def test_agreement_error_does_not_make_a_speaker_mixed_but_two_references_do():
    agreement = analyze_text("आप यहाँ बैठो।", language="hi")
    assert (agreement.tier, agreement.agreement_errors, agreement.agreement_pairs) == ("formal", 1, 1)
    assert agreement.speakers["speaker"].consistent is True
    correction = analyze_text("তুই... মানে আপনি তো এখন ম্যাজিস্ট্রেট।", language="bn")
    assert correction.tier == "mixed"
    assert correction.speakers["speaker"].consistent is False


def test_addressee_in_a_three_party_dialogue_follows_vocatives_and_turns():
    text = "माँ: रिया, तुम खाना खा लो।\nरिया: आप भी खाइए।\nपापा: बेटा, तू चाय बना दे।"
    result = analyze_text(text, speakers=["माँ", "रिया", "पापा"])
    speech = [t for t in result.turns if t.kind == "speech"]
    assert [t.addressee for t in speech] == ["रिया", "माँ", "रिया"]


@pytest.mark.parametrize("expected, correct, direction", [
    ("तुम", True, None),
    (["आप", "tum"], True, None),
    ("intimate", False, "over-polite"),
    ("formal", False, "under-polite"),
])
def test_inline_expectation_for_a_single_utterance(expected, correct, direction):
    result = analyze_text("अब जाओ, अपनी सीट पर बैठो।", language="hi", speaker="टीचर", expected=expected)
    speaker = result.speakers["टीचर"]
    assert (speaker.correct, speaker.error_direction) == (correct, direction)
    assert result.correct is correct


def test_inline_expectation_map_per_speaker_with_name_variants():
    text = "सहगल: हाँ प्रिया, बैठो।\nप्रिया: जी सर, आपने बुलाया था?"
    result = analyze_text(text, speakers=["मिस्टर सहगल", "प्रिया"],
                          expected={"सहगल": "familiar", "प्रिया": {"tiers": ["formal"]}})
    assert result.speakers["मिस्टर सहगल"].correct is True
    assert result.speakers["प्रिया"].correct is True


def test_every_listed_speaker_appears_even_without_turns():
    result = analyze_text("भैया, ये कुर्ता कितने का है?", language="hi", speakers=["ग्राहक", "दुकानदार"])
    assert set(result.speakers) == {"ग्राहक", "दुकानदार"}
    assert result.speakers["दुकानदार"].tier == "none" and result.speakers["दुकानदार"].turns == 0


def test_output_contract_fields():
    record = Analyzer().analyze_object({"id": "x1", "text": "राहुल: अबे उठ!\nसमीर: सोने दे यार।",
                                        "language": "hi", "task": "roleplay", "model": "m1",
                                        "temperature": 0.7}, 1).to_dict()
    for key in ("id", "status", "language", "task", "tier", "speakers", "turns", "avoidance",
                "refusal", "agreement_errors", "nominal_address", "meta"):
        assert key in record
    assert record["meta"] == {"model": "m1", "temperature": 0.7}
    assert set(record["speakers"]["राहुल"]) >= {"addressee", "tier", "consistent", "turns"}
    turn = record["turns"][0]
    assert set(turn) >= {"speaker", "addressee", "text", "start", "end", "tier", "evidence", "agreement"}
    assert set(turn["evidence"][0]) >= {"text", "start", "end", "kind", "tier", "source", "confidence"}


def test_romanized_language_is_detected_by_lexicon():
    assert analyze_text("Tumi kothay jaccho?").language == "bn"
    assert analyze_text("Aap kahan ja rahe hain?").language == "hi"


def test_chat_messages_input_uses_the_last_assistant_message():
    record = Analyzer().analyze_object({"messages": [
        {"role": "user", "content": "लिखिए"},
        {"role": "assistant", "content": "तुम कहाँ हो?"}]}, 3)
    assert record.status == "ok" and record.tier == "familiar" and record.id == 3


def test_repeated_seed_turns_of_a_continuation_are_not_scored():
    from honorifics.scenarios.bank import load_bank
    bank = load_bank()
    scenario = next(s for s in bank if s.task == "continuation" and s.subtask is None and s.language == "hi")
    first = scenario.seed_turns[0]
    repeated = f"{first.speaker}: {first.text}"
    result = analyze_text(repeated, scenario_id=scenario.id, scenario_bank=bank)
    assert [t.kind for t in result.turns] == ["seed"]
    assert result.speakers[first.speaker].turns == 0
    assert result.speakers[first.speaker].tier == "none"
    assert result.scenario["id"] == scenario.id


def test_analysis_leaves_no_reference_cycles(repo_root):
    """Each record's objects are freed by reference counting alone: the CLI keeps the
    cyclic GC nearly idle, and a per-record cycle (closures that call one another,
    compiled) cost ~5% of the run in GC passes."""
    import gc
    lines = (repo_root / "data" / "dev_dialogues.jsonl").read_bytes().splitlines()
    analyzer = Analyzer()
    for number, line in enumerate(lines, start=1):   # warm: lexicons, cues, caches
        analyzer.analyze_line(line, number).to_dict()
    gc.collect()
    gc.disable()
    try:
        for number, line in enumerate(lines, start=1):
            analyzer.analyze_line(line, number).to_dict()
        assert gc.collect() == 0
    finally:
        gc.enable()
