"""One view of a record's speakers for the tests of the rule rounds: name → (tier, addressee, by_addressee)."""
from __future__ import annotations


def speakers_of(record):
    return {name: (s.tier, s.addressee, s.by_addressee) for name, s in record.speakers.items()}
