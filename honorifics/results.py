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

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from .inputs import TEXT_FIELDS, iter_json_objects
from .summary import is_refused, speaks
from .tiers import TIERS, politeness_direction

#: how a list of tiers is written in one CSV cell, everywhere (tables, frames, sheets)
TIER_SEPARATOR = "|"

STATUSES = ("ok", "error")


class NotAnalysisError(ValueError):
    """The file read is not an ``analysis.jsonl``; the message says what it looks like."""


def read_analysis_input(path: str) -> tuple[list[dict[str, Any]], int]:
    """:func:`read_analysis` for a command: a file that is no analysis is a
    :class:`~honorifics.usage.UsageError` saying what it looks like, and lines that were
    not JSON objects are warned about on stderr. The caller checks the path first."""
    import sys

    from .usage import UsageError
    try:
        records, broken = read_analysis(path)
    except NotAnalysisError as error:
        raise UsageError(str(error)) from None
    if broken:
        print(f"warning: {broken} line(s) of {path} are not JSON objects; counted as failed",
              file=sys.stderr)
    return records, broken

def looks_like_analysis(records: Iterable[dict[str, Any]]) -> bool:
    """True when at least one record carries the ``status`` every analysis line has."""
    return any(isinstance(r, dict) and r.get("status") in STATUSES and "line" in r for r in records)


def read_analysis(path: str | Path, *, check: bool = True) -> tuple[list[dict[str, Any]], int]:
    """Read ``analysis.jsonl`` (plain or gzip), or the Parquet parts that ``honorifics
    analyze --engine …`` writes (a ``part-*.parquet`` file or their folder); a line that
    is not a JSON object becomes an error record.

    Returns the records and the number of such broken lines. With ``check``, an
    empty file, a file none of whose lines is a JSON object (a CSV file, a
    pretty-printed JSON file) and a file with lines but none of them an analysis
    record raise :class:`NotAnalysisError` saying what was expected.
    """
    parts = parquet_parts(path)
    if parts:
        records = _read_parquet(parts)
        if check and not records:
            raise NotAnalysisError(f"{path} holds no analysis records (empty Parquet)")
        if check and not looks_like_analysis(records):
            raise NotAnalysisError(_what_it_is(path, records))
        return records, 0
    records, broken, problems = [], 0, []
    broken_at: set[int] = set()   # positions of the lines that are not JSON objects
    for number, record, problem in iter_json_objects(path):
        if problem:
            broken_at.add(len(records))
            if len(problems) < 3:
                problems.append(f"line {number}: {problem}")
            record = {"id": number, "line": number, "status": "error",
                      "error": f"analysis line is {problem}"}
            broken += 1
        records.append(record)
    if check:
        if not records:
            raise NotAnalysisError(f"{path} is empty: expected the analysis.jsonl written by "
                                   "'honorifics analyze INPUT --out DIR'")
        if broken == len(records):
            raise NotAnalysisError(_not_json_lines(path, problems, broken))
        if not looks_like_analysis(records[i] for i in range(len(records)) if i not in broken_at):
            raise NotAnalysisError(_what_it_is(path, records))
    return records, broken


def parquet_parts(path: str | Path) -> list[Path]:
    """The Parquet files an analysis path stands for: itself (a ``.parquet`` file, or a
    file starting with Parquet's magic bytes), or the ``part-*.parquet`` files of a
    folder; [] for anything else."""
    path = Path(path)
    if path.is_dir():
        return sorted(path.glob("part-*.parquet")) or sorted(path.glob("*.parquet"))
    if path.suffix == ".parquet":
        return [path]
    try:
        with open(path, "rb") as handle:
            return [path] if handle.read(4) == b"PAR1" else []
    except OSError:
        return []


def _read_parquet(parts: Sequence[Path]) -> list[dict[str, Any]]:
    """The records of Parquet analysis parts, from their ``record`` column (the analysis.jsonl line)."""
    import json
    from .usage import require
    parquet = require("pyarrow.parquet", "reading Parquet", "report")
    records: list[dict[str, Any]] = []
    for part in parts:
        try:
            table = parquet.read_table(part)
        except Exception as error:   # pyarrow raises its own ArrowInvalid, OSError …
            raise NotAnalysisError(f"{part}: not readable as Parquet ({str(error).splitlines()[0]})") from None
        if "record" not in table.column_names:
            rows = table.slice(0, 5).to_pylist()
            if any(name in row for row in rows for name in (*TEXT_FIELDS, "messages")):
                raise NotAnalysisError(
                    f"{part} holds generations, not an analysis: analyse it first "
                    f"('honorifics analyze {part} --out DIR' writes DIR/analysis/part-*.parquet)")
            raise NotAnalysisError(f"{part} has no 'record' column: expected the Parquet parts "
                                   "that 'honorifics analyze … --out DIR' writes in DIR/analysis/")
        records.extend(json.loads(line) for line in table.column("record").to_pylist() if line)
    return records


def _not_json_lines(path: str | Path, problems: Sequence[str], broken: int) -> str:
    """No line of a file is a JSON object: what the file looks like, its first reasons, and
    the analysis.jsonl beside it when there is one (``report results/summary.json``)."""
    from .textfiles import not_json_lines
    path = Path(path)
    beside = path.parent / "analysis.jsonl"
    hint = f"; pass {beside}" if beside.is_file() and beside.resolve() != path.resolve() else ""
    return not_json_lines(path, list(problems), broken) + hint


def read_records(path: str | Path) -> list["RecordAnalysis"]:
    """``analysis.jsonl`` as typed :class:`~honorifics.records.RecordAnalysis` objects, for Python users."""
    from .records import RecordAnalysis
    records, _ = read_analysis(path)
    return [RecordAnalysis.from_dict(record) for record in records]


def _what_it_is(path: str | Path, records: Sequence[dict[str, Any]]) -> str:
    first = next((r for r in records if isinstance(r, dict) and "status" not in r), {})
    if any(name in first for name in (*TEXT_FIELDS, "messages")):
        return (f"{path} holds generations, not an analysis: expected the analysis.jsonl written by "
                f"'honorifics analyze {path} --out DIR' (lines with id, line, status, speakers)")
    return (f"{path} is not an analysis.jsonl: no line has the 'status' and 'line' fields "
            "that 'honorifics analyze' writes")


# ---------------------------------------------------------------- one row per speaker

@dataclass(slots=True)
class SpeakerRow:
    """One speaker of one ok record, flattened: the one per-speaker row that the
    metrics, the report tables, the pandas frames and the annotation sheets use."""
    record_id: Any
    scenario_id: Any
    task: str | None
    language: str | None
    subtask: str | None
    speaker: str
    addressee: str | None
    tier: str
    consistent: bool
    expected: tuple[str, ...] | None
    expected_before: tuple[str, ...] | None
    correct: bool | None
    error_direction: str | None
    turn_tiers: list[str] = field(default_factory=list)
    temperature: Any = None
    run: Any = None
    model: Any = None
    variables: dict[str, Any] = field(default_factory=dict)
    groups: dict[str, Any] = field(default_factory=dict)
    turns: int = 0
    evidence_count: int = 0
    agreement_errors: int = 0
    #: rules, classifier, or None (no evidence)
    source: str | None = None
    #: the record's carried fields (model, temperature, run …)
    meta: dict[str, Any] = field(default_factory=dict)
    #: listed in the input (a DCT addressee) but never speaks: out of tier distributions
    silent: bool = False
    #: the record is the refused outcome (wholly out of character): neither right nor wrong
    refused: bool = False
    #: the speaker's tier toward each addressee, when the analysis gives it
    by_addressee: dict[str, str] = field(default_factory=dict)
    #: the speaker→addressee pair the expectation is about, and the tier produced toward
    #: that addressee (``by_addressee`` when it has the addressee, else ``tier``); ``correct``
    #: and ``error_direction`` judge this tier
    judged_addressee: str | None = None
    judged_tier: str = "none"


def join_tiers(tiers: Sequence[str] | None) -> str | None:
    """Tiers in one cell: ``formal|familiar``; None for no tiers.

    >>> join_tiers(("formal", "familiar")), join_tiers(None)
    ('formal|familiar', None)
    """
    return TIER_SEPARATOR.join(tiers) if tiers else None


def split_tiers(cell: str | None) -> tuple[str, ...]:
    """The inverse of :func:`join_tiers`.

    >>> split_tiers("formal|familiar"), split_tiers("")
    (('formal', 'familiar'), ())
    """
    return tuple(t for t in (cell or "").split(TIER_SEPARATOR) if t)


def ok_records(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records with ``status`` ok (error records are failed lines, not data)."""
    return [r for r in records if isinstance(r, dict) and r.get("status") == "ok"]


def parse_group_by(group_by: str | Sequence[str] | None) -> list[str]:
    """``"model,temperature"`` or ``["model", "temperature"]`` → a list of field names."""
    if group_by is None:
        return []
    items = group_by.split(",") if isinstance(group_by, str) else list(group_by)
    return [item.strip() for item in items if item and item.strip()]


def field_value(record: dict[str, Any], name: str) -> Any:
    """A grouping value: top-level field, else ``meta``, else scenario variable, else scenario.

    >>> field_value({"task": "dct", "meta": {"model": "m1"}}, "model")
    'm1'
    """
    if name in record and name not in {"meta", "scenario", "speakers", "turns"}:
        return record[name]
    meta = record.get("meta") or {}
    if name in meta:
        return meta[name]
    scenario = record.get("scenario") or {}
    variables = scenario.get("variables") or {}
    if name in variables:
        return variables[name]
    return scenario.get(name)


def record_speaker_rows(record: dict[str, Any], group_by: Sequence[str] = ()) -> list[SpeakerRow]:
    """The speakers of one ok analysis record as rows, in the record's speaker order.

    >>> row, = record_speaker_rows({"id": "a", "status": "ok", "meta": {"model": "m"},
    ...     "speakers": {"नेहा": {"tier": "formal", "consistent": True, "expected": ["formal", "familiar"],
    ...                          "correct": True, "turns": 1}}})
    >>> row.speaker, row.expected, row.model, join_tiers(row.expected)
    ('नेहा', ('formal', 'familiar'), 'm', 'formal|familiar')
    """
    scenario = record.get("scenario") or {}
    meta = record.get("meta") or {}
    groups = {name: field_value(record, name) for name in group_by}
    refused = is_refused(record)
    rows = []
    for name, speaker in (record.get("speakers") or {}).items():
        expected = speaker.get("expected")
        before = speaker.get("expected_before")
        tier = speaker.get("tier") or "none"
        by_addressee = speaker.get("by_addressee") or {}
        target = speaker.get("expected_addressee") or speaker.get("addressee")
        judged_tier = by_addressee.get(target, tier) if by_addressee and target else tier
        correct = speaker.get("correct") if expected else None
        direction = speaker.get("error_direction")
        if expected and judged_tier != tier:   # the expectation is about another addressee
            correct = judged_tier in expected
            direction = politeness_direction(judged_tier, expected)
        rows.append(SpeakerRow(
            record_id=record.get("id"), scenario_id=record.get("scenario_id"),
            task=record.get("task"), language=record.get("language"),
            subtask=scenario.get("subtask"), speaker=name,
            addressee=speaker.get("addressee"), tier=tier,
            consistent=bool(speaker.get("consistent", True)),
            expected=tuple(expected) if expected else None,
            expected_before=tuple(before) if before else None,
            correct=correct, error_direction=direction,
            turn_tiers=_turn_tiers(record, name),
            temperature=meta.get("temperature"), run=meta.get("run"), model=meta.get("model"),
            variables=dict(scenario.get("variables") or {}), groups=groups,
            turns=int(speaker.get("turns") or 0), evidence_count=int(speaker.get("evidence_count") or 0),
            agreement_errors=int(speaker.get("agreement_errors") or 0), source=speaker.get("source"),
            meta=meta, silent=not speaks(speaker), refused=refused, by_addressee=dict(by_addressee),
            judged_addressee=target if expected else None, judged_tier=judged_tier))
    return rows


def speaker_rows(records: Iterable[dict[str, Any]], group_by: Sequence[str] = ()) -> list[SpeakerRow]:
    """Flatten the speakers of ok records into rows (record order, then speaker order)."""
    return [row for record in ok_records(records) for row in record_speaker_rows(record, group_by)]


def _turn_tiers(record: dict[str, Any], speaker: str) -> list[str]:
    """The tiers of the speaker's speech turns, in order, skipping turns without a tier."""
    return [turn.get("tier") for turn in record.get("turns") or []
            if turn.get("speaker") == speaker and turn.get("kind", "speech") == "speech"
            and turn.get("tier") in TIERS]


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
    """The names among ``names`` that no ok record has as a field (typos in ``--group-by``).

    A field present with the value null counts as present: grouping by it is meaningful.

    >>> missing_fields([{"status": "ok", "task": None, "meta": {"model": "m"}}], ["task", "model", "modle"])
    ['modle']
    """
    known = record_fields(r for r in records if isinstance(r, dict) and r.get("status") == "ok")
    return [name for name in names if name not in known]
