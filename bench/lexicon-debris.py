#!/usr/bin/env python3
"""Counts debris in pair lexicons: translations and keys the dictionary readers should have cleaned.

Reads every DIR/XX-YY.lex (format 3, src/lexicon/lexicon-internal.h) and sorts each key and each
translation that shows a known class of debris into that class (an entry may be in several):

  bracket     a bracket left over: "building]", "[wichtige", "(n"
  glued       words written together by the dictionary: a lower-case letter followed by an
              upper-case one and two lower-case ones inside a word ("BasqueCountry",
              "seniorSen"), unless the translation is its key as written ("YouTube" for "youtube")
  list        a key that lists single-word forms separated by commas ("infinito, infinita"); a
              phrase holding a comma ("lange Rede, kurzer Sinn") is not counted
  label       a gloss label before a colon ("umgangssprachlich: ein Mann")
  stray       punctuation no word carries: a leading or trailing ',', ';', ':' or '/', or '|'

Usage: bench/lexicon-debris.py DIR [--examples N]
Prints one line per class: class, keys and translations affected, then the total; with
--examples N, up to N examples per class on stderr.
"""
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


CLASSES = ["bracket", "glued", "list", "label", "stray"]


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


def classify_trans(key, tr):
    found = set()
    if BRACKET.search(tr):
        found.add("bracket")
    if tr.lower().replace(" ", "") != key.replace(" ", "") and any(
            GLUED.search(w) and not re.match(r"^(Mc|Mac)[A-Z]", w) for w in tr.split()):
        found.add("glued")
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
    for path in files:
        pair = os.path.basename(path)[:-4]
        for key, tl in read_lexicon(path):
            for c in classify_key(key):
                keys[c] += 1
                if shown[c] < examples:
                    shown[c] += 1
                    print("%s\t%s\tkey %r" % (c, pair, key), file=sys.stderr)
            for tr, _weight, _origin, _pos in tl:
                for c in classify_trans(key, tr):
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
