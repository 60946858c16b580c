"""The examples in the core modules' docstrings are run, so they stay true."""
import doctest
import importlib

import pytest

MODULES = ["honorifics.tiers", "honorifics.extraction.normalize", "honorifics.extraction.evidence",
           "honorifics.pipeline", "honorifics.frames", "honorifics.model", "honorifics.scale"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0 or name == "honorifics.model"
