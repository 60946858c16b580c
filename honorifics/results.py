"""Reading ``analysis.jsonl`` back: the one reader every later step uses.

The report, the metrics, the annotation sheets and the alignment commands all
read the file ``analyze-generations`` wrote. They read it here, so a wrong
file (the generations ``outputs.jsonl`` instead of their analysis) is said
once, clearly, instead of giving "0 records" somewhere downstream.

>>> looks_like_analysis([{"id": "a", "line": 1, "status": "ok", "speakers": {}}])
True
>>> looks_like_analysis([{"id": "a", "text": "तुम कहाँ हो?"}])
False
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Sequence

from .io import TEXT_FIELDS, iter_json_objects

STATUSES = ("ok", "error")


class NotAnalysisError(ValueError):
    """The file read is not an ``analysis.jsonl``; the message says what it looks like."""


def looks_like_analysis(records: Iterable[dict[str, Any]]) -> bool:
    """True when at least one record carries the ``status`` every analysis line has."""
    return any(isinstance(r, dict) and r.get("status") in STATUSES and "line" in r for r in records)


def read_analysis(path: str | Path, *, check: bool = True) -> tuple[list[dict[str, Any]], int]:
    """Read ``analysis.jsonl``; a line that is not a JSON object becomes an error record.

    Returns the records and the number of such broken lines. With ``check``, a
    file with lines but none of them an analysis record raises
    :class:`NotAnalysisError` saying what was expected.
    """
    records, broken = [], 0
    for number, record, problem in iter_json_objects(path):
        if problem:
            record = {"id": number, "line": number, "status": "error",
                      "error": f"analysis line is {problem}"}
            broken += 1
        records.append(record)
    if check and records and not looks_like_analysis(records):
        raise NotAnalysisError(_what_it_is(path, records))
    return records, broken


def _what_it_is(path: str | Path, records: Sequence[dict[str, Any]]) -> str:
    first = next((r for r in records if isinstance(r, dict) and "status" not in r), {})
    if any(name in first for name in (*TEXT_FIELDS, "messages")):
        return (f"{path} holds generations, not an analysis: expected the analysis.jsonl written by "
                f"'honorifics analyze {path} --out DIR' (lines with id, line, status, speakers)")
    return (f"{path} is not an analysis.jsonl: no line has the 'status' and 'line' fields "
            "that 'honorifics analyze' writes")


def record_fields(records: Iterable[dict[str, Any]]) -> set[str]:
    """Every field a group-by can name in these records: top level, meta, scenario variables.

    >>> sorted(record_fields([{"id": "a", "status": "ok", "meta": {"model": "m"},
    ...                        "scenario": {"variables": {"setting": "home"}}}]))
    ['id', 'model', 'setting', 'status']
    """
    fields: set[str] = set()
    for record in records:
        if not isinstance(record, dict):
            continue
        fields.update(k for k in record if k not in {"meta", "scenario", "speakers", "turns"})
        fields.update(record.get("meta") or {})
        scenario = record.get("scenario") or {}
        fields.update(scenario.get("variables") or {})
        fields.update(k for k in scenario if k != "variables")
    return fields


def missing_fields(records: Sequence[dict[str, Any]], names: Sequence[str]) -> list[str]:
    """The names among ``names`` that no ok record has a value for (typos in ``--group-by``)."""
    from .metrics import field_value
    ok = [r for r in records if isinstance(r, dict) and r.get("status") == "ok"]
    return [name for name in names if all(field_value(r, name) is None for r in ok)]
