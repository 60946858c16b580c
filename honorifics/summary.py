"""The run summary (``summary.json``), accumulated while records stream by.

Memory stays flat: only counters are kept, never the records. The full
metrics with confidence intervals (``honorifics.metrics``) are computed from
``analysis.jsonl`` when a report is asked for.
"""
from __future__ import annotations

import hashlib
from typing import Any

from . import __version__
from .tiers import OUTCOMES

MAX_LISTED_ERRORS = 50

#: the one definition of consistency, in summary.json and in the report's metrics
CONSISTENCY_DEFINITION = "speakers with evidence (tier ≠ none) marked consistent / speakers with evidence"


def has_evidence(tier: str | None) -> bool:
    """Whether a speaker's tier counts for consistency: a speaker with no
    second-person evidence (tier ``none``) can be neither consistent nor mixed.

    >>> has_evidence("mixed"), has_evidence("none")
    (True, False)
    """
    return bool(tier) and tier != "none"


def is_refused(record: dict[str, Any]) -> bool:
    """Whether a record is the "refused" outcome: wholly out of character (DESIGN,
    "Labelling conventions"), i.e. flagged ``refusal`` with record tier ``none``.

    A refused record counts apart: not in tier distributions, not avoidance, not a
    wrong answer in accuracy. A refusal next to in-character text keeps its tier
    and is not refused.

    >>> is_refused({"refusal": True, "tier": "none"}), is_refused({"refusal": True, "tier": "formal"})
    (True, False)
    """
    return bool(record.get("refusal")) and record.get("tier") == "none"


def speaks(speaker: dict[str, Any]) -> bool:
    """Whether a speaker has a turn: a party listed in the input (a DCT addressee)
    who never speaks has ``turns: 0`` and is left out of tier distributions. A
    speaker without a ``turns`` count (hand-made records) is taken to speak.

    >>> speaks({"tier": "none", "turns": 0}), speaks({"tier": "formal", "turns": 2}), speaks({"tier": "formal"})
    (False, True, True)
    """
    turns = speaker.get("turns")
    return turns is None or bool(turns)


#: what the tier distributions of summary.json and metrics.json count, and leave out
DISTRIBUTION_DEFINITION = ("records: ok records that are not refused (a refused record is wholly out of "
                           "character); speakers: speakers who speak (turns > 0) in such records. Listed "
                           "parties who never speak and the speakers of refused records are counted apart")


def _count(counts: dict[Any, int], key: Any) -> None:
    counts[key] = counts.get(key, 0) + 1


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 6) if whole else None


#: the counts of a SummaryAccumulator, in the order its __init__ sets them (all but the
#: input hash): what to_state ships and merge adds (attributes named, not read with
#: vars(): the class is compiled, and a compiled object has no __dict__)
_STATE_FIELDS = ("records", "ok", "failed", "blank_lines", "errors", "error_reasons", "record_tiers",
                 "speaker_tiers", "languages", "tasks", "scripts", "avoidance", "refusal", "refused",
                 "pairs", "pair_errors", "speakers", "silent", "refused_speakers", "with_evidence",
                 "inconsistent", "judged", "correct", "refused_judged", "over", "under", "by_classifier",
                 "warnings", "input_bytes")


class SummaryAccumulator:
    """Counts over analysis records (dicts, as written to analysis.jsonl)."""

    def __init__(self) -> None:
        self.records = self.ok = self.failed = 0
        self.blank_lines = 0
        self.errors: list[dict[str, Any]] = []
        # counts by value: plain dicts (compiled, a Counter's item access goes through its
        # class's slots, several times the cost of a dict's, on every record)
        self.error_reasons: dict[Any, int] = {}
        self.record_tiers: dict[Any, int] = {}
        self.speaker_tiers: dict[Any, int] = {}
        self.languages: dict[Any, int] = {}
        self.tasks: dict[Any, int] = {}
        self.scripts: dict[Any, int] = {}
        self.avoidance = self.refusal = 0
        #: records that are the refused outcome (wholly out of character)
        self.refused = 0
        self.pairs = self.pair_errors = 0
        self.speakers = self.with_evidence = self.inconsistent = 0
        #: listed parties who never speak; speakers of refused records
        self.silent = self.refused_speakers = 0
        self.judged = self.correct = self.over = self.under = 0
        #: speakers with expectations in refused records (not judged: neither right nor wrong)
        self.refused_judged = 0
        self.by_classifier = 0
        self.warnings = 0
        self._hash: Any = None   # created by add_input, in the process that reads the input
        self.input_bytes = 0

    def merge(self, other: "SummaryAccumulator") -> None:
        """Add another accumulator's counts (from a worker process)."""
        for name in _STATE_FIELDS:
            if name in ("input_bytes", "blank_lines"):
                continue
            value = getattr(other, name)
            mine = getattr(self, name)
            if isinstance(mine, dict):
                for key, count in value.items():
                    mine[key] = mine.get(key, 0) + count
            elif isinstance(mine, list):
                mine.extend(value[:max(0, MAX_LISTED_ERRORS - len(mine))])
            else:
                setattr(self, name, mine + value)

    def to_state(self) -> dict[str, Any]:
        """The counts as plain JSON values (no ratios), to ship from a worker.

        ``from_state(a.to_state())`` merges exactly like ``a``: partial
        summaries of partitions, merged in input order, give the summary of a
        single-process run.
        """
        state = {}
        for name in _STATE_FIELDS:
            value = getattr(self, name)
            state[name] = list(value.items()) if isinstance(value, dict) else value
        return state

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> "SummaryAccumulator":
        summary = cls()
        for name, value in state.items():
            setattr(summary, name, dict(value) if isinstance(getattr(summary, name), dict) else value)
        return summary

    def add_input(self, raw: bytes) -> None:
        """Feed the raw input bytes (for the input hash), in order."""
        if self._hash is None:
            self._hash = hashlib.sha256()
        self._hash.update(raw)
        self.input_bytes += len(raw)

    def add(self, record: dict[str, Any]) -> None:
        self.records += 1
        if record.get("status") != "ok":
            self.failed += 1
            reason = str(record.get("error", "")).split(":")[0]
            _count(self.error_reasons, reason)
            if len(self.errors) < MAX_LISTED_ERRORS:
                self.errors.append({"line": record.get("line"), "id": record.get("id"),
                                    "error": record.get("error")})
            return
        self.ok += 1
        refused = is_refused(record)
        if refused:
            self.refused += 1
        else:
            _count(self.record_tiers, record["tier"])
            self.avoidance += bool(record.get("avoidance"))
        _count(self.languages, record.get("language"))
        _count(self.tasks, record.get("task") or "unknown")
        _count(self.scripts, record.get("script"))
        self.refusal += bool(record.get("refusal"))
        self.pairs += record.get("agreement_pairs", 0)
        self.pair_errors += record.get("agreement_errors", 0)
        self.warnings += bool(record.get("warnings"))
        for speaker in record.get("speakers", {}).values():
            self.speakers += 1
            expected = "correct" in speaker and speaker["correct"] is not None
            if refused:
                self.refused_speakers += 1
                self.refused_judged += expected
                continue
            if not speaks(speaker):
                self.silent += 1
            else:
                _count(self.speaker_tiers, speaker["tier"])
            if has_evidence(speaker["tier"]):
                self.with_evidence += 1
                self.inconsistent += not speaker.get("consistent", True)
            self.by_classifier += speaker.get("source") == "classifier"
            if expected:
                self.judged += 1
                self.correct += bool(speaker["correct"])
                direction = speaker.get("error_direction")
                self.over += direction == "over-polite"
                self.under += direction == "under-polite"

    def to_dict(self, input_path: str | None = None) -> dict[str, Any]:
        return {
            "tool": {"name": "honorifics", "version": __version__},
            "input": {"path": input_path, "sha256": (self._hash or hashlib.sha256()).hexdigest(), "bytes": self.input_bytes,
                      "blank_lines_skipped": self.blank_lines},
            "records": {"total": self.records, "ok": self.ok, "error": self.failed},
            "errors": {"by_reason": dict(sorted(self.error_reasons.items(), key=lambda item: item[1], reverse=True)),
                       "first": self.errors},
            "languages": dict(self.languages), "scripts": dict(self.scripts), "tasks": dict(self.tasks),
            "tier_distribution": {"records": {t: self.record_tiers.get(t, 0) for t in OUTCOMES},
                                  "speakers": {t: self.speaker_tiers.get(t, 0) for t in OUTCOMES},
                                  "left_out": {"refused_records": self.refused,
                                               "silent_speakers": self.silent,
                                               "speakers_of_refused_records": self.refused_speakers},
                                  "definition": DISTRIBUTION_DEFINITION},
            "accuracy": {"speakers_with_expectations": self.judged, "correct": self.correct,
                         "accuracy": _rate(self.correct, self.judged),
                         "refused": self.refused_judged,
                         "refusal_rate": _rate(self.refused_judged, self.judged + self.refused_judged),
                         "over_polite": self.over, "under_polite": self.under,
                         "definition": "correct / speakers with expectations in records that are not "
                                       "refused; refusal_rate = speakers with expectations in refused "
                                       "records / all speakers with expectations"},
            "avoidance": {"records": self.avoidance, "rate": _rate(self.avoidance, self.ok - self.refused),
                          "definition": "records with no second-person evidence / ok records that are "
                                        "not refused"},
            "refusal": {"records": self.refusal, "rate": _rate(self.refusal, self.ok),
                        "refused": self.refused, "refused_rate": _rate(self.refused, self.ok),
                        "definition": "records: flagged refusal (with or without in-character text) / "
                                      "ok records; refused: wholly out of character (tier none) / ok records"},
            "agreement": {"pairs": self.pairs, "errors": self.pair_errors,
                          "agreement_rate": _rate(self.pairs - self.pair_errors, self.pairs)},
            "consistency": {"speakers": self.speakers, "speakers_with_evidence": self.with_evidence,
                            "mixed": self.inconsistent,
                            "consistency_rate": _rate(self.with_evidence - self.inconsistent, self.with_evidence),
                            "definition": CONSISTENCY_DEFINITION},
            "classifier": {"speakers_decided": self.by_classifier},
            "records_with_warnings": self.warnings,
        }
