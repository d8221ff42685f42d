/**
 * The sysplex tier's flows for the behaviour delta: every distributed
 * DVIPA:port from clients and from each system, and every load-balancer
 * cluster:port from clients.
 *
 * Change impact: the flows to one address read the DVIPA (owners, backups,
 * takeover), every VIPADISTRIBUTE of it (methods, DESTIP targets as resolved
 * to systems — so a changed DYNAMICXCF address shows here —, weights), the
 * SYSPLEXROUTING setting of its targets, what the stacks that may hold it
 * advertise for it (OMPROUTE: clients outside the sysplex reach a DVIPA only
 * through a holder that advertises it), the stacks that own the address, and
 * the balancers with a cluster on it (with their HA partners and whether each
 * target stack has the address in its HOME list). Flows to an address whose
 * inputs are the same on both sides are not simulated. This list mirrors what
 * the engines in src/sim read; the property tests compare the result with
 * every flow simulated.
 *
 * A connection from a system that is not a target of any distribution of the
 * DVIPA is distributed like one from any other such system: OPTLOCAL applies
 * only to connections that start on a target stack (IBM, VIPADISTRIBUTE
 * OPTLOCAL), and otherwise the distributor and the balancers tell origins
 * apart only by their affinity (one client each). Such origins share one
 * simulation per side they exist on.
 */
import type { Estate } from '../model/estate.js';
import type { ExternalLb } from '../model/lb.js';
import { Simulation, type Observed } from '../sim/index.js';
import { perEstate, singleOrigin, type Flow, type FlowGroup, type FlowOptions, type FlowSource, type OriginSet, type Sides } from './flows.js';

const CONNECTIONS = 1000;

/** Where one estate's model objects are, by address. */
interface AddressIndex {
  systems: Set<string>;
  /** What the distributor and the balancers read for connections to an address. */
  inputs(address: string): unknown;
  /** Systems that are a DESTIP target of some distribution of the DVIPA. */
  targets(address: string): string[];
}

function push<K, V>(m: Map<K, V[]>, k: K, x: V): void {
  const list = m.get(k);
  if (list) list.push(x);
  else m.set(k, [x]);
}

function ownAddresses(s: Estate['systems'][number]): string[] {
  const out = [...s.stack.home.map((h) => h.address), ...s.stack.interfaces.flatMap((i) => i.addresses.map((a) => a.address)), ...s.stack.dvipas.map((d) => d.address)];
  if (s.stack.dynamicXcf.v4) out.push(s.stack.dynamicXcf.v4.address);
  if (s.stack.dynamicXcf.v6) out.push(s.stack.dynamicXcf.v6.address);
  return out;
}

const addressIndex = perEstate((estate: Estate): AddressIndex => {
  const dvipas = new Map(estate.sysplex.dvipas.map((d) => [d.address, d]));
  const distributions = new Map<string, Estate['sysplex']['distributions']>();
  for (const d of estate.sysplex.distributions) push(distributions, d.dvipa, d);
  const owners = new Map<string, string[]>();
  const homes = new Map<string, Set<string>>();
  for (const s of estate.systems) {
    const own = new Set(ownAddresses(s));
    homes.set(s.name, own);
    for (const a of own) push(owners, a, s.name);
  }
  const routing = new Map(estate.systems.map((s) => [s.name, s.stack.sysplexRouting?.enabled === true]));
  const omproute = new Map(estate.systems.map((s) => [s.name, s.routing]));
  /** What a stack that may hold the DVIPA advertises for it (none: no OMPROUTE file attached). */
  const advertised = (system: string, address: string): unknown => {
    const r = omproute.get(system);
    return r ? { file: r.config.file, entries: r.addresses.filter((a) => a.address === address) } : null;
  };
  const balancers = new Map<string, ExternalLb[]>();
  for (const lb of estate.loadBalancers) {
    for (const c of new Set(lb.clusters.map((c) => c.address ?? c.id))) push(balancers, c, lb);
  }
  const partners = (lb: ExternalLb): ExternalLb[] => (lb.ha?.partner ? estate.loadBalancers.filter((x) => x.name === lb.ha!.partner!.name) : []);
  const targets = new Map<string, string[]>();
  const targetsOf = (address: string): string[] => {
    let list = targets.get(address);
    if (!list) {
      const found = new Set<string>();
      for (const d of distributions.get(address) ?? []) for (const t of d.targets) if (t.system) found.add(t.system);
      targets.set(address, (list = [...found]));
    }
    return list;
  };
  return {
    systems: new Set(estate.systems.map((s) => s.name)),
    targets: targetsOf,
    inputs(address) {
      const lbs = balancers.get(address) ?? [];
      const lbTargets = new Set<string>();
      for (const lb of lbs) for (const c of lb.clusters) for (const p of c.ports) for (const s of p.servers) if (s.target) lbTargets.add(s.target.system);
      const dvipa = dvipas.get(address);
      const holders = dvipa ? [...new Set([...dvipa.owners.map((o) => o.system), ...dvipa.backups.map((b) => b.system), ...dvipa.takeover.map((t) => t.system)])] : [];
      return {
        dvipa: dvipa ?? null,
        advertised: holders.map((h) => [h, advertised(h, address)]),
        distributions: distributions.get(address) ?? [],
        sysplexRouting: targetsOf(address).map((s) => [s, routing.get(s) ?? null]),
        owners: owners.get(address) ?? [],
        // A balancer and its HA partner (which decides whether it is the active one).
        balancers: lbs.map((lb) => [lb, partners(lb)]),
        balancerTargetsHome: [...lbTargets].map((s) => [s, homes.get(s)?.has(address) ?? null]),
      };
    },
  };
});

function simulate(estate: Estate, from: string, address: string, port: number): Observed {
  // Clients outside the sysplex are many (one client would stay on one target under an affinity).
  return new Simulation(estate, 1).connect(from === 'client' ? { kind: 'client', clients: CONNECTIONS } : from, address, port, CONNECTIONS).observed;
}

type Presence = 'both' | 'before' | 'after';

/** The origins — the client and the systems — by the sides they exist on, in report order: the client first, then by name. */
interface Origins {
  rank: Map<string, number>;
  presence(origin: string): Presence;
  /** The systems of each side (not the client). */
  members: Record<Presence, string[]>;
  all: string[];
}

function originsOf(ix: Sides<AddressIndex>): Origins {
  const names = new Set([...ix[0].systems, ...ix[1].systems]);
  names.delete('client');
  const all = ['client', ...[...names].sort((a, b) => a.localeCompare(b))];
  const presence = (o: string): Presence => (o === 'client' || (ix[0].systems.has(o) && ix[1].systems.has(o)) ? 'both' : ix[0].systems.has(o) ? 'before' : 'after');
  const members: Record<Presence, string[]> = { both: [], before: [], after: [] };
  for (const o of all) if (o !== 'client') members[presence(o)].push(o);
  return { rank: new Map(all.map((o, i) => [o, i])), presence, members, all };
}

/** The systems of one presence class that are not targets: they share one outcome. */
function ordinary(origins: Origins, list: string[], special: Set<string>, count: number): OriginSet {
  return {
    count,
    first(k) {
      const out: { name: string; rank: number }[] = [];
      for (let i = 0; i < list.length && out.length < k; i++) if (!special.has(list[i]!)) out.push({ name: list[i]!, rank: origins.rank.get(list[i]!)! });
      return out;
    },
  };
}

function distributorGroups(before: Estate, after: Estate, options: FlowOptions): FlowGroup[] {
  const ix: Sides<AddressIndex> = [addressIndex(before), addressIndex(after)];
  const keys = new Map<string, { address: string; port: number }>();
  for (const e of [before, after]) {
    for (const d of e.sysplex.distributions) {
      const port = d.ports[0]?.from ?? 1;
      keys.set(`${d.dvipa}:${port}`, { address: d.dvipa, port });
    }
  }
  const origins = originsOf(ix);
  const oneSided = [...origins.members.before, ...origins.members.after];
  const exists = (o: string, e: Estate): boolean => o === 'client' || addressIndex(e).systems.has(o);
  // A system named "client" would make the shortcut ambiguous: simulate every origin on its own then.
  const share = !options.exhaustive && !ix[0].systems.has('client') && !ix[1].systems.has('client');
  const groups: FlowGroup[] = [];
  for (const [key, { address, port }] of [...keys].sort(([a], [b]) => a.localeCompare(b))) {
    const from = (o: string): Flow => ({
      what: 'connections',
      destination: key,
      origins: singleOrigin(o, origins.rank.get(o)!),
      run: (e) => (exists(o, e) ? simulate(e, o, address, port) : undefined),
    });
    groups.push({
      inputs: [ix[0].inputs(address), ix[1].inputs(address)],
      size: origins.all.length,
      flows(all) {
        if (!all && oneSided.length === 0) return [];
        if (!share) return (all ? origins.all : oneSided).map(from);
        // The client and the targets of the DVIPA's distributions on either side (OPTLOCAL) are simulated on their own.
        const special = new Set([...ix[0].targets(address), ...ix[1].targets(address)].filter((o) => origins.rank.has(o)));
        const specialCount: Record<Presence, number> = { both: 0, before: 0, after: 0 };
        for (const o of special) specialCount[origins.presence(o)]++;
        const flows: Flow[] = all ? [from('client')] : [];
        for (const p of ['both', 'before', 'after'] as const) {
          const list = origins.members[p];
          const count = list.length - specialCount[p];
          if ((!all && p === 'both') || count === 0) continue;
          const representative = list.find((o) => !special.has(o))!;
          flows.push({ what: 'connections', destination: key, origins: ordinary(origins, list, special, count), run: from(representative).run });
        }
        for (const o of special) if (all || origins.presence(o) !== 'both') flows.push(from(o));
        return flows;
      },
    });
  }
  return groups;
}

function loadBalancerGroups(before: Estate, after: Estate): FlowGroup[] {
  const keys = new Map<string, { address: string; port: number }>();
  for (const e of [before, after]) {
    for (const lb of e.loadBalancers) {
      for (const c of lb.clusters) {
        for (const p of c.ports) {
          const address = c.address ?? c.id;
          if (p.port > 0) keys.set(`${address}:${p.port}`, { address, port: p.port });
        }
      }
    }
  }
  return [...keys.values()].map(({ address, port }) => {
    const flow: Flow = { name: `connections from client to ${address}:${port} (load balancer)`, run: (estate) => simulate(estate, 'client', address, port) };
    return { inputs: [addressIndex(before).inputs(address), addressIndex(after).inputs(address)], size: 1, flows: (all) => (all ? [flow] : []) };
  });
}

export const distributorFlows: FlowSource = { name: 'sysplex distributor', groups: distributorGroups };
export const loadBalancerFlows: FlowSource = { name: 'load balancer', groups: loadBalancerGroups };
