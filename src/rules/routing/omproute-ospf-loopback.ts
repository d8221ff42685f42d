import { isLoopback, parseIpv4 } from '../../core/ip.js';
import { rel } from '../helpers.js';
import { dispatchTargets } from '../load-balancer/common.js';
import { defineRule } from '../rule.js';
import { routedSystems } from './common.js';

/**
 * RouterID statement, rule: "Loopback and reserved 0.0.0.0 addresses are not valid
 * OSPF interface IP addresses." What OMPROUTE does with such a definition is not
 * documented, hence a warning. A load-balancer cluster address on LOOPBACK is
 * dispatch-cluster-advertised's case, which says more about it.
 */
export const rule = defineRule({
  meta: {
    id: 'omproute-ospf-loopback',
    severity: 'warning',
    category: 'routing',
    description: 'An OSPF_Interface for a loopback address (127.x, a HOME entry on LOOPBACK) or 0.0.0.0',
    source: 'IBM IP Configuration Reference, "RouterID statement" (loopback and 0.0.0.0 are not valid OSPF interface addresses)',
    consequences: [
      {
        reading: "IBM says loopback and reserved 0.0.0.0 addresses are not valid OSPF interface IP addresses (RouterID statement), not what OMPROUTE does with an OSPF_Interface for one; plexlint's reading is that OSPF cannot run over it and that the definition contradicts the LOOPBACK definition's purpose.",
      },
    ],
  },
  check(ctx) {
    const clusters = new Set(dispatchTargets(ctx.estate.loadBalancers).map((t) => `${t.system} ${t.address}`));
    for (const { system, routing } of routedSystems(ctx.estate)) {
      // The first LOOPBACK entry of each address (a look-up per definition instead of a scan of every address).
      const loopbacks = new Map<string, (typeof routing.addresses)[number]>();
      for (const a of routing.addresses) if (a.role === 'loopback' && !loopbacks.has(a.address)) loopbacks.set(a.address, a);
      for (const d of routing.config.interfaces) {
        if (d.statement !== 'OSPF_Interface' || d.wildcard) continue;
        const ip = parseIpv4(d.address);
        if (!ip) continue;
        const home = loopbacks.get(ip.text);
        if (!(ip.value === 0n || isLoopback(ip) || home)) continue;
        if (clusters.has(`${system.name} ${ip.text}`)) continue;
        ctx.report({
          loc: d.addressLoc,
          system: system.name,
          message:
            `OSPF_Interface IP_Address=${d.address} is ${ip.value === 0n ? 'the reserved address 0.0.0.0' : home ? `a LOOPBACK address of ${system.name}` : 'a loopback address'}; IBM: loopback and 0.0.0.0 addresses are not valid OSPF interface addresses. ` +
            `IBM does not say what OMPROUTE does with this definition; in plexlint's reading OSPF cannot run over it, and if the address is on LOOPBACK to keep it out of dynamic routing, this definition says the opposite. Remove the definition.`,
          ...(home ? { related: [rel(home.loc, `${system.name}: ${home.what} ${home.address}`)] } : {}),
          subject: `${system.name} omproute ospf loopback ${ip.text}`,
        });
      }
    }
  },
});
