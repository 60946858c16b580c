"""The one error path and the shared options of every command.

A command raises :class:`UsageError` for anything the user must fix (a
missing file, an option out of range, input of the wrong kind); the
:func:`command` decorator turns it into one line ``<prog>: error: <message>``
on stderr and exit code 2, the same for every command, whether it runs as
``honorifics report`` or as its alias ``honorifics-report``.

Imports stay light: nothing here loads the pipeline or an ML library.

>>> check_positive("--max-chars", 5)
5
>>> check_positive("--max-chars", 0)
Traceback (most recent call last):
...
honorifics.usage.UsageError: --max-chars must be at least 1 (got 0)
"""
from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path
from typing import Callable, Sequence

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
#: the reader of standard output went away (``honorifics analyze x.jsonl | head -1``):
#: 128 + SIGPIPE, what the shell reports for a tool that SIGPIPE stopped
EXIT_BROKEN_PIPE = 141

#: set by the front command (``honorifics report``) so help and errors name the
#: command the user typed, not its alias
_prog_override: str | None = None


class UsageError(Exception):
    """Something the user must fix; ``str(error)`` is the one-line message."""


def usage_error(prog: str, message: str) -> int:
    """Print ``<prog>: error: <message>`` on stderr, one line, and return exit code 2.

    A message of several lines (a scenario file with many problems) keeps its
    first line and says how many more there are.
    """
    lines = [line for line in str(message).splitlines() if line.strip()] or ["(no message)"]
    more = f" (and {len(lines) - 1} more)" if len(lines) > 1 else ""
    print(f"{prog}: error: {lines[0]}{more}", file=sys.stderr)
    return EXIT_USAGE


def prog_name(default: str) -> str:
    """The name to show: ``honorifics SUB`` under the front command, else ``default``."""
    return _prog_override or default


def set_prog(name: str | None) -> None:
    """Used by the front command before it calls a subcommand's main."""
    global _prog_override
    _prog_override = name


def command(default_prog: str, description: str | None = None,
            options: Callable[[argparse.ArgumentParser], None] | None = None) -> Callable:
    """Decorate a command's main: the one place that turns errors into exit codes.

    :class:`UsageError` → one line, exit 2; argparse's own exit (``--help``,
    a bad option) → its code, returned rather than raised so ``main(argv)``
    can be called from tests and from the front command; Ctrl-C → 130; standard
    output closed by its reader (``| head``) → 141, quietly.

    With ``options`` (a function adding arguments to a parser), the decorator
    also builds the parser and parses ``argv``: the decorated function takes
    the parsed ``args``. Either way the result is called as ``main(argv)``.
    """
    def wrap(main: Callable[..., int]) -> Callable[[Sequence[str] | None], int]:
        def call(argv: Sequence[str] | None) -> int:
            if options is None:
                return main(argv)
            built = parser(default_prog, description or "")
            options(built)
            return main(built.parse_args(argv))

        @functools.wraps(main)
        def run(argv: Sequence[str] | None = None) -> int:
            try:
                code = call(argv)
                sys.stdout.flush()   # a closed pipe shows here, not in the interpreter's last flush
                return code
            except BrokenPipeError:
                return quiet_broken_pipe()
            except UsageError as error:
                return usage_error(prog_name(default_prog), str(error))
            except SystemExit as stop:   # argparse: --help (0) or a bad option (2)
                return stop.code if isinstance(stop.code, int) else (0 if stop.code is None else EXIT_USAGE)
            except KeyboardInterrupt:
                return EXIT_INTERRUPTED
        return run
    return wrap


def quiet_broken_pipe() -> int:
    """The reader of standard output has gone (``… | head``): stop without a traceback.

    Standard output is pointed at the null device so that the interpreter's final
    flush of what is still buffered cannot fail again (the recipe of the Python
    docs, "Note on SIGPIPE"). Returns :data:`EXIT_BROKEN_PIPE`.
    """
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):   # no real file descriptor (a test's capture)
        pass
    return EXIT_BROKEN_PIPE


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line and exit 2 (argparse would print
    the whole usage block first): ``prog: error: unrecognized arguments: --bogus (…)``."""

    def error(self, message: str):   # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} ('{self.prog} --help' shows the options)\n")


def parser(default_prog: str, description: str, epilog: str | None = None, *,
           raw: bool = False) -> argparse.ArgumentParser:
    """An argument parser named after the command the user typed."""
    return OneLineParser(
        prog=prog_name(default_prog), description=description, epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter if raw else argparse.HelpFormatter)


# --- shared options ------------------------------------------------------------

def add_quiet(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quiet", action="store_true", help="no progress bar, notes or summary line on stderr")


def add_seed(parser: argparse.ArgumentParser, default: int, what: str = "random seed") -> None:
    parser.add_argument("--seed", type=int, default=default,
                        help=f"{what} (default {default}; same seed, same output)")


def say(args: argparse.Namespace, message: str) -> None:
    """A note or summary line on stderr, unless ``--quiet``."""
    if not getattr(args, "quiet", False):
        print(message, file=sys.stderr)


# --- checks that raise UsageError ------------------------------------------------

#: the extra that installs each optional library a command may need
EXTRAS = {"pyarrow": "report", "matplotlib": "report", "dask": "scale", "distributed": "scale",
          "pyspark": "scale", "sklearn": "classifier", "torch": "ml", "transformers": "ml",
          "sentence_transformers": "alignment", "spacy": "alignment", "anthropic": "generation"}


def require(module: str, feature: str, extra: str | None = None):
    """Import an optional library, or raise a :class:`UsageError` naming the extra to install.

    >>> require("json", "reading JSON").__name__
    'json'
    >>> require("surely_not_installed_x", "the frobnicator", "report")
    Traceback (most recent call last):
    ...
    honorifics.usage.UsageError: the frobnicator needs surely_not_installed_x, which is not installed: pip install 'honorifics[report]'
    """
    import importlib
    try:
        return importlib.import_module(module)
    except ImportError:
        top = module.partition(".")[0]
        extra = extra or EXTRAS.get(top, "all")
        raise UsageError(f"{feature} needs {top}, which is not installed: "
                         f"pip install 'honorifics[{extra}]'") from None


def check_positive(option: str, value: int | float | None) -> int | float | None:
    """``value`` when it is None or at least 1, else a :class:`UsageError`."""
    if value is not None and value < 1:
        raise UsageError(f"{option} must be at least 1 (got {value})")
    return value


def input_file(path: str | Path, what: str = "input") -> Path:
    """An existing regular file; a directory or a missing path is a :class:`UsageError`.

    ``-`` (standard input) is let through.
    """
    path = Path(path)
    if path.is_file() or str(path) == "-":
        return path
    if path.is_dir():
        raise UsageError(f"{what} {path} is a directory; give a file")
    raise UsageError(f"{what} {path}: no such file" if not path.exists() else f"{what} {path} is not a regular file")


def input_files(paths: Sequence[str | Path], what: str = "input") -> list[Path]:
    """:func:`input_file` for each of several paths."""
    return [input_file(path, what) for path in paths]


def output_dir(path: str | Path, option: str = "--out", *, create: bool = True) -> Path:
    """A directory to write into (created if missing, unless ``create`` is false);
    an existing file is a :class:`UsageError`, and so is ``-`` (a folder of that name is never
    what is meant: without the option, a command that can writes to stdout)."""
    if str(path) == "-":
        raise UsageError(f"{option} -: this writes a folder of files, not to stdout; give a folder, "
                         f"or leave out {option} where the command prints its result")
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise UsageError(f"{option} {path} is a file; this command writes a directory of files there")
    if create:
        _make_directory(path, option, path)
    return path


def _make_directory(directory: Path, option: str, path: Path) -> None:
    if directory.exists() and not directory.is_dir():
        raise UsageError(f"{option} {path}: {directory} is a file, not a directory")
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"{option} {path}: cannot create {directory} ({error.strerror})") from None


#: what ``honorifics report`` (and ``analyze --report``) writes into its --out folder
REPORT_FILES = ("metrics.json", "tables", "report.html")


def keep_a_persons_files(folder: str | Path, names: Sequence[str], *, force: bool = False,
                         option: str = "--out") -> None:
    """Refuse to write over files named ``names`` in ``folder`` when the folder is not
    one that honorifics wrote: a person's own files there are replaced only with ``--force``.

    A folder counts as honorifics output when its ``summary.json`` names the tool, its
    ``metrics.json`` is a metrics file, or its ``analysis.jsonl`` opens with an analysis
    record: running again into it replaces that run, as researchers expect.
    """
    folder = Path(folder)
    if force or not folder.is_dir():
        return
    clashing = [name for name in names if (folder / name).exists()]
    if not clashing or _written_by_honorifics(folder):
        return
    raise UsageError(f"{option} {folder} already holds {', '.join(clashing)}, not written by honorifics: "
                     f"choose another folder, or add --force to replace them")


def _written_by_honorifics(folder: Path) -> bool:
    import json
    for name, looks_ours in (("summary.json", lambda d: (d.get("tool") or {}).get("name") == "honorifics"),
                             ("metrics.json", lambda d: "n_lines" in d and "definitions" in d)):
        try:
            data = json.loads((folder / name).read_text("utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and looks_ours(data):
            return True
    try:
        with open(folder / "analysis.jsonl", "rb") as handle:
            first = json.loads(handle.readline() or b"null")
    except (OSError, ValueError):
        return False
    return isinstance(first, dict) and "line" in first and "status" in first


def output_file(path: str | Path, option: str = "--out") -> Path:
    """A file to write (its folder created if missing); an existing directory is a :class:`UsageError`.

    ``-`` (standard output) is let through.
    """
    path = Path(path)
    if str(path) == "-":
        return path
    if path.is_dir():
        raise UsageError(f"{option} {path} is a directory; this command writes one file: name the file")
    _make_directory(path.parent, option, path)
    return path
