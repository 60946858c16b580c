"""The optional mypyc build (setup.py, honorifics/_accel.py): the compiled and
the pure-Python rule paths write the same bytes, HONORIFICS_PURE_PYTHON=1
forces the .py sources, and a build whose sources changed is never run.

The tests that need the compiled modules skip when the package runs pure
Python (installed without a C compiler or with HONORIFICS_NO_COMPILE=1); the
golden hashes (test_core_identical_output.py) hold on either path.
"""
import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import honorifics
from honorifics import _accel

ROOT = Path(__file__).resolve().parent.parent
# (probe_dev too: its stories reach the narrative frames, where a name mypyc typed twice once broke only the
# compiled path)
CORPORA = ["examples/outputs.jsonl", "tests/data/real_llm/real_llm_dev.jsonl", "data/dev_dialogues.jsonl",
           "data/bn_literature_dialogue.jsonl", "data/probe_dev.jsonl"]
needs_build = pytest.mark.skipif(not honorifics.compiled(), reason=f"rule path: {honorifics.implementation()}")

PROBE = ("import importlib, json, honorifics; from honorifics import _accel; "
         "print(json.dumps([honorifics.compiled(), honorifics.implementation(), "
         "[importlib.import_module(m).__file__ for m in _accel.COMPILED_MODULES]]))")


def _environment(pure: bool, pythonpath: Path | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HONORIFICS_")}
    if pure:
        env[_accel.PURE_ENV] = "1"
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return env


def _probe(pure: bool, pythonpath: Path | None = None) -> tuple[bool, str, list[str], str]:
    done = subprocess.run([sys.executable, "-c", PROBE], env=_environment(pure, pythonpath), cwd=pythonpath or ROOT,
                          capture_output=True, text=True, check=True)
    compiled, detail, files = json.loads(done.stdout)
    return compiled, detail, files, done.stderr


def test_forcing_pure_python_loads_every_module_from_its_source():
    compiled, detail, files, _ = _probe(pure=True)
    assert not compiled and "HONORIFICS_PURE_PYTHON" in detail
    assert all(f.endswith(".py") for f in files), files


@needs_build
def test_the_compiled_path_loads_extension_modules():
    compiled, detail, files, stderr = _probe(pure=False)
    assert compiled and detail == "compiled (mypyc)" and stderr == ""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    assert all(f.endswith(suffixes) and Path(f).exists() for f in files), files


@needs_build
@pytest.mark.parametrize("corpus", CORPORA)
def test_compiled_and_pure_cli_write_identical_bytes(corpus, tmp_path):
    outputs = {}
    for pure in (False, True):
        out = tmp_path / ("pure" if pure else "compiled")
        subprocess.run([sys.executable, "-m", "honorifics.cli", str(ROOT / corpus), "--out", str(out),
                        "--quiet", "--no-classifier"], env=_environment(pure), cwd=ROOT, check=False)
        outputs[pure] = ((out / "analysis.jsonl").read_bytes(), (out / "summary.json").read_bytes())
    assert outputs[False][0] and outputs[False] == outputs[True]


@needs_build
def test_a_build_whose_source_changed_is_not_used(tmp_path):
    """A copy of the built package runs compiled; after a .py edit, pure Python for all (one warning)."""
    suffix = json.loads(Path(_accel.PACKAGE_DIR, _accel.MANIFEST).read_text("utf-8"))["ext_suffix"]
    shutil.copytree(_accel.PACKAGE_DIR, tmp_path / "honorifics", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(_accel.group_library(suffix), tmp_path)
    compiled, _, files, stderr = _probe(pure=False, pythonpath=tmp_path)
    assert compiled and stderr == "" and all(f.startswith(str(tmp_path)) for f in files)

    edited = Path(_accel.module_path("honorifics.extraction.tokens", ".py", str(tmp_path / "honorifics")))
    edited.write_text(edited.read_text("utf-8") + "\n# edited after the build\n", "utf-8")
    compiled, detail, files, stderr = _probe(pure=False, pythonpath=tmp_path)
    assert not compiled and detail == "pure Python (stale build)"
    assert all(f.endswith(".py") for f in files), files
    assert len(stderr.splitlines()) == 1 and "extraction/tokens.py" in stderr and "pure-Python" in stderr

    (tmp_path / "honorifics" / _accel.MANIFEST).unlink()   # extension modules nobody recorded
    compiled, _, files, stderr = _probe(pure=False, pythonpath=tmp_path)
    assert not compiled and all(f.endswith(".py") for f in files) and len(stderr.splitlines()) == 1


def test_the_version_line_names_the_rule_path():
    done = subprocess.run([sys.executable, "-m", "honorifics.cli", "--version"], env=_environment(pure=True),
                          cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.startswith("analyze-generations ") and "rule path: pure Python" in done.stdout


WRITTEN_OUT_INITS = [("honorifics.records", name) for name in
                     ("Evidence", "SpeakerTurn", "SpeakerResult", "RecordAnalysis", "RecordContext")] + [
    ("honorifics.inputs", "InputRecord"), ("honorifics.inputs", "ReadLine"), ("honorifics.extraction.turns", "RawTurn"),
    ("honorifics.extraction.evidence", "UtteranceEvidence"), ("honorifics.extraction.tokens", "TokenColumns")]


@pytest.mark.parametrize("module, name", WRITTEN_OUT_INITS)
def test_written_out_inits_take_the_dataclass_fields_in_order_with_their_defaults(module, name):
    """Hot dataclasses write their __init__ out (init=False; compiled, a dataclass-made
    __init__ would run as Python): it must stay the one the fields declare."""
    import dataclasses
    import importlib
    import inspect

    source = _accel.load_source(module) if honorifics.compiled() else importlib.import_module(module)
    cls = getattr(source, name)
    parameters = list(inspect.signature(cls.__init__).parameters.values())[1:]
    fields = dataclasses.fields(cls)
    assert [p.name for p in parameters] == [f.name for f in fields]
    required = 0
    for parameter, field in zip(parameters, fields):
        if field.default is not dataclasses.MISSING:
            assert parameter.default == field.default, field.name
        elif field.default_factory is not dataclasses.MISSING:
            assert parameter.default is None, field.name
        else:
            assert parameter.default is inspect.Parameter.empty, field.name
            required += 1
    first, second = cls(*[None] * required), cls(*[None] * required)
    for field in fields:   # every field set, and each instance gets its own empty containers
        value = getattr(first, field.name)
        if field.default_factory is not dataclasses.MISSING:
            assert value == field.default_factory() and value is not getattr(second, field.name)
