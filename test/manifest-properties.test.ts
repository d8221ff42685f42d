/**
 * Property tests of the manifest front end (plexlint.yaml): whatever the text —
 * arbitrary bytes, manifests generated from its schema (with anchors and
 * aliases), mutations of the fixtures' manifests — reading it never throws,
 * always ends, gives findings whose ranges lie inside the file, and gives the
 * same findings and the same manifest for the same text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseManifest } from '../src/frontends/manifest/index.js';
import { decode } from '../src/sources/decode.js';
import { sourceFromText } from '../src/sources/source-file.js';
import { fuzz } from './support/fuzz.js';
import { badRanges } from './support/ranges.js';
import { fixtureFiles } from './support/fixture-files.js';

/** A file system where paths with "missing" in them do not exist: deterministic and free. */
const exists = (p: string): boolean => !p.includes('missing');

function check(text: string): void {
  const file = sourceFromText('plexlint.yaml', text);
  const first = parseManifest(file, '/estate', exists);
  expect(badRanges(file, first.findings)).toEqual([]);
  const again = parseManifest(sourceFromText('plexlint.yaml', text), '/estate', exists);
  expect(JSON.stringify(again)).toBe(JSON.stringify(first));
}

const MANIFESTS = fixtureFiles().filter((f) => /(^|\/)plexlint\.ya?ml$|\.scenario\.ya?ml$/.test(f.name)).map((f) => f.text);

// ---- a generator that knows the schema ----------------------------------------

const KEYS = [
  'systems', 'datasets', 'loadBalancers', 'web', 'rules', 'overrides', 'profile', 'cpc', 'symbols', 'config', 'scripts', 'partner',
  'plugins', 'cells', 'odrs', 'properties', 'gscs', 'bridgedWith', 'clusters', 'clientNodes', 'name', 'host', 'port', 'tier',
  'members', 'weight', 'files', 'SYSA', 'SYSB', 'USER.TCPPARMS', 'CELLA', 'optlocal-out-of-range', 'syntax', '__proto__', 'constructor', '<<', '',
];
const scalar = fc.oneof(
  fc.constantFrom('profiles/SYSA.tcpip', 'missing/x', 'CPC1', 'error', 'warn', 'off', 'warning', 'loud', '10.20.1.11', '80', '99999', '-1', 'true', 'null', '~', "'quoted'", '"dq"', '""', '[]', '{}'),
  fc.integer({ min: -5, max: 70000 }).map(String),
  fc.string({ maxLength: 12 }).map((s) => JSON.stringify(s)),
);

type Yaml = { kind: 'scalar'; text: string } | { kind: 'map'; entries: [string, Yaml][] } | { kind: 'seq'; items: Yaml[] } | { kind: 'alias'; name: string };

const yamlValue: fc.Arbitrary<Yaml> = fc.letrec<{ value: Yaml }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: scalar.map((text): Yaml => ({ kind: 'scalar', text })) },
    { weight: 3, arbitrary: fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('value')), { maxLength: 4 }).map((entries): Yaml => ({ kind: 'map', entries })) },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 3 }).map((items): Yaml => ({ kind: 'seq', items })) },
    { weight: 1, arbitrary: fc.constantFrom('a', 'b', 'nowhere').map((name): Yaml => ({ kind: 'alias', name })) },
  ),
})).value;

/** Render as flow YAML (one line per top-level key), with anchors &a and &b on some collections. */
function render(v: Yaml, anchors: { n: number }): string {
  switch (v.kind) {
    case 'scalar':
      return v.text;
    case 'alias':
      return `*${v.name}`;
    case 'map': {
      const anchor = anchors.n++ % 3 === 0 ? `&${anchors.n % 2 ? 'a' : 'b'} ` : '';
      return `${anchor}{ ${v.entries.map(([k, x]) => `${JSON.stringify(k)}: ${render(x, anchors)}`).join(', ')} }`;
    }
    case 'seq':
      return `[${v.items.map((x) => render(x, anchors)).join(', ')}]`;
  }
}

const generated = fc
  .array(fc.tuple(fc.constantFrom('systems', 'datasets', 'loadBalancers', 'web', 'rules', 'overrides', 'x-anchor', 'sytems'), yamlValue), { maxLength: 6 })
  .map((top) => {
    const anchors = { n: 0 };
    return top.map(([k, v]) => `${k}: ${render(v, anchors)}`).join('\n') + '\n';
  });

// ---- mutations of real manifests ----------------------------------------------

const mutation = fc.record({
  kind: fc.constantFrom('delete-line', 'duplicate-line', 'indent', 'dedent', 'insert', 'truncate'),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  token: fc.constantFrom(':', '- ', '[', ']', '{', '}', '&x ', '*x', '#', '"', "'", '\t', '  ', 'key: value', '\n', '? ', '!!str ', '%YAML 1.2\n---\n', '<<: *x'),
});

function mutate(text: string, edits: { kind: string; at: number; token: string }[]): string {
  let lines = text.split('\n');
  for (const e of edits) {
    if (lines.length === 0) break;
    const i = Math.floor(e.at * lines.length) % lines.length;
    if (e.kind === 'delete-line') lines.splice(i, 1);
    else if (e.kind === 'duplicate-line') lines.splice(i, 0, lines[i]!);
    else if (e.kind === 'indent') lines[i] = '  ' + lines[i]!;
    else if (e.kind === 'dedent') lines[i] = lines[i]!.replace(/^ {1,2}/, '');
    else if (e.kind === 'truncate') lines = lines.slice(0, i);
    else {
      const line = lines[i]!;
      const c = Math.floor(e.at * 7919) % (line.length + 1);
      lines[i] = line.slice(0, c) + e.token + line.slice(c);
    }
  }
  return lines.join('\n');
}

describe('manifest reading is total, bounded and deterministic', () => {
  it('on arbitrary text', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), check), fuzz(200));
  });

  it('on arbitrary bytes, decoded as plexlint decodes files', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        const d = decode(bytes);
        if (!d.binary) check(d.text);
      }),
      fuzz(200),
    );
  });

  it('on manifests generated from the schema, with anchors and aliases', () => {
    fc.assert(fc.property(generated, check), fuzz(200));
  });

  it('on mutated fixture manifests and scenario files', () => {
    expect(MANIFESTS.length).toBeGreaterThan(20);
    fc.assert(fc.property(fc.constantFrom(...MANIFESTS), fc.array(mutation, { minLength: 1, maxLength: 5 }), (m, edits) => check(mutate(m, edits))), fuzz(200));
  });

  it('the fixture manifests themselves', () => {
    for (const m of MANIFESTS) check(m);
  });
});
