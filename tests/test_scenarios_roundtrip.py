"""make-prompts → (hand-written model outputs) → analyze-generations: the bank join.

Each output is what a model could plausibly answer to the rendered prompt, in
Hindi or Bangla, written in the tiers noted next to it (one of them is a
deliberate under-polite error: a student using তুমি to her teacher).
"""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from honorifics.scenarios.bank import load_bank
from honorifics.scenarios.cli import make_prompts_main

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("honorifics.pipeline") is None,
    reason="the core analyzer (honorifics.pipeline) has not landed yet")

FIXTURES = Path(__file__).parent / "data" / "scenarios"
FIXTURE_FILES = [FIXTURES / "hi_fixture.jsonl", FIXTURES / "bn_fixture.jsonl"]

# scenario_id → (output text, the tier each speaker uses in it)
OUTPUTS = {
    "hi-dct-001": ("रोहित: मैडम, मेरे पिताजी अस्पताल में भर्ती हैं। क्या आप मुझे तीन दिन की मोहलत दे "
                   "सकती हैं? मैं सोमवार तक पेपर ज़रूर जमा कर दूँगा।", {"रोहित": "formal"}),
    "hi-dct-002": ("विकास: मोनू, इधर आ! तूने मेरा हेडफ़ोन बिना पूछे क्यों उठाया? अब देख, तोड़ के ले आया।",
                   {"विकास": "intimate"}),
    "hi-dct-003": ("नेहा: हाय, मैं नेहा हूँ, आज ही जॉइन किया है। अगर आपको दिक़्क़त न हो तो क्या मैं यहाँ "
                   "बैठ सकती हूँ?", {"नेहा": "formal"}),
    "hi-cont-001": ("सोनिया: हाँ, मेरे पास कैमरा है, मैं ले आऊँगी। तुम बस अपना पावर बैंक चार्ज करके रखना।\n"
                    "करण: ठीक है। और सुनो, तुम टिकट मेरे नंबर पर भी भेज देना।",
                    {"सोनिया": "familiar", "करण": "familiar"}),
    "hi-shift-001": ("कबीर: अरे सर, माफ़ कीजिए! मुझे बिलकुल अंदाज़ा नहीं था। आप आराम से खेलिए, मैं कवर दे दूँगा।\n"
                     "राजेश: कोई बात नहीं बेटा, तुम बस गाली मत देना।\n"
                     "कबीर: बिलकुल नहीं, आगे से आपको शिकायत का मौक़ा नहीं मिलेगा।",
                     {"कबीर": "formal", "राजेश": "familiar"}),
    "hi-rp-001": ("प्रिया: माँजी, मुझे आपसे एक बात करनी है। मुझे एक दफ़्तर में अकाउंटेंट की नौकरी मिली है।\n"
                  "कमला देवी: नौकरी? फिर तू घर कैसे सँभालेगी? हमारे यहाँ बहुएँ बाहर काम नहीं करतीं।\n"
                  "प्रिया: माँजी, मैं सुबह खाना बनाकर जाऊँगी, आप चिंता मत कीजिए।\n"
                  "कमला देवी: देख प्रिया, मुझे ये सब पसंद नहीं। पहले अपने पति से पूछ ले।",
                  {"प्रिया": "formal", "कमला देवी": "intimate"}),
    "bn-dct-001": ("তানভীর: চাচা, আপনি মোহাম্মদপুর যাবেন? ভাড়া কত নেবেন?", {"তানভীর": "formal"}),
    "bn-dct-002": ("শ্রেয়া: স্যার, তুমি এই অঙ্কটা আরেকবার দেখো, উত্তরটা তো ঠিকই আছে।",
                   {"শ্রেয়া": "familiar"}),
    "bn-dct-003": ("রাজু: আরে বাবলু! তুই কবে ফিরলি? একটা খবরও দিসনি কেন রে?", {"রাজু": "intimate"}),
    "bn-cont-001": ("তিশা: প্লিজ আম্মু, তুমি রাজি হয়ে যাও। আমি ফিরে এসে সারাদিন পড়ব।\n"
                    "নাসরিন: তোমার আব্বুর সঙ্গে কথা বলে দেখি। কিন্তু তুমি পরীক্ষার আগে আর কোথাও যাবে না।",
                    {"তিশা": "familiar", "নাসরিন": "familiar"}),
    "bn-shift-001": ("শুভ: ও, আপনি নতুন ম্যানেজার! মাফ করবেন স্যার, আমি বুঝতে পারিনি। আপনি বসুন।\n"
                     "প্রদীপ সেনগুপ্ত: ঠিক আছে, ঠিক আছে। তুমি বরং জানলার ধারে বসো, আমি দাঁড়িয়েই যাচ্ছি।",
                     {"শুভ": "formal", "প্রদীপ সেনগুপ্ত": "familiar"}),
    "bn-rp-001": ("ফাতেমা বেগম: ডাক্তার সাহেব, এত পরীক্ষা করাতে কত টাকা লাগবে? আমার তো অত টাকা নেই।\n"
                  "সাকিব হাসান: খালা, আপনি চিন্তা করবেন না। সরকারি হাসপাতালে খরচ কম, আমি লিখে দিচ্ছি।\n"
                  "ফাতেমা বেগম: আপনি যা ভালো বোঝেন, বাবা। আল্লাহ আপনার ভালো করুক।\n"
                  "সাকিব হাসান: কাল সকালে খালি পেটে আসবেন, আপনার রিপোর্ট আমি নিজে দেখে নেব।",
                  {"ফাতেমা বেগম": "formal", "সাকিব হাসান": "formal"}),
}


@pytest.fixture(scope="module")
def bank():
    return load_bank(FIXTURE_FILES)


@pytest.fixture(scope="module")
def outputs(tmp_path_factory, bank):
    """Prompts from make-prompts, answered by the hand-written outputs above."""
    folder = tmp_path_factory.mktemp("roundtrip")
    prompts_path = folder / "prompts.jsonl"
    assert make_prompts_main([*map(str, FIXTURE_FILES), "--out", str(prompts_path),
                              "--temperatures", "0.7", "--runs", "1"]) == 0
    prompts = [json.loads(line) for line in prompts_path.read_text(encoding="utf-8").splitlines()]
    assert {p["scenario_id"] for p in prompts} == set(OUTPUTS)
    rows = []
    for prompt in prompts:
        text, _ = OUTPUTS[prompt["scenario_id"]]
        # Every speaker the output names was announced by the prompt.
        for line in text.splitlines():
            assert line.split(":")[0] in prompt["prompt"]
        rows.append({"id": prompt["id"], "scenario_id": prompt["scenario_id"], "model": "handwritten",
                     "temperature": prompt["temperature"], "run": prompt["run"], "text": text})
    path = folder / "outputs.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def check_join(record: dict, bank) -> None:
    scenario_id = record["scenario_id"]
    context = bank.context(scenario_id)
    text, used = OUTPUTS[scenario_id]
    assert record["status"] == "ok", record
    assert record["task"] == context.task and record["language"] == context.language
    assert record["scenario"] == context.scenario
    for speaker, expectation in context.expectations.items():
        result = record["speakers"][speaker]
        assert result["addressee"] == expectation.addressee
        assert tuple(result["expected"]) == expectation.tiers
        assert result["tier"] == used[speaker], (scenario_id, speaker, result)
        assert result["correct"] == (used[speaker] in expectation.tiers)
    # A DCT scores only the target speaker; the addressee has no expectation.
    if context.task == "dct":
        addressee = context.expectations[context.scenario["target_speaker"]].addressee
        assert "expected" not in record["speakers"].get(addressee, {})


def test_api_round_trip(outputs, bank):
    import honorifics
    lines = outputs.read_text(encoding="utf-8").splitlines()
    records = [r.to_dict() for r in honorifics.analyze_records(lines, scenario_bank=bank)]
    assert len(records) == len(OUTPUTS)
    for record in records:
        check_join(record, bank)
    wrong = next(r for r in records if r["scenario_id"] == "bn-dct-002")
    assert wrong["speakers"]["শ্রেয়া"]["correct"] is False
    assert wrong["speakers"]["শ্রেয়া"]["error_direction"] == "under-polite"


def test_command_round_trip(outputs, bank, tmp_path):
    from honorifics.cli import analyze_generations_main
    out_dir = tmp_path / "analysis"
    arguments = [str(outputs), "--out", str(out_dir), "--no-classifier", "--quiet"]
    for path in FIXTURE_FILES:
        arguments += ["--scenarios", str(path)]
    assert analyze_generations_main(arguments) == 0
    records = [json.loads(line) for line in
               (out_dir / "analysis.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [r["scenario_id"] for r in records] == list(OUTPUTS)
    for record in records:
        check_join(record, bank)


# One line per (language, tier), addressed by name: enough for the analyzer to
# find the speaker's tier in any scenario of the shipped bank.
LINES = {
    "hi": {"intimate": "{addressee}, तू ज़रा इधर आ, तुझसे एक ज़रूरी बात करनी है।",
           "familiar": "{addressee}, तुम ज़रा इधर आओ, तुमसे एक ज़रूरी बात करनी है।",
           "formal": "{addressee}, आप ज़रा इधर आइए, आपसे एक ज़रूरी बात करनी है।"},
    "bn": {"intimate": "{addressee}, তুই একটু এদিকে আয়, তোর সঙ্গে একটা জরুরি কথা আছে।",
           "familiar": "{addressee}, তুমি একটু এদিকে এসো, তোমার সঙ্গে একটা জরুরি কথা আছে।",
           "formal": "{addressee}, আপনি একটু এদিকে আসুন, আপনার সঙ্গে একটা জরুরি কথা আছে।"},
}


def test_every_shipped_scenario_joins_through_the_analyzer():
    """Each scenario of the shipped bank, answered in its expected tiers, scores correct."""
    import honorifics
    from honorifics.scenarios.bank import builtin_paths
    present, missing = builtin_paths()
    if not present:
        pytest.skip("no scenario data written yet under honorifics/scenarios/data/")
    bank = load_bank(present)
    rows = []
    for scenario in bank:
        lines = [f"{a.speaker}: " + LINES[scenario.language][a.expected.primary].format(addressee=a.addressee)
                 for a in scenario.addressing]
        rows.append({"id": scenario.id, "scenario_id": scenario.id, "text": "\n".join(lines)})
    wrong = []
    for row, result in zip(rows, honorifics.analyze_records(rows, scenario_bank=bank)):
        record = result.to_dict()
        context = bank.context(row["scenario_id"])
        assert record["scenario"] == context.scenario
        for speaker, expectation in context.expectations.items():
            got = record["speakers"][speaker]
            assert tuple(got["expected"]) == expectation.tiers
            if got["tier"] != expectation.tiers[0] or not got["correct"]:
                wrong.append(f"{row['id']} {speaker}: {got['tier']} (expected {expectation.tiers})")
    assert wrong == [], "\n".join(wrong[:20])
