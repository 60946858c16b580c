"""The examples in the core modules' docstrings are run, so they stay true."""
import doctest
import importlib

import pytest

MODULES = ["honorifics.tiers", "honorifics.extraction.normalize", "honorifics.extraction.evidence",
           "honorifics.pipeline", "honorifics.frames", "honorifics.records", "honorifics.scale",
           "honorifics.extraction.prefilter", "honorifics.extraction.addressees",
           "honorifics.extraction.genericity"]


def _module(name: str):
    """The module, or its .py source when it runs compiled (mypyc keeps no docstrings)."""
    import honorifics
    from honorifics import _accel
    if honorifics.compiled() and name in _accel.COMPILED_MODULES:
        return _accel.load_source(name)
    return importlib.import_module(name)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0 or name == "honorifics.records"
