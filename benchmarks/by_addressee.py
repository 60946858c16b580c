"""Speakers with two addressees whose ``by_addressee`` is exactly right, a measure stricter than
probe_dev's scorer (which counts a speaker right when the output gives no ``by_addressee`` and the
main tier matches).

    python benchmarks/by_addressee.py ../shared/data/probe_dev.jsonl tests/data/blind/r54_*.jsonl

A gold speaker with a ``by_addressee`` counts right when the analysis gives the same main tier
and a ``by_addressee`` holding every gold addressee at its tier (names matched as the scorer
matches them: markup, quotes and anything in parentheses removed). Rule path, no classifier.
"""
from __future__ import annotations

import argparse
import json
import re

from honorifics.pipeline import Analyzer


def _name(name: str | None) -> str:
    name = re.sub(r"[*_\"“”'`]", "", name or "")
    name = re.sub(r"\(.*?\)", "", name)
    return re.sub(r"\s+", " ", name).strip().rstrip(":").strip()


def count(path: str, analyzer: Analyzer) -> tuple[int, int]:
    right = total = 0
    for line in open(path, encoding="utf-8"):
        if not line.strip():
            continue
        record = json.loads(line)
        result = analyzer.analyze_object({k: record.get(k) for k in ("id", "text", "language", "task", "speakers")})
        produced = {_name(name): speaker for name, speaker in result.speakers.items()}
        for name, gold in record["gold"]["per_speaker"].items():
            if not gold.get("by_addressee"):
                continue
            total += 1
            speaker = produced.get(_name(name))
            given = {_name(k): v for k, v in ((speaker.by_addressee or {}) if speaker else {}).items()}
            right += speaker is not None and speaker.tier == gold["tier"] \
                and all(given.get(_name(k)) == tier for k, tier in gold["by_addressee"].items())
    return right, total


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    analyzer = Analyzer(use_classifier=False)
    all_right = all_total = 0
    for path in args.files:
        right, total = count(path, analyzer)
        all_right, all_total = all_right + right, all_total + total
        print(f"{path}: {right}/{total}")
    if len(args.files) > 1:
        print(f"all: {all_right}/{all_total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
