"""The generation loop: read prompts, skip what is done, send the rest, write each answer.

Every answer is written and flushed as one line the moment it arrives, so a
run killed midway loses only the requests in flight; the next run reads the
output, skips the ids already there and appends. A failed request becomes an
error line (it is data too: which prompts failed, and why).
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, TextIO

from .backends import Completion, GenerationError, GenerationRequest

#: Fields of a prompt record copied into its output line.
CARRIED_FIELDS = ("scenario_id", "language", "task")
#: Longest pause a Retry-After header can impose on one request.
MAX_RETRY_AFTER = 300.0


@dataclass(slots=True)
class Prompt:
    """One line of a prompts file, read into what a backend needs."""
    line: int
    id: Any
    messages: list[dict[str, Any]] | None = None
    temperature: float = 0.7
    run: int | None = None
    max_tokens: int | None = None
    model: str | None = None
    carried: dict[str, Any] = field(default_factory=dict)
    error: str | None = None

    @property
    def key(self) -> Any:
        """What resume matches on: the id, or the line for an unreadable line."""
        return self.id if self.id is not None else f"<line {self.line}>"


def _messages_of(obj: dict[str, Any]) -> list[dict[str, Any]]:
    if isinstance(obj.get("messages"), list):
        messages = obj["messages"]
    elif isinstance(obj.get("prompt"), str):
        messages = [{"role": "user", "content": obj["prompt"]}]
    else:
        raise ValueError("no prompt: neither 'prompt' (text) nor 'messages' (chat) nor a batch 'body'")
    for message in messages:
        if not isinstance(message, dict) or not isinstance(message.get("role"), str) \
                or not isinstance(message.get("content"), (str, list)):
            raise ValueError("'messages' must be a list of {role, content} objects")
    if not messages:
        raise ValueError("'messages' is empty")
    return messages


def prompt_from_object(obj: Any, line: int) -> Prompt:
    """A prompt from one line in any ``make-prompts`` format (plain, chat, batch).

    The id, scenario, temperature and run come from the record; for batch
    request lines from ``custom_id`` and the body.
    """
    if not isinstance(obj, dict):
        return Prompt(line, None, error="the line is not a JSON object")
    if "custom_id" in obj:   # a batch request line: {custom_id, method, url, body}
        body = obj.get("body") if isinstance(obj.get("body"), dict) else {}
        record_id = obj.get("custom_id")
        source = {**body, "id": record_id}
        from ..formats.batch import fields_from_id
        try:
            source = {**fields_from_id(record_id, None, required=True), **source}
        except ValueError:
            pass   # an id of the user's own: no scenario to recover, still a prompt
    else:
        source = obj
    record_id = source.get("id")
    if not isinstance(record_id, (str, int)) or isinstance(record_id, bool):
        return Prompt(line, None, error="the prompt has no 'id' (string)")
    try:
        messages = _messages_of(source)
        temperature = float(source.get("temperature", 0.7))
        max_tokens = source.get("max_tokens")
        max_tokens = int(max_tokens) if max_tokens is not None else None
        run = source.get("run")
        run = int(run) if run is not None else None
    except (TypeError, ValueError) as error:
        return Prompt(line, record_id, error=str(error))
    model = source.get("model") if isinstance(source.get("model"), str) else None
    carried = {k: source[k] for k in CARRIED_FIELDS if source.get(k) is not None}
    return Prompt(line, record_id, messages, temperature, run, max_tokens, model, carried)


def read_prompts(path: str | Path) -> list[Prompt]:
    """Every non-blank line of a prompts file, readable or not (then ``error`` says why).

    A repeated id is an error on its second line: ids are what resume and the
    analysis join on.
    """
    prompts: list[Prompt] = []
    seen: dict[Any, int] = {}
    from ..inputs import iter_json_objects
    for number, obj, problem in iter_json_objects(path):
        if problem is not None:
            prompts.append(Prompt(number, None, error=f"invalid JSON: {problem}"))
            continue
        prompt = prompt_from_object(obj, number)
        if prompt.error is None and prompt.id in seen:
            prompt.error = f"duplicate id {prompt.id!r} (first on line {seen[prompt.id]})"
            prompt.id = f"{prompt.id}#line{number}"
        elif prompt.id is not None:
            seen[prompt.id] = number
        prompts.append(prompt)
    return prompts


def prompt_hash(messages: list[dict[str, Any]]) -> str:
    """A short, stable fingerprint of exactly what was asked."""
    canonical = json.dumps(messages, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def request_seed(base_seed: int | None, record_id: Any) -> int | None:
    """A per-prompt seed from the run's seed: runs r1…r5 of a scenario must
    differ, yet a rerun must repeat them."""
    if base_seed is None:
        return None
    digest = hashlib.sha256(f"{base_seed}:{record_id}".encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


# --------------------------------------------------------------------------- resume


@dataclass(slots=True)
class ExistingOutput:
    done: set = field(default_factory=set)
    failed: set = field(default_factory=set)
    truncated_bytes: int = 0
    unreadable_lines: int = 0


def scan_output(path: Path, repair: bool = True) -> ExistingOutput:
    """Ids already in an output file (and which of them are error lines).

    A last line cut off by a kill (no newline at the end) is removed when
    ``repair`` is true, so that appending starts on a fresh line.
    """
    found = ExistingOutput()
    if not path.exists():
        return found
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    if end < len(data):
        found.truncated_bytes = len(data) - end
        if repair:
            with open(path, "r+b") as handle:
                handle.truncate(end)
        data = data[:end]
    for raw in data.splitlines():
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError:
            found.unreadable_lines += 1
            continue
        key = obj.get("id") if isinstance(obj, dict) else None
        if key is None and isinstance(obj, dict) and obj.get("line") is not None:
            key = f"<line {obj['line']}>"
        if key is None:
            found.unreadable_lines += 1
            continue
        (found.failed if isinstance(obj, dict) and obj.get("error") and obj.get("text") is None
         else found.done).add(key)
    return found


def drop_error_lines(path: Path) -> int:
    """Remove the error lines of an output file (atomically), to try them again."""
    kept, dropped = [], 0
    for raw in path.read_bytes().splitlines(keepends=True):
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError:
            kept.append(raw)
            continue
        if isinstance(obj, dict) and obj.get("error") and obj.get("text") is None:
            dropped += 1
        else:
            kept.append(raw)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_bytes(b"".join(kept))
    os.replace(temporary, path)
    return dropped


# --------------------------------------------------------------------------- pacing


class RateLimiter:
    """At most ``rpm`` request starts per minute, spaced evenly, across threads."""

    def __init__(self, rpm: float | None):
        self.interval = 60.0 / rpm if rpm else 0.0
        self._next = 0.0
        self._lock = threading.Lock()

    def wait(self, stop: threading.Event | None = None) -> None:
        if not self.interval:
            return
        with self._lock:
            now = time.monotonic()
            slot = max(now, self._next)
            self._next = slot + self.interval
        delay = slot - now
        if delay > 0:
            (stop.wait(delay) if stop is not None else time.sleep(delay))


def backoff_delay(attempt: int, base: float, cap: float, retry_after: float | None,
                  rng: random.Random) -> float:
    """Full-jitter exponential backoff, never shorter than the server's Retry-After.

    >>> backoff_delay(0, 1.0, 60.0, 5.0, random.Random(0)) >= 5.0
    True
    """
    delay = rng.uniform(0, min(cap, base * (2 ** attempt)))
    if retry_after is not None:
        delay = max(delay, min(retry_after, MAX_RETRY_AFTER))
    return delay


# --------------------------------------------------------------------------- the run


@dataclass(slots=True)
class RunOptions:
    concurrency: int = 4
    rpm: float | None = None
    max_retries: int = 5
    backoff_base: float = 1.0
    backoff_max: float = 60.0
    seed: int | None = None
    model: str | None = None
    max_tokens: int | None = None
    batch_size: int = 8


@dataclass(slots=True)
class RunResult:
    written: int = 0
    failed: int = 0
    fatal: str | None = None
    interrupted: bool = False


class Redactor:
    """Removes secrets (the API key) from any text before it is written or shown."""

    def __init__(self, secrets: list[str | None]):
        self.secrets = [s for s in secrets if s and len(s) >= 4]

    def __call__(self, text: str) -> str:
        for secret in self.secrets:
            text = text.replace(secret, "***")
        return text


class Generator:
    """Sends prompts through a backend and appends one line per prompt to ``sink``."""

    def __init__(self, backend, options: RunOptions, provenance: dict[str, Any],
                 redact: Callable[[str], str] = lambda text: text):
        self.backend = backend
        self.options = options
        self.provenance = provenance
        self.redact = redact
        self._rng = random.Random()
        self._rng_lock = threading.Lock()
        self._stop = threading.Event()
        self.limiter = RateLimiter(options.rpm)

    # --- one record
    def request_of(self, prompt: Prompt) -> GenerationRequest:
        return GenerationRequest(prompt.id, prompt.messages, prompt.temperature,
                                 self.options.max_tokens or prompt.max_tokens,
                                 self.options.model or prompt.model,
                                 request_seed(self.options.seed, prompt.id))

    def record(self, prompt: Prompt, request: GenerationRequest | None, completion: Completion | None,
               error: str | None, started: str, latency: float | None, attempts: int) -> dict[str, Any]:
        """The output line of one prompt (analyze-generations reads ``text``; the rest is provenance)."""
        out: dict[str, Any] = {"id": prompt.id}
        if prompt.id is None:   # an unreadable prompt line: its line number says which
            out["line"] = prompt.line
        out.update(prompt.carried)
        out["text"] = completion.text if completion is not None else None
        out["model"] = ((request.model if request else None) or self.options.model or prompt.model
                        or self.provenance.get("model"))
        out["temperature"] = prompt.temperature
        out["run"] = prompt.run
        out.update({k: v for k, v in self.provenance.items() if k != "model"})
        if prompt.messages is not None:
            out["prompt_hash"] = prompt_hash(prompt.messages)
        out["seed"] = request.seed if request else None
        out["max_tokens"] = request.max_tokens if request else prompt.max_tokens
        if completion is not None:
            out["finish_reason"] = completion.finish_reason
            out["usage"] = completion.usage
            if completion.response_model:
                out["response_model"] = completion.response_model
        out["started_at"] = started
        out["finished_at"] = _now()
        out["latency_s"] = round(latency, 3) if latency is not None else None
        out["attempts"] = attempts
        if error is not None:
            out["error"] = self.redact(error)
        return out

    def _sleep(self, seconds: float) -> None:
        self._stop.wait(seconds)

    def attempt(self, prompt: Prompt) -> dict[str, Any]:
        """Send one prompt with retries; return its output line (ok or error).

        Raises :class:`GenerationError` with ``fatal`` set when the whole run must stop.
        """
        started = _now()
        request = self.request_of(prompt)
        attempts = 0
        while True:
            if self._stop.is_set():
                raise GenerationError("run stopped", fatal=True)
            self.limiter.wait(self._stop)
            attempts += 1
            begin = time.monotonic()
            try:
                completion = self.backend.complete(request)
            except GenerationError as error:
                if error.fatal:
                    raise
                if not error.retryable or attempts > self.options.max_retries:
                    suffix = f" (after {attempts} attempts)" if attempts > 1 else ""
                    return self.record(prompt, request, None, f"{error}{suffix}", started, None, attempts)
                with self._rng_lock:
                    delay = backoff_delay(attempts - 1, self.options.backoff_base,
                                          self.options.backoff_max, error.retry_after, self._rng)
                self._sleep(delay)
                continue
            except Exception as error:   # a bug or an odd library failure: one error line, not a crash
                return self.record(prompt, request, None, f"{type(error).__name__}: {error}",
                                   started, None, attempts)
            return self.record(prompt, request, completion, None, started,
                               time.monotonic() - begin, attempts)

    # --- the loops
    def run(self, prompts: list[Prompt], write: Callable[[dict[str, Any]], None],
            progress: Callable[[dict[str, Any]], None]) -> RunResult:
        result = RunResult()

        def emit(record: dict[str, Any]) -> None:
            write(record)
            result.written += 1
            result.failed += bool(record.get("error"))
            progress(record)

        valid = []
        for prompt in prompts:   # unreadable prompt lines: one error line each, no request
            if prompt.error is not None:
                emit(self.record(prompt, None, None, f"invalid prompt (line {prompt.line}): {prompt.error}",
                                 _now(), None, 0))
            else:
                valid.append(prompt)
        try:
            if getattr(self.backend, "batched", False):
                self._run_batched(valid, emit, result)
            else:
                self._run_threaded(valid, emit, result)
        except KeyboardInterrupt:
            self._stop.set()
            result.interrupted = True
        return result

    def _run_threaded(self, prompts: list[Prompt], emit, result: RunResult) -> None:
        pending = iter(prompts)
        executor = ThreadPoolExecutor(max_workers=max(1, self.options.concurrency),
                                      thread_name_prefix="generate")
        running: set = set()
        try:
            # Keep at most `concurrency` requests queued: a stop loses only those.
            for prompt in pending:
                running.add(executor.submit(self.attempt, prompt))
                if len(running) >= self.options.concurrency:
                    break
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    try:
                        record = future.result()
                    except GenerationError as error:
                        if result.fatal is None and str(error) != "run stopped":
                            result.fatal = self.redact(str(error))
                        self._stop.set()
                        continue
                    emit(record)
                if not self._stop.is_set():
                    for prompt in pending:
                        running.add(executor.submit(self.attempt, prompt))
                        if len(running) >= self.options.concurrency:
                            break
        except KeyboardInterrupt:
            # Do not wait for requests in flight: they are not written, and a
            # rerun sends them again.
            self._stop.set()
            executor.shutdown(wait=False, cancel_futures=True)
            raise
        self._stop.set()   # wakes threads pausing between retries
        executor.shutdown(wait=True, cancel_futures=True)

    def _run_batched(self, prompts: list[Prompt], emit, result: RunResult) -> None:
        groups: dict[tuple, list[Prompt]] = {}
        for prompt in prompts:
            request = self.request_of(prompt)
            groups.setdefault((request.temperature, request.max_tokens), []).append(prompt)
        size = max(1, self.options.batch_size)
        base_seed = self.options.seed if self.options.seed is not None else 0
        for group in groups.values():
            for start in range(0, len(group), size):
                batch = group[start:start + size]
                requests = [self.request_of(p) for p in batch]
                # One seed per batch: sampling draws for the whole batch at once.
                seed = request_seed(base_seed, batch[0].id)
                for request in requests:
                    request.seed = seed
                started, begin = _now(), time.monotonic()
                try:
                    completions = self.backend.complete_batch(requests, seed)
                    error = None
                except Exception as failure:   # e.g. out of memory: these prompts fail, the run goes on
                    completions, error = [None] * len(batch), f"{type(failure).__name__}: {failure}"
                latency = time.monotonic() - begin
                for prompt, request, completion in zip(batch, requests, completions):
                    emit(self.record(prompt, request, completion, error, started,
                                     None if error else latency, 1))


class LineWriter:
    """Appends JSON lines, one write and flush per line (a kill never leaves half a record)."""

    def __init__(self, path: Path, overwrite: bool):
        self._handle = open(path, "wb" if overwrite else "ab", buffering=0)
        self._lock = threading.Lock()

    def __call__(self, record: dict[str, Any]) -> None:
        line = (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8")
        with self._lock:
            self._handle.write(line)

    def close(self) -> None:
        self._handle.close()


def iter_pending(prompts: list[Prompt], existing: ExistingOutput, limit: int | None) -> Iterator[Prompt]:
    count = 0
    for prompt in prompts:
        if prompt.key in existing.done or prompt.key in existing.failed:
            continue
        if limit is not None and count >= limit:
            return
        count += 1
        yield prompt


def make_progress(total: int, quiet: bool, stream: TextIO | None = None):
    """A progress bar with rate and ETA on stderr; ``update(record)`` per line written.

    Only on a terminal: redirected to a log, stderr gets no bar (the summary line
    at the end says what was done), and tqdm is not even imported.
    """
    stream = sys.stderr if stream is None else stream   # at call time: tests and callers redirect it
    if quiet or not _is_terminal(stream):
        def silent(record: dict[str, Any]) -> None:
            pass
        silent.close = lambda: None   # type: ignore[attr-defined]
        return silent
    from tqdm import tqdm
    bar = tqdm(total=total, unit="req", file=stream, dynamic_ncols=True, mininterval=0.5, desc="generate")
    failed = [0]

    def update(record: dict[str, Any]) -> None:
        if record.get("error"):
            failed[0] += 1
            bar.set_postfix(failed=failed[0], refresh=False)
        bar.update(1)

    update.close = bar.close   # type: ignore[attr-defined]
    return update


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):   # no isatty, or a closed stream
        return False


# --------------------------------------------------------------------------- token usage


def add_usage(totals: dict[str, dict[str, int]], record: dict[str, Any]) -> None:
    """Count one output line into per-model totals: requests, tokens in and out.

    >>> totals = {}
    >>> add_usage(totals, {"model": "m", "usage": {"prompt_tokens": 12, "completion_tokens": 30}})
    >>> add_usage(totals, {"model": "m", "error": "HTTP 500", "text": None})
    >>> totals
    {'m': {'requests': 2, 'answered': 1, 'failed': 1, 'tokens_in': 12, 'tokens_out': 30, 'without_usage': 0}}
    """
    model = str(record.get("model") or "(unnamed)")
    entry = totals.setdefault(model, {"requests": 0, "answered": 0, "failed": 0, "tokens_in": 0,
                                      "tokens_out": 0, "without_usage": 0})
    entry["requests"] += 1
    if record.get("error") and record.get("text") is None:
        entry["failed"] += 1
        return
    entry["answered"] += 1
    usage = record.get("usage")
    if not isinstance(usage, dict):
        entry["without_usage"] += 1
        return
    tokens_in = usage.get("prompt_tokens", usage.get("input_tokens"))
    tokens_out = usage.get("completion_tokens", usage.get("output_tokens"))
    if not isinstance(tokens_in, int) and not isinstance(tokens_out, int):
        entry["without_usage"] += 1
        return
    entry["tokens_in"] += tokens_in if isinstance(tokens_in, int) else 0
    entry["tokens_out"] += tokens_out if isinstance(tokens_out, int) else 0


def usage_of_file(path: Path) -> dict[str, dict[str, int]]:
    """Per-model totals over every line of an output file (all runs that appended to it)."""
    totals: dict[str, dict[str, int]] = {}
    if not path.exists():
        return totals
    for raw in path.read_bytes().splitlines():
        try:
            record = json.loads(raw)
        except json.JSONDecodeError:
            continue
        if isinstance(record, dict):
            add_usage(totals, record)
    return totals


def format_usage(totals: dict[str, dict[str, int]]) -> list[str]:
    """One line per model: ``m: 4 requests, 1,234 tokens in, 567 out``.

    >>> format_usage({"m": {"requests": 4, "answered": 3, "failed": 1, "tokens_in": 1234,
    ...                     "tokens_out": 567, "without_usage": 1}})
    ['m: 4 requests (1 failed), 1,234 tokens in, 567 out (1 answer without usage)']
    """
    lines = []
    for model, entry in sorted(totals.items()):
        failed = f" ({entry['failed']} failed)" if entry["failed"] else ""
        missing = (f" ({entry['without_usage']} answer{'s' if entry['without_usage'] > 1 else ''} "
                   f"without usage)" if entry["without_usage"] else "")
        lines.append(f"{model}: {entry['requests']} requests{failed}, {entry['tokens_in']:,} tokens in, "
                     f"{entry['tokens_out']:,} out{missing}")
    return lines


#: The run record beside the outputs; ``generate`` owns its "generate" key and keeps the others.
RUN_FILE = "run.json"


def write_run_file(directory: Path, outputs: Path, run: dict[str, Any],
                   restart: bool = False) -> tuple[Path, str | None]:
    """Add this run to ``run.json`` beside the outputs, under ``generate`` → the output
    file's name: ``runs`` (one entry per run, with its own usage) and ``usage`` (per-model
    totals over every line of the output file, all runs together).

    ``restart`` (``--overwrite``) forgets the earlier runs of this output file. Returns
    the path and None, or the path and why it was left alone: a run.json that is not a
    JSON object (someone else's file) is never overwritten.
    """
    path = directory / RUN_FILE
    document: dict[str, Any] = {}
    if path.exists():
        try:
            document = json.loads(path.read_text("utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            return path, f"{path} is not a JSON file this tool wrote ({type(error).__name__}); left as it is"
        if not isinstance(document, dict):
            return path, f"{path} is not a JSON object; left as it is"
    generate = document.get("generate") if isinstance(document.get("generate"), dict) else {}
    earlier = generate.get(outputs.name) if isinstance(generate.get(outputs.name), dict) else {}
    runs = [] if restart else [entry for entry in earlier.get("runs", []) if isinstance(entry, dict)]
    generate[outputs.name] = {"runs": runs + [run], "usage": usage_of_file(outputs)}
    document["generate"] = generate
    temporary = path.with_name(path.name + ".tmp")
    try:
        temporary.write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        os.replace(temporary, path)
    except OSError as error:   # the outputs are written; a run record that cannot be is a note
        return path, f"cannot write {path}: {error.strerror or error}"
    return path, None
