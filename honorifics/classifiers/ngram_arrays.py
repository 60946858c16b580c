"""The n-gram tier classifier in numpy only: the fitted scikit-learn pipeline as plain arrays.

The n-gram model (:mod:`honorifics.classifiers.ngram`) is a union of TF-IDF
vectorizers (character n-grams inside words, word n-grams) followed by a
logistic regression. Predicting needs little of scikit-learn: the n-grams of
each text, each block's vocabulary (n-gram → column) and idf, then the
coefficients, intercepts and classes. :func:`export_pipeline` writes those to
``ngram.npz``; :class:`NgramArrays` reads them with ``numpy.load(...,
allow_pickle=False)`` (no pickle, no scikit-learn, no feature hashing: the
vocabulary is exact) and gives the same probabilities as the pipeline's
``predict_proba`` (tested to 1e-9 on the whole training corpus). So every
install of honorifics runs the shipped fallback; scikit-learn is needed only
to train a model.

What ``ngram.npz`` holds:

- ``header``: JSON text: ``format``, ``version``, ``classes`` (the order of
  the columns), ``replace`` (string replacements made before featurisation:
  the corpus mask ``[MASK]`` → one symbol), and one entry per feature block in
  column order: ``analyzer`` (``char_wb``, ``char`` or ``word``),
  ``ngram_range``, ``lowercase``, ``token_pattern`` (word blocks),
  ``sublinear_tf``, ``norm`` (``l2`` or null) and ``size``;
- ``vocabulary_<i>``: block *i*'s n-grams as UTF-8, joined by newlines, in
  column order (an n-gram never holds a newline: words are split at white space);
- ``idf_<i>``: block *i*'s idf (float64);
- ``coef`` (classes × features, or 1 × features for two classes) and
  ``intercept`` (float64).

>>> sorted(word_ngrams("Kal  ghar aana", (1, 2), r"\\S+", True))
['aana', 'ghar', 'ghar aana', 'kal', 'kal ghar']
>>> char_wb_ngrams("आप", (1, 2))
[' ', 'आ', 'प', ' ', ' आ', 'आप', 'प ']
"""
from __future__ import annotations

import json
import re
import zipfile
import zlib
from pathlib import Path
from typing import Any, Sequence

import numpy

#: File name of the exported model in a model directory (next to ``ngram.joblib``).
ARRAYS_FILE = "ngram.npz"
FORMAT = "honorifics-ngram"
VERSION = 1
#: Analyzers this module reproduces (those of scikit-learn's vectorizers, by name).
ANALYZERS = ("char_wb", "char", "word")

# scikit-learn's _VectorizerMixin._white_spaces
_WHITE_SPACES = re.compile(r"\s\s+")


class ArraysError(ValueError):
    """An ``ngram.npz`` that cannot be read, or a pipeline that cannot be exported."""


# --------------------------------------------------------------------------- analyzers
# The same n-grams, in the same order, as scikit-learn's vectorizers make them.

def char_wb_ngrams(text: str, ngram_range: tuple[int, int]) -> list[str]:
    """Character n-grams inside words, each word padded with one space on both sides."""
    low, high = ngram_range
    out: list[str] = []
    append = out.append
    for word in _WHITE_SPACES.sub(" ", text).split():
        word = " " + word + " "
        length = len(word)
        for n in range(low, high + 1):
            offset = 0
            append(word[offset:offset + n])
            while offset + n < length:
                offset += 1
                append(word[offset:offset + n])
            if offset == 0:   # a word shorter than n counts once
                break
    return out


def char_ngrams(text: str, ngram_range: tuple[int, int]) -> list[str]:
    """Character n-grams across the whole text (runs of white space made one space)."""
    text = _WHITE_SPACES.sub(" ", text)
    low, high = ngram_range
    length = len(text)
    out: list[str] = []
    if low == 1:
        out.extend(text)
        low = 2
    for n in range(low, min(high + 1, length + 1)):
        out.extend(text[index:index + n] for index in range(length - n + 1))
    return out


def word_ngrams(text: str, ngram_range: tuple[int, int], token_pattern: str | re.Pattern,
                lowercase: bool) -> list[str]:
    """Word n-grams (tokens found by ``token_pattern``, joined by one space)."""
    pattern = re.compile(token_pattern) if isinstance(token_pattern, str) else token_pattern
    tokens = pattern.findall(text.lower() if lowercase else text)
    low, high = ngram_range
    if high == 1:
        return tokens
    out = list(tokens) if low == 1 else []
    for n in range(max(low, 2), min(high + 1, len(tokens) + 1)):
        out.extend(" ".join(tokens[index:index + n]) for index in range(len(tokens) - n + 1))
    return out


class _Block:
    """One TF-IDF feature block: analyzer settings, vocabulary and idf."""

    def __init__(self, spec: dict[str, Any], vocabulary: list[str], idf: Any) -> None:
        analyzer = spec.get("analyzer")
        if analyzer not in ANALYZERS:
            raise ArraysError(f"analyzer {analyzer!r} is not one of {', '.join(ANALYZERS)}")
        self.analyzer = analyzer
        self.ngram_range = (int(spec["ngram_range"][0]), int(spec["ngram_range"][1]))
        self.lowercase = bool(spec.get("lowercase", False))
        self.sublinear_tf = bool(spec.get("sublinear_tf", False))
        self.norm = spec.get("norm")
        if self.norm not in ("l2", None):
            raise ArraysError(f"norm {self.norm!r} is not l2 or none")
        self.pattern = re.compile(spec["token_pattern"]) if analyzer == "word" else None
        if len(vocabulary) != len(idf) or len(vocabulary) != int(spec.get("size", len(idf))):
            raise ArraysError(f"a {analyzer} block has {len(vocabulary)} n-grams but {len(idf)} idf values")
        self.columns = {term: column for column, term in enumerate(vocabulary)}
        if len(self.columns) != len(vocabulary):
            raise ArraysError(f"a {analyzer} block repeats n-grams in its vocabulary")
        self.idf = numpy.asarray(idf, dtype=numpy.float64)

    def __len__(self) -> int:
        return len(self.idf)

    def ngrams(self, text: str) -> list[str]:
        if self.analyzer == "word":
            return word_ngrams(text, self.ngram_range, self.pattern, self.lowercase)
        text = text.lower() if self.lowercase else text
        if self.analyzer == "char_wb":
            return char_wb_ngrams(text, self.ngram_range)
        return char_ngrams(text, self.ngram_range)

    def features(self, text: str) -> tuple[Any, Any]:
        """``(columns, values)`` of the text's TF-IDF row (sorted columns, the row normalised)."""
        counts: dict[int, int] = {}
        columns = self.columns
        for gram in self.ngrams(text):
            column = columns.get(gram)
            if column is not None:
                counts[column] = counts.get(column, 0) + 1
        if not counts:
            return numpy.zeros(0, dtype=numpy.intp), numpy.zeros(0, dtype=numpy.float64)
        index = numpy.fromiter(sorted(counts), dtype=numpy.intp, count=len(counts))
        values = numpy.fromiter((counts[column] for column in index.tolist()), dtype=numpy.float64,
                                count=len(index))
        if self.sublinear_tf:
            values = numpy.log(values) + 1.0
        values = values * self.idf[index]
        if self.norm == "l2":
            norm = numpy.sqrt(numpy.dot(values, values))
            if norm > 0:
                values = values / norm
        return index, values


# --------------------------------------------------------------------------- the model

class NgramArrays:
    """The exported n-gram model: ``probabilities(texts)`` with numpy only.

    ``classes_`` and ``predict_proba`` mirror the scikit-learn pipeline (on
    texts already prepared); :meth:`probabilities` also makes the header's
    replacements and orders the columns by the labels asked for.
    """

    def __init__(self, header: dict[str, Any], blocks: list[_Block], coef: Any, intercept: Any) -> None:
        self.header = header
        self.blocks = blocks
        self.classes_ = numpy.asarray(header["classes"], dtype=object)
        self.replace = [(str(old), str(new)) for old, new in header.get("replace", [])]
        self.coef = numpy.asarray(coef, dtype=numpy.float64)
        self.intercept = numpy.asarray(intercept, dtype=numpy.float64).reshape(-1)
        width = sum(len(block) for block in blocks)
        rows = 1 if len(self.classes_) == 2 else len(self.classes_)
        if self.coef.shape != (rows, width) or self.intercept.shape != (rows,):
            raise ArraysError(f"coefficients of shape {self.coef.shape} and {self.intercept.shape[0]} intercepts "
                              f"do not fit {len(self.classes_)} classes and {width} features")
        self._coef_t = numpy.ascontiguousarray(self.coef.T)
        self._offsets = numpy.cumsum([0] + [len(block) for block in blocks])[:-1].tolist()

    @classmethod
    def load(cls, path: str | Path) -> "NgramArrays":
        """Read an ``ngram.npz`` written by :func:`export_pipeline` (no pickle allowed)."""
        try:
            with numpy.load(path, allow_pickle=False) as arrays:
                header = json.loads(str(arrays["header"]))
                if not isinstance(header, dict) or header.get("format") != FORMAT:
                    raise ArraysError(f"not an {FORMAT} file")
                if int(header.get("version", 0)) > VERSION:
                    raise ArraysError(f"format version {header.get('version')} is newer than this "
                                      f"honorifics reads ({VERSION}): upgrade honorifics")
                blocks = []
                for index, spec in enumerate(header["blocks"]):
                    text = arrays[f"vocabulary_{index}"].tobytes().decode("utf-8")
                    vocabulary = text.split("\n") if text else []
                    blocks.append(_Block(spec, vocabulary, arrays[f"idf_{index}"]))
                return cls(header, blocks, arrays["coef"], arrays["intercept"])
        except ArraysError:
            raise
        except (OSError, EOFError, ValueError, KeyError, TypeError, zipfile.BadZipFile, zlib.error) as error:
            # a truncated or foreign file (json and unicode errors are ValueErrors)
            raise ArraysError(f"not a complete {ARRAYS_FILE} ({type(error).__name__}: {error})") from None

    def decision_function(self, texts: Sequence[str]) -> Any:
        """Scores ``texts × classes`` (one column for two classes), as the pipeline's."""
        out = numpy.empty((len(texts), self.coef.shape[0]), dtype=numpy.float64)
        for row, text in enumerate(texts):
            score = self.intercept.copy()
            for block, offset in zip(self.blocks, self._offsets):
                index, values = block.features(text)
                if len(index):
                    score += values @ self._coef_t[index + offset]
            out[row] = score
        return out

    def predict_proba(self, texts: Sequence[str]) -> Any:
        """Class probabilities in ``classes_`` order (softmax; logistic for two classes)."""
        scores = self.decision_function(texts)
        if len(self.classes_) == 2:
            positive = 1.0 / (1.0 + numpy.exp(-scores[:, 0]))
            return numpy.stack([1.0 - positive, positive], axis=1)
        scores -= scores.max(axis=1, keepdims=True)
        numpy.exp(scores, out=scores)
        scores /= scores.sum(axis=1, keepdims=True)
        return scores

    def prepare(self, texts: Sequence[str]) -> list[str]:
        """Texts with the header's replacements made (the mask string → one symbol)."""
        out = []
        for text in texts:
            for old, new in self.replace:
                text = text.replace(old, new)
            out.append(text)
        return out

    def probabilities(self, texts: Sequence[str], labels: Sequence[str]) -> Any:
        """Probabilities ``texts × labels`` (0 for a label the model has no class for)."""
        out = numpy.zeros((len(texts), len(labels)))
        if not len(texts):
            return out
        raw = self.predict_proba(self.prepare(texts))
        for column, label in enumerate(self.classes_):
            if label in labels:
                out[:, list(labels).index(label)] = raw[:, column]
        return out


def load_arrays(path: str | Path) -> NgramArrays:
    """:meth:`NgramArrays.load`."""
    return NgramArrays.load(path)


# --------------------------------------------------------------------------- export (needs scikit-learn)

def _vectorizers(union: Any) -> list[Any]:
    if hasattr(union, "transformer_list"):
        if getattr(union, "transformer_weights", None):
            raise ArraysError("a feature union with transformer weights is not supported")
        return [transformer for _, transformer in union.transformer_list
                if transformer not in (None, "drop")]
    return [union]


def _block_spec(vectorizer: Any) -> tuple[dict[str, Any], list[str], Any]:
    params = vectorizer.get_params()
    unsupported = {
        "input": params.get("input") != "content",
        "preprocessor": params.get("preprocessor") is not None,
        "tokenizer": params.get("tokenizer") is not None,
        "strip_accents": bool(params.get("strip_accents")),
        "stop_words": params.get("stop_words") is not None,
        "binary": bool(params.get("binary")),
        "use_idf": not params.get("use_idf", True),
        "norm": params.get("norm") not in ("l2", None),
        "analyzer": params.get("analyzer") not in ANALYZERS,
        "dtype": numpy.dtype(params.get("dtype", numpy.float64)) != numpy.float64,
    }
    bad = [name for name, is_bad in unsupported.items() if is_bad]
    if bad:
        raise ArraysError(f"{type(vectorizer).__name__} with {', '.join(f'{n}={params.get(n)!r}' for n in bad)} "
                          "cannot be exported")
    vocabulary = [""] * len(vectorizer.vocabulary_)
    for term, column in vectorizer.vocabulary_.items():
        vocabulary[column] = term
    if any("\n" in term for term in vocabulary):
        raise ArraysError("an n-gram holds a newline")
    if len(set(vocabulary)) != len(vocabulary):
        raise ArraysError("the vocabulary's columns are not 0..n-1")
    spec = {"analyzer": params["analyzer"], "ngram_range": list(params["ngram_range"]),
            "lowercase": bool(params["lowercase"]), "sublinear_tf": bool(params["sublinear_tf"]),
            "norm": params["norm"], "size": len(vocabulary)}
    if params["analyzer"] == "word":
        spec["token_pattern"] = params["token_pattern"]
    return spec, vocabulary, numpy.asarray(vectorizer.idf_, dtype=numpy.float64)


def export_pipeline(pipeline: Any, path: str | Path,
                    replace: Sequence[tuple[str, str]] | None = None) -> Path:
    """Write a fitted ``TfidfVectorizer``(s) + ``LogisticRegression`` pipeline to ``path`` (``.npz``).

    ``replace`` defaults to the corpus mask (``[MASK]`` → the symbol the
    n-gram model sees, as :func:`honorifics.classifiers.ngram.prepare`).
    Raises :class:`ArraysError` for a pipeline this module cannot reproduce.
    """
    if replace is None:
        from honorifics.classifiers.labels import MASK_SYMBOL, MASK_TOKEN

        replace = [(MASK_TOKEN, MASK_SYMBOL)]
    steps = [step for _, step in getattr(pipeline, "steps", [])]
    if len(steps) != 2:
        raise ArraysError("expected a pipeline of features and a logistic regression")
    features, regression = steps
    if not hasattr(regression, "coef_") or type(regression).__name__ != "LogisticRegression":
        raise ArraysError(f"the last step is {type(regression).__name__}, not a fitted LogisticRegression")
    blocks = [_block_spec(vectorizer) for vectorizer in _vectorizers(features)]
    import sklearn

    header = {"format": FORMAT, "version": VERSION,
              "classes": [str(label) for label in regression.classes_],
              "replace": [list(pair) for pair in replace],
              "blocks": [spec for spec, _, _ in blocks],
              "exported_from": f"scikit-learn {sklearn.__version__}"}
    arrays: dict[str, Any] = {"header": numpy.array(json.dumps(header, ensure_ascii=False))}
    for index, (_, vocabulary, idf) in enumerate(blocks):
        arrays[f"vocabulary_{index}"] = numpy.frombuffer("\n".join(vocabulary).encode("utf-8"), dtype=numpy.uint8)
        arrays[f"idf_{index}"] = idf
    arrays["coef"] = numpy.asarray(regression.coef_, dtype=numpy.float64)
    arrays["intercept"] = numpy.asarray(regression.intercept_, dtype=numpy.float64)
    path = Path(path)
    _write_npz(path, arrays)
    NgramArrays.load(path)   # it reads back
    return path


def _write_npz(path: Path, arrays: dict[str, Any]) -> None:
    """``numpy.savez_compressed`` with a fixed member date: the same model, the same bytes."""
    from numpy.lib import format as npy

    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, array in arrays.items():
            member = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            member.compress_type = zipfile.ZIP_DEFLATED
            with archive.open(member, "w", force_zip64=True) as handle:
                npy.write_array(handle, numpy.asanyarray(array), allow_pickle=False)


def export_model_dir(directory: str | Path) -> Path:
    """Write ``DIR/ngram.npz`` from the ``DIR/ngram.joblib`` of an n-gram model folder
    (one trained before the export existed); needs scikit-learn."""
    import joblib

    from honorifics.classifiers.labels import NGRAM_FILE

    directory = Path(directory)
    if not (directory / NGRAM_FILE).is_file():
        raise ArraysError(f"{directory}: no {NGRAM_FILE} to export (not an n-gram model folder)")
    return export_pipeline(joblib.load(directory / NGRAM_FILE), directory / ARRAYS_FILE)


def _options(parser: Any) -> None:
    parser.add_argument("model_dir", type=Path, help="an n-gram model folder with its ngram.joblib")


def _main(args: Any) -> int:
    from honorifics.usage import UsageError, require

    require("sklearn", f"reading {args.model_dir}/ngram.joblib", "classifier")
    try:
        path = export_model_dir(args.model_dir)
    except ArraysError as error:
        raise UsageError(str(error)) from None
    print(f"wrote {path}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m honorifics.classifiers.ngram_arrays MODEL_DIR``: write ``MODEL_DIR/ngram.npz``."""
    from honorifics.usage import command

    run = command("python -m honorifics.classifiers.ngram_arrays",
                  "Export an n-gram tier classifier's ngram.joblib (scikit-learn) to ngram.npz, "
                  "which the fallback reads with numpy alone.", _options)(_main)
    return run(argv)


if __name__ == "__main__":
    import sys

    sys.exit(main())
