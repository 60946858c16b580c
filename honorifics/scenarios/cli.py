"""Commands of the scenario bank: ``make-prompts``, ``lint-scenarios``, ``instantiate-scenarios``.

Thin argparse layers over :mod:`.bank`, :mod:`.prompts`, :mod:`.lint` and
:mod:`.templates`; each ``main(argv=None) -> int`` returns the exit code.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..languages import CODES
from ..tiers import TierError
from ..usage import (UsageError, add_quiet, add_seed, check_positive, command, input_file, input_files,
                     output_file, say)
from .bank import REQUIRED_VARIABLES, TASKS, ScenarioBank, ScenarioError, load_bank
from .prompts import prompt_id, render_prompt

FORMATS = ("plain", "chat", "batch")
BATCH_URL = "/v1/chat/completions"


def _progress(items: Sequence[Any], description: str):
    from tqdm import tqdm
    return tqdm(items, desc=description, file=sys.stderr, disable=not sys.stderr.isatty())


def _write_jsonl(records: list[dict[str, Any]], out: str) -> None:
    """Write records as JSONL to a file, or to stdout for ``-``."""
    text = "".join(json.dumps(record, ensure_ascii=False) + "\n" for record in records)
    if out != "-":
        Path(out).write_text(text, encoding="utf-8")
        return
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:   # `make-prompts | head` is fine (recipe from the Python docs)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _load(files: list[str], strict: bool = True) -> ScenarioBank:
    input_files(files, "scenario file")
    bank = load_bank(files or None, strict=strict)
    if not files and bank.missing_files:
        print(f"note: built-in scenario files not present yet: {', '.join(bank.missing_files)}",
              file=sys.stderr)
    return bank


# --------------------------------------------------------------------------- make-prompts


def prompt_records(bank: ScenarioBank, temperatures: Iterable[float], runs: int,
                   output_format: str = "plain", model: str | None = None,
                   system: str | None = None) -> list[dict[str, Any]]:
    """Expand scenarios × temperatures × runs into prompt records.

    Ids are deterministic: ``{scenario_id}-t{temperature}-r{run}``
    (``hi-dct-001-t0.7-r1``). ``output_format`` is ``plain`` (a ``prompt``
    field), ``chat`` (OpenAI-style ``messages``) or ``batch`` (one OpenAI
    batch request per line: ``custom_id``, ``method``, ``url``, ``body``).
    """
    if output_format not in FORMATS:
        raise ValueError(f"unknown format {output_format!r}; use one of {', '.join(FORMATS)}")
    records = []
    # 0.7 and 0.70 give the same id: keep each temperature once (the batch API
    # rejects a file with a repeated custom_id)
    temperatures = list({prompt_id("", t, 1): t for t in temperatures}.values())
    for scenario in bank:
        prompt = render_prompt(scenario)
        messages = ([{"role": "system", "content": system}] if system else []) + \
                   [{"role": "user", "content": prompt.text}]
        for temperature in temperatures:
            for run in range(1, runs + 1):
                record_id = prompt_id(scenario.id, temperature, run)
                if output_format == "batch":
                    body: dict[str, Any] = {"messages": messages, "max_tokens": prompt.max_tokens,
                                            "temperature": temperature}
                    if model:
                        body = {"model": model, **body}
                    records.append({"custom_id": record_id, "method": "POST",
                                    "url": BATCH_URL, "body": body})
                    continue
                record: dict[str, Any] = {"id": record_id, "scenario_id": scenario.id,
                                          "language": scenario.language, "task": scenario.task}
                if output_format == "chat":
                    record["messages"] = messages
                else:
                    record["prompt"] = prompt.text
                record.update({"max_tokens": prompt.max_tokens, "temperature": temperature,
                               "run": run})
                if model:
                    record["model"] = model
                records.append(record)
    return records


def _parse_variables(pairs: list[str]) -> dict[str, str]:
    variables = {}
    for pair in pairs:
        key, separator, value = pair.partition("=")
        if not separator or not key:
            raise ValueError(f"--variable {pair!r}: write key=value, e.g. relationship_type=family")
        if key not in REQUIRED_VARIABLES:
            raise ValueError(f"--variable {key!r}: unknown; known: {', '.join(REQUIRED_VARIABLES)}")
        variables[key] = value
    return variables


def _add_filters(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("filters (all must match)")
    group.add_argument("--language", choices=CODES, help="only scenarios in this language (default: all)")
    group.add_argument("--task", choices=TASKS, help="only scenarios of this task (default: all)")
    group.add_argument("--tier", help="a primary expected tier, any spelling (formal, आप, tumi …; default: all)")
    group.add_argument("--subtask", help="tier_shift, or none for scenarios without a subtask (default: all)")
    group.add_argument("--ambiguous", choices=("yes", "no"),
                       help="only (yes) or no (no) ambiguous bias probes (default: both)")
    group.add_argument("--variable", action="append", default=[], metavar="KEY=VALUE",
                       help="a scenario variable, e.g. relationship_type=family (repeatable; default: none)")


def _apply_filters(bank: ScenarioBank, args: argparse.Namespace) -> ScenarioBank:
    ambiguous = None if args.ambiguous is None else args.ambiguous == "yes"
    return bank.filter(language=args.language, task=args.task, tier=args.tier,
                       subtask=args.subtask, ambiguous=ambiguous,
                       **_parse_variables(args.variable))


def _prompt_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*",
                        help="scenario JSONL/YAML files, plain or gzip (default: the built-in bank)")
    parser.add_argument("--out", "-o", default="-", metavar="FILE", help="output JSONL (default: stdout)")
    parser.add_argument("--temperatures", "-t", default="0.7", metavar="LIST",
                        help="comma-separated temperatures, each 0 to 2 (default: 0.7)")
    parser.add_argument("--runs", "-n", type=int, default=1, metavar="N",
                        help="runs per scenario and temperature (default: 1)")
    parser.add_argument("--format", choices=FORMATS, default="plain",
                        help="plain: a prompt field; chat: OpenAI messages; batch: OpenAI batch requests "
                             "(needs --model) (default: plain)")
    parser.add_argument("--model", help="model name, written into every record (default: none; "
                                        "required by --format batch)")
    parser.add_argument("--system", help="a system message for the chat and batch formats (default: none)")
    _add_filters(parser)
    add_quiet(parser)


@command("make-prompts", "Render scenarios into prompts: one line per scenario × temperature × run.",
         _prompt_options)
def make_prompts_main(args: argparse.Namespace) -> int:
    """``make-prompts [SCENARIO_FILES…] --out prompts.jsonl``."""
    try:
        temperatures = [float(t) for t in args.temperatures.split(",") if t.strip()]
    except ValueError:
        raise UsageError(f"--temperatures {args.temperatures!r}: write numbers like 0,0.7,1") from None
    if not temperatures or any(not 0 <= t <= 2 for t in temperatures):
        raise UsageError("--temperatures: give at least one temperature between 0 and 2")
    check_positive("--runs", args.runs)
    if args.format == "batch" and not args.model:
        raise UsageError("--format batch needs --model (the batch API requires it in every request)")
    out = output_file(args.out)
    try:
        bank = _apply_filters(_load(args.files), args)
    except (ScenarioError, ValueError, TierError, OSError) as error:
        raise UsageError(str(error)) from None
    if not len(bank):
        raise UsageError("no scenario matches the filters")
    records = prompt_records(bank, temperatures, args.runs, args.format, args.model, args.system)
    _write_jsonl(records, str(out))
    repeated = len(temperatures) - len({prompt_id("", t, 1) for t in temperatures})
    if repeated:
        say(args, f"note: {repeated} repeated temperature(s) in --temperatures written once")
    say(args, f"{len(records)} prompts from {len(bank)} scenarios")
    return 0


# --------------------------------------------------------------------------- lint-scenarios


def _lint_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*",
                        help="scenario JSONL/YAML files, plain or gzip (default: the built-in bank)")
    add_quiet(parser)


LINT_DESCRIPTION = ("Check scenarios for priming: politeness/respect/formality words, the pronouns, or "
                    "tier-naming phrases in the prompt, situation or descriptions. Also reports invalid "
                    "scenarios.")


@command("lint-scenarios", LINT_DESCRIPTION, _lint_options)
def lint_scenarios_main(args: argparse.Namespace) -> int:
    """``lint-scenarios [FILES…]``: validate and lint; exit 1 when anything is flagged."""
    from .lint import lint_scenario
    from .bank import builtin_paths, read_scenarios
    input_files(args.files, "scenario file")
    paths = args.files
    if not paths:
        paths, missing = builtin_paths()
        if missing:
            say(args, f"note: built-in scenario files not present yet: {', '.join(missing)}")
    scenarios, invalid = [], []
    for path in paths:
        valid, errors = read_scenarios(path)
        scenarios.extend(valid)
        invalid.extend(errors)
    try:
        bank = ScenarioBank(scenarios)
    except ScenarioError as error:   # duplicate ids across files
        invalid.extend(error.errors)
        bank = ScenarioBank({s.id: s for s in scenarios}.values())
    for message in invalid:
        print(message)
    flagged = 0
    findings_count = 0
    for scenario in _progress(bank.scenarios, "lint"):
        findings = lint_scenario(scenario)
        flagged += bool(findings)
        findings_count += len(findings)
        for finding in findings:
            print(finding.message())
    say(args, f"{len(bank)} valid scenarios linted: {findings_count} priming findings in {flagged}; "
              f"{len(invalid)} validation errors")
    return 1 if findings_count or invalid else 0


# --------------------------------------------------------------------------- instantiate-scenarios


def _instantiate_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="*", help="template YAML files (default: the built-in ones)")
    parser.add_argument("--language", choices=CODES,
                        help="only the built-in templates of a language (default: both)")
    parser.add_argument("--per-template", "-n", type=int, default=5, metavar="N",
                        help="scenarios per template (default: 5)")
    add_seed(parser, 0)
    parser.add_argument("--out", "-o", default="-", metavar="FILE", help="output JSONL (default: stdout)")
    add_quiet(parser)


@command("instantiate-scenarios", "Fill scenario templates (typed slots: names, ages, settings, relations) "
                                  "into new scenarios that validate and pass the priming lint.",
         _instantiate_options)
def instantiate_scenarios_main(args: argparse.Namespace) -> int:
    """``instantiate-scenarios [TEMPLATE_FILES…] -n 5 --seed 0 --out new.jsonl``."""
    from .lint import lint_scenario
    from .templates import TemplateError, builtin_template_files, instantiate_file
    check_positive("--per-template", args.per_template)
    files = [input_file(f, "template file") for f in args.files] or builtin_template_files(args.language)
    out = output_file(args.out)
    records = []
    try:
        for path in files:
            for scenario in instantiate_file(path, args.per_template, args.seed):
                findings = lint_scenario(scenario)
                if findings:
                    raise UsageError(f"{path}: template output is primed: {findings[0].message()}")
                records.append(scenario.to_dict())
    except (TemplateError, ScenarioError) as error:
        raise UsageError(str(error)) from None
    _write_jsonl(records, str(out))
    say(args, f"{len(records)} scenarios from {len(files)} template files")
    return 0
