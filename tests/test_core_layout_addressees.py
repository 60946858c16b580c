"""Layouts, narrative frames, the refused outcome, addressees and generic "you" (issues 19, 20),
each on real sentences with a control."""
import pytest

from honorifics import analyze_text


def tiers(result):
    return {name: s.tier for name, s in result.speakers.items() if s.turns}


def test_unnamed_dash_lines_alternate_between_two_speakers():
    text = "— तुम कहाँ थे?\n— बाज़ार।\n— इतनी देर तक?\n— बैटरी ख़त्म हो गई थी। तुम भी न, हर बात पर शक करती हो।"
    result = analyze_text(text, language="hi", task="continuation")
    assert tiers(result) == {"_unnamed_1": "familiar", "_unnamed_2": "familiar"}
    assert [t.speaker for t in result.turns] == ["_unnamed_1", "_unnamed_2", "_unnamed_1", "_unnamed_2"]


def test_a_single_dash_line_is_not_a_dash_dialogue():
    # control: one dash line in a reply is punctuation, not a second speaker
    result = analyze_text("— तुम कल आओगे न?", language="hi")
    assert "_unnamed_1" not in result.speakers


def test_narration_between_dashes_names_the_speaker():
    text = ("— অরে শোনো! — পেছন থেকে সুমনা ডাকল। — তোমার ওড়নাটা পড়ে গেছে।\n"
            "— ও, থ্যাংক ইউ! — মিতা ঝুঁকে ওড়নাটা তুলল। — তুমি না থাকলে আজ আবার হারাতাম।")
    result = analyze_text(text, language="bn", speakers=["সুমনা", "মিতা"], task="continuation")
    assert tiers(result) == {"সুমনা": "familiar", "মিতা": "familiar"}


def test_fountain_screenplay_name_alone_on_its_line():
    text = ("INT. थाना – रात\n\nहवलदार\nसाहब, वो लड़का फिर आया है।\n\n"
            "थानेदार\n(झुँझलाकर)\nभेज उसे अंदर। और सुन, एक चाय भी ले आ।\n\nहवलदार\nजी, अभी लाता हूँ। आप बैठिए।")
    result = analyze_text(text, language="hi", speakers=["हवलदार", "थानेदार"], task="roleplay")
    assert tiers(result) == {"हवलदार": "formal", "थानेदार": "intimate"}


@pytest.mark.parametrize("text,speakers,expected", [
    # a screenplay extension after the capitals, and a parenthetical under the name
    ("INT. OFFICE – DAY\n\nSUMIT\n(gusse mein)\nTu phir late aaya!\n\nNEHA (V.O.)\nAap shaant ho jaiye.",
     ["SUMIT", "NEHA"], {"SUMIT": "intimate", "NEHA": "formal"}),
    # the name in brackets alone on its line, with a bracketed direction under it
    ("[सुमित]\nनेहा, तुम कल आओगी?\n\n[नेहा]\n[मुस्कुराते हुए]\nहाँ, आप चिंता मत कीजिए।",
     ["सुमित", "नेहा"], {"सुमित": "familiar", "नेहा": "formal"}),
    ("ROBI (O.S.)\nMita, tui kothay chili?\n\nMITA (CONT'D)\nApni jaanen na?",
     ["ROBI", "MITA"], {"ROBI": "intimate", "MITA": "formal"}),
])
def test_fountain_cue_with_extension_or_in_brackets(text, speakers, expected):
    result = analyze_text(text, language="bn" if "ROBI" in text else "hi", speakers=speakers, task="roleplay")
    assert tiers(result) == expected


def test_once_two_blocks_show_a_fountain_layout_any_name_line_of_that_shape_is_a_cue():
    # दुकानदार comes back with a parenthetical: the layout is shown; सलमा and छोटू, each once,
    # are not names the lexicon knows, and are cues by the block's shape alone
    text = ("**सीन 3 — किराने की दुकान**\n\nदुकानदार\n(हिसाब लिखते हुए)\nबोलिए, क्या चाहिए?\n\n"
            "सलमा\nदो किलो चीनी दे दो भैया, और तुम कल वाला उधार भी लिख लेना।\n\n"
            "दुकानदार\nठीक है। (छोटू से) अबे, बोरी उठा के ला!\n\nछोटू\nला रहा हूँ, मालिक।")
    result = analyze_text(text, language="hi", task="continuation")
    assert set(result.speakers) == {"दुकानदार", "सलमा", "छोटू"}
    assert tiers(result)["सलमा"] == "familiar" and tiers(result)["दुकानदार"] == "formal"
    # control: with one block only there is no layout, and a short line before a paragraph is narration
    story = "अगली सुबह\nरीना जल्दी उठी और माँ से बोली कि तुम आज आराम करो।"
    assert "अगली सुबह" not in analyze_text(story, language="hi", task="continuation").speakers


def test_a_direction_after_a_fountain_name_sets_the_addressee():
    text = "मास्टर जी (छोटू से)\nचल, पानी ला।\n\nछोटू\nअभी लाया, मास्टर जी।\n\nमास्टर जी (नंदिनी से)\nतुम बैठो, बेटी।"
    result = analyze_text(text, language="hi", speakers=["मास्टर जी", "छोटू", "नंदिनी"], task="roleplay")
    assert result.speakers["मास्टर जी"].by_addressee == {"छोटू": "intimate", "नंदिनी": "familiar"}


def test_bracketed_section_headings_are_not_speakers():
    # control: a song's [मुखड़ा] / [अंतरा] recur, but a name in brackets is no cue by recurring alone
    song = "[मुखड़ा]\nतुम बिन जिया जाए कैसे\n\n[अंतरा]\nतुम ही हो मेरी ज़िंदगी\n\n[मुखड़ा]\nतुम बिन जिया जाए कैसे"
    result = analyze_text(song, language="hi", task="continuation")
    assert not {"मुखड़ा", "अंतरा"} & set(result.speakers)


@pytest.mark.parametrize("text,language", [
    ("प्यारे बच्चो, आज तुम सब को मेहनत करनी है। तुम लोग समय पर आना।\n\n### मुख्य बिंदु\n"
     "- बच्चों के लिए \"तुम\" का प्रयोग\n- \"आप\" का प्रयोग नहीं, क्योंकि बच्चे छोटे हैं", "hi"),
    ("খোকা, তুই আগে খেয়ে নে, তারপর পড়তে বসিস।\n\n**ব্যাখ্যা:**\n- মা ছেলেকে 'তুই' বলছেন, এটাই স্বাভাবিক\n"
     "- 'আপনি' ব্যবহার এখানে মানায় না", "bn"),
])
def test_a_note_under_a_heading_after_the_text_explains_it(text, language):
    # the text, then a heading and bullets about its forms: a note about the answer given,
    # not a meta-answer instead of it; its quoted forms are mentions
    result = analyze_text(text, language=language, task="dct")
    assert result.refusal is False and result.tier == ("familiar" if language == "hi" else "intimate")
    assert [t.kind for t in result.turns][1:] and all(t.kind == "note" for t in result.turns[1:])


def test_an_explanation_under_headings_instead_of_the_text_stays_a_meta_answer():
    # control: no address before the heading (an introduction), or an answer about forms
    # before it: the record is the refused outcome
    for text in ("ज़रूर, नीचे सुझाव है।\n\n### सही संबोधन\n- \"आप\" का प्रयोग करें\n- \"तुम\" से बचें",
                 "इस स्थिति में \"आप\" कहना उचित होगा।\n\n### कारण\n- \"तुम\" अनौपचारिक है"):
        result = analyze_text(text, language="hi", task="dct")
        assert result.refusal is True and result.tier == "none"


def test_an_address_term_to_someone_else_names_the_third_person_present():
    # Bhaiya / দাদা said beside the partner, to the one other listed person: keyed by their name
    text = ("KABIR: Zoya, tu jaldi chal, late ho raha hai. Bhaiya, aap yahin rukiye, hum paanch minute mein aate hain.\n"
            "ZOYA: Haan haan, tu chill kar.\nAUTO-WALA: Theek hai saab, main ruka hoon.")
    result = analyze_text(text, language="hi", speakers=["KABIR", "ZOYA", "AUTO-WALA"], task="roleplay")
    assert result.speakers["KABIR"].by_addressee == {"ZOYA": "intimate", "AUTO-WALA": "formal"}
    text = "রিনা: মিতা, তুই জানলার ধারে বোস। দাদা, আপনি একটু সরে বসুন।\nমিতা: আচ্ছা।\nকন্ডাক্টর: দিদি, ভাড়াটা দিন।"
    result = analyze_text(text, language="bn", speakers=["রিনা", "মিতা", "কন্ডাক্টর"], task="roleplay")
    assert result.speakers["রিনা"].by_addressee == {"মিতা": "intimate", "কন্ডাক্টর": "formal"}



def test_an_address_term_names_the_third_person_a_frame_names_though_unlisted():
    # the listed pair and the boatman the narration names: Bhaiya is the boatman, not a new person
    text = ("— Bhaiya, us paar ke kitne loge? Jaldi karo, — Verma ji ne thaila uthate hue poocha.\n"
            "— Bees rupaye, — kewat ne chappu sambhala. — Aap log baith jaiye.\n"
            "— Pinku, idhar aa ke baith! — Verma ji ne bete ka haath kheencha.")
    result = analyze_text(text, language="hi", speakers=["Verma ji", "Pinku"], task="continuation")
    assert result.speakers["Verma ji"].by_addressee == {"kewat": "familiar", "Pinku": "intimate"}

def test_an_address_term_with_no_third_person_keeps_its_word():
    # controls: no one else listed (the word names the addressee), or the term said to the partner
    result = analyze_text("KABIR: Zoya, tu jaldi chal. Bhaiya, aap yahin rukiye.\nZOYA: Haan, tu chill kar.",
                          language="hi", speakers=["KABIR", "ZOYA"], task="roleplay")
    assert result.speakers["KABIR"].by_addressee == {"ZOYA": "intimate", "Bhaiya": "formal"}
    result = analyze_text("बहन: भैया, तुम कब आओगे?\nभाई: कल आऊँगा।\nमाँ: खाना खा लो।",
                          language="hi", speakers=["बहन", "भाई", "माँ"], task="roleplay")
    assert result.speakers["बहन"].by_addressee is None and result.speakers["बहन"].addressee == "भाई"


@pytest.mark.parametrize("text", [
    "[10:02 PM] Ankit: bhai tu aa raha hai kal?\n[10:03 PM] Rohan: pakka. tu bas snacks le aana",
    "| वक्ता | संवाद |\n|---|---|\n| Ankit | bhai tu aa raha hai kal? |\n| Rohan | pakka. tu bas snacks le aana |",
    # a row number before the name and a column of actions after the line
    "| # | Character | Dialogue | Action |\n|---|---|---|---|\n| 1 | **Ankit** | bhai tu aa raha hai kal? | phone uthata hai |\n"
    "| 2 | **Rohan** | pakka. tu bas snacks le aana | hanste hue |",
    '{"dialogue": [\n{"speaker": "Ankit", "text": "bhai tu aa raha hai kal?"},\n'
    '{"speaker": "Rohan", "text": "pakka. tu bas snacks le aana"}\n]}',
])
def test_chat_log_table_and_json_turns(text):
    result = analyze_text(text, language="hi", speakers=["Ankit", "Rohan"], task="roleplay")
    assert tiers(result) == {"Ankit": "intimate", "Rohan": "intimate"}


def test_a_table_row_whose_name_has_a_parenthesis_is_that_person_s_turn():
    text = ("| पात्र | संवाद |\n|---|---|\n| दुकानदार | बोलिए बहनजी, आपको क्या चाहिए? |\n"
            "| सीमा (बेटे चिंटू से) | चिंटू, तू बाहर जाकर खड़ा हो। |\n| चिंटू | अच्छा मम्मी। |")
    result = analyze_text(text, language="hi", task="dct")
    assert tiers(result) == {"दुकानदार": "formal", "सीमा": "intimate", "चिंटू": "none"}
    assert result.speakers["सीमा"].addressee.endswith("चिंटू")   # (the direction, as after a colon label)


@pytest.mark.parametrize("text, language, expected", [
    # a chat export with a word for the time of day before the time, in any script's digits
    ("১২/০৯/২৪, সকাল ৮:০৫ - দিদি: তুই আজ কলেজ যাবি?\n১২/০৯/২৪, সকাল ৮:০৭ - রুমি: হ্যাঁ রে, তুমি একটু টাকা দিও।", "bn",
     {"দিদি": "intimate", "রুমি": "familiar"}),
    ("12/09/24, subah 8:05 - Mummy: Beta, tu kab aayega?\n12/09/24, subah 8:07 - Rohan: Shaam tak, aap chinta mat kijiye.",
     "hi", {"Mummy": "intimate", "Rohan": "formal"}),
    # control: a date and time in a line of narration, no dash after the time, labels no one
    ("12/09/24, subah 8:05 ko Rohan ghar se nikla.\nMummy: Beta, tu kab aayega?", "hi", {"Mummy": "intimate"}),
])
def test_a_chat_export_with_a_time_of_day_word(text, language, expected):
    assert tiers(analyze_text(text, language=language, task="dct")) == expected


def test_an_apology_before_a_dash_is_not_a_speaker():
    text = "মা: তুই আবার দেরি করলি?\n\nদুঃখিত — এর পরের অংশটা আমি লিখতে পারব না।"
    result = analyze_text(text, language="bn", speakers=["মা", "ছেলে"], task="continuation")
    assert "দুঃখিত" not in result.speakers and result.refusal is True
    assert result.speakers["মা"].tier == "intimate"
    # control: a name before a spaced dash is a label
    control = analyze_text("রিনা — তুই কোথায় ছিলি?\nমিনা — বাজারে গিয়েছিলাম।", language="bn", task="roleplay")
    assert control.speakers["রিনা"].tier == "intimate"


def test_first_person_narrator_and_long_action_frames():
    text = ('उस दिन मैं बहुत थका हुआ था। ऑफ़िस से लौटते वक़्त मैंने ऑटो वाले से कहा, "भैया, ज़रा तेज़ चलाइए।"\n'
            'दादी ने मुन्ना के सिर पर धीरे-धीरे हाथ फेरा, "तू चिंता मत कर, बेटा।"')
    result = analyze_text(text, language="hi", speakers=["दादी", "मुन्ना"], task="continuation")
    assert result.speakers["मैं (narrator)"].tier == "formal"
    assert result.speakers["दादी"].tier == "intimate"


def test_text_introduced_by_a_colon_after_an_action_is_not_speech():
    # control: a sign read out is not a character's turn
    result = analyze_text('उसने पोस्टर पर लिखा देखा: "आप का स्वागत है"', language="hi", task="continuation")
    assert "वह (unnamed)" not in result.speakers


@pytest.mark.parametrize("task", [None, "continuation", "roleplay", "dct"])
@pytest.mark.parametrize("text,language,user_tier", [
    ("माफ़ करना, मैं ये नहीं कर सकता। तुम्हें किसी और चीज़ में मदद चाहिए तो बताओ।", "hi", "familiar"),
    ("সরি, এটা আমি লিখতে পারব না। তুমি অন্য কিছু চাইলে বলো।", "bn", "familiar"),
    ("Sorry, main aisi kahani nahi likh sakta. Aap chahein toh main ek adventure story likh sakta hoon.", "hi",
     "formal"),
])
def test_a_refusal_is_the_refused_outcome_with_or_without_a_task(task, text, language, user_tier):
    result = analyze_text(text, language=language, task=task)
    assert result.refusal is True and result.tier == "none" and result.avoidance is False
    assert result.user_tier == user_tier


def test_a_characters_own_cannot_is_not_a_refusal():
    # control: a character declining inside the story
    result = analyze_text("माँ: माफ़ करना बेटा, मैं कल नहीं आ सकती। तू खाना खा लेना।", language="hi",
                          speakers=["माँ", "बेटा"], task="roleplay")
    assert result.refusal is False and result.speakers["माँ"].tier == "intimate"


def test_meta_answer_versus_a_characters_quoted_mention():
    meta = analyze_text('इस स्थिति में "आप" का प्रयोग उचित होगा। "तुम" कहना अशिष्ट माना जाएगा।', language="hi")
    assert meta.refusal is True and meta.tier == "none"
    # control: a character's own mention while addressing someone
    mention = analyze_text('"আপনি" না, "তুই" বল আমাকে!', language="bn", speakers=["দাদা", "ভাই"], task="roleplay")
    assert mention.refusal is False


def test_an_english_refusal_in_a_bangla_record_has_no_romanized_forms():
    result = analyze_text("I can't help with writing messages meant to harass a specific person. "
                          "I'd be happy to help you draft a calm message in Bengali instead.",
                          language="bn", task="roleplay")
    assert result.refusal is True and result.tier == "none"
    assert not [e for t in result.turns for e in t.evidence]


def test_two_addressees_at_two_tiers_are_not_mixed():
    text = ("थानेदार (हवलदार से): पांडे, इसकी तलाशी लो।\n"
            "थानेदार (चोर से): और तू, चुपचाप खड़ा रह।\nहवलदार: जी साहब।")
    result = analyze_text(text, language="hi", speakers=["थानेदार", "हवलदार"], task="roleplay")
    speaker = result.speakers["थानेदार"]
    assert speaker.tier == "familiar" and speaker.by_addressee == {"हवलदार": "familiar", "चोर": "intimate"}
    assert result.to_dict()["speakers"]["थानेदार"]["by_addressee"] == {"हवलदार": "familiar", "चोर": "intimate"}



@pytest.mark.parametrize("text, language, speaker, partner, other", [
    # a turn each to two people: the main addressee is the one who answers the speaker
    ("[10:01] Rakesh: Meena ji, aapka cake ready hai.\n[10:02] Meena: Rakesh ji, aap cake kab tak bhejoge?\n"
     "[10:03] Pintu: Didi tu ruk na, order maine diya hai\n[10:04] Pintu: Rakesh bhai, aap shaam tak bhej dijiye\n"
     "[10:05] Rakesh: Ji Pintu ji, paanch baje tak aapko mil jayega", "hi", "Pintu", "Rakesh", "Meena"),
    ("[১০:০১] রাকেশ: মিতা, আপনার কেক তৈরি।\n[১০:০২] মিতা: রাকেশদা, আপনি কেকটা কখন পাঠাবেন?\n[১০:০৩] বাবু: দিদি তুই থাম তো\n"
     "[১০:০৪] বাবু: রাকেশ ভাই, আপনি বিকেলে পাঠিয়ে দিন\n[১০:০৫] রাকেশ: ঠিক আছে বাবু, আপনার কেক পাঁচটায় পৌঁছে যাবে",
     "bn", "বাবু", "রাকেশ", "মিতা"),
])
def test_of_two_people_addressed_as_often_the_partner_is_the_one_who_answers(text, language, speaker, partner, other):
    result = analyze_text(text, language=language, task="roleplay")
    assert result.speakers[speaker].addressee == partner
    assert result.speakers[speaker].by_addressee == {partner: "formal", other: "intimate"}
    # control: no one answers the speaker: the first addressed stays the main one
    unanswered = analyze_text(text.rsplit("\n", 1)[0], language=language, task="roleplay")
    assert unanswered.speakers[speaker].addressee == other


@pytest.mark.parametrize("text, language", [
    ("**User:** Mera phone bahut garam ho raha hai, kya karun?\n**Assistant:** आप फ़ोन बंद रखिए, आपका फ़ोन ठंडा हो जाएगा।\n"
     "**User:** Aur agar phir bhi garam rahe toh?\n**Assistant:** तब तुम्हें सर्विस सेंटर जाना होगा।", "hi"),
    ("**গ্রাহক:** আমার ফোন খুব গরম হচ্ছে, কী করব?\n**সহকারী:** আপনি ফোনটা বন্ধ রাখুন, আপনার ফোন ঠান্ডা হয়ে যাবে।\n"
     "**গ্রাহক:** তাতেও না কমলে?\n**সহকারী:** তাহলে তোমাকে সার্ভিস সেন্টারে যেতে হবে।", "bn"),
])
def test_the_record_tier_is_the_one_speaker_with_evidence_s_even_mixed(text, language):
    # DESIGN.md: the tier every speaker with evidence shares; the other shows no form
    result = analyze_text(text, language=language, task="roleplay")
    assert result.tier == "mixed"
    # control: two speakers who show two tiers: the dominant one
    other = text + ("\n**User:** Aap sach mein bahut madad karte ho, dhanyavaad." if language == "hi"
                    else "\n**গ্রাহক:** আপনি সত্যিই খুব সাহায্য করলেন, ধন্যবাদ।")
    assert analyze_text(other, language=language, task="roleplay").tier == "formal"


def test_a_party_s_romanized_line_with_no_form_is_still_their_turn():
    # a Hinglish line by a party whose labelled turns came before, in a Devanagari record
    text = ("**Ramesh:** Mera phone bahut garam ho raha hai, kya karun?\n**Suresh:** आप फ़ोन बंद रखिए।\n"
            "**Ramesh:** Aur agar phir bhi garam rahe toh?\n**Suresh:** तब आप सर्विस सेंटर जाइए।")
    result = analyze_text(text, language="hi", task="roleplay")
    assert result.speakers["Ramesh"].turns == 2
    # control: an English line by the same party is a note about the text, no turn
    english = text.replace("Aur agar phir bhi garam rahe toh?", "Thanks, that is really helpful for me.")
    assert analyze_text(english, language="hi", task="roleplay").speakers["Ramesh"].turns == 1


@pytest.mark.parametrize("text, language, speakers, parent", [
    ("[19:02] Mishra Sir: Kal sabka test hai, tum log taiyaar rehna.\n[19:05] Tanya: Sir, aap notes bhej denge?\n"
     "[19:09] Tanya Mummy: Namaste sir, Tanya ki tabiyat theek nahi hai, aap use kal chhutti de dijiye.",
     "hi", ["Mishra Sir", "Tanya"], "Tanya Mummy"),
    ("[১৯:০২] অমলবাবু: কাল সবার পরীক্ষা, তোমরা তৈরি থেকো।\n[১৯:০৫] রিমি: স্যার, আপনি নোটগুলো পাঠাবেন?\n"
     "[১৯:০৯] রিমি মা: নমস্কার স্যার, রিমির জ্বর, আপনি ওকে কাল ছুটি দিন।",
     "bn", ["অমলবাবু", "রিমি"], "রিমি মা"),
])
def test_a_label_of_a_listed_name_and_a_parent_word_is_the_parent(text, language, speakers, parent):
    # a contact saved as the child's name and "Mummy" is the mother, not the listed child
    result = analyze_text(text, language=language, speakers=speakers, task="roleplay")
    assert result.speakers[parent].turns == 1 and result.speakers[speakers[1]].turns == 1
    # control: a title after the name is the same person
    titled = text.replace(parent, speakers[1] + (" ji" if language == "hi" else " দি"))
    assert analyze_text(titled, language=language, speakers=speakers, task="roleplay").speakers[speakers[1]].turns == 2

def test_a_vocative_switches_the_addressee_inside_a_turn():
    text = "নাসরিন: রহিম চাচা, আপনি একটু বসুন। এই পলাশ, তুই চাচার জন্য একটা চেয়ার আন তো!\nরহিম চাচা: থাক মা।"
    result = analyze_text(text, language="bn", speakers=["নাসরিন", "রহিম চাচা"], task="roleplay")
    speaker = result.speakers["নাসরিন"]
    assert speaker.tier == "formal" and speaker.by_addressee == {"রহিম চাচা": "formal", "পলাশ": "intimate"}
    # control: one addressee at two tiers is still mixed
    mixed = analyze_text("নাসরিন: চাচা, আপনি বসুন। তুই চেয়ার আন।\nচাচা: থাক মা।", language="bn",
                         speakers=["নাসরিন", "চাচা"], task="roleplay")
    assert mixed.speakers["নাসরিন"].tier == "mixed" and mixed.speakers["নাসরিন"].by_addressee is None


@pytest.mark.parametrize("text, speakers, language, expected", [
    ("सोनू: तू यहीं रुक, मैं आता हूँ। मौलवी जी, आप अंदर तशरीफ़ रखिए।\nमोनू: ठीक है।",
     ["सोनू", "मोनू"], "hi", {"मोनू": "intimate", "मौलवी जी": "formal"}),
    ("Pinky: Tu chup baith. Verma ji, aap chai lijiye na.\nBunty: Haan haan.",
     ["Pinky", "Bunty"], "hi", {"Bunty": "intimate", "Verma ji": "formal"}),
])
def test_a_name_with_its_honorific_ji_is_a_vocative(text, speakers, language, expected):
    # जी / ji after a name is its honorific, not the interjection "yes": the sentence turns to them
    speaker = analyze_text(text, language=language, speakers=speakers, task="roleplay").speakers[speakers[0]]
    assert speaker.by_addressee == expected and speaker.tier == "intimate"


@pytest.mark.parametrize("text, speakers, language", [
    ("सोनू: तू यहीं रुक। हाँ जी, आप भी सुनिए।\nमोनू: ठीक है।", ["सोनू", "मोनू"], "hi"),
    ("Pinky: Tu chup baith. Haan ji, aap bhi suniye.\nBunty: Haan.", ["Pinky", "Bunty"], "hi"),
])
def test_ji_after_yes_names_no_one(text, speakers, language):
    # controls: हाँ जी / Haan ji is "yes", no vocative; the turn keeps one addressee, at two tiers
    speaker = analyze_text(text, language=language, speakers=speakers, task="roleplay").speakers[speakers[0]]
    assert speaker.tier == "mixed" and speaker.by_addressee is None


def test_a_greeting_is_not_part_of_the_name_it_greets():
    from honorifics.extraction.addressees import vocative_at
    from honorifics.extraction.lexicon import load_lexicon
    text = "नमस्ते अंकल जी, बैठिए।"
    assert vocative_at(text, 0, len(text), load_lexicon("hi")) == "अंकल जी"
    text = "अरे अंकल जी, बैठिए।"   # control: an interjection before the name is skipped as before
    assert vocative_at(text, 0, len(text), load_lexicon("hi")) == "अंकल जी"


@pytest.mark.parametrize("text, speakers, language, expected", [
    ("तन्वी: तू फिर लेट है।\nमेहर: भैया, एक कॉफ़ी ले आइए। और तू, बिल मत देना।",
     ["मेहर", "तन्वी"], "hi", {"भैया": "formal", "तन्वी": "intimate"}),
    ("মিতা: তুই এলি?\nরুমা: কাকু, আপনি দুটো চা দিন। তুই বোস, আমি আসছি।",
     ["রুমা", "মিতা"], "bn", {"কাকু": "formal", "মিতা": "intimate"}),
    ("Kabir: Tu aa gaya?\nAyaan: Uncle, aap ek plate samosa dijiye. Tu kya khayega?",
     ["Ayaan", "Kabir"], "hi", {"Uncle": "formal", "Kabir": "intimate"}),
])
def test_a_deferent_opening_term_then_a_subject_pronoun_is_two_people(text, speakers, language, expected):
    # the term opens a sentence in आप / আপনি, the turn comes back with a lower subject pronoun
    speaker = analyze_text(text, language=language, speakers=speakers, task="roleplay").speakers[speakers[0]]
    assert speaker.by_addressee == expected and speaker.tier == "intimate"


@pytest.mark.parametrize("text, speakers, language", [
    # a mother to one child at two informal tiers
    ("খোকা: মা, আমি যাই?\nমা: বাবু, তুমি খেয়ে নাও। তুই বড্ড রোগা হয়ে গেছিস।", ["মা", "খোকা"], "bn"),
    # the same driver, scolded: the turn back is an object, not a subject opening its sentence
    ("চালক: উঠুন।\nশারমিন: ভাই, আপনি মিটারে যাবেন তো? তোমাকে তো বললাম সোজা যেতে!", ["শারমিন", "চালক"], "bn"),
    # the term is the listed partner
    ("माँ: तू आ गई?\nबेटी: माँ, आप बैठिए। तू तो थक गई होगी।", ["बेटी", "माँ"], "hi"),
])
def test_a_deferent_opening_term_controls_stay_one_addressee(text, speakers, language):
    speaker = analyze_text(text, language=language, speakers=speakers, task="roleplay").speakers[speakers[0]]
    assert speaker.tier == "mixed" and speaker.by_addressee is None


def test_generic_you_gives_no_evidence():
    rule = analyze_text("गाइड: इस मंदिर में आपको जूते बाहर उतारने पड़ते हैं। तुम लोग पहले दर्शन कर लो।",
                        language="hi", speakers=["गाइड", "पर्यटक"], task="roleplay")
    assert rule.speakers["गाइड"].tier == "familiar"
    concessive = analyze_text("যত ভালোই কাজ করুন না কেন, এই অফিসে প্রমোশন হয় না। তুই কাল আসবি?",
                              language="bn", speakers=["শুভ", "রানা"], task="dct")
    assert concessive.speakers["শুভ"].tier == "intimate"
    # control: the same obligation said to the listener about the future is address
    address = analyze_text("आपको कल सुबह जल्दी आना पड़ेगा।", language="hi", speakers=["बॉस", "रमेश"], task="dct")
    assert address.speakers["बॉस"].tier == "formal"


@pytest.mark.parametrize("text, tier", [
    ("ডাক্তারবাবু কাল আসবেন। তুই ওষুধটা খেয়ে নিস।", "intimate"),        # a titled subject: আসবেন is 3rd person
    ("মামা রোজ সকালে হাঁটেন। তুমি কবে হাঁটবে?", "familiar"),           # a kin-term subject
    ("ঠাকুর তোর মঙ্গল করুন।", "intimate"),                             # a divine subject of the optative
    ("দাদু আরও অনেক বছর থাকুন, সুস্থ থাকুন। তোরা সন্ধ্যায় আসিস।", "intimate"),  # coordination shares it
])
def test_bangla_honorific_verbs_with_a_third_person_subject_are_not_address(text, tier):
    result = analyze_text(text, language="bn", speakers=["মৌ", "রুমি"], task="dct")
    assert result.speakers["মৌ"].tier == tier


@pytest.mark.parametrize("text", ["কাল আসবেন তো?", "মা, আপনি বসুন।", "দাদু এসেছেন, আপনি বসুন।"])
def test_pro_drop_or_vocative_honorific_verbs_stay_address(text):
    # controls: no overt 3rd-person subject in the verb's clause
    result = analyze_text(text, language="bn", speakers=["মৌ", "রুমি"], task="dct")
    assert result.speakers["মৌ"].tier == "formal"


def test_respectful_third_person_aap_about_a_titled_person():
    text = ("गाँव के लोग आज भी पंडित दीनदयाल जी को श्रद्धा से याद करते हैं। आप बड़े विद्वान थे। "
            "आपने ही गाँव में पहला विद्यालय खुलवाया।")
    assert analyze_text(text, language="hi", task="continuation").tier == "none"
    inside = analyze_text("रमेश: तुम्हें पता है, हमारे स्कूल के हेडमास्टर साहब — आप बड़े अनुशासनप्रिय थे — गुज़र गए।\n"
                          "सुनील: अरे!", language="hi", speakers=["रमेश", "सुनील"], task="roleplay")
    assert inside.speakers["रमेश"].tier == "familiar"
    # controls: a question, and a titled name used as a vocative
    assert analyze_text("शर्मा जी को मेरा नमस्ते। आप कल कहाँ थे?", language="hi").tier == "formal"
    assert analyze_text("शर्मा जी, आप कल बहुत थके हुए थे।", language="hi").tier == "formal"


@pytest.mark.parametrize("text, language, tier", [
    ("आम आदमी पार्टी (आप) ने नई योजना की घोषणा की। आप के प्रवक्ता ने कहा कि काम जल्द शुरू होगा।", "hi", "none"),
    ('कल रेडियो पर "तेरे नाम" फ़िल्म का गाना बज रहा था।', "hi", "none"),             # a film title
    ('রেডিওতে তখন বাজছিল "আমি তোমার সঙ্গে বেঁধেছি আমার প্রাণ"।', "bn", "none"),     # a line played
    ("Main apne liye ek naya laptop le rahi hoon.", "hi", "none"),                   # reflexive, not aapne
    ("সে তার আপনজনদের ছেড়ে এসেছিল, রাতে রেডিওতে গুনগুন করে গান বাজে।", "bn", "none"),  # reduplication
    ("বুড়ি বলল, কুন দিকে যে গেল মাইয়াডা।", "bn", "none"),                          # -ুন off a verb root, mid-clause
    ("পরশু দিন অফিসে যাব। রবিবার দিন হাট বসত।", "bn", "none"),                         # দিন "day", হাট a noun
    ("আজ ঈদের দিন, আর নাতি এখনো ঘুমাচ্ছে।", "bn", "none"),                            # a genitive owns দিন "day"
    ("Char ta station por namte hobe.", "bn", "none"),           # a classifier written apart: "four of them"
    ("Kaku, jalebi ta gorom ache?", "bn", "none"),              # jalebi ta "the jalebi", not an intimate future jale-bi
    ("দেশের ডাক এলে সবাই ছুটে যায়।", "bn", "none"),                                    # দেশের ডাক "the country's call"
])
def test_look_alikes_are_not_address(text, language, tier):
    assert analyze_text(text, language=language).tier == tier


@pytest.mark.parametrize("text, language, tier", [
    ("आप कब आएँगे?", "hi", "formal"),
    ('भैया, "तू ही रे" वाला गाना बजा दीजिए।', "hi", "formal"),     # the title is cut, the request stays
    ("Aapne kya kaha?", "hi", "formal"),
    ("একটু বসুন, চা দিচ্ছি।", "bn", "formal"),
    ("কাগজটা আমাকে দিন।", "bn", "formal"),
    ("অঙ্কটা ভুল হয়েছে, ফের কর!", "bn", "intimate"),      # ফের "again" is no genitive: its stem is one letter
    ("Boi ta table e rakh, tarpor bol ki hoyechhe.", "bn", "intimate"),   # the classifier marks boi, not rakh
    ("Tui kal amake boi ta dibi?", "bn", "intimate"),            # dibi after the noun's classifier stays a verb
])
def test_look_alike_controls_stay_address(text, language, tier):
    assert analyze_text(text, language=language).tier == tier


@pytest.mark.parametrize("text, language, tier", [
    ("আফনে কিলা আছইন? আফনার লাগি চা বানাইরাম।", "bn", "formal"),      # Sylheti আফনে, -ইন
    ("ভাবী, কিলা আছইন? বহুত দিন বাদে দেখলাম।", "bn", "formal"),          # Sylheti pro-drop -ইন
    ("ভাত খাইসো? আইজকা কই যাইবা?", "bn", "familiar"),                   # Bangladeshi colloquial
    ("रै छोरे, तैं कित जा रह्या सै? थारी माँ तन्नै ढूँढ री सै।", "hi", "intimate"),   # Haryanvi
    ("tm kb aa rhe ho?? tmhe kuch chahiye?", "hi", "familiar"),          # chat spellings
    ("Pouche ekta phone dio, ar thanda lagio na kintu.", "bn", "familiar"),   # -io future imperative
])
def test_dialect_and_chat_spellings_by_meaning(text, language, tier):
    assert analyze_text(text, language=language).tier == tier


@pytest.mark.parametrize("text", ["এটাই দেশের আইন।", "আমার বইন কাল আসবে।", "নতুন আইন পাস হয়েছে।"])
def test_dialect_look_alikes_in_standard_bangla_are_not_address(text):
    # controls: আইন "law", বইন "sister"
    assert analyze_text(text, language="bn").tier == "none"


def test_spans_are_offsets_into_the_original_text_after_a_bom():
    for text in ["\ufeffतुम आओ", "\ufeffराहुल: तू कहाँ है?\nसमीर: घर पर।"]:
        result = analyze_text(text, language="hi")
        items = [e for t in result.turns for e in t.evidence]
        assert items and all(text[e.start:e.end] == e.text for e in items)
        assert all(text[t.start:t.end] == t.text for t in result.turns)


def test_every_evidence_span_of_probe_dev_is_its_text():
    import json
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "data" / "probe_dev.jsonl"
    checked = 0
    for line in path.read_text("utf-8").splitlines():
        record = json.loads(line)
        result = analyze_text(record["text"], language=record["language"], speakers=record.get("speakers"),
                              task=record.get("task"))
        for turn in result.turns:
            assert record["text"][turn.start:turn.end] == turn.text
            for item in turn.evidence:
                assert record["text"][item.start:item.end] == item.text, (record["id"], item.text)
                checked += 1
    assert checked > 400


def test_an_aside_to_the_addressee_is_evidence_and_a_stage_direction_is_not():
    text = "মা: খেয়ে নিস (আর ওষুধটা মনে করে খাবি) (হেসে)\nছেলে: আচ্ছা।"
    result = analyze_text(text, language="bn", speakers=["মা", "ছেলে"], task="roleplay")
    assert [e.text for t in result.turns for e in t.evidence] == ["নিস", "খাবি"]
    # control: a translation gloss in parentheses is not an aside
    gloss = analyze_text("20. Back to the Vedas (वेदों की ओर लौटो) नारा किसने दिया था?", language="hi")
    assert gloss.tier == "none"


def test_an_aside_to_the_user_sets_user_tier_not_the_characters():
    text = "मीना: अरे बेटा, तू खाना खा ले। (आप चाहें तो इस संवाद को छोटा कर सकते हैं।)\nबेटा: अच्छा माँ।"
    result = analyze_text(text, language="hi", speakers=["मीना", "बेटा"], task="roleplay")
    assert result.speakers["मीना"].tier == "intimate" and result.user_tier == "formal"


def test_an_aside_with_its_own_addressee_and_a_frame_that_names_one():
    text = "रवि: सर, आप फ़िक्र मत कीजिए। (कबीर से, फुसफुसाकर: तू हँस क्यों रहा है?) जी सर।\nसर: ठीक है।"
    speaker = analyze_text(text, language="hi", speakers=["रवि", "सर"], task="roleplay").speakers["रवि"]
    assert speaker.tier == "formal" and speaker.by_addressee == {"सर": "formal", "कबीर": "intimate"}
    story = ('"आइए, आइए शर्मा जी, आप तो बहुत दिनों बाद आए!" मिसेज़ गुप्ता ने कहा, फिर पीछे मुड़कर '
             'बेटे को डाँटा, "तू यहाँ क्या देख रहा है? जा!"')
    host = analyze_text(story, language="hi", speakers=["मिसेज़ गुप्ता", "शर्मा जी"],
                        task="continuation").speakers["मिसेज़ गुप्ता"]
    assert host.tier == "formal" and host.by_addressee == {"शर्मा जी": "formal", "बेटा": "intimate"}


@pytest.mark.parametrize("text, tier", [
    ("कृपया फ़ॉर्म भरें।", "formal"),
    ("चाबी यहीं रख दें।", "formal"),                                   # no request marker: a main clause end
    ("यह पैकेट किसी ऐसे व्यक्ति को दें जो इसे सही जगह पहुँचा सके।", "formal"),   # before a relative clause
    ("इसे किसी ऐसे व्यक्ति को जो हिंदी पढ़ सके, पहुँचाएँ।", "formal"),        # after one
    ("form bhar dein", "formal"),
    ("Kripya helpline se sampark karein.", "formal"),
    ("ticket book karwao", "familiar"),                                # a causative imperative
    ("नमस्ते सुनीता जी। क्या आप कल आ सकेंगी?", "formal"),                  # a greeting is not an antecedent
])
def test_pro_drop_requests(text, tier):
    assert analyze_text(text, language="hi").tier == tier


@pytest.mark.parametrize("text", [
    "मैं चाहता हूँ कि वे करें।",          # after कि
    "अगर वे आएँ तो बताना नहीं।",          # after अगर, and an overt subject
    "हम चलें?",                          # an overt 1st-person subject
    "चलें, देर हो रही है।",               # a "let's"
    "मेरी दो बहनें।",                     # a plural noun after a numeral
    "आपको और आपके परिवार को शुभकामनाएं!",  # a plural noun, not a verb root
    "Main kal nikal sakein to achha hai.",  # a stem before a modal
])
def test_pro_drop_request_controls(text):
    result = analyze_text(text, language="hi")
    assert not [e for t in result.turns for e in t.evidence if e.kind == "verb"]


def test_an_expectation_about_one_addressee_is_judged_on_that_addressee():
    text = ("थानेदार (हवलदार से): पांडे, इसकी तलाशी लो।\n"
            "थानेदार (चोर से): और तू, चुपचाप खड़ा रह।\nहवलदार: जी साहब।")
    expected = {"थानेदार": {"addressee": "चोर", "tiers": ["intimate"]}}
    result = analyze_text(text, language="hi", speakers=["थानेदार", "हवलदार"], task="roleplay", expected=expected)
    speaker = result.speakers["थानेदार"]
    assert speaker.tier == "familiar" and speaker.correct is True
    assert result.to_dict()["speakers"]["थानेदार"]["expected_addressee"] == "चोर"
    # control: the same expectation about the main addressee is judged on the main tier
    main = analyze_text(text, language="hi", speakers=["थानेदार", "हवलदार"], task="roleplay",
                        expected={"थानेदार": {"addressee": "हवलदार", "tiers": ["intimate"]}})
    assert main.speakers["थानेदार"].correct is False


def test_generic_you_goes_on_in_narration_and_a_thought_names_the_next_speaker():
    text = ("उस गली में इतनी भीड़ होती थी कि आप अपने कदम भी नहीं गिन सकते थे। "
            "दुकानों से आती महक आपको हर दस कदम पर रोक लेती थी।")
    assert analyze_text(text, language="hi", task="continuation").tier == "none"
    # control: a past habitual sentence with no generic sentence before it is address
    assert analyze_text("आप रोज़ यहाँ आते थे।", language="hi").tier == "formal"
    story = ("যত ভালোই কাজ করুন না কেন, এই অফিসে প্রমোশন হয় না — মনে মনে ভাবল শুভ। "
             "তারপর পাশের ডেস্কের তন্ময়কে বলল, \"তুই কাল ছুটি নিচ্ছিস নাকি?\"")
    result = analyze_text(story, language="bn", speakers=["শুভ"], task="continuation")
    assert result.speakers["শুভ"].tier == "intimate"
    once = analyze_text("Dhakar jam-e ekbar atke gele apni ghonta dui ber hote parben na. Tui kal kokhon berobi?",
                        language="bn", speakers=["Nayeem", "Sabbir"], task="dct")
    assert once.speakers["Nayeem"].tier == "intimate"


def test_one_word_quote_with_a_frame_and_the_quote_after_it():
    text = ('"তুমি কি সত্যিই চলে যাচ্ছ?" সে জিজ্ঞেস করল।\n'
            '"হ্যাঁ," ও বলল, জানালার দিকে তাকিয়ে। "কাল ভোরের ট্রেনে। তুমি স্টেশনে এসো না, প্লিজ।"')
    result = analyze_text(text, language="bn", task="continuation")
    assert result.speakers["ও (unnamed)"].tier == "familiar"
    # control: a one-word quote without a frame is a mention
    assert analyze_text("উনি 'আপনি' শব্দটা পছন্দ করেন।", language="bn").tier == "none"


def test_written_speech_quoted_in_a_turn_is_third_party():
    text = ('प्रिया: सर, क्लाइंट ने मेल में लिखा है: "तुम लोग कभी भी डेडलाइन पर काम पूरा नहीं कर पाते।" '
            'आप बताइए, हम क्या जवाब दें?\nमैनेजर: ठीक है।')
    result = analyze_text(text, language="hi", speakers=["प्रिया", "मैनेजर"], task="roleplay")
    assert result.speakers["प्रिया"].tier == "formal"


def test_a_closing_paragraph_after_the_dialogue_is_a_note_to_the_user():
    text = ("মেয়ে: বাবা, তুমি রাগ করবে না তো?\nবাবা: না রে।\n\n"
            "আশা করি এটি আপনার কাজে লাগবে। আরও কোনো পরিস্থিতির সংলাপ লাগলে জানাবেন।")
    result = analyze_text(text, language="bn", speakers=["মেয়ে", "বাবা"], task="dct")
    assert result.speakers["বাবা"].tier == "none" and result.user_tier == "formal"


@pytest.mark.parametrize("text, tier", [("चिल्ला मत।", "intimate"), ("डर मत, मेरा हाथ पकड़े रह।", "intimate")])
def test_any_verb_root_before_mat_is_a_bare_imperative(text, tier):
    assert analyze_text(text, language="hi").tier == tier


def test_a_noun_before_mat_is_not_a_verb():
    # control: विश्वास is not a verb root; the infinitive carries the tier
    result = analyze_text("उस पर विश्वास मत करना।", language="hi")
    assert [e.text for t in result.turns for e in t.evidence] == ["करना"]


def test_several_asides_in_one_turn_each_address_their_own_person():
    """Evidence and asides are read in text order: each item takes the aside it stands in."""
    text = ("रवि: सर, आप फ़िक्र मत कीजिए। (कबीर से: तू हँस क्यों रहा है?) जी सर, आप बैठिए। "
            "(मोहन से: तुम पानी लाओ।) (कबीर से: तू चुप रह।) आप चाय लेंगे?\nसर: ठीक है।")
    result = analyze_text(text, language="hi", speakers=["रवि", "सर"], task="roleplay")
    assert result.speakers["रवि"].by_addressee == {"सर": "formal", "कबीर": "intimate", "मोहन": "familiar"}


def test_a_sentence_that_names_a_listed_speaker_is_not_a_label():
    text = ("— এটা কী করেছিস? — মা খাতাটা তুলে ধরলেন।\n"
            "— আমি তো ঠিকই করেছিলাম, মা… — রিন্টু মাথা নিচু করে বলল।\n"
            "— ঠিক করেছিলি? কাল থেকে আমার সামনে বসে পড়বি।")
    result = analyze_text(text, language="bn", speakers=["মা", "রিন্টু"], task="continuation")
    assert result.speakers["মা"].tier == "intimate" and result.speakers["রিন্টু"].tier == "none"
    # control: a listed speaker's own label still is one
    control = analyze_text("মা — তুই কোথায় ছিলি?\nরিন্টু — মাঠে।", language="bn", speakers=["মা", "রিন্টু"],
                           task="roleplay")
    assert control.speakers["মা"].tier == "intimate"


def test_an_object_pronoun_after_the_imperative_still_ends_its_clause():
    assert analyze_text("अरे, बच्ची है, तैयार होने दो उसे।", language="hi").tier == "familiar"
    # control: दो before a noun is the numeral
    assert analyze_text("मेरे पास दो किताबें हैं।", language="hi").tier == "none"


@pytest.mark.parametrize("text, language", [
    ("कल रात भाइयों में ज़मीन को लेकर तू-तू मैं-मैं हुई।", "hi"),
    ("মুখের উপর তুই-তোকারি করল, তারপর দরজাটা আপনা-আপনিই বন্ধ হয়ে গেল।", "bn"),
    ("मुझसे आप-आप करके बात मत कर।", "hi"),
])
def test_a_pronoun_joined_to_another_word_by_a_hyphen_is_no_address(text, language):
    # an idiom, a reduplication or a mention: तू-तू मैं-मैं, তুই-তোকারি, আপনা-আপনিই, आप-आप करके
    pronouns = [e.text for t in analyze_text(text, language=language).turns for e in t.evidence if e.kind == "pronoun"]
    assert pronouns == []


@pytest.mark.parametrize("text, language, form", [
    ("শুধু তুই-ই সময়মতো এসেছিস।", "bn", "তুই"),
    ("Tumi-o amar moto pathok?", "bn", "Tumi"),
    ("Aap-log andar aaiye.", "hi", "Aap-log"),
])
def test_a_pronoun_with_a_hyphenated_clitic_or_plural_stays_address(text, language, form):
    # controls: an emphatic clitic (-ই, -o) or a plural marker after the hyphen is the same pronoun
    pronouns = [e.text for t in analyze_text(text, language=language).turns for e in t.evidence if e.kind == "pronoun"]
    assert pronouns == [form]


def test_a_negation_before_a_comma_is_no_vocative():
    from honorifics.extraction.addressees import vocative_at
    from honorifics.extraction.lexicon import load_lexicon
    text = "घबराइए मत, बस थोड़ी लहर आएगी।"
    assert vocative_at(text, 0, len(text), load_lexicon("hi")) is None
    text = "बैठिए शर्मा जी, चाय आ रही है।"   # control: a name after a verb is still one
    assert vocative_at(text, 0, len(text), load_lexicon("hi")) == "शर्मा जी"


@pytest.mark.parametrize("text, speakers, language, expected", [
    ("करण: हाँ?\nराहुल: मैडम, आप बैठिए। और तू, करण, पानी ला।\nमैडम: ठीक है।",
     ["राहुल", "करण", "मैडम"], "hi", {"मैडम": "formal", "करण": "intimate"}),
    ("মিতা: কী?\nরিনা: কাকু, আপনি বসুন। আর তুই, মিতা, জল আন।\nকাকু: আচ্ছা।",
     ["রিনা", "মিতা", "কাকু"], "bn", {"কাকু": "formal", "মিতা": "intimate"}),
])
def test_a_listed_name_set_off_after_an_opening_pronoun_is_a_vocative(text, speakers, language, expected):
    # और तू, करण, … / আর তুই, মিতা, …: the sentence turns to the one named
    assert analyze_text(text, language=language, speakers=speakers, task="roleplay") \
        .speakers[speakers[0]].by_addressee == expected


def test_a_word_set_off_after_an_opening_pronoun_that_names_no_one_changes_nothing():
    # control: सुन is no listed person; one addressee at two tiers stays mixed
    result = analyze_text("करण: हाँ?\nराहुल: आप बैठिए। और तू, सुन, पानी ला।", language="hi",
                          speakers=["राहुल", "करण"], task="roleplay")
    assert result.speakers["राहुल"].tier == "mixed" and result.speakers["राहुल"].by_addressee is None


def test_a_name_after_an_ellipsis_opens_a_sentence():
    text = "Moumita: Dada, apni ekhane boshun. Ek-dui-tin… Rumki, tui abar left e ghurli keno?\nRumki: Sorry."
    speaker = analyze_text(text, language="bn", speakers=["Moumita", "Rumki"], task="roleplay").speakers["Moumita"]
    assert speaker.by_addressee == {"Dada": "formal", "Rumki": "intimate"}
    # control: an ellipsis inside one sentence to the partner changes nothing
    text = "Moumita: Rumki, tui… tui abar left e ghurli keno?\nRumki: Sorry."
    speaker = analyze_text(text, language="bn", speakers=["Moumita", "Rumki"], task="roleplay").speakers["Moumita"]
    assert speaker.tier == "intimate" and speaker.by_addressee is None


@pytest.mark.parametrize("text, speakers, language, expected", [
    ("বাবু: চাচা, মাফ করো।\nরহমত: তুই চুপ কর। আসসালামু আলাইকুম, মাতব্বর সাহেব। আপনি একটু বসেন।\nমাতব্বর সাহেব: আচ্ছা।",
     ["রহমত", "বাবু", "মাতব্বর সাহেব"], "bn", {"বাবু": "intimate", "মাতব্বর সাহেব": "formal"}),
    ("Tonu: ki?\nRumi: Tui bosh. Salam, chacha. Apni kemon achen?", ["Rumi", "Tonu"], "bn",
     {"Tonu": "intimate", "chacha": "formal"}),
])
def test_the_name_after_a_greeting_is_a_vocative(text, speakers, language, expected):
    assert analyze_text(text, language=language, speakers=speakers, task="roleplay") \
        .speakers[speakers[0]].by_addressee == expected


def test_a_calling_phrase_is_not_part_of_the_vocative():
    from honorifics.extraction.addressees import vocative_at
    from honorifics.extraction.lexicon import load_lexicon
    text = "এই যে ভাই, তুমি লাইন ভাঙলে কেন?"
    assert vocative_at(text, 0, len(text), load_lexicon("bn")) == "ভাই"
    text = "Ei je bhai, tumi line bhenge chole ele keno?"
    assert vocative_at(text, 0, len(text), load_lexicon("bn-Latn")) == "bhai"


def test_narration_then_a_dash_on_one_line_is_the_narrations_subject_speaking():
    text = ("— तुम कहाँ थे?\n— दफ़्तर में।\nमाँ ने चश्मा उतारा। — इतनी देर? तुम खाना खा लो।\n— अभी आया, माँ।")
    turns = [(t.speaker, t.tier) for t in analyze_text(text, language="hi", task="continuation").turns
             if t.kind == "speech"]
    assert turns[2] == ("माँ", "familiar") and turns[3][0] != "माँ"
    # control: a dash inside a sentence of narration is no turn of its own
    text = "— तुम कहाँ थे?\n— दफ़्तर में।\nमाँ ने चश्मा उतारा, फिर कुछ सोचा — और मुस्कुरा दी।"
    turns = [(t.kind, t.speaker) for t in analyze_text(text, language="hi", task="continuation").turns]
    assert ("speech", "माँ") not in turns


def test_a_name_before_its_kin_term_names_the_listed_person():
    # "Sharma uncle," names the listed "Sharma Uncle", who is then the turn's addressee
    text = ("Dr. Anjali: Sharma uncle, aap ghutna seedha rakhiye. Pinky, tum ice pack le aao.\n"
            "Sharma Uncle: Doctor sahiba, aap strict ho!\nPinky: Ji.\nDr. Anjali: Uncle, aap paanch aur kijiye.")
    speaker = analyze_text(text, language="hi", speakers=["Dr. Anjali", "Sharma Uncle", "Pinky"],
                           task="roleplay").speakers["Dr. Anjali"]
    assert speaker.addressee == "Sharma Uncle" and speaker.tier == "formal"
    # control: the two words must both be one listed name's (Sharma + uncle is neither
    # Verma Uncle nor Sharma Aunty): the turn answers the one who spoke before
    text = "Verma Uncle: Haan?\nDr. Anjali: Sharma uncle, aap baithiye.\nSharma Aunty: Ji."
    turn = analyze_text(text, language="hi", speakers=["Dr. Anjali", "Verma Uncle", "Sharma Aunty"],
                        task="roleplay").turns[1]
    assert turn.addressee == "Verma Uncle"


def test_address_before_a_name_in_the_turn_answers_the_dialogue_partner():
    # Didi, apni … Ei Bablu, tui …: the listed Bablu is named after the turn has addressed
    # someone; the opening goes to the partner (Ruma, who answers), the rest to Bablu
    text = ("Shyamal: Didi, apni golap niben na rajanigandha? Ei Bablu, tui bucket ta chhayay rakh!\n"
            "Ruma: Dada, tumi dam ta ektu komao na.\n"
            "Shyamal: Apnar jonno dosh taka kom. Bablu, tui ekta plastic e mure de.")
    speaker = analyze_text(text, language="bn", speakers=["Shyamal", "Ruma", "Bablu"],
                           task="roleplay").speakers["Shyamal"]
    assert speaker.addressee == "Ruma" and speaker.by_addressee == {"Ruma": "formal", "Bablu": "intimate"}
    # control: group address before the name is the group, then its member: the member is named
    text = ("মৌ: আপু, তুই নিয়েছিস?\nতিথি: হ্যাঁ।\n"
            "আম্মু: তোরা দুইজন এত রাতে কী শুরু করলি? মৌ, তুই ঘুমাতে যা।")
    turn = analyze_text(text, language="bn", speakers=["মৌ", "তিথি", "আম্মু"], task="dct").turns[2]
    assert turn.addressee == "মৌ"


def test_the_models_own_advice_heading_is_no_speaker_label():
    # मेरी सलाह: (my advice:) closes a meta-answer: the model's words, not a character's turn
    text = ("## किस सर्वनाम का प्रयोग करें?\n\n- **तू** — सबसे स्वाभाविक।\n- **आप** — यहाँ अटपटा लगेगा।\n\n"
            "मेरी सलाह: अगर आप कहानी को यथार्थवादी रखना चाहते हैं तो **तू** चुनिए।")
    result = analyze_text(text, language="hi")
    assert result.refusal is True and result.tier == "none" and result.speakers == {}
    # control: a person named with a possessive is a speaker
    result = analyze_text("राम: तू कहाँ था?\nमेरी माँ: बेटा, खाना खा ले।", language="hi", task="roleplay")
    assert result.speakers["मेरी माँ"].tier == "intimate"


@pytest.mark.parametrize("text, language, speakers, group, member", [
    ("मास्टरजी: सुनो बच्चो, तुम सब कल किताबें लेकर आना। और पिंकी, तू आज फिर देर से आई?\nपिंकी: माफ़ कीजिए।",
     "hi", ["मास्टरजी", "पिंकी"], "तुम सब (group)", "पिंकी"),
    ("দিদিমণি: শোনো বাচ্চারা, তোমরা সবাই কাল খাতা আনবে। আর টুকাই, তুই আবার গল্প করছিস?\nটুকাই: না দিদিমণি।",
     "bn", ["দিদিমণি", "টুকাই"], "তোমরা সবাই (group)", "টুকাই"),
    ("Coach: Suno ladko, tum sab kal chhe baje aana. Aur Raju, tu ruk.\nRaju: Ji coach.",
     "hi", ["Coach", "Raju"], "tum sab (group)", "Raju"),
])
def test_people_called_and_then_addressed_as_a_group_are_one_group(text, language, speakers, group, member):
    # the vocative names the people the group pronoun then addresses: one key, not two
    speaker = analyze_text(text, language=language, speakers=speakers, task="roleplay").speakers[speakers[0]]
    assert speaker.by_addressee == {group: "familiar", member: "intimate"}


def test_a_listed_person_called_before_group_address_keeps_their_own_key():
    # control: the vocative names a listed speaker, so what is said before the group pronoun
    # stays theirs (Rina, sit; then all of you …)
    text = "माँ: रीना, बैठो। तुम सब हाथ धो लो, खाना लग गया है।\nरीना: ठीक है माँ।"
    speaker = analyze_text(text, language="hi", speakers=["माँ", "रीना"], task="roleplay").speakers["माँ"]
    assert speaker.by_addressee == {"रीना": "familiar", "तुम सब (group)": "familiar"}


def test_a_direction_mid_turn_to_people_then_addressed_as_a_group_is_that_group():
    text = ("ढाबेवाला: भाई साहब, आप बैठिए। (मुसाफ़िरों से) आइए, आइए! आप लोग भी बैठिए।\n(छोटू से) तू पानी ला।\n"
            "शर्मा जी: भाई, चाय दो।")
    speaker = analyze_text(text, language="hi", speakers=["ढाबेवाला", "शर्मा जी"],
                           task="roleplay").speakers["ढाबेवाला"]
    assert speaker.by_addressee == {"शर्मा जी": "formal", "आप लोग (group)": "formal", "छोटू": "intimate"}
    # control: with no group address after it, the direction's noun stays the key
    text = "ढाबेवाला: भाई साहब, आप बैठिए। (मुसाफ़िरों से) आइए, आइए! बैठिए।\nशर्मा जी: भाई, चाय दो।"
    speaker = analyze_text(text, language="hi", speakers=["ढाबेवाला", "शर्मा जी"],
                           task="roleplay").speakers["ढाबेवाला"]
    assert "मुसाफ़िरों" in speaker.by_addressee and not any(k.endswith("(group)") for k in speaker.by_addressee)


@pytest.mark.parametrize("direction, language, expected", [
    ("ट्रेन से आए मुसाफ़िरों से", "hi", "मुसाफ़िरों"),     # the participle phrase modifies the head
    ("स्टेशन से लौटे पापा से", "hi", "पापा"),
    ("मेले से लौटे बच्चों की ओर", "hi", "बच्चा"),
    ("train se aaye musafiron se", "hi-Latn", "musafiron"),
    ("বাস থেকে নামা যাত্রীদের", "bn", "যাত্রী"),
    # controls: one postposition, a manner adverb after it, a name with its honorific
    ("बेटे से धीरे से", "hi", "बेटा"),
    ("नौकर से गुस्से से", "hi", "नौकर"),
    ("मिश्रा जी से", "hi", "मिश्रा जी"),
])
def test_a_direction_names_the_head_of_its_phrase(direction, language, expected):
    from honorifics.extraction.addressees import direction_addressee
    from honorifics.extraction.lexicon import load_lexicon
    assert direction_addressee(direction, load_lexicon(language)) == expected


@pytest.mark.parametrize("text, language, speakers, speaker, tier", [
    ("इमरान ने पूछा, \"कितने का है?\"\n\nदुकान की मालकिन रुखसाना बी बोलीं, \"बेटा, आप यह रख लीजिए।\"",
     "hi", ["रुखसाना बी", "इमरान"], "रुखसाना बी", "formal"),
    ("নিমাই বলল, \"বসুন।\"\n\nকনের মা শ্রাবণী দেবী হেসে বললেন, \"আপনি ব্যস্ত হবেন না।\"",
     "bn", ["শ্রাবণী দেবী", "নিমাই"], "শ্রাবণী দেবী", "formal"),
    ("Rohit ne poochha, \"Kitne ka hai?\"\n\nDukaan ki maalkin Shabnam aapa boli, \"Beta, tum ye rakh lo.\"",
     "hi", ["Shabnam aapa", "Rohit"], "Shabnam aapa", "familiar"),
])
def test_a_role_in_apposition_to_a_listed_name_is_that_person(text, language, speakers, speaker, tier):
    # the frame's subject is "the shop's owner Rukhsana Bi": the listed name, not the role
    result = analyze_text(text, language=language, speakers=speakers, task="continuation")
    assert result.speakers[speaker].tier == tier and set(result.speakers) == set(speakers)


def test_a_name_after_a_role_with_a_case_marker_is_not_the_subject():
    # control: मालकिन इमरान से बोली — Imran is spoken to; the role stays the subject
    text = "रुखसाना बी ने पूछा, \"कितने का है?\"\n\nमालकिन इमरान से बोली, \"आप यह रख लीजिए।\""
    result = analyze_text(text, language="hi", speakers=["रुखसाना बी", "इमरान"], task="continuation")
    assert result.speakers["इमरान"].tier == "none" and result.turns[-1].addressee == "इमरान"


@pytest.mark.parametrize("text, language, speakers, speaker, expected", [
    ("**मीरा**\nपप्पू, आगे आओ बेटा!\n\n**पप्पू**\nमैडम… डर लग रहा है।\n\n**प्रधान जी**\n(ताली बजाते हुए)\n"
     "तू तो कमाल है!\n(मीरा की ओर मुड़कर)\nआपने बहुत मेहनत की है।",
     "hi", ["मीरा", "पप्पू", "प्रधान जी"], "प्रधान जी", {"पप्पू": "intimate", "मीरा": "formal"}),
    ("**মিঠু**\nদিদা, গল্প বলো!\n\n**দিদা**\nতুই এখন ঘুমো।\n(রুমার দিকে ফিরে)\nবউমা, আপনি একটু বসুন।",
     "bn", ["দিদা", "মিঠু", "রুমা"], "দিদা", {"মিঠু": "intimate", "রুমা": "formal"}),
])
def test_a_direction_line_that_turns_to_a_listed_person_by_name_sets_the_addressee(text, language, speakers,
                                                                                  speaker, expected):
    result = analyze_text(text, language=language, speakers=speakers, task="roleplay").speakers[speaker]
    assert result.by_addressee == expected and result.tier == "intimate"
    # control: a direction that turns to no one (clapping, smiling) leaves the addressee to the dialogue
    text = text.replace("(मीरा की ओर मुड़कर)", "(ताली बजाते हुए)").replace("(রুমার দিকে ফিরে)", "(হেসে)")
    result = analyze_text(text, language=language, speakers=speakers, task="roleplay").speakers[speaker]
    assert result.by_addressee is None and result.tier == "mixed"


@pytest.mark.parametrize("text, language", [
    ("शाबाश, तू तो कमाल है!", "hi"), ("Shabash, tu to kamaal hai!", "hi-Latn"),
    ("দারুণ, তুই তো ফাটাফাটি করলি!", "bn"), ("Dhur, tui kichhu jani na!", "bn-Latn"),
])
def test_an_exclamation_before_a_comma_is_no_vocative(text, language):
    from honorifics.extraction.addressees import vocative_at
    from honorifics.extraction.lexicon import load_lexicon
    lexicon = load_lexicon(language)
    assert vocative_at(text, 0, len(text), lexicon) is None
    # control: a name in the same place is one
    named = "Munna" + text[text.index(","):] if language.endswith("Latn") else \
        ("मुन्ना" if language == "hi" else "মিঠু") + text[text.index(","):]
    assert vocative_at(named, 0, len(named), lexicon) in ("Munna", "मुन्ना", "মিঠু")


def test_darun_in_banglish_is_praise_not_a_formal_imperative():
    result = analyze_text("Rana: Dekh, ami prize peyechi!\nMitu: Darun, tui to fatafati korli!",
                          language="bn", speakers=["Mitu", "Rana"], task="roleplay")
    assert result.speakers["Mitu"].tier == "intimate"
    # control: a formal imperative in -un after it is still one
    result = analyze_text("Rana: Dekh!\nMitu: Darun! Ekhon boshun, mishti khan.",
                          language="bn", speakers=["Mitu", "Rana"], task="roleplay")
    assert result.speakers["Mitu"].tier == "formal"


@pytest.mark.parametrize("text", [
    # a line of its own under the name (screenplay), and inline in the turn
    "**रमेश**\nअम्मा, खाना?\n\n**दादी**\nतू जल्दी सो जा, कल स्कूल है।\n(रमेश की ओर मुड़कर)\nबेटा, आप भी आराम कीजिए।",
    "रमेश: अम्मा, खाना?\nदादी: तू जल्दी सो जा, कल स्कूल है। (रमेश की ओर मुड़कर) बेटा, आप भी आराम कीजिए।",
])
def test_turning_to_the_partner_means_the_lines_before_were_for_the_other_person(text):
    # one turns to the person one was not facing: तू … was for the one other person present
    speakers = ["दादी", "रमेश", "मुन्नी"]
    speaker = analyze_text(text, language="hi", speakers=speakers, task="roleplay").speakers["दादी"]
    assert speaker.by_addressee == {"मुन्नी": "intimate", "रमेश": "formal"}
    # control: with no other person present there is no one else to give them to
    speaker = analyze_text(text, language="hi", speakers=speakers[:2], task="roleplay").speakers["दादी"]
    assert speaker.tier == "mixed" and speaker.by_addressee is None


def test_a_kin_term_after_a_direction_to_a_listed_person_is_that_person():
    # (রুমার দিকে ফিরে) বউমা, …: বউমা (daughter-in-law) is what রুমা is called, not someone else
    text = "রুমা: মা, খেতে দেব?\nদিদা: তুই এখন ঘুমো। (রুমার দিকে ফিরে) বউমা, আপনি একটু বসুন।\nমিঠু: আচ্ছা।"
    speaker = analyze_text(text, language="bn", speakers=["দিদা", "মিঠু", "রুমা"], task="roleplay").speakers["দিদা"]
    assert speaker.by_addressee == {"মিঠু": "intimate", "রুমা": "formal"}
    # control: a name after the direction is that person's own name and wins
    text = "রুমা: মা, খেতে দেব?\nদিদা: তুই এখন ঘুমো। (রান্নাঘরের দিকে ফিরে) টুনি, আপনি একটু বসুন।\nমিঠু: আচ্ছা।"
    speaker = analyze_text(text, language="bn", speakers=["দিদা", "মিঠু", "রুমা"], task="roleplay").speakers["দিদা"]
    assert "টুনি" in (speaker.by_addressee or {})


@pytest.mark.parametrize("text, language, speakers, group, other", [
    ("ढाबेवाला: (मुसाफ़िरों से) आइए, आइए! आप लोग बैठिए।\n(छोटू से) तू पानी ला।\nशर्मा जी: भाई, चाय दो।\n"
     "ढाबेवाला: (मुसाफ़िरों से) माफ़ कीजिए, चाय अभी आती है।",
     "hi", ["ढाबेवाला", "शर्मा जी"], "आप लोग (group)", "छोटू"),
    ("মাসি: (অতিথিদের) আসুন, আসুন! আপনারা বসুন।\n(পিকলুকে) তুই জল আন।\nপিকলু: আনছি।\n"
     "মাসি: (অতিথিদের) একটু অপেক্ষা করুন।",
     "bn", ["মাসি", "পিকলু"], "আপনারা (group)", "পিকলু"),
])
def test_people_a_direction_names_and_then_addresses_as_a_group_have_one_key(text, language, speakers, group,
                                                                             other):
    # the direction names them at the turn's start, the group pronoun follows: one key, also in
    # the later turn that names them by the direction alone
    speaker = analyze_text(text, language=language, speakers=speakers, task="roleplay").speakers[speakers[0]]
    assert speaker.by_addressee == {group: "formal", other: "intimate"} and speaker.tier == "formal"


def test_one_group_addressed_in_two_cases_has_one_key():
    # आप लोग …, then आप लोगों को (the oblique plural): the same guests, one key in the direct case
    text = "मौसी: आप लोग घबराइए मत! गोलू, तू भाग। और आप लोगों को तकलीफ़ हुई, माफ़ कीजिए।\nगोलू: जी मौसी।"
    speaker = analyze_text(text, language="hi", speakers=["मौसी", "गोलू"], task="roleplay").speakers["मौसी"]
    assert speaker.by_addressee == {"आप लोग (group)": "formal", "गोलू": "intimate"}


@pytest.mark.parametrize("text, language", [
    ("মনে আছে, তুই কী বলেছিলি?", "bn"), ("Mone ache, tui ki bolechhili?", "bn-Latn"),
    ("হয়েছে, তুই এবার যা।", "bn"), ("हो गया, तू अब जा।", "hi"), ("Ho gaya, tu ab ja.", "hi-Latn"),
])
def test_a_clause_with_an_auxiliary_before_a_comma_is_no_vocative(text, language):
    # মনে আছে, … "remember, …" / हो गया, … "that's enough, …": a finite verb makes it a clause
    from honorifics.extraction.addressees import vocative_at
    from honorifics.extraction.lexicon import load_lexicon
    lexicon = load_lexicon(language)
    assert vocative_at(text, 0, len(text), lexicon) is None
    # control: a name in its place is a vocative
    named = "Rinku" + text[text.index(","):]
    assert vocative_at(named, 0, len(named), lexicon) == "Rinku"


@pytest.mark.parametrize("direction, expected", [("waiter ke", "waiter"), ("OC ke", "OC"), ("Tamal-ke", "Tamal")])
def test_a_banglish_case_ending_written_apart_names_the_person_before_it(direction, expected):
    from honorifics.extraction.addressees import direction_addressee
    from honorifics.extraction.lexicon import load_lexicon
    assert direction_addressee(direction, load_lexicon("bn-Latn")) == expected
    # control: a direction word alone names no one
    assert direction_addressee("dike", load_lexicon("bn-Latn")) is None


@pytest.mark.parametrize("text, language, speakers, speaker, other", [
    ("সৌরভ: কে আমার পেনটা নিয়েছে? শিগগির বল।\nতিতলি: আমি না দাদা, টুবাই নিয়েছে।\n"
     "সৌরভ: টুবাই, তুই আবার! এক্ষুনি ফেরত দে।\nঅর্ক: হা হা।", "bn", ["সৌরভ", "তিতলি", "অর্ক"], "সৌরভ", "টুবাই"),
    ("रवि: मेरी किताब किसने ली? बता।\nसीमा: मैंने नहीं भैया, चिंटू ने ली है।\nरवि: चिंटू, तू फिर से! अभी वापस कर।\n"
     "मोहन: हा हा।", "hi", ["रवि", "सीमा", "मोहन"], "रवि", "चिंटू"),
])
def test_a_name_the_partner_just_spoke_of_is_that_person_not_the_partner(text, language, speakers, speaker, other):
    # তিতলি: টুবাই নিয়েছে। — সৌরভ: টুবাই, তুই …: টুবাই is the one she named
    result = analyze_text(text, language=language, speakers=speakers, task="roleplay").speakers[speaker]
    assert other in (result.by_addressee or {}) or result.addressee == other
    # control: a name the partner did not speak of opens the turn to the partner (an unlisted nickname)
    plain = text.replace("টুবাই নিয়েছে", "আমি জানি না").replace("चिंटू ने ली है", "मुझे नहीं पता")
    result = analyze_text(plain, language=language, speakers=speakers, task="roleplay").speakers[speaker]
    assert result.by_addressee is None


@pytest.mark.parametrize("text, language", [
    ("Alhamdulillah, tui eshechhis!", "bn-Latn"), ("बढ़िया, तू आ गया!", "hi"), ("Mashallah, tu bada ho gaya!", "hi-Latn"),
])
def test_a_blessing_or_praise_before_a_comma_is_no_vocative(text, language):
    from honorifics.extraction.addressees import vocative_at
    from honorifics.extraction.lexicon import load_lexicon
    assert vocative_at(text, 0, len(text), load_lexicon(language)) is None


@pytest.mark.parametrize("text, language, name, tiers", [
    ("— कहाँ थे तुम रात भर?\n— स्टेशन पर। लोकल छूट गई।\n— फ़ोन भी नहीं उठा सकते थे?\n"
     "— बैटरी ख़त्म थी, — राहुल ने जूते उतारते हुए कहा। — और दीदी, तू भी न, हर बात पर जिरह करती है।",
     "hi", "राहुल", {"_unnamed_1": "familiar", "राहुल": "intimate"}),
    ("— তুই কোথায় ছিলি?\n— বাজারে।\n— আর এত দেরি?\n— ভিড় ছিল, — টুকাই হাঁপাতে হাঁপাতে বলল। — তুমি অত রাগ কোরো না, মা।",
     "bn", "টুকাই", {"_unnamed_1": "intimate", "টুকাই": "familiar"}),
])
def test_a_dash_line_named_by_its_frame_names_the_speaker_of_the_earlier_lines_too(text, language, name, tiers):
    # the alternating unnamed speaker whose turn the named line takes was that person all along;
    # a clause before the inner dash (बैटरी ख़त्म थी,) is speech, no label
    result = analyze_text(text, language=language, task="continuation")
    assert {k: s.tier for k, s in result.speakers.items()} == tiers
    assert result.speakers[name].turns == 2


def test_an_interjection_dash_line_names_no_earlier_speaker():
    # control: — अच्छा — तो अब … मैं नहीं उठ रही: speech after an interjection, no frame: no renaming
    text = ("— चाबी कहाँ रखी तुमने?\n— मेज़ की दराज़ में। तुम हर बार यही क्यों पूछते हो?\n"
            "— क्योंकि तुम हर बार जगह बदल देती हो!\n— अच्छा — तो अब सारा दोष मेरा? ख़ुद ढूँढो, मैं नहीं उठ रही।")
    result = analyze_text(text, language="hi", task="continuation")
    assert {"_unnamed_1", "_unnamed_2"} <= set(result.speakers)


def test_a_romanized_group_key_is_written_in_lower_case():
    result = analyze_text("Coach: Tum sab chakkar lagao! Sameer, tu ruk.\nSameer: Ji coach.", language="hi",
                          speakers=["Coach", "Sameer"], task="roleplay")
    assert result.speakers["Coach"].by_addressee == {"tum sab (group)": "familiar", "Sameer": "intimate"}


def test_a_chat_line_with_markup_before_its_timestamp_is_labelled():
    # **[8:14 PM] Riya:** …: the bold opens before the timestamp, not after it
    from honorifics import analyze_text
    text = ("**[8:12 PM] Tutun:** Kal picnic, tomra ke ke jachho?\n"
            "**[8:14 PM] Riya:** Ami jabo mama! Tumi kintu mangsho banabe.\n"
            "**[৮:১৫ PM] মামা:** আচ্ছা, তুই সকাল সাতটায় রেডি থাকিস।")
    speakers = [turn.speaker for turn in analyze_text(text, "bn", task="roleplay").turns if turn.kind == "speech"]
    assert speakers == ["Tutun", "Riya", "মামা"]
    # control: a line in bold with no timestamp keeps its label as before
    plain = "**Riya:** Ami jabo! Tumi banabe.\n**Boromama:** Tui cholis."
    assert [t.speaker for t in analyze_text(plain, "bn", task="roleplay").turns if t.kind == "speech"] == ["Riya", "Boromama"]


def test_a_translation_heading_in_a_native_record_is_no_speaker():
    from honorifics import analyze_text
    text = ("Sure! Here's how the patient might say it:\n\n"
            "> \"डॉक्टर साहब, माफ़ कीजिए, कल मैं नहीं आ पाऊँगा। क्या आप शुक्रवार का समय दे सकते हैं?\"\n\n"
            "**Translation:** \"Doctor, forgive me, I can't come tomorrow. Could you give me Friday?\"")
    result = analyze_text(text, "hi", task="dct", speakers=["मरीज़", "डॉक्टर साहब"])
    assert "Translation" not in result.speakers and result.speakers["मरीज़"].tier == "formal"


def test_a_labelled_romanized_line_in_a_native_record_is_a_character_s_not_a_note():
    from honorifics import analyze_text
    text = "নিচে সংলাপটি দেওয়া হলো:\n\n**অর্ক:** কী রে, কেমন আছিস?\n**Mitul:** Bhalo achhi re! Tui kobe eli?\n"
    result = analyze_text(text, "bn", task="roleplay")
    assert [t.speaker for t in result.turns if t.kind == "speech"] == ["অর্ক", "Mitul"]
    # controls: an English note and a romanized note under a "Note" heading stay notes
    note = "**অর্ক:** কী রে, কেমন আছিস?\n\n**Note:** Ekhane dujonei 'tui' bolche karon ora bondhu."
    result = analyze_text(note, "bn", task="roleplay")
    assert [t.speaker for t in result.turns if t.kind == "speech"] == ["অর্ক"]


def test_a_bold_title_with_a_dashed_subtitle_opening_the_text_is_a_heading():
    # **Title** — subtitle, a blank line after: the scene's title, no speaker
    text = ('**Mela Ki Shaam** — मेले की शाम\n\n'
            'मेले में भीड़ थी। रघु गुब्बारे बेच रहा था।\n\n"बाबू जी, आप एक गुब्बारा ले लीजिए।" रघु बोला।')
    result = analyze_text(text, language="hi", task="continuation")
    assert set(result.speakers) == {"रघु"}


@pytest.mark.parametrize("text, turns", [
    # controls: a first line that ends its sentence, or a name that labels another line, is a turn
    ('**राहुल** — तुम कहाँ थे?\n\n**प्रिया** — दफ़्तर में, और कहाँ।', 1),
    ('**राहुल** — अरे प्रिया\n\n**प्रिया** — हाँ?\n\n**राहुल** — तुम कल आओगी न?', 2),
])
def test_a_first_line_that_is_a_turn_keeps_its_speaker(text, turns):
    assert analyze_text(text, language="hi").speakers["राहुल"].turns == turns


def test_a_name_that_closes_the_sentence_of_the_address_before_it_is_the_turn_s_addressee():
    # "घबराइए मत, नेहा जी। … आप …": the call closes the first sentence; the turn is Neha's, not the
    # constable's who spoke last
    text = ('नेहा ने हाँफते हुए कहा, "सर, मेरा फ़ोन चोरी हो गया। आप रिपोर्ट लिख लीजिए।"\n\n'
            'इंस्पेक्टर राठौर ने नेहा को कुर्सी दी। "पहले बैठिए। आपका नाम क्या है?"\n\n'
            'इंस्पेक्टर राठौर ने पीछे मुड़कर देखा। "गोपाल! तू वहाँ क्यों ऊँघ रहा है? रजिस्टर ला।"\n\n'
            'हवलदार गोपाल हड़बड़ाकर उठा। "लाया साहब। आप बोलते जाइए, मैं लिखता हूँ।"\n\n'
            'इंस्पेक्टर राठौर ने फ़ाइल के पन्ने पलटे। फिर धीरे से बोले, "घबराइए मत, नेहा जी। आजकल फ़ोन मिल '
            'जाते हैं। आप अपना नंबर लिखवा दीजिए।"')
    speaker = analyze_text(text, language="hi", task="continuation").speakers["इंस्पेक्टर राठौर"]
    assert (speaker.addressee, speaker.tier) == ("नेहा", "formal")
    # control: where the register changes after the name, what follows answers the partner
    text = text.replace("आजकल फ़ोन मिल जाते हैं। आप अपना नंबर लिखवा दीजिए।", "चल, तू इनका नंबर लिख।")
    speaker = analyze_text(text, language="hi", task="continuation").speakers["इंस्पेक्टर राठौर"]
    assert speaker.by_addressee == {"नेहा": "formal", "हवलदार गोपाल": "intimate"}


def test_a_call_after_the_verb_that_opens_the_turn_names_the_one_so_called_before():
    # शांता ताई called वर्मा जी "साहब" first; "लीजिए साहब, …" calls him again, though the boy was the last
    # one she spoke to
    text = ('वर्मा जी छाता दबाए सामने आ खड़े हुए। "ताई, आज पापलेट का क्या भाव है? तुमने पिछली बार महँगा दिया था।"\n\n'
            'शांता ताई ने एक पापलेट उठाया:\n"देखिए साहब, एकदम ताज़ा है। आपके लिए चार सौ।"\n\n'
            'पीछे से बबलू बाल्टी घसीटता हुआ आया। "बर्फ़ ख़त्म हो गई, ताई।"\n\n'
            'शांता ताई ने माथे पर हाथ मारा। "तू भागकर दो सिल्ली ले आ।"\n\n'
            'बबलू भीड़ में ग़ायब हो गया। शांता ताई ने पापलेट लपेटा। फिर मुस्कराकर बोलीं, "लीजिए साहब, आप साढ़े '
            'तीन सौ दे दीजिए।"')
    speaker = analyze_text(text, language="hi", task="continuation").speakers["शांता ताई"]
    assert (speaker.addressee, speaker.tier) == ("वर्मा जी", "formal")
    # control: a call she never gave anyone before names no one; the last one spoken to stays
    speaker = analyze_text(text.replace("लीजिए साहब", "लीजिए भैया"), language="hi", task="continuation").speakers["शांता ताई"]
    assert speaker.by_addressee == {"वर्मा जी": "formal", "बबलू": "mixed"}


@pytest.mark.parametrize("language, text, speaker, addressee", [
    ("hi", 'रसोई में माँ और बेटी सब्ज़ी काट रही थीं। "दीदी, तुम भी आओ न!" गुड्डू ने आवाज़ दी।\n'
           'माँ ने बेटे को घूरकर देखा। फिर बोलीं, "तू अपना होमवर्क ख़त्म कर।"', "माँ", "बेटा"),
    ("bn", 'উঠোনে ঠাকুমা আর টুবাই বসে ছিল। "দিদি, তুমিও এসো!" টুবাই চেঁচাল।\n'
           'ঠাকুমা নাতিকে কাছে টেনে নিলেন। তারপর বললেন, "তুই আগে পড়া শেষ কর।"', "ঠাকুমা", "নাতি"),
])
def test_an_elided_frame_is_said_to_the_one_the_sentence_before_turned_to(language, text, speaker, addressee):
    # the frame's subject is elided and so is its addressee: both go on from the sentence before
    assert analyze_text(text, language=language, task="continuation").speakers[speaker].addressee == addressee
