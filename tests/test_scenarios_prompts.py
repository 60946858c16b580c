"""Prompt rendering and the make-prompts command."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from honorifics.scenarios.bank import load_bank
from honorifics.scenarios.cli import make_prompts_main, prompt_records
from honorifics.scenarios.prompts import INSTRUCTIONS, render_prompt

FIXTURES = Path(__file__).parent / "data" / "scenarios"
FIXTURE_FILES = [FIXTURES / "hi_fixture.jsonl", FIXTURES / "bn_fixture.jsonl"]
FILES = [str(p) for p in FIXTURE_FILES]


@pytest.fixture(scope="module")
def bank():
    return load_bank(FIXTURE_FILES)


def test_hindi_dct_prompt(bank):
    prompt = render_prompt(bank["hi-dct-001"])
    lines = prompt.text.splitlines()
    assert lines[0].startswith("स्थिति: रोहित दिल्ली के एक कॉलेज में")
    assert "इस स्थिति में रोहित अनुराधा शर्मा से क्या कहेगा? केवल रोहित का संवाद लिखें (1-3 वाक्य)।" in prompt.text
    assert lines[-1] == "रोहित: …"
    assert prompt.max_tokens == 200
    # The female target gets the feminine verb.
    assert "नेहा अमित से क्या कहेगी?" in render_prompt(bank["hi-dct-003"]).text


def test_bangla_dct_prompt_writes_case_endings_onto_names(bank):
    text = render_prompt(bank["bn-dct-002"]).text
    assert text.startswith("পরিস্থিতি: কলকাতার একটি স্কুলে")
    assert "এই পরিস্থিতিতে শ্রেয়া অনিমেষ বসুকে কী বলবে? শুধু শ্রেয়ার সংলাপ লিখুন (১-৩ বাক্য)।" in text
    assert "শুধু তানভীরের সংলাপ" in render_prompt(bank["bn-dct-001"]).text


def test_continuation_prompt_has_instruction_then_seed_lines(bank):
    prompt = render_prompt(bank["hi-cont-001"])
    assert prompt.text.startswith("निम्नलिखित बातचीत को 2-3 और संवाद लिखकर आगे बढ़ाएँ।")
    assert prompt.text.endswith("करण: हाँ यार, पक्का। पर तुम्हारे पास कैमरा है क्या? मेरा ख़राब पड़ा है।")
    assert prompt.max_tokens == 300
    bangla = render_prompt(bank["bn-cont-001"]).text
    assert bangla.startswith("নিচের কথোপকথনটি আরও ২-৩টি সংলাপ লিখে এগিয়ে নিন।")
    assert "\nতিশা: আম্মু, তুমি একটু শোনো না।" in bangla


def test_shift_event_is_a_note_and_the_shift_happens_in_the_seed(bank):
    from honorifics.scenarios.bank import parse_scenario
    record = bank["hi-shift-001"].to_dict()
    record["shift_event"] = "राजेश बताता है कि वह पैंतालीस साल का बैंक मैनेजर है।"
    text = render_prompt(parse_scenario(record)).text
    assert record["shift_event"] not in text
    assert text.endswith("मैं पैंतालीस साल का हूँ, बैंक में मैनेजर हूँ, इतनी जल्दी हाथ नहीं चलते।")
    assert text == render_prompt(bank["hi-shift-001"]).text


def test_roleplay_prompt_lists_both_characters(bank):
    prompt = render_prompt(bank["bn-rp-001"])
    assert prompt.text.startswith("দুটি চরিত্রের মধ্যে একটি ছোট কথোপকথন (৪-৬টি সংলাপ) লিখুন।")
    assert "- ফাতেমা বেগম (৬২ বছর, রোগী): গ্রাম থেকে আসা বয়স্ক মহিলা" in prompt.text
    assert "- সাকিব হাসান (৩৪ বছর, ডাক্তার): হাসপাতালের তরুণ চিকিৎসক" in prompt.text
    assert prompt.max_tokens == 500
    hindi = render_prompt(bank["hi-rp-001"]).text
    assert "- कमला देवी (60 वर्ष, सास): पुराने ख़याल की, घर की मुखिया" in hindi


def test_pieces_cover_the_prompt_and_label_their_sources(bank):
    for scenario in bank:
        prompt = render_prompt(scenario)
        assert "".join(p.text for p in prompt.pieces) == prompt.text
        for piece in prompt.pieces:
            assert prompt.text[piece.start:piece.start + len(piece.text)] == piece.text
        situation = [p for p in prompt.pieces if p.source == "situation"]
        assert [p.text for p in situation] == [scenario.situation]
        seed_sources = {p.source for p in prompt.pieces if p.source.startswith("seed_turns")}
        assert bool(seed_sources) == (scenario.task == "continuation")
        assert any(p.source == INSTRUCTIONS for p in prompt.pieces)


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_make_prompts_expands_scenarios_temperatures_runs(tmp_path):
    out = tmp_path / "prompts.jsonl"
    assert make_prompts_main([*FILES, "-o", str(out), "--temperatures", "0,0.7,1", "--runs", "2"]) == 0
    records = read_jsonl(out)
    assert len(records) == 12 * 3 * 2
    assert len({r["id"] for r in records}) == len(records)
    first = records[0]
    assert set(first) == {"id", "scenario_id", "language", "task", "prompt", "max_tokens",
                          "temperature", "run"}
    assert first["id"] == "hi-dct-001-t0-r1" and first["temperature"] == 0.0 and first["run"] == 1
    assert {r["max_tokens"] for r in records if r["task"] == "roleplay"} == {500}
    assert {(r["temperature"], r["run"]) for r in records if r["scenario_id"] == "bn-rp-001"} == \
        {(t, n) for t in (0.0, 0.7, 1.0) for n in (1, 2)}
    # Deterministic: the same command gives the same bytes.
    again = tmp_path / "again.jsonl"
    make_prompts_main([*FILES, "-o", str(again), "--temperatures", "0,0.7,1", "--runs", "2"])
    assert again.read_bytes() == out.read_bytes()


def test_make_prompts_chat_and_batch_formats(tmp_path, bank):
    chat = tmp_path / "chat.jsonl"
    assert make_prompts_main([*FILES, "-o", str(chat), "--format", "chat", "--task", "dct",
                              "--system", "You are a writer."]) == 0
    records = read_jsonl(chat)
    assert len(records) == 6 and "prompt" not in records[0]
    assert records[0]["messages"] == [{"role": "system", "content": "You are a writer."},
                                      {"role": "user", "content": render_prompt(bank["hi-dct-001"]).text}]
    batch = tmp_path / "batch.jsonl"
    assert make_prompts_main([*FILES, "-o", str(batch), "--format", "batch", "--model", "gpt-4o-mini",
                              "--language", "bn", "--temperatures", "0.2"]) == 0
    requests = read_jsonl(batch)
    assert len(requests) == 6
    assert set(requests[0]) == {"custom_id", "method", "url", "body"}
    assert requests[0]["custom_id"] == "bn-dct-001-t0.2-r1"
    assert requests[0]["method"] == "POST" and requests[0]["url"] == "/v1/chat/completions"
    assert requests[0]["body"]["model"] == "gpt-4o-mini"
    assert requests[0]["body"]["max_tokens"] == 200 and requests[0]["body"]["temperature"] == 0.2
    assert requests[0]["body"]["messages"][0]["content"].startswith("পরিস্থিতি:")


@pytest.mark.parametrize("filters, expected_ids", [
    (["--tier", "tumi"], {"hi-cont-001", "hi-shift-001", "hi-rp-001", "bn-cont-001", "bn-shift-001"}),
    (["--tier", "आप", "--language", "hi", "--task", "dct"], {"hi-dct-001", "hi-dct-003"}),
    (["--ambiguous", "yes"], {"hi-dct-003", "bn-dct-001"}),
    (["--subtask", "tier_shift"], {"hi-shift-001", "bn-shift-001"}),
    (["--variable", "relationship_type=family", "--variable", "key=pleading"], {"hi-rp-001", "bn-cont-001"}),
    (["--variable", "region=bangladesh", "--task", "roleplay"], {"bn-rp-001"}),
])
def test_make_prompts_filters(tmp_path, filters, expected_ids):
    out = tmp_path / "filtered.jsonl"
    assert make_prompts_main([*FILES, "-o", str(out), *filters]) == 0
    assert {r["scenario_id"] for r in read_jsonl(out)} == expected_ids


@pytest.mark.parametrize("arguments, message", [
    (["--temperatures", "warm"], "--temperatures 'warm'"),
    (["--temperatures", "5"], "between 0 and 2"),
    (["--runs", "0"], "--runs must be at least 1"),
    (["--format", "batch"], "--format batch needs --model"),
    (["--variable", "colour=red"], "--variable 'colour': unknown"),
    (["--variable", "family"], "write key=value"),
    (["--tier", "respectful"], "unknown tier 'respectful'"),
    (["--language", "bn", "--tier", "tui", "--task", "roleplay"], "no scenario matches the filters"),
])
def test_make_prompts_bad_input_gives_one_line_error(tmp_path, capsys, arguments, message):
    assert make_prompts_main([*FILES, "-o", str(tmp_path / "x.jsonl"), *arguments]) == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert error[-1].startswith("make-prompts: error: ") and message in error[-1]


def test_prompt_records_ids_are_stable_across_formats(bank):
    plain = prompt_records(bank, [0.7], 1, "plain")
    batch = prompt_records(bank, [0.7], 1, "batch", model="m")
    assert [r["id"] for r in plain] == [r["custom_id"] for r in batch]


def test_prompt_ids_parse_back_to_scenario_temperature_run(bank):
    from honorifics.scenarios.prompts import parse_prompt_id
    for record in prompt_records(bank, [0.0, 1.2], 2, "batch", model="m"):
        scenario_id, temperature, run = parse_prompt_id(record["custom_id"])
        assert scenario_id in bank
        assert temperature == record["body"]["temperature"] and run in (1, 2)
    with pytest.raises(ValueError, match="is not a prompt id"):
        parse_prompt_id("hi-dct-001")
