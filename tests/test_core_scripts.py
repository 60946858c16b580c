"""honorifics/scripts.py: one table per script, the only place code points are written.

Every character class of the rule path is generated from the tables; these tests
check the generated sets against what Unicode says of each code point, that the
compiled tokenizer's table is the token class, and that no module writes script
code points again.
"""
from __future__ import annotations

import ast
import re
import unicodedata
from pathlib import Path

import pytest

from honorifics import languages, scripts
from honorifics.scripts import BENGALI, DEVANAGARI, LATIN, SCRIPTS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "honorifics"
#: every code point up to the end of the joiners' block (the tables reach no further)
CODES = range(0x2070)


def members(body: str) -> set[int]:
    pattern = re.compile(f"[{body}]")
    return {code for code in CODES if pattern.fullmatch(chr(code))}


def block_points(script) -> set[int]:
    low, high = script.block
    return set(range(low, high + 1))


def named(code: int) -> str:
    return unicodedata.name(chr(code), "")


def test_each_native_table_agrees_with_unicode():
    for script, prefix in ((DEVANAGARI, "DEVANAGARI"), (BENGALI, "BENGALI")):
        block = block_points(script)
        assert all(named(code).startswith(prefix) for code in block if named(code))
        digits = members(scripts.class_body(script.digits))
        assert digits == {code for code in block if unicodedata.category(chr(code)) == "Nd"}
        letters = members(scripts.class_body(script.letters))
        for code in block:   # every letter and mark of the block is a letter of the table
            if unicodedata.category(chr(code))[0] in "LM" and code not in (0x09FC, 0x09FE):   # (Vedic, sandhi)
                assert code in letters, hex(code)
        assert not letters & digits
        marks = members(scripts.marks_class(script))
        assert marks <= letters and all(unicodedata.category(chr(c)) in ("Mn", "Mc") for c in marks if named(c)
                                        and c not in (0x093D, 0x09BD, 0x09CE))   # avagraha, khanda ta
        # a word is the whole block but the punctuation (the dandas sit in Devanagari's block)
        assert members(scripts.class_body(script.word)) == block - {ord(c) for c in script.sentence_ends}
        assert script.sentence_ends == "।॥"


def test_the_composed_classes():
    word = members(scripts.WORD_CHARACTERS)
    assert {ord(c) for c in "आपकी০১२ৎ3aZé\u200c\u200d"} <= word
    assert not {ord(c) for c in "।॥?!.,\"'“”‘’ \n\t-—"} & word
    native = block_points(DEVANAGARI) | block_points(BENGALI)
    assert members(scripts.NATIVE_CHARACTERS) == native
    assert members(scripts.WORD_LETTERS) == (word & native) | {ord(c) for c in "ABCXYZabcxyz"} | \
        (members("A-Za-z"))
    assert members(scripts.NATIVE_DIGITS) == {c for c in native if unicodedata.category(chr(c)) == "Nd"}
    assert members(scripts.SENTENCE_ENDS) == {ord(c) for c in "।॥?!"}
    assert scripts.DOUBLE_OPENING == '"“”«' and scripts.DOUBLE_CLOSING == '"“”»'
    assert all(scripts.QUOTE_PAIRS[o] in scripts.DOUBLE_CLOSING + scripts.SINGLE_CLOSING for o in scripts.QUOTE_PAIRS)


def test_the_compiled_tokenizer_table_is_the_token_class():
    from honorifics.extraction import tokens
    word = members(scripts.WORD_CHARACTERS)
    for code in range(0x2100):
        assert scripts.is_word_code(code) == (code in word) == tokens._is_word_code(code), hex(code)
    assert not scripts.is_word_code(0x10FFFF)


def test_class_body_escapes_and_merges():
    body = scripts.class_body(((ord("a"), ord("c")), (ord("b"), ord("f"))), "]-^\\")
    assert re.fullmatch(f"[{body}]+", "abcdef]-^\\") and not re.search(f"[{body}]", "g[")
    assert scripts.without(((0, 10),), "\x05") == ((0, 4), (6, 10))


def test_script_to_languages_is_one_to_many():
    """A second Devanagari language comes after Hindi; it does not replace it."""
    nepali = languages.Language("ne", "Nepali", "deva", ("nep",))
    table = languages.script_languages((*languages.LANGUAGES, nepali))
    assert table["deva"] == ("hi", "ne") and table["beng"] == ("bn",)
    assert nepali.letters.pattern == languages.language("hi").letters.pattern
    assert languages.script_language("deva") == "hi" and languages.script_language("latn") is None
    assert languages.script_language("beng", "bn") == "bn" and languages.script_language("deva", "bn") == "hi"
    for entry in languages.LANGUAGES:
        assert entry.script in SCRIPTS and entry.block == SCRIPTS[entry.script].block


# Code points of the native blocks as regex escapes or characters in a range, digits
# ranges, and dandas inside a character class: written only in honorifics/scripts.py.
_WRITTEN_AGAIN = re.compile(r"\\u09[0-9a-fA-F]{2}-|-\\u09[0-9a-fA-F]{2}|०-९|০-৯|\[[^\]\n]*[।॥][^\]\n]*\]"
                            r"|0x0?9[0-9a-fA-F]{2}\b")
# normalize.py's folding rules name the characters they change (nukta, chandrabindu, …)
_FOLDING_RULES = {"extraction/normalize.py"}


@pytest.mark.parametrize("module", ["extraction/tokens.py", "extraction/normalize.py", "extraction/out_of_character.py",
                                    "extraction/narrative.py", "extraction/turns.py", "extraction/layout.py",
                                    "extraction/addressees.py", "extraction/evidence.py", "extraction/lexicon.py",
                                    "alignment/text.py", "scenarios/lint.py", "pipeline.py", "languages.py"])
def test_no_module_writes_script_code_points_again(module):
    source = (PACKAGE / module).read_text("utf-8")
    docstrings = set()   # docstrings and comments may show text
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and ast.get_docstring(node) is not None:
            first = node.body[0]
            docstrings.update(range(first.lineno, first.end_lineno + 1))
    code = "\n".join(line for number, line in enumerate(source.splitlines(), 1)
                     if number not in docstrings and not line.lstrip().startswith("#"))
    found = _WRITTEN_AGAIN.findall(code)
    if module in _FOLDING_RULES:
        found = [f for f in found if not f.startswith("\\u09")]   # single characters and the glide's vowels
    assert not found, f"{module}: {found} (name them in honorifics/scripts.py)"
    assert "WORD_CHARACTERS = \"" not in source and "_LETTER = \"" not in source
