import type { RunningTarget } from '../../model/running.js';
import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { distributionsOf, dvipaPort, runningOf, systemOfXcf } from './common.js';

/** Methods that weigh targets by WLM: a target whose WLM weight is 0 gets no share. */
const WLM_METHODS = new Set(['BASEWLM', 'SERVERWLM']);

/**
 * A target of a running distribution that gets no new connections now, and why: no server ready on the port
 * (Rdy 0), a WLM weight of 0 with a WLM method, or a TSR of 0.
 */
export const rule = defineRule({
  meta: {
    id: 'drift-target-not-ready',
    severity: 'warning',
    category: 'drift',
    description: 'A target in the running destination port table (NETSTAT VDPT) that gets no new connections: no server ready (Rdy 0), WLM weight 0 or TSR 0',
    source: 'IBM IP Configuration Guide, Verifying sysplex distributor workload (Netstat VDPT/-O, RDY); IP Configuration Guide, sysplex distributor distribution methods and TSR',
    consequences: [
      {
        id: 'not-ready',
        when: 'no server ready (Rdy 0)',
        documented: 'IBM IP Configuration Guide, Verifying sysplex distributor workload',
        quote: 'The RDY field indicates how many, if any, applications the target TCP/IP, identified by its DestXCF Addr, has bound to DPort. If none, then this target TCP/IP will not receive any connection workload.',
      },
      {
        id: 'no-weight',
        when: 'WLM weight 0 or TSR 0',
        reading:
          'IBM documents that BASEWLM and SERVERWLM weigh targets by their WLM weight, lowered by TSR, and that a target whose TSR is 0 gets no connections apart from periodic probes; plexlint reads a weight of 0 as no share of new connections while another target has a weight above 0 (when every weight is 0 the distributor goes round robin).',
      },
    ],
  },
  check(ctx) {
    const running = runningOf(ctx.estate);
    if (!running) return;
    for (const table of running.vdpt) {
      for (const e of table.entries) {
        const reasons: string[] = [];
        const dists = distributionsOf(ctx.estate, e.dvipa, e.port, table.system);
        const method = (e.method ?? dists[0]?.method ?? '').toUpperCase().replace(/[^A-Z]/g, '');
        if (e.ready === 0) reasons.push('no server is ready on the port there (Rdy 000: none has bound to it)');
        const zeroWeight = e.wlm === 0 && WLM_METHODS.has(method) && othersWeighted(table.entries, e);
        if (zeroWeight) reasons.push(`its WLM weight is 0 (${method})`);
        if (e.tsr === 0) reasons.push('its target server responsiveness (TSR) is 0');
        if (!reasons.length) continue;
        const target = e.system ?? systemOfXcf(ctx.estate, e.destXcf)?.name;
        const notReady = e.ready === 0;
        const d = dists[0];
        const t = d?.targets.find((x) => x.address === e.destXcf);
        ctx.report({
          loc: notReady ? (e.readyLoc ?? e.loc) : zeroWeight ? (e.wlmLoc ?? e.loc) : e.loc,
          consequence: notReady ? 'not-ready' : 'no-weight',
          message:
            `${target ?? e.destXcf} gets no new connections to ${dvipaPort(e.dvipa, e.port)} now (NETSTAT VDPT): ${reasons.join('; ')}. ` +
            (notReady
              ? `IBM: "If none, then this target TCP/IP will not receive any connection workload": the other targets take its share. Start the server on ${target ?? e.destXcf}, or take the target out of DESTIP if it is meant to be gone.`
              : `plexlint's reading: a target with no weight gets no share of new connections while another has one. Check the server's health and WLM goals on ${target ?? e.destXcf}.`),
          ...(d ? { related: [rel(t?.loc ?? d.loc, `${d.system}'s VIPADISTRIBUTE ${dvipaPort(e.dvipa, e.port)}${t ? `: DESTIP ${e.destXcf}` : ''}`)] } : {}),
          subject: `${table.system ?? 'distributor'} running target ${e.dvipa} ${e.port} ${e.destXcf} not ready`,
        });
      }
    }
  },
});

/** Another target of the same DVIPA and port has a WLM weight above 0 (when all are 0 the distributor goes round robin). */
function othersWeighted(entries: RunningTarget[], e: RunningTarget): boolean {
  return entries.some((x) => x !== e && x.dvipa === e.dvipa && x.port === e.port && (x.wlm ?? 0) > 0);
}
