"""The classifier commands and inputs they cannot use: a CSV sheet, an empty file, a file that is
not UTF-8, inputs with no usable example. One line naming the file and what it looks like
(honorifics.textfiles.not_json_lines), exit 2, and no folder left behind."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from honorifics.commands import main

SHEET = "id,text,tier\n1,तुम कहाँ हो?,familiar\n2,आप कहाँ हैं?,formal\n"


def _error(capsys) -> str:
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if not line.startswith("honorifics: a build")]
    assert len(lines) == 1, err
    return lines[0]


@pytest.fixture
def sheet(tmp_path) -> Path:
    path = tmp_path / "data.csv"
    path.write_text(SHEET, "utf-8")
    return path


def test_corpus_says_a_csv_is_a_csv_and_makes_no_folder(tmp_path, sheet, capsys):
    out = tmp_path / "made" / "corpus"
    assert main(["corpus", str(sheet), "--out", str(out)]) == 2
    assert _error(capsys) == (
        f"honorifics corpus: error: {sheet} is not JSON lines (it looks like a CSV file): none of its 3 line(s) "
        f"is a JSON object (line 1: not valid JSON (Expecting value); line 2: not valid JSON (Extra data); "
        f"line 3: not valid JSON (Extra data)); give JSON lines (.jsonl, .jsonl.gz) or plain text, one "
        f"utterance a line (.txt, .txt.gz)")
    assert not (tmp_path / "made").exists()
    # the same sheet named .jsonl: the same reason, without the guess from its name
    named = tmp_path / "data.jsonl"
    named.write_text(SHEET, "utf-8")
    assert main(["corpus", str(named), "--out", str(out)]) == 2
    assert f"{named} is not JSON lines (it looks like a CSV file)" in _error(capsys)
    assert not (tmp_path / "made").exists()


def test_corpus_says_an_empty_input_is_empty_and_makes_no_folder(tmp_path, capsys):
    for name, content in (("empty.jsonl", ""), ("blank.txt", "\n \n")):
        path = tmp_path / name
        path.write_text(content, "utf-8")
        assert main(["corpus", str(path), "--out", str(tmp_path / "out")]) == 2
        assert _error(capsys) == f"honorifics corpus: error: {path} is an empty file: it holds no utterances"
        assert not (tmp_path / "out").exists()


def test_corpus_removes_the_folder_it_made_when_an_input_is_not_utf8(tmp_path, capsys):
    text = tmp_path / "lines.txt"   # read line by line: the bad byte is met while building
    text.write_bytes("तुम कहाँ हो?\n".encode("utf-8") + "café\n".encode("cp1252"))
    out = tmp_path / "new" / "corpus"
    assert main(["corpus", str(text), "--out", str(out)]) == 2
    assert _error(capsys).startswith(f"honorifics corpus: error: {text}: line 2 is not UTF-8 text")
    assert not (tmp_path / "new").exists()
    # a folder that was there before the run stays, and so does what it held
    out.mkdir(parents=True)
    (out / "notes.md").write_text("mine", "utf-8")
    assert main(["corpus", str(text), "--out", str(out)]) == 2
    capsys.readouterr()
    assert (out / "notes.md").read_text("utf-8") == "mine"
    empty = tmp_path / "kept"
    empty.mkdir()
    assert main(["corpus", str(text), "--out", str(empty)]) == 2
    capsys.readouterr()
    assert empty.is_dir()


def test_corpus_without_usable_examples_says_why_and_makes_no_folder(tmp_path, capsys):
    source = tmp_path / "labelled.jsonl"
    source.write_text(json.dumps({"text": "आप कल आइए।", "tier": "mixed"}, ensure_ascii=False) + "\n", "utf-8")
    assert main(["corpus", str(source), "--out", str(tmp_path / "out"), "--no-mask"]) == 2
    assert _error(capsys) == "honorifics corpus: error: no usable examples in the inputs (skipped: tier mixed 1)"
    assert not (tmp_path / "out").exists()


def test_corpus_still_names_the_line_of_one_bad_line_among_good_ones(tmp_path, capsys):
    source = tmp_path / "labelled.jsonl"
    source.write_text('{"text": "तुम कहाँ हो?", "tier": "familiar"}\n{"text": "cut\n', "utf-8")
    assert main(["corpus", str(source), "--out", str(tmp_path / "out"), "--no-mask"]) == 2
    assert _error(capsys).startswith(f"honorifics corpus: error: {source}:2: not valid JSON")
    assert not (tmp_path / "out").exists()


def test_a_good_corpus_is_still_built(tmp_path, capsys):
    source = tmp_path / "labelled.jsonl"
    source.write_text("".join(json.dumps({"text": f"वाक्य {i}", "tier": "none", "group": f"g{i}"},
                                         ensure_ascii=False) + "\n" for i in range(20)), "utf-8")
    out = tmp_path / "a" / "b"
    assert main(["corpus", str(source), "--out", str(out), "--no-mask"]) == 0
    capsys.readouterr()
    assert {path.name for path in out.iterdir()} == {"all.jsonl", "train.jsonl", "dev.jsonl", "test.jsonl",
                                                     "stats.json"}


def test_evaluate_says_a_csv_test_file_is_a_csv(tmp_path, sheet, capsys):
    from honorifics.classifiers.fallback import shipped_model_dir

    assert main(["evaluate", "--model", str(shipped_model_dir()), "--test", str(sheet)]) == 2
    assert _error(capsys) == (
        f"honorifics evaluate: error: {sheet} is not JSON lines (it looks like a CSV file): none of its 3 line(s) "
        f"is a JSON object (line 1: not valid JSON (Expecting value); line 2: not valid JSON (Extra data); "
        f"line 3: not valid JSON (Extra data))")


def test_train_on_an_empty_file_says_so_and_makes_no_folder(tmp_path, capsys):
    pytest.importorskip("sklearn")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", "utf-8")
    assert main(["train", "--model-type", "ngram", "--train", str(empty), "--out", str(tmp_path / "m")]) == 2
    assert _error(capsys) == (f"honorifics train: error: --train {empty} holds no examples "
                              "(lines with 'text' and 'tier')")
    assert not (tmp_path / "m").exists()
    # a training failure after --out was made removes the folder too
    one = tmp_path / "one.jsonl"
    one.write_text('{"text": "तुम कहाँ हो?", "tier": "familiar"}\n', "utf-8")
    assert main(["train", "--model-type", "ngram", "--train", str(one), "--out", str(tmp_path / "m")]) == 2
    assert "too few groups to hold out a dev set" in _error(capsys)
    assert not (tmp_path / "m").exists()
