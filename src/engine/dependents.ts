/**
 * One cause, one finding, across the stages (src/model/dependents.ts): a finding that gets a definition rejected
 * lists, in its `related`, what names that definition and fails with it; the findings those dependents would have
 * of their own at the word that names the definition (undefined-reference, plugin-undefined-reference, a dscontrol
 * value error on the same cluster) are left out, and the root finding is at least as severe as the most severe of
 * them (a warning about an element the plug-in ignores becomes an error when a Route then leads nowhere). Only when
 * the root finding is there: without it, nothing is left out.
 */
import { related, severityRank, type Finding, type Severity } from '../core/diagnostic.js';
import type { Loc } from '../core/loc.js';
import type { Dependent } from '../model/dependents.js';

function at(l: Pick<Loc, 'file' | 'line' | 'column'>): string {
  return `${l.file}\u0000${l.line}\u0000${l.column}`;
}

/**
 * The findings with the dependents attached to their root findings (copies: the findings given are not changed).
 * @param severityOf a finding's severity before the configuration (its own, else its rule's default)
 */
export function attachDependents(findings: readonly Finding[], dependents: readonly Dependent[], severityOf: (f: Finding) => Severity): Finding[] {
  if (dependents.length === 0) return [...findings];
  // The root of a cause: the first finding that starts there — of the dependent's stack, where the finding of the
  // rejection is per stack (a member two stacks of different releases INCLUDE has a finding for each).
  const startsAt = new Map<string, Finding[]>();
  for (const f of findings) {
    const k = at(f.loc);
    const list = startsAt.get(k);
    if (list) list.push(f);
    else startsAt.set(k, [f]);
  }
  const rootOf = (d: Dependent): Finding | undefined => {
    const here = startsAt.get(at(d.cause));
    if (!here) return undefined;
    return here.find((f) => f.system !== undefined && f.system === d.system) ?? here.find((f) => f.system === undefined) ?? (d.system === undefined ? here[0] : undefined);
  };
  const byRoot = new Map<Finding, Dependent[]>();
  // Where a dependent's own findings start, and the root they fold into.
  const dependentAt = new Map<string, { root: Finding; system: string | undefined }[]>();
  for (const d of dependents) {
    const root = rootOf(d);
    if (!root) continue;
    const list = byRoot.get(root);
    if (list) list.push(d);
    else byRoot.set(root, [d]);
    const k = at(d.loc);
    if (k === at(d.cause)) continue;
    const here = dependentAt.get(k);
    if (here) here.push({ root, system: d.system });
    else dependentAt.set(k, [{ root, system: d.system }]);
  }
  /** The root a finding folds into: one of a dependent that starts where it starts, of its stack. */
  const foldsInto = (f: Finding): Finding | undefined =>
    byRoot.has(f) ? undefined : dependentAt.get(at(f.loc))?.find((x) => x.system === undefined || f.system === undefined || x.system === f.system)?.root;
  const worst = new Map<Finding, Severity>();
  const kept: Finding[] = [];
  for (const f of findings) {
    const root = foldsInto(f);
    if (root === undefined) {
      kept.push(f);
      continue;
    }
    const s = severityOf(f);
    const w = worst.get(root);
    if (w === undefined || severityRank[s] > severityRank[w]) worst.set(root, s);
  }
  return kept.map((f) => {
    const mine = byRoot.get(f);
    if (!mine) return f;
    const seen = new Set((f.related ?? []).map((r) => at(r)));
    const extra = mine.filter((d) => {
      const k = at(d.loc);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    const w = worst.get(f);
    const raise = w !== undefined && severityRank[w] > severityRank[severityOf(f)];
    if (!extra.length && !raise) return f;
    return { ...f, ...(extra.length ? { related: [...(f.related ?? []), ...extra.map((d) => related(d.loc, d.message))] } : {}), ...(raise ? { severity: w } : {}) };
  });
}
