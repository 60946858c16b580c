"""Issue 21 §5: the shipped n-gram classifier runs with numpy alone (ngram.npz), with the same
predictions as the scikit-learn pipeline it was exported from, and it is package data."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy
import pytest

from honorifics.classifiers.fallback import TierFallback, load_fallback, shipped_model_dir
from honorifics.classifiers.labels import LABELS, SETTINGS_FILE
from honorifics.classifiers.ngram_arrays import (ARRAYS_FILE, ArraysError, NgramArrays, char_ngrams,
                                                 char_wb_ngrams, export_pipeline, word_ngrams)

REPO = Path(__file__).resolve().parents[1]
#: the sources of the shipped model's corpus, as benchmarks/classifier_shipped_model.py builds it
SOURCES = [REPO / "data" / "cocoa_mt_hi_train.jsonl", REPO / "data" / "ud_bengali_bru_2p.jsonl",
           REPO / "data" / "tydip_hi_requests.jsonl", REPO / "data" / "bn_literature_dialogue.jsonl",
           REPO / "honorifics" / "classifiers" / "data" / "written_utterances.jsonl"]
#: texts the analyzers must split exactly as scikit-learn does
ODD_TEXTS = ["", " ", "a", "तू", "আপনি  কাল\tআসবেন।", "Aap KAL aaiyega,  SIR!", "[MASK] कल █ आना",
             "x\u00a0y\u2003z", "शब्द\u200dयोग", "কী?!…\n\nহ্যাঁ।", "tum's ‘quoted’ “word” (aside)", "e\u0301t\u00e9",
             "  leading and trailing  ", "ठीक है।।", "1,000.50 रुपये", "a b c d e f g"]


def _source_texts() -> list[str]:
    texts = []
    for path in SOURCES:
        for line in path.read_text("utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                texts.extend(record[field] for field in ("text", "output") if isinstance(record.get(field), str))
    return texts


@pytest.fixture(scope="module")
def shipped_pipeline():
    pytest.importorskip("sklearn")
    from honorifics.classifiers.ngram import load_pipeline

    if not (shipped_model_dir() / "ngram.joblib").is_file():
        pytest.skip("ngram.joblib (the scikit-learn source of the export) is not in this tree")
    return load_pipeline(shipped_model_dir())


@pytest.fixture(scope="module")
def training_corpus(tmp_path_factory) -> list[str]:
    """The whole training corpus of the shipped model (train, dev and test: all.jsonl), built as
    benchmarks/classifier_shipped_model.py builds it, and the texts of its sources as written."""
    from honorifics.classifiers.cli import build_corpus_main

    out = tmp_path_factory.mktemp("shipped") / "corpus"
    assert build_corpus_main([*(str(path) for path in SOURCES), "--out", str(out),
                              "--group-fields", "pair_key,group,section,id", "--seed", "13"]) == 0
    texts = [json.loads(line)["text"] for line in (out / "all.jsonl").read_text("utf-8").splitlines()]
    assert len(texts) > 3000
    return texts + _source_texts()


# --------------------------------------------------------------------------- the same predictions

def test_the_shipped_arrays_give_the_scikit_learn_predictions_on_the_whole_training_corpus(
        shipped_pipeline, training_corpus):
    settings = json.loads((shipped_model_dir() / SETTINGS_FILE).read_text("utf-8"))
    numpy_fallback, why_not = load_fallback()
    assert why_not is None and isinstance(numpy_fallback.model, NgramArrays)
    sklearn_fallback = TierFallback(shipped_pipeline, None, settings, numpy_fallback.threshold,
                                    shipped_model_dir())
    ours = numpy_fallback.probabilities(training_corpus)
    theirs = sklearn_fallback.probabilities(training_corpus)
    assert ours.shape == theirs.shape == (len(training_corpus), len(LABELS))
    assert numpy.abs(ours - theirs).max() <= 1e-9
    languages = [""] * len(training_corpus)
    for threshold in (numpy_fallback.threshold, 0.0, 0.5):   # the shipped one abstains almost always
        numpy_fallback.threshold = sklearn_fallback.threshold = threshold
        mine = numpy_fallback.predict(training_corpus, languages)
        reference = sklearn_fallback.predict(training_corpus, languages)
        assert [p.tier for p in mine] == [p.tier for p in reference]
        assert max(abs(a.confidence - b.confidence) for a, b in zip(mine, reference)) <= 1e-9
    # the comparison is not vacuous: every class is predicted somewhere in the corpus
    assert set(ours.argmax(axis=1)) == set(range(len(LABELS)))


def test_the_shipped_arrays_are_the_export_of_the_shipped_pipeline(shipped_pipeline, tmp_path):
    exported = export_pipeline(shipped_pipeline, tmp_path / ARRAYS_FILE)
    with numpy.load(exported, allow_pickle=False) as fresh, \
            numpy.load(shipped_model_dir() / ARRAYS_FILE, allow_pickle=False) as shipped:
        assert sorted(fresh.files) == sorted(shipped.files)
        for name in fresh.files:
            assert numpy.array_equal(fresh[name], shipped[name]), name
    # the same model gives the same bytes (a fixed date in the archive)
    again = export_pipeline(shipped_pipeline, tmp_path / "again.npz")
    assert again.read_bytes() == exported.read_bytes()


@pytest.mark.parametrize("analyzer,ngram_range,lowercase", [
    ("char_wb", (1, 4), False), ("char_wb", (2, 3), True), ("char_wb", (3, 3), False),
    ("char", (1, 3), False), ("char", (2, 5), True),
    ("word", (1, 2), True), ("word", (1, 1), False), ("word", (2, 3), True)])
def test_the_analyzers_split_text_as_scikit_learn_does(analyzer, ngram_range, lowercase):
    feature_extraction = pytest.importorskip("sklearn.feature_extraction.text")
    pattern = r"(?u)[^\s,.!?।॥;:\"'“”‘’()]+"
    vectorizer = feature_extraction.TfidfVectorizer(analyzer=analyzer, ngram_range=ngram_range,
                                                    lowercase=lowercase, token_pattern=pattern)
    reference = vectorizer.build_analyzer()
    for text in ODD_TEXTS + _source_texts()[:300]:
        if analyzer == "word":
            ours = word_ngrams(text, ngram_range, pattern, lowercase)
        else:
            prepared = text.lower() if lowercase else text
            ours = (char_wb_ngrams if analyzer == "char_wb" else char_ngrams)(prepared, ngram_range)
        assert ours == reference(text), text


# --------------------------------------------------------------------------- other pipelines

def _fit(examples: list[tuple[str, str]], features: list) -> object:
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import make_pipeline, make_union

    texts, tiers = zip(*examples)
    return make_pipeline(make_union(*features), LogisticRegression(max_iter=500)).fit(list(texts), list(tiers))


EXAMPLES = [("तुम कल आओगे?", "familiar"), ("आप कल आइएगा।", "formal"), ("तू इधर आ।", "intimate"),
            ("তুমি কোথায়?", "familiar"), ("আপনি বসুন।", "formal"), ("তুই খা।", "intimate"),
            ("सर, फ़ाइल तैयार है।", "formal"), ("कल [MASK] आना।", "familiar"), ("tum kahan ho", "familiar"),
            ("aap baithiye", "formal")]
PROBES = ODD_TEXTS + [text for text, _ in EXAMPLES] + ["बिलकुल नया वाक्य", "কাল [MASK] আসবে"]


def test_a_two_class_model_and_a_char_analyzer_export_exactly(tmp_path):
    text = pytest.importorskip("sklearn.feature_extraction.text")
    binary = [(t, "formal" if tier == "formal" else "familiar") for t, tier in EXAMPLES]
    models = {
        "two classes": _fit(binary, [text.TfidfVectorizer(analyzer="char_wb", ngram_range=(1, 3))]),
        "char, no norm": _fit(EXAMPLES, [text.TfidfVectorizer(analyzer="char", ngram_range=(2, 4), norm=None,
                                                              sublinear_tf=False, lowercase=True)]),
    }
    for name, pipeline in models.items():
        arrays = NgramArrays.load(export_pipeline(pipeline, tmp_path / f"{name}.npz", replace=[]))
        assert list(arrays.classes_) == list(pipeline.classes_)
        difference = numpy.abs(arrays.predict_proba(PROBES) - pipeline.predict_proba(PROBES)).max()
        assert difference <= 1e-9, name


def test_a_pipeline_the_arrays_cannot_reproduce_is_refused(tmp_path):
    text = pytest.importorskip("sklearn.feature_extraction.text")
    for vectorizer in (text.TfidfVectorizer(binary=True), text.TfidfVectorizer(strip_accents="unicode"),
                       text.TfidfVectorizer(use_idf=False), text.TfidfVectorizer(norm="l1")):
        with pytest.raises(ArraysError, match="cannot be exported"):
            export_pipeline(_fit(EXAMPLES, [vectorizer]), tmp_path / "x.npz")
    assert not (tmp_path / "x.npz").exists()


def test_a_model_trained_now_writes_arrays_with_its_pipelines_predictions(tmp_path):
    pytest.importorskip("sklearn")
    from honorifics.classifiers.cli import train_main
    from honorifics.classifiers.ngram import load_pipeline, probabilities

    data = REPO / "tests" / "data" / "classifier" / "tiny_labelled.jsonl"
    assert train_main(["--model-type", "ngram", "--train", str(data), "--out", str(tmp_path / "m"),
                       "--dev-fraction", "0.3"]) == 0
    arrays = NgramArrays.load(tmp_path / "m" / ARRAYS_FILE)
    texts = PROBES + [json.loads(line)["text"] for line in data.read_text("utf-8").splitlines() if line.strip()]
    reference = probabilities(load_pipeline(tmp_path / "m"), texts)
    assert numpy.abs(arrays.probabilities(texts, LABELS) - reference).max() <= 1e-9
    assert "`ngram.npz`" in (tmp_path / "m" / "README.md").read_text("utf-8")   # the model card says so


# --------------------------------------------------------------------------- loading

def test_the_arrays_file_holds_no_pickle_and_the_shipped_model_is_package_data():
    directory = shipped_model_dir()
    assert directory == REPO / "honorifics" / "classifiers" / "shipped" or "site-packages" in str(directory)
    assert {ARRAYS_FILE, SETTINGS_FILE, "README.md"} <= {path.name for path in directory.iterdir()}
    with zipfile.ZipFile(directory / ARRAYS_FILE) as archive:
        assert all(name.endswith(".npy") for name in archive.namelist())
    with numpy.load(directory / ARRAYS_FILE, allow_pickle=False) as arrays:   # no object arrays
        assert all(arrays[name].dtype != object for name in arrays.files)
    card = (directory / "README.md").read_text("utf-8")
    assert "| source | licence | attribution |" in card and "CC BY-SA 4.0" in card


def test_a_damaged_arrays_file_or_an_old_folder_without_scikit_learn_is_one_reason(tmp_path):
    folder = tmp_path / "model"
    folder.mkdir()
    (folder / SETTINGS_FILE).write_text('{"model_type": "ngram", "threshold": 0.9}', "utf-8")
    (folder / ARRAYS_FILE).write_bytes((shipped_model_dir() / ARRAYS_FILE).read_bytes()[:5000])
    fallback, message = load_fallback(folder)
    assert fallback is None and message.startswith(f"tier classifier off: cannot load {folder / ARRAYS_FILE}: ")
    assert "\n" not in message
    numpy.savez(folder / ARRAYS_FILE, header=numpy.array('{"format": "something else"}'))
    assert "not an honorifics-ngram file" in load_fallback(folder)[1]
    # a folder from before the export (ngram.joblib only), where scikit-learn is missing
    (folder / ARRAYS_FILE).unlink()
    (folder / "ngram.joblib").write_bytes(b"")
    code = ("import sys\nsys.modules['sklearn'] = None\n"
            "from honorifics.classifiers.fallback import load_fallback\n"
            f"print(load_fallback({str(folder)!r})[1])\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        f"tier classifier off: {folder} has no ngram.npz (numpy) and its ngram.joblib needs sklearn, which is "
        f"not installed (pip install 'honorifics[classifier]'; then 'python -m honorifics.classifiers.ngram_arrays "
        f"{folder}' writes ngram.npz)")


def test_exporting_an_old_folder_writes_its_arrays(tmp_path):
    pytest.importorskip("sklearn")
    from honorifics.classifiers.ngram_arrays import main

    folder = tmp_path / "old"
    folder.mkdir()
    for name in ("ngram.joblib", SETTINGS_FILE):
        (folder / name).write_bytes((shipped_model_dir() / name).read_bytes())
    assert main([str(folder)]) == 0
    assert (folder / ARRAYS_FILE).read_bytes() == (shipped_model_dir() / ARRAYS_FILE).read_bytes()
    assert main([str(tmp_path / "nothing")]) == 2


# --------------------------------------------------------------------------- every install runs it

NO_SCIKIT_LEARN = "import sys\nfor name in ('sklearn', 'joblib'):\n    sys.modules[name] = None\n"


def _analyze_without_scikit_learn(python: str, out: Path, cwd: Path, env: dict | None = None):
    """The README's first command, `honorifics analyze examples/outputs.jsonl --out DIR --report`,
    in a Python where scikit-learn and joblib cannot be imported."""
    code = (NO_SCIKIT_LEARN + "from honorifics.commands import main\n"
            f"code = main(['analyze', {str(REPO / 'examples' / 'outputs.jsonl')!r}, '--out', {str(out)!r}, "
            "'--report'])\n"
            "import honorifics\n"
            "print(honorifics.__file__)\n"
            "print('honorifics.classifiers.ngram_arrays' in sys.modules)\n"
            "sys.exit(code)\n")
    return subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=300, cwd=cwd,
                          env=env or {**os.environ, "PYTHONPATH": str(REPO)})


def test_the_readme_command_runs_the_fallback_without_scikit_learn(tmp_path):
    pytest.importorskip("matplotlib")
    done = _analyze_without_scikit_learn(sys.executable, tmp_path / "results", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "tier classifier off" not in done.stderr and "not installed" not in done.stderr
    assert done.stdout.splitlines()[-1] == "True"   # the fallback was asked (and loaded)
    assert (tmp_path / "results" / "report.html").is_file()


@pytest.mark.wheel
def test_a_wheel_installed_in_a_fresh_venv_has_the_classifier(tmp_path):
    """`pip wheel .`, the wheel installed in a new venv (its core dependencies from this Python:
    --system-site-packages, nothing downloaded), then the README's first command there with
    scikit-learn blocked: the fallback runs from the installed package data, and the analysis is
    the same as the source tree's."""
    import shutil

    pytest.importorskip("setuptools")
    pytest.importorskip("wheel")
    pytest.importorskip("matplotlib")
    source = tmp_path / "src"   # a copy: building never writes into the shared source tree
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(REPO / name, source / name)
    shutil.copytree(REPO / "honorifics", source / "honorifics",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "_compiled.json"))
    env = {**os.environ, "HONORIFICS_NO_COMPILE": "1", "PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "--no-build-isolation",
                            "-w", str(tmp_path / "dist"), "-q"], capture_output=True, text=True, timeout=300,
                           env=env, cwd=tmp_path)
    if built.returncode != 0 and ("No module named pip" in built.stderr or "network" in built.stderr.lower()):
        pytest.skip(f"pip wheel cannot run offline here: {built.stderr.strip().splitlines()[-1]}")
    assert built.returncode == 0, built.stderr
    wheel, = (tmp_path / "dist").glob("honorifics-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        shipped = {Path(name).name for name in archive.namelist() if "/classifiers/shipped/" in name}
    assert shipped == {ARRAYS_FILE, SETTINGS_FILE, "README.md"}   # not the scikit-learn pickle

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=300)
    python = str(venv / "bin" / "python")
    installed = subprocess.run([python, "-m", "pip", "install", "--no-deps", "--ignore-installed", "-q", str(wheel)],
                               capture_output=True, text=True, timeout=300, env=env)
    assert installed.returncode == 0, installed.stderr
    done = _analyze_without_scikit_learn(python, tmp_path / "results", tmp_path, env)
    assert done.returncode == 0, done.stderr
    module_file, asked = done.stdout.splitlines()[-2:]
    assert module_file.startswith(str(venv)), module_file   # the wheel's package, not this tree
    assert asked == "True"
    assert "tier classifier off" not in done.stderr and "not installed" not in done.stderr
    here = _analyze_without_scikit_learn(sys.executable, tmp_path / "here", tmp_path)
    assert here.returncode == 0, here.stderr
    assert (tmp_path / "results" / "analysis.jsonl").read_bytes() == (tmp_path / "here" / "analysis.jsonl").read_bytes()
