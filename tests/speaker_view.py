"""Views of a record's speakers for the tests of the rule rounds."""
from __future__ import annotations

from honorifics import analyze_text


def speakers_of(record):
    return {name: (s.tier, s.addressee, s.by_addressee) for name, s in record.speakers.items()}


def speaker_of(text: str, language: str, speakers: list[str], speaker: str, task: str = "roleplay"):
    """The analysis of one speaker of a text."""
    return analyze_text(text, language, speakers=speakers, task=task).speakers[speaker]


def speech_turns(result):
    """The (speaker, tier) of each speech turn of a record, in order."""
    return [(turn.speaker, turn.tier) for turn in result.turns if turn.kind == "speech"]
