"""The shapes input lines come in, read in one place.

* :mod:`.fields` — the fields a generation record's text may be in;
* :mod:`.batch` — OpenAI batch results, chat lines and failed generations →
  generation records (``honorifics.inputs`` reads every input line through it;
  ``import-results`` and the generation backends use it too).

Nothing here imports the pipeline, :mod:`honorifics.inputs` or the generation
package: they import this.
"""
