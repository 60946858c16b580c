"""Analysis beyond one process: a pandas-partition function and Dask/Spark runs.

The work is done by :mod:`honorifics.engine` (typed run options, one block
planner, the in-process, local pool, Dask and Spark executors); this module
keeps its public names as thin wrappers over it. Two ways in:

* :func:`analyze_frame` — one pandas DataFrame in, one out (a row per record:
  flat columns plus the exact ``analysis.jsonl`` line in ``record``). It is a
  pure function of its partition, so it serves as Dask ``map_partitions``,
  Spark ``mapInPandas`` / pandas UDF and Ray Data ``map_batches``; the
  analyzer (lexicons, scenario bank) is built once per worker process.
* :func:`run_distributed` — what ``analyze-generations --engine dask|spark``
  does: cut JSONL/Parquet files into blocks (the main process only finds line
  starts and hashes the bytes), let each worker read its block, analyse it and
  write its own Parquet partition, then merge the per-block summary counts in
  input order. Records and ``summary.json`` are identical to a single-process
  run of the same file.

Neither imports dask or pyspark at module import; pandas and pyarrow load
when a frame or a partition is built.

>>> import pandas as pd
>>> out = analyze_frame(pd.DataFrame({"text": ["आप यहाँ बैठो।"], "language": ["hi"]}))
>>> out[["line", "tier", "agreement_errors"]].to_dict("records")
[{'line': 1, 'tier': 'formal', 'agreement_errors': 1}]
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterable, Mapping

from .engine.options import RunOptions
from .engine.parquet import (FRAME_COLUMNS, SPARK_SCHEMA, arrow_schema, frame as _frame, partition_path,  # noqa: F401
                             plain as _plain, record_object, row as _row, write_jsonl)
from .engine.planner import (DEFAULT_BLOCK_BYTES, Block, block_items as _block_items, expand_inputs,  # noqa: F401
                             file_blocks, split_lines as _lines)
from .engine.worker import Output, analyze_items, analyzer_for

__all__ = ["FRAME_COLUMNS", "SPARK_SCHEMA", "DEFAULT_BLOCK_BYTES", "Block", "analyze_frame", "analyze_block",
           "arrow_schema", "expand_inputs", "frame_summary", "merge_summaries", "partition_path", "plan_blocks",
           "record_object", "run_distributed", "worker_analyzer", "write_jsonl"]


def worker_analyzer(options: "Mapping[str, Any] | RunOptions | None" = None):
    """The process's Analyzer for these options (a dict as before, or RunOptions), built once."""
    return analyzer_for(RunOptions.from_mapping(options))


def analyze_frame(df, text_col: str = "text", *, json_col: str | None = None, line_col: str | None = None,
                  use_classifier: bool = False, scenarios: list[str] | None = None,
                  max_chars: int | None = None):
    """Analyse the records of a pandas DataFrame; one output row per record.

    Each input row is a record: its columns are the JSONL fields (``text_col``
    is read as the text; empty cells are absent fields). With ``json_col``,
    each cell is instead a whole JSONL line (``spark.read.text`` gives them),
    analysed exactly as ``analyze-generations`` would, bad lines included.
    ``line_col`` numbers the records (the output ``line``); without it the
    rows are numbered 1… within the partition. ``scenarios``: scenario bank
    files joined on ``scenario_id`` (default: the built-in bank). The output
    has the columns of :data:`FRAME_COLUMNS`; ``record`` is the analysis.jsonl line.

    >>> import pandas as pd
    >>> out = analyze_frame(pd.DataFrame({"reply": ["তুই কোথায় যাচ্ছিস?"], "model": ["m1"]}), "reply")
    >>> out.loc[0, "tier"], json.loads(out.loc[0, "record"])["meta"]
    ('intimate', {'model': 'm1'})
    """
    from .summary import SummaryAccumulator
    analyzer = analyzer_for(RunOptions(use_classifier=use_classifier, scenarios=tuple(scenarios or ()),
                                       max_chars=max_chars))
    lines = (df[line_col].tolist() if line_col else range(1, len(df) + 1))
    rows: list[tuple] = []
    if json_col is not None:
        items: Iterable = zip((int(n) for n in lines), df[json_col].tolist())
        analyze_items(analyzer, items, True, SummaryAccumulator(), rows)
        return _frame(rows)
    records = df.drop(columns=[line_col]) if line_col else df
    items = zip((int(n) for n in lines), (record_object(r, text_col) for r in records.to_dict("records")))
    analyze_items(analyzer, items, False, SummaryAccumulator(), rows)
    return _frame(rows)


def frame_summary(frame):
    """The summary counts of analysed frames (``summary.json`` without the input part).

    For Spark: ``merge_summaries(frame_summary(p) for p in partitions)``.
    """
    from .summary import SummaryAccumulator
    summary = SummaryAccumulator()
    for line in frame["record"]:
        summary.add(json.loads(line))
    return summary


def merge_summaries(parts: Iterable):
    """Merge partial summaries (accumulators or their ``to_state()``), in order."""
    from .summary import SummaryAccumulator
    total = SummaryAccumulator()
    for part in parts:
        part = SummaryAccumulator.from_state(part) if isinstance(part, dict) else part
        total.merge(part)
        total.blank_lines += part.blank_lines
    return total


def plan_blocks(paths: list[str], block_bytes: int = DEFAULT_BLOCK_BYTES, summary=None) -> list[Block]:
    """Cut input files into blocks; feed the raw bytes to ``summary`` (input hash, size)."""
    return list(file_blocks(paths, block_bytes, summary))


def analyze_block(block: Block, options: "Mapping[str, Any] | RunOptions", out_dir: str) -> dict:
    """Run in a worker: read the block, analyse it, write its Parquet partition.

    Returns the block's summary counts (``SummaryAccumulator.to_state()``).
    """
    from .engine.worker import analyze_block as run_block
    return run_block(block, RunOptions.from_mapping(options), Output("parquet", str(out_dir))).summary


def run_distributed(patterns: list[str], out_dir: str | Path, *, engine: str = "dask",
                    options: "Mapping[str, Any] | RunOptions | None" = None, scheduler: str | None = None,
                    master: str | None = None, workers: int = 2, block_bytes: int = DEFAULT_BLOCK_BYTES,
                    jsonl: bool = False, input_label: str | None = None) -> dict:
    """Analyse JSONL/Parquet files on Dask, Spark or local processes.

    Writes ``out_dir/analysis/part-NNNNN.parquet`` (one per block, in input
    order; columns :data:`FRAME_COLUMNS`), ``out_dir/summary.json`` and, with
    ``jsonl``, ``out_dir/analysis.jsonl`` (the same bytes as a single-process
    run). Returns the summary. Workers must see the input files and
    ``out_dir`` at the same paths (a shared or network file system).
    ``options``: ``{"use_classifier", "scenarios", "max_chars"}`` or RunOptions.
    """
    from .engine.run import analyze
    from .usage import UsageError
    paths = expand_inputs(patterns)
    missing = [p for p in paths if not os.path.isfile(p)]
    if not paths or missing:
        raise FileNotFoundError(f"no input file: {', '.join(missing or patterns)}")
    run_options = RunOptions.from_mapping(options, engine=engine, scheduler=scheduler, master=master,
                                          workers=workers, block_bytes=block_bytes, parquet=True, jsonl=jsonl)
    try:
        result = analyze(run_options, patterns, out_dir, input_label=input_label, strict=False)
    except UsageError as error:   # a file that is not Parquet, a missing library
        raise ValueError(str(error)) from None
    if result.interrupted:
        raise KeyboardInterrupt
    return result.summary
