"""Command ``honorifics report`` (alias ``honorifics-report``).

A thin argparse layer over :mod:`honorifics.metrics` and :mod:`honorifics.report`;
it returns an exit code (0 ok, 2 bad input). The annotation commands live in
:mod:`honorifics.annotation_cli` (re-exported here under their old import path).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..results import missing_fields, parquet_parts, parse_group_by, read_analysis_input, record_fields
from ..usage import (REPORT_FILES, UsageError, add_quiet, add_seed, check_positive, command, input_file,
                     keep_a_persons_files, output_dir, prog_name, say)
from ..annotation_cli import export_annotation_main, import_annotation_main  # noqa: F401  (old import path)


def _read(path: str) -> list[dict[str, Any]]:
    """analysis.jsonl (plain or gzip) or the Parquet parts of ``analyze --engine``, or a
    usage error saying what was expected."""
    return _read_counted(path)[0]


def _read_counted(path: str) -> tuple[list[dict[str, Any]], int]:
    """:func:`_read`, and how many lines were not JSON objects (warned about here)."""
    _analysis_path(path)
    return read_analysis_input(path)


def _analysis_path(path: str) -> None:
    """An analysis file, or a folder of Parquet parts; a run folder is a usage error
    saying which file in it to pass."""
    folder = Path(path)
    if not folder.is_dir():
        input_file(path, "analysis")
        return
    if parquet_parts(folder):
        return
    for inside in (folder / "analysis.jsonl", folder / "analysis.jsonl.gz"):
        if inside.is_file():
            raise UsageError(f"analysis {path} is a directory; pass {inside}")
    if parquet_parts(folder / "analysis"):
        raise UsageError(f"analysis {path} is a directory; pass {folder / 'analysis'} "
                         "(the Parquet parts of the run)")
    input_file(path, "analysis")


def _report_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("analysis", help="the analysis.jsonl (or .jsonl.gz) that 'honorifics analyze' writes, "
                                         "or the folder DIR/analysis/ of Parquet parts that "
                                         "'honorifics analyze --engine …' writes")
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="output directory: metrics.json, tables/, report.html (created if missing)")
    parser.add_argument("--group-by", default=None, metavar="FIELDS",
                        help="comma-separated fields to group by, e.g. model,temperature (carried fields, "
                             "task, language or scenario variables such as setting; default: language when the "
                             "input mixes languages, else none; '' for none)")
    parser.add_argument("--cloze", default=None, metavar="CSV",
                        help="optional CSV with columns model,cloze_accuracy, shown beside each model "
                             "(default: none)")
    parser.add_argument("--title", default=None, help="report title (default: 'Honorific tier report')")
    add_seed(parser, 0, "bootstrap seed")
    parser.add_argument("--resamples", type=int, default=2000, help="bootstrap resamples (default 2000)")
    parser.add_argument("--max-dialogues", type=int, default=1000, metavar="N",
                        help="dialogues embedded in the per-speaker view; beyond N, a sample stratified by "
                             "language × task × model (default 1000; tables always use all)")
    parser.add_argument("--no-tables", action="store_true", help="skip the CSV/Parquet tables (default: write them)")
    parser.add_argument("--force", action="store_true",
                        help="replace metrics.json, tables/ or report.html in --out DIR that honorifics did not "
                             "write (default: refuse; an earlier run's folder is always replaced)")
    add_quiet(parser)


@command("honorifics-report", "Metrics (metrics.json, CSV/Parquet tables) and a self-contained report.html "
                              "from an analysis.jsonl written by analyze-generations.", _report_options)
def report_main(args: argparse.Namespace) -> int:
    """``honorifics-report analysis.jsonl --out DIR [--group-by model,temperature]``."""
    from ..metrics import (compute_metrics, metrics_tables, parse_group_by, read_cloze_csv, write_summary,
                           write_tables)
    from .html import experiment_summary, run_summary, write_report
    step = _progress(args)
    check_positive("--resamples", args.resamples)
    check_positive("--max-dialogues", args.max_dialogues)
    records, broken = _read_counted(args.analysis)
    if args.cloze:
        input_file(args.cloze, "--cloze")
        try:
            cloze = read_cloze_csv(args.cloze)
        except (OSError, ValueError) as error:
            raise UsageError(f"--cloze: {error}") from None
    else:
        cloze = None
    unknown = missing_fields(records, parse_group_by(args.group_by))
    if unknown:
        known = sorted(record_fields(r for r in records if r.get("status") == "ok")
                       - {"id", "line", "status", "warnings", "nominal_address", "error"})
        raise UsageError(f"--group-by {','.join(unknown)}: no record of {args.analysis} has "
                         f"{'this field' if len(unknown) == 1 else 'these fields'}; "
                         f"fields there: {', '.join(known)}")
    keep_a_persons_files(args.out, REPORT_FILES, force=args.force)
    out = output_dir(args.out)
    step(f"read {len(records)} lines of {args.analysis}; computing the metrics")
    summary = compute_metrics(records, args.group_by, cloze=cloze, n_resamples=args.resamples, seed=args.seed)
    # metrics.json, not summary.json: analyze-generations writes its own run summary.json in
    # the same directory, and the report must not overwrite it.
    write_summary(summary, out / "metrics.json")
    if not args.no_tables:
        from ..metrics import parquet_available
        step("writing the tables")
        write_tables(metrics_tables(records, args.group_by, summary=summary), out / "tables")
        if not parquet_available():
            say(args, "note: pyarrow is not installed: tables written as CSV only")
    path = write_report(records, out, group_by=args.group_by, title=args.title, summary=summary,
                        max_dialogues=args.max_dialogues, run=run_summary(args.analysis), seed=args.seed,
                        progress=step, experiment=experiment_summary(args.analysis))
    accuracy, refused = summary["overall"]["accuracy"], summary["overall"]["refused"]
    figure = "—" if accuracy["estimate"] is None else f"{100 * accuracy['estimate']:.1f}%"
    refusals = "" if not refused["successes"] else f", refused {100 * refused['estimate']:.1f}%"
    say(args, f"{summary['n_ok']} records ({summary['n_failed']} failed), accuracy {figure} "
              f"(n={accuracy['n']}){refusals} → {path}")
    return 1 if broken else 0


def _progress(args: argparse.Namespace):
    """Progress lines on stderr (unless --quiet): a long report is not silent for a minute."""
    import time
    start = time.monotonic()

    def step(message: str) -> None:
        say(args, f"{prog_name('honorifics-report')}: [{time.monotonic() - start:5.1f} s] {message}")
    return step


if __name__ == "__main__":  # pragma: no cover
    sys.exit(report_main())
