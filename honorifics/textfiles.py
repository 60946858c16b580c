"""Opening a person's text file: plain or gzip, UTF-8, and a clear message when it is not.

Every command that reads a text file (JSON lines, CSV sheets, YAML, word
lists) opens it with :func:`open_text`. A ``.jsonl.gz`` (or any gzip file,
known by its first bytes, whatever its name) is read the same as the plain
file; a BOM is dropped. A file that is not UTF-8 text gives one
:class:`TextFileError` naming the file, the line and what the file looks
like (``UTF-16 text``, ``Parquet data``, ``text in a legacy encoding``…)
instead of a ``UnicodeDecodeError`` traceback. :class:`TextFileError` is a
:class:`~honorifics.usage.UsageError` (the commands print it as one line and
exit 2) and a :class:`ValueError` (for Python callers).

:func:`describe_bytes` names what the first bytes of a file look like, for
messages about files that are not what a command reads:

>>> describe_bytes(b"\\x1f\\x8b\\x08\\x00")
'gzip data'
>>> describe_bytes(b'[{"id": 1, "text": "x"}]')
'a JSON array, not JSON lines'
>>> describe_bytes(b"id,text,model\\n1,hello,m\\n")
'a CSV file'
>>> describe_bytes(b'{"id": 1}\\n') is None
True

Standard library only; nothing here imports the pipeline.
"""
from __future__ import annotations

import codecs
import gzip
import io
import zlib
from pathlib import Path
from typing import IO, Iterator, TextIO

from .usage import UsageError

__all__ = ["TextFileError", "open_text", "iter_lines", "read_text", "describe_bytes", "head_bytes", "is_gzip",
           "not_json_lines"]

GZIP_MAGIC = b"\x1f\x8b"
#: how many bytes :func:`describe_bytes` is given by this module
HEAD_BYTES = 4096

#: first bytes → what the file is (checked in order)
_MAGIC = (
    (GZIP_MAGIC, "gzip data"),
    (b"PAR1", "Parquet data"),
    (b"PK\x03\x04", "a ZIP archive (an Excel .xlsx workbook?)"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an old Microsoft Office file (.xls?)"),
    (b"BZh", "bzip2 data"),
    (b"\xfd7zXZ\x00", "xz data"),
    (b"\x28\xb5\x2f\xfd", "zstd data"),
    (b"%PDF", "a PDF file"),
    (b"SQLite format 3\x00", "an SQLite database"),
    (b"\x89PNG", "a PNG image"),
    (b"\x93NUMPY", "a NumPy array"),
    (b"\x80\x04", "a Python pickle"),
    (b"\x80\x05", "a Python pickle"),
)

#: what to do about a file that is not UTF-8 text, by what it looks like
_HINTS = {
    "UTF-16 text": "save it as UTF-8",
    "Parquet data": "Parquet is read by 'honorifics analyze' (it needs pyarrow); "
                    "other commands read JSON lines",
    "legacy": "save it as UTF-8",
    "legacy sheet": "save it as UTF-8 (in Excel: 'CSV UTF-8')",
    "a ZIP archive (an Excel .xlsx workbook?)": "save the sheet as 'CSV UTF-8'",
    "an old Microsoft Office file (.xls?)": "save the sheet as 'CSV UTF-8'",
}


_LEGACY = "text in a legacy encoding (cp1252/Latin-1?), not UTF-8"
#: what a text head may look like, said of a file in a legacy encoding
_TEXT_KINDS = {"a CSV file": "a CSV file", "a TSV file": "a TSV file", "YAML or plain text": "text",
               "a JSON array, not JSON lines": "a JSON array"}


def _legacy(head: bytes) -> str:
    """What a file that is not UTF-8 looks like, from its UTF-8 part: 'a CSV file in a legacy encoding…'."""
    try:
        head.decode("utf-8-sig")
        good = head
    except UnicodeDecodeError as error:
        good = head[:error.start]
    first = _first_line(good.decode("utf-8-sig", "replace"))
    kind = describe_bytes(good) if first else None
    if kind in _TEXT_KINDS:
        name = _TEXT_KINDS[kind]
    elif first.startswith("{"):
        name = "JSON lines"
    else:
        name = "text"
    return f"{name} in a legacy encoding (cp1252/Latin-1?), not UTF-8"


class TextFileError(UsageError, ValueError):
    """A file that cannot be read as UTF-8 text; ``str(error)`` is one line
    naming the file, the line and what the file looks like."""


def is_gzip(head: bytes) -> bool:
    """Whether bytes start like gzip data (any file name)."""
    return head[:2] == GZIP_MAGIC


def _looks_utf16(head: bytes) -> bool:
    if head[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        return True
    sample = head[:200]
    if len(sample) < 4:
        return False
    # ASCII text in UTF-16: every other byte is NUL
    return sample[1::2].count(0) > 0.4 * len(sample[1::2]) or sample[0::2].count(0) > 0.4 * len(sample[0::2])


def _first_line(text: str) -> str:
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


def describe_bytes(head: bytes) -> str | None:
    """What the first bytes of a file look like, when that is not JSON lines; else None.

    Gives ``"gzip data"``, ``"Parquet data"``, ``"UTF-16 text"``, ``"a CSV
    file"``, ``"a TSV file"``, ``"a JSON array, not JSON lines"``, ``"one JSON
    object over several lines (a .json file), not JSON lines"``, ``"text in a
    legacy encoding (cp1252/Latin-1?), not UTF-8"``, ``"an empty file"`` and a
    few other binary formats. A head that looks like JSON lines (or like
    nothing known) gives None.

    >>> describe_bytes(b"\\xff\\xfe{\\x00")
    'UTF-16 text'
    >>> describe_bytes(b"PAR1\\x15\\x04")
    'Parquet data'
    >>> describe_bytes(b'{\\n  "records": {"total": 3}\\n}')
    'one JSON object over several lines (a .json file), not JSON lines'
    >>> describe_bytes("caf\\xe9,ok\\n".encode("cp1252"))
    'text in a legacy encoding (cp1252/Latin-1?), not UTF-8'
    >>> describe_bytes(b"")
    'an empty file'
    """
    for magic, name in _MAGIC:
        if head.startswith(magic):
            return name
    if not head.strip():
        return "an empty file"
    if _looks_utf16(head):
        return "UTF-16 text"
    try:
        text = head.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        if error.start < len(head) - 4:   # not merely a character cut at the end of the head
            if b"\x00" in head[:512]:
                return "binary data"
            return _LEGACY
        text = head[:error.start].decode("utf-8-sig", "replace")
    first = _first_line(text)
    if first.startswith("["):
        return "a JSON array, not JSON lines"
    if first == "{":
        return "one JSON object over several lines (a .json file), not JSON lines"
    if first.startswith("{"):
        return None
    if "\t" in first:
        return "a TSV file"
    if "," in first or ";" in first:
        return "a CSV file"
    if first.startswith(("---", "- ", "#")) or (":" in first and not first.startswith('"')):
        return "YAML or plain text"
    return None


def _head(path: str | Path, size: int = HEAD_BYTES) -> bytes:
    with open(path, "rb") as raw:
        return raw.read(size)


def head_bytes(path: str | Path) -> bytes:
    """The first bytes of a file after gzip decompression (the raw bytes when that fails)."""
    head = _head(path)
    if not is_gzip(head):
        return head
    try:
        with gzip.open(path, "rb") as unpacked:
            return unpacked.read(HEAD_BYTES)
    except (OSError, EOFError, zlib.error):
        return head


def _binary(path: str | Path) -> IO[bytes]:
    raw = open(path, "rb")
    if is_gzip(raw.read(2)):
        raw.seek(0)
        return gzip.GzipFile(fileobj=raw, mode="rb")   # closes with the file below
    raw.seek(0)
    return raw


def _locate(path: str | Path) -> tuple[int, int, int]:
    """The first line that is not UTF-8: (line number, column, the bad byte)."""
    with _binary(path) as stream:
        for number, line in enumerate(stream, start=1):
            if number == 1 and line.startswith(codecs.BOM_UTF8):
                line = line[len(codecs.BOM_UTF8):]
            try:
                line.decode("utf-8")
            except UnicodeDecodeError as error:
                column = len(line[:error.start].decode("utf-8", "replace")) + 1
                return number, column, line[error.start]
    return 0, 0, 0


def decode_error_message(path: str | Path) -> str:
    """The one-line message for a file that is not UTF-8 text."""
    where = "the file"
    detail = ""
    try:
        number, column, byte = _locate(path)
        if number:
            where = f"line {number}"
            detail = f" (byte 0x{byte:02x} at column {column})"
    except (OSError, EOFError, zlib.error):
        pass
    try:
        head = head_bytes(path)
    except OSError:
        head = b""
    looks = describe_bytes(head)
    if looks is None or looks in _TEXT_KINDS or looks.startswith("one JSON object") or looks == _LEGACY:
        looks = _legacy(head)
    if looks.endswith(_LEGACY[4:]):
        hint = _HINTS["legacy sheet" if looks.startswith(("a CSV", "a TSV")) else "legacy"]
    else:
        hint = _HINTS.get(looks)
    return (f"{path}: {where} is not UTF-8 text{detail}; the file looks like {looks}"
            + (f": {hint}" if hint else ""))


class _TextFile(io.TextIOWrapper):
    """A UTF-8 text stream whose decoding errors name the file and the line."""

    def __init__(self, binary: IO[bytes], path: str | Path, newline: str | None) -> None:
        super().__init__(binary, encoding="utf-8-sig", newline=newline)   # type: ignore[arg-type]
        self._path = path

    def _failed(self, error: Exception) -> TextFileError:
        if isinstance(error, UnicodeDecodeError):
            return TextFileError(decode_error_message(self._path))
        return TextFileError(f"{self._path}: the gzip data is damaged or cut short ({error})")

    def __next__(self) -> str:
        try:
            return super().__next__()
        except (UnicodeDecodeError, EOFError, gzip.BadGzipFile, zlib.error) as error:
            raise self._failed(error) from None

    def readline(self, size: int = -1) -> str:   # type: ignore[override]
        try:
            return super().readline(size)
        except (UnicodeDecodeError, EOFError, gzip.BadGzipFile, zlib.error) as error:
            raise self._failed(error) from None

    def read(self, size: int | None = -1) -> str:
        try:
            return super().read(size)
        except (UnicodeDecodeError, EOFError, gzip.BadGzipFile, zlib.error) as error:
            raise self._failed(error) from None

    def readlines(self, hint: int = -1) -> list[str]:   # type: ignore[override]
        return list(self) if hint is None or hint < 0 else super().readlines(hint)


def open_text(path: str | Path, *, newline: str | None = None) -> TextIO:
    """Open a text file for reading: plain or gzip (known by its first bytes), UTF-8
    with or without a BOM.

    A decoding error met while reading raises :class:`TextFileError` naming the
    file, the line and what the file looks like. ``newline`` is passed to the
    text layer (``""`` for the ``csv`` module). Opening a missing file raises
    the usual :class:`OSError`.
    """
    return _TextFile(_binary(path), path, newline)


def not_json_lines(path: str | Path, problems: list[str], lines: int) -> str:
    """The one line for a file none of whose ``lines`` is a JSON object: what the file
    looks like and the first reasons (``problems``, e.g. ``"line 1: not valid JSON"``)."""
    try:
        looks = describe_bytes(head_bytes(path))
    except OSError:
        looks = None
    what = f" (it looks like {looks})" if looks else ""
    return (f"{path} is not JSON lines{what}: none of its {lines} line(s) is a JSON object "
            f"({'; '.join(problems[:3])})")


def iter_lines(path: str | Path) -> Iterator[tuple[int, str]]:
    """``(line number, line)`` for each line of a text file (1-based, line end removed,
    blank lines included), read with :func:`open_text`."""
    with open_text(path) as handle:
        for number, line in enumerate(handle, start=1):
            yield number, line.rstrip("\r\n")


def read_text(path: str | Path) -> str:
    """The whole text of a file, read with :func:`open_text`."""
    with open_text(path) as handle:
        return handle.read()
