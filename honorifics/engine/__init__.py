"""The run engine: one way to analyse an input, whatever runs it.

* :class:`RunOptions` (``options.py``) — the typed options of a run (scenario
  files, classifier, max chars, workers, engine, block size, output kind),
  built once from the command line (:meth:`RunOptions.from_args`) or the API
  and shipped as is to every worker;
* ``worker.py`` — one :class:`~honorifics.pipeline.Analyzer` per process, built
  from those options, and the one task every executor runs:
  :func:`~honorifics.engine.worker.analyze_block` (read a block, analyse it,
  write or return its output, return its summary counts);
* ``planner.py`` — the one block planner: byte ranges of JSONL files, row
  groups of Parquet files, or chunks of lines read from a stream;
* ``executors.py`` — in-process, local process pool, Dask and Spark, behind one
  interface (``map(task, blocks)`` → results in block order);
* ``run.py`` — :func:`analyze`: plan, execute, collect in order (write the
  output, merge the summary), write ``summary.json``.

``honorifics analyze`` parses its arguments and calls :func:`analyze`;
``honorifics.scale`` keeps its public names as thin wrappers over this package.
Nothing here imports the pipeline, pandas, dask or pyspark at module import.
"""
from __future__ import annotations

from .options import RunOptions
from .run import RunResult, analyze

__all__ = ["RunOptions", "RunResult", "analyze"]
