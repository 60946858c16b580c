"""The hf backend with a tiny causal LM built here from a config and a tokenizer
trained here (no download)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("tokenizers")

from honorifics.generation.cli import generate_main

CORPUS = ["रोहित: नमस्ते सर, आप कैसे हैं?", "अनुराधा: मैं ठीक हूँ, तुम बताओ।", "तू कहाँ जा रहा है?",
          "শ্রেয়া: আপনি কেমন আছেন?", "তুমি কোথায় যাচ্ছ?", "তুই কী করছিস?",
          "स्थिति: रोहित अपने प्रोफ़ेसर से मिलता है।", "পরিস্থিতি: শ্রেয়া তার শিক্ষকের সাথে দেখা করে।"] * 5
TEMPLATE = ("{% for m in messages %}{{ m['role'] }}: {{ m['content'] }}\n{% endfor %}"
            "{% if add_generation_prompt %}assistant: {% endif %}")


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory) -> Path:
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import GPT2Config, GPT2LMHeadModel, PreTrainedTokenizerFast

    directory = tmp_path_factory.mktemp("tiny-hindi-bangla-lm")
    tokenizer = Tokenizer(models.BPE(unk_token="<unk>"))
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    tokenizer.train_from_iterator(CORPUS, trainers.BpeTrainer(
        vocab_size=400, special_tokens=["<unk>", "<pad>", "<eos>"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    fast = PreTrainedTokenizerFast(tokenizer_object=tokenizer, unk_token="<unk>", pad_token="<pad>",
                                   eos_token="<eos>")
    fast.chat_template = TEMPLATE
    fast.save_pretrained(directory)
    config = GPT2Config(vocab_size=len(fast), n_positions=512, n_embd=32, n_layer=2, n_head=2,
                        bos_token_id=fast.eos_token_id, eos_token_id=fast.eos_token_id,
                        pad_token_id=fast.pad_token_id)
    torch.manual_seed(0)
    GPT2LMHeadModel(config).save_pretrained(directory)
    return directory


def _prompts(path: Path) -> list[str]:
    texts = [("hi-dct-001", "स्थिति: रोहित अपने प्रोफ़ेसर से मिलता है।", "hi"),
             ("hi-dct-002", "तू कहाँ जा रहा है?", "hi"),
             ("bn-dct-001", "পরিস্থিতি: শ্রেয়া তার শিক্ষকের সাথে দেখা করে।", "bn")]
    ids = []
    with path.open("w", encoding="utf-8") as handle:
        for temperature in (0, 0.7):
            for scenario, text, language in texts:
                record_id = f"{scenario}-t{temperature:g}-r1"
                ids.append(record_id)
                handle.write(json.dumps({"id": record_id, "scenario_id": scenario, "language": language,
                                         "task": "dct", "prompt": text, "max_tokens": 12,
                                         "temperature": temperature, "run": 1}, ensure_ascii=False) + "\n")
    return ids


def _run(tiny_model, prompts, out, *extra) -> dict[str, dict]:
    code = generate_main([str(prompts), "--out", str(out), "--backend", "hf", "--model", str(tiny_model),
                          "--device", "cpu", "--quiet", *extra])
    assert code == 0
    return {line["id"]: line for line in map(json.loads, out.read_text("utf-8").splitlines())}


def test_hf_backend_writes_one_line_per_prompt(tmp_path, tiny_model):
    prompts = tmp_path / "prompts.jsonl"
    ids = _prompts(prompts)
    lines = _run(tiny_model, prompts, tmp_path / "out.jsonl", "--batch-size", "2", "--seed", "3")
    assert sorted(lines) == sorted(ids)
    for record_id, line in lines.items():
        assert isinstance(line["text"], str) and "error" not in line
        assert line["backend"] == "hf" and line["model"] == tiny_model.name
        assert line["finish_reason"] in ("stop", "length")
        assert 0 < line["usage"]["completion_tokens"] <= 12 and line["usage"]["prompt_tokens"] > 5
        assert line["finish_reason"] == "stop" or line["usage"]["completion_tokens"] == 12
        assert line["temperature"] == float(record_id.split("-t")[1].split("-r")[0])


def test_hf_backend_is_reproducible_and_batching_does_not_change_greedy_output(tmp_path, tiny_model):
    prompts = tmp_path / "prompts.jsonl"
    _prompts(prompts)
    first = _run(tiny_model, prompts, tmp_path / "a.jsonl", "--batch-size", "3", "--seed", "5")
    again = _run(tiny_model, prompts, tmp_path / "b.jsonl", "--batch-size", "3", "--seed", "5")
    single = _run(tiny_model, prompts, tmp_path / "c.jsonl", "--batch-size", "1", "--seed", "5")
    assert {k: v["text"] for k, v in first.items()} == {k: v["text"] for k, v in again.items()}
    greedy = [k for k in first if "-t0-" in k]
    assert len(greedy) == 3
    assert {k: first[k]["text"] for k in greedy} == {k: single[k]["text"] for k in greedy}


def test_hf_backend_uses_the_chat_template(tiny_model):
    from honorifics.generation.backends import HFBackend
    backend = HFBackend(str(tiny_model), device="cpu")
    rendered = backend.render([{"role": "system", "content": "s"}, {"role": "user", "content": "तुम?"}])
    assert rendered == "system: s\nuser: तुम?\nassistant: "
    backend.has_chat_template = False
    assert backend.render([{"role": "user", "content": "तुम?"}]) == "तुम?\n"


def test_no_progress_bars_in_a_log(tmp_path, tiny_model, capfd):
    from transformers.utils import logging

    logging.enable_progress_bar()   # as in a fresh process (another test may have turned them off)
    prompts = tmp_path / "prompts.jsonl"
    _prompts(prompts)
    assert generate_main([str(prompts), "--out", str(tmp_path / "out.jsonl"), "--backend", "hf",
                          "--model", str(tiny_model), "--device", "cpu"]) == 0
    err = capfd.readouterr().err   # stderr is not a terminal here, as in `… 2> run.log`
    assert "Loading weights" not in err and "%|" not in err and "\r" not in err
    assert "6 written, 0 failed" in err


def test_an_experiment_with_a_local_hf_model_and_a_server(tmp_path, tiny_model, capsys):
    """`honorifics run` with the hf backend (a local path) beside a loopback server: both in one
    report; the second run loads no model and sends nothing (every answer is cached)."""
    import yaml
    from generation_server import ChatServer
    from honorifics.commands import main
    with ChatServer() as server:
        experiment = tmp_path / "experiment.yaml"
        experiment.write_text(yaml.safe_dump({
            "output": "out", "cache": "cache",
            "scenarios": {"languages": ["hi"], "tasks": ["dct"], "limit": 1},
            "prompts": {"temperatures": [0], "runs": 2, "seed": 0},
            "models": [{"name": "tiny", "backend": "hf", "path": str(tiny_model), "device": "cpu",
                        "max_tokens": 8},
                       {"name": "served", "backend": "openai-compatible", "base_url": server.base_url,
                        "model": "m"}]}), "utf-8")
        assert main(["run", str(experiment), "--quiet"]) in (0, 1)   # 1: a tiny model's text may not analyse
        first = (tmp_path / "out" / "outputs.jsonl").read_text("utf-8").splitlines()
        models = [json.loads(line)["model"] for line in first]
        assert models == ["tiny", "tiny", "served", "served"]
        run = json.loads((tmp_path / "out" / "run.json").read_text("utf-8"))
        assert run["models"]["tiny"]["sent"] == 2 and run["config"]["models"][0]["path"] == str(tiny_model)
        assert "tiny" in (tmp_path / "out" / "report" / "report.html").read_text("utf-8")
        (tmp_path / "out" / "outputs" / "tiny.jsonl").unlink()   # gone: the cache answers again
        assert main(["run", str(experiment), "--quiet"]) in (0, 1)
        assert server.requests == 2
        again = [json.loads(line) for line in (tmp_path / "out" / "outputs.jsonl").read_text("utf-8").splitlines()]
        assert [r["text"] for r in again] == [json.loads(line)["text"] for line in first]
        assert again[0]["cached"] is True
        assert json.loads((tmp_path / "out" / "run.json").read_text("utf-8"))["models"]["tiny"]["sent"] == 0
