"""The report a linguist can work in: nothing hidden by the dialogue cap, filters for
every value in the data, a stable order, outcomes that are apart (refused, silent,
per addressee), the run's state in the header, and progress on stderr."""
import json
import random
import re
from html.parser import HTMLParser

import pytest

from honorifics import metrics
from honorifics.report import cli, html as report_html

HINDI = "तुम कहाँ जा रहे हो?"
BANGLA = "তুমি কোথায় যাচ্ছ?"


def record(number, *, language="hi", task="dct", model="m1", scenario=None, speakers=None, tier="familiar",
           refusal=False, text=None):
    text = text or (HINDI if language == "hi" else BANGLA)
    pronoun = text.split()[0]
    speakers = speakers or {f"वक्ता{number % 3}": {"addressee": "श्रोता", "tier": tier, "consistent": True,
                                                  "turns": 1, "expected": ["familiar"],
                                                  "correct": tier == "familiar"}}
    first = next(iter(speakers))
    turn = {"index": 0, "speaker": first, "addressee": speakers[first].get("addressee"), "text": text,
            "start": 0, "end": len(text), "kind": "speech", "tier": tier,
            "evidence": [{"text": pronoun, "start": 0, "end": len(pronoun), "kind": "pronoun", "tier": "familiar",
                          "source": "lexicon", "rule": "r", "confidence": 1.0}], "agreement": []}
    return {"id": f"r{number}", "line": number, "status": "ok", "language": language, "script": "native",
            "task": task, "scenario_id": scenario, "tier": tier, "speakers": speakers, "turns": [turn],
            "avoidance": False, "refusal": refusal, "user_tier": "none", "agreement_errors": 0,
            "agreement_pairs": 0, "nominal_address": [], "warnings": [],
            "meta": {"model": model, "temperature": 0.7, "run": 1}, "scenario": None}


class Cards(HTMLParser):
    """The dialogue cards (their data attributes, in order) and the options of each filter."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.cards, self.options, self.select = [], {}, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "article":
            self.cards.append(attrs)
        if tag == "select":
            self.select = attrs.get("id")
            self.options[self.select] = []
        if tag == "option" and self.select:
            self.options[self.select].append(attrs.get("value"))

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None


def cards_of(page):
    parser = Cards()
    parser.feed(page)
    return parser


def test_the_dialogue_cap_hides_no_stratum_and_the_filters_offer_every_value():
    """Reproduced: 1,000 Hindi DCT records first, then 80 Bangla role-plays: the first 1,000
    were shown, so no role-play at all, and the task filter did not offer 'roleplay'."""
    records = [record(i) for i in range(1000)] + \
        [record(1000 + i, language="bn", task="roleplay") for i in range(80)]
    section = report_html.dialogues_section(records, 1000)
    found = cards_of(section)
    shown = [(c["data-language"], c["data-task"]) for c in found.cards]
    assert len(shown) == 1000
    assert shown.count(("bn", "roleplay")) == 80                # the small stratum is shown whole
    assert "roleplay" in found.options["f-task"] and "bn" in found.options["f-language"]
    assert "1000 of 1080 analysed dialogues are embedded" in section
    assert "920 of 1000" in section and "80 of 80" in section      # shown per stratum


def test_filters_list_values_whose_dialogues_are_not_embedded_and_say_so():
    records = [record(i) for i in range(30)] + [record(100, model="rare-model")]
    section = report_html.dialogues_section(records, 1)
    options = cards_of(section).options["f-model"]
    assert options == ["", "m1", "rare-model"]
    assert "m1 (0 of 30)" in section or "m1 (1 of 30)" in section
    assert len(cards_of(section).cards) == 1


def test_stratum_quotas_share_equally_and_give_small_strata_whole():
    assert report_html.stratum_quotas({"a": 5, "b": 5}, 4) == {"a": 2, "b": 2}
    assert report_html.stratum_quotas({"a": 1000, "b": 80}, 1000) == {"a": 920, "b": 80}
    assert report_html.stratum_quotas({"a": 3, "b": 2}, 100) == {"a": 3, "b": 2}
    quotas = report_html.stratum_quotas({i: 10 for i in range(7)}, 20)
    assert sum(quotas.values()) == 20 and max(quotas.values()) - min(quotas.values()) <= 1


def test_the_sample_is_seeded_and_the_order_is_scenario_then_model():
    records = [record(i, scenario=f"s{i % 4}", model=f"m{i % 3}") for i in range(40)]
    random.Random(3).shuffle(records)
    ids = lambda page: [c["data-scenario"] + "/" + c["data-model"] for c in cards_of(page).cards]
    every = ids(report_html.dialogues_section(records, 100))
    assert every == sorted(every)
    assert ids(report_html.dialogues_section(records, 10, seed=1)) == \
        ids(report_html.dialogues_section(list(reversed(records)), 10, seed=1))
    assert ids(report_html.dialogues_section(records, 10, seed=1)) == sorted(ids(report_html.dialogues_section(records, 10, seed=1)))


def _render(records, **options):
    summary = metrics.compute_metrics(records, n_resamples=20)
    return report_html.render_report(records, summary, **options)


def test_refused_silent_and_per_addressee_are_shown_per_speaker():
    refused = record(1, tier="none", refusal=True, speakers={
        "सोनिया": {"addressee": "सास", "tier": "none", "consistent": True, "turns": 0, "expected": ["formal"],
                  "correct": False}})
    salma = record(2, tier="formal", speakers={
        "सलमा": {"addressee": "रहीम चाचा", "tier": "formal", "consistent": True, "turns": 1,
                "by_addressee": {"रहीम चाचा": "formal", "छोटू": "intimate"}, "expected": ["formal"],
                "correct": True},
        "रहीम चाचा": {"addressee": "सलमा", "tier": "none", "consistent": True, "turns": 0}})
    page = _render([refused, salma, record(3)])
    assert "refused: wholly out of character" in page
    assert "refused (neither right nor wrong)" in page and "✗ wrong" not in page
    assert "listed, never speaks" in page
    assert re.search(r"छोटू</span> <span class=\"badge tier-intimate\">intimate", page)
    rows = re.findall(r'<tr class="speaker-row" data-speaker="([^"]+)" data-tier="([^"]+)"', page)
    assert ("सोनिया", "refused") in rows and ("रहीम चाचा", "silent") in rows and ("सलमा", "formal") in rows
    headline = page[page.index('id="headline"'):page.index('id="accuracy"')]
    assert headline.index(">refused</abbr>") > headline.index(">accuracy</abbr>")   # the refusal rate beside accuracy


def test_mcnemar_without_shared_units_shows_a_dash_and_why():
    records = [record(1, model="m1", scenario="s1"), record(2, model="m2", scenario="s2")]
    page = _render(records)
    comparison = page[page.index('id="comparison"'):page.index('id="variables"')]
    assert "<td class=num>— <span class=muted>(no shared unit: no test)</span></td>" in comparison
    assert "share no answered unit" in comparison          # and why, below the table


def test_mixed_languages_are_reported_separately_by_default():
    page = _render([record(1), record(2, language="bn")])
    assert "Grouped by: language (by default: the input mixes bn, hi" in page
    headline = page[page.index('id="headline"'):page.index('id="accuracy"')]
    assert "language=bn" in headline and "language=hi" in headline


def test_the_report_loads_nothing_from_outside():
    page = _render([record(1)])
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    assert "http://" not in page and "https://" not in page


def test_a_partial_analysis_is_flagged_in_the_header(tmp_path, capsys):
    run = tmp_path / "run"
    run.mkdir()
    lines = [json.dumps(record(i), ensure_ascii=False) for i in range(3)]
    (run / "analysis.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (run / "summary.json").write_text(json.dumps({"records": {"total": 3, "ok": 3, "error": 0},
                                                  "partial": True}), encoding="utf-8")
    assert cli.report_main([str(run / "analysis.jsonl"), "--out", str(tmp_path / "out"), "--resamples", "20"]) == 0
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    header = page[page.index("<header>"):page.index("</header>")]
    assert "Partial analysis" in header and "3 lines analysed before it stopped" in header
    # progress: a long report says what it is doing, not only the last line
    err = capsys.readouterr().err
    assert "computing the metrics" in err and "writing the dialogues (3 of 3)" in err
    assert cli.report_main([str(run / "analysis.jsonl"), "--out", str(tmp_path / "quiet"), "--resamples", "20",
                            "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_a_summary_counting_other_lines_is_flagged_and_a_complete_run_is_not(tmp_path):
    lines = [json.dumps(record(i), ensure_ascii=False) for i in range(3)]
    (tmp_path / "analysis.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "summary.json").write_text(json.dumps({"records": {"total": 3}}), encoding="utf-8")
    run = report_html.run_summary(tmp_path / "analysis.jsonl")
    assert report_html.run_warnings(run, 3) == []
    assert "counts 5 lines but the analysis has 3" in report_html.run_warnings({"records": {"total": 5}}, 3)[0]
    assert report_html.run_summary(tmp_path / "elsewhere" / "analysis.jsonl") is None
