"""Per-speaker accuracy of the analyzer with and without the tier-classifier fallback.

    python benchmarks/classifier_fallback_accuracy.py [--model DIR]

On data/dev_dialogues.jsonl (gold tier per speaker) and the CoCoA-MT lines
(one speaker each; aap → formal, tum → familiar, none → none). The fallback
must never lower accuracy: it only speaks for speakers without rule evidence
and abstains below its threshold. Prints both figures and every speaker whose
verdict the fallback changed.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from honorifics.pipeline import Analyzer
from honorifics.tiers import TierError, parse_tier

REPO = Path(__file__).resolve().parents[1]


def gold_speakers(record: dict) -> dict[str, str]:
    """Gold tier per speaker: dev dialogues' ``gold.per_speaker``, or a CoCoA line's tier."""
    if "gold" in record:
        return {name: parse_tier(item["tier"]) for name, item in record["gold"]["per_speaker"].items()}
    try:
        return {"speaker": parse_tier(record["tier"])}
    except TierError:
        return {}


def speaker_tiers(analyzer: Analyzer, record: dict) -> dict[str, str]:
    item = {key: record[key] for key in ("text", "language", "speakers") if key in record}
    result = analyzer.analyze_object(item, 1)
    return {name: speaker.tier for name, speaker in result.speakers.items()}


def score(path: Path, model: str | None, threshold: float | None = None) -> dict:
    from honorifics.classifiers.fallback import load_fallback

    records = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    fallback, message = load_fallback(model, threshold=threshold)
    if fallback is None:
        raise SystemExit(message)
    rules = Analyzer(use_classifier=False)
    with_fallback = Analyzer(classifier=fallback)
    totals = {"speakers": 0, "rules": 0, "with_fallback": 0, "changed": []}
    for record in records:
        gold = gold_speakers(record)
        if not gold or parse_tier(record.get("tier", "none")) == "mixed":
            continue
        plain, helped = speaker_tiers(rules, record), speaker_tiers(with_fallback, record)
        for name, tier in gold.items():
            totals["speakers"] += 1
            totals["rules"] += plain.get(name) == tier
            totals["with_fallback"] += helped.get(name) == tier
            if plain.get(name) != helped.get(name):
                totals["changed"].append({"id": record.get("id"), "speaker": name, "gold": tier,
                                          "rules": plain.get(name), "fallback": helped.get(name)})
    return totals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", help="model directory (default: the shipped model)")
    parser.add_argument("--threshold", type=float,
                        help="abstention threshold (default: the one recorded with the model)")
    args = parser.parse_args()
    for name in ("dev_dialogues.jsonl", "cocoa_mt_hi_train.jsonl"):
        totals = score(REPO / "data" / name, args.model, args.threshold)
        n = totals["speakers"]
        print(f"{name}: {n} speakers; rules only {totals['rules'] / n:.3f}; "
              f"with fallback {totals['with_fallback'] / n:.3f}; changed {len(totals['changed'])}")
        for change in totals["changed"]:
            print("   ", json.dumps(change, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
