from honorifics.extraction.normalize import detect_script, match_key
from honorifics.extraction.tokens import tokenize


def test_nukta_precomposed_and_decomposed_match():
    precomposed, decomposed = "\u095b\u0930\u0942\u0930", "\u091c\u093c\u0930\u0942\u0930"
    assert match_key(precomposed, "deva") == match_key(decomposed, "deva") == match_key("जरूर", "deva")


def test_chandrabindu_and_anusvara_match():
    assert match_key("जाएँ", "deva") == match_key("जाएं", "deva")
    assert match_key("हूँ", "deva") == match_key("हूं", "deva")


def test_ye_and_e_spellings_of_the_polite_imperative_match():
    assert match_key("कीजिये", "deva") == match_key("कीजिए", "deva")
    assert match_key("गये", "deva") == match_key("गए", "deva")


def test_zero_width_joiners_and_doubled_marks_are_ignored():
    assert match_key("आप\u200dको", "deva") == match_key("आपको", "deva")
    assert match_key("तुम्हेंं", "deva") == match_key("तुम्हें", "deva")


def test_bangla_ya_and_khanda_ta_variants_match():
    assert match_key("\u09df", "beng") == match_key("\u09af\u09bc", "beng")
    assert match_key("\u09a4\u09cd\u200d", "beng") == match_key("\u09ce", "beng")


def test_romanized_variants_fold_together():
    assert match_key("Aap", "latn") == match_key("ap", "latn")
    assert match_key("korchho", "latn") == match_key("korcho", "latn")


def test_script_detection():
    assert detect_script("आप कैसे हैं?") == "deva"
    assert detect_script("আপনি কেমন আছেন?") == "beng"
    assert detect_script("Tumi kothay jaccho?") == "latn"
    assert detect_script("123 !!") is None


def test_tokens_keep_vowel_signs_and_spans_point_into_the_original():
    text = "**राहुल:** आपकी बात, তোমার কথা।"
    tokens = tokenize(text, [(0, len(text))], "deva")
    assert [t.text for t in tokens] == ["राहुल", "आपकी", "बात", "তোমার", "কথা"]
    assert all(text[t.start:t.end] == t.text for t in tokens)
    assert tokens[2].after == ","


def test_script_detection_in_two_scans_equals_counting_every_script():
    """detect_script's fast path (first letter, then any letter of another script) gives
    what counting the letters of each script gives, on every bundled text and mixtures."""
    import json
    import random
    from pathlib import Path

    from honorifics.extraction.normalize import _SCRIPT_LETTERS

    def by_counting(text):
        counts = {script: len(letters.findall(text)) for script, letters in _SCRIPT_LETTERS.items()}
        best = max(counts, key=counts.get)
        return best if counts[best] else None

    texts = ["", "123 !!", "abc आप", "আপনি ok", "ok", "तुम"]
    for path in sorted((Path(__file__).resolve().parent.parent / "data").glob("*.jsonl")):
        texts += [json.loads(line)["text"] for line in path.read_text("utf-8").splitlines() if line.strip()]
    rng = random.Random(5)
    texts += [rng.choice(texts) + " " + rng.choice(texts)[: rng.randrange(40)] for _ in range(2000)]
    assert len(texts) > 4000
    for text in texts:
        assert detect_script(text) == by_counting(text), text[:60]


def test_words_the_folding_leaves_unchanged_are_recognised_without_folding():
    """_fold_indic returns most words as they are without running the folding steps;
    on random words of each script's characters and on every word of the data it
    gives what the full folding gives."""
    import json
    import random
    from pathlib import Path

    from honorifics.extraction.normalize import _fold_indic, _fold_indic_full
    from honorifics.extraction.tokens import TOKEN

    rng = random.Random(7)
    characters = {"deva": [chr(c) for c in range(0x0900, 0x0980) if c not in (0x0964, 0x0965)],
                  "beng": [chr(c) for c in range(0x0980, 0x0A00)]}
    words = []
    for path in sorted((Path(__file__).resolve().parent.parent / "data").glob("*.jsonl")):
        for line in path.read_text("utf-8").splitlines():
            if line.strip():
                words += TOKEN.findall(json.loads(line)["text"])
    shortcut = 0
    for script, letters in characters.items():
        pool = letters + list("0123456789") + ["\u200c", "\u200d", "\u092f\u0947", "\u09c7\u09be"]
        samples = ["".join(rng.choice(pool) for _ in range(rng.randrange(1, 7))) for _ in range(40_000)]
        for word in samples + words:
            folded = _fold_indic(word, script)
            assert folded == _fold_indic_full(word, script), (script, word)
            shortcut += folded is word
    assert shortcut > 20_000
