"""The names `honorifics` exports: each one the object of its home module, loaded on first use."""
import json
import subprocess
import sys

import pytest

HEAVY = ("torch", "transformers", "sklearn", "stanza", "sentence_transformers")


def test_the_classes_of_the_api_are_exported():
    import honorifics
    from honorifics import inputs, pipeline, records
    from honorifics import Analyzer, InputError, RecordAnalysis
    assert Analyzer is pipeline.Analyzer
    assert RecordAnalysis is records.RecordAnalysis
    assert InputError is inputs.InputError and issubclass(InputError, ValueError)
    for name in ("Analyzer", "RecordAnalysis", "InputError"):
        assert name in honorifics.__all__


def test_every_name_in_all_resolves():
    import honorifics
    for name in honorifics.__all__:
        assert getattr(honorifics, name) is not None, name
    with pytest.raises(AttributeError):
        honorifics.no_such_name   # noqa: B018


def test_the_exported_analyzer_gives_a_record_analysis():
    from honorifics import Analyzer, RecordAnalysis
    result = Analyzer(use_classifier=False).analyze_object({"text": "तू कहाँ जा रहा है?", "language": "hi"}, 1)
    assert isinstance(result, RecordAnalysis) and result.tier == "intimate"
    bad = Analyzer(use_classifier=False).analyze_object({"text": ""}, 7)
    assert bad.status == "error" and bad.line == 7


def test_importing_the_package_stays_light():
    """`import honorifics` loads no ML library and not the pipeline; the exports load no ML library."""
    code = ("import json, sys, honorifics\n"
            "before = sorted(m for m in sys.modules if m.split('.')[0] in %r)\n"
            "pipeline = 'honorifics.pipeline' in sys.modules\n"
            "honorifics.Analyzer, honorifics.RecordAnalysis, honorifics.InputError\n"
            "after = sorted(m for m in sys.modules if m.split('.')[0] in %r)\n"
            "print(json.dumps([before, pipeline, after]))\n") % (HEAVY, HEAVY)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    before, pipeline, after = json.loads(out.strip().splitlines()[-1])
    assert before == [] and pipeline is False and after == []
