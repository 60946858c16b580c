"""Commands: ``honorifics-report``, ``export-annotation``, ``import-annotation``.

Thin argparse layers over :mod:`honorifics.metrics`, :mod:`honorifics.report`
and :mod:`honorifics.annotation`; each returns an exit code (0 ok, 2 bad input).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Sequence


def read_analysis(path: str | Path) -> tuple[list[dict[str, Any]], int]:
    """Read ``analysis.jsonl``; an unreadable line becomes an error record (never dropped).

    Returns the records and the number of lines that were not valid JSON objects.
    """
    from ..io import iter_json_objects
    records, broken = [], 0
    for number, record, problem in iter_json_objects(path):
        if problem:
            record = {"id": number, "line": number, "status": "error", "error": f"analysis line is {problem}"}
            broken += 1
        records.append(record)
    return records, broken


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def _report_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="honorifics-report",
        description="Metrics (metrics.json, CSV/Parquet tables) and a self-contained report.html "
                    "from an analysis.jsonl written by analyze-generations.")
    parser.add_argument("analysis", help="analysis.jsonl")
    parser.add_argument("--out", required=True, help="output directory")
    parser.add_argument("--group-by", default=None,
                        help="comma-separated fields to group by, e.g. model,temperature (carried fields, "
                             "task, language or scenario variables such as setting)")
    parser.add_argument("--cloze", default=None, help="CSV with columns model,cloze_accuracy")
    parser.add_argument("--title", default=None, help="report title")
    parser.add_argument("--seed", type=int, default=0, help="bootstrap seed (default 0)")
    parser.add_argument("--resamples", type=int, default=2000, help="bootstrap resamples (default 2000)")
    parser.add_argument("--max-dialogues", type=int, default=1000,
                        help="dialogues shown in the per-speaker view (tables always use all)")
    parser.add_argument("--no-tables", action="store_true", help="skip the CSV/Parquet tables")
    return parser


def report_main(argv: Sequence[str] | None = None) -> int:
    """``honorifics-report analysis.jsonl --out DIR [--group-by model,temperature]``."""
    args = _report_parser().parse_args(argv)
    from ..metrics import compute_metrics, metrics_tables, read_cloze_csv, write_summary, write_tables
    from .html import write_report
    if not Path(args.analysis).is_file():
        return _fail(f"no such file: {args.analysis}")
    try:
        cloze = read_cloze_csv(args.cloze) if args.cloze else None
    except (OSError, ValueError) as error:
        return _fail(str(error))
    records, broken = read_analysis(args.analysis)
    if broken:
        print(f"warning: {broken} line(s) of {args.analysis} are not JSON objects; counted as failed",
              file=sys.stderr)
    out = Path(args.out)
    summary = compute_metrics(records, args.group_by, cloze=cloze, n_resamples=args.resamples, seed=args.seed)
    # metrics.json, not summary.json: analyze-generations writes its own run summary.json in
    # the same directory, and the report must not overwrite it.
    write_summary(summary, out / "metrics.json")
    if not args.no_tables:
        from ..metrics import parquet_available
        write_tables(metrics_tables(records, args.group_by, summary=summary), out / "tables")
        if not parquet_available():
            print("note: pyarrow is not installed: tables written as CSV only", file=sys.stderr)
    path = write_report(records, out, group_by=args.group_by, title=args.title, summary=summary,
                        max_dialogues=args.max_dialogues)
    accuracy = summary["overall"]["accuracy"]
    figure = "—" if accuracy["estimate"] is None else f"{100 * accuracy['estimate']:.1f}%"
    print(f"{summary['n_ok']} records ({summary['n_failed']} failed), accuracy {figure} "
          f"(n={accuracy['n']}) → {path}", file=sys.stderr)
    return 0


def export_annotation_main(argv: Sequence[str] | None = None) -> int:
    """``export-annotation analysis.jsonl --out sheet.csv [--fraction 0.3] [--annotators A,B]``."""
    parser = argparse.ArgumentParser(
        prog="export-annotation",
        description="Sample a stratified subset of speakers into a CSV sheet for human annotators "
                    "(appropriateness 1-5, naturalness 1-5, consistency yes/no, corrected tier).")
    parser.add_argument("analysis", help="analysis.jsonl")
    parser.add_argument("--out", required=True, help="sheet to write (CSV, UTF-8)")
    parser.add_argument("--fraction", type=float, default=0.3, help="share of each stratum (default 0.3)")
    parser.add_argument("--annotators", default="A,B", help="comma-separated annotator names (default A,B)")
    parser.add_argument("--strata", default="task,language,model",
                        help="comma-separated fields to stratify by (default task,language,model)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    from ..annotation import sample_items, write_sheet
    if not Path(args.analysis).is_file():
        return _fail(f"no such file: {args.analysis}")
    annotators = [a.strip() for a in args.annotators.split(",") if a.strip()]
    if len(annotators) < 2:
        return _fail("name at least two annotators (--annotators A,B) so agreement can be measured")
    records, _ = read_analysis(args.analysis)
    try:
        items = sample_items(records, args.fraction, seed=args.seed,
                             strata=[s.strip() for s in args.strata.split(",") if s.strip()])
    except ValueError as error:
        return _fail(str(error))
    path = write_sheet(items, args.out, annotators)
    print(f"{len(items)} items × {len(annotators)} annotators → {path}", file=sys.stderr)
    return 0


def import_annotation_main(argv: Sequence[str] | None = None) -> int:
    """``import-annotation sheet.csv [more.csv …] [--out agreement.json]``."""
    parser = argparse.ArgumentParser(
        prog="import-annotation",
        description="Read filled annotation sheets: Cohen's and Fleiss' kappa, binary-decomposed kappa, "
                    "automatic vs human-majority tiers, accepted rating ranges (mean ± 0.674·sd).")
    parser.add_argument("sheets", nargs="+", help="filled sheet(s) (CSV)")
    parser.add_argument("--out", default=None, help="write the agreement report as JSON here")
    args = parser.parse_args(argv)
    from ..annotation import AnnotationError, agreement_report, read_sheets
    for sheet in args.sheets:
        if not Path(sheet).is_file():
            return _fail(f"no such file: {sheet}")
    try:
        annotations = read_sheets(args.sheets)
    except AnnotationError as error:
        return _fail(str(error))
    if not annotations:
        return _fail("no rated rows in the sheet(s)")
    report = agreement_report(annotations)
    text = json.dumps(report, ensure_ascii=False, indent=2)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    tier = report["kappa"]["tier"]
    auto = report["automatic_vs_majority"]["agreement"]
    print(f"{report['n_items']} items, {len(report['annotators'])} annotators; tier κ (mean Cohen) "
          f"{_fmt(tier['mean_cohen'])}, Fleiss {_fmt(tier['fleiss'])}; automatic = human majority "
          f"{auto['successes']}/{auto['n']}", file=sys.stderr)
    if not args.out:
        print(text)
    return 0


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(report_main())
