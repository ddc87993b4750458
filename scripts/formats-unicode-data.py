#!/usr/bin/env python3
"""Writes packages/runtime/src/formats/unicode-data.ts: the Unicode tables the IDNA2008 checks
need and JavaScript regular expressions cannot name (Joining_Type, Canonical_Combining_Class 9,
Bidi_Class). Needs the `idna` (3.13, Unicode 17.0 tables) and `regex` (2026.5.9) packages; run
it again when the engine's Unicode version moves. Usage: python3 scripts/formats-unicode-data.py
"""
from pathlib import Path

import idna.idnadata as idnadata
import regex

OUT = Path(__file__).resolve().parent.parent / 'packages/runtime/src/formats/unicode-data.ts'
HEADER = '''/**
 * Unicode character data JavaScript regular expressions cannot name, for RFC 5892 Appendix A
 * (contextual rules) and RFC 5893 (the Bidi rule): inclusive [first, last] code point pairs,
 * sorted. Generated once from Unicode 17.0 data: Joining_Type from ArabicShaping.txt (via the
 * idna 3.13 Python package), Canonical_Combining_Class and Bidi_Class via the Python `regex`
 * 2026.5.9 module. The Bidi_Class ranges cover only code points IDNA2008 permits (PVALID,
 * CONTEXTJ, CONTEXTO); a range may span code points a label cannot hold, and every permitted
 * code point in none of them is L. Written by scripts/formats-unicode-data.py; do not edit.
 */

'''


def ranges(points, bridgeable=lambda gap: False):
    out = []
    for point in sorted(points):
        if out and (out[-1][1] == point - 1 or bridgeable(range(out[-1][1] + 1, point))):
            out[-1][1] = point
        else:
            out.append([point, point])
    return out


def table(name, doc, pairs):
    items = ['0x%x' % value for pair in pairs for value in pair]
    lines = ['  ' + ', '.join(items[index:index + 12]) + ',' for index in range(0, len(items), 12)]
    return '/** %s */\nexport const %s: readonly number[] = [\n%s\n];\n' % (doc, name, '\n'.join(lines))


def main():
    joining = idnadata.joining_types()
    permitted = set()
    for name in ('PVALID', 'CONTEXTJ', 'CONTEXTO'):
        for packed in idnadata.codepoint_classes[name]:
            permitted.update(range(packed >> 32, packed & 0xffffffff))
    text = HEADER
    for kind, doc in (('D', 'dual'), ('L', 'left'), ('R', 'right')):
        points = [point for point, value in joining.items() if chr(value) == kind]
        text += table('JOINING_TYPE_' + kind, 'Joining_Type %s (%s joining).' % (kind, doc), ranges(points)) + '\n'
    virama = regex.compile(r'\p{Canonical_Combining_Class=Virama}')
    text += table('VIRAMA', 'Canonical_Combining_Class Virama (9).', ranges(p for p in range(0x110000) if virama.match(chr(p))))
    # A gap of code points no label can hold may be bridged: the lookup never sees them.
    bridgeable = lambda gap: all(point not in permitted for point in gap)
    for name in ('R', 'AL', 'AN', 'EN', 'ES', 'CS', 'ET', 'ON', 'BN', 'NSM'):
        pattern = regex.compile(r'\p{Bidi_Class=%s}' % name)
        points = [point for point in permitted if pattern.match(chr(point))]
        if points:
            text += '\n' + table('BIDI_' + name, 'Bidi_Class %s of IDNA2008-permitted code points.' % name, ranges(points, bridgeable))
    OUT.write_text(text)


main()
