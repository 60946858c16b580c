"""Running prompts through models and reading their results back.

``generate PROMPTS.jsonl --out outputs.jsonl`` sends each prompt that
``make-prompts`` wrote to a model (an OpenAI-compatible chat-completions
server, a local Hugging Face causal LM, or Anthropic) and writes one line per
prompt, ready for ``analyze-generations``. ``import-results`` turns an OpenAI
batch results file (or chat-format lines) into the same records.

Nothing here imports torch, transformers or any SDK at import time: each
backend imports what it needs when it is built.
"""
