import { rel } from '../helpers.js';
import { defineRule } from '../rule.js';
import { listText } from '../web.js';

/**
 * Prefer local keeps an EJB call on the client's node only while a member of
 * the cluster runs there; otherwise weighted round robin over all members
 * (IBM Redbook "WebSphere Application Server V6.1 Scalability", 7.5.2 Prefer local).
 */
export const rule = defineRule({
  meta: {
    id: 'prefer-local-no-local-member',
    severity: 'warning',
    category: 'was',
    description: 'A cluster with prefer local on and no member on a client node of its cell (that node\'s EJB calls always leave the node)',
    source: 'IBM WAS V6.1 Scalability Redbook 7.5.2 "Prefer local"; WAS cluster settings (preferLocal, default true)',
    consequences: [
      {
        documented: "IBM WAS V6.1 Scalability Redbook, 7.5.2 Prefer local",
        quote: "The WLM plug-in will only select cluster members on the same node as the client, unless all local cluster members are unavailable. … If there is no cluster member available on the local system (because of a failure, or because of the topology), the request will be dispatched to available cluster members following the server weighted round robin routing policy",
      },
    ],
  },
  check(ctx) {
    const web = ctx.estate.web;
    for (const c of web.clusters) {
      if (!c.preferLocal || c.cell === undefined) continue;
      const cell = web.cells.find((x) => x.name === c.cell);
      if (!cell || cell.clientNodes.length === 0) continue;
      const nodes = new Set(c.members.map((m) => m.nodeName));
      const lacking = cell.clientNodes.filter((n) => !nodes.has(n.name));
      if (lacking.length === 0) continue;
      ctx.report({
        loc: c.preferLocalLoc ?? c.nameLoc ?? c.loc,
        message:
          `cluster ${c.name} prefers local members (preferLocal ${c.preferLocalLoc ? 'is true' : 'defaults to true'}) but has no member on client node${lacking.length === 1 ? '' : 's'} ` +
          `${listText(lacking.map((n) => n.name))} of cell ${cell.name}: prefer local keeps an EJB call on the client's node only when a member runs there, so every call from ` +
          `${lacking.length === 1 ? 'that node' : 'those nodes'} leaves the node and is spread by weighted round robin. Add a member on ${lacking.length === 1 ? 'the node' : 'each node'}, ` +
          `or remove the node from clientNodes if its calls are meant to go elsewhere.`,
        related: lacking.map((n) => rel(n.loc, `client node ${n.name}`)),
        subject: `${c.cell} ${c.name} prefer local without member on ${lacking.map((n) => n.name).join(',')}`,
      });
    }
  },
});
