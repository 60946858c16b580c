"""The HTML report: every section populated, evidence highlighted, untrusted text escaped."""
import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

from honorifics import metrics
from honorifics.report import cli, html as report_html, plots

DATA = Path(__file__).parent / "data" / "report"


def load(name):
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines()]


class ReportParser(HTMLParser):
    """Collects sections (text and tags inside each), script tags, attributes and images."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.sections, self.current, self.scripts, self.attributes, self.images = {}, None, [], [], []
        self.depth = 0
        self.in_script = False

    def handle_starttag(self, tag, attrs):
        self.attributes += [(tag, name, value) for name, value in attrs]
        if tag == "script":
            self.scripts.append("")
            self.in_script = True
        if tag == "img":
            self.images.append(dict(attrs))
        if tag == "section":
            self.current = dict(attrs)["id"]
            self.sections[self.current] = {"text": "", "tags": []}
            self.depth = 0
        if self.current:
            self.depth += tag == "section"
            self.sections[self.current]["tags"].append(tag)

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_script = False
        if tag == "section" and self.current:
            self.current = None

    def handle_data(self, data):
        if self.in_script:
            self.scripts[-1] += data
        elif self.current:
            self.sections[self.current]["text"] += data


@pytest.fixture(scope="module")
def example():
    records = load("example_analysis.jsonl") + load("malicious_analysis.jsonl")
    summary = metrics.compute_metrics(records, "model", n_resamples=100)
    page = report_html.render_report(records, summary, title="Fixture <report>")
    parser = ReportParser()
    parser.feed(page)
    return page, parser


def test_every_section_is_present_and_populated(example):
    _, parser = example
    assert list(parser.sections) == list(report_html.SECTIONS)
    for name, section in parser.sections.items():
        assert len(section["text"].strip()) > 40, name
    for name in ("headline", "accuracy", "distribution", "politeness", "asymmetry", "continuation",
                 "behaviour", "comparison", "variables"):
        assert "td" in parser.sections[name]["tags"], name
    headline = parser.sections["headline"]["text"]
    assert "model=model-a" in headline and "80.0% [49.0–94.3]" in headline   # model-a accuracy 8/10
    assert parser.sections["dialogues"]["tags"].count("article") == 16


def test_untrusted_text_is_escaped_and_nothing_is_loaded_from_outside(example):
    page, parser = example
    assert len(parser.scripts) == 1 and "applyFilters" in parser.scripts[0]
    assert "alert" not in parser.scripts[0]
    assert not [a for a in parser.attributes if a[1].startswith("on")]
    dialogue_text = parser.sections["dialogues"]["text"]
    assert '<script>alert("xss")</script>' in dialogue_text        # shown as text …
    assert "<img src=x onerror=alert(1)>" in dialogue_text
    assert "<script>alert" not in page and "<img src=x" not in page  # … never as markup
    assert "Fixture &lt;report&gt;" in page
    for tag, name, value in parser.attributes:
        if name in {"src", "href"}:
            assert value.startswith(("data:image/png;base64,", "#")), (tag, value)
    assert "http://" not in page and "https://" not in page


def test_plots_are_inline_png_when_matplotlib_is_present(example):
    _, parser = example
    if not plots.matplotlib_available():
        pytest.skip("matplotlib is not installed")
    assert len(parser.images) >= 6
    assert all(image["src"].startswith("data:image/png;base64,") for image in parser.images)


def test_report_without_matplotlib_says_so_in_one_line(monkeypatch):
    monkeypatch.setattr(plots, "matplotlib_available", lambda: False)
    records = load("example_analysis.jsonl")
    page = report_html.render_report(records, metrics.compute_metrics(records, n_resamples=50))
    assert "<img" not in page
    assert page.count("matplotlib is not installed") == 1
    assert "Confusion: all records" in page


def test_evidence_is_highlighted_by_span_relative_to_the_turn():
    text = "शर्मा जी: सर, आप ज़रा यह फ़ाइल देखो।"
    start = text.index("सर")
    turn_text = text[start:]
    evidence = []
    for word, tier in (("आप", "formal"), ("देखो", "familiar")):
        s = text.index(word)
        evidence.append({"text": word, "start": s, "end": s + len(word), "kind": "pronoun", "tier": tier,
                         "source": "lexicon", "rule": "r", "confidence": 1.0})
    pair = {"pronoun": evidence[0], "verb": evidence[1], "ok": False}
    turn = {"text": turn_text, "start": start, "end": len(text), "evidence": evidence, "agreement": [pair]}
    marked = report_html.highlight_turn(turn)
    assert '<mark class="ev tier-formal agr-bad"' in marked and ">आप</mark>" in marked
    assert ">देखो</mark>" in marked
    assert marked.startswith("सर, ") and marked.endswith("</mark>।")
    # A span that does not match its surface form is not highlighted at all.
    wrong = dict(turn, evidence=[dict(evidence[0], start=evidence[0]["start"] + 1, end=evidence[0]["end"] + 1)],
                 agreement=[])
    assert "<mark" not in report_html.highlight_turn(wrong)


def test_report_command_writes_summary_tables_and_html(tmp_path):
    source = tmp_path / "analysis.jsonl"
    lines = (DATA / "example_analysis.jsonl").read_text(encoding="utf-8").splitlines()
    source.write_text("\n".join(lines + ["{not json"]) + "\n", encoding="utf-8")
    cloze = tmp_path / "cloze.csv"
    cloze.write_text("model,cloze_accuracy\nmodel-a,0.9\nmodel-b,0.6\n", encoding="utf-8")
    out = tmp_path / "out"
    code = cli.report_main([str(source), "--out", str(out), "--group-by", "model", "--resamples", "50",
                            "--cloze", str(cloze)])
    assert code == 1   # done, but a line of the analysis was not JSON (issue 22: exit 1, as analyze)
    summary = json.loads((out / "metrics.json").read_text(encoding="utf-8"))
    assert (summary["n_lines"], summary["n_failed"]) == (17, 2)
    assert summary["cloze_correlation"]["n"] == 2
    assert (out / "tables" / "headline.csv").is_file()
    assert "Cloze–generation correlation" in (out / "report.html").read_text(encoding="utf-8")
    assert cli.report_main([str(tmp_path / "missing.jsonl"), "--out", str(out)]) == 2


def test_annotation_commands_round_trip(tmp_path, capsys):
    sheet = tmp_path / "sheet.csv"
    assert cli.export_annotation_main([str(DATA / "example_analysis.jsonl"), "--out", str(sheet),
                                       "--annotators", "asha,bilal", "--fraction", "0.5"]) == 0
    assert cli.export_annotation_main([str(DATA / "example_analysis.jsonl"), "--out", str(sheet),
                                       "--annotators", "solo"]) == 2
    assert cli.import_annotation_main([str(sheet)]) == 2   # nothing rated yet
    import csv
    with open(sheet, newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(handle))
    with open(tmp_path / "sheet.key.csv", newline="", encoding="utf-8-sig") as handle:
        automatic = {row["item_id"]: row["automatic_tier"] for row in csv.DictReader(handle)}
    for row in rows:   # the sheet is blind: each annotator names the tier (here the tool's)
        row.update(appropriateness="4", naturalness="5", consistency="yes", tier=automatic[row["item_id"]])
    with open(sheet, "w", newline="", encoding="utf-8-sig") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    out = tmp_path / "agreement.json"
    assert cli.import_annotation_main([str(sheet), "--out", str(out)]) == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["annotators"] == ["asha", "bilal"]
    assert report["n_ratings"] == len(rows)
    # Everybody named the automatic tier: it is the human majority on every item.
    agreement = report["automatic_vs_majority"]["agreement"]
    assert agreement["successes"] == agreement["n"] == report["n_items"]


def test_rate_bars_accept_bounds_that_cross_the_estimate_by_rounding():
    if not plots.matplotlib_available():
        pytest.skip("matplotlib is not installed")
    # Wilson for 76/76 gives high = 1 - 1e-16 < estimate in floating point: must still plot.
    figure = {"estimate": 1.0, "low": 0.952, "high": 1.0 - 1e-16, "n": 76}
    uri = plots.rate_bars([("all", {"avoidance": figure})], [("avoidance", ("avoidance",))], "t")
    assert uri.startswith("data:image/png;base64,") and len(uri) > 1000
