"""generate at the edges a researcher meets first (issue 22): a server that is down or a
URL without a scheme stops at once, a missing extra is one line, no progress bar in a
log, and the tokens spent are summed and recorded in run.json."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from generation_server import ChatServer
from honorifics.generation.cli import generate_main
from test_generation_http import FAST, hindi_prompts, read_lines, write_prompts

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _one_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.strip()


def test_a_server_that_is_down_stops_the_run_before_any_prompt(tmp_path, capsys):
    prompts, out = tmp_path / "prompts.jsonl", tmp_path / "out.jsonl"
    write_prompts(prompts, hindi_prompts(5))
    url = f"http://127.0.0.1:{_free_port()}/v1"
    began = time.monotonic()
    # many retries with long pauses: the old code spent them on every prompt
    code = generate_main([str(prompts), "--out", str(out), "--base-url", url, "--model", "m", "--quiet",
                          "--max-retries", "3", "--backoff-base", "1", "--concurrency", "1"])
    assert code == 2 and time.monotonic() - began < 5
    assert _one_line(capsys) == (f"honorifics-generate: error: cannot reach {url}: connection refused "
                                 f"(is the server running? check --base-url)")
    assert not out.exists() or out.read_text("utf-8") == ""   # no error line per prompt


def test_a_base_url_without_a_scheme_is_one_line(tmp_path, capsys, monkeypatch):
    prompts, out = tmp_path / "prompts.jsonl", tmp_path / "out.jsonl"
    write_prompts(prompts, hindi_prompts(2))
    assert generate_main([str(prompts), "--out", str(out), "--base-url", "localhost:11434/v1",
                          "--model", "m", *FAST]) == 2
    assert _one_line(capsys) == ("honorifics-generate: error: --base-url localhost:11434/v1 needs an "
                                 "http:// or https:// scheme: write http://localhost:11434/v1")
    assert not out.exists() or out.read_text("utf-8") == ""
    # the same from the environment, and in a dry run (which sends nothing)
    monkeypatch.setenv("OPENAI_BASE_URL", "127.0.0.1:8000/v1")
    assert generate_main([str(prompts), "--out", str(out), "--model", "m", "--dry-run"]) == 2
    assert "$OPENAI_BASE_URL 127.0.0.1:8000/v1 needs an http:// or https:// scheme" in _one_line(capsys)


def test_a_server_that_fails_after_the_start_is_still_retried(tmp_path):
    prompts, out = tmp_path / "prompts.jsonl", tmp_path / "out.jsonl"
    write_prompts(prompts, hindi_prompts(1))
    with ChatServer() as server:
        server.failures = ["500", "429"]
        assert generate_main([str(prompts), "--out", str(out), "--base-url", server.base_url,
                              "--model", "m", *FAST]) == 0
        assert server.requests == 3
    assert read_lines(out)[0]["attempts"] == 3


def test_token_usage_is_summed_printed_and_recorded_in_run_json(tmp_path, capsys):
    prompts, out = tmp_path / "run" / "prompts.jsonl", tmp_path / "run" / "outputs.jsonl"
    prompts.parent.mkdir()
    write_prompts(prompts, hindi_prompts(4, {4: "FAIL400"}))
    with ChatServer() as server:
        common = [str(prompts), "--out", str(out), "--base-url", server.base_url, "--model", "test-model",
                  "--backoff-base", "0.01", "--backoff-max", "0.05"]
        assert generate_main([*common, "--limit", "2"]) == 0
        first = capsys.readouterr().err
        assert generate_main(common) == 1   # the rest: one of them a 400
        second = capsys.readouterr().err
    lines = read_lines(out)
    tokens_in = sum(line["usage"]["prompt_tokens"] for line in lines if line.get("usage"))
    tokens_out = sum(line["usage"]["completion_tokens"] for line in lines if line.get("usage"))
    assert tokens_in > 0 and tokens_out > 0
    first_in = sum(line["usage"]["prompt_tokens"] for line in lines[:2])
    first_out = sum(line["usage"]["completion_tokens"] for line in lines[:2])
    assert f"tokens test-model: 2 requests, {first_in:,} tokens in, {first_out:,} out" in first
    assert "tokens test-model: 2 requests (1 failed)" in second
    run = json.loads((out.parent / "run.json").read_text("utf-8"))["generate"]["outputs.jsonl"]
    assert [(entry["pending"], entry["written"], entry["failed"]) for entry in run["runs"]] == [(2, 2, 0), (2, 2, 1)]
    assert "stopped" not in run["runs"][0] and run["runs"][0]["models"] == ["test-model"]
    assert run["runs"][0]["usage"]["test-model"]["tokens_in"] == first_in
    assert run["runs"][0]["base_url"] == server.base_url and run["runs"][0]["backend"] == "openai-compatible"
    # the totals cover the whole output file, both runs
    assert run["usage"] == {"test-model": {"requests": 4, "answered": 3, "failed": 1, "tokens_in": tokens_in,
                                           "tokens_out": tokens_out, "without_usage": 0}}


def test_a_run_json_that_is_not_ours_is_left_alone(tmp_path, capsys):
    prompts, out = tmp_path / "prompts.jsonl", tmp_path / "outputs.jsonl"
    write_prompts(prompts, hindi_prompts(1))
    (tmp_path / "run.json").write_text("my notes, not JSON\n", "utf-8")
    with ChatServer() as server:
        assert generate_main([str(prompts), "--out", str(out), "--base-url", server.base_url,
                              "--model", "m"]) == 0
    assert (tmp_path / "run.json").read_text("utf-8") == "my notes, not JSON\n"
    assert "run.json is not a JSON file this tool wrote" in capsys.readouterr().err
    # a run.json with other keys (an experiment's) keeps them
    (tmp_path / "run.json").write_text('{"experiment": {"name": "pilot"}}', "utf-8")
    with ChatServer() as server:
        assert generate_main([str(prompts), "--out", str(out), "--base-url", server.base_url,
                              "--model", "m", "--overwrite", "--quiet"]) == 0
    document = json.loads((tmp_path / "run.json").read_text("utf-8"))
    assert document["experiment"] == {"name": "pilot"} and "outputs.jsonl" in document["generate"]
    # --overwrite starts the output again: its earlier runs are forgotten
    with ChatServer() as server:
        assert generate_main([str(prompts), "--out", str(out), "--base-url", server.base_url,
                              "--model", "m", "--overwrite", "--quiet"]) == 0
    runs = json.loads((tmp_path / "run.json").read_text("utf-8"))["generate"]["outputs.jsonl"]["runs"]
    assert len(runs) == 1


def _generate_subprocess(args: list[str], prelude: str = "") -> subprocess.CompletedProcess:
    code = (f"import sys\n{prelude}\nfrom honorifics.commands import main\n"
            f"sys.exit(main({['generate', *args]!r}))")
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})


def test_no_progress_bar_when_stderr_is_a_log(tmp_path):
    prompts, out = tmp_path / "prompts.jsonl", tmp_path / "out.jsonl"
    write_prompts(prompts, hindi_prompts(3))
    with ChatServer() as server:
        done = _generate_subprocess([str(prompts), "--out", str(out), "--base-url", server.base_url,
                                     "--model", "m"])
    assert done.returncode == 0, done.stderr
    assert "\r" not in done.stderr and "req/s" not in done.stderr and "%|" not in done.stderr
    assert "honorifics generate: 3 written, 0 failed" in done.stderr   # the summary line stays


def test_hf_backend_without_torch_is_one_line_naming_the_extra(tmp_path):
    prompts = tmp_path / "prompts.jsonl"
    write_prompts(prompts, hindi_prompts(1))
    done = _generate_subprocess([str(prompts), "--out", str(tmp_path / "out.jsonl"), "--backend", "hf",
                                 "--model", str(tmp_path)], prelude="sys.modules['torch'] = None")
    assert done.returncode == 2
    assert done.stderr == ("honorifics generate: error: --backend hf needs torch, which is not installed: "
                           "pip install 'honorifics[ml]'\n")


def test_import_results_reads_gzip_and_names_a_file_that_is_not_utf8(tmp_path, capsys):
    import gzip

    from honorifics.generation.cli import import_results_main
    lines = [{"id": "hi-dct-001-t0.7-r1", "text": "आप कैसे हैं?"}, {"id": "hi-dct-002-t0.7-r1", "text": "तुम कहाँ हो?"}]
    packed = tmp_path / "results.jsonl.gz"
    packed.write_bytes(gzip.compress("".join(json.dumps(line, ensure_ascii=False) + "\n"
                                             for line in lines).encode("utf-8")))
    out = tmp_path / "outputs.jsonl"
    assert import_results_main([str(packed), "--out", str(out), "--quiet"]) == 0
    assert [line["text"] for line in read_lines(out)] == [line["text"] for line in lines]
    latin = tmp_path / "latin.jsonl"
    latin.write_bytes(b'{"id": "a", "text": "ok"}\n{"id": "b", "text": "caf\xe9"}\n')
    assert import_results_main([str(latin), "--out", str(tmp_path / "o2.jsonl"), "--quiet"]) == 2
    assert _one_line(capsys).startswith(f"import-results: error: {latin}: line 2 is not UTF-8 text")


def test_generate_reads_gzip_prompts(tmp_path):
    import gzip

    plain = tmp_path / "prompts.jsonl"
    ids = write_prompts(plain, hindi_prompts(2))
    packed = tmp_path / "prompts.jsonl.gz"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    out = tmp_path / "out.jsonl"
    with ChatServer() as server:
        assert generate_main([str(packed), "--out", str(out), "--base-url", server.base_url,
                              "--model", "m", *FAST]) == 0
    assert sorted(line["id"] for line in read_lines(out)) == sorted(ids)


def test_every_generate_option_has_help_that_gives_its_default():
    import argparse

    from honorifics.generation.cli import build_generate_parser
    for action in build_generate_parser()._actions:
        if not action.option_strings or isinstance(action, (argparse._HelpAction, argparse._StoreTrueAction)):
            continue
        assert action.help and (action.required or "default" in action.help), action.option_strings
    parser = build_generate_parser()
    text = parser.description + parser.epilog   # the usage line names the command as it was typed
    assert "honorifics-generate" not in text and "make-prompts" not in text and "analyze-generations" not in text


def test_a_run_stopped_by_a_fatal_error_is_recorded_as_stopped(tmp_path):
    prompts, out = tmp_path / "prompts.jsonl", tmp_path / "outputs.jsonl"
    write_prompts(prompts, hindi_prompts(2))
    with ChatServer() as server:
        server.failures = ["401"]
        assert generate_main([str(prompts), "--out", str(out), "--base-url", server.base_url, "--model", "m",
                              "--concurrency", "1", *FAST]) == 2
    run, = json.loads((tmp_path / "run.json").read_text("utf-8"))["generate"]["outputs.jsonl"]["runs"]
    assert run["stopped"].startswith("HTTP 401") and run["written"] == 0
