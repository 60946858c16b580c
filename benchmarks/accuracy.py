"""Per-speaker tier accuracy, agreement-error and avoidance detection.

    python benchmarks/accuracy.py                 # dev dialogues + CoCoA-MT + UD Bengali + real outputs + probe_dev
    python benchmarks/accuracy.py --blind         # + the blind sets (tests/data/blind: once per fix)
    python benchmarks/accuracy.py --classifier    # with the classifier fallback
    python benchmarks/accuracy.py --show-errors
    python benchmarks/accuracy.py --fallback-compare [--model DIR] [--thresholds 0.6,0.8]

Gold: data/dev_dialogues.jsonl (gold.per_speaker), data/cocoa_mt_hi_train.jsonl
(tier aap/tum/none; lines whose notes flag noise are reported apart),
data/ud_bengali_bru_2p.jsonl (tier), tests/data/real_llm/real_llm_dev.jsonl (193 real
LLM outputs, gold_tier + alt_tiers + refusal; see that folder's README).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from honorifics.pipeline import Analyzer
from honorifics.tiers import parse_tier

DATA = Path(__file__).resolve().parent.parent / "data"
REAL_OUTPUTS = Path(__file__).resolve().parent.parent / "tests" / "data" / "real_llm" / "real_llm_dev.jsonl"


def dev_dialogues(analyzer: Analyzer, show: bool) -> dict:
    speakers = correct = 0
    agreement_hits = agreement_total = 0
    avoid_correct = records = 0
    errors = []
    for line in open(DATA / "dev_dialogues.jsonl", encoding="utf-8"):
        gold_record = json.loads(line)
        gold = gold_record["gold"]
        obj = {k: gold_record[k] for k in ("id", "text", "language", "task", "speakers")}
        result = analyzer.analyze_object(obj)
        records += 1
        for name, spec in gold["per_speaker"].items():
            speakers += 1
            got = result.speakers.get(name)
            produced = got.tier if got else "missing"
            if produced == spec["tier"]:
                correct += 1
            else:
                errors.append(f"{gold_record['id']} {name}: gold {spec['tier']}, got {produced}")
        agreement_total += 1
        if result.agreement_errors == gold["agreement_errors"]:
            agreement_hits += 1
        else:
            errors.append(f"{gold_record['id']}: agreement errors gold {gold['agreement_errors']}, "
                          f"got {result.agreement_errors}")
        if result.avoidance == gold["avoidance"]:
            avoid_correct += 1
        else:
            errors.append(f"{gold_record['id']}: avoidance gold {gold['avoidance']}, got {result.avoidance}")
    if show:
        print("\n".join(errors), file=sys.stderr)
    return {"records": records, "speakers": speakers, "speaker_accuracy": correct / speakers,
            "agreement_count_exact": agreement_hits / agreement_total,
            "avoidance_accuracy": avoid_correct / records}


IDENTICAL_REFERENCES = "formal and informal references identical"


def cocoa(analyzer: Analyzer, show: bool) -> dict:
    """CoCoA-MT lines. Gold `none` on identical formal/informal references is
    defined by the ABSENCE OF A PRONOUN; such a line with a 2nd-person verb
    (अपना बताओ?) is `familiar` by this project's conventions. The strict figure
    counts those as errors; the gold-criterion figure scores them by the gold's
    own definition (no 2nd-person pronoun found = agreement with the gold)."""
    clean = clean_correct = clean_criterion = noisy = noisy_correct = 0
    errors = []
    for line in open(DATA / "cocoa_mt_hi_train.jsonl", encoding="utf-8"):
        item = json.loads(line)
        gold = parse_tier(item["tier"])
        result = analyzer.analyze_object({"id": item["id"], "text": item["text"], "language": "hi"})
        produced = result.tier if result.status == "ok" else "error"
        hit = produced == gold
        if item.get("notes"):
            noisy += 1
            noisy_correct += hit
            continue
        clean += 1
        clean_correct += hit
        by_criterion = hit
        if not hit and gold == "none" and item["tier_basis"].startswith(IDENTICAL_REFERENCES):
            by_criterion = not any(e.kind == "pronoun" for t in result.turns for e in t.evidence)
        clean_criterion += by_criterion
        if not hit:
            errors.append(f"{item['id']}: gold {gold}, got {produced}"
                          f"{' (verb-only; gold criterion met)' if by_criterion else ''}: {item['text']}")
    if show:
        print("\n".join(errors), file=sys.stderr)
    return {"clean_lines": clean, "clean_accuracy": clean_correct / clean,
            "clean_accuracy_gold_criterion": clean_criterion / clean,
            "noisy_lines": noisy, "noisy_accuracy": (noisy_correct / noisy) if noisy else None}


def ud_bengali(analyzer: Analyzer, show: bool) -> dict:
    total = hits = 0
    errors = []
    for line in open(DATA / "ud_bengali_bru_2p.jsonl", encoding="utf-8"):
        item = json.loads(line)
        gold = parse_tier(item["tier"])
        result = analyzer.analyze_object({"text": item["text"], "language": "bn"})
        total += 1
        if result.tier == gold:
            hits += 1
        else:
            errors.append(f"{item['sent_id']}: gold {gold}, got {result.tier}: {item['text']}")
    if show:
        print("\n".join(errors), file=sys.stderr)
    return {"sentences": total, "accuracy": hits / total}


def _share(hits: int, total: int) -> dict:
    return {"correct": hits, "total": total, "accuracy": round(hits / total, 4) if total else None}


def _f1(tp: int, fp: int, fn: int) -> dict:
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4),
            "tp": tp, "fp": fp, "fn": fn}


def real_outputs(analyzer: Analyzer, show: bool, path: Path = REAL_OUTPUTS) -> dict:
    """Real LLM outputs (Hindi and Bangla, several model families), hand-labelled.

    Only ``id``, ``language`` and ``text`` go in: no task, no speakers, as a new
    user would run it. Such a record is read as the model's reply to the user
    unless characters speak in it (labelled turns, narrative quotes): its
    ``tier`` is then the tier of address to the user (``user_tier``, refusals
    included), else the characters' tier. A record is right when that tier is
    the gold tier or one of ``alt_tiers``. Refusal is scored against the record's
    ``refusal`` flag. Figures per language, per source repository and language,
    and per gold phenomenon (gold tier; refusals).
    """
    counts: dict[str, dict[str, list[int]]] = {"language": {}, "source": {}, "gold_tier": {}, "phenomenon": {}}
    tp = fp = fn = 0
    hits = total = 0
    errors = []

    def add(group: str, key: str, hit: bool) -> None:
        cell = counts[group].setdefault(key, [0, 0])
        cell[0] += hit
        cell[1] += 1

    for line in open(path, encoding="utf-8"):
        item = json.loads(line)
        result = analyzer.analyze_object({k: item[k] for k in ("id", "language", "text")})
        produced = result.tier if result.status == "ok" else "error"
        acceptable = {item["gold_tier"], *item.get("alt_tiers", [])}
        hit = produced in acceptable
        total += 1
        hits += hit
        source = item["source"].split(":")[0]
        add("language", item["language"], hit)
        add("source", f"{source} ({item['language']})", hit)
        add("gold_tier", item["gold_tier"], hit)
        add("phenomenon", "gold refusal or out-of-character" if item["refusal"] else "gold not a refusal", hit)
        characters = result.status == "ok" and any(t.kind == "speech" and t.addressee != "user" for t in result.turns)
        add("phenomenon", "read as characters' speech (labels, narrative quotes)" if characters
            else "read as a plain reply to the user", hit)
        flagged = bool(result.status == "ok" and result.refusal)
        tp += flagged and item["refusal"]
        fp += flagged and not item["refusal"]
        fn += (not flagged) and item["refusal"]
        if not hit or flagged != item["refusal"]:
            what = [] if hit else [f"gold {item['gold_tier']}{'/' + '/'.join(item['alt_tiers']) if item.get('alt_tiers') else ''}, got {produced}"]
            if flagged != item["refusal"]:
                what.append(f"refusal gold {item['refusal']}, got {flagged}")
            errors.append(f"{item['id']} ({source}, {item['language']}): {'; '.join(what)}: "
                          f"{item['text'][:140].strip()!r}")
    if show:
        print("\n".join(errors), file=sys.stderr)
    return {"records": total, "accuracy": round(hits / total, 4), "correct": hits,
            "by_language": {k: _share(*v) for k, v in sorted(counts["language"].items())},
            "by_source": {k: _share(*v) for k, v in sorted(counts["source"].items())},
            "by_gold_tier": {k: _share(*v) for k, v in sorted(counts["gold_tier"].items())},
            "by_phenomenon": {k: _share(*v) for k, v in sorted(counts["phenomenon"].items())},
            "refusal": _f1(tp, fp, fn)}


def real_outputs_fallback(show: bool, model_dir: str | None = None,
                          thresholds: tuple[float | None, ...] = (None,)) -> dict:
    """Real outputs with the classifier fallback off and on (at each threshold).

    ``None`` is the model's own threshold. Reports the accuracy of each run, how
    many utterances reached the fallback, how many got a tier from it, and every
    record whose verdict changed (right → wrong or wrong → right).
    """
    from honorifics.classifiers.fallback import load_fallback

    rules = real_outputs(Analyzer(use_classifier=False), False)
    items = [json.loads(line) for line in open(REAL_OUTPUTS, encoding="utf-8")]
    plain = Analyzer(use_classifier=False)
    baseline = [plain.analyze_object({k: item[k] for k in ("id", "language", "text")}) for item in items]
    out = {"rules_only": {"accuracy": rules["accuracy"], "correct": rules["correct"],
                          "records": rules["records"]}, "with_fallback": []}
    for threshold in thresholds:
        fallback, why_not = load_fallback(model_dir, threshold=threshold)
        if fallback is None:
            return {**out, "error": why_not}
        asked = {"utterances": 0, "tier_given": 0}
        original_predict = fallback.predict

        def counting_predict(texts, languages, _original=original_predict, _asked=asked):
            predictions = _original(texts, languages)
            _asked["utterances"] += len(texts)
            _asked["tier_given"] += sum(1 for p in predictions if p.tier and p.tier != "none")
            return predictions

        fallback.predict = counting_predict
        analyzer = Analyzer(classifier=fallback)
        changed, hits = [], 0
        for item, before in zip(items, baseline):
            after = analyzer.analyze_object({k: item[k] for k in ("id", "language", "text")})
            acceptable = {item["gold_tier"], *item.get("alt_tiers", [])}
            hit = after.tier in acceptable
            hits += hit
            if after.tier != before.tier:
                changed.append(f"{item['id']}: {before.tier} → {after.tier} (gold "
                               f"{'/'.join(sorted(acceptable))}; {'right' if hit else 'wrong'})")
        out["with_fallback"].append({
            "model": str(fallback.model_dir), "model_type": fallback.model_type,
            "threshold": fallback.threshold, "accuracy": round(hits / len(items), 4), "correct": hits,
            "delta_correct": hits - rules["correct"], "asked": asked, "changed": changed})
        if show and changed:
            print("\n".join(changed), file=sys.stderr)
    return out


PROBE_DEV = DATA / "probe_dev.jsonl"
BLIND = Path(__file__).resolve().parent.parent / "tests" / "data" / "blind"


def _norm_name(name: str | None) -> str:
    """Speaker keys compared as probe_dev's README says: no *, _, quotes or parentheses."""
    import re
    name = re.sub(r'[*_"“”\'`]', "", name or "")
    name = re.sub(r"\(.*?\)", "", name)
    return re.sub(r"\s+", " ", name).strip().rstrip(":").strip()


def probe_set(analyzer: Analyzer, path: Path, show: bool) -> dict:
    """A set in probe_dev's format, scored as its README counts units: every record with a
    non-null gold tier (its tier or an alt tier) plus every gold speaker (tier, and each
    by_addressee tier where both sides give one); refusal F1; per category, language, script."""
    totals = {"units": 0, "correct": 0}
    groups: dict[str, dict[str, list[int]]] = {"category": {}, "language": {}, "script": {}}
    tp = fp = fn = 0
    errors = []
    for line in open(path, encoding="utf-8"):
        gold_record = json.loads(line)
        gold = gold_record["gold"]
        obj = {"id": gold_record["id"], "language": gold_record["language"], "text": gold_record["text"]}
        for key in ("speakers", "task"):
            if gold_record.get(key):
                obj[key] = gold_record[key]
        result = analyzer.analyze_object(obj)
        ok = result.status == "ok"
        hits = []
        if gold.get("tier") is not None:
            hit = ok and (result.tier or "none") in {gold["tier"], *(gold_record.get("alt_tiers") or [])}
            hits.append(hit)
            if not hit:
                errors.append(f"{gold_record['id']}: record gold {gold['tier']}, got {result.tier}")
        produced = {_norm_name(name): speaker for name, speaker in result.speakers.items()} if ok else {}
        for name, spec in (gold.get("per_speaker") or {}).items():
            speaker = produced.get(_norm_name(name))
            hit = speaker is not None and speaker.tier == spec["tier"]
            if hit and spec.get("by_addressee") and speaker.by_addressee:
                mine = {_norm_name(k): v for k, v in speaker.by_addressee.items()}
                hit = all(mine.get(_norm_name(k)) == v for k, v in spec["by_addressee"].items())
            hits.append(hit)
            if not hit:
                errors.append(f"{gold_record['id']} {name}: gold {spec['tier']}, "
                              f"got {speaker.tier if speaker else 'missing'}")
        for group, value in (("category", gold_record.get("category")), ("language", gold_record["language"]),
                             ("script", gold_record.get("script"))):
            cell = groups[group].setdefault(str(value), [0, 0])
            cell[0] += sum(hits)
            cell[1] += len(hits)
        totals["units"] += len(hits)
        totals["correct"] += sum(hits)
        refused, flagged = bool(gold.get("refusal")), bool(ok and result.refusal)
        tp += refused and flagged
        fp += flagged and not refused
        fn += refused and not flagged
    if show:
        print("\n".join(errors), file=sys.stderr)
    f1 = 2 * tp / (2 * tp + fp + fn) if tp + fp + fn else 1.0
    return {"units": totals["units"], "accuracy": round(totals["correct"] / max(totals["units"], 1), 4),
            "refusal_f1": round(f1, 4),
            **{f"by_{group}": {k: {"correct": c, "units": n, "accuracy": round(c / n, 4) if n else None}
                               for k, (c, n) in sorted(cells.items())}
               for group, cells in groups.items()}}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--classifier", action="store_true", help="use the classifier fallback")
    parser.add_argument("--show-errors", action="store_true")
    parser.add_argument("--fallback-compare", action="store_true",
                        help="only the real outputs, fallback off vs on (per threshold)")
    parser.add_argument("--model", help="classifier directory (default: the shipped model)")
    parser.add_argument("--thresholds", default="",
                        help="comma-separated thresholds to try (default: the model's own)")
    parser.add_argument("--blind", action="store_true",
                        help="also score the blind sets in tests/data/blind (run each once after its fix)")
    args = parser.parse_args(argv)
    if args.fallback_compare:
        thresholds = tuple(float(x) for x in args.thresholds.split(",") if x.strip()) or (None,)
        print(json.dumps(real_outputs_fallback(args.show_errors, args.model, thresholds),
                         indent=2, ensure_ascii=False))
        return 0
    analyzer = Analyzer(use_classifier=args.classifier)
    report = {"classifier": args.classifier,
              "dev_dialogues": dev_dialogues(analyzer, args.show_errors),
              "cocoa_mt_hi": cocoa(analyzer, args.show_errors),
              "ud_bengali": ud_bengali(analyzer, args.show_errors),
              "real_outputs": real_outputs(analyzer, args.show_errors),
              "probe_dev": probe_set(analyzer, PROBE_DEV, args.show_errors)}
    if args.blind:
        report["blind"] = {path.stem: probe_set(analyzer, path, args.show_errors)
                           for path in sorted(BLIND.glob("*.jsonl"))}
    if args.classifier and analyzer.classifier_message:
        report["classifier_message"] = analyzer.classifier_message
    print(json.dumps(report, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
