"""``honorifics run experiment.yaml``: scenarios → prompts → several models → one analysis and report.

One YAML file describes a whole study (which scenarios, how prompts are
rendered, which models, analysis and report options, an output folder). The
file is checked against :data:`SCHEMA` (JSON Schema, with ``jsonschema``); a
bad key gets one line naming it and what is allowed.

The run reuses the project's own pieces: the scenario bank and
``prompt_records`` (``honorifics prompts``), the runner and backends
(``honorifics generate``: retries, rate limits, resume), the engine
(``honorifics analyze``) and the report (``honorifics report``). Answers are
kept in a response cache shared across runs and experiments (:class:`ResponseCache`):
a request already answered is never sent again.

Output folder: ``prompts.jsonl``, ``outputs/<model name>.jsonl`` (one per
model, resumable), ``outputs.jsonl`` (all models, in a fixed order),
``analysis/`` (analysis.jsonl, summary.json), ``report/`` (metrics.json,
tables/, report.html) and ``run.json`` (resolved config without secrets, its
hash, versions, per-model token totals, the files written).
"""
from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..usage import EXIT_INTERRUPTED, EXIT_USAGE, UsageError, command, prog_name
from ..usage import parser as _parser

BACKENDS = ("openai-compatible", "hf", "anthropic")
LANGUAGES = ("hi", "bn")
TASKS = ("dct", "continuation", "roleplay")
RUN_FILE = "run.json"
#: what a run writes at the top of its output folder (a rerun may rewrite these)
OWNED = ("prompts.jsonl", "outputs", "outputs.jsonl", "analysis", "report", RUN_FILE)

_NAME = {"type": "string", "pattern": "^[A-Za-z0-9][A-Za-z0-9._:+-]*$", "maxLength": 100}

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "additionalProperties": False,
    "required": ["models"],
    "properties": {
        "output": {"type": "string", "minLength": 1},
        "cache": {"anyOf": [{"type": "string", "minLength": 1}, {"const": False}]},
        "scenarios": {
            "type": "object", "additionalProperties": False,
            "properties": {
                "languages": {"type": "array", "minItems": 1, "uniqueItems": True,
                              "items": {"enum": list(LANGUAGES)}},
                "tasks": {"type": "array", "minItems": 1, "uniqueItems": True, "items": {"enum": list(TASKS)}},
                "limit": {"type": "integer", "minimum": 1},
                "ids": {"type": "string", "minLength": 1},
                "file": {"anyOf": [{"type": "string", "minLength": 1},
                                   {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}}]},
                "variables": {"type": "object", "additionalProperties": {"type": ["string", "number", "boolean"]}},
            },
        },
        "prompts": {
            "type": "object", "additionalProperties": False,
            "properties": {
                "temperatures": {"type": "array", "minItems": 1,
                                 "items": {"type": "number", "minimum": 0, "maximum": 2}},
                "runs": {"type": "integer", "minimum": 1},
                "seed": {"type": ["integer", "null"]},
                "system": {"type": "string"},
            },
        },
        "models": {
            "type": "array", "minItems": 1,
            "items": {
                "type": "object", "additionalProperties": False,
                "required": ["name", "backend"],
                "properties": {
                    "name": _NAME,
                    "backend": {"enum": list(BACKENDS)},
                    "model": {"type": "string", "minLength": 1},
                    "base_url": {"type": "string", "minLength": 1},
                    "api_key_env": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]*$"},
                    "path": {"type": "string", "minLength": 1},
                    "max_tokens": {"type": "integer", "minimum": 1},
                    "concurrency": {"type": "integer", "minimum": 1},
                    "rpm": {"type": "number", "exclusiveMinimum": 0},
                    "max_retries": {"type": "integer", "minimum": 0},
                    "timeout": {"type": "number", "exclusiveMinimum": 0},
                    "extra_body": {"type": "object"},
                    "batch_size": {"type": "integer", "minimum": 1},
                    "device": {"type": "string"},
                    "dtype": {"type": "string"},
                },
                "allOf": [
                    {"if": {"properties": {"backend": {"const": "hf"}}},
                     "then": {"required": ["path"]}, "else": {"required": ["model"]}},
                    {"if": {"properties": {"backend": {"const": "openai-compatible"}}},
                     "then": {"required": ["base_url"]}},
                ],
            },
        },
        "analysis": {
            "type": "object", "additionalProperties": False,
            "properties": {
                "classifier": {"type": "boolean"},
                "workers": {"type": "integer", "minimum": 1},
                "engine": {"enum": ["local"]},
            },
        },
        "report": {
            "type": "object", "additionalProperties": False,
            "properties": {
                "group_by": {"type": "array", "items": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_.]*$"}},
                "title": {"type": "string"},
                "max_dialogues": {"type": "integer", "minimum": 1},
            },
        },
    },
}

EXAMPLE = """\
# An experiment for `honorifics run experiment.yaml` (docs/generation.md, "Experiments").
# Paths are relative to this file. `honorifics run experiment.yaml --dry-run` shows
# what would be sent, and what is already cached, without sending anything.

output: runs/pilot            # prompts.jsonl, outputs/, analysis/, report/report.html, run.json
cache: .honorifics-cache      # response cache, shared across runs and experiments (false: none)

scenarios:                    # the built-in bank, filtered (or file: my_bank.jsonl)
  languages: [hi, bn]
  tasks: [dct, roleplay]
  limit: 5                    # scenarios per language × task
  # ids: "hi-dct-*"           # a glob on scenario ids
  # variables: {relationship_type: family}

prompts:
  temperatures: [0, 0.7]
  runs: 2                     # runs per scenario and temperature
  seed: 0                     # per-request seeds derived from it (servers that take a seed)

models:                       # each answers every prompt; `name` is the model column of the report
  - name: local-llama         # a local OpenAI-compatible server: Ollama, vLLM, llama.cpp (no key)
    backend: openai-compatible
    base_url: http://127.0.0.1:11434/v1
    model: llama3.1:8b
    concurrency: 4
  # - name: gpt
  #   backend: openai-compatible
  #   base_url: https://api.openai.com/v1
  #   model: gpt-4o-mini
  #   api_key_env: OPENAI_API_KEY   # the name of the variable; the key itself is never written
  #   max_tokens: 400
  #   rpm: 500
  # - name: my-hf
  #   backend: hf                   # a local Hugging Face model (needs honorifics[ml])
  #   path: ./models/my-model
  #   batch_size: 8

analysis:
  classifier: false           # true: the tier classifier decides what the rules leave undecided
  workers: 1

report:
  group_by: [model, language]
"""


# --------------------------------------------------------------------------- reading the file


def _where(path: list[Any]) -> str:
    """``models[1].backend`` from a jsonschema path."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "the file"


def _schema_message(error) -> str:
    """One line naming the key and what is allowed."""
    where = _where(list(error.absolute_path))
    kind, value = error.validator, error.instance
    if kind == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        extra = sorted(set(value) - set(allowed)) if isinstance(value, dict) else []
        name = f"{where}.{extra[0]}" if extra and where != "the file" else (extra[0] if extra else where)
        return f"unknown key '{name}'; allowed here: {', '.join(allowed)}"
    if kind == "required":
        return f"{where}: missing key '{error.message.split(chr(39))[1]}'"
    if kind == "enum":
        return f"{where}: {json.dumps(value, ensure_ascii=False)} is not allowed; choose from " \
               f"{', '.join(map(str, error.validator_value))}"
    if kind == "type":
        wanted = error.validator_value if isinstance(error.validator_value, str) else \
            " or ".join(error.validator_value)
        return f"{where}: expected {wanted}, got {json.dumps(value, ensure_ascii=False)}"
    if kind in ("minimum", "maximum", "exclusiveMinimum"):
        sign = {"minimum": ">=", "maximum": "<=", "exclusiveMinimum": ">"}[kind]
        return f"{where}: must be {sign} {error.validator_value} (got {value})"
    if kind in ("minItems", "minLength"):
        return f"{where}: must not be empty"
    if kind == "pattern":
        return f"{where}: {json.dumps(value, ensure_ascii=False)} does not match {error.validator_value}"
    return f"{where}: {error.message}"


def validate(config: Any) -> None:
    """Raise :class:`UsageError` with one line for the first problem of a config."""
    import jsonschema
    validator = jsonschema.Draft202012Validator(SCHEMA)
    errors = list(validator.iter_errors(config))
    if not errors:
        names = [m["name"] for m in config["models"]]
        repeated = sorted({n for n in names if names.count(n) > 1})
        if repeated:
            raise UsageError(f"models: the name '{repeated[0]}' is used twice; each model needs its own name")
        return
    # the deepest error says the most (a bad key inside models[1], not "models is invalid")
    error = jsonschema.exceptions.best_match(errors, key=lambda e: (-len(e.absolute_path),) +
                                             jsonschema.exceptions.relevance(e))
    if error.validator == "anyOf":   # e.g. cache: a folder or false
        options = [_describe(branch) for branch in error.validator_value]
        raise UsageError(f"{_where(list(error.absolute_path))}: expected {' or '.join(options)}, "
                         f"got {json.dumps(error.instance, ensure_ascii=False)}")
    while error.context:   # if-then: the branch's own reason
        error = jsonschema.exceptions.best_match(error.context)
    raise UsageError(_schema_message(error))


def _describe(schema: dict[str, Any]) -> str:
    if "const" in schema:
        return json.dumps(schema["const"])
    if schema.get("type") == "array":
        return f"a list of {_describe(schema.get('items', {}))}s"
    return str(schema.get("type", "a value"))


def load_config(path: Path) -> dict[str, Any]:
    """The experiment file, validated, with defaults filled and paths made absolute."""
    import yaml
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read {path}: {getattr(error, 'strerror', None) or error}") from None
    try:
        config = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise UsageError(f"{path} is not valid YAML{where}: {getattr(error, 'problem', None) or error}") from None
    if not isinstance(config, dict):
        raise UsageError(f"{path}: an experiment file is a mapping of keys (output, models, …)")
    validate(config)
    base = path.resolve().parent
    resolved: dict[str, Any] = {
        "output": str((base / config.get("output", f"runs/{path.stem}")).resolve()),
        "cache": (None if config.get("cache") is False
                  else str((base / config.get("cache", ".honorifics-cache")).resolve())),
        "scenarios": dict(config.get("scenarios") or {}),
        "prompts": {"temperatures": [0.7], "runs": 1, "seed": 0, **(config.get("prompts") or {})},
        "models": [],
        "analysis": {"classifier": False, "workers": 1, "engine": "local", **(config.get("analysis") or {})},
        "report": {"group_by": ["model", "language"], **(config.get("report") or {})},
    }
    files = resolved["scenarios"].get("file")
    if files is not None:
        resolved["scenarios"]["file"] = [str((base / f).resolve()) for f in ([files] if isinstance(files, str)
                                                                            else files)]
    from .backends import GenerationError, check_url
    for index, model in enumerate(config["models"]):
        if model.get("base_url"):
            try:   # a URL without http:// is a mistake in the file, before any run or dry run
                check_url(model["base_url"], f"models[{index}].base_url")
            except GenerationError as error:
                raise UsageError(str(error)) from None
        entry = {"concurrency": 4, "max_retries": 5, "timeout": 120.0, **model}
        if entry["backend"] == "hf":
            entry["path"] = str((base / entry["path"]).resolve())
            entry.setdefault("batch_size", 8)
        elif entry["backend"] == "openai-compatible":
            entry.setdefault("api_key_env", None)
        resolved["models"].append(entry)
    return resolved


def config_hash(config: dict[str, Any]) -> str:
    canonical = json.dumps(config, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()


# --------------------------------------------------------------------------- the response cache


class ResponseCache:
    """Answers by request: ``DIR/ab/<sha256>.json``, one small file each, written atomically.

    The key is the backend, base URL (without credentials), model, the messages,
    the request parameters, the seed and the run index: anything that could make
    the answer differ. Only answers are cached, never failures.
    """

    def __init__(self, directory: Path | None):
        self.directory = directory

    @staticmethod
    def key(model: dict[str, Any], request, run: int | None) -> str:
        from .backends import public_url
        fields = {"backend": model["backend"],
                  "base_url": public_url(model["base_url"]) if model.get("base_url") else None,
                  "model": model.get("model") or model.get("path"),
                  "messages": request.messages, "temperature": request.temperature,
                  "max_tokens": request.max_tokens, "extra_body": model.get("extra_body"),
                  "seed": request.seed, "run": run}
        canonical = json.dumps(fields, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode("utf-8")).hexdigest()

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}.json"

    def get(self, key: str):
        from .backends import Completion
        if self.directory is None:
            return None
        try:
            data = json.loads(self._path(key).read_text("utf-8"))
            return Completion(data["text"], data.get("finish_reason"), data.get("usage"), data.get("response_model"))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, key: str, completion) -> None:
        if self.directory is None or completion is None:
            return
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        temporary.write_text(json.dumps({"text": completion.text, "finish_reason": completion.finish_reason,
                                         "usage": completion.usage, "response_model": completion.response_model},
                                        ensure_ascii=False), encoding="utf-8")
        os.replace(temporary, path)


class _Storing:
    """A backend that puts every answer it gets into the cache."""

    def __init__(self, backend, cache: ResponseCache, keys: dict[Any, str]):
        self.backend, self.cache, self.keys = backend, cache, keys
        self.batched = getattr(backend, "batched", False)
        self.sent = 0

    def complete(self, request):
        self.sent += 1
        completion = self.backend.complete(request)
        self.cache.put(self.keys[request.id], completion)
        return completion

    def complete_batch(self, requests, seed):
        self.sent += len(requests)
        completions = self.backend.complete_batch(requests, seed)
        for request, completion in zip(requests, completions):
            self.cache.put(self.keys[request.id], completion)
        return completions


# --------------------------------------------------------------------------- prompts and plans


def select_scenarios(config: dict[str, Any]):
    """The scenarios of the experiment: the bank (or files), filtered, ``limit`` per language × task."""
    from ..scenarios.bank import ScenarioBank, ScenarioError, load_bank
    from ..tiers import TierError
    spec = config["scenarios"]
    try:
        bank = load_bank(spec.get("file"))
        if spec.get("variables"):
            bank = bank.filter(**{k: str(v) for k, v in spec["variables"].items()})
    except (ScenarioError, TierError, ValueError, OSError) as error:
        raise UsageError(f"scenarios: {str(error).splitlines()[0] if str(error) else error}") from None
    languages, tasks, limit = spec.get("languages"), spec.get("tasks"), spec.get("limit")
    counts: dict[tuple[str, str], int] = {}
    chosen = []
    for scenario in bank:
        if languages and scenario.language not in languages or tasks and scenario.task not in tasks:
            continue
        if spec.get("ids") and not fnmatch.fnmatchcase(scenario.id, spec["ids"]):
            continue
        cell = (scenario.language, scenario.task)
        if limit is not None and counts.get(cell, 0) >= limit:
            continue
        counts[cell] = counts.get(cell, 0) + 1
        chosen.append(scenario)
    if not chosen:
        raise UsageError("scenarios: no scenario matches the filters")
    return ScenarioBank(chosen)


def render_prompts(config: dict[str, Any]) -> list[dict[str, Any]]:
    from ..scenarios.cli import prompt_records
    spec = config["prompts"]
    return prompt_records(select_scenarios(config), spec["temperatures"], spec["runs"], "chat",
                          None, spec.get("system"))


def _run_options(model: dict[str, Any], config: dict[str, Any]):
    from .runner import RunOptions
    return RunOptions(concurrency=model["concurrency"], rpm=model.get("rpm"), max_retries=model["max_retries"],
                      seed=config["prompts"].get("seed"),
                      model=None if model["backend"] == "hf" else model["model"],
                      max_tokens=model.get("max_tokens"), batch_size=model.get("batch_size", 8))


def _provenance(model: dict[str, Any]) -> dict[str, Any]:
    from .backends import public_url
    provenance: dict[str, Any] = {"backend": model["backend"]}
    if model.get("base_url"):
        provenance["base_url"] = public_url(model["base_url"])
    if model.get("extra_body"):
        provenance["extra_body"] = model["extra_body"]
    if model["backend"] == "hf":
        provenance["model_path"] = model["path"]
    return provenance


class ModelPlan:
    """One model's share of the run: which prompts are done, cached, or to send."""

    def __init__(self, model: dict[str, Any], config: dict[str, Any], prompts, out_dir: Path,
                 cache: ResponseCache, repair: bool = False):
        from .runner import Generator, iter_pending, scan_output
        self.model, self.prompts = model, prompts
        self.path = out_dir / "outputs" / f"{model['name']}.jsonl"
        self.options = _run_options(model, config)
        self.generator = Generator(None, self.options, _provenance(model))
        # repair: a last line cut off by a kill is removed, so that appending starts on a fresh line
        existing = scan_output(self.path, repair=repair)
        self.truncated_bytes = existing.truncated_bytes
        self.done = len(existing.done & {p.key for p in prompts})
        pending = list(iter_pending(prompts, existing, None))
        self.keys = {p.id: cache.key(model, self.generator.request_of(p), p.run)
                     for p in pending if p.error is None}
        # a cache entry that cannot be read (cut off, edited) is sent again, never written as an answer
        self.answers = {p.id: answer for p in pending if p.error is None
                        for answer in [cache.get(self.keys[p.id])] if answer is not None}
        self.cached = [p for p in pending if p.id in self.answers]
        cached_ids = set(self.answers)
        self.to_send = [p for p in pending if p.id not in cached_ids]


# --------------------------------------------------------------------------- the command

DESCRIPTION = """\
Run a whole experiment from one YAML file: render prompts from the scenario
bank, generate with every model (resumable, retried, rate-limited), analyse
everything together and write one report where the models stand side by side.
Answers are cached (the file's 'cache' folder, shared across experiments): a
request already answered is never sent again. 'honorifics run --init' writes
a commented example.
"""

EPILOG = """\
output folder: prompts.jsonl, outputs/<model>.jsonl, outputs.jsonl, analysis/,
report/report.html, run.json (config without secrets, its hash, versions,
per-model token totals). A rerun may rewrite what run.json records; anything
else in the folder needs --force.

exit codes: 0 done; 1 some requests failed or lines gave error records;
2 usage error (an invalid file: one line naming the key), an unreachable
server, a bad key; 130 interrupted (rerun to resume).
"""


def build_parser() -> argparse.ArgumentParser:
    parser = _parser("honorifics run", DESCRIPTION, EPILOG, raw=True)
    parser.add_argument("experiment", nargs="?", help="the experiment file (YAML); with --init, where to "
                                                      "write the example (default: experiment.yaml)")
    parser.add_argument("--init", action="store_true", help="write a commented example experiment file")
    parser.add_argument("--dry-run", action="store_true",
                        help="print the requests per model, a token estimate and what is cached; send nothing")
    parser.add_argument("--force", action="store_true",
                        help="overwrite the --init file, or write into an output folder that holds "
                             "files this experiment did not write")
    parser.add_argument("--quiet", action="store_true", help="no notes or summary on stderr")
    return parser


@command("honorifics run")
def run_main(argv: list[str] | None = None) -> int:
    """``honorifics run experiment.yaml [--dry-run] [--force]`` or ``honorifics run --init``."""
    args = build_parser().parse_args(argv)
    if args.init:
        return _init(Path(args.experiment or "experiment.yaml"), args.force, args.quiet)
    if not args.experiment:
        raise UsageError("name the experiment file (honorifics run experiment.yaml), "
                         "or write an example with --init")
    path = Path(args.experiment)
    if not path.is_file():
        raise UsageError(f"{path}: no such file (write an example with: honorifics run --init {path})"
                         if not path.exists() else f"{path} is not a file")
    config = load_config(path)
    if args.dry_run:
        return _dry_run(config)
    return run_experiment(config, path, force=args.force, quiet=args.quiet)


def _init(path: Path, force: bool, quiet: bool) -> int:
    if path.is_dir():
        raise UsageError(f"{path} is a directory; name the file to write")
    if path.exists() and not force:
        raise UsageError(f"{path} exists; add --force to overwrite it")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(EXAMPLE, encoding="utf-8")
    if not quiet:
        print(f"{prog_name('honorifics run')}: wrote {path}; edit it, then: honorifics run {path}",
              file=sys.stderr)
    return 0


def _prompts_of(records: list[dict[str, Any]]):
    from .runner import prompt_from_object
    return [prompt_from_object(record, number) for number, record in enumerate(records, start=1)]


def _dry_run(config: dict[str, Any]) -> int:
    records = render_prompts(config)
    prompts = _prompts_of(records)
    cache = ResponseCache(Path(config["cache"]) if config["cache"] else None)
    out_dir = Path(config["output"])
    chars = sum(len(m["content"]) for p in prompts for m in p.messages)
    print(f"{len(records)} prompts ({chars:,} characters) → {out_dir}")
    for model in config["models"]:
        plan = ModelPlan(model, config, prompts, out_dir, cache)
        budget = sum(plan.options.max_tokens or p.max_tokens or 0 for p in plan.to_send)
        sent_chars = sum(len(m["content"]) for p in plan.to_send for m in p.messages)
        where = _provenance(model).get("base_url") or model.get("path") or model["backend"]
        print(f"{model['name']} ({model['backend']}, {model.get('model') or model.get('path')}, {where}): "
              f"{len(prompts)} requests, {plan.done} already in outputs, {len(plan.cached)} cached, "
              f"{len(plan.to_send)} to send; about {sent_chars // 3:,} tokens in "
              f"(characters / 3) and at most {budget:,} out")
    return 0


def _check_folder(out_dir: Path, force: bool) -> list[str]:
    """The files of an earlier run recorded in run.json; anything else there needs --force."""
    if out_dir.exists() and not out_dir.is_dir():
        raise UsageError(f"output {out_dir} is a file; an experiment writes a folder")
    if not out_dir.exists():
        return []
    recorded: list[str] = []
    run_file = out_dir / RUN_FILE
    if run_file.exists():
        try:
            document = json.loads(run_file.read_text("utf-8"))
            recorded = [str(f) for f in document.get("files", [])] if isinstance(document, dict) else []
        except (OSError, ValueError):
            recorded = []
        if not recorded and not force:
            raise UsageError(f"{run_file} was not written by 'honorifics run'; add --force to write "
                             f"into {out_dir}")
    others = sorted(entry.name for entry in out_dir.iterdir()
                    if entry.name not in recorded and entry.name != RUN_FILE)
    if others and not force:
        shown = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
        raise UsageError(f"{out_dir} holds files this experiment did not write ({shown}); "
                         f"add --force to write there anyway")
    return recorded


def _make_backend(model: dict[str, Any], api_key: str | None, quiet: bool):
    from .backends import AnthropicBackend, HFBackend, OpenAICompatibleBackend
    if model["backend"] == "openai-compatible":
        return OpenAICompatibleBackend(model["base_url"], model["model"], api_key, timeout=model["timeout"],
                                       extra_body=model.get("extra_body"))
    if model["backend"] == "anthropic":
        return AnthropicBackend(model["model"], api_key, timeout=model["timeout"], base_url=model.get("base_url"))
    return HFBackend(model["path"], device=model.get("device"), batch_size=model.get("batch_size", 8),
                     allow_download=False, dtype=model.get("dtype"), progress=not quiet and sys.stderr.isatty())


def _api_key(model: dict[str, Any]) -> str | None:
    if model["backend"] == "hf":
        return None
    name = model.get("api_key_env") or ("ANTHROPIC_API_KEY" if model["backend"] == "anthropic" else None)
    return os.environ.get(name) or None if name else None


def _versions() -> dict[str, str]:
    import platform
    from importlib import metadata
    from .. import __version__
    found = {"honorifics": __version__, "python": platform.python_version()}
    for package in ("PyYAML", "jsonschema", "numpy", "pandas", "matplotlib", "torch", "transformers"):
        try:
            found[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            pass
    return found


def run_experiment(config: dict[str, Any], path: Path, force: bool = False, quiet: bool = False) -> int:
    from .backends import GenerationError
    from .runner import LineWriter, Redactor, _now, add_usage, format_usage, make_progress, usage_of_file
    program = prog_name("honorifics run")
    note = (lambda message: None) if quiet else (lambda message: print(f"{program}: {message}", file=sys.stderr))
    out_dir = Path(config["output"])
    _check_folder(out_dir, force)
    records = render_prompts(config)
    prompts = _prompts_of(records)
    cache = ResponseCache(Path(config["cache"]) if config["cache"] else None)
    keys = {m["name"]: _api_key(m) for m in config["models"]}
    redact = Redactor(list(keys.values()))
    plans = [ModelPlan(model, config, prompts, out_dir, cache, repair=True) for model in config["models"]]
    for plan in plans:
        if plan.truncated_bytes:
            note(f"{plan.model['name']}: removed a line cut off by an interrupted run")

    # Every server that will get a request is reached once before anything is sent.
    backends: dict[str, Any] = {}
    try:
        for plan in plans:
            if not plan.to_send:
                continue
            backend = _make_backend(plan.model, keys[plan.model["name"]], quiet)
            if hasattr(backend, "check"):
                backend.check(source=f"models[{config['models'].index(plan.model)}].base_url")
            backends[plan.model["name"]] = backend
    except GenerationError as error:
        raise UsageError(redact(str(error))) from None
    except (OSError, ValueError) as error:
        raise UsageError(f"cannot load the model: {redact(str(error))}") from None

    out_dir.mkdir(parents=True, exist_ok=True)
    started = _now()
    run_document = {"tool": "honorifics run", "experiment": str(path.resolve()), "config": config,
                    "config_hash": config_hash(config), "versions": _versions(), "started_at": started,
                    "prompts": len(records), "files": list(OWNED), "stopped": "running"}
    # recorded before anything else is written: a run that crashes can still be rerun
    _write_json(out_dir / RUN_FILE, run_document)
    (out_dir / "outputs").mkdir(exist_ok=True)
    _write_jsonl(out_dir / "prompts.jsonl", records)
    totals: dict[str, dict[str, Any]] = {}
    outcomes: dict[str, tuple[int, str | None, bool]] = {}

    def generate(plan: ModelPlan) -> None:
        name = plan.model["name"]
        generator = plan.generator
        generator.redact = redact
        writer = LineWriter(plan.path, overwrite=False)
        usage: dict[str, dict[str, int]] = {}

        def write(record: dict[str, Any], cached: bool = False) -> None:
            record["model_id"] = record.get("model")
            record["model"] = name
            if cached:
                record["cached"] = True
            writer(record)
            add_usage(usage, record)

        sent, outcome = 0, (0, None, False)
        try:
            for prompt in plan.cached:   # answered before: written from the cache, nothing sent
                request = generator.request_of(prompt)
                write(generator.record(prompt, request, plan.answers[prompt.id], None, _now(), None, 0),
                      cached=True)
            if plan.to_send:
                storing = _Storing(backends[name], cache, plan.keys)
                generator.backend = storing
                progress = make_progress(len(plan.to_send), quiet)
                try:
                    result = generator.run(plan.to_send, write, progress)
                finally:
                    progress.close()
                sent = storing.sent
                outcome = (result.failed, f"{name}: {result.fatal}" if result.fatal else None, result.interrupted)
        finally:
            writer.close()
        outcomes[name] = outcome
        totals[name] = {"sent": sent, "cached": len(plan.cached), "already_done": plan.done,
                        **usage_of_file(plan.path).get(name, {})}
        note(f"{name}: {sent} sent, {len(plan.cached)} from the cache, {plan.done} already done")

    # Models on servers run side by side (each within its own concurrency and rpm); local
    # models one after the other, in this process, after them.
    from concurrent.futures import ThreadPoolExecutor
    served = [plan for plan in plans if plan.model["backend"] != "hf"]
    local = [plan for plan in plans if plan.model["backend"] == "hf"]
    interrupted = False
    executor = ThreadPoolExecutor(max_workers=max(1, len(served)), thread_name_prefix="model")
    futures = [executor.submit(generate, plan) for plan in served]
    try:
        for future in futures:
            future.result()
    except KeyboardInterrupt:
        interrupted = True
        for plan in served:   # requests in flight are not written; a rerun sends them again
            plan.generator._stop.set()
        executor.shutdown(wait=True, cancel_futures=True)
    executor.shutdown(wait=True)
    for plan in local:
        if interrupted or any(outcome[1] or outcome[2] for outcome in outcomes.values()):
            break
        generate(plan)
    totals = {plan.model["name"]: totals[plan.model["name"]] for plan in plans if plan.model["name"] in totals}
    failed = sum(outcome[0] for outcome in outcomes.values())
    stopped = "; ".join(outcome[1] for outcome in outcomes.values() if outcome[1]) or None
    interrupted = interrupted or any(outcome[2] for outcome in outcomes.values())

    run_document["models"] = totals
    del run_document["stopped"]
    if stopped or interrupted:
        run_document.update(finished_at=_now(), stopped=stopped or "interrupted")
        _write_json(out_dir / RUN_FILE, run_document)
        print(f"{program}: " + (f"stopped: {stopped} (rerun to resume)" if stopped
                                else "interrupted: rerun to resume"), file=sys.stderr)
        return EXIT_USAGE if stopped else EXIT_INTERRUPTED

    combined = _combine(out_dir, plans, prompts)
    _write_json(out_dir / RUN_FILE, run_document)   # the report's header reads it
    code = _analyze(config, out_dir, combined, quiet)
    run_document["finished_at"] = _now()
    _write_json(out_dir / RUN_FILE, run_document)
    if not quiet:
        for line in format_usage({name: {k: v for k, v in entry.items()
                                         if k in ("requests", "answered", "failed", "tokens_in", "tokens_out",
                                                  "without_usage")}
                                  for name, entry in totals.items() if "requests" in entry}):
            print(f"{program}: tokens {line}", file=sys.stderr)
        print(f"{program}: report → {out_dir / 'report' / 'report.html'}", file=sys.stderr)
    if code not in (0, 1):
        return code
    return 1 if failed or code else 0


def _write_jsonl(path: Path, records: list[dict[str, Any]]) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    os.replace(temporary, path)


def _write_json(path: Path, document: dict[str, Any]) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def _combine(out_dir: Path, plans: list[ModelPlan], prompts) -> Path:
    """outputs.jsonl: every model's line for every prompt, models in file order, prompts in order
    (the same file whatever order the answers came in)."""
    order = {p.id: index for index, p in enumerate(prompts)}
    lines: list[dict[str, Any]] = []
    for plan in plans:
        latest: dict[Any, dict[str, Any]] = {}
        for raw in plan.path.read_bytes().splitlines():
            try:
                record = json.loads(raw)
            except ValueError:
                continue
            if isinstance(record, dict) and record.get("id") in order:
                latest[record["id"]] = record
        lines.extend(sorted(latest.values(), key=lambda r: order[r["id"]]))
    path = out_dir / "outputs.jsonl"
    _write_jsonl(path, [{**record, "id": f"{record['model']}/{record['id']}", "prompt_id": record["id"]}
                        for record in lines])
    return path


def _analyze(config: dict[str, Any], out_dir: Path, combined: Path, quiet: bool) -> int:
    from ..cli import analyze_generations_main
    from ..report.cli import report_main
    analysis = config["analysis"]
    argv = [str(combined), "--out", str(out_dir / "analysis"), "--workers", str(analysis["workers"]), "--quiet"]
    if not analysis["classifier"]:
        argv.append("--no-classifier")
    for file in config["scenarios"].get("file") or []:
        argv += ["--scenarios", file]
    code = analyze_generations_main(argv)
    if code not in (0, 1):
        return code
    report = config["report"]
    argv = [str(out_dir / "analysis" / "analysis.jsonl"), "--out", str(out_dir / "report"),
            "--group-by", ",".join(report["group_by"])]
    if report.get("title"):
        argv += ["--title", report["title"]]
    if report.get("max_dialogues"):
        argv += ["--max-dialogues", str(report["max_dialogues"])]
    if quiet:
        argv.append("--quiet")
    report_code = report_main(argv)
    return code or report_code


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(run_main())
