"""Read generations from JSONL into texts with their grouping fields.

Two shapes of input work as they are:

* flat generation records, as EtiCor++ writes them (``source_region``,
  ``target_region``, ``response``, ``run``) or as this project's
  ``outputs.jsonl`` (``text``/``output``/``response``/…, ``model``, …);
* this project's ``analysis.jsonl`` (records with ``turns``), read one unit
  per speaker: the text is that speaker's speech turns, and the speaker's
  name, addressee, tier and role become fields to group by.

Field names may be dotted paths into nested objects (``meta.model``,
``scenario.variables.relation``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from ..inputs import TEXT_FIELDS, iter_json_objects
from ..results import record_speaker_rows

#: Where a flat record keeps its text, first present wins (DESIGN.md "Input record").


class InputError(ValueError):
    """The input file cannot be read at all (missing, empty, wrong shape)."""


@dataclass(frozen=True, slots=True)
class Unit:
    """One text to score, with every field it can be grouped by."""
    text: str
    fields: dict[str, Any]
    line: int
    #: Position among all units, for a stable order when other keys tie.
    index: int

    def get(self, name: str | None) -> Any:
        return None if name is None else lookup(self.fields, name)


@dataclass(slots=True)
class ReadReport:
    """What happened to every input line: no line is dropped silently."""
    lines: int = 0
    units: int = 0
    bad_lines: list[dict[str, Any]] = field(default_factory=list)
    without_text: list[int] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"lines": self.lines, "units": self.units, "bad_lines": self.bad_lines,
                "lines_without_text": self.without_text}


def lookup(record: dict[str, Any], name: str) -> Any:
    """A field by name, or by dotted path into nested objects; ``None`` if absent.

    >>> lookup({"meta": {"model": "m1"}}, "meta.model")
    'm1'
    """
    if name in record:
        return record[name]
    value: Any = record
    for part in name.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def record_text(record: dict[str, Any], text_field: str | None = None) -> str | None:
    """The generated text of a flat record (``messages``: the last assistant turn)."""
    if text_field:
        value = lookup(record, text_field)
        return value if isinstance(value, str) else None
    for name in TEXT_FIELDS:
        if isinstance(record.get(name), str):
            return record[name]
    messages = record.get("messages")
    if isinstance(messages, list):
        for message in reversed(messages):
            if isinstance(message, dict) and message.get("role") == "assistant":
                return message.get("content")
    return None


def is_analysis_record(record: dict[str, Any]) -> bool:
    """Whether a record is this project's ``analysis.jsonl`` output (it has ``turns``)."""
    return isinstance(record.get("turns"), list)


#: Speaker attributes copied from a scenario (bank or record) as ``speaker_<name>`` fields.
SPEAKER_ATTRIBUTES = ("role", "gender", "age")


def _attributes(speaker: Any) -> dict[str, Any]:
    if not isinstance(speaker, dict):
        return {}
    return {name: speaker[name] for name in SPEAKER_ATTRIBUTES if speaker.get(name) is not None}


def speaker_attributes(record: dict[str, Any], bank: dict[str, dict[str, dict[str, Any]]]
                       ) -> dict[str, dict[str, Any]]:
    """Speaker name → {role, gender, age}, from the scenario bank, then the record itself."""
    found = {name: dict(values) for name, values in bank.get(str(record.get("scenario_id")), {}).items()}
    for source in (lookup(record, "scenario.speakers"), record.get("speakers")):
        if isinstance(source, list):
            for speaker in source:
                if isinstance(speaker, dict) and speaker.get("name"):
                    found.setdefault(speaker["name"], {}).update(_attributes(speaker))
    return found


def speaker_units(record: dict[str, Any], bank: dict[str, dict[str, dict[str, Any]]]
                  ) -> Iterator[tuple[str, dict[str, Any]]]:
    """One (text, fields) per speaker of an analysis record, in order of first turn.

    Fields: the record's own (``meta`` entries flattened to the top), plus
    ``speaker``, ``addressee``, ``speaker_tier`` and, when a scenario knows
    them, ``speaker_role``, ``speaker_gender``, ``speaker_age``.
    """
    attributes = speaker_attributes(record, bank)
    rows = {row.speaker: row for row in record_speaker_rows(record)} \
        if isinstance(record.get("speakers"), dict) else {}
    by_speaker: dict[str, list[str]] = {}
    for turn in record["turns"]:
        if turn.get("kind", "speech") != "speech" or not turn.get("speaker"):
            continue
        by_speaker.setdefault(turn["speaker"], []).append(turn.get("text", ""))
    base = {key: value for key, value in record.items() if key not in ("turns", "speakers")}
    if isinstance(record.get("meta"), dict):
        base = {**record["meta"], **base}
    for name, texts in by_speaker.items():
        row = rows.get(name)
        fields = {**base, "speaker": name, "addressee": row.addressee if row else None,
                  "speaker_tier": row.tier if row else None}
        for attribute in SPEAKER_ATTRIBUTES:
            fields[f"speaker_{attribute}"] = attributes.get(name, {}).get(attribute)
        yield "\n".join(texts), fields


def load_scenario_speakers(path: str | Path | None) -> dict[str, dict[str, dict[str, Any]]]:
    """Scenario id → speaker name → {role, gender, age}, from a scenario-bank JSONL file or directory."""
    if not path:
        return {}
    # Lenient on purpose: only ``id`` and ``speakers`` are read, so partial
    # scenario files (not full bank entries) work too.
    path = Path(path)
    files = sorted(path.glob("*.jsonl")) if path.is_dir() else [path]
    bank: dict[str, dict[str, dict[str, Any]]] = {}
    for file in files:
        for number, scenario, problem in iter_json_objects(file):
            if problem:
                raise InputError(f"{file}:{number}: scenario line {problem}")
            bank[str(scenario.get("id"))] = {
                speaker["name"]: _attributes(speaker) for speaker in scenario.get("speakers", [])
                if isinstance(speaker, dict) and speaker.get("name")}
    return bank


def read_units(path: str | Path, text_field: str | None = None, per_speaker: bool | None = None,
               scenarios: str | Path | None = None) -> tuple[list[Unit], ReadReport]:
    """Every scorable text in a JSONL file, in file order, and a report of the rest.

    ``per_speaker``: ``None`` splits analysis records by speaker and reads flat
    records whole; ``True``/``False`` forces one way.
    """
    path = Path(path)
    if not path.is_file():
        raise InputError(f"input not found: {path}")
    bank = load_scenario_speakers(scenarios)
    units: list[Unit] = []
    report = ReadReport()
    for number, record, problem in iter_json_objects(path):
        report.lines += 1
        if problem:
            report.bad_lines.append({"line": number, "error": problem})
            continue
        for text, fields in _texts_of(record, text_field, per_speaker, bank):
            if text is None or not text.strip():
                report.without_text.append(number)
                continue
            units.append(Unit(text, fields, number, len(units)))
    report.units = len(units)
    if report.lines == 0:
        raise InputError(f"input is empty: {path}")
    if len(report.bad_lines) == report.lines:   # a CSV, a JSON array, a .json file …
        from ..textfiles import not_json_lines
        raise InputError(not_json_lines(path, [f"line {bad['line']}: {bad['error']}"
                                               for bad in report.bad_lines[:3]], report.lines))
    return units, report


def _texts_of(record: dict[str, Any], text_field: str | None, per_speaker: bool | None,
              bank: dict[str, dict[str, dict[str, Any]]]) -> Iterable[tuple[str | None, dict[str, Any]]]:
    split = is_analysis_record(record) if per_speaker is None else per_speaker
    if split and is_analysis_record(record):
        units = list(speaker_units(record, bank))
        return units or [(None, record)]
    return [(record_text(record, text_field), record)]
