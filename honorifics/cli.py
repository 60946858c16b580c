"""``honorifics analyze`` (alias ``analyze-generations``): the main job, a thin layer
over :class:`honorifics.pipeline.Analyzer`.

Exit codes: 0 every line analysed; 1 at least one line gave an ``error``
record (the output is still complete, one line per input line); 2 usage
error or unreadable input: an empty input, or one none of whose lines could
be analysed (the first three reasons are said, in one line); 130 Ctrl-C
(``summary.json`` then counts the lines written and says ``"partial": true``).

Imports stay light here: ``--help`` loads neither the pipeline nor any ML library.
"""
from __future__ import annotations

import argparse
import glob
import json
import sys
from pathlib import Path

from . import __version__, implementation
from .usage import (EXIT_INTERRUPTED, UsageError, add_quiet, check_positive, command, input_file, output_dir,
                    parser as command_parser, prog_name, require, say)

EXIT_OK, EXIT_SOME_FAILED = 0, 1
CHUNK = 256

DESCRIPTION = """\
Analyse LLM generations in Hindi and Bangla: for every record and speaker, the
second-person tier (intimate तू/তুই, familiar तुम/তুমি, formal आप/আপনি), the
words that show it, agreement errors, consistency, avoidance and refusals.

Input: JSON lines with text|output|response|completion|generation or chat
messages; optional id, language (hi/bn), task, speakers, expected, scenario_id;
any other field (model, temperature, …) is carried through.
Output: DIR/analysis.jsonl (one line per input line, in order) and
DIR/summary.json; with --report also DIR/metrics.json, DIR/tables/ and
DIR/report.html (the same as honorifics-report).
"""

EPILOG = """\
exit codes: 0 all lines analysed; 1 some lines gave error records; 2 usage
error, unreadable or empty input, or no line could be analysed; 130 Ctrl-C
(DIR/summary.json then counts the lines written, marked "partial": true).
example: honorifics analyze examples/outputs.jsonl --out results --report
"""


def build_parser() -> argparse.ArgumentParser:
    parser = command_parser("analyze-generations", DESCRIPTION, EPILOG, raw=True)
    parser.add_argument("input", help="JSONL file of generations, plain or gzip ('-' for standard input)")
    parser.add_argument("--version", action="version",
                        version=f"%(prog)s {__version__} (rule path: {implementation()})")
    parser.add_argument("--out", metavar="DIR",
                        help="write DIR/analysis.jsonl and DIR/summary.json (default: analysis to stdout)")
    parser.add_argument("--report", action="store_true",
                        help="also write DIR/report.html, DIR/metrics.json and DIR/tables/ (needs --out; "
                             "default: no report)")
    parser.add_argument("--group-by", default="", metavar="FIELDS",
                        help="comma-separated fields to group metrics by in the report (e.g. model,temperature; "
                             "default: the report's own)")
    parser.add_argument("--max-dialogues", type=int, default=None, metavar="N",
                        help="with --report: dialogues shown in the report's per-speaker view "
                             "(default: the report's default, 1000; tables always use all)")
    parser.add_argument("--scenarios", metavar="PATH", action="append",
                        help="scenario bank file to join on scenario_id (repeatable; default: the built-in bank)")
    parser.add_argument("--no-classifier", action="store_true",
                        help="rules only: never load the fallback tier classifier (default: the classifier "
                             "decides what the rules leave undecided, when it is installed)")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="analyse with N processes (default 1; output order is kept)")
    parser.add_argument("--max-chars", type=int, default=None, metavar="N",
                        help="longest text accepted; longer lines get an error record (default 100000)")
    add_quiet(parser)
    scale = parser.add_argument_group(
        "large corpora", "INPUT may then be a glob of JSONL or Parquet files; needs --out. Writes "
        "DIR/analysis/part-NNNNN.parquet (one per block, in input order) and DIR/summary.json, the "
        "same records and summary as one process (see README, Large corpora).")
    scale.add_argument("--engine", choices=("local", "dask", "spark"), default="local",
                       help="local (default): this machine, --workers processes; dask or spark: "
                            "a cluster (workers must see INPUT and DIR at the same paths)")
    scale.add_argument("--scheduler", metavar="ADDRESS",
                       help="Dask scheduler address (default: a LocalCluster of --workers processes)")
    scale.add_argument("--master", metavar="URL",
                       help="Spark master URL (default: local[--workers])")
    scale.add_argument("--block-mb", type=float, default=16, metavar="MB",
                       help="input per task for Parquet/Dask/Spark runs (default 16)")
    scale.add_argument("--jsonl", action="store_true",
                       help="with Parquet output, also write DIR/analysis.jsonl (implied by --report; "
                            "default: Parquet parts only)")
    return parser


def _blocks_run(args: argparse.Namespace, options: dict) -> int:
    """--engine dask|spark, or Parquet/glob input: blocks analysed by workers (honorifics.scale).

    Everything that can be checked is checked before DIR is created: a run that
    fails leaves no empty output folder behind.
    """
    import shutil
    from .scale import expand_inputs, run_distributed
    paths = expand_inputs([args.input])
    missing = [p for p in paths if not Path(p).is_file()]
    if not paths or missing:
        what = ", ".join(missing) if missing else args.input
        raise UsageError(f"no input file: {what}" + ("" if missing else " matches nothing"))
    require("pyarrow", "Parquet input and output (--engine, *.parquet, globs)", "scale")
    if args.engine == "dask":
        require("dask.distributed", "--engine dask", "scale")
    elif args.engine == "spark":
        require("pyspark", "--engine spark", "scale")
    out = Path(args.out)
    created = not out.exists()
    output_dir(out)
    try:
        result = run_distributed([args.input], args.out, engine=args.engine, options=options,
                                 scheduler=args.scheduler, master=args.master, workers=args.workers,
                                 block_bytes=max(1, int(args.block_mb * 1024 * 1024)),
                                 jsonl=args.jsonl or args.report, input_label=str(args.input))
    except BaseException as error:
        # nothing of a failed or interrupted run stays behind: the folder this run created, or
        # the parts it wrote (those of an earlier run were removed when it started)
        if created:
            shutil.rmtree(out, ignore_errors=True)
        elif (out / "analysis").is_dir():
            for part in (out / "analysis").glob("part-*.parquet"):
                part.unlink(missing_ok=True)
            if not any((out / "analysis").iterdir()):
                (out / "analysis").rmdir()
        if isinstance(error, KeyboardInterrupt):
            print(f"{prog_name('analyze-generations')}: interrupted: the Parquet parts of this run "
                  f"were removed from {out}", file=sys.stderr)
            return EXIT_INTERRUPTED
        if isinstance(error, (FileNotFoundError, ValueError)):
            raise UsageError(str(error)) from None
        raise
    if not result["records"]["total"]:
        raise UsageError(f"{args.input} holds no records: nothing to analyse")
    if not result["records"]["ok"]:
        raise UsageError(_all_failed(args.input, result["errors"]["first"], result["records"]["total"]))
    if args.report:
        code = _write_report(Path(args.out), args)
        if code:
            return code
    if not args.quiet:
        records = result["records"]
        print(f"{prog_name('analyze-generations')}: {records['total']} records, {records['ok']} ok, "
              f"{records['error']} errors → {args.out}/", file=sys.stderr)
    return EXIT_SOME_FAILED if result["records"]["error"] else EXIT_OK


def _all_failed(source: str, errors: list[dict], total: int) -> str:
    """The one line for an input none of whose lines could be analysed: what it looks
    like and the first three reasons with their line numbers."""
    looks = ""
    if source != "-" and Path(source).is_file():
        from .textfiles import describe_bytes, head_bytes
        described = describe_bytes(head_bytes(source))
        looks = f" (it looks like {described})" if described else ""
    reasons = "; ".join(f"line {error.get('line')}: {error.get('error')}" for error in errors[:3])
    return (f"none of the {total} line(s) of {source} could be analysed{looks}; "
            f"expected JSON lines with a text field: {reasons}")


def _available_cores() -> int:
    import os
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:   # macOS, Windows
        return os.cpu_count() or 1


def _check_workers(args: argparse.Namespace) -> None:
    """--workers at least 1; more than this machine's cores (for local processes) is a warning."""
    check_positive("--workers", args.workers)
    remote = (args.engine == "dask" and args.scheduler) or (args.engine == "spark" and args.master)
    cores = _available_cores()
    if args.workers > cores and not remote:
        say(args, f"warning: --workers {args.workers} is more than the {cores} CPU core(s) available; "
                  f"more processes than cores makes the run slower, not faster (try --workers {cores})")


# --- workers -----------------------------------------------------------------

_WORKER = None


def _make_analyzer(options: dict):
    """The Analyzer for run options: ``bank`` (a loaded scenario bank) or ``scenarios``
    (paths, as the Parquet/Dask/Spark workers and ``analyze_frame`` pass them)."""
    from .pipeline import Analyzer
    bank = options.get("bank")
    if bank is None and options.get("scenarios"):
        from .scenarios.bank import load_bank
        bank = load_bank(list(options["scenarios"]))
    kwargs = {"use_classifier": options["use_classifier"], "scenario_bank": bank}
    if options.get("max_chars"):
        kwargs["max_chars"] = options["max_chars"]
    return Analyzer(**kwargs)


def _tune_gc() -> None:
    """Fewer cyclic-GC passes: analysis records hold no reference cycles, so
    reference counting frees them and memory stays flat; the collector only
    costs time on the many small objects each record creates."""
    import gc
    gc.freeze()
    gc.set_threshold(100_000, 50, 100)


def _init_worker(options: dict) -> None:
    global _WORKER
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C: the main process stops the pool
    _WORKER = _make_analyzer(options)
    _tune_gc()


def _analyze_chunk(chunk: list[tuple[int, bytes]]):
    """Analyse a chunk in a worker: output lines, the chunk's summary counts, and the
    worker's classifier note (e.g. "tier classifier off: …"), which only it knows."""
    from .summary import SummaryAccumulator
    partial = SummaryAccumulator()
    return _analyze_lines(_WORKER, chunk, partial), partial, _WORKER.classifier_message


def _analyze_file_block(block):
    """Analyse one block of the input file in a worker, which reads it itself.

    Returns the block's analysis lines as one bytes object (the main process
    only writes it out), the block's summary counts and the worker's classifier note.
    """
    from .scale import _block_items
    from .summary import SummaryAccumulator
    partial = SummaryAccumulator()
    items, _ = _block_items(block)
    out = []
    for line in _analyze_lines(_WORKER, items, partial):
        if line is None:
            partial.blank_lines += 1
        else:
            out.append(line)
    out.append(b"")
    return b"\n".join(out) if len(out) > 1 else b"", partial, _WORKER.classifier_message


def _file_blocks(path: str, workers: int, summary):
    """Blocks of a regular input file for --workers: ~8 per worker, 64 KB–1 MB each (memory
    per worker is bounded by the block, not the input)."""
    import os
    from .scale import plan_blocks
    size = os.path.getsize(path)
    block_bytes = min(1 << 20, max(64 << 10, size // (workers * 8) + 1))
    return plan_blocks([path], block_bytes, summary)


def _json_encoder():
    """orjson's dumps, or the standard library's when orjson is absent (both give UTF-8 bytes)."""
    try:
        from orjson import dumps
    except ImportError:
        return None
    return dumps


def _dumps(record: dict, fast=None) -> bytes:
    """One analysis line; ``fast``: the encoder of :func:`_json_encoder`, looked up when not given."""
    fast = fast or _json_encoder()
    if fast is not None:
        try:
            return fast(record)
        except TypeError:   # a value orjson cannot encode (an integer over 64 bits in meta)
            pass
    return json.dumps(record, ensure_ascii=False).encode("utf-8")


def _analyze_lines(analyzer, chunk, summary) -> list[bytes | None]:
    lines = []
    fast = _json_encoder()   # once per chunk, not once per record
    for number, raw in chunk:
        result = analyzer.analyze_line(raw, number)
        if result is None:
            lines.append(None)
            continue
        record = result.to_dict()
        summary.add(record)
        lines.append(_dumps(record, fast))
    return lines


def _chunks(lines, summary):
    chunk = []
    for number, raw in enumerate(lines, start=1):
        summary.add_input(raw)
        chunk.append((number, raw))
        if len(chunk) >= CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


class _NoProgress:
    """The progress bar when none is shown."""

    def update(self, count: int = 1) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total_hint: int | None, quiet: bool):
    """A tqdm bar on a terminal; otherwise a no-op, without importing tqdm (~40 ms
    of start-up, through importlib.metadata)."""
    if quiet or not sys.stderr.isatty():
        return _NoProgress()
    from tqdm import tqdm
    return tqdm(total=total_hint, unit="rec", file=sys.stderr, dynamic_ncols=True, mininterval=0.5)


def _scenario_bank(paths: list[str] | None):
    """The --scenarios bank, loaded once here so a missing or broken file is a usage error."""
    if not paths:
        return None
    from .scenarios.bank import ScenarioError, load_bank
    for path in paths:
        input_file(path, "--scenarios")
    try:
        return load_bank(paths)
    except (ScenarioError, ValueError, OSError) as error:
        raise UsageError(f"--scenarios: {error}") from None


def _open_input(path: str):
    """The input as a binary stream of lines: standard input, a file, or a gzip file (known by
    its first bytes); and whether it is compressed."""
    if path == "-":
        return sys.stdin.buffer, False
    try:
        stream = open(path, "rb")
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from None
    from .textfiles import is_gzip
    if is_gzip(stream.read(2)):
        import gzip
        stream.seek(0)
        return gzip.GzipFile(fileobj=stream, mode="rb"), True
    stream.seek(0)
    return stream, False


def run(args: argparse.Namespace) -> int:
    import gzip
    import zlib
    from .summary import SummaryAccumulator

    if args.report and not args.out:
        raise UsageError("--report needs --out DIR")
    if args.group_by and not args.report:
        raise UsageError("--group-by groups the report's metrics: add --report (and --out DIR)")
    if args.max_dialogues is not None and not args.report:
        raise UsageError("--max-dialogues sets what the report shows: add --report (and --out DIR)")
    check_positive("--max-dialogues", args.max_dialogues)
    check_positive("--max-chars", args.max_chars)
    _check_workers(args)
    if args.engine != "local" or args.input.endswith(".parquet") or \
            (args.input != "-" and glob.has_magic(args.input)):
        if not args.out:
            raise UsageError(f"--engine {args.engine} and Parquet or glob input need --out DIR")
        # absolute paths: the workers may run in another directory
        scenarios = [str(Path(path).resolve()) for path in args.scenarios] if args.scenarios else None
        if scenarios:
            _scenario_bank(scenarios)   # a missing or broken file: a usage error here, not in a worker
        return _blocks_run(args, {"use_classifier": not args.no_classifier, "scenarios": scenarios,
                                  "max_chars": args.max_chars})
    input_file(args.input)
    out_created = bool(args.out) and not Path(args.out).exists()
    out_dir = output_dir(args.out) if args.out else None
    bank = _scenario_bank(args.scenarios)
    stream, compressed = _open_input(args.input)

    options = {"use_classifier": not args.no_classifier, "bank": bank, "max_chars": args.max_chars}
    summary = SummaryAccumulator()
    if out_dir:
        sink = open(out_dir / "analysis.jsonl", "wb")
    else:
        sink = sys.stdout.buffer
    progress = _progress(None, args.quiet)
    notes: list[str] = []
    pool = None
    stopped: str | None = None   # why the run stopped before the end of the input
    try:
        with stream:
            chunks = _chunks(stream, summary)
            if args.workers == 1:
                analyzer = _make_analyzer(options)
                _tune_gc()
                # each chunk's counts join the summary once its lines are written: an
                # interrupted run's summary counts exactly the lines in analysis.jsonl
                results = _analyzed_chunks(analyzer, chunks)
            elif args.input != "-" and not compressed:
                # The workers read their own blocks of the file; the main process
                # hashes the input (in C) and writes the bytes the workers return.
                import multiprocessing
                pool = multiprocessing.get_context("fork").Pool(args.workers, _init_worker, (options,))
                results = None
                for data, partial, note in pool.imap(_analyze_file_block, _file_blocks(args.input, args.workers,
                                                                                       summary), chunksize=1):
                    if note and note not in notes:
                        notes.append(note)
                    sink.write(data)
                    summary.merge(partial)
                    summary.blank_lines += partial.blank_lines
                    progress.update(partial.records + partial.blank_lines)
            else:
                import multiprocessing
                pool = multiprocessing.get_context("fork").Pool(args.workers, _init_worker, (options,))
                results = pool.imap(_analyze_chunk, chunks, chunksize=1)
            for lines, partial, note in results or ():
                if note and note not in notes:
                    notes.append(note)
                kept = [line for line in lines if line is not None]
                blanks = len(lines) - len(kept)
                if kept:
                    kept.append(b"")
                    sink.write(b"\n".join(kept))   # one write a chunk, not two a line
                summary.merge(partial)
                summary.blank_lines += blanks
                progress.update(len(lines))
            if pool is not None:
                pool.close()
                pool.join()
                pool = None
    except KeyboardInterrupt:
        stopped = "interrupted"
    except (EOFError, gzip.BadGzipFile, zlib.error) as error:
        stopped = f"{args.input}: the gzip data is damaged or cut short ({error})"
    finally:
        if pool is not None:
            pool.terminate()
        progress.close()
        if out_dir:
            sink.close()

    if stopped is None and not args.quiet:
        for note in notes:
            print(f"note: {note}", file=sys.stderr)
    result = summary.to_dict(None if args.input == "-" else str(args.input))
    if stopped:
        result["partial"] = True
    prog = prog_name("analyze-generations")
    if not stopped and not summary.records:
        if out_dir:   # nothing was analysed: leave nothing behind
            (out_dir / "analysis.jsonl").unlink(missing_ok=True)
            if out_created and not any(out_dir.iterdir()):
                out_dir.rmdir()
        what = "standard input" if args.input == "-" else args.input
        blank = f" ({summary.blank_lines} blank line(s))" if summary.blank_lines else ""
        raise UsageError(f"{what} is empty{blank}: nothing to analyse")
    if out_dir:
        (out_dir / "summary.json").write_text(json.dumps(result, ensure_ascii=False, indent=2), "utf-8")
    if stopped:
        where = f" in {out_dir}/analysis.jsonl; {out_dir}/summary.json is marked partial" if out_dir else ""
        done = f"{summary.records} record(s) analysed{where}"
        if stopped == "interrupted":
            print(f"{prog}: interrupted: {done}", file=sys.stderr)
            return EXIT_INTERRUPTED
        raise UsageError(f"{stopped}: {done}")
    if not summary.ok:
        raise UsageError(_all_failed(args.input, result["errors"]["first"], summary.records))
    if out_dir and args.report:
        code = _write_report(out_dir, args)
        if code:   # the report said why (e.g. a --group-by field no record has)
            return code
    if not args.quiet:
        records = result["records"]
        where = f" → {out_dir}/" if out_dir else ""
        print(f"{prog}: {records['total']} records, {records['ok']} ok, "
              f"{records['error']} errors{where}", file=sys.stderr)
    return EXIT_SOME_FAILED if summary.failed else EXIT_OK


def _analyzed_chunks(analyzer, chunks):
    """One process: each chunk's lines, its own summary counts and the classifier note."""
    from .summary import SummaryAccumulator
    for chunk in chunks:
        partial = SummaryAccumulator()
        yield _analyze_lines(analyzer, chunk, partial), partial, analyzer.classifier_message


def _write_report(out_dir: Path, args: argparse.Namespace) -> int:
    """metrics.json, tables/ and report.html: the same code as ``honorifics-report``."""
    from .report.cli import report_main
    argv = [str(out_dir / "analysis.jsonl"), "--out", str(out_dir)]
    if args.group_by:
        argv += ["--group-by", args.group_by]
    if args.max_dialogues:
        argv += ["--max-dialogues", str(args.max_dialogues)]
    if args.quiet:
        argv.append("--quiet")
    return report_main(argv)


@command("analyze-generations")
def analyze_generations_main(argv: list[str] | None = None) -> int:
    """``analyze-generations outputs.jsonl --out DIR [--report]`` (also ``honorifics analyze``)."""
    return run(build_parser().parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(analyze_generations_main())
