#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
perf_data_be.py IN OUT: rewrite a little-endian perf.data file in big endian,
as a big-endian machine would have written it: the header, the attrs (their
bitfields laid out from the most significant bit), the ids, every record of
the data section (samples by their sample_type), and the string, count and
EVENT_DESC features (the others are dropped).

An independent encoder for the byte-swapping tests: it shares no code with
perf's own swapping.
"""
import struct
import sys

LE, BE = '<', '>'


def conv(fmt, data, off=0):
    """The fields of fmt at off, little-endian in, big-endian out."""
    vals = struct.unpack_from(LE + fmt, data, off)
    return struct.pack(BE + fmt, *vals)


def bitrev64(v):
    return int('{:064b}'.format(v)[::-1], 2)


ATTR_FIELDS = [
    # name, format, offset
    ('type', 'I', 0), ('size', 'I', 4), ('config', 'Q', 8), ('sample_period', 'Q', 16),
    ('sample_type', 'Q', 24), ('read_format', 'Q', 32), ('flags', 'Q', 40),
    ('wakeup_events', 'I', 48), ('bp_type', 'I', 52), ('config1', 'Q', 56), ('config2', 'Q', 64),
    ('branch_sample_type', 'Q', 72), ('sample_regs_user', 'Q', 80), ('sample_stack_user', 'I', 88),
    ('clockid', 'i', 92), ('sample_regs_intr', 'Q', 96), ('aux_watermark', 'I', 104),
    ('sample_max_stack', 'H', 108), ('reserved2', 'H', 110), ('aux_sample_size', 'I', 112),
    ('reserved3', 'I', 116), ('sig_data', 'Q', 120),
]


def attr_be(raw):
    out = bytearray(raw)
    for name, fmt, off in ATTR_FIELDS:
        if off + struct.calcsize(fmt) > len(raw):
            break
        if name == 'flags':
            v, = struct.unpack_from('<Q', raw, off)
            struct.pack_into('>Q', out, off, bitrev64(v))
        else:
            out[off:off + struct.calcsize(fmt)] = conv(fmt, raw, off)
    return bytes(out)


def attr_info(raw):
    f = {}
    for name, fmt, off in ATTR_FIELDS:
        if off + struct.calcsize(fmt) <= len(raw):
            f[name], = struct.unpack_from('<' + fmt, raw, off)
    f['sample_id_all'] = (f['flags'] >> 18) & 1
    return f


S = {n: 1 << i for i, n in enumerate(
    'IP TID TIME ADDR READ CALLCHAIN ID CPU PERIOD STREAM_ID RAW BRANCH_STACK REGS_USER '
    'STACK_USER WEIGHT DATA_SRC IDENTIFIER TRANSACTION REGS_INTR PHYS_ADDR AUX CGROUP '
    'DATA_PAGE_SIZE CODE_PAGE_SIZE WEIGHT_STRUCT'.split())}


def trailer_be(body, st):
    """The sample_id_all trailer at the end of body, fields in reverse order."""
    n = sum(1 for b in ('TID', 'TIME', 'ID', 'STREAM_ID', 'CPU', 'IDENTIFIER') if st & S[b])
    head, tail = body[:len(body) - 8 * n], body[len(body) - 8 * n:]
    out, off = b'', 0
    for b in ('TID', 'TIME', 'ID', 'STREAM_ID', 'CPU', 'IDENTIFIER'):
        if st & S[b]:
            out += conv('II' if b in ('TID', 'CPU') else 'Q', tail, off)
            off += 8
    return head, out


def sample_be(body, a):
    st = a['sample_type']
    out, off = b'', 0

    def q(n=1):
        nonlocal out, off
        out += conv('%dQ' % n, body, off)
        off += 8 * n

    for b in ('IDENTIFIER', 'IP'):
        if st & S[b]:
            q()
    if st & S['TID']:
        out += conv('II', body, off)
        off += 8
    for b in ('TIME', 'ADDR', 'ID', 'STREAM_ID'):
        if st & S[b]:
            q()
    if st & S['CPU']:
        out += conv('II', body, off)
        off += 8
    if st & S['PERIOD']:
        q()
    if st & S['READ']:
        rf = a['read_format']
        if rf & 8:
            raise SystemExit('group reads not handled')
        q(1 + bin(rf & 0x17).count('1'))
    if st & S['CALLCHAIN']:
        nr, = struct.unpack_from('<Q', body, off)
        q(1 + nr)
    if st & S['RAW']:
        size, = struct.unpack_from('<I', body, off)
        out += struct.pack('>I', size) + body[off + 4:off + 4 + size]
        off += 4 + size
        pad = (-(4 + size)) % 8
        out += body[off:off + pad]
        off += pad
    if st & S['REGS_USER']:
        abi, = struct.unpack_from('<Q', body, off)
        q(1 + (bin(a['sample_regs_user']).count('1') if abi else 0))
    if st & S['STACK_USER']:
        size, = struct.unpack_from('<Q', body, off)
        q()
        if size:
            out += body[off:off + size]
            off += size
            q()
    for b in ('WEIGHT', 'DATA_SRC', 'TRANSACTION'):
        if st & S[b]:
            q()
    if off != len(body):
        raise SystemExit('sample_type %#x not fully handled (%d of %d bytes)' % (st, off, len(body)))
    return out


def record_be(rtype, misc, body, a):
    """The record body in big endian (the header is done by the caller)."""
    st = a['sample_type'] if a['sample_id_all'] else 0
    if rtype == 9:
        return sample_be(body, a)
    if rtype >= 64:
        st = 0
    if rtype in (1, 10, 3, 4, 7, 2, 5, 6, 14, 15, 16):
        head, tr = trailer_be(body, st)
        if rtype == 1:        # MMAP: pid, tid, start, len, pgoff, filename
            head = conv('IIQQQ', head) + head[32:]
        elif rtype == 10:     # MMAP2
            head = conv('IIQQQIIQQII', head) + head[64:]
        elif rtype == 3:      # COMM
            head = conv('II', head) + head[8:]
        elif rtype in (4, 7):  # EXIT, FORK
            head = conv('IIIIQ', head)
        elif rtype == 2:      # LOST
            head = conv('QQ', head)
        elif rtype in (5, 6):
            head = conv('QQQ', head)
        elif rtype == 15:
            head = conv('II', head)
        elif rtype == 16:     # NAMESPACES: pid, tid, nr, link_info
            nr, = struct.unpack_from('<Q', head, 8)
            head = conv('IIQ%dQ' % (2 * nr), head)
        return head + tr
    if rtype in (68, 82):
        return body
    if rtype in (69, 73):     # ID_INDEX: all u64; THREAD_MAP: nr, {pid, comm[16]}
        if rtype == 69:
            return conv('%dQ' % (len(body) // 8), body)
        nr, = struct.unpack_from('<Q', body)
        out = conv('Q', body)
        for i in range(nr):
            out += conv('Q', body, 8 + 24 * i) + body[16 + 24 * i:32 + 24 * i]
        return out
    if rtype == 74:           # CPU_MAP: packed u16s
        t, = struct.unpack_from('<H', body)
        if t == 2:
            return conv('HBBHH', body) + body[8:]
        if t == 0:
            nr, = struct.unpack_from('<H', body, 2)
            return conv('HH%dH' % nr, body) + body[4 + 2 * nr:]
        raise SystemExit('cpu map type %d not handled' % t)
    if rtype == 78:           # EVENT_UPDATE: type, id, then a string or a double
        t, = struct.unpack_from('<Q', body)
        out = conv('QQ', body)
        if t == 1:
            return out + conv('d', body, 16) + body[24:]
        return out + body[16:]
    raise SystemExit('record type %d not handled' % rtype)


def string_be(data):
    n, = struct.unpack_from('<I', data)
    return struct.pack('>I', n) + data[4:4 + n], 4 + n


def feature_be(feat, data):
    if feat in (3, 4, 5, 6, 8, 9):    # strings
        return string_be(data)[0]
    if feat == 7:                       # NRCPUS
        return conv('II', data)
    if feat == 10:                      # TOTAL_MEM
        return conv('Q', data)
    if feat == 11:                      # CMDLINE: string list
        nr, = struct.unpack_from('<I', data)
        out, off = struct.pack('>I', nr), 4
        for _ in range(nr):
            s, n = string_be(data[off:])
            out += s
            off += n
        return out
    if feat == 12:                      # EVENT_DESC
        nr, asz = struct.unpack_from('<II', data)
        out, off = struct.pack('>II', nr, asz), 8
        for _ in range(nr):
            out += attr_be(data[off:off + asz])
            off += asz
            nids, = struct.unpack_from('<I', data, off)
            out += struct.pack('>I', nids)
            off += 4
            s, n = string_be(data[off:])
            out += s
            off += n
            out += conv('%dQ' % nids, data, off)
            off += 8 * nids
        return out
    return None


def main():
    d = open(sys.argv[1], 'rb').read()
    assert d[:8] == b'PERFILE2', 'not a perf.data file'
    hsize, attr_size, a_off, a_size, d_off, d_size = struct.unpack_from('<6Q', d, 8)
    feats = struct.unpack_from('<4Q', d, 72)
    out = bytearray(len(d))
    out[:8] = b'2ELIFREP'                # the magic as a big-endian machine writes it
    out[8:56] = conv('6Q', d, 8)
    out[56:72] = conv('2Q', d, 56)
    attrs = []
    for i in range(a_size // attr_size):
        off = a_off + i * attr_size
        raw = d[off:off + attr_size - 16]
        attrs.append(attr_info(raw))
        out[off:off + attr_size - 16] = attr_be(raw)
        ids_off, ids_size = struct.unpack_from('<QQ', d, off + attr_size - 16)
        out[off + attr_size - 16:off + attr_size] = conv('QQ', d, off + attr_size - 16)
        out[ids_off:ids_off + ids_size] = conv('%dQ' % (ids_size // 8), d, ids_off)
    a = attrs[0]
    off = d_off
    while off < d_off + d_size:
        rtype, misc, size = struct.unpack_from('<IHH', d, off)
        out[off:off + 8] = struct.pack('>IHH', rtype, misc, size)
        body = record_be(rtype, misc, d[off + 8:off + size], a)
        assert len(body) == size - 8, 'record %d: %d != %d' % (rtype, len(body), size - 8)
        out[off + 8:off + size] = body
        off += size
    # features: the ones converted above, moved behind the data; the bitmap is an array of u64
    secs_off = d_off + d_size
    kept, blobs, idx = [], [], 0
    for bit in range(256):
        if not (feats[bit // 64] >> (bit % 64)) & 1:
            continue
        f_off, f_size = struct.unpack_from('<QQ', d, secs_off + 16 * idx)
        idx += 1
        blob = feature_be(bit, d[f_off:f_off + f_size])
        if blob is not None:
            kept.append(bit)
            blobs.append(blob)
    bitmap = [0, 0, 0, 0]
    for bit in kept:
        bitmap[bit // 64] |= 1 << (bit % 64)
    out[72:104] = struct.pack('>4Q', *bitmap)
    out = out[:secs_off]
    pos = secs_off + 16 * len(kept)
    table = b''
    for blob in blobs:
        table += struct.pack('>QQ', pos, len(blob))
        pos += len(blob)
    out += table + b''.join(blobs)
    open(sys.argv[2], 'wb').write(out)


main()
