import { defineRule } from '../rule.js';
import { rel } from '../helpers.js';
import { nameTable } from '../../core/record.js';

const WHAT: Record<string, string> = nameTable({
  device: 'DEVICE',
  link: 'LINK',
  interface: 'INTERFACE',
  'link-or-interface': 'LINK or INTERFACE',
});

function consequence(from: string): string {
  if (from === 'HOME') return 'the stack rejects the HOME entry and the address is not a home address';
  if (from.startsWith('LINK')) return 'the stack rejects the LINK';
  if (from === 'ROUTE') return 'the stack does not add the route';
  if (from === 'PRIMARYINTERFACE') return 'the stack cannot make it the primary interface';
  return `the stack cannot ${from.toLowerCase()} it`;
}

/**
 * IBM's ordering rule: "any statement that references a name defined in another
 * statement must follow that statement" (IP Configuration Reference, statement syntax).
 */
export const rule = defineRule({
  meta: {
    id: 'undefined-reference',
    severity: 'error',
    category: 'profile',
    description: 'HOME, ROUTE, PRIMARYINTERFACE, START/STOP or LINK naming a device, link or interface that is not defined before it',
    source: 'IBM IP Configuration Reference, "Statement syntax for configuration statements" (ordering rule); HOME statement (LINK names only)',
    consequences: [
      {
        reading: "IBM states the rules (\"Profile statements do have some order restrictions\"; HOME names \"the link defined in a previous LINK statement (or the reserved name LOOPBACK)\" and \"applies only to IPv4 interfaces that are defined with DEVICE and LINK statements\") but not what the stack does when one is broken; plexlint assumes the referring entry or statement is rejected.",
      },
    ],
  },
  check(ctx) {
    for (const system of ctx.estate.systems) {
      const stack = system.stack;
      for (const r of stack.references) {
        // A name that may be defined in an INCLUDE plexlint could not read is maybe-undefined-reference's.
        if (r.status === 'ok' || r.unreadIncludes) continue;
        // START and STOP take a device or an INTERFACE name.
        const what = r.kind === 'device' && (r.from === 'START' || r.from === 'STOP') ? 'DEVICE or INTERFACE' : WHAT[r.kind]!;
        const isInterface = r.from === 'HOME' && stack.interfaces.some((i) => i.name === r.name);
        // definedAt on an undefined reference: a definition of another kind, or one the stack rejects.
        const kept = stack.devices.some((d) => d.name === r.name) || stack.links.some((l) => l.name === r.name) || stack.interfaces.some((i) => i.name === r.name);
        const rejectedDefinition = r.status === 'undefined' && r.definedAt !== undefined && !kept;
        let message: string;
        if (r.status === 'defined-later') {
          message =
            `${r.from} names ${what} ${r.name}, which is defined only later (line ${r.definedAt!.line}): ` +
            `a statement that refers to a name must follow the statement that defines it, so ${consequence(r.from)}. Move the definition before it.`;
        } else if (rejectedDefinition) {
          message =
            `${r.from} names ${what} ${r.name}, whose definition (line ${r.definedAt!.line}) the stack rejects, so ${consequence(r.from)}. ` +
            'Fix the definition first.';
        } else if (isInterface) {
          message =
            `HOME names ${r.name}, which is an INTERFACE: HOME applies only to DEVICE/LINK definitions (INTERFACE statements carry their own IPADDR), ` +
            `so ${consequence(r.from)}. Remove the entry, or give the address on the INTERFACE statement.`;
        } else {
          message = `${r.from} names ${what} ${r.name}, which is not defined in this profile: ${consequence(r.from)}.`;
        }
        // IBM states the ordering and HOME rules, not what the stack does when they are broken.
        message = message.replace(/\.( [A-Z][^]*)?$/, (_m, fix?: string) => ` (plexlint's reading; IBM does not document the message).${fix ?? ''}`);
        const finding: Parameters<typeof ctx.report>[0] = { loc: r.loc, message, system: system.name, subject: `${system.name} ${r.from} ${r.name}` };
        if (r.definedAt) finding.related = [rel(r.definedAt, rejectedDefinition ? `${r.name} is defined here, but the stack rejects this definition` : `${r.name} is defined here`)];
        ctx.report(finding);
      }
    }
  },
});
