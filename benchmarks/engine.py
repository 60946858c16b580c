"""The run engine's overheads: the parent's serial share of CPU, and Dask against the local pool.

    python benchmarks/engine.py                                # 200,000 records, 2 workers
    python benchmarks/engine.py --records 20000 --dask-blocks 1,4 --repeat 1

Each configuration runs ``honorifics analyze`` (``--no-classifier``) in a fresh
Python process, so that workers start cold as in a real run, and that process
measures, around the run alone (imports done before the clock): wall time, its
own CPU time (the parent: planning and hashing the input, collecting each
block's output in order, merging the summary, writing summary.json) and its
children's CPU time (the workers, counted when the pool has joined them).

* ``one``: one process, the reference (its records and summary);
* ``pool``: ``--workers N --out DIR``: workers read their own blocks and write
  their own shards, which the parent appends with ``copy_file_range``;
* ``pool-stdout``: ``--workers N`` to standard output (a file): the workers
  write their shards in a temporary folder, the parent ``sendfile``\ s them;
* ``dask-B``: ``--engine dask --jsonl --block-mb B`` (``auto``: no ``--block-mb``)
  on a LocalCluster of N processes started before the clock (a running
  cluster): each worker writes its Parquet part and its JSONL shard, which the
  parent appends to analysis.jsonl.

Every run's analysis.jsonl is checked to be byte-identical to ``one``'s.
``parent_share`` = parent CPU / (parent + workers' CPU); ``vs_pool`` = the local
pool's wall time / this run's (throughput ratio at the same worker count).

Measured on the development machine: 2 cores shared with other jobs (hence best-of-3
wall times and CPU figures, which other jobs disturb less), Python 3.11, 200,000
records of speed.py's cycled real texts (76 MB in, 251 MB out), 2 workers::

    python benchmarks/engine.py                              # compiled rule path (mypyc)
    HONORIFICS_PURE_PYTHON=1 python benchmarks/engine.py --dask-blocks auto --repeat 2

  ===================  ======  ==========  ===========  ============  =======  ==========
  compiled (mypyc)     wall s  parent CPU  workers CPU  parent share  vs pool  CPU vs pool
  ===================  ======  ==========  ===========  ============  =======  ==========
  one process            9.63     9.66          —             —         0.53        —
  pool                   5.15     0.23        10.01          2.3 %      1.00       1.00
  pool-stdout            5.17     0.22        10.00          2.2 %      1.00       1.00
  dask, auto (4.75 MB)   6.87     0.34        13.09          2.6 %      0.75       0.76
  dask, 16 MB            7.29     0.37        13.51          2.7 %      0.71       0.74
  dask, 4 MB             6.58     0.36        12.44          2.8 %      0.78       0.80
  dask, 1 MB             6.50     0.48        12.33          3.8 %      0.79       0.81
  ===================  ======  ==========  ===========  ============  =======  ==========

  Pure Python: one process 24.2 s; pool 12.4 s, parent 0.25 s of 24.9 s CPU (1.0 %);
  pool-stdout 1.0 %; dask auto 14.5 s (0.86× the pool).

Before the engine (the same input, compiled): ``--workers 2 --out`` spent 0.53–0.67 s
in the parent (5.0–6.2 %), ``--workers 2`` to standard output 0.78–0.84 s (6.9–7.5 %):
every block's lines came back through a pipe to be written by the parent. Now the
parent's share is hashing the input (0.04 s), finding block ends (0.05 s), the
kernel's copy of the shards and merging per-block counts.

Dask's block size: 16 MB leaves 5 blocks for 2 workers, so one idles at the end
(0.71×); 1–4 MB blocks reach 0.78–0.79×. The default (``--block-mb`` not given) is
~8 blocks per worker within 1–16 MB (4.75 MB here). What remains is Dask's own
cost: each worker imports pyarrow and pandas (~0.35 s) and writes a Parquet part
beside its JSONL shard (~5 % of the analysis), and its event loop runs beside the
task; the analysis itself costs the same CPU per block as in the pool.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import speed  # noqa: E402  (the benchmark input: real texts)


def child(spec: dict) -> dict:
    """Run one configuration in this (fresh) process; the measures as a dict."""
    import resource
    import time
    from honorifics import implementation
    from honorifics.cli import analyze_generations_main
    import honorifics.engine.run  # noqa: F401  (imported before the clock, as the CLI's own imports are)
    argv = list(spec["argv"])
    cluster = None
    if spec.get("dask"):
        from dask.distributed import LocalCluster
        cluster = LocalCluster(n_workers=spec["workers"], threads_per_worker=1, processes=True,
                               dashboard_address=None)
        argv += ["--scheduler", cluster.scheduler_address]

    def cpu(who):
        usage = resource.getrusage(who)
        return usage.ru_utime + usage.ru_stime

    def dask_workers_cpu():   # the Dask workers are not this process's children: ask them
        from dask.distributed import Client
        with Client(cluster) as client:
            return sum(client.run(cpu, resource.RUSAGE_SELF).values())

    before = dask_workers_cpu() if cluster is not None else 0.0
    parent, workers, wall = cpu(resource.RUSAGE_SELF), cpu(resource.RUSAGE_CHILDREN), time.perf_counter()
    code = analyze_generations_main(argv)
    wall = time.perf_counter() - wall
    parent = cpu(resource.RUSAGE_SELF) - parent
    workers = cpu(resource.RUSAGE_CHILDREN) - workers
    if cluster is not None:
        workers = dask_workers_cpu() - before
        cluster.close()
    return {"exit": code, "wall": wall, "parent_cpu": parent, "workers_cpu": workers,
            "rule_path": implementation()}


def run_child(spec: dict, stdout_path: Path | None = None) -> dict:
    with tempfile.NamedTemporaryFile("r", suffix=".json") as result:
        command = [sys.executable, __file__, "--child", json.dumps(spec), "--result", result.name]
        sink = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
        try:
            subprocess.run(command, check=True, stdout=sink)
        finally:
            if stdout_path:
                sink.close()
        return json.loads(Path(result.name).read_text())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=200_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--fresh", action="store_true", help="perturb words so most are unseen (cold caches)")
    parser.add_argument("--dask-blocks", default="auto,16,4,1",
                        help="Dask block sizes in MB, 'auto' for the planner's choice ('' for no Dask run)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of each configuration, interleaved (best and median wall time are shown)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--result", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        Path(args.result).write_text(json.dumps(child(json.loads(args.child))))
        return 0

    report: dict = {"records": args.records, "workers": args.workers, "fresh_vocabulary": args.fresh,
                    "cores": len(os.sched_getaffinity(0)), "runs": {}}
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "in.jsonl"
        speed.build_input(source, args.records, args.fresh)
        report["input_mb"] = round(source.stat().st_size / 1e6, 1)
        base = [str(source), "--quiet", "--no-classifier"]
        workers = ["--workers", str(args.workers)]
        configurations = [("one", {"argv": base + ["--out", "OUT"]}, False),
                          ("pool", {"argv": base + workers + ["--out", "OUT"]}, False),
                          ("pool-stdout", {"argv": base + workers}, True)]
        for block in filter(None, args.dask_blocks.split(",")):
            size = [] if block == "auto" else ["--block-mb", block]
            configurations.append((f"dask-{block}" + ("" if block == "auto" else "mb"),
                                   {"argv": base + ["--out", "OUT", "--engine", "dask", "--jsonl", *size],
                                    "dask": True, "workers": args.workers}, False))
        reference = None
        measures: dict[str, list[dict]] = {name: [] for name, _, _ in configurations}
        for repeat in range(args.repeat):   # interleaved: a busy spell of the machine hits every run alike
            for name, template, to_stdout in configurations:
                out = Path(tmp) / f"{name}-{repeat}"
                spec = {**template, "argv": [str(out) if a == "OUT" else a for a in template["argv"]]}
                stdout_path = Path(tmp) / f"{name}-{repeat}.jsonl" if to_stdout else None
                measured = run_child(spec, stdout_path)
                analysis = (stdout_path or out / "analysis.jsonl").read_bytes()
                reference = reference if reference is not None else analysis
                measured["identical"] = analysis == reference
                measures[name].append(measured)
                del analysis
                if stdout_path:
                    stdout_path.unlink()
                shutil.rmtree(out, ignore_errors=True)
        for name, runs in measures.items():
            parent = statistics.median(m["parent_cpu"] for m in runs)
            children = statistics.median(m["workers_cpu"] for m in runs)
            entry = {"wall_s_best": round(min(m["wall"] for m in runs), 2),
                     "wall_s_median": round(statistics.median(m["wall"] for m in runs), 2),
                     "parent_cpu_s": round(parent, 2), "identical_to_one": all(m["identical"] for m in runs),
                     "exit": runs[0]["exit"]}
            if name != "one":
                entry["workers_cpu_s"] = round(children, 2)
                entry["parent_share"] = round(parent / (parent + children), 4)
            report["rule_path"] = runs[0]["rule_path"]
            report["runs"][name] = entry
        pool = report["runs"]["pool"]
        for name, entry in report["runs"].items():
            entry["vs_pool"] = round(pool["wall_s_best"] / entry["wall_s_best"], 2)
            if "workers_cpu_s" in entry:
                entry["cpu_vs_pool"] = round(pool["workers_cpu_s"] / entry["workers_cpu_s"], 2)
        report["records_per_second_pool"] = round(args.records / pool["wall_s_best"])
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
