"""The run engine (honorifics/engine): typed options, the block planner, the executors.

Every way of running gives the records of one process, with ``--scenarios``
too (the bank once reached only the single-process path: issue 21). The Dask
and Spark runs of the same input are in test_scale.py (marked ``scale``).
"""
import gzip
import json
import random
import sys
from pathlib import Path

import pytest

from honorifics.cli import analyze_generations_main
from honorifics.engine import RunOptions
from honorifics.engine.planner import block_items, file_blocks

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_scenarios_roundtrip import FIXTURE_FILES, OUTPUTS  # noqa: E402  (scenarios and answers)

SCENARIOS = [arg for path in FIXTURE_FILES for arg in ("--scenarios", str(path))]


def scenario_input(path: Path, copies: int = 40) -> Path:
    """Answers to the fixture bank's scenarios (ids that the built-in bank has with other people
    and tiers, or does not have), a bad line and a blank line among them."""
    lines = []
    for copy in range(copies):
        for scenario_id, (text, _) in OUTPUTS.items():
            lines.append(json.dumps({"id": f"{scenario_id}-r{copy}", "scenario_id": scenario_id, "text": text,
                                     "model": "m1"}, ensure_ascii=False) + "\n")
    lines.insert(7, '{"id": "broken", "text": "तुम \n')
    lines.insert(min(300, len(lines) // 2), "\n")
    path.write_text("".join(lines), "utf-8")
    return path


def check_bank_used(analysis: bytes) -> None:
    """The records were judged against the fixture bank, not the built-in one."""
    records = [json.loads(line) for line in analysis.splitlines()]
    ok = [r for r in records if r["status"] == "ok"]
    assert len(ok) == 40 * len(OUTPUTS)
    assert not any("not in the scenario bank" in w for r in ok for w in r.get("warnings", []))
    wrong = [r for r in ok if r["scenario_id"] == "bn-dct-002"]
    assert wrong and all(r["speakers"].get("শ্রেয়া", {}).get("correct") is False for r in wrong)
    rohit = [r for r in ok if r["scenario_id"] == "hi-dct-001"]
    assert rohit and all(r["speakers"].get("रोहित", {}).get("correct") is True for r in rohit)


@pytest.fixture(scope="module")
def scenario_run(tmp_path_factory):
    """The input and the single-process run with --scenarios (the reference)."""
    base = tmp_path_factory.mktemp("engine")
    source = scenario_input(base / "in.jsonl")
    assert analyze_generations_main([str(source), "--out", str(base / "one"), "--quiet", "--no-classifier",
                                     *SCENARIOS]) == 1   # the broken line
    check_bank_used((base / "one" / "analysis.jsonl").read_bytes())
    return source, base / "one"


def _same(reference: Path, out: Path, *, input_path: bool = True) -> None:
    assert (out / "analysis.jsonl").read_bytes() == (reference / "analysis.jsonl").read_bytes()
    summary = json.loads((out / "summary.json").read_text("utf-8"))
    expected = json.loads((reference / "summary.json").read_text("utf-8"))
    if not input_path:
        summary["input"].pop("path"), expected["input"].pop("path")
    assert summary == expected
    assert not list(out.glob(".analysis.jsonl.*")), "the workers' shards are removed"


@pytest.mark.parametrize("extra", [["--workers", "2"], ["--workers", "2", "--block-mb", "0.02"],
                                   ["--block-mb", "0.02"]])
def test_local_runs_with_scenarios_give_the_single_process_records(scenario_run, tmp_path, extra):
    source, reference = scenario_run
    assert analyze_generations_main([str(source), "--out", str(tmp_path / "o"), "--quiet", "--no-classifier",
                                     *SCENARIOS, *extra]) == 1
    _same(reference, tmp_path / "o")


def test_gzip_input_read_by_the_parent_with_workers_and_scenarios(scenario_run, tmp_path):
    source, reference = scenario_run
    packed = tmp_path / "in.jsonl.gz"
    packed.write_bytes(gzip.compress(source.read_bytes()))
    assert analyze_generations_main([str(packed), "--out", str(tmp_path / "o"), "--quiet", "--no-classifier",
                                     "--workers", "2", *SCENARIOS]) == 1
    assert (tmp_path / "o" / "analysis.jsonl").read_bytes() == (reference / "analysis.jsonl").read_bytes()


def test_parquet_blocks_on_local_workers_with_scenarios(scenario_run, tmp_path):
    pytest.importorskip("pyarrow")
    source, reference = scenario_run
    assert analyze_generations_main([str(source).replace("in.jsonl", "in.json[l]"), "--out", str(tmp_path / "o"),
                                     "--quiet", "--no-classifier", "--workers", "2", "--block-mb", "0.05",
                                     "--jsonl", *SCENARIOS]) == 1
    _same(reference, tmp_path / "o", input_path=False)
    assert len(list((tmp_path / "o" / "analysis").glob("part-*.parquet"))) > 2


def test_analyze_frame_with_scenarios_gives_the_single_process_records(scenario_run):
    pd = pytest.importorskip("pandas")
    import honorifics
    source, reference = scenario_run
    lines = source.read_bytes().decode("utf-8").splitlines(keepends=True)
    frame = pd.DataFrame({"line": range(1, len(lines) + 1), "json": lines})
    out = honorifics.analyze_frame(frame, json_col="json", line_col="line",
                                   scenarios=[str(p) for p in FIXTURE_FILES])
    assert [r.encode() for r in out["record"]] == (reference / "analysis.jsonl").read_bytes().splitlines()


def test_legacy_option_dicts_still_carry_scenarios(scenario_run, tmp_path):
    pytest.importorskip("pyarrow")
    from honorifics.scale import run_distributed
    source, reference = scenario_run
    summary = run_distributed([str(source)], tmp_path / "o", engine="local", workers=2, block_bytes=20_000,
                              options={"use_classifier": False, "scenarios": [str(p) for p in FIXTURE_FILES]},
                              jsonl=True)
    assert summary["records"]["error"] == 1
    assert (tmp_path / "o" / "analysis.jsonl").read_bytes() == (reference / "analysis.jsonl").read_bytes()
    with pytest.raises(ValueError, match="unknown run option"):
        run_distributed([str(source)], tmp_path / "p", engine="local", options={"bank": None})


def test_standard_input_with_workers_gives_the_file_records(scenario_run, tmp_path):
    import subprocess
    source, reference = scenario_run
    run = subprocess.run([sys.executable, "-m", "honorifics", "analyze", "-", "--no-classifier", "--quiet",
                          "--workers", "2", *SCENARIOS], input=source.read_bytes(), capture_output=True)
    assert run.returncode == 1, run.stderr
    assert run.stdout == (reference / "analysis.jsonl").read_bytes()


# --- options ----------------------------------------------------------------------------

def test_run_options_from_the_command_line(tmp_path):
    from honorifics.cli import build_parser
    args = build_parser().parse_args(["in.jsonl", "--scenarios", "a.jsonl", "--no-classifier", "--workers", "3",
                                      "--max-chars", "500"])
    options = RunOptions.from_args(args)
    assert options.scenarios == (str(Path("a.jsonl").resolve()),)
    assert (options.use_classifier, options.workers, options.max_chars, options.engine) == (False, 3, 500, "local")
    assert (options.parquet, options.jsonl, options.block_bytes) == (False, True, None)
    args = build_parser().parse_args(["in*.jsonl", "--out", "o", "--block-mb", "0.5"])
    options = RunOptions.from_args(args)
    assert (options.parquet, options.jsonl, options.block_bytes, options.use_classifier) == (True, False, 1 << 19,
                                                                                            True)
    args = build_parser().parse_args(["in.jsonl", "--out", "o", "--engine", "dask", "--report"])
    assert RunOptions.from_args(args).jsonl is True


def test_run_options_are_one_picklable_value():
    import pickle
    options = RunOptions(use_classifier=False, scenarios=("x.jsonl",), workers=2)
    assert pickle.loads(pickle.dumps(options)) == options
    assert RunOptions.from_mapping(options, workers=4).workers == 4
    with pytest.raises(ValueError, match="unknown engine"):
        RunOptions(engine="ray")


# --- the planner ---------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(4))
def test_blocks_cover_the_file_in_whole_lines_with_their_numbers(tmp_path, seed):
    rng = random.Random(seed)
    lines = [b"x" * rng.randrange(0, 300) + b"\n" for _ in range(rng.randrange(1, 400))]
    if seed % 2:
        lines[-1] = lines[-1].rstrip(b"\n")   # no final line end
    path = tmp_path / "in.jsonl"
    path.write_bytes(b"".join(lines))
    from honorifics.summary import SummaryAccumulator
    summary = SummaryAccumulator()
    block_bytes = rng.choice([1, 50, 1000, 1 << 22])
    blocks = list(file_blocks([str(path)], block_bytes, summary))
    assert blocks[0].start == 0 and blocks[-1].end == path.stat().st_size
    assert all(a.end == b.start for a, b in zip(blocks, blocks[1:]))
    assert [b.index for b in blocks] == list(range(len(blocks)))
    numbered = [(n, raw) for block in blocks for n, raw in block_items(block)[0]]
    assert numbered == list(enumerate(lines, start=1))
    for block in blocks[:-1]:   # each block ends at the first line end past its size
        assert block.end - block.start >= block_bytes
        body = path.read_bytes()[block.start:block.end]
        assert body.endswith(b"\n") and body[:-1].rfind(b"\n") < block_bytes - 1
    assert summary.input_bytes == path.stat().st_size


def test_a_run_leaves_no_shards_and_counts_what_it_wrote(tmp_path):
    source = scenario_input(tmp_path / "in.jsonl", copies=5)
    out = tmp_path / "o"
    assert analyze_generations_main([str(source), "--out", str(out), "--quiet", "--no-classifier", "--workers", "2",
                                     "--block-mb", "0.005"]) == 1
    assert sorted(p.name for p in out.iterdir()) == ["analysis.jsonl", "summary.json"]
    summary = json.loads((out / "summary.json").read_text("utf-8"))
    assert summary["records"]["total"] == len((out / "analysis.jsonl").read_bytes().splitlines()) == 5 * 12 + 1
    assert summary["input"]["blank_lines_skipped"] == 1 and summary["input"]["bytes"] == source.stat().st_size
