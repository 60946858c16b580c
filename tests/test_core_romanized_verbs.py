"""Romanized Hindi and Bangla read the 2nd-person verbs of the native lexicons' roots: the
familiar imperative -o on a known verb root (``utaro``, ``chadho``, ``badlo``; Banglish
``haso``, ``tano``) and, in Banglish, -ao on a causative root (``namao``, ``ghumao``), as -ो and
-াও are read in native script. Loanwords and names in -o (``photo``, ``video``, ``todo``,
``mango``) and the idiom ``ki kando`` ("what a thing") are not verbs. Each case on new sentences
with a control; none comes from a blind set.
"""
from __future__ import annotations

import pytest

from honorifics import analyze_text


@pytest.mark.parametrize("language, text, forms", [
    ("hi", "Bhaiya, yeh bag utaro aur gaadi mein chadho.", ["utaro", "chadho"]),
    ("hi", "Pehle kapde badlo, phir khana banao.", ["badlo", "banao"]),
    ("bn", "Bag ta namao, tarpor jama ta bodlao.", ["namao", "bodlao"]),
    ("bn", "Eto bhebo na, ektu haso, dori ta tano.", ["haso", "tano"]),
])
def test_the_familiar_imperative_of_a_known_root(language, text, forms):
    result = analyze_text(text, language)
    assert result.tier == "familiar"
    assert [e.text for t in result.turns for e in t.evidence if e.tier == "familiar"][-len(forms):] == forms


@pytest.mark.parametrize("language, text", [
    ("hi", "Photo mast hai, video bhi dekh liya."),
    ("hi", "Todo list ready hai, hello bhi likha hai."),
    ("bn", "Ki kando! Mango ta darun hoyechhe."),
    ("bn", "Photo ta tempo-r upor chhilo, radio-te gaan bajchhilo."),
])
def test_loanwords_and_idioms_in_o_are_no_address(language, text):
    assert analyze_text(text, language).tier == "none"
