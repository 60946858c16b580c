"""Commands ``generate`` and ``import-results``.

Exit codes (both): 0 every prompt answered / every line read; 1 some
requests failed or lines gave error records (the output is still complete);
2 usage error, unreadable input, or a failure that stops the run (bad API
key, unknown model: rerun after fixing it, and the run resumes);
130 interrupted (what was written is kept; rerun to resume).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..usage import EXIT_INTERRUPTED, EXIT_USAGE, UsageError, command, input_file, output_file, prog_name
from ..usage import parser as _parser

EXIT_OK, EXIT_SOME_FAILED = 0, 1
BACKENDS = ("openai-compatible", "hf", "anthropic")

GENERATE_DESCRIPTION = """\
Send every prompt of a file written by 'honorifics prompts' (plain, chat or
batch format) to a model and write one line per prompt to --out: id,
scenario_id, text, model, temperature, run, and provenance (backend, base URL,
prompt hash, seed, finish reason, token usage, timestamps, latency, attempts,
error). The output is the input of 'honorifics analyze'.

The server is checked once before the first prompt: a URL without http:// or
https://, or a server that does not answer, stops the run (exit 2) instead of
failing every prompt; once the run has started, transient failures are retried.
At the end the tokens in and out per model are printed and recorded, with the
run's settings, in run.json beside --out.

Resumable: a rerun skips ids already in --out and appends; --overwrite starts
again, --retry-errors sends the failed ones again. Refusals and empty answers
are kept: they are data.
"""

GENERATE_EPILOG = """\
examples:
  honorifics generate prompts.jsonl --out outputs.jsonl --base-url http://localhost:11434/v1 --model llama3.1:8b
  OPENAI_API_KEY=... honorifics generate prompts.jsonl --out outputs.jsonl --model gpt-4o-mini --rpm 500
  honorifics generate prompts.jsonl --out outputs.jsonl --backend hf --model ./my-model --batch-size 8

exit codes: 0 all answered; 1 some requests failed (error lines in --out,
from this run or an earlier one); 2 usage
error or a failure that stops the run (bad key, unknown model); 130 interrupted.
"""


def build_generate_parser() -> argparse.ArgumentParser:
    parser = _parser("honorifics-generate", GENERATE_DESCRIPTION, GENERATE_EPILOG, raw=True)
    parser.add_argument("prompts", help="prompts JSONL (or .jsonl.gz) written by 'honorifics prompts'")
    parser.add_argument("--out", "-o", required=True,
                        help="output JSONL (appended to: resumable); run.json is written beside it")
    parser.add_argument("--backend", choices=BACKENDS, default="openai-compatible",
                        help="openai-compatible: a chat-completions server (OpenAI, vLLM, Ollama, "
                             "llama.cpp …); hf: a local Hugging Face model (needs honorifics[ml]); "
                             "anthropic: the Messages API (needs honorifics[generation]) "
                             "(default: %(default)s)")
    parser.add_argument("--model", "-m",
                        help="model name (openai-compatible, anthropic; default: the prompts' own) "
                             "or a local model directory (hf)")
    parser.add_argument("--base-url", default=None,
                        help="chat-completions base URL (default: $OPENAI_BASE_URL or "
                             "https://api.openai.com/v1; Ollama: http://localhost:11434/v1; "
                             "vLLM: http://localhost:8000/v1)")
    parser.add_argument("--api-key-env", default=None, metavar="NAME",
                        help="environment variable holding the API key (default OPENAI_API_KEY; "
                             "ANTHROPIC_API_KEY for anthropic). The key is never written anywhere.")
    run = parser.add_argument_group("pacing and retries")
    run.add_argument("--concurrency", "-c", type=int, default=4, help="requests in flight (default 4)")
    run.add_argument("--rpm", type=float, default=None,
                     help="at most this many requests per minute (default: no limit)")
    run.add_argument("--max-retries", type=int, default=5,
                     help="retries on 429, 5xx, timeouts and garbled answers (default 5)")
    run.add_argument("--backoff-base", type=float, default=1.0, metavar="SECONDS",
                     help="first backoff ceiling; doubles each retry, with full jitter (default 1)")
    run.add_argument("--backoff-max", type=float, default=60.0, metavar="SECONDS",
                     help="longest backoff (default 60); a server's Retry-After is honoured")
    run.add_argument("--timeout", type=float, default=120.0, metavar="SECONDS",
                     help="per-request timeout (default 120)")
    sampling = parser.add_argument_group("sampling")
    sampling.add_argument("--max-tokens", type=int, default=None,
                          help="override the prompts' max_tokens (default: the prompts' own, "
                               "200/300/500 by task)")
    sampling.add_argument("--extra-body", default=None, metavar="JSON",
                          help='more request fields for openai-compatible, e.g. \'{"top_p": 0.9}\' '
                               "(recorded in each line as extra_body; default: none)")
    sampling.add_argument("--seed", type=int, default=None,
                          help="derive a per-prompt seed from this (sent as 'seed'; hf: sampling seed; "
                               "default: none, the server samples freely)")
    hf = parser.add_argument_group("hf backend")
    hf.add_argument("--batch-size", type=int, default=8, help="prompts per forward batch (default 8)")
    hf.add_argument("--device", default=None, help="cpu, cuda, cuda:1 … (default: cuda if available)")
    hf.add_argument("--dtype", default=None, help="torch dtype, e.g. bfloat16 (default: the model's)")
    hf.add_argument("--allow-download", action="store_true",
                    help="let --model be a hub name that is downloaded (default: local files only)")
    what = parser.add_argument_group("what to run")
    what.add_argument("--limit", type=int, default=None,
                      help="send at most N prompts this run (default: all that are not done)")
    what.add_argument("--dry-run", action="store_true",
                      help="show what would be sent (counts, endpoint, the first request); send nothing")
    what.add_argument("--overwrite", action="store_true", help="start again: truncate --out")
    what.add_argument("--retry-errors", action="store_true",
                      help="remove earlier error lines from --out and send those prompts again")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress bar or notes on stderr")
    return parser


def _backend_provenance(args: argparse.Namespace, base_url: str | None) -> dict[str, Any]:
    from .backends import public_url
    provenance: dict[str, Any] = {"backend": args.backend}
    if base_url:
        provenance["base_url"] = public_url(base_url)
    if args.extra_body:
        provenance["extra_body"] = args.extra_body
    if args.backend == "hf":
        provenance["model"] = Path(args.model).name or args.model
        provenance["model_path"] = str(args.model)
    return provenance


def _make_backend(args: argparse.Namespace, base_url: str | None, api_key: str | None):
    from .backends import AnthropicBackend, HFBackend, OpenAICompatibleBackend
    if args.backend == "openai-compatible":
        return OpenAICompatibleBackend(base_url, args.model, api_key, timeout=args.timeout,
                                       extra_body=args.extra_body)
    if args.backend == "anthropic":
        return AnthropicBackend(args.model, api_key, timeout=args.timeout, base_url=base_url)
    return HFBackend(args.model, device=args.device, batch_size=args.batch_size,
                     allow_download=args.allow_download, dtype=args.dtype,
                     progress=not args.quiet and sys.stderr.isatty())


def _url_source(args: argparse.Namespace) -> str:
    """Where the base URL came from, for messages about it."""
    if args.base_url:
        return "--base-url"
    return "$OPENAI_BASE_URL" if os.environ.get("OPENAI_BASE_URL") else "the default base URL"


def _check_numbers(args: argparse.Namespace) -> str | None:
    if args.concurrency < 1:
        return "--concurrency must be at least 1"
    if args.rpm is not None and args.rpm <= 0:
        return "--rpm must be positive"
    if args.max_retries < 0 or args.backoff_base < 0 or args.backoff_max < 0 or args.timeout <= 0:
        return "--max-retries, --backoff-base and --backoff-max must be >= 0, --timeout > 0"
    if args.limit is not None and args.limit < 0:
        return "--limit must be >= 0"
    if args.batch_size < 1:
        return "--batch-size must be at least 1"
    if args.extra_body is not None:
        try:
            args.extra_body = json.loads(args.extra_body)
        except json.JSONDecodeError as error:
            return f"--extra-body is not JSON: {error.msg}"
        if not isinstance(args.extra_body, dict):
            return "--extra-body must be a JSON object"
        if args.backend != "openai-compatible":
            return "--extra-body is for the openai-compatible backend"
    if args.overwrite and args.retry_errors:
        return "--overwrite already sends everything again; drop --retry-errors"
    return None


def run_generate(args: argparse.Namespace) -> int:
    from .backends import DEFAULT_BASE_URL, GenerationError, check_url
    from .. import __version__
    from .runner import (Generator, LineWriter, Redactor, RunOptions, _now, add_usage, drop_error_lines,
                         format_usage, iter_pending, make_progress, read_prompts, scan_output, write_run_file)
    program = prog_name("honorifics-generate")
    problem = _check_numbers(args)
    if problem:
        raise UsageError(problem)
    input_file(args.prompts, "prompts file")
    output_file(args.out)
    try:
        prompts = read_prompts(args.prompts)
    except OSError as error:
        raise UsageError(f"cannot read {args.prompts}: {error.strerror or error}") from None
    if not prompts:
        raise UsageError(f"{args.prompts} holds no prompts")
    if args.backend != "hf" and not args.model and not any(p.model for p in prompts):
        raise UsageError("--model is needed (the prompts name no model)")
    if args.backend == "hf" and not args.model:
        raise UsageError("--backend hf needs --model PATH (a local model directory)")

    env_name = args.api_key_env or ("ANTHROPIC_API_KEY" if args.backend == "anthropic" else "OPENAI_API_KEY")
    api_key = os.environ.get(env_name) or None
    base_url = None
    if args.backend == "openai-compatible":
        base_url = args.base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL
    elif args.backend == "anthropic":
        base_url = args.base_url
    redact = Redactor([api_key])
    note = (lambda message: None) if args.quiet else (lambda message: print(f"{program}: {message}",
                                                                            file=sys.stderr))

    out = Path(args.out)
    if args.overwrite and not args.dry_run and out.exists():
        out.write_bytes(b"")
    retried = 0
    if args.retry_errors and out.exists() and not args.dry_run:
        retried = drop_error_lines(out)
    existing = scan_output(out, repair=not args.dry_run and not args.overwrite)
    if existing.truncated_bytes:
        note(f"removed a line cut off by an interrupted run ({existing.truncated_bytes} bytes)")
    pending = list(iter_pending(prompts, existing, args.limit))
    keys = {p.key for p in prompts}
    earlier_failures = len(existing.failed & keys)
    skipped = len(existing.done & keys) + earlier_failures
    if skipped:
        note(f"{skipped} prompts already in {out} (skipped)"
             + (f", {earlier_failures} of them error lines: rerun with --retry-errors"
                if earlier_failures else ""))
    if retried:
        note(f"sending {retried} earlier failures again")

    options = RunOptions(concurrency=args.concurrency, rpm=args.rpm, max_retries=args.max_retries,
                         backoff_base=args.backoff_base, backoff_max=args.backoff_max, seed=args.seed,
                         model=None if args.backend == "hf" else args.model,
                         max_tokens=args.max_tokens, batch_size=args.batch_size)
    if args.dry_run:
        if base_url:
            try:
                check_url(base_url, _url_source(args))
            except GenerationError as error:
                raise UsageError(redact(str(error))) from None
        return _dry_run(args, prompts, pending, skipped, base_url, env_name, api_key, options)
    if not pending:
        note(f"nothing to do: all {len(prompts)} prompts are in {out}")
        return EXIT_SOME_FAILED if earlier_failures else EXIT_OK
    if args.backend == "openai-compatible" and not api_key:
        note(f"${env_name} is not set: sending no Authorization header (fine for a local server)")

    try:
        backend = _make_backend(args, base_url, api_key)
        if hasattr(backend, "check"):   # once, before any prompt: a server that is down stops here
            backend.check(source=_url_source(args))
    except GenerationError as error:
        raise UsageError(redact(str(error))) from None
    except (OSError, ValueError) as error:
        raise UsageError(f"cannot load the model {args.model}: {redact(str(error))}") from None
    generator = Generator(backend, options, _backend_provenance(args, base_url), redact)
    out.parent.mkdir(parents=True, exist_ok=True)
    writer = LineWriter(out, overwrite=False)
    usage: dict[str, dict[str, int]] = {}

    def write(record: dict[str, Any]) -> None:
        writer(record)
        add_usage(usage, record)

    progress = make_progress(len(pending), args.quiet)
    started = _now()
    result = None
    try:
        result = generator.run(pending, write, progress)
    finally:
        progress.close()
        writer.close()
        run = {"started_at": started, "finished_at": _now(), "tool": f"honorifics {__version__}",
               "prompts": str(args.prompts), **_backend_provenance(args, base_url), "models": sorted(usage),
               "pending": len(pending), "written": result.written if result else None,
               "failed": result.failed if result else None, "usage": usage}
        if result is None or result.fatal or result.interrupted:
            run["stopped"] = (result.fatal or "interrupted") if result else "crashed"
        run_file, left_alone = write_run_file(out.parent, out, run, restart=args.overwrite)
    remaining = len(pending) - result.written
    if not args.quiet:
        summary = f"{result.written} written, {result.failed} failed"
        if remaining:
            summary += f", {remaining} not sent (rerun to resume)"
        print(f"{program}: {summary} → {out}", file=sys.stderr)
        for line in format_usage(usage):
            print(f"{program}: tokens {line}", file=sys.stderr)
        print(f"{program}: run recorded in {run_file}" if left_alone is None else f"{program}: {left_alone}",
              file=sys.stderr)
    if result.fatal:
        print(f"{program}: stopped: {result.fatal}", file=sys.stderr)
        return EXIT_USAGE
    if result.interrupted:
        return EXIT_INTERRUPTED
    # The exit code tells whether --out now answers every prompt: error lines
    # kept from an earlier run count too.
    return EXIT_SOME_FAILED if result.failed or earlier_failures else EXIT_OK


def _dry_run(args, prompts, pending, skipped, base_url, env_name, api_key, options) -> int:
    from .backends import GenerationRequest, OpenAICompatibleBackend, public_url
    from .runner import Generator
    invalid = sum(p.error is not None for p in pending)
    print(f"{prog_name('honorifics-generate')} (dry run): {len(prompts)} prompts, {skipped} already in {args.out}, "
          f"{len(pending)} to send ({invalid} unreadable) with {args.backend}", file=sys.stderr)
    first = next((p for p in pending if p.error is None), None)
    if args.backend == "openai-compatible":
        print(f"endpoint: {public_url(base_url)}/chat/completions; API key from ${env_name}: "
              f"{'set' if api_key else 'not set'}", file=sys.stderr)
        if first is not None:
            request = Generator(None, options, {}).request_of(first)
            body = OpenAICompatibleBackend(base_url, args.model,
                                           extra_body=args.extra_body).request_body(request)
            print(json.dumps(body, ensure_ascii=False, indent=2))
    elif first is not None:
        print(json.dumps({"id": first.id, "messages": first.messages, "temperature": first.temperature,
                          "max_tokens": args.max_tokens or first.max_tokens}, ensure_ascii=False, indent=2))
    return EXIT_OK


@command("honorifics-generate")
def generate_main(argv: list[str] | None = None) -> int:
    """``honorifics-generate PROMPTS.jsonl --out outputs.jsonl [--backend …] [--model …]``."""
    args = build_generate_parser().parse_args(argv)
    try:
        return run_generate(args)
    except BrokenPipeError:   # `--dry-run | head` is fine (recipe from the Python docs)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


# --------------------------------------------------------------------------- import-results

IMPORT_DESCRIPTION = """\
Turn model results from elsewhere into the records 'honorifics analyze' reads
(the same lines 'honorifics generate' writes): OpenAI batch output lines (custom_id,
response.body.choices[0].message.content, error), chat-format lines (messages
ending with the assistant's reply) or plain records. Scenario, temperature and
run come from the prompt id, or from --prompts (which also gives language,
task and model). One output line per input line: failed requests and unknown
ids become error lines with the reason.
"""


def load_prompt_index(path: str | Path) -> dict[str, dict[str, Any]]:
    """id → prompt fields (scenario_id, language, task, temperature, run, max_tokens, model)."""
    from .runner import read_prompts
    index = {}
    for prompt in read_prompts(path):
        if prompt.error is None and prompt.id is not None:
            index[str(prompt.id)] = {**prompt.carried, "temperature": prompt.temperature, "run": prompt.run,
                                     "max_tokens": prompt.max_tokens, "model": prompt.model}
    return index


@command("import-results")
def import_results_main(argv: list[str] | None = None) -> int:
    """``import-results BATCH.jsonl [--prompts PROMPTS.jsonl] --out outputs.jsonl``."""
    from ..formats.batch import ResultError, normalize_result, result_id
    parser = _parser("import-results", IMPORT_DESCRIPTION, raw=True)
    parser.add_argument("results", help="batch output / chat / plain JSONL (or .jsonl.gz)")
    parser.add_argument("--prompts", help="the prompts file ('honorifics prompts', any format) to join on id "
                                          "(default: none; scenario, temperature and run come from the id)")
    parser.add_argument("--out", "-o", default="-", help="output JSONL (default: stdout)")
    parser.add_argument("--quiet", "-q", action="store_true", help="no summary on stderr")
    args = parser.parse_args(argv)
    program = prog_name("import-results")
    index = None
    input_file(args.results, "results file")
    if args.out != "-":
        output_file(args.out)
    if args.prompts:
        input_file(args.prompts, "prompts file")
        try:
            index = load_prompt_index(args.prompts)
        except OSError as error:
            raise UsageError(f"cannot read {args.prompts}: {error.strerror or error}") from None
    from ..textfiles import open_text
    try:
        source = open_text(args.results)   # plain or gzip; not UTF-8: one line naming the file and line
    except OSError as error:
        raise UsageError(f"cannot read {args.results}: {error.strerror or error}") from None
    sink = sys.stdout if args.out == "-" else open(args.out, "w", encoding="utf-8")
    counts = {"lines": 0, "ok": 0, "error": 0}
    seen: set[str] = set()
    try:
        with source:
            for number, raw in enumerate(source, start=1):
                if not raw.strip():
                    continue
                counts["lines"] += 1
                try:
                    obj = json.loads(raw)
                    if not isinstance(obj, dict):
                        raise ResultError("the line is not a JSON object")
                    record = normalize_result(obj, index)
                    if index is not None:   # fill what the prompt knows and the result does not say
                        for key, value in index.get(str(record.get("id")), {}).items():
                            if value is not None and record.get(key) is None:
                                record[key] = value
                    if record.get("text") is None and "messages" in record:
                        from ..inputs import InputError, _message_text
                        try:
                            record["text"] = _message_text(record.pop("messages"))
                        except InputError as error:
                            raise ResultError(str(error), record.get("id")) from None
                    record.setdefault("source", "import")
                    counts["ok"] += 1
                except json.JSONDecodeError as error:
                    record = {"id": None, "line": number, "text": None, "error": f"invalid JSON: {error.msg}"}
                    counts["error"] += 1
                except ResultError as error:
                    record_id = error.record_id if error.record_id is not None else result_id(obj)
                    record = {"id": record_id, "text": None, "error": str(error)}
                    if record_id is None:
                        record["line"] = number
                    counts["error"] += 1
                if record.get("id") is not None:
                    seen.add(str(record["id"]))
                sink.write(json.dumps(record, ensure_ascii=False) + "\n")
    finally:
        if sink is not sys.stdout:
            sink.close()
        else:
            sink.flush()
    missing = sorted(set(index) - seen) if index is not None else []
    if not args.quiet:
        print(f"{program}: {counts['lines']} lines, {counts['ok']} ok, {counts['error']} errors"
              + (f"; {len(missing)} prompts have no result (e.g. {', '.join(missing[:3])})" if missing else ""),
              file=sys.stderr)
    return EXIT_SOME_FAILED if counts["error"] or missing else EXIT_OK


if __name__ == "__main__":
    raise SystemExit(generate_main())
