"""Moved to :mod:`honorifics.formats.batch` (batch results are an input format that
:mod:`honorifics.inputs` reads); this name stays for existing imports.

>>> from honorifics.generation.batch import normalize_result
>>> normalize_result({"id": "hi-dct-001-t0.7-r2", "text": "आप कैसे हैं?"})["run"]
2
"""
from __future__ import annotations

from ..formats.batch import (PROMPT_FIELDS, ResultError, completion_text, fields_from_id,  # noqa: F401
                             is_batch_line, is_failed_generation, needs_normalizing, normalize_result,
                             result_id)
