/**
 * Property tests of the Load Balancer front ends beyond
 * test/dscontrol-property.test.ts (mutations, vocabulary, strings): arbitrary
 * bytes through the decoder, and determinism — the same bytes give the same
 * findings and the same tree. Whole estates with Load Balancer files are in
 * test/estate-properties.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDscontrol } from '../src/frontends/dscontrol/index.js';
import { scanGoScript } from '../src/frontends/goscript/index.js';
import { decode } from '../src/sources/decode.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { fuzz } from './support/fuzz.js';
import { badRanges } from './support/ranges.js';

function check(text: string): void {
  const cfg = sourceFromText('edge1.cfg', text);
  const d = parseDscontrol(cfg);
  expect(badRanges(cfg, d.findings)).toEqual([]);
  expect(JSON.stringify(parseDscontrol(sourceFromText('edge1.cfg', text)))).toBe(JSON.stringify(d));
  const go = sourceFromText('edge1/goActive', text);
  const g = scanGoScript(go);
  expect(badRanges(go, g.findings)).toEqual([]);
  expect(JSON.stringify(scanGoScript(sourceFromText('edge1/goActive', text)).findings)).toBe(JSON.stringify(g.findings));
}

describe('Load Balancer front ends: total, bounded, deterministic', () => {
  it('on arbitrary bytes, decoded as plexlint decodes files', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 500 }), (bytes) => {
        const d = decode(bytes);
        if (!d.binary) check(d.text);
      }),
      fuzz(200),
    );
  });

  it('on dscontrol-like lines with quotes, comments, continuations and shell syntax', () => {
    const piece = fc.constantFrom('dscontrol ', 'server add ', '10.60.1.1@80@10.20.1.11 ', '"a b" ', '"', '#', '\\\n', '$(', ')', '`', "'", ';', '&&', '\n', '\r\n', ' weight 10', ' <<EOF\n', 'EOF\n', '${X:-y}', 'if [ ', ' ]; then ', 'fi\n');
    fc.assert(fc.property(fc.array(piece, { maxLength: 60 }), (parts) => check(parts.join(''))), fuzz(300));
  });
});
