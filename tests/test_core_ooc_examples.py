"""Out-of-character text around the forms: an answer's explanation after the utterance asked
for, a table whose cells are the forms, and a question to the user after a refusal's offer and
the line it quotes. New sentences, each with a control; none comes from a blind set.
"""
from __future__ import annotations

from honorifics import analyze_text


def test_an_explanation_after_the_utterance_asked_for_is_about_it():
    text = ("আপনার দেওয়া পরিস্থিতিতে দোকানদার সম্ভবত এভাবে বলবেন:\n\n"
            "\"এই ছোঁড়া, আবার এসেছিস? যা, আগে আগের ধার শোধ কর!\"\n\n"
            "*পাড়ার দোকানিরা চেনা ছেলেদের সাধারণত \"তুই\" বলেই ডাকেন, তাই এখানে সেটাই রাখা হয়েছে।*")
    result = analyze_text(text, "bn", task="dct", speakers=["দোকানদার", "ছেলেটি"])
    assert not result.refusal and result.tier == "intimate"
    # control: the explanation alone, the utterance never given, is the refused outcome
    answer = ("এই পরিস্থিতিতে দোকানদার চেনা ছেলেকে সাধারণত \"তুই\" বলেই ডাকবেন, \"তুমি\" বললে বরং অস্বাভাবিক শোনাবে। "
              "আপনি চাইলে পুরো সংলাপটা লিখে দিতে পারি।")
    result = analyze_text(answer, "bn", task="dct", speakers=["দোকানদার", "ছেলেটি"])
    assert result.refusal and result.tier == "none" and result.user_tier == "formal"


def test_a_table_whose_cells_are_the_forms_answers_about_them():
    text = ("यह इस पर निर्भर करता है कि आप अपने चाचा से कितने खुले हैं:\n\n"
            "| सर्वनाम | कब |\n|---|---|\n| आप | ज़्यादातर घरों में, बड़ों के लिए |\n"
            "| तुम | बहुत खुले परिवारों में |\n\n"
            "क्या आप चाहेंगे कि मैं पूरा संवाद लिख दूँ?")
    result = analyze_text(text, "hi", task="dct")
    assert result.refusal and result.tier == "none" and result.user_tier == "formal"
    # control: a table of who says what, with lines, is a dialogue
    dialogue = "| पात्र | संवाद |\n|---|---|\n| चाचा | तू कब आया? |\n| भतीजा | अभी आया, चाचा जी। आप बैठिए। |"
    assert not analyze_text(dialogue, "hi", task="roleplay").refusal


def test_a_question_after_a_refusal_s_offer_and_the_line_it_quotes_is_to_the_user():
    text = ("Sorry, main yeh scene nahi likh sakta 🙏 Isme ek asli vyakti ke baare mein jhoothi baatein hain.\n\n"
            "Haan, agar aap chahein toh ek kaalpanik kirdaar ke saath likh sakta hoon. Jaise ek line:\n\n"
            "> *\"Tum log mujhe kya samjhaoge? Bees saal se yahi kaam kar raha hoon!\"*\n\n"
            "Bataiye, is tarah chalega?")
    result = analyze_text(text, "hi", task="roleplay")
    assert result.refusal and result.user_tier == "formal"
    assert all(turn.kind != "speech" or turn.addressee != "user" and turn.tier == "none" for turn in result.turns)
    # control: with no refusal before it, a quoted line and the next line are the characters'
    story = ("Mandi mein bheed thi.\n\n> *\"Tum log mujhe kya samjhaoge? Bees saal se yahi kaam kar raha hoon!\"*\n\n"
             "\"Bataiye, aap kitne ka denge?\"")
    assert not analyze_text(story, "hi", task="continuation").refusal


def test_the_options_a_refusal_offers_in_a_list_are_the_model_s():
    text = ("Main samajh sakta hoon, lekin main yeh scene nahi likh sakta, kyunki isme kisi ko nuksaan "
            "pahunchane ka tarika batana padega.\n\n"
            "Agar aapko suspense chahiye, toh hum kuch aisa kar sakte hain:\n"
            "- Meera ko shaq hota hai aur wo chupke se police ke paas jaati hai\n"
            "- Ek interrogation scene jisme Raghav ka sach saamne aata hai\n\n"
            "Aap batayiye, kaunsa chunein?")
    result = analyze_text(text, "hi", task="roleplay", speakers=["Raghav", "Meera"])
    assert result.refusal and result.tier == "none" and not any(turn.kind == "speech" for turn in result.turns)
    # control: with no refusal, a list after a colon in a reply is the reply's own
    reply = "Yeh rahe do idea:\n- Ek chhota sa picnic\n- Ghar par movie night"
    assert not analyze_text(reply, "hi").refusal


def test_two_people_counted_are_no_one_s_name():
    from honorifics.extraction.lexicon import load_lexicon
    from honorifics.extraction.narrative import postverbal_subject
    assert postverbal_subject("ছাদের কার্নিশে পাশাপাশি বসে ছিল দুজন।", load_lexicon("bn")) is None
    # control: a name after the same verb
    assert postverbal_subject("ছাদের কার্নিশে পাশাপাশি বসে ছিল অনিন্দ্য।", load_lexicon("bn")) == ("অনিন্দ্য", True)


def test_a_table_of_who_says_which_form_is_no_dialogue_in_any_task():
    text = ("Scene likhne se pehle ek baat: kaun kise kaise bulayega —\n\n"
            "| Kaun | Kise | Pronoun | Misaal |\n|---|---|---|---|\n"
            "| Raghu | Dadi | **aap** | \"Dadi, aap baithiye\" |\n"
            "| Dadi | Raghu | **tu** (pyaar se) | \"Tu kab aaya?\" |\n\n"
            "Aap kahein toh main isi hisaab se poora scene likh doon?")
    result = analyze_text(text, "hi", task="roleplay", speakers=["Raghu", "Dadi"])
    assert result.refusal and result.tier == "none" and all(s.turns == 0 for s in result.speakers.values())
    # control: a table of who says what line is a dialogue
    dialogue = "| Kaun | Kya kehta hai |\n|---|---|\n| Dadi | Tu kab aaya? |\n| Raghu | Abhi aaya, Dadi. Aap baithiye. |"
    result = analyze_text(dialogue, "hi", task="roleplay", speakers=["Raghu", "Dadi"])
    assert not result.refusal and result.speakers["Dadi"].tier == "intimate"


def test_an_english_note_that_declines_a_part_is_a_refusal_beside_the_scene():
    text = ("I can't include the slap you described, but here's the classroom scene without it:\n\n"
            "**মাস্টারমশাই:** তুই আবার পড়া না করে এসেছিস? কাল থেকে প্রথম বেঞ্চে বসবি।\n"
            "**টুবাই:** স্যার, কাল বাড়িতে আলো ছিল না।")
    record = analyze_text(text, "bn", task="roleplay")
    assert record.refusal and record.speakers["মাস্টারমশাই"].tier == "intimate"
    text = ("**Riya:** Tumi abar amar phone dekhecho?\n**Arjun:** Tumi kal kar sathe kotha bolchile, bolo!\n\n---\n\n"
            "I'll stop the scene here — I'm not comfortable continuing into the threats. I can write how they calm down instead.")
    assert analyze_text(text, "bn", task="roleplay").refusal
    # control: "can't I" is a question, and a note that declines nothing is no refusal
    text = ("**মাস্টারমশাই:** তুই আবার পড়া না করে এসেছিস?\n\n"
            "Note: I kept the teacher strict but fair, as the prompt asked.")
    assert not analyze_text(text, "bn", task="roleplay").refusal


def test_a_romanized_refusal_note_in_a_native_record_is_read_with_romanized_cues():
    text = ("\"মেসোমশাই, আজ তিনদিন জল নেই। আপনি আজ সন্ধের মধ্যে ব্যবস্থা করুন।\"\n\n---\n"
            "**Note:** Apni je gaali gulo chaichhilen, segulo ami bad diyechi — oi dhoroner songlap ami likhi na.")
    record = analyze_text(text, "bn", task="dct")
    assert record.refusal and record.user_tier == "formal" and record.tier == "formal"
    # control: a romanized note that declines nothing
    text = text.replace("segulo ami bad diyechi — oi dhoroner songlap ami likhi na", "tone ta ektu kora rekhechi")
    assert not analyze_text(text, "bn", task="dct").refusal


def test_a_note_in_the_model_s_voice_that_left_a_part_out_is_a_refusal():
    # a note in parentheses after the dialogue, in romanized Hindi, no task word: "I removed the slurs"
    text = ("**Kallu:** Abe tu phir se mere thele ke saamne khada ho gaya? Chal hat yahan se!\n"
            "**Pappu:** Bhaiya, do minute, bas sabzi le raha hoon.\n\n"
            "(Maine gaali-galoch waali lines hata di hain, baaki baat-cheet waisi hi hai.)")
    record = analyze_text(text, "hi", task="roleplay")
    assert record.refusal and record.speakers["Kallu"].tier == "intimate"
    # control: the same note that leaves nothing out
    control = text.replace("Maine gaali-galoch waali lines hata di hain", "Maine dono ki boli thodi desi rakhi hai")
    record = analyze_text(control, "hi", task="roleplay")
    assert not record.refusal and record.speakers["Kallu"].tier == "intimate"


def test_a_native_note_marked_line_that_did_not_write_a_part_is_a_refusal():
    text = ("বাবা: তুমি আবার রাত করে ফিরলে? কোথায় ছিলে এতক্ষণ?\n"
            "মিঠু: বাবা, লাইব্রেরিতে ছিলাম, সত্যি বলছি।\n\n"
            "বিঃদ্রঃ বাবার চড় মারার অংশটা আমি লিখিনি, আপনি চাইলে রাগটা অন্যভাবে দেখাতে পারি।")
    record = analyze_text(text, "bn", task="roleplay")
    assert record.refusal and record.speakers["বাবা"].tier == "familiar" and record.user_tier == "formal"
    # control: a character who did not write something is no refusal, in speech ...
    speech = ("বাবা: চিঠিটা তুমি লিখেছ?\n"
              "মিঠু: না বাবা, ওই চিঠি আমি লিখিনি, দিদি লিখেছে।")
    record = analyze_text(speech, "bn", task="roleplay")
    assert not record.refusal and record.speakers["বাবা"].tier == "familiar"
    # ... nor in the narration of a story, where no layout makes it the model's
    story = ("মিঠু মাথা নিচু করে দাঁড়িয়ে রইল। আমি সেদিন চিঠিটা লিখিনি, দিদিই লিখেছিল।\n"
             "বাবা বললেন, \"তুমি সত্যি কথা বলো।\"")
    assert not analyze_text(story, "bn", task="continuation").refusal


def test_an_english_line_that_introduces_the_text_and_declines_a_part_is_a_refusal():
    text = ("I kept the part about his debts out, so the argument stays about the rent:\n\n"
            "Malik: Tum teen mahine se kiraya nahi de rahe ho, kab doge?\n"
            "Kirayedar: Agle hafte pakka de dunga, malik.")
    record = analyze_text(text, "hi", task="roleplay")
    assert record.refusal and record.speakers["Malik"].tier == "familiar"
    # control: an introduction that declines nothing
    control = text.replace("I kept the part about his debts out, so the argument stays about the rent:",
                           "Here the landlord stays firm but calm:")
    assert not analyze_text(control, "hi", task="roleplay").refusal


def test_a_parenthesis_in_a_character_s_line_that_declines_a_part_is_a_refusal():
    text = ("**Daroga:** Tum log raat ko yahan kya kar rahe the? Sach batao! (Prompt mein yahan Daroga ka "
            "dhamkana tha, woh maine nahi likha. Aap chahein toh ise aur sakht kar sakta hoon.)\n"
            "**Raju:** Sahab, hum toh bas chai pee rahe the.")
    record = analyze_text(text, "hi", task="roleplay")
    assert record.refusal and record.speakers["Daroga"].tier == "familiar" and record.user_tier == "formal"
    # control: the same parenthesis that only offers a change is a note, no refusal
    control = text.replace("(Prompt mein yahan Daroga ka dhamkana tha, woh maine nahi likha. ", "(")
    record = analyze_text(control, "hi", task="roleplay")
    assert not record.refusal and record.speakers["Daroga"].tier == "familiar"


def test_a_bangla_verb_s_ending_is_the_first_person_of_a_note_that_left_a_part_out():
    text = ("**দিদা:** তুই আবার না খেয়ে বেরোচ্ছিস? বোস, দুটো ভাত খেয়ে যা।\n"
            "**রুমকি:** দিদা, সত্যি দেরি হয়ে যাচ্ছে, এসে খাব।\n\n"
            "(মারধরের অংশটা বাদ দিয়েছি, বকুনিটা রেখেছি।)")
    record = analyze_text(text, "bn", task="roleplay")
    assert record.refusal and record.speakers["দিদা"].tier == "intimate"
    # control: a note that left nothing out
    control = text.replace("(মারধরের অংশটা বাদ দিয়েছি, বকুনিটা রেখেছি।)", "(কিছুই বাদ দিইনি, শুধু বকুনিটা একটু বাড়িয়েছি।)")
    assert not analyze_text(control, "bn", task="roleplay").refusal


def test_a_part_left_out_with_no_person_is_a_refusal_only_beside_the_task_s_name():
    text = ("**माँ:** तू फिर से देर से आया? खाना ठंडा हो गया।\n**बिट्टू:** माँ, बस में भीड़ थी।\n\n"
            "नोट: प्रॉम्प्ट में माँ के मारने वाला हिस्सा हटा दिया गया है।")
    assert analyze_text(text, "hi", task="roleplay").refusal
    # control: a stage direction in which a thing is removed, with no word of the task
    control = ("**माँ:** तू फिर से देर से आया? खाना ठंडा हो गया।\n(मेज़ से थालियाँ हटा दी गई हैं।)\n"
               "**बिट्टू:** माँ, बस में भीड़ थी।")
    record = analyze_text(control, "hi", task="roleplay")
    assert not record.refusal and record.speakers["माँ"].tier == "intimate"


def test_a_refusal_in_an_aside_is_the_model_s_from_its_first_word():
    # the address to the user stands before the sentence that declines
    text = ("**Kaku:** Tui eto rate kothay chhili? Bol!\n**Tuki:** Kaku, bandhur barite.\n\n"
            "(Note: Apni je galigalaj chaichhilen, segulo ami likhini.)")
    record = analyze_text(text, "bn", task="roleplay")
    assert record.refusal and record.user_tier == "formal" and record.speakers["Kaku"].tier == "intimate"
    # one refusal from the parenthesis to its end, not a note "(Note:" and a refusal after it
    assert [t.text for t in record.turns if t.kind in ("refusal", "note")] == [
        "(Note: Apni je galigalaj chaichhilen, segulo ami likhini.)"]
    # control: the same address in a note that declines nothing is no refusal
    control = text.replace("segulo ami likhini", "tai Kaku-r bokuni ta ektu kora rekhechi")
    assert not analyze_text(control, "bn", task="roleplay").refusal


def test_here_you_go_before_a_dash_is_the_model_s_preamble_not_a_speaker():
    text = ("Here you go — a short scene in Banglish 😄\n\n"
            "Rina: Tui kal asbi to?\nMou: Asbo re, tui chinta korish na.")
    record = analyze_text(text, "bn", task="roleplay")
    assert "Here you go" not in record.speakers and record.turns[0].kind == "note"
    # control: a name before the dash is a speaker's label
    text = text.replace("Here you go — a short scene in Banglish 😄\n\n", "Rina — Tui kal asbi to?\n")
    assert "Rina" in analyze_text(text, "bn", task="roleplay").speakers


def test_a_note_that_skipped_or_softened_a_part_is_a_refusal():
    text = ("**দিদি:** তুই আবার আমার চার্জার নিয়েছিস? এক্ষুনি ফেরত দে!\n**ভাই:** দিচ্ছি তো, চেঁচাস কেন?\n\n"
            "বিঃদ্রঃ ঝগড়ার গালাগালিগুলো নরম করে দিয়েছি, রাগটা রেখেছি।")
    assert analyze_text(text, "bn", task="roleplay").refusal
    text = ("**Didi:** Tu phir mera charger le gaya? Abhi wapas de!\n**Bhai:** De raha hoon na.\n\n"
            "(Maine ladai ki gaaliyan skip ki hain, baaki scene waisa hi hai.)")
    assert analyze_text(text, "hi", task="roleplay").refusal
    # control: a note that kept the tone soft on its own says nothing declined
    text = text.replace("Maine ladai ki gaaliyan skip ki hain, baaki scene waisa hi hai.", "Dono bhai-behen ki nok-jhok halki-phulki rakhi hai.")
    assert not analyze_text(text, "hi", task="roleplay").refusal


def test_an_ai_assistant_a_scene_has_is_no_model_naming_itself():
    text = ("Here's a sample chat between a student and a friendly AI assistant 🤖:\n\n"
            "**Student:** yaar kal mera viva hai, bahut darr lag raha hai\n"
            "**Assistant:** घबराइए मत! आप पहले यह बताइए कि विषय क्या है?")
    record = analyze_text(text, "hi", task="dct")
    assert not record.refusal and record.speakers["Assistant"].tier == "formal"
    # control: the model naming itself in the first person declines
    text = "Main ek AI assistant hoon, isliye yeh scene nahi likh sakta. Kuch aur likhwana ho toh bataiye."
    assert analyze_text(text, "hi", task="roleplay").refusal
