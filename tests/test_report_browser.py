"""The report in a real browser: the system's headless Chromium loads report.html from a
file:// URL, the client-side filters and pages change which dialogues are visible as the
embedded data says they should, and the page asks the network for nothing.

Chromium is driven over the DevTools protocol on a pipe (tests/chromium.py): no WebDriver,
no Python package, nothing that downloads a browser. Without Chromium the test skips
(Debian/Ubuntu: ``apt-get install chromium``; ``.ci/run`` installs it when it can).
"""
import json
from pathlib import Path

import pytest

from chromium import Chromium, find_chromium
from honorifics import metrics
from honorifics.report import html as report_html
from test_report_view import cards_of, record

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian/Ubuntu: apt-get install "
                                                          "chromium): the report's browser test needs a real browser")
DATA = Path(__file__).parent / "data" / "report"


def _records():
    records = [record(i, model="m1", scenario=f"hi-dct-{i % 7}") for i in range(70)]
    records += [record(100 + i, task="roleplay", model="m2", scenario=f"hi-rp-{i % 5}") for i in range(30)]
    records += [record(200 + i, language="bn", task="roleplay", scenario=f"bn-rp-{i % 4}") for i in range(25)]
    records += [record(300 + i, language="bn", scenario=f"bn-dct-{i}") for i in range(4)]
    records.append(record(400, language="bn", tier="none", refusal=True, scenario="bn-dct-9",
                          text="দুঃখিত, আমি এই সংলাপটি লিখতে পারব না। আপনি কী চান?",
                          speakers={"রিনা": {"addressee": "মা", "tier": "none", "consistent": True, "turns": 0,
                                             "expected": ["intimate"], "correct": False}}))
    records.append(record(401, text="अरे भाई, तुम्हारा झुमरीतलैया वाला दोस्त कहाँ है?", scenario="hi-dct-unique",
                          model="m3"))   # a stratum of its own: embedded whatever the sample
    # untrusted text that would load an image if it were markup
    records += [json.loads(line) for line in (DATA / "malicious_analysis.jsonl").read_text("utf-8").splitlines()]
    return records


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    records = _records()
    summary = metrics.compute_metrics(records, n_resamples=20)
    out = tmp_path_factory.mktemp("report")
    path = report_html.write_report(records, out, summary=summary, max_dialogues=100)
    return path, cards_of(path.read_text(encoding="utf-8")).cards


@pytest.fixture(scope="module")
def page(report):
    with Chromium.start(CHROMIUM) as browser:
        yield browser.open(report[0].resolve().as_uri())


def visible(page):
    return page.evaluate("document.querySelectorAll('article.dialogue:not([hidden])').length")


def matching(page):
    return int(page.evaluate("document.getElementById('f-count').textContent"))


def choose(page, element, value):
    """Set a filter as a person would: the value, then the event the page listens to."""
    event = "change" if element.startswith("f-") and page.evaluate(
        f"document.getElementById('{element}').tagName") == "SELECT" else "input"
    page.evaluate(f"(function () {{ var el = document.getElementById({json.dumps(element)}); "
                  f"el.value = {json.dumps(value)}; el.dispatchEvent(new Event('{event}')); }})()")


def reset(page):
    page.evaluate("document.getElementById('f-reset').click()")


def test_filters_change_the_visible_dialogues_as_the_data_says(report, page):
    _, cards = report
    assert len(cards) == 100                                  # the cap: a stratified sample of 132
    assert matching(page) == 100 and visible(page) == report_html.PAGE_SIZE   # first page
    bangla = [c for c in cards if c["data-language"] == "bn"]
    assert len(bangla) == 30                                  # small strata are embedded whole
    choose(page, "f-language", "bn")
    assert matching(page) == visible(page) == 30
    choose(page, "f-task", "roleplay")
    assert matching(page) == visible(page) == sum(c["data-task"] == "roleplay" for c in bangla) == 25
    reset(page)
    assert matching(page) == 100
    choose(page, "f-tier", "refused")
    assert matching(page) == visible(page) == 1
    reset(page)
    choose(page, "f-search", "झुमरीतलैया")
    assert matching(page) == visible(page) == 1
    reset(page)
    choose(page, "f-scenario", "bn-rp-")
    assert matching(page) == sum(c["data-scenario"].startswith("bn-rp-") for c in cards)
    reset(page)
    choose(page, "f-model", "m2")
    assert matching(page) == sum(c["data-model"] == "m2" for c in cards) > 0


def test_pages_of_dialogues(page):
    reset(page)
    assert page.evaluate("document.getElementById('f-prev').disabled") is True
    page.evaluate("document.getElementById('f-next').click()")
    assert visible(page) == 100 - report_html.PAGE_SIZE
    assert page.evaluate("document.getElementById('f-next').disabled") is True
    choose(page, "f-page-size", "0")                          # all on one page
    assert visible(page) == 100


def test_the_page_asks_the_network_for_nothing_and_raises_no_error(report, page):
    urls = page.requested_urls()
    assert urls and urls[0] == report[0].resolve().as_uri()
    assert all(url.startswith(("file://", "data:")) for url in urls), urls
    assert page.evaluate("document.querySelectorAll('script:not(:empty), img[src^=x]').length") == 1
    assert page.errors() == []
