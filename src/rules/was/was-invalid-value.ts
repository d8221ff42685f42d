import { defineRule } from '../rule.js';

/** Reported by the WAS front end (src/frontends/was) while reading serverindex.xml and virtualhosts.xml; docs/rules/was-invalid-value.md. */
export const rule = defineRule({
  meta: {
    id: 'was-invalid-value',
    severity: 'error',
    category: 'was',
    description: 'serverindex.xml or virtualhosts.xml values plexlint cannot read as WAS would: a port that is not a number, a server entry without serverName',
    source: 'IBM WebSphere Application Server, "Configuration documents" (serverindex.xml, virtualhosts.xml)',
    consequences: [
      {
        reading: "IBM documents what serverindex.xml and virtualhosts.xml hold (a node's servers and their ports, the cell's virtual hosts and host aliases) but not what WAS does with a value of another type; plexlint assumes WAS cannot use it and compares nothing with it.",
      },
    ],
    emittedBy: 'front end',
  },
});
