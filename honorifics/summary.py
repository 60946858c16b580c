"""The run summary (``summary.json``), accumulated while records stream by.

Memory stays flat: only counters are kept, never the records. The full
metrics with confidence intervals (``honorifics.metrics``) are computed from
``analysis.jsonl`` when a report is asked for.
"""
from __future__ import annotations

import hashlib
from collections import Counter
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


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 6) if whole else None


#: the counts of a SummaryAccumulator, in the order its __init__ sets them (all but the
#: input hash): what to_state ships and merge adds (attributes named, not read with
#: vars(): the class is compiled, and a compiled object has no __dict__)
_STATE_FIELDS = ("records", "ok", "failed", "blank_lines", "errors", "error_reasons", "record_tiers",
                 "speaker_tiers", "languages", "tasks", "scripts", "avoidance", "refusal", "pairs",
                 "pair_errors", "speakers", "with_evidence", "inconsistent", "judged", "correct", "over",
                 "under", "by_classifier", "warnings", "input_bytes")


class SummaryAccumulator:
    """Counts over analysis records (dicts, as written to analysis.jsonl)."""

    def __init__(self) -> None:
        self.records = self.ok = self.failed = 0
        self.blank_lines = 0
        self.errors: list[dict[str, Any]] = []
        self.error_reasons: Counter = Counter()
        self.record_tiers: Counter = Counter()
        self.speaker_tiers: Counter = Counter()
        self.languages: Counter = Counter()
        self.tasks: Counter = Counter()
        self.scripts: Counter = Counter()
        self.avoidance = self.refusal = 0
        self.pairs = self.pair_errors = 0
        self.speakers = self.with_evidence = self.inconsistent = 0
        self.judged = self.correct = self.over = self.under = 0
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
            if isinstance(mine, Counter):
                mine.update(value)
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
            state[name] = list(value.items()) if isinstance(value, Counter) else value
        return state

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> "SummaryAccumulator":
        summary = cls()
        for name, value in state.items():
            setattr(summary, name, Counter(dict(value)) if isinstance(getattr(summary, name), Counter) else value)
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
            self.error_reasons[reason] += 1
            if len(self.errors) < MAX_LISTED_ERRORS:
                self.errors.append({"line": record.get("line"), "id": record.get("id"),
                                    "error": record.get("error")})
            return
        self.ok += 1
        self.record_tiers[record["tier"]] += 1
        self.languages[record.get("language")] += 1
        self.tasks[record.get("task") or "unknown"] += 1
        self.scripts[record.get("script")] += 1
        self.avoidance += bool(record.get("avoidance"))
        self.refusal += bool(record.get("refusal"))
        self.pairs += record.get("agreement_pairs", 0)
        self.pair_errors += record.get("agreement_errors", 0)
        self.warnings += bool(record.get("warnings"))
        for speaker in record.get("speakers", {}).values():
            self.speakers += 1
            self.speaker_tiers[speaker["tier"]] += 1
            if has_evidence(speaker["tier"]):
                self.with_evidence += 1
                self.inconsistent += not speaker.get("consistent", True)
            self.by_classifier += speaker.get("source") == "classifier"
            if "correct" in speaker and speaker["correct"] is not None:
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
            "errors": {"by_reason": dict(self.error_reasons.most_common()), "first": self.errors},
            "languages": dict(self.languages), "scripts": dict(self.scripts), "tasks": dict(self.tasks),
            "tier_distribution": {"records": {t: self.record_tiers.get(t, 0) for t in OUTCOMES},
                                  "speakers": {t: self.speaker_tiers.get(t, 0) for t in OUTCOMES}},
            "accuracy": {"speakers_with_expectations": self.judged, "correct": self.correct,
                         "accuracy": _rate(self.correct, self.judged),
                         "over_polite": self.over, "under_polite": self.under},
            "avoidance": {"records": self.avoidance, "rate": _rate(self.avoidance, self.ok)},
            "refusal": {"records": self.refusal, "rate": _rate(self.refusal, self.ok)},
            "agreement": {"pairs": self.pairs, "errors": self.pair_errors,
                          "agreement_rate": _rate(self.pairs - self.pair_errors, self.pairs)},
            "consistency": {"speakers": self.speakers, "speakers_with_evidence": self.with_evidence,
                            "mixed": self.inconsistent,
                            "consistency_rate": _rate(self.with_evidence - self.inconsistent, self.with_evidence),
                            "definition": CONSISTENCY_DEFINITION},
            "classifier": {"speakers_decided": self.by_classifier},
            "records_with_warnings": self.warnings,
        }
