import { defineRule } from '../rule.js';
import { haConfigured } from './common.js';

/**
 * Load Balancer for IPv4 and IPv6 detects cluster addresses itself; on migration
 * IBM says to delete every executor configure / unconfigure.
 * With high availability, ph50064-cluster-aliased-on-adapter reports it instead.
 */
export const rule = defineRule({
  meta: {
    id: 'lb-executor-configure',
    severity: 'warning',
    category: 'load-balancer',
    description: 'executor configure / cluster configure in a Load Balancer for IPv4 and IPv6 configuration, which detects cluster addresses itself',
    source: 'Edge Components, "Migrate to Load Balancer IPv4 and IPv6" (delete every executor configure and unconfigure; cluster addresses are detected automatically except on Linux on System z layer 3)',
    consequences: [
      {
        reading:
          "IBM's migration guide to Load Balancer for IPv4 and IPv6 says to delete every executor configure and unconfigure (cluster addresses are detected automatically, except on Linux on IBM Z in layer 3 mode), and its high availability considerations (v8.0) say not to alias the cluster address on the network adapter in a high availability or stand-alone environment; IBM does not say what the alias then does in general. plexlint's reading, from APAR PH50064 (the operating system answers for a cluster address aliased on its interface), is that the operating system answers for the cluster address instead of leaving it to the executor.",
      },
    ],
  },
  check(ctx) {
    for (const lb of ctx.estate.loadBalancers) {
      if (lb.productLine !== 'ipv4v6' || haConfigured(lb)) continue;
      for (const c of lb.executor.configured) {
        ctx.report({
          loc: c.loc,
          message:
            `${lb.name}: this configuration is for Load Balancer for IPv4 and IPv6, which detects its cluster addresses itself; \`configure\` aliases ${c.address} on ${c.interface ? `the network adapter ${c.interface}` : 'a network adapter'} instead. ` +
            `IBM's migration guide says to delete every executor configure and unconfigure (and the aliasing in the go scripts), and IBM's high availability considerations not to alias the cluster address on the network adapter; ` +
            `plexlint's reading: the operating system then answers for the cluster address itself (as APAR PH50064 describes for an aliased cluster address). Delete the line (Linux on IBM Z in layer 3 mode is the one case that needs it).`,
          subject: `${lb.name} configure ${c.address}`,
        });
      }
    }
  },
});
