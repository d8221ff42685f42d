/**
 * What every diff report leads with: one line of counts, the routing delta's
 * flows, and for a large change set the counts per system and per file.
 */
import type { Diagnostic } from '../../core/diagnostic.js';
import type { Change, DiffResult } from '../../diff/index.js';

function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
}

/** "3 configuration changes, 5 routing changes, 1 new finding (1 error), 0 fixed" */
export function summaryLine(r: DiffResult): string {
  const f = r.findings;
  const errors = f.new.filter((d) => d.severity === 'error').length;
  return `${count(r.changes.length, 'configuration change')}, ${count(r.behaviour.length, 'routing change')}, ` + `${count(f.new.length, 'new finding')}${errors ? ` (${count(errors, 'error')})` : ''}, ${f.fixed.length.toLocaleString('en')} fixed`;
}

/** "96 flows compared, 623,904 skipped as unaffected" */
export function flowsLine(r: DiffResult): string {
  return `${count(r.flows.compared, 'flow')} compared, ${r.flows.skipped.toLocaleString('en')} skipped as unaffected`;
}

/** The line on stderr at the end of a run: the summary and the time it took. */
export function finishedLine(r: DiffResult): string {
  return `plexlint diff: ${summaryLine(r)}; routing delta: ${flowsLine(r)} (${(r.ms / 1000).toFixed(1)} s)`;
}

/** The file a change is about: the new location, else the old one ('' for objects without one). */
export function fileOf(c: Change): string {
  return (c.newLoc ?? c.oldLoc)?.file ?? '';
}

export interface Tally {
  name: string;
  changes: number;
  newFindings: number;
  fixed: number;
}

function tally(rows: Map<string, Tally>, name: string, field: 'changes' | 'newFindings' | 'fixed'): void {
  let t = rows.get(name);
  if (!t) rows.set(name, (t = { name, changes: 0, newFindings: 0, fixed: 0 }));
  t[field]++;
}

/** Configuration changes, new and fixed findings per system and per file, most changed first. */
export function tallies(r: DiffResult): { systems: Tally[]; files: Tally[] } {
  const systems = new Map<string, Tally>();
  const files = new Map<string, Tally>();
  const add = (shown: string, field: 'changes' | 'newFindings' | 'fixed'): void => {
    if (!shown) return;
    // A file is counted once, under its name on the new side, whichever side the entry names it from.
    const known = r.files.get(shown);
    tally(files, known?.file ?? shown, field);
    if (known?.system) tally(systems, known.system, field);
  };
  for (const c of r.changes) add(fileOf(c), 'changes');
  for (const d of r.findings.new) add(d.file, 'newFindings');
  for (const d of r.findings.fixed) add(d.file, 'fixed');
  const order = (a: Tally, b: Tally): number => b.changes + b.newFindings + b.fixed - (a.changes + a.newFindings + a.fixed) || a.name.localeCompare(b.name);
  return { systems: [...systems.values()].sort(order), files: [...files.values()].sort(order) };
}

/** Entries grouped by file, files in order of first appearance. */
export function byFile<T>(items: readonly T[], file: (x: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of items) {
    const k = file(x);
    const list = m.get(k);
    if (list) list.push(x);
    else m.set(k, [x]);
  }
  return m;
}

export const findingFile = (d: Diagnostic): string => d.file;

/** Sections longer than this are folded (markdown) and summarised per system and file (text). */
export const LONG_SECTION = 10;

/** Whether a result is large enough to be summarised per system and per file. */
export function isLarge(r: DiffResult): boolean {
  return r.changes.length + r.findings.new.length + r.findings.fixed.length > LONG_SECTION;
}
