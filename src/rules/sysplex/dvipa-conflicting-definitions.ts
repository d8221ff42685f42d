import { defineRule } from '../rule.js';
import { rel, systemsByName } from '../helpers.js';
import type { DvipaBackup, DvipaOwner } from '../../model/estate.js';

/**
 * The owner's and the backups' definitions of one DVIPA should agree: after a
 * takeover the DVIPA carries the definition of the stack that owns it, so a
 * different mask, MOVEABLE mode, tier or CPCSCOPE changes what is advertised and
 * how it moves (VIPADEFINE / VIPABACKUP statements). For an IPv6 DVIPA, IBM
 * requires the VIPABACKUP interface name (and address) to match the VIPADEFINE
 * (IP Configuration Guide, IPv6 VIPADEFINE and VIPABACKUP).
 */
export const rule = defineRule({
  meta: {
    id: 'dvipa-conflicting-definitions',
    severity: 'warning',
    category: 'sysplex',
    needs: 'sysplex',
    description: 'Stacks define one DVIPA with different masks, MOVEABLE modes, tier, CPCSCOPE or IPv6 interface names',
    source: 'IBM IP Configuration Reference, VIPADEFINE and VIPABACKUP statements',
    consequences: [
      {
        reading: "IBM does not document that a DVIPA must be defined alike on every stack; plexlint assumes the stack that holds the DVIPA applies its own definition, so its behaviour depends on which stack holds it.",
      },
    ],
  },
  check(ctx) {
    // Each stack's first definition of each DVIPA (a look-up per definition, not a scan of the stack's DVIPAs).
    const firstDefinition = new Map<string, Map<string, (typeof ctx.estate.systems)[number]['stack']['dvipas'][number]>>();
    for (const s of systemsByName(ctx.estate).values()) {
      const m = new Map<string, (typeof s.stack.dvipas)[number]>();
      for (const x of s.stack.dvipas) if (!m.has(x.address)) m.set(x.address, x);
      firstDefinition.set(s.name, m);
    }
    const interfaceName = (d: DvipaOwner | DvipaBackup, address: string): string | undefined => firstDefinition.get(d.system)?.get(address)?.interfaceName;
    for (const dv of ctx.estate.sysplex.dvipas) {
      const defs: (DvipaOwner | DvipaBackup)[] = [...dv.owners, ...dv.backups];
      const reference = dv.owners[0] ?? dv.backups.find((b) => !b.shortForm);
      if (!reference) continue;
      for (const d of defs) {
        if (d === reference) continue;
        const diffs: string[] = [];
        const short = 'shortForm' in d && d.shortForm;
        if (!short && d.prefix !== undefined && reference.prefix !== undefined && d.prefix !== reference.prefix) {
          diffs.push(`mask /${d.prefix} instead of /${reference.prefix} (the subnet the stack derives for ${dv.address}, and what dynamic routing advertises for it, changes when it moves)`);
        }
        if (!short && d.moveable && reference.moveable && d.moveable !== reference.moveable) {
          diffs.push(`MOVEABLE ${d.moveable} instead of ${reference.moveable}`);
        }
        if ((d.tier ?? 'none') !== (reference.tier ?? 'none') && !short) diffs.push(`${d.tier ?? 'no tier'} instead of ${reference.tier ?? 'no tier'}`);
        const intf = interfaceName(d, dv.address);
        const refIntf = interfaceName(reference, dv.address);
        if (intf && refIntf && intf !== refIntf) {
          diffs.push(`IPv6 interface name ${intf} instead of ${refIntf} (IBM requires the VIPABACKUP interface name to match the VIPADEFINE)`);
        }
        if (d.cpcScope !== reference.cpcScope) diffs.push(d.cpcScope ? `CPCSCOPE, which ${reference.system} does not code` : `no CPCSCOPE, which ${reference.system} codes`);
        if (diffs.length === 0) continue;
        ctx.report({
          loc: d.loc,
          message:
            `${d.system} defines DVIPA ${dv.address} differently from ${reference.system}: ${diffs.join('; ')}. ` +
            `plexlint assumes the stack that holds the DVIPA applies its own definition (IBM does not say), so how ${dv.address} behaves depends on which stack holds it. Define it the same way on every stack.`,
          related: [rel(reference.loc, `${reference.system}'s definition`)],
          subject: `${d.system} ${dv.address} definition`,
        });
      }
    }
  },
});
