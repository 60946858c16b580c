"""The ``honorifics`` front command: dispatch, shared options, aliases, lazy imports."""
import importlib
import json
import subprocess
import sys
import tomllib

import pytest

from honorifics import __version__
from honorifics.cli import analyze_generations_main
from honorifics.commands import COMMANDS, Command, load_main, main

GOOD = {"id": "g1", "text": "राहुल: अबे उठ!\nसमीर: तू जा ना।", "speakers": ["राहुल", "समीर"], "model": "m1"}
HEAVY = ("torch", "transformers", "stanza", "sentence_transformers", "spacy")


def _source(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps(GOOD, ensure_ascii=False) + "\n", "utf-8")
    return source


def test_help_lists_every_command_with_its_old_name_and_imports_nothing_heavy():
    probe = ("import sys\nfrom honorifics.commands import main\nmain(['--help'])\n"
             f"print('LOADED', [m for m in {HEAVY + ('honorifics.pipeline', 'pandas')!r} if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert "LOADED []" in out
    for name, command in COMMANDS.items():
        assert name in out
        if command.alias:
            assert f"[{command.alias}]" in out


def test_version(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"honorifics {__version__}"


def test_python_dash_m_runs_the_front_command(tmp_path):
    out = subprocess.run([sys.executable, "-m", "honorifics", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.strip() == f"honorifics {__version__}"


def test_analyze_is_the_same_as_its_alias(tmp_path):
    source = _source(tmp_path)
    assert main(["analyze", str(source), "--out", str(tmp_path / "a"), "--quiet", "--no-classifier"]) == 0
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "b"), "--quiet", "--no-classifier"]) == 0
    assert (tmp_path / "a" / "analysis.jsonl").read_bytes() == (tmp_path / "b" / "analysis.jsonl").read_bytes()


def test_shared_options_before_the_command_are_passed_on(tmp_path, capsys):
    source = _source(tmp_path)
    assert main(["--quiet", "--out", str(tmp_path / "o"), "analyze", str(source), "--no-classifier"]) == 0
    assert (tmp_path / "o" / "analysis.jsonl").exists()
    assert capsys.readouterr().err == ""          # --quiet reached analyze


def test_a_shared_option_the_command_does_not_take_is_a_usage_error(tmp_path, capsys):
    assert main(["--language", "hi", "analyze", str(_source(tmp_path))]) == 2
    assert capsys.readouterr().err.strip() == "honorifics: error: 'analyze' takes no --language"


def test_unknown_and_incomplete_commands(capsys):
    assert main(["analyse"]) == 2
    assert "unknown command 'analyse'" in capsys.readouterr().err
    assert main(["annotate"]) == 2
    assert capsys.readouterr().err.strip() == "honorifics: error: 'annotate' needs one of: export, import"
    assert main([]) == 2


def test_subcommand_help_and_errors_name_the_front_command(tmp_path, capsys):
    assert main(["report", "--help"]) == 0
    assert capsys.readouterr().out.startswith("usage: honorifics report")
    assert main(["annotate", "export", str(tmp_path / "missing.jsonl"), "--out", str(tmp_path / "s.csv")]) == 2
    assert capsys.readouterr().err.strip().startswith("honorifics annotate export: error: analysis ")


def test_a_command_whose_module_is_missing_says_so_in_one_line(monkeypatch, capsys):
    monkeypatch.setitem(COMMANDS, "generate", Command("honorifics.not_here.cli:generate_main", "x"))
    assert main(["generate", "prompts.jsonl"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["honorifics: error: 'generate' is not available in this install "
                   "(honorifics.not_here.cli is missing)"]


def test_every_registered_command_resolves_to_a_main():
    for name, command in COMMANDS.items():
        found = load_main(command)
        if command.target.startswith("honorifics.generation."):
            continue   # arrives with the generation package; until then "not available"
        assert callable(found), name


def test_console_scripts_point_at_real_functions_and_keep_the_old_names(repo_root):
    scripts = tomllib.loads((repo_root / "pyproject.toml").read_text("utf-8"))["project"]["scripts"]
    assert scripts["honorifics"] == "honorifics.commands:main"
    for alias in (c.alias for c in COMMANDS.values() if c.alias):
        assert alias in scripts
    for target in scripts.values():
        module, _, function = target.partition(":")
        assert callable(getattr(importlib.import_module(module), function))


def test_bash_completion_lists_the_commands(capsys):
    assert main(["--completion", "bash"]) == 0
    script = capsys.readouterr().out
    assert "complete -o filenames -F _honorifics honorifics" in script
    assert "analyze" in script and "export import" in script


@pytest.mark.parametrize("module", ["honorifics.cli", "honorifics.report.cli", "honorifics.scenarios.cli",
                                    "honorifics.classifiers.cli", "honorifics.alignment.cli"])
def test_cli_modules_have_no_error_helper_of_their_own(repo_root, module):
    """One error path: commands raise UsageError; only honorifics.usage prints errors."""
    source = (repo_root / (module.replace(".", "/") + ".py")).read_text("utf-8")
    assert "error: {" not in source and "def _fail" not in source and "def _error" not in source


@pytest.mark.parametrize("name", [n for n, c in COMMANDS.items() if c.shared])
def test_each_declared_shared_option_is_taken_by_the_command(name, capsys):
    from honorifics.commands import SHARED_OPTIONS
    assert main([*name.split(), "--help"]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"usage: honorifics {name}")
    for key in COMMANDS[name].shared:
        assert SHARED_OPTIONS[key] in text, (name, key)


def test_annotate_export_through_the_front_command_takes_force(tmp_path, capsys, repo_root):
    """`honorifics annotate export` runs annotation_cli's command (blind sheet + key, --force),
    the same function as its alias export-annotation and report.cli's old import path."""
    from honorifics import annotation_cli
    from honorifics.report import cli as report_cli
    assert load_main(COMMANDS["annotate export"]) is annotation_cli.export_annotation_main
    assert load_main(COMMANDS["annotate import"]) is annotation_cli.import_annotation_main
    assert report_cli.export_annotation_main is annotation_cli.export_annotation_main
    scripts = tomllib.loads((repo_root / "pyproject.toml").read_text("utf-8"))["project"]["scripts"]
    assert scripts["export-annotation"] == "honorifics.annotation_cli:export_annotation_main"
    assert scripts["import-annotation"] == "honorifics.annotation_cli:import_annotation_main"
    analysis = repo_root / "tests" / "data" / "report" / "example_analysis.jsonl"
    sheet = tmp_path / "sheet.csv"
    assert main(["annotate", "export", str(analysis), "--out", str(sheet), "--quiet"]) == 0
    assert sheet.is_file() and (tmp_path / "sheet.key.csv").is_file()
    # a second export refuses to overwrite the sheet (it may hold ratings) unless --force
    assert main(["annotate", "export", str(analysis), "--out", str(sheet), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("honorifics annotate export: error: ") and "\n" not in err and "--force" in err
    sheet.write_text("stale", "utf-8")
    assert main(["annotate", "export", str(analysis), "--out", str(sheet), "--quiet", "--force"]) == 0
    assert sheet.read_text("utf-8") != "stale"
