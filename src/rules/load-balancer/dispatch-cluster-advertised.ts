import { parseIpv4 } from '../../core/ip.js';
import { definitionMatch } from '../../model/routing-match.js';
import type { RoutedAddress, RoutingInterface } from '../../model/routing.js';
import { listText, rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { dispatchTargets, presence, rangeHolding, serverName, systemByName, type Presence } from './common.js';

/**
 * In dispatch mode the cluster address must be in the target's HOME list but
 * must not be advertised by dynamic routing; IBM names loopback addresses as one
 * way to achieve that (IP Configuration Guide, "External load balancing"). The
 * stack registers every non-loopback HOME address with the OSA (INTERFACE
 * IPAQENET); loopback addresses are not valid OSPF interfaces (RouterID).
 * What OMPROUTE advertises is read from the stack's OMPROUTE configuration when
 * one is attached (src/model/builders/routing.ts); without one, from the profile alone.
 */
const CONSEQUENCE: Record<Exclude<Presence['kind'], 'loopback'>, string> = {
  real: 'a real interface address: the stack registers it with the OSA, which then answers ARP for it, and dynamic routing (OMPROUTE) can advertise it',
  'static-vipa': 'a static VIPA, which dynamic routing (OMPROUTE) can advertise and the stack registers with the OSA',
  dvipa: 'a dynamic VIPA, which the owning stack can advertise through dynamic routing and registers with the OSA',
  'dvipa-backup': 'a backup dynamic VIPA, which this stack, once it takes it over, can advertise through dynamic routing and registers with the OSA',
  'dynamic-xcf': 'the dynamic XCF address of the stack, which is a real, routed address',
  unknown: 'an address on a link plexlint cannot classify, so it is probably registered with the OSA and advertised',
};

/** The OSA side of it, when the stack's OMPROUTE configuration tells the routing side. */
const ON_THE_OSA: Record<Exclude<Presence['kind'], 'loopback'>, string> = {
  real: 'a real interface address, which the stack registers with the OSA (the OSA then answers ARP for it)',
  'static-vipa': 'a static VIPA, which the stack registers with the OSA',
  dvipa: 'a dynamic VIPA, which the owning stack registers with the OSA',
  'dvipa-backup': 'a backup dynamic VIPA, which this stack registers with the OSA when it takes it over',
  'dynamic-xcf': 'the dynamic XCF address of the stack, a real, routed address',
  unknown: 'an address on a link plexlint cannot classify, probably registered with the OSA',
};

/** What the stack's OMPROUTE does with the address, in words, when an OMPROUTE file is attached. */
function routingVerdict(r: RoutedAddress | undefined, file: string): string {
  if (!r) return '';
  if (r.advertised) {
    const routes = r.via ? `${r.via.routes.join(' and ')} route${r.via.routes.length > 1 ? 's' : ''} via ${r.via.protocol}` : 'it';
    return ` And ${file} advertises it (${routes}${r.when === 'after-takeover' ? ', once this stack takes it over' : ''}): ${r.why}.`;
  }
  return ` ${file} does not advertise it (${r.why}), but the OSA still answers for it.`;
}

export const rule = defineRule({
  meta: {
    id: 'dispatch-cluster-advertised',
    severity: 'error',
    category: 'load-balancer',
    description: 'A load-balancer cluster address forwarded in MAC (dispatch) mode is on a z/OS target as something other than a LOOPBACK HOME entry (so it is advertised or answers ARP), or an OMPROUTE definition names it',
    source: "IBM z/OS Communications Server IP Configuration Guide, \"External load balancing\" (the cluster addresses must not be advertised by dynamic routing; loopback addresses are one way); \"IPv4 considerations for OMPROUTE\"; IP Configuration Reference, \"RouterID statement\"",
    consequences: [
      {
        id: "advertised",
        documented: "IBM z/OS Communications Server IP Configuration Guide, External IP workload balancing solutions (z/OS V2R2)",
        quote: "As a result, with dispatch mode, all target z/OS systems must have the load balancer's cluster IP address defined in their HOME list. It is important, however, that these addresses are not advertised externally through dynamic routing protocols. One way to accomplish this is by defining these IP addresses as loopback addresses on z/OS.",
      },
      {
        id: "bypass",
        reading: "IBM does not say what happens when the cluster address is advertised; plexlint's reading is that routers can then send packets for the cluster straight to the system that advertises it, bypassing the load balancer.",
      },
      {
        id: "omproute-definition",
        reading: "IBM says loopback and reserved 0.0.0.0 addresses are not valid OSPF interface IP addresses (IP Configuration Reference, RouterID statement) and keeps cluster addresses out of dynamic routing by making them loopback addresses; it does not say what OMPROUTE does with a definition that names one. plexlint's reading is that the definition asks OMPROUTE to configure the cluster address, and that routers may then learn a route to it through that system.",
      },
    ],
  },
  check(ctx) {
    for (const { system: name, address, refs } of dispatchTargets(ctx.estate.loadBalancers)) {
      const system = systemByName(ctx.estate.systems, name);
      if (!system) continue;
      const found = presence(system, address);
      const lbs = listText([...new Set(refs.map((r) => r.lb.name))]);
      const related = refs.map((r) => rel(r.server.loc, `${r.lb.name}: ${serverName(r)}`));
      const routing = system.routing;
      for (const p of found) {
        if (p.kind === 'loopback') continue;
        const routed = routing?.addresses.find((a) => a.address === address && sameKind(a, p));
        const defLoc = routed?.definition?.loc;
        ctx.report({
          loc: p.loc,
          system: name,
          message:
            `${address} is the cluster address ${lbs} forward${lbs.includes(' and ') ? '' : 's'} to this system in MAC (dispatch) mode, but this stack has it as ${p.what}, ` +
            `${routing ? `${ON_THE_OSA[p.kind]}.${routingVerdict(routed, routing.config.file)}` : `${CONSEQUENCE[p.kind]}.`} ` +
            `IBM: the cluster addresses must not be advertised by dynamic routing, and defining them as loopback addresses on z/OS is one way to achieve that. ` +
            `Once routers learn ${address} from this system they can send packets for the cluster straight to it instead of to the load balancer, bypassing the balancing (plexlint's reading; IBM does not describe the failure). ` +
            `Define ${address} as a loopback address (\`HOME ${address} LOOPBACK\`) and remove it here${defLoc ? ` and from ${routing!.config.file}` : ''}.`,
          // The finding states IBM's requirement (documented); the bypass it describes is labelled as plexlint's reading.
          consequence: 'advertised',
          related: defLoc ? [...related, rel(defLoc, `${routed!.definition!.statement} that configures ${address}`)] : related,
          subject: `${name} cluster ${address} advertised (${p.what})`,
        });
      }
      if (routing && found.some((p) => p.kind === 'loopback')) {
        for (const d of coveringDefinitions(routing.config.interfaces, address)) {
          ctx.report({
            loc: d.addressLoc,
            severity: 'warning',
            system: name,
            message:
              `${d.statement} IP_Address=${d.address}${d.match === 'exact' ? '' : ` (a wildcard that covers ${address})`} configures the cluster address ${address} (${lbs}, MAC forwarding), which is a LOOPBACK address on ${name} so that it is not advertised. ` +
              `IBM keeps dispatch-mode cluster addresses out of dynamic routing by making them loopback addresses, and loopback addresses are not valid OSPF interface addresses; IBM does not say what OMPROUTE does with this definition. ` +
              `plexlint's reading: it asks OMPROUTE for the opposite, and if OMPROUTE configures it, routers learn a route to the cluster through ${name}. Remove the definition${d.match === 'exact' ? '' : ` or narrow it so that it leaves ${address} out`}.`,
            related: [...related, ...found.filter((p) => p.kind === 'loopback').map((p) => rel(p.loc, `${name}: HOME ${address} LOOPBACK`))],
            subject: `${name} cluster ${address} OMPROUTE ${d.statement} ${d.address}`,
            consequence: 'omproute-definition',
          });
        }
      }
      const range = rangeHolding(system, address);
      if (range && found.some((p) => p.kind === 'loopback')) {
        ctx.report({
          loc: range.loc,
          severity: 'warning',
          system: name,
          message:
            `the cluster address ${address} (${lbs}, MAC forwarding) is a LOOPBACK address here, but it also lies inside VIPARANGE ${range.subnet}. ` +
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

function sameKind(a: RoutedAddress, p: Presence): boolean {
  return a.role === p.kind;
}

/**
 * The OMPROUTE definitions that name a LOOPBACK cluster address: exact ones of any
 * statement, wildcards only of OSPF_Interface and RIP_Interface (a catch-all
 * Interface wildcard runs no protocol over it). Range definitions apply to dynamic
 * VIPAs only ("IPv4 considerations for OMPROUTE"), so they do not cover it.
 */
function coveringDefinitions(defs: readonly RoutingInterface[], address: string): (RoutingInterface & { match: 'exact' | 'range' | 'wildcard' })[] {
  const ip = parseIpv4(address);
  if (!ip) return [];
  return defs.flatMap((d) => {
    const match = definitionMatch(d, ip, false);
    if (!match || (match === 'wildcard' && d.statement === 'Interface')) return [];
    return [{ ...d, match }];
  });
}
