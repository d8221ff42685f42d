/** Model-diff sections of the TCP/IP stacks and the sysplex (src/model/stack.ts, src/model/estate.ts). */
import type { Distribution } from '../../model/estate.js';
import { portsText } from '../../model/builders/sysplex.js';
import { perSystem, v, whole, type Item, type Section } from './section.js';

export const stackSections: Section[] = [
  perSystem(
    'system',
    (s) => s.cpc ?? null,
    (s) => [{ key: s.name, object: `system ${s.name}`, attributes: { cpc: v(s.cpc) } }],
  ),
  perSystem(
    'dynamic XCF',
    (s) => s.stack.dynamicXcf,
    (s) =>
      (['v4', 'v6'] as const).flatMap((ver) => {
        const x = s.stack.dynamicXcf[ver];
        return x ? [{ key: `${s.name} ${ver}`, object: `IPCONFIG${ver === 'v6' ? '6' : ''} DYNAMICXCF on ${s.name}`, attributes: { address: x.address, prefix: v(x.prefix), cost: v(x.cost) }, loc: x.loc }] : [];
      }),
  ),
  perSystem(
    'IPCONFIG option',
    (s) => s.stack.ipconfig,
    (s) =>
      Object.entries(s.stack.ipconfig)
        .filter(([k]) => !/DYNAMICXCF/.test(k))
        .map(([k, o]) => ({ key: `${s.name} ${k}`, object: `IPCONFIG ${k} on ${s.name}`, attributes: { values: o.values.join(' ') }, loc: o.loc })),
  ),
  perSystem(
    'HOME entry',
    (s) => s.stack.home,
    (s) => s.stack.home.map((h) => ({ key: `${s.name} ${h.address}`, object: `HOME ${h.address} on ${s.name}`, attributes: { link: h.link, kind: h.kind }, loc: h.loc })),
  ),
  perSystem(
    'interface',
    (s) => s.stack.interfaces,
    (s) =>
      s.stack.interfaces.map((i) => ({
        key: `${s.name} ${i.name}`,
        object: `INTERFACE ${i.name} on ${s.name}`,
        attributes: { type: i.type, addresses: i.addresses.map((a) => (a.prefix === undefined ? a.address : `${a.address}/${a.prefix}`)).sort(), portName: v(i.portName) },
        loc: i.loc,
      })),
  ),
  perSystem(
    'link',
    (s) => s.stack.links,
    (s) => s.stack.links.map((l) => ({ key: `${s.name} ${l.name}`, object: `LINK ${l.name} on ${s.name}`, attributes: { type: l.type, device: v(l.device) }, loc: l.loc })),
  ),
  perSystem(
    'device',
    (s) => s.stack.devices,
    (s) => s.stack.devices.map((d) => ({ key: `${s.name} ${d.name}`, object: `DEVICE ${d.name} on ${s.name}`, attributes: { type: d.type }, loc: d.loc })),
  ),
  perSystem(
    'PORT reservation',
    (s) => s.stack.ports,
    (s) =>
      s.stack.ports.map((p) => ({
        key: `${s.name} ${p.port}/${p.protocol} ${p.job}`,
        object: `PORT ${p.port} ${p.protocol} ${p.job} on ${s.name}`,
        attributes: { shareport: v(p.shareport), bind: v(p.bind) },
        loc: p.loc,
      })),
  ),
  perSystem(
    'route',
    (s) => s.stack.routes,
    (s) => s.stack.routes.map((r) => ({ key: `${s.name} ${r.destination}`, object: `ROUTE ${r.destination} on ${s.name}`, attributes: { firstHop: v(r.firstHop), link: r.link }, loc: r.loc })),
  ),
  perSystem(
    'DVIPA definition',
    (s) => s.stack.dvipas,
    (s) =>
      s.stack.dvipas.map((d) => ({
        key: `${s.name} ${d.address}`,
        object: `${d.role === 'define' ? 'VIPADEFINE' : 'VIPABACKUP'} ${d.address} on ${s.name}`,
        attributes: {
          role: d.role,
          rank: v(d.rank),
          prefix: v(d.prefix),
          moveable: v(d.moveable),
          shortForm: v(d.shortForm),
          tier: v(d.tier),
          cpcScope: d.cpcScope,
        },
        loc: d.loc,
      })),
  ),
  perSystem(
    'VIPARANGE',
    (s) => s.stack.vipaRanges,
    (s) => s.stack.vipaRanges.map((r) => ({ key: `${s.name} ${r.subnet}`, object: `VIPARANGE ${r.subnet} on ${s.name}`, attributes: { moveable: r.moveable }, loc: r.loc })),
  ),
];

function distribution(d: Distribution): Item {
  return {
    key: d.id,
    object: `VIPADISTRIBUTE ${d.dvipa} ${d.ports.length ? `port ${portsText(d.ports)}` : '(all ports)'} on ${d.system}`,
    attributes: {
      method: d.method,
      optLocal: d.optLocal === undefined ? 'NOOPTLOCAL' : d.optLocal,
      timedAffinity: d.timedAffinity,
      sysplexPorts: d.sysplexPorts,
      destip: d.destipAll ? 'ALL' : d.targets.map((t) => t.address ?? '?').sort(),
      weights: d.targets.filter((t) => t.weight !== undefined).map((t) => `${t.system ?? t.address}=${t.weight}`).sort(),
      hotstandby: d.targets
        .filter((t) => t.preferred || t.backupRank !== undefined)
        .map((t) => `${t.system ?? t.address}=${t.preferred ? 'PREFERRED' : `BACKUP ${t.backupRank}`}`)
        .sort(),
      targets: d.targets.map((t) => t.system ?? `?${t.address}`).sort(),
      autoSwitchBack: d.autoSwitchBack,
      healthSwitch: d.healthSwitch,
      tier: d.tier ? `${d.tier.tier} ${d.tier.group}` : null,
      routing: v(d.routing),
      controlPort: v(d.controlPort),
    },
    loc: d.loc,
  };
}

export const sysplexSections: Section[] = [
  {
    // In parts by the system that codes the VIPADISTRIBUTE (their ids start with it).
    name: 'distribution',
    parts: (e) => {
      const bySystem = new Map<string, Distribution[]>();
      for (const d of e.sysplex.distributions) {
        const list = bySystem.get(d.system);
        if (list) list.push(d);
        else bySystem.set(d.system, [d]);
      }
      return [...bySystem].map(([system, list]) => ({ key: system, model: list, items: () => list.map(distribution) }));
    },
  },
  whole(
    'DVIPA takeover',
    (e) => e.sysplex.dvipas,
    (e) =>
      e.sysplex.dvipas.map((d) => ({
        key: d.address,
        object: `DVIPA ${d.address}`,
        attributes: {
          owners: d.owners.map((o) => o.system).sort(),
          backupChain: d.backups.map((b) => `${b.system}:${b.rank}`),
        },
        ...(d.owners[0] ? { loc: d.owners[0].loc } : d.backups[0] ? { loc: d.backups[0].loc } : {}),
      })),
  ),
];
