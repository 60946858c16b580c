"""Executors: what runs the tasks of a run, behind one interface.

An executor is a context manager (it starts and stops its processes or
cluster) with ``map(task, blocks)``: the task's result for each block, in
block order, as they come (the parent writes each block's output as soon as it
and all blocks before it are done). ``task`` is a picklable callable (a
:func:`functools.partial` of :func:`honorifics.engine.worker.analyze_block`).

* :class:`InProcess` — this process (``--workers 1``);
* :class:`LocalPool` — forked processes of this machine (``--workers N``);
* :class:`DaskExecutor` — a Dask cluster (``--scheduler ADDRESS``) or a
  LocalCluster of N processes;
* :class:`SparkExecutor` — Spark (``--master URL``) or ``local[N]``.

None imports dask or pyspark before it is started.
"""
from __future__ import annotations

import sys
from typing import Any, Callable, Iterable, Iterator

from .options import RunOptions
from .planner import Block
from .worker import init_worker, tune_gc


class Executor:
    """The interface: ``with executor: for result in executor.map(task, blocks): …``."""
    name = "executor"

    def __enter__(self) -> "Executor":
        return self

    def __exit__(self, kind, error, trace) -> None:
        self.close(failed=kind is not None)

    def close(self, failed: bool = False) -> None:
        """Stop the workers: wait for them after a run, stop them at once after a failure."""

    def map(self, task: Callable[[Block], Any], blocks: Iterable[Block]) -> Iterator[Any]:
        raise NotImplementedError


class InProcess(Executor):
    """Every block in this process, one after the other."""
    name = "in-process"

    def __init__(self, options: RunOptions):
        self.options = options

    def __enter__(self) -> "InProcess":
        tune_gc()
        return self

    def map(self, task, blocks):
        for block in blocks:
            yield task(block)


class LocalPool(Executor):
    """``workers`` forked processes; each builds its analyzer once (:func:`init_worker`).

    Blocks are planned lazily: the pool's feeder thread reads the plan while the
    parent collects results, so workers start on the first block at once.
    """
    name = "local pool"

    def __init__(self, options: RunOptions):
        self.options = options
        self.pool: Any = None

    def __enter__(self) -> "LocalPool":
        import multiprocessing
        self.pool = multiprocessing.get_context("fork").Pool(self.options.workers, init_worker, (self.options,))
        return self

    def close(self, failed: bool = False) -> None:
        if self.pool is None:
            return
        if failed:
            self.pool.terminate()
        else:
            self.pool.close()
        self.pool.join()
        self.pool = None

    def map(self, task, blocks):
        assert self.pool is not None, "use the executor in a with block"
        return self.pool.imap(task, blocks, chunksize=1)


class DaskExecutor(Executor):
    """A Dask cluster: ``options.scheduler``, else a LocalCluster of ``options.workers`` processes
    (one thread each: the analysis holds the GIL)."""
    name = "dask"

    def __init__(self, options: RunOptions):
        self.options = options
        self.client: Any = None
        self.cluster: Any = None

    def __enter__(self) -> "DaskExecutor":
        from dask.distributed import Client, LocalCluster
        if self.options.scheduler:
            self.client = Client(self.options.scheduler)
        else:
            self.cluster = LocalCluster(n_workers=self.options.workers, threads_per_worker=1, processes=True,
                                        dashboard_address=None)
            self.client = Client(self.cluster)
        return self

    def close(self, failed: bool = False) -> None:
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()
        self.client = self.cluster = None

    def map(self, task, blocks):
        assert self.client is not None, "use the executor in a with block"
        futures = self.client.map(task, list(blocks), pure=False)
        try:
            for future in futures:
                yield future.result()
        finally:
            self.client.cancel([f for f in futures if not f.done()])


class SparkExecutor(Executor):
    """Spark: ``options.master``, else ``local[workers]`` running this interpreter (stopped after
    the run; a session at a given master is left running)."""
    name = "spark"

    def __init__(self, options: RunOptions):
        self.options = options
        self.spark: Any = None

    def __enter__(self) -> "SparkExecutor":
        from pyspark.sql import SparkSession
        master = self.options.master
        builder = SparkSession.builder.appName("honorifics").master(master or f"local[{self.options.workers}]")
        if not master:   # local mode: the workers run this interpreter
            builder = builder.config("spark.pyspark.python", sys.executable).config("spark.ui.enabled", "false")
        self.spark = builder.getOrCreate()
        return self

    def close(self, failed: bool = False) -> None:
        if self.spark is not None and not self.options.master:
            self.spark.stop()
        self.spark = None

    def map(self, task, blocks):
        assert self.spark is not None, "use the executor in a with block"
        blocks = list(blocks)
        tasks = self.spark.sparkContext.parallelize(blocks, max(1, len(blocks)))
        return iter(tasks.map(task).collect())


def executor_for(options: RunOptions) -> Executor:
    """The executor of a run: Dask or Spark as asked; locally, a pool for several workers."""
    if options.engine == "dask":
        return DaskExecutor(options)
    if options.engine == "spark":
        return SparkExecutor(options)
    return LocalPool(options) if options.workers > 1 else InProcess(options)
