"""A run: check the options, plan the blocks, execute them, collect the results in order.

:func:`analyze` is what ``honorifics analyze`` does once its arguments are
parsed, whatever the engine:

* the planner (:mod:`.planner`) cuts the input into blocks, lazily, and hashes it;
* an executor (:mod:`.executors`) runs :func:`.worker.analyze_block` on each;
* the parent collects the results in input order: it appends each block's
  lines to ``analysis.jsonl`` or standard output (a shard the worker wrote,
  copied by the kernel; with one process, the bytes the task returned), merges
  the block's summary counts and finally writes ``summary.json``.

Two output kinds: ``analysis.jsonl`` (the default: one file, or standard
output), or Parquet parts ``DIR/analysis/part-NNNNN.parquet`` written by the
workers (``RunOptions.parquet``: Dask, Spark, Parquet or glob input), with
``analysis.jsonl`` beside them when ``RunOptions.jsonl``. Records and summary
are the same, byte for byte, whatever the engine and the number of workers.

Usage errors (a missing file, a broken ``--scenarios`` file, an input with no
record) are :class:`~honorifics.usage.UsageError`; a run stopped by Ctrl-C
returns a :class:`RunResult` marked ``interrupted`` (what was written stays
consistent: ``summary.json`` counts exactly the lines of ``analysis.jsonl``).
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
import zlib
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Sequence

from ..usage import UsageError, check_positive, input_file, output_dir, require
from .options import RunOptions
from .planner import DEFAULT_BLOCK_BYTES, auto_block_bytes, expand_inputs, file_blocks, stream_blocks
from . import worker
from .worker import BlockResult, Output, scenario_bank


@dataclass
class RunResult:
    """What a run did: ``summary`` is summary.json's content (also when nothing was written)."""
    summary: dict[str, Any]
    #: the workers' classifier notes ("tier classifier off: …"), each once
    notes: list[str] = field(default_factory=list)
    #: stopped by Ctrl-C; ``message`` says what was kept
    interrupted: bool = False
    message: str | None = None

    @property
    def failed(self) -> int:
        return self.summary["records"]["error"]


# --- checks ------------------------------------------------------------------------

def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:   # macOS, Windows
        return os.cpu_count() or 1


def check(options: RunOptions) -> list[str]:
    """Check what can be checked before anything is read or written; the warnings to show.

    Raises :class:`UsageError`: ``--workers``/``--max-chars`` below 1, a
    ``--scenarios`` file that is missing or broken (the bank is loaded here once;
    forked workers inherit it), ``HONORIFICS_MODEL_DIR`` naming no model when the
    classifier is on.
    """
    check_positive("--workers", options.workers)
    check_positive("--max-chars", options.max_chars)
    warnings = []
    cores = available_cores()
    if options.workers > cores and not options.remote:
        warnings.append(f"warning: --workers {options.workers} is more than the {cores} CPU core(s) available; "
                        f"more processes than cores makes the run slower, not faster (try --workers {cores})")
    if options.scenarios:
        from ..scenarios.bank import ScenarioError
        for path in options.scenarios:
            input_file(path, "--scenarios")
        try:
            scenario_bank(options.scenarios)
        except (ScenarioError, ValueError, OSError) as error:
            raise UsageError(f"--scenarios: {error}") from None
    if options.use_classifier:
        from ..classifiers.fallback import check_model_dir
        check_model_dir()   # a HONORIFICS_MODEL_DIR that names no model: a usage error, not a note
    return warnings


# --- the run ---------------------------------------------------------------------------

def analyze(options: RunOptions, source: str | Sequence[str], out: str | Path | None = None, *,
            progress: bool = False, input_label: str | None = None, strict: bool = True) -> RunResult:
    """Analyse ``source`` (a JSONL file, ``-`` for standard input; with ``options.parquet`` also
    Parquet files and globs, or a list of them) into ``out`` (a folder; None: analysis.jsonl on
    standard output). Call :func:`check` first for the option checks.

    ``strict`` (the command line): an input with no record, or none that could be
    analysed, is a :class:`UsageError` (summary.json is still written); otherwise
    the result says so in its summary.
    """
    if options.parquet:
        patterns = [source] if isinstance(source, (str, os.PathLike)) else list(source)
        if out is None:
            raise UsageError(f"--engine {options.engine} and Parquet or glob input need --out DIR")
        label = input_label if input_label is not None else " ".join(map(str, patterns))
        return _parquet_run(options, [str(p) for p in patterns], Path(out), progress, label, strict)
    if not isinstance(source, (str, os.PathLike)):
        raise UsageError("analysis.jsonl output reads one input: give several files as a glob with --out DIR")
    return _jsonl_run(options, str(source), out, progress, strict)


def _jsonl_run(options: RunOptions, source: str, out: str | Path | None, progress: bool,
               strict: bool) -> RunResult:
    """analysis.jsonl (a file in ``out``, or standard output) from one JSONL input."""
    from ..summary import SummaryAccumulator
    input_file(source)
    out_created = out is not None and not Path(out).exists()
    out_dir = output_dir(out) if out is not None else None
    stream, compressed = _open_input(source)
    inputs = SummaryAccumulator()   # the input's hash and size, fed by the planner
    if source == "-" or compressed:   # read here, in chunks of lines
        blocks = stream_blocks(stream, inputs)
    else:   # the workers read their own blocks
        stream.close()
        stream = contextlib.nullcontext()
        size = os.path.getsize(source)
        blocks = file_blocks([source], options.block_bytes or auto_block_bytes(size, options.workers), inputs)
    # several local workers write their own shards, which the kernel appends to the output (beside
    # analysis.jsonl; for standard output in a temporary folder)
    shards = None
    if options.workers > 1 and options.engine == "local":
        if out_dir is not None:
            shards = out_dir / f".analysis.jsonl.{os.getpid()}.blocks"
            shards.mkdir(exist_ok=True)
        else:
            import tempfile
            shards = Path(tempfile.mkdtemp(prefix="honorifics-blocks-"))
    output = Output("shards", str(shards)) if shards else Output("return")
    sink = open(out_dir / "analysis.jsonl", "wb") if out_dir is not None else sys.stdout.buffer
    collector = _Collector(sink, owned=out_dir is not None, progress=progress)
    stopped: str | None = None
    try:
        with stream:
            collector.run(options, blocks, output)
    except KeyboardInterrupt:
        stopped = "interrupted"
        collector.cut_back()
    except (EOFError, OSError, zlib.error) as error:
        if not _is_gzip_damage(error):
            raise
        stopped = f"{source}: the gzip data is damaged or cut short ({error})"
        collector.cut_back()
    finally:
        collector.close()
        if shards is not None:
            shutil.rmtree(shards, ignore_errors=True)

    summary = collector.summary
    summary._hash, summary.input_bytes = inputs._hash, inputs.input_bytes
    result = summary.to_dict(None if source == "-" else source)
    if stopped:
        result["partial"] = True
    if strict and not stopped and not summary.records:
        if out_dir is not None:   # nothing was analysed: leave nothing behind
            (out_dir / "analysis.jsonl").unlink(missing_ok=True)
            if out_created and not any(out_dir.iterdir()):
                out_dir.rmdir()
        what = "standard input" if source == "-" else source
        blank = f" ({summary.blank_lines} blank line(s))" if summary.blank_lines else ""
        raise UsageError(f"{what} is empty{blank}: nothing to analyse")
    if out_dir is not None:
        _write_summary(out_dir, result)
    if stopped:
        where = f" in {out_dir}/analysis.jsonl; {out_dir}/summary.json is marked partial" if out_dir else ""
        done = f"{summary.records} record(s) analysed{where}"
        if stopped == "interrupted":
            return RunResult(result, collector.notes, interrupted=True, message=f"interrupted: {done}")
        raise UsageError(f"{stopped}: {done}")
    if strict and not summary.ok:
        raise UsageError(all_failed(source, result["errors"]["first"], summary.records))
    return RunResult(result, collector.notes)


def _is_gzip_damage(error: BaseException) -> bool:
    import gzip
    return isinstance(error, (EOFError, gzip.BadGzipFile, zlib.error))


def _parquet_run(options: RunOptions, patterns: list[str], out: Path, progress: bool, label: str,
                 strict: bool) -> RunResult:
    """Parquet parts written by the workers (and analysis.jsonl from their shards).

    Everything that can be checked is checked before ``out`` is created: a run that
    fails leaves no empty output folder behind, and neither a failed nor an
    interrupted run leaves parts of its own.
    """
    from ..summary import SummaryAccumulator
    paths = expand_inputs(patterns)
    missing = [p for p in paths if not Path(p).is_file()]
    if not paths or missing:
        what = ", ".join(missing) if missing else " ".join(patterns)
        raise UsageError(f"no input file: {what}" + ("" if missing else " matches nothing"))
    require("pyarrow", "Parquet input and output (--engine, *.parquet, globs)", "scale")
    if options.engine == "dask":
        require("dask.distributed", "--engine dask", "scale")
    elif options.engine == "spark":
        require("pyspark", "--engine spark", "scale")
    created = not out.exists()
    output_dir(out)
    shown, out = out, out.resolve()   # the workers may run in another directory
    parts = out / "analysis"
    if parts.is_dir():   # parts of an earlier run would mix with this one
        for old in parts.glob("part-*.parquet"):
            old.unlink()
    shards = out / f".analysis.jsonl.{os.getpid()}.blocks" if options.jsonl else None
    if shards is not None:
        shards.mkdir(exist_ok=True)
    inputs = SummaryAccumulator()
    block_bytes = options.block_bytes or auto_block_bytes(sum(os.path.getsize(p) for p in paths),
                                                          options.workers, 1 << 20, DEFAULT_BLOCK_BYTES)
    blocks = file_blocks([str(Path(p).resolve()) for p in paths], block_bytes, inputs)
    sink = open(out / "analysis.jsonl", "wb") if options.jsonl else None
    collector = _Collector(sink, owned=True, progress=progress)
    try:
        collector.run(options, blocks, Output("parquet", str(out), str(shards) if shards else None))
    except BaseException as error:
        collector.close()
        # nothing of a failed or interrupted run stays behind: the folder this run created, or
        # the parts it wrote (those of an earlier run were removed when it started)
        if created:
            shutil.rmtree(out, ignore_errors=True)
        else:
            if shards is not None:
                shutil.rmtree(shards, ignore_errors=True)
            if parts.is_dir():
                for part in parts.glob("part-*.parquet"):
                    part.unlink(missing_ok=True)
                if not any(parts.iterdir()):
                    parts.rmdir()
        if isinstance(error, KeyboardInterrupt):
            return RunResult({}, collector.notes, interrupted=True,
                             message=f"interrupted: the Parquet parts of this run were removed from {shown}")
        if isinstance(error, (FileNotFoundError, ValueError)):
            raise UsageError(str(error)) from None
        raise
    collector.close()
    if shards is not None:
        shutil.rmtree(shards, ignore_errors=True)
    summary = collector.summary
    summary._hash, summary.input_bytes = inputs._hash, inputs.input_bytes
    result = summary.to_dict(label)
    _write_summary(out, result)
    if strict and not summary.records:
        raise UsageError(f"{label} holds no records: nothing to analyse")
    if strict and not summary.ok:
        raise UsageError(all_failed(label, result["errors"]["first"], summary.records))
    return RunResult(result, collector.notes)


def _write_summary(out_dir: Path, result: dict) -> None:
    (out_dir / "summary.json").write_text(json.dumps(result, ensure_ascii=False, indent=2), "utf-8")


# --- collecting in order -----------------------------------------------------------------

class _Collector:
    """The parent's serial share: each block's output appended in order, its counts merged.

    ``summary`` counts exactly the blocks whose lines are in the sink: after an
    interruption :meth:`cut_back` trims a block written in part.
    """

    def __init__(self, sink, owned: bool, progress: bool):
        from ..summary import SummaryAccumulator
        self.sink = sink
        self.owned = owned   # a file this run opened (closed, and trimmed after an interruption)
        self.summary = SummaryAccumulator()
        self.notes: list[str] = []
        self.written = 0     # bytes of the blocks collected so far
        self.progress = _progress_bar(progress)

    def run(self, options: RunOptions, blocks, output: Output) -> None:
        from .executors import executor_for
        task = partial(worker.analyze_block, options=options, output=output)   # looked up now: tests wrap it
        with executor_for(options) as executor:
            for result in executor.map(task, blocks):
                self.add(result)

    def add(self, result: BlockResult) -> None:
        from ..summary import SummaryAccumulator
        if result.note and result.note not in self.notes:
            self.notes.append(result.note)
        part = SummaryAccumulator.from_state(result.summary)
        # a block's lines and its counts go in together: Ctrl-C between the two left lines in the
        # sink that summary.json did not count (a partial run's summary must match its lines)
        with _interrupts_held():
            if self.sink is not None:
                if result.shard is not None:
                    self.written += _append(self.sink, result.shard)
                elif result.data:
                    self.sink.write(result.data)   # one write a block
                    self.written += len(result.data)
            elif result.shard is not None:
                os.unlink(result.shard)
            self.summary.merge(part)
            self.summary.blank_lines += part.blank_lines
        self.progress.update(part.records + part.blank_lines)

    def cut_back(self) -> None:
        """After an interruption: the sink holds exactly the blocks counted."""
        if self.sink is None or not self.owned:
            return
        try:
            self.sink.flush()
            os.ftruncate(self.sink.fileno(), self.written)
        except (OSError, ValueError):
            pass

    def close(self) -> None:
        self.progress.close()
        if self.sink is not None and self.owned:
            self.sink.close()


@contextlib.contextmanager
def _interrupts_held():
    """SIGINT held back (on systems that can) until the block inside is done; a Ctrl-C that came
    meanwhile is raised right after it."""
    import signal
    import threading
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _append(sink, path: str) -> int:
    """Append a shard to the sink and remove it; its size. The kernel copies
    (``copy_file_range`` to a file, ``sendfile`` to a pipe): the bytes never pass
    through this process."""
    sink.flush()
    copied = 0
    with open(path, "rb") as source:
        size = os.fstat(source.fileno()).st_size
        for copy in (_copy_file_range, _sendfile):
            try:
                while copied < size:
                    step = copy(source.fileno(), sink.fileno(), size - copied)
                    if not step:
                        break
                    copied += step
            except BrokenPipeError:   # the reader went away (| head): the run stops here
                raise
            except (AttributeError, OSError):   # not on this system, or not between these files
                continue
            break
        if copied < size:
            source.seek(copied)
            shutil.copyfileobj(source, sink, 1 << 20)
            sink.flush()
    os.unlink(path)
    return size


def _copy_file_range(source: int, sink: int, count: int) -> int:
    return os.copy_file_range(source, sink, count)


def _sendfile(source: int, sink: int, count: int) -> int:
    return os.sendfile(sink, source, None, count)


def _open_input(path: str):
    """The input as a binary stream of lines: standard input, a file, or a gzip file (known by
    its first bytes); and whether it is compressed."""
    if path == "-":
        return sys.stdin.buffer, False
    try:
        stream = open(path, "rb")
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from None
    from ..textfiles import is_gzip
    if is_gzip(stream.read(2)):
        import gzip
        stream.seek(0)
        return gzip.GzipFile(fileobj=stream, mode="rb"), True
    stream.seek(0)
    return stream, False


def all_failed(source: str, errors: list[dict], total: int) -> str:
    """The one line for an input none of whose lines could be analysed: what it looks
    like and the first three reasons with their line numbers."""
    looks = ""
    if source != "-" and Path(source).is_file():
        from ..textfiles import describe_bytes, head_bytes
        described = describe_bytes(head_bytes(source))
        looks = f" (it looks like {described})" if described else ""
    reasons = "; ".join(f"line {error.get('line')}: {error.get('error')}" for error in errors[:3])
    return (f"none of the {total} line(s) of {source} could be analysed{looks}; "
            f"expected JSON lines with a text field: {reasons}")


class _NoProgress:
    """The progress bar when none is shown."""

    def update(self, count: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def _progress_bar(show: bool):
    """A tqdm bar on a terminal; otherwise a no-op, without importing tqdm (~40 ms
    of start-up, through importlib.metadata)."""
    if not show or not sys.stderr.isatty():
        return _NoProgress()
    from tqdm import tqdm
    return tqdm(total=None, unit="rec", file=sys.stderr, dynamic_ncols=True, mininterval=0.5)
