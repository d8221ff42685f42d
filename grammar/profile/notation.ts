/**
 * IBM's keyword notation and the statement-scoped keyword tables built from it.
 *
 * IBM's syntax diagrams print a keyword in mixed case: the upper-case part is the
 * shortest accepted abbreviation, and any longer prefix of the full keyword is
 * accepted too ("VIPADISTribute" accepts VIPADIST … VIPADISTRIBUTE). Lower case in
 * a profile is folded to upper case (IP Configuration Reference, "Statement syntax
 * for configuration statements").
 *
 * Abbreviations are matched in a scope: a word is looked up in the table of the
 * statement (or the part of it) being parsed, so DEL means DELETE on INTERFACE and
 * is too short for VIPADISTRIBUTE's DELEte. Look-ups work on a range of the profile
 * text and allocate nothing (a word becomes a string only when the AST keeps it).
 */

export interface Notation {
  /** Full keyword in upper case, e.g. VIPADISTRIBUTE. */
  name: string;
  /** Shortest accepted abbreviation, e.g. VIPADIST. */
  min: string;
}

/** Split IBM's mixed-case notation into the full name and the minimum abbreviation. */
export function parseNotation(notation: string): Notation {
  const firstLower = notation.search(/[a-z]/);
  const min = firstLower < 0 ? notation : notation.slice(0, firstLower);
  return { name: notation.toUpperCase(), min };
}

/** Whether an upper-case word is an accepted abbreviation of a keyword. */
export function abbreviates(word: string, k: Notation): boolean {
  return word.length >= k.min.length && word.length <= k.name.length && k.name.startsWith(word);
}

/** Upper-case character code (ASCII letters only: profiles fold nothing else). */
function upper(c: number): number {
  return c >= 97 && c <= 122 ? c - 32 : c;
}

function hashOf(text: string, start: number, end: number): number {
  let h = end - start;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + upper(text.charCodeAt(i))) | 0;
  return h;
}

/**
 * Keywords of one scope, matched by abbreviation. `T` carries what the scope
 * knows about each keyword (an option's arguments, a statement's entry, …).
 */
export class KeywordTable<T extends Notation> {
  private byHash: Map<number, T | T[]> | undefined;
  readonly entries: readonly T[];
  /** Some keyword starts with a digit (802.3): then numbers must be looked up too. */
  private readonly digits: boolean;

  constructor(entries: readonly T[]) {
    this.entries = entries;
    this.digits = entries.some((e) => !/^[A-Z]/.test(e.name));
  }

  /** Built on first use: most scopes of the table are never needed in one run. */
  private index(): Map<number, T | T[]> {
    if (this.byHash) return this.byHash;
    const m = new Map<number, T | T[]>();
    for (const k of this.entries) {
      for (let len = k.min.length; len <= k.name.length; len++) {
        const h = hashOf(k.name, 0, len);
        const have = m.get(h);
        if (have === undefined) m.set(h, k);
        else if (Array.isArray(have)) {
          if (!have.includes(k)) have.push(k);
        } else if (have !== k) m.set(h, [have, k]);
      }
    }
    this.byHash = m;
    return m;
  }

  /** The keyword that text[start, end) abbreviates (case-insensitive), if any. */
  matchRange(text: string, start: number, end: number): T | undefined {
    const len = end - start;
    if (len === 0 || len > 40) return undefined;
    const first = upper(text.charCodeAt(start));
    // Keywords start with a letter: numbers and addresses, most operands, need no look-up.
    if ((first < 65 || first > 90) && !this.digits) return undefined;
    const hit = this.index().get(hashOf(text, start, end));
    if (hit === undefined) return undefined;
    if (!Array.isArray(hit)) return sameWord(hit, text, start, end) ? hit : undefined;
    let best: T | undefined;
    for (const k of hit) if (sameWord(k, text, start, end) && (!best || k.min.length > best.min.length)) best = k;
    return best;
  }

  /** The keyword an upper-case word abbreviates, if any. */
  match(word: string): T | undefined {
    return this.matchRange(word, 0, word.length);
  }

  /**
   * The keyword a word would abbreviate if it were long enough (DIST for DISTMETHOD). Only
   * keywords IBM lets abbreviate count: a prefix of one that must be written in full is a
   * misspelling, not an abbreviation.
   */
  tooShortFor(word: string): T | undefined {
    const w = word.toUpperCase();
    if (w.length < 2 || this.match(w)) return undefined;
    let best: T | undefined;
    for (const k of this.entries) {
      if (w.length < k.min.length && k.min.length < k.name.length && k.name.startsWith(w) && (!best || k.min.length < best.min.length)) best = k;
    }
    return best;
  }

  /** Full names, for did-you-mean (one list per table: src/core/suggest.ts remembers its answers per list). */
  names(): readonly string[] {
    return (this.fullNames ??= Object.freeze(this.entries.map((e) => e.name)));
  }

  private fullNames: readonly string[] | undefined;
}

function sameWord(k: Notation, text: string, start: number, end: number): boolean {
  const len = end - start;
  if (len < k.min.length || len > k.name.length) return false;
  for (let i = 0; i < len; i++) if (upper(text.charCodeAt(start + i)) !== k.name.charCodeAt(i)) return false;
  return true;
}
