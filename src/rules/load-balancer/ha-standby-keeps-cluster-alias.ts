import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { haConfigured } from './common.js';

/**
 * Load Balancer for IPv4 aliases cluster (and return) addresses on the adapter of
 * the active machine only: they move to the new active machine on takeover
 * (technote), goStandby removes them, and a standby machine
 * does not configure the cluster (GUI help). For Load Balancer for IPv4 and
 * IPv6 any adapter alias is ph50064-cluster-aliased-on-adapter.
 */
export const rule = defineRule({
  meta: {
    id: 'ha-standby-keeps-cluster-alias',
    severity: 'warning',
    category: 'load-balancer',
    description: 'A high-availability Load Balancer for IPv4 whose cluster or return address stays aliased on a network adapter after it becomes standby',
    source: 'Edge Components, high availability: cluster and return addresses move to the new active machine on takeover (technote swg21211427); go scripts (goStandby removes the aliases); GUI help (do not configure the cluster on the standby machine)',
    consequences: [
      {
        documented: "IBM APAR PH50064, Connection broken when takeover occurs",
        quote: "When cluster traffic is received and the executor is running in the backup state, if the cluster is still aliased on the operating system interface, the operating system will respond with a RST packet if the traffic is not for a collocated server. The RST packet will terminate the existing connection.",
      },
    ],
  },
  check(ctx) {
    for (const lb of ctx.estate.loadBalancers) {
      if (lb.productLine !== 'ipv4' || !haConfigured(lb)) continue;
      const moving = new Map<string, string>();
      for (const c of lb.clusters) {
        if (c.address) moving.set(c.address, `cluster ${c.id}`);
        for (const p of c.ports) for (const s of p.servers) if (s.returnAddress) moving.set(s.returnAddress.value, `return address of ${s.id}`);
      }
      const goStandby = lb.scripts.find((s) => s.name === 'goStandby');
      for (const a of lb.aliases.standby) {
        const what = moving.get(a.address);
        if (a.kind !== 'adapter' || !what) continue;
        const how =
          a.via === 'configure'
            ? `\`configure\` in the configuration aliases it on every machine that loads the configuration, whatever its HA role`
            : `${a.via} aliases it${a.interface ? ` on ${a.interface}` : ''} and ${goStandby ? `${goStandby.file} does not remove it` : 'there is no goStandby script to remove it'}`;
        const fix =
          a.via === 'configure'
            ? `Remove the configure line and alias the address in goActive (\`dscontrol executor configure ${a.address}\` or ifconfig … alias), removing it in goStandby and goInOp.`
            : `Remove the alias in goStandby (and goInOp), e.g. \`ifconfig ${a.interface ?? '<adapter>'} delete ${a.address}\`.`;
        const related = [];
        if (lb.ha?.backup) related.push(rel(lb.ha.backup, 'high availability configured here'));
        if (goStandby && a.via !== 'configure') related.push(rel(goStandby.loc, 'goStandby'));
        ctx.report({
          loc: a.loc,
          message:
            `${lb.name}: ${a.address} (${what}) stays aliased on the network adapter${a.interface ? ` ${a.interface}` : ''} when this machine is the standby: ${how}. ` +
            `On takeover the address moves to the partner, which aliases it too; both machines then answer ARP for it, and packets that reach the standby are not forwarded (its executor is in backup mode) but handed to its operating system, which resets them, so those connections fail. ${fix}`,
          related,
          subject: `${lb.name} ${a.address} aliased while standby`,
        });
      }
    }
  },
});
