"""honorifics.textfiles: plain or gzip UTF-8 text, and one clear line when a file is not that."""
import gzip

import pytest

from honorifics.textfiles import TextFileError, describe_bytes, iter_lines, open_text, read_text
from honorifics.usage import UsageError

LINES = ['{"id": 1, "text": "तुम कहाँ हो?"}', '', '{"id": 2, "text": "আপনি কেমন আছেন?"}']


def _write(path, data: bytes):
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("name", ["a.jsonl", "a.jsonl.gz", "compressed-without-suffix.jsonl"])
@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_plain_gzip_and_bom_read_the_same(tmp_path, name, bom):
    data = bom + "\n".join(LINES).encode("utf-8") + b"\n"
    if name != "a.jsonl":   # gzip is known by its first bytes, whatever the name
        data = gzip.compress(data)
    path = _write(tmp_path / name, data)
    assert list(iter_lines(path)) == list(enumerate(LINES, start=1))
    assert read_text(path) == "\n".join(LINES) + "\n"
    with open_text(path) as handle:
        assert handle.readline() == LINES[0] + "\n"


def test_crlf_line_ends_are_read_as_lines(tmp_path):
    path = _write(tmp_path / "crlf.jsonl", b'{"id": 1}\r\n{"id": 2}\r\n')
    assert list(iter_lines(path)) == [(1, '{"id": 1}'), (2, '{"id": 2}')]


def _error(path) -> str:
    with pytest.raises(TextFileError) as caught:
        with open_text(path) as handle:
            for _ in handle:
                pass
    message = str(caught.value)
    assert "\n" not in message and str(path) in message
    return message


def test_a_bad_byte_far_into_the_file_names_its_line_and_column(tmp_path):
    # the text layer decodes in chunks: the line must still be the one with the bad byte
    data = b'{"id": 1, "text": "ok"}\n' * 5000 + b'{"id": "caf\xe9"}\n' + b'{"id": 3}\n' * 10
    for path in (_write(tmp_path / "late.jsonl", data), _write(tmp_path / "late.jsonl.gz", gzip.compress(data))):
        message = _error(path)
        assert "line 5001 is not UTF-8 text (byte 0xe9 at column 12)" in message
        assert "JSON lines in a legacy encoding" in message and "save it as UTF-8" in message


def test_utf16_is_named(tmp_path):
    path = tmp_path / "u16.jsonl"
    path.write_text("\n".join(LINES), encoding="utf-16")
    message = _error(path)
    assert "line 1 is not UTF-8 text (byte 0xff at column 1)" in message
    assert "looks like UTF-16 text: save it as UTF-8" in message


def test_a_cp1252_sheet_is_named_with_what_to_do(tmp_path):
    path = _write(tmp_path / "sheet.csv", "record_id,tier\nr1,formal\nr2,caf\u00e9 \u2019\n".encode("cp1252"))
    message = _error(path)
    assert "line 3" in message and "a CSV file in a legacy encoding" in message and "CSV UTF-8" in message


def test_damaged_gzip_is_one_line(tmp_path):
    data = gzip.compress(b"".join(b'{"id": %d, "text": "%d"}\n' % (i, i * 7919) for i in range(30000)))
    message = _error(_write(tmp_path / "cut.jsonl.gz", data[: len(data) // 2]))
    assert "gzip data is damaged or cut short" in message


def test_the_error_is_a_usage_error_and_a_value_error(tmp_path):
    assert issubclass(TextFileError, UsageError) and issubclass(TextFileError, ValueError)


def test_read_whole_and_readlines_also_name_the_line(tmp_path):
    path = _write(tmp_path / "bad.txt", b"one\ntwo \xff\n")
    with pytest.raises(TextFileError, match="line 2"):
        read_text(path)
    with pytest.raises(TextFileError, match="line 2"), open_text(path) as handle:
        handle.readlines()


@pytest.mark.parametrize("head, looks", [
    (b"\x1f\x8b\x08", "gzip data"),
    (b"PAR1\x15", "Parquet data"),
    ("{\"id\": 1}\n".encode("utf-16"), "UTF-16 text"),
    ("{\"id\": 1}\n".encode("utf-16-be"), "UTF-16 text"),
    (b"id,text\n1,x\n", "a CSV file"),
    (b"id\ttext\n1\tx\n", "a TSV file"),
    (b'  [\n {"id": 1}\n]', "a JSON array, not JSON lines"),
    (b'{\n  "records": {}\n}\n', "one JSON object over several lines (a .json file), not JSON lines"),
    (b"PK\x03\x04", "a ZIP archive (an Excel .xlsx workbook?)"),
    (b"\n\n", "an empty file"),
    (b'{"id": 1}\n{"id": 2}\n', None),
    (b'{"id": 1, "text": "\xe0\xa4', None),   # a character cut at the end of the head
])
def test_describe_bytes(head, looks):
    assert describe_bytes(head) == looks
