"""Evidence on real sentences, including each failure of a whole-text regex
classifier named in the core issue, and the traps of LINGUISTICS.md."""
import pytest

from honorifics.extraction.evidence import extract_evidence
from honorifics.extraction.lexicon import load_lexicon


def evidence(text, lexicon="hi"):
    return extract_evidence(text, [(0, len(text))], load_lexicon(lexicon))


def tiers(text, lexicon="hi"):
    return {e.tier for e in evidence(text, lexicon).evidence}


def words(text, lexicon="hi"):
    return [e.text for e in evidence(text, lexicon).evidence]


# --- failures of the regex baseline ----------------------------------------

@pytest.mark.parametrize("text, tier", [
    ("तुमने खाना खाया?", "familiar"),
    ("तूने ये क्या किया?", "intimate"),
    ("मैं तुझसे बात नहीं करूँगा।", "intimate"),
    ("तुझे कितनी बार कहा है!", "intimate"),
    ("आपने बुलाया था?", "formal"),
])
def test_oblique_and_ergative_pronouns_are_found(text, tier):
    assert tiers(text) == {tier}


@pytest.mark.parametrize("text", [
    "बच्चों को स्कूल भेजना है।",            # को postposition
    "कल तो छुट्टी है।",                     # तो particle
    "दो समोसे और एक चाय।",                  # दो numeral
    "वो कल आएगा।",                          # वो pronoun
    "ये गोली दिन में दो बार खानी है।",       # दो बार
])
def test_ko_to_do_vo_are_not_o_imperatives(text):
    assert tiers(text) == set()


@pytest.mark.parametrize("text, stem", [
    ("अबे उठ! नौ बज गए।", "उठ"),
    ("इधर आ, बैठ मेरे पास।", "बैठ"),
    ("Tu ek baar dekh na.", "dekh"),
])
def test_bare_stem_intimate_imperatives(text, stem):
    lexicon = "hi-Latn" if text.isascii() else "hi"
    found = evidence(text, lexicon)
    # pro-drop: the stem is evidence; after तू it is the agreeing verb
    shown = [e.text for e in found.evidence] + [p.verb.text for p in found.agreement if p.ok]
    assert stem in shown
    assert {e.tier for e in found.evidence} == {"intimate"}


@pytest.mark.parametrize("text", [
    "तुम निकल गईं और मुझे पता भी नहीं चला।",
    "मैं ये सोच भी नहीं रहा था।",
    "मैं उससे मिल पा रहा था।",
    "अगर समूह किस्तें रोक दे तो मुश्किल होगी।",
    "चलो, देख लें कितना समय लगेगा।",
])
def test_stems_in_verb_groups_and_subjunctives_are_not_address(text):
    found = evidence(text)
    assert not any(e.tier in ("intimate", "formal") for e in found.evidence)


def test_comparative_pronoun_is_not_an_agreement_subject():
    found = evidence("बहुत आते हैं तुम जैसे।")
    assert [e.text for e in found.evidence] == ["तुम जैसे"] and found.agreement == []
    assert evidence("आप देख ही रहे हैं।").agreement[0].ok is True


def test_bare_stem_inside_a_longer_verb_is_not_an_imperative():
    # उठ जा: only जा is the imperative; खा कर / चल रहा are not imperatives at all
    # (in खाना खा कर आना। the request is the infinitive आना, not the stems)
    assert words("उठ जा, देर हो रही है।") == ["जा"]
    assert words("खाना खा कर आना।") == ["आना"]
    assert words("सब ठीक चल रहा है।") == []


@pytest.mark.parametrize("text, verb", [
    ("आप यहाँ बैठो।", "बैठो"),
    ("आप कहाँ जा रहे हो?", "हो"),
])
def test_verbs_glued_to_danda_or_question_mark_are_paired(text, verb):
    pairs = evidence(text).agreement
    assert [(p.pronoun.text, p.verb.text, p.ok) for p in pairs] == [("आप", verb, False)]


@pytest.mark.parametrize("text", [
    "हम कल करते हैं।", "वे काम करते हैं।", "हम कल चलेंगे।", "वे आएँगे तो बात करेंगे।",
    "भाभी जी अब भी उतना ही खिलाती हैं।",
])
def test_first_and_third_plural_verbs_are_not_formal_address(text):
    assert tiers(text) == set()


# --- verb evidence without a pronoun (pro-drop) -----------------------------

@pytest.mark.parametrize("text, tier", [
    ("ज़रा मुँह खोलिए।", "formal"),
    ("परसों रिपोर्ट लेकर आ जाइए।", "formal"),
    ("कभी शाम को आइएगा।", "formal"),
    ("भैया, कनॉट प्लेस चलोगे?", "familiar"),
    ("कैसे हो?", "familiar"),
    ("भेज दो।", "familiar"),
    ("सोने दे यार...", "intimate"),
    ("तो मुझे अपने बचपन के बारे में बताएँ।", "formal"),
])
def test_hindi_verb_forms_show_the_tier_alone(text, tier):
    assert tiers(text) == {tier}


@pytest.mark.parametrize("text", [
    "बेटा, किराया हर महीने की पाँच तारीख़ तक चाहिए।",  # चाहिए is not -िए
    "इसीलिए तो बोल रहा हूँ।",                            # इसीलिए
    "ये आपके लिए है।",                                   # के लिए
    "बड़ी मेहरबानी होगी।",                               # होगी is not -ोगी
    "ऐसा न हो कि देर हो जाए।",                          # subjunctive हो
    "वीडियो देखा? मारियो कार्ट बढ़िया है।",             # loanwords in -ो
    "तुम्हारी पसंदीदा फ़िल्में कौन सी हैं?",            # plural noun in -ें
])
def test_look_alikes_are_not_verb_evidence(text):
    assert not any(e.kind == "verb" for e in evidence(text).evidence)


# --- traps ---------------------------------------------------------------------

@pytest.mark.parametrize("text, lexicon", [
    ("दरवाज़ा अपने आप खुल गया।", "hi"),
    ("वह आप ही आप बड़बड़ा रहा था।", "hi"),
    ("बच्चे आपस में लड़ते रहते हैं।", "hi"),
    ("अपना ख़याल रखना, अपनी माँ से मिलना।", "hi"),
    ("तेरह लोग आए थे।", "hi"),
    ("laptop apne aap restart ho raha hai", "hi-Latn"),
    ("এই ফুসকুড়িগুলো আপনা-আপনি সেরে যাবে।", "bn"),
    ("আপনজনদের ভুলে যেও না, এই বাড়িটাই তোমার আপন জায়গা।", "bn"),
])
def test_reflexives_and_look_alike_words_are_not_pronouns(text, lexicon):
    assert not any(e.kind == "pronoun" and e.tier == "formal" for e in evidence(text, lexicon).evidence)
    assert not any(e.text in ("आप", "आपस", "तेरह", "আপনি", "আপন", "aap") for e in evidence(text, lexicon).evidence)


def test_respectful_third_person_aap_is_not_address():
    text = "मेरे गुरु, पंडित हरिशंकर जी। आप बनारस में संस्कृत पढ़ाते थे। आपने ही मुझे सिखाया। तुमने पढ़ी है?"
    found = evidence(text)
    assert [e.text for e in found.evidence] == ["तुमने"]
    assert [e.text for e in found.third_person] == ["आप", "आपने"]


def test_greeting_with_ji_is_not_a_third_person_antecedent():
    found = evidence("नमस्ते बहन जी! बड़े दिनों बाद दिखीं आप।")
    assert [e.text for e in found.evidence] == ["आप"]


def test_bangla_particle_to_is_not_tor():
    assert tiers("আপনি তো এখন ম্যাজিস্ট্রেট।", "bn") == {"formal"}
    assert tiers("তোর বাঁ পা আবার দাগের বাইরে গেল।", "bn") == {"intimate"}


# --- Bangla verbs --------------------------------------------------------------

@pytest.mark.parametrize("text, tier", [
    ("দয়া করে আমাকে একটু সাহায্য করুন।", "formal"),
    ("চাচা, চিন্তা করবেন না।", "formal"),              # vocative, not subject
    ("আমাকে ডেকেছিলেন?", "formal"),
    ("শোনো, একটু বাজার করে এনো।", "familiar"),
    ("কোথায় যাচ্ছ?", "familiar"),
    ("ঘড়ি দেখেছিস, কটা বাজে?", "intimate"),
    ("কাল থেকে জল দিয়ে যাবি।", "intimate"),
    ("তুই তো একদম বদলাসনি রে।", "intimate"),
])
def test_bangla_verb_endings(text, tier):
    assert tiers(text, "bn") == {tier}


@pytest.mark.parametrize("text", [
    "আমার মা হঠাৎ অসুস্থ হয়ে পড়েছেন।",               # মা is the subject
    "উনি একাত্তরে যুদ্ধ করেছেন, কিন্তু কোনো সুবিধা নেননি।",  # উনি, whole sentence
    "এলেন মহারানি?",                                  # sarcastic 3rd person
    "বিকেলের মধ্যে সই হয়ে গেলে কালই পাঠানো যাবে।",       # conditional, impersonal
    "অনেক দিন পর দেখা।",                              # দিন is "day"
    "আজ অফিসে নতুন বস এসেছে।",                         # অফিস, নতুন
    "খালি গালাগালি আর কোথাও যাওয়া নেই।",                  # খালি, গালাগালি, কোথাও
])
def test_bangla_third_person_and_look_alikes_are_not_address(text):
    assert tiers(text, "bn") == set()


def test_bangla_ambiguous_stem_takes_the_pronoun_tier():
    # দেখ is the তুই imperative and also colloquial তুমি: here তোমার decides.
    assert tiers("দেখ, তোমার জন্য কি এনেছি?", "bn") == {"familiar"}
    assert tiers("ভুঁড়িটা দেখ একবার!", "bn") == {"intimate"}


# --- agreement -----------------------------------------------------------------

@pytest.mark.parametrize("text, lexicon, pair", [
    ("आप चिंता मत करो।", "hi", ("आप", "करो", False)),
    ("आप चिंता मत कीजिए।", "hi", ("आप", "कीजिए", True)),
    ("तुम कहाँ जा रहे थे?", "hi", ("तुम", "थे", True)),
    ("अगर आप कहें तो मैं बात करूँगी।", "hi", ("आप", "कहें", True)),
    ("आप डेढ़ सौ दे दो।", "hi", ("आप", "दो", False)),
    ("क्या आप मुझे दो दिन का समय दे सकते हैं?", "hi", ("आप", "हैं", True)),   # मुझे दो दिन: numeral
    ("तू मुझे भाई ही बोल।", "hi", ("तू", "बोल", True)),
    ("तुम प्रथम हতে পারবেন।", "hi", None),
    ("তুমি প্রথম হতে পারবেন।", "bn", ("তুমি", "পারবেন", False)),
    ("আপনি একটু এখানে বসো।", "bn", ("আপনি", "বসো", False)),
    ("আপনি বলুন।", "bn", ("আপনি", "বলুন", True)),
    ("Bhaiya, aap thoda jaldi chalo na", "hi-Latn", ("aap", "chalo", False)),
])
def test_subject_verb_pairs(text, lexicon, pair):
    pairs = [(p.pronoun.text, p.verb.text, p.ok) for p in evidence(text, lexicon).agreement]
    assert pairs == ([pair] if pair else [])


@pytest.mark.parametrize("text", [
    "आपने खाना खाया?",          # ergative
    "आपको क्या चाहिए, बताओ।",   # dative
    "आपका नाम क्या है?",         # genitive
])
def test_oblique_pronouns_are_not_agreement_checked(text):
    assert evidence(text).agreement == []


def test_separated_postposition_joins_the_pronoun_span():
    found = evidence("ये आप के लिए है।").evidence
    assert [(e.text, e.case) for e in found] == [("आप के", "genitive")]


# --- romanized -----------------------------------------------------------------

@pytest.mark.parametrize("text, lexicon, tier", [
    ("Tumi kothay jaccho eto sokal?", "bn-Latn", "familiar"),
    ("Ki re, kemon achis? Koto din pore ashli!", "bn-Latn", "intimate"),
    ("Apni kemon achen?", "bn-Latn", "formal"),
    ("Aap baithiye, main chai lata hoon.", "hi-Latn", "formal"),
    ("Tum jao, main yahin se dekh lungi.", "hi-Latn", "familiar"),
])
def test_romanized_forms(text, lexicon, tier):
    assert tiers(text, lexicon) == {tier}


def test_nominal_address_is_reported_apart_from_tier_evidence():
    found = evidence("दीदी, तू मेरी वाली ड्रेस पहनकर क्यों गई?")
    assert [n.text for n in found.nominal_address] == ["दीदी"]
    assert [e.text for e in found.evidence] == ["तू"]
    bangla = extract_evidence("আপা, আপনি বসুন।", [(0, 15)], load_lexicon("bn"))
    assert [(n.text, n.tradition) for n in bangla.nominal_address] == [("আপা", "muslim")]


@pytest.mark.parametrize("text, lexicon", [
    ("আজ থেকে আমাকে তুমি করে বলো।", "bn"),
    ("মুझे आप कहकर मत बुलाओ।".replace("मु", "मु"), "hi"),
    ("अब से आप करके ही बात करूँगा।", "hi"),
])
def test_pronoun_named_as_a_word_is_not_address(text, lexicon):
    assert not any(e.kind == "pronoun" for e in evidence(text, lexicon).evidence)


def test_bangla_bhabe_adverbs_are_not_future_verbs():
    found = evidence("আপনি এভাবে কথা বলছেন কেন?", "bn")
    assert [p.ok for p in found.agreement] == [True]


def test_generic_clause_lookup_is_the_plain_search():
    """Evidence is looked up in the generic clauses by a binary search of the merged spans."""
    import random

    from honorifics.extraction.evidence import _Spans

    rng = random.Random(5)
    for _ in range(5000):
        spans = [(a, a + rng.randint(0, 6)) for a in (rng.randint(0, 40) for _ in range(rng.randint(0, 6)))]
        lookup = _Spans(spans)
        for position in range(-2, 50):
            assert lookup.contains(position) == any(s <= position < e for s, e in spans), (spans, position)


@pytest.mark.parametrize("block, language", [
    ("इस मंदिर में आपको जूते बाहर उतारने पड़ते हैं। आप अंदर आइए। कृपया फ़ॉर्म भर दें। तुम कहाँ थे, मैं तुम्हें ढूँढ रहा था "
     "और तुम बोले नहीं, चलो अब खाना खा लो। ", "hi"),
    ("মন্দিরে ঢোকার আগে আপনাকে জুতো খুলতে হয়। ডাক্তারবাবু কাল আসবেন। তুই কোথায় ছিলি, আমি তোকে খুঁজছিলাম আর "
     "তুমি কিছু বললে না। আপনি বসুন। ", "bn"),
])
def test_a_long_utterance_is_its_blocks_evidence_repeated(block, language):
    """Each candidate looks only at its own sentence and clause: the evidence of a block
    repeated 200 times is the block's evidence at each copy's offset."""
    lexicon = load_lexicon(language)
    one = extract_evidence(block, [(0, len(block))], lexicon)
    text = block * 200
    many = extract_evidence(text, [(0, len(text))], lexicon)
    assert [(e.start, e.text, e.tier, e.rule) for e in many.evidence] == \
        [(e.start + k * len(block), e.text, e.tier, e.rule) for k in range(200) for e in one.evidence]
    assert [(p.pronoun.start, p.verb.start, p.ok) for p in many.agreement] == \
        [(p.pronoun.start + k * len(block), p.verb.start + k * len(block), p.ok)
         for k in range(200) for p in one.agreement]
    assert one.evidence and one.agreement


def test_every_verb_condition_is_one_row_of_the_table_and_its_tests_exist():
    """A lexicon's `when:` names one row of lexicon.CONDITIONS (confidence, the tests for
    counting alone and for agreeing); every test a row names is one the rules know, and
    every shipped reading carries its row."""
    from honorifics.extraction.evidence import _Utterance
    from honorifics.extraction.lexicon import CONDITIONS, LexiconError, build_lexicon
    from honorifics.extraction.tokens import token_columns

    lexicon = load_lexicon("hi")
    text = "आप यहाँ बैठो, मैं दो समोसे लाता हूँ।"
    utterance = _Utterance(token_columns(text, [(0, len(text))], lexicon.script), lexicon, frozenset())
    tests = {test for row in CONDITIONS.values() for test in (*(row.alone or ()), *(row.agree or ()))}
    assert {"no_first_person", "clause_final", "subjectless_clause_final"} <= tests
    for test in tests:
        for i in range(len(utterance.keys)):
            assert utterance.passes(test, i) in (True, False)
    with pytest.raises(ValueError, match="unknown verb condition test"):
        utterance.passes("sometimes", 0)
    assert CONDITIONS["always"].alone == () and CONDITIONS["with_subject"].alone is None
    reading = lexicon.verb_reading(lexicon.key("बैठो"))
    assert reading.condition is CONDITIONS[reading.when] and reading.condition.confidence == 0.9
    with pytest.raises(LexiconError, match="unknown condition 'sometimes'"):
        build_lexicon("x", {"language": "hi", "script": "deva",
                            "verbs": {"exact": {"करो": {"evidence": "familiar", "when": "sometimes"}}}})
