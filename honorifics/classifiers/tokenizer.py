"""A subword tokenizer trained locally for the small from-scratch classifier.

Unigram model over whitespace/punctuation pre-tokens, normalised to NFC only:
no lowercasing and no accent stripping, because stripping "accents" deletes
Indic vowel signs and viramas (``आपको`` would become ``आपक``, ``তোমার`` →
``তমর``). The Devanagari and Bengali blocks and ASCII are seeded into the
alphabet, so a letter missing from a small training corpus is still known.
"""
from __future__ import annotations

import json
import os
from typing import Any, Iterable

from honorifics.classifiers.labels import MASK_TOKEN

PAD, UNK, CLS, SEP = "[PAD]", "[UNK]", "[CLS]", "[SEP]"
SPECIAL_TOKENS: tuple[str, ...] = (PAD, UNK, CLS, SEP, MASK_TOKEN)


def seeded_alphabet() -> list[str]:
    """Every Devanagari and Bengali code point, plus printable ASCII and a few marks."""
    points = list(range(0x0900, 0x0980)) + list(range(0x0980, 0x0A00)) + list(range(0x21, 0x7F))
    extra = "\u200c\u200d\u2018\u2019\u201c\u201d\u2013\u2014\u2026"   # ZWNJ, ZWJ, quotes, dashes
    return [chr(point) for point in points] + list(extra)


def train_tokenizer(texts: Iterable[str], vocab_size: int = 4000) -> Any:
    """Train a Unigram tokenizer on ``texts``; return a transformers fast tokenizer.

    >>> tokenizer = train_tokenizer(["आप कहाँ जा रहे हैं?", "তুমি কোথায় যাচ্ছ?"] * 5, 400)
    >>> "ि" in "".join(tokenizer.tokenize("कीजिए"))   # the vowel sign survives
    True
    """
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors, trainers
    from transformers import PreTrainedTokenizerFast

    alphabet = seeded_alphabet()
    texts = list(texts)
    tokenizer = Tokenizer(models.Unigram())
    tokenizer.normalizer = normalizers.NFC()
    tokenizer.pre_tokenizer = pre_tokenizers.Sequence(
        [pre_tokenizers.WhitespaceSplit(), pre_tokenizers.Punctuation()])
    trainer = trainers.UnigramTrainer(
        vocab_size=max(vocab_size, len(alphabet) + len(SPECIAL_TOKENS) + 8),
        special_tokens=list(SPECIAL_TOKENS), unk_token=UNK, initial_alphabet=alphabet,
        max_piece_length=12, show_progress=False)
    # The Unigram trainer's output order among pieces of equal score (and the last
    # bits of the scores) depends on thread scheduling and hash-map order: train
    # serially, then rebuild the model with scores rounded and pieces sorted, so
    # the same texts always give the same ids (otherwise training differs between
    # runs in the 5th decimal).
    previous = os.environ.get("TOKENIZERS_PARALLELISM")
    os.environ["TOKENIZERS_PARALLELISM"] = "false"
    try:
        tokenizer.train_from_iterator(texts, trainer)
    finally:
        if previous is None:
            os.environ.pop("TOKENIZERS_PARALLELISM", None)
        else:
            os.environ["TOKENIZERS_PARALLELISM"] = previous
    seen = {character for text in texts for character in text}
    vocabulary = json.loads(tokenizer.to_str())["model"]["vocab"]
    tokenizer.model = canonical_unigram(vocabulary, unseen=set(alphabet) - seen)
    tokenizer.post_processor = processors.TemplateProcessing(
        single=f"{CLS} $A {SEP}", pair=f"{CLS} $A {SEP} $B {SEP}",
        special_tokens=[(CLS, tokenizer.token_to_id(CLS)), (SEP, tokenizer.token_to_id(SEP))])
    return PreTrainedTokenizerFast(
        tokenizer_object=tokenizer, pad_token=PAD, unk_token=UNK, cls_token=CLS,
        sep_token=SEP, mask_token=MASK_TOKEN)


def canonical_unigram(vocabulary: list[list[Any]], unseen: set[str] = frozenset()) -> Any:
    """A Unigram model with special tokens first, then pieces by (rounded score desc, piece).

    ``unseen``: seeded alphabet characters absent from the training texts. The
    trainer gives these, and rare single characters, low scores stepped in an
    order that changes between runs; here they share one score per kind.

    >>> model = canonical_unigram([["[PAD]", 0.0], ["b", -2.0000000000000004], ["a", -2.0],
    ...                            ["[UNK]", 0.0], ["[CLS]", 0.0], ["[SEP]", 0.0], ["[MASK]", 0.0]])
    >>> [model.id_to_token(index) for index in range(7)]
    ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]', 'a', 'b']
    """
    from tokenizers import models

    scores = {piece: round(float(score), 9) for piece, score in vocabulary}
    # The trainer appends rare and unseen single characters below every learnt
    # piece, with scores stepped in an arbitrary order: give them one score.
    learnt = [score for piece, score in scores.items()
              if len(piece) > 1 and piece not in SPECIAL_TOKENS]
    floor = round(min(learnt, default=0.0), 9)
    for piece, score in scores.items():
        if piece in unseen:
            scores[piece] = round(floor - 2.0, 9)
        elif len(piece) == 1 and score < floor:
            scores[piece] = round(floor - 1.0, 9)
    ordinary = sorted((piece for piece in scores if piece not in SPECIAL_TOKENS),
                      key=lambda piece: (-scores[piece], piece))
    ordered = [(piece, scores.get(piece, 0.0)) for piece in SPECIAL_TOKENS] + \
              [(piece, scores[piece]) for piece in ordinary]
    return models.Unigram(ordered, unk_id=SPECIAL_TOKENS.index(UNK), byte_fallback=False)
