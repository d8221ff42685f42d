import { isLoopback, parseIpv4 } from '../../core/ip.js';
import { findDefinition } from '../../model/routing-match.js';
import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { complete, routedSystems } from './common.js';

/**
 * RouterID statement and OSPF statement: the value must be one of the OSPF
 * interface addresses configured for the stack; loopback and 0.0.0.0 are not
 * valid OSPF interface addresses; guideline: a physical interface or a static
 * VIPA, never a DVIPA, because DVIPAs move between hosts. EZZ7884I "RouterID id
 * not a configured OSPF interface": OMPROUTE ends. Without a RouterID OMPROUTE
 * picks an OSPF interface address and avoids DVIPAs, which "cannot be guaranteed".
 */
export const rule = defineRule({
  meta: {
    id: 'omproute-router-id',
    severity: 'error',
    category: 'routing',
    description: 'An OSPF router ID that is a DVIPA, a loopback or 0.0.0.0 address, or not a configured OSPF interface (EZZ7884I), or none at all',
    source: 'IBM IP Configuration Reference, "RouterID statement" and "OSPF statement"; IP Messages Volume 4, EZZ7884I',
    consequences: [
      {
        id: 'ends',
        documented: "IBM z/OS Communications Server IP Messages Volume 4, EZZ7884I",
        quote: "OMPROUTE found the RouterID configuration statement in the OMPROUTE configuration file. The specified ID is not a configured OSPF interface. System action: OMPROUTE ends.",
      },
      {
        id: 'loopback',
        reading: "IBM says loopback and reserved 0.0.0.0 addresses are not valid OSPF interface IP addresses (RouterID statement) and that a router ID that is not a configured OSPF interface ends OMPROUTE (EZZ7884I); plexlint's reading is that such a router ID therefore ends OMPROUTE.",
      },
      {
        id: 'dvipa',
        documented: "IBM z/OS Communications Server IP Configuration Reference, RouterID statement",
        quote: "Guideline: Because dynamic VIPAs (DVIPAs) can move between z/OS hosts, the router ID should be a physical interface or a static VIPA, not a dynamic VIPA address. To ensure an appropriate router ID, specify the router ID to OMPROUTE.",
      },
      {
        id: 'missing',
        documented: "IBM z/OS Communications Server IP Configuration Reference, RouterID statement",
        quote: "When OMPROUTE has to assign the router ID, it does not use dynamic VIPA IP addresses. This avoidance of dynamic VIPA IP addresses cannot be guaranteed; for example, if dynamic VIPAs are the only active OSPF interfaces when OMPROUTE chooses the router ID, then one of them will be chosen.",
      },
    ],
  },
  check(ctx) {
    const dvipas = new Map(ctx.estate.sysplex.dvipas.map((d) => [d.address, d]));
    for (const { system, routing } of routedSystems(ctx.estate)) {
      const config = routing.config;
      if (!config.protocols.ospf) continue;
      const id = config.routerId;
      // Coded with a system symbol that has no value: there is a router ID, plexlint cannot check it.
      if (!id && config.routerIdUnresolved) continue;
      if (!id) {
        const first = config.interfaces.find((d) => d.statement === 'OSPF_Interface')!;
        ctx.report({
          loc: { ...first.loc, endLine: first.loc.line, endColumn: first.loc.column + first.statement.length },
          severity: 'info',
          system: system.name,
          message:
            `${config.file} codes no RouterID, so OMPROUTE picks one of the OSPF interface addresses. IBM: it avoids dynamic VIPAs, but cannot guarantee it ` +
            `(if DVIPAs are the only active OSPF interfaces at start-up, one of them becomes the router ID, and it moves with the DVIPA). Code RouterID= a static VIPA or a physical interface address.`,
          subject: `${system.name} omproute router id missing`,
          consequence: 'missing',
        });
        continue;
      }
      const ip = parseIpv4(id.address);
      if (!ip) continue;
      const kind = id.statement === 'OSPF' ? 'OSPF RouterID' : 'RouterID';
      const onLoopback = routing.addresses.find((a) => a.role === 'loopback' && a.address === ip.text);
      if (ip.value === 0n || isLoopback(ip) || onLoopback) {
        ctx.report({
          loc: id.loc,
          system: system.name,
          message:
            `${kind}=${id.address} is ${ip.value === 0n ? 'the reserved address 0.0.0.0' : 'a loopback address'}: IBM's rule is that loopback and 0.0.0.0 addresses are not valid OSPF interface addresses, ` +
            `so in plexlint's reading it cannot be a configured OSPF interface and OMPROUTE ends (EZZ7884I). Use a static VIPA or a physical interface address that an OSPF_Interface defines.`,
          consequence: 'loopback',
          ...(onLoopback ? { related: [rel(onLoopback.loc, `${system.name}: ${onLoopback.what}`)] } : {}),
          subject: `${system.name} omproute router id ${id.address}`,
        });
        continue;
      }
      const dv = dvipas.get(ip.text);
      if (dv) {
        const defs = [...dv.owners.map((o) => rel(o.loc, `VIPADEFINE on ${o.system}`)), ...dv.backups.map((b) => rel(b.loc, `VIPABACKUP on ${b.system}`))];
        ctx.report({
          loc: id.loc,
          severity: 'warning',
          system: system.name,
          message:
            `${kind}=${id.address} is a dynamic VIPA. IBM's guideline: because DVIPAs can move between z/OS hosts, the router ID should be a physical interface or a static VIPA, not a DVIPA. ` +
            `Use a static VIPA of ${system.name}.`,
          consequence: 'dvipa',
          related: defs,
          subject: `${system.name} omproute router id ${id.address}`,
        });
        continue;
      }
      if (!complete(config)) continue;
      const def = findDefinition(config, ip.text, 'real');
      if (!def || def.statement !== 'OSPF_Interface') {
        ctx.report({
          loc: id.loc,
          system: system.name,
          message:
            `${kind}=${id.address} is not a configured OSPF interface of ${config.file}${def ? ` (it is defined by ${def.statement}, which runs no OSPF)` : ''}: ` +
            `OMPROUTE ends at start-up with EZZ7884I "RouterID ${id.address} not a configured OSPF interface" and advertises nothing. ` +
            `Use the address of an OSPF_Interface that is not a dynamic VIPA (a static VIPA is IBM's example), or define ${id.address} with an OSPF_Interface.`,
          ...(def ? { related: [rel(def.loc, `${def.statement} for ${id.address}`)] } : {}),
          subject: `${system.name} omproute router id ${id.address}`,
          consequence: 'ends',
        });
      }
    }
  },
});
