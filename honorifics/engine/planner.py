"""The one block planner: what each task of a run analyses.

A :class:`Block` is a byte range of a JSONL file (whole lines), a whole gzip
JSONL file, a row group of a Parquet file, or a chunk of lines the parent read
from a stream (standard input, a gzip file analysed locally). The parent plans
blocks lazily, in input order, in one sequential pass that also feeds the raw
bytes to the summary (input hash and size): finding line ends and hashing run
in C, so planning costs the parent little. A worker reads its own block.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "in.jsonl")
>>> _ = open(path, "wb").write(b'{"text": "a"}\\n' * 5)
>>> [(b.start, b.end, b.first_line) for b in file_blocks([path], 30)]
[(0, 42, 1), (42, 70, 4)]
>>> [n for n, _ in block_items(next(file_blocks([path], 30, start_index=0)))[0]]
[1, 2, 3]
"""
from __future__ import annotations

import glob
from dataclasses import dataclass
from typing import Any, BinaryIO, Iterable, Iterator

#: the largest input per task of a large-corpus run (Parquet output) when --block-mb is not given
#: (and the block of ``honorifics.scale.run_distributed``)
DEFAULT_BLOCK_BYTES = 16 * 1024 * 1024
#: lines per block when the parent reads the input itself (standard input, gzip)
STREAM_LINES = 256
_PIECE = 1 << 22


@dataclass(frozen=True)
class Block:
    """A piece of the input that one task analyses.

    ``jsonl``: bytes ``start``–``end`` of ``path`` (whole lines), the first
    being line ``first_line``; ``jsonl.gz``: the whole gzip file ``path``;
    ``parquet``: row group ``start`` of ``path`` (``end`` unused), its first
    row numbered ``first_line``; ``lines``: the raw ``lines`` themselves (read
    by the parent from a stream; ``path`` None).
    """
    index: int
    path: str | None
    kind: str
    start: int
    end: int
    first_line: int
    lines: tuple[bytes, ...] = ()


def expand_inputs(patterns: Iterable[str]) -> list[str]:
    """Files matching the patterns (globs allowed), sorted within each pattern."""
    paths: list[str] = []
    for pattern in patterns:
        found = sorted(glob.glob(pattern)) if glob.has_magic(pattern) else [pattern]
        paths.extend(p for p in found if p not in paths)
    return paths


def auto_block_bytes(size: int, workers: int, low: int = 64 << 10, high: int = 256 << 10) -> int:
    """The block size for ``size`` bytes of input: ~8 blocks per worker, so that all workers stay
    busy to the end, within ``low``–``high``. A local JSONL run takes 64–256 KB (memory per
    worker is bounded by the block, not the input: a block's analysis lines, ~10× its input,
    are held until the block is written; 1 MB blocks made the peak 52 MB instead of 28 MB); a large-corpus run (Parquet parts, Dask,
    Spark) 1–16 MB (each part a file; the per-task cost of a cluster): with 2 Dask workers on
    76 MB, 4 MB blocks ran at 0.79× the local pool, 16 MB blocks (5 blocks) at 0.68×.

    >>> auto_block_bytes(10_000, 2), auto_block_bytes(76 << 20, 2, 1 << 20, 16 << 20) >> 20
    (65536, 4)
    """
    return min(high, max(low, size // (workers * 8) + 1))


def is_gzip(path: str) -> bool:
    with open(path, "rb") as stream:
        return stream.read(2) == b"\x1f\x8b"


def file_blocks(paths: list[str], block_bytes: int = DEFAULT_BLOCK_BYTES, summary: Any = None,
                start_index: int = 0) -> Iterator[Block]:
    """Blocks of input files, in order, planned lazily; the raw bytes go to ``summary``.

    JSONL files are cut after the first line end at least ``block_bytes`` into the
    block; a gzip file is one block (not seekable by line); a Parquet file gives
    one block per row group.
    """
    index = start_index
    for path in paths:
        if path.endswith(".parquet"):
            for block in _parquet_blocks(path, index, summary):
                yield block
                index += 1
        elif is_gzip(path):
            import gzip
            with gzip.open(path, "rb") as stream:
                for piece in iter(lambda: stream.read(_PIECE), b""):
                    if summary is not None:
                        summary.add_input(piece)
            yield Block(index, path, "jsonl.gz", 0, 0, 1)
            index += 1
        else:
            for block in _jsonl_blocks(path, block_bytes, index, summary):
                yield block
                index += 1


def _parquet_blocks(path: str, index: int, summary: Any) -> Iterator[Block]:
    import pyarrow.parquet as pq
    if summary is not None:
        with open(path, "rb") as stream:
            for piece in iter(lambda: stream.read(_PIECE), b""):
                summary.add_input(piece)
    try:
        metadata = pq.ParquetFile(path).metadata
    except Exception as error:   # pyarrow's ArrowInvalid, OSError …
        raise ValueError(f"{path}: not readable as Parquet ({str(error).splitlines()[0]})") from None
    first = 1
    for group in range(metadata.num_row_groups):
        yield Block(index + group, path, "parquet", group, group, first)
        first += metadata.row_group(group).num_rows


def _jsonl_blocks(path: str, block_bytes: int, index: int, summary: Any) -> Iterator[Block]:
    """Byte ranges of whole lines: a block ends at the first line end at least
    ``block_bytes`` after its start. Line ends are found and counted in C (``find``,
    ``count``), never one line at a time."""
    start = position = newlines = 0   # position: offset of the current piece; newlines before it
    first_line = 1
    with open(path, "rb") as stream:
        for piece in iter(lambda: stream.read(_PIECE), b""):
            if summary is not None:
                summary.add_input(piece)
            offset = 0   # newlines before here in the piece are counted
            while True:
                end = piece.find(b"\n", max(offset, start + block_bytes - 1 - position))
                if end < 0:
                    break
                newlines += piece.count(b"\n", offset, end + 1)
                offset = end + 1
                yield Block(index, path, "jsonl", start, position + offset, first_line)
                index += 1
                start, first_line = position + offset, newlines + 1
            newlines += piece.count(b"\n", offset)
            position += len(piece)
    if position > start:
        yield Block(index, path, "jsonl", start, position, first_line)


def stream_blocks(stream: BinaryIO, summary: Any = None, lines_per_block: int = STREAM_LINES,
                  start_index: int = 0) -> Iterator[Block]:
    """Chunks of lines read from a stream by the parent (standard input, a gzip file)."""
    chunk: list[bytes] = []
    first = 1
    index = start_index
    for number, raw in enumerate(stream, start=1):
        if summary is not None:
            summary.add_input(raw)
        chunk.append(raw)
        if len(chunk) >= lines_per_block:
            yield Block(index, None, "lines", 0, 0, first, tuple(chunk))
            index += 1
            first, chunk = number + 1, []
    if chunk:
        yield Block(index, None, "lines", 0, 0, first, tuple(chunk))


def block_items(block: Block) -> tuple[Iterator[tuple[int, Any]], bool]:
    """The numbered items of a block and whether they are raw JSON lines (else record dicts)."""
    if block.kind == "lines":
        return enumerate(block.lines, start=block.first_line), True
    if block.kind == "parquet":
        import pyarrow.parquet as pq
        from .parquet import record_object
        rows = pq.ParquetFile(block.path).read_row_group(block.start).to_pylist()
        return enumerate((record_object(r) for r in rows), start=block.first_line), False
    assert block.path is not None
    if block.kind == "jsonl.gz":
        import gzip
        with gzip.open(block.path, "rb") as stream:
            data = stream.read()
    else:
        with open(block.path, "rb") as stream:
            stream.seek(block.start)
            data = stream.read(block.end - block.start)
    return enumerate(split_lines(data), start=block.first_line), True


def split_lines(data: bytes) -> list[bytes]:
    """Lines as a file iterator gives them: split at b"\\n" only (a stray \\r stays inside)."""
    parts = data.split(b"\n")
    lines = [part + b"\n" for part in parts[:-1]]
    if parts[-1]:
        lines.append(parts[-1])
    return lines
