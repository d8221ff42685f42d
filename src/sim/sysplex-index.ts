/**
 * Look-up tables over the sysplex of one estate, built once per estate and
 * shared by every simulation of it (the sweeps run thousands).
 */
import type { Distribution, Estate, SysplexDvipa } from '../model/estate.js';

export interface SysplexIndex {
  byId: Map<string, Distribution>;
  byAddress: Map<string, SysplexDvipa>;
  /** DVIPA → system → the distributions that system codes for the DVIPA. */
  bySystem: Map<string, Map<string, Distribution[]>>;
  sysplexRouting: Map<string, boolean>;
  /** Ordinary (non-DVIPA) addresses → the system that owns them. */
  addressOwner: Map<string, string>;
  systems: Set<string>;
}

const indexes = new WeakMap<Estate, SysplexIndex>();

export function sysplexIndex(estate: Estate): SysplexIndex {
  let ix = indexes.get(estate);
  if (ix) return ix;
  const bySystem = new Map<string, Map<string, Distribution[]>>();
  for (const d of estate.sysplex.distributions) {
    let m = bySystem.get(d.dvipa);
    if (!m) bySystem.set(d.dvipa, (m = new Map()));
    const list = m.get(d.system) ?? [];
    list.push(d);
    m.set(d.system, list);
  }
  const addressOwner = new Map<string, string>();
  for (const s of estate.systems) {
    const own = [...s.stack.home.map((h) => h.address), ...s.stack.interfaces.flatMap((i) => i.addresses.map((a) => a.address))];
    if (s.stack.dynamicXcf.v4) own.push(s.stack.dynamicXcf.v4.address);
    if (s.stack.dynamicXcf.v6) own.push(s.stack.dynamicXcf.v6.address);
    for (const a of own) if (!addressOwner.has(a)) addressOwner.set(a, s.name);
  }
  ix = {
    byId: new Map(estate.sysplex.distributions.map((d) => [d.id, d])),
    byAddress: new Map(estate.sysplex.dvipas.map((d) => [d.address, d])),
    bySystem,
    sysplexRouting: new Map(estate.systems.map((s) => [s.name, s.stack.sysplexRouting?.enabled === true])),
    addressOwner,
    systems: new Set(estate.systems.map((s) => s.name)),
  };
  indexes.set(estate, ix);
  return ix;
}

export function portCovered(d: { ports: { from: number; to: number }[] }, port: number): boolean {
  return d.ports.length === 0 || d.ports.some((p) => port >= p.from && port <= p.to);
}

/** Per list of distributions: the first that covers each single port, and those that cover more. */
interface CoverIndex {
  single: Map<number, { d: Distribution; at: number }>;
  /** Distributions with no ports (every port) or a port range, in list order. */
  wide: { d: Distribution; at: number }[];
}

const covers = new WeakMap<readonly Distribution[], CoverIndex>();

/**
 * The first distribution of a list that covers a port (a scan of the list does the same): indexed once per list,
 * because a holder of a DVIPA distributed on thousands of ports is asked for each of them.
 */
export function firstCovering(list: readonly Distribution[], port: number): Distribution | undefined {
  if (list.length < 8) return list.find((x) => portCovered(x, port));
  let ix = covers.get(list);
  if (!ix) {
    ix = { single: new Map(), wide: [] };
    list.forEach((d, at) => {
      if (d.ports.length === 0 || d.ports.some((p) => p.to !== p.from)) ix!.wide.push({ d, at });
      for (const p of d.ports) if (p.to === p.from && !ix!.single.has(p.from)) ix!.single.set(p.from, { d, at });
    });
    covers.set(list, ix);
  }
  const hit = ix.single.get(port);
  for (const w of ix.wide) {
    if (hit && w.at > hit.at) break;
    if (portCovered(w.d, port)) return w.d;
  }
  return hit?.d;
}
