/**
 * Findings of what the stack skips. After an error that makes the stack ignore the
 * rest of a VIPADYNAMIC block or of a HOME or PORT list, the statements and entries it
 * skips are still checked: their own problems are reported as notes, so the user who
 * fixes the first error learns about the next one at the same time — the way a
 * compiler recovers and reports every error.
 */
import type { Finding } from '../../src/core/diagnostic.js';
import type { Loc } from '../../src/core/loc.js';
import { damageBasis, damageOf } from './damage.js';

/**
 * The note for a finding of a skipped statement or entry: severity info, saying what
 * skips it now and what the stack does with it once that is fixed.
 */
export function skippedNote(f: Finding, cause: Loc, thing: string, inVipaBlock: boolean): Finding {
  const because = `skipped now because of line ${cause.line}`;
  const damage = damageOf(f, inVipaBlock);
  if (damage === 'none') return { ...f, message: `${capital(because)}; once that is fixed: ${f.message}`, severity: 'info' };
  // What the stack will do with it once it is no longer skipped: the consequence, and its source.
  const basis = damageBasis(f, damage, inVipaBlock);
  const rejects = basis.reading ? `plexlint assumes the stack rejects ${thing} (${basis.reading})` : `the stack rejects ${thing}`;
  return { ...f, consequence: f.consequence ?? basis.key, message: `${capital(because)}; once that is fixed, ${rejects} because ${lower(f.message)}`, severity: 'info' };
}

function capital(s: string): string {
  return s[0]!.toUpperCase() + s.slice(1);
}

/** Lower-case the first letter of a message that starts a sentence with an ordinary word. */
function lower(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}
