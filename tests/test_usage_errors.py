"""Wrong input is a one-line usage error (exit 2) saying what was expected, never a
traceback or a silent empty result."""
import json

import pytest

from honorifics.classifiers.cli import evaluate_main, train_main
from honorifics.cli import analyze_generations_main
from honorifics.report.cli import export_annotation_main, import_annotation_main, report_main
from honorifics.scenarios.cli import instantiate_scenarios_main, make_prompts_main

GOOD = {"id": "g1", "text": "राहुल: अबे उठ!\nसमीर: तू जा ना।", "speakers": ["राहुल", "समीर"], "model": "m1"}


@pytest.fixture
def outputs(tmp_path):
    path = tmp_path / "outputs.jsonl"
    path.write_text("\n".join(json.dumps({**GOOD, "id": f"g{i}"}, ensure_ascii=False) for i in range(3)) + "\n",
                    "utf-8")
    return path


@pytest.fixture
def analysis(tmp_path, outputs):
    out = tmp_path / "run"
    assert analyze_generations_main([str(outputs), "--out", str(out), "--quiet", "--no-classifier"]) == 0
    return out / "analysis.jsonl"


def one_line_error(capsys, prog: str) -> str:
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{prog}: error: "), lines[0]
    return lines[0]


def test_out_naming_an_existing_file_where_a_directory_is_expected(tmp_path, outputs, capsys):
    taken = tmp_path / "results"
    taken.write_text("not a directory")
    assert analyze_generations_main([str(outputs), "--out", str(taken), "--quiet"]) == 2
    assert f"--out {taken} is a file" in one_line_error(capsys, "analyze-generations")
    assert taken.read_text() == "not a directory"


def test_out_dash_is_a_usage_error_not_a_folder_named_dash(tmp_path, outputs, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert analyze_generations_main([str(outputs), "--out", "-", "--quiet"]) == 2
    assert "leave out --out" in one_line_error(capsys, "analyze-generations")
    assert not (tmp_path / "-").exists()
    # control: without --out the analysis goes to stdout
    assert analyze_generations_main([str(outputs), "--quiet", "--no-classifier"]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == 3


def test_a_persons_files_in_the_out_folder_are_replaced_only_with_force(tmp_path, outputs, capsys):
    mine = tmp_path / "notes"
    mine.mkdir()
    (mine / "analysis.jsonl").write_text("my own notes\n", "utf-8")
    assert analyze_generations_main([str(outputs), "--out", str(mine), "--quiet", "--no-classifier"]) == 2
    assert "--force" in one_line_error(capsys, "analyze-generations")
    assert (mine / "analysis.jsonl").read_text("utf-8") == "my own notes\n"
    assert not (mine / "summary.json").exists()
    assert analyze_generations_main([str(outputs), "--out", str(mine), "--quiet", "--no-classifier",
                                     "--force"]) == 0
    assert json.loads((mine / "analysis.jsonl").read_text("utf-8").splitlines()[0])["status"] == "ok"


def test_an_earlier_runs_folder_is_replaced_without_asking(tmp_path, outputs, analysis, capsys):
    # control: the folder honorifics wrote (its summary.json names the tool) is a re-run's to replace
    assert analyze_generations_main([str(outputs), "--out", str(analysis.parent), "--quiet",
                                     "--no-classifier", "--report"]) == 0
    assert report_main([str(analysis), "--out", str(analysis.parent), "--quiet"]) == 0


def test_report_keeps_a_persons_report_html(tmp_path, analysis, capsys):
    mine = tmp_path / "site"
    mine.mkdir()
    (mine / "report.html").write_text("<p>mine</p>", "utf-8")
    assert report_main([str(analysis), "--out", str(mine), "--quiet"]) == 2
    assert "report.html" in one_line_error(capsys, "honorifics-report")
    assert (mine / "report.html").read_text("utf-8") == "<p>mine</p>"
    assert report_main([str(analysis), "--out", str(mine), "--quiet", "--force"]) == 0
    assert (mine / "report.html").read_text("utf-8") != "<p>mine</p>"


def test_report_out_naming_an_existing_file(tmp_path, analysis, capsys):
    taken = tmp_path / "report"
    taken.write_text("x")
    assert report_main([str(analysis), "--out", str(taken)]) == 2
    assert "is a file" in one_line_error(capsys, "honorifics-report")


def test_out_naming_a_directory_where_a_file_is_expected(tmp_path, analysis, capsys):
    assert make_prompts_main(["--out", str(tmp_path)]) == 2
    assert f"--out {tmp_path} is a directory" in one_line_error(capsys, "make-prompts")
    assert export_annotation_main([str(analysis), "--out", str(tmp_path)]) == 2
    assert "is a directory; this command writes one file" in one_line_error(capsys, "export-annotation")
    assert instantiate_scenarios_main(["--out", str(tmp_path), "-n", "1"]) == 2
    assert "is a directory" in one_line_error(capsys, "instantiate-scenarios")


def test_scenarios_missing_file(tmp_path, outputs, capsys):
    missing = tmp_path / "nope.jsonl"
    assert analyze_generations_main([str(outputs), "--scenarios", str(missing), "--quiet"]) == 2
    assert f"--scenarios {missing}: no such file" in one_line_error(capsys, "analyze-generations")


def test_scenarios_broken_file(tmp_path, outputs, capsys):
    broken = tmp_path / "bank.jsonl"
    broken.write_text('{"id": "x-1", "language": "hi"\n{"id": "x-2"}\n', "utf-8")
    assert analyze_generations_main([str(outputs), "--scenarios", str(broken), "--quiet"]) == 2
    message = one_line_error(capsys, "analyze-generations")
    assert message.startswith("analyze-generations: error: --scenarios: ") and str(broken) in message


def test_a_directory_where_a_file_is_expected(tmp_path, capsys):
    assert analyze_generations_main([str(tmp_path), "--quiet"]) == 2
    assert f"input {tmp_path} is a directory; give a file" in one_line_error(capsys, "analyze-generations")
    assert report_main([str(tmp_path), "--out", str(tmp_path / "o")]) == 2
    assert "is a directory; give a file" in one_line_error(capsys, "honorifics-report")
    assert import_annotation_main([str(tmp_path)]) == 2
    assert "is a directory; give a file" in one_line_error(capsys, "import-annotation")


def test_train_with_a_directory_as_train(tmp_path, capsys):
    assert train_main(["--train", str(tmp_path), "--out", str(tmp_path / "model")]) == 2
    assert f"--train {tmp_path} is a directory; give a file" in one_line_error(capsys, "train-tier-classifier")
    assert not (tmp_path / "model").exists()


def test_evaluate_with_a_missing_model_directory(tmp_path, capsys):
    test = tmp_path / "test.jsonl"
    test.write_text('{"text": "तुम", "tier": "familiar"}\n', "utf-8")
    assert evaluate_main(["--model", str(tmp_path / "none"), "--test", str(test)]) == 2
    assert "not a model directory" in one_line_error(capsys, "evaluate-tier-classifier")


def test_report_given_outputs_instead_of_analysis(tmp_path, outputs, capsys):
    assert report_main([str(outputs), "--out", str(tmp_path / "r")]) == 2
    message = one_line_error(capsys, "honorifics-report")
    assert "holds generations, not an analysis" in message and "honorifics analyze" in message
    assert not (tmp_path / "r" / "report.html").exists()


def test_export_annotation_given_outputs_instead_of_analysis(tmp_path, outputs, capsys):
    assert export_annotation_main([str(outputs), "--out", str(tmp_path / "sheet.csv")]) == 2
    assert "expected the analysis.jsonl" in one_line_error(capsys, "export-annotation")
    assert not (tmp_path / "sheet.csv").exists()


def test_export_annotation_with_no_speakers_to_sample(tmp_path, capsys):
    failed = tmp_path / "analysis.jsonl"
    failed.write_text('{"id": "a", "line": 1, "status": "error", "error": "no text"}\n', "utf-8")
    assert export_annotation_main([str(failed), "--out", str(tmp_path / "sheet.csv")]) == 2
    assert "has no speakers to annotate" in one_line_error(capsys, "export-annotation")


def test_group_by_a_field_no_record_has(tmp_path, analysis, capsys):
    assert report_main([str(analysis), "--out", str(tmp_path / "r"), "--group-by", "model,modle"]) == 2
    message = one_line_error(capsys, "honorifics-report")
    assert "--group-by modle: no record" in message
    assert "fields there:" in message and "model" in message.split("fields there:")[1]
    # the real field works
    assert report_main([str(analysis), "--out", str(tmp_path / "r"), "--group-by", "model", "--quiet"]) == 0


def test_group_by_typo_through_analyze_report(tmp_path, outputs, capsys):
    code = analyze_generations_main([str(outputs), "--out", str(tmp_path / "o"), "--report", "--quiet",
                                     "--no-classifier", "--group-by", "temprature"])
    assert code == 2
    assert "--group-by temprature: no record" in one_line_error(capsys, "honorifics-report")


@pytest.mark.parametrize("value", ["0", "-5"])
def test_max_chars_must_be_positive(outputs, capsys, value):
    assert analyze_generations_main([str(outputs), "--max-chars", value, "--quiet"]) == 2
    assert f"--max-chars must be at least 1 (got {value})" in one_line_error(capsys, "analyze-generations")


def test_workers_must_be_positive(outputs, capsys):
    assert analyze_generations_main([str(outputs), "--workers", "0", "--quiet"]) == 2
    assert "--workers must be at least 1" in one_line_error(capsys, "analyze-generations")


def test_group_by_without_report_is_a_usage_error(tmp_path, outputs, capsys):
    assert analyze_generations_main([str(outputs), "--out", str(tmp_path / "o"), "--group-by", "model"]) == 2
    assert "--group-by groups the report's metrics: add --report" in one_line_error(capsys, "analyze-generations")


def test_strata_naming_a_field_no_record_has(tmp_path, analysis, capsys):
    sheet = tmp_path / "sheet.csv"
    assert export_annotation_main([str(analysis), "--out", str(sheet), "--strata", "task,modle"]) == 2
    assert "--strata modle: no record" in one_line_error(capsys, "export-annotation")
    # the default strata work even without a field (one stratum), and a real field works
    assert export_annotation_main([str(analysis), "--out", str(sheet), "--quiet"]) == 0
    assert export_annotation_main([str(analysis), "--out", str(tmp_path / "by-model.csv"), "--strata", "model",
                                   "--quiet"]) == 0


def test_generate_and_import_results_share_the_one_error_path(tmp_path, capsys):
    from honorifics.generation.cli import generate_main, import_results_main
    assert generate_main([str(tmp_path), "--out", str(tmp_path / "o.jsonl"), "--model", "m"]) == 2
    assert capsys.readouterr().err.strip() == f"honorifics-generate: error: prompts file {tmp_path} is a directory; give a file"
    prompts = tmp_path / "p.jsonl"
    prompts.write_text('{"id": "x", "prompt": "नमस्ते"}\n', encoding="utf-8")
    assert generate_main([str(prompts), "--out", str(tmp_path), "--model", "m"]) == 2
    assert "is a directory; this command writes one file" in capsys.readouterr().err
    assert import_results_main([str(tmp_path / "missing.jsonl")]) == 2
    assert capsys.readouterr().err.strip() == f"import-results: error: results file {tmp_path / 'missing.jsonl'}: no such file"


def test_an_unknown_option_is_one_line_not_the_usage_block(outputs, capsys):
    assert analyze_generations_main([str(outputs), "--bogus"]) == 2
    line = one_line_error(capsys, "analyze-generations")
    assert "--bogus" in line and "--help" in line


def test_a_missing_argument_of_the_top_level_command_is_one_line(capsys):
    from honorifics.commands import build_parser
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(["--language", "xx"])
    assert stop.value.code == 2
    assert "invalid choice" in one_line_error(capsys, "honorifics")
