"""Batched, deterministic inference shared by training, evaluation and the fallback (CPU, or the
GPU a model being trained is on)."""
from __future__ import annotations

import os
from typing import Any, Sequence

from honorifics.classifiers.labels import MASK_TOKEN, SETTINGS_FILE  # noqa: F401 (re-exported)


def set_offline() -> None:
    """Forbid Hugging Face libraries from reaching a hub (set before they are imported)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def quiet_transformers() -> None:
    """No weight-loading/saving progress bars or warnings from transformers (we show our own)."""
    from transformers.utils import logging

    logging.disable_progress_bar()
    logging.set_verbosity_error()


def prepare_texts(texts: Sequence[str], tokenizer: Any) -> list[str]:
    """Map the corpus mask string to the tokenizer's own mask token (``<mask>`` for XLM-R)."""
    mask = getattr(tokenizer, "mask_token", None) or MASK_TOKEN
    if mask == MASK_TOKEN:
        return list(texts)
    return [text.replace(MASK_TOKEN, mask) for text in texts]


def encode(tokenizer: Any, texts: Sequence[str], max_length: int) -> list[list[int]]:
    """Token ids of each text, truncated to ``max_length`` (special tokens included)."""
    encoded = tokenizer(prepare_texts(texts, tokenizer), truncation=True, max_length=max_length)
    return list(encoded["input_ids"])


def pad_batch(sequences: Sequence[Sequence[int]], pad_id: int) -> tuple[Any, Any]:
    """``(input_ids, attention_mask)`` tensors, right-padded to the longest sequence."""
    import torch

    width = max(len(sequence) for sequence in sequences)
    ids = torch.full((len(sequences), width), pad_id, dtype=torch.long)
    attention = torch.zeros((len(sequences), width), dtype=torch.long)
    for row, sequence in enumerate(sequences):
        ids[row, :len(sequence)] = torch.tensor(sequence, dtype=torch.long)
        attention[row, :len(sequence)] = 1
    return ids, attention


def batched_logits(model: Any, tokenizer: Any, texts: Sequence[str], max_length: int,
                   batch_size: int = 32) -> Any:
    """Logits (numpy, ``len(texts) × labels``) in eval mode, without gradients, on the
    device the model is on (float32)."""
    import numpy
    import torch

    if not texts:
        return numpy.zeros((0, model.config.num_labels), dtype=numpy.float32)
    model.eval()
    pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    sequences = encode(tokenizer, texts, max_length)
    # Sorting by length keeps padding (and time) small; the order is restored below.
    order = sorted(range(len(sequences)), key=lambda index: len(sequences[index]))
    out = numpy.zeros((len(sequences), model.config.num_labels), dtype=numpy.float32)
    device = next(model.parameters()).device
    with torch.no_grad():
        for begin in range(0, len(order), batch_size):
            rows = order[begin:begin + batch_size]
            ids, attention = pad_batch([sequences[row] for row in rows], pad_id)
            if device.type != "cpu":
                ids, attention = ids.to(device), attention.to(device)
            logits = model(input_ids=ids, attention_mask=attention).logits
            out[rows] = logits.float().cpu().numpy()
    return out


def softmax(logits: Any, temperature: float = 1.0) -> Any:
    """Row-wise softmax of ``logits / temperature`` (numerically stable)."""
    import numpy

    scaled = numpy.asarray(logits, dtype=numpy.float64) / temperature
    scaled -= scaled.max(axis=1, keepdims=True)
    exponent = numpy.exp(scaled)
    return exponent / exponent.sum(axis=1, keepdims=True)
