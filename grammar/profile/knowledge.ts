/**
 * What plexlint knows of a statement for the release a system runs (issue 25, "confidence that
 * matches knowledge"):
 *
 * - whether its table is confirmed for that release — the one place that decides whether a word
 *   the table does not know is an error that says the stack rejects the statement, or a warning
 *   that says plexlint's table may be behind IBM's (`tableConfidence`);
 * - what a statement, operand or form that IBM added later (or removed) is on that release
 *   (`releaseFinding`), from the entry's `since` and `removedIn`.
 */
import type { Finding } from '../../src/core/diagnostic.js';
import type { Loc } from '../../src/core/loc.js';
import { compareReleases, introducedText, type Availability, type Confirmation, type ReleaseContext, type ZosRelease } from '../../src/core/release.js';
import { withDamage } from './damage.js';
import type { StatementSpec } from './spec.js';

export interface TableConfidence {
  /** An unknown word is an error that says the stack rejects the statement. */
  confirmed: boolean;
  /** What the entry was confirmed against (an older release than the system's when not confirmed). */
  against?: Confirmation;
}

/**
 * Whether plexlint's table of a statement is confirmed for a release: `spec.confirmed` names that
 * release or a newer one. IBM adds operands in later releases and says so (`since`), so a table
 * confirmed against 3.2 holds for 2.5; a table confirmed against 3.1 may lack what 3.2 added.
 * Only `confirmed` confirms: an entry marked `unverified` (its IBM page could not be read, or not up
 * to its diagram) is not, and neither is an entry that says neither — nobody has checked it against
 * IBM's diagram, so what it does not know is a warning that says plexlint does not know.
 */
export function tableConfidence(spec: StatementSpec, release: ZosRelease): TableConfidence {
  if (!spec.confirmed) return { confirmed: false };
  return compareReleases(spec.confirmed.release, release) >= 0 ? { confirmed: true, against: spec.confirmed } : { confirmed: false, against: spec.confirmed };
}

/** The sentence a warning about an unknown word ends with when the table is not confirmed for the release. */
export function unconfirmedSentence(spec: StatementSpec, confidence: TableConfidence, release: ReleaseContext): string {
  const on = `z/OS ${release.release}${release.assumed ? ' (assumed: plexlint.yaml names no release)' : ''}`;
  const why = confidence.against
    ? `plexlint's table of ${spec.name} was confirmed against IBM's "${confidence.against.topic}" for z/OS ${confidence.against.release}, not for ${on}, and may be behind IBM's`
    : `plexlint's table of ${spec.name} is not confirmed against IBM's syntax diagram and may be behind IBM's`;
  return `${why}, so this is a warning, not a claim that the stack rejects the statement`;
}

/**
 * A finding about a word the table does not know, as plexlint's knowledge allows: unchanged when
 * the table is confirmed for the release; otherwise an `unknown-operand` warning that says the table
 * may be behind, and that does not make the stack reject anything (damage none).
 */
export function asKnown(f: Finding, spec: StatementSpec, release: ReleaseContext): Finding {
  const confidence = tableConfidence(spec, release.release);
  if (confidence.confirmed) return f;
  const message = /[.?!]$/.test(f.message) ? f.message : `${f.message}.`;
  const out: Finding = { ...f, ruleId: 'unknown-operand', severity: 'warning', consequence: 'unverified', message: `${message} ${unconfirmedSentence(spec, confidence, release)}.` };
  return withDamage(out, 'none');
}

/**
 * The finding for an item of the table (a statement, an operand, a form) that the system's release
 * does not have: `not-in-release` (an error; a warning where an APAR may have brought it), or
 * `obsolete-statement` for one IBM removed.
 *
 * @param what "GLOBALCONFIG operand AUTOIQDC", "statement FOO", "INTERFACE type EQENET"
 * @param word the word as written, for the advice
 */
export function releaseFinding(a: Exclude<Availability, { status: 'available' }>, loc: Loc, what: string, word: string, statement: string, release: ReleaseContext): Finding {
  const r = release.release;
  switch (a.status) {
    case 'too-new':
      return {
        ruleId: 'not-in-release',
        loc,
        message:
          `${what} is not in z/OS ${r}: IBM introduced it in ${introducedText(a.introduced)}, so a stack on z/OS ${r} does not know '${word}'. ` +
          `Remove it, or correct release: in plexlint.yaml if this system runs a later release`,
      };
    case 'needs-apar':
      return withDamage(
        {
          ruleId: 'not-in-release',
          loc,
          severity: 'warning',
          consequence: 'apar',
          message:
            `${what} needs APAR ${a.apar} on z/OS ${r}, and plexlint cannot know whether it is applied: without it a stack on z/OS ${r} does not know '${word}' ` +
            `and rejects this ${statement} statement (plexlint's reading, as for any word the stack does not know). If ${a.apar} is applied, list it under apars: in plexlint.yaml ` +
            `(for this system or for the estate).`,
        },
        'none',
      );
    case 'removed':
      return {
        ruleId: 'obsolete-statement',
        loc,
        message:
          `${what} was removed in z/OS ${a.removedIn}: plexlint assumes a stack on z/OS ${r} rejects it (IBM does not document the message). ` +
          `Remove it, or correct release: in plexlint.yaml if this system runs an earlier release.`,
      };
  }
}
