"""Edges typed once: io gives typed speakers and expectations; analysis.jsonl is read
back by one reader; languages are listed once."""
import pytest

import honorifics.pipeline as pipeline
from honorifics.io import InputError, record_from_object
from honorifics.model import SpeakerExpectation, SpeakerSpec
from honorifics.pipeline import analyze_text


def test_io_gives_typed_speakers_and_expectations():
    record = record_from_object({"text": "राहुल: तू चल।\nसमीर: हाँ।", "speaker": "समीर",
                                 "speakers": ["राहुल", {"name": "समीर", "aliases": ["सम्मी"]}],
                                 "expected": {"राहुल": "tu", "समीर": {"tiers": ["tum", "tu"], "addressee": "राहुल"}}},
                                1)
    assert record.speakers == [SpeakerSpec("राहुल"), SpeakerSpec("समीर", ("सम्मी",))]
    assert record.expected == {"राहुल": SpeakerExpectation(("intimate",)),
                               "समीर": SpeakerExpectation(("familiar", "intimate"), "राहुल")}


def test_a_single_expected_tier_belongs_to_the_records_speaker():
    record = record_from_object({"text": "आप बैठिए।", "expected": "आप"}, 3)
    assert record.expected == {None: SpeakerExpectation(("formal",))}
    result = analyze_text("आप बैठिए।", expected="formal", speaker="नेहा")
    assert result.speakers["नेहा"].correct is True and result.speakers["नेहा"].expected == ("formal",)


def test_analyze_text_builds_the_record_directly(monkeypatch):
    def no_dicts(*args, **kwargs):
        raise AssertionError("analyze_text must not pack a dict for record_from_object")
    monkeypatch.setattr(pipeline, "record_from_object", no_dicts)
    monkeypatch.setattr(pipeline.Analyzer, "analyze_object", no_dicts)
    result = analyze_text("রিয়া: তুই কোথায় যাচ্ছিস?\nঅমিত: বাজারে।", speakers=["রিয়া", "অমিত"],
                          expected={"রিয়া": "তুই"}, task="rp")
    assert result.task == "roleplay" and result.speakers["রিয়া"].correct is True


@pytest.mark.parametrize("kwargs, message", [
    ({"text": "   "}, "the text is empty"),
    ({"text": "तुम", "language": "ta"}, "unsupported language"),
    ({"text": "तुम", "task": "essay"}, "unknown task"),
    ({"text": "तुम", "expected": "polite"}, "invalid 'expected'"),
    ({"text": "तुम", "speakers": 5}, "'speakers' is a number"),
])
def test_analyze_text_rejects_bad_arguments_with_the_same_reasons_as_input_lines(kwargs, message):
    with pytest.raises(InputError, match=message):
        analyze_text(**kwargs)
