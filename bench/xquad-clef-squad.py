#!/usr/bin/env python3
"""Writes xquad-clef back as SQuAD v1.1 JSON, one file per language, from its own collections and
gold keys: the round trip `xlqa import squad` is checked with (bench/import-roundtrip.sh).

Every document is a paragraph (context: the TEXT element with its lines joined by blanks; the article
title: TITLE), every answerable question of every set is a question of the paragraph its gold DOCNO
names, with id "<set>-<number>" (the same in every language) and the gold answers found in the context
as answers. NIL questions have no paragraph in the collections and are left out; answers that do not
occur in their context are left out too. Both are counted on standard error.

usage: xquad-clef-squad.py BENCH_DIR OUT_DIR [LANG...]   (default languages: EN DE ES)
"""
import html
import json
import os
import re
import sys


def documents(path):
    """(docno, title, text) of each <DOC> of a CLEF SGML file in ISO-8859-1 with character references."""
    with open(path, encoding="iso-8859-1") as f:
        data = f.read()
    for doc in re.findall(r"<DOC>(.*?)</DOC>", data, re.S):
        docno = re.search(r"<DOCNO>\s*(.*?)\s*</DOCNO>", doc, re.S).group(1)
        title = re.search(r"<TITLE>(.*?)</TITLE>", doc, re.S)
        text = re.search(r"<TEXT>(.*?)</TEXT>", doc, re.S)
        yield (docno, html.unescape(title.group(1).strip()) if title else "",
               " ".join(html.unescape(text.group(1)).split()) if text else "")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    bench, out = sys.argv[1], sys.argv[2]
    langs = sys.argv[3:] or ["EN", "DE", "ES"]
    sets = sorted((d for d in os.listdir(os.path.join(bench, "sets")) if d.isdigit()), key=int)
    os.makedirs(out, exist_ok=True)
    for lang in langs:
        coll = os.path.join(bench, "collections", lang)
        docs = [d for name in sorted(os.listdir(coll)) if name.endswith(".sgml")
                for d in documents(os.path.join(coll, name))]
        qas = {docno: [] for docno, _, _ in docs}
        text = {docno: t for docno, _, t in docs}
        nil = missing = 0
        for k in sets:
            questions = {}
            with open(os.path.join(bench, "sets", k, "questions", f"{lang}-{lang}.txt"), encoding="utf-8") as f:
                for line in f:
                    parts = line.rstrip("\n").split(" ", 4)
                    questions[parts[3]] = parts[4]
            with open(os.path.join(bench, "sets", k, "gold", f"{lang}.gold"), encoding="utf-8") as f:
                for line in f:
                    number, docno, answers = line.rstrip("\n").split("\t")
                    if docno == "NIL":
                        nil += 1
                        continue
                    found = [{"text": a, "answer_start": text[docno].find(a)}
                             for a in (x.strip() for x in answers.split("|||")) if a and a in text[docno]]
                    if not found:
                        missing += 1
                        continue
                    qas[docno].append({"id": f"{k}-{number}", "question": questions[number], "answers": found})
        data, by_title = [], {}
        for docno, title, t in docs:
            if title not in by_title:
                by_title[title] = {"title": title.replace(" ", "_"), "paragraphs": []}
                data.append(by_title[title])
            by_title[title]["paragraphs"].append({"context": t, "qas": qas[docno]})
        path = os.path.join(out, f"{lang.lower()}.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"version": "1.1", "data": data}, f, ensure_ascii=False)
        print(f"{path}: {len(docs)} paragraphs, {sum(len(q) for q in qas.values())} questions; "
              f"left out: {nil} NIL, {missing} without their answer in the context", file=sys.stderr)


if __name__ == "__main__":
    main()
