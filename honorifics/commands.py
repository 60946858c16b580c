"""``honorifics``: one front command for every job of the toolkit.

``honorifics analyze outputs.jsonl --out results`` runs the same code as the
older ``analyze-generations outputs.jsonl --out results`` (the old names stay
as aliases). Each subcommand is registered by the import path of its
``main(argv) -> int`` and imported only when it runs, so ``honorifics --help``
loads neither the pipeline nor any ML library.

Shared options given before the subcommand (``honorifics --quiet --seed 1
report …``) are passed on to it when it takes them.

>>> [name for name in COMMANDS][:3]
['analyze', 'report', 'prompts']
>>> COMMANDS["annotate export"].alias
'export-annotation'
"""
from __future__ import annotations

import argparse
import importlib
import sys
from dataclasses import dataclass
from typing import Sequence

from . import __version__
from .languages import CODES
from .usage import EXIT_USAGE, OneLineParser, prog_name, quiet_broken_pipe, set_prog, usage_error

PROG = "honorifics"


@dataclass(frozen=True)
class Command:
    """A subcommand: where its main lives, what it does, which shared options it takes."""
    target: str                      # "module:function"
    help: str
    alias: str | None = None         # the older console-script name
    shared: frozenset[str] | None = frozenset()   # None: unknown, pass every shared option on


def _shared(*names: str) -> frozenset[str]:
    return frozenset(names)


COMMANDS: dict[str, Command] = {
    "analyze": Command("honorifics.cli:analyze_generations_main",
                       "per-speaker tiers of generations → analysis.jsonl, summary.json",
                       "analyze-generations", _shared("out", "quiet")),
    "report": Command("honorifics.report.cli:report_main",
                      "metrics.json, tables and report.html from analysis.jsonl",
                      "honorifics-report", _shared("out", "quiet", "seed")),
    "prompts": Command("honorifics.scenarios.cli:make_prompts_main",
                       "render scenarios into prompts (plain, chat, batch)",
                       "make-prompts", _shared("out", "quiet", "language")),
    "lint": Command("honorifics.scenarios.cli:lint_scenarios_main",
                    "validate scenarios and flag priming words", "lint-scenarios", _shared("quiet")),
    "instantiate": Command("honorifics.scenarios.cli:instantiate_scenarios_main",
                           "fill scenario templates into new scenarios", "instantiate-scenarios",
                           _shared("out", "quiet", "seed", "language")),
    "generate": Command("honorifics.generation.cli:generate_main",
                        "send prompts to a model and collect outputs.jsonl", None, None),
    "run": Command("honorifics.generation.experiment:run_main",
                   "one experiment file: prompts, several models, analysis, one report", None,
                   _shared("quiet")),
    "import-results": Command("honorifics.generation.cli:import_results_main",
                              "turn a provider's batch results into outputs.jsonl", None, None),
    "corpus": Command("honorifics.classifiers.cli:build_corpus_main",
                      "build the tier-classifier corpus (train/dev/test)", "build-training-corpus",
                      _shared("out", "seed")),
    "train": Command("honorifics.classifiers.cli:train_main",
                     "train the tier classifier", "train-tier-classifier", _shared("out", "seed")),
    "evaluate": Command("honorifics.classifiers.cli:evaluate_main",
                        "evaluate a tier classifier on a test file", "evaluate-tier-classifier",
                        _shared("out")),
    "align": Command("honorifics.alignment.cli:alignment_score_main",
                     "Generation Alignment Score (EtiCor++) per group", "alignment-score",
                     _shared("out", "quiet")),
    "odds": Command("honorifics.alignment.cli:odds_ratio_main",
                    "words used more for group A than group B (log odds)", "odds-ratio",
                    _shared("out", "quiet", "language")),
    "annotate export": Command("honorifics.annotation_cli:export_annotation_main",
                               "sample speakers into a CSV sheet for annotators", "export-annotation",
                               _shared("out", "quiet", "seed")),
    "annotate import": Command("honorifics.annotation_cli:import_annotation_main",
                               "agreement (kappa) from filled sheets", "import-annotation",
                               _shared("out", "quiet")),
}

SHARED_OPTIONS = {"out": "--out", "quiet": "--quiet", "seed": "--seed", "language": "--language"}


def _command_table() -> str:
    width = max(map(len, COMMANDS)) + 2
    lines = ["commands (old name in brackets):"]
    for name, command in COMMANDS.items():
        alias = f" [{command.alias}]" if command.alias else ""
        lines.append(f"  {name:<{width}}{command.help}{alias}")
    lines.append("")
    lines.append("'honorifics COMMAND --help' shows a command's options. Exit codes: 0 ok, "
                 "1 done with failed lines, 2 usage error.")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=PROG, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="How LLMs address people in Hindi and Bangla: analyse generations, "
                    "report, build prompts, train and evaluate the tier classifier.",
        epilog=_command_table())
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    shared = parser.add_argument_group("shared options (passed on to the command when it takes them)")
    shared.add_argument("--out", metavar="PATH", help="output directory or file, as the command says")
    shared.add_argument("--quiet", action="store_true", help="no progress or notes on stderr")
    shared.add_argument("--seed", type=int, help="random seed")
    shared.add_argument("--language", choices=CODES, help="only this language")
    parser.add_argument("--completion", choices=("bash",), help="print a shell completion script and exit")
    parser.add_argument("command", nargs="?", metavar="COMMAND", help="one of the commands below")
    parser.add_argument("args", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    return parser


def bash_completion() -> str:
    """A bash completion script for the command names (``eval "$(honorifics --completion bash)"``)."""
    top = sorted({name.split()[0] for name in COMMANDS})
    annotate = sorted(name.split()[1] for name in COMMANDS if name.startswith("annotate "))
    return (f"_honorifics() {{\n"
            f"  if [ \"$COMP_CWORD\" -eq 1 ]; then COMPREPLY=($(compgen -W \"{' '.join(top)}\" -- \"$2\"));\n"
            f"  elif [ \"${{COMP_WORDS[1]}}\" = annotate ] && [ \"$COMP_CWORD\" -eq 2 ]; then\n"
            f"    COMPREPLY=($(compgen -W \"{' '.join(annotate)}\" -- \"$2\"));\n"
            f"  else COMPREPLY=($(compgen -f -- \"$2\")); fi\n}}\n"
            f"complete -o filenames -F _honorifics honorifics\n")


def _resolve(words: list[str]) -> tuple[str, list[str]]:
    """The command name (one or two words) and the rest of the arguments."""
    if len(words) >= 2 and f"{words[0]} {words[1]}" in COMMANDS:
        return f"{words[0]} {words[1]}", words[2:]
    if words[0] in COMMANDS:
        return words[0], words[1:]
    group = sorted(name.split()[1] for name in COMMANDS if name.startswith(words[0] + " "))
    if group:
        raise LookupError(f"'{words[0]}' needs one of: {', '.join(group)}")
    raise LookupError(f"unknown command '{words[0]}'; choose from {', '.join(COMMANDS)}")


def load_main(command: Command):
    """Import a command's main; ``None`` with a reason when its module is not part of this install."""
    module_name, _, function = command.target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        # only the command's own module missing means "not available"; a missing
        # dependency inside it is a real error and must show
        if error.name and module_name.startswith(error.name):
            return None
        raise
    return getattr(module, function)


def _forwarded(args: argparse.Namespace, name: str, command: Command) -> list[str]:
    argv: list[str] = []
    for key, option in SHARED_OPTIONS.items():
        value = getattr(args, key)
        if value is None or value is False:
            continue
        if command.shared is not None and key not in command.shared:
            raise LookupError(f"'{name}' takes no {option}")
        argv += [option] if value is True else [option, str(value)]
    return argv


def main(argv: Sequence[str] | None = None) -> int:
    """``honorifics [shared options] COMMAND [options]``; returns the command's exit code.

    Standard output closed by its reader (``honorifics analyze x.jsonl | head -1``)
    ends any command quietly, exit code 141, never a BrokenPipeError traceback.
    """
    try:
        code = _main(argv)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        return quiet_broken_pipe()


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:   # --help, --version, a bad shared option
        return stop.code if isinstance(stop.code, int) else 0
    if args.completion:
        sys.stdout.write(bash_completion())
        return 0
    if not args.command:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        name, rest = _resolve([args.command, *args.args])
        command = COMMANDS[name]
        forwarded = _forwarded(args, name, command)
    except LookupError as error:
        return usage_error(PROG, str(error))
    run = load_main(command)
    if run is None:
        return usage_error(PROG, f"'{name}' is not available in this install "
                                 f"({command.target.partition(':')[0]} is missing)")
    previous = prog_name("")
    set_prog(f"{PROG} {name}")
    try:
        return run([*forwarded, *rest])
    finally:
        set_prog(previous or None)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
