"""Issue 22 for the tier-classifier commands: --device (CUDA picked when torch finds
it, mixed precision there), a missing extra in one line, a model that will never
decide, a model folder that is not one, and help that gives every default."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from honorifics.classifiers import training
from honorifics.classifiers.cli import build_corpus_parser, evaluate_parser, train_main, train_parser
from honorifics.classifiers.fallback import (MODEL_DIR_VARIABLE, ModelDirError, check_model_dir,
                                            load_fallback)

DATA = Path(__file__).parent / "data" / "classifier"
ROOT = Path(__file__).resolve().parent.parent


# --------------------------------------------------------------------------- --device

def test_auto_picks_cuda_when_torch_finds_it(monkeypatch):
    import torch

    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    assert training.resolve_device("auto") == "cuda"
    assert training.resolve_device("cuda") == "cuda"
    assert training.resolve_device("cpu") == "cpu"
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert training.resolve_device("auto") == "cpu"
    with pytest.raises(training.TrainingError, match="--device cuda: torch finds no CUDA device"):
        training.resolve_device("cuda")


def test_mixed_precision_only_on_cuda(monkeypatch):
    import torch

    assert training.autocast_dtype("cpu") is None
    monkeypatch.setattr(torch.cuda, "is_bf16_supported", lambda *args, **kwargs: True)
    assert training.autocast_dtype("cuda") is torch.bfloat16
    assert training.autocast_dtype("cuda", enabled=False) is None
    monkeypatch.setattr(torch.cuda, "is_bf16_supported", lambda *args, **kwargs: False)
    assert training.autocast_dtype("cuda") is torch.float16   # with a gradient scaler


@pytest.mark.parametrize("precision", ["bfloat16", "float16"])
def test_the_device_step_learns_under_autocast_and_loss_scaling(precision):
    """The optimisation step of the GPU path, run on the CPU (no GPU here): autocast,
    float32 loss, and for float16 the scaler's scale/unscale/step/update."""
    import torch

    torch.manual_seed(0)
    dtype = getattr(torch, precision)

    class Tiny(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.embed = torch.nn.Embedding(10, 8)
            self.out = torch.nn.Linear(8, 4)

        def forward(self, input_ids, attention_mask):
            pooled = (self.embed(input_ids) * attention_mask.unsqueeze(-1)).mean(1)
            return argparse.Namespace(logits=self.out(pooled))

    model = Tiny()
    optimizer = torch.optim.AdamW(model.parameters(), lr=0.05)
    scaler = torch.amp.GradScaler("cpu") if dtype == torch.float16 else None
    ids = torch.tensor([[1, 2, 3], [4, 5, 6], [7, 8, 9], [1, 5, 9]])
    attention = torch.ones_like(ids)
    labels = torch.tensor([0, 1, 2, 3])
    loss_function = torch.nn.CrossEntropyLoss()
    first = training._device_step(model, loss_function, optimizer, scaler, dtype, ids, attention, labels)
    for _ in range(30):
        last = training._device_step(model, loss_function, optimizer, scaler, dtype, ids, attention, labels)
    assert first.dtype == torch.float32 and last.item() < first.item() / 2
    assert all(parameter.dtype == torch.float32 for parameter in model.parameters())


def test_train_device_cuda_without_a_gpu_is_one_line(tmp_path, capsys, monkeypatch):
    import torch

    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    code = train_main(["--train", str(DATA / "tiny_labelled.jsonl"), "--out", str(tmp_path / "m"),
                       "--device", "cuda", "--base-model", "scratch"])
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--device cuda: torch finds no CUDA device" in err


# --------------------------------------------------------------------------- missing extras

def _run(argv: list[str], blocked: str) -> subprocess.CompletedProcess:
    code = (f"import sys\nsys.modules[{blocked!r}] = None\nfrom honorifics.commands import main\n"
            f"sys.exit(main({argv!r}))")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_train_ngram_without_scikit_learn_is_one_line_naming_the_extra(tmp_path):
    done = _run(["train", "--model-type", "ngram", "--train", str(DATA / "tiny_labelled.jsonl"),
                 "--out", str(tmp_path / "m")], "sklearn")
    assert done.returncode == 2
    assert done.stderr == ("honorifics train: error: --model-type ngram needs sklearn, which is not installed: "
                           "pip install 'honorifics[classifier]'\n")
    assert not (tmp_path / "m").exists()


def test_train_encoder_without_torch_is_one_line_naming_the_extra(tmp_path):
    done = _run(["train", "--train", str(DATA / "tiny_labelled.jsonl"), "--out", str(tmp_path / "m")], "torch")
    assert done.returncode == 2
    assert done.stderr == ("honorifics train: error: training the encoder (--model-type encoder) needs torch, "
                           "which is not installed: pip install 'honorifics[ml]'\n")


# --------------------------------------------------------------------------- a model that never decides

def test_a_model_with_coverage_zero_says_so_and_what_would_help(tmp_path, capsys):
    # labels that have nothing to do with the text: no threshold reaches the target precision
    import random

    draw = random.Random(5)
    tiers = ["intimate", "familiar", "formal", "none"]
    words = ["कल", "घर", "बाज़ार", "किताब", "पानी", "शाम", "रास्ता", "खाना"]
    records = [{"id": f"r{i}", "text": " ".join(draw.choice(words) for _ in range(3)),
                "tier": draw.choice(tiers), "language": "hi", "group": f"g{i}"} for i in range(80)]
    train = tmp_path / "train.jsonl"
    train.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")
    assert train_main(["--model-type", "ngram", "--train", str(train), "--out", str(tmp_path / "m"),
                       "--target-precision", "0.99"]) == 0
    captured = capsys.readouterr()
    assert "coverage 0.000" in captured.out
    warning, = [line for line in captured.err.splitlines() if line.startswith("warning:")]
    assert warning.startswith("warning: coverage 0.000: at threshold 0.99 no dev prediction reaches precision 0.99")
    assert "more (or more varied) training data" in warning and "lower --target-precision" in warning


# --------------------------------------------------------------------------- model folders

def test_honorifics_model_dir_that_does_not_exist_is_an_error(tmp_path, monkeypatch):
    monkeypatch.setenv(MODEL_DIR_VARIABLE, str(tmp_path / "nonexistent"))
    with pytest.raises(ModelDirError) as caught:
        check_model_dir()
    assert str(caught.value) == (f"HONORIFICS_MODEL_DIR={tmp_path / 'nonexistent'}: no model directory at "
                                 f"{tmp_path / 'nonexistent'} (unset it to use the shipped model, or point "
                                 f"it at a folder written by 'honorifics train')")
    monkeypatch.setenv(MODEL_DIR_VARIABLE, str(tmp_path))   # a folder, but no model in it
    with pytest.raises(ModelDirError, match="is not a tier-classifier model folder"):
        check_model_dir()
    monkeypatch.delenv(MODEL_DIR_VARIABLE)
    check_model_dir()   # unset: the shipped model, nothing to check


def test_messages_about_n_gram_folders_do_not_ask_for_config_json(tmp_path):
    folder = tmp_path / "ngram-model"
    folder.mkdir()
    (folder / "ngram.joblib").write_bytes(b"")
    fallback, message = load_fallback(folder)
    assert fallback is None and "config.json" not in message
    assert message == (f"tier classifier off: {folder} has ngram.joblib but no tier_classifier.json (its labels "
                       f"and threshold): copy the whole folder 'honorifics train --model-type ngram' wrote")
    (folder / "ngram.joblib").unlink()
    (folder / "tier_classifier.json").write_text('{"model_type": "ngram"}', "utf-8")
    fallback, message = load_fallback(folder)
    assert "config.json" not in message and "without its ngram.npz or ngram.joblib" in message
    (folder / "tier_classifier.json").write_text("{not json", "utf-8")
    fallback, message = load_fallback(folder)   # no traceback
    assert fallback is None and "tier_classifier.json is not readable JSON" in message
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "no tier_classifier.json (with ngram.npz for an n-gram model, config.json for an encoder)" \
        in load_fallback(empty)[1]


# --------------------------------------------------------------------------- help

@pytest.mark.parametrize("build", [build_corpus_parser, train_parser, evaluate_parser])
def test_every_option_has_help_that_gives_its_default(build):
    parser = build()
    for action in parser._actions:
        if not action.option_strings or isinstance(action, (argparse._HelpAction, argparse._StoreTrueAction)):
            continue
        assert action.help, action.option_strings
        if not action.required:
            assert "default" in action.help, (action.option_strings, action.help)


# --------------------------------------------------------------------------- gzip and other encodings

def test_train_reads_gzip_and_names_a_file_that_is_not_utf8(tmp_path, capsys):
    import gzip

    packed = tmp_path / "train.jsonl.gz"
    packed.write_bytes(gzip.compress((DATA / "tiny_labelled.jsonl").read_bytes()))
    assert train_main(["--model-type", "ngram", "--train", str(packed), "--out", str(tmp_path / "m")]) == 0
    settings = json.loads((tmp_path / "m" / "tier_classifier.json").read_text("utf-8"))
    assert settings["train_size"] > 0 and settings["data"]["sources"][0]["name"] == "train"   # not "train.jsonl"
    capsys.readouterr()
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(b'{"text": "ok", "tier": "formal"}\n{"text": "caf\xe9", "tier": "formal"}\n')
    assert train_main(["--model-type", "ngram", "--train", str(latin), "--out", str(tmp_path / "m2")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"train-tier-classifier: error: {latin}: line 2 is not UTF-8")


def test_corpus_reads_gzip_jsonl_and_text(tmp_path):
    import gzip

    from honorifics.classifiers.corpus import read_records
    lines = (DATA / "tiny_labelled.jsonl").read_bytes()
    (tmp_path / "labelled.jsonl.gz").write_bytes(gzip.compress(lines))
    (tmp_path / "plain.txt.gz").write_bytes(gzip.compress("तुम कहाँ हो?\r\n\r\nआप बैठिए।\r\n".encode("utf-8")))
    assert len(list(read_records(tmp_path / "labelled.jsonl.gz"))) == len(lines.splitlines())
    assert list(read_records(tmp_path / "plain.txt.gz")) == [
        (1, {"text": "तुम कहाँ हो?", "id": "plain-1"}), (3, {"text": "आप बैठिए।", "id": "plain-3"})]
