"""generate against a real chat-completions server on loopback: retries, pacing,
concurrency, resume after a kill, error lines, and the API key kept secret."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from generation_server import BANGLA_REPLY, HINDI_REPLY, REFUSAL, ChatServer, kill_when_written
from honorifics.generation.backends import parse_retry_after, public_url
from honorifics.generation.cli import generate_main

ROOT = Path(__file__).resolve().parent.parent
FAST = ["--backoff-base", "0.01", "--backoff-max", "0.05", "--quiet"]
SECRET = "sk-test-9f3aDISTINCTIVEkey-7c21"


def write_prompts(path: Path, prompts: list[tuple[str, str]], language: str = "hi") -> list[str]:
    """A plain-format prompts file like make-prompts writes; returns the ids."""
    ids = []
    with path.open("w", encoding="utf-8") as handle:
        for number, (scenario, text) in enumerate(prompts, start=1):
            record_id = f"{scenario}-t0.7-r{number}"
            ids.append(record_id)
            handle.write(json.dumps({"id": record_id, "scenario_id": scenario, "language": language,
                                     "task": "dct", "prompt": text, "max_tokens": 200,
                                     "temperature": 0.7, "run": number}, ensure_ascii=False) + "\n")
    return ids


def read_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def hindi_prompts(n: int, marker: dict[int, str] | None = None) -> list[tuple[str, str]]:
    marker = marker or {}
    return [(f"hi-dct-{i:03d}", f"स्थिति: रोहित अपने प्रोफ़ेसर से मिलता है। {marker.get(i, '')}")
            for i in range(1, n + 1)]


def run(prompts: Path, out: Path, server: ChatServer, *extra: str) -> int:
    return generate_main([str(prompts), "--out", str(out), "--base-url", server.base_url,
                          "--model", "test-model", *FAST, *extra])


def test_every_prompt_gets_a_line_with_provenance(tmp_path):
    prompts = tmp_path / "prompts.jsonl"
    ids = write_prompts(prompts, hindi_prompts(3) + [("bn-dct-001", "পরিস্থিতি: শ্রেয়া তার শিক্ষকের সাথে দেখা করে।")])
    out = tmp_path / "out.jsonl"
    with ChatServer() as server:
        assert run(prompts, out, server, "--seed", "7") == 0
    lines = read_lines(out)
    assert sorted(line["id"] for line in lines) == sorted(ids)
    by_id = {line["id"]: line for line in lines}
    assert by_id[ids[0]]["text"] == HINDI_REPLY
    assert by_id[ids[3]]["text"] == BANGLA_REPLY
    for line in lines:
        assert line["model"] == "test-model" and line["backend"] == "openai-compatible"
        assert line["base_url"] == server.base_url
        assert line["scenario_id"] == line["id"].rsplit("-t", 1)[0]
        assert line["temperature"] == 0.7 and line["run"] == int(line["id"].rsplit("-r", 1)[1])
        assert line["prompt_hash"].startswith("sha256:") and line["finish_reason"] == "stop"
        assert line["usage"]["completion_tokens"] > 0 and line["latency_s"] >= 0
        assert line["started_at"] <= line["finished_at"] and "error" not in line
        assert isinstance(line["seed"], int)
    # the sampling settings reached the server; per-prompt seeds differ between runs
    assert {body["max_tokens"] for body in server.bodies} == {200}
    assert {body["temperature"] for body in server.bodies} == {0.7}
    assert len({body["seed"] for body in server.bodies}) == 4


def test_retries_429_honouring_retry_after_then_500_and_malformed(tmp_path):
    prompts = tmp_path / "prompts.jsonl"
    write_prompts(prompts, hindi_prompts(1))
    out = tmp_path / "out.jsonl"
    with ChatServer(retry_after="1") as server:
        server.failures = ["429", "500", "malformed"]
        assert run(prompts, out, server, "--concurrency", "1") == 0
        arrivals = server.arrivals
    [line] = read_lines(out)
    assert line["attempts"] == 4 and line["text"] == HINDI_REPLY
    assert arrivals[1] - arrivals[0] >= 0.95      # Retry-After: 1 was honoured
    assert arrivals[3] - arrivals[1] < 0.9        # the other retries used the small test backoff


def test_persistent_failures_become_error_lines_and_exit_1(tmp_path):
    prompts = tmp_path / "prompts.jsonl"
    ids = write_prompts(prompts, hindi_prompts(4, {2: "FAIL500", 3: "FAIL400"}))
    out = tmp_path / "out.jsonl"
    with ChatServer() as server:
        assert run(prompts, out, server, "--max-retries", "2") == 1
        requests = server.requests
    by_id = {line["id"]: line for line in read_lines(out)}
    assert set(by_id) == set(ids)
    assert by_id[ids[1]]["text"] is None and by_id[ids[1]]["error"].startswith("HTTP 500")
    assert by_id[ids[1]]["attempts"] == 3                  # 1 + 2 retries
    assert by_id[ids[2]]["error"].startswith("HTTP 400") and by_id[ids[2]]["attempts"] == 1   # not retried
    assert by_id[ids[0]]["text"] == HINDI_REPLY and "error" not in by_id[ids[0]]
    assert requests == 2 + 3 + 1


def test_timeouts_are_retried_then_recorded(tmp_path):
    prompts = tmp_path / "prompts.jsonl"
    ids = write_prompts(prompts, hindi_prompts(2, {2: "SLOWALWAYS"}))
    out = tmp_path / "out.jsonl"
    with ChatServer() as server:
        server.failures = ["slow"]       # the first request is slow once, then answered
        code = run(prompts, out, server, "--timeout", "0.4", "--max-retries", "1", "--concurrency", "1")
    by_id = {line["id"]: line for line in read_lines(out)}
    assert code == 1
    assert by_id[ids[0]]["text"] == HINDI_REPLY and by_id[ids[0]]["attempts"] == 2
    assert "timed out" in by_id[ids[1]]["error"] and by_id[ids[1]]["attempts"] == 2


def test_refusals_and_empty_completions_are_kept(tmp_path):
    prompts = tmp_path / "prompts.jsonl"
    ids = write_prompts(prompts, hindi_prompts(2, {1: "REFUSE", 2: "EMPTY"}))
    out = tmp_path / "out.jsonl"
    with ChatServer() as server:
        assert run(prompts, out, server) == 0
    by_id = {line["id"]: line for line in read_lines(out)}
    assert by_id[ids[0]]["text"] == REFUSAL
    assert by_id[ids[1]]["text"] == "" and "error" not in by_id[ids[1]]


@pytest.mark.parametrize("concurrency", [1, 3])
def test_concurrency_cap(tmp_path, concurrency):
    prompts = tmp_path / "prompts.jsonl"
    write_prompts(prompts, hindi_prompts(9))
    out = tmp_path / "out.jsonl"
    with ChatServer(delay=0.15) as server:
        assert run(prompts, out, server, "--concurrency", str(concurrency)) == 0
        assert server.max_in_flight == concurrency
    assert len(read_lines(out)) == 9


def test_requests_per_minute_cap(tmp_path):
    prompts = tmp_path / "prompts.jsonl"
    write_prompts(prompts, hindi_prompts(5))
    out = tmp_path / "out.jsonl"
    with ChatServer() as server:
        assert run(prompts, out, server, "--rpm", "600", "--concurrency", "5") == 0   # one per 0.1 s
        arrivals = sorted(server.arrivals)
    gaps = [b - a for a, b in zip(arrivals, arrivals[1:])]
    assert min(gaps) >= 0.05 and arrivals[-1] - arrivals[0] >= 0.38   # one start per 0.1 s, give or take scheduling


def test_resume_skips_done_ids_and_limit(tmp_path):
    prompts = tmp_path / "prompts.jsonl"
    ids = write_prompts(prompts, hindi_prompts(6))
    out = tmp_path / "out.jsonl"
    with ChatServer() as server:
        assert run(prompts, out, server, "--limit", "2") == 0
        assert len(read_lines(out)) == 2
        assert run(prompts, out, server) == 0
        assert server.requests == 6
        assert run(prompts, out, server) == 0          # nothing left: no request
        assert server.requests == 6
        assert run(prompts, out, server, "--overwrite", "--limit", "1") == 0
    assert len(read_lines(out)) == 1


def test_retry_errors_replaces_error_lines(tmp_path):
    prompts = tmp_path / "prompts.jsonl"
    ids = write_prompts(prompts, hindi_prompts(3))
    out = tmp_path / "out.jsonl"
    with ChatServer() as server:
        server.failures = ["400"]
        assert run(prompts, out, server, "--concurrency", "1") == 1
        assert sum("error" in line for line in read_lines(out)) == 1
        assert run(prompts, out, server) == 1          # the error line stays: skipped, still failed
        assert run(prompts, out, server, "--retry-errors") == 0
    lines = read_lines(out)
    assert sorted(line["id"] for line in lines) == sorted(ids)
    assert all(line["text"] == HINDI_REPLY for line in lines)


def test_resume_after_a_kill_loses_and_duplicates_nothing(tmp_path):
    prompts = tmp_path / "prompts.jsonl"
    ids = write_prompts(prompts, hindi_prompts(40))
    out = tmp_path / "out.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with ChatServer(delay=0.05) as server:
        command = [sys.executable, "-m", "honorifics.generation.cli", str(prompts), "--out", str(out),
                   "--base-url", server.base_url, "--model", "m", "--concurrency", "2", "--quiet"]
        first = kill_when_written(command, env, out, 8)
        assert 8 <= first < 40
        finished = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert finished.returncode == 0, finished.stderr
    lines = read_lines(out)
    got = [line["id"] for line in lines]
    assert len(got) == len(set(got)) == 40 and set(got) == set(ids)


def test_api_key_is_sent_but_never_written_or_logged(tmp_path):
    prompts = tmp_path / "prompts.jsonl"
    write_prompts(prompts, hindi_prompts(3, {2: "ECHOKEY"}))
    out = tmp_path / "out.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HONORIFICS_TEST_KEY": SECRET}
    with ChatServer() as server:
        command = [sys.executable, "-m", "honorifics.generation.cli", str(prompts), "--out", str(out),
                   "--base-url", server.base_url, "--model", "m", "--api-key-env", "HONORIFICS_TEST_KEY",
                   "--backoff-base", "0.01"]
        finished = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
        assert set(server.authorizations) == {f"Bearer {SECRET}"}
        # a fatal 401 whose body echoes the key: the run stops, the message is redacted
        text = out.read_text("utf-8")
        server.failures = ["401"]
        stopped = subprocess.run(command + ["--overwrite", "--concurrency", "1"], env=env,
                                 capture_output=True, text=True, timeout=120)
    assert finished.returncode == 1                       # the ECHOKEY prompt failed
    assert "Incorrect API key provided: Bearer ***" in text     # the server's echo, redacted
    assert stopped.returncode == 2 and "stopped: HTTP 401" in stopped.stderr
    for captured in (text, finished.stdout, finished.stderr, stopped.stdout, stopped.stderr):
        assert SECRET not in captured


def test_public_url_and_retry_after():
    assert public_url(f"https://me:{SECRET}@api.example.com:8443/v1/?key={SECRET}#frag") == \
        "https://api.example.com:8443/v1"
    assert parse_retry_after("3") == 3.0
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=1445412470.0) == pytest.approx(10.0)


def test_dry_run_sends_and_writes_nothing(tmp_path, capsys):
    prompts = tmp_path / "prompts.jsonl"
    write_prompts(prompts, hindi_prompts(3))
    out = tmp_path / "out.jsonl"
    with ChatServer() as server:
        assert run(prompts, out, server, "--dry-run") == 0
        assert server.requests == 0
    assert not out.exists()
    shown = json.loads(capsys.readouterr().out)
    assert shown["model"] == "test-model" and shown["messages"][0]["role"] == "user"


def test_unreadable_prompt_lines_give_error_lines(tmp_path):
    prompts = tmp_path / "prompts.jsonl"
    write_prompts(prompts, hindi_prompts(2))
    with prompts.open("a", encoding="utf-8") as handle:
        handle.write("{not json\n")
        handle.write(json.dumps({"id": "x-1", "temperature": 0.7}) + "\n")
    out = tmp_path / "out.jsonl"
    with ChatServer() as server:
        assert run(prompts, out, server) == 1
        assert server.requests == 2
    lines = read_lines(out)
    assert len(lines) == 4
    errors = [line for line in lines if line.get("error")]
    assert {e.get("line") for e in errors} == {3, None}
    assert any("invalid JSON" in e["error"] for e in errors)
    assert any(e["id"] == "x-1" and "no prompt" in e["error"] for e in errors)
    with ChatServer() as server:                   # resume: the error lines count as done
        assert run(prompts, out, server) == 1
        assert server.requests == 0
    assert len(read_lines(out)) == 4


def test_fatal_auth_error_stops_the_run_without_error_lines(tmp_path):
    prompts = tmp_path / "prompts.jsonl"
    write_prompts(prompts, hindi_prompts(5))
    out = tmp_path / "out.jsonl"
    with ChatServer() as server:
        server.failures = ["401"] * 10
        assert run(prompts, out, server, "--concurrency", "1") == 2
        assert server.requests == 1
    assert not out.exists() or out.read_text("utf-8") == ""


def test_generate_help_and_http_backend_import_no_heavy_library(tmp_path):
    heavy = ("torch", "transformers", "anthropic", "sentence_transformers")
    probe = ("import sys\nfrom honorifics.generation.cli import generate_main, import_results_main\n"
             "from honorifics.generation import backends, runner, batch\n"
             "try:\n    generate_main(['--help'])\nexcept SystemExit:\n    pass\n"
             f"print('HEAVY:' + ','.join(m for m in {heavy!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.strip().splitlines()[-1] == "HEAVY:"
    assert "--api-key-env" in out.stdout


def test_anthropic_backend_without_sdk_says_so_in_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "anthropic", None)     # as if the SDK were not installed
    prompts = tmp_path / "prompts.jsonl"
    write_prompts(prompts, hindi_prompts(1))
    code = generate_main([str(prompts), "--out", str(tmp_path / "o.jsonl"), "--backend", "anthropic",
                          "--model", "claude-test", "--quiet"])
    assert code == 2
    assert capsys.readouterr().err.strip() == \
        ("honorifics-generate: error: --backend anthropic needs the anthropic SDK, which is not installed: "
         "pip install 'honorifics[generation]'")


def test_anthropic_backend_against_the_loopback_server(tmp_path, monkeypatch):
    pytest.importorskip("anthropic")
    monkeypatch.setenv("HONORIFICS_TEST_KEY", SECRET)
    prompts = tmp_path / "prompts.jsonl"
    ids = write_prompts(prompts, hindi_prompts(2, {2: "FAIL400"})
                        + [("bn-dct-001", "পরিস্থিতি: শ্রেয়া তার শিক্ষকের সাথে দেখা করে।")])
    out = tmp_path / "out.jsonl"
    with ChatServer() as server:
        server.failures = ["429"]
        code = generate_main([str(prompts), "--out", str(out), "--backend", "anthropic",
                              "--base-url", server.base_url.removesuffix("/v1"), "--model", "claude-test",
                              "--api-key-env", "HONORIFICS_TEST_KEY", "--concurrency", "1", *FAST])
        paths = server.requests
    assert code == 1
    by_id = {line["id"]: line for line in read_lines(out)}
    assert by_id[ids[0]]["text"] == HINDI_REPLY and by_id[ids[0]]["attempts"] == 2   # 429 retried
    assert by_id[ids[2]]["text"] == BANGLA_REPLY and by_id[ids[2]]["backend"] == "anthropic"
    assert by_id[ids[2]]["usage"]["completion_tokens"] == len(BANGLA_REPLY)
    assert by_id[ids[2]]["finish_reason"] == "end_turn"
    assert by_id[ids[1]]["error"].startswith("HTTP 400")
    assert SECRET not in out.read_text("utf-8") and paths == 4
    assert {body["temperature"] for body in server.bodies} == {0.7}
    assert {body["max_tokens"] for body in server.bodies} == {200}


def test_ctrl_c_keeps_what_was_written_and_a_rerun_finishes(tmp_path):
    import signal
    prompts = tmp_path / "prompts.jsonl"
    ids = write_prompts(prompts, hindi_prompts(30))
    out = tmp_path / "out.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with ChatServer(delay=0.1) as server:
        command = [sys.executable, "-m", "honorifics.generation.cli", str(prompts), "--out", str(out),
                   "--base-url", server.base_url, "--model", "m", "--concurrency", "2"]
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   text=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (out.exists() and out.read_text("utf-8").count("\n") >= 5):
            time.sleep(0.02)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
        assert process.returncode == 130, stderr
        assert "not sent (rerun to resume)" in stderr
        interrupted = read_lines(out)
        assert 5 <= len(interrupted) < 30
        finished = subprocess.run(command + ["--quiet"], env=env, capture_output=True, text=True, timeout=120)
    assert finished.returncode == 0
    got = [line["id"] for line in read_lines(out)]
    assert len(got) == 30 and set(got) == set(ids)


def test_error_lines_become_error_records_in_the_analysis(tmp_path):
    from honorifics.cli import analyze_generations_main
    prompts = tmp_path / "prompts.jsonl"
    ids = write_prompts(prompts, hindi_prompts(3, {2: "FAIL400"}))
    out = tmp_path / "out.jsonl"
    with ChatServer() as server:
        assert run(prompts, out, server) == 1
    assert analyze_generations_main([str(out), "--out", str(tmp_path / "r"), "--no-classifier",
                                     "--quiet"]) == 1
    analysis = {r["id"]: r for r in read_lines(tmp_path / "r" / "analysis.jsonl")}
    assert set(analysis) == set(ids)
    assert analysis[ids[1]]["status"] == "error"
    assert analysis[ids[1]]["error"].startswith("the generation failed: HTTP 400")
    assert analysis[ids[0]]["status"] == "ok" and analysis[ids[0]]["tier"] == "formal"


def test_extra_body_reaches_the_server_and_is_recorded(tmp_path):
    prompts = tmp_path / "prompts.jsonl"
    write_prompts(prompts, hindi_prompts(1))
    out = tmp_path / "out.jsonl"
    with ChatServer() as server:
        assert run(prompts, out, server, "--extra-body", '{"top_p": 0.9}') == 0
        assert server.bodies[0]["top_p"] == 0.9
        assert run(prompts, out, server, "--extra-body", "[1]") == 2
    assert read_lines(out)[0]["extra_body"] == {"top_p": 0.9}
