"""Frames and Parquet partitions of analysis records (one row per record).

Every frame and partition has the columns of :data:`FRAME_COLUMNS` (fixed, so
partitions share a schema): flat fields of the record plus ``record``, the
exact ``analysis.jsonl`` line. pandas and pyarrow load when a frame or a
partition is built.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

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


def row(record: dict, line: bytes) -> tuple:
    """The flat columns of one analysis record (``line``: its JSON bytes)."""
    record_id = record.get("id")
    ok = record.get("status") == "ok"
    return (None if record_id is None else str(record_id), record.get("line"), record.get("status"),
            record.get("error"), record.get("language"), record.get("script"), record.get("task"),
            record.get("scenario_id"), record.get("tier"), record.get("user_tier"),
            bool(record.get("avoidance")) if ok else None, bool(record.get("refusal")) if ok else None,
            record.get("agreement_errors"), record.get("agreement_pairs"),
            len(record["speakers"]) if ok else None, record.get("correct"), line.decode("utf-8"))


def frame(rows: list[tuple]):
    """A pandas DataFrame of rows (:func:`row`), with the dtypes of :data:`FRAME_COLUMNS`."""
    import pandas as pd
    columns = list(zip(*rows)) if rows else [()] * len(FRAME_COLUMNS)
    data = {}
    for (name, kind), values in zip(FRAME_COLUMNS, columns):
        dtype = {"string": object, "int64": "Int64", "bool": "boolean"}[kind]
        data[name] = pd.Series(list(values), dtype=dtype)
    return pd.DataFrame(data)


def arrow_schema():
    import pyarrow as pa
    types = {"string": pa.string(), "int64": pa.int64(), "bool": pa.bool_()}
    return pa.schema([(name, types[kind]) for name, kind in FRAME_COLUMNS])


def arrow_table(rows: list[tuple]):
    """The rows as an Arrow table of :func:`arrow_schema`, built column by column (no pandas)."""
    import pyarrow as pa
    schema = arrow_schema()
    columns = list(zip(*rows)) if rows else [()] * len(FRAME_COLUMNS)
    return pa.Table.from_arrays([pa.array(list(values), type=field.type) for field, values in zip(schema, columns)],
                                schema=schema)


def partition_path(out_dir: str | Path, index: int) -> Path:
    return Path(out_dir) / "analysis" / f"part-{index:05d}.parquet"


def write_partition(rows: list[tuple], out_dir: str | Path, index: int) -> Path:
    import pyarrow.parquet as pq
    path = partition_path(out_dir, index)
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(arrow_table(rows), path)
    return path


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


def plain(value: Any) -> Any:
    """A pandas/numpy/Arrow cell as the JSON value it was read from."""
    if value is None:
        return None
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):   # numpy scalar or array
        value = value.tolist()
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items() if plain(v) is not None}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def record_object(row: dict, text_col: str = "text") -> dict:
    """A frame row as the input record it stands for: missing cells are absent fields."""
    obj = {}
    for name, value in row.items():
        value = plain(value)
        if value is None:
            continue
        obj["text" if name == text_col else name] = value
    return obj
