/**
 * What a cross-stack rule may conclude from the estate it was given.
 *
 * A rule that reports an absence in the other stacks ("no other stack backs this
 * DVIPA up", "no stack has this dynamic XCF address", "no stack codes the TIER2
 * group") can only say so when plexlint has read the other stacks. When a single
 * profile is checked (an editor, a profile-rule fixture, `plexlint check
 * SYSA.tcpip` without a manifest), those rules stay silent instead of reporting
 * what they cannot know.
 *
 * Statements in a member that several stacks INCLUDE have one location for all
 * of them; rules that report at such a statement report it once, naming the
 * stacks.
 */
import type { Loc } from '../../core/loc.js';
import type { Estate } from '../../model/estate.js';

/** Whether the estate shows more than one stack, so that "no other stack …" can be said. */
export function seesOtherStacks(estate: Estate): boolean {
  return estate.systems.length > 1;
}

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
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}
