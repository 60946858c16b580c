"""Direct speech in narration: the quote is the character's turn.

In a narrative frame — a reporting verb with a 3rd-person subject right
before or after a quote — the quote is that character's utterance::

    "तुम अब तक जागे क्यों हो?" नेहा ने पूछा।      → नेहा: तुम अब तक जागे क्यों हो?
    राजा ने कहा, "आपकी बात सही है।"              → राजा
    "अरे, तुझे क्या पता…" उन्होंने हँसकर कहा।     → an unnamed speaker (वे)
    রিনা বলল, "তুই কবে এলি?"                     → রিনা
    "আপনি বসুন," বললেন মাস্টারমশাই।              → মাস্টারমশাই

The frame must be narration: nothing but the frame may stand on the other
side of the quote in its sentence, and the frame holds no 1st/2nd-person
pronoun (बॉस ने कहा 'आप कल से मत आना', तो मैं क्या करूँ? is a speaker
reporting speech, not narration). The words (reporting verbs, the ergative
ने, pronoun subjects, words that are never the subject) are data: the
``narrative`` section of each lexicon.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from .. import regexcache
from ..scripts import (CURLY_SINGLE_QUOTES, DANDA, DASHES, DOUBLE_CLOSING, DOUBLE_OPENING, DOUBLE_QUOTES,
                       ELLIPSIS, OPENING_QUOTE_CHARACTERS, QUOTE_WORD_CHARACTERS, SENTENCE_END_MARKS,
                       SENTENCE_ENDS, SINGLE_CLOSING,
                       SINGLE_OPENING, SINGLE_QUOTES, class_body)
from .addressees import (called_names, direct_forms, frame_addressee, genitive_stems, opening_vocative,
                         toward_candidates)
from .lexicon import Lexicon
from .speakers import SpeakerIndex, naming_keys
from .tokens import TOKEN

# the characters a _QUOTE match opens with
_QUOTE_OPENINGS = DOUBLE_OPENING + "'" + SINGLE_OPENING
# quote marks one by one (a tuple: see scripts.DOUBLE_QUOTE_CHARACTERS)
_QUOTE_CHARACTERS = tuple(DOUBLE_QUOTES + CURLY_SINGLE_QUOTES)
# Straight, curly and guillemet quotes; '' (two apostrophes) stands for a double quote.
_QUOTE = regexcache.compile(f"(?:[{class_body(characters=DOUBLE_OPENING)}]|'')"
                    f"(?P<body>(?:(?!''){'[^'}{class_body(characters=DOUBLE_QUOTES)}\\n]){{1,600}})"
                    f"(?:[{class_body(characters=DOUBLE_CLOSING)}]|'')"
                    f"|(?<![{QUOTE_WORD_CHARACTERS}])[{class_body(characters=SINGLE_OPENING)}]"
                    f"(?P<body2>[^{class_body(characters=SINGLE_QUOTES)}\\n]{{1,600}})"
                    f"[{class_body(characters=SINGLE_CLOSING)}](?![{QUOTE_WORD_CHARACTERS}])")
_MAX_FRAME_TOKENS = 40
_SENTENCE_FINAL = tuple(SENTENCE_END_MARKS + ELLIPSIS + ".")
_BREAK_OFF = ("—", "–")   # what a quote cut short ends in
_INTERRUPTION = re.compile(r"\s*[—–][^—–\n]*[—–]\s*")   # a beat set between two dashes
#: lexicon name → its sentence boundary in narration (see _boundary; quotes are handled apart)
_BOUNDARIES: dict[str, re.Pattern] = {}


def case_markers_of(lexicon: Lexicon) -> frozenset:
    """The case markers and postpositions a frame's words may take: the clause's and the narrative's
    (के, में, থেকে, theke)."""
    return lexicon.clauses["case_markers"] | lexicon.narrative.get("case_markers", frozenset())


def not_a_title_s_stop(lexicon: Lexicon) -> str:
    """A regex fragment, put right after a full stop, that fails where the stop is a title's
    abbreviation's (``narrative.prefix_titles``: Mrs. Kapoor, डॉ. नंदिता राव are one name). (Put after
    the stop, the titles are looked behind only there: before it, at every position, they cost.)"""
    titles = sorted(lexicon.narrative.get("prefix_titles", ())) if lexicon.narrative else []
    return "".join(f"(?<!(?<![^\\W\\d_])(?i:{re.escape(title)})\\.)" for title in titles)


def _boundary(lexicon: Lexicon) -> re.Pattern:
    """A sentence end in the lexicon's script: a danda, ?, ! or a full stop, not the stop of a
    title's abbreviation ("…" Mr. Sharma ne kaha. is one frame)."""
    found = _BOUNDARIES.get(lexicon.name)
    if found is None:
        found = _BOUNDARIES[lexicon.name] = regexcache.compile(
            f"[{SENTENCE_ENDS}]|\\." + not_a_title_s_stop(lexicon) + "(?=\\s|$)")
    return found


# what a frame and an action beat are trimmed of, and what may follow a whole-line quote
_FRAME_TRIM = " " + DANDA + ".,!?" + DASHES
_BEAT_TRIM = " ," + DANDA + "." + DASHES
_CLAUSE_END_IN_A_BEAT = regexcache.compile(f"[,{DASHES}]")   # (a beat's first clause: … कबीर भाग गया, और दादी …)
_AFTER_QUOTE = _FRAME_TRIM + "-" + ELLIPSIS


@dataclass(frozen=True, slots=True)
class NarrativeQuote:
    """A quote attributed to a speaker by its narrative frame."""
    start: int
    end: int
    speaker: str
    #: the speaker matched no listed speaker (a name as written, or unnamed)
    unlisted: bool
    #: the person the frame says is spoken to (बेटे को डाँटा, মাকে বলল), if it names one
    addressee: str | None = None


_COLON_SPEECH = regexcache.compile(f"[:：][ \\t]+(?P<body>(?![*_]*[{class_body(characters=DOUBLE_QUOTES + SINGLE_QUOTES)}])"
                           f"[^\\n]{{2,600}}?)[ \\t]*$(?P<body2>(?!))?", re.M)


def _frame_keys(text: str, lexicon: Lexicon) -> list[tuple[str, str]]:
    tokens = [(m.group(), lexicon.key(m.group())) for m in TOKEN.finditer(text)]
    suffixes = lexicon.narrative.get("role_suffixes", ()) if lexicon.narrative else ()
    if suffixes and any(key in suffixes for _, key in tokens[1:]):
        return _trades_joined(tokens, suffixes, lexicon)
    return tokens


def _trades_joined(tokens: list[tuple[str, str]], suffixes: tuple, lexicon: Lexicon) -> list[tuple[str, str]]:
    """A trade's suffix written apart is one word with its noun, as written fused (गुब्बारे वाला
    बोला is गुब्बारेवाला बोला, Chai wala): never after a verbal noun (आने वाला था: "about to come").

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> [word for word, _ in _frame_keys("तभी गुब्बारे वाला बोला", load_lexicon("hi"))]
    ['तभी', 'गुब्बारे वाला', 'बोला']
    >>> [word for word, _ in _frame_keys("बस आने वाली थी", load_lexicon("hi"))]
    ['बस', 'आने', 'वाली', 'थी']
    """
    joined: list[tuple[str, str]] = []
    verbal_noun_endings = lexicon.narrative.get("verbal_noun_endings", ())
    for word, key in tokens:
        if joined and key in suffixes:
            before_word, before_key = joined[-1]
            if not any(before_key.endswith(ending) and before_key[:-len(ending)] in lexicon.verb_roots
                       for ending in verbal_noun_endings) and before_key not in suffixes:
                joined[-1] = (f"{before_word} {word}", before_key + key)
                continue
        joined.append((word, key))
    return joined


def frame_speaker(frame: str, lexicon: Lexicon, index: SpeakerIndex | None, *, action: bool = False,
                  previous: tuple[str, bool] | None = None, record: str = "",
                  guess: bool = False, story: bool = False) -> tuple[str, bool] | None:
    """The speaker named by a reporting clause (:func:`_frame_speaker`), with the title that opens
    the name as the text writes it (``Dr. Fernandes ne …``, ``डॉ. नंदिता राव ने …``: the key is the name
    as written, DESIGN.md).

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> frame_speaker("Tabhi Dr. Fernandes ne chashma utaara", load_lexicon("hi-Latn"), None, action=True)
    ('Dr. Fernandes', True)
    """
    clause, named = _apposition(frame, lexicon)
    found = _frame_speaker(clause, lexicon, index, action=action, previous=previous, record=record,
                           guess=guess, story=story)
    if named is not None and (found is None or found[0].endswith(UNNAMED_SUFFIX)
                              or all(_role_word(lexicon.key(w), lexicon) for w in TOKEN.findall(found[0]))):
        # the name a dash's apposition gives the one the clause names by a role (… एक दुबली-सी लड़की
        # दौड़ती आई — पेम्बा, जो …: पेम्बा)
        found = (named, True)
    return _as_named(found, clause, lexicon, record)


def _apposition(frame: str, lexicon: Lexicon) -> tuple[str, str | None]:
    """A frame without the apposition a dash adds after its clause, a phrase of no verb that says who
    its subject is (… चाय की ट्रे लिए आई — रहीमा बी की पोती, उन्नीस बरस की: the clause before the dash is
    read), and the name that apposition gives, if it is one (… लड़की दौड़ती आई — पेम्बा, जो …: पेम्बा)."""
    if "—" not in frame and "–" not in frame or not lexicon.narrative:
        return frame, None
    at = max(frame.rfind(" — "), frame.rfind(" – "))
    if at <= 0:
        return frame, None
    after = frame[at + 3:]
    head = after.split(",")[0]
    tokens = _frame_keys(head, lexicon)
    if not tokens or any(_finite_verb(k, lexicon) or _verb_like(k, lexicon) or k in lexicon.narrative["reporting_verbs"]
                         or k in lexicon.third_person_pronouns or k in lexicon.first_person_pronouns
                         or k in lexicon.auxiliaries for _, k in tokens):
        return frame, None
    # (a name: a word or two alone before a comma and what says who it is, not a heading's word before a
    # quote, যেমন, "…", nor a film's title after a song's)
    described = "," in after and _frame_keys(after[len(head) + 1:], lexicon) \
        and not any(q in after for q in _QUOTE_CHARACTERS)
    named = head.strip() if len(tokens) <= 2 and " ".join(w for w, _ in tokens) == head.strip() \
        and described and _name_like(tokens, 0, lexicon) and not lexicon.person_word(tokens[0][1]) \
        and all(k in lexicon.name_titles or k in lexicon.nominal_address for _, k in tokens[1:]) else None
    return frame[:at], named


def _as_named(found: tuple[str, bool] | None, clause: str, lexicon: Lexicon,
              record: str) -> tuple[str, bool] | None:
    """An unlisted subject found in ``clause`` with the rest of its name as the clause writes it:
    the title before it (:func:`_with_prefix_title`), the name the record writes with a kin term or
    title (:func:`_with_its_name`), hyphens kept (:func:`as_written`)."""
    if found is None or not found[1]:
        return found
    found = _with_prefix_title(found, clause, lexicon)
    if record and " " not in found[0]:
        found = _with_its_name(found, clause, lexicon, record)
    return as_written(found[0], clause), found[1]


def _with_its_name(found: tuple[str, bool], frame: str, lexicon: Lexicon, record: str) -> tuple[str, bool]:
    """A kin term or title read as the subject, with the name the record writes before it more
    than once (সালমা খালা বললেন, where the scene names সালমা খালা before: not সন্ধ্যাবেলা মা, a time;
    Bhola kaka);
    a role read as the subject, giving way to the name after it that the record names again
    (चपरासी रघु … आया, and a line calls रघु: not कुली सामान उठाकर …, a thing), or taking the kin term or
    title it is called by after it, written so twice (মাঝি কাকা); a name of two words written so twice,
    its second one the lexicon does not know (कमला देवी), or a title (আমিনা বিবি), found by either word."""
    tokens = _frame_keys(frame, lexicon)
    at = next((i for i, (word, _) in enumerate(tokens) if word == found[0]), None)
    if at is None:
        return found
    key = tokens[at][1]

    def written_twice(pair: str) -> bool:
        return _pairs_written(record).get(pair, 0) >= 2

    before = f"{tokens[at - 1][0]} {found[0]}" if at > 0 else ""
    if at > 0 and (key in lexicon.name_titles or key in lexicon.nominal_address or lexicon.titled(key)
                   or lexicon.person_word(key)) \
            and tokens[at - 1][1] not in lexicon.narrative["frame_words"] and _name_like(tokens, at - 1, lexicon) \
            and written_twice(before):
        return before, found[1]
    if at + 1 < len(tokens) and _role_word(key, lexicon) and key not in lexicon.nominal_address \
            and _name_like(tokens, at + 1, lexicon) and _named_again(tokens[at + 1][0], record) \
            and not (at + 2 < len(tokens) and tokens[at + 2][1] in lexicon.narrative["case_markers"]):
        return tokens[at + 1][0], found[1]
    if at + 1 < len(tokens) and _role_word(key, lexicon) and (
            lexicon.person_word(tokens[at + 1][1]) or tokens[at + 1][1] in lexicon.name_titles) \
            and written_twice(f"{found[0]} {tokens[at + 1][0]}"):
        return f"{found[0]} {tokens[at + 1][0]}", found[1]
    if at > 0 and _name_like(tokens, at - 1, lexicon) and _name_like(tokens, at, lexicon) and written_twice(before):
        return before, found[1]
    if at + 1 < len(tokens) and _name_like(tokens, at, lexicon) and not lexicon.titled(key) and (
            _name_like(tokens, at + 1, lexicon) or tokens[at + 1][1] in lexicon.name_titles) \
            and written_twice(f"{found[0]} {tokens[at + 1][0]}") \
            and (tokens[at + 1][1] in lexicon.name_titles
                 or _free_somewhere(f"{found[0]} {tokens[at + 1][0]}", lexicon, record)
                 and not _made_definite_somewhere(tokens[at + 1][0], lexicon, record)
                 # (nor a thing's genitive, its stem written apart: মন্টু দড়ির দিকে ছুটল, … দড়ি খোল)
                 and not _stem_written_apart(tokens[at + 1][0], lexicon, record)):
        # (the name read by its first word, the record writing it with the next twice: Haru Saha,
        # আমিনা বিবি; not after a title fused to the name, which ends it: হরিপদবাবু নস্যি টেনে …; nor
        # where the record puts the second word in a case each time, a place or a thing the subject
        # acts on, however often the two stand together: করিম পিট থেকে উঠে এসে, Pinky Bhulu-ke niye)
        return f"{found[0]} {tokens[at + 1][0]}", found[1]
    return found


def _made_definite_somewhere(word: str, lexicon: Lexicon, record: str) -> bool:
    """Does the record write the word with a definite mark, as a thing (টর্চটা beside টুবাই টর্চ জ্বেলে …:
    the torch he lights, no second word of his name)?"""
    folded = word.casefold()
    words = _record_words(record)
    at = bisect_left(words, folded)
    stem = lexicon.key(word)
    while at < len(words) and words[at].startswith(folded):
        key = lexicon.key(words[at])
        suffix = _definite_suffix(key, lexicon)
        if suffix is not None and key[:-len(suffix)] == stem and _definite_thing(key, lexicon):
            return True
        at += 1
    return False


def _possessed_somewhere(word: str, lexicon: Lexicon, record: str) -> bool:
    """Does the record write the word right after a reflexive's or a 3rd person's genitive, as a thing
    or a relation of someone's (करण ने अपनी फ़ाइल खोली … फिर फ़ाइल बंद करते हुए बोला: the file he closes,
    not a name)? Not after a 1st person's, which a name takes too (আমাদের নারান থাকতে …)."""
    after = _words_after(record)
    narrative = lexicon.narrative
    return any(word in after.get(possessor, ())
               for possessors in (narrative["reflexive_genitives"], narrative["third_person_genitives"])
               for possessor in possessors)


def _free_somewhere(pair: str, lexicon: Lexicon, record: str) -> bool:
    """Does the record write the two words at least once with no case marker after them (कमला देवी
    ने, where कमला देवी की … too: a name; not করিম পিট থেকে … twice, a name and a place)?"""
    case_markers = case_markers_of(lexicon)
    return any(lexicon.key(word) not in case_markers for word in _pair_followers(record).get(pair, ("",)))


def as_written(name: str, text: str) -> str:
    """A name of several words as the text writes it, hyphens kept (``Montu da`` → ``Montu-da``,
    ``মিঠু দি`` → ``মিঠু-দি``), and a word the tokens cut at an apostrophe whole (``Sharma ma`` →
    ``Sharma ma'am``, ``Souza`` → ``D'Souza``; not a possessive, ``Raju's``): a key is the name as written (DESIGN.md)."""
    apostrophe = "'" in text or "’" in text
    if not apostrophe and (" " not in name or "-" not in text and "‐" not in text):
        return name
    tail = r"(?:['’](?!s(?!\w))\w+)?" if apostrophe else ""
    # (and a letter cut off before an apostrophe that opens it: D'Souza, O'Brien)
    head = r"(?:\w['’])?" if apostrophe else ""
    found = re.search(r"(?<!\w)" + head + r"[ \t\-‐]+".join(re.escape(word) + tail for word in name.split())
                      + r"(?!\w)", text)
    return found.group() if found is not None else name


def _with_prefix_title(found: tuple[str, bool], frame: str, lexicon: Lexicon) -> tuple[str, bool]:
    """The name with the title before it (``narrative.prefix_titles``: Dr., Mrs., डॉ., মিসেস), past one
    more word of the name (a first name before the surname found), as the frame writes it."""
    titles = lexicon.narrative.get("prefix_titles", frozenset())
    at = frame.find(found[0]) if titles else -1
    if at < 0 or found[0].endswith(")"):
        return found
    if " " not in found[0] and lexicon.key(found[0]) in titles:
        # the title alone read as the subject: with the name after it (মিসেস সেন হেসে বললেন)
        after = TOKEN.search(frame, at + len(found[0]))
        tokens = _frame_keys(frame[at:], lexicon)
        case_markers = case_markers_of(lexicon)
        # (in Latin script a capital after the title is a name whatever word its letters fold to: Mr.
        # Dutta, not the numeral duta)
        if after is not None and len(tokens) >= 2 and frame[at + len(found[0]):after.start()].strip(" .") == "" \
                and (_name_like(tokens, 1, lexicon) or lexicon.script == "latn" and tokens[1][0][:1].isupper()
                     and not tokens[1][0].isupper()) \
                and not (len(tokens) > 2 and tokens[2][1] in case_markers):
            # (… बोलीं मिसेज़ वर्मा: the name may end the frame; দারোগা টেবিল থেকে …: a title alone, then
            # a thing in its case)
            return " ".join(frame[at:after.end()].split()), found[1]
        return found
    if at == 0 or lexicon.key(TOKEN.findall(found[0])[0]) in titles:
        return found
    before = list(TOKEN.finditer(frame, 0, at))
    for back in (1, 2):
        if len(before) < back:
            break
        token = before[-back]
        if lexicon.key(token.group()) in titles:
            if frame[token.end():at].strip(" .") and back == 1:
                break   # (something other than the title's point between them)
            # (and a title after the name, as written: पंडित रामेश्वर जी)
            end = at + len(found[0])
            after = TOKEN.match(frame, end + 1) if frame[end:end + 1] == " " else None
            if after is not None and lexicon.key(after.group()) in lexicon.name_titles \
                    and lexicon.key(after.group()) not in titles:
                end = after.end()
            return " ".join(frame[token.start():end].split()), found[1]
        if lexicon.script == "latn" and not token.group()[:1].isupper():
            break   # (a first name before the surname is written with a capital)
    return found


def _frame_speaker(frame: str, lexicon: Lexicon, index: SpeakerIndex | None, *, action: bool = False,
                   previous: tuple[str, bool] | None = None, record: str = "",
                   guess: bool = False, story: bool = False) -> tuple[str, bool] | None:
    """The speaker named by a reporting clause, or None when it is not a frame.

    The subject is the first word in the clause that can be one: a 1st-person
    subject (the narrator), a 3rd-person pronoun (an unnamed speaker), the word
    before the ergative ने, or a listed speaker not followed by a case marker;
    else, with a reporting verb, the first word that is not a frame word. A
    frame with no reporting verb (an action beat right before its quote,
    ``दादी ने उसके सिर पर हाथ फेरा, "…"``) counts when ``action`` and its
    subject is found so. ``previous``: the speaker of the last quote, for a
    frame whose subject is elided (फिर अचानक बोले). ``record``: the record's text, where a
    guessed word that it names only once may be a thing the frame handles (see
    :func:`_inside_its_clause`). ``guess``: a narration sentence with no reporting verb gives
    the word a frame would take as its subject too, near its start (a character acting by a
    name the lexicon does not know: ``তানভীর বাইকটা রাস্তার ধারে দাঁড় করাল``). ``story``: the text is a
    story, not a reply to the user: a frame in a past before the past narrates (नानी ने कहा था, "…").

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> frame_speaker("नेहा ने पूछा", load_lexicon("hi"), None)
    ('नेहा', True)
    >>> frame_speaker("উনি হেসে বললেন", load_lexicon("bn"), None)
    ('তিনি (unnamed)', True)
    >>> frame_speaker("मैंने धीरे से कहा", load_lexicon("hi"), None)
    ('मैं (narrator)', True)
    >>> frame_speaker("দাদি তার মাথায় হাত বুলিয়ে দিলেন", load_lexicon("bn"), None, action=True)
    ('দাদি', True)
    >>> frame_speaker("তার মাথায় হাত বুলিয়ে দিলেন", load_lexicon("bn"), None, action=True) is None
    True
    """
    narrative = lexicon.narrative
    if frame.count(",") >= 2 and narrative.get("relative_pronouns"):
        frame = _without_relative_clauses(frame, lexicon)
    tokens = _frame_keys(frame, lexicon)
    if not tokens or len(tokens) > _MAX_FRAME_TOKENS:
        return None
    keys = [k for _, k in tokens]
    words = [w for w, _ in tokens]
    verbs = narrative["reporting_verbs"]
    verb_at = next((i for i, k in enumerate(keys) if k in verbs), None)
    negations = narrative.get("negations", frozenset())
    if verb_at is not None and negations and (verb_at + 1 < len(keys) and keys[verb_at + 1] in negations
                                              or narrative["negation_before_verb"] and verb_at > 0
                                              and keys[verb_at - 1] in negations):
        return None   # (रामदीन ने कुछ नहीं कहा, কিছু বলল না: tells that no one spoke, no quote's frame)
    # a clause that कि opens after the reporting verb is the one next to the quote, with its own subject
    # (मल्होत्रा अंकल कुछ कहने ही वाले थे कि … यादव जी की आवाज़ आई: यादव जी's voice, not what he was about to say)
    opener = next((i for i in range(len(keys) - 2, verb_at, -1) if keys[i] in narrative["clause_openers"]), None) \
        if verb_at is not None else None
    if opener is not None:
        after_opener = _frame_speaker(" ".join(words[opener + 1:]), lexicon, index, action=action,
                                      previous=previous, record=record, guess=guess, story=story)
        if after_opener is not None:
            return after_opener
    if verb_at is None and narrative.get("light_verbs"):
        # a message noun and a light verb make a verb of sending (মেসেজ করল, मैसेज किया, reply dilo)
        verb_at = next((i for i, k in enumerate(keys[:-1]) if k in narrative["message_nouns"]
                        and keys[i + 1] in narrative["light_verbs"]), None)
    # रसोई से पापा की आवाज़ आई, वर्मा सर का ईमेल आया: a person's voice or message that comes frames
    # the quote (also where its noun is a reporting verb's too: Arnab er reply elo)
    voice = _voice_owner(tokens, lexicon, index, verb_at, record)
    if voice is None and frame.count(",") >= 2 and _names_a_voice(keys, narrative):
        # read without a clause set off by commas between the owner, the noun and its verb (Bablu ka
        # jawab, das minute baad, sirf do shabdon mein aaya; अंजलि का, जो … जागती रहती है, जवाब आया)
        inner = _ASIDE_BETWEEN_COMMAS.sub(" ", frame)
        inner_tokens = _frame_keys(inner, lexicon)
        inner_verb_at = next((i for i, (_, k) in enumerate(inner_tokens) if k in verbs), None)
        voice = _voice_owner(inner_tokens, lexicon, index, inner_verb_at, record)
    if voice is not None:
        return voice
    if verb_at is None and not action:
        written = narrative.get("written_verbs")
        # (the last: Kabir ne thumbs-up bheja aur likha:)
        written_at = max((i for i, k in enumerate(keys) if k in written), default=None) if written else None
        if written_at is not None and all(k in lexicon.auxiliaries for k in keys[written_at + 1:]):
            # बुआ ने लिखा: "wrote" that ends its frame frames with its writer named in its own clause
            # (not पर्ची पर लिखा था, "written"; nor … chipka diya — neeche likha "…", a sign another
            # clause's subject made; nor उसने पोस्टर पर लिखा देखा:, "saw written")
            clause_start = max((len(TOKEN.findall(frame[:m.start()])) for m in re.finditer(r"[,;—–]", frame)
                                if len(TOKEN.findall(frame[:m.start()])) <= written_at), default=0)
            return _clause_subject(tokens[clause_start:written_at], lexicon, index)
        return None
    if any(k in lexicon.pronouns for k in keys):
        return None    # a speaker's own words around the quote, not narration
    # the reporting verb's own clause: after the last comma before it (… বলতে যাচ্ছি, এমন সময় কালাচাঁদ … বলল)
    clause_start = 0
    clause_comma = -1   # where the verb's own clause starts in the frame, after its comma
    if verb_at is not None:
        for match in re.finditer(r"[,;]", frame):
            before_comma = len(TOKEN.findall(frame[:match.start()]))
            if before_comma <= verb_at:
                clause_start = before_comma
                clause_comma = match.start()
    # a subordinate clause with its own subject before the main one (টুবাই … মাথা গুঁজে দিতেই
    # ঠাকুমা হেসে বললেন): the subject after it, when there is one, frames the quote
    # (or a word that ends one: मैं … खड़ा था कि मामा जी ने दूर से आवाज़ दी)
    cut = max((i for i, k in enumerate(keys[:verb_at if verb_at is not None else len(keys)])
               if narrative["clause_break_suffixes"] and k.endswith(narrative["clause_break_suffixes"])
               or k in narrative["clause_openers"]), default=-1)
    # (a past before the past only in the verb's own clause, after one such: … पढ़ रहा था कि पापा ने कहा)
    if not (guess and verb_at is None) and (
            any(k in narrative["reported_markers"] for k in keys[clause_start:])
            or not story and any(k in narrative["past_report_markers"] for k in keys[max(clause_start, cut + 1):])):
        return None    # reported speech: बॉस ने कहा था '…', जैसा कि गांधीजी ने कहा (in the verb's clause)
    found = _clause_subject(tokens[cut + 1:], lexicon, index) if cut >= 0 else None
    if found is None and verb_at is None:
        # an action beat of two clauses (প্রধান শিক্ষিকা … বসলেন, তারপর প্রাক্তন ছাত্র দেবাশিস মাইকটা
        # হাতে নিল): a listed person who acts last, next to the quote, speaks
        last_comma = frame.rfind(",")
        beat_start = len(TOKEN.findall(frame[:last_comma])) if last_comma > 0 else 0
        if 0 < beat_start < len(tokens):
            last = _clause_subject(tokens[beat_start:], lexicon, index)
            # (or anyone its own grammar names where a word of time or contrast opens it as a new
            # clause: … आगे बढ़ा, पर तभी मुंशी जी … आ खड़े हुए:)
            opens_anew = not guess and keys[beat_start] in narrative["new_subject_openers"]
            found = last if last is not None and (not last[1] or opens_anew) else None
            if found is None and opens_anew and record:
                # (one the lexicon does not know, named again, opening that clause after the word of
                # contrast: अर्जुन ने उसे घूरा, पर विक्की कहाँ रुकने वाला था।)
                # (not the object of a participle right after it, the subject going on: … গজগজ করলেন, কিন্তু
                # বাক্স খুলে …)
                clause = frame[last_comma + 1:]
                guessed = guessed_subject(clause, lexicon, index, record, False)
                clause_keys = [key for _, key in _frame_keys(clause, lexicon)]
                head = lexicon.key(TOKEN.findall(guessed[0])[-1]) if guessed is not None else ""
                at = clause_keys.index(head) if head in clause_keys else -1
                if guessed is not None and guessed[1] and not guessed[0].endswith(")") and at >= 0 \
                        and not (at + 1 < len(clause_keys) and _closes_clause(clause_keys[at + 1], lexicon)):
                    found = guessed
    if found is None and verb_at is not None and clause_start > 0:
        # the verb's own clause's subject, not an earlier clause's (আমি … মেল দেখছিলাম, এমন সময় মা
        # রান্নাঘর থেকে হাঁক দিল:); where it has none, the listed agent nearest before it, marked by
        # the ergative, goes on into it (रीना … काट रही थी जब माँ जी ने चश्मा उतारा, … और फिर बोलीं)
        own = _clause_subject(tokens[clause_start:verb_at], lexicon, index)
        if own is not None and all(lexicon.key(w) in lexicon.name_titles for w in TOKEN.findall(own[0])):
            own = None   # (a title alone is no subject of its own there: Rahul ne … sharm se sir khujaya)
        found = own or _last_agent(tokens[:verb_at], lexicon, index)
    if found is None:
        found = _clause_subject(tokens, lexicon, index)
    if found is not None:
        return found
    if verb_at is not None and lexicon.script != "latn":
        # a name after the reporting verb that ends the frame is its inverted subject (খাতার পাতা উল্টে
        # বললেন মিহির মণ্ডল।: not পাতা, the participle's object before it)
        inverted = postverbal_subject(frame, lexicon)
        if inverted is not None and verb_at + 1 < len(words) and TOKEN.findall(inverted[0])[0] == words[verb_at + 1]:
            return inverted   # (right after the verb: not … बोला विकास, और मेगाफ़ोन फिर उठा लिया, another clause)
    # an action that leads into its quote with its subject elided goes on from the one before, as a
    # reporting verb's does (चौहान साहब … "…" / फिर वार्डन की ओर मुड़कर हाथ जोड़ दिए, "…"), where no word
    # of it can be a subject of its own
    elided_action = verb_at is None and not guess and action and previous is not None
    if verb_at is None and not guess and not elided_action:
        return None
    end = verb_at if verb_at is not None else len(keys)   # (a guessed sentence's subject: before its end)
    # (with no reporting verb, the verb that ends the sentence: a noun in -লাম before it, সেলাম ঠুকল,
    # is no verb of the narrator's)
    verb_and_after = keys[verb_at:] if verb_at is not None else \
        keys[-2:] if len(keys) >= 2 and keys[-1] in lexicon.auxiliaries else keys[-1:]
    if any(k.endswith(narrative["first_person_verb_endings"]) for k in verb_and_after) \
            and narrative["first_person_verb_endings"]:
        return f"{narrative['narrator']} (narrator)", True   # বলে ফেললাম: the narrator
    if any(k in narrative["first_person"] for k in keys):
        return None    # "मुझसे कहा": a 1st person, not the subject: the speaker's own words
    # (a numeral or quantifier counts the noun after it: तीन हफ़्ते, कुछ देर; never a name, nor that noun)
    counted = narrative.get("numerals", frozenset()) | narrative.get("quantifiers", frozenset())
    manner_endings = narrative.get("manner_participle_endings", ())
    # (बाहर, এখন: an adverb of time or place is no subject; nor करके, করে)
    skip = narrative["frame_words"] | verbs | narrative["subject_markers"] | narrative["first_person_other"] \
        | narrative["first_person_objects"] | lexicon.question_words | lexicon.clauses["case_markers"] \
        | lexicon.addressees["adverbs"] | narrative["light_verb_participles"] | lexicon.interjections \
        | lexicon.particles | lexicon.auxiliaries \
        | narrative.get("indefinites", frozenset()) \
        | counted | narrative["third_person_genitives"]   # (बस, हाँ, তো, रहे, কেউ, तीन, उसकी: never a named subject)
    case_markers = case_markers_of(lexicon)
    candidates = [(i, w) for i, (w, k) in enumerate(tokens)
                  if i >= clause_start and k not in skip and not k.endswith(narrative["participle_endings"])
                  # (nor the word that ends a clause of its own: কানে যেতেই, "as soon as it reached")
                  and not (narrative["clause_break_suffixes"] and k.endswith(narrative["clause_break_suffixes"]))
                  and not _verb_like(k, lexicon) and not _turned_to(words, keys, i, lexicon)
                  # (nor a finite verb: ঠিক তখনই … দৌড়ে এল বুলু, the verb of an inverted subject)
                  and not _finite_verb(k, lexicon)
                  # (nor a word that modifies the noun after it, a demonstrative, numeral or adjective, its
                  # title aside: এই নৌকোর জন্য … ধার করেছে নিতাই, इस बार …)
                  and not (i + 1 < len(keys) and _modifier(k, lexicon))
                  # (nor a noun a numeral or quantifier counts: कुछ देर खिड़की के बाहर देखता रहा, a time)
                  and not (i > 0 and keys[i - 1] in counted)
                  and k not in narrative.get("body_parts", frozenset())   # (চোখ দুটো ভয়ে বড় বড়: someone's eyes)
                  # (a root's adjective after an adverbial describes the noun after it: পাশে বসা পায়েল …
                  # ফিসফিস করল; not শিখা, a name, opening its clause)
                  and not (_describes_the_next(keys, i, lexicon) and i + 1 < len(keys) and i + 1 != verb_at)
                  # (nor a name the record writes with the kin term of the one turned to, a speaker's too:
                  # फिर शबनम बाजी की तरफ़ हाथ हिलाकर बोले, after शबनम बाजी spoke; nor a word of that person's
                  # noun phrase the record does not name again)
                  and not (record and _names_the_one_turned_to(words, keys, i, lexicon, record))
                  and not (_modifies_turned_to(words, keys, i, lexicon, index) and not _named_again(w, record))
                  and not _genitive(keys[i], lexicon)
                  and not _stem_written_apart(w, lexicon, record)   # (খাতার পাতা উল্টে বললেন …)
                  and not (_possessor_of_a_place(keys, i, lexicon)   # জানলার ধারে বসে টুম্পা …
                           and not _name_ending_in_r(w, keys[i], lexicon, record))
                  and not _in_an_adverbial_case(w, k, lexicon)   # (মাথায়, গোড়ায়, ভিজে: a place, a participle)
                  and not (i + 1 < len(keys) and keys[i + 1] in case_markers   # জানালার বাইরে, গামছা দিয়ে
                           # (not one said twice, an adverbial: পৌলমী সঙ্গে সঙ্গে উত্তর দিল)
                           and not (i + 2 < len(keys) and keys[i + 2] == keys[i + 1]))
                  # (nor a name whose kin term or title a genitive and an adverb of place follow, where one
                  # goes, the record writing the two as one name elsewhere: फिर रामकली अम्मा के पास झुककर बोला;
                  # not पप्पू दादी के पीछे से झाँक रहा था, Pappu behind his grandmother)
                  and not (record and i + 3 < len(keys)
                           and keys[i + 2] in narrative.get("possessive_markers", frozenset())
                           and keys[i + 3] in lexicon.addressees["adverbs"]
                           and (keys[i + 1] in lexicon.name_titles or lexicon.person_word(keys[i + 1]))
                           and _pairs_written(record).get(f"{w} {words[i + 1]}", 0) >= 2)
                  # (a word of a compound verb with "do": साफ़ करके, চুপ করে)
                  and not (i + 1 < len(keys) and keys[i + 1] in narrative["light_verb_participles"])
                  # (a word before an auxiliary is the verb it goes with: … आँखें भर आई थीं)
                  and not (i + 1 < len(keys) and keys[i + 1] in lexicon.auxiliaries)
                  # (nor one ending its clause after a participle of manner and its auxiliary: … हाँफता हुआ
                  # घुसा, the verb; not भागता हुआ चिंटू आया, the subject after the adverbial)
                  and not (i > 1 and keys[i - 1] in lexicon.auxiliaries
                           and _has_ending(keys[i - 2], manner_endings)
                           and re.search(rf"(?<!\w){re.escape(w)}\s*(?:[,;{DANDA}.!?]|$)", frame) is not None)
                  # (nor, in a verb's clause after a comma, the object of a negated participle: … বাঁধছিলেন,
                  # মুখ না তুলেই বললেন, "without looking up": the clause before names who)
                  and not (clause_start > 0 and i + 2 < len(keys) and keys[i + 1] in negations
                           and _verb_like(keys[i + 2], lexicon))
                  and not _a_thing(keys, i, lexicon, words)
                  # (nor a word the record writes after a possessive pronoun elsewhere, a thing of someone's:
                  # अपनी फ़ाइल … फिर फ़ाइल बंद करते हुए; one after its possessor here is read as such below)
                  and not (record and i > 0 and keys[i - 1] not in narrative["third_person_genitives"]
                           and not lexicon.person_word(k) and _possessed_somewhere(w, lexicon, record))
                  and not _describes_a_voice(words, keys, i, lexicon, case_markers)   # কড়া গলায় বললেন
                  # (a word said twice is an adverbial: खड़े-खड़े, হাসতে হাসতে, dheere dheere)
                  and not (i + 1 < len(keys) and keys[i + 1] == k or i > 0 and keys[i - 1] == k)
                  and not _lower_case_word(w, k, lexicon, index)
                  # (its clause starts after one that ends in -তেই: ক্লাস শেষের ঘণ্টা পড়তেই হরিপদ …)
                  and not _inside_its_clause(words, keys, i, max(clause_start, cut + 1), verb_at, lexicon,
                                             record, previous is not None, case_markers)]
    if record and candidates and candidates[0][0] == 0 and len(keys) > 1 \
            and _body_part(keys[1], narrative.get("body_parts", frozenset()), lexicon):
        # a sentence that opens with the genitive of a word the record writes on its own and a part of the
        # body is about that owner, no subject of that spelling (রুমানার মুখটা শুকিয়ে গেল।, where the
        # record writes রুমানা: রুমানা)
        owner = _owner_written(candidates[0][1], lexicon, record)
        if owner is not None:
            candidates[0] = (0, owner)
    if verb_at is None:
        # (a guessed sentence ends in its verb, never its subject: दरवाज़े की आवाज़ आई)
        candidates = [(i, w) for i, w in candidates if i < len(keys) - 1]
    if candidates:
        candidates = _after_participle_clauses(keys, candidates, cut, lexicon, record,
                                               verb_at if verb_at is not None else len(keys))
    # an elided subject is the last speaker, unless the frame says the narrator is the one spoken
    # to and the last speaker is the narrator (… জড়িয়ে ধরে আমাকে বললেন, "…")
    elided = None if previous is not None and previous[0].endswith("(narrator)") \
        and any(k in narrative["first_person_objects"] for k in keys) else previous
    if elided_action:
        return None if candidates else elided
    if not candidates and clause_comma > 0 and record and cut < 0:
        # the verb's clause after a comma has no subject of its own (…, phir bole): it goes on from the
        # clause before, whose subject opens the sentence (Coach Bhatia haath baandhe … khade rahe, phir
        # bole, "…"; अम्मा चूल्हे के पास बैठी रहीं, फिर बोलीं), not from the one who spoke last; not after
        # a subordinate clause (ফোন রাখতেই …: the word it opens with is that clause's object)
        opening = guessed_subject(frame[:clause_comma], lexicon, index, record, False)
        if opening is not None and not opening[0].endswith(")") \
                and frame[:clause_comma].lstrip(" *_").startswith(opening[0]):
            return opening
    if not candidates:
        return elided
    if (previous is not None or guess) and candidates[0][0] - clause_start > _GUESSED_SUBJECT_REACH \
            and not (guess and _closes_adjunct(keys[candidates[0][0] - 1], lexicon)) \
            and not _closes_clause(keys[candidates[0][0] - 1], lexicon):   # (… निकालते हुए हरीश बोला)
        # no word that could be the subject near the clause start (খানিক পরে জানালার বাইরে …
        # ইশারা করে হেসে যোগ করল): the subject is elided, the last speaker goes on
        return elided
    # "আমার কথা শুনে বুড়ো বলল": the subject follows a subordinate clause ending in শুনে
    breaks = [i for i, k in enumerate(keys[:end]) if k in narrative["clause_breaks"]]
    if breaks and any(breaks[-1] < i < end for i, _ in candidates):
        candidates = [(i, w) for i, w in candidates if i > breaks[-1]]
    before = [w for i, w in candidates if i < end]
    # (after the verb, an inverted subject is a noun, never a second verb: कबीर का जवाब दो मिनट में आया)
    after = [w for i, w in candidates if i > end and not _finite_verb(keys[i], lexicon)]
    if len(before) >= 2 and lexicon.script == "latn" and record and candidates[0][0] == 0 \
            and not _named_again(before[0], record) and not lexicon.person_word(keys[0]):
        # in Latin script a capital that only opens the sentence, on a word the record writes once,
        # gives way to a name written with a capital inside it (Hothat group-e Mou message korlo)
        inside = next((w for i, w in candidates[1:] if i < end and _capitalized_inside(words, i, lexicon, record)),
                      None)
        if inside is not None:
            return inside, True
    # the subject opens the clause (রিনা বলল); an inverted frame names it after the verb
    if not before and not after:
        return elided
    return (before[0] if before else after[0]), True


def _inside_its_clause(words: list[str], keys: list[str], i: int, start: int, verb_at: int | None,
                       lexicon: Lexicon, record: str, elided: bool, case_markers: frozenset) -> bool:
    """Is a guessed word inside a clause whose subject is elided, not its subject? The word is no
    person's, ``record`` names it nowhere else (a character's name comes back in a story, a thing
    handled once does not), another word stands between it and the reporting verb, and either a
    phrase in a case stands before it in the clause (from ``start``; a subject opens its clause:
    फिर कलछी से पतीला खटखटाते हुए बोलीं, তারপর গামছা দিয়ে হাত মুছে বললেন) or, where someone the
    clause goes on from is known (``elided``), its participle follows it, with nothing but places
    in a case between (फिर थैला मेज़ पर रखकर बोला, चश्मा उतारकर बोले; not রতন মাথা নিচু করে বলল,
    whose participle has its own object). तभी रसोई से सुनीता बोली keeps सुनीता, her verb right after
    her; so does तभी सुनीता झाँकते हुए बोली where the record names her again. (``case_markers``: the
    frame's, its clauses' and its narrative's together.)"""
    if not record or i + 1 >= len(keys) or i + 1 == verb_at or lexicon.person_word(keys[i]) \
            or _named_again(words[i], record) and keys[i] not in _things_after_an_ergative(record, lexicon) \
            or _capitalized_inside(words, i, lexicon, record):
        return False
    narrative = lexicon.narrative
    if any(keys[j] in case_markers or _genitive(keys[j], lexicon) or _a_thing(keys, j, lexicon, words)
           for j in range(start, i)):
        return True
    if not elided:
        return False
    end = verb_at if verb_at is not None else len(keys)
    for j in range(i + 1, end):
        if keys[j] in narrative["frame_words"]:
            continue   # a manner, not an act on a thing (Bhodrolok hese bollen, सुनीता मुस्कुराते हुए बोली)
        if keys[j].endswith(narrative["participle_endings"]) or _verb_like(keys[j], lexicon) \
                or keys[j] in narrative["light_verb_participles"] \
                or j + 1 < end and keys[j + 1] in narrative["light_verb_participles"]:
            return True   # (its participle, places in a case between: थैला मेज़ पर रखकर; गला साफ़ करके)
        if keys[j] not in case_markers and not (j + 1 < end and keys[j + 1] in case_markers):
            return False   # another word first, the participle's object: रतन सिर झुकाकर बोला, X the subject
    return False


_RECORD_THINGS: list = ["", None, frozenset()]


def _things_after_an_ergative(record: str, lexicon: Lexicon) -> frozenset:
    """The keys of words the record writes right after an ergative subject with no case marker of
    their own (``मुंशी जी ने रजिस्टर बंद किया``: रजिस्टर): a person there takes one (``ने कालू को``),
    so these are things, though named again (``फिर रजिस्टर खोलते हुए बड़बड़ाया``). Read once per
    record; none in a language without an ergative (Bangla)."""
    if _RECORD_THINGS[0] is not record or _RECORD_THINGS[1] is not lexicon:
        ergatives = lexicon.clauses["ergative_markers"]
        things: set = set()
        if ergatives:
            markers = case_markers_of(lexicon)
            words = TOKEN.findall(record)
            keys = [lexicon.key(word) for word in words]
            pairs = _pairs_written(record)
            agents = {keys[i - 1] for i in range(1, len(keys)) if keys[i] in ergatives}
            for i in range(1, len(keys) - 1):
                after = keys[i + 1]
                # (not a name of two words the record writes twice, ने सरोज देवी की पर्ची, nor one
                # it writes as an agent too)
                if keys[i - 1] in ergatives and after not in markers and after not in ergatives \
                        and not lexicon.person_word(keys[i]) and not lexicon.person_word(after) \
                        and after not in lexicon.name_titles and keys[i] not in agents \
                        and pairs.get(f"{words[i]} {words[i + 1]}", 0) < 2:
                    things.add(keys[i])
        _RECORD_THINGS[0] = record
        _RECORD_THINGS[1] = lexicon
        _RECORD_THINGS[2] = frozenset(things)
    return _RECORD_THINGS[2]


def _named_again(word: str, record: str) -> bool:
    """Does the record name the word more than once (in any letter case: ``Bhodrolok`` after ``ek
    boyoshko bhodrolok``; with a case ending: কালাচাঁদের)? As a word, or the start of one (the name
    with its case ending); a short word only alone (यह is not in यहाँ)."""
    if " " in word:   # (a name of several words: each of them, Haru Saha)
        return all(_named_again(part, record) for part in word.split())
    folded = word.casefold()
    if not word.isascii() and folded != word and record.count(word) < 2:
        return False   # (a cased letter outside ASCII, Émile: named again as written only)
    words = _record_words(record)
    first = bisect_left(words, folded)
    last = bisect_left(words, folded + _LAST_CODE_POINT) if len(folded) >= 3 else bisect_right(words, folded)
    return last - first > 1


# the words of the record asked about last — casefolded and sorted, and as written: a record's
# frames ask about its words many times (once per guessed subject), and reading the whole record
# each time made a long story's cost grow with the square of its length
_RECORD_WORDS: list = ["", [], frozenset()]
_LAST_CODE_POINT = chr(0x10FFFF)   # (after every word that starts with a given one)


def _record_words(record: str) -> list[str]:
    """The record's words, casefolded and sorted (see _named_again)."""
    _read_record(record)
    return _RECORD_WORDS[1]


_RECORD_PAIRS: list = ["", {}, {}, {}]


def _pairs_written(record: str) -> dict:
    """How often the record writes each two words one space apart (शांता बाई), the second also with
    a case ending of one or two letters (করিম চাচার দোকান counts for করিম চাচা, as _named_again reads
    a name), counted once per record: asked of every frame, a search of the whole record each time
    grew with its square."""
    _read_pairs(record)
    return _RECORD_PAIRS[1]


def _pair_followers(record: str) -> dict:
    """The words that follow each two words one space apart (as :func:`_pairs_written` counts them,
    without a case ending) in the record, the end of the record as ""."""
    _read_pairs(record)
    return _RECORD_PAIRS[2]


def _words_after(record: str) -> dict:
    """The words the record writes right after each word, one space apart (see :func:`_read_pairs`)."""
    _read_pairs(record)
    return _RECORD_PAIRS[3]


def _read_pairs(record: str) -> None:
    """Read the record's pairs of words one space apart into _RECORD_PAIRS, once per record: their
    counts (with the second word's case ending cut too), the words after each pair, and the words
    right after each word (see _possessed_somewhere)."""
    if _RECORD_PAIRS[0] is not record:
        pairs: dict = {}
        followers: dict = {}
        seconds: dict = {}
        matches = list(TOKEN.finditer(record))
        for n in range(1, len(matches)):
            previous, match = matches[n - 1], matches[n]
            if record[previous.end():match.start()] == " ":
                second = match.group()
                for cut in (0, 1, 2):
                    if cut == 0 or len(second) - cut >= 2:
                        pair = previous.group() + " " + (second[:-cut] if cut else second)
                        pairs[pair] = pairs.get(pair, 0) + 1
                followers.setdefault(previous.group() + " " + second, set()).add(
                    matches[n + 1].group() if n + 1 < len(matches) else "")
                seconds.setdefault(previous.group(), set()).add(second)
        _RECORD_PAIRS[0] = record
        _RECORD_PAIRS[1] = pairs
        _RECORD_PAIRS[2] = followers
        _RECORD_PAIRS[3] = seconds


def written_in_full(key: str, record: str, lexicon: Lexicon) -> str | None:
    """The name of two words a record writes for a speaker's one-word key (DESIGN: the name as
    written, with a title if the text always uses it): a name it writes twice or more and always with
    the same word after it, a title, kin term or surname (হারান মণ্ডল; गुप्ता जी; a name that ends in
    a title, হালদারবাবু, takes only a title or kin term: not হালদারবাবু খাতা খুললেন), or a kin term or title
    it writes after one name only, twice or more (রহিম চাচা, where the narration shortens him to চাচা);
    else None. ``lexicon``: the one for the key's letters.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> bn = load_lexicon("bn")
    >>> written_in_full("অনিল", "অনিল ঘোষ বসে ছিলেন। অনিল ঘোষের হাতে তুলি।", bn)
    'অনিল ঘোষ'
    >>> written_in_full("পাপাই", "পাপাই জল ছিটিয়ে দিল। পাপাই জলে ডুব দিল। পাপাইয়ের চুল ভিজে।", bn) is None
    True
    """
    if " " in key or "(" in key or not lexicon.narrative:
        return None   # (a language with no narrative data reads no names: its keys stay as written)
    _read_pairs(record)
    term_key = lexicon.key(key)
    if term_key in lexicon.nominal_address or term_key in lexicon.name_titles:
        names = {pair.split(" ", 1)[0] for pair, count in _RECORD_PAIRS[1].items()
                 if count >= 2 and pair.split(" ", 1)[1] == key}
        # (a name the record writes as a person at least once, not only as a possessor in a case: not
        # Shinde Kaka ki dukaan twice, a shop's name, where the narration calls him Kaka)
        names = {name for name in names if _name_like([(name, lexicon.key(name))], 0, lexicon)
                 and _free_somewhere(f"{name} {key}", lexicon, record)}
        return f"{next(iter(names))} {key}" if len(names) == 1 else None
    if not _name_like([(key, term_key)], 0, lexicon):
        return None
    followers = []
    for found in TOKEN.finditer(record):
        word = found.group()
        if word != key:
            if word.startswith(key) and key in genitive_stems(word, lexicon):
                return None   # (the name with a case ending of its own: written alone too)
            continue
        after = TOKEN.match(record, found.end() + 1) if record[found.end():found.end() + 1] == " " else None
        if after is None:
            return None
        followers.append(after.group())
    if len(followers) < 2:
        return None
    second = min(followers, key=len)
    if not all(word == second or second in genitive_stems(word, lexicon) for word in followers):
        return None
    second_key = lexicon.key(second)
    pair = f"{key} {second}"
    if not _free_somewhere(pair, lexicon, record):
        return None   # (the two written only in a case: a place, or a possessor, Gupta ji ki dukaan)
    if second_key in lexicon.nominal_address or second_key in lexicon.name_titles:
        return pair
    # a surname as the join of a frame's two words reads one (see _with_its_name): not where the record
    # puts the two in a case each time (রতন মাচা থেকে …: a place), nor a thing it makes definite or owns
    if not lexicon.titled(term_key) and _name_like([(second, second_key)], 0, lexicon) \
            and not _made_definite_somewhere(second, lexicon, record) \
            and not _stem_written_apart(second, lexicon, record):
        return pair
    return None


def _read_record(record: str) -> None:
    """Read the words of the record asked about into _RECORD_WORDS, once per record."""
    if _RECORD_WORDS[0] is not record:
        found = TOKEN.findall(record)
        _RECORD_WORDS[0] = record
        _RECORD_WORDS[1] = sorted(word.casefold() for word in found)
        _RECORD_WORDS[2] = frozenset(found)


def _capitalized_inside(words: list[str], i: int, lexicon: Lexicon, record: str) -> bool:
    """In Latin script, is the word written with a capital inside its clause (… dariye Sudeshna
    ghori dekhlen): a name, where things are written in lower case? Not a name's genitive, whose
    stem the ``record`` writes as a word of its own (Rumar haate, beside Ruma)."""
    if not (lexicon.script == "latn" and i > 0 and words[i][:1].isupper() and words[i][1:2].islower()):
        return False
    record_words = _record_words(record)
    for stem in genitive_stems(lexicon.key(words[i]), lexicon):
        for form in {stem, words[i][:len(stem)].casefold()}:
            at = bisect_left(record_words, form)
            if at < len(record_words) and record_words[at] == form:
                return False
    return True


def _lower_case_word(word: str, key: str, lexicon: Lexicon, index: SpeakerIndex | None) -> bool:
    """In romanized text, a word in lower case that is neither a person word nor a listed name
    (``Phir wapas mudkar boli``): names are written with a capital there, so it is no subject."""
    return lexicon.script == "latn" and word[:1].islower() and not lexicon.person_word(key) \
        and (index is None or index.match(word) is None)


#: without an overt subject, the first word of a clause is taken as its subject only this near the verb
_GUESSED_SUBJECT_REACH = 3


#: a clause set off by commas inside a frame (… का, जो …, जवाब आया)
_ASIDE_BETWEEN_COMMAS = regexcache.compile(r",[^,\n]{1,80},")


def _without_relative_clauses(frame: str, lexicon: Lexicon) -> str:
    """The frame without a clause a relative pronoun opens between two commas, which describes the
    word before it (राजू, जो अब तक दीवार से टिका खड़ा था, एक क़दम आगे आया → राजू एक क़दम आगे आया), or
    a noun phrase in apposition there that ends in a person word and has no verb of its own (পল্টু,
    বছর বারোর ছেলে, আলমারির পেছন থেকে বেরিয়ে এল → পল্টু আলমারির পেছন থেকে বেরিয়ে এল)."""
    relatives = lexicon.narrative["relative_pronouns"]

    def dropped(aside: re.Match) -> str:
        words = TOKEN.findall(aside.group())
        if not words:
            return aside.group()
        keys = [lexicon.key(word) for word in words]
        if keys[0] in relatives:
            return " "
        # (a description: a person noun ends it, not a name with its title, आरव के पापा, मिश्रा जी, का …)
        apposed = len(keys) > 1 and keys[-1] not in lexicon.name_titles \
            and (keys[-1] in lexicon.person_nouns or _definite_person(keys[-1], lexicon)) \
            and not any(_finite_verb(key, lexicon) or key in lexicon.auxiliaries
                        or key in lexicon.narrative["reporting_verbs"] for key in keys)
        return " " if apposed else aside.group()
    return _ASIDE_BETWEEN_COMMAS.sub(dropped, frame)
#: at most this many words (एक और लंबा, একটা, छोटा-सा) stand between a message's owner and its noun
_OWNER_TO_NOUN = 3
#: a verb of coming follows a voice noun within this many words, a message noun within this many
_VOICE_TO_VERB, _MESSAGE_TO_VERB = 3, 5


def _voice_owner(tokens: list[tuple[str, str]], lexicon: Lexicon, index: SpeakerIndex | None,
                 reporting_at: int | None = None, record: str = "") -> tuple[str, bool] | None:
    """The person whose voice or message a clause says came or rang out (रसोई से पापा की आवाज़ आई,
    রান্নাঘর থেকে মায়ের গলা ভেসে এল, kitchen se Mummy ki awaaz aayi; गुप्ता जी का एक और मैसेज आया,
    রহমান সাহেবের একটা ইমেইল এল): a listed speaker or a person word, with a genitive marker or
    ending, before a voice or message noun (a word or two between them) that a verb of coming
    follows within three words. Not a thing's sound (दरवाज़े की आवाज़ आई), nor a voice heard by
    the subject (माँ की आवाज़ सुनकर नेहा बोली): only where the clause has no reporting verb
    (``reporting_at``, its first) but the noun itself (Arnab er reply elo). A name the lexicon does
    not know, with or without its title, owns a message where the ``record`` names it again.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> hi = load_lexicon("hi")
    >>> _voice_owner(_frame_keys("रसोई से पापा की आवाज़ आई", hi), hi, None)
    ('पापा', True)
    >>> frame = "रात को गुप्ता जी का एक और मैसेज आया"
    >>> _voice_owner(_frame_keys(frame, hi), hi, None, record=f"गुप्ता जी किराया माँगते हैं। {frame}:")
    ('गुप्ता जी', True)
    >>> _voice_owner(_frame_keys("दरवाज़े की आवाज़ आई", hi), hi, None) is None
    True
    """
    narrative = lexicon.narrative
    keys = [k for _, k in tokens]
    if not _names_a_voice(keys, narrative):
        return None   # (most frames: no such noun, nothing to build)
    voices: frozenset = narrative.get("voice_nouns") or frozenset()
    messages: frozenset = narrative.get("message_nouns") or frozenset()
    verbs: frozenset = narrative.get("voice_verbs") or frozenset()
    words = [w for w, _ in tokens]
    genitive_words = narrative["possessive_markers"] | lexicon.addressees["genitive_words"]
    for i, key in enumerate(keys):
        # (a verb of coming after it, a message's past a time said between them, कबीर का जवाब दो मिनट में
        # आया; or the noun ends the frame: দিদির রিপ্লাই:)
        reach = _MESSAGE_TO_VERB if key in messages else _VOICE_TO_VERB
        if key not in voices and key not in messages or i == 0 or reporting_at is not None and reporting_at != i \
                or not (any(k in verbs for k in keys[i + 1:i + 1 + reach]) or i == len(keys) - 1):
            continue
        # the owner's genitive, right before the noun or a word or two before it (… का एक और मैसेज)
        owners: list[str] = []
        for at in range(i - 1, max(i - 2 - _OWNER_TO_NOUN, -1), -1):
            if keys[at] in lexicon.pronouns or keys[at] in narrative["first_person_other"]:
                break   # (a pronoun's: আপনার উত্তর:, मेरा मैसेज: no one the frame names)
            if keys[at] in genitive_words:   # पापा की आवाज़, Ma-r gola
                owners = [" ".join(words[at - 2:at])] if at >= 2 else []
                owners += [words[at - 1]] if at >= 1 else []
                owner_at = at - 1
            else:   # মায়ের গলা: the genitive ending, every reading (the longest first)
                stems = genitive_stems(words[at], lexicon)
                owners = [f"{words[at - 1]} {stem}" for stem in stems if at >= 1] + stems
                owner_at = at
            if owners or keys[at] in voices or keys[at] in messages or lexicon.person_word(keys[at]) \
                    or index is not None and index.match(words[at]) is not None:
                break   # (the nearest genitive; a person or another such noun between ends the search)
        for owner in owners:
            name = index.match(owner) if index is not None else None
            if name is not None:
                return name, False
        # (in Latin script a name written with a capital inside the frame is one however often the
        # record names it: … delivery boy Pappu ka message aaya)
        capitalized = bool(owners) and owner_at >= 1 and _capitalized_inside(words, owner_at, lexicon, record)
        for owner in owners:
            parts = owner.split()
            first_key = lexicon.key(parts[0]) if parts else ""
            if len(parts) == 2 and (lexicon.key(parts[1]) in lexicon.name_titles
                                    or _role_word(lexicon.key(parts[1]), lexicon)
                                    and first_key not in lexicon.clause_openers   # (not जब माँ की आवाज़, হতেই …)
                                    and not _closes_clause(first_key, lexicon)
                                    # (nor a noun a numeral or adjective modifies: रात दस बजे मामी का फ़ोन)
                                    and not (owner_at >= 2 and _modifier(keys[owner_at - 2], lexicon))) \
                    and _name_like(_frame_keys(parts[0], lexicon), 0, lexicon):
                # (a name with its title, kin term or trade, named once: यादव जी की आवाज़ आई, ফটিক মাঝির হাঁক
                # শোনা গেল; not जी alone)
                return owner, True
            for form in (owner, *direct_forms(owner, lexicon)):
                # (and a voice a name with a capital inside the sentence owns, in Latin script: Phone ke
                # speaker se Riya ki ghabraayi hui aawaz aayi; a thing's sound is written in lower case)
                if _a_person(form, lexicon) or (key in messages or capitalized) and _a_name(form, lexicon, record,
                                                                                          capitalized):
                    return form, True
    return None


def _describes_a_voice(words: list[str], keys: list[str], i: int, lexicon: Lexicon, case_markers: frozenset) -> bool:
    """Does ``words[i]`` describe the voice noun in a case right after it, the manner of speaking
    (``কড়া গলায় বললেন``, ``নরম স্বরে``, ``धीमी आवाज़ में``: ``narrative.voice_nouns``), never the subject?"""
    voices = lexicon.narrative.get("voice_nouns") or frozenset()
    if not voices or i + 1 >= len(keys):
        return False
    after = keys[i + 1]
    return after in voices and i + 2 < len(keys) and keys[i + 2] in case_markers \
        or after not in voices and _in_an_adverbial_case(words[i + 1], after, lexicon) \
        and any(after.startswith(voice) for voice in voices)


def _names_a_voice(keys: list[str], narrative: dict) -> bool:
    """Has the frame a voice or message noun (आवाज़, মেসেজ, reply) at all?"""
    voices = narrative.get("voice_nouns") or frozenset()
    messages = narrative.get("message_nouns") or frozenset()
    return any(k in voices or k in messages for k in keys)


def _a_person(words: str, lexicon: Lexicon) -> bool:
    """Are ``words`` a person by their words: a person word, a title fused into one (বড়মামা), or
    one with titles after it (चाचा जी, মামা বাবু)?"""
    keys = [lexicon.key(word) for word in words.split()]
    if not keys:
        return False
    if len(keys) == 1:
        return lexicon.person_word(keys[0]) or lexicon.titled(keys[0])
    return lexicon.person_word(" ".join(keys)) or lexicon.person_word(keys[0]) \
        and all(key in lexicon.name_titles for key in keys[1:])


def _a_name(words: str, lexicon: Lexicon, record: str, capitalized: bool = False) -> bool:
    """Are ``words`` a character's name: each a word that can be a name (:func:`_name_like`) or,
    after the first, a title (वर्मा सर, রহমান সাহেব), the first named again in the ``record`` (or,
    ``capitalized``, written with a capital inside its sentence)?"""
    tokens = [(word, lexicon.key(word)) for word in words.split()]
    return bool(tokens) and bool(record) and (capitalized or _named_again(tokens[0][0], record)) \
        and _name_like(tokens, 0, lexicon) \
        and all(key in lexicon.name_titles or _name_like(tokens, j, lexicon) for j, (_, key) in enumerate(tokens[1:], 1))


def _a_thing(keys: list[str], i: int, lexicon: Lexicon, words: list[str] | None = None) -> bool:
    """Is ``keys[i]`` a thing, never a frame's subject: possessed (राजू के बाल सहलाते हुए बोलीं,
    চশমাটা বইয়ের ওপর রেখে বললেন) or definite (গলাটা নামিয়ে বললেন; written apart, Boi ta namiye bollen),
    and no person word (राजू के पिता बोले, ছেলেটা বলল)? In Latin script a word written with a capital
    (``words``) is a name whatever its ending (bollo Ankita, Mita: not a definite -ta)."""
    narrative = lexicon.narrative
    key = keys[i]
    # (the possessor's marker written apart, राजू के बाल, or its genitive ending, টেবিলের ওপর)
    possessed = i > 0 and (keys[i - 1] in narrative["possessive_markers"] or _genitive(keys[i - 1], lexicon))
    # (the definite mark on the word, or written apart after it: Boi ta namiye bollen)
    named = lexicon.script == "latn" and words is not None and words[i][:1].isupper() and not words[i].isupper()
    definite = not named and _definite_suffix(key, lexicon) is not None \
        or i + 1 < len(keys) and keys[i + 1] in narrative["definite_suffixes"]
    if not (possessed or definite):
        return False
    stem = next((key[:-len(suffix)] for suffix in narrative["definite_suffixes"] if key.endswith(suffix)), key)
    return not (lexicon.person_word(key) or lexicon.person_word(stem))


def _turned_to(words: list[str], keys: list[str], i: int, lexicon: Lexicon) -> bool:
    """Is ``words[i]`` the person a frame turns to (মায়ের দিকে ফিরে, Ghoshal-babur dike), or the title
    their name opens with (মিসেস in ``তারপর মিসেস বসুর দিকে ফিরে …``), not its subject?"""
    if toward_candidates(words, keys, i, lexicon):
        return True
    after = toward_candidates(words, keys, i + 1, lexicon)
    return bool(after) and (keys[i] in lexicon.narrative.get("prefix_titles", ())
                            or any(lexicon.key(c) in lexicon.name_titles for c in after))


def _modifies_turned_to(words: list[str], keys: list[str], i: int, lexicon: Lexicon,
                        index: SpeakerIndex | None) -> bool:
    """Is ``words[i]`` a word of the noun phrase of the person a frame turns to, right before
    them (ছোট্ট in ``তারপর ছোট্ট পিকলুর দিকে ফিরে বললেন``, नन्हे in ``नन्हे टुन्नू की ओर मुड़कर``)?
    Not a listed name or a person word: those are the subject (``মিঠি টুটুলের দিকে ফিরে বলল``); nor,
    says the frame's caller, a word the record names again (``টুকুন জানলার দিকে তাকাল``)."""
    if not toward_candidates(words, keys, i + 1, lexicon) or keys[i + 1] in lexicon.third_person_pronouns:
        return False   # (… Bishu tar dike haat nere: the one turned to is a pronoun, not a phrase with the word)
    return (index is None or index.match(words[i]) is None) and not lexicon.person_word(keys[i])


def _names_the_one_turned_to(words: list[str], keys: list[str], i: int, lexicon: Lexicon, record: str) -> bool:
    """Is ``words[i]`` the name before the kin term or title of the person a frame turns to, the
    record writing the two as one name elsewhere too (তারপর সরলা মাসির দিকে ফিরে বললেন, after সরলা
    মাসি … দাঁড়াল: not মিঠি মায়ের দিকে ফিরে বলল, Mithi turning to her mother)?"""
    candidates = toward_candidates(words, keys, i + 1, lexicon)
    if not candidates:
        return False
    pairs = _pairs_written(record)
    return any(lexicon.person_word(lexicon.key(c)) and pairs.get(f"{words[i]} {c}", 0) >= 2 for c in candidates)


def _has_ending(key: str, endings) -> bool:
    """Does the word end in one of the endings, on a stem of two letters or more?"""
    return any(key.endswith(e) and len(key) > len(e) + 1 for e in endings)


def _closes_clause(key: str, lexicon: Lexicon) -> bool:
    """Does the word end a participle clause before the main one (থামিয়ে, তুলে, देखकर, পড়তেই,
    निकालते हुए)?"""
    narrative = lexicon.narrative
    return _verb_like(key, lexicon) or key in narrative["clause_breaks"] or key in lexicon.auxiliaries or bool(
        narrative["clause_break_suffixes"]) and key.endswith(narrative["clause_break_suffixes"]) \
        or lexicon.script != "beng" and _has_ending(key, narrative["participle_endings"]) \
        or _has_ending(key, narrative["clause_participle_endings"])


def _after_participle_clauses(keys: list[str], candidates: list[tuple[int, str]], cut: int,
                              lexicon: Lexicon, record: str = "", end: int | None = None) -> list[tuple[int, str]]:
    """The candidates for a guessed subject once participle clauses before it are passed: after a
    clause that ends in -তেই / -ते ही (``cut``), and, where the sentence does not open with its
    first candidate, after the last participle that follows it (গেটের সামনে সাইকেল থামিয়ে নিতাই হাঁক
    দিল: সাইকেল is the participle's object, নিতাই the subject). A sentence that opens with its
    subject keeps it (নীলা হাত ধুয়ে ছুরি নিল: ছুরি is an object), unless only the word after the
    participle is one the ``record`` names again (थैला कंधे से उतारते हुए मुकेश बोला), and where the opening
    word, named again, ends its clause in a finite verb (राजू उठा, फ़ोन जेब में ठूँसा …). Only words before
    the reporting verb (at ``end``) are passed to (হতভাগা বলে কিনা: no word after the verb)."""
    if cut >= 0 and any(i > cut for i, _ in candidates):
        candidates = [(i, w) for i, w in candidates if i > cut]
    first = candidates[0][0]
    later = [(i, w) for i, w in candidates[1:] if (end is None or i < end)
             and any(_closes_clause(keys[j], lexicon) for j in range(first + 1, i))]
    if not later:
        return candidates
    opens = first == 0 or cut >= 0 and first == cut + 1
    if opens and record and _closes_clause(keys[first + 1], lexicon) and _named_again(candidates[0][1], record) \
            and not _named_again(later[0][1], record) and not genitive_stems(keys[first], lexicon):
        # (a name the record writes again opens the sentence before its own participle, and the word
        # after the participles is one it writes once: বাপিদা উঠে এসে দুটো বোতাম টিপল)
        return candidates
    if opens and record and _named_again(candidates[0][1], record) \
            and _finite_verb(keys[max(j for j in range(first + 1, later[0][0]) if _closes_clause(keys[j], lexicon))], lexicon):
        # (a name the record writes again opens the sentence and ends its clause in a finite verb: the
        # clauses after it go on with that subject, a word opening one is their object: राजू हड़बड़ाकर
        # उठा, फ़ोन जेब में ठूँसा …)
        return candidates
    if opens and not _closes_clause(keys[first + 1], lexicon):
        # (the opening word right before its participle is the participle's object: মাথা নেড়ে রঘু বলল;
        # in Latin script a capital inside the sentence names the subject: Line er majhe … darano Bishu)
        name_after = lexicon.script == "latn" and later[0][1][:1].isupper() and later[0][1][1:2].islower() \
            and not candidates[0][1][1:2].isupper()
        if not name_after and (not record or _named_again(candidates[0][1], record)
                               or not _named_again(later[0][1], record)):
            return candidates
    last_break = max(j for j in range(first + 1, later[-1][0]) if _closes_clause(keys[j], lexicon))
    return [(i, w) for i, w in candidates if i > last_break]


def _in_an_adverbial_case(word: str, key: str, lexicon: Lexicon) -> bool:
    """Does the word end in the language's locative or participle ending (মাথায়, গোড়ায়, ভিজে), not
    being a person word (মেয়ে, ছেলে) or, in Latin script, a name written with a capital?"""
    endings = lexicon.narrative["adjunct_endings"]
    return _has_ending(key, endings) \
        and not lexicon.person_word(key) and not (lexicon.script == "latn" and word[:1].isupper())


def _modifier(key: str, lexicon: Lexicon) -> bool:
    """Does the word modify the noun after it (``noun_context.before``: a demonstrative, numeral, adjective
    or genitive: এই নৌকো, এক কোণে, दस बजे), a title aside (a title goes with the name after it)?"""
    return key in lexicon.noun_before and key not in lexicon.name_titles


def _possessor_of_a_place(keys: list[str], i: int, lexicon: Lexicon) -> bool:
    """Is the word in a genitive (-র included) before a word that ends an adverbial of place or
    time (জানলার ধারে, উনুনের পাশ থেকে), a word that modifies it perhaps between (ডিপোর এক কোণে)? Then
    it is that adverbial's, not the subject."""
    j = i + 1
    while j + 1 < len(keys) and _modifier(keys[j], lexicon):
        j += 1
    return j < len(keys) and bool(genitive_stems(keys[i], lexicon)) and not lexicon.person_word(keys[i]) \
        and _closes_adjunct(keys[j], lexicon) and not _verb_like(keys[j], lexicon) \
        and not _participle_by_its_ending(keys[j], lexicon)


def _participle_by_its_ending(key: str, lexicon: Lexicon) -> bool:
    """Does the word end in a participle's ending of three signs or more (-িয়ে), a root's the lexicon
    may not know (বেরিয়ে, গুছিয়ে): a verb, which no genitive goes before (তানভীর বেরিয়ে এল: a name in
    -র, not "Tanvi's")? Not a case marker (দিয়ে, নিয়ে: with)."""
    return key not in case_markers_of(lexicon) and any(
        len(ending) >= 3 and key.endswith(ending) and len(key) > len(ending) + 1
        for ending in lexicon.narrative.get("root_participle_endings", ()))


def _name_ending_in_r(word: str, key: str, lexicon: Lexicon, record: str) -> bool:
    """Is a word a genitive reads only by a one-letter ending a name of its own: in Latin script,
    written with a capital, one the record writes again, and never its stem alone (Tupur phone theke
    mukh tullo, Tupur … again, no Tupu: Tupur, not "Tupu's phone")?"""
    if lexicon.script != "latn" or not word[:1].isupper():
        return False   # (in an Indic script a thing's genitive written twice reads the same: চুল্লির … চুল্লির)
    stems = genitive_stems(key, lexicon)
    if not record or not stems or any(len(key) - len(stem) >= 2 for stem in stems) or not _named_again(word, record):
        return False
    words = _record_words(record)
    stem = word[:len(word) - 1].casefold()
    return bisect_right(words, stem) - bisect_left(words, stem) == 0


def _stem_written_apart(word: str, lexicon: Lexicon, record: str) -> bool:
    """In an Indic script, is a word with a genitive ending one whose stem the record writes as a
    thing: made definite (খাতার, where খাতাটা আনো) or owned (দড়ির, where … সামনের দড়ি খোল): a thing's
    genitive, no name's (ঋতজার, where ঋতজা acts; মিহির: the record writes no মিহি)?"""
    if lexicon.script == "latn" or not record:
        return False
    stems = genitive_stems(word, lexicon)
    if not stems:
        return False
    words = _record_words(record)
    definite = lexicon.narrative.get("definite_suffixes", ())
    owned = _owned_words(record, lexicon)
    for stem in stems:
        for form in (stem + suffix for suffix in definite):
            form = form.casefold()
            if bisect_right(words, form) > bisect_left(words, form):
                return True
        # (bare, after a genitive of its own, a thing someone has: সামনের দড়ি, খড়ের চালা; a name is
        # written bare too, as a subject: ঋতজা … ঋতজার মুখ)
        if stem in owned:
            return True
    return False


_OWNED_WORDS: list = ["", None, frozenset()]


def _owned_words(record: str, lexicon: Lexicon) -> frozenset:
    """The words the record writes right after a genitive (সামনের দড়ি, খড়ের চালা: দড়ি, চালা), read once per
    record and lexicon (asked of every frame's candidates, a search of the record each time grew with its
    square)."""
    if _OWNED_WORDS[0] is not record or _OWNED_WORDS[1] is not lexicon:
        _OWNED_WORDS[0] = record
        _OWNED_WORDS[1] = lexicon
        _OWNED_WORDS[2] = frozenset(second for first, seconds in _words_after(record).items()
                                    if _genitive(lexicon.key(first), lexicon) for second in seconds)
    return _OWNED_WORDS[2]


def _closes_adjunct(key: str, lexicon: Lexicon) -> bool:
    """Does the word close an adverbial that may stand before a clause's subject: a case marker
    or postposition, a participle (देखकर, উঠে, দাঁড়িয়ে), an auxiliary (उतरते हुए), or a word with
    the language's locative or participle ending (ফোনের ওপাশে, স্কুল থেকে এসে)? Then the word after
    it may open the clause (पिंकी की तरफ़ देखकर राजू मुस्कुराया।)."""
    narrative = lexicon.narrative
    if key in narrative["subject_markers"]:
        return False   # (राजू ने …: an agent, not an adverbial)
    endings = narrative["participle_endings"] + narrative["adjunct_endings"]
    return key in lexicon.clauses["case_markers"] or key in narrative["case_markers"] \
        or key in lexicon.postpositions or key in lexicon.auxiliaries or _closes_clause(key, lexicon) \
        or _has_ending(key, endings)


def _genitive(key: str, lexicon: Lexicon) -> bool:
    """Has the word a genitive ending of two letters or more (chhader kinar theke, ছাদের
    কিনার থেকে), or of one on a person word (দাদির ভুরু: a kin term's): a possessor, never a guessed
    subject. (A one-letter -র ends names too.)"""
    return any(len(key) - len(stem) >= 2 or lexicon.person_word(stem) for stem in genitive_stems(key, lexicon))


def _verb_like(key: str, lexicon: Lexicon) -> bool:
    """A word a subject never is: a verb form or root, or a root's participle (করে, উঠে) (a
    frame's subject is a noun phrase)."""
    if key in lexicon.verb_roots or key in lexicon.bare_stems or key in lexicon.exact_verbs:
        return True
    narrative = lexicon.narrative
    if not narrative:
        return False
    for ending in narrative.get("root_participle_endings", ()):
        if key.endswith(ending) and len(key) > len(ending):
            stem = key[:-len(ending)]
            if stem in lexicon.verb_roots or _raised_root(stem, narrative.get("participle_vowels") or {}) \
                    in lexicon.verb_roots:
                return True
    # (with an emphatic clitic: বসেই, শুনেই)
    return any(key.endswith(clitic) and len(key) > len(clitic) + 1 and _verb_like(key[:-len(clitic)], lexicon)
               for clitic in narrative.get("emphatic_clitics", ()))


def _describes_the_next(keys: list[str], i: int, lexicon: Lexicon) -> bool:
    """Is word ``i`` a root's adjective that describes the noun after it, after an adverbial of place
    (পাশে বসা মিঠু হাত তুলল, सीढ़ियों पर दौड़ता छोटू रुका, पीछे खड़ा रोहित हँसा)? Not a name that ends
    like a participle (रसोई से सुनीता झाँकते हुए बोली: सुनी is no root)."""
    return i >= 1 and _root_adjective(keys[i], lexicon) \
        and (_closes_adjunct(keys[i - 1], lexicon) or keys[i - 1] in lexicon.addressees["adverbs"])


def _root_adjective(key: str, lexicon: Lexicon) -> bool:
    """Is the word a verb root's adjective (বসা "seated", শোয়া, दौड़ता; ``narrative.root_adjective_endings``),
    or an adjective of a stance that is no root's (खड़ा; ``narrative.stance_adjectives``)?"""
    if key in lexicon.narrative.get("stance_adjectives", ()):
        return True
    for ending in lexicon.narrative.get("root_adjective_endings", ()) if lexicon.narrative else ():
        if key.endswith(ending) and len(key) > len(ending) and key[:-len(ending)] in lexicon.verb_roots:
            return True
    return False


def _raised_root(stem: str, vowels: dict) -> str | None:
    """The root of a participle stem whose first vowel the participle raised (রেখ → রাখ in রেখে,
    খুল → খোল in খুলে; ``vowels``: participle vowel → root vowel), else None.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> vowels = load_lexicon("bn").narrative["participle_vowels"]
    >>> _raised_root("রেখ", vowels), _raised_root("লিখ", vowels)
    ('রাখ', None)
    """
    for position, letter in enumerate(stem):
        root_vowel = vowels.get(letter)
        if root_vowel is not None:
            return stem[:position] + root_vowel + stem[position + 1:]
    return None


def _clause_subject(tokens: list[tuple[str, str]], lexicon: Lexicon,
                    index: SpeakerIndex | None) -> tuple[str, bool] | None:
    """The overt subject of a narration clause, scanning from its start: a 1st-person
    subject (the narrator), a 3rd-person pronoun, the word(s) before the ergative
    marker, or a listed speaker that no case marker follows."""
    narrative = lexicon.narrative
    keys = [k for _, k in tokens]
    markers = narrative["subject_markers"]
    case_markers = narrative["case_markers"]
    words = [w for w, _ in tokens]
    for i, (word, key) in enumerate(tokens):
        if _turned_to(words, keys, i, lexicon):
            continue
        if key in narrative["narrator_subjects"]:
            return f"{narrative['narrator']} (narrator)", True
        if key in narrative["pronoun_subjects"] and (i == 0 or key not in narrative["clause_initial_only"]):
            return f"{narrative['pronoun_subjects'][key]} (unnamed)", True
        following = keys[i + 1] if i + 1 < len(keys) else None
        if key not in narrative["frame_words"]:   # (Tarpor Ghoshal …: not a name)
            name = _listed_name_at(tokens, i, case_markers, index)
            if name is not None:
                return name, False
        if key in narrative["prefix_titles"] and following is not None and _name_like(tokens, i + 1, lexicon) \
                and not (i + 2 < len(keys) and (keys[i + 2] in case_markers
                                                or keys[i + 2] in narrative["possessive_markers"]
                                                or keys[i + 2] in lexicon.clauses["case_markers"]
                                                or keys[i + 2] in lexicon.postpositions)) \
                and not any(k in markers for k in keys[i + 2:i + 4]):
            # a title written before a name opens the subject (Mrs. Chatterjee darjar kachhe … dhuklen,
            # ইন্সপেক্টর বাগচী …; the title goes back on as written: see _as_named); not a possessor's
            # (Mrs. Kapoor ki beti), one in a case (দারোগা টেবিল থেকে …: the officer, a thing after him), nor an
            # agent the ergative marks, whose name may be of two words (डॉ. नंदिता राव ने: read at the word
            # before ने)
            return words[i + 1], True
        if key in narrative["prefix_titles"] and following is not None and following not in markers \
                and _name_like(tokens, i + 1, lexicon) and any(k in markers for k in keys[i + 2:i + 4]):
            continue   # (सरपंच बलवंत सिंह ने: the agent is read at the word before ने, the title put back on)
        if following is not None and following in markers and key not in narrative["frame_words"]:
            if key in narrative.get("indefinites", frozenset()):
                return None   # (किसी ने कंधा थपथपाया: someone the scene does not name)
            return _with_name(tokens, i, lexicon), True   # राजा ने कहा: the word right before ने (जमील चाचा ने)
        if i + 2 < len(keys) and keys[i + 2] in markers and lexicon.person_word(key) and _name_like(tokens, i + 1, lexicon):
            continue   # (… दी प्रतीक ने, उसकी दोस्त ज़ोया ने: the name the ergative marks is the subject)
        if i + 2 < len(keys) and keys[i + 2] in markers and lexicon.person_word(key) and lexicon.person_word(keys[i + 1]) \
                and key not in narrative["frame_words"] and keys[i + 1] not in lexicon.name_titles:
            return f"{word} {words[i + 1]}", True   # (बुज़ुर्ग महिला ने: two person words, one noun phrase)
        if i > 0 and keys[i - 1] in lexicon.verb_roots and (following is None or following in lexicon.auxiliaries):
            continue   # (a verb's second part after its root, आँच धीमी कर दी: "gave", not दी the sister)
        if i > 0 and key in narrative.get("light_verbs", ()) and (following is None or following in lexicon.auxiliaries) \
                and keys[i - 1] not in narrative["reporting_verbs"]:
            continue   # (a light verb after its noun ends the clause, आवाज़ दी, awaaz di: "called", not दी the sister)
        if following not in case_markers and following not in markers and (
                key in lexicon.person_nouns or key in lexicon.nominal_address or lexicon.titled(key)
                or _definite_person(key, lexicon)   # (ছেলেটা মাথা নাড়ল: a person noun made definite)
                # a name before its title (शर्मा जी); never a verb before a title that opens
                # the subject (… জিজ্ঞেস করলেন ডাক্তার সেন)
                or (following is not None and following in lexicon.name_titles
                    and not _verb_like(key, lexicon) and key not in narrative["reporting_verbs"]
                    and not _finite_verb(key, lexicon)   # (ভেতরে ঢুকলেন প্রফেসর বাগচী: the title opens the subject)
                    and key not in lexicon.auxiliaries   # (… দাঁড়িয়ে ছিলেন মিসেস সেন: the title opens the subject)
                    and key not in narrative["frame_words"]   # (तब मास्टर जी ने …: "then", no name)
                    # (nor a noun before a light verb that ends the clause: awaaz di, "called")
                    and not (following in narrative.get("light_verbs", ())
                             and (i + 2 == len(keys) or keys[i + 2] in lexicon.auxiliaries))
                    # (nor an adverb: … dike phire Doctor-didi bollen)
                    and key not in lexicon.addressees["adverbs"]
                    and key not in case_markers and key not in lexicon.clauses["case_markers"]   # (ভিড় থেকে মিসেস রায়)
                    # (a place or prop in a case, or any word, before a title that opens the name after it:
                    # ব্যাগ কাঁধে অধ্যাপক মিত্র, … থেকে এসেছেন মিস রায়)
                    and not (following in narrative["prefix_titles"]
                             and i + 2 < len(keys) and _name_like(tokens, i + 2, lexicon))
                    # (nor a genitive: হাতের দা, "the machete in his hand", not a brother দা)
                    and not _genitive(key, lexicon)
                    and not (i > 0 and keys[i - 1] in narrative["reporting_verbs"]))):   # জিজ্ঞেস করলেন
            # a kin term, title or person noun (चाचा जी … बोले, মাস্টারমশাই বললেন), with the title
            # that follows it: the name as the text writes it (मिश्रा सर, সেন বাবু)
            if following is not None and following in lexicon.name_titles:
                if i + 2 < len(keys) and (keys[i + 2] in case_markers or keys[i + 2] in narrative["possessive_markers"]
                                          or lexicon.script == "latn" and _name_like(tokens, i + 2, lexicon)):
                    continue   # (Ganesh ji ka sticker: a possessor, not the subject; team lead Mrs. Kapoor: the
                    # title opens the name after it)
                return f"{word} {tokens[i + 1][0]}", True
            # a listed name in apposition to the role or kin term is the subject (दुकान की मालकिन
            # रुखसाना बी बोलीं, কনের মা শ্রাবণী দেবী বললেন)
            apposed = _listed_name_at(tokens, i + 1, case_markers, index)
            if apposed is not None:
                return apposed, False
            if i > 0 and _definite_person(key, lexicon) and _name_like(tokens, i - 1, lexicon):
                return f"{words[i - 1]} {word}", True   # (ক্যাশিয়ার মেয়েটি: the description it is known by)
            return _with_name(tokens, i, lexicon), True
    return None


def _with_name(tokens: list[tuple[str, str]], i: int, lexicon: Lexicon) -> str:
    """The subject word at ``i`` with the name it stands with: a kin term or title after a name
    keeps the name before it (in Latin script: Kusum thakuma, Gupta uncle; in an Indic script before
    the ergative: जमील चाचा ने); in Latin script a role or kin word in lower case before a name written
    with a capital gives way to it (or bondhu Bapi, uska dost Bunty), unless a case marker follows
    the name (apni poti Chutki ki taraf). A name is a word the lexicon reads as none of its classes;
    in Latin script it has a capital, and a capital that opens the sentence does not count."""
    word, key = tokens[i]
    latin = lexicon.script == "latn"
    narrative = lexicon.narrative
    in_a_case = i + 2 < len(tokens) and (tokens[i + 2][1] in narrative["case_markers"]
                                         or tokens[i + 2][1] in narrative["possessive_markers"])
    if latin and word[:1].islower() and i + 1 < len(tokens) and _role_word(key, lexicon) and not in_a_case \
            and _name_like(tokens, i + 1, lexicon):
        after = tokens[i + 1][0]
        if i + 2 < len(tokens) and (tokens[i + 2][1] in lexicon.name_titles
                                    or lexicon.nominal_address.get(tokens[i + 2][1]) is not None):
            return f"{after} {tokens[i + 2][0]}"   # (or mama Shyamal babu)
        return after
    follows_names = key in lexicon.name_titles or key in lexicon.nominal_address or lexicon.titled(key)
    # (in an Indic script only before the ergative, or opening the clause: a word before a kin term
    # inside it is as often a noun of the clause, दस्तक दी …, as a name; মিনতি কাকিমা দরজায় …; not
    # before a parent's term, which a child's name or a time word goes before: সকালবেলা মা …)
    marked = i + 1 < len(tokens) and tokens[i + 1][1] in narrative["subject_markers"]
    opens = i == 1 and key not in lexicon.relatives_after_name
    # (or opening its clause after an adverbial or a word of time: तभी दरवाज़े पर रज़िया खाला आईं;
    # তখনই মিনতি দিদি এলেন; in Latin script a capital that opens the sentence counts here, before a
    # kin term or title that is not a parent's: Jagdish kaka ne …, Ghosh aunty …)
    # (not after a word that makes it a description, एक बूढ़ी अम्मा, उनका बेटा; nor a name with its
    # title fused, ক্লাবের সেক্রেটারি বিমলবাবু)
    opens = opens or i > 1 and key not in lexicon.relatives_after_name \
        and (key in lexicon.name_titles or key in lexicon.nominal_address) \
        and tokens[i - 2][1] not in narrative.get("indefinites", ()) \
        and tokens[i - 2][1] not in narrative.get("numerals", ()) and not _genitive_pronoun(tokens[i - 1][1], lexicon) \
        and (_closes_adjunct(tokens[i - 2][1], lexicon) or tokens[i - 2][1] in narrative["frame_words"])
    if follows_names and i > 0 and ((i > 1 or opens) if latin else marked or opens) and _name_like(tokens, i - 1, lexicon) \
            and not (i > 1 and tokens[i - 2][1] == tokens[i - 1][1]):   # (सुबह-सुबह माँ ने: an adverbial)
        return f"{tokens[i - 1][0]} {word}"
    return word


def _name_like(tokens: list[tuple[str, str]], j: int, lexicon: Lexicon) -> bool:
    """Can the word at ``j`` be a person's name: in Latin script written with a capital (not all
    capitals); in any script no word of the lexicon's classes, no verb, no genitive or adverbial
    case, no thing, no plural, no role word or title?"""
    word, key = tokens[j]
    narrative = lexicon.narrative
    if lexicon.script == "latn" and not (word[:1].isupper() and not word.isupper()):
        return False
    return not (key in narrative["frame_words"] or key in lexicon.addressees["adverbs"] or key in lexicon.particles
                or key in lexicon.auxiliaries or key in lexicon.pronouns or key in lexicon.third_person_pronouns
                or key in lexicon.first_person_pronouns or key in lexicon.question_words
                or key in lexicon.clauses["case_markers"] or key in narrative["case_markers"]
                or key in narrative["subject_markers"] or key in narrative["reporting_verbs"]
                or key in lexicon.interjections or key in lexicon.greetings
                or key in narrative.get("indefinites", frozenset()) or key in lexicon.name_titles
                or _role_word(key, lexicon) or _verb_like(key, lexicon) or _finite_verb(key, lexicon)
                or _genitive(key, lexicon) or _in_an_adverbial_case(word, key, lexicon)
                # (in Latin script a capital inside the clause makes a name of a word that ends like a
                # definite thing: … theke Shanti mashi …, Mita; not Boi-ta opening it)
                or _definite_thing(key, lexicon) and not (lexicon.script == "latn" and (j > 0 or not _known_stem(key, lexicon)))
                or _has_ending(key, narrative.get("plural_endings", ()))
                # (a thing the lexicon knows, written with a capital: … ko WhatsApp kiya; an animal's word may
                # be a name, Moyna mashi)
                or any(key in narrative.get(things, ()) for things in _THING_LISTS))


def _known_stem(key: str, lexicon: Lexicon) -> bool:
    """In Latin script, is a word in -ta/-ti a thing the lexicon knows made definite (Mukhta: a body part),
    not a name that ends so (Ishita, Maloti: romanized, ট and ত are one letter)?"""
    suffix = _definite_suffix(key, lexicon)
    stem = key[:-len(suffix)] if suffix else key
    narrative = lexicon.narrative
    return any(stem in narrative.get(things, ()) for things in (*_THING_LISTS, "animal_nouns")) \
        or bool(lexicon.classify(stem)[0])


#: the lexicon's lists of things a story makes definite, never names (an animal's word may be one, Moyna: its
#: list, animal_nouns, counts only for a thing made definite, see _known_stem)
_THING_LISTS = ("body_parts", "text_nouns", "message_nouns", "voice_nouns")


UNNAMED_SUFFIX = " (unnamed)"   # the key of a speaker a pronoun introduces (DESIGN.md)
_LEAD_INS = (",", ":", "：", "—", "–")   # what a clause that leads into the next quote ends in


def leads_into_speech(sentence: str) -> bool:
    """Does the narration sentence end as a clause that leads into the speech after it (… बोले,
    … চিৎকার করলেন:), its emphasis marks aside?"""
    return sentence.rstrip(" *_").endswith(_LEAD_INS)


def _last_agent(tokens: list[tuple[str, str]], lexicon: Lexicon,
                index: SpeakerIndex | None) -> tuple[str, bool] | None:
    """The listed person last marked as an agent by the ergative marker (``माँ जी ने``), else None."""
    markers = lexicon.narrative["subject_markers"]
    case_markers = lexicon.narrative["case_markers"]
    for j in range(len(tokens) - 1, 0, -1):
        if tokens[j][1] in markers:
            for start in (j - 2, j - 1):
                name = _listed_name_at(tokens[:j], start, case_markers, index) if start >= 0 else None
                if name is not None:
                    return name, False
    return None


def _listed_name_at(tokens: list[tuple[str, str]], i: int, case_markers: frozenset,
                    index: SpeakerIndex | None) -> str | None:
    """The listed person whose name (two words or one) starts at ``tokens[i]``, unless a case
    marker makes them someone other than a subject (माँ से बोली, मालकिन रुखसाना बी से बोली)."""
    if index is None:
        return None
    for size in (2, 1):
        if i + size > len(tokens):
            continue
        after = tokens[i + size][1] if i + size < len(tokens) else None
        if (after is not None and after in case_markers) or tokens[i + size - 1][1] in case_markers:
            continue
        name = index.match(" ".join(w for w, _ in tokens[i:i + size]))
        if name is not None:
            return name
    return None


def _previous_sentence(before_text: str, boundaries: list[re.Match]) -> str:
    """The last whole sentence of ``before_text`` (between its last two sentence boundaries)."""
    start_of_previous = boundaries[-2].end() if len(boundaries) >= 2 else 0
    return before_text[start_of_previous:boundaries[-1].start()]


def _previous_sentence_subject(before_text: str, boundaries: list[re.Match], lexicon: Lexicon,
                               index: SpeakerIndex | None, record: str = "") -> tuple[str, bool] | None:
    """The overt subject of the last whole sentence of ``before_text``, found by :func:`_clause_subject`,
    named as a frame names its speaker (মিনতি কাকিমা … নামালেন। তারপর হেসে বললেন, "…": মিনতি কাকিমা,
    where the record writes her so twice; ``record``: the record's text)."""
    sentence = _previous_sentence(before_text, boundaries)
    return _as_named(_clause_subject(_frame_keys(sentence, lexicon), lexicon, index), sentence, lexicon, record)


def _people_named(sentence: str, lexicon: Lexicon, index: SpeakerIndex) -> int:
    """How many people a sentence names: listed people, and person nouns, kin terms and titled
    words that name no listed person (মাঝবয়সী মহিলা, senior)."""
    listed: set[str] = set()
    others = 0
    for word in TOKEN.findall(sentence):
        found = index.match(word)
        if found is not None:
            listed.add(found)
            continue
        key = lexicon.key(word)
        if lexicon.person_word(key) or lexicon.titled(key):
            others += 1
    return len(listed) + others


def pronoun_antecedent(sentences: list[str], lexicon: Lexicon, index: SpeakerIndex | None,
                       record: str, speakers: Collection[str] = ()) -> tuple[str, bool] | None:
    """The one a 3rd-person pronoun subject refers back to: the subject of the nearest of the two
    sentences before it (``sentences``, in order) that has one, a person named there, stated or
    guessed (``रघु ट्रे लेकर दौड़ा। उसका एक पैर स्टूल से टकराया … वह झुककर …`` → रघु; ``माथुर अंकल …
    बैठे थे। उन्होंने …`` → माथुर अंकल), or one of the ``speakers`` so far whose face or hand is
    that subject (``अमित का चेहरा उतर गया। वह …`` → अमित); not a pronoun's key or the narrator's;
    None where that sentence names two people or its subject is a thing."""
    for back, sentence in enumerate(reversed(sentences[-2:])):
        tokens = _frame_keys(sentence, lexicon)
        overt = _clause_subject(tokens, lexicon, index)
        if overt is not None and overt[0].endswith(")"):
            continue   # (a pronoun again: the chain goes on back)
        # (the sentence right before the pronoun's may name its subject once, opening it: Tanvi … baithi
        # thi. Usne …)
        opening = back == 0 and not _verbless_description(sentence, lexicon)   # (not সাদা পাঞ্জাবি, কাঁধে ঝোলা।)
        found = overt if overt is not None else guessed_subject(sentence, lexicon, index, record, opening)
        if found is None:
            owner = _opening_possessor(tokens, lexicon, speakers)
            if owner is not None:
                return owner, False
        if found is None or found[0].endswith(")"):
            continue
        named = _as_named(found, sentence, lexicon, record)
        if named is None:
            continue
        # (a name: a description, लड़का, এক বুড়ো, leaves the pronoun's key, as the narration gives no name)
        words = TOKEN.findall(named[0])
        # (the person words of the sentence but the name's own: डॉक्टर साहब is one person)
        people = sum(1 for word in TOKEN.findall(sentence) if lexicon.person_word(lexicon.key(word))) \
            - sum(1 for word in words if lexicon.person_word(lexicon.key(word)))
        a_name = any(not lexicon.person_word(lexicon.key(word)) and lexicon.key(word) not in lexicon.name_titles
                     for word in words) \
            or len(words) > 1 and all(lexicon.key(word) in lexicon.name_titles for word in words)   # (मास्टर जी)
        opens = opening and sentence.lstrip(" *_").startswith(found[0])
        return named if a_name and people <= 1 and (_person_subject(found, lexicon) or _named_again(found[0], record)
                                                    or opens) \
            else None
    return None


def _opening_possessor(tokens: list[tuple[str, str]], lexicon: Lexicon, speakers: Collection[str]) -> str | None:
    """The speaker whose possession opens a sentence with no person as its subject (``अमित का
    चेहरा उतर गया``, ``অমিতের মুখ শুকিয়ে গেল``, ``Amit ka chehra``), or None."""
    if not speakers or not tokens:
        return None
    by_key = {" ".join(lexicon.key(w) for w in TOKEN.findall(s)): s for s in speakers}
    readings = _opening_possessors(tokens, lexicon)
    if readings and readings[0][2] > 1:
        return by_key.get(readings[0][1])   # (a possessive marker after the name decides: अमित का)
    return next((by_key[key] for _, key, _ in readings if key in by_key), None)


def _opening_possessors(tokens: list[tuple[str, str]], lexicon: Lexicon) -> list[tuple[str, str, int]]:
    """The readings of a possessor opening a sentence, in order, each as (written, key, where what it
    owns stands): the one or two words before a possessive marker (अमित का, वर्मा जी का), then the first
    word with a genitive ending taken off, the longest ending first (অমিতের: অমিত)."""
    if not tokens:
        return []
    markers = lexicon.narrative["possessive_markers"]
    readings = [(" ".join(word for word, _ in tokens[:n]), " ".join(key for _, key in tokens[:n]), n + 1)
                for n in (1, 2) if n < len(tokens) and tokens[n][1] in markers]
    first, first_key = tokens[0]
    return readings + [(first[:len(stem)], stem, 1) for stem in genitive_stems(first_key, lexicon)]


def body_owner(sentence: str, lexicon: Lexicon, record: str) -> tuple[str, bool] | None:
    """In an Indic script, the one whose part of the body a sentence opens with as its subject, by a
    name the record writes again (``बलदेव का चेहरा उतर गया।``, ``মিনুর চোখ ছলছল করে উঠল।``): the person
    the beat is about, as one who moves that part is (see _guessed_subject); not a thing's part (दरवाज़े
    का हैंडल), a pronoun's (उसका चेहरा: see _about_the_one_before) nor a word named once."""
    narrative = lexicon.narrative
    if not narrative or lexicon.script == "latn":
        return None
    tokens = _frame_keys(sentence.strip(_BEAT_TRIM), lexicon)
    body_parts = narrative.get("body_parts", frozenset())
    # (वर्मा जी का चेहरा, বলদেবের মুখ)
    owner = next((written for written, _, owned in _opening_possessors(tokens, lexicon)
                  if owned < len(tokens) and tokens[owned][1] in body_parts), None)
    if owner is None:
        return None
    words = TOKEN.findall(owner)
    # (a name first, then perhaps a surname, its title or kin term: बलवंत सिंह, वर्मा जी, রহিম চাচা)
    tokens = [(word, lexicon.key(word)) for word in words]
    if not words or not _name_like(tokens, 0, lexicon) or not _named_again(words[0], record) \
            or not all(_name_like(tokens, j, lexicon) or lexicon.person_word(key) or key in lexicon.name_titles
                       for j, (_, key) in enumerate(tokens) if j > 0):
        return None
    return owner, True


def narration_speaker(piece: str, lexicon: Lexicon, index: SpeakerIndex | None,
                      record: str = "") -> tuple[str, bool] | None:
    """The speaker named by narration between the dashes of a dash-dialogue line
    (``— अरे सुनो! — पीछे से सुमन ने आवाज़ लगाई। — …``), or None when the piece is speech
    (``record``: the record's text, see :func:`frame_speaker`)."""
    if not lexicon.narrative:
        return None
    return frame_speaker(piece.strip(_FRAME_TRIM), lexicon, index, action=True, record=record)


def elided_frame_speaker(sentences: list[str], lexicon: Lexicon,
                         index: SpeakerIndex | None, people: bool = False) -> tuple[str, bool] | None:
    """The speaker a narration line names when its last sentence leads into speech with its
    subject elided (বারান্দা থেকে ঠাকুমা সব শুনছিলেন। এবার গলা চড়িয়ে হাঁক দিলেন, / — তোরা …):
    the listed or pronoun subject of the sentence before it, else None; with ``people``, also one a
    title, kin term or role names (… দরজায় হেডমাস্টার সাহেব টর্চ হাতে দাঁড়ালেন। গলা ভাঙা, তবু … চিৎকার
    করলেন:), asked where the last sentence gives no subject of its own."""
    if len(sentences) < 2 or not lexicon.narrative or not leads_into_speech(sentences[-1]):
        return None
    found = _clause_subject(_frame_keys(sentences[-2], lexicon), lexicon, index)
    return found if _listed_or_pronoun(found) or people and _person_subject(found, lexicon) else None


def subject_of_a_line_before(line: str, lexicon: Lexicon, index: SpeakerIndex | None,
                             record: str, verbless_only: bool = False) -> tuple[str, bool] | None:
    """The one a narration line is about when its last sentence names no one of its own, a
    description with no verb or a clause whose subject is elided (दरवाज़े पर शुक्ला जी खड़े थे।
    धोती घुटनों तक समेटे, हाथ में टॉर्च।; রাজু ফোনে গেম খেলছিল। হঠাৎ মুখ তুলে তাকাল।): the subject
    of the sentence before it (or the one before that), a person's; None where the last sentence has
    a subject of its own (বাইরে বৃষ্টি নামল।) or tells what was going on (``background_endings``:
    মাঝে মাঝে ঘাসের ফুল ছিঁড়ছে।), or the one before it has a thing's. ``verbless_only``: only after
    a last sentence with no verb (a scene's opening: … মাথায় ঘোমটা, কোলে পানের বাটা।) or one that acts
    with its subject elided (… বালতিটা নামিয়ে রাখল, তারপর বারান্দার দিকে তাকাল।; see _subject_elided)."""
    if not lexicon.narrative:
        return None
    body = line.strip().strip("*_").rstrip()
    boundaries = list(_boundary(lexicon).finditer(body))
    if len(boundaries) < 2 or TOKEN.search(body, boundaries[-1].end()):
        return None   # (one sentence, or a last one with no end: nothing before it to go back to)
    last = _previous_sentence(body, boundaries)
    if _clause_subject(_frame_keys(last, lexicon), lexicon, index) is not None:
        return None
    about = _about_the_one_before(last, lexicon)
    if verbless_only and not about and not _verbless_description(last, lexicon) \
            and not _subject_elided(last, lexicon, index, record):
        return None
    # (what was going on, মাঝে মাঝে ঘাসের ফুল ছিঁড়ছে।, गुनगुना रही थी।: the scene's background; the
    # verb form read past one auxiliary of tense after it)
    keys = [lexicon.key(w) for w in TOKEN.findall(last)[-2:]]
    background = lexicon.narrative.get("background_endings", ())
    if keys and not about and (keys[-1].endswith(background) or len(keys) == 2 and keys[-1] in lexicon.auxiliaries
                               and keys[0].endswith(background)):
        return None   # (not one about the person: उसकी आँखें चमक रही थीं।)
    skipped = 0
    for back in range(len(boundaries) - 1, 0, -1):
        if len(boundaries) - 1 - back - skipped >= 2:
            break   # (the two sentences before the last, past any description with no verb)
        sentence = _previous_sentence(body, boundaries[:back])
        if about and _verbless(sentence, lexicon):
            # (a thing described between the person and "his …": … চশমার খাপ বের করলেন। খাপ খালি। তাঁর
            # ভুরু কুঁচকে গেল।)
            skipped += 1
            continue
        overt = _clause_subject(_frame_keys(sentence, lexicon), lexicon, index)
        if overt is not None:
            # (with the rest of its name as the sentence writes it: Lokkhi boudi, not boudi)
            return _as_named(overt, sentence, lexicon, record) if _listed_or_pronoun(overt) \
                or _person_subject(overt, lexicon) or _named_again(overt[0], record) else None
        guessed = guessed_subject(sentence, lexicon, index, record, False) or body_owner(sentence, lexicon, record)
        if guessed is None and about and back == len(boundaries) - 1:
            # (the last sentence is about one named right before it, perhaps only there: অয়ন … ভিডিও
            # করছিল। … তার চোখ বড় বড় হয়ে গেল।; in Latin script a name written so wherever the record
            # writes it: Raju seedhi par chadha hua tha … Uski shirt …)
            opening = opening_name(sentence, lexicon, index, record) if lexicon.script != "latn" \
                else _latin_opening_name(sentence, lexicon, record)
            guessed = (opening, True) if opening is not None else None
        if guessed is not None or frame_speaker(sentence.strip(_BEAT_TRIM), lexicon, index, action=True,
                                                record=record, guess=True) is not None:
            return guessed
    return None


def _subject_elided(sentence: str, lexicon: Lexicon, index: SpeakerIndex | None, record: str) -> bool:
    """Does the sentence act with its subject elided, no word of it one a frame or a guess would take
    as its own, nor a voice or sound that comes (आँचल से माथे का पसीना पोंछा और … देखा।; not पीछे से
    एक धीमी-सी आवाज़ आई।, someone not yet seen)?"""
    keys = [lexicon.key(word) for word in TOKEN.findall(sentence)]
    return bool(keys) and not _names_a_voice(keys, lexicon.narrative) \
        and guessed_subject(sentence, lexicon, index, record, False) is None \
        and frame_speaker(sentence.strip(_BEAT_TRIM), lexicon, index, action=True, record=record, guess=True) is None


def _about_the_one_before(sentence: str, lexicon: Lexicon) -> bool:
    """Does the sentence open with a 3rd-person genitive, or put it after an adverbial that opens it,
    its subject something of the one the sentence before named (Mrs. Kapoor ne … kadam rakha. Unke
    haath mein ek gatta tha …; उसकी आँखें …)?"""
    keys = [lexicon.key(word) for word in TOKEN.findall(sentence)]
    # (or opens its subject after an adverbial put first: तीन हफ़्ते से उसकी मज़दूरी रुकी हुई थी।)
    # (or after a participle clause put first: তাকের খাতাগুলো দেখে তার চোখ বড় হয়ে গেল।)
    at = next((i for i, key in enumerate(keys) if _genitive_pronoun(key, lexicon)), None)
    if at is None or at > 0 and not ((keys[at - 1] in case_markers_of(lexicon)
                                      or _closes_clause(keys[at - 1], lexicon))
                                     and not any(_finite_verb(key, lexicon) for key in keys[:at])):
        return False
    # (a plural's is the group's, no one person's: তাদের মধ্যে সবচেয়ে ছোট, ডলমা, …)
    return not _has_ending(keys[at], lexicon.narrative.get("plural_endings", ()))


def _verbless(sentence: str, lexicon: Lexicon) -> bool:
    """Is the sentence a short one with no finite verb or auxiliary (খাপ খালি।, हाथ में टॉर्च।)?"""
    keys = [lexicon.key(word) for word in TOKEN.findall(sentence)]
    return 0 < len(keys) <= 4 and not any(_finite_verb(key, lexicon) or _verb_like(key, lexicon) for key in keys)


def _verbless_description(sentence: str, lexicon: Lexicon) -> bool:
    """Is the sentence a list of short phrases with no verb, a description (মাথায় ঘোমটা, কোলে পানের
    বাটা, চোখে সুরমা।; Chokhe loupe, thonte adh-khawa biri.), not a clause (পেছন থেকে একটা আওয়াজ
    এল।)?"""
    pieces = [TOKEN.findall(piece) for piece in sentence.split(",")]
    background = lexicon.narrative.get("background_endings", ())
    # (finite forms only: a locative reads as a root's participle as often, গায়ে, পায়ে)
    return len(pieces) >= 2 and all(0 < len(piece) <= 5 for piece in pieces) and not any(
        _finite_verb(k, lexicon) or k.endswith(background) for piece in pieces for k in map(lexicon.key, piece))


def guessed_subject(sentence: str, lexicon: Lexicon, index: SpeakerIndex | None, record: str,
                    first: bool) -> tuple[str, bool] | None:
    """The subject of a narration sentence about a character known by a name the lexicon does
    not know (see :func:`_guessed_subject`); in Latin script also a name with a capital that ends
    a clause after its verb (… office e dhuklo Rono.; … daudta hua aaya Chhotu,)."""
    found = _guessed_subject(sentence, lexicon, index, record, first)
    if found is not None and lexicon.script == "latn" and not found[0].endswith(")") \
            and _written_in_lower_case(found[0], record):
        found = None   # (Jole … uthlo: the record writes jole in lower case, a word, not a name)
    if found is not None and lexicon.script != "latn" and not found[0].endswith(")"):
        # (a name after the verb that ends the sentence is its inverted subject, the word guessed before the
        # verb its object: কোণের মাদুরে … বই পড়ছিল নিতু।)
        # (not a word named once with a finite verb's ending, a verb the lexicon does not know after a noun
        # it reads as one, where the guessed word is written again: মিন্টু … ফুঁ দিয়ে ধুলো ঝাড়ল।)
        inverted = postverbal_subject(sentence, lexicon)
        if inverted is not None and inverted[0] != found[0] \
                and not (_has_ending(lexicon.key(inverted[0]), lexicon.finite_suffixes)
                         and not _named_again(inverted[0], record) and _named_again(found[0], record)):
            found = inverted
    if found is None:
        found = _inverted_name(sentence, lexicon, record) if lexicon.script == "latn" \
            else postverbal_subject(sentence, lexicon)
    if found is not None and ("'" in sentence or "’" in sentence) \
            and re.search(r"(?<!\w)" + re.escape(found[0]) + r"['’]s(?!\w)", sentence):
        return None   # (a possessive's word is a shop or a brand: … saamne dikha Haldiram's.)
    return found


def opening_name(sentence: str, lexicon: Lexicon, index: SpeakerIndex | None, record: str) -> str | None:
    """In an Indic script, the word that opens a narration sentence as its subject, named perhaps
    only there (বাপ্পা মাফলার জড়িয়ে বেঞ্চে এসে বসল।): a person the scene may be about. Not a
    heading's word, a possessor (দরজার রড ধরে …), a pronoun, an indefinite, a verb form, nor a
    word of a compound a case marker ends (प्लेटफ़ॉर्म नंबर तीन पर …, কলেজ স্ট্রিটের …)."""
    body = sentence.strip()
    if lexicon.script == "latn" or body.startswith(("#", "**")):
        return None
    found = guessed_subject(body, lexicon, index, record, True)
    if found is None or not found[1] or "(" in found[0] or found[0].startswith("_"):
        return None
    tokens = _frame_keys(body, lexicon)
    if not tokens or tokens[0][0] != found[0].split()[0] or len(tokens) < 3:
        return None   # (it opens the sentence)
    if postverbal_subject(body, lexicon) is not None:
        return None   # (its subject follows the verb: দরজার হ্যান্ডেল ধরে … ঝুলছিল অয়ন।)
    key = tokens[0][1]
    narrative = lexicon.narrative
    if _genitive(key, lexicon) or _verb_like(key, lexicon) or key in lexicon.third_person_pronouns \
            or key in narrative.get("indefinites", frozenset()) or lexicon.second_person_form(tokens[0][0]):
        return None
    markers = case_markers_of(lexicon)
    possessive = narrative.get("possessive_markers", frozenset())
    if len(found[0].split()) == 1 and (tokens[1][1] in markers
                                       or _genitive(tokens[1][1], lexicon)
                                       and tokens[2][1] not in lexicon.addressees["adverbs"]
                                       or tokens[2][1] in markers and tokens[2][1] not in possessive):
        # (a compound noun with its case marker, or one word with its own: a place, a time; not
        # a name before a genitive phrase, हरिप्रसाद तकिये के सहारे बैठे थे, অয়ন পিসির পেছনে দাঁড়িয়ে)
        return None
    return found[0]


def _latin_opening_name(sentence: str, lexicon: Lexicon, record: str) -> str | None:
    """In Latin script, the word that opens a narration sentence as a name: written with a capital
    wherever the record writes it, no word of the lexicon's classes, not in a case nor made definite
    (Raju seedhi par chadha hua tha; not Godown ki chhat …, Mukh-ta laal)."""
    tokens = _frame_keys(sentence.strip(_BEAT_TRIM), lexicon)
    if len(tokens) < 3 or not _name_like(tokens, 0, lexicon) or _written_in_lower_case(tokens[0][0], record):
        return None
    following = tokens[1][1]
    if following in case_markers_of(lexicon) or _genitive(following, lexicon) \
            or following in lexicon.narrative.get("definite_suffixes", ()) \
            or following in lexicon.narrative.get("possessive_markers", frozenset()) \
            or _genitive(tokens[0][1], lexicon):
        return None
    return tokens[0][0]


def capitalized_names(sentence: str, lexicon: Lexicon, record: str) -> list[str]:
    """In Latin script, the words of a narration sentence written as names: with a capital inside
    the sentence, or opening it and named again (Kavya ka phone vibrate hua. Message Simran ka
    tha.: Kavya, named again later, and Simran; not Message), never written in lower case, no word
    of the lexicon's classes."""
    if lexicon.script != "latn":
        return []
    tokens = _frame_keys(sentence, lexicon)
    animals = lexicon.narrative.get("animal_nouns", frozenset())
    titles = lexicon.narrative.get("prefix_titles", frozenset())
    case_markers = case_markers_of(lexicon)
    names: list[str] = []
    i = 0
    while i < len(tokens):
        word = tokens[i][0]
        if not (_name_like(tokens, i, lexicon) and len(word) > 1 and not _written_in_lower_case(word, record)
                and (i > 0 or _named_again(word, record))) \
                or any(tokens[j][1] in animals for j in range(max(0, i - 2), i)):   # (… ki billi, Rani)
            i += 1
            continue
        # a name of several words, with the title before it (Professor Basu, Rohan Mehta)
        start, end = i, i + 1
        while end < len(tokens) and _name_like(tokens, end, lexicon) and not _written_in_lower_case(tokens[end][0], record):
            end += 1
        if start > 0 and tokens[start - 1][1] in titles:
            start -= 1
        # (a name in a case, Dhaka-r chhade, Harmonium-er upor, is as often a place or a thing: only
        # one the record names again)
        cased = end < len(tokens) and (tokens[end][1] in case_markers or _genitive(tokens[end][1], lexicon)
                                       or sentence[sentence.find(tokens[end - 1][0]) + len(tokens[end - 1][0]):][:1] == "-")
        if not cased or _named_again(tokens[end - 1][0], record):
            names.append(" ".join(word for word, _ in tokens[start:end]))
        i = end
    return names


def introduced_as_someone(sentence: str, lexicon: Lexicon) -> list[str]:
    """The people a narration sentence introduces as "a …" (एक बुज़ुर्ग यात्री, এক ভদ্রমহিলা, ek boyosko
    bhodrolok): the words after the indefinite up to its person noun, the key DESIGN.md gives a
    speaker the text knows only so."""
    tokens = _frame_keys(sentence, lexicon)
    narrative = lexicon.narrative
    indefinites = narrative.get("indefinites", frozenset()) if narrative else frozenset()
    case_markers = case_markers_of(lexicon)
    found = []
    for i, (_, key) in enumerate(tokens):
        if key not in indefinites:
            continue
        for j in range(i + 1, min(i + 4, len(tokens))):
            other = tokens[j][1]
            if lexicon.person_word(other):
                end = j
                while end + 1 < min(i + 4, len(tokens)) and lexicon.person_word(tokens[end + 1][1]):
                    end += 1   # (बुज़ुर्ग यात्री: two person nouns)
                found.append(" ".join(word for word, _ in tokens[i + 1:end + 1]))
                break
            if other in case_markers or _verb_like(other, lexicon) or _finite_verb(other, lexicon):
                break
    return found


def may_name_a_speaker(person: str, lexicon: Lexicon, record: str) -> bool:
    """Could the narration's ``person`` be a speaker whom no line names (see
    turns.name_unnamed_speakers)? A name, not a bare kin term or role (उसकी बहन, মাঝি: often
    someone standing by), a function word (কেন), a place in its locative (শিয়ালদা স্টেশনে) or a possessor; in Latin
    script written with a capital, never in lower case."""
    words = TOKEN.findall(person)
    if not words:
        return False
    keys = [lexicon.key(word) for word in words]
    if all(lexicon.person_word(key) or key in lexicon.name_titles or lexicon.titled(key) for key in keys) \
            or any(key in lexicon.question_words or key in lexicon.particles for key in keys):
        return False
    last = keys[-1]
    if _in_an_adverbial_case(words[-1], last, lexicon) or _genitive(last, lexicon):
        return False
    if lexicon.script == "latn":
        return words[0][:1].isupper() and not _written_in_lower_case(words[0], record) \
            and not _only_a_possessive(person, record)
    return True


def _only_a_possessive(name: str, record: str) -> bool:
    """Does the record write the name only with a possessive's ending (Haldiram's: a shop, a brand)?"""
    if "'" not in record and "’" not in record:
        return False
    said = re.findall(r"(?<!\w)" + re.escape(name) + r"(['’]s)?(?!\w)", record)
    return bool(said) and all(said)


def _written_in_lower_case(word: str, record: str) -> bool:
    """Does the record write the word in lower case somewhere (a word, where names have capitals)?"""
    lower = word[:1].lower() + word[1:]
    if lower == word:
        return False
    _read_record(record)
    return lower in _RECORD_WORDS[2]


def _finite_verb(key: str, lexicon: Lexicon) -> bool:
    """Is the word a finite verb or an auxiliary (था, ছিল, এল, आया, बैठी)?"""
    if key in lexicon.auxiliaries or lexicon.finite_suffixes and lexicon.root_with_ending(key, lexicon.finite_suffixes):
        return True
    narrative = lexicon.narrative
    return any(key.endswith(e) and key[:-len(e)] in lexicon.verb_roots for e in narrative.get("finite_verb_endings", ())) \
        or _has_ending(key, narrative.get("finite_endings_any_root", ())) \
        or _after_a_consonant(key, narrative.get("finite_endings_after_consonant", ()))
    # (the last two: সারাচ্ছিলেন, ঘাঁটছিল, whose roots the lexicon does not know)


def ends_in_a_finite_verb(keys: list[str], lexicon: Lexicon) -> bool:
    """Do the words (keys) end in a finite verb, no person word or title (নিচে দৃশ্যটা লিখলাম: a clause;
    not রমা মাসি)?"""
    last = keys[-1]
    return _finite_verb(last, lexicon) and not (lexicon.person_word(last) or last in lexicon.name_titles
                                                or last in lexicon.nominal_address)


def _after_a_consonant(key: str, endings) -> bool:
    """Does the word end in one of the endings right after a consonant letter (ঘাঁট|ছিল, not মি|ছিল, a
    noun): the ending of a consonant-final root?"""
    return any(key.endswith(e) and len(key) > len(e) + 1 and unicodedata.category(key[-len(e) - 1]) == "Lo"
               for e in endings)


def postverbal_subject(sentence: str, lexicon: Lexicon) -> tuple[str, bool] | None:
    """In an Indic script, the subject after the finite verb that ends a narration sentence: its
    inverted subject (… अंदर आया गोलू।, অন্দরে এল টুবাই।, … मिला रहे थे शर्मा जी।). Read as a name
    phrase of up to four words (see _name_phrase), past a genitive that modifies it (गाँव का लड़का भोला, उसके पिता
    हरिप्रसाद जी): a title before a name keeps it (बाबू रामलाल, मास्टर दीनानाथ), as does a title or kin
    term after one (शर्मा जी, सुधा मौसी); a role or person noun before a name gives way to the name
    (लड़का भोला → भोला). Not an adverb, a case-marked word, a pronoun, a verb or a plural; nor a person
    the narration introduces as "a …" (… आया एक चूड़ीवाला।: someone it does not name)."""
    narrative = lexicon.narrative
    if not narrative:
        return None
    # (the last clause of the sentence: … उतरे मास्टर दीनानाथ, और लपककर आगे बढ़ा शंकर।)
    tokens = _frame_keys(sentence.rstrip().rstrip(_FRAME_TRIM).rsplit(",", 1)[-1], lexicon)
    if len(tokens) < 3:
        tokens = _frame_keys(sentence, lexicon)
    if len(tokens) < 3:
        return None
    for size in (1, 2, 3, 4, 5, 6):
        verb = len(tokens) - size - 1
        if verb < 1:
            break
        if not _finite_verb(tokens[verb][1], lexicon):
            continue
        if tokens[verb][1] in lexicon.auxiliaries and verb > 0 \
                and _has_ending(tokens[verb - 1][1], narrative.get("manner_participle_endings", ())):
            continue   # (… हाँफता हुआ घुसा: हुआ closes an adverbial of manner, the verb comes after it)
        after = tokens[verb + 1:]
        if after[0][1] in lexicon.stem_followers:
            continue   # (… चश्मा माथे पर चढ़ा लिया।: the verb's second verb, no subject)
        # (a genitive that modifies the subject: गाँव का, উসকে, তার)
        possessive = narrative.get("possessive_markers", frozenset())
        while len(after) > 1 and (_genitive_pronoun(after[0][1], lexicon) or _genitive(after[0][1], lexicon)
                                  or len(after) > 2 and after[1][1] in possessive):
            after = after[2:] if len(after) > 2 and after[1][1] in possessive else after[1:]
        if after[-1][1] in lexicon.postpositions or after[-1][1] in lexicon.addressees["toward"]:
            continue   # (… ছুটল সিঁড়ির দিকে।: a direction, no subject)
        while len(after) > 1 and after[-1][1] in narrative["frame_words"]:
            after = after[:-1]   # (… চাপাচ্ছিল নিতাই নিজেই।, … आया रामू भी।: the name, without its emphasis)
        if not 1 <= len(after) <= 4:
            continue
        keys = [k for _, k in after]
        # (a word like बड़े before a kin term or role describes the person: बड़े मामा)
        described = len(keys) > 1 and keys[0] in narrative["frame_words"] and _role_word(keys[-1], lexicon)
        if any(k in narrative["frame_words"] and not (described and i == 0) or k in lexicon.addressees["adverbs"]
               or k in lexicon.particles and k not in lexicon.name_titles and not lexicon.person_word(k)
               or k in lexicon.auxiliaries or k in narrative.get("indefinites", frozenset())
               or k in lexicon.third_person_pronouns or k in lexicon.first_person_pronouns
               or _genitive_pronoun(k, lexicon)   # (গলাটা কাঁপছিল ওর।: whose throat, no subject)
               or _verb_like(k, lexicon) or _finite_verb(k, lexicon) or k in lexicon.clauses["case_markers"]
               or k in narrative["case_markers"] or _genitive(k, lexicon)
               or k in narrative.get("negations", frozenset())   # (… कभी सोते नहीं।: a negation)
               or _has_ending(k, narrative.get("plural_endings", ()))
               for i, k in enumerate(keys)) or any(_definite_thing(k, lexicon) for k in keys):
            continue
        if any(k in narrative.get("animal_nouns", frozenset()) for k in keys):
            return None   # (an animal and its name: … दुबका पड़ा था घर का कुत्ता शेरू।)
        phrase = _name_phrase([w for w, _ in after], keys, lexicon)
        if phrase is not None:
            return as_written(phrase, sentence), True
    return None


def named_in_apposition(found: tuple[str, bool] | None, sentence: str, lexicon: Lexicon) -> tuple[str, bool] | None:
    """The subject a narration sentence's reading gives, or, where that is who the person is (a kin
    term, a role), the name phrase after the verb that ends its clause and names the same person: one
    the word stands before (… উঠে এল নাতি বাবলু।: বাবলু, not নাতি; … মুদি দোকানি নিতাইদা), one it ends (… ভাজছিলেন রাহেলা
    খালা।: রাহেলা খালা, not খালা), or the one a clause of no verb after a comma describes (… बाहर निकलीं
    अंजलि मेहरा, वार्ड की सीनियर डॉक्टर।: अंजलि मेहरा)."""
    if found is None or not found[1] or lexicon.script == "latn" or found[0].endswith(")"):
        return found
    clauses = sentence.split(",")
    word = re.compile(rf"(?<!\w){re.escape(found[0])}(?!\w)")
    previous: tuple[str, bool] | None = None
    for clause in clauses:
        after = postverbal_subject(clause, lexicon) if len(clauses) > 1 else postverbal_subject(sentence, lexicon)
        if word.search(clause):
            if after is not None and after[0] != found[0] and (
                    found[0].split()[-1] in after[0].split()
                    or re.search(rf"(?<!\w){re.escape(found[0])}(?:\s+\S+){{0,2}}\s+{re.escape(after[0])}(?!\w)", clause)):
                return after
            if after is None and previous is not None \
                    and not any(_finite_verb(key, lexicon) for _, key in _frame_keys(clause, lexicon)):
                return previous   # (an apposition: the clause names who the person before it is)
            return found
        previous = after
    return found


def _genitive_pronoun(key: str, lexicon: Lexicon) -> bool:
    """Is the word a 3rd-person pronoun's genitive (उसके, उनकी, তার) that modifies the noun after it?"""
    return key in lexicon.narrative.get("third_person_genitives", frozenset())


def _name_phrase(words: list[str], keys: list[str], lexicon: Lexicon) -> str | None:
    """The name a phrase of one to four words after a verb gives (see postverbal_subject): a name,
    with a surname and a title or kin term after it (अंजलि मेहरा, রাহেলা খালা, করিম মিয়া), after
    any words that say who the person is (a role, a trade, a kin term, and what describes them:
    रिक्शेवाला बिरजू, नया पटवारी विनोद → the name). A title before the name keeps it (बाबू रामलाल,
    মাস্টার দীনবন্ধু). With no name after such a word, the phrase names the person by who they are
    (बड़े मामा). Three words with no title or kin term at the end, or more: None (a description and a
    name cannot be told apart)."""
    titles = lexicon.name_titles
    if len(words) == 1:
        return words[0]
    if keys[0] in titles:   # बाबू रामलाल, मास्टर दीनानाथ, পণ্ডিত …
        return " ".join(words) if len(words) <= 3 else None
    # the name begins after the last word that says who the person is, where a word that is neither
    # that nor a title follows it (नया पटवारी विनोद, মুদি দোকানি নিতাইদা, তাঁর স্ত্রী জোহরা বেগম)
    first = 0
    for i in range(len(keys) - 1):
        if _role_word(keys[i], lexicon) and not _role_word(keys[i + 1], lexicon) and keys[i + 1] not in titles:
            first = i + 1
    if first < len(keys) - 1 and lexicon.titled(keys[-1]):
        first = len(keys) - 1   # (a name with its title in one word is the whole name: গ্রন্থাগারিক অমলবাবু)
    name, rest = words[first:], keys[first:]
    after_name = rest[-1] in titles or lexicon.person_word(rest[-1])   # (शर्मा जी, রাহেলা খালা)
    if len(name) > 3 or len(name) == 3 and not after_name:
        return None   # (a description and a name cannot be told apart)
    return " ".join(name)


def descriptors(name: str, sentence: str, lexicon: Lexicon) -> frozenset:
    """The words a narration sentence says who a named person is with, casefolded: the role, trade
    or kin words right before the name (गोलू की दादी कमला देवी: दादी) and those of a clause of no verb
    right after it (अंजलि मेहरा, वार्ड की सीनियर डॉक्टर: डॉक्टर). Others call the person by them
    (— डॉक्टर मैडम, …; — दादी, …)."""
    tokens = _frame_keys(sentence, lexicon)
    first = TOKEN.findall(name)
    if not first:
        return frozenset()
    at = next((i for i, (word, _) in enumerate(tokens) if word == first[0]), None)
    if at is None:
        return frozenset()
    def says_who(key: str) -> bool:
        return lexicon.person_word(key) or _role_word(key, lexicon)   # (डॉक्टर: a title and a person noun)

    out = set()
    i = at - 1
    while i >= 0 and says_who(tokens[i][1]):
        out.add(tokens[i][0].casefold())
        i -= 1
    end = sentence.find(name)
    if end >= 0:
        rest = sentence[end + len(name):].lstrip(" \t")
        if rest.startswith(","):
            clause = rest[1:].split(",")[0]
            keys = _frame_keys(clause, lexicon)
            # (not one that names someone else after a role word: … এল টুবাই, পেছনে তার দিদি মিঠি)
            another = any(says_who(keys[j][1]) and not says_who(keys[j + 1][1])
                          and keys[j + 1][1] not in lexicon.name_titles for j in range(len(keys) - 1))
            if keys and not another and not any(_finite_verb(key, lexicon) for _, key in keys):
                out.update(word.casefold() for word, key in keys if says_who(key))
    return frozenset(out)


def _definite_thing(key: str, lexicon: Lexicon) -> bool:
    """Is the word a thing or an animal made definite (হুলো বেড়ালটা, কালো গাইটা), not a person's name?
    A person word stays a person (ছেলেটা)."""
    suffix = _definite_suffix(key, lexicon)
    return suffix is not None and not (lexicon.person_word(key) or lexicon.person_word(key[:-len(suffix)]))


def _definite_suffix(key: str, lexicon: Lexicon) -> str | None:
    """The definite mark a word ends in (বইটা, গাইটি), if what stands before it is a word of two letters
    or more (not পুঁ of the name পুঁটি: one letter and its signs)."""
    for suffix in lexicon.narrative.get("definite_suffixes", ()):
        if key.endswith(suffix) and len(key) > len(suffix) + 1:
            if sum(1 for c in key[:-len(suffix)] if unicodedata.category(c)[0] == "L") < 2:
                return None
            return suffix
    return None


def _definite_person(key: str, lexicon: Lexicon) -> bool:
    """Is the word a person noun with a definite mark (ছেলেটা, মেয়েটি, লোকটা; Banglish chheleta)?"""
    suffix = _definite_suffix(key, lexicon) if lexicon.narrative else None
    return suffix is not None and key[:-len(suffix)] in lexicon.person_nouns


def _role_word(key: str, lexicon: Lexicon) -> bool:
    """Does the word say who a person is (a kin term, a role, a trade: भतीजा, শিক্ষক, रिक्शेवाला)
    rather than being a name or a title?"""
    return key not in lexicon.name_titles and (
        lexicon.person_word(key) or _has_ending(key, lexicon.narrative.get("role_suffixes", ())))


def _inverted_name(sentence: str, lexicon: Lexicon, record: str) -> tuple[str, bool] | None:
    """In Latin script, the name with a capital that ends a clause of a narration sentence, of three
    words or more, after a word in lower case (Ultadanga r jam theke … office e
    dhuklo Rono.): an inverted subject. Not a name's genitive, nor a phrase of capitals (Salt Lake
    Sector V), nor a word a case ending follows (it would not end the clause)."""
    for clause in re.split(r"[,;:]", sentence.strip()):
        words = TOKEN.findall(clause)
        if len(words) >= 3 and words[-2][:1].islower() and _capitalized_inside(words, len(words) - 1, lexicon, record) \
                and not lexicon.person_word(lexicon.key(words[-1])):
            return words[-1], True
    return None


def _guessed_subject(sentence: str, lexicon: Lexicon, index: SpeakerIndex | None, record: str,
                     first: bool) -> tuple[str, bool] | None:
    """The subject of a narration sentence about a character known by a name the lexicon does
    not know (তানভীর বাইকটা রাস্তার ধারে দাঁড় করাল।, कबीर … अंदर घुस गया।): the word a frame
    would take as its subject, opening the sentence (after words like फिर, তারপর only), when it is
    the record's ``first`` speaker or the record names that word again (a character comes back; a
    thing seldom does: अचानक बारिश आई।; a scene's time or place opens its sentence: रात के ग्यारह
    बजे … दरवाज़ा खड़का।)."""
    tokens = _frame_keys(sentence, lexicon)
    if len(tokens) < 2:
        return None   # (a subject and its verb at least: not a list's number, 1. *)
    guessed = frame_speaker(sentence.strip(_BEAT_TRIM), lexicon, index, action=True, record=record, guess=True)
    if guessed is None or not guessed[1] or guessed[0].endswith(")"):
        return guessed   # (none, or a listed person, a pronoun's or the narrator's key)
    narrative = lexicon.narrative
    passed = narrative["frame_words"] | lexicon.addressees["adverbs"]
    at = next((i for i, (_, key) in enumerate(tokens) if key not in passed), None)
    if at is None:
        return None
    # the subject opens the sentence, or follows an adverbial put before it (पिंकी की तरफ़ देखकर राजू
    # मुस्कुराया।, ফোনের ওপাশে রুমকি হাসল।): the word right after one that closes it
    head = TOKEN.findall(guessed[0])[0]   # (a name of two words by its first: Haru Saha)
    fronted = tokens[at][0] != head
    if fronted:
        # (and its verb right after it, ending its clause: not রেডিওতে খবর শেষ হয়ে গান শুরু হলো, where
        # the word heads a clause of its own, nor মোড়ে রিকশার লম্বা সারি, a phrase)
        # (after a participle clause, its object or a place may come between: গেটের সামনে সাইকেল
        # থামিয়ে নিতাই হাঁক দিল, পড়তেই হরিপদ রাজুকে কাছে ডাকলেন)
        # (a name with a capital in Latin script, anywhere after it: Bazaar theke phire … Tumpa dokaner
        # shamne daralo)
        at = next((i for i in range(at + 1, len(tokens)) if tokens[i][0] == head), None)
        # (a root's adjective after an adverbial describes the subject: পাশে বসা মিঠু হাত তুলল)
        described = at is not None and _describes_the_next([key for _, key in tokens], at - 1, lexicon)
        reach = 5 if at is not None and (described or _closes_clause(tokens[at - 1][1], lexicon)) else 2
        if at is None or not (described or _closes_adjunct(tokens[at - 1][1], lexicon)):
            return None
        # (its clause ends at a comma or at a coordinator, its name's words counted as one: तभी तीसरी
        # सीट से सरला देवी उठीं और थैला सँभालते हुए …)
        clause = [lexicon.key(w) for w in TOKEN.findall(sentence[sentence.find(guessed[0]):].split(",")[0])]
        clause_end = next((j for j, key in enumerate(clause) if j > 0 and key in lexicon.list_coordinators),
                          len(clause))
        length = clause_end - len(TOKEN.findall(guessed[0])) + 1
        # a name the record writes again may open a longer clause of its own, with its verb, after the
        # adverbial (पहली कतार में गोलू अपनी थाली चम्मच से बजा रहा था); not a thing a participle acts on (…
        # लौटकर बस्ता पटकता हुआ अंदर आया आरव), nor a phrase with no verb (মোড়ে রিকশার লম্বা সারি)
        longer = length > reach and _named_again(guessed[0], record) and at + 2 < len(tokens) \
            and not _verb_like(tokens[at + 1][1], lexicon) and tokens[at + 2][1] not in lexicon.auxiliaries \
            and (any(_finite_verb(key, lexicon) or key in lexicon.auxiliaries for key in clause[1:clause_end])
                 or _has_ending(clause[clause_end - 1], lexicon.narrative["finite_verb_endings"]))
        if not _capitalized_inside([w for w, _ in tokens], at, lexicon, record) \
                and not (2 <= length <= reach or longer):
            return None
    # (a name of one letter and its vowel sign is a name: মৌ; a lone letter is not)
    if sum(1 for c in guessed[0] if c.isalpha() or unicodedata.category(c)[0] == "M") < 2 \
            or tokens[at][1] in lexicon.third_person_pronouns:   # (यह रहा संवाद: a demonstrative)
        return None
    # a word of a compound noun joined by a hyphen is no one's name (बस-स्टॉप की छत, Co-working space)
    word_end = sentence.find(guessed[0]) + len(guessed[0])
    if sentence[word_end:word_end + 1] in ("-", "‐"):
        return None
    # (after an adverbial, only a word the record names again: a time or a thing seldom comes back;
    # or, in Latin script, a name by its capital inside the sentence: Nijer cabin er darjay dariye
    # Sudeshna ghori dekhlen)
    capitalized = fronted and _capitalized_inside([w for w, _ in tokens], at, lexicon, record)
    # (or one that moves a part of its body right after it, a person's act: পাশের তাঁত থেকে বুলু মুখ তুলল)
    end = at + len(TOKEN.findall(guessed[0]))
    # (or, opening it, Ruma mukh tule takalo); not a genitive, its owner's name, nor a quantified noun
    # (পল্টুর মুখ, कुछ देर)
    body_parts = narrative.get("body_parts", frozenset())
    embodied = (fronted or at == 0) and end < len(tokens) and tokens[end][1] in body_parts \
        and not (end + 1 < len(tokens) and tokens[end + 1][1] in case_markers_of(lexicon)) \
        and not genitive_stems(tokens[at][1], lexicon) and tokens[at][1] not in lexicon.postpositions \
        and not (at > 0 and tokens[at - 1][1] in lexicon.noun_before)
    return guessed if first and not fronted or capitalized or embodied or _named_again(guessed[0], record) else None


def _agent_on_a_thing(sentence: str, lexicon: Lexicon, index: SpeakerIndex | None,
                      record: str) -> tuple[str, bool] | None:
    """The word that opens a beat as its subject and acts on a thing the beat names, definite or
    possessed (ঝুমা টেবিলের ওপার থেকে কলমটা এগিয়ে দিল। "দাদা, …": one who hands the pen), named once or
    not: what a beat right before a quote gives where no name said again does."""
    if lexicon.script == "latn":
        # (a capital opens any sentence, Kothao ekta cup pore bhenge gelo: the word that opens it is a
        # name written so wherever the record writes it, no word of the lexicon's: Rumki … cup-ta egiye dilo)
        name = _latin_opening_name(sentence, lexicon, record)
        guessed = None
        if name is not None and _named_again(name, record):
            opening = _frame_keys(sentence.strip(_BEAT_TRIM), lexicon)[:2]
            titled = opening[1][1] in lexicon.name_titles or opening[1][1] in lexicon.nominal_address
            guessed = (_with_name(opening, 1, lexicon) if titled else name, True)   # (Kapoor sir ne …)
    else:
        guessed = frame_speaker(sentence.strip(_BEAT_TRIM), lexicon, index, action=True, record=record, guess=True)
    if guessed is None or not guessed[1] or guessed[0].endswith(")"):
        return None
    tokens = _frame_keys(sentence, lexicon)
    words = [w for w, _ in tokens]
    keys = [k for _, k in tokens]
    if not words or words[0] != TOKEN.findall(guessed[0])[0]:
        return None   # (it opens the sentence: not a word after an adverbial, a place's or a time's)
    # (a postposition after a possessor is a direction, no thing: নাতির দিকে তাকালেন)
    case_markers = case_markers_of(lexicon)
    return guessed if any(_a_thing(keys, j, lexicon, words) and keys[j] not in case_markers
                          for j in range(1, len(keys) - 1)) else None


def _body_part(key: str, body_parts: frozenset, lexicon: Lexicon) -> bool:
    """Is the word a part of the body, made definite or not (মুখ, মুখটা)?"""
    if key in body_parts:
        return True
    suffix = _definite_suffix(key, lexicon)
    return suffix is not None and key[:-len(suffix)] in body_parts


def _owner_written(word: str, lexicon: Lexicon, record: str) -> str | None:
    """The owner a word names as a genitive of a word the record writes on its own (রুমানা for রুমানার
    মুখটা …, where the record writes রুমানা: a one-letter -র ends names too, so only so), else None."""
    _read_record(record)
    written = _RECORD_WORDS[2]
    return next((stem for stem in genitive_stems(word, lexicon) if stem in written), None)


def narration_words(text: str, lexicon: Lexicon) -> bool:
    """Does the text hold a word of the lexicon's narration: a frame word, reporting verb, auxiliary or
    verb form (Maloti cha niye elo.; not an English gloss's Translation — Grandma:)?"""
    narrative = lexicon.narrative
    return any(key in narrative["frame_words"] or key in narrative["reporting_verbs"] or key in lexicon.auxiliaries
               or _finite_verb(key, lexicon) or _verb_like(key, lexicon) for _, key in _frame_keys(text, lexicon))


def _listed_or_pronoun(subject: tuple[str, bool] | None) -> bool:
    """Is the subject one an elided subject after it continues: a listed person or a pronoun
    subject (not a guessed word)?"""
    return subject is not None and (not subject[1] or subject[0].endswith(UNNAMED_SUFFIX))


def _person_subject(subject: tuple[str, bool] | None, lexicon: Lexicon) -> bool:
    """Is a guessed subject a person by its words: a kin term, an address term, a person noun or
    a title (माँ, ভদ্রলোক, मिश्रा सर), not any word that stood first?"""
    return subject is not None and subject[1] and not subject[0].endswith(UNNAMED_SUFFIX) and any(
        lexicon.person_word(key) or lexicon.titled(key) or key in lexicon.name_titles
        for key in map(lexicon.key, TOKEN.findall(subject[0])))


def _beat_speaker(sentence: str, index: SpeakerIndex) -> tuple[str, bool] | None:
    """A listed speaker named by the first word(s) of a narration sentence."""
    words = TOKEN.findall(sentence)[:2]
    for size in (2, 1):
        if len(words) >= size:
            found = index.match(" ".join(words[:size]))
            if found:
                return found, False
    return None


def may_hold_quotes(paragraph: str) -> bool:
    """Can the paragraph hold a quote or speech after a colon that :func:`narrative_quotes` reads?"""
    return ":" in paragraph or "：" in paragraph or any(q in paragraph for q in OPENING_QUOTE_CHARACTERS)


def narrative_quotes(text: str, start: int, end: int, lexicon: Lexicon,
                     index: SpeakerIndex | None = None,
                     previous: tuple[str, bool] | None = None, story: bool = False,
                     said: Collection[str] = ()) -> list[NarrativeQuote]:
    """Quotes in ``text[start:end]`` (one paragraph) attributed by their frames.

    ``previous``: the speaker of the last quote before the paragraph (a frame
    with an elided subject continues it). ``story``: the text is no reply to the user (see
    :func:`frame_speaker`). ``said``: the speakers of the record's quotes so far (a beat about
    one's face or hand names them)."""
    paragraph = text[start:end]
    if not lexicon.narrative or not may_hold_quotes(paragraph):
        return []
    quoted = any(q in paragraph for q in OPENING_QUOTE_CHARACTERS)
    colon = ":" in paragraph or "：" in paragraph
    # a one-word quote is a mention ('आप' करके) unless a reporting frame follows it ("হ্যাঁ," ও বলল)
    quotes = [m for m in _QUOTE.finditer(text, start, end)
              if len(TOKEN.findall(m.group("body") or m.group("body2") or "")) >= 2
              or _framed_after(text, m.end(), end, lexicon, index)] if quoted else []
    names = [m for m in quotes if _quoted_name(text, m, end, lexicon)]
    if names:
        # a group's or contact's name ("Kolkata Boys 🔥" group e likhlo:) is no one's speech, nor
        # a word of the frame around it: the frames are read with it blanked
        quotes = [m for m in quotes if m not in names]
        text = _blanked(text, [m.span() for m in names])
    if colon:
        # speech after a reporting verb and a colon, unquoted, to the end of its line
        # (मैंने झुककर धीरे से पूछा: आंटी जी, आपको कहाँ जाना है?)
        quotes += [m for m in _COLON_SPEECH.finditer(text, start, end)
                   if not any(q.start() <= m.start() < q.end() for q in quotes)]
        quotes.sort(key=lambda m: m.start())
    found: list[NarrativeQuote] = []
    carried: tuple[str, bool] | None = None   # the speaker of a quote a beat between dashes cut
    for number, quote in enumerate(quotes):
        previous_end = quotes[number - 1].end() if number else start
        next_start = quotes[number + 1].start() if number + 1 < len(quotes) else end
        # before: from the last sentence boundary (or the previous quote) to the quote
        before_text = text[previous_end:quote.start()]
        boundaries = list(_boundary(lexicon).finditer(before_text))
        before = before_text[boundaries[-1].end():] if boundaries else before_text
        # after: from the quote to the next sentence boundary (or the next quote)
        after_text = text[quote.end():next_start]
        boundary = _boundary(lexicon).search(after_text)
        after = after_text[:boundary.start()] if boundary else after_text
        # one clause between two quotes that leads into the second (… पैर नहीं डाले।" नानी ने मुस्कुराकर
        # कहा: जा, …; … পারছি না।" আমি ওর হাত ধরে বললাম, "…") frames the second, not the first; two
        # clauses (" मिसेज़ गुप्ता ने … कहा, फिर … बेटे को डाँटा, "…") frame one each
        lead_in = after_text.rstrip()
        leads_on = number + 1 < len(quotes) and boundary is None and TOKEN.search(after_text) is not None \
            and (lead_in.endswith(_LEAD_INS) or quotes[number + 1].re is _COLON_SPEECH) \
            and not any(mark in lead_in[:-1] for mark in _LEAD_INS)
        body = (quote.group("body") or quote.group("body2") or "").rstrip()
        # "…।" এই বলিয়া …: a quote that ends its sentence lets a new one begin after it
        # (and one that breaks off at a dash, "… और फिर मेट्रो भी—" प्रियंका ने … मरोड़ा।: cut short, it
        # ends there too)
        closes_sentence = body.endswith(_SENTENCE_FINAL) or body.endswith(_BREAK_OFF)
        speaker = None
        beat_after = False
        last = (found[-1].speaker, found[-1].unlisted) if found else previous
        if quote.re is _COLON_SPEECH:
            # only a reporting frame (पूछा:, জবাব দিল:) makes a colon a quote's opening; not the
            # heading of an answer, which ends in its heading word (छोटा जवाब:)
            words = _frame_keys(before, lexicon)
            heading = bool(words) and words[-1][1] in lexicon.answer_headings
            speaker = frame_speaker(before, lexicon, index, previous=last, record=text, story=story) \
                if TOKEN.search(before) and not heading else None
            if speaker is not None:
                found.append(NarrativeQuote(quote.start(), quote.end(), speaker[0], speaker[1],
                                            frame_addressee(before, lexicon, index)))
            continue
        # the overt subject of the sentence before, named as written (read once: an elided frame goes on
        # from it, a quote that calls its speaker goes back to it, an elided frame's addressee with it)
        overt_before = _previous_sentence_subject(before_text, boundaries, lexicon, index, text) if boundaries else None
        if len(boundaries) >= 1:
            # an elided subject continues the overt subject of the sentence before, when there is
            # one (… মনে মনে ভাবল শুভ। তারপর … তন্ময়কে বলল, "…"; দাদু খানিক চুপ করে রইলেন। তারপর
            # হেসে যোগ করলেন, "…": not the one who spoke last); else the last speaker
            # (after a quote: a listed person, a pronoun subject, ও অনেকক্ষণ চুপ করে রইল।, a person by a
            # kin term, role or title, माँ रसोई से बाहर आईं।, or an agent the ergative marks, named once
            # or again: काव्या ने अर्जुन की रज़ाई खींच ली। खिलखिलाकर बोली, "…"; an overt subject is a person's)
            subject = overt_before or _subject_before_elided(before_text, boundaries, lexicon, index, text, last is None)
            if subject is not None:
                last = subject
        if TOKEN.search(before):
            if not TOKEN.search(after) or closes_sentence:
                # a clause that leads into its quote (… हाथ फेरा, "…") frames it whatever its verb; in a
                # story a colon does too (… हँसकर हार मान ली: "…"), unless its clause sees or reads
                # the text (उसने पोस्टर पर लिखा देखा: "…" introduces written text)
                leads_in = before.rstrip().endswith((",", "—", "–")) or story and before.rstrip().endswith(":") \
                    and not sees_a_text(before, lexicon)
                # two frames between two quotes (…," बिरजू ने … कहा, तो सुरेश तुरंत बोला, "…"):
                # the clause next to the quote, with its own subject and reporting verb, frames it
                clause = _last_clause(before) or ""
                own = _frame_keys(clause, lexicon) if clause else []
                if own and any(k in lexicon.narrative["reporting_verbs"] for _, k in own) \
                        and _clause_subject(own, lexicon, index) is not None:
                    speaker = frame_speaker(clause, lexicon, index, action=leads_in, previous=last, record=text, story=story)
                if speaker is None:
                    speaker = frame_speaker(before, lexicon, index, action=leads_in, previous=last, record=text, story=story)
                if speaker is None and leads_in and story:
                    # (an action that leads into its quote by a character the lexicon does not know, named
                    # again in the record, as a beat before a quote is read: Rohit baithte hue fusfusaya, "…")
                    speaker = guessed_subject(before.strip(_BEAT_TRIM), lexicon, index, text, False)
                if speaker is None and leads_in and clause and len(TOKEN.findall(before)) > _MAX_FRAME_TOKENS:
                    # a sentence too long to be read as one frame that leads into the quote: the
                    # overt subject of the clause next to it (जब … , तब सुधा काकी ने … आवाज़ लगाई,
                    # "…"), else the listed person its first clauses are about (… जब नाना जी ने
                    # टोकरी रखी, पसीना पोंछा और … बोले, "…")
                    speaker = _clause_subject(_frame_keys(clause, lexicon), lexicon, index)
                    if speaker is None or speaker[1]:
                        # the agent nearest the quote, marked by the ergative, whose clauses lead to it
                        # (… रीना … काट रही थी जब माँ जी ने चश्मा उतारा, … और फिर बोलीं, "…": माँ जी)
                        whole = _last_agent(_frame_keys(before, lexicon), lexicon, index) \
                            or _clause_subject(_frame_keys(before, lexicon), lexicon, index)
                        speaker = whole if whole is not None and not whole[1] else speaker
        elif TOKEN.search(after) and not (leads_on and closes_sentence and boundaries):
            # a quote that ends in a comma leads into the clause after it, which frames it whatever
            # its verb ('…,' … অনুরোধ করলেন সুলেখা দেবী)
            speaker = frame_speaker(after, lexicon, index, action=body.endswith((",", "،")), previous=last, record=text, story=story)
            # (an action beat after the quote, read below where nothing before it names the speaker)
            beat_after = closes_sentence and not leads_on and after[:1].isspace() and after.strip()[:1].isalpha() \
                and not (number + 1 < len(quotes) and boundary is not None
                         and not TOKEN.search(after_text, boundary.end()))
        if speaker is None and not TOKEN.search(before) \
                and (closes_sentence or not TOKEN.search(after)) and len(boundaries) >= 1:
            # an action beat: "विक्की ने उसकी तरफ़ देखा। "यार, …"" — the subject of the
            # sentence just before the quote (स्टेशन पर माँ ने … ठूँसा। "…"), else a listed
            # speaker opening it, then speaks
            # (a sentence of a word or two between them, Faka. / চুপ।, is passed over)
            for back in range(len(boundaries) - 1, max(len(boundaries) - 3, -1), -1):
                start_of_previous = boundaries[back - 1].end() if back >= 1 else 0
                beat = before_text[start_of_previous:boundaries[back].start()]
                speaker = frame_speaker(beat.strip(_BEAT_TRIM), lexicon, index, action=True, record=text, story=story)
                if speaker is None and index is not None:
                    speaker = _beat_speaker(beat, index)
                if speaker is None:
                    # (a character the record names again: not a scene's first word, Commentary box mein …)
                    speaker = guessed_subject(beat, lexicon, index, text, False)
                if speaker is None and back == len(boundaries) - 1:
                    # (right before the quote, one who opens the beat acting on a thing, named once)
                    speaker = _agent_on_a_thing(beat, lexicon, index, text)
                if speaker is None and back == len(boundaries) - 1:
                    # (one who spoke before, whose eyes or face the beat right before the quote is about:
                    # प्रियंका की आँखें भर आईं। "मैम, …")
                    owner = _opening_possessor(_frame_keys(beat.strip(_BEAT_TRIM), lexicon), lexicon,
                                               [*said, *(q.speaker for q in found)])
                    speaker = (owner, False) if owner is not None else None
                if speaker is None and back == len(boundaries) - 1 and len(TOKEN.findall(beat)) > 2 \
                        and not beat_after:
                    # a beat whose subject is elided goes on from the sentence before, as a frame does
                    # (নিতাই মাথা নিচু করে বেরিয়ে গেল। দরজার কাছে গিয়ে একবার ফিরে তাকাল। "…": নিতাই), where
                    # no beat after the quote names who said it
                    speaker = (_previous_sentence_subject(before_text, boundaries[:-1], lexicon, index, text)
                               if len(boundaries) >= 2 else None) \
                        or _subject_before_elided(before_text, boundaries, lexicon, index, text, False)
                if speaker is not None or len(TOKEN.findall(beat)) > 2:
                    break
        if speaker is None and found and number and found[-1].end == quotes[number - 1].end() \
                and TOKEN.search(before_text) and frame_speaker(
                    before_text.strip(_BEAT_TRIM), lexicon, index, previous=(found[-1].speaker, found[-1].unlisted),
                    record=text, story=story) == (found[-1].speaker, found[-1].unlisted):
            # "बाबूजी, …," उसने कहा। "आप चाहें तो …" — the quote after a frame goes on, its subject
            # stated or elided ("এটা কী?" চিঠিটা টেবিলে রেখে জিজ্ঞেস করলেন। "তুই …"), before a clause
            # after it that leads into the next quote (… রতন মাথা নিচু করে বলল, "…")
            speaker = (found[-1].speaker, found[-1].unlisted)
        if speaker is None and leads_on and TOKEN.search(before) is None and TOKEN.search(after):
            # no beat named anyone: the clause after frames this quote after all (… বলে চলল, "…")
            speaker = frame_speaker(after, lexicon, index, previous=last, record=text, story=story)
        if speaker is None and beat_after and TOKEN.search(before) is None:
            # the quote opens its paragraph, or no one acts or goes on speaking in the sentence before
            # (राहुल की नज़र … टिकी थी। "दादी, …!" राहुल ने ज़िद की।): the beat after the quote frames it
            speaker = _beat_after(text, quote, after, lexicon, index, story)
        if carried is not None and TOKEN.search(before_text) and _INTERRUPTION.fullmatch(before_text):
            # the rest of a quote a beat between dashes cut ("… और तुम" — उन्होंने करछी मेरी तरफ़ घुमाई —
            # "प्याज़ …"): the same speaker's
            speaker = carried
        carried = None
        if number + 1 < len(quotes) and quotes[number + 1].re is _QUOTE and TOKEN.search(after_text) \
                and _INTERRUPTION.fullmatch(after_text) and not closes_sentence:
            # a quote cut by a beat between dashes: the beat's subject speaks it and the rest; a pronoun
            # there, or no subject, is the one the sentence before the quote is about, by its subject or
            # by the face or hand it is about (… की मूँछें ज़रा-सी हिलीं। "…" — उन्होंने … घुमाई — "…")
            beat_speaker = frame_speaker(after_text.strip(" \t—–"), lexicon, index, action=True, record=text,
                                         story=story, guess=True)
            if beat_speaker is None or beat_speaker[0].endswith(UNNAMED_SUFFIX):
                owner = None
                if boundaries and not TOKEN.search(before):
                    sentence_before = _previous_sentence(before_text, boundaries)
                    owner = _opening_possessor(_frame_keys(sentence_before.strip(_BEAT_TRIM), lexicon), lexicon,
                                               [*said, *(q.speaker for q in found)])
                beat_speaker = ((owner, False) if owner is not None else None) or speaker or beat_speaker
            if beat_speaker is not None:
                speaker = carried = beat_speaker
        if speaker is not None and index is not None and speaker[0].endswith(UNNAMED_SUFFIX) and boundaries:
            # a pronoun subject refers back to the listed person the sentence before it is about
            # (… বেঞ্চে বসে ঝুমা চুপ করে ছিল। হুইসেল শুনে সে চোখ মুছে বলল, "…": ঝুমা, not সে (unnamed))
            sentence_before = _previous_sentence(before_text, boundaries)
            antecedent = _clause_subject(_frame_keys(sentence_before, lexicon), lexicon, index)
            if antecedent is not None and not antecedent[1] and _people_named(sentence_before, lexicon, index) == 1:
                speaker = antecedent   # (only when it names no one else: … খুলতেই দেখে, বাইরে এক মহিলা …)
        if speaker is not None and index is not None and not speaker[1] and boundaries:
            # a quote that calls a listed person is not theirs (শুভ … দেখল, মা … বসে আছেন। "মা,
            # তুমি …"): the first person of the sentence before speaks, if another
            called = opening_vocative(text, quote.start(), quote.end(), lexicon)
            if called is not None and index.match(called) == speaker[0]:
                if overt_before is not None and not overt_before[1] and overt_before[0] != speaker[0]:
                    speaker = overt_before
        if speaker is not None:
            # the reporting clause only: after the last comma of a frame before the quote,
            # up to the first comma of a frame after it
            frame = before.rstrip(" ,—–").rsplit(",", 1)[-1] if TOKEN.search(before) else after.split(",", 1)[0]
            if lexicon.narrative["mention_frames"] and any(
                    k in lexicon.narrative["mention_frames"] for _, k in _frame_keys(frame, lexicon)):
                continue   # sung or hummed (গান ধরল, "তুমি রবে নীরবে"): a song line, no one's address
            addressee = frame_addressee(frame, lexicon, index)
            if addressee is None and boundaries and TOKEN.search(before) \
                    and _clause_subject(_frame_keys(frame, lexicon), lexicon, index) is None:
                # a frame whose subject is elided goes on from the sentence before, and so does the one
                # it turned to there (माँ ने बेटे को देखा। फिर बोलीं, "…": to the son)
                if overt_before == speaker:
                    addressee = frame_addressee(_previous_sentence(before_text, boundaries), lexicon, index)
            found.append(NarrativeQuote(quote.start(), quote.end(), speaker[0], speaker[1], addressee))
    if found and len(quotes) >= 2 and quotes[0].re is _QUOTE and found[0].start != quotes[0].start() \
            and found[0].start == quotes[1].start() and not found[0].speaker.endswith(")") \
            and not TOKEN.search(text, start, quotes[0].start()) \
            and (quotes[0].group("body") or quotes[0].group("body2") or "").rstrip().endswith(_SENTENCE_FINAL):
        # a paragraph that opens with a quote no frame attributes, then a beat and a quote it does,
        # is one speaker's ("আমার দোষ খালি?" বাবলু বৈঠা থামিয়ে ফুঁসে উঠল। "তুই নিজে …!")
        found.insert(0, NarrativeQuote(quotes[0].start(), quotes[0].end(), found[0].speaker, found[0].unlisted,
                                       found[0].addressee))
    return found


def _beat_after(text: str, quote: re.Match, after: str, lexicon: Lexicon, index: SpeakerIndex | None,
                story: bool) -> tuple[str, bool] | None:
    """The one who acts in the clause right after a quote that ends its sentence: who said it
    ("तू फिर से …?" मौसी ने चश्मा उतारा।, "…" মা পর্দাটা সরিয়ে দিলেন।), as a beat before a quote
    says; never a pronoun's beat, nor one the quote calls (then the beat is the listener's answer:
    "तुम बेस्ट हो, दादी!" दादी हँस पड़ीं।). The caller rules out a beat that goes on into the next
    quote (… "…" पिंकी ने किताब रखी। "आप …": the next one's beat)."""
    beat_clause = _CLAUSE_END_IN_A_BEAT.split(after, maxsplit=1)[0]
    acting = frame_speaker(beat_clause.strip(_BEAT_TRIM), lexicon, index, action=True, record=text, story=story)
    if acting is None:
        # (a character the record names again, as before a quote: … টুকাই ব্যাগটা রাখল।)
        acting = guessed_subject(beat_clause, lexicon, index, text, False)
    if acting is None or acting[0].endswith(UNNAMED_SUFFIX) \
            or _after_a_verb_root(TOKEN.findall(beat_clause), TOKEN.findall(acting[0])[0], lexicon):
        return None
    acting_keys = naming_keys(acting[0], lexicon)
    return None if any(acting_keys & naming_keys(name, lexicon)
                       for name in called_names(text, quote.start(), quote.end(), lexicon)) else acting


def _after_a_verb_root(words: list[str], first: str, lexicon: Lexicon) -> bool:
    """Does the word ``first`` of a found subject stand right after a verb's bare root (the light
    verb of a compound, … गलियारे की ओर चल दी: दी is no one)?"""
    at = words.index(first) if first in words else -1
    if at < 1:
        return False
    key = lexicon.key(words[at - 1])
    return key in lexicon.verb_roots or key in lexicon.bare_stems


def _subject_before_elided(before_text: str, boundaries: list[re.Match], lexicon: Lexicon,
                           index: SpeakerIndex | None, record: str, first: bool) -> tuple[str, bool] | None:
    """The subject the last sentences before a frame go on from: the guessed subject of the sentence
    before it, or, across up to two sentences whose subject is elided too (… থমকে গেল।), of an
    earlier one (রাহুল … টোকা দিল। ভেতরে ঢুকে … থমকে গেল। … রেখে বলল, "…": রাহুল). A sentence with
    a subject of its own, a thing's (বৃষ্টি নামল।), stops the search."""
    for back in range(len(boundaries), max(len(boundaries) - 3, 0), -1):
        sentence = _previous_sentence(before_text, boundaries[:back])
        if back < len(boundaries):
            overt = _clause_subject(_frame_keys(sentence, lexicon), lexicon, index)
            if overt is not None:
                # (a person's, or a name the record writes again: नीरज ने कप रखा। कुछ देर … रहा। फिर बोला)
                return overt if _listed_or_pronoun(overt) or _person_subject(overt, lexicon) \
                    or _named_again(overt[0], record) else None
        guessed = guessed_subject(sentence, lexicon, index, record, first)
        if guessed is not None or frame_speaker(sentence.strip(_BEAT_TRIM), lexicon, index, action=True,
                                                record=record, guess=True) is not None:
            return guessed
    return None


def _opening_actor(clause: str, lexicon: Lexicon, index: SpeakerIndex | None,
                   record: str) -> tuple[str, bool] | None:
    """The actor of a story's action line that ends in a colon before a quote, by the word that
    opens its clause as a subject would, named once or not (Bapi mayer haat chepe dhorlo:,
    गुड्डन … झाँकी:): what the colon introduces tells that it acts toward speech. Not a
    word after an adverbial put first (সন্ধ্যায় বৃষ্টি নামল:), nor the narrator (see frame_line)."""
    found = _guessed_subject(clause.strip(_FRAME_TRIM), lexicon, index, record, True)
    if found is None or found[0].endswith(")"):
        return None
    # (not the object of a participle right after it, Phir WhatsApp khol ke … likha:, whose actor is
    # elided)
    words = TOKEN.findall(clause)
    last = TOKEN.findall(found[0])[-1]
    at = words.index(last) if last in words else -1
    following = lexicon.key(words[at + 1]) if 0 <= at < len(words) - 1 else ""
    return None if following and (_verb_like(following, lexicon) or lexicon.script != "beng"
                                  and _has_ending(following, lexicon.narrative["participle_endings"])) else found


def _last_clause(frame: str) -> str | None:
    """The clause after the last comma of a frame that has more than one, else None."""
    parts = frame.strip().rstrip(",—– ").rsplit(",", 1)
    return parts[1] if len(parts) == 2 and TOKEN.search(parts[0]) else None


def _framed_after(text: str, position: int, end: int, lexicon: Lexicon, index: "SpeakerIndex | None") -> bool:
    """Does a reporting frame with a pronoun or named subject follow right after position?"""
    after = text[position:end]
    boundary = _boundary(lexicon).search(after)
    clause = (after[:boundary.start()] if boundary else after).split(",", 1)[0]
    tokens = _frame_keys(clause, lexicon)
    if not tokens or len(tokens) > 4 or not any(k in lexicon.narrative["reporting_verbs"] for _, k in tokens):
        return False
    return _clause_subject(tokens, lexicon, index) is not None


_STANDALONE_BEFORE = tuple(DOUBLE_CLOSING + "'’")   # (a quote closing before the next one)


def standalone_quotes(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans of the quotes in ``text[start:end]`` that stand as sentences of their own: two
    words or more, ending a sentence inside the quote, opening the paragraph or coming after a
    sentence's end or another quote ("छाता ले लिया तूने?" "हाँ माँ, …"). Not a title or a line
    named inside a sentence (रेडियो पर "तेरे नाम" फ़िल्म का गाना …)."""
    found = []
    for m in _QUOTE.finditer(text, start, end):
        body = (m.group("body") or m.group("body2") or "").rstrip()
        before = text[start:m.start()].rstrip()
        if len(TOKEN.findall(body)) >= 2 and body.endswith(_SENTENCE_FINAL) \
                and (not before or before.endswith(_SENTENCE_FINAL + _STANDALONE_BEFORE)):
            found.append((m.start(), m.end()))
    return found


def names_no_speaker(text: str, lexicon: Lexicon) -> bool:
    """Does the text's narration hold no reporting verb (a story that never says who speaks: "…"
    "…" बाहर बारिश हो रही थी। "…")? The words inside quotes are the characters' own ("कह रहा था कल
    आएगा"), not the narration's."""
    narrative = lexicon.narrative
    if not narrative:
        return False
    narration = _QUOTE.sub(" ", text)
    return not any(lexicon.key(word) in narrative["reporting_verbs"] or lexicon.key(word) in narrative["mention_frames"]
                   for word in TOKEN.findall(narration))   # (nor sings a line: a song is a mention)


def whole_quote(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The span of a paragraph that is nothing but one quote (closing punctuation allowed)."""
    first = start
    while first < end and text[first].isspace():
        first += 1
    if first == end or text[first] not in _QUOTE_OPENINGS:
        return None   # (most paragraphs: no quote opens them, no copies)
    last = end
    while text[last - 1].isspace():
        last -= 1
    match = _QUOTE.match(text, first, last)
    if match is None or text[match.end():last].strip(_AFTER_QUOTE):
        return None
    return match.start(), match.end()


_FRAME_ENDS = (":", "：", ",", "—", "–", "-")   # what a line that introduces the next line's quote ends in
#: a quote this long at most may be a name ("शर्मा परिवार 🏠" ग्रुप)
_NAME_WORDS = 6


def _quoted_name(text: str, quote: re.Match, end: int, lexicon: Lexicon) -> bool:
    """Is the quote a name, the word right after it a noun that makes it one or a title's
    context ("शर्मा परिवार 🏠" ग्रुप में, "Kolkata Boys 🔥" group e, "বাড়ির সবাই ❤️" গ্রুপে): a few
    words that end no sentence?

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> text = 'Raat e "Kolkata Boys 🔥" group e Rik likhlo:'
    >>> _quoted_name(text, _QUOTE.search(text), len(text), load_lexicon("bn-Latn"))
    True
    """
    if not (lexicon.name_nouns or lexicon.title_context):
        return False
    body = (quote.group("body") or quote.group("body2") or "").strip()
    if len(TOKEN.findall(body)) > _NAME_WORDS or body.endswith(_SENTENCE_FINAL + (",",)):
        return False
    after = TOKEN.search(text, quote.end(), end)
    if after is None or "\n" in text[quote.end():after.start()] or text[quote.end():after.start()].strip(" \t*_"):
        return False   # (the word right after it, on its line)
    key = lexicon.key(after.group())
    return key in lexicon.name_nouns or key in lexicon.title_context


def sees_a_text(clause: str, lexicon: Lexicon) -> bool:
    """Does the clause read a text (`narrative.reading_verbs`: चिट्ठी पढ़ी), or see one it names, written
    or by a text's or message's noun (`seeing_verbs`, `written_words`, `text_nouns`: उसने पोस्टर पर लिखा
    देखा, পোস্টারটা দেখল)? What its colon introduces is then the text, no one's speech; not where it
    sees a person (a pronoun object, `narrative.person_objects`: Tanya ne … use ghoor kar dekha:), nor a
    look at a thing before speaking (माथुर साहब ने … घड़ी देखी:)."""
    narrative = lexicon.narrative
    if not narrative or not (narrative["reading_verbs"] or narrative["seeing_verbs"]):
        return False
    keys = [lexicon.key(word) for word in TOKEN.findall(clause)]
    if not narrative["person_objects"].isdisjoint(keys):
        return False
    # (not where a participle goes before it, a compound of "fall": ঢুকে পড়ল, dhuke porlo, "burst in")
    if any(key in narrative["reading_verbs"] and not (j and _verb_like(keys[j - 1], lexicon))
           for j, key in enumerate(keys)):
        return True
    if not any(key in narrative["seeing_verbs"] for key in keys):
        return False
    texts = narrative["written_words"] | narrative["text_nouns"] | narrative["message_nouns"]
    suffixes = narrative["definite_suffixes"]
    return any(key in texts or any(key.endswith(s) and key[:-len(s)] in texts for s in suffixes) for key in keys)


def _blanked(text: str, spans: list[tuple[int, int]]) -> str:
    """The text with the spans replaced by spaces (its offsets kept)."""
    for span_start, span_end in spans:
        text = text[:span_start] + " " * (span_end - span_start) + text[span_end:]
    return text


def frame_line(line: str, lexicon: Lexicon, index: SpeakerIndex | None = None,
               record: str = "", story: bool = False, between_turns: bool = False) -> tuple[str, bool] | None:
    """A line that is only a reporting clause introducing the next line's quote, or a line of
    narration whose last sentence is one and ends in a colon (``record``: the record's text, where
    a line of several sentences is read so). In a ``story`` an action that ends in a colon with its
    actor named frames the next line too (পাশে বসা মিতালি বাবার হাতটা চেপে ধরল:), unless it sees or
    reads a text (उसने पोस्टर पर लिखा देखा:); ``between_turns`` (after speech, not the model's
    preamble: कहानी इस तरह आगे बढ़ती है:), by the word that opens its clause, named once or not.

    The last sentence's subject, when elided, is the one the sentence before names (नेहा ने एक
    लंबी साँस ली। फिर धीरे-धीरे जवाब टाइप किया: नेहा; মিতুল হেসে ফেলল। তারপর তাড়াতাড়ি লিখল:
    মিতুল), as before a quote in the same line.

    >>> from honorifics.extraction.lexicon import load_lexicon
    >>> frame_line("नेहा ने पूछा:", load_lexicon("hi"))
    ('नेहा', True)
    >>> line = "वीकेंड का टिकट बुक था। नेहा ने एक लंबी साँस ली। फिर धीरे-धीरे जवाब टाइप किया:"
    >>> frame_line(line, load_lexicon("hi"), record=line + " नेहा")
    ('नेहा', True)
    """
    last = line.rstrip()[-1:]
    if last not in _FRAME_ENDS and last not in ("*", "_"):
        return None   # (most lines: it ends in none of them even under markup, no copies)
    if last in ("*", "_") and line.lstrip()[:1] in ("*", "_", "#"):
        between_turns = False   # (a heading in markup, **Roman mein:**, titles what follows: no actor)
    body = line.strip().strip("*_").strip()
    if any(q in body for q in _QUOTE_CHARACTERS):
        # (a group's or contact's name in it is blanked: … "Office Pagols 🤡" group e … likhlo:; and
        # a word in quotes, a mention: स्क्रीन पर "पापा" लिखा था।)
        quotes = list(_QUOTE.finditer(body))
        if quotes and all(_quoted_name(body, m, len(body), lexicon)
                          or len(TOKEN.findall(m.group("body") or m.group("body2") or "")) <= 1 for m in quotes):
            body = _blanked(body, [m.span() for m in quotes])
    if not lexicon.narrative or not body.endswith(_FRAME_ENDS) or \
            any(q in body for q in _QUOTE_CHARACTERS):
        return None
    # (a line of several sentences only where its colon introduces what follows; one ending in a
    # dash or comma is as often speech that breaks off: … সে বলে উঠেছে, আজ্ঞে হ্যাঁ, … ছাপ—)
    several = bool(record) and body.endswith((":", "："))
    action = story and several and not sees_a_text(body, lexicon)
    body = body.rstrip(":：,—–- ")
    boundaries = list(_boundary(lexicon).finditer(body)) if several else []
    if not boundaries:
        found = frame_speaker(body, lexicon, index, record=record, story=story)
        if found is None and action:
            found = frame_speaker(body, lexicon, index, action=True, record=record, story=story)
            # (the actor named: not an elided subject, nor a word the record names once; nor the
            # first person, as often the model offering what it can do, मैं ये कर सकता हूँ:)
            found = found if found is not None and not found[0].endswith("(narrator)") \
                and (_clause_subject(_frame_keys(body, lexicon), lexicon, index) == found
                     or _person_subject(found, lexicon) or _named_again(found[0], record)) else None
            if found is None and between_turns:
                found = _opening_actor(body, lexicon, index, record)
        return found
    frame = body[boundaries[-1].end():]
    if not TOKEN.search(frame):
        return None
    # the subject an elided one goes on from: the overt one of the sentence before (a listed
    # person, a pronoun, a person by a kin term or title, a name the record names again), else
    # the one the sentences before it are about
    subject = _previous_sentence_subject(body, boundaries, lexicon, index)
    if subject is not None and not (_listed_or_pronoun(subject) or _person_subject(subject, lexicon)
                                    or _named_again(subject[0], record)):
        subject = None
    if subject is None:
        subject = _subject_before_elided(body, boundaries, lexicon, index, record, False)
    elif subject[1] and " " not in subject[0]:
        # (a kin term or title with the name the record writes before it: … থাকেন রুমানা ভাবি।)
        subject = _with_its_name(subject, _previous_sentence(body, boundaries), lexicon, record)
    found = frame_speaker(frame.strip(_FRAME_TRIM), lexicon, index, previous=subject, record=record, story=story)
    if found is None and action and between_turns:
        # (an action whose clause opens with its actor: … হেডলাইট জ্বলে উঠল। তেনজিং … হাত নাড়ল:)
        found = _opening_actor(frame, lexicon, index, record)
        if found is not None:
            return found
    inside = lexicon.script == "latn" and found is not None and found[0][:1].isupper() \
        and TOKEN.findall(frame)[0] != found[0].split()[0]   # (… group-e Mou message korlo: a name)
    if found is not None and found != subject and found[1] and not found[0].endswith(")") and not inside \
            and not _person_subject(found, lexicon) and not _named_again(found[0], record) \
            and _clause_subject(_frame_keys(frame, lexicon), lexicon, index) is None:
        # a guessed word the record names once is no one's name (তারপর চটপট রিপ্লাই দিল: an adverb;
        # not an overt subject, भीगी हुई सुधा ने … पूछा): the subject is elided after all
        return subject
    return found
