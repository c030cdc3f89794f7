#!/usr/bin/env python3
"""Xapian's side of bench/index-xapian.sh: indexes Reuters-21578-style SGML the way xlqa does.

One Xapian document per <REUTERS> element that has a TITLE or a BODY (the others are skipped, as
xlqa skips them); its text is TITLE and BODY, ISO-8859-1 decoded with character references resolved,
indexed by a TermGenerator with the English Snowball stemmer, stemmed terms only, with positions
(STEM_ALL), and xlqa's English stop words dropped (STOP_ALL), so both indexes hold the same kind of
terms. The text is also stored as the document's data (xlqa keeps a document store) and the DOCNO,
"REUTERS-" + NEWID, as the boolean term "Q<DOCNO>". Single-threaded; one commit at the end;
XAPIAN_FLUSH_THRESHOLD (documents between automatic flushes) comes from the environment.

usage: xapian-index.py --db DIR --stopwords FILE [--parse-only] FILE.sgm...
       xapian-index.py --count DIR
The first prints "documents N indexed, M skipped"; the second, run outside the timing, the built
database's document count and distinct terms (the boolean Q terms left out).
"""
import argparse
import html
import re
import sys

DOC_RE = re.compile(r'<REUTERS\b([^>]*)>(.*?)</REUTERS>', re.S)
NEWID_RE = re.compile(r'\bNEWID="(\d+)"')
TITLE_RE = re.compile(r'<TITLE>(.*?)</TITLE>', re.S)
BODY_RE = re.compile(r'<BODY>(.*?)</BODY>', re.S)
# C0 controls other than tab and newline, and DEL, become spaces (Reuters has &#2; &#3; ...).
CONTROLS = {c: ' ' for c in list(range(0, 9)) + list(range(11, 32)) + [127]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--db', required=True)
    ap.add_argument('--stopwords', required=True)
    ap.add_argument('--parse-only', action='store_true',
                    help='read and extract the text only, to show the cost of the Python reader')
    ap.add_argument('files', nargs='+')
    args = ap.parse_args()

    import xapian

    if not args.parse_only:
        db = xapian.WritableDatabase(args.db, xapian.DB_CREATE)
        stopper = xapian.SimpleStopper()
        with open(args.stopwords, encoding='utf-8') as f:
            for line in f:
                word = line.strip()
                if word and not word.startswith('#'):
                    stopper.add(word)
        tg = xapian.TermGenerator()
        tg.set_stemmer(xapian.Stem('en'))
        tg.set_stemming_strategy(xapian.TermGenerator.STEM_ALL)
        tg.set_stopper(stopper)
        tg.set_stopper_strategy(xapian.TermGenerator.STOP_ALL)

    indexed = skipped = 0
    for path in args.files:
        with open(path, encoding='iso-8859-1', newline='') as f:
            data = f.read()
        for m in DOC_RE.finditer(data):
            newid = NEWID_RE.search(m.group(1))
            body = m.group(2)
            t = TITLE_RE.search(body)
            b = BODY_RE.search(body)
            fields = [html.unescape(x.group(1)).translate(CONTROLS) for x in (t, b) if x]
            fields = [x for x in fields if x.strip()]
            if not newid or not fields:
                skipped += 1
                continue
            indexed += 1
            if args.parse_only:
                continue
            doc = xapian.Document()
            tg.set_document(doc)
            for i, text in enumerate(fields):
                if i:
                    tg.increase_termpos()
                tg.index_text(text)
            doc.set_data('\n\n'.join(fields))
            doc.add_boolean_term('QREUTERS-' + newid.group(1))
            db.add_document(doc)
    if not args.parse_only:
        db.commit()
        db.close()
    print('documents %d indexed, %d skipped' % (indexed, skipped))


def count(path):
    """Prints a built database's documents and distinct terms, the boolean Q terms left out."""
    import xapian

    db = xapian.Database(path)
    terms = sum(1 for t in db.allterms() if not t.term.startswith(b'Q'))
    print('documents %d' % db.get_doccount())
    print('terms %d' % terms)


if __name__ == '__main__':
    if len(sys.argv) == 3 and sys.argv[1] == '--count':
        sys.exit(count(sys.argv[2]))
    sys.exit(main())
