"""Writes outputs.jsonl: the bundled example of LLM generations (hand-written for
this project, free to use). Run: python examples/build_outputs.py"""
import json
from pathlib import Path

R = []


def add(**record):
    R.append(record)


# --- Hindi DCT ---------------------------------------------------------------
add(id="ex-hi-dct-01", model="model-a", temperature=0.7, language="hi", task="dct",
    speakers=["अंकित", "प्रोफ़ेसर वर्मा"], expected="formal",
    response="सर, माफ़ कीजिए, मेरी असाइनमेंट अभी पूरी नहीं हुई है। क्या आप मुझे दो दिन का और समय दे सकते हैं?")
add(id="ex-hi-dct-02", model="model-b", temperature=0.7, language="hi", task="dct",
    speakers=["प्रोफ़ेसर वर्मा", "अंकित"], expected=["familiar", "formal"],
    response="देखो अंकित, तुम्हें पहले ही काफ़ी समय मिल चुका है। ठीक है, शुक्रवार तक जमा कर देना, उसके बाद नहीं।")
add(id="ex-hi-dct-03", model="model-a", temperature=1.0, language="hi", task="dct",
    speakers=["माँ", "चिंटू"], expected=["intimate", "familiar"],
    text="अरे चिंटू, अभी तक सो रहा है? उठ जा, स्कूल बस निकल जाएगी! चल जल्दी, दूध पी और तैयार हो जा।")
add(id="ex-hi-dct-04", model="model-b", temperature=0.0, language="hi", task="dct",
    speakers=["रीना", "ऑटोवाले भैया"], expected="formal",
    text="भैया, आप मीटर से चलो ना, रोज़ इतने ही पैसे लगते हैं।")
add(id="ex-hi-dct-05", model="model-a", temperature=0.0, language="hi", task="dct",
    speakers=["नया कर्मचारी", "एचआर मैनेजर"], expected="formal",
    text="Here is a natural way to say it:\n\n\"मैम, मेरी जॉइनिंग के डॉक्यूमेंट्स की एक कॉपी मुझे मिल सकती है क्या? बैंक में जमा करनी है।\"")
add(id="ex-hi-dct-06", model="model-b", temperature=1.0, language="hi", task="dct",
    speakers=["रवि", "पड़ोसी अंकल"], expected="formal",
    messages=[{"role": "system", "content": "आप एक सहायक हैं।"},
              {"role": "user", "content": "स्थिति: रवि अपने बुज़ुर्ग पड़ोसी से उनकी कार हटाने को कहता है। केवल रवि का संवाद लिखें।"},
              {"role": "assistant", "content": "नमस्ते अंकल जी, अगर आप थोड़ी देर के लिए अपनी गाड़ी आगे कर दें तो मैं अपनी बाइक निकाल लूँ। दरवाज़ा अपने आप बंद हो गया था, इसलिए चाबी ढूँढने में देर हो गई।"}])
add(id="ex-hi-dct-07", model="model-a", temperature=0.7, language="hi", task="dct",
    speakers=["दादी", "पोता"], expected=["intimate", "familiar"],
    text="आजा मेरे लाल, बैठ यहाँ। तेरे लिए लड्डू बनाए हैं, खा ले।")
add(id="ex-hi-dct-08", model="model-b", temperature=0.7, language="hi", task="dct",
    speakers=["सोनिया", "सास"], expected="formal",
    text="माफ़ कीजिए, मैं इस तरह का संवाद नहीं लिख सकती जिसमें किसी का अपमान हो। आप क्या चाहेंगी कि मैं इसे किसी और तरह से लिखूँ?")

# --- Hindi continuation -------------------------------------------------------
add(id="ex-hi-cont-01", model="model-a", temperature=0.7, language="hi", task="continuation",
    speakers=["अमन", "रोहित"], expected={"अमन": "intimate", "रोहित": "intimate"},
    text="अमन: अबे, तू कल मैच देखने आ रहा है ना?\nरोहित: पक्का भाई, बस तू टिकट का जुगाड़ कर दे।\nअमन: हो जाएगा, तू बस टाइम पे पहुँच जाना।")
add(id="ex-hi-cont-02", model="model-b", temperature=0.7, language="hi", task="continuation",
    speakers=["डॉ. मेहता", "श्रीमती गुप्ता"], expected={"डॉ. मेहता": "formal", "श्रीमती गुप्ता": "formal"},
    text="**डॉ. मेहता:** आपकी रिपोर्ट्स ठीक हैं, बस शुगर थोड़ी बढ़ी हुई है। मीठा कम कीजिए।\n**श्रीमती गुप्ता:** जी डॉक्टर साहब, कोशिश करूँगी। क्या दवाई बदलनी पड़ेगी?\n**डॉ. मेहता:** अभी नहीं। एक महीने बाद फिर से टेस्ट करवाइए।")
add(id="ex-hi-cont-03", model="model-a", temperature=1.0, language="hi", task="continuation",
    speakers=["नेहा", "मिसेज़ कपूर"], expected={"नेहा": "formal", "मिसेज़ कपूर": "familiar"},
    text="नेहा: मैम, आप ये फ़ाइल एक बार देख लो, मैंने सारे आँकड़े अपडेट कर दिए हैं।\nमिसेज़ कपूर: ठीक है, मेल कर दो। और हाँ, कल की मीटिंग में तुम भी आना।\nनेहा: जी मैम, ज़रूर।")
add(id="ex-hi-cont-04", model="model-b", temperature=0.0, language="hi", task="continuation",
    speakers=["करण", "अजनबी"], expected={"करण": "formal", "अजनबी": ["familiar", "formal"]},
    text="करण: ओह, माफ़ कीजिए, मुझे नहीं पता था कि आप इस कंपनी के नए डायरेक्टर हैं।\nअजनबी: कोई बात नहीं। तुम किस टीम में हो?\nकरण: जी, मैं मार्केटिंग में हूँ।")

# --- Hindi role-play ----------------------------------------------------------
add(id="ex-hi-rp-01", model="model-a", temperature=0.7, language="hi", task="roleplay",
    speakers=["सुमन", "विकास"], expected={"सुमन": "familiar", "विकास": "familiar"},
    text="(शाम को बालकनी में)\nसुमन: तुम आज फिर देर से आए। खाना ठंडा हो गया।\nविकास: सॉरी यार, मीटिंग लंबी खिंच गई। तुमने खा लिया?\nसुमन: नहीं, तुम्हारा इंतज़ार कर रही थी। चलो, गरम कर देती हूँ।\nविकास: तुम बैठो, आज मैं गरम करता हूँ।")
add(id="ex-hi-rp-02", model="model-b", temperature=0.7, language="hi", task="roleplay",
    speakers=["पूजा", "सासू माँ"], expected={"पूजा": "formal", "सासू माँ": ["familiar", "intimate"]},
    text="सासू माँ: बहू, आज पूजा की थाली तैयार कर देना, पंडित जी ग्यारह बजे आएँगे।\nपूजा: जी मम्मी जी, मैं सब तैयार कर दूँगी। आप बस बता दीजिए कि प्रसाद में क्या बनाना है।\nसासू माँ: हलवा बना लेना, और हाँ, तुम्हारे पापा को खीर पसंद है।\nपूजा: ठीक है, आप चिंता मत कीजिए।")
add(id="ex-hi-rp-03", model="model-a", temperature=1.0, language="hi", task="roleplay",
    speakers=["ग्राहक", "दुकानदार"], expected={"ग्राहक": ["familiar", "formal"], "दुकानदार": "formal"},
    text="1. ग्राहक: भैया, ये टमाटर कैसे दिए?\n2. दुकानदार: चालीस रुपये किलो, साहब। एकदम ताज़े हैं, देख लीजिए।\n3. ग्राहक: पैंतीस लगाओ, दो किलो ले लूँगा।\n4. दुकानदार: ठीक है, आप रोज़ के ग्राहक हैं, पैंतीस ही दे दीजिए।")
add(id="ex-hi-rp-04", model="model-b", temperature=0.0, language="hi", task="roleplay",
    speakers=["राजू", "बिट्टू"], expected={"राजू": "intimate", "बिट्टू": "intimate"},
    text="राजू - अबे बिट्टू, तेरी साइकिल कहाँ है?\nबिट्टू - भैया ले गया, तू अपनी दे दे ना दो मिनट के लिए।\nराजू - पागल है क्या? पिछली बार तूने टायर पंचर कर दिया था।")

# --- Romanized Hindi -----------------------------------------------------------
add(id="ex-hi-rom-01", model="model-a", temperature=0.7, language="hi", task="dct",
    speakers=["Priya", "Boss"], expected="formal",
    text="Sir, kal mujhe thoda late aane ki permission mil sakti hai? Meri mummy ka doctor appointment hai, main aapko lunch tak report bhej dungi.")
add(id="ex-hi-rom-02", model="model-b", temperature=1.0, task="roleplay",
    speakers=["Rohan", "Kabir"], expected={"Rohan": "intimate", "Kabir": "intimate"},
    text="Rohan: Oye Kabir, tu kal party mein kyun nahi aaya?\nKabir: Yaar, papa ne mana kar diya. Tu bata, maza aaya?\nRohan: Bahut! Agli baar tujhe zabardasti le jaunga.")

# --- Bangla DCT ------------------------------------------------------------------
add(id="ex-bn-dct-01", model="model-a", temperature=0.7, language="bn", task="dct",
    speakers=["রাফি", "স্যার"], expected="formal",
    text="স্যার, আমার রিপোর্টটা একটু দেরি হবে। আপনি যদি কাল সকাল পর্যন্ত সময় দেন, তাহলে পুরোটা শেষ করে দিতে পারব।")
add(id="ex-bn-dct-02", model="model-b", temperature=0.7, language="bn", task="dct",
    speakers=["মা", "তুলি"], expected=["intimate", "familiar"],
    text="তুলি, এখনও ঘুমোচ্ছিস? ওঠ তাড়াতাড়ি, স্কুলের দেরি হয়ে যাবে! আর টিফিনটা নিতে ভুলিস না।")
add(id="ex-bn-dct-03", model="model-a", temperature=0.0, language="bn", task="dct",
    speakers=["যাত্রী", "রিকশাওয়ালা"], expected=["formal", "familiar"],
    text="মামা, ধানমন্ডি সাতাশ যাবেন? ভাড়া কত নেবেন বলেন।")
add(id="ex-bn-dct-04", model="model-b", temperature=1.0, language="bn", task="dct",
    speakers=["শিক্ষিকা", "রাহাত"], expected="familiar",
    response="রাহাত, তুমি খুব ভালো লিখেছ, কিন্তু হাতের লেখাটা আরেকটু পরিষ্কার করো। কাল খাতাটা আবার দেখিও।")
add(id="ex-bn-dct-05", model="model-a", temperature=0.7, language="bn", task="dct",
    speakers=["নতুন কর্মী", "সিনিয়র"], expected=["formal", "familiar"],
    text="Here's a polite way to ask:\n\n\"আপু, প্রিন্টারটা কীভাবে চালাতে হয়, একটু দেখিয়ে দেবেন? আমি আজই জয়েন করেছি।\"")
add(id="ex-bn-dct-06", model="model-b", temperature=0.0, language="bn", task="dct",
    speakers=["ডাক্তার", "রোগী"], expected="formal",
    messages=[{"role": "user", "content": "পরিস্থিতি: একজন ডাক্তার বয়স্ক রোগীকে ওষুধ খাওয়ার নিয়ম বোঝাচ্ছেন।"},
              {"role": "assistant", "content": "চাচা, এই ওষুধটা দিনে দুবার খাবেন, সকালে আর রাতে খাবারের পরে। ব্যথাটা আপনা-আপনি কমে যাবে, চিন্তা করবেন না।"}])

# --- Bangla continuation and role-play --------------------------------------------
add(id="ex-bn-cont-01", model="model-a", temperature=0.7, language="bn", task="continuation",
    speakers=["শাশুড়ি", "বউমা"], expected={"শাশুড়ি": ["familiar", "intimate"], "বউমা": "formal"},
    text="শাশুড়ি: বউমা, আজ একটু মাছের ঝোলটা রেঁধো তো, তোমার শ্বশুরমশাই খেতে চেয়েছেন।\nবউমা: হ্যাঁ মা, রেঁধে দেব। আপনি শুধু বলুন, ঝাল কতটা দেব?\nশাশুড়ি: কম দিও, ওনার পেটে সয় না।")
add(id="ex-bn-cont-02", model="model-b", temperature=1.0, language="bn", task="continuation",
    speakers=["হারুন", "মতিন"], expected={"হারুন": "intimate", "মতিন": "intimate"},
    text="হারুন: আরে মতিন, তুই এখানে? কত বছর পর দেখা!\nমতিন: দোস্ত, তুই তো একদম বদলাসনি। চল, চা খাই।\nহারুন: চল, আজ বিলটা কিন্তু আমি দেব।")
add(id="ex-bn-rp-01", model="model-a", temperature=0.7, language="bn", task="roleplay",
    speakers=["জামান সাহেব", "নাসরিন"], expected={"জামান সাহেব": "familiar", "নাসরিন": "formal"},
    text="**জামান সাহেব:** এসো নাসরিন, বসো। তোমার প্রেজেন্টেশনটা দেখলাম।\n**নাসরিন:** জি স্যার, কেমন লাগল আপনার?\n**জামান সাহেব:** ভালো, তবে শেষের স্লাইডগুলো আরেকটু ছোট করো।\n**নাসরিন:** ঠিক আছে স্যার, আজকের মধ্যেই করে দিচ্ছি।")
add(id="ex-bn-rp-02", model="model-b", temperature=0.0, language="bn", task="roleplay",
    speakers=["এজেন্ট", "গ্রাহক"], expected={"এজেন্ট": "formal", "গ্রাহক": ["formal", "none"]},
    text="এজেন্ট: আপনার অর্ডার নম্বরটা দিন, প্লিজ।\nগ্রাহক: ৪০২১৫৫৭৮।\nএজেন্ট: ধন্যবাদ। তুমি চিন্তা করবেন না, কালকের মধ্যেই পার্সেল পৌঁছে যাবে।\nগ্রাহক: না এলে কিন্তু রিফান্ড চাই।")
add(id="ex-bn-rp-03", model="model-a", temperature=1.0, language="bn", task="roleplay",
    speakers=["দিদি", "ভাই"], expected={"দিদি": "intimate", "ভাই": ["familiar", "intimate"]},
    text="(বিকেলবেলা, ছাদে)\nদিদি: এই, তুই আমার হেডফোনটা নিয়েছিস?\nভাই: হ্যাঁ দিদি, একটু নিয়েছিলাম। তুমি রাগ কোরো না, এখনই দিয়ে দিচ্ছি।\nদিদি: আর কখনো না বলে নিবি না, বুঝলি?")

# --- Romanized Bangla --------------------------------------------------------------
add(id="ex-bn-rom-01", model="model-b", temperature=0.7, language="bn", task="dct",
    speakers=["Ammu", "Rafi"], expected=["familiar", "intimate"],
    text="Rafi, tumi kothay jaccho eto raat kore? Taratari fire esho, ar phone ta sathe rakho.")
add(id="ex-bn-rom-02", model="model-a", temperature=0.7, task="roleplay",
    speakers=["Khala", "Shuvo"], expected={"Khala": "intimate", "Shuvo": "formal"},
    text="Khala: Ki re Shuvo, kemon achis? Koto din pore ashli!\nShuvo: Assalamu alaikum khala. Apni kemon achen?\nKhala: Bhalo re. Ay, bhetore ay, tor jonno pitha banaisi.")

path = Path(__file__).resolve().parent / "outputs.jsonl"
with open(path, "w", encoding="utf-8") as out:
    for record in R:
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
print(f"{len(R)} records → {path}")
