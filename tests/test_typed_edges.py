"""Edges typed once: io gives typed speakers and expectations; analysis.jsonl is read
back by one reader; languages are listed once."""
import pytest

import honorifics.pipeline as pipeline
from honorifics.inputs import InputError, record_from_object
from honorifics.records import SpeakerExpectation, SpeakerSpec
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


def test_analysis_lines_read_back_as_typed_records(tmp_path, repo_root):
    from honorifics.cli import analyze_generations_main
    from honorifics.records import RecordAnalysis
    from honorifics.results import read_analysis, read_records
    source = tmp_path / "in.jsonl"
    source.write_bytes((repo_root / "examples" / "outputs.jsonl").read_bytes() + b'{"id": "bad", "text": 1}\n')
    analyze_generations_main([str(source), "--out", str(tmp_path / "o"), "--quiet", "--no-classifier"])
    lines, _ = read_analysis(tmp_path / "o" / "analysis.jsonl")
    typed = read_records(tmp_path / "o" / "analysis.jsonl")
    assert [RecordAnalysis.from_dict(line).to_dict() for line in lines] == lines   # lossless round trip
    assert typed[-1].status == "error" and typed[-1].id == "bad"
    assert any(e.kind == "verb" for r in typed for t in r.turns for e in t.evidence)
    assert any(s.correct is False for r in typed for s in r.speakers.values())


def test_one_row_per_speaker_everywhere_with_one_way_to_write_tiers(tmp_path, repo_root):
    from honorifics.annotation import annotation_items
    from honorifics.frames import speakers_frame
    from honorifics.metrics import metrics_tables
    from honorifics.pipeline import analyze_file
    records = [r.to_dict() for r in analyze_file(repo_root / "examples" / "outputs.jsonl")]
    several = [r for r in records if r["status"] == "ok"
               and any(len(s.get("expected") or []) > 1 for s in r["speakers"].values())]
    assert several, "the examples have a speaker with two acceptable tiers"
    frame = speakers_frame(records)
    table = metrics_tables(records)["speakers"]
    items = annotation_items(records)
    cells = {"frame": set(frame["expected"].dropna()), "table": set(table["expected"].dropna()),
             "sheet": {i.expected_tiers for i in items if i.expected_tiers}}
    assert cells["frame"] == cells["table"] == cells["sheet"]
    assert any("|" in cell for cell in cells["frame"]) and not any("," in c for c in cells["frame"])
    assert len(frame) == len(table) == len(items)


def test_one_list_of_text_fields():
    from honorifics import inputs
    from honorifics.alignment import records
    from honorifics.classifiers import corpus
    assert corpus.TEXT_FIELDS is inputs.TEXT_FIELDS and records.TEXT_FIELDS is inputs.TEXT_FIELDS


def test_one_language_registry_drives_every_list(repo_root):
    from importlib import resources

    from honorifics import inputs, languages
    from honorifics.classifiers.corpus import detect_language
    from honorifics.extraction import lexicon, normalize
    from honorifics.scenarios import bank, templates
    assert bank.LANGUAGES is languages.LANGUAGES and lexicon.LEXICON_NAMES == languages.LEXICON_NAMES
    assert languages.SCRIPT_LANGUAGES == {"deva": ("hi",), "beng": ("bn",)} and inputs.LANGUAGES is languages.ALIASES
    for entry in languages.LANGUAGES:
        for name in (entry.lexicon, entry.romanized_lexicon):   # every lexicon the registry names exists
            assert lexicon.load_lexicon(name).name == name
        assert templates.builtin_template_files(entry.code)[0].is_file()
        assert (resources.files("honorifics.alignment") / "data" / f"stopwords_{entry.code}.txt").is_file()
        assert normalize.detect_script(chr(entry.block[0] + 0x15) * 3) == entry.script
    assert detect_language("তুমি কোথায়?") == "bn" and languages.language("BENGALI").code == "bn"
    # the language list is not written out again in the modules that used to repeat it
    for module in ("inputs", "pipeline", "extraction/normalize", "extraction/lexicon", "scenarios/bank",
                   "scenarios/templates", "classifiers/corpus", "alignment/text", "commands"):
        source = (repo_root / "honorifics" / f"{module}.py").read_text("utf-8")
        code = "\n".join(line for line in source.splitlines() if ">>>" not in line)
        assert '("hi", "bn")' not in code and '["hi", "bn"]' not in code and '"beng": "bn"' not in code, module
