"""Messages characters send each other in a story: a narration line ending in a colon frames the
message on the next line. The sender owns a message that comes (… का मैसेज आया:), types, sends or
replies (रिप्लाई किया:, পাঠাল:), or, with the subject left out, is the one the sentence before
names (… साँस ली। फिर जवाब टाइप किया:). Words that are no sender: a word said twice (खड़े-खड़े), a
participle with its emphatic clitic (বসেই), a capital that only opens a romanized sentence.
Each on new sentences with a control; none comes from a blind set.
"""
from __future__ import annotations

from honorifics import analyze_text
from honorifics.extraction.lexicon import load_lexicon
from honorifics.extraction.narrative import frame_line, frame_speaker
from speaker_view import speech_turns

HI, BN = load_lexicon("hi"), load_lexicon("bn")


def test_the_owner_of_a_message_that_comes_sends_it():
    text = ("शाम को ऑफ़िस से निकलते ही कविता ने फ़ोन देखा। मल्होत्रा मैडम का एक और लंबा मैसेज आया था:\n"
            "\"कविता, कल की रिपोर्ट तुम सुबह नौ बजे तक भेज देना।\"\n"
            "कविता ने तुरंत रिप्लाई किया:\n"
            "\"जी मैडम, आप चिंता मत कीजिए, भेज दूँगी।\"\n"
            "मल्होत्रा मैडम ने अंगूठे वाला इमोजी भेजा।")
    assert speech_turns(analyze_text(text, "hi", task="continuation")) == [
        ("मल्होत्रा मैडम", "familiar"), ("कविता", "formal")]
    bangla = ("ভোরবেলা ঘুম ভাঙতেই রুপু দেখল, বড়মামার একটা ইমেইল এসেছে:\n"
              "\"রুপু, তুই পরীক্ষার ফর্মটা আজই জমা দিবি।\"\n"
              "রুপু লিখল:\n"
              "\"আচ্ছা মামা, আপনি ভাববেন না।\"")
    assert speech_turns(analyze_text(bangla, "bn", task="continuation")) == [("বড়মামা", "intimate"), ("রুপু", "formal")]


def test_a_thing_s_sound_is_no_one_s_message():
    # a name the lexicon does not know owns a message the record names it with again ...
    record = "तनेजा साहब दफ़्तर में नहीं थे। दोपहर में तनेजा साहब का मैसेज आया:"
    assert frame_line(record, HI, record=record) == ("तनेजा साहब", True)
    # ... control: a thing's sound that comes is no one's, however often the record names it
    record = "दरवाज़े पर ताला था। तभी दरवाज़े की आवाज़ आई:"
    assert frame_line(record, HI, record=record) is None
    # control: a voice heard by the subject of a reporting verb is the hearer's cue to speak
    assert frame_speaker("माँ की आवाज़ सुनकर नेहा बोली", HI, None) == ("नेहा", True)


def test_the_last_sentence_of_a_line_ending_in_a_colon_frames_the_next_line():
    text = ("बारिश तेज़ हो गई थी। समीर बस स्टॉप पर अकेला खड़ा था। समीर ने जेब से फ़ोन निकाला और भाई को लिखा:\n"
            "\"भैया, आप मुझे लेने आ सकते हैं?\"\n"
            "भाई का जवाब फ़ौरन आया:\n"
            "\"रुक, दस मिनट में पहुँचता हूँ। तू वहीं खड़ा रह।\"")
    turns = speech_turns(analyze_text(text, "hi", task="continuation"))
    assert turns == [("समीर", "formal"), ("भाई", "intimate")]


def test_an_elided_sender_is_the_one_the_sentence_before_names():
    line = "माला देर तक स्क्रीन देखती रही। फिर धीरे-धीरे जवाब टाइप किया:"
    assert frame_line(line, HI, record=line + " माला") == ("माला", True)
    line = "তুতুল জানালার ধারে বসে ছিল। তারপর চটপট রিপ্লাই দিল:"
    assert frame_line(line, BN, record=line + " তুতুল") == ("তুতুল", True)
    # control: a line of several sentences that ends in a dash is speech breaking off, no frame
    line = "তুতুল জানালার ধারে বসে ছিল। তারপর সে বলে উঠল, আরে দাঁড়া—"
    assert frame_line(line, BN, record=line) is None


def test_a_word_said_twice_is_an_adverbial_not_the_sender():
    line = "नीलू तब भी लाइन में थी। वहीं बैठे-बैठे जवाब टाइप किया:"
    assert frame_line(line, HI, record=line + " नीलू") == ("नीलू", True)
    # control: the same sentence with its subject before the adverbial keeps the subject
    assert frame_speaker("बैठे-बैठे नीलू ने जवाब टाइप किया", HI, None) == ("नीलू", True)


def test_a_participle_with_its_emphatic_clitic_is_a_verb_not_the_sender():
    line = "মুনমুন তখন ট্রামে। সিটে বসেই উত্তর পাঠাল:"
    assert frame_line(line, BN, record=line + " মুনমুন") == ("মুনমুন", True)
    # control: the participle without the clitic is read the same; a name in its place speaks
    line = "মুনমুন তখন ট্রামে। সিটে বসে উত্তর পাঠাল:"
    assert frame_line(line, BN, record=line + " মুনমুন") == ("মুনমুন", True)
    assert frame_speaker("সিটে বসে টুকাই উত্তর পাঠাল", BN, None, record="টুকাই … টুকাই") == ("টুকাই", True)


def test_a_capital_that_only_opens_a_romanized_sentence_gives_way_to_a_name_inside_it():
    lexicon = load_lexicon("bn-Latn")
    record = "Raat tokhon dutor beshi. Achomka group-e Pinku reply korlo:\nPinku ekdom ghumoy na."
    assert frame_speaker("Achomka group-e Pinku reply korlo", lexicon, None, record=record) == ("Pinku", True)
    # control: a name that opens the sentence and comes back in the record is the sender
    record = record.replace("Achomka group-e Pinku", "Pinku achomka group-e")
    assert frame_speaker("Pinku achomka group-e reply korlo", lexicon, None, record=record) == ("Pinku", True)


def test_a_quoted_group_name_is_no_speech_and_no_word_of_the_frame():
    text = ("रात के बारह बजे \"मस्ती की पाठशाला 🎒\" ग्रुप में गोलू ने लिखा:\n"
            "\"कल की छुट्टी पक्की है क्या? तू बता न विक्की।\"\n"
            "विक्की ने जवाब दिया:\n"
            "\"हाँ भाई, पक्की है। तू सो जा अब।\"")
    assert speech_turns(analyze_text(text, "hi", task="continuation")) == [("गोलू", "intimate"), ("विक्की", "intimate")]
    line = "Raat e \"Para Boys ⚽\" group e Bablu likhlo:"
    assert frame_line(line, load_lexicon("bn-Latn"), record=line + " Bablu") == ("Bablu", True)
    # control: a quote the noun does not follow is speech, and the line no frame
    line = "Raat e Bablu likhlo \"ke ke ashbi kal?\" group e:"
    assert frame_line(line, load_lexicon("bn-Latn"), record=line) is None


def test_wrote_frames_only_with_its_writer_named_in_its_clause():
    assert frame_line("सबसे पहले मौसी ने लिखा:", HI) == ("मौसी", True)
    # controls: "written" with no one's name, and a sign another clause's subject put up
    assert frame_line("दुकान के बोर्ड पर बड़े अक्षरों में लिखा था:", HI) is None
    assert frame_speaker("रामू ने दीवार पर पोस्टर चिपकाया — नीचे लिखा", HI, None) is None


def test_a_message_noun_that_ends_the_frame_and_its_owners():
    # the noun alone ends the frame (no verb of coming): its owner sends it; a kin term with its title
    assert frame_speaker("थोड़ी देर में मामा जी का जवाब", HI, None) == ("मामा जी", True)
    assert frame_speaker("সঙ্গে সঙ্গে মাসির রিপ্লাই", BN, None) == ("মাসি", True)
    # control: a pronoun's message is no one the frame names
    assert frame_line("### আপনার উত্তর:", BN, record="### আপনার উত্তর:\nআপনার উত্তর") is None


def test_a_postposition_said_twice_is_an_adverbial_not_a_case():
    record = "মিঠু সঙ্গে সঙ্গে উত্তর দিল। মিঠু হাসল।"
    assert frame_speaker("মিঠু সঙ্গে সঙ্গে উত্তর দিল", BN, None, record=record) == ("মিঠু", True)
    # control: once, it is the case of the word before it ("with Mithu"): no subject
    assert frame_speaker("মিঠু সঙ্গে উত্তর দিল", BN, None, record=record) is None


def test_an_unquoted_line_after_a_frame_line_ending_in_a_colon_is_the_frame_s_speech():
    text = ("শ্রাবণী দুপুরে অফিস থেকে বরকে মেসেজ করল:\n"
            "তুমি আজ তাড়াতাড়ি ফিরবে? মা আসছেন।\n"
            "সুদীপ লিখল:\n"
            "ফিরব, তুমি চিন্তা কোরো না।")
    assert speech_turns(analyze_text(text, "bn", task="continuation")) == [("শ্রাবণী", "familiar"), ("সুদীপ", "familiar")]
    # control: after a line that ends in a comma the next unquoted line is narration, no one's turn
    control = text.replace("মেসেজ করল:", "মেসেজ করল,")
    assert "শ্রাবণী" not in analyze_text(control, "bn", task="continuation").speakers


def test_a_capitalized_owner_inside_a_romanized_frame_is_a_name_named_once():
    lexicon = load_lexicon("hi-Latn")
    record = "Shaam ko courier wale Bittu ka message aaya:"
    assert frame_speaker(record.rstrip(":"), lexicon, None, record=record) == ("Bittu", True)
    # control: a word in lower case in its place is no one's name
    record = "Shaam ko courier wale bittu ka message aaya:"
    assert frame_speaker(record.rstrip(":"), lexicon, None, record=record) is None


def test_a_message_that_comes_after_a_time_said_between_and_a_verb_is_no_inverted_subject():
    # the verb of coming four words after the noun; a second finite verb is never the subject
    assert frame_speaker("जीतू का जवाब दो मिनट में आया", HI, None, record="जीतू … जीतू") == ("जीतू", True)
    # control: a voice comes right after its noun, not past a time phrase (a voice heard then)
    assert frame_speaker("दादी की आवाज़ दो मिनट बाद फिर से आई", HI, None) is None


def test_sent_frames_only_where_it_ends_the_frame_with_its_sender_named():
    assert frame_line("आख़िर में सोनू ने एक लंबा मैसेज भेजा:", HI) == ("सोनू", True)
    assert frame_line("Tanu ne sticker bheja aur likha:", load_lexicon("hi-Latn")) == ("Tanu", True)
    # control: "sent by" inside a beat is no frame's verb
    assert frame_speaker("पापा की भेजी चिट्ठी हाथ में लिए रानी", HI, None) is None


def test_a_word_said_twice_before_a_kin_term_is_no_part_of_its_name():
    assert frame_speaker("सुबह-सुबह दादी ने वॉइस नोट भेजा", HI, None) == ("दादी", True)
    # control: a name before the kin term is kept with it
    assert frame_speaker("सुबह जमील चाचा ने वॉइस नोट भेजा", HI, None) == ("जमील चाचा", True)


def test_a_call_that_comes_is_its_caller_s_speech():
    text = "रात दस बजे मामी का फ़ोन आया:\n\"बिट्टू, तुम कल सुबह आ रहे हो न?\"\nबिट्टू बोला, \"जी मामी, आप स्टेशन मत आइए।\""
    assert speech_turns(analyze_text(text, "hi", task="continuation")) == [("मामी", "familiar"), ("बिट्टू", "formal")]


def test_in_a_story_an_action_ending_in_a_colon_frames_the_next_line():
    text = ("রুমকি দাদুকে নিয়ে চেম্বারে ঢুকল। ডাক্তারবাবু রিপোর্টটা উল্টে দেখলেন। \"আপনি রোজ হাঁটেন তো?\"\n"
            "পাশে দাঁড়ানো রুমকি দাদুর কাঁধে হাত রাখল:\n"
            "\"দাদু, তুমি সত্যি কথা বলো।\"")
    turns = speech_turns(analyze_text(text, "bn", task="continuation"))
    assert turns[-1] == ("রুমকি", "familiar")
    # controls: a sign seen or read is no one's speech; the model's own offer in the first person
    # introduces options, not a narrator's line
    sign = "सुधा ने दरवाज़े पर लिखा देखा:\n\"कृपया जूते बाहर उतारें, आप का स्वागत है\""
    assert "सुधा" not in analyze_text(sign, "hi", task="continuation").speakers
    assert frame_line("इसके बजाय मैं यह कर सकता हूँ:", HI, record="इसके बजाय मैं यह कर सकता हूँ:", story=True) is None


def test_a_word_before_a_romanized_locative_is_a_place_not_the_sender():
    lexicon = load_lexicon("bn-Latn")
    record = "Raat ekta. Group e Tublu prothome likhlo:\nTublu sobar age ghumoy."
    assert frame_speaker("Group e Tublu prothome likhlo", lexicon, None, record=record) == ("Tublu", True)
    # control: without the locative the word that opens the clause is its subject
    assert frame_speaker("Tublu prothome likhlo", lexicon, None, record=record) == ("Tublu", True)


def test_a_bangla_perfect_of_writing_frames_a_message():
    line = "ফোনটা আবার কেঁপে উঠল। রঞ্জু লিখেছে:"
    assert frame_line(line, BN, record=line + " রঞ্জু") == ("রঞ্জু", True)
    # control: a line with no verb of writing after the same sentence frames nothing
    line = "ফোনটা আবার কেঁপে উঠল। রঞ্জু চুপ:"
    assert frame_line(line, BN, record=line + " রঞ্জু") is None


def test_a_word_in_quotes_in_a_frame_line_is_a_mention():
    line = "स्क्रीन पर \"दीदी\" चमका। उधर से दीदी की थकी हुई आवाज़ आई:"
    assert frame_line(line, HI, record=line) == ("दीदी", True)
    # control: a quote of several words in the line is speech: the line is no frame
    line = "स्क्रीन पर \"कहाँ हो तुम\" चमका। उधर से दीदी की थकी हुई आवाज़ आई:"
    assert frame_line(line, HI, record=line) is None


def test_a_clause_set_off_by_commas_does_not_hide_a_message_s_owner():
    lexicon = load_lexicon("hi-Latn")
    record = "Golu ka jawab, hamesha ki tarah, der se aaya:\nGolu sota rehta hai."
    assert frame_speaker("Golu ka jawab, hamesha ki tarah, der se aaya", lexicon, None, record=record) == ("Golu", True)
    assert frame_speaker("बुआ का, जो कभी कुछ नहीं लिखतीं, एक लंबा मैसेज आया", HI, None) == ("बुआ", True)
    # control: a voice heard in the clause between commas is no owner of what follows
    assert frame_speaker("फिर, माँ की आवाज़ सुनकर, नेहा चुप रही", HI, None) is None


def test_two_person_words_before_the_ergative_are_one_subject():
    assert frame_speaker("बुज़ुर्ग यात्री ने घबराकर पूछा", HI, None) == ("बुज़ुर्ग यात्री", True)
    # controls: a person word before a name gives way to the name; before a title the name stays
    assert frame_speaker("उसकी दोस्त ज़ोया ने पूछा", HI, None) == ("ज़ोया", True)
    assert frame_speaker("माँ ने बेटी से कहा", HI, None) == ("माँ", True)


def test_a_frame_line_in_a_past_before_the_past_frames_its_message_in_a_story():
    # (किया था: in a story a past before the past narrates, as in a frame before a quote)
    text = ('रसोई में भीड़ थी। माँ ने कड़ाही चढ़ाई, "रिंकू, तू प्याज़ काट दे।"\n\nतभी माँ का फ़ोन बजा। ऊपर के कमरे से '
            'छोटी बहन गुड़िया ने मैसेज किया था:\n"माँ, आप जल्दी ऊपर आइए, मेहमान आ गए हैं!"\n\nमाँ ने जवाब टाइप किया:\n'
            '"बस दो मिनट, गुड़िया। तू उन्हें पानी दे।"')
    result = analyze_text(text, language="hi", task="continuation")
    assert {name: s.tier for name, s in result.speakers.items()} == {"माँ": "intimate", "गुड़िया": "formal"}
    # control: outside a story (a plain reply), "had said" reports what was said before
    assert frame_line("गुड़िया ने कहा था:", HI, record="गुड़िया ने कहा था:") is None
