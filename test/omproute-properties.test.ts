/**
 * Property tests of the OMPROUTE front end: on any mix of OMPROUTE words, values,
 * separators, comments, symbols and stray bytes it never throws, and every finding's
 * range lies inside the file (`npm run fuzz` runs them long).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseOmproute } from '../src/frontends/omproute/index.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { fuzz } from './support/fuzz.js';
import { badRanges } from './support/ranges.js';

const token = fc.constantFrom(
  'OSPF_Interface', 'RIP_Interface', 'Interface', 'RouterID', 'Area', 'Global_Options', 'INCLUDE', 'IPv6_RIP_Filter',
  'IP_Address', 'Name', 'Subnet_Mask', 'Ignore_Undefined_Interfaces', 'Cost0',
  '=', ';', '(', ')', ',', ' ', '\n', '\r\n', '\t', '10.1.1.1', '10.1.*.*', '255.255.255.0', 'YES', '300',
  '&X.', '&SYSNAME.', '; comment\n', '\u0000', '\u007f', 'é', '\uFFFD',
);

describe('OMPROUTE front end: total, ranges inside the file', () => {
  it('on token soups', () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 80 }), (parts) => {
        const file = sourceFromText('x.conf', parts.join(''));
        const r = parseOmproute(file, { symbols: new Map([['SYSNAME', 'SYSA']]) });
        expect(badRanges(file, r.findings)).toEqual([]);
      }),
      fuzz(200),
    );
  });
  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const file = sourceFromText('x.conf', text);
        expect(badRanges(file, parseOmproute(file).findings)).toEqual([]);
      }),
      fuzz(200),
    );
  });
});
