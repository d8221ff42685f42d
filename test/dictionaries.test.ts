/**
 * Maps keyed by text from the files are Maps or objects without a prototype, never object literals
 * (./support/dictionaries.ts says why and how this is found). A profile named `__proto__` with a finding on
 * line 1 used to set Object.prototype["1"] through the cache's `lines` object.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dictionaryFields, literalDictionaries } from './support/dictionaries.js';

const top = join(import.meta.dirname, '..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(top, dir)).sort()) {
    const rel = `${dir}/${name}`;
    if (statSync(join(top, rel)).isDirectory()) sources(rel, out);
    else if (rel.endsWith('.ts')) out.push(rel);
  }
  return out;
}

describe('dictionaries of names are never object literals', () => {
  it('the scan finds the kinds of use it is for', () => {
    const found = literalDictionaries(
      'x.ts',
      [
        'const lines: Record<string, Record<string, string>> = {};',
        'for (const d of ds) (lines[d.file] ??= {})[String(d.line)] = d.text;',
        'function f(name: string) { const group: Record<string, number> = {}; group[name] = 1; return name in group; }',
        'class C { private byName = {}; get(n: string) { return (this.byName as Record<string, number>)[n]; } }',
        'const s = { stacks: {} as Record<string, number> }; s.stacks[key] = 1;',
        'const t = Object.fromEntries(pairs); t[k];',
        'const ok = emptyRecord<number>(); ok[k] = 1; const m = new Map(); const a = [1]; a[i]; const lit = {}; lit["fixed"] = 1;',
        "const LEVEL = { error: 'error', warning: 'warning' }; LEVEL[d.severity]; LEVEL[word as Severity];",
        "const UNITS: Record<string, number> = { ms: 1, s: 1000 }; UNITS[unit];",
      ].join('\n'),
    ).map((h) => `${h.line}: ${h.text}`);
    expect(found).toEqual([
      '2: (lines[d.file] ??= {})[String(d.line)]',
      '2: lines[d.file]',
      '3: group[name]',
      '3: name in group',
      '4: (this.byName as Record<string, number>)[n]',
      '5: s.stacks[key]',
      '6: t[k]',
      '8: LEVEL[word as Severity]',
      '9: UNITS[unit]',
    ]);
  });

  it('fields of a dictionary type, given an empty object literal in another function', () => {
    const files = [
      { file: 'state.ts', source: 'export type Names = Record<string, number>;\ninterface State { stacks: Record<string, Stack>; odrs: Names; up: boolean; dynamicXcf: { v4?: string } }' },
      { file: 'make.ts', source: 'function fresh(): State { return { stacks: {}, odrs: {}, up: true, dynamicXcf: {} }; }\nfunction f(e: Entry) { e.stacks ??= {}; e.dynamicXcf = {}; }' },
    ];
    const fields = dictionaryFields(files);
    expect([...fields].sort()).toEqual(['odrs', 'stacks']);
    expect(literalDictionaries(files[1]!.file, files[1]!.source, fields).map((h) => `${h.line}: ${h.text}`)).toEqual(['1: stacks: {}', '1: odrs: {}', '2: e.stacks ??= {}']);
  });

  it('in src/ and grammar/', () => {
    const files = [...sources('src'), ...sources('grammar')].map((file) => ({ file, source: readFileSync(join(top, file), 'utf8') }));
    const fields = dictionaryFields(files);
    const hits = files.flatMap((f) => literalDictionaries(f.file, f.source, fields));
    expect(hits.map((h) => `${h.file}:${h.line}: ${h.text}`)).toEqual([]);
  });
});
