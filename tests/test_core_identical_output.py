"""Speed work must not change a byte of the analysis.

``tests/data/golden/golden.json`` holds a hash of every ``analysis.jsonl``
line (and of ``summary.json``) that the rule path gave for the bundled
corpora and for 1,515 records with unseen words (``benchmarks/speed.py
--fresh``), generated BEFORE the candidate pre-filter and the lazy record
building. A linguistic fix that is meant to change output regenerates it
with ``tests/data/golden/make_golden.py`` (and says so in its commit).
"""
import importlib.util
import json
from pathlib import Path

import pytest

GOLDEN_DIR = Path(__file__).resolve().parent / "data" / "golden"
spec = importlib.util.spec_from_file_location("make_golden", GOLDEN_DIR / "make_golden.py")
make_golden = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_golden)
GOLDEN = json.loads((GOLDEN_DIR / "golden.json").read_text("utf-8"))


def _first_difference(expected: list[str], got: list[str]) -> str:
    for number, (a, b) in enumerate(zip(expected, got), start=1):
        if a != b:
            return f"line {number} differs"
    return f"{len(expected)} lines expected, {len(got)} written"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_analysis_is_byte_identical_to_the_golden_output(name):
    lines, summary = make_golden.analyse(name)
    assert lines == GOLDEN[name]["lines"], f"{name}: {_first_difference(GOLDEN[name]['lines'], lines)}"
    assert summary == GOLDEN[name]["summary"]


def test_two_workers_write_the_same_bytes_as_one():
    lines, summary = make_golden.analyse(make_golden.FRESH, workers=2)
    assert lines == GOLDEN[make_golden.FRESH]["lines"]
    assert summary == GOLDEN[make_golden.FRESH]["summary"]
