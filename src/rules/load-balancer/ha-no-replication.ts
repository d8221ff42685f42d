import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { haConfigured, sep } from './common.js';

/**
 * Ports whose connections usually last long (sessions, not requests): FTP
 * control, SSH, Telnet/TN3270, LDAP, DB2 DRDA, TN3270 over TLS, MQ. A port
 * with a staletimeout above the default 300 s is treated the same way: its
 * owner expects long idle connections.
 */
export const LONG_RUNNING_PORTS: Readonly<Record<number, string>> = {
  21: 'FTP control',
  22: 'SSH',
  23: 'Telnet / TN3270',
  389: 'LDAP',
  446: 'DB2 DRDA',
  448: 'DB2 DRDA (secure)',
  636: 'LDAP over TLS',
  992: 'TN3270 over TLS',
  1414: 'IBM MQ',
};

/** repstrategy chooses what is replicated to the HA partner. */
export const rule = defineRule({
  meta: {
    id: 'ha-no-replication',
    severity: 'warning',
    category: 'load-balancer',
    description: 'A port of long-running connections in a high-availability Load Balancer for IPv4 and IPv6 without connection replication (repstrategy none, affinity, or not set)',
    source: 'Edge Components v9.0, dscontrol port set repstrategy; technote "Tips on configuring the high availability feature" (configure connection and affinity replication to keep connections on takeover)',
    consequences: [
      {
        reading: "IBM's technote advises configuring connection and affinity replication to keep connections on takeover; IBM does not state the default of repstrategy, and plexlint's reading is that connections whose records are not replicated break on takeover.",
      },
    ],
  },
  check(ctx) {
    for (const lb of ctx.estate.loadBalancers) {
      if (lb.productLine !== 'ipv4v6' || !haConfigured(lb)) continue;
      for (const c of lb.clusters) {
        for (const p of c.ports) {
          const kind = LONG_RUNNING_PORTS[p.port] ?? (p.staleTimeout && p.staleTimeout.value > 300 ? `staletimeout ${p.staleTimeout.value} s` : undefined);
          if (!kind) continue;
          const rep = p.repStrategy?.value;
          if (rep === 'both' || rep === 'connection') continue;
          const name = `${c.id}${sep(lb)}${p.port}`;
          const fix = `Add \`dscontrol port set ${name} repstrategy both\` (connection records and affinities) on both machines.`;
          if (rep === undefined) {
            ctx.report({
              loc: p.loc,
              severity: 'info',
              message:
                `${lb.name}: port ${name} (${kind}, long-running connections) has no repstrategy, and IBM's documentation read for plexlint does not state the default. ` +
                `plexlint's reading: if connection records are not replicated to the partner, every open connection on this port breaks when the partner takes over. ${fix}`,
              related: [rel(lb.ha!.backup!, 'high availability configured here')],
              subject: `${lb.name} ${name} repstrategy`,
            });
            continue;
          }
          ctx.report({
            loc: p.repStrategy!.loc,
            message:
              `${lb.name}: port ${name} (${kind}, long-running connections) has repstrategy ${rep}, so connection records are not replicated to the partner: ` +
              `when the partner takes over it does not know the open connections on this port and they break (only ${rep === 'affinity' ? 'client affinities survive' : 'new connections work'}; plexlint's reading of IBM's replication advice). ${fix}`,
            related: [rel(lb.ha!.backup!, 'high availability configured here')],
            subject: `${lb.name} ${name} repstrategy`,
          });
        }
      }
    }
  },
});
