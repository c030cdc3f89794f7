"""Reads xlqa's pair lexicon files (format 3, src/lexicon/lexicon-internal.h) for the bench scripts."""
import struct

HEADER = struct.Struct("<8sII4s4sIIIIQQII")
KEY = struct.Struct("<III")    # string offset, first translation, number of translations
TRANS = struct.Struct("<IHBB")  # string offset, weight x 65535, origin bits, part of speech
STEM_SIZE = 8


def align8(n):
    return (n + 7) & ~7


def read_lexicon(path):
    """Yields (key, [(text, weight, origin, pos), ...]) of one lexicon file, in file order."""
    with open(path, "rb") as f:
        data = f.read()
    (magic, version, _order, _src, _tgt, n_keys, n_trans, n_stems, _maxw, _strings_size, _size, _crc,
     _hcrc) = HEADER.unpack_from(data, 0)
    if magic != b"XLQALEX\0" or version != 3:
        raise SystemExit("%s: not a lexicon of format 3" % path)
    keys_at = HEADER.size
    trans_at = align8(keys_at + KEY.size * n_keys)
    stems_at = align8(trans_at + TRANS.size * n_trans)
    strings_at = align8(stems_at + STEM_SIZE * n_stems)

    def string(off):
        end = data.index(b"\0", strings_at + off)
        return data[strings_at + off:end].decode("utf-8")

    for k in range(n_keys):
        s, first, n = KEY.unpack_from(data, keys_at + KEY.size * k)
        trans = []
        for t in range(first, first + n):
            ts, weight, origin, pos = TRANS.unpack_from(data, trans_at + TRANS.size * t)
            trans.append((string(ts), weight, origin, pos))
        yield string(s), trans
