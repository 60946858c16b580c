"""Throughput and peak memory of analyze-generations on a mixed input.

    python benchmarks/speed.py                      # 20,000 records, 1 worker
    python benchmarks/speed.py --records 40000 --workers 2
    python benchmarks/speed.py --fresh              # unseen words in every record

Builds the input by cycling real texts (dev dialogues in Hindi, Bangla and
romanized; CoCoA-MT Hindi lines; UD Bengali sentences), each with a fresh id,
then runs the CLI in a child process (rules only, as the speed target is
stated for the rule path) and reads its peak resident memory.
A bare regex pass over the same texts is timed for comparison. The report
names the rule path the CLI ran: the mypyc-compiled modules or pure Python
(``HONORIFICS_PURE_PYTHON=1`` forces the latter; see honorifics/_accel.py).

The cycled texts repeat every 885 records, so per-word caches are warm after
the first cycle. ``--fresh`` perturbs words in every copy (a letter inserted
inside, seeded) so that most longer words are unseen: the cost of new
vocabulary, as in a corpus of millions of distinct generations.
"""
from __future__ import annotations

import argparse
import itertools
import json
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"


def source_records() -> list[dict]:
    records = []
    for line in open(DATA / "dev_dialogues.jsonl", encoding="utf-8"):
        item = json.loads(line)
        records.append({k: item[k] for k in ("text", "language", "task", "speakers")})
    for line in open(DATA / "cocoa_mt_hi_train.jsonl", encoding="utf-8"):
        records.append({"text": json.loads(line)["text"], "language": "hi", "task": "dct"})
    for line in open(DATA / "ud_bengali_bru_2p.jsonl", encoding="utf-8"):
        records.append({"text": json.loads(line)["text"], "language": "bn", "task": "dct"})
    return records


_WORD = re.compile("[0-9A-Za-z\u0900-\u0963\u0966-\u097f\u0980-\u09ff]{4,}")
# letters inserted into words: consonants of each script, so the word stays well formed
_LETTERS = {"deva": "कखगचजटडतदनपबमरलसह", "beng": "কখগচজটডতদনপবমরলসহ", "latn": "bcdfghklmnprst"}


def _script_of(word: str) -> str:
    if any("\u0900" <= c <= "\u097f" for c in word):
        return "deva"
    if any("\u0980" <= c <= "\u09ff" for c in word):
        return "beng"
    return "latn"


def perturb(text: str, rng: random.Random) -> str:
    """Insert one consonant after the first letter of about half the words of
    four or more letters (a new word, same script; pronouns like आप, তুমি stay)."""
    def change(match: re.Match) -> str:
        word = match.group()
        if rng.random() < 0.5:
            return word
        return word[:1] + rng.choice(_LETTERS[_script_of(word)]) + word[1:]
    return _WORD.sub(change, text)


def input_records(count: int, fresh: bool = False, seed: int = 13):
    """``count`` benchmark records; with ``fresh``, each copy of a text has new words."""
    rng = random.Random(seed)
    sources = source_records()
    for number, record in zip(range(count), itertools.cycle(sources)):
        if fresh and number >= len(sources):   # the first cycle is the original texts
            record = {**record, "text": perturb(record["text"], rng)}
        yield {"id": f"r{number}", "model": f"m{number % 3}", **record}


def build_input(path: Path, count: int, fresh: bool = False) -> int:
    size = 0
    with open(path, "w", encoding="utf-8") as out:
        for record in input_records(count, fresh):
            line = json.dumps(record, ensure_ascii=False)
            size += out.write(line + "\n")
    return size


def regex_baseline(path: Path) -> tuple[float, float]:
    """Records/s of a bare regex pass (JSON decode + one findall): (wall clock, CPU time)."""
    pattern = re.compile(r"आप|तुम|तू|আপনি|তুমি|তুই|\baap\b|\btum\b|\btu\b")
    start, cpu = time.perf_counter(), time.process_time()
    count = 0
    for line in open(path, encoding="utf-8"):
        pattern.findall(json.loads(line)["text"])
        count += 1
    return count / (time.perf_counter() - start), count / (time.process_time() - cpu)


def rule_path() -> str:
    """'compiled (mypyc)' or 'pure Python (why)', as the CLI child sees it."""
    version = subprocess.run([sys.executable, "-m", "honorifics.cli", "--version"], check=True,
                             capture_output=True, text=True).stdout
    return version.split("(rule path: ", 1)[1].rstrip().removesuffix(")")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--fresh", action="store_true", help="perturb words so most are unseen (cold caches)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "in.jsonl"
        size = build_input(source, args.records, args.fresh)
        command = [sys.executable, "-m", "honorifics.cli", str(source), "--out", str(Path(tmp) / "out"),
                   "--quiet", "--no-classifier", "--workers", str(args.workers)]
        start = time.perf_counter()
        subprocess.run(command, check=True)
        elapsed = time.perf_counter() - start
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)   # the CLI and its workers
        peak_kb = usage.ru_maxrss
        cpu = usage.ru_utime + usage.ru_stime
        lines = sum(1 for _ in open(Path(tmp) / "out" / "analysis.jsonl", encoding="utf-8"))
        report = {
            "rule_path": rule_path(),
            "records": args.records, "fresh_vocabulary": args.fresh, "input_mb": round(size / 1e6, 2), "workers": args.workers,
            "seconds": round(elapsed, 2), "records_per_second": round(args.records / elapsed),
            "records_per_second_per_worker": round(args.records / elapsed / args.workers),
            "peak_memory_mb_largest_process": round(peak_kb / 1024, 1), "output_lines": lines,
        }
        regex_wall, regex_cpu = regex_baseline(source)
        rate = args.records / elapsed
        report.update({
            "bare_regex_records_per_second": round(regex_wall),
            "ratio_to_bare_regex": round(rate / args.workers / regex_wall, 3),
            # CPU seconds are steadier than wall time on a shared machine
            "records_per_cpu_second": round(args.records / cpu),
            "bare_regex_records_per_cpu_second": round(regex_cpu),
            "cpu_ratio_to_bare_regex": round(args.records / cpu / regex_cpu, 3),
        })
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
