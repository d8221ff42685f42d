import { defineRule } from '../rule.js';
import { rel } from '../helpers.js';
import { portsText } from '../../model/builders/sysplex.js';

/** VIPADISTRIBUTE page: the DVIPA must be "defined on the same stack by a VIPADEFINE or VIPABACKUP statement". */
export const rule = defineRule({
  meta: {
    id: 'vipadistribute-undefined-dvipa',
    severity: 'error',
    category: 'profile',
    description: 'VIPADISTRIBUTE of a DVIPA that no VIPADEFINE or VIPABACKUP on the same stack defines before it',
    source: 'IBM IP Configuration Reference, VIPADYNAMIC - VIPADISTRIBUTE statement (first paragraph)',
    consequences: [
      {
        reading: "IBM states the condition (the VIPADISTRIBUTE statement is for a dynamic VIPA defined on the same stack by a VIPADEFINE or VIPABACKUP statement) but no message for breaking it; plexlint assumes the stack has nothing to distribute, so the distribution is not set up.",
      },
    ],
  },
  check(ctx) {
    for (const system of ctx.estate.systems) {
      for (const d of system.stack.distributions) {
        if (d.dvipaDefined) continue;
        const elsewhere = ctx.estate.systems.filter((s) => s !== system && s.stack.dvipas.some((x) => x.address === d.dvipa));
        const later = system.stack.dvipas.find((x) => x.address === d.dvipa);
        const finding: Parameters<typeof ctx.report>[0] = {
          loc: d.loc,
          system: system.name,
          message:
            `VIPADISTRIBUTE ${d.dvipa} (${portsText(d.ports)}) distributes a DVIPA that no VIPADEFINE or VIPABACKUP on this stack defines before it, ` +
            'so plexlint assumes the stack has nothing to distribute and connections to it are not spread (IBM does not document the message). ' +
            `Code VIPADEFINE (on the distributing stack) or VIPABACKUP (on a backup distributor) for ${d.dvipa} before this statement` +
            (elsewhere.length ? ` — it is defined on ${elsewhere.map((s) => s.name).join(', ')}, so this VIPADISTRIBUTE probably belongs there.` : '.'),
          subject: `${system.name} VIPADISTRIBUTE ${d.dvipa} ${portsText(d.ports)}`,
        };
        const related = [
          ...(later ? [rel(later.loc, 'defined only after the VIPADISTRIBUTE')] : []),
          ...elsewhere.map((s) => rel(s.stack.dvipas.find((x) => x.address === d.dvipa)!.loc, `defined on ${s.name}`)),
        ];
        if (related.length) finding.related = related;
        ctx.report(finding);
      }
    }
  },
});
