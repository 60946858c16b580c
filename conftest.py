"""With the mypyc-compiled modules active (setup.py, honorifics/_accel.py),
``--doctest-modules`` runs their docstring examples from the .py sources:
a compiled module keeps no docstrings, and pytest would refuse it as a
module whose file is not the .py it collects."""
from pathlib import Path

import pytest


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path: Path, parent):
    collected = yield
    from _pytest.doctest import DoctestModule

    import honorifics
    from honorifics import _accel
    if not honorifics.compiled() or not collected:
        return collected
    by_path = {Path(_accel.module_path(m, ".py")): m for m in _accel.COMPILED_MODULES}
    name = by_path.get(Path(file_path).resolve())
    if name is None:
        return collected

    class SourceDoctestModule(DoctestModule):
        def _getobj(self):
            return _accel.load_source(name)

    # A compiled module named on the command line (pytest honorifics/pipeline.py) is also
    # offered as a test module; it holds no tests, and importing it by path would clash.
    return [SourceDoctestModule.from_parent(parent, path=file_path) if isinstance(item, DoctestModule) else item
            for item in collected if type(item) is not pytest.Module]
