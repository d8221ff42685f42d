/**
 * Model-diff sections of dynamic routing (src/model/routing.ts): the OMPROUTE
 * configuration of each system, its interface definitions, and — the
 * consequence reviewers care about — which addresses each stack advertises,
 * how and when. A changed definition shows up next to the addresses whose
 * advertisement it changes.
 */
import { perSystem, v, type Section } from './section.js';

export const routingSections: Section[] = [
  perSystem(
    'OMPROUTE configuration',
    (s) => s.routing?.config ?? null,
    (s) => {
      const c = s.routing?.config;
      if (!c) return [];
      return [
        {
          key: s.name,
          object: `OMPROUTE configuration of ${s.name}`,
          attributes: {
            file: c.file,
            ignoreUndefinedInterfaces: c.ignoreUndefinedInterfaces,
            routerId: v(c.routerId?.address),
            protocols: Object.entries(c.protocols)
              .filter(([, on]) => on)
              .map(([p]) => p)
              .sort(),
            importDirectRoutes: c.asBoundaryRouting?.importDirectRoutes ?? false,
            areas: c.areas.map((a) => `${a.number}${a.stub ? ' stub' : ''}`).sort(),
          },
          loc: c.routerId?.loc ?? { file: c.file, line: 1, column: 1, endLine: 1, endColumn: 1 },
        },
      ];
    },
  ),
  perSystem(
    'OMPROUTE definition',
    (s) => s.routing?.config.interfaces ?? null,
    (s) =>
      (s.routing?.config.interfaces ?? []).map((d) => ({
        key: `${s.name} ${d.statement} ${d.address}`,
        object: `${d.statement} ${d.address} on ${s.name}`,
        attributes: {
          name: v(d.name),
          subnetMask: v(d.subnetMask),
          destination: v(d.destination),
          mtu: v(d.mtu),
          area: v(d.area),
          cost: v(d.cost),
          advertiseVipaRoutes: v(d.advertiseVipaRoutes),
        },
        loc: d.loc,
      })),
  ),
  perSystem(
    'advertised address',
    (s) => s.routing?.addresses ?? null,
    (s) =>
      (s.routing?.addresses ?? []).map((a) => ({
        key: `${s.name} ${a.address} ${a.role}`,
        object: `${a.address} (${a.what}) on ${s.name}`,
        attributes: {
          advertised: a.advertised,
          via: a.via ? `${a.via.protocol} ${a.via.routes.join('+')}${a.via.subnet ? ` ${a.via.subnet}` : ''}` : null,
          definition: a.definition ? `${a.definition.statement} (${a.definition.match})` : null,
          defaults: a.defaults ? `mask ${a.defaults.mask}, MTU ${a.defaults.mtu}` : null,
        },
        loc: a.loc,
      })),
  ),
];
