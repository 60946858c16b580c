"""Analysis beyond one process: a pandas-partition function and Dask/Spark runs.

Two ways in:

* :func:`analyze_frame` — one pandas DataFrame in, one out (a row per record:
  flat columns plus the exact ``analysis.jsonl`` line in ``record``). It is a
  pure function of its partition, so it serves as Dask ``map_partitions``,
  Spark ``mapInPandas`` / pandas UDF and Ray Data ``map_batches``; the
  lexicons load once per worker process (module-level caches).
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

import glob
import json
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

#: Columns of every frame and Parquet partition (fixed, so partitions share a schema).
FRAME_COLUMNS = (
    ("id", "string"), ("line", "int64"), ("status", "string"), ("error", "string"),
    ("language", "string"), ("script", "string"), ("task", "string"), ("scenario_id", "string"),
    ("tier", "string"), ("user_tier", "string"), ("avoidance", "bool"), ("refusal", "bool"),
    ("agreement_errors", "int64"), ("agreement_pairs", "int64"), ("speakers", "int64"),
    ("correct", "bool"), ("record", "string"),
)
#: The same schema as a Spark DDL string (``df.mapInPandas(fn, SPARK_SCHEMA)``).
SPARK_SCHEMA = ", ".join(f"{name} {'long' if kind == 'int64' else 'boolean' if kind == 'bool' else 'string'}"
                         for name, kind in FRAME_COLUMNS)
DEFAULT_BLOCK_BYTES = 16 * 1024 * 1024

# --- one analyzer per worker process ----------------------------------------

_ANALYZERS: dict[tuple, Any] = {}


def _options_key(options: dict) -> tuple:
    return (bool(options.get("use_classifier")), tuple(options.get("scenarios") or ()),
            options.get("max_chars"))


def worker_analyzer(options: dict | None = None):
    """The process's Analyzer for these options, built once (lexicons, scenario bank)."""
    options = options or {}
    key = _options_key(options)
    analyzer = _ANALYZERS.get(key)
    if analyzer is None:
        from .cli import _make_analyzer
        analyzer = _ANALYZERS[key] = _make_analyzer(
            {"use_classifier": key[0], "scenarios": list(key[1]) or None, "max_chars": key[2]})
    return analyzer


# --- rows ---------------------------------------------------------------------

def _row(record: dict, line: bytes) -> tuple:
    """The flat columns of one analysis record (``line``: its JSON bytes)."""
    record_id = record.get("id")
    ok = record.get("status") == "ok"
    return (None if record_id is None else str(record_id), record.get("line"), record.get("status"),
            record.get("error"), record.get("language"), record.get("script"), record.get("task"),
            record.get("scenario_id"), record.get("tier"), record.get("user_tier"),
            bool(record.get("avoidance")) if ok else None, bool(record.get("refusal")) if ok else None,
            record.get("agreement_errors"), record.get("agreement_pairs"),
            len(record["speakers"]) if ok else None, record.get("correct"), line.decode("utf-8"))


def _frame(rows: list[tuple]):
    import pandas as pd
    columns = list(zip(*rows)) if rows else [()] * len(FRAME_COLUMNS)
    data = {}
    for (name, kind), values in zip(FRAME_COLUMNS, columns):
        dtype = {"string": object, "int64": "Int64", "bool": "boolean"}[kind]
        data[name] = pd.Series(list(values), dtype=dtype)
    return pd.DataFrame(data)


def _plain(value: Any) -> Any:
    """A pandas/numpy/Arrow cell as the JSON value it was read from."""
    if value is None:
        return None
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):   # numpy scalar or array
        value = value.tolist()
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if _plain(v) is not None}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def record_object(row: dict, text_col: str = "text") -> dict:
    """A frame row as the input record it stands for: missing cells are absent fields."""
    obj = {}
    for name, value in row.items():
        value = _plain(value)
        if value is None:
            continue
        obj["text" if name == text_col else name] = value
    return obj


def _analyze_items(analyzer, items: Iterable[tuple[int, Any]], raw: bool, summary=None) -> list[tuple]:
    """Analyse (line number, raw JSON line or dict) pairs into frame rows."""
    from .cli import _dumps
    rows = []
    for line, item in items:
        result = analyzer.analyze_line(item, line) if raw else analyzer.analyze_object(item, line)
        if result is None:   # a blank JSON line: not a record
            if summary is not None:
                summary.blank_lines += 1
            continue
        record = result.to_dict()
        if summary is not None:
            summary.add(record)
        rows.append(_row(record, _dumps(record)))
    return rows


def analyze_frame(df, text_col: str = "text", *, json_col: str | None = None, line_col: str | None = None,
                  use_classifier: bool = False, scenarios: list[str] | None = None,
                  max_chars: int | None = None):
    """Analyse the records of a pandas DataFrame; one output row per record.

    Each input row is a record: its columns are the JSONL fields (``text_col``
    is read as the text; empty cells are absent fields). With ``json_col``,
    each cell is instead a whole JSONL line (``spark.read.text`` gives them),
    analysed exactly as ``analyze-generations`` would, bad lines included.
    ``line_col`` numbers the records (the output ``line``); without it the
    rows are numbered 1… within the partition. The output has the columns of
    :data:`FRAME_COLUMNS`; ``record`` is the analysis.jsonl line.

    >>> import pandas as pd
    >>> out = analyze_frame(pd.DataFrame({"reply": ["তুই কোথায় যাচ্ছিস?"], "model": ["m1"]}), "reply")
    >>> out.loc[0, "tier"], json.loads(out.loc[0, "record"])["meta"]
    ('intimate', {'model': 'm1'})
    """
    analyzer = worker_analyzer({"use_classifier": use_classifier, "scenarios": scenarios,
                                "max_chars": max_chars})
    lines = (df[line_col].tolist() if line_col else range(1, len(df) + 1))
    if json_col is not None:
        items = zip((int(n) for n in lines), df[json_col].tolist())
        return _frame(_analyze_items(analyzer, items, raw=True))
    records = df.drop(columns=[line_col]) if line_col else df
    items = zip((int(n) for n in lines), (record_object(r, text_col) for r in records.to_dict("records")))
    return _frame(_analyze_items(analyzer, items, raw=False))


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


# --- blocks of input files ------------------------------------------------------

@dataclass(frozen=True)
class Block:
    """A piece of one input file that one task analyses.

    JSONL: bytes ``start``–``end`` (whole lines), the first being ``first_line``;
    a gzip JSONL file (``jsonl.gz``) is one block, the whole file.
    Parquet: row group ``start`` (``end`` unused), its first row numbered ``first_line``.
    """
    index: int
    path: str
    kind: str
    start: int
    end: int
    first_line: int


def expand_inputs(patterns: Iterable[str]) -> list[str]:
    """Files matching the patterns (globs allowed), sorted within each pattern."""
    paths = []
    for pattern in patterns:
        found = sorted(glob.glob(pattern)) if glob.has_magic(pattern) else [pattern]
        paths.extend(p for p in found if p not in paths)
    return paths


def plan_blocks(paths: list[str], block_bytes: int = DEFAULT_BLOCK_BYTES, summary=None) -> list[Block]:
    """Cut input files into blocks; feed the raw bytes to ``summary`` (input hash, size).

    The only sequential pass over the input: hashing and finding newlines run
    in C at hundreds of MB/s.
    """
    blocks: list[Block] = []
    for path in paths:
        if path.endswith(".parquet"):
            import pyarrow.parquet as pq
            if summary is not None:
                _hash_file(path, summary)
            try:
                metadata = pq.ParquetFile(path).metadata
            except Exception as error:   # pyarrow's ArrowInvalid, OSError …
                raise ValueError(f"{path}: not readable as Parquet ({str(error).splitlines()[0]})") from None
            first = 1
            for group in range(metadata.num_row_groups):
                blocks.append(Block(len(blocks), path, "parquet", group, group, first))
                first += metadata.row_group(group).num_rows
            continue
        if _is_gzip(path):   # not seekable by line: the whole file is one block
            import gzip
            with gzip.open(path, "rb") as stream:
                for piece in iter(lambda: stream.read(1 << 22), b""):
                    if summary is not None:
                        summary.add_input(piece)
            blocks.append(Block(len(blocks), path, "jsonl.gz", 0, 0, 1))
            continue
        start = position = 0
        lines = first_line = 1
        with open(path, "rb") as stream:
            while True:
                piece = stream.read(1 << 22)
                if not piece:
                    break
                if summary is not None:
                    summary.add_input(piece)
                offset = 0
                while True:
                    newline = piece.find(b"\n", offset)
                    if newline < 0:
                        break
                    lines += 1
                    offset = newline + 1
                    if position + offset - start >= block_bytes:
                        blocks.append(Block(len(blocks), path, "jsonl", start, position + offset, first_line))
                        start, first_line = position + offset, lines
                position += len(piece)
        if position > start:
            blocks.append(Block(len(blocks), path, "jsonl", start, position, first_line))
    return blocks


def _is_gzip(path: str) -> bool:
    with open(path, "rb") as stream:
        return stream.read(2) == b"\x1f\x8b"


def _hash_file(path: str, summary) -> None:
    with open(path, "rb") as stream:
        for piece in iter(lambda: stream.read(1 << 22), b""):
            summary.add_input(piece)


def _block_items(block: Block):
    if block.kind == "parquet":
        import pyarrow.parquet as pq
        table = pq.ParquetFile(block.path).read_row_group(block.start)
        rows = table.to_pylist()
        return enumerate((record_object(r) for r in rows), start=block.first_line), False
    if block.kind == "jsonl.gz":
        import gzip
        with gzip.open(block.path, "rb") as stream:
            data = stream.read()
    else:
        with open(block.path, "rb") as stream:
            stream.seek(block.start)
            data = stream.read(block.end - block.start)
    return enumerate(_lines(data), start=block.first_line), True


def _lines(data: bytes) -> list[bytes]:
    """Lines as a file iterator gives them: split at b"\n" only (a stray \r stays inside)."""
    parts = data.split(b"\n")
    lines = [part + b"\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines


def partition_path(out_dir: str | Path, index: int) -> Path:
    return Path(out_dir) / "analysis" / f"part-{index:05d}.parquet"


def analyze_block(block: Block, options: dict, out_dir: str) -> dict:
    """Run in a worker: read the block, analyse it, write its Parquet partition.

    Returns the block's summary counts (``SummaryAccumulator.to_state()``).
    """
    import pyarrow as pa
    import pyarrow.parquet as pq
    from .summary import SummaryAccumulator
    summary = SummaryAccumulator()
    items, raw = _block_items(block)
    rows = _analyze_items(worker_analyzer(options), items, raw, summary)
    table = pa.Table.from_pandas(_frame(rows), schema=arrow_schema(), preserve_index=False)
    path = partition_path(out_dir, block.index)
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(table, path)
    return summary.to_state()


def arrow_schema():
    import pyarrow as pa
    types = {"string": pa.string(), "int64": pa.int64(), "bool": pa.bool_()}
    return pa.schema([(name, types[kind]) for name, kind in FRAME_COLUMNS])


# --- engines -----------------------------------------------------------------

def _run_dask(blocks: list[Block], options: dict, out_dir: str, scheduler: str | None, workers: int):
    from dask.distributed import Client, LocalCluster
    if scheduler:
        client, cluster = Client(scheduler), None
    else:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        futures = client.map(analyze_block, blocks, options=options, out_dir=out_dir, pure=False)
        return client.gather(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _run_spark(blocks: list[Block], options: dict, out_dir: str, master: str | None, workers: int):
    import sys
    from pyspark.sql import SparkSession
    builder = SparkSession.builder.appName("honorifics").master(master or f"local[{workers}]")
    if not master:   # local mode: the workers run this interpreter
        builder = builder.config("spark.pyspark.python", sys.executable) \
                         .config("spark.ui.enabled", "false")
    spark = builder.getOrCreate()
    try:
        tasks = spark.sparkContext.parallelize(blocks, max(1, len(blocks)))
        return tasks.map(lambda block: analyze_block(block, options, out_dir)).collect()
    finally:
        if not master:
            spark.stop()


def _run_local(blocks: list[Block], options: dict, out_dir: str, workers: int):
    if workers == 1:
        return [analyze_block(block, options, out_dir) for block in blocks]
    import multiprocessing
    from functools import partial
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return pool.map(partial(analyze_block, options=options, out_dir=out_dir), blocks, chunksize=1)


def run_distributed(patterns: list[str], out_dir: str | Path, *, engine: str = "dask",
                    options: dict | None = None, scheduler: str | None = None, master: str | None = None,
                    workers: int = 2, block_bytes: int = DEFAULT_BLOCK_BYTES, jsonl: bool = False,
                    input_label: str | None = None) -> dict:
    """Analyse JSONL/Parquet files on Dask, Spark or local processes.

    Writes ``out_dir/analysis/part-NNNNN.parquet`` (one per block, in input
    order; columns :data:`FRAME_COLUMNS`), ``out_dir/summary.json`` and, with
    ``jsonl``, ``out_dir/analysis.jsonl`` (the ``record`` column in order:
    the same bytes as a single-process run). Returns the summary.
    Workers must see the input files and ``out_dir`` at the same paths (a
    shared or network file system).
    """
    from .summary import SummaryAccumulator
    options = options or {}
    paths = expand_inputs(patterns)
    missing = [p for p in paths if not os.path.isfile(p)]
    if not paths or missing:
        raise FileNotFoundError(f"no input file: {', '.join(missing or patterns)}")
    out_dir = str(Path(out_dir).resolve())
    previous = Path(out_dir) / "analysis"
    if previous.is_dir():   # parts of an earlier run would mix with this one
        for old in previous.glob("part-*.parquet"):
            old.unlink()
    inputs = SummaryAccumulator()
    blocks = plan_blocks([str(Path(p).resolve()) for p in paths], block_bytes, inputs)
    if engine == "dask":
        states = _run_dask(blocks, options, out_dir, scheduler, workers)
    elif engine == "spark":
        states = _run_spark(blocks, options, out_dir, master, workers)
    elif engine == "local":
        states = _run_local(blocks, options, out_dir, workers)
    else:
        raise ValueError(f"unknown engine {engine!r}: use dask, spark or local")
    summary = merge_summaries(states)
    summary._hash, summary.input_bytes = inputs._hash, inputs.input_bytes
    if jsonl:
        write_jsonl(out_dir, len(blocks))
    result = summary.to_dict(input_label if input_label is not None else " ".join(patterns))
    Path(out_dir, "summary.json").write_text(json.dumps(result, ensure_ascii=False, indent=2), "utf-8")
    return result


def write_jsonl(out_dir: str | Path, parts: int) -> Path:
    """Concatenate the ``record`` column of the partitions into analysis.jsonl."""
    import pyarrow.parquet as pq
    target = Path(out_dir) / "analysis.jsonl"
    with open(target, "wb") as sink:
        for index in range(parts):
            for line in pq.read_table(partition_path(out_dir, index), columns=["record"]).column(0).to_pylist():
                sink.write(line.encode("utf-8"))
                sink.write(b"\n")
    return target

