"""Commands ``honorifics annotate export`` and ``honorifics annotate import``.

Thin argparse layers over :mod:`honorifics.annotation`; each returns an exit
code (0 ok, 2 bad input). The older names ``export-annotation`` and
``import-annotation`` run the same code.
"""
from __future__ import annotations

import argparse
import json
from typing import Any

from .results import read_analysis_input
from .usage import UsageError, add_quiet, add_seed, command, input_file, input_files, output_file, say


def _read(path: str) -> list[dict[str, Any]]:
    """analysis.jsonl, or a usage error saying what was expected."""
    input_file(path, "analysis")
    return read_analysis_input(path)[0]


def _export_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("analysis", help="analysis.jsonl (or .jsonl.gz) written by 'honorifics analyze'")
    parser.add_argument("--out", required=True, metavar="SHEET.csv",
                        help="sheet to write (CSV, UTF-8); its key file SHEET.key.csv is written beside it")
    parser.add_argument("--force", action="store_true",
                        help="overwrite an existing sheet and key file (default: refuse, it may hold ratings)")
    parser.add_argument("--show-automatic", action="store_true",
                        help="show the automatic and expected tiers in the sheet, for adjudication "
                             "(default: a blind sheet; annotators name the tier themselves)")
    parser.add_argument("--fraction", type=float, default=0.3, help="share of each stratum (default 0.3)")
    parser.add_argument("--annotators", default="A,B", help="comma-separated annotator names (default A,B)")
    parser.add_argument("--strata", default="task,language,model",
                        help="comma-separated fields to stratify by (default task,language,model)")
    add_seed(parser, 0, "sampling seed")
    add_quiet(parser)


@command("export-annotation", "Sample a stratified subset of speakers into a CSV sheet for human "
                              "annotators (appropriateness 1-5, naturalness 1-5, consistency yes/no, "
                              "tier). The sheet is blind: the tool's answer goes into a key file "
                              "beside it, which 'honorifics annotate import' joins back.", _export_options)
def export_annotation_main(args: argparse.Namespace) -> int:
    """``honorifics annotate export analysis.jsonl --out sheet.csv [--fraction 0.3] [--annotators A,B]``."""
    from .annotation import DEFAULT_STRATA, AnnotationError, check_overwrite, sample_items, write_sheet
    from .results import missing_fields, parse_group_by
    annotators = [a.strip() for a in args.annotators.split(",") if a.strip()]
    if len(annotators) < 2:
        raise UsageError("name at least two annotators (--annotators A,B) so agreement can be measured")
    out = output_file(args.out)
    if str(out) == "-":
        raise UsageError("--out -: the sheet needs a file name (its key file is written beside it)")
    try:
        check_overwrite(out, args.force)   # before the analysis is read: a filled sheet is never lost
    except AnnotationError as error:
        raise UsageError(str(error)) from None
    records = _read(args.analysis)
    strata = parse_group_by(args.strata)
    # the default strata may be absent (no model field): one stratum then; a field named
    # on purpose that no record has is a typo
    unknown = [] if tuple(strata) == DEFAULT_STRATA else missing_fields(records, strata)
    if unknown:
        raise UsageError(f"--strata {','.join(unknown)}: no record of {args.analysis} has "
                         f"{'this field' if len(unknown) == 1 else 'these fields'}")
    try:
        items = sample_items(records, args.fraction, seed=args.seed, strata=strata)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if not items:
        raise UsageError(f"{args.analysis} has no speakers to annotate (no ok record with speakers)")
    try:
        path = write_sheet(items, out, annotators, show_automatic=args.show_automatic, force=args.force)
    except AnnotationError as error:
        raise UsageError(str(error)) from None
    from .annotation import key_path
    kind = "adjudication sheet" if args.show_automatic else "blind sheet"
    say(args, f"{len(items)} items × {len(annotators)} annotators → {path} ({kind}; "
              f"key: {key_path(path)})")
    return 0


def _import_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("sheets", nargs="+", help="filled sheet(s) (CSV, UTF-8)")
    parser.add_argument("--key", default=None, metavar="KEY.csv",
                        help="the key file written by 'honorifics annotate export' (default: "
                             "SHEET.key.csv beside each sheet)")
    parser.add_argument("--out", default=None, metavar="JSON",
                        help="write the agreement report as JSON here (default: print it on stdout)")
    add_quiet(parser)


IMPORT_DESCRIPTION = ("Read filled annotation sheets, join the key file back: Cohen's and Fleiss' kappa, "
                      "binary-decomposed kappa, automatic vs human-majority tiers, accepted rating ranges "
                      "(mean ± 0.674·sd). Every bad cell is listed.")


@command("import-annotation", IMPORT_DESCRIPTION, _import_options)
def import_annotation_main(args: argparse.Namespace) -> int:
    """``honorifics annotate import sheet.csv [more.csv …] [--key sheet.key.csv] [--out agreement.json]``."""
    from .annotation import AnnotationError, agreement_report, read_sheets
    input_files(args.sheets, "sheet")
    if args.key:
        input_file(args.key, "--key")
    out = output_file(args.out) if args.out else None
    try:
        annotations = read_sheets(args.sheets, key=args.key)
    except AnnotationError as error:
        raise UsageError(str(error)) from None
    if not annotations:
        raise UsageError("no rated rows in the sheet(s)")
    report = agreement_report(annotations)
    text = json.dumps(report, ensure_ascii=False, indent=2)
    if out:
        out.write_text(text + "\n", encoding="utf-8")
    tier = report["kappa"]["tier"]
    auto = report["automatic_vs_majority"]["agreement"]
    say(args, f"{report['n_items']} items, {len(report['annotators'])} annotators; tier κ (mean Cohen) "
              f"{_fmt(tier['mean_cohen'])}, Fleiss {_fmt(tier['fleiss'])}; automatic = human majority "
              f"{auto['successes']}/{auto['n']}")
    if not out:
        print(text)
    return 0


def _fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"
