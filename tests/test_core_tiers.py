import pytest

from honorifics.tiers import TierError, parse_tier, parse_tiers, politeness_direction


@pytest.mark.parametrize("spelling, canonical", [
    ("आप", "formal"), ("তুমি", "familiar"), ("তুই", "intimate"), ("tu", "intimate"),
    ("Tumi", "familiar"), ("apni", "formal"), ("AAP", "formal"), ("tum", "familiar"),
    ("Mixed", "mixed"), ("none", "none"), (" formal ", "formal"),
])
def test_every_spelling_parses_to_the_canonical_tier(spelling, canonical):
    assert parse_tier(spelling) == canonical


def test_unknown_tier_names_the_accepted_spellings():
    with pytest.raises(TierError, match="तू/तुम/आप"):
        parse_tier("polite")


def test_lists_keep_order_and_drop_repeats():
    assert parse_tiers(["tum", "आप", "familiar"]) == ("familiar", "formal")


@pytest.mark.parametrize("produced, expected, direction", [
    ("formal", ["familiar"], "over-polite"),
    ("intimate", ["familiar", "formal"], "under-polite"),
    ("familiar", ["familiar"], None),
    ("mixed", ["formal"], None),
    ("none", ["formal"], None),
    ("formal", ["intimate"], "over-polite"),
])
def test_error_direction_against_the_nearest_acceptable_tier(produced, expected, direction):
    assert politeness_direction(produced, expected) == direction
