"""Write golden.json: a hash of every analysis line the rule path gives for the
bundled corpora, so a speed change can be checked to leave output byte-identical.

    PYTHONPATH=. python tests/data/golden/make_golden.py

Run it only when the analysis is MEANT to change (a lexicon or rule fix), and
say so in the commit; ``tests/test_core_identical_output.py`` reads the file.
"""
from __future__ import annotations

import hashlib
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
#: bundled inputs (paths relative to the repository root)
CORPORA = ["examples/outputs.jsonl", "tests/data/real_llm/real_llm_dev.jsonl",
           "data/dev_dialogues.jsonl", "data/cocoa_mt_hi_train.jsonl", "data/ud_bengali_bru_2p.jsonl",
           "data/tydip_hi_requests.jsonl", "data/bn_literature_dialogue.jsonl"]
FRESH = "fresh"          # benchmarks/speed.py --fresh records 885..2399 (unseen words)
FRESH_RANGE = (885, 2400)


def fresh_lines() -> list[bytes]:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import speed
    records = list(speed.input_records(FRESH_RANGE[1], fresh=True))[FRESH_RANGE[0]:]
    return [json.dumps(r, ensure_ascii=False).encode() + b"\n" for r in records]


def input_bytes(name: str) -> bytes:
    return b"".join(fresh_lines()) if name == FRESH else (ROOT / name).read_bytes()


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def analyse(name: str, workers: int = 1) -> tuple[list[str], str]:
    """(hash of each analysis line, hash of summary.json without the input path)."""
    from honorifics.cli import analyze_generations_main
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "in.jsonl"
        source.write_bytes(input_bytes(name))
        analyze_generations_main([str(source), "--out", f"{tmp}/out", "--quiet", "--no-classifier",
                                  "--workers", str(workers)])
        lines = (Path(tmp) / "out" / "analysis.jsonl").read_bytes().splitlines()
        summary = json.loads((Path(tmp) / "out" / "summary.json").read_text("utf-8"))
    summary["input"].pop("path")
    return [digest(line) for line in lines], digest(json.dumps(summary, sort_keys=True).encode())


def main() -> int:
    golden = {}
    for name in [*CORPORA, FRESH]:
        lines, summary = analyse(name)
        golden[name] = {"lines": lines, "summary": summary}
    (HERE / "golden.json").write_text(json.dumps(golden, indent=0) + "\n", "utf-8")
    print(f"wrote {HERE / 'golden.json'}: {sum(len(g['lines']) for g in golden.values())} lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
