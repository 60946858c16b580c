"""Scenario bank: DCT, continuation and role-play scenarios in Hindi and Bangla.

- :mod:`.bank` — typed scenarios, validation, ``load_bank``, ``ScenarioBank.context``
  (the join the analyzer uses) and ``ScenarioBank.filter``.
- :mod:`.prompts` — ``render_prompt``: the study design's prompt templates (data).
- :mod:`.lint` — the priming lint (``lint-scenarios``).
- :mod:`.templates` — typed-slot template instantiation (``instantiate-scenarios``).
- :mod:`.cli` — ``make-prompts``, ``lint-scenarios``, ``instantiate-scenarios``.

>>> from honorifics.scenarios import load_bank, render_prompt
>>> bank = load_bank()                           # the built-in bank   # doctest: +SKIP
>>> print(render_prompt(bank["hi-dct-001"]).text)                      # doctest: +SKIP
"""
from __future__ import annotations

from .bank import (Addressing, Scenario, ScenarioBank, ScenarioError, SeedTurn, Speaker,
                   TierExpectation, load_bank, parse_scenario, validate_scenario)
from .lint import lint_scenario, lint_text
from .prompts import RenderedPrompt, render_prompt

__all__ = ["Addressing", "Scenario", "ScenarioBank", "ScenarioError", "SeedTurn", "Speaker",
           "TierExpectation", "load_bank", "parse_scenario", "validate_scenario",
           "lint_scenario", "lint_text", "RenderedPrompt", "render_prompt"]
