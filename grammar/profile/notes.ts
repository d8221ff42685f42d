/**
 * Findings of what the stack skips. After an error that makes the stack ignore the
 * rest of a VIPADYNAMIC block or of a HOME or PORT list, the statements and entries it
 * skips are still checked: their own problems are reported as notes, so the user who
 * fixes the first error learns about the next one at the same time — the way a
 * compiler recovers and reports every error.
 */
import type { Finding } from '../../src/core/diagnostic.js';
import type { Loc } from '../../src/core/loc.js';
import { damageBasis, damageOf, PORT_LIST_READING, readingSentence } from './damage.js';

/**
 * The note for a finding of a skipped statement or entry: severity info, saying what
 * skips it now and what the stack does with it once that is fixed.
 */
export function skippedNote(f: Finding, cause: Loc, thing: string, inVipaBlock: boolean, list?: 'HOME' | 'PORT'): Finding {
  const because = `skipped now because of line ${cause.line}`;
  const damage = damageOf(f, inVipaBlock);
  // A finding that already says what the stack does with the statement is not told twice.
  if (damage === 'none' || /the stack (ignores|rejects) this /i.test(f.message)) return { ...f, message: `${capital(because)}; once that is fixed: ${f.message}`, severity: 'info' };
  // What the stack will do with it once it is no longer skipped: the consequence, and its source.
  // An entry of a HOME or PORT list in error ends the list (IBM, for HOME; plexlint's reading, for PORT).
  const listConsequence = list === 'HOME' ? { key: 'list' } : list === 'PORT' ? { key: 'port-list', reading: PORT_LIST_READING } : undefined;
  const basis = listConsequence ?? damageBasis(f, damage, inVipaBlock);
  const rejects = list
    ? `the stack ignores ${thing} and the rest of the ${list} list`
    : basis.reading
      ? `plexlint assumes the stack rejects ${thing}`
      : `the stack rejects ${thing}`;
  const reason = sentence(lower(f.message));
  const why = basis.reading ? ` ${readingSentence(basis.reading)}.` : '';
  return { ...f, consequence: f.consequence ?? basis.key, message: `${capital(because)}; once that is fixed, ${rejects}, because ${reason}${why}`, severity: 'info' };
}

/** A message as a sentence: with its final full stop. */
function sentence(s: string): string {
  return /[.?!]$/.test(s) ? s : `${s}.`;
}

function capital(s: string): string {
  return s[0]!.toUpperCase() + s.slice(1);
}

/** Lower-case the first letter of a message that starts a sentence with an ordinary word. */
function lower(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}
