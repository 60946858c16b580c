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


def _record(tier, speakers, refusal=False, avoidance=False):
    return {"status": "ok", "language": "hi", "task": "dct", "script": "native", "tier": tier,
            "refusal": refusal, "avoidance": avoidance, "speakers": speakers}


def _speaker(tier, turns, expected=None, correct=None):
    out = {"tier": tier, "consistent": tier != "mixed", "turns": turns}
    if expected:
        out.update(expected=expected, correct=correct)
    return out


def test_listed_parties_who_never_speak_are_not_in_the_speaker_distribution():
    """A DCT addressee listed in the input has turns 0 and tier none: left out of the
    distribution (it inflated 'none': 17 of the example's 20), counted as silent."""
    summary = SummaryAccumulator()
    summary.add(_record("formal", {"अंकित": _speaker("formal", 1, ["formal"], True),
                                   "प्रोफ़ेसर वर्मा": _speaker("none", 0)}))
    summary.add(_record("none", {"नया कर्मचारी": _speaker("none", 1, ["formal"], False),
                                 "एचआर मैनेजर": _speaker("none", 0)}, avoidance=True))
    out = summary.to_dict()
    assert out["tier_distribution"]["speakers"] == {"intimate": 0, "familiar": 0, "formal": 1, "mixed": 0,
                                                    "none": 1}
    assert out["tier_distribution"]["left_out"]["silent_speakers"] == 2
    assert out["consistency"]["speakers"] == 4


def test_a_refused_record_is_its_own_outcome_not_a_tier_avoidance_or_wrong_answer():
    summary = SummaryAccumulator()
    summary.add(_record("formal", {"रवि": _speaker("formal", 1, ["formal"], True)}))
    # wholly out of character: tier none, refusal true; the listed speaker is silent and expected formal
    summary.add(_record("none", {"सोनिया": _speaker("none", 0, ["formal"], False),
                                 "सास": _speaker("none", 0)}, refusal=True, avoidance=True))
    # a refusal next to in-character text keeps its tier and is judged
    summary.add(_record("familiar", {"माँ": _speaker("familiar", 1, ["intimate"], False)}, refusal=True))
    out = summary.to_dict()
    assert out["tier_distribution"]["records"] == {"intimate": 0, "familiar": 1, "formal": 1, "mixed": 0,
                                                   "none": 0}
    assert out["tier_distribution"]["left_out"] == {"refused_records": 1, "silent_speakers": 0,
                                                    "speakers_of_refused_records": 2}
    assert sum(out["tier_distribution"]["speakers"].values()) == 2
    accuracy = out["accuracy"]
    assert (accuracy["speakers_with_expectations"], accuracy["correct"], accuracy["refused"]) == (2, 1, 1)
    assert accuracy["accuracy"] == 0.5 and accuracy["refusal_rate"] == round(1 / 3, 6)
    assert out["avoidance"] == {**out["avoidance"], "records": 0, "rate": 0.0}
    assert (out["refusal"]["records"], out["refusal"]["refused"]) == (2, 1)
    assert out["refusal"]["refused_rate"] == round(1 / 3, 6)
    # the new counts travel through to_state / merge like the others
    shipped = SummaryAccumulator()
    shipped.merge(SummaryAccumulator.from_state(summary.to_state()))
    assert shipped.to_dict() == out
