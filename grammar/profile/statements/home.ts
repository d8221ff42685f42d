import { parseIpv4 } from '../../../src/core/ip.js';
import { fix, removeAt } from '../../../src/core/fix.js';
import { spanLocs } from '../../../src/core/loc.js';
import type { HomeEntry, HomeStatement } from '../ast.js';
import { listWithStop } from '../kit.js';
import { builtSlot, list, slot, statement } from '../spec.js';
import { shown, v } from '../values.js';

/**
 * HOME: `address link_name` pairs. A syntax error in the list makes the stack ignore
 * the rest of the list (IP Configuration Reference, "Statement syntax for configuration
 * statements": IBM's own example is the HOME list).
 *
 * Not confirmed (`unverified`): IBM's HOME statement page could not be read when this entry was
 * checked; the entries follow IBM's examples (`HOME` with one `address link_name` pair per line:
 * IP Configuration Guide conversions, z/OS Basics "Link configuration", SAMPPROF).
 */
export const home = statement({
  id: 'home',
  notation: 'HOME',
  topic: 'HOME statement',
  meaning: 'The IPv4 home addresses of links defined by DEVICE and LINK (INTERFACE statements carry their own).',
  details: 'The predefined link name LOOPBACK adds loopback aliases; 127.0.0.1 itself cannot be added (EZZ0344I). INTERFACE statements carry their own addresses.',
  syntax: 'HOME ip_address link_name …',
  unverified: true,
  body: [list('entries', [builtSlot('address', v.ipv4('address')), slot('link', v.name('link name', 16))], (p, cx) => {
    const addressWord = p.slots['address']!;
    const link = p.slots['link'];
    const entry: HomeEntry = { addressWord, loc: link ? spanLocs(addressWord.loc, link.loc) : addressWord.loc };
    if (link) entry.link = link;
    if (addressWord.symbolic) return entry;
    const a = parseIpv4(addressWord.text);
    if (!a) {
      cx.report({
        ruleId: 'invalid-address',
        loc: addressWord.loc,
        message: `HOME entry ${shown(addressWord)} is not a dotted-decimal IPv4 address (HOME is IPv4 only; IPv6 addresses go on INTERFACE).`,
      });
      return entry;
    }
    entry.address = a;
    return entry;
  })],
  build(p, cx): HomeStatement {
    const entries = listWithStop<HomeEntry>(p.lists['entries'], 'HOME', cx.report);
    for (const entry of entries) {
      if (entry.ignored || entry.address?.text !== '127.0.0.1' || !entry.link) continue;
      // EZZ0344I: 127.0.0.1 "cannot be added to the HOME list"; its system action reads
      // "TCP/IP ignores the statement" without saying whether that is the entry or the whole
      // HOME statement. The model drops the entry only; the message names the other reading,
      // and it is an error when the statement holds other addresses that could be lost.
      const others = entries.length - 1;
      cx.report({
        ruleId: 'home-loopback-127',
        loc: entry.loc,
        ...(others === 0 ? { severity: 'warning' as const } : {}),
        message:
          '127.0.0.1 is the permanent loopback address, which cannot be added to the HOME list (EZZ0344I). ' +
          "IBM's system action for EZZ0344I is \"TCP/IP ignores the statement\", and IBM does not say whether that is only this entry or the whole HOME statement" +
          (others > 0
            ? `: if it is the statement, its ${others} other address${others === 1 ? ' is' : 'es are'} not home addresses either (plexlint keeps ${others === 1 ? 'it' : 'them'}). `
            : ' (this HOME statement has no other entry). ') +
          'Remove it; to add a loopback alias (for example a load-balancer cluster address) code another address on the LOOPBACK link.',
        // Without the entry the statement says what it means; a HOME statement of this entry alone says nothing.
        fix: others > 0 ? fix('remove the 127.0.0.1 entry', removeAt(entry.loc)) : fix('remove the HOME statement of 127.0.0.1 alone', removeAt(spanLocs(p.keyword.loc, entry.loc))),
      });
      entry.ignored = { reason: 'EZZ0344I', cause: entry.loc };
    }
    return { kind: 'home', loc: p.loc, keyword: p.keyword, entries };
  },
});
