/**
 * Property: the compiled model of a profile does not depend on how it is
 * written. Comments, blank lines, blanks and tabs between operands, trailing
 * blanks, CRLF line ends, the case of every word and the abbreviation of every
 * keyword (to any form IBM accepts) leave the semantic model — the Stack with
 * its locations removed — and the set of rules that fire unchanged.
 *
 * Inputs are the profiles of the fixtures and the corpus (valid and broken
 * ones alike), each rewritten by a random but meaning-preserving rewrite.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeAbbreviations } from '../grammar/profile/vocabulary.js';
import { fuzz } from './support/fuzz.js';
import { semantics } from './support/semantics.js';
import { fixtureFiles } from './support/fixture-files.js';

/** Profile texts of the fixtures and the corpus. */
const PROFILES = fixtureFiles().filter((f) => f.kind === 'profile');

/** The forms IBM accepts for a keyword that mean that keyword in every statement where it is one. */
function abbreviations(word: string): string[] {
  return safeAbbreviations(word);
}

interface Rewrite {
  crlf: boolean;
  /** One choice per line (repeated cyclically). */
  lines: {
    caseOf: 'upper' | 'lower' | 'mixed' | 'keep';
    abbreviate: boolean;
    pick: number;
    gap: string;
    indent: string;
    trailing: string;
    comment: boolean;
    before: '' | 'blank' | 'comment';
  }[];
}

const rewrite: fc.Arbitrary<Rewrite> = fc.record({
  crlf: fc.boolean(),
  lines: fc.array(
    fc.record({
      caseOf: fc.constantFrom<'upper' | 'lower' | 'mixed' | 'keep'>('upper', 'lower', 'mixed', 'keep'),
      abbreviate: fc.boolean(),
      pick: fc.nat(),
      gap: fc.constantFrom(' ', '  ', '\t', ' \t ', '   '),
      indent: fc.constantFrom('', ' ', '   ', '\t'),
      trailing: fc.constantFrom('', ' ', '  \t', '\t'),
      comment: fc.boolean(),
      before: fc.constantFrom<'' | 'blank' | 'comment'>('', '', 'blank', 'comment'),
    }),
    { minLength: 1, maxLength: 12 },
  ),
});

/** Longest line a rewrite produces: columns 73–80 carry sequence numbers, which the rewrite must not create or move. */
const MAX_LINE = 71;

function applyCase(word: string, how: Rewrite['lines'][number]['caseOf']): string {
  if (how === 'upper') return word.toUpperCase();
  if (how === 'lower') return word.toLowerCase();
  if (how === 'mixed') return word.replace(/./g, (c, i: number) => (i % 2 ? c.toLowerCase() : c.toUpperCase()));
  return word;
}

/** Rewrite a profile without changing its meaning. */
function rewriteProfile(text: string, r: Rewrite): string {
  const out: string[] = [];
  text.split(/\r\n|\n|\r/).forEach((line, i) => {
    const choice = r.lines[i % r.lines.length]!;
    if (choice.before === 'blank') out.push('');
    if (choice.before === 'comment') out.push('; a comment plexlint must ignore');
    if (line.length > MAX_LINE || /[\u0000-\u0008\u000b-\u001f\u007f]/.test(line)) {
      out.push(line);
      return;
    }
    const semi = line.indexOf(';');
    const code = semi < 0 ? line : line.slice(0, semi);
    const comment = semi < 0 ? '' : line.slice(semi);
    const words = code.trim() === '' ? [] : code.trim().split(/[ \t]+/);
    const rewritten = words.map((w, j) => {
      const forms = choice.abbreviate ? abbreviations(w) : [];
      const base = forms.length ? forms[(choice.pick + j) % forms.length]! : w;
      return applyCase(base, choice.caseOf);
    });
    let next = rewritten.length ? choice.indent + rewritten.join(choice.gap) : '';
    // A ';' glued to an operand is reported (comment-needs-blank): keep a blank before a comment.
    if (comment) next += (next ? ' ' : '') + comment;
    else if (choice.comment && next) next += ' ; rewritten';
    next += choice.trailing;
    out.push(next.length > MAX_LINE ? line : next);
  });
  return out.join(r.crlf ? '\r\n' : '\n');
}

describe('the compiled model does not depend on how a profile is written', () => {
  it(`has profiles to rewrite (${PROFILES.length})`, () => {
    expect(PROFILES.length).toBeGreaterThan(40);
  });

  it('keyword abbreviations are the ones IBM documents', () => {
    expect(abbreviations('VIPADISTRIBUTE')).toEqual(['VIPADIST', 'VIPADISTR', 'VIPADISTRI', 'VIPADISTRIB', 'VIPADISTRIBU', 'VIPADISTRIBUT']);
    expect(abbreviations('DISTMETHOD')).toContain('DISTM');
    expect(abbreviations('LOOPBACK')).toEqual([]);
  });

  it('comments, blank lines, blanks, tabs, CRLF, case and abbreviations', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROFILES), rewrite, (p, r) => {
        const before = semantics(p.text);
        const text = rewriteProfile(p.text, r);
        const after = semantics(text);
        expect(after.rules, `${p.name}\n${text}`).toEqual(before.rules);
        expect(after.model, `${p.name}\n${text}`).toEqual(before.model);
      }),
      fuzz(120),
    );
  });
});
