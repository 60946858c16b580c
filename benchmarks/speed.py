"""Throughput and peak memory of analyze-generations on a mixed input.

    python benchmarks/speed.py                      # 20,000 records, 1 worker
    python benchmarks/speed.py --records 40000 --workers 2
    python benchmarks/speed.py --fresh              # unseen words in every record
    python benchmarks/speed.py --lengths            # ns/character of one utterance of 3k, 100k, 400k characters

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

``--lengths`` times one utterance (one paragraph, no speaker labels) of 3k,
100k and 400k characters, made of a block of about 3,000 characters of real
speech repeated (Hindi: CoCoA-MT lines with 2nd-person forms, a generic-you
sentence and an out-of-character trigger; Bangla: literature dialogue), so
every length has the same content: cost linear in the length gives the same
ns/character at every length. It times stories too: a block of story passages (narration, frames,
beats and quotes; native and romanized Hindi and Bangla, from spent blind sets of rounds 75 and 77)
repeated the same way, with ``task: continuation``, as a long generated story is read.
``--max-chars`` is raised to the largest length.
It runs the compiled rule path and the pure-Python one (``HONORIFICS_PURE_PYTHON=1``),
each in a child process timing CPU (best of three) with the garbage collector
set as the CLI sets it, and says whether their outputs are byte-identical at
every length.
"""
from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from honorifics.scripts import BENGALI, DEVANAGARI, LATIN, NATIVE_WORD_CHARACTERS, class_body

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


_WORD = re.compile(f"[{class_body((*LATIN.digits, *LATIN.detection))}{NATIVE_WORD_CHARACTERS}]{{4,}}")
# letters inserted into words: consonants of each script, so the word stays well formed
_LETTERS = {"deva": "कखगचजटडतदनपबमरलसह", "beng": "কখগচজটডতদনপবমরলসহ", "latn": "bcdfghklmnprst"}


def _script_of(word: str) -> str:
    for script in (DEVANAGARI, BENGALI):
        low, high = script.block
        if any(low <= ord(c) <= high for c in word):
            return script.code
    return LATIN.code


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


# --- one long utterance ------------------------------------------------------------

LENGTHS = (3_000, 100_000, 400_000)
BLOCK_CHARS = 3_000
#: Hindi: an offer to the user (an out-of-character trigger that opens no span) and a generic "you"
_HINDI_EXTRA = ("चाहें तो मैं आगे भी लिख दूँ।", "इस मंदिर में आपको जूते बाहर उतारने पड़ते हैं।")


def length_block(language: str) -> str:
    """About BLOCK_CHARS characters of one paragraph of real speech in a language: sentences
    with 2nd-person forms and no out-of-character cue of their own (a cue could make the
    paragraph a refusal), for Hindi with the two sentences of _HINDI_EXTRA."""
    from honorifics.extraction.out_of_character import load_cues

    cues = load_cues(language)
    if language == "hi":
        lines = [json.loads(line) for line in open(DATA / "cocoa_mt_hi_train.jsonl", encoding="utf-8")]
        texts = [item["text"].strip() for item in lines if item["tier"] != "none"][::2]
        texts = [t if t[-1] in "।?!." else t + "।" for t in texts]
        extra = list(_HINDI_EXTRA)
    else:
        lines = [json.loads(line) for line in open(DATA / "bn_literature_dialogue.jsonl", encoding="utf-8")]
        texts = [item["text"].strip() for item in lines]
        extra = []
    sentences = [t for t in texts if "\n" not in t and not any(q in t for q in "\"“”«'‘") and not cues.found(t)]
    block = [extra.pop(0)] if extra else []
    size = sum(len(s) + 1 for s in block)
    for sentence in sentences:
        if size >= BLOCK_CHARS:
            break
        block.append(sentence)
        size += len(sentence) + 1
        if extra and size >= BLOCK_CHARS // 2:
            block.append(extra.pop(0))
            size += len(block[-1]) + 1
    return " ".join(block) + " "


#: spent blind sets of story passages (their first runs are recorded in docs/accuracy.md)
STORY_SETS = ("r75_named_once.jsonl", "r77_story_openings.jsonl")


def story_block(language: str, script: str) -> str:
    """About BLOCK_CHARS characters of story passages in one language and script (native or
    roman), paragraphs in a row."""
    blind = Path(__file__).resolve().parent.parent / "tests" / "data" / "blind"
    block, size = [], 0
    for name in STORY_SETS:
        for line in open(blind / name, encoding="utf-8"):
            record = json.loads(line)
            if record["language"] == language and record["script"] == script and size < BLOCK_CHARS:
                block.append(record["text"].strip())
                size += len(block[-1]) + 2
    return "\n\n".join(block) + "\n\n"


def length_utterance(block: str, length: int) -> str:
    """The block repeated to about ``length`` characters (whole copies: the same content mix)."""
    return block * max(1, round(length / len(block)))


def _cpu_per_run(analyze, line: str, min_seconds: float = 0.3, trials: int = 3) -> float:
    """CPU seconds of one analysis of the line, best of ``trials`` (each runs it until
    ``min_seconds`` of CPU have passed)."""
    best = float("inf")
    for _ in range(trials):
        runs, start = 0, time.process_time()
        while True:
            analyze(line, 1)
            runs += 1
            spent = time.process_time() - start
            if spent >= min_seconds:
                break
        best = min(best, spent / runs)
    return best


def measure_lengths(lengths, max_chars: int) -> dict:
    """ns/character of one utterance per language and length, on the rule path this process
    runs, and a digest of each output record. The process collects garbage as the CLI's
    analysing processes do (engine.worker.tune_gc)."""
    from honorifics._accel import implementation
    from honorifics.engine.worker import tune_gc
    from honorifics.pipeline import Analyzer

    analyzer = Analyzer(max_chars=max_chars)
    tune_gc()
    report: dict = {"rule_path": implementation(), "languages": {}}
    texts = [(language, language, length_block(language), "dct") for language in ("hi", "bn")]
    texts += [(f"{language}-story-{script}", language, story_block(language, script), "continuation")
              for language in ("hi", "bn") for script in ("native", "roman")]
    for name, language, block, task in texts:
        rows = report["languages"][name] = {}
        for length in lengths:
            text = length_utterance(block, length)
            line = json.dumps({"id": f"{name}-{length}", "text": text, "language": language, "task": task},
                              ensure_ascii=False)
            result = analyzer.analyze_line(line, 1)   # also the warm-up
            if result.status != "ok":
                raise SystemExit(f"{language} {length}: {result.error}")
            output = json.dumps(result.to_dict(), ensure_ascii=False).encode("utf-8")
            seconds = _cpu_per_run(analyzer.analyze_line, line)
            rows[str(length)] = {"characters": len(text), "ns_per_character": round(seconds * 1e9 / len(text), 1),
                                 "evidence": sum(len(t.evidence) for t in result.turns),
                                 "output_sha256": hashlib.sha256(output).hexdigest()}
        ns = [row["ns_per_character"] for row in rows.values()]
        rows["largest_over_smallest"] = round(ns[-1] / ns[0], 3)
    return report


def run_lengths(lengths, max_chars: int) -> dict:
    """measure_lengths on the compiled rule path and on the pure-Python one, each in a child
    process, and whether their outputs are byte-identical."""
    report: dict = {"lengths": list(lengths), "max_chars": max_chars, "paths": {}}
    for path, pure in (("compiled", "0"), ("pure", "1")):
        command = [sys.executable, __file__, "--lengths", ",".join(map(str, lengths)), "--max-chars", str(max_chars),
                   "--lengths-child"]
        child = subprocess.run(command, check=True, capture_output=True, text=True,
                               env={**os.environ, "HONORIFICS_PURE_PYTHON": pure})
        report["paths"][path] = json.loads(child.stdout)
    compiled, pure_path = (report["paths"][p]["languages"] for p in ("compiled", "pure"))
    report["outputs_identical"] = all(compiled[lang][str(n)]["output_sha256"] == pure_path[lang][str(n)]["output_sha256"]
                                      for lang in compiled for n in lengths)
    report["within_1_5x"] = all(rows["largest_over_smallest"] <= 1.5
                                for path in report["paths"].values() for rows in path["languages"].values())
    return report


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--fresh", action="store_true", help="perturb words so most are unseen (cold caches)")
    parser.add_argument("--lengths", nargs="?", const=",".join(map(str, LENGTHS)), default=None, metavar="N,N,...",
                        help="ns/character of one utterance of these lengths, on both rule paths "
                             f"(default: {','.join(map(str, LENGTHS))})")
    parser.add_argument("--max-chars", type=int, default=None,
                        help="the analyzer's limit for --lengths (default: the largest length)")
    parser.add_argument("--lengths-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.lengths is not None:
        lengths = sorted(int(n) for n in args.lengths.split(","))
        max_chars = args.max_chars or max(lengths) + BLOCK_CHARS
        report = measure_lengths(lengths, max_chars) if args.lengths_child else run_lengths(lengths, max_chars)
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
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
