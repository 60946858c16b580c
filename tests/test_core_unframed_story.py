"""A story that never says who speaks: its quotes, each a sentence of its own, alternate between
two unnamed speakers as dash lines do, across narration between them. Not where a frame names a
speaker anywhere in the text, nor a title or a song line named inside a sentence. Each case on new
sentences with a control; none comes from a blind set.
"""
from __future__ import annotations

from honorifics import analyze_text
from speaker_view import speech_turns


def test_unframed_quotes_of_a_story_alternate_between_unnamed_speakers():
    text = ("सुबह की धूप आँगन में उतर आई थी। \"अरे, तू अभी तक सोया है?\" \"बस पाँच मिनट और, अम्मा। आप जाइए।\" "
            "चूल्हे पर दूध उफन रहा था। \"उठ जा, वरना बस निकल जाएगी।\" \"उठ गया, आप चिंता मत कीजिए।\"")
    assert speech_turns(analyze_text(text, "hi", task="continuation")) == [
        ("_unnamed_1", "intimate"), ("_unnamed_2", "formal"), ("_unnamed_1", "intimate"), ("_unnamed_2", "formal")]
    bangla = ("Bikel theke brishti porchhe. \"Tui chhata neschhis to?\" \"Haan didi, tumi bhebo na.\"\n\n"
              "Janalar kache ekta kak dakchhilo. \"Tahole taratari ja.\"")
    assert speech_turns(analyze_text(bangla, "bn", task="continuation")) == [
        ("_unnamed_1", "intimate"), ("_unnamed_2", "familiar"), ("_unnamed_1", "intimate")]


def test_a_story_whose_frames_name_speakers_and_titles_and_songs_are_not_alternated():
    # controls: a frame anywhere (पूछा) keeps the story's own reading; a title and a hummed line are mentions
    framed = ("माँ ने पूछा, \"तू खाना खाएगा?\" \"अभी नहीं, आप खा लीजिए।\" बाहर कुत्ते भौंक रहे थे। \"ठंडा हो जाएगा।\"")
    speakers = [speaker for speaker, _ in speech_turns(analyze_text(framed, "hi", task="continuation"))]
    assert speakers[0] == "माँ" and "_unnamed_2" not in speakers
    title = "रेडियो पर \"दिल तो पागल है\" का गाना बज रहा था। दादी मुस्कुरा रही थीं।"
    assert speech_turns(analyze_text(title, "hi", task="continuation")) == [] or \
        all(speaker == "speaker" for speaker, _ in speech_turns(analyze_text(title, "hi", task="continuation")))


def test_outside_a_story_the_quotes_are_left_as_they_were():
    # control: a reply to the user quoting two lines as examples
    text = "दो तरह से कह सकते हैं। \"तुम आ जाओ।\" \"आप आ जाइए।\" दूसरा ज़्यादा विनम्र है।"
    result = analyze_text(text, "hi")
    assert not any((turn.speaker or "").startswith("_unnamed") for turn in result.turns)


def test_a_reporting_verb_inside_a_quote_is_the_characters_not_the_narrations():
    # "कह रहा था कल आएगा" is said by a character: the story still never says who speaks
    text = ("बरामदे में बाल्टी में बूँदें टपक रही थीं। \"आपने मिस्त्री को फ़ोन किया था?\" \"किया था, वह कह रहा था कल आएगा।\" "
            "अख़बार की सरसराहट हुई। \"तुम चाय बना दो, फिर चला जाऊँगा।\"")
    assert speech_turns(analyze_text(text, "hi", task="continuation")) == [
        ("_unnamed_1", "formal"), ("_unnamed_2", "none"), ("_unnamed_1", "familiar")]
