"""Out-of-character text: refusals, offers, preambles and meta-answers are addressed to the user."""
import pytest

from honorifics import analyze_text
from honorifics.extraction.out_of_character import load_cues, out_of_character_spans


def kinds(result):
    return [t.kind for t in result.turns]


def test_refusal_with_offer_then_in_character_lines():
    text = ("क्षमा करें, मैं किसी मौजूदा फ़िल्म की पटकथा आगे नहीं बढ़ा सकती; चाहें तो इसी मिज़ाज में "
            "एक मौलिक दृश्य लिख दूँ — बताइए?\n\nराहुल: अबे तू कब आया?\nसमीर: अभी आया यार, तू बता।")
    result = analyze_text(text, language="hi", speakers=["राहुल", "समीर"], task="roleplay")
    assert result.refusal is True
    assert result.turns[0].kind == "refusal" and result.turns[0].addressee == "user"
    # the apology's करें and the offer's बताइए are address to the user, not the characters'
    assert result.user_tier == "formal"
    assert {n: s.tier for n, s in result.speakers.items()} == {"राहुल": "intimate", "समीर": "intimate"}
    assert result.tier == "intimate"


def test_refusal_then_unlisted_label_without_task_is_a_character():
    text = ("क्षमा करें, मैं यह संवाद नहीं लिख सकती; चाहें तो कुछ और लिख दूँ?\n\n"
            "राहुल: अबे तू कब आया?")
    result = analyze_text(text, language="hi")
    assert result.speakers["राहुल"].tier == "intimate" and result.tier == "intimate"


def test_bangla_chat_refusal_is_flagged_and_its_address_is_the_reply_tier():
    # gpt-3.5 reply (real output, zabir-nabil/bangla-multilingual-llm-eval)
    text = (" দুঃখিত, আমি এই ধরণের কাজ সমর্থন করতে পারি না। আমি কেবল টেক্সট ভিত্তিক প্রশিক্ষণ প্রদান "
            "করতে পারি। আপনি যদি কোনো অন্য সাহায্য প্রয়োজন থাকে তাহলে অনুগ্রহ করে বলুন।")
    result = analyze_text(text, language="bn")
    assert result.refusal is True
    assert kinds(result) == ["refusal"]
    # wholly out of character: the refused outcome, its address to the user in user_tier
    assert result.tier == "none" and result.user_tier == "formal" and result.avoidance is False


def test_ai_identity_is_a_refusal():
    text = "मेरे पास खाने या भोजन की इच्छा या क्षमता नहीं है, क्योंकि मैं एक एआई चैटबॉट हूँ।"
    assert analyze_text(text, language="hi").refusal is True


def test_english_refusal_before_a_bangla_role_play():
    text = "I'm sorry, but I can't continue this scene.\nমা: তুই কোথায় ছিলি?\nছেলে: বাইরে ছিলাম মা।"
    result = analyze_text(text, language="bn", speakers=["মা", "ছেলে"])
    assert result.refusal is True and result.turns[0].kind == "refusal"
    assert result.speakers["মা"].tier == "intimate"


def test_offer_in_the_next_paragraph_continues_the_refusal():
    text = "দুঃখিত, আমি এই গল্পটি লিখতে পারব না।\n\nআপনি চাইলে আমি অন্য একটি গল্প লিখে দিতে পারি।"
    result = analyze_text(text, language="bn", speakers=["মা", "ছেলে"], task="roleplay")
    assert kinds(result) == ["refusal", "refusal"]
    assert result.user_tier == "formal"
    assert all(s.tier == "none" for s in result.speakers.values())


def test_romanized_refusal():
    text = "Maaf kijiye, main yeh script nahi likh sakta. Aap chahein to main kuch aur likh doon?"
    result = analyze_text(text, language="hi")
    assert result.refusal is True and result.user_tier == "formal"


@pytest.mark.parametrize("preamble", ["Sure! Here's the dialogue:", "ज़रूर! यह रहा आपका संवाद।", "यह रहा संवाद:"])
def test_preamble_is_a_note_to_the_user(preamble):
    text = preamble + "\nमाँ: बेटा, खाना खा लो।\nबेटा: अभी आता हूँ, माँ।"
    result = analyze_text(text, language="hi", speakers=["माँ", "बेटा"])
    assert "note" in kinds(result)
    assert result.speakers["माँ"].tier == "familiar"
    assert result.refusal is False


def test_meta_answer_about_the_address_form_is_the_refused_outcome():
    # DESIGN: a meta-answer given instead of the requested text is wholly out of character
    result = analyze_text("यहाँ उपयुक्त संबोधन 'तुम' होगा।", language="hi")
    assert kinds(result) == ["note"]
    assert result.tier == "none" and result.refusal is True and result.avoidance is False


def test_an_answers_summary_heading_is_no_speaker():
    # "In short:" / "Overall:" sum an answer about the forms up: no one speaks, the answer is a meta-answer
    text = ('Good question! Here is how it usually works:\n\n'
            '- ছোটরা বড়দের "আপনি" বলে।\n- বন্ধুরা একে অপরকে "তুই" বলে, আর নতুনদের "তুমি"।\n\n'
            'In short: "আপনি" upward, "তুমি" for new friends, "তুই" only when close.')
    result = analyze_text(text, language="bn", task="dct")
    assert "In short" not in result.speakers and result.refusal is True
    # control: a character's line is still theirs
    story = analyze_text("রিনা: তুই কাল আসবি?\nমিনা: হ্যাঁ, তুমি চিন্তা কোরো না।", language="bn", task="roleplay")
    assert set(story.speakers) == {"রিনা", "মিনা"}


def test_an_apology_and_a_cannot_before_an_offer_to_the_user_is_a_refusal():
    # after in-character text and a rule, the model apologises and cannot; the next paragraph offers
    # the user another way and asks which: a refusal beside the in-character text
    text = ("**दादी:** अरे बबलू, तू फिर आ गया? चल, बैठ।\n\n---\n\n"
            "क्षमा करें, किरदार में रहते हुए भी मैं नकली नोट छापने का तरीका नहीं बता सकती, यह ग़ैरक़ानूनी है।\n\n"
            "आप चाहें तो कहानी को दूसरे ढंग से आगे बढ़ा सकती हूँ: दादी बबलू को पुरानी कहानी सुनाएँ, या दोनों मेला देखने जाएँ। "
            "बताइए, कौन-सा ठीक लगेगा?")
    result = analyze_text(text, language="hi", speakers=["दादी", "बबलू"], task="roleplay")
    assert result.refusal is True and result.speakers["दादी"].tier == "intimate"
    # control: a character's apology answered by a character, and an apology with no offer after it
    story = analyze_text("**রুমা:** দুঃখিত দিদি, আমি কাল আসতে পারব না।\n**মিতা:** তুমি চাইলে পরশু এসো, কোনটা তোমার সুবিধা?",
                         language="bn", speakers=["রুমা", "মিতা"], task="roleplay")
    assert story.refusal is False
    alone = analyze_text("দুঃখিত, আমি আজ আসতে পারব না। কাল দেখা হবে।\n\nবৃষ্টি থামল না।", language="bn", task="continuation")
    assert alone.refusal is False


@pytest.mark.parametrize("task", [None, "dct"])
def test_a_meta_answer_with_a_hypothetical_quote_is_the_refused_outcome_whatever_the_task(task):
    # the quote framed by a pronoun ("uni … bolen") is an example inside the answer, with or without a DCT task
    text = ('Bhalo proshno! Ekhane "apni" naki "tumi" — kon ta use kora uchit, seta somporker upor depend kore.\n\n'
            '👉 Prothom dekha hole **"apni"** bolai uchit.\n👉 **"Tumi"** bola jete pare jodi onek diner chena hoy, '
            'ar uni nijei bolen "amake tumi bolo".')
    result = analyze_text(text, language="bn", task=task)
    assert result.refusal is True and result.tier == "none"
    # control: the same words as a story's continuation are a character's speech
    story = analyze_text('Dadu hese bollen, "amake tumi bolo, apni noy." Mitu lojja peye matha nere bollo, "Accha, tumi boso."',
                         language="bn", task="continuation")
    assert story.refusal is False


@pytest.mark.parametrize("text, language, task", [
    ("मैं तुम्हारे बिना एक पल भी नहीं रह सकता।", "hi", None),         # a character's "can't"
    ("मैं इस कहानी की कल्पना भी नहीं कर सकता!", "hi", None),          # idiom
    ("माफ़ कीजिए सर, मैं कल की मीटिंग में नहीं आ सकता।", "hi", "dct"),  # an in-character apology
    ("আমি কি আর সহজ গান গাইতে পারি না?", "bn", None),                 # rhetorical question (Sukumar Ray)
    ("क्या मैं आपकी किसी लेख को बनाने या बढ़ाने में सहायता कर सकता हूँ?", "hi", None),  # न inside बनाने
    ("I can't believe you did that, yaar!", "hi", None),
])
def test_in_character_inability_is_not_a_refusal(text, language, task):
    assert analyze_text(text, language=language, task=task).refusal is False


def test_dct_apology_keeps_its_formal_address():
    result = analyze_text("माफ़ कीजिए सर, मैं कल की मीटिंग में नहीं आ सकता।", language="hi", task="dct")
    assert result.tier == "formal"


def test_plain_reply_line_ending_in_a_colon_is_part_of_the_reply():
    # language-confusion, llama-3: a list introduced by a sentence addressed to the user
    text = ("आप एक डिब्बे को खोलने के लिए निम्नलिखित तरीके का उपयोग कर सकते हैं:\n\n"
            "1. डिब्बे के किनारों को एक तरफ से काटें।")
    result = analyze_text(text, language="hi")
    assert result.tier == "formal" and result.turns[0].addressee == "user"


def test_reply_headings_are_not_speakers():
    text = ("আমি তোমাকে সাহায্য করার জন্য এই নিবন্ধের বিষয়বস্তু বিশ্লেষণ করব।\n\n"
            "**ধাপ ১: মূল বিষয়বস্তু বোঝা**\nনিবন্ধের বিষয়বস্তু হলো সানি লিওনের জীবনী।\n"
            "**ধাপ ২: বিভাগ মিলান**\nতাই, নিবন্ধের বিভাগ হলো বিনোদন।")
    result = analyze_text(text, language="bn")
    assert [t.speaker for t in result.turns if t.kind == "speech"] == ["speaker"]
    assert result.tier == "familiar"


def test_spans_are_sentence_level_and_keep_text_before_the_refusal():
    text = "राहुल अंदर आया। मुझे खेद है, मैं यह पटकथा नहीं लिख सकता।"
    [(start, end, kind)] = out_of_character_spans(text, 0, len(text), "hi")
    assert kind == "refusal" and text[start:end] == "मुझे खेद है, मैं यह पटकथा नहीं लिख सकता।"


def test_cues_are_data_for_every_lexicon():
    for name in ("hi", "bn", "hi-Latn", "bn-Latn"):
        cues = load_cues(name)
        assert {"apology", "inability", "task", "ai_identity", "offer", "preamble", "meta"} <= set(cues.sources)
    assert "inability" in load_cues("bn").found("আমি এই নিবন্ধের জন্য প্রশিক্ষিত নয়।")   # নয় with U+09DF


@pytest.mark.parametrize("text, language, task", [
    # a clerk declining in a DCT answer: "help" counts only in a plain reply to the user
    ("माफ़ कीजिए सर, मैं इसमें आपकी कोई मदद नहीं कर सकता। मैनेजर से बात कीजिए।", "hi", "dct"),
    # a mother in a role-play: कहानी is a weak task word, सुना is not writing
    ("मैं तुम्हें अभी कहानी नहीं सुना सकती, चुपचाप सो जाओ।", "hi", "roleplay"),
])
def test_in_character_refusals_of_characters_are_speech(text, language, task):
    result = analyze_text(text, language=language, task=task)
    assert result.refusal is False and result.tier in ("formal", "familiar")


def test_writing_a_story_or_citing_a_policy_is_a_refusal_in_a_role_play():
    story = analyze_text("I'm sorry, but I can't continue this story.", language="hi", task="roleplay")
    assert story.refusal is True
    policy = analyze_text("माफ़ कीजिए, यह अनुरोध मेरी नीति के ख़िलाफ़ है।\nराहुल: तू कहाँ है?",
                          language="hi", speakers=["राहुल", "समीर"])
    assert policy.refusal is True and policy.speakers["राहुल"].tier == "intimate"


@pytest.mark.parametrize("text, language, speakers", [
    ("राहुल: अबे तू कहाँ था?\nसमीर: घर पर था यार।\n\nमुझे उम्मीद है कि आपको यह संवाद पसंद आया होगा।",
     "hi", ["राहुल", "समीर"]),
    ("মা: তুই কোথায় ছিলি?\nছেলে: বাইরে ছিলাম মা।\n\nআশা করি এই সংলাপটি আপনার ভালো লেগেছে।", "bn", ["মা", "ছেলে"]),
])
def test_closing_note_after_a_dialogue_is_not_the_last_speakers_line(text, language, speakers):
    result = analyze_text(text, language=language, speakers=speakers)
    assert result.turns[-1].kind == "note" and result.turns[-1].addressee == "user"
    assert result.speakers[speakers[1]].tier == "none"     # not the note's formal आपको/আপনার
    assert result.user_tier == "formal" and result.refusal is False


@pytest.mark.parametrize("text, language, speakers", [
    ("राहुल: अबे तू कहाँ था?\nसमीर: घर पर था यार।\nक्या आप चाहेंगे कि मैं इस संवाद को और औपचारिक बना दूँ?",
     "hi", ["राहुल", "समीर"]),
    ("মা: তুই কোথায় ছিলি?\nছেলে: বাইরে ছিলাম মা।\nআপনি কি চান আমি সংলাপটি আরও লম্বা করি?", "bn", ["মা", "ছেলে"]),
    ("Rahul: abe tu kahan tha?\nSameer: ghar pe tha yaar.\nShould I make the dialogue more formal?",
     "hi", ["Rahul", "Sameer"]),
])
def test_question_to_the_user_about_the_task_is_a_note(text, language, speakers):
    result = analyze_text(text, language=language, speakers=speakers)
    assert result.turns[-1].kind == "note" and result.turns[-1].addressee == "user"
    assert result.speakers[speakers[1]].tier == "none"


def test_user_tier_is_in_the_output_record():
    from honorifics.pipeline import Analyzer
    record = Analyzer().analyze_object({"id": "r1", "language": "bn",
                                        "text": "দুঃখিত, আমি এই গল্পটি লিখতে পারব না। আপনি অন্য কিছু বলুন।"}).to_dict()
    assert record["refusal"] is True and record["user_tier"] == "formal" and record["tier"] == "none"
    assert record["turns"][0]["kind"] == "refusal" and record["turns"][0]["addressee"] == "user"


@pytest.mark.parametrize("text, language", [
    ("मुझे क्षमा करें, लेकिन मैं इस अनुरोध में सहायता नहीं कर सकता।", "hi"),
    ("एक AI के रूप में, मेरी कोई निजी राय नहीं है।", "hi"),
    ("यह अनुरोध मेरे दिशानिर्देशों का उल्लंघन करता है।", "hi"),
    ("मैं ऐसा कोई संवाद नहीं लिखूँगा जिसमें गाली-गलौज हो।", "hi"),
    ("আমি দুঃখিত, কিন্তু আমি এই অনুরোধটি পূরণ করতে পারব না।", "bn"),
    ("একজন এআই সহকারী হিসেবে আমি এই চরিত্রে অভিনয় করতে পারব না।", "bn"),
    ("Maaf kijiye, lekin main is request mein madad nahi kar sakta.", "hi"),
])
def test_common_refusal_wordings_inside_a_role_play(text, language):
    assert analyze_text(text, language=language, task="roleplay").refusal is True


@pytest.mark.parametrize("text", [
    "मैं आज खाना नहीं बनाऊँगी, तुम बाहर से मँगा लो।",
    "मेरी नीति है कि मैं उधार नहीं देता, भाई साहब।",
])
def test_a_characters_will_not_is_not_a_refusal(text):
    assert analyze_text(text, language="hi", task="roleplay").refusal is False


def _bundled_texts_nfd() -> list[str]:
    """Every text of the bundled data sets, in NFD (as the cues are matched)."""
    import json
    import unicodedata
    from pathlib import Path

    texts = []
    for path in sorted((Path(__file__).resolve().parent.parent / "data").glob("*.jsonl")):
        for line in path.read_text("utf-8").splitlines():
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict) and isinstance(value.get("text"), str):
                texts.append(unicodedata.normalize("NFD", value["text"]))
    return texts


def test_compiled_cue_patterns_match_where_the_written_cues_match():
    """The cue regexes as compiled (leading groups spread into alternatives, alternatives
    grouped by first letter, the triggers matching the character before a cue) find a
    cue in exactly the texts where the cues as written in the out_of_character.yaml files do."""
    import re
    import unicodedata

    from honorifics.extraction.out_of_character import _LETTER, _TRIGGERS, CUE_CLASSES, cue_data, load_cues

    texts = _bundled_texts_nfd()
    texts += ["मैं", "मैं यह नहीं लिख सकती", "As an AI, I can't", "আমি এটা লিখতে পারব না", "(यह रहा संवाद:)"]
    assert len(texts) > 2000

    def written(fragments):
        body = "|".join(f"(?:{unicodedata.normalize('NFD', f)})" for f in fragments) or "(?!)"
        return re.compile(f"(?<![{_LETTER}])(?:{body})")

    matched = 0
    for name in ("hi", "bn", "hi-Latn", "bn-Latn"):
        cues = load_cues(name)
        shared, own = cue_data(name)
        assert own   # every shipped lexicon has cues of its own
        pairs = [(cues.pattern(c), written([*(shared.get(c) or ()), *(own.get(c) or ())]), " ") for c in CUE_CLASSES]
        pairs.append((cues.pattern("english_inability"), written(shared.get("inability") or []), " "))
        pairs.append((cues.pattern("trigger"), written([f for c in _TRIGGERS for f in own.get(c) or ()]), " "))
        pairs.append((cues.pattern("trigger_shared"), written([f for c in _TRIGGERS for f in shared.get(c) or ()]), " "))
        for compiled, as_written, pad in pairs:
            for text in texts:
                found = as_written.search(text) is not None
                assert found == (compiled.search(pad + text) is not None), (name, as_written.pattern[:60], text[:80])
                matched += found
    assert matched >= 100   # not vacuous: the cues do occur in the data


def test_cue_patterns_with_literal_first_alternatives_match_where_the_written_cues_match():
    """The compiled cues (leading groups spread into alternatives) find a cue in exactly
    the sentences where the cues as written in the out_of_character.yaml files do."""
    import re
    import unicodedata

    from honorifics.extraction.out_of_character import _LETTER, CUE_CLASSES, cue_data, literal_first

    texts = _bundled_texts_nfd()
    assert len(texts) > 2000
    spread = matched = 0
    for name in ("hi", "bn", "hi-Latn", "bn-Latn"):
        shared, own = cue_data(name)
        for cue_class in CUE_CLASSES:
            fragments = [*(shared.get(cue_class) or ()), *(own.get(cue_class) or ())]
            for fragment in fragments:
                fragment = unicodedata.normalize("NFD", fragment)
                alternatives = literal_first(fragment)
                if len(alternatives) == 1:
                    continue
                spread += 1
                written = re.compile(f"(?<![{_LETTER}])(?:{fragment})")
                compiled = re.compile(f"(?<![{_LETTER}])(?:{'|'.join(f'(?:{a})' for a in alternatives)})")
                for text in texts:
                    found = written.search(text) is not None
                    assert found == (compiled.search(text) is not None), (fragment, text[:80])
                    matched += found
    assert spread >= 15 and matched >= 20   # not vacuous: cues of spread fragments do occur


def test_texts_without_latin_letters_skip_the_english_cues_and_lose_nothing():
    """latin_letters=False (an Indic record in one script) skips the English cue search:
    every paragraph of every bundled Indic text in one script gives the spans it gives
    without the shortcut, and so does a text whose only Latin is accented letters, which
    decompose to ASCII in NFD but cannot spell a cue."""
    from honorifics.extraction.lexicon import lexicon_name
    from honorifics.extraction.normalize import script_mix
    from honorifics.extraction.out_of_character import out_of_character_spans

    texts = [*_bundled_texts_nfd(), "ज़रूर! मैं यह कर दूँ? Àà Éé — ÍÓ Ú."]
    checked = 0
    for text in texts:
        script, mixed = script_mix(text)
        if script not in ("deva", "beng") or mixed:
            continue
        name = lexicon_name("hi" if script == "deva" else "bn", script)
        position = 0
        for paragraph in text.split("\n"):
            start, end = position, position + len(paragraph)
            position = end + 1
            for reply in (False, True):
                assert out_of_character_spans(text, start, end, name, reply_to_user=reply, latin_letters=False) == \
                    out_of_character_spans(text, start, end, name, reply_to_user=reply), paragraph[:60]
            checked += 1
    assert checked > 1000


def _spans_searching_every_class(text, start, end, lexicon_name, *, reply_to_user=False, latin_record=False,
                                 after_refusal=False):
    """out_of_character_spans as it was written first: every cue class searched in every
    sentence of the paragraph (the reference of the lazy search)."""
    from honorifics.extraction.out_of_character import NOTE, REFUSAL, _merge, load_cues, sentences

    cues = load_cues(lexicon_name)
    parts = sentences(text, start, end)
    found = [cues.found(text[s:e]) for s, e in parts]
    for cue in found:
        if "idiom" in cue:
            cue.discard("inability")
    paragraph = set().union(*found)
    closing_paragraph = bool(paragraph & {"closing", "offer"}) and bool(paragraph & {"task", "material"}) \
        and not any(q in text[start:end] for q in "\"“”«") and not reply_to_user
    spans = []
    for number, ((s, e), cue) in enumerate(zip(parts, found)):
        sentence = text[s:e]
        context = {"task", "ai_identity", "help", "alternative"} | ({"material", "apology"} if reply_to_user else set())
        writes_material = {"material", "writing"} <= cue
        writes_material = writes_material or "writing" in cue and (
            "apology" in paragraph or bool(cue & {"preamble", "offer", "alternative"})
            or bool(paragraph & {"offer", "alternative"}))
        writes_material = writes_material or bool(cue & {"material", "writing"}) and any(
            other != number and text[os_:oe].rstrip().endswith((":", "：")) and found[other] & {"material", "writing"}
            for other, (os_, oe) in enumerate(parts))
        refusal = bool(cue & {"ai_identity", "policy"}) or (
            "inability" in cue and (paragraph & context or writes_material
                                    or (not latin_record and cues.english_inability(sentence))))
        if not refusal and after_refusal and number == 0 and cue & {"offer", "help"}:
            refusal = True
        if refusal:
            first = number
            while first > 0 and found[first - 1] and found[first - 1] <= {"apology", "task", "material"}:
                first -= 1
            if after_refusal:
                return [(parts[0][0], parts[-1][1], REFUSAL)]   # refusing again: the model's from its start
            spans.append((parts[first][0], parts[-1][1], REFUSAL))
            return _merge(spans)
        if "meta" in cue or ("preamble" in cue and (sentence.endswith((":", "：")) or "task" in cue)) \
                or (cue & {"offer", "closing"} and cue & {"task", "material"}) \
                or (closing_paragraph and cue & {"offer", "closing", "task", "material"}):
            spans.append((s, e, NOTE))
    if after_refusal and not spans and parts and paragraph & {"task", "material", "writing", "offer", "help"}:
        return [(parts[0][0], parts[-1][1], NOTE)]   # the explanation that goes on after a refusal
    worded = [text[s:e].rstrip(" *_🙏😊🙂") for s, e in parts if any(c.isalpha() for c in text[s:e])]
    asks = bool(worded) and (worded[-1].endswith(("?", "？")) or len(worded) == 1) \
        and not any(q in text[start:end] for q in "\"“”«»") \
        and bool(cues.pattern("asks_user").search(" " + text[start:end]))
    if after_refusal and not spans and parts and asks:
        return [(parts[0][0], parts[-1][1], NOTE)]   # a question or request to the user after a refusal
    if not reply_to_user and parts and paragraph & {"closing", "offer"} and asks:
        return [(parts[0][0], parts[-1][1], NOTE)]   # an offer that ends by asking the user
    return _merge(spans)


def test_cues_are_searched_only_where_a_decision_needs_them_and_the_spans_stay_the_same():
    """Only sentences with a trigger cue get every class searched; the others only for what
    the paragraph must hold. Every paragraph of the bundled texts, and long paragraphs made
    of their sentences with cues (a trigger far from its context, apologies before it),
    give the spans of the search of every class in every sentence, with every flag."""
    import random

    from honorifics.extraction.lexicon import lexicon_name
    from honorifics.extraction.normalize import script_mix
    from honorifics.extraction.out_of_character import sentences

    by_lexicon: dict[str, list[str]] = {}
    for text in _bundled_texts_nfd():
        script, _ = script_mix(text)
        if script is None:
            continue
        for language in ("hi", "bn"):
            if script == "latn" or script == ("deva" if language == "hi" else "beng"):
                by_lexicon.setdefault(lexicon_name(language, script), []).append(text)
    rng = random.Random(7)
    checked = differing_paths = 0
    for name, texts in by_lexicon.items():
        cues = load_cues(name)
        paragraphs = [p for text in texts for p in text.split("\n") if p.strip()]
        cued = [text[s:e] for text in paragraphs for s, e in sentences(text, 0, len(text)) if cues.found(text[s:e])]
        plain = [text[s:e] for text in paragraphs[:400] for s, e in sentences(text, 0, len(text))]
        for _ in range(150):   # long paragraphs: cued sentences among plain ones
            picked = rng.sample(cued, min(len(cued), rng.randint(1, 4))) + rng.sample(plain, min(len(plain), 30))
            rng.shuffle(picked)
            paragraphs.append(" ".join(picked))
        for paragraph in paragraphs:
            for reply, latin, after in ((False, False, False), (True, False, False), (False, True, False),
                                        (False, False, True), (True, True, True)):
                flags = dict(reply_to_user=reply, latin_record=latin, after_refusal=after)
                expected = _spans_searching_every_class(paragraph, 0, len(paragraph), name, **flags)
                assert out_of_character_spans(paragraph, 0, len(paragraph), name, **flags) == expected, \
                    (name, flags, paragraph[:120])
                checked += 1
                differing_paths += bool(expected)
    assert checked > 5000 and differing_paths > 300   # not vacuous: spans are found


def test_one_search_for_several_cue_classes_finds_what_each_class_finds():
    from itertools import combinations

    from honorifics.extraction.out_of_character import _TRIGGER_SET, CUE_CLASSES

    texts = _bundled_texts_nfd()[::3]
    sets = [_TRIGGER_SET, frozenset({"task", "material"}), frozenset({"task", "alternative"}),
            frozenset({"task", "alternative", "material", "apology"}), frozenset({"apology"}),
            *(frozenset(pair) for pair in combinations(("apology", "task", "material", "writing"), 2))]
    for name in ("hi", "bn", "hi-Latn", "bn-Latn"):
        cues = load_cues(name)
        assert set(CUE_CLASSES) <= set(cues.fragments)
        for names in sets:
            union = cues.any_of(names)
            for text in texts:
                assert (union.search(" " + text) is not None) == any(cues.pattern(c).search(" " + text)
                                                                     for c in names), \
                    (name, sorted(names), text[:80])


@pytest.mark.parametrize("text, language", [
    ("Maaf kijiye — main yeh scene aage nahi likh sakti.\n\nAapne jo line di thi — \"Tu chup chaap paise de de\" — "
     "uske aage ka hissa ek bachche ko dhamkaane ke baare mein hai, aur main aisa content nahi likhti.\n\n"
     "Agar aap chahein toh main kahani ko doosri disha mein le ja sakti hoon.", "hi"),
    ("माफ़ कीजिए — मैं यह दृश्य आगे नहीं लिख सकती।\n\nआपने जो पंक्ति दी थी — \"तू चुपचाप पैसे दे दे\" — उसके आगे का "
     "हिस्सा एक बच्चे को धमकाने के बारे में है, और मैं ऐसी सामग्री नहीं लिखती।\n\n"
     "अगर आप चाहें तो मैं कहानी को दूसरी दिशा में ले जा सकती हूँ।", "hi"),
    ("দুঃখিত — আমি এই দৃশ্যটা আর লিখতে পারব না।\n\nআপনি যে লাইনটা দিয়েছিলেন — \"তুই চুপচাপ টাকা দে\" — তার "
     "পরের অংশটা একটা বাচ্চাকে ভয় দেখানো নিয়ে, আর আমি এমন লেখা লিখি না।\n\nআপনি চাইলে আমি গল্পটা অন্যদিকে নিয়ে "
     "যেতে পারি।", "bn"),
])
def test_a_paragraph_after_a_refusal_about_the_text_asked_for_goes_on_explaining_it(text, language):
    # the user's own line, quoted in the explanation, is a mention: not a character, not the user's tier
    for task in (None, "continuation"):
        result = analyze_text(text, language=language, task=task)
        assert result.refusal is True and result.tier == "none" and result.speakers == {}
        assert result.user_tier == "formal"


def test_in_character_text_after_a_refusal_keeps_its_tier():
    # control: a refusal of one part, then the scene itself: the scene is the characters'
    text = ("माफ़ कीजिए, मैं गालियों वाला संस्करण नहीं लिख सकती। यह रहा नरम संस्करण:\n\n"
            "रवि: तू कल कहाँ था? मैंने तुझे बहुत ढूँढा।\nअमन: अरे यार, घर पर ही था।")
    result = analyze_text(text, language="hi", speakers=["रवि", "अमन"], task="roleplay")
    assert result.refusal is True and result.speakers["रवि"].tier == "intimate"


@pytest.mark.parametrize("text, language, user_tier", [
    ("सच कहूँ तो — सास से पहली बार मिल रही हो, तो \"तुम\" बिल्कुल मत कहना।\n\n| रिश्ता | क्या कहें |\n|---|---|\n"
     "| सास | \"आप\" |\n| छोटी ननद | \"तुम\" |\n\nज़्यादातर घरों में \"आप\" ही चलता है। तुम्हें शक हो तो पति से पूछ लो।",
     "hi", "familiar"),
    ("সত্যি বলতে — শাশুড়ির সঙ্গে প্রথম দেখা হলে \"তুমি\" একদম বোলো না।\n\n- প্রথম দেখা: \"আপনি\"\n- পরে: \"তুমি\"\n\n"
     "বেশিরভাগ বাড়িতে \"আপনি\"-ই চলে। তোমার সন্দেহ হলে স্বামীকে জিজ্ঞেস করে নিও।", "bn", "familiar"),
])
def test_an_answer_that_names_the_forms_as_words_is_a_meta_answer(text, language, user_tier):
    # the forms in quotes across the answer, with no characters: an answer about them (refused)
    for task in (None, "dct"):
        result = analyze_text(text, language=language, task=task)
        assert result.refusal is True and result.tier == "none" and result.user_tier == user_tier


def test_a_character_who_sets_two_forms_against_each_other_is_no_meta_answer():
    # control: one sentence with two forms, said by a character in a dialogue
    result = analyze_text("राम: \"आप\" नहीं, \"तू\" बोल मुझसे!\nश्याम: ठीक है, तू ही सही।", language="hi",
                          speakers=["राम", "श्याम"], task="roleplay")
    assert result.refusal is False and result.speakers["श्याम"].tier == "intimate"


def test_an_offer_anywhere_in_the_paragraph_after_a_refusal_goes_on_with_it():
    # after the refusal, a paragraph whose offer is not its first sentence is still the model's
    text = ("Sorry, lekin main aisa message nahi likh sakta jisme Sharma sir ko 'tu' bolkar dhamki di jaye.\n\n"
            "Aapka gussa samajh mein aata hai. Agar aap chahein to main ek polite complaint likh sakta hoon. "
            "Bataiye, kya karein?")
    for task in (None, "dct"):
        result = analyze_text(text, language="hi", speakers=["Rohan", "Sharma sir"], task=task)
        assert result.refusal is True and result.tier == "none" and result.user_tier == "formal"


@pytest.mark.parametrize("text, language, speakers", [
    ("দুঃখিত, আমি এমন দৃশ্য লিখতে পারব না যেখানে হেডস্যার রনিকে সবার সামনে অপমান করছেন।\n\n"
     "তবে আপনি চাইলে এমন একটা দৃশ্য লিখে দিতে পারি যেখানে হেডস্যার কড়া গলায় রনিকে বোঝান।\n\n"
     "জানাবেন, কোনটা পছন্দ।", "bn", ["হেডস্যার", "রনি"]),
    ("माफ़ कीजिए, मैं ऐसा दृश्य नहीं लिख सकता जिसमें मैनेजर रमेश को गालियाँ देता है।\n\n"
     "अगर आप चाहें तो मैं एक दृश्य लिख सकता हूँ जिसमें मैनेजर सख़्ती से पर इज़्ज़त से बात करे।\n\n"
     "बताइए, कौन-सा ठीक रहेगा।", "hi", ["मैनेजर", "रमेश"]),
])
def test_a_one_sentence_request_to_the_user_after_a_refusal_is_the_model_s(text, language, speakers):
    # a request, not a question: no question mark, one sentence with the words a model asks its user with
    for task in (None, "roleplay"):
        result = analyze_text(text, language=language, speakers=speakers, task=task)
        assert result.refusal is True and result.tier == "none" and result.user_tier == "formal"
        assert [t.kind for t in result.turns][-1] == "note"


def test_a_character_s_request_in_a_labelled_line_stays_theirs():
    result = analyze_text("**दुकानदार:** बताइए, क्या चाहिए।\n**छोटू:** एक किलो चीनी दे दो।", language="hi",
                          task="continuation")
    assert {n: s.tier for n, s in result.speakers.items()} == {"दुकानदार": "formal", "छोटू": "familiar"}
