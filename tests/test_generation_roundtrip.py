"""The three-command workflow offline: make-prompts → honorifics-generate (loopback
server) → analyze-generations joins every output to its scenario."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generation_server import ChatServer
from honorifics.cli import analyze_generations_main
from honorifics.generation.cli import generate_main
from honorifics.scenarios.cli import make_prompts_main
from honorifics.scenarios.prompts import parse_prompt_id


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("prompt_format", ["plain", "chat", "batch"])
def test_make_prompts_generate_analyze(tmp_path, prompt_format):
    prompts = tmp_path / "prompts.jsonl"
    extra = ["--model", "test-model"] if prompt_format == "batch" else []
    assert make_prompts_main(["--language", "hi", "--task", "dct", "--tier", "aap", "-t", "0,0.7",
                              "-n", "2", "--format", prompt_format, "-o", str(prompts), *extra]) == 0
    prompt_ids = [record.get("id", record.get("custom_id")) for record in _lines(prompts)]
    assert len(prompt_ids) == 160
    outputs = tmp_path / "outputs.jsonl"
    with ChatServer() as server:
        assert generate_main([str(prompts), "--out", str(outputs), "--base-url", server.base_url,
                              "--model", "test-model", "--concurrency", "4", "--quiet"]) == 0
    generated = _lines(outputs)
    assert sorted(line["id"] for line in generated) == sorted(prompt_ids)

    results = tmp_path / "results"
    code = analyze_generations_main([str(outputs), "--out", str(results), "--no-classifier", "--quiet",
                                     *(["--report", "--group-by", "model,temperature"]
                                       if prompt_format == "plain" else [])])
    assert code == 0
    analysis = _lines(results / "analysis.jsonl")
    assert len(analysis) == 160
    for record in analysis:
        scenario_id, temperature, run = parse_prompt_id(record["id"])
        assert record["status"] == "ok"
        assert record["scenario_id"] == scenario_id
        assert record["scenario"]["id"] == scenario_id                     # the scenario is joined:
        assert record["scenario"]["variables"]["relationship_type"]        # its variables,
        assert any(s.get("expected") for s in record["speakers"].values())  # expected tiers
        assert record["language"] == "hi" and record["task"] == "dct"
        assert record["meta"]["temperature"] == temperature and record["meta"]["run"] == run
        assert record["meta"]["model"] == "test-model"
    if prompt_format == "plain":
        assert (results / "report.html").exists()
        metrics = json.loads((results / "metrics.json").read_text("utf-8"))
        assert metrics["n_ok"] == 160
