"""The typed options of a run: built once, from the command line or the API, and
shipped unchanged to every worker (in-process, local pool, Dask or Spark).

>>> options = RunOptions(use_classifier=False, scenarios=("bank.jsonl",), workers=2)
>>> options.scenarios[0].endswith("/bank.jsonl") and options.analysis_key[0]
False
>>> RunOptions.from_mapping({"use_classifier": True, "max_chars": 500}).analysis_key
(True, (), 500)
>>> RunOptions.from_mapping({"bank": None})
Traceback (most recent call last):
...
ValueError: unknown run option(s) 'bank': use block_bytes, engine, jsonl, master, max_chars, parquet, scenarios, scheduler, use_classifier, workers
>>> RunOptions(engine="ray")
Traceback (most recent call last):
...
ValueError: unknown engine 'ray': use local, dask or spark
"""
from __future__ import annotations

import glob
import os
from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

#: the executors a run may use (``--engine``)
ENGINES = ("local", "dask", "spark")
MIB = 1024 * 1024


@dataclass(frozen=True)
class RunOptions:
    """What a run does. Frozen and picklable: the parent and every worker see the same object.

    What each worker's :class:`~honorifics.pipeline.Analyzer` is built from
    (:attr:`analysis_key`): ``use_classifier``, ``scenarios`` (scenario bank
    files as absolute paths, so that workers elsewhere find them; empty: the
    built-in bank) and ``max_chars`` (None: the pipeline's default).

    How it runs: ``workers`` processes on the ``engine`` (``local``, ``dask``
    with an optional ``scheduler`` address, ``spark`` with an optional
    ``master``), in blocks of about ``block_bytes`` of input (None: the
    planner's choice).

    What it writes: ``parquet`` — ``DIR/analysis/part-NNNNN.parquet``, one per
    block (the large-corpus mode: Dask, Spark, Parquet or glob input);
    ``jsonl`` — ``analysis.jsonl`` (always, unless Parquet parts are enough).
    """
    use_classifier: bool = True
    scenarios: tuple[str, ...] = ()
    max_chars: int | None = None
    workers: int = 1
    engine: str = "local"
    scheduler: str | None = None
    master: str | None = None
    block_bytes: int | None = None
    parquet: bool = False
    jsonl: bool = True

    def __post_init__(self) -> None:
        if self.engine not in ENGINES:
            raise ValueError(f"unknown engine {self.engine!r}: use {', '.join(ENGINES[:-1])} or {ENGINES[-1]}")
        scenarios = (self.scenarios,) if isinstance(self.scenarios, (str, os.PathLike)) else self.scenarios
        object.__setattr__(self, "scenarios", tuple(os.path.abspath(os.fspath(p)) for p in scenarios or ()))

    @property
    def analysis_key(self) -> tuple:
        """What the analyzer depends on: one analyzer per process for each key."""
        return (bool(self.use_classifier), self.scenarios, self.max_chars)

    @property
    def remote(self) -> bool:
        """Whether the workers run on a cluster named by address (not this machine's cores)."""
        return bool((self.engine == "dask" and self.scheduler) or (self.engine == "spark" and self.master))

    @classmethod
    def from_mapping(cls, options: "Mapping[str, Any] | RunOptions | None" = None, **overrides: Any) -> "RunOptions":
        """Options given as a dict (``{"use_classifier": …, "scenarios": […], "max_chars": …}``,
        as ``honorifics.scale`` took them) or as RunOptions, with ``overrides``."""
        if isinstance(options, RunOptions):
            return replace(options, **overrides) if overrides else options
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(options or {}) - known)
        if unknown:   # an option silently dropped is how --scenarios was once lost
            raise ValueError(f"unknown run option(s) {', '.join(map(repr, unknown))}: use {', '.join(sorted(known))}")
        given = {key: value for key, value in (options or {}).items() if value is not None}
        given.update(overrides)
        return cls(**given)

    @classmethod
    def from_args(cls, args: Any) -> "RunOptions":
        """The options of ``honorifics analyze``'s parsed arguments.

        Parquet output (the large-corpus mode) for ``--engine dask|spark``, Parquet
        input and globs; ``analysis.jsonl`` too with ``--jsonl`` or ``--report``.
        """
        source = str(args.input)
        parquet = args.engine != "local" or source.endswith(".parquet") or \
            (source != "-" and glob.has_magic(source))
        block_mb = getattr(args, "block_mb", None)
        return cls(use_classifier=not args.no_classifier, scenarios=tuple(args.scenarios or ()),
                   max_chars=args.max_chars, workers=args.workers, engine=args.engine,
                   scheduler=getattr(args, "scheduler", None), master=getattr(args, "master", None),
                   block_bytes=max(1, int(block_mb * MIB)) if block_mb else None, parquet=parquet,
                   jsonl=not parquet or bool(getattr(args, "jsonl", False) or getattr(args, "report", False)))
