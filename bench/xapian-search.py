#!/usr/bin/env python3
"""Xapian's side of bench/scale.sh: adds a CLEF-style collection to a database built by
bench/xapian-index.py, and answers a CLEF test set as ranked retrieval, timing each query.

add:    xapian-search.py add --db DIR --stopwords FILE FILE.sgml...
        One Xapian document per <DOC> element with a DOCNO: its TITLE and TEXT (ISO-8859-1, character
        references resolved), indexed as xapian-index.py indexes Reuters (English Snowball stems
        with positions, xlqa's English stop words dropped), the DOCNO as the boolean term "Q<DOCNO>".
search: xapian-search.py search --db DIR --stopwords FILE --questions FILE [--docs N] [--out FILE]
        Each line "F EN EN 0001 question text" of the test set is parsed by a QueryParser with the
        same stemmer and stop words and no query syntax (every word a term, OR), ranked by BM25 with
        xlqa's parameters (k1 1.2, b 0.75; Xapian's k2 0 and k3 1 leave the query side alone), and
        the first N documents (default 100) are fetched with get_mset. The time of parsing and
        get_mset, per query, is summed with time.perf_counter; the DOCNOs are looked up afterwards,
        outside the timing, and written in trec_eval's format to --out. Prints "queries N seconds S
        cpu C": wall and CPU seconds (time.process_time) of those calls.
"""
import argparse
import html
import re
import sys
import time

DOC_RE = re.compile(r'<DOC>(.*?)</DOC>', re.S)
DOCNO_RE = re.compile(r'<DOCNO>\s*(.*?)\s*</DOCNO>', re.S)
TITLE_RE = re.compile(r'<TITLE>(.*?)</TITLE>', re.S)
TEXT_RE = re.compile(r'<TEXT>(.*?)</TEXT>', re.S)
CONTROLS = {c: ' ' for c in list(range(0, 9)) + list(range(11, 32)) + [127]}


def stopper_of(xapian, path):
    stopper = xapian.SimpleStopper()
    with open(path, encoding='utf-8') as f:
        for line in f:
            word = line.strip()
            if word and not word.startswith('#'):
                stopper.add(word)
    return stopper


def add(args, xapian):
    db = xapian.WritableDatabase(args.db, xapian.DB_CREATE_OR_OPEN)
    tg = xapian.TermGenerator()
    tg.set_stemmer(xapian.Stem('en'))
    tg.set_stemming_strategy(xapian.TermGenerator.STEM_ALL)
    stopper = stopper_of(xapian, args.stopwords)
    tg.set_stopper(stopper)
    tg.set_stopper_strategy(xapian.TermGenerator.STOP_ALL)
    indexed = 0
    for path in args.files:
        with open(path, encoding='iso-8859-1', newline='') as f:
            data = f.read()
        for m in DOC_RE.finditer(data):
            docno = DOCNO_RE.search(m.group(1))
            fields = [html.unescape(x.group(1)).translate(CONTROLS)
                      for x in (TITLE_RE.search(m.group(1)), TEXT_RE.search(m.group(1))) if x]
            if not docno or not fields:
                continue
            doc = xapian.Document()
            tg.set_document(doc)
            for i, text in enumerate(fields):
                if i:
                    tg.increase_termpos()
                tg.index_text(text)
            doc.set_data('\n\n'.join(fields))
            doc.add_boolean_term('Q' + docno.group(1))
            db.add_document(doc)
            indexed += 1
    db.commit()
    db.close()
    print('documents %d added' % indexed)


def docno_of(db, docid):
    for t in db.termlist(docid):
        if t.term.startswith(b'Q'):
            return t.term[1:].decode('utf-8', 'replace')
    return '?'


def search(args, xapian):
    db = xapian.Database(args.db)
    qp = xapian.QueryParser()
    qp.set_database(db)
    qp.set_stemmer(xapian.Stem('en'))
    qp.set_stemming_strategy(xapian.QueryParser.STEM_ALL)
    stopper = stopper_of(xapian, args.stopwords)
    qp.set_stopper(stopper)
    qp.set_default_op(xapian.Query.OP_OR)
    enquire = xapian.Enquire(db)
    enquire.set_weighting_scheme(xapian.BM25Weight(1.2, 0, 1, 0.75, 0))
    results = []
    seconds = cpu = 0.0
    with open(args.questions, encoding='utf-8') as f:
        lines = [line.rstrip('\n').split(' ', 4) for line in f if line.strip()]
    for fields in lines:
        if len(fields) < 5:
            sys.exit('%s: not a CLEF test set line: %s' % (args.questions, ' '.join(fields)))
        start, start_cpu = time.perf_counter(), time.process_time()
        query = qp.parse_query(fields[4], 0)
        enquire.set_query(query)
        mset = enquire.get_mset(0, args.docs)
        seconds += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
        results.append((fields[3], [(m.docid, m.weight) for m in mset]))
    if args.out:
        with open(args.out, 'w', encoding='utf-8') as out:
            for number, hits in results:
                for rank, (docid, weight) in enumerate(hits, 1):
                    out.write('%s Q0 %s %d %.4f xapian\n' % (number, docno_of(db, docid), rank, weight))
    print('queries %d seconds %.6f cpu %.6f' % (len(results), seconds, cpu))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('mode', choices=['add', 'search'])
    ap.add_argument('--db', required=True)
    ap.add_argument('--stopwords', required=True)
    ap.add_argument('--questions')
    ap.add_argument('--docs', type=int, default=100)
    ap.add_argument('--out')
    ap.add_argument('files', nargs='*')
    args = ap.parse_intermixed_args()

    import xapian

    if args.mode == 'add':
        add(args, xapian)
    else:
        if not args.questions:
            ap.error('search needs --questions')
        search(args, xapian)


if __name__ == '__main__':
    sys.exit(main())
