/**
 * The gitignore matcher (src/sources/gitignore.ts) against the `ignore` package it replaces: on short random
 * patterns and paths, where the package's regular expressions are fast, both say the same — ignored, brought back
 * by a negation, or neither, and by which pattern. And on the pattern that made the package backtrack for minutes,
 * the work done is counted: it grows with the path times the pattern, not exponentially.
 */
import fc from 'fast-check';
import ignore from 'ignore';
import { describe, expect, it } from 'vitest';
import { GitignoreRules, matchWork } from '../src/sources/gitignore.js';
import { fuzz } from './support/fuzz.js';

/** Pattern segments: literals, stars, globstars, brackets (good and broken), escapes, comment and negation marks. */
const SEGMENTS = [
  'a', 'b', 'A', 'ab', '*', '**', '***', '?', 'a*', '*b', '*a*', 'a?b', '**a',
  '[ab]', '[!a]', '[^b]', '[a-b]', '[b-a]', '[a-]', '[]a]', '[/]', '[\\]]', '[[:alpha:]]', '[[:lower:]]', '[[:foo:]]', '[',
  '\\*', '\\**', '\\#', '\\!', '\\ ', '\\/', 'a\\', '#', '!', ' ',
];
/** Path segments, some of which the patterns name. */
const NAMES = ['a', 'b', 'A', 'B', 'ab', 'ba', 'aa', 'x', 'a b', '*', '#', '!', ']', '[', '-'];

const segment = fc.oneof(fc.constantFrom(...SEGMENTS), fc.tuple(fc.constantFrom(...SEGMENTS), fc.constantFrom(...SEGMENTS)).map(([x, y]) => x + y));
const pattern = fc
  .record({ negate: fc.boolean(), lead: fc.boolean(), segments: fc.array(segment, { minLength: 1, maxLength: 4 }), trail: fc.boolean(), space: fc.boolean() })
  .map((p) => `${p.negate ? '!' : ''}${p.lead ? '/' : ''}${p.segments.join('/')}${p.trail ? '/' : ''}${p.space ? ' ' : ''}`);
const path = fc
  .record({ names: fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 5 }), folder: fc.boolean() })
  .map((p) => `${p.names.join('/')}${p.folder ? '/' : ''}`);
/** Any characters at all, in lines of any shape. */
const soup = fc.string({ unit: fc.constantFrom('a', 'b', 'A', '/', '*', '?', '!', '[', ']', '\\', '-', ' ', '#', '^', ':'), minLength: 1, maxLength: 9 });

function reference(lines: string[], p: string): { ignored: boolean; unignored: boolean; pattern?: string } {
  const r = ignore({ allowRelativePaths: true }).add(lines).test(p);
  return { ignored: r.ignored, unignored: r.unignored, ...(r.rule ? { pattern: r.rule.pattern } : {}) };
}

function ours(lines: string[], p: string): { ignored: boolean; unignored: boolean; pattern?: string } {
  const r = new GitignoreRules(lines).test(p);
  return { ignored: r.ignored, unignored: r.unignored, ...(r.rule ? { pattern: r.rule.pattern } : {}) };
}

describe('gitignore patterns: the same answers as the ignore package', () => {
  it('structured patterns (negation, anchoring, trailing slash, globstars, brackets, escapes)', () => {
    fc.assert(
      fc.property(fc.array(pattern, { minLength: 1, maxLength: 4 }), path, (lines, p) => {
        expect(ours(lines, p)).toEqual(reference(lines, p));
      }),
      fuzz(3000),
    );
  });

  it('lines of random characters', () => {
    fc.assert(
      fc.property(fc.array(soup, { minLength: 1, maxLength: 3 }), path, (lines, p) => {
        expect(ours(lines, p)).toEqual(reference(lines, p));
      }),
      fuzz(3000),
    );
  });

  it.each([
    // [patterns, path, ignored, unignored]
    [['*.bak'], 'profiles/SYSA.tcpip.bak', true, false],
    [['old/'], 'old', false, false],
    [['old/'], 'old/', true, false],
    [['old/'], 'x/old/SYSA.tcpip', true, false],
    [['/old'], 'x/old', false, false],
    [['a/b'], 'x/a/b', false, false],
    [['**/a/b'], 'x/a/b', true, false],
    [['a/**/b'], 'a/x/y/b', true, false],
    [['a/**/'], 'a/', false, false],
    [['a/**/'], 'a/x/', true, false],
    [['a/**'], 'a/', false, false],
    [['a/*'], 'a/', false, false],
    [['dist/', '!dist/'], 'dist/', false, true],
    [['old/', '!old/SYSA.tcpip'], 'old/SYSA.tcpip', true, false],
    [['OLD'], 'old', true, false],
    [['\\#x', '\\!y'], '#x', true, false],
    [['#x'], '#x', false, false],
    [['a\\ '], 'a ', true, false],
    [['a  '], 'a', true, false],
    [['[a-c]x'], 'bx', true, false],
    [['[!a]x'], 'ax', false, false],
    [['[a'], 'a', false, false],
  ])('%j on %s', (lines, p, ignored, unignored) => {
    const r = new GitignoreRules(lines).test(p);
    expect([r.ignored, r.unignored]).toEqual([ignored, unignored]);
    expect(ours(lines, p)).toEqual(reference(lines, p));
  });
});

describe('matching is linear in the path and the pattern', () => {
  // `a/**/` fifteen times then `b`, against paths 30 folders deep: the ignore package's regular expression
  // (`^a(?:\/[^\/]+)*\/a(?:\/[^\/]+)*…`) backtracked for 26–156 s on a check of such a folder.
  const hostile = `${'a/**/'.repeat(15)}b`;
  const work = (depth: number): number => {
    const rules = new GitignoreRules([hostile]);
    const before = matchWork.steps;
    for (let d = 1; d <= depth; d++) rules.test(`${'a/'.repeat(d)}S.tcpip`);
    return matchWork.steps - before;
  };

  it('the character tests grow with the depth times the pattern, not exponentially', () => {
    const at30 = work(30);
    const at60 = work(60);
    // Each path of depth d costs at most d·2 characters × the automaton's 4 states per globstar.
    expect(at30).toBeLessThanOrEqual(30 * 30 * 2 * (4 * 15 + 4));
    // 30 paths of depth ≤ 30 against 60 of depth ≤ 60: four times the characters, so about four times the work.
    expect(at60 / at30).toBeLessThan(5);
  });

  it('a file 200 folders deep against 100 globstars: at most its length times the automaton', () => {
    const rules = new GitignoreRules([`${'a/**/'.repeat(100)}b`]);
    // The folders above are asked about first (and remembered), as a folder scan asks.
    expect(rules.test('a/'.repeat(200)).ignored).toBe(false);
    const before = matchWork.steps;
    expect(rules.test(`${'a/'.repeat(200)}c`).ignored).toBe(false);
    // 401 characters × (a literal `a`, a `/` and the globstar's 2 character tests) per `a/**/`.
    expect(matchWork.steps - before).toBeLessThanOrEqual(401 * 4 * 100);
  });
});
