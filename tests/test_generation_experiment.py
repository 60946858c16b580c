"""`honorifics run experiment.yaml`: one file, two loopback servers with different answer
styles, one analysis and one report; the response cache; the schema's one-line errors;
--init, --dry-run, --force; run.json provenance; the API key written nowhere."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generation_server import ChatServer, kill_when_written
from honorifics.commands import main

SECRET = "sk-test-EXPERIMENTsecret-4b7e91"
MIXED_HI = "रोहित: अरे तुम कहाँ थे? तू तो कभी समय पर नहीं आता, तुम्हें पता है?"
MIXED_BN = "শ্রেয়া: তুমি কোথায় ছিলে? তুই তো কখনো সময়ে আসিস না।"


def write_experiment(path: Path, formal: ChatServer, mixed: ChatServer, **extra) -> Path:
    config = {
        "output": "runs/pilot",
        "cache": "cache",
        "scenarios": {"languages": ["hi", "bn"], "tasks": ["dct"], "limit": 2},
        "prompts": {"temperatures": [0.7], "runs": 2, "seed": 0},
        "models": [
            {"name": "formal-model", "backend": "openai-compatible", "base_url": formal.base_url,
             "model": "formal-1", "api_key_env": "EXPERIMENT_TEST_KEY", "max_retries": 0},
            {"name": "mixed-model", "backend": "openai-compatible", "base_url": mixed.base_url,
             "model": "mixed-1", "max_tokens": 100, "max_retries": 0},
        ],
        "analysis": {"classifier": False, "workers": 1},
        **extra,
    }
    import yaml
    path.write_text(yaml.safe_dump(config, allow_unicode=True), "utf-8")
    return path


def without_timing(path: Path) -> list[dict]:
    records = [json.loads(line) for line in path.read_text("utf-8").splitlines()]
    for record in records:
        for key in ("started_at", "finished_at", "latency_s", "attempts", "cached"):
            record["meta"].pop(key, None)
    return records


@pytest.fixture
def servers():
    with ChatServer() as formal, ChatServer(hindi_reply=MIXED_HI, bangla_reply=MIXED_BN) as mixed:
        yield formal, mixed


def test_two_models_one_report_and_a_second_run_sends_nothing(tmp_path, servers, monkeypatch, capsys):
    monkeypatch.setenv("EXPERIMENT_TEST_KEY", SECRET)
    formal, mixed = servers
    experiment = write_experiment(tmp_path / "experiment.yaml", formal, mixed)
    assert main(["run", str(experiment), "--quiet"]) == 0
    assert (formal.requests, mixed.requests) == (8, 8)          # 2 languages × 2 scenarios × 2 runs
    assert formal.authorizations[0] == f"Bearer {SECRET}" and mixed.authorizations[0] is None
    out = tmp_path / "runs" / "pilot"
    for name in ("prompts.jsonl", "outputs/formal-model.jsonl", "outputs/mixed-model.jsonl", "outputs.jsonl",
                 "analysis/analysis.jsonl", "report/report.html", "report/metrics.json", "run.json"):
        assert (out / name).is_file(), name
    analysis = [json.loads(line) for line in (out / "analysis" / "analysis.jsonl").read_text("utf-8").splitlines()]
    assert len(analysis) == 16
    tiers = {}
    for record in analysis:
        tiers.setdefault(record["meta"]["model"], set()).add(record["tier"])
    assert tiers["formal-model"] == {"formal"}
    assert tiers["mixed-model"] & {"mixed", "familiar", "intimate"} and "formal" not in tiers["mixed-model"]
    html = (out / "report" / "report.html").read_text("utf-8")
    assert "formal-model" in html and "mixed-model" in html
    assert 'id="experiment">Experiment experiment.yaml (config sha256:' in html
    assert "formal-model: 8 requests (8 sent, 0 from the cache)" in html
    run = json.loads((out / "run.json").read_text("utf-8"))
    assert run["config_hash"].startswith("sha256:") and run["versions"]["honorifics"]
    assert run["models"]["formal-model"]["sent"] == 8 and run["models"]["formal-model"]["tokens_in"] > 0
    assert run["config"]["models"][0]["api_key_env"] == "EXPERIMENT_TEST_KEY"
    first_analysis = (out / "analysis" / "analysis.jsonl").read_bytes()

    # a second run: everything is in the outputs already; nothing is sent
    assert main(["run", str(experiment), "--quiet"]) == 0
    assert (formal.requests, mixed.requests) == (8, 8)
    assert (out / "analysis" / "analysis.jsonl").read_bytes() == first_analysis

    # another experiment sharing the cache, in a fresh folder: answered from the cache
    other = write_experiment(tmp_path / "other.yaml", formal, mixed, output="runs/other")
    assert main(["run", str(other), "--quiet"]) == 0
    assert (formal.requests, mixed.requests) == (8, 8)
    lines = (tmp_path / "runs" / "other" / "outputs" / "mixed-model.jsonl").read_text("utf-8").splitlines()
    assert len(lines) == 8 and all(json.loads(line)["cached"] for line in lines)
    # the same analysis; only the request's own provenance (times, attempts, cached) differs
    assert without_timing(tmp_path / "runs" / "other" / "analysis" / "analysis.jsonl") == \
        without_timing(out / "analysis" / "analysis.jsonl")
    assert json.loads((tmp_path / "runs" / "other" / "run.json").read_text("utf-8"))["models"]["mixed-model"][
        "cached"] == 8

    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path


def test_an_unreadable_cache_entry_is_sent_again(tmp_path, servers):
    formal, mixed = servers
    experiment = write_experiment(tmp_path / "experiment.yaml", formal, mixed,
                                  scenarios={"languages": ["hi"], "tasks": ["dct"], "limit": 1})
    assert main(["run", str(experiment), "--quiet"]) == 0
    entries = sorted((tmp_path / "cache").rglob("*.json"))
    assert len(entries) == 4
    entries[0].write_text('{"text": "cut', "utf-8")
    other = write_experiment(tmp_path / "other.yaml", formal, mixed, output="runs/other",
                             scenarios={"languages": ["hi"], "tasks": ["dct"], "limit": 1})
    assert main(["run", str(other), "--quiet"]) == 0
    assert formal.requests + mixed.requests == 5
    lines = (tmp_path / "runs" / "other" / "outputs.jsonl").read_text("utf-8").splitlines()
    assert all(json.loads(line)["text"] for line in lines)
    assert json.loads(entries[0].read_text("utf-8"))["text"]      # written again, whole


def test_a_changed_request_parameter_is_a_new_request(tmp_path, servers):
    formal, mixed = servers
    experiment = write_experiment(tmp_path / "experiment.yaml", formal, mixed,
                                  scenarios={"languages": ["hi"], "tasks": ["dct"], "limit": 1})
    assert main(["run", str(experiment), "--quiet"]) == 0
    assert (formal.requests, mixed.requests) == (2, 2)
    changed = write_experiment(tmp_path / "changed.yaml", formal, mixed, output="runs/changed",
                               scenarios={"languages": ["hi"], "tasks": ["dct"], "limit": 1},
                               prompts={"temperatures": [0.7], "runs": 2, "seed": 1})
    assert main(["run", str(changed), "--quiet"]) == 0
    assert (formal.requests, mixed.requests) == (4, 4)   # another seed: sent again


def test_dry_run_counts_requests_and_cache_and_sends_nothing(tmp_path, servers, capsys):
    formal, mixed = servers
    experiment = write_experiment(tmp_path / "experiment.yaml", formal, mixed)
    assert main(["run", str(experiment), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "8 prompts" in out and "formal-model" in out and "8 to send" in out and "tokens in" in out
    assert formal.requests == mixed.requests == 0 and not (tmp_path / "runs").exists()
    assert main(["run", str(experiment), "--quiet"]) == 0
    capsys.readouterr()
    other = write_experiment(tmp_path / "other.yaml", formal, mixed, output="runs/other")
    assert main(["run", str(other), "--dry-run"]) == 0
    assert "8 cached, 0 to send" in capsys.readouterr().out


def test_files_it_did_not_write_need_force(tmp_path, servers, capsys):
    formal, mixed = servers
    experiment = write_experiment(tmp_path / "experiment.yaml", formal, mixed,
                                  scenarios={"languages": ["hi"], "tasks": ["dct"], "limit": 1})
    out = tmp_path / "runs" / "pilot"
    out.mkdir(parents=True)
    (out / "notes.txt").write_text("mine", "utf-8")
    assert main(["run", str(experiment), "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "notes.txt" in err[0] and "--force" in err[0]
    assert formal.requests == 0
    assert main(["run", str(experiment), "--quiet", "--force"]) == 0
    assert (out / "notes.txt").read_text("utf-8") == "mine"
    assert main(["run", str(experiment), "--quiet"]) == 2          # still not ours


def test_an_unreachable_server_stops_before_anything_is_sent(tmp_path, servers, capsys):
    formal, mixed = servers
    experiment = write_experiment(tmp_path / "experiment.yaml", formal, mixed)
    text = experiment.read_text("utf-8").replace(mixed.base_url, "http://127.0.0.1:9/v1")
    experiment.write_text(text, "utf-8")
    assert main(["run", str(experiment), "--quiet"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot reach http://127.0.0.1:9/v1" in err[0] and "models[1].base_url" in err[0]
    assert formal.requests == 0


@pytest.mark.parametrize("body, message", [
    ("models: []", "models: must not be empty"),
    ("models: [{name: a, backend: foo, model: x}]",
     'models[0].backend: "foo" is not allowed; choose from openai-compatible, hf, anthropic'),
    ("models: [{name: a, backend: openai-compatible, model: x}]", "models[0]: missing key 'base_url'"),
    ("models: [{name: a, backend: hf}]", "models[0]: missing key 'path'"),
    ("colour: red\nmodels: [{name: a, backend: hf, path: x}]", "unknown key 'colour'; allowed here: analysis,"),
    ("prompts: {runs: 0}\nmodels: [{name: a, backend: hf, path: x}]", "prompts.runs: must be >= 1 (got 0)"),
    ("scenarios: {languages: [fr]}\nmodels: [{name: a, backend: hf, path: x}]",
     'scenarios.languages[0]: "fr" is not allowed; choose from hi, bn'),
    ("models: [{name: a, backend: hf, path: x, colour: 1}]", "unknown key 'models[0].colour'"),
    ("models: [{name: a, backend: hf, path: x}, {name: a, backend: hf, path: y}]", "the name 'a' is used twice"),
    ("- a", "an experiment file is a mapping"),
    ("models: [{name: a, backend: openai-compatible, model: m, base_url: 'localhost:8000/v1'}]",
     "models[0].base_url localhost:8000/v1 needs an http:// or https:// scheme: write http://localhost:8000/v1"),
    ("cache: 3\nmodels: [{name: a, backend: hf, path: x}]", "cache: expected string or false, got 3"),
    ("scenarios: {file: [3]}\nmodels: [{name: a, backend: hf, path: x}]",
     "scenarios.file[0]: expected string, got 3"),
    ("models: [{name: a", "is not valid YAML"),
])
def test_an_invalid_file_gets_one_line_naming_the_key(tmp_path, capsys, body, message):
    path = tmp_path / "bad.yaml"
    path.write_text(body + "\n", "utf-8")
    assert main(["run", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("honorifics run: error: ") and message in err[0], err


def test_init_writes_a_valid_example_and_never_overwrites_without_force(tmp_path, capsys):
    from honorifics.generation.experiment import load_config
    path = tmp_path / "experiment.yaml"
    assert main(["run", "--init", str(path)]) == 0
    config = load_config(path)
    assert config["models"][0]["name"] == "local-llama" and config["report"]["group_by"] == ["model", "language"]
    path.write_text("mine", "utf-8")
    assert main(["run", "--init", str(path)]) == 2
    assert "--force" in capsys.readouterr().err and path.read_text("utf-8") == "mine"
    assert main(["run", "--init", str(path), "--force"]) == 0
    assert path.read_text("utf-8").startswith("# An experiment")
    assert main(["run"]) == 2
    assert main(["run", str(tmp_path / "missing.yaml")]) == 2


def test_a_run_stopped_midway_resumes_without_duplicates(tmp_path, servers, capsys):
    formal, mixed = servers
    experiment = write_experiment(tmp_path / "experiment.yaml", formal, mixed)
    import yaml
    config = yaml.safe_load(experiment.read_text("utf-8"))
    config["models"][1]["concurrency"] = 1
    experiment.write_text(yaml.safe_dump(config), "utf-8")
    mixed.failures = ["ok", "ok", "ok", "401"]     # the 4th request: a bad key stops the run
    assert main(["run", str(experiment), "--quiet"]) == 2
    assert "stopped" in capsys.readouterr().err
    out = tmp_path / "runs" / "pilot"
    run = json.loads((out / "run.json").read_text("utf-8"))
    assert run["stopped"].startswith("mixed-model") and run["models"]["mixed-model"]["sent"] == 4
    assert len((out / "outputs" / "mixed-model.jsonl").read_text("utf-8").splitlines()) == 3
    assert main(["run", str(experiment), "--quiet"]) == 0         # resumes: only what is missing
    assert (formal.requests, mixed.requests) == (8, 4 + 5)
    ids = [json.loads(line)["id"] for line in (out / "outputs.jsonl").read_text("utf-8").splitlines()]
    assert len(ids) == 16 == len(set(ids))
    assert "stopped" not in json.loads((out / "run.json").read_text("utf-8"))


def test_scenarios_from_a_file_filtered_by_an_id_glob(tmp_path, servers, capsys):
    """`file` is relative to the experiment file; `ids` is a glob; `limit` counts per language × task."""
    import shutil
    formal, mixed = servers
    shutil.copy(Path(__file__).parent / "data" / "scenarios" / "hi_fixture.jsonl", tmp_path / "bank.jsonl")
    experiment = write_experiment(tmp_path / "experiment.yaml", formal, mixed,
                                  scenarios={"file": "bank.jsonl", "ids": "hi-dct-*", "limit": 2},
                                  prompts={"temperatures": [0, 0.7], "runs": 1})
    assert main(["run", str(experiment), "--dry-run"]) == 0
    assert capsys.readouterr().out.startswith("4 prompts")   # 2 scenarios × 2 temperatures
    assert main(["run", str(experiment), "--quiet"]) == 0
    prompts = [json.loads(line) for line in
               (tmp_path / "runs" / "pilot" / "prompts.jsonl").read_text("utf-8").splitlines()]
    assert [p["id"] for p in prompts] == ["hi-dct-001-t0-r1", "hi-dct-001-t0.7-r1",
                                          "hi-dct-002-t0-r1", "hi-dct-002-t0.7-r1"]
    analysis = (tmp_path / "runs" / "pilot" / "analysis" / "analysis.jsonl").read_text("utf-8").splitlines()
    assert all(json.loads(line)["speakers"] for line in analysis)   # joined to the file's scenarios
    bad = write_experiment(tmp_path / "bad.yaml", formal, mixed, scenarios={"ids": "nothing-*"})
    assert main(["run", str(bad), "--quiet"]) == 2
    assert "no scenario matches" in capsys.readouterr().err


def test_models_on_servers_run_side_by_side(tmp_path):
    import yaml
    with ChatServer(delay=0.2) as formal, ChatServer(delay=0.2, hindi_reply=MIXED_HI, bangla_reply=MIXED_BN) as mixed:
        experiment = write_experiment(tmp_path / "experiment.yaml", formal, mixed,
                                      scenarios={"languages": ["hi", "bn"], "tasks": ["dct"], "limit": 1})
        config = yaml.safe_load(experiment.read_text("utf-8"))
        for model in config["models"]:
            model["concurrency"] = 1
        experiment.write_text(yaml.safe_dump(config), "utf-8")
        assert main(["run", str(experiment), "--quiet"]) == 0
        assert formal.requests == mixed.requests == 4
        # one after the other, the second server would see its first request after the first's last
        assert min(mixed.arrivals) < max(formal.arrivals) and min(formal.arrivals) < max(mixed.arrivals)


def test_a_killed_run_resumes_and_loses_and_duplicates_nothing(tmp_path):
    import os
    import subprocess
    import sys
    import yaml
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    with ChatServer(delay=0.05) as formal, ChatServer(delay=0.05, hindi_reply=MIXED_HI) as mixed:
        experiment = write_experiment(tmp_path / "experiment.yaml", formal, mixed,
                                      scenarios={"languages": ["hi"], "tasks": ["dct"], "limit": 3},
                                      prompts={"temperatures": [0, 0.7], "runs": 5})
        config = yaml.safe_load(experiment.read_text("utf-8"))
        for model in config["models"]:
            model["concurrency"] = 2
        experiment.write_text(yaml.safe_dump(config), "utf-8")
        command = [sys.executable, "-m", "honorifics", "run", str(experiment), "--quiet"]
        out = tmp_path / "runs" / "pilot" / "outputs" / "formal-model.jsonl"
        first = kill_when_written(command, env, out, 6)
        assert 6 <= first < 30
        finished = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
        assert finished.returncode == 0, finished.stderr
        assert formal.requests <= 30 + 2 and mixed.requests <= 30 + 2   # at most the requests in flight again
    for name in ("formal-model", "mixed-model"):
        ids = [json.loads(line)["id"] for line in
               (tmp_path / "runs" / "pilot" / "outputs" / f"{name}.jsonl").read_text("utf-8").splitlines()]
        assert len(ids) == len(set(ids)) == 30
    combined = (tmp_path / "runs" / "pilot" / "outputs.jsonl").read_text("utf-8").splitlines()
    assert len(combined) == 60


def test_an_anthropic_model_beside_an_openai_compatible_one(tmp_path, servers, monkeypatch):
    pytest.importorskip("anthropic")
    import yaml
    monkeypatch.setenv("EXPERIMENT_TEST_KEY", SECRET)
    formal, mixed = servers
    experiment = write_experiment(tmp_path / "experiment.yaml", formal, mixed,
                                  scenarios={"languages": ["hi"], "tasks": ["dct"], "limit": 1})
    config = yaml.safe_load(experiment.read_text("utf-8"))
    config["models"][0] = {"name": "claude", "backend": "anthropic", "model": "claude-test",
                           "base_url": formal.base_url.removesuffix("/v1"), "api_key_env": "EXPERIMENT_TEST_KEY",
                           "max_retries": 0}
    experiment.write_text(yaml.safe_dump(config), "utf-8")
    assert main(["run", str(experiment), "--quiet"]) == 0
    assert (formal.requests, mixed.requests) == (2, 2)
    run = json.loads((tmp_path / "runs" / "pilot" / "run.json").read_text("utf-8"))
    assert run["models"]["claude"]["sent"] == 2 and run["models"]["claude"]["tokens_out"] > 0
    assert main(["run", str(experiment), "--quiet"]) == 0
    assert (formal.requests, mixed.requests) == (2, 2)
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path
