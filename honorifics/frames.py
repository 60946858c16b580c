"""pandas DataFrames of analysis results, for researchers who work in notebooks.

>>> import honorifics
>>> records = honorifics.analyze_records([{"text": "आप यहाँ बैठो।", "language": "hi", "model": "m1"}])
>>> frame = honorifics.speakers_frame(records)
>>> frame[["speaker", "tier", "agreement_errors", "model"]].to_dict("records")
[{'speaker': 'speaker', 'tier': 'formal', 'agreement_errors': 1, 'model': 'm1'}]
"""
from __future__ import annotations

from typing import Any, Iterable

from .records import RecordAnalysis
from .results import join_tiers, ok_records, record_speaker_rows


def _as_dict(record: RecordAnalysis | dict[str, Any]) -> dict[str, Any]:
    return record.to_dict() if isinstance(record, RecordAnalysis) else record


def speakers_frame(records: Iterable[RecordAnalysis | dict[str, Any]]):
    """One row per (record, speaker): tier, consistency, correctness, carried fields."""
    import pandas as pd
    rows = []
    for record in ok_records(map(_as_dict, records)):
        for row in record_speaker_rows(record):
            rows.append({"id": row.record_id, "language": row.language, "task": row.task,
                         "scenario_id": row.scenario_id, **row.meta, "speaker": row.speaker,
                         "addressee": row.addressee, "tier": row.tier, "consistent": row.consistent,
                         "turns": row.turns, "evidence_count": row.evidence_count,
                         "agreement_errors": row.agreement_errors, "expected": join_tiers(row.expected),
                         "correct": row.correct, "error_direction": row.error_direction})
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
