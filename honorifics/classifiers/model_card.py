"""The model card (README.md) written next to a trained tier classifier."""
from __future__ import annotations

from importlib import resources
from typing import Any

import yaml

NOT_STATED = "licence not stated: state the licence of your data before sharing the model"


def known_licences() -> dict[str, dict[str, str]]:
    """Licence and attribution of the corpora the project ships, by source name."""
    text = resources.files("honorifics.classifiers").joinpath("data/licences.yaml").read_text("utf-8")
    return yaml.safe_load(text) or {}


def describe_sources(names: list[str]) -> list[dict[str, str]]:
    """``[{name, licence, attribution}]`` for corpus sources, from the known list."""
    known = known_licences()
    return [{"name": name, "licence": known.get(name, {}).get("licence", NOT_STATED),
             "attribution": known.get(name, {}).get("attribution", "")} for name in names]


def _metrics_table(report: dict[str, Any]) -> list[str]:
    lines = ["| class | precision | recall | F1 | support |", "|---|---|---|---|---|"]
    for label, scores in report["per_class"].items():
        lines.append(f"| {label} | {scores['precision']:.3f} | {scores['recall']:.3f} | "
                     f"{scores['f1']:.3f} | {scores['support']} |")
    lines.append(f"\naccuracy {report['accuracy']:.3f}, macro-F1 {report['macro_f1']:.3f}, "
                 f"ECE {report['ece']:.3f}, n = {report['n']}")
    return lines


def render_model_card(settings: dict[str, Any], counts: dict[str, dict[str, int]],
                      evaluation: dict[str, Any] | None = None) -> str:
    """Markdown model card: data and licences, labels, training, calibration, metrics."""
    data = settings.get("data") or {}
    sources = data.get("sources") or []
    ngram = settings.get("model_type") == "ngram"
    training = settings.get("training", {})
    if ngram:
        model_lines = [f"- {settings['base_model']}; C = {training.get('regularisation')}, "
                       f"balanced classes: {training.get('balanced_classes')}; no torch needed",
                       "- files: `ngram.npz` (vocabularies, idf, coefficients: the fallback runs it with "
                       "numpy alone, the same predictions as the pipeline), `ngram.joblib` (the "
                       "scikit-learn pipeline it was exported from; scikit-learn is needed only to train)"]
    else:
        model_lines = [
            f"- base: {settings['base_model']}",
            f"- max length: {settings['max_length']} tokens; best epoch {settings['best_epoch']} "
            f"of {settings['epochs_run']} run (early stopping on dev macro-F1)",
            f"- seed {training.get('seed')}, learning rate "
            f"{training.get('learning_rate') or 'default'}, batch {training.get('batch_size')}"]
    lines = [
        "---", "library_name: " + ("scikit-learn" if ngram else "transformers"),
        "pipeline_tag: text-classification",
        "language: [" + ", ".join(settings.get("languages", [])) + "]", "---", "",
        "# Second-person tier classifier (honorifics fallback)", "",
        "Predicts which second-person tier an utterance addressed to someone uses: "
        "`intimate` (तू/তুই/tu/tui), `familiar` (तुम/তুমি/tum/tumi), `formal` (आप/আপনি/aap/apni) "
        "or `none`. It is the *fallback* of the `honorifics` analyzer: it is asked only "
        "about utterances the rules cannot decide, it never overrides rule evidence, and it "
        "abstains below its confidence threshold.", "",
        "## Labels", "", ", ".join(f"{index}: `{label}`" for index, label in enumerate(settings["labels"])), "",
        "## Model", "", *model_lines, "",
        "## Training data", "",
        "Deciding evidence (second-person pronouns, unambiguous verb endings found by the "
        "rule engine) is masked (`[MASK]`) or dropped in most examples, so the model learns "
        "from the rest of the utterance: that is what it sees when it is needed.", "",
    ]
    if sources:
        lines += ["| source | licence | attribution |", "|---|---|---|"]
        lines += [f"| {s['name']} | {s['licence']} | {s['attribution']} |" for s in sources]
        lines.append("")
    for part, bucket in counts.items():
        lines.append(f"- {part}: " + ", ".join(f"{key} {value}" for key, value in sorted(bucket.items())))
    if data.get("command"):
        lines += ["", "Reproduce with:", "", "```", data["command"], "```"]
    lines += ["", "## Calibration and abstention", "",
              ("" if ngram else f"Temperature {settings['temperature']:.3f} (fitted on dev). ")
              + _threshold_text(settings)]
    if settings.get("dev_calibrated"):
        lines += ["", "## Dev metrics (calibrated, masked/dropped examples)", ""]
        lines += _metrics_table(settings["dev_calibrated"])
    if evaluation:
        lines += ["", "## Held-out test evaluation", "",
                  f"Grouped split (paraphrases and formal/informal pairs never cross splits); "
                  f"subset: {evaluation.get('subset', 'all')}.", "", "### Classifier", ""]
        lines += _metrics_table(evaluation["classifier"])
        if evaluation.get("baseline"):
            lines += ["", "### Character n-gram logistic regression (same split)", ""]
            lines += _metrics_table(evaluation["baseline"])
    if evaluation and evaluation.get("comparison"):
        lines += ["", "### Comparison of model types (same split)", "", evaluation["comparison"]]
    comparison = _comparison_text(evaluation)
    lines += [
        "", "## Use", "", "```python",
        "from honorifics.classifiers.fallback import load_fallback",
        "fallback, why_not = load_fallback()   # this directory by default",
        "fallback.predict([\"कल ज़रूर [MASK] आइएगा\"], [\"hi\"])", "```", "",
        "## Limitations", "",
        "Trained on a small corpus; intimate examples are few; romanized text is covered "
        "only by sentences written for the project. Do not use it instead of the rules: "
        "its errors are not spread evenly across tiers (see the confusion matrix in "
        "`tier_classifier.json` and the evaluation report).", *comparison, "",
    ]
    return "\n".join(lines)


def _threshold_text(settings: dict[str, Any]) -> str:
    choice = settings["threshold_choice"]
    if choice["coverage"] == 0.0 or choice["precision"] < choice["target_precision"]:
        return (f"Threshold **{settings['threshold']:.2f}**: no confidence level made the tier "
                f"decisions on dev reach precision {choice['target_precision']:.2f}, so the "
                "threshold is the ceiling and the fallback (almost) always abstains: it cannot "
                "make the analyzer less accurate, and it adds little. Pass a lower threshold "
                "to `load_fallback` only after measuring what it does on your data.")
    share = settings.get("training", {}).get("none_share")
    weighting = (f" weighted like real fallback input ({share:.0%} `none`)" if share else "")
    return (f"Threshold **{settings['threshold']:.2f}**: the lowest confidence at which the tier "
            f"decisions on dev{weighting} reach precision {choice['target_precision']:.2f} "
            f"(reached {choice['precision']:.3f}; the fallback decides {choice['coverage']:.1%} "
            f"of that input, {choice['n']} dev examples). Below it the fallback abstains.")


def _comparison_text(evaluation: dict[str, Any] | None) -> list[str]:
    if not evaluation or not evaluation.get("baseline"):
        return []
    ours, theirs = evaluation["classifier"]["macro_f1"], evaluation["baseline"]["macro_f1"]
    verdict = "weaker than" if ours < theirs else "at least as good as"
    return ["", f"On the held-out split this model is {verdict} the character n-gram "
                f"baseline (macro-F1 {ours:.3f} vs {theirs:.3f})."]
