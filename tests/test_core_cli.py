"""analyze-generations end to end: bad input, exit codes, workers, lazy imports."""
import json
import subprocess
import sys

import pytest

from honorifics.cli import analyze_generations_main

GOOD = {"id": "g1", "text": "राहुल: अबे उठ!\nसमीर: तू जा ना।", "speakers": ["राहुल", "समीर"],
        "model": "m1"}


def write_lines(path, lines: list[bytes]) -> None:
    path.write_bytes(b"".join(lines))


def read_analysis(out):
    return [json.loads(line) for line in (out / "analysis.jsonl").read_text("utf-8").splitlines()]


BAD_LINES = [
    (b'{"id": "t", "text": "\xe0\xa4\x86\xe0\xa4\xaa \n', "invalid JSON"),          # truncated
    (b'[1, 2, 3]\n', "expected a JSON object"),
    (b'{"id": "m"}\n', "no text"),
    (b'{"id": "n", "text": 42}\n', "expected a string"),
    (b'{"id": "e", "text": "   "}\n', "empty"),
    (b'{"id": "u", "text": "\xff\xfe bad"}\n', "invalid UTF-8"),
    (b'{"id": "l", "text": "hello", "language": "ta"}\n', "unsupported language"),
    (b'{"id": "x", "text": "\xe0\xa4\xa4\xe0\xa5\x81\xe0\xa4\xae", "expected": "polite"}\n', "invalid 'expected'"),
    (b'{"id": "z", "text": "12345 !!!"}\n', "no letters"),
]


@pytest.mark.parametrize("line, reason", BAD_LINES)
def test_each_bad_line_gets_one_error_record_and_the_run_goes_on(tmp_path, line, reason):
    source = tmp_path / "in.jsonl"
    good = json.dumps(GOOD, ensure_ascii=False).encode() + b"\n"
    write_lines(source, [good, line, good])
    code = analyze_generations_main([str(source), "--out", str(tmp_path / "out"), "--quiet", "--no-classifier"])
    records = read_analysis(tmp_path / "out")
    assert code == 1
    assert [r["status"] for r in records] == ["ok", "error", "ok"]
    assert reason in records[1]["error"] and "\n" not in records[1]["error"]
    assert records[1]["line"] == 2


def test_bom_crlf_blank_lines_and_a_500kb_line(tmp_path):
    source = tmp_path / "in.jsonl"
    big = json.dumps({"id": "big", "text": "तुम " * 130_000}).encode() + b"\n"
    write_lines(source, [b"\xef\xbb\xbf" + json.dumps(GOOD).encode() + b"\r\n", b"\n", b"   \n",
                         big, json.dumps(GOOD).encode() + b"\r\n"])
    code = analyze_generations_main([str(source), "--out", str(tmp_path / "out"), "--quiet", "--no-classifier"])
    records = read_analysis(tmp_path / "out")
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert code == 1
    assert [r["status"] for r in records] == ["ok", "error", "ok"]
    assert "over the limit" in records[1]["error"]
    assert records[0]["speakers"]["राहुल"]["tier"] == "intimate"
    assert summary["input"]["blank_lines_skipped"] == 2
    assert summary["records"] == {"total": 3, "ok": 2, "error": 1}


def test_all_good_exits_zero_and_summary_counts(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in [
        GOOD, {"text": "आप यहाँ बैठो।", "language": "hi", "expected": "formal"},
        {"text": "भैया, ये कुर्ता कितने का है?", "language": "hi"}]) + "\n", "utf-8")
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "o"), "--quiet", "--no-classifier"]) == 0
    summary = json.loads((tmp_path / "o" / "summary.json").read_text())
    assert summary["records"]["ok"] == 3
    assert summary["agreement"] == {"pairs": 2, "errors": 1, "agreement_rate": 0.5}
    assert summary["avoidance"]["records"] == 1
    assert summary["accuracy"]["speakers_with_expectations"] == 1 and summary["accuracy"]["correct"] == 1
    assert len(summary["input"]["sha256"]) == 64


def test_unreadable_input_and_usage_errors_exit_2(tmp_path):
    assert analyze_generations_main([str(tmp_path / "missing.jsonl"), "--quiet"]) == 2
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps(GOOD) + "\n")
    assert analyze_generations_main([str(source), "--report", "--quiet"]) == 2


def test_workers_keep_input_order_and_match_single_process(tmp_path, repo_root):
    source = repo_root / "data" / "dev_dialogues.jsonl"
    analyze_generations_main([str(source), "--out", str(tmp_path / "one"), "--quiet", "--no-classifier"])
    analyze_generations_main([str(source), "--out", str(tmp_path / "two"), "--quiet", "--no-classifier",
                              "--workers", "2"])
    assert (tmp_path / "one" / "analysis.jsonl").read_bytes() == (tmp_path / "two" / "analysis.jsonl").read_bytes()


def test_deterministic_output(tmp_path, repo_root):
    source = repo_root / "data" / "dev_dialogues.jsonl"
    for name in ("a", "b"):
        analyze_generations_main([str(source), "--out", str(tmp_path / name), "--quiet", "--no-classifier"])
    assert (tmp_path / "a" / "analysis.jsonl").read_bytes() == (tmp_path / "b" / "analysis.jsonl").read_bytes()


HEAVY = ("torch", "transformers", "stanza", "sentence_transformers", "spacy", "dask", "distributed",
         "pyspark", "ray")


def _imported_after(code: str, modules: tuple[str, ...] = HEAVY) -> set[str]:
    probe = (f"import sys, contextlib, io\nwith contextlib.redirect_stdout(io.StringIO()):\n"
             + "".join(f"    {line}\n" for line in code.splitlines())
             + f"print(','.join(m for m in {modules!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return {m for m in out.stdout.strip().split(",") if m}


def test_help_imports_no_heavy_library():
    code = ("from honorifics.cli import analyze_generations_main\n"
            "try:\n    analyze_generations_main(['--help'])\nexcept SystemExit:\n    pass")
    assert _imported_after(code) == set()


def test_rule_path_imports_no_heavy_library(repo_root):
    code = ("from honorifics.cli import analyze_generations_main\n"
            f"analyze_generations_main([{str(repo_root / 'data' / 'dev_dialogues.jsonl')!r}, '--quiet', "
            "'--no-classifier', '--out', '/tmp/honorifics-lazy-test'])")
    assert _imported_after(code) == set()


def test_no_progress_bar_no_tqdm(repo_root):
    """--quiet (or no terminal): no bar, and tqdm's ~40 ms import is not paid."""
    code = ("from honorifics.cli import analyze_generations_main\n"
            f"analyze_generations_main([{str(repo_root / 'data' / 'dev_dialogues.jsonl')!r}, '--quiet', "
            "'--no-classifier', '--out', '/tmp/honorifics-lazy-test'])")
    assert _imported_after(code, ("tqdm",)) == set()


def test_report_flag_writes_metrics_tables_and_html(tmp_path, repo_root):
    source = repo_root / "data" / "dev_dialogues.jsonl"
    code = analyze_generations_main([str(source), "--out", str(tmp_path), "--report", "--quiet",
                                     "--no-classifier", "--group-by", "language"])
    assert code == 0
    metrics = json.loads((tmp_path / "metrics.json").read_text("utf-8"))
    assert metrics["n_ok"] == 58
    assert (tmp_path / "tables" / "speakers.csv").read_text("utf-8").count("\n") > 58
    html = (tmp_path / "report.html").read_text("utf-8")
    assert "शर्मा आंटी" in html and "<script>alert" not in html


def test_python_api_frames():
    import honorifics
    records = list(honorifics.analyze_records([
        {"id": 1, "text": "राहुल: अबे उठ!\nसमीर: आप बैठिए।", "speakers": ["राहुल", "समीर"], "model": "m1"},
        "{broken json\n"]))
    speakers = honorifics.speakers_frame(records)
    assert speakers.set_index("speaker")["tier"].to_dict() == {"राहुल": "intimate", "समीर": "formal"}
    assert set(speakers["model"]) == {"m1"}
    turns = honorifics.turns_frame(records)
    assert list(turns["evidence"]) == [["उठ"], ["आप"]]
    assert records[1].status == "error"


def test_bundled_example_covers_formats_languages_and_tasks(tmp_path, repo_root):
    source = repo_root / "examples" / "outputs.jsonl"
    raw = [json.loads(line) for line in source.read_text("utf-8").splitlines()]
    assert len(raw) >= 30
    assert {key for r in raw for key in ("text", "response", "messages") if key in r} == {"text", "response", "messages"}
    assert analyze_generations_main([str(source), "--out", str(tmp_path), "--quiet", "--no-classifier"]) == 0
    records = read_analysis(tmp_path)
    assert len(records) == len(raw) and all(r["status"] == "ok" for r in records)
    assert {r["language"] for r in records} == {"hi", "bn"}
    assert {r["script"] for r in records} == {"deva", "beng", "latn"}
    assert {r["task"] for r in records} == {"dct", "continuation", "roleplay"}
    assert any(r["refusal"] for r in records) and any(r["agreement_errors"] for r in records)


def test_an_internal_error_in_one_record_is_that_record_s_error_and_the_run_goes_on():
    """A bug met by one record (here a scenario bank that fails) gives one error record, not a crash."""
    from honorifics import analyze_records

    class FailingBank:
        def context(self, scenario_id):
            raise RuntimeError(f"bank broken at {scenario_id}")

    records = [GOOD, {**GOOD, "id": "g2", "scenario_id": "boom"}, {**GOOD, "id": "g3"}]
    results = list(analyze_records(records, scenario_bank=FailingBank()))
    assert [r.status for r in results] == ["ok", "error", "ok"]
    assert results[1].id == "g2"
    assert "internal error (RuntimeError: bank broken at boom)" in results[1].error
    assert results[2].speakers["राहुल"].tier == "intimate"


def test_a_line_read_as_bytes_decodes_as_its_text_does():
    """decode_line parses bytes in one call when it can; every line gives what its
    decoded text gives: BOM, CRLF, blanks, NaN, a lone surrogate escape, an integer
    over 64 bits, deep nesting, a non-object, and the bad lines above."""
    from honorifics.inputs import decode_line

    def reading(decoded):
        if decoded is None:
            return None
        record = decoded.record
        return (decoded.line, decoded.error, decoded.id,
                None if record is None else (record.id, record.text, record.language, record.meta))

    good = json.dumps(GOOD, ensure_ascii=False).encode()
    lines = [good + b"\n", b"\xef\xbb\xbf" + good + b"\r\n", b"\n", b"  \r\n", b"\xef\xbb\xbf\n",
             b'{"id": 1, "text": "\\ud800 \xe0\xa4\xa4\xe0\xa5\x82", "score": NaN}\n',
             b'{"id": 99999999999999999999999, "text": "\xe0\xa4\xa4\xe0\xa5\x82"}\n',
             b"[" * 2000 + b"]" * 2000 + b"\n", b'"just a string"\n', b"   " + good + b"   \n",
             *(line for line, _ in BAD_LINES)]
    for number, line in enumerate(lines, start=1):
        text = line.decode("utf-8", "strict") if b"\xff" not in line else None
        from_bytes = reading(decode_line(line, number))
        if text is not None:
            assert from_bytes == reading(decode_line(text, number)), line[:40]
        else:
            assert "invalid UTF-8" in from_bytes[1]
