"""The tier classifier's classes and mask string, shared by training and the runtime fallback.

Kept apart from :mod:`honorifics.classifiers.corpus` so that loading the fallback
in the analyzer never imports the corpus builder (or anything it needs).

>>> LABELS
('intimate', 'familiar', 'formal', 'none')
"""
from __future__ import annotations

from honorifics.tiers import NONE, TIERS

#: Class labels of the classifier, in the order of its output units.
LABELS: tuple[str, ...] = TIERS + (NONE,)
#: The string that replaces a masked evidence span in corpus text. At training and
#: prediction time it is mapped to the tokenizer's own mask token.
MASK_TOKEN = "[MASK]"
#: Name of the file, next to the weights, that records labels, calibration and threshold.
SETTINGS_FILE = "tier_classifier.json"
#: ``model_type`` values in that file.
ENCODER = "encoder"
NGRAM = "ngram"
#: File name of the fitted n-gram pipeline in a model directory.
NGRAM_FILE = "ngram.joblib"
#: What the mask string becomes before n-gram featurisation: one symbol no script uses,
#: so ``[MASK]`` does not add Latin n-grams (``MAS``, ``ASK``) shared with romanized text.
MASK_SYMBOL = "\u2588"
MODEL_TYPES: tuple[str, ...] = (NGRAM, ENCODER)
