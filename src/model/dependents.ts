/**
 * Rejected definitions and what names them (docs/model.md, "Rejected definitions"). A definition the product rejects
 * — a DEVICE with an operand the stack does not know, a ServerCluster the plug-in cannot name, a `cluster add`
 * dscontrol refuses — takes with it everything that names it: the LINK, HOME entry and START of that device, the Route
 * of that cluster, the `port add` under it. One cause is one finding: the model builders record each such dependent
 * with the place of the finding that gets the definition rejected, and the lint driver (src/engine/dependents.ts) lists
 * the dependents in that finding's `related` instead of reporting each of them again.
 */
import type { Loc } from '../core/loc.js';
import type { Estate } from './estate.js';

export interface Dependent {
  /** Where the finding that gets the definition rejected starts. */
  cause: Loc;
  /** The word that names the rejected definition: a finding that starts here is about the same cause. */
  loc: Loc;
  /** What names what, for the root finding's related location ("LINK OSAL1 names DEVICE OSAD1"). */
  message: string;
  /** The stack whose definition it is, when the finding of its rejection is per stack (Finding.system). */
  system?: string;
}

/** Every dependent the model builders recorded in an estate. */
export function dependentsOf(estate: Estate): Dependent[] {
  const out: Dependent[] = [];
  for (const s of estate.systems) for (const d of s.stack.dependents ?? []) out.push({ ...d, system: s.name });
  if (estate.sysplex.dependents) out.push(...estate.sysplex.dependents);
  for (const p of estate.web.plugins) if (p.dependents) out.push(...p.dependents);
  for (const lb of estate.loadBalancers) if (lb.dependents) out.push(...lb.dependents);
  return out;
}
