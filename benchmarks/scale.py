"""Records/s per worker of analyze-generations on each engine, same input.

    python benchmarks/scale.py                          # 20,000 records, 2 workers
    python benchmarks/scale.py --records 40000 --fresh --engines dask,spark

Engines: ``cli`` (the streaming single-file path, ``--workers N``), ``local``
(blocks on N local processes, each writing its Parquet partition), ``dask``
(a LocalCluster of N worker processes, started before the clock), ``spark``
(local[N], session started before the clock). The input is
``benchmarks/speed.py``'s (real texts cycled; ``--fresh``: unseen words).
Every engine's analysis.jsonl is checked to be byte-identical to the CLI's.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import speed  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--fresh", action="store_true")
    parser.add_argument("--block-mb", type=float, default=1.0)
    parser.add_argument("--engines", default="cli,local,dask,spark")
    args = parser.parse_args(argv)
    from honorifics.cli import analyze_generations_main
    from honorifics.scale import run_distributed
    options = {"use_classifier": False}
    block = int(args.block_mb * 1024 * 1024)
    report = {"records": args.records, "workers": args.workers, "fresh_vocabulary": args.fresh,
              "block_mb": args.block_mb, "engines": {}}
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "in.jsonl"
        report["input_mb"] = round(speed.build_input(source, args.records, args.fresh) / 1e6, 2)
        reference = None

        def timed(name, run):
            nonlocal reference
            out = Path(tmp) / name
            start = time.perf_counter()
            run(out)
            elapsed = time.perf_counter() - start
            data = (out / "analysis.jsonl").read_bytes()
            reference = reference or data
            rate = args.records / elapsed
            report["engines"][name] = {"seconds": round(elapsed, 2), "records_per_second": round(rate),
                                       "per_worker": round(rate / args.workers),
                                       "identical_to_cli": data == reference}

        engines = args.engines.split(",")
        timed("cli", lambda out: analyze_generations_main(
            [str(source), "--out", str(out), "--quiet", "--no-classifier", "--workers", str(args.workers)]))
        if "local" in engines:
            timed("local", lambda out: run_distributed([str(source)], out, engine="local", options=options,
                                                       workers=args.workers, block_bytes=block, jsonl=True))
        if "dask" in engines:
            from dask.distributed import LocalCluster
            with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster:
                timed("dask", lambda out: run_distributed(
                    [str(source)], out, engine="dask", options=options, scheduler=cluster.scheduler_address,
                    block_bytes=block, jsonl=True))
        if "spark" in engines:
            from pyspark.sql import SparkSession
            spark = (SparkSession.builder.master(f"local[{args.workers}]")
                     .config("spark.pyspark.python", sys.executable).config("spark.ui.enabled", "false")
                     .getOrCreate())
            spark.sparkContext.setLogLevel("ERROR")
            spark.sparkContext.parallelize(range(args.workers), args.workers).count()   # start Python workers
            timed("spark", lambda out: run_distributed(
                [str(source)], out, engine="spark", options=options, master=f"local[{args.workers}]",
                block_bytes=block, jsonl=True))
            spark.stop()
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
