/**
 * Property: a name is a name. Renaming every DEVICE, LINK and INTERFACE of a profile
 * — and every reference to it — to a random abbreviation of some keyword (VIPAB,
 * PORTR, DEV, HOME, …) leaves the compiled model unchanged apart from the names, and
 * the same rules fire. IBM: "A configuration statement consists of a statement name
 * followed by a required blank, and usually one or more positional arguments" (IP
 * Configuration Reference, "Statement syntax for configuration statements"): a word in
 * a positional operand is that operand, whatever else it could spell.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allKeywords } from '../grammar/profile/vocabulary.js';
import type { ProfileAst, Statement } from '../grammar/profile/ast.js';
import { fixtureFiles } from './support/fixture-files.js';
import { fuzz } from './support/fuzz.js';
import { parseSysa, semantics } from './support/semantics.js';

/** The names the profile defines with DEVICE, LINK and INTERFACE. */
function definedNames(ast: ProfileAst): string[] {
  const out = new Set<string>();
  const visit = (statements: Statement[]): void => {
    for (const s of statements) {
      if ((s.kind === 'device' || s.kind === 'link' || s.kind === 'interface') && !s.name.symbolic) out.add(s.name.text);
    }
  };
  visit(ast.statements);
  out.delete('LOOPBACK');
  out.delete('LOOPBACK6');
  return [...out];
}

/** Every accepted abbreviation of every keyword of the table, up to 8 characters (a device name is a TRLE port name). */
const ABBREVIATIONS = [
  ...new Set(
    allKeywords().flatMap((k) => {
      const forms: string[] = [];
      for (let len = k.min.length; len <= Math.min(k.name.length, 8); len++) forms.push(k.name.slice(0, len));
      return forms;
    }),
  ),
].filter((w) => /^[A-Z@#$][A-Z0-9@#$]*$/.test(w) && w !== 'LOOPBACK');

interface At {
  line: number;
  column: number;
  length: number;
  name: string;
}

/**
 * Where the names are: every word of the AST (a definition or a reference: HOME, START,
 * ROUTE, LINK's device, PORTNAME, SOURCEVIPAINTERFACE, …) that spells one, except the
 * statement names themselves (a profile may name a link LINK).
 */
function occurrences(ast: ProfileAst, names: Set<string>): At[] {
  const out: At[] = [];
  const seen = new Set<unknown>();
  const walk = (x: unknown, key: string): void => {
    if (x === null || typeof x !== 'object' || seen.has(x)) return;
    seen.add(x);
    if (Array.isArray(x)) {
      for (const y of x) walk(y, key);
      return;
    }
    const o = x as Record<string, unknown>;
    if (typeof o['text'] === 'string' && typeof o['raw'] === 'string' && o['loc'] && key !== 'keyword') {
      const loc = o['loc'] as { line: number; column: number };
      if (names.has(o['text'])) out.push({ line: loc.line, column: loc.column, length: (o['raw'] as string).length, name: o['text'] });
      return;
    }
    for (const [k, v] of Object.entries(o)) if (k !== 'included') walk(v, k);
  };
  walk(ast.statements, '');
  return out;
}

/** The text with the names at those places replaced. */
function rename(text: string, at: At[], map: Map<string, string>): string {
  const lines = text.split('\n');
  const byLine = new Map<number, At[]>();
  for (const a of at) byLine.set(a.line, [...(byLine.get(a.line) ?? []), a]);
  for (const [line, list] of byLine) {
    let l = lines[line - 1]!;
    for (const a of [...new Map(list.map((x) => [x.column, x])).values()].sort((x, y) => y.column - x.column)) {
      l = l.slice(0, a.column - 1) + map.get(a.name)! + l.slice(a.column - 1 + a.length);
    }
    lines[line - 1] = l;
  }
  return lines.join('\n');
}

/**
 * The names in the model: fields that hold a name, and the name in "LINK OSALNK1"-style
 * texts (the first word there is a statement, which a name may spell too).
 */
function renameStrings(x: unknown, map: Map<string, string>, key = ''): unknown {
  if (typeof x === 'string') {
    // `from` names the referring statement ("HOME", "LINK OSALNK1"): its first word is a statement.
    const words = x.split(' ');
    return words.map((w, i) => (i === 0 && (key === 'from' || words.length > 1) ? w : (map.get(w) ?? w))).join(' ');
  }
  if (Array.isArray(x)) return x.map((y) => renameStrings(y, map, key));
  if (x === null || typeof x !== 'object') return x;
  return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, renameStrings(v, map, k)]));
}

/** Profiles whose records reach column 73 are left out: renaming would move what is in columns 73–80 (sequence numbers). */
const PROFILES = fixtureFiles()
  .filter((f) => f.kind === 'profile' && f.text.split(/\r?\n/).every((l) => l.length < 73))
  .map((f) => {
    const ast = parseSysa(f.text).ast;
    const names = definedNames(ast);
    return { ...f, names, at: occurrences(ast, new Set(names)) };
  })
  .filter((f) => f.names.length > 0);

describe('a DEVICE, LINK or INTERFACE name is a name, whatever keyword it spells', () => {
  it(`has profiles with names to rename (${PROFILES.length})`, () => {
    expect(PROFILES.length).toBeGreaterThan(10);
  });

  it('renaming every one to a random keyword abbreviation changes nothing but the names', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROFILES), fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), (p, picks) => {
        const taken = new Set(p.names);
        const map = new Map<string, string>();
        p.names.forEach((name, i) => {
          let pick = picks[i % picks.length]! + i;
          let to = ABBREVIATIONS[pick % ABBREVIATIONS.length]!;
          while (taken.has(to)) to = ABBREVIATIONS[++pick % ABBREVIATIONS.length]!;
          taken.add(to);
          map.set(name, to);
        });
        const before = semantics(p.text);
        const text = rename(p.text, p.at, map);
        const after = semantics(text);
        const detail = `${p.name}\n${[...map].map(([a, b]) => `${a} -> ${b}`).join(', ')}\n${text}`;
        expect(after.rules, detail).toEqual(before.rules);
        expect(after.model, detail).toEqual(renameStrings(before.model, map));
      }),
      fuzz(150),
    );
  });
});
