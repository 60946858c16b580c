"""``honorifics analyze`` (alias ``analyze-generations``): the main job. This module
parses the arguments; :mod:`honorifics.engine` runs them (typed
:class:`~honorifics.engine.RunOptions`, one block planner, the in-process,
local pool, Dask and Spark executors).

Exit codes: 0 every line analysed; 1 at least one line gave an ``error``
record (the output is still complete, one line per input line); 2 usage
error or unreadable input: an empty input, or one none of whose lines could
be analysed (the first three reasons are said, in one line); 130 Ctrl-C
(``summary.json`` then counts the lines written and says ``"partial": true``).

Imports stay light here: ``--help`` loads neither the pipeline nor any ML library.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import __version__, implementation
from .usage import (EXIT_INTERRUPTED, REPORT_FILES, UsageError, add_quiet, check_positive, command,
                    keep_a_persons_files, parser as command_parser, prog_name, say)

EXIT_OK, EXIT_SOME_FAILED = 0, 1

DESCRIPTION = """\
Analyse LLM generations in Hindi and Bangla: for every record and speaker, the
second-person tier (intimate तू/তুই, familiar तुम/তুমি, formal आप/আপনি), the
words that show it, agreement errors, consistency, avoidance and refusals.

Input: JSON lines with text|output|response|completion|generation or chat
messages; optional id, language (hi/bn), task, speakers, expected, scenario_id;
any other field (model, temperature, …) is carried through.
Output: DIR/analysis.jsonl (one line per input line, in order) and
DIR/summary.json; with --report also DIR/metrics.json, DIR/tables/ and
DIR/report.html (the same as honorifics-report).
"""

EPILOG = """\
exit codes: 0 all lines analysed; 1 some lines gave error records; 2 usage
error, unreadable or empty input, or no line could be analysed; 130 Ctrl-C
(DIR/summary.json then counts the lines written, marked "partial": true).
example: honorifics analyze examples/outputs.jsonl --out results --report
"""


def build_parser() -> argparse.ArgumentParser:
    parser = command_parser("analyze-generations", DESCRIPTION, EPILOG, raw=True)
    parser.add_argument("input", help="JSONL file of generations, plain or gzip ('-' for standard input)")
    parser.add_argument("--version", action="version",
                        version=f"%(prog)s {__version__} (rule path: {implementation()})")
    parser.add_argument("--out", metavar="DIR",
                        help="write DIR/analysis.jsonl and DIR/summary.json (default: analysis to stdout)")
    parser.add_argument("--report", action="store_true",
                        help="also write DIR/report.html, DIR/metrics.json and DIR/tables/ (needs --out; "
                             "default: no report)")
    parser.add_argument("--group-by", default="", metavar="FIELDS",
                        help="comma-separated fields to group metrics by in the report (e.g. model,temperature; "
                             "default: the report's own)")
    parser.add_argument("--max-dialogues", type=int, default=None, metavar="N",
                        help="with --report: dialogues shown in the report's per-speaker view "
                             "(default: the report's default, 1000; tables always use all)")
    parser.add_argument("--scenarios", metavar="PATH", action="append",
                        help="scenario bank file to join on scenario_id (repeatable; default: the built-in bank)")
    parser.add_argument("--no-classifier", action="store_true",
                        help="rules only: never load the fallback tier classifier (default: the classifier "
                             "decides what the rules leave undecided, when it is installed)")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="analyse with N processes (default 1; output order is kept)")
    parser.add_argument("--max-chars", type=int, default=None, metavar="N",
                        help="longest text accepted; longer lines get an error record (default 100000)")
    parser.add_argument("--force", action="store_true",
                        help="replace files of these names in --out DIR that honorifics did not write "
                             "(default: refuse; an earlier run's folder is always replaced)")
    add_quiet(parser)
    scale = parser.add_argument_group(
        "large corpora", "INPUT may then be a glob of JSONL or Parquet files; needs --out. Writes "
        "DIR/analysis/part-NNNNN.parquet (one per block, in input order) and DIR/summary.json, the "
        "same records and summary as one process (see README, Large corpora).")
    scale.add_argument("--engine", choices=("local", "dask", "spark"), default="local",
                       help="local (default): this machine, --workers processes; dask or spark: "
                            "a cluster (workers must see INPUT and DIR at the same paths)")
    scale.add_argument("--scheduler", metavar="ADDRESS",
                       help="Dask scheduler address (default: a LocalCluster of --workers processes)")
    scale.add_argument("--master", metavar="URL",
                       help="Spark master URL (default: local[--workers])")
    scale.add_argument("--block-mb", type=float, default=None, metavar="MB",
                       help="input per task (default: about 8 blocks per worker, 1 to 16 MB for "
                            "Parquet/Dask/Spark runs, 64 KB to 1 MB for a local JSONL run)")
    scale.add_argument("--jsonl", action="store_true",
                       help="with Parquet output, also write DIR/analysis.jsonl (implied by --report; "
                            "default: Parquet parts only)")
    return parser


def run(args: argparse.Namespace) -> int:
    """Check the options that only make sense on the command line, then run the engine."""
    from .engine import RunOptions
    from .engine.run import analyze, check
    if args.report and not args.out:
        raise UsageError("--report needs --out DIR")
    if args.group_by and not args.report:
        raise UsageError("--group-by groups the report's metrics: add --report (and --out DIR)")
    if args.max_dialogues is not None and not args.report:
        raise UsageError("--max-dialogues sets what the report shows: add --report (and --out DIR)")
    check_positive("--max-dialogues", args.max_dialogues)
    if args.block_mb is not None and not args.block_mb > 0:
        raise UsageError(f"--block-mb must be more than 0 (got {args.block_mb})")
    options = RunOptions.from_args(args)
    if options.parquet and not args.out:
        raise UsageError(f"--engine {args.engine} and Parquet or glob input need --out DIR")
    if args.out:
        written = ("analysis.jsonl", "summary.json", "analysis") + (REPORT_FILES if args.report else ())
        keep_a_persons_files(args.out, written, force=args.force)
    for warning in check(options):
        say(args, warning)
    result = analyze(options, args.input, args.out, progress=not args.quiet, input_label=str(args.input))
    prog = prog_name("analyze-generations")
    if result.interrupted:
        print(f"{prog}: {result.message}", file=sys.stderr)
        return EXIT_INTERRUPTED
    for note in result.notes:
        say(args, f"note: {note}")
    if args.report:
        code = _write_report(Path(args.out), args)
        if code:   # the report said why (e.g. a --group-by field no record has)
            return code
    records = result.summary["records"]
    where = f" → {Path(args.out)}/" if args.out else ""
    say(args, f"{prog}: {records['total']} records, {records['ok']} ok, {records['error']} errors{where}")
    return EXIT_SOME_FAILED if records["error"] else EXIT_OK


def _write_report(out_dir: Path, args: argparse.Namespace) -> int:
    """metrics.json, tables/ and report.html: the same code as ``honorifics-report``."""
    from .report.cli import report_main
    argv = [str(out_dir / "analysis.jsonl"), "--out", str(out_dir)]
    if args.group_by:
        argv += ["--group-by", args.group_by]
    if args.max_dialogues:
        argv += ["--max-dialogues", str(args.max_dialogues)]
    if args.quiet:
        argv.append("--quiet")
    return report_main(argv)


@command("analyze-generations")
def analyze_generations_main(argv: list[str] | None = None) -> int:
    """``analyze-generations outputs.jsonl --out DIR [--report]`` (also ``honorifics analyze``)."""
    return run(build_parser().parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(analyze_generations_main())
