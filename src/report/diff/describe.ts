import type { Change, Value } from '../../diff/model-diff.js';

function show(v: Value | undefined): string {
  if (v === null || v === undefined) return '(none)';
  if (Array.isArray(v)) return v.length ? v.join(', ') : '(none)';
  return String(v);
}

/** "VIPADISTRIBUTE 10.40.1.2 port 3000 on SYSB: optLocal 1 → 0", as the files give the names: each format escapes it. */
export function describeChange(c: Change): string {
  if (c.kind === 'added') return `${c.object} added`;
  if (c.kind === 'removed') return `${c.object} removed`;
  return `${c.object}: ${c.attribute} ${show(c.before)} → ${show(c.after)}`;
}

export { show };
