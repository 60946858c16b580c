"""Who the opening narration of a scene names, and who speaks its uncued lines: the name phrase
after the verb that ends a sentence (a trade or role before the name, a surname, a kin term or
title after it, a title fused into the name), finite verbs known by their ending alone, an
apposition after a comma; a speaker who says who they are (मैं विनोद, …) calls no one; lines whose
inferred speakers a call proves wrong. Then an answer about the forms whose asked-for utterance is
only an example inside its prose. Each on new sentences with a control; none comes from a blind set.
"""
from __future__ import annotations

from honorifics import analyze_text
from honorifics.extraction.lexicon import load_lexicon
from honorifics.extraction.narrative import (capitalized_names, frame_speaker, named_in_apposition, narration_speaker,
                                             postverbal_subject)
from speaker_view import speech_turns

HI, BN = load_lexicon("hi"), load_lexicon("bn")
# a scene whose narration names the headman, then the postman who arrives (three tests read on from it)
PANCHAYAT_SCENE = "पंचायत भवन के बाहर नीम के नीचे बैठे थे मुखिया जी। साइकिल टिकाकर पास आया नया डाकिया हरखू।\n"


def test_a_trade_or_role_before_the_name_after_the_verb_gives_the_name():
    assert postverbal_subject("नुक्कड़ पर ठेला लगाए खड़ा था सब्ज़ीवाला मंगरू।", HI) == ("मंगरू", True)
    assert postverbal_subject("दफ़्तर के बाहर बीड़ी फूँक रहा था चपरासी कल्लू।", HI) == ("कल्लू", True)
    # an adjective before the role, and a possessive before the kin term, go with them
    assert postverbal_subject("धूल उड़ाती बस से उतरा नया डाकिया हरखू।", HI) == ("हरखू", True)
    assert postverbal_subject("ঘাটের সিঁড়িতে বসে ছিল ওদের পুরোনো মাঝি নিবারণ।", BN) == ("নিবারণ", True)
    # control: two words with no role among them are a name and a surname
    assert postverbal_subject("फ़ाइलें उठाए भीतर आईं सुधा त्रिपाठी।", HI) == ("सुधा त्रिपाठी", True)


def test_a_kin_term_or_title_after_the_name_and_a_title_fused_into_it():
    # (a Bangla past progressive of a root the lexicon does not know: its ending says it is finite)
    assert postverbal_subject("উঠোনে বসে কাঁথা সেলাই করছিলেন মালতী মাসি।", BN) == ("মালতী মাসি", True)
    assert postverbal_subject("দোকানের সামনে ঝাঁট দিচ্ছিল কর্মচারী যতীনবাবু।", BN) == ("যতীনবাবু", True)
    found = narration_speaker("দালানে বসে মাদুর বুনছিলেন আয়েশা খালা।", BN, None)
    assert named_in_apposition(found, "দালানে বসে মাদুর বুনছিলেন আয়েশা খালা।", BN) == ("আয়েশা খালা", True)


def test_no_name_for_someone_introduced_as_a_or_for_a_definite_animal():
    # controls: "a bangle seller" has no name; the definite cow is no one's name
    assert postverbal_subject("गली में आवाज़ लगाता आया एक कबाड़ीवाला।", HI) is None
    assert postverbal_subject("উঠোনের কোণে জাবর কাটছিল কালো বাছুরটা।", BN) is None


def test_an_apposition_after_a_comma_describes_the_name_before_it():
    sentence = "केबिन का दरवाज़ा खुला और बाहर आईं रेखा भार्गव, बैंक की नई मैनेजर।"
    assert named_in_apposition(narration_speaker(sentence, HI, None), sentence, HI) == ("रेखा भार्गव", True)


def test_the_scene_gives_the_first_line_to_the_one_named_last_and_the_call_answers():
    text = (PANCHAYAT_SCENE +
            "— राम-राम, मुखिया जी। आपकी एक रजिस्ट्री आई है।\n"
            "— अरे, बैठो बेटा। पानी पियोगे?")
    assert speech_turns(analyze_text(text, "hi", task="continuation")) == [("हरखू", "formal"), ("मुखिया जी", "familiar")]


def test_saying_who_one_is_calls_no_one():
    # मैं हरखू, … names the speaker: the line still goes to हरखू, not to the one it "calls"
    text = (PANCHAYAT_SCENE +
            "— मैं हरखू, मुखिया जी। आज से इस गाँव की डाक मैं लाऊँगा। आप यहाँ दस्तख़त कर दीजिए।\n"
            "— अच्छा, अच्छा। लाओ, कहाँ करना है?")
    assert speech_turns(analyze_text(text, "hi", task="continuation")) == [("हरखू", "formal"), ("मुखिया जी", "familiar")]
    # control: a name before a comma after an interjection is a call (अरे हरखू, …)
    called = (PANCHAYAT_SCENE +
              "— मुखिया जी, आपकी चिट्ठी।\n— अरे हरखू, तुम आज फिर देर से आए?")
    assert speech_turns(analyze_text(called, "hi", task="continuation"))[1] == ("मुखिया जी", "familiar")


def test_a_line_that_calls_its_inferred_speaker_was_the_other_one_s():
    # the narration names the clerk last, but the first line calls the clerk (बड़ेबाबू) and the
    # second calls मालती by name: the alternation was the other way round
    text = ("পোস্ট অফিসের কাউন্টারে লাইনে দাঁড়িয়ে ছিল মালতী। কাচের ওপাশে খাতা খুলে বসলেন কেরানি অনিমেষ।\n"
            "— অনিমেষবাবু, আমার মানি অর্ডারটা কি এসেছে? আপনি একটু দেখবেন?\n"
            "— মালতী, তুমি কাল এসো। আজ সার্ভার বন্ধ।")
    result = analyze_text(text, "bn", task="continuation")
    assert speech_turns(result) == [("মালতী", "formal"), ("অনিমেষ", "familiar")]
    # control: a line that only says the speaker's name and place, with no 2nd-person form, is an
    # answer (… নাম বলুন। / — মালতী দাস, গ্রাম শিমুলতলা।), not a call
    told = ("পোস্ট অফিসের কাউন্টারে লাইনে দাঁড়িয়ে ছিল মালতী। কাচের ওপাশে খাতা খুলে বসলেন কেরানি অনিমেষ।\n"
            "— নাম বলুন, কোথা থেকে আসছেন?\n"
            "— মালতী দাস, গ্রাম শিমুলতলা।")
    assert [speaker for speaker, _ in speech_turns(analyze_text(told, "bn", task="continuation"))] == ["অনিমেষ", "মালতী"]


def test_an_answer_about_the_forms_whose_utterance_is_only_an_example_is_refused():
    text = ("यहाँ मरीज़ को डॉक्टर से **'आप'** कहकर ही बात करनी चाहिए, क्योंकि 'तुम' अशिष्ट लगेगा।\n\n"
            "उदाहरण के लिए मरीज़ कुछ ऐसा कह सकता है: \"डॉक्टर साहब, क्या आप मेरी रिपोर्ट देख लेंगे?\"\n\n"
            "आप चाहें तो मैं पूरा संवाद भी लिख सकता हूँ।")
    result = analyze_text(text, "hi", task="dct", speakers=["मरीज़", "डॉक्टर"])
    assert result.refusal and result.tier == "none" and result.user_tier == "formal"
    # control: the asked-for utterance after a preamble that is not about the forms is the answer
    answer = ("ज़रूर! मरीज़ कुछ ऐसा कह सकता है: \"डॉक्टर साहब, क्या आप मेरी रिपोर्ट देख लेंगे?\"")
    result = analyze_text(answer, "hi", task="dct", speakers=["मरीज़", "डॉक्टर"])
    assert not result.refusal and result.tier == "formal"


def test_a_kin_term_or_title_keeps_the_name_before_it_and_a_lower_case_role_gives_way_to_a_name():
    bl, hl = load_lexicon("bn-Latn"), load_lexicon("hi-Latn")
    assert narration_speaker("Bajar theke thole hate phirlen Sudha mashi.", bl, None) == ("Sudha mashi", True)
    assert narration_speaker("Akhbaar haath mein liye gate se andar aaye Saxena uncle.", hl, None) == ("Saxena uncle", True)
    assert narration_speaker("Pukur dhare chhip niye boshe chhilo or dada Montu.", bl, None) == ("Montu", True)
    # controls: a name a case marker follows is not the subject; a kin term written with a capital
    # at the sentence's start is the subject itself; a capital that opens the sentence names no one
    assert narration_speaker("Nani ne apni poti Guddi ki taraf dekha.", hl, None) == ("Nani", True)
    assert narration_speaker("Kal mama aaye.", hl, None) == ("mama", True)


def test_the_ergative_marks_the_name_after_a_kin_term_and_keeps_one_before_it():
    assert narration_speaker("दरवाज़ा खोला रशीद चाचा ने।", HI, None) == ("रशीद चाचा", True)
    # (दी is a kin term and a verb form: the name the ergative marks is the subject)
    assert narration_speaker("खिड़की पर धीरे से दस्तक दी सलमा ने।", HI, None) == ("सलमा", True)
    # control: a noun before a kin term with no ergative stays out of the name
    assert narration_speaker("दालान में मामा बैठे।", HI, None) == ("मामा", True)


def test_words_with_a_comma_before_a_dash_are_speech_not_a_name():
    text = ("घाट पर नाव बँधी थी।\n— बाबू, आप उस पार चलेंगे?\n— हाँ भाई, कितना लोगे?\n"
            "— बस बीस रुपये, बाबू, — मल्लाह केवट ने रस्सी खोलते हुए कहा। — आप आराम से बैठिए।\n— ठीक है, चलो।")
    turns = analyze_text(text, "hi", task="continuation").turns
    assert "बस बीस रुपये, बाबू," not in {turn.speaker for turn in turns}
    assert [turn.speaker for turn in turns if turn.kind == "speech"][2] == "केवट"
    # control: a name before a spaced dash is a label
    labelled = "**रीमा** — तुम कब आओगे?\n**अजय** — कल सुबह, तुम चिंता मत करो।"
    assert [turn.speaker for turn in analyze_text(labelled, "hi").turns if turn.kind == "speech"] == ["रीमा", "अजय"]


def test_a_call_by_what_the_narration_said_a_person_is_is_not_their_line():
    # the narration names the grandmother last (… पूजा कर रही थीं बिट्टू की दादी सावित्री।); the first
    # line calls दादी, so it is बिट्टू's, and सावित्री answers
    text = ("आँगन में पतंग का माँझा सुलझा रहा था बिट्टू। तुलसी के पास दीया जला रही थीं बिट्टू की दादी सावित्री।\n"
            "— दादी, आज मुझे छत पर जाने दोगी?\n"
            "— नहीं, तू नीचे ही खेल। छत की मुँडेर टूटी है।")
    assert speech_turns(analyze_text(text, "hi", task="continuation")) == [("बिट्टू", "familiar"), ("सावित्री", "intimate")]
    # control: a role word followed by someone's name after a comma introduces that person; it says
    # nothing about the one named before it
    from honorifics.extraction.narrative import descriptors
    sentence = "পাশের ঘর থেকে বেরিয়ে এল ঝুমা, পেছনে তার দাদা বাবলু।"
    assert descriptors("ঝুমা", sentence, BN) == frozenset()


def test_an_animal_and_its_name_are_no_one_who_speaks():
    assert postverbal_subject("দরজার পাশে গুটিসুটি মেরে শুয়ে ছিল পোষা বেড়াল পুসি।", BN) is None
    assert postverbal_subject("खूँटे से बँधी जुगाली कर रही थी उनकी गाय गौरी।", HI) is None
    # control: a person and their name
    assert postverbal_subject("खूँटे के पास चारा डाल रहा था उनका नौकर गोविंद।", HI) == ("गोविंद", True)


def test_romanized_each_clause_introduces_its_person_and_the_one_not_called_speaks_first():
    # two people in two clauses of one sentence; the first line calls one of them: the other says it
    text = ("Shaam ko park mein cycle chala raha tha Monu, aur bench par baith kar phone dekh rahi thi uski didi Rinki.\n"
            "— Rinki, tu ghar chal na, mujhe bhookh lagi hai!\n"
            "— Ruk ja, do minute. Tu ek chakkar aur laga le.")
    assert speech_turns(analyze_text(text, "hi", task="continuation")) == [("Monu", "intimate"), ("Rinki", "intimate")]
    # control: a pet named in the narration is no one who answers
    pet = ("Bikele uthone khelchhilo Pinku, ar tar pashe lej nariye ghurchhilo kukur Bhulu.\n"
           "— Pinku, tui ekhono snan korli na?\n— Ekhuni jachhi, tumi rag koro na.")
    assert "Bhulu" not in {speaker for speaker, _ in speech_turns(analyze_text(pet, "bn", task="continuation"))}


def test_a_name_with_a_title_before_a_possessive_marker_is_a_possessor():
    hl = load_lexicon("hi-Latn")
    assert narration_speaker("Deewar par Hanuman ji ka calendar tanga tha.", hl, None) is None
    # control: the name and title as the subject
    assert narration_speaker("Tabhi andar aaye Sharma ji.", hl, None) == ("Sharma ji", True)


def test_a_bangla_aspect_auxiliary_ends_the_clause_before_the_name():
    assert postverbal_subject("দরজার পাশে চুপ করে দাঁড়িয়ে রইল তার ভাই পলাশ।", BN) == ("পলাশ", True)


def test_a_title_s_abbreviation_ends_no_sentence_and_opens_the_name_after_it():
    from honorifics.extraction.turns import _sentences_of
    hl = load_lexicon("hi-Latn")
    assert _sentences_of("Tabhi andar se Dr. Mehra ne awaaz di. Rohan uth khada hua.", hl) == [
        "Tabhi andar se Dr. Mehra ne awaaz di.", "Rohan uth khada hua."]
    assert len(_sentences_of("डॉ. रेखा राव ने फ़ाइल उठाई। सामने मरीज़ बैठा था।", HI)) == 2
    # control: a full stop after a word that is no title ends the sentence
    assert len(_sentences_of("Woh ghar gaya. Mehra ne awaaz di.", hl)) == 2
    assert narration_speaker("Cabin se team lead Mrs. Kapoor ne usse awaaz di.", hl, None) != ("lead Mrs", True)


def test_a_demonstrative_that_opens_a_description_is_no_one():
    # (… बैठा था: वही मैली धोती, …: "that same", never a subject)
    from honorifics.extraction.narrative import guessed_subject
    sentence = "वही मैली धोती पहने बैठा था।"
    found = guessed_subject(sentence, HI, None, sentence, True)
    assert found is None or found[0] != "वही"
    # control: a name that opens the sentence is its subject
    named = "रामकिशन मैली धोती पहने बैठा था।"
    assert guessed_subject(named, HI, None, named, True) == ("रामकिशन", True)


def test_a_title_written_before_the_name_is_part_of_its_key():
    from honorifics.extraction.narrative import frame_speaker
    hl = load_lexicon("hi-Latn")
    assert frame_speaker("Andar Dr. Sinha ne file band ki", hl, None, action=True) == ("Dr. Sinha", True)
    assert frame_speaker("डॉ. मीरा जोशी ने चश्मा उतारा", HI, None, action=True) == ("डॉ. मीरा जोशी", True)
    assert frame_speaker("মিসেস বসু হেসে বললেন", BN, None) == ("মিসেস বসু", True)
    # control: a name with no title before it stays as it is
    assert frame_speaker("मीरा ने चश्मा उतारा", HI, None, action=True) == ("मीरा", True)


def test_a_name_is_keyed_as_written_and_without_its_emphasis():
    bl = load_lexicon("bn-Latn")
    # a kin suffix joined by a hyphen stays joined (Haru-da, not Haru da)
    assert narration_speaker("Corridor-e Haru-da jhaar diye ghor muchhchhilo.", bl, None) == ("Haru-da", True)
    # an emphatic or reflexive word after the name is not part of it
    assert postverbal_subject("উনুনে কেটলি চাপাচ্ছিল নিতাই নিজেই।", BN) == ("নিতাই", True)
    # a kin term before the name gives way to it (দিদিমা সরলাবালা → সরলাবালা)
    assert postverbal_subject("দাওয়ায় বসে সুপুরি কাটছিলেন দিদিমা সরলাবালা।", BN) == ("সরলাবালা", True)
    # control: two words with no hyphen between them stay two words
    assert narration_speaker("Corridor-e Haru kaka jhaar diye ghor muchhchhilo.", bl, None) == ("Haru kaka", True)


# a rooftop scene: the narration names মন্টু, then ঝুমা-দি, who calls out; her lines alternate with
# someone's (the tests below read on from it, each changing one thing)
ROOFTOP_SCENE = "শীতের দুপুর। মন্টু ছাদে ঘুড়ি ওড়াচ্ছিল। পাশের বাড়ির ছাদ থেকে ঝুমা-দি ডাক দিল।\n\n"
ROOFTOP_LINES = ("— এই, ঘুড়িটা আমাদের তারে আটকে যাবে কিন্তু!\n"
                 "— কিচ্ছু হবে না, ঝুমা-দি। তুমি দেখো না।\n"
                 "— দেখছি তো। তুই পড়ে যাবি, সাবধানে দাঁড়া।")


def test_the_unnamed_one_of_two_is_the_other_person_the_narration_named():
    turns = speech_turns(analyze_text(ROOFTOP_SCENE + ROOFTOP_LINES, "bn", task="continuation"))
    assert turns == [("ঝুমা-দি", "none"), ("মন্টু", "familiar"), ("ঝুমা-দি", "intimate")]
    # Hindi, the name opening its sentence before a genitive phrase (पार्क की बेंच पर)
    text = ("शाम ढल रही थी। विनय पार्क की बेंच पर अकेला बैठा था। तभी रीना दीदी वहाँ आईं।\n\n"
            "— यहाँ क्या कर रहा है? चल, घर चल।\n— बस दीदी, पाँच मिनट। तुम जाओ, मैं आता हूँ।\n— ठीक है, पर देर मत करना।")
    assert [speaker for speaker, _ in speech_turns(analyze_text(text, "hi", task="continuation"))][1] == "विनय"


def test_no_unnamed_speaker_is_bound_where_two_people_might_be_it_or_the_one_it_calls():
    # controls: a second person opens a sentence of the narration (বাবলু): who answers is open
    two = ROOFTOP_SCENE.replace("ওড়াচ্ছিল।", "ওড়াচ্ছিল। বাবলু সিঁড়িতে বসে লাটাই ধরে ছিল।")
    turns = speech_turns(analyze_text(two + ROOFTOP_LINES, "bn", task="continuation"))
    assert turns[1][0] == "_unnamed_1"
    # the unnamed line calls the one person named: not its own speaker
    calls = ROOFTOP_LINES.replace("কিচ্ছু হবে না, ঝুমা-দি।", "মন্টু, তুই লাটাইটা ধর। ঝুমা-দি,")
    turns = speech_turns(analyze_text(ROOFTOP_SCENE + calls, "bn", task="continuation"))
    assert turns[1][0] == "_unnamed_1"
    # a scene's first sentence sets its time or place (a word that opens it names no one)
    place = "প্ল্যাটফর্ম নম্বর তিনে ভিড় বাড়ছিল। পাশের বেঞ্চ থেকে ঝুমা-দি ডাক দিল।\n\n"
    turns = speech_turns(analyze_text(place + ROOFTOP_LINES, "bn", task="continuation"))
    assert turns[1][0] == "_unnamed_1"


def test_a_bangla_past_progressive_of_a_consonant_root_is_finite_and_a_noun_in_chhil_is_not():
    assert postverbal_subject("রান্নাঘরের মেঝেতে বসে সবজি কুটছিল অরিন্দম।", BN) == ("অরিন্দম", True)
    # control: after a vowel sign the letters are a noun's (মিছিল), no verb before a name
    assert postverbal_subject("গলির মোড়ে তখন মিছিল তপন।", BN) is None


# a grandfather and a boy on the veranda: three lines, the next one's frame opens with a pronoun
VERANDA_SCENE = ("बरामदे में दादाजी अख़बार पढ़ रहे थे। चिंटू गेंद लेकर आया।\n\n"
                 "\"दादाजी, आप मेरे साथ खेलेंगे?\" चिंटू ने पूछा।\n"
                 "दादाजी ने चश्मा उतारा। \"अभी नहीं बेटा, तुम बाद में आना।\"\n"
                 "\"बस पाँच मिनट, आप चलिए न!\"\n")


def test_a_pronoun_in_a_dialogue_of_two_named_people_is_the_one_who_answers():
    text = VERANDA_SCENE + "उन्होंने हँसकर अख़बार रख दिया। \"अच्छा चल, तू जीता।\""
    turns = speech_turns(analyze_text(text, "hi", task="continuation"))
    assert turns[-1] == ("दादाजी", "intimate")
    assert "वे (unnamed)" not in analyze_text(text, "hi", task="continuation").speakers


def test_a_pronoun_after_someone_comes_in_keeps_its_key():
    # control: the narration brings in someone the scene does not name
    text = VERANDA_SCENE + "तभी फाटक खुला। आँगन में कोई आया। उसने धीरे से आवाज़ दी, \"माँजी, आप घर पर हैं?\""
    assert speech_turns(analyze_text(text, "hi", task="continuation"))[-1] == ("वह (unnamed)", "formal")


def test_the_clause_after_ki_frames_the_quote_and_its_past_is_not_a_report():
    # "I was reading when papa said": the subject of the clause after कि speaks
    assert frame_speaker("मैं अख़बार पढ़ रहा था कि पापा ने कहा", HI, None) == ("पापा", True)
    assert frame_speaker("माँ रसोई में थीं कि बबलू ने कहा", HI, None) == ("बबलू", True)
    # controls: a past before the past in the verb's own clause reports; "as X said" quotes
    assert frame_speaker("बबलू ने कहा था", HI, None) is None
    assert frame_speaker("जैसा कि बापू ने कहा", HI, None) is None


def test_someone_the_frame_does_not_name_is_no_named_speaker():
    assert frame_speaker("तभी किसी ने पीछे से कहा", HI, None) is None
    assert frame_speaker("ভিড়ের মধ্যে কেউ চেঁচিয়ে বলল", BN, None) is None
    # control: a name in the same frame
    assert frame_speaker("तभी मोहन ने पीछे से कहा", HI, None) == ("मोहन", True)


def test_a_professional_title_before_a_name_is_part_of_its_key_and_may_end_the_frame():
    assert frame_speaker("तभी इंस्पेक्टर सिंह अपने केबिन से निकले और बोले", HI, None) == ("इंस्पेक्टर सिंह", True)
    assert frame_speaker("নার্স মিতালি হেসে বললেন", BN, None) == ("নার্স মিতালি", True)
    assert frame_speaker("बोलीं मिसेज़ वर्मा", HI, None) == ("मिसेज़ वर्मा", True)
    # control: a trade before a name gives way to the name (a trade is no title)
    assert postverbal_subject("गली के मोड़ पर ठेला लगाए खड़ा था सब्ज़ीवाला भोलू।", HI) == ("भोलू", True)


def test_kaka_and_kaki_are_kin_terms_after_a_name():
    assert frame_speaker("रामधन काका ने लाठी उठाई और कहा", HI, None) == ("रामधन काका", True)
    assert analyze_text("काका, आप बैठिए।", "hi", speakers=["गोपू", "रामधन"]).nominal_address[0].category == "kin"


def test_a_title_s_stop_after_a_quote_does_not_end_its_frame():
    text = ("Kavya ne darwaza khola. Andar uske manager, Mr. Sharma, baithe the.\n"
            "\"Sir, aapne bulaya?\" boli Kavya.\n"
            "\"Haan Kavya, baithiye. Aapki file kahan hai?\" Mr. Sharma ne chashma utaarte hue kaha.\n")
    assert [speaker for speaker, _ in speech_turns(analyze_text(text, "hi", task="continuation"))] == ["Kavya", "Mr. Sharma"]
    # control: a sentence's own stop after the name ends the frame, and the next quote is a new line
    text = "\"Aap baithiye.\" Sharma ne kaha. \"Thank you sir.\""
    assert speech_turns(analyze_text(text, "hi", task="continuation"))[0][0] == "Sharma"


def test_a_kin_term_keeps_the_name_the_record_writes_before_it_again_and_a_role_gives_way_to_a_name_called():
    record = "মাঠের ধারে বসে ছিলেন মিনু মাসি। \"কী রে, খেলবি না?\" মিনু মাসি হেসে বললেন।"
    assert frame_speaker("মিনু মাসি হেসে বললেন", BN, None, record=record) == ("মিনু মাসি", True)
    # control: a time before a kin term, written once, is no name (সন্ধ্যাবেলা মা …)
    record = "সন্ধ্যাবেলা মা রান্নাঘর থেকে বললেন, \"খেতে আয়।\""
    assert frame_speaker("সন্ধ্যাবেলা মা রান্নাঘর থেকে বললেন", BN, None, record=record) == ("মা", True)
    record = "तभी माली गोपाल पानी का पाइप लेकर आया और बोला, \"साहब, पौधे सूख रहे हैं।\" \"ठीक है गोपाल, पानी डाल दो।\""
    assert frame_speaker("तभी माली गोपाल पानी का पाइप लेकर आया और बोला", HI, None, record=record) == ("गोपाल", True)
    # control: a role before a thing the record names once keeps the role
    record = "तभी माली पौधे लेकर आया और बोला, \"साहब, ये कहाँ लगाऊँ?\""
    assert frame_speaker("तभी माली पौधे लेकर आया और बोला", HI, None, record=record) == ("माली", True)


def test_a_pronoun_speaker_is_read_against_the_parties_so_far_not_one_who_comes_in_later():
    text = VERANDA_SCENE + ("उन्होंने हँसकर अख़बार रख दिया। \"अच्छा चल, तू जीता।\"\n"
                            "तभी चिंटू की माँ सरला बाहर आईं। \"चिंटू, पहले होमवर्क कर ले।\"")
    speakers = analyze_text(text, "hi", task="continuation").speakers
    assert speakers["दादाजी"].tier in ("intimate", "mixed") and "वे (unnamed)" not in speakers


HI_LATN, BN_LATN = load_lexicon("hi-Latn"), load_lexicon("bn-Latn")


def test_romanized_narration_writes_its_people_with_capitals():
    sentence = "Shaam ko Rohan Mehta office se nikle."
    assert capitalized_names(sentence, HI_LATN, sentence) == ["Rohan Mehta"]   # (not Shaam: it opens the sentence)
    sentence = "Tabhi Professor Iyer class mein aaye."
    assert capitalized_names(sentence, HI_LATN, sentence) == ["Professor Iyer"]
    # controls: a place in its case, named once; an animal's name
    assert capitalized_names("Puran Dhaka-r chhade ghuri urchhe.", BN_LATN, "Puran Dhaka-r chhade ghuri urchhe.") == []
    sentence = "Mrs. Khanna ki billi, Rani, andar aayi."
    assert capitalized_names(sentence, HI_LATN, sentence) == []


def test_the_unnamed_one_of_two_is_the_person_a_romanized_narration_names():
    text = ("Raat ke gyarah baj rahe the. Bed par leta Aakash phone dekh raha tha, tabhi screen par message aaya — Nikhil.\n\n"
            "— Oye, so gaya kya?\n— Nahi yaar. Tu bata Nikhil, kya hua?\n— Kuch nahi, bas bore ho raha tha. Kal match chalega?")
    turns = speech_turns(analyze_text(text, "hi", task="continuation"))
    assert [speaker for speaker, _ in turns] == ["Nikhil", "Aakash", "Nikhil"]


BUS_LINES = ("— टिकट दिखाइए, माताजी, — रमेश ने कहा।\n— कितने का है, भैया? आप ज़रा धीरे बोलिए।\n"
             "— बीस रुपये। आप पैसे दे दीजिए।")


def test_the_unnamed_one_is_someone_the_narration_introduced_as_a_and_named_no_one_else():
    text = "रात की बस में भीड़ थी। पिछली सीट पर एक बूढ़ी औरत अपना थैला पकड़े बैठी थी।\n\n" + BUS_LINES
    assert [speaker for speaker, _ in speech_turns(analyze_text(text, "hi", task="continuation"))] == \
        ["रमेश", "बूढ़ी औरत", "रमेश"]
    # control: two people introduced so, and which one answers is open
    text = "रात की बस में भीड़ थी। पिछली सीट पर एक बूढ़ी औरत और एक नौजवान लड़का बैठे थे।\n\n" + BUS_LINES
    assert speech_turns(analyze_text(text, "hi", task="continuation"))[1][0] == "_unnamed_1"


def test_a_romanized_chat_message_quoted_in_native_narration_is_a_line_and_writing_it_frames_it():
    text = ("রাত বারোটা। রুমি বিছানায় শুয়ে ফোন ঘাঁটছিল।\n\n"
            "তিস্তা লিখল, \"ei, tui ki ghumiye porechis?\"\n\n"
            "\"na re, series dekhchi. tui ki korchis?\"")
    turns = speech_turns(analyze_text(text, "bn", task="continuation"))
    assert [tier for _, tier in turns] == ["intimate", "intimate"] and turns[0][0] == "তিস্তা"
    # control: a quoted line in English after them is the model's note
    record = analyze_text(text + "\n\n\"This scene shows two close friends at night.\"", "bn", task="continuation")
    assert speech_turns(record) == turns and record.turns[-1].kind == "note"


def test_each_pronoun_line_is_read_on_its_own_he_and_she():
    text = ("Somvaar subah. Verma sir seedha Neha ki desk par aaye.\n\n"
            "\"Neha, report kahan hai? Tumhe Friday tak bola tha na?\" Verma sir ne poocha.\n\n"
            "Neha ne file uthayi. \"Sir, bas thodi der. Aapko lunch tak mil jaayegi.\"\n\n"
            "\"Lunch tak?\" Woh thoda ruke. \"Theek hai, par tum late mat karna.\"\n\n"
            "Woh jaldi se boli, \"Ji sir, aap chinta mat kijiye.\"")
    speakers = analyze_text(text, "hi", task="continuation").speakers
    assert speakers["Verma sir"].tier == "familiar" and speakers["Neha"].tier == "formal"
    assert not any(name.endswith("(unnamed)") for name in speakers)


def test_a_romanized_name_ending_like_a_definite_mark_is_a_name():
    assert frame_speaker("bollo Ankita, ekta note egiye diye", BN_LATN, None) == ("Ankita", True)
    assert frame_speaker("Smita hese bollo", BN_LATN, None) == ("Smita", True)
    # control: the definite mark written apart after a word makes it a thing
    assert frame_speaker("boi ta namiye bollen", BN_LATN, None) is None


def test_an_action_beat_after_a_quote_that_opens_its_line_names_who_said_it():
    text = ("शाम को बाज़ार में भीड़ थी। गोलू अपनी साइकिल लेकर दुकान पर पहुँचा।\n"
            "\"अरे, तू फिर उधार माँगने आया है?\" लाला जी ने बही-खाता बंद किया।\n"
            "\"नहीं लाला जी, आज नक़द लाया हूँ। आप बस आधा किलो चीनी दे दीजिए।\" गोलू ने जेब से सिक्के निकाले।")
    turns = speech_turns(analyze_text(text, "hi", task="continuation"))
    assert turns == [("लाला जी", "intimate"), ("गोलू", "formal")]
    bangla = ("সন্ধে হয়ে গেছে। টুকাই হাঁপাতে হাঁপাতে বাড়ি ঢুকল।\n"
              "\"তুই আবার দেরি করলি?\" পিসি চায়ের কাপটা নামিয়ে রাখলেন।\n"
              "\"পিসি, বাসটা আজ আসেইনি। তুমি রাগ কোরো না।\" টুকাই ব্যাগটা চেয়ারে রাখল।")
    assert speech_turns(analyze_text(bangla, "bn", task="continuation")) == [("পিসি", "intimate"), ("টুকাই", "familiar")]


def test_an_action_beat_after_a_quote_is_not_the_speaker_s_when_the_quote_calls_the_actor():
    # control: the one the quote calls answers by acting; the beat does not make them its speaker
    text = ("माँ रसोई से बाहर आईं। गोलू चुपचाप बैठा था।\n"
            "\"गोलू, तू आज स्कूल क्यों नहीं गया?\" गोलू ने सिर झुका लिया।")
    record = analyze_text(text, "hi", task="continuation")
    assert "गोलू" not in [speaker for speaker, _ in speech_turns(record)]
    # control: a beat that goes on into the next quote of its paragraph is that quote's
    text = ("\"आ गया तू?\" \"हाँ माँ, बस अभी।\" गोलू ने बस्ता रखा। \"आप खाना लगा दीजिए।\"")
    record = analyze_text(text, "hi", task="continuation")
    assert speech_turns(record) == [("गोलू", "formal")]
    # control: the light verb of a compound (चल दी) names no one
    text = ("मीना ने फ़ाइल उठाई और पूछा, \"सर, यह कहाँ रखूँ?\"\n"
            "\"जी, अभी रखकर आती हूँ।\" फ़ाइलें सीने से लगाए गलियारे की ओर चल दी।")
    assert "दी" not in analyze_text(text, "hi", task="continuation").speakers


def test_a_word_before_an_auxiliary_is_its_verb_not_a_speaker():
    text = ("रमेश रात भर अस्पताल में रहा। सुबह माँ भी आई।\n"
            "डॉक्टर सेन ने फ़ाइल देखी। \"आपके पिताजी अब ठीक हैं, घबराइए मत।\"\n"
            "रमेश हाथ जोड़कर खड़ा हो गया। उसकी आँखें भर आई थीं।\n"
            "\"डॉक्टर साहब, आप जो कहेंगे, हम करेंगे।\"")
    assert "आई" not in analyze_text(text, "hi", task="continuation").speakers
    # control: the subject of a clause with an auxiliary still speaks
    text = text.replace("उसकी आँखें भर आई थीं", "रमेश ने हाथ जोड़ रखे थे")
    assert analyze_text(text, "hi", task="continuation").speakers["रमेश"].tier == "formal"


def test_a_label_of_a_name_and_ji_names_its_speaker():
    # जी after a name is its title (शर्मा जी:), not the interjection "yes"
    text = ("सुधा बुआ: नमस्ते, आइए।\nशर्मा जी: वो गाड़ी से उतर रही हैं, आप चिंता मत कीजिए।\n"
            "सुधा बुआ: आप बैठिए।")
    assert speech_turns(analyze_text(text, "hi", task="roleplay"))[1] == ("शर्मा जी", "formal")
    # control: a "label" that opens with the interjection is no one
    text = text.replace("शर्मा जी:", "जी हाँ:")
    assert "जी हाँ" not in analyze_text(text, "hi", task="roleplay").speakers


def test_a_call_to_someone_the_narration_names_is_to_them_not_the_partner():
    text = ("\"अरे, तुम तो बिल्कुल दुबली हो गई हो!\" मामी ने नेहा से कहा।\n"
            "\"मामी, आप भी न! पहले बैठिए।\" नेहा बोली।\n"
            "गुड्डू दरवाज़े के पीछे से झाँक रहा था।\n"
            "\"गुड्डू, वहाँ क्या छुपा है? इधर आ।\" मामी बोलीं।")
    speaker = analyze_text(text, "hi", task="continuation").speakers["मामी"]
    assert speaker.tier == "familiar" and speaker.by_addressee == {"नेहा": "familiar", "गुड्डू": "intimate"}
    # control: a name the narration never names, calling the partner, may be the partner's own
    control = text.replace("गुड्डू दरवाज़े के पीछे से झाँक रहा था।\n", "")
    assert "गुड्डू" not in (analyze_text(control, "hi", task="continuation").speakers["मामी"].by_addressee or {})


def test_a_name_ending_like_the_definite_mark_after_one_letter_is_a_name():
    # পুঁটি is a name: the -টি after one letter and its signs is no definite mark
    assert frame_speaker("ফিসফিস করে বলল পুঁটি", load_lexicon("bn"), None) == ("পুঁটি", True)
    # control: a thing with the definite mark frames nothing (বইটা বলল is no one speaking)
    assert frame_speaker("ফিসফিস করে বলল বইটা", load_lexicon("bn"), None) is None
