"""The engine code of the long cue patterns, kept between runs (start-up time).

The out-of-character cues and the lexicons' generic-"you" cues are long
alternations. Python parses and compiles a pattern in pure Python: for these,
about 30 ms in every process that reads Hindi and Bangla (a tenth of a second of
a run of 20,000 records on one core). :func:`compile` returns the same
``re.Pattern`` as ``re.compile`` (equal: same pattern, flags and engine code),
built from the engine code a run before this one kept in the cache folder
(:mod:`honorifics.cachedir`, ``regex/``), one file per interpreter version.

A pattern is kept only after the pattern built from its kept code was checked
equal to ``re.compile``'s, and the file is read only when its checksum holds. Where the interpreter's regex internals are not the
ones this reads (another Python implementation, a changed engine), or the folder
cannot be read or written, it is ``re.compile``, nothing else. Anything in the
folder may be deleted at any time.

>>> import re
>>> compile("(?:आप|तुम) (?:आओ|आइए)") == re.compile("(?:आप|तुम) (?:आओ|आइए)")
True
"""
from __future__ import annotations

import atexit
import hashlib
import os
from array import array
import pickle
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

try:   # CPython's regex engine and its compiler (Python 3.11+; 3.10 names them sre_*)
    import _sre
    try:
        from re import _compiler as _sre_compile, _parser as _sre_parse   # type: ignore[attr-defined]
    except ImportError:   # pragma: no cover - Python 3.10
        import sre_compile as _sre_compile   # type: ignore[no-redef]
        import sre_parse as _sre_parse   # type: ignore[no-redef]
    _ENGINE: str | None = f"{sys.implementation.name}-{sys.version.split()[0]}-{_sre.MAGIC}-{_sre.CODESIZE}"
except Exception:   # pragma: no cover - another implementation: re.compile only
    _ENGINE = None

#: (pattern, flags) → (flags, engine code, groups, group index, index group) as _sre.compile
#: takes them, the code as the bytes of an array of code words (read back much faster than a
#: pickled list of numbers)
_Entry = tuple[int, bytes, int, dict, tuple]
_CODE_WORD = next((t for t in "HILQ" if array(t).itemsize == _sre.CODESIZE), "I") if _ENGINE else "I"
#: more patterns than this in the file (old cue data): it keeps only this process's
_MAX_KEPT = 1000
_kept: dict[tuple[str, int], _Entry] | None = None   # read on first use
_added = False   # entries added since the file was last written
_save_at_exit = False   # save() registered with atexit (once)


def _path() -> Path:
    from .cachedir import cache_dir
    return cache_dir() / "regex" / f"{_ENGINE}.pickle"


def _entries() -> dict[tuple[str, int], _Entry]:
    global _kept
    if _kept is None:
        _kept = _read(_path())
    return _kept


def _read(path: Path) -> dict:
    """The kept entries of the file, or {} when there is none or it is damaged (the file
    holds its entries' pickle and that pickle's SHA-256)."""
    try:
        with open(path, "rb") as handle:
            digest, payload = pickle.load(handle)
        if hashlib.sha256(payload).digest() == digest:
            loaded = pickle.loads(payload)
            if isinstance(loaded, dict):
                return loaded
    except Exception:   # none yet, unreadable or damaged: compile again
        pass
    return {}


def _entry(pattern: str, flags: int) -> _Entry:
    """What ``re._compiler.compile`` gives ``_sre.compile`` for this pattern."""
    parsed = _sre_parse.parse(pattern, flags)
    code = array(_CODE_WORD, _sre_compile._code(parsed, flags)).tobytes()
    index = parsed.state.groupdict
    by_number: list[Any] = [None] * parsed.state.groups
    for name, number in index.items():
        by_number[number] = name
    return int(flags | parsed.state.flags), code, parsed.state.groups - 1, dict(index), tuple(by_number)


def _build(pattern: str, entry: _Entry) -> re.Pattern:
    final_flags, code, groups, index, by_number = entry
    return _sre.compile(pattern, final_flags, array(_CODE_WORD, code).tolist(), groups, index, by_number)


def compile(pattern: str, flags: int = 0) -> re.Pattern:
    """``re.compile(pattern, flags)``, from the kept engine code when an earlier run kept it."""
    global _added, _save_at_exit
    if _ENGINE is None:
        return re.compile(pattern, flags)
    entries = _entries()
    entry = entries.get((pattern, flags))
    if entry is not None:
        try:
            return _build(pattern, entry)
        except Exception:   # not the engine's code after all: compile as usual
            del entries[(pattern, flags)]
    compiled = re.compile(pattern, flags)
    try:
        entry = _entry(pattern, flags)
        if _build(pattern, entry) == compiled:   # pattern, flags and engine code all equal
            entries[(pattern, flags)] = entry
            _added = True
            if not _save_at_exit:
                _save_at_exit = True
                atexit.register(save)
    except Exception:   # internals not as expected: nothing kept
        pass
    return compiled


def save() -> None:
    """Write the kept engine code (with what another process wrote meanwhile) to the cache
    folder, atomically; at exit of a process that compiled a pattern not kept before."""
    global _added
    if not _added or _kept is None:
        return
    path = _path()
    try:
        merged = _read(path)
        merged.update(_kept)
        if len(merged) > _MAX_KEPT:
            merged = dict(_kept)
        path.parent.mkdir(parents=True, exist_ok=True)
        handle_number, temporary = tempfile.mkstemp(dir=path.parent, prefix=".regex-", suffix=".tmp")
        try:
            payload = pickle.dumps(merged, protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(handle_number, "wb") as handle:
                pickle.dump((hashlib.sha256(payload).digest(), payload), handle, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
        _added = False
    except Exception:   # a read-only or full disk: the next run compiles again
        pass
