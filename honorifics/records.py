"""Typed records that flow through the pipeline and out to ``analysis.jsonl``.

Every span (``start``, ``end``) is a character offset into the ORIGINAL text
of the record (the string read from the input), end exclusive, so
``text[start:end]`` gives back the surface form.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: Evidence kinds. ``pronoun`` and ``verb`` decide tiers; vocatives are kept
#: apart as nominal address and never decide a tier.
PRONOUN = "pronoun"
VERB = "verb"

#: Turn kinds.
SPEECH = "speech"          # a character speaking to another character
NARRATION = "narration"    # stage directions, scene headings: nobody's address
REFUSAL = "refusal"        # out-of-character text addressed to the user
NOTE = "note"              # a note or gloss about the dialogue (not speech)
SEED = "seed"              # a continuation's given turn repeated by the model: not its own speech


@dataclass(slots=True, init=False)
class Evidence:
    """One word (or two, for a separated postposition) that shows a tier.

    >>> Evidence("आपको", 0, 4, PRONOUN, "formal", "lexicon", "hi.pronoun", 1.0)
    ... # doctest: +ELLIPSIS
    Evidence(text='आपको', ...)
    """
    text: str
    start: int
    end: int
    kind: str
    tier: str
    source: str          # lexicon | morphology | classifier | stanza
    rule: str            # which lexicon entry or rule decided it
    confidence: float
    case: str | None = None   # nominative, ergative, dative, genitive, oblique
    #: other tiers this form is also used with (खा लेना: familiar, also said
    #: with तू): it never conflicts with evidence of those tiers
    also_fits: tuple = ()

    # written out (init=False): compiled, a dataclass-made __init__ would run as Python
    def __init__(self, text: str, start: int, end: int, kind: str, tier: str, source: str, rule: str,
                 confidence: float, case: str | None = None, also_fits: tuple = ()) -> None:
        self.text = text
        self.start = start
        self.end = end
        self.kind = kind
        self.tier = tier
        self.source = source
        self.rule = rule
        self.confidence = confidence
        self.case = case
        self.also_fits = also_fits

    def to_dict(self) -> dict[str, Any]:
        out = {"text": self.text, "start": self.start, "end": self.end, "kind": self.kind,
               "tier": self.tier, "source": self.source, "rule": self.rule,
               "confidence": self.confidence}
        if self.case:
            out["case"] = self.case
        if self.also_fits:
            out["also_fits"] = list(self.also_fits)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Evidence":
        return cls(data["text"], data["start"], data["end"], data.get("kind", ""), data["tier"],
                   data.get("source", ""), data.get("rule", ""), data.get("confidence", 1.0), data.get("case"),
                   tuple(data.get("also_fits") or ()))


@dataclass(slots=True)
class AgreementPair:
    """A nominative 2nd-person subject and its finite verb: do their tiers agree?

    ``आप यहाँ बैठो।`` → pronoun आप (formal), verb बैठो (familiar), ok False.
    """
    pronoun: Evidence
    verb: Evidence
    ok: bool

    def to_dict(self) -> dict[str, Any]:
        def brief(item: Evidence) -> dict[str, Any]:
            return {"text": item.text, "start": item.start, "end": item.end, "tier": item.tier}
        return {"pronoun": brief(self.pronoun), "verb": brief(self.verb), "ok": self.ok}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "AgreementPair":
        """Back from ``analysis.jsonl``, which keeps only text, span and tier of each side."""
        return cls(Evidence.from_dict({**data["pronoun"], "kind": PRONOUN}),
                   Evidence.from_dict({**data["verb"], "kind": VERB}), data["ok"])


@dataclass(slots=True)
class NominalAddress:
    """A vocative or kin term used to address someone (सर, दीदी, আপা, মামা)."""
    text: str
    start: int
    end: int
    category: str                 # title | kin | friend | rude | name-suffix
    speaker: str | None = None
    addressee: str | None = None
    tradition: str | None = None  # hindu | muslim, for Bangla kin terms that differ

    def to_dict(self) -> dict[str, Any]:
        out = {"text": self.text, "start": self.start, "end": self.end,
               "category": self.category, "speaker": self.speaker, "addressee": self.addressee}
        if self.tradition:
            out["tradition"] = self.tradition
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "NominalAddress":
        return cls(data["text"], data["start"], data["end"], data["category"], data.get("speaker"),
                   data.get("addressee"), data.get("tradition"))


@dataclass(slots=True, init=False)
class SpeakerTurn:
    """One turn: who speaks, to whom, the utterance span, and what it shows."""
    index: int
    speaker: str | None
    addressee: str | None
    text: str
    start: int
    end: int
    kind: str = SPEECH
    tier: str = "none"
    evidence: list[Evidence] = field(default_factory=list)
    agreement: list[AgreementPair] = field(default_factory=list)
    nominal_address: list[NominalAddress] = field(default_factory=list)

    # written out (init=False): compiled, a dataclass-made __init__ would run as Python
    def __init__(self, index: int, speaker: str | None, addressee: str | None, text: str, start: int,
                 end: int, kind: str = SPEECH, tier: str = "none", evidence: list[Evidence] | None = None,
                 agreement: list[AgreementPair] | None = None,
                 nominal_address: list[NominalAddress] | None = None) -> None:
        self.index = index
        self.speaker = speaker
        self.addressee = addressee
        self.text = text
        self.start = start
        self.end = end
        self.kind = kind
        self.tier = tier
        self.evidence = [] if evidence is None else evidence
        self.agreement = [] if agreement is None else agreement
        self.nominal_address = [] if nominal_address is None else nominal_address

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "speaker": self.speaker, "addressee": self.addressee,
                "text": self.text, "start": self.start, "end": self.end, "kind": self.kind,
                "tier": self.tier, "evidence": [e.to_dict() for e in self.evidence],
                "agreement": [a.to_dict() for a in self.agreement]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "SpeakerTurn":
        return cls(data["index"], data.get("speaker"), data.get("addressee"), data.get("text", ""),
                   data["start"], data["end"], data.get("kind", SPEECH), data.get("tier", "none"),
                   [Evidence.from_dict(e) for e in data.get("evidence") or []],
                   [AgreementPair.from_dict(a) for a in data.get("agreement") or []])


@dataclass(slots=True)
class SpeakerExpectation:
    """Acceptable tiers for one speaker (primary first), from a scenario or inline."""
    tiers: tuple[str, ...]
    addressee: str | None = None
    #: For tier-shift scenarios: the tier expected before the shift.
    before: tuple[str, ...] | None = None


@dataclass(slots=True)
class SpeakerSpec:
    """A speaker named in the input or scenario, with the names they go by."""
    name: str
    aliases: tuple[str, ...] = ()


@dataclass(slots=True, init=False)
class RecordContext:
    """What the pipeline knows about a record before reading its text.

    Built from the input fields and, when ``scenario_id`` is given, from the
    scenario bank (``honorifics.scenarios.bank.ScenarioBank.context``).
    Inline fields override the scenario.
    """
    speakers: list[SpeakerSpec] = field(default_factory=list)
    expectations: dict[str, SpeakerExpectation] = field(default_factory=dict)
    task: str | None = None
    language: str | None = None
    #: Copied to the output record's ``scenario`` field (variables, ambiguous, subtask).
    scenario: dict[str, Any] | None = None
    #: Continuation seed utterances: an output that repeats them is not scored for them.
    seed_texts: tuple[str, ...] = ()

    # written out (init=False): compiled, a dataclass-made __init__ would run as Python
    def __init__(self, speakers: list[SpeakerSpec] | None = None,
                 expectations: dict[str, SpeakerExpectation] | None = None, task: str | None = None,
                 language: str | None = None, scenario: dict[str, Any] | None = None,
                 seed_texts: tuple[str, ...] = ()) -> None:
        self.speakers = [] if speakers is None else speakers
        self.expectations = {} if expectations is None else expectations
        self.task = task
        self.language = language
        self.scenario = scenario
        self.seed_texts = seed_texts


@dataclass(slots=True, init=False)
class SpeakerResult:
    """A speaker's tier toward their addressee over the whole record."""
    name: str
    addressee: str | None
    tier: str
    consistent: bool
    turns: int
    tiers_used: list[str]
    evidence_count: int
    agreement_errors: int
    expected: tuple[str, ...] | None = None
    correct: bool | None = None
    error_direction: str | None = None   # over-polite | under-polite
    #: tier-shift scenarios: the tiers expected before the shift
    expected_before: tuple[str, ...] | None = None
    #: where the tier came from: rules, classifier, or None (no evidence)
    source: str | None = None
    #: the tier toward each addressee, when the speaker addresses two or more with evidence
    by_addressee: dict[str, str] | None = None
    #: the addressee an expectation named, when it was judged on by_addressee
    expected_addressee: str | None = None

    # written out (init=False): compiled, a dataclass-made __init__ would run as Python
    def __init__(self, name: str, addressee: str | None, tier: str, consistent: bool, turns: int,
                 tiers_used: list[str], evidence_count: int, agreement_errors: int,
                 expected: tuple[str, ...] | None = None, correct: bool | None = None,
                 error_direction: str | None = None, expected_before: tuple[str, ...] | None = None,
                 source: str | None = None, by_addressee: dict[str, str] | None = None,
                 expected_addressee: str | None = None) -> None:
        self.name = name
        self.addressee = addressee
        self.tier = tier
        self.consistent = consistent
        self.turns = turns
        self.tiers_used = tiers_used
        self.evidence_count = evidence_count
        self.agreement_errors = agreement_errors
        self.expected = expected
        self.correct = correct
        self.error_direction = error_direction
        self.expected_before = expected_before
        self.source = source
        self.by_addressee = by_addressee
        self.expected_addressee = expected_addressee

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "addressee": self.addressee, "tier": self.tier, "consistent": self.consistent,
            "turns": self.turns, "tiers_used": self.tiers_used,
            "evidence_count": self.evidence_count, "agreement_errors": self.agreement_errors}
        if self.expected is not None:
            out["expected"] = list(self.expected)
            out["correct"] = self.correct
            out["error_direction"] = self.error_direction
        if self.expected_before is not None:
            out["expected_before"] = list(self.expected_before)
        if self.source:
            out["source"] = self.source
        if self.by_addressee:
            out["by_addressee"] = dict(self.by_addressee)
        if self.expected_addressee:
            out["expected_addressee"] = self.expected_addressee
        return out

    @classmethod
    def from_dict(cls, name: str, data: dict[str, Any]) -> "SpeakerResult":
        expected = data.get("expected")
        before = data.get("expected_before")
        result = cls(name, data.get("addressee"), data.get("tier", "none"), data.get("consistent", True),
                   data.get("turns", 0), list(data.get("tiers_used") or []), data.get("evidence_count", 0),
                   data.get("agreement_errors", 0), tuple(expected) if expected is not None else None,
                   data.get("correct"), data.get("error_direction"),
                   tuple(before) if before is not None else None, data.get("source"),
                   dict(data["by_addressee"]) if data.get("by_addressee") else None,
                   data.get("expected_addressee"))
        return result


@dataclass(slots=True, init=False)
class RecordAnalysis:
    """The verdict on one input line: the contract of ``analysis.jsonl``."""
    id: Any
    line: int
    status: str = "ok"
    error: str | None = None
    language: str | None = None
    script: str | None = None
    task: str | None = None
    scenario_id: str | None = None
    tier: str = "none"
    speakers: dict[str, SpeakerResult] = field(default_factory=dict)
    turns: list[SpeakerTurn] = field(default_factory=list)
    avoidance: bool = False
    refusal: bool = False
    #: tier of the address to the user: out-of-character text (refusals, notes to
    #: the user) and, in a plain chat reply, the reply itself
    user_tier: str = "none"
    agreement_errors: int = 0
    agreement_pairs: int = 0
    nominal_address: list[NominalAddress] = field(default_factory=list)
    correct: bool | None = None
    warnings: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    #: Scenario facts joined from the bank: variables, ambiguous, subtask.
    scenario: dict[str, Any] | None = None

    # written out (init=False): compiled, a dataclass-made __init__ would run as Python
    def __init__(self, id: Any, line: int, status: str = "ok", error: str | None = None,
                 language: str | None = None, script: str | None = None, task: str | None = None,
                 scenario_id: str | None = None, tier: str = "none",
                 speakers: dict[str, SpeakerResult] | None = None, turns: list[SpeakerTurn] | None = None,
                 avoidance: bool = False, refusal: bool = False, user_tier: str = "none",
                 agreement_errors: int = 0, agreement_pairs: int = 0,
                 nominal_address: list[NominalAddress] | None = None, correct: bool | None = None,
                 warnings: list[str] | None = None, meta: dict[str, Any] | None = None,
                 scenario: dict[str, Any] | None = None) -> None:
        self.id = id
        self.line = line
        self.status = status
        self.error = error
        self.language = language
        self.script = script
        self.task = task
        self.scenario_id = scenario_id
        self.tier = tier
        self.speakers = {} if speakers is None else speakers
        self.turns = [] if turns is None else turns
        self.avoidance = avoidance
        self.refusal = refusal
        self.user_tier = user_tier
        self.agreement_errors = agreement_errors
        self.agreement_pairs = agreement_pairs
        self.nominal_address = [] if nominal_address is None else nominal_address
        self.correct = correct
        self.warnings = [] if warnings is None else warnings
        self.meta = {} if meta is None else meta
        self.scenario = scenario

    def to_dict(self) -> dict[str, Any]:
        if self.status != "ok":
            out = {"id": self.id, "line": self.line, "status": self.status, "error": self.error}
            if self.meta:
                out["meta"] = self.meta
            return out
        return {
            "id": self.id, "line": self.line, "status": self.status,
            "language": self.language, "script": self.script, "task": self.task,
            "scenario_id": self.scenario_id, "tier": self.tier,
            "speakers": {name: s.to_dict() for name, s in self.speakers.items()},
            "turns": [t.to_dict() for t in self.turns],
            "avoidance": self.avoidance, "refusal": self.refusal, "user_tier": self.user_tier,
            "agreement_errors": self.agreement_errors, "agreement_pairs": self.agreement_pairs,
            "nominal_address": [n.to_dict() for n in self.nominal_address],
            "correct": self.correct, "warnings": self.warnings, "meta": self.meta,
            "scenario": self.scenario,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RecordAnalysis":
        """One line of ``analysis.jsonl`` back as a typed record (the inverse of :meth:`to_dict`).

        >>> line = {"id": "a", "line": 3, "status": "error", "error": "the text is empty"}
        >>> RecordAnalysis.from_dict(line).to_dict() == line
        True
        """
        common = {"id": data.get("id"), "line": data.get("line", 0), "status": data.get("status", "ok"),
                  "meta": dict(data.get("meta") or {})}
        if common["status"] != "ok":
            return cls(error=data.get("error"), **common)
        return cls(
            **common, language=data.get("language"), script=data.get("script"), task=data.get("task"),
            scenario_id=data.get("scenario_id"), tier=data.get("tier", "none"),
            speakers={name: SpeakerResult.from_dict(name, s) for name, s in (data.get("speakers") or {}).items()},
            turns=[SpeakerTurn.from_dict(t) for t in data.get("turns") or []],
            avoidance=data.get("avoidance", False), refusal=data.get("refusal", False),
            user_tier=data.get("user_tier", "none"), agreement_errors=data.get("agreement_errors", 0),
            agreement_pairs=data.get("agreement_pairs", 0),
            nominal_address=[NominalAddress.from_dict(n) for n in data.get("nominal_address") or []],
            correct=data.get("correct"), warnings=list(data.get("warnings") or []),
            scenario=data.get("scenario"))
