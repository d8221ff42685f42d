import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { dispatchTargets, presence, rangeHolding, serverName, systemByName, type Presence } from './common.js';

/**
 * In dispatch mode the cluster address must be in the target's HOME list but
 * must not be advertised by dynamic routing; IBM names loopback addresses as one
 * way to achieve that (IP Configuration Guide, "External load balancing"). The
 * stack registers every non-loopback HOME address with the OSA (INTERFACE
 * IPAQENET); loopback addresses are not valid OSPF interfaces (RouterID).
 */
const CONSEQUENCE: Record<Exclude<Presence['kind'], 'loopback'>, string> = {
  real: 'a real interface address: the stack registers it with the OSA, which then answers ARP for it, and dynamic routing (OMPROUTE) can advertise it',
  'static-vipa': 'a static VIPA, which dynamic routing (OMPROUTE) can advertise and the stack registers with the OSA',
  dvipa: 'a dynamic VIPA, which the owning stack can advertise through dynamic routing and registers with the OSA',
  'dvipa-backup': 'a backup dynamic VIPA, which this stack, once it takes it over, can advertise through dynamic routing and registers with the OSA',
  'dynamic-xcf': 'the dynamic XCF address of the stack, which is a real, routed address',
  unknown: 'an address on a link plexlint cannot classify, so it is probably registered with the OSA and advertised',
};

export const rule = defineRule({
  meta: {
    id: 'dispatch-cluster-advertised',
    severity: 'error',
    category: 'load-balancer',
    description: 'A load-balancer cluster address forwarded in MAC (dispatch) mode is on a z/OS target as something other than a LOOPBACK HOME entry, so it is advertised or answers ARP',
    source: "IBM z/OS Communications Server IP Configuration Guide, \"External load balancing\" (the cluster addresses must not be advertised by dynamic routing; loopback addresses are one way)",
    consequences: [
      {
        id: "advertised",
        documented: "IBM z/OS Communications Server IP Configuration Guide, External load balancing (V2R2, Japanese edition; plexlint's translation)",
        quote: "all target z/OS systems must have the load balancer's cluster IP address defined in their HOME list. However, it is important that these addresses are not advertised externally by dynamic routing protocols. One way to achieve this is to define these IP addresses as loopback addresses on z/OS.",
      },
      {
        id: "bypass",
        reading: "IBM does not say what happens when the cluster address is advertised; plexlint's reading is that routers can then send packets for the cluster straight to the system that advertises it, bypassing the load balancer.",
      },
    ],
  },
  check(ctx) {
    for (const { system: name, address, refs } of dispatchTargets(ctx.estate.loadBalancers)) {
      const system = systemByName(ctx.estate.systems, name);
      if (!system) continue;
      const found = presence(system, address);
      const lbs = [...new Set(refs.map((r) => r.lb.name))].join(' and ');
      const related = refs.map((r) => rel(r.server.loc, `${r.lb.name}: ${serverName(r)}`));
      for (const p of found) {
        if (p.kind === 'loopback') continue;
        ctx.report({
          loc: p.loc,
          message:
            `${name}: ${address} is the cluster address ${lbs} forward${lbs.includes(' and ') ? '' : 's'} to this system in MAC (dispatch) mode, but this stack has it as ${p.what}, ${CONSEQUENCE[p.kind]}. ` +
            `IBM: the cluster addresses must not be advertised by dynamic routing, and defining them as loopback addresses on z/OS is one way to achieve that. ` +
            `Once routers learn ${address} from this system they can send packets for the cluster straight to it instead of to the load balancer, bypassing the balancing (plexlint's reading; IBM does not describe the failure). ` +
            `Define ${address} as a loopback address (\`HOME ${address} LOOPBACK\`) and remove it here.`,
          consequence: 'bypass',
          related,
          subject: `${name} cluster ${address} advertised (${p.what})`,
        });
      }
      const range = rangeHolding(system, address);
      if (range && found.some((p) => p.kind === 'loopback')) {
        ctx.report({
          loc: range.loc,
          severity: 'warning',
          message:
            `${name}: the cluster address ${address} (${lbs}, MAC forwarding) is a LOOPBACK address here, but it also lies inside VIPARANGE ${range.subnet}. ` +
            `An application that binds to or requests ${address} can make it a dynamic VIPA, which the stack can advertise and registers with the OSA, taking the cluster's traffic away from the load balancer (plexlint's reading). ` +
            `IBM's guideline is that VIPARANGE subnets do not overlap other addresses: narrow the range or move the cluster address out of it.`,
          related,
          subject: `${name} cluster ${address} inside VIPARANGE ${range.subnet}`,
          consequence: 'bypass',
        });
      }
    }
  },
});
