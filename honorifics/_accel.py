"""Which implementation of the rule path runs: the mypyc-compiled extension
modules (an optional build, see ``setup.py``) or the pure-Python sources.

The compiled modules are the unchanged ``.py`` files of ``COMPILED_MODULES``
built by mypyc, next to their sources. This module is never compiled; it
decides once, when ``honorifics`` is imported (before any compiled module):

* ``HONORIFICS_PURE_PYTHON=1`` forces the ``.py`` sources;
* a build whose sources changed since (each source's hash is recorded at build
  time in ``_compiled.json``), built for another interpreter, or incomplete is
  never used: one warning line, then pure Python for ALL the modules, so an
  edited ``.py`` never silently runs as its stale extension;
* otherwise the extension modules load (Python's import prefers them).

On the pure path, when extension modules are there, an import hook serves the
``.py`` file for each module of ``COMPILED_MODULES`` so that they are not loaded.

Standard library only, no relative imports: ``setup.py`` loads this file on
its own for the module list.
"""
from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys

#: the modules mypyc compiles (the hot rule path; see setup.py)
COMPILED_MODULES = (
    "honorifics.records",
    "honorifics.inputs",
    "honorifics.pipeline",
    "honorifics.extraction.normalize",
    "honorifics.extraction.tokens",
    "honorifics.extraction.lexicon",
    "honorifics.extraction.evidence",
    "honorifics.extraction.turns",
    "honorifics.extraction.speakers",
    "honorifics.extraction.narrative",
    "honorifics.extraction.out_of_character",
    "honorifics.extraction.layout",
    "honorifics.extraction.clauses",
    "honorifics.extraction.addressees",
    "honorifics.extraction.prefilter",
    "honorifics.extraction.genericity",
    "honorifics.summary",
)
#: mypyc's shared library holding the code of all of them, ``<GROUP>__mypyc``: top-level,
#: beside the package (mypyc derives the compiled modules' ``__file__`` from its place)
GROUP = "honorifics_rules"
MANIFEST = "_compiled.json"
PURE_ENV = "HONORIFICS_PURE_PYTHON"
_WARNED_ENV = "HONORIFICS_STALE_BUILD_WARNED"   # one warning per run, not one per child process
PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))

_state = {"compiled": False, "detail": "pure Python (not compiled)"}


def module_path(module: str, suffix: str, root: str = PACKAGE_DIR) -> str:
    """File of a module of this package with a suffix ('.py' or an extension suffix)."""
    return os.path.join(root, *module.split(".")[1:]) + suffix


def group_library(suffix: str, root: str = PACKAGE_DIR) -> str:
    """File of mypyc's shared library (beside the package directory ``root``)."""
    return os.path.join(os.path.dirname(root), GROUP + "__mypyc" + suffix)


def source_hash(path: str) -> str:
    with open(path, "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()


def manifest(ext_suffix: str, root: str = PACKAGE_DIR) -> dict:
    """What a build records beside its extension modules (written by setup.py)."""
    return {"ext_suffix": ext_suffix, "group": GROUP,
            "modules": {m: source_hash(module_path(m, ".py", root)) for m in COMPILED_MODULES}}


def _environment_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


def _extensions_present() -> bool:
    """Is there an extension module beside a compiled module's source (which Python would load)?"""
    return any(os.path.exists(module_path(m, s)) for m in COMPILED_MODULES
               for s in importlib.machinery.EXTENSION_SUFFIXES)


def _decide() -> tuple[bool, str, str | None]:
    """(use the compiled modules, description, warning or None)."""
    if _environment_flag(PURE_ENV):
        return False, f"pure Python ({PURE_ENV} is set)", None
    path = os.path.join(PACKAGE_DIR, MANIFEST)
    if not os.path.exists(path):
        if _extensions_present():
            return False, "pure Python (extension modules without a build record)", \
                "extension modules without a build record (_compiled.json)"
        return False, "pure Python (not compiled)", None
    try:
        with open(path, encoding="utf-8") as handle:
            built = json.load(handle)
        suffix = built["ext_suffix"]
        hashes = built["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return False, "pure Python (unreadable build record)", "an unreadable build record (_compiled.json)"
    if suffix not in importlib.machinery.EXTENSION_SUFFIXES:
        return False, "pure Python (compiled for another Python)", None
    if set(hashes) != set(COMPILED_MODULES):
        return False, "pure Python (stale build)", "a build of another module list"
    missing = [m for m in COMPILED_MODULES if not os.path.exists(module_path(m, suffix))]
    if missing or not os.path.exists(group_library(suffix)):
        return False, "pure Python (incomplete build)", "an incomplete build (extension modules missing)"
    try:
        changed = [m for m in COMPILED_MODULES if source_hash(module_path(m, ".py")) != hashes[m]]
    except OSError:
        return False, "pure Python (stale build)", "a build whose sources are missing"
    if changed:
        files = ", ".join(os.path.relpath(module_path(m, ".py"), PACKAGE_DIR) for m in changed)
        return False, "pure Python (stale build)", f"sources changed since the build ({files})"
    return True, "compiled (mypyc)", None


class _SourceFinder:
    """Import hook of the pure path: the .py source for each compiled module."""

    def __init__(self, modules) -> None:
        self.modules = frozenset(modules)

    def find_spec(self, name, path=None, target=None):
        if name not in self.modules:
            return None
        return importlib.util.spec_from_file_location(name, module_path(name, ".py"))

    def invalidate_caches(self) -> None:
        pass


def activate() -> None:
    """Decide which path runs and set it up (called once by honorifics/__init__.py)."""
    compiled, detail, warning = _decide()
    if compiled:
        try:   # a build that cannot load (missing library, other libc) is not used either
            importlib.import_module(GROUP + "__mypyc")
        except ImportError as error:
            compiled, detail, warning = False, "pure Python (compiled modules do not load)", \
                f"compiled modules do not load ({error})"
    if warning and not _environment_flag(_WARNED_ENV):
        print(f"honorifics: {warning}: running the pure-Python modules; rebuild with "
              f"`pip install -e .` or `python setup.py build_ext --inplace`", file=sys.stderr)
        os.environ[_WARNED_ENV] = "1"
    if not compiled and _extensions_present() and not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder(COMPILED_MODULES))
    _state.update(compiled=compiled, detail=detail)


def compiled() -> bool:
    """True when the rule path runs the mypyc-compiled modules."""
    return bool(_state["compiled"])


def implementation() -> str:
    """'compiled (mypyc)' or 'pure Python (why)'."""
    return str(_state["detail"])


def load_source(module: str):
    """The .py source of ``module`` run as a module of its own, named
    ``<module>_source`` (its relative imports get the package's modules):
    mypyc drops docstrings, so the compiled path's doctests run from the
    sources (tests/test_core_doctests.py, the root conftest.py)."""
    name = module + "_source"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, module_path(module, ".py"))
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[name] = loaded   # doctest finds the examples of the module its objects name
        try:
            spec.loader.exec_module(loaded)
        except BaseException:
            del sys.modules[name]
            raise
    return sys.modules[name]
