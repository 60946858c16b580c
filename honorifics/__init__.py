"""honorifics: how LLMs address people in Hindi and Bangla.

Public API (the CLI is a thin layer over these)::

    import honorifics
    result = honorifics.analyze_text("आप यहाँ बैठो।", language="hi")   # a RecordAnalysis
    result.tier                      # 'formal'
    result.agreement_errors          # 1
    for record in honorifics.analyze_records(dicts): ...
    frame = honorifics.speakers_frame(records)   # one row per speaker (pandas)
    out = honorifics.analyze_frame(df, text_col="text")  # a partition: Dask, Spark, Ray (scale.py)
    analyzer = honorifics.Analyzer(use_classifier=False)   # shared settings (scenario bank, classifier)
    analyzer.analyze_object({"text": "तू कहाँ है?", "language": "hi"}).tier   # 'intimate'
    honorifics.InputError            # a line that cannot be analysed (a ValueError; its one-line reason)
    honorifics.compiled()            # True when the mypyc-compiled rule modules run (_accel.py)

These names are imported on first use: ``import honorifics`` loads no lexicon and
no ML library.
"""
from __future__ import annotations

__version__ = "0.1.0"

# Before any compiled module is imported: the mypyc build or the .py sources
# (HONORIFICS_PURE_PYTHON=1 forces the sources; a stale build is never used).
from . import _accel  # noqa: E402
_accel.activate()
from ._accel import compiled, implementation  # noqa: E402

from .tiers import TIERS, OUTCOMES, parse_tier, parse_tiers  # noqa: E402

__all__ = ["__version__", "compiled", "implementation", "TIERS", "OUTCOMES", "parse_tier", "parse_tiers",
           "analyze_text", "analyze_records", "analyze_file", "speakers_frame", "turns_frame",
           "analyze_frame", "Analyzer", "RecordAnalysis", "InputError"]


def __getattr__(name):
    # Keep `import honorifics` cheap: the pipeline loads lexicons on first use.
    if name in {"analyze_text", "analyze_records", "analyze_file", "Analyzer"}:
        from . import pipeline
        return getattr(pipeline, name)
    if name in {"speakers_frame", "turns_frame"}:
        from . import frames
        return getattr(frames, name)
    if name == "RecordAnalysis":
        from .records import RecordAnalysis
        return RecordAnalysis
    if name == "InputError":
        from .inputs import InputError
        return InputError
    if name == "analyze_frame":
        from . import scale
        return scale.analyze_frame
    raise AttributeError(f"module 'honorifics' has no attribute {name!r}")
