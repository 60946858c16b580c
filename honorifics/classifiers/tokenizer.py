"""A subword tokenizer trained locally for the small from-scratch classifier.

Unigram model over whitespace/punctuation pre-tokens, normalised to NFC only:
no lowercasing and no accent stripping, because stripping "accents" deletes
Indic vowel signs and viramas (``आपको`` would become ``आपक``, ``তোমার`` →
``তমর``). The Devanagari and Bengali blocks and ASCII are seeded into the
alphabet, so a letter missing from a small training corpus is still known.
"""
from __future__ import annotations

from typing import Any, Iterable

from honorifics.classifiers.corpus import MASK_TOKEN

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
    tokenizer = Tokenizer(models.Unigram())
    tokenizer.normalizer = normalizers.NFC()
    tokenizer.pre_tokenizer = pre_tokenizers.Sequence(
        [pre_tokenizers.WhitespaceSplit(), pre_tokenizers.Punctuation()])
    trainer = trainers.UnigramTrainer(
        vocab_size=max(vocab_size, len(alphabet) + len(SPECIAL_TOKENS) + 8),
        special_tokens=list(SPECIAL_TOKENS), unk_token=UNK, initial_alphabet=alphabet,
        max_piece_length=12, show_progress=False)
    tokenizer.train_from_iterator(list(texts), trainer)
    tokenizer.post_processor = processors.TemplateProcessing(
        single=f"{CLS} $A {SEP}", pair=f"{CLS} $A {SEP} $B {SEP}",
        special_tokens=[(CLS, tokenizer.token_to_id(CLS)), (SEP, tokenizer.token_to_id(SEP))])
    return PreTrainedTokenizerFast(
        tokenizer_object=tokenizer, pad_token=PAD, unk_token=UNK, cls_token=CLS,
        sep_token=SEP, mask_token=MASK_TOKEN)
