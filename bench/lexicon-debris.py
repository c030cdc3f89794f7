#!/usr/bin/env python3
"""Counts debris in pair lexicons: translations and keys the dictionary readers should have cleaned.

Reads every DIR/XX-YY.lex (format 3, src/lexicon/lexicon-internal.h) and sorts each key and each
translation that shows a known class of debris into that class (an entry may be in several):

  bracket     a bracket left over: "building]", "[wichtige", "(n"
  glued       words written together by the dictionary: a lower-case letter followed by an
              upper-case one and two lower-case ones inside a word ("BasqueCountry",
              "seniorSen"), unless the translation is its key as written ("YouTube" for "youtube"),
              and only when the word is more than a name written in camel case ("PlayStation",
              "eSwatini", "CinemaScope"): its tail from its last capital is an abbreviation, of
              at most five letters, after other words of the translation ("regular
              expressionReg", "Finanzstrafgesetz FinStr") or starting its own head or the
              translation's first word ("seniorSen"), or it parts into two words the target's
              hunspell knows, the first in lower case ("kleinenSchamlippen"), or in German, whose
              nouns are capitalised, in any case ("EisenKies")
  joined      words written together in lower case: a translation's word of 8 letters or more
              that the target language's hunspell does not know, that the lexicon holds, with
              spaces, as a multiword translation of some key ("givebirthto" beside "give birth
              to", "camadematrimonio"), and that no dictionary of the target language has as a
              headword: a key of DIR/TT-XX.lex (TT the target) with a translation from that
              pair's own dictionary (origin "direct"). A headword is a word of its language, so
              compounds hunspell lacks ("streamflow", "steckenbleiben") are not counted; nor are
              words written in a dictionary of the WikDict or Ding layout (of either side,
              in $XLQA_DICT_DIR or /usr/share/dictd): those write their spaces, so their closed
              compounds are words ("endplate", "horsemeat"); the classic layout's are not; counted
              for targets with a hunspell dictionary (lang/XX/language.txt), read with
              libhunspell from $XLQA_HUNSPELL_DIR or /usr/share/hunspell
  list        a key that lists single-word forms separated by commas ("infinito, infinita"); a
              phrase holding a comma ("lange Rede, kurzer Sinn") is not counted
  label       a gloss label before a colon ("umgangssprachlich: ein Mann")
  colon       two renderings on either side of a colon, which the reader parts: a colon followed by
              a blank anywhere but after a first word (that is a label), so after more than one
              word ("warning strike: token strike", "sich ablösen: abgehen") or alone after a
              blank ("EG : Europäische Gemeinschaft"); not in a sentence, whose colon is its own
              (ending in '.', '!' or '?' before any closing quotes: "Es heißt: „Das oder gar
              nichts.“")
  stray       punctuation no word carries: a leading or trailing ',', ';', ':' or '/', or '|'
  cut         a translation of an entry whose headword the dictionary cut from a phrase: Ergane
              (FreeDict's eng-spa) cut multiword headwords at their first space and kept the
              phrase's pronunciation ("good /guddei/" -> "buenosdías"), or (eng-ita, ita-eng,
              ita-deu) made it again from the cut word ("good /ɡˈʊd/" -> "buongiorno", which
              ita-eng renders "good morning", never "good"); found in the dictionaries of the
              classic layout (in $XLQA_DICT_DIR or /usr/share/dictd) by the reader's rules
              (src/lexicon/dictd.c, "Cut headwords" and "Cut headwords pronounced again"; the
              second with the dictionary of the opposite direction, whose words written together
              are parted roughly as the reader parts them), and counted in the lexicon of the pair
              XX-YY when a cut entry of freedict-XX-YY gives that translation to that key and no
              other entry of the headword gives it (origin "direct"), or when a cut entry of
              freedict-YY-XX gives the key to that headword (origin "inverse"); translations
              composed through a pivot are not counted
  mark        a grammar mark written without its brackets at a translation's end: a gender or
              number mark (m, f, n, pl) after a capitalised word ("Morgenland n"), or a verb,
              adjective or adverb mark (vt, vi, adj, adv) after any word ("ablehnen vt")

Usage: bench/lexicon-debris.py DIR [--examples N] [--twins DIR2]
Prints one line per class: class, keys and translations affected, then the total, then the joined
translations by target language ("joined-es"); with --examples N, up to N examples per class on
stderr. With --twins DIR2 the multiword translations that make a word "joined" are taken from the
lexicons of the same pair in DIR2 as well: parting words creates twins, so comparing a build
before a change with one after it is fair only when both are counted against the same twins.
"""
import ctypes
import ctypes.util
import functools
import glob
import gzip
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lexfile import read_lexicon  # noqa: E402


BRACKET = re.compile(r"[\[\](){}<>]")
GLUED = re.compile(r"[a-z][A-Z][a-z]{2}")
LABEL = re.compile(r"^\w+:\s")
COLON = re.compile(r":\s")
SENTENCE = re.compile(r"[.!?][\"'\u201c\u201d\u2019\u00bb\u00ab]*$")
STRAY = re.compile(r"^[,;:/]|[,;:/]$|\|")
# a grammar mark without its brackets at a translation's end: gender or number after a capitalised
# word ("Morgenland n"), verb, adjective or adverb after any word ("ablehnen vt")
MARK = re.compile(r"^(?:.*\s)?(\w)\S*\s(m|f|n|pl|Pl)$|^.*\S\s(vt|vi|adj|adv)$")


CLASSES = ["bracket", "glued", "joined", "list", "label", "colon", "stray", "cut", "mark"]
JOINED_MIN = 8   # letters of a word checked for lost spaces


class Speller:
    """One target language's hunspell dictionary, through libhunspell (words as UTF-8)."""

    lib = None

    def __init__(self, lang_dir, hunspell_dir, code):
        self.handle = None
        name = language_field(lang_dir, code, "hunspell")
        aff = os.path.join(hunspell_dir, "%s.aff" % name) if name else ""
        dic = os.path.join(hunspell_dir, "%s.dic" % name) if name else ""
        if not name or not os.path.exists(aff) or not os.path.exists(dic):
            return
        if Speller.lib is None:
            path = ctypes.util.find_library("hunspell-1.7") or "libhunspell-1.7.so.0"
            Speller.lib = ctypes.CDLL(path)
            Speller.lib.Hunspell_create.restype = ctypes.c_void_p
            Speller.lib.Hunspell_create.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
            Speller.lib.Hunspell_spell.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        self.handle = Speller.lib.Hunspell_create(aff.encode(), dic.encode())
        self.known = functools.lru_cache(maxsize=None)(self._known)

    def _known(self, word):
        return Speller.lib.Hunspell_spell(self.handle, word.encode("utf-8")) != 0


def twins_of(entries):
    """The lexicon's multiword translations by their text without spaces."""
    return {tr.replace(" ", ""): tr for _key, tl in entries for tr, _w, _o, _p in tl if " " in tr}


ORIGIN_DIRECT = 1  # XLQA_LEX_DIRECT


def headwords_of(files):
    """Per source language, the keys with a translation from the pair's own dictionary."""
    heads = {}
    for path in files:
        source = os.path.basename(path)[:-4].split("-")[0]
        words = heads.setdefault(source, set())
        for key, tl in read_lexicon(path):
            if any(origin & ORIGIN_DIRECT for _t, _w, origin, _p in tl):
                words.add(key)
    return heads


B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
LONG_WORD = re.compile(r"[^\W\d_]{%d,}" % JOINED_MIN)


def b64(text):
    value = 0
    for c in text:
        value = value * 64 + B64.index(c)
    return value


def language_field(lang_dir, code, name):
    """The value of field `name` in the pack's lang/XX/language.txt, or None."""
    try:
        with open(os.path.join(lang_dir, code, "language.txt"), encoding="utf-8") as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if len(fields) == 2 and fields[0] == name:
                    return fields[1]
    except OSError:
        pass
    return None


@functools.lru_cache(maxsize=None)
def pack_stopwords(lang_dir, code):
    """The stopwords of the pack lang/XX/stopwords.txt (one a line, '#' comments), lower case."""
    try:
        with open(os.path.join(lang_dir, code, "stopwords.txt"), encoding="utf-8") as f:
            return frozenset(w.strip().lower() for w in f if w.strip() and not w.startswith("#"))
    except OSError:
        return frozenset()


def iso639_2(lang_dir, code):
    return language_field(lang_dir, code, "iso639-2")


def read_dictionary(index):
    """The FreeDict dictionary `index` names: its index lines (headword, offset, length), its
    decompressed data, and whether its layout writes its spaces (WikDict, Ding: its
    00-database-short entry names them, as the reader tells them); None without its data file."""
    data_path = index[:-len(".index")] + ".dict.dz"
    if not os.path.exists(data_path):
        data_path = index[:-len(".index")] + ".dict"
    if not os.path.exists(data_path):
        return None
    lines = []
    with open(index, encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 3:
                lines.append((fields[0], b64(fields[1]), b64(fields[2])))
    with (gzip.open if data_path.endswith(".dz") else open)(data_path, "rb") as f:
        data = f.read()
    spaced = any(b"WikDict" in data[off:off + size] or b"Ding" in data[off:off + size]
                 for head, off, size in lines if head in ("00-database-short", "00databaseshort"))
    return lines, data, spaced


@functools.lru_cache(maxsize=None)
def dictionary_words(index):
    """The words of JOINED_MIN letters or more (lower-cased) of the FreeDict dictionary `index`
    names when its layout writes its spaces (read_dictionary); else none."""
    dictionary = read_dictionary(index)
    if dictionary is None or not dictionary[2]:
        return frozenset()
    return frozenset(LONG_WORD.findall(dictionary[1].decode("utf-8", "replace").lower()))


IGNORED_MARKS = set(".()[]-\u02d0\u02d1\u02d8\u02c8\u02cc\u203f")
NUMBERED = re.compile(r"^\d+\.\s*")


def sounds(text):
    """The characters that count as sounds or letters (dictd.c's sound_count)."""
    return sum(1 for c in text if c not in IGNORED_MARKS and not 0x300 <= ord(c) <= 0x36F)


def heard(text):
    """An entry's headword and pronunciation ("headword /pronunciation/"); None: none, or one with a
    space."""
    line = text.split("\n", 1)[0]
    at = line.find(" /")
    if at < 0:
        return line, None
    close = line.find("/", at + 2)
    pron = line[at + 2:close] if close >= 0 else None
    return line[:at], pron if pron is not None and " " not in pron else None


def is_cut(entries, k):
    """dictd.c's is_cut: entry k of the (headword, pronunciation) pairs of one index headword."""
    head, pron = entries[k]
    if pron is None or sounds(pron) < sounds(head) + 2:
        return False
    same = [p for h, p in entries if p is not None and h == head]
    fewest = min(sounds(p) for p in same)
    return any(p != pron for p in same) and (sounds(pron) >= fewest + 2
                                             or sounds(pron) >= sounds(head) + 3)


# Ding's placeholders, which the reader drops from translations (src/lexicon/clean.c)
PLACEHOLDERS = {"etw.", "jdn.", "jdm.", "jds.", "jd.", "sth.", "sb.", "sb.'s", "sth.'s", "sb's", "o.s.",
                "oneself"}


def raw_items(text):
    """An entry's translations as written, roughly as the reader splits them: each line after the
    headword's that is not indented, without its sense number, split at commas and semicolons."""
    for line in text.split("\n")[1:]:
        if line.strip() and line[0] not in " \t":
            yield from re.split(r"[,;]", NUMBERED.sub("", line))


def entry_phrases(text):
    """An entry's translations, roughly as the reader splits and cleans them, lower case, each run
    of spaces one space."""
    items = []
    for item in raw_items(text):
        item = " ".join(w for w in re.sub(r"<[^>]*>|\([^)]*\)|\[[^\]]*\]", " ", item).split()
                        if w not in PLACEHOLDERS).lower()
        if item and item not in items:
            items.append(item)
    return items


def entry_items(text):
    """An entry's translations, roughly as the reader splits them, lower case without spaces."""
    return {item for item in (re.sub(r"\s+", "", raw).lower() for raw in raw_items(text)) if item}


def renderings(index):
    """What the FreeDict dictionary `index` names renders each headword as, when of the classic
    layout: {headword without its spaces: {translation}}, lower case, the translations as
    entry_phrases writes them; None otherwise. Without spaces, as the classic layout writes many
    translations together ("trajedebaño" for "traje de baño")."""
    dictionary = read_dictionary(index) if os.path.exists(index) else None
    if dictionary is None or dictionary[2]:
        return None
    lines, data, _spaced = dictionary
    rendered = {}
    for head, off, size in dict.fromkeys(line for line in lines if not line[0].startswith("00")):
        text = data[off:off + size].decode("utf-8", "replace")
        rendered.setdefault("".join(heard(text)[0].split()).lower(), set()).update(entry_phrases(text))
    return rendered


def phrase_of(rendering, head, speller, stopwords):
    """True when `rendering` is a phrase that starts with `head`: with a space, or written together
    as the reader parts it, roughly: letters only, a word the speller of its language lacks, and
    after the headword, not a word it knows, a function word (`stopwords`) and a word it knows
    ("cameradaletto" for "camera": Ergane's deu-ita writes its phrases so; "vetturaletti" and
    "avertimore" stay whole)."""
    if rendering.startswith(head + " "):
        return True
    if (not rendering.startswith(head) or not rendering.isalpha() or speller is None
            or speller.handle is None or speller.known(rendering)):
        return False
    rest = rendering[len(head):]  # parted only when its best split holds a function word
    return not speller.known(rest) and parts_with_stopword(rest, speller, stopwords)


def parts_with_stopword(text, speller, stopwords):
    """True when `text` splits into words the speller knows (of four letters or more) and function
    words (`stopwords`), one of these at least: the reader's parting, roughly."""
    best = {0: False}  # prefix length -> whether a split of it holds a function word
    for end in range(1, len(text) + 1):
        for start in list(best):
            piece = text[start:end]
            if start < end and (piece in stopwords or (len(piece) >= 4 and speller.known(piece))):
                best[end] = best.get(end, False) or best[start] or piece in stopwords
    return best.get(len(text), False)


def rendered_cut(head, text, rendered, speller, stopwords):
    """dictd.c's rendered_cut: whether the reverse dictionary's `rendered` renders each translation
    of the entry `text` of headword `head` it has as phrases of the headword only, one at least."""
    head = " ".join(head.split()).lower()
    phrases = 0
    for item in entry_phrases(text):
        found = rendered.get(item.replace(" ", ""))
        if not found:
            continue
        if head in found or not any(phrase_of(r, head, speller, stopwords) for r in found):
            return False
        phrases += 1
    return phrases > 0


@functools.lru_cache(maxsize=None)
def cut_translations(index, speller=None, stopwords=frozenset()):
    """The FreeDict dictionary `index` names, when of the classic layout: {(headword, translation)}
    of its cut entries (see "cut": by the pronunciation, or pronounced again and told by the
    dictionary of the opposite direction, whose translations `speller` and `stopwords` check),
    headword lower case, translation as entry_items writes it, less those another entry of the
    headword gives too."""
    dictionary = read_dictionary(index)
    if dictionary is None or dictionary[2]:
        return frozenset()
    lines, data, _spaced = dictionary
    base = os.path.basename(index)[:-len(".index")].split("-")
    rendered = renderings(os.path.join(os.path.dirname(index), "%s-%s-%s.index" % (base[0], base[2], base[1])))
    cut, kept = set(), set()
    group = []
    for i, line in enumerate(lines + [None]):
        if group and (line is None or line[0] != group[-1][0]):
            texts = [data[o:o + n].decode("utf-8", "replace") for _h, o, n in dict.fromkeys(
                (h, o, n) for h, o, n in group)]
            entries = [heard(t) for t in texts]
            for k, text in enumerate(texts):
                pairs = {(entries[k][0].lower(), item) for item in entry_items(text)}
                (cut if len(texts) > 1 and (is_cut(entries, k) or (
                    rendered is not None and rendered_cut(entries[k][0], text, rendered, speller, stopwords)))
                 else kept).update(pairs)
            group = []
        if line is not None and not line[0].startswith("00"):
            group.append(line)
    return frozenset(cut - kept)


def spaced_words(dict_dir, iso):
    """dictionary_words of the FreeDict dictionaries of language `iso`, either side."""
    words = set()
    for index in sorted(glob.glob(os.path.join(dict_dir, "freedict-*.index"))):
        if iso in os.path.basename(index)[len("freedict-"):-len(".index")].split("-"):
            words.update(dictionary_words(index))
    return words


def joined(word, speller, twins, headwords=frozenset(), spaced=frozenset()):
    return (len(word) >= JOINED_MIN and word.isalpha() and word.islower() and word in twins
            and word not in headwords and word not in spaced and not speller.known(word))


CAMEL_TAIL = re.compile(r"[A-Z][^A-Z]*$")
CAMEL_HEAD = re.compile(r"^(.*?[a-z])[A-Z]")


def glued(tr, word, speller=None, german=False):
    """True when `word` of translation `tr` (it matches GLUED) is debris, not a camel-case name."""
    words = tr.split()
    tail = CAMEL_TAIL.search(word).group(0).rstrip(".")
    head = CAMEL_HEAD.match(word).group(1)
    if len(tail) <= 5 and tail.isalpha():
        if words.index(word) > 0:  # "regular expressionReg", "Finanzstrafgesetz FinStr"
            return True
        if head.lower().startswith(tail.lower()) or words[0].lower().startswith(tail.lower()):
            return True  # "seniorSen"
    first = re.match(r"[A-Z][^\W\d_]*", word[len(head):]).group(0)
    if (speller and speller.handle and (german or head[0].islower()) and len(head) >= 2
            and head.isalpha()):
        return speller.known(head) and speller.known(first)  # "kleinenSchamlippen", "EisenKies"
    return False


def colon(text):
    """True when `text` holds two renderings parted by a colon (see "colon")."""
    return bool(COLON.search(text)) and not LABEL.match(text) and not SENTENCE.search(text)


def classify_key(key):
    found = set()
    if BRACKET.search(key):
        found.add("bracket")
    parts = key.split(", ")
    if len(parts) > 1 and all(p and " " not in p for p in parts):
        found.add("list")
    if LABEL.match(key):
        found.add("label")
    if colon(key):
        found.add("colon")
    if STRAY.search(key):
        found.add("stray")
    return found


ORIGIN_INVERSE = 2  # XLQA_LEX_INVERSE


def classify_trans(key, tr, speller=None, twins=None, headwords=frozenset(), spaced=frozenset(),
                   german=False, origin=0, cut=(frozenset(), frozenset())):
    found = set()
    direct, inverse = cut
    if ((origin & ORIGIN_DIRECT and (key, tr.replace(" ", "").lower()) in direct)
            or (origin & ORIGIN_INVERSE and (tr.lower(), key.replace(" ", "")) in inverse)):
        found.add("cut")
    if BRACKET.search(tr):
        found.add("bracket")
    if tr.lower().replace(" ", "") != key.replace(" ", "") and any(
            GLUED.search(w) and not re.match(r"^(Mc|Mac)[A-Z]", w) and glued(tr, w, speller, german)
            for w in tr.split()):
        found.add("glued")
    if speller and speller.handle and twins and tr.replace(" ", "") != key.replace(" ", "") and any(
            joined(w, speller, twins, headwords, spaced) for w in tr.split()):
        found.add("joined")
    if LABEL.match(tr):
        found.add("label")
    if colon(tr):
        found.add("colon")
    if STRAY.search(tr):
        found.add("stray")
    m = MARK.match(tr)
    if m and (m.group(3) or m.group(1).isupper()):
        found.add("mark")
    return found


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: lexicon-debris.py DIR [--examples N]")
    examples, twins_dir, args = 0, None, sys.argv[2:]
    while args:
        if args[0] == "--examples" and len(args) > 1:
            examples = int(args[1])
        elif args[0] == "--twins" and len(args) > 1:
            twins_dir = args[1]
        else:
            raise SystemExit("usage: lexicon-debris.py DIR [--examples N] [--twins DIR2]")
        args = args[2:]
    joined_by = {}
    keys = {c: 0 for c in CLASSES}
    trans = {c: 0 for c in CLASSES}
    shown = {c: 0 for c in CLASSES}
    files = sorted(glob.glob(os.path.join(sys.argv[1], "*-*.lex")))
    if not files:
        raise SystemExit("lexicon-debris: no lexicon in %s" % sys.argv[1])
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    lang_dir = os.environ.get("XLQA_LANG_DIR") or os.path.join(top, "lang")
    hunspell_dir = os.environ.get("XLQA_HUNSPELL_DIR") or "/usr/share/hunspell"
    dict_dir = os.environ.get("XLQA_DICT_DIR") or "/usr/share/dictd"
    spellers = {}
    spaced = {}
    headwords = headwords_of(files)
    for path in files:
        pair = os.path.basename(path)[:-4]
        target = pair.split("-")[1]
        source = pair.split("-")[0]
        for code in (source, target):  # one speller a language; a source's checks the reverse dictionary
            if code not in spellers:
                spellers[code] = Speller(lang_dir, hunspell_dir, code)
        if target not in spaced:
            iso = iso639_2(lang_dir, target)
            spaced[target] = spaced_words(dict_dir, iso) if iso and spellers[target].handle else set()
        cut = tuple(cut_translations(os.path.join(dict_dir, "freedict-%s-%s.index" % codes),
                                    spellers[of], pack_stopwords(lang_dir, of))
                    if None not in codes else frozenset()
                    for codes, of in (((iso639_2(lang_dir, source), iso639_2(lang_dir, target)), source),
                                      ((iso639_2(lang_dir, target), iso639_2(lang_dir, source)), target)))
        entries = list(read_lexicon(path))
        twins = twins_of(entries)
        other = os.path.join(twins_dir, os.path.basename(path)) if twins_dir else None
        if other and os.path.exists(other):
            twins.update(twins_of(read_lexicon(other)))
        for key, tl in entries:
            for c in classify_key(key):
                keys[c] += 1
                if shown[c] < examples:
                    shown[c] += 1
                    print("%s\t%s\tkey %r" % (c, pair, key), file=sys.stderr)
            for tr, _weight, origin, _pos in tl:
                for c in classify_trans(key, tr, spellers[target], twins, headwords.get(target, frozenset()),
                                        spaced[target], target == "de", origin, cut):
                    trans[c] += 1
                    if c == "joined":
                        joined_by[target] = joined_by.get(target, 0) + 1
                    if shown[c] < examples:
                        shown[c] += 1
                        print("%s\t%s\t%r -> %r" % (c, pair, key, tr), file=sys.stderr)
    print("class\tkeys\ttranslations\t(%d lexicons in %s)" % (len(files), sys.argv[1]))
    for c in CLASSES:
        print("%s\t%d\t%d" % (c, keys[c], trans[c]))
    print("total\t%d\t%d" % (sum(keys.values()), sum(trans.values())))
    for target in sorted(joined_by):
        print("joined-%s\t0\t%d" % (target, joined_by[target]))


if __name__ == "__main__":
    main()
