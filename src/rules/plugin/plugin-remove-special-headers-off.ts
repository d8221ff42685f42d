import { defineRule } from '../rule.js';

/** RemoveSpecialHeaders (default true): */
export const rule = defineRule({
  meta: {
    id: 'plugin-remove-special-headers-off',
    severity: 'warning',
    category: 'plugin',
    description: 'RemoveSpecialHeaders="false": clients can spoof the plug-in\'s private headers',
    source: 'IBM WAS, "plugin-cfg.xml file" (ServerCluster RemoveSpecialHeaders)',
    consequences: [
      {
        reading: "IBM documents that with RemoveSpecialHeaders the plug-in removes its private headers from incoming requests before adding its own; the exposure the message gives (the application server trusting what the client wrote) is plexlint's reading.",
      },
    ],
  },
  check(ctx) {
    for (const p of ctx.estate.web.plugins) {
      for (const c of p.clusters) {
        if (c.removeSpecialHeaders) continue;
        ctx.report({
          loc: c.locs['RemoveSpecialHeaders'] ?? c.loc,
          message:
            `cluster '${c.name}' has RemoveSpecialHeaders="false": the plug-in no longer removes its private headers from incoming requests before adding its own, ` +
            `so a client can send them and, plexlint assumes, the application server trusts what the client wrote (for example the client's address or whether it used SSL). ` +
            `Set RemoveSpecialHeaders="true" (the default).`,
          subject: `${p.file} ${c.name} RemoveSpecialHeaders false`,
        });
      }
    }
  },
});
