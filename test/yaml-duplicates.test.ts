/**
 * Duplicate keys in the YAML plexlint reads (plexlint.yaml, scenarios, trace --state files) are found in one pass
 * (src/core/yaml-doc.ts), not by the yaml package's uniqueKeys check, which compares each key with every key
 * before it (30,000 keys took 13.5 s). The same keys are reported at the same places as that check reported them.
 */
import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { duplicateKeys, DUPLICATE_KEY, parseYamlFile } from '../src/core/yaml-doc.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { fuzz } from './support/fuzz.js';

/** Where the yaml package's own check reports repeated keys. */
function reference(text: string): number[] {
  return parseDocument(text, { prettyErrors: false, uniqueKeys: true })
    .errors.filter((e) => e.code === 'DUPLICATE_KEY')
    .map((e) => e.pos[0]);
}

function ours(text: string): number[] {
  return duplicateKeys(parseDocument(text, { prettyErrors: false, uniqueKeys: false }), text);
}

describe('duplicate YAML keys: the places the yaml package reported', () => {
  it.each([
    'a: 1\na: 2\n',
    'a: 1\nb: 2\na: 3\na: 4\n',
    '&x a: 1\n&y a: 2\n',
    '!!str a: 1\n!!str a: 2\n',
    '!!str &x a: 1\n&y !!str a: 2\n',
    '? a\n: 1\n? a\n: 2\n',
    '{a: 1, a: 2}\n',
    '{ a: 1 , b: 2 ,  a: 3}\n',
    '{? a : 1, ? a : 2}\n',
    ': 1\n: 2\n',
    `"a": 1\n'a': 2\na: 3\n`,
    '1: x\n"1": y\n1: z\n',
    'x:\n  a: 1\n  a: 2\n',
    '- a: 1\n  a: 2\n',
    '[{a: 1, a: 2}]\n',
    '.nan: 1\n.nan: 2\n',
    'null: 1\n~: 2\n',
    'true: 1\nTrue: 2\n',
    '&a a: 1\n*a : 2\n',
    '? [a]\n: 1\n? [a]\n: 2\n',
    'a: 1\n# c\n  \na: 2\n',
    'a : 1\na   : 2\n',
    '<<: {a: 1}\n<<: {b: 2}\n',
    'k0:\n  null: 1\n  : 1\n',
    '  : 1\n  : 2\n',
    '?\n: 1\n?\n: 2\n',
    '? \n: 1\n?   \n: 2\n',
    '?  # a comment\n: 1\n?  # another\n: 2\n',
    '&a : 1\n&b : 2\n',
    '!!null : 1\n!!null : 2\n',
    '{: 1, : 2}\n',
    '{a: 1,   : 2, : 3}\n',
    '- : 1\n  : 2\n',
  ])('%j', (text) => {
    expect(ours(text)).toEqual(reference(text));
  });

  const key = fc.constantFrom('a', 'b', '"a"', "'b'", '1', '"1"', '~', 'null', 'true', '.nan', '&x a', '!!str a', '? a\n', '?\n', '&e ', '');
  const block = fc.array(fc.tuple(key, fc.constantFrom('1', 'x', '{a: 1, a: 2}', '[a, {b: 1, b: 2}]')), { minLength: 1, maxLength: 6 }).map((pairs) => pairs.map(([k, v]) => `${k}: ${v}`).join('\n'));
  const nested = fc.array(block, { minLength: 1, maxLength: 3 }).map((blocks) => blocks.map((b, i) => `k${i}:\n${b.replace(/^/gm, '  ')}`).join('\n'));
  const flow = fc.array(fc.tuple(fc.constantFrom('a', 'b', '"a"', '1', '? a'), fc.constantFrom('1', 'x')), { minLength: 1, maxLength: 6 }).map((pairs) => `{${pairs.map(([k, v]) => `${k}: ${v}`).join(', ')}}`);

  it('random mappings, block and flow, nested', () => {
    fc.assert(
      fc.property(fc.oneof(block, nested, flow), (text) => {
        expect(ours(`${text}\n`)).toEqual(reference(`${text}\n`));
      }),
      fuzz(500),
    );
  });

  it('30,000 keys of one mapping, each written twice: 30,000 findings, in the order of the file', () => {
    const lines: string[] = [];
    for (let i = 0; i < 30_000; i++) lines.push(`k${i}: 1`);
    const text = `${lines.join('\n')}\n${lines.join('\n')}\n`;
    const parsed = parseYamlFile(sourceFromText('plexlint.yaml', text), { label: '', typical: 'a plexlint.yaml nests a few levels', consequence: 'manifest' });
    // The parser's words ended as a sentence, then what the repeat means for the manifest (parseYamlFile).
    const dup = parsed.findings.filter((f) => f.message === `${DUPLICATE_KEY}. plexlint cannot read the manifest, so nothing in it is applied.`);
    expect(dup).toHaveLength(30_000);
    expect(dup[0]!.loc.line).toBe(30_001);
    expect(dup.at(-1)!.loc.line).toBe(60_000);
  });
});
