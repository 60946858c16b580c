"""Model backends: one request in, one completion (or a classified failure) out.

* :class:`OpenAICompatibleBackend` — chat completions over HTTP with the
  standard library (OpenAI, vLLM, Ollama, llama.cpp server, Together …).
* :class:`HFBackend` — a local Hugging Face causal LM by path, batched, with
  the model's chat template when it has one; torch and transformers are
  imported when it is built, never before.
* :class:`AnthropicBackend` — the Messages API, only when the ``anthropic``
  SDK is installed.

A backend raises :class:`GenerationError` saying whether the failure is worth
retrying (429, 5xx, timeouts, a garbled body), fatal for the whole run (bad
key, unknown model) or final for this prompt (400 …).
"""
from __future__ import annotations

import email.utils
import http.client
import ipaddress
import json
import socket
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from typing import Any

#: HTTP statuses worth another try: timeouts, conflicts, rate limits, server errors.
RETRYABLE_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504, 520, 522, 524, 529})
#: Statuses that no later request will fix: stop the run instead of failing every prompt.
FATAL_STATUS = frozenset({401, 403, 404})
DEFAULT_BASE_URL = "https://api.openai.com/v1"


class GenerationError(Exception):
    """A failed request. ``retryable``: try again after a pause (``retry_after``
    seconds when the server said so); ``fatal``: stop the whole run."""

    def __init__(self, message: str, *, retryable: bool = False, fatal: bool = False,
                 retry_after: float | None = None, status: int | None = None):
        super().__init__(message)
        self.retryable, self.fatal = retryable, fatal
        self.retry_after, self.status = retry_after, status


@dataclass(slots=True)
class GenerationRequest:
    """One prompt to send: the chat messages and the sampling settings."""
    id: str
    messages: list[dict[str, Any]]
    temperature: float
    max_tokens: int | None
    model: str | None
    seed: int | None = None


@dataclass(slots=True)
class Completion:
    """What the model answered; ``text`` may be empty or a refusal (both are data)."""
    text: str
    finish_reason: str | None = None
    usage: dict[str, Any] | None = None
    response_model: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def public_url(url: str) -> str:
    """A URL fit to write down: no user:password, query or fragment.

    >>> public_url("https://user:sk-secret@host.example/v1?api-key=sk-secret#x")
    'https://host.example/v1'
    """
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = host + (f":{parts.port}" if parts.port else "")
    return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path.rstrip("/"), "", ""))


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a Retry-After header (seconds or an HTTP date).

    >>> parse_retry_after("2"), parse_retry_after(None), parse_retry_after("soon")
    (2.0, None, None)
    """
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def _is_loopback(host: str | None) -> bool:
    if not host:
        return False
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_url(url: str, source: str = "--base-url") -> None:
    """A base URL a request can be sent to, else a fatal :class:`GenerationError` saying
    why (``source`` names where the URL came from).

    >>> check_url("http://localhost:11434/v1")
    >>> check_url("localhost:11434/v1")
    Traceback (most recent call last):
    ...
    honorifics.generation.backends.GenerationError: --base-url localhost:11434/v1 needs an http:// or https:// scheme: write http://localhost:11434/v1
    """
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not url.startswith(f"{parts.scheme}://"):
        if parts.scheme in ("http", "https"):
            bare = f"{parts.scheme}://" + url.split(":", 1)[1].lstrip("/")
        else:
            bare = "http://" + (url.split("://", 1)[1] if "://" in url else url)
        raise GenerationError(f"{source} {url} needs an http:// or https:// scheme: write {bare}", fatal=True)
    try:
        parts.port
    except ValueError:
        raise GenerationError(f"{source} {url}: the port is not a number", fatal=True) from None
    if not parts.hostname:
        raise GenerationError(f"{source} {url} names no host", fatal=True)


def _reason(reason: Any) -> str:
    """A connection failure in words: 'connection refused', 'unknown host …'."""
    if isinstance(reason, socket.gaierror):
        return "unknown host"
    if isinstance(reason, ConnectionRefusedError):
        return "connection refused"
    if isinstance(reason, (TimeoutError, socket.timeout)):
        return "timed out"
    if isinstance(reason, OSError) and reason.strerror:
        return reason.strerror[0].lower() + reason.strerror[1:]
    return str(reason) or type(reason).__name__


def _short(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "…"


class OpenAICompatibleBackend:
    """``POST {base_url}/chat/completions`` with the standard library.

    The API key goes in the Authorization header only; it is never part of a
    message, a record or the base URL written down (see :func:`public_url`).
    """
    name = "openai-compatible"
    batched = False

    def __init__(self, base_url: str, model: str | None, api_key: str | None = None,
                 timeout: float = 120.0, extra_body: dict[str, Any] | None = None):
        self.base_url = base_url.rstrip("/")
        self.endpoint = self.base_url + "/chat/completions"
        self.model = model
        self._api_key = api_key
        self.timeout = timeout
        self.extra_body = extra_body or {}
        handlers = []
        if _is_loopback(urllib.parse.urlsplit(self.endpoint).hostname):
            handlers.append(urllib.request.ProxyHandler({}))   # a local server is never behind a proxy
        self._opener = urllib.request.build_opener(*handlers)

    def check(self, timeout: float = 10.0, source: str = "--base-url") -> None:
        """Reach the server once before a run: a URL without ``http://``/``https://`` or
        a server that cannot be reached is a fatal :class:`GenerationError` naming the URL.

        One ``GET {base_url}/models``: any HTTP answer (even 401 or 404) shows that a
        server is there; only no answer at all stops the run. Retries are kept for the
        run itself, where a failure is more likely transient.
        """
        check_url(self.base_url, source)
        request = urllib.request.Request(self.base_url + "/models", method="GET",
                                         headers={"Accept": "application/json",
                                                  **({"Authorization": f"Bearer {self._api_key}"}
                                                     if self._api_key else {})})
        try:
            with self._opener.open(request, timeout=min(timeout, self.timeout)) as response:
                response.read(1 << 16)
        except urllib.error.HTTPError:
            return   # the server answered
        except urllib.error.URLError as error:
            raise GenerationError(f"cannot reach {public_url(self.base_url)}: {_reason(error.reason)} "
                                  f"(is the server running? check {source})", fatal=True) from None
        except (TimeoutError, socket.timeout):
            raise GenerationError(f"cannot reach {public_url(self.base_url)}: no answer within "
                                  f"{min(timeout, self.timeout):g} s (check {source})", fatal=True) from None
        except (http.client.HTTPException, OSError) as error:
            raise GenerationError(f"cannot reach {public_url(self.base_url)}: {_reason(error)} "
                                  f"(is it an OpenAI-compatible server? check {source})", fatal=True) from None

    def request_body(self, request: GenerationRequest) -> dict[str, Any]:
        """The JSON body of the chat-completions call (what ``--dry-run`` shows)."""
        body: dict[str, Any] = {"model": request.model or self.model, "messages": request.messages,
                                "temperature": request.temperature}
        if request.max_tokens:
            body["max_tokens"] = request.max_tokens
        if request.seed is not None:
            body["seed"] = request.seed
        body.update(self.extra_body)
        return body

    def complete(self, request: GenerationRequest) -> Completion:
        data = json.dumps(self.request_body(request), ensure_ascii=False).encode("utf-8")
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        http_request = urllib.request.Request(self.endpoint, data=data, headers=headers, method="POST")
        try:
            with self._opener.open(http_request, timeout=self.timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as error:
            try:
                detail = error.read().decode("utf-8", "replace")
            except Exception:   # the body may be cut off: the status says enough
                detail = ""
            message = f"HTTP {error.code}" + (f": {_short(detail)}" if detail.strip() else "")
            retry_after = parse_retry_after(error.headers.get("Retry-After") if error.headers else None)
            raise GenerationError(message, retryable=error.code in RETRYABLE_STATUS,
                                  fatal=error.code in FATAL_STATUS, retry_after=retry_after,
                                  status=error.code) from None
        except (TimeoutError, socket.timeout) as error:
            raise GenerationError(f"timed out after {self.timeout:g} s", retryable=True) from error
        except urllib.error.URLError as error:
            reason = error.reason
            if isinstance(reason, (TimeoutError, socket.timeout)):
                raise GenerationError(f"timed out after {self.timeout:g} s", retryable=True) from None
            raise GenerationError(f"cannot reach {public_url(self.base_url)}: {reason}",
                                  retryable=True) from None
        except (http.client.HTTPException, ConnectionError, OSError) as error:
            raise GenerationError(f"connection failed: {type(error).__name__}: {error}",
                                  retryable=True) from None
        try:
            body = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise GenerationError(f"malformed response (not JSON): {_short(raw.decode('utf-8', 'replace'), 120)}",
                                  retryable=True) from None
        from ..formats.batch import ResultError, completion_text
        try:
            text, provenance = completion_text(body)
        except ResultError as error:
            raise GenerationError(f"malformed response: {error}", retryable=True) from None
        return Completion(text, provenance.get("finish_reason"), provenance.get("usage"),
                          provenance.get("response_model"))


class AnthropicBackend:
    """The Anthropic Messages API through its SDK (``pip install anthropic``)."""
    name = "anthropic"
    batched = False

    def __init__(self, model: str, api_key: str | None, timeout: float = 120.0,
                 base_url: str | None = None):
        try:
            import anthropic
        except ImportError:
            raise GenerationError("--backend anthropic needs the anthropic SDK, which is not installed: "
                                  "pip install 'honorifics[generation]'", fatal=True) from None
        self._sdk = anthropic
        # The SDK would retry on its own; our loop retries, with the run's --rpm in mind.
        self._client = anthropic.Anthropic(api_key=api_key, timeout=timeout, max_retries=0,
                                           **({"base_url": base_url} if base_url else {}))
        self.model = model

    def complete(self, request: GenerationRequest) -> Completion:
        sdk = self._sdk
        system = "\n\n".join(m["content"] for m in request.messages if m.get("role") == "system")
        messages = [m for m in request.messages if m.get("role") != "system"]
        # temperature goes in the body as sent: SDK versions differ on whether
        # create() names it, and extra_body works with all of them.
        kwargs: dict[str, Any] = {"model": request.model or self.model, "messages": messages,
                                  "max_tokens": request.max_tokens or 1024,
                                  "extra_body": {"temperature": min(request.temperature, 1.0)}}
        if system:
            kwargs["system"] = system
        try:
            message = self._client.messages.create(**kwargs)
        except sdk.APIStatusError as error:
            status = error.status_code
            retry_after = parse_retry_after(error.response.headers.get("retry-after")
                                            if error.response is not None else None)
            raise GenerationError(f"HTTP {status}: {_short(str(error))}",
                                  retryable=status in RETRYABLE_STATUS, fatal=status in FATAL_STATUS,
                                  retry_after=retry_after, status=status) from None
        except (sdk.APITimeoutError, sdk.APIConnectionError) as error:
            raise GenerationError(f"{type(error).__name__}: {_short(str(error))}", retryable=True) from None
        text = "".join(getattr(block, "text", "") for block in message.content)
        usage = {"prompt_tokens": message.usage.input_tokens,
                 "completion_tokens": message.usage.output_tokens}
        return Completion(text, message.stop_reason, usage, message.model)


class HFBackend:
    """A local Hugging Face causal LM, run in batches (CPU or GPU).

    Prompts are rendered with the tokenizer's chat template when it has one
    (``add_generation_prompt``), else the message contents are joined. Temperature
    0 is greedy decoding; otherwise sampling, seeded per batch for reproducibility.
    """
    name = "hf"
    batched = True

    def __init__(self, model_path: str, device: str | None = None, batch_size: int = 8,
                 allow_download: bool = False, dtype: str | None = None, progress: bool | None = None):
        try:
            import torch
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as error:
            missing = (error.name or "torch").partition(".")[0]
            raise GenerationError(f"--backend hf needs {missing}, which is not installed: "
                                  f"pip install 'honorifics[ml]'", fatal=True) from None
        self._torch = torch
        if not (sys.stderr.isatty() if progress is None else progress):
            # transformers' own bars ("Loading weights") only on a terminal, not into a log
            from transformers.utils import logging as transformers_logging
            transformers_logging.disable_progress_bar()
        local = not allow_download
        self.tokenizer = AutoTokenizer.from_pretrained(model_path, local_files_only=local)
        self.tokenizer.padding_side = "left"   # decoder-only models continue from the right end
        if self.tokenizer.pad_token is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token
        kwargs: dict[str, Any] = {"local_files_only": local}
        if dtype:
            kwargs["dtype"] = getattr(torch, dtype)
        self.model = AutoModelForCausalLM.from_pretrained(model_path, **kwargs)
        self.device = device or ("cuda" if torch.cuda.is_available() else "cpu")
        self.model.to(self.device)
        self.model.eval()
        self.batch_size = max(1, batch_size)
        self.has_chat_template = bool(getattr(self.tokenizer, "chat_template", None))

    def render(self, messages: list[dict[str, Any]]) -> str:
        """The prompt text the model sees for a list of chat messages."""
        if self.has_chat_template:
            return self.tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
        return "\n\n".join(str(m.get("content", "")) for m in messages) + "\n"

    def complete_batch(self, requests: list[GenerationRequest], seed: int) -> list[Completion]:
        """Completions for requests that share temperature and max_tokens."""
        torch = self._torch
        texts = [self.render(r.messages) for r in requests]
        encoded = self.tokenizer(texts, return_tensors="pt", padding=True,
                                 add_special_tokens=not self.has_chat_template).to(self.device)
        temperature = requests[0].temperature
        max_new = requests[0].max_tokens or 256
        options: dict[str, Any] = {"max_new_tokens": max_new, "pad_token_id": self.tokenizer.pad_token_id}
        if temperature > 0:
            options.update(do_sample=True, temperature=temperature)
        else:
            options.update(do_sample=False)
        torch.manual_seed(seed)
        with torch.no_grad():
            output = self.model.generate(**encoded, **options)
        prompt_length = encoded["input_ids"].shape[1]
        eos = self.tokenizer.eos_token_id
        completions = []
        for row, mask in zip(output, encoded["attention_mask"]):
            new = row[prompt_length:].tolist()
            stopped = eos is not None and eos in new
            if stopped:
                new = new[:new.index(eos) + 1]
            text = self.tokenizer.decode(new, skip_special_tokens=True)
            usage = {"prompt_tokens": int(mask.sum()), "completion_tokens": len(new)}
            completions.append(Completion(text, "stop" if stopped else "length", usage))
        return completions
