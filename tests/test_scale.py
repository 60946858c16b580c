"""The same 2,000 records analysed by the CLI, by Dask on a LocalCluster (2 worker
processes) and by Spark in local mode: identical records and summaries.

Marked ``scale`` (deselect with ``-m "not scale"``); Spark tests skip only when
Java or pyspark is absent, Dask tests when dask is absent.
"""
import json
import shutil
import sys
from pathlib import Path

import pytest

from honorifics.cli import analyze_generations_main

pytestmark = pytest.mark.scale
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import speed  # noqa: E402  (the benchmark's real-text records)

BAD = [b'{"id": "bad-json", "text": "\xe0\xa4\x86\xe0\xa4\xaa \n', b'\n', b'{"id": "no-text"}\n',
       b'{"id": "ta", "text": "hello", "language": "ta"}\n']


def _corpus_lines() -> list[bytes]:
    """2,000 records of real text (a third with unseen words) and 4 bad or blank lines among them."""
    lines = [json.dumps(r, ensure_ascii=False).encode() + b"\n" for r in speed.input_records(2000, fresh=True)]
    for position, bad in zip((5, 700, 1300, 1999), BAD):
        lines.insert(position, bad)
    return lines


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """The input file and the single-process CLI's output (the reference)."""
    base = tmp_path_factory.mktemp("scale")
    source = base / "in.jsonl"
    source.write_bytes(b"".join(_corpus_lines()))
    code = analyze_generations_main([str(source), "--out", str(base / "cli"), "--quiet", "--no-classifier"])
    assert code == 1   # the bad lines gave error records
    return source, base / "cli"


def _same_as_cli(reference: Path, out: Path) -> None:
    expected = (reference / "analysis.jsonl").read_bytes()
    assert expected.count(b"\n") == 2003   # 2,000 records + 3 bad lines; the blank line is skipped
    assert (out / "analysis.jsonl").read_bytes() == expected
    assert json.loads((out / "summary.json").read_text("utf-8")) == \
        json.loads((reference / "summary.json").read_text("utf-8"))
    # the Parquet partitions hold the same records, in order
    import pyarrow.parquet as pq
    parts = sorted((out / "analysis").glob("part-*.parquet"))
    assert len(parts) > 2
    records = [line for part in parts for line in pq.read_table(part).column("record").to_pylist()]
    assert [r.encode() for r in records] == expected.splitlines()


def test_local_blocks_give_the_cli_records_and_summary(corpus, tmp_path):
    source, reference = corpus
    code = analyze_generations_main([str(source).replace("in.jsonl", "in.json[l]"), "--out", str(tmp_path),
                                     "--quiet", "--no-classifier", "--workers", "2", "--block-mb", "0.05",
                                     "--jsonl"])
    assert code == 1
    summary = json.loads((tmp_path / "summary.json").read_text("utf-8"))
    summary["input"]["path"] = str(source)   # a glob here, the file name there
    (tmp_path / "summary.json").write_text(json.dumps(summary, ensure_ascii=False), "utf-8")
    _same_as_cli(reference, tmp_path)


def test_parquet_input_gives_the_records_of_the_jsonl_input(tmp_path, repo_root):
    import pandas as pd
    source = repo_root / "data" / "dev_dialogues.jsonl"
    frame = pd.read_json(source, lines=True, dtype=False)
    frame.to_parquet(tmp_path / "in.parquet", row_group_size=20)
    analyze_generations_main([str(source), "--out", str(tmp_path / "cli"), "--quiet", "--no-classifier"])
    analyze_generations_main([str(tmp_path / "in.parquet"), "--out", str(tmp_path / "pq"), "--quiet",
                              "--no-classifier", "--jsonl"])
    expected = (tmp_path / "cli" / "analysis.jsonl").read_text("utf-8").splitlines()
    got = (tmp_path / "pq" / "analysis.jsonl").read_text("utf-8").splitlines()
    assert len(got) == 58 and len(list((tmp_path / "pq" / "analysis").glob("*.parquet"))) == 3
    # the same records; fields of "meta" come in column order, not each line's key order
    assert [json.loads(line) for line in got] == [json.loads(line) for line in expected]


def test_analyze_frame_on_columns_gives_the_cli_records(corpus):
    import pandas as pd
    import honorifics
    source, reference = corpus
    rows = []
    for number, line in enumerate(source.read_bytes().splitlines()[:400], start=1):
        if line in (bad.rstrip(b"\n") for bad in BAD):
            continue
        rows.append({"line": number, **json.loads(line)})
    out = honorifics.analyze_frame(pd.DataFrame(rows), "text", line_col="line")
    expected = {json.loads(line)["line"]: json.loads(line)
                for line in (reference / "analysis.jsonl").read_bytes().splitlines()}
    assert len(out) == len(rows) == 399
    for number, record in zip(out["line"], out["record"]):
        assert json.loads(record) == expected[number]
    assert out["tier"].tolist() == [json.loads(r)["tier"] for r in out["record"]]


def test_analyze_frame_keeps_a_text_column_by_any_name_and_numbers_rows():
    import pandas as pd
    import honorifics
    frame = pd.DataFrame({"completion_text": ["आप यहाँ बैठो।", "তুই কোথায় যাচ্ছিস?", None],
                          "model": ["m1", "m2", "m3"], "temperature": [float("nan"), 0.7, 1.0]})
    out = honorifics.analyze_frame(frame, text_col="completion_text")
    assert out["line"].tolist() == [1, 2, 3]
    assert out["tier"].tolist()[:2] == ["formal", "intimate"]
    assert out["status"].tolist() == ["ok", "ok", "error"]
    assert out.loc[0, "agreement_errors"] == 1 and out.loc[0, "speakers"] == 1
    assert json.loads(out.loc[1, "record"])["meta"] == {"model": "m2", "temperature": 0.7}
    assert json.loads(out.loc[0, "record"])["meta"] == {"model": "m1"}   # NaN is an absent field
    assert "no text" in out.loc[2, "error"]


# --- Dask ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def dask_cluster():
    pytest.importorskip("dask.distributed")
    from dask.distributed import LocalCluster
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    yield cluster
    cluster.close()


def test_dask_engine_gives_the_cli_records_and_summary(corpus, dask_cluster, tmp_path):
    source, reference = corpus
    code = analyze_generations_main([str(source), "--out", str(tmp_path), "--quiet", "--no-classifier",
                                     "--engine", "dask", "--scheduler", dask_cluster.scheduler_address,
                                     "--block-mb", "0.05", "--jsonl"])
    assert code == 1
    _same_as_cli(reference, tmp_path)


def test_analyze_frame_as_dask_map_partitions(corpus, dask_cluster):
    import dask.dataframe as dd
    import pandas as pd
    from dask.distributed import Client
    from honorifics.scale import analyze_frame, frame_summary, merge_summaries, _frame
    source, reference = corpus
    lines = source.read_bytes().splitlines(keepends=True)
    frame = pd.DataFrame({"line": range(1, len(lines) + 1), "json": [b.decode("utf-8", "replace") for b in lines]})
    with Client(dask_cluster):
        parts = dd.from_pandas(frame, npartitions=4)
        meta = analyze_frame(frame.iloc[:0], json_col="json", line_col="line")   # as the README says
        assert list(meta.columns) == list(_frame([]).columns) and len(meta) == 0
        out = parts.map_partitions(analyze_frame, json_col="json", line_col="line", meta=meta).compute()
    expected = (reference / "analysis.jsonl").read_text("utf-8").splitlines()
    ok = [r for r in out["record"] if '"status":"ok"' in r]
    assert ok == [line for line in expected if '"status":"ok"' in line]
    summary = merge_summaries([frame_summary(out)]).to_dict()
    reference_summary = json.loads((reference / "summary.json").read_text("utf-8"))
    for key in ("tier_distribution", "agreement", "consistency", "avoidance", "languages"):
        assert summary[key] == reference_summary[key]


def test_dask_engine_with_scenarios_gives_the_single_process_records(dask_cluster, tmp_path):
    from test_engine import SCENARIOS, check_bank_used, scenario_input
    source = scenario_input(tmp_path / "in.jsonl")
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "one"), "--quiet", "--no-classifier",
                                     *SCENARIOS]) == 1
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "dask"), "--quiet", "--no-classifier",
                                     "--engine", "dask", "--scheduler", dask_cluster.scheduler_address,
                                     "--block-mb", "0.05", "--jsonl", *SCENARIOS]) == 1
    expected = (tmp_path / "one" / "analysis.jsonl").read_bytes()
    check_bank_used(expected)
    assert (tmp_path / "dask" / "analysis.jsonl").read_bytes() == expected


# --- Spark -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def spark():
    pytest.importorskip("pyspark")
    if shutil.which("java") is None:
        pytest.skip("Spark needs Java")
    from pyspark.sql import SparkSession
    session = (SparkSession.builder.master("local[2]").appName("honorifics-test")
               .config("spark.pyspark.python", sys.executable).config("spark.ui.enabled", "false")
               .getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def test_spark_engine_gives_the_cli_records_and_summary(corpus, spark, tmp_path):
    source, reference = corpus
    code = analyze_generations_main([str(source), "--out", str(tmp_path), "--quiet", "--no-classifier",
                                     "--engine", "spark", "--master", "local[2]", "--block-mb", "0.05",
                                     "--jsonl"])
    assert code == 1
    _same_as_cli(reference, tmp_path)


def test_spark_engine_with_scenarios_gives_the_single_process_records(spark, tmp_path):
    from test_engine import SCENARIOS, check_bank_used, scenario_input
    source = scenario_input(tmp_path / "in.jsonl")
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "one"), "--quiet", "--no-classifier",
                                     *SCENARIOS]) == 1
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "spark"), "--quiet", "--no-classifier",
                                     "--engine", "spark", "--master", "local[2]", "--block-mb", "0.05", "--jsonl",
                                     *SCENARIOS]) == 1
    expected = (tmp_path / "one" / "analysis.jsonl").read_bytes()
    check_bank_used(expected)
    assert (tmp_path / "spark" / "analysis.jsonl").read_bytes() == expected


def test_analyze_frame_as_spark_map_in_pandas(corpus, spark):
    from honorifics.scale import SPARK_SCHEMA, analyze_frame, merge_summaries, frame_summary
    source, reference = corpus
    lines = spark.read.text(str(source)).rdd.zipWithIndex().map(lambda pair: (pair[1] + 1, pair[0].value))
    frame = spark.createDataFrame(lines, "line long, json string").repartition(3, "line")

    def analyse(batches):
        for batch in batches:
            yield analyze_frame(batch, json_col="json", line_col="line")

    out = frame.mapInPandas(analyse, SPARK_SCHEMA).orderBy("line").toPandas()
    expected = (reference / "analysis.jsonl").read_text("utf-8").splitlines()
    assert out["record"].tolist() == expected
    summary = merge_summaries([frame_summary(out)]).to_dict()
    reference_summary = json.loads((reference / "summary.json").read_text("utf-8"))
    reference_summary.pop("input"), summary.pop("input")
    assert summary == reference_summary


# --- usage ---------------------------------------------------------------------

def test_engine_runs_need_out_and_existing_input(tmp_path, capsys):
    assert analyze_generations_main([str(tmp_path / "*.jsonl"), "--out", str(tmp_path / "o"), "--quiet"]) == 2
    assert "no input file" in capsys.readouterr().err
    source = tmp_path / "in.jsonl"
    source.write_text('{"text": "तू कहाँ है?", "language": "hi"}\n', "utf-8")
    assert analyze_generations_main([str(source), "--engine", "dask", "--quiet"]) == 2
    assert "need --out" in capsys.readouterr().err


def test_local_glob_run_imports_neither_dask_nor_spark(tmp_path):
    import subprocess
    for number in range(2):
        (tmp_path / f"part{number}.jsonl").write_text('{"text": "তুই কোথায়?", "language": "bn"}\n', "utf-8")
    code = ("import sys\nfrom honorifics.cli import analyze_generations_main\n"
            f"analyze_generations_main([{str(tmp_path / 'part*.jsonl')!r}, '--out', {str(tmp_path / 'o')!r}, "
            "'--quiet', '--no-classifier', '--jsonl'])\n"
            "print(','.join(m for m in ('dask', 'distributed', 'pyspark') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
    records = [json.loads(line) for line in (tmp_path / "o" / "analysis.jsonl").read_text("utf-8").splitlines()]
    assert [r["tier"] for r in records] == ["intimate", "intimate"] and [r["line"] for r in records] == [1, 1]
    summary = json.loads((tmp_path / "o" / "summary.json").read_text("utf-8"))
    assert summary["records"]["total"] == 2 and summary["input"]["path"].endswith("part*.jsonl")
