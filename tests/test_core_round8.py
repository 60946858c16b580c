"""Mechanisms added in round 8 (from the kinds of the spent round-7 blind sets' misses):
each on new sentences, each with a control. None of these sentences comes from a blind set.
"""
from __future__ import annotations

from honorifics import analyze_text


# --- answers about the forms, written as numbered lists or under headings ---------------------

def test_a_numbered_list_of_cases_is_a_list_not_a_dialogue():
    text = ('ভালো প্রশ্ন! সাধারণত:\n\n1. **নতুন প্রতিবেশী** — "আপনি" বলাই নিরাপদ।\n'
            '2. **ছোটবেলার বন্ধু** — "তুই" খুব স্বাভাবিক।')
    record = analyze_text(text, "bn")
    assert record.refusal and not record.speakers
    # control: numbered lines whose names come back are a dialogue
    text = "1. রিনা: তুই কোথায়?\n2. মিতা: বাড়িতে।\n3. রিনা: তাড়াতাড়ি আয়।"
    record = analyze_text(text, "bn")
    assert record.speakers["রিনা"].tier == "intimate"


def test_the_heading_of_an_answer_is_no_speaker():
    text = ('## सास को "आप" कहें या "तुम"?\n\nसीधा जवाब: **"आप"** से शुरुआत करना ही ठीक रहता है।\n\n'
            '- ज़्यादातर घरों में बहुएँ "आप" ही कहती हैं।')
    record = analyze_text(text, "hi")
    assert record.refusal and not record.speakers
    # control: a name before a colon speaks
    record = analyze_text("नीरज: आप कल दफ़्तर आएँगे?\nसुमन: हाँ, आऊँगी।", "hi")
    assert record.speakers["नीरज"].tier == "formal"


# --- refusals to a user the model calls tum, and in romanized Bangla ---------------------------

def test_an_offer_to_a_user_called_tum_continues_the_refusal():
    text = ("Sorry dost, main aisa message nahi likh sakta jisme tum kisi ko darao.\n\n"
            "Agar tum chaho toh main ek seedha aur shaant message likh deta hoon. Bolo?")
    record = analyze_text(text, "hi", task="dct")
    assert record.refusal and record.tier == "none" and record.user_tier == "familiar"
    # control: a character's "agar tum chaho" in a dialogue is the character's
    text = "**Maa:** agar tum chaho toh aaj khichdi bana doon?\n**Beta:** haan maa, bana do."
    record = analyze_text(text, "hi", speakers=["Maa", "Beta"], task="roleplay")
    assert not record.refusal and record.speakers["Maa"].tier == "familiar"


def test_a_romanized_refusal_before_a_dash_and_its_closing_are_the_models():
    text = ("Ami ei scene ta likhte parbo na — prompt e Rohit tar bon ke hurki dibe, seta ami likhbo na.\n\n"
            "Tobe apni chaile Rohit-er ekta shanto line likhe dite pari:\n\n"
            '> "Mitu, tui amar phone ta ferot de."\n\nScene ta ki onno dike niye jabo? Janaben.')
    record = analyze_text(text, "bn", speakers=["Rohit", "Mitu"], task="roleplay")
    assert record.refusal and record.speakers["Rohit"].tier == "intimate"
    assert record.speakers["Rohit"].by_addressee is None
    # control: a character's line with a dash is the character's
    text = "**Rohit:** Ami parbo na — tui nijei kor.\n**Mitu:** accha."
    record = analyze_text(text, "bn", speakers=["Rohit", "Mitu"], task="roleplay")
    assert not record.refusal and record.speakers["Rohit"].tier == "intimate"


# --- the familiar negative perfect (-োনি / -ওনি) ------------------------------------------

def test_the_familiar_negative_perfect_is_familiar_address():
    for text in ("এখনও চিঠিটা পড়োনি কেন?", "আজ দুপুরে কিছু খাওনি?"):
        record = analyze_text(text, "bn")
        assert record.tier == "familiar", text
    # controls: the 3rd person (-য়নি) and the 1st person (-িনি) are no address
    for text in ("সে আজও চিঠিটা পায়নি।", "আমি কিছুই বলিনি।"):
        assert analyze_text(text, "bn").tier == "none", text


# --- the main addressee: a direction opening the turn, the person named first -----------------

def test_a_direction_that_opens_the_turn_names_its_main_addressee():
    text = ("**मालकिन:** (मेहमान से) आइए बहन जी, आप यहाँ सोफ़े पर बैठिए, आप थक गई होंगी।\n"
            "(नौकर से) अरे रामू, तू पानी ला।\n**रामू:** लाया मालकिन।\n**मेहमान:** आप परेशान मत होइए।")
    got = analyze_text(text, "hi", speakers=["मालकिन", "रामू", "मेहमान"], task="roleplay").speakers["मालकिन"]
    assert (got.tier, got.addressee) == ("formal", "मेहमान")
    assert got.by_addressee == {"मेहमान": "formal", "रामू": "intimate"}
    # control: with no direction opening the turn, the next speaker stays the main addressee
    text = ("**मालकिन:** अरे रामू, तू पानी ला। (मेहमान से) आइए, आप बैठिए।\n**रामू:** लाया मालकिन।\n"
            "**मेहमान:** आप परेशान मत होइए।")
    got = analyze_text(text, "hi", speakers=["मालकिन", "रामू", "मेहमान"], task="roleplay").speakers["मालकिन"]
    assert (got.tier, got.addressee) == ("intimate", "रामू")


def test_the_person_named_first_is_the_turns_addressee_with_a_title_after_the_name():
    text = ("**Mrs. Roy:** Daroga shaheb, apni boshun, cha khaben? Ei Bablu, tui jol niye aay.\n"
            "**Daroga:** Na na, byasto hoben na.\n**Bablu:** Ani.")
    got = analyze_text(text, "bn", speakers=["Mrs. Roy", "Daroga", "Bablu"], task="roleplay").speakers["Mrs. Roy"]
    assert (got.tier, got.addressee) == ("formal", "Daroga")
    # control: the other order names the other person first
    text = ("**Mrs. Roy:** Ei Bablu, tui jol niye aay. Daroga shaheb, apni boshun.\n"
            "**Daroga:** Na na, byasto hoben na.\n**Bablu:** Ani.")
    got = analyze_text(text, "bn", speakers=["Mrs. Roy", "Daroga", "Bablu"], task="roleplay").speakers["Mrs. Roy"]
    assert got.addressee == "Bablu"


def test_an_infinitive_after_a_conjunctive_participle_is_a_request():
    record = analyze_text("कल अपनी किताबें लेकर आना।", "hi")
    assert record.tier == "familiar"
    # control: the same words with "है" are an obligation, not a request
    assert analyze_text("मुझे कल किताबें लेकर आना है।", "hi").tier == "none"


# --- look-alikes: the party's people; a stem before "mat" and its verb ------------------------

def test_the_partys_people_are_not_address():
    record = analyze_text("सुना? आप वालों ने इस बार भी नया उम्मीदवार उतारा है। तू वोट देगा?", "hi")
    assert record.tier == "intimate"
    assert all(e.text != "आप" for t in record.turns for e in t.evidence)
    # control: आप before another noun is address
    assert analyze_text("आप कमरे में बैठिए।", "hi").tier == "formal"


def test_a_romanized_stem_before_mat_and_an_infinitive_is_one_compound():
    record = analyze_text("Dekh, ab darwaze pe khade mat ho jaana, andar aa jaana.", "hi")
    assert all(e.text != "khade" for t in record.turns for e in t.evidence)
    record = analyze_text("Fridge ke saamne baith mat jaana ab.", "hi")
    assert record.tier == "familiar"
    # control: a stem before "mat" at the end of its clause is the negative imperative
    record = analyze_text("Ruk mat, chalta ja.", "hi")
    assert record.tier == "intimate"


def test_the_romanized_bangla_intimate_spelled_ish_on_a_verb_root():
    record = analyze_text("Hostel e pouchhe ekbar phone korish, ar bhalo thakish.", "bn")
    assert record.tier == "intimate"
    # control: English words in -ish are no verbs
    assert analyze_text("Ami english e likhlam, dish ta rakhlam.", "bn").tier == "none"


# --- a chat export's date, time and dash before the name ------------------------------------

def test_a_chat_exports_lines_are_their_senders_turns():
    text = ("05/11/24, 8:02 pm - Rumpa: Dada, tumi kal station e ashbe?\n"
            "05/11/24, 8:05 pm - Babu Dada: Haan, tui train er time ta pathiye de.\n"
            "05/11/24, 8:06 pm - Rumpa: Pathacchi, tumi bhule jeo na kintu!")
    record = analyze_text(text, "bn", speakers=["Rumpa", "Babu Dada"], task="roleplay")
    assert record.speakers["Rumpa"].tier == "familiar"
    assert record.speakers["Babu Dada"].tier == "intimate"
    # control: a bracketed timestamp still works, and a numbered list is still a list
    text = "[20:02] Rumpa: Dada, tumi ashbe?\n[20:05] Babu Dada: Haan, tui time pathiye de."
    record = analyze_text(text, "bn", speakers=["Rumpa", "Babu Dada"], task="roleplay")
    assert record.speakers["Babu Dada"].tier == "intimate"
