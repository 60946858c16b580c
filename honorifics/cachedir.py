"""Where honorifics keeps what it can rebuild: ``$HONORIFICS_CACHE``, else ``~/.cache/honorifics``.

It holds the converted e5 encoder (classifiers/e5.py), the parsed language data
(languages.read_yaml) and the regex engine code of the cue patterns (regexcache). Anything in it may be deleted at any time; standard library only.
"""
from __future__ import annotations

import os
from pathlib import Path


def cache_dir() -> Path:
    """``$HONORIFICS_CACHE`` or ``~/.cache/honorifics``."""
    override = os.environ.get("HONORIFICS_CACHE")
    return Path(override).expanduser() if override else Path.home() / ".cache" / "honorifics"
