"""The tier classifier as the analyzer's fallback for utterances the rules cannot decide.

Two kinds of model directory load here, told apart by ``model_type`` in
``tier_classifier.json``: ``ngram`` (the shipped model: its ``ngram.npz`` runs on
numpy alone, so every install has the fallback; a folder with only the
scikit-learn ``ngram.joblib`` needs scikit-learn) and ``encoder`` (a fine-tuned
transformers encoder). Loaded lazily, from a local directory only (never the hub)::

    >>> from honorifics.classifiers.fallback import load_fallback
    >>> fallback, why_not = load_fallback()             # doctest: +SKIP
    >>> fallback.predict(["कल ज़रूर आइएगा, सर"], ["hi"])  # doctest: +SKIP
    [Prediction(tier='formal', confidence=0.93, probabilities={...})]

The analyzer must keep rule evidence as it is and use a prediction only when
``tier`` is not None (``None`` = abstain: confidence below the threshold, or a
language the model was not trained on).
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from honorifics.classifiers.labels import LABELS, NGRAM, SETTINGS_FILE
from honorifics.usage import UsageError

#: Environment variable that points to a model directory other than the shipped one.
MODEL_DIR_VARIABLE = "HONORIFICS_MODEL_DIR"
#: Used when a model directory records no threshold of its own (see load_fallback).
DEFAULT_THRESHOLD = 0.9


#: The package folder of the shipped model (package data: in the wheel and in the source tree).
SHIPPED_PACKAGE = "honorifics.classifiers"
SHIPPED_FOLDER = "shipped"


def shipped_model_dir() -> Path:
    """The shipped model: ``honorifics/classifiers/shipped/`` (package data, found with
    :mod:`importlib.resources`, so a wheel install has it too)."""
    from importlib import resources

    folder = resources.files(SHIPPED_PACKAGE).joinpath(SHIPPED_FOLDER)
    # an installed package (wheel or editable) is on the file system; a zipped one is not read
    return folder if isinstance(folder, Path) else Path(str(folder))


def default_model_dir() -> Path:
    """``$HONORIFICS_MODEL_DIR`` when set, else the shipped model."""
    override = os.environ.get(MODEL_DIR_VARIABLE)
    return Path(override).expanduser() if override else shipped_model_dir()


class ModelDirError(UsageError, ValueError):
    """``$HONORIFICS_MODEL_DIR`` names no model folder: a mistake to fix, not a note."""


def model_dir_problem(directory: str | Path) -> str | None:
    """Why ``directory`` is not a tier-classifier model folder (one line), else None.

    Told apart by their files: ``tier_classifier.json`` (labels, threshold,
    ``model_type``) with ``ngram.npz`` (numpy) or ``ngram.joblib`` (scikit-learn)
    for an n-gram model or ``config.json``
    and the weights for an encoder; a Hugging Face classifier folder without
    ``tier_classifier.json`` is accepted as an encoder.
    """
    directory = Path(directory).expanduser()
    if not directory.exists():
        return f"no model directory at {directory}"
    if not directory.is_dir():
        return f"{directory} is a file, not a model directory"
    from honorifics.classifiers.ngram import NGRAM_FILE
    from honorifics.classifiers.ngram_arrays import ARRAYS_FILE

    ngram_files = [name for name in (ARRAYS_FILE, NGRAM_FILE) if (directory / name).is_file()]
    settings_path = directory / SETTINGS_FILE
    if settings_path.is_file():
        try:
            settings = json.loads(settings_path.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            return f"{settings_path} is not readable JSON ({type(error).__name__}): not a model 'honorifics train' wrote"
        if not isinstance(settings, dict):
            return f"{settings_path} is not a JSON object: not a model 'honorifics train' wrote"
        if settings.get("model_type") == NGRAM:
            if not ngram_files:
                return (f"{directory} is an n-gram model folder without its {ARRAYS_FILE} or {NGRAM_FILE} "
                        "(copy the whole folder)")
            return None
        if not (directory / "config.json").is_file():
            return (f"{directory} is an encoder model folder without its config.json and weights "
                    "(copy the whole folder)")
        return None
    if ngram_files:
        return (f"{directory} has {ngram_files[0]} but no {SETTINGS_FILE} (its labels and threshold): "
                "copy the whole folder 'honorifics train --model-type ngram' wrote")
    if (directory / "config.json").is_file():
        return None   # a Hugging Face classifier saved elsewhere: labels from its config
    return (f"{directory} is not a tier-classifier model folder: no {SETTINGS_FILE} (with {ARRAYS_FILE} "
            f"for an n-gram model, config.json for an encoder), as 'honorifics train' writes")


def check_model_dir() -> None:
    """Raise :class:`ModelDirError` when ``$HONORIFICS_MODEL_DIR`` is set and names no model folder.

    The variable is a deliberate choice: a typo must stop a run, not quietly run
    it without the classifier (or with the shipped one). Unset, nothing is checked
    (a missing shipped model is a note: the rules still run).
    """
    override = os.environ.get(MODEL_DIR_VARIABLE)
    if not override:
        return
    problem = model_dir_problem(override)
    if problem:
        raise ModelDirError(f"{MODEL_DIR_VARIABLE}={override}: {problem} (unset it to use the "
                            f"shipped model, or point it at a folder written by 'honorifics train')")


@dataclass(slots=True)
class Prediction:
    """The classifier's answer for one utterance.

    ``tier`` is one of intimate/familiar/formal/none, or ``None`` when the
    classifier abstains; ``confidence`` is the calibrated probability of the
    top class; ``probabilities`` covers all four classes.
    """
    tier: str | None
    confidence: float
    probabilities: dict[str, float]


class TierFallback:
    """A loaded classifier: batched, CPU, deterministic prediction with abstention."""

    def __init__(self, model: Any, tokenizer: Any, settings: dict[str, Any],
                 threshold: float, model_dir: Path, batch_size: int = 32):
        self.model = model
        self.tokenizer = tokenizer
        self.settings = settings
        self.threshold = threshold
        self.model_dir = model_dir
        self.batch_size = batch_size
        self.labels: tuple[str, ...] = tuple(settings.get("labels", LABELS))
        self.temperature = float(settings.get("temperature", 1.0))
        self.max_length = int(settings.get("max_length", 128))
        self.languages = frozenset(settings.get("languages", ()))

    @property
    def model_type(self) -> str:
        return str(self.settings.get("model_type", "encoder"))

    def probabilities(self, texts: Sequence[str]) -> Any:
        """Calibrated class probabilities (numpy, ``len(texts) × 4``)."""
        if self.model_type == NGRAM:
            from honorifics.classifiers.ngram_arrays import NgramArrays

            if isinstance(self.model, NgramArrays):
                return self.model.probabilities(list(texts), LABELS)
            from honorifics.classifiers.ngram import probabilities

            return probabilities(self.model, list(texts))
        from honorifics.classifiers.inference import batched_logits, softmax

        logits = batched_logits(self.model, self.tokenizer, list(texts), self.max_length,
                                self.batch_size)
        return softmax(logits, self.temperature)

    def predict(self, texts: list[str], languages: list[str]) -> list[Prediction]:
        """One :class:`Prediction` per text; abstains below the threshold.

        It also abstains for a language outside those the model was trained on
        (``languages`` entries that are None or empty are not checked).
        """
        if len(texts) != len(languages):
            raise ValueError(f"{len(texts)} texts but {len(languages)} languages")
        if not texts:
            return []
        table = self.probabilities(texts)
        out = []
        for row, language in zip(table, languages):
            probabilities = {label: float(value) for label, value in zip(self.labels, row)}
            best = max(probabilities, key=probabilities.get)
            confidence = probabilities[best]
            known_language = not language or not self.languages or language in self.languages
            tier = best if confidence >= self.threshold and known_language else None
            out.append(Prediction(tier, confidence, probabilities))
        return out


def _missing_ml_library(names: Sequence[str] = ("torch", "transformers", "tokenizers")) -> str | None:
    import importlib.util

    for name in names:
        try:
            found = importlib.util.find_spec(name)
        except ValueError:   # a module blocked as None in sys.modules
            found = None
        if found is None:
            return name
    return None


def load_fallback(model_dir: str | Path | None = None, *,
                  threshold: float | None = None) -> tuple[TierFallback | None, str | None]:
    """Load the tier classifier; ``(fallback, None)`` or ``(None, one-line reason)``.

    ``model_dir`` defaults to ``$HONORIFICS_MODEL_DIR`` or the shipped
    model (:func:`shipped_model_dir`). ``threshold`` defaults to the one recorded in
    the model directory (chosen on its dev set for precision ≥ 0.9 of tier
    decisions), else :data:`DEFAULT_THRESHOLD`. Never raises for a missing
    directory or missing torch/transformers: it says why instead.
    """
    directory = Path(model_dir).expanduser() if model_dir is not None else default_model_dir()
    problem = model_dir_problem(directory)
    if problem:
        return None, f"tier classifier off: {problem}"
    settings_path = directory / SETTINGS_FILE
    settings = json.loads(settings_path.read_text("utf-8")) if settings_path.exists() else {}
    if settings.get("model_type") == NGRAM:
        return _load_ngram(directory, settings, threshold)
    missing = _missing_ml_library()
    if missing:
        return None, (f"tier classifier off: {missing} is not installed "
                      "(pip install 'honorifics[ml]')")
    from honorifics.classifiers.inference import quiet_transformers, set_offline

    set_offline()
    quiet_transformers()
    try:
        from transformers import AutoModelForSequenceClassification, AutoTokenizer

        tokenizer = AutoTokenizer.from_pretrained(directory, local_files_only=True)
        model = AutoModelForSequenceClassification.from_pretrained(directory, local_files_only=True)
    except (OSError, ValueError, ImportError) as error:
        return None, f"tier classifier off: cannot load {directory}: {str(error).splitlines()[0]}"
    model.eval()
    if not settings.get("labels"):
        settings["labels"] = [model.config.id2label[index] for index in range(model.config.num_labels)]
    chosen = threshold if threshold is not None else float(settings.get("threshold", DEFAULT_THRESHOLD))
    return TierFallback(model, tokenizer, settings, chosen, directory), None


def _load_ngram(directory: Path, settings: dict[str, Any],
                threshold: float | None) -> tuple[TierFallback | None, str | None]:
    """An n-gram model directory: ``ngram.npz`` with numpy alone (preferred, the same
    predictions), else ``ngram.joblib`` with scikit-learn and joblib. No torch."""
    from honorifics.classifiers.ngram import NGRAM_FILE
    from honorifics.classifiers.ngram_arrays import ARRAYS_FILE, ArraysError, load_arrays

    chosen = threshold if threshold is not None else float(settings.get("threshold", DEFAULT_THRESHOLD))
    arrays = directory / ARRAYS_FILE
    if arrays.is_file():
        try:
            model = load_arrays(arrays)
        except (OSError, ValueError, ArraysError) as error:   # a truncated file, another format
            return None, f"tier classifier off: cannot load {arrays}: {error}"
        return TierFallback(model, None, settings, chosen, directory), None
    if not (directory / NGRAM_FILE).exists():
        return None, f"tier classifier off: {directory} has no {ARRAYS_FILE} or {NGRAM_FILE}"
    missing = _missing_ml_library(("sklearn", "joblib"))
    if missing:
        return None, (f"tier classifier off: {directory} has no {ARRAYS_FILE} (numpy) and its {NGRAM_FILE} "
                      f"needs {missing}, which is not installed (pip install 'honorifics[classifier]'; "
                      f"then 'python -m honorifics.classifiers.ngram_arrays {directory}' writes {ARRAYS_FILE})")
    from honorifics.classifiers.ngram import load_pipeline

    try:
        pipeline = load_pipeline(directory)
    except Exception as error:   # a pickle from another scikit-learn version, a truncated file
        return None, f"tier classifier off: cannot load {directory / NGRAM_FILE}: {error}"
    return TierFallback(pipeline, None, settings, chosen, directory), None
