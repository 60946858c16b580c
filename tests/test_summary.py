"""summary.json counts: merged from parts exactly as counted in one pass."""
import ast
from pathlib import Path

from honorifics.pipeline import Analyzer
from honorifics.summary import _STATE_FIELDS, SummaryAccumulator


def test_state_fields_are_the_counts_init_sets():
    """merge and to_state name the counts (a compiled object has no vars()): a count
    added to __init__ and not to _STATE_FIELDS would be silently dropped by workers."""
    source = (Path(__file__).resolve().parent.parent / "honorifics" / "summary.py").read_text("utf-8")
    init = next(node for node in ast.walk(ast.parse(source))
                if isinstance(node, ast.FunctionDef) and node.name == "__init__")
    assigned = [target.attr for node in ast.walk(init) if isinstance(node, (ast.Assign, ast.AnnAssign))
                for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                if isinstance(target, ast.Attribute)]
    assert sorted(assigned) == sorted([*_STATE_FIELDS, "_hash"])


def test_parts_merge_to_the_summary_of_one_pass(repo_root):
    lines = (repo_root / "data" / "dev_dialogues.jsonl").read_bytes().splitlines()
    lines += [b'{"id": "bad", "text": 5}', b'{"id": "empty", "text": " "}']
    analyzer = Analyzer()
    records = [analyzer.analyze_line(line, number).to_dict() for number, line in enumerate(lines, start=1)]
    whole = SummaryAccumulator()
    first, second = SummaryAccumulator(), SummaryAccumulator()
    for number, record in enumerate(records):
        whole.add(record)
        (first if number < 25 else second).add(record)
    merged = SummaryAccumulator()
    merged.merge(first)
    merged.merge(second)
    shipped = SummaryAccumulator()
    for part in (first, second):
        shipped.merge(SummaryAccumulator.from_state(part.to_state()))
    assert whole.to_dict()["records"] == {"total": 60, "ok": 58, "error": 2}
    assert merged.to_dict() == whole.to_dict() == shipped.to_dict()
