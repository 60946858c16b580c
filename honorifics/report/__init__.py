"""The HTML report (``write_report``) and its command-line tools (``report.cli``)."""
from __future__ import annotations

from .html import render_report, write_report

__all__ = ["render_report", "write_report"]
