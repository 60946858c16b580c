"""Field names of a generation record (one JSON object per input line)."""
from __future__ import annotations

#: where a record's text is, in order of preference (``messages``: chat format, read apart)
TEXT_FIELDS = ("text", "output", "response", "completion", "generation")
