/**
 * Reachability of a DVIPA from outside the sysplex, by what the stack that holds
 * it advertises (its OMPROUTE configuration, src/model/builders/routing.ts).
 *
 * IBM (IP Configuration Guide, "IPv4 considerations for OMPROUTE"): OMPROUTE
 * learns that an interface is a DVIPA from the stack when the DVIPA is created or
 * taken over, and needs an Interface or OSPF_Interface definition for every DVIPA
 * the host might own. A holder whose OMPROUTE does not advertise the DVIPA takes
 * it over on the stack, but routers outside the sysplex learn no route to it:
 * clients outside lose it, while stacks inside the sysplex still reach it over
 * dynamic XCF. A holder with no OMPROUTE file attached is taken to advertise it
 * (plexlint does not know otherwise).
 */
import type { Estate, RoutedAddress } from '../model/estate.js';

export interface OutsideReach {
  reachable: boolean;
  /** Why not, for the trace. */
  why?: string;
}

/** System → DVIPA → its entry, built once per estate. */
const dvipaEntries = new WeakMap<Estate, Map<string, Map<string, RoutedAddress>>>();

function entriesOf(estate: Estate): Map<string, Map<string, RoutedAddress>> {
  let m = dvipaEntries.get(estate);
  if (m) return m;
  m = new Map();
  for (const s of estate.systems) {
    const byAddress = new Map<string, RoutedAddress>();
    for (const a of s.routing?.addresses ?? []) if ((a.role === 'dvipa' || a.role === 'dvipa-backup') && !byAddress.has(a.address)) byAddress.set(a.address, a);
    if (s.routing) m.set(s.name, byAddress);
  }
  dvipaEntries.set(estate, m);
  return m;
}

export function reachableFromOutside(estate: Estate, holder: string, dvipa: string): OutsideReach {
  const entries = entriesOf(estate).get(holder);
  if (!entries) return { reachable: true };
  const entry = entries.get(dvipa);
  if (!entry || entry.advertised) return { reachable: true };
  const routing = estate.systems.find((s) => s.name === holder)!.routing!;
  return { reachable: false, why: `${holder} holds ${dvipa}, but ${routing.config.file} does not advertise it (${entry.why}): routers outside the sysplex have no route to it` };
}
