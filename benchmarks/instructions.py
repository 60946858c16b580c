"""Instructions a record on speed.py's input, counted by valgrind (callgrind): a figure that repeats
where timings scatter (a shared machine), for comparing two checkouts.

    python benchmarks/instructions.py                        # this checkout, 2,000 records
    python benchmarks/instructions.py --against ../base      # and another checkout (built the same way)
    python benchmarks/instructions.py --records 1000 --cache # with callgrind's cache and branch simulation

Each checkout is counted twice in a child process under callgrind: analysing 1,000 warm-up records
alone, then those and ``--records`` more; the difference over ``--records`` is the cost of a warm
record (per-word caches filled, lexicons loaded), as in a long run. Instructions are not seconds:
the same count can take longer when the code's hot part outgrows the instruction cache
(``--cache`` reports those misses). Needs valgrind (Debian: ``apt-get install valgrind``).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
WARM = 1000

#: the child: analyse the warm-up records, then ``count`` more (the checkout first on sys.path)
_CHILD = """
import gc, json, sys
sys.path.insert(0, sys.argv[1])
from honorifics import pipeline
analyzer = pipeline.Analyzer(use_classifier=False)
objects = [json.loads(line) for line in open(sys.argv[2], encoding="utf-8")]
gc.disable()
for item in objects[:int(sys.argv[3])]:
    analyzer.analyze_object(dict(item))
"""

_EVENTS = {"I   refs": "instructions", "I1  misses": "instruction_cache_misses", "D1  misses": "data_cache_misses",
           "Mispredicts": "branch_mispredictions"}


def count(checkout: Path, source: Path, records: int, cache: bool) -> dict:
    """valgrind's totals of a child analysing ``records`` warm-up records of ``source``."""
    with tempfile.TemporaryDirectory() as tmp:
        child = Path(tmp) / "child.py"
        child.write_text(_CHILD, encoding="utf-8")
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out"]
        if cache:
            command += ["--cache-sim=yes", "--branch-sim=yes"]
        command += [sys.executable, str(child), str(checkout), str(source), str(records)]
        result = subprocess.run(command, capture_output=True, text=True, check=True,
                                env={**os.environ, "PYTHONHASHSEED": "0"})
    totals = {}
    for line in result.stderr.splitlines():
        for label, name in _EVENTS.items():
            found = re.search(re.escape(label) + r":\s+([\d,]+)", line)
            if found and name not in totals:
                totals[name] = int(found.group(1).replace(",", ""))
    return totals


def per_record(checkout: Path, source: Path, records: int, cache: bool) -> dict:
    warm = count(checkout, source, WARM, cache)
    total = count(checkout, source, WARM + records, cache)
    return {name: round((total[name] - warm.get(name, 0)) / records) for name in total}


def is_checkout(path: Path) -> bool:
    """Does the folder hold a checkout of honorifics (the package's own folder)?"""
    return (path / "honorifics" / "__init__.py").is_file()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--against", type=Path, help="another checkout to count the same way")
    parser.add_argument("--cache", action="store_true", help="simulate caches and branches (slower)")
    args = parser.parse_args()
    if args.against is not None and not is_checkout(args.against):
        # (sys.path would fall back to the installed package: the count would be this checkout's again)
        print(f"instructions.py: --against {args.against}: no checkout of honorifics there", file=sys.stderr)
        return 2
    if shutil.which("valgrind") is None:
        print("instructions.py: valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    sys.path.insert(0, str(HERE))
    import speed   # noqa: E402 (the benchmark input)
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "in.jsonl"
        speed.build_input(source, WARM + args.records)
        report = {"records": args.records, "warm_up": WARM,
                  "this": per_record(HERE.parent, source, args.records, args.cache)}
        if args.against is not None:
            report["against"] = per_record(args.against.resolve(), source, args.records, args.cache)
            # (above 1: this checkout needs fewer instructions a record)
            report["speed_ratio_by_instructions"] = round(
                report["against"]["instructions"] / report["this"]["instructions"], 3)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
