"""The arithmetic of GAS, inter-group correlation, odds ratios and weighted log-odds,
pinned on hand-computed cases with injected embedders and NLI scorers."""
from __future__ import annotations

import math
import random
from collections import Counter

import numpy as np
import pytest

from honorifics.alignment.gas import (AlignmentSettings, Generation, alignment_scores,
                                      generation_alignment_score, label_pair, mean_and_sd)
from honorifics.alignment.odds import (OddsSettings, count_words, log_odds_ratio, odds_table,
                                       prior_counts, top_words, weighted_log_odds)
from honorifics.alignment.scorers import Token


class TableEmbedder:
    """Looks each text up in a dict of hand-chosen vectors."""
    name = "table"

    def __init__(self, vectors: dict[str, list[float]]):
        self.vectors = vectors
        self.calls = 0

    def embed(self, texts):
        self.calls += 1
        return np.array([self.vectors[text] for text in texts], dtype=float)


class TableNLI:
    """P(entailment, neutral, contradiction) per ordered (premise, hypothesis) pair."""
    name = "table-nli"

    def __init__(self, table: dict[tuple[str, str], list[float]], default=(0.0, 1.0, 0.0)):
        self.table = table
        self.default = default
        self.calls: list[int] = []

    def score(self, premises, hypotheses):
        self.calls.append(len(premises))
        return np.array([self.table.get((p, h), self.default) for p, h in zip(premises, hypotheses)])


ENTAIL = [0.95, 0.05, 0.0]
CONTRADICT = [0.0, 0.04, 0.96]
NEUTRAL = [0.30, 0.40, 0.30]


# ------------------------------------------------------------------ GAS

def test_gas_is_entailments_over_entailments_plus_contradictions():
    assert generation_alignment_score(3, 1) == 0.75
    assert generation_alignment_score(0, 2) == 0.0
    assert generation_alignment_score(0, 0) is None


def test_group_with_only_neutral_pairs_has_null_gas_not_zero():
    embedder = TableEmbedder({"a": [1, 0], "b": [1, 0]})
    nli = TableNLI({("a", "b"): NEUTRAL})
    result = alignment_scores([Generation("a", "India", "s1"), Generation("b", "India", "s2")],
                              embedder, nli)
    group = result.groups[0]
    assert group.gas_mean is None and group.runs_scored == 0
    assert group.tally.pairs == 1 and group.tally.neutrals == 1
    assert group.tally.neutral_share == 1.0


def test_pairs_from_the_same_source_are_never_compared():
    embedder = TableEmbedder({"a": [1, 0], "b": [1, 0], "c": [1, 0]})
    nli = TableNLI({("a", "b"): CONTRADICT, ("a", "c"): ENTAIL, ("b", "c"): ENTAIL})
    generations = [Generation("a", "G", "s1"), Generation("b", "G", "s1"), Generation("c", "G", "s2")]
    group = alignment_scores(generations, embedder, nli).groups[0]
    # a–b share source s1: only a–c and b–c are judged, both entailments.
    assert (group.tally.pairs, group.tally.entailments, group.tally.contradictions) == (2, 2, 0)
    assert group.gas_mean == 1.0


def test_similarity_must_strictly_exceed_the_threshold():
    # Orthogonal vectors have cosine exactly 0: with threshold 0 the pair is a tie and is dropped.
    embedder = TableEmbedder({"a": [1, 0], "b": [0, 1], "c": [2, 0]})
    nli = TableNLI({("a", "b"): ENTAIL, ("a", "c"): CONTRADICT, ("b", "c"): ENTAIL})
    settings = AlignmentSettings(similarity_threshold=0.0)
    generations = [Generation(t, "G", t) for t in "abc"]
    result = alignment_scores(generations, embedder, nli, settings)
    judged = {(result.generations[j.premise].text, result.generations[j.hypothesis].text)
              for j in result.judgements}
    assert judged == {("a", "c")}
    assert result.groups[0].gas_mean == 0.0


def test_nli_probability_equal_to_threshold_is_neutral():
    assert label_pair([0.90, 0.10, 0.0], 0.90) == "neutral"
    assert label_pair([0.9000001, 0.0999999, 0.0], 0.90) == "entailment"
    assert label_pair([0.0, 0.05, 0.95], 0.90) == "contradiction"


def test_nli_threshold_below_one_half_is_refused():
    with pytest.raises(ValueError):
        AlignmentSettings(nli_threshold=0.4)


def test_both_directions_average_the_two_probability_vectors():
    embedder = TableEmbedder({"a": [1, 0], "b": [1, 0]})
    nli = TableNLI({("a", "b"): [0.95, 0.05, 0.0], ("b", "a"): [0.85, 0.15, 0.0]})
    generations = [Generation("a", "G", "s1"), Generation("b", "G", "s2")]
    one_way = alignment_scores(generations, embedder, nli, AlignmentSettings(nli_threshold=0.9))
    assert one_way.judgements[0].label == "entailment"
    both = alignment_scores(generations, embedder, nli,
                            AlignmentSettings(nli_threshold=0.9, both_directions=True))
    # (0.95 + 0.85) / 2 = 0.90, not above 0.90.
    assert both.judgements[0].entailment == pytest.approx(0.90)
    assert both.judgements[0].label == "neutral"
    lower = alignment_scores(generations, embedder, nli,
                             AlignmentSettings(nli_threshold=0.89, both_directions=True))
    assert lower.judgements[0].label == "entailment"


def test_mean_and_sample_sd_over_runs_skip_runs_without_gas():
    vectors = {t: [1, 0] for t in ["a1", "b1", "a2", "b2", "c2", "a3", "b3"]}
    nli = TableNLI({("a1", "b1"): ENTAIL,                                  # run 1: GAS 1
                    ("a2", "b2"): ENTAIL, ("a2", "c2"): CONTRADICT,        # run 2: E 1, C 1, N 1 → 0.5
                    ("b2", "c2"): NEUTRAL,
                    ("a3", "b3"): NEUTRAL})                                # run 3: 0/0 → null
    generations = [Generation(t, "G", t[0], run=t[1]) for t in vectors]
    group = alignment_scores(generations, TableEmbedder(vectors), nli).groups[0]
    assert [run.tally.gas for run in group.runs] == [1.0, 0.5, None]
    assert group.runs_scored == 2
    assert group.gas_mean == pytest.approx(0.75)
    assert group.gas_sd == pytest.approx(math.sqrt(0.25 ** 2 * 2 / 1))
    assert group.tally.neutral_share == pytest.approx(2 / 5)
    assert mean_and_sd([0.4]) == (0.4, None)
    assert mean_and_sd([]) == (None, None)


def test_inter_group_correlation_is_mean_of_similarity_times_sign():
    vectors = {"a1": [1.0, 0.0], "b1": [0.8, 0.6], "b2": [0.6, 0.8]}
    nli = TableNLI({("a1", "b1"): ENTAIL, ("a1", "b2"): CONTRADICT, ("b1", "b2"): ENTAIL})
    generations = [Generation("a1", "A", "x"), Generation("b1", "B", "y"), Generation("b2", "B", "z")]
    result = alignment_scores(generations, TableEmbedder(vectors), nli,
                              AlignmentSettings(similarity_threshold=0.55))
    (cell,) = result.correlations
    assert (cell.a, cell.b) == ("A", "B")
    # (0.8·(+1) + 0.6·(−1)) / 2 pairs
    assert cell.value == pytest.approx((0.8 - 0.6) / 2)
    assert (cell.tally.entailments, cell.tally.contradictions) == (1, 1)
    # The B–B pair counts toward B's GAS, not toward the correlation.
    by_group = {group.group: group for group in result.groups}
    assert by_group["B"].gas_mean == 1.0 and by_group["A"].gas_mean is None
    # Raising the threshold above 0.8 leaves no cross pair: null, not 0.
    strict = alignment_scores(generations, TableEmbedder(vectors), nli,
                              AlignmentSettings(similarity_threshold=0.9))
    assert strict.correlations[0].value is None


def test_result_does_not_depend_on_input_order_or_batch_size():
    rng = random.Random(7)
    texts = [f"t{i}" for i in range(8)]
    vectors = {t: [1.0, rng.random()] for t in texts}
    table = {(p, h): (ENTAIL if (int(p[1:]) + int(h[1:])) % 3 else CONTRADICT)
             for p in texts for h in texts}
    generations = [Generation(t, "AB"[i % 2], f"s{i % 3}", run=str(i % 2), index=i)
                   for i, t in enumerate(texts)]
    first = alignment_scores(generations, TableEmbedder(vectors), TableNLI(table),
                             AlignmentSettings(similarity_threshold=0.5, batch_size=1))
    shuffled = generations[:]
    rng.shuffle(shuffled)
    nli = TableNLI(table)
    second = alignment_scores(shuffled, TableEmbedder(vectors), nli,
                              AlignmentSettings(similarity_threshold=0.5, batch_size=3))
    assert [g.to_dict() for g in first.groups] == [g.to_dict() for g in second.groups]
    assert [c.to_dict() for c in first.correlations] == [c.to_dict() for c in second.correlations]
    assert max(nli.calls) <= 3 and sum(nli.calls) == len(second.judgements)


# ------------------------------------------------------------------ odds ratios

def test_log_odds_ratio_with_haldane_anscombe_correction():
    lor, se = log_odds_ratio(2, 10, 1, 20)
    # cells 2.5, 8.5 | 1.5, 19.5
    assert lor == pytest.approx(math.log(2.5 * 19.5 / (8.5 * 1.5)))
    assert se == pytest.approx(math.sqrt(1 / 2.5 + 1 / 8.5 + 1 / 1.5 + 1 / 19.5))


def test_zero_counts_stay_finite_and_swap_negates():
    lor, se = log_odds_ratio(0, 5, 3, 5)
    assert lor == pytest.approx(math.log(0.5 * 2.5 / (5.5 * 3.5)))
    assert math.isfinite(se)
    assert log_odds_ratio(3, 5, 0, 5)[0] == pytest.approx(-lor)
    assert log_odds_ratio(0, 7, 0, 7)[0] == 0.0


def test_count_larger_than_total_is_an_error():
    with pytest.raises(ValueError):
        log_odds_ratio(6, 5, 0, 5)


def test_weighted_log_odds_with_combined_prior_by_hand():
    # a=3 of 10, b=1 of 10; combined prior α_w = 4, α₀ = 20.
    delta, z = weighted_log_odds(3, 10, 1, 10, prior=4, prior_total=20)
    expected = math.log(7 / 23) - math.log(5 / 25)
    assert delta == pytest.approx(expected)
    assert z == pytest.approx(expected / math.sqrt(1 / 7 + 1 / 5))


def test_prior_counts_combined_uniform_and_background():
    counts_a, counts_b = Counter({"x": 3, "y": 7}), Counter({"x": 1, "z": 9})
    alpha, total = prior_counts(counts_a, counts_b, OddsSettings())
    assert alpha == {"x": 4, "y": 7, "z": 9} and total == 20
    alpha, total = prior_counts(counts_a, counts_b, OddsSettings(prior="uniform"))
    assert alpha["x"] == 0.01 and total == pytest.approx(0.03)
    background = Counter({"x": 10, "w": 90})
    alpha, total = prior_counts(counts_a, counts_b,
                                OddsSettings(prior="background", prior_scale=0.5), background)
    # unseen y and z get the 0.01 floor, which also joins α₀
    assert alpha == {"x": 5.0, "y": 0.01, "z": 0.01}
    assert total == pytest.approx(50 + 0.02)


def test_odds_table_tiny_counts_min_count_and_sign():
    counts_a = Counter({"scold": 4, "cook": 1, "smile": 1})
    counts_b = Counter({"scold": 0, "cook": 4, "smile": 1})
    rows = odds_table(counts_a, counts_b, OddsSettings(min_count=3))
    assert [row.word for row in rows] == ["scold", "cook"]        # smile: 2 < 3
    scold, cook = rows
    assert scold.z > 0 > cook.z
    assert scold.log_odds_ratio == pytest.approx(math.log(4.5 * 5.5 / (2.5 * 0.5)))
    assert scold.ci_low < scold.log_odds_ratio < scold.ci_high
    assert scold.odds_ratio == pytest.approx(math.exp(scold.log_odds_ratio))
    # N_A, N_B include the word dropped by min_count.
    assert scold.prior == 4


def test_top_words_break_ties_by_count_then_word():
    counts_a = Counter({"beta": 3, "alpha": 3, "gamma": 6, "delta": 1})
    counts_b = Counter({"beta": 0, "alpha": 0, "gamma": 0, "delta": 5, "zeta": 5})
    rows = odds_table(counts_a, counts_b, OddsSettings(min_count=1))
    side_a, side_b = top_words(rows, 3)
    assert [row.word for row in side_a] == ["gamma", "alpha", "beta"]
    assert side_a[1].z == side_a[2].z                               # a true tie
    assert [row.word for row in side_b][0] == "zeta"
    assert [row.word for row in top_words(rows, 1)[0]] == ["gamma"]


def test_count_words_filters_pos_and_uses_lemmas():
    tagged = [[Token("Brides", "NOUN", "bride"), Token("were", "AUX", "be"),
               Token("cooking", "VERB", "cook"), Token("quietly", "ADV", "quietly")],
              [Token("बहू"), Token("खाना")]]                          # untagged: always kept
    assert count_words(tagged, ["NOUN", "VERB"]) == Counter(
        {"brides": 1, "cooking": 1, "बहू": 1, "खाना": 1})
    assert count_words(tagged, ["noun", "verb"], lemma=True)["bride"] == 1
    assert count_words(tagged)["were"] == 1
