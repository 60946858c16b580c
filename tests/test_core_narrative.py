"""Direct speech in narration: a framed quote is the character's turn, narration is no one's."""
import json

import pytest

from honorifics import analyze_text
from honorifics.extraction.lexicon import load_lexicon
from honorifics.extraction.narrative import frame_speaker, narrative_quotes
from speaker_view import speech_turns


@pytest.mark.parametrize("text, language, speaker, tier", [
    ('"तुम अब तक जागे क्यों हो?" नेहा ने पूछा।', "hi", "नेहा", "familiar"),
    ('राजा ने कहा, "आपकी बात सही है।"', "hi", "राजा", "formal"),
    ("‘आप बैठिए,’ मास्टरजी ने कहा।", "hi", "मास्टरजी", "formal"),           # curly single quotes
    ("'तू कब सुधरेगा?' माँ बोली।", "hi", "माँ", "intimate"),                 # straight single quotes, no ने
    ('রিনা বলল, "তুই কবে এলি?"', "bn", "রিনা", "intimate"),
    ('"আপনি বসুন," বললেন মাস্টারমশাই।', "bn", "মাস্টারমশাই", "formal"),     # inverted frame
    ("“তোমার নাম কী?” বুড়ো জিজ্ঞেস করল।", "bn", "বুড়ো", "familiar"),
    ('"Tum kahan the?" Neha ne poocha.', "hi", "Neha", "familiar"),
    ('"Tui kobe eli?" Rina bollo.', "bn", "Rina", "intimate"),
])
def test_framed_quote_is_the_named_speakers_turn(text, language, speaker, tier):
    result = analyze_text(text, language=language)
    assert speech_turns(result) == [(speaker, tier)]
    assert result.tier == tier
    narration = [t for t in result.turns if t.kind == "narration"]
    assert narration and all(not t.evidence and t.speaker is None for t in narration)


@pytest.mark.parametrize("text, language, tier", [
    ('"अरे, तुझे क्या पता…" उन्होंने हँसकर कहा।', "hi", "intimate"),
    ('"তুই কবে এলি?" সে জিজ্ঞেস করল।', "bn", "intimate"),
    ('উনি হেসে বললেন, "আপনি এত দেরি করলেন কেন?"', "bn", "formal"),
])
def test_pronoun_subject_gives_an_unnamed_speaker(text, language, tier):
    result = analyze_text(text, language=language)
    [(speaker, found)] = speech_turns(result)
    assert speaker.endswith("(unnamed)") and found == tier


def test_several_paragraphs_with_listed_speakers_and_addressees():
    text = ("रात के बारह बज चुके थे। नेहा ने धीरे से दरवाज़ा खोला।\n\n"
            "\"तुम अब तक जागे क्यों हो?\" नेहा ने पूछा।\n\n"
            "\"नींद नहीं आ रही थी,\" रोहन बोला, \"आप भी तो जाग रही हैं।\"")
    result = analyze_text(text, language="hi", speakers=["नेहा", "रोहन"])
    assert {n: (s.tier, s.addressee) for n, s in result.speakers.items()} == {
        "नेहा": ("familiar", "रोहन"), "रोहन": ("formal", "नेहा")}
    # the middle frame "रोहन बोला," serves the quotes on both sides
    assert speech_turns(result) == [("नेहा", "familiar"), ("रोहन", "none"), ("रोहन", "formal")]


def test_listed_alias_is_matched_in_the_frame():
    result = analyze_text('मिश्रा जी ने कहा, "तुम कल से समय पर आना।"', language="hi",
                          speakers=[{"name": "डॉ. मिश्रा", "aliases": ["मिश्रा जी"]}, "रवि"])
    assert speech_turns(result)[0][0] == "डॉ. मिश्रा"
    assert result.speakers["डॉ. मिश्रा"].addressee == "रवि"


def test_narrators_generic_you_is_not_address():
    text = ("उस रात बहुत ठंड थी। ऐसी ठंड में आप बाहर निकलने की सोच भी नहीं सकते थे।\n"
            "\"तू यहाँ क्या कर रहा है?\" रामू ने पूछा।")
    result = analyze_text(text, language="hi")
    assert result.tier == "intimate"
    assert result.speakers["रामू"].tier == "intimate"
    assert not any(e.text == "आप" for t in result.turns for e in t.evidence)


def test_reported_speech_inside_a_speakers_own_turn_stays_third_party():
    labelled = analyze_text("माँ: बॉस ने कहा था 'आप कल से मत आना', अब तू ही बता।", language="hi",
                            speakers=["माँ", "बेटा"])
    assert labelled.speakers["माँ"].tier == "intimate"
    # unlabelled, the text after the quote is the speaker's own: not a narrative frame
    unlabelled = analyze_text("बॉस ने कहा 'आप कल से मत आना', तो मैं क्या करूँ? तू बता।", language="hi")
    assert unlabelled.tier == "intimate"
    # the speaker's own address is the imperative বল, not the quoted তুমি
    errand = analyze_text('ভাইকে গিয়ে বল, "তুমি বাজারে যাও"', language="bn")
    assert errand.tier == "intimate"


def test_first_person_frame_names_the_narrator():
    # DESIGN: a first-person narrator's own quoted speech is a turn of the narrator
    assert frame_speaker("मैंने उससे कहा", load_lexicon("hi"), None) == ("मैं (narrator)", True)
    assert frame_speaker("আমি বললাম", load_lexicon("bn"), None) == ("আমি (narrator)", True)
    assert frame_speaker("Maine dheere se kaha", load_lexicon("hi-Latn"), None) == ("main (narrator)", True)
    # a 1st-person verb with the subject dropped (বলে ফেললাম) is the narrator too
    assert frame_speaker("কী বলব ভেবে না পেয়ে বলে ফেললাম", load_lexicon("bn"), None) == ("আমি (narrator)", True)
    # control: a 1st-person object does not make the narrator speak (उसने मुझसे कहा)
    assert frame_speaker("उसने मुझसे कहा", load_lexicon("hi"), None) == ("वह (unnamed)", True)
    # but a 1st-person possessive does not stop a 3rd-person frame
    assert frame_speaker("আমার কথা শুনে বুড়ো বলল", load_lexicon("bn"), None) == ("বুড়ো", True)


def test_quote_without_frame_or_with_a_long_clause_is_not_attributed():
    lexicon = load_lexicon("hi")
    text = 'उसने पोस्टर पर लिखा देखा: "आप का स्वागत है"'
    assert narrative_quotes(text, 0, len(text), lexicon) == []


def test_real_bangla_literature_quotes_become_turns_and_narration_does_not(repo_root):
    """Public-domain Bangla literature: each quote with the narration around it."""
    lines = (repo_root / "data" / "bn_literature_dialogue.jsonl").read_text("utf-8").splitlines()
    attributed = total = 0
    for line in lines:
        item = json.loads(line)
        before, quote, after = item["narration_before"].strip(), item["text"], item["narration_after"].strip()
        text = (before + " " if before else "") + "“" + quote + "”" + (" " + after if after else "")
        result = analyze_text(text, language="bn")
        total += 1
        quote_turns = [t for t in result.turns if t.kind == "speech" and quote[:20] in t.text]
        if quote_turns and quote_turns[0].speaker != "speaker":
            attributed += 1
            # narration around an attributed quote is nobody's address
            assert all(not t.evidence for t in result.turns if t.kind == "narration")
    # about half the frames are 3rd-person reporting clauses (the rest are 1st-person
    # narrators, long clauses, or no frame): measured 342/659
    assert attributed / total >= 0.5


def test_frame_on_its_own_line_introduces_the_next_quote():
    text = 'नेहा ने पूछा:\n"तुम अब तक जागे क्यों हो?"\nरोहन बोला:\n"नींद नहीं आ रही थी, आप सो जाइए।"'
    result = analyze_text(text, language="hi")
    assert speech_turns(result) == [("नेहा", "familiar"), ("रोहन", "formal")]
    assert [t.kind for t in result.turns] == ["narration", "speech", "narration", "speech"]


def test_bare_quotes_alternate_between_the_two_parties():
    text = ('"तुम अब तक जागे क्यों हो?" नेहा ने पूछा।\n"नींद नहीं आ रही थी।"\n'
            '"तो दूध पी लो।"\n"आप भी पीजिए न।"')
    result = analyze_text(text, language="hi", speakers=["नेहा", "रोहन"])
    assert [s for s, _ in speech_turns(result)] == ["नेहा", "रोहन", "नेहा", "रोहन"]
    assert {n: s.tier for n, s in result.speakers.items()} == {"नेहा": "familiar", "रोहन": "formal"}


def test_bare_quote_with_no_known_other_party_stays_unattributed():
    text = 'রিনা বলল, "তুই কবে এলি?"\n"কাল রাতে।"'
    result = analyze_text(text, language="bn")
    assert speech_turns(result) == [("রিনা", "intimate")]


def test_continuation_in_narrative_prose_with_aliases_beats_and_vocatives():
    text = ("सलमान ने चाय का कप नीचे रखा और मुस्कुराया।\n"
            "\"अबे विक्की, तू फिर से वही पुरानी बात लेकर बैठ गया?\" सलमान ने कहा।\n"
            "विक्की ने उसकी तरफ़ देखा। \"यार, एक खिलाड़ी कम है। तू आ जा ना इस बार।\"\n"
            "\"देख, अब्बू दुकान पर अकेले नहीं संभाल पाएँगे,\" सल्लू बोला, \"पर मैं कोशिश करूँगा।\"\n"
            "चाचा जी पास से गुज़रे और बोले, \"बेटा, तुम दोनों फिर से क्रिकेट की बातें कर रहे हो?\"")
    speakers = [{"name": "विक्की", "aliases": ["विकी"]}, {"name": "सलमान", "aliases": ["सल्लू"]}]
    result = analyze_text(text, language="hi", task="continuation", speakers=speakers)
    assert {n: (s.tier, s.addressee) for n, s in result.speakers.items()} == {
        "विक्की": ("intimate", "सलमान"),       # the action beat "विक्की ने … देखा।" names the speaker
        "सलमान": ("intimate", "विक्की"),       # alias सल्लू; the vocative "विक्की," names the addressee
        "चाचा जी": ("familiar", "सलमान")}       # an unlisted speaker named as written, with its title
    assert not any(t.evidence for t in result.turns if t.kind == "narration")


@pytest.mark.parametrize("text, tier", [
    ("बॉस ने कहा था 'आप कल से मत आना'।", "none"),          # pluperfect: reported; a danda after the quote
    ("आप भी कोशिश करें। जैसा कि गांधीजी ने कहा, 'तुम वह बदलाव बनो जो दुनिया में देखना चाहते हो।'",
     "formal"),                                               # "as X said": a quotation in a reply
])
def test_reported_speech_and_quotations_are_not_narrative_turns(text, tier):
    result = analyze_text(text, language="hi")
    assert [t.speaker for t in result.turns if t.kind == "speech"] == ["speaker"]
    assert result.tier == tier


@pytest.mark.parametrize("text, language", [
    ('दादी ने कहा, "तू पूरा खा।" फिर बहू के हाथ पकड़ते हुए बोलीं, "तुम भी बैठो।"', "hi"),
    ('ঠাকুমা বললেন, "তুই খা।" তারপর গলাটা নামিয়ে বললেন, "তুমি বোসো।"', "bn"),
    ('Maa ne kaha, "Tu kha le." Phir Raju ke baal sehlate hue boli, "Tum so jao."', "hi"),
])
def test_a_possessed_or_definite_thing_is_not_a_frames_subject(text, language):
    # बहू के हाथ / গলাটা / Raju ke baal: a thing; the subject is elided, the last speaker goes on
    speech = [t for t in analyze_text(text, language=language, task="continuation").turns if t.kind == "speech"]
    assert [t.speaker for t in speech] == [speech[0].speaker] * 2 and [t.tier for t in speech] == ["intimate", "familiar"]


@pytest.mark.parametrize("text, language, second", [
    ('माँ ने कहा, "तू खा।" फिर राजू के पिता बोले, "तुम जाओ।"', "hi", "पिता"),
    ('মা বললেন, "তুই খা।" তারপর ছেলেটা বলল, "তুমি যাও।"', "bn", "ছেলেটা"),
])
def test_a_possessed_or_definite_person_is_a_frames_subject(text, language, second):
    # controls: राजू के पिता, ছেলেটা name people
    speech = [t for t in analyze_text(text, language=language, task="continuation").turns if t.kind == "speech"]
    assert speech[1].speaker == second


def test_a_quote_opening_with_a_name_keys_the_role_its_frame_names():
    text = 'शुक्ला जी ने तवे के पीछे खड़े लड़के से कहा, "अरे छोटू, आज तू मिर्च कम डालना।"\n\nछोटू हँसा, "बाबूजी, आप बैठिए।"'
    result = analyze_text(text, language="hi", speakers=["शुक्ला जी", "छोटू"], task="continuation")
    assert result.speakers["शुक्ला जी"].addressee == "छोटू"
    # control: no name in the quote, the frame's role is the addressee
    text = 'शुक्ला जी ने तवे के पीछे खड़े लड़के से कहा, "आज तू मिर्च कम डालना।"\n\nछोटू हँसा, "बाबूजी, आप बैठिए।"'
    result = analyze_text(text, language="hi", speakers=["शुक्ला जी", "छोटू"], task="continuation")
    assert result.speakers["शुक्ला जी"].addressee == "लड़का"


@pytest.mark.parametrize("text, language, speakers, speaker, tier", [
    ("नेहा खिड़की के पास बैठी थी। \"खाना खा लिया तुमने?\" रसोई से पापा की आवाज़ आई।\n\n"
     "\"हाँ पापा, आप भी आ जाइए।\" नेहा ने कहा।", "hi", ["नेहा", "पापा"], "पापा", "familiar"),
    ("তিতলি জানালার পাশে বসে ছিল। রান্নাঘর থেকে মায়ের গলা ভেসে এল, \"তুই খেয়েছিস?\"\n\n"
     "\"হ্যাঁ মা, তুমিও এসো।\" তিতলি বলল।", "bn", ["তিতলি", "মা"], "মা", "intimate"),
    ("Riya padh rahi thi. \"Beta, tu so ja ab,\" kitchen se Mummy ki awaaz aayi.\n\n"
     "\"Bas paanch minute, Mummy, aap so jaiye,\" Riya boli.", "hi", ["Riya", "Mummy"], "Mummy", "intimate"),
    ("Titli janlar pashe boshe chhilo. Rannaghor theke Ma-r gola bhese elo, \"Tui kheyechhis?\"\n\n"
     "\"Haan Ma, tumio esho,\" Titli bollo.", "bn", ["Titli", "Ma"], "Ma", "intimate"),
    ("रात थी।\n\n— नींद नहीं आ रही तुझे भी? — दरवाज़े से सौरभ की आवाज़ आई।\n— नहीं यार, तू जा।",
     "hi", ["अंकित", "सौरभ"], "सौरभ", "intimate"),
])
def test_a_persons_voice_that_comes_frames_the_quote_as_theirs(text, language, speakers, speaker, tier):
    result = analyze_text(text, language=language, speakers=speakers, task="continuation")
    assert result.speakers[speaker].tier == tier
    assert not any(name.startswith("_unnamed") for name in result.speakers)


def test_a_things_sound_or_a_voice_heard_is_no_frame_of_its_owner():
    # controls: the door's sound names no speaker; a voice the subject hears, with a reporting
    # verb, leaves the quote to that subject
    text = "नेहा खिड़की के पास बैठी थी। दरवाज़े की आवाज़ आई। \"कौन है? तुम हो क्या?\"\n\nपापा बोले, \"हाँ।\""
    result = analyze_text(text, language="hi", speakers=["नेहा", "पापा"], task="continuation")
    assert result.speakers["नेहा"].tier == "familiar"
    text = "पापा की आवाज़ सुनकर नेहा बोली, \"आप आ गए?\"\n\nपापा ने कहा, \"हाँ बेटा।\""
    result = analyze_text(text, language="hi", speakers=["नेहा", "पापा"], task="continuation")
    assert result.speakers["नेहा"].tier == "formal" and result.speakers["पापा"].tier == "none"


@pytest.mark.parametrize("text, language, speakers, speaker, expected", [
    ("দিদা রান্নাঘর থেকে বললেন, \"তোমরা সবাই খেতে বসো।\" তারপর ছোট্ট টুটুলের দিকে ফিরে বললেন, "
     "\"আর তুই হাত ধুয়েছিস?\"\n\nটুটুল বলল, \"হ্যাঁ দিদা।\"", "bn", ["দিদা", "টুটুল", "মিঠি"], "দিদা",
     {"তোমরা সবাই (group)": "familiar", "টুটুল": "intimate"}),
    ("दादी ने कहा, \"तुम सब खाना खाओ।\" फिर नन्हे टुन्नू की ओर मुड़कर बोलीं, \"और तूने हाथ धोए?\"\n\n"
     "टुन्नू बोला, \"हाँ दादी।\"", "hi", ["दादी", "टुन्नू"], "दादी",
     {"तुम सब (group)": "familiar", "टुन्नू": "intimate"}),
])
def test_a_word_before_the_person_a_frame_turns_to_is_no_subject(text, language, speakers, speaker, expected):
    # ছোট্ট / नन्हे ("little") modify the child turned to; the subject is elided: the last speaker
    result = analyze_text(text, language=language, speakers=speakers, task="continuation")
    assert result.speakers[speaker].by_addressee == expected
    assert set(result.speakers) == set(speakers)


def test_a_listed_name_before_the_person_turned_to_is_the_subject():
    # control: মিঠি (listed) turns to টুটুল: মিঠি speaks
    text = ("দিদা রান্নাঘর থেকে বললেন, \"তোমরা সবাই খেতে বসো।\" মিঠি টুটুলের দিকে ফিরে বলল, \"তুই হাত ধুয়েছিস?\"\n\n"
            "টুটুল বলল, \"হ্যাঁ দিদি।\"")
    result = analyze_text(text, language="bn", speakers=["দিদা", "টুটুল", "মিঠি"], task="continuation")
    assert result.speakers["মিঠি"].tier == "intimate" and result.speakers["দিদা"].tier == "familiar"


def test_in_an_action_beat_of_two_clauses_the_listed_person_who_acts_last_speaks():
    text = ("বার্ষিক সভা। হেডস্যার মঞ্চে এসে বসলেন, তারপর প্রাক্তন ছাত্র দেবাশিস মাইকটা হাতে নিল।\n\n"
            "\"তোমরা অনেকেই হয়তো জানো না, এই লাইব্রেরিটা বিজন স্যার গড়েছিলেন।\"")
    result = analyze_text(text, language="bn", speakers=["দেবাশিস"], task="continuation")
    assert result.speakers["দেবাশিস"].tier == "familiar" and set(result.speakers) == {"দেবাশিস"}
    # control: a last clause with its subject elided (aur … badha di) goes on with the first one's
    text = ("Saamne baithi Amma ne tiffin khola. 'Beta, paratha loge?' Aarav ne sir hilaya. "
            "'Nahi Amma, aap khaiye.' Amma hans padi, aur plate uski taraf badha di. 'Le, kha le.'")
    result = analyze_text(text, language="hi", speakers=["Aarav", "Amma"], task="continuation")
    assert set(result.speakers) == {"Aarav", "Amma"}


@pytest.mark.parametrize("text, language, speakers, speaker, tier", [
    ("দাদু বললেন, \"তুই আজ মাঠে যাবি না।\"\nমিঠু বলল, \"দাদু, তুমি তো কথা দিয়েছিলে!\"\n"
     "দাদু খানিক চুপ করে রইলেন। তারপর হেসে যোগ করলেন, \"ঠিক আছে, কাল তোকে নিয়ে যাব।\"",
     "bn", ["দাদু", "মিঠু"], "মিঠু", "familiar"),
    ("दादी बोलीं, \"तू आज बाहर नहीं जाएगा।\"\nमिंटू बोला, \"दादी, आपने तो वादा किया था!\"\n"
     "दादी थोड़ी देर चुप रहीं। फिर मुस्कुराकर बोलीं, \"अच्छा, कल तुझे ले चलूँगी।\"",
     "hi", ["दादी", "मिंटू"], "मिंटू", "formal"),
])
def test_an_elided_subject_continues_the_person_of_the_sentence_before(text, language, speakers, speaker, tier):
    # দাদু খানিক চুপ করে রইলেন। তারপর হেসে যোগ করলেন, "…": দাদু, not the one who spoke last
    result = analyze_text(text, language=language, speakers=speakers, task="continuation")
    assert result.speakers[speaker].tier == tier   # (not mixed by the grandparent's last line)
    # control: a sentence before with no person in it leaves the quote to the last speaker
    text = text.replace("দাদু খানিক চুপ করে রইলেন।", "বাইরে বৃষ্টি নামল।").replace("दादी थोड़ी देर चुप रहीं।", "बाहर बारिश होने लगी।")
    result = analyze_text(text, language=language, speakers=speakers, task="continuation")
    assert result.speakers[speaker].tier == "mixed"


def test_a_banglish_call_with_a_colon_and_an_inverted_frame_after_a_genitive():
    # Ma … dak dilen: Topu, … aay — the romanized reporting verbs as the native list has them
    text = "Sondhe namche. Ma rannaghor theke dak dilen: Topu, haat-mukh dhuye khete aay.\nTopu bollo, \"Ar ektu Ma.\""
    result = analyze_text(text, language="bn", speakers=["Ma", "Topu"], task="continuation")
    assert result.speakers["Ma"].tier == "intimate"
    # a possessor before the verb is no subject: the name after the inverted frame speaks
    text = "— Ei Tanvir, tor latai-ta de na! — chhader kinar theke chechiye uthlo Rumki.\n— Nije samla!"
    result = analyze_text(text, language="bn", task="continuation")
    assert "Rumki" in result.speakers and "chhader" not in result.speakers


def test_a_kin_compound_in_bhai_is_a_third_person_subject():
    # দাদুভাই ঘুমোচ্ছেন: the grandfather sleeps (third person), no address
    result = analyze_text("খোকন: মা! বাবা এসে গেছেন!\nমা: আস্তে রে খোকন! দাদুভাই ঘুমোচ্ছেন।", language="bn",
                          speakers=["খোকন", "মা"], task="roleplay")
    assert result.speakers["মা"].tier == "none"
    # control: the same verb with a 2nd-person subject is address
    result = analyze_text("খোকন: মা!\nমা: আস্তে রে খোকন! আপনি ঘুমোচ্ছেন?", language="bn",
                          speakers=["খোকন", "মা"], task="roleplay")
    assert result.speakers["মা"].tier == "formal"


def test_an_elided_subject_continues_a_pronoun_subject_of_the_sentence_before():
    text = ("হোস্টেলের শেষ রাত। আমি কাপটা নামিয়ে রেখে ওকে জিজ্ঞেস করলাম, \"তুই কি কাল চলে যাবি?\"\n\n"
            "ও অনেকক্ষণ চুপ করে রইল। তারপর হেসে বলল, \"যাব না তো কী করব? তুইও চল না।\"")
    result = analyze_text(text, language="bn", task="continuation")
    assert set(result.speakers) == {"আমি (narrator)", "ও (unnamed)"}
    assert result.speakers["ও (unnamed)"].tier == "intimate"


@pytest.mark.parametrize("text, tier", [
    ("সুমি: চাচা, আমার খালাম্মাও যাবেন।\nরহিম চাচা: আইচ্ছা মা।", "none"),   # খালাম্মা + ও: third person
    ("সুমি: চাচা, আপনিও যাবেন?\nরহিম চাচা: হ মা।", "formal"),              # control: আপনি + ও: address
])
def test_a_person_noun_with_a_clitic_is_a_third_person_subject(text, tier):
    result = analyze_text(text, language="bn", speakers=["সুমি", "রহিম চাচা"], task="roleplay")
    assert result.speakers["সুমি"].tier == tier


@pytest.mark.parametrize("text, language, speakers, speaker, tier", [
    ("नानी ने ऐनक उतारी और बोलीं, \"गुड्डू, तू फिर धूप में खेलने गया था न?\" गुड्डू ने नज़रें झुका लीं। "
     "\"बस थोड़ी देर, नानी। आपकी क़सम।\" नानी ने मुस्कुराकर कहा: जा, पहले हाथ-मुँह धो।",
     "hi", ["नानी", "गुड्डू"], "गुड्डू", "formal"),
    ("পাহাড়ি রাস্তা। টুবলু হাঁপাতে হাঁপাতে পাথরের ওপর বসে পড়ল। \"দাদা, তুই একা যা, আমি আর পারছি না।\" "
     "আমি ওর হাত ধরে বললাম, \"ওঠ তো, আর একটু।\"", "bn", ["টুবলু"], "টুবলু", "intimate"),
])
def test_a_clause_that_leads_into_the_next_quote_frames_that_quote_not_the_one_before(text, language, speakers,
                                                                                      speaker, tier):
    # the beat before the quote (गुड्डू ने नज़रें झुका लीं।) names its speaker
    result = analyze_text(text, language=language, speakers=speakers, task="continuation")
    assert result.speakers[speaker].tier == tier


@pytest.mark.parametrize("text, language, speakers, expected", [
    # controls: two clauses after a quote frame one quote each; with no beat before it, the
    # clause after a quote frames it even when it leads on (… বলে চলল, "…")
    ("\"आइए, शर्मा जी, आप बैठिए!\" मिसेज़ गुप्ता ने दरवाज़ा खोलते हुए कहा, फिर बेटे को डाँटा, \"तू चाय ला।\"",
     "hi", ["मिसेज़ गुप्ता", "शर्मा जी"], {"मिसेज़ गुप्ता": "formal", "शर्मा जी": "none"}),
    ("\"খোকাবাবু! এসো এসো, ব্যাগটা আমায় দাও।\" রঘু হাঁপাতে হাঁপাতে বলে চলল, \"তুমি কদ্দিন থাকবে?\"",
     "bn", ["রঘু", "অয়ন"], {"রঘু": "familiar", "অয়ন": "none"}),
])
def test_a_clause_after_a_quote_still_frames_it_where_nothing_else_does(text, language, speakers, expected):
    result = analyze_text(text, language=language, speakers=speakers, task="continuation")
    assert {k: s.tier for k, s in result.speakers.items()} == expected
    assert sum(t.kind == "speech" for t in result.turns) == 2


def test_a_quote_that_calls_a_person_is_not_theirs():
    # শুভ … দেখল, মা … বসে আছেন। "মা, তুমি …": the son speaks, not the mother he calls
    text = ("রাত একটা। শুভ পা টিপে ঘরে ঢুকতেই দেখল, মা টেবিলে মাথা রেখে বসে আছেন। \"মা, তুমি এখনও জেগে আছ?\"\n\n"
            "মা উঠে দাঁড়ালেন। \"হাত-মুখ ধুয়ে আয়।\"")
    result = analyze_text(text, language="bn", speakers=["শুভ", "মা"], task="continuation")
    assert result.speakers["শুভ"].tier == "familiar" and result.speakers["মা"].tier == "intimate"
