"""Propose verb roots for a lexicon from the licensed corpora in data/.

A stem seen in the corpora with several distinct verbal endings is a verb
(কর: করি, করে, করছে, করবি, করুন …; देख: देखो, देखा, देखते, देखिए …).
The output is a candidate list for review, not a lexicon: a person checks
it and adds the roots to ``verb_roots`` in honorifics/lang/<lang>/lexicon.yaml.

    python tools/induce_verb_roots.py bn            # candidates not yet listed
    python tools/induce_verb_roots.py hi --all      # every induced root
"""
from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from pathlib import Path

from honorifics.extraction.normalize import match_key
from honorifics.languages import language as registered_language

ROOT = Path(__file__).resolve().parent.parent
CORPORA = {
    "bn": ["data/bn_literature_dialogue.jsonl", "data/ud_bengali_bru_2p.jsonl", "data/dev_dialogues.jsonl"],
    "hi": ["data/cocoa_mt_hi_train.jsonl", "data/tydip_hi_requests.jsonl", "data/dev_dialogues.jsonl"],
}
TEXT_FIELDS = ("text", "narration_before", "narration_after", "source_text")
# Endings that (almost) only verbs take; nominal case endings (-ে, -ের, -ों) are left out.
ENDINGS = {
    "bn": ["ছি", "ছে", "ছেন", "ছিস", "ছো", "ছ", "লাম", "লেন", "লি", "লো", "ল", "বে", "বেন", "বি", "বো", "ব",
           "ুন", "িস", "েছে", "েছি", "েছেন", "েছিস", "েছো", "ছিল", "ছিলাম", "ছিলেন", "তাম", "তেন", "তিস", "ুক",
           "িনি", "েনি", "তে", "ি", "ো", "েন"],
    "hi": ["ो", "ा", "ी", "े", "ें", "ेंगे", "ेगा", "ेगी", "ूँगा", "ूंगा", "ोगे", "िए", "िये", "ते", "ती", "ता",
           "ना", "ने", "नी", "कर", "िएगा"],
}
#: roots must be seen with at least this many distinct endings
MIN_ENDINGS = {"bn": 4, "hi": 5}


def corpus_words(language: str):
    script = "beng" if language == "bn" else "deva"
    letters = re.compile(r"[\u0980-\u09FF]+" if language == "bn" else r"[\u0900-\u097F]+")
    for name in CORPORA[language]:
        for line in (ROOT / name).read_text("utf-8").splitlines():
            record = json.loads(line)
            if record.get("language", language) != language:
                continue
            for field in TEXT_FIELDS:
                value = record.get(field)
                if isinstance(value, str):
                    for word in letters.findall(value):
                        yield match_key(word, script)


def induce(language: str, min_endings: int | None = None) -> dict[str, set[str]]:
    """Stems with at least ``min_endings`` distinct verbal endings, and the endings seen."""
    words = set(corpus_words(language))
    endings = sorted(ENDINGS[language], key=len, reverse=True)
    seen: dict[str, set[str]] = defaultdict(set)
    for word in words:
        for ending in endings:
            if word.endswith(ending) and len(word) > len(ending):
                seen[word[:-len(ending)]].add(ending)
        if language == "hi":
            seen[word].add("")        # the bare stem itself (कर, देख)
    threshold = min_endings or MIN_ENDINGS[language]
    return {stem: found for stem, found in seen.items() if len(found - {""}) >= threshold}


def known_roots(language: str) -> set[str]:
    """The roots already in the lexicon's ``verb_roots`` (and bare stems), as match keys."""
    data = registered_language(language).read("lexicon")
    script = data["script"]
    listed = list(data.get("verb_roots") or ()) + list((data["verbs"].get("bare_stems") or {}).get("forms") or ())
    return {match_key(root, script) for root in listed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("language", choices=sorted(CORPORA))
    parser.add_argument("--all", action="store_true", help="also list roots already in the lexicon")
    parser.add_argument("--min-endings", type=int)
    args = parser.parse_args()
    known = known_roots(args.language)
    for stem, found in sorted(induce(args.language, args.min_endings).items(), key=lambda kv: -len(kv[1])):
        if args.all or stem not in known:
            print(f"{stem}\t{len(found)}\t{' '.join(sorted(found))}")


if __name__ == "__main__":
    main()
