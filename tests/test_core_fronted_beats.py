"""Who speaks after narration that names no one first: an action beat whose subject follows a
fronted adverbial (``ফোনের ওপাশে রুমকি হাসল।``, ``पिंकी की तरफ़ देखकर राजू मुस्कुराया।``), a frame
with a dash and no comma (``शीला बोली — …``), the one a line calls by name answering it, and a bare
quote line answering a story's only speaker. Each on new sentences with a control; none comes from
a blind set.
"""
from __future__ import annotations

from honorifics import analyze_text
from speaker_view import speech_turns


def test_a_subject_after_a_fronted_adverbial_speaks_the_dash_line_after_it():
    text = ("शाम ढल रही थी। आँगन में खाट पर बैठकर राजू ने पतंग सँभाली। पिंकी की तरफ़ देखकर राजू मुस्कुराया।\n"
            "— तुम भी चलोगी छत पर?\n"
            "— नहीं, तू जा। मुझे पढ़ना है।")
    result = analyze_text(text, "hi", task="continuation")
    assert speech_turns(result) == [("राजू", "familiar"), ("_unnamed_1", "intimate")]


def test_a_locative_before_the_subject_and_a_bare_quote_line_answering_it():
    text = ("রাত তখন দশটা। ফোনের ওপাশে রুমকি হাসল। \"তুই এখনো ঘুমোসনি?\"\n"
            "\"না রে, তুমি কেমন আছ?\"\n"
            "একটু থেমে রুমকি বলল, \"ভালো। কাল দেখা হবে।\"")
    result = analyze_text(text, "bn", task="continuation")
    assert speech_turns(result)[:2] == [("রুমকি", "intimate"), ("_unnamed_1", "familiar")]
    romanized = analyze_text("Raat tokhon dosh ta. Phoner opashe Rumki haslo. \"Tui ekhono ghumosni?\"\n"
                             "\"Na re, tumi kemon acho?\"\nEktu theme Rumki bollo, \"Bhalo.\"", "bn", task="continuation")
    assert speech_turns(romanized)[:2] == [("Rumki", "intimate"), ("_unnamed_1", "familiar")]


def test_a_fronted_word_that_heads_a_clause_or_a_phrase_of_its_own_is_no_speaker():
    # controls: খবর is the subject of its own participle clause, রিকশার a possessor in a phrase
    # with no verb, बस an adverb: none speaks, though each comes back later in the text
    for text, language in [
            ("রেডিওতে খবর শেষ হয়ে গান শুরু হলো।\n— তুই খবর শুনলি?\n— না, তুমি বলো।", "bn"),
            ("মোড়ে রিকশার লম্বা সারি, চালকেরা বসে আছে।\n— মামা, যাবা?\n— যামু, রিকশার ভাড়া আশি।", "bn"),
            ("सेट पर बस दो लाइटें जल रही थीं।\n— तुम अभी तक यहीं हो?\n— हाँ, बस जा रही हूँ।", "hi")]:
        result = analyze_text(text, language, task="continuation")
        assert [speaker for speaker, _ in speech_turns(result)] == ["_unnamed_1", "_unnamed_2"], text


def test_a_frame_before_a_dash_with_no_comma_names_its_speaker_and_the_one_called_answers():
    text = ("रसोई में शीला चाय छान रही थी। रवि अख़बार लेकर आया।\n"
            "शीला बोली — तुम आज दफ़्तर नहीं जाओगे?\n"
            "रवि बोला — नहीं, आज छुट्टी है। तुम भी बैठो।\n"
            "तभी दादी आँगन से आईं। दादी बोलीं — बहू, मेरी दवा कहाँ रखी है? और रवि, तू ज़रा पानी ला।\n"
            "— अभी लाता हूँ दादी।")
    result = analyze_text(text, "hi", task="continuation")
    assert [speaker for speaker, _ in speech_turns(result)] == ["शीला", "रवि", "दादी", "रवि"]
    assert result.speakers["दादी"].tier == "intimate" and "शीला बोली" not in result.speakers
    bangla = analyze_text("উঠোনে মিনু কাপড় মেলছিল।\nমিনু বলল — তুই স্কুলে যাবি না?\nটুটুল বলল — যাব। তুমি টিফিন দিয়েছ?\n"
                          "ঠাকুমা বললেন — টিফিন পরে হবে, আগে বল তো, মিনু?\n— কী বলব ঠাকুমা? আপনি আবার রাগ করছেন।",
                          "bn", task="continuation")
    assert [speaker for speaker, _ in speech_turns(bangla)] == ["মিনু", "টুটুল", "ঠাকুমা", "মিনু"]


def test_advice_that_says_which_word_to_say_before_a_dash_is_no_frame():
    # control: "'आप' बोलो — …" tells the reader what to say; the dash opens no one's speech
    text = ("पहली मुलाक़ात में हमेशा 'आप' बोलो — इसमें कोई उलझन मत रखो।\n\n"
            "अगर वे ख़ुद कहें कि 'तुम' बोलो — तब बदल सकते हो।")
    result = analyze_text(text, "hi")
    assert all(turn.speaker in (None, "speaker") for turn in result.turns if turn.kind == "speech")


def test_the_subject_after_a_participle_clause_speaks():
    # the participle's object (বালতি, थैला) or a clause ending in -তেই before the name is passed over
    for text, language, expected in [
            ("পুকুরঘাট থেকে বালতি তুলে মিঠু উঠোনে এল। \"মা, তুমি কোথায়?\"\n"
             "রান্নাঘর থেকে মা বললেন, \"এই তো, তুই হাত ধুয়ে আয়।\" মিঠু হাসল।", "bn", [("মিঠু", "familiar"), ("মা", "intimate")]),
            ("সন্ধ্যার শাঁখ বাজতেই বিনয় বারান্দা থেকে হাঁক দিল। \"তুই এখনো মাঠে?\"\n"
             "\"আসছি দাদা, তুমি রাগ কোরো না।\"\nবিনয় আর কিছু বলল না।", "bn", [("বিনয়", "intimate"), ("_unnamed_1", "familiar")]),
            ("शाम को मुकेश थका-हारा लौटा। थैला कंधे से उतारते हुए मुकेश बोला, \"तुम अभी तक सोई नहीं?\" "
             "सीमा ने कहा, \"आप के बिना नींद कहाँ आती है।\"", "hi", [("मुकेश", "familiar"), ("सीमा", "formal")])]:
        assert speech_turns(analyze_text(text, language, task="continuation")) == expected, text


def test_an_elided_subject_goes_on_across_sentences_from_the_last_one_named():
    text = ("তপু জানালা বন্ধ করল। ঘরে ঢুকে খানিক চুপ করে রইল। তারপর বইটা টেবিলে রেখে বলল, \"তুমি আজ এত চুপ কেন?\" "
            "ঝুমা মুখ তুলে বলল, \"কিছু না, তুই বস।\" তপু আবার হাসল।")
    assert speech_turns(analyze_text(text, "bn", task="continuation")) == [("তপু", "familiar"), ("ঝুমা", "intimate")]


def test_a_sentence_that_opens_with_its_subject_keeps_it_after_a_participle():
    # control: মিনু opens the sentence; ছুরি after the participle is the main verb's object
    text = "মিনু হাত ধুয়ে ছুরি নিল। \"তুই বেগুনগুলো দে।\" মিনু হাসল।"
    assert speech_turns(analyze_text(text, "bn", task="continuation")) == [("মিনু", "intimate")]


def test_a_romanized_name_written_with_a_capital_inside_a_beat_speaks_though_named_once():
    text = ("Bazaar theke phire ashar pothe Tumpa dokaner shamne daralo.\n"
            "— Kaku, ek packet biscuit din to.\n"
            "Kaunter er pechhone boshe Haren chosma ta thik korlen.\n"
            "— Nao, tumi ki aajo school e jaoni?")
    result = analyze_text(text, "bn", task="continuation")
    assert speech_turns(result) == [("Tumpa", "formal"), ("Haren", "familiar")]


def test_a_capitalized_genitive_of_a_name_and_a_lower_case_thing_do_not_speak():
    # controls: Rinar (Rina's) is a possessor (his bhai may speak); a lower-case noun is a thing
    text = ("Rina station e dariye chhilo. Train theke neme Rinar bhai haate bag niye elo.\n"
            "— Tui eto deri korli keno?\n"
            "— Tumi rag koro na, train late chhilo.")
    result = analyze_text(text, "bn", task="continuation")
    assert "Rinar" not in result.speakers and "station" not in result.speakers


def test_romanized_inverted_subjects_and_the_person_the_narration_introduced_answer():
    # the name ends its clause after the verb (… station e pouchhalo Tanay.); the dialogue's first
    # line is the one named last; the other person the opening narration introduced answers it
    text = ("Bhor belay Howrah station e pouchhalo Tanay. Platform er bench e boshe chhilo Mashi.\n"
            "— Eto deri korli keno? Tor train to saat tay chhilo.\n"
            "— Jam chhilo Mashi, tumi rag koro na.")
    result = analyze_text(text, "bn", task="continuation")
    assert speech_turns(result) == [("Mashi", "intimate"), ("Tanay", "familiar")]


def test_no_one_is_introduced_by_a_thing_that_comes_back():
    # control: narration about the light and a train, the train coming back: no one answers by name
    text = ("বিকেলের আলো পড়ে আসছিল। স্টেশনে ট্রেনটা তখনও আসেনি, ট্রেনটা রোজই দেরি করে।\n"
            "— তুই এখনও দাঁড়িয়ে আছিস?\n"
            "— হ্যাঁ, তুমি চলে যাও।")
    result = analyze_text(text, "bn", task="continuation")
    assert [speaker for speaker, _ in speech_turns(result)] == ["_unnamed_1", "_unnamed_2"]


def test_a_subject_after_the_verb_that_ends_the_sentence_and_a_line_that_calls_the_one_named():
    # inverted subjects (… बैठे थे मास्टर जी। … दौड़ता हुआ आया चिंटू।); the first line calls मास्टर जी, so it
    # is चिंटू's, though he was named last; मास्टर जी answers
    text = ("स्कूल का मैदान ख़ाली हो चुका था। बरामदे में कुर्सी पर बैठे थे मास्टर जी। बस्ता लटकाए दौड़ता हुआ आया चिंटू।\n"
            "— मास्टर जी, आप अभी तक घर नहीं गए?\n"
            "— तेरा इंतज़ार कर रहा था। तू कल की कॉपी लाया?")
    result = analyze_text(text, "hi", task="continuation")
    assert speech_turns(result) == [("चिंटू", "formal"), ("मास्टर जी", "intimate")]
    bangla = ("সন্ধে নেমেছে। উঠোনে তুলসীতলায় প্রদীপ দিচ্ছিলেন দিদিমা। খেলা সেরে ছুটে এল বিল্টু।\n"
              "— দিদিমা, তুমি আমার জন্য মুড়ি রেখেছ?\n— রেখেছি রে। আগে হাত-পা ধুয়ে আয়।")
    assert speech_turns(analyze_text(bangla, "bn", task="continuation")) == [("বিল্টু", "familiar"), ("দিদিমা", "intimate")]


def test_a_plural_after_the_verb_and_a_romanized_word_written_in_lower_case_elsewhere_are_no_one():
    # controls: চালকেরা (the drivers) is a group; Jole opens its sentence but the record writes jole too
    drivers = ("মোড়ে রিকশার সারি, প্যাডেলে পা তুলে বসে আছে চালকেরা।\n— মামা, যাবা?\n— যামু, আপনি উঠেন।")
    assert "চালকেরা" not in analyze_text(drivers, "bn", task="continuation").speakers
    pond = ("Pukurer jole alo porchhe. Jole ekta dheu uthlo.\n— Tui ki mach dhorbi?\n— Haan, tumi chhip ta dao.")
    assert "Jole" not in analyze_text(pond, "bn", task="continuation").speakers


def test_a_name_phrase_after_the_verb_and_the_one_spoken_of_does_not_answer():
    # बाबू सोहनलाल keeps his title; उसकी दादी कमला देवी (spoken of with के लिए) does not answer the first
    # line
    text = ("तहसील के दफ़्तर में फ़ाइलें पलट रहे थे बाबू सोहनलाल, और कोने में सो रही थी उसकी दादी कमला देवी। "
            "दरवाज़े से झाँका बिरजू।\n"
            "— बाबूजी, कमला देवी के लिए पेंशन का काग़ज़ आया है क्या?\n"
            "— अरे बिरजू, तू फिर आ गया? कल आना।")
    result = analyze_text(text, "hi", task="continuation")
    assert speech_turns(result) == [("बिरजू", "none"), ("बाबू सोहनलाल", "intimate")]


def test_written_in_lower_case_reads_the_record_once_and_answers_as_a_search_would():
    """The record's words are read once (a long romanized story asks at every beat; a search of the
    whole record each time made its cost grow with the square of its length) and answer as a
    search for the word in lower case, whole, would."""
    import json
    import re
    from pathlib import Path

    from honorifics.extraction.narrative import _written_in_lower_case
    from honorifics.extraction.tokens import TOKEN

    def searched(word: str, record: str) -> bool:
        lower = word[:1].lower() + word[1:]
        return lower != word and re.search(rf"(?<![\w]){re.escape(lower)}(?![\w])", record) is not None

    blind = Path(__file__).parent / "data" / "blind"
    checked = 0
    for name in ("r75_named_once.jsonl", "r77_story_openings.jsonl", "r72_fronted_beats.jsonl"):
        for line in open(blind / name, encoding="utf-8"):
            record = json.loads(line)["text"]
            for word in set(TOKEN.findall(record)):
                assert _written_in_lower_case(word, record) == searched(word, record), (name, word)
                checked += 1
    assert checked > 1000


def test_a_kin_term_or_role_before_the_name_after_the_verb_gives_the_name():
    # … উঠে এল নাতনি টুকাই। : টুকাই speaks, not নাতনি; control: a kin term alone after the verb keeps it
    text = ("দুপুরে বারান্দায় বসে বড়ি দিচ্ছিলেন পিসিমা। হাঁফাতে হাঁফাতে সিঁড়ি বেয়ে উঠে এল নাতনি টুকাই।\n"
            "— পিসিমা, তুমি আমার ঘুড়িটা দেখেছ?\n— দেখিনি রে। তুই আগে জল খা।")
    assert speech_turns(analyze_text(text, "bn", task="continuation")) == [("টুকাই", "familiar"), ("পিসিমা", "intimate")]
    alone = ("দুপুরে বারান্দায় বসে বড়ি দিচ্ছিলেন পিসিমা। হাঁফাতে হাঁফাতে সিঁড়ি বেয়ে উঠে এল নাতনি।\n"
             "— পিসিমা, তুমি আমার ঘুড়িটা দেখেছ?\n— দেখিনি রে। তুই আগে জল খা।")
    assert [s for s, _ in speech_turns(analyze_text(alone, "bn", task="continuation"))][0] == "নাতনি"
