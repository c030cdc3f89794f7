#!/usr/bin/env python3
"""Compares two folders of pair lexicons key by key.

For every XX-YY.lex present in both folders (format 3, src/lexicon/lexicon-internal.h), each key's
translation list, as (text, weight, origins, part of speech) in file order, is sorted into one class:

  same      identical lists
  order     the same translations with the same weights, in another order
  content   the lists differ in a translation, a weight, an origin or a part of speech
  only-a    a key of the first folder's file only
  only-b    a key of the second folder's file only

Usage: bench/lexicon-diff.py DIR_A DIR_B [--examples N]
Prints one line per pair (pair, keys in A, same, order, content, only-a, only-b) and a total line;
with --examples N, up to N changed keys per pair on stderr (A's list, then B's).
"""
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lexfile import read_lexicon  # noqa: E402


def read_lists(path):
    """A dict: key -> tuple of (text, weight, origin, pos)."""
    return {key: tuple(trans) for key, trans in read_lexicon(path)}


def main(argv):
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != "--examples"):
        raise SystemExit("usage: lexicon-diff.py DIR_A DIR_B [--examples N]")
    examples = int(argv[4]) if len(argv) == 5 else 0
    total = [0] * 6
    print("pair\tkeys_a\tsame\torder\tcontent\tonly_a\tonly_b")
    for path_a in sorted(glob.glob(os.path.join(argv[1], "*-*.lex"))):
        name = os.path.basename(path_a)
        path_b = os.path.join(argv[2], name)
        if not os.path.exists(path_b):
            print("%s: not in %s" % (name, argv[2]), file=sys.stderr)
            continue
        a, b = read_lists(path_a), read_lists(path_b)
        counts = [len(a), 0, 0, 0, 0, 0]
        shown = 0
        for key, la in a.items():
            lb = b.get(key)
            if lb is None:
                counts[4] += 1
                continue
            if la == lb:
                counts[1] += 1
                continue
            counts[2 if sorted(la) == sorted(lb) else 3] += 1
            if shown < examples:
                shown += 1
                print("%s %s\n  a: %s\n  b: %s" % (name[:-4], key, la, lb), file=sys.stderr)
        counts[5] = sum(1 for key in b if key not in a)
        total = [t + c for t, c in zip(total, counts)]
        print("\t".join([name[:-4]] + [str(c) for c in counts]))
    print("\t".join(["total"] + [str(c) for c in total]))


if __name__ == "__main__":
    main(sys.argv)
