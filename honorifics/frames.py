"""pandas DataFrames of analysis results, for researchers who work in notebooks.

>>> import honorifics
>>> records = honorifics.analyze_records([{"text": "आप यहाँ बैठो।", "language": "hi", "model": "m1"}])
>>> frame = honorifics.speakers_frame(records)
>>> frame[["speaker", "tier", "agreement_errors", "model"]].to_dict("records")
[{'speaker': 'speaker', 'tier': 'formal', 'agreement_errors': 1, 'model': 'm1'}]
"""
from __future__ import annotations

from typing import Any, Iterable

from .model import RecordAnalysis


def _as_dict(record: RecordAnalysis | dict[str, Any]) -> dict[str, Any]:
    return record.to_dict() if isinstance(record, RecordAnalysis) else record


def speakers_frame(records: Iterable[RecordAnalysis | dict[str, Any]]):
    """One row per (record, speaker): tier, consistency, correctness, carried fields."""
    import pandas as pd
    rows = []
    for record in map(_as_dict, records):
        if record.get("status") != "ok":
            continue
        base = {"id": record["id"], "language": record["language"], "task": record["task"],
                "scenario_id": record.get("scenario_id"), **record.get("meta", {})}
        for name, speaker in record["speakers"].items():
            expected = speaker.get("expected")
            rows.append({**base, "speaker": name, "addressee": speaker.get("addressee"),
                         "tier": speaker["tier"], "consistent": speaker["consistent"],
                         "turns": speaker["turns"], "evidence_count": speaker.get("evidence_count", 0),
                         "agreement_errors": speaker.get("agreement_errors", 0),
                         "expected": ",".join(expected) if expected else None,
                         "correct": speaker.get("correct"),
                         "error_direction": speaker.get("error_direction")})
    return pd.DataFrame(rows)


def turns_frame(records: Iterable[RecordAnalysis | dict[str, Any]]):
    """One row per turn: speaker, addressee, kind, tier, evidence words, agreement errors."""
    import pandas as pd
    rows = []
    for record in map(_as_dict, records):
        if record.get("status") != "ok":
            continue
        for turn in record["turns"]:
            rows.append({"id": record["id"], "index": turn["index"], "speaker": turn["speaker"],
                         "addressee": turn["addressee"], "kind": turn["kind"], "tier": turn["tier"],
                         "text": turn["text"], "evidence": [e["text"] for e in turn["evidence"]],
                         "agreement_errors": sum(1 for p in turn["agreement"] if not p["ok"]),
                         **record.get("meta", {})})
    return pd.DataFrame(rows)
