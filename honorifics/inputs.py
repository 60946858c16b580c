"""Reading input records: one JSON object per line, never losing a line.

Each line becomes either an :class:`InputRecord` or an :class:`InputError`
with a one-line reason; the caller writes exactly one output line for each.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Iterator

from .formats.fields import TEXT_FIELDS
from .languages import ALIASES
from .records import SpeakerExpectation, SpeakerSpec
from .tiers import TierError, parse_tiers

try:   # orjson is several times faster; the stdlib gives the error messages
    from orjson import loads as _fast_loads
except ImportError:   # pragma: no cover - orjson is a dependency
    _fast_loads = json.loads  # type: ignore[assignment]

_UNREAD = object()   # decode_line: the line is not parsed yet

CONSUMED_FIELDS = frozenset(TEXT_FIELDS) | {"messages", "id", "language", "lang", "task",
                                           "scenario_id", "speakers", "speaker", "expected"}
#: every accepted spelling of a language → its code (from the language registry)
LANGUAGES = ALIASES
TASKS = {"dct": "dct", "continuation": "continuation", "cont": "continuation",
         "roleplay": "roleplay", "role-play": "roleplay", "role_play": "roleplay", "rp": "roleplay"}
DEFAULT_MAX_CHARS = 100_000
# the "id" of a line that is not valid JSON, when it can still be read (a string
# or a number near the start: a truncated line usually keeps its head)
_SALVAGE_ID = re.compile(r'"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?![.\deE]))')


class InputError(ValueError):
    """A line that cannot be analysed; ``str(error)`` is the one-line reason."""


#: the key of :attr:`InputRecord.expected` for "the record's speaker" (``"expected": "formal"``)
DEFAULT_SPEAKER = None


@dataclass(slots=True, init=False)
class InputRecord:
    """One validated input line, typed: what the pipeline reads, never a raw dict."""
    line: int
    id: Any
    text: str
    language: str | None = None
    task: str | None = None
    scenario_id: str | None = None
    speakers: list[SpeakerSpec] = field(default_factory=list)
    #: speaker name (as written in the input) → expectation; the key
    #: :data:`DEFAULT_SPEAKER` (None) stands for the record's first speaker
    expected: dict[str | None, SpeakerExpectation] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)

    # written out (init=False): compiled, a dataclass-made __init__ would run as Python
    def __init__(self, line: int, id: Any, text: str, language: str | None = None, task: str | None = None,
                 scenario_id: str | None = None, speakers: list[SpeakerSpec] | None = None,
                 expected: dict[str | None, SpeakerExpectation] | None = None,
                 meta: dict[str, Any] | None = None) -> None:
        self.line = line
        self.id = id
        self.text = text
        self.language = language
        self.task = task
        self.scenario_id = scenario_id
        self.speakers = [] if speakers is None else speakers
        self.expected = {} if expected is None else expected
        self.meta = {} if meta is None else meta


def _type_name(value: Any) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean",
            type(None): "null", int: "a number", float: "a number"}.get(type(value), type(value).__name__)


def _message_text(messages: Any) -> str:
    if not isinstance(messages, list):
        raise InputError(f"'messages' is {_type_name(messages)}, expected a list of chat messages")
    for message in reversed(messages):
        if isinstance(message, dict) and message.get("role") == "assistant":
            content = message.get("content")
            if isinstance(content, list):   # content parts: [{"type": "text", "text": ...}]
                content = "".join(part.get("text", "") for part in content
                                  if isinstance(part, dict) and isinstance(part.get("text"), str))
            if not isinstance(content, str):
                raise InputError(f"the last assistant message's content is {_type_name(content)}, expected text")
            return content
    raise InputError("'messages' has no assistant message")


def parse_speakers(value: Any, speaker: Any = None) -> list[SpeakerSpec]:
    """``speakers`` (names or ``{name, aliases}``) and ``speaker`` as typed specs.

    >>> parse_speakers(["राहुल", {"name": "डॉ. मिश्रा", "aliases": "मिश्रा जी"}])
    [SpeakerSpec(name='राहुल', aliases=()), SpeakerSpec(name='डॉ. मिश्रा', aliases=('मिश्रा जी',))]
    >>> parse_speakers(None, "সুমন")
    [SpeakerSpec(name='সুমন', aliases=())]
    """
    if value is None:
        value = []
    if isinstance(value, (str, dict)):
        value = [value]
    if not isinstance(value, list):
        raise InputError(f"'speakers' is {_type_name(value)}, expected a list of names")
    out = []
    for item in value:
        if isinstance(item, str) and item.strip():
            out.append(SpeakerSpec(item.strip()))
        elif isinstance(item, dict) and isinstance(item.get("name"), str):
            aliases = item.get("aliases") or []
            if isinstance(aliases, str):
                aliases = [aliases]
            out.append(SpeakerSpec(item["name"].strip(), tuple(a for a in aliases if isinstance(a, str))))
        else:
            raise InputError(f"'speakers' holds {_type_name(item)}; use names or {{name, aliases}}")
    if isinstance(speaker, str) and speaker.strip() and speaker.strip() not in [s.name for s in out]:
        out.insert(0, SpeakerSpec(speaker.strip()))
    return out


def parse_expected(value: Any) -> dict[str | None, SpeakerExpectation]:
    """Inline expectations, checked early so a typo gives a clear error record.

    A tier or a list is for the record's speaker (key None); a map is speaker → tier(s)
    or speaker → ``{tiers, addressee}``.

    >>> parse_expected("आप")
    {None: SpeakerExpectation(tiers=('formal',), addressee=None, before=None)}
    >>> parse_expected({"राहुल": ["tu", "tum"]})["राहुल"].tiers
    ('intimate', 'familiar')
    """
    try:
        if value is None:
            return {}
        if isinstance(value, (str, list)):
            return {DEFAULT_SPEAKER: SpeakerExpectation(parse_tiers(value))}
        if not isinstance(value, dict):
            raise InputError(f"'expected' is {_type_name(value)}; use a tier, a list, or a map speaker → tier(s)")
        out: dict[str | None, SpeakerExpectation] = {}
        for speaker, spec in value.items():
            addressee = None
            if isinstance(spec, dict):
                addressee = spec.get("addressee")
                spec = spec.get("tiers", spec.get("tier"))
            if spec is None:
                raise InputError(f"'expected' for {speaker!r} has no tiers")
            out[speaker] = SpeakerExpectation(parse_tiers(spec), addressee)
        return out
    except TierError as error:
        raise InputError(f"invalid 'expected': {error}") from None


def _spelling(value: Any, spellings: dict[str, str], problem: str) -> str | None:
    """The canonical name for any accepted spelling of ``value``; None stays None."""
    if value is None:
        return None
    found = spellings.get(value) if isinstance(value, str) else None   # (most values: as spelled)
    if found is None:
        found = spellings.get(value.strip().casefold()) if isinstance(value, str) else None
    if found is None:
        names = list(dict.fromkeys(spellings.values()))
        raise InputError(f"{problem} {value!r}: use {', '.join(names[:-1])} or {names[-1]}")
    return found


def parse_language(value: Any) -> str | None:
    """A language code from any accepted spelling (hi, Hindi, bn, Bangla …), or None.

    >>> parse_language(" Bangla "), parse_language(None)
    ('bn', None)
    """
    return _spelling(value, LANGUAGES, "unsupported language")


def parse_task(value: Any) -> str | None:
    """dct, continuation or roleplay from any accepted spelling (rp, role-play …), or None."""
    return _spelling(value, TASKS, "unknown task")


def check_text(text: str, max_chars: int = DEFAULT_MAX_CHARS) -> str:
    """The text as given (a leading BOM stays: spans are offsets into the original text);
    empty or over-long text is an :class:`InputError`."""
    if not text[:1].isalpha() and not text.lstrip("\ufeff").strip():   # (a letter first: not empty, no copies)
        raise InputError("the text is empty")
    if len(text) > max_chars:
        raise InputError(f"the text is {len(text):,} characters long, over the limit of {max_chars:,} "
                         "(raise it with --max-chars)")
    return text


def record_from_object(obj: Any, line: int, max_chars: int = DEFAULT_MAX_CHARS) -> InputRecord:
    """Validate one decoded JSON value; raise :class:`InputError` with the reason."""
    if not isinstance(obj, dict):
        raise InputError(f"the line is {_type_name(obj)}, expected a JSON object")
    if "custom_id" in obj or "error" in obj or "messages" in obj:
        obj = _normalized_result(obj)
    text = None
    for name in TEXT_FIELDS:
        if name in obj and obj[name] is not None:
            text = obj[name]
            if not isinstance(text, str):
                raise InputError(f"field '{name}' is {_type_name(text)}, expected a string")
            break
    if text is None:
        if "messages" in obj:
            text = _message_text(obj["messages"])
        else:
            raise InputError("no text: none of text, output, response, completion, generation or messages")
    text = check_text(text, max_chars)
    language = parse_language(obj.get("language", obj.get("lang")))
    task = parse_task(obj.get("task"))
    speakers = parse_speakers(obj.get("speakers"), obj.get("speaker"))
    scenario_id = obj.get("scenario_id")
    if scenario_id is not None and not isinstance(scenario_id, (str, int)):
        raise InputError(f"'scenario_id' is {_type_name(scenario_id)}, expected a string")
    record_id = obj.get("id", line)
    if isinstance(record_id, (dict, list)):
        raise InputError(f"'id' is {_type_name(record_id)}, expected a string or number")
    return InputRecord(
        line=line, id=record_id, text=text, language=language, task=task,
        scenario_id=str(scenario_id) if scenario_id is not None else None, speakers=speakers,
        expected=parse_expected(obj.get("expected")),
        meta={k: v for k, v in obj.items() if k not in CONSUMED_FIELDS})


def _normalized_result(obj: dict) -> dict:
    """Batch results, chat lines and failed generations, read in one place
    (:mod:`honorifics.formats.batch`); imported only for such lines."""
    from .formats.batch import ResultError, needs_normalizing, normalize_result
    if not needs_normalizing(obj):
        return obj
    try:
        return normalize_result(obj)
    except ResultError as error:
        raise InputError(str(error)) from None


def iter_json_objects(path) -> Iterator[tuple[int, dict | None, str | None]]:
    """Each non-blank line of a JSONL file: ``(line number, object, None)``, or
    ``(line number, None, reason)`` when the line is not a JSON object.

    Callers keep their own policy for bad lines (raise, error record, report).
    A gzip file is read as its content; a file that is not UTF-8 text raises
    :class:`honorifics.textfiles.TextFileError` (a usage error naming the file and line).
    """
    from .textfiles import open_text
    with open_text(path) as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as error:
                yield number, None, f"not valid JSON ({error.msg})"
                continue
            if not isinstance(value, dict):
                yield number, None, "not a JSON object"
                continue
            yield number, value, None


@dataclass(slots=True, init=False)
class ReadLine:
    """One non-blank input line: a record, or the reason it is not one."""
    line: int
    record: InputRecord | None
    error: str | None
    #: the id, when it could be read even though the line failed
    id: Any = None

    # written out (init=False): compiled, a dataclass-made __init__ would run as Python
    def __init__(self, line: int, record: InputRecord | None, error: str | None, id: Any = None) -> None:
        self.line = line
        self.record = record
        self.error = error
        self.id = id


def salvage_id(raw: str):
    """The id of a line that is not valid JSON, as it was written (a string stays a string).

    >>> salvage_id('{"id": "hi-dct-007", "text": "तुम')
    'hi-dct-007'
    >>> salvage_id('{"id": 12, "text": ') , salvage_id('{"text": "x"')
    (12, None)
    """
    match = _SALVAGE_ID.search(raw[:2000])
    if match is None:
        return None
    try:
        return json.loads(match.group(1))
    except json.JSONDecodeError:
        return None


def decode_line(raw: bytes | str, line: int, max_chars: int = DEFAULT_MAX_CHARS) -> ReadLine | None:
    """Decode one raw line; None for a blank line (skipped and counted)."""
    obj: Any = _UNREAD
    if isinstance(raw, bytes):
        try:
            obj = _fast_loads(raw)   # most lines: UTF-8 and JSON checked in one call
        except Exception:   # a blank, BOM-prefixed or bad line: read it step by step below
            pass
    if obj is _UNREAD:
        if isinstance(raw, bytes):
            try:
                raw = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                return ReadLine(line, None, f"invalid UTF-8 at byte {error.start}",
                                salvage_id(raw.decode("utf-8", "replace")))  # type: ignore[union-attr]
        raw = raw.lstrip("\ufeff").rstrip("\r\n")
        if not raw.strip():
            return None
        try:
            obj = _fast_loads(raw)
        except Exception:
            try:
                obj = json.loads(raw)
            except json.JSONDecodeError as error:
                return ReadLine(line, None, f"invalid JSON: {error.msg} at column {error.colno}",
                                salvage_id(raw))
            except RecursionError:
                return ReadLine(line, None, "invalid JSON: nested too deeply", salvage_id(raw))
    record_id = object_id(obj)
    try:
        return ReadLine(line, record_from_object(obj, line, max_chars), None)
    except InputError as error:
        return ReadLine(line, None, str(error), record_id if isinstance(record_id, (str, int)) else None)


def object_id(obj: Any) -> Any:
    """The id an input object answers to: ``custom_id`` for a batch line, else ``id``."""
    if not isinstance(obj, dict):
        return None
    return obj["custom_id"] if "custom_id" in obj else obj.get("id")
