"""Shortcuts before costly searches change no answer.

The generic-"you" search runs only where the pattern's required literals occur
(prefilter.py), and a turn is read for vocatives only where one may open a
sentence (addressees.may_have_vocative). Each is a necessary condition:
checked here against the full search on every text of the bundled data.
"""
import json
import re
from pathlib import Path

import pytest

from honorifics.extraction import addressees
from honorifics.extraction.lexicon import load_lexicon
from honorifics.extraction.prefilter import ANYTHING, may_match, required_literals

DATA = Path(__file__).resolve().parent.parent / "data"


def _texts(name: str) -> list[str]:
    return [json.loads(line)["text"] for line in open(DATA / name, encoding="utf-8")]


HINDI = _texts("cocoa_mt_hi_train.jsonl") + _texts("dev_dialogues.jsonl")
BANGLA = _texts("bn_literature_dialogue.jsonl") + _texts("ud_bengali_bru_2p.jsonl")
# real generic sentences and their address controls
GENERIC = {
    "hi": ["इस मंदिर में आपको जूते बाहर उतारने पड़ते हैं।", "जैसा करोगे, वैसा भरोगे।",
           "अगर आप रोज़ टहलते हैं, तो नींद अच्छी आती है।"],
    "bn": ["এই অফিসে আপনাকে সকাল নটায় আসতে হয়।", "যত ভালোই কাজ করুন না কেন, বস খুশি হন না।"],
}
CONTROLS = {"hi": ["आप अंदर आइए।", "तुम कल आओगे न?"], "bn": ["আপনি ভেতরে আসুন।", "তুই কোথায় ছিলি?"]}


@pytest.mark.parametrize("language,texts", [("hi", HINDI), ("bn", BANGLA)])
def test_generic_you_prefilter_never_hides_a_match(language, texts):
    lexicon = load_lexicon(language)
    required = lexicon.generic_you_required
    assert required != ANYTHING   # the native lexicons' patterns have literals to require
    for text in [*texts, *GENERIC[language], *CONTROLS[language]]:
        if lexicon.generic_you.search(text):
            assert may_match(required, text), text
    # it does rule out: the generic sentences pass, the controls do not
    assert all(may_match(required, t) for t in GENERIC[language])
    assert not any(may_match(required, t) for t in CONTROLS[language])
    ruled_out = sum(not may_match(required, t) for t in texts)
    assert ruled_out > len(texts) // 2


def test_required_literals_of_patterns():
    required = required_literals(re.compile("(?<![a-z])(?:(?:आपको|तुम्हें)[^।]{0,60}ने पड़ता है|जैसा [^,]+, ?वैसा)"))
    # two alternatives; in each, every requirement, the rarest-looking first
    assert required == ((("ने पड़ता है",), ("आपको", "तुम्हें")), (("जैसा ",), ("वैसा",), (",",)))
    # what it cannot read requires nothing: a case-insensitive part, an optional part, a class
    assert required_literals(re.compile("(?i:aapko) padta")) == (((" padta",),),)
    assert required_literals(re.compile("(?:aapko)? [a-z]+")) == (((" ",),),)
    assert required_literals(re.compile("[a-z]+")) == ANYTHING
    assert may_match(ANYTHING, "anything at all")


@pytest.mark.parametrize("language,texts", [("hi", HINDI), ("bn", BANGLA)])
def test_vocative_test_never_hides_a_vocative(language, texts):
    # a turn is read sentence by sentence for vocatives only where may_have_vocative
    # says one may open a sentence before the last evidence: never where the reading finds one
    lexicon = load_lexicon(language)
    found = ruled_out = 0
    for text in texts:
        spans = addressees.sentence_spans(text, 0, len(text))
        for last in (len(text), len(text) // 2):
            expected = any(addressees.vocative_at(text, start, end, lexicon) for start, end in spans
                           if start <= last)
            quick = addressees.may_have_vocative(text, 0, len(text), last, lexicon)
            assert quick or not expected, text
            found += expected
            ruled_out += not quick
    assert found > 0 and ruled_out > len(texts) // 2


_GATE_CHECK = """
import json, sys
import honorifics.pipeline as pipeline
lines = []
for path in sys.argv[1:]:
    lines += open(path, "rb").read().splitlines()
gated = [pipeline.Analyzer().analyze_line(line, n).to_dict() for n, line in enumerate(lines, 1)]
asked = []
pipeline.may_change_addressee = lambda *arguments: asked.append(1) or True
open_gate = [pipeline.Analyzer().analyze_line(line, n).to_dict() for n, line in enumerate(lines, 1)]
print(json.dumps({"same": gated == open_gate, "asked": len(asked),
                  "by_addressee": sum(bool(s.get("by_addressee")) for r in gated for s in r.get("speakers", {}).values())}))
"""


def test_addressee_gate_changes_no_record():
    # the pipeline reads a turn's addressees evidence by evidence only where
    # may_change_addressee says they can change: with the gate always open, every
    # record of the dialogue sets (vocatives, asides, groups) comes out the same.
    # (In the pure-Python modules, where the gate can be replaced: compiled calls are direct.)
    import os
    import subprocess
    import sys
    files = [str(DATA / name) for name in ("dev_dialogues.jsonl", "probe_dev.jsonl", "bn_literature_dialogue.jsonl")]
    result = subprocess.run([sys.executable, "-c", _GATE_CHECK, *files], capture_output=True, text=True, check=True,
                            env={**os.environ, "HONORIFICS_PURE_PYTHON": "1"})
    found = json.loads(result.stdout)
    assert found["asked"] > 100 and found["by_addressee"] > 5
    assert found["same"]


def _raw(turn):
    return (turn.speaker, turn.kind, turn.start, turn.end, list(turn.segments), turn.label, turn.unlisted,
            turn.narrative, turn.ooc, turn.direction, turn.to)


@pytest.mark.parametrize("language,script,texts", [("hi", "deva", HINDI), ("bn", "beng", BANGLA)])
def test_plain_line_shortcut_gives_the_turns_of_the_line_by_line_reading(language, script, texts):
    # split_turns reads a plain line (turns.plain_line) without the line-by-line reading:
    # the same turns, refusals and notes included, for every line and text of the bundled data
    from honorifics.extraction import turns
    from honorifics.extraction.speakers import SpeakerIndex
    lexicon = load_lexicon(language)
    index = SpeakerIndex([], lexicon)
    candidates = texts + [line for text in texts for line in text.splitlines()]
    candidates += ["मुझे खेद है, मैं यह पटकथा नहीं लिख सकता।", "দুঃখিত, আমি এই গল্পটি লিখতে পারব না।"]
    # a hyphen inside a word leaves a line plain; the notes, refusals and labels it could touch
    candidates += ["कभी-कभी तुम माता-पिता की बात भी सुना करो।", "টীকা-টিপ্পনী ছাড়া তুমি কথা বলো না।",
                   "Note-taking ke liye tum kya karte ho?", "नोट-बुक में तुम लिख लो।", "মা-বাবা কি তোমাকে বকেছেন?",
                   "ध्यान-दें तुम", "I am sorry-but I cannot write this story.", "Ravi-ji aap kaise hain?",
                   "मुझे खेद-सहित कहना है, मैं यह पटकथा नहीं लिख सकता।"]
    plain = [text for text in candidates if turns.plain_line(text)]
    assert len(plain) > 100 and len(plain) < len(candidates)
    for text in plain:
        for reply_to_user, latin_letters in ((False, False), (True, False), (False, True)):
            quick = turns.split_turns(text, [], "speaker", lexicon, script, index, reply_to_user=reply_to_user,
                                      latin_letters=latin_letters)
            read = turns._split_lines(text, [], "speaker", lexicon, script, index, reply_to_user=reply_to_user,
                                      latin_letters=latin_letters)
            assert [_raw(t) for t in quick] == [_raw(t) for t in read], text
    # not plain: a label, a frame line's comma, a quote, a second line
    assert not any(turns.plain_line(t) for t in ("राम: आओ", "राम ने कहा,", 'वह बोला "आओ"', "आओ\nजाओ"))
    # a hyphen that is no word's: a bullet, a spaced dash, a dash at a word's edge
    assert not any(turns.plain_line(t) for t in ("- आओ", "राम - आओ", "राम -आओ", "राम- आओ", "आओ -", "आ--ओ"))
    assert turns.plain_line("कभी-कभी आओ")


def test_vocative_opening_pattern_matches_as_the_plain_backtracking_one():
    # _OPENING takes its words possessively (no backtracking): the same matches and words
    # as the plain pattern, at every position of the bundled texts and of random strings
    import random

    from honorifics.scripts import WORD_CHARACTERS
    word = f"[{WORD_CHARACTERS}]+(?:['’][{WORD_CHARACTERS}]+)?"
    plain = re.compile(f"(?P<words>(?:{word}[ \\t]+){{0,3}}{word})[ \\t]*[,!،]")
    rng = random.Random(7)
    texts = HINDI + BANGLA + ["".join(rng.choice("ab क'’ ,!،\t-\"*_।") for _ in range(rng.randint(0, 25)))
                              for _ in range(3000)]
    matched = 0
    for text in texts:
        for position in range(min(len(text), 40)):
            expected = plain.match(text, position)
            found = addressees._OPENING.match(text, position)
            assert (expected is None) == (found is None), (text, position)
            if expected is not None:
                assert (expected.span(), expected.group("words")) == (found.span(), found.group("words"))
                matched += 1
    assert matched > 1000


def test_vocative_names_read_back_from_marks_as_the_pattern_finds_them():
    # vocative_names reads back from each comma, "!" or "?" instead of searching
    # VOCATIVE_NAME (which backtracks through every word): the same (position, word)
    # pairs on the bundled texts and random strings, over whole texts and random ranges
    import random

    rng = random.Random(5)
    texts = HINDI + BANGLA + ["अबे विक्की , तू कहाँ था?", "Rahul!! tum?", "  , ,", "माँ،आओ", "राम\u3000, \u00a0सुनो\u2029!"]
    texts += ["".join(rng.choice("अब क्ष तु, !?،\n\t\u200d.aZ9৯ক \u00a0\u3000\u2003\x1c") for _ in range(rng.randint(0, 30)))
              for _ in range(5000)]
    found = 0
    for text in texts:
        for start, end in ((0, len(text)), *((a, rng.randint(a, len(text))) for a in
                                             (rng.randint(0, len(text)) for _ in range(2)))):
            expected = [(m.start(), m.group()) for m in addressees.VOCATIVE_NAME.finditer(text, start, end)]
            assert addressees.vocative_names(text, start, end) == expected, (text, start, end)
            # the compiled path's loop over code points, whichever path runs here
            assert addressees.vocative_names_by_character(text, start, end) == expected, (text, start, end)
            found += len(expected)
    assert found > 1000
    # control: a word with no mark after it is no vocative name
    assert addressees.vocative_names("विक्की तू कहाँ था", 0, 17) == []


def test_opening_and_trailing_gates_never_hide_a_match():
    # compiled, may_have_vocative tries _OPENING_AT_START only where may_open_at says it may
    # match, and may_change_addressee searches _TRAILING_ANYWHERE only where may_trail does:
    # neither may say False where its pattern matches (bundled texts, random strings and ranges)
    import random

    rng = random.Random(17)
    texts = HINDI + BANGLA + ["अरे, ' ' ' ' राम, आप", "सुनो, Ma'am!", "हाँ, दीदी, जी।", "आप -।", ", ,आ"]
    texts += ["".join(rng.choice("अब क्ष तु, !?،\n\t\u200d.aZ9৯ক '’-\"“”)*_।…\u00a0\u2014(") for _ in range(rng.randint(0, 30)))
              for _ in range(6000)]
    texts += ["आप बैठिए ना दीदी, मैं चाय लाती हूँ।", "रो मत पिंकी।", "बैठो 'दीदी'!", "सुनो दीदी\n", "सुनो दीदी ,"]
    opened = trailed = called = 0
    for text in texts:
        for start, end in ((0, len(text)), *((a, rng.randint(a, len(text))) for a in
                                             (rng.randint(0, len(text)) for _ in range(2)))):
            if addressees._TRAILING_ANYWHERE.search(text, start, end) is not None:
                assert addressees.may_trail(text, start, end), (text, start, end)
                trailed += 1
            for position in range(start, min(end, start + 40)):
                if addressees._OPENING_AT_START.match(text, position, end) is not None:
                    assert addressees.may_open_at(text, position, end), (text, position, end)
                    opened += 1
                if addressees._UNMARKED_VOCATIVE.match(text, position, end) is not None:
                    assert addressees.may_call_after(text, position, end), (text, position, end)
                    called += 1
    assert opened > 1000 and trailed > 1000 and called > 1000
    # and they rule out what they should: a clause after a comma, a sentence with no comma near its start
    text = "इसे ग्राहक सेवा की संस्कृति होने के लिए, बल्कि एक अनुभव बनाने की ज़रूरत है।"
    assert not addressees.may_trail(text, 0, len(text)) and not addressees.may_open_at(text, 0, len(text))
    assert addressees.may_trail("आप बैठिए, दीदी।", 0, 15) and addressees.may_open_at("रहीम चाचा, आप", 0, 13)
    assert addressees.may_call_after("आप बैठिए दीदी, मैं", 8, 18) and not addressees.may_call_after(text, 5, len(text))


def test_letters_counted_by_character_as_by_search():
    # compiled, a text with letters of two scripts has them counted by one loop over its
    # code points (normalize._letters_by_script); interpreted, by one findall per script
    import random

    from honorifics.extraction import normalize
    rng = random.Random(11)
    texts = HINDI + BANGLA + ["", "Tumi kothay? আমি", "आप কি", "A ক", "ঠিক আছে, ok"]
    texts += ["".join(rng.choice("aZ कক ।,1৩\u0964\u09ff\u097f\u0980ÄΩ") for _ in range(rng.randint(0, 12)))
              for _ in range(3000)]
    for text in texts:
        expected = [len(letters.findall(text)) for letters in normalize._SCRIPT_LETTERS.values()]
        assert normalize._letters_by_script(text) == expected, text


def test_other_script_found_by_character_as_by_search():
    # compiled, whether a text has a letter of another script than its first letter's is one
    # loop over its code points (normalize._other_script_letter); interpreted, one search
    import random

    from honorifics.extraction import normalize
    rng = random.Random(12)
    texts = HINDI + BANGLA + ["", "Tumi kothay? আমি", "आप কি", "A ক", "ঠিক আছে, ok", "आप The Home Depot"]
    texts += ["".join(rng.choice("aZ कক ।,1৩\u0964\u09ff\u097f\u0980ÄΩ") for _ in range(rng.randint(0, 12)))
              for _ in range(3000)]
    found = 0
    for text in texts:
        for start in range(len(text) + 1):
            for script, number in normalize._SCRIPT_NUMBERS.items():
                expected = normalize._OTHER_LETTERS[script].search(text, start) is not None
                assert normalize._other_script_letter(text, start, number) == expected, (text, start, script)
                found += expected
    assert found > 1000
    # control: a Hindi text with no other script's letter
    assert not normalize._other_script_letter("आप कैसे हैं? 12", 0, normalize._SCRIPT_NUMBERS["deva"])


def test_words_in_a_script_counted_by_character_as_by_search():
    # the turn's script test counts words and words with a letter of the record's script:
    # compiled by one loop over the code points, interpreted by a search per word
    import random

    from honorifics.extraction import normalize
    from honorifics.extraction.tokens import TOKEN, words_in_script
    rng = random.Random(5)
    texts = HINDI + BANGLA + ["मैं Deep-Aligned पढ़ रहा हूँ", "ঠিক আছে, ok boss", ""]
    texts += ["".join(rng.choice("aZ कক ।,1৩'\u200c\u0964\u09ffÄ-") for _ in range(rng.randint(0, 14)))
              for _ in range(3000)]
    for script in ("deva", "beng", "latn"):
        for text in texts:
            words = TOKEN.findall(text)
            expected = (len(words), sum(1 for w in words if normalize.has_script(w, script)))
            assert words_in_script(text, script) == expected, (script, text)


def test_trailing_vocative_patterns_match_as_without_possessive_words():
    # the trailing-vocative patterns take their up to three words possessively (Python 3.11+):
    # giving a word back never lets the rest match (a separator or a letter follows it), so the
    # matches are those of the same patterns with the words taken greedily
    import random
    import re
    import sys

    from honorifics.extraction import addressees
    if sys.version_info < (3, 11):
        return
    rng = random.Random(3)
    alphabet = list("abcराम") + [" ", " ", ",", "،", "-", "'", "’", "।", ".", "!", "?", "\n", "\t", '"', ")", "*", "…"]
    found = 0
    for pattern in (addressees._TRAILING_ANYWHERE, addressees._TRAILING):
        greedy = re.compile(pattern.pattern.replace("{0,2}+", "{0,2}"))
        assert greedy.pattern != pattern.pattern
        for _ in range(20000):
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 16)))
            for start in range(0, len(text), 3):
                expected = [(m.span(), m.group("words")) for m in greedy.finditer(text, start)]
                assert [(m.span(), m.group("words")) for m in pattern.finditer(text, start)] == expected, text
                found += len(expected)
    assert found > 1000
