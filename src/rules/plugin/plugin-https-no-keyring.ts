import { defineRule } from '../rule.js';
import { everyServer } from '../web.js';

/** https transports carry keyring and stashfile properties. */
export const rule = defineRule({
  meta: {
    id: 'plugin-https-no-keyring',
    severity: 'warning',
    category: 'plugin',
    description: 'An https Transport without a keyring or stashfile Property',
    source: 'IBM WAS, "plugin-cfg.xml file" (Transport Property keyring/stashfile); OpenLiberty PluginGenerator',
    consequences: [
      {
        reading: "IBM documents the keyring and stashfile properties of an https Transport but not the error without them; plexlint assumes requests over that transport fail.",
      },
    ],
  },
  check(ctx) {
    for (const p of ctx.estate.web.plugins) {
      for (const { server: s, cluster: c } of everyServer(p)) {
        for (const t of s.transports) {
          if (t.protocol !== 'https') continue;
          const missing = [t.keyring === undefined ? 'keyring' : '', t.stashfile === undefined ? 'stashfile' : ''].filter(Boolean);
          if (missing.length === 0) continue;
          const what = missing.map((m) => (m === 'keyring' ? 'keyring (the key database, .kdb)' : 'stashfile (its password stash, .sth)')).join(' and ');
          ctx.report({
            loc: t.loc,
            message:
              `https Transport ${t.hostname}:${t.port} of server '${s.name}' has no ${what} Property: the plug-in opens SSL connections to the application server with the ` +
              `key database named by keyring and unlocks it with the stashfile, so requests it sends over this transport fail (the exact error is not documented). ` +
              `Add ${missing.map((m) => `<Property Name="${m}" Value="…/plugin-key.${m === 'keyring' ? 'kdb' : 'sth'}"/>`).join(' and ')}, as WAS generates it.`,
            subject: `${p.file} ${c?.name ?? '(no cluster)'} ${s.name} ${t.hostname}:${t.port} https without ${missing.join('+')}`,
          });
        }
      }
    }
  },
});
