"""Reproduce the shipped tier classifier (models/tier-classifier) and its evaluation.

    python benchmarks/classifier_shipped_model.py            # ~10-20 min on 2 CPU cores

Steps (each is also a console command, shown as it runs):
1. build-training-corpus over the redistributable data in data/ (CoCoA-MT,
   UD Bengali-BRU: gold tiers; TyDiP, Bengali literature: silver labels from the
   rule engine) plus the sentences written for the project, with the deciding
   evidence masked and a grouped train/dev/test split. dev_dialogues.jsonl is
   NOT used: it is the analyzer's evaluation set.
2. train-tier-classifier: small BERT from config, locally trained tokenizer.
3. evaluate-tier-classifier on the held-out test split, with the character
   n-gram logistic-regression baseline trained on the same train split; the
   figures go into the model card and benchmarks/results/classifier_eval.json.
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
                        help="corpus directory (default: build/classifier)")
    parser.add_argument("--out", type=Path, default=REPO / "models" / "tier-classifier")
    parser.add_argument("--epochs", type=int, default=30)
    args = parser.parse_args()

    from honorifics.classifiers.cli import build_corpus_main, evaluate_main, train_main

    corpus = args.work / "corpus"
    run("build-training-corpus", build_corpus_main,
        [str(path.relative_to(REPO)) for path in SOURCES]
        + ["--out", str(corpus), "--group-fields", "pair_key,group,section,id", "--seed", "13"])
    run("train-tier-classifier", train_main,
        ["--train", str(corpus / "train.jsonl"), "--dev", str(corpus / "dev.jsonl"),
         "--out", str(args.out), "--seed", "13", "--epochs", str(args.epochs),
         "--hidden-size", "128", "--layers", "2", "--heads", "4", "--intermediate-size", "256",
         "--vocab-size", "4000", "--max-length", "96", "--command-note", COMMAND])
    results = REPO / "benchmarks" / "results"
    results.mkdir(parents=True, exist_ok=True)
    run("evaluate-tier-classifier", evaluate_main,
        ["--model", str(args.out), "--test", str(corpus / "test.jsonl"),
         "--train", str(corpus / "train.jsonl"), "--out", str(results / "classifier_eval.json"),
         "--update-card"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
