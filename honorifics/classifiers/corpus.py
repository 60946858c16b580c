"""Training corpora for the tier classifier: read, silver-label, mask, split.

A corpus is a JSONL file of :class:`Example` lines::

    {"text": "कल सुबह [MASK] दफ़्तर आ जाइएगा", "tier": "formal", "language": "hi",
     "group": "train-telephony-017", "source": "cocoa_mt_hi_train", "variant": "masked", ...}

Two kinds of input become examples:

* **labelled** JSONL (``text`` + ``tier`` in any spelling accepted by
  :func:`honorifics.tiers.parse_tier`, optional ``language``);
* **unlabelled** text (JSONL with a ``text`` field, or plain text one utterance a
  line) that the rule engine (:func:`honorifics.analyze_text`) *silver-labels*:
  utterances whose tier the rules decide with high confidence are kept.

In both, the words that decided the tier for the rules (second-person pronouns,
unambiguous verb endings) are **masked**: the fallback only ever sees utterances
the rules could not decide, so it has to learn from everything else in them.
Every example keeps a ``group`` (CoCoA-MT's ``pair_key``, a story, a record id)
so that the held-out split never puts two versions of one item on both sides.
"""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from honorifics.classifiers.labels import LABELS, MASK_TOKEN
from honorifics.inputs import TEXT_FIELDS, iter_json_objects
from honorifics.languages import LANGUAGES
from honorifics.tiers import NONE, TIERS, TierError, parse_tier

#: How an example was derived from its utterance.
ORIGINAL = "original"   # the utterance as written
MASKED = "masked"       # deciding evidence replaced by MASK_TOKEN
DROPPED = "dropped"     # deciding evidence deleted (reads like a pro-drop sentence)
VARIANTS: tuple[str, ...] = (ORIGINAL, MASKED, DROPPED)
#: The variants that look like what the fallback is asked about (no rule evidence left).
FALLBACK_VARIANTS: tuple[str, ...] = (MASKED, DROPPED)

#: Fields tried, in order, for the group of a record (paraphrases share one).
DEFAULT_GROUP_FIELDS: tuple[str, ...] = ("pair_key", "group", "section", "id")
#: Input fields that may hold the text of a record (as in analyze-generations).

_SPACES = re.compile(r"[ \t]{2,}")
_SPACE_BEFORE_PUNCTUATION = re.compile(r"[ \t]+([,.!?।॥;:])")


class CorpusError(ValueError):
    """A corpus line or file that cannot be used (the message says which and why)."""


@dataclass(slots=True)
class Example:
    """One training or evaluation utterance with its tier label."""
    text: str
    tier: str
    language: str
    group: str
    source: str = ""
    id: str = ""
    variant: str = ORIGINAL
    #: How the label was obtained: ``gold`` (given) or ``silver`` (rule engine).
    label_origin: str = "gold"
    masked_spans: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True, frozen=True)
class Span:
    """A character span ``[start, end)`` of an utterance to mask."""
    start: int
    end: int


@dataclass(slots=True)
class SilverConfig:
    """Which rule decisions are trusted enough to become silver labels."""
    #: Keep a turn only when its strongest deciding evidence has at least this confidence.
    min_confidence: float = 0.9
    #: Keep turns with no second-person evidence at all as class ``none``.
    keep_none: bool = True
    #: Turn kinds that are speech to another character (others are skipped).
    speech_kinds: tuple[str, ...] = ("speech",)


@dataclass(slots=True)
class CorpusStats:
    """Counts of a built corpus, per split, class, language and variant."""
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)

    def add(self, split: str, example: Example) -> None:
        for key in (f"tier={example.tier}", f"language={example.language}",
                    f"variant={example.variant}", f"source={example.source}", "total"):
            bucket = self.counts.setdefault(split, {})
            bucket[key] = bucket.get(key, 0) + 1


# --------------------------------------------------------------------------- reading

def detect_language(text: str) -> str:
    """Language from script: Devanagari → ``hi``, Bengali → ``bn``, else ``und``.

    >>> detect_language("तुम कहाँ हो?"), detect_language("তুমি কোথায়?"), detect_language("tum kahan ho")
    ('hi', 'bn', 'und')
    """
    counts = {language.code: len(language.letters.findall(text)) for language in LANGUAGES}
    best = max(counts, key=counts.get)
    return best if counts[best] else "und"


#: What the corpus command reads, said when an input is something else.
READS = "JSON lines (.jsonl, .jsonl.gz) or plain text, one utterance a line (.txt, .txt.gz)"
#: Suffixes of JSON-lines inputs; sheets are read as JSON lines too, so that a CSV is refused
#: (as "a CSV file") rather than taken for text lines.
JSON_SUFFIXES = (".jsonl", ".json")
SHEET_SUFFIXES = (".csv", ".tsv")


def _not_json_lines(path: str | Path, first_problem: tuple[int, str]) -> str | None:
    """The one line for a file none of whose lines is a JSON object (what it looks like,
    :func:`honorifics.textfiles.not_json_lines`); None when some line is one."""
    from honorifics.textfiles import not_json_lines

    problems, lines = [], 0
    for number, record, problem in iter_json_objects(path):
        if record is not None:
            return None
        lines += 1
        problems.append(f"line {number}: {problem}")
    return not_json_lines(path, problems or [f"line {first_problem[0]}: {first_problem[1]}"], lines)


def read_jsonl(path: str | Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield ``(line_number, record)`` for each non-blank line; bad JSON raises CorpusError.

    A file none of whose lines is a JSON object (a CSV sheet, a ``.json`` file)
    is said to be so, with what it looks like, rather than "line 1: not valid JSON".
    """
    seen = False
    for number, record, problem in iter_json_objects(path):
        if problem:
            whole = None if seen else _not_json_lines(path, (number, problem))
            raise CorpusError(whole or f"{path}:{number}: {problem}")
        seen = True
        yield number, record


def file_stem(path: str | Path) -> str:
    """A file's name without its extension, ``.gz`` included (a source's name).

    >>> file_stem("corpora/hi_dialogue.jsonl.gz"), file_stem("bn.txt")
    ('hi_dialogue', 'bn')
    """
    name = Path(path).name
    return Path(name[:-3] if name.endswith(".gz") else name).stem


def read_records(path: str | Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Records from a ``.jsonl`` file, or one ``{"text": line}`` per line of a text file
    (either may be gzip: ``.jsonl.gz``, ``.txt.gz``)."""
    from honorifics.textfiles import iter_lines

    path = Path(path)
    if not path.exists():
        raise CorpusError(f"{path}: no such file")
    stem = file_stem(path)
    suffix = _suffix(path)
    if suffix in JSON_SUFFIXES:
        yield from read_jsonl(path)
        return
    if suffix in SHEET_SUFFIXES:
        try:
            yield from read_jsonl(path)
        except CorpusError as error:
            raise CorpusError(f"{error}; give {READS}") from None
        return
    for number, line in iter_lines(path):
        if line.strip():
            yield number, {"text": line, "id": f"{stem}-{number}"}


def _suffix(path: Path) -> str:
    name = path.name[:-3] if path.name.endswith(".gz") else path.name
    return Path(name).suffix.lower()


def check_input(path: str | Path) -> None:
    """Raise :class:`CorpusError` for an input that cannot give examples, before any work:
    an empty file, or a JSON-lines (or ``.csv``/``.tsv``) file none of whose first lines up
    to the first JSON object is one (a CSV sheet). A file that is not UTF-8 raises
    :class:`honorifics.textfiles.TextFileError` (a usage error naming the file and line)."""
    from honorifics.textfiles import describe_bytes, head_bytes

    path = Path(path)
    if describe_bytes(head_bytes(path)) == "an empty file":
        raise CorpusError(f"{path} is an empty file: it holds no utterances")
    if _suffix(path) in JSON_SUFFIXES + SHEET_SUFFIXES:
        records = read_records(path)
        try:
            if next(records, None) is None:
                raise CorpusError(f"{path} holds only blank lines: it has no utterances")
        finally:   # the first record reads: the rest is read (and checked) when the corpus is built
            records.close()


def record_text(record: dict[str, Any]) -> str | None:
    """The first non-empty text field of a record (``text``, ``output``, …)."""
    for name in TEXT_FIELDS:
        value = record.get(name)
        if isinstance(value, str) and value.strip():
            return value
    return None


def record_group(record: dict[str, Any], fallback: str,
                 group_fields: Sequence[str] = DEFAULT_GROUP_FIELDS) -> str:
    """The group key of a record: the first present field of ``group_fields``."""
    for name in group_fields:
        value = record.get(name)
        if value not in (None, ""):
            return f"{name}:{value}"
    return f"line:{fallback}"


def read_examples(path: str | Path) -> list[Example]:
    """Read a corpus written by :func:`write_examples` (or any labelled JSONL).

    Lines need ``text`` and ``tier`` (any spelling); ``language`` is detected from
    the script when absent and ``group`` defaults to the line's id or number.
    """
    examples = []
    for number, record in read_jsonl(path):
        text = record_text(record)
        if text is None or "tier" not in record:
            raise CorpusError(f"{path}:{number}: a labelled line needs 'text' and 'tier'")
        try:
            tier = parse_tier(str(record["tier"]))
        except TierError as error:
            raise CorpusError(f"{path}:{number}: {error}") from None
        if tier not in LABELS:
            raise CorpusError(f"{path}:{number}: tier {tier!r} is not a class "
                              f"({', '.join(LABELS)})")
        examples.append(Example(
            text=text, tier=tier,
            language=record.get("language") or detect_language(text),
            group=str(record.get("group") or record_group(record, str(number))),
            source=str(record.get("source", file_stem(path))),
            id=str(record.get("id", number)), variant=record.get("variant", ORIGINAL),
            label_origin=record.get("label_origin", "gold"),
            masked_spans=int(record.get("masked_spans", 0))))
    return examples


def write_examples(examples: Iterable[Example], path: str | Path) -> int:
    """Write examples as JSONL (UTF-8, not ASCII-escaped); return how many."""
    count = 0
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        for example in examples:
            handle.write(json.dumps(example.to_dict(), ensure_ascii=False) + "\n")
            count += 1
    return count


# --------------------------------------------------------------------------- masking

def mask_spans(text: str, spans: Iterable[Span], replacement: str = MASK_TOKEN) -> str:
    """Replace each span of ``text`` by ``replacement`` (overlapping spans merge).

    With an empty replacement the span is deleted and the doubled space it
    leaves is closed, so the result reads like a pro-drop sentence.

    >>> mask_spans("आप कल आइए।", [Span(0, 2), Span(6, 9)])
    '[MASK] कल [MASK]।'
    >>> mask_spans("আপনি কাল আসুন।", [Span(0, 4)], "")
    'কাল আসুন।'
    """
    ordered = sorted((span for span in spans if span.end > span.start), key=lambda s: s.start)
    merged: list[list[int]] = []
    for span in ordered:
        if not 0 <= span.start <= span.end <= len(text):
            raise ValueError(f"span {span.start}:{span.end} outside a text of {len(text)} characters")
        if merged and span.start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], span.end)
        else:
            merged.append([span.start, span.end])
    pieces, cursor = [], 0
    for start, end in merged:
        pieces.append(text[cursor:start])
        pieces.append(replacement)
        cursor = end
    pieces.append(text[cursor:])
    out = "".join(pieces)
    if not replacement:
        out = _SPACE_BEFORE_PUNCTUATION.sub(r"\1", _SPACES.sub(" ", out)).strip()
    return out


def variants_of(example: Example, spans: Sequence[Span],
                variants: Sequence[str] = VARIANTS) -> list[Example]:
    """The requested variants of one utterance; without spans only ``original`` is distinct.

    Examples with nothing to mask (class ``none``, or a tier the rules missed)
    give a single example, so no utterance is counted twice for nothing.
    """
    if not spans:
        return [_replace(example, variant=ORIGINAL, masked_spans=0)]
    out = []
    for variant in variants:
        if variant == ORIGINAL:
            text = example.text
        elif variant == MASKED:
            text = mask_spans(example.text, spans, MASK_TOKEN)
        elif variant == DROPPED:
            text = mask_spans(example.text, spans, "")
        else:
            raise CorpusError(f"unknown variant {variant!r}: use {', '.join(VARIANTS)}")
        if text.strip():
            out.append(_replace(example, text=text, variant=variant, masked_spans=len(spans)))
    return out


def _replace(example: Example, **changes: Any) -> Example:
    values = example.to_dict()
    values.update(changes)
    return Example(**values)


# --------------------------------------------------------------------------- rule engine

#: ``(text, language) -> RecordAnalysis``; :func:`honorifics.analyze_text` by default.
Analyzer = Callable[[str, str | None], Any]


def rule_analyzer() -> Analyzer:
    """The project's rule engine, without the classifier (it must not label its own data)."""
    try:
        from honorifics import analyze_text
    except ImportError as error:
        raise CorpusError(
            "the rule engine (honorifics.analyze_text) is not available, so evidence "
            f"cannot be masked or silver labels made ({error}); use --no-mask for "
            "labelled data") from None

    from honorifics.records import RecordAnalysis

    def analyze(text: str, language: str | None) -> Any:
        try:
            return analyze_text(text, language=language, use_classifier=False)
        except ValueError:
            # Text the analyzer rejects (no letters left once evidence is blanked)
            # has no evidence either.
            return RecordAnalysis(id=None, line=0, turns=[])
    return analyze


def _is_deciding(item: Any) -> bool:
    return item.kind in ("pronoun", "verb") and item.source != "classifier" and item.tier in TIERS


def deciding_spans(turn: Any, offset: int | None = None) -> list[Span]:
    """Spans (relative to the turn's text) of the words that decide a turn's tier.

    Evidence pronouns and verbs, and the verbs of pronoun–verb agreement pairs
    (``तुम कल आओगे?``: आओगे agrees with तुम and would decide the tier on its
    own once तुम is masked). Vocatives never decide, so they stay visible.
    """
    offset = turn.start if offset is None else offset
    items = [item for item in turn.evidence if _is_deciding(item)]
    for pair in getattr(turn, "agreement", ()):
        items.extend(item for item in (pair.pronoun, pair.verb) if _is_deciding(item))
    return sorted({Span(item.start - offset, item.end - offset) for item in items},
                  key=lambda span: (span.start, span.end))


def blank_spans(text: str, spans: Iterable[Span], filler: str = "_") -> str:
    """``text`` with each span overwritten by ``filler`` characters (offsets unchanged)."""
    characters = list(text)
    for span in spans:
        characters[span.start:span.end] = filler * (span.end - span.start)
    return "".join(characters)


def evidence_spans(text: str, language: str | None, analyzer: Analyzer,
                   initial: Sequence[Span] = (), rounds: int = 4) -> list[Span]:
    """Spans of all words that let the rules decide a tier anywhere in ``text``.

    Masking a pronoun can expose a verb that then decides on its own, so the
    rules run again on the text with the found spans blanked, until they find
    nothing more: what is left is text the rules cannot decide, which is what
    the fallback is asked about.
    """
    spans = list(dict.fromkeys(initial))
    for _ in range(rounds):
        analysis = analyzer(blank_spans(text, spans), language)
        found = [span for turn in analysis.turns for span in deciding_spans(turn, offset=0)
                 if span not in spans]
        if not found:
            break
        spans.extend(dict.fromkeys(found))
    return sorted(spans, key=lambda span: (span.start, span.end))


def silver_turns(text: str, language: str | None, analyzer: Analyzer,
                 config: SilverConfig = SilverConfig()) -> list[tuple[str, str, list[Span]]]:
    """Turns of ``text`` whose tier the rules decide confidently: ``(turn text, tier, spans)``.

    A turn is kept when it is speech and either (a) all its deciding evidence
    shows one tier and the strongest item reaches ``config.min_confidence``, or
    (b) it has no evidence at all (class ``none``, when ``config.keep_none``).
    Mixed turns, refusals, notes and narration are skipped.

    >>> # "तुम कल आओगे?" → [("तुम कल आओगे?", "familiar", [Span(0, 3), Span(7, 11)])]
    """
    analysis = analyzer(text, language)
    kept = []
    for turn in analysis.turns:
        if turn.kind not in config.speech_kinds or not turn.text.strip():
            continue
        deciding = [item for item in turn.evidence if _is_deciding(item)]
        if not deciding:
            if config.keep_none and turn.tier == NONE:
                kept.append((turn.text, NONE, []))
            continue
        tiers = {item.tier for item in deciding}
        if len(tiers) != 1 or turn.tier not in TIERS or tiers != {turn.tier}:
            continue
        if max(item.confidence for item in deciding) < config.min_confidence:
            continue
        kept.append((turn.text, turn.tier,
                     evidence_spans(turn.text, language, analyzer, deciding_spans(turn))))
    return kept


# --------------------------------------------------------------------------- building

@dataclass(slots=True)
class CorpusSource:
    """One input of a corpus build: a file, and how to read it."""
    path: Path
    #: ``labelled`` (records carry a tier) or ``unlabelled`` (silver-label them).
    kind: str = "auto"
    group_fields: tuple[str, ...] = DEFAULT_GROUP_FIELDS
    name: str = ""
    #: Hand-reviewed tiers of unlabelled records, by record id (see :func:`reviewed_labels`);
    #: ``undecidable`` drops the record.
    reviewed: dict[str, str] = field(default_factory=dict)


#: A reviewed record that cannot be given one tier (e.g. the address is reported speech).
UNDECIDABLE = "undecidable"


def reviewed_labels(path: str | Path | None = None) -> dict[str, dict[str, str]]:
    """Hand-reviewed tiers of records in the shipped unlabelled corpora: source → id → tier.

    The rules silver-label Bangla literature as ``none`` when they miss a verb
    form (``হাসছ কেন?``, sadhu ``কেন খুন করিয়াছ।``, ``এস``); those records were
    read and labelled by hand (``classifiers/data/reviewed_labels.jsonl``), so
    they become gold examples of exactly what the rules cannot decide.
    """
    if path is None:
        from importlib import resources

        text = resources.files("honorifics.classifiers").joinpath(
            "data/reviewed_labels.jsonl").read_text("utf-8")
        lines = text.splitlines()
    else:
        lines = Path(path).read_text("utf-8").splitlines()
    out: dict[str, dict[str, str]] = {}
    for line in lines:
        if line.strip():
            record = json.loads(line)
            tier = record["tier"] if record["tier"] == UNDECIDABLE else parse_tier(record["tier"])
            out.setdefault(record["source"], {})[str(record["id"])] = tier
    return out


def source_examples(source: CorpusSource, *, mask: bool = True,
                    variants: Sequence[str] = VARIANTS,
                    analyzer: Analyzer | None = None,
                    silver: SilverConfig = SilverConfig(),
                    skipped: dict[str, int] | None = None) -> Iterator[Example]:
    """Examples from one source file, masked and expanded into variants.

    Labelled lines keep their tier (tiers outside the four classes, e.g. ``mixed``,
    are skipped and counted); unlabelled lines are silver-labelled by the rules.
    Identical texts within one group with one tier (CoCoA-MT's neutral pairs) are
    kept once. Identical texts within one group with *different* tiers — a
    formal/informal pair that reads the same once the evidence is masked
    (``[MASK] कल आ जाना``) — are undecidable from the text and are dropped
    (counted as ``identical text, different tiers``), never given one of the tiers.
    """
    skipped = skipped if skipped is not None else {}
    examples = list(_source_examples(source, mask=mask, variants=variants, analyzer=analyzer,
                                     silver=silver, skipped=skipped))
    tiers_of: dict[tuple[str, str], set[str]] = {}
    for example in examples:
        tiers_of.setdefault((example.group, example.text), set()).add(example.tier)
    seen: set[tuple[str, str]] = set()
    for example in examples:
        key = (example.group, example.text)
        if len(tiers_of[key]) > 1:
            reason = "identical text, different tiers"
            skipped[reason] = skipped.get(reason, 0) + 1
            continue
        if key in seen:
            continue
        seen.add(key)
        yield example


def _source_examples(source: CorpusSource, *, mask: bool, variants: Sequence[str],
                     analyzer: Analyzer | None, silver: SilverConfig,
                     skipped: dict[str, int]) -> Iterator[Example]:
    """All examples of one source, before duplicates and undecidable pairs are removed."""
    name = source.name or file_stem(source.path)
    needs_rules = mask or source.kind == "unlabelled"
    if needs_rules and analyzer is None:
        analyzer = rule_analyzer()
    for number, record in read_records(source.path):
        text = record_text(record)
        if text is None:
            skipped["no text"] = skipped.get("no text", 0) + 1
            continue
        language = record.get("language") or detect_language(text)
        group = f"{name}/{record_group(record, str(number), source.group_fields)}"
        record_id = str(record.get("id", number))
        labelled = "tier" in record if source.kind == "auto" else source.kind == "labelled"
        reviewed = source.reviewed.get(record_id)
        if reviewed == UNDECIDABLE:
            skipped["reviewed as undecidable"] = skipped.get("reviewed as undecidable", 0) + 1
            continue
        if labelled or reviewed:
            try:
                tier = parse_tier(str(reviewed or record.get("tier", "")))
            except TierError:
                skipped["unknown tier"] = skipped.get("unknown tier", 0) + 1
                continue
            if tier not in LABELS:
                skipped[f"tier {tier}"] = skipped.get(f"tier {tier}", 0) + 1
                continue
            spans = evidence_spans(text, language, analyzer) if mask else []
            if tier == NONE and spans:
                # Gold "no address" where the rules find evidence: such a turn never
                # reaches the fallback, and masking it would teach "[MASK] → none".
                skipped["gold none with rule evidence"] = skipped.get("gold none with rule evidence", 0) + 1
                continue
            utterances = [(text, tier, spans, "reviewed" if reviewed else "gold")]
        else:
            utterances = [(turn_text, tier, spans, "silver") for turn_text, tier, spans
                          in silver_turns(text, language, analyzer, silver)]
            if not utterances:
                skipped["undecided by the rules"] = skipped.get("undecided by the rules", 0) + 1
        for index, (utterance, tier, spans, origin) in enumerate(utterances):
            base = Example(text=utterance, tier=tier, language=language, group=group,
                           source=name, id=record_id if len(utterances) == 1 else f"{record_id}#{index}",
                           label_origin=origin)
            yield from variants_of(base, spans, variants)


# --------------------------------------------------------------------------- splitting

@dataclass(slots=True)
class Split:
    """A grouped train/dev/test split: no group has examples in two parts."""
    train: list[Example]
    dev: list[Example]
    test: list[Example]

    def parts(self) -> dict[str, list[Example]]:
        return {"train": self.train, "dev": self.dev, "test": self.test}


def group_bucket(group: str, seed: int, salt: str = "") -> float:
    """A stable number in [0, 1) for a group (the same on every machine and run).

    ``salt`` gives an independent hash for a second split of the same data
    (the training command's own dev slice of a corpus already split with ``seed``).
    """
    key = f"{seed}:{group}" if not salt else f"{seed}:{salt}:{group}"
    digest = hashlib.sha256(key.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") / 2 ** 64


def grouped_split(examples: Sequence[Example], dev_fraction: float = 0.1,
                  test_fraction: float = 0.15, seed: int = 13, salt: str = "") -> Split:
    """Split by group so paraphrases and formal/informal pairs stay together.

    Each group goes wholly to test, dev or train according to a hash of its key,
    so adding data never moves existing groups between parts.

    >>> pair = [Example("आप बैठिए", "formal", "hi", "p1"), Example("तुम बैठो", "familiar", "hi", "p1")]
    >>> split = grouped_split(pair * 3, 0.3, 0.3)
    >>> sorted(len(part) for part in split.parts().values())
    [0, 0, 6]
    """
    if not (0 <= dev_fraction < 1 and 0 <= test_fraction < 1 and dev_fraction + test_fraction < 1):
        raise ValueError("dev and test fractions must be in [0, 1) and sum to less than 1")
    split = Split([], [], [])
    for example in examples:
        bucket = group_bucket(example.group, seed, salt)
        if bucket < test_fraction:
            split.test.append(example)
        elif bucket < test_fraction + dev_fraction:
            split.dev.append(example)
        else:
            split.train.append(example)
    return split


def build_corpus(sources: Sequence[CorpusSource], out_dir: str | Path, *, mask: bool = True,
                 variants: Sequence[str] = VARIANTS, dev_fraction: float = 0.1,
                 test_fraction: float = 0.15, seed: int = 13,
                 silver: SilverConfig = SilverConfig(),
                 analyzer: Analyzer | None = None, progress: bool = False) -> CorpusStats:
    """Build ``all.jsonl``, ``train.jsonl``, ``dev.jsonl``, ``test.jsonl`` and ``stats.json``.

    Returns the counts also written to ``stats.json``.
    """
    from tqdm import tqdm

    out_dir = Path(out_dir)   # created only once there are examples to write
    stats = CorpusStats()
    reviewed = reviewed_labels()
    sources = [source if source.reviewed or (source.name or file_stem(source.path)) not in reviewed
               else CorpusSource(source.path, source.kind, source.group_fields, source.name,
                                 reviewed[source.name or file_stem(source.path)])
               for source in sources]
    examples: list[Example] = []
    for source in tqdm(sources, desc="sources", unit="file", disable=not progress):
        examples.extend(source_examples(source, mask=mask, variants=variants,
                                        analyzer=analyzer, silver=silver,
                                        skipped=stats.skipped))
    if not examples:
        reasons = ", ".join(f"{reason} {count}" for reason, count in sorted(stats.skipped.items()))
        raise CorpusError("no usable examples in the inputs" + (f" (skipped: {reasons})" if reasons else ""))
    split = grouped_split(examples, dev_fraction, test_fraction, seed)
    out_dir.mkdir(parents=True, exist_ok=True)
    write_examples(examples, out_dir / "all.jsonl")
    for part, items in split.parts().items():
        write_examples(items, out_dir / f"{part}.jsonl")
        for example in items:
            stats.add(part, example)
    summary = {"counts": stats.counts, "skipped": stats.skipped, "mask": mask,
               "variants": list(variants), "seed": seed, "dev_fraction": dev_fraction,
               "test_fraction": test_fraction, "min_confidence": silver.min_confidence,
               "sources": [str(source.path) for source in sources]}
    (out_dir / "stats.json").write_text(json.dumps(summary, ensure_ascii=False, indent=2) + "\n",
                                        encoding="utf-8")
    return stats
