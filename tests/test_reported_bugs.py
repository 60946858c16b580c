"""Bugs a new user hit (issue 11, item 3), each pinned by a test."""
import csv
import json
import re

from honorifics.alignment.cli import odds_ratio_main
from honorifics.cli import analyze_generations_main
from honorifics.report.cli import report_main
from honorifics.scenarios.cli import make_prompts_main


def test_summary_and_report_use_one_definition_of_consistency(tmp_path, repo_root):
    out = tmp_path / "o"
    assert analyze_generations_main([str(repo_root / "data" / "dev_dialogues.jsonl"), "--out", str(out),
                                     "--report", "--quiet", "--no-classifier"]) == 0
    summary = json.loads((out / "summary.json").read_text("utf-8"))["consistency"]
    metrics = json.loads((out / "metrics.json").read_text("utf-8"))["overall"]["consistency"]
    assert summary["speakers_with_evidence"] == metrics["n"] < summary["speakers"]
    assert summary["speakers_with_evidence"] - summary["mixed"] == metrics["successes"]
    assert summary["consistency_rate"] == round(metrics["estimate"], 6)


def test_repeated_temperatures_give_no_duplicate_ids(tmp_path, capsys):
    once, twice = tmp_path / "once.jsonl", tmp_path / "twice.jsonl"
    assert make_prompts_main(["--language", "hi", "--task", "dct", "-t", "0.7", "-o", str(once)]) == 0
    assert make_prompts_main(["--language", "hi", "--task", "dct", "-t", "0.7,0.7,0.70", "-o", str(twice)]) == 0
    assert "2 repeated temperature(s)" in capsys.readouterr().err
    ids = [json.loads(line)["id"] for line in twice.read_text("utf-8").splitlines()]
    assert len(ids) == len(set(ids)) == len(once.read_text("utf-8").splitlines())


def test_batch_custom_ids_are_unique_with_repeated_temperatures(tmp_path):
    out = tmp_path / "batch.jsonl"
    assert make_prompts_main(["--language", "bn", "-t", "0,0.0,1", "-n", "2", "--format", "batch",
                              "--model", "m", "-o", str(out), "--quiet"]) == 0
    ids = [json.loads(line)["custom_id"] for line in out.read_text("utf-8").splitlines()]
    assert len(ids) == len(set(ids)) and any(i.endswith("-t1-r2") for i in ids)


def test_odds_ratio_help_shows_a_plain_percent(capsys):
    assert odds_ratio_main(["--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "95% CI" in text and "%%" not in text


def test_the_readme_odds_ratio_example_matches_texts(tmp_path, repo_root):
    readme = (repo_root / "README.md").read_text("utf-8")
    # the example the README gives for analysis output, run as written
    example = re.search(r"honorifics odds (\S+) (--group-field speaker_tier .*)", readme)
    assert example, "README shows an odds example on analysis.jsonl grouped by speaker_tier"
    # docs/alignment.md gives the same example and says what it counts
    alignment = (repo_root / "docs" / "alignment.md").read_text("utf-8")
    assert example.group(0) in alignment and "16 formal vs 13 intimate" in alignment
    run = tmp_path / "results"
    assert analyze_generations_main([str(repo_root / "examples" / "outputs.jsonl"), "--out", str(run),
                                     "--quiet", "--no-classifier"]) == 0
    arguments = example.group(2).split()
    out = tmp_path / "odds"
    assert odds_ratio_main([str(run / "analysis.jsonl"), *arguments, "--out", str(out), "--no-plot",
                            "--quiet"]) == 0
    result = json.loads((out / "odds_ratio.json").read_text("utf-8"))
    assert result["texts"] == {"formal": 16, "intimate": 13} and result["words"]   # as the README says


def test_a_group_that_matches_nothing_lists_the_values_seen(tmp_path, repo_root, capsys):
    run = tmp_path / "results"
    analyze_generations_main([str(repo_root / "examples" / "outputs.jsonl"), "--out", str(run), "--quiet",
                              "--no-classifier"])
    assert odds_ratio_main([str(run / "analysis.jsonl"), "--group-field", "speaker_tier", "--a", "polite",
                            "--b", "formal", "--quiet", "--no-plot", "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "no text has speaker_tier = 'polite' (values seen: familiar, formal, intimate" in err


def test_classifier_note_is_kept_with_workers(tmp_path, monkeypatch, capsys):
    # speech with no second-person word: the rules leave it undecided, so the classifier is asked
    records = [{"id": f"r{i}", "text": "राहुल: चलो बाज़ार चलते हैं।\nसमीर: ठीक है, शाम को।",
                "speakers": ["राहुल", "समीर"]} for i in range(600)]
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")
    # a model folder that names its kind but whose model cannot be loaded: each worker says so
    model = tmp_path / "broken-model"
    model.mkdir()
    (model / "tier_classifier.json").write_text('{"model_type": "ngram"}', "utf-8")
    (model / "ngram.joblib").write_bytes(b"not a joblib file")
    monkeypatch.setenv("HONORIFICS_MODEL_DIR", str(model))
    for workers in ("1", "2"):
        assert analyze_generations_main([str(source), "--out", str(tmp_path / workers), "--workers", workers]) == 0
        notes = [line for line in capsys.readouterr().err.splitlines() if line.startswith("note:")]
        assert len(notes) == 1, (workers, notes)
        assert notes[0].startswith("note: tier classifier off: cannot load ") and str(model) in notes[0], notes


def test_a_model_dir_that_names_no_model_is_a_usage_error(tmp_path, monkeypatch, capsys):
    source = tmp_path / "in.jsonl"
    source.write_text('{"text": "तू कहाँ है?", "language": "hi"}\n', "utf-8")
    monkeypatch.setenv("HONORIFICS_MODEL_DIR", str(tmp_path / "no-model"))
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("analyze-generations: error: HONORIFICS_MODEL_DIR=")
    assert "no model directory" in err[0] and not (tmp_path / "o").exists()
    # rules only: the variable is not read
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "o"), "--no-classifier",
                                     "--quiet"]) == 0


def test_an_error_record_keeps_the_id_as_given(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_bytes(b'{"id": "hi-dct-007-t0.7-r1", "text": "\xe0\xa4\xa4\xe0\xa5\x81\xe0\xa4\xae \n'
                       b'{"id": "0042", "text": "\xff bad"}\n'
                       b'{"id": 17, "text": 5}\n'
                       b'{"text": ""}\n')
    # every line failed: exit 2 (issue 22), and still one error record per line
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "o"), "--quiet"]) == 2
    records = [json.loads(line) for line in (tmp_path / "o" / "analysis.jsonl").read_text("utf-8").splitlines()]
    assert [r["status"] for r in records] == ["error"] * 4
    assert [r["id"] for r in records] == ["hi-dct-007-t0.7-r1", "0042", 17, 4]   # no id: the line number


def test_empty_tables_are_written_with_their_header(tmp_path, repo_root):
    run = tmp_path / "run"
    analyze_generations_main([str(repo_root / "examples" / "outputs.jsonl"), "--out", str(run), "--quiet",
                              "--no-classifier"])
    assert report_main([str(run / "analysis.jsonl"), "--out", str(run), "--quiet", "--resamples", "50"]) == 0
    with open(run / "tables" / "variable_effects.csv", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    assert rows == [["variable", "level", "n", "errors", "error_rate", "residual_error", "chi2", "dof",
                     "p_value", "p_holm"]]   # no scenario variables in the examples: header only
    for table in (run / "tables").glob("*.csv"):
        assert table.read_text("utf-8").strip(), f"{table.name} has no header"
