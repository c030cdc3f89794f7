#!/usr/bin/env python3
"""Counts debris in pair lexicons: translations and keys the dictionary readers should have cleaned.

Reads every DIR/XX-YY.lex (format 3, src/lexicon/lexicon-internal.h) and sorts each key and each
translation that shows a known class of debris into that class (an entry may be in several):

  bracket     a bracket left over: "building]", "[wichtige", "(n"
  glued       words written together by the dictionary: a lower-case letter followed by an
              upper-case one and two lower-case ones inside a word ("BasqueCountry",
              "seniorSen"), unless the translation is its key as written ("YouTube" for "youtube")
  joined      words written together in lower case: a translation's word of 8 letters or more
              that the target language's hunspell does not know, that the lexicon holds, with
              spaces, as a multiword translation of some key ("givebirthto" beside "give birth
              to", "camadematrimonio"), and that no dictionary of the target language has as a
              headword: a key of DIR/TT-XX.lex (TT the target) with a translation from that
              pair's own dictionary (origin "direct"). A headword is a word of its language, so
              compounds hunspell lacks ("streamflow", "steckenbleiben") are not counted; counted
              for targets with a hunspell dictionary (lang/XX/language.txt), read with
              libhunspell from $XLQA_HUNSPELL_DIR or /usr/share/hunspell
  list        a key that lists single-word forms separated by commas ("infinito, infinita"); a
              phrase holding a comma ("lange Rede, kurzer Sinn") is not counted
  label       a gloss label before a colon ("umgangssprachlich: ein Mann")
  stray       punctuation no word carries: a leading or trailing ',', ';', ':' or '/', or '|'

Usage: bench/lexicon-debris.py DIR [--examples N]
Prints one line per class: class, keys and translations affected, then the total; with
--examples N, up to N examples per class on stderr.
"""
import ctypes
import ctypes.util
import functools
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lexfile import read_lexicon  # noqa: E402


BRACKET = re.compile(r"[\[\](){}<>]")
GLUED = re.compile(r"[a-z][A-Z][a-z]{2}")
LABEL = re.compile(r"^\w+:\s")
STRAY = re.compile(r"^[,;:/]|[,;:/]$|\|")


CLASSES = ["bracket", "glued", "joined", "list", "label", "stray"]
JOINED_MIN = 8   # letters of a word checked for lost spaces


class Speller:
    """One target language's hunspell dictionary, through libhunspell (words as UTF-8)."""

    lib = None

    def __init__(self, lang_dir, hunspell_dir, code):
        self.handle = None
        name = None
        try:
            with open(os.path.join(lang_dir, code, "language.txt"), encoding="utf-8") as f:
                for line in f:
                    fields = line.rstrip("\n").split("\t")
                    if len(fields) == 2 and fields[0] == "hunspell":
                        name = fields[1]
        except OSError:
            return
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


def joined(word, speller, twins, headwords=frozenset()):
    return (len(word) >= JOINED_MIN and word.isalpha() and word.islower() and word in twins
            and word not in headwords and not speller.known(word))


def classify_key(key):
    found = set()
    if BRACKET.search(key):
        found.add("bracket")
    parts = key.split(", ")
    if len(parts) > 1 and all(p and " " not in p for p in parts):
        found.add("list")
    if LABEL.match(key):
        found.add("label")
    if STRAY.search(key):
        found.add("stray")
    return found


def classify_trans(key, tr, speller=None, twins=None, headwords=frozenset()):
    found = set()
    if BRACKET.search(tr):
        found.add("bracket")
    if tr.lower().replace(" ", "") != key.replace(" ", "") and any(
            GLUED.search(w) and not re.match(r"^(Mc|Mac)[A-Z]", w) for w in tr.split()):
        found.add("glued")
    if speller and speller.handle and twins and tr.replace(" ", "") != key.replace(" ", "") and any(
            joined(w, speller, twins, headwords) for w in tr.split()):
        found.add("joined")
    if LABEL.match(tr):
        found.add("label")
    if STRAY.search(tr):
        found.add("stray")
    return found


def main():
    if len(sys.argv) < 2:
        raise SystemExit("usage: lexicon-debris.py DIR [--examples N]")
    examples = int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[2] == "--examples" else 0
    keys = {c: 0 for c in CLASSES}
    trans = {c: 0 for c in CLASSES}
    shown = {c: 0 for c in CLASSES}
    files = sorted(glob.glob(os.path.join(sys.argv[1], "*-*.lex")))
    if not files:
        raise SystemExit("lexicon-debris: no lexicon in %s" % sys.argv[1])
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    lang_dir = os.environ.get("XLQA_LANG_DIR") or os.path.join(top, "lang")
    hunspell_dir = os.environ.get("XLQA_HUNSPELL_DIR") or "/usr/share/hunspell"
    spellers = {}
    headwords = headwords_of(files)
    for path in files:
        pair = os.path.basename(path)[:-4]
        target = pair.split("-")[1]
        if target not in spellers:
            spellers[target] = Speller(lang_dir, hunspell_dir, target)
        entries = list(read_lexicon(path))
        twins = twins_of(entries)
        for key, tl in entries:
            for c in classify_key(key):
                keys[c] += 1
                if shown[c] < examples:
                    shown[c] += 1
                    print("%s\t%s\tkey %r" % (c, pair, key), file=sys.stderr)
            for tr, _weight, _origin, _pos in tl:
                for c in classify_trans(key, tr, spellers[target], twins, headwords.get(target, frozenset())):
                    trans[c] += 1
                    if shown[c] < examples:
                        shown[c] += 1
                        print("%s\t%s\t%r -> %r" % (c, pair, key, tr), file=sys.stderr)
    print("class\tkeys\ttranslations\t(%d lexicons in %s)" % (len(files), sys.argv[1]))
    for c in CLASSES:
        print("%s\t%d\t%d" % (c, keys[c], trans[c]))
    print("total\t%d\t%d" % (sum(keys.values()), sum(trans.values())))


if __name__ == "__main__":
    main()
