"""The kept engine code of the cue patterns gives the patterns re.compile gives.

honorifics.regexcache builds the long cue patterns from engine code an earlier
run kept in the cache folder. Checked here: equal patterns (pattern, flags and
engine code) and the same matches, from a cold and a warm cache, in a new
process, and that a damaged or unwritable cache only costs the compile.
"""
import os
import re
import subprocess
import sys

import pytest

from honorifics import regexcache
from honorifics.extraction.lexicon import load_lexicon
from honorifics.extraction.out_of_character import load_cues

if regexcache._ENGINE is None:   # pragma: no cover - not CPython
    pytest.skip("no CPython regex internals: regexcache is re.compile", allow_module_level=True)

PATTERNS = [("(?<![a-z])(?:आपको|तुम्हें)[^।]{0,60}ने पड़ता है", 0), ("(?P<name>[^\\s:]{1,40}):\\s", 0),
            ("(?i:main[^.?!\\n]{0,60}nahi(?:n)? [a-z]+)", 0), ("aap|tum", re.IGNORECASE)]
TEXTS = ["इस मंदिर में आपको जूते उतारने पड़ता है", "रवि: तुम आओ", "MAIN yeh nahin likh sakta", "Aap kaise ho", ""]


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    """An empty cache folder, and the module as in a new process."""
    monkeypatch.setenv("HONORIFICS_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(regexcache, "_kept", None)
    monkeypatch.setattr(regexcache, "_added", False)
    return tmp_path / "cache" / "regex"


def _same(compiled: re.Pattern, pattern: str, flags: int) -> None:
    expected = re.compile(pattern, flags)
    assert compiled == expected and compiled.groupindex == expected.groupindex
    assert compiled.groups == expected.groups
    for text in TEXTS:
        assert [m.span() for m in compiled.finditer(text)] == [m.span() for m in expected.finditer(text)]


def test_cold_then_warm_cache_gives_the_patterns_re_compile_gives(fresh_cache, monkeypatch):
    for pattern, flags in PATTERNS:
        _same(regexcache.compile(pattern, flags), pattern, flags)
    regexcache.save()
    kept = list(fresh_cache.glob("*.pickle"))
    assert len(kept) == 1
    # a new process: from the kept code, without parsing
    monkeypatch.setattr(regexcache, "_kept", None)
    parses = []
    real_parse = regexcache._sre_parse.parse
    monkeypatch.setattr(regexcache._sre_parse, "parse", lambda *a: parses.append(a) or real_parse(*a))
    for pattern, flags in PATTERNS:
        _same(regexcache.compile(pattern, flags), pattern, flags)
    assert parses == []
    # control: a pattern not kept is parsed
    _same(regexcache.compile("नया|new", 0), "नया|new", 0)
    assert parses   # (twice: re.compile, then the code to keep)


def test_a_damaged_or_unwritable_cache_only_costs_the_compile(fresh_cache, monkeypatch, tmp_path):
    fresh_cache.mkdir(parents=True)
    (fresh_cache / f"{regexcache._ENGINE}.pickle").write_bytes(b"not a pickle")
    pattern, flags = PATTERNS[0]
    _same(regexcache.compile(pattern, flags), pattern, flags)
    regexcache.save()
    # a file changed after it was written (a flipped byte) is not read
    path = fresh_cache / f"{regexcache._ENGINE}.pickle"
    data = bytearray(path.read_bytes())
    data[-40] ^= 1
    path.write_bytes(bytes(data))
    assert regexcache._read(path) == {}
    # kept code the engine rejects is dropped, not used
    regexcache._kept[(pattern, flags)] = (32, b"\x00" * 12, 0, {}, ())
    _same(regexcache.compile(pattern, flags), pattern, flags)
    assert regexcache._kept[(pattern, flags)][1] != b"\x00" * 12
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("HONORIFICS_CACHE", str(blocked))
    monkeypatch.setattr(regexcache, "_kept", None)
    _same(regexcache.compile(pattern, flags), pattern, flags)
    regexcache.save()   # nothing written, no error
    assert blocked.read_text() == "a file where the cache folder would be"


def test_the_cue_and_lexicon_patterns_equal_re_compile_in_a_new_process(tmp_path):
    # the real patterns, compiled in a child process that finds them kept by an earlier one
    script = ("import re, sys; from honorifics.extraction.lexicon import load_lexicon;"
              "from honorifics.extraction.out_of_character import load_cues;"
              "cues = [load_cues(n) for n in ('hi', 'bn')]; [c.pattern(k) for c in cues for k in c.sources];"
              "lexicons = [load_lexicon(n) for n in ('hi', 'bn', 'hi-Latn', 'bn-Latn')];"
              "patterns = [c.pattern(k) for c in cues for k in c.sources] + [l.generic_you for l in lexicons if l.generic_you];"
              "assert all(p == re.compile(p.pattern, p.flags) for p in patterns);"
              "print(len(patterns))")
    env = {**os.environ, "HONORIFICS_CACHE": str(tmp_path / "cache")}
    first = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    assert list((tmp_path / "cache" / "regex").glob("*.pickle"))
    second = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    assert second.returncode == 0, second.stderr
    assert int(second.stdout) == int(first.stdout) > 10
    kept = regexcache._read(next((tmp_path / "cache" / "regex").glob("*.pickle")))
    assert len(kept) >= int(first.stdout)


def test_the_lexicons_and_cues_use_it():
    # (the patterns are still re.Pattern objects, whatever built them)
    assert isinstance(load_lexicon("hi").generic_you, re.Pattern)
    assert isinstance(load_cues("bn").pattern("trigger"), re.Pattern)


def test_pool_workers_keep_what_they_compiled(tmp_path):
    # a run with two workers on an empty cache folder: the lexicons' and cues' patterns are
    # compiled in the workers, which end without atexit; each block saves what it compiled
    source = tmp_path / "in.jsonl"
    lines = [{"id": i, "text": text, "language": language} for i, (text, language) in
             enumerate([("तुम कहाँ हो? मैं यह नहीं लिख सकता।", "hi"), ("তুই কোথায়?", "bn")] * 20)]
    source.write_text("\n".join(__import__("json").dumps(x, ensure_ascii=False) for x in lines) + "\n",
                      encoding="utf-8")
    env = {**os.environ, "HONORIFICS_CACHE": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, "-m", "honorifics.cli", str(source), "--out", str(tmp_path / "out"),
                          "--quiet", "--no-classifier", "--workers", "2"], env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    kept = regexcache._read(next((tmp_path / "cache" / "regex").glob("*.pickle")))
    cue_patterns = [pattern for pattern, _ in kept if pattern.startswith("[^")]   # the cue triggers
    assert cue_patterns, "the workers' cue patterns were not kept"
