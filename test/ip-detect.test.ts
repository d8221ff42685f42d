/**
 * The hot-path forms of IPv4 parsing, mask prefixes and file-kind detection agree with their plain definitions.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maskToPrefix, parseIpv4 } from '../src/core/ip.js';
import { detectKind } from '../src/frontends/detect.js';
import { sourceFromText } from '../src/sources/source-file.js';

/** The definition: four dot-separated groups of 1–3 digits, each ≤ 255; the text written without leading zeros. */
function referenceIpv4(text: string): { text: string; value: bigint } | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^[0-9]{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  const octets = parts.map(Number);
  return { text: octets.join('.'), value: BigInt(octets.reduce((v, o) => v * 256 + o, 0)) };
}

/** The definition: count the leading one bits of 32; any one bit after a zero bit is not a mask. */
function referencePrefix(value: bigint): number | undefined {
  const b = value.toString(2).padStart(32, '0');
  return /^1*0*$/.test(b) ? b.indexOf('0') < 0 ? 32 : b.indexOf('0') : undefined;
}

const octetText = fc.oneof(
  fc.nat(255).map(String),
  fc.nat(99).map((n) => `0${n}`),
  fc.nat(9).map((n) => `00${n}`),
  fc.nat(999).map(String),
  fc.constantFrom('', '256', '1000', 'a', '-1', ' 1'),
);

describe('parseIpv4', () => {
  it('agrees with the definition on dotted texts, leading zeros and malformed groups', () => {
    fc.assert(
      fc.property(fc.array(octetText, { minLength: 1, maxLength: 6 }), (groups) => {
        const text = groups.join('.');
        const got = parseIpv4(text);
        const want = referenceIpv4(text);
        expect(got ? { text: got.text, value: got.value } : undefined).toEqual(want);
      }),
      { numRuns: 3000 },
    );
  });

  it('writes leading zeros away and keeps canonical text', () => {
    expect(parseIpv4('010.001.000.255')?.text).toBe('10.1.0.255');
    expect(parseIpv4('0.0.0.0')?.text).toBe('0.0.0.0');
    expect(parseIpv4('255.255.255.255')?.value).toBe(4294967295n);
    expect(parseIpv4('1.2.3.4.')).toBeUndefined();
    expect(parseIpv4('.1.2.3')).toBeUndefined();
  });
});

describe('maskToPrefix (IPv4)', () => {
  it('agrees with the definition on every contiguous mask and on random values', () => {
    for (let p = 0; p <= 32; p++) {
      const value = p === 0 ? 0n : ((1n << BigInt(p)) - 1n) << BigInt(32 - p);
      expect(maskToPrefix({ version: 4, text: '', value })).toBe(p);
    }
    fc.assert(
      fc.property(fc.nat(0xffffffff), (n) => {
        expect(maskToPrefix({ version: 4, text: '', value: BigInt(n) })).toBe(referencePrefix(BigInt(n)));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('detectKind on large files (detection reads a bounded head)', () => {
  it('finds the XML root after more leading blank than the bounded head holds', () => {
    const text = `${' \n'.repeat(100_000)}<?xml version="1.0"?>\n<Config>\n</Config>\n`;
    expect(detectKind(sourceFromText('plugin-cfg.xml', text))).toBe('plugin-cfg');
  });

  it('finds the XML root after a long comment in a large file', () => {
    const text = `<!--${'x'.repeat(40_000)}-->\n<Config>\n${'<!-- pad -->\n'.repeat(20_000)}</Config>\n`;
    expect(detectKind(sourceFromText('a.xml', text))).toBe('plugin-cfg');
  });

  it('decides a long profile and a dscontrol script with profile-looking lines as before', () => {
    const profile = `TCPCONFIG RESTRICTLOWPORTS\n${'PORT 23 TCP TN3270\n'.repeat(50_000)}`;
    expect(detectKind(sourceFromText('prof.txt', profile))).toBe('profile');
    const ds = `${'dscontrol executor start\ndscontrol cluster add 10.1.1.1\n'.repeat(5)}PORT 80\nHOME\n`;
    expect(detectKind(sourceFromText('lb.cfg', ds))).toBe('dscontrol');
  });
});
