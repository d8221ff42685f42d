/**
 * Systems → Sysplex: stacks joined through dynamic XCF, DVIPAs with their
 * owners and backup chains, distributions with their targets resolved.
 *
 * Facts: DESTIP names dynamic XCF addresses of target stacks; DESTIP ALL means
 * every stack joined by a dynamic XCF interface of the DVIPA's IP version, and
 * for a TIER2 distributor only those on its CPC (SMF 119 NMTP_DDVSDestipAll).
 * VIPABACKUP ranks order the takeover chain, highest first (VIPABACKUP page).
 * A backup that codes its own VIPADISTRIBUTE distributes with it after
 * takeover; otherwise it takes over the owner's distribution.
 */
import type { Distribution, DvipaBackup, DvipaOwner, ResolvedTarget, Sysplex, SysplexDvipa, System, Takeover } from '../estate.js';
import type { DistributionDef } from '../stack.js';
import type { Dependent } from '../dependents.js';
import type { Loc } from '../../core/loc.js';

export function portsText(ports: { from: number; to: number }[]): string {
  if (ports.length === 0) return 'all ports';
  return ports.map((p) => (p.from === p.to ? String(p.from) : `${p.from}-${p.to}`)).join(',');
}

export function distributionId(system: string, d: { dvipa: string; ports: { from: number; to: number }[] }): string {
  return `${system} ${d.dvipa} ${portsText(d.ports)}`;
}

export function buildSysplex(systems: System[]): Sysplex {
  const members = systems.filter((s) => s.stack.dynamicXcf.v4 || s.stack.dynamicXcf.v6).map((s) => s.name);
  const xcfOwner = new Map<string, string>();
  for (const s of systems) {
    const { v4, v6 } = s.stack.dynamicXcf;
    if (v4 && !xcfOwner.has(v4.address)) xcfOwner.set(v4.address, s.name);
    if (v6 && !xcfOwner.has(v6.address)) xcfOwner.set(v6.address, s.name);
  }
  const cpcOf = new Map(systems.map((s) => [s.name, s.cpc]));

  const dvipas = new Map<string, SysplexDvipa>();
  const dvipa = (address: string, version: 4 | 6): SysplexDvipa => {
    let d = dvipas.get(address);
    if (!d) dvipas.set(address, (d = { address, version, owners: [], backups: [], distributions: [], takeover: [] }));
    return d;
  };
  for (const s of systems) {
    for (const d of s.stack.dvipas) {
      const entry = dvipa(d.address, d.version);
      if (d.role === 'define') {
        const o: DvipaOwner = { system: s.name, loc: d.loc, cpcScope: d.cpcScope };
        if (d.moveable) o.moveable = d.moveable;
        if (d.prefix !== undefined) o.prefix = d.prefix;
        if (d.tier) o.tier = d.tier;
        entry.owners.push(o);
      } else {
        const b: DvipaBackup = { system: s.name, loc: d.loc, rank: d.rank ?? 1, shortForm: d.shortForm ?? false, cpcScope: d.cpcScope };
        if (d.moveable) b.moveable = d.moveable;
        if (d.prefix !== undefined) b.prefix = d.prefix;
        if (d.tier) b.tier = d.tier;
        entry.backups.push(b);
      }
    }
  }
  for (const d of dvipas.values()) d.backups.sort((a, b) => b.rank - a.rank || a.system.localeCompare(b.system));

  const distributions: Distribution[] = [];
  for (const s of systems) {
    const ownDvipas = new Map(s.stack.dvipas.map((d) => [d.address, d]));
    for (const def of s.stack.distributions) {
      // The stack rejects a VIPADISTRIBUTE whose DVIPA it does not define first
      // (vipadistribute-undefined-dvipa reports it from the stack's own list).
      if (!def.dvipaDefined) continue;
      const local = ownDvipas.get(def.dvipa);
      const dist: Distribution = {
        id: distributionId(s.name, def),
        system: s.name,
        dvipa: def.dvipa,
        version: def.version,
        ports: def.ports,
        method: def.method,
        timedAffinity: def.timedAffinity,
        sysplexPorts: def.sysplexPorts,
        autoSwitchBack: def.autoSwitchBack,
        healthSwitch: def.healthSwitch,
        destipAll: def.destipAll,
        targets: resolveTargets(s, def, systems, xcfOwner, cpcOf),
        role: !local ? 'undefined' : local.role === 'define' ? 'owner' : 'backup',
        loc: def.loc,
      };
      if (def.optLocal !== undefined) dist.optLocal = def.optLocal;
      if (def.tier) dist.tier = { tier: def.tier.tier, group: def.tier.group };
      if (def.routing) dist.routing = def.routing;
      if (def.controlPort !== undefined) dist.controlPort = def.controlPort;
      distributions.push(dist);
      if (local) dvipa(def.dvipa, def.version).distributions.push(dist.id);
    }
  }
  const byDvipa = new Map<string, Distribution[]>();
  for (const x of distributions) {
    const list = byDvipa.get(x.dvipa) ?? [];
    list.push(x);
    byDvipa.set(x.dvipa, list);
  }
  for (const d of dvipas.values()) {
    const mine = byDvipa.get(d.address) ?? [];
    const ownerIds = mine.filter((x) => x.role === 'owner').map((x) => x.id);
    const owned = new Set(ownerIds);
    d.distributions.sort((a, b) => Number(owned.has(b)) - Number(owned.has(a)));
    const bySystem = new Map<string, string[]>();
    for (const x of mine) {
      const list = bySystem.get(x.system);
      if (list) list.push(x.id);
      else bySystem.set(x.system, [x.id]);
    }
    d.takeover = d.backups.map((b): Takeover => {
      const own = [...(bySystem.get(b.system) ?? [])];
      return own.length ? { system: b.system, rank: b.rank, distributions: own, inherited: false } : { system: b.system, rank: b.rank, distributions: ownerIds, inherited: ownerIds.length > 0 };
    });
  }
  const dependents = rejectedXcfTargets(systems, distributions, xcfOwner);
  return {
    members,
    dvipas: [...dvipas.values()].sort((a, b) => compareAddresses(a.address, b.address)),
    distributions,
    ...(dependents.length ? { dependents } : {}),
  };
}

/**
 * DESTIP targets that name the dynamic XCF address of an IPCONFIG (IPCONFIG6) statement another stack rejects: they
 * fail with that statement, whose finding lists them (../dependents.ts).
 */
function rejectedXcfTargets(systems: System[], distributions: Distribution[], xcfOwner: Map<string, string>): Dependent[] {
  const rejected = new Map<string, { cause: Loc; system: string }>();
  for (const s of systems) for (const x of s.stack.rejectedXcf ?? []) if (!xcfOwner.has(x.address) && !rejected.has(x.address)) rejected.set(x.address, { cause: x.cause, system: s.name });
  const out: Dependent[] = [];
  if (rejected.size === 0) return out;
  for (const d of distributions) {
    for (const t of d.targets) {
      const r = t.via === 'destip' && t.address !== undefined && t.system === undefined ? rejected.get(t.address) : undefined;
      if (r) out.push({ cause: r.cause, loc: t.loc, message: `DESTIP ${t.address} of VIPADISTRIBUTE ${d.dvipa} on ${d.system} names the dynamic XCF address of ${r.system} and fails with it` });
    }
  }
  return out;
}

function resolveTargets(
  distributor: System,
  def: DistributionDef,
  systems: System[],
  xcfOwner: Map<string, string>,
  cpcOf: Map<string, string | undefined>,
): ResolvedTarget[] {
  if (def.destipAll) {
    const myCpc = cpcOf.get(distributor.name);
    return systems
      .filter((s) => (def.version === 4 ? s.stack.dynamicXcf.v4 : s.stack.dynamicXcf.v6))
      .filter((s) => def.tier?.tier !== 'TIER2' || !myCpc || !s.cpc || s.cpc === myCpc)
      .map((s) => ({ system: s.name, via: 'all' as const, loc: def.destipLoc ?? def.loc }));
  }
  return def.targets.map((t) => {
    // One literal per shape: properties added later would be kept outside the object.
    const sys = t.address === undefined ? undefined : xcfOwner.get(t.address);
    const r: ResolvedTarget =
      t.address === undefined ? { via: 'destip', loc: t.loc } : sys ? { via: 'destip', loc: t.loc, address: t.address, system: sys } : { via: 'destip', loc: t.loc, address: t.address };
    if (t.weight !== undefined) r.weight = t.weight;
    if (t.preferred) r.preferred = true;
    if (t.backupRank !== undefined) r.backupRank = t.backupRank;
    return r;
  });
}

function compareAddresses(a: string, b: string): number {
  const pa = a.split(/[.:]/).map((x) => parseInt(x, a.includes(':') ? 16 : 10) || 0);
  const pb = b.split(/[.:]/).map((x) => parseInt(x, b.includes(':') ? 16 : 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}
