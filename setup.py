"""Optional mypyc build of the rule path's hot modules (the metadata is in pyproject.toml).

``pip install -e .`` compiles the unchanged ``.py`` files listed in
``honorifics/_accel.py`` (COMPILED_MODULES) with mypyc, in place for an
editable install. The build is OPTIONAL: with ``HONORIFICS_NO_COMPILE=1``, or
when mypyc or the C compiler fails, one line says so and the install goes on
with the pure-Python modules (the same source files). At run time
``honorifics/_accel.py`` picks the compiled modules only while their sources
are unchanged since the build (hashes in ``honorifics/_compiled.json``).
"""
from __future__ import annotations

import importlib.util
import json
import os
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
NO_COMPILE_ENV = "HONORIFICS_NO_COMPILE"


def _accel():
    spec = importlib.util.spec_from_file_location("_honorifics_accel", ROOT / "honorifics" / "_accel.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ACCEL = _accel()


def _say(message: str) -> None:
    # pip shows a build backend's output only with -v; stderr lines reach the log either way
    print(f"honorifics: {message}", file=sys.stderr, flush=True)


class OptionalMypycBuild(build_ext):
    """build_ext whose placeholder extension becomes mypyc's extensions, and
    whose failure leaves the pure-Python package (nothing half-built)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        if os.environ.get(NO_COMPILE_ENV, "").strip().lower() not in ("", "0", "false", "no"):
            self._remove_outputs()   # nor an earlier build in place
            self.extensions = []
            _say(f"{NO_COMPILE_ENV} is set: not compiling, the pure-Python modules are used")
            return
        try:
            # mypyc type-checks and writes the C sources only now (not for egg_info's file list)
            self._prepare(self._mypycify())
            super().run()
            self._write_manifests()
        except BaseException as error:   # mypyc exits on a type error; no C compiler, a compile error …
            if isinstance(error, KeyboardInterrupt):
                raise
            self._remove_outputs()
            self.extensions = []
            _say(self._failure(error))

    def _prepare(self, extensions: list) -> None:
        """Take mypyc's extensions as setuptools' build_ext.finalize_options takes the
        distribution's (plain extensions: no shared-library stubs)."""
        self.check_extensions_list(extensions)
        self.distribution.ext_modules = self.extensions = extensions
        for ext in extensions:
            ext._full_name = self.get_ext_fullname(ext.name)
            self.ext_map[ext._full_name] = self.ext_map[ext._full_name.split(".")[-1]] = ext
            ext._links_to_dynamic = ext._needs_stub = False
            ext._file_name = self.get_ext_filename(ext._full_name)

    @staticmethod
    def _failure(error: BaseException) -> str:
        reason = " ".join(str(error).split())[:200] or type(error).__name__
        return f"compiling with mypyc failed ({type(error).__name__}: {reason}): the pure-Python modules are used"

    @staticmethod
    def _mypycify() -> list:
        from mypyc.build import mypycify

        os.chdir(ROOT)   # mypyc writes its C sources under build/ and reads the sources by relative path
        paths = [str(Path(*m.split(".")).with_suffix(".py")) for m in ACCEL.COMPILED_MODULES]
        # the other modules of the package (and numpy, pandas …) are not followed: Any for mypyc
        options = ["--follow-imports=skip", "--ignore-missing-imports"]
        return mypycify([*options, *paths], opt_level="3", group_name=ACCEL.GROUP, verbose=False)

    def _bases(self) -> list[Path]:
        """Where the extension modules go: the build directory, and the sources when in place."""
        in_place = self.inplace or getattr(self, "editable_mode", False)
        return [Path(self.build_lib), *([ROOT] if in_place else [])]

    def _roots(self) -> list[Path]:
        return [base / "honorifics" for base in self._bases()]

    def _outputs(self) -> list[Path]:
        names = [ACCEL.GROUP + "__mypyc", *ACCEL.COMPILED_MODULES]
        return [base / self.get_ext_filename(name) for base in self._bases() for name in names]

    def _write_manifests(self) -> None:
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        for root in self._roots():
            if Path(ACCEL.group_library(suffix, str(root))).exists() and \
                    all(Path(ACCEL.module_path(m, suffix, str(root))).exists() for m in ACCEL.COMPILED_MODULES):
                # hashes of the sources this build compiled (the in-place sources)
                record = ACCEL.manifest(suffix, str(ROOT / "honorifics"))
                (root / ACCEL.MANIFEST).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")

    def _remove_outputs(self) -> None:
        for path in [*self._outputs(), *(root / ACCEL.MANIFEST for root in self._roots())]:
            try:
                path.unlink()
            except (OSError, ValueError):
                pass


setup(
    # a placeholder, replaced by mypyc's extensions when build_ext runs: it marks the
    # wheel as platform-specific and makes setuptools run build_ext at all
    ext_modules=[Extension(ACCEL.GROUP + "__mypyc", sources=[])],
    cmdclass={"build_ext": OptionalMypycBuild},
)
