/**
 * Helpers for the cross-stack rules' messages and locations.
 *
 * Statements in a member that several stacks INCLUDE have one location for all
 * of them; rules that report at such a statement report it once, naming the
 * stacks. (Rules that compare stacks declare `needs: 'sysplex'` and do not run
 * when one profile is checked on its own.)
 */
import type { Loc } from '../../core/loc.js';
import type { Estate, System } from '../../model/estate.js';
import { listText, stackAnchor } from '../helpers.js';

/** Names of the stacks plexlint read, for messages ("of the 4 stacks plexlint read: SYSA, …"). */
export function stacksRead(estate: Estate): string {
  const names = estate.systems.map((s) => s.name);
  const shown = names.length > 6 ? `${names.slice(0, 6).join(', ')}, …` : names.join(', ');
  return `${names.length === 1 ? 'the 1 stack' : `the ${names.length} stacks`} plexlint read (${shown})`;
}

export function locKey(loc: Loc): string {
  return `${loc.file}:${loc.line}:${loc.column}:${loc.endLine}:${loc.endColumn}`;
}

/** Groups items by the location they would be reported at, keeping first-seen order. */
export function byLocation<T>(items: T[], loc: (item: T) => Loc): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = locKey(loc(item));
    const g = groups.get(k);
    if (g) g.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}

/** "SYSA", "SYSA and SYSB", "SYSA, SYSB and SYSC". */
export function listNames(names: string[]): string {
  return listText(names, Infinity);
}

/**
 * Where a missing IPCONFIG (IPv4) or IPCONFIG6 keyword belongs: the first keyword
 * coded on that statement, else wherever the stack's other IPCONFIG statement or
 * the top of its profile is (stackAnchor).
 */
export function ipconfigAnchor(system: System, version: 4 | 6): Loc {
  const entries = Object.entries(system.stack.ipconfig);
  const mine = entries.find(([k]) => (version === 6 ? k.startsWith('IPCONFIG6 ') : !k.startsWith('IPCONFIG6 ')));
  return mine?.[1].loc ?? stackAnchor(system);
}
