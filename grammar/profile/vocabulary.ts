/**
 * The vocabulary of the statement table, for tools that work on words rather than
 * statements: file-kind detection, the property tests, and (later) completion and
 * hover in an editor.
 */
import { abbreviates, parseNotation, type Notation } from './notation.js';
import { keywordsOf, type KeywordInfo, type StatementSpec } from './spec.js';
import { statements, statementWords } from './statement-words.js';

/** Every keyword of one statement (its operands and the keywords its operands take as values). */
export function keywordsOfStatement(spec: StatementSpec): KeywordInfo[] {
  return keywordsOf(spec.body, true);
}

/** The statement a name (in any accepted abbreviation) names. */
export function statementNamed(word: string): StatementSpec | undefined {
  return statementWords.match(word.toUpperCase())?.spec;
}

let all: { scope: string; keywords: Notation[] }[] | undefined;
/** Every scope's keywords: the statement names and END keywords, and each statement's own. */
function scopes(): { scope: string; keywords: Notation[] }[] {
  return (all ??= [
    { scope: 'statements', keywords: [...statementWords.entries] },
    ...statements.map((s) => ({ scope: s.id, keywords: keywordsOfStatement(s) })),
  ]);
}

/** Every keyword a word abbreviates in some scope (statement names, END keywords and operands). */
export function keywordsMatching(word: string): Notation[] {
  const w = word.toUpperCase();
  const out = new Map<string, Notation>();
  for (const s of scopes()) for (const k of s.keywords) if (abbreviates(w, k) && !out.has(k.name)) out.set(k.name, k);
  return [...out.values()];
}

/** The keyword a word would abbreviate in some scope if it were long enough (DIST for DISTMETHOD). */
export function tooShortAbbreviationOf(word: string): Notation | undefined {
  const w = word.toUpperCase();
  if (w.length < 3 || keywordsMatching(w).length > 0) return undefined;
  let best: Notation | undefined;
  for (const s of scopes()) {
    for (const k of s.keywords) {
      if (w.length < k.min.length && k.min.length < k.name.length && k.name.startsWith(w) && (!best || k.min.length < best.min.length)) best = k;
    }
  }
  return best;
}

/**
 * The abbreviations of a keyword that mean that keyword wherever it is one: at least as
 * long as its longest minimum in any scope, and no abbreviation of another keyword.
 */
export function safeAbbreviations(keyword: string): string[] {
  const name = keyword.toUpperCase();
  const uses = scopes().flatMap((s) => s.keywords.filter((k) => k.name === name));
  if (uses.length === 0) return [];
  const min = Math.max(...uses.map((k) => k.min.length));
  const others = scopes().flatMap((s) => s.keywords.filter((k) => k.name !== name));
  const out: string[] = [];
  for (let len = min; len < name.length; len++) {
    const w = name.slice(0, len);
    if (!others.some((k) => abbreviates(w, k))) out.push(w);
  }
  return out;
}

/** Every keyword of the table, once per name (with its shortest minimum). */
export function allKeywords(): Notation[] {
  const out = new Map<string, Notation>();
  for (const s of scopes()) {
    for (const k of s.keywords) {
      const have = out.get(k.name);
      if (!have || k.min.length < have.min.length) out.set(k.name, parseNotation(k.name.slice(0, k.min.length) + k.name.slice(k.min.length).toLowerCase()));
    }
  }
  return [...out.values()];
}
