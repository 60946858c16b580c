"""The benchmark scripts refuse what they cannot measure, in one line (not a silent wrong count)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))


def test_instructions_against_a_folder_with_no_checkout_is_a_usage_error(tmp_path):
    import instructions
    # a folder with no checkout would measure the installed package again, as if it were the other checkout
    assert not instructions.is_checkout(tmp_path)
    result = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "instructions.py"), "--against", str(tmp_path)],
                            capture_output=True, text=True)
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "no checkout" in result.stderr
    # control: this repository is a checkout
    assert instructions.is_checkout(ROOT)
