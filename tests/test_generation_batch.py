"""Batch and chat result lines: analyze-generations reads them directly, and
import-results converts them; unknown ids and failed requests become error records."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from honorifics.cli import analyze_generations_main
from honorifics.generation.batch import ResultError, normalize_result
from honorifics.generation.cli import import_results_main
from honorifics.scenarios.cli import make_prompts_main

REPLY = "दीपिका: मम्मी जी, क्या आप मेरे साथ बाज़ार चलेंगी? आप थोड़ा आराम भी कर लीजिए।"


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def _completion(text, finish="stop"):
    return {"id": "chatcmpl-1", "object": "chat.completion", "model": "gpt-test-2026",
            "choices": [{"index": 0, "finish_reason": finish,
                         "message": {"role": "assistant", "content": text}}],
            "usage": {"prompt_tokens": 90, "completion_tokens": 30, "total_tokens": 120}}


@pytest.fixture
def batch_files(tmp_path):
    """A batch request file from make-prompts and the batch output lines a provider returns."""
    requests = tmp_path / "batch.jsonl"
    assert make_prompts_main(["--language", "hi", "--task", "dct", "--tier", "aap", "-n", "2",
                              "--format", "batch", "--model", "gpt-test", "-o", str(requests)]) == 0
    request_lines = _lines(requests)
    results = []
    for number, request in enumerate(request_lines[:6]):
        result = {"id": f"batch_req_{number}", "custom_id": request["custom_id"],
                  "response": {"status_code": 200, "request_id": f"req_{number}",
                               "body": _completion(REPLY)}, "error": None}
        results.append(result)
    results[3] = {"id": "batch_req_3", "custom_id": request_lines[3]["custom_id"], "response": None,
                  "error": {"code": "batch_expired", "message": "This request could not be executed before the completion window expired."}}
    results[4]["response"] = {"status_code": 500, "body": {"error": {"message": "server error"}}}
    results.append({"id": "batch_req_x", "custom_id": "my-own-id-17",
                    "response": {"status_code": 200, "body": _completion(REPLY)}, "error": None})
    results.append(request_lines[7])                        # a request line by mistake
    results.append({"id": request_lines[8]["custom_id"],    # a chat-format line
                    "messages": request_lines[8]["body"]["messages"]
                    + [{"role": "assistant", "content": REPLY}]})
    output = tmp_path / "batch_output.jsonl"
    output.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in results), "utf-8")
    return requests, output, request_lines


def test_analyze_generations_reads_batch_output_directly(tmp_path, batch_files):
    requests, output, request_lines = batch_files
    code = analyze_generations_main([str(output), "--out", str(tmp_path / "r"), "--no-classifier", "--quiet"])
    assert code == 1
    analysis = _lines(tmp_path / "r" / "analysis.jsonl")
    assert len(analysis) == 9                               # one line per input line
    ids = [request["custom_id"] for request in request_lines]
    assert [record["id"] for record in analysis] == ids[:6] + ["my-own-id-17", ids[7], ids[8]]
    ok = [record for record in analysis if record["status"] == "ok"]
    assert [record["id"] for record in ok] == [ids[0], ids[1], ids[2], ids[5], ids[8]]
    for record in ok:
        scenario_id = record["id"].rsplit("-t", 1)[0]
        assert record["scenario_id"] == scenario_id and record["scenario"]["id"] == scenario_id
        assert record["meta"]["temperature"] == 0.7 and record["meta"]["run"] in (1, 2)
        assert record["tier"] == "formal"
        speaker = record["scenario"]["target_speaker"]
        assert record["speakers"][speaker]["correct"] is True
    assert ok[0]["meta"]["response_model"] == "gpt-test-2026" and ok[0]["meta"]["finish_reason"] == "stop"
    errors = {record["id"]: record["error"] for record in analysis if record["status"] == "error"}
    assert "batch_expired" in errors[ids[3]] and "failed" in errors[ids[3]]
    assert "HTTP 500" in errors[ids[4]] and "server error" in errors[ids[4]]
    assert "unknown id 'my-own-id-17'" in errors["my-own-id-17"]
    assert "batch request line" in errors[ids[7]]


def test_import_results_joins_on_the_prompts_file(tmp_path, batch_files):
    requests, output, request_lines = batch_files
    plain = tmp_path / "prompts.jsonl"     # the same prompts in plain format carry language and task
    assert make_prompts_main(["--language", "hi", "--task", "dct", "--tier", "aap", "-n", "2",
                              "--model", "gpt-test", "-o", str(plain)]) == 0
    converted = tmp_path / "outputs.jsonl"
    assert import_results_main([str(output), "--prompts", str(plain), "--out", str(converted),
                                "--quiet"]) == 1
    lines = _lines(converted)
    assert len(lines) == 9
    ok = [line for line in lines if not line.get("error")]
    assert len(ok) == 5
    for line in ok:
        assert line["text"] == REPLY and line["language"] == "hi" and line["task"] == "dct"
        assert line["model"] == "gpt-test" and line["scenario_id"] == line["id"].rsplit("-t", 1)[0]
    by_id = {line["id"]: line for line in lines}
    assert "not in the prompts file" in by_id["my-own-id-17"]["error"]
    assert by_id[request_lines[3]["custom_id"]]["text"] is None
    # the converted file is what generate writes: analyze-generations gives the same verdicts
    code = analyze_generations_main([str(converted), "--out", str(tmp_path / "r"), "--no-classifier", "--quiet"])
    assert code == 1
    analysis = _lines(tmp_path / "r" / "analysis.jsonl")
    assert [r["status"] for r in analysis].count("ok") == 5
    assert all(r["scenario"] for r in analysis if r["status"] == "ok")


def test_import_results_reports_prompts_without_a_result(tmp_path, batch_files, capsys):
    requests, output, request_lines = batch_files
    converted = tmp_path / "outputs.jsonl"
    code = import_results_main([str(output), "--prompts", str(requests), "--out", str(converted)])
    assert code == 1
    missing = len(request_lines) - 8       # 9 result lines, one of them the unknown id
    assert f"{missing} prompts have no result" in capsys.readouterr().err


def test_normalize_plain_records_and_generate_error_lines():
    # a record of generate's failed request: the reason says it failed
    with pytest.raises(ResultError, match="the generation failed: HTTP 500"):
        normalize_result({"id": "hi-dct-001-t0.7-r1", "text": None, "error": "HTTP 500: oops"})
    # a chat line without a prompt id still reads (nothing to recover, nothing required)
    assert normalize_result({"id": 7, "messages": []}) == {"id": 7, "messages": []}
    # an existing scenario_id is never overwritten by the id
    record = normalize_result({"id": "hi-dct-001-t0-r3", "scenario_id": "mine", "messages": []})
    assert record["scenario_id"] == "mine" and record["temperature"] == 0.0 and record["run"] == 3
    # a refusal field is kept as the text
    line = {"custom_id": "bn-dct-002-t1-r1", "response": {"status_code": 200, "body": {
        "choices": [{"message": {"role": "assistant", "content": None, "refusal": "দুঃখিত, আমি পারব না।"},
                     "finish_reason": "stop"}]}}}
    assert normalize_result(line)["text"] == "দুঃখিত, আমি পারব না।"


def test_plain_records_are_read_as_before(tmp_path):
    """Records without batch fields or ids are unaffected by the batch reader."""
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": "x1", "text": "तुम कहाँ हो?", "error": None}, ensure_ascii=False)
                      + "\n" + json.dumps({"messages": [{"role": "assistant", "content": "আপনি কেমন আছেন?"}]},
                                          ensure_ascii=False) + "\n", "utf-8")
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "r"), "--no-classifier",
                                     "--quiet"]) == 0
    first, second = _lines(tmp_path / "r" / "analysis.jsonl")
    assert first["tier"] == "familiar" and first["scenario_id"] is None
    assert second["tier"] == "formal" and second["id"] == 2


def test_an_error_field_beside_text_in_another_field_is_not_a_failed_generation(tmp_path):
    """Other tools write 'error' fields too: a record with an output is analysed."""
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": "a", "output": "आप बैठिए।", "error": "retried once"},
                                 ensure_ascii=False) + "\n", "utf-8")
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "r"), "--no-classifier",
                                     "--quiet"]) == 0
    [record] = _lines(tmp_path / "r" / "analysis.jsonl")
    assert record["status"] == "ok" and record["tier"] == "formal"


@pytest.mark.parametrize("name", ["honorifics.generation.batch", "honorifics.generation.backends",
                                  "honorifics.generation.runner"])
def test_docstring_examples(name):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def test_python_api_error_record_answers_the_custom_id():
    # the provider's own line id (batch_req_…) means nothing to the researcher
    from honorifics.pipeline import Analyzer
    failed = {"id": "batch_req_1", "custom_id": "hi-dct-001-t0.7-r1",
              "response": {"status_code": 500, "body": {}}, "error": None}
    record = Analyzer().analyze_object(failed)
    assert (record.id, record.status) == ("hi-dct-001-t0.7-r1", "error")
    assert "500" in record.error
