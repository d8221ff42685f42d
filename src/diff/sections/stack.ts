/** Model-diff sections of the TCP/IP stacks and the sysplex (src/model/stack.ts, src/model/estate.ts). */
import { portsText } from '../../model/build/sysplex.js';
import { v, type Section } from './section.js';

export const stackSections: Section[] = [
  {
    name: 'system',
    items: (e) => e.systems.map((s) => ({ key: s.name, object: `system ${s.name}`, attributes: { cpc: v(s.cpc) } })),
  },
  {
    name: 'dynamic XCF',
    items: (e) =>
      e.systems.flatMap((s) =>
        (['v4', 'v6'] as const).flatMap((ver) => {
          const x = s.stack.dynamicXcf[ver];
          return x ? [{ key: `${s.name} ${ver}`, object: `IPCONFIG${ver === 'v6' ? '6' : ''} DYNAMICXCF on ${s.name}`, attributes: { address: x.address, prefix: v(x.prefix), cost: v(x.cost) }, loc: x.loc }] : [];
        }),
      ),
  },
  {
    name: 'IPCONFIG option',
    items: (e) =>
      e.systems.flatMap((s) =>
        Object.entries(s.stack.ipconfig)
          .filter(([k]) => !/DYNAMICXCF/.test(k))
          .map(([k, o]) => ({ key: `${s.name} ${k}`, object: `IPCONFIG ${k} on ${s.name}`, attributes: { values: o.values.join(' ') }, loc: o.loc })),
      ),
  },
  {
    name: 'HOME entry',
    items: (e) => e.systems.flatMap((s) => s.stack.home.map((h) => ({ key: `${s.name} ${h.address}`, object: `HOME ${h.address} on ${s.name}`, attributes: { link: h.link, kind: h.kind }, loc: h.loc }))),
  },
  {
    name: 'interface',
    items: (e) =>
      e.systems.flatMap((s) =>
        s.stack.interfaces.map((i) => ({
          key: `${s.name} ${i.name}`,
          object: `INTERFACE ${i.name} on ${s.name}`,
          attributes: { type: i.type, addresses: i.addresses.map((a) => (a.prefix === undefined ? a.address : `${a.address}/${a.prefix}`)).sort(), portName: v(i.portName) },
          loc: i.loc,
        })),
      ),
  },
  {
    name: 'link',
    items: (e) => e.systems.flatMap((s) => s.stack.links.map((l) => ({ key: `${s.name} ${l.name}`, object: `LINK ${l.name} on ${s.name}`, attributes: { type: l.type, device: v(l.device) }, loc: l.loc }))),
  },
  {
    name: 'device',
    items: (e) => e.systems.flatMap((s) => s.stack.devices.map((d) => ({ key: `${s.name} ${d.name}`, object: `DEVICE ${d.name} on ${s.name}`, attributes: { type: d.type }, loc: d.loc }))),
  },
  {
    name: 'PORT reservation',
    items: (e) =>
      e.systems.flatMap((s) =>
        s.stack.ports.map((p) => ({
          key: `${s.name} ${p.port}/${p.protocol} ${p.job}`,
          object: `PORT ${p.port} ${p.protocol} ${p.job} on ${s.name}`,
          attributes: { shareport: v(p.shareport), bind: v(p.bind) },
          loc: p.loc,
        })),
      ),
  },
  {
    name: 'route',
    items: (e) => e.systems.flatMap((s) => s.stack.routes.map((r) => ({ key: `${s.name} ${r.destination}`, object: `ROUTE ${r.destination} on ${s.name}`, attributes: { firstHop: v(r.firstHop), link: r.link }, loc: r.loc }))),
  },
  {
    name: 'DVIPA definition',
    items: (e) =>
      e.systems.flatMap((s) =>
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
  },
  {
    name: 'VIPARANGE',
    items: (e) => e.systems.flatMap((s) => s.stack.vipaRanges.map((r) => ({ key: `${s.name} ${r.subnet}`, object: `VIPARANGE ${r.subnet} on ${s.name}`, attributes: { moveable: r.moveable }, loc: r.loc }))),
  },
];

export const sysplexSections: Section[] = [
  {
    name: 'distribution',
    items: (e) =>
      e.sysplex.distributions.map((d) => ({
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
      })),
  },
  {
    name: 'DVIPA takeover',
    items: (e) =>
      e.sysplex.dvipas.map((d) => ({
        key: d.address,
        object: `DVIPA ${d.address}`,
        attributes: {
          owners: d.owners.map((o) => o.system).sort(),
          backupChain: d.backups.map((b) => `${b.system}:${b.rank}`),
        },
        ...(d.owners[0] ? { loc: d.owners[0].loc } : d.backups[0] ? { loc: d.backups[0].loc } : {}),
      })),
  },
];
