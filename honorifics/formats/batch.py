"""Result lines from elsewhere → the records ``analyze-generations`` reads.

One place decides how a line that is not a plain ``{"text": …}`` record is
read:

* an OpenAI **batch output** line: ``custom_id`` + ``response.body`` (a chat
  completion) or ``error``;
* a **batch request** line (``custom_id`` + ``body``, no response): the input
  of a batch, not its result, so an error with that reason;
* a **chat-format** line (``messages`` ending with the assistant's reply);
* a line that ``generate`` wrote for a failed request (``error``, no text).

Scenario, temperature and run come back from the prompt id that
``make-prompts`` built (``hi-dct-001-t0.7-r1``), or from a prompts file when
one is given. Every line gives exactly one record or one :class:`ResultError`
with the reason.

>>> normalize_result({"custom_id": "hi-dct-001-t0.7-r2", "error": None,
...     "response": {"status_code": 200, "body": {"model": "m",
...         "choices": [{"message": {"role": "assistant", "content": "आप कैसे हैं?"},
...                      "finish_reason": "stop"}]}}})["scenario_id"]
'hi-dct-001'
"""
from __future__ import annotations

from typing import Any, Mapping

from .fields import TEXT_FIELDS
from ..scenarios.prompts import parse_prompt_id

#: Fields a prompt record passes on to its result (the join on id).
PROMPT_FIELDS = ("scenario_id", "language", "task", "temperature", "run", "max_tokens", "model")


class ResultError(ValueError):
    """A result line that cannot become a generation record; ``str()`` is the reason."""

    def __init__(self, reason: str, record_id: Any = None):
        super().__init__(reason)
        self.record_id = record_id


def is_batch_line(obj: Mapping[str, Any]) -> bool:
    """An OpenAI batch line (request or result): it has a ``custom_id``."""
    return "custom_id" in obj


def is_failed_generation(obj: Mapping[str, Any]) -> bool:
    """A line ``generate`` wrote for a request that failed: an error and no text."""
    return (bool(obj.get("error")) and "messages" not in obj
            and all(obj.get(name) is None for name in TEXT_FIELDS))


def result_id(obj: Any) -> Any:
    """The id a result line answers: ``custom_id`` for batch lines, else ``id``."""
    if not isinstance(obj, dict):
        return None
    value = obj.get("custom_id") if is_batch_line(obj) else obj.get("id")
    return value if isinstance(value, (str, int)) else None


def _error_text(error: Any) -> str:
    if isinstance(error, dict):
        code, message = error.get("code"), error.get("message")
        return ": ".join(str(part) for part in (code, message) if part) or "unknown error"
    return str(error)


def _content(message: Any) -> str | None:
    """The text of an assistant message (a string, or content parts)."""
    if not isinstance(message, dict):
        return None
    content = message.get("content")
    if isinstance(content, list):
        content = "".join(part.get("text", "") for part in content
                          if isinstance(part, dict) and isinstance(part.get("text"), str))
    if content is None and isinstance(message.get("refusal"), str):
        content = message["refusal"]   # a refusal is data: keep its words
    return content if isinstance(content, str) else None


def completion_text(body: Any) -> tuple[str, dict[str, Any]]:
    """(text, provenance) of a chat-completions response body.

    Raises :class:`ResultError` when the body has no assistant text.
    """
    if not isinstance(body, dict):
        raise ResultError("the response body is not a JSON object")
    choices = body.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise ResultError("the response body has no choices")
    text = _content(choices[0].get("message"))
    if text is None:
        raise ResultError("the response's first choice has no message content")
    provenance = {"finish_reason": choices[0].get("finish_reason"), "usage": body.get("usage"),
                  "response_model": body.get("model")}
    return text, {key: value for key, value in provenance.items() if value is not None}


def fields_from_id(record_id: Any, prompts: Mapping[str, Mapping[str, Any]] | None,
                   required: bool) -> dict[str, Any]:
    """Scenario, temperature and run for a result id: from the prompts file
    (id → prompt fields, which also give language, task …) or parsed from the id.

    ``required``: an id that neither gives is a :class:`ResultError`.

    >>> fields_from_id("bn-rp-t-neighbour-sweets-003-t1-r4", None, required=True)
    {'scenario_id': 'bn-rp-t-neighbour-sweets-003', 'temperature': 1.0, 'run': 4}
    """
    if prompts is not None:
        prompt = prompts.get(record_id) if isinstance(record_id, str) else None
        if prompt is None:
            if required:
                raise ResultError(f"id {record_id!r} is not in the prompts file", record_id)
            return {}
        return {key: prompt[key] for key in PROMPT_FIELDS if prompt.get(key) is not None}
    if not isinstance(record_id, str):
        if required:
            raise ResultError(f"id {record_id!r} is not a prompt id like hi-dct-001-t0.7-r1", record_id)
        return {}
    try:
        scenario_id, temperature, run = parse_prompt_id(record_id)
    except ValueError:
        if required:
            raise ResultError(f"unknown id {record_id!r}: not a prompt id like hi-dct-001-t0.7-r1 "
                              "(give the prompts file to join on other ids)", record_id) from None
        return {}
    return {"scenario_id": scenario_id, "temperature": temperature, "run": run}


def _from_batch(obj: Mapping[str, Any], prompts) -> dict[str, Any]:
    custom_id = obj.get("custom_id")
    if "response" not in obj and "error" not in obj and "body" in obj:
        raise ResultError("this is a batch request line (custom_id + body), not a result: "
                          "give the batch's output file", custom_id)
    fields = fields_from_id(custom_id, prompts, required=True)
    record: dict[str, Any] = {"id": custom_id, **fields}
    if isinstance(obj.get("id"), str):
        record["batch_request_id"] = obj["id"]
    if obj.get("error"):
        raise ResultError(f"the batch request failed: {_error_text(obj['error'])}", custom_id)
    response = obj.get("response")
    if not isinstance(response, dict):
        raise ResultError("the batch line has neither a response nor an error", custom_id)
    status = response.get("status_code")
    body = response.get("body")
    if status is not None and status != 200:
        detail = _error_text(body.get("error")) if isinstance(body, dict) and body.get("error") else ""
        raise ResultError(f"the batch request failed with HTTP {status}"
                          + (f": {detail}" if detail else ""), custom_id)
    try:
        text, provenance = completion_text(body)
    except ResultError as error:
        raise ResultError(str(error), custom_id) from None
    record.update(provenance)
    record["text"] = text
    return record


def normalize_result(obj: Mapping[str, Any],
                     prompts: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """One result line as a generation record (``id``, ``scenario_id``, ``text`` …).

    Plain records pass through, with scenario, temperature and run filled in
    from a prompt id when they are missing. Raises :class:`ResultError` with
    the reason for failed requests, unknown ids and batch request lines.
    ``prompts`` (id → prompt record) joins on the prompts file instead of
    parsing the id; then an id missing from it is an error.
    """
    if is_batch_line(obj):
        return _from_batch(obj, prompts)
    record_id = obj.get("id")
    if is_failed_generation(obj):
        raise ResultError(f"the generation failed: {_error_text(obj['error'])}", record_id)
    record = dict(obj)
    # Chat lines and plain lines: join on the id when asked (a prompts file) or
    # when the id is a prompt id; a line without one keeps working as before.
    fields = fields_from_id(record_id, prompts, required=prompts is not None)
    for key, value in fields.items():
        record.setdefault(key, value)
    return record


def needs_normalizing(obj: Mapping[str, Any]) -> bool:
    """Whether :func:`normalize_result` changes how ``analyze-generations`` reads a line.

    Batch lines, failed generations, and chat lines whose prompt id tells the
    scenario that the line does not name.
    """
    return (is_batch_line(obj) or is_failed_generation(obj)
            or ("messages" in obj and obj.get("scenario_id") is None
                and isinstance(obj.get("id"), str)))
