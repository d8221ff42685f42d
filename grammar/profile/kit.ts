/**
 * Helpers the statement entries share for their builders.
 */
import type { Finding } from '../../src/core/diagnostic.js';
import type { Loc } from '../../src/core/loc.js';
import type { NameStatement, Word } from './ast.js';
import { damageOf, PORT_LIST_READING, readingSentence } from './damage.js';
import { skippedNote } from './notes.js';
import type { BuildContext, EntryList, Parsed } from './spec.js';

/** PRIMARYINTERFACE, START, STOP: a statement naming one link, interface or device. */
export function nameStatement(kind: NameStatement['kind']) {
  return (p: Parsed): NameStatement => ({ kind, loc: p.loc, keyword: p.keyword, name: p.slots['name']! });
}

/** LOOPBACK and LOOPBACK6 name the stack's predefined loopback interfaces. */
export function reservedName(name: Word, statement: string, cx: BuildContext): void {
  if (name.text === 'LOOPBACK' || name.text === 'LOOPBACK6') {
    cx.report({
      ruleId: 'loopback-redefined',
      loc: name.loc,
      // IBM calls LOOPBACK a reserved name (HOME statement); LOOPBACK6 being reserved the same way is not documented, hence a warning.
      ...(name.text === 'LOOPBACK6' ? { severity: 'warning' as const } : {}),
      message:
        `${name.text} is the name of the stack's predefined loopback interface${name.text === 'LOOPBACK' ? ' (IBM: "the reserved name LOOPBACK")' : ''}; a ${statement} must not reuse it. ` +
        `IBM does not document what the stack does with such a ${statement}; plexlint assumes it clashes with the loopback interface. Pick another name.`,
    });
  }
}

/**
 * The entries of a HOME or PORT list as the stack keeps them: the first entry with an
 * error, and every entry after it, are ignored ("the stack ignores the rest of the list");
 * the error says so, and what the later entries would be rejected for are notes.
 */
export function listWithStop<T extends { loc: Loc; ignored?: { reason: string; cause: Loc } }>(
  entries: EntryList | undefined,
  statement: 'HOME' | 'PORT',
  report: (f: Finding) => void,
): T[] {
  const out = (entries?.nodes ?? []) as T[];
  let stoppedAt: Loc | undefined;
  out.forEach((entry, i) => {
    const findings = entries!.findings(i);
    if (stoppedAt) {
      entry.ignored = { reason: `an earlier error in this ${statement} list`, cause: stoppedAt };
      for (const f of findings) report(skippedNote(f, stoppedAt, `this ${statement} entry`, false, statement));
      return;
    }
    const damaging = findings.find((f) => damageOf(f, false) !== 'none');
    if (damaging) {
      const rest = out.length - i - 1;
      const more = rest > 0 ? ` (${rest} more entr${rest === 1 ? 'y' : 'ies'})` : '';
      damaging.consequence ??= statement === 'HOME' ? 'list' : 'port-list';
      damaging.message = `${/[.?!]$/.test(damaging.message) ? damaging.message : `${damaging.message}.`} ${
        statement === 'HOME'
          ? `The stack ignores the rest of the HOME list${more}.`
          : `The stack ignores this PORT entry${rest > 0 ? ` and the rest of the PORT list${more}` : ''}. ${readingSentence(PORT_LIST_READING)}.`
      }`;
      stoppedAt = damaging.loc;
      entry.ignored = { reason: `error in this ${statement} entry`, cause: damaging.loc };
    }
    for (const f of findings) report(f);
  });
  return out;
}
