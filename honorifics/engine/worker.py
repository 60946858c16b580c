"""What runs in a worker: one analyzer per process, and the one task of every executor.

:func:`analyze_block` reads its block (:mod:`.planner`), analyses it with the
process's :class:`~honorifics.pipeline.Analyzer` for the run's
:class:`~honorifics.engine.RunOptions` (built once per process and options,
scenario bank included), and puts the output where :class:`Output` says:
returned to the parent, written to its own JSONL shard, or written as its own
Parquet partition. It returns a :class:`BlockResult`: the block's summary
counts (merged by the parent in input order) and the classifier note, which
only a worker knows.
"""
from __future__ import annotations

import gc
import json
import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from .. import regexcache
from .options import RunOptions
from .planner import Block, block_items

# --- one analyzer per process -------------------------------------------------

_ANALYZERS: dict[tuple, Any] = {}
_BANKS: dict[tuple, Any] = {}


def scenario_bank(paths: tuple[str, ...]):
    """The scenario bank of these files, loaded once per process (None: the built-in bank).

    Raises the bank's own errors (ScenarioError, OSError); the parent loads it first
    (:func:`honorifics.engine.run.check`) so that a broken file is a usage error
    there, and forked workers inherit the loaded bank.
    """
    if not paths:
        return None
    bank = _BANKS.get(paths)
    if bank is None:
        from ..scenarios.bank import load_bank
        bank = _BANKS[paths] = load_bank(list(paths))
    return bank


def analyzer_for(options: RunOptions):
    """The process's Analyzer for these options, built on first use (lexicons load lazily)."""
    key = options.analysis_key
    analyzer = _ANALYZERS.get(key)
    if analyzer is None:
        from ..pipeline import Analyzer
        use_classifier, scenarios, max_chars = key
        kwargs: dict[str, Any] = {"use_classifier": use_classifier, "scenario_bank": scenario_bank(scenarios)}
        if max_chars:
            kwargs["max_chars"] = max_chars
        analyzer = _ANALYZERS[key] = Analyzer(**kwargs)
    return analyzer


#: cyclic-GC thresholds while analysing: records hold no reference cycles, so reference
#: counting frees them and memory stays flat; the collector only costs time on the many
#: small objects each record creates
GC_THRESHOLDS = (100_000, 50, 100)


def tune_gc() -> None:
    """For a process that only analyses (one process, or a pool worker): objects made so far
    are left out of collections (and, after a fork, their pages shared), thresholds raised."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


@contextmanager
def _gc_tuned() -> Iterator[None]:
    """The raised thresholds for one block, in a process that also does other work (a Dask or
    Spark worker); put back after."""
    previous = gc.get_threshold()
    if previous[0] >= GC_THRESHOLDS[0]:
        yield
        return
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*previous)


def init_worker(options: RunOptions) -> None:
    """Initializer of a local pool worker: Ctrl-C is the parent's to handle."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    analyzer_for(options)
    tune_gc()


# --- JSON lines ---------------------------------------------------------------

def json_encoder():
    """orjson's dumps, or None when orjson is absent (then the standard library's)."""
    try:
        from orjson import dumps
    except ImportError:
        return None
    return dumps


def dumps(record: dict, fast=None) -> bytes:
    """One analysis line (UTF-8 bytes); ``fast``: the encoder of :func:`json_encoder`, looked up
    when not given."""
    fast = fast or json_encoder()
    if fast is not None:
        try:
            return fast(record)
        except TypeError:   # a value orjson cannot encode (an integer over 64 bits in meta)
            pass
    return json.dumps(record, ensure_ascii=False).encode("utf-8")


def analyze_items(analyzer, items: Iterable[tuple[int, Any]], raw: bool, summary,
                  rows: list | None = None) -> list[bytes]:
    """Analyse (line number, raw JSON line or record dict) pairs: their analysis lines, counted
    into ``summary`` (a blank line is counted as such, not a record); with ``rows``, also
    each record's Parquet row."""
    from .parquet import row
    lines = []
    fast = json_encoder()   # once per block, not once per record
    for number, item in items:
        result = analyzer.analyze_line(item, number) if raw else analyzer.analyze_object(item, number)
        if result is None:   # a blank JSON line: not a record
            summary.blank_lines += 1
            continue
        record = result.to_dict()
        summary.add(record)
        line = dumps(record, fast)
        lines.append(line)
        if rows is not None:
            rows.append(row(record, line))
    return lines


# --- the task -------------------------------------------------------------------

@dataclass(frozen=True)
class Output:
    """Where a block's analysis goes.

    ``return``: the lines go back to the parent (one process, standard output);
    ``shards``: the worker writes them to ``directory/block-NNNNNN.jsonl``, which
    the parent appends to analysis.jsonl in order (the kernel copies; the lines
    never pass through the parent); ``parquet``: the worker writes
    ``directory/analysis/part-NNNNN.parquet`` and, with ``shards`` set, the lines
    to a shard in that folder too.
    """
    kind: str = "return"
    directory: str | None = None
    shards: str | None = None


@dataclass
class BlockResult:
    """What a task sends back: small, except ``data`` when the lines are returned."""
    index: int
    #: the block's summary counts (``SummaryAccumulator.to_state()``)
    summary: dict
    #: the worker's classifier note ("tier classifier off: …"), or None
    note: str | None
    #: the analysis lines (newline-terminated), when returned
    data: bytes = b""
    #: the file holding them, when the worker wrote them
    shard: str | None = None


def shard_path(directory: str | Path, index: int) -> Path:
    return Path(directory) / f"block-{index:06d}.jsonl"


def analyze_block(block: Block, options: RunOptions, output: Output = Output()) -> BlockResult:
    """Read one block, analyse it, put its output where ``output`` says (see :class:`Output`)."""
    from ..summary import SummaryAccumulator
    analyzer = analyzer_for(options)
    summary = SummaryAccumulator()
    items, raw = block_items(block)
    rows: list | None = [] if output.kind == "parquet" else None
    with _gc_tuned():
        lines = analyze_items(analyzer, items, raw, summary, rows)
    regexcache.save()   # patterns compiled first in this block (a pool worker ends without atexit)
    data = b"\n".join(lines) + b"\n" if lines else b""
    shard = None
    if output.kind == "parquet":
        from .parquet import write_partition
        assert output.directory is not None and rows is not None
        write_partition(rows, output.directory, block.index)
        if output.shards:
            shard = _write_shard(output.shards, block.index, data)
        data = b""
    elif output.kind == "shards" and data:
        assert output.directory is not None
        shard = _write_shard(output.directory, block.index, data)
        data = b""
    return BlockResult(block.index, summary.to_state(), analyzer.classifier_message, data, shard)


def _write_shard(directory: str, index: int, data: bytes) -> str:
    path = shard_path(directory, index)
    with open(path, "wb") as sink:
        sink.write(data)
    return os.fspath(path)
