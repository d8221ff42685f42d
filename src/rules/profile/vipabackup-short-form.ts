import { defineRule } from '../rule.js';

/**
 * IBM Q&A "Backup sysplex distributor is not creating the DVIPA": the short form
 * of VIPABACKUP (rank and address only) only takes over a DVIPA another stack has
 * activated; coded with MOVEABLE IMMEDIATE and a mask it can create it.
 */
export const rule = defineRule({
  meta: {
    id: 'vipabackup-short-form',
    severity: 'info',
    category: 'profile',
    description: 'VIPABACKUP short form: the backup cannot create the DVIPA when its stack starts first',
    source: 'IBM VIPABACKUP statement; IBM developer Q&A "backup sysplex distributor is not creating the DVIPA"',
    consequences: [
      {
        documented: "IBM Q&A, Backup sysplex distributor is not creating the DVIPA (dwa1433874)",
        quote: "After a sysplex wide shutdown, one of the backup systems was the first to come up. But the VIPA was not created, and applications attempting to bind their listener using that address failed with errno EADDRNOTAVAIL … This form of specification will only take over an existing DVIPA when the system with VIPADEFINE goes down.",
      },
    ],
  },
  check(ctx) {
    for (const system of ctx.estate.systems) {
      for (const d of system.stack.dvipas) {
        if (d.role !== 'backup' || !d.shortForm) continue;
        ctx.report({
          loc: d.loc,
          system: system.name,
          message:
            `VIPABACKUP ${d.rank ?? 1} ${d.address} uses the short form, which only takes over the DVIPA once another stack has activated it. ` +
            'If this stack starts first, the DVIPA is not created and applications that bind to it fail with EADDRNOTAVAIL. ' +
            `To let it create the DVIPA, code VIPABACKUP ${d.rank ?? 1} MOVEABLE IMMEDIATE ${d.version === 4 ? '255.255.255.255 ' : ''}${d.address}.`,
          subject: `${system.name} VIPABACKUP ${d.address}`,
        });
      }
    }
  },
});
